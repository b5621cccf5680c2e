//! Club pairs schedules: the movement they carry must pass the movement verifier, and the
//! tables must be exactly the movement's: the same N-S and E-W pairs at the same table in
//! every round, the pairs sitting out listed as absent. Pair numbers are matched to entrants
//! here from the movement's declarations (the phantom skipped), not with the builder's code.
//! A movement stopped before its last round is accepted only when the schedule says it was
//! cut short on purpose, and then only with every board set played equally often.

use super::movement::verify_movement;
use super::{Report, Rule};
use crate::model::movement::{Movement, MovementKind};
use crate::model::{Schedule, Seat};

pub(super) fn check(schedule: &Schedule, report: &mut Report) {
    let Some(movement) = &schedule.movement else {
        report.add(
            Rule::Malformed,
            None,
            "a club pairs schedule carries its movement (which boards each table plays), and this one has none".into(),
        );
        return;
    };
    let movement_report = verify_movement(movement);
    for violation in movement_report.violations {
        report.add(
            Rule::Movement,
            violation.round.map(|r| r as u32),
            violation.message,
        );
    }
    report.summary.extend(movement_report.summary);

    // Entrant i ↔ the i-th pair number that is not the phantom.
    let mut pair_of_entrant = Vec::new();
    for pair in 1..=movement.pairs.min(super::movement::MOST) {
        if movement.phantom != Some(pair) {
            pair_of_entrant.push(pair);
        }
    }
    if pair_of_entrant.len() != schedule.entrants.len() {
        report.add(
            Rule::Malformed,
            None,
            format!(
                "the movement has {} pairs at the tables but the schedule names {}",
                pair_of_entrant.len(),
                schedule.entrants.len()
            ),
        );
        return;
    }
    let name = |e: usize| schedule.entrants.get(e).map_or("?", String::as_str);
    if schedule.rounds.len() != movement.rounds.len() {
        report.add(
            Rule::Malformed,
            None,
            format!(
                "the schedule has {} rounds but its movement {}",
                schedule.rounds.len(),
                movement.rounds.len()
            ),
        );
    }
    check_length(schedule, movement, report);
    for (round, planned) in schedule.rounds.iter().zip(&movement.rounds) {
        let at = Some(round.number);
        for table in &round.tables {
            let seat = |s: Seat| table.entrant_at(s).and_then(|e| pair_of_entrant.get(e).copied());
            let expected = planned.tables.iter().find(|t| t.table as u32 == table.number);
            match (expected, seat(Seat::N), seat(Seat::E)) {
                (Some(t), Some(ns), Some(ew)) if t.ns == ns && t.ew == ew && table.seats.len() == 2 => {}
                (Some(t), _, _) => report.add(
                    Rule::Movement,
                    at,
                    format!(
                        "table {}: the movement seats pair {} N-S against pair {} E-W, but the schedule has {}",
                        table.number,
                        t.ns,
                        t.ew,
                        describe_seats(table, &name)
                    ),
                ),
                (None, _, _) => report.add(
                    Rule::Movement,
                    at,
                    format!("table {} is in play, but the movement has no game there this round", table.number),
                ),
            }
        }
        for t in &planned.tables {
            if !round.tables.iter().any(|x| x.number as usize == t.table) {
                report.add(
                    Rule::Movement,
                    at,
                    format!(
                        "the movement has pair {} against pair {} at table {}, but the schedule has no table {}",
                        t.ns, t.ew, t.table, t.table
                    ),
                );
            }
        }
        for &pair in &planned.sitting_out {
            let listed = round
                .absent
                .iter()
                .any(|a| pair_of_entrant.get(a.entrant) == Some(&pair));
            if !listed {
                report.add(
                    Rule::Movement,
                    at,
                    format!("pair {pair} sits out in the movement but is not listed as absent"),
                );
            }
        }
    }
}

/// The rounds a movement of this kind has when played to the end, known here from the kind
/// (not from the generators): a Mitchell or share-and-relay Mitchell one per table, a skip
/// Mitchell one fewer, a complete Howell one per other pair, a three-quarter Howell one per
/// board set.
fn full_rounds(movement: &Movement) -> usize {
    match movement.kind {
        MovementKind::Mitchell | MovementKind::RelayMitchell => movement.tables,
        MovementKind::SkipMitchell => movement.tables.saturating_sub(1),
        MovementKind::Howell => movement.pairs.saturating_sub(1),
        // Two rounds a meeting, one per half-set.
        MovementKind::HalfSetHowell => 2 * movement.pairs.saturating_sub(1),
        MovementKind::ThreeQuarterHowell | MovementKind::RelayThreeQuarterHowell => movement.sets,
        // Every team meets each of the others in two halves, two halves a round.
        MovementKind::TeamsOfFour => movement.tables.saturating_sub(1),
    }
}

/// A movement is played to its last round unless the schedule says it was cut short on
/// purpose. Cut short (and nobody has left), every board set is still played at two tables at
/// least, and all equally often (within one, for the set resting at a half table), so every
/// board has scores to compare.
fn check_length(schedule: &Schedule, movement: &Movement, report: &mut Report) {
    let played = movement.rounds.len();
    let full = full_rounds(movement);
    if !schedule.promise.shortened {
        if played < full {
            report.add(
                Rule::Movement,
                None,
                format!(
                    "a {} on {} tables has {full} rounds, but this one stops after round {played} and the schedule does not say it was cut short",
                    movement.kind.name(),
                    movement.tables
                ),
            );
        }
        return;
    }
    if !movement.withdrawn.is_empty() || movement.sets > super::movement::MOST {
        return;
    }
    let mut plays = vec![0usize; movement.sets + 1];
    for round in &movement.rounds {
        for table in &round.tables {
            if let Some(count) = plays.get_mut(table.set) {
                *count += 1;
            }
        }
    }
    let counts = &plays[1..];
    let (Some(&fewest), Some(&most)) = (counts.iter().min(), counts.iter().max()) else {
        return;
    };
    if fewest < 2 || most - fewest > 1 {
        let set_with = |n: usize| counts.iter().position(|&c| c == n).map_or(0, |i| i + 1);
        report.add(
            Rule::Movement,
            None,
            format!(
                "cut short after round {played}, the {} plays board set {} at {fewest} table(s) and set {} at {most}; a shortened movement plays every set at two tables at least, all equally often",
                movement.kind.name(),
                set_with(fewest),
                set_with(most)
            ),
        );
    }
}

fn describe_seats<'a>(table: &crate::model::Table, name: &impl Fn(usize) -> &'a str) -> String {
    let seats: Vec<String> = table
        .seats
        .iter()
        .map(|s| format!("{} {}", s.seat, name(s.entrant)))
        .collect();
    if seats.is_empty() {
        "nobody".into()
    } else {
        seats.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use crate::movement::{howell, mitchell, schedule_of, with_phantom, withdraw};
    use crate::verify::{Rule, verify};

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("Pair {i}")).collect()
    }

    #[test]
    fn built_schedules_pass_and_tampered_ones_are_named() {
        let m = with_phantom(mitchell(5, 3).unwrap(), 10).unwrap();
        let schedule = schedule_of(&m, &names(9)).unwrap();
        let report = verify(&schedule);
        assert!(report.is_valid(), "{report:?}");
        let left = withdraw(howell(4, 3).unwrap(), 5, 3).unwrap();
        let schedule = schedule_of(&left, &names(8)).unwrap();
        assert!(verify(&schedule).is_valid(), "{:?}", verify(&schedule));

        // Two pairs swapped at one table in round 2: the schedule no longer follows its
        // movement.
        let mut swapped = schedule_of(&m, &names(9)).unwrap();
        let table = &mut swapped.rounds[1].tables[0];
        table.seats[0].entrant = 8;
        let report = verify(&swapped);
        assert!(report.breaks(Rule::Movement), "{report:?}");

        // No movement at all.
        let mut bare = schedule_of(&m, &names(9)).unwrap();
        bare.movement = None;
        assert!(verify(&bare).breaks(Rule::Malformed));

        // A broken movement inside: its own verifier's violations come through.
        let mut broken = schedule_of(&m, &names(9)).unwrap();
        broken.movement.as_mut().unwrap().rounds[0].tables[0].set = 2;
        assert!(verify(&broken).breaks(Rule::Movement));
    }
}
