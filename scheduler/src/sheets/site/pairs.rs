//! The site of a club pairs evening: the ranking (`index.html`), a scorecard page per pair
//! and a page per board (the hands, what could be made, the traveller), all from the
//! event's travellers, rankings and scorecards (`crate::event::club_pairs`).

use super::board::{analysis_html, hand_diagram};
use super::html::{Align, Frame, Show, Table, esc, link, mp_text, percent_text, suit_symbol};
use super::{SiteFile, results_notice};
use crate::deals::{Analysis, Board, Card};
use crate::event::club_pairs::{
    Ranking, Scorecard, ScorecardBoard, ScorecardSeat, Traveller, TravellerRow, expected_plays, rankings,
    scorecards, travellers,
};
use crate::event::standings::standings;
use crate::event::{BridgeResult, Event, Results, Scoring, made_text};
use crate::movement::{Movement, describe_movement, present_pairs};
use crate::scoring::bridge::{Contract, Doubling, Strain};
use crate::scoring::place_text;
use std::collections::BTreeMap;

/// What every page of the evening is made from.
struct Evening<'a> {
    event: &'a Event,
    movement: &'a Movement,
    frame: Frame,
    /// Entrant i is pair `pairs[i]` of the movement.
    pairs: Vec<usize>,
    /// Whether any result has its opening lead: the lead column is shown only then.
    leads: bool,
}

impl Evening<'_> {
    /// The pair's name in the movement ("3 NS", "7").
    fn label(&self, entrant: usize) -> String {
        self.pairs
            .get(entrant)
            .map_or_else(String::new, |&pair| self.movement.label(pair))
    }

    /// The entrant's names as entered.
    fn names(&self, entrant: usize) -> &str {
        self.event
            .schedule
            .entrants
            .get(entrant)
            .map_or("", String::as_str)
    }

    /// The pair's page: "pair-3ns.html".
    fn pair_file(&self, entrant: usize) -> String {
        let slug: String = self
            .label(entrant)
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        format!("pair-{}.html", slug.to_ascii_lowercase())
    }

    /// The pair's number kept on one line ("3&nbsp;NS").
    fn label_html(&self, entrant: usize) -> String {
        esc(&self.label(entrant)).replace(' ', "&nbsp;")
    }

    /// A link to the pair's page saying its number.
    fn pair_link(&self, entrant: usize) -> String {
        link(&self.pair_file(entrant), &self.label_html(entrant))
    }
}

/// The board's page: "board-5.html".
fn board_file(board: u32) -> String {
    format!("board-{board}.html")
}

/// Every page of a club pairs evening: the ranking, the pairs' scorecards, the boards.
pub(super) fn club_pairs_site(
    event: &Event,
    movement: &Movement,
    results: &Results,
    analyses: &BTreeMap<u32, Analysis>,
) -> Vec<SiteFile> {
    let evening = Evening {
        event,
        movement,
        frame: super::rounds::frame(event),
        pairs: present_pairs(movement),
        leads: results.values().any(|value| match value {
            crate::event::ResultValue::Bridge { board } => board.lead().is_some(),
            _ => false,
        }),
    };
    let imps = match event.settings.scoring {
        Scoring::Bridge { imps, .. } => imps,
        _ => None,
    };
    let travellers = travellers(event, results);
    let rankings = rankings(event, results, imps);
    let notes: Vec<Option<String>> = standings(event, results).into_iter().map(|t| t.note).collect();
    let mut files = vec![SiteFile {
        path: super::INDEX.to_owned(),
        bytes: ranking_page(&evening, results, &rankings, &notes, imps.is_some(), &travellers),
    }];
    let cards = scorecards(event, results);
    for (i, card) in cards.iter().enumerate() {
        let neighbours = (
            i.checked_sub(1).and_then(|j| cards.get(j)).map(|c| c.entrant),
            cards.get(i + 1).map(|c| c.entrant),
        );
        files.push(SiteFile {
            path: evening.pair_file(card.entrant),
            bytes: pair_page(&evening, card, neighbours),
        });
    }
    let hand_records = event.hand_records();
    let last = travellers.last().map_or(0, |t| t.board);
    for traveller in &travellers {
        let board = traveller.board;
        let record = hand_records.iter().find(|b| b.number == board);
        files.push(SiteFile {
            path: board_file(board),
            bytes: board_page(&evening, traveller, record, analyses.get(&board), last),
        });
    }
    files
}

/// `index.html`: the evening's facts, each field's ranking, and links to every board.
fn ranking_page(
    evening: &Evening,
    results: &Results,
    rankings: &[Ranking],
    notes: &[Option<String>],
    imps: bool,
    travellers: &[Traveller],
) -> Vec<u8> {
    let event = evening.event;
    let mut body = String::from("<ul class=\"facts\">\n");
    body.push_str(&format!(
        "<li>{}</li>\n",
        esc(&describe_movement(evening.movement))
    ));
    body.push_str(&format!(
        "<li>Top {} matchpoints a board</li>\n</ul>\n",
        expected_plays(evening.movement).saturating_sub(1)
    ));
    body.push_str(&results_notice(event, results));
    for (i, ranking) in rankings.iter().enumerate() {
        let field = ranking.direction.unwrap_or("Ranking");
        body.push_str(&format!("<h2>{field}</h2>\n"));
        let mut columns = vec![
            ("Rank".to_owned(), Align::Right),
            ("Pair".to_owned(), Align::Left),
            ("Names".to_owned(), Align::Left),
            ("MP".to_owned(), Align::Right),
            ("%".to_owned(), Align::Right),
        ];
        if imps {
            columns.push(("IMPs".to_owned(), Align::Right));
        }
        let rows = ranking
            .pairs
            .iter()
            .map(|p| {
                let mut row = vec![
                    place_text(p.rank, p.tied),
                    evening.label_html(p.entrant),
                    link(&evening.pair_file(p.entrant), &esc(evening.names(p.entrant))),
                    mp_text(p.matchpoints),
                    percent_text(p.percent),
                ];
                if imps {
                    row.push(format!("{:.2}", p.imps));
                }
                row
            })
            .collect();
        let caption = match ranking.direction {
            Some(direction) => format!("{direction} pairs, best first"),
            None => "All pairs, best first".to_owned(),
        };
        let mut table = Table::new(&caption, columns, rows);
        table.row_header = 2;
        body.push_str(&table.html());
        if let Some(Some(note)) = notes.get(i) {
            body.push_str(&format!("<p class=\"note\">{}</p>\n", esc(note)));
        }
    }
    body.push_str("<h2 id=\"boards\">Boards</h2>\n<p>Each board's hands, traveller and matchpoints:</p>\n<ul class=\"boards\">\n");
    for traveller in travellers {
        let board = traveller.board;
        body.push_str(&format!(
            "<li>{}</li>\n",
            link(&board_file(board), &format!("Board {board}"))
        ));
    }
    body.push_str("</ul>\n");
    evening.frame.page(&event.settings.title, &body)
}

/// A board's top on the 1-per-score-beaten scale: "12", or "11.5" when factored.
fn top_text(two_scale: f64) -> String {
    let top = two_scale / 2.0;
    if top.fract() == 0.0 {
        format!("{top:.0}")
    } else {
        format!("{top:.1}")
    }
}

/// An ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A pager: the previous and next pages, and the ranking.
fn pager(label: &str, previous: Option<(String, String)>, next: Option<(String, String)>) -> String {
    let mut items = Vec::new();
    if let Some((href, text)) = previous {
        items.push(format!(
            "<a href=\"{}\" rel=\"prev\">← {}</a>",
            esc(&href),
            esc(&text)
        ));
    }
    items.push(link(super::INDEX, "Ranking"));
    if let Some((href, text)) = next {
        items.push(format!(
            "<a href=\"{}\" rel=\"next\">{} →</a>",
            esc(&href),
            esc(&text)
        ));
    }
    format!(
        "<nav class=\"pager\" aria-label=\"{label}\">{}</nav>\n",
        items.join(" ")
    )
}

/// A pair's page: its place and score, then its scorecard round by round with a running
/// total.
fn pair_page(evening: &Evening, card: &Scorecard, neighbours: (Option<usize>, Option<usize>)) -> Vec<u8> {
    let entrant = card.entrant;
    let heading = format!("Pair {}: {}", evening.label(entrant), evening.names(entrant));
    let around = |e: Option<usize>| e.map(|e| (evening.pair_file(e), format!("Pair {}", evening.label(e))));
    let nav = pager("Pairs", around(neighbours.0), around(neighbours.1));
    let mut body = nav.clone();
    body.push_str(&standing_line(card));
    body.push_str(&scorecard_table(evening, card));
    body.push_str(&nav);
    evening.frame.page(&heading, &body)
}

/// "2nd of 7 North-South pairs: 58.33 % (70.0 matchpoints of 120)".
fn standing_line(card: &Scorecard) -> String {
    let Some(standing) = &card.standing else {
        return "<p class=\"note\">No results have been entered yet.</p>\n".to_owned();
    };
    let field = match standing.field {
        Some(direction) => format!("{direction} pairs"),
        None => "pairs".to_owned(),
    };
    let tied = if standing.tied { " (shared)" } else { "" };
    let mut line = format!(
        "<p class=\"standing\"><strong>{} of {} {field}{tied}: {} %</strong> ({} matchpoints of {})",
        ordinal(standing.rank),
        standing.field_size,
        percent_text(standing.percent),
        mp_text(standing.matchpoints),
        mp_text(standing.top),
    );
    if let Some(imps) = standing.imps {
        line.push_str(&format!(", {imps:.2} IMPs"));
    }
    line.push_str("</p>\n");
    if standing.missing > 0 {
        line.push_str(&format!(
            "<p class=\"note\">Provisional: {} traveller lines of the evening still have no result.</p>\n",
            standing.missing
        ));
    }
    line
}

/// The columns of a result (contract, declarer, lead when `leads`, tricks) on a wide
/// screen, then the one that stands for them on a phone (see `result_short`), with where
/// each is shown.
fn result_columns(leads: bool) -> Vec<(String, Align, Show)> {
    let mut columns = vec![
        ("Contract".to_owned(), Align::Left, Show::Wide),
        ("By".to_owned(), Align::Left, Show::Wide),
    ];
    if leads {
        columns.push(("Lead".to_owned(), Align::Left, Show::Wide));
    }
    columns.push(("Tricks".to_owned(), Align::Left, Show::Wide));
    columns.push(("Result".to_owned(), Align::Left, Show::Narrow));
    columns
}

/// A table whose columns are `columns` (head, alignment, where shown) and rows `groups`.
fn table_of(caption: &str, columns: Vec<(String, Align, Show)>, class: &'static str) -> Table {
    let shown = columns.iter().map(|c| c.2).collect();
    let mut table = Table::new(
        caption,
        columns
            .into_iter()
            .map(|(head, align, _)| (head, align))
            .collect(),
        Vec::new(),
    );
    table.shown = shown;
    table.class = class;
    table
}

/// The scorecard: a group of rows per round, headed by the table, the direction and the
/// opponents (a link to their page); a running total of matchpoints and percentage. On a
/// phone the result is one column and the running total is the percentage only.
fn scorecard_table(evening: &Evening, card: &Scorecard) -> String {
    let mut columns = vec![("Board".to_owned(), Align::Right, Show::Always)];
    columns.extend(result_columns(evening.leads));
    for (label, show) in [
        ("Score", Show::Always),
        ("MP", Show::Always),
        ("%", Show::Always),
        ("Total MP", Show::Wide),
        ("Total %", Show::Always),
    ] {
        columns.push((label.to_owned(), Align::Right, show));
    }
    let width = columns.len();
    let (mut total, mut top) = (0.0, 0.0);
    let mut groups = Vec::new();
    for round in &card.rounds {
        let ScorecardSeat::Table {
            table,
            north_south,
            opponent,
            boards,
            ..
        } = &round.seat
        else {
            let note = round.seat.note().unwrap_or_default();
            groups.push((Some(format!("Round {}: {}", round.round, esc(&note))), Vec::new()));
            continue;
        };
        let against = match opponent {
            Some(o) => format!(
                "{} {}",
                evening.pair_link(*o),
                link(&evening.pair_file(*o), &esc(evening.names(*o)))
            ),
            None => "no one".to_owned(),
        };
        let heading = format!(
            "Round {}, table {table}: {} against {against}",
            round.round,
            if *north_south { "N-S" } else { "E-W" },
        );
        let rows = boards
            .iter()
            .map(|b| {
                if let Some(mp) = b.matchpoints {
                    total += mp;
                    top += b.top;
                }
                scorecard_row(evening, b, *north_south, total, top, width)
            })
            .collect();
        groups.push((Some(heading), rows));
    }
    let caption = format!("Scorecard of pair {}", evening.label(card.entrant));
    let mut table = table_of(&caption, columns, "card");
    table.groups = groups;
    table.html()
}

/// One board of a scorecard, from the pair's side.
fn scorecard_row(
    evening: &Evening,
    board: &ScorecardBoard,
    north_south: bool,
    total: f64,
    top: f64,
    width: usize,
) -> Vec<String> {
    let number = link(&board_file(board.board), &board.board.to_string());
    let Some(result) = board.result else {
        return vec![
            number,
            format!("<td colspan=\"{}\" class=\"muted\">no result yet</td>", width - 1),
        ];
    };
    let mut row = vec![number];
    row.extend(result_cells(result, Some(north_south), evening.leads));
    row.push(result_short(result, Some(north_south)));
    row.push(board.score.map(|s| s.to_string()).unwrap_or_default());
    row.push(board.matchpoints.map(mp_text).unwrap_or_default());
    row.push(board.percent().map(|p| format!("{p:.0}")).unwrap_or_default());
    row.push(mp_text(total));
    row.push(if top > 0.0 {
        percent_text(100.0 * total / top)
    } else {
        String::new()
    });
    row
}

/// Contract, declarer, lead (when `leads`) and tricks of a result, as HTML cells; an
/// artificial score is shown from one side (N-S when `side` is `Some(true)`), or both.
fn result_cells(result: BridgeResult, side: Option<bool>, leads: bool) -> Vec<String> {
    let (contract, by, lead, tricks) = match result {
        BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead,
        } => (
            contract_html(contract),
            declarer.to_string(),
            lead.map(card_html).unwrap_or_default(),
            made_text(contract, tricks),
        ),
        BridgeResult::PassedOut => ("Passed out".into(), String::new(), String::new(), String::new()),
        BridgeResult::NorthSouthScore { .. } => {
            ("(score only)".into(), String::new(), String::new(), String::new())
        }
        BridgeResult::Artificial { ns, ew } => {
            let text = match side {
                Some(true) => ns.label().to_owned(),
                Some(false) => ew.label().to_owned(),
                None => format!("{}/{}", ns.label(), ew.label()),
            };
            (esc(&text), String::new(), String::new(), String::new())
        }
        BridgeResult::NotPlayed => ("Not played".into(), String::new(), String::new(), String::new()),
    };
    let mut cells = vec![contract, by];
    if leads {
        cells.push(lead);
    }
    cells.push(tricks);
    cells
}

/// A result in one cell, for a phone: the contract with the tricks over or under and the
/// declarer ("4♥X−1 S"), the opening lead below it when there is one; otherwise what the
/// contract column says ("Passed out", "AVE+").
fn result_short(result: BridgeResult, side: Option<bool>) -> String {
    let BridgeResult::Contract {
        contract,
        declarer,
        tricks,
        lead,
    } = result
    else {
        return result_cells(result, side, false).swap_remove(0);
    };
    let made = made_text(contract, tricks).replace('-', "−");
    let mut cell = format!("{}{made}&nbsp;{declarer}", contract_html(contract));
    if let Some(lead) = lead {
        cell.push_str(&format!("<span class=\"lead\">lead {}</span>", card_html(lead)));
    }
    cell
}

/// "4♥X": the level, the strain's symbol (NT for no trumps) and any double.
fn contract_html(contract: Contract) -> String {
    let strain = match contract.strain {
        Strain::Clubs => suit_symbol('♣'),
        Strain::Diamonds => suit_symbol('♦'),
        Strain::Hearts => suit_symbol('♥'),
        Strain::Spades => suit_symbol('♠'),
        Strain::NoTrump => "NT".to_owned(),
    };
    let doubling = match contract.doubling {
        Doubling::Undoubled => "",
        Doubling::Doubled => "X",
        Doubling::Redoubled => "XX",
    };
    format!("{}{strain}{doubling}", contract.level)
}

/// A card as a lead: the suit's symbol and the rank ("♥Q", "♠10").
fn card_html(card: Card) -> String {
    let symbol = match card.suit().letter() {
        'S' => '♠',
        'H' => '♥',
        'D' => '♦',
        _ => '♣',
    };
    let rank = match card.rank() {
        'T' => "10".to_owned(),
        r => r.to_string(),
    };
    format!("{}{rank}", suit_symbol(symbol))
}

/// A board's page: the hands and what could be made, then the traveller.
fn board_page(
    evening: &Evening,
    traveller: &Traveller,
    record: Option<&Board>,
    analysis: Option<&Analysis>,
    last: u32,
) -> Vec<u8> {
    let board = traveller.board;
    let around = |b: u32| (board_file(b), format!("Board {b}"));
    let nav = pager(
        "Boards",
        (board > 1).then(|| around(board - 1)),
        (board < last).then(|| around(board + 1)),
    );
    let mut body = nav.clone();
    body.push_str("<div class=\"board-top\">\n<section>\n<h2>The hands</h2>\n");
    match record {
        Some(record) => body.push_str(&hand_diagram(record)),
        None => body.push_str("<p class=\"muted\">No hand record was attached to this board.</p>\n"),
    }
    body.push_str("</section>\n<section>\n<h2>What could be made</h2>\n");
    body.push_str(&analysis_html(board, analysis));
    body.push_str("</section>\n</div>\n");
    body.push_str("<h2>Traveller</h2>\n");
    body.push_str(&traveller_table(evening, traveller));
    body.push_str(&nav);
    evening.frame.page(&format!("Board {board}"), &body)
}

/// The traveller: every table that played the board, the best N-S score first, with both
/// sides' scores and matchpoints.
fn traveller_table(evening: &Evening, traveller: &Traveller) -> String {
    let mut columns = vec![
        ("N-S".to_owned(), Align::Left, Show::Always),
        ("E-W".to_owned(), Align::Left, Show::Always),
    ];
    columns.extend(result_columns(evening.leads));
    for (label, show) in [
        ("N-S score", Show::Wide),
        ("E-W score", Show::Wide),
        ("Score", Show::Narrow),
        ("N-S MP", Show::Always),
        ("E-W MP", Show::Always),
    ] {
        columns.push((label.to_owned(), Align::Right, show));
    }
    let width = columns.len();
    let mut lines: Vec<&TravellerRow> = traveller.rows.iter().collect();
    lines.sort_by_key(|row| (row.score.is_none(), std::cmp::Reverse(row.score.unwrap_or(0))));
    let rows = lines
        .into_iter()
        .map(|row| {
            let mut cells = vec![evening.pair_link(row.ns), evening.pair_link(row.ew)];
            let Some(result) = row.result else {
                cells.push(format!(
                    "<td colspan=\"{}\" class=\"muted\">no result yet</td>",
                    width - 2
                ));
                return cells;
            };
            cells.extend(result_cells(result, None, evening.leads));
            cells.push(result_short(result, None));
            let (ns, ew) = match row.score {
                Some(s) if s > 0 => (s.to_string(), String::new()),
                Some(s) if s < 0 => (String::new(), (-s).to_string()),
                Some(_) => ("0".to_owned(), "0".to_owned()),
                None => (String::new(), String::new()),
            };
            cells.push(ns);
            cells.push(ew);
            cells.push(row.score.map(signed_score).unwrap_or_default());
            let (ns_mp, ew_mp) = row
                .matchpoints
                .map_or((String::new(), String::new()), |(n, e)| (mp_text(n), mp_text(e)));
            cells.push(ns_mp);
            cells.push(ew_mp);
            cells
        })
        .collect();
    let caption = format!(
        "Traveller of board {} (top {} matchpoints)",
        traveller.board,
        top_text(traveller.top)
    );
    let mut table = table_of(&caption, columns, "traveller");
    table.groups = vec![(None, rows)];
    table.html()
}

/// N-S's score with its sign, as one column shows it on a phone: "+620", "−100", "0".
fn signed_score(score: i32) -> String {
    match score.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{score}"),
        std::cmp::Ordering::Less => format!("−{}", -score),
        std::cmp::Ordering::Equal => "0".to_owned(),
    }
}
