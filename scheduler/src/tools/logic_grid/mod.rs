//! Logic-grid puzzles in plain text: categories with their values, then clues in English
//! from a small grammar (see `parse`), solved as an assignment model (each pair of
//! categories a one-to-one grid) with good_lp through the MILP layer. The answer is
//! `unique`, or two different solutions are shown. `check` tests a solution against every
//! clue with code of its own.

pub mod check;
pub mod parse;

use crate::milp::{self, Backend, MilpError, Model};
use crate::solver::{Control, Progress};
use good_lp::{Constraint, Expression, ProblemVariables, Variable, constraint, variable};
pub use parse::{Clue, ParseError, Puzzle, parse_puzzle};
use std::fmt;

/// A solution: for each category, for each row of the grid (an entity: one value of every
/// category), the index of its value. Rows are ordered by the first category's values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// `values[c][row]` = value index of category `c` in that row.
    pub values: Vec<Vec<usize>>,
}

impl Solution {
    /// The solution as a table: one line per value of the first category.
    pub fn rows(&self, puzzle: &Puzzle) -> Vec<Vec<String>> {
        let n = puzzle.size();
        (0..n)
            .map(|row| {
                puzzle
                    .categories
                    .iter()
                    .enumerate()
                    .map(|(c, category)| category.values[self.values[c][row]].clone())
                    .collect()
            })
            .collect()
    }
}

/// Whether the first solution found is the only one.
#[derive(Debug, Clone, PartialEq)]
pub enum Uniqueness {
    /// Proved: no other arrangement satisfies every clue.
    Unique,
    /// A second solution, different from the first.
    NotUnique(Solution),
    /// The search for a second solution gave no answer; why not.
    Unknown(String),
}

/// A solution and what is known about its uniqueness.
#[derive(Debug, Clone, PartialEq)]
pub struct GridOutcome {
    /// The first solution found.
    pub first: Solution,
    /// Whether it is the only one.
    pub uniqueness: Uniqueness,
}

/// Why no solution was found.
#[derive(Debug, Clone, PartialEq)]
pub enum GridError {
    /// The clues contradict each other: no arrangement satisfies them all.
    NoSolution,
    /// The solver gave no answer (time limit, cancel or a solver failure); its message.
    Stopped(String),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::NoSolution => {
                f.write_str("no arrangement satisfies every clue: check the clues for a contradiction")
            }
            GridError::Stopped(why) => f.write_str(why),
        }
    }
}

/// The model's variables: `x[c][k][v]` = row k (the k-th value of the base category) has
/// value v of category c. The base category (an ordered one when there is one, so positions
/// are row numbers) is fixed: `x[base][k][v]` is 1 exactly when v = k.
struct GridModel {
    variables: ProblemVariables,
    constraints: Vec<Constraint>,
    x: Vec<Vec<Vec<Expression>>>,
    free: Vec<(usize, usize, usize, Variable)>,
    base: usize,
}

fn build(puzzle: &Puzzle) -> GridModel {
    let n = puzzle.size();
    let base = puzzle.categories.iter().position(|c| c.ordered).unwrap_or(0);
    let mut variables = ProblemVariables::new();
    let mut constraints = Vec::new();
    let mut free = Vec::new();
    let mut x: Vec<Vec<Vec<Expression>>> = Vec::new();
    for c in 0..puzzle.categories.len() {
        let mut rows = Vec::new();
        for k in 0..n {
            let mut cells = Vec::new();
            for v in 0..n {
                if c == base {
                    cells.push(Expression::from(if k == v { 1.0 } else { 0.0 }));
                } else {
                    let var = variables.add(variable().binary());
                    free.push((c, k, v, var));
                    cells.push(Expression::from(var));
                }
            }
            rows.push(cells);
        }
        x.push(rows);
    }
    // One-to-one: each row one value, each value one row.
    for (c, rows) in x.iter().enumerate() {
        if c == base {
            continue;
        }
        for (k, row_of_k) in rows.iter().enumerate().take(n) {
            let row: Expression = row_of_k.iter().cloned().sum();
            constraints.push(constraint!(row == 1.0));
            let column: Expression = (0..n).map(|r| rows[r][k].clone()).sum();
            constraints.push(constraint!(column == 1.0));
        }
    }
    let mut model = GridModel {
        variables,
        constraints,
        x,
        free,
        base,
    };
    for clue in &puzzle.clues {
        add_clue(&mut model, puzzle, clue);
    }
    model
}

fn add_clue(model: &mut GridModel, puzzle: &Puzzle, clue: &Clue) {
    let n = puzzle.size();
    let at = |m: &GridModel, (c, v): (usize, usize), k: usize| m.x[c][k][v].clone();
    match &clue.kind {
        parse::ClueKind::Same(a, b) => {
            for k in 0..n {
                let (ea, eb) = (at(model, *a, k), at(model, *b, k));
                model.constraints.push(constraint!(ea == eb));
            }
        }
        parse::ClueKind::Different(a, b) => {
            for k in 0..n {
                let (ea, eb) = (at(model, *a, k), at(model, *b, k));
                model.constraints.push(constraint!(ea + eb <= 1.0));
            }
        }
        parse::ClueKind::Either(a, y, z) => {
            // Exactly one of the two: a's row has y or z, and not both.
            for k in 0..n {
                let (ea, ey, ez) = (at(model, *a, k), at(model, *y, k), at(model, *z, k));
                model
                    .constraints
                    .push(constraint!(ea.clone() <= ey.clone() + ez.clone()));
                model.constraints.push(constraint!(ea + ey + ez <= 2.0));
            }
        }
        parse::ClueKind::OneEach {
            first,
            second,
            one,
            other,
        } => {
            // Either (first~one and second~other) or (first~other and second~one); the two
            // named first are two entities, and so are the two named after.
            add_clue(model, puzzle, &different(clue, *first, *second));
            add_clue(model, puzzle, &different(clue, *one, *other));
            let swap = model.variables.add(variable().binary());
            for k in 0..n {
                let f = at(model, *first, k);
                let s = at(model, *second, k);
                let o = at(model, *one, k);
                let t = at(model, *other, k);
                model.constraints.push(constraint!(f.clone() - o.clone() <= swap));
                model.constraints.push(constraint!(o.clone() - f.clone() <= swap));
                model.constraints.push(constraint!(s.clone() - t.clone() <= swap));
                model.constraints.push(constraint!(t.clone() - s.clone() <= swap));
                model
                    .constraints
                    .push(constraint!(f.clone() - t.clone() <= 1.0 - swap));
                model.constraints.push(constraint!(t - f <= 1.0 - swap));
                model
                    .constraints
                    .push(constraint!(s.clone() - o.clone() <= 1.0 - swap));
                model.constraints.push(constraint!(o - s <= 1.0 - swap));
            }
        }
        parse::ClueKind::NextTo(a, b) => {
            // Rows are positions (the base category is the ordered one).
            for k in 0..n {
                let ea = at(model, *a, k);
                let mut neighbours = Expression::from(0.0);
                if k > 0 {
                    neighbours += at(model, *b, k - 1);
                }
                if k + 1 < n {
                    neighbours += at(model, *b, k + 1);
                }
                model.constraints.push(constraint!(ea <= neighbours));
            }
        }
        parse::ClueKind::LeftOf(a, b) => {
            // a is immediately left of b: b's position is a's + 1.
            for k in 0..n {
                let ea = at(model, *a, k);
                if k + 1 < n {
                    let eb = at(model, *b, k + 1);
                    model.constraints.push(constraint!(ea == eb));
                } else {
                    model.constraints.push(constraint!(ea == 0.0));
                }
            }
            let first = at(model, *b, 0);
            model.constraints.push(constraint!(first == 0.0));
        }
    }
}

fn different(clue: &Clue, a: parse::ValueRef, b: parse::ValueRef) -> Clue {
    Clue {
        kind: parse::ClueKind::Different(a, b),
        ..clue.clone()
    }
}

fn solve(model: GridModel, puzzle: &Puzzle, backend: Backend, seconds: f64) -> Result<Solution, MilpError> {
    let n = puzzle.size();
    let read: Vec<Variable> = model.free.iter().map(|f| f.3).collect();
    let cells: Vec<(usize, usize, usize)> = model.free.iter().map(|f| (f.0, f.1, f.2)).collect();
    let base = model.base;
    let values = milp::minimise(
        Model {
            variables: model.variables,
            objective: Expression::from(0.0),
            constraints: model.constraints,
            initial: Vec::new(),
        },
        backend,
        seconds,
        &read,
    )?;
    // Grid rows are base entities; the solution's rows follow the first category's order.
    let categories = puzzle.categories.len();
    let mut by_base = vec![vec![0usize; n]; categories];
    for (k, value) in by_base[base].iter_mut().enumerate() {
        *value = k;
    }
    for (&(c, k, v), value) in cells.iter().zip(&values) {
        if *value > 0.5 {
            by_base[c][k] = v;
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&k| by_base[0][k]);
    Ok(Solution {
        values: (0..categories)
            .map(|c| order.iter().map(|&k| by_base[c][k]).collect())
            .collect(),
    })
}

/// Excludes one solution: in the base grid, at least one of its chosen cells must change.
fn exclude(model: &mut GridModel, puzzle: &Puzzle, solution: &Solution) {
    let n = puzzle.size();
    let mut chosen = Expression::from(0.0);
    let mut count = 0.0;
    // Row of the solution whose base value is k.
    for row in 0..n {
        let k = solution.values[model.base][row];
        for c in 0..puzzle.categories.len() {
            if c == model.base {
                continue;
            }
            chosen += model.x[c][k][solution.values[c][row]].clone();
            count += 1.0;
        }
    }
    model.constraints.push(constraint!(chosen <= count - 1.0));
}

fn remaining(control: &Control) -> f64 {
    control.remaining().map_or(3600.0, |d| d.as_secs_f64())
}

/// Solves the puzzle and looks for a second solution to tell whether it is unique.
pub fn solve_puzzle(puzzle: &Puzzle, backend: Backend, control: &Control) -> Result<GridOutcome, GridError> {
    let first = match solve(build(puzzle), puzzle, backend, remaining(control)) {
        Ok(solution) => solution,
        Err(MilpError::Infeasible) => return Err(GridError::NoSolution),
        Err(other) => return Err(GridError::Stopped(other.to_string())),
    };
    control.report(Progress {
        done: 1,
        best_quality: 0.0,
    });
    if control.should_stop() {
        return Ok(GridOutcome {
            first,
            uniqueness: Uniqueness::Unknown("stopped before uniqueness was checked".into()),
        });
    }
    let mut model = build(puzzle);
    exclude(&mut model, puzzle, &first);
    let uniqueness = match solve(model, puzzle, backend, remaining(control)) {
        Ok(second) if second != first => Uniqueness::NotUnique(second),
        Ok(_) => Uniqueness::Unknown("the solver returned the same solution twice".into()),
        Err(MilpError::Infeasible) => Uniqueness::Unique,
        Err(other) => Uniqueness::Unknown(other.to_string()),
    };
    control.report(Progress {
        done: 2,
        best_quality: 0.0,
    });
    Ok(GridOutcome { first, uniqueness })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const FOUR_FRIENDS: &str = "People: Ada, Bea, Cy, Dot
Pet: cat, dog, fish, bird
Drink: tea, cocoa, juice, water
City: Bath, Hull, Leeds, York
Ada drinks tea. The cat's owner lives in York. The fish's owner drinks water.
Of Bea and Dot, one drinks juice and the other lives in Leeds.
The dog's owner lives in Bath. Ada does not keep the dog. Dot drinks cocoa.
";

    #[test]
    fn the_four_friends_have_one_answer() {
        let puzzle = parse_puzzle(FOUR_FRIENDS).unwrap();
        let outcome = solve_puzzle(&puzzle, Backend::best_available(), &Control::unlimited()).unwrap();
        assert_eq!(outcome.uniqueness, Uniqueness::Unique);
        let rows = outcome.first.rows(&puzzle);
        assert_eq!(
            rows,
            [
                ["Ada", "cat", "tea", "York"],
                ["Bea", "dog", "juice", "Bath"],
                ["Cy", "fish", "water", "Hull"],
                ["Dot", "bird", "cocoa", "Leeds"]
            ]
        );
        assert_eq!(check::check(&puzzle, &outcome.first), Ok(()));
    }

    #[test]
    fn the_zebra_puzzle_has_one_answer() {
        let text = include_str!("../../../../fixtures/puzzles/zebra.txt");
        let puzzle = parse_puzzle(text).unwrap();
        assert_eq!(
            puzzle.clues.len(),
            14,
            "the fifteen clues less \"there are five houses\""
        );
        let outcome = solve_puzzle(&puzzle, Backend::best_available(), &Control::unlimited()).unwrap();
        assert_eq!(outcome.uniqueness, Uniqueness::Unique);
        assert_eq!(check::check(&puzzle, &outcome.first), Ok(()));
        let rows = outcome.first.rows(&puzzle);
        let row_with = |value: &str| rows.iter().find(|r| r.iter().any(|v| v == value)).unwrap();
        assert!(row_with("zebra").contains(&"Japanese".to_owned()), "{rows:?}");
        assert!(row_with("water").contains(&"Norwegian".to_owned()), "{rows:?}");
    }

    #[test]
    fn fewer_clues_give_two_solutions() {
        let text = FOUR_FRIENDS.replace(" Dot drinks cocoa.", "");
        let puzzle = parse_puzzle(&text).unwrap();
        let outcome = solve_puzzle(&puzzle, Backend::best_available(), &Control::unlimited()).unwrap();
        let Uniqueness::NotUnique(second) = &outcome.uniqueness else {
            panic!("{:?}", outcome.uniqueness);
        };
        assert_ne!(second, &outcome.first);
        assert_eq!(check::check(&puzzle, second), Ok(()));
        assert_eq!(check::check(&puzzle, &outcome.first), Ok(()));
    }

    #[test]
    fn contradictory_clues_have_no_solution() {
        let text = format!("{FOUR_FRIENDS}Ada drinks water.\n");
        let puzzle = parse_puzzle(&text).unwrap();
        assert_eq!(
            solve_puzzle(&puzzle, Backend::best_available(), &Control::unlimited()),
            Err(GridError::NoSolution)
        );
    }
}
