//! A pair arriving late at a club pairs evening (a Mitchell or Howell, where the boards
//! move). The movement is made for its number of pairs, so a late pair can only sit where a
//! pair is missing: the half table's phantom seat. From its first round it plays the
//! phantom's tables (against the pair that would have sat out, with the boards that would
//! have rested); the rounds before stay exactly as played. Its missed boards are scored as
//! the director chooses ([`MissedBoards`]). Where no seat is free, the refusal says what the
//! director can do instead.

use super::{LineUp, LineUpChange, joining_round, last_round_with_results, results_keep_their_tables};
use crate::event::{Event, Results};
use crate::model::{Member, Player, Schedule};
use crate::movement::{MissedBoards, Movement, arrive, present_pairs, schedule_of};

/// Adds the pair `name` ("Ann Archer & Bob Archer", or one name for the pair) to a club
/// pairs evening before round `before_round` (default: the first round after the last one
/// with results), in the phantom's seat; `missed` says how the boards it missed are scored.
pub(super) fn late_pair(
    event: &Event,
    results: &Results,
    name: &str,
    before_round: Option<u32>,
    missed: MissedBoards,
) -> Result<LineUpChange, String> {
    let schedule = &event.schedule;
    let Some(movement) = &schedule.movement else {
        return Err("only a club pairs evening has a movement a late pair can join".into());
    };
    let name = name.trim();
    if name.is_empty() {
        return Err("the late pair needs a name (e.g. \"Ann Archer & Bob Archer\")".into());
    }
    let last = movement.rounds.len() as u32;
    let played = last_round_with_results(results);
    let from = joining_round(results, name, before_round, last)?;
    let Some(pair) = movement.phantom else {
        return Err(no_free_seat(movement, name, played));
    };
    let changed = arrive(movement.clone(), from as usize, missed)?;
    let pairs = present_pairs(&changed);
    let at = pairs.iter().position(|&p| p == pair).unwrap_or(pairs.len());
    let mut names = schedule.entrants.clone();
    names.insert(at.min(names.len()), name.to_owned());
    let after_schedule = schedule_of(&changed, &names)?;
    let roster = roster_with(event, name, at)?;
    check(schedule, &after_schedule, results, from)?;
    let label = changed.label(pair);
    let mut notes = vec![format!(
        "{name} take the half table's seat as pair {label} from round {from}: the pairs that would have sat out against the phantom play them instead."
    )];
    if from > 1 {
        let missed_rounds = if from == 2 {
            "round 1".to_owned()
        } else {
            format!("rounds 1–{}", from - 1)
        };
        notes.push(format!(
            "The boards of {missed_rounds} are scored for them as {}.",
            missed.describe()
        ));
    }
    Ok(LineUpChange {
        after: LineUp {
            generated_for: roster.clone(),
            roster,
            schedule: after_schedule,
        },
        action: format!("Late arrival: {name} joined before round {from} as pair {label}"),
        notes,
    })
}

/// The sentence when every seat is taken: what the director can do instead.
fn no_free_seat(movement: &Movement, name: &str, played: u32) -> String {
    let pairs = movement.pairs - usize::from(movement.phantom.is_some());
    let restart = if played == 0 {
        format!(
            "no result is entered yet, so the simplest is to add {name} to the roster and make the movement again for {} pairs (a half table)",
            pairs + 1
        )
    } else {
        format!(
            "results are entered already, so {name} cannot be fitted into this movement; they can play as a pair in the next session, or the director can start the evening again for {} pairs",
            pairs + 1
        )
    };
    format!(
        "every seat is taken: the {} on {} tables has all {pairs} pairs seated and no half table for a late pair to sit at; {restart}",
        movement.kind.name(),
        movement.tables_text()
    )
}

/// The roster with the late pair inserted at entrant position `at` (the roster lists the
/// pairs in pair-number order, as the schedule does), its two players read from `name` when
/// it names two ("A & B").
fn roster_with(event: &Event, name: &str, at: usize) -> Result<crate::model::Roster, String> {
    let mut roster = event.roster.clone();
    let id = roster.next_id().0;
    let parts = crate::roster_cells::pair_parts(name);
    let player = match parts.as_slice() {
        [a, b] if !a.is_empty() && !b.is_empty() => {
            Player::pair(id, Member::new(a.clone()), Member::new(b.clone()))
        }
        _ => Player::new(id, name),
    };
    let at = at.min(roster.players.len());
    roster.players.insert(at, player);
    let problems = roster.problems();
    if problems.is_empty() {
        Ok(roster)
    } else {
        Err(problems.join("; "))
    }
}

/// The played rounds are as they were (by the names at each table), every stored result
/// keeps its table, and the new schedule passes the movement's own check.
fn check(before: &Schedule, after: &Schedule, results: &Results, from: u32) -> Result<(), String> {
    let mut problems = Vec::new();
    let names_at = |s: &Schedule, round: u32| -> Vec<(u32, Vec<String>)> {
        s.round(round).map_or(Vec::new(), |r| {
            r.tables
                .iter()
                .map(|t| {
                    let names = t
                        .seats
                        .iter()
                        .map(|seat| s.entrants.get(seat.entrant).cloned().unwrap_or_default())
                        .collect();
                    (t.number, names)
                })
                .collect()
        })
    };
    for round in before.rounds.iter().filter(|r| r.number < from) {
        if names_at(before, round.number) != names_at(after, round.number) {
            problems.push(format!("played round {} would change", round.number));
        }
    }
    if let Err(why) = results_keep_their_tables(before, after, results) {
        problems.push(why);
    }
    if let Some(movement) = &after.movement {
        let report = crate::verify::movement::verify_movement(movement);
        problems.extend(report.violations.iter().map(ToString::to_string));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the changed movement failed its check ({}); this is a bug in Tourney, please report it — nothing was changed",
            problems.join("; ")
        ))
    }
}
