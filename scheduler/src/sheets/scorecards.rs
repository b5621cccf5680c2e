//! The personal score cards of a club pairs evening, two to four a page: per pair a framed
//! card with a line per board (round, direction, table and opponents, contract, declarer,
//! tricks, score, matchpoints, percentage) and the pair's total, percentage and place at the
//! foot. The figures are the library's (`crate::event::club_pairs::scorecards`, read from the
//! travellers and the standings); before any result the same card has empty boxes to write in.
//! This module words every cell and decides how many cards go across; `scorecards.typ` draws.

use super::{CardCell, CardColumn, CardRound, CellAlign, Orientation, PairCard, SectionBody, SheetOptions};
use crate::event::club_pairs::{Scorecard, ScorecardBoard, ScorecardSeat, ScorecardStanding, scorecards_of};
use crate::event::{BridgeResult, made_text};
use crate::model::Schedule;
use crate::movement::Movement;

/// The board columns after the round and the opponents: label, width in points (cell padding
/// included) and alignment. Widths measured on the PDF at 8 pt: "Contract" in bold, a score of
/// "-1430", matchpoints of "10.5*" and a percentage of "62.5" fit their cells; "E-W" fits
/// the round's column.
const BOARD_COLUMNS: [(&str, f64, CellAlign); 7] = [
    ("Bd", 14.0, CellAlign::Right),
    ("Contract", 36.0, CellAlign::Center),
    ("By", 13.0, CellAlign::Center),
    ("Tricks", 26.0, CellAlign::Center),
    ("Score", 28.0, CellAlign::Right),
    ("MP", 22.0, CellAlign::Right),
    ("%", 21.0, CellAlign::Right),
];

/// The round column: its number in bold, the direction under it ("N-S").
const ROUND_WIDTH: f64 = 20.0;

/// Space between two cards side by side, and a card's frame padding (scorecards.typ).
pub(super) const GUTTER: f64 = 6.0;
pub(super) const FRAME_INSET: f64 = 4.0;

/// The least and the most space above and below a line's text, in points: at the least a
/// line is 9.75 pt (3.4 mm) high.
pub(super) const MIN_PADDING: f64 = 2.0;
pub(super) const MAX_PADDING: f64 = 5.0;

/// About how tall parts of a card are, in points, as scorecards.typ draws them at 8 pt
/// (measured on the PDFs of a 13-pair Mitchell and Howell): a line's text without its
/// padding, each further line of wrapped text in a round's cells, the card's title (pair and
/// event) and each further line of a long title, the foot's first line and each further one,
/// and the frame's padding.
pub(super) const LINE_TEXT: f64 = 5.75;
pub(super) const WRAPPED_LINE: f64 = 7.8;
pub(super) const TITLE: f64 = 22.0;
pub(super) const TITLE_LINE: f64 = 11.0;
pub(super) const FOOT_FIRST: f64 = 11.0;
pub(super) const FOOT_LINE: f64 = 8.5;
pub(super) const FRAME: f64 = 2.0 * FRAME_INSET + 0.8;
/// Room left to spare when the lines grow: the estimate of a 13-pair Mitchell's card is
/// within 1.5 pt of the PDF's.
pub(super) const MARGIN: f64 = 4.0;

/// Widths of 8 pt Noto Sans, for guessing where names wrap: a capital, another character, a
/// space (measured on the PDF, rounded up).
const CAPITAL: f64 = 5.6;
const GLYPH: f64 = 4.4;
const SPACE: f64 = 2.1;

/// The score cards section: the cards of `scorecards` (the event's, with results), or blank
/// cards made from the movement when there are none.
pub fn score_cards(
    schedule: &Schedule,
    movement: &Movement,
    scorecards: &[Scorecard],
    options: &SheetOptions,
) -> (String, SectionBody) {
    let blank;
    let scorecards = if scorecards.is_empty() {
        blank = scorecards_of(movement, &[], &[], None);
        &blank
    } else {
        scorecards
    };
    let event = event_line(options);
    let mut columns = vec![
        CardColumn {
            label: "Rd".into(),
            width: ROUND_WIDTH,
            align: CellAlign::Center,
        },
        CardColumn {
            label: "Opponents".into(),
            width: 0.0,
            align: CellAlign::Left,
        },
    ];
    columns.extend(BOARD_COLUMNS.iter().map(|&(label, width, align)| CardColumn {
        label: label.into(),
        width,
        align,
    }));
    let cards: Vec<PairCard> = scorecards
        .iter()
        .map(|card| pair_card(schedule, movement, card, &event))
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

/// Cards across and the padding of their lines. Two across, and typst puts as many down a
/// page as fit; the estimate here only chooses the padding: the most (up to `MAX_PADDING`)
/// with which the cards still stand two or more down, as at the least padding, so the boxes
/// grow only where there is room. The estimate errs on the tall side, so it never grows the
/// lines into fewer cards a page. One across, breaking over pages, when a card is taller than
/// a page.
fn layout(cards: &[PairCard], options: &SheetOptions) -> (usize, f64) {
    let landscape = options.orientation == Orientation::Landscape;
    let page = page_height(options, landscape);
    let tallest = |padding: f64| {
        cards
            .iter()
            .map(|card| card_height(card, padding, options, landscape))
            .fold(0.0, f64::max)
    };
    let least = tallest(MIN_PADDING);
    if least > page {
        return (1, MIN_PADDING);
    }
    let down = ((page + GUTTER) / (least + GUTTER)).floor();
    if down < 2.0 {
        // Perhaps two fit after all (the estimate is generous): leave it to the layout.
        return (2, MIN_PADDING);
    }
    let room = (page + GUTTER) / down - GUTTER - MARGIN;
    let mut padding = MIN_PADDING;
    while padding + 0.25 <= MAX_PADDING && tallest(padding + 0.25) <= room {
        padding += 0.25;
    }
    (2, padding)
}

/// "Monday Pairs · Riverside BC · 30 November 2026": what the page heading says, on each card.
pub(super) fn event_line(options: &SheetOptions) -> String {
    let mut parts = vec![options.title.clone()];
    parts.extend(options.club.clone().filter(|c| !c.trim().is_empty()));
    parts.extend(options.formatted_date().ok().flatten());
    parts.join(" · ")
}

pub(super) fn entrant_name(schedule: &Schedule, entrant: usize) -> String {
    schedule.entrants.get(entrant).cloned().unwrap_or_default()
}

/// One pair's card.
fn pair_card(schedule: &Schedule, movement: &Movement, card: &Scorecard, event: &str) -> PairCard {
    let filled = card.standing.is_some();
    let rounds: Vec<CardRound> = card
        .rounds
        .iter()
        .map(|round| {
            let number = round.round.to_string();
            let not_played = |note: String| CardRound {
                round: number.clone(),
                seat: String::new(),
                against: String::new(),
                names: String::new(),
                note: Some(note),
                boards: Vec::new(),
            };
            match &round.seat {
                ScorecardSeat::Table {
                    table,
                    north_south,
                    opponent_pair,
                    opponent,
                    boards,
                } => CardRound {
                    round: number.clone(),
                    seat: if *north_south { "N-S" } else { "E-W" }.to_owned(),
                    against: format!("T{table} v {}", movement.label(*opponent_pair)),
                    names: opponent.map_or(String::new(), |e| entrant_name(schedule, e)),
                    note: None,
                    boards: boards
                        .iter()
                        .map(|board| board_cells(board, *north_south, filled))
                        .collect(),
                },
                other => not_played(other.note().unwrap_or_default()),
            }
        })
        .collect();
    let factored = card
        .rounds
        .iter()
        .filter_map(|r| match &r.seat {
            ScorecardSeat::Table { boards, .. } => Some(boards),
            _ => None,
        })
        .flatten()
        .any(|b| b.factored);
    PairCard {
        pair: movement.label(card.pair),
        names: entrant_name(schedule, card.entrant),
        event: event.to_owned(),
        status: card
            .standing
            .as_ref()
            .filter(|s| s.missing > 0)
            .map(|_| "PROVISIONAL".to_owned()),
        foot: foot(card, factored),
        rounds,
    }
}

pub(super) fn cell(text: impl Into<String>) -> CardCell {
    CardCell {
        text: text.into(),
        span: 1,
        faint: false,
    }
}

fn wide(text: impl Into<String>, span: usize) -> CardCell {
    CardCell {
        text: text.into(),
        span,
        faint: false,
    }
}

/// "+420", "-50", "0" (the hyphen-minus of the tricks column's "-1": the shipped Noto Sans
/// has no minus sign, and a fallback glyph would make the line taller).
fn score_text(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// The cells of one board line: board, contract, by, tricks, score, MP, %. On a blank card
/// (no result in the evening yet) the boxes are empty to write in.
fn board_cells(board: &ScorecardBoard, north_south: bool, filled: bool) -> Vec<CardCell> {
    let mut cells = vec![cell(board.board.to_string())];
    match board.result {
        None if !filled => cells.extend((0..4).map(|_| cell(""))),
        None => cells.push(CardCell {
            text: "no result yet".into(),
            span: 4,
            faint: true,
        }),
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            ..
        }) => cells.extend([
            cell(contract.to_string()),
            cell(declarer.to_string()),
            cell(made_text(contract, tricks)),
            cell(board.score.map(score_text).unwrap_or_default()),
        ]),
        Some(BridgeResult::PassedOut) => cells.extend([wide("passed out", 3), cell("0")]),
        Some(BridgeResult::NorthSouthScore { .. }) => {
            cells.extend([wide("", 3), cell(board.score.map(score_text).unwrap_or_default())])
        }
        Some(BridgeResult::Artificial { ns, ew }) => {
            let own = if north_south { ns } else { ew };
            cells.extend([wide("artificial score", 3), cell(own.label())]);
        }
        Some(BridgeResult::NotPlayed) => cells.push(wide("not played", 4)),
    }
    match (board.matchpoints, board.percent()) {
        (Some(mp), Some(percent)) => {
            let star = if board.factored { "*" } else { "" };
            cells.push(cell(format!("{}{star}", super::club_pairs::mp_text(mp))));
            cells.push(cell(percent_text(percent)));
        }
        _ => cells.extend([cell(""), cell("")]),
    }
    cells
}

/// A board's percentage to one decimal, without a trailing ".0": "62.5", "100", "0".
fn percent_text(percent: f64) -> String {
    let text = format!("{percent:.1}");
    text.strip_suffix(".0").map(str::to_owned).unwrap_or(text)
}

/// The lines under a card's table.
fn foot(card: &Scorecard, factored: bool) -> Vec<String> {
    let Some(standing) = &card.standing else {
        return vec!["Total ________ MP    ________ %    Place ______".into()];
    };
    let mut lines = vec![total_line(standing)];
    if factored {
        lines.push("* factored (Neuberg): fewer scores to compare on that board.".into());
    }
    lines
}

/// "Total 85.5 MP of 156 · 54.81 % · place 3= of 7 N-S pairs", in the standings' figures.
fn total_line(standing: &ScorecardStanding) -> String {
    let field = match standing.field {
        Some("North-South") => " N-S",
        Some("East-West") => " E-W",
        _ => "",
    };
    let imps = standing
        .imps
        .map_or(String::new(), |imps| format!(" · {imps:.2} IMPs"));
    format!(
        "Total {:.1} MP of {:.0} · {:.2} %{imps} · place {} of {}{field} pairs",
        standing.matchpoints / 2.0,
        standing.top / 2.0,
        standing.percent,
        crate::scoring::place_text(standing.rank, standing.tied),
        standing.field_size,
    )
}

/// The paper's width and height in portrait, in points.
pub(super) fn paper_size(options: &SheetOptions) -> (f64, f64) {
    match options.paper {
        super::Paper::A4 => (595.3, 841.9),
        super::Paper::Letter => (612.0, 792.0),
    }
}

/// Millimetres in points.
pub(super) fn mm(mm: f64) -> f64 {
    mm * 72.0 / 25.4
}

/// The printable height of a page, in points (the sheets' margins: 20 mm top, 16 mm bottom).
pub(super) fn page_height(options: &SheetOptions, landscape: bool) -> f64 {
    let (width, height) = paper_size(options);
    (if landscape { width } else { height }) - mm(36.0)
}

/// About how tall a card is, two across, with `padding` around each line's text, in points:
/// a line per board, or more where the opponents' names wrap past the round's lines.
fn card_height(card: &PairCard, padding: f64, options: &SheetOptions, landscape: bool) -> f64 {
    let across = 2.0;
    let (width, height) = paper_size(options);
    let text_width = (if landscape { height } else { width }) - mm(28.0);
    let card_width = (text_width - GUTTER * (across - 1.0)) / across - 2.0 * FRAME_INSET;
    let line = LINE_TEXT + 2.0 * padding;
    let fixed: f64 = ROUND_WIDTH + BOARD_COLUMNS.iter().map(|c| c.1).sum::<f64>();
    let opponents = (card_width - fixed - 4.0).max(20.0);
    let rounds: f64 = card
        .rounds
        .iter()
        .map(|round| {
            let lines = wrapped_lines(&format!("{} {}", round.against, round.names), opponents);
            let boards = round.boards.len().max(1) as f64;
            (boards * line).max(line + (lines - 1.0) * WRAPPED_LINE)
        })
        .sum();
    // The title is 9–10 pt bold, about a quarter wider than the table's text.
    let title = wrapped_lines(&format!("{} {}", card.pair, card.names), card_width / 1.25);
    TITLE
        + (title - 1.0) * TITLE_LINE
        + line
        + rounds
        + FOOT_FIRST
        + FOOT_LINE * card.foot.len().saturating_sub(1) as f64
        + FRAME
}

/// How many lines `text` takes in `width` points, wrapped at spaces as typst does (a word
/// longer than the line takes a line of its own).
pub(super) fn wrapped_lines(text: &str, width: f64) -> f64 {
    let word_width = |word: &str| {
        word.chars()
            .map(|c| if c.is_uppercase() { CAPITAL } else { GLYPH })
            .sum::<f64>()
    };
    let mut lines = 1.0;
    let mut used = 0.0;
    for word in text.split_whitespace() {
        let w = word_width(word);
        if used > 0.0 && used + SPACE + w > width {
            lines += 1.0;
            used = w;
        } else if used > 0.0 {
            used += SPACE + w;
        } else {
            used = w;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{mitchell, with_phantom};

    #[test]
    fn scores_and_percentages_are_written_short() {
        assert_eq!(score_text(420), "+420");
        assert_eq!(score_text(-50), "-50");
        assert_eq!(score_text(0), "0");
        assert_eq!(percent_text(62.5), "62.5");
        assert_eq!(percent_text(100.0), "100");
        assert_eq!(percent_text(41.666), "41.7");
    }

    #[test]
    fn names_wrap_at_spaces() {
        assert_eq!(wrapped_lines("T1 v 1 EW", 60.0), 1.0);
        assert_eq!(wrapped_lines("T1 v 1 EW Ann Archer & Bob Archer", 60.0), 3.0);
        // A word longer than the line still takes one line.
        assert_eq!(wrapped_lines("Okonkwo-Smith-Fairweather", 20.0), 1.0);
    }

    /// The blank cards of a 13-pair Mitchell (7 tables, a half table, 4 boards a round): a
    /// card per pair, two across with room to spare, and boxes to write in.
    #[test]
    fn blank_cards_of_a_half_table_mitchell() {
        let movement = with_phantom(mitchell(7, 4).unwrap(), 14).unwrap();
        let names: Vec<String> = (1..=13).map(|i| format!("Pair {i}")).collect();
        let schedule = crate::movement::schedule_of(&movement, &names).unwrap();
        let mut options = SheetOptions::new("Club pairs");
        options.kinds = vec![crate::sheets::SheetKind::ScoreCards];
        let (title, body) = score_cards(&schedule, &movement, &[], &options);
        assert_eq!(title, "Score cards");
        let SectionBody::Scorecards {
            across,
            padding,
            columns,
            cards,
            ..
        } = body
        else {
            panic!("not score cards");
        };
        assert_eq!((across, cards.len(), columns.len()), (2, 13, 9));
        assert!((MIN_PADDING..=MAX_PADDING).contains(&padding));
        // An N-S pair sits out the round it would meet the phantom; an E-W pair plays all 28.
        let ns1 = &cards[0];
        assert_eq!(ns1.pair, "1 NS");
        let sit_outs: Vec<&CardRound> = ns1.rounds.iter().filter(|r| r.note.is_some()).collect();
        assert_eq!(sit_outs.len(), 1);
        assert_eq!(ns1.rounds.iter().map(|r| r.boards.len()).sum::<usize>(), 24);
        assert_eq!(cards[12].rounds.iter().map(|r| r.boards.len()).sum::<usize>(), 28);
        assert!(cards.iter().all(|c| c.status.is_none() && c.foot.len() == 1));
        // Four cards a page: each at most half the printable height of A4 and of Letter.
        for paper in [super::super::Paper::A4, super::super::Paper::Letter] {
            options.paper = paper;
            let half = (page_height(&options, false) - GUTTER) / 2.0;
            for card in &cards {
                assert!(
                    card_height(card, MIN_PADDING, &options, false) <= half,
                    "{paper:?}"
                );
            }
        }
    }
}
