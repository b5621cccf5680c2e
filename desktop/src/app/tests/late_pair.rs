//! Issue 40: a late pair at a club pairs evening, from the window. 13 pairs play a Mitchell
//! with a half table; round 1 is entered; a pair arriving before round 2 is seated in the
//! phantom's place from the roster view, its missed boards scored at average.

use super::*;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::store::EventFile;
use scheduler::event::{BridgeResult, ResultKey, ResultValue};
use scheduler::model::{Absence, Roster};
use scheduler::movement::{MissedBoards, MovementKind};
use scheduler::solver::Control;

/// The event file of 13 pairs (a 7-table Mitchell, pair 7 EW the phantom) with every result
/// of round 1 entered.
fn thirteen_pairs_after_round_one(path: &Path) {
    let mut spec = NewEvent::new("Monday pairs", EventFormat::BridgePairs, Roster::numbered(13));
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let mut file = EventFile::create(path, &event).unwrap();
    let round = event.schedule.round(1).unwrap().clone();
    for table in &round.tables {
        for deal in event.deals_at(1, table.number) {
            let score = if (deal + table.number) % 3 == 0 { 420 } else { -100 };
            let key = ResultKey {
                round: 1,
                table: table.number,
                deal,
            };
            let value = ResultValue::Bridge {
                board: BridgeResult::NorthSouthScore { score },
            };
            file.set_result(key, value).unwrap();
        }
    }
}

#[test]
fn a_late_pair_takes_the_half_tables_seat_from_the_roster_view() {
    let dir = folder("late-pair");
    let path = dir.join("monday.tourney");
    thirteen_pairs_after_round_one(&path);
    let mut app = TourneyApp::new(dir.join("data"), Vec::new(), scripted(Vec::new()));
    app.open(&path);
    let mut harness = harness(app);
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("Add a late pair…").click();
    harness.run();
    harness.get_by_label_contains("A late pair takes the half table's seat, as pair 7 EW");
    harness.get_by_label("Player").click();
    harness.run();
    harness.get_by_label("Player").type_text("Zoe Late");
    harness.get_by_label("and").click();
    harness.run();
    harness.get_by_label("and").type_text("Yan Late");
    harness.run();
    harness.get_by_label("Average (50 % on each)").click();
    harness.run();
    harness.get_by_label("Seat the late pair").click();
    harness.run();
    let event = session(&harness).event().clone();
    assert_eq!(event.schedule.entrants.len(), 14);
    let late = event
        .schedule
        .entrants
        .iter()
        .position(|e| e == "Zoe Late & Yan Late")
        .unwrap();
    let round1 = event.schedule.round(1).unwrap();
    assert_eq!(round1.tables.len(), 6, "round 1 as played");
    assert!(
        round1
            .absent
            .iter()
            .any(|a| a.entrant == late && a.kind == Absence::Late)
    );
    for round in event.schedule.rounds.iter().filter(|r| r.number >= 2) {
        assert_eq!(round.tables.len(), 7, "round {}: every seat taken", round.number);
    }
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!(movement.late[0].missed, MissedBoards::Average);
    // Said where it was asked (the form's outcome) and in the history's banner line.
    assert!(
        harness
            .query_all_by_label_contains(
                "Late arrival: Zoe Late & Yan Late joined before round 2 as pair 7 EW"
            )
            .count()
            >= 1
    );
    // The standings count the boards of round 1 at average for the late pair.
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label("Zoe Late & Yan Late");
    harness.get_by_label_contains(
        "Zoe Late & Yan Late (pair 7 EW) arrived late, before round 2: round 1 scored as average (50 %)",
    );
    let ranked = scheduler::event::club_pairs::rankings(&event, session(&harness).results(), None);
    let line = ranked
        .iter()
        .flat_map(|r| &r.pairs)
        .find(|p| p.entrant == late)
        .unwrap();
    assert_eq!(line.boards as usize, movement.boards_per_round);
    assert!((line.percent - 50.0).abs() < 1e-9);
    // Undo puts the half table back.
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(session(&harness).event().schedule.entrants.len(), 13);
    assert_eq!(
        session(&harness)
            .event()
            .schedule
            .movement
            .as_ref()
            .unwrap()
            .phantom,
        Some(14)
    );
}

/// With every seat taken the form says so, and what the director can do instead, rather
/// than offering a seat that is not there (and never shows a command-line flag).
#[test]
fn a_full_room_says_what_the_director_can_do_instead() {
    let dir = folder("late-pair-full");
    let path = dir.join("full.tourney");
    let mut spec = NewEvent::new("Full", EventFormat::BridgePairs, Roster::numbered(14));
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    // One result entered: the evening is under way (before it, the roster is edited directly).
    let mut file = EventFile::create(&path, &event).unwrap();
    let key = ResultKey {
        round: 1,
        table: 1,
        deal: 1,
    };
    file.set_result(
        key,
        ResultValue::Bridge {
            board: BridgeResult::PassedOut,
        },
    )
    .unwrap();
    drop(file);
    let mut app = TourneyApp::new(dir.join("data"), Vec::new(), scripted(Vec::new()));
    app.open(&path);
    let mut harness = harness(app);
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("Add a late pair…").click();
    harness.run();
    let text = harness
        .get_by_label_contains("Every seat is taken: the Mitchell on 7 tables has no half table")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(!text.contains("--"), "no command-line flag in the window: {text}");
}
