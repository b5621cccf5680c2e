//! How a bridge teams (or Swiss pairs) event's matches count: the scoring of a match
//! (victory points, IMPs or board-a-match), what a bye is worth, and which two entrants a
//! match table seats. Kept apart from `event::teams` so that `event::swiss_pairs`, which
//! `event::teams` calls, can use them without an import cycle; `event::teams` re-exports them.

use crate::model::{Seat, Table};
use crate::scoring::teams::{ByeScore, MatchScoring, Points, points_text};
use crate::scoring::victory_points::VpScale;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a teams event's matches count in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamsScoring {
    /// Victory points on the WBF 2013 continuous scale (20 between the two teams).
    #[default]
    Wbf2013,
    /// The IMP margin itself (+7 and −7).
    Imps,
    /// Board-a-match: each board won 1, tied ½, lost 0.
    BoardAMatch,
}

impl TeamsScoring {
    /// Every choice, in the order the command line and the window list them.
    pub const ALL: [TeamsScoring; 3] = [
        TeamsScoring::Wbf2013,
        TeamsScoring::Imps,
        TeamsScoring::BoardAMatch,
    ];

    /// The name typed on the command line (`--teams-scoring wbf2013`).
    pub fn name(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 => "wbf2013",
            TeamsScoring::Imps => "imps",
            TeamsScoring::BoardAMatch => "board-a-match",
        }
    }

    /// In words ("victory points (WBF 2013 scale)").
    pub fn label(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 => "victory points (WBF 2013 scale)",
            TeamsScoring::Imps => "IMPs",
            TeamsScoring::BoardAMatch => "board-a-match",
        }
    }

    /// The standings' points column ("VPs").
    pub fn column(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 => "VPs",
            TeamsScoring::Imps => "IMPs",
            TeamsScoring::BoardAMatch => "Boards",
        }
    }

    pub(crate) fn match_scoring(self) -> MatchScoring {
        match self {
            TeamsScoring::Wbf2013 => MatchScoring::VictoryPoints(VpScale::Wbf2013),
            TeamsScoring::Imps => MatchScoring::Imps,
            TeamsScoring::BoardAMatch => MatchScoring::BoardAMatch,
        }
    }
}

/// What a bye is worth in a teams event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TeamsBye {
    /// A fixed score, in hundredths (12 VPs is 1200).
    Fixed {
        /// The score in hundredths.
        hundredths: Points,
    },
    /// The team's average over the matches it has played (a draw before it has played one).
    Average,
}

impl TeamsBye {
    /// The usual bye for a scoring: 12 VPs (the EBU's and most clubs' figure on a 20-VP
    /// scale), 0 IMPs, or half the boards at board-a-match (`boards` a match).
    pub fn usual(scoring: TeamsScoring, boards: u32) -> TeamsBye {
        let hundredths = match scoring {
            TeamsScoring::Wbf2013 => 1200,
            TeamsScoring::Imps => 0,
            TeamsScoring::BoardAMatch => 50 * Points::from(boards),
        };
        TeamsBye::Fixed { hundredths }
    }

    /// Checks a fixed bye is a score a match can give: 0 to 20 VPs, at most ±999 IMPs, 0 to
    /// the match's boards at board-a-match.
    pub fn check(self, scoring: TeamsScoring, boards: u32) -> Result<(), String> {
        let TeamsBye::Fixed { hundredths } = self else {
            return Ok(());
        };
        let (low, high) = match scoring {
            TeamsScoring::Wbf2013 => (0, 2000),
            TeamsScoring::Imps => (-99_900, 99_900),
            TeamsScoring::BoardAMatch => (0, 100 * Points::from(boards)),
        };
        if (low..=high).contains(&hundredths) {
            return Ok(());
        }
        Err(format!(
            "a bye of {}: with {} a bye scores from {} to {}",
            points_text(hundredths),
            scoring.label(),
            points_text(low),
            points_text(high)
        ))
    }

    /// The bye's worth as the standings count it.
    pub(crate) fn score(self, scoring: TeamsScoring) -> ByeScore {
        match self {
            TeamsBye::Fixed { hundredths } => ByeScore::Fixed(hundredths),
            TeamsBye::Average => ByeScore::Average {
                before_any: match scoring {
                    TeamsScoring::Wbf2013 => 1000,
                    TeamsScoring::Imps | TeamsScoring::BoardAMatch => 0,
                },
            },
        }
    }
}

impl fmt::Display for TeamsBye {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamsBye::Fixed { hundredths } => f.write_str(&points_text(*hundredths)),
            TeamsBye::Average => f.write_str("the team's average"),
        }
    }
}

/// The home and away teams of a match (a table of the schedule), as entrant indices.
pub fn match_teams(table: &Table) -> Option<(usize, usize)> {
    let home = table.entrant_at(Seat::Home)?;
    let away = table.entrant_at(Seat::Away)?;
    (table.seats.len() == 2 && home != away).then_some((home, away))
}
