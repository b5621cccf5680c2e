//! A movement with the pairs' names becomes the event's `Schedule` (format `Pairs`): every
//! table an N-S pair against an E-W pair, the movement itself kept alongside for the boards.

use super::Movement;
use crate::model::{Absence, Absent, Format, Promise, Round, Schedule, Seat, SeatAssignment, Table};

/// The movement's pair numbers of the pairs that are there (the phantom skipped), in order:
/// entrant i of the schedule is pair `present_pairs(m)[i]`.
pub fn present_pairs(movement: &Movement) -> Vec<usize> {
    (1..=movement.pairs)
        .filter(|&p| movement.phantom != Some(p))
        .collect()
}

/// The pairs that stay at one table all evening (a Mitchell's N-S pairs, a Howell's
/// stationary pair): present, seated in at least one round, and at the same table in every
/// round they play (an arrow switch turns them to E-W but does not move them). A pair whose
/// player cannot move asks for one of these seats.
pub fn stationary_pairs(movement: &Movement) -> Vec<usize> {
    present_pairs(movement)
        .into_iter()
        .filter(|&pair| {
            let mut tables = movement.rounds.iter().filter_map(|round| {
                round
                    .tables
                    .iter()
                    .find(|t| t.ns == pair || t.ew == pair)
                    .map(|t| t.table)
            });
            tables.next().is_some_and(|first| tables.all(|t| t == first))
        })
        .collect()
}

/// The order in which the roster's pairs take the movement's pair numbers: entrant i is
/// roster pair `order[i]`. The roster's own order, except that each pair that asks to stay
/// put (`wants_stationary[i]`) takes a stationary pair's number ([`stationary_pairs`]) in
/// place of a pair that did not ask. Refused, with the numbers, when more pairs ask than
/// the movement has stationary seats.
pub fn stationary_order(movement: &Movement, wants_stationary: &[bool]) -> Result<Vec<usize>, String> {
    let pairs = present_pairs(movement);
    let still: Vec<usize> = stationary_pairs(movement)
        .into_iter()
        .filter_map(|p| pairs.iter().position(|&q| q == p))
        .collect();
    let asking = wants_stationary.iter().filter(|&&w| w).count();
    if asking > still.len() {
        return Err(format!(
            "{asking} pairs ask to stay at one table, but the {} on {} tables has {} pair(s) that stay put{}",
            movement.kind.name(),
            movement.tables,
            still.len(),
            if movement.kind.is_mitchell() {
                ""
            } else {
                " (a Mitchell keeps every N-S pair at its table)"
            }
        ));
    }
    let mut order: Vec<usize> = (0..wants_stationary.len()).collect();
    let wants = |roster_index: usize| wants_stationary.get(roster_index).copied().unwrap_or(false);
    for entrant in 0..order.len() {
        if !wants(order[entrant]) || still.contains(&entrant) {
            continue;
        }
        // A stationary seat held by a pair that did not ask: swap.
        if let Some(&seat) = still.iter().find(|&&s| !wants(order[s])) {
            order.swap(entrant, seat);
        }
    }
    Ok(order)
}

/// The schedule for `names` (one per pair that is there, in pair-number order) playing
/// `movement`. The names must match the pairs in number.
pub fn schedule_of(movement: &Movement, names: &[String]) -> Result<Schedule, String> {
    let pairs = present_pairs(movement);
    if pairs.len() != names.len() {
        return Err(format!(
            "the movement is for {} pairs but the roster has {}",
            pairs.len(),
            names.len()
        ));
    }
    let entrant = |pair: usize| pairs.iter().position(|&p| p == pair);
    let mut rounds = Vec::with_capacity(movement.rounds.len());
    for round in &movement.rounds {
        let mut tables = Vec::with_capacity(round.tables.len());
        for table in &round.tables {
            let (Some(ns), Some(ew)) = (entrant(table.ns), entrant(table.ew)) else {
                return Err(format!(
                    "round {} table {}: the phantom pair is seated",
                    round.number, table.table
                ));
            };
            tables.push(Table {
                number: table.table as u32,
                seats: vec![
                    SeatAssignment {
                        seat: Seat::N,
                        entrant: ns,
                        board: None,
                    },
                    SeatAssignment {
                        seat: Seat::E,
                        entrant: ew,
                        board: None,
                    },
                ],
            });
        }
        let mut absent = Vec::new();
        for &pair in &round.sitting_out {
            if let Some(e) = entrant(pair) {
                let kind = if movement.is_absent(pair, round.number) {
                    Absence::Left
                } else {
                    Absence::SitOut
                };
                absent.push(Absent { entrant: e, kind });
            }
        }
        for late in &movement.late {
            if round.number < late.before_round
                && let Some(e) = entrant(late.pair)
            {
                absent.push(Absent {
                    entrant: e,
                    kind: Absence::Late,
                });
            }
        }
        for w in &movement.withdrawn {
            if round.number > w.after_round
                && !round.sitting_out.contains(&w.pair)
                && let Some(e) = entrant(w.pair)
            {
                absent.push(Absent {
                    entrant: e,
                    kind: Absence::Left,
                });
            }
        }
        rounds.push(Round {
            number: round.number as u32,
            tables,
            absent,
        });
    }
    Ok(Schedule {
        format: Format::Pairs,
        movement: Some(movement.clone()),
        entrant_teams: Vec::new(),
        entrants: names.to_vec(),
        rounds,
        promise: Promise::default(),
    })
}

/// One line for the organiser: the movement made, its rounds and boards.
pub fn describe_movement(movement: &Movement) -> String {
    let mut line = format!(
        "{} on {} tables: {} rounds of {} boards ({} boards in all)",
        movement.kind.name(),
        movement.tables_text(),
        movement.rounds.len(),
        movement.boards_per_round,
        movement.sets * movement.boards_per_round
    );
    if let Some(phantom) = movement.phantom {
        line.push_str(&format!(
            "; a half table: pair {} is the phantom, so its opponents sit out",
            movement.label(phantom)
        ));
    }
    for late in &movement.late {
        line.push_str(&format!(
            "; pair {} arrived before round {} in the half table's seat",
            movement.label(late.pair),
            late.before_round
        ));
    }
    if movement.one_winner() && movement.kind.is_mitchell() {
        line.push_str("; arrow switch, one winner");
    }
    line
}
