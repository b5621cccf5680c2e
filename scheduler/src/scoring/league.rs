//! League tables for team and pairs events: played, won, drawn, lost, for, against, points.
//! For chess matches "for" and "against" are board points.

use serde::{Deserialize, Serialize};

/// Points for a win, a draw and a loss (football 3/1/0; chess team matches 2/1/0).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PointsRule {
    /// League points for a match won.
    pub win: f64,
    /// League points for a match drawn.
    pub draw: f64,
    /// League points for a match lost (usually 0).
    pub loss: f64,
}

impl PointsRule {
    /// 3 for a win, 1 for a draw: the default for pairs and teams matches.
    pub const FOOTBALL: PointsRule = PointsRule {
        win: 3.0,
        draw: 1.0,
        loss: 0.0,
    };
    /// 2 for a win, 1 for a draw: the default match points of team chess.
    pub const MATCH_POINTS: PointsRule = PointsRule {
        win: 2.0,
        draw: 1.0,
        loss: 0.0,
    };

    /// Reads "3,1,0" or "3,1" (loss 0).
    pub fn parse(text: &str) -> Result<PointsRule, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let numbers: Result<Vec<f64>, _> = parts.iter().map(|p| p.parse::<f64>()).collect();
        match numbers.as_deref() {
            Ok([win, draw]) => Ok(PointsRule {
                win: *win,
                draw: *draw,
                loss: 0.0,
            }),
            Ok([win, draw, loss]) => Ok(PointsRule {
                win: *win,
                draw: *draw,
                loss: *loss,
            }),
            _ => Err(format!(
                "points {text:?}: give win,draw,loss as numbers, e.g. 3,1,0"
            )),
        }
    }
}

/// One finished match between two sides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchScore {
    /// The home side, as an index into the sides of `league_table`.
    pub home: usize,
    /// The away side, as an index into the sides.
    pub away: usize,
    /// What the home side scored (goals, points; board points in chess).
    pub home_for: f64,
    /// What the away side scored.
    pub away_for: f64,
}

/// One side's line of the league table.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueLine {
    /// The side, as an index into the sides of `league_table`.
    pub side: usize,
    /// From 1; sides equal on points, difference and "for" share a rank.
    pub rank: u32,
    /// Matches finished.
    pub played: u32,
    /// Matches won.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// Goals or points scored in all its matches (board points in chess).
    pub goals_for: f64,
    /// Goals or points conceded.
    pub goals_against: f64,
    /// League points under the `PointsRule`.
    pub points: f64,
}

/// The table for `sides` sides, ranked by points, then difference, then "for"; sides equal on
/// all three share a rank.
pub fn league_table(sides: usize, matches: &[MatchScore], rule: PointsRule) -> Vec<LeagueLine> {
    let mut lines: Vec<LeagueLine> = (0..sides)
        .map(|side| LeagueLine {
            side,
            rank: 0,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            goals_for: 0.0,
            goals_against: 0.0,
            points: 0.0,
        })
        .collect();
    for m in matches {
        for (side, mine, theirs) in [(m.home, m.home_for, m.away_for), (m.away, m.away_for, m.home_for)] {
            let Some(line) = lines.get_mut(side) else { continue };
            line.played += 1;
            line.goals_for += mine;
            line.goals_against += theirs;
            if mine > theirs {
                line.won += 1;
                line.points += rule.win;
            } else if mine < theirs {
                line.lost += 1;
                line.points += rule.loss;
            } else {
                line.drawn += 1;
                line.points += rule.draw;
            }
        }
    }
    let key = |l: &LeagueLine| [l.points, l.goals_for - l.goals_against, l.goals_for];
    lines.sort_by(|a, b| {
        key(b)
            .iter()
            .zip(key(a).iter())
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.side.cmp(&b.side))
    });
    let keys: Vec<_> = lines.iter().map(key).collect();
    for (line, rank) in lines.iter_mut().zip(super::shared_ranks(&keys)) {
        line.rank = rank;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_league_by_hand() {
        let m = |home, away, home_for, away_for| MatchScore {
            home,
            away,
            home_for,
            away_for,
        };
        // 0 beats 1 3-1, 2 draws 0 1-1, 1 beats 2 2-0.
        let table = league_table(
            3,
            &[m(0, 1, 3.0, 1.0), m(2, 0, 1.0, 1.0), m(1, 2, 2.0, 0.0)],
            PointsRule::FOOTBALL,
        );
        let row = |side: usize| table.iter().find(|l| l.side == side).unwrap().clone();
        assert_eq!(
            (row(0).played, row(0).won, row(0).drawn, row(0).lost),
            (2, 1, 1, 0)
        );
        assert_eq!(
            (row(0).goals_for, row(0).goals_against, row(0).points),
            (4.0, 2.0, 4.0)
        );
        assert_eq!(row(1).points, 3.0);
        assert_eq!(row(2).points, 1.0);
        assert_eq!(table.iter().map(|l| l.side).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(PointsRule::parse("2,1").unwrap(), PointsRule::MATCH_POINTS);
        assert!(PointsRule::parse("two").is_err());
    }
}
