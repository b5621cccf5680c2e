//! Team chess "jamboree" events: N teams of B players ranked by board, R rounds, every player
//! plays every round against a player of another team within one board of their own.
//!
//! The rules and the objective Q = Q_X + Q_Y + Q_Z are those of the Ritangle 2023 final
//! question (see docs/guide/team-chess.md). The engine decomposes the problem instead of posing it as one
//! MILP (which the open backends cannot solve in minutes):
//! 0. a first schedule built at once (`first_schedule`: every size the rules allow, odd fields
//!    by spaced or mirrored floats), its Q lowered by a short annealing over loops of games
//!    (`colour_runs::lower_q`) at once beyond 4,000 games, else when the searches' first
//!    attempt has not beaten it;
//! 1. pairings from round-robin structures per board (`pairing`), exact for an even number of
//!    teams, a small annealing search over factor choices and floats for an odd number;
//! 2. colours for that pairing: board-pair cycles (`board_pairs`, exact for an even number of
//!    rounds in `even_rounds`), else a small MILP through good_lp (`colours`);
//! 3. repeat with other pairings while time is left and the lower bound is not reached.
//!
//! Quality is always recomputed from the finished schedule by the independent checker in
//! `verify::team_chess`, never taken from a solver's objective.

mod board_pairs;
mod colour_runs;
mod colours;
mod cut_design;
mod even_rounds;
mod first_schedule;
mod group_balance;
mod mirrored_floats;
mod odd_blocks;
mod pairing;
mod round_order;
pub mod team_match;
mod two_board_cuts;

use crate::milp::{Backend, MilpError};
use crate::model::{Promise, Round, Schedule, TeamEvent};
use crate::solver::{Control, Progress};
use crate::verify::team_chess::{TeamChessQuality, quality};
use crate::words::{describe_numbers, join_or};
use pairing::Pairing;
use std::time::Duration;

/// The event's dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Teams taking part.
    pub teams: usize,
    /// Players in each team, one to a board.
    pub boards: usize,
    /// Rounds to play.
    pub rounds: usize,
}

impl Size {
    /// Rule 8's limit on each team's upfloats (and on its downfloats): 2 + ⌊RB/(2N)⌋.
    pub fn float_cap(self) -> usize {
        2 + self.rounds * self.boards / (2 * self.teams)
    }

    /// R·B·(B+1): Q_Z's denominator, the scale every reported Q is written over.
    pub fn q_z_denominator(self) -> usize {
        self.rounds * self.boards * (self.boards + 1)
    }

    /// A lower bound on Q, as a numerator over `q_z_denominator`:
    /// - Q_X: each team-round has |whites − blacks| ≥ B mod 2;
    /// - Q_Z, team by team: each |R·B(B+1) − 4Σ l·w_l| is at least the distance from
    ///   R·B(B+1) to a multiple of four;
    /// - Q_Z, all teams together, for an odd number of teams: rule 6 forces the boards into
    ///   pairs (1–2, 3–4, …) with exactly one float per pair and round, whose upfloater (on
    ///   the lower board) has White by rule 9. So every round the upper board of a pair has
    ///   (N−1)/2 Whites and the lower one (N−1)/2 + 1, whatever else is chosen, and
    ///   Σ_teams (4Σ l·w_l − R·B(B+1)) = R·B exactly. By the triangle inequality Q_Z ≥ R·B.
    ///   (For 11 × 10 × 3 that is 30/330, above the 22/330 of the team-by-team bound.)
    ///
    /// One size is proved above these: 6 teams × 2 boards × 2 rounds, Q ≥ 8 (issue 47). With
    /// two rounds each player has one White, so a team's round-2 Whites are 2 minus its
    /// round-1 Whites w_t and Q = 2 · Σ_t |2w_t − 2|. Q = 0 needs w_t = 1 for every team: the
    /// teams with White on board 1 in round 1 (a set S of 3) have Black on board 2, so board 2's
    /// round-1 Whites are the other 3, and in round 2 both flip. Every game of both boards
    /// and rounds then joins S to the rest: 12 games on the 9 pairs across that cut, while
    /// rule 2 (2·2 = 4 games per team over 5 opponents) lets no two teams meet twice. So some
    /// w_t ≠ 1; the w_t sum to 6, so a team with 2 goes with one with 0, and Σ |2w_t − 2| ≥ 4.
    ///
    /// And two-round events where rule 2 makes every two teams meet (2B ≥ N − 1; issue 47):
    /// board b's round-1 Whites S_b are N/2 teams, and every game of the board crosses
    /// between S_b and the rest (as above), so two teams in the same S_b's never meet: each
    /// team needs a set of boards of its own, and there are only C(B, w) sets of w boards.
    /// Q = 2 · Σ_t |2w_t − B| is then at least what the sets nearest B/2 give
    /// (`cut_design::distinct_cut_counts`): 8 × 4 × 2 has 6 sets of 2 boards for 8 teams, so
    /// two teams are 2 off in each round, Q ≥ 8.
    ///
    /// And two boards with R ≥ 4 even rounds where every two teams meet, when there are more
    /// teams than the C(R, R/2) ways of being White on board 1 in half the rounds
    /// (`even_rounds::two_board_least_q_x`): 8 × 2 × 4, Q ≥ 8.
    pub fn lower_bound_numerator(self) -> u64 {
        let scale = self.q_z_denominator() as u64;
        if (self.teams, self.boards, self.rounds) == (6, 2, 2) {
            return 8 * scale;
        }
        if let Some(q_x) = even_rounds::two_board_least_q_x(self) {
            return q_x * scale;
        }
        if let Some(counts) = cut_design::distinct_cut_counts(self) {
            let spread: usize = counts.iter().map(|&w| (2 * w).abs_diff(self.boards)).sum();
            return 2 * spread as u64 * scale;
        }
        let q_x = (self.teams * self.rounds * (self.boards % 2)) as u64;
        let to_multiple_of_four = (scale % 4).min(4 - scale % 4) % 4;
        let team_by_team = self.teams as u64 * to_multiple_of_four;
        let q_z = if self.teams % 2 == 1 {
            team_by_team.max((self.rounds * self.boards) as u64)
        } else {
            team_by_team
        };
        q_x * scale + q_z
    }

    /// The search's best so far (`Progress::best_quality`, Q) in words, against the best any
    /// schedule of this size can do, so the organiser knows whether waiting can help.
    pub fn describe_progress(self, best_quality: f64) -> String {
        let den = self.q_z_denominator() as u64;
        let best = (best_quality * den as f64).round() as u64;
        let least = self.lower_bound_numerator();
        if best <= least {
            let what = if best == 0 {
                "perfect balance"
            } else {
                "the best possible"
            };
            format!("Best so far: {best}/{den} off perfect balance: {what}, so the search stops now")
        } else if least == 0 {
            format!(
                "Best so far: {best}/{den} off perfect balance (colours per round, floats, Whites across the boards); perfect may be possible, the search stops if it gets there"
            )
        } else {
            format!(
                "Best so far: {best}/{den} off perfect balance (colours per round, floats, Whites across the boards); no schedule can do better than {least}/{den}, the search stops if it gets there"
            )
        }
    }

    /// Parameters no schedule can satisfy: the rule that rules them out and what is possible
    /// instead (other numbers of rounds, boards, or another kind of team event). Checked
    /// before any search.
    pub fn impossibility(self) -> Option<String> {
        let rule = self.broken_rule()?;
        let instead = self.alternatives();
        Some(if instead.is_empty() {
            rule
        } else {
            format!("{rule}; possible instead: {}", join_or(&instead))
        })
    }

    /// The numbers of rounds a jamboree of these teams and boards can have (none when the
    /// teams and boards rule out every one).
    pub fn possible_rounds(teams: usize, boards: usize) -> Vec<usize> {
        (1..teams.max(1))
            .filter(|&rounds| {
                Size {
                    teams,
                    boards,
                    rounds,
                }
                .broken_rule()
                .is_none()
            })
            .collect()
    }

    /// What the organiser can ask for instead, in words: the jamboree's possible rounds, an
    /// even number of boards, a Scheveningen or team match for two teams, a team round robin.
    fn alternatives(self) -> Vec<String> {
        let Size { teams, boards, .. } = self;
        if teams < 2 {
            return vec!["a chess round robin among the players of the one team".to_owned()];
        }
        let mut instead = Vec::new();
        let rounds = Size::possible_rounds(teams, boards);
        if boards > 0 && !rounds.is_empty() {
            instead.push(format!("a jamboree of {} round(s)", describe_numbers(&rounds)));
        }
        if boards % 2 == 1 && teams % 2 == 1 {
            instead.push(format!(
                "{} boards a team (an even number, so every player has a game)",
                describe_numbers(&[boards.saturating_sub(1), boards + 1].map(|b| b.max(2)))
            ));
        }
        if teams == 2 && boards > 0 {
            instead.push(format!(
                "a Scheveningen match (every player meets every player of the other team: {boards} round(s))"
            ));
            instead.push("a team match (the team round robin: board against board, one round, or two with the double round robin)".to_owned());
        } else if boards > 0 {
            instead.push(format!(
                "a team round robin ({} rounds: every team meets every other once, board against board)",
                teams - 1 + teams % 2
            ));
        }
        instead
    }

    /// The rule these parameters break, if any.
    fn broken_rule(self) -> Option<String> {
        let Size {
            teams,
            boards,
            rounds,
        } = self;
        if teams < 2 {
            return Some("a team event needs at least 2 teams".into());
        }
        if boards == 0 || rounds == 0 {
            return Some("there must be at least one board and one round".into());
        }
        if teams % 2 == 1 && boards % 2 == 1 {
            return Some(format!(
                "{teams} teams × {boards} boards is an odd number of players, so somebody would have no game every round"
            ));
        }
        if (rounds * boards) % 2 == 1 {
            return Some(format!(
                "rule 4 (each team as many Whites as Blacks) needs rounds × boards to be even; {rounds} × {boards} is odd"
            ));
        }
        if teams % 2 == 1 && rounds % 2 == 0 {
            // The upper board of each float pair has (N−1)/2 games a round among its own
            // players and its floater is always Black (rule 9), so its N players share
            // R(N−1)/2 Whites, fewer than the N·R/2 that rule 3 demands when R is even.
            return Some(format!(
                "with an odd number of teams the rounds must be odd: rules 3 and 9 together need {rounds} × {teams} / 2 Whites on each upper float board, which can have only {rounds} × {} / 2",
                teams - 1
            ));
        }
        if rounds > teams - 1 {
            return Some(format!(
                "rule 1 (no player meets the same team twice) allows at most {} round{} with {teams} teams",
                teams - 1,
                if teams == 2 { "" } else { "s" }
            ));
        }
        None
    }
}

/// The most teams a team event is made for: a round robin of them already needs 199 rounds.
pub const MAX_TEAMS: usize = 200;
/// The most boards a team plays on.
pub const MAX_BOARDS: usize = 20;

/// Refuses team events larger than Tourney makes, before any names or games are made.
/// `team_chess` checks this itself; callers of `team_round_robin`, `scheveningen` and
/// `TeamNames::numbered` call it first.
pub fn check_size(teams: usize, boards: usize) -> Result<(), String> {
    if teams > MAX_TEAMS {
        return Err(format!(
            "a team event of {teams} teams is more than Tourney makes: team events have up to {MAX_TEAMS} \
             teams of up to {MAX_BOARDS} boards"
        ));
    }
    if boards > MAX_BOARDS {
        return Err(format!(
            "teams of {boards} boards are more than Tourney makes: team events have up to {MAX_TEAMS} \
             teams of up to {MAX_BOARDS} boards"
        ));
    }
    Ok(())
}

/// One player: 0-based team and board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PlayerRef {
    pub team: usize,
    pub board: usize,
}

impl PlayerRef {
    pub fn new(team: usize, board: usize) -> Self {
        PlayerRef { team, board }
    }

    pub fn index(self, boards: usize) -> usize {
        self.team * boards + self.board
    }
}

/// A game before colours are chosen. For a float, `first` is the upfloater and must have
/// White (rule 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Match {
    pub first: PlayerRef,
    pub second: PlayerRef,
    pub forced_white: bool,
}

impl Match {
    pub fn new(first: PlayerRef, second: PlayerRef, forced_white: bool) -> Self {
        Match {
            first,
            second,
            forced_white,
        }
    }
}

/// Names for the schedule: team names and, per team, the players by board (board 1 first).
#[derive(Debug, Clone, Default)]
pub struct TeamNames {
    /// The team names, in the order the teams are numbered.
    pub teams: Vec<String>,
    /// For each team (as in `teams`), its players' names by board, board 1 first; every team
    /// has as many.
    pub players: Vec<Vec<String>>,
}

impl TeamNames {
    /// "Team 1" … with players "Team 1 board 1" ….
    pub fn numbered(teams: usize, boards: usize) -> Self {
        let teams: Vec<String> = (1..=teams).map(|t| format!("Team {t}")).collect();
        let players = teams
            .iter()
            .map(|team| (1..=boards).map(|b| format!("{team} board {b}")).collect())
            .collect();
        TeamNames { teams, players }
    }

    /// Teams and boards from a roster's team and board columns (players without a board
    /// number keep their roster order within the team). Every team must have the same size.
    pub fn from_roster(roster: &crate::model::Roster) -> Result<TeamNames, String> {
        let mut teams: Vec<String> = Vec::new();
        let mut members: Vec<Vec<(u32, usize, String)>> = Vec::new();
        for (order, player) in roster.players.iter().enumerate() {
            let Some(team) = player.team.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
                return Err(format!(
                    "{} has no team; every player of a team event needs one",
                    player.name
                ));
            };
            let index = match teams.iter().position(|t| t == team) {
                Some(index) => index,
                None => {
                    teams.push(team.to_string());
                    members.push(Vec::new());
                    teams.len() - 1
                }
            };
            members[index].push((player.board.unwrap_or(u32::MAX), order, player.name.clone()));
        }
        let size = members.first().map_or(0, Vec::len);
        for (team, list) in teams.iter().zip(&members) {
            if list.len() != size {
                return Err(format!(
                    "{team} has {} players but {} has {size}; every team needs the same number of boards",
                    list.len(),
                    teams[0]
                ));
            }
        }
        let players = members
            .into_iter()
            .map(|mut list| {
                list.sort();
                list.into_iter().map(|(_, _, name)| name).collect()
            })
            .collect();
        Ok(TeamNames { teams, players })
    }

    fn player(&self, p: PlayerRef) -> String {
        self.players
            .get(p.team)
            .and_then(|team| team.get(p.board))
            .cloned()
            .unwrap_or_else(|| format!("Team {} board {}", p.team + 1, p.board + 1))
    }

    fn team(&self, t: usize) -> String {
        self.teams
            .get(t)
            .cloned()
            .unwrap_or_else(|| format!("Team {}", t + 1))
    }
}

/// What a team chess jamboree is made for, and how it is searched.
#[derive(Debug, Clone)]
pub struct TeamChessOptions {
    /// Teams, boards and rounds.
    pub size: Size,
    /// The names printed; numbered teams and players unless the roster gives them.
    pub names: TeamNames,
    /// The MILP solver that colours each pairing (the strongest compiled in, by default).
    pub backend: Backend,
    /// Seed for the searches, so a schedule can be reproduced (1 by default).
    pub seed: u64,
}

impl TeamChessOptions {
    /// Options for `size` with numbered names, the best backend and seed 1.
    pub fn new(size: Size) -> Self {
        TeamChessOptions {
            size,
            names: TeamNames::numbered(size.teams, size.boards),
            backend: Backend::best_available(),
            seed: 1,
        }
    }
}

/// Why no team chess schedule was made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TeamChessError {
    /// No schedule can satisfy the rules for this size: the rule that rules it out and what is
    /// possible instead.
    #[error("impossible: {0}")]
    Impossible(String),
    /// The search ended without any schedule; the message says what failed last.
    #[error("no schedule found within the time limit ({0})")]
    NothingFound(String),
    /// The time ran out (or the search was cancelled) before any schedule was complete.
    #[error("{0}")]
    Stopped(String),
    /// Beyond `MAX_TEAMS` or `MAX_BOARDS`: refused before anything is built.
    #[error("{0}")]
    TooLarge(String),
}

/// The best schedule found, its quality as the checker measured it, and how it was found.
#[derive(Debug, Clone)]
pub struct TeamChessOutcome {
    /// The best schedule found; the independent checker (`verify::team_chess`) accepted it.
    pub schedule: Schedule,
    /// The schedule's balance of colours and floats, as the checker measures it.
    pub quality: TeamChessQuality,
    /// The lower bound on Q over `quality.denominator`.
    pub lower_bound_numerator: u64,
    /// Pairings tried (each coloured by the MILP).
    pub attempts: usize,
    /// The MILP solver that coloured the pairings.
    pub backend: Backend,
}

impl TeamChessOutcome {
    /// Whether the quality meets the lower bound, so no schedule can be better.
    pub fn reached_bound(&self) -> bool {
        self.quality.total_numerator() <= self.lower_bound_numerator
    }
}

/// Doubled pairings tried for one exactly balanced colouring (even teams and rounds) before
/// the clock is looked at; then more, in batches, for up to `EXACT_SLICE` per attempt.
const EXACT_TRIES: usize = 64;
/// How long the first attempt goes on drawing doubled pairings for an exactly balanced
/// colouring (each try takes well under a millisecond) before colouring one by annealing;
/// each later attempt draws twice as long as the one before (restarts with a growing budget).
/// Whether a pairing balances exactly is luck of the draw: on 18 × 12 × 4 the first 64 held
/// none for seeds 1 and 3, and annealing then spent about 5 s on each pairing that cannot
/// balance, so 10 s saw two pairings and Q = 20–36. Since each group is balanced by path
/// reversal (`group_balance`) and the mixed rounds are dealt evenly, a draw takes 0.1–0.2 ms
/// and seeds 1–10 of 16, 18, 20 × 12 × 4, 22 × 14 × 4 and 28 × 10 × 4 all find one within
/// 0.34 s (measured 28 Nov 2026; `tourney bench team-chess`), mostly within the first 64.
const EXACT_SLICE: Duration = Duration::from_secs(1);
/// How long the first attempt searches for a cut design (`cut_design`); each later attempt
/// twice as long as the one before.
const CUT_SLICE: Duration = Duration::from_millis(400);
/// Annealing steps per colouring (about 0.1 s for the largest benchmark sizes).
const ANNEAL_STEPS: u64 = 1_500_000;
/// Cycle reversals per board-pair colouring.
const BOARD_PAIR_STEPS: u64 = 400_000;
/// Most seconds one colour MILP may take: a fixed slice, whatever the limit, so that a long
/// limit does not delay the schedules of other pairings.
const MILP_SECONDS: f64 = 5.0;
/// Most games a pairing may have for its colours to go to the MILP: beyond, microlp does not
/// stop within its slice (200 × 20 × 8, 16,000 games, ran 40 s past a 3 s limit), and the
/// first schedule (`first_schedule`) already answers such sizes.
const MILP_GAMES: usize = 4_000;
/// Time that must be left, per game, for a colour MILP to be started at all: microlp's first LP
/// relaxation does not look at its deadline, so one begun near the end of the limit overran it
/// (41 × 20 × 7, 2,870 games: 1.3 s past a 3 s limit inside it, issue 47).
const MILP_TIME_PER_GAME: Duration = Duration::from_millis(1);
/// Most pairings a search tries when it has no time limit.
const UNLIMITED_ATTEMPTS: usize = 12;
/// How long one block search of an odd field (`odd_blocks`) runs; it restarts its walk
/// itself when stuck, and hands out each better plan at once. A fixed slice, not a share of
/// the limit: the first schedule comes when the walk finds it, whatever the limit.
const BLOCK_SLICE: Duration = Duration::from_secs(16);
/// The first block search's slice (measured on 11×10×3 over ten seeds: first plans at
/// 0.03–1.2 s, seven under 0.4 s, on the loaded 2-core development machine).
const FIRST_BLOCK_SLICE: Duration = Duration::from_millis(600);
/// How long past the time limit the search goes on when it has no schedule yet (the caller
/// can tell from the time taken; cancelling stops it at once). Short, so that sizes with no
/// schedule in reach (200 teams × 20 boards) still end soon after the limit with an error.
const FIRST_SCHEDULE_GRACE: Duration = Duration::from_secs(3);
/// Moves of the annealing that lowers the first schedule's Q (its colours are chosen for the
/// rules alone): 200 × 20 × 4 from Q ≈ 2,848 to 160 in about 0.5 s.
const FIRST_IMPROVE_STEPS: u64 = 400_000;
/// The most time that annealing may take (it stops sooner when the event's limit ends). Only
/// events of more than `MILP_GAMES` games get it at once: before, it put 0.3–0.5 s before the
/// searches that reach the bound of most small sizes at once (measured on the grid bench).
/// Smaller events get it after the searches' first attempt when that did not beat the built
/// schedule (31 × 20 × 5: Q from 596 to 77 within 3 s).
const FIRST_IMPROVE_SLICE: Duration = Duration::from_secs(1);
/// Time for one search of Z_N float plans (between block searches).
const FLOAT_PLAN_SLICE: Duration = Duration::from_millis(250);
/// How long past the time limit the finished schedule's rounds may still be reordered for
/// shorter colour runs (`round_order`): every order of a small event's rounds takes a few
/// milliseconds, so a search that ran to its limit still gets them; a large event's swaps stop
/// here (issue 47: two reorderings of 199 × 20 × 197 took 0.4–0.7 s past a 3 s limit).
const FINISH_GRACE: Duration = Duration::from_millis(20);

/// The best schedule so far: every candidate is seated, checked by the independent checker
/// and reported through `control` at once when it improves on the best.
struct Best<'a> {
    size: Size,
    names: &'a TeamNames,
    bound: u64,
    backend: Backend,
    attempts: usize,
    outcome: Option<TeamChessOutcome>,
    /// Why the last candidate was not taken, for the error when none was.
    failure: String,
    /// The best schedule's pairing and colours (for the colour-run pass at the end).
    parts: Option<(Vec<Vec<Match>>, colours::Colours)>,
}

impl Best<'_> {
    fn offer(&mut self, pairing: &[Vec<Match>], colours: &[Vec<bool>], control: &Control) {
        let schedule = build_schedule(self.size, self.names, pairing, colours);
        let measured = match quality(&schedule) {
            Ok(measured) => measured,
            Err(problem) => {
                // The checker disagrees with the engine: never hand such a schedule out.
                self.failure = format!("checker rejected a candidate: {problem}");
                return;
            }
        };
        let improves = self
            .outcome
            .as_ref()
            .is_none_or(|b| measured.total_numerator() < b.quality.total_numerator());
        if improves {
            control.report(Progress {
                done: self.attempts as u64,
                best_quality: measured.total(),
            });
            self.parts = Some((pairing.to_vec(), colours.to_vec()));
            self.outcome = Some(TeamChessOutcome {
                schedule,
                quality: measured,
                lower_bound_numerator: self.bound,
                attempts: self.attempts,
                backend: self.backend,
            });
        }
        if let Some(best) = self.outcome.as_mut() {
            best.attempts = self.attempts;
        }
    }

    fn reached_bound(&self) -> bool {
        self.outcome.as_ref().is_some_and(TeamChessOutcome::reached_bound)
    }

    /// The best schedule with its colours, then the order of its rounds, chosen for the
    /// shortest colour runs (Q and every rule unchanged, confirmed by the checker); why there
    /// is none when none was found. The colours are chosen again only while `control` has
    /// time, and the rounds reordered until at most `FINISH_GRACE` past its limit.
    fn finished(self, seed: u64, control: &Control) -> Result<TeamChessOutcome, String> {
        let finishing = control.later_by(FINISH_GRACE);
        let finished = match (self.outcome, self.parts) {
            (Some(outcome), Some((pairing, colours))) => {
                let recoloured =
                    colour_runs::recolour(self.size, self.names, &outcome, &pairing, &colours, seed, control);
                let reordered = round_order::shorten_colour_runs(outcome, &finishing);
                // Reordering alone sometimes does better than recolouring and reordering.
                Some(match recoloured {
                    Some(recoloured) => round_order::fewer_runs(
                        reordered,
                        round_order::shorten_colour_runs(recoloured, &finishing),
                    ),
                    None => reordered,
                })
            }
            (outcome, _) => outcome.map(|o| round_order::shorten_colour_runs(o, &finishing)),
        };
        finished.ok_or(self.failure)
    }
}

/// Makes the best schedule it can within `control`'s time, reporting each improvement the
/// moment it is found (the first valid schedule included), whatever the limit.
pub fn team_chess(options: &TeamChessOptions, control: &Control) -> Result<TeamChessOutcome, TeamChessError> {
    let size = options.size;
    check_size(size.teams, size.boards).map_err(TeamChessError::TooLarge)?;
    if let Some(reason) = size.impossibility() {
        return Err(TeamChessError::Impossible(reason));
    }
    let mut improving = control.improvements_only();
    let mut grace_given = false;
    let mut best = Best {
        size,
        names: &options.names,
        bound: size.lower_bound_numerator(),
        backend: options.backend,
        attempts: 0,
        outcome: None,
        failure: String::from("no pairing was tried"),
        parts: None,
    };
    let mut odd = OddSearches {
        queued: Vec::new(),
        searches: 0,
    };
    let mut rng = crate::solver::Rng::new(options.seed);
    // A schedule built at once, whatever the size, for the searches to improve on.
    let mut built = first_schedule::first_schedule(size, options.seed);
    if let Some((pairing, colours)) = &built {
        // The built pairing is the first one tried.
        best.attempts = 1;
        best.offer(pairing, colours, &improving);
        // Small events are left to the searches first, which reach the bound of most at once.
        let games: usize = pairing.iter().map(Vec::len).sum();
        if games > MILP_GAMES {
            lower_built_q(&mut built, options.seed, &mut best, &improving);
        }
    }
    let built_q = best.outcome.as_ref().map(|b| b.quality.total_numerator());
    for attempt in 0.. {
        // No schedule yet when the limit ends: the first one is searched on for a while,
        // so that a short limit still answers (cancelling still stops at once).
        if best.outcome.is_none() && !grace_given && improving.should_stop() && !improving.is_cancelled() {
            grace_given = true;
            improving = improving.extended(FIRST_SCHEDULE_GRACE);
        }
        let control = &improving;
        let limited = control.remaining().is_some();
        // Past the limit, the first schedule is the answer.
        if grace_given && best.outcome.is_some() {
            break;
        }
        if best.reached_bound()
            || (attempt > 0 && (control.should_stop() || (!limited && attempt >= UNLIMITED_ATTEMPTS)))
        {
            break;
        }
        // The searches' first attempt did not beat the built schedule (an odd field whose
        // float searches find nothing, 31 × 20 × 5): its Q is lowered now instead.
        if attempt == 1 && best.outcome.as_ref().map(|b| b.quality.total_numerator()) == built_q {
            lower_built_q(&mut built, options.seed, &mut best, control);
        }
        best.attempts = attempt + 1;
        let next = if size.teams.is_multiple_of(2) {
            even_field_pairing(attempt, &mut rng, &mut best, control)
        } else {
            odd.next_pairing(options.seed, grace_given, &mut best, control)
        };
        if let Some(pairing) = next {
            colour_pairing(size, &pairing, options.backend, control, &mut rng, &mut best);
        }
    }
    best.finished(options.seed, control).map_err(|failure| {
        if improving.should_stop() {
            let past = if grace_given {
                format!(" (and {} s past it)", FIRST_SCHEDULE_GRACE.as_secs())
            } else {
                String::new()
            };
            TeamChessError::Stopped(format!(
                "{}{past}; allow more time, or make the event smaller",
                improving.stopped_while("making the first schedule")
            ))
        } else {
            TeamChessError::NothingFound(failure)
        }
    })
}

/// Lowers the Q of the built schedule (its colours are chosen for the rules alone) by a short
/// annealing over loops of games and offers the result; once only (`built` is taken).
fn lower_built_q(
    built: &mut Option<(Pairing, colours::Colours)>,
    seed: u64,
    best: &mut Best,
    control: &Control,
) {
    let Some((pairing, colours)) = built.take() else {
        return;
    };
    if best.reached_bound() {
        return;
    }
    let slice = control.capped(FIRST_IMPROVE_SLICE);
    if let Some(better) =
        colour_runs::lower_q(best.size, &pairing, &colours, seed, FIRST_IMPROVE_STEPS, &slice)
    {
        best.offer(&pairing, &better, control);
    }
}

/// An even field's next pairing to colour; `None` when an exactly balanced one was found
/// and offered with its colours already.
fn even_field_pairing(
    attempt: usize,
    rng: &mut crate::solver::Rng,
    best: &mut Best,
    control: &Control,
) -> Option<Pairing> {
    let size = best.size;
    // Even teams and rounds: doubled pairings balanced exactly, many tried at first
    // (each costs well under a millisecond), then one per attempt beside the others.
    let tries = if attempt == 0 { EXACT_TRIES } else { 1 };
    if let Some((pairing, colours)) = even_rounds::exact_pairing(size, rng, tries, control) {
        best.offer(&pairing, &colours, control);
        return None;
    }
    // Two boards whose teams may never meet twice: cuts built round by round (`two_board_cuts`).
    if two_board_cuts::tried_for(size) {
        let slice = control.capped(CUT_SLICE * 2u32.pow(attempt.min(6) as u32));
        if let Some((pairing, colours)) = two_board_cuts::two_board_cuts(size, rng.next_u64(), &slice) {
            best.offer(&pairing, &colours, control);
            return None;
        }
    }
    // A cut design meets the bound by construction where one is found (`cut_design`): the
    // two-round events, whose rule 2 leaves the doubles above no room.
    // (The generator is drawn from only where one is tried: other sizes keep their draws.)
    if cut_design::tried_for(size) {
        let slice = control.capped(CUT_SLICE * 2u32.pow(attempt.min(6) as u32));
        if let Some((pairing, colours)) = cut_design::cut_design(size, rng.next_u64(), &slice) {
            best.offer(&pairing, &colours, control);
            return None;
        }
    }
    // More draws, in batches, for a slice of the time (a pairing that balances exactly is
    // proved optimal; the MILP below only improves one that does not).
    if size.teams.is_multiple_of(2) && size.rounds.is_multiple_of(2) {
        let slice = control.capped(EXACT_SLICE * 2u32.pow(attempt.min(6) as u32));
        while !slice.should_stop() {
            if let Some((pairing, colours)) = even_rounds::exact_pairing(size, rng, EXACT_TRIES, &slice) {
                best.offer(&pairing, &colours, control);
                return None;
            }
        }
    }
    // Board pairs sharing a factor leave the colours most freedom (`board_pairs`). An
    // odd number of boards, where no exact balance was found, does better with random
    // balanced pairings coloured by the MILP (measured on 8×5×2 and 12×5×2); shifting
    // the windows only relabels the teams (the factorisation is cyclic).
    let doubled = size
        .boards
        .is_multiple_of(2)
        .then(|| pairing::doubled_even_pairing(size, rng))
        .flatten();
    Some(match doubled {
        Some(pairing) => pairing,
        None if attempt == 0 => pairing::even_pairing(size, 0),
        None => pairing::random_even_pairing(size, rng),
    })
}

/// An odd field's searches, taking turns: block plans (offered with their colours as they
/// are found) and Z_N float plans (queued, to be coloured one per attempt).
struct OddSearches {
    queued: Vec<Pairing>,
    /// Searches started so far.
    searches: u32,
}

impl OddSearches {
    /// The next float plan to colour, starting the next search when none is queued; `None`
    /// when a block search ran (its plans already offered) or no plan was found.
    fn next_pairing(
        &mut self,
        seed: u64,
        grace_given: bool,
        best: &mut Best,
        control: &Control,
    ) -> Option<Pairing> {
        let size = best.size;
        if self.queued.is_empty() {
            self.searches += 1;
            let searches = self.searches;
            // Each kind of search has its own run of seeds: options.seed + 1, + 2, ….
            let seed = seed.wrapping_add(u64::from(searches.div_ceil(2)));
            if searches.is_multiple_of(2) {
                // The Z_N factor plans (coloured below): quick where they exist (small
                // fields, where blocks often find nothing), for a short, fixed time.
                let mut plans = pairing::odd_pairings(size, seed, &control.capped(FLOAT_PLAN_SLICE));
                // Best Q_Y last, so `pop` takes it first.
                plans.reverse();
                self.queued = plans.into_iter().map(|(pairing, _)| pairing).collect();
            } else {
                // Blocks with their colours, each better plan offered as it is found: a
                // short first walk (most find their first plan well within it), then long.
                let slice = if searches == 1 {
                    FIRST_BLOCK_SLICE
                } else {
                    BLOCK_SLICE
                };
                odd_blocks::odd_block_schedule(
                    size,
                    best.bound,
                    seed,
                    &control.capped(slice),
                    &mut |pairing, colours, _| {
                        best.offer(pairing, colours, control);
                        !(control.should_stop() || grace_given && best.outcome.is_some())
                    },
                );
                return None;
            }
        }
        let pairing = self.queued.pop();
        if pairing.is_none() {
            best.failure = "no float plan meeting rules 1, 2 and 8 was found".into();
        }
        pairing
    }
}

/// Colours for a pairing, each valid colouring offered to `best` as soon as it is found: an
/// exact search when the rounds are even (`even_rounds`), else annealing over board-pair
/// cycles (which balances every team-round by construction), over single games if that broke
/// a rule, then the MILP warm-started from the better one.
fn colour_pairing(
    size: Size,
    pairing: &[Vec<Match>],
    backend: Backend,
    control: &Control,
    rng: &mut crate::solver::Rng,
    best: &mut Best,
) {
    // With an even number of rounds an exact search over board-pair cycles usually gives
    // every player R/2 Whites: the lower bound, so nothing is left to improve.
    if let Some(exact) = even_rounds::exact_even_rounds(size, pairing, rng) {
        best.offer(pairing, &exact, control);
        return;
    }
    // Otherwise annealing first (fast): over whole cycles of board pairs, which balances every
    // team-round by construction, then over single games if that broke a rule.
    // The MILP then improves on the better one or proves it cannot, warm-started from it.
    let paired = board_pairs::anneal(size, pairing, rng, BOARD_PAIR_STEPS, control);
    let decomposes = paired.is_some();
    let (annealed, cost) = match paired {
        Some((colours, cost)) if cost < colours::HARD as u64 => (colours, cost),
        paired => {
            let single = colours::anneal(size, pairing, rng, ANNEAL_STEPS, control);
            match paired {
                Some(paired) if paired.1 < single.1 => paired,
                _ => single,
            }
        }
    };
    let valid_start = cost < colours::HARD as u64;
    if valid_start {
        best.offer(pairing, &annealed, control);
    }
    if control.should_stop() {
        return;
    }
    // Where board pairs decompose, another pairing is a better use of the time than the
    // MILP (measured: it rarely improves such a start within seconds on 11×10×3).
    let games: usize = pairing.iter().map(Vec::len).sum();
    let time_for_it = control
        .remaining()
        .is_none_or(|left| left >= MILP_TIME_PER_GAME.saturating_mul(games.min(MILP_GAMES) as u32));
    if games <= MILP_GAMES && time_for_it && (!valid_start || (cost > best.bound && !decomposes)) {
        let seconds = control
            .remaining()
            .map_or(MILP_SECONDS, |left| left.as_secs_f64().min(MILP_SECONDS));
        let start = valid_start.then_some(&annealed);
        match colours::colour(size, pairing, backend, seconds, start) {
            Ok(better) => best.offer(pairing, &better, control),
            Err(error @ (MilpError::Infeasible | MilpError::NoSolutionInTime | MilpError::Solver(_))) => {
                best.failure = format!("colours: {error}");
            }
        }
    }
}

/// Seats the coloured pairing: entrants are the players team by team, board 1 first; tables
/// are numbered by board within each round.
pub(crate) fn build_schedule(
    size: Size,
    names: &TeamNames,
    pairing: &[Vec<Match>],
    colours: &[Vec<bool>],
) -> Schedule {
    let rounds = pairing
        .iter()
        .zip(colours)
        .enumerate()
        .map(|(r, (matches, whites))| {
            let mut games: Vec<(PlayerRef, PlayerRef)> = matches
                .iter()
                .zip(whites)
                .map(|(m, &first_white)| {
                    if first_white {
                        (m.first, m.second)
                    } else {
                        (m.second, m.first)
                    }
                })
                .collect();
            games.sort_by_key(|(w, b)| (w.board.min(b.board), w.board.max(b.board), w.team.min(b.team)));
            Round {
                number: r as u32 + 1,
                tables: games
                    .iter()
                    .enumerate()
                    .map(|(i, &(white, black))| team_match::game(i, white, black, size.boards))
                    .collect(),
                absent: Vec::new(),
            }
        })
        .collect();
    team_match::team_schedule(
        names,
        size.boards,
        rounds,
        Promise {
            team_event: Some(TeamEvent::Jamboree),
            ..Promise::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    fn solve(teams: usize, boards: usize, rounds: usize, seconds: u64) -> TeamChessOutcome {
        let options = TeamChessOptions::new(Size {
            teams,
            boards,
            rounds,
        });
        let outcome = team_chess(
            &options,
            &Control::with_counted_time(Duration::from_secs(seconds)),
        )
        .unwrap_or_else(|e| panic!("{teams}×{boards}×{rounds}: {e}"));
        let report = verify(&outcome.schedule);
        assert!(
            report.is_valid(),
            "{teams}×{boards}×{rounds}: {:#?}",
            report.violations
        );
        outcome
    }

    #[test]
    fn small_even_and_odd_events_verify() {
        for (n, b, r) in [
            (2, 2, 1),
            (4, 2, 3),
            (4, 3, 2),
            (6, 4, 5),
            (5, 2, 3),
            (7, 4, 3),
            (7, 2, 3),
            (3, 2, 1),
        ] {
            let outcome = solve(n, b, r, 2);
            assert!(outcome.quality.total_numerator() >= outcome.lower_bound_numerator);
        }
    }

    #[test]
    fn even_fields_with_board_pairs_reach_the_parity_bound() {
        // The issue's headline size and the other even benchmark sizes: doubled board pairs
        // leave the colours enough freedom to reach the bound (measured: first attempt).
        for (n, b, r) in [(12, 10, 3), (8, 6, 7), (12, 8, 5), (6, 4, 5)] {
            let outcome = solve(n, b, r, 30);
            assert!(
                outcome.reached_bound(),
                "{n}×{b}×{r}: {} above bound {}",
                outcome.quality.formula(),
                outcome.lower_bound_numerator
            );
        }
    }

    #[test]
    fn odd_board_counts_reach_the_bound_with_their_first_pairing() {
        // An odd number of boards (so even teams and rounds): Q_X ≥ N·R is forced, and the
        // exact board-pair search gives every player R/2 Whites (Q_Z = 0), so the first
        // pairing reaches the bound; before, the MILP on microlp took 18–31 s over several.
        for (n, b, r) in [(10, 7, 4), (12, 5, 4), (12, 9, 10), (6, 3, 4)] {
            let outcome = solve(n, b, r, 60);
            assert!(
                outcome.reached_bound() && outcome.attempts == 1,
                "{n}×{b}×{r}: {} over {} pairing(s), bound {}",
                outcome.quality.describe(),
                outcome.attempts,
                outcome.lower_bound_numerator
            );
        }
    }

    #[test]
    fn a_short_limit_still_gives_eleven_teams_a_schedule() {
        // 11×10×3 with 1 s: the block search used to get a quarter of the limit and kept its
        // plans until it ended, so limits under 3 s ended in "stopped … while making the first
        // schedule"; now every better plan is checked and kept the moment it is found.
        // The walk is deterministic for a seed (only its stop checks read the clock); with
        // seed 5 the first block walk (seed 6) finds its first plan after about 0.2 s of
        // walking on the loaded development machine: 1 s leaves a margin (the CLI answers
        // 0.5 s limits too, for 6 of seeds 1–8 there).
        let mut options = TeamChessOptions::new(Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        });
        options.seed = 5;
        let outcome = team_chess(&options, &Control::with_counted_time(Duration::from_secs(1)))
            .unwrap_or_else(|e| panic!("11×10×3 in 1 s: {e}"));
        assert!(verify(&outcome.schedule).is_valid());
        assert!(outcome.quality.total_numerator() >= outcome.lower_bound_numerator);
    }

    /// Issue 25, item 5: "whatever the limit" — with no time at all (seeds 3 and 7 found
    /// nothing within 0.5 s before; 1 is the default), the search goes on past the limit
    /// until its first schedule (at most `FIRST_SCHEDULE_GRACE`) and answers with it.
    #[test]
    fn even_a_zero_limit_answers_with_the_first_schedule() {
        for seed in [1, 3, 7] {
            let mut options = TeamChessOptions::new(Size {
                teams: 11,
                boards: 10,
                rounds: 3,
            });
            options.seed = seed;
            let outcome = team_chess(&options, &Control::with_counted_time(Duration::ZERO))
                .unwrap_or_else(|e| panic!("11×10×3 with no time, seed {seed}: {e}"));
            assert!(verify(&outcome.schedule).is_valid(), "seed {seed}");
        }
    }

    /// Issue 47: 18 × 12 × 4 reaches the proved optimum (Q = 0) with seeds 3 and 6, which
    /// stopped at Q = 56 and 36 after 10 s when the depth-first colour search ran out of
    /// nodes on groups that balance and the mixed rounds were dealt to the board pairs at
    /// random; 28 × 10 × 4 and 22 × 14 × 4, which had no schedule in 60 s before issue 47,
    /// reach it too. A generous counted limit: the result does not depend on the machine.
    #[test]
    fn the_slow_seeds_of_issue_47_reach_the_bound() {
        for (teams, boards, rounds, seed) in [(18, 12, 4, 3), (18, 12, 4, 6), (28, 10, 4, 2), (22, 14, 4, 2)]
        {
            let mut options = TeamChessOptions::new(Size {
                teams,
                boards,
                rounds,
            });
            options.seed = seed;
            let outcome = team_chess(&options, &Control::with_counted_time(Duration::from_secs(120)))
                .unwrap_or_else(|e| panic!("{teams}×{boards}×{rounds} seed {seed}: {e}"));
            assert!(
                outcome.reached_bound() && outcome.quality.total_numerator() == 0,
                "{teams}×{boards}×{rounds} seed {seed}: {:?}",
                outcome.quality
            );
            assert!(verify(&outcome.schedule).is_valid(), "seed {seed}");
        }
    }

    /// Searches `teams × boards × rounds` with each of seeds 1 and 2 under a generous counted
    /// limit (the result does not depend on the machine), and asserts each reaches the size's
    /// bound with a schedule the independent checker passes.
    fn reaches_the_bound_with_two_seeds(teams: usize, boards: usize, rounds: usize) {
        for seed in [1, 2] {
            let mut options = TeamChessOptions::new(Size {
                teams,
                boards,
                rounds,
            });
            options.seed = seed;
            let outcome = team_chess(&options, &Control::with_counted_time(Duration::from_secs(60)))
                .unwrap_or_else(|e| panic!("{teams}×{boards}×{rounds} seed {seed}: {e}"));
            assert!(
                outcome.reached_bound(),
                "{teams}×{boards}×{rounds} seed {seed}: {} above bound {}",
                outcome.quality.formula(),
                outcome.lower_bound_numerator
            );
            assert!(
                verify(&outcome.schedule).is_valid(),
                "{teams}×{boards}×{rounds} seed {seed}"
            );
        }
    }

    /// Issue 47: two-round events reach their bound with cut designs (`cut_design`), each
    /// with two seeds. Before, with every seed of 1–5 in 1 s: 8 × 2 × 2 Q 8, 16 × 2 × 2 Q 56,
    /// 8 × 16 × 2 Q 48, 10 × 10 × 2 Q 48, 20 × 8 × 2 Q 80 (all with bound 0), 16 × 7 × 2 Q 80
    /// (bound 32); 6 × 2 × 2 stays at 8, which the bound now says is the least possible.
    /// A generous counted limit: the result does not depend on the machine.
    #[test]
    fn two_round_events_reach_the_bound() {
        for (teams, boards) in [(8, 2), (16, 2), (8, 16), (10, 10), (20, 8), (16, 7), (6, 2)] {
            reaches_the_bound_with_two_seeds(teams, boards, 2);
        }
    }

    /// Issue 47, third part: small two-round fields reach their bound once each board has a
    /// cut of its own (`cut_design`), each with two seeds. Before, with every seed of 1–5 in
    /// 1 s: 6 × 4 × 2 Q 8, 10 × 6 × 2 Q 24, 8 × 10 × 2 Q 32 (bound 0), 6 × 5 × 2 Q 24 (bound
    /// 12), 18 × 9 × 2 Q 76 (bound 36), 24 × 11 × 2 Q 72 and 26 × 13 × 2 Q 76 (bounds 48 and
    /// 52: now Walecki's cycles, `cut_design::walecki_two_rounds`); 8 × 4 × 2 Q 16, its bound
    /// now 8 (proved).
    #[test]
    fn small_two_round_fields_reach_the_bound() {
        for (teams, boards) in [
            (6, 4),
            (8, 4),
            (10, 6),
            (8, 10),
            (6, 5),
            (18, 9),
            (24, 11),
            (26, 13),
        ] {
            reaches_the_bound_with_two_seeds(teams, boards, 2);
        }
    }

    /// Issue 47, third part: 24 and 30 teams × 4 boards × 3 rounds reach Q = 0 by one cut for
    /// every board (`cut_design::one_cut_odd_rounds`), each with two seeds. Before, seeds 1–5
    /// in 1 s: Q up to 20.93 and 34.13, none at 0.
    #[test]
    fn odd_rounds_with_one_cut_reach_the_bound() {
        for teams in [24, 30] {
            reaches_the_bound_with_two_seeds(teams, 4, 3);
        }
    }

    /// Cancelling is not a time limit: nothing is searched past it. Every size the rules
    /// allow now has a schedule built before any search (issue 47: odd fields by mirrored
    /// floats), so a search cancelled at once answers with that one, checked.
    #[test]
    fn a_cancelled_search_answers_with_the_built_schedule() {
        let options = TeamChessOptions::new(Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        });
        let control = Control::with_counted_time(Duration::ZERO);
        control
            .cancel_flag()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let outcome = team_chess(&options, &control).unwrap_or_else(|e| panic!("{e}"));
        assert!(verify(&outcome.schedule).is_valid());
        assert_eq!(outcome.attempts, 1, "only the built pairing");
    }

    #[test]
    fn impossible_parameters_name_their_rule() {
        let reason = |n, b, r| {
            Size {
                teams: n,
                boards: b,
                rounds: r,
            }
            .impossibility()
            .unwrap()
        };
        assert!(reason(5, 3, 2).contains("odd number of players"));
        assert!(reason(4, 3, 3).contains("rule 4"));
        assert!(reason(4, 2, 4).contains("rule 1"));
        assert!(reason(5, 2, 2).contains("rounds must be odd"));
        // Each says what is possible instead.
        assert_eq!(
            reason(4, 2, 4),
            "rule 1 (no player meets the same team twice) allows at most 3 rounds with 4 teams; \
             possible instead: a jamboree of 1 to 3 round(s) or a team round robin (3 rounds: every \
             team meets every other once, board against board)"
        );
        assert!(reason(5, 2, 2).contains("possible instead: a jamboree of 1 or 3 round(s)"));
        assert!(reason(4, 3, 3).contains("a jamboree of 2 round(s)"));
        assert!(reason(5, 3, 3).contains("2 or 4 boards a team"));
        // Two teams: a jamboree has one round at most; the Scheveningen and the team match.
        let two = reason(2, 6, 3);
        assert!(
            two.contains("a jamboree of 1 round(s)")
                && two.contains(
                    "a Scheveningen match (every player meets every player of the other team: 6 round(s))"
                )
                && two.contains("a team match"),
            "{two}"
        );
        assert!(
            !reason(2, 3, 2).contains("jamboree of"),
            "no jamboree of 2 × 3 exists"
        );
        assert!(reason(1, 4, 1).contains("a chess round robin"));
        assert_eq!(Size::possible_rounds(9, 4), vec![1, 3, 5, 7]);

        assert!(
            Size {
                teams: 12,
                boards: 10,
                rounds: 3
            }
            .impossibility()
            .is_none()
        );
    }

    #[test]
    fn lower_bound_matches_the_parity_argument() {
        // 10 boards × 3 rounds: 330 ≡ 2 (mod 4), so each team is at least 2/330 away.
        assert_eq!(
            Size {
                teams: 12,
                boards: 10,
                rounds: 3
            }
            .lower_bound_numerator(),
            24
        );
        // 11 teams: the floats fix Σ(4Σ l·w_l − 330) = R·B = 30 over the teams, above the
        // 11 × 2 = 22 that parity alone gives.
        assert_eq!(
            Size {
                teams: 11,
                boards: 10,
                rounds: 3
            }
            .lower_bound_numerator(),
            30
        );
        // 5 × 2 × 3: parity (5 × 2 = 10) is the larger; 7 × 4 × 3: the floats (12).
        assert_eq!(
            Size {
                teams: 5,
                boards: 2,
                rounds: 3
            }
            .lower_bound_numerator(),
            10
        );
        assert_eq!(
            Size {
                teams: 7,
                boards: 4,
                rounds: 3
            }
            .lower_bound_numerator(),
            12
        );
        // 6 × 2 × 2: Q = 0 would need 12 games on the 9 pairs across one cut (the proof
        // at `lower_bound_numerator`); 8 × 2 × 2 has room (16 pairs for 16 games).
        assert_eq!(
            Size {
                teams: 6,
                boards: 2,
                rounds: 2
            }
            .lower_bound_numerator(),
            8 * 12
        );
        assert_eq!(
            Size {
                teams: 8,
                boards: 2,
                rounds: 2
            }
            .lower_bound_numerator(),
            0
        );
        // 8 × 4 × 2: every two teams meet, so each needs its own set of boards, and there
        // are 6 sets of 2 of 4 (the proof at `lower_bound_numerator`): Q ≥ 8. 10 × 4 × 2:
        // rule 2 lets two teams miss each other, bound 0.
        assert_eq!(
            Size {
                teams: 8,
                boards: 4,
                rounds: 2
            }
            .lower_bound_numerator(),
            8 * 40
        );
        assert_eq!(
            Size {
                teams: 10,
                boards: 4,
                rounds: 2
            }
            .lower_bound_numerator(),
            0
        );
        // 8 teams, 6 boards, 7 rounds: 294 ≡ 2 (mod 4).
        assert_eq!(
            Size {
                teams: 8,
                boards: 6,
                rounds: 7
            }
            .lower_bound_numerator(),
            16
        );
    }
}
