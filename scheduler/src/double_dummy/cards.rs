//! The solver's view of the cards: each hand as four 13-bit suit masks (bit 0 the two, bit 12
//! the ace), the suits in `Suit::ALL` order (♠ ♥ ♦ ♣), the seats clockwise from North
//! (0 N, 1 E, 2 S, 3 W; North-South are the even seats). A set of cards that a result
//! depends on (`Ranks`) packs the four suits into one `u64`, 16 bits a suit.

use crate::deals::{Deal, Direction, Suit};

/// Four suits of one hand, or of any set of cards, as 13-bit masks.
pub(super) type Holding = [u16; 4];

/// A set of cards, 16 bits a suit (suit `s` at bits `16 s ..`).
pub(super) type Ranks = u64;

/// The cards of `suit` in a `Ranks`.
pub(super) fn lane(ranks: Ranks, suit: usize) -> u16 {
    (ranks >> (16 * suit)) as u16
}

/// `cards` of `suit` as a `Ranks`.
pub(super) fn in_lane(cards: u16, suit: usize) -> Ranks {
    u64::from(cards) << (16 * suit)
}

/// The four hands of a deal, North first.
pub(super) fn hands_of(deal: &Deal) -> [Holding; 4] {
    let mut hands = [[0u16; 4]; 4];
    for seat in Direction::ALL {
        for card in deal.hand(seat).cards() {
            hands[seat.index()][card.index() / 13] |= 1 << (12 - card.index() % 13);
        }
    }
    hands
}

/// The internal number of a trump suit (`Suit::ALL` order), `NO_TRUMPS` for no trumps.
pub(super) fn trump_index(suit: Option<Suit>) -> usize {
    suit.map_or(NO_TRUMPS, |s| {
        Suit::ALL.iter().position(|&t| t == s).unwrap_or(NO_TRUMPS)
    })
}

/// The trump number meaning no trumps.
pub(super) const NO_TRUMPS: usize = 4;

/// The number of cards in a suit, from a table: the baseline x86-64 target has no
/// population-count instruction, and a table look-up is cheaper than the bit arithmetic.
pub(super) fn count(cards: u16) -> u32 {
    u32::from(COUNTS[usize::from(cards & 0x1fff)])
}

/// `COUNTS[m]`: the bits set in the 13-bit `m`.
static COUNTS: [u8; 1 << 13] = counts();

/// The table of `COUNTS`, made at compile time.
const fn counts() -> [u8; 1 << 13] {
    let mut table = [0u8; 1 << 13];
    let mut i = 1;
    while i < table.len() {
        table[i] = table[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    table
}

/// The highest card of a non-empty mask, as a one-bit mask.
pub(super) fn top_bit(cards: u16) -> u16 {
    debug_assert!(cards != 0);
    // `| 1` tells the compiler the mask is not empty, so it needs no test for zero.
    1 << (15 - (cards | 1).leading_zeros())
}

/// The highest card of `cards`, or 0 when there is none (`top_bit` needs a card).
pub(super) fn highest(cards: u16) -> u16 {
    if cards == 0 { 0 } else { top_bit(cards) }
}

/// The cards of `hand` (a subset of `all`) that head a run: a card is skipped when the next
/// higher card still in play (in `all`) is the same hand's, since playing either is the same.
pub(super) fn run_heads(hand: u16, all: u16) -> u16 {
    // From the lowest card up: an own card heads a run when the next card in play above it
    // is another hand's (or there is none).
    let mut heads = 0;
    let mut previous = 0u16;
    let mut rest = all;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        if hand & bit == 0 {
            heads |= previous;
            previous = 0;
        } else {
            previous = bit;
        }
    }
    heads | previous
}

/// The run of `hand` (cards in play `all`) that holds `card`: the card and the same hand's
/// cards next to it in the order of the cards in play.
pub(super) fn run_of(card: u16, hand: u16, all: u16) -> u16 {
    let mut run = card;
    let mut above = all & !(card | (card - 1));
    while above != 0 {
        let next = above & above.wrapping_neg();
        if hand & next == 0 {
            break;
        }
        run |= next;
        above ^= next;
    }
    let mut below = all & (card - 1);
    while below != 0 {
        let next = top_bit(below);
        if hand & next == 0 {
            break;
        }
        run |= next;
        below ^= next;
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted_among_the_cards_still_in_play() {
        // A K Q J T 9 8 … as bits 12 11 10 9 8 7 6 …
        let (a, k, q, j, t) = (1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8);
        let hand = a | q | j;
        assert_eq!(run_heads(hand, a | k | q | j | t), a | q);
        // Once the king is gone, A Q J is one run.
        assert_eq!(run_heads(hand, a | q | j | t), a);
        assert_eq!(run_of(j, hand, a | k | q | j | t), q | j);
        assert_eq!(run_of(j, hand, a | q | j | t), a | q | j);
        assert_eq!(run_of(t, t, a | q | j | t), t);
    }
}
