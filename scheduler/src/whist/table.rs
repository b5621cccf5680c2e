//! The shipped starter table (`assets/whist-starters.txt`): one rotation per player count,
//! found by this project's own constructions and search (`tourney whist-starters`) and
//! checked by the independent verifier in the test suite. Loading one is a table lookup.

use super::algebra::{orbit_starter, product_starter};
use super::patterned;
use super::search::{StarterSpec, search_starter};
use super::starter::Starter;
use crate::solver::Control;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

/// The shipped table's text (`assets/whist-starters.txt`), compiled in.
pub const SHIPPED_TABLE: &str = include_str!("../../../assets/whist-starters.txt");

/// The shipped starter for `n` players, if the table has one.
pub fn shipped(n: usize) -> Option<Starter> {
    static TABLE: OnceLock<HashMap<usize, Starter>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            parse_table(SHIPPED_TABLE)
                .into_iter()
                .map(|(n, s, _)| (n, s))
                .collect()
        })
        .get(&n)
        .cloned()
}

/// Parses the table text: `origin: line` per size, `#` comments (whole lines, or after the
/// starter: `origin: line # 12.3 s` records the search time). Malformed lines are skipped
/// here; the test suite rejects them.
pub fn parse_table(text: &str) -> Vec<(usize, Starter, String)> {
    text.lines()
        .filter_map(parse_line)
        .map(|(starter, origin, _)| (starter.players(), starter, origin.to_owned()))
        .collect()
}

/// One table line: the starter, its origin, and the search seconds when recorded.
pub fn parse_line(line: &str) -> Option<(Starter, &str, Option<f64>)> {
    if line.trim().is_empty() || line.starts_with('#') {
        return None;
    }
    let (line, comment) = match line.split_once(" #") {
        Some((line, comment)) => (line, Some(comment)),
        None => (line, None),
    };
    let (origin, rest) = line.split_once(": ")?;
    let starter = Starter::from_line(rest)?;
    let seconds = comment
        .and_then(|c| c.trim().strip_suffix(" s"))
        .and_then(|s| s.trim().parse().ok());
    Some((starter, origin, seconds))
}

/// The table text with the line for `starter`'s size replaced (or inserted in size order),
/// comments and other lines kept as they are.
pub fn upsert(text: &str, origin: &str, starter: &Starter, seconds: Option<f64>) -> String {
    let n = starter.players();
    let mut line = format!("{origin}: {}", starter.to_line());
    if let Some(seconds) = seconds {
        line.push_str(&format!(" # {seconds:.1} s"));
    }
    let mut out = Vec::new();
    let mut placed = false;
    for old in text.lines() {
        match parse_line(old).map(|(s, _, _)| s.players()) {
            Some(size) if size == n => {
                if !placed {
                    out.push(line.clone());
                    placed = true;
                }
            }
            Some(size) if size > n && !placed => {
                out.push(line.clone());
                out.push(old.to_owned());
                placed = true;
            }
            _ => out.push(old.to_owned()),
        }
    }
    if !placed {
        out.push(line);
    }
    out.join("\n") + "\n"
}

/// One row of a regenerated table.
pub struct TableRow {
    /// The player count.
    pub players: usize,
    /// The rotation; `None` when the search found none in its time.
    pub starter: Option<Starter>,
    /// How it was found: "algebra", "product", "patterned" or "search".
    pub origin: &'static str,
    /// Seconds it took.
    pub seconds: f64,
    /// Surplus differences of the best attempt when the search failed.
    pub surplus: i64,
}

/// Builds the table from scratch for 4..=max players: constructions where they exist, the
/// search (with `per_size` time) otherwise. `on_row` sees each row as it is finished.
pub fn generate(
    max: usize,
    per_size: Duration,
    cancel: &Control,
    mut on_row: impl FnMut(&TableRow),
) -> Vec<TableRow> {
    let mut rows = Vec::new();
    for n in 4..=max {
        if cancel.should_stop() {
            break;
        }
        let row = generate_one(n, per_size);
        on_row(&row);
        rows.push(row);
    }
    rows
}

/// The rotation for one player count, from scratch: a construction where one exists, the
/// patterned search for 4N+1 with 3 ∤ n, the annealing search otherwise. (Complete rotations
/// for 4N and for 4N+1 with 3 | n from 28 on come from `tourney whist-starters --search`.)
pub fn generate_one(n: usize, per_size: Duration) -> TableRow {
    let started = std::time::Instant::now();
    let (starter, origin, surplus) = if let Some(s) = (n % 4 == 1).then(|| orbit_starter(n as u32)).flatten()
    {
        (Some(s), "algebra", 0)
    } else if let Some(s) = product_starter(n as u32) {
        (Some(s), "product", 0)
    } else if let Some(s) = patterned::search(n, n as u64, &Control::with_time_limit(per_size)) {
        (Some(s), "patterned", 0)
    } else {
        let spec = StarterSpec::for_players(n, false);
        let found = search_starter(&spec, n as u64, &Control::with_time_limit(per_size));
        if found.cost == 0 {
            (Some(found.starter), "search", 0)
        } else {
            (None, "search", found.cost)
        }
    };
    TableRow {
        players: n,
        starter,
        origin,
        seconds: started.elapsed().as_secs_f64(),
        surplus,
    }
}

/// The table's text for the rows that have a starter.
pub fn render(rows: &[TableRow]) -> String {
    let mut text = String::from(
        "# Whist starters: one rotation per player count, N E S W per table.\n\
         # Written by `tourney whist-starters`; every line is checked by the test suite.\n\
         # Format: origin: players group[+inf] | table | table ... | - sit-out positions\n",
    );
    for row in rows {
        if let Some(starter) = &row.starter {
            text.push_str(&format!("{}: {}\n", row.origin, starter.to_line()));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::algebra::orbit_starter;

    #[test]
    fn search_times_ride_along_and_old_lines_still_load() {
        let text = "# header\nalgebra: 5 Z5 | 1 2 4 3 | - 0\nalgebra: 17 Z17 | 1 4 16 13 | 2 8 15 9 | 3 12 14 5 | 6 7 11 10 | - 0\n";
        let thirteen = orbit_starter(13).unwrap();
        let updated = upsert(text, "search2", &thirteen, Some(12.34));
        let lines: Vec<&str> = updated.lines().collect();
        assert_eq!(lines[0], "# header");
        assert!(
            lines[2].starts_with("search2: 13 Z13 |") && lines[2].ends_with(" - 0 # 12.3 s"),
            "{updated}"
        );
        let rows = parse_table(&updated);
        assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), [5, 13, 17]);
        assert_eq!(parse_line(lines[2]).unwrap().2, Some(12.3));
        assert_eq!(parse_line(lines[1]).unwrap().2, None);
        // Replacing keeps one line per size.
        let again = upsert(&updated, "algebra", &thirteen, None);
        assert_eq!(again.lines().filter(|l| l.contains(" 13 Z13 ")).count(), 1);
        assert!(again.contains("algebra: 13 Z13 |") && !again.contains("# 12.3 s"));
    }
}
