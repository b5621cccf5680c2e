//! The audit an organiser reads before printing: who met whom how often (as matrices, with a
//! count of pairs for each number of meetings), how sit-outs and byes fall, and colour and
//! float counts. It only counts what the schedule says; the verifier is what judges it.

pub mod kept_apart;

use crate::model::{Absence, Format, Schedule, Seat};
use std::collections::BTreeMap;

/// How often, in words: "never", "once", "twice", "3 times".
pub fn how_often(times: u16) -> String {
    match times {
        0 => "never".to_owned(),
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

/// How often each pair of entrants (or teams) did something together, e.g. partnered.
#[derive(Debug, Clone, PartialEq)]
pub struct PairMatrix {
    /// What is counted, for headings: "partners", "opponents", "met", "team matches".
    pub name: &'static str,
    /// Row and column names.
    pub labels: Vec<String>,
    /// Row-major `labels.len()²` counts; symmetric, zero diagonal.
    counts: Vec<u16>,
}

impl PairMatrix {
    fn new(name: &'static str, labels: Vec<String>) -> Self {
        let n = labels.len();
        PairMatrix {
            name,
            labels,
            counts: vec![0; n * n],
        }
    }

    /// The number of entrants: rows and columns of the matrix.
    pub fn size(&self) -> usize {
        self.labels.len()
    }

    /// Every count, row by row (`size()²` of them).
    pub fn counts(&self) -> &[u16] {
        &self.counts
    }

    /// How often entrants `a` and `b` (indices into the schedule's entrants) were together in
    /// this way; the same either way round, 0 on the diagonal.
    pub fn get(&self, a: usize, b: usize) -> u16 {
        self.counts[a * self.size() + b]
    }

    fn add(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let n = self.size();
        self.counts[a * n + b] = self.counts[a * n + b].saturating_add(1);
        self.counts[b * n + a] = self.counts[b * n + a].saturating_add(1);
    }

    /// The largest count (for a colour scale).
    pub fn max(&self) -> u16 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// For each number of meetings, how many pairs met that often (each pair once).
    pub fn histogram(&self) -> BTreeMap<u16, usize> {
        let n = self.size();
        let mut histogram = BTreeMap::new();
        for a in 0..n {
            for b in a + 1..n {
                *histogram.entry(self.get(a, b)).or_insert(0) += 1;
            }
        }
        histogram
    }

    /// "120 pairs once, 8 pairs never" — the histogram in words, most frequent count first.
    pub fn summary(&self) -> String {
        let mut parts: Vec<(u16, usize)> = self.histogram().into_iter().collect();
        parts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let parts: Vec<String> = parts
            .into_iter()
            .map(|(times, pairs)| {
                let how_often = how_often(times);
                let pairs = if pairs == 1 {
                    "1 pair".to_owned()
                } else {
                    format!("{pairs} pairs")
                };
                format!("{pairs} {how_often}")
            })
            .collect();
        format!("{}: {}", self.name, parts.join(", "))
    }
}

/// One entrant's line of the audit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntrantAudit {
    /// Rounds at a table.
    pub played: u32,
    /// Rounds sitting out (whist) or with a bye (round robins).
    pub absent: u32,
    /// First-named side: White, home, or N–S.
    pub first_side: u32,
    /// Second side: Black, away, or E–W.
    pub second_side: u32,
    /// Longest run of consecutive rounds on the same side.
    pub longest_run: u32,
    /// Team chess: games against a higher board (a stronger one) and a lower board.
    pub floats_up: u32,
    /// Team chess: games against a lower board (a weaker one).
    pub floats_down: u32,
}

/// Everything the audit panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit {
    /// The first is the one to show first.
    pub matrices: Vec<PairMatrix>,
    /// One line per entrant, in the schedule's order.
    pub entrants: Vec<EntrantAudit>,
    /// What the two sides are called: ("White", "Black"), ("home", "away") or ("N-S", "E-W").
    pub sides: (&'static str, &'static str),
    /// Whether float counts mean anything (team chess).
    pub has_floats: bool,
    /// The schedule's format, for the words of the summary ("player", "pair", "entrant").
    pub format: Format,
}

impl Audit {
    /// Sit-outs (or byes) per entrant: (fewest, most).
    pub fn absence_range(&self) -> (u32, u32) {
        let absent = self.entrants.iter().map(|e| e.absent);
        (absent.clone().min().unwrap_or(0), absent.max().unwrap_or(0))
    }

    /// Largest |first side − second side| over the entrants.
    pub fn worst_side_imbalance(&self) -> u32 {
        self.entrants
            .iter()
            .map(|e| e.first_side.abs_diff(e.second_side))
            .max()
            .unwrap_or(0)
    }

    /// A few sentences for the top of the panel.
    pub fn summary(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.matrices.iter().map(PairMatrix::summary).collect();
        let (fewest, most) = self.absence_range();
        let whist = self.format == Format::Whist;
        let word = self.format.entrant_word();
        if most > 0 {
            lines.push(match (fewest == most, whist) {
                (true, true) => format!("Everyone sits out {most} time(s)."),
                (true, false) => format!("Everyone sits out (or has a bye) {most} time(s)."),
                (false, true) => format!("Sit-outs per player: between {fewest} and {most}."),
                (false, false) => format!("Sit-outs and byes per {word}: between {fewest} and {most}."),
            });
        } else {
            lines.push("Nobody sits out.".into());
        }
        let longest = self.entrants.iter().map(|e| e.longest_run).max().unwrap_or(0);
        lines.push(if whist {
            // A whist drive has no colours: only which way a player faces.
            format!(
                "Seats: the most any player sits N-S more often than E-W (or the other way) is {} round(s); the longest run facing one way is {longest} round(s).",
                self.worst_side_imbalance()
            )
        } else {
            format!(
                "{} against {}: the largest difference for any {word} is {}; the longest run on one side is {longest} round(s).",
                self.sides.0,
                self.sides.1,
                self.worst_side_imbalance(),
            )
        });
        if self.has_floats {
            let floats: u32 = self.entrants.iter().map(|e| e.floats_up).sum();
            let most = self
                .entrants
                .iter()
                .map(|e| e.floats_up + e.floats_down)
                .max()
                .unwrap_or(0);
            lines.push(format!(
                "{floats} game(s) across boards; the most for one player is {most}."
            ));
        }
        lines
    }
}

/// The teams in order of first appearance, and each entrant's team index; `None` when the
/// schedule has no teams.
fn teams_of(schedule: &Schedule) -> Option<(Vec<String>, Vec<usize>)> {
    (!schedule.entrant_teams.is_empty()).then(|| {
        let mut teams: Vec<String> = Vec::new();
        let index = schedule
            .entrant_teams
            .iter()
            .map(|team| match teams.iter().position(|t| t == team) {
                Some(i) => i,
                None => {
                    teams.push(team.clone());
                    teams.len() - 1
                }
            })
            .collect();
        (teams, index)
    })
}

/// Counts the schedule.
pub fn audit(schedule: &Schedule) -> Audit {
    let n = schedule.entrants.len();
    let labels = schedule.entrants.clone();
    let mut entrants = vec![EntrantAudit::default(); n];
    // Per entrant: the side of the previous round and the length of the current run.
    let mut runs: Vec<(Option<bool>, u32)> = vec![(None, 0); n];
    let mut matrices = match schedule.format {
        Format::Whist => vec![
            PairMatrix::new("partners", labels.clone()),
            PairMatrix::new("opponents", labels.clone()),
        ],
        Format::RoundRobin | Format::TeamChess | Format::Pairs => {
            vec![PairMatrix::new("met", labels.clone())]
        }
    };
    let team_of = teams_of(schedule);
    let mut team_matrix = team_of
        .as_ref()
        .map(|(teams, _)| PairMatrix::new("team games", teams.clone()));

    for (index, round) in schedule.rounds.iter().enumerate() {
        // A round that keeps the seats of the one before (the second half-set of a meeting in
        // the 3-table Howell in half-sets) is the same meeting: counted once.
        let continues = schedule
            .movement
            .as_ref()
            .and_then(|m| m.rounds.get(index))
            .is_some_and(|r| r.same_seats);
        if continues {
            continue;
        }
        // A late arrival's missed rounds and a withdrawn player's later ones are not
        // sit-outs: they are counted as neither.
        for absent in round
            .absent
            .iter()
            .filter(|a| matches!(a.kind, Absence::SitOut | Absence::Bye))
        {
            if let Some(line) = entrants.get_mut(absent.entrant) {
                line.absent += 1;
            }
        }
        for table in &round.tables {
            let seats: Vec<(Seat, usize, Option<u32>)> = table
                .seats
                .iter()
                .filter(|s| s.entrant < n)
                .map(|s| (s.seat, s.entrant, s.board))
                .collect();
            for &(seat, entrant, board) in &seats {
                let first = matches!(seat, Seat::N | Seat::S | Seat::Home | Seat::White);
                let line = &mut entrants[entrant];
                line.played += 1;
                if first {
                    line.first_side += 1;
                } else {
                    line.second_side += 1;
                }
                let run = &mut runs[entrant];
                run.1 = if run.0 == Some(first) { run.1 + 1 } else { 1 };
                run.0 = Some(first);
                line.longest_run = line.longest_run.max(run.1);
                for &(other_seat, other, other_board) in &seats {
                    if other == entrant {
                        continue;
                    }
                    let other_first = matches!(other_seat, Seat::N | Seat::S | Seat::Home | Seat::White);
                    if let (Some(own), Some(theirs)) = (board, other_board)
                        && first != other_first
                    {
                        if theirs < own {
                            entrants[entrant].floats_up += 1;
                        } else if theirs > own {
                            entrants[entrant].floats_down += 1;
                        }
                    }
                    // Each unordered pair once.
                    if other < entrant {
                        continue;
                    }
                    match schedule.format {
                        Format::Whist if first == other_first => matrices[0].add(entrant, other),
                        Format::Whist => matrices[1].add(entrant, other),
                        _ => matrices[0].add(entrant, other),
                    }
                    if let (Some(matrix), Some((_, index))) = (team_matrix.as_mut(), team_of.as_ref())
                        && first != other_first
                    {
                        matrix.add(index[entrant], index[other]);
                    }
                }
            }
        }
        // Someone who sits out breaks their run of one side.
        for absent in &round.absent {
            if let Some(run) = runs.get_mut(absent.entrant) {
                *run = (None, 0);
            }
        }
    }
    if let Some(matrix) = team_matrix {
        matrices.push(matrix);
    }
    Audit {
        matrices,
        entrants,
        sides: match schedule.format {
            Format::Whist | Format::Pairs => ("N-S", "E-W"),
            Format::TeamChess => ("White", "Black"),
            Format::RoundRobin => ("home", "away"),
        },
        has_floats: schedule.format == Format::TeamChess,
        format: schedule.format,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Roster;
    use crate::round_robin::{Method, RoundRobinOptions, round_robin};
    use crate::solver::Control;
    use crate::whist::{WhistOptions, whist_schedule};

    #[test]
    fn a_full_whist_cycle_partners_everyone_once_and_opposes_twice() {
        let options = WhistOptions {
            rounds: None,
            directed: false,
            seed: 1,
            never_partner: Vec::new(),
            ..WhistOptions::default()
        };
        let (schedule, _) = whist_schedule(&Roster::numbered(16), &options, &Control::unlimited()).unwrap();
        let audit = audit(&schedule);
        let pairs = 16 * 15 / 2;
        assert_eq!(audit.matrices[0].name, "partners");
        assert_eq!(audit.matrices[0].histogram(), BTreeMap::from([(1, pairs)]));
        assert_eq!(audit.matrices[1].histogram(), BTreeMap::from([(2, pairs)]));
        assert_eq!(audit.matrices[0].summary(), "partners: 120 pairs once");
        assert_eq!(audit.absence_range(), (0, 0));
        assert!(audit.entrants.iter().all(|e| e.played == 15));
    }

    #[test]
    fn thirteen_players_each_sit_out_once() {
        let options = WhistOptions {
            rounds: None,
            directed: false,
            seed: 1,
            never_partner: Vec::new(),
            ..WhistOptions::default()
        };
        let (schedule, _) = whist_schedule(&Roster::numbered(13), &options, &Control::unlimited()).unwrap();
        let audit = audit(&schedule);
        assert_eq!(audit.absence_range(), (1, 1));
        assert!(
            audit
                .summary()
                .iter()
                .any(|l| l == "Everyone sits out 1 time(s).")
        );
        // A whist drive's words: players and seats, no byes, colours or entrants.
        let summary = audit.summary().join(" ");
        assert!(
            summary.contains("Seats: the most any player sits N-S"),
            "{summary}"
        );
        for word in ["bye", "entrant", "White", "colour", "board"] {
            assert!(!summary.contains(word), "{word:?} in {summary}");
        }
    }

    #[test]
    fn a_round_robin_with_a_bye_counts_byes_and_home_games() {
        let (schedule, _) = round_robin(
            &Roster::numbered(5),
            RoundRobinOptions {
                method: Method::Berger,
                double: false,
                avoid_spouses: false,
            },
        )
        .unwrap();
        let audit = audit(&schedule);
        assert_eq!(audit.matrices[0].histogram(), BTreeMap::from([(1, 10)]));
        assert_eq!(audit.absence_range(), (1, 1));
        for line in &audit.entrants {
            assert_eq!(line.played, 4);
            assert_eq!(line.first_side + line.second_side, 4);
            assert!(line.first_side.abs_diff(line.second_side) <= 2);
        }
    }

    /// The 3-table Howell in half-sets plays each meeting as two rounds with the same seats:
    /// the audit counts every two pairs as meeting once, in 5 meetings each.
    #[test]
    fn a_meeting_over_two_rounds_is_counted_once() {
        let movement = crate::movement::howell::half_set_howell(2).unwrap();
        let names: Vec<String> = (1..=6).map(|p| format!("Pair {p}")).collect();
        let schedule = crate::movement::schedule_of(&movement, &names).unwrap();
        assert_eq!(schedule.rounds.len(), 10);
        let audit = audit(&schedule);
        assert_eq!(audit.matrices[0].histogram(), BTreeMap::from([(1, 15)]));
        assert!(audit.entrants.iter().all(|e| e.played == 5));
    }

    #[test]
    fn a_hand_made_schedule_counts_what_it_says() {
        // Two rounds of one table, the same four players: partners repeat, so does the side.
        let schedule: Schedule = serde_json::from_str(
            r#"{"format":"whist","entrants":["A","B","C","D"],"rounds":[
                {"number":1,"tables":[{"number":1,"seats":[{"seat":"N","entrant":0},{"seat":"E","entrant":1},{"seat":"S","entrant":2},{"seat":"W","entrant":3}]}]},
                {"number":2,"tables":[{"number":1,"seats":[{"seat":"N","entrant":0},{"seat":"E","entrant":2},{"seat":"S","entrant":1},{"seat":"W","entrant":3}]}]}]}"#,
        )
        .unwrap();
        let audit = audit(&schedule);
        assert_eq!(audit.matrices[0].get(0, 2), 1);
        assert_eq!(audit.matrices[0].get(0, 1), 1);
        assert_eq!(audit.matrices[1].get(0, 3), 2, "A and D opposed twice");
        assert_eq!(audit.entrants[0].longest_run, 2, "A sat N both rounds");
        assert_eq!(audit.entrants[3].second_side, 2);
        assert_eq!(audit.worst_side_imbalance(), 2);
    }
}
