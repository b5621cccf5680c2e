//! The trick being played, and who is winning it.

use super::cards::Holding;

/// The trick being played: who led, the cards played so far (suit and one-bit rank) and the
/// cards in play when it began.
#[derive(Clone, Copy, Default)]
pub(super) struct Trick {
    pub(super) leader: usize,
    pub(super) suits: [usize; 4],
    pub(super) cards: [u16; 4],
    pub(super) start: Holding,
}

impl Trick {
    /// The position in the trick (0 = the lead) of the card winning so far among the first
    /// `played` cards.
    pub(super) fn winning(&self, played: usize, trump: usize) -> usize {
        let mut best = 0;
        for k in 1..played {
            let (s, b) = (self.suits[k], self.suits[best]);
            let beats = if s == b {
                self.cards[k] > self.cards[best]
            } else {
                s == trump
            };
            if beats {
                best = k;
            }
        }
        best
    }
}
