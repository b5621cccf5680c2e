//! Late arrivals and withdrawals once results exist. The rounds already played stay exactly
//! as they were (their results belong to their tables); only the rounds not yet played
//! change, and the whole schedule is checked afterwards: the played rounds against the
//! stored ones, the new rounds for what the format needs (nobody twice in a round, couples
//! kept apart, no repeated partner or meeting, sit-outs shared). What cannot be kept (a whist
//! cycle's "everyone partners everyone once", two players who no longer meet) is said in
//! the notes, never hidden.
//!
//! - A late player in a **round robin** takes a phantom's seat: the bye of each remaining
//!   round when the field is odd; otherwise one table a round is split, the newcomer playing
//!   one of its two and the other having a bye (those two then no longer meet).
//! - A late player in a **whist or individual bridge** evening: the remaining rounds are
//!   seated again for everyone there (see [`crate::whist::reseat`]).
//! - A **withdrawal** after round K: in a round robin (and team chess) each later opponent has
//!   a bye, the phantom in the player's place; in whist the rounds after K are seated again
//!   without the player. Club pairs movements have their own withdrawal
//!   (`EventFile::withdraw_pair`).

use super::{Event, ResultKey, Results};
use crate::model::{Absence, Absent, Format, Player, Roster, Round, Schedule, Seat, SeatAssignment, Table};
use crate::movement::MissedBoards;
use crate::verify::{Rule, verify};
use crate::whist::reseat::{Reseat, reseat_whist};
use std::collections::{BTreeSet, HashMap};

/// The parts of an event a late arrival or withdrawal changes (and an undo puts back).
#[derive(Debug, Clone, PartialEq)]
pub struct LineUp {
    /// The players (a late arrival is added; a player who withdraws stays listed).
    pub roster: Roster,
    /// The schedule (after a change: the rounds played as they were, the rest seated again).
    pub schedule: Schedule,
    /// The roster the schedule is made for (see [`Event::generated_for`]).
    pub generated_for: Roster,
}

impl LineUp {
    /// The event's line-up as it stands.
    pub fn of(event: &Event) -> LineUp {
        LineUp {
            roster: event.roster.clone(),
            schedule: event.schedule.clone(),
            generated_for: event.generated_for.clone(),
        }
    }
}

/// A late arrival or withdrawal worked out and checked, ready to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct LineUpChange {
    /// The line-up once the change is made.
    pub after: LineUp,
    /// The history line: "Late arrival: Ann joined before round 3".
    pub action: String,
    /// What the organiser should know: who no longer meet, repeats that remain, fairness.
    pub notes: Vec<String>,
}

impl LineUpChange {
    /// The action and its notes, as one message.
    pub fn message(&self) -> String {
        if self.notes.is_empty() {
            self.action.clone()
        } else {
            format!("{}. {}", self.action, self.notes.join(" "))
        }
    }
}

/// The last round with any result entered (0 when none is).
pub fn last_round_with_results(results: &Results) -> u32 {
    results.keys().map(|k| k.round).max().unwrap_or(0)
}

/// Adds `name` to the event before round `before_round` (default: the first round after the
/// last one with results). The rounds before it are kept exactly, the newcomer marked as
/// not yet arrived in them; the rounds from it on take the newcomer in.
///
/// In a club pairs evening (a movement) the newcomer is a pair and takes the half table's
/// phantom seat; `missed` says how the boards it missed are scored (elsewhere it is unused).
pub fn late_arrival(
    event: &Event,
    results: &Results,
    name: &str,
    before_round: Option<u32>,
    missed: MissedBoards,
) -> Result<LineUpChange, String> {
    let schedule = &event.schedule;
    let name = name.trim();
    if !event.roster_changes().is_empty() {
        return Err(format!(
            "the schedule was made before these roster changes: {}; generate it again first",
            event.roster_changes().join("; ")
        ));
    }
    if schedule.movement.is_some() {
        return club_pairs::late_pair(event, results, name, before_round, missed);
    }
    if schedule.promise.swiss {
        return swiss_late_team(event, name, before_round);
    }
    refuse_unsupported(schedule, "a late player")?;
    let mut roster = event.roster.clone();
    roster.players.push(Player::new(roster.next_id().0, name));
    let problems = roster.problems();
    if name.is_empty() {
        return Err("the late player needs a name".into());
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let last = schedule.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    let from = joining_round(results, name, before_round, last)?;
    let newcomer = schedule.entrants.len();
    let mut after = schedule.clone();
    after.entrants.push(name.to_owned());
    if !after.entrant_teams.is_empty() {
        after.entrant_teams.push(String::new());
    }
    for round in after.rounds.iter_mut().filter(|r| r.number < from) {
        round.absent.push(Absent {
            entrant: newcomer,
            kind: Absence::Late,
        });
    }
    let mut notes = Vec::new();
    match schedule.format {
        Format::Whist => {
            reseat_rounds(event, &mut after, from, &[])?;
            notes.push(format!(
                "Rounds {} were seated again for {} players{}.",
                span(from, last),
                present_from(&after, from),
                if schedule.promise.cycles.is_some() {
                    "; a whist cycle is made for its number of players, so its promise that everyone partners everyone once no longer holds"
                } else {
                    ""
                }
            ));
        }
        _ => notes.extend(take_phantom_seats(&mut after, newcomer, from)),
    }
    after.promise.cycles = None;
    after.promise.directed = false;
    let after = LineUp {
        generated_for: roster.clone(),
        roster,
        schedule: after,
    };
    let allowed = schedule.promise.cycles.unwrap_or(1).max(1);
    notes.extend(review(schedule, &after.schedule, results, from, allowed)?);
    Ok(LineUpChange {
        after,
        action: format!("Late arrival: {name} joined before round {from}"),
        notes,
    })
}

/// A late team in a Swiss: it joins the next round to be paired (absent, as not yet arrived,
/// from every round paired so far) and scores nothing for the rounds it missed.
fn swiss_late_team(event: &Event, name: &str, before_round: Option<u32>) -> Result<LineUpChange, String> {
    let schedule = &event.schedule;
    let next = schedule.rounds.last().map_or(1, |r| r.number + 1);
    if let Some(round) = before_round.filter(|&r| r != next) {
        return Err(format!(
            "in a Swiss a late team joins the next round to be paired (round {next}), not round {round}: the rounds so far are paired already"
        ));
    }
    if name.is_empty() {
        return Err("the late team needs a name".into());
    }
    let mut roster = event.roster.clone();
    roster.players.push(Player::new(roster.next_id().0, name));
    let problems = roster.problems();
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let newcomer = schedule.entrants.len();
    let mut after = schedule.clone();
    after.entrants.push(name.to_owned());
    for round in &mut after.rounds {
        round.absent.push(Absent {
            entrant: newcomer,
            kind: Absence::Late,
        });
    }
    let missed = next - 1;
    Ok(LineUpChange {
        after: LineUp {
            generated_for: roster.clone(),
            roster,
            schedule: after,
        },
        action: format!("Late entry: {name} joins before round {next}"),
        notes: vec![format!(
            "{name} is paired from round {next} on; it scores nothing for the {missed} round(s) it missed."
        )],
    })
}

/// The round a newcomer `name` joins before: `before_round`, or the first round after the
/// last one with results. Refused when no round is left, the round does not exist, or it (or
/// a later one) has results already. `last`: the event's last round.
fn joining_round(results: &Results, name: &str, before_round: Option<u32>, last: u32) -> Result<u32, String> {
    let played = last_round_with_results(results);
    let from = before_round.unwrap_or(played + 1);
    if played >= last {
        return Err(format!(
            "round {last}, the last round, has results already: there is no round left for {name} to play"
        ));
    }
    if from == 0 || from > last {
        return Err(format!(
            "there is no round {from}: {name} can join before round {} to {last}",
            played + 1
        ));
    }
    if let Some(key) = results.keys().find(|k| k.round >= from) {
        return Err(format!(
            "round {} has results already ({key}), so {name} can join before round {} at the earliest",
            key.round,
            played + 1
        ));
    }
    Ok(from)
}

/// Entrant `entrant` leaves after round `after_round`: from the next round a phantom takes
/// their place (their opponents have a bye; in whist the later rounds are seated again
/// without them). The rounds up to `after_round` are kept exactly.
pub fn withdrawal(
    event: &Event,
    results: &Results,
    entrant: usize,
    after_round: u32,
) -> Result<LineUpChange, String> {
    let schedule = &event.schedule;
    refuse_unsupported(schedule, "a withdrawal")?;
    let Some(name) = schedule.entrants.get(entrant).cloned() else {
        return Err(format!(
            "there is no entrant {} (the event has {})",
            entrant + 1,
            schedule.entrants.len()
        ));
    };
    let last = schedule.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    if after_round >= last {
        return Err(format!(
            "round {last} is the last round: there is nothing after round {after_round} for {name} to leave"
        ));
    }
    if let Some(round) = schedule.rounds.iter().find(|r| {
        r.absent
            .iter()
            .any(|a| a.entrant == entrant && a.kind == Absence::Left)
    }) {
        return Err(format!("{name} has already left (before round {})", round.number));
    }
    if let Some(round) = schedule.rounds.iter().find(|r| {
        r.number > after_round + 1
            && r.absent
                .iter()
                .any(|a| a.entrant == entrant && a.kind == Absence::Late)
    }) {
        return Err(format!(
            "{name} joins only before round {}; withdraw them after a round they play",
            round.number + 1
        ));
    }
    let from = after_round + 1;
    let mut after = schedule.clone();
    let mut notes = Vec::new();
    match schedule.format {
        Format::Whist => {
            if let Some(key) = results.keys().find(|k| k.round >= from) {
                return Err(format!(
                    "round {} has results already ({key}): the rounds after {name} leaves are seated again, so withdraw them after round {} at the earliest, or clear those results first",
                    key.round,
                    last_round_with_results(results)
                ));
            }
            reseat_rounds(event, &mut after, from, &[entrant])?;
            notes.push(format!(
                "Rounds {} were seated again for the {} players who stay.",
                span(from, last),
                present_from(&after, from)
            ));
        }
        _ => {
            let orphaned: Vec<String> = results
                .keys()
                .filter(|k| k.round >= from && table_has(schedule, **k, entrant))
                .map(ResultKey::to_string)
                .collect();
            if !orphaned.is_empty() {
                return Err(format!(
                    "{name} has results after round {after_round} ({}); clear them first, or withdraw them after a later round",
                    orphaned.join(", ")
                ));
            }
            notes.extend(phantom_in_place(&mut after, entrant, from));
        }
    }
    after.promise.cycles = None;
    after.promise.directed = false;
    let after = LineUp {
        roster: event.roster.clone(),
        generated_for: event.generated_for.clone(),
        schedule: after,
    };
    let allowed = schedule.promise.cycles.unwrap_or(1).max(1);
    notes.extend(review(schedule, &after.schedule, results, from, allowed)?);
    Ok(LineUpChange {
        after,
        action: format!("Withdrawal: {name} left after round {after_round}"),
        notes,
    })
}

/// Club pairs movements (which have their own late pair and withdrawal), team chess and a
/// Swiss teams event cannot take these changes here; says why.
fn refuse_unsupported(schedule: &Schedule, what: &str) -> Result<(), String> {
    if schedule.promise.swiss {
        return Err(format!(
            "{what} in a Swiss is given when the next round is paired: the team or pair is paired no more (`tourney event pair-next EVENT --without NAME`, or the results view's withdrawing box)"
        ));
    }
    if schedule.movement.is_some() {
        return Err(format!(
            "{what} in a club pairs evening is handled by the movement's own late pair and withdrawal"
        ));
    }
    if schedule.format == Format::TeamChess && what == "a late player" {
        return Err(
            "a late player in team chess needs a team and a board, and every match is board against board; add them as a reserve instead"
                .into(),
        );
    }
    Ok(())
}

/// Whether the table of `key` in `schedule` seats `entrant`.
fn table_has(schedule: &Schedule, key: ResultKey, entrant: usize) -> bool {
    schedule
        .table(key.round, key.table)
        .is_some_and(|t| t.seats.iter().any(|s| s.entrant == entrant))
}

/// "3" or "3–7".
fn span(from: u32, to: u32) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}–{to}")
    }
}

/// How many entrants are there in round `from` (at a table or sitting out).
fn present_from(schedule: &Schedule, from: u32) -> usize {
    schedule.round(from).map_or(0, |r| {
        r.tables.iter().map(|t| t.seats.len()).sum::<usize>()
            + r.absent
                .iter()
                .filter(|a| matches!(a.kind, Absence::SitOut | Absence::Bye))
                .count()
    })
}

/// Whist: seats rounds `from..` again for everyone there: not those who have left (or are
/// `leaving`), nor those who have not yet arrived in that round.
fn reseat_rounds(event: &Event, after: &mut Schedule, from: u32, leaving: &[usize]) -> Result<(), String> {
    let n = after.entrants.len();
    let gone = |round: &Round, e: usize| {
        leaving.contains(&e)
            || round
                .absent
                .iter()
                .any(|a| a.entrant == e && matches!(a.kind, Absence::Left | Absence::Late))
    };
    let mut kept = Vec::new();
    let mut rounds = Vec::new();
    let mut away: Vec<Vec<Absent>> = Vec::new();
    for round in &after.rounds {
        if round.number < from {
            kept.push(round.clone());
            continue;
        }
        let there: Vec<usize> = (0..n).filter(|&e| !gone(round, e)).collect();
        if there.len() < 4 {
            return Err(format!(
                "round {}: only {} player(s) would be there; a whist table needs four",
                round.number,
                there.len()
            ));
        }
        let absent = (0..n)
            .filter(|&e| gone(round, e))
            .map(|e| Absent {
                entrant: e,
                kind: if leaving.contains(&e) {
                    Absence::Left
                } else {
                    round
                        .absent
                        .iter()
                        .find(|a| a.entrant == e)
                        .map_or(Absence::Left, |a| a.kind)
                },
            })
            .collect();
        rounds.push((round.number, there));
        away.push(absent);
    }
    let index_of: HashMap<&str, usize> = after
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.as_str(), i))
        .collect();
    let stationary = event
        .roster
        .players
        .iter()
        .find(|p| p.stationary)
        .and_then(|p| index_of.get(p.name.as_str()).copied());
    let seated = reseat_whist(&Reseat {
        entrants: n,
        kept: &kept,
        rounds,
        keep_apart: &after.promise.keep_apart,
        apart_at_table: after.promise.apart_at_table,
        stationary,
        seed: event.settings.options.as_ref().map_or(1, |o| o.seed),
    });
    let mut rounds = kept;
    for (mut round, absent) in seated.into_iter().zip(away) {
        round.absent.extend(absent);
        rounds.push(round);
    }
    after.rounds = rounds;
    Ok(())
}

/// The side a seat is on: home / White / N–S is `true`.
fn first_side(seat: Seat) -> bool {
    matches!(seat, Seat::N | Seat::S | Seat::Home | Seat::White)
}

/// The seats of a two-seat table for `format`'s events: (first side, second side).
fn seat_pair(table: &Table) -> (Seat, Seat) {
    let first = table.seats.iter().map(|s| s.seat).find(|&s| first_side(s));
    match first {
        Some(Seat::White) => (Seat::White, Seat::Black),
        Some(Seat::N) => (Seat::N, Seat::E),
        _ => (Seat::Home, Seat::Away),
    }
}

/// Round robins: the newcomer takes a phantom's seat in every round from `from`. Returns the
/// notes (who no longer meet, whom the newcomer does not meet).
fn take_phantom_seats(after: &mut Schedule, newcomer: usize, from: u32) -> Vec<String> {
    let names = after.entrants.clone();
    let name = |e: usize| names[e].as_str();
    let mut met: BTreeSet<usize> = BTreeSet::new();
    let mut byes: Vec<u32> = vec![0; names.len()];
    let mut last_side: Vec<Option<bool>> = vec![None; names.len()];
    let mut split = Vec::new();
    let mut rounds = std::mem::take(&mut after.rounds);
    for round in &mut rounds {
        if round.number < from {
            tally(round, &mut byes, &mut last_side);
            continue;
        }
        let template = round.tables.first().map_or((Seat::Home, Seat::Away), seat_pair);
        let bye_holders: Vec<usize> = round
            .absent
            .iter()
            .filter(|a| a.kind == Absence::Bye)
            .map(|a| a.entrant)
            .collect();
        if let Some(&opponent) = bye_holders
            .iter()
            .min_by_key(|&&b| (met.contains(&b), std::cmp::Reverse(byes[b]), b))
        {
            // The phantom's seat: the newcomer plays whoever had the bye.
            round.absent.retain(|a| a.entrant != opponent);
            let opponent_first = last_side[opponent] != Some(true);
            let (first, second) = if opponent_first {
                (opponent, newcomer)
            } else {
                (newcomer, opponent)
            };
            let number = round.tables.iter().map(|t| t.number).max().unwrap_or(0) + 1;
            round.tables.push(Table {
                number,
                seats: vec![
                    SeatAssignment {
                        seat: template.0,
                        entrant: first,
                        board: None,
                    },
                    SeatAssignment {
                        seat: template.1,
                        entrant: second,
                        board: None,
                    },
                ],
            });
            met.insert(opponent);
        } else if !round.tables.is_empty() {
            // No phantom: split one table, the newcomer taking the seat of one of its two
            // (who has the bye). Prefer an opponent the newcomer has not met, a bye for
            // someone with fewest byes.
            // Candidates: (table index, the seat the newcomer takes, the seat staying).
            let best = round
                .tables
                .iter()
                .enumerate()
                .flat_map(|(t, table)| {
                    (0..table.seats.len()).flat_map(move |i| {
                        (0..table.seats.len())
                            .filter(move |&j| j != i)
                            .map(move |j| (t, i, j))
                    })
                })
                .min_by_key(|&(t, i, j)| {
                    let seats = &round.tables[t].seats;
                    (
                        met.contains(&seats[j].entrant),
                        byes[seats[i].entrant],
                        round.tables[t].number,
                        i,
                    )
                });
            if let Some((t, i, j)) = best {
                let table = &mut round.tables[t];
                let resting = table.seats[i].entrant;
                let opponent = table.seats[j].entrant;
                table.seats[i].entrant = newcomer;
                round.absent.push(Absent {
                    entrant: resting,
                    kind: Absence::Bye,
                });
                met.insert(opponent);
                split.push(format!(
                    "{} and {} no longer meet (round {}: {} plays {}, {} has a bye)",
                    name(resting),
                    name(opponent),
                    round.number,
                    name(opponent),
                    name(newcomer),
                    name(resting)
                ));
            }
        }
        tally(round, &mut byes, &mut last_side);
    }
    after.rounds = rounds;
    phantom_seat_notes(after, newcomer, from, &met, &split)
}

/// Counts a round's byes and each entrant's last side (first or second), which choose the
/// newcomer's opponents and sides in the rounds after it.
fn tally(round: &Round, byes: &mut [u32], last_side: &mut [Option<bool>]) {
    for a in round.absent.iter().filter(|a| a.kind == Absence::Bye) {
        byes[a.entrant] += 1;
    }
    for t in &round.tables {
        for s in &t.seats {
            last_side[s.entrant] = Some(first_side(s.seat));
        }
    }
}

/// What the organiser is told after a newcomer took the phantom's seats: whom they play,
/// which two no longer meet (a table split), and whom the newcomer does not meet.
fn phantom_seat_notes(
    after: &Schedule,
    newcomer: usize,
    from: u32,
    met: &BTreeSet<usize>,
    split: &[String],
) -> Vec<String> {
    let names = &after.entrants;
    let name = |e: usize| names[e].as_str();
    let mut notes = Vec::new();
    if split.is_empty() {
        notes.push(format!(
            "{} takes the phantom's seat: in each round from {from} on, {} plays whoever had the bye.",
            name(newcomer),
            name(newcomer)
        ));
    } else {
        notes.push(format!(
            "With {} entrants one has a bye each round; {}.",
            names.len(),
            split.join("; ")
        ));
    }
    let left: BTreeSet<usize> = after
        .rounds
        .iter()
        .flat_map(|r| {
            r.absent
                .iter()
                .filter(|a| a.kind == Absence::Left)
                .map(|a| a.entrant)
        })
        .collect();
    let unmet: Vec<&str> = (0..newcomer)
        .filter(|e| !met.contains(e) && !left.contains(e))
        .map(name)
        .collect();
    if !unmet.is_empty() {
        let left_to_play = after.rounds.iter().filter(|r| r.number >= from).count();
        notes.push(format!(
            "{} does not meet {}: {left_to_play} round(s) are left to play.",
            name(newcomer),
            join(&unmet)
        ));
    }
    notes
}

/// Round robins and team chess: `entrant` leaves; from round `from` each opponent of theirs
/// has a bye (the phantom in their place). Other tables keep their numbers and results.
fn phantom_in_place(after: &mut Schedule, entrant: usize, from: u32) -> Vec<String> {
    let mut with_bye = Vec::new();
    for round in after.rounds.iter_mut().filter(|r| r.number >= from) {
        round.absent.retain(|a| a.entrant != entrant);
        if let Some(index) = round
            .tables
            .iter()
            .position(|t| t.seats.iter().any(|s| s.entrant == entrant))
        {
            let table = round.tables.remove(index);
            for seat in table.seats.iter().filter(|s| s.entrant != entrant) {
                round.absent.push(Absent {
                    entrant: seat.entrant,
                    kind: Absence::Bye,
                });
                with_bye.push(format!(
                    "{} (round {})",
                    after.entrants[seat.entrant], round.number
                ));
            }
        }
        round.absent.push(Absent {
            entrant,
            kind: Absence::Left,
        });
    }
    let name = &after.entrants[entrant];
    if with_bye.is_empty() {
        vec![format!("{name} had no more games to play.")]
    } else {
        vec![format!(
            "A phantom takes {name}'s place: {} have a bye instead; {name}'s later rounds are not played (not counted as losses).",
            join(&with_bye.iter().map(String::as_str).collect::<Vec<_>>())
        )]
    }
}

fn join(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A table by the names it seats, for comparing schedules whose entrant lists differ.
fn seats_by_name(schedule: &Schedule, table: &Table) -> Vec<(Seat, String)> {
    let mut seats: Vec<(Seat, String)> = table
        .seats
        .iter()
        .map(|s| {
            (
                s.seat,
                schedule.entrants.get(s.entrant).cloned().unwrap_or_default(),
            )
        })
        .collect();
    seats.sort();
    seats
}

/// Every result's table seats the same players in `after` as in `before`. Used before a
/// change is stored, and before an undo puts an older schedule back.
pub fn results_keep_their_tables(
    before: &Schedule,
    after: &Schedule,
    results: &Results,
) -> Result<(), String> {
    let table = |schedule: &Schedule, key: &ResultKey| {
        schedule
            .round(key.round)
            .and_then(|r| r.tables.iter().find(|t| t.number == key.table))
            .map(|t| seats_by_name(schedule, t))
    };
    let moved: Vec<String> = results
        .keys()
        .filter(|k| table(before, k).is_none() || table(before, k) != table(after, k))
        .map(ResultKey::to_string)
        .collect();
    if moved.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the result(s) of {} were entered for tables that would seat other players",
            moved.join(", ")
        ))
    }
}

/// Checks the changed schedule and says what the organiser should know. Refused (a problem
/// list) when a played round differs from the stored one, a result's table changed, or a
/// new round breaks a rule every schedule keeps (someone twice in a round or missing, a
/// couple together). Notes: repeated partners (whist) or meetings (beyond `allowed`), and
/// sit-outs shared unevenly among those there all evening.
fn review(
    before: &Schedule,
    after: &Schedule,
    results: &Results,
    from: u32,
    allowed: u32,
) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    for old in before.rounds.iter().filter(|r| r.number < from) {
        let Some(new) = after.round(old.number) else {
            problems.push(format!("round {} is missing", old.number));
            continue;
        };
        let tables = |s: &Schedule, r: &Round| -> Vec<(u32, Vec<(Seat, String)>)> {
            r.tables.iter().map(|t| (t.number, seats_by_name(s, t))).collect()
        };
        let absent = |s: &Schedule, r: &Round| -> BTreeSet<(String, &'static str)> {
            r.absent
                .iter()
                .filter(|a| a.entrant < before.entrants.len())
                .map(|a| (s.entrants[a.entrant].clone(), a.kind.label()))
                .collect()
        };
        if tables(before, old) != tables(after, new) || absent(before, old) != absent(after, new) {
            problems.push(format!("played round {} would change", old.number));
        }
    }
    if let Err(why) = results_keep_their_tables(before, after, results) {
        problems.push(why);
    }
    let report = verify(after);
    problems.extend(
        report
            .violations
            .iter()
            .filter(|v| {
                matches!(
                    v.rule,
                    Rule::Malformed | Rule::DoubleBooked | Rule::Missing | Rule::KeepApart
                )
            })
            .map(ToString::to_string),
    );
    if !problems.is_empty() {
        return Err(format!(
            "the changed schedule failed its check ({}); this is a bug in Tourney, please report it — nothing was changed",
            problems.join("; ")
        ));
    }
    Ok(notes_on(after, allowed))
}

/// Repeats and unfair sit-outs in `schedule`, in words.
fn notes_on(schedule: &Schedule, allowed: u32) -> Vec<String> {
    let n = schedule.entrants.len();
    let name = |e: usize| schedule.entrants[e].as_str();
    let mut together: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    for round in &schedule.rounds {
        for table in &round.tables {
            let pairs: Vec<(usize, usize)> = if schedule.format == Format::Whist {
                let at = |s| table.entrant_at(s);
                [(at(Seat::N), at(Seat::S)), (at(Seat::E), at(Seat::W))]
                    .into_iter()
                    .filter_map(|(a, b)| Some((a?, b?)))
                    .collect()
            } else {
                let seats: Vec<usize> = table.seats.iter().map(|s| s.entrant).collect();
                seats
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| seats[i + 1..].iter().map(move |&b| (a, b)))
                    .collect()
            };
            for (a, b) in pairs {
                together
                    .entry((a.min(b), a.max(b)))
                    .or_default()
                    .push(round.number);
            }
        }
    }
    let limit = if schedule.format == Format::Whist {
        1
    } else {
        allowed
    };
    let mut repeats: Vec<String> = together
        .iter()
        .filter(|(_, rounds)| rounds.len() as u32 > limit)
        .map(|(&(a, b), rounds)| {
            let listed: Vec<String> = rounds.iter().map(u32::to_string).collect();
            format!("{} and {} (rounds {})", name(a), name(b), listed.join(", "))
        })
        .collect();
    repeats.sort();
    let mut notes = Vec::new();
    let what = if schedule.format == Format::Whist {
        "partner"
    } else {
        "meet"
    };
    if repeats.is_empty() {
        notes.push(format!(
            "Checked: the played rounds are unchanged, nobody is seated twice in a round, couples are kept apart, and nobody {what}s anyone {}.",
            if limit == 1 { "twice" } else { "more often than the format allows" }
        ));
    } else {
        notes.push(format!(
            "Checked: the played rounds are unchanged and couples are kept apart, but {} pair(s) {what} more than once: {}.",
            repeats.len(),
            repeats.join("; ")
        ));
    }
    let mut counted = vec![0u32; n];
    let mut there_throughout = vec![true; n];
    for round in &schedule.rounds {
        for a in &round.absent {
            match a.kind {
                Absence::SitOut | Absence::Bye => counted[a.entrant] += 1,
                Absence::Left | Absence::Late => there_throughout[a.entrant] = false,
            }
        }
    }
    let steady: Vec<u32> = (0..n)
        .filter(|&e| there_throughout[e])
        .map(|e| counted[e])
        .collect();
    if let (Some(&most), Some(&fewest)) = (steady.iter().max(), steady.iter().min())
        && most > fewest + 1
    {
        notes.push(format!(
            "Sit-outs (or byes) of those there all evening now range from {fewest} to {most}."
        ));
    }
    notes
}

/// One sentence per entrant who joined late or left, for standings and sheets: "Ann joined
/// before round 3: rounds 1–2 not played".
pub fn attendance_notes(schedule: &Schedule) -> Vec<String> {
    let mut notes = Vec::new();
    for (e, name) in schedule.entrants.iter().enumerate() {
        let rounds_where = |kind: Absence| -> Vec<u32> {
            schedule
                .rounds
                .iter()
                .filter(|r| r.absent.iter().any(|a| a.entrant == e && a.kind == kind))
                .map(|r| r.number)
                .collect()
        };
        let late = rounds_where(Absence::Late);
        let left = rounds_where(Absence::Left);
        if let Some(movement) = &schedule.movement {
            notes.extend(movement_attendance(movement, e, name, &late, &left));
            continue;
        }
        if let (Some(&first), Some(&last)) = (late.first(), late.last()) {
            notes.push(format!(
                "{name} joined before round {}: round(s) {} not played",
                last + 1,
                span(first, last)
            ));
        }
        if let (Some(&first), Some(&last)) = (left.first(), left.last()) {
            notes.push(format!(
                "{name} left after round {}: round(s) {} not played (not counted as losses)",
                first - 1,
                span(first, last)
            ));
        }
    }
    notes
}

/// A club pairs evening's late pair and withdrawn pair, by pair number, with how their
/// missing boards are scored (`late` / `left`: the rounds entrant `e` is absent for each).
fn movement_attendance(
    movement: &crate::movement::Movement,
    e: usize,
    name: &str,
    late: &[u32],
    left: &[u32],
) -> Vec<String> {
    let pair = crate::movement::present_pairs(movement).get(e).copied();
    let label = pair.map_or(String::new(), |p| format!(" (pair {})", movement.label(p)));
    let mut notes = Vec::new();
    if let (Some(&first), Some(&last)) = (late.first(), late.last()) {
        let missed = pair
            .and_then(|p| movement.late_arrival(p))
            .map_or(MissedBoards::NotPlayed, |l| l.missed);
        let rounds = if first == last {
            format!("round {first}")
        } else {
            format!("rounds {}", span(first, last))
        };
        notes.push(format!(
            "{name}{label} arrived late, before round {}: {rounds} {}",
            last + 1,
            match missed {
                MissedBoards::NotPlayed => "not played (scored on the boards played)",
                MissedBoards::Average => "scored as average (50 %)",
            }
        ));
    }
    if let Some(&first) = left.first() {
        notes.push(format!(
            "{name}{label} withdrew after round {}: its later boards not played (scored on the boards played)",
            first - 1
        ));
    }
    notes
}

mod club_pairs;
#[cfg(test)]
mod tests;
