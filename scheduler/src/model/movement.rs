//! A club pairs movement where the boards move (Mitchell, Howell), as data: which pair sits
//! where and which set of boards each table plays, round by round. Part of the model because
//! a schedule carries its movement; the generators, adjustments and exports are in
//! `crate::movement`, and `crate::verify::movement` checks one without sharing their code.
//!
//! Pairs are numbered 1..=`pairs` in one sequence (a Mitchell's N-S pairs first, then its
//! E-W pairs; `label` gives the club's "3 NS" / "3 EW" names). Board sets are numbered
//! 1..=`sets`; set s holds boards (s − 1)·k + 1 … s·k with k = `boards_per_round`.

use serde::{Deserialize, Serialize};

/// The kinds of movement a club runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MovementKind {
    /// Odd number of tables: N-S stay, E-W move up one table, boards move down one.
    Mitchell,
    /// Even number of tables: as a Mitchell, but E-W skip a table after half the rounds.
    SkipMitchell,
    /// Even number of tables: a relay (bye) stand between the middle tables and the last
    /// table sharing boards with table 1.
    RelayMitchell,
    /// Every pair meets every other pair once.
    Howell,
    /// Three tables (5 or 6 pairs): the complete Howell in half-sets, every board played at
    /// all three tables; each meeting is two rounds with the same seats
    /// (`MovementRound::same_seats`), one half-set each.
    HalfSetHowell,
    /// Five to eight tables: fewer rounds than a complete Howell (7, 8, 10 or 11), some pairs
    /// stationary, so every pair meets about three quarters of the field and plays every
    /// board set (6 tables: 8 rounds, 8 pairs move and 4 stay, each pair meets 8 of 11).
    ThreeQuarterHowell,
    /// Six tables: the EBU clubs' 9-round three-quarter Howell (6 pairs move, 3 stay, 9 board
    /// sets with 3 on relay stands each round); every pair meets 9 of the 11 others.
    RelayThreeQuarterHowell,
    /// A club teams-of-four night (`crate::movement::teams`): one table per team, its N-S
    /// pair at home (pair t for team t), its E-W pair moving (pair n + t); every two teams
    /// meet in one match, its two halves on the same set, often in different rounds. Scored
    /// as team matches, not matchpoints.
    TeamsOfFour,
}

impl MovementKind {
    /// Whether pairs keep one direction all evening (two winners, unless arrow-switched).
    pub fn is_mitchell(self) -> bool {
        !matches!(
            self,
            MovementKind::Howell
                | MovementKind::HalfSetHowell
                | MovementKind::ThreeQuarterHowell
                | MovementKind::RelayThreeQuarterHowell
        )
    }

    /// The club's name for the kind.
    pub fn name(self) -> &'static str {
        match self {
            MovementKind::Mitchell => "Mitchell",
            MovementKind::SkipMitchell => "skip Mitchell",
            MovementKind::RelayMitchell => "share-and-relay Mitchell",
            MovementKind::Howell => "Howell",
            MovementKind::HalfSetHowell => "Howell in half-sets",
            MovementKind::ThreeQuarterHowell => "three-quarter Howell",
            MovementKind::RelayThreeQuarterHowell => "three-quarter Howell with relays",
            MovementKind::TeamsOfFour => "teams-of-four movement",
        }
    }
}

/// One table in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    /// 1-based table number, as on the table card.
    pub table: usize,
    /// The pair sitting North-South (a pair number, 1-based).
    pub ns: usize,
    /// The pair sitting East-West.
    pub ew: usize,
    /// The board set played at this table this round (1-based).
    pub set: usize,
}

/// One round: the tables in play, the pairs sitting out (only where a phantom pair makes the
/// field odd), and the board sets resting on a relay/bye stand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementRound {
    /// 1-based.
    pub number: usize,
    /// The tables in play this round (a table whose pair is absent is left out).
    pub tables: Vec<TableRound>,
    /// Pairs with no opponents this round.
    #[serde(default)]
    pub sitting_out: Vec<usize>,
    /// Board sets not played this round: on the relay stand(s), or at the table where a
    /// phantom pair would sit.
    #[serde(default)]
    pub resting_sets: Vec<usize>,
    /// Arrow switch: the pairs of a Mitchell play this round in the other direction (the
    /// pair numbered N-S sits E-W). `tables` already shows who sits where; this says why.
    #[serde(default)]
    pub arrow_switch: bool,
    /// The pairs sit exactly as in the round before: only the boards change. The 3-table
    /// Howell without a relay plays each meeting as two such rounds of a half-set each, so
    /// that every board is played at all three tables (`movement::howell::half_sets`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub same_seats: bool,
    /// A set relayed round several tables within the round (the 4-team night's relay,
    /// `movement::teams`): the set cut into part-sets, each passed from table to table so
    /// that every table plays every board of the set once. Empty for every other round (and
    /// in every file written before relays were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relay: Vec<RelayPart>,
}

impl MovementRound {
    /// The part-sets table `table` (1-based) plays in a relayed round, in the order played,
    /// each with the table it goes to next (`None`: the part is done); empty for a round
    /// without a relay there.
    pub fn relay_at(&self, table: usize) -> Vec<(&RelayPart, Option<usize>)> {
        let stages = self.relay.iter().map(|p| p.tables.len()).max().unwrap_or(0);
        (0..stages)
            .filter_map(|stage| {
                let part = self.relay.iter().find(|p| p.tables.get(stage) == Some(&table))?;
                Some((part, part.tables.get(stage + 1).copied()))
            })
            .collect()
    }
}

/// One part-set of a set relayed round tables within a round: its boards and the tables
/// that play it, in order: the first starts the round with it, and after each stage of the
/// round it goes to the next (stage s of the round: `tables[s]` plays it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayPart {
    /// The first board of the part (a board number, 1-based).
    pub first_board: usize,
    /// The last board of the part.
    pub last_board: usize,
    /// The tables that play the part, stage by stage.
    pub tables: Vec<usize>,
}

impl RelayPart {
    /// The part's boards as the cards say them: "3–4", or "5" for one board.
    pub fn boards_text(&self) -> String {
        if self.first_board == self.last_board {
            self.first_board.to_string()
        } else {
            format!("{}–{}", self.first_board, self.last_board)
        }
    }
}

/// How four teams play a teams night: the choice an organiser makes (other counts have one
/// movement each).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FourTeams {
    /// The published arrangement (MIT/DL Bridge Club, "Team Movements", 2010): round r's
    /// four tables all play set r, relayed round them in four part-sets; 3 sets in all,
    /// each board played four times.
    Relay,
    /// Each round's two matches on a set of their own, passed between the match's two
    /// tables: 6 sets, each board played twice.
    HeadToHead,
}

impl FourTeams {
    /// The word the command line and the files use: "relay" / "head-to-head".
    pub fn word(self) -> &'static str {
        match self {
            FourTeams::Relay => "relay",
            FourTeams::HeadToHead => "head-to-head",
        }
    }
}

/// A whole movement: what the table cards, travellers and guide cards are printed from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement {
    /// Mitchell or Howell, and which variant.
    pub kind: MovementKind,
    /// Pairs, numbered 1..=pairs (a phantom pair, if any, is one of them: see `phantom`).
    pub pairs: usize,
    /// Tables in the room, numbered 1..=tables.
    pub tables: usize,
    /// Boards in each set: the boards a table plays in a round.
    pub boards_per_round: usize,
    /// Board sets in play over the evening.
    pub sets: usize,
    /// A pair that is not there (odd number of pairs). It never appears in `tables`: the
    /// pair it would have met is in that round's `sitting_out` and the boards of that table
    /// in its `resting_sets`.
    #[serde(default)]
    pub phantom: Option<usize>,
    /// Pairs of tables that share a board set in the same round (lower table first), e.g.
    /// the last table and table 1 in a relay-and-share Mitchell. Every other board set is at
    /// one table at a time.
    #[serde(default)]
    pub sharing: Vec<(usize, usize)>,
    /// Pairs that left during the evening: from the round after, they are treated like the
    /// phantom (in no table; their opponents sit out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawn: Vec<Withdrawal>,
    /// Where the phantom pair would sit, round by round: the table of the full movement it
    /// was taken out of (one of `ns`/`ew` is the phantom). Kept so that a pair arriving late
    /// can take its seat. Empty when the movement has no phantom, has no seat with boards
    /// for it (the 2½-table Howell), or was stored before these were kept (a late pair then
    /// has them made again from the movement's kind: `movement::arrive`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phantom_seats: Vec<PhantomSeat>,
    /// Pairs that arrived after the start and took the phantom's seat: absent, like the
    /// phantom, from the rounds before their arrival.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late: Vec<LatePair>,
    /// The rounds in order, numbered from 1.
    pub rounds: Vec<MovementRound>,
}

/// The phantom's place in one round of the full movement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhantomSeat {
    /// The round, from 1.
    pub round: usize,
    /// The table as the full movement has it, the phantom at one side of it.
    pub table: TableRound,
}

/// How the boards a late pair missed are scored: the director's choice.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissedBoards {
    /// Not played: the pair is scored on the boards it played (its percentage is of their
    /// tops), as a pair sitting out is.
    #[default]
    NotPlayed,
    /// Average: the pair is given half the top (50 %) on each board it would have played
    /// in the rounds it missed. Its opponents of those rounds sat out, as they did against
    /// the phantom, and are scored as before.
    Average,
}

impl MissedBoards {
    /// The words for the organiser: "not played (factored)" / "average (50 %)".
    pub fn describe(self) -> &'static str {
        match self {
            MissedBoards::NotPlayed => "not played (the pair is scored on the boards it plays)",
            MissedBoards::Average => "average (50 % of the top on each board it missed)",
        }
    }
}

/// A pair that arrived after the start, in the phantom's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LatePair {
    /// The pair (a pair number, 1-based: the phantom's number it took).
    pub pair: usize,
    /// The first round the pair plays; before it, it is absent.
    pub before_round: usize,
    /// How its missed boards are scored.
    #[serde(default)]
    pub missed: MissedBoards,
}

/// A pair that played rounds 1..=`after_round` and then left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    /// The pair that left (a pair number, 1-based).
    pub pair: usize,
    /// The last round the pair played; from the round after, it is absent.
    pub after_round: usize,
}

impl Movement {
    /// Whether `pair` is missing from round `round`: the phantom, a pair that has left, or
    /// a pair that has not arrived yet.
    pub fn is_absent(&self, pair: usize, round: usize) -> bool {
        self.phantom == Some(pair)
            || self
                .withdrawn
                .iter()
                .any(|w| w.pair == pair && round > w.after_round)
            || self.late_arrival(pair).is_some_and(|l| round < l.before_round)
    }

    /// The tables as the club says them: "7", or "2½" for the 2½-table Howell (5 pairs),
    /// whose third table is never played at: the pair that would sit there rests.
    pub fn tables_text(&self) -> String {
        let used: std::collections::BTreeSet<usize> = self
            .rounds
            .iter()
            .flat_map(|r| r.tables.iter().map(|t| t.table))
            .collect();
        if self.phantom.is_some() && used.len() + 1 == self.tables && !self.rounds.is_empty() {
            format!("{}½", used.len())
        } else {
            self.tables.to_string()
        }
    }

    /// The late arrival of `pair`, if it arrived late.
    pub fn late_arrival(&self, pair: usize) -> Option<&LatePair> {
        self.late.iter().find(|l| l.pair == pair)
    }

    /// Whether the evening has one winner: a Howell, or a Mitchell with an arrow switch.
    pub fn one_winner(&self) -> bool {
        !self.kind.is_mitchell() || self.rounds.iter().any(|r| r.arrow_switch)
    }

    /// The club's name for a pair: "3 NS" / "3 EW" in a Mitchell (numbered by their first
    /// table), the plain number in a Howell.
    pub fn label(&self, pair: usize) -> String {
        if self.kind.is_mitchell() {
            if pair <= self.tables {
                format!("{pair} NS")
            } else {
                format!("{} EW", pair - self.tables)
            }
        } else {
            pair.to_string()
        }
    }

    /// The boards of a set, first to last.
    pub fn boards_of_set(&self, set: usize) -> std::ops::RangeInclusive<usize> {
        let first = set.saturating_sub(1) * self.boards_per_round + 1;
        first..=first + self.boards_per_round - 1
    }
}

/// One table in one round of a club teams-of-four movement (`crate::movement::teams` makes
/// one): the teams (1-based) whose N-S and E-W pairs sit there, and the board set (1-based)
/// they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamsTable {
    /// The table, 1-based: table t is team t's home table.
    pub table: usize,
    /// The team whose N-S pair sits here (the table's home team).
    pub ns: usize,
    /// The team whose E-W pair sits here.
    pub ew: usize,
    /// The board set played, 1-based (set s holds boards (s − 1)·k + 1 … s·k).
    pub set: usize,
    /// The other table playing the same set this round (the two pass the boards between
    /// them), if any.
    pub shares_with: Option<usize>,
}

/// A teams movement: its name, the teams and the sets, and every round's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamsMovement {
    /// The movement's name ("American Whist").
    pub name: &'static str,
    /// Teams, and tables (one each).
    pub teams: usize,
    /// Board sets in play.
    pub sets: usize,
    /// Boards in a set.
    pub boards_per_round: usize,
    /// The rounds, each with every table in table order.
    pub rounds: Vec<Vec<TeamsTable>>,
    /// Round by round (the same length as `rounds`, or empty when no round has one): the
    /// part-sets of a set relayed round the tables playing it, as
    /// `MovementRound::relay`; an empty list for a round without a relay.
    pub relays: Vec<Vec<RelayPart>>,
}
