//! Published starters (`assets/whist-published.txt`): the 1-rotational starting positions for
//! 64, 80, 84, 92, 96 and 100 players from Bill Butler's "Bridge/Whist Tournament Schedules"
//! (durangobill.com, 2008–2012), shipped as published data with their source — never called
//! found or constructed — and checked by the project's own verifier at test time
//! (`every_published_starter_is_verified` in the suite). They give these counts the simple
//! move-on (one player stays put, everyone else moves on one place each round) where
//! Tourney's own constructions only have a product rotation (64, 100) or four groups (80, 84).
//!
//! The file keeps the published layout: `players N`, then one line per table of the first
//! round, `a b c d` with a and b partners (North, South) against c and d (East, West);
//! position 0 is the stationary player and positions 1..N−1 are the elements of Z(N−1) (so
//! N−1 is 0 there).

use super::starter::{Group, INFINITY, Starter};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The published table's text, compiled in.
pub const PUBLISHED_TABLE: &str = include_str!("../../../assets/whist-published.txt");

/// The source, as the notes and the guide cite it.
pub const SOURCE: &str = "published by Bill Butler in “Bridge/Whist Tournament Schedules”, durangobill.com";

/// The published starter for `n` players, if there is one.
pub fn published(n: usize) -> Option<Starter> {
    static TABLE: OnceLock<HashMap<usize, Starter>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            parse_published(PUBLISHED_TABLE)
                .unwrap_or_default()
                .into_iter()
                .map(|s| (s.players(), s))
                .collect()
        })
        .get(&n)
        .cloned()
}

/// Every starter of the published table's text, in its order; `Err` names the line (from 1)
/// and what is wrong with it. Only the layout is checked here: whether a starter is a whist
/// tournament is the verifier's business.
pub fn parse_published(text: &str) -> Result<Vec<Starter>, String> {
    let mut starters = Vec::new();
    let mut current: Option<(usize, Vec<[u32; 4]>, usize)> = None;
    for (at, line) in text.lines().enumerate() {
        let number = at + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(count) = line.strip_prefix("players ") {
            if let Some(done) = current.take() {
                starters.push(finish(done)?);
            }
            let n: usize = count
                .trim()
                .parse()
                .map_err(|_| format!("line {number}: \"{count}\" is not a number of players"))?;
            if n < 8 || !n.is_multiple_of(4) || n > 400 {
                return Err(format!(
                    "line {number}: {n} players: a 1-rotational starter needs a multiple of four from 8 to 400"
                ));
            }
            current = Some((n, Vec::new(), number));
            continue;
        }
        let Some((n, tables, _)) = current.as_mut() else {
            return Err(format!("line {number}: a table before any \"players N\" line"));
        };
        tables.push(parse_table_line(line, *n).map_err(|why| format!("line {number}: {why}"))?);
    }
    if let Some(done) = current {
        starters.push(finish(done)?);
    }
    Ok(starters)
}

/// One published table `a b c d` as seats N, E, S, W over Z(n−1) and ∞.
fn parse_table_line(line: &str, n: usize) -> Result<[u32; 4], String> {
    let positions: Vec<&str> = line.split_whitespace().collect();
    let [a, b, c, d] = positions.as_slice() else {
        return Err(format!(
            "\"{line}\" has {} positions, a table has 4",
            positions.len()
        ));
    };
    let m = u32::try_from(n - 1).map_err(|_| "too many players".to_owned())?;
    let element = |text: &str| -> Result<u32, String> {
        let p: u32 = text
            .parse()
            .map_err(|_| format!("\"{text}\" is not a position"))?;
        match p {
            0 => Ok(INFINITY),
            p if p <= m => Ok(p % m),
            p => Err(format!("position {p} is past {m}")),
        }
    };
    // Published: a–b partners (North, South) against c–d (East, West). The stationary
    // player is put at North, as in the shipped table: turning the seats N→E→S→W keeps
    // both partnerships and who sits on whose left.
    let mut seats = [element(a)?, element(c)?, element(b)?, element(d)?];
    if let Some(at) = seats.iter().position(|&x| x == INFINITY) {
        seats.rotate_left(at);
    }
    Ok(seats)
}

/// A size's tables as a starter, once each position is seated exactly once.
fn finish((n, tables, number): (usize, Vec<[u32; 4]>, usize)) -> Result<Starter, String> {
    let mut seen = vec![false; n];
    for &x in tables.iter().flatten() {
        let slot = if x == INFINITY { n - 1 } else { x as usize };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(format!(
                "the {n} players of line {number}: a position is seated twice"
            ));
        }
    }
    if tables.len() != n / 4 {
        return Err(format!(
            "the {n} players of line {number}: {} tables, {n} players need {}",
            tables.len(),
            n / 4
        ));
    }
    // The stationary player's table first, as in the shipped table.
    let mut tables = tables;
    if let Some(at) = tables.iter().position(|t| t[0] == INFINITY) {
        tables[..=at].rotate_right(1);
    }
    Ok(Starter {
        group: Group::Cyclic(u32::try_from(n - 1).map_err(|_| "too many players".to_owned())?),
        infinity: true,
        tables,
        sit_out: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_sizes_are_read() {
        let starters = parse_published(PUBLISHED_TABLE).unwrap();
        let sizes: Vec<usize> = starters.iter().map(Starter::players).collect();
        assert_eq!(sizes, [64, 80, 84, 92, 96, 100]);
        let s = published(64).unwrap();
        assert_eq!(s.kind(), "1-rotational");
        // "1 32 63 0": 1 and 32 partner against 63 (which is 0 in Z63) and the stationary 0,
        // who is put at North of the first table.
        assert_eq!(s.tables[0], [INFINITY, 1, 0, 32]);
    }

    #[test]
    fn a_malformed_table_is_named_by_line() {
        let bad = "# head\nplayers 8\n0 1 2 3\n4 5 6\n";
        assert_eq!(
            parse_published(bad).unwrap_err(),
            "line 4: \"4 5 6\" has 3 positions, a table has 4"
        );
        let twice = "players 8\n0 1 2 3\n4 5 6 6\n";
        assert!(parse_published(twice).unwrap_err().contains("seated twice"));
        let past = "players 8\n0 1 2 3\n4 5 6 9\n";
        assert_eq!(parse_published(past).unwrap_err(), "line 3: position 9 is past 7");
        let short = "players 12\n0 1 2 3\n4 5 6 7\n";
        assert!(
            parse_published(short)
                .unwrap_err()
                .contains("2 tables, 12 players need 3")
        );
        assert!(
            parse_published("1 2 3 4\n")
                .unwrap_err()
                .starts_with("line 1: a table before")
        );
        assert!(
            parse_published("players 10\n")
                .unwrap_err()
                .contains("multiple of four")
        );
    }
}
