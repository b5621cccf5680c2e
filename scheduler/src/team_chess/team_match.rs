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

/// A Scheveningen match between the first two teams of `names`: `boards` rounds; in round r
/// board i of the first team plays board (i + r) mod B of the second. The first team's
/// board-i player has White when i is even and the opponent is in the top half, or i is odd
/// and the opponent is in the bottom half, so each player's colours differ by at most one
/// (B even) and every round has both colours on both sides.
pub fn scheveningen(names: &TeamNames, boards: usize) -> Schedule {
    let rounds = (0..boards)
        .map(|r| {
            let tables = (0..boards)
                .map(|i| {
                    let j = (i + r) % boards;
                    let first_white = (i % 2 == 0) == (j < boards.div_ceil(2));
                    let (a, b) = (PlayerRef::new(0, i), PlayerRef::new(1, j));
                    let (white, black) = if first_white { (a, b) } else { (b, a) };
                    game(i, white, black, boards)
                })
                .collect();
            Round {
                number: r as u32 + 1,
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
    fn the_checker_catches_a_swapped_board_colour() {
        let mut s = team_round_robin(&TeamNames::numbered(4, 4), 4, false);
        let seats = &mut s.rounds[0].tables[1].seats;
        seats.swap(0, 1);
        seats[0].seat = Seat::White;
        seats[1].seat = Seat::Black;
        assert!(verify(&s).breaks(Rule::ColourBalance));
    }
}
