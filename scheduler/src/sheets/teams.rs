//! The sheets of a teams-of-four event: the round sheet (each match with the two tables where
//! its teams sit, the boards, the bye, and the match's score once complete) and the match
//! score cards (both tables' scores of every board side by side, the net, the IMPs, and the
//! match's IMPs and points at the foot; empty boxes where nothing is entered yet). The
//! figures are the event's (`event::teams::match_card`); the running ranking is
//! `event::teams_ranking`. This module words every cell; `sheets.typ` and `scorecards.typ`
//! draw them.

use super::scorecards::event_line;
use super::{
    Block, CardCell, CardColumn, CardRound, CellAlign, Column, ColumnKind, Grid, PairCard, SectionBody,
    SheetOptions,
};
use crate::deals::{Vulnerability, standard_vulnerability};
use crate::event::long_three_way::{LongHalf, long_half, long_movement_lines, long_seating, long_sets};
use crate::event::team_rooms::RoomResults;
use crate::event::teams::{
    BoardLine, MatchCard, TeamBoard, TeamsScoring, match_cards_at, match_tables, signed,
};
use crate::event::three_way::{deals_text, half_match_deals, movement_lines, three_teams, three_way_tables};
use crate::event::{BridgeResult, Event, ResultKey, ResultValue, Results, Scoring, made_text};
use crate::model::{Absence, Round};
use crate::scoring::teams::{Points, points_text};

/// A teams event and its results, for the sheets that need more than the schedule.
#[derive(Debug, Clone, Copy)]
pub struct TeamsSheets<'a> {
    /// The event (a teams-of-four event: other events print no teams sheets).
    pub event: &'a Event,
    /// Its results so far.
    pub results: &'a Results,
    /// Only this round's matches, when set (`--round`); every round paired so far otherwise.
    pub round: Option<u32>,
    /// Each table's own result, as its phone sent it: the contracts on the match cards.
    pub rooms: &'a RoomResults,
}

impl TeamsSheets<'_> {
    fn rounds(&self) -> impl Iterator<Item = &Round> {
        self.event
            .schedule
            .rounds
            .iter()
            .filter(|r| self.chosen(r.number))
    }

    /// Whether `round` is printed: every round, or the one asked for.
    fn chosen(&self, round: u32) -> bool {
        self.round.is_none_or(|only| round == only)
    }

    /// What a round is called: a knockout's rounds are its stanzas.
    fn round_word(&self) -> &'static str {
        match self.event.settings.scoring {
            Scoring::Teams {
                knockout: Some(_), ..
            } => "Stanza",
            _ => "Round",
        }
    }

    /// What a match's two tables (`tables`; a three-way's half-match's) sent from their phones for `line`'s board
    /// in `round`, each kept only when it makes the N-S score the match's board has (a board
    /// the director entered otherwise prints its scores alone).
    fn sent_by_tables(&self, round: u32, tables: [u32; 2], line: &BoardLine) -> [Option<BridgeResult>; 2] {
        let Some(TeamBoard::Tables { table1_ns, table2_ns }) = line.board else {
            return [None, None];
        };
        [(tables[0], table1_ns), (tables[1], table2_ns)].map(|(table, stored)| {
            self.rooms
                .get(&ResultKey {
                    round,
                    table,
                    deal: line.deal,
                })
                .filter(|sent| sent.north_south_score(line.deal) == Some(stored))
                .copied()
        })
    }

    /// The teams night's scoring, when the event is one (its matches are not the schedule's
    /// tables: `night_match_cards`).
    pub(super) fn night(&self) -> Option<TeamsScoring> {
        match self.event.settings.scoring {
            Scoring::Bridge { teams_of_four, .. } => teams_of_four,
            _ => None,
        }
    }

    /// Whether the event is a Swiss pairs event (its matches are one table each:
    /// `swiss_pairs::match_cards`).
    pub(super) fn swiss_pairs(&self) -> bool {
        crate::event::swiss_pairs::settings(self.event).is_some()
    }

    fn name(&self, team: usize) -> String {
        if self.night().is_some() {
            let movement = self.event.schedule.movement.as_ref();
            let teams = movement.map_or(0, |m| m.tables);
            return crate::event::teams_night::team_names(self.event, teams)
                .get(team)
                .cloned()
                .unwrap_or_default();
        }
        self.event
            .schedule
            .entrants
            .get(team)
            .cloned()
            .unwrap_or_default()
    }

    /// "Aces: Ann Archer (007341), Bob Brown, …" for a team whose players are known, so the
    /// card says who may play and their numbers for the masterpoint return; "Aces played: …"
    /// once the round's line-up is recorded (`event::line_ups`).
    fn players_line(&self, round: Option<u32>, team: usize) -> Option<String> {
        let name = self.name(team);
        if let Some(round) = round
            && let crate::event::who_played::Fielded::Recorded(players) =
                crate::event::who_played::fielded(self.event, round, team)
        {
            return Some(crate::event::who_played::describe(&name, &players));
        }
        crate::model::squad::squad_of(&self.event.roster, &name)
            .map(|entrant| format!("{name}: {}", crate::model::squad::describe_squad(entrant)))
    }

    /// The players lines of a match's two teams in `round` (none when their players are not
    /// known; a teams night's matches, whose halves are two rounds, have no round).
    fn players_lines(&self, round: Option<u32>, card: &MatchCard) -> Vec<String> {
        [card.home, card.away]
            .into_iter()
            .filter_map(|team| self.players_line(round, team))
            .collect()
    }

    fn boards_text(&self, round: u32) -> String {
        let boards = self.event.deals_of_round(round);
        if boards.start() == boards.end() {
            format!("board {}", boards.start())
        } else {
            format!("boards {}–{}", boards.start(), boards.end())
        }
    }

    fn summary(&self, card: &MatchCard) -> String {
        match self.event.settings.scoring {
            Scoring::Teams { scoring, .. } if card.score.is_some() => card.summary(scoring),
            _ => String::new(),
        }
    }
}

/// The round sheet: per round, each match, its home team (N-S at the first of its two tables,
/// E-W at the second) and away team, and its score once every board is in; the bye and who
/// is not playing under it.
pub fn round_sheet(teams: &TeamsSheets) -> (String, SectionBody) {
    let columns = vec![
        Column::new("Match", ColumnKind::Number),
        Column::new("Tables", ColumnKind::Number),
        Column::new("Home team", ColumnKind::Name),
        Column::new("Away team", ColumnKind::Name),
        Column::new("Result", ColumnKind::Name),
    ];
    let blocks = teams
        .rounds()
        .map(|round| {
            let rows = round
                .tables
                .iter()
                .flat_map(|table| {
                    if let Some(rows) = long_first_rows(teams, round.number, table.number) {
                        return rows;
                    }
                    match_cards_at(teams.event, teams.results, round.number, table.number)
                        .into_iter()
                        .map(|card| {
                            let (home, away) = (card.home, card.away);
                            let number = match card.part {
                                Some(part) => format!("{} ({part}/3)", table.number),
                                None => table.number.to_string(),
                            };
                            vec![
                                number,
                                card.tables_text(table.number),
                                format!("{} ({})", teams.name(home), home + 1),
                                format!("{} ({})", teams.name(away), away + 1),
                                teams.summary(&card),
                            ]
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            let mut notes: Vec<String> = round
                .tables
                .iter()
                .flat_map(|table| three_way_note(teams, round.number, table))
                .collect();
            notes.extend(absent_note(teams, round));
            notes.push(SEATING.to_owned());
            Block {
                heading: Some(format!(
                    "{} {} · {}",
                    teams.round_word(),
                    round.number,
                    teams.boards_text(round.number)
                )),
                grid: Grid {
                    columns: columns.clone(),
                    rows,
                },
                note: Some(notes.join(" · ")),
            }
        })
        .collect();
    ("Round sheet".to_owned(), SectionBody::Blocks { blocks })
}

/// Where a match's teams sit, under each round of the round sheet.
const SEATING: &str = "The home team sits N-S at the first of its match's two tables and E-W at the second; both tables play the round's boards (a three-way match: as said above).";

/// Where the teams of a three-way match at `table` go, in sentences (none for a head-on
/// match).
fn three_way_note(teams: &TeamsSheets, round: u32, table: &crate::model::Table) -> Vec<String> {
    if let Some(lines) = long_note(teams, round, table.number) {
        return lines;
    }
    let Some(three) = three_teams(table) else {
        return Vec::new();
    };
    let Ok(deals) = half_match_deals(teams.event, round) else {
        return Vec::new();
    };
    let names = three.map(|t| teams.name(t));
    let deals = deals.map(|d| deals_text(&d));
    movement_lines(
        [&names[0], &names[1], &names[2]],
        three_way_tables(table.number),
        [&deals[0], &deals[1], &deals[2]],
    )
}

/// Where the teams of a three-way match over two rounds at match `number` go in `round`, in
/// sentences (`None` when the match is not one).
fn long_note(teams: &TeamsSheets, round: u32, number: u32) -> Option<Vec<String>> {
    let (long, half) = long_half(&teams.event.schedule, round, number)?;
    let sets = long_sets(teams.event, long.first_round).ok()?;
    let names = long.teams.map(|t| teams.name(t));
    let sets = sets.map(|d| deals_text(&d));
    Some(long_movement_lines(
        [&names[0], &names[1], &names[2]],
        three_way_tables(number),
        [&sets[0], &sets[1], &sets[2]],
        half,
        round,
    ))
}

/// The round sheet's rows for the first round of a three-way match over two rounds at match
/// `number`: its three matches, in progress (`None` for any other match).
fn long_first_rows(teams: &TeamsSheets, round: u32, number: u32) -> Option<Vec<Vec<String>>> {
    let (long, LongHalf::First) = long_half(&teams.event.schedule, round, number)? else {
        return None;
    };
    let tables = three_way_tables(number);
    let rows = crate::event::long_three_way::long_matches(long.teams)
        .into_iter()
        .zip(1..)
        .map(|((home, away), part)| {
            vec![
                format!("{number} ({part}/3)"),
                format!("{}, {} & {}", tables[0], tables[1], tables[2]),
                format!("{} ({})", teams.name(home), home + 1),
                format!("{} ({})", teams.name(away), away + 1),
                format!("in progress: scored with round {}", round + 1),
            ]
        })
        .collect();
    Some(rows)
}

/// A long three-way match's full match on card `card` (scored in `round`, match `number`):
/// the table of its set in each of the two rounds, its boards, and the title's words.
fn long_card_place(
    teams: &TeamsSheets,
    round: u32,
    number: u32,
    card: &MatchCard,
) -> Option<([u32; 2], String, String)> {
    let (long, _) = long_half(&teams.event.schedule, round, number)?;
    let (first_round, second_round) = (long.first_round, long.first_round + 1);
    let set = usize::from(card.part?.clamp(1, 3)) - 1;
    let table_of = |half, m: u32| {
        long_seating(long.teams, three_way_tables(m), half)
            .into_iter()
            .find(|s| s.set == set)
            .map(|s| s.table)
    };
    let first = table_of(LongHalf::First, long.first_match)?;
    // Before the second round is paired, its match is taken to keep its number.
    let second = table_of(LongHalf::Second, long.second_match.unwrap_or(long.first_match))?;
    let deals: Vec<u32> = card.boards.iter().map(|b| b.deal).collect();
    Some((
        [first, second],
        format!("boards {}", deals_text(&deals)),
        format!(
            " (three-way over rounds {first_round} and {second_round}, match {} of 3: table {first} in round {first_round}, table {second} in round {second_round}; scored with round {second_round})",
            set + 1,
        ),
    ))
}

/// "Bye: Falcons (6) · Not yet arrived: Hawks (8)", or `None` when every team plays.
fn absent_note(teams: &TeamsSheets, round: &Round) -> Option<String> {
    let mut parts = Vec::new();
    for (kind, words) in [
        (Absence::Bye, "Bye"),
        (Absence::Late, "Not yet arrived"),
        (Absence::Left, "Withdrawn"),
        (Absence::SitOut, "Not playing"),
    ] {
        let names: Vec<String> = round
            .absent
            .iter()
            .filter(|a| a.kind == kind)
            .map(|a| format!("{} ({})", teams.name(a.entrant), a.entrant + 1))
            .collect();
        if !names.is_empty() {
            parts.push(format!("{words}: {}", names.join(", ")));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// The board columns of a match card: label, width in points (0: the two contract columns
/// share what the page leaves) and alignment (8 pt text, as the pairs' score cards measure
/// theirs: a score of "-1430" fits).
const MATCH_COLUMNS: [(&str, f64, CellAlign); 13] = [
    ("Bd", 16.0, CellAlign::Right),
    ("Vul", 20.0, CellAlign::Center),
    ("Contract", 0.0, CellAlign::Center),
    ("By", 14.0, CellAlign::Center),
    ("Tricks", 26.0, CellAlign::Center),
    ("N-S", 32.0, CellAlign::Right),
    ("Contract", 0.0, CellAlign::Center),
    ("By", 14.0, CellAlign::Center),
    ("Tricks", 26.0, CellAlign::Center),
    ("N-S", 32.0, CellAlign::Right),
    ("Net", 34.0, CellAlign::Right),
    ("Home", 30.0, CellAlign::Right),
    ("Away", 30.0, CellAlign::Right),
];

/// Space above and below a line's text on the match cards: room to write a contract in.
const MATCH_PADDING: f64 = 4.0;

/// A card's plain cell.
pub(super) fn cell(text: impl Into<String>) -> CardCell {
    CardCell {
        text: text.into(),
        span: 1,
        faint: false,
    }
}

/// A board's vulnerability as the cards print it ("–", "NS", "EW", "All").
pub(super) fn vulnerability_text(board: u32) -> &'static str {
    match standard_vulnerability(board) {
        Vulnerability::None => "–",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::All => "All",
    }
}

/// A table's contract, declarer and tricks as its card prints them ("4S", "N", "=";
/// "Passed out"), when its phone sent them; empty boxes otherwise.
fn contract_cells(sent: Option<BridgeResult>) -> [CardCell; 3] {
    match sent {
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            ..
        }) => [
            cell(contract.to_string()),
            cell(declarer.to_string()),
            cell(made_text(contract, tricks)),
        ],
        Some(BridgeResult::PassedOut) => [cell("Passed out"), cell(""), cell("")],
        _ => [cell(""), cell(""), cell("")],
    }
}

/// One board's line: number, vulnerability, table 1's contract, declarer, tricks (as its phone
/// sent them; boxes otherwise) and N-S score, the same for table 2, the home team's net and
/// the IMPs won by the home or the away team.
fn board_cells(
    deal: u32,
    board: Option<TeamBoard>,
    home_imps: Option<i32>,
    sent: [Option<BridgeResult>; 2],
) -> Vec<CardCell> {
    let (first, second, net) = match board {
        Some(TeamBoard::Tables { table1_ns, table2_ns }) => (
            table1_ns.to_string(),
            table2_ns.to_string(),
            signed(i64::from(table1_ns) - i64::from(table2_ns)),
        ),
        Some(TeamBoard::Net { net }) => (String::new(), String::new(), signed(i64::from(net))),
        None => (String::new(), String::new(), String::new()),
    };
    let (home, away) = match home_imps {
        Some(imps) if imps > 0 => (imps.to_string(), String::new()),
        Some(imps) if imps < 0 => (String::new(), imps.unsigned_abs().to_string()),
        Some(_) => ("0".to_owned(), "0".to_owned()),
        None => (String::new(), String::new()),
    };
    let mut cells = vec![cell(deal.to_string()), cell(vulnerability_text(deal))];
    cells.extend(contract_cells(sent[0]));
    cells.push(cell(first));
    cells.extend(contract_cells(sent[1]));
    cells.extend([cell(second), cell(net), cell(home), cell(away)]);
    cells
}

/// The match score cards, one per match of every round chosen, a match a card across the page.
pub fn match_cards(teams: &TeamsSheets, options: &SheetOptions) -> (String, SectionBody) {
    let event = event_line(options);
    let mut cards = Vec::new();
    if let Some(scoring) = teams.night() {
        let night = crate::event::teams_night::night_cards(teams.event, teams.results, scoring);
        for (m, card) in night.unwrap_or_default() {
            cards.push(night_match_card(teams, &m, &card, scoring, &event));
        }
    }
    let mut matches: Vec<(u32, u32, MatchCard)> =
        crate::event::teams::match_cards(teams.event, teams.results)
            .filter(|(round, _, _)| teams.chosen(*round) && teams.night().is_none())
            .collect();
    // A three-way match over two rounds: its cards under its first round too, to play from.
    for round in teams.rounds() {
        for table in &round.tables {
            for card in
                crate::event::teams::long_cards_ahead(teams.event, teams.results, round.number, table.number)
            {
                matches.push((round.number, table.number, card));
            }
        }
    }
    matches.sort_by_key(|(round, number, _)| (*round, *number));
    for (round, number, card) in &matches {
        cards.push(one_match_card(teams, *round, *number, card, &event));
    }
    let groups = [
        ("", 2),
        ("First table: home team N-S", 4),
        ("Second table: away team N-S", 4),
        ("Home team", 1),
        ("IMPs", 2),
    ];
    match_card_section(&MATCH_COLUMNS, &groups, cards)
}

/// The "Match score cards" section: a card across the page each, with these columns (label,
/// width, alignment) under these headings (text, columns spanned), and room to write in.
pub(super) fn match_card_section(
    columns: &[(&str, f64, CellAlign)],
    groups: &[(&str, usize)],
    cards: Vec<PairCard>,
) -> (String, SectionBody) {
    (
        "Match score cards".to_owned(),
        SectionBody::Scorecards {
            across: 1,
            padding: MATCH_PADDING,
            lead: false,
            groups: groups
                .iter()
                .map(|&(text, span)| CardCell {
                    text: text.to_owned(),
                    span,
                    faint: false,
                })
                .collect(),
            columns: columns
                .iter()
                .map(|&(label, width, align)| CardColumn {
                    label: label.into(),
                    width,
                    align,
                })
                .collect(),
            cards,
        },
    )
}

/// A match card's one block of lines: every board of the match, with each table's contract
/// where `sent` has it.
fn board_lines(card: &MatchCard, sent: impl Fn(&BoardLine) -> [Option<BridgeResult>; 2]) -> Vec<CardRound> {
    vec![CardRound {
        round: String::new(),
        seat: String::new(),
        against: String::new(),
        names: String::new(),
        note: None,
        boards: card
            .boards
            .iter()
            .map(|line| board_cells(line.deal, line.board, line.home_imps, sent(line)))
            .collect(),
    }]
}

/// A match's result at the foot of its card: "Aces 8 IMPs, Barons 1 IMPs · VPs 14.96 – 5.04"
/// (the points left out when the match is scored as IMPs).
fn result_line(
    home: &str,
    away: &str,
    imps: [u32; 2],
    points: [Points; 2],
    scoring: Option<TeamsScoring>,
) -> String {
    let mut line = format!("{home} {} IMPs, {away} {} IMPs", imps[0], imps[1]);
    if let Some(scoring) = scoring.filter(|&s| s != TeamsScoring::Imps) {
        line.push_str(&format!(
            " · {} {} – {}",
            scoring.column(),
            points_text(points[0]),
            points_text(points[1])
        ));
    }
    line
}

/// A teams night's match card: the two teams, where each half is played, the boards, and
/// the result or boxes for it.
fn night_match_card(
    teams: &TeamsSheets,
    m: &crate::event::teams_night::NightMatch,
    card: &MatchCard,
    scoring: TeamsScoring,
    event: &str,
) -> PairCard {
    let (home, away) = (teams.name(card.home), teams.name(card.away));
    let [(r1, t1), (r2, t2)] = m.halves;
    let mut foot = match card.score {
        Some((imps, points)) => vec![result_line(&home, &away, imps, points, Some(scoring))],
        None => vec![format!(
            "IMPs: {home} ________   {away} ________        Points: ________ – ________"
        )],
    };
    foot.extend(teams.players_lines(None, card));
    PairCard {
        pair: format!("{home} v {away}"),
        names: format!("boards {}–{}", m.boards.start(), m.boards.end()),
        event: format!(
            "{event} · {home} N-S at table {t1} in round {r1}, {away} N-S at table {t2} in round {r2}"
        ),
        status: None,
        // A teams night's tables enter contracts as at a pairs evening: each half's own.
        rounds: board_lines(card, |line| {
            [(r1, t1), (r2, t2)].map(|(round, table)| {
                match teams.results.get(&ResultKey {
                    round,
                    table,
                    deal: line.deal,
                }) {
                    Some(ResultValue::Bridge { board }) => Some(*board),
                    _ => None,
                }
            })
        }),
        foot,
    }
}

/// One match's card: its title, the boards, and the result or boxes for it at the foot.
fn one_match_card(teams: &TeamsSheets, round: u32, number: u32, card: &MatchCard, event: &str) -> PairCard {
    let (home, away) = (teams.name(card.home), teams.name(card.away));
    let (first_second, boards, part) = match card.part {
        Some(_) if card.long => long_card_place(teams, round, number, card)
            .unwrap_or_else(|| (match_tables(number), teams.boards_text(round), String::new())),
        Some(part) => {
            let tables = three_way_tables(number);
            let k = usize::from(part.clamp(1, 3)) - 1;
            let deals: Vec<u32> = card.boards.iter().map(|b| b.deal).collect();
            (
                [tables[k], tables[(k + 1) % 3]],
                format!("boards {}", deals_text(&deals)),
                format!(" (three-way, part {part} of 3)"),
            )
        }
        None => (match_tables(number), teams.boards_text(round), String::new()),
    };
    let mut foot = match card.score {
        Some((imps, points)) => {
            let scoring = match teams.event.settings.scoring {
                Scoring::Teams { scoring, .. } => Some(scoring),
                _ => None,
            };
            let mut line = result_line(&home, &away, imps, points, scoring);
            if let Some(scale) = scoring.and_then(TeamsScoring::vp_scale)
                && card.part.is_some()
                && !card.long
            {
                line.push_str(&format!(
                    " (half a match's VPs: {} at stake)",
                    scale.total() / 200
                ));
            }
            vec![line]
        }
        None => vec![
            format!("IMPs: {home} ________   {away} ________        Points: ________ – ________"),
            "Captains: ______________________   ______________________".to_owned(),
        ],
    };
    foot.extend(teams.players_lines(Some(round), card));
    let [first, second] = first_second;
    PairCard {
        pair: format!("{} {round}, match {number}{part}", teams.round_word()),
        names: format!("{home} ({}) v {away} ({})", card.home + 1, card.away + 1),
        event: format!("{event} · {boards} · {home} N-S at table {first}, {away} N-S at table {second}"),
        status: None,
        rounds: board_lines(card, |line| teams.sent_by_tables(round, first_second, line)),
        foot,
    }
}
