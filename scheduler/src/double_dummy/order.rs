//! Which card to try first. The search is only as fast as its first tries are good: a move
//! that settles a node early spares every other. The weights are the project's own, after the
//! ideas DDS describes (Haglund and Hein, §5): cash winners when the opponents cannot ruff,
//! lead towards partner's winners, second hand low, third and fourth hand win as cheaply as
//! possible unless partner already wins, ruff low, discard small cards from long suits.
//! A "killer" — the move that last cut off at the same depth, tried first — multiplied the
//! nodes by two to seven when every card had one; for the lead alone, as a bonus on its
//! weight (`Search::play`), it saves 6 %. The lead weighs most: the opponents' choices
//! after it (fewer is better) count more than anything else.

use super::cards::{Holding, NO_TRUMPS, count, highest, top_bit};
use super::trick::Trick;

/// A card to play: its suit and its one-bit rank; `weight` orders the list.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct Move {
    pub(super) card: u16,
    pub(super) suit: u8,
    pub(super) weight: i16,
}

impl Move {
    /// The move's suit, as an index.
    pub(super) fn suit(&self) -> usize {
        usize::from(self.suit)
    }
}

/// At most 13 moves, on the stack.
#[derive(Default)]
pub(super) struct MoveList {
    moves: [Move; 13],
    len: usize,
}

impl MoveList {
    /// Adds a move (a hand holds at most 13 cards, so it always fits).
    pub(super) fn push(&mut self, m: Move) {
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Raises the move `best` (suit, card), when it is in the list, by `bonus`, keeping the
    /// list sorted.
    pub(super) fn prefer(&mut self, best: (usize, u16), bonus: i16) {
        let list = &mut self.moves[..self.len];
        if let Some(i) = list.iter().position(|m| (m.suit(), m.card) == best) {
            list[i].weight += bonus;
            let mut j = i;
            while j > 0 && list[j - 1].weight < list[j].weight {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The moves in order.
    pub(super) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

fn rank(card: u16) -> i32 {
    card.trailing_zeros() as i32
}

/// Weighs every move of `seat` (the `k`-th card of `trick`) and sorts the list, heaviest
/// first.
pub(super) fn order_moves(
    hands: &[Holding; 4],
    trump: usize,
    trick: &Trick,
    k: usize,
    seat: usize,
    moves: &mut MoveList,
) {
    let len = moves.len;
    if len < 2 {
        return;
    }
    if k == 0 {
        // Every hand holds as many cards as there are tricks left.
        let left = hands[seat].iter().map(|&h| count(h)).sum();
        for m in &mut moves.moves[..len] {
            m.weight = lead_weight(hands, trump, trick, seat, left, *m) as i16;
        }
    } else {
        let best = trick.winning(k, trump);
        for m in &mut moves.moves[..len] {
            m.weight = follow_weight(hands, trump, trick, k, seat, best, *m) as i16;
        }
    }
    let list = &mut moves.moves[..len];
    for i in 1..len {
        let mut j = i;
        while j > 0 && list[j - 1].weight < list[j].weight {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn lead_weight(hands: &[Holding; 4], trump: usize, trick: &Trick, seat: usize, left: u32, m: Move) -> i32 {
    let (lho, rho) = ((seat + 1) & 3, (seat + 3) & 3);
    // The opponents' choices after this lead: their cards in the suit, or every card of a
    // hand void in it. A lead that leaves them few spares a large part of the tree (DDS
    // weighs suits the same way): 12 a card, measured best between 4 and 50.
    let choices = |p: usize| match count(hands[p][m.suit()]) {
        0 => left,
        n => n,
    } as i32;
    card_weight(hands, trump, trick, seat, m) - 12 * (choices(lho) + choices(rho))
}

/// The lead's weight by what the card and its suit can do.
fn card_weight(hands: &[Holding; 4], trump: usize, trick: &Trick, seat: usize, m: Move) -> i32 {
    let partner = seat ^ 2;
    let (lho, rho) = ((seat + 1) & 3, (seat + 3) & 3);
    let all = trick.start[m.suit()];
    let top = top_bit(all);
    let second = highest(all & !top);
    let holds = |p: usize, card: u16| hands[p][m.suit()] & card != 0;
    let length = |p: usize| count(hands[p][m.suit()]);
    // Worse when the last hand holds one of the two top cards (it plays over whatever
    // partner gives); better when the next hand's top card sits in front of partner's second
    // (after DDS's suit weights; the two together: 2.7 % fewer nodes on the speed sample).
    let mut weight = 0;
    if (holds(rho, top) || holds(rho, second)) && length(rho) != 1 {
        weight -= 20;
    }
    if holds(lho, top) && holds(partner, second) && length(partner) != 1 {
        weight += 20;
    }
    weight + suit_weight(hands, trump, trick, seat, m)
}

/// The lead's weight by whose the top card is, whether the suit can be ruffed, and length.
/// A lead towards partner's top card comes before cashing one's own (95 against 70) and a
/// lead into the opponents' top card after both: tuned on the speed sample against the
/// nine-trick endings (14 % fewer nodes than 55 and 25), then checked on the bench deals.
fn suit_weight(hands: &[Holding; 4], trump: usize, trick: &Trick, seat: usize, m: Move) -> i32 {
    let partner = seat ^ 2;
    let (lho, rho) = ((seat + 1) & 3, (seat + 3) & 3);
    let all = trick.start[m.suit()];
    let top = top_bit(all);
    let ruffable = trump != NO_TRUMPS && m.suit() != trump && {
        let can_ruff = |p: usize| hands[p][m.suit()] == 0 && hands[p][trump] != 0;
        can_ruff(lho) || can_ruff(rho)
    };
    let length = count(hands[seat][m.suit()]) as i32;
    if m.card == top {
        return if ruffable { 20 } else { 70 };
    }
    if hands[partner][m.suit()] & top != 0 {
        return if ruffable {
            15 - rank(m.card)
        } else {
            95 - rank(m.card)
        };
    }
    // The opponents hold the top card: lead low, from length, and not a lone honour.
    let second = top_bit(all & !top);
    let mut weight = -5 + 2 * length - rank(m.card);
    if m.card == second && hands[seat][m.suit()] & (second >> 1) == 0 {
        weight -= 15;
    }
    if ruffable {
        weight -= 10;
    }
    // Their top card second to play: partner plays after it, so partner's honours are not
    // caught under it (measured: 2–6 % fewer nodes).
    if hands[lho][m.suit()] & top != 0 {
        weight += 16;
    }
    weight
}

fn follow_weight(
    hands: &[Holding; 4],
    trump: usize,
    trick: &Trick,
    k: usize,
    seat: usize,
    best: usize,
    m: Move,
) -> i32 {
    let led = trick.suits[0];
    let best_seat = (trick.leader + best) & 3;
    let partner_wins = best_seat == seat ^ 2;
    let (best_suit, best_card) = (trick.suits[best], trick.cards[best]);
    let r = rank(m.card);
    if k == 1 && m.suit() == led {
        return second_hand_weight(hands, trump, trick, seat, m);
    }
    if k == 2 && m.suit() == led {
        return third_hand_weight(hands, trick, seat, m, best);
    }
    if m.suit() == led {
        let beats = best_suit == led && m.card > best_card;
        if partner_wins || !beats {
            return 40 - r;
        }
        return 60 - r;
    }
    if m.suit() == trump {
        if partner_wins {
            return -10 - r;
        }
        if best_suit == trump && m.card < best_card {
            return -20 - r;
        }
        return 55 - r;
    }
    // A discard: small cards from long suits, never the top card of a suit; and before a
    // ruff when the second hand's partner takes the trick anyway.
    let length = count(hands[seat][m.suit()]) as i32;
    let mut weight = 10 + 2 * length - r;
    if m.card == top_bit(trick.start[m.suit()]) {
        weight -= 20;
    }
    if k == 1 && trump != NO_TRUMPS && partner_takes_it(hands, trump, trick, seat) {
        weight += 60;
    }
    weight
}

/// The third hand following suit (the leader is its partner), by what the last hand holds:
/// low when the lead already beats all of it or the hand's cards are too low to matter; the
/// cheapest card that beats both the trick so far and the last hand; otherwise low, except
/// the card that makes the last hand spend its top card (after DDS's third-hand weights;
/// 13 % fewer nodes on the speed sample than playing the cheapest card that beats the second
/// hand).
fn third_hand_weight(hands: &[Holding; 4], trick: &Trick, seat: usize, m: Move, best: usize) -> i32 {
    let led = trick.suits[0];
    let r = rank(m.card);
    let low = 40 - r;
    if trick.suits[1] != led && best == 1 {
        return low; // The second hand ruffed.
    }
    let last = hands[(seat + 1) & 3][led];
    let last_top = highest(last);
    let to_beat = trick.cards[best];
    if best == 0 && to_beat > last_top {
        return low;
    }
    if m.card > to_beat && m.card > last_top {
        return 60 - r;
    }
    let ours = hands[seat][led];
    if last_top == 0 || top_bit(ours) > last_top {
        return low;
    }
    // The last hand can beat every card: make it spend its top one, or at least beat the
    // second hand, as cheaply as possible.
    let last_second = last & !last_top;
    let second = if trick.suits[1] == led { trick.cards[1] } else { 0 };
    let floor = if last_second != 0 && top_bit(last_second) > second {
        top_bit(last_second)
    } else if best == 1 {
        to_beat
    } else {
        return low;
    };
    let above = ours & !(floor | (floor - 1));
    if above == 0 {
        return low;
    }
    // The cheapest such card, when it is a move of its own (measured better than giving
    // the bonus to the head of its run instead).
    if m.card == above & above.wrapping_neg() {
        return low + 20;
    }
    low
}

/// The second hand following suit: low when partner, last to play, already beats the lead
/// and every card the third hand holds (or the third hand can ruff); else the cheapest card
/// that beats both; else low (after DDS's second-hand weights; 22 % fewer nodes on the speed
/// sample than playing high only the top card of the suit).
fn second_hand_weight(hands: &[Holding; 4], trump: usize, trick: &Trick, seat: usize, m: Move) -> i32 {
    let led = trick.suits[0];
    let low = 40 - rank(m.card);
    let third = hands[(seat + 1) & 3];
    if trump != NO_TRUMPS && led != trump && third[led] == 0 && third[trump] != 0 {
        return low;
    }
    let (lead, third_top) = (trick.cards[0], highest(third[led]));
    let partner_top = highest(hands[seat ^ 2][led]);
    if partner_top > lead && partner_top > third_top {
        return low;
    }
    if m.card > lead && m.card > third_top {
        return 60 - rank(m.card);
    }
    low
}

/// Whether the last hand, partner of the second hand `seat`, takes the trick whatever the
/// others do: the third hand cannot ruff, and partner beats the lead and the third hand's
/// cards or ruffs (DDS: no ruff ahead of partner; 2.5 % fewer nodes on 9-trick endings).
fn partner_takes_it(hands: &[Holding; 4], trump: usize, trick: &Trick, seat: usize) -> bool {
    let led = trick.suits[0];
    let (third, partner) = (hands[(seat + 1) & 3], hands[seat ^ 2]);
    if third[led] == 0 && third[trump] != 0 {
        return false;
    }
    let partner_top = highest(partner[led]);
    (partner_top > trick.cards[0] && partner_top > highest(third[led]))
        || (partner[led] == 0 && partner[trump] != 0)
}
