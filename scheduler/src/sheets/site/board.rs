//! A board's hands and what could be made: the hand diagram in the usual compass layout
//! (North at the top, dealer and vulnerability beside it), and the double-dummy table and
//! par when the board has an analysis. The hands' wording comes from the hand records
//! (`super::super::hand_records`); this module only lays it out as HTML.

use super::html::{Align, Table, esc, suit_symbol, with_suits};
use crate::deals::{Analysis, Board, Direction, Par, Strain, Vulnerability};

/// The hand diagram of `board`: four hands round a compass, the board's number, dealer and
/// vulnerability in the top left corner, each hand's high-card points after its seat.
pub(super) fn hand_diagram(board: &Board) -> String {
    let mut cells = String::new();
    cells.push_str(&format!(
        "<div class=\"info\"><p>Board {}</p><p>Dealer {}</p><p>Vulnerable: {}</p></div>\n",
        board.number,
        board.dealer.name(),
        vulnerability_words(board.vulnerability)
    ));
    for seat in Direction::ALL {
        let hand = super::super::hand_records::diagram(seat, board.deal.hand(seat));
        let suits: String = hand
            .suits
            .iter()
            .map(|line| {
                let symbol = line.symbol.chars().next().unwrap_or('?');
                let cards = if line.cards == "—" {
                    "<span class=\"void\">—</span><span class=\"vh\">void</span>".to_owned()
                } else {
                    esc(&line.cards)
                };
                format!("<li>{} {cards}</li>", suit_symbol(symbol))
            })
            .collect();
        cells.push_str(&format!(
            "<div class=\"hand {}\"><p class=\"seat\">{} <span class=\"hcp\">{}&nbsp;HCP</span></p><ul class=\"suits\">{suits}</ul></div>\n",
            seat.name().to_ascii_lowercase(),
            hand.seat,
            hand.points
        ));
    }
    cells.push_str(&compass(board));
    format!("<div class=\"diagram\">\n{cells}</div>\n")
}

/// "None", "North-South", "East-West", "Both": the vulnerability in words.
fn vulnerability_words(vulnerability: Vulnerability) -> &'static str {
    match vulnerability {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "North-South",
        Vulnerability::EastWest => "East-West",
        Vulnerability::All => "Both",
    }
}

/// The compass in the middle: the seats' letters, vulnerable sides on red, the dealer
/// marked. Drawn only for the eye: the corner says the same in words.
fn compass(board: &Board) -> String {
    let letters: String = Direction::ALL
        .iter()
        .map(|&seat| {
            let mut class = format!("c{}", seat.letter().to_ascii_lowercase());
            if board.vulnerability.side_vulnerable(seat) {
                class.push_str(" vul");
            }
            if seat == board.dealer {
                class.push_str(" dealer");
            }
            format!("<span class=\"{class}\">{}</span>", seat.letter())
        })
        .collect();
    format!("<div class=\"compass\" aria-hidden=\"true\">{letters}</div>\n")
}

/// The columns of the double-dummy table: no trumps first, then the suits from spades down,
/// as hand records print them.
const COLUMNS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The rows: the North-South side first.
const ROWS: [Direction; 4] = [
    Direction::North,
    Direction::South,
    Direction::East,
    Direction::West,
];

/// What could be made on board `number`: the double-dummy table and the par, or a line
/// saying the board was not analysed.
pub(super) fn analysis_html(number: u32, analysis: Option<&Analysis>) -> String {
    let Some(analysis) = analysis else {
        return "<p class=\"muted\">Double-dummy analysis: not analysed.</p>\n".to_owned();
    };
    let mut columns = vec![("Declarer".to_owned(), Align::Left)];
    columns.extend(COLUMNS.iter().map(|&strain| (strain_head(strain), Align::Right)));
    let rows = ROWS
        .iter()
        .map(|&declarer| {
            let mut row = vec![declarer.name().to_owned()];
            row.extend(
                COLUMNS
                    .iter()
                    .map(|&strain| analysis.table.tricks(declarer, strain).to_string()),
            );
            row
        })
        .collect();
    let mut table = Table::new(&format!("Board {number}: double-dummy tricks"), columns, rows);
    table.class = "dd";
    format!("{}{}", table.html(), par_html(&analysis.par))
}

/// A column head of the double-dummy table: "NT" or the suit's symbol.
fn strain_head(strain: Strain) -> String {
    match strain {
        Strain::NoTrump => "NT".to_owned(),
        other => other.symbol().chars().next().map(suit_symbol).unwrap_or_default(),
    }
}

/// "Par: N-S +420 — 4♠N=, 4♠S=", or passed out.
fn par_html(par: &Par) -> String {
    let score = match par.score_ns {
        0 => "0".to_owned(),
        s if s > 0 => format!("N-S +{s}"),
        s => format!("E-W +{}", -i64::from(s)),
    };
    let contracts = if par.contracts.is_empty() {
        "passed out".to_owned()
    } else {
        par.contracts
            .iter()
            .map(|c| with_suits(&c.to_string()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!("<p class=\"par\"><strong>Par:</strong> {score} — {contracts}</p>\n")
}
