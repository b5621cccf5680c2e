//! Mitchell movements: N-S pairs stay at their table, E-W pairs move up, board sets move
//! down. The plain Mitchell (odd tables), the skip Mitchell and the share-and-relay Mitchell
//! (even tables).
//!
//! As described e.g. by Bridge Central (Ian McKinnon): the skip Mitchell
//! (<http://www.bridgecentral.com/MvtHTML/skipmitchell.htm>: "the E-W pairs will reach the
//! table before the one at which they started, one round before the end", so it has T − 1
//! rounds) and the share and relay (<https://bridgecentral.com/Relay.htm>: as many sets as
//! tables, one on the relay, the last table sharing with table 1).
//!
//! Pair numbering follows `Movement`: N-S pair p is pair p and sits at table p all evening;
//! E-W pair e ("e EW", starting at table e) is pair T + e.

use super::{Movement, MovementKind, MovementRound, TableRound};

/// `x` reduced to 1..=m (1-based wrap-around), for any signed `x`.
fn wrap(x: i64, m: usize) -> usize {
    let m = m as i64;
    ((x - 1).rem_euclid(m) + 1) as usize
}

fn check_boards(boards_per_round: usize) -> Result<(), String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    Ok(())
}

/// The rounds of a Mitchell-type movement from two rules: the E-W pair at table t in round r,
/// and the board set at table t in round r (plus the sets resting that round).
// The sizes and the three rules each Mitchell variant gives: a struct would only rename them.
#[allow(clippy::too_many_arguments)]
fn build(
    kind: MovementKind,
    tables: usize,
    boards_per_round: usize,
    sets: usize,
    rounds: usize,
    sharing: Vec<(usize, usize)>,
    ew_start_table: impl Fn(usize, usize) -> usize,
    set_at: impl Fn(usize, usize) -> usize,
    resting: impl Fn(usize) -> Vec<usize>,
) -> Movement {
    let rounds = (1..=rounds)
        .map(|r| MovementRound {
            number: r,
            tables: (1..=tables)
                .map(|t| TableRound {
                    table: t,
                    ns: t,
                    ew: tables + ew_start_table(t, r),
                    set: set_at(t, r),
                })
                .collect(),
            sitting_out: Vec::new(),
            resting_sets: resting(r),
            arrow_switch: false,
            same_seats: false,
            relay: Vec::new(),
        })
        .collect();
    Movement {
        kind,
        pairs: 2 * tables,
        tables,
        boards_per_round,
        sets,
        phantom: None,
        sharing,
        withdrawn: Vec::new(),
        phantom_seats: Vec::new(),
        late: Vec::new(),
        rounds,
    }
}

/// The Mitchell for an odd number of tables T ≥ 3: T rounds, T board sets. E-W move up one
/// table each round (T → 1), the boards move down one (1 → T); every N-S pair meets every
/// E-W pair once and every pair plays every set once.
pub fn mitchell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    check_boards(boards_per_round)?;
    if tables < 3 || tables.is_multiple_of(2) {
        return Err(format!(
            "A Mitchell needs an odd number of tables, 3 or more (got {tables}); with an even \
             number use a skip or a share-and-relay Mitchell."
        ));
    }
    let t_ = tables;
    Ok(build(
        MovementKind::Mitchell,
        tables,
        boards_per_round,
        tables,
        tables,
        Vec::new(),
        // E-W pair e sits at table e + (r − 1) in round r.
        |t, r| wrap(t as i64 - (r as i64 - 1), t_),
        // Set s is at table s − (r − 1) in round r.
        |t, r| wrap((t + r - 1) as i64, t_),
        |_| Vec::new(),
    ))
}

/// The skip Mitchell for an even number of tables T ≥ 4: as the Mitchell, but after T/2
/// rounds the E-W pairs move up two tables instead of one, so they never meet boards they
/// have played. It has T − 1 rounds: the T-th would bring every E-W pair back to the N-S pair
/// they started against (the "revenge round"), so each E-W pair meets every N-S pair but the
/// one it skipped, and plays T − 1 of the T sets.
pub fn skip_mitchell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    check_boards(boards_per_round)?;
    if tables < 4 || tables % 2 == 1 {
        return Err(format!(
            "A skip Mitchell needs an even number of tables, 4 or more (got {tables}); with an \
             odd number use a plain Mitchell."
        ));
    }
    let t_ = tables;
    let half = tables / 2;
    Ok(build(
        MovementKind::SkipMitchell,
        tables,
        boards_per_round,
        tables,
        tables - 1,
        Vec::new(),
        // E-W have moved r − 1 tables by round r, plus one for the skip after round T/2.
        move |t, r| {
            let moved = if r <= half { r - 1 } else { r };
            wrap(t as i64 - moved as i64, t_)
        },
        |t, r| wrap((t + r - 1) as i64, t_),
        |_| Vec::new(),
    ))
}

/// Where a board set sits in the share-and-relay circuit: table 1 (shared with table T) is
/// position 0, tables 2..=T/2 are 1..T/2−1, the relay stand is T/2, tables T/2+1..=T−1 are
/// T/2+1..T−1. Boards move down one position a round.
fn relay_position(table: usize, tables: usize) -> usize {
    if table <= tables / 2 {
        table - 1
    } else {
        table % tables
    }
}

/// The share-and-relay Mitchell for an even number of tables T ≥ 4: T rounds, T board sets.
/// E-W move up one table each round (T → 1); the boards move down one place in a circuit
/// that has a relay stand between tables T/2 and T/2 + 1 (one set rests there each round) and
/// in which table T plays the same set as table 1 in the same round (they share: table T
/// takes its boards from table 2 together with table 1, table 1 passes them to table T − 1).
/// Every N-S pair meets every E-W pair once and every pair plays every set once.
pub fn relay_mitchell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    check_boards(boards_per_round)?;
    if tables < 4 || tables % 2 == 1 {
        return Err(format!(
            "A share-and-relay Mitchell needs an even number of tables, 4 or more (got \
             {tables}); with an odd number use a plain Mitchell."
        ));
    }
    let t_ = tables;
    // The set at circuit position p in round r: it started at position p + r − 1.
    let set_at_position = move |p: usize, r: usize| (p + r - 1) % t_ + 1;
    Ok(build(
        MovementKind::RelayMitchell,
        tables,
        boards_per_round,
        tables,
        tables,
        vec![(1, tables)],
        |t, r| wrap(t as i64 - (r as i64 - 1), t_),
        move |t, r| set_at_position(relay_position(t, t_), r),
        move |r| vec![set_at_position(t_ / 2, r)],
    ))
}
