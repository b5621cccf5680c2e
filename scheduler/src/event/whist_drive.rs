//! A whist drive's evening from each player's side: in every round, the table, seat, partner
//! and opponents, and the tricks the player's side took once the table's result is entered.
//! The personal score cards (`sheets::whist_cards`) read it, and the standings made here: the
//! ranking, a ranking per prize category (ladies and gents, or any groups of the roster's
//! category column) and the prizes (winner, best of each category, booby, best single round).

use super::standings_table::StandingsTable;
use super::{Event, ResultKey, ResultValue, Results};
use crate::model::{Absence, Schedule, Seat};

/// Where a player sat in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhistPlace {
    /// The table number.
    pub table: u32,
    /// The player's seat.
    pub seat: Seat,
    /// The partner, opposite (an entrant index).
    pub partner: Option<usize>,
    /// The two opponents, the one on the player's left first.
    pub opponents: Vec<usize>,
}

/// One round of one player's evening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRound {
    /// The round number.
    pub round: u32,
    /// Where the player sat; `None` when they sat out (or had left, or had not come).
    pub place: Option<WhistPlace>,
    /// Why the player did not play, when they did not ("sits out", "left", "not yet arrived").
    pub absent: Option<Absence>,
    /// The tricks the player's side took, once the table's result is entered.
    pub tricks: Option<u32>,
}

/// Every player's rounds, in entrant order; each player's in round order.
pub fn player_rounds(schedule: &Schedule, results: &Results) -> Vec<Vec<PlayerRound>> {
    let n = schedule.entrants.len();
    let mut players: Vec<Vec<PlayerRound>> = vec![Vec::new(); n];
    for round in &schedule.rounds {
        let mut seen = vec![false; n];
        for table in &round.tables {
            let at = |seat: Seat| table.entrant_at(seat);
            let tricks = match results.get(&ResultKey {
                round: round.number,
                table: table.number,
                deal: 0,
            }) {
                Some(ResultValue::Tricks { ns, ew }) => Some((*ns, *ew)),
                _ => None,
            };
            for seat in [Seat::N, Seat::E, Seat::S, Seat::W] {
                let Some(player) = at(seat).filter(|&p| p < n) else {
                    continue;
                };
                let (partner, left, right, north_south) = match seat {
                    Seat::N => (Seat::S, Seat::E, Seat::W, true),
                    Seat::E => (Seat::W, Seat::S, Seat::N, false),
                    Seat::S => (Seat::N, Seat::W, Seat::E, true),
                    _ => (Seat::E, Seat::N, Seat::S, false),
                };
                seen[player] = true;
                players[player].push(PlayerRound {
                    round: round.number,
                    place: Some(WhistPlace {
                        table: table.number,
                        seat,
                        partner: at(partner),
                        opponents: [left, right].into_iter().filter_map(at).collect(),
                    }),
                    absent: None,
                    tricks: tricks.map(|(ns, ew)| if north_south { ns } else { ew }),
                });
            }
        }
        for (player, rounds) in players.iter_mut().enumerate().filter(|(p, _)| !seen[*p]) {
            let absent = round
                .absent
                .iter()
                .find(|a| a.entrant == player)
                .map_or(Absence::SitOut, |a| a.kind);
            rounds.push(PlayerRound {
                round: round.number,
                place: None,
                absent: Some(absent),
                tricks: None,
            });
        }
    }
    players
}

/// The player's running total after each round played with a result, `None` from the first
/// round played whose result is not in.
pub fn running_totals(rounds: &[PlayerRound]) -> Vec<Option<u32>> {
    let mut total = Some(0u32);
    rounds
        .iter()
        .map(|r| {
            if r.place.is_some() {
                total = total.zip(r.tricks).map(|(t, x)| t + x);
            }
            total.filter(|_| r.place.is_some())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Roster;
    use crate::solver::Control;
    use crate::whist::{WhistOptions, whist_schedule};

    #[test]
    fn each_player_sees_partner_opponents_and_their_sides_tricks() {
        let options = WhistOptions {
            rounds: Some(3),
            ..WhistOptions::default()
        };
        let (schedule, _) = whist_schedule(&Roster::numbered(8), &options, &Control::unlimited()).unwrap();
        let table = &schedule.rounds[0].tables[0];
        let mut results = Results::new();
        results.insert(
            ResultKey {
                round: 1,
                table: table.number,
                deal: 0,
            },
            ResultValue::Tricks { ns: 9, ew: 17 },
        );
        let rounds = player_rounds(&schedule, &results);
        let north = table.entrant_at(Seat::N).unwrap();
        let east = table.entrant_at(Seat::E).unwrap();
        let first = &rounds[north][0];
        let place = first.place.as_ref().unwrap();
        assert_eq!(place.partner, table.entrant_at(Seat::S));
        assert_eq!(place.opponents, [east, table.entrant_at(Seat::W).unwrap()]);
        assert_eq!(first.tricks, Some(9));
        assert_eq!(rounds[east][0].tricks, Some(17));
        assert_eq!(rounds[north].len(), 3);
        assert_eq!(running_totals(&rounds[north]), [Some(9), None, None]);
        assert_eq!(running_totals(&rounds[east])[0], Some(17));
    }
}

/// One player's evening in figures: rounds with a result, their tricks, the sit-outs of
/// rounds under way, and the best single round (tricks, round).
#[derive(Debug, Clone, Default)]
struct Tally {
    played: u32,
    tricks: u32,
    sat_out: u32,
    best_round: Option<(u32, u32)>,
}

impl Tally {
    /// The total: tricks, plus a sit-out round at the player's own average.
    fn total(&self) -> f64 {
        let average = if self.played > 0 {
            f64::from(self.tricks) / f64::from(self.played)
        } else {
            0.0
        };
        f64::from(self.tricks) + f64::from(self.sat_out) * average
    }

    /// The total in hundredths, for ranking.
    fn key(&self) -> i64 {
        (self.total() * 100.0).round() as i64
    }
}

fn tallies(schedule: &Schedule, results: &Results) -> Vec<Tally> {
    // A round is under way once any of its tables has a result: its sit-outs then count.
    let started: std::collections::HashSet<u32> = results.keys().map(|k| k.round).collect();
    player_rounds(schedule, results)
        .iter()
        .map(|rounds| {
            let mut tally = Tally::default();
            for r in rounds {
                match (r.tricks, r.absent) {
                    (Some(tricks), _) => {
                        tally.played += 1;
                        tally.tricks += tricks;
                        if tally.best_round.is_none_or(|(best, _)| tricks > best) {
                            tally.best_round = Some((tricks, r.round));
                        }
                    }
                    (None, Some(Absence::SitOut)) if started.contains(&r.round) => tally.sat_out += 1,
                    _ => {}
                }
            }
            tally
        })
        .collect()
}

/// Each entrant's prize category from the roster (by name), if the roster gives one.
fn categories(event: &Event) -> Vec<Option<String>> {
    event
        .schedule
        .entrants
        .iter()
        .map(|name| {
            event
                .roster
                .players
                .iter()
                .find(|p| &p.name == name)
                .and_then(|p| p.category.clone())
        })
        .collect()
}

/// The standings of a whist drive: every player ranked by tricks (a sit-out round scoring the
/// player's own average); when the roster gives categories (ladies and gents, or any groups),
/// a ranking within each; and once every result is in, the prizes: the winner, the best of
/// each category, the booby prize (lowest score) and the best single round. Tied places are
/// written "4=".
pub(super) fn standings_tables(event: &Event, results: &Results) -> Vec<StandingsTable> {
    let schedule = &event.schedule;
    let tallies = tallies(schedule, results);
    let categories = categories(event);
    let mut groups: Vec<String> = categories.iter().flatten().cloned().collect();
    groups.sort_by_key(|g| g.to_lowercase());
    groups.dedup_by_key(|g| g.to_lowercase());
    let show_sit_outs = tallies.iter().any(|t| t.sat_out > 0);
    let players: Vec<usize> = (0..schedule.entrants.len()).collect();
    let mut tables = vec![ranking(
        schedule,
        &tallies,
        &players,
        if groups.is_empty() {
            None
        } else {
            Some(&categories)
        },
        show_sit_outs,
    )];
    for group in &groups {
        let members = members_of(&categories, group);
        let mut table = ranking(schedule, &tallies, &members, None, show_sit_outs);
        table.heading = Some(capitalised(group));
        table.note = None;
        tables.push(table);
    }
    if tables[0].heading.is_none() && !groups.is_empty() {
        tables[0].heading = Some("Everyone".to_owned());
    }
    // The prizes once the evening is over: every table of every round has its result.
    let complete = schedule.rounds.iter().all(|round| {
        round.tables.iter().all(|table| {
            results.contains_key(&ResultKey {
                round: round.number,
                table: table.number,
                deal: 0,
            })
        })
    });
    if complete && tallies.iter().any(|t| t.played > 0) {
        tables.push(prizes(schedule, &tallies, &categories, &groups));
    }
    tables
}

/// The players of category `group` (compared without regard to case), in entrant order.
fn members_of(categories: &[Option<String>], group: &str) -> Vec<usize> {
    (0..categories.len())
        .filter(|&p| {
            categories[p]
                .as_ref()
                .is_some_and(|c| c.eq_ignore_ascii_case(group))
        })
        .collect()
}

/// A category as a heading: "ladies" → "Ladies" (the roster's own spelling otherwise).
fn capitalised(group: &str) -> String {
    let mut chars = group.chars();
    chars
        .next()
        .map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// One ranking over `players`: place, player, (category,) rounds, tricks, (sit-outs, total).
fn ranking(
    schedule: &Schedule,
    tallies: &[Tally],
    players: &[usize],
    categories: Option<&[Option<String>]>,
    show_sit_outs: bool,
) -> StandingsTable {
    let mut columns = vec!["Rank", "Player"];
    if categories.is_some() {
        columns.push("Category");
    }
    columns.extend(["Rounds", "Tricks"]);
    if show_sit_outs {
        columns.extend(["Sit-outs", "Total"]);
    }
    let rows = super::standings::ranked_rows(
        players.len(),
        |i| tallies[players[i]].key(),
        |i| {
            let p = players[i];
            let t = &tallies[p];
            let mut row = vec![schedule.entrants[p].clone()];
            if let Some(categories) = categories {
                row.push(categories[p].clone().unwrap_or_default());
            }
            row.extend([t.played.to_string(), t.tricks.to_string()]);
            if show_sit_outs {
                row.push(t.sat_out.to_string());
                row.push(format!("{:.1}", t.total()));
            }
            row
        },
    );
    StandingsTable {
        heading: None,
        columns: columns.into_iter().map(str::to_owned).collect(),
        rows,
        note: show_sit_outs
            .then(|| "A sit-out round scores the player's own average over the rounds played.".to_owned()),
    }
}

/// "Ann Archer", "Ann Archer and Bob Brown (tied)".
fn names(schedule: &Schedule, players: &[usize]) -> String {
    let names: Vec<&str> = players.iter().map(|&p| schedule.entrants[p].as_str()).collect();
    match names.as_slice() {
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last} (tied)", rest.join(", ")),
        [] => String::new(),
    }
}

/// The players of `among` with the best (or, `lowest`, the worst) total: ties share it.
fn extreme(tallies: &[Tally], among: &[usize], lowest: bool) -> Vec<usize> {
    let played: Vec<usize> = among.iter().copied().filter(|&p| tallies[p].played > 0).collect();
    let keys = played.iter().map(|&p| tallies[p].key());
    let Some(target) = (if lowest { keys.min() } else { keys.max() }) else {
        return Vec::new();
    };
    played
        .into_iter()
        .filter(|&p| tallies[p].key() == target)
        .collect()
}

fn score_text(tally: &Tally) -> String {
    if tally.sat_out > 0 {
        format!("{:.1}", tally.total())
    } else {
        tally.tricks.to_string()
    }
}

/// The prize sheet: the winner, the best of each category, the booby prize and the best
/// single round, ties named together.
fn prizes(
    schedule: &Schedule,
    tallies: &[Tally],
    categories: &[Option<String>],
    groups: &[String],
) -> StandingsTable {
    let everyone: Vec<usize> = (0..schedule.entrants.len()).collect();
    let mut rows = Vec::new();
    let mut line = |prize: String, winners: Vec<usize>, score: String| {
        if !winners.is_empty() {
            rows.push(vec![prize, names(schedule, &winners), score]);
        }
    };
    let first = extreme(tallies, &everyone, false);
    let top = first
        .first()
        .map(|&p| score_text(&tallies[p]))
        .unwrap_or_default();
    line("First".to_owned(), first, top);
    for group in groups {
        let members = members_of(categories, group);
        let best = extreme(tallies, &members, false);
        let score = best.first().map(|&p| score_text(&tallies[p])).unwrap_or_default();
        line(format!("Best of {}", capitalised(group)), best, score);
    }
    let booby = extreme(tallies, &everyone, true);
    let low = booby
        .first()
        .map(|&p| score_text(&tallies[p]))
        .unwrap_or_default();
    line("Booby prize (lowest score)".to_owned(), booby, low);
    let best_round = tallies
        .iter()
        .filter_map(|t| t.best_round.map(|(tricks, _)| tricks))
        .max();
    if let Some(best) = best_round {
        // Everyone who took that many tricks in a round (partners share it), with the round.
        let mut rounds: Vec<u32> = Vec::new();
        let holders: Vec<usize> = everyone
            .iter()
            .copied()
            .filter(|&p| {
                let hit = tallies[p].best_round.is_some_and(|(t, _)| t == best);
                if let Some((_, r)) = tallies[p].best_round.filter(|_| hit) {
                    rounds.push(r);
                }
                hit
            })
            .collect();
        rounds.sort_unstable();
        rounds.dedup();
        let rounds: Vec<String> = rounds.iter().map(u32::to_string).collect();
        line(
            "Best single round".to_owned(),
            holders,
            format!("{best} tricks (round {})", rounds.join(", ")),
        );
    }
    StandingsTable {
        heading: Some("Prizes".to_owned()),
        columns: ["Prize", "Player", "Score"].map(str::to_owned).to_vec(),
        rows,
        note: Some(
            "Ties share the prize and are named together. The best single round counts the tricks a player's side took in one round; partners share it."
                .to_owned(),
        ),
    }
}
