//! What a table's page on a phone shows (issue 42): the table, its round, who sits where, and
//! each board of the round with its result so far. Once the table has entered a board, that
//! board's traveller so far (scores only: matchpoints are the director's to publish) and its
//! hand record when deals are attached; once the round is complete, where everyone at the
//! table goes next and where the boards go. A board's other results are never shown to a
//! table that has not entered it yet.

use super::tables::{result_words, rounds_of_table};
use super::team_rooms::is_teams;
use super::{Event, ResultKey, ResultValue, Results, Scoring, sides};
use crate::deals::{Direction, Suit, deal_from_pbn, standard_dealer, standard_vulnerability};
use crate::model::Seat;

/// What a table's page shows.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TableView {
    /// The event's title.
    pub title: String,
    /// The table.
    pub table: u32,
    /// The round the table is on.
    pub round: u32,
    /// The table's last round.
    pub last_round: u32,
    /// The N-S side's names (a pair's, or both players').
    pub north_south: String,
    /// The E-W side's names.
    pub east_west: String,
    /// How a result is entered: `"bridge"` (contract, declarer, tricks), `"tricks"` (each
    /// side's tricks: a whist drive) or `"points"` (each side's score).
    pub entry: &'static str,
    /// The tricks both sides' must add up to in a round (a whist drive with a set number of
    /// hands), to check before sending.
    pub tricks_in_round: Option<u32>,
    /// Each board of the round (bridge), or the table's one result (other scorings: board 0).
    pub boards: Vec<BoardView>,
    /// Whether every board of the round has a result (the table may move on).
    pub complete: bool,
    /// Once the round is complete and another follows: where each player or pair goes, then
    /// where the boards go, one sentence each.
    pub next: Vec<String>,
    /// Why the table enters nothing this round, when it does not (a teams event's three-way
    /// match, scored by the director).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notice: Option<String>,
}

/// One board of a table's round on its page.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BoardView {
    /// The board number (0: the table's single result).
    pub board: u32,
    /// Its result in words, once entered.
    pub result: Option<String>,
    /// N-S's score, once entered (bridge boards that were played).
    pub ns_score: Option<i32>,
    /// Once this table has its result: every result of the board so far, this table's
    /// marked (empty before).
    pub traveller: Vec<TravellerLine>,
    /// Once this table has its result, the board's hand record when one is attached.
    pub hand: Option<HandView>,
    /// At a teams match's table, once this table has its result: the board's IMPs, or that
    /// the other table's result is awaited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One line of a board's traveller on a table's page.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TravellerLine {
    /// The round it was played in.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// N-S's names.
    pub north_south: String,
    /// E-W's names.
    pub east_west: String,
    /// The result in words.
    pub result: String,
    /// N-S's score (none for an artificial score).
    pub ns_score: Option<i32>,
    /// Whether it is the asking table's own line.
    pub this_table: bool,
}

/// A board's hand record as the page draws it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HandView {
    /// The dealer ("North").
    pub dealer: &'static str,
    /// Who is vulnerable ("None", "N-S", "E-W", "All").
    pub vulnerable: &'static str,
    /// North, East, South and West in that order: the seat's name and its four suits,
    /// spades first (an empty string for a void).
    pub hands: Vec<(&'static str, [String; 4])>,
}

/// The page of `table` in `round` (`None` when the table does not play that round, and at a
/// teams event of matches, whose tables' pages are `room_page::room_view`'s).
pub fn table_view(event: &Event, results: &Results, table: u32, round: u32) -> Option<TableView> {
    if is_teams(event) {
        return None;
    }
    let seated = event.schedule.table(round, table)?;
    let (ns, ew) = sides(seated);
    let (entry, tricks_in_round) = match event.settings.scoring {
        Scoring::Bridge { .. } => ("bridge", None),
        Scoring::WhistDrive { hands_per_round } => ("tricks", hands_per_round.map(|h| 13 * h)),
        Scoring::Chess { .. } | Scoring::Match { .. } | Scoring::Teams { .. } => ("points", None),
    };
    let deals: Vec<u32> = if entry == "bridge" {
        event.deals_at(round, table).collect()
    } else {
        vec![0]
    };
    let boards = deals
        .into_iter()
        .map(|deal| board_view(event, results, ResultKey { round, table, deal }))
        .collect::<Vec<_>>();
    let complete = boards.iter().all(|b| b.result.is_some());
    // A Swiss's later rounds are not paired yet, but they are the table's too.
    let last_round = rounds_of_table(event, table)
        .map_or(round, |(_, last)| last)
        .max(event.rounds_planned());
    Some(TableView {
        title: event.settings.title.clone(),
        table,
        round,
        last_round,
        north_south: names(event, &ns),
        east_west: names(event, &ew),
        entry,
        tricks_in_round,
        next: if complete {
            next_round(event, seated, round)
        } else {
            Vec::new()
        },
        complete,
        boards,
        notice: relay_notice(event, round, table),
    })
}

/// At a relayed round (the 4-team teams night's relay), the order the table plays the round's
/// part-sets and where each goes after it: "The boards go round the tables in parts: 1–2,
/// then pass them to table 2; 7, then pass it to table 2; …".
fn relay_notice(event: &Event, round: u32, table: u32) -> Option<String> {
    let movement = event.schedule.movement.as_ref()?;
    let played = movement.rounds.iter().find(|r| r.number == round as usize)?;
    let parts: Vec<String> = played
        .relay_at(table as usize)
        .into_iter()
        .map(|(part, next)| {
            let (boards, them) = if part.first_board == part.last_board {
                (format!("board {}", part.boards_text()), "it")
            } else {
                (format!("boards {}", part.boards_text()), "them")
            };
            match next {
                Some(next) => format!("{boards}, then pass {them} to table {next}"),
                None => format!("{boards}, then leave {them} for the director"),
            }
        })
        .collect();
    (!parts.is_empty()).then(|| {
        format!(
            "This round's boards go round the tables in parts: {}.",
            parts.join("; ")
        )
    })
}

fn names(event: &Event, entrants: &[usize]) -> String {
    entrants
        .iter()
        .filter_map(|&i| event.schedule.entrants.get(i).map(String::as_str))
        .collect::<Vec<_>>()
        .join(" & ")
}

fn board_view(event: &Event, results: &Results, key: ResultKey) -> BoardView {
    let value = results.get(&key);
    let ns_score = |value: &ResultValue, deal: u32| match value {
        ResultValue::Bridge { board } => board.north_south_score(deal),
        _ => None,
    };
    let played = value.is_some() && key.deal > 0;
    BoardView {
        board: key.deal,
        result: value.map(|value| result_words(key, value)),
        ns_score: value.and_then(|value| ns_score(value, key.deal)),
        traveller: if played {
            traveller(event, results, key, ns_score)
        } else {
            Vec::new()
        },
        hand: if played { hand(event, key.deal) } else { None },
        note: None,
    }
}

/// Every result of `key`'s board so far, in round and table order.
fn traveller(
    event: &Event,
    results: &Results,
    key: ResultKey,
    ns_score: impl Fn(&ResultValue, u32) -> Option<i32>,
) -> Vec<TravellerLine> {
    let mut lines: Vec<TravellerLine> = results
        .iter()
        .filter(|(other, _)| other.deal == key.deal)
        .filter_map(|(other, value)| {
            let seated = event
                .schedule
                .round(other.round)?
                .tables
                .iter()
                .find(|t| t.number == other.table)?;
            let (ns, ew) = sides(seated);
            Some(TravellerLine {
                round: other.round,
                table: other.table,
                north_south: names(event, &ns),
                east_west: names(event, &ew),
                result: result_words(*other, value),
                ns_score: ns_score(value, other.deal),
                this_table: *other == key,
            })
        })
        .collect();
    lines.sort_by_key(|line| (line.round, line.table));
    lines
}

/// Board `board`'s hand record as the page draws it, when one is attached.
pub(super) fn hand(event: &Event, board: u32) -> Option<HandView> {
    let deal = deal_from_pbn(event.settings.deals.get(&board)?).ok()?;
    let seat_name = |direction: Direction| match direction {
        Direction::North => "North",
        Direction::East => "East",
        Direction::South => "South",
        Direction::West => "West",
    };
    let hands = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ]
    .into_iter()
    .map(|direction| {
        let held = deal.hand(direction);
        (
            seat_name(direction),
            [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].map(|suit| held.suit_text(suit)),
        )
    })
    .collect();
    Some(HandView {
        dealer: seat_name(standard_dealer(board)),
        vulnerable: standard_vulnerability(board).label(),
        hands,
    })
}

/// Where everyone at `seated` goes in the round after `round`, then where its boards go; empty
/// after the last round.
fn next_round(event: &Event, seated: &crate::model::Table, round: u32) -> Vec<String> {
    let Some(next) = event.schedule.round(round + 1) else {
        if round < event.rounds_planned() {
            return vec![format!(
                "Round {} is paired from the standings once every table's results of round {round} are in: where you play next shows here then.",
                round + 1
            )];
        }
        return Vec::new();
    };
    let (ns, ew) = sides(seated);
    let pairs = ns.len() == 1 && ew.len() == 1;
    // At bridge a round robin's or a Swiss's home pair sits N-S.
    let bridge = matches!(event.settings.scoring, Scoring::Bridge { .. });
    let mut lines: Vec<String> = seated
        .seats
        .iter()
        .map(|here| {
            let name = event
                .schedule
                .entrants
                .get(here.entrant)
                .map_or("?", String::as_str);
            let there = next.tables.iter().find_map(|t| {
                t.seats
                    .iter()
                    .find(|s| s.entrant == here.entrant)
                    .map(|s| (t.number, s.seat))
            });
            match there {
                Some((table, seat)) => format!("{name}: table {table}, {}", seat_words(seat, pairs, bridge)),
                None => match next
                    .absent
                    .iter()
                    .find(|a| a.entrant == here.entrant)
                    .map(|a| a.kind)
                {
                    Some(crate::model::Absence::Bye) => {
                        format!("{name}: has the bye in round {}", next.number)
                    }
                    Some(crate::model::Absence::Left) => format!("{name}: has left"),
                    _ => format!("{name}: sits out round {}", next.number),
                },
            }
        })
        .collect();
    if matches!(event.settings.scoring, Scoring::Bridge { .. }) && event.schedule.movement.is_some() {
        let here: Vec<u32> = event.deals_at(round, seated.number).collect();
        if let (Some(&first), Some(&last)) = (here.first(), here.last()) {
            let to = next
                .tables
                .iter()
                .find(|t| event.deals_at(next.number, t.number).any(|deal| deal == first));
            let boards = if first == last {
                format!("Board {first}")
            } else {
                format!("Boards {first}–{last}")
            };
            // The Howell in half-sets has no relay stand: resting boards wait by the table
            // that plays them next.
            let half_sets = event
                .schedule
                .movement
                .as_ref()
                .is_some_and(|m| m.kind == crate::model::movement::MovementKind::HalfSetHowell);
            let later = || {
                event
                    .schedule
                    .rounds
                    .iter()
                    .filter(|r| r.number > next.number)
                    .find_map(|r| {
                        r.tables
                            .iter()
                            .find(|t| event.deals_at(r.number, t.number).any(|deal| deal == first))
                            .map(|t| (r.number, t.number))
                    })
            };
            lines.push(match (to, half_sets.then(later).flatten()) {
                (Some(t), _) if t.number == seated.number => format!("{boards}: stay at this table"),
                (Some(t), _) => format!("{boards}: to table {}", t.number),
                (None, Some((r, t))) => format!("{boards}: to table {t}, to wait for round {r}"),
                (None, None) => format!(
                    "{boards}: not played in round {}; leave them for the director",
                    next.number
                ),
            });
        }
    }
    lines
}

/// A seat as the next-round line says it: a pair's direction ("N-S"; a home pair's at
/// bridge), or a player's seat.
fn seat_words(seat: Seat, pairs: bool, bridge: bool) -> &'static str {
    match (seat, pairs) {
        (Seat::Home, _) if bridge => "N-S",
        (Seat::Away, _) if bridge => "E-W",
        (Seat::N | Seat::S, true) => "N-S",
        (Seat::E | Seat::W, true) => "E-W",
        (Seat::N, false) => "North",
        (Seat::E, false) => "East",
        (Seat::S, false) => "South",
        (Seat::W, false) => "West",
        (Seat::Home, _) => "home",
        (Seat::Away, _) => "away",
        (Seat::Third, _) => "third team of a three-way match",
        (Seat::LongThird, _) => "third team of a three-way match over two rounds",
        (Seat::White, _) => "White",
        (Seat::Black, _) => "Black",
    }
}
