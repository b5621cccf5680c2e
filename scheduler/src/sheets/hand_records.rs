//! The hand records of a bridge evening as a handout, four boards a page: each board's
//! number, dealer and vulnerability, and the four hands round a compass with their high-card
//! points, as BridgeComposer and the EBU's hand records print them. This module words every
//! line; `hand_records.typ` draws them.

use super::{HandDiagram, HandRecord, SectionBody, SuitLine};
use crate::deals::{Board, Direction, Hand, Suit};

/// The hand records section: one entry per attached board, in board order.
pub fn hand_records(boards: &[Board]) -> (String, SectionBody) {
    let mut boards: Vec<&Board> = boards.iter().collect();
    boards.sort_by_key(|b| b.number);
    let records = boards.into_iter().map(record).collect();
    (
        "Hand records".to_owned(),
        SectionBody::HandRecords { boards: records },
    )
}

/// One board's record.
fn record(board: &Board) -> HandRecord {
    HandRecord {
        title: format!("Board {}", board.number),
        dealer: format!("Dealer {}", board.dealer.name()),
        vulnerability: format!("Vulnerable: {}", board.vulnerability.label()),
        hands: Direction::ALL
            .iter()
            .map(|&seat| diagram(seat, board.deal.hand(seat)))
            .collect(),
    }
}

/// One hand, suit by suit (also drawn by the results site's hand diagrams).
pub(super) fn diagram(seat: Direction, hand: Hand) -> HandDiagram {
    HandDiagram {
        seat: seat.name().to_owned(),
        letter: seat.letter().to_string(),
        suits: Suit::ALL.iter().map(|&suit| suit_line(hand, suit)).collect(),
        points: high_card_points(hand),
    }
}

/// A suit's symbol and its ranks, spaced and with the ten written "10" ("A K 10 7"); "—"
/// for a void.
fn suit_line(hand: Hand, suit: Suit) -> SuitLine {
    let (symbol, red) = match suit {
        Suit::Spades => ("♠", false),
        Suit::Hearts => ("♥", true),
        Suit::Diamonds => ("♦", true),
        Suit::Clubs => ("♣", false),
    };
    let ranks: Vec<String> = hand
        .suit_text(suit)
        .chars()
        .map(|rank| match rank {
            'T' => "10".to_owned(),
            rank => rank.to_string(),
        })
        .collect();
    SuitLine {
        symbol: symbol.to_owned(),
        red,
        cards: if ranks.is_empty() {
            "—".to_owned()
        } else {
            ranks.join(" ")
        },
    }
}

/// 4 for each ace, 3 each king, 2 each queen, 1 each jack.
fn high_card_points(hand: Hand) -> u32 {
    hand.cards()
        .map(|card| match card.rank() {
            'A' => 4,
            'K' => 3,
            'Q' => 2,
            'J' => 1,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::{Vulnerability, deal_from_pbn};

    #[test]
    fn a_board_is_worded_as_a_hand_record_prints_it() {
        let deal =
            deal_from_pbn("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ").unwrap();
        let (title, body) = hand_records(&[Board::standard(6, deal), Board::standard(5, deal)]);
        assert_eq!(title, "Hand records");
        let SectionBody::HandRecords { boards } = body else {
            panic!("not hand records");
        };
        // In board order, whatever order they came in.
        assert_eq!(boards[0].title, "Board 5");
        let six = &boards[1];
        assert_eq!(six.title, "Board 6");
        assert_eq!(six.dealer, "Dealer East");
        assert_eq!(
            six.vulnerability,
            format!("Vulnerable: {}", Vulnerability::EastWest.label())
        );
        let seats: Vec<&str> = six.hands.iter().map(|h| h.seat.as_str()).collect();
        assert_eq!(seats, ["North", "East", "South", "West"]);
        let north = &six.hands[0];
        assert_eq!(north.points, 10);
        assert_eq!(north.suits[0].cards, "A K Q J");
        assert_eq!(north.suits[1].cards, "10 9 8");
        assert!(north.suits[1].red && !north.suits[0].red);
        assert_eq!(six.hands.iter().map(|h| h.points).sum::<u32>(), 40);
    }

    #[test]
    fn a_void_is_a_dash() {
        let deal =
            deal_from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
        let north = diagram(Direction::North, deal.hand(Direction::North));
        assert_eq!(north.suits[1].cards, "—");
        assert_eq!(north.points, 10);
    }
}
