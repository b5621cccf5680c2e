//! One playing card: a suit and a rank, written the PBN way (`A K Q J T 9 … 2`; PBN 2.1
//! §3.4.11 spells the ten as `T`).

use std::fmt;

/// The four suits in the order PBN writes a hand: spades, hearts, diamonds, clubs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// ♠, the highest suit.
    Spades,
    /// ♥.
    Hearts,
    /// ♦.
    Diamonds,
    /// ♣, the lowest suit.
    Clubs,
}

impl Suit {
    /// In the order a PBN hand lists them.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// `S`, `H`, `D` or `C`.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    fn index(self) -> usize {
        match self {
            Suit::Spades => 0,
            Suit::Hearts => 1,
            Suit::Diamonds => 2,
            Suit::Clubs => 3,
        }
    }
}

/// The rank letters from the ace down (PBN 2.1 §3.4.11).
const RANKS: [char; 13] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];

/// A card. Its index (0..52) orders the pack spades first, ace first within a suit, which is
/// the order a hand is written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The number of cards in the pack.
    pub const COUNT: usize = 52;

    /// The card with this index (0..52), if there is one.
    pub fn from_index(index: usize) -> Option<Card> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < Card::COUNT)
            .map(Card)
    }

    /// The card of `suit` whose rank is written `rank` (`A`, `K`, `Q`, `J`, `T`, `9`…`2`; a
    /// lower-case letter is accepted too). `None` for anything else.
    pub fn new(suit: Suit, rank: char) -> Option<Card> {
        let rank = rank.to_ascii_uppercase();
        let position = RANKS.iter().position(|&r| r == rank)?;
        Card::from_index(suit.index() * 13 + position)
    }

    /// 0..52, spades first and the ace first within a suit.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[self.index() / 13]
    }

    /// The rank letter: `A K Q J T 9 8 7 6 5 4 3 2`.
    pub fn rank(self) -> char {
        RANKS[self.index() % 13]
    }

    /// Every card of the pack, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT).filter_map(Card::from_index)
    }
}

impl fmt::Display for Card {
    /// `SA`, `HT`, `C2`: suit letter then rank, as the PBN play section writes a card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_is_one_card_and_back() {
        let cards: Vec<Card> = Card::all().collect();
        assert_eq!(cards.len(), 52);
        for card in cards {
            assert_eq!(Card::new(card.suit(), card.rank()), Some(card));
        }
        assert_eq!(Card::from_index(52), None);
        assert_eq!(
            Card::new(Suit::Hearts, 't').map(|c| c.to_string()),
            Some("HT".to_owned())
        );
        assert_eq!(Card::new(Suit::Clubs, '1'), None);
        assert_eq!(Card::new(Suit::Clubs, '0'), None);
    }
}
