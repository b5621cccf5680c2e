//! The whist drive's personal score cards, the traditional progressive card: per player a
//! framed card with a line per round — the table and seat, the partner and the opponents, a
//! box for the tricks the player's side took and a box for the running total — and the total
//! at the foot. Four cards a page (two across, two down) with tall boxes to write in, more
//! a page only when the rounds are too many for that. Filled from the results where they are
//! entered (`event::whist_drive`). `scorecards.typ` draws them as it draws the pairs' cards.

use super::scorecards::{
    FOOT_FIRST, FOOT_LINE, FRAME, FRAME_INSET, GUTTER, LINE_TEXT, MARGIN, MIN_PADDING, TITLE, TITLE_LINE,
    WRAPPED_LINE, cell, entrant_name, event_line, mm, page_height, paper_size, wrapped_lines,
};
use super::{CardColumn, CardRound, CellAlign, Orientation, PairCard, SectionBody, SheetOptions};
use crate::event::whist_drive::{PlayerRound, running_totals};
use crate::model::{Absence, Schedule};

/// The round column (the number, the seat under it) and the two boxes, in points.
const ROUND_WIDTH: f64 = 20.0;
const BOX_WIDTH: f64 = 40.0;

/// The most space above and below a line's text: a box about 11 mm high.
const MOST_PADDING: f64 = 13.0;

/// Points kept free below two cards' estimated height, and the share of a line's width the
/// names are assumed to fill before they wrap (typst breaks earlier than the glyph estimate).
const SAFETY: f64 = 12.0;
const WRAP_WIDTH: f64 = 0.8;

/// The score cards section for every player of `schedule`, filled from `rounds` (one list
/// per player, `event::whist_drive::player_rounds`).
pub fn score_cards(
    schedule: &Schedule,
    rounds: &[Vec<PlayerRound>],
    options: &SheetOptions,
) -> (String, SectionBody) {
    let event = event_line(options);
    let columns = vec![
        CardColumn {
            label: "Rd".into(),
            width: ROUND_WIDTH,
            align: CellAlign::Center,
        },
        CardColumn {
            label: "Table, partner and opponents".into(),
            width: 0.0,
            align: CellAlign::Left,
        },
        CardColumn {
            label: "Tricks".into(),
            width: BOX_WIDTH,
            align: CellAlign::Center,
        },
        CardColumn {
            label: "Total".into(),
            width: BOX_WIDTH,
            align: CellAlign::Center,
        },
    ];
    let cards: Vec<PairCard> = rounds
        .iter()
        .enumerate()
        .map(|(player, rounds)| player_card(schedule, player, rounds, &event))
        .collect();
    let (across, padding) = layout(&cards, options);
    (
        "Score cards".to_owned(),
        SectionBody::Scorecards {
            across,
            padding,
            lead: true,
            groups: Vec::new(),
            columns,
            cards,
        },
    )
}

/// "partner Ann Archer · v Bob Brown & Cy Cole".
fn who(schedule: &Schedule, partner: Option<usize>, opponents: &[usize]) -> String {
    let opponents: Vec<String> = opponents.iter().map(|&e| entrant_name(schedule, e)).collect();
    let partner = partner.map_or(String::new(), |p| {
        format!("partner {} · ", entrant_name(schedule, p))
    });
    format!("{partner}v {}", opponents.join(" & "))
}

fn player_card(schedule: &Schedule, player: usize, rounds: &[PlayerRound], event: &str) -> PairCard {
    let totals = running_totals(rounds);
    let lines = rounds
        .iter()
        .zip(&totals)
        .map(|(round, total)| match &round.place {
            Some(place) => CardRound {
                round: round.round.to_string(),
                seat: place.seat.to_string(),
                against: format!("T{}", place.table),
                names: who(schedule, place.partner, &place.opponents),
                note: None,
                boards: vec![vec![
                    cell(round.tricks.map_or(String::new(), |t| t.to_string())),
                    cell(total.map_or(String::new(), |t| t.to_string())),
                ]],
            },
            None => CardRound {
                round: round.round.to_string(),
                seat: String::new(),
                against: String::new(),
                names: String::new(),
                note: Some(
                    match round.absent {
                        Some(Absence::Left) => "left the drive",
                        Some(Absence::Late) => "not yet arrived",
                        _ => "sits out (scores the average of the rounds played)",
                    }
                    .to_owned(),
                ),
                boards: Vec::new(),
            },
        })
        .collect();
    let played: Vec<&PlayerRound> = rounds.iter().filter(|r| r.place.is_some()).collect();
    let complete = !played.is_empty() && played.iter().all(|r| r.tricks.is_some());
    let foot = if complete {
        let tricks: u32 = played.iter().filter_map(|r| r.tricks).sum();
        vec![format!("Total {tricks} tricks in {} rounds", played.len())]
    } else {
        vec!["Total ____________    Place ________".to_owned()]
    };
    PairCard {
        pair: (player + 1).to_string(),
        names: entrant_name(schedule, player),
        event: event.to_owned(),
        status: None,
        rounds: lines,
        foot,
    }
}

/// Two across; two down with boxes as tall as fit (up to about 11 mm), or as many down as
/// fit at the least padding when two down do not.
fn layout(cards: &[PairCard], options: &SheetOptions) -> (usize, f64) {
    let landscape = options.orientation == Orientation::Landscape;
    let page = page_height(options, landscape);
    let tallest = |padding: f64| {
        cards
            .iter()
            .map(|card| card_height(card, padding, options, landscape))
            .fold(0.0, f64::max)
    };
    // Room for two down, less a safety margin: the estimate of where names wrap is rough, and
    // a card a little too tall would leave one a page.
    let half = (page + GUTTER) / 2.0 - GUTTER - MARGIN - SAFETY;
    if tallest(MIN_PADDING) > page {
        return (1, MIN_PADDING);
    }
    let mut padding = MIN_PADDING;
    while padding + 0.25 <= MOST_PADDING && tallest(padding + 0.25) <= half {
        padding += 0.25;
    }
    (2, padding)
}

/// About how tall a card is, two across, in points (the pairs' cards' measures).
fn card_height(card: &PairCard, padding: f64, options: &SheetOptions, landscape: bool) -> f64 {
    let (width, height) = paper_size(options);
    let text_width = (if landscape { height } else { width }) - mm(28.0);
    let card_width = (text_width - GUTTER) / 2.0 - 2.0 * FRAME_INSET;
    let line = LINE_TEXT + 2.0 * padding;
    let names = ((card_width - ROUND_WIDTH - 2.0 * BOX_WIDTH - 4.0) * WRAP_WIDTH).max(20.0);
    let rounds: f64 = card
        .rounds
        .iter()
        .map(|round| {
            let lines = wrapped_lines(&format!("{} {}", round.against, round.names), names);
            line + (lines - 1.0) * WRAPPED_LINE
        })
        .sum();
    let title = wrapped_lines(&format!("{} {}", card.pair, card.names), card_width / 1.25);
    TITLE
        + (title - 1.0) * TITLE_LINE
        + LINE_TEXT
        + 2.0 * padding
        + rounds
        + FOOT_FIRST
        + FOOT_LINE * card.foot.len().saturating_sub(1) as f64
        + FRAME
}
