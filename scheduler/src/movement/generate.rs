//! The full movement of each kind, by kind: what the organiser's choice makes before any
//! adjustment (a phantom, an arrow switch, a shorter evening), and what an adjustment makes
//! again when it needs the full form (a late pair's seat in an older event).

use super::howell::{half_set_howell, relay_three_quarter_howell, three_quarter_howell};
use super::{Movement, MovementKind, howell, mitchell, relay_mitchell, skip_mitchell};

/// The movement of a kind for `tables` full tables with `k` boards a round.
pub(crate) fn generate(kind: MovementKind, tables: usize, k: usize) -> Result<Movement, String> {
    match kind {
        MovementKind::Mitchell => mitchell(tables, k),
        MovementKind::SkipMitchell => skip_mitchell(tables, k),
        MovementKind::RelayMitchell => relay_mitchell(tables, k),
        MovementKind::Howell => howell(tables, k),
        MovementKind::HalfSetHowell if tables == 3 => half_set_howell(k),
        MovementKind::HalfSetHowell => Err(format!(
            "The Howell in half-sets is for 3 tables (5 or 6 pairs), not {tables}."
        )),
        MovementKind::ThreeQuarterHowell => three_quarter_howell(tables, k),
        MovementKind::RelayThreeQuarterHowell => relay_three_quarter_howell(tables, k),
        MovementKind::TeamsOfFour => super::teams::teams_movement(tables, k).map(|m| m.as_pairs_movement()),
    }
}
