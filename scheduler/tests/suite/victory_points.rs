//! The WBF 2013 continuous VP scale against the published tables (`fixtures/vp/`, every row
//! from 0 IMPs to the blitz), against another program's 24-board table, and, for every match
//! length, against the scale's own rules.

use scheduler::scoring::victory_points::{VpScale, VpTable, victory_points};
use std::collections::BTreeMap;
use std::path::PathBuf;

type Rows = BTreeMap<i64, Vec<(String, Option<String>)>>;

/// The rows of a file of `fixtures/vp/`: board count → (winner, loser if given) for margins
/// 0, 1, 2, …
fn read_rows(name: &str) -> Rows {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/vp")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut tables = Rows::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 4, "{line}");
        let boards: i64 = cells[0].parse().unwrap();
        let imps: usize = cells[1].parse().unwrap();
        let rows = tables.entry(boards).or_default();
        assert_eq!(rows.len(), imps, "rows in order from 0: {line}");
        let loser = (!cells[3].is_empty()).then(|| cells[3].to_owned());
        rows.push((cells[2].to_owned(), loser));
    }
    tables
}

/// Every row of `tables` equals Tourney's scale for its match length, blitz included.
fn check_rows(tables: &Rows) {
    for (&boards, rows) in tables {
        let table = VpScale::Wbf2013.table(boards).unwrap();
        assert_eq!(table.blitz() as usize, rows.len() - 1, "{boards} boards: blitz");
        for (row, (winner, loser)) in table.rows().iter().zip(rows) {
            let at = format!("{boards} boards, {} IMPs", row.imps);
            assert_eq!(&row.split.winner.to_string(), winner, "{at}: winner");
            if let Some(loser) = loser {
                assert_eq!(&row.split.loser.to_string(), loser, "{at}: loser");
            }
        }
    }
}

#[test]
fn victory_points_equal_the_published_wbf_2013_tables_row_for_row() {
    let tables = read_rows("wbf2013_published.csv");
    assert_eq!(tables.keys().copied().collect::<Vec<_>>(), vec![8, 12]);
    assert_eq!(tables[&8].len(), 44);
    assert_eq!(tables[&12].len(), 53);
    check_rows(&tables);
}

/// Not a publication: another program's 24-board table, whose 13 raised rows (three in a row)
/// pin the concavity adjustment harder than the published 8- and 12-board tables do.
#[test]
fn victory_points_equal_another_programs_24_board_table() {
    let tables = read_rows("wbf2013_other_program.csv");
    assert_eq!(tables.keys().copied().collect::<Vec<_>>(), vec![24]);
    assert_eq!(tables[&24].len(), 75);
    check_rows(&tables);
}

/// The rules every length's scale keeps: 10–10 for a draw, 20 at the blitz and not before,
/// winner + loser = 20, and each extra IMP worth at least 0.01 and no more than the one
/// before.
fn check_rules(table: &VpTable) {
    let boards = table.boards();
    let rows = table.rows();
    let winner: Vec<i64> = rows
        .iter()
        .map(|r| i64::from(r.split.winner.hundredths()))
        .collect();
    assert_eq!(winner[0], 1000, "{boards} boards: a draw");
    assert_eq!(*winner.last().unwrap(), 2000, "{boards} boards: the blitz");
    assert!(
        winner[..winner.len() - 1].iter().all(|&v| v < 2000),
        "{boards} boards: 20 before the blitz"
    );
    for row in &rows {
        assert_eq!(row.split.winner.hundredths() + row.split.loser.hundredths(), 2000);
    }
    let steps: Vec<i64> = winner.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        steps.iter().all(|&s| s >= 1),
        "{boards} boards: every IMP counts: {steps:?}"
    );
    assert!(
        steps.windows(2).all(|s| s[1] <= s[0]),
        "{boards} boards: concave: {steps:?}"
    );
    // The blitz is near B = 15·√N, where the unrounded formula reaches 20.
    let b = 15.0 * f64::from(boards).sqrt();
    assert!(
        (f64::from(table.blitz()) - b).abs() < 2.5,
        "{boards} boards: blitz {} for B {b}",
        table.blitz()
    );
}

#[test]
fn victory_points_keep_the_scale_rules_at_6_and_16_boards_and_every_length() {
    for boards in [6, 16] {
        let table = VpScale::Wbf2013.table(boards).unwrap();
        check_rules(&table);
    }
    // B = 15·√6 ≈ 36.7 and 15·√16 = 60: the blitz margins.
    assert_eq!(VpScale::Wbf2013.table(6).unwrap().blitz(), 37);
    assert_eq!(VpScale::Wbf2013.table(16).unwrap().blitz(), 60);
    for boards in 1..=200 {
        check_rules(&VpScale::Wbf2013.table(boards).unwrap());
    }
}

#[test]
fn victory_points_for_a_match_interpolate_fractions_and_refuse_bad_input() {
    // 8 boards: 5 IMPs is 12.05, 6 is 12.42 (published); 5.5 lies halfway.
    let split = victory_points(VpScale::Wbf2013, 8, 5.5).unwrap();
    assert_eq!(
        (split.winner.to_string(), split.loser.to_string()),
        ("12.24".into(), "7.76".into())
    );
    let whole = victory_points(VpScale::Wbf2013, 8, 5.0).unwrap();
    assert_eq!(whole.winner.to_string(), "12.05");
    // A third of an IMP (cross-IMPs averaged over three comparisons).
    let third = victory_points(VpScale::Wbf2013, 12, 1.0 / 3.0).unwrap();
    assert_eq!(third.winner.to_string(), "10.12");
    assert_eq!(
        victory_points(VpScale::Wbf2013, 8, 43.0)
            .unwrap()
            .winner
            .to_string(),
        "20.00"
    );
    assert_eq!(
        victory_points(VpScale::Wbf2013, 8, 99.5)
            .unwrap()
            .loser
            .to_string(),
        "0.00"
    );
    for (boards, imps, says) in [
        (0, 3.0, "at least 1 board"),
        (-8, 3.0, "-8 boards"),
        (100_000, 3.0, "1 to 200 boards"),
        (8, -3.0, "other side"),
        (8, f64::INFINITY, "not an IMP margin"),
    ] {
        let error = victory_points(VpScale::Wbf2013, boards, imps).unwrap_err();
        assert!(error.contains(says), "{boards} boards, {imps} IMPs: {error}");
    }
    let error = VpScale::parse("wbf30").unwrap_err();
    assert!(error.contains("wbf2013"), "{error}");
}

/// The ACBL scales as the page prints them (BridgeHands, "Victory Points"): each row's VPs
/// "winner-loser" and its IMP ranges for 6–8 and 9–11 boards ("5-6", "28+"), typed again here
/// in the page's own form, apart from the library's table of smallest margins.
const ACBL30_PAGE: [(&str, &str, &str); 14] = [
    ("15-15", "0", "0"),
    ("18-12", "1", "1"),
    ("19-11", "2", "2"),
    ("20-10", "3", "3-4"),
    ("21-9", "4", "5-6"),
    ("22-8", "5-6", "7-8"),
    ("23-7", "7-8", "9-11"),
    ("24-6", "9-10", "12-14"),
    ("25-5", "11-13", "15-17"),
    ("26-4", "14-16", "18-21"),
    ("27-3", "17-19", "22-25"),
    ("28-2", "20-23", "26-30"),
    ("29-1", "24-27", "31-35"),
    ("30-0", "28+", "36+"),
];

const ACBL20_PAGE: [(&str, &str, &str); 11] = [
    ("10-10", "0", "0"),
    ("11-9", "1-2", "1-2"),
    ("12-8", "3-4", "3-5"),
    ("13-7", "5-7", "6-9"),
    ("14-6", "8-10", "10-13"),
    ("15-5", "11-13", "14-17"),
    ("16-4", "14-16", "18-21"),
    ("17-3", "17-19", "22-25"),
    ("18-2", "20-23", "26-30"),
    ("19-1", "24-27", "31-35"),
    ("20-0", "28+", "36+"),
];

/// Every margin of a page's column, 0 to the blitz, with the VPs "winner-loser" it gives;
/// checks the ranges cover each margin once, in order.
fn page_column(page: &[(&str, &str, &str)], nine_to_eleven: bool) -> Vec<String> {
    let mut margins = Vec::new();
    for &(vps, low_boards, high_boards) in page {
        let range = if nine_to_eleven { high_boards } else { low_boards };
        let (from, to) = match range.split_once('-') {
            Some((a, b)) => (a.parse::<usize>().unwrap(), b.parse::<usize>().unwrap()),
            None => {
                let n: usize = range.trim_end_matches('+').parse().unwrap();
                (n, n)
            }
        };
        assert_eq!(
            from,
            margins.len(),
            "{range}: the ranges follow on from each other"
        );
        assert!(to >= from, "{range}");
        margins.extend((from..=to).map(|_| vps.to_owned()));
    }
    margins
}

/// The shipped ACBL scales equal the page, margin by margin, for every match length they are
/// published for (6 to 11 boards); winner and loser add up to the total; each row gives the
/// winner no fewer VPs than the one before; past the blitz is the blitz; other lengths are
/// refused with a sentence.
#[test]
fn the_acbl_scales_are_the_published_ones() {
    for (scale, page, total) in [
        (VpScale::Acbl30, &ACBL30_PAGE[..], 30u32),
        (VpScale::Acbl20, &ACBL20_PAGE[..], 20),
    ] {
        for boards in 6..=11 {
            let table = scale.table(boards).unwrap();
            let column = page_column(page, boards >= 9);
            assert_eq!(
                table.blitz() as usize,
                column.len() - 1,
                "{scale} {boards} boards"
            );
            let mut before = 0;
            for (row, vps) in table.rows().iter().zip(&column) {
                let (winner, loser) = vps.split_once('-').unwrap();
                let at = format!("{scale}, {boards} boards, {} IMPs", row.imps);
                assert_eq!(row.split.winner.to_string(), format!("{winner}.00"), "{at}");
                assert_eq!(row.split.loser.to_string(), format!("{loser}.00"), "{at}");
                assert_eq!(
                    row.split.winner.hundredths() + row.split.loser.hundredths(),
                    100 * total
                );
                assert!(row.split.winner.hundredths() >= before, "{at}");
                before = row.split.winner.hundredths();
            }
            let far = table.for_margin(200.0).unwrap();
            assert_eq!(
                (far.winner.hundredths(), far.loser.hundredths()),
                (100 * total, 0)
            );
        }
        for boards in [5, 12, 1, 24] {
            let refused = scale.table(boards).unwrap_err();
            assert!(refused.contains("6 to 11 boards"), "{refused}");
        }
    }
    // A fraction is rounded to the nearest whole margin, a half up: 2.5 IMPs over 7 boards
    // reads the 3-IMP row (20-10), 2.4 the 2-IMP row (19-11).
    assert_eq!(
        victory_points(VpScale::Acbl30, 7, 2.5)
            .unwrap()
            .winner
            .to_string(),
        "20.00"
    );
    assert_eq!(
        victory_points(VpScale::Acbl30, 7, 2.4).unwrap().loser.to_string(),
        "11.00"
    );
    // The sources are named.
    assert!(
        VpScale::Acbl30
            .source()
            .contains("bridgehands.com/V/Victory_Points.htm")
    );
}
