//! The hand records of a bridge evening as a handout, four boards a page: each board's
//! number, dealer and vulnerability, and the four hands round a compass with their high-card
//! points, as BridgeComposer and the EBU's hand records print them; under an analysed board's
//! diagram its double-dummy table (tricks for declarers N, S, E, W in NT, ♠, ♥, ♦, ♣) and its
//! par line. This module words every line; `hand_records.typ` draws them.

use super::{HandAnalysis, HandDiagram, HandRecord, SectionBody, SuitLine, TricksRow};
use crate::deals::pbn_analysis::{PBN_DECLARERS, PBN_STRAINS};
use crate::deals::{Analysis, Board, Direction, Hand, Strain, Suit};

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
        analysis: board.analysis.as_ref().map(analysis),
    }
}

/// The double-dummy table (declarers and strains in the order PBN's tags and BridgeComposer
/// list them) and the par line: the score from N-S's side and every par contract.
fn analysis(analysis: &Analysis) -> HandAnalysis {
    let heads = PBN_STRAINS
        .iter()
        .map(|&strain| match strain.trumps() {
            Some(suit) => SuitLine {
                cards: String::new(),
                ..suit_line(Hand::default(), suit)
            },
            None => SuitLine {
                symbol: Strain::NoTrump.symbol().to_owned(),
                red: false,
                cards: String::new(),
            },
        })
        .collect();
    let rows = PBN_DECLARERS
        .iter()
        .map(|&seat| TricksRow {
            seat: seat.letter().to_string(),
            tricks: PBN_STRAINS
                .iter()
                .map(|&strain| analysis.table.tricks(seat, strain))
                .collect(),
        })
        .collect();
    let par = &analysis.par;
    let score = match par.score_ns {
        0 => "0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => n.to_string(),
    };
    let contracts: Vec<String> = par.contracts.iter().map(ToString::to_string).collect();
    let par = if contracts.is_empty() {
        format!("Par {score}: passed out")
    } else {
        format!("Par {score}: {}", contracts.join(", "))
    };
    HandAnalysis { heads, rows, par }
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

    /// The first `count` deals of `fixtures/dd/dds-reference.json` as boards 1, 2, … with
    /// their DDS table and the par worked out from it.
    fn analysed_boards(count: usize) -> Vec<Board> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/dd/dds-reference.json");
        let deals: Vec<serde_json::Value> =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        deals[..count]
            .iter()
            .enumerate()
            .map(|(i, deal)| {
                let mut rows = [[0u8; 5]; 4];
                for seat in Direction::ALL {
                    for strain in Strain::ALL {
                        let n = deal["dd"][seat.letter().to_string().as_str()][strain.letters()]
                            .as_u64()
                            .unwrap();
                        rows[seat.index()][strain.index()] = n as u8;
                    }
                }
                let table = crate::deals::DdTable::new(rows).unwrap();
                let deal = deal_from_pbn(deal["pbn"].as_str().unwrap()).unwrap();
                let mut board = Board::standard(i as u32 + 1, deal);
                let par = crate::scoring::par::par(&table, board.dealer, board.vulnerability);
                board.analysis = Some(Analysis { table, par });
                board
            })
            .collect()
    }

    #[test]
    fn an_analysed_board_has_its_double_dummy_table_and_par_line() {
        let boards = analysed_boards(2);
        let (_, body) = hand_records(&boards);
        let SectionBody::HandRecords { boards: records } = body else {
            panic!("not hand records");
        };
        let one = records[0].analysis.as_ref().unwrap();
        let heads: Vec<&str> = one.heads.iter().map(|h| h.symbol.as_str()).collect();
        assert_eq!(heads, ["NT", "♠", "♥", "♦", "♣"]);
        assert_eq!(
            one.heads.iter().map(|h| h.red).collect::<Vec<_>>(),
            [false, false, true, true, false]
        );
        // Fixture deal 1: North NT 9, ♠ 7, ♥ 9, ♦ 10, ♣ 6; East NT 3, ♠ 5, ♥ 3, ♦ 3, ♣ 7.
        assert_eq!(one.rows[0].seat, "N");
        assert_eq!(one.rows[0].tricks, [9, 7, 9, 10, 6]);
        assert_eq!(one.rows[2].seat, "E");
        assert_eq!(one.rows[2].tricks, [3, 5, 3, 3, 7]);
        // Board 1 is none vulnerable: 3NT by N or S; board 2 (dealer E, N-S vulnerable): E-W
        // sacrifice in 7♦ over N-S's 6♠.
        assert_eq!(one.par, "Par +400: 3NTN=, 3NTS=");
        assert_eq!(
            records[1].analysis.as_ref().unwrap().par,
            "Par +1400: 7♦Ex-6, 7♦Wx-6"
        );
        let mut passed = boards[0].clone();
        if let Some(analysis) = passed.analysis.as_mut() {
            analysis.par = crate::deals::Par {
                score_ns: 0,
                contracts: Vec::new(),
            };
        }
        assert_eq!(record(&passed).analysis.unwrap().par, "Par 0: passed out");
        let mut plain = boards[0].clone();
        plain.analysis = None;
        assert!(record(&plain).analysis.is_none());
    }

    #[cfg(feature = "pdf")]
    #[test]
    fn analysed_hand_records_print_four_boards_a_page_with_tables_and_par() {
        use super::super::{EventHeading, Section, SheetDocument};
        let boards = analysed_boards(5);
        let (title, body) = hand_records(&boards);
        let document = SheetDocument {
            event: EventHeading {
                title: "Club pairs".to_owned(),
                club: None,
                date: None,
                paper: "a4",
            },
            sections: vec![Section {
                title,
                landscape: false,
                body,
            }],
        };
        let pdf = super::super::pdf::render(&document).unwrap();
        if let Some(path) = std::env::var_os("TOURNEY_KEEP_HAND_RECORDS_PDF") {
            std::fs::write(path, &pdf).unwrap();
        }
        let loaded = lopdf::Document::load_mem(&pdf).unwrap();
        let pages = loaded.get_pages();
        assert_eq!(pages.len(), 2, "five boards, four a page");
        let first: String = loaded.extract_text(&[1]).unwrap().split_whitespace().collect();
        for text in ["Par+400:3NTN=,3NTS=", "Par+1400:7", "NT", "Board4"] {
            assert!(first.contains(text), "{text} is not on page 1: {first}");
        }
        assert!(!first.contains("Board5"));
    }
}
