//! The event file and scoring, end to end through the library: results survive reopening,
//! corrections keep history, bad files are refused untouched, and standings match examples
//! worked by hand.

use scheduler::event::create::{EventFormat, generate_schedule};
use scheduler::event::standings::{leader, standings};
use scheduler::event::store::{EventFile, ExistingFile, SCHEMA_VERSION, StoreError};
use scheduler::event::{BridgeResult, ImpMethod, ResultKey, ResultValue, sides};
use scheduler::model::Seat;
use scheduler::scoring::bridge::{Contract, Direction};
use scheduler::scoring::chess::{GameResult, RoundOutcome, chess_standings};
use scheduler::solver::Control;
use std::path::PathBuf;

use super::common::event;

fn scratch(name: &str) -> PathBuf {
    super::common::scratch("events", name)
}

fn key(round: u32, table: u32, deal: u32) -> ResultKey {
    ResultKey { round, table, deal }
}

fn tricks(ns: u32, ew: u32) -> ResultValue {
    ResultValue::Tricks { ns, ew }
}

#[test]
fn results_survive_reopening_and_corrections_keep_history() {
    let path = scratch("drive.tourney");
    let event = event(EventFormat::WhistDrive, 8, |s| {
        s.options.hands_per_round = Some(2)
    });
    let mut file = EventFile::create(&path, &event).unwrap();
    file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
    file.set_result(key(1, 2, 0), tricks(10, 16)).unwrap();
    let change = file.set_result(key(1, 1, 0), tricks(15, 11)).unwrap();
    assert_eq!(change.before, Some(tricks(14, 12)));
    drop(file);

    let mut file = EventFile::open(&path).unwrap();
    assert_eq!(file.event(), &event);
    let results = file.results().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[&key(1, 1, 0)], tricks(15, 11));
    assert_eq!(event.round_progress(&results, 1), (2, 2));
    assert_eq!(event.round_progress(&results, 2), (0, 2));

    let history = file.history().unwrap();
    let actions: Vec<&str> = history.iter().map(|h| h.action.as_str()).collect();
    assert!(actions[0].starts_with("created"));
    assert_eq!(&actions[1..], ["entered", "entered", "corrected"]);
    assert_eq!(history[3].before, Some(tricks(14, 12)));
    assert_eq!(history[3].after, Some(tricks(15, 11)));

    assert!(file.clear_result(key(1, 2, 0)).unwrap());
    assert!(!file.clear_result(key(1, 2, 0)).unwrap());
    assert_eq!(file.results().unwrap().len(), 1);
    assert_eq!(file.history().unwrap().last().unwrap().action, "cleared");

    let copy = scratch("drive-copy.tourney");
    file.save_copy(&copy, ExistingFile::Refuse).unwrap();
    drop(file);
    assert!(
        !PathBuf::from(format!("{}-wal", copy.display())).exists(),
        "a saved copy is one self-contained file"
    );
    let reopened = EventFile::open(&copy).unwrap();
    assert_eq!(reopened.results().unwrap()[&key(1, 1, 0)], tricks(15, 11));
    assert_eq!(reopened.history().unwrap().len(), 5);
}

#[test]
fn results_that_do_not_fit_the_event_are_refused_with_the_reason() {
    let path = scratch("refusals.tourney");
    let event = event(EventFormat::WhistDrive, 8, |s| {
        s.options.hands_per_round = Some(2)
    });
    let mut file = EventFile::create(&path, &event).unwrap();
    let why = |result: Result<_, StoreError>| match result {
        Err(StoreError::Invalid { why, .. }) => why,
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert!(why(file.set_result(key(99, 1, 0), tricks(13, 13))).contains("no round 99"));
    assert!(why(file.set_result(key(1, 7, 0), tricks(13, 13))).contains("no table 7"));
    assert!(why(file.set_result(key(1, 1, 0), tricks(13, 12))).contains("make 26"));
    let game = ResultValue::Game {
        result: GameResult::Draw,
    };
    assert!(why(file.set_result(key(1, 1, 0), game)).contains("whist drive"));
    assert!(file.results().unwrap().is_empty(), "nothing refused was stored");
    assert_eq!(file.history().unwrap().len(), 1);
    assert!(matches!(
        EventFile::create(&path, &event),
        Err(StoreError::Exists { .. })
    ));
}

/// Each bad file is refused with a message that says what it is, and its bytes stay the same.
#[test]
fn foreign_damaged_and_newer_files_are_refused_unchanged() {
    let check = |path: &PathBuf, expect: &str| {
        let before = std::fs::read(path).unwrap();
        let error = EventFile::open(path).err().expect("must be refused");
        let message = error.to_string();
        assert!(message.contains(expect), "{message}");
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert_eq!(std::fs::read(path).unwrap(), before, "{message}");
    };
    let text = scratch("roster.tourney");
    std::fs::write(&text, "name,spouse\nAnn,Bob\n").unwrap();
    check(&text, "not an SQLite database");

    let empty = scratch("empty.tourney");
    std::fs::write(&empty, "").unwrap();
    check(&empty, "empty");

    let foreign = scratch("foreign.tourney");
    {
        let db = rusqlite_connection(&foreign);
        db.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            .unwrap();
    }
    check(&foreign, "another program");

    let newer = scratch("newer.tourney");
    EventFile::create(&newer, &event(EventFormat::WhistDrive, 8, |_| {})).unwrap();
    {
        let db = rusqlite_connection(&newer);
        db.pragma_update(None, "journal_mode", "DELETE").unwrap();
        db.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    check(&newer, "newer Tourney");

    let damaged = scratch("damaged.tourney");
    let event = event(EventFormat::WhistDrive, 40, |s| s.options.rounds = Some(10));
    let mut file = EventFile::create(&damaged, &event).unwrap();
    file.set_result(key(1, 1, 0), tricks(7, 6)).unwrap();
    file.save_copy(&scratch("damaged-copy.tourney"), ExistingFile::Refuse)
        .unwrap();
    drop(file);
    // Overwrite the pages after the first with garbage, keeping the valid header.
    let mut bytes = std::fs::read(&damaged).unwrap();
    assert!(bytes.len() > 8192, "the file has several pages");
    for (i, byte) in bytes.iter_mut().enumerate().skip(4096) {
        *byte = (i * 7 % 251) as u8;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    check(&damaged, "damaged");
}

fn rusqlite_connection(path: &PathBuf) -> rusqlite::Connection {
    rusqlite::Connection::open(path).unwrap()
}

#[test]
fn a_thirty_player_event_with_every_result_stays_small() {
    let path = scratch("thirty.tourney");
    // A long evening: 14 rounds of 3 boards at 7 tables.
    let event = event(EventFormat::BridgeIndividual, 30, |s| {
        s.options.rounds = Some(14);
        s.options.boards_per_round = 3;
    });
    let mut file = EventFile::create(&path, &event).unwrap();
    let mut count = 0;
    for round in &event.schedule.rounds {
        for table in &round.tables {
            for deal in event.deals_of_round(round.number) {
                let value = ResultValue::Bridge {
                    board: BridgeResult::contract(
                        Contract::parse("4S").unwrap(),
                        Direction::North,
                        8 + (deal % 5) as u8,
                    ),
                };
                file.set_result(key(round.number, table.number, deal), value)
                    .unwrap();
                count += 1;
            }
        }
    }
    drop(file);
    let size = std::fs::metadata(&path).unwrap().len()
        + std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
    assert_eq!(count, 14 * 7 * 3);
    eprintln!("{count} bridge results: {size} bytes");
    assert!(size < 1_000_000, "{count} results take {size} bytes");
    let file = EventFile::open(&path).unwrap();
    assert_eq!(file.results().unwrap().len(), count);
}

#[test]
fn whist_drive_totals_are_each_sides_tricks() {
    let event = event(EventFormat::WhistDrive, 8, |s| {
        s.options.hands_per_round = Some(1)
    });
    let entered = [(1, 1, 8, 5), (1, 2, 6, 7), (2, 1, 4, 9), (2, 2, 7, 6)];
    let mut results = scheduler::event::Results::new();
    let mut expected = [0u32; 8];
    for (round, table, ns, ew) in entered {
        results.insert(key(round, table, 0), tricks(ns, ew));
        let t = &event.schedule.round(round).unwrap().tables[table as usize - 1];
        for seat in &t.seats {
            expected[seat.entrant] += if matches!(seat.seat, Seat::N | Seat::S) {
                ns
            } else {
                ew
            };
        }
    }
    let table = &standings(&event, &results)[0];
    assert_eq!(table.columns, ["Rank", "Player", "Rounds", "Tricks"]);
    for row in &table.rows {
        let p = event.schedule.entrants.iter().position(|e| *e == row[1]).unwrap();
        assert_eq!(row[3], expected[p].to_string(), "{}", row[1]);
        assert_eq!(row[2], "2");
    }
    let best = *expected.iter().max().unwrap();
    assert_eq!(table.rows[0][3], best.to_string());
    assert_eq!(table.rows[0][0], "1");
}

#[test]
fn whist_drive_sit_outs_score_the_players_own_average() {
    let event = event(EventFormat::WhistDrive, 5, |s| s.options.rounds = Some(2));
    let round1 = event.schedule.round(1).unwrap();
    let sitter = round1.absent[0].entrant;
    let mut results = scheduler::event::Results::new();
    results.insert(key(1, 1, 0), tricks(9, 4));
    results.insert(key(2, 1, 0), tricks(6, 7));
    let table = &standings(&event, &results)[0];
    assert_eq!(
        table.columns,
        ["Rank", "Player", "Rounds", "Tricks", "Sit-outs", "Total"]
    );
    let row = table
        .rows
        .iter()
        .find(|r| r[1] == event.schedule.entrants[sitter])
        .unwrap();
    // The sitter played round 2 only: their tricks there, doubled by the average.
    let round2 = &event.schedule.round(2).unwrap().tables[0];
    let own = if sides(round2).0.contains(&sitter) { 6 } else { 7 };
    assert_eq!(row[2], "1");
    assert_eq!(row[3], own.to_string());
    assert_eq!(row[4], "1");
    assert_eq!(row[5], format!("{:.1}", 2.0 * own as f64));
}

/// Three tables, one round of two boards, worked by hand:
/// board 1 (none vulnerable): 4S= by N 420 · 4S+1 by N 450 · 3NT= by E, N–S −400;
/// board 2 (N–S vulnerable): −100 · 2HX= by S 670 · passed out 0.
/// N–S matchpoints (2 a win, 1 a tie): table 1: 2 + 0, table 2: 4 + 4, table 3: 0 + 2, of 8.
#[test]
fn bridge_matchpoints_and_cross_imps_by_hand() {
    let mut event = event(EventFormat::BridgePairs, 6, |s| s.options.boards_per_round = 2);
    let mut results = scheduler::event::Results::new();
    let contract = |c: &str, by: Direction, tricks: u8| ResultValue::Bridge {
        board: BridgeResult::contract(Contract::parse(c).unwrap(), by, tricks),
    };
    results.insert(key(1, 1, 1), contract("4S", Direction::North, 10));
    results.insert(key(1, 2, 1), contract("4S", Direction::North, 11));
    results.insert(key(1, 3, 1), contract("3NT", Direction::East, 9));
    results.insert(
        key(1, 1, 2),
        ResultValue::Bridge {
            board: BridgeResult::NorthSouthScore { score: -100 },
        },
    );
    results.insert(key(1, 2, 2), contract("2HX", Direction::South, 8));
    results.insert(
        key(1, 3, 2),
        ResultValue::Bridge {
            board: BridgeResult::PassedOut,
        },
    );
    for (k, v) in &results {
        event.check_result(*k, v).unwrap();
    }
    let round = event.schedule.round(1).unwrap().clone();
    let name = |table: usize, home: bool| {
        let (ns, ew) = sides(&round.tables[table]);
        event.schedule.entrants[if home { ns[0] } else { ew[0] }].clone()
    };
    let table = standings(&event, &results).remove(0);
    let percent = |who: &str| table.rows.iter().find(|r| r[1] == who).unwrap()[5].clone();
    assert_eq!(percent(&name(0, true)), "25.00");
    assert_eq!(percent(&name(1, true)), "100.00");
    assert_eq!(percent(&name(2, true)), "25.00");
    assert_eq!(percent(&name(0, false)), "75.00");
    assert_eq!(percent(&name(1, false)), "0.00");
    assert_eq!(percent(&name(2, false)), "75.00");
    assert_eq!(leader(std::slice::from_ref(&table)), Some(name(1, true).as_str()));

    // Cross-IMPs for table 2 N–S: board 1 (+30 → 1, +850 → 13)/2 = 7; board 2 (+770 → 13,
    // +670 → 12)/2 = 12.5; total 19.5.
    if let scheduler::event::Scoring::Bridge { imps, .. } = &mut event.settings.scoring {
        *imps = Some(ImpMethod::Cross);
    }
    let table = standings(&event, &results).remove(0);
    let row = table.rows.iter().find(|r| r[1] == name(1, true)).unwrap();
    assert_eq!(table.columns.last().unwrap(), "IMPs");
    assert_eq!(row.last().unwrap(), "19.50");
    assert_eq!(table.rows[0][1], name(1, true));
}

/// Five players, four rounds, a bye worth 1 and a forfeit, worked by hand:
/// R1 A–B 1-0, C–D ½-½, E bye · R2 E–A 1-0, B–C +- (C absent), D bye ·
/// R3 A–D ½-½, C–E 0-1, B bye · R4 A–C 1-0, B–D 1-0, E bye.
/// Points: E 4, B 3, A 2.5, D 2, C 0.5. For others' tie-breaks C's forfeit counts as a draw
/// (C "adjusted" 1). Own unplayed rounds meet a dummy with the player's own score.
/// BH: A 3+4+2+1 = 10; B 2.5+3+3+2 = 10.5; C 2+0.5+4+2.5 = 9; D 1+2+2.5+3 = 8.5; E 4+2.5+1+4 = 11.5.
/// SB: A 3+0+1+1 = 5; B 0+3+3+2 = 8; C 1+0+0+0 = 1; D 0.5+2+1.25+0 = 3.75; E 4+2.5+1+4 = 11.5.
/// BH cut-1 (unplayed rounds cut first): A 9, B 7.5, C 8.5, D 6.5, E 7.5.
#[test]
fn chess_points_and_tie_breaks_with_byes_and_forfeits_by_hand() {
    let (a, b, c, d, e) = (0, 1, 2, 3, 4);
    let played = |opponent, points| RoundOutcome::Played { opponent, points };
    let bye = RoundOutcome::Unplayed {
        points: 1.0,
        voluntary: false,
        opponent: None,
    };
    let outcomes = vec![
        vec![played(b, 1.0), played(e, 0.0), played(d, 0.5), played(c, 1.0)],
        vec![
            played(a, 0.0),
            RoundOutcome::Unplayed {
                points: 1.0,
                voluntary: false,
                opponent: Some(c),
            },
            bye,
            played(d, 1.0),
        ],
        vec![
            played(d, 0.5),
            RoundOutcome::Unplayed {
                points: 0.0,
                voluntary: true,
                opponent: Some(b),
            },
            played(e, 0.0),
            played(a, 0.0),
        ],
        vec![played(c, 0.5), bye, played(a, 0.5), played(b, 0.0)],
        vec![bye, played(a, 1.0), played(c, 1.0), bye],
    ];
    let lines = chess_standings(&outcomes);
    let order: Vec<usize> = lines.iter().map(|l| l.participant).collect();
    assert_eq!(order, [e, b, a, d, c]);
    let line = |p: usize| lines.iter().find(|l| l.participant == p).unwrap();
    let expect = [
        (a, 2.5, 10.0, 5.0, 9.0),
        (b, 3.0, 10.5, 8.0, 7.5),
        (c, 0.5, 9.0, 1.0, 8.5),
        (d, 2.0, 8.5, 3.75, 6.5),
        (e, 4.0, 11.5, 11.5, 7.5),
    ];
    for (p, points, bh, sb, cut) in expect {
        let l = line(p);
        assert_eq!(
            (l.points, l.buchholz, l.sonneborn_berger, l.buchholz_cut1),
            (points, bh, sb, cut),
            "player {p}"
        );
    }
    assert_eq!(
        (line(a).played, line(a).wins, line(a).draws, line(a).losses),
        (4, 2, 1, 1)
    );
    assert_eq!(line(b).played, 2);
    assert!(
        lines.iter().all(|l| l.direct_encounter.is_none()),
        "no ties on points"
    );
}

/// Direct encounter decides between players level on points who met, before Sonneborn-Berger:
/// R1 A–B 1-0, C–D ½-½ · R2 A–C 0-1, B–D 1-0 · R3 A–D 1-0, B–C ½-½: A and C both have 2;
/// C beat A, so C is ahead.
#[test]
fn direct_encounter_orders_players_level_on_points() {
    let played = |opponent, points| RoundOutcome::Played { opponent, points };
    let outcomes = vec![
        vec![played(1, 1.0), played(2, 0.0), played(3, 1.0)],
        vec![played(0, 0.0), played(3, 1.0), played(2, 0.5)],
        vec![played(3, 0.5), played(0, 1.0), played(1, 0.5)],
        vec![played(2, 0.5), played(1, 0.0), played(0, 0.0)],
    ];
    let lines = chess_standings(&outcomes);
    assert_eq!(lines[0].participant, 2);
    assert_eq!(lines[0].direct_encounter, Some(1.0));
    assert_eq!(lines[1].participant, 0);
    assert_eq!(lines[1].direct_encounter, Some(0.0));
    assert_eq!((lines[0].rank, lines[1].rank), (1, 2));
}

/// A 5-player chess round robin through the event: byes score as set, a forfeit scores and is
/// shown, the standings table has every tie-break column.
#[test]
fn chess_event_with_byes_and_a_forfeit() {
    let event = event(EventFormat::Chess, 5, |s| s.options.bye_points = 1.0);
    let mut results = scheduler::event::Results::new();
    for round in event.schedule.rounds.iter().take(4) {
        for table in &round.tables {
            let result = if round.number == 2 && table.number == 1 {
                GameResult::BlackWinsByForfeit
            } else {
                GameResult::WhiteWins
            };
            let k = key(round.number, table.number, 0);
            let value = ResultValue::Game { result };
            event.check_result(k, &value).unwrap();
            results.insert(k, value);
        }
    }
    let tables = standings(&event, &results);
    assert_eq!(tables.len(), 1);
    let table = &tables[0];
    assert_eq!(
        table.columns,
        [
            "Rank", "Player", "Pts", "Games", "W", "D", "L", "DE", "SB", "BH", "BH-C1"
        ]
    );
    // Every game gives out one point, every bye one: 4 rounds × (2 games + 1 bye).
    let total: f64 = table.rows.iter().map(|r| r[2].parse::<f64>().unwrap()).sum();
    assert_eq!(total, 12.0);
    let games: u32 = table.rows.iter().map(|r| r[3].parse::<u32>().unwrap()).sum();
    assert_eq!(games, 2 * (4 * 2) - 2, "the forfeit is not a game played");
}

/// A team round robin (4 teams × 2 boards): match points 2/1/0 and board points in the
/// league table.
#[test]
fn team_match_points_and_board_points() {
    let event = event(EventFormat::TeamChess, 0, |s| {
        s.options.team_event = scheduler::model::TeamEvent::RoundRobin;
        s.options.teams = Some(4);
        s.options.boards = Some(2);
    });
    let mut results = scheduler::event::Results::new();
    // Round 1: every White wins, so each match is drawn 1-1 (colours alternate by board).
    let round = event.schedule.round(1).unwrap();
    for table in &round.tables {
        results.insert(
            key(1, table.number, 0),
            ResultValue::Game {
                result: GameResult::WhiteWins,
            },
        );
    }
    let tables = standings(&event, &results);
    assert_eq!(tables[0].heading.as_deref(), Some("Teams"));
    assert_eq!(
        tables[0].columns,
        ["Rank", "Team", "P", "W", "D", "L", "GF", "GA", "Pts"]
    );
    for row in &tables[0].rows {
        assert_eq!(&row[2..], ["1", "0", "1", "0", "1", "1", "1"], "{row:?}");
    }
    assert_eq!(tables[1].heading.as_deref(), Some("Players"));
    // Round 2, match on tables 1–2: the first match's home team wins both boards.
    let round = event.schedule.round(2).unwrap();
    let (first, second) = (&round.tables[0], &round.tables[1]);
    let home_team = event.schedule.entrant_teams[sides(first).0[0]].clone();
    results.insert(
        key(2, first.number, 0),
        ResultValue::Game {
            result: GameResult::WhiteWins,
        },
    );
    results.insert(
        key(2, second.number, 0),
        ResultValue::Game {
            result: GameResult::BlackWins,
        },
    );
    let tables = standings(&event, &results);
    assert_eq!(tables[0].rows[0][1], home_team);
    assert_eq!(tables[0].rows[0][8], "3");
    assert_eq!(tables[0].rows[0][6], "3");
}

/// A file written by the first release (schema 1: no record of the roster the schedule was
/// made for) opens, is migrated, and keeps its results and history.
#[test]
fn a_version_1_file_is_migrated_and_keeps_its_results() {
    let path = scratch("version1.tourney");
    let built = event(EventFormat::WhistDrive, 8, |s| {
        s.options.hands_per_round = Some(2)
    });
    // The settings as version 1 wrote them: no options.
    let mut settings = serde_json::to_value(&built.settings).unwrap();
    settings.as_object_mut().unwrap().remove("options");
    {
        let db = rusqlite_connection(&path);
        db.pragma_update(None, "application_id", 0x5452_4E59).unwrap();
        db.execute_batch(
            "CREATE TABLE event (id INTEGER PRIMARY KEY CHECK (id = 1), settings TEXT NOT NULL,
                 roster TEXT NOT NULL, schedule TEXT NOT NULL, created_at TEXT NOT NULL);
             CREATE TABLE result (round INTEGER NOT NULL, table_no INTEGER NOT NULL, deal INTEGER NOT NULL,
                 value TEXT NOT NULL, entered_at TEXT NOT NULL, PRIMARY KEY (round, table_no, deal));
             CREATE TABLE history (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, action TEXT NOT NULL,
                 round INTEGER, table_no INTEGER, deal INTEGER, before TEXT, after TEXT);",
        )
        .unwrap();
        db.execute(
            "INSERT INTO event VALUES (1, ?1, ?2, ?3, '2026-11-01T19:00:00+00:00')",
            rusqlite::params![
                settings.to_string(),
                serde_json::to_string(&built.roster).unwrap(),
                serde_json::to_string(&built.schedule).unwrap()
            ],
        )
        .unwrap();
        db.execute(
            "INSERT INTO result VALUES (1, 1, 0, ?1, '2026-11-01T19:30:00+00:00')",
            [serde_json::to_string(&tricks(14, 12)).unwrap()],
        )
        .unwrap();
        db.execute(
            "INSERT INTO history (at, action) VALUES ('2026-11-01T19:00:00+00:00', 'created')",
            [],
        )
        .unwrap();
        db.pragma_update(None, "user_version", 1).unwrap();
    }
    let file = EventFile::open(&path).unwrap();
    assert_eq!(file.results().unwrap()[&key(1, 1, 0)], tricks(14, 12));
    assert_eq!(
        file.event().generated_for,
        built.roster,
        "version 1 never edited its roster"
    );
    assert!(file.event().roster_changes().is_empty());
    assert_eq!(file.event().settings.options, None);
    assert_eq!(file.history().unwrap().len(), 1);
    drop(file);
    let version: i32 = rusqlite_connection(&path)
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
}

#[test]
fn roster_edits_rename_into_the_schedule_and_wait_for_a_new_schedule() {
    let path = scratch("roster-edits.tourney");
    let built = event(EventFormat::WhistDrive, 8, |s| {
        s.options.hands_per_round = Some(2)
    });
    let mut file = EventFile::create(&path, &built).unwrap();

    // A rename reaches the schedule's names at once; the schedule still fits.
    let mut roster = built.roster.clone();
    roster.players[2].name = "Carol".into();
    let changes = file.set_roster(roster.clone()).unwrap();
    assert_eq!(changes, ["Player 3 renamed Carol"]);
    assert_eq!(file.event().schedule.entrants[2], "Carol");
    assert!(file.event().roster_changes().is_empty());

    // Adding a player and marrying two others: the schedule no longer fits and says why.
    let id = roster.next_id();
    roster.players.push(scheduler::model::Player::new(id.0, "Dora"));
    roster.players[0].spouse = Some(roster.players[1].id);
    roster.players[1].spouse = Some(roster.players[0].id);
    file.set_roster(roster.clone()).unwrap();
    let reasons = file.event().roster_changes();
    assert!(reasons.contains(&"Dora was added".to_owned()), "{reasons:?}");
    assert!(
        reasons.contains(&"Player 1 is now kept apart from Player 2".to_owned()),
        "{reasons:?}"
    );
    // A roster that makes no sense is refused whole, naming the problem.
    let mut bad = roster.clone();
    bad.players[3].name = "carol".into();
    let refusal = file.set_roster(bad).unwrap_err().to_string();
    assert!(refusal.contains("\"carol\" is listed twice"), "{refusal}");

    // Generating again makes a schedule for nine with the couple kept apart.
    let options = file.event().settings.options.clone().unwrap();
    let generated = generate_schedule(&file.event().roster, &options, &Control::unlimited()).unwrap();
    file.replace_schedule(generated, options.clone()).unwrap();
    assert!(file.event().roster_changes().is_empty());
    assert_eq!(file.event().schedule.entrants.len(), 9);
    drop(file);

    // Everything is in the file, with a history line per change.
    let mut file = EventFile::open(&path).unwrap();
    assert_eq!(file.event().schedule.entrants.len(), 9);
    assert_eq!(file.event().roster.players[2].name, "Carol");
    let actions: Vec<String> = file.history().unwrap().into_iter().map(|h| h.action).collect();
    assert!(
        actions[1].starts_with("roster: Player 3 renamed Carol"),
        "{actions:?}"
    );
    assert!(
        actions[3].starts_with("schedule made again: 9 entrants"),
        "{actions:?}"
    );

    // Once a result is in, only names and details may change, and the schedule may not.
    file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
    let mut roster = file.event().roster.clone();
    roster.players.pop();
    let refusal = file.set_roster(roster).unwrap_err().to_string();
    assert!(
        refusal.contains("1 result(s) are entered") && refusal.contains("Dora was removed"),
        "{refusal}"
    );
    let generated = generate_schedule(&file.event().roster, &options, &Control::unlimited()).unwrap();
    let refusal = file.replace_schedule(generated, options).unwrap_err().to_string();
    assert!(refusal.contains("schedule not changed"), "{refusal}");
    let mut roster = file.event().roster.clone();
    roster.players[8].email = Some("dora@example.org".into());
    assert_eq!(file.set_roster(roster).unwrap(), ["details of Dora changed"]);
    assert_eq!(file.event().schedule.entrants.len(), 9);
}

/// Issue 39, item 3: one bridge vocabulary, and files already written keep reading. This
/// file was written by the release before the change (`tourney 0.1.0`, built 2026-11-26:
/// 4S by N made, 3NT by E one down, the declarers stored as "N" and "E"); opened now (a
/// copy: opening may bring a file up to date), its results and their scores are the same.
#[test]
fn an_event_file_written_by_the_release_before_one_bridge_vocabulary_still_reads() {
    let fixture =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/events/release-0.1.tourney");
    let path = super::common::scratch("events", "release-0.1.tourney");
    std::fs::copy(&fixture, &path).unwrap();
    let file = scheduler::event::store::EventFile::open(&path).unwrap();
    let results = file.results().unwrap();
    let read: Vec<(u32, String, i32)> = results
        .iter()
        .map(|(key, value)| match value {
            ResultValue::Bridge {
                board:
                    BridgeResult::Contract {
                        contract,
                        declarer,
                        tricks,
                        // A file from before leads were kept reads as no lead.
                        lead: None,
                    },
            } => (
                key.deal,
                format!("{declarer:?}"),
                scheduler::scoring::bridge::north_south_score(key.deal, *contract, *declarer, *tricks),
            ),
            other => panic!("{key}: {other:?}"),
        })
        .collect();
    assert_eq!(
        read,
        [(1, "North".to_string(), 420), (2, "East".to_string(), 50)],
        "4S= by N is +420; 3NT-1 by E, not vulnerable on board 2, is +50 to N-S"
    );
    assert_eq!(results.values().next().unwrap().to_string(), "4S by N =");
}
