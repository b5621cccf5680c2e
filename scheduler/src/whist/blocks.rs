//! A complete rotation for 4N+1 players from a pairwise balanced design: a set of blocks,
//! each of 5, 9, 13, … players (a size with a complete rotation of its own), such that every
//! pair of players lies in exactly one block.
//!
//! Round x is the round in which player x sits out: every block containing x plays the round
//! of its own rotation in which x sits out. Every other player y shares exactly one block with
//! x, so y plays exactly once in round x; each block's rotation has one round per member (its
//! sit-out), so every round of every block is played exactly once; and a pair meets only in
//! its block's rotation, where it partners once and opposes twice. When every block's rotation
//! is directed, so is the whole (each pair's left and right hands are decided in its block).
//!
//! The design used here: a transversal design TD(k, m) (`transversal.rs`) with one new point ∞
//! added to each of its k groups. Its blocks have k players and its groups, with ∞, m + 1; so
//! 4N+1 = k·m + 1 with k ≡ 1 (mod 4) and m ≡ 0 (mod 4): 201 = 5·40 + 1 (blocks of 5 and 41),
//! 321 = 5·64 + 1, 341 = 5·68 + 1, 381 = 5·76 + 1, and smaller counts that have cyclic rotations
//! anyway (21 = 5·4 + 1 is the projective plane of order 4).

use super::listed::Listed;
use super::transversal::td;

/// The rotation for `players` built from `blocks` (lists of players; every pair of players in
/// exactly one block), each block playing `inner(size)`, a complete rotation of that many
/// players with one sitting out each round. `None` when the parts do not fit.
pub fn from_blocks(
    players: usize,
    blocks: &[Vec<u32>],
    inner: &dyn Fn(usize) -> Option<Listed>,
) -> Option<Listed> {
    if players % 4 != 1 {
        return None;
    }
    let mut rounds: Vec<Vec<[u32; 4]>> = vec![Vec::new(); players];
    let mut rotations: Vec<(usize, Listed)> = Vec::new();
    for block in blocks {
        let k = block.len();
        if block.iter().any(|&p| p as usize >= players) {
            return None;
        }
        if !rotations.iter().any(|(size, _)| *size == k) {
            let rotation = inner(k)?;
            let one_out = rotation.sit_out.iter().all(|s| s.len() == 1);
            if rotation.players != k || !rotation.complete || rotation.cycle_length() != k || !one_out {
                return None;
            }
            rotations.push((k, rotation));
        }
        let rotation = &rotations.iter().find(|(size, _)| *size == k)?.1;
        for (tables, out) in rotation.rounds.iter().zip(&rotation.sit_out) {
            let x = block[out[0] as usize] as usize;
            rounds[x].extend(tables.iter().map(|t| t.map(|label| block[label as usize])));
        }
    }
    // A block's rotation keeps some players on one side for many rounds running; turning every
    // table a quarter (N→E→S→W: the same partners, the same left-hand neighbours, the pairs
    // swapped between N–S and E–W) in every other round breaks those runs up.
    for round in rounds.iter_mut().skip(1).step_by(2) {
        for table in round.iter_mut() {
            table.rotate_right(1);
        }
    }
    // Each round must seat everyone but its sitter: a cheap check that the blocks cover every
    // pair through that player once (the verifier checks the rest).
    if rounds.iter().any(|r| r.len() != (players - 1) / 4) {
        return None;
    }
    Some(Listed {
        players,
        rounds,
        sit_out: (0..players as u32).map(|x| vec![x]).collect(),
        stationary: None,
        complete: true,
        kind: "non-cyclic",
    })
}

/// The blocks of a TD(k, m) with one point added to every group (the design described above),
/// for `players` = k·m + 1; the smallest k ≡ 1 (mod 4) that works, with m.
pub fn td_with_a_point(players: usize) -> Option<(Vec<Vec<u32>>, usize, usize)> {
    let rest = players.checked_sub(1)?;
    (5..=rest).step_by(4).find_map(|k| {
        if rest % k != 0 {
            return None;
        }
        let m = rest / k;
        if m % 4 != 0 || k > m + 1 {
            return None;
        }
        let design = td(k, m)?;
        let point = |i: usize, x: u32| (i * m) as u32 + x;
        let infinity = rest as u32;
        let mut blocks: Vec<Vec<u32>> = design
            .blocks
            .iter()
            .map(|b| b.iter().enumerate().map(|(i, &x)| point(i, x)).collect())
            .collect();
        blocks.extend((0..k).map(|i| {
            let mut group: Vec<u32> = (0..m as u32).map(|x| point(i, x)).collect();
            group.push(infinity);
            group
        }));
        Some((blocks, k, m))
    })
}

/// The rotation for `players` from `td_with_a_point`, each block playing `inner(size)`.
pub fn rotation(players: usize, inner: &dyn Fn(usize) -> Option<Listed>) -> Option<Listed> {
    let (blocks, _, _) = td_with_a_point(players)?;
    from_blocks(players, &blocks, inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::listed::verified;
    use crate::whist::plan::complete_starter;

    /// A complete rotation for k players, directed where one is known.
    fn inner(k: usize) -> Option<Listed> {
        complete_starter(k, true)
            .or_else(|| complete_starter(k, false))
            .map(|(s, _)| Listed::from_starter(&s, true))
    }

    #[test]
    fn every_pair_lies_in_exactly_one_block() {
        for v in [21, 41, 81, 201] {
            let (blocks, k, m) = td_with_a_point(v).unwrap();
            assert_eq!(k * m + 1, v);
            let mut seen = vec![0u8; v * v];
            for b in &blocks {
                for (i, &x) in b.iter().enumerate() {
                    for &y in &b[i + 1..] {
                        seen[x as usize * v + y as usize] += 1;
                        seen[y as usize * v + x as usize] += 1;
                    }
                }
            }
            for x in 0..v {
                for y in 0..v {
                    assert_eq!(seen[x * v + y], u8::from(x != y), "{v}: {x}, {y}");
                }
            }
        }
    }

    #[test]
    fn small_and_large_counts_verify_directed_when_their_blocks_are() {
        // 21: five-player blocks (the projective plane of order 4); 41: 5 and 9; 81: 5 and 17;
        // 201: 5 and 41; 321: 5 and 65; 381: 5 and 77 — all directed blocks.
        for v in [21, 41, 81, 201, 321, 381] {
            let listed = rotation(v, &inner).unwrap_or_else(|| panic!("{v}"));
            assert_eq!((listed.cycle_length(), listed.tables()), (v, (v - 1) / 4));
            verified(&listed, true).unwrap_or_else(|e| panic!("{v}: {e}"));
        }
        // 341: blocks of 5 and 69, whose rotation is not directed: complete, not directed.
        let listed = rotation(341, &inner).unwrap();
        verified(&listed, false).unwrap();
        assert!(verified(&listed, true).is_err());
    }

    /// Nobody sits N–S (or E–W) for long runs of rounds, and the sides are about even.
    #[test]
    fn sides_alternate() {
        let listed = rotation(201, &inner).unwrap();
        let mut side: Vec<Vec<bool>> = vec![Vec::new(); 201];
        for round in &listed.rounds {
            for t in round {
                for (seat, &p) in t.iter().enumerate() {
                    side[p as usize].push(seat % 2 == 0);
                }
            }
        }
        for (p, sides) in side.iter().enumerate() {
            let north_south = sides.iter().filter(|&&s| s).count();
            let longest = sides
                .chunk_by(|a, b| a == b)
                .map(<[bool]>::len)
                .max()
                .unwrap_or(0);
            // Measured: 95–104 of 200 N–S, runs of at most 4 (81 before the turning).
            assert!(
                north_south.abs_diff(100) <= 10,
                "player {p}: {north_south} of 200 N–S"
            );
            assert!(longest <= 6, "player {p}: {longest} rounds running on one side");
        }
    }

    #[test]
    fn counts_without_such_a_design_and_bad_parts_are_refused() {
        // 213 − 1 = 4·53 and 249 − 1 = 8·31 have no divisor k ≡ 1 (mod 4) with k ≤ m + 1.
        for v in [213, 237, 249, 297, 309, 393] {
            assert!(td_with_a_point(v).is_none(), "{v}");
        }
        assert!(
            rotation(80, &inner).is_none(),
            "4N players have no sitter per round"
        );
        // A pair in two blocks (and another in none) is caught by the round sizes.
        let (mut blocks, _, _) = td_with_a_point(21).unwrap();
        blocks[0][1] = blocks[1][1];
        assert!(from_blocks(21, &blocks, &inner).is_none());
        // A rotation for the wrong size is refused.
        let (blocks, _, _) = td_with_a_point(21).unwrap();
        assert!(from_blocks(21, &blocks, &|_| inner(9)).is_none());
    }
}
