//! Composes the sheets of a schedule: the wording of every line, which columns each format
//! prints, and whether a sheet needs landscape paper. Nothing here knows about typst.

use super::{
    Block, Card, Column, ColumnKind, EventHeading, Grid, Orientation, Scored, Section, SectionBody,
    SheetDocument, SheetError, SheetKind, SheetOptions, Slip, StandingsTable,
};
use super::{club_pairs, hand_records, scorecards, teams};
use crate::model::{Absence, Format, Round, Schedule, Seat, SeatAssignment, Table, TeamEvent};
use crate::movement::Movement;
use crate::schedule_io::seat_columns;

/// The document for the chosen sheet kinds, in the order asked (each kind once).
pub fn sheet_document(
    schedule: &Schedule,
    standings: &[StandingsTable],
    options: &SheetOptions,
) -> Result<SheetDocument, SheetError> {
    let scored = Scored {
        standings,
        travellers: &[],
        hand_records: &[],
        scorecards: &[],
        teams: None,
        whist: &[],
    };
    document(schedule, &scored, options)
}

/// The document for the chosen sheet kinds with everything scored so far.
pub fn document(
    schedule: &Schedule,
    scored: &Scored,
    options: &SheetOptions,
) -> Result<SheetDocument, SheetError> {
    let standings = scored.standings;
    let heading = EventHeading::of(options)?;
    let mut kinds: Vec<SheetKind> = Vec::new();
    for kind in &options.kinds {
        if !kinds.contains(kind) {
            kinds.push(*kind);
        }
    }
    if kinds.is_empty() {
        return Err(SheetError::Options("no sheet kind was chosen".into()));
    }
    let mut sections = Vec::new();
    for kind in kinds {
        let (title, body) = match kind {
            SheetKind::Round => match &scored.teams {
                Some(teams) if teams.night().is_none() && !teams.swiss_pairs() => teams::round_sheet(teams),
                _ => round_sheet(schedule, options),
            },
            SheetKind::MatchCards => match &scored.teams {
                Some(teams) if teams.swiss_pairs() => super::swiss_pairs::match_cards(teams, options),
                Some(teams) => teams::match_cards(teams, options),
                None => {
                    return Err(SheetError::Options(
                        "match score cards are for teams-of-four and Swiss pairs events".into(),
                    ));
                }
            },
            SheetKind::Table => match &schedule.movement {
                Some(movement) => club_pairs::guide_cards(schedule, movement),
                None => table_cards(schedule, options.bridge_boards_per_round.is_some()),
            },
            SheetKind::Personal => personal_cards(schedule, options.bridge_boards_per_round.is_some()),
            SheetKind::Standings => {
                if standings.is_empty() {
                    return Err(SheetError::Options(
                        "there are no results yet, so there are no standings to print".into(),
                    ));
                }
                ("Standings".to_owned(), standings_sheet(standings))
            }
            SheetKind::Travellers => club_pairs::travellers(
                movement_of(schedule, "Travellers")?,
                scored.travellers,
                scored.hand_records,
            ),
            // A whist drive's (individual bridge, scored by boards, has no such card).
            SheetKind::ScoreCards
                if schedule.format == Format::Whist && options.bridge_boards_per_round.is_none() =>
            {
                let blank;
                let rounds = if scored.whist.is_empty() {
                    blank = crate::event::whist_drive::player_rounds(schedule, &Default::default());
                    &blank
                } else {
                    scored.whist
                };
                super::whist_cards::score_cards(schedule, rounds, options)
            }
            SheetKind::ScoreCards => scorecards::score_cards(
                schedule,
                movement_of(schedule, "Score cards")?,
                scored.scorecards,
                options,
            ),
            SheetKind::HandRecords => {
                if scored.hand_records.is_empty() {
                    return Err(SheetError::Options(
                        "no hand records are attached to the boards: attach a PBN file (tourney event deals FILE --pbn DEALS.pbn) or deal the boards first".into(),
                    ));
                }
                hand_records::hand_records(scored.hand_records)
            }
            SheetKind::MovementSummary => match (&schedule.movement, options.bridge_boards_per_round) {
                (Some(movement), _) => club_pairs::movement_summary(movement),
                (None, Some(boards)) => club_pairs::relayed_summary(schedule, boards),
                (None, None) => {
                    return Err(SheetError::Options(
                        "the movement summary is for bridge events (boards that move, or copies of the boards at every table)".into(),
                    ));
                }
            },
        };
        let landscape = match options.orientation {
            Orientation::Portrait => false,
            Orientation::Landscape => true,
            // Score cards stand two across a portrait page unless landscape is asked for, and
            // hand records two by two.
            Orientation::Auto
                if matches!(
                    kind,
                    SheetKind::ScoreCards | SheetKind::HandRecords | SheetKind::MatchCards
                ) =>
            {
                false
            }
            Orientation::Auto if wraps(schedule, kind) => {
                widest_fixed(&body) > options.paper.portrait_text_width()
            }
            Orientation::Auto => widest_grid(&body) > options.paper.portrait_text_width(),
        };
        sections.push(Section {
            title,
            landscape,
            body,
        });
    }
    Ok(SheetDocument {
        event: heading,
        sections,
    })
}

/// The movement of a club pairs event, or a sentence saying the sheet needs one.
fn movement_of<'a>(schedule: &'a Schedule, sheet: &str) -> Result<&'a Movement, SheetError> {
    schedule.movement.as_ref().ok_or_else(|| {
        SheetError::Options(format!(
            "{sheet} are printed for club pairs events where the boards move (a Mitchell or Howell movement)"
        ))
    })
}

/// The club pairs sheets wrap their names and sentences rather than turn the page.
fn wraps(schedule: &Schedule, kind: SheetKind) -> bool {
    match kind {
        SheetKind::Travellers
        | SheetKind::ScoreCards
        | SheetKind::MovementSummary
        | SheetKind::HandRecords
        | SheetKind::MatchCards => true,
        SheetKind::Table => schedule.movement.is_some(),
        _ => false,
    }
}

/// The width of the widest table in a section counting name columns as wrapped.
fn widest_fixed(body: &SectionBody) -> f64 {
    match body {
        SectionBody::Blocks { blocks } => blocks.iter().map(|b| b.grid.fixed_width()).fold(0.0, f64::max),
        SectionBody::Cards { cards } => cards
            .iter()
            .map(|c| c.grid.fixed_width() + 16.0)
            .fold(0.0, f64::max),
        SectionBody::Slips { .. }
        | SectionBody::Scorecards { .. }
        | SectionBody::HandRecords { .. }
        | SectionBody::TableCodes { .. } => 0.0,
    }
}

/// The natural width of the widest table in a section (cards add their frame's padding).
/// Slips are laid out in columns that fit any paper, so they never ask for landscape.
fn widest_grid(body: &SectionBody) -> f64 {
    match body {
        SectionBody::Blocks { blocks } => blocks.iter().map(|b| b.grid.natural_width()).fold(0.0, f64::max),
        SectionBody::Cards { cards } => cards
            .iter()
            .map(|c| c.grid.natural_width() + 16.0)
            .fold(0.0, f64::max),
        SectionBody::Slips { .. }
        | SectionBody::Scorecards { .. }
        | SectionBody::HandRecords { .. }
        | SectionBody::TableCodes { .. } => 0.0,
    }
}

/// A seat's name on the sheets; at bridge (`bridge`) the home pair sits N-S and the away
/// pair E-W, and the sheets say so.
fn seat_word(seat: Seat, bridge: bool) -> &'static str {
    match seat {
        Seat::Home if bridge => "N-S",
        Seat::Away if bridge => "E-W",
        Seat::N => "North",
        Seat::E => "East",
        Seat::S => "South",
        Seat::W => "West",
        Seat::Home => "Home",
        Seat::Away => "Away",
        Seat::Third | Seat::LongThird => "Third",
        Seat::White => "White",
        Seat::Black => "Black",
    }
}

fn name(schedule: &Schedule, entrant: usize) -> String {
    schedule
        .entrants
        .get(entrant)
        .cloned()
        .unwrap_or_else(|| format!("entrant {}", entrant + 1))
}

fn team(schedule: &Schedule, entrant: usize) -> String {
    schedule.entrant_teams.get(entrant).cloned().unwrap_or_default()
}

fn board(seat: Option<&SeatAssignment>) -> String {
    seat.and_then(|s| s.board)
        .map_or(String::new(), |b| b.to_string())
}

fn seat_at(table: &Table, seat: Seat) -> Option<&SeatAssignment> {
    table.seats.iter().find(|s| s.seat == seat)
}

/// "Sits out: Ann, Bob" / "Bye: Oak 1, Oak 2", one sentence per kind of absence.
fn absence_note(schedule: &Schedule, round: &Round) -> Option<String> {
    let mut parts = Vec::new();
    for (kind, label) in [
        (Absence::SitOut, "Sits out"),
        (Absence::Bye, "Bye"),
        (Absence::Left, "Has left"),
        (Absence::Late, "Not yet arrived"),
    ] {
        let names: Vec<String> = round
            .absent
            .iter()
            .filter(|a| a.kind == kind)
            .map(|a| name(schedule, a.entrant))
            .collect();
        if !names.is_empty() {
            parts.push(format!("{label}: {}", names.join(", ")));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn round_sheet(schedule: &Schedule, options: &SheetOptions) -> (String, SectionBody) {
    let chess = schedule.format == Format::TeamChess;
    let bridge = options.bridge_boards_per_round.is_some();
    let mut columns = vec![Column::new("Table", ColumnKind::Number)];
    if chess {
        columns.extend([
            Column::new("White", ColumnKind::Name),
            Column::new("Team", ColumnKind::Name),
            Column::new("Bd", ColumnKind::Number),
            Column::new("Result", ColumnKind::Result),
            Column::new("Black", ColumnKind::Name),
            Column::new("Team", ColumnKind::Name),
            Column::new("Bd", ColumnKind::Number),
        ]);
    } else {
        columns.extend(
            seat_columns(schedule.format)
                .iter()
                .map(|(seat, _)| Column::new(seat_word(*seat, bridge), ColumnKind::Name)),
        );
    }
    let blocks = schedule
        .rounds
        .iter()
        .map(|round| {
            let rows = round
                .tables
                .iter()
                .map(|table| {
                    let mut row = vec![table.number.to_string()];
                    for (seat, _) in seat_columns(schedule.format) {
                        let assignment = seat_at(table, *seat);
                        row.push(assignment.map_or(String::new(), |a| name(schedule, a.entrant)));
                        if chess {
                            row.push(assignment.map_or(String::new(), |a| team(schedule, a.entrant)));
                            row.push(board(assignment));
                            if *seat == Seat::White {
                                row.push(String::new());
                            }
                        }
                    }
                    row
                })
                .collect();
            Block {
                heading: Some(format!("Round {}", round.number)),
                grid: Grid {
                    columns: columns.clone(),
                    rows,
                },
                note: [
                    absence_note(schedule, round),
                    options
                        .bridge_boards_per_round
                        .filter(|_| schedule.movement.is_none())
                        .map(|k| club_pairs::copies_note(round, k)),
                ]
                .into_iter()
                .flatten()
                .reduce(|a, b| format!("{a} · {b}")),
            }
        })
        .collect();
    let title = if chess { "Pairing lists" } else { "Round sheet" };
    (title.to_owned(), SectionBody::Blocks { blocks })
}

fn table_cards(schedule: &Schedule, bridge: bool) -> (String, SectionBody) {
    match schedule.format {
        Format::TeamChess if schedule.promise.team_event == Some(TeamEvent::Jamboree) => {
            team_round_cards(schedule)
        }
        Format::TeamChess => match_cards(schedule),
        Format::Whist | Format::RoundRobin | Format::Pairs => guide_cards(schedule, bridge),
    }
}

/// One card per table, kept by the table: who sits where in every round.
fn guide_cards(schedule: &Schedule, bridge: bool) -> (String, SectionBody) {
    let seats = seat_columns(schedule.format);
    let mut numbers: Vec<u32> = schedule
        .rounds
        .iter()
        .flat_map(|r| r.tables.iter().map(|t| t.number))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut columns = vec![Column::new("Round", ColumnKind::Number)];
    columns.extend(
        seats
            .iter()
            .map(|(seat, _)| Column::new(seat_word(*seat, bridge), ColumnKind::Name)),
    );
    // A whist table writes each round's tricks on its card: a box for each side.
    let whist = schedule.format == Format::Whist;
    if whist {
        columns.extend([
            Column::new("N-S tricks", ColumnKind::Entry),
            Column::new("E-W tricks", ColumnKind::Entry),
        ]);
    }
    let width = columns.len();
    let cards = numbers
        .into_iter()
        .map(|number| {
            let rows = schedule
                .rounds
                .iter()
                .map(|round| {
                    let mut row = vec![round.number.to_string()];
                    match round.tables.iter().find(|t| t.number == number) {
                        Some(table) => row.extend(seats.iter().map(|(seat, _)| {
                            table
                                .entrant_at(*seat)
                                .map_or(String::new(), |e| name(schedule, e))
                        })),
                        None => row.push("(table not in play)".into()),
                    }
                    row.resize(width, String::new());
                    row
                })
                .collect();
            Card {
                title: format!("Table {number}"),
                subtitle: Some(match schedule.format {
                    Format::Whist => {
                        "North–South partner East–West; write each round's tricks in the boxes; this card stays on the table"
                            .into()
                    }
                    _ => "this card stays on the table".into(),
                }),
                grid: Grid {
                    columns: columns.clone(),
                    rows,
                },
                footer: Vec::new(),
            }
        })
        .collect();
    ("Table cards".to_owned(), SectionBody::Cards { cards })
}

/// Team matches (team round robin, Scheveningen): one card per match and round, boards in
/// order, the home team's colour marked, boxes for the results and the captains' signatures.
fn match_cards(schedule: &Schedule) -> (String, SectionBody) {
    let mut cards = Vec::new();
    for round in &schedule.rounds {
        // Matches in order of their first table; the team with White on that table is home.
        let mut matches: Vec<(String, String, Vec<&Table>)> = Vec::new();
        for table in &round.tables {
            let (Some(white), Some(black)) = (seat_at(table, Seat::White), seat_at(table, Seat::Black))
            else {
                continue;
            };
            let (white_team, black_team) = (team(schedule, white.entrant), team(schedule, black.entrant));
            match matches.iter_mut().find(|(home, away, _)| {
                (home == &white_team && away == &black_team) || (home == &black_team && away == &white_team)
            }) {
                Some((_, _, tables)) => tables.push(table),
                None => matches.push((white_team, black_team, vec![table])),
            }
        }
        for (home, away, tables) in matches {
            let rows = tables
                .iter()
                .map(|table| {
                    let white = seat_at(table, Seat::White);
                    let black = seat_at(table, Seat::Black);
                    let white_is_home = white.is_some_and(|w| team(schedule, w.entrant) == home);
                    let (home_seat, away_seat) = if white_is_home {
                        (white, black)
                    } else {
                        (black, white)
                    };
                    let describe = |seat: Option<&SeatAssignment>, colour: &str| {
                        seat.map_or(String::new(), |s| {
                            format!("{} ({colour})", name(schedule, s.entrant))
                        })
                    };
                    let (home_colour, away_colour) = if white_is_home { ("W", "B") } else { ("B", "W") };
                    vec![
                        board(home_seat),
                        describe(home_seat, home_colour),
                        String::new(),
                        describe(away_seat, away_colour),
                    ]
                })
                .collect();
            cards.push(Card {
                title: format!("Round {}: {home} – {away}", round.number),
                subtitle: None,
                grid: Grid {
                    columns: vec![
                        Column::new("Bd", ColumnKind::Number),
                        Column::new(home.clone(), ColumnKind::Name),
                        Column::new("Result", ColumnKind::Result),
                        Column::new(away.clone(), ColumnKind::Name),
                    ],
                    rows,
                },
                footer: vec![
                    "Match score: ________ – ________".into(),
                    format!(
                        "Captain of {home}: ____________________   Captain of {away}: ____________________"
                    ),
                ],
            });
        }
    }
    ("Match cards".to_owned(), SectionBody::Cards { cards })
}

/// Jamboree: a team meets many teams in one round, so its card lists its own boards with
/// each opponent, for the captain to collect the results.
fn team_round_cards(schedule: &Schedule) -> (String, SectionBody) {
    let mut teams: Vec<String> = Vec::new();
    for team in &schedule.entrant_teams {
        if !teams.contains(team) {
            teams.push(team.clone());
        }
    }
    let mut cards = Vec::new();
    for team_name in &teams {
        for round in &schedule.rounds {
            let mut games: Vec<(u32, Vec<String>)> = Vec::new();
            for table in &round.tables {
                for (own, other) in [(Seat::White, Seat::Black), (Seat::Black, Seat::White)] {
                    let (Some(mine), Some(theirs)) = (seat_at(table, own), seat_at(table, other)) else {
                        continue;
                    };
                    if &team(schedule, mine.entrant) != team_name {
                        continue;
                    }
                    games.push((
                        mine.board.unwrap_or(0),
                        vec![
                            board(Some(mine)),
                            name(schedule, mine.entrant),
                            seat_word(own, false).to_owned(),
                            name(schedule, theirs.entrant),
                            team(schedule, theirs.entrant),
                            board(Some(theirs)),
                            table.number.to_string(),
                            String::new(),
                        ],
                    ));
                }
            }
            games.sort_by_key(|(b, _)| *b);
            cards.push(Card {
                title: format!("{team_name} — round {}", round.number),
                subtitle: None,
                grid: Grid {
                    columns: vec![
                        Column::new("Bd", ColumnKind::Number),
                        Column::new("Player", ColumnKind::Name),
                        Column::new("Colour", ColumnKind::Name),
                        Column::new("Opponent", ColumnKind::Name),
                        Column::new("Team", ColumnKind::Name),
                        Column::new("Bd", ColumnKind::Number),
                        Column::new("Table", ColumnKind::Number),
                        Column::new("Result", ColumnKind::Result),
                    ],
                    rows: games.into_iter().map(|(_, row)| row).collect(),
                },
                footer: vec!["Team score this round: ________   Captain: ____________________".into()],
            });
        }
    }
    ("Team cards".to_owned(), SectionBody::Cards { cards })
}

/// One line per round of one player's evening.
fn movement_line(schedule: &Schedule, round: &Round, entrant: usize, bridge: bool) -> String {
    let prefix = format!("Round {} →", round.number);
    if let Some(absent) = round.absent.iter().find(|a| a.entrant == entrant) {
        return match absent.kind {
            Absence::SitOut => format!("{prefix} sits out"),
            Absence::Bye => format!("{prefix} bye"),
            Absence::Left => format!("{prefix} has left"),
            Absence::Late => format!("{prefix} not yet arrived"),
        };
    }
    let Some((table, mine)) = round
        .tables
        .iter()
        .find_map(|t| t.seats.iter().find(|s| s.entrant == entrant).map(|s| (t, s)))
    else {
        return format!("{prefix} not playing");
    };
    let others = |seats: &[Seat]| -> Vec<String> {
        seats
            .iter()
            .filter_map(|seat| table.entrant_at(*seat))
            .map(|e| name(schedule, e))
            .collect()
    };
    match mine.seat {
        Seat::N | Seat::E | Seat::S | Seat::W => {
            let (partner, opponents) = match mine.seat {
                Seat::N => (Seat::S, [Seat::E, Seat::W]),
                Seat::S => (Seat::N, [Seat::E, Seat::W]),
                Seat::E => (Seat::W, [Seat::N, Seat::S]),
                _ => (Seat::E, [Seat::N, Seat::S]),
            };
            format!(
                "{prefix} table {}, {}, partner {}, v {}",
                table.number,
                seat_word(mine.seat, bridge),
                others(&[partner]).join(""),
                others(&opponents).join(" & ")
            )
        }
        Seat::Home | Seat::Away | Seat::Third | Seat::LongThird => {
            let rest: Vec<Seat> = [Seat::Home, Seat::Away, Seat::Third, Seat::LongThird]
                .into_iter()
                .filter(|&s| s != mine.seat)
                .collect();
            if table.seats.len() == 3 {
                format!(
                    "{prefix} match {}, three-way v {}",
                    table.number,
                    others(&rest).join(" and ")
                )
            } else {
                format!(
                    "{prefix} table {}, {} v {}",
                    table.number,
                    if bridge {
                        seat_word(mine.seat, true).to_owned()
                    } else {
                        seat_word(mine.seat, false).to_lowercase()
                    },
                    others(&rest).join("")
                )
            }
        }
        Seat::White | Seat::Black => {
            let other = if mine.seat == Seat::White {
                Seat::Black
            } else {
                Seat::White
            };
            let opponent = seat_at(table, other);
            let their_team = opponent.map_or(String::new(), |o| team(schedule, o.entrant));
            let their_board = opponent.and_then(|o| o.board);
            let detail = match (their_team.is_empty(), their_board) {
                (false, Some(b)) => format!(" ({their_team}, board {b})"),
                (false, None) => format!(" ({their_team})"),
                _ => String::new(),
            };
            format!(
                "{prefix} table {}, {}, v {}{detail}",
                table.number,
                seat_word(mine.seat, false),
                opponent.map_or(String::new(), |o| name(schedule, o.entrant)),
            )
        }
    }
}

fn personal_cards(schedule: &Schedule, bridge: bool) -> (String, SectionBody) {
    let slips: Vec<Slip> = (0..schedule.entrants.len())
        .map(|entrant| {
            let team_name = team(schedule, entrant);
            Slip {
                title: if team_name.is_empty() {
                    name(schedule, entrant)
                } else {
                    format!("{} — {team_name}", name(schedule, entrant))
                },
                lines: schedule
                    .rounds
                    .iter()
                    .map(|round| movement_line(schedule, round, entrant, bridge))
                    .collect(),
            }
        })
        .collect();
    // Three cards across when the lines are short enough to stay on one line each.
    let longest = slips
        .iter()
        .flat_map(|s| s.lines.iter().chain(std::iter::once(&s.title)))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let per_row = if longest <= 34 { 3 } else { 2 };
    // A card taller than a page (a long cycle) is cut into cards of consecutive rounds, each
    // titled with the name and its rounds, instead of running off the bottom of the page.
    let slips = slips
        .into_iter()
        .flat_map(|slip| split_slip(slip, per_row))
        .collect();
    (
        "Personal movement cards".to_owned(),
        SectionBody::Slips { per_row, slips },
    )
}

/// The most a personal card may measure (in points, as `slip_height` estimates) and still be
/// kept on one page: the text height of A4 or Letter with the sheet margins, less a margin for
/// the estimate.
const SLIP_PAGE_HEIGHT: f64 = 700.0;

/// About how tall a personal card is, in points (slips.typ: a 10.5 pt title; 8.5 pt lines
/// about 9.5 pt apart and 1.5 pt more between rounds, measured on the PDF of a 64-player
/// card; a line wraps after about 36 characters three across, 60 two across).
fn slip_height(slip: &Slip, per_row: usize) -> f64 {
    let width = if per_row >= 3 { 36 } else { 60 };
    let lines: usize = slip
        .lines
        .iter()
        .map(|l| l.chars().count().div_ceil(width).max(1))
        .sum();
    25.0 + 9.5 * lines as f64 + 1.5 * slip.lines.len() as f64
}

/// `slip` as it is when it fits on a page, else cut into the fewest cards of consecutive
/// rounds that each fit ("Name — rounds 1–32", "Name — rounds 33–63").
fn split_slip(slip: Slip, per_row: usize) -> Vec<Slip> {
    if slip_height(&slip, per_row) <= SLIP_PAGE_HEIGHT || slip.lines.len() < 2 {
        return vec![slip];
    }
    let mut pieces = 2;
    while pieces < slip.lines.len() {
        let size = slip.lines.len().div_ceil(pieces);
        let fits = slip.lines.chunks(size).all(|chunk| {
            let piece = Slip {
                title: slip.title.clone(),
                lines: chunk.to_vec(),
            };
            slip_height(&piece, per_row) <= SLIP_PAGE_HEIGHT
        });
        if fits {
            break;
        }
        pieces += 1;
    }
    let size = slip.lines.len().div_ceil(pieces);
    slip.lines
        .chunks(size)
        .enumerate()
        .map(|(i, chunk)| Slip {
            title: format!(
                "{} — rounds {}–{}",
                slip.title,
                i * size + 1,
                i * size + chunk.len()
            ),
            lines: chunk.to_vec(),
        })
        .collect()
}

fn standings_sheet(tables: &[StandingsTable]) -> SectionBody {
    SectionBody::Blocks {
        blocks: tables.iter().map(standings_block).collect(),
    }
}

fn standings_block(table: &StandingsTable) -> Block {
    // A shared place ("4=") is a number too: the rank column stays narrow and right-aligned.
    let numeric = |i: usize| {
        table.rows.iter().filter_map(|r| r.get(i)).all(|cell| {
            let cell = cell
                .trim()
                .trim_end_matches('=')
                .replace('½', ".5")
                .replace(',', ".");
            // "–" (none yet) and "∞" (an IMP quotient with nothing lost) stand among numbers.
            cell.is_empty() || cell == "–" || cell == "∞" || cell.parse::<f64>().is_ok()
        })
    };
    let columns = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, label)| {
            Column::new(
                label.clone(),
                if numeric(i) {
                    ColumnKind::Number
                } else {
                    ColumnKind::Name
                },
            )
        })
        .collect();
    Block {
        heading: table.heading.clone(),
        grid: Grid {
            columns,
            rows: table.rows.clone(),
        },
        note: table.note.clone(),
    }
}
