//! Quick tricks: the tricks the side on lead takes one after another from here, whatever the
//! others do — the cut-off DDS makes at the start of every trick before searching (Haglund
//! and Hein, §3). When they alone reach the target (or, for the opponents on lead, put it out
//! of reach) the position needs no search. This is the project's own count: a short plan
//! played out for the side, not DDS's table of cases.
//!
//! The plan (`Plan`): the hand on lead cashes a card higher than every card the opponents
//! hold in a suit they cannot ruff (trumps first); when it has none, it crosses to partner —
//! a small card to partner's winner, or to a void where partner ruffs — and partner goes on. Every step is a
//! trick the side wins whatever the opponents play: they follow suit (or, void, discard
//! without trumps), and a following opponent is assumed to keep his highest cards, so the
//! side's card on top stays on top. The count is therefore a sure lower bound; a better plan
//! only makes it larger.
//!
//! The answer depends on the side's cards that won by rank (every card above the lowest of
//! them in a suit counts too, `table_store::mask_of`) and on the suit lengths (in the table's
//! key): positions agreeing on those play the same plan to the same count.

use super::cards::{Holding, NO_TRUMPS, Ranks, count, highest, in_lane, top_bit};

/// The tricks the side of `leader` is sure to take in a row from now, and the cards that
/// makes them sure.
pub(super) fn quick_tricks(hands: &[Holding; 4], trump: usize, leader: usize) -> (u8, Ranks) {
    let mut plan = Plan {
        side: [hands[leader], hands[leader ^ 2]],
        opponents: [hands[(leader + 1) & 3], hands[(leader + 3) & 3]],
        trump,
        on_lead: 0,
        tricks: 0,
        ranks: 0,
    };
    while plan.step() {}
    (plan.tricks, plan.ranks)
}

/// The side's cards (0 the leader, 1 partner), the opponents' as the plan goes, and what it
/// has won so far.
struct Plan {
    side: [Holding; 2],
    opponents: [Holding; 2],
    trump: usize,
    on_lead: usize,
    tricks: u8,
    ranks: Ranks,
}

/// What partner did under the side's winner.
enum Follow {
    /// Played a lower card or discarded: the leader wins.
    Under,
    /// Had to play a higher card of the suit: partner wins with it.
    Above(u16),
    /// Ruffed with this trump: partner wins.
    Ruffed(u16),
}

/// How the hand on lead plays a trick of the plan.
#[derive(Clone, Copy)]
enum Play {
    /// Leads its highest card of the suit, above all the opponents'.
    Cash(usize),
    /// Leads small to partner's card above all the opponents'.
    ToPartner(usize),
    /// Leads a suit partner is void in, for partner to ruff.
    ToRuff(usize),
}

impl Plan {
    /// The cards of `suit` still in play.
    fn in_play(&self, suit: usize) -> u16 {
        self.side[0][suit] | self.side[1][suit] | self.opponents[0][suit] | self.opponents[1][suit]
    }

    /// Whether a lead of `suit` cannot be ruffed: every opponent follows or has no trumps.
    fn safe(&self, suit: usize) -> bool {
        let trump = self.trump;
        trump == NO_TRUMPS || suit == trump || self.opponents.iter().all(|o| o[suit] != 0 || o[trump] == 0)
    }

    /// The next trick of the plan, played; false when there is none.
    fn step(&mut self) -> bool {
        match self.choose() {
            Some(play) => {
                self.play(play);
                true
            }
            None => false,
        }
    }

    /// The trick to play next: trumps from the top first (they make side suits safe), then
    /// the other cards on top, then a crossing to partner.
    fn choose(&self) -> Option<Play> {
        let (me, partner) = (&self.side[self.on_lead], &self.side[self.on_lead ^ 1]);
        let wins = |hand: &Holding, suit: usize| hand[suit] != 0 && self.beats(top_bit(hand[suit]), suit);
        if self.trump != NO_TRUMPS && wins(me, self.trump) {
            return Some(Play::Cash(self.trump));
        }
        let safe = || (0..4).filter(|&s| me[s] != 0 && self.safe(s));
        // Partner's own winners in a suit are kept for later when there is a choice.
        if let Some(suit) = safe().filter(|&s| wins(me, s)).min_by_key(|&s| wins(partner, s)) {
            return Some(Play::Cash(suit));
        }
        if let Some(suit) = safe().find(|&s| wins(partner, s)) {
            return Some(Play::ToPartner(suit));
        }
        if self.trump == NO_TRUMPS || partner[self.trump] == 0 {
            return None;
        }
        safe()
            .find(|&s| s != self.trump && partner[s] == 0)
            .map(Play::ToRuff)
    }

    /// Whether `card` of `suit` beats every card of the suit the opponents hold.
    fn beats(&self, card: u16, suit: usize) -> bool {
        let theirs = self.opponents[0][suit] | self.opponents[1][suit];
        theirs == 0 || card > top_bit(theirs)
    }

    /// Plays `play`: the side wins the trick, and whoever of the two won it leads next.
    fn play(&mut self, play: Play) {
        let (me, partner) = (self.on_lead, self.on_lead ^ 1);
        let (suit, led) = match play {
            Play::Cash(s) => (s, top_bit(self.side[me][s])),
            Play::ToPartner(s) | Play::ToRuff(s) => (s, lowest(self.side[me][s])),
        };
        self.side[me][suit] ^= led;
        let (winner, card) = match play {
            Play::Cash(_) => {
                // Alone in the suit, the card wins whatever its rank.
                let alone = self.in_play(suit) == self.side[me][suit];
                match self.partner_follows(suit, led, false) {
                    Follow::Ruffed(trump) => (partner, (self.trump, trump, false)),
                    Follow::Above(card) => (partner, (suit, card, true)),
                    Follow::Under => (me, (suit, led, !alone)),
                }
            }
            Play::ToPartner(_) => {
                let card = self.partner_wins(suit, led);
                (partner, (suit, card, true))
            }
            Play::ToRuff(_) => {
                let trump = match self.partner_follows(suit, led, true) {
                    Follow::Ruffed(trump) => trump,
                    _ => 0,
                };
                (partner, (self.trump, trump, false))
            }
        };
        for opponent in &mut self.opponents {
            opponent[suit] &= opponent[suit].wrapping_sub(1);
        }
        let (won_suit, won_card, by_rank) = card;
        if by_rank {
            self.ranks |= in_lane(won_card, won_suit);
        }
        self.tricks += 1;
        self.on_lead = winner;
    }

    /// Partner's card to the lead of `led` in `suit`, the side's winner: the lowest of the
    /// suit (winning the trick itself when it is higher than `led`), or when void a discard
    /// (a small card of a suit where partner has nothing on top) — or, when partner holds
    /// only trumps or is asked to (`ruff`), the lowest trump, which wins the trick (the
    /// opponents follow, so nobody overruffs).
    fn partner_follows(&mut self, suit: usize, led: u16, ruff: bool) -> Follow {
        let partner = self.on_lead ^ 1;
        let hand = self.side[partner];
        if hand[suit] != 0 {
            let card = lowest(hand[suit]);
            self.side[partner][suit] ^= card;
            return if card > led {
                Follow::Above(card)
            } else {
                Follow::Under
            };
        }
        let others = (0..4).filter(|&s| s != self.trump && hand[s] != 0);
        let discard = others.min_by_key(|&s| {
            (
                hand[s] & top_bit(self.in_play(s)) != 0,
                std::cmp::Reverse(count(hand[s])),
            )
        });
        match discard {
            Some(s) if !ruff => {
                self.side[partner][s] ^= lowest(hand[s]);
                Follow::Under
            }
            _ if self.trump != NO_TRUMPS && hand[self.trump] != 0 => {
                let trump = lowest(hand[self.trump]);
                self.side[partner][self.trump] ^= trump;
                Follow::Ruffed(trump)
            }
            _ => Follow::Under,
        }
    }

    /// Partner wins the lead of `led` in `suit` with the lowest of its cards that beats it
    /// and every card of the suit the opponents still hold; returns that card.
    fn partner_wins(&mut self, suit: usize, led: u16) -> u16 {
        let partner = self.on_lead ^ 1;
        let theirs = self.opponents[0][suit] | self.opponents[1][suit];
        let highest = if theirs == 0 {
            led
        } else {
            top_bit(theirs).max(led)
        };
        let above = self.side[partner][suit] & !(highest * 2 - 1);
        let card = lowest(above);
        self.side[partner][suit] ^= card;
        card
    }
}

/// The lowest card of a non-empty mask.
fn lowest(cards: u16) -> u16 {
    cards & cards.wrapping_neg()
}

/// The trump tricks the side of `seat` is sure of whoever leads. Take one of its hands and
/// a trump `x` of it: the hand plays each of its trumps from `x` up in a trick of its own,
/// and the other side wins such a trick only by playing a higher trump in it, each of its
/// trumps above `x` at most once. So the side wins at least (the hand's trumps from `x` up)
/// less (the other side's trumps above `x`) — with `x` its lowest trump above all the other
/// side's, the top trumps; with `x` its lowest, the long trumps. The best over both hands
/// and every `x`, with the cards it depends on (`x`: every trump above it matters).
pub(super) fn sure_trumps(hands: &[Holding; 4], trump: usize, seat: usize) -> (u8, Ranks) {
    if trump == NO_TRUMPS {
        return (0, 0);
    }
    let theirs = hands[(seat + 1) & 3][trump] | hands[(seat + 3) & 3][trump];
    let mut best = (0u8, 0u16);
    for hand in [seat, seat ^ 2] {
        let mut rest = hands[hand][trump];
        let mut from_x = 0i32;
        while rest != 0 {
            // From the top down: `x` is the hand's next trump.
            let x = top_bit(rest);
            rest ^= x;
            from_x += 1;
            let above = count(theirs & !(x * 2 - 1)) as i32;
            let sure = from_x - above;
            if sure > i32::from(best.0) {
                best = (sure as u8, x);
            }
        }
    }
    if best.0 < 2 {
        best = split_top_trumps(hands, trump, seat).unwrap_or(best);
    }
    (best.0, in_lane(best.1, trump))
}

/// Two trump tricks for the side of `seat` when it holds the two top trumps, one in each
/// hand, and one of the hands holds another trump (DDS's later tricks for trump contracts;
/// the argument is ours). Each top trump wins the trick it is played in unless both are
/// played in the same one. Until a trick in which one of the two hands may play a trump
/// (trumps are led, or it is void in the suit led), both follow in other suits, so the hand
/// with two trumps still holds them, and that trick is not the last. There the side plays
/// one top trump and keeps the other: on a trump lead the hand with a lone trump plays it
/// and the other a small one (or one plays its top trump and the other a small one); on a
/// void the void hand plays its top trump, and the other, holding two cards or more, does
/// not have to. Returns the tricks and the second trump (every trump above it counts).
fn split_top_trumps(hands: &[Holding; 4], trump: usize, seat: usize) -> Option<(u8, u16)> {
    let (mine, partner) = (hands[seat][trump], hands[seat ^ 2][trump]);
    let ours = mine | partner;
    let all = ours | hands[(seat + 1) & 3][trump] | hands[(seat + 3) & 3][trump];
    let top = highest(all);
    let second = highest(all & !top);
    let both = top | second;
    let split = mine & both != 0 && partner & both != 0;
    (second != 0 && ours & both == both && split && (count(mine) >= 2 || count(partner) >= 2))
        .then_some((2, second))
}

/// One trick the side not on lead is sure of when the side on lead cannot ruff (no trumps,
/// or no trump in either hand) and the other side holds the highest card in play of every
/// suit the leader holds: whatever is led, they win it. With the cards it depends on.
pub(super) fn first_trick_lost(
    hands: &[Holding; 4],
    all: &Holding,
    trump: usize,
    leader: usize,
) -> (u8, Ranks) {
    let (lead, partner) = (&hands[leader], &hands[leader ^ 2]);
    if trump != NO_TRUMPS && (lead[trump] | partner[trump]) != 0 {
        return (0, 0);
    }
    let theirs = |s: usize| hands[(leader + 1) & 3][s] | hands[(leader + 3) & 3][s];
    let mut ranks = 0;
    for suit in (0..4).filter(|&s| lead[s] != 0) {
        let top = top_bit(all[suit]);
        if theirs(suit) & top == 0 {
            return (0, 0);
        }
        ranks |= in_lane(top, suit);
    }
    (1, ranks)
}

/// Whether the side of `seat`, needing every remaining trick (`left`), is sure to lose one:
/// with no trumps in play, a side that wins every trick must lead every trick in a suit it
/// holds the highest card of (else the other side's highest card wins it), and it can lead
/// a suit at most as often as its longer hand holds cards of it; the other side keeps its
/// highest cards meanwhile (it discards at most that many cards). When those lengths add
/// up to fewer than `left`, it fails (DDS's "later tricks", Haglund and Hein). With the
/// cards that depends on: the other side's highest card of each suit it holds the top of.
pub(super) fn cannot_take_all(
    hands: &[Holding; 4],
    all: &Holding,
    trump: usize,
    seat: usize,
    left: u8,
) -> Option<Ranks> {
    if trump != NO_TRUMPS && all[trump] != 0 {
        return None;
    }
    let ours = |s: usize| hands[seat][s] | hands[seat ^ 2][s];
    let mut leads = 0u32;
    let mut ranks = 0;
    for suit in (0..4).filter(|&s| all[s] != 0) {
        let top = top_bit(all[suit]);
        if ours(suit) & top != 0 {
            leads += count(hands[seat][suit]).max(count(hands[seat ^ 2][suit]));
        } else if all[suit] != top {
            // Their highest card matters only when someone else holds a card of the suit.
            ranks |= in_lane(top, suit);
        }
    }
    (leads < u32::from(left)).then_some(ranks)
}
