//! A teams match table's page on a phone ([`super::table_page`] for the other events): the
//! teams at the table, each board of the match with this table's own result, and once the
//! table has entered a board, the other table's result on it (if in) and the board's IMPs;
//! once every board is in, where each pair plays next. A three-way match's table is told to
//! give its score cards to the director.

use super::table_page::{BoardView, TableView, TravellerLine, hand};
use super::tables::{result_words, rounds_of_table};
use super::team_rooms::{Room, RoomResults, match_board, missing_in_room, rooms_at, swing_words};
use super::teams::match_teams;
use super::three_way::boards_words;
use super::three_way::three_teams;
use super::who_played::possessive;
use super::{Event, ResultValue, Results};
use crate::model::Absence;

/// The page of `table` in `round` of a teams event (`None` when no match of the round uses
/// it). A three-way match's table plays two half-matches, one a half: its boards in the order
/// they are played, and a line saying against whom.
pub fn room_view(
    event: &Event,
    results: &Results,
    rooms: &RoomResults,
    table: u32,
    round: u32,
) -> Option<TableView> {
    let matches = rooms_at(event, round, table);
    let last = matches.last()?;
    let last_round = rounds_of_table(event, table)
        .map_or(round, |(_, last)| last)
        .max(event.rounds_planned());
    let complete = missing_in_room(event, results, rooms, round, table).is_empty();
    let name = |team: usize| event.schedule.entrants.get(team).cloned().unwrap_or_default();
    let boards = matches
        .iter()
        .flat_map(|room| {
            room.deals
                .iter()
                .map(move |&deal| room_board(event, results, rooms, room, deal))
        })
        .collect();
    let halves: Vec<String> = matches
        .iter()
        .map(|room| format!("{} ({})", name(room.east_west()), boards_words(&room.deals)))
        .collect();
    let (east_west, notice) = match &halves[..] {
        [first, second] => (
            format!("{first}, then {second}"),
            Some(format!(
                "A three-way match: {} N-S here against {first} in the first half, then {second}; the E-W pairs move as the round sheet says.",
                name(last.north_south())
            )),
        ),
        _ if last.is_long() => (name(last.east_west()), Some(long_notice(event, last))),
        _ => (name(last.east_west()), None),
    };
    Some(TableView {
        title: event.settings.title.clone(),
        table,
        round,
        last_round,
        north_south: name(last.north_south()),
        east_west,
        entry: "bridge",
        tricks_in_round: None,
        boards,
        complete,
        next: if complete {
            next_round(event, last.north_south(), last.east_west(), round)
        } else {
            Vec::new()
        },
        notice,
    })
}

/// What a table of a three-way match over two rounds is told: which of its two rounds this
/// is, and where these boards are played the other time.
fn long_notice(event: &Event, room: &Room) -> String {
    let name = |team: usize| event.schedule.entrants.get(team).cloned().unwrap_or_default();
    let [first_round, second_round] = room.rounds();
    let (which, other) = if room.first {
        ("first", "after this round")
    } else {
        ("second", "last round")
    };
    format!(
        "A three-way match over rounds {first_round} and {second_round}, its {which} round: {} N-S here against {} on {}, which table {} plays {other}; the match is scored once both tables have them. The E-W pairs and boards move as the round sheet says.",
        name(room.north_south()),
        name(room.east_west()),
        boards_words(&room.deals),
        room.other_table()
    )
}

/// Board `deal` of the match as this table's page shows it.
fn room_board(event: &Event, results: &Results, rooms: &RoomResults, room: &Room, deal: u32) -> BoardView {
    let mine = rooms.get(&room.key(deal));
    let words = |key, board: &super::BridgeResult| result_words(key, &ResultValue::Bridge { board: *board });
    let by_director = || match results.get(&room.match_key(deal)) {
        Some(ResultValue::Teams { board }) => Some(format!("entered by the director: {board}")),
        _ => None,
    };
    let Some(mine) = mine else {
        return BoardView {
            board: deal,
            result: by_director(),
            ns_score: None,
            traveller: Vec::new(),
            hand: None,
            note: None,
        };
    };
    let other = rooms.get(&room.other_key(deal));
    let name = |team: usize| event.schedule.entrants.get(team).cloned().unwrap_or_default();
    let line = |table: u32, first: bool, board: &super::BridgeResult, this_table: bool| {
        let (ns, ew) = if first {
            (room.home, room.away)
        } else {
            (room.away, room.home)
        };
        let key = if this_table {
            room.key(deal)
        } else {
            room.other_key(deal)
        };
        TravellerLine {
            round: key.round,
            table,
            north_south: name(ns),
            east_west: name(ew),
            result: words(key, board),
            ns_score: board.north_south_score(deal),
            this_table,
        }
    };
    let mut traveller = vec![line(room.table(), room.first, mine, true)];
    let note = match other {
        Some(other) => {
            traveller.push(line(room.other_table(), !room.first, other, false));
            traveller.sort_by_key(|l| l.table);
            let (first, second) = if room.first { (mine, other) } else { (other, mine) };
            match_board(first, second, deal)
                .and_then(|board| swing_words(event, room, board))
                .map(|words| format!("This board: {words}."))
        }
        None if room.is_long() => Some(format!(
            "Table {} plays this board in round {}: its result shows here once it is in.",
            room.other_table(),
            room.other_round
        )),
        None => Some(format!("Waiting for table {}'s result.", room.other_table())),
    };
    BoardView {
        board: deal,
        result: Some(words(room.key(deal), mine)),
        ns_score: mine.north_south_score(deal),
        traveller,
        hand: hand(event, deal),
        note,
    }
}

/// Where the two pairs at this table at the end of the round (N-S of `north_south`, E-W of
/// `east_west`) play in the round after `round`, a sentence each.
fn next_round(event: &Event, north_south: usize, east_west: usize, round: u32) -> Vec<String> {
    let Some(next) = event.schedule.round(round + 1) else {
        if round < event.rounds_planned() {
            return vec![format!(
                "Round {} is paired from the standings once every match of round {round} is in: where you play next shows here then.",
                round + 1
            )];
        }
        return Vec::new();
    };
    let name = |team: usize| event.schedule.entrants.get(team).map_or("?", String::as_str);
    [(north_south, true), (east_west, false)]
        .into_iter()
        .map(|(team, north_south)| {
            let pair = format!(
                "{} {} pair",
                possessive(name(team)),
                if north_south { "N-S" } else { "E-W" }
            );
            let seat = next.tables.iter().find_map(|t| {
                if let Some(three) = three_teams(t).or_else(|| super::long_three_way::long_three_teams(t)) {
                    return three
                        .contains(&team)
                        .then(|| format!("{pair}: three-way match {} (see the round sheet)", t.number));
                }
                let (home, away) = match_teams(t)?;
                let [first, second] = super::teams::match_tables(t.number);
                let (table, against) = match (team == home, team == away) {
                    (true, _) => (if north_south { first } else { second }, away),
                    (_, true) => (if north_south { second } else { first }, home),
                    _ => return None,
                };
                Some(format!(
                    "{pair}: table {table}, {} against {}",
                    if north_south { "N-S" } else { "E-W" },
                    name(against)
                ))
            });
            seat.unwrap_or_else(
                || match next.absent.iter().find(|a| a.entrant == team).map(|a| a.kind) {
                    Some(Absence::Bye) => {
                        format!("{pair}: {} has the bye in round {}", name(team), next.number)
                    }
                    Some(Absence::Left) => format!("{pair}: {} has left", name(team)),
                    _ => format!("{pair}: not playing in round {}", next.number),
                },
            )
        })
        .collect()
}
