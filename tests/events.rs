//! End-to-end: an evening driven through `tourney event …` — create the event file, enter
//! results, correct one, read standings (text, CSV, PDF) and history — and the crash test:
//! results acknowledged before a SIGKILL are all in the file afterwards.

mod common;

use common::{fails_with, fixture, ok, says, scratch, text, tourney, tourney_with_input};
use scheduler::event::ResultValue;
use scheduler::event::store::EventFile;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_whist_drive_evening_from_the_command_line() {
    let dir = scratch("drive");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    let out = tourney(&[
        "event",
        "new",
        f,
        "--format",
        "whist-drive",
        "--roster",
        &fixture("whist_16_international.csv"),
        "--rounds",
        "3",
        "--hands-per-round",
        "2",
        "--title",
        "Thursday drive",
        "--date",
        "2026-11-26",
    ]);
    let stdout = ok(&out);
    assert!(stdout.contains("16 entrants, 3 rounds"), "{stdout}");

    // Round 1: four tables; table 1's N-S take 20 of 26 tricks.
    for (table, ns) in [(1, 20), (2, 13), (3, 12), (4, 14)] {
        let out = tourney(&[
            "event",
            "result",
            f,
            "--round",
            "1",
            "--table",
            &table.to_string(),
            "--ns",
            &ns.to_string(),
            "--ew",
            &(26 - ns).to_string(),
        ]);
        let stdout = ok(&out);
        assert!(stdout.starts_with("saved #"), "{stdout}");
    }
    let show = ok(&tourney(&["event", "show", f]));
    assert!(show.contains("round  1:   4 of   4 results  complete"), "{show}");
    assert!(
        show.contains("round  2:   0 of   4 results  not started"),
        "{show}"
    );

    // A typing mistake is refused with the reason, naming the file; nothing is stored.
    let out = tourney(&[
        "event", "result", f, "--round", "1", "--table", "2", "--ns", "13", "--ew", "12",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("club.tourney") && stderr.contains("2 hand(s) a round make 26"),
        "{stderr}"
    );
    let out = tourney(&[
        "event", "result", f, "--round", "9", "--table", "1", "--ns", "13", "--ew", "13",
    ]);
    assert!(text(&out.stderr).contains("there is no round 9 (the schedule has rounds 1–3)"));

    // A correction: table 4 was 14-12, really 15-11.
    let stdout = ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "4", "--ns", "15", "--ew", "11",
    ]));
    assert!(stdout.contains("(was N-S 14 tricks, E-W 12)"), "{stdout}");
    let history = ok(&tourney(&["event", "history", f]));
    assert!(
        history.contains("corrected") && history.contains("N-S 14 tricks, E-W 12 → N-S 15 tricks, E-W 11"),
        "{history}"
    );

    // The leaders are table 1's North and South with 20 tricks.
    let event = EventFile::open(&file).unwrap();
    let table1 = &event.event().schedule.round(1).unwrap().tables[0];
    let north_south: Vec<String> = table1
        .seats
        .iter()
        .filter(|s| matches!(s.seat, scheduler::Seat::N | scheduler::Seat::S))
        .map(|s| event.event().schedule.entrants[s.entrant].clone())
        .collect();
    drop(event);
    let standings = ok(&tourney(&["event", "standings", f]));
    let first_two: Vec<&str> = standings.lines().skip(1).take(2).collect();
    for name in &north_south {
        assert!(
            first_two
                .iter()
                .any(|l| l.contains(name.as_str()) && l.contains("20")),
            "{standings}"
        );
    }

    let csv_path = dir.join("standings.csv");
    ok(&tourney(&[
        "event",
        "standings",
        f,
        "--csv",
        csv_path.to_str().unwrap(),
        "--excel",
    ]));
    let csv = std::fs::read(&csv_path).unwrap();
    assert!(csv.starts_with(b"\xEF\xBB\xBF"));
    let csv = text(&csv[3..]);
    assert!(csv.starts_with("Rank,Player,Rounds,Tricks\n"), "{csv}");
    assert_eq!(csv.lines().count(), 17);

    let pdf_path = dir.join("standings.pdf");
    ok(&tourney(&[
        "event",
        "standings",
        f,
        "--pdf",
        pdf_path.to_str().unwrap(),
    ]));
    let pdf = lopdf::Document::load(&pdf_path).unwrap();
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    let all_text = pdf.extract_text(&pages).unwrap();
    assert!(
        all_text.contains("Thursday drive") && all_text.contains("Standings"),
        "{all_text}"
    );
    for name in &north_south {
        assert!(
            all_text.contains(name.as_str()),
            "{name} missing from the standings PDF"
        );
    }

    let copy = dir.join("copy.tourney");
    ok(&tourney(&["event", "copy", f, copy.to_str().unwrap()]));
    assert_eq!(
        ok(&tourney(&["event", "standings", copy.to_str().unwrap()])),
        standings
    );
}

/// An evening refused for its rounds names the --rounds that would make one, and writes no file.
#[test]
fn a_refused_evening_names_the_rounds_that_can_be_made() {
    let dir = scratch("refused-rounds");
    let file = dir.join("chess.tourney");
    let f = file.to_str().unwrap();
    let out = tourney(&[
        "event",
        "new",
        f,
        "--format",
        "chess",
        "--players",
        "8",
        "--rounds",
        "9",
    ]);
    fails_with(&out, 1, "has 7 rounds, so it cannot play 9");
    says(&out, "hint: add --rounds 7 to make that evening");
    assert!(!file.exists());
    let out = tourney(&[
        "event",
        "new",
        f,
        "--format",
        "chess",
        "--players",
        "8",
        "--rounds",
        "7",
    ]);
    assert!(ok(&out).contains("8 entrants, 7 rounds"));
}

/// `event copy` never replaces a file by surprise: an existing target is refused, `--force`
/// replaces only another Tourney event, and a file of another program survives even that.
#[test]
fn a_copy_never_overwrites_without_force_and_never_a_foreign_file() {
    let dir = scratch("copy-refuses");
    let first = dir.join("first.tourney");
    let second = dir.join("second.tourney");
    for (path, players) in [(&first, "16"), (&second, "12")] {
        ok(&tourney(&[
            "event",
            "new",
            path.to_str().unwrap(),
            "--format",
            "whist-drive",
            "--players",
            players,
        ]));
    }
    let (a, b) = (first.to_str().unwrap(), second.to_str().unwrap());
    let second_before = std::fs::read(&second).unwrap();

    let refused = tourney(&["event", "copy", a, b]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("exists already") && text(&refused.stderr).contains("--force"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(
        std::fs::read(&second).unwrap(),
        second_before,
        "the other event is untouched"
    );

    let foreign = dir.join("accounts.csv");
    std::fs::write(&foreign, "date,amount\n2026-11-25,12.50\n").unwrap();
    for force in [false, true] {
        let mut args = vec!["event", "copy", a, foreign.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        let out = tourney(&args);
        assert_eq!(out.status.code(), Some(1), "--force {force}");
        assert_eq!(
            std::fs::read_to_string(&foreign).unwrap(),
            "date,amount\n2026-11-25,12.50\n"
        );
    }

    let onto_itself = tourney(&["event", "copy", a, a, "--force"]);
    fails_with(&onto_itself, 1, "cannot replace the event it is made from");

    ok(&tourney(&["event", "copy", a, b, "--force"]));
    assert!(
        ok(&tourney(&["event", "show", b])).contains("16 entrants"),
        "the copy replaced it"
    );
}

#[test]
fn bridge_results_by_contract_relative_tricks_and_score() {
    let dir = scratch("bridge");
    let file = dir.join("pairs.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "bridge-pairs",
        "--movement",
        "round-robin",
        "--players",
        "6",
        "--boards-per-round",
        "2",
        "--imps",
        "butler",
    ]));
    let entries = [
        vec!["--deal", "1", "--contract", "4S", "--by", "N", "--tricks", "="],
        vec!["--deal", "1", "--contract", "4s", "--by", "n", "--tricks", "+1"],
        vec!["--deal", "1", "--contract", "3NT", "--by", "E", "--tricks", "9"],
    ];
    for (table, entry) in entries.iter().enumerate() {
        let mut args = vec!["event", "result", f, "--round", "1", "--table"];
        let table = (table + 1).to_string();
        args.push(&table);
        args.extend(entry.iter().copied());
        let stdout = ok(&tourney(&args));
        assert!(
            stdout.contains("round 1 table") && stdout.contains("board 1"),
            "{stdout}"
        );
    }
    let out = tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--deal", "5", "--passed",
    ]);
    says(&out, "round 1 plays boards 1–2, not board 5");
    let out = tourney(&[
        "event",
        "result",
        f,
        "--round",
        "1",
        "--table",
        "1",
        "--deal",
        "2",
        "--contract",
        "8S",
        "--by",
        "N",
        "--tricks",
        "=",
    ]);
    says(&out, "level from 1 to 7");
    ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--deal", "2", "--score", "-100",
    ]));
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(standings.lines().next().unwrap().ends_with("IMPs"), "{standings}");
    assert!(standings.contains("Butler"), "{standings}");
}

#[test]
fn chess_from_the_command_line_with_a_forfeit() {
    let dir = scratch("chess");
    let file = dir.join("chess.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "chess",
        "--players",
        "5",
        "--bye-points",
        "1",
    ]));
    ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--result", "1-0",
    ]));
    ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "2", "--result", "-+",
    ]));
    let out = tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--result", "2-0",
    ]);
    says(&out, "is not one of 1-0");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(standings.starts_with("Rank  Player"), "{standings}");
    assert!(
        standings.contains("SB") && standings.contains("BH-C1"),
        "{standings}"
    );
    let csv = ok(&tourney(&["event", "standings", f, "--csv", "-"]));
    let points: f64 = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(points, 3.0, "two games and a bye worth 1: {csv}");
}

#[test]
fn bad_event_files_are_named_and_left_alone() {
    let dir = scratch("bad-files");
    let roster = dir.join("roster.tourney");
    std::fs::write(&roster, "name\nAnn\n").unwrap();
    let out = tourney(&["event", "standings", roster.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "roster.tourney: not a Tourney event file (it is not an SQLite database); it was not changed"
        ),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&roster).unwrap(), "name\nAnn\n");
    let missing = dir.join("missing.tourney");
    let out = tourney(&["event", "show", missing.to_str().unwrap()]);
    says(&out, "missing.tourney");
    assert!(!missing.exists(), "opening never creates a file");
    // `event new` never overwrites.
    let out = tourney(&[
        "event",
        "new",
        roster.to_str().unwrap(),
        "--format",
        "chess",
        "--players",
        "4",
    ]);
    assert!(text(&out.stderr).contains("exists already"));
    assert_eq!(std::fs::read_to_string(&roster).unwrap(), "name\nAnn\n");
}

/// A small deterministic generator for the kill moments.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A child enters results in a loop (`--stdin`, one acknowledgement per result) and is killed
/// with SIGKILL at a random moment, 100 times over the same file. Every acknowledged result
/// must be in the file afterwards and the file must open every time.
#[test]
fn results_acknowledged_before_a_kill_are_never_lost() {
    let dir = scratch("crash");
    let file = dir.join("crash.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "pairs",
        "--players",
        "40",
    ]));
    let keys: Vec<(u32, u32)> = {
        let event = EventFile::open(&file).unwrap();
        event
            .event()
            .schedule
            .rounds
            .iter()
            .flat_map(|r| r.tables.iter().map(move |t| (r.number, t.number)))
            .collect()
    };
    let mut random = Lcg(2026);
    let mut counter: u64 = 0;
    let mut acknowledged: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    let mut total_acks = 0;
    // The kill comes a random moment after the run's first acknowledgement, so every run is
    // killed in the middle of entering, however slowly the process starts on a busy machine.
    for kill in 0..100 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(["event", "result", f, "--stdin"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the entering process");
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let delay = Duration::from_millis(random.below(60));
        let mut child = Some(child);
        let mut killer = None;
        loop {
            counter += 1;
            let (round, table) = keys[(counter as usize) % keys.len()];
            if writeln!(stdin, "--round {round} --table {table} --score {counter}-0").is_err() {
                break;
            }
            let mut line = String::new();
            match stdout.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            assert!(line.starts_with("saved #"), "kill {kill}: {line}");
            acknowledged.insert((round, table), counter);
            total_acks += 1;
            if let Some(mut child) = child.take() {
                killer = Some(std::thread::spawn(move || {
                    std::thread::sleep(delay);
                    child.kill().expect("SIGKILL");
                    child.wait().expect("reap");
                }));
            }
        }
        killer
            .expect("the run acknowledged a result before it was killed")
            .join()
            .unwrap();
        drop(stdin);

        let event =
            EventFile::open(&file).unwrap_or_else(|e| panic!("after kill {kill} the file must open: {e}"));
        let results = event.results().unwrap();
        for (&(round, table), &value) in &acknowledged {
            let key = scheduler::event::ResultKey {
                round,
                table,
                deal: 0,
            };
            match results.get(&key) {
                Some(ResultValue::Score { home, .. }) => assert!(
                    *home >= value as f64,
                    "kill {kill}: round {round} table {table} acknowledged {value}, file has {home}"
                ),
                other => panic!(
                    "kill {kill}: acknowledged round {round} table {table} = {value} is lost ({other:?})"
                ),
            }
        }
    }
    assert!(
        total_acks >= 100,
        "only {total_acks} results were acknowledged over 100 kills"
    );
    eprintln!("{total_acks} results acknowledged over 100 kills, none lost");
}

/// Issue 21, item 2: an export never replaces the event it reads nor any other event file,
/// even with --force; other existing files only with --force.
#[test]
fn exports_never_replace_an_event_and_replace_other_files_only_with_force() {
    let dir = scratch("export-targets");
    let event = dir.join("club.tourney");
    let other = dir.join("other.tourney");
    for path in [&event, &other] {
        ok(&tourney(&[
            "event",
            "new",
            path.to_str().unwrap(),
            "--format",
            "whist-drive",
            "--players",
            "8",
        ]));
    }
    let (e, o) = (event.to_str().unwrap(), other.to_str().unwrap());
    let event_before = std::fs::read(&event).unwrap();
    let other_before = std::fs::read(&other).unwrap();
    // Onto the event it reads (by its own name, and through another spelling of the path).
    let dotted = dir.join(".").join("club.tourney");
    for target in [e, dotted.to_str().unwrap()] {
        for kind in ["--csv", "--pdf"] {
            let out = tourney(&["event", "standings", e, kind, target, "--force"]);
            assert_eq!(out.status.code(), Some(1), "{kind} {target}");
            says(&out, "the file this command reads");
        }
    }
    // Onto another event, and onto an event renamed without its extension.
    let disguised = dir.join("backup.dat");
    std::fs::copy(&other, &disguised).unwrap();
    for target in [o, disguised.to_str().unwrap()] {
        let out = tourney(&["event", "standings", e, "--csv", target, "--force"]);
        fails_with(&out, 1, "Tourney event file");
    }
    assert_eq!(std::fs::read(&event).unwrap(), event_before);
    assert_eq!(std::fs::read(&other).unwrap(), other_before);
    assert_eq!(std::fs::read(&disguised).unwrap(), other_before);
    // The event still opens, as before.
    ok(&tourney(&["event", "show", e]));

    // An ordinary existing file: refused without --force, replaced with it.
    let csv = dir.join("standings.csv");
    std::fs::write(&csv, "keep me").unwrap();
    let refused = tourney(&["event", "standings", e, "--csv", csv.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stderr).contains("exists already") && text(&refused.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "keep me");
    ok(&tourney(&[
        "event",
        "standings",
        e,
        "--csv",
        csv.to_str().unwrap(),
        "--force",
    ]));
    assert!(std::fs::read_to_string(&csv).unwrap().contains("Player 1"));
    // Nothing half-made is left beside the targets.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Issue 21, items 6, 7 and 15: typed results that are out of range, contradictory or
/// mistyped get one sentence that says what is wrong, naming the event file once.
#[test]
fn result_entry_refusals_say_what_is_wrong() {
    let dir = scratch("entry-messages");
    let drive = dir.join("drive.tourney");
    let d = drive.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        d,
        "--format",
        "whist-drive",
        "--players",
        "8",
    ]));
    let negative = tourney(&[
        "event", "result", d, "--round", "1", "--table", "1", "--ns", "-1", "--ew", "14",
    ]);
    assert_eq!(negative.status.code(), Some(2));
    let stderr = text(&negative.stderr);
    assert!(stderr.contains("-1 is negative; counts start at 0"), "{stderr}");
    assert!(
        !stderr.contains("-- -1"),
        "clap's tip does not work here: {stderr}"
    );
    let huge = tourney(&[
        "event",
        "result",
        d,
        "--round",
        "1",
        "--table",
        "1",
        "--ns",
        "4294967295",
        "--ew",
        "14",
    ]);
    assert_eq!(huge.status.code(), Some(1));
    let stderr = text(&huge.stderr);
    assert!(
        stderr.contains("4294967295") && stderr.contains("0–13"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("drive.tourney").count(), 1, "{stderr}");
    let zero_hands = tourney(&[
        "event",
        "new",
        dir.join("zero.tourney").to_str().unwrap(),
        "--format",
        "whist-drive",
        "--players",
        "8",
        "--hands-per-round",
        "0",
    ]);
    fails_with(&zero_hands, 1, "0 hands per round");
    assert!(!dir.join("zero.tourney").exists());

    let pairs = dir.join("pairs.tourney");
    let p = pairs.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        p,
        "--format",
        "bridge-pairs",
        "--movement",
        "round-robin",
        "--players",
        "6",
    ]));
    let both = tourney(&[
        "event",
        "result",
        p,
        "--round",
        "1",
        "--table",
        "1",
        "--deal",
        "1",
        "--passed",
        "--contract",
        "4S",
        "--by",
        "N",
        "--tricks",
        "=",
    ]);
    fails_with(&both, 1, "a passed-out board has no contract");
    // --stdin: quoted values lose their quotes; clap's own "error: " is not repeated.
    let out = tourney_with_input(
        &["event", "result", p, "--stdin"],
        b"--round 1 --table 1 --deal 1 --contract \"4S\" --by 'N' --tricks =\n--round 1 --bogus\n--round 1 --table 1 --deal 2 --contract \"4S\n",
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert!(lines[0].starts_with("saved #"), "{lines:?}");
    assert!(
        lines[1].starts_with("error: line 2: unexpected argument '--bogus'"),
        "{lines:?}"
    );
    assert_eq!(lines[2], "error: line 3: a \" quote is never closed on this line");
}

#[test]
fn a_club_pairs_evening_with_moving_boards_from_the_command_line() {
    let dir = scratch("club-pairs");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    // 14 pairs, about 28 boards: the 7-table Mitchell, 7 rounds of 4 boards.
    let created = new_club_evening(f);
    assert!(created.contains("7 rounds"), "{created}");
    let show = ok(&tourney(&["event", "show", f]));
    assert!(show.contains("Mitchell"), "{show}");
    // Round 1: N-S pair 1 against E-W pair 1 at table 1 plays boards 1–4; entered from the
    // traveller by board and pairs, the round and table are found.
    let saved = four_spades_on_board_one(f);
    assert!(
        saved.contains("round 1 table 1 board 1") && saved.contains("N-S +420"),
        "{saved}"
    );
    // Table 1 does not play board 5 in round 1: the message names the table's boards.
    let out = tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--board", "5", "--passed",
    ]);
    fails_with(&out, 1, "round 1 table 1 plays boards 1–4, not board 5");
    // The pairs written the wrong way round are refused with where they sat.
    let out = tourney(&[
        "event", "result", f, "--board", "1", "--ns", "1EW", "--ew", "1NS", "--score", "100",
    ]);
    fails_with(&out, 1, "write the pairs that way round");
    // The director's scores: AVE+ for N-S (AVE- for E-W), and a board not played.
    let saved = ok(&tourney(&[
        "event",
        "result",
        f,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "2",
        "--artificial",
        "AVE+",
    ]));
    assert!(saved.contains("N-S AVE+, E-W AVE-"), "{saved}");
    ok(&tourney(&[
        "event",
        "result",
        f,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "3",
        "--artificial",
        "NP",
    ]));
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.contains("North-South") && standings.contains("East-West"),
        "{standings}"
    );
    assert!(standings.contains("Neuberg"), "{standings}");
    // E-W pair 7 leaves after round 5: its opponents sit out rounds 6 and 7.
    let left = ok(&tourney(&[
        "event",
        "withdraw",
        f,
        "--pair",
        "7EW",
        "--after-round",
        "5",
    ]));
    assert!(left.contains("left after round 5"), "{left}");
    let again = tourney(&["event", "withdraw", f, "--pair", "7EW", "--after-round", "5"]);
    says(&again, "already left");
    // N-S pair 1 has a result in round 1: it cannot leave after round 0.
    let early = tourney(&["event", "withdraw", f, "--pair", "1", "--after-round", "0"]);
    says(&early, "clear them first");
    let show = ok(&tourney(&["event", "show", f]));
    assert!(show.contains("round  6:   0 of  24 results"), "{show}");
    // Hand records: the dealing machine's PBN attached to the boards, and written back.
    let pbn = dir.join("deals.pbn");
    ok(&tourney(&[
        "deals",
        "--boards",
        "28",
        "--seed",
        "5",
        "--out",
        pbn.to_str().unwrap(),
    ]));
    let attached = ok(&tourney(&["event", "deals", f, "--pbn", pbn.to_str().unwrap()]));
    assert!(attached.contains("attached 28 hand record(s)"), "{attached}");
    let back = dir.join("back.pbn");
    ok(&tourney(&["event", "deals", f, "--out", back.to_str().unwrap()]));
    let deal_lines = |p: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("[Deal "))
            .map(String::from)
            .collect()
    };
    assert_eq!(deal_lines(&pbn).len(), 28);
    let (written, read_back) = (deal_lines(&pbn), deal_lines(&back));
    assert_eq!(read_back.len(), 28);
    // Both files start each deal from the dealer: the same hands, in the same words.
    assert_eq!(written, read_back);
    let too_many = dir.join("many.pbn");
    ok(&tourney(&[
        "deals",
        "--boards",
        "30",
        "--seed",
        "5",
        "--out",
        too_many.to_str().unwrap(),
    ]));
    let refused = tourney(&["event", "deals", f, "--pbn", too_many.to_str().unwrap()]);
    says(&refused, "29, 30 do not belong");
    // The USEBIO export: written once, refused over itself without --force.
    let xml = dir.join("club.xml");
    let x = xml.to_str().unwrap();
    ok(&tourney(&["event", "export", f, "--usebio", x]));
    let written = std::fs::read_to_string(&xml).unwrap();
    assert!(
        written.contains("<USEBIO Version=\"1.2\">") && written.contains("<TRAVELLER_LINE>"),
        "{written}"
    );
    let again = tourney(&["event", "export", f, "--usebio", x]);
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stderr));
    ok(&tourney(&["event", "export", f, "--usebio", x, "--force"]));
    // An arrow-switched Mitchell has one winner; a Howell is offered for 8 pairs.
    let one = dir.join("one.tourney");
    let created = ok(&tourney(&[
        "event",
        "new",
        one.to_str().unwrap(),
        "--format",
        "bridge-pairs",
        "--players",
        "8",
        "--movement",
        "howell",
        "--boards",
        "21",
    ]));
    assert!(created.contains("7 rounds"), "{created}");
    let standings = ok(&tourney(&["event", "standings", one.to_str().unwrap()]));
    assert!(!standings.contains("North-South"), "{standings}");
    // A kind that does not exist for the number of pairs is refused with the ones that do.
    let out = tourney(&[
        "event",
        "new",
        dir.join("bad.tourney").to_str().unwrap(),
        "--format",
        "bridge-pairs",
        "--players",
        "14",
        "--movement",
        "skip-mitchell",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("bad.tourney").exists());
}

#[test]
fn a_club_pairs_evening_prints_its_sheets_and_both_rankings() {
    let dir = scratch("club-pairs-sheets");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "bridge-pairs",
        "--players",
        "14",
        "--boards",
        "21",
    ]));
    let pdf = dir.join("sheets.pdf");
    let p = pdf.to_str().unwrap();
    ok(&tourney(&["event", "sheets", f, "--pdf", p]));
    let first = std::fs::read(&pdf).unwrap();
    assert!(
        first.starts_with(b"%PDF") && first.len() > 20_000,
        "{} bytes",
        first.len()
    );
    // An existing file is never replaced without --force.
    let again = tourney(&["event", "sheets", f, "--pdf", p, "--kind", "travellers"]);
    fails_with(&again, 1, "--force");
    assert_eq!(std::fs::read(&pdf).unwrap(), first);
    ok(&tourney(&[
        "event",
        "sheets",
        f,
        "--pdf",
        p,
        "--kind",
        "travellers",
        "--force",
    ]));
    assert_ne!(std::fs::read(&pdf).unwrap(), first);
    // Standings need results: a sentence, not a panic.
    let none = tourney(&["event", "sheets", f, "--pdf", p, "--kind", "standings", "--force"]);
    fails_with(&none, 1, "no results yet");
    // One result, then the standings PDF ranks N-S and E-W apart under their headings.
    four_spades_on_board_one(f);
    let standings = dir.join("standings.pdf");
    ok(&tourney(&[
        "event",
        "standings",
        f,
        "--pdf",
        standings.to_str().unwrap(),
    ]));
    let document = lopdf::Document::load(&standings).unwrap();
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    let text: String = document
        .extract_text(&pages)
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(
        text.contains("North-South") && text.contains("East-West"),
        "{text}"
    );
}

/// Issue 23: a late arrival and a withdrawal once results exist, from the command line. A
/// whist drive: Zoe joins before round 2 (the rounds not yet played are seated again and
/// checked), player 3 leaves after round 2; both are in the history, the standings say so.
/// A chess round robin of 5: the newcomer takes the bye.
#[test]
fn late_arrivals_and_withdrawals_from_the_command_line() {
    let dir = scratch("late");
    let file = dir.join("drive.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "whist-drive",
        "--roster",
        &fixture("whist_16_international.csv"),
        "--rounds",
        "5",
        "--hands-per-round",
        "1",
    ]));
    for table in 1..=4 {
        ok(&tourney(&[
            "event",
            "result",
            f,
            "--round",
            "1",
            "--table",
            &table.to_string(),
            "--ns",
            "7",
            "--ew",
            "6",
        ]));
    }
    // Round 1 has results: joining before it is refused with the reason.
    let early = tourney(&["event", "late", f, "--name", "Zoe Late", "--before-round", "1"]);
    assert!(!early.status.success());
    says(
        &early,
        "round 1 has results already (round 1 table 1), so Zoe Late can join before round 2 at the earliest",
    );
    let joined = ok(&tourney(&["event", "late", f, "--name", "Zoe Late"]));
    assert!(
        joined.starts_with("Late arrival: Zoe Late joined before round 2\n"),
        "{joined}"
    );
    assert!(
        joined.contains("Rounds 2–5 were seated again for 17 players"),
        "{joined}"
    );
    assert!(
        joined.contains("Checked: the played rounds are unchanged"),
        "{joined}"
    );
    let show = ok(&tourney(&["event", "show", f]));
    assert!(show.contains("17 entrants, 5 rounds"), "{show}");
    for table in 1..=4 {
        ok(&tourney(&[
            "event",
            "result",
            f,
            "--round",
            "2",
            "--table",
            &table.to_string(),
            "--ns",
            "7",
            "--ew",
            "6",
        ]));
    }
    let left = ok(&tourney(&[
        "event",
        "withdraw",
        f,
        "--player",
        "3",
        "--after-round",
        "2",
    ]));
    assert!(left.starts_with("Withdrawal: "), "{left}");
    assert!(left.contains(" left after round 2\n"), "{left}");
    let unknown = tourney(&["event", "withdraw", f, "--player", "99", "--after-round", "2"]);
    says(&unknown, "there is no player number 99 in the roster");
    let history = ok(&tourney(&["event", "history", f]));
    assert!(
        history.contains("Late arrival: Zoe Late joined before round 2"),
        "{history}"
    );
    assert!(history.contains("left after round 2"), "{history}");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.contains("Zoe Late joined before round 2: round(s) 1 not played"),
        "{standings}"
    );

    let chess = dir.join("chess.tourney");
    let c = chess.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        c,
        "--format",
        "chess",
        "--players",
        "5",
    ]));
    ok(&tourney(&[
        "event", "result", c, "--round", "1", "--table", "1", "--result", "1-0",
    ]));
    let joined = ok(&tourney(&["event", "late", c, "--name", "Ann"]));
    assert!(joined.contains("Ann takes the phantom's seat"), "{joined}");
}

/// The text of a PDF written by the binary, without whitespace (typst places words one by
/// one, so the spaces in extracted text are unpredictable).
fn pdf_text(path: &Path) -> String {
    let document = lopdf::Document::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    document
        .extract_text(&pages)
        .expect("page text")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[test]
fn tourney_sheets_prints_every_sheet_of_an_event_file() {
    let dir = scratch("sheets-of-an-event");
    let file = dir.join("cup.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "chess",
        "--roster",
        &fixture("whist_evening_23.csv"),
        "--title",
        "Spring Cup",
        "--club",
        "Oakfield Chess",
        "--date",
        "2026-03-14",
    ]));
    ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--result", "1-0",
    ]));
    let pdf = dir.join("cup.pdf");
    let p = pdf.to_str().unwrap();
    let wide = dir.join("rounds.csv");
    ok(&tourney(&[
        "sheets",
        f,
        "--pdf",
        p,
        "--round-sheet",
        wide.to_str().unwrap(),
    ]));
    let all = pdf_text(&pdf);
    // Every sheet the window offers for a chess event with a result, headed with the
    // event's own title, club and date, and the players by name.
    for wanted in [
        "SpringCup",
        "OakfieldChess",
        "14March2026",
        "Roundsheet",
        "Tablecards",
        "Personalmovementcards",
        "Standings",
        "AishaKhan",
        "IvyMoss",
    ] {
        assert!(all.contains(wanted), "{wanted} missing from the sheets: {all}");
    }
    let csv = text(&std::fs::read(&wide).unwrap());
    assert!(csv.starts_with("round,table,home,away,bye\n"), "{csv}");
    assert!(csv.contains("Aisha Khan"), "{csv}");

    // An existing PDF is never replaced without --force; with it, one kind on Letter.
    let first = std::fs::read(&pdf).unwrap();
    let again = tourney(&["sheets", f, "--pdf", p, "--kind", "personal"]);
    fails_with(&again, 1, "--force");
    assert_eq!(std::fs::read(&pdf).unwrap(), first);
    ok(&tourney(&[
        "sheets", f, "--pdf", p, "--kind", "personal", "--paper", "letter", "--force",
    ]));
    let cards = pdf_text(&pdf);
    assert!(
        cards.contains("Personalmovementcards")
            && !cards.contains("Roundsheet")
            && cards.contains("SpringCup"),
        "{cards}"
    );
    // The event file itself is never an output, even with --force.
    let onto = tourney(&["sheets", f, "--pdf", f, "--force"]);
    assert_eq!(onto.status.code(), Some(1));
    assert!(EventFile::open(&file).is_ok(), "the event file was damaged");
}

#[test]
fn tourney_sheets_prints_a_club_pairs_event_file_like_the_sheets_view() {
    let dir = scratch("sheets-of-a-club-pairs-event");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "bridge-pairs",
        "--roster",
        &fixture("whist_evening_23.csv"),
        "--boards",
        "24",
        "--title",
        "Monday Pairs",
        "--club",
        "Riverside BC",
        "--date",
        "2026-11-30",
    ]));
    let pdf = dir.join("evening.pdf");
    ok(&tourney(&["sheets", f, "--pdf", pdf.to_str().unwrap()]));
    let all = pdf_text(&pdf);
    for wanted in [
        "MondayPairs",
        "RiversideBC",
        "30November2026",
        "Movementsummary",
        "Tablecards",
        "Travellers",
        "Scorecards",
        "AishaKhan",
    ] {
        assert!(all.contains(wanted), "{wanted} missing from the sheets: {all}");
    }
    // No results yet: standings are not among "all", and asking for them says why.
    assert!(!all.contains("Standings"), "{all}");
    let none = tourney(&[
        "sheets",
        f,
        "--pdf",
        pdf.to_str().unwrap(),
        "--kind",
        "standings",
        "--force",
    ]);
    fails_with(&none, 1, "no results yet");
}

/// Club pairs, entered from the traveller: board 1, N-S pair 1 against E-W pair 1, 4S by
/// North made exactly; returns what the command printed.
fn four_spades_on_board_one(f: &str) -> String {
    ok(&tourney(&[
        "event",
        "result",
        f,
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "1",
        "--contract",
        "4S",
        "--by",
        "N",
        "--tricks",
        "=",
    ]))
}

/// Issue 38, item 1: `event result` and `event withdraw` started together on the same file,
/// a few hundred times over. Each change is checked inside its write transaction against
/// what is stored, so whichever comes second is refused with a sentence when the first has
/// made it wrong, and the file always reads back whole. On the club evening exactly one of
/// the two can succeed: the result is for a table the withdrawal removes.
#[test]
fn a_result_racing_a_withdrawal_never_damages_the_event() {
    let dir = scratch("race");
    // (name, `event new` options, the result, the withdrawal, the entrant that leaves)
    type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str], usize);
    let cases: [Case; 2] = [
        (
            "club",
            &["--format", "bridge-pairs", "--players", "14", "--boards", "28"],
            // 5NS against 7EW: round 6 table 5, which 7EW leaving after round 5 removes.
            &["--board", "9", "--ns", "5NS", "--ew", "7EW", "--score", "100"],
            &["--pair", "7EW", "--after-round", "5"],
            150,
        ),
        (
            "whist",
            &["--format", "whist-drive", "--players", "16", "--rounds", "5"],
            &["--round", "3", "--table", "4", "--ns", "9", "--ew", "4"],
            &["--player", "5", "--after-round", "1"],
            100,
        ),
    ];
    for (kind, new, result, withdraw, races) in cases {
        let base = dir.join(format!("{kind}-base.tourney"));
        let mut args = vec!["event", "new", base.to_str().unwrap()];
        args.extend_from_slice(new);
        ok(&tourney(&args));
        let file = dir.join(format!("{kind}.tourney"));
        let f = file.to_str().unwrap();
        let (mut results_won, mut withdrawals_won) = (0, 0);
        for race in 0..races {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{f}{suffix}"));
            }
            std::fs::copy(&base, &file).unwrap();
            let start = |command: &str, rest: &[&str]| {
                Command::new(env!("CARGO_BIN_EXE_tourney"))
                    .args(["event", command, f])
                    .args(rest)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("start tourney")
            };
            let (entering, leaving) = if race % 2 == 0 {
                let a = start("result", result);
                (a, start("withdraw", withdraw))
            } else {
                let b = start("withdraw", withdraw);
                (start("result", result), b)
            };
            let entered = entering.wait_with_output().unwrap();
            let left = leaving.wait_with_output().unwrap();
            for (what, out) in [("result", &entered), ("withdraw", &left)] {
                if !out.status.success() {
                    let said = text(&out.stderr);
                    assert!(
                        said.contains(f) && !said.contains("panicked") && !said.contains("damaged"),
                        "{kind} race {race}: {what} refused without a sentence naming the file: {said}"
                    );
                }
            }
            results_won += usize::from(entered.status.success());
            withdrawals_won += usize::from(left.status.success());
            let event = EventFile::open(&file)
                .unwrap_or_else(|e| panic!("{kind} race {race}: the file must open: {e}"));
            let unfit = event.unfit_results().unwrap();
            assert!(unfit.is_empty(), "{kind} race {race}: {unfit:?}");
            event
                .results()
                .unwrap_or_else(|e| panic!("{kind} race {race}: results must read: {e}"));
            if kind == "club" {
                assert_eq!(
                    usize::from(entered.status.success()) + usize::from(left.status.success()),
                    1,
                    "club race {race}: exactly one of the two can be right"
                );
            }
            ok(&tourney(&["event", "show", f]));
        }
        eprintln!(
            "{kind}: {races} races, the result stored in {results_won}, the withdrawal in {withdrawals_won}"
        );
    }
}

/// Issue 38, item 5: an event in a folder this user cannot write (a USB stick, a shared
/// drive) can still be shown, listed, copied, exported and printed to a writable folder; a
/// change is refused as read-only. Run as a person would be: as root (CI) the real binary is
/// run as the unprivileged user `nobody` through `setpriv`, since permission bits do not
/// stop root; otherwise as this user.
#[test]
fn an_event_in_a_read_only_folder_can_be_read_and_exported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only-folder");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let folder = dir.join("stick");
    std::fs::create_dir(&folder).unwrap();
    let event = folder.join("club.tourney");
    let e = event.to_str().unwrap();
    new_club_evening(e);
    ok(&tourney(&[
        "event", "result", e, "--board", "1", "--ns", "1", "--ew", "1", "--score", "420",
    ]));
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777)).unwrap();
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0");
    let binary = if root {
        // `nobody` can neither reach the build folder nor write the stick.
        let copy = dir.join("tourney");
        std::fs::copy(env!("CARGO_BIN_EXE_tourney"), &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
        for path in [&folder, &event] {
            std::os::unix::fs::chown(path, Some(65534), Some(65534)).unwrap();
        }
        copy
    } else {
        PathBuf::from(env!("CARGO_BIN_EXE_tourney"))
    };
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let run = |args: &[&str]| {
        let mut command = if root {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(&binary);
            c
        } else {
            Command::new(&binary)
        };
        command
            .args(args)
            .env("HOME", &out)
            .output()
            .expect("run tourney")
    };
    let o = |name: &str| out.join(name).to_str().unwrap().to_owned();
    let shown = ok(&run(&["event", "show", e]));
    assert!(shown.contains("round  1:   1 of"), "{shown}");
    ok(&run(&["event", "history", e]));
    ok(&run(&["event", "standings", e]));
    ok(&run(&["event", "export", e, "--usebio", &o("club.xml")]));
    ok(&run(&["event", "copy", e, &o("copy.tourney")]));
    ok(&run(&["event", "sheets", e, "--pdf", &o("sheets.pdf")]));
    assert!(
        std::fs::read(out.join("sheets.pdf"))
            .unwrap()
            .starts_with(b"%PDF")
    );
    assert!(
        std::fs::read_to_string(out.join("club.xml"))
            .unwrap()
            .contains("<EVENT")
    );
    let refused = run(&[
        "event", "result", e, "--board", "2", "--ns", "1", "--ew", "1", "--score", "420",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("is read-only"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        1,
        "nothing was added beside the event"
    );
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Issue 38, item 6: on a nearly full disk (less room than SQLite's 32 kB shared-memory
/// file), a result is refused as "the disk is full", not "disk I/O error", and the event can
/// still be shown. Needs a small file system: as root (CI) a 200 kB tmpfs is mounted for
/// the test; where mounting is not allowed the test says so and checks nothing more.
#[test]
fn a_nearly_full_disk_is_named_and_the_event_still_shows() {
    let dir = scratch("nearly-full");
    let small = dir.join("small");
    std::fs::create_dir(&small).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=200k", "tmpfs"])
        .arg(&small)
        .output()
        .is_ok_and(|o| o.status.success());
    if !mounted {
        println!("no small file system could be mounted here (not root?): the full-disk case was not run");
        return;
    }
    /// Unmounts the small file system however the test ends.
    struct Unmount(PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(&self.0).status();
        }
    }
    let _unmount = Unmount(small.clone());
    let event = small.join("e.tourney");
    let e = event.to_str().unwrap();
    new_club_evening(e);
    // Fill the disk, leaving 8 kB.
    let free = |path: &Path| {
        let out = Command::new("df")
            .args(["-k", "--output=avail"])
            .arg(path)
            .output()
            .unwrap();
        text(&out.stdout)
            .lines()
            .last()
            .unwrap()
            .trim()
            .parse::<u64>()
            .unwrap()
    };
    let kilobytes = free(&small).saturating_sub(8);
    std::fs::write(small.join("filler"), vec![0u8; (kilobytes * 1024) as usize]).unwrap();
    let refused = tourney(&[
        "event", "result", e, "--board", "1", "--ns", "1", "--ew", "1", "--score", "420",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let said = text(&refused.stderr);
    assert!(
        said.contains("the disk is full") && !said.contains("disk I/O error"),
        "{said}"
    );
    let shown = ok(&tourney(&["event", "show", e]));
    assert!(shown.contains("round  1:   0 of"), "{shown}");
}

/// Issue 38, items 7 and 11: options that do not go together, or that this event does not
/// use, are refused naming them (a contract beside a score used to be dropped, a chess
/// result beside a bridge contract ignored); a typed negative contract gets a sentence, not
/// clap's "-- -1" tip. Nothing is stored by any of them.
#[test]
fn conflicting_or_unused_result_options_are_refused_by_name() {
    let dir = scratch("conflicting-options");
    let club = dir.join("club.tourney");
    let c = club.to_str().unwrap();
    new_club_evening(c);
    let entry = |extra: &[&str]| {
        let mut args = vec!["event", "result", c, "--board", "1", "--ns", "1", "--ew", "1"];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    let both = entry(&[
        "--contract",
        "4S",
        "--by",
        "N",
        "--tricks",
        "10",
        "--score",
        "620",
    ]);
    fails_with(
        &both,
        1,
        "--score 620 and --contract, --by, --tricks given together",
    );
    let chess = entry(&[
        "--contract",
        "4S",
        "--by",
        "N",
        "--tricks",
        "10",
        "--result",
        "1-0",
    ]);
    fails_with(&chess, 1, "--result is not used in this event");
    let negative = entry(&["--contract", "-1S", "--by", "N", "--tricks", "7"]);
    assert_eq!(negative.status.code(), Some(1), "{}", text(&negative.stderr));
    let said = text(&negative.stderr);
    assert!(said.contains("-1S") && !said.contains("-- -1"), "{said}");
    let shown = ok(&tourney(&["event", "show", c]));
    assert!(shown.contains("round  1:   0 of"), "nothing was stored: {shown}");

    let drive = dir.join("drive.tourney");
    let d = drive.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        d,
        "--format",
        "whist-drive",
        "--players",
        "8",
    ]));
    let whist = tourney(&[
        "event", "result", d, "--round", "1", "--table", "1", "--ns", "7", "--ew", "6", "--score", "3-1",
    ]);
    fails_with(&whist, 1, "--score is not used in this event");
}

/// A new 7-table club pairs evening (14 pairs, 28 boards: a Mitchell of 7 rounds) at `file`;
/// what `event new` said.
fn new_club_evening(file: &str) -> String {
    ok(&tourney(&[
        "event",
        "new",
        file,
        "--format",
        "bridge-pairs",
        "--players",
        "14",
        "--boards",
        "28",
    ]))
}

/// Issue 38, item 1, from the command line: a file holding a result that does not fit (as an
/// older Tourney's race left one) is still shown, with the result named as left out;
/// `event repair` lists it, `--remove` removes it (into the history), and the file can be
/// changed again.
#[test]
fn a_damaged_event_is_shown_listed_and_repaired_from_the_command_line() {
    let dir = scratch("repair");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    new_club_evening(f);
    ok(&tourney(&[
        "event", "result", f, "--board", "1", "--ns", "1", "--ew", "1", "--score", "420",
    ]));
    rusqlite::Connection::open(&file)
        .unwrap()
        .execute(
            "INSERT INTO result (round, table_no, deal, value, entered_at) VALUES (6, 99, 9, '{\"kind\":\"bridge\",\"board\":{\"how\":\"north-south-score\",\"score\":100}}', 'then')",
            [],
        )
        .unwrap();
    let shown = tourney(&["event", "show", f]);
    let out = ok(&shown);
    assert!(out.contains("round  1:   1 of"), "{out}");
    let warned = text(&shown.stderr);
    assert!(
        warned.contains("round 6 table 99 board 9, N-S score 100: round 6 has no table 99")
            && warned.contains("tourney event repair"),
        "{warned}"
    );
    let refused = tourney(&[
        "event", "result", f, "--board", "2", "--ns", "1", "--ew", "1", "--score", "420",
    ]);
    fails_with(&refused, 1, "tourney event repair");
    let listed = ok(&tourney(&["event", "repair", f]));
    assert!(
        listed.starts_with("1 stored result(s) do not fit the event:"),
        "{listed}"
    );
    let removed = ok(&tourney(&["event", "repair", f, "--remove"]));
    assert!(
        removed.starts_with("removed round 6 table 99 board 9"),
        "{removed}"
    );
    ok(&tourney(&[
        "event", "result", f, "--board", "2", "--ns", "1", "--ew", "1", "--score", "420",
    ]));
    let history = ok(&tourney(&["event", "history", f]));
    assert!(history.contains("removed: did not fit the event"), "{history}");
    let shown = tourney(&["event", "show", f]);
    assert!(ok(&shown).contains("round  1:   2 of"));
    assert!(text(&shown.stderr).is_empty(), "{}", text(&shown.stderr));
}

/// Issue 39: `tourney event undo` takes back the last change, `redo` puts it back, and the
/// window's write path (the library's session, as the window opens the file) sees the same
/// history: one history, kept in the file.
#[test]
fn undo_and_redo_from_the_command_line_share_the_windows_history() {
    let dir = scratch("undo");
    let file = dir.join("club.tourney");
    let f = file.to_str().unwrap();
    new_club_evening(f);
    fails_with(&tourney(&["event", "undo", f]), 1, "nothing to undo");
    let board_one = |score: &str| {
        ok(&tourney(&[
            "event", "result", f, "--board", "1", "--ns", "1", "--ew", "1", "--score", score,
        ]))
    };
    board_one("420");
    let corrected = board_one("450");
    assert!(corrected.contains("(was N-S score 420)"), "{corrected}");
    let stored = |file: &Path| {
        EventFile::open(file)
            .unwrap()
            .results()
            .unwrap()
            .values()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
    };
    let undone = ok(&tourney(&["event", "undo", f]));
    assert!(
        undone.starts_with("undone #") && undone.contains("the correction of round 1 table 1 board 1"),
        "{undone}"
    );
    assert_eq!(stored(&file), ["N-S score 420"]);
    // The window's write path, opened now, offers the next undo and the redo of this one.
    let session = scheduler::event::session::Session::open(&file).unwrap();
    assert_eq!(
        session.undo_label(),
        Some("the result of round 1 table 1 board 1")
    );
    assert_eq!(
        session.redo_label(),
        Some("the correction of round 1 table 1 board 1")
    );
    drop(session);
    ok(&tourney(&["event", "undo", f]));
    assert!(stored(&file).is_empty());
    fails_with(&tourney(&["event", "undo", f]), 1, "nothing to undo");
    let redone = ok(&tourney(&["event", "redo", f]));
    assert!(
        redone.contains("the result of round 1 table 1 board 1"),
        "{redone}"
    );
    assert_eq!(stored(&file), ["N-S score 420"]);
    let history = ok(&tourney(&["event", "history", f]));
    for action in ["entered", "corrected", "undone", "redone"] {
        assert!(history.contains(action), "{action}: {history}");
    }
    // A pair's withdrawal is taken back too: the movement is as it was.
    let movement = EventFile::open(&file).unwrap().event().schedule.clone();
    let left = ok(&tourney(&[
        "event",
        "withdraw",
        f,
        "--pair",
        "3NS",
        "--after-round",
        "3",
    ]));
    assert_ne!(EventFile::open(&file).unwrap().event().schedule, movement);
    let undone = ok(&tourney(&["event", "undo", f]));
    assert!(undone.contains("left after round 3"), "{left}\n{undone}");
    assert_eq!(EventFile::open(&file).unwrap().event().schedule, movement);
}

/// Issue 39: the same evening entered through the command line and through the window's
/// write path (the session and the entry parser the results view uses) gives the same
/// standings.
#[test]
fn the_command_line_and_the_windows_write_path_give_the_same_standings() {
    use scheduler::event::session::{Command as Change, Session};
    let dir = scratch("one-path");
    let by_cli = dir.join("cli.tourney");
    let by_window = dir.join("window.tourney");
    ok(&tourney(&[
        "event",
        "new",
        by_cli.to_str().unwrap(),
        "--format",
        "whist-drive",
        "--roster",
        &fixture("whist_16_international.csv"),
        "--rounds",
        "3",
        "--hands-per-round",
        "2",
    ]));
    ok(&tourney(&[
        "event",
        "copy",
        by_cli.to_str().unwrap(),
        by_window.to_str().unwrap(),
    ]));
    let mut lines = String::new();
    let mut typed = Vec::new();
    for round in 1..=3u32 {
        for table in 1..=4u32 {
            let ns = (round * 7 + table * 5) % 27;
            lines.push_str(&format!(
                "--round {round} --table {table} --ns {ns} --ew {}\n",
                26 - ns
            ));
            typed.push((round, table, ns.to_string(), (26 - ns).to_string()));
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(["event", "result", by_cli.to_str().unwrap(), "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stdout));
    let mut session = Session::open(&by_window).unwrap();
    for (round, table, ns, ew) in &typed {
        let key = scheduler::event::ResultKey {
            round: *round,
            table: *table,
            deal: 0,
        };
        let value = scheduler::event::entry::typed_result(session.event(), key, &[ns, ew])
            .unwrap()
            .unwrap();
        session.apply(Change::SetResult(key, value)).unwrap();
    }
    drop(session);
    let standings = |file: &Path| {
        ok(&tourney(&[
            "event",
            "standings",
            file.to_str().unwrap(),
            "--csv",
            "-",
        ]))
    };
    let (cli, window) = (standings(&by_cli), standings(&by_window));
    assert!(cli.lines().count() > 16, "{cli}");
    assert_eq!(cli, window);
}

/// Issue 40: a late pair at a 13-pair Mitchell (a half table), from the command line. Round
/// 1 has a result; `event late` seats the pair in the phantom's place from round 2, its
/// missed boards at average; its first board is entered by pair number; the standings list
/// it, say how its missed round is scored, and a full room is refused with what to do.
#[test]
fn a_late_pair_takes_the_half_table_from_the_command_line() {
    let dir = scratch("late-pair");
    let file = dir.join("late.tourney");
    let f = file.to_str().unwrap();
    let roster = fixture("pairs_two_name_columns.csv");
    let roster = roster.as_str();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "bridge-pairs",
        "--roster",
        roster,
        "--movement",
        "mitchell",
        "--boards-per-round",
        "3",
    ]));
    four_spades_on_board_one(f);
    let seated = ok(&tourney(&[
        "event",
        "late",
        f,
        "--name",
        "Zoe Late & Yan Late",
        "--missed",
        "average",
    ]));
    assert!(
        seated.starts_with("Late arrival: Zoe Late & Yan Late joined before round 2 as pair 7 EW"),
        "{seated}"
    );
    assert!(seated.contains("scored for them as average"), "{seated}");
    // 7 EW plays table 1 in round 2 (E-W pairs move up a table a round), against 1 NS.
    let show = ok(&tourney(&["event", "show", f]));
    assert!(show.contains("14 entrants"), "{show}");
    assert!(show.contains("pair 7 EW arrived before round 2"), "{show}");
    let board = ok(&tourney(&[
        "event", "result", f, "--board", "4", "--ns", "1", "--ew", "7EW", "--passed",
    ]));
    assert!(board.contains("round 2 table 1 board 4"), "{board}");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(standings.contains("7 EW  Zoe Late & Yan Late"), "{standings}");
    assert!(
        standings.contains(
            "Zoe Late & Yan Late (pair 7 EW) arrived late, before round 2: round 1 scored as average (50 %)"
        ),
        "{standings}"
    );
    // Every seat is now taken: a second late pair is refused, saying what can be done.
    let full = tourney(&["event", "late", f, "--name", "Ann & Bob"]);
    fails_with(
        &full,
        1,
        "every seat is taken: the Mitchell on 7 tables has all 14 pairs seated",
    );
    says(&full, "they can play as a pair in the next session");
}

/// The window with its server for the phones has the event open twice in one process. Opening
/// it the second time must not drop the process's locks on the file (a plain handle on it,
/// closed, drops them all): else another program closing the file (a command, here) takes
/// itself for the last user, folds the write-ahead log in and deletes it, and the window's
/// next result goes into a deleted file, lost. Found by hand: phones' results "saved" and
/// not in the file.
#[test]
fn an_event_open_twice_in_one_process_keeps_every_write_when_a_command_closes_it() {
    use scheduler::event::ResultKey;
    use scheduler::event::entry::typed_result;
    use scheduler::event::session::{Command as Change, Session};
    let dir = scratch("open-twice");
    let path = dir.join("club.tourney");
    let f = path.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "whist-drive",
        "--players",
        "8",
        "--rounds",
        "2",
    ]));
    let mut window = Session::open(&path).unwrap();
    let server = Session::open_to_write(&path).unwrap();
    ok(&tourney(&[
        "event", "result", f, "--round", "1", "--table", "1", "--ns", "7", "--ew", "6",
    ]));
    ok(&tourney(&["event", "show", f]));
    let key = ResultKey {
        round: 1,
        table: 2,
        deal: 0,
    };
    let value = typed_result(window.event(), key, &["8", "5"]).unwrap().unwrap();
    window.apply(Change::SetResult(key, value)).unwrap();
    let history = ok(&tourney(&["event", "history", f]));
    assert!(
        history.contains("round 1 table 2"),
        "the window's result is not in the file:\n{history}"
    );
    drop(server);
    drop(window);
    let file = EventFile::open(&path).unwrap();
    assert_eq!(file.results().unwrap().len(), 2);
}

/// Issue 44: `event publish` writes the results site of a 13-pair Mitchell with hand records
/// into a new folder, says where it is and how many pages it has, and refuses a folder with
/// files in it unless --force (which leaves the other files alone, and removes the pages of
/// the earlier publication the new site no longer has).
#[test]
fn a_club_evening_is_published_as_a_web_site_from_the_command_line() {
    let dir = scratch("publish");
    let file = dir.join("publish.tourney");
    let f = file.to_str().unwrap();
    let roster = fixture("pairs_two_name_columns.csv");
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--format",
        "bridge-pairs",
        "--roster",
        &roster,
        "--movement",
        "mitchell",
        "--boards-per-round",
        "3",
    ]));
    ok(&tourney(&[
        "event",
        "deals",
        f,
        "--pbn",
        &fixture("../pbn/endplay-8-boards.pbn"),
    ]));
    four_spades_on_board_one(f);
    let site = dir.join("site");
    let s = site.to_str().unwrap();
    // The first time without the analysis: its boards say so (the republish below works the
    // analysis out).
    let out = ok(&tourney(&["event", "publish", f, "--html", s, "--no-analysis"]));
    // 13 pairs and 21 boards (7 rounds of 3), and the ranking.
    assert!(
        out.contains(&format!(
            "wrote 35 pages to {s}: open {}",
            site.join("index.html").display()
        )),
        "{out}"
    );
    let board = std::fs::read_to_string(site.join("board-1.html")).unwrap();
    assert!(
        board.contains("Dealer North") && board.contains("not analysed"),
        "{board}"
    );
    assert!(
        std::fs::read_to_string(site.join("index.html"))
            .unwrap()
            .contains("<h2>East-West</h2>")
    );
    std::fs::write(site.join("club.txt"), "kept").unwrap();
    fails_with(
        &tourney(&["event", "publish", f, "--html", s]),
        1,
        "the folder is not empty; nothing was written",
    );
    ok(&tourney(&["event", "publish", f, "--html", s, "--force"]));
    assert_eq!(std::fs::read_to_string(site.join("club.txt")).unwrap(), "kept");
    // Published again, with --force, from an evening of fewer boards and pairs: the pages
    // the site no longer has are removed and named; the club's file stays.
    let smaller = dir.join("smaller.tourney");
    let small = smaller.to_str().unwrap();
    common::five_table_mitchell(&smaller);
    let out = ok(&tourney(&["event", "publish", small, "--html", s, "--force"]));
    assert!(
        out.contains("removed 14 file(s) of the earlier publication that the site no longer has: "),
        "{out}"
    );
    for gone in [
        "board-11.html",
        "board-21.html",
        "pair-6ns.html",
        "pair-7ns.html",
        "pair-6ew.html",
    ] {
        assert!(out.contains(gone), "{gone}: {out}");
    }
    assert!(!site.join("board-11.html").exists() && !site.join("pair-7ns.html").exists());
    assert!(site.join("board-10.html").is_file());
    assert_eq!(std::fs::read_to_string(site.join("club.txt")).unwrap(), "kept");
    fails_with(
        &tourney(&["event", "publish", &format!("{f}.missing"), "--html", s]),
        1,
        "there is no such file",
    );
}

/// Issue 45: a Swiss teams evening from the command line: boards entered as both tables'
/// scores or the net, the next round paired, one round's match cards printed, and the matches
/// and boards exported as CSV (refused for an event that is not teams).
#[test]
fn a_swiss_teams_event_from_the_command_line() {
    let dir = scratch("swiss-teams");
    let roster = common::teams_roster(&dir, &["Aces", "Barons", "Clubs", "Diamonds", "Eagles"]);
    let file = dir.join("swiss.tourney");
    let f = file.to_str().unwrap();
    common::new_teams_event(
        &file,
        &roster,
        &["--swiss", "--rounds", "3", "--boards-per-round", "2"],
    );
    // Round 1 seeds the roster: 1 v 3, 2 v 4, the last team's bye.
    let entered = ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --score 420,-170\n\
          --round 1 --table 1 --board 2 --net -50\n\
          --round 1 --table 2 --board 1 --net 0\n\
          --round 1 --table 2 --board 2 --net 1100\n",
    ));
    assert_eq!(entered.matches("saved #").count(), 4, "{entered}");
    let paired = ok(&tourney(&["event", "pair-next", f]));
    assert!(paired.contains("round 2: boards 3–4"), "{paired}");

    // The matches: 420 against -170 is a net 590, 11 IMPs, and -50 loses 2, so Aces win 11–2;
    // a 0 and +1100 (15 IMPs) give Barons 15–0. Round 2's matches are listed, not yet scored.
    let out = ok(&tourney(&["event", "export", f, "--matches-csv", "-"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Round,Match,Tables,Home no.,Home,Away no.,Away,Boards entered,Home IMPs,Away IMPs,Home VPs,Away VPs"
    );
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[1].starts_with("1,1,1 & 2,1,Aces,3,Clubs,2 of 2,11,2,"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("1,2,3 & 4,2,Barons,4,Diamonds,2 of 2,15,0,"),
        "{out}"
    );
    let vps: Vec<f64> = lines[1].rsplit(',').take(2).map(|v| v.parse().unwrap()).collect();
    assert!((vps[0] + vps[1] - 20.0).abs() < 1e-9 && vps[1] > vps[0], "{out}");
    assert!(
        lines[3].starts_with("2,1,") && lines[3].ends_with(",0 of 2,,,,"),
        "{out}"
    );

    let boards = dir.join("boards.csv");
    let b = boards.to_str().unwrap();
    ok(&tourney(&["event", "export", f, "--boards-csv", b]));
    let csv = std::fs::read_to_string(&boards).unwrap();
    assert!(csv.contains("\n1,1,1,Aces,Clubs,420,-170,590,11\n"), "{csv}");
    assert!(csv.contains("\n1,1,2,Aces,Clubs,,,-50,-2\n"), "{csv}");
    assert_eq!(
        csv.lines().count(),
        1 + 4 * 2,
        "a line per board of four matches: {csv}"
    );
    fails_with(
        &tourney(&["event", "export", f, "--boards-csv", b]),
        1,
        "exists already",
    );
    ok(&tourney(&["event", "export", f, "--boards-csv", b, "--force"]));

    // One round's match cards.
    let pdf = dir.join("round2.pdf");
    let p = pdf.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "sheets",
        f,
        "--pdf",
        p,
        "--round",
        "2",
        "--kind",
        "match-cards",
    ]));
    let printed = pdf_text(&pdf);
    assert!(
        printed.contains("Round2,match1") && printed.contains("Round2,match2"),
        "{printed}"
    );
    assert!(!printed.contains("Round1,match1"), "{printed}");
    fails_with(
        &tourney(&["event", "sheets", f, "--pdf", p, "--force", "--round", "3"]),
        1,
        "there is no round 3: the event has rounds 1 to 2 paired",
    );

    // Not for other events.
    let whist = dir.join("whist.tourney");
    let w = whist.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        w,
        "--format",
        "whist-drive",
        "--players",
        "8",
    ]));
    fails_with(
        &tourney(&["event", "export", w, "--matches-csv", "-"]),
        2,
        "--matches-csv is for teams-of-four events",
    );
}

/// Issue 45: a knockout match from the command line: two stanzas, a carry-over, the score
/// sheet as standings, and the refusals.
#[test]
fn a_knockout_match_from_the_command_line() {
    let dir = scratch("knockout");
    let roster = dir.join("teams.csv");
    std::fs::write(&roster, "Name\nAces\nBarons\n").unwrap();
    let file = dir.join("ko.tourney");
    let f = file.to_str().unwrap();
    let r = roster.to_str().unwrap();
    let new = |extra: &[&str]| {
        let mut args = vec!["event", "new", f, "--roster", r, "--format", "teams"];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    // Refused: a team not in the roster, IMPs with two decimals, a knockout Swiss.
    for (extra, why) in [
        (
            &["--knockout", "2", "--carry-over", "Clubs:3.5"][..],
            "no team \"Clubs\"",
        ),
        (
            &["--knockout", "2", "--carry-over", "2:3.55"][..],
            "at most one decimal",
        ),
        (
            &["--knockout", "2", "--swiss", "--rounds", "2"][..],
            "not a Swiss",
        ),
        (
            &["--knockout", "2", "--teams-scoring", "wbf2013"][..],
            "total IMPs",
        ),
    ] {
        let out = new(extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains(why), "{extra:?}: {said}");
        assert!(!file.exists(), "nothing written for {extra:?}");
    }
    ok(&new(&[
        "--knockout",
        "2",
        "--boards-per-round",
        "2",
        "--carry-over",
        "barons:3.5",
    ]));
    // Stanza 1: Aces at home win 12 IMPs (+620) and lose 2 (-50); stanza 2: Barons at home.
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --net 620\n\
          --round 1 --table 1 --board 2 --net -50\n\
          --round 2 --table 1 --board 3 --net 110\n",
    ));
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(standings.contains("Knockout: Aces v Barons"), "{standings}");
    assert!(
        standings.contains("After 3 of 4 boards, Aces leads by 3.5 IMPs."),
        "{standings}"
    );
    ok(&tourney(&[
        "event", "result", f, "--round", "2", "--table", "1", "--board", "4", "--score", "200,-100",
    ]));
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.contains("Barons wins by 3.5 IMPs (15.5–12)."),
        "{standings}"
    );
    let refused = tourney(&["event", "pair-next", f]);
    assert_ne!(refused.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("knockout match"));
    // Barons lead: no tie-break.
    let refused = tourney(&["event", "tie-break", f]);
    assert_ne!(refused.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("are level"));
}

/// Issue 45: a knockout's carry-over worked out from the teams' match in a league file
/// (`--carry-over-from`, by the default rule or `--carry-over-rule`), said when the event is
/// made and on its score sheet; the refusals write nothing.
#[test]
fn a_knockout_carry_over_from_the_league_on_the_command_line() {
    let dir = scratch("knockout-carry-over-from");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let teams4 = write("league.csv", "Name\nAces\nBarons\nClubs\nDiamonds\n");
    let league_path = dir.join("league.tourney");
    let league = league_path.to_str().unwrap();
    ok(&tourney(&[
        "event",
        "new",
        league,
        "--roster",
        &teams4,
        "--format",
        "teams",
        "--teams-scoring",
        "imps",
        "--boards-per-round",
        "2",
        "--title",
        "Autumn League",
    ]));
    // Aces v Barons, wherever the round robin put them: +620 (12 IMPs) to Aces, then -50
    // (2 IMPs) to Barons; Aces win by 10.
    let event = EventFile::open(&league_path).unwrap().event().clone();
    let (round, table, aces_home) = event
        .schedule
        .rounds
        .iter()
        .find_map(|r| {
            r.tables
                .iter()
                .find_map(|t| match scheduler::event::teams::match_teams(t) {
                    Some((h, a)) if [h, a] == [0, 1] || [h, a] == [1, 0] => {
                        Some((r.number, t.number, h == 0))
                    }
                    _ => None,
                })
        })
        .unwrap();
    let first = event.deals_of_round(round).next().unwrap();
    for (deal, net) in [(first, 620), (first + 1, -50)] {
        let net = if aces_home { net } else { -net };
        ok(&tourney(&[
            "event",
            "result",
            league,
            "--round",
            &round.to_string(),
            "--table",
            &table.to_string(),
            "--board",
            &deal.to_string(),
            "--net",
            &net.to_string(),
        ]));
    }
    let two = write("two.csv", "Name\nAces\nBarons\n");
    let ko_path = dir.join("ko.tourney");
    let ko = ko_path.to_str().unwrap();
    let new = |roster: &str, extra: &[&str]| {
        let mut args = vec![
            "event",
            "new",
            ko,
            "--roster",
            roster,
            "--format",
            "teams",
            "--knockout",
            "2",
        ];
        args.extend_from_slice(&["--boards-per-round", "2"]);
        args.extend_from_slice(extra);
        tourney(&args)
    };
    let hearts = write("hearts.csv", "Name\nAces\nHearts\n");
    let clubs = write("clubs.csv", "Name\nAces\nClubs\n");
    let missing = dir.join("missing.tourney");
    for (roster, extra, why) in [
        (
            &two,
            vec!["--carry-over-from", league, "--carry-over", "Aces:3"],
            "cannot be used with",
        ),
        (
            &two,
            vec!["--carry-over-from", league, "--carry-over-rule", "1/0,1/3,16"],
            "zero denominator",
        ),
        (&two, vec!["--carry-over-rule", "1/2,1/3,16"], "--carry-over-from"),
        (&two, vec!["--carry-over-round", "2"], "--carry-over-from"),
        (
            &two,
            vec!["--carry-over-from", league, "--carry-over-round", "9"],
            "did not meet in round 9 of league.tourney",
        ),
        (
            &hearts,
            vec!["--carry-over-from", league],
            "Hearts is not a team in league.tourney",
        ),
        (
            &clubs,
            vec!["--carry-over-from", league],
            "of league.tourney has 0 of 2 boards entered",
        ),
        (&two, vec!["--carry-over-from", &teams4], "league.csv"),
        (
            &two,
            vec!["--carry-over-from", missing.to_str().unwrap()],
            "missing.tourney",
        ),
    ] {
        let out = new(roster, &extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains(why), "{extra:?}: {said}");
        assert!(!ko_path.exists(), "nothing written for {extra:?}");
    }
    // The default rule, the Bermuda Bowl's: only this match is in, so Aces (+10) placed
    // above Barons (-10) and won: 10 × 1/2 = 5 IMPs, a whole number, said so.
    let made = ok(&new(&two, &["--carry-over-from", league]));
    assert!(
        made.contains(&format!(
            "carry-over: Aces beat Barons by 10 IMPs in round {round} of Autumn League (league.tourney); Aces placed higher, so Aces carry over 10 × 1/2 = 5 IMPs. A whole number of IMPs"
        )),
        "{made}"
    );
    let standings = ok(&tourney(&["event", "standings", ko]));
    assert!(
        standings.contains("Aces starts with a carry-over of 5 IMPs."),
        "{standings}"
    );
    // The score sheet names the earlier event by its title and file.
    assert!(
        standings.contains(&format!(
            "Carry-over: Aces beat Barons by 10 IMPs in round {round} of Autumn League (league.tourney);"
        )),
        "{standings}"
    );
    // Made once: the file is not replaced.
    let again = new(&two, &["--carry-over-from", league, "--carry-over-rule", "1/4,2"]);
    assert_ne!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    assert!(ok(&tourney(&["event", "standings", ko])).contains("carry-over of 5 IMPs"));
    // Another rule, a quarter either way, at most 2 IMPs: 10 × 1/4 = 2.5, capped at 2.
    std::fs::remove_file(&ko_path).unwrap();
    let made = ok(&new(
        &two,
        &["--carry-over-from", league, "--carry-over-rule", "1/4,2"],
    ));
    assert!(
        made.contains("Aces carry over 10 × 1/4 = 2.5, capped at 2 IMPs."),
        "{made}"
    );
}

#[test]
fn a_level_knockout_gets_its_tie_break_from_the_command_line() {
    let dir = scratch("knockout-tie");
    let roster = common::teams_roster(&dir, &["Aces", "Barons"]);
    let file = dir.join("tie.tourney");
    let f = file.to_str().unwrap();
    common::new_teams_event(&file, &roster, &["--knockout", "1", "--boards-per-round", "2"]);
    // 12 IMPs each way: level after the one stanza.
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --net 620\n--round 1 --table 1 --board 2 --net -620\n",
    ));
    let added = ok(&tourney(&["event", "tie-break", f]));
    assert!(
        added.contains("Tie-break stanza 1 added as round 2: 2 boards (3–4)"),
        "{added}"
    );
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(standings.contains("Tie-break 1"), "{standings}");
    // Not again before the tie-break's boards are in.
    let refused = tourney(&["event", "tie-break", f]);
    assert_ne!(refused.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("every board is entered"));
}

#[test]
fn a_teams_night_from_the_command_line() {
    let dir = scratch("teams-night");
    let roster = dir.join("teams.csv");
    std::fs::write(
        &roster,
        "Name\nAces\nBarons\nCrowns\nDukes\nEarls\nFalcons\nGriffins\n",
    )
    .unwrap();
    let file = dir.join("night.tourney");
    let f = file.to_str().unwrap();
    let r = roster.to_str().unwrap();
    // The teams movement is for a teams event; a pairs evening is told so.
    let out = tourney(&[
        "event",
        "new",
        f,
        "--roster",
        r,
        "--format",
        "bridge-pairs",
        "--movement",
        "teams-of-four",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is for --format teams"));
    assert!(!file.exists());
    let out = tourney(&[
        "event",
        "new",
        f,
        "--roster",
        r,
        "--format",
        "teams",
        "--movement",
        "teams-of-four",
        "--boards-per-round",
        "2",
    ]);
    ok(&out);
    let said = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("American Whist for 7 teams"), "{said}");
    // Aces v Crowns: Aces N-S (1NS) meet Crowns E-W (3EW) on boards 3-4, and Crowns N-S
    // meet Aces E-W on the same boards; the tables are found from the pairs.
    night_scores(
        f,
        &[
            ("3", "1NS", "3EW", "420"),
            ("4", "1NS", "3EW", "100"),
            ("3", "3NS", "1EW", "100"),
            ("4", "3NS", "1EW", "140"),
        ],
    );
    let out = tourney(&["event", "standings", f]);
    ok(&out);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("Aces v Crowns"), "{table}");
    assert!(table.contains("8–1"), "{table}");
    assert!(table.contains("14.96–5.04"), "{table}");
    // The night's USEBIO file: TEAMS_OF_FOUR, the teams by name, the match with its VPs.
    let xml = dir.join("u.xml");
    ok(&tourney(&[
        "event",
        "export",
        f,
        "--usebio",
        xml.to_str().unwrap(),
    ]));
    let xml = std::fs::read_to_string(&xml).unwrap();
    assert!(xml.contains("<EVENT EVENT_TYPE=\"TEAMS_OF_FOUR\">"), "{xml}");
    assert!(xml.contains("TEAM_NAME=\"Aces\""), "{xml}");
    assert!(xml.contains("TEAM_NAME=\"Crowns\""), "{xml}");
    assert!(xml.contains("<TEAM_SCORE>14.96</TEAM_SCORE>"), "{xml}");
    assert!(
        xml.contains("<OPPOSING_TEAM_SCORE>5.04</OPPOSING_TEAM_SCORE>"),
        "{xml}"
    );
    let csv = dir.join("matches.csv");
    ok(&tourney(&[
        "event",
        "export",
        f,
        "--matches-csv",
        csv.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.contains("1,Aces,3,Crowns,3-4,1,1,6,3,4 of 4,8,1,14.96,5.04"),
        "{text}"
    );
}

/// Issue 45: four teams on one set a round, relayed round all four tables (the usual with 4
/// boards a round); the round's two matches play the same boards and are scored apart. The
/// choice is refused, with the reason, for 6 teams and for an event that is not a teams night.
#[test]
fn a_four_team_relay_night_from_the_command_line() {
    let dir = scratch("relay-night");
    let roster = dir.join("teams.csv");
    std::fs::write(&roster, "Name\nAces\nBarons\nCrowns\nDukes\n").unwrap();
    let six = dir.join("six.csv");
    std::fs::write(&six, "Name\nAces\nBarons\nCrowns\nDukes\nEarls\nFalcons\n").unwrap();
    let file = dir.join("relay.tourney");
    let (f, r) = (file.to_str().unwrap(), roster.to_str().unwrap());
    let new = |roster: &str, extra: &[&str]| {
        let mut args = vec![
            "event",
            "new",
            f,
            "--roster",
            roster,
            "--format",
            "teams",
            "--movement",
            "teams-of-four",
            "--boards-per-round",
            "4",
        ];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    let out = new(six.to_str().unwrap(), &["--four-teams", "relay"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("6 teams: \"relay\" is a choice for 4 teams only"),
        "{out:?}"
    );
    assert!(!file.exists());
    let out = tourney(&[
        "event",
        "new",
        f,
        "--roster",
        r,
        "--format",
        "teams",
        "--swiss",
        "--rounds",
        "3",
        "--four-teams",
        "relay",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--four-teams is for a club teams night"));
    let out = new(r, &["--four-teams", "relay"]);
    ok(&out);
    let said = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("Relay for 4 teams on 4 tables: 3 rounds of 4 boards"),
        "{said}"
    );
    // Round 1: Aces v Barons (tables 1 and 2) and Crowns v Dukes (3 and 4), all on 1–4.
    // Aces v Barons: 1: +420/−50 → Aces +470, 10 IMPs; 2: −100/+140 → −240, 6 to Barons;
    // 3: +620/+620 → 0; 4: +50/+110 → −60, 2 to Barons: 10–8, a margin of 2 over 4 boards,
    // 11.20–8.80 on the WBF 2013 scale (worked by hand in the suite's relay test).
    night_scores(
        f,
        &[
            ("1", "1NS", "2EW", "420"),
            ("2", "1NS", "2EW", "-100"),
            ("3", "1NS", "2EW", "620"),
            ("4", "1NS", "2EW", "50"),
            ("1", "2NS", "1EW", "-50"),
            ("2", "2NS", "1EW", "140"),
            ("3", "2NS", "1EW", "620"),
            ("4", "2NS", "1EW", "110"),
            // Crowns v Dukes on the same board 1, one table only: it must not reach Aces v Barons.
            ("1", "3NS", "4EW", "-1100"),
        ],
    );
    let out = tourney(&["event", "standings", f]);
    ok(&out);
    let table = String::from_utf8_lossy(&out.stdout);
    let line = |name: &str| {
        table
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(line("Aces v Barons").contains("10–8"), "{table}");
    assert!(line("Aces v Barons").contains("11.20–8.80"), "{table}");
    assert!(
        line("Crowns v Dukes").contains("1 of 8 scores entered"),
        "{table}"
    );
}

/// Issue 46 from the command line: `--couples never-at-table` for a whist drive of 4 rounds
/// keeps the couples of the roster off each other's tables (read back from the file); for a
/// chess round robin the option is refused by name and no file is made.
#[test]
fn couples_kept_at_separate_tables_from_the_command_line() {
    let dir = scratch("couples-apart");
    let file = dir.join("apart.tourney");
    let f = file.to_str().unwrap();
    let roster = fixture("whist_16_international.csv");
    let out = tourney(&[
        "event",
        "new",
        f,
        "--format",
        "whist-drive",
        "--roster",
        &roster,
        "--rounds",
        "4",
        "--couples",
        "never-at-table",
    ]);
    ok(&out);
    assert!(
        text(&out.stderr).contains("never at the same table tonight"),
        "{}",
        text(&out.stderr)
    );
    let store = EventFile::open(&file).unwrap();
    let schedule = &store.event().schedule;
    assert!(schedule.promise.apart_at_table);
    let index = |name: &str| schedule.entrants.iter().position(|e| e == name).unwrap();
    let (a, b) = (index("王小明"), index("李静怡"));
    for round in &schedule.rounds {
        for table in &round.tables {
            let at = |p: usize| table.seats.iter().any(|s| s.entrant == p);
            assert!(!(at(a) && at(b)), "round {}", round.number);
        }
    }
    let refused = dir.join("chess.tourney");
    let out = tourney(&[
        "event",
        "new",
        refused.to_str().unwrap(),
        "--format",
        "chess",
        "--roster",
        &roster,
        "--couples",
        "never-at-table",
    ]);
    fails_with(&out, 2, "--couples is for a whist drive or individual bridge");
    assert!(!refused.exists());
}

/// Issue 45: five teams, round 2 paired with `--three-way`: the bottom three play one another
/// over a board each (the third half-match on the supplementary board 6), the movement is
/// printed, each half-match is entered under the three-way's match number, and the standings
/// count it as one match played.
#[test]
fn a_three_way_match_from_the_command_line() {
    let dir = scratch("swiss-three-way");
    let roster = common::teams_roster(&dir, &["Aces", "Barons", "Clubs", "Diamonds", "Eagles"]);
    let file = dir.join("swiss.tourney");
    let f = file.to_str().unwrap();
    common::new_teams_event(
        &file,
        &roster,
        &["--swiss", "--rounds", "2", "--boards-per-round", "2"],
    );
    // Round 1: Aces v Clubs, Barons v Diamonds, Eagles' bye.
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --net 420\n\
          --round 1 --table 1 --board 2 --net 50\n\
          --round 1 --table 2 --board 1 --net 100\n\
          --round 1 --table 2 --board 2 --net -30\n",
    ));
    let paired = ok(&tourney(&["event", "pair-next", f, "--three-way"]));
    assert!(paired.contains("match 2 (three-way):"), "{paired}");
    assert!(
        paired.contains("First half:") && paired.contains("Second half:"),
        "{paired}"
    );
    assert!(paired.contains("boards 6"), "the supplementary board: {paired}");
    // Each half-match's board: home v away on 3, away v third on 4, third v home on 6.
    let entered = ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 2 --table 1 --board 3 --net 0\n\
          --round 2 --table 1 --board 4 --net 0\n\
          --round 2 --table 2 --board 3 --net 620\n\
          --round 2 --table 2 --board 4 --net -100\n\
          --round 2 --table 2 --board 6 --net 0\n",
    ));
    assert!(entered.contains("round 2 has 5 of 5 results"), "{entered}");
    let refused = tourney(&[
        "event", "result", f, "--round", "2", "--table", "2", "--board", "5", "--net", "0",
    ]);
    fails_with(&refused, 1, "plays boards 3 and 4 and 6, not board 5");
    let standings = ok(&tourney(&["event", "standings", f]));
    // Every team has played two matches, or one and the bye.
    let rows: Vec<Vec<&str>> = standings
        .lines()
        .skip(1)
        .take(5)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for row in &rows {
        let (played, byes): (u32, u32) = (row[3].parse().unwrap(), row[4].parse().unwrap());
        assert_eq!(played + byes, 2, "{standings}");
    }
    // The matches CSV: a line per half-match under match 2, at tables 3, 4 & 5.
    let out = ok(&tourney(&["event", "export", f, "--matches-csv", "-"]));
    assert_eq!(out.matches("\n2,2 (").count(), 3, "{out}");
    assert!(out.contains("2,2 (1/3),\"3, 4 & 5\","), "{out}");
}

/// A Swiss made with `--three-way`: round 1's last three seeds play a three-way match, each
/// later round pairs one by default, and `pair-next --bye` gives a bye instead; `--three-way`
/// without `--swiss` is refused with the reason.
#[test]
fn a_swiss_made_with_three_way_matches_from_the_command_line() {
    let dir = scratch("swiss-three-way-new");
    let roster = dir.join("teams.csv");
    std::fs::write(&roster, "Name\nAces\nBarons\nClubs\nDiamonds\nEagles\n").unwrap();
    let file = dir.join("swiss.tourney");
    let f = file.to_str().unwrap();
    let r = roster.to_str().unwrap();
    let args = |extra: &[&'static str]| {
        let mut all = vec![
            "event",
            "new",
            f,
            "--roster",
            r,
            "--format",
            "teams",
            "--boards-per-round",
            "2",
        ];
        all.extend_from_slice(extra);
        all
    };
    fails_with(&tourney(&args(&["--three-way"])), 2, "give --swiss too");
    let made = tourney(&args(&["--swiss", "--rounds", "3", "--three-way"]));
    ok(&made);
    says(&made, "the last three teams in a three-way match");
    // Round 1: Aces v Barons; Clubs, Diamonds and Eagles in the three-way on 1, 2 and 7.
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --net 420\n\
          --round 1 --table 1 --board 2 --net 50\n\
          --round 1 --table 2 --board 1 --net 100\n\
          --round 1 --table 2 --board 2 --net -30\n\
          --round 1 --table 2 --board 7 --net 0\n",
    ));
    let bye = ok(&tourney(&["event", "pair-next", f, "--bye"]));
    assert!(!bye.contains("three-way") && bye.contains("bye:"), "{bye}");
    ok(&tourney(&["event", "undo", f]));
    let paired = ok(&tourney(&["event", "pair-next", f]));
    assert!(paired.contains("(three-way)"), "the event's choice: {paired}");
}

/// A three-way match over two rounds from the command line: five teams, round 2 paired with
/// `--long-three-way` (where everyone sits and which boards, printed), its boards refused in
/// round 2 and entered with round 3, the standings saying it is in progress and then counting
/// its full matches; `event new --three-way long` begins one in round 1, `--three-way short`
/// does not, and a bad length is refused.
#[test]
fn a_three_way_match_over_two_rounds_from_the_command_line() {
    let dir = scratch("swiss-long-three-way");
    let roster = dir.join("teams.csv");
    std::fs::write(&roster, "Name\nAces\nBarons\nClubs\nDiamonds\nEagles\n").unwrap();
    let file = dir.join("swiss.tourney");
    let f = file.to_str().unwrap();
    let r = roster.to_str().unwrap();
    let new = |at: &Path, extra: &[&str]| -> std::process::Output {
        let mut all = vec![
            "event",
            "new",
            at.to_str().unwrap(),
            "--roster",
            r,
            "--format",
            "teams",
        ];
        all.extend_from_slice(&["--swiss", "--rounds", "3", "--boards-per-round", "2"]);
        all.extend_from_slice(extra);
        tourney(&all)
    };
    ok(&new(&file, &[]));
    // Round 1: Aces v Clubs, Barons v Diamonds, Eagles' bye.
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --net 420\n\
          --round 1 --table 1 --board 2 --net 50\n\
          --round 1 --table 2 --board 1 --net 100\n\
          --round 1 --table 2 --board 2 --net -30\n",
    ));
    let paired = ok(&tourney(&["event", "pair-next", f, "--long-three-way"]));
    assert!(
        paired.contains("match 2 (three-way over two rounds, the first): Eagles v Diamonds v Clubs"),
        "{paired}"
    );
    // Set 1 is round 2's boards, set 2 round 3's, set 3 the supplementary 12–13 (after
    // 3 × 2 boards and 3 × 1 kept for one-round three-ways).
    assert!(
        paired.contains("Eagles' E-W to table 4 (boards 5–6), Diamonds' E-W to table 5 (boards 12–13), Clubs' E-W to table 3 (boards 3–4)"),
        "{paired}"
    );
    fails_with(
        &tourney(&[
            "event", "result", f, "--round", "2", "--table", "2", "--board", "3", "--net", "0",
        ]),
        1,
        "enter its boards with round 3",
    );
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 2 --table 1 --board 3 --net 200\n\
          --round 2 --table 1 --board 4 --net -50\n",
    ));
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.contains("Eagles, Diamonds and Clubs are playing a three-way match over rounds 2 and 3"),
        "{standings}"
    );
    let paired = ok(&tourney(&["event", "pair-next", f]));
    assert!(
        paired.contains("match 2 (three-way over two rounds, the second): Eagles v Diamonds v Clubs"),
        "{paired}"
    );
    assert!(
        paired.contains("Scores: Eagles v Clubs on boards 3–4, Diamonds v Eagles on boards 5–6, Clubs v Diamonds on boards 12–13"),
        "{paired}"
    );
    // The three full matches, entered with round 3: Eagles by 12 IMPs, Diamonds by 3, level.
    let entered = ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 3 --table 1 --board 5 --net 0\n\
          --round 3 --table 1 --board 6 --net 0\n\
          --round 3 --table 2 --board 3 --net 620\n\
          --round 3 --table 2 --board 4 --net 0\n\
          --round 3 --table 2 --board 5 --net 100\n\
          --round 3 --table 2 --board 6 --net 0\n\
          --round 3 --table 2 --board 12 --net 0\n\
          --round 3 --table 2 --board 13 --net 0\n",
    ));
    assert!(entered.contains("round 3 has 8 of 8 results"), "{entered}");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(!standings.contains("in progress"), "{standings}");
    let rows: Vec<Vec<&str>> = standings
        .lines()
        .skip(1)
        .take(5)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for row in &rows {
        let (played, byes): (u32, u32) = (row[3].parse().unwrap(), row[4].parse().unwrap());
        assert_eq!(played + byes, 3, "{standings}");
    }
    // Clubs v Diamonds level over 2 boards: 10.00 each, a full match's VPs, not halved.
    let out = ok(&tourney(&["event", "export", f, "--matches-csv", "-"]));
    assert!(out.contains("10.00,10.00") || out.contains("10,10"), "{out}");

    // Made with `--three-way long`: round 1's last three seeds play over rounds 1 and 2.
    let made = new(&dir.join("long.tourney"), &["--three-way", "long"]);
    ok(&made);
    says(
        &made,
        "the last three teams in a three-way match over rounds 1 and 2",
    );
    let made = new(&dir.join("short.tourney"), &["--three-way", "short"]);
    ok(&made);
    says(&made, "the last three teams in a three-way match;");
    fails_with(
        &new(&dir.join("medium.tourney"), &["--three-way", "medium"]),
        2,
        "medium",
    );
}

/// Teams of four from a roster of players with a team column (an ugly file: semicolons,
/// Windows line ends, a team's name in two cases): `roster check` counts the teams, `event
/// new` keeps each team's players, the standings list them, `event players` changes a team's
/// players through the one write path (refused for a player in two teams, a team not in the
/// event, a bracket left open), undo takes the change back, and the match cards print the
/// players with their numbers.
#[test]
fn a_team_s_players_from_the_roster_to_the_match_cards() {
    let dir = scratch("team-players");
    let roster = dir.join("players.csv");
    std::fs::write(
        &roster,
        "Surname;First name;Team;EBU no\r\nArcher;Ann;Aces;007341\r\nBrown;Bob;Aces;\r\n\
         Carter;Cy;Barons;118906\r\nDean;Di;aces;\r\nEvans;Ed;Barons;\r\nFord;Fay;Aces;\r\n\
         Grey;Gus;Barons;\r\nHope;Hal;Clubs;\r\nIves;Ida;Clubs;\r\nJones;Jo;Clubs;\r\n\
         King;Kit;Clubs;\r\nLamb;Len;Kings;\r\nMoss;Mo;Kings;\r\nNash;Ned;Kings;\r\nOwen;Olga;Kings;\r\n",
    )
    .unwrap();
    let r = roster.to_str().unwrap();
    let checked = ok(&tourney(&["roster", "check", r]));
    assert!(
        checked.contains("as teams of four: 4 teams (Aces 4, Barons 3, Clubs 4, Kings 4)"),
        "{checked}"
    );
    assert!(checked.contains("Barons has 3 player(s)"), "{checked}");
    let file = dir.join("teams.tourney");
    let f = file.to_str().unwrap();
    let made = tourney(&[
        "event",
        "new",
        f,
        "--roster",
        r,
        "--format",
        "teams",
        "--swiss",
        "--rounds",
        "3",
        "--boards-per-round",
        "2",
    ]);
    says(&made, "15 players in 4 teams, read from the roster's team column");
    let standings = ok(&tourney(&["event", "standings", f]));
    assert!(
        standings.lines().next().unwrap().contains("Team    Players")
            && standings.contains("Barons  Cy Carter, Ed Evans, Gus Grey "),
        "{standings}"
    );
    let added = ok(&tourney(&[
        "event",
        "players",
        f,
        "--team",
        "barons",
        "--players",
        "Cy Carter (118906), Ed Evans, Gus Grey, Pat Page (55)",
    ]));
    assert!(
        added.contains("players of Barons: Cy Carter (118906), Ed Evans, Gus Grey, Pat Page (55)"),
        "{added}"
    );
    let stored = EventFile::open(&file).unwrap();
    let barons = &stored.event().roster.players[1];
    assert_eq!((barons.name.as_str(), barons.squad.len()), ("Barons", 4));
    assert_eq!(barons.squad[3].number.as_deref(), Some("55"));
    drop(stored);
    let twice = tourney(&[
        "event",
        "players",
        f,
        "--team",
        "2",
        "--players",
        "Ann Archer, Ed Evans",
    ]);
    fails_with(&twice, 1, "Ann Archer plays for two teams: Aces and Barons");
    let missing = tourney(&["event", "players", f, "--team", "Zebras", "--players", "Zed"]);
    fails_with(&missing, 2, "no team is called \"Zebras\"");
    let open = tourney(&[
        "event",
        "players",
        f,
        "--team",
        "1",
        "--players",
        "Ann (0073, Bob",
    ]);
    fails_with(&open, 2, "a member number goes in brackets after the name");
    // The match cards: each team's players under the match, with their numbers.
    let pdf = dir.join("cards.pdf");
    ok(&tourney(&[
        "event",
        "sheets",
        f,
        "--kind",
        "match-cards",
        "--pdf",
        pdf.to_str().unwrap(),
    ]));
    // (The PDF's text comes without spaces.)
    let cards = pdf_text(&pdf);
    assert!(
        cards.contains("Aces:AnnArcher(007341),BobBrown,DiDean,FayFord"),
        "{cards}"
    );
    assert!(
        cards.contains("Barons:CyCarter(118906),EdEvans,GusGrey,PatPage(55)"),
        "{cards}"
    );
    ok(&tourney(&["event", "undo", f]));
    let stored = EventFile::open(&file).unwrap();
    assert_eq!(stored.event().roster.players[1].squad.len(), 3);
}

/// Issue 45: a Swiss pairs event from the command line: made from an ugly pairs roster, a
/// round entered as contracts and scores, the standings in VPs, the next round paired, the
/// match score cards read back from the PDF, and the options that do not fit refused.
#[test]
fn a_swiss_pairs_event_from_the_command_line() {
    let dir = scratch("swiss-pairs");
    let roster = dir.join("pairs.csv");
    std::fs::write(
        &roster,
        "Pair;Club\r\nAnn Archer & Bob Brown;Hove\r\n Cy Carter & Di Dodd ;\r\nEd Evans & Flo Ford;Hove\r\n\
         Gus Grey & Hal Hunt;\r\nIvy Ince & Jo Jones;\r\nKit King & Lou Lee;\r\nMo Moss & Ned Noon;\r\n\
         Olly Orr & Pip Page;\r\nQuin Quay & Rae Ross;\r\n",
    )
    .unwrap();
    let r = roster.to_str().unwrap();
    let file = dir.join("swiss.tourney");
    let f = file.to_str().unwrap();
    let new = |extra: &[&str]| {
        let mut args = vec![
            "event",
            "new",
            f,
            "--roster",
            r,
            "--format",
            "bridge-pairs",
            "--swiss",
        ];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    // What does not fit a Swiss pairs event is refused before anything is written.
    fails_with(
        &new(&["--rounds", "4", "--three-way"]),
        2,
        "in a Swiss pairs event the odd pair out has the bye",
    );
    fails_with(
        &new(&["--rounds", "4", "--movement", "howell"]),
        2,
        "a Swiss pairs event pairs each round from the standings",
    );
    fails_with(
        &new(&["--rounds", "4", "--teams-scoring", "board-a-match"]),
        2,
        "a Swiss pairs match is one table",
    );
    fails_with(&new(&[]), 1, "a Swiss needs its number of rounds");
    assert!(!file.exists());
    let made = new(&["--rounds", "4", "--boards-per-round", "3"]);
    says(&made, "Swiss pairs, 4 round(s)");
    says(&made, "the last pair with the bye");
    assert!(
        ok(&made).contains("round 1 of 4 paired"),
        "{}",
        text(&made.stdout)
    );
    // Round 1: 1 v 5, 2 v 6, 3 v 7, 4 v 8, pair 9's bye. Board 1 at the four tables: 420,
    // 450, -50, 420: the datum (1240 / 4 = 310) gives +3, +4, -8 and +3 IMPs.
    let lines = "--round 1 --table 1 --deal 1 --contract 4S --by N --tricks =\n\
                 --round 1 --table 2 --deal 1 --contract 4S --by N --tricks +1\n\
                 --round 1 --table 3 --deal 1 --contract 3NT --by S --tricks -1\n\
                 --round 1 --table 4 --deal 1 --score 420\n";
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        lines.as_bytes(),
    ));
    fails_with(
        &tourney(&["event", "pair-next", f]),
        1,
        "table 1 (Ann Archer & Bob Brown v Ivy Ince & Jo Jones) has no result for board(s) 2, 3",
    );
    let mut rest = String::new();
    for table in 1..=4 {
        for (deal, score) in [(2, -110 + 40 * table), (3, 400 + 30 * table)] {
            rest.push_str(&format!(
                "--round 1 --table {table} --deal {deal} --score {score}\n"
            ));
        }
    }
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        rest.as_bytes(),
    ));
    let standings = ok(&tourney(&["event", "standings", f]));
    let first = standings.lines().next().unwrap();
    assert!(
        first.contains("Pair") && first.contains("VPs") && first.contains("Byes"),
        "{standings}"
    );
    assert!(
        standings.contains("Quin Quay & Rae Ross") && standings.contains("12.00"),
        "{standings}"
    );
    let paired = tourney(&["event", "pair-next", f]);
    let said = ok(&paired);
    assert!(said.contains("round 2: boards 4–6"), "{said}");
    assert!(said.contains("table 1: ") && said.contains("(N-S) v "), "{said}");
    says(&paired, "Round 2 paired");
    // The match cards of round 1, read back from the PDF: each table's pairs, board 1 scored.
    let pdf = dir.join("cards.pdf");
    ok(&tourney(&[
        "event",
        "sheets",
        f,
        "--kind",
        "match-cards",
        "--round",
        "1",
        "--pdf",
        pdf.to_str().unwrap(),
    ]));
    let cards = pdf_text(&pdf);
    assert!(cards.contains("Round1,table1"), "{cards}");
    assert!(
        cards.contains("N-SAnnArcher&BobBrown(1)vE-WIvyInce&JoJones(5)"),
        "{cards}"
    );
    assert!(!cards.contains("Round2,table1"), "{cards}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
}

/// Issue 45: a matchpointed Swiss pairs from the command line (`--teams-scoring
/// matchpoints`): the standings count match percentages; matchpoints are refused for a
/// teams event and with `--imps`, before anything is written.
#[test]
fn a_matchpointed_swiss_pairs_event_from_the_command_line() {
    let dir = scratch("swiss-pairs-mp");
    let roster = dir.join("pairs.csv");
    let names: String = (1..=8).map(|i| format!("North {i} & South {i}\n")).collect();
    std::fs::write(&roster, format!("Pair\n{names}")).unwrap();
    let r = roster.to_str().unwrap();
    let file = dir.join("mp.tourney");
    let f = file.to_str().unwrap();
    let new = |extra: &[&str]| {
        let mut args = vec!["event", "new", f, "--roster", r, "--rounds", "3"];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    fails_with(
        &new(&["--format", "teams", "--swiss", "--teams-scoring", "matchpoints"]),
        2,
        "--teams-scoring matchpoints is for a Swiss pairs event",
    );
    fails_with(
        &new(&[
            "--format",
            "bridge-pairs",
            "--swiss",
            "--teams-scoring",
            "matchpoints",
            "--imps",
            "butler",
        ]),
        2,
        "a matchpointed Swiss pairs scores no board in IMPs",
    );
    assert!(!file.exists());
    ok(&new(&[
        "--format",
        "bridge-pairs",
        "--swiss",
        "--boards-per-round",
        "2",
        "--teams-scoring",
        "matchpoints",
    ]));
    // Board 1: 420, 420, 450, -50; board 2: 100, -110, 140, 100 (as worked in the suite):
    // table 3's N-S pair (pair 3) 100%, its E-W pair (pair 7) 0%.
    let mut lines = String::new();
    for (table, [b1, b2]) in (1..).zip([[420, 100], [420, -110], [450, 140], [-50, 100]]) {
        lines.push_str(&format!("--round 1 --table {table} --deal 1 --score {b1}\n"));
        lines.push_str(&format!("--round 1 --table {table} --deal 2 --score {b2}\n"));
    }
    ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        lines.as_bytes(),
    ));
    let standings = ok(&tourney(&["event", "standings", f]));
    let mut rows = standings.lines();
    let head = rows.next().unwrap();
    assert!(
        head.contains("Match %") && head.contains("MPs won"),
        "{standings}"
    );
    let top = rows.next().unwrap();
    assert!(
        top.contains("North 3 & South 3") && top.contains("100.00"),
        "{standings}"
    );
    assert!(
        standings.contains("matchpointed across the round's tables"),
        "{standings}"
    );
    says(&tourney(&["event", "pair-next", f]), "Round 2 paired");
}

/// Issue 45: who played for a team of six, from the command line: the team's players listed
/// numbered, a line-up by places and names, refusals that write nothing (three players, a
/// stranger, a round not paired), the players' return as CSV, and an existing file kept
/// without --force.
#[test]
fn line_ups_and_the_players_return_from_the_command_line() {
    let dir = scratch("line-ups");
    let roster = dir.join("players.csv");
    std::fs::write(
        &roster,
        "Surname;First name;Team;EBU\r\nArcher;Ann;Aces;007341\r\nBrown;Bob;Aces;\r\n\
         Carter;Cy;Aces;\r\nDean;Di;aces;\r\n  Evans ;Ed;Aces;\r\nFord;Fay;Aces;\r\n\
         Grey;Gus;Barons;\r\nHope;Hal;Barons;\r\nIves;Ida;Barons;\r\nJones;Jo;Barons;\r\n",
    )
    .unwrap();
    let file = dir.join("six.tourney");
    let f = file.to_str().unwrap();
    let r = roster.to_str().unwrap();
    // --boards (team chess's, a pairs evening's) is not taken silently for a match's length.
    fails_with(
        &tourney(&[
            "event", "new", f, "--roster", r, "--format", "teams", "--swiss", "--rounds", "2", "--boards",
            "4",
        ]),
        2,
        "a teams match's boards are --boards-per-round",
    );
    assert!(!file.exists());
    ok(&tourney(&[
        "event",
        "new",
        f,
        "--roster",
        r,
        "--format",
        "teams",
        "--swiss",
        "--rounds",
        "2",
        "--boards-per-round",
        "2",
    ]));
    let shown = ok(&tourney(&[
        "event", "line-up", f, "--round", "1", "--team", "aces",
    ]));
    assert_eq!(
        shown,
        "Round 1: Aces' line-up is not recorded\n  1 Ann Archer (007341)\n  2 Bob Brown\n  3 Cy Carter\n  4 Di Dean\n  5 Ed Evans\n  6 Fay Ford\n"
    );
    let before = std::fs::read(&file).unwrap();
    fails_with(
        &tourney(&[
            "event",
            "line-up",
            f,
            "--round",
            "1",
            "--team",
            "1",
            "--players",
            "1,2,3",
        ]),
        2,
        "--players: 3 player(s) named: a team fields four players at a match",
    );
    fails_with(
        &tourney(&[
            "event",
            "line-up",
            f,
            "--round",
            "1",
            "--team",
            "1",
            "--players",
            "1,2,3,Zed",
        ]),
        2,
        "player 4 (\"Zed\") is not one of Aces' players (1 Ann Archer (007341), 2 Bob Brown,",
    );
    fails_with(
        &tourney(&[
            "event",
            "line-up",
            f,
            "--round",
            "2",
            "--team",
            "1",
            "--players",
            "1,2,3,4",
        ]),
        2,
        "--team 1 --round 2: round 2 is not paired (the event has 1 round(s) so far)",
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "a refusal writes nothing");
    let saved = ok(&tourney(&[
        "event",
        "line-up",
        f,
        "--round",
        "1",
        "--team",
        "Aces",
        "--players",
        "ann archer, 3, Ed Evans, 6",
    ]));
    assert_eq!(
        saved,
        "Line-up saved: round 1: Aces played: Ann Archer (007341), Cy Carter, Ed Evans, Fay Ford\n"
    );
    let barons = ok(&tourney(&["event", "line-up", f, "--round", "1", "--team", "2"]));
    assert!(
        barons.starts_with("Round 1: Barons played: Gus Grey, Hal Hope, Ida Ives, Jo Jones (the team's four players: no line-up needed)"),
        "{barons}"
    );
    // The match's two boards: 420 against -170 (590, 11 IMPs to Aces), then a net of -50.
    let entered = ok(&tourney_with_input(
        &["event", "result", f, "--stdin"],
        b"--round 1 --table 1 --board 1 --score 420,-170\n--round 1 --table 1 --board 2 --net -50\n",
    ));
    assert_eq!(entered.matches("saved #").count(), 2, "{entered}");
    let csv = ok(&tourney(&["event", "export", f, "--players-csv", "-"]));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines,
        [
            "Team no.,Team,Player,Number,Matches played,Boards played,Team's boards,Line-ups not recorded",
            "1,Aces,Ann Archer,007341,1,2,2,",
            "1,Aces,Bob Brown,,0,0,2,",
            "1,Aces,Cy Carter,,1,2,2,",
            "1,Aces,Di Dean,,0,0,2,",
            "1,Aces,Ed Evans,,1,2,2,",
            "1,Aces,Fay Ford,,1,2,2,",
            "2,Barons,Gus Grey,,1,2,2,",
            "2,Barons,Hal Hope,,1,2,2,",
            "2,Barons,Ida Ives,,1,2,2,",
            "2,Barons,Jo Jones,,1,2,2,",
        ]
    );
    let out = dir.join("players-return.csv");
    std::fs::write(&out, "kept").unwrap();
    let o = out.to_str().unwrap();
    fails_with(
        &tourney(&["event", "export", f, "--players-csv", o]),
        1,
        "--force",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept");
    ok(&tourney(&["event", "export", f, "--players-csv", o, "--force"]));
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("Ann Archer,007341,1,2,2")
    );
    // The USEBIO file of the same event: the teams with their players, the complete match.
    let xml = dir.join("six.xml");
    ok(&tourney(&[
        "event",
        "export",
        f,
        "--usebio",
        xml.to_str().unwrap(),
    ]));
    let xml = std::fs::read_to_string(&xml).unwrap();
    assert!(xml.contains("<EVENT EVENT_TYPE=\"SWISS_TEAMS\">"), "{xml}");
    assert!(xml.contains("<TEAM TEAM_ID=\"1\" TEAM_NAME=\"Aces\">"), "{xml}");
    assert!(
        xml.contains("<NATIONAL_ID_NUMBER>007341</NATIONAL_ID_NUMBER>"),
        "{xml}"
    );
    assert_eq!(xml.matches("<MATCH>").count(), 1, "{xml}");
    // Undo takes the line-up back (the history's last change is a result, then the line-up).
    ok(&tourney(&["event", "undo", f]));
    ok(&tourney(&["event", "undo", f]));
    ok(&tourney(&["event", "undo", f]));
    let shown = ok(&tourney(&[
        "event", "line-up", f, "--round", "1", "--team", "aces",
    ]));
    assert!(
        shown.starts_with("Round 1: Aces' line-up is not recorded"),
        "{shown}"
    );
}

/// Enters a teams night's scores as the travellers give them: (board, N-S pair, E-W pair, N-S
/// score) each, the table found from the pairs.
fn night_scores(f: &str, scores: &[(&str, &str, &str, &str)]) {
    for (board, ns, ew, score) in scores {
        ok(&tourney(&[
            "event", "result", f, "--deal", board, "--ns", ns, "--ew", ew, "--score", score,
        ]));
    }
}
