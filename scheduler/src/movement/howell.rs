//! The complete Howell: 2T pairs at T tables, 2T − 1 rounds, every pair meets every other
//! once and plays every one of the 2T − 1 board sets once.
//!
//! Published Howells (movement cards of the ACBL and EBU, and the derivation from
//! "skeletons" at <http://www.bridgecentral.com/MvtHTML/derivinghowellmovements.htm>)
//! exist; none is copied here. The movement is built the classical way (a "cyclic" Howell):
//! the highest pair, 2T, is stationary at table 1; the other pairs are the numbers 0..n−1
//! modulo n = 2T − 1 (pair x + 1), and round r is the first round (the *starter*) with every
//! moving pair and every board set shifted by r − 1, so each pair follows the pair numbered
//! one below it and the boards follow each other
//! as well. The starter is found here by a seeded, deterministic backtracking search:
//!
//! - the pairs {a, b} at the tables other than table 1 have differences ±(a − b) that cover
//!   every non-zero residue once (so every pair meets every other once);
//! - table j plays set o_j; pair x then plays sets x + o_j − a over the tables j where it
//!   sits as a, and these n values must all differ (so no pair meets a set twice);
//! - the o_j differ (no set at two tables in a round). For 2 tables no such starter exists
//!   (the search proves it), and the two tables share a set every round, as in the published
//!   2-table Howell; that is declared in `Movement::sharing`. For 3 tables even that fails
//!   (a set would be at all three tables), so the 3-table Howell has its own generator with
//!   six sets (`three_table`), and 5 pairs (2½ tables) their own movement, the 2½-table
//!   Howell with five sets each played twice (`three_table` too). Both are still offered,
//!   but first comes the 3-table Howell in half-sets (`half_sets`): each meeting plays two
//!   half-sets, every board at all three tables, every two pairs compared equally often.
//!
//! The search (`search`) takes up to a fifth of a second at 26–30 tables, so its results are
//! shipped as data (`starters`, checked against the search at test time; its doc says how to
//! regenerate it) and `howell()` only builds the movement from the shipped starter.
//!
//! For 4–16, 19, 21, 22 and 24 tables the starter is a *balanced* one (`balanced`, issue 43):
//! its N-S line is a difference set of Z_n, or as near one as exists, so every two pairs are
//! compared on the same number of boards (4, 6, 8, 10, 12, 16, 22 and 24 tables) or within
//! the least spread a cyclic Howell allows; for 14 tables the residues are those of the field
//! of 27 elements (`group`), where a perfect line exists and no cyclic one does; the first starters (`starters`) are kept for 2 and
//! the other sizes up to 30 tables. Who sits
//! which way at the 3-table Howell and the three-quarter Howell is then chosen for balance
//! too (`directions`).

use super::{Movement, MovementKind, MovementRound, TableRound};

mod balanced;
mod directions;
mod group;
mod half_sets;
mod search;
mod starters;
mod three_quarter;
mod three_table;

pub use half_sets::{HALF_SET_ROUNDS, half_set_howell};
pub use three_quarter::{
    RELAY_THREE_QUARTER, THREE_QUARTER, relay_three_quarter_howell, relay_three_quarter_rounds,
    three_quarter_howell, three_quarter_rounds,
};
pub use three_table::two_and_a_half_table_howell;

use group::Group;
use search::{Shape, StarterRow, find_starter};

/// Tables beyond which no Howell is generated (the search time grows quickly).
pub const MAX_HOWELL_TABLES: usize = 30;

/// The complete Howell for 2T pairs at T tables (2 ≤ T ≤ `MAX_HOWELL_TABLES`), with 2T − 1
/// rounds and 2T − 1 board sets. Pair 2T is stationary N-S at table 1; in every round each
/// other pair takes the seat its number-one-lower pair had, and each board set the place of
/// the set numbered one lower (14 tables: the shift is in the field of 27 elements, so pairs
/// follow their cards). Deterministic: the same size always gives the same movement.
/// 3 tables: 5 rounds with 6 sets, not cyclic (`three_table`).
pub fn howell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    if !(2..=MAX_HOWELL_TABLES).contains(&tables) {
        return Err(format!(
            "A complete Howell is generated for 2 to {MAX_HOWELL_TABLES} tables (got {tables})."
        ));
    }
    if tables == 3 {
        return three_table::three_table_howell(boards_per_round);
    }
    let shape = Shape {
        rounds: 2 * tables - 1,
        tables,
        stationary: 1,
    };
    let cyclic = Group::cyclic(shape.rounds);
    let (group, rows) = balanced::shipped(tables)
        .or_else(|| starters::shipped(tables).map(|rows| (cyclic, rows)))
        .or_else(|| find_starter(shape).map(|rows| (cyclic, rows)))
        .ok_or_else(|| {
            format!("No complete Howell for {tables} tables was found within the search limit.")
        })?;
    Ok(build(MovementKind::Howell, shape, group, &rows, boards_per_round))
}

/// The movement from a starter: round r (0-based) is the starter with every moving residue
/// and every set offset shifted by r (added in `group`, whose order is `shape.rounds`; for
/// the integers modulo n each pair then takes the seat of the pair numbered one below it).
/// Moving residue x is pair x + 1; the stationary pair of table j + 1 is pair `rounds` + 1 +
/// j. Tables whose offsets repeat share a set.
fn build(
    kind: MovementKind,
    shape: Shape,
    group: Group,
    rows: &[StarterRow],
    boards_per_round: usize,
) -> Movement {
    let n = shape.rounds;
    debug_assert_eq!(group.order(), n);
    let pair = |residue: Option<usize>, table: usize, r0: usize| match residue {
        None => n + 1 + table,
        Some(x) => group.add(x, r0) + 1,
    };
    let rounds = (0..n)
        .map(|r0| {
            let tables_in_play: Vec<TableRound> = rows
                .iter()
                .enumerate()
                .map(|(j, &(ns, ew, o))| TableRound {
                    table: j + 1,
                    ns: pair(ns, j, r0),
                    ew: pair(Some(ew), j, r0),
                    set: group.add(o, r0) + 1,
                })
                .collect();
            let resting: Vec<usize> = (1..=n)
                .filter(|s| !tables_in_play.iter().any(|t| t.set == *s))
                .collect();
            MovementRound {
                number: r0 + 1,
                tables: tables_in_play,
                sitting_out: Vec::new(),
                resting_sets: resting,
                arrow_switch: false,
                same_seats: false,
                relay: Vec::new(),
            }
        })
        .collect();
    let sharing = (0..rows.len())
        .flat_map(|i| (i + 1..rows.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| rows[i].2 == rows[j].2)
        .map(|(i, j)| (i + 1, j + 1))
        .collect();
    Movement {
        kind,
        pairs: 2 * shape.tables,
        tables: shape.tables,
        boards_per_round,
        sets: n,
        phantom: None,
        sharing,
        withdrawn: Vec::new(),
        phantom_seats: Vec::new(),
        late: Vec::new(),
        rounds,
    }
}
