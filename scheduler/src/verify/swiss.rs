//! Checks one Swiss round from plain data (numbers, not the engine's types): every entrant
//! plays exactly once or has the bye, matches are of two (or one of three for an odd field),
//! nobody has a second bye unless everyone has had one and it was said so, and no two entrants
//! meet again unless the pairing declared it — and then that the repeats could not be fewer.
//!
//! The last check shares nothing with the pairing engine (which uses Edmonds' blossom
//! algorithm): the largest number of meetings free of repeats is read from the rank of a
//! Tutte matrix with random entries modulo a prime (Lovász: the rank is twice the size of a
//! maximum matching, with probability at least 1 − n/p for each draw; two draws are taken and
//! the larger kept, so a "could be fewer" finding is never a false alarm and a missed one
//! has odds below one in a million). For a three-way match the check is that no choice of
//! three entrants who have not met leaves the rest a repeat-free pairing; it tries every such
//! three, so it is made for fields of up to [`THREE_WAY_CHECK_LIMIT`] entrants.

use std::collections::HashSet;

/// The largest field whose three-way round with repeats is checked (every three is tried).
pub const THREE_WAY_CHECK_LIMIT: usize = 25;

/// One paired Swiss round and what came before, as plain numbers: entrants are 0..`entrants`.
#[derive(Debug, Clone, Copy)]
pub struct SwissRoundData<'a> {
    /// How many entrants the round pairs.
    pub entrants: usize,
    /// Every two entrants who met in an earlier round.
    pub met_before: &'a [(usize, usize)],
    /// Every entrant who had a bye in an earlier round.
    pub byes_before: &'a [usize],
    /// The round's matches: two entrants each, or three for one three-way match.
    pub groups: &'a [Vec<usize>],
    /// Who has the bye.
    pub bye: Option<usize>,
    /// The repeat meetings the pairing said it could not avoid.
    pub declared_repeats: &'a [(usize, usize)],
    /// The pairing said the bye is a second one (everyone has had one).
    pub second_bye_declared: bool,
}

/// Every problem with the round, in words; empty when it is right.
pub fn check_swiss_round(data: &SwissRoundData) -> Vec<String> {
    let mut problems = Vec::new();
    let n = data.entrants;
    let met: HashSet<(usize, usize)> = data
        .met_before
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    check_attendance(data, &mut problems);
    if !problems.is_empty() {
        return problems;
    }
    let had_bye: HashSet<usize> = data.byes_before.iter().copied().collect();
    if let Some(b) = data.bye
        && had_bye.contains(&b)
    {
        let everyone_had = (0..n).all(|e| had_bye.contains(&e));
        if !everyone_had || !data.second_bye_declared {
            problems.push(format!("entrant {} has a second bye", b + 1));
        }
    }
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    for group in data.groups {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                if met.contains(&(a.min(b), a.max(b))) {
                    repeats.push((a.min(b), a.max(b)));
                }
            }
        }
    }
    repeats.sort_unstable();
    let mut declared: Vec<(usize, usize)> = data
        .declared_repeats
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    declared.sort_unstable();
    let unmatched = [
        (&repeats, &declared, "meet again and it was not declared"),
        (
            &declared,
            &repeats,
            "are declared as meeting again but do not meet",
        ),
    ];
    for (pairs, others, what) in unmatched {
        for p in pairs.iter().filter(|p| !others.contains(p)) {
            problems.push(format!("entrants {} and {} {what}", p.0 + 1, p.1 + 1));
        }
    }
    if !repeats.is_empty() {
        check_repeats_unavoidable(data, &met, &had_bye, repeats.len(), &mut problems);
    }
    problems
}

/// One table of a long three-way match in one of its two rounds, as plain numbers: its
/// number, the teams whose pairs sit N-S and E-W, and the boards it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LongTableData {
    /// The table's number.
    pub table: u32,
    /// The team whose pair sits N-S.
    pub ns: usize,
    /// The team whose pair sits E-W.
    pub ew: usize,
    /// The boards played at the table in this round.
    pub boards: Vec<u32>,
}

/// A long three-way match (three teams over two rounds) as plain numbers: its tables in each
/// round, the teams seated anywhere else in those rounds, and who played one before.
#[derive(Debug, Clone, Copy)]
pub struct LongThreeWayData<'a> {
    /// The three teams.
    pub teams: [usize; 3],
    /// Its three tables in its first round.
    pub first: &'a [LongTableData],
    /// Its three tables in its second round (empty while that round is not paired).
    pub second: &'a [LongTableData],
    /// How many boards a full match has: every meeting is one.
    pub boards_per_match: usize,
    /// Every team seated at another table, or on a bye, in the first round.
    pub elsewhere_first: &'a [usize],
    /// The same in the second round.
    pub elsewhere_second: &'a [usize],
    /// Which of the three played a long three-way match in an earlier round.
    pub played_one_before: &'a [usize],
    /// The pairing said a team plays a second one (no three fresh ones would do).
    pub second_declared: bool,
}

/// Every problem with a long three-way match, in words; empty when it is right. Each round:
/// three tables, each team's pairs once N-S and once E-W, no board at two tables, the three
/// teams nowhere else. Across the two rounds: the N-S pairs stay at their tables, each table's
/// boards go to another table where the same two teams play them with the directions
/// swapped (a full match), and each two of the three meet exactly once.
pub fn check_long_three_way(data: &LongThreeWayData) -> Vec<String> {
    let mut problems = Vec::new();
    let [a, b, c] = data.teams;
    if a == b || b == c || a == c {
        problems.push(format!(
            "the three teams are not three: {}, {} and {}",
            a + 1,
            b + 1,
            c + 1
        ));
        return problems;
    }
    let rounds = [
        ("first", data.first, data.elsewhere_first),
        ("second", data.second, data.elsewhere_second),
    ];
    for (which, tables, elsewhere) in rounds {
        if which == "second" && tables.is_empty() {
            continue;
        }
        check_long_round(data, which, tables, elsewhere, &mut problems);
    }
    if !data.second.is_empty() && problems.is_empty() {
        check_long_sets(data, &mut problems);
    }
    if !data.played_one_before.is_empty() && !data.second_declared {
        let teams: Vec<String> = data
            .played_one_before
            .iter()
            .map(|t| (t + 1).to_string())
            .collect();
        problems.push(format!(
            "team(s) {} play a second long three-way match and it was not declared",
            teams.join(", ")
        ));
    }
    problems
}

/// One round of a long three-way match: three tables, each of the three teams once N-S and
/// once E-W, no board at two tables, full matches' boards, none of the teams elsewhere.
fn check_long_round(
    data: &LongThreeWayData,
    which: &str,
    tables: &[LongTableData],
    elsewhere: &[usize],
    problems: &mut Vec<String>,
) {
    if tables.len() != 3 {
        problems.push(format!(
            "the {which} round has {} table(s), not three",
            tables.len()
        ));
        return;
    }
    for team in data.teams {
        let ns = tables.iter().filter(|t| t.ns == team).count();
        let ew = tables.iter().filter(|t| t.ew == team).count();
        if ns != 1 || ew != 1 {
            problems.push(format!(
                "in the {which} round team {} sits N-S at {ns} table(s) and E-W at {ew}, not one each",
                team + 1
            ));
        }
        if elsewhere.contains(&team) {
            problems.push(format!(
                "team {} is also paired elsewhere in the {which} round",
                team + 1
            ));
        }
    }
    let mut seen: HashSet<u32> = HashSet::new();
    for t in tables {
        if t.ns == t.ew || !data.teams.contains(&t.ns) || !data.teams.contains(&t.ew) {
            problems.push(format!(
                "table {} in the {which} round does not seat two of the three",
                t.table
            ));
        }
        if t.boards.len() != data.boards_per_match {
            problems.push(format!(
                "table {} in the {which} round plays {} board(s), not a full match's {}",
                t.table,
                t.boards.len(),
                data.boards_per_match
            ));
        }
        for board in &t.boards {
            if !seen.insert(*board) {
                problems.push(format!("board {board} is at two tables in the {which} round"));
            }
        }
    }
}

/// Across the two rounds: N-S pairs stay put, each first-round table's boards are played in
/// the second round at another table by the same two teams with directions swapped, and the
/// three matches are the three pairs of teams.
fn check_long_sets(data: &LongThreeWayData, problems: &mut Vec<String>) {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for first in data.first {
        let stays = data
            .second
            .iter()
            .any(|t| t.ns == first.ns && t.table == first.table);
        if !stays {
            problems.push(format!(
                "team {}'s N-S pair does not stay at table {} in the second round",
                first.ns + 1,
                first.table
            ));
        }
        let Some(later) = data.second.iter().find(|t| t.boards == first.boards) else {
            problems.push(format!(
                "the boards of table {} are not played together at one table in the second round",
                first.table
            ));
            continue;
        };
        if later.table == first.table || later.ns != first.ew || later.ew != first.ns {
            problems.push(format!(
                "the boards of table {} go to table {}, where teams {} and {} do not play them with the directions swapped",
                first.table,
                later.table,
                first.ns + 1,
                first.ew + 1
            ));
        }
        pairs.push((first.ns.min(first.ew), first.ns.max(first.ew)));
    }
    pairs.sort_unstable();
    pairs.dedup();
    if pairs.len() != 3 {
        problems.push("the three matches are not the three pairs of teams, each meeting once".to_owned());
    }
}

/// Every entrant once, at one match or on the bye; matches of the right sizes.
fn check_attendance(data: &SwissRoundData, problems: &mut Vec<String>) {
    let n = data.entrants;
    let mut seen = vec![0usize; n];
    let mut threes = 0;
    for group in data.groups {
        match group.len() {
            2 => {}
            3 => threes += 1,
            size => problems.push(format!("a match of {size} entrants")),
        }
        for &e in group {
            match seen.get_mut(e) {
                Some(count) => *count += 1,
                None => problems.push(format!("entrant {} does not exist ({n} entrants)", e + 1)),
            }
        }
    }
    if let Some(b) = data.bye {
        match seen.get_mut(b) {
            Some(count) => *count += 1,
            None => problems.push(format!("the bye goes to entrant {}, who does not exist", b + 1)),
        }
    }
    for (e, &count) in seen.iter().enumerate() {
        if count != 1 {
            problems.push(format!("entrant {} is in the round {count} times", e + 1));
        }
    }
    let odd_places = threes + usize::from(data.bye.is_some());
    if odd_places != n % 2 {
        problems.push(format!(
            "{n} entrants with {threes} three-way match(es) and {} bye(s)",
            usize::from(data.bye.is_some())
        ));
    }
}

/// Declared repeats must be the fewest possible: the matching size of the "not met" graph (and
/// the bye) says how few.
fn check_repeats_unavoidable(
    data: &SwissRoundData,
    met: &HashSet<(usize, usize)>,
    had_bye: &HashSet<usize>,
    count: usize,
    problems: &mut Vec<String>,
) {
    let n = data.entrants;
    let three_way = data.groups.iter().any(|g| g.len() == 3);
    if three_way {
        if n > THREE_WAY_CHECK_LIMIT {
            problems.push(format!(
                "a three-way round of {n} entrants with repeats cannot be checked (the check tries every three, up to {THREE_WAY_CHECK_LIMIT} entrants)"
            ));
            return;
        }
        if let Some((a, b, c)) = repeat_free_three_way(n, met) {
            problems.push(format!(
                "the round could be played without a repeat: entrants {}, {} and {} in the three-way match and the rest paired",
                a + 1,
                b + 1,
                c + 1
            ));
        }
        return;
    }
    // The bye as one more vertex, joined to everyone who may take it.
    let size = n + n % 2;
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if !met.contains(&(a, b)) {
                edges.push((a, b));
            }
        }
    }
    if n % 2 == 1 {
        let anyone = (0..n).all(|e| had_bye.contains(&e));
        for e in 0..n {
            if anyone || !had_bye.contains(&e) {
                edges.push((e, n));
            }
        }
    }
    let fewest = size / 2 - matching_size(size, &edges);
    if count > fewest {
        problems.push(format!(
            "{count} repeat meetings, but a pairing with {fewest} exists"
        ));
    }
}

/// Three entrants who have not met one another and leave the rest a repeat-free pairing.
fn repeat_free_three_way(n: usize, met: &HashSet<(usize, usize)>) -> Option<(usize, usize, usize)> {
    let free = |a: usize, b: usize| !met.contains(&(a.min(b), a.max(b)));
    for a in 0..n {
        for b in a + 1..n {
            if !free(a, b) {
                continue;
            }
            for c in b + 1..n {
                if !free(a, c) || !free(b, c) {
                    continue;
                }
                let rest: Vec<usize> = (0..n).filter(|&e| e != a && e != b && e != c).collect();
                let mut edges = Vec::new();
                for (i, &x) in rest.iter().enumerate() {
                    for (j, &y) in rest.iter().enumerate().skip(i + 1) {
                        if free(x, y) {
                            edges.push((i, j));
                        }
                    }
                }
                if matching_size(rest.len(), &edges) * 2 == rest.len() {
                    return Some((a, b, c));
                }
            }
        }
    }
    None
}

/// The prime the Tutte matrix is taken modulo (2³¹ − 1).
const PRIME: u64 = 2_147_483_647;

/// The size of a maximum matching of the graph, from the rank of its Tutte matrix with random
/// entries (the larger of two draws).
fn matching_size(n: usize, edges: &[(usize, usize)]) -> usize {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d ^ (n as u64).wrapping_mul(0x9e37_79b9) ^ edges.len() as u64;
    let mut best = 0;
    for _ in 0..2 {
        let mut matrix = vec![vec![0u64; n]; n];
        for &(a, b) in edges {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = state % (PRIME - 1) + 1;
            matrix[a][b] = x;
            matrix[b][a] = PRIME - x;
        }
        best = best.max(rank_mod_prime(&mut matrix) / 2);
    }
    best
}

/// The rank of a square matrix over the integers modulo [`PRIME`] (Gaussian elimination).
fn rank_mod_prime(matrix: &mut [Vec<u64>]) -> usize {
    let n = matrix.len();
    let mut rank = 0;
    for col in 0..n {
        let Some(pivot) = (rank..n).find(|&r| matrix[r][col] != 0) else {
            continue;
        };
        matrix.swap(rank, pivot);
        let inverse = inverse_mod_prime(matrix[rank][col]);
        let pivot_row = matrix[rank].clone();
        for (r, row) in matrix.iter_mut().enumerate() {
            if r == rank || row[col] == 0 {
                continue;
            }
            let factor = row[col] * inverse % PRIME;
            for (cell, &p) in row.iter_mut().zip(&pivot_row).skip(col) {
                let sub = factor * p % PRIME;
                *cell = (*cell + PRIME - sub) % PRIME;
            }
        }
        rank += 1;
    }
    rank
}

/// The inverse of a non-zero `value` modulo [`PRIME`], by the extended Euclidean algorithm.
fn inverse_mod_prime(value: u64) -> u64 {
    let (mut old_r, mut r) = (value as i64, PRIME as i64);
    let (mut old_s, mut s) = (1i64, 0i64);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    old_s.rem_euclid(PRIME as i64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data<'a>(
        n: usize,
        met: &'a [(usize, usize)],
        groups: &'a [Vec<usize>],
        bye: Option<usize>,
        declared: &'a [(usize, usize)],
    ) -> SwissRoundData<'a> {
        SwissRoundData {
            entrants: n,
            met_before: met,
            byes_before: &[],
            groups,
            bye,
            declared_repeats: declared,
            second_bye_declared: false,
        }
    }

    #[test]
    fn matching_sizes_from_the_tutte_rank() {
        // A path of 4 has a perfect matching; a star of 4 only one edge; a triangle one.
        assert_eq!(matching_size(4, &[(0, 1), (1, 2), (2, 3)]), 2);
        assert_eq!(matching_size(4, &[(0, 1), (0, 2), (0, 3)]), 1);
        assert_eq!(matching_size(3, &[(0, 1), (1, 2), (0, 2)]), 1);
        assert_eq!(matching_size(0, &[]), 0);
        for v in [1, 2, 12345, PRIME - 1] {
            assert_eq!(v * inverse_mod_prime(v) % PRIME, 1);
        }
    }

    #[test]
    fn a_good_round_passes_and_broken_ones_are_named() {
        let groups = vec![vec![0, 1], vec![2, 3]];
        assert!(check_swiss_round(&data(5, &[], &groups, Some(4), &[])).is_empty());
        let missing = check_swiss_round(&data(5, &[], &groups, None, &[]));
        assert!(
            missing
                .iter()
                .any(|p| p.contains("entrant 5 is in the round 0 times"))
        );
        let twice = vec![vec![0, 1], vec![1, 2]];
        assert!(!check_swiss_round(&data(4, &[], &twice, None, &[])).is_empty());
    }

    #[test]
    fn an_undeclared_or_avoidable_repeat_is_caught() {
        let groups = vec![vec![0, 1], vec![2, 3]];
        let met = [(0, 1)];
        let undeclared = check_swiss_round(&data(4, &met, &groups, None, &[]));
        assert!(undeclared.iter().any(|p| p.contains("not declared")));
        // 0-2, 1-3 avoids it.
        let avoidable = check_swiss_round(&data(4, &met, &groups, None, &[(0, 1)]));
        assert!(avoidable.iter().any(|p| p.contains("a pairing with 0 exists")));
        // When 0 met everyone, the repeat is forced and passes.
        let all = [(0, 1), (0, 2), (0, 3)];
        assert!(check_swiss_round(&data(4, &all, &groups, None, &[(0, 1)])).is_empty());
    }

    #[test]
    fn a_second_bye_needs_everyone_to_have_had_one() {
        let groups = vec![vec![0, 1]];
        let mut d = data(3, &[], &groups, Some(2), &[]);
        let byes = [2];
        d.byes_before = &byes;
        assert!(check_swiss_round(&d).iter().any(|p| p.contains("second bye")));
        let all = [0, 1, 2];
        d.byes_before = &all;
        d.second_bye_declared = true;
        assert!(check_swiss_round(&d).is_empty());
    }

    #[test]
    fn a_three_way_repeat_is_checked_by_trying_every_three() {
        // 5 entrants, 3-4 met: {0,1,2} three-way + 3-4 repeats, but {2,3,... } avoids it.
        let met = [(3, 4)];
        let groups = vec![vec![0, 1, 2], vec![3, 4]];
        let found = check_swiss_round(&data(5, &met, &groups, None, &[(3, 4)]));
        assert!(found.iter().any(|p| p.contains("without a repeat")), "{found:?}");
    }

    /// A long three-way of teams 4, 5 and 6 at tables 7–9 over sets 9–12, 13–16 and 29–32:
    /// the first round's rows and the second's, as the procedure seats them.
    fn long_rows() -> (Vec<LongTableData>, Vec<LongTableData>) {
        let row = |table, ns, ew, boards: &[u32]| LongTableData {
            table,
            ns,
            ew,
            boards: boards.to_vec(),
        };
        let (s1, s2, s3) = ([9, 10, 11, 12], [13, 14, 15, 16], [29, 30, 31, 32]);
        (
            vec![row(7, 4, 6, &s1), row(8, 5, 4, &s2), row(9, 6, 5, &s3)],
            vec![row(7, 4, 5, &s2), row(8, 5, 6, &s3), row(9, 6, 4, &s1)],
        )
    }

    fn long_data<'a>(
        first: &'a [LongTableData],
        second: &'a [LongTableData],
        elsewhere_second: &'a [usize],
    ) -> LongThreeWayData<'a> {
        LongThreeWayData {
            teams: [4, 5, 6],
            first,
            second,
            boards_per_match: 4,
            elsewhere_first: &[0, 1, 2, 3],
            elsewhere_second,
            played_one_before: &[],
            second_declared: false,
        }
    }

    #[test]
    fn a_long_three_way_as_the_procedure_seats_it_passes() {
        let (first, second) = long_rows();
        assert_eq!(
            check_long_three_way(&long_data(&first, &second, &[0, 1, 2, 3])),
            Vec::<String>::new()
        );
        // Its first round alone, before the second is paired, passes too.
        assert_eq!(
            check_long_three_way(&long_data(&first, &[], &[])),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_team_of_the_three_paired_elsewhere_in_the_second_round_is_caught() {
        let (first, second) = long_rows();
        let problems = check_long_three_way(&long_data(&first, &second, &[0, 1, 5, 3]));
        assert!(
            problems.contains(&"team 6 is also paired elsewhere in the second round".to_owned()),
            "{problems:?}"
        );
    }

    #[test]
    fn a_set_at_two_tables_in_one_round_is_caught() {
        let (first, mut second) = long_rows();
        second[1].boards = second[0].boards.clone();
        let problems = check_long_three_way(&long_data(&first, &second, &[0, 1, 2, 3]));
        assert!(
            problems.contains(&"board 13 is at two tables in the second round".to_owned()),
            "{problems:?}"
        );
        // Its first round with a set at two tables is caught the same way.
        let (mut first, second) = long_rows();
        first[2].boards = first[0].boards.clone();
        let problems = check_long_three_way(&long_data(&first, &second, &[0, 1, 2, 3]));
        assert!(
            problems.contains(&"board 9 is at two tables in the first round".to_owned()),
            "{problems:?}"
        );
    }

    #[test]
    fn boards_that_do_not_swap_directions_or_a_second_undeclared_long_one_are_caught() {
        let (first, mut second) = long_rows();
        // Table 9's second-round pair the wrong way round: 4 N-S and 6 E-W would play set 1
        // in the same directions as in the first round.
        second.swap(0, 2);
        second[0].table = 7;
        second[2].table = 9;
        let problems = check_long_three_way(&long_data(&first, &second, &[0, 1, 2, 3]));
        assert!(!problems.is_empty(), "{problems:?}");
        let (first, second) = long_rows();
        let mut data = long_data(&first, &second, &[0, 1, 2, 3]);
        data.played_one_before = &[5];
        let problems = check_long_three_way(&data);
        assert_eq!(
            problems,
            ["team(s) 6 play a second long three-way match and it was not declared"]
        );
        data.second_declared = true;
        assert!(check_long_three_way(&data).is_empty());
    }
}
