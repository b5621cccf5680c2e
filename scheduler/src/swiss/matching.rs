//! Edmonds' blossom algorithm on a small dense graph, the way the Swiss pairing uses it: a
//! maximum matching, and from a matching that leaves exactly one vertex `s` uncovered, the set
//! of vertices reachable from `s` by an even alternating path (the vertices some maximum
//! matching leaves uncovered). Vertices can be taken out as the pairing commits them.
//!
//! One search is the textbook single-root search: a breadth-first alternating tree from an
//! uncovered root, odd cycles (blossoms) shrunk onto their base as they are found, O(V²) per
//! search on an adjacency matrix. Our own code, written for this module.

/// No vertex: an uncovered vertex's partner, an unset parent.
const NONE: usize = usize::MAX;

/// A graph with a matching on it, and the working arrays of one search.
#[derive(Debug, Clone)]
pub(crate) struct Matching {
    /// Neighbours of each vertex (both ways), in the order they were added.
    adjacent: Vec<Vec<usize>>,
    /// The same edges as a matrix, for constant-time tests.
    edge: Vec<bool>,
    /// Whether the vertex is still in the graph.
    alive: Vec<bool>,
    /// Each vertex's partner, `NONE` when uncovered.
    partner: Vec<usize>,
    // The search's arrays.
    parent: Vec<usize>,
    base: Vec<usize>,
    outer: Vec<bool>,
    in_blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: Vec<usize>,
}

impl Matching {
    /// `n` vertices, no edges, nothing matched.
    pub(crate) fn new(n: usize) -> Matching {
        Matching {
            adjacent: vec![Vec::new(); n],
            edge: vec![false; n * n],
            alive: vec![true; n],
            partner: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            outer: vec![false; n],
            in_blossom: vec![false; n],
            seen: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// The number of vertices, removed ones included.
    pub(crate) fn len(&self) -> usize {
        self.alive.len()
    }

    /// Adds the edge a–b (once; a loop or a repeated edge is ignored).
    pub(crate) fn add_edge(&mut self, a: usize, b: usize) {
        let n = self.len();
        if a == b || a >= n || b >= n || self.edge[a * n + b] {
            return;
        }
        self.edge[a * n + b] = true;
        self.edge[b * n + a] = true;
        self.adjacent[a].push(b);
        self.adjacent[b].push(a);
    }

    /// Whether a–b is an edge.
    pub(crate) fn has_edge(&self, a: usize, b: usize) -> bool {
        let n = self.len();
        a < n && b < n && self.edge[a * n + b]
    }

    /// Whether `v` is still in the graph.
    pub(crate) fn is_alive(&self, v: usize) -> bool {
        self.alive.get(v).copied().unwrap_or(false)
    }

    /// `v`'s partner, if covered.
    pub(crate) fn partner(&self, v: usize) -> Option<usize> {
        self.partner.get(v).copied().filter(|&p| p != NONE)
    }

    /// Matches a and b directly (both must be uncovered; the caller checks the edge).
    pub(crate) fn join(&mut self, a: usize, b: usize) {
        self.partner[a] = b;
        self.partner[b] = a;
    }

    /// Uncovers `v` and its partner.
    pub(crate) fn unmatch(&mut self, v: usize) {
        if let Some(p) = self.partner(v) {
            self.partner[p] = NONE;
        }
        self.partner[v] = NONE;
    }

    /// Takes `v` out of the graph (its partner, if any, is left uncovered).
    pub(crate) fn remove(&mut self, v: usize) {
        self.unmatch(v);
        self.alive[v] = false;
    }

    /// The number of matched edges among live vertices.
    pub(crate) fn size(&self) -> usize {
        (0..self.len())
            .filter(|&v| self.alive[v] && self.partner(v).is_some_and(|p| p > v && self.alive[p]))
            .count()
    }

    /// A maximum matching of the live vertices, grown from the current one: a greedy start,
    /// then a search from every uncovered vertex (a vertex once left unaugmented never gains
    /// a path later, so one pass is enough).
    pub(crate) fn maximise(&mut self) {
        for v in 0..self.len() {
            if !self.alive[v] || self.partner[v] != NONE {
                continue;
            }
            let free = self.adjacent[v]
                .iter()
                .copied()
                .find(|&w| self.alive[w] && self.partner[w] == NONE);
            if let Some(w) = free {
                self.join(v, w);
            }
        }
        for v in 0..self.len() {
            if self.alive[v] && self.partner[v] == NONE {
                self.augment_from(v);
            }
        }
    }

    /// Searches for an augmenting path from the uncovered `root` and flips it; whether one
    /// was found.
    pub(crate) fn augment_from(&mut self, root: usize) -> bool {
        match self.search(root) {
            Some(end) => {
                self.flip(end);
                true
            }
            None => false,
        }
    }

    /// The vertices reachable from the uncovered `root` by an even alternating path (root
    /// included), when the search finds no augmenting path — always so when `root` is the
    /// only uncovered vertex. `None` when it found an augmenting path (nothing is changed).
    pub(crate) fn even_set(&mut self, root: usize) -> Option<Vec<bool>> {
        match self.search(root) {
            Some(_) => None,
            None => Some(self.outer.clone()),
        }
    }

    /// One alternating-tree search from `root`; the uncovered vertex it reached, if any.
    /// After a search without success, `outer` marks the even vertices.
    fn search(&mut self, root: usize) -> Option<usize> {
        self.parent.fill(NONE);
        self.outer.fill(false);
        for (v, base) in self.base.iter_mut().enumerate() {
            *base = v;
        }
        self.queue.clear();
        self.outer[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let mut next_edge = 0;
            while let Some(&to) = self.adjacent[v].get(next_edge) {
                next_edge += 1;
                if !self.alive[to] || self.base[v] == self.base[to] || self.partner[v] == to {
                    continue;
                }
                if to == root || (self.partner[to] != NONE && self.parent[self.partner[to]] != NONE) {
                    self.shrink(v, to);
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.partner[to] == NONE {
                        return Some(to);
                    }
                    let next = self.partner[to];
                    self.outer[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    /// The edge v–to closes an odd cycle: every vertex of it takes the cycle's base, and the
    /// odd ones become outer.
    fn shrink(&mut self, v: usize, to: usize) {
        let top = self.common_base(v, to);
        self.in_blossom.iter_mut().for_each(|b| *b = false);
        self.mark_path(v, top, to);
        self.mark_path(to, top, v);
        for i in 0..self.len() {
            if self.in_blossom[self.base[i]] {
                self.base[i] = top;
                if !self.outer[i] {
                    self.outer[i] = true;
                    self.queue.push(i);
                }
            }
        }
    }

    /// The base of the smallest blossom holding both a and b: where their paths to the root
    /// meet.
    fn common_base(&mut self, a: usize, b: usize) -> usize {
        self.seen.iter_mut().for_each(|s| *s = false);
        let mut a = a;
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if self.partner[a] == NONE {
                break;
            }
            a = self.parent[self.partner[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[self.partner[b]];
        }
    }

    /// Marks the blossom's vertices on the path from `v` down to `top`, pointing their parents
    /// the other way round the cycle.
    fn mark_path(&mut self, v: usize, top: usize, child: usize) {
        let (mut v, mut child) = (v, child);
        while self.base[v] != top {
            let mate = self.partner[v];
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[mate]] = true;
            self.parent[v] = child;
            child = mate;
            v = self.parent[mate];
        }
    }

    /// Flips the augmenting path that ends at the uncovered `end`.
    fn flip(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let up = self.parent[v];
            let next = self.partner[up];
            self.partner[v] = up;
            self.partner[up] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Matching;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Matching {
        let mut m = Matching::new(n);
        for &(a, b) in edges {
            m.add_edge(a, b);
        }
        m
    }

    /// The largest matching by trying every subset of edges (tiny graphs only).
    fn brute(n: usize, edges: &[(usize, usize)]) -> usize {
        let mut best = 0;
        for mask in 0u32..(1 << edges.len()) {
            let mut used = vec![false; n];
            let mut ok = true;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    if used[a] || used[b] {
                        ok = false;
                        break;
                    }
                    used[a] = true;
                    used[b] = true;
                }
            }
            if ok {
                best = best.max(mask.count_ones() as usize);
            }
        }
        best
    }

    #[test]
    fn a_blossom_is_shrunk_to_find_the_augmenting_path() {
        // A 5-cycle 0-1-2-3-4 with a tail 4-5 and 0-6: the greedy start can strand 5 or 6.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5), (1, 6)];
        let mut m = graph(7, &edges);
        m.join(0, 1);
        m.join(2, 3);
        m.maximise();
        assert_eq!(m.size(), 3);
        assert_eq!(brute(7, &edges), 3);
    }

    #[test]
    fn maximum_matchings_of_random_small_graphs_agree_with_brute_force() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let mut edges = Vec::new();
            for a in 0..7 {
                for b in a + 1..7 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if (seed >> 33).is_multiple_of(3) && edges.len() < 14 {
                        edges.push((a, b));
                    }
                }
            }
            let mut m = graph(7, &edges);
            m.maximise();
            assert_eq!(m.size(), brute(7, &edges), "{edges:?}");
        }
    }

    #[test]
    fn the_even_set_is_where_the_uncovered_vertex_can_move() {
        // Path 0-1-2-3-4 matched 1-2, 3-4: 0 uncovered; even vertices are 0, 2, 4.
        let mut m = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        m.join(1, 2);
        m.join(3, 4);
        let even = m.even_set(0).unwrap();
        assert_eq!(even, vec![true, false, true, false, true]);
    }
}
