//! A deal: the four hands of thirteen cards. A `Deal` always holds each of the 52 cards
//! exactly once, thirteen to a hand; the constructor refuses anything else with a sentence.

use super::card::{Card, Suit};
use super::direction::Direction;

/// A set of cards (one bit per card index).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(u64);

impl Hand {
    /// Whether the hand holds `card`.
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds `card`; `false` when the hand held it already.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    /// The number of cards held.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the hand holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards from the ace of spades down to the two of clubs.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |&c| self.contains(c))
    }

    /// The ranks held in `suit`, highest first (`AKT2`), empty for a void.
    pub fn suit_text(self, suit: Suit) -> String {
        self.cards()
            .filter(|c| c.suit() == suit)
            .map(Card::rank)
            .collect()
    }

    /// The hand as PBN writes it: spades, hearts, diamonds, clubs separated by dots, each
    /// suit highest first (`AKQ.T98.J765.432`; a void is an empty suit, PBN 2.1 §3.4.11).
    pub fn pbn(self) -> String {
        Suit::ALL
            .iter()
            .map(|&s| self.suit_text(s))
            .collect::<Vec<_>>()
            .join(".")
    }

    /// Reads a hand written the PBN way: four suits separated by dots, spades first, the
    /// ranks in any order (PBN 2.1 §3.4.11, import format). The number of cards is not
    /// checked here (`Deal::new` does); a rank written twice in a suit is refused.
    pub fn from_pbn(text: &str) -> Result<Hand, String> {
        let suits: Vec<&str> = text.split('.').collect();
        if suits.len() != 4 {
            return Err(format!(
                "the hand {text:?} has {} suits; a hand is four suits separated by dots (spades.hearts.diamonds.clubs)",
                suits.len()
            ));
        }
        let mut hand = Hand::default();
        for (&suit, ranks) in Suit::ALL.iter().zip(suits) {
            for rank in ranks.chars() {
                let Some(card) = Card::new(suit, rank) else {
                    let hint = if rank == '1' || rank == '0' {
                        " (the ten is written T)"
                    } else {
                        ""
                    };
                    return Err(format!(
                        "the hand {text:?} has {rank:?} among the {}, which is not a rank: ranks are A K Q J T 9 8 7 6 5 4 3 2{hint}",
                        suit_name(suit)
                    ));
                };
                if !hand.insert(card) {
                    return Err(format!("the hand {text:?} holds the {card} twice"));
                }
            }
        }
        Ok(hand)
    }
}

fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

/// Four hands of thirteen cards that together hold the whole pack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [Hand; 4],
}

impl Deal {
    /// The deal with these hands, given North, East, South, West. Refused with a sentence
    /// naming the seat when a hand does not have thirteen cards or a card is in two hands.
    pub fn new(hands: [Hand; 4]) -> Result<Deal, String> {
        for direction in Direction::ALL {
            let hand = hands[direction.index()];
            if hand.len() != 13 {
                return Err(format!(
                    "{} has {} cards ({}); every hand has 13",
                    direction.name(),
                    hand.len(),
                    hand.pbn()
                ));
            }
        }
        for card in Card::all() {
            let holders: Vec<&str> = Direction::ALL
                .iter()
                .filter(|d| hands[d.index()].contains(card))
                .map(|d| d.name())
                .collect();
            if holders.len() > 1 {
                return Err(format!("the {card} is in two hands ({})", holders.join(" and ")));
            }
        }
        Ok(Deal { hands })
    }

    /// The deal in which card `i` (by `Card::index`) goes to `owners[i]`; refused as
    /// `Deal::new` refuses.
    pub fn from_owners(owners: &[Direction; Card::COUNT]) -> Result<Deal, String> {
        let mut hands = [Hand::default(); 4];
        for (card, owner) in Card::all().zip(owners) {
            hands[owner.index()].insert(card);
        }
        Deal::new(hands)
    }

    /// The hand `direction` holds.
    pub fn hand(&self, direction: Direction) -> Hand {
        self.hands[direction.index()]
    }

    /// Who holds `card`.
    pub fn holder(&self, card: Card) -> Direction {
        Direction::ALL
            .into_iter()
            .find(|d| self.hand(*d).contains(card))
            .unwrap_or(Direction::North) // unreachable: `new` checked the whole pack is dealt
    }

    /// The PBN `Deal` tag value starting from `first` and going clockwise
    /// (`N:AKQ.… …`; PBN 2.1 §3.4.11 — export format starts from the dealer).
    pub fn pbn(&self, first: Direction) -> String {
        let mut seat = first;
        let mut hands = Vec::with_capacity(4);
        for _ in 0..4 {
            hands.push(self.hand(seat).pbn());
            seat = seat.next();
        }
        format!("{}:{}", first.letter(), hands.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> Hand {
        Hand::from_pbn(text).unwrap()
    }

    #[test]
    fn a_deal_is_the_whole_pack_thirteen_to_a_hand() {
        let north = hand("AKQJT98765432...");
        let east = hand(".AKQJT98765432..");
        let south = hand("..AKQJT98765432.");
        let west = hand("...AKQJT98765432");
        let deal = Deal::new([north, east, south, west]).unwrap();
        assert_eq!(
            deal.pbn(Direction::South),
            "S:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."
        );
        assert_eq!(
            deal.holder(Card::new(Suit::Diamonds, '7').unwrap()),
            Direction::South
        );

        let short = hand("AKQJT9876543...");
        let error = Deal::new([short, east, south, west]).unwrap_err();
        assert!(error.starts_with("North has 12 cards"), "{error}");
        let mut twice = hand("AKQJT98765432...");
        twice = Hand(twice.0 & !1); // without the ace of spades
        twice.insert(Card::new(Suit::Hearts, 'A').unwrap());
        let error = Deal::new([twice, east, south, west]).unwrap_err();
        assert_eq!(error, "the HA is in two hands (North and East)");
    }

    #[test]
    fn hands_are_read_in_any_rank_order_and_refused_with_a_reason() {
        assert_eq!(hand("2AK.t..").pbn(), "AK2.T..");
        assert!(Hand::from_pbn("AK.Q.J").unwrap_err().contains("has 3 suits"));
        assert!(
            Hand::from_pbn("A1.Q.J.")
                .unwrap_err()
                .contains("the ten is written T")
        );
        assert!(Hand::from_pbn("AXA...").unwrap_err().contains("'X'"));
        assert!(
            Hand::from_pbn("AKA...")
                .unwrap_err()
                .contains("holds the SA twice")
        );
    }
}
