//! A club teams-of-four night scored: the event plays a teams movement
//! (`crate::movement::teams`) table by table, each table's N-S score entered as at a pairs
//! evening; here the tables' scores are put together into the matches. Teams X and Y meet
//! at two tables — N-S of X against E-W of Y, and N-S of Y against E-W of X, on the same
//! boards, often in different rounds — and each board's two N-S scores give X's net score,
//! its IMPs, then the match's IMPs and victory points (or IMPs, or board-a-match) as at a
//! teams match (`scoring::teams`). A match counts once both tables have every board.

use super::standings_table::StandingsTable;
use super::teams::{TeamsScoring, standing_cells};
use super::{BridgeResult, Event, ResultKey, ResultValue, Results};
use crate::model::movement::Movement;
use crate::scoring::teams::{
    BoardEntry, ByeScore, MatchResult, PlayedMatch, Points, TeamStanding, points_text, score_match,
    team_standings,
};
use std::collections::BTreeMap;

/// One match of the evening: two teams (team indices, the lower first), the boards and the
/// two tables where it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NightMatch {
    /// The teams, by index (0-based, the roster's order); the first sits N-S at `halves[0]`.
    pub teams: [usize; 2],
    /// The board numbers played, the same at both tables.
    pub boards: std::ops::RangeInclusive<u32>,
    /// (round, table) of each half: the first team's N-S pair, then the second team's.
    pub halves: [(u32, u32); 2],
}

/// Every match of a teams-of-four movement, in the order of the teams; a meeting with only
/// one half in the movement (which the verifier refuses) is left out.
pub fn night_matches(movement: &Movement) -> Vec<NightMatch> {
    let n = movement.tables;
    // (N-S team, E-W team) → (round, table, set).
    let mut halves: BTreeMap<(usize, usize), (u32, u32, usize)> = BTreeMap::new();
    for round in &movement.rounds {
        for t in &round.tables {
            let (Some(ns), Some(ew)) = (t.ns.checked_sub(1), t.ew.checked_sub(n + 1)) else {
                continue;
            };
            let at = (round.number as u32, t.table as u32, t.set);
            halves.insert((ns, ew), at);
        }
    }
    let mut matches = Vec::new();
    for (&(a, b), &(round, table, set)) in &halves {
        if a > b {
            continue;
        }
        let Some(&(round2, table2, set2)) = halves.get(&(b, a)) else {
            continue;
        };
        if set2 != set {
            continue;
        }
        let range = movement.boards_of_set(set);
        let clip = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        matches.push(NightMatch {
            teams: [a, b],
            boards: clip(*range.start())..=clip(*range.end()),
            halves: [(round, table), (round2, table2)],
        });
    }
    matches
}

/// Where a match stands: every board's two scores, or what is missing.
#[derive(Debug, Clone, PartialEq)]
pub enum MatchState {
    /// Both tables have every board: the boards as the scoring reads them.
    Complete(Vec<BoardEntry>),
    /// Some scores are missing: how many of the match's scores (two a board) are in.
    Missing {
        /// Scores entered.
        entered: usize,
        /// Scores the match needs.
        needed: usize,
    },
    /// A board has an artificial score or was not played at one table: said in a sentence.
    Adjusted(String),
}

/// One table's result on a board of a match, as the match reads it.
enum Half {
    /// The N-S score.
    Score(i32),
    /// The director's artificial scores, N-S's and E-W's.
    Artificial(super::Artificial, super::Artificial),
}

/// IMPs for an artificial score at teams (the Laws of Duplicate Bridge 2017, Law 86A: in IMP
/// play average plus is +3 IMPs and average minus −3, unless the tournament organiser says
/// otherwise): average plus +3, average 0, average minus −3.
fn law_86a_imps(score: super::Artificial) -> i32 {
    match score {
        super::Artificial::AveragePlus => 3,
        super::Artificial::Average => 0,
        super::Artificial::AverageMinus => -3,
    }
}

/// The state of `m` from the tables' results. A board with the director's artificial score
/// at one table is the match's adjusted score in IMPs (Law 86A, each team's from its pair's
/// side there); at both tables, or not played, it waits for the director, said so.
pub fn match_state(m: &NightMatch, results: &Results) -> MatchState {
    let mut entries = Vec::new();
    let mut entered = 0;
    for deal in m.boards.clone() {
        let mut halves = [None, None];
        for (half, &(round, table)) in m.halves.iter().enumerate() {
            let key = ResultKey { round, table, deal };
            let Some(ResultValue::Bridge { board }) = results.get(&key) else {
                continue;
            };
            entered += 1;
            halves[half] = Some(match (board, board.north_south_score(deal)) {
                (_, Some(score)) => Half::Score(score),
                (BridgeResult::Artificial { ns, ew }, None) => Half::Artificial(*ns, *ew),
                _ => {
                    return MatchState::Adjusted(format!(
                        "board {deal} was not played at table {table} in round {round}: a teams match needs a score at both tables, so give the board the director's artificial score (AVE+, AVE or AVE-: Law 86A's +3, 0 or −3 IMPs)"
                    ));
                }
            });
        }
        match halves {
            [Some(Half::Score(table1_ns)), Some(Half::Score(table2_ns))] => {
                entries.push(BoardEntry::Tables { table1_ns, table2_ns });
            }
            // The first team sits N-S at its own half and E-W at the other.
            [Some(Half::Artificial(ns, ew)), Some(Half::Score(_))] => entries.push(BoardEntry::Adjusted {
                first: law_86a_imps(ns),
                second: law_86a_imps(ew),
            }),
            [Some(Half::Score(_)), Some(Half::Artificial(ns, ew))] => entries.push(BoardEntry::Adjusted {
                first: law_86a_imps(ew),
                second: law_86a_imps(ns),
            }),
            [Some(Half::Artificial(..)), Some(Half::Artificial(..))] => {
                return MatchState::Adjusted(format!(
                    "board {deal} has artificial scores at both tables: give one table the director's adjusted score and enter the other's as played (or its own artificial score alone)"
                ));
            }
            _ => {}
        }
    }
    let needed = 2 * m.boards.clone().count();
    if entries.len() * 2 == needed {
        MatchState::Complete(entries)
    } else {
        MatchState::Missing { entered, needed }
    }
}

/// Every match of a teams night as a match card (the first team as "home": its N-S pair at
/// the first of the two tables), for the match score cards team-mates score up on; with the
/// match. `None` when the event has no movement.
pub fn night_cards(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
) -> Option<Vec<(NightMatch, super::teams::MatchCard)>> {
    let (_, scored) = scored_matches(event, results, scoring)?;
    let cards = scored
        .into_iter()
        .map(|s| {
            let boards = s
                .m
                .boards
                .clone()
                .map(|deal| {
                    let score =
                        |(round, table): (u32, u32)| match results.get(&ResultKey { round, table, deal }) {
                            Some(ResultValue::Bridge { board }) => board.north_south_score(deal),
                            _ => None,
                        };
                    let board = match (score(s.m.halves[0]), score(s.m.halves[1])) {
                        (Some(table1_ns), Some(table2_ns)) => {
                            Some(super::teams::TeamBoard::Tables { table1_ns, table2_ns })
                        }
                        _ => None,
                    };
                    let home_imps = board
                        .and_then(|b| b.entry().net().ok())
                        .map(crate::scoring::bridge::imps);
                    super::teams::BoardLine {
                        deal,
                        board,
                        home_imps,
                    }
                })
                .collect();
            let card = super::teams::MatchCard {
                long: false,
                home: s.m.teams[0],
                away: s.m.teams[1],
                boards,
                score: s.result.as_ref().map(|r| (r.imps_won, r.points)),
                part: None,
            };
            (s.m, card)
        })
        .collect();
    Some(cards)
}

/// Each team's name: the roster's team column of its N-S pair (entrant t), else the pair's
/// name.
pub fn team_names(event: &Event, teams: usize) -> Vec<String> {
    (0..teams)
        .map(|t| {
            let pair = event.roster.players.get(t);
            pair.and_then(|p| p.team.clone())
                .or_else(|| event.schedule.entrants.get(t).cloned())
                .unwrap_or_else(|| format!("Team {}", t + 1))
        })
        .collect()
}

/// A match of the evening with where it stands and, once complete, its result; or why it
/// cannot be scored.
struct Scored {
    m: NightMatch,
    state: MatchState,
    result: Option<MatchResult>,
    problem: Option<String>,
}

/// The teams' names and every match scored so far (`None` when the event has no movement).
fn scored_matches(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
) -> Option<(Vec<String>, Vec<Scored>)> {
    let movement = event.schedule.movement.as_ref()?;
    let names = team_names(event, movement.tables);
    let scored = night_matches(movement)
        .into_iter()
        .map(|m| {
            let state = match_state(&m, results);
            let (result, problem) = match &state {
                MatchState::Complete(entries) => {
                    match scoring.match_scoring().and_then(|s| score_match(entries, s)) {
                        Ok(result) => (Some(result), None),
                        Err(why) => (None, Some(why)),
                    }
                }
                MatchState::Adjusted(why) => (None, Some(why.clone())),
                MatchState::Missing { .. } => (None, None),
            };
            Scored {
                m,
                state,
                result,
                problem,
            }
        })
        .collect();
    Some((names, scored))
}

/// A complete match of a teams night for the USEBIO export: the round of its first half, its
/// two teams (the first as its `NightMatch` names them) and the points each scored.
pub(crate) type NightMatchLine = (u32, [usize; 2], [Points; 2]);

/// A teams night's standings lines (best first) and its complete matches.
pub(crate) type NightResults = (Vec<TeamStanding>, Vec<NightMatchLine>);

/// A teams night's [`NightResults`], for the USEBIO export; `Err` when the event has no
/// movement or the standings cannot be worked out.
pub(crate) fn night_results(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
) -> Result<NightResults, String> {
    let (names, scored) = scored_matches(event, results, scoring)
        .ok_or_else(|| "the teams night has no movement".to_owned())?;
    let complete: Vec<_> = scored
        .iter()
        .filter_map(|s| s.result.as_ref().map(|r| (s, r)))
        .collect();
    let played: Vec<PlayedMatch> = complete
        .iter()
        .map(|(s, r)| PlayedMatch {
            teams: s.m.teams,
            points: r.points,
            imps_won: r.imps_won,
            half: false,
        })
        .collect();
    let matches = complete
        .iter()
        .map(|(s, r)| (s.m.halves[0].0, s.m.teams, r.points))
        .collect();
    team_standings(names.len(), &played, &[], ByeScore::Fixed(0)).map(|lines| (lines, matches))
}

/// The standings of a teams night (the teams, by points) and the list of its matches with
/// each one's IMPs and points, or what it still needs.
pub fn night_tables(event: &Event, results: &Results, scoring: TeamsScoring) -> Vec<StandingsTable> {
    let Some((names, scored)) = scored_matches(event, results, scoring) else {
        return Vec::new();
    };
    let mut played = Vec::new();
    let mut match_rows = Vec::new();
    let mut problems = Vec::new();
    for s in &scored {
        let [a, b] = s.m.teams;
        if let Some(why) = &s.problem {
            problems.push(format!("{} v {}: {why}", names[a], names[b]));
        }
        let (imps, points) = match (&s.result, &s.state) {
            (Some(r), _) => (
                format!("{}–{}", r.imps_won[0], r.imps_won[1]),
                format!("{}–{}", points_text(r.points[0]), points_text(r.points[1])),
            ),
            (None, MatchState::Missing { entered, needed }) => {
                (format!("{entered} of {needed} scores entered"), String::new())
            }
            (None, _) => ("not scored (see below)".to_owned(), String::new()),
        };
        if let Some(r) = &s.result {
            played.push(PlayedMatch {
                teams: [a, b],
                points: r.points,
                imps_won: r.imps_won,
                half: false,
            });
        }
        match_rows.push(vec![
            format!("{} v {}", names[a], names[b]),
            format!("{}–{}", s.m.boards.start(), s.m.boards.end()),
            s.m.halves
                .iter()
                .map(|&(round, table)| format!("round {round} table {table}"))
                .collect::<Vec<_>>()
                .join(", "),
            imps,
            points,
        ]);
    }
    let ranking = ranking_table(&names, &played, scoring);
    let mut note = format!(
        "Each match is played at two tables on the same boards: the first team's N-S pair at the first, the second team's at the other; {} of {} matches complete.",
        played.len(),
        scored.len()
    );
    if !problems.is_empty() {
        note.push_str(&format!(" Not scored: {}.", problems.join("; ")));
    }
    let matches_table = StandingsTable {
        heading: Some("Matches".to_owned()),
        columns: ["Match", "Boards", "Played at", "IMPs", scoring.column()]
            .map(str::to_owned)
            .to_vec(),
        rows: match_rows,
        note: Some(note),
    };
    vec![ranking, matches_table]
}

/// A teams night's matches for a spreadsheet (`tourney event export --matches-csv`): one
/// line a match with both teams (number and name), the boards, where each half was played,
/// the scores entered and, once complete, each team's IMPs and points.
pub fn night_matches_table(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
) -> Option<StandingsTable> {
    let (names, scored) = scored_matches(event, results, scoring)?;
    let column = scoring.column();
    let columns = [
        "First no.",
        "First",
        "Second no.",
        "Second",
        "Boards",
        "First N-S round",
        "First N-S table",
        "Second N-S round",
        "Second N-S table",
        "Scores entered",
        "First IMPs",
        "Second IMPs",
        &format!("First {column}"),
        &format!("Second {column}"),
    ]
    .map(str::to_owned)
    .to_vec();
    let rows = scored
        .iter()
        .map(|s| {
            let [a, b] = s.m.teams;
            let [(r1, t1), (r2, t2)] = s.m.halves;
            let entered = match &s.state {
                MatchState::Complete(entries) => format!("{} of {}", 2 * entries.len(), 2 * entries.len()),
                MatchState::Missing { entered, needed } => format!("{entered} of {needed}"),
                MatchState::Adjusted(_) => "adjusted".to_owned(),
            };
            let mut row = vec![
                (a + 1).to_string(),
                names[a].clone(),
                (b + 1).to_string(),
                names[b].clone(),
                format!("{}-{}", s.m.boards.start(), s.m.boards.end()),
                r1.to_string(),
                t1.to_string(),
                r2.to_string(),
                t2.to_string(),
                entered,
            ];
            match &s.result {
                Some(r) => row.extend([
                    r.imps_won[0].to_string(),
                    r.imps_won[1].to_string(),
                    points_text(r.points[0]),
                    points_text(r.points[1]),
                ]),
                None => row.extend(std::iter::repeat_n(String::new(), 4)),
            }
            row
        })
        .collect();
    Some(StandingsTable {
        heading: None,
        columns,
        rows,
        note: None,
    })
}

/// The teams ranked by points, then head-to-head, then the IMP quotient.
fn ranking_table(names: &[String], played: &[PlayedMatch], scoring: TeamsScoring) -> StandingsTable {
    let columns = [
        "Rank",
        "Team",
        scoring.column(),
        "Played",
        "IMPs won",
        "IMPs lost",
        "Quotient",
    ]
    .map(str::to_owned)
    .to_vec();
    match team_standings(names.len(), played, &[], ByeScore::Fixed(0)) {
        Ok(lines) => StandingsTable {
            heading: Some("Teams".to_owned()),
            columns,
            rows: lines
                .iter()
                .map(|l| standing_cells(l, names.get(l.team).cloned().unwrap_or_default(), false))
                .collect(),
            note: Some(format!(
                "Ranked by {}, then the result between the tied teams (when they have all met), then the IMP quotient (IMPs won ÷ IMPs lost). A match counts once both its tables have every board.",
                scoring.label()
            )),
        },
        Err(why) => StandingsTable {
            heading: Some("Teams".to_owned()),
            columns,
            rows: Vec::new(),
            note: Some(format!("The standings could not be worked out: {why}")),
        },
    }
}

/// A 4-team night whose options do not say how 4 teams play (made before the relay existed,
/// always head to head) and whose movement has no relayed round: the choice it was made with,
/// head to head, written into its options as it is read, so that making its schedule again
/// (a roster changed) does not turn it into the relay.
pub(crate) fn keep_four_teams_choice(settings: &mut super::EventSettings, schedule: &crate::model::Schedule) {
    let Some(options) = settings.options.as_mut() else {
        return;
    };
    let head_to_head = schedule.movement.as_ref().is_some_and(|movement| {
        movement.kind == crate::model::movement::MovementKind::TeamsOfFour
            && movement.pairs == 8
            && movement.rounds.iter().all(|round| round.relay.is_empty())
    });
    if options.teams_night() && options.four_teams.is_none() && head_to_head {
        options.four_teams = Some(crate::model::movement::FourTeams::HeadToHead);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scoring;
    use crate::movement::{mitchell, schedule_of};

    fn schedule(movement: &Movement) -> crate::model::Schedule {
        let names: Vec<String> = (1..=movement.pairs).map(|p| format!("Pair {p}")).collect();
        schedule_of(movement, &names).unwrap()
    }

    #[test]
    fn a_teams_night_scoring_goes_with_a_teams_movement_only() {
        let night = Scoring::Bridge {
            boards_per_round: 2,
            imps: None,
            teams_of_four: Some(TeamsScoring::Imps),
            swiss: None,
        };
        let pairs = Scoring::Bridge {
            boards_per_round: 2,
            imps: None,
            teams_of_four: None,
            swiss: None,
        };
        let teams = schedule(
            &crate::movement::teams::teams_movement(5, 2)
                .unwrap()
                .as_pairs_movement(),
        );
        let mitchell = schedule(&mitchell(5, 2).unwrap());
        assert!(night.fits(&teams).is_ok());
        assert!(pairs.fits(&mitchell).is_ok());
        assert!(
            night
                .fits(&mitchell)
                .unwrap_err()
                .contains("no teams-of-four movement")
        );
        assert!(pairs.fits(&teams).unwrap_err().contains("matchpoints"));
    }

    #[test]
    fn each_match_is_found_with_its_two_halves_on_one_set() {
        let movement = crate::movement::teams::teams_movement(7, 3)
            .unwrap()
            .as_pairs_movement();
        let matches = night_matches(&movement);
        assert_eq!(matches.len(), 21);
        for m in &matches {
            let [a, b] = m.teams;
            assert!(a < b);
            let at = |(round, table): (u32, u32)| {
                movement.rounds[round as usize - 1]
                    .tables
                    .iter()
                    .find(|t| t.table == table as usize)
                    .cloned()
                    .unwrap()
            };
            let (first, second) = (at(m.halves[0]), at(m.halves[1]));
            assert_eq!((first.ns, first.ew), (a + 1, 7 + b + 1));
            assert_eq!((second.ns, second.ew), (b + 1, 7 + a + 1));
            assert_eq!(first.set, second.set);
            assert_eq!(m.boards.clone().count(), 3);
        }
    }
}
