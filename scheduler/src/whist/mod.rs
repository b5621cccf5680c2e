//! Whist and bridge individual movements: starters (algebraic or searched), and turning a
//! starter into an evening's schedule for any number of players.
//!
//! # Module map
//!
//! Entry points (what the rest of the library, the command line and the benches call):
//! - [`plan`]: from a roster to an evening. [`whist_schedule`] (re-exported here with
//!   `WhistOptions`, `WhistNotes`, `WhistError` and `MAX_PLAYERS`; `event::create`, `tourney
//!   whist` and the benches use it): sit-out seats, couples in the pseudo round, the stationary
//!   player, never-partner pairs, directed seating. Also which complete rotation a count has
//!   (`complete_starter`, `listed_complete`, `has_complete_rotation`).
//! - [`reseat`]: the rounds not yet played seated again after a late arrival or a withdrawal
//!   (`reseat_whist`, for `event::lineup`).
//! - [`table`]: the shipped starter table (`assets/whist-starters.txt`): a count's line
//!   looked up, lines parsed and updated, and a table rebuilt from scratch (`tourney
//!   whist-starters --max`).
//! - [`published`]: the starters published by Bill Butler for 64, 80, 84, 92, 96 and 100
//!   players (`assets/whist-published.txt`), shipped as published data with their source
//!   and preferred over the product and four-group rotations for those counts.
//! - [`offline`]: the hours-long search behind `tourney whist-starters --search`, filling the
//!   table file as it goes (`run`; `kind` names a starter's kind for `tourney bench whist`).
//! - This file: `full_cycle`, `listed_cycle` and `numbered_names` (a rotation's whole cycle as
//!   a `Schedule`, for the benches, the offline search and the tests), and the round and
//!   schedule builders the modules below share.
//!
//! Internal helpers, used within `whist` and `pub(crate)`, except the five the benches, the
//! tests or a command-line option name from outside: [`starter`] (`Starter`), [`listed`]
//! (`Listed`, which `plan::listed_complete` returns), [`blocks`], [`two_stage`] (`Stage2`)
//! and [`orientation`] (`side_penalty`):
//! - How a rotation is held: [`starter`] (the first round over a group, with or without the
//!   stationary seat ∞; validity as differences) and [`listed`] (a rotation written out
//!   round by round, the form `plan` works on).
//! - Constructions (instant): `algebra` (finite-field ε-orbits and product groups,
//!   directed), `lift` (the product construction, q·p + 1 from q + 1 and p), `four_groups`
//!   (4g players from g's rotation and a resolvable transversal design), `transversal`
//!   (those designs: over a ring, and Wilson's construction) and [`blocks`] (4N+1 players from
//!   the blocks of a transversal design with a point added).
//! - Searches for complete starters (for `offline`; `patterned` for `table` too):
//!   `patterned` (tables (x, y, −x, −y)), `symmetric` (starters fixed by a multiplier h),
//!   `family` (difference families of small rotations), [`two_stage`] (partner pairs first,
//!   then tables; directed too) and `exact_cover` (dancing links, for the directed
//!   two-stage search).
//! - For the evening (used by `plan`): `search` (local search for a starter over Z(g)
//!   repeat-free over the rounds played; `table` uses it for whole cycles), `small` (up to
//!   12 players, round by round by backtracking), `never_partner` (which player takes which
//!   position so never-partner pairs do not partner) and [`orientation`] ("almost directed":
//!   East and West chosen to minimise same-side repeats).

pub(crate) mod algebra;
pub mod blocks;
pub(crate) mod exact_cover;
pub(crate) mod family;
pub(crate) mod four_groups;
pub(crate) mod lift;
pub mod listed;
pub(crate) mod never_partner;
pub mod offline;
pub mod orientation;
pub(crate) mod patterned;
pub mod plan;
pub mod published;
pub mod reseat;
pub(crate) mod search;
pub(crate) mod small;
pub mod starter;
pub(crate) mod symmetric;
pub mod table;
pub(crate) mod transversal;
pub mod two_stage;

pub use plan::{KeepApart, MAX_PLAYERS, WhistError, WhistNotes, WhistOptions, whist_schedule};

use crate::model::{Absence, Absent, Format, Promise, Round, Schedule, Seat, SeatAssignment, Table};
use starter::{INFINITY, Starter};

/// Entrant index for a label: ∞ (the stationary seat) is entrant 0 when present, element x
/// is entrant x (+1 when ∞ is present).
fn entrant_of(starter: &Starter, label: u32) -> usize {
    match (label, starter.infinity) {
        (INFINITY, _) => 0,
        (x, true) => x as usize + 1,
        (x, false) => x as usize,
    }
}

/// Every round of the starter's cycle, with entrants named by `names` (one per player, ∞'s
/// first when present). `directed` records that the seating claims to be directed.
pub fn full_cycle(starter: &Starter, names: Vec<String>, directed: bool) -> Schedule {
    let entrant = |label: u32| entrant_of(starter, label);
    let rounds = starter
        .group
        .elements()
        .into_iter()
        .enumerate()
        .map(|(index, r)| {
            let tables = starter.round(r).into_iter().map(|labels| labels.map(entrant));
            whist_round(
                index as u32 + 1,
                tables,
                starter.sitting_out(r).into_iter().map(entrant),
            )
        })
        .collect();
    whist_schedule_of(
        names,
        rounds,
        Promise {
            cycles: Some(1),
            directed,
            ..Promise::default()
        },
    )
}

/// Every round of a listed rotation (`listed.rs`), label i as entrant i named `names[i]`;
/// promised complete when the rotation is.
pub fn listed_cycle(listed: &listed::Listed, names: Vec<String>) -> Schedule {
    let rounds = listed
        .rounds
        .iter()
        .zip(&listed.sit_out)
        .enumerate()
        .map(|(r, (tables, out))| {
            whist_round(
                r as u32 + 1,
                tables.iter().map(|t| t.map(|x| x as usize)),
                out.iter().map(|&x| x as usize),
            )
        })
        .collect();
    whist_schedule_of(
        names,
        rounds,
        Promise {
            cycles: listed.complete.then_some(1),
            ..Promise::default()
        },
    )
}

/// A whist schedule of these rounds and entrants, held to `promise`.
pub(crate) fn whist_schedule_of(entrants: Vec<String>, rounds: Vec<Round>, promise: Promise) -> Schedule {
    Schedule {
        format: Format::Whist,
        movement: None,
        entrant_teams: Vec::new(),
        entrants,
        rounds,
        promise,
    }
}

/// One whist round as a schedule records it: each table's players seated N, E, S, W (the
/// order of each array), tables numbered from 1, then who sits out.
pub(crate) fn whist_round(
    number: u32,
    tables: impl IntoIterator<Item = [usize; 4]>,
    sitting_out: impl IntoIterator<Item = usize>,
) -> Round {
    let tables = tables
        .into_iter()
        .enumerate()
        .map(|(t, players)| Table {
            number: t as u32 + 1,
            seats: [Seat::N, Seat::E, Seat::S, Seat::W]
                .into_iter()
                .zip(players)
                .map(|(seat, entrant)| SeatAssignment {
                    seat,
                    entrant,
                    board: None,
                })
                .collect(),
        })
        .collect();
    let absent = sitting_out
        .into_iter()
        .map(|entrant| Absent {
            entrant,
            kind: Absence::SitOut,
        })
        .collect();
    Round {
        number,
        tables,
        absent,
    }
}

/// Names "Player 1" … for a starter's players.
pub fn numbered_names(starter: &Starter) -> Vec<String> {
    (1..=starter.players()).map(|i| format!("Player {i}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rule, verify};

    #[test]
    fn prime_field_starters_are_directed_whist_tournaments() {
        let primes: Vec<u32> = (5..=401)
            .filter(|&p| p % 4 == 1 && algebra::is_prime(p))
            .collect();
        assert_eq!(
            primes.len(),
            38,
            "primes ≡ 1 (mod 4) from 5 to 401 (5, 13, 17, …, 389, 397, 401)"
        );
        for p in primes {
            let starter = algebra::prime_field_starter(p).unwrap();
            let schedule = full_cycle(&starter, numbered_names(&starter), true);
            let report = verify(&schedule);
            assert!(
                report.is_valid(),
                "p = {p}: {:#?}",
                &report.violations[..report.violations.len().min(5)]
            );
        }
    }

    #[test]
    fn orbit_starters_are_directed_whist_tournaments() {
        let sizes: Vec<u32> = (5..=401)
            .filter(|&g| algebra::orbit_starter(g).is_some())
            .collect();
        // Beyond the primes: 25, 65, 85, 125, 145, 169, 185, 205, 221, 265, 289, 305, 325, 365, 377.
        assert!(sizes.contains(&25) && sizes.contains(&377) && !sizes.contains(&21));
        for g in sizes {
            let starter = algebra::orbit_starter(g).unwrap();
            let report = verify(&full_cycle(&starter, numbered_names(&starter), true));
            assert!(
                report.is_valid(),
                "g = {g}: {:#?}",
                &report.violations[..report.violations.len().min(5)]
            );
        }
    }

    #[test]
    fn product_starters_are_directed_whist_tournaments() {
        let sizes: Vec<u32> = (5..=401)
            .filter(|&v| algebra::product_starter(v).is_some())
            .collect();
        assert_eq!(
            sizes,
            [9, 45, 49, 81, 117, 121, 153, 225, 245, 261, 333, 361, 369]
        );
        for v in sizes {
            let starter = algebra::product_starter(v).unwrap();
            let report = verify(&full_cycle(&starter, numbered_names(&starter), true));
            assert!(
                report.is_valid(),
                "v = {v}: {:#?}",
                &report.violations[..report.violations.len().min(5)]
            );
        }
    }

    #[test]
    fn nine_players_over_gf9() {
        let starter = algebra::product_starter(9).unwrap();
        let schedule = full_cycle(&starter, numbered_names(&starter), true);
        let report = verify(&schedule);
        assert!(report.is_valid(), "{:#?}", report.violations);
        assert_eq!(schedule.rounds.len(), 9);
    }

    #[test]
    fn a_broken_starter_is_caught() {
        let mut starter = algebra::prime_field_starter(13).unwrap();
        // Swap East and South at table 1: partnerships change and repeat.
        starter.tables[0].swap(1, 2);
        let schedule = full_cycle(&starter, numbered_names(&starter), true);
        let report = verify(&schedule);
        assert!(
            report.breaks(Rule::PartnerRepeat) || report.breaks(Rule::MeetingCount),
            "{:#?}",
            report.violations
        );
    }

    #[test]
    fn almost_directed_seating_lowers_the_side_penalty() {
        use crate::whist::orientation::{orient, side_penalty};
        for n in [8usize, 12, 16, 20, 24] {
            let starter = table::shipped(n).expect("shipped");
            let mut schedule = full_cycle(&starter, numbered_names(&starter), false);
            let before = verify(&schedule);
            let result = orient(&mut schedule, &crate::solver::Control::unlimited());
            assert_eq!(result.penalty_after, side_penalty(&schedule));
            assert!(result.penalty_after < result.penalty_before, "{n}: {result:?}");
            // Partners and opponents are untouched: still a complete tournament.
            let after = verify(&schedule);
            assert!(
                before.is_valid() && after.is_valid(),
                "{n}: {:?}",
                after.violations
            );
        }
    }

    #[test]
    fn side_penalty_is_zero_for_directed_seating() {
        let starter = algebra::prime_field_starter(13).unwrap();
        let schedule = full_cycle(&starter, numbered_names(&starter), true);
        assert_eq!(orientation::side_penalty(&schedule), 0);
    }

    #[test]
    fn starter_lines_round_trip() {
        for starter in [
            algebra::prime_field_starter(29).unwrap(),
            algebra::product_starter(45).unwrap(),
        ] {
            assert_eq!(Starter::from_line(&starter.to_line()), Some(starter));
        }
        assert_eq!(Starter::from_line("12 Z11+inf | inf 0 1"), None);
    }
}
