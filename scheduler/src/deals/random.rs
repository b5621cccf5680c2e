//! Random deals for a dealing machine: a Fisher–Yates shuffle of the 52 cards, each swap
//! index drawn without bias by rejection sampling, from the project's SplitMix64 generator
//! (`solver::Rng`) seeded by the organiser. The same seed gives the same deals, and the first
//! boards of a longer set are the same as those of a shorter one.
//!
//! Uniform, with one honest limit: there are about 5.36 × 10^28 different deals, while a
//! 64-bit seed starts at most 2^64 ≈ 1.8 × 10^19 different sequences, so one seed's first
//! board is one of at most 2^64 deals. Every deal is equally likely as far as the generator's
//! output is uniform, but the seed cannot reach them all; for a club evening (the players do
//! not know the seed) this does not matter.

use super::board::{Board, Direction};
use super::card::Card;
use super::deal::Deal;
use crate::solver::Rng;

/// A number in 0..n, every value equally likely (for n ≥ 1; 0 for n = 0). Draws 64-bit
/// numbers and rejects those in the incomplete last block of n values, so no value is
/// favoured (a plain `% n` or a multiply-shift favours some values slightly).
pub fn uniform_below(rng: &mut Rng, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    // The largest multiple of n that fits: draws at or above it are rejected (fewer than
    // one in two draws, whatever n).
    let zone = (u64::MAX / n) * n;
    loop {
        let draw = rng.next_u64();
        if draw < zone {
            return draw % n;
        }
    }
}

/// The next deal from `rng`: the pack shuffled (Fisher–Yates, from the top down) and dealt
/// thirteen cards to each seat, North first.
pub fn random_deal(rng: &mut Rng) -> Deal {
    let mut pack: [usize; Card::COUNT] = std::array::from_fn(|i| i);
    for top in (1..Card::COUNT).rev() {
        let other = uniform_below(rng, top as u64 + 1) as usize;
        pack.swap(top, other);
    }
    let mut owners = [Direction::North; Card::COUNT];
    for (position, &card) in pack.iter().enumerate() {
        owners[card] = Direction::ALL[position / 13];
    }
    match Deal::from_owners(&owners) {
        Ok(deal) => deal,
        // Each position 0..52 gets one card and each seat 13 positions: never refused.
        Err(message) => unreachable!("a shuffled pack was not a deal: {message}"),
    }
}

/// Boards 1..=count with random deals from `seed`, the standard dealer and vulnerability for
/// each number, and the given event, site and date.
pub fn random_boards(seed: u64, count: u32, event: &str, site: &str, date: &str) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (1..=count)
        .map(|number| Board {
            event: event.to_owned(),
            site: site.to_owned(),
            date: date.to_owned(),
            ..Board::standard(number, random_deal(&mut rng))
        })
        .collect()
}
