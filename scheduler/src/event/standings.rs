//! Standings from results: which results feed which scoring rule, and the ranked tables the
//! organiser reads, prints and exports. Recomputed from scratch every time (it takes
//! milliseconds even for 400 players × 30 rounds), so a correction can never leave a stale total.

pub use super::standings_table::StandingsTable;
use super::{Event, ImpMethod, ResultKey, ResultValue, Results, Scoring, sides};
use crate::model::{Absence, Format, Schedule, TeamEvent, squad};
use crate::scoring::bridge::{butler_imps, cross_imps, matchpoints};
use crate::scoring::chess::{GameResult, RoundOutcome, chess_standings, format_points};
use crate::scoring::league::{LeagueLine, MatchScore, PointsRule, league_table};
use crate::scoring::places;
use std::collections::BTreeMap;

/// The standings of an event: one table, or for team events a team table then the players.
pub fn standings(event: &Event, results: &Results) -> Vec<StandingsTable> {
    let mut tables = scored_tables(event, results);
    with_players(event, &mut tables);
    // Who joined late or left, so a short row is read as rounds not played.
    let attendance = super::lineup::attendance_notes(&event.schedule);
    if let Some(last) = tables.last_mut()
        && !attendance.is_empty()
    {
        let said = attendance.join("; ");
        last.note = Some(match last.note.take() {
            Some(note) => format!("{note} {said}."),
            None => format!("{said}."),
        });
    }
    // Standings while results are still missing are provisional, and say so first.
    if let Some(missing) = provisional(event, results)
        && let Some(first) = tables.first_mut()
    {
        first.note = Some(match first.note.take() {
            Some(note) => format!("{missing} {note}"),
            None => missing,
        });
    }
    tables
}

/// A "Players" column after each table's "Team" column when the roster gives the teams'
/// players (a teams-of-four roster of players with a team column): each team's players'
/// names, in roster order. A team whose players are not known gets an empty cell.
fn with_players(event: &Event, tables: &mut [StandingsTable]) {
    if !event.roster.players.iter().any(|p| !p.squad.is_empty()) {
        return;
    }
    let squad_of = |team: &str| {
        squad::squad_of(&event.roster, team)
            .map(squad::squad_names)
            .unwrap_or_default()
    };
    for table in tables {
        let Some(at) = table.columns.iter().position(|c| c == "Team") else {
            continue;
        };
        table.columns.insert(at + 1, "Players".to_owned());
        for row in &mut table.rows {
            let squad = row.get(at).map(|team| squad_of(team)).unwrap_or_default();
            row.insert((at + 1).min(row.len()), squad);
        }
    }
}

/// "Provisional: 12 of 40 results entered." while any result of the evening is missing;
/// `None` once every table of every round has its results (or before any is entered).
pub fn provisional(event: &Event, results: &Results) -> Option<String> {
    let (done, needed) = event
        .schedule
        .rounds
        .iter()
        .map(|r| event.round_progress(results, r.number))
        .fold((0, 0), |(d, n), (done, needed)| (d + done, n + needed));
    (done > 0 && done < needed).then(|| format!("Provisional: {done} of {needed} results entered."))
}

/// The ranked tables of the event's scoring rule.
fn scored_tables(event: &Event, results: &Results) -> Vec<StandingsTable> {
    let schedule = &event.schedule;
    match &event.settings.scoring {
        Scoring::WhistDrive { .. } => super::whist_drive::standings_tables(event, results),
        Scoring::Bridge {
            teams_of_four: Some(scoring),
            ..
        } => super::teams_night::night_tables(event, results, *scoring),
        Scoring::Bridge {
            swiss: Some(swiss), ..
        } => vec![super::teams::standings_table(
            event,
            results,
            swiss.scoring,
            swiss.bye,
        )],
        Scoring::Bridge { imps, .. } if schedule.movement.is_some() => {
            super::club_pairs::standings(event, results, *imps)
        }
        Scoring::Bridge { imps, .. } => vec![bridge(event, results, *imps)],
        Scoring::Chess {
            bye_points,
            match_points,
        } => chess(schedule, results, *bye_points, *match_points),
        Scoring::Match { points } => vec![matches(schedule, results, *points)],
        Scoring::Teams {
            knockout: Some(knockout),
            boards_per_round,
            ..
        } => vec![super::knockout::knockout_table(
            event,
            results,
            knockout,
            *boards_per_round,
        )],
        Scoring::Teams { scoring, bye, .. } => {
            vec![super::teams::standings_table(event, results, *scoring, *bye)]
        }
    }
}

/// Rows ranked by `key`, highest first (equal keys share a place, written "4=", and keep
/// entry order), each the place followed by `cells(entrant)`.
pub(super) fn ranked_rows(
    n: usize,
    key: impl Fn(usize) -> i64,
    cells: impl Fn(usize) -> Vec<String>,
) -> Vec<Vec<String>> {
    let key: Vec<i64> = (0..n).map(key).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(key[p]), p));
    let ordered: Vec<i64> = order.iter().map(|&p| key[p]).collect();
    order
        .iter()
        .zip(places(&ordered))
        .map(|(&p, place)| {
            let mut row = vec![place];
            row.extend(cells(p));
            row
        })
        .collect()
}

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|&s| s.to_owned()).collect()
}

/// The name in first place of the first table, if any result is in.
pub fn leader(tables: &[StandingsTable]) -> Option<&str> {
    let table = tables.first()?;
    let name_column = table.columns.iter().position(|c| c != "Rank" && c != "No.")?;
    table.rows.first()?.get(name_column).map(String::as_str)
}

fn bridge(event: &Event, results: &Results, imp_method: Option<ImpMethod>) -> StandingsTable {
    let schedule = &event.schedule;
    let n = schedule.entrants.len();
    let mut points = vec![0u32; n];
    let mut tops = vec![0u32; n];
    let mut boards = vec![0u32; n];
    let mut imps = vec![0f64; n];
    for round in &schedule.rounds {
        for deal in event.deals_of_round(round.number) {
            let mut scored = Vec::new();
            for table in &round.tables {
                let key = ResultKey {
                    round: round.number,
                    table: table.number,
                    deal,
                };
                if let Some(ResultValue::Bridge { board }) = results.get(&key) {
                    // Artificial and not-played boards are refused for these events.
                    if let Some(score) = board.north_south_score(deal) {
                        scored.push((table, score));
                    }
                }
            }
            let scores: Vec<i32> = scored.iter().map(|s| s.1).collect();
            let mp = matchpoints(&scores);
            let top = 2 * (scores.len() as u32).saturating_sub(1);
            let board_imps = match imp_method {
                Some(ImpMethod::Cross) => cross_imps(&scores),
                Some(ImpMethod::Butler) => butler_imps(&scores),
                None => vec![0.0; scores.len()],
            };
            for (i, (table, _)) in scored.iter().enumerate() {
                let (north_south, east_west) = sides(table);
                for p in north_south {
                    points[p] += mp[i];
                    tops[p] += top;
                    boards[p] += 1;
                    imps[p] += board_imps[i];
                }
                for p in east_west {
                    points[p] += top - mp[i];
                    tops[p] += top;
                    boards[p] += 1;
                    imps[p] -= board_imps[i];
                }
            }
        }
    }
    let percent = |p: usize| {
        if tops[p] == 0 {
            0.0
        } else {
            100.0 * points[p] as f64 / tops[p] as f64
        }
    };
    let by_imps = imp_method.is_some();
    let key = |p: usize| {
        if by_imps {
            (imps[p] * 100.0).round() as i64
        } else {
            (percent(p) * 100.0).round() as i64
        }
    };
    let who = if schedule.format == Format::Whist {
        "Player"
    } else {
        "Pair"
    };
    let mut columns = vec!["Rank", who, "Boards", "MP", "Top", "%"];
    if by_imps {
        columns.push("IMPs");
    }
    StandingsTable {
        heading: None,
        columns: strings(&columns),
        rows: ranked_rows(n, key, |p| {
            let mut row = vec![
                schedule.entrants[p].clone(),
                boards[p].to_string(),
                format_points(points[p] as f64 / 2.0),
                format_points(tops[p] as f64 / 2.0),
                format!("{:.2}", percent(p)),
            ];
            if by_imps {
                row.push(format!("{:.2}", imps[p]));
            }
            row
        }),
        note: Some(match imp_method {
            None => "Matchpoints: 1 for each score beaten, ½ for each tie, on every board.".to_owned(),
            Some(ImpMethod::Cross) => {
                "Ranked by cross-IMPs (each score against every other, averaged).".to_owned()
            }
            Some(ImpMethod::Butler) => {
                "Ranked by Butler IMPs (against the datum, top and bottom left out).".to_owned()
            }
        }),
    }
}

fn game_result(results: &Results, round: u32, table: u32) -> Option<GameResult> {
    match results.get(&ResultKey {
        round,
        table,
        deal: 0,
    }) {
        Some(ResultValue::Game { result }) => Some(*result),
        _ => None,
    }
}

fn chess(
    schedule: &Schedule,
    results: &Results,
    bye_points: f64,
    match_points: PointsRule,
) -> Vec<StandingsTable> {
    let n = schedule.entrants.len();
    let mut outcomes: Vec<Vec<RoundOutcome>> = vec![Vec::new(); n];
    let mut games: Vec<(u32, usize, usize, GameResult)> = Vec::new();
    for round in &schedule.rounds {
        let mut round_started = false;
        for table in &round.tables {
            let Some(result) = game_result(results, round.number, table.number) else {
                continue;
            };
            let (white, black) = sides(table);
            let (Some(&white), Some(&black)) = (white.first(), black.first()) else {
                continue;
            };
            round_started = true;
            games.push((round.number, white, black, result));
            let (white_points, black_points) = result.points();
            if result.played() {
                outcomes[white].push(RoundOutcome::Played {
                    opponent: black,
                    points: white_points,
                });
                outcomes[black].push(RoundOutcome::Played {
                    opponent: white,
                    points: black_points,
                });
            } else {
                for (me, them, points) in [(white, black, white_points), (black, white, black_points)] {
                    outcomes[me].push(RoundOutcome::Unplayed {
                        points,
                        voluntary: points == 0.0,
                        opponent: Some(them),
                    });
                }
            }
        }
        if round_started {
            for absent in &round.absent {
                // A bye scores its points; a round before a late arrival or after a
                // withdrawal is simply not played (no points, and not a loss).
                let bye = matches!(absent.kind, Absence::Bye | Absence::SitOut);
                outcomes[absent.entrant].push(RoundOutcome::Unplayed {
                    points: if bye { bye_points } else { 0.0 },
                    voluntary: !bye,
                    opponent: None,
                });
            }
        }
    }
    let lines = chess_standings(&outcomes);
    let with_teams = !schedule.entrant_teams.is_empty();
    let mut columns = vec!["Rank", "Player"];
    if with_teams {
        columns.push("Team");
    }
    columns.extend(["Pts", "Games", "W", "D", "L", "DE", "SB", "BH", "BH-C1"]);
    let shared = places(&lines.iter().map(|l| l.rank).collect::<Vec<_>>());
    let players = StandingsTable {
        heading: with_teams.then(|| "Players".to_owned()),
        columns: strings(&columns),
        rows: lines
            .iter()
            .zip(shared)
            .map(|(l, place)| {
                let p = l.participant;
                let mut row = vec![place, schedule.entrants[p].clone()];
                if with_teams {
                    row.push(schedule.entrant_teams.get(p).cloned().unwrap_or_default());
                }
                row.extend([
                    format_points(l.points),
                    l.played.to_string(),
                    l.wins.to_string(),
                    l.draws.to_string(),
                    l.losses.to_string(),
                    l.direct_encounter.map(format_points).unwrap_or_default(),
                    format_points(l.sonneborn_berger),
                    format_points(l.buchholz),
                    format_points(l.buchholz_cut1),
                ]);
                row
            })
            .collect(),
        note: Some(
            "Ties: direct encounter (DE), Sonneborn-Berger (SB), Buchholz (BH), Buchholz cut-1; unplayed rounds as FIDE's tie-break regulations prescribe."
                .to_owned(),
        ),
    };
    if !with_teams {
        return vec![players];
    }
    vec![teams(schedule, &games, match_points), players]
}

/// Team standings from the games: a league table of matches (team round robins, Scheveningen)
/// or, in a jamboree where a team meets several teams each round, board points.
fn teams(schedule: &Schedule, games: &[(u32, usize, usize, GameResult)], rule: PointsRule) -> StandingsTable {
    let mut names: Vec<String> = Vec::new();
    for team in &schedule.entrant_teams {
        if !names.contains(team) {
            names.push(team.clone());
        }
    }
    let team_of = |p: usize| {
        names
            .iter()
            .position(|t| Some(t) == schedule.entrant_teams.get(p))
            .unwrap_or(0)
    };
    let whole_matches = matches!(
        schedule.promise.team_event,
        Some(TeamEvent::RoundRobin | TeamEvent::Scheveningen)
    );
    if whole_matches {
        return team_matches(schedule, games, rule, &names, &team_of);
    }
    let mut points = vec![0f64; names.len()];
    let mut record = vec![(0u32, 0u32, 0u32, 0u32); names.len()];
    for &(_, white, black, result) in games {
        let (wp, bp) = result.points();
        for (p, mine) in [(white, wp), (black, bp)] {
            let t = team_of(p);
            points[t] += mine;
            record[t].0 += 1;
            match mine.partial_cmp(&0.5) {
                Some(std::cmp::Ordering::Greater) => record[t].1 += 1,
                Some(std::cmp::Ordering::Equal) => record[t].2 += 1,
                _ => record[t].3 += 1,
            }
        }
    }
    StandingsTable {
        heading: Some("Teams".to_owned()),
        columns: strings(&["Rank", "Team", "Games", "W", "D", "L", "Pts"]),
        rows: ranked_rows(
            names.len(),
            |t| (points[t] * 2.0).round() as i64,
            |t| {
                let (games, w, d, l) = record[t];
                vec![
                    names[t].clone(),
                    games.to_string(),
                    w.to_string(),
                    d.to_string(),
                    l.to_string(),
                    format_points(points[t]),
                ]
            },
        ),
        note: Some("Team points are the sum of the team's game points.".to_owned()),
    }
}

/// A league table of team matches (team round robins, Scheveningen): a match counts once
/// every game between the two teams in that round has a result.
fn team_matches(
    schedule: &Schedule,
    games: &[(u32, usize, usize, GameResult)],
    rule: PointsRule,
    names: &[String],
    team_of: &dyn Fn(usize) -> usize,
) -> StandingsTable {
    // A match counts once every game between the two teams in that round has a result.
    let mut expected: BTreeMap<(u32, usize, usize), usize> = BTreeMap::new();
    for round in &schedule.rounds {
        for table in &round.tables {
            let (white, black) = sides(table);
            if let (Some(&w), Some(&b)) = (white.first(), black.first()) {
                let (x, y) = (team_of(w), team_of(b));
                *expected.entry((round.number, x.min(y), x.max(y))).or_default() += 1;
            }
        }
    }
    let mut scored: BTreeMap<(u32, usize, usize), (usize, f64, f64)> = BTreeMap::new();
    for &(round, white, black, result) in games {
        let (x, y) = (team_of(white), team_of(black));
        let (wp, bp) = result.points();
        let entry = scored.entry((round, x.min(y), x.max(y))).or_insert((0, 0.0, 0.0));
        entry.0 += 1;
        if x < y {
            entry.1 += wp;
            entry.2 += bp;
        } else {
            entry.1 += bp;
            entry.2 += wp;
        }
    }
    let finished: Vec<MatchScore> = scored
        .iter()
        .filter(|(key, value)| expected.get(key) == Some(&value.0))
        .map(|(&(_, home, away), &(_, home_for, away_for))| MatchScore {
            home,
            away,
            home_for,
            away_for,
        })
        .collect();
    let table = league_table(names.len(), &finished, rule);
    StandingsTable {
        heading: Some("Teams".to_owned()),
        columns: ["Rank", "Team", "P", "W", "D", "L", "GF", "GA", "Pts"]
            .into_iter()
            .map(String::from)
            .collect(),
        rows: league_rows(&table, |side| names[side].clone()),
        note: Some(format!(
            "Match points {}/{}/{} for a match won/drawn/lost; GF and GA are board points. A match counts when all its boards have results.",
            format_points(rule.win),
            format_points(rule.draw),
            format_points(rule.loss)
        )),
    }
}

/// A league table's lines as text: place ("4=" when shared), the side's name, played, won,
/// drawn, lost, for, against, points.
fn league_rows(table: &[LeagueLine], name: impl Fn(usize) -> String) -> Vec<Vec<String>> {
    let shared = places(&table.iter().map(|l| l.rank).collect::<Vec<_>>());
    table
        .iter()
        .zip(shared)
        .map(|(l, place)| {
            vec![
                place,
                name(l.side),
                l.played.to_string(),
                l.won.to_string(),
                l.drawn.to_string(),
                l.lost.to_string(),
                format_points(l.goals_for),
                format_points(l.goals_against),
                format_points(l.points),
            ]
        })
        .collect()
}

fn matches(schedule: &Schedule, results: &Results, rule: PointsRule) -> StandingsTable {
    let mut finished = Vec::new();
    for round in &schedule.rounds {
        for table in &round.tables {
            let key = ResultKey {
                round: round.number,
                table: table.number,
                deal: 0,
            };
            let Some(ResultValue::Score { home, away }) = results.get(&key) else {
                continue;
            };
            let (first, second) = sides(table);
            if let (Some(&h), Some(&a)) = (first.first(), second.first()) {
                finished.push(MatchScore {
                    home: h,
                    away: a,
                    home_for: *home,
                    away_for: *away,
                });
            }
        }
    }
    let table = league_table(schedule.entrants.len(), &finished, rule);
    StandingsTable {
        heading: None,
        columns: strings(&["Rank", "Name", "P", "W", "D", "L", "For", "Against", "Pts"]),
        rows: league_rows(&table, |side| schedule.entrants[side].clone()),
        note: Some(format!(
            "{}/{}/{} points for a win/draw/loss; ties by difference, then scored.",
            format_points(rule.win),
            format_points(rule.draw),
            format_points(rule.loss)
        )),
    }
}

/// The standings as CSV (several tables get a first column naming the table), optionally with
/// a byte-order mark for Excel.
pub fn standings_csv(tables: &[StandingsTable], excel: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    if excel {
        bytes.extend_from_slice(crate::csv_safety::UTF8_BOM);
    }
    for (i, table) in tables.iter().enumerate() {
        if i > 0 {
            bytes.push(b'\n');
        }
        let mut writer = csv::Writer::from_writer(&mut bytes);
        let mut header = table.columns.clone();
        if tables.len() > 1 {
            header.insert(0, "Table".into());
        }
        write_row(&mut writer, &header);
        for row in &table.rows {
            let mut record: Vec<String> = row.clone();
            if tables.len() > 1 {
                record.insert(0, table.heading.clone().unwrap_or_default());
            }
            write_row(&mut writer, &record);
        }
        drop(writer);
    }
    bytes
}

/// Writing into memory cannot fail.
fn write_row(writer: &mut csv::Writer<&mut Vec<u8>>, cells: &[String]) {
    let _ = writer.write_record(cells.iter().map(|c| safe_cell(c)));
    let _ = writer.flush();
}

/// Names are guarded against spreadsheet formulas; numbers Tourney computed (even negative
/// ones) stay numbers.
fn safe_cell(cell: &str) -> String {
    if cell.parse::<f64>().is_ok() {
        cell.to_owned()
    } else {
        crate::csv_safety::neutralise(cell).into_owned()
    }
}
