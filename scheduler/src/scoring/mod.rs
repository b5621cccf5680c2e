//! Scoring rules, each a pure function of entered results: bridge contract scores and
//! matchpoints/IMPs, chess points and tie-breaks, league tables. The event module decides
//! which results feed which rule.

pub mod bridge;
pub mod chess;
pub mod league;
pub mod pairs;

/// Ranks for a list already sorted best first: entries with equal keys share the rank of the
/// first of them ("1, 1, 3").
pub fn shared_ranks<K: PartialEq>(keys: &[K]) -> Vec<u32> {
    let mut ranks: Vec<u32> = Vec::with_capacity(keys.len());
    for i in 0..keys.len() {
        let rank = if i > 0 && keys[i] == keys[i - 1] {
            ranks[i - 1]
        } else {
            i as u32 + 1
        };
        ranks.push(rank);
    }
    ranks
}

#[cfg(test)]
mod tests {
    #[test]
    fn equal_keys_share_the_first_rank() {
        assert_eq!(
            super::shared_ranks(&[9, 7, 7, 5, 5, 5, 1]),
            vec![1, 2, 2, 4, 4, 4, 7]
        );
        assert!(super::shared_ranks::<u8>(&[]).is_empty());
    }
}
