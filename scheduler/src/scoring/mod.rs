//! Scoring rules, each a pure function of entered results: bridge contract scores and
//! matchpoints/IMPs, victory points for a team match's IMP margin (`victory_points`), chess
//! points and tie-breaks, league tables; team matches, Swiss pairs rounds and teams standings
//! (`teams`); and a board's par from its double-dummy table
//! (`par`). The event module decides which results feed which rule.

pub mod bridge;
pub mod chess;
pub mod league;
pub mod pairs;
pub mod par;
pub mod teams;
pub mod victory_points;

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

/// A place as a results list prints it: "4", or "4=" when it is shared with another entry
/// (the EBU's and the ACBL's way of writing a tie). Every standings table, the score cards and
/// the USEBIO export write places with this, so a tie reads the same everywhere.
pub fn place_text(rank: u32, shared: bool) -> String {
    if shared {
        format!("{rank}=")
    } else {
        rank.to_string()
    }
}

/// The places of a list already sorted best first, as printed: entries with equal keys share
/// the place of the first of them and are marked shared ("1", "2=", "2=", "4"). The keys may be
/// the ranks themselves (a table ranked by its own tie-breaks): equal ranks are a shared place.
pub fn places<K: PartialEq>(keys: &[K]) -> Vec<String> {
    let ranks = shared_ranks(keys);
    ranks
        .iter()
        .enumerate()
        .map(|(i, &rank)| {
            let shared =
                (i > 0 && keys[i] == keys[i - 1]) || keys.get(i + 1).is_some_and(|next| *next == keys[i]);
            place_text(rank, shared)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn shared_places_are_marked() {
        assert_eq!(
            super::places(&[9, 7, 7, 5, 5, 5, 1]),
            vec!["1", "2=", "2=", "4=", "4=", "4=", "7"]
        );
        assert_eq!(super::places(&[1u32, 2, 2]), vec!["1", "2=", "2="]);
        assert_eq!(super::place_text(3, false), "3");
        assert!(super::places::<u8>(&[]).is_empty());
    }

    #[test]
    fn equal_keys_share_the_first_rank() {
        assert_eq!(
            super::shared_ranks(&[9, 7, 7, 5, 5, 5, 1]),
            vec![1, 2, 2, 4, 4, 4, 7]
        );
        assert!(super::shared_ranks::<u8>(&[]).is_empty());
    }
}
