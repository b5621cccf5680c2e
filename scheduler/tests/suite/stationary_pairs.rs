//! Issue 40: a pair can ask to stay at one table all evening (a player who cannot move), and
//! the movement honours it: the pair takes a stationary seat (a Mitchell's N-S, a Howell's
//! stationary pair), or the event is refused with the numbers when there are too few.

use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::movement::{MovementKind, stationary_pairs};
use scheduler::roster_import::import_roster_file;
use scheduler::solver::Control;
use std::path::Path;

fn roster() -> scheduler::model::Roster {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rosters/pairs_stationary.csv");
    let read = import_roster_file(&path);
    assert!(read.problems.list.is_empty(), "{:?}", read.problems.list);
    read.roster
}

fn evening(kind: MovementKind, roster: scheduler::model::Roster) -> Result<scheduler::event::Event, String> {
    let mut spec = NewEvent::new("Pairs", EventFormat::BridgePairs, roster);
    spec.options.movement = Some(MovementPlan {
        kind,
        phantom: None,
        arrow_switch: false,
    });
    build_event(&spec, &Control::unlimited())
        .map(|(event, _)| event)
        .map_err(|e| e.to_string())
}

/// The entrants that asked, and whether each sits at one table all evening.
fn asked_and_still(event: &scheduler::event::Event) -> Vec<(String, bool)> {
    let movement = event.schedule.movement.as_ref().unwrap();
    let still = stationary_pairs(movement);
    let pairs = scheduler::movement::present_pairs(movement);
    event
        .roster
        .players
        .iter()
        .filter(|p| p.stationary)
        .map(|p| {
            let entrant = event.schedule.entrants.iter().position(|e| *e == p.name).unwrap();
            (p.name.clone(), still.contains(&pairs[entrant]))
        })
        .collect()
}

#[test]
fn pairs_that_ask_to_stay_put_sit_n_s_in_a_mitchell() {
    let roster = roster();
    assert_eq!(roster.players.iter().filter(|p| p.stationary).count(), 2);
    let event = evening(MovementKind::Mitchell, roster).unwrap();
    assert_eq!(
        asked_and_still(&event),
        vec![
            ("Zoe Hall & Nina Kowalczyk".to_owned(), true),
            ("Jose Ortega & Maria Nunez".to_owned(), true)
        ]
    );
    // Each stays at its table in every round it plays (one round it sits out, against the
    // phantom).
    let entrant = event
        .schedule
        .entrants
        .iter()
        .position(|e| e.starts_with("Zoe Hall"))
        .unwrap();
    let tables: Vec<u32> = event
        .schedule
        .rounds
        .iter()
        .filter_map(|r| {
            r.tables
                .iter()
                .find(|t| t.seats.iter().any(|s| s.entrant == entrant))
        })
        .map(|t| t.number)
        .collect();
    assert_eq!(tables.len(), 6);
    assert!(tables.iter().all(|&t| t == tables[0]), "{tables:?}");
}

#[test]
fn a_howell_moves_its_phantom_off_the_stationary_seat_and_refuses_two() {
    // 13 pairs in a Howell: the usual phantom (pair 14) is the stationary pair; asked for one
    // stationary pair, another pair is made the phantom so that the seat is there.
    let mut one = roster();
    one.players[11].stationary = false;
    let event = evening(MovementKind::Howell, one).unwrap();
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_ne!(movement.phantom, Some(14));
    assert_eq!(
        asked_and_still(&event),
        vec![("Zoe Hall & Nina Kowalczyk".to_owned(), true)]
    );
    // Two ask: the Howell has one such seat; refused with the numbers and the alternative.
    let refused = evening(MovementKind::Howell, roster()).unwrap_err();
    assert!(
        refused.contains(
            "2 pairs ask to stay at one table, but the Howell on 7 tables has 1 pair(s) that stay put"
        ) && refused.contains("a Mitchell keeps every N-S pair at its table"),
        "{refused}"
    );
}
