//! Checks a reconstruction against the table with nothing from the solver: the table is
//! recomputed from the match scores and compared line by line, and every pair of teams must
//! meet at most once (twice, home and away, in a double round robin).

use super::{LeagueOptions, LeagueTable, MatchScore, Reconstruction, TeamLine};
use crate::scoring::league::PointsRule;

/// The table these matches give, teams in the order of `names`.
pub fn table_from(names: &[String], matches: &[MatchScore], points: PointsRule) -> LeagueTable {
    let mut lines: Vec<TeamLine> = names
        .iter()
        .map(|name| TeamLine {
            team: name.clone(),
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            goals_for: 0,
            goals_against: 0,
            points: 0,
        })
        .collect();
    let mut score = vec![0.0f64; names.len()];
    for m in matches {
        for (us, scored, conceded) in [
            (m.home, m.home_goals, m.away_goals),
            (m.away, m.away_goals, m.home_goals),
        ] {
            let line = &mut lines[us];
            line.played += 1;
            line.goals_for += scored;
            line.goals_against += conceded;
            if scored > conceded {
                line.won += 1;
                score[us] += points.win;
            } else if scored == conceded {
                line.drawn += 1;
                score[us] += points.draw;
            } else {
                line.lost += 1;
                score[us] += points.loss;
            }
        }
    }
    for (line, points) in lines.iter_mut().zip(score) {
        line.points = points.round() as i64;
    }
    LeagueTable { lines }
}

/// `Ok` when the matches give exactly the table; otherwise every difference in words.
pub fn check(
    table: &LeagueTable,
    reconstruction: &Reconstruction,
    options: &LeagueOptions,
) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let n = table.lines.len();
    let names: Vec<String> = table.lines.iter().map(|l| l.team.clone()).collect();
    for m in &reconstruction.matches {
        if m.home >= n || m.away >= n || m.home == m.away {
            problems.push(format!("a match between team numbers {} and {}", m.home, m.away));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut meetings = vec![0u32; n * n];
    for m in &reconstruction.matches {
        let key = if options.double {
            m.home * n + m.away
        } else {
            m.home.min(m.away) * n + m.home.max(m.away)
        };
        meetings[key] += 1;
        if meetings[key] > 1 {
            problems.push(format!(
                "{} and {} meet more often than the format allows",
                names[m.home], names[m.away]
            ));
        }
    }
    for known in &options.known {
        let kept = reconstruction.matches.iter().any(|m| {
            (m.home == known.home
                && m.away == known.away
                && m.home_goals == known.home_goals
                && m.away_goals == known.away_goals)
                || (!options.double
                    && m.home == known.away
                    && m.away == known.home
                    && m.home_goals == known.away_goals
                    && m.away_goals == known.home_goals)
        });
        if !kept {
            problems.push(format!(
                "the known result {} {}-{} {} is not in the reconstruction",
                names[known.home], known.home_goals, known.away_goals, names[known.away]
            ));
        }
    }
    let recomputed = table_from(&names, &reconstruction.matches, options.points);
    for (given, got) in table.lines.iter().zip(&recomputed.lines) {
        if given != got {
            problems.push(format!(
                "{}: the table says P{} W{} D{} L{} {}-{} {} pts, the matches give P{} W{} D{} L{} {}-{} {} pts",
                given.team,
                given.played,
                given.won,
                given.drawn,
                given.lost,
                given.goals_for,
                given.goals_against,
                given.points,
                got.played,
                got.won,
                got.drawn,
                got.lost,
                got.goals_for,
                got.goals_against,
                got.points
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_score_is_caught() {
        let names = vec!["A".to_owned(), "B".to_owned()];
        let matches = vec![MatchScore {
            home: 0,
            away: 1,
            home_goals: 2,
            away_goals: 1,
        }];
        let table = table_from(&names, &matches, PointsRule::FOOTBALL);
        assert_eq!(table.lines[0].points, 3);
        assert_eq!(table.lines[1].lost, 1);
        let options = LeagueOptions::default();
        assert_eq!(
            check(
                &table,
                &Reconstruction {
                    matches: matches.clone()
                },
                &options
            ),
            Ok(())
        );
        let mut wrong = matches.clone();
        wrong[0].away_goals = 2;
        let problems = check(&table, &Reconstruction { matches: wrong }, &options).unwrap_err();
        assert!(problems[0].starts_with("A: the table says P1 W1"), "{problems:?}");
        let twice = vec![matches[0], matches[0]];
        let problems = check(&table, &Reconstruction { matches: twice }, &options).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("meet more often")),
            "{problems:?}"
        );
    }
}
