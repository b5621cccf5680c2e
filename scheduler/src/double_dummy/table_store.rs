//! The transposition table: what the search learnt about positions at the start of a trick,
//! kept so that a position reached again — or one that differs only in cards that did not
//! matter — is not searched twice.
//!
//! The idea is Ginsberg's partition search as DDS applies it (Haglund and Hein, "Search
//! Algorithms for a Bridge Double Dummy Solver", §2 and §6): an entry stands for every
//! position with the same player on lead, the same suit lengths in every hand, and the same
//! owners of the top few cards of each suit *counted among the cards still in play* (so a
//! king is the top card once the ace has gone); the cards below those are "small cards",
//! whoever holds them. How many top cards count in each suit is what the search reported the
//! result depended on. An entry holds bounds on the tricks North-South take from there on,
//! which serve any target and any of the four leaders of a strain.

use super::cards::{Holding, Ranks, in_lane, lane, top_bit};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The owners of the cards in play, suit by suit: 2 bits a card (the seat), the highest card
/// of a suit first, each suit in its own 32-bit lane.
pub(super) type Owners = u128;

/// One learnt fact: for positions whose owners agree with `owners` wherever `mask` is set,
/// North-South take from `lower` to `upper` of the remaining tricks.
#[derive(Clone, Copy)]
struct Entry {
    owners: Owners,
    mask: Owners,
    lower: u8,
    upper: u8,
}

/// Entries kept for one leader and one set of suit lengths; the oldest is replaced first
/// once there are `BUCKET` of them.
#[derive(Default)]
struct Bucket {
    entries: Vec<Entry>,
    next: usize,
}

const BUCKET: usize = 256;

/// The table, bounded by a number of entries: when full it is emptied (the search stays
/// correct, only slower).
pub(super) struct TableStore {
    buckets: HashMap<u64, Bucket, BuildHasherDefault<KeyHasher>>,
    entries: usize,
    capacity: usize,
}

/// A multiplicative hash of the already well-mixed 64-bit key.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ (key >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// What a position is looked up by: the leader, the tricks left, and every hand's length in
/// three suits (the fourth follows from the tricks left).
pub(super) fn key(hands: &[Holding; 4], leader: usize) -> u64 {
    let left: u32 = hands[0].iter().map(|s| s.count_ones()).sum();
    let mut key = ((leader as u64) << 4) | u64::from(left);
    for hand in hands {
        for &suit in &hand[..3] {
            key = (key << 4) | u64::from(suit.count_ones());
        }
    }
    key
}

/// The owners of the cards in play, as `Owners`; `all` is every suit's cards in play.
pub(super) fn owners(hands: &[Holding; 4], all: &Holding) -> Owners {
    let mut owners: Owners = 0;
    for suit in 0..4 {
        let mut lane_bits: u32 = 0;
        // North (seat 0) adds nothing; every other card adds its seat at its place, the
        // number of cards in play above it.
        for (seat, hand) in hands.iter().enumerate().skip(1) {
            let mut rest = hand[suit];
            while rest != 0 {
                let card = rest & rest.wrapping_neg();
                rest ^= card;
                let place = (all[suit] & !(card | (card - 1))).count_ones();
                lane_bits |= (seat as u32) << (2 * place);
            }
        }
        owners |= Owners::from(lane_bits) << (32 * suit);
    }
    owners
}

/// The mask of an entry whose result depends on the cards `ranks` (and, as DDS does, on
/// every card in play above the lowest of them in each suit).
pub(super) fn mask_of(ranks: Ranks, all: &Holding) -> Owners {
    let mut mask: Owners = 0;
    for (suit, &cards) in all.iter().enumerate() {
        let relevant = lane(ranks, suit) & cards;
        if relevant == 0 {
            continue;
        }
        let lowest = relevant & relevant.wrapping_neg();
        let count = (cards & !(lowest - 1)).count_ones();
        let lane_mask: u32 = if count >= 16 {
            u32::MAX
        } else {
            (1u32 << (2 * count)) - 1
        };
        mask |= Owners::from(lane_mask) << (32 * suit);
    }
    mask
}

/// The cards an entry's mask fixes, in the position whose cards in play are `all`.
pub(super) fn ranks_of(mask: Owners, all: &Holding) -> Ranks {
    let mut ranks = 0;
    for (suit, &cards) in all.iter().enumerate() {
        let count = ((mask >> (32 * suit)) as u32).count_ones() / 2;
        let mut rest = cards;
        let mut taken = 0;
        for _ in 0..count {
            if rest == 0 {
                break;
            }
            let bit = top_bit(rest);
            rest ^= bit;
            taken |= bit;
        }
        ranks |= in_lane(taken, suit);
    }
    ranks
}

impl TableStore {
    /// An empty table that keeps at most `capacity` entries.
    pub(super) fn new(capacity: usize) -> TableStore {
        TableStore {
            buckets: HashMap::default(),
            entries: 0,
            capacity,
        }
    }

    /// Empties the table (a new strain: the bounds no longer hold).
    pub(super) fn clear(&mut self) {
        self.buckets.clear();
        self.entries = 0;
    }

    /// Whether a known bound settles "North-South take at least `need` more tricks": the
    /// answer and the mask of the entry that settled it.
    pub(super) fn lookup(&self, key: u64, owners: Owners, need: u8) -> Option<(bool, Owners)> {
        let bucket = self.buckets.get(&key)?;
        for entry in &bucket.entries {
            if (owners ^ entry.owners) & entry.mask != 0 {
                continue;
            }
            if entry.lower >= need {
                return Some((true, entry.mask));
            }
            if entry.upper < need {
                return Some((false, entry.mask));
            }
        }
        None
    }

    /// Records that North-South take at least `need` more tricks (`reached`) or fewer, in
    /// every position agreeing with `owners` on `mask`.
    pub(super) fn store(&mut self, key: u64, owners: Owners, mask: Owners, reached: bool, need: u8) {
        if self.entries >= self.capacity {
            self.clear();
        }
        let (lower, upper) = if reached {
            (need, 13)
        } else {
            (0, need.saturating_sub(1))
        };
        let owners = owners & mask;
        let bucket = self.buckets.entry(key).or_default();
        if let Some(entry) = bucket
            .entries
            .iter_mut()
            .find(|e| e.mask == mask && e.owners == owners)
        {
            entry.lower = entry.lower.max(lower);
            entry.upper = entry.upper.min(upper);
            return;
        }
        let entry = Entry {
            owners,
            mask,
            lower,
            upper,
        };
        if bucket.entries.len() < BUCKET {
            bucket.entries.push(entry);
            self.entries += 1;
        } else {
            bucket.entries[bucket.next] = entry;
            bucket.next = (bucket.next + 1) % BUCKET;
        }
    }
}
