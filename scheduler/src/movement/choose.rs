//! Which movements fit a club evening: from the number of pairs and the number of boards the
//! evening should have, the kinds that exist for that many tables with the boards per round
//! that come closest, the way club scorers offer them (the organiser picks one).

use super::{MAX_HOWELL_TABLES, MovementKind};

/// One movement that fits, with the numbers the organiser chooses between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementOption {
    pub kind: MovementKind,
    pub tables: usize,
    pub rounds: usize,
    pub boards_per_round: usize,
    /// Boards each pair plays: rounds × boards per round.
    pub boards_played: usize,
}

/// How far (in boards) the boards played may be from the boards wanted, as a fraction:
/// within a fifth either side.
fn close_enough(played: usize, wanted: usize) -> bool {
    played * 5 >= wanted * 4 && played * 5 <= wanted * 6
}

/// The movements that fit `pairs` pairs and about `boards_wanted` boards, closest first;
/// ties go to the movement with more rounds (more opponents met, e.g. the 7-round Howell
/// rather than the 4-round relay Mitchell for 4 tables), then Mitchell-type before Howell. An odd number of pairs needs
/// a phantom pair, which the generators do not make yet: that, too few pairs and a board
/// count of 0 get a sentence.
pub fn movements_for(pairs: usize, boards_wanted: usize) -> Result<Vec<MovementOption>, String> {
    if pairs < 4 {
        return Err(format!(
            "A pairs movement needs at least 4 pairs (2 tables); got {pairs}."
        ));
    }
    if pairs % 2 == 1 {
        return Err(format!(
            "{pairs} pairs make a half table; movements with a phantom pair are not generated yet."
        ));
    }
    if boards_wanted == 0 {
        return Err("The evening needs at least 1 board.".to_string());
    }
    let tables = pairs / 2;
    let odd = tables % 2 == 1;
    let mut kinds: Vec<(MovementKind, usize)> = Vec::new();
    if odd && tables >= 3 {
        kinds.push((MovementKind::Mitchell, tables));
    }
    if !odd && tables >= 4 {
        kinds.push((MovementKind::SkipMitchell, tables - 1));
        kinds.push((MovementKind::RelayMitchell, tables));
    }
    if tables != 3 && tables <= MAX_HOWELL_TABLES {
        kinds.push((MovementKind::Howell, 2 * tables - 1));
    }
    let mut options: Vec<MovementOption> = kinds
        .into_iter()
        .filter_map(|(kind, rounds)| {
            // The boards per round closest to the wish (at least 1).
            let per_round = ((boards_wanted + rounds / 2) / rounds).max(1);
            let played = rounds * per_round;
            close_enough(played, boards_wanted).then_some(MovementOption {
                kind,
                tables,
                rounds,
                boards_per_round: per_round,
                boards_played: played,
            })
        })
        .collect();
    options.sort_by_key(|o| {
        (
            o.boards_played.abs_diff(boards_wanted),
            std::cmp::Reverse(o.rounds),
            !o.kind.is_mitchell(),
        )
    });
    Ok(options)
}
