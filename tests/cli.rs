//! End-to-end: the real `tourney` binary, run headless the way an organiser (or a script)
//! runs it, on the fixture rosters.
//!
//! The `--time-limit`s given here are hang guards (minutes): the searches they bound end on
//! their own in well under a second, so a busy machine changes nothing. How fast they are is
//! measured by `tourney bench`, not here.

mod common;

use common::{fails_with, fixture, ok, says, scratch, text, tourney};
use std::path::Path;
use std::process::Command;

#[test]
fn version_is_printed() {
    let out = tourney(&["--version"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    // "tourney 0.1.0 (built 2026-11-24, MILP backend microlp)"
    let rest = stdout
        .strip_prefix(&format!("tourney {} (built ", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("{stdout}"));
    let (date, backend) = rest
        .split_once(", MILP backend ")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        date.len() == 10 && date.chars().all(|c| c.is_ascii_digit() || c == '-'),
        "{stdout}"
    );
    assert!(["microlp)\n", "highs)\n"].contains(&backend), "{stdout}");
}

#[test]
fn roster_check_accepts_an_excel_export() {
    let out = tourney(&["roster", "check", &fixture("excel_utf8_bom_semicolon.csv")]);
    let stdout = ok(&out);
    assert!(
        stdout.contains("4 player(s); encoding UTF-8 with byte-order mark; delimiter ';'"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Müller, Jürgen  (club SC Bonn, rating 1850)"),
        "{stdout}"
    );
    assert!(stdout.contains("0 error(s), 0 warning(s)"));
}

#[test]
fn roster_check_rejects_a_broken_roster_with_file_line_and_field() {
    let path = fixture("broken_bad_numbers.csv");
    let out = tourney(&["roster", "check", &path]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "error: {path}, line 3, field \"rating\": \"abc\" is not a number"
        )),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("2 error(s)"));
}

#[test]
fn round_robin_from_a_roster_verifies_as_csv_and_json() {
    let dir = scratch("rr");
    let csv = dir.join("rr.csv");
    let json = dir.join("rr.json");
    let roster = fixture("whist_club_couples.csv");
    let out = tourney(&[
        "round-robin",
        "--roster",
        &roster,
        "--berger",
        "--avoid-spouses",
        "--out",
        csv.to_str().unwrap(),
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    says(
        &out,
        "couples never meet (Mary Smith & John Smith, Ravi Patel & Priya Patel)",
    );

    let written = std::fs::read_to_string(&csv).unwrap();
    let mut lines = written.lines();
    assert_eq!(lines.next(), Some("round,table,seat,player"));
    // 8 pairs, 7 rounds less the pseudo round: 6 rounds × 4 tables × 2 seats.
    assert_eq!(lines.count(), 6 * 4 * 2);
    assert!(
        written.contains("1,1,home,Aisha Khan"),
        "the stationary pair keeps table 1:\n{written}"
    );

    // The CSV alone is missing the couples, so the pseudo round's pairs look unplayed...
    let bare = tourney(&["verify", csv.to_str().unwrap(), "--format", "round-robin"]);
    assert_eq!(bare.status.code(), Some(1));
    assert!(
        text(&bare.stdout).contains("never meet"),
        "{}",
        text(&bare.stdout)
    );
    // ...with the roster the verifier knows who is kept apart, and the schedule is valid.
    let with_roster = tourney(&[
        "verify",
        csv.to_str().unwrap(),
        "--format",
        "round-robin",
        "--roster",
        &roster,
    ]);
    assert!(with_roster.status.success(), "{}", text(&with_roster.stdout));
    // The JSON carries its own promise.
    let from_json = tourney(&["verify", json.to_str().unwrap()]);
    assert!(from_json.status.success(), "{}", text(&from_json.stdout));
    assert!(text(&from_json.stdout).contains("valid: no rule is broken"));
}

#[test]
fn dash_writes_csv_to_standard_output() {
    let out = tourney(&["round-robin", "--players", "5", "--out", "-"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("round,table,seat,player\n"));
    // 5 players: 5 rounds, each with 2 tables (4 rows) and one bye row.
    assert_eq!(stdout.lines().count(), 1 + 5 * 5);
    assert_eq!(stdout.lines().filter(|l| l.contains(",,bye,")).count(), 5);
}

#[test]
fn verify_names_every_violation_of_a_hand_edited_schedule() {
    let dir = scratch("corrupt");
    let csv = dir.join("edited.csv");
    let out = tourney(&["round-robin", "--players", "6", "--out", csv.to_str().unwrap()]);
    assert!(out.status.success());
    // An organiser "fixes" round 2 by hand and puts Player 1 at table 3 as well.
    let original = std::fs::read_to_string(&csv).unwrap();
    let mut edited: Vec<String> = original.lines().map(str::to_owned).collect();
    let target = edited
        .iter()
        .position(|l| l.starts_with("2,3,") && !l.ends_with("Player 1"))
        .unwrap();
    let removed = edited[target].rsplit(',').next().unwrap().to_owned();
    let parts: Vec<&str> = edited[target].split(',').collect();
    edited[target] = format!("{},{},{},Player 1", parts[0], parts[1], parts[2]);
    std::fs::write(&csv, edited.join("\n")).unwrap();

    let out = tourney(&["verify", csv.to_str().unwrap(), "--format", "round-robin"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("round 2: Player 1 appears at tables"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "round 2: {removed} is neither at a table nor sitting out"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("INVALID"));
}

#[test]
fn verify_reports_unreadable_rows_by_line_and_field() {
    let dir = scratch("badcsv");
    let csv = dir.join("bad.csv");
    std::fs::write(
        &csv,
        "round,table,seat,player\r\n1,1,home,Ann\r\n1,x,away,Bob\r\n1,2,middle,Cy\r\n",
    )
    .unwrap();
    let out = tourney(&["verify", csv.to_str().unwrap(), "--format", "round-robin"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 3, field \"table\": \"x\" is not a table number"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 4, field \"seat\": \"middle\" is not a seat"),
        "{stderr}"
    );
}

#[test]
fn a_roster_with_errors_generates_nothing() {
    let dir = scratch("refuse");
    let csv = dir.join("never.csv");
    let out = tourney(&[
        "round-robin",
        "--roster",
        &fixture("broken_spouse_conflict.csv"),
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("Bob names Cy"));
    assert!(!csv.exists());
}

/// Issue 40: a roster of pairs is not a whist drive's: `tourney whist` refuses it, naming the
/// file and the pairs, instead of seating 13 pairs as 13 players.
#[test]
fn whist_refuses_a_roster_of_pairs() {
    let roster = fixture("pairs_two_name_columns.csv");
    let out = tourney(&["whist", "--roster", &roster]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(
        said.contains(
            "pairs_two_name_columns.csv: the roster holds 13 pair(s) (Margaret Hughes & Dennis Hughes, …)"
        ),
        "{said}"
    );
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn players_and_roster_are_mutually_exclusive() {
    let out = tourney(&[
        "round-robin",
        "--players",
        "4",
        "--roster",
        &fixture("chess_teams.csv"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = tourney(&["round-robin"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn whist_evening_from_a_club_roster_verifies() {
    let dir = scratch("whist");
    let csv = dir.join("whist.csv");
    let roster = fixture("whist_club_couples.csv");
    let out = tourney(&[
        "whist",
        "--roster",
        &roster,
        "--rounds",
        "5",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("couples never partner (Mary Smith & John Smith, Ravi Patel & Priya Patel)"),
        "{stderr}"
    );

    let written = std::fs::read_to_string(&csv).unwrap();
    // 8 players, 2 tables, 5 rounds: 40 seat rows, and Aisha Khan (stationary) at table 1 North.
    assert_eq!(written.lines().count(), 1 + 5 * 8);
    for round in 1..=5 {
        assert!(
            written.contains(&format!("{round},1,N,Aisha Khan")),
            "round {round}:\n{written}"
        );
    }
    let out = tourney(&[
        "verify",
        csv.to_str().unwrap(),
        "--format",
        "whist",
        "--roster",
        &roster,
    ]);
    assert!(out.status.success(), "{}", text(&out.stdout));
}

#[test]
fn whist_full_cycle_for_13_is_complete_and_directed() {
    let dir = scratch("whist13");
    let json = dir.join("w.json");
    let csv = dir.join("w.csv");
    let out = tourney(&[
        "whist",
        "--players",
        "13",
        "--directed",
        "--out",
        json.to_str().unwrap(),
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tourney(&["verify", json.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    // The CSV of a complete cycle is held to partner-once/oppose-twice; break it by hand.
    let original = std::fs::read_to_string(&csv).unwrap();
    let edited = original
        .replacen("1,1,N,", "1,1,X,", 1)
        .replacen("1,1,E,", "1,1,N,", 1)
        .replacen("1,1,X,", "1,1,E,", 1);
    assert_ne!(edited, original);
    std::fs::write(&csv, edited).unwrap();
    let out = tourney(&["verify", csv.to_str().unwrap(), "--format", "whist"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("partner 2 times"),
        "{}",
        text(&out.stdout)
    );
}

/// Issue 46: 64, 80, 84 and 100 players play the published 1-rotational starters (everyone
/// moves on one place, one player stationary); 128 the four groups. Each CSV verifies as
/// complete, and a swapped seat breaks it.
#[test]
fn whist_whole_cycles_for_80_and_84_players_verify() {
    let dir = scratch("whist80");
    for n in ["64", "80", "84", "100", "128"] {
        let csv = dir.join(format!("w{n}.csv"));
        let out = tourney(&["whist", "--players", n, "--out", csv.to_str().unwrap()]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let said = text(&out.stderr);
        if n == "128" {
            assert!(said.contains("non-cyclic rotation of"), "{said}");
            assert!(said.contains("players follow their printed cards"), "{said}");
        } else {
            assert!(said.contains("1-rotational rotation of"), "{said}");
            assert!(said.contains("published by Bill Butler"), "{said}");
            assert!(said.contains("everyone else moves on one place"), "{said}");
        }
        let out = tourney(&["verify", csv.to_str().unwrap(), "--format", "whist"]);
        assert!(out.status.success(), "{n}: {}", text(&out.stdout));
        let rows = std::fs::read_to_string(&csv).unwrap().lines().count();
        let players: usize = n.parse().unwrap();
        assert_eq!(
            rows,
            1 + (players - 1) * players,
            "{n}: every seat of every round"
        );
    }
    let csv = dir.join("w80.csv");
    let original = std::fs::read_to_string(&csv).unwrap();
    let edited = original
        .replacen("2,1,N,", "2,1,X,", 1)
        .replacen("2,1,E,", "2,1,N,", 1)
        .replacen("2,1,X,", "2,1,E,", 1);
    std::fs::write(&csv, edited).unwrap();
    let out = tourney(&["verify", csv.to_str().unwrap(), "--format", "whist"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

#[test]
fn whist_refuses_more_rounds_than_the_cycle() {
    let out = tourney(&["whist", "--players", "8", "--rounds", "9"]);
    fails_with(
        &out,
        1,
        "9 rounds asked, but 7 is the most these players can play",
    );
}

/// Six players play on past their 6-round rotation: 7 rounds use 14 of the 15 partnerships
/// (built round by round), and the 8th is refused with the reason.
#[test]
fn whist_six_players_play_seven_rounds_without_a_repeated_partner() {
    let out = tourney(&["whist", "--players", "6", "--rounds", "7"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    says(&out, "7 rounds built directly");
    let out = tourney(&["whist", "--players", "6", "--rounds", "8"]);
    fails_with(&out, 1, "8 rounds asked, but 7 is the most");
}

#[test]
fn whist_never_partner_pairs_from_the_command_line() {
    let dir = scratch("never");
    let json = dir.join("np.json");
    let roster = fixture("whist_club_couples.csv");
    let out = tourney(&[
        "whist",
        "--roster",
        &roster,
        "--rounds",
        "3",
        "--never-partner",
        "Tom Hardy:Eve Long",
        "--never-partner",
        "tom hardy:Sam Wu",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("2 never-partner pair(s) kept apart"));
    assert!(tourney(&["verify", json.to_str().unwrap()]).status.success());

    let out = tourney(&[
        "whist",
        "--roster",
        &roster,
        "--never-partner",
        "Tom Hardy:Nobody",
    ]);
    fails_with(&out, 1, "give two different players of the roster");
}

#[test]
fn the_organisers_evening_23_players_7_rounds_couples_and_mrs_khan() {
    let dir = scratch("evening23");
    let csv = dir.join("tonight.csv");
    let roster = fixture("whist_evening_23.csv");
    let out = tourney(&[
        "whist",
        "--roster",
        &roster,
        "--rounds",
        "7",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&csv).unwrap();
    for round in 1..=7 {
        assert!(
            written.contains(&format!("{round},1,N,Aisha Khan")),
            "round {round}"
        );
        // 5 tables and 3 sit-outs a round.
        assert_eq!(
            written
                .lines()
                .filter(|l| l.starts_with(&format!("{round},,sit-out,")))
                .count(),
            3
        );
    }
    let out = tourney(&[
        "verify",
        csv.to_str().unwrap(),
        "--format",
        "whist",
        "--roster",
        &roster,
    ]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains("sit-outs per player 0 to 1"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn team_chess_jamboree_writes_the_documented_csv_and_verifies() {
    let dir = scratch("team-chess");
    let csv = dir.join("games.csv");
    let json = dir.join("games.json");
    let out = tourney(&[
        "team-chess",
        "--teams",
        "6",
        "--boards",
        "4",
        "--rounds",
        "5",
        "--time-limit",
        "300",
        "--out",
        csv.to_str().unwrap(),
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    // The quality in words (no Q_X … Q_Z), against the best possible.
    assert!(
        stderr.contains("Whites and Blacks per team and round:")
            && stderr.contains("Floats:")
            && stderr.contains("Whites across the boards:")
            && stderr.contains("Balance:")
            && !stderr.contains("Q_"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&csv).expect("csv");
    let mut lines = written.lines();
    assert_eq!(
        lines.next(),
        Some("round,white_team,white_board,black_team,black_board")
    );
    // 6 teams × 4 boards = 12 games a round, 5 rounds.
    assert_eq!(lines.count(), 60);
    let verified = tourney(&["verify", json.to_str().unwrap()]);
    assert!(
        verified.status.success(),
        "{}{}",
        text(&verified.stdout),
        text(&verified.stderr)
    );
    let said = text(&verified.stdout) + &text(&verified.stderr);
    assert!(
        said.contains("Balance:"),
        "the checker recomputes the balance: {said}"
    );
}

#[test]
fn team_chess_from_a_roster_names_the_players() {
    let out = tourney(&[
        "team-chess",
        "--roster",
        &fixture("team_chess_4x4.csv"),
        "--rounds",
        "3",
        "--time-limit",
        "300",
        "--out",
        "-",
    ]);
    let csv = ok(&out);
    assert!(
        csv.starts_with("round,white_team,white_board,black_team,black_board,white,black"),
        "{csv}"
    );
    assert!(csv.contains("Fay Wren"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 3 * 8);
}

#[test]
fn team_chess_impossible_parameters_get_a_sentence() {
    let out = tourney(&["team-chess", "--teams", "4", "--boards", "3", "--rounds", "3"]);
    fails_with(&out, 1, "rule 4");
    // Issue 23: and what is possible instead.
    says(
        &out,
        "possible instead: a jamboree of 2 round(s) or a team round robin",
    );
    let two = tourney(&["team-chess", "--teams", "2", "--boards", "4", "--rounds", "2"]);
    fails_with(&two, 1, "a Scheveningen match");
}

/// Issue 23: `--rounds` was silently ignored by a team round robin and a Scheveningen match.
#[test]
fn team_matches_play_the_rounds_asked_for() {
    let out = tourney(&[
        "team-chess",
        "--teams",
        "2",
        "--boards",
        "6",
        "--kind",
        "scheveningen",
        "--rounds",
        "4",
        "--out",
        "-",
    ]);
    let csv = ok(&out);
    // A header, 6 games in each of 4 rounds.
    assert_eq!(csv.lines().count(), 1 + 6 * 4, "{csv}");
    says(&out, "each player meets 4 of the 6 players of the other team");
    let too_many = tourney(&[
        "team-chess",
        "--teams",
        "6",
        "--boards",
        "4",
        "--kind",
        "round-robin",
        "--rounds",
        "6",
    ]);
    fails_with(
        &too_many,
        1,
        "a team round robin of 6 teams has 5 rounds, so it cannot play 6",
    );
}

#[test]
fn team_round_robin_and_scheveningen_verify() {
    for args in [
        vec![
            "team-chess",
            "--teams",
            "5",
            "--boards",
            "4",
            "--kind",
            "round-robin",
            "--out",
            "-",
        ],
        vec![
            "team-chess",
            "--teams",
            "2",
            "--boards",
            "6",
            "--kind",
            "scheveningen",
            "--out",
            "-",
        ],
    ] {
        let out = tourney(&args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).lines().count() > 1);
    }
}

#[test]
fn team_chess_bench_reports_checker_q_bound_and_impossible_sizes() {
    let out = tourney(&["bench", "team-chess", "--seconds", "2", "--sizes", "6x4x5,9x4x4"]);
    let report = ok(&out);
    let six = report
        .lines()
        .find(|line| line.starts_with("6x4x5"))
        .unwrap_or_else(|| panic!("no 6x4x5 line in {report}"));
    // 6 × 4 × 5 has a schedule meeting its bound of 0 (every team balanced by board pairs).
    assert!(six.contains("0/100") && six.contains("optimal"), "{six}");
    let nine = report
        .lines()
        .find(|line| line.starts_with("9x4x4"))
        .unwrap_or("");
    assert!(nine.contains("impossible"), "{report}");
}

/// Issue 47: the even grid's range of teams is checked before anything runs.
#[test]
fn team_chess_grid_bench_refuses_a_bad_range_of_teams() {
    let backwards = tourney(&["bench", "team-chess", "--grid", "--grid-teams", "9-7"]);
    fails_with(&backwards, 1, "--grid-teams: \"9-7\" runs backwards (say 7-9)");
    let words = tourney(&["bench", "team-chess", "--grid", "--grid-teams", "six"]);
    fails_with(&words, 1, "is not FROM-TO (say 6-30)");
}

/// Pages of a PDF written by the binary, each page's text without whitespace (typst places
/// words one by one, so spaces in extracted text are unpredictable).
fn pdf_pages(path: &Path) -> Vec<String> {
    let document = lopdf::Document::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    document
        .get_pages()
        .keys()
        .map(|&number| {
            let page = document.extract_text(&[number]).expect("page text");
            page.chars().filter(|c| !c.is_whitespace()).collect()
        })
        .collect()
}

#[test]
fn whist_pdf_and_round_sheet_csv_straight_from_the_generator() {
    let dir = scratch("whist-pdf");
    let (json, pdf, wide) = (
        dir.join("night.json"),
        dir.join("night.pdf"),
        dir.join("night-wide.csv"),
    );
    let out = tourney(&[
        "whist",
        "--roster",
        &fixture("whist_evening_23.csv"),
        "--rounds",
        "7",
        "--out",
        json.to_str().unwrap(),
        "--pdf",
        pdf.to_str().unwrap(),
        "--round-sheet",
        wide.to_str().unwrap(),
        "--excel",
        "--title",
        "Thursday Whist",
        "--date",
        "2026-11-26",
        "--date-format",
        "%d/%m/%Y",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pages = pdf_pages(&pdf);
    assert!(
        pages.len() >= 3,
        "round sheet, table cards and personal cards: {} pages",
        pages.len()
    );
    for (i, page) in pages.iter().enumerate() {
        assert!(
            page.contains("ThursdayWhist") && page.contains("26/11/2026"),
            "page {} heading",
            i + 1
        );
        assert!(
            page.contains(&format!("page{}of{}", i + 1, pages.len())),
            "page {} footer",
            i + 1
        );
    }
    let all = pages.concat();
    for name in ["AishaKhan", "InèsGarcía", "IvyMoss", "Round7", "Sitsout"] {
        assert!(all.contains(name), "{name} missing from the PDF");
    }
    // The wide CSV: BOM for Excel, one row per table (5 tables × 7 rounds), sit-outs listed.
    let bytes = std::fs::read(&wide).expect("round-sheet CSV");
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "--excel writes a BOM");
    let csv = text(&bytes[3..]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("round,table,north,east,south,west,sits_out"));
    assert_eq!(lines.count(), 35, "{csv}");

    // The same schedule printed again later from its JSON, one kind, US Letter.
    let later = dir.join("cards.pdf");
    let out = tourney(&[
        "sheets",
        json.to_str().unwrap(),
        "--pdf",
        later.to_str().unwrap(),
        "--kind",
        "personal",
        "--paper",
        "letter",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let document = lopdf::Document::load(&later).expect("pdf");
    let first = *document.get_pages().values().next().expect("a page");
    let media = document
        .get_dictionary(first)
        .and_then(|page| page.get(b"MediaBox"))
        .and_then(|b| b.as_array())
        .expect("MediaBox")
        .clone();
    let width = media[2].as_float().expect("width") - media[0].as_float().expect("x0");
    assert!((width - 612.0).abs() < 1.0, "Letter is 612 pt wide, got {width}");
    let cards = pdf_pages(&later).concat();
    assert!(cards.contains("Personalmovementcards") && !cards.contains("Roundsheet"));
}

#[test]
fn team_chess_pdf_has_pairing_lists_with_result_boxes_and_every_board() {
    let dir = scratch("team-chess-pdf");
    let pdf = dir.join("jamboree.pdf");
    let out = tourney(&[
        "team-chess",
        "--roster",
        &fixture("team_chess_4x4.csv"),
        "--rounds",
        "3",
        "--time-limit",
        "300",
        "--pdf",
        pdf.to_str().unwrap(),
        "--sheets",
        "round,table",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = pdf_pages(&pdf).concat();
    for word in [
        "Pairinglists",
        "Round3",
        "Result",
        "Ashdown",
        "Brookfield",
        "FayWren",
    ] {
        assert!(all.contains(word), "{word} missing");
    }
    assert!(!all.contains("Personalmovementcards"), "only the kinds asked for");
}

#[test]
fn sheets_explains_a_missing_output_a_bad_date_and_a_file_that_is_not_a_schedule() {
    let dir = scratch("sheets-errors");
    let bogus = dir.join("not-a-schedule.json");
    std::fs::write(&bogus, "{\"hello\": 1}").expect("write");
    let out = tourney(&["sheets", bogus.to_str().unwrap()]);
    assert!(!out.status.success());
    says(&out, "--pdf");
    let out = tourney(&[
        "sheets",
        bogus.to_str().unwrap(),
        "--pdf",
        dir.join("x.pdf").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    says(&out, "not-a-schedule.json");
    assert!(!dir.join("x.pdf").exists(), "nothing written for a bad input");
    let out = tourney(&[
        "whist",
        "--players",
        "8",
        "--pdf",
        "x.pdf",
        "--date",
        "28/11/2026",
    ]);
    assert!(!out.status.success());
    says(&out, "YYYY-MM-DD");
}

/// The solver tools from the command line: the league table is unique, a table that
/// cannot add up names its column and exits 1, the zebra puzzle is unique, a clue outside the
/// grammar is named by line and word, and a 10×10 dic-dac-doe board after 80 moves is found
/// and passes the checker (which reads the printed board).
#[test]
fn the_solver_tools_answer_on_the_command_line() {
    let dir = scratch("tools");
    let table = dir.join("table.csv");
    std::fs::write(
        &table,
        "team,P,W,D,L,GF,GA,Pts\nFoxholt,3,2,1,0,5,1,7\nMarden,3,2,0,1,4,2,6\nWestwell,3,1,1,1,3,1,4\nPinner,3,0,0,3,0,8,0\n",
    )
    .unwrap();
    let out = tourney(&["league-table", table.to_str().unwrap()]);
    let stdout = ok(&out);
    assert!(stdout.contains("Foxholt 3-0 Pinner"), "{stdout}");
    assert!(stdout.contains("\nunique:"), "{stdout}");

    std::fs::write(
        &table,
        "team;P;W;D;L;GF;GA;Pts\nFoxholt;3;2;1;0;5;1;8\nMarden;3;2;0;1;4;2;6\nWestwell;3;1;1;1;3;1;4\nPinner;3;0;0;3;0;8;0\n",
    )
    .unwrap();
    let out = tourney(&["league-table", table.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Foxholt: Pts is 8, but 2 W × 3 + 1 D × 1 + 0 L × 0 = 7"),
        "{stderr}"
    );

    let zebra = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/puzzles/zebra.txt");
    let out = tourney(&["logic-grid", zebra.to_str().unwrap()]);
    let stdout = ok(&out);
    let norwegian = stdout
        .lines()
        .find(|l| l.contains("Norwegian"))
        .unwrap_or_default()
        .to_owned();
    assert!(
        norwegian.starts_with('1') && norwegian.contains("water"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l.contains("Japanese") && l.contains("zebra")),
        "{stdout}"
    );
    assert!(stdout.contains("\nunique:"), "{stdout}");

    let puzzle = dir.join("parrot.txt");
    std::fs::write(
        &puzzle,
        "People: Ada, Bea\nPet: cat, dog\nAda keeps the parrot.\n",
    )
    .unwrap();
    let out = tourney(&["logic-grid", puzzle.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 3") && stderr.contains("\"parrot\""),
        "{stderr}"
    );

    let out = tourney(&[
        "dicdacdoe",
        "--size",
        "10",
        "--moves",
        "80",
        "--time-limit",
        "600",
    ]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<&str> = stdout.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 10, "{stdout}");
    assert!(
        rows.iter()
            .all(|r| r.len() == 10 && r.chars().all(|c| "XO+.".contains(c))),
        "{stdout}"
    );
    assert_eq!(
        rows.iter().map(|r| r.matches('.').count()).sum::<usize>(),
        20,
        "{stdout}"
    );
    assert!(stdout.contains("checked: after 80 moves on 10×10"), "{stdout}");

    let out = tourney(&["dicdacdoe", "--size", "2", "--moves", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("at least 3×3"));
}

/// A dic-dac-doe search that runs out of time prints no board rows as if they were an
/// answer; `--show-best` prints the unfinished board under a heading saying it is none.
#[test]
fn dicdacdoe_never_passes_off_an_unfinished_board_as_a_solution() {
    // 8 moves on 6×6 leave far too many empty cells: no board exists, none is found.
    let args = ["dicdacdoe", "--size", "6", "--moves", "8", "--time-limit", "0.3"];
    let out = tourney(&args);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("not found within 0.3 s: no board was found"),
        "{stdout}"
    );
    let board_rows = stdout
        .lines()
        .filter(|l| l.len() == 6 && l.chars().all(|c| ".XO+".contains(c)))
        .count();
    assert_eq!(board_rows, 0, "{stdout}");
    let out = tourney(&[&args[..], &["--show-best"]].concat());
    let stdout = text(&out.stdout);
    let heading = stdout.find("Best board so far — NOT a solution:").expect(&stdout);
    let rows: Vec<&str> = stdout[heading..]
        .lines()
        .filter(|l| l.len() == 6 && l.chars().all(|c| ".XO+".contains(c)))
        .collect();
    assert_eq!(rows.len(), 6, "{stdout}");
    assert!(stdout.contains("Lines of three still open on it:"), "{stdout}");
}

/// `tourney … | head -1`: when the reader goes away the command ends quietly, as other
/// command-line tools do, instead of panicking with "failed printing to stdout: Broken pipe".
/// The reading end is closed before the child writes anything, so every write fails.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let dir = scratch("closed-pipe");
    let event = dir.join("club.tourney");
    let made = tourney(&[
        "event",
        "new",
        event.to_str().unwrap(),
        "--format",
        "whist-drive",
        "--players",
        "16",
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let commands: [&[&str]; 3] = [
        &["round-robin", "--players", "40", "--out", "-"],
        &["event", "history", event.to_str().unwrap()],
        &["event", "show", event.to_str().unwrap()],
    ];
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run tourney");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait for tourney");
        let stderr = text(&out.stderr);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?} printed: {stderr}"
        );
    }
}

/// Issue 21, item 4: a planted symlink where the temporary file used to go is never followed,
/// and a symlink at the target is replaced (with --force), never written through.
#[cfg(unix)]
#[test]
fn exports_never_write_through_a_planted_symlink() {
    let dir = scratch("symlink");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let out = dir.join("out.csv");
    std::os::unix::fs::symlink(&victim, dir.join(".out.csv.partial")).unwrap();
    let made = tourney(&["round-robin", "--players", "6", "--out", out.to_str().unwrap()]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("round,table,seat,player")
    );

    let linked = dir.join("linked.csv");
    std::os::unix::fs::symlink(&victim, &linked).unwrap();
    let refused = tourney(&["round-robin", "--players", "6", "--out", linked.to_str().unwrap()]);
    assert_eq!(
        refused.status.code(),
        Some(1),
        "an existing name, even a link, needs --force"
    );
    let forced = tourney(&[
        "round-robin",
        "--players",
        "6",
        "--out",
        linked.to_str().unwrap(),
        "--force",
    ]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "precious",
        "the link's target is untouched"
    );
    assert!(
        !std::fs::symlink_metadata(&linked)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// Issue 21, items 2 and 5: a generator never writes over the roster it reads, and a failed
/// export leaves no half-made file behind.
#[test]
fn generators_never_replace_their_roster_and_leave_nothing_half_made() {
    let dir = scratch("roster-target");
    let roster = dir.join("club.csv");
    std::fs::copy(fixture("whist_club_couples.csv"), &roster).unwrap();
    let before = std::fs::read(&roster).unwrap();
    let out = tourney(&[
        "round-robin",
        "--roster",
        roster.to_str().unwrap(),
        "--out",
        roster.to_str().unwrap(),
        "--force",
    ]);
    fails_with(&out, 1, "the file this command reads");
    assert_eq!(std::fs::read(&roster).unwrap(), before);

    // A folder that does not exist: a sentence, and nothing created anywhere.
    let missing = dir.join("no-such-folder").join("out.csv");
    let out = tourney(&[
        "round-robin",
        "--players",
        "6",
        "--out",
        missing.to_str().unwrap(),
    ]);
    fails_with(&out, 1, "folder does not exist");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

/// Issue 21, items 11 and 12: sizes no format can use are refused with a sentence before
/// anything is built, whatever the kind of event, and numbers are read without wrapping.
#[test]
fn huge_and_negative_sizes_get_a_sentence_before_anything_is_built() {
    let huge = tourney(&["round-robin", "--players", "10000000000"]);
    fails_with(&huge, 2, "more than Tourney makes");
    let negative = tourney(&["whist", "--players", "-3"]);
    fails_with(&negative, 2, "-3: give at least 1");
    for kind in ["round-robin", "scheveningen", "jamboree"] {
        let out = tourney(&[
            "team-chess",
            "--kind",
            kind,
            "--teams",
            "1000",
            "--boards",
            "4",
            "--rounds",
            "3",
        ]);
        assert_eq!(out.status.code(), Some(1), "{kind}");
        assert!(
            text(&out.stderr).contains("team events have up to 200 teams"),
            "{kind}: {}",
            text(&out.stderr)
        );
    }
    let dir = scratch("huge-team-event");
    let file = dir.join("t.tourney");
    let out = tourney(&[
        "event",
        "new",
        file.to_str().unwrap(),
        "--format",
        "team-chess",
        "--kind",
        "round-robin",
        "--teams",
        "1000",
        "--boards",
        "4",
    ]);
    fails_with(&out, 1, "team events have up to 200 teams");
    assert!(!file.exists());
}

#[test]
fn movement_for_a_club_evening_writes_the_documented_csv_and_json() {
    let dir = scratch("movement");
    let csv_path = dir.join("m.csv");
    let json_path = dir.join("m.json");
    let csv_arg = csv_path.to_str().unwrap();
    let json_arg = json_path.to_str().unwrap();
    // 17 pairs, about 27 boards: a 9-table Mitchell with a half table, 3 boards a round.
    let out = tourney(&[
        "movement", "--pairs", "17", "--boards", "27", "--out", csv_arg, "--out", json_arg,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("Mitchell on 9 tables: 9 rounds of 3 boards = 27 boards"),
        "{err}"
    );
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("round,table,ns,ew,first_board,last_board"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // 9 rounds: 8 tables and one pair sitting out in each.
    assert_eq!(rows.len(), 81);
    let sitting_out: Vec<&Vec<&str>> = rows.iter().filter(|r| r[1].is_empty()).collect();
    assert_eq!(sitting_out.len(), 9);
    // The phantom is 9 EW (the highest pair): its N-S opponents sit out, each once.
    let mut out_pairs: Vec<&str> = sitting_out.iter().map(|r| r[2]).collect();
    out_pairs.sort_unstable();
    out_pairs.dedup();
    assert_eq!(out_pairs.len(), 9);
    assert!(rows.iter().all(|r| r[3] != "9 EW"));
    // Boards: every real table plays three consecutive boards out of 1–27.
    for r in rows.iter().filter(|r| !r[1].is_empty()) {
        let first: u32 = r[4].parse().unwrap();
        let last: u32 = r[5].parse().unwrap();
        assert_eq!(last, first + 2);
        assert!(last <= 27 && first % 3 == 1);
    }
    let json = std::fs::read_to_string(&json_path).unwrap();
    assert!(
        json.contains("\"kind\": \"Mitchell\"") && json.contains("\"phantom\": 18"),
        "{json}"
    );
    // Again without --force: refused, the file kept.
    let again = tourney(&["movement", "--pairs", "12", "--out", csv_arg]);
    assert!(!again.status.success());
    says(&again, "--force");
    assert_eq!(std::fs::read_to_string(&csv_path).unwrap(), csv);
}

#[test]
fn movement_refusals_are_sentences() {
    for (args, words) in [
        (
            vec!["--pairs", "12", "--kind", "mitchell"],
            "odd number of tables",
        ),
        (vec!["--pairs", "2"], "at least 3 pairs"),
        (vec!["--pairs", "8", "--phantom", "3"], "no half table"),
        (vec!["--pairs", "7", "--phantom", "9"], "no pair 9"),
    ] {
        let mut all = vec!["movement"];
        all.extend(args.iter().copied());
        let out = tourney(&all);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).contains(words),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // Arrow switch: the last of 7 rounds has the E-W pairs sitting N-S.
    let out = tourney(&["movement", "--pairs", "14", "--boards", "21", "--arrow-switch"]);
    let shown = ok(&out);
    let last = shown
        .split("Round 7 (arrow switch)")
        .nth(1)
        .expect("round 7 switched");
    // E-W pair e is at table e + 6 in round 7 (mod 7): 2 EW at table 1, now sitting N-S.
    assert!(last.contains("table  1:   2 EW v 1 NS"), "{last}");
}

fn pbn_fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/pbn")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn deals_writes_seeded_pbn_that_checks_and_is_never_replaced_without_force() {
    let dir = scratch("deals");
    let path = dir.join("deals.pbn");
    let arg = path.to_str().unwrap();
    let out = tourney(&[
        "deals",
        "--boards",
        "24",
        "--seed",
        "2026",
        "--out",
        arg,
        "--event",
        "Thursday \"Pairs\"",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    says(&out, "24 boards dealt from seed 2026");
    let pbn = std::fs::read_to_string(&path).unwrap();
    assert!(
        pbn.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"Thursday \\\"Pairs\\\"\"]\r\n"),
        "{pbn}"
    );
    assert_eq!(pbn.matches("[Deal \"").count(), 24);
    assert!(pbn.contains("[Board \"24\"]\r\n"));
    // Board 7: dealer South, both vulnerable, the deal written from the dealer.
    let seven = pbn.split("[Board \"7\"]").nth(1).unwrap();
    assert!(
        seven.contains("[Dealer \"S\"]\r\n[Vulnerable \"All\"]\r\n[Deal \"S:"),
        "{seven}"
    );

    // The same seed deals the same boards (to standard output this time).
    let again = tourney(&[
        "deals",
        "--boards",
        "24",
        "--seed",
        "2026",
        "--event",
        "Thursday \"Pairs\"",
    ]);
    assert!(again.status.success());
    let deal_lines = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("[Deal "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(deal_lines(&text(&again.stdout)), deal_lines(&pbn));
    let other = tourney(&["deals", "--boards", "24", "--seed", "2027"]);
    assert_ne!(deal_lines(&text(&other.stdout)), deal_lines(&pbn));

    // Not replaced without --force; replaced with it.
    let refused = tourney(&["deals", "--boards", "4", "--seed", "1", "--out", arg]);
    fails_with(&refused, 1, "--force");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), pbn);
    let forced = tourney(&["deals", "--boards", "4", "--seed", "1", "--out", arg, "--force"]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert_eq!(
        std::fs::read_to_string(&path)
            .unwrap()
            .matches("[Deal \"")
            .count(),
        4
    );

    // --check reads it back: a line per board.
    let check = tourney(&["deals", "--check", arg]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    let lines: Vec<String> = text(&check.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[1].starts_with("board   2  dealer E  vul NS    E:"),
        "{lines:?}"
    );
    let bad = tourney(&["deals", "--boards", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// Three boards whose tables are quick to work out: two of the hard deals of
/// `fixtures/dd/dds-reference.json` (each hand a 13-card suit; North all the top cards) and
/// its random deal 6, with DDS's tables there.
const QUICK_DEALS_PBN: &str = "% PBN 2.1\r\n[Board \"1\"]\r\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n\r\n[Board \"2\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.J98.JT9 765.765.T765.876 432.432.432.5432\"]\r\n\r\n[Board \"3\"]\r\n[Deal \"N:KQT62.Q5.K.AQ863 J5.86432.854.975 A984.AKT.632.KJT 73.J97.AQJT97.42\"]\r\n";

#[test]
fn deals_analyse_adds_each_boards_table_and_par_and_never_replaces_without_force() {
    let dir = scratch("deals-analyse");
    let input = dir.join("in.pbn");
    std::fs::write(&input, QUICK_DEALS_PBN).unwrap();
    let out_path = dir.join("out.pbn");
    let (input, output) = (input.to_str().unwrap(), out_path.to_str().unwrap());
    let analysed = tourney(&["deals", "--analyse", input, "--out", output]);
    assert!(analysed.status.success(), "{}", text(&analysed.stderr));
    let progress = text(&analysed.stderr);
    assert!(progress.contains("board 3 analysed in"), "{progress}");
    assert!(progress.contains("(3 of 3)"), "{progress}");
    let pbn = std::fs::read_to_string(&out_path).unwrap();
    // DDS's tables (fixture), as PBN writes them: N, S, E, W × NT, S, H, D, C in hex.
    for table in [
        "0d0d00d0d000d0d00d0d",
        "ddcdcddcdc0010100101",
        "7c87c7c87c0046000460",
    ] {
        let tag = format!("[DoubleDummyTricks \"{table}\"]");
        assert_eq!(pbn.matches(&tag).count(), 1, "{tag}: {pbn}");
    }
    assert_eq!(pbn.matches("[OptimumResultTable ").count(), 3);
    assert_eq!(pbn.matches("[OptimumScore ").count(), 3);
    // Par as DDS has it (fixture): board 2 (N-S vulnerable) 7NT, 2220; board 3 (E-W
    // vulnerable) 6♠, 980.
    assert!(pbn.contains("[OptimumScore \"NS 2220\"]"), "{pbn}");
    assert!(pbn.contains("[OptimumScore \"NS 980\"]"), "{pbn}");
    // It reads back, the analysis tags checked against each other and against par.
    ok(&tourney(&["deals", "--check", output]));

    // An existing file is refused before any work, and left as it was.
    let refused = tourney(&["deals", "--analyse", input, "--out", output]);
    fails_with(&refused, 1, "--force");
    assert!(!text(&refused.stderr).contains("analysing"));
    std::fs::write(&out_path, "old").unwrap();
    let refused = tourney(&["deals", "--analyse", input, "--out", output]);
    fails_with(&refused, 1, "exists already");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "old");
    let forced = tourney(&["deals", "--analyse", input, "--out", output, "--force"]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), pbn);
}

/// `QUICK_DEALS_PBN` with each board's `DoubleDummyTricks` (DDS's tables) and the par score
/// of another program for board 3 (`NS 1010`, where Tourney's par is 980).
fn quick_deals_with_tables(board_3_extra: &str) -> String {
    let tables = [
        "0d0d00d0d000d0d00d0d",
        "ddcdcddcdc0010100101",
        "7c87c7c87c0046000460",
    ];
    let mut text = String::new();
    for (i, game) in QUICK_DEALS_PBN.split("\r\n\r\n").enumerate() {
        text.push_str(game.trim_end());
        text.push_str(&format!("\r\n[DoubleDummyTricks \"{}\"]\r\n", tables[i]));
        if i == 2 {
            text.push_str("[OptimumScore \"NS 1010\"]\r\n");
            text.push_str(board_3_extra);
        }
        text.push_str("\r\n");
    }
    text
}

/// Leftover of issue 44: `event deals E --pbn FILE` keeps the double-dummy tables the file
/// has (no analysis needed afterwards, the pages show them), notes another program's par
/// that differs (file, line, tag) without refusing the file, and refuses a file whose table
/// tags contradict each other, naming the file, the line and the tag.
#[test]
fn event_deals_pbn_keeps_the_files_tables_and_notes_another_par() {
    let dir = scratch("event-deals-tables");
    let pbn = dir.join("analysed.pbn");
    std::fs::write(&pbn, quick_deals_with_tables("")).unwrap();
    let event = dir.join("club.tourney");
    let _ = std::fs::remove_file(&event);
    let e = event.to_str().unwrap();
    common::five_table_mitchell(&event);
    // A file whose two table tags disagree on a cell: refused, nothing attached.
    let contradicting = dir.join("contradicting.pbn");
    let rows = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\nN NT 8\r\n";
    std::fs::write(&contradicting, quick_deals_with_tables(rows)).unwrap();
    let refused = tourney(&["event", "deals", e, "--pbn", contradicting.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stdout));
    let said = text(&refused.stderr);
    assert!(
        said.contains(&format!(
            "error: {}, line 15, field \"OptimumResultTable\": board 3: North in NT takes 8 tricks here, but 7 in the [DoubleDummyTricks] on line 12",
            contradicting.display()
        )),
        "{said}"
    );
    says(&tourney(&["event", "deals", e]), "no hand records attached");

    let attached = tourney(&["event", "deals", e, "--pbn", pbn.to_str().unwrap()]);
    let out = ok(&attached);
    assert!(out.contains("attached 3 hand record(s)"), "{out}");
    assert!(
        out.contains("kept the double-dummy table of 3 board(s) from the file"),
        "{out}"
    );
    let note = text(&attached.stderr);
    assert!(
        note.contains(&format!(
            "warning: {}, line 13, field \"OptimumScore\": board 3: the par score \"NS 1010\" (1010 to N-S) is not the par",
            pbn.display()
        )),
        "{note}"
    );
    let again = ok(&tourney(&["event", "deals", e, "--analyse"]));
    assert!(again.contains("every board (3) is analysed already"), "{again}");
    let site = dir.join("site");
    let _ = std::fs::remove_dir_all(&site);
    let published = tourney(&["event", "publish", e, "--html", site.to_str().unwrap()]);
    assert!(published.status.success(), "{}", text(&published.stderr));
    assert!(!text(&published.stderr).contains("analysing"));
    let page = std::fs::read_to_string(site.join("board-3.html")).unwrap();
    assert!(
        page.contains("double-dummy tricks") && page.contains("+980"),
        "{page}"
    );
}

#[test]
fn event_deals_analyse_keeps_the_analysis_and_publish_shows_it_or_works_it_out() {
    let dir = scratch("event-analyse");
    let pbn = dir.join("quick.pbn");
    std::fs::write(&pbn, QUICK_DEALS_PBN).unwrap();
    let event = dir.join("club.tourney");
    let _ = std::fs::remove_file(&event);
    let e = event.to_str().unwrap();
    common::five_table_mitchell(&event);
    fails_with(
        &tourney(&["event", "deals", e, "--analyse"]),
        1,
        "no hand records attached",
    );
    ok(&tourney(&["event", "deals", e, "--pbn", pbn.to_str().unwrap()]));
    let analysed = tourney(&["event", "deals", e, "--analyse"]);
    assert!(ok(&analysed).contains("Kept the double-dummy analysis of 3 board(s)"));
    says(&analysed, "board 3 analysed in");
    let again = ok(&tourney(&["event", "deals", e, "--analyse"]));
    assert!(again.contains("every board (3) is analysed already"), "{again}");
    let out = dir.join("analysed.pbn");
    let _ = std::fs::remove_file(&out);
    ok(&tourney(&["event", "deals", e, "--out", out.to_str().unwrap()]));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("[DoubleDummyTricks \"7c87c7c87c0046000460\"]"),
        "{written}"
    );

    // Published: the kept analysis, without working it out again.
    let site = dir.join("site");
    let _ = std::fs::remove_dir_all(&site);
    let published = tourney(&["event", "publish", e, "--html", site.to_str().unwrap()]);
    assert!(published.status.success(), "{}", text(&published.stderr));
    assert!(!text(&published.stderr).contains("analysing"));
    let page = std::fs::read_to_string(site.join("board-3.html")).unwrap();
    assert!(
        page.contains("double-dummy tricks") && page.contains("+980"),
        "{page}"
    );

    // Taken back: publish works it out for the pages (and says so), or not with --no-analysis.
    ok(&tourney(&["event", "undo", e]));
    let published = tourney(&["event", "publish", e, "--html", site.to_str().unwrap(), "--force"]);
    assert!(published.status.success(), "{}", text(&published.stderr));
    assert!(text(&published.stderr).contains("3 attached board(s) have no analysis kept"));
    assert!(
        std::fs::read_to_string(site.join("board-3.html"))
            .unwrap()
            .contains("+980")
    );
    let skipped = tourney(&[
        "event",
        "publish",
        e,
        "--html",
        site.to_str().unwrap(),
        "--force",
        "--no-analysis",
    ]);
    assert!(skipped.status.success(), "{}", text(&skipped.stderr));
    assert!(
        std::fs::read_to_string(site.join("board-3.html"))
            .unwrap()
            .contains("not analysed")
    );
}

#[test]
fn deals_check_reads_another_programs_file_and_names_the_line_of_a_bad_one() {
    let endplay = tourney(&["deals", "--check", &pbn_fixture("endplay-8-boards.pbn")]);
    let shown = ok(&endplay);
    assert_eq!(shown.lines().count(), 8, "{shown}");
    assert!(
        shown
            .lines()
            .next()
            .unwrap()
            .starts_with("board   1  dealer N  vul None  N:.AQ854.AKT8.T975 "),
        "{shown}"
    );
    assert!(text(&endplay.stderr).contains("8 boards, no problems"));

    let dir = scratch("deals-check");
    let broken = dir.join("broken.pbn");
    std::fs::write(
        &broken,
        "% PBN 2.1\r\n[Board \"1\"]\r\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543\"]\r\n\r\n[Board \"x\"]\r\n",
    )
    .unwrap();
    let out = tourney(&["deals", "--check", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("broken.pbn, line 3, field \"Deal\": board 1: West has 12 cards"),
        "{err}"
    );
    assert!(
        err.contains("line 5, field \"Board\": the board number \"x\" is not a whole number"),
        "{err}"
    );
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn movement_pdf_prints_the_summary_cards_and_travellers() {
    let dir = scratch("movement-pdf");
    let pdf = dir.join("relay.pdf");
    let p = pdf.to_str().unwrap();
    let out = tourney(&[
        "movement",
        "--pairs",
        "16",
        "--kind",
        "relay-mitchell",
        "--pdf",
        p,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    let first = document.extract_text(&pages[..1]).unwrap();
    assert!(first.contains("relay stand"), "{first}");
    // 24 boards, three travellers a page, after the summary and the eight table cards.
    assert!(pages.len() >= 10, "{} pages", pages.len());
    // An existing file is not replaced without --force.
    let again = tourney(&[
        "movement",
        "--pairs",
        "16",
        "--kind",
        "relay-mitchell",
        "--pdf",
        p,
    ]);
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stderr));
    assert_eq!(std::fs::read(&pdf).unwrap(), bytes);
}

/// Issue 38, item 10: one range of boards a round everywhere (1–52, as an event takes):
/// `movement` refuses more with a sentence, never "a bug in Tourney", and never offers a
/// movement that `event new` would refuse.
#[test]
fn movements_keep_to_the_boards_a_round_an_event_takes() {
    for boards in ["100000", "5000"] {
        let out = tourney(&["movement", "--pairs", "60", "--boards", boards]);
        fails_with(&out, 1, "a round has at most 52 boards");
        assert!(!text(&out.stderr).contains("bug"), "{}", text(&out.stderr));
    }
    let out = tourney(&["movement", "--pairs", "60", "--boards", "1500"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tourney(&[
        "movement",
        "--pairs",
        "10",
        "--kind",
        "mitchell",
        "--boards-per-round",
        "60",
    ]);
    fails_with(&out, 1, "60 boards a round: a round has 1 to 52 boards.");
}

/// Issue 40: a roster of pairs is read as pairs, and listed with both players and numbers.
#[test]
fn roster_check_lists_a_roster_of_pairs_with_both_players_and_numbers() {
    let out = tourney(&["roster", "check", &fixture("pairs_two_name_columns.csv")]);
    let stdout = ok(&out);
    assert!(
        stdout.contains("13 pairs (26 players); encoding UTF-8 with byte-order mark; delimiter ','"),
        "{stdout}"
    );
    assert!(
        stdout.contains("read as pairs: one pair a row, a column for each player"),
        "{stdout}"
    );
    assert!(
        stdout.contains("   1  Margaret Hughes (104522) & Dennis Hughes (104523)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("   2  Siobhán O'Connor (007341) & Pádraig Walsh (118906)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("0 error(s), 0 warning(s)"), "{stdout}");

    let out = tourney(&["roster", "check", &fixture("pairs_one_column.csv")]);
    let stdout = ok(&out);
    assert!(stdout.contains("13 pairs (26 players)"), "{stdout}");
    assert!(!stdout.contains("  Pair\n"), "the header is not a pair: {stdout}");
}

/// Issue 40: `event new --format bridge-pairs` with a roster of pairs makes an event of 13
/// entrants named "A & B"; an individual format refuses the roster with a sentence.
#[test]
fn a_pairs_roster_makes_a_pairs_event_and_is_refused_for_a_whist_drive() {
    let dir = scratch("pairs-roster");
    let file = dir.join("tuesday.tourney");
    let f = file.to_str().unwrap();
    let roster = fixture("pairs_partner_column.csv");
    let out = tourney(&["event", "new", f, "--format", "bridge-pairs", "--roster", &roster]);
    let stdout = ok(&out);
    assert!(stdout.contains("13 entrants"), "{stdout}");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.contains("1    Margaret Hughes & Dennis Hughes "),
        "{standings}"
    );
    assert!(
        standings.contains("13   Tom Whitfield & Ruth Lindqvist "),
        "{standings}"
    );

    let drive = dir.join("drive.tourney");
    let out = tourney(&[
        "event",
        "new",
        drive.to_str().unwrap(),
        "--format",
        "whist-drive",
        "--roster",
        &roster,
    ]);
    fails_with(
        &out,
        1,
        "the roster holds 13 pair(s) (Margaret Hughes & Dennis Hughes, …), but whist drive events seat individual players",
    );
    assert!(!drive.exists(), "nothing is made from a refused roster");
}

/// `tourney vp-scale` prints the WBF 2013 scale for 8 boards as the published table has it
/// (rows checked against the EBU's published values, `fixtures/vp/`), from 0 IMPs to the blitz;
/// bad input gets a sentence and exit code 2.
#[test]
fn vp_scale_prints_the_published_wbf_2013_scale_for_8_boards() {
    let stdout = ok(&tourney(&["vp-scale", "--boards", "8"]));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "IMPs,winner,loser");
    assert_eq!(lines.len(), 1 + 44, "0 to the blitz of 43: {stdout}");
    assert_eq!(lines[1], "0,10.00,10.00");
    assert_eq!(lines[2], "1,10.44,9.56");
    assert_eq!(lines[11], "10,13.78,6.22");
    assert_eq!(lines[21], "20,16.46,3.54");
    // The formula rounds to 19.73 here; the published table (and Tourney) has 19.74.
    assert_eq!(lines[41], "40,19.74,0.26");
    assert_eq!(lines[44], "43,20.00,0.00");
    // Every row: winner + loser = 20.00, two decimals.
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').collect();
        let hundredths = |cell: &str| cell.replace('.', "").parse::<u32>().unwrap();
        assert_eq!(hundredths(cells[1]) + hundredths(cells[2]), 2000, "{line}");
        assert!(cells[1].split_once('.').unwrap().1.len() == 2, "{line}");
    }
    let named = ok(&tourney(&["vp-scale", "--boards", "8", "--scale", "WBF2013"]));
    assert_eq!(named, stdout);

    let out = tourney(&["vp-scale", "--boards", "0"]);
    fails_with(&out, 2, "0 boards: a match has at least 1 board");
    assert!(text(&out.stdout).is_empty());
    fails_with(&tourney(&["vp-scale", "--boards", "-8"]), 2, "-8 boards");
    fails_with(&tourney(&["vp-scale", "--boards", "500"]), 2, "1 to 200 boards");
    fails_with(
        &tourney(&["vp-scale", "--boards", "eight"]),
        2,
        "\"eight\" is not a whole number",
    );
    fails_with(
        &tourney(&["vp-scale", "--boards", "8", "--scale", "wbf25"]),
        2,
        "is not in Tourney: no published table of it was found",
    );
    fails_with(
        &tourney(&["vp-scale", "--boards", "8", "--scale", "imps"]),
        2,
        "the scales Tourney knows: wbf2013",
    );
}

/// The ACBL 30-VP scale printed for a 7-board match: the page's rows ("5-6" IMPs → 22-8) a row
/// per margin, 30 between the two; a match length the page has no column for is refused.
#[test]
fn vp_scale_prints_the_acbl_30_vp_scale_for_7_boards() {
    let stdout = ok(&tourney(&["vp-scale", "--boards", "7", "--scale", "acbl30"]));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "IMPs,winner,loser");
    assert_eq!(lines.len(), 1 + 29, "0 to the blitz of 28: {stdout}");
    assert_eq!(lines[1], "0,15.00,15.00");
    assert_eq!(lines[2], "1,18.00,12.00");
    assert_eq!(lines[6], "5,22.00,8.00");
    assert_eq!(lines[7], "6,22.00,8.00");
    assert_eq!(lines[29], "28,30.00,0.00");
    let ten = ok(&tourney(&["vp-scale", "--boards", "10", "--scale", "ACBL-20"]));
    assert_eq!(ten.lines().nth(37), Some("36,20.00,0.00"));
    let out = tourney(&["vp-scale", "--boards", "12", "--scale", "acbl30"]);
    fails_with(&out, 2, "acbl30 is published for matches of 6 to 11 boards only");
    assert!(text(&out.stdout).is_empty());
}

/// Issue 45: the club teams movement (American Whist) printed as a guide, written as CSV
/// and as table cards; four teams head to head; too many refused with the reason; no file
/// replaced without --force.
#[test]
fn a_club_teams_movement_is_printed_checked_and_refused_for_an_even_count() {
    let guide = ok(&tourney(&[
        "teams-movement",
        "--teams",
        "5",
        "--boards-per-round",
        "6",
    ]));
    assert!(
        guide.starts_with("American Whist for 5 teams: 4 rounds of 6 boards"),
        "{guide}"
    );
    // The published 5-table card: N-S 1 against E-W 3 on boards 7–12 in round 1; E-W move
    // down two tables, the boards down one.
    assert!(
        guide.contains(
            "round 1: against team 3's E-W pair, boards 7–12; then E-W to table 4, boards to table 5"
        ),
        "{guide}"
    );
    // Four teams head to head when asked: each match on boards of its own; 26 are refused.
    let four = ok(&tourney(&[
        "teams-movement",
        "--teams",
        "4",
        "--boards-per-round",
        "6",
        "--four-teams",
        "head-to-head",
    ]));
    assert!(
        four.contains(
            "round 2: against team 3's E-W pair, boards 13–18 (shared with table 3); then E-W to table 2, the boards are done"
        ),
        "{four}"
    );
    // By default the relay: round 2's set (7–12) at every table, in parts of 2, 2, 1 and 1
    // boards passed up one table; table 1 starts with 7–8 and plays last 9–10, then done.
    let relay = ok(&tourney(&[
        "teams-movement",
        "--teams",
        "4",
        "--boards-per-round",
        "6",
    ]));
    assert!(
        relay.starts_with("Relay for 4 teams: 3 rounds of 6 boards (18 boards in play"),
        "{relay}"
    );
    assert!(
        relay.contains(
            "round 2: against team 3's E-W pair, boards 7–12, relayed in parts: start with boards 7–8 → table 2, then boards 12 → table 2, then boards 11 → table 2, then boards 9–10 (then done); then E-W to table 2, and a new set"
        ),
        "{relay}"
    );
    fails_with(
        &tourney(&["teams-movement", "--teams", "6", "--four-teams", "relay"]),
        2,
        "6 teams: \"relay\" is a choice for 4 teams only",
    );
    fails_with(
        &tourney(&[
            "teams-movement",
            "--teams",
            "4",
            "--boards-per-round",
            "3",
            "--four-teams",
            "relay",
        ]),
        2,
        "needs at least 4 boards a round",
    );
    fails_with(
        &tourney(&["teams-movement", "--teams", "26"]),
        2,
        "a club teams movement is made for 3 to 25 teams",
    );
    let dir = scratch("teams-movement");
    let csv = dir.join("aw7.csv");
    let pdf = dir.join("aw7.pdf");
    let (c, p) = (csv.to_str().unwrap(), pdf.to_str().unwrap());
    ok(&tourney(&[
        "teams-movement",
        "--teams",
        "7",
        "--out",
        c,
        "--pdf",
        p,
    ]));
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        rows.lines().next(),
        Some("round,table,ns_team,ew_team,set,first_board,last_board,relay")
    );
    // American Whist has no relay: the last column is empty.
    assert!(rows.lines().skip(1).all(|l| l.ends_with(',')), "{rows}");
    assert_eq!(rows.lines().count(), 1 + 6 * 7, "{rows}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    // Six teams: the found movement, table 6 sharing boards each round.
    let six = ok(&tourney(&["teams-movement", "--teams", "6"]));
    assert!(six.contains("the last table shares boards each round"), "{six}");
    assert_eq!(six.matches("(shared with table 6)").count(), 5, "{six}");
    fails_with(
        &tourney(&["teams-movement", "--teams", "7", "--pdf", p]),
        1,
        "--force replaces it",
    );
}
