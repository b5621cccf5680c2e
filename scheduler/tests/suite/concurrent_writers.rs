//! Two writers on one event file (issue 38, item 1): every change is checked and applied
//! inside one write transaction against the event as stored, so a result entered from a
//! window opened before a withdrawal (or a withdrawal worked out before a result came in) is
//! refused with a sentence, and the file always reads back. Two handles on the same file in
//! one process make each interleaving happen on purpose; `tests/events.rs` races real
//! processes.

use scheduler::event::create::EventFormat;
use scheduler::event::store::EventFile;
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue};
use scheduler::model::Table;
use scheduler::movement::MovementKind;
use std::path::PathBuf;

use super::club_pairs::club_event;
use super::common::event;

fn scratch(name: &str) -> PathBuf {
    super::common::scratch("writers", name)
}

fn passed_out() -> ResultValue {
    ResultValue::Bridge {
        board: BridgeResult::PassedOut,
    }
}

/// A 5-table Mitchell (10 pairs, 2 boards a round) in a new file.
fn mitchell(name: &str) -> PathBuf {
    let names: Vec<String> = (1..=10).map(|i| format!("Pair {i}")).collect();
    let path = scratch(name);
    EventFile::create(&path, &club_event(&names, MovementKind::Mitchell, 2)).unwrap();
    path
}

fn table(event: &Event, round: u32, number: u32) -> Option<&Table> {
    event
        .schedule
        .round(round)?
        .tables
        .iter()
        .find(|t| t.number == number)
}

/// The (round, table) places of rounds after `after` that `before` has and `after_event`
/// does not, or seats differently.
fn changed_places(before: &Event, after_event: &Event, after: u32) -> Vec<(u32, u32)> {
    before
        .schedule
        .rounds
        .iter()
        .filter(|r| r.number > after)
        .flat_map(|r| r.tables.iter().map(move |t| (r.number, t.number)))
        .filter(|&(r, t)| table(before, r, t) != table(after_event, r, t))
        .collect()
}

#[test]
fn a_result_from_a_window_opened_before_a_withdrawal_is_refused() {
    let path = mitchell("result-after-withdrawal.tourney");
    let mut window = EventFile::open(&path).unwrap();
    let before = window.event().clone();
    let mut command = EventFile::open(&path).unwrap();
    command.withdraw_pair(9, 3).unwrap();
    let places = changed_places(&before, command.event(), 3);
    assert!(!places.is_empty(), "the pair's later tables are gone");
    let (round, table) = places[0];
    let deal = *before.deals_at(round, table).start();
    let key = ResultKey { round, table, deal };
    // The window still shows the old table: its result must not be stored.
    let refusal = window.set_result(key, passed_out()).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!("round {round} has no table {table}")),
        "{refusal}"
    );
    // The refusal brought the window up to date, and the file reads back.
    assert_eq!(window.event(), command.event());
    let reopened = EventFile::open(&path).unwrap();
    assert!(reopened.results().unwrap().is_empty());
    assert!(reopened.unfit_results().unwrap().is_empty());
    // A table the withdrawal did not touch still takes its result from the old window.
    let mut window = EventFile::open(&path).unwrap();
    let kept = ResultKey {
        round: 1,
        table: 1,
        deal: *before.deals_at(1, 1).start(),
    };
    window.set_result(kept, passed_out()).unwrap();
}

#[test]
fn a_withdrawal_worked_out_before_a_result_came_in_is_refused() {
    let path = mitchell("withdrawal-after-result.tourney");
    let mut director = EventFile::open(&path).unwrap();
    let before = director.event().clone();
    // Where the pair would have played after round 3, learnt from a copy of the file.
    let copy = scratch("withdrawal-after-result-copy.tourney");
    director
        .save_copy(&copy, scheduler::event::store::ExistingFile::Refuse)
        .unwrap();
    let mut probe = EventFile::open(&copy).unwrap();
    probe.withdraw_pair(9, 3).unwrap();
    let (round, table) = changed_places(&before, probe.event(), 3)[0];
    // A phone enters a result for that table; then the director's withdrawal comes.
    let mut phone = EventFile::open(&path).unwrap();
    let key = ResultKey {
        round,
        table,
        deal: *before.deals_at(round, table).start(),
    };
    phone.set_result(key, passed_out()).unwrap();
    let refusal = director.withdraw_pair(9, 3).unwrap_err().to_string();
    assert!(
        refusal.contains("has results after round 3") && refusal.contains(&key.to_string()),
        "{refusal}"
    );
    let reopened = EventFile::open(&path).unwrap();
    assert_eq!(reopened.results().unwrap().len(), 1);
    assert_eq!(reopened.event().schedule, before.schedule, "nothing withdrawn");
}

#[test]
fn a_whist_result_for_a_table_seated_again_meanwhile_is_refused() {
    let path = scratch("whist-reseated.tourney");
    EventFile::create(&path, &event(EventFormat::WhistDrive, 12, |_| {})).unwrap();
    let mut window = EventFile::open(&path).unwrap();
    let before = window.event().clone();
    let mut command = EventFile::open(&path).unwrap();
    command.withdraw(0, 1).unwrap();
    let after = command.event().clone();
    let places = changed_places(&before, &after, 1);
    assert!(!places.is_empty(), "later rounds are seated again");
    let tricks = ResultValue::Tricks { ns: 7, ew: 6 };
    // The window opened before the withdrawal still shows the old seating: refused.
    let (round, table) = places[0];
    let key = ResultKey {
        round,
        table,
        deal: 0,
    };
    let refusal = window.set_result(key, tricks).unwrap_err().to_string();
    assert!(
        refusal.contains("was changed meanwhile") || refusal.contains("has no table"),
        "{refusal}"
    );
    let reopened = EventFile::open(&path).unwrap();
    assert!(reopened.results().unwrap().is_empty());
    // Entered again from the new seating, it is taken.
    window.set_result(key, tricks).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        EventFile::open(&path)
            .unwrap()
            .unfit_results()
            .unwrap()
            .is_empty()
    );
}
