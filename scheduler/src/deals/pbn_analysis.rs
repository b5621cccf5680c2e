//! The PBN tags of a board's double-dummy analysis, written and read (sources in
//! `docs/double-dummy-research.md` §3):
//!
//! - `[DoubleDummyTricks "d8ddad8dda0500105001"]` — BridgeComposer's extension: 20 hex digits,
//!   declarers North, South, East, West, each in NT, ♠, ♥, ♦, ♣.
//! - `[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]` and 20 rows `N NT 13` (PBN
//!   2.1 §5.7; `\2R` is a column two wide, right-aligned, §5.2). Written North, South, East,
//!   West × NT, ♠, ♥, ♦, ♣; read in any order, keyed by the rows' own fields, `N` or `NT` for
//!   no trumps, the columns in the header's order.
//! - `[OptimumScore "NS 420"]` — PBN 2.1: the par score, `NS <int>` or `EW <int>`, maybe
//!   followed by the other side's. Read too: the `"NS 7N; +1520"` some extractors write (the
//!   number after `;` from North-South's side).
//! - `[ParContract "NS 3NT+2"]` — not in PBN 2.1; Tourney's own readable form of the par
//!   contracts: the declarers (`NS`, `EW`, or one seat when only that partner takes the
//!   tricks), the contract with `x` when doubled, and the tricks over or under (`=`, `+2`,
//!   `-3`); several contracts separated by `; `; `Pass` when the board is passed out. Ranks
//!   and strains in ASCII (`C D H S NT`), as PBN's character set asks.

use super::analysis::{DdTable, Par, ParContract, Strain};
use super::direction::Direction;

/// The declarers in the order PBN's tags list them: North, South, East, West.
pub const PBN_DECLARERS: [Direction; 4] = [
    Direction::North,
    Direction::South,
    Direction::East,
    Direction::West,
];

/// The strains in the order PBN's tags list them: NT, ♠, ♥, ♦, ♣.
pub const PBN_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The value of the `OptimumResultTable` tag Tourney writes (columns: declarer, strain two
/// wide right-aligned, tricks two wide right-aligned).
pub const OPTIMUM_RESULT_TABLE_HEADER: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The `DoubleDummyTricks` value of `table`: 20 lowercase hex digits.
pub fn double_dummy_tricks(table: &DdTable) -> String {
    let mut out = String::with_capacity(20);
    for declarer in PBN_DECLARERS {
        for strain in PBN_STRAINS {
            let tricks = table.tricks(declarer, strain);
            out.push(char::from_digit(u32::from(tricks), 16).unwrap_or('?'));
        }
    }
    out
}

/// The table a `DoubleDummyTricks` value gives, or a sentence saying what is wrong with it.
pub fn table_from_double_dummy_tricks(text: &str) -> Result<DdTable, String> {
    let digits: Vec<char> = text.trim().chars().collect();
    if digits.len() != 20 {
        return Err(format!(
            "{text:?} has {} characters; it needs 20 hex digits (0-9, a-d), the tricks of North, South, East and West each in NT, S, H, D, C",
            digits.len()
        ));
    }
    let mut rows = [[0u8; 5]; 4];
    for (i, digit) in digits.into_iter().enumerate() {
        let declarer = PBN_DECLARERS[i / 5];
        let strain = PBN_STRAINS[i % 5];
        match digit.to_digit(16).filter(|&n| n <= 13) {
            Some(n) => rows[declarer.index()][strain.index()] = n as u8,
            None => {
                return Err(format!(
                    "{text:?}: digit {} ({digit:?}, {} in {}) is not a number of tricks from 0 to 13 (0-9, a-d)",
                    i + 1,
                    declarer.name(),
                    strain.letters()
                ));
            }
        }
    }
    DdTable::new(rows)
}

/// The 20 data lines of the `OptimumResultTable` Tourney writes: `N NT 13`, `N  S  8` …
pub fn optimum_result_rows(table: &DdTable) -> Vec<String> {
    let mut rows = Vec::with_capacity(20);
    for declarer in PBN_DECLARERS {
        for strain in PBN_STRAINS {
            let tricks = table.tricks(declarer, strain);
            rows.push(format!(
                "{} {:>2} {tricks:>2}",
                declarer.letter(),
                strain.letters()
            ));
        }
    }
    rows
}

/// One row of an `OptimumResultTable` as read: its line, declarer, strain and tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// The line the row starts on.
    pub line: u64,
    /// The declarer.
    pub declarer: Direction,
    /// The strain.
    pub strain: Strain,
    /// The declarer's tricks.
    pub tricks: u8,
}

/// The rows of an `OptimumResultTable` whose header is `header` and whose data tokens (with
/// their lines) are `data`; or the line and a sentence of the first thing wrong.
pub fn optimum_result_table_rows(
    header: &str,
    header_line: u64,
    data: &[(u64, String)],
) -> Result<Vec<ResultRow>, (u64, String)> {
    let columns: Vec<String> = header
        .split(';')
        .map(|c| c.split('\\').next().unwrap_or("").trim().to_ascii_lowercase())
        .collect();
    let find = |name: &str| columns.iter().position(|c| c == name);
    let (Some(declarer_at), Some(strain_at), Some(result_at)) =
        (find("declarer"), find("denomination"), find("result"))
    else {
        return Err((
            header_line,
            format!("the header {header:?} does not name the columns Declarer, Denomination and Result"),
        ));
    };
    let width = columns.len();
    if !data.len().is_multiple_of(width) {
        let line = data.last().map_or(header_line, |d| d.0);
        return Err((
            line,
            format!(
                "the table's {} entries do not fill rows of {width} columns ({header:?})",
                data.len()
            ),
        ));
    }
    data.chunks(width)
        .map(|row| {
            let line = row[0].0;
            let text = row.iter().map(|t| t.1.as_str()).collect::<Vec<_>>().join(" ");
            let declarer = Direction::parse(&row[declarer_at].1);
            let strain = Strain::parse(&row[strain_at].1);
            let tricks = row[result_at].1.parse::<u8>().ok().filter(|&n| n <= 13);
            match (declarer, strain, tricks) {
                (Some(declarer), Some(strain), Some(tricks)) => Ok(ResultRow {
                    line,
                    declarer,
                    strain,
                    tricks,
                }),
                _ => Err((
                    line,
                    format!(
                        "the row {text:?} is not a declarer (N, E, S, W), a strain (C, D, H, S, NT) and tricks from 0 to 13"
                    ),
                )),
            }
        })
        .collect()
}

/// The `OptimumScore` value of `par`: `NS 420` (PBN 2.1's form, from North-South's side).
pub fn optimum_score(par: &Par) -> String {
    format!("NS {}", par.score_ns)
}

/// The par score (from North-South's side) an `OptimumScore` value gives: `NS 420`,
/// `EW -420`, `NS 420 EW -420`, or `NS 7N; +1520`; a sentence when it is none of these.
pub fn score_from_optimum_score(text: &str) -> Result<i32, String> {
    let bad = || {
        format!("{text:?} is not a par score: write NS or EW and the score from that side, e.g. \"NS 420\"")
    };
    if let Some((_, score)) = text.split_once(';') {
        return score.trim().parse::<i32>().map_err(|_| bad());
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let side_score = |side: &str, score: &str| -> Result<i32, String> {
        let n = score.parse::<i32>().map_err(|_| bad())?;
        match side.to_ascii_uppercase().as_str() {
            "NS" => Ok(n),
            "EW" => Ok(-n),
            _ => Err(bad()),
        }
    };
    match words.as_slice() {
        [side, score] => side_score(side, score),
        [side, score, other, other_score] => {
            let first = side_score(side, score)?;
            if side_score(other, other_score)? != first || side.eq_ignore_ascii_case(other) {
                return Err(format!(
                    "{text:?} gives the two sides scores that do not match (one should be the other's negative)"
                ));
            }
            Ok(first)
        }
        _ => Err(bad()),
    }
}

/// The `ParContract` value of `par` in Tourney's form (see the module comment).
pub fn par_contract_text(par: &Par) -> String {
    // Contracts equal but for the declarer, in the order first met, with their declarers.
    let mut groups: Vec<(&ParContract, Vec<Direction>)> = Vec::new();
    for contract in &par.contracts {
        let same = |c: &ParContract| {
            (c.level, c.strain, c.doubled, c.result)
                == (contract.level, contract.strain, contract.doubled, contract.result)
        };
        match groups.iter_mut().find(|(c, _)| same(c)) {
            Some((_, declarers)) => declarers.push(contract.declarer),
            None => groups.push((contract, vec![contract.declarer])),
        }
    }
    if groups.is_empty() {
        return "Pass".to_owned();
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(c, declarers)| {
            let seats: String = PBN_DECLARERS
                .iter()
                .filter(|d| declarers.contains(d))
                .map(|d| d.letter())
                .collect();
            let result = match c.result {
                0 => "=".to_owned(),
                r if r > 0 => format!("+{r}"),
                r => r.to_string(),
            };
            let doubled = if c.doubled { "x" } else { "" };
            format!("{seats} {}{}{doubled}{result}", c.level, c.strain.letters())
        })
        .collect();
    parts.join("; ")
}

/// The par contracts a `ParContract` value in Tourney's form gives (`Pass` is none);
/// `None` when it is not in that form (another program's, which the reader leaves alone).
pub fn contracts_from_par_contract(text: &str) -> Option<Vec<ParContract>> {
    if text.trim().eq_ignore_ascii_case("pass") {
        return Some(Vec::new());
    }
    let mut contracts = Vec::new();
    for part in text.split(';') {
        let (seats, contract) = part.trim().split_once(' ')?;
        let declarers: Vec<Direction> = seats.chars().map(Direction::from_letter).collect::<Option<_>>()?;
        let contract = contract.trim();
        let level = contract
            .chars()
            .next()?
            .to_digit(10)
            .filter(|l| (1..=7).contains(l))? as u8;
        let rest = &contract[1..];
        let split = rest.find(['x', 'X', '=', '+', '-'])?;
        let strain = Strain::parse(&rest[..split])?;
        let mut tail = &rest[split..];
        let doubled = tail.starts_with(['x', 'X']);
        if doubled {
            tail = &tail[1..];
        }
        let result: i8 = match tail {
            "=" => 0,
            t => t.strip_prefix('+').unwrap_or(t).parse().ok()?,
        };
        if declarers.is_empty() {
            return None;
        }
        for declarer in declarers {
            contracts.push(ParContract {
                level,
                strain,
                declarer,
                doubled,
                result,
            });
        }
    }
    Some(contracts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{East as E, North as N, South as S, West as W};

    #[test]
    fn double_dummy_tricks_as_published_next_to_their_optimum_result_table() {
        // The BBO extractor's sample (pastebin.com/WyunCpPs, research doc §3): N NT 13, N S 8,
        // N H 13, N D 13, N C 10, South the same, East and West 0, 5, 0, 0, 1.
        let table = table_from_double_dummy_tricks("d8ddad8dda0500105001").unwrap();
        assert_eq!(table.tricks(N, Strain::NoTrump), 13);
        assert_eq!(table.tricks(N, Strain::Spades), 8);
        assert_eq!(table.tricks(S, Strain::Clubs), 10);
        assert_eq!(table.tricks(E, Strain::Spades), 5);
        assert_eq!(table.tricks(W, Strain::Clubs), 1);
        assert_eq!(double_dummy_tricks(&table), "d8ddad8dda0500105001");
        let rows = optimum_result_rows(&table);
        assert_eq!(rows.len(), 20);
        assert_eq!(rows[0], "N NT 13");
        assert_eq!(rows[1], "N  S  8");
        assert_eq!(rows[19], "W  C  1");
        assert!(table_from_double_dummy_tricks("D8DDAD8DDA0500105001").is_ok());
        let short = table_from_double_dummy_tricks("d8dd").unwrap_err();
        assert!(short.contains("has 4 characters"), "{short}");
        let fourteen = table_from_double_dummy_tricks("e8ddad8dda0500105001").unwrap_err();
        assert!(fourteen.contains("digit 1 ('e', North in NT)"), "{fourteen}");
    }

    #[test]
    fn optimum_result_tables_in_any_row_and_column_order() {
        let tokens = |text: &str| -> Vec<(u64, String)> {
            text.lines()
                .enumerate()
                .flat_map(|(i, line)| {
                    line.split_whitespace()
                        .map(move |t| (i as u64 + 10, t.to_owned()))
                })
                .collect()
        };
        // Ruter's order (W first, strains S … NT) and `N` for no trumps.
        let rows =
            optimum_result_table_rows("Declarer;Denomination;Result", 9, &tokens("W S 3\nN N 10")).unwrap();
        assert_eq!(rows[1].declarer, N);
        assert_eq!(rows[1].strain, Strain::NoTrump);
        assert_eq!((rows[1].tricks, rows[1].line), (10, 11));
        // Columns in another order.
        let swapped =
            optimum_result_table_rows("Result\\2R;Declarer;Denomination\\2R", 9, &tokens("7 E H")).unwrap();
        assert_eq!(
            (swapped[0].declarer, swapped[0].strain, swapped[0].tricks),
            (E, Strain::Hearts, 7)
        );
        let bad =
            optimum_result_table_rows(OPTIMUM_RESULT_TABLE_HEADER, 9, &tokens("N NT 13\nX S 2")).unwrap_err();
        assert_eq!(bad.0, 11);
        assert!(bad.1.contains("\"X S 2\""), "{}", bad.1);
        let ragged = optimum_result_table_rows(OPTIMUM_RESULT_TABLE_HEADER, 9, &tokens("N NT")).unwrap_err();
        assert!(ragged.1.contains("do not fill rows of 3 columns"), "{}", ragged.1);
        let header = optimum_result_table_rows("Seat;Suit;Tricks", 9, &[]).unwrap_err();
        assert_eq!(header.0, 9);
    }

    #[test]
    fn optimum_scores_written_and_read() {
        let par = Par {
            score_ns: -420,
            contracts: Vec::new(),
        };
        assert_eq!(optimum_score(&par), "NS -420");
        for (text, score) in [
            ("NS -420", -420),
            ("EW 420", -420),
            ("NS 600 EW -600", 600),
            ("NS 7N; +1520", 1520),
            ("EW 4S; -620", -620),
            ("ns 0", 0),
        ] {
            assert_eq!(score_from_optimum_score(text), Ok(score), "{text}");
        }
        for text in [
            "NS",
            "420",
            "NS 600 EW 600",
            "NS 600 NS -600",
            "NS four",
            "NS 7N; x",
        ] {
            assert!(score_from_optimum_score(text).is_err(), "{text}");
        }
    }

    #[test]
    fn par_contracts_grouped_by_side_and_read_back() {
        let contract = |level, strain, declarer, doubled, result| ParContract {
            level,
            strain,
            declarer,
            doubled,
            result,
        };
        let par = Par {
            score_ns: 500,
            contracts: vec![
                contract(4, Strain::Clubs, E, true, -3),
                contract(4, Strain::Clubs, W, true, -3),
                contract(4, Strain::Hearts, W, true, -3),
            ],
        };
        assert_eq!(par_contract_text(&par), "EW 4Cx-3; W 4Hx-3");
        assert_eq!(
            contracts_from_par_contract("EW 4Cx-3; W 4Hx-3"),
            Some(par.contracts)
        );
        let making = Par {
            score_ns: 460,
            contracts: vec![
                contract(3, Strain::NoTrump, S, false, 2),
                contract(3, Strain::NoTrump, N, false, 2),
            ],
        };
        assert_eq!(par_contract_text(&making), "NS 3NT+2");
        let pass = Par {
            score_ns: 0,
            contracts: Vec::new(),
        };
        assert_eq!(par_contract_text(&pass), "Pass");
        assert_eq!(contracts_from_par_contract("pass"), Some(Vec::new()));
        // Another program's form is not Tourney's: left alone.
        assert_eq!(contracts_from_par_contract("4S*-EW-1"), None);
        assert_eq!(contracts_from_par_contract("NS 8S="), None);
    }
}
