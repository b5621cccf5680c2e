//! Dic-dac-doe (IBM Ponder This, March 2020): three players X, O and + take turns on an n×n
//! board; three of one's own in a row, column or diagonal wins. Wanted: a position after m
//! moves where no line of three is won and none can ever be completed, even if every empty
//! cell were filled with any symbol — for every three consecutive cells and every player p,
//! (cells with p) + (empty cells) ≤ 2.
//!
//! Two facts shape the search. (1) Filling an empty cell never spoils a good board: in every
//! line through an empty cell the other two cells must already hold two different symbols, so
//! the line keeps two symbols whatever is added. So the hard boards are the ones with few
//! moves (many empty cells), and a board for m moves gives boards for every larger m. (2) In
//! a line of three at most one cell may be empty, and a line with none must not be all one
//! symbol.
//!
//! The search: simulated annealing over boards with the exact symbol counts (swap a cell of
//! a broken line with any cell of another kind), restarted from the best board with a shake
//! when it stalls; one independent run per core, all stopping when one succeeds. When a run
//! stalls one or two lines short, the MILP layer re-solves a 5×5 window around a broken line
//! exactly (every cell outside fixed, counts kept). Posed directly as one MILP the puzzle is
//! out of reach of the open solvers (see the measurements), which is why the MILP
//! only ever sees small windows here. Time limit, progress (the fewest broken lines so far)
//! and cancel come from `Control`; the best board is always returned with its number of
//! broken lines. `check` verifies boards independently.

pub mod check;

use crate::milp::{self, Backend, MilpError, Model};
use crate::solver::{Control, Progress, Rng};
use good_lp::{Expression, ProblemVariables, Variable, constraint, variable};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The cell value of an empty cell (0, 1 and 2 are X, O and +).
pub const EMPTY: u8 = 3;
const SYMBOLS: [char; 4] = ['X', 'O', '+', '.'];

/// A dic-dac-doe board: an n×n grid of X, O, + and empty cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Cells along each side.
    pub n: usize,
    /// Row by row: 0 = X, 1 = O, 2 = +, 3 = empty.
    pub cells: Vec<u8>,
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.n) {
            let line: String = row.iter().map(|&c| SYMBOLS[c as usize]).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// Symbols of each kind after `moves` moves, X first: X, O, +, then empty cells.
pub fn counts(n: usize, moves: usize) -> [usize; 4] {
    [moves.div_ceil(3), (moves + 1) / 3, moves / 3, n * n - moves]
}

/// Every line of three consecutive cells (rows, columns, both diagonals).
pub fn lines(n: usize) -> Vec<[usize; 3]> {
    let mut lines = Vec::new();
    for i in 0..n as i64 {
        for j in 0..n as i64 {
            for (di, dj) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let end = (i + 2 * di, j + 2 * dj);
                if end.0 < n as i64 && end.1 >= 0 && end.1 < n as i64 {
                    lines.push([0, 1, 2].map(|k| ((i + k * di) * n as i64 + j + k * dj) as usize));
                }
            }
        }
    }
    lines
}

/// A line is broken when its symbols are all one player's (empties count for everyone).
fn broken(count: &[u8; 4]) -> bool {
    count[EMPTY as usize] + count[0].max(count[1]).max(count[2]) >= 3
}

/// The annealing state: the board, per-line counts of each kind, and the broken lines.
struct Search {
    cells: Vec<u8>,
    lines: Vec<[usize; 3]>,
    lines_of: Vec<Vec<usize>>,
    count: Vec<[u8; 4]>,
    broken: Vec<usize>,
    /// Position of each line in `broken`, or usize::MAX.
    where_broken: Vec<usize>,
}

impl Search {
    fn new(n: usize, cells: Vec<u8>) -> Self {
        let lines = lines(n);
        let mut lines_of = vec![Vec::new(); n * n];
        for (l, line) in lines.iter().enumerate() {
            for &c in line {
                lines_of[c].push(l);
            }
        }
        let mut search = Search {
            count: vec![[0; 4]; lines.len()],
            broken: Vec::new(),
            where_broken: vec![usize::MAX; lines.len()],
            cells,
            lines,
            lines_of,
        };
        search.recount();
        search
    }

    fn recount(&mut self) {
        self.broken.clear();
        for (l, line) in self.lines.iter().enumerate() {
            let mut count = [0u8; 4];
            for &c in line {
                count[self.cells[c] as usize] += 1;
            }
            self.count[l] = count;
            self.where_broken[l] = usize::MAX;
            if broken(&count) {
                self.where_broken[l] = self.broken.len();
                self.broken.push(l);
            }
        }
    }

    fn set_broken(&mut self, l: usize, is_broken: bool) {
        let at = self.where_broken[l];
        if is_broken && at == usize::MAX {
            self.where_broken[l] = self.broken.len();
            self.broken.push(l);
        } else if !is_broken && at != usize::MAX {
            let last = *self.broken.last().unwrap_or(&l);
            self.broken.swap_remove(at);
            if last != l {
                self.where_broken[last] = at;
            }
            self.where_broken[l] = usize::MAX;
        }
    }

    /// Changes cell `c` to `value`, keeping the line counts and broken list; returns the
    /// change in broken lines.
    fn set(&mut self, c: usize, value: u8) -> i64 {
        let old = self.cells[c];
        if old == value {
            return 0;
        }
        self.cells[c] = value;
        let mut delta = 0;
        for i in 0..self.lines_of[c].len() {
            let l = self.lines_of[c][i];
            let before = broken(&self.count[l]);
            self.count[l][old as usize] -= 1;
            self.count[l][value as usize] += 1;
            let after = broken(&self.count[l]);
            if before != after {
                delta += if after { 1 } else { -1 };
                self.set_broken(l, after);
            }
        }
        delta
    }

    fn swap(&mut self, a: usize, b: usize) -> i64 {
        let (va, vb) = (self.cells[a], self.cells[b]);
        self.set(a, vb) + self.set(b, va)
    }
}

/// The best board found, how many lines it still breaks (0 = solved), and how it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The best board: the first found with no broken line, else the one with fewest.
    pub board: Board,
    /// The moves asked for: the board's symbols, X first in turn.
    pub moves: usize,
    /// Lines of three on the board that one player could still complete; 0 is a solution.
    pub broken_lines: usize,
    /// Annealing steps taken and MILP repairs run, for the report.
    pub steps: u64,
    /// MILP window repairs run, over all threads.
    pub repairs: usize,
}

/// A start: symbols in random places with the exact counts.
fn random_board(n: usize, moves: usize, rng: &mut Rng) -> Vec<u8> {
    let mut cells = Vec::with_capacity(n * n);
    for (kind, &count) in counts(n, moves).iter().enumerate() {
        cells.extend(std::iter::repeat_n(kind as u8, count));
    }
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    cells
}

/// How to search: worker threads (each an independent annealing run with its own seed, all
/// stopping when one succeeds), the first seed, and whether a stalled search near the goal
/// may ask the MILP layer for an exact repair of a small window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchOptions {
    /// Independent annealing runs, one a thread (the cores, up to 8, by default).
    pub threads: usize,
    /// The first run's seed; the others are derived from it.
    pub seed: u64,
    /// The MILP solver for window repairs.
    pub backend: Backend,
    /// Whether a run stalled one or two lines short may ask the MILP layer to repair a 5×5
    /// window.
    pub milp_repair: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .clamp(1, 8),
            seed: 1,
            backend: Backend::best_available(),
            milp_repair: true,
        }
    }
}

/// The annealing temperature. Measured on 10×10/80 and 15×15/185 (a few seeds each): 0.6
/// wanders (15×15 rarely below 5 broken lines in a minute), 0.25–0.3 converges; restarts
/// vary it by ±20 % so runs that stall at one temperature get another.
const TEMPERATURE: f64 = 0.25;
/// Steps without a new best before a restart from the best board, shaken.
const STALL: u64 = 1_000_000;

/// Searches for a board of `moves` moves on n×n until one breaks no line, the time runs out
/// or the search is cancelled; returns the best board found (over all worker threads).
pub fn solve(n: usize, moves: usize, options: &SearchOptions, control: &Control) -> Result<Outcome, String> {
    if n < 3 {
        return Err("the board must be at least 3×3 to have lines of three".into());
    }
    if moves > n * n {
        return Err(format!("a {n}×{n} board has only {} cells, not {moves}", n * n));
    }
    let control = control.improvements_only();
    let solved = AtomicBool::new(false);
    let runs: Vec<Run> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..options.threads.max(1) as u64)
            .map(|w| {
                let (control, solved) = (&control, &solved);
                let seed = options.seed.wrapping_add(w.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                scope.spawn(move || anneal(n, moves, seed, options, control, solved))
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).collect()
    });
    let steps = runs.iter().map(|r| r.steps).sum();
    let repairs = runs.iter().map(|r| r.repairs).sum();
    let best = runs
        .into_iter()
        .min_by_key(|r| r.broken)
        .ok_or_else(|| "every search thread failed".to_owned())?;
    Ok(Outcome {
        board: Board { n, cells: best.cells },
        moves,
        broken_lines: best.broken,
        steps,
        repairs,
    })
}

/// One worker's best board and effort.
struct Run {
    cells: Vec<u8>,
    broken: usize,
    steps: u64,
    repairs: usize,
}

/// One annealing run: swaps a cell of a broken line with any cell of another kind (so the
/// counts never change), accepting worse boards with probability e^(−Δ/T); when it stalls,
/// optionally tries an exact MILP repair of the best board, then restarts from the best
/// board shaken a little.
fn anneal(
    n: usize,
    moves: usize,
    seed: u64,
    options: &SearchOptions,
    control: &Control,
    solved: &AtomicBool,
) -> Run {
    let mut rng = Rng::new(seed);
    let mut search = Search::new(n, random_board(n, moves, &mut rng));
    let mut best = search.cells.clone();
    let mut best_broken = search.broken.len();
    let (mut steps, mut repairs, mut since_best) = (0u64, 0usize, 0u64);
    let mut temperature = TEMPERATURE;
    let cells = n * n;
    control.report(Progress {
        done: 0,
        best_quality: best_broken as f64,
    });
    while best_broken > 0 && !control.should_stop() && !solved.load(Ordering::Relaxed) {
        for _ in 0..4096 {
            steps += 1;
            let Some(&line) = search.broken.get(rng.below(search.broken.len().max(1))) else {
                break;
            };
            let a = search.lines[line][rng.below(3)];
            let b = rng.below(cells);
            if search.cells[a] == search.cells[b] {
                continue;
            }
            let delta = search.swap(a, b);
            if delta > 0 && rng.unit() >= (-(delta as f64) / temperature).exp() {
                search.swap(a, b);
            }
            if search.broken.len() < best_broken {
                best_broken = search.broken.len();
                best.clone_from(&search.cells);
                since_best = 0;
                control.report(Progress {
                    done: steps,
                    best_quality: best_broken as f64,
                });
                if best_broken == 0 {
                    solved.store(true, Ordering::Relaxed);
                    break;
                }
            } else {
                since_best += 1;
            }
        }
        if best_broken == 0 || since_best <= STALL {
            continue;
        }
        // Stalled. With one or two lines left an exact repair of a small window is cheap
        // (about a hundred binaries), so let the MILP layer try before shaking.
        if options.milp_repair && best_broken <= 2 {
            repairs += 1;
            let budget = control.capped(Duration::from_secs(1));
            if let Some(repaired) = repair(n, &best, 2, options.backend, &budget, &mut rng) {
                let fixed = Search::new(n, repaired.clone());
                if fixed.broken.len() < best_broken {
                    best_broken = fixed.broken.len();
                    best = repaired;
                    control.report(Progress {
                        done: steps,
                        best_quality: best_broken as f64,
                    });
                    if best_broken == 0 {
                        solved.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        search = Search::new(n, best.clone());
        for _ in 0..(cells / 10).max(3) {
            let (a, b) = (rng.below(cells), rng.below(cells));
            search.swap(a, b);
        }
        since_best = 0;
        temperature = TEMPERATURE * (0.8 + 0.4 * rng.unit());
    }
    Run {
        cells: best,
        broken: best_broken,
        steps,
        repairs,
    }
}

/// Re-solves the cells within `window` of the broken lines exactly (MILP: one binary per
/// cell and kind, the window's counts of each kind kept so the board's counts stay right,
/// minimising broken lines through the window). Returns the repaired board when the solver
/// answers in time.
fn repair(
    n: usize,
    board: &[u8],
    window: usize,
    backend: Backend,
    control: &Control,
    rng: &mut Rng,
) -> Option<Vec<u8>> {
    let search = Search::new(n, board.to_vec());
    let target = *search.broken.get(rng.below(search.broken.len().max(1)))?;
    // Cells near the chosen broken line.
    let (ci, cj) = (search.lines[target][1] / n, search.lines[target][1] % n);
    let free: Vec<usize> = (0..n * n)
        .filter(|&c| (c / n).abs_diff(ci) <= window && (c % n).abs_diff(cj) <= window)
        .collect();
    let mut variables = ProblemVariables::new();
    let mut x: Vec<Option<[Variable; 4]>> = vec![None; n * n];
    for &c in &free {
        x[c] = Some([0; 4].map(|_| variables.add(variable().binary())));
    }
    let value = |c: usize, k: usize| -> Expression {
        match &x[c] {
            Some(vars) => Expression::from(vars[k]),
            None => Expression::from(if board[c] as usize == k { 1.0 } else { 0.0 }),
        }
    };
    let mut constraints = Vec::new();
    for &c in &free {
        let vars = x[c].as_ref()?;
        constraints.push(constraint!(vars[0] + vars[1] + vars[2] + vars[3] == 1.0));
    }
    for k in 0..4 {
        let have = free.iter().filter(|&&c| board[c] as usize == k).count() as f64;
        let sum: Expression = free.iter().map(|&c| value(c, k)).sum();
        constraints.push(constraint!(sum == have));
    }
    let mut objective = Expression::from(0.0);
    let mut initial = Vec::new();
    for &c in &free {
        if let Some(vars) = &x[c] {
            for (k, var) in vars.iter().enumerate() {
                initial.push((*var, if board[c] as usize == k { 1.0 } else { 0.0 }));
            }
        }
    }
    for line in &search.lines {
        if !line.iter().any(|&c| x[c].is_some()) {
            continue;
        }
        let slack = variables.add(variable().binary());
        initial.push((slack, if broken(&count_of(board, line)) { 1.0 } else { 0.0 }));
        for p in 0..3 {
            let total: Expression = line.iter().map(|&c| value(c, p) + value(c, EMPTY as usize)).sum();
            constraints.push(constraint!(total <= 2.0 + slack));
        }
        objective += slack;
    }
    let read: Vec<Variable> = free.iter().flat_map(|&c| x[c].into_iter().flatten()).collect();
    let seconds = control.remaining().map_or(1.0, |d| d.as_secs_f64());
    let values = milp::minimise(
        Model {
            variables,
            objective,
            constraints,
            initial,
        },
        backend,
        seconds,
        &read,
    );
    let values = match values {
        Ok(values) => values,
        Err(MilpError::Infeasible | MilpError::NoSolutionInTime | MilpError::Solver(_)) => return None,
    };
    let mut repaired = board.to_vec();
    for (i, &c) in free.iter().enumerate() {
        let kind = (0..4).max_by(|&a, &b| values[4 * i + a].total_cmp(&values[4 * i + b]))?;
        repaired[c] = kind as u8;
    }
    Some(repaired)
}

fn count_of(board: &[u8], line: &[usize; 3]) -> [u8; 4] {
    let mut count = [0u8; 4];
    for &c in line {
        count[board[c] as usize] += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn lines_of_three_on_a_small_board() {
        // 4×4: rows 4×2, columns 4×2, diagonals 2×2 each way.
        assert_eq!(lines(4).len(), 8 + 8 + 4 + 4);
        assert_eq!(counts(10, 80), [27, 27, 26, 20]);
    }

    #[test]
    fn a_ten_by_ten_board_after_eighty_moves() {
        let control = Control::with_counted_time(Duration::from_secs(60));
        let outcome = solve(10, 80, &SearchOptions::default(), &control).unwrap();
        assert_eq!(outcome.broken_lines, 0, "best board:\n{}", outcome.board);
        assert_eq!(
            check::check(&outcome.board.to_string(), 10, 80),
            Vec::<String>::new()
        );
    }
}
