//! The shipped starter table (`assets/whist-starters.txt`): one rotation per player count,
//! found by this project's own constructions and search (`tourney whist-starters`) and
//! checked by the independent verifier in the test suite. Loading one is a table lookup.

use super::algebra::{orbit_starter, product_starter};
use super::search::{StarterSpec, search_starter};
use super::starter::Starter;
use crate::solver::Control;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

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

/// Parses the table text: `origin: line` per size, `#` comments. Malformed lines are
/// skipped here; the test suite rejects them.
pub fn parse_table(text: &str) -> Vec<(usize, Starter, String)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (origin, rest) = l.split_once(": ")?;
            let starter = Starter::from_line(rest)?;
            Some((starter.players(), starter, origin.to_owned()))
        })
        .collect()
}

/// One row of a regenerated table.
pub struct TableRow {
    pub players: usize,
    pub starter: Option<Starter>,
    pub origin: &'static str,
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
/// search otherwise.
pub fn generate_one(n: usize, per_size: Duration) -> TableRow {
    let started = std::time::Instant::now();
    let (starter, origin, surplus) = if let Some(s) = (n % 4 == 1).then(|| orbit_starter(n as u32)).flatten()
    {
        (Some(s), "algebra", 0)
    } else if let Some(s) = product_starter(n as u32) {
        (Some(s), "product", 0)
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
