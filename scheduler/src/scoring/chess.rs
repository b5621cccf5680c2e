//! Chess scoring: game results (including forfeits), points, and the tie-breaks club and
//! county events use: direct encounter, Sonneborn-Berger, Buchholz and Buchholz cut-1.
//!
//! Unplayed rounds follow our reading of the FIDE Tie-Break Regulations (Handbook C.07, in
//! force since 2023/2024), Article 16: for a participant's own tie-breaks each unplayed round
//! counts as a game against a "dummy opponent" whose score is the participant's own; when a
//! participant's score is used in someone else's tie-break, their voluntarily unplayed rounds
//! (forfeit losses, double forfeits, requested byes) count as draws; and Buchholz cuts remove
//! unplayed rounds first.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// One game's result as written on the score sheet, White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// "1-0": White won the game.
    WhiteWins,
    /// "½-½".
    Draw,
    /// "0-1": Black won the game.
    BlackWins,
    /// "+ −": Black did not turn up.
    WhiteWinsByForfeit,
    /// "− +": White did not turn up.
    BlackWinsByForfeit,
    /// "− −": neither turned up.
    DoubleForfeit,
}

impl GameResult {
    /// Reads 1-0, 0-1, ½-½ (also 1/2-1/2, 0.5-0.5, =, draw), +-, -+, -- (also with − or +:−).
    pub fn parse(text: &str) -> Result<GameResult, String> {
        let t: String = text
            .trim()
            .replace(['−', '–', ':'], "-")
            .to_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        Ok(match t.as_str() {
            "1-0" | "1" | "w" | "white" => GameResult::WhiteWins,
            "0-1" | "0" | "b" | "black" => GameResult::BlackWins,
            "½-½" | "1/2-1/2" | "0.5-0.5" | ",5-,5" | "=" | "d" | "draw" | "½" => GameResult::Draw,
            "+-" | "+/-" | "1f-0f" | "1-0f" | "1f-0" => GameResult::WhiteWinsByForfeit,
            "-+" | "-/+" | "0f-1f" | "0-1f" | "0f-1" => GameResult::BlackWinsByForfeit,
            "--" | "-/-" | "0f-0f" | "0-0" => GameResult::DoubleForfeit,
            _ => {
                return Err(format!(
                    "result {text:?} is not one of 1-0, ½-½ (or 1/2-1/2), 0-1, +- and -+ (forfeits), -/- or 0-0 (neither played)"
                ));
            }
        })
    }

    /// As written on the score sheet: "1-0", "½-½", "0-1", "+-", "-+", "--".
    pub fn label(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "½-½",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
        }
    }

    /// Whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        )
    }

    /// Points for White and for Black.
    pub fn points(self) -> (f64, f64) {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => (1.0, 0.0),
            GameResult::Draw => (0.5, 0.5),
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => (0.0, 1.0),
            GameResult::DoubleForfeit => (0.0, 0.0),
        }
    }
}

/// What one round was for one participant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RoundOutcome {
    /// A game played over the board.
    Played {
        /// The opponent, as an index into the participants.
        opponent: usize,
        /// Points scored: 1, ½ or 0.
        points: f64,
    },
    /// A forfeit, a bye or a double forfeit: points as scored. `voluntary` marks rounds the
    /// participant chose not to play (forfeit losses, double forfeits): those count as draws
    /// when the participant's score is used in an opponent's tie-break.
    Unplayed {
        /// Points scored for the round: a forfeit win's 1, the bye's points, else 0.
        points: f64,
        /// Counted as a draw when the participant's score is used in an opponent's tie-break.
        voluntary: bool,
        /// The opponent who was due (a forfeit); `None` for a bye or a round not played at all.
        opponent: Option<usize>,
    },
}

impl RoundOutcome {
    fn points(self) -> f64 {
        match self {
            RoundOutcome::Played { points, .. } | RoundOutcome::Unplayed { points, .. } => points,
        }
    }
}

/// One participant's line of the chess standings.
#[derive(Debug, Clone, PartialEq)]
pub struct ChessLine {
    /// Index into the participants `chess_standings` was given.
    pub participant: usize,
    /// From 1; participants equal on points and every tie-break share a rank.
    pub rank: u32,
    /// Points from every round, played or not.
    pub points: f64,
    /// Games played over the board (forfeits and byes not counted).
    pub played: u32,
    /// Games won over the board.
    pub wins: u32,
    /// Games drawn over the board.
    pub draws: u32,
    /// Games lost over the board.
    pub losses: u32,
    /// Points among the participants tied on points, when all of them have met; `None` when
    /// the tie is not fully played out (FIDE: direct encounter then does not apply).
    pub direct_encounter: Option<f64>,
    /// Each game's points times that opponent's score (voluntarily unplayed rounds as draws),
    /// summed; an unplayed round's points are multiplied by the participant's own score.
    pub sonneborn_berger: f64,
    /// The opponents' scores summed (voluntarily unplayed rounds as draws); each unplayed round
    /// adds the participant's own score.
    pub buchholz: f64,
    /// Buchholz less its lowest term: an unplayed round's first, else the weakest opponent's.
    pub buchholz_cut1: f64,
}

/// Standings of `outcomes[p]` (each participant's rounds so far), ranked by points, direct
/// encounter, Sonneborn-Berger, Buchholz, Buchholz cut-1; participants equal on all of them
/// share a rank.
pub fn chess_standings(outcomes: &[Vec<RoundOutcome>]) -> Vec<ChessLine> {
    let n = outcomes.len();
    let points: Vec<f64> = outcomes
        .iter()
        .map(|rounds| rounds.iter().map(|r| r.points()).sum())
        .collect();
    // The score others see: voluntarily unplayed rounds as draws.
    let adjusted: Vec<f64> = outcomes
        .iter()
        .map(|rounds| {
            rounds
                .iter()
                .map(|r| match *r {
                    RoundOutcome::Unplayed { voluntary: true, .. } => 0.5,
                    other => other.points(),
                })
                .sum()
        })
        .collect();
    let mut lines: Vec<ChessLine> = (0..n)
        .map(|p| standings_line(p, &outcomes[p], points[p], &adjusted))
        .collect();
    add_direct_encounters(outcomes, &points, &mut lines);
    rank_lines(&mut lines);
    lines
}

/// Participant `p`'s line, unranked and without direct encounter: results, Sonneborn-Berger
/// and Buchholz, with `own` points and everyone's `adjusted` scores.
fn standings_line(p: usize, rounds: &[RoundOutcome], own: f64, adjusted: &[f64]) -> ChessLine {
    let mut buchholz_values: Vec<(bool, f64)> = Vec::new();
    let mut sonneborn_berger = 0.0;
    let (mut played, mut wins, mut draws, mut losses) = (0, 0, 0, 0);
    for round in rounds {
        match *round {
            RoundOutcome::Played { opponent, points } => {
                played += 1;
                match points.partial_cmp(&0.5) {
                    Some(Ordering::Greater) => wins += 1,
                    Some(Ordering::Equal) => draws += 1,
                    _ => losses += 1,
                }
                buchholz_values.push((false, adjusted[opponent]));
                sonneborn_berger += points * adjusted[opponent];
            }
            RoundOutcome::Unplayed { points, .. } => {
                buchholz_values.push((true, own));
                sonneborn_berger += points * own;
            }
        }
    }
    let buchholz: f64 = buchholz_values.iter().map(|v| v.1).sum();
    // Cut-1: an unplayed round goes first, else the lowest opponent score.
    let cut = buchholz_values
        .iter()
        .filter(|v| v.0)
        .map(|v| v.1)
        .reduce(f64::min)
        .or_else(|| buchholz_values.iter().map(|v| v.1).reduce(f64::min))
        .unwrap_or(0.0);
    ChessLine {
        participant: p,
        rank: 0,
        points: own,
        played,
        wins,
        draws,
        losses,
        direct_encounter: None,
        sonneborn_berger,
        buchholz,
        buchholz_cut1: buchholz - cut,
    }
}

/// Direct encounter inside each group tied on points, where everyone in it has met.
fn add_direct_encounters(outcomes: &[Vec<RoundOutcome>], points: &[f64], lines: &mut [ChessLine]) {
    let n = outcomes.len();
    let mut by_points: Vec<usize> = (0..n).collect();
    by_points.sort_by(|&a, &b| points[b].total_cmp(&points[a]));
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && points[by_points[end]] == points[by_points[start]] {
            end += 1;
        }
        let group = &by_points[start..end];
        if group.len() > 1 {
            let met = |a: usize, b: usize| {
                outcomes[a].iter().any(|r| match *r {
                    RoundOutcome::Played { opponent, .. } => opponent == b,
                    RoundOutcome::Unplayed { opponent, .. } => opponent == Some(b),
                })
            };
            let all_met = group.iter().all(|&a| group.iter().all(|&b| a == b || met(a, b)));
            if all_met {
                for &a in group {
                    let score = outcomes[a]
                        .iter()
                        .map(|r| match *r {
                            RoundOutcome::Played { opponent, points } if group.contains(&opponent) => points,
                            RoundOutcome::Unplayed {
                                opponent: Some(o),
                                points,
                                ..
                            } if group.contains(&o) => points,
                            _ => 0.0,
                        })
                        .sum();
                    lines[a].direct_encounter = Some(score);
                }
            }
        }
        start = end;
    }
}

/// Sorts the lines by points and the tie-breaks in order, then the participant's number,
/// and ranks them (equal on all of them: a shared rank).
fn rank_lines(lines: &mut [ChessLine]) {
    let key = |l: &ChessLine| {
        [
            l.points,
            l.direct_encounter.unwrap_or(0.0),
            l.sonneborn_berger,
            l.buchholz,
            l.buchholz_cut1,
        ]
    };
    lines.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        ka.iter()
            .zip(kb.iter())
            .map(|(x, y)| y.total_cmp(x))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
            .then(a.participant.cmp(&b.participant))
    });
    let keys: Vec<_> = lines.iter().map(key).collect();
    for (line, rank) in lines.iter_mut().zip(super::shared_ranks(&keys)) {
        line.rank = rank;
    }
}

/// Formats points the way score tables print them: 2, 2.5, 0.25. A value that rounds to
/// zero prints as 0, never "-0" (a negative zero, or a tiny negative left by subtraction).
pub fn format_points(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let value = if rounded == 0.0 { 0.0 } else { rounded };
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_parse_in_the_usual_spellings() {
        assert_eq!(GameResult::parse("1-0").unwrap(), GameResult::WhiteWins);
        assert_eq!(GameResult::parse("½-½").unwrap(), GameResult::Draw);
        assert_eq!(GameResult::parse("1/2-1/2").unwrap(), GameResult::Draw);
        assert_eq!(GameResult::parse("0 - 1").unwrap(), GameResult::BlackWins);
        assert_eq!(GameResult::parse("+-").unwrap(), GameResult::WhiteWinsByForfeit);
        assert_eq!(GameResult::parse("−+").unwrap(), GameResult::BlackWinsByForfeit);
        assert_eq!(GameResult::parse("--").unwrap(), GameResult::DoubleForfeit);
        assert_eq!(GameResult::parse("-/-").unwrap(), GameResult::DoubleForfeit);
        assert_eq!(GameResult::parse("+/-").unwrap(), GameResult::WhiteWinsByForfeit);
        assert!(GameResult::parse("2-0").unwrap_err().contains("1-0"));
        assert_eq!(format_points(2.5), "2.5");
        assert_eq!(format_points(3.0), "3");
        assert_eq!(format_points(0.25), "0.25");
        assert_eq!(format_points(-0.0), "0");
        assert_eq!(format_points(0.5 - 0.5 - 1e-12), "0");
        assert_eq!(format_points(-1.5), "-1.5");
    }
}
