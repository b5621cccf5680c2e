//! The domain model every engine, exporter, view and verifier shares: players, rosters and
//! the one `Schedule` type (rounds → tables → seats, plus who sits out each round).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A stable player identifier. It survives renames and re-sorting of the roster, so results
/// entered against it stay attached to the right person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The player this one must be kept apart from (never partners in whist, never meet in a
    /// pairs round robin). Always mutual in a validated roster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spouse: Option<PlayerId>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stationary: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

impl Player {
    pub fn new(id: u32, name: impl Into<String>) -> Self {
        Player {
            id: PlayerId(id),
            name: name.into(),
            club: None,
            rating: None,
            team: None,
            board: None,
            spouse: None,
            stationary: false,
            email: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    pub players: Vec<Player>,
}

impl Roster {
    /// A roster of `n` players called "Player 1" … "Player n".
    pub fn numbered(n: usize) -> Self {
        Roster {
            players: (1..=n as u32)
                .map(|i| Player::new(i, format!("Player {i}")))
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Every couple once, as roster indices `(a, b)` with `a < b`.
    pub fn couples(&self) -> Vec<(usize, usize)> {
        let index_of = |id: PlayerId| self.players.iter().position(|p| p.id == id);
        let mut couples = Vec::new();
        for (a, player) in self.players.iter().enumerate() {
            if let Some(b) = player.spouse.and_then(index_of)
                && a < b
            {
                couples.push((a, b));
            }
        }
        couples
    }

    /// Pairs of roster indices as "Ann & Bob, Cy & Di", for messages.
    pub fn describe_pairs(&self, pairs: &[(usize, usize)]) -> String {
        let name = |i: usize| self.players.get(i).map_or("?", |p| p.name.as_str());
        pairs
            .iter()
            .map(|&(a, b)| format!("{} & {}", name(a), name(b)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn stationary_index(&self) -> Option<usize> {
        self.players.iter().position(|p| p.stationary)
    }
}

/// Which rules a schedule follows; the verifier picks its checks from this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Individual whist/bridge movement: four players a table, N–S against E–W.
    Whist,
    /// Pairs or teams meeting one another, home against away (or White against Black).
    RoundRobin,
    /// Team chess: every game a White and a Black player from different teams, with boards.
    TeamChess,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Whist => "whist",
            Format::RoundRobin => "round-robin",
            Format::TeamChess => "team-chess",
        }
    }
}

/// A seat at a table. Whist tables seat N, E, S, W clockwise (so North's left-hand opponent
/// is East); round robins seat home against away; chess seats White against Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    N,
    E,
    S,
    W,
    Home,
    Away,
    White,
    Black,
}

impl Seat {
    pub fn label(self) -> &'static str {
        match self {
            Seat::N => "N",
            Seat::E => "E",
            Seat::S => "S",
            Seat::W => "W",
            Seat::Home => "home",
            Seat::Away => "away",
            Seat::White => "white",
            Seat::Black => "black",
        }
    }

    /// Reads a seat label as written in the long CSV format; case and a few spelled-out
    /// synonyms are accepted because hand-made schedules use them.
    pub fn parse(text: &str) -> Option<Seat> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "n" | "north" => Seat::N,
            "e" | "east" => Seat::E,
            "s" | "south" => Seat::S,
            "w" | "west" => Seat::W,
            "home" | "h" => Seat::Home,
            "away" | "a" => Seat::Away,
            "white" => Seat::White,
            "black" => Seat::Black,
            _ => return None,
        })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAssignment {
    pub seat: Seat,
    /// Index into `Schedule::entrants`.
    pub entrant: usize,
    /// Board number for chess games (1 = top board); absent elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// 1-based table number as printed on the table card.
    pub number: u32,
    pub seats: Vec<SeatAssignment>,
}

impl Table {
    pub fn entrant_at(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().find(|s| s.seat == seat).map(|s| s.entrant)
    }
}

/// Why someone is not at a table this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Absence {
    /// A round robin bye: the entrant's would-be opponent does not exist.
    Bye,
    /// A whist sit-out: more players than seats this round.
    SitOut,
}

impl Absence {
    pub fn label(self) -> &'static str {
        match self {
            Absence::Bye => "bye",
            Absence::SitOut => "sit-out",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absent {
    pub entrant: usize,
    pub kind: Absence,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 1-based round number as played.
    pub number: u32,
    pub tables: Vec<Table>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<Absent>,
}

/// The one schedule type every generator returns and every exporter, view and verifier reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    pub format: Format,
    /// Display names; seats refer to entrants by index into this list.
    pub entrants: Vec<String>,
    pub rounds: Vec<Round>,
    /// What the schedule promises, so the verifier knows what to hold it to.
    #[serde(default)]
    pub promise: Promise,
    /// Team events: the team of each entrant (same order as `entrants`); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entrant_teams: Vec<String>,
}

/// The guarantees a generator claims for its schedule. The verifier checks them; a hand-made
/// schedule read from CSV gets them inferred or from the command line.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Promise {
    /// How many times every pair meets (1 single, 2 double round robin; for whist 1 means the
    /// full cycle); `None` when the schedule is only part of a cycle and no completeness is
    /// promised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u32>,
    /// Pairs of entrant indices that must never meet (round robin) or never partner (whist).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep_apart: Vec<(usize, usize)>,
    /// One round of pairings (the pseudo round that seats the couples) is deliberately not
    /// played: the pairs that never meet must make up a single round, couples among them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pseudo_round: bool,
    /// Whist: every player has each other player once on their left and once on their right.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub directed: bool,
    /// Team chess: which kind of team event, so the verifier applies that event's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_event: Option<TeamEvent>,
}

/// The kinds of team chess event Tourney schedules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamEvent {
    /// Many teams, everyone plays every round against another team's player within one
    /// board of their own (the nine rules of the team-chess issue, with floats).
    Jamboree,
    /// Teams meet in a round robin; each match is board 1 against board 1, 2 against 2, …
    RoundRobin,
    /// Two teams; every player of one meets every player of the other once.
    Scheveningen,
}

impl Schedule {
    pub fn entrant_count(&self) -> usize {
        self.entrants.len()
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }
}
