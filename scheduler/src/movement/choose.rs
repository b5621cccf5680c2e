//! Which movements fit a club evening: from the number of pairs and the number of boards the
//! evening should have, the kinds that exist for that many tables with the boards per round
//! that come closest, the way club scorers offer them (the organiser picks one).

use super::generate::generate;
use super::howell::{
    HALF_SET_ROUNDS, relay_three_quarter_rounds, three_quarter_rounds, two_and_a_half_table_howell,
};
use super::{
    MAX_HOWELL_TABLES, Movement, MovementKind, arrow_switch, default_arrow_switch_rounds, with_phantom,
};

/// One movement that fits, with the numbers the organiser chooses between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementOption {
    /// Mitchell or Howell, and which variant.
    pub kind: MovementKind,
    /// Tables needed: half the pairs, rounded up.
    pub tables: usize,
    /// Rounds the movement has.
    pub rounds: usize,
    /// Boards each table plays in a round.
    pub boards_per_round: usize,
    /// Boards each pair plays: rounds × boards per round (one round fewer for a pair that
    /// meets the phantom).
    pub boards_played: usize,
    /// An odd number of pairs: one pair is a phantom and its opponent sits out each round.
    pub phantom: bool,
    /// The fewest and the most boards on which two pairs of a field are compared (sit the
    /// same way on the same board), as the verifier counts them (`verify::balance`): equal
    /// for a perfectly balanced movement.
    pub compared: (usize, usize),
}

impl MovementOption {
    /// "every two pairs compared on 6 boards", or "two pairs compared on 10–14 boards".
    pub fn comparisons(&self) -> String {
        match self.compared {
            (low, high) if low == high => format!("every two pairs compared on {low} boards"),
            (low, high) => format!("two pairs compared on {low}–{high} boards"),
        }
    }
}

/// The most boards a round: the same limit as an event's (`event::MAX_PER_ROUND`), so that
/// every movement offered can be made into an event.
pub const MAX_BOARDS_PER_ROUND: usize = 52;

/// How far (in boards) the boards played may be from the boards wanted, as a fraction:
/// within a fifth either side.
fn close_enough(played: usize, wanted: usize) -> bool {
    played * 5 >= wanted * 4 && played * 5 <= wanted * 6
}

/// The fewest pairs a movement is made for.
pub const MIN_PAIRS: usize = 4;

/// Refuses fewer than `MIN_PAIRS` pairs, saying why: with 3 pairs only one table plays at a
/// time, and any two of its three meetings share a pair, so no board can be played by two
/// different pairs of pairs and no score has another to be compared with.
fn too_few_pairs(pairs: usize) -> Result<(), String> {
    if pairs >= MIN_PAIRS {
        return Ok(());
    }
    Err(format!(
        "A pairs movement needs at least {MIN_PAIRS} pairs; got {pairs}. Two tables need at least 3 pairs, but with 3 only one table plays at a time and every two of its meetings share a pair, so no board could be played by two different pairs of pairs and no score would have another to compare with."
    ))
}

/// The movements that fit `pairs` pairs and about `boards_wanted` boards, closest first (but
/// the 3-table Howell in half-sets first of all whenever it fits);
/// ties go to the movement with more rounds (more opponents met, e.g. the 7-round Howell
/// rather than the 4-round relay Mitchell for 4 tables), then Mitchell-type before Howell. An
/// odd number of pairs makes a half table: the movement for one pair more, with a phantom
/// (for 5 pairs the Howell is the 2½-table Howell, `two_and_a_half_table_howell`). Every
/// movement offered plays each board at least twice. Fewer than `MIN_PAIRS` pairs and a
/// board count of 0 get a sentence.
pub fn movements_for(pairs: usize, boards_wanted: usize) -> Result<Vec<MovementOption>, String> {
    too_few_pairs(pairs)?;
    if boards_wanted == 0 {
        return Err("The evening needs at least 1 board.".to_string());
    }
    let tables = pairs.div_ceil(2);
    let odd = tables % 2 == 1;
    let mut kinds: Vec<(MovementKind, usize)> = Vec::new();
    if odd && tables >= 3 {
        kinds.push((MovementKind::Mitchell, tables));
    }
    if !odd && tables >= 4 {
        kinds.push((MovementKind::SkipMitchell, tables - 1));
        kinds.push((MovementKind::RelayMitchell, tables));
    }
    if tables <= MAX_HOWELL_TABLES {
        kinds.push((MovementKind::Howell, 2 * tables - 1));
    }
    if tables == 3 {
        // Every board at all three tables: two rounds (half-sets) a meeting.
        kinds.push((MovementKind::HalfSetHowell, HALF_SET_ROUNDS));
    }
    if let Some(rounds) = three_quarter_rounds(tables) {
        kinds.push((MovementKind::ThreeQuarterHowell, rounds));
    }
    if let Some(rounds) = relay_three_quarter_rounds(tables) {
        kinds.push((MovementKind::RelayThreeQuarterHowell, rounds));
    }
    let kinds_rounds: Vec<usize> = kinds.iter().map(|&(_, rounds)| rounds).collect();
    let mut options: Vec<MovementOption> = kinds
        .into_iter()
        .filter_map(|(kind, rounds)| {
            // The boards per round closest to the wish (at least 1, at most the limit).
            let per_round = ((boards_wanted + rounds / 2) / rounds).max(1);
            if per_round > MAX_BOARDS_PER_ROUND {
                return None;
            }
            let played = rounds * per_round;
            close_enough(played, boards_wanted).then_some(MovementOption {
                kind,
                tables,
                rounds,
                boards_per_round: per_round,
                boards_played: played,
                phantom: pairs % 2 == 1,
                compared: (0, 0),
            })
        })
        .collect();
    for option in &mut options {
        let made = make_movement(&MovementChoice {
            pairs,
            kind: option.kind,
            boards_per_round: option.boards_per_round,
            phantom: None,
            arrow_switch: false,
        });
        if let Ok(movement) = made {
            let balance = crate::verify::balance::balance(&movement);
            option.compared = (balance.min(), balance.max());
        }
    }
    if options.is_empty() {
        let most = kinds_rounds.iter().max().copied().unwrap_or(1) * MAX_BOARDS_PER_ROUND;
        if boards_wanted > most {
            return Err(format!(
                "{boards_wanted} boards are more than an evening of {pairs} pairs can play: a round has at most {MAX_BOARDS_PER_ROUND} boards, so the longest movement here plays at most {most}."
            ));
        }
    }
    // The 3-table Howell in half-sets first whenever it fits (issue 43: the default for 5 and
    // 6 pairs, every board at all three tables and every two pairs compared equally), then
    // the closest.
    options.sort_by_key(|o| {
        (
            o.kind != MovementKind::HalfSetHowell,
            o.boards_played.abs_diff(boards_wanted),
            std::cmp::Reverse(o.rounds),
            !o.kind.is_mitchell(),
        )
    });
    Ok(options)
}

/// What the organiser chose: the movement for `pairs` pairs of a kind with so many boards a
/// round, where the phantom sits (odd pairs; default: the highest-numbered pair, an E-W pair
/// in a Mitchell), and whether to arrow-switch a Mitchell on the usual rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementChoice {
    /// Pairs taking part, `MIN_PAIRS` or more.
    pub pairs: usize,
    /// The kind chosen.
    pub kind: MovementKind,
    /// Boards a round, 1 to `MAX_BOARDS_PER_ROUND`.
    pub boards_per_round: usize,
    /// With an odd number of pairs, the pair number of the phantom; `None` for the highest.
    /// Must be `None` with an even number.
    pub phantom: Option<usize>,
    /// Arrow-switch a Mitchell on the usual rounds, so it has one winner.
    pub arrow_switch: bool,
}

/// Makes the chosen movement: the generator for ⌈pairs / 2⌉ tables, the phantom for an odd
/// number of pairs, the arrow switch. A Howell for 5 pairs is the 2½-table Howell (the
/// 3-table Howell with a phantom would play some boards at one table only). Each refusal is
/// a sentence.
pub fn make_movement(choice: &MovementChoice) -> Result<Movement, String> {
    let pairs = choice.pairs;
    too_few_pairs(pairs)?;
    let tables = pairs.div_ceil(2);
    let k = choice.boards_per_round;
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&k) {
        return Err(format!(
            "{k} boards a round: a round has 1 to {MAX_BOARDS_PER_ROUND} boards."
        ));
    }
    let movement = if choice.kind == MovementKind::Howell && tables == 3 && pairs % 2 == 1 {
        // 5 pairs: the 3-table Howell with a phantom would leave boards at one table only.
        two_and_a_half_table_howell(k, choice.phantom.unwrap_or(2 * tables))?
    } else {
        with_half_table(choice, generate(choice.kind, tables, k)?)?
    };
    if choice.arrow_switch {
        let rounds = default_arrow_switch_rounds(movement.rounds.len());
        arrow_switch(movement, &rounds)
    } else {
        Ok(movement)
    }
}

/// The phantom for an odd number of pairs (the organiser's, or the highest pair number);
/// with an even number, a phantom asked for is refused.
fn with_half_table(choice: &MovementChoice, movement: Movement) -> Result<Movement, String> {
    let (pairs, tables) = (choice.pairs, movement.tables);
    match (pairs % 2 == 1, choice.phantom) {
        (true, phantom) => with_phantom(movement, phantom.unwrap_or(2 * tables)),
        (false, Some(_)) => Err(format!(
            "{pairs} pairs fill {tables} tables: there is no half table, so no phantom pair."
        )),
        (false, None) => Ok(movement),
    }
}

/// The organiser's choice for an evening: the kind asked for (or the first offered for the
/// pairs and boards), with the boards per round asked for (or the number closest to
/// `boards` for that kind). Shared by the command line and the window.
pub fn choose_movement(
    pairs: usize,
    boards: usize,
    kind: Option<MovementKind>,
    boards_per_round: Option<usize>,
) -> Result<(MovementKind, usize), String> {
    choose_movement_for(pairs, boards, kind, boards_per_round, None)
}

/// As [`choose_movement`], for an evening of `rounds` rounds when given: the automatic
/// choice is then the first offered movement that can stop after that many rounds with every
/// board still played at least twice (13 pairs for 6 rounds: a Mitchell, not the 7-table
/// Howell that cannot stop there). When none can, the first is chosen, and making the
/// evening says why it cannot be shortened.
pub fn choose_movement_for(
    pairs: usize,
    boards: usize,
    kind: Option<MovementKind>,
    boards_per_round: Option<usize>,
    rounds: Option<usize>,
) -> Result<(MovementKind, usize), String> {
    let options = movements_for(pairs, boards)?;
    let stops_there = |option: &&MovementOption| {
        let Some(rounds) = rounds else {
            return true;
        };
        let choice = MovementChoice {
            pairs,
            kind: option.kind,
            boards_per_round: boards_per_round.unwrap_or(option.boards_per_round),
            phantom: None,
            arrow_switch: false,
        };
        make_movement(&choice).is_ok_and(|movement| super::first_rounds(movement, rounds).is_ok())
    };
    let kind = match kind {
        Some(kind) => kind,
        None => options.iter().find(stops_there).or(options.first()).map(|o| o.kind).ok_or_else(|| {
            format!(
                "No movement for {pairs} pairs comes within a fifth of {boards} boards; choose the kind and the boards per round."
            )
        })?,
    };
    let per_round = match boards_per_round {
        Some(k) => k,
        None => match options.iter().find(|o| o.kind == kind) {
            Some(option) => option.boards_per_round,
            None => {
                // Either the kind does not exist for this many tables (the generator says
                // why), or it does but its rounds do not divide the boards well.
                let probe = MovementChoice {
                    pairs,
                    kind,
                    boards_per_round: 1,
                    phantom: None,
                    arrow_switch: false,
                };
                make_movement(&probe)?;
                return Err(format!(
                    "A {} for {pairs} pairs does not come within a fifth of {boards} boards; give the boards per round, or choose another kind.",
                    kind.name()
                ));
            }
        },
    };
    Ok((kind, per_round))
}
