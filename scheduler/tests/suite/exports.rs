//! CSV exports as a spreadsheet will see them: the wide round sheet has one row per table with
//! the format's own seats, absences in the final column, and no cell that a spreadsheet would
//! run as a formula — while Tourney's own reader still gets the names back unchanged.

use scheduler::model::{Format, Roster};
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use scheduler::schedule_io::{read_long_csv, write_long_csv, write_round_sheet_csv};
use scheduler::solver::Control;
use scheduler::whist::{WhistOptions, whist_schedule};
use std::time::Duration;

fn rows(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes)
        .records()
        .map(|r| r.expect("valid CSV").iter().map(str::to_owned).collect())
        .collect()
}

fn whist(players: usize) -> scheduler::Schedule {
    let options = WhistOptions {
        rounds: None,
        directed: false,
        seed: 7,
        never_partner: Vec::new(),
        apart: Default::default(),
    };
    let control = Control::with_counted_time(Duration::from_secs(20));
    whist_schedule(&Roster::numbered(players), &options, &control)
        .expect("a rotation")
        .0
}

#[test]
fn whist_round_sheet_has_one_row_per_table_and_the_sit_outs_once() {
    let schedule = whist(13);
    let mut bytes = Vec::new();
    write_round_sheet_csv(&schedule, &mut bytes).unwrap();
    let rows = rows(&bytes);
    assert_eq!(
        rows[0],
        ["round", "table", "north", "east", "south", "west", "sits_out"]
    );
    let tables: usize = schedule.rounds.iter().map(|r| r.tables.len()).sum();
    assert_eq!(rows.len(), 1 + tables);
    for round in &schedule.rounds {
        let of_round: Vec<&Vec<String>> = rows[1..]
            .iter()
            .filter(|row| row[0] == round.number.to_string())
            .collect();
        assert_eq!(of_round.len(), round.tables.len());
        let absent: Vec<&str> = round
            .absent
            .iter()
            .map(|a| schedule.entrants[a.entrant].as_str())
            .collect();
        assert_eq!(of_round[0][6], absent.join("; "), "round {}", round.number);
        assert!(of_round[1..].iter().all(|row| row[6].is_empty()));
        for (row, table) in of_round.iter().zip(&round.tables) {
            let north = table.entrant_at(scheduler::Seat::N).unwrap();
            assert_eq!(row[2], schedule.entrants[north]);
        }
    }
}

#[test]
fn formula_names_are_neutralised_and_read_back_unchanged() {
    let mut roster = Roster::numbered(6);
    roster.players[0].name = "=HYPERLINK(\"http://evil.example\",\"Click\")".into();
    roster.players[1].name = "+44 Smith".into();
    roster.players[2].name = "@risk".into();
    roster.players[3].name = "-Dash".into();
    let options = RoundRobinOptions {
        method: Method::Berger,
        double: false,
        avoid_spouses: false,
    };
    let (schedule, _) = round_robin(&roster, options).unwrap();
    type Writer = fn(&scheduler::Schedule, &mut Vec<u8>) -> std::io::Result<()>;
    let writers: [Writer; 2] = [
        |schedule, out| write_round_sheet_csv(schedule, out),
        |schedule, out| write_long_csv(schedule, out),
    ];
    for write in writers {
        let mut bytes = Vec::new();
        write(&schedule, &mut bytes).unwrap();
        for row in rows(&bytes) {
            for cell in row {
                assert!(
                    !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                    "a spreadsheet would run {cell:?}"
                );
            }
        }
    }
    let mut long = Vec::new();
    write_long_csv(&schedule, &mut long).unwrap();
    let back = read_long_csv("round trip", &long, Format::RoundRobin).expect("reads back");
    let mut names = back.entrants.clone();
    names.sort();
    let mut expected = schedule.entrants.clone();
    expected.sort();
    assert_eq!(names, expected);
}

/// Issue 21, item 15: a long CSV with only its header holds no schedule; it is not "valid".
#[test]
fn a_header_only_long_csv_is_refused() {
    for bytes in [
        &b"round,table,seat,player\n"[..],
        b"round,table,seat,player\n\n,,,\n",
    ] {
        let problems = read_long_csv("empty.csv", bytes, Format::Whist).expect_err("no schedule");
        let text: Vec<String> = problems.list.iter().map(ToString::to_string).collect();
        assert!(text.iter().any(|p| p.contains("no rows")), "{text:?}");
    }
}

/// Issue 21, item 15: a schedule whose names carry terminal escape codes is refused with
/// the line (CSV) or the entrant (JSON), so no command prints them raw.
#[test]
fn names_with_control_characters_are_refused_in_schedules() {
    let csv = "round,table,seat,player\n1,1,N,Ann\n1,1,E,\u{1b}[2JBob\n1,1,S,Cy\n1,1,W,Di\n";
    let problems = read_long_csv("evil.csv", csv.as_bytes(), Format::Whist).expect_err("refused");
    let text: Vec<String> = problems.list.iter().map(ToString::to_string).collect();
    assert!(
        text.iter().any(|p| p.contains("line 3") && p.contains("U+001B")),
        "{text:?}"
    );
    let mut schedule = read_long_csv(
        "ok.csv",
        b"round,table,seat,player\n1,1,N,Ann\n1,1,E,Bob\n1,1,S,Cy\n1,1,W,Di\n",
        Format::Whist,
    )
    .unwrap();
    schedule.entrants[1] = "Bob\u{7}".into();
    let mut json = Vec::new();
    scheduler::schedule_io::write_json(&schedule, &mut json).unwrap();
    let problems = scheduler::schedule_io::read_json("evil.json", &json).expect_err("refused");
    let text: Vec<String> = problems.list.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|p| p.contains("entrant 2") && p.contains("U+0007")),
        "{text:?}"
    );
}
