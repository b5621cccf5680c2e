//! "Almost directed" seating: where fully directed seating cannot exist (a rotation with a
//! stationary seat), choose at each table of each round which partner sits East and which
//! West so that as few players as possible meet the same opponent on the same side twice.
//!
//! Swapping East and West reverses who is on whose left at that table, and changes nothing
//! else: partners and opponents stay the same. The penalty counts, over ordered pairs
//! (player, opponent), each time beyond the first that the opponent was on the player's left,
//! and likewise on the right — for two meetings it is the brief's "opponent on the same side
//! twice".

use crate::model::{Schedule, Seat};
use crate::solver::{Control, Progress};
use crate::whist::search::Rng;

/// What `orient` achieved: the side penalty before and after its East/West flips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orientation {
    /// The side penalty of the schedule as given.
    pub penalty_before: usize,
    /// The side penalty once the flips are made (0: directed).
    pub penalty_after: usize,
}

/// The clockwise seat order: each seat's left-hand opponent sits in the next one.
const CLOCKWISE: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

/// (player, their left-hand opponent) at one table; `None` for a malformed table.
fn left_pairs(seats: &[crate::model::SeatAssignment]) -> Option<[(usize, usize); 4]> {
    let at = |seat: Seat| seats.iter().find(|s| s.seat == seat).map(|s| s.entrant);
    let ring = [
        at(CLOCKWISE[0])?,
        at(CLOCKWISE[1])?,
        at(CLOCKWISE[2])?,
        at(CLOCKWISE[3])?,
    ];
    Some([
        (ring[0], ring[1]),
        (ring[1], ring[2]),
        (ring[2], ring[3]),
        (ring[3], ring[0]),
    ])
}

/// The side penalty of a schedule as it stands.
pub fn side_penalty(schedule: &Schedule) -> usize {
    let n = schedule.entrants.len();
    let mut left = vec![0u16; n * n];
    for table in schedule.rounds.iter().flat_map(|r| &r.tables) {
        for (player, on_left) in left_pairs(&table.seats).into_iter().flatten() {
            left[player * n + on_left] += 1;
        }
    }
    // left[p][o] > 1: o on p's left again; that is also p on o's right again, so each
    // surplus counts once for the pair (p, o) and once for (o, p).
    2 * left.iter().map(|&c| c.saturating_sub(1) as usize).sum::<usize>()
}

/// Flips East and West at tables to lower the side penalty; stops when no flip helps (after
/// a few random restarts of the descent) or when `control` says so. Partners and opponents
/// are untouched.
pub fn orient(schedule: &mut Schedule, control: &Control) -> Orientation {
    let n = schedule.entrants.len();
    let penalty_before = side_penalty(schedule);
    let mut left = vec![0i32; n * n];
    let tables: Vec<(usize, usize)> = schedule
        .rounds
        .iter()
        .enumerate()
        .flat_map(|(r, round)| (0..round.tables.len()).map(move |t| (r, t)))
        .collect();
    for &(r, t) in &tables {
        for (p, o) in left_pairs(&schedule.rounds[r].tables[t].seats)
            .into_iter()
            .flatten()
        {
            left[p * n + o] += 1;
        }
    }
    // Surplus change when the pair (p, o) gains (+1) or loses (−1) a meeting with o on the left.
    let change = |left: &mut [i32], p: usize, o: usize, by: i32| -> i64 {
        let before = (left[p * n + o] - 1).max(0);
        left[p * n + o] += by;
        ((left[p * n + o] - 1).max(0) - before) as i64
    };
    let flip_delta = |left: &mut [i32], pairs: [(usize, usize); 4]| -> i64 {
        let mut delta = 0;
        for (p, o) in pairs {
            delta += change(left, p, o, -1);
        }
        for (p, o) in pairs {
            delta += change(left, o, p, 1);
        }
        delta
    };
    let mut rng = Rng::new(n as u64);
    let mut best_penalty = penalty_before;
    let mut best_seating: Option<Schedule> = None;
    let mut passes = 0u64;
    loop {
        let mut improved = false;
        for &(r, t) in &tables {
            let Some(pairs) = left_pairs(&schedule.rounds[r].tables[t].seats) else {
                continue;
            };
            let delta = flip_delta(&mut left, pairs);
            if delta < 0 {
                swap_east_west(schedule, r, t);
                improved = true;
            } else {
                // Undo the trial flip in the counts.
                let reversed = pairs.map(|(p, o)| (o, p));
                flip_delta(&mut left, reversed);
            }
        }
        passes += 1;
        let penalty = 2 * left.iter().map(|&c| (c - 1).max(0) as usize).sum::<usize>();
        if penalty < best_penalty {
            best_penalty = penalty;
            best_seating = Some(schedule.clone());
        }
        control.report(Progress {
            done: passes,
            best_quality: best_penalty as f64,
        });
        if !improved {
            if penalty == 0 || passes > 50 || control.should_stop() {
                break;
            }
            // Kick: flip a few random tables and descend again; the best seating seen is kept
            // aside and restored at the end.
            for _ in 0..(tables.len() / 20).max(1) {
                let (r, t) = tables[rng.below(tables.len())];
                if let Some(pairs) = left_pairs(&schedule.rounds[r].tables[t].seats) {
                    flip_delta(&mut left, pairs);
                    swap_east_west(schedule, r, t);
                }
            }
        }
    }
    if let Some(best) = best_seating
        && side_penalty(&best) < side_penalty(schedule)
    {
        *schedule = best;
    }
    Orientation {
        penalty_before,
        penalty_after: side_penalty(schedule),
    }
}

fn swap_east_west(schedule: &mut Schedule, round: usize, table: usize) {
    for seat in &mut schedule.rounds[round].tables[table].seats {
        seat.seat = match seat.seat {
            Seat::E => Seat::W,
            Seat::W => Seat::E,
            other => other,
        };
    }
}
