//! The domain model every engine, exporter, view and verifier shares: players, rosters and
//! the one `Schedule` type (rounds → tables → seats, plus who sits out each round).

pub mod movement;
pub mod squad;

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

/// One person on the roster, as imported or typed in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Stable across renames and re-sorting; results and spouses refer to it.
    pub id: PlayerId,
    /// As the roster gives it: shown on every sheet and export, and unique in a valid roster
    /// (ignoring case).
    pub name: String,
    /// The player's club, from the roster; kept and shown, not used in scheduling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// A rating from the roster; kept and shown, not used in scheduling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// The player's team, from the roster: team chess groups players by it. `None` when the
    /// roster gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Team chess: the player's board in the team, from 1 (top). Players without one come after
    /// those with one, in roster order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The player this one must be kept apart from (never partners in whist, never meet in a
    /// pairs round robin). Always mutual in a validated roster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spouse: Option<PlayerId>,
    /// Keeps the same seat all evening (the stationary seat in whist, the fixed position of a
    /// round robin). At most one player in a valid roster.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stationary: bool,
    /// A contact address from the roster; kept and shown, not used in scheduling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// An individual's member or national number (EBU, ACBL, FIDE or any federation's ID),
    /// kept as text: leading zeros and letters matter. A pair's numbers are its members'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// A prize category from the roster (ladies and gents, or any groups the club uses):
    /// a whist drive ranks each category and names its best. `None` when the roster gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// A pairs entrant's two players, in roster order; empty for an individual (and for the
    /// numbered pairs "Player 1" … of a pairs event made without a roster). The entrant's
    /// `name` is theirs joined by " & " (see [`Player::pair`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
    /// A teams-of-four entrant's players (four to six in a full team), in roster order, each
    /// with its member number; empty when the roster names the teams only. Kept apart from
    /// [`Player::members`], which is always a pair's two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squad: Vec<Member>,
}

/// One of the two players of a pairs entrant.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Member {
    /// As the roster gives it.
    pub name: String,
    /// The player's member or national number, as text (see [`Player::number`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
}

impl Member {
    /// A member called `name` without a number.
    pub fn new(name: impl Into<String>) -> Self {
        Member {
            name: name.into(),
            number: None,
        }
    }

    /// A member called `name` with the member number `number`.
    pub fn numbered(name: impl Into<String>, number: impl Into<String>) -> Self {
        Member {
            name: name.into(),
            number: Some(number.into()),
        }
    }

    /// "Ann Archer (012345)", or the name alone without a number: how lists show a member.
    pub fn describe(&self) -> String {
        match &self.number {
            Some(number) => format!("{} ({number})", self.name),
            None => self.name.clone(),
        }
    }
}

impl From<&str> for Member {
    fn from(name: &str) -> Self {
        Member::new(name)
    }
}

impl From<String> for Member {
    fn from(name: String) -> Self {
        Member::new(name)
    }
}

/// What joins the two names of a pair in its entrant name: "Ann Archer & Bob Archer".
pub const PAIR_JOIN: &str = " & ";

impl Player {
    /// A player with id `id` and name `name` and nothing else filled in.
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
            number: None,
            members: Vec::new(),
            category: None,
            squad: Vec::new(),
        }
    }

    /// A pairs entrant with id `id` of the players `a` and `b` (names, or [`Member`]s with
    /// their numbers), named "A & B".
    pub fn pair(id: u32, a: impl Into<Member>, b: impl Into<Member>) -> Self {
        let members = vec![a.into(), b.into()];
        let mut player = Player::new(id, Player::pair_name(&members));
        player.members = members;
        player
    }

    /// The entrant name of a pair of `members`: their names joined by " & ".
    pub fn pair_name(members: &[Member]) -> String {
        members
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(PAIR_JOIN)
    }

    /// Whether this entrant is a pair read from a pairs roster (it has members).
    pub fn is_pair(&self) -> bool {
        !self.members.is_empty()
    }

    /// The members' names and numbers as lists show them ("Ann (0123) & Bob (4567)"); for
    /// a team with its players, theirs ("Ann (0123), Bob, Cy, Di"); for an individual, the
    /// name and number the same way.
    pub fn describe_members(&self) -> String {
        if !self.squad.is_empty() {
            squad::describe_squad(self)
        } else if self.is_pair() {
            self.members
                .iter()
                .map(Member::describe)
                .collect::<Vec<_>>()
                .join(PAIR_JOIN)
        } else {
            Member {
                name: self.name.clone(),
                number: self.number.clone(),
            }
            .describe()
        }
    }
}

/// The players of an event, in the organiser's order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    /// In the order imported or typed in.
    pub players: Vec<Player>,
}

impl Roster {
    /// A roster of `n` teams called "Team 1" … "Team n" (a teams event without a roster).
    pub fn numbered_teams(n: usize) -> Self {
        Roster {
            players: (1..=n as u32)
                .map(|i| Player::new(i, format!("Team {i}")))
                .collect(),
        }
    }

    /// A roster of `n` players called "Player 1" … "Player n".
    pub fn numbered(n: usize) -> Self {
        Roster {
            players: (1..=n as u32)
                .map(|i| Player::new(i, format!("Player {i}")))
                .collect(),
        }
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether there are no players.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// Whether any entrant is a pair with members (a roster of pairs).
    pub fn has_pairs(&self) -> bool {
        self.players.iter().any(Player::is_pair)
    }

    /// The number of people on the roster: two for each pair, one for each other entrant.
    pub fn people(&self) -> usize {
        self.players.iter().map(|p| p.members.len().max(1)).sum()
    }

    /// Why a roster of pairs cannot be used by an event that seats individual players
    /// (`format`, the format in words: "whist drive"); `None` when the roster holds no pairs.
    pub fn pairs_refused(&self, format: &str) -> Option<String> {
        let pairs = self.players.iter().filter(|p| p.is_pair()).count();
        (pairs > 0).then(|| {
            format!(
                "the roster holds {pairs} pair(s) ({}, …), but {format} events seat individual \
                 players: give a roster of one player a line, or choose a pairs format",
                self.players
                    .iter()
                    .find(|p| p.is_pair())
                    .map_or("", |p| p.name.as_str())
            )
        })
    }

    /// The players' names in roster order (a schedule's entrants).
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Every couple once, as roster indices `(a, b)` with `a < b`.
    pub fn couples(&self) -> Vec<(usize, usize)> {
        self.spouse_indices()
            .into_iter()
            .enumerate()
            .filter_map(|(a, spouse)| spouse.filter(|&b| a < b).map(|b| (a, b)))
            .collect()
    }

    /// Each player's spouse as a roster index: `None` without a spouse or when the spouse's
    /// id is not in the roster (the first player with an id wins, as in [`Roster::player`]).
    /// One map for the whole roster, so a roster of 100,000 stays linear.
    pub fn spouse_indices(&self) -> Vec<Option<usize>> {
        let mut index_of: std::collections::HashMap<PlayerId, usize> =
            std::collections::HashMap::with_capacity(self.players.len());
        for (index, player) in self.players.iter().enumerate() {
            index_of.entry(player.id).or_insert(index);
        }
        self.players
            .iter()
            .map(|p| p.spouse.and_then(|id| index_of.get(&id).copied()))
            .collect()
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

    /// The roster index of the player marked stationary (the first, if several are).
    pub fn stationary_index(&self) -> Option<usize> {
        self.players.iter().position(|p| p.stationary)
    }

    /// The first player with id `id`.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The next unused player id.
    pub fn next_id(&self) -> PlayerId {
        PlayerId(self.players.iter().map(|p| p.id.0).max().unwrap_or(0) + 1)
    }

    /// Problems that make a roster unusable for scheduling, one sentence each naming the
    /// player: empty or repeated names, repeated ids, spouses who are missing or not mutual,
    /// more than one stationary player. Empty when the roster is fine.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen_names: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
        let mut seen_ids = std::collections::HashSet::new();
        let spouses = self.spouse_indices();
        for (index, player) in self.players.iter().enumerate() {
            let name = player.name.trim();
            if let Err(why) = crate::text::screen_line(&format!("the name of player {}", index + 1), name) {
                problems.push(why);
            } else if name.is_empty() {
                problems.push(format!("player {} has no name", index + 1));
            } else if let Some(earlier) = seen_names.insert(name.to_lowercase(), &player.name) {
                problems.push(format!(
                    "\"{name}\" is listed twice (also as \"{earlier}\"); add an initial to tell them apart"
                ));
            }
            if !seen_ids.insert(player.id) {
                problems.push(format!("{name}: player number {} is used twice", player.id));
            }
            if let Some(spouse) = player.spouse {
                match spouses[index].map(|i| &self.players[i]) {
                    None => problems.push(format!("{name}: the spouse {spouse} is not in the roster")),
                    Some(other) if other.id == player.id => {
                        problems.push(format!("{name} cannot be their own spouse"))
                    }
                    Some(other) if other.spouse != Some(player.id) => problems.push(format!(
                        "{name} names {} as spouse, but {} does not name {name}",
                        other.name, other.name
                    )),
                    Some(_) => {}
                }
            }
        }
        let stationary: Vec<&str> = self
            .players
            .iter()
            .filter(|p| p.stationary)
            .map(|p| p.name.as_str())
            .collect();
        // Pairs at a club movement may all ask (a Mitchell has a stationary seat at every
        // table); the movement says whether it has enough seats.
        if stationary.len() > 1 && !self.players.iter().any(Player::is_pair) {
            problems.push(format!(
                "only one player can keep the stationary seat, but {} are marked: {}",
                stationary.len(),
                stationary.join(", ")
            ));
        }
        problems.extend(self.pair_problems());
        problems.extend(squad::squad_problems(self));
        problems
    }

    /// The problems of the pairs' members: a pair without two players, a member without a
    /// name, the same person twice in a pair or in two pairs, a member number with control
    /// characters.
    fn pair_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut pair_of: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
        for (index, pair) in self.players.iter().enumerate().filter(|(_, p)| p.is_pair()) {
            let label = format!("pair {} ({})", index + 1, pair.name.trim());
            if pair.members.len() != 2 {
                problems.push(format!(
                    "{label} has {} player(s); a pair is two players",
                    pair.members.len()
                ));
            }
            let mut in_pair = std::collections::HashSet::new();
            for (position, member) in pair.members.iter().enumerate() {
                let which = if position == 0 { "first" } else { "second" };
                let name = member.name.split_whitespace().collect::<Vec<_>>().join(" ");
                let number = member.number.as_deref().unwrap_or("");
                if let Err(why) = crate::text::screen_line(&format!("the {which} player of {label}"), &name)
                    .and_then(|()| crate::text::screen_line(&format!("the number of {name}"), number))
                {
                    problems.push(why);
                } else if name.is_empty() {
                    problems.push(format!(
                        "{label}: the {which} player has no name (a partner is missing)"
                    ));
                } else if !in_pair.insert(name.to_lowercase()) {
                    problems.push(format!(
                        "{label} names {name} twice; a pair is two different players"
                    ));
                } else if let Some(other) = pair_of.insert(name.to_lowercase(), pair.name.trim()) {
                    problems.push(format!(
                        "{name} plays in two pairs: {other} and {}",
                        pair.name.trim()
                    ));
                }
            }
        }
        problems
    }

    /// The changes from `self` to `new` that a schedule made for `self` does not cover:
    /// players added or removed, couples, the stationary seat, teams and boards. Renames and
    /// contact details are not among them. One sentence each; empty when the schedule fits.
    pub fn changes_affecting_schedule(&self, new: &Roster) -> Vec<String> {
        let mut changes = Vec::new();
        for old in &self.players {
            let Some(now) = new.player(old.id) else {
                changes.push(format!("{} was removed", old.name));
                continue;
            };
            let name = &now.name;
            if old.spouse != now.spouse {
                changes.push(match now.spouse.and_then(|id| new.player(id)) {
                    Some(spouse) => format!("{name} is now kept apart from {}", spouse.name),
                    None => format!("{name} no longer has a spouse to keep apart from"),
                });
            }
            if old.stationary != now.stationary {
                changes.push(if now.stationary {
                    format!("{name} now keeps the stationary seat")
                } else {
                    format!("{name} no longer keeps the stationary seat")
                });
            }
            if old.team != now.team || old.board != now.board {
                changes.push(format!(
                    "{name} now plays for {} on board {}",
                    now.team.as_deref().unwrap_or("no team"),
                    now.board.map_or("?".to_owned(), |b| b.to_string())
                ));
            }
        }
        for now in &new.players {
            if self.player(now.id).is_none() {
                changes.push(format!("{} was added", now.name));
            }
        }
        changes
    }

    /// Every change from `self` to `new` in words, for the event's history: the changes that
    /// affect the schedule, renames, and other details.
    pub fn describe_changes(&self, new: &Roster) -> Vec<String> {
        let mut changes = self.changes_affecting_schedule(new);
        for old in &self.players {
            let Some(now) = new.player(old.id) else { continue };
            if old.name != now.name {
                changes.push(format!("{} renamed {}", old.name, now.name));
            }
            if old.club != now.club
                || old.rating != now.rating
                || old.email != now.email
                || old.number != now.number
                || old.members != now.members
                || old.squad != now.squad
            {
                changes.push(format!("details of {} changed", now.name));
            }
        }
        changes
    }

    /// Each renamed player's (old name, new name), matched by player id.
    pub fn renames(&self, new: &Roster) -> Vec<(String, String)> {
        self.players
            .iter()
            .filter_map(|old| {
                let now = new.player(old.id)?;
                (now.name != old.name).then(|| (old.name.clone(), now.name.clone()))
            })
            .collect()
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
    /// Club pairs bridge where the boards move: an N-S pair against an E-W pair at each
    /// table, playing the board set the movement (kept in `Schedule::movement`) gives it.
    Pairs,
}

impl Format {
    /// The format's name on the command line and in files ("whist", "round-robin",
    /// "team-chess", "pairs-movement").
    pub fn name(self) -> &'static str {
        match self {
            Format::Whist => "whist",
            Format::RoundRobin => "round-robin",
            Format::TeamChess => "team-chess",
            Format::Pairs => "pairs-movement",
        }
    }

    /// What one entrant is called on screens and sheets: "player" (whist, team chess),
    /// "pair" (a pairs movement), "entrant" (a round robin of pairs or teams).
    pub fn entrant_word(self) -> &'static str {
        match self {
            Format::Whist | Format::TeamChess => "player",
            Format::Pairs => "pair",
            Format::RoundRobin => "entrant",
        }
    }
}

/// A seat at a table. Whist tables seat N, E, S, W clockwise (so North's left-hand opponent
/// is East); round robins seat home against away; chess seats White against Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// North: partners South, opposes East and West.
    N,
    /// East: partners West; North's left-hand opponent.
    E,
    /// South: partners North.
    S,
    /// West: partners East.
    W,
    /// A round robin's first-named side: its result is entered first, as N-S's is.
    Home,
    /// A round robin's second-named side.
    Away,
    /// Team chess: the player with the white pieces.
    White,
    /// Team chess: the player with the black pieces.
    Black,
    /// A Swiss teams event's three-way match: the third team (the table then seats home,
    /// away and third, and the three play one another in half-matches).
    Third,
    /// A Swiss teams event's long three-way match (over two rounds, each meeting a full
    /// match): the third team. The table then seats home, away and long-third in both of its
    /// rounds, the same three teams (`event::long_three_way`).
    LongThird,
}

impl Seat {
    /// The label in CSV files and on sheets: "N", "E", "S", "W", "home", "away", "white",
    /// "black", "third", "long-third".
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
            Seat::Third => "third",
            Seat::LongThird => "long-third",
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
            "third" => Seat::Third,
            "long-third" => Seat::LongThird,
            _ => return None,
        })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One entrant in one seat of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAssignment {
    /// Which seat the entrant takes.
    pub seat: Seat,
    /// Index into `Schedule::entrants`.
    pub entrant: usize,
    /// Board number for chess games (1 = top board); absent elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

/// One table in one round: who sits where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// 1-based table number as printed on the table card.
    pub number: u32,
    /// Four seats at a whist table, two in a round robin or chess game.
    pub seats: Vec<SeatAssignment>,
}

impl Table {
    /// The entrant in `seat`, if anyone sits there.
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
    /// A whist sit-out: more players than seats this round. In club pairs: the pair that
    /// would have met the phantom (or a pair that has left).
    SitOut,
    /// The entrant left the event after an earlier round (a withdrawal; in club pairs the
    /// pair that left). Not a bye: nothing is scored for it.
    Left,
    /// The entrant had not yet arrived (a late arrival, added once rounds were played). Not
    /// a bye: the round is shown as not played.
    Late,
}

impl Absence {
    /// The label in CSV files and on sheets ("bye", "sit-out", "left", "late").
    pub fn label(self) -> &'static str {
        match self {
            Absence::Bye => "bye",
            Absence::SitOut => "sit-out",
            Absence::Left => "left",
            Absence::Late => "late",
        }
    }
}

/// An entrant not at any table in a round, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absent {
    /// Index into `Schedule::entrants`.
    pub entrant: usize,
    /// Why the entrant is not playing.
    pub kind: Absence,
}

/// One round of a schedule: the tables in play and who is not at one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 1-based round number as played.
    pub number: u32,
    /// The tables in play, by table number.
    pub tables: Vec<Table>,
    /// Entrants with no seat this round (sit-outs, byes, late arrivals, those who have left);
    /// empty when everyone plays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<Absent>,
}

impl Round {
    /// The entrants with the bye this round (a Swiss's, or a round robin's).
    pub fn byes(&self) -> impl Iterator<Item = usize> + '_ {
        self.absent
            .iter()
            .filter(|a| a.kind == Absence::Bye)
            .map(|a| a.entrant)
    }
}

/// The one schedule type every generator returns and every exporter, view and verifier reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    /// Which rules the schedule follows.
    pub format: Format,
    /// Display names; seats refer to entrants by index into this list.
    pub entrants: Vec<String>,
    /// The rounds in the order played, numbered from 1.
    pub rounds: Vec<Round>,
    /// What the schedule promises, so the verifier knows what to hold it to.
    #[serde(default)]
    pub promise: Promise,
    /// Team events: the team of each entrant (same order as `entrants`); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entrant_teams: Vec<String>,
    /// Club pairs: the movement the tables follow (which board set each table plays, relay
    /// stands, sharing). Entrant i is the movement's i-th pair that is there (pair numbers in
    /// order, the phantom skipped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<movement::Movement>,
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
    /// Whist: the `keep_apart` pairs never sit at the same table, as partners or opponents
    /// (asked for an evening shorter than the cycle), not only never partner.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub apart_at_table: bool,
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
    /// The organiser asked for fewer rounds than the format has (`--rounds K`): only the first
    /// rounds of the round robin, match or movement are played, so pairs may meet fewer times
    /// than `cycles` says (never more), and a movement may stop before its last round. Without
    /// it a schedule missing rounds is refused.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shortened: bool,
    /// A Swiss teams event: its rounds are paired one at a time from the standings, so the
    /// schedule grows, and home and away are seats, not colours (a bridge team plays both
    /// directions in every match), so the verifier does not balance them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swiss: bool,
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
    /// The number of entrants.
    pub fn entrant_count(&self) -> usize {
        self.entrants.len()
    }

    /// The round numbered `number` (from 1), if the schedule has it.
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// Table `number` of round `round`, if the round has it.
    pub fn table(&self, round: u32, number: u32) -> Option<&Table> {
        self.round(round)?.tables.iter().find(|t| t.number == number)
    }

    /// Carries renames (old name, new name) over to the entrants; all at once, so swapping
    /// two names works.
    pub fn rename_entrants(&mut self, renames: &[(String, String)]) {
        for entrant in &mut self.entrants {
            if let Some((_, new)) = renames.iter().find(|(old, _)| old == entrant) {
                *entrant = new.clone();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roster_without_pairs_or_numbers_writes_what_it_wrote_before() {
        let player = Player::new(3, "Ann Archer");
        let json = serde_json::to_string(&player).expect("json");
        assert_eq!(json, r#"{"id":3,"name":"Ann Archer"}"#);
        let read: Player = serde_json::from_str(&json).expect("read back");
        assert_eq!(read, player);
    }

    #[test]
    fn a_roster_of_pairs_keeps_both_players_and_their_numbers() {
        let pair = Player::pair(1, Member::numbered("Ann Archer", "007341"), "Bob Archer");
        assert_eq!(pair.name, "Ann Archer & Bob Archer");
        assert!(pair.is_pair() && !Player::new(2, "Cy").is_pair());
        assert_eq!(pair.describe_members(), "Ann Archer (007341) & Bob Archer");
        let json = serde_json::to_string(&pair).expect("json");
        let read: Player = serde_json::from_str(&json).expect("read back");
        assert_eq!(read, pair);
        let roster = Roster {
            players: vec![pair, Player::pair(2, "Cy Dunn", "Di Dunn")],
        };
        assert!(roster.problems().is_empty(), "{:?}", roster.problems());
        assert_eq!((roster.len(), roster.people()), (2, 4));
        assert!(roster.pairs_refused("whist drive").is_some());
        assert!(Roster::numbered(4).pairs_refused("whist drive").is_none());
    }

    #[test]
    fn a_roster_of_pairs_with_a_missing_or_repeated_player_has_problems() {
        let mut lone = Player::pair(3, "Ann Archer", "");
        lone.members.truncate(1);
        let roster = Roster {
            players: vec![
                Player::pair(1, "Ann Archer", "ann  archer"),
                Player::pair(2, "Cy Dunn", " "),
                lone,
                Player::pair(4, "Di Dunn", "Cy Dunn"),
            ],
        };
        let problems = roster.problems();
        assert_eq!(
            problems,
            [
                "pair 1 (Ann Archer & ann  archer) names ann archer twice; a pair is two different players"
                    .to_owned(),
                "pair 2 (Cy Dunn &): the second player has no name (a partner is missing)".to_owned(),
                "pair 3 (Ann Archer &) has 1 player(s); a pair is two players".to_owned(),
                "Ann Archer plays in two pairs: Ann Archer & ann  archer and Ann Archer &".to_owned(),
                "Cy Dunn plays in two pairs: Cy Dunn & and Di Dunn & Cy Dunn".to_owned(),
            ]
        );
    }
}
