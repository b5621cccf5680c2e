//! Writing and reading schedules: the long CSV format (`round,table,seat,player`, one row per
//! seat, absences with an empty table), the wide "round sheet" CSV (one row per table) and the
//! JSON form of `Schedule`. Every name written to a CSV goes through `csv_safety`, so a
//! spreadsheet never runs a cell as a formula.
//!
//! Reading accepts hand-made files, so every problem names the file, line and field.

use crate::csv_safety::{neutralise, restore};
use crate::model::{Absence, Absent, Format, Promise, Round, Schedule, Seat, SeatAssignment, Table};
use crate::problems::Problems;
use crate::text::decode;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;

/// The header line of the long CSV format.
pub const LONG_CSV_HEADER: [&str; 4] = ["round", "table", "seat", "player"];

/// The long format: one row per seat in round and table order, then that round's absences.
pub fn write_long_csv(schedule: &Schedule, out: impl Write) -> std::io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(LONG_CSV_HEADER)?;
    for round in &schedule.rounds {
        let number = round.number.to_string();
        for table in &round.tables {
            let table_number = table.number.to_string();
            for seat in &table.seats {
                let name = neutralise(&schedule.entrants[seat.entrant]);
                writer.write_record([number.as_str(), &table_number, seat.seat.label(), &name])?;
            }
        }
        for absent in &round.absent {
            let name = neutralise(&schedule.entrants[absent.entrant]);
            writer.write_record([number.as_str(), "", absent.kind.label(), &name])?;
        }
    }
    writer.flush()
}

/// The seats of a format in the order a round sheet prints them, with their column names.
pub fn seat_columns(format: Format) -> &'static [(Seat, &'static str)] {
    match format {
        Format::Whist => &[
            (Seat::N, "north"),
            (Seat::E, "east"),
            (Seat::S, "south"),
            (Seat::W, "west"),
        ],
        Format::RoundRobin => &[(Seat::Home, "home"), (Seat::Away, "away")],
        Format::TeamChess => &[(Seat::White, "white"), (Seat::Black, "black")],
        Format::Pairs => &[(Seat::N, "ns"), (Seat::E, "ew")],
    }
}

/// The wide "round sheet" CSV: one row per round and table with a column per seat
/// (`round,table,north,east,south,west` for whist, `home,away` for round robins,
/// `white,white_team,white_board,black,black_team,black_board` for team chess) and a final
/// column naming who sits out (whist) or has the bye. That column is filled on the round's
/// first row only, so adding it up in a spreadsheet counts every absence once.
pub fn write_round_sheet_csv(schedule: &Schedule, out: impl Write) -> std::io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    let columns = seat_columns(schedule.format);
    let chess = schedule.format == Format::TeamChess;
    let mut header = vec!["round", "table"];
    for (_, name) in columns {
        header.push(name);
        if chess {
            header.extend(if *name == "white" {
                ["white_team", "white_board"]
            } else {
                ["black_team", "black_board"]
            });
        }
    }
    header.push(match schedule.format {
        Format::Whist => "sits_out",
        _ => "bye",
    });
    writer.write_record(&header)?;
    let name = |entrant: usize| {
        schedule
            .entrants
            .get(entrant)
            .map_or(String::new(), |n| neutralise(n).into_owned())
    };
    for round in &schedule.rounds {
        let absent = round
            .absent
            .iter()
            .map(|a| name(a.entrant))
            .collect::<Vec<_>>()
            .join("; ");
        let mut first = true;
        for table in &round.tables {
            let mut row = vec![round.number.to_string(), table.number.to_string()];
            for (seat, _) in columns {
                let assignment = table.seats.iter().find(|s| s.seat == *seat);
                row.push(assignment.map_or(String::new(), |a| name(a.entrant)));
                if chess {
                    let team = assignment
                        .and_then(|a| schedule.entrant_teams.get(a.entrant))
                        .map_or(String::new(), |t| neutralise(t).into_owned());
                    row.push(team);
                    row.push(
                        assignment
                            .and_then(|a| a.board)
                            .map_or(String::new(), |b| b.to_string()),
                    );
                }
            }
            row.push(if first { absent.clone() } else { String::new() });
            first = false;
            writer.write_record(&row)?;
        }
        if round.tables.is_empty() && !absent.is_empty() {
            let mut row = vec![round.number.to_string(); 1];
            row.resize(header.len() - 1, String::new());
            row.push(absent);
            writer.write_record(&row)?;
        }
    }
    writer.flush()
}

/// Team chess games, one row per game: `round,white_team,white_board,black_team,black_board`
/// (team numbers in the schedule's team order, all 1-based), then `white,black` names when
/// `with_names`. Rows are in round order, then table order.
pub fn write_team_chess_csv(schedule: &Schedule, with_names: bool, out: impl Write) -> std::io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    let mut header = vec!["round", "white_team", "white_board", "black_team", "black_board"];
    if with_names {
        header.extend(["white", "black"]);
    }
    writer.write_record(&header)?;
    let mut team_numbers: Vec<&str> = Vec::new();
    for team in &schedule.entrant_teams {
        if !team_numbers.contains(&team.as_str()) {
            team_numbers.push(team);
        }
    }
    let team_of = |entrant: usize| {
        schedule
            .entrant_teams
            .get(entrant)
            .and_then(|t| team_numbers.iter().position(|x| x == t))
            .map_or(String::new(), |i| (i + 1).to_string())
    };
    for round in &schedule.rounds {
        for table in &round.tables {
            let seat = |kind: Seat| table.seats.iter().find(|s| s.seat == kind);
            let (Some(white), Some(black)) = (seat(Seat::White), seat(Seat::Black)) else {
                continue;
            };
            let board = |s: &crate::model::SeatAssignment| s.board.map_or(String::new(), |b| b.to_string());
            let mut row = vec![
                round.number.to_string(),
                team_of(white.entrant),
                board(white),
                team_of(black.entrant),
                board(black),
            ];
            if with_names {
                let name = |e: usize| {
                    schedule
                        .entrants
                        .get(e)
                        .map_or(String::new(), |n| neutralise(n).into_owned())
                };
                row.push(name(white.entrant));
                row.push(name(black.entrant));
            }
            writer.write_record(&row)?;
        }
    }
    writer.flush()
}

/// The schedule as pretty-printed JSON (the serde form of `Schedule`), ending with a newline.
pub fn write_json(schedule: &Schedule, mut out: impl Write) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut out, schedule)?;
    out.write_all(b"\n")
}

/// Reads a long-format CSV written by Tourney or by hand. `format` says which rules the
/// seats belong to. Entrants are numbered in order of first appearance.
pub fn read_long_csv(file_label: &str, bytes: &[u8], format: Format) -> Result<Schedule, Problems> {
    let mut problems = Problems::for_file(file_label);
    let (text, _) = decode(bytes);
    let text = crate::roster_import::normalise_line_endings(&text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    if !long_header_ok(records.next(), &mut problems) {
        return Err(problems);
    }

    let mut rows = LongRows::default();
    for record in records {
        match record {
            Ok(record) => rows.add(&record, &mut problems),
            Err(err) => problems.error(
                err.position().map(|p| p.line()),
                None,
                format!("unreadable CSV: {err}"),
            ),
        }
    }
    if rows.rounds.is_empty() && !problems.has_errors() {
        problems.error(
            None,
            None,
            "the file has the header but no rows: there is no schedule in it to check",
        );
    }
    if problems.has_errors() {
        return Err(problems);
    }
    let mut schedule = rows.into_schedule(format);
    schedule.promise = infer_promise(&schedule);
    Ok(schedule)
}

/// Whether the first record is the long format's header; if not, says so in `problems`.
fn long_header_ok(first: Option<csv::Result<csv::StringRecord>>, problems: &mut Problems) -> bool {
    match first {
        Some(Ok(header)) => {
            let found: Vec<String> = header
                .iter()
                .map(|h| h.trim_start_matches('\u{feff}').to_lowercase())
                .collect();
            if found != LONG_CSV_HEADER {
                problems.error(
                    Some(1),
                    None,
                    format!(
                        "the header must be exactly \"{}\", found \"{}\"",
                        LONG_CSV_HEADER.join(","),
                        found.join(",")
                    ),
                );
                return false;
            }
            true
        }
        _ => {
            problems.error(
                None,
                None,
                "the file is empty; expected the header round,table,seat,player",
            );
            false
        }
    }
}

/// The absence a long-format seat names (bye, sit-out, left, late), if any.
fn absence_named(seat_text: &str) -> Option<Absence> {
    match seat_text.to_lowercase().as_str() {
        "bye" => Some(Absence::Bye),
        "sit-out" | "sitout" | "sit out" => Some(Absence::SitOut),
        "left" => Some(Absence::Left),
        "late" => Some(Absence::Late),
        _ => None,
    }
}

/// The long format's rows read so far: entrants in order of first appearance, and each
/// round's tables and absences.
#[derive(Default)]
struct LongRows {
    entrants: Vec<String>,
    index_of: HashMap<String, usize>,
    rounds: BTreeMap<u32, RoundRows>,
}

/// One round's rows: seats by table number, and absences.
type RoundRows = (BTreeMap<u32, Vec<SeatAssignment>>, Vec<Absent>);

impl LongRows {
    /// Reads one row, a seat or an absence; a problem goes to `problems` and the row is skipped.
    fn add(&mut self, record: &csv::StringRecord, problems: &mut Problems) {
        let line = record.position().map(|p| p.line());
        if record.iter().all(str::is_empty) {
            return;
        }
        let field = |i: usize| record.get(i).unwrap_or("");
        let round = match field(0).parse::<u32>() {
            Ok(r) if r > 0 => r,
            _ => {
                problems.error(
                    line,
                    Some("round"),
                    format!("\"{}\" is not a round number (1, 2, …)", field(0)),
                );
                return;
            }
        };
        let player = restore(field(3));
        if player.is_empty() {
            problems.error(line, Some("player"), "the player is empty");
            return;
        }
        if let Some(c) = player.chars().find(|&c| crate::text::is_unfit_char(c)) {
            problems.error(line, Some("player"), control_in_name(player, c));
            return;
        }
        let entrants = &mut self.entrants;
        let entrant = *self.index_of.entry(player.to_owned()).or_insert_with(|| {
            entrants.push(player.to_owned());
            entrants.len() - 1
        });
        let (tables, absent) = self.rounds.entry(round).or_default();
        let seat_text = field(2);
        if let Some(kind) = absence_named(seat_text) {
            if !field(1).is_empty() {
                problems.error(
                    line,
                    Some("table"),
                    format!(
                        "a {} row has no table, but \"{}\" is given",
                        kind.label(),
                        field(1)
                    ),
                );
                return;
            }
            absent.push(Absent { entrant, kind });
            return;
        }
        let table = match field(1).parse::<u32>() {
            Ok(t) if t > 0 => t,
            _ => {
                problems.error(
                    line,
                    Some("table"),
                    format!("\"{}\" is not a table number (1, 2, …)", field(1)),
                );
                return;
            }
        };
        let Some(seat) = Seat::parse(seat_text) else {
            problems.error(
                line,
                Some("seat"),
                format!(
                    "\"{seat_text}\" is not a seat; use N, E, S, W, home, away, white, black, bye or sit-out"
                ),
            );
            return;
        };
        tables.entry(table).or_default().push(SeatAssignment {
            seat,
            entrant,
            board: None,
        });
    }

    /// The schedule of the rows read, in `format`, with no promise yet.
    fn into_schedule(self, format: Format) -> Schedule {
        let rounds: Vec<Round> = self
            .rounds
            .into_iter()
            .map(|(number, (tables, absent))| Round {
                number,
                tables: tables
                    .into_iter()
                    .map(|(number, seats)| Table { number, seats })
                    .collect(),
                absent,
            })
            .collect();
        Schedule {
            format,
            movement: None,
            entrant_teams: Vec::new(),
            entrants: self.entrants,
            rounds,
            promise: Promise::default(),
        }
    }
}

/// What a hand-made schedule most plausibly promises. For a round robin: a single cycle
/// unless it has more rounds than one cycle needs.
pub fn infer_promise(schedule: &Schedule) -> Promise {
    match schedule.format {
        Format::RoundRobin => {
            let n = schedule.entrants.len();
            let rounds_per_cycle = (n + n % 2).saturating_sub(1).max(1);
            let cycles = if schedule.rounds.len() > rounds_per_cycle {
                2
            } else {
                1
            };
            Promise {
                cycles: Some(cycles),
                ..Promise::default()
            }
        }
        Format::Whist => {
            // A complete cycle for 4N (4N−1 rounds) or 4N+1 players (4N+1 rounds) is held to
            // partner-once/oppose-twice; anything else only to the fairness rules.
            let n = schedule.entrants.len();
            let cycle = match n % 4 {
                0 => Some(n.saturating_sub(1)),
                1 => Some(n),
                _ => None,
            };
            let complete = cycle == Some(schedule.rounds.len());
            Promise {
                cycles: complete.then_some(1),
                ..Promise::default()
            }
        }
        Format::TeamChess | Format::Pairs => Promise::default(),
    }
}

/// Reads a schedule written by `write_json`; `file_label` names the file in every problem.
/// Refused when the JSON does not read or a name holds a control character.
pub fn read_json(file_label: &str, bytes: &[u8]) -> Result<Schedule, Problems> {
    let (text, _) = decode(bytes);
    let mut problems = Problems::for_file(file_label);
    let schedule: Schedule = match serde_json::from_str(&text) {
        Ok(schedule) => schedule,
        Err(err) => {
            problems.error(
                Some(err.line() as u64),
                None,
                format!("not a Tourney schedule: {err}"),
            );
            return Err(problems);
        }
    };
    for (i, name) in schedule.entrants.iter().enumerate() {
        if let Some(c) = name.chars().find(|&c| crate::text::is_unfit_char(c)) {
            problems.error(
                None,
                None,
                format!("entrant {}: {}", i + 1, control_in_name(name, c)),
            );
        }
    }
    if problems.has_errors() {
        return Err(problems);
    }
    Ok(schedule)
}

/// A name that would send a control code to the terminal or printer when shown.
fn control_in_name(name: &str, c: char) -> String {
    format!(
        "{name:?} contains the control character {}, which a terminal or printer would act on instead of showing",
        crate::text::describe_control(c)
    )
}
