//! Colour runs: the rounds of a finished jamboree are put in the order that gives players the
//! shortest runs of one colour (chess organisers expect no more than two Whites or two Blacks
//! in a row where it can be avoided). Every rule and every term of Q counts games per round
//! or per event, never their order, so reordering the rounds keeps the schedule valid and Q
//! unchanged — the independent checker recounts both, and the order is kept only when it
//! agrees. A secondary objective: it never worsens Q.

use super::TeamChessOutcome;
use crate::model::{Round, Seat};
use crate::solver::Control;
use crate::verify::team_chess::quality;

/// Up to this many rounds every order is tried (8! = 40 320); beyond, swaps of two rounds
/// while they help.
const EXHAUSTIVE_ROUNDS: usize = 8;
/// Most work (orders or swaps tried × players × rounds) one reordering may take, exhaustive or
/// by swaps: counted, not timed, so the same schedule always gets the same order, and small
/// enough (about 0.2 s on the development machine) that the runs are never worth a long
/// wait past the time limit, since this comes after it. Before (issue 47), 200 teams × 20
/// boards × 8 rounds took 11–30 s past a 3 s limit with every order, 199 × 20 × 7 took 1.3 s
/// (two reorderings of 140 million steps each), and the swaps of 200 × 20 × 199 (19,701 a
/// pass, each recounting 796,000 colours) did not end within minutes.
const WORK: usize = 40_000_000;

/// `outcome` with its rounds reordered for the shortest colour runs, when that helps and the
/// checker confirms the same Q. Within `control`'s time too: the orders (or swaps) tried stop
/// when it ends, keeping the best found, and nothing is tried when it has ended (issue 47:
/// 199 × 20 × 197 spent 0.4 s past a 3 s limit here, in two reorderings of its 784,000 colours).
pub(crate) fn shorten_colour_runs(outcome: TeamChessOutcome, control: &Control) -> TeamChessOutcome {
    if control.should_stop() {
        return outcome;
    }
    let colours = colours_by_player(&outcome);
    let rounds = outcome.schedule.rounds.len();
    let identity: Vec<usize> = (0..rounds).collect();
    let start = cost(&colours, &identity);
    let best = best_order(&colours, identity, start, control);
    if best.0 >= start {
        return outcome;
    }
    // The rounds are moved, not copied (a copy of 392,000 games took 20–40 ms past the limit),
    // and put back should the checker disagree.
    let mut outcome = outcome;
    let numbers: Vec<u32> = outcome.schedule.rounds.iter().map(|r| r.number).collect();
    outcome.schedule.rounds = permuted(std::mem::take(&mut outcome.schedule.rounds), &best.1);
    for (round, number) in outcome.schedule.rounds.iter_mut().zip(1..) {
        round.number = number;
    }
    match quality(&outcome.schedule) {
        Ok(measured) if measured.total_numerator() == outcome.quality.total_numerator() => {
            outcome.quality = measured;
        }
        _ => {
            let mut back: Vec<Option<Round>> = (0..rounds).map(|_| None).collect();
            for (round, &r) in std::mem::take(&mut outcome.schedule.rounds)
                .into_iter()
                .zip(&best.1)
            {
                back[r] = Some(round);
            }
            outcome.schedule.rounds = back.into_iter().flatten().collect();
            for (round, &number) in outcome.schedule.rounds.iter_mut().zip(&numbers) {
                round.number = number;
            }
        }
    }
    outcome
}

/// `rounds` in `order` (round `order[i]` first …), moved.
fn permuted(rounds: Vec<Round>, order: &[usize]) -> Vec<Round> {
    let mut slots: Vec<Option<Round>> = rounds.into_iter().map(Some).collect();
    order
        .iter()
        .filter_map(|&r| slots.get_mut(r).and_then(Option::take))
        .collect()
}

/// The best order of the rounds found within `WORK` and `control`'s time, and its cost:
/// every order of up to `EXHAUSTIVE_ROUNDS` rounds, otherwise swaps.
fn best_order(
    colours: &[Vec<Option<bool>>],
    identity: Vec<usize>,
    start: (usize, usize),
    control: &Control,
) -> ((usize, usize), Vec<usize>) {
    let rounds = identity.len();
    let per_order = (colours.len() * rounds).max(1);
    // Every order's work, counted only up to 8! orders (199! would not fit any integer).
    let exhaustive =
        rounds <= EXHAUSTIVE_ROUNDS && (1..=rounds).product::<usize>().saturating_mul(per_order) <= WORK;
    if !exhaustive {
        return improve_by_swaps(colours, identity, start, WORK / per_order, control);
    }
    let check_every = Control::steps_between_checks(per_order);
    let (mut best, mut tried, mut stopped) = ((start, identity.clone()), 0u64, false);
    let mut order = identity;
    permutations(&mut order, 0, &mut |order| {
        // Looked at before the first order and every `check_every` after it.
        stopped = stopped || (tried.is_multiple_of(check_every) && control.should_stop());
        tried += 1;
        if stopped {
            return;
        }
        let c = cost(colours, order);
        if c < best.0 {
            best = (c, order.to_vec());
        }
    });
    best
}

/// Of two schedules of the same quality, the one with shorter colour runs (`a` on a tie).
pub(super) fn fewer_runs(a: TeamChessOutcome, b: TeamChessOutcome) -> TeamChessOutcome {
    let runs = |o: &TeamChessOutcome| {
        cost(
            &colours_by_player(o),
            &(0..o.schedule.rounds.len()).collect::<Vec<_>>(),
        )
    };
    if b.quality.total_numerator() <= a.quality.total_numerator() && runs(&b) < runs(&a) {
        b
    } else {
        a
    }
}

/// Each player's colour per round (`Some(true)`: White), in the schedule's round order.
pub(super) fn colours_by_player(outcome: &TeamChessOutcome) -> Vec<Vec<Option<bool>>> {
    let schedule = &outcome.schedule;
    let mut colours = vec![vec![None; schedule.rounds.len()]; schedule.entrants.len()];
    for (r, round) in schedule.rounds.iter().enumerate() {
        for table in &round.tables {
            for seat in &table.seats {
                if let Some(slot) = colours.get_mut(seat.entrant) {
                    slot[r] = match seat.seat {
                        Seat::White => Some(true),
                        Seat::Black => Some(false),
                        _ => None,
                    };
                }
            }
        }
    }
    colours
}

/// The longest run of one colour anyone has with the rounds in `order`, then the games
/// beyond two in every run (lexicographic: the longest run matters most).
pub(super) fn cost(colours: &[Vec<Option<bool>>], order: &[usize]) -> (usize, usize) {
    let (mut longest, mut beyond_two) = (0, 0);
    for player in colours {
        let (mut last, mut run) = (None, 0);
        for &r in order {
            let colour = player[r];
            run = if colour.is_some() && colour == last {
                run + 1
            } else {
                1
            };
            if colour.is_none() {
                run = 0;
            }
            last = colour;
            longest = longest.max(run);
            if run > 2 {
                beyond_two += 1;
            }
        }
    }
    (longest, beyond_two)
}

/// Every order of `order[from..]`, each handed to `visit`.
fn permutations(order: &mut Vec<usize>, from: usize, visit: &mut impl FnMut(&[usize])) {
    if from == order.len() {
        visit(order);
        return;
    }
    for i in from..order.len() {
        order.swap(from, i);
        permutations(order, from + 1, visit);
        order.swap(from, i);
    }
}

/// Swaps two rounds while a swap shortens the runs, for at most a hundred passes, at most
/// `trials` swaps tried in all, and until `control` stops (looked at every millisecond or so
/// of work: before every swap of 200 × 20 × 199, where one recounts 796,000 colours, 4 ms).
fn improve_by_swaps(
    colours: &[Vec<Option<bool>>],
    mut order: Vec<usize>,
    mut best: (usize, usize),
    mut trials: usize,
    control: &Control,
) -> ((usize, usize), Vec<usize>) {
    let check_every = Control::steps_between_checks(colours.len() * order.len());
    let mut tried = 0u64;
    for _ in 0..100 {
        let mut improved = false;
        for i in 0..order.len() {
            for j in i + 1..order.len() {
                if trials == 0 || (tried.is_multiple_of(check_every) && control.should_stop()) {
                    return (best, order);
                }
                tried += 1;
                trials -= 1;
                order.swap(i, j);
                let c = cost(colours, &order);
                if c < best {
                    best = c;
                    improved = true;
                } else {
                    order.swap(i, j);
                }
            }
        }
        if !improved {
            break;
        }
    }
    (best, order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted_across_the_order_given() {
        // One player: W W W B over rounds 0..4 — a run of three.
        let colours = vec![vec![Some(true), Some(true), Some(true), Some(false)]];
        assert_eq!(cost(&colours, &[0, 1, 2, 3]), (3, 1));
        // W W B W: at most two in a row.
        assert_eq!(cost(&colours, &[0, 1, 3, 2]), (2, 0));
        // A round without a game breaks a run.
        let gap = vec![vec![Some(true), None, Some(true), Some(true)]];
        assert_eq!(cost(&gap, &[0, 1, 2, 3]), (2, 0));
    }

    /// Issue 47: the reordering came after the time limit and did not look at the clock, so
    /// 199 × 20 × 197 ended 0.4–0.7 s past its limit. With the time up, both ways of
    /// reordering now hand back the order they were given, without trying another.
    #[test]
    fn the_reordering_stops_when_the_time_is_up() {
        let colours = vec![vec![Some(true), Some(true), Some(true), Some(false)]];
        let identity: Vec<usize> = (0..4).collect();
        let start = cost(&colours, &identity);
        let expired = Control::with_time_limit(std::time::Duration::ZERO);
        let unlimited = Control::unlimited();
        assert_eq!(
            best_order(&colours, identity.clone(), start, &unlimited).0,
            (2, 0)
        );
        assert_eq!(
            best_order(&colours, identity.clone(), start, &expired),
            (start, identity.clone())
        );
        assert_eq!(
            improve_by_swaps(&colours, identity.clone(), start, 100, &unlimited).0,
            (2, 0)
        );
        assert_eq!(
            improve_by_swaps(&colours, identity.clone(), start, 100, &expired),
            (start, identity)
        );
    }
}
#[cfg(test)]
mod jamboree {
    use super::*;
    use crate::solver::Control;
    use crate::team_chess::{Size, TeamChessOptions, team_chess};

    /// Issue 25's example, 8 × 6 × 7: a player had four Whites in a row (longest run 4, 24
    /// games beyond two in a row over all players). With the rounds reordered the longest run
    /// is 3 and 10 games are beyond two, at the same Q (the lower bound).
    #[test]
    fn the_rounds_are_ordered_for_shorter_colour_runs_at_the_same_q() {
        let size = Size {
            teams: 8,
            boards: 6,
            rounds: 7,
        };
        let outcome = team_chess(
            &TeamChessOptions::new(size),
            &Control::with_counted_time(std::time::Duration::from_secs(20)),
        )
        .unwrap();
        assert!(outcome.reached_bound());
        let colours = colours_by_player(&outcome);
        let (longest, beyond_two) = cost(&colours, &(0..size.rounds).collect::<Vec<_>>());
        assert!(
            longest <= 3 && beyond_two <= 10,
            "longest {longest}, beyond two {beyond_two}"
        );
        for (i, round) in outcome.schedule.rounds.iter().enumerate() {
            assert_eq!(round.number, i as u32 + 1, "rounds renumbered in their new order");
        }
    }
}

#[cfg(test)]
mod many_rounds {
    use crate::solver::Control;
    use crate::team_chess::{Size, TeamChessOptions, team_chess};
    use crate::verify::verify;

    /// Issue 47: counting every order's work took 21! for 21 rounds or more, which does not fit
    /// a 64-bit integer: the reordering panicked ("attempt to multiply with overflow") after
    /// every search of 24 × 2 × 23. It now swaps rounds within a counted budget.
    #[test]
    fn events_of_more_than_twenty_rounds_are_reordered_without_overflow() {
        for (teams, boards, rounds) in [(24, 2, 23), (23, 2, 21)] {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            let outcome = team_chess(
                &TeamChessOptions::new(size),
                &Control::with_counted_time(std::time::Duration::from_secs(2)),
            )
            .unwrap_or_else(|e| panic!("{teams}×{boards}×{rounds}: {e}"));
            assert!(verify(&outcome.schedule).is_valid(), "{teams}×{boards}×{rounds}");
        }
    }
}
