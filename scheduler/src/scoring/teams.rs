//! Team matches and Swiss events: a board of a match (the N-S score at both tables, or the net
//! score), its IMPs, a match's IMP total and what it is worth (victory points on a scale,
//! plain IMPs, or board-a-match), a Swiss pairs round scored against each board's datum, and
//! the standings of a teams event with the tie-breaks clubs use.
//!
//! Points are kept in whole hundredths ([`Points`]) so 12.05 VPs, 7 IMPs and a board-a-match
//! half are all exact. Standings: points, then the head-to-head result between the tied teams
//! (when every two of them have met), then the IMP quotient (IMPs won ÷ IMPs lost), then the
//! place is shared ("4="). A bye is scored as the club decides ([`ByeScore`]).

use super::bridge::{butler_imps, imps};
use super::victory_points::{VpScale, victory_points};
use std::cmp::Ordering;

/// The largest N-S score at one table in absolute value: seven redoubled, vulnerable, down
/// thirteen (7,600). A larger number is a typing mistake.
pub const MOST_POINTS: i32 = 7600;

/// Points in whole hundredths: 1205 is 12.05 VPs; 700 is 7 IMPs; 50 is a board-a-match half.
pub type Points = i64;

/// One board of a two-table match, from the first team's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardEntry {
    /// The N-S score at each table: the first team sits N-S at table 1 and E-W at table 2.
    Tables {
        /// N-S's score at table 1 (the first team's pair N-S).
        table1_ns: i32,
        /// N-S's score at table 2 (the second team's pair N-S).
        table2_ns: i32,
    },
    /// The first team's net score on the board (table 1's N-S minus table 2's N-S).
    Net(i32),
    /// The director's adjusted score in IMPs, each team's from its own side (Law 86A: an
    /// artificial average plus is +3 IMPs, average 0, average minus −3). The two need not
    /// balance (both teams not at fault: +3 each).
    Adjusted {
        /// The first team's IMPs on the board.
        first: i32,
        /// The second team's.
        second: i32,
    },
}

/// The most IMPs an adjusted score may give one team on a board (the IMP scale's top).
pub const MOST_ADJUSTED_IMPS: i32 = 24;

impl BoardEntry {
    /// The first team's net score, checked: each table's score at most [`MOST_POINTS`] either
    /// way and a multiple of 10.
    pub fn net(self) -> Result<i32, String> {
        let check = |score: i32, what: &str| -> Result<(), String> {
            if score.abs() > MOST_POINTS {
                return Err(format!(
                    "{what} {score}: a score on one board is at most {MOST_POINTS} either way"
                ));
            }
            if score % 10 != 0 {
                return Err(format!("{what} {score}: bridge scores are multiples of 10"));
            }
            Ok(())
        };
        match self {
            BoardEntry::Tables { table1_ns, table2_ns } => {
                check(table1_ns, "table 1's N-S score")?;
                check(table2_ns, "table 2's N-S score")?;
                Ok(table1_ns - table2_ns)
            }
            BoardEntry::Adjusted { .. } => {
                Err("an adjusted score in IMPs has no net score in points".to_owned())
            }
            BoardEntry::Net(net) => {
                if net.abs() > 2 * MOST_POINTS || net % 10 != 0 {
                    return Err(format!(
                        "net score {net}: a board's net score is a multiple of 10 of at most {} either way",
                        2 * MOST_POINTS
                    ));
                }
                Ok(net)
            }
        }
    }
}

/// How a match is turned into points for the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchScoring {
    /// Victory points on a scale (20 for the match between the two).
    VictoryPoints(VpScale),
    /// The IMP margin itself (+7 and −7).
    Imps,
    /// Board-a-match: each board won 1, tied ½, lost 0 (on the net score).
    BoardAMatch,
}

/// A scored match, from the first team's side where it matters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// The first team's IMPs on each board (negative when the second team gained).
    pub board_imps: Vec<i32>,
    /// IMPs won by each team over the match (for the IMP quotient).
    pub imps_won: [u32; 2],
    /// Points for each team, in hundredths.
    pub points: [Points; 2],
}

impl MatchResult {
    /// The first team's IMP margin (negative when it lost).
    pub fn margin(&self) -> i64 {
        i64::from(self.imps_won[0]) - i64::from(self.imps_won[1])
    }
}

/// Scores a match of `boards` (at least one) as `scoring` says.
pub fn score_match(boards: &[BoardEntry], scoring: MatchScoring) -> Result<MatchResult, String> {
    if boards.is_empty() {
        return Err("a match has at least one board".to_owned());
    }
    // Each board's IMPs for each team, from its own side: opposite unless adjusted; and who
    // won the board at board-a-match (the sign of the net score in points, or of the IMPs).
    let mut each = Vec::with_capacity(boards.len());
    let mut won = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        let imps_of = match *board {
            BoardEntry::Adjusted { first, second } => {
                if first.abs() > MOST_ADJUSTED_IMPS || second.abs() > MOST_ADJUSTED_IMPS {
                    return Err(format!(
                        "board {}: an adjusted score of {first} and {second} IMPs; at most {MOST_ADJUSTED_IMPS} either way",
                        i + 1
                    ));
                }
                won.push([first.signum(), second.signum()]);
                [first, second]
            }
            entry => {
                let net = entry.net().map_err(|e| format!("board {}: {e}", i + 1))?;
                won.push([net.signum(), -net.signum()]);
                let gain = imps(net);
                [gain, -gain]
            }
        };
        each.push(imps_of);
    }
    let board_imps: Vec<i32> = each.iter().map(|b| b[0]).collect();
    let gained = |team: usize| -> u32 { each.iter().map(|b| b[team].max(0).unsigned_abs()).sum() };
    let imps_won = [gained(0), gained(1)];
    // Each team's margin over its own boards (the two are opposite unless an adjusted score
    // does not balance; then each team is scored on its own margin).
    let margins: [i64; 2] = std::array::from_fn(|team| each.iter().map(|b| i64::from(b[team])).sum());
    let points = match scoring {
        MatchScoring::VictoryPoints(scale) => [
            vp_share(scale, boards.len(), margins[0])?,
            vp_share(scale, boards.len(), margins[1])?,
        ],
        MatchScoring::Imps => [margins[0] * 100, margins[1] * 100],
        MatchScoring::BoardAMatch => {
            std::array::from_fn(|team| won.iter().map(|b| 50 + 50 * Points::from(b[team])).sum())
        }
    };
    Ok(MatchResult {
        board_imps,
        imps_won,
        points,
    })
}

/// One team's VPs (hundredths) from its own IMP margin in a match of `boards` boards.
fn vp_share(scale: VpScale, boards: usize, margin: i64) -> Result<Points, String> {
    let boards = i64::try_from(boards).map_err(|_| "too many boards".to_owned())?;
    let split = victory_points(scale, boards, margin.unsigned_abs() as f64)?;
    let share = if margin >= 0 { split.winner } else { split.loser };
    Ok(Points::from(share.hundredths()))
}

/// IMPs won by each side from the first side's IMPs per board.
fn split_imps(board_imps: &[i32]) -> [u32; 2] {
    let won: u32 = board_imps.iter().map(|&i| i.max(0).unsigned_abs()).sum();
    let lost: u32 = board_imps.iter().map(|&i| i.min(0).unsigned_abs()).sum();
    [won, lost]
}

/// The VPs of a match of `boards` boards with these IMPs, each side's.
fn vp_points(scale: VpScale, boards: usize, imps_won: [u32; 2]) -> Result<[Points; 2], String> {
    let boards = i64::try_from(boards).map_err(|_| "too many boards".to_owned())?;
    let margin = f64::from(imps_won[0].abs_diff(imps_won[1]));
    let split = victory_points(scale, boards, margin)?;
    let (winner, loser) = (
        Points::from(split.winner.hundredths()),
        Points::from(split.loser.hundredths()),
    );
    Ok(if imps_won[0] >= imps_won[1] {
        [winner, loser]
    } else {
        [loser, winner]
    })
}

/// A Swiss pairs round: every match plays the same boards at one table, the first pair N-S.
/// Each board is scored against its datum (Butler: the average N-S score across the field, top
/// and bottom left out from five results, rounded to ten), the first pair's IMPs summed over
/// the match and turned into VPs. `scores[b][m]` is the N-S score of match `m` on board `b`.
pub fn swiss_pairs_round(
    scores: &[Vec<i32>],
    matches: usize,
    scale: VpScale,
) -> Result<Vec<MatchResult>, String> {
    if scores.is_empty() {
        return Err("a Swiss pairs round has at least one board".to_owned());
    }
    let mut per_match: Vec<Vec<i32>> = vec![Vec::with_capacity(scores.len()); matches];
    for (b, board) in scores.iter().enumerate() {
        if board.len() != matches {
            return Err(format!(
                "board {}: {} scores for {matches} matches (every match plays every board)",
                b + 1,
                board.len()
            ));
        }
        for (m, &score) in board.iter().enumerate() {
            BoardEntry::Tables {
                table1_ns: score,
                table2_ns: 0,
            }
            .net()
            .map_err(|e| format!("board {}, match {}: {e}", b + 1, m + 1))?;
        }
        for (m, value) in butler_imps(board).into_iter().enumerate() {
            per_match[m].push(value.round() as i32);
        }
    }
    per_match
        .into_iter()
        .map(|board_imps| {
            let imps_won = split_imps(&board_imps);
            let points = vp_points(scale, scores.len(), imps_won)?;
            Ok(MatchResult {
                board_imps,
                imps_won,
                points,
            })
        })
        .collect()
}

/// How a bye is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeScore {
    /// A fixed number of points, in hundredths (12 VPs is `Fixed(1200)`).
    Fixed(Points),
    /// The team's average over the matches it has played; `before_any` until it has played one.
    Average {
        /// What the bye is worth before the team has played a match (e.g. a draw, 1000).
        before_any: Points,
    },
}

/// One played match between two teams, for the standings (a three-way match is three).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedMatch {
    /// The teams, by index.
    pub teams: [usize; 2],
    /// Each team's points, in hundredths.
    pub points: [Points; 2],
    /// IMPs won by each team.
    pub imps_won: [u32; 2],
    /// One half-match of a three-way match: with its twin, one match played.
    pub half: bool,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStanding {
    /// The team, by index.
    pub team: usize,
    /// Its place as printed: "1", "4=".
    pub place: String,
    /// Points in hundredths, byes included.
    pub points: Points,
    /// IMPs won and lost in its matches.
    pub imps_won: u64,
    /// IMPs lost.
    pub imps_lost: u64,
    /// Matches played (not counting byes; a three-way match's two half-matches are one).
    pub played: u32,
    /// Byes had.
    pub byes: u32,
}

/// The standings of `teams` teams after these matches and byes (each bye names its team),
/// best first, with shared places where the tie-breaks cannot separate teams.
pub fn team_standings(
    teams: usize,
    matches: &[PlayedMatch],
    byes: &[usize],
    bye_score: ByeScore,
) -> Result<Vec<TeamStanding>, String> {
    let mut lines: Vec<TeamStanding> = (0..teams)
        .map(|team| TeamStanding {
            team,
            place: String::new(),
            points: 0,
            imps_won: 0,
            imps_lost: 0,
            played: 0,
            byes: 0,
        })
        .collect();
    let mut halves = vec![0u32; teams];
    for (i, m) in matches.iter().enumerate() {
        if m.teams[0] >= teams || m.teams[1] >= teams || m.teams[0] == m.teams[1] {
            return Err(format!(
                "match {}: teams {} and {} are not two of the {teams} teams",
                i + 1,
                m.teams[0] + 1,
                m.teams[1] + 1
            ));
        }
        for side in 0..2 {
            let line = &mut lines[m.teams[side]];
            line.points = line.points.saturating_add(m.points[side]);
            line.imps_won += u64::from(m.imps_won[side]);
            line.imps_lost += u64::from(m.imps_won[1 - side]);
            if m.half {
                halves[m.teams[side]] += 1;
            } else {
                line.played += 1;
            }
        }
    }
    // A three-way match's two half-matches are one match played.
    for (line, &half) in lines.iter_mut().zip(&halves) {
        line.played += half / 2;
    }
    for &team in byes {
        let line = lines
            .get_mut(team)
            .ok_or_else(|| format!("a bye names team {}, but there are {teams} teams", team + 1))?;
        line.byes += 1;
    }
    for line in &mut lines {
        let bye_value = match bye_score {
            ByeScore::Fixed(points) => points,
            ByeScore::Average { before_any } if line.played == 0 => before_any,
            ByeScore::Average { .. } => (line.points as f64 / f64::from(line.played)).round() as Points,
        };
        line.points = line
            .points
            .saturating_add(bye_value.saturating_mul(Points::from(line.byes)));
    }
    rank(&mut lines, matches);
    Ok(lines)
}

/// IMPs won ÷ IMPs lost, compared exactly (nothing lost is above any quotient).
#[derive(Debug, Clone, Copy)]
struct Quotient {
    won: u64,
    lost: u64,
}

impl Quotient {
    fn cmp(self, other: Quotient) -> Ordering {
        match (self.lost, other.lost) {
            (0, 0) => self.won.min(1).cmp(&other.won.min(1)),
            (0, _) => {
                if self.won == 0 {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (_, 0) => {
                if other.won == 0 {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            _ => (u128::from(self.won) * u128::from(other.lost))
                .cmp(&(u128::from(other.won) * u128::from(self.lost))),
        }
    }
}

/// Sorts best first: points, head-to-head within each group tied on points, IMP quotient;
/// then writes the places.
fn rank(lines: &mut [TeamStanding], matches: &[PlayedMatch]) {
    lines.sort_by(|a, b| b.points.cmp(&a.points).then(a.team.cmp(&b.team)));
    let mut head_to_head: Vec<Option<Points>> = vec![None; lines.len()];
    let mut start = 0;
    while start < lines.len() {
        let end = (start..lines.len())
            .find(|&i| lines[i].points != lines[start].points)
            .unwrap_or(lines.len());
        let group: Vec<usize> = lines[start..end].iter().map(|l| l.team).collect();
        if group.len() > 1 && all_met(&group, matches) {
            for line in &lines[start..end] {
                head_to_head[line.team] = Some(points_among(line.team, &group, matches));
            }
        }
        start = end;
    }
    let quotient = |l: &TeamStanding| Quotient {
        won: l.imps_won,
        lost: l.imps_lost,
    };
    let order = |a: &TeamStanding, b: &TeamStanding| {
        b.points
            .cmp(&a.points)
            .then(head_to_head[b.team].cmp(&head_to_head[a.team]))
            .then(quotient(b).cmp(quotient(a)))
    };
    lines.sort_by(|a, b| order(a, b).then(a.team.cmp(&b.team)));
    let keys: Vec<(Points, Option<Points>, u64, u64)> = (0..lines.len())
        .map(|i| {
            // Equal neighbours by `order` get the same key: the first of their run's values.
            let first = (0..=i)
                .rev()
                .take_while(|&j| order(&lines[j], &lines[i]) == Ordering::Equal)
                .last()
                .unwrap_or(i);
            let l = &lines[first];
            (l.points, head_to_head[l.team], l.imps_won, l.imps_lost)
        })
        .collect();
    let places = super::places(&keys);
    for (line, place) in lines.iter_mut().zip(places) {
        line.place = place;
    }
}

/// Whether every two teams of the group have met.
fn all_met(group: &[usize], matches: &[PlayedMatch]) -> bool {
    group.iter().enumerate().all(|(i, &a)| {
        group[i + 1..].iter().all(|&b| {
            matches
                .iter()
                .any(|m| (m.teams[0] == a && m.teams[1] == b) || (m.teams[0] == b && m.teams[1] == a))
        })
    })
}

/// A team's points from its matches against the rest of the group.
fn points_among(team: usize, group: &[usize], matches: &[PlayedMatch]) -> Points {
    matches
        .iter()
        .filter_map(|m| {
            let side = m.teams.iter().position(|&t| t == team)?;
            group.contains(&m.teams[1 - side]).then_some(m.points[side])
        })
        .sum()
}

/// Points as printed: "12.05".
pub fn points_text(points: Points) -> String {
    let sign = if points < 0 { "-" } else { "" };
    let abs = points.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WBF IMP scale as published: (lowest difference, highest difference, IMPs).
    const SCALE: [(i32, i32, i32); 25] = [
        (0, 10, 0),
        (20, 40, 1),
        (50, 80, 2),
        (90, 120, 3),
        (130, 160, 4),
        (170, 210, 5),
        (220, 260, 6),
        (270, 310, 7),
        (320, 360, 8),
        (370, 420, 9),
        (430, 490, 10),
        (500, 590, 11),
        (600, 740, 12),
        (750, 890, 13),
        (900, 1090, 14),
        (1100, 1290, 15),
        (1300, 1490, 16),
        (1500, 1740, 17),
        (1750, 1990, 18),
        (2000, 2240, 19),
        (2250, 2490, 20),
        (2500, 2990, 21),
        (3000, 3490, 22),
        (3500, 3990, 23),
        (4000, 15200, 24),
    ];

    #[test]
    fn every_boundary_of_the_imp_scale() {
        for (low, high, value) in SCALE {
            for diff in [low, high] {
                assert_eq!(imps(diff), value, "{diff}");
                assert_eq!(imps(-diff), -value, "-{diff}");
                let table1_ns = diff.min(7600);
                let net = BoardEntry::Tables {
                    table1_ns,
                    table2_ns: table1_ns - diff,
                };
                assert_eq!(imps(net.net().unwrap()), value, "tables {net:?}");
            }
        }
    }

    #[test]
    fn a_board_is_the_difference_between_the_tables() {
        // 4S made at table 1 (+420), 4S one off at table 2 (N-S −50 there): +470 → 10 IMPs.
        let board = BoardEntry::Tables {
            table1_ns: 420,
            table2_ns: -50,
        };
        assert_eq!(board.net().unwrap(), 470);
        assert!(
            BoardEntry::Tables {
                table1_ns: 425,
                table2_ns: 0
            }
            .net()
            .unwrap_err()
            .contains("multiples of 10")
        );
        assert!(BoardEntry::Net(20000).net().is_err());
        assert!(
            BoardEntry::Tables {
                table1_ns: 7610,
                table2_ns: 0
            }
            .net()
            .unwrap_err()
            .contains("7600")
        );
    }

    #[test]
    fn a_match_in_vps_imps_and_board_a_match() {
        // Boards: +470 (10), −620+... net −50 (−2), 0 (0), +1430−1460=−30 (−1).
        let boards = [
            BoardEntry::Tables {
                table1_ns: 420,
                table2_ns: -50,
            },
            BoardEntry::Net(-50),
            BoardEntry::Net(0),
            BoardEntry::Tables {
                table1_ns: 1430,
                table2_ns: 1460,
            },
        ];
        let vp = score_match(&boards, MatchScoring::VictoryPoints(VpScale::Wbf2013)).unwrap();
        assert_eq!(vp.board_imps, vec![10, -2, 0, -1]);
        assert_eq!(vp.imps_won, [10, 3]);
        assert_eq!(vp.margin(), 7);
        // The WBF 2013 scale for 4 boards: B = 15·√4 = 30; 7 IMPs → 10 + 10·(1 − τ^0.7)/(1 − τ³)
        // = 10 + 10·(1 − 0.71405)/0.76393 = 13.74.
        assert_eq!(points_text(vp.points[0]), "13.74");
        assert_eq!(vp.points[0] + vp.points[1], 2000);
        let plain = score_match(&boards, MatchScoring::Imps).unwrap();
        assert_eq!(plain.points, [700, -700]);
        let bam = score_match(&boards, MatchScoring::BoardAMatch).unwrap();
        // Won 1, lost 2, tied 1: 1.5 – 2.5.
        assert_eq!(bam.points, [150, 250]);
        assert!(score_match(&[], MatchScoring::Imps).is_err());
    }

    fn played(a: usize, b: usize, pa: Points, won: [u32; 2]) -> PlayedMatch {
        PlayedMatch {
            teams: [a, b],
            points: [pa, 2000 - pa],
            imps_won: won,
            half: false,
        }
    }

    #[test]
    fn standings_break_ties_by_head_to_head_then_quotient_then_share() {
        let matches = [
            // 0 and 1 end on 24.00 and met: 1 won that match, so 1 is ahead although 0's
            // quotient (50/25) is better than 1's (31/20).
            played(1, 0, 1200, [20, 10]),
            played(0, 2, 1600, [40, 5]),
            played(1, 3, 1200, [11, 10]),
            // 2 and 3 end on 18.00 and never met: quotients 2 = 25/48, 3 = 19/20: 3 ahead.
            played(2, 6, 1400, [20, 8]),
            played(3, 5, 1000, [9, 9]),
            // 4 and 5 end on 10.00, never met, quotients 6/6 and 9/9 — both 1: shared.
            played(4, 7, 1000, [6, 6]),
            played(7, 6, 1000, [6, 6]),
        ];
        let table = team_standings(8, &matches, &[], ByeScore::Fixed(1200)).unwrap();
        // Points: 0: 8 + 16 = 24; 1: 12 + 12 = 24; 2: 4 + 14 = 18; 3: 8 + 10 = 18;
        // 4: 10; 5: 10; 6: 6 + 10 = 16; 7: 10 + 10 = 20.
        assert_eq!(
            table.iter().map(|l| points_text(l.points)).collect::<Vec<_>>(),
            [
                "24.00", "24.00", "20.00", "18.00", "18.00", "16.00", "10.00", "10.00"
            ]
        );
        let order: Vec<usize> = table.iter().map(|l| l.team).collect();
        assert_eq!(order, [1, 0, 7, 3, 2, 6, 4, 5]);
        let places: Vec<&str> = table.iter().map(|l| l.place.as_str()).collect();
        assert_eq!(places, ["1", "2", "3", "4", "5", "6", "7=", "7="]);
    }

    #[test]
    fn tied_teams_that_met_and_drew_go_to_the_quotient_or_share() {
        // 0 and 1 draw (10–10, 20–20 IMPs); 2 and 3 draw too; everyone 10.00.
        let matches = [played(0, 1, 1000, [20, 20]), played(2, 3, 1000, [12, 12])];
        let table = team_standings(4, &matches, &[], ByeScore::Fixed(1200)).unwrap();
        let places: Vec<&str> = table.iter().map(|l| l.place.as_str()).collect();
        assert_eq!(places, ["1=", "1=", "1=", "1="]);
        // Head-to-head decides when the tied teams met: 0 beat 1.
        let matches = [
            played(0, 1, 1100, [21, 20]),
            played(1, 2, 1100, [9, 8]),
            played(2, 0, 1100, [5, 4]),
        ];
        let table = team_standings(3, &matches, &[], ByeScore::Fixed(1200)).unwrap();
        // All on 20.00; all met; head-to-head among all three is their totals again (20.00 each),
        // so the quotient: 0: 25/25 = 1, 1: 29/29 = 1, 2: 13/13 = 1: shared.
        assert_eq!(
            table.iter().map(|l| l.place.as_str()).collect::<Vec<_>>(),
            ["1=", "1=", "1="]
        );
    }

    #[test]
    fn a_bye_scores_fixed_or_the_average() {
        let matches = [played(0, 1, 1500, [30, 10]), played(0, 2, 1300, [20, 10])];
        let fixed = team_standings(3, &matches, &[0], ByeScore::Fixed(1200)).unwrap();
        assert_eq!(fixed[0].points, 1500 + 1300 + 1200);
        let average = team_standings(3, &matches, &[0, 1], ByeScore::Average { before_any: 1000 }).unwrap();
        let line = |t: usize| average.iter().find(|l| l.team == t).unwrap().points;
        assert_eq!(line(0), 2800 + 1400);
        assert_eq!(line(1), 500 + 500);
        let none = team_standings(3, &[], &[2], ByeScore::Average { before_any: 1000 }).unwrap();
        assert_eq!(none[0].points, 1000);
        assert!(team_standings(2, &matches, &[], ByeScore::Fixed(0)).is_err());
    }

    #[test]
    fn a_swiss_pairs_round_is_scored_against_the_datum() {
        // Two boards, three matches. Board 1: 420, 420, −50: datum (790/3 = 263.3) 260:
        // +160 → 4, +160 → 4, −310 → −7. Board 2: 100, 100, 100: datum 100: 0 each.
        let scores = vec![vec![420, 420, -50], vec![100, 100, 100]];
        let results = swiss_pairs_round(&scores, 3, VpScale::Wbf2013).unwrap();
        assert_eq!(results[0].board_imps, vec![4, 0]);
        assert_eq!(results[2].board_imps, vec![-7, 0]);
        assert_eq!(results[2].margin(), -7);
        assert!(results[2].points[1] > results[2].points[0]);
        assert!(
            swiss_pairs_round(&[vec![420]], 3, VpScale::Wbf2013)
                .unwrap_err()
                .contains("every board")
        );
    }

    #[test]
    fn adjusted_boards_count_for_each_team_from_its_own_side() {
        // Board 1: +620 net (12 IMPs to the first team); board 2: both teams +3 (Law 86A,
        // neither at fault). Margins: first 15, second −12 + 3 = −9.
        let boards = [BoardEntry::Net(620), BoardEntry::Adjusted { first: 3, second: 3 }];
        let imps = score_match(&boards, MatchScoring::Imps).unwrap();
        assert_eq!(imps.board_imps, [12, 3]);
        assert_eq!(imps.imps_won, [15, 3]);
        assert_eq!(imps.points, [1500, -900]);
        // Board-a-match: the first team wins both boards, the second wins board 2 too.
        let bam = score_match(&boards, MatchScoring::BoardAMatch).unwrap();
        assert_eq!(bam.points, [200, 100]);
        // VPs: each team on its own margin, so the two need not add up to 20.
        let vps = score_match(&boards, MatchScoring::VictoryPoints(VpScale::Wbf2013)).unwrap();
        let alone = |margin: i64| vp_share(VpScale::Wbf2013, 2, margin).unwrap();
        assert_eq!(vps.points, [alone(15), alone(-9)]);
        assert_ne!(vps.points[0] + vps.points[1], 2000);
        // Balanced adjusted scores add up to 20 as any board does.
        let balanced = [BoardEntry::Adjusted { first: 3, second: -3 }];
        let vps = score_match(&balanced, MatchScoring::VictoryPoints(VpScale::Wbf2013)).unwrap();
        assert_eq!(vps.points[0] + vps.points[1], 2000);
        let wild = [BoardEntry::Adjusted {
            first: 30,
            second: -30,
        }];
        assert!(
            score_match(&wild, MatchScoring::Imps)
                .unwrap_err()
                .contains("at most 24")
        );
    }
}
