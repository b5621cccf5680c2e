//! Printable sheets: what the organiser hands out and pins on the wall. This module turns a
//! `Schedule` into a `SheetDocument` — plain data (titles, tables of strings, cards, slips) with
//! every wording and every decision (which columns, portrait or landscape) made here in Rust,
//! where it is tested. `pdf` then lays the document out with the typst templates in
//! `assets/templates/`, which only draw what they are given.

mod club_pairs;
mod compose;
pub mod event_sheets;
mod hand_records;
#[cfg(feature = "pdf")]
mod join;
#[cfg(feature = "pdf")]
pub mod pdf;
mod scorecards;
pub mod site;
mod swiss_pairs;
pub mod table_codes;
pub mod teams;
pub mod teams_movement;
mod whist_cards;

use crate::event::club_pairs::{Scorecard, Traveller};
#[cfg(feature = "pdf")]
use crate::model::Schedule;
use chrono::NaiveDate;
use serde::Serialize;

pub use compose::{document, sheet_document};

/// The kinds of sheet. Each format prints the kinds that make sense for it: a whist or round
/// robin "table" sheet is the guide card each table keeps; for team chess the round sheet is
/// the pairing list with result boxes and the table sheet is the match cards (one per match
/// in a team round robin, one per team and round in a jamboree).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SheetKind {
    /// Master round sheet: every round, every table, who sits out.
    Round,
    /// Table cards (whist, round robins) or team match cards (team chess).
    Table,
    /// Personal movement cards: one small card per player, several per page, cut lines.
    Personal,
    /// The standings, once results exist.
    Standings,
    /// Club pairs: one traveller per board, a row per table that plays it (blank to fill in,
    /// or filled from the results entered).
    Travellers,
    /// Club pairs: a personal score card per pair, two to four a page: a row per board with
    /// the opponents, contract, declarer, tricks, score, matchpoints and percentage (boxes to
    /// write in before there are results), the total, percentage and place at the foot. A
    /// whist drive: the progressive card per player, four a page: a row per round with the
    /// table, seat, partner and opponents and boxes for the tricks and the running total.
    ScoreCards,
    /// Bridge: the director's summary of the movement (tables, rounds, boards, relay and
    /// sharing instructions, copies of each board needed).
    MovementSummary,
    /// Bridge: the hand records attached to the boards, four boards a page, each with its
    /// number, dealer, vulnerability and the four hands round a compass (with each hand's
    /// high-card points), to hand out after play.
    HandRecords,
    /// Teams of four: a score card per match, both tables' scores of every board side by
    /// side with the net and the IMPs, the match's IMPs and points at the foot.
    MatchCards,
}

impl SheetKind {
    /// The kinds `--kind all` prints (standings only when there are results to show).
    pub const SCHEDULE_KINDS: [SheetKind; 3] = [SheetKind::Round, SheetKind::Table, SheetKind::Personal];

    /// What a club pairs evening with a movement prints (standings aside).
    pub const CLUB_PAIRS_KINDS: [SheetKind; 4] = [
        SheetKind::MovementSummary,
        SheetKind::Table,
        SheetKind::Travellers,
        SheetKind::ScoreCards,
    ];
}

/// The paper size the sheets are laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (the default).
    #[default]
    A4,
    /// US Letter, 8½ × 11 inches.
    Letter,
}

impl Paper {
    /// typst's paper name.
    fn typst_name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "us-letter",
        }
    }

    /// Width of the printable area in portrait, in points (page width less both margins of
    /// 14 mm, as the template sets them).
    fn portrait_text_width(self) -> f64 {
        let page = match self {
            Paper::A4 => 595.3,
            Paper::Letter => 612.0,
        };
        page - 2.0 * 14.0 * 72.0 / 25.4
    }
}

/// Which way up the pages of each sheet are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// Portrait unless the widest table of a sheet does not fit across the page.
    #[default]
    Auto,
    /// Every sheet portrait, however wide its tables.
    Portrait,
    /// Every sheet landscape.
    Landscape,
}

/// How the sheets are headed and printed.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    /// The event's title, in bold on the left of every page heading.
    pub title: String,
    /// The club's name, after the title in the page heading; `None` or blank leaves it out.
    pub club: Option<String>,
    /// The day of the event, printed after the title and club in `date_format`; `None` leaves
    /// it out.
    pub date: Option<NaiveDate>,
    /// chrono `strftime` pattern; day-month-year ("22 November 2026") by default.
    pub date_format: String,
    /// A4 unless the organiser asks for Letter.
    pub paper: Paper,
    /// Portrait, landscape, or chosen sheet by sheet (`Auto`, the default).
    pub orientation: Orientation,
    /// The sheets to print, in this order; a kind listed twice prints once, and none at all is
    /// an error.
    pub kinds: Vec<SheetKind>,
    /// Boards per round when the event is played as duplicate bridge without a movement
    /// (individual bridge, a pairs round robin): every table plays the round's boards, so
    /// the sheets say how many copies of each board that needs. `None` otherwise.
    pub bridge_boards_per_round: Option<u32>,
    /// A teams event: only this round's round sheet and match cards, when set; every round
    /// paired so far otherwise.
    pub round: Option<u32>,
    /// A teams event: each table's own result as its phone sent it
    /// (`EventFile::room_results`), so the match cards print both tables' contracts beside
    /// the scores; empty prints the scores only.
    pub rooms: crate::event::team_rooms::RoomResults,
}

impl EventHeading {
    /// The heading `options` give: the title, the club (none when blank), the date as
    /// `options` format it, and the paper.
    pub(crate) fn of(options: &SheetOptions) -> Result<EventHeading, SheetError> {
        Ok(EventHeading {
            title: options.title.clone(),
            club: options.club.clone().filter(|c| !c.trim().is_empty()),
            date: options.formatted_date().map_err(SheetError::Options)?,
            paper: options.paper.typst_name(),
        })
    }
}

impl SheetOptions {
    /// Day, month name and year: "22 November 2026".
    pub const DEFAULT_DATE_FORMAT: &'static str = "%-d %B %Y";

    /// Options for a document titled `title`: no club or date, A4, orientation chosen sheet by
    /// sheet, and the schedule's kinds (`SheetKind::SCHEDULE_KINDS`).
    pub fn new(title: impl Into<String>) -> Self {
        SheetOptions {
            title: title.into(),
            club: None,
            date: None,
            date_format: Self::DEFAULT_DATE_FORMAT.to_owned(),
            paper: Paper::A4,
            orientation: Orientation::Auto,
            kinds: SheetKind::SCHEDULE_KINDS.to_vec(),
            bridge_boards_per_round: None,
            round: None,
            rooms: Default::default(),
        }
    }

    /// The date as printed, or a message naming the bad pattern.
    pub fn formatted_date(&self) -> Result<Option<String>, String> {
        let Some(date) = self.date else {
            return Ok(None);
        };
        // chrono reports a bad pattern only while writing, as a fmt::Error.
        use std::fmt::Write;
        let mut text = String::new();
        write!(text, "{}", date.format(&self.date_format))
            .map_err(|_| format!("the date format {:?} is not a valid pattern", self.date_format))?;
        Ok(Some(text))
    }
}

/// A standings table, built with the standings (`crate::event::standings`); the sheets only
/// print it.
pub use crate::event::standings::StandingsTable;

/// The results the sheets print, computed by whoever holds them (the event module): the
/// sheets only lay them out.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scored<'a> {
    /// The standings tables, printed by `SheetKind::Standings`; empty until there are results.
    pub standings: &'a [StandingsTable],
    /// A club pairs event's travellers (`crate::event::club_pairs::travellers`); empty for
    /// blank travellers.
    pub travellers: &'a [Traveller],
    /// Hand records attached to the event's boards, printed under their travellers.
    pub hand_records: &'a [crate::deals::Board],
    /// A club pairs event's personal scorecards (`crate::event::club_pairs::scorecards`);
    /// empty for blank cards made from the movement alone.
    pub scorecards: &'a [Scorecard],
    /// A teams-of-four event with its results, for its round sheet and match cards; `None`
    /// for any other event.
    pub teams: Option<teams::TeamsSheets<'a>>,
    /// A whist drive's rounds from each player's side with the tricks entered
    /// (`crate::event::whist_drive::player_rounds`), for its score cards; empty for blank cards.
    pub whist: &'a [Vec<crate::event::whist_drive::PlayerRound>],
}

/// Everything the templates print, as data. Serialised to JSON for typst.
#[derive(Debug, Clone, Serialize)]
pub struct SheetDocument {
    /// The heading repeated at the top of every page.
    pub event: EventHeading,
    /// One per sheet kind, in the order asked.
    pub sections: Vec<Section>,
}

/// The heading repeated at the top of every page.
#[derive(Debug, Clone, Serialize)]
pub struct EventHeading {
    /// The event's title (`SheetOptions::title`).
    pub title: String,
    /// The club's name; `None` when none was given or it is blank.
    pub club: Option<String>,
    /// The date as printed, already in `SheetOptions::date_format`; `None` for none.
    pub date: Option<String>,
    /// typst's name for the paper size ("a4" or "us-letter").
    pub paper: &'static str,
}

/// One sheet kind, starting on a new page with its own title in the page heading.
#[derive(Debug, Clone, Serialize)]
pub struct Section {
    /// The sheet's name, in bold on the right of the page heading ("Standings", "Table cards").
    pub title: String,
    /// Whether the section's pages are turned sideways: as `SheetOptions::orientation` says, or
    /// under `Auto` when its widest table does not fit across a portrait page.
    pub landscape: bool,
    /// The section's contents; serialised inline, its shape as the tag `"shape"`.
    #[serde(flatten)]
    pub body: SectionBody,
}

/// What a section holds, in one of the three shapes the templates draw.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "shape", rename_all = "kebab-case")]
pub enum SectionBody {
    /// Headed tables one after another (round sheets, pairing lists, standings).
    Blocks {
        /// The tables, top to bottom.
        blocks: Vec<Block>,
    },
    /// Framed cards, kept whole on a page (table cards, match cards).
    Cards {
        /// The cards, in the order printed.
        cards: Vec<Card>,
    },
    /// Small cards in a grid with dashed cut lines (personal movement cards).
    Slips {
        /// Cards across the page: 3 when no line is longer than 34 characters, else 2.
        per_row: usize,
        /// The cards, one per entrant (or several, when one is too tall for a page).
        slips: Vec<Slip>,
    },
    /// Hand records, four boards a page, two across and two down (drawn by their own
    /// template, `hand_records.typ` beside this module).
    HandRecords {
        /// The boards, in number order.
        boards: Vec<HandRecord>,
    },
    /// Personal score cards of a club pairs evening, or a teams event's match cards: framed
    /// cards side by side, as many down a page as fit (drawn by their own template, `scorecards.typ` beside this module).
    Scorecards {
        /// Cards side by side: 2, or 1 when a card is taller than a page (it then breaks
        /// across pages); 1 for match cards.
        across: usize,
        /// Whether each card's lines begin with the round's and the opponents' cells (a
        /// pair's card); a match card has only the board columns.
        lead: bool,
        /// A row of headings above the column heads, each spanning several columns ("Table 1:
        /// home team N-S"); empty for none.
        groups: Vec<CardCell>,
        /// Space above and below the text of each line of the cards' tables, in points: more
        /// when the cards have room, so the boxes are easier to write in.
        padding: f64,
        /// The columns of every card's table, left to right: the round, the opponents, then
        /// the board columns.
        columns: Vec<CardColumn>,
        /// One card per pair.
        cards: Vec<PairCard>,
    },
    /// Scoring from phones: a card per table with its page's QR code, four a page (drawn by
    /// their own template, `table_codes.typ` beside this module).
    TableCodes {
        /// The cards, by table number.
        cards: Vec<TableCode>,
    },
}

/// One table's card for scoring from phones.
#[derive(Debug, Clone, Serialize)]
pub struct TableCode {
    /// "Table 3", large.
    pub title: String,
    /// The page's address (with the table's key), printed under the code for a phone that
    /// cannot read it.
    pub address: String,
    /// The QR code of the address as an SVG image.
    pub svg: String,
    /// What the players do, a line each.
    pub lines: Vec<String>,
}

/// One board of the hand records: its heading and the four hands.
#[derive(Debug, Clone, Serialize)]
pub struct HandRecord {
    /// "Board 5", in bold.
    pub title: String,
    /// "Dealer North".
    pub dealer: String,
    /// "Vulnerable: N-S" ("Vulnerable: None", "Vulnerable: All").
    pub vulnerability: String,
    /// The hands North, East, South, West.
    pub hands: Vec<HandDiagram>,
    /// The double-dummy table and par printed under the diagram, when the board has been
    /// analysed.
    pub analysis: Option<HandAnalysis>,
}

/// A board's double-dummy table and par as a hand record prints them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandAnalysis {
    /// The column heads NT, ♠, ♥, ♦, ♣ (`cards` unused).
    pub heads: Vec<SuitLine>,
    /// The declarers N, S, E, W, each with its tricks in the heads' strains.
    pub rows: Vec<TricksRow>,
    /// "Par +500: 4♣Ex-3, 4♣Wx-3" (N-S's score), "Par 0: passed out".
    pub par: String,
}

/// One declarer's line of a double-dummy table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TricksRow {
    /// `N`, `S`, `E` or `W`.
    pub seat: String,
    /// Tricks in NT, ♠, ♥, ♦, ♣.
    pub tricks: Vec<u8>,
}

/// One hand of a hand record, as printed round the compass.
#[derive(Debug, Clone, Serialize)]
pub struct HandDiagram {
    /// "North", "East", "South", "West".
    pub seat: String,
    /// `N`, `E`, `S` or `W`: where the hand's high-card points stand in the compass.
    pub letter: String,
    /// Spades, hearts, diamonds, clubs, one line each.
    pub suits: Vec<SuitLine>,
    /// High-card points: 4 for an ace, 3 a king, 2 a queen, 1 a jack.
    pub points: u32,
}

/// One suit of a hand: its symbol and the cards held, highest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SuitLine {
    /// ♠, ♥, ♦ or ♣.
    pub symbol: String,
    /// Hearts and diamonds, printed red.
    pub red: bool,
    /// The ranks held, highest first and spaced ("A K 10 7"), or "—" for a void.
    pub cards: String,
}

/// A column of the score cards' table.
#[derive(Debug, Clone, Serialize)]
pub struct CardColumn {
    /// The column head.
    pub label: String,
    /// Width in points (cell padding included); 0 for the column that takes the width left.
    pub width: f64,
    /// How its cells are aligned.
    pub align: CellAlign,
}

/// How the cells of a score card's column are aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellAlign {
    /// Text (names, notes).
    Left,
    /// Boxes written in (contract, declarer).
    Center,
    /// Numbers.
    Right,
}

/// One pair's personal score card.
#[derive(Debug, Clone, Serialize)]
pub struct PairCard {
    /// The pair's number as the club says it ("3 NS", "7"), in bold.
    pub pair: String,
    /// The pair's names, after the number.
    pub names: String,
    /// The event, club and date under the names, so a card cut out still says its evening.
    pub event: String,
    /// "PROVISIONAL" while results of the evening are missing; `None` on a blank card and on
    /// final results.
    pub status: Option<String>,
    /// The pair's rounds, in order.
    pub rounds: Vec<CardRound>,
    /// Lines under the table: total, percentage and place (or boxes for them), notes.
    pub foot: Vec<String>,
}

/// One round of a score card: the round's cells span its boards' rows.
#[derive(Debug, Clone, Serialize)]
pub struct CardRound {
    /// The round number, in bold in the first column.
    pub round: String,
    /// The direction the pair sat ("N-S", "E-W") under the round number; empty when it did
    /// not play.
    pub seat: String,
    /// The table and the opponents' number ("T3 v 3 EW"), in bold; empty when it did not play.
    pub against: String,
    /// The opponents' names, after `against`.
    pub names: String,
    /// Instead of boards: why the pair did not play ("sits out", "withdrawn after round 5"),
    /// across every column after the round's.
    pub note: Option<String>,
    /// One line per board: the cells of the board columns (a cell may span several).
    pub boards: Vec<Vec<CardCell>>,
}

/// A cell of a score card's board line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardCell {
    /// What the cell says; empty for a box to write in.
    pub text: String,
    /// Columns the cell covers, at least 1.
    pub span: usize,
    /// Printed grey (a board still without a result).
    pub faint: bool,
}

/// A table with an optional heading above it and a note below it.
#[derive(Debug, Clone, Serialize)]
pub struct Block {
    /// Printed in bold above the table ("Round 3"); `None` for no heading.
    pub heading: Option<String>,
    /// The table itself.
    pub grid: Grid,
    /// A line under the table (who sits out, who has the bye).
    pub note: Option<String>,
}

/// A framed card kept whole on one page: a title line, a table and lines to fill in by hand.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    /// In bold at the top of the card (the table, or the match and round).
    pub title: String,
    /// Smaller and grey after the title, on the same line; `None` for none.
    pub subtitle: Option<String>,
    /// The table on the card.
    pub grid: Grid,
    /// Lines to fill in by hand under the table (match score, signatures).
    pub footer: Vec<String>,
}

/// A personal movement card: one entrant's evening, round by round.
#[derive(Debug, Clone, Serialize)]
pub struct Slip {
    /// The entrant's name (with the team's, if any); a card too tall for a page is cut in
    /// pieces whose titles add their rounds ("rounds 1–32").
    pub title: String,
    /// One line per round: where the entrant sits and with whom, or that they sit out.
    pub lines: Vec<String>,
}

/// A table of text with typed columns (the type sets width and alignment).
#[derive(Debug, Clone, Serialize)]
pub struct Grid {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The cells, row by row, one per column.
    pub rows: Vec<Vec<String>>,
}

/// A column of a `Grid`: its head and what it holds.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    /// The column head.
    pub label: String,
    /// Sets the column's width and alignment.
    pub kind: ColumnKind,
}

/// What a column holds, which sets its width and alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColumnKind {
    /// Short, right-aligned (table, round, board numbers, scores).
    Number,
    /// Names: takes the free width, wraps when it must.
    Name,
    /// An empty box to write a result in by hand.
    Result,
    /// A narrow box for one entry by hand (a contract, a score), or what was entered.
    Entry,
}

impl Column {
    /// A column headed `label` holding `kind`.
    pub fn new(label: impl Into<String>, kind: ColumnKind) -> Self {
        Column {
            label: label.into(),
            kind,
        }
    }
}

impl Grid {
    /// Rough width in points at the template's 10 pt text: widest cell of each column at an
    /// average glyph width, plus cell padding. Used only to choose the orientation.
    fn natural_width(&self) -> f64 {
        const GLYPH: f64 = 5.6;
        const PADDING: f64 = 10.0;
        self.columns
            .iter()
            .enumerate()
            .map(|(i, column)| {
                match column.kind {
                    ColumnKind::Result => return 68.0,
                    ColumnKind::Entry => return 40.0,
                    _ => {}
                }
                let widest = self
                    .rows
                    .iter()
                    .filter_map(|row| row.get(i))
                    .chain(std::iter::once(&column.label))
                    .map(|cell| cell.chars().count())
                    .max()
                    .unwrap_or(0);
                widest as f64 * GLYPH + PADDING
            })
            .sum()
    }
}

impl Grid {
    /// Like `natural_width`, but a name column counts only as wide as a short name: for
    /// sheets whose name and sentence columns are meant to wrap (the club pairs sheets), so
    /// only columns that cannot wrap turn the page.
    fn fixed_width(&self) -> f64 {
        let names = self.columns.iter().filter(|c| c.kind == ColumnKind::Name).count();
        let fixed = Grid {
            columns: self
                .columns
                .iter()
                .filter(|c| c.kind != ColumnKind::Name)
                .cloned()
                .collect(),
            rows: self
                .rows
                .iter()
                .map(|row| {
                    row.iter()
                        .zip(&self.columns)
                        .filter(|(_, c)| c.kind != ColumnKind::Name)
                        .map(|(cell, _)| cell.clone())
                        .collect()
                })
                .collect(),
        };
        fixed.natural_width() + 80.0 * names as f64
    }
}

/// Builds the document and renders it to PDF bytes in one step.
#[cfg(feature = "pdf")]
pub fn schedule_pdf(
    schedule: &Schedule,
    standings: &[StandingsTable],
    options: &SheetOptions,
) -> Result<Vec<u8>, SheetError> {
    let document = sheet_document(schedule, standings, options)?;
    pdf::render(&document)
}

/// Builds the document with everything scored so far (standings, filled travellers) and
/// renders it to PDF bytes.
#[cfg(feature = "pdf")]
pub fn event_pdf(
    schedule: &Schedule,
    scored: &Scored,
    options: &SheetOptions,
) -> Result<Vec<u8>, SheetError> {
    pdf::render(&document(schedule, scored, options)?)
}

/// Why a sheets document could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SheetError {
    /// The options ask for something the event cannot print (no kinds, standings before any
    /// results, travellers without a movement, a bad date pattern); the message says what.
    #[error("{0}")]
    Options(String),
    /// typst could not lay the document out or write the PDF: a bug in Tourney's templates.
    #[error("the sheet layout failed (a bug in Tourney's templates, please report it): {0}")]
    Layout(String),
}
