//! The sheets of a club pairs evening where the boards move: the table (guide) cards saying
//! where the boards and the pairs go after each round, the travellers (one per board) and the
//! director's movement summary (the personal score cards are in `scorecards`); and, for bridge played without a
//! movement, how many copies of each board the evening needs. Where things are comes from
//! `crate::movement::guide`; this module only words it.

use super::{Block, Card, Column, ColumnKind, Grid, SectionBody};
use crate::deals::{standard_dealer, standard_vulnerability};
use crate::event::club_pairs::{Traveller, TravellerRow, expected_plays};
use crate::event::{BridgeResult, made_text};
use crate::model::{Round, Schedule};
use crate::movement::guide::{
    PairPlace, SetPlace, copies_needed, empty_tables, next_play, pair_place, relay_sets_per_round,
    relay_stands, set_place, shared_rounds, sharing_partner,
};
use crate::movement::{Movement, MovementKind, MovementRound, TableRound, present_pairs};

/// "7–9", or "7" for one board a round.
fn boards_text(movement: &Movement, set: usize) -> String {
    let boards = movement.boards_of_set(set);
    if boards.start() == boards.end() {
        boards.start().to_string()
    } else {
        format!("{}–{}", boards.start(), boards.end())
    }
}

/// "3 NS Ann & Bob": the club's label and the name on the roster.
fn pair_name(schedule: &Schedule, movement: &Movement, pair: usize) -> String {
    let name = present_pairs(movement)
        .iter()
        .position(|&p| p == pair)
        .and_then(|e| schedule.entrants.get(e));
    match name {
        Some(name) => format!("{} {name}", movement.label(pair)),
        None => movement.label(pair),
    }
}

fn side(north_south: bool) -> &'static str {
    if north_south { "N-S" } else { "E-W" }
}

/// Where a table's boards go after round `number`.
fn boards_go_to(movement: &Movement, number: usize, set: usize) -> String {
    if number >= movement.rounds.len() {
        return "end of play".into();
    }
    let later = || match next_play(movement, number + 1, set) {
        Some((round, tables)) => format!(", then table {} in round {round}", tables_text(&tables)),
        None => String::new(),
    };
    let place = set_place(movement, number + 1, set);
    // The Howell in half-sets has no relay stand: a half-set waits by the table that plays
    // it next.
    if movement.kind == MovementKind::HalfSetHowell && place == SetPlace::Relay {
        return match next_play(movement, number + 1, set) {
            Some((round, tables)) => {
                format!("to table {}, to wait for round {round}", tables_text(&tables))
            }
            None => "no longer played: put them aside".into(),
        };
    }
    match place {
        SetPlace::Tables(tables) if tables.len() == 1 => format!("to table {}", tables_text(&tables)),
        SetPlace::Tables(tables) => format!("to tables {} (they share)", tables_text(&tables)),
        SetPlace::Relay => "to the relay stand".into(),
        SetPlace::EmptyTable(table) => format!("to table {table} (no play there next round)"),
        SetPlace::Resting => format!("rest a round{}", later()),
        SetPlace::Nowhere => "no longer played".into(),
    }
}

fn tables_text(tables: &[usize]) -> String {
    let numbers: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    numbers.join(" and ")
}

/// Where the two pairs of a table go after round `number` ("E-W to table 2"); a pair that
/// stays in its seat is not mentioned.
fn pairs_go_to(movement: &Movement, number: usize, table: &TableRound) -> String {
    if number >= movement.rounds.len() {
        return "end of play".into();
    }
    let mut moves = Vec::new();
    for (pair, north_south) in [(table.ns, true), (table.ew, false)] {
        let who = side(north_south);
        match pair_place(movement, number + 1, pair) {
            PairPlace::Table {
                table: next,
                north_south: next_ns,
            } if next == table.table && next_ns == north_south => {}
            PairPlace::Table {
                table: next,
                north_south: next_ns,
            } if next_ns == north_south => moves.push(format!("{who} to table {next}")),
            PairPlace::Table {
                table: next,
                north_south: next_ns,
            } => moves.push(format!("{who} to table {next}, sit {}", side(next_ns))),
            PairPlace::SitsOut => moves.push(format!("{who} sit out")),
            PairPlace::Absent => moves.push(format!("{who} leave")),
        }
    }
    if moves.is_empty() {
        "both pairs stay".into()
    } else {
        moves.join("; ")
    }
}

/// The pair that sits at `table` all evening in a Mitchell: the pair numbered N-S there in
/// every round the table plays (it sits E-W in an arrow-switched round). `None` in a Howell,
/// and at a table without such a pair (a phantom N-S pair's table, where nobody stays).
pub(crate) fn stationary_pair(movement: &Movement, table: usize) -> Option<usize> {
    if !movement.kind.is_mitchell() {
        return None;
    }
    let mut pairs = movement.rounds.iter().filter_map(|round| {
        round
            .tables
            .iter()
            .find(|t| t.table == table)
            .map(|t| if round.arrow_switch { t.ew } else { t.ns })
    });
    let first = pairs.next()?;
    pairs.all(|p| p == first).then_some(first)
}

/// One table card per table: a row per round with the pairs, the boards, and where the
/// boards and the pairs go next. In a Mitchell the N-S pair that stays at the table is named
/// once, in the card's title, and each round's line names only the visiting E-W pair.
pub fn guide_cards(schedule: &Schedule, movement: &Movement) -> (String, SectionBody) {
    let switched: Vec<usize> = movement
        .rounds
        .iter()
        .filter(|r| r.arrow_switch)
        .map(|r| r.number)
        .collect();
    let cards = (1..=movement.tables)
        .map(|table| {
            let stays = stationary_pair(movement, table);
            let rows = movement
                .rounds
                .iter()
                .map(|round| guide_row(schedule, movement, round, table, stays))
                .collect();
            let mut footer = Vec::new();
            if let Some(other) = movement.sharing.iter().find_map(|&(a, b)| {
                if a == table {
                    Some(b)
                } else if b == table {
                    Some(a)
                } else {
                    None
                }
            }) {
                footer.push(format!(
                    "This table shares its boards with table {other}: put them between the two tables."
                ));
            }
            if !switched.is_empty() {
                footer.push(format!(
                    "Arrow switch in {}: the pair numbered N-S sits E-W.",
                    rounds_text(&switched)
                ));
            }
            let (title, subtitle) = match stays {
                Some(pair) => (
                    format!("Table {table} · {}", pair_name(schedule, movement, pair)),
                    "N-S: stay at this table all evening; this card stays on the table",
                ),
                None if movement.kind.is_mitchell() => (
                    format!("Table {table}"),
                    "N-S pairs stay at their table; this card stays on the table",
                ),
                None => (format!("Table {table}"), "this card stays on the table"),
            };
            Card {
                title,
                subtitle: Some(subtitle.into()),
                grid: Grid {
                    columns: guide_columns(stays.is_some()),
                    rows,
                },
                footer,
            }
        })
        .collect();
    ("Table cards".to_owned(), SectionBody::Cards { cards })
}

/// The columns of a table card: both pairs, or (`stays`: the N-S pair named in the title)
/// only the visitors.
fn guide_columns(stays: bool) -> Vec<Column> {
    let mut columns = vec![Column::new("Round", ColumnKind::Number)];
    if stays {
        columns.push(Column::new("E-W pair", ColumnKind::Name));
    } else {
        columns.extend([
            Column::new("N-S", ColumnKind::Name),
            Column::new("E-W", ColumnKind::Name),
        ]);
    }
    columns.extend([
        Column::new("Boards", ColumnKind::Name),
        Column::new("Boards go", ColumnKind::Name),
        Column::new("Pairs go", ColumnKind::Name),
    ]);
    columns
}

/// One round's line of a table card; `stays` is the N-S pair the card's title names, whose
/// column is left out.
fn guide_row(
    schedule: &Schedule,
    movement: &Movement,
    round: &MovementRound,
    table: usize,
    stays: Option<usize>,
) -> Vec<String> {
    let number = round.number;
    let round_text = if round.arrow_switch {
        format!("{number} ⇄")
    } else {
        number.to_string()
    };
    if let Some(tr) = round.tables.iter().find(|t| t.table == table) {
        let mut boards = boards_text(movement, tr.set);
        let relayed = relay_order(round, table);
        if let Some(order) = &relayed {
            boards.push_str(&format!(", relayed: {order}"));
        } else if let Some(other) = sharing_partner(movement, number, table) {
            boards.push_str(&format!(", share with table {other}"));
        }
        let mut row = vec![round_text];
        match stays {
            None => row.extend([
                pair_name(schedule, movement, tr.ns),
                pair_name(schedule, movement, tr.ew),
            ]),
            // Arrow-switched: the visitors sit N-S this round.
            Some(_) if round.arrow_switch => {
                row.push(format!("{} (sit N-S)", pair_name(schedule, movement, tr.ns)))
            }
            Some(_) => row.push(pair_name(schedule, movement, tr.ew)),
        }
        let go = match relayed {
            // Every part has been played at every table: the set is done.
            Some(_) if number < movement.rounds.len() => "done: a new set next round".into(),
            Some(_) => "end of play".into(),
            None => boards_go_to(movement, number, tr.set),
        };
        row.extend([boards, go, pairs_go_to(movement, number, tr)]);
        return row;
    }
    // No play at this table this round (a half table, or a pair has left).
    let sits_out = round
        .sitting_out
        .iter()
        .find(|&&p| movement.kind.is_mitchell() && p == table);
    let resting = round
        .resting_sets
        .iter()
        .find(|&&s| set_place(movement, number, s) == SetPlace::EmptyTable(table));
    let (boards, go) = match resting {
        Some(&set) => (
            format!("{} rest here", boards_text(movement, set)),
            boards_go_to(movement, number, set),
        ),
        None => (String::new(), String::new()),
    };
    let mut row = vec![round_text];
    match (stays, sits_out) {
        (Some(_), Some(_)) => row.push("no E-W pair: N-S sit out".into()),
        (Some(_), None) => row.push("no play this round".into()),
        (None, Some(&p)) => row.extend([
            format!("{} sits out", pair_name(schedule, movement, p)),
            "—".into(),
        ]),
        (None, None) => row.extend(["no play this round".into(), "—".into()]),
    }
    row.extend([boards, go, String::new()]);
    row
}

/// A relayed round's part-sets at `table` in the order played, each with where it goes next
/// ("1–2 → T2, 7–8 → T2, 5–6 → T2, 3–4 done"); `None` when the round has no relay there.
fn relay_order(round: &MovementRound, table: usize) -> Option<String> {
    let parts: Vec<String> = round
        .relay_at(table)
        .into_iter()
        .map(|(part, next)| match next {
            Some(next) => format!("{} → T{next}", part.boards_text()),
            None => format!("{} done", part.boards_text()),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// "round 7" / "rounds 6 and 7" / "rounds 5, 6 and 7".
fn rounds_text(rounds: &[usize]) -> String {
    let numbers: Vec<String> = rounds.iter().map(|r| r.to_string()).collect();
    match numbers.as_slice() {
        [one] => format!("round {one}"),
        [init @ .., last] => format!("rounds {} and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// Matchpoints on the 1-per-score-beaten scale, as the standings print them.
pub(super) fn mp_text(mp: f64) -> String {
    let half = mp / 2.0;
    if (half - half.round()).abs() < 1e-9 {
        format!("{half:.0}")
    } else {
        format!("{half:.1}")
    }
}

/// A card as a traveller prints it: the suit symbol, then the rank ("♥Q", "♠10").
pub(super) fn card_text(card: crate::deals::Card) -> String {
    use crate::deals::Suit;
    let symbol = match card.suit() {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    };
    match card.rank() {
        'T' => format!("{symbol}10"),
        rank => format!("{symbol}{rank}"),
    }
}

/// Contract, by, lead, result, N-S score, E-W score, N-S MP, E-W MP of a filled traveller row.
fn result_cells(row: &TravellerRow) -> [String; 8] {
    let mut cells: [String; 8] = Default::default();
    match row.result {
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead,
        }) => {
            cells[0] = contract.to_string();
            cells[1] = declarer.to_string();
            cells[2] = lead.map(card_text).unwrap_or_default();
            cells[3] = made_text(contract, tricks);
        }
        Some(BridgeResult::PassedOut) => cells[0] = "Pass".into(),
        Some(BridgeResult::Artificial { ns, ew }) => {
            cells[4] = ns.label().into();
            cells[5] = ew.label().into();
        }
        Some(BridgeResult::NotPlayed) => cells[0] = "not played".into(),
        Some(BridgeResult::NorthSouthScore { .. }) | None => {}
    }
    if let Some(score) = row.score {
        if score >= 0 {
            cells[4] = score.to_string();
        } else {
            cells[5] = (-score).to_string();
        }
    }
    if let Some((ns, ew)) = row.matchpoints {
        cells[6] = mp_text(ns);
        cells[7] = mp_text(ew);
    }
    cells
}

/// One traveller per board: a row per table that plays it, in the order of play; blank to
/// fill in, or filled from `scored` (the event's travellers) where a result exists.
pub fn travellers(
    movement: &Movement,
    scored: &[Traveller],
    hands: &[crate::deals::Board],
) -> (String, SectionBody) {
    let columns = vec![
        Column::new("Rd", ColumnKind::Number),
        Column::new("Table", ColumnKind::Number),
        Column::new("N-S", ColumnKind::Number),
        Column::new("E-W", ColumnKind::Number),
        Column::new("Contract", ColumnKind::Entry),
        // The declarer and the lead are a letter or a card: narrow columns, so the lead's
        // column leaves the score boxes their width on a portrait page.
        Column::new("By", ColumnKind::Number),
        Column::new("Lead", ColumnKind::Number),
        Column::new("Tricks", ColumnKind::Entry),
        Column::new("+ N-S", ColumnKind::Entry),
        Column::new("+ E-W", ColumnKind::Entry),
        Column::new("MP N-S", ColumnKind::Entry),
        Column::new("MP E-W", ColumnKind::Entry),
    ];
    let top = expected_plays(movement).saturating_sub(1);
    // A teams night compares each board within a match (IMPs), not across the room.
    let teams = movement.kind == MovementKind::TeamsOfFour;
    let columns = if teams {
        columns[..columns.len() - 2].to_vec()
    } else {
        columns
    };
    let boards = movement.sets * movement.boards_per_round;
    let cards = (1..=boards)
        .map(|board| {
            let set = (board - 1) / movement.boards_per_round.max(1) + 1;
            let filled = scored.iter().find(|t| t.board as usize == board);
            let mut rows = Vec::new();
            for round in &movement.rounds {
                let mut tables: Vec<&TableRound> = round.tables.iter().filter(|t| t.set == set).collect();
                tables.sort_by_key(|t| t.table);
                for t in tables {
                    let mut row = vec![
                        round.number.to_string(),
                        t.table.to_string(),
                        movement.label(t.ns),
                        movement.label(t.ew),
                    ];
                    let line = filled.and_then(|f| {
                        f.rows
                            .iter()
                            .find(|r| r.round as usize == round.number && r.table as usize == t.table)
                    });
                    match line {
                        Some(line) => row.extend(result_cells(line)),
                        None => row.resize(columns.len(), String::new()),
                    }
                    row.truncate(columns.len());
                    rows.push(row);
                }
            }
            let board_number = u32::try_from(board).unwrap_or(u32::MAX);
            Card {
                title: format!("Board {board}"),
                subtitle: Some(format!(
                    "Dealer {} · Vulnerable: {} · played {} times",
                    dealer_word(board_number),
                    standard_vulnerability(board_number).label(),
                    rows.len()
                )),
                grid: Grid {
                    columns: columns.clone(),
                    rows,
                },
                footer: {
                    let mut footer = vec![if teams {
                        "No matchpoints: each score is compared with the other table of its match (the two tables where the same two teams meet), as IMPs. Write the score on the side that made it.".to_owned()
                    } else {
                        format!(
                            "Top {top}: 1 matchpoint for each score beaten, ½ for each tie. Write the score on the side that made it."
                        )
                    }];
                    if let Some(record) = hands.iter().find(|h| h.number == board_number) {
                        footer.extend(hand_record_lines(&record.deal));
                    }
                    footer
                },
            }
        })
        .collect();
    ("Travellers".to_owned(), SectionBody::Cards { cards })
}

/// The hand record under a traveller: a line per hand, "North ♠ AK72 ♥ QJ5 ♦ — ♣ T9843".
pub fn hand_record_lines(deal: &crate::deals::Deal) -> Vec<String> {
    use crate::deals::{Direction, Suit};
    Direction::ALL
        .iter()
        .map(|&seat| {
            let hand = deal.hand(seat);
            let suits: Vec<String> = [
                (Suit::Spades, '♠'),
                (Suit::Hearts, '♥'),
                (Suit::Diamonds, '♦'),
                (Suit::Clubs, '♣'),
            ]
            .iter()
            .map(|&(suit, symbol)| {
                let ranks = hand.suit_text(suit);
                format!(
                    "{symbol} {}",
                    if ranks.is_empty() { "—".to_owned() } else { ranks }
                )
            })
            .collect();
            format!("{}  {}", seat.name(), suits.join("   "))
        })
        .collect()
}

fn dealer_word(board: u32) -> &'static str {
    match standard_dealer(board) {
        crate::scoring::bridge::Direction::North => "North",
        crate::scoring::bridge::Direction::East => "East",
        crate::scoring::bridge::Direction::South => "South",
        crate::scoring::bridge::Direction::West => "West",
    }
}

fn facts_block(heading: &str, facts: Vec<(&str, String)>) -> Block {
    Block {
        heading: Some(heading.to_owned()),
        grid: Grid {
            columns: vec![
                Column::new("", ColumnKind::Name),
                Column::new("", ColumnKind::Name),
            ],
            rows: facts.into_iter().map(|(k, v)| vec![k.to_owned(), v]).collect(),
        },
        note: None,
    }
}

fn sentences_block(heading: &str, sentences: Vec<String>) -> Block {
    Block {
        heading: Some(heading.to_owned()),
        grid: Grid {
            columns: vec![Column::new("", ColumnKind::Name)],
            rows: sentences.into_iter().map(|s| vec![s]).collect(),
        },
        note: None,
    }
}

/// "One copy of each board: …" / "3 copies of each board: …".
fn copies_sentence(copies: usize) -> String {
    if copies <= 1 {
        "One copy of each board: the boards move from table to table.".into()
    } else {
        format!("{copies} copies of each board: one for each table that plays it in the same round.")
    }
}

/// The director's summary: the movement in figures, then what to set up and watch for, in
/// plain sentences, then where each set is played round by round.
pub fn movement_summary(movement: &Movement) -> (String, SectionBody) {
    let copies = copies_needed(movement);
    let facts = vec![
        ("Movement", movement.kind.name().to_owned()),
        ("Tables", movement.tables.to_string()),
        ("Rounds", movement.rounds.len().to_string()),
        ("Boards per round", movement.boards_per_round.to_string()),
        (
            "Boards in all",
            (movement.sets * movement.boards_per_round).to_string(),
        ),
        ("Copies of each board", copies.to_string()),
        (
            "Comparisons",
            if movement.kind == MovementKind::TeamsOfFour {
                "each board at the two tables of one match (a team's N-S pair and its E-W pair)".into()
            } else {
                comparisons_text(movement)
            },
        ),
        (
            "Winners",
            if movement.kind == MovementKind::TeamsOfFour {
                "one: the teams, ranked by their matches".into()
            } else if movement.one_winner() {
                "one".into()
            } else {
                "two: N-S and E-W ranked separately".into()
            },
        ),
    ];
    let blocks = vec![
        facts_block("The movement", facts),
        sentences_block("Instructions for the director", instructions(movement, copies)),
        sets_block(movement),
    ];
    ("Movement summary".to_owned(), SectionBody::Blocks { blocks })
}

/// How often every two pairs of a field are compared (sit the same way on the same board), as
/// the verifier counts it: "6 boards for every two pairs" or "10 to 14 boards (spread 4)".
fn comparisons_text(movement: &Movement) -> String {
    let balance = crate::verify::balance::balance(movement);
    if balance.spread() == 0 {
        format!("{} boards for every two pairs", balance.min())
    } else {
        format!(
            "{} to {} boards for two pairs (spread {})",
            balance.min(),
            balance.max(),
            balance.spread()
        )
    }
}

/// The boards `table` starts round `round` with: its set, or in a relayed round the part-set
/// it plays first.
fn first_boards(movement: &Movement, round: &MovementRound, table: &TableRound) -> String {
    round
        .relay
        .iter()
        .find(|p| p.tables.first() == Some(&table.table))
        .map_or_else(|| boards_text(movement, table.set), |p| p.boards_text())
}

/// How a relayed set moves (the 4-team relay), when some round has one.
fn relay_rule(movement: &Movement) -> Option<String> {
    movement
        .rounds
        .iter()
        .any(|r| !r.relay.is_empty())
        .then(|| crate::movement::teams::RELAY_RULE.to_owned())
}

fn instructions(movement: &Movement, copies: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(first) = movement.rounds.first() {
        let mut start: Vec<String> = first
            .tables
            .iter()
            .map(|t| format!("{} on table {}", first_boards(movement, first, t), t.table))
            .collect();
        start.dedup();
        lines.push(format!("Before round 1 put boards {}.", start.join(", ")));
    }
    match movement.kind {
        MovementKind::Mitchell | MovementKind::RelayMitchell => lines.push(format!(
            "After each round the N-S pairs stay, the E-W pairs move up one table (from table {} to table 1) and the boards move down one table, as the table cards say.",
            movement.tables
        )),
        MovementKind::SkipMitchell => lines.push(format!(
            "After each round the N-S pairs stay, the E-W pairs move up one table and the boards down one; after round {} the E-W pairs skip a table (move up two), as the table cards say.",
            movement.tables / 2
        )),
        MovementKind::Howell
        | MovementKind::ThreeQuarterHowell
        | MovementKind::RelayThreeQuarterHowell => lines.push(
            "After each round the pairs and the boards move as each table card says (Pairs go, Boards go); give every pair its score card, which says where it sits each round.".into(),
        ),
        MovementKind::TeamsOfFour => lines.push(
            "A teams-of-four night: each team's N-S pair stays at its home table all evening; after each round the E-W pairs and the boards move as each table card says. Two tables given the same boards in a round share them, passing them between the tables. Team-mates compare their scores with the other half of each match when both halves are played.".into(),
        ),
        MovementKind::HalfSetHowell => lines.push(
            "Each meeting is two rounds: the pairs stay in their seats for the second round and play the table's second half-set (the table card says which); then the pairs and the boards move as the table card says. Every board is played at all three tables; no relay, no sharing.".into(),
        ),
    }
    for &(a, b) in &movement.sharing {
        let rounds = shared_rounds(movement, a, b);
        if rounds.is_empty() {
            continue;
        }
        let when = if rounds.len() == movement.rounds.len() {
            "every round".to_owned()
        } else {
            format!("in {}", rounds_text(&rounds))
        };
        lines.push(format!(
            "Tables {a} and {b} share boards {when}: put the boards between them, and each table plays them in turn."
        ));
    }
    let relay = relay_sets_per_round(movement);
    let half_sets = movement.kind == MovementKind::HalfSetHowell;
    let stands = if half_sets {
        lines.push(format!(
            "No relay stand: the {relay} half-sets not in play wait beside the table that plays them next (each table card's \"Boards go\" says which table and round)."
        ));
        Vec::new()
    } else {
        relay_stands(movement)
    };
    for &(from, to) in &stands {
        lines.push(format!(
            "A relay stand between tables {} and {} holds one set each round: table {from} puts its boards there, and table {to} takes them a round later.",
            from.min(to),
            from.max(to)
        ));
    }
    let relayed = relay_rule(movement);
    lines.extend(relayed.clone());
    if relay > stands.len() && !half_sets && relayed.is_none() {
        lines.push(format!(
            "{relay} sets rest on relay stands each round; the table cards say where each set goes."
        ));
    }
    if let Some(phantom) = movement.phantom {
        let outs: Vec<String> = movement
            .rounds
            .iter()
            .flat_map(|r| {
                r.sitting_out
                    .iter()
                    .filter(|&&p| !movement.is_absent(p, r.number))
                    .map(move |&p| format!("round {}: {}", r.number, movement.label(p)))
            })
            .collect();
        lines.push(format!(
            "A half table: pair {} is missing (the phantom), so the pair that would meet it sits out each round ({}); its boards rest at the empty table.",
            movement.label(phantom),
            outs.join(", ")
        ));
    }
    for w in &movement.withdrawn {
        lines.push(format!(
            "Pair {} left after round {}: from round {} its opponents sit out, and the boards it did not play are scored as not played.",
            movement.label(w.pair),
            w.after_round,
            w.after_round + 1
        ));
    }
    for late in &movement.late {
        lines.push(format!(
            "Pair {} arrived late and plays from round {} in the half table's seat; the boards it missed are scored as {}.",
            movement.label(late.pair),
            late.before_round,
            late.missed.describe()
        ));
    }
    let switched: Vec<usize> = movement
        .rounds
        .iter()
        .filter(|r| r.arrow_switch)
        .map(|r| r.number)
        .collect();
    if !switched.is_empty() {
        lines.push(format!(
            "Arrow switch in {}: at every table the pair numbered N-S sits E-W (marked ⇄ on the table cards), so the evening has one winner.",
            rounds_text(&switched)
        ));
    }
    lines.push(copies_sentence(copies));
    lines
}

/// Round by round, the boards at each table (and resting).
fn sets_block(movement: &Movement) -> Block {
    let mut columns = vec![Column::new("Round", ColumnKind::Number)];
    columns.extend((1..=movement.tables).map(|t| Column::new(format!("T{t}"), ColumnKind::Number)));
    let any_resting = movement.rounds.iter().any(|r| !r.resting_sets.is_empty());
    if any_resting {
        columns.push(Column::new("Resting", ColumnKind::Number));
    }
    let rows = movement
        .rounds
        .iter()
        .map(|round| {
            let mut row = vec![round.number.to_string()];
            let empty = empty_tables(movement, round.number);
            row.extend((1..=movement.tables).map(|t| {
                round
                    .tables
                    .iter()
                    .find(|tr| tr.table == t)
                    .map(|tr| boards_text(movement, tr.set))
                    .unwrap_or_else(|| {
                        if empty.contains(&t) {
                            "—".into()
                        } else {
                            String::new()
                        }
                    })
            }));
            if any_resting {
                let resting: Vec<String> = round
                    .resting_sets
                    .iter()
                    .map(|&s| boards_text(movement, s))
                    .collect();
                row.push(resting.join(", "));
            }
            row
        })
        .collect();
    Block {
        heading: Some("Boards at each table".into()),
        grid: Grid { columns, rows },
        note: Some("T1, T2, …: tables; — no play at that table that round.".into()),
    }
}

/// The tables a round of a schedule without a movement has in play.
fn tables_in_play(round: &Round) -> usize {
    round.tables.len()
}

/// "Boards 3–4 at all 5 tables: 5 copies of each": a round of bridge without a movement, where
/// every table plays the round's boards at the same time.
pub fn copies_note(round: &Round, boards_per_round: u32) -> String {
    let k = boards_per_round.max(1);
    let first = round.number.saturating_sub(1).saturating_mul(k) + 1;
    let last = first + k - 1;
    let boards = if first == last {
        format!("Board {first}")
    } else {
        format!("Boards {first}–{last}")
    };
    let tables = tables_in_play(round);
    format!(
        "{boards} at all {tables} tables: {tables} {} of each",
        if tables == 1 { "copy" } else { "copies" }
    )
}

/// The director's summary of bridge played without a movement (individual bridge, a pairs
/// round robin): every table plays the same boards in a round, so each board is needed once
/// per table.
pub fn relayed_summary(schedule: &Schedule, boards_per_round: u32) -> (String, SectionBody) {
    let k = boards_per_round.max(1) as usize;
    let copies = schedule.rounds.iter().map(tables_in_play).max().unwrap_or(0);
    let facts = vec![
        ("Rounds", schedule.rounds.len().to_string()),
        ("Tables", copies.to_string()),
        ("Boards per round", k.to_string()),
        ("Boards in all", (schedule.rounds.len() * k).to_string()),
        ("Copies of each board", copies.to_string()),
    ];
    let lines = vec![format!(
        "Every table plays the same boards in a round (boards 1–{k} in round 1, and so on): make {copies} copies of each board, one for each table."
    )];
    let blocks = vec![
        facts_block("The boards", facts),
        sentences_block("Instructions for the director", lines),
    ];
    ("Boards summary".to_owned(), SectionBody::Blocks { blocks })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4-team relay night's own table cards and summary: each round's part-sets in the
    /// order played with their next table, the set done after the round, one copy of each
    /// board, and each table starting with its own part.
    #[test]
    fn a_relay_nights_cards_say_each_part_and_where_it_goes() {
        let movement = crate::movement::teams::teams_movement(4, 8)
            .unwrap()
            .as_pairs_movement();
        let names: Vec<String> = (1..=8).map(|p| format!("Pair {p}")).collect();
        let schedule = crate::movement::schedule_of(&movement, &names).unwrap();
        let (_, SectionBody::Cards { cards }) = guide_cards(&schedule, &movement) else {
            panic!("cards expected");
        };
        // Table 3, round 1: starts with boards 5–6 (the part that begins there), then the
        // parts from table 2, 1 and 4, each passed up to table 4; the last done.
        let row = &cards[2].grid.rows[0];
        assert!(
            row.iter()
                .any(|c| c == "1–8, relayed: 5–6 → T4, 3–4 → T4, 1–2 → T4, 7–8 done"),
            "{row:?}"
        );
        assert!(row.iter().any(|c| c == "done: a new set next round"), "{row:?}");
        let (_, SectionBody::Blocks { blocks }) = movement_summary(&movement) else {
            panic!("blocks expected");
        };
        let said: Vec<String> = blocks
            .iter()
            .flat_map(|b| b.grid.rows.iter().flatten().cloned())
            .collect();
        assert!(
            said.iter()
                .any(|c| c.starts_with("Before round 1 put boards 1–2 on table 1, 3–4 on table 2")),
            "{said:?}"
        );
        assert!(
            said.iter().any(|c| c.contains("pass it up one table")),
            "{said:?}"
        );
        assert!(!said.iter().any(|c| c.contains("relay stands")), "{said:?}");
        assert!(
            said.iter().any(|c| c.starts_with("One copy of each board")),
            "{said:?}"
        );
    }
}
