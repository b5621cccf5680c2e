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
//!
//! Organisation (measured, `docs/double-dummy-research.md` §5): one bucket per key (leader,
//! tricks left, suit lengths) in an open-addressed array of slots; in a bucket the entries
//! are scanned newest first (positions recur soon after, and answering from the newest
//! agreeing entry also cost fewer nodes than from the oldest), each tested first on one 64-bit word (the owners
//! of the top eight places of every suit), the lower places only for the few entries whose
//! mask reaches them. The owners and the key are kept up to date trick by trick (`Shape`)
//! rather than recomputed from the hands.

use super::cards::{Holding, Ranks, count, in_lane, lane, top_bit};
use super::trick::Trick;

/// The owners of the cards in play, suit by suit: 2 bits a card (the seat), counted from the
/// highest card of a suit in play (its place). The low 64 bits hold places 0–7 of every suit
/// (suit `s` at bits `16 s ..`), the high 64 bits places 8–12 the same way: most entries
/// depend on the top eight places only, so their test is one 64-bit word.
pub(super) type Owners = u128;

/// The owners of each suit's cards in play, place `p` at bits `2 p` (the form kept up to
/// date trick by trick in a `Shape`, packed into `Owners` for the table).
type Lanes = [u32; 4];

/// The part of an entry a lookup scans: its owners and mask on the top eight places, and
/// its bounds: North-South take from `lower` to `upper` of the remaining tricks. `deep`
/// when the mask reaches the lower places too (then the entry's `Detail` counts).
#[derive(Clone, Copy)]
struct Filter {
    owners: u64,
    mask: u64,
    lower: u8,
    upper: u8,
    deep: bool,
}

/// The rest of an entry: owners and mask on the places below the top eight.
#[derive(Clone, Copy, PartialEq)]
struct Detail {
    owners: u64,
    mask: u64,
}

/// Entries kept for one leader and one set of suit lengths (`key`; 0 for an unused slot),
/// in two parallel lists. Entries `..next` are newer than entries `next..`; the oldest is
/// replaced first once there are `BUCKET` of them.
#[derive(Default)]
struct Bucket {
    key: u64,
    filters: Vec<Filter>,
    details: Vec<Detail>,
    next: usize,
}

const BUCKET: usize = 1024;

/// Slots of a new table (a power of two); they double when half are used.
const FIRST_SLOTS: usize = 1 << 12;

/// The table: buckets in an open-addressed array (linear probing, the bucket's lists found
/// from its slot without another look-up), bounded by a number of entries: when full it is
/// emptied (the search stays correct, only slower).
pub(super) struct TableStore {
    slots: Vec<Bucket>,
    used: usize,
    entries: usize,
    capacity: usize,
}

/// The first slot to try for `key` in a table of `slots` slots (a power of two).
fn home(key: u64, slots: usize) -> usize {
    let hash = (key ^ (key >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (hash >> 32) as usize & (slots - 1)
}

/// What the table needs of the position at the start of a trick, kept up to date trick by
/// trick: the owners of the cards in play, and the tricks left and every hand's length in
/// three suits (the fourth follows from the tricks left) as the key's low bits: the length
/// of suit `s` in seat `h` at bits `4 (3 h + s) ..`, the tricks left at bits `48 ..`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Shape {
    lanes: Lanes,
    lengths: u64,
}

impl Shape {
    /// The shape of `hands` (each the same number of cards).
    pub(super) fn new(hands: &[Holding; 4]) -> Shape {
        let all: Holding = std::array::from_fn(|s| hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s]);
        let left: u32 = hands[0].iter().map(|s| s.count_ones()).sum();
        let mut lengths = u64::from(left) << 48;
        for (seat, hand) in hands.iter().enumerate() {
            for (suit, cards) in hand[..3].iter().enumerate() {
                lengths |= u64::from(cards.count_ones()) << (4 * (3 * seat + suit));
            }
        }
        Shape {
            lanes: lanes(hands, &all),
            lengths,
        }
    }

    /// The shape once the four cards of `trick` (all played) have left play: each card's
    /// place is taken out of its suit, the cards below it moving up one place.
    pub(super) fn after(&self, trick: &Trick) -> Shape {
        let mut lanes = self.lanes;
        let mut lengths = self.lengths - (1 << 48);
        let mut all = trick.start;
        for (k, (&suit, &card)) in trick.suits.iter().zip(&trick.cards).enumerate() {
            let suit = suit & 3;
            let place = count(all[suit] & !(card | (card - 1)));
            let above = (1u32 << (2 * place)) - 1;
            lanes[suit] = (lanes[suit] & above) | ((lanes[suit] >> 2) & !above);
            all[suit] ^= card;
            if suit < 3 {
                let seat = (trick.leader + k) & 3;
                lengths -= 1 << (4 * (3 * seat + suit));
            }
        }
        Shape { lanes, lengths }
    }

    /// What a position is looked up by: the leader, the tricks left and the suit lengths.
    pub(super) fn key(&self, leader: usize) -> u64 {
        self.lengths | ((leader as u64) << 52)
    }

    /// The owners of the cards in play.
    pub(super) fn owners(&self) -> Owners {
        pack(&self.lanes)
    }
}

/// The owners of the cards in play, suit by suit; `all` is every suit's cards in play.
fn lanes(hands: &[Holding; 4], all: &Holding) -> Lanes {
    let mut lanes = [0u32; 4];
    for (suit, lane_bits) in lanes.iter_mut().enumerate() {
        // North (seat 0) adds nothing; every other card adds its seat at its place, the
        // number of cards in play above it.
        for (seat, hand) in hands.iter().enumerate().skip(1) {
            let mut rest = hand[suit];
            while rest != 0 {
                let card = rest & rest.wrapping_neg();
                rest ^= card;
                let place = (all[suit] & !(card | (card - 1))).count_ones();
                *lane_bits |= (seat as u32) << (2 * place);
            }
        }
    }
    lanes
}

/// `Lanes` (the owners, or a mask of places) in the packed form of `Owners`.
fn pack(lanes: &Lanes) -> Owners {
    let mut top = 0u64;
    let mut low = 0u64;
    for (suit, &bits) in lanes.iter().enumerate() {
        top |= u64::from(bits & 0xffff) << (16 * suit);
        low |= u64::from(bits >> 16) << (16 * suit);
    }
    Owners::from(top) | (Owners::from(low) << 64)
}

/// The mask of an entry whose result depends on the cards `ranks` (and, as DDS does, on
/// every card in play above the lowest of them in each suit).
pub(super) fn mask_of(ranks: Ranks, all: &Holding) -> Owners {
    let mut lanes = [0u32; 4];
    for (suit, &cards) in all.iter().enumerate() {
        let relevant = lane(ranks, suit) & cards;
        if relevant == 0 {
            continue;
        }
        let lowest = relevant & relevant.wrapping_neg();
        let places = count(cards & !(lowest - 1));
        lanes[suit] = (1u32 << (2 * places)) - 1;
    }
    pack(&lanes)
}

/// The cards an entry's mask fixes, in the position whose cards in play are `all`.
pub(super) fn ranks_of(mask: Owners, all: &Holding) -> Ranks {
    let (top, low) = (mask as u64, (mask >> 64) as u64);
    let mut ranks = 0;
    for (suit, &cards) in all.iter().enumerate() {
        // A suit's mask is its top places, 2 bits each: count the trailing ones.
        let places =
            (!(top >> (16 * suit)) as u16).trailing_zeros() + (!(low >> (16 * suit)) as u16).trailing_zeros();
        if places != 0 {
            ranks |= in_lane(top_cards(cards, places / 2), suit);
        }
    }
    ranks
}

/// The `n` highest of `cards` (all of them when there are no more).
fn top_cards(cards: u16, n: u32) -> u16 {
    let length = count(cards);
    if n >= length {
        return cards;
    }
    if 2 * n <= length {
        let mut taken = 0;
        for _ in 0..n {
            taken |= top_bit(cards & !taken);
        }
        taken
    } else {
        let mut rest = cards;
        for _ in n..length {
            rest &= rest - 1;
        }
        rest
    }
}

impl TableStore {
    /// An empty table that keeps at most `capacity` entries.
    pub(super) fn new(capacity: usize) -> TableStore {
        TableStore {
            slots: std::iter::repeat_with(Bucket::default)
                .take(FIRST_SLOTS)
                .collect(),
            used: 0,
            entries: 0,
            capacity,
        }
    }

    /// Empties the table.
    pub(super) fn clear(&mut self) {
        *self = TableStore::new(self.capacity);
    }

    /// The slot holding `key`'s bucket, or the empty slot where it would go.
    fn slot(&self, key: u64) -> usize {
        // A key is never 0 (the tricks left are at least 2 at a look-up): 0 marks a free slot.
        debug_assert!(key != 0);
        let mut i = home(key, self.slots.len());
        loop {
            let k = self.slots[i].key;
            if k == key || k == 0 {
                return i;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    /// `key`'s bucket, made (in a table grown if need be) when there is none.
    fn bucket_mut(&mut self, key: u64) -> &mut Bucket {
        if 2 * (self.used + 1) > self.slots.len() {
            self.grow();
        }
        let i = self.slot(key);
        if self.slots[i].key == 0 {
            self.slots[i].key = key;
            self.used += 1;
        }
        &mut self.slots[i]
    }

    /// Twice the slots, every bucket moved to its place in the new array.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(
            &mut self.slots,
            std::iter::repeat_with(Bucket::default).take(size).collect(),
        );
        for bucket in old.into_iter().filter(|b| b.key != 0) {
            let i = self.slot(bucket.key);
            self.slots[i] = bucket;
        }
    }

    /// Whether a known bound settles "North-South take at least `need` more tricks": the
    /// answer and the mask of the entry that settled it. The newest entries are tried first.
    pub(super) fn lookup(&self, key: u64, owners: Owners, need: u8) -> Option<(bool, Owners)> {
        let bucket = &self.slots[self.slot(key)];
        if bucket.key == 0 {
            return None;
        }
        let next = bucket.next;
        bucket
            .settle(0..next, owners, need)
            .or_else(|| bucket.settle(next..bucket.filters.len(), owners, need))
    }

    /// Records that North-South take at least `need` more tricks (`reached`) or fewer, in
    /// every position agreeing with `owners` on `mask`.
    pub(super) fn store(&mut self, key: u64, owners: Owners, mask: Owners, reached: bool, need: u8) {
        // The slots are bounded too: at most `capacity / 8` buckets, so about 16 bytes of
        // slots an entry at worst (in practice a bucket holds about ten entries).
        if self.entries >= self.capacity || self.used >= self.capacity / 8 {
            self.clear();
        }
        let (lower, upper) = if reached {
            (need, 13)
        } else {
            (0, need.saturating_sub(1))
        };
        let owners = owners & mask;
        let filter = Filter {
            owners: owners as u64,
            mask: mask as u64,
            lower,
            upper,
            deep: mask >> 64 != 0,
        };
        let detail = Detail {
            owners: (owners >> 64) as u64,
            mask: (mask >> 64) as u64,
        };
        let bucket = self.bucket_mut(key);
        if bucket.tighten(filter, detail) {
            return;
        }
        if bucket.filters.len() < BUCKET {
            bucket.filters.push(filter);
            bucket.details.push(detail);
            bucket.next = bucket.filters.len();
            self.entries += 1;
        } else {
            if bucket.next == BUCKET {
                bucket.next = 0;
            }
            bucket.filters[bucket.next] = filter;
            bucket.details[bucket.next] = detail;
            bucket.next += 1;
        }
    }
}

impl Bucket {
    /// The newest entry of `range` (scanned from its end) that agrees with `owners` and whose
    /// bounds settle `need`: the answer and the entry's mask.
    fn settle(&self, range: std::ops::Range<usize>, owners: Owners, need: u8) -> Option<(bool, Owners)> {
        let (top, low) = (owners as u64, (owners >> 64) as u64);
        let start = range.start;
        for (i, filter) in self.filters[range].iter().enumerate().rev() {
            if (top ^ filter.owners) & filter.mask != 0 {
                continue;
            }
            let reached = if filter.lower >= need {
                true
            } else if filter.upper < need {
                false
            } else {
                continue;
            };
            if !filter.deep {
                return Some((reached, Owners::from(filter.mask)));
            }
            let detail = self.details[start + i];
            if (low ^ detail.owners) & detail.mask == 0 {
                return Some((
                    reached,
                    Owners::from(filter.mask) | (Owners::from(detail.mask) << 64),
                ));
            }
        }
        None
    }

    /// Narrows the bounds of the entry with the same owners and mask, if there is one.
    fn tighten(&mut self, filter: Filter, detail: Detail) -> bool {
        for (f, d) in self.filters.iter_mut().zip(&self.details) {
            if f.owners == filter.owners && f.mask == filter.mask && *d == detail {
                f.lower = f.lower.max(filter.lower);
                f.upper = f.upper.min(filter.upper);
                return true;
            }
        }
        false
    }
}
