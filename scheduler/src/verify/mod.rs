//! Checks a `Schedule` against its format's rules and reports every violation in words
//! ("round 3: Ann appears at tables 2 and 5").
//!
//! This module deliberately shares no code with the generators: it recounts everything from
//! the seats, so a bug in an engine cannot hide itself. It accepts hand-made schedules too.

pub mod balance;
pub mod movement;
mod pairs;
mod round_robin;
pub mod swiss;
pub mod team_chess;
mod team_chess_bound;
pub mod teams_movement;
mod whist;

use crate::model::{Format, Schedule};
use serde::Serialize;
use std::fmt;

/// The rule a violation breaks; tests assert on these, people read the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// An entrant index that does not exist, a table with the wrong seats, or a bad number.
    Malformed,
    /// Someone is at two tables (or at a table and sitting out) in one round.
    DoubleBooked,
    /// Someone is neither at a table nor sitting out in a round.
    Missing,
    /// Two entrants meet more (or fewer) times than the format promises.
    MeetingCount,
    /// A couple (or other keep-apart pair) meets or partners.
    KeepApart,
    /// Byes or sit-outs are unevenly shared.
    ByeBalance,
    /// One entrant has far more home (White) than away (Black) games, or vice versa.
    ColourBalance,
    /// Three games of the same colour in a row.
    ColourStreak,
    /// In a double round robin a pair has the same colours in both meetings.
    ColourRepeat,
    /// Two whist players partner more than once.
    PartnerRepeat,
    /// Directed whist: someone has another player on the same side more than once.
    Direction,
    /// Team chess: a player meets their own team.
    OwnTeam,
    /// Team chess: a game between boards more than one apart, or a team match off its boards.
    BoardGap,
    /// Team chess: a player meets the same team twice (or a team two teams in one round).
    TeamRepeat,
    /// Team chess: a team's Whites and Blacks differ over the event.
    TeamColours,
    /// Team chess: a float rule (5–9) is broken.
    Floats,
    /// Club pairs: the movement breaks one of its rules (see `movement::MovementRule`), or
    /// the tables do not follow it.
    Movement,
}

/// One broken rule, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Which rule is broken.
    pub rule: Rule,
    /// The round where it is broken, from 1; `None` when it is about the whole schedule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// What is wrong, naming the entrants and tables.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.round {
            Some(round) => write!(f, "round {round}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// What the verifier found: every violation, and facts about the schedule.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Every broken rule, in the order found; empty for a valid schedule.
    pub violations: Vec<Violation>,
    /// Facts about the schedule's quality worth showing even when it is valid.
    pub summary: Vec<String>,
}

impl Report {
    /// Whether the schedule breaks no rule.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// Whether the schedule breaks `rule` anywhere.
    pub fn breaks(&self, rule: Rule) -> bool {
        self.violations.iter().any(|v| v.rule == rule)
    }

    fn add(&mut self, rule: Rule, round: Option<u32>, message: String) {
        self.violations.push(Violation { rule, round, message });
    }
}

/// Checks `schedule` against the rules of its own format.
pub fn verify(schedule: &Schedule) -> Report {
    let mut report = Report::default();
    check_attendance(schedule, &mut report);
    match schedule.format {
        Format::RoundRobin => round_robin::check(schedule, &mut report),
        Format::Whist => whist::check(schedule, &mut report),
        Format::TeamChess => team_chess::check(schedule, &mut report),
        Format::Pairs => pairs::check(schedule, &mut report),
    }
    report
}

/// Every format: each entrant exactly once per round, at a table or listed as absent.
fn check_attendance(schedule: &Schedule, report: &mut Report) {
    let count = schedule.entrants.len();
    let name = |e: usize| schedule.entrants.get(e).map_or("?", String::as_str);
    for round in &schedule.rounds {
        let at = Some(round.number);
        // For each entrant: the places (table numbers, or None for absent) they occupy.
        let mut places: Vec<Vec<Option<u32>>> = vec![Vec::new(); count];
        for table in &round.tables {
            for seat in &table.seats {
                match places.get_mut(seat.entrant) {
                    Some(list) => list.push(Some(table.number)),
                    None => report.add(
                        Rule::Malformed,
                        at,
                        format!(
                            "table {} seats entrant number {} who does not exist",
                            table.number, seat.entrant
                        ),
                    ),
                }
            }
        }
        for absent in &round.absent {
            match places.get_mut(absent.entrant) {
                Some(list) => list.push(None),
                None => report.add(
                    Rule::Malformed,
                    at,
                    format!("entrant number {} sits out but does not exist", absent.entrant),
                ),
            }
        }
        for (entrant, list) in places.iter().enumerate() {
            match list.len() {
                0 => report.add(
                    Rule::Missing,
                    at,
                    format!("{} is neither at a table nor sitting out", name(entrant)),
                ),
                1 => {}
                _ => report.add(
                    Rule::DoubleBooked,
                    at,
                    format!("{} appears {}", name(entrant), describe_places(list)),
                ),
            }
        }
        let mut numbers: Vec<u32> = round.tables.iter().map(|t| t.number).collect();
        numbers.sort_unstable();
        if let Some(pair) = numbers.windows(2).find(|w| w[0] == w[1]) {
            report.add(
                Rule::Malformed,
                at,
                format!("table number {} is used twice", pair[0]),
            );
        }
    }
}

fn describe_places(places: &[Option<u32>]) -> String {
    let tables: Vec<String> = places.iter().flatten().map(u32::to_string).collect();
    let absences = places.iter().filter(|p| p.is_none()).count();
    let mut parts = Vec::new();
    match tables.len() {
        0 => {}
        1 => parts.push(format!("at table {}", tables[0])),
        _ => parts.push(format!("at tables {}", join_and(&tables))),
    }
    if absences > 0 {
        parts.push(if absences == 1 {
            "sitting out".to_owned()
        } else {
            format!("sitting out {absences} times")
        });
    }
    parts.join(" and ")
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
