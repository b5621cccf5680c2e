//! The search: zero-window alpha-beta over the card play, asking "can North-South take at
//! least `target` tricks?" (Pearl's test, as DDS uses it), with North-South maximising at
//! every node whoever is on lead. Every answer comes with the cards it depended on: the
//! cards that won a trick by rank (beat a lower card of the same suit, a trump over a trump),
//! with the rest of their run — everything else is a small card whose exact rank did not
//! matter. Those cards make the transposition table's entries (`table_store`).
//!
//! Of a run of cards in one hand (cards next to each other among those in play at the start
//! of the trick) only the highest is tried: playing any of them is the same.

use super::cards::{Holding, NO_TRUMPS, Ranks, count, in_lane, lane, run_heads, run_of, top_bit};
use super::order::{Move, MoveList, order_moves};
use super::quick::{cannot_take_all, first_trick_lost, quick_tricks, sure_trumps};
use super::table_store::{Shape, TableStore, mask_of, ranks_of};
use super::trick::Trick;
use crate::solver::Control;

/// One search over one strain: the hands as they are now, the trump suit and the table.
pub(super) struct Search<'c> {
    pub(super) hands: [Holding; 4],
    pub(super) trump: usize,
    pub(super) store: TableStore,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    /// The owners and suit lengths at the start of the current trick.
    shape: Shape,
    /// By tricks left: the lead that last cut the search off (tried early: `KILLER_BONUS`).
    killer: [(usize, u16); 14],
    control: &'c Control,
    /// Diagnostics: [maximising][k][0 = no cut, n = cut at the n-th move tried].
    pub(super) cut_stats: [[[u64; 6]; 4]; 2],
    /// Diagnostics: trick starts by tricks left, and those settled by the table.
    pub(super) depth_stats: [u64; 14],
    pub(super) hit_stats: [u64; 14],
    pub(super) sure_stats: [u64; 14],
}

/// What the last lead to cut off with as many tricks left adds to a lead's weight. Measured
/// on the speed sample: 6 % fewer nodes at 60 (20: 4 %, 200: 4 %); the same for the other
/// cards of a trick, or keyed by seat, does worse.
const KILLER_BONUS: i16 = 60;

/// Nodes between two looks at the clock.
const CHECK_EVERY: u64 = 1 << 14;

impl<'c> Search<'c> {
    /// A search of `hands` with `trump` (a suit number or `NO_TRUMPS`) and a table of at most
    /// `capacity` entries.
    pub(super) fn new(
        hands: [Holding; 4],
        trump: usize,
        capacity: usize,
        control: &'c Control,
    ) -> Search<'c> {
        Search {
            shape: Shape::new(&hands),
            killer: [(0, 0); 14],
            hands,
            trump,
            store: TableStore::new(capacity),
            nodes: 0,
            stopped: false,
            control,
            cut_stats: [[[0; 6]; 4]; 2],
            depth_stats: [0; 14],
            hit_stats: [0; 14],
            sure_stats: [0; 14],
        }
    }

    fn in_play(&self) -> Holding {
        let h = &self.hands;
        std::array::from_fn(|s| h[0][s] | h[1][s] | h[2][s] | h[3][s])
    }

    /// Whether North-South, having won `won` tricks with `left` to play and `leader` to lead,
    /// can take `target` in all; and the cards that answer depended on.
    pub(super) fn trick_start(&mut self, leader: usize, won: u8, left: u8, target: u8) -> (bool, Ranks) {
        if won >= target {
            return (true, 0);
        }
        if won + left < target {
            return (false, 0);
        }
        self.nodes += 1;
        self.depth_stats[usize::from(left)] += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.control.should_stop() {
            self.stopped = true;
        }
        if self.stopped {
            return (false, 0);
        }
        let all = self.in_play();
        if left == 1 {
            return self.last_trick(leader, won, target, &all);
        }
        debug_assert_eq!(self.shape, Shape::new(&self.hands));
        let key = self.shape.key(leader);
        let owners = self.shape.owners();
        let need = target - won;
        if let Some((reached, mask)) = self.store.lookup(key, owners, need) {
            self.hit_stats[usize::from(left)] += 1;
            return (reached, ranks_of(mask, &all));
        }
        if let Some(answer) = self.sure_answer(leader, won, left, target, &all) {
            self.sure_stats[usize::from(left)] += 1;
            return answer;
        }
        let mut trick = Trick {
            leader,
            start: all,
            ..Trick::default()
        };
        let (reached, ranks) = self.play(&mut trick, 0, won, left, target);
        #[cfg(test)]
        if std::env::var("DD_SHOW").ok().and_then(|v| v.parse::<u8>().ok()) == Some(left) {
            let show = |h: &Holding| {
                (0..4)
                    .map(|s| {
                        (0..13)
                            .rev()
                            .filter(|r| h[s] >> r & 1 == 1)
                            .map(|r| "23456789TJQKA".as_bytes()[r] as char)
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join(".")
            };
            let hands: Vec<String> = self.hands.iter().map(show).collect();
            eprintln!(
                "EXPAND {} trump {} leader {leader} need {need} -> {reached} ranks {ranks:x}",
                hands.join(" "),
                self.trump
            );
        }
        if !self.stopped {
            self.store.store(key, owners, mask_of(ranks, &all), reached, need);
        }
        (reached, ranks)
    }

    /// The answer when the tricks one side is sure of settle it without a search: the
    /// leader's side's quick tricks, either side's sure trumps (or the other side's sure
    /// first trick), and a side needing every trick without the cards to lead them all.
    fn sure_answer(
        &self,
        leader: usize,
        won: u8,
        left: u8,
        target: u8,
        all: &Holding,
    ) -> Option<(bool, Ranks)> {
        let (quick, quick_cards) = quick_tricks(&self.hands, self.trump, leader);
        let (lead_trumps, lead_cards) = sure_trumps(&self.hands, self.trump, leader);
        let (mut other_trumps, mut other_cards) = sure_trumps(&self.hands, self.trump, leader ^ 1);
        if other_trumps == 0 {
            (other_trumps, other_cards) = first_trick_lost(&self.hands, all, self.trump, leader);
        }
        let (ours, our_cards) = if quick >= lead_trumps {
            (quick, quick_cards)
        } else {
            (lead_trumps, lead_cards)
        };
        let (north_south, ns_cards, east_west, ew_cards) = if leader & 1 == 0 {
            (ours, our_cards, other_trumps, other_cards)
        } else {
            (other_trumps, other_cards, ours, our_cards)
        };
        if won + north_south >= target {
            return Some((true, ns_cards));
        }
        if won + left - east_west.min(left) < target {
            return Some((false, ew_cards));
        }
        let need = target - won;
        if need == left {
            return cannot_take_all(&self.hands, all, self.trump, 0, left).map(|r| (false, r));
        }
        if need == 1 {
            return cannot_take_all(&self.hands, all, self.trump, 1, left).map(|r| (true, r));
        }
        None
    }

    /// The `k`-th card of the trick (0 = the lead) and everything after it.
    fn play(&mut self, trick: &mut Trick, k: usize, won: u8, left: u8, target: u8) -> (bool, Ranks) {
        let seat = (trick.leader + k) & 3;
        let maximising = seat & 1 == 0;
        if k == 1
            && let Some((mut ranks, holder)) = self.second_hand_wins(trick, seat)
        {
            // The second hand's side takes this trick whatever is played, and in no trumps
            // the winners the winning hand can cash after it: enough when that is all it
            // needed (DDS's quick tricks for the second hand).
            let enough = |sure: u8| {
                if maximising {
                    won + sure >= target
                } else {
                    won + left - sure < target
                }
            };
            let mut sure = 1;
            if !enough(sure) && self.trump == NO_TRUMPS {
                let (more, more_ranks) = self.cashes_after(trick, holder);
                sure += more;
                ranks |= more_ranks;
            }
            if enough(sure) {
                return (maximising, ranks);
            }
        }
        let mut moves = MoveList::default();
        self.moves(trick, k, seat, &mut moves);
        order_moves(&self.hands, self.trump, trick, k, seat, &mut moves);
        if k == 0 {
            moves.prefer(self.killer[usize::from(left)], KILLER_BONUS);
        }
        let mut depends: Ranks = 0;
        // Per suit: cards below this are no better than one already tried (see below).
        let mut small = [0u16; 4];
        let mut tried = 0usize;
        for &m in moves.as_slice() {
            if m.card < small[m.suit()] {
                continue;
            }
            self.hands[seat][m.suit()] ^= m.card;
            trick.suits[k] = m.suit();
            trick.cards[k] = m.card;
            let (reached, ranks) = if k == 3 {
                self.finish(trick, won, left, target)
            } else {
                self.play(trick, k + 1, won, left, target)
            };
            self.hands[seat][m.suit()] ^= m.card;
            tried += 1;
            if reached == maximising {
                if k == 0 {
                    self.killer[usize::from(left)] = (m.suit(), m.card);
                }
                self.cut_stats[usize::from(maximising)][k][tried.min(5)] += 1;
                return (reached, ranks);
            }
            depends |= ranks;
            // The card did not matter by its rank (no card of its suit at or below it counted
            // in what followed): a lower card of the same suit would do the same (DDS's
            // small-card rule, credited to Hans Kuijf).
            let counted = lane(ranks, m.suit());
            if counted == 0 || counted & counted.wrapping_neg() > m.card {
                small[m.suit()] = small[m.suit()].max(m.card);
            }
        }
        self.cut_stats[usize::from(maximising)][k][0] += 1;
        (!maximising, depends)
    }

    /// The cards that make the trick `seat`'s side's for sure, `seat` being second to play,
    /// and the hand that wins it: a ruff the third hand cannot beat (hand unknown: 4), or a
    /// card of the side above the led card and the third hand's cards (which the third hand
    /// cannot ruff).
    fn second_hand_wins(&self, trick: &Trick, seat: usize) -> Option<(Ranks, usize)> {
        let (partner, third) = (seat ^ 2, (seat + 1) & 3);
        let h = &self.hands;
        let led = trick.suits[0];
        let trump = self.trump;
        let can_ruff = |p: usize| trump != NO_TRUMPS && led != trump && h[p][led] == 0 && h[p][trump] != 0;
        if can_ruff(seat) || can_ruff(partner) {
            return (!can_ruff(third)).then_some((0, 4));
        }
        let ours = h[seat][led] | h[partner][led];
        if ours == 0 {
            return None;
        }
        let top = top_bit(ours);
        if top < trick.cards[0] || top < h[third][led] || can_ruff(third) {
            return None;
        }
        let holder = if h[seat][led] & top != 0 { seat } else { partner };
        Some((
            in_lane(run_of(top, h[holder][led], trick.start[led]), led),
            holder,
        ))
    }

    /// In no trumps, the tricks `holder` cashes after winning the current trick (second to
    /// play or last) with its top card of the led suit: its next card of that suit when it
    /// is above every card the opponents hold there, the top card of each other suit, and
    /// every card of a suit nobody else holds; with the cards that count.
    fn cashes_after(&self, trick: &Trick, holder: usize) -> (u8, Ranks) {
        if holder > 3 {
            return (0, 0);
        }
        let h = &self.hands;
        let led = trick.suits[0];
        let opponents = |s: usize| h[(holder + 1) & 3][s] | h[(holder + 3) & 3][s];
        let (mut tricks, mut ranks) = (0u8, 0);
        let own = h[holder][led];
        let rest = own & !top_bit(own);
        if rest != 0 && top_bit(rest) > opponents(led) {
            tricks += 1;
            ranks |= in_lane(run_of(top_bit(rest), own, trick.start[led]), led);
        }
        for s in (0..4).filter(|&s| s != led && h[holder][s] != 0) {
            let others = opponents(s) | h[holder ^ 2][s];
            if others == 0 {
                tricks += count(h[holder][s]) as u8;
            } else if top_bit(h[holder][s]) > others {
                tricks += 1;
                ranks |= in_lane(run_of(top_bit(h[holder][s]), h[holder][s], trick.start[s]), s);
            }
        }
        (tricks, ranks)
    }

    /// The legal moves of `seat` as the `k`-th card of `trick`, one per run.
    fn moves(&self, trick: &Trick, k: usize, seat: usize, moves: &mut MoveList) {
        let hand = &self.hands[seat];
        let follow = k > 0 && hand[trick.suits[0]] != 0;
        for (suit, (&cards, &in_play)) in hand.iter().zip(&trick.start).enumerate() {
            if follow && suit != trick.suits[0] {
                continue;
            }
            let mut heads = run_heads(cards, in_play);
            while heads != 0 {
                let card = top_bit(heads);
                heads ^= card;
                moves.push(Move {
                    suit: suit as u8,
                    card,
                    weight: 0,
                });
            }
        }
    }

    /// The trick is complete: who won it, then the rest of the play.
    fn finish(&mut self, trick: &Trick, won: u8, left: u8, target: u8) -> (bool, Ranks) {
        let winner = trick.winning(4, self.trump);
        let seat = (trick.leader + winner) & 3;
        let won_now = won + u8::from(seat & 1 == 0);
        let before = self.shape;
        self.shape = before.after(trick);
        let (reached, ranks) = self.trick_start(seat, won_now, left - 1, target);
        self.shape = before;
        (reached, ranks | self.by_rank(trick, winner, seat))
    }

    /// The winning card's run, when it won by rank (another card of its suit was played).
    fn by_rank(&self, trick: &Trick, winner: usize, seat: usize) -> Ranks {
        let suit = trick.suits[winner];
        let same_suit = trick.suits.iter().filter(|&&s| s == suit).count();
        if same_suit < 2 {
            return 0;
        }
        let card = trick.cards[winner];
        let hand = self.hands[seat][suit] | card;
        in_lane(run_of(card, hand, trick.start[suit]), suit)
    }

    /// One card each: the last trick needs no search.
    fn last_trick(&mut self, leader: usize, won: u8, target: u8, all: &Holding) -> (bool, Ranks) {
        let mut trick = Trick {
            leader,
            start: *all,
            ..Trick::default()
        };
        for k in 0..4 {
            let seat = (leader + k) & 3;
            let suit = (0..4).find(|&s| self.hands[seat][s] != 0).unwrap_or(0);
            trick.suits[k] = suit;
            trick.cards[k] = self.hands[seat][suit];
        }
        let winner = trick.winning(4, self.trump);
        let seat = (leader + winner) & 3;
        let total = won + u8::from(seat & 1 == 0);
        let suit = trick.suits[winner];
        let same_suit = trick.suits.iter().filter(|&&s| s == suit).count();
        let ranks = if same_suit >= 2 {
            in_lane(trick.cards[winner], suit)
        } else {
            0
        };
        (total >= target, ranks)
    }
}
