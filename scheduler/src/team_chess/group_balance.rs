//! Exactly balanced directions for the cycles of one group of boards (`even_rounds`), found by
//! augmenting paths instead of a blind depth-first search.
//!
//! Each cycle gives one count (a White on the group's first board) to some teams when it runs
//! one way and to others when it runs the other way; every team must end with exactly
//! `target`. Most cycles are "doubles" (both boards of a pair on one factor): a game between
//! two teams that gives its count to one of them, i.e. an edge to orient. Orienting a graph
//! so that every vertex has a prescribed out-degree is a flow problem: start anywhere, then
//! reverse paths from a team with too many counts to one with too few; when no such path
//! exists from some team, the teams it reaches have more counts than their edges can carry,
//! which proves that no orientation exists (Hakimi's theorem). The few long cycles (where the
//! two boards of a pair play different factors) give counts to half their teams either way;
//! their directions are enumerated (all of them when few, a random sample otherwise) and the
//! doubles are oriented exactly for each.
//!
//! Measured on 18 × 12 × 4 (28 Nov 2026): the depth-first search this replaces ran out of its
//! node budget on about a quarter of the groups, all-doubles groups included (which always
//! balance: every team then has an even degree), so fewer than one drawn pairing in 2,000
//! balanced.

use crate::solver::Rng;

/// The directions of long cycles tried at most per group: every one of them up to this many.
const HYPER_TRIALS: usize = 4096;

/// For each cycle, the teams that gain a count when it runs backwards (`[0]`) and forwards
/// (`[1]`).
pub(super) type Gains = [Vec<usize>; 2];

/// Directions (true = forwards) that give every one of `teams` teams exactly `target`
/// counts, or `None` when none was found: proved for groups of doubles alone, otherwise
/// among the long cycles' directions tried.
pub(super) fn balance(teams: usize, target: i32, cycles: &[Gains], rng: &mut Rng) -> Option<Vec<bool>> {
    let is_edge = |g: &Gains| g[0].len() == 1 && g[1].len() == 1 && g[0][0] != g[1][0];
    let (edges, long): (Vec<usize>, Vec<usize>) = (0..cycles.len()).partition(|&c| is_edge(&cycles[c]));
    let ends: Vec<(usize, usize)> = edges
        .iter()
        .map(|&c| (cycles[c][0][0], cycles[c][1][0]))
        .collect();
    let mut degree = vec![0i32; teams];
    for &(a, b) in &ends {
        degree[a] += 1;
        degree[b] += 1;
    }
    let all = long.len() < 63 && (1usize << long.len()) <= HYPER_TRIALS;
    let trials = if all { 1usize << long.len() } else { HYPER_TRIALS };
    let offset = rng.below(trials);
    for trial in 0..trials {
        let directions: Vec<bool> = if all {
            let mask = trial ^ offset;
            (0..long.len()).map(|i| mask >> i & 1 == 1).collect()
        } else {
            (0..long.len()).map(|_| rng.below(2) == 1).collect()
        };
        let Some(demand) = demands(teams, target, cycles, &long, &directions, &degree) else {
            continue;
        };
        if let Some(oriented) = orient(teams, &ends, &demand, rng) {
            let mut result = vec![false; cycles.len()];
            for (&c, &forward) in long.iter().zip(&directions) {
                result[c] = forward;
            }
            for (&c, forward) in edges.iter().zip(oriented) {
                result[c] = forward;
            }
            return Some(result);
        }
    }
    None
}

/// What the doubles must still give each team once the long cycles run as `directions`, or
/// `None` when some team is already past `target` or cannot reach it with its doubles.
fn demands(
    teams: usize,
    target: i32,
    cycles: &[Gains],
    long: &[usize],
    directions: &[bool],
    degree: &[i32],
) -> Option<Vec<i32>> {
    let mut demand = vec![target; teams];
    for (&c, &forward) in long.iter().zip(directions) {
        for &team in &cycles[c][usize::from(forward)] {
            demand[team] -= 1;
        }
    }
    demand
        .iter()
        .zip(degree)
        .all(|(&d, &deg)| (0..=deg).contains(&d))
        .then_some(demand)
}

/// Orients each edge (`false`: its first end gains, `true`: its second) so that every team
/// gains exactly `demand`, or `None` when that is impossible. The start is greedy (each edge,
/// in a random order, to the end further from its demand), so that few paths are needed on
/// large graphs.
pub(super) fn orient(
    teams: usize,
    ends: &[(usize, usize)],
    demand: &[i32],
    rng: &mut Rng,
) -> Option<Vec<bool>> {
    if demand.iter().sum::<i32>() != ends.len() as i32 {
        return None;
    }
    let mut incident = vec![Vec::new(); teams];
    for (e, &(a, b)) in ends.iter().enumerate() {
        incident[a].push(e);
        incident[b].push(e);
    }
    let gainer = |forward: &[bool], e: usize| if forward[e] { ends[e].1 } else { ends[e].0 };
    let mut forward = vec![false; ends.len()];
    let mut excess: Vec<i32> = demand.iter().map(|&d| -d).collect();
    let mut order: Vec<usize> = (0..ends.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for e in order {
        let (a, b) = ends[e];
        forward[e] = excess[b] < excess[a] || (excess[b] == excess[a] && rng.below(2) == 1);
        excess[gainer(&forward, e)] += 1;
    }
    for start in 0..teams {
        while excess[start] > 0 {
            let path = path_to_deficit(start, &incident, ends, &forward, &excess)?;
            for &e in &path {
                forward[e] = !forward[e];
            }
            let end = gainer(&forward, *path.last()?);
            excess[start] -= 1;
            excess[end] += 1;
        }
    }
    Some(forward)
}

/// The edges of a shortest path from `start` to a team short of its demand, each edge
/// currently giving its count to the team the path leaves (so that reversing them all moves
/// one count from `start` to the path's end); `None` when there is none.
fn path_to_deficit(
    start: usize,
    incident: &[Vec<usize>],
    ends: &[(usize, usize)],
    forward: &[bool],
    excess: &[i32],
) -> Option<Vec<usize>> {
    let mut came_by: Vec<Option<usize>> = vec![None; incident.len()];
    let mut seen = vec![false; incident.len()];
    seen[start] = true;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(team) = queue.pop_front() {
        for &e in &incident[team] {
            let (a, b) = ends[e];
            let (holder, other) = if forward[e] { (b, a) } else { (a, b) };
            if holder != team || seen[other] {
                continue;
            }
            seen[other] = true;
            came_by[other] = Some(e);
            if excess[other] < 0 {
                return Some(walk_back(other, start, &came_by, ends));
            }
            queue.push_back(other);
        }
    }
    None
}

/// The edges from `start` to `end` along `came_by`, in order.
fn walk_back(end: usize, start: usize, came_by: &[Option<usize>], ends: &[(usize, usize)]) -> Vec<usize> {
    let mut path = Vec::new();
    let mut team = end;
    while team != start {
        let Some(e) = came_by[team] else { break };
        path.push(e);
        let (a, b) = ends[e];
        team = if a == team { b } else { a };
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_regular_multigraph_is_balanced_from_any_start() {
        // Four rounds of the 6-team circle method: 4-regular, so every team can gain 2.
        let mut cycles = Vec::new();
        for f in 0..4 {
            cycles.push([vec![5], vec![f]]);
            for j in 1..3 {
                cycles.push([vec![(f + j) % 5], vec![(f + 5 - j) % 5]]);
            }
        }
        for seed in 1..20 {
            let directions = balance(6, 2, &cycles, &mut Rng::new(seed)).expect("balanced");
            let mut gains = [0; 6];
            for (gain, forward) in cycles.iter().zip(directions) {
                for &team in &gain[usize::from(forward)] {
                    gains[team] += 1;
                }
            }
            assert_eq!(gains, [2; 6], "seed {seed}");
        }
    }

    #[test]
    fn an_impossible_demand_is_refused() {
        // A triangle of single edges: every team can gain 1, never 2 each (3 edges, 6 wanted).
        let cycles = vec![[vec![0], vec![1]], [vec![1], vec![2]], [vec![2], vec![0]]];
        assert!(balance(3, 2, &cycles, &mut Rng::new(1)).is_none());
        assert!(balance(3, 1, &cycles, &mut Rng::new(1)).is_some());
        // A long cycle giving teams 0 and 1 or teams 2 and 3 a count, and one edge between
        // teams 0 and 1: either way round two teams are left without one.
        let cycles = vec![[vec![0, 1], vec![2, 3]], [vec![0], vec![1]]];
        assert!(balance(4, 1, &cycles, &mut Rng::new(1)).is_none());
    }
}

/// Counts each vertex may end with, and the total each group of vertices (a team's players)
/// must end with: the bounds of `orient_within`.
pub(super) struct Bounds<'a> {
    /// The least count of each vertex.
    pub low: &'a [i32],
    /// The most count of each vertex.
    pub high: &'a [i32],
    /// Each vertex's group.
    pub group: &'a [usize],
    /// Each group's total.
    pub total: &'a [i32],
}

/// Orients each edge (`true`: its second end gains) so that every vertex ends within its
/// bounds and every group with its total, or `None` when the paths below find no way: first
/// counts above their most are moved away, then counts below their least are filled, then
/// counts move from groups above their total to groups below, each move along a path of edges
/// reversed together (which changes only its two ends' counts).
pub(super) fn orient_within(ends: &[(usize, usize)], bounds: &Bounds, rng: &mut Rng) -> Option<Vec<bool>> {
    let vertices = bounds.low.len();
    let mut incident = vec![Vec::new(); vertices];
    for (e, &(a, b)) in ends.iter().enumerate() {
        incident[a].push(e);
        incident[b].push(e);
    }
    let mut state = Orientation {
        ends,
        incident: &incident,
        forward: vec![false; ends.len()],
        count: vec![0; vertices],
    };
    let mut order: Vec<usize> = (0..ends.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    // Greedy start: each edge to the end further below its least.
    for e in order {
        let (a, b) = ends[e];
        let need = |v: usize, count: &[i32]| bounds.low[v] - count[v];
        state.forward[e] = need(b, &state.count) > need(a, &state.count);
        let gainer = if state.forward[e] { b } else { a };
        state.count[gainer] += 1;
    }
    while state.shift(|v, c| c[v] > bounds.high[v], |w, c| c[w] < bounds.high[w]) {}
    while state.shift(|v, c| c[v] > bounds.low[v], |w, c| c[w] < bounds.low[w]) {}
    let fits = |c: &[i32]| (0..vertices).all(|v| (bounds.low[v]..=bounds.high[v]).contains(&c[v]));
    if !fits(&state.count) {
        return None;
    }
    let mut sums = vec![0i32; bounds.total.len()];
    for v in 0..vertices {
        sums[bounds.group[v]] += state.count[v];
    }
    while let Some((from, to)) = state.shift_between_groups(bounds, &sums) {
        sums[bounds.group[from]] -= 1;
        sums[bounds.group[to]] += 1;
    }
    (sums == bounds.total).then_some(state.forward)
}

/// How a search reached a vertex: along an edge, or handed on from a vertex of its group.
#[derive(Clone, Copy)]
enum Step {
    Edge(usize),
    Pass(usize),
}

/// An orientation being adjusted: each edge's direction and each vertex's count.
struct Orientation<'a> {
    ends: &'a [(usize, usize)],
    incident: &'a [Vec<usize>],
    forward: Vec<bool>,
    count: Vec<i32>,
}

impl Orientation<'_> {
    /// Moves one count from a vertex that is `from` to one that is `to` along a path; whether
    /// one was moved.
    fn shift(&mut self, from: impl Fn(usize, &[i32]) -> bool, to: impl Fn(usize, &[i32]) -> bool) -> bool {
        self.shift_ends(from, to).is_some()
    }

    /// As `shift`, returning the path's two ends. A breadth-first search from every `from`
    /// vertex at once, along edges that give their count to the vertex the path leaves.
    fn shift_ends(
        &mut self,
        from: impl Fn(usize, &[i32]) -> bool,
        to: impl Fn(usize, &[i32]) -> bool,
    ) -> Option<(usize, usize)> {
        let vertices = self.count.len();
        let mut came_by: Vec<Option<usize>> = vec![None; vertices];
        let mut seen = vec![false; vertices];
        let mut queue = std::collections::VecDeque::new();
        for v in (0..vertices).filter(|&v| from(v, &self.count)) {
            seen[v] = true;
            queue.push_back(v);
        }
        while let Some(vertex) = queue.pop_front() {
            for &e in &self.incident[vertex] {
                let (a, b) = self.ends[e];
                let (holder, other) = if self.forward[e] { (b, a) } else { (a, b) };
                if holder != vertex || seen[other] {
                    continue;
                }
                seen[other] = true;
                came_by[other] = Some(e);
                if to(other, &self.count) {
                    return Some(self.reverse_path(other, &came_by));
                }
                queue.push_back(other);
            }
        }
        None
    }

    /// Moves one count from a group above its total to one below, keeping every vertex within
    /// its bounds: a path of edges as in `shift_ends`, which may pass through a group by
    /// handing the count from the vertex it reached to another vertex of that group (one
    /// with a count above its least) and going on from there. Returns the path's two ends.
    fn shift_between_groups(&mut self, bounds: &Bounds, sums: &[i32]) -> Option<(usize, usize)> {
        let vertices = self.count.len();
        let mut members = vec![Vec::new(); bounds.total.len()];
        for v in 0..vertices {
            members[bounds.group[v]].push(v);
        }
        let over = |g: usize| sums[g] > bounds.total[g];
        let under = |g: usize| sums[g] < bounds.total[g];
        let gives = |v: usize, count: &[i32]| count[v] > bounds.low[v];
        let takes = |v: usize, count: &[i32]| count[v] < bounds.high[v];
        let mut came_by: Vec<Option<Step>> = vec![None; vertices];
        let mut seen = vec![false; vertices];
        let mut passed = vec![false; bounds.total.len()];
        let mut queue = std::collections::VecDeque::new();
        for v in (0..vertices).filter(|&v| over(bounds.group[v]) && gives(v, &self.count)) {
            seen[v] = true;
            queue.push_back(v);
        }
        while let Some(vertex) = queue.pop_front() {
            let group = bounds.group[vertex];
            if takes(vertex, &self.count) && !over(group) && came_by[vertex].is_some() {
                if under(group) {
                    return Some(self.reverse_steps(vertex, &came_by));
                }
                if !passed[group] {
                    passed[group] = true;
                    for &other in &members[group] {
                        if !seen[other] && gives(other, &self.count) {
                            seen[other] = true;
                            came_by[other] = Some(Step::Pass(vertex));
                            queue.push_back(other);
                        }
                    }
                }
            }
            for &e in &self.incident[vertex] {
                let (a, b) = self.ends[e];
                let (holder, other) = if self.forward[e] { (b, a) } else { (a, b) };
                if holder == vertex && !seen[other] {
                    seen[other] = true;
                    came_by[other] = Some(Step::Edge(e));
                    queue.push_back(other);
                }
            }
        }
        None
    }

    /// Applies the steps that end at `end`: edges reversed, counts handed on within a group;
    /// returns (start, end).
    fn reverse_steps(&mut self, end: usize, came_by: &[Option<Step>]) -> (usize, usize) {
        self.count[end] += 1;
        let mut vertex = end;
        while let Some(step) = came_by[vertex] {
            vertex = match step {
                Step::Edge(e) => {
                    self.forward[e] = !self.forward[e];
                    let (a, b) = self.ends[e];
                    if a == vertex { b } else { a }
                }
                Step::Pass(from) => {
                    // `vertex` gave its count to `from`, which received the path's.
                    self.count[vertex] -= 1;
                    self.count[from] += 1;
                    from
                }
            };
        }
        self.count[vertex] -= 1;
        (vertex, end)
    }

    /// Reverses the path that ends at `end` (back along `came_by` to a vertex with none) and
    /// updates the two ends' counts; returns (start, end).
    fn reverse_path(&mut self, end: usize, came_by: &[Option<usize>]) -> (usize, usize) {
        let mut vertex = end;
        while let Some(e) = came_by[vertex] {
            self.forward[e] = !self.forward[e];
            let (a, b) = self.ends[e];
            vertex = if a == vertex { b } else { a };
        }
        self.count[vertex] -= 1;
        self.count[end] += 1;
        (vertex, end)
    }
}
