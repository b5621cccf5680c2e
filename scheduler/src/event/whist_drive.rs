//! A whist drive's evening from each player's side: in every round, the table, seat, partner
//! and opponents, and the tricks the player's side took once the table's result is entered.
//! The personal score cards (`sheets::whist_cards`) and the prizes (best single round, in
//! `standings`) read it.

use super::{ResultKey, ResultValue, Results};
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
