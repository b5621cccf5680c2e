//! Quick tricks: the tricks the side on lead takes at once with its top cards, whatever the
//! others do — the cut-off DDS makes at the start of every trick before searching (Haglund
//! and Hein, §3; this is the project's own, simpler count). When they alone reach the
//! target (or, for the opponents on lead, put it out of reach) the position needs no search.
//!
//! Counted suit by suit for the leader alone: the top cards of a suit that the leader holds
//! win one after another; when they outnumber both opponents' cards of the suit and every
//! card of partner's is lower, the whole suit runs. In a trump contract a side suit counts
//! only as many rounds as an opponent with trumps can follow, and only when partner can never
//! be forced to ruff (partner has no trumps, or enough other cards to play).

use super::cards::{Holding, NO_TRUMPS, Ranks, in_lane, top_bit};

/// The tricks the side of `leader` is sure to take from the top, and the cards that makes
/// them sure (in each suit, the lowest card counted: every card above it matters).
pub(super) fn quick_tricks(hands: &[Holding; 4], all: &Holding, trump: usize, leader: usize) -> (u8, Ranks) {
    let own = &hands[leader];
    let partner = &hands[leader ^ 2];
    let (lho, rho) = (&hands[(leader + 1) & 3], &hands[(leader + 3) & 3]);
    let suited = trump != NO_TRUMPS;
    let opponents_trump = suited && (lho[trump] | rho[trump]) != 0;
    let mut tricks = 0u32;
    let mut side_rounds = 0u32;
    let mut ranks: Ranks = 0;
    for suit in 0..4 {
        let mine = own[suit];
        if mine == 0 {
            continue;
        }
        // The leader's top cards in a row, from the top of the suit.
        let mut rest = all[suit];
        let mut top = 0u32;
        let mut lowest = 0u16;
        while rest != 0 {
            let card = top_bit(rest);
            if mine & card == 0 {
                break;
            }
            rest ^= card;
            lowest = card;
            top += 1;
        }
        if top == 0 {
            continue;
        }
        let opponents_length = lho[suit].count_ones().max(rho[suit].count_ones());
        let mine_lowest = mine & mine.wrapping_neg();
        let runs = top >= opponents_length && (partner[suit] == 0 || top_bit(partner[suit]) < mine_lowest);
        let (mut count, mut counted_down_to) = if runs {
            (mine.count_ones(), mine_lowest)
        } else {
            (top, lowest)
        };
        if suited && suit != trump && opponents_trump {
            let mut can_follow = u32::MAX;
            for opponent in [lho, rho] {
                if opponent[trump] != 0 {
                    can_follow = can_follow.min(opponent[suit].count_ones());
                }
            }
            if count > can_follow {
                count = can_follow.min(top);
                counted_down_to = nth_top(all[suit], count);
            }
        }
        if count == 0 {
            continue;
        }
        if suited && suit != trump {
            side_rounds += count;
        }
        tricks += count;
        ranks |= in_lane(counted_down_to, suit);
    }
    if suited && partner[trump] != 0 {
        let partner_others: u32 = (0..4)
            .filter(|&s| s != trump)
            .map(|s| partner[s].count_ones())
            .sum();
        if partner_others < side_rounds {
            // Partner might have to ruff a winner and take the lead: count the trumps only.
            tricks -= side_rounds;
            ranks = in_lane((ranks >> (16 * trump)) as u16, trump);
        }
    }
    let left: u32 = own.iter().map(|s| s.count_ones()).sum();
    (tricks.min(left) as u8, ranks)
}

/// The `n`-th highest card of `cards` (1 = the highest), as a one-bit mask; 0 for n = 0.
fn nth_top(cards: u16, n: u32) -> u16 {
    let mut rest = cards;
    let mut card = 0;
    for _ in 0..n {
        if rest == 0 {
            break;
        }
        card = top_bit(rest);
        rest ^= card;
    }
    card
}

/// The trump tricks the side of `seat` is sure of whoever leads: a trump higher than every
/// trump the other side holds wins a trick whenever it is played (nothing beats it), so a
/// hand holding `w` such trumps takes at least `w` tricks for its side; the side is sure of
/// the larger of its two hands' counts. With the cards it depends on (the lowest counted
/// trump: every trump above it matters).
pub(super) fn sure_trumps(hands: &[Holding; 4], trump: usize, seat: usize) -> (u8, Ranks) {
    if trump == NO_TRUMPS {
        return (0, 0);
    }
    let theirs = hands[(seat + 1) & 3][trump] | hands[(seat + 3) & 3][trump];
    let mut best = (0u8, 0u16);
    for hand in [seat, seat ^ 2] {
        let mine = hands[hand][trump];
        // Trumps above the other side's highest.
        let above = if theirs == 0 {
            mine
        } else {
            mine & !(top_bit(theirs) * 2 - 1)
        };
        let count = above.count_ones() as u8;
        if count > best.0 {
            best = (count, above & above.wrapping_neg());
        }
    }
    (best.0, in_lane(best.1, trump))
}
