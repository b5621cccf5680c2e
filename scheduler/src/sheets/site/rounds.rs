//! The site of an event without a movement (a whist drive, chess, a team event, a round
//! robin): the standings on `index.html` and a page per round saying who played whom and
//! how it went. Also the frame every page shares (`frame`).

use super::html::{Align, Frame, Table, esc, link};
use super::{SiteFile, results_notice};
use crate::event::standings::standings;
use crate::event::{Event, ResultKey, ResultValue, Results, sides};
use crate::model::{Absence, Format, Round, Table as SeatedTable};
use crate::sheets::StandingsTable;

/// The frame of every page of `event`'s site: its title, club and date.
pub(super) fn frame(event: &Event) -> Frame {
    let settings = &event.settings;
    let date = crate::sheets::event_sheets::sheet_options(event)
        .formatted_date()
        .ok()
        .flatten()
        .or_else(|| settings.date.clone());
    let line: Vec<String> = settings
        .club
        .iter()
        .filter(|c| !c.trim().is_empty())
        .chain(date.iter())
        .map(|s| esc(s))
        .collect();
    Frame {
        title: esc(&settings.title),
        line: line.join(" · "),
    }
}

/// The round's page: "round-3.html".
fn round_file(round: u32) -> String {
    format!("round-{round}.html")
}

/// Every page of an event without a movement: the standings, then one page per round.
pub(super) fn rounds_site(event: &Event, results: &Results) -> Vec<SiteFile> {
    let frame = frame(event);
    let mut files = vec![SiteFile {
        path: super::INDEX.to_owned(),
        bytes: standings_page(event, results, &frame),
    }];
    let rounds = &event.schedule.rounds;
    for (i, round) in rounds.iter().enumerate() {
        let previous = i.checked_sub(1).and_then(|j| rounds.get(j)).map(|r| r.number);
        let next = rounds.get(i + 1).map(|r| r.number);
        files.push(SiteFile {
            path: round_file(round.number),
            bytes: round_page(event, results, round, (previous, next), &frame),
        });
    }
    files
}

/// `index.html`: what the event is, its standings tables, links to every round.
fn standings_page(event: &Event, results: &Results, frame: &Frame) -> Vec<u8> {
    let settings = &event.settings;
    // A Swiss grows round by round: say how many of its rounds are paired so far.
    let paired = event.schedule.rounds.len();
    let planned = event.rounds_planned() as usize;
    let rounds = if planned > paired {
        format!("{paired} of {planned} rounds paired")
    } else {
        format!("{paired} rounds")
    };
    let mut body = format!(
        "<ul class=\"facts\">\n<li>{}</li>\n<li>{} entrants, {rounds}</li>\n</ul>\n",
        esc(&settings.format_label),
        event.schedule.entrants.len(),
    );
    body.push_str(&results_notice(event, results));
    let tables = if results.is_empty() {
        Vec::new()
    } else {
        standings(event, results)
    };
    for table in &tables {
        let heading = table.heading.clone().unwrap_or_else(|| "Standings".to_owned());
        body.push_str(&format!("<h2>{}</h2>\n", esc(&heading)));
        body.push_str(&standings_table(table, &heading));
        if let Some(note) = &table.note {
            body.push_str(&format!("<p class=\"note\">{}</p>\n", esc(note)));
        }
    }
    body.push_str("<h2 id=\"rounds\">Rounds</h2>\n<p>Who played whom in each round, and the results:</p>\n<ul class=\"boards\">\n");
    for round in &event.schedule.rounds {
        body.push_str(&format!(
            "<li>{}</li>\n",
            link(&round_file(round.number), &format!("Round {}", round.number))
        ));
    }
    body.push_str("</ul>\n");
    frame.page(&settings.title, &body)
}

/// A standings table as HTML: numbers right-aligned, the name column heading each row.
fn standings_table(table: &StandingsTable, heading: &str) -> String {
    let numeric = |i: usize| {
        table.rows.iter().all(|row| {
            row.get(i).is_none_or(|cell| {
                let bare = cell.trim_end_matches('=').replace('½', ".5");
                bare.is_empty() || bare.parse::<f64>().is_ok()
            })
        })
    };
    let mut columns: Vec<(String, Align)> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| (esc(c), if numeric(i) { Align::Right } else { Align::Left }))
        .collect();
    let mut rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| row.iter().map(|cell| esc(cell)).collect())
        .collect();
    // A team's players go under its name, in the same cell: a column of its own makes every
    // row many lines tall on a phone.
    let squad = table.columns.iter().position(|c| c == "Players");
    if let Some(at) = squad.filter(|&at| at > 0 && table.columns[at - 1] == "Team") {
        columns.remove(at);
        for row in &mut rows {
            if at < row.len() {
                let players = row.remove(at);
                if !players.is_empty() {
                    row[at - 1] = format!("{}<span class=\"squad\">{players}</span>", row[at - 1]);
                }
            }
        }
    }
    // A ranking is best first; a list (a teams night's matches) is not ranked.
    let caption = if table.columns.first().is_some_and(|c| c == "Rank") {
        format!("{heading}, best first")
    } else {
        heading.to_string()
    };
    let mut html = Table::new(&caption, columns, rows);
    html.row_header = table
        .columns
        .iter()
        .position(|c| c != "Rank" && c != "No.")
        .unwrap_or(0);
    html.html()
}

/// The names of the side's entrants, with their teams in a team event.
fn side_names(event: &Event, entrants: &[usize]) -> String {
    let schedule = &event.schedule;
    entrants
        .iter()
        .map(|&e| {
            let name = schedule.entrants.get(e).map_or("", String::as_str);
            match schedule.entrant_teams.get(e).filter(|t| !t.is_empty()) {
                Some(team) => format!("{name} ({team})"),
                None => name.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join(" & ")
}

/// The two sides' names as the format calls them.
fn side_labels(format: Format) -> (&'static str, &'static str) {
    match format {
        Format::Whist | Format::Pairs => ("North-South", "East-West"),
        Format::RoundRobin => ("Home", "Away"),
        Format::TeamChess => ("White", "Black"),
    }
}

/// What the table's results say: tricks "14–12", a game "1-0", a score "3-1", or a bridge
/// table's boards one after another.
fn result_text(event: &Event, results: &Results, round: u32, table: &SeatedTable) -> String {
    let key = |deal| ResultKey {
        round,
        table: table.number,
        deal,
    };
    let show = |value: &ResultValue| match value {
        ResultValue::Tricks { ns, ew } => format!("{ns}–{ew}"),
        other => other.to_string(),
    };
    if let Some(swiss) = crate::event::swiss_pairs::settings(event)
        && let Some(played) = event.schedule.round(round)
    {
        return crate::event::swiss_pairs::round_matches(event, results, played, swiss)
            .iter()
            .filter(|m| m.table == table.number)
            .map(|m| m.summary(swiss.scoring))
            .collect::<Vec<_>>()
            .join("; ");
    }
    if let crate::event::Scoring::Teams { scoring, .. } = event.settings.scoring {
        return crate::event::teams::match_cards_at(event, results, round, table.number)
            .iter()
            .map(|card| card.summary(scoring))
            .collect::<Vec<_>>()
            .join("; ");
    }
    let boards = event.deals_at(round, table.number);
    if *boards.start() == 0 {
        return results.get(&key(0)).map(show).unwrap_or_default();
    }
    boards
        .filter_map(|deal| {
            results
                .get(&key(deal))
                .map(|v| format!("board {deal}: {}", show(v)))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A teams event's round: every match's boards (both tables' N-S scores, the net and the
/// home team's IMPs), a table each; nothing for other events.
fn match_boards_html(event: &Event, results: &Results, round: &Round) -> String {
    if crate::event::swiss_pairs::settings(event).is_some() {
        return swiss_pairs_boards_html(event, results, round);
    }
    let crate::event::Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return String::new();
    };
    let name = |e: usize| event.schedule.entrants.get(e).map_or("", String::as_str);
    let mut html = String::new();
    let cards = round.tables.iter().flat_map(|seated| {
        crate::event::teams::match_cards_at(event, results, round.number, seated.number)
            .into_iter()
            .map(move |card| (seated, card))
    });
    for (seated, card) in cards {
        let part = match card.part {
            Some(p) if card.long => format!(" (three-way over two rounds, match {p} of 3)"),
            Some(p) => format!(" (three-way, part {p} of 3)"),
            None => String::new(),
        };
        html.push_str(&format!(
            "<h2>Match {}{part}: {} v {}</h2>\n<p>{}</p>\n",
            seated.number,
            esc(name(card.home)),
            esc(name(card.away)),
            esc(&card.summary(scoring))
        ));
        let rows = card
            .boards
            .iter()
            .map(|line| {
                let (t1, t2, net) = match line.board {
                    Some(crate::event::teams::TeamBoard::Tables { table1_ns, table2_ns }) => (
                        table1_ns.to_string(),
                        table2_ns.to_string(),
                        (i64::from(table1_ns) - i64::from(table2_ns)).to_string(),
                    ),
                    Some(crate::event::teams::TeamBoard::Net { net }) => {
                        (String::new(), String::new(), net.to_string())
                    }
                    None => (String::new(), String::new(), String::new()),
                };
                let imps = line.home_imps.map_or_else(String::new, |i| i.to_string());
                vec![line.deal.to_string(), t1, t2, net, imps]
            })
            .collect();
        let columns = vec![
            ("Board".to_owned(), Align::Right),
            ("Table 1 N-S".to_owned(), Align::Right),
            ("Table 2 N-S".to_owned(), Align::Right),
            ("Net".to_owned(), Align::Right),
            (format!("IMPs to {}", esc(name(card.home))), Align::Right),
        ];
        html.push_str(&Table::new(&format!("Match {}: the boards", seated.number), columns, rows).html());
    }
    html
}

/// A Swiss pairs round: every table's boards (the result, the N-S score, the board's datum
/// and the N-S pair's IMPs against it, or the top and the N-S pair's matchpoints), a table
/// each.
fn swiss_pairs_boards_html(event: &Event, results: &Results, round: &Round) -> String {
    let Some(swiss) = crate::event::swiss_pairs::settings(event) else {
        return String::new();
    };
    let name = |e: usize| event.schedule.entrants.get(e).map_or("", String::as_str);
    let mut html = String::new();
    for m in crate::event::swiss_pairs::round_matches(event, results, round, swiss) {
        html.push_str(&format!(
            "<h2>Table {}: {} (N-S) v {} (E-W)</h2>\n<p>{}</p>\n",
            m.table,
            esc(name(m.home)),
            esc(name(m.away)),
            esc(&m.summary(swiss.scoring))
        ));
        let text = |v: Option<i32>| v.map_or_else(String::new, |v| v.to_string());
        let rows =
            m.boards
                .iter()
                .map(|b| {
                    let played = b.result.map_or_else(String::new, |r| {
                        esc(&ResultValue::Bridge { board: r }.to_string())
                    });
                    let (against, gain) = match b.matchpoints {
                        Some(mps) => (mps.top.to_string(), mps.ns.to_string()),
                        None => (text(b.datum), text(b.imps)),
                    };
                    vec![b.deal.to_string(), played, text(b.ns), against, gain]
                })
                .collect();
        let (against, gain) = match swiss.scoring {
            crate::event::teams::TeamsScoring::Matchpoints => ("Top", "MPs N-S"),
            _ => ("Datum", "IMPs N-S"),
        };
        let columns = vec![
            ("Board".to_owned(), Align::Right),
            ("Result".to_owned(), Align::Left),
            ("N-S score".to_owned(), Align::Right),
            (against.to_owned(), Align::Right),
            (gain.to_owned(), Align::Right),
        ];
        html.push_str(&Table::new(&format!("Table {}: the boards", m.table), columns, rows).html());
    }
    html
}

/// A three-way match's lines on its round's page: one per half-match ("3 (2/3)"), its home
/// and away teams and its result.
fn three_way_rows(event: &Event, results: &Results, round: u32, table: u32) -> Vec<Vec<String>> {
    let crate::event::Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return Vec::new();
    };
    crate::event::teams::match_cards_at(event, results, round, table)
        .iter()
        .map(|card| {
            vec![
                format!("{table} ({}/3)", card.part.unwrap_or(1)),
                esc(&side_names(event, &[card.home])),
                esc(&side_names(event, &[card.away])),
                esc(&card.summary(scoring)),
            ]
        })
        .collect()
}

/// A three-way match over two rounds on a round's page: its three full matches, in
/// progress in its first round (scored with the second), with their scores in its second.
fn long_rows(
    event: &Event,
    results: &Results,
    round: u32,
    table: u32,
    teams: [usize; 3],
) -> Vec<Vec<String>> {
    let scored = three_way_rows(event, results, round, table);
    if !scored.is_empty() {
        return scored;
    }
    crate::event::long_three_way::long_matches(teams)
        .iter()
        .zip(1..)
        .map(|(&(home, away), part)| {
            vec![
                format!("{table} ({part}/3)"),
                esc(&side_names(event, &[home])),
                esc(&side_names(event, &[away])),
                format!(
                    "in progress: a three-way match over rounds {round} and {}",
                    round + 1
                ),
            ]
        })
        .collect()
}

/// A round's page: a line per table (who against whom, and the result), then who did not
/// play.
fn round_page(
    event: &Event,
    results: &Results,
    round: &Round,
    neighbours: (Option<u32>, Option<u32>),
    frame: &Frame,
) -> Vec<u8> {
    // At bridge the home pair sits N-S.
    let (first, second) = match event.settings.scoring {
        crate::event::Scoring::Bridge { .. } if event.schedule.format == Format::RoundRobin => ("N-S", "E-W"),
        _ => side_labels(event.schedule.format),
    };
    let rows = round
        .tables
        .iter()
        .flat_map(|table| {
            if crate::event::three_way::three_teams(table).is_some() {
                return three_way_rows(event, results, round.number, table.number);
            }
            if let Some(teams) = crate::event::long_three_way::long_three_teams(table) {
                return long_rows(event, results, round.number, table.number, teams);
            }
            let (a, b) = sides(table);
            let result = result_text(event, results, round.number, table);
            vec![vec![
                table.number.to_string(),
                esc(&side_names(event, &a)),
                esc(&side_names(event, &b)),
                if result.is_empty() {
                    "<span class=\"muted\">no result yet</span>".to_owned()
                } else {
                    esc(&result)
                },
            ]]
        })
        .collect();
    let columns = vec![
        ("Table".to_owned(), Align::Right),
        (first.to_owned(), Align::Left),
        (second.to_owned(), Align::Left),
        ("Result".to_owned(), Align::Left),
    ];
    let table = Table::new(&format!("Round {}: the tables", round.number), columns, rows);
    let mut items = Vec::new();
    if let Some(p) = neighbours.0 {
        items.push(format!(
            "<a href=\"{}\" rel=\"prev\">← Round {p}</a>",
            round_file(p)
        ));
    }
    items.push(link(super::INDEX, "Standings"));
    if let Some(n) = neighbours.1 {
        items.push(format!(
            "<a href=\"{}\" rel=\"next\">Round {n} →</a>",
            round_file(n)
        ));
    }
    let nav = format!(
        "<nav class=\"pager\" aria-label=\"Rounds\">{}</nav>\n",
        items.join(" ")
    );
    let mut body = nav.clone();
    body.push_str(&table.html());
    body.push_str(&match_boards_html(event, results, round));
    if !round.absent.is_empty() {
        let absent: Vec<String> = round
            .absent
            .iter()
            .map(|a| {
                let why = match a.kind {
                    Absence::Bye => "bye",
                    Absence::SitOut => "sits out",
                    Absence::Left => "has left",
                    Absence::Late => "not yet arrived",
                };
                format!("{} ({why})", esc(&side_names(event, &[a.entrant])))
            })
            .collect();
        body.push_str(&format!(
            "<p>Not at a table this round: {}.</p>\n",
            absent.join(", ")
        ));
    }
    body.push_str(&nav);
    frame.page(&format!("Round {}", round.number), &body)
}
