//! Checks a club teams-of-four movement (`crate::movement::teams`) from its table rows alone,
//! sharing nothing with the generator but the data types, and says every fault in a sentence:
//! each table holds its home team's N-S pair every round; each E-W pair is at one table a
//! round; no team meets itself; a board set is at one table a round; no pair plays a set
//! twice; and every two teams meet in one complete match — the sets N-S of X played against
//! E-W of Y are exactly those N-S of Y played against E-W of X (the two halves may be in
//! different rounds), one set each way. A set relayed round several tables in a round (the
//! 4-team relay) must say so in its part-sets: together they are the set's boards, each once;
//! each is played at every table on the set once; and no table has two parts at one stage.

use crate::model::movement::{RelayPart, TeamsMovement};
use std::collections::{BTreeMap, BTreeSet};

/// Every fault of `movement`, in sentences; empty when it is sound.
pub fn verify_teams_movement(movement: &TeamsMovement) -> Vec<String> {
    let n = movement.teams;
    let mut faults = Vec::new();
    // (N-S team, E-W team) → the sets played, with their rounds.
    let mut halves: BTreeMap<(usize, usize), Vec<(usize, usize)>> = BTreeMap::new();
    let mut ns_sets: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    let mut ew_sets: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    if !movement.relays.is_empty() && movement.relays.len() != movement.rounds.len() {
        faults.push(format!(
            "the part-sets are given for {} rounds, but the movement has {}",
            movement.relays.len(),
            movement.rounds.len()
        ));
    }
    for (i, round) in movement.rounds.iter().enumerate() {
        let number = i + 1;
        let mut tables = BTreeSet::new();
        let mut ew_seen = BTreeSet::new();
        let mut sets_seen: BTreeMap<usize, Vec<(usize, Option<usize>)>> = BTreeMap::new();
        for row in round {
            let in_range = |v: usize| (1..=n).contains(&v);
            if !in_range(row.table)
                || !in_range(row.ns)
                || !in_range(row.ew)
                || !(1..=movement.sets).contains(&row.set)
            {
                faults.push(format!("round {number}: a table row out of range ({row:?})"));
                continue;
            }
            if !tables.insert(row.table) {
                faults.push(format!("round {number}: table {} is listed twice", row.table));
            }
            if row.ns != row.table {
                faults.push(format!(
                    "round {number}, table {}: the N-S pair is team {}'s, not the home team's",
                    row.table, row.ns
                ));
            }
            if row.ns == row.ew {
                faults.push(format!(
                    "round {number}, table {}: team {} plays itself",
                    row.table, row.ns
                ));
            }
            if !ew_seen.insert(row.ew) {
                faults.push(format!(
                    "round {number}: team {}'s E-W pair is at two tables",
                    row.ew
                ));
            }
            sets_seen
                .entry(row.set)
                .or_default()
                .push((row.table, row.shares_with));
            if !ns_sets.entry(row.ns).or_default().insert(row.set) {
                faults.push(format!("team {}'s N-S pair plays set {} twice", row.ns, row.set));
            }
            if !ew_sets.entry(row.ew).or_default().insert(row.set) {
                faults.push(format!("team {}'s E-W pair plays set {} twice", row.ew, row.set));
            }
            halves
                .entry((row.ns, row.ew))
                .or_default()
                .push((row.set, number));
        }
        let relay = movement.relays.get(i).map_or(&[][..], Vec::as_slice);
        let relayed = check_relay(number, relay, movement.boards_per_round, &sets_seen, &mut faults);
        sets_seen.retain(|set, _| !relayed.contains(set));
        check_sharing(number, &sets_seen, &mut faults);
        if tables.len() != n {
            faults.push(format!(
                "round {number}: {} of the {n} tables are in play",
                tables.len()
            ));
        }
    }
    for x in 1..=n {
        for y in x + 1..=n {
            let sets = |a: usize, b: usize| -> Vec<usize> {
                let mut s: Vec<usize> = halves
                    .get(&(a, b))
                    .map_or(Vec::new(), |h| h.iter().map(|p| p.0).collect());
                s.sort_unstable();
                s
            };
            let (one, other) = (sets(x, y), sets(y, x));
            if one.is_empty() && other.is_empty() {
                faults.push(format!("teams {x} and {y} never meet"));
            } else if one != other {
                faults.push(format!(
                    "teams {x} and {y}: N-S {x} against E-W {y} play set(s) {one:?}, N-S {y} against E-W {x} play {other:?}: the match is not complete"
                ));
            } else if one.len() > 1 {
                faults.push(format!("teams {x} and {y} meet {} times", one.len()));
            }
        }
    }
    faults
}

/// The part-sets of round `round`'s relay checked against its rows (`sets` → the tables
/// playing each set): every part within one set that tables play; each part played at every
/// one of those tables once, stage by stage; no table with two parts at one stage; and the
/// parts of a set together its boards, each once. Returns the sets the relay covers.
fn check_relay(
    round: usize,
    relay: &[RelayPart],
    boards_per_round: usize,
    sets: &BTreeMap<usize, Vec<(usize, Option<usize>)>>,
    faults: &mut Vec<String>,
) -> BTreeSet<usize> {
    let k = boards_per_round.max(1);
    // set → its boards as the parts give them.
    let mut covered: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    // (stage, table) → the part there.
    let mut at: BTreeMap<(usize, usize), &RelayPart> = BTreeMap::new();
    for part in relay {
        let boards = boards_words(part);
        let set = (part.first_board.max(1) - 1) / k + 1;
        if part.first_board == 0 || part.last_board < part.first_board || (part.last_board - 1) / k + 1 != set
        {
            faults.push(format!(
                "round {round}: the part-set {boards} is not within one set"
            ));
            continue;
        }
        let Some(tables) = sets.get(&set) else {
            faults.push(format!(
                "round {round}: the part-set {boards} is relayed, but no table plays set {set}"
            ));
            continue;
        };
        covered
            .entry(set)
            .or_default()
            .extend(part.first_board..=part.last_board);
        let mut listed: Vec<usize> = part.tables.clone();
        listed.sort_unstable();
        let mut playing: Vec<usize> = tables.iter().map(|t| t.0).collect();
        playing.sort_unstable();
        if listed != playing {
            faults.push(format!(
                "round {round}: the part-set {boards} goes to tables {:?}, but set {set} is played at tables {playing:?}: each must play it once",
                part.tables
            ));
        }
        for (stage, &table) in part.tables.iter().enumerate() {
            if let Some(other) = at.insert((stage, table), part) {
                faults.push(format!(
                    "round {round}, stage {}: table {table} is given the part-sets {} and {boards} at once",
                    stage + 1,
                    boards_words(other)
                ));
            }
        }
    }
    for (&set, boards) in &mut covered {
        boards.sort_unstable();
        let whole: Vec<usize> = ((set - 1) * k + 1..=set * k).collect();
        if *boards != whole {
            faults.push(format!(
                "round {round}: the part-sets of set {set} have boards {boards:?}, not each of {}–{} once",
                whole[0],
                set * k
            ));
        }
    }
    covered.into_keys().collect()
}

/// A part-set's boards in words: "board 3" or "boards 3–4".
fn boards_words(part: &RelayPart) -> String {
    if part.first_board == part.last_board {
        format!("board {}", part.first_board)
    } else {
        format!("boards {}–{}", part.first_board, part.last_board)
    }
}

/// A set is at one table a round, or at two that say they share it with each other.
fn check_sharing(
    round: usize,
    sets: &BTreeMap<usize, Vec<(usize, Option<usize>)>>,
    faults: &mut Vec<String>,
) {
    for (set, tables) in sets {
        match tables.as_slice() {
            [(_, None)] => {}
            [(table, Some(other))] => faults.push(format!(
                "round {round}, table {table}: it says it shares set {set} with table {other}, which does not play it"
            )),
            [(a, Some(b)), (c, Some(d))] if a == d && b == c => {}
            [(a, _), (b, _)] => faults.push(format!(
                "round {round}: set {set} is at tables {a} and {b}, which do not say they share it"
            )),
            _ => faults.push(format!("round {round}: set {set} is at {} tables", tables.len())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::movement::TeamsTable;

    /// Three teams by hand: round 1, N-S t v E-W t+2 on set t+1; round 2, N-S t v E-W t+1
    /// (t + 4 ≡ t + 1) on set t+2 (1-based, mod 3).
    fn three() -> TeamsMovement {
        let row = |table, ew, set| TeamsTable {
            table,
            ns: table,
            ew,
            set,
            shares_with: None,
        };
        TeamsMovement {
            name: "by hand",
            teams: 3,
            sets: 3,
            boards_per_round: 4,
            relays: Vec::new(),
            rounds: vec![
                vec![row(1, 3, 2), row(2, 1, 3), row(3, 2, 1)],
                vec![row(1, 2, 3), row(2, 3, 1), row(3, 1, 2)],
            ],
        }
    }

    #[test]
    fn a_sound_movement_passes_and_each_fault_is_named() {
        assert_eq!(verify_teams_movement(&three()), Vec::<String>::new());
        // A Mitchell-like change of the boards breaks the matches.
        let mut broken = three();
        broken.rounds[1][0].set = 2;
        broken.rounds[1][2].set = 3;
        let faults = verify_teams_movement(&broken);
        assert!(
            faults.iter().any(|f| f.contains("the match is not complete")),
            "{faults:?}"
        );
        assert!(
            faults.iter().any(|f| f.contains("plays set 2 twice")),
            "{faults:?}"
        );
        // A team against itself, and an E-W pair at two tables.
        let mut broken = three();
        broken.rounds[0][0].ew = 1;
        let faults = verify_teams_movement(&broken);
        assert!(
            faults.iter().any(|f| f.contains("team 1 plays itself")),
            "{faults:?}"
        );
        assert!(
            faults.iter().any(|f| f.contains("E-W pair is at two tables")),
            "{faults:?}"
        );
        // Two tables on one set without saying they share it.
        let mut doubled = three();
        doubled.rounds[0][0].set = 3;
        let faults = verify_teams_movement(&doubled);
        assert!(
            faults
                .iter()
                .any(|f| f.contains("which do not say they share it")),
            "{faults:?}"
        );
        // A round left out: two teams never meet.
        let mut short = three();
        short.rounds.pop();
        let faults = verify_teams_movement(&short);
        assert!(
            faults
                .iter()
                .any(|f| f.contains("not complete") || f.contains("never meet")),
            "{faults:?}"
        );
    }
}
