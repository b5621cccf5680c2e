//! Issue 39, item 1: the one write path. Undo and redo are kept in the event file, so they
//! survive closing it and every front end shares one history; a second writer is seen.

use super::common::{event, scratch};
use scheduler::event::create::EventFormat;
use scheduler::event::entry::{Fields, typed_result};
use scheduler::event::session::{Command, Session, SessionError};
use scheduler::event::{ResultKey, ResultValue};

fn key(round: u32, table: u32) -> ResultKey {
    ResultKey {
        round,
        table,
        deal: 0,
    }
}

fn tricks(ns: u32, ew: u32) -> ResultValue {
    ResultValue::Tricks { ns, ew }
}

fn whist_session(name: &str) -> (std::path::PathBuf, Session) {
    let path = scratch("session", name);
    let event = event(EventFormat::WhistDrive, 8, |s| s.options.rounds = Some(3));
    let session = Session::create(&path, &event).unwrap();
    (path, session)
}

#[test]
fn undo_and_redo_survive_closing_the_event() {
    let (path, mut session) = whist_session("reopen.tourney");
    assert_eq!(session.undo_label(), None, "a new event has nothing to undo");
    session
        .apply(Command::SetResult(key(1, 1), tricks(14, 12)))
        .unwrap();
    session
        .apply(Command::SetResult(key(1, 1), tricks(15, 11)))
        .unwrap();
    session
        .apply(Command::SetResult(key(1, 2), tricks(13, 13)))
        .unwrap();
    drop(session);

    let mut session = Session::open(&path).unwrap();
    assert_eq!(session.undo_label(), Some("the result of round 1 table 2"));
    let undone = session.undo().unwrap().unwrap();
    assert_eq!(undone.what, "the result of round 1 table 2");
    assert_eq!(session.results().get(&key(1, 2)), None);
    assert_eq!(session.undo_label(), Some("the correction of round 1 table 1"));
    session.undo().unwrap().unwrap();
    assert_eq!(
        session.results().get(&key(1, 1)),
        Some(&tricks(14, 12)),
        "the correction is taken back"
    );
    assert_eq!(session.redo_label(), Some("the correction of round 1 table 1"));
    drop(session);

    // Closed again: redo is there too, and puts back exactly what was taken back.
    let mut session = Session::open(&path).unwrap();
    session.redo().unwrap().unwrap();
    assert_eq!(session.results().get(&key(1, 1)), Some(&tricks(15, 11)));
    assert_eq!(session.redo_label(), Some("the result of round 1 table 2"));
    // A new change empties the redo stack.
    session
        .apply(Command::SetResult(key(2, 1), tricks(10, 16)))
        .unwrap();
    assert_eq!(session.redo_label(), None);
    assert!(session.redo().unwrap().is_none());
    // Undo all the way back to the event as made, and no further.
    let mut count = 0;
    while session.undo().unwrap().is_some() {
        count += 1;
        assert!(count < 10, "undo never ends");
    }
    assert_eq!(count, 3, "the result of 2/1, the correction and the entry of 1/1");
    assert!(session.results().is_empty());
    // Each undo and redo is itself a line of the history.
    let actions: Vec<&str> = session.history().iter().map(|h| h.action.as_str()).collect();
    assert_eq!(
        actions.iter().filter(|a| **a == "undone").count(),
        5,
        "{actions:?}"
    );
    assert_eq!(
        actions.iter().filter(|a| **a == "redone").count(),
        1,
        "{actions:?}"
    );
}

#[test]
fn undo_takes_back_roster_and_line_up_changes_across_a_reopen() {
    let (path, mut session) = whist_session("line-up.tourney");
    let before = session.event().clone();
    session
        .apply(Command::SetResult(key(1, 1), tricks(14, 12)))
        .unwrap();
    let late = session
        .apply(Command::LateArrival {
            name: "Zoe Late".into(),
            before_round: Some(2),
            missed: scheduler::movement::MissedBoards::NotPlayed,
        })
        .unwrap();
    assert!(late.line_up.is_some(), "{}", late.message);
    assert!(session.event().schedule.entrants.iter().any(|e| e == "Zoe Late"));
    let revision = session.revision();
    drop(session);

    let mut session = Session::open(&path).unwrap();
    let label = session.undo_label().unwrap().to_owned();
    assert!(label.contains("Zoe Late"), "{label}");
    session.undo().unwrap().unwrap();
    assert_eq!(session.event().roster, before.roster, "the roster is as it was");
    assert_eq!(session.event().schedule, before.schedule, "so is the schedule");
    assert_eq!(
        session.results().get(&key(1, 1)),
        Some(&tricks(14, 12)),
        "the result stays"
    );
    assert!(session.revision() > 0 || revision > 0);
    session.redo().unwrap().unwrap();
    assert!(session.event().schedule.entrants.iter().any(|e| e == "Zoe Late"));
    // The history says what was undone and redone, in words.
    let last: Vec<&str> = session
        .history()
        .iter()
        .rev()
        .take(2)
        .map(|h| h.action.as_str())
        .collect();
    assert!(
        last[0].starts_with("Redone: ") && last[0].contains("Zoe Late"),
        "{last:?}"
    );
    assert!(
        last[1].starts_with("Undone: ") && last[1].contains("Zoe Late"),
        "{last:?}"
    );
}

#[test]
fn two_writers_share_one_history_and_each_sees_the_other() {
    let (path, mut window) = whist_session("two-writers.tourney");
    let mut command = Session::open_to_write(&path).unwrap();
    command
        .apply(Command::SetResult(key(1, 1), tricks(14, 12)))
        .unwrap();
    // The window has not looked yet; when it does, it sees the result and can undo it.
    assert!(window.results().is_empty());
    assert!(window.refresh().unwrap(), "the other writer's commit is seen");
    assert_eq!(window.results().get(&key(1, 1)), Some(&tricks(14, 12)));
    assert_eq!(window.undo_label(), Some("the result of round 1 table 1"));
    assert!(!window.refresh().unwrap(), "nothing new: nothing read again");
    window.undo().unwrap().unwrap();
    // The command line's next undo does not take back the same line twice: it has only the
    // redo left, and nothing to undo.
    command.refresh().unwrap();
    assert!(command.results().is_empty());
    assert!(command.undo().unwrap().is_none());
    command.redo().unwrap().unwrap();
    window.refresh().unwrap();
    assert_eq!(window.results().get(&key(1, 1)), Some(&tricks(14, 12)));
    // A roster change made elsewhere moves the window's revision, so its views rebuild.
    let revision = window.revision();
    let mut roster = command.event().roster.clone();
    roster.players[0].name = "Ann Renamed".into();
    command.apply(Command::SetRoster(roster)).unwrap();
    window.refresh().unwrap();
    assert!(window.revision() > revision);
    assert_eq!(window.event().schedule.entrants[0], "Ann Renamed");
}

#[test]
fn clearing_a_missing_result_is_refused_by_name() {
    let (_, mut session) = whist_session("clear.tourney");
    let refusal = session.apply(Command::ClearResult(key(1, 1))).unwrap_err();
    assert!(matches!(refusal, SessionError::NoResult(_)));
    assert_eq!(refusal.to_string(), "round 1 table 1 has no result to clear");
    assert!(
        session.undo().unwrap().is_none(),
        "nothing happened, nothing to undo"
    );
}

/// A file written before undo was kept in the file (format 2, the release before) opens,
/// is brought up to date, and its old lines are not offered for undo; new ones are.
#[test]
fn an_older_file_gains_undo_from_its_next_change() {
    let fixture =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/events/release-0.1.tourney");
    let path = scratch("session", "release-0.1.tourney");
    std::fs::copy(&fixture, &path).unwrap();
    let mut session = Session::open(&path).unwrap();
    assert_eq!(
        session.undo_label(),
        None,
        "lines from before format 3 cannot be taken back"
    );
    let results = session.results().clone();
    let (&key, _) = results.iter().next().unwrap();
    let value = typed_result(session.event(), key, &["4S N +1"]).unwrap().unwrap();
    session.apply(Command::SetResult(key, value)).unwrap();
    session.undo().unwrap().unwrap();
    assert_eq!(session.results(), &results);
    assert!(session.undo().unwrap().is_none());
}

/// The one entry parser: a whist table typed as the command line's options and as the
/// window's two fields gives the same result, and the same sentence for the same mistake.
#[test]
fn the_command_line_and_a_form_read_typing_the_same_way() {
    let (_, session) = whist_session("entry.tourney");
    let fields = Fields {
        round: Some(1),
        table: Some(2),
        ns: Some("14".into()),
        ew: Some("12".into()),
        ..Fields::default()
    };
    let (key, value) = fields.result(session.event()).unwrap();
    assert_eq!(
        key,
        ResultKey {
            round: 1,
            table: 2,
            deal: 0
        }
    );
    assert_eq!(value, Some(tricks(14, 12)));
    assert_eq!(
        typed_result(session.event(), key, &["14", "12"]),
        Some(Ok(tricks(14, 12)))
    );
    assert_eq!(typed_result(session.event(), key, &["", " "]), None);
    let options = Fields {
        ns: Some("-1".into()),
        ..fields.clone()
    };
    assert_eq!(
        options.result(session.event()).unwrap_err(),
        "--ns -1: -1 is negative; counts start at 0"
    );
    let unused = Fields {
        contract: Some("4S".into()),
        ..fields
    };
    assert!(
        unused
            .result(session.event())
            .unwrap_err()
            .starts_with("--contract is not used in this event")
    );
}

/// A file of format 2 opened only to be read (a USB stick, a shared drive) is read as it is,
/// not brought up to date: its history shows, and nothing is offered for undo.
#[test]
fn an_older_file_opened_read_only_is_read_as_it_is() {
    let fixture =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/events/release-0.1.tourney");
    let path = scratch("session", "release-0.1-read-only.tourney");
    std::fs::copy(&fixture, &path).unwrap();
    let file = scheduler::event::store::EventFile::open_read_only(&path).unwrap();
    let history = file.history().unwrap();
    assert!(history.len() >= 3, "{history:?}");
    assert!(history.iter().all(|h| h.undoes.is_none() && h.redoes.is_none()));
    assert_eq!(file.undo_redo_labels().unwrap(), (None, None));
    drop(file);
    let version: i32 = rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .unwrap();
    assert_eq!(version, 2, "reading changed nothing");
}

/// Issue 40: standings say "provisional" while results are missing, and stop once all are in.
#[test]
fn standings_are_provisional_until_every_result_is_in() {
    let (_, mut session) = whist_session("provisional.tourney");
    let note = |session: &Session| session.standings()[0].note.clone().unwrap_or_default();
    session
        .apply(Command::SetResult(key(1, 1), tricks(14, 12)))
        .unwrap();
    assert!(
        note(&session).starts_with("Provisional: 1 of 6 results entered."),
        "{}",
        note(&session)
    );
    for (round, table) in [(1, 2), (2, 1), (2, 2), (3, 1), (3, 2)] {
        session
            .apply(Command::SetResult(key(round, table), tricks(13, 13)))
            .unwrap();
    }
    assert!(!note(&session).contains("Provisional"), "{}", note(&session));
}
