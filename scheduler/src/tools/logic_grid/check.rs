//! Checks a solution against every clue, sharing nothing with the model: each value's row is
//! looked up, positions are read from the ordered category, and each clue is evaluated.

use super::Solution;
use super::parse::{ClueKind, Puzzle, ValueRef};

/// `Ok` when the solution is a one-to-one grid and every clue holds; otherwise the clues
/// (by line and text) that fail.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), Vec<String>> {
    let n = puzzle.size();
    let mut problems = Vec::new();
    if solution.values.len() != puzzle.categories.len() {
        return Err(vec!["the solution has the wrong number of categories".into()]);
    }
    for (c, column) in solution.values.iter().enumerate() {
        let mut sorted = column.clone();
        sorted.sort_unstable();
        if sorted != (0..n).collect::<Vec<_>>() {
            problems.push(format!("{} is not used once each", puzzle.categories[c].name));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let row = |(c, v): ValueRef| {
        solution.values[c]
            .iter()
            .position(|&x| x == v)
            .unwrap_or(usize::MAX)
    };
    let ordered = puzzle.categories.iter().position(|c| c.ordered);
    let position = |r: usize| ordered.map(|o| solution.values[o][r] as i64);
    for clue in &puzzle.clues {
        let holds = match &clue.kind {
            ClueKind::Same(a, b) => row(*a) == row(*b),
            ClueKind::Different(a, b) => row(*a) != row(*b),
            ClueKind::Either(a, y, z) => (row(*a) == row(*y)) != (row(*a) == row(*z)),
            ClueKind::OneEach {
                first,
                second,
                one,
                other,
            } => {
                row(*first) != row(*second)
                    && row(*one) != row(*other)
                    && ((row(*first) == row(*one) && row(*second) == row(*other))
                        || (row(*first) == row(*other) && row(*second) == row(*one)))
            }
            ClueKind::NextTo(a, b) => match (position(row(*a)), position(row(*b))) {
                (Some(p), Some(q)) => (p - q).abs() == 1,
                _ => false,
            },
            ClueKind::LeftOf(a, b) => match (position(row(*a)), position(row(*b))) {
                (Some(p), Some(q)) => q == p + 1,
                _ => false,
            },
        };
        if !holds {
            problems.push(format!("line {}: \"{}\" does not hold", clue.line, clue.text));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_puzzle;
    use super::*;

    #[test]
    fn a_wrong_solution_names_the_clue() {
        let puzzle = parse_puzzle("People: Ada, Bea\nPet: cat, dog\nAda keeps the dog.\n").unwrap();
        let right = Solution {
            values: vec![vec![0, 1], vec![1, 0]],
        };
        assert_eq!(check(&puzzle, &right), Ok(()));
        let wrong = Solution {
            values: vec![vec![0, 1], vec![0, 1]],
        };
        assert_eq!(
            check(&puzzle, &wrong),
            Err(vec!["line 3: \"Ada keeps the dog\" does not hold".to_owned()])
        );
        let broken = Solution {
            values: vec![vec![0, 1], vec![0, 0]],
        };
        assert!(check(&puzzle, &broken).unwrap_err()[0].contains("Pet is not used once each"));
    }
}
