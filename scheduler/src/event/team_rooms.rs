//! A teams match scored from the tables' phones: each of a match's two tables enters its own
//! contract on each board, as at a pairs evening, and once both tables have a board their two
//! N-S scores become the match's board (`TeamBoard::Tables`), written through the same write
//! path as a board typed in the window (`EventFile::table_result`).
//!
//! The tables are numbered as the sheets number them ([`teams::match_tables`]): match m at
//! tables 2m − 1 (the home team's pair N-S, the "first" table) and 2m (the away team's pair
//! N-S). A three-way match's tables ([`three_way::three_way_tables`]) play half-matches on
//! boards shared three ways: their score cards go to the director, who enters them.

use super::teams::{TeamBoard, match_tables, match_teams};
use super::{BridgeResult, Event, ResultKey, ResultValue, Results, Scoring, three_way};
use crate::model::Round;
use std::collections::BTreeMap;

/// Each table's own result on each board of its match, by round, table (2m − 1 or 2m) and
/// board.
pub type RoomResults = BTreeMap<ResultKey, BridgeResult>;

/// Where a table of a teams event sits in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableSeat {
    /// One of a head-on match's two tables.
    Room(Room),
    /// One of a three-way match's three tables: scored by the director.
    ThreeWay {
        /// The match's number in the round.
        match_no: u32,
    },
}

/// One of the two tables of a head-on teams match in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    /// The round.
    pub round: u32,
    /// The match's number in the round (the schedule's table number).
    pub match_no: u32,
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
        match_tables(self.match_no)[usize::from(!self.first)]
    }

    /// The match's other table.
    pub fn other_table(&self) -> u32 {
        match_tables(self.match_no)[usize::from(self.first)]
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
            round: self.round,
            table: self.match_no,
            deal,
        }
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
            table: self.other_table(),
            ..self.key(deal)
        }
    }

    /// How the match's board written from both tables says where it came from.
    pub fn source(&self) -> String {
        let [first, second] = match_tables(self.match_no);
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
            if three_way::three_teams(t).is_some() {
                three_way::three_way_tables(t.number).to_vec()
            } else if match_teams(t).is_some() {
                match_tables(t.number).to_vec()
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// Where table `table` sits in round `round` of a teams event (`None` when no match of the
/// round uses it, or the event is not teams).
pub fn seat_at(event: &Event, round: u32, table: u32) -> Option<TableSeat> {
    if !is_teams(event) {
        return None;
    }
    let seated = event.schedule.round(round)?;
    seated.tables.iter().find_map(|t| {
        if three_way::three_teams(t).is_some() {
            return three_way::three_way_tables(t.number)
                .contains(&table)
                .then_some(TableSeat::ThreeWay { match_no: t.number });
        }
        let (home, away) = match_teams(t)?;
        let [first, second] = match_tables(t.number);
        (table == first || table == second).then(|| {
            TableSeat::Room(Room {
                round,
                match_no: t.number,
                first: table == first,
                home,
                away,
                deals: event.deals_of_round(round).collect(),
            })
        })
    })
}

/// The match table `key.table` plays in `key.round`, when it plays board `key.deal` of a
/// head-on match; else why not, in words.
pub fn room_for(event: &Event, key: ResultKey) -> Result<Room, String> {
    match seat_at(event, key.round, key.table) {
        Some(TableSeat::Room(room)) if room.deals.contains(&key.deal) => Ok(room),
        Some(TableSeat::Room(room)) => Err(format!(
            "match {} of round {} plays boards {}, not board {}",
            room.match_no,
            key.round,
            three_way::deals_text(&room.deals),
            key.deal
        )),
        Some(TableSeat::ThreeWay { match_no }) => Err(format!(
            "table {} is in match {match_no} of round {}, a three-way match: its score cards go to the director, who enters them",
            key.table, key.round
        )),
        None => Err(format!(
            "no match of round {} is played at table {}",
            key.round, key.table
        )),
    }
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

/// The boards table `table` still needs in round `round` of a teams event: each board of its
/// match with neither this table's result nor the match's board (entered by the director); a
/// three-way table's, each of its boards the director has not entered yet.
pub fn missing_in_room(
    event: &Event,
    results: &Results,
    rooms: &RoomResults,
    round: u32,
    table: u32,
) -> Vec<ResultKey> {
    match seat_at(event, round, table) {
        Some(TableSeat::Room(room)) => room
            .deals
            .iter()
            .filter(|&&deal| {
                !rooms.contains_key(&room.key(deal)) && !results.contains_key(&room.match_key(deal))
            })
            .map(|&deal| room.key(deal))
            .collect(),
        Some(TableSeat::ThreeWay { match_no }) => {
            let Some(seated) = event.schedule.table(round, match_no) else {
                return Vec::new();
            };
            super::teams::deals_at_table(event, round, seated)
                .into_iter()
                .map(|deal| ResultKey {
                    round,
                    table: match_no,
                    deal,
                })
                .filter(|key| !matches!(results.get(key), Some(ResultValue::Teams { .. })))
                .map(|key| ResultKey { table, ..key })
                .collect()
        }
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::bridge::{Contract, Direction};

    #[test]
    fn a_matchs_tables_are_two_rooms_with_the_teams_crossed() {
        let room = Room {
            round: 2,
            match_no: 3,
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
