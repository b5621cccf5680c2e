//! A teams match scored from the tables' phones: each of a match's two tables enters its own
//! contract on each board, as at a pairs evening, and once both tables have a board their two
//! N-S scores become the match's board (`TeamBoard::Tables`), written through the same write
//! path as a board typed in the window (`EventFile::table_result`).
//!
//! The tables are numbered as the sheets number them ([`teams::match_tables`]): match m at
//! tables 2m − 1 (the home team's pair N-S, the "first" table) and 2m (the away team's pair
//! N-S). A three-way match's three tables ([`three_way::three_way_tables`]) each keep one
//! team's N-S pair; each half-match is played at its two teams' tables, so a table there plays
//! two half-matches, one a half ([`three_way::movement_lines`]): each of its boards belongs to
//! one of them, and is put together with the other table of that half-match. A three-way
//! match over two rounds ([`long_three_way`]) plays each set at two of its tables a round
//! apart: a table's result waits for the other table's, a round later (or earlier), and the
//! match's board is written under the second round's match.

use super::long_three_way::{self, LongHalf, long_seating};
use super::teams::{TeamBoard, match_tables, match_teams};
use super::{BridgeResult, Event, ResultKey, ResultValue, Results, Scoring, three_way};
use crate::model::{Round, Table};
use std::collections::BTreeMap;

/// Each table's own result on each board of its match, by round, table (2m − 1 or 2m) and
/// board.
pub type RoomResults = BTreeMap<ResultKey, BridgeResult>;

/// One of the two tables of a teams match (or of a three-way's half-match) in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    /// The round this table plays the boards in.
    pub round: u32,
    /// The round the other table plays them in: the same but at a three-way match over two
    /// rounds, whose first table plays a set a round before its second.
    pub other_round: u32,
    /// The round the match's board is kept under (a long three-way's second round).
    pub match_round: u32,
    /// The match's number in `match_round` (the schedule's table number).
    pub match_no: u32,
    /// The match's two tables: the home team's pair N-S at the first, the away team's at the
    /// second.
    pub tables: [u32; 2],
    /// Whether this is the match's first table (the home team's pair N-S).
    pub first: bool,
    /// The home team, by entrant index.
    pub home: usize,
    /// The away team.
    pub away: usize,
    /// The boards the match plays.
    pub deals: Vec<u32>,
}

impl Room {
    /// This table's number.
    pub fn table(&self) -> u32 {
        self.tables[usize::from(!self.first)]
    }

    /// The match's other table.
    pub fn other_table(&self) -> u32 {
        self.tables[usize::from(self.first)]
    }

    /// The team whose pair sits N-S here.
    pub fn north_south(&self) -> usize {
        if self.first { self.home } else { self.away }
    }

    /// The team whose pair sits E-W here.
    pub fn east_west(&self) -> usize {
        if self.first { self.away } else { self.home }
    }

    /// The match's board `deal`, as the results hold it.
    pub fn match_key(&self, deal: u32) -> ResultKey {
        ResultKey {
            round: self.match_round,
            table: self.match_no,
            deal,
        }
    }

    /// The round each of `tables` plays the boards in.
    pub fn rounds(&self) -> [u32; 2] {
        if self.first {
            [self.round, self.other_round]
        } else {
            [self.other_round, self.round]
        }
    }

    /// Whether the match's two tables play its boards in different rounds (a three-way match
    /// over two rounds).
    pub fn is_long(&self) -> bool {
        self.round != self.other_round
    }

    /// This table's result on board `deal`, as the room results hold it.
    pub fn key(&self, deal: u32) -> ResultKey {
        ResultKey {
            round: self.round,
            table: self.table(),
            deal,
        }
    }

    /// The other table's result on board `deal`.
    pub fn other_key(&self, deal: u32) -> ResultKey {
        ResultKey {
            round: self.other_round,
            table: self.other_table(),
            deal,
        }
    }

    /// How the match's board written from both tables says where it came from.
    pub fn source(&self) -> String {
        let [first, second] = self.tables;
        format!("tables {first} and {second}")
    }
}

/// Whether the event's matches are teams of four scored match by match (a Swiss, a round
/// robin or a knockout), whose tables are numbered two to a match.
pub fn is_teams(event: &Event) -> bool {
    matches!(event.settings.scoring, Scoring::Teams { .. })
}

/// The tables of `round` a device may be given: a teams event's two tables a match (three for
/// a three-way), else the schedule's tables.
pub fn tables_of_round(event: &Event, round: &Round) -> Vec<u32> {
    if !is_teams(event) {
        return round.tables.iter().map(|t| t.number).collect();
    }
    round
        .tables
        .iter()
        .flat_map(|t| {
            if three_way::three_teams(t).is_some() || long_three_way::long_three_teams(t).is_some() {
                three_way::three_way_tables(t.number).to_vec()
            } else if match_teams(t).is_some() {
                match_tables(t.number).to_vec()
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// Every match of `seated` (round `round`) as seen from its first table: a head-on match, or
/// a three-way match's three half-matches (each at its two teams' tables).
fn match_rooms(event: &Event, round: u32, seated: &Table) -> Vec<Room> {
    if long_three_way::long_three_teams(seated).is_some() {
        return long_rooms(event, round, seated);
    }
    if let Some(teams) = three_way::three_teams(seated) {
        let tables = three_way::three_way_tables(seated.number);
        let table_of = |team: usize| teams.iter().position(|&t| t == team).map(|k| tables[k]);
        let Ok(deals) = three_way::half_match_deals(event, round) else {
            return Vec::new();
        };
        return three_way::half_matches(teams)
            .into_iter()
            .zip(deals)
            .filter_map(|((home, away), deals)| {
                Some(Room {
                    round,
                    other_round: round,
                    match_round: round,
                    match_no: seated.number,
                    tables: [table_of(home)?, table_of(away)?],
                    first: true,
                    home,
                    away,
                    deals,
                })
            })
            .collect();
    }
    match_teams(seated)
        .map(|(home, away)| Room {
            round,
            other_round: round,
            match_round: round,
            match_no: seated.number,
            tables: match_tables(seated.number),
            first: true,
            home,
            away,
            deals: event.deals_of_round(round).collect(),
        })
        .into_iter()
        .collect()
}

/// The three matches of a three-way match over two rounds at match `seated` of `round`, each
/// seen from its table in this round (`event::long_three_way`: set s is played by its first
/// table in the first round and its second table in the second, each table keeping its team's
/// N-S pair); the match's boards are kept under the second round's match.
fn long_rooms(event: &Event, round: u32, seated: &Table) -> Vec<Room> {
    let Some((long, half)) = long_three_way::long_half(&event.schedule, round, seated.number) else {
        return Vec::new();
    };
    let Ok(sets) = long_three_way::long_sets(event, long.first_round) else {
        return Vec::new();
    };
    let (second_round, second_match) = (
        long.first_round.saturating_add(1),
        long.second_match.unwrap_or(seated.number),
    );
    let first = long_seating(
        long.teams,
        three_way::three_way_tables(long.first_match),
        LongHalf::First,
    );
    let second = long_seating(
        long.teams,
        three_way::three_way_tables(second_match),
        LongHalf::Second,
    );
    let in_first = half == LongHalf::First;
    first
        .iter()
        .filter_map(|f| {
            let s = second.iter().find(|s| s.set == f.set)?;
            Some(Room {
                round,
                other_round: if in_first { second_round } else { long.first_round },
                match_round: second_round,
                match_no: second_match,
                tables: [f.table, s.table],
                first: in_first,
                home: f.ns,
                away: f.ew,
                deals: sets.get(f.set)?.clone(),
            })
        })
        .collect()
}

/// The matches table `table` plays in round `round` of a teams event, as seen from it: one
/// (a head-on match), two at a three-way match's table (the half-match it plays first, then
/// the second), none when no match of the round uses it or the event is not teams.
pub fn rooms_at(event: &Event, round: u32, table: u32) -> Vec<Room> {
    if !is_teams(event) {
        return Vec::new();
    }
    let Some(seated) = event.schedule.round(round) else {
        return Vec::new();
    };
    let mut rooms: Vec<Room> = seated
        .tables
        .iter()
        .flat_map(|t| match_rooms(event, round, t))
        .filter_map(|room| {
            // A long three-way's rooms are already seen from this round's table.
            if room.is_long() {
                return (room.table() == table).then_some(room);
            }
            room.tables.contains(&table).then(|| Room {
                first: room.tables[0] == table,
                ..room
            })
        })
        .collect();
    // At a three-way table the half-match where this table's team is away is played first.
    rooms.sort_by_key(|room| room.first);
    rooms
}

/// The match board `deal` of match `match_no` in `round` belongs to, as seen from its first
/// table (`None` when the match does not play it).
pub fn match_room(event: &Event, round: u32, match_no: u32, deal: u32) -> Option<Room> {
    let seated = event.schedule.table(round, match_no)?;
    match_rooms(event, round, seated)
        .into_iter()
        .find(|room| room.deals.contains(&deal))
}

/// Why table `table` of `round` takes no results from a phone when it is one of a three-way
/// match over two rounds (`event::long_three_way`), whose boards' two tables are a round apart:
/// the director enters its boards with its second round.
fn long_table(event: &Event, round: u32, table: u32) -> Option<String> {
    let seated = event.schedule.round(round)?;
    let number = seated.tables.iter().find_map(|t| {
        let long = super::long_three_way::long_three_teams(t).is_some();
        (long && three_way::three_way_tables(t.number).contains(&table)).then_some(t.number)
    })?;
    Some(format!(
        "table {table} is at match {number} of round {round}, a three-way match over two rounds: its boards are scored by the director from the score cards once both rounds are played, not from the tables' phones"
    ))
}

/// The match table `key.table` plays board `key.deal` in, in `key.round`; else why not, in
/// words.
pub fn room_for(event: &Event, key: ResultKey) -> Result<Room, String> {
    let rooms = rooms_at(event, key.round, key.table);
    if let Some(room) = rooms.iter().find(|room| room.deals.contains(&key.deal)) {
        return Ok(room.clone());
    }
    if rooms.is_empty() {
        if let Some(long) = long_table(event, key.round, key.table) {
            return Err(long);
        }
        return Err(format!(
            "no match of round {} is played at table {}",
            key.round, key.table
        ));
    }
    let deals: Vec<u32> = rooms.iter().flat_map(|room| room.deals.iter().copied()).collect();
    Err(format!(
        "table {} plays boards {} in round {}, not board {}",
        key.table,
        three_way::deals_text(&deals),
        key.round,
        key.deal
    ))
}

/// The match's board from both tables' results: the first table's N-S score and the second's
/// (`None` while either has no N-S score, which a table's own entry always has).
pub fn match_board(first: &BridgeResult, second: &BridgeResult, deal: u32) -> Option<TeamBoard> {
    Some(TeamBoard::Tables {
        table1_ns: first.north_south_score(deal)?,
        table2_ns: second.north_south_score(deal)?,
    })
}

/// A match's board in words, for the tables: "Aces +10 IMPs (470 net)", "no IMPs (10 net to
/// Barons)", "no IMPs (the same score at both tables)" (`None` for a score out of range,
/// which the write path refuses before).
pub fn swing_words(event: &Event, room: &Room, board: TeamBoard) -> Option<String> {
    let net = board.entry().net().ok()?;
    let imps = crate::scoring::bridge::imps(net);
    let gainer = if net >= 0 { room.home } else { room.away };
    let name = event.schedule.entrants.get(gainer)?;
    let net = net.unsigned_abs();
    Some(match imps {
        0 if net == 0 => "no IMPs (the same score at both tables)".to_owned(),
        0 => format!("no IMPs ({net} net to {name})"),
        i => format!("{name} +{} IMPs ({net} net)", i.unsigned_abs()),
    })
}

/// The boards table `table` still needs in round `round` of a teams event: each board it
/// plays with neither this table's result nor the match's board (the director's).
pub fn missing_in_room(
    event: &Event,
    results: &Results,
    rooms: &RoomResults,
    round: u32,
    table: u32,
) -> Vec<ResultKey> {
    rooms_at(event, round, table)
        .iter()
        .flat_map(|room| {
            room.deals
                .iter()
                .filter(|&&deal| {
                    !rooms.contains_key(&room.key(deal))
                        && !matches!(
                            results.get(&room.match_key(deal)),
                            Some(ResultValue::Teams { .. })
                        )
                })
                .map(|&deal| room.key(deal))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::bridge::{Contract, Direction};

    #[test]
    fn a_matchs_tables_are_two_rooms_with_the_teams_crossed() {
        let room = Room {
            round: 2,
            other_round: 2,
            match_round: 2,
            match_no: 3,
            tables: [5, 6],
            first: false,
            home: 4,
            away: 1,
            deals: vec![8, 9],
        };
        assert_eq!((room.table(), room.other_table()), (6, 5));
        assert_eq!((room.north_south(), room.east_west()), (1, 4));
        assert_eq!(
            room.match_key(9),
            ResultKey {
                round: 2,
                table: 3,
                deal: 9
            }
        );
        assert_eq!(room.other_key(9).table, 5);
        assert_eq!(room.source(), "tables 5 and 6");
        let first = Room { first: true, ..room };
        assert_eq!((first.table(), first.north_south()), (5, 4));
        assert!(!first.is_long());
        // A long three-way's set: table 5 plays it in round 2, table 7 in round 3; kept under
        // round 3's match.
        let long = Room {
            round: 3,
            other_round: 2,
            match_round: 3,
            tables: [5, 7],
            ..first.clone()
        };
        let long = Room { first: false, ..long };
        assert!(long.is_long());
        assert_eq!(long.table(), 7);
        assert_eq!(long.rounds(), [2, 3]);
        assert_eq!(
            long.other_key(9),
            ResultKey {
                round: 2,
                table: 5,
                deal: 9
            }
        );
        assert_eq!(long.match_key(9).round, 3);
    }

    #[test]
    fn both_tables_scores_make_the_match_board() {
        // Board 1, nobody vulnerable: 4S by N making is +420; 3NT by E one off is +50 to N-S.
        let four_spades = BridgeResult::Contract {
            contract: Contract::parse("4S").unwrap(),
            declarer: Direction::North,
            tricks: 10,
            lead: None,
        };
        let three_nt_down = BridgeResult::Contract {
            contract: Contract::parse("3NT").unwrap(),
            declarer: Direction::East,
            tricks: 8,
            lead: None,
        };
        assert_eq!(
            match_board(&four_spades, &three_nt_down, 1),
            Some(TeamBoard::Tables {
                table1_ns: 420,
                table2_ns: 50
            })
        );
        assert_eq!(
            match_board(&BridgeResult::PassedOut, &BridgeResult::NotPlayed, 1),
            None
        );
    }
}
