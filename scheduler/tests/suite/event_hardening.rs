//! Hardening of the event file and of entered numbers (issue 21): a damaged file is read-only
//! for every write, stored results are checked on reading by the rules of entry, counts are
//! bounded instead of wrapping, read-only and full disks are named for what they are, and an
//! older-format file is migrated or refused in words.

use scheduler::event::create::{EventFormat, NewEvent, build_event, generate_schedule};
use scheduler::event::entry::{parse_board, parse_score};
use scheduler::event::store::{EventFile, SCHEMA_VERSION, StoreError};
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue};
use scheduler::model::Roster;
use scheduler::solver::Control;
use scheduler::tools::league::{parse_known, parse_table};
use std::path::{Path, PathBuf};

use super::common::event;

fn scratch(name: &str) -> PathBuf {
    super::common::scratch("hardening", name)
}

fn drive(hands: Option<u32>) -> Event {
    event(EventFormat::WhistDrive, 8, |s| s.options.hands_per_round = hands)
}

fn key(round: u32, table: u32, deal: u32) -> ResultKey {
    ResultKey { round, table, deal }
}

fn tricks(ns: u32, ew: u32) -> ResultValue {
    ResultValue::Tricks { ns, ew }
}

/// Every row of the result and history tables, as stored.
fn stored_rows(path: &Path) -> (Vec<(i64, i64, i64, String)>, i64) {
    let db = rusqlite::Connection::open(path).unwrap();
    let mut statement = db
        .prepare("SELECT round, table_no, deal, value FROM result ORDER BY 1, 2, 3")
        .unwrap();
    let results = statement
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let history = db
        .query_row("SELECT COUNT(*) FROM history", [], |r| r.get(0))
        .unwrap();
    (results, history)
}

/// Replaces the stored JSON of one result behind Tourney's back.
fn tamper(path: &Path, key: ResultKey, value: &str) {
    let db = rusqlite::Connection::open(path).unwrap();
    let changed = db
        .execute(
            "UPDATE result SET value = ?1 WHERE round = ?2 AND table_no = ?3 AND deal = ?4",
            rusqlite::params![value, key.round, key.table, key.deal],
        )
        .unwrap();
    assert_eq!(changed, 1);
}

/// Issue 21, items 3 and 8: one result that no longer reads back, or reads back but breaks the
/// rules of entry (`"ns":99`), makes reading refuse with the row named, and every write refuse
/// with the same message, changing nothing.
#[test]
fn a_file_with_a_damaged_result_refuses_every_write_with_the_same_message() {
    for (name, stored, expect) in [
        ("garbled", "{\"kind\":\"tricks\",\"ns\":", "does not read back"),
        (
            "ns99",
            "{\"kind\":\"tricks\",\"ns\":99,\"ew\":12}",
            "N-S tricks 99: a whist table takes 0–13 tricks per hand, 0–26 for 2 hands",
        ),
    ] {
        let path = scratch(&format!("damaged-{name}.tourney"));
        let built = drive(Some(2));
        let mut file = EventFile::create(&path, &built).unwrap();
        file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
        file.set_result(key(1, 2, 0), tricks(13, 13)).unwrap();
        drop(file);
        tamper(&path, key(1, 1, 0), stored);
        let before = stored_rows(&path);

        let mut file = EventFile::open(&path).expect("a damaged file can still be opened to read");
        let refusal = file.results().unwrap_err();
        assert!(matches!(refusal, StoreError::UnfitResult { .. }), "{refusal:?}");
        let message = refusal.to_string();
        for part in ["damaged", "round 1 table 1", expect, "not changed"] {
            assert!(message.contains(part), "{part:?} missing from: {message}");
        }
        assert!(file.history().is_ok(), "the history can still be read");

        let same = |result: Result<(), StoreError>, what: &str| {
            let error = result.expect_err(what).to_string();
            assert_eq!(error, message, "{what}");
        };
        same(
            file.set_result(key(1, 2, 0), tricks(15, 11)).map(drop),
            "set_result",
        );
        same(
            file.set_result(key(2, 1, 0), tricks(15, 11)).map(drop),
            "set_result (new)",
        );
        let mut roster = built.roster.clone();
        roster.players[0].name = "Ann".into();
        same(file.set_roster(roster).map(drop), "set_roster");
        let options = built.settings.options.clone().unwrap();
        let generated = generate_schedule(&built.roster, &options, &Control::unlimited()).unwrap();
        same(file.replace_schedule(generated, options), "replace_schedule");
        drop(file);
        assert_eq!(stored_rows(&path), before, "nothing was written");
        assert_eq!(
            EventFile::open(&path).unwrap().event().roster,
            built.roster,
            "the roster was not changed"
        );

        // The repair: the unfit result is listed, a fitting one cannot be removed meanwhile,
        // the unfit one can; then the file is writable again (checked on a copy of the file).
        let copy = scratch(&format!("damaged-{name}-repaired.tourney"));
        std::fs::copy(&path, &copy).unwrap();
        let mut repaired = EventFile::open(&copy).unwrap();
        let unfit = repaired.unfit_results().unwrap();
        assert_eq!(unfit.len(), 1, "{unfit:?}");
        assert_eq!(unfit[0].key, Some(key(1, 1, 0)));
        assert!(
            unfit[0]
                .why
                .contains(expect.trim_start_matches("does not read back")),
            "{unfit:?}"
        );
        let refusal = repaired.clear_result(key(1, 2, 0)).unwrap_err().to_string();
        assert!(refusal.contains("tourney event repair"), "{refusal}");
        assert!(repaired.clear_result(key(1, 1, 0)).unwrap());
        assert_eq!(repaired.results().unwrap().len(), 1);
        repaired.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
        let history = repaired.history().unwrap();
        assert_eq!(history[history.len() - 2].action, "cleared");
        drop(repaired);
        assert_eq!(EventFile::open(&copy).unwrap().results().unwrap().len(), 2);

        // Repaired (the stored value put right), the file is writable again.
        tamper(
            &path,
            key(1, 1, 0),
            &serde_json::to_string(&tricks(14, 12)).unwrap(),
        );
        let mut file = EventFile::open(&path).unwrap();
        assert_eq!(file.results().unwrap().len(), 2);
        file.set_result(key(1, 2, 0), tricks(15, 11)).unwrap();
    }
}

/// Issue 21, item 8: a stored row whose key is not a round/table/board number is named.
#[test]
fn a_stored_result_with_a_negative_round_is_named() {
    let path = scratch("negative-round.tourney");
    let mut file = EventFile::create(&path, &drive(Some(2))).unwrap();
    file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
    drop(file);
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE result SET round = -1", [])
        .unwrap();
    let mut file = EventFile::open(&path).unwrap();
    let message = file.results().unwrap_err().to_string();
    assert!(message.contains("round -1, table 1, board 0"), "{message}");
    let write = file.set_result(key(1, 2, 0), tricks(13, 13)).unwrap_err();
    assert_eq!(write.to_string(), message);
}

/// Issue 21, item 6: trick counts near 2³² are refused with the game's range instead of
/// wrapping (4294967295 + 14 used to add up to 13, a whole hand, and was saved).
#[test]
fn trick_counts_that_would_wrap_are_refused_with_the_range() {
    // The other side's count is chosen so that the wrapped sum is exactly a round's tricks.
    for (hands, other, range) in [
        (None, 14, "0–676 for the most a round has (52 hands)"),
        (Some(2), 27, "0–26 for 2 hands"),
        (Some(1), 14, "0–13 for 1 hand"),
    ] {
        let path = scratch("wrap.tourney");
        let mut file = EventFile::create(&path, &drive(hands)).unwrap();
        for (value, side) in [
            (tricks(4_294_967_295, other), "N-S tricks 4294967295"),
            (tricks(1, 4_294_967_295), "E-W tricks 4294967295"),
        ] {
            let refusal = file.set_result(key(1, 1, 0), value).unwrap_err().to_string();
            assert!(
                refusal.contains(side) && refusal.contains(range),
                "{hands:?}: {refusal}"
            );
        }
        assert!(file.results().unwrap().is_empty());
    }
}

/// Issue 21, items 6 and 7: hands or boards per round of 0 or past 52 are refused when the
/// event is made, and when a stored event says so.
#[test]
fn hands_and_boards_per_round_are_bounded() {
    let make = |format, tweak: &dyn Fn(&mut NewEvent)| {
        let mut spec = NewEvent::new("Evening", format, Roster::numbered(8));
        tweak(&mut spec);
        build_event(&spec, &Control::unlimited())
            .map(|_| ())
            .map_err(String::from)
    };
    for hands in [0, 53, 4_294_967_295] {
        let why = make(EventFormat::WhistDrive, &|s| {
            s.options.hands_per_round = Some(hands)
        })
        .unwrap_err();
        assert_eq!(
            why,
            format!("{hands} hands per round: a round has 1 to 52 hands of 13 tricks")
        );
    }
    for boards in [0, 53] {
        let why = make(EventFormat::BridgeIndividual, &|s| {
            s.options.boards_per_round = boards
        })
        .unwrap_err();
        assert_eq!(
            why,
            format!("{boards} boards per round: a round has 1 to 52 boards")
        );
    }
    assert!(make(EventFormat::WhistDrive, &|s| s.options.hands_per_round = Some(52)).is_ok());
    assert!(
        make(EventFormat::BridgeIndividual, &|s| s.options.boards_per_round =
            52)
        .is_ok()
    );

    // A file whose settings were changed to 0 boards is refused on opening, with the reason.
    let path = scratch("zero-boards.tourney");
    EventFile::create(&path, &event(EventFormat::BridgeIndividual, 8, |_| {})).unwrap();
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        let settings: String = db
            .query_row("SELECT settings FROM event", [], |r| r.get(0))
            .unwrap();
        let settings = settings.replace("\"boards_per_round\":2", "\"boards_per_round\":0");
        db.execute("UPDATE event SET settings = ?1", [settings]).unwrap();
    }
    let message = EventFile::open(&path).err().expect("refused").to_string();
    assert!(
        message.contains("damaged") && message.contains("0 boards per round"),
        "{message}"
    );
}

/// Issue 21, item 7: match scores and bridge scores out of any game's range are refused with
/// the range, typed or entered; "pass" together with a contract is refused as contradictory.
#[test]
fn scores_out_of_range_and_contradictory_boards_are_refused() {
    let why = parse_score("99999999999-0").unwrap_err();
    assert!(why.contains("from 0 to 9999"), "{why}");
    assert_eq!(parse_score("3-1"), Ok((3.0, 1.0)));

    let path = scratch("pairs.tourney");
    let mut file = EventFile::create(&path, &event(EventFormat::Pairs, 4, |_| {})).unwrap();
    let huge = ResultValue::Score {
        home: 99_999_999_999.0,
        away: 0.0,
    };
    let refusal = file.set_result(key(1, 1, 0), huge).unwrap_err().to_string();
    assert!(refusal.contains("from 0 to 9999"), "{refusal}");
    file.set_result(
        key(1, 1, 0),
        ResultValue::Score {
            home: 9999.0,
            away: 0.0,
        },
    )
    .unwrap();

    for text in ["100000", "-7610", "99999999999"] {
        let why = parse_board(text).unwrap_err();
        assert!(why.contains("from -7600 to 7600"), "{text}: {why}");
    }
    assert_eq!(
        parse_board("-7600"),
        Ok(BridgeResult::NorthSouthScore { score: -7600 })
    );
    for text in ["pass 4S N =", "4S N 10 passed", "p 620"] {
        let why = parse_board(text).unwrap_err();
        assert!(
            why.contains("a passed-out board has no contract"),
            "{text}: {why}"
        );
    }

    let path = scratch("bridge.tourney");
    let mut file = EventFile::create(&path, &event(EventFormat::BridgeIndividual, 8, |_| {})).unwrap();
    let board = |score| ResultValue::Bridge {
        board: BridgeResult::NorthSouthScore { score },
    };
    let refusal = file.set_result(key(1, 1, 1), board(100_000)).unwrap_err();
    assert!(refusal.to_string().contains("from -7600 to 7600"), "{refusal}");
    file.set_result(key(1, 1, 1), board(7600)).unwrap();
}

/// Issue 21, item 6: league-table numbers past the bound are errors naming line and column,
/// instead of wrapping (4294967297 goals used to read as 1).
#[test]
fn league_table_numbers_are_bounded() {
    let table = "team,P,W,D,L,GF,GA,Pts\nA,1,1,0,0,4294967297,0,3\nB,1,0,0,1,0,4294967297,0\n";
    let problems = parse_table("big.csv", table.as_bytes()).unwrap_err();
    let messages: Vec<String> = problems.errors().map(|p| p.to_string()).collect();
    for (line, field) in [(2, "GF"), (3, "GA")] {
        let wanted = format!("big.csv, line {line}, field \"{field}\"");
        assert!(
            messages.iter().any(|m| m.contains(&wanted)
                && m.contains("4294967297 is out of range: this column takes 0 to 1000000")),
            "{wanted}: {messages:?}"
        );
    }
    let problems = parse_table(
        "pts.csv",
        b"team,P,W,D,L,GF,GA,Pts\nA,1,1,0,0,1,0,-2000000\nB,1,0,0,1,0,1,0\n",
    )
    .unwrap_err();
    let text = problems.errors().next().unwrap().to_string();
    assert!(text.contains("-1000000 to 1000000"), "{text}");

    let fine = parse_table(
        "ok.csv",
        b"team,P,W,D,L,GF,GA,Pts\nA,1,1,0,0,1000000,0,3\nB,1,0,0,1,0,1000000,0\n",
    )
    .unwrap();
    assert_eq!(fine.lines[0].goals_for, 1_000_000);
    let why = parse_known("A 4294967297-0 B", &fine).unwrap_err();
    assert!(
        why.contains("out of range") && why.contains("0 to 1000000"),
        "{why}"
    );
    let why = parse_known("A 1000001-0 B", &fine).unwrap_err();
    assert!(why.contains("out of range"), "{why}");
}

/// Issue 21, item 14: a write-protected event file is named as read-only, and nothing is
/// changed. As root, permission bits do not stop writes, so the file is then opened read-only
/// through SQLite (the same refusal SQLite gives for a write-protected file); the permission
/// case runs whenever the test is not root.
#[test]
fn a_read_only_file_is_named_read_only_and_nothing_is_lost() {
    use std::os::unix::fs::PermissionsExt;
    let path = scratch("read-only.tourney");
    let mut file = EventFile::create(&path, &drive(Some(2))).unwrap();
    file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
    drop(file);
    let expect = format!(
        "{} is read-only (the file or its folder): nothing was changed, nothing lost",
        path.display()
    );

    let mut file = EventFile::open_read_only(&path).unwrap();
    assert_eq!(file.results().unwrap().len(), 1);
    let error = file.set_result(key(1, 2, 0), tricks(13, 13)).unwrap_err();
    assert_eq!(error.to_string(), expect);
    let error = file.clear_result(key(1, 1, 0)).unwrap_err();
    assert_eq!(error.to_string(), expect);
    drop(file);

    let folder = path.parent().unwrap().join("locked");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir(&folder).unwrap();
    let inside = folder.join("event.tourney");
    EventFile::create(&inside, &drive(Some(2)))
        .unwrap()
        .set_result(key(1, 1, 0), tricks(14, 12))
        .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let blocked = std::fs::OpenOptions::new().write(true).open(&path).is_err();
    if blocked {
        let mut file = EventFile::open(&path).unwrap();
        let error = file.set_result(key(1, 2, 0), tricks(13, 13)).unwrap_err();
        assert_eq!(error.to_string(), expect);
        let locked = format!(
            "{} is read-only (the file or its folder): nothing was changed, nothing lost",
            inside.display()
        );
        let error = match EventFile::open(&inside) {
            Ok(mut file) => file.set_result(key(1, 2, 0), tricks(13, 13)).unwrap_err(),
            Err(error) => error,
        };
        assert_eq!(error.to_string(), locked);
        let error = EventFile::create(&folder.join("new.tourney"), &drive(None))
            .err()
            .expect("a new file in a read-only folder");
        assert!(error.to_string().contains("is read-only"), "{error}");
    } else {
        println!(
            "running as root: permission bits do not block writes, so only the read-only opening was tested"
        );
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let file = EventFile::open(&path).unwrap();
    assert_eq!(
        file.results().unwrap()[&key(1, 1, 0)],
        tricks(14, 12),
        "nothing lost"
    );
}

/// Issue 21, item 15: a file marked format 1 that already has format 2's column (written by a
/// development build, or migrated by another Tourney at the same moment) opens and is marked
/// format 2, instead of "duplicate column name: generated_for".
#[test]
fn a_format_1_file_that_has_the_new_column_opens() {
    let path = scratch("half-migrated.tourney");
    let built = drive(Some(2));
    let mut file = EventFile::create(&path, &built).unwrap();
    file.set_result(key(1, 1, 0), tricks(14, 12)).unwrap();
    drop(file);
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 1)
        .unwrap();
    let file = EventFile::open(&path).unwrap();
    assert_eq!(file.event(), &built);
    assert_eq!(file.results().unwrap()[&key(1, 1, 0)], tricks(14, 12));
    drop(file);
    let version: i32 = rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
}

/// Issue 21, item 15: a format-1 file whose tables are not those of format 1 is refused with
/// a sentence saying so, and is left unchanged.
#[test]
fn an_older_format_file_that_cannot_be_migrated_says_so() {
    let path = scratch("old-broken.tourney");
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        db.pragma_update(None, "application_id", 0x5452_4E59).unwrap();
        db.execute_batch("CREATE TABLE result (round INTEGER, table_no INTEGER);")
            .unwrap();
        db.pragma_update(None, "user_version", 1).unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let message = EventFile::open(&path).err().expect("refused").to_string();
    assert!(
        message.contains("this event file was made by an older Tourney (format 1)")
            && message.contains("no such table: event")
            && message.contains("it was not changed"),
        "{message}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// Issue 21, item 14, on a real full disk: run by hand on a small file system, e.g. as root
/// `mount -t tmpfs -o size=200k tmpfs /mnt/small` and then
/// `TOURNEY_SMALL_DISK=/mnt/small cargo test -p scheduler --test suite full_file_system -- --ignored`.
/// The disk is filled with a filler file, then results are entered until one is refused: it
/// must be refused as "the disk is full", and every result acknowledged before must be there.
#[test]
#[ignore = "needs a small file system named by TOURNEY_SMALL_DISK"]
fn a_full_file_system_is_named_and_nothing_acknowledged_is_lost() {
    use std::io::Write;
    let folder = PathBuf::from(
        std::env::var_os("TOURNEY_SMALL_DISK")
            .expect("TOURNEY_SMALL_DISK must name a folder on a small file system"),
    );
    let path = folder.join("full.tourney");
    let filler = folder.join("filler");
    for old in [&path, &filler] {
        let _ = std::fs::remove_file(old);
    }
    let built = event(EventFormat::WhistDrive, 40, |s| s.options.rounds = Some(10));
    let mut file = EventFile::create(&path, &built).unwrap();
    let mut saved = Vec::new();
    let mut refusal = None;
    'fill: for round in &built.schedule.rounds {
        for table in &round.tables {
            let key = key(round.number, table.number, 0);
            if saved.len() == 5 {
                // Some results in, then the disk fills up.
                let mut fill = std::fs::File::create(&filler).unwrap();
                while fill
                    .write_all(&[0u8; 1024])
                    .and_then(|()| fill.sync_all())
                    .is_ok()
                {}
            }
            match file.set_result(key, tricks(7, 6)) {
                Ok(_) => saved.push(key),
                Err(error) => {
                    refusal = Some(error);
                    break 'fill;
                }
            }
        }
    }
    let error = refusal.expect("the full disk refuses a result");
    assert!(matches!(error, StoreError::DiskFull { .. }), "{error:?}");
    assert!(error.to_string().contains("the disk is full"), "{error}");
    drop(file);
    std::fs::remove_file(&filler).unwrap();
    let file = EventFile::open(&path).unwrap();
    let stored: Vec<ResultKey> = file.results().unwrap().keys().copied().collect();
    assert_eq!(stored, saved, "every acknowledged result, and no other");
    println!("{} results saved before the disk was full", saved.len());
}
