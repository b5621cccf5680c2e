//! Whole-team matches: team round robins (board b against board b, Berger order for the
//! matches) and Scheveningen matches (every player of one team meets every player of the other).

use super::{PlayerRef, TeamNames};
use crate::model::{
    Absence, Absent, Format, Promise, Round, Schedule, Seat, SeatAssignment, Table, TeamEvent,
};
use crate::round_robin::berger_table;

/// A team round robin over `names.teams` with `boards` boards. Matches follow FIDE's Berger
/// tables (the first-named team is "home"); in each match the home team has White on boards
/// 1, 3, 5, … and Black on 2, 4, …, as FIDE team events do. An odd number of teams gives one
/// team a bye each round. `double` plays a second cycle with colours reversed.
pub fn team_round_robin(names: &TeamNames, boards: usize, double: bool) -> Schedule {
    let n = names.teams.len();
    let m = n + n % 2;
    let mut cycle: Vec<Vec<(usize, usize)>> = if n < 2 { Vec::new() } else { berger_table(m) };
    if double {
        // FIDE C.05 Annex 1: swap the last two rounds of the first cycle so no team has the
        // same colour three rounds running across the joint.
        let len = cycle.len();
        if len >= 2 {
            cycle.swap(len - 1, len - 2);
        }
        let second: Vec<Vec<(usize, usize)>> = cycle
            .iter()
            .map(|round| round.iter().map(|&(h, a)| (a, h)).collect())
            .collect();
        cycle.extend(second);
    }
    let rounds = cycle
        .iter()
        .enumerate()
        .map(|(r, pairings)| {
            let mut tables = Vec::new();
            let mut absent = Vec::new();
            for &(home, away) in pairings {
                let (home, away) = (home - 1, away - 1);
                if home >= n || away >= n {
                    let team = home.min(away);
                    absent.extend((0..boards).map(|b| Absent {
                        entrant: PlayerRef::new(team, b).index(boards),
                        kind: Absence::Bye,
                    }));
                    continue;
                }
                for b in 0..boards {
                    let (white, black) = if b % 2 == 0 { (home, away) } else { (away, home) };
                    tables.push(game(
                        tables.len(),
                        PlayerRef::new(white, b),
                        PlayerRef::new(black, b),
                        boards,
                    ));
                }
            }
            Round {
                number: r as u32 + 1,
                tables,
                absent,
            }
        })
        .collect();
    team_schedule(
        names,
        boards,
        rounds,
        Promise {
            cycles: Some(if double { 2 } else { 1 }),
            team_event: Some(TeamEvent::RoundRobin),
            ..Promise::default()
        },
    )
}

/// A Scheveningen match between the first two teams of `names`: `boards` rounds; in the
/// round of shift r board i of the first team plays board (i + r) mod B of the second. The
/// first team's board-i player has White when i is even and the opponent is in the top half,
/// or i is odd and the opponent is in the bottom half, so each player's colours differ by at
/// most one (B even) and every round has both colours on both sides. The shifts are played in
/// the order `balanced_order` finds, so the colours stay balanced after any round too and a
/// match cut short is still fair. Where no order does that (an odd number of boards from 5
/// on), the shifts are played in turn and each game's White goes to whichever player has had
/// fewer Whites so far.
pub fn scheveningen(names: &TeamNames, boards: usize) -> Schedule {
    let by_halves = |i: usize, j: usize| i.is_multiple_of(2) == (j < boards.div_ceil(2));
    let order = balanced_order(boards, by_halves);
    let mut balance = vec![0i64; 2 * boards];
    let shifts = order.clone().unwrap_or_else(|| (0..boards).collect());
    let rounds = shifts
        .into_iter()
        .enumerate()
        .map(|(k, r)| {
            let tables = (0..boards)
                .map(|i| {
                    let j = (i + r) % boards;
                    let first_white = match order {
                        Some(_) => by_halves(i, j),
                        None => (balance[i], i % 2) < (balance[boards + j], 1 - i % 2),
                    };
                    let sign = if first_white { 1 } else { -1 };
                    balance[i] += sign;
                    balance[boards + j] -= sign;
                    let (a, b) = (PlayerRef::new(0, i), PlayerRef::new(1, j));
                    let (white, black) = if first_white { (a, b) } else { (b, a) };
                    game(i, white, black, boards)
                })
                .collect();
            Round {
                number: k as u32 + 1,
                tables,
                absent: Vec::new(),
            }
        })
        .collect();
    let two = TeamNames {
        teams: names.teams.iter().take(2).cloned().collect(),
        players: names.players.iter().take(2).cloned().collect(),
    };
    team_schedule(
        &two,
        boards,
        rounds,
        Promise {
            team_event: Some(TeamEvent::Scheveningen),
            ..Promise::default()
        },
    )
}

/// The shifts 0..B in a playing order that keeps every player's Whites and Blacks at most
/// two apart after every round: a depth-first search trying the most balancing shift first.
/// `None` when there is none (or the search gives up).
fn balanced_order(boards: usize, first_white: impl Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
    // Per shift, each player's colour: +1 White, −1 Black (first team's players, then the
    // second's).
    let colours: Vec<Vec<i64>> = (0..boards)
        .map(|r| {
            let mut colour = vec![0i64; 2 * boards];
            for i in 0..boards {
                let j = (i + r) % boards;
                let sign = if first_white(i, j) { 1 } else { -1 };
                colour[i] = sign;
                colour[boards + j] = -sign;
            }
            colour
        })
        .collect();
    let mut order = Vec::with_capacity(boards);
    let mut budget = 200_000u32;
    place(&colours, &mut vec![0; 2 * boards], &mut order, &mut budget).then_some(order)
}

/// One step of `balanced_order`'s search: extends `order` to all shifts with every player's
/// running `balance` within 2, or returns false (also when `budget` steps are spent).
fn place(colours: &[Vec<i64>], balance: &mut Vec<i64>, order: &mut Vec<usize>, budget: &mut u32) -> bool {
    if order.len() == colours.len() {
        return true;
    }
    let worst = |r: usize, balance: &[i64]| {
        balance
            .iter()
            .zip(&colours[r])
            .map(|(b, c)| (b + c).abs())
            .max()
            .unwrap_or(0)
    };
    let mut next: Vec<(i64, usize)> = (0..colours.len())
        .filter(|r| !order.contains(r))
        .map(|r| (worst(r, balance), r))
        .filter(|&(w, _)| w <= 2)
        .collect();
    next.sort_unstable();
    for (_, r) in next {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        balance.iter_mut().zip(&colours[r]).for_each(|(b, c)| *b += c);
        order.push(r);
        if place(colours, balance, order, budget) {
            return true;
        }
        order.pop();
        balance.iter_mut().zip(&colours[r]).for_each(|(b, c)| *b -= c);
    }
    false
}

pub(super) fn game(index: usize, white: PlayerRef, black: PlayerRef, boards: usize) -> Table {
    Table {
        number: index as u32 + 1,
        seats: vec![
            SeatAssignment {
                seat: Seat::White,
                entrant: white.index(boards),
                board: Some(white.board as u32 + 1),
            },
            SeatAssignment {
                seat: Seat::Black,
                entrant: black.index(boards),
                board: Some(black.board as u32 + 1),
            },
        ],
    }
}

/// Entrants are the players team by team, board 1 first (the index `PlayerRef::index` uses).
pub(super) fn team_schedule(
    names: &TeamNames,
    boards: usize,
    rounds: Vec<Round>,
    promise: Promise,
) -> Schedule {
    let mut entrants = Vec::new();
    let mut entrant_teams = Vec::new();
    for t in 0..names.teams.len() {
        for b in 0..boards {
            entrants.push(names.player(PlayerRef::new(t, b)));
            entrant_teams.push(names.team(t));
        }
    }
    Schedule {
        format: Format::TeamChess,
        movement: None,
        entrant_teams,
        entrants,
        rounds,
        promise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rule, verify};

    #[test]
    fn team_round_robins_verify_for_even_and_odd_fields() {
        for teams in 2..=9 {
            for boards in [1, 2, 4, 5] {
                for double in [false, true] {
                    let s = team_round_robin(&TeamNames::numbered(teams, boards), boards, double);
                    let report = verify(&s);
                    assert!(
                        report.is_valid(),
                        "{teams} teams, {boards} boards: {:#?}",
                        report.violations
                    );
                }
            }
        }
    }

    #[test]
    fn scheveningen_matches_verify() {
        for boards in 1..=10 {
            let s = scheveningen(&TeamNames::numbered(2, boards), boards);
            let report = verify(&s);
            assert!(report.is_valid(), "{boards} boards: {:#?}", report.violations);
        }
    }

    #[test]
    fn every_first_few_rounds_of_a_team_match_stay_fair() {
        // Cut short on purpose (`--rounds`), any number of rounds is still a valid match:
        // nobody meets twice and nobody's colours run more than two apart.
        fn prefixes(s: &Schedule) -> Vec<(usize, Schedule)> {
            (1..s.rounds.len())
                .map(|k| {
                    let mut cut = s.clone();
                    cut.rounds.truncate(k);
                    cut.promise.shortened = true;
                    (k, cut)
                })
                .collect()
        }
        for boards in 1..=20 {
            let whole = scheveningen(&TeamNames::numbered(2, boards), boards);
            for (k, cut) in prefixes(&whole) {
                let report = verify(&cut);
                assert!(
                    report.is_valid(),
                    "{boards} boards, {k} rounds: {:#?}",
                    report.violations
                );
            }
        }
        for teams in 3..=10 {
            for boards in 1..=6 {
                for double in [false, true] {
                    let whole = team_round_robin(&TeamNames::numbered(teams, boards), boards, double);
                    for (k, cut) in prefixes(&whole) {
                        let report = verify(&cut);
                        assert!(
                            report.is_valid(),
                            "{teams} teams, {boards} boards, {k} rounds: {:#?}",
                            report.violations
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_checker_catches_a_swapped_board_colour() {
        let mut s = team_round_robin(&TeamNames::numbered(4, 4), 4, false);
        let seats = &mut s.rounds[0].tables[1].seats;
        seats.swap(0, 1);
        seats[0].seat = Seat::White;
        seats[1].seat = Seat::Black;
        assert!(verify(&s).breaks(Rule::ColourBalance));
    }
}
