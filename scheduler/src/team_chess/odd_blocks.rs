//! Pairings for an odd number of teams, built from small blocks on each pair of boards.
//!
//! With N odd each pair of boards (1–2, 3–4, …) has exactly one float per round, and the
//! games of a board pair in a round form cycles on the teams (see `board_pairs`). The
//! near-1-factors of Z_N used by `pairing::odd_pairings` join the teams in one long cycle
//! through the float, whose direction the float fixes: no colour freedom at all. Here every
//! board pair and round is instead cut into blocks that keep cycles short:
//! - a triangle (a, c, d): a's upper player floats down to c's lower player (c has White,
//!   rule 9), a's lower player plays d's lower player, c's upper player plays d's upper one;
//! - doubles {x, y}: x and y play each other on both boards (a free colour bit);
//! - 4-cycles (x, y, z, w): upper x–y and z–w, lower y–z and w–x (one free bit, and four
//!   distinct meetings instead of a double, which rule 2 sometimes needs).
//!
//! Each double and 4-cycle carries one colour bit (which way round its cycle runs); the
//! triangle's colours are fixed by the float. Every team then has exactly one White per board
//! pair per round (Q_X = 0, rule 4). One annealing search moves teams between blocks, merges
//! or splits blocks and flips colour bits until rules 1, 2, 3, 7 and 8 hold, minimising
//! Q_Y + Q_Z: structure and colours together, because a structure chosen alone is seldom
//! colourable under rule 3 (measured on 11×10×3: most are not).

use super::colours::Colours;
use super::pairing::Pairing;
use super::{Match, PlayerRef, Size};
use crate::solver::{Control, Rng};

/// One board pair in one round: `order[0..3]` is the triangle (a, c, d), then blocks of the
/// sizes in `blocks` (2 or 4) in order, each with its colour bit in `bits`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cell {
    order: Vec<usize>,
    blocks: Vec<usize>,
    bits: Vec<bool>,
}

/// A player as (team, on the upper board of the pair?).
type Seat = (usize, bool);

impl Cell {
    /// Every game as (White, Black, is it the float).
    fn games(&self, mut emit: impl FnMut(Seat, Seat, bool)) {
        let o = &self.order;
        let (a, c, d) = (o[0], o[1], o[2]);
        // The float runs c → a (the upfloater has White, rule 9); round the triangle that
        // makes a White below and d White above.
        emit((c, false), (a, true), true);
        emit((a, false), (d, false), false);
        emit((d, true), (c, true), false);
        let mut at = 3;
        for (&size, &forward) in self.blocks.iter().zip(&self.bits) {
            let t = &o[at..at + size];
            // A cycle's games in order; running it forwards the first-named player is White.
            let cycle: &[(usize, usize, bool)] = if size == 2 {
                &[(0, 1, true), (1, 0, false)]
            } else {
                &[(0, 1, true), (1, 2, false), (2, 3, true), (3, 0, false)]
            };
            for &(x, y, upper) in cycle {
                let (white, black) = if forward { (t[x], t[y]) } else { (t[y], t[x]) };
                emit((white, upper), (black, upper), false);
            }
            at += size;
        }
    }
}

/// cells[j][r] for board pair j and round r.
type Plan = Vec<Vec<Cell>>;

/// How to take a step of the walk back.
enum Undo {
    /// The cell was exchanged with the one of this board pair and round.
    Exchange(usize, usize),
    /// The cell's blocks were merged or split; this was the cell.
    Reshape(Cell),
    Flip(usize),
    Swap(usize, usize),
}

/// How far a plan is from valid and good; Q_X is 0 by construction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Cost {
    /// Broken rules 1, 2, 7 and 8 (who meets whom and who floats).
    structure: u32,
    /// Broken rule 3 (colours).
    colours: u32,
    q_y: u32,
    /// Q_Z as a numerator over R·B(B+1).
    q_z: u64,
}

/// A plan's counts, kept up to date cell by cell so that a step of the walk costs the games
/// of the one or two cells it changes, not the whole plan (measured on 11×10×3: about 30×
/// fewer operations per step than recounting).
struct Tally {
    size: Size,
    /// meetings[x × N + y]: games between teams x and y (rule 2).
    meetings: Vec<i32>,
    /// met[player × N + team]: games of that player against that team (rule 1).
    met: Vec<i32>,
    /// Whites per player (rule 3).
    whites: Vec<i32>,
    /// Σ board·Whites per team (Q_Z).
    weighted: Vec<i64>,
    ups: Vec<i32>,
    downs: Vec<i32>,
    /// floated[(pair × N + team) × 2 + lower?]: floats of one player (rule 7).
    floated: Vec<i32>,
    cost: Cost,
}

impl Tally {
    fn new(size: Size, plan: &Plan) -> Self {
        let n = size.teams;
        let players = n * size.boards;
        let mut tally = Tally {
            size,
            meetings: vec![0; n * n],
            met: vec![0; players * n],
            whites: vec![0; players],
            weighted: vec![0; n],
            ups: vec![0; n],
            downs: vec![0; n],
            floated: vec![0; size.boards * n],
            cost: Cost::default(),
        };
        // The empty plan's cost: every pair of teams short of its meetings, every player of
        // Whites, every team of its Q_Z balance.
        let (least, _) = tally.meeting_range();
        tally.cost.structure = (n * (n - 1) / 2) as u32 * least as u32;
        tally.cost.colours = players as u32 * (size.rounds / 2) as u32;
        tally.cost.q_z = n as u64 * size.q_z_denominator() as u64;
        for (j, row) in plan.iter().enumerate() {
            for cell in row {
                tally.apply(j, cell, 1);
            }
        }
        tally
    }

    fn meeting_range(&self) -> (i32, i32) {
        let games = self.size.rounds * self.size.boards;
        let gaps = self.size.teams - 1;
        ((games / gaps) as i32, games.div_ceil(gaps) as i32)
    }

    /// A cell (board pair, round) and a position in its order holding one team of a game
    /// that breaks rule 2 (the two teams meet too often) or rule 1 (a player meets that team
    /// twice), searched from a random cell; `None` when no game breaks either.
    fn focus(&self, plan: &Plan, rng: &mut Rng) -> Option<(usize, usize, usize)> {
        let (n, boards) = (self.size.teams, self.size.boards);
        let (_, most) = self.meeting_range();
        let rounds = self.size.rounds;
        let cells = plan.len() * rounds;
        let start = rng.below(cells);
        let side = rng.below(2) == 0;
        for k in 0..cells {
            let (j, r) = ((start + k) % cells / rounds, (start + k) % rounds);
            let mut hit = None;
            plan[j][r].games(|(w, w_upper), (b, b_upper), _| {
                let pw = w * boards + 2 * j + usize::from(!w_upper);
                let pb = b * boards + 2 * j + usize::from(!b_upper);
                let broken =
                    self.meetings[w * n + b] > most || self.met[pw * n + b] > 1 || self.met[pb * n + w] > 1;
                if broken && hit.is_none() {
                    hit = Some(if side { w } else { b });
                }
            });
            if let Some(team) = hit {
                let at = plan[j][r].order.iter().position(|&t| t == team)?;
                return Some((j, r, at));
            }
        }
        None
    }

    /// Adds (`sign` 1) or removes (−1) the games and floats of `cell` on board pair `j`.
    fn apply(&mut self, j: usize, cell: &Cell, sign: i32) {
        let size = self.size;
        let (n, boards) = (size.teams, size.boards);
        let (least, most) = self.meeting_range();
        let (low, high) = ((size.rounds / 2) as i32, size.rounds.div_ceil(2) as i32);
        let cap = size.float_cap() as i32;
        let scale = size.q_z_denominator() as i64;
        let outside = |v: i32, lo: i32, hi: i32| ((lo - v).max(0) + (v - hi).max(0)) as i64;
        let mut structure = i64::from(self.cost.structure);
        let mut colours = i64::from(self.cost.colours);
        let mut q_y = i64::from(self.cost.q_y);
        let mut q_z = self.cost.q_z as i64;
        let board = |upper: bool| 2 * j + usize::from(!upper);
        cell.games(|(w, w_upper), (b, b_upper), _| {
            for slot in [w * n + b, b * n + w] {
                let m = &mut self.meetings[slot];
                // Each unordered pair is counted at both slots: halve by counting x < y only.
                let counted = slot == w.min(b) * n + w.max(b);
                if counted {
                    structure -= outside(*m, least, most);
                }
                *m += sign;
                if counted {
                    structure += outside(*m, least, most);
                }
            }
            let (pw, pb) = (w * boards + board(w_upper), b * boards + board(b_upper));
            for (player, team) in [(pw, b), (pb, w)] {
                let m = &mut self.met[player * n + team];
                structure -= i64::from((*m - 1).max(0));
                *m += sign;
                structure += i64::from((*m - 1).max(0));
            }
            let white = &mut self.whites[pw];
            colours -= outside(*white, low, high);
            *white += sign;
            colours += outside(*white, low, high);
            let weighted = &mut self.weighted[w];
            q_z -= (scale - 4 * *weighted).abs();
            *weighted += i64::from(sign) * (board(w_upper) as i64 + 1);
            q_z += (scale - 4 * *weighted).abs();
        });
        // The float: a's upper player down to c's lower player (rules 7 and 8, Q_Y).
        let (a, c) = (cell.order[0], cell.order[1]);
        for (team, lower) in [(a, false), (c, true)] {
            let once = &mut self.floated[((j * n) + team) * 2 + usize::from(lower)];
            structure -= i64::from((*once - 1).max(0));
            *once += sign;
            structure += i64::from((*once - 1).max(0));
        }
        for team in [a, c] {
            structure -= outside(self.ups[team], 0, cap) + outside(self.downs[team], 0, cap);
            q_y -= i64::from(self.ups[team].abs_diff(self.downs[team]));
        }
        self.downs[a] += sign;
        self.ups[c] += sign;
        for team in [a, c] {
            structure += outside(self.ups[team], 0, cap) + outside(self.downs[team], 0, cap);
            q_y += i64::from(self.ups[team].abs_diff(self.downs[team]));
        }
        self.cost = Cost {
            structure: structure as u32,
            colours: colours as u32,
            q_y: q_y as u32,
            q_z: q_z as u64,
        };
    }
}

/// The finding walk's starting temperature (in units of one broken rule / 4).
const FINDING_HEAT: f64 = 2.0;
/// The polishing walk's starting temperature (in units of Q_Z's numerator; its steps are 4).
const POLISH_HEAT: f64 = 8.0;
/// Steps without a new best after which a polish starts over from a fresh plan.
const POLISH_STALL: u64 = 400_000;
/// Steps after which a finding walk that has not reached a valid structure starts over.
const FIND_STALL: u64 = 250_000;

/// A better plan handed to the caller as soon as it is found: its pairing, its colours and
/// its Q numerator. The caller answers whether the search should go on.
pub(crate) type OnBetter<'a> = dyn FnMut(&Pairing, &Colours, u64) -> bool + 'a;

/// Searches block plans for an odd number of teams (and an even number of boards) until
/// `control` says stop, the plan reaches `bound` or `on_better` says enough. Each better
/// rule-abiding plan goes to `on_better` at once (so the caller can hand out the first
/// schedule without waiting for the search to end); the best is also returned, as a pairing
/// with its colours (`first` is always White) and its Q numerator.
pub(crate) fn odd_block_schedule(
    size: Size,
    bound: u64,
    seed: u64,
    control: &Control,
    on_better: &mut OnBetter,
) -> Option<(Pairing, Colours, u64)> {
    let n = size.teams;
    if n < 3 || n.is_multiple_of(2) || size.boards % 2 == 1 {
        return None;
    }
    let mut rng = Rng::new(seed);
    // Two phases. Finding: the walk minimises broken rules 1, 2, 7, 8 and Q_Y, colours aside
    // (measured: with rule 3 as well it rarely gets there; the rules alone are hard, rule 2
    // asking for exact meeting counts). Polishing, once the structure is valid and Q_Y = 0:
    // only such plans are accepted, and the walk flips colour bits, moves whole cells to other
    // board pairs and reshapes blocks to satisfy rule 3 and minimise Q_Z. A polish that stops
    // improving starts over from a fresh plan.
    let mut walk = Walk::new(size, &mut rng);
    let mut best: Option<(Plan, u64)> = None;
    let mut step = 0u64;
    // Each step recounts the games of up to two cells four times.
    let check_every = Control::steps_between_checks(40 * n);
    loop {
        step += 1;
        if step.is_multiple_of(check_every) && control.should_stop() {
            break;
        }
        if step.is_multiple_of(1024) {
            walk.pace(step, &mut rng);
        }
        let taken = walk.step(&mut rng);
        let candidate = walk.tally.cost;
        if !walk.accepts(candidate, &mut rng) {
            walk.take_back(taken);
            continue;
        }
        walk.current = candidate;
        if candidate.valid() && best.as_ref().is_none_or(|(_, best)| candidate.q(size) < *best) {
            let q = candidate.q(size);
            best = Some((walk.plan.clone(), q));
            walk.last_gain = step;
            let (pairing, colours) = coloured_matches(size, &walk.plan);
            let go_on = on_better(&pairing, &colours, q);
            if !go_on || q <= bound {
                break;
            }
        }
        if !walk.polishing && candidate.structure == 0 && candidate.q_y == 0 {
            walk.polishing = true;
            walk.temperature = POLISH_HEAT;
            walk.last_gain = step;
        }
    }
    best.map(|(plan, q)| {
        let (pairing, colours) = coloured_matches(size, &plan);
        (pairing, colours, q)
    })
}

impl Cost {
    /// The finding walk's score: broken rules 1, 2, 7 and 8 (weighted 4) and Q_Y.
    fn finding_score(self) -> f64 {
        f64::from(self.structure) * 4.0 + f64::from(self.q_y)
    }

    /// The polishing walk's score: broken rule 3 (weighted 20) and Q_Z.
    fn polish_score(self) -> f64 {
        f64::from(self.colours) * 20.0 + self.q_z as f64
    }

    /// Q's numerator over R·B(B+1).
    fn q(self, size: Size) -> u64 {
        u64::from(self.q_y) * size.q_z_denominator() as u64 + self.q_z
    }

    /// Whether every rule holds.
    fn valid(self) -> bool {
        self.structure == 0 && self.colours == 0
    }
}

/// A random cell: the teams shuffled, the ones past the triangle cut into doubles and
/// 4-cycles, each with a random colour bit.
fn random_cell(n: usize, rng: &mut Rng) -> Cell {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut blocks = Vec::new();
    let mut left = n - 3;
    while left > 0 {
        let size = if left >= 4 && rng.below(2) == 0 { 4 } else { 2 };
        blocks.push(size);
        left -= size;
    }
    let bits = blocks.iter().map(|_| rng.below(2) == 1).collect();
    Cell { order, blocks, bits }
}

/// A random plan: a random cell for every board pair and round.
fn fresh_plan(size: Size, rng: &mut Rng) -> Plan {
    (0..size.boards / 2)
        .map(|_| (0..size.rounds).map(|_| random_cell(size.teams, rng)).collect())
        .collect()
}

/// A step of the walk: the cell it changed (board pair, round), the cell exchanged with it
/// if any, and how to take it back.
struct Taken {
    j: usize,
    r: usize,
    partner: Option<(usize, usize)>,
    undo: Undo,
}

/// The annealing walk over block plans: the plan, its counts and the phase it is in.
struct Walk {
    size: Size,
    plan: Plan,
    tally: Tally,
    /// The cost of the plan as last accepted.
    current: Cost,
    /// Finding (false) or polishing (true).
    polishing: bool,
    temperature: f64,
    /// The step of the last better plan, restart or start of a polish.
    last_gain: u64,
}

impl Walk {
    /// A finding walk from a fresh random plan.
    fn new(size: Size, rng: &mut Rng) -> Self {
        let plan = fresh_plan(size, rng);
        let tally = Tally::new(size, &plan);
        Walk {
            size,
            current: tally.cost,
            plan,
            tally,
            polishing: false,
            temperature: FINDING_HEAT,
            last_gain: 0,
        }
    }

    /// Starts over from a fresh random plan, finding, at `step`.
    fn restart(&mut self, step: u64, rng: &mut Rng) {
        self.plan = fresh_plan(self.size, rng);
        self.tally = Tally::new(self.size, &self.plan);
        self.current = self.tally.cost;
        self.polishing = false;
        self.temperature = FINDING_HEAT;
        self.last_gain = step;
    }

    /// Every 1024 steps: cools the walk, reheats a finding walk, or starts over after a stall.
    fn pace(&mut self, step: u64, rng: &mut Rng) {
        if self.polishing {
            self.temperature = (self.temperature * 0.99).max(1.0);
            if step - self.last_gain > POLISH_STALL {
                self.restart(step, rng);
            }
        } else if step - self.last_gain > FIND_STALL {
            // Finding walks that get there mostly do so early (measured on 11×10×3 over
            // ten seeds: restarting after 250,000 steps, with a reheat every 100,000,
            // found the first plan in 1.3 s on average against 2.2 s): start over.
            self.restart(step, rng);
        } else {
            self.temperature = (self.temperature * 0.97).max(0.05);
            if step.is_multiple_of(1024 * 100) {
                self.temperature = FINDING_HEAT;
            }
        }
    }

    /// Makes one random move, keeping the counts up to date.
    fn step(&mut self, rng: &mut Rng) -> Taken {
        let size = self.size;
        let pairs = size.boards / 2;
        // Half the finding steps move a team out of a game that breaks rule 1 or 2.
        let focus = (!self.polishing && self.current.structure > 0 && rng.below(2) == 0)
            .then(|| self.tally.focus(&self.plan, rng))
            .flatten();
        let (j, r) = match focus {
            Some((j, r, _)) => (j, r),
            None => (rng.below(pairs), rng.below(size.rounds)),
        };
        // 0 (a swap) for a focused step.
        let choice = if focus.is_some() { 0 } else { rng.below(20) };
        // Once valid, moving a whole cell to another board pair is the main move: it keeps
        // every meeting and float (rules 2, 8, Q_Y) and changes which boards get the Whites.
        let partner = (self.polishing && choice < 7 && pairs > 1).then(|| {
            let other = rng.below(pairs - 1);
            (other + usize::from(other >= j), rng.below(size.rounds))
        });
        self.tally.apply(j, &self.plan[j][r], -1);
        if let Some((j2, r2)) = partner {
            self.tally.apply(j2, &self.plan[j2][r2], -1);
        }
        // The move, and how to take it back without copying the cell for the common ones.
        let undo = if let Some((j2, r2)) = partner {
            swap_cells(&mut self.plan, (j, r), (j2, r2));
            Undo::Exchange(j2, r2)
        } else {
            let at = focus.map(|(_, _, at)| at);
            change_cell(&mut self.plan[j][r], choice, self.polishing, at, size.teams, rng)
        };
        self.tally.apply(j, &self.plan[j][r], 1);
        if let Some((j2, r2)) = partner {
            self.tally.apply(j2, &self.plan[j2][r2], 1);
        }
        Taken { j, r, partner, undo }
    }

    /// Whether the walk moves to a plan costing `candidate`: downhill always, uphill by
    /// chance; a polishing walk keeps a valid structure with Q_Y = 0.
    fn accepts(&self, candidate: Cost, rng: &mut Rng) -> bool {
        if self.polishing {
            let rise = candidate.polish_score() - self.current.polish_score();
            candidate.structure == 0
                && candidate.q_y == 0
                && (rise <= 0.0 || rng.unit() < (-rise / self.temperature).exp())
        } else {
            let rise = candidate.finding_score() - self.current.finding_score();
            rise <= 0.0 || rng.unit() < (-rise / self.temperature).exp()
        }
    }

    /// Takes a rejected step back, counts and all.
    fn take_back(&mut self, taken: Taken) {
        let Taken { j, r, partner, undo } = taken;
        let plan = &mut self.plan;
        self.tally.apply(j, &plan[j][r], -1);
        if let Some((j2, r2)) = partner {
            self.tally.apply(j2, &plan[j2][r2], -1);
        }
        match undo {
            Undo::Exchange(j2, r2) => swap_cells(plan, (j, r), (j2, r2)),
            Undo::Reshape(old) => plan[j][r] = old,
            Undo::Flip(k) => plan[j][r].bits[k] = !plan[j][r].bits[k],
            Undo::Swap(x, y) => plan[j][r].order.swap(x, y),
        }
        self.tally.apply(j, &plan[j][r], 1);
        if let Some((j2, r2)) = partner {
            self.tally.apply(j2, &plan[j2][r2], 1);
        }
    }
}

/// Changes one cell by move `choice`: reshapes its blocks, flips a colour bit (polishing) or
/// swaps two teams (the first at `focus` when given); how to take it back.
fn change_cell(
    cell: &mut Cell,
    choice: usize,
    polishing: bool,
    focus: Option<usize>,
    n: usize,
    rng: &mut Rng,
) -> Undo {
    if choice % 10 == 9 && !cell.blocks.is_empty() {
        // Merge two doubles into a 4-cycle, or split a 4-cycle into two doubles.
        let old = cell.clone();
        let k = rng.below(cell.blocks.len());
        if cell.blocks[k] == 4 {
            cell.blocks.splice(k..=k, [2, 2]);
            cell.bits.insert(k, rng.below(2) == 1);
        } else if cell.blocks.get(k + 1) == Some(&2) {
            cell.blocks.splice(k..k + 2, [4]);
            cell.bits.remove(k);
        }
        Undo::Reshape(old)
    } else if polishing && choice < 17 && !cell.bits.is_empty() {
        let k = rng.below(cell.bits.len());
        cell.bits[k] = !cell.bits[k];
        Undo::Flip(k)
    } else {
        let x = focus.unwrap_or_else(|| rng.below(n));
        let y = rng.below(n);
        cell.order.swap(x, y);
        Undo::Swap(x, y)
    }
}

/// A plan's games; its colours are carried by the order (`first` always White).
/// Exchanges the cells at `a` and `b` (board pair, round) of two different board pairs.
fn swap_cells(plan: &mut Plan, a: (usize, usize), b: (usize, usize)) {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let (head, tail) = plan.split_at_mut(high.0);
    std::mem::swap(&mut head[low.0][low.1], &mut tail[0][high.1]);
}

fn coloured_matches(size: Size, plan: &Plan) -> (Pairing, Colours) {
    let pairing = matches(size, plan);
    let colours = pairing.iter().map(|round| vec![true; round.len()]).collect();
    (pairing, colours)
}

fn matches(size: Size, plan: &Plan) -> Pairing {
    (0..size.rounds)
        .map(|r| {
            let mut games = Vec::with_capacity(size.teams * size.boards / 2);
            for (j, row) in plan.iter().enumerate() {
                let player = |(team, upper): Seat| PlayerRef::new(team, 2 * j + usize::from(!upper));
                row[r].games(|white, black, float| {
                    games.push(Match::new(player(white), player(black), float));
                });
            }
            games
        })
        .collect()
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The walk adds and removes single cells; the counts must always equal a recount.
    #[test]
    fn the_tally_follows_every_move() {
        let size = Size {
            teams: 7,
            boards: 4,
            rounds: 3,
        };
        let mut rng = Rng::new(9);
        let mut plan: Plan = (0..2)
            .map(|_| {
                (0..3)
                    .map(|_| Cell {
                        order: (0..7).collect(),
                        blocks: vec![2, 2],
                        bits: vec![false, true],
                    })
                    .collect()
            })
            .collect();
        let mut tally = Tally::new(size, &plan);
        for _ in 0..2_000 {
            let (j, r) = (rng.below(2), rng.below(3));
            tally.apply(j, &plan[j][r], -1);
            let cell = &mut plan[j][r];
            match rng.below(3) {
                0 => cell.order.swap(rng.below(7), rng.below(7)),
                1 => {
                    let k = rng.below(cell.bits.len());
                    cell.bits[k] = !cell.bits[k];
                }
                _ if cell.blocks == [4] => {
                    cell.blocks = vec![2, 2];
                    cell.bits = vec![true, false];
                }
                _ => {
                    cell.blocks = vec![4];
                    cell.bits = vec![true];
                }
            }
            tally.apply(j, &plan[j][r], 1);
            assert_eq!(tally.cost, Tally::new(size, &plan).cost);
        }
    }

    /// The plan's own accounting must agree with what its games say: Q_X = 0, floats White,
    /// every player one game a round, within one board.
    #[test]
    fn block_plans_are_balanced_games() {
        let size = Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        };
        // Random search: a few seeds (a plan usually comes in about a second).
        let (pairing, colours, q) = (1..=5)
            .find_map(|seed| {
                let control = Control::with_counted_time(Duration::from_secs(10));
                odd_block_schedule(
                    size,
                    size.lower_bound_numerator(),
                    seed,
                    &control,
                    &mut |_, _, _| true,
                )
            })
            .expect("a plan within 5 × 10 s");
        assert!(q >= size.lower_bound_numerator());
        for (round, whites) in pairing.iter().zip(&colours) {
            assert!(whites.iter().all(|&w| w), "colours are carried by the order");
            let mut played = vec![0; size.teams * size.boards];
            let mut team_whites = vec![0; size.teams];
            for game in round {
                assert!(game.first.board.abs_diff(game.second.board) <= 1);
                assert_ne!(game.first.team, game.second.team);
                played[game.first.index(size.boards)] += 1;
                played[game.second.index(size.boards)] += 1;
                team_whites[game.first.team] += 1;
                if game.forced_white {
                    assert_eq!(game.first.board, game.second.board + 1, "the upfloater is White");
                }
            }
            assert!(played.iter().all(|&p| p == 1));
            assert!(team_whites.iter().all(|&w| w == size.boards / 2));
        }
        // The argument behind `Size::lower_bound_numerator`: the floats fix the sum over the
        // teams of 4Σ l·w_l − R·B(B+1) at R·B, so Q_Z ≥ 30/330 here.
        let mut weighted = vec![0i64; size.teams];
        for round in &pairing {
            for game in round {
                weighted[game.first.team] += game.first.board as i64 + 1;
            }
        }
        let scale = size.q_z_denominator() as i64;
        let total: i64 = weighted.iter().map(|&s| 4 * s - scale).sum();
        assert_eq!(total, (size.rounds * size.boards) as i64);
        assert!(q >= 30);
    }
}
