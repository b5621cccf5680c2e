//! The league-table detective: from a final table (team, P, W, D, L, GF, GA, Pts) recover
//! every match score, then prove the answer unique or show a second one.
//!
//! First the table's own arithmetic is checked column by column (P = W + D + L, the points,
//! every win is someone's loss, goals scored add up to goals conceded…), so an inconsistent
//! table gets a message naming the column. Then an integer model (good_lp, through the MILP
//! layer) chooses for every possible match whether it was played, its outcome and its score.
//! Uniqueness: the model is solved again with the constraint that at least one match must
//! differ (another score, or played instead of not); no solution proves the first unique.
//! Every answer is re-checked by `check`, which recomputes the table from the matches with
//! code of its own.

pub mod check;

use crate::milp::{self, Backend, MilpError, Model};
use crate::problems::Problems;
use crate::scoring::league::PointsRule;
use crate::solver::{Control, Progress};
use crate::text::{decode, sniff_delimiter};
use good_lp::{Expression, ProblemVariables, Variable, constraint, variable};
use std::fmt;

/// One line of the table as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLine {
    /// The team's name, as in the table (unique, ignoring case).
    pub team: String,
    /// Matches played (P).
    pub played: u32,
    /// Matches won (W).
    pub won: u32,
    /// Matches drawn (D).
    pub drawn: u32,
    /// Matches lost (L).
    pub lost: u32,
    /// Goals (or points) scored (GF).
    pub goals_for: u32,
    /// Goals (or points) conceded (GA).
    pub goals_against: u32,
    /// League points (Pts); may be negative.
    pub points: i64,
}

/// A final league table, as read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueTable {
    /// One line per team, in the file's order; at least two.
    pub lines: Vec<TeamLine>,
}

/// A match and its score; in a single round robin `home` is simply the first-named team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchScore {
    /// The home team, as an index into the table's lines.
    pub home: usize,
    /// The away team, as an index into the table's lines.
    pub away: usize,
    /// Goals the home team scored.
    pub home_goals: u32,
    /// Goals the away team scored.
    pub away_goals: u32,
}

/// How the table was played and what the detective should find.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueOptions {
    /// Points for a win, a draw and a loss (3/1/0 by default).
    pub points: PointsRule,
    /// Double round robin: every team plays every other twice, home and away.
    pub double: bool,
    /// Results the organiser knows (they are kept as given).
    pub known: Vec<MatchScore>,
    /// The MILP solver that runs the model.
    pub backend: Backend,
    /// Look for a second reconstruction (the uniqueness proof); off, only one is found.
    pub prove_uniqueness: bool,
}

impl Default for LeagueOptions {
    fn default() -> Self {
        LeagueOptions {
            points: PointsRule::FOOTBALL,
            double: false,
            known: Vec::new(),
            backend: Backend::best_available(),
            prove_uniqueness: true,
        }
    }
}

/// Every played match, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconstruction {
    /// The matches played, sorted; a match not played is not listed.
    pub matches: Vec<MatchScore>,
}

/// Whether the reconstruction found is the only one.
#[derive(Debug, Clone, PartialEq)]
pub enum Uniqueness {
    /// Proved: no other set of matches gives the table.
    Unique,
    /// A second reconstruction, different in at least one match.
    NotUnique(Reconstruction),
    /// The search for a second one stopped (time limit or cancel) without an answer.
    Unknown(String),
}

/// A reconstruction and what is known about its uniqueness.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueOutcome {
    /// The first reconstruction found, re-checked by `check`.
    pub first: Reconstruction,
    /// Whether it is the only one (unknown when the proof was not asked for or not finished).
    pub uniqueness: Uniqueness,
}

/// Why no reconstruction was found.
#[derive(Debug, Clone, PartialEq)]
pub enum LeagueError {
    /// The table's own arithmetic fails; one sentence per failing column.
    Inconsistent(Vec<String>),
    /// The arithmetic holds, but no set of matches gives this table.
    Impossible(String),
    /// Stopped (time limit or cancel) before any reconstruction was found.
    Stopped(String),
}

impl fmt::Display for LeagueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeagueError::Inconsistent(lines) => write!(f, "the table does not add up: {}", lines.join("; ")),
            LeagueError::Impossible(why) => write!(f, "no set of match results gives this table: {why}"),
            LeagueError::Stopped(why) => write!(f, "{why}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reading the table.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Team,
    Played,
    Won,
    Drawn,
    Lost,
    For,
    Against,
    Points,
    Difference,
}

const HEADERS: &[(Column, &[&str])] = &[
    (Column::Team, &["team", "club", "name", "side"]),
    (Column::Played, &["p", "pld", "played", "gp", "mp"]),
    (Column::Won, &["w", "won", "wins"]),
    (Column::Drawn, &["d", "drawn", "draws", "t", "ties"]),
    (Column::Lost, &["l", "lost", "losses"]),
    (Column::For, &["gf", "f", "for", "goals for", "pf"]),
    (Column::Against, &["ga", "a", "against", "goals against", "pa"]),
    (Column::Points, &["pts", "points", "pt"]),
    (Column::Difference, &["gd", "diff", "goal difference", "+/-"]),
];

/// The largest number a league-table cell may hold (matches, goals, points; points and goal
/// difference may also go down to its negative). A season's matches, goals or points stay far
/// below a million even in basketball; the bound keeps every column total and every solver
/// coefficient exact, where a larger number would wrap or lose digits.
pub const MAX_CELL: i64 = 1_000_000;

/// Reads a table saved from a spreadsheet (any encoding and delimiter the roster reader
/// accepts). Every problem names the file, line and column.
pub fn parse_table(file_label: &str, bytes: &[u8]) -> Result<LeagueTable, Problems> {
    let mut problems = Problems::for_file(file_label);
    let (text, _) = decode(bytes);
    let delimiter = sniff_delimiter(&text).unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        match record {
            Ok(record) => rows.push((index as u64 + 1, record)),
            Err(error) => problems.error(Some(index as u64 + 1), None, format!("unreadable line: {error}")),
        }
    }
    let Some((_, header)) = rows.first() else {
        problems.error(None, None, "the file is empty");
        return Err(problems);
    };
    let columns = TableColumns::read(header, &mut problems);
    if problems.has_errors() {
        return Err(problems);
    }
    let mut lines = Vec::new();
    for (line, record) in rows.iter().skip(1) {
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let Some(parsed) = columns.team_line(*line, record, &mut problems) else {
            continue;
        };
        if let Some(earlier) = lines
            .iter()
            .position(|l: &TeamLine| l.team.eq_ignore_ascii_case(&parsed.team))
        {
            problems.error(
                Some(*line),
                Some(&columns.title(Column::Team)),
                format!(
                    "\"{}\" is listed twice (also line {})",
                    parsed.team,
                    rows[earlier + 1].0
                ),
            );
        }
        lines.push(parsed);
    }
    if lines.len() < 2 {
        problems.error(None, None, "a league needs at least two teams");
    }
    if problems.has_errors() {
        Err(problems)
    } else {
        Ok(LeagueTable { lines })
    }
}

/// The table's header: which column each field is, and the titles as written.
struct TableColumns<'a> {
    header: &'a csv::StringRecord,
    columns: Vec<Option<Column>>,
}

impl<'a> TableColumns<'a> {
    /// Reads the header, warning of unknown columns and reporting missing ones.
    fn read(header: &'a csv::StringRecord, problems: &mut Problems) -> Self {
        let mut columns: Vec<Option<Column>> = Vec::new();
        for title in header.iter() {
            let key = title.trim().trim_start_matches('\u{feff}').to_lowercase();
            let column = HEADERS
                .iter()
                .find(|(_, names)| names.contains(&key.as_str()))
                .map(|(c, _)| *c);
            if column.is_none() && !key.is_empty() && key != "pos" && key != "#" && key != "rank" {
                problems.warning(Some(1), Some(title.trim()), "unknown column, ignored");
            }
            columns.push(column);
        }
        let read = TableColumns { header, columns };
        for needed in [
            Column::Team,
            Column::Played,
            Column::Won,
            Column::Drawn,
            Column::Lost,
            Column::For,
            Column::Against,
            Column::Points,
        ] {
            if read.position(needed).is_none() {
                let names = HEADERS
                    .iter()
                    .find(|(c, _)| *c == needed)
                    .map_or("", |(_, n)| n[0]);
                problems.error(
                    Some(1),
                    None,
                    format!("no \"{names}\" column (the header must name team, P, W, D, L, GF, GA, Pts)"),
                );
            }
        }
        read
    }

    /// The field index of column `c`, if the header has it.
    fn position(&self, c: Column) -> Option<usize> {
        self.columns.iter().position(|x| *x == Some(c))
    }

    /// Column `c`'s title as the header writes it ("" when missing).
    fn title(&self, c: Column) -> String {
        self.position(c)
            .and_then(|i| self.header.get(i))
            .unwrap_or("")
            .trim()
            .to_owned()
    }

    /// Reads one team's line; `None` (with a problem) when it has no team name.
    fn team_line(&self, line: u64, record: &csv::StringRecord, problems: &mut Problems) -> Option<TeamLine> {
        let cell = |c: Column| self.position(c).and_then(|i| record.get(i)).unwrap_or("").trim();
        let team = cell(Column::Team).to_owned();
        if team.is_empty() {
            problems.error(Some(line), Some(&self.title(Column::Team)), "no team name");
            return None;
        }
        let mut number = |c: Column| -> i64 {
            let text = cell(c);
            let signed = c == Column::Points || c == Column::Difference;
            let least = if signed { -MAX_CELL } else { 0 };
            match text.parse::<i64>() {
                Ok(n) if (least..=MAX_CELL).contains(&n) => n,
                _ => {
                    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
                    let why = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                        format!("{text} is out of range: this column takes {least} to {MAX_CELL}")
                    } else {
                        format!("\"{text}\" is not a whole number (this column takes {least} to {MAX_CELL})")
                    };
                    problems.error(Some(line), Some(&self.title(c)), why);
                    0
                }
            }
        };
        let parsed = TeamLine {
            played: number(Column::Played) as u32,
            won: number(Column::Won) as u32,
            drawn: number(Column::Drawn) as u32,
            lost: number(Column::Lost) as u32,
            goals_for: number(Column::For) as u32,
            goals_against: number(Column::Against) as u32,
            points: number(Column::Points),
            team,
        };
        if self.position(Column::Difference).is_some() {
            let difference = number(Column::Difference);
            let actual = parsed.goals_for as i64 - parsed.goals_against as i64;
            if difference != actual {
                problems.error(
                    Some(line),
                    Some(&self.title(Column::Difference)),
                    format!(
                        "{}: goal difference {difference}, but GF {} − GA {} = {actual}",
                        parsed.team, parsed.goals_for, parsed.goals_against
                    ),
                );
            }
        }
        Some(parsed)
    }
}

/// Reads "Foxholt 2-0 Pinner" (home first; team names as in the table, any case).
pub fn parse_known(text: &str, table: &LeagueTable) -> Result<MatchScore, String> {
    let text = text.trim();
    let find = |name: &str| {
        table
            .lines
            .iter()
            .position(|l| l.team.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("\"{}\" is not a team in the table", name.trim()))
    };
    // The score is the last "digits-digits" word with team names either side.
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| {
            let mut parts = w.split(['-', ':', '–']);
            matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(b), None)
                if is_count(a) && is_count(b))
        })
        .ok_or_else(|| format!("\"{text}\": write a result as HOME 2-1 AWAY"))?;
    let mut parts = words[at].split(['-', ':', '–']);
    let mut goals = || {
        let part = parts.next().unwrap_or("");
        part.parse::<u32>()
            .ok()
            .filter(|g| i64::from(*g) <= MAX_CELL)
            .ok_or_else(|| {
                format!("\"{text}\": {part} goals is out of range: a score is 0 to {MAX_CELL} a side")
            })
    };
    let home_goals = goals()?;
    let away_goals = goals()?;
    let home = find(&words[..at].join(" "))?;
    let away = find(&words[at + 1..].join(" "))?;
    if home == away {
        return Err(format!("\"{text}\": a team does not play itself"));
    }
    Ok(MatchScore {
        home,
        away,
        home_goals,
        away_goals,
    })
}

/// Digits only: a goal count as typed (its size is judged later, with the range in the message).
fn is_count(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

// ---------------------------------------------------------------------------------------
// Arithmetic checks.

/// The table's own arithmetic, column by column. Empty when it adds up.
pub fn consistency_problems(table: &LeagueTable, options: &LeagueOptions) -> Vec<String> {
    let mut problems = Vec::new();
    let n = table.lines.len() as u32;
    let games_each = if options.double {
        2 * n.saturating_sub(1)
    } else {
        n.saturating_sub(1)
    };
    let rule = options.points;
    for line in &table.lines {
        let t = &line.team;
        if line.played != line.won + line.drawn + line.lost {
            problems.push(format!(
                "{t}: P is {}, but W {} + D {} + L {} = {}",
                line.played,
                line.won,
                line.drawn,
                line.lost,
                line.won + line.drawn + line.lost
            ));
        }
        let points =
            rule.win * line.won as f64 + rule.draw * line.drawn as f64 + rule.loss * line.lost as f64;
        if (points - line.points as f64).abs() > 1e-9 {
            problems.push(format!(
                "{t}: Pts is {}, but {} W × {} + {} D × {} + {} L × {} = {}",
                line.points, line.won, rule.win, line.drawn, rule.draw, line.lost, rule.loss, points
            ));
        }
        if line.played > games_each {
            problems.push(format!(
                "{t}: P is {}, but with {n} teams a team plays at most {games_each} matches{}",
                line.played,
                if options.double {
                    " (home and away)"
                } else {
                    " (add --double for home and away)"
                }
            ));
        }
        if line.goals_for < line.won {
            problems.push(format!(
                "{t}: {} wins need at least {} goals, but GF is {}",
                line.won, line.won, line.goals_for
            ));
        }
        if line.goals_against < line.lost {
            problems.push(format!(
                "{t}: {} defeats need at least {} goals against, but GA is {}",
                line.lost, line.lost, line.goals_against
            ));
        }
        if line.played == 0 && (line.goals_for > 0 || line.goals_against > 0) {
            problems.push(format!("{t}: no matches played, but GF or GA is not 0"));
        }
    }
    // Summed wide: each cell is at most MAX_CELL, so no total can wrap.
    let total = |f: fn(&TeamLine) -> u32| table.lines.iter().map(|l| u64::from(f(l))).sum::<u64>();
    if total(|l| l.won) != total(|l| l.lost) {
        problems.push(format!(
            "the W column adds up to {} but the L column to {}: every win is another team's defeat",
            total(|l| l.won),
            total(|l| l.lost)
        ));
    }
    if total(|l| l.drawn) % 2 == 1 {
        problems.push(format!(
            "the D column adds up to {}, an odd number: every draw is counted by both teams",
            total(|l| l.drawn)
        ));
    }
    if total(|l| l.goals_for) != total(|l| l.goals_against) {
        problems.push(format!(
            "the GF column adds up to {} but the GA column to {}: every goal scored is conceded by someone",
            total(|l| l.goals_for),
            total(|l| l.goals_against)
        ));
    }
    if total(|l| l.played) % 2 == 1 {
        problems.push(format!(
            "the P column adds up to {}, an odd number: every match is played by two teams",
            total(|l| l.played)
        ));
    }
    problems
}

// ---------------------------------------------------------------------------------------
// The model.

/// One possible match: a pair of teams (ordered home/away in a double round robin).
struct Slot {
    home: usize,
    away: usize,
    played: Variable,
    home_win: Variable,
    draw: Variable,
    away_win: Variable,
    home_goals: Variable,
    away_goals: Variable,
    /// A known result, if the organiser gave one (as home, away goals for this slot).
    known: Option<(u32, u32)>,
}

struct LeagueModel {
    variables: ProblemVariables,
    constraints: Vec<Constraint>,
    objective: Expression,
    slots: Vec<Slot>,
    big: f64,
}

use good_lp::Constraint;

/// Which constraints to include: outcomes only (to tell which columns fail), or goals too.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Outcomes,
    Everything,
}

/// `attempt` 0 builds the model in table order with no objective; later attempts shuffle the
/// matches and weigh the goals at random, which sends the branch and bound down other paths
/// (see `solve_with_restarts`).
fn build_model(
    table: &LeagueTable,
    options: &LeagueOptions,
    scope: Scope,
    attempt: u64,
) -> Result<LeagueModel, String> {
    let n = table.lines.len();
    let max_goals = table
        .lines
        .iter()
        .map(|l| l.goals_for.max(l.goals_against))
        .max()
        .unwrap_or(0) as f64;
    let everyone_plays_all = table.lines.iter().all(|l| {
        l.played
            == if options.double {
                2 * (n as u32 - 1)
            } else {
                n as u32 - 1
            }
    });
    let mut pairs = Vec::new();
    for home in 0..n {
        for away in 0..n {
            if home != away && (options.double || away > home) {
                pairs.push((home, away));
            }
        }
    }
    let mut rng = crate::solver::Rng::new(attempt);
    if attempt > 0 {
        for i in (1..pairs.len()).rev() {
            pairs.swap(i, rng.below(i + 1));
        }
    }
    let mut model = LeagueModel {
        variables: ProblemVariables::new(),
        constraints: Vec::new(),
        objective: Expression::from(0.0),
        slots: Vec::new(),
        big: max_goals + 1.0,
    };
    let setting = Setting {
        table,
        options,
        scope,
        everyone_plays_all,
        random_goals: attempt > 0,
    };
    for (home, away) in pairs {
        model.add_slot(&setting, (home, away), &mut rng)?;
    }
    model.add_team_totals(table, scope);
    Ok(model)
}

/// What every match of a model is built against.
struct Setting<'a> {
    table: &'a LeagueTable,
    options: &'a LeagueOptions,
    scope: Scope,
    /// Every team played every match it could: every slot is played.
    everyone_plays_all: bool,
    /// Weigh the goals at random in the objective (every attempt after the first).
    random_goals: bool,
}

impl LeagueModel {
    /// Adds the possible match `home`–`away`: its variables, its outcome and goal rules, and
    /// its result if the organiser knows it.
    fn add_slot(
        &mut self,
        setting: &Setting,
        (home, away): (usize, usize),
        rng: &mut crate::solver::Rng,
    ) -> Result<(), String> {
        let options = setting.options;
        let known = options.known.iter().find_map(|k| {
            if k.home == home && k.away == away {
                Some((k.home_goals, k.away_goals))
            } else if !options.double && k.home == away && k.away == home {
                Some((k.away_goals, k.home_goals))
            } else {
                None
            }
        });
        let (h, a) = (&setting.table.lines[home], &setting.table.lines[away]);
        let home_cap = h.goals_for.min(a.goals_against) as f64;
        let away_cap = a.goals_for.min(h.goals_against) as f64;
        let variables = &mut self.variables;
        let slot = Slot {
            home,
            away,
            played: variables.add(variable().binary()),
            home_win: variables.add(variable().binary()),
            draw: variables.add(variable().binary()),
            away_win: variables.add(variable().binary()),
            home_goals: variables.add(variable().integer().min(0.0).max(home_cap)),
            away_goals: variables.add(variable().integer().min(0.0).max(away_cap)),
            known,
        };
        let Slot {
            played,
            home_win,
            draw,
            away_win,
            home_goals,
            away_goals,
            ..
        } = slot;
        if setting.random_goals {
            self.objective += rng.unit() * home_goals + rng.unit() * away_goals;
        }
        let constraints = &mut self.constraints;
        constraints.push(constraint!(home_win + draw + away_win == played));
        if setting.everyone_plays_all {
            constraints.push(constraint!(played == 1.0));
        }
        if setting.scope == Scope::Everything {
            // A win needs a goal more; a draw equal goals; an unplayed match no goals.
            // Each "big M" is the least that frees the constraint (the goal caps), which
            // keeps the relaxation tight.
            constraints.push(constraint!(
                home_goals - away_goals >= 1.0 - (away_cap + 1.0) * (1.0 - home_win)
            ));
            constraints.push(constraint!(
                away_goals - home_goals >= 1.0 - (home_cap + 1.0) * (1.0 - away_win)
            ));
            constraints.push(constraint!(home_goals - away_goals <= home_cap * (1.0 - draw)));
            constraints.push(constraint!(away_goals - home_goals <= away_cap * (1.0 - draw)));
            if !setting.everyone_plays_all {
                constraints.push(constraint!(
                    home_goals + away_goals <= (home_cap + away_cap) * played
                ));
            }
        }
        if let Some((hg, ag)) = known {
            if setting.scope == Scope::Everything {
                if hg as f64 > home_cap || ag as f64 > away_cap {
                    return Err(format!(
                        "the known result {} {hg}-{ag} {} has more goals than the table allows",
                        h.team, a.team
                    ));
                }
                constraints.push(constraint!(home_goals == hg as f64));
                constraints.push(constraint!(away_goals == ag as f64));
            }
            constraints.push(constraint!(played == 1.0));
            let outcome = match hg.cmp(&ag) {
                std::cmp::Ordering::Greater => home_win,
                std::cmp::Ordering::Equal => draw,
                std::cmp::Ordering::Less => away_win,
            };
            constraints.push(constraint!(outcome == 1.0));
        }
        self.slots.push(slot);
        Ok(())
    }

    /// Ties each team's matches to its line: P, W, D and L, and (in scope) GF and GA.
    fn add_team_totals(&mut self, table: &LeagueTable, scope: Scope) {
        for (t, line) in table.lines.iter().enumerate() {
            let mut played = Expression::from(0.0);
            let mut won = Expression::from(0.0);
            let mut drawn = Expression::from(0.0);
            let mut lost = Expression::from(0.0);
            let mut scored = Expression::from(0.0);
            let mut conceded = Expression::from(0.0);
            for slot in &self.slots {
                if slot.home == t {
                    played += slot.played;
                    won += slot.home_win;
                    drawn += slot.draw;
                    lost += slot.away_win;
                    scored += slot.home_goals;
                    conceded += slot.away_goals;
                } else if slot.away == t {
                    played += slot.played;
                    won += slot.away_win;
                    drawn += slot.draw;
                    lost += slot.home_win;
                    scored += slot.away_goals;
                    conceded += slot.home_goals;
                }
            }
            let constraints = &mut self.constraints;
            constraints.push(constraint!(played == line.played as f64));
            constraints.push(constraint!(won == line.won as f64));
            constraints.push(constraint!(drawn == line.drawn as f64));
            constraints.push(constraint!(lost == line.lost as f64));
            if scope == Scope::Everything {
                constraints.push(constraint!(scored == line.goals_for as f64));
                constraints.push(constraint!(conceded == line.goals_against as f64));
            }
        }
    }
}

/// Adds "at least one match differs from `previous`": another score in some slot, or a match
/// played that was not (or the other way round).
fn differ_from(model: &mut LeagueModel, previous: &Reconstruction) {
    let big = model.big;
    let mut any = Expression::from(0.0);
    for slot in &model.slots {
        let found = previous
            .matches
            .iter()
            .find(|m| m.home == slot.home && m.away == slot.away);
        let (was_played, hg, ag) = match found {
            Some(m) => (true, m.home_goals as f64, m.away_goals as f64),
            None => (false, 0.0, 0.0),
        };
        if slot.known.is_some() {
            continue;
        }
        // Each binary may be 1 only if its difference really holds.
        let more_home = model.variables.add(variable().binary());
        let fewer_home = model.variables.add(variable().binary());
        let more_away = model.variables.add(variable().binary());
        let fewer_away = model.variables.add(variable().binary());
        let flipped = model.variables.add(variable().binary());
        let (h, a, p) = (slot.home_goals, slot.away_goals, slot.played);
        model
            .constraints
            .push(constraint!(h >= hg + 1.0 - (big + hg + 1.0) * (1.0 - more_home)));
        model
            .constraints
            .push(constraint!(h <= hg - 1.0 + (big + 1.0) * (1.0 - fewer_home)));
        model
            .constraints
            .push(constraint!(a >= ag + 1.0 - (big + ag + 1.0) * (1.0 - more_away)));
        model
            .constraints
            .push(constraint!(a <= ag - 1.0 + (big + 1.0) * (1.0 - fewer_away)));
        if was_played {
            model.constraints.push(constraint!(p <= 1.0 - flipped));
        } else {
            model.constraints.push(constraint!(p >= flipped));
        }
        any += more_home + fewer_home + more_away + fewer_away + flipped;
    }
    model.constraints.push(constraint!(any >= 1.0));
}

fn solve(model: LeagueModel, backend: Backend, seconds: f64) -> Result<Reconstruction, MilpError> {
    let mut read = Vec::new();
    for slot in &model.slots {
        read.extend([slot.played, slot.home_goals, slot.away_goals]);
    }
    let pairs: Vec<(usize, usize)> = model.slots.iter().map(|s| (s.home, s.away)).collect();
    let values = milp::minimise(
        Model {
            variables: model.variables,
            objective: model.objective,
            constraints: model.constraints,
            initial: Vec::new(),
        },
        backend,
        seconds,
        &read,
    )?;
    let mut matches = Vec::new();
    for (i, (home, away)) in pairs.into_iter().enumerate() {
        if values[3 * i] > 0.5 {
            matches.push(MatchScore {
                home,
                away,
                home_goals: values[3 * i + 1].round().max(0.0) as u32,
                away_goals: values[3 * i + 2].round().max(0.0) as u32,
            });
        }
    }
    matches.sort();
    Ok(Reconstruction { matches })
}

fn remaining_seconds(control: &Control) -> f64 {
    control.remaining().map_or(3600.0, |d| d.as_secs_f64())
}

/// Runs the model in attempts of growing length (1, 1, 2, 4, 8… seconds), each built in
/// another order: branch and bound on these models either finishes fast or wanders for a long
/// time depending on the order, so restarts find an answer far sooner than one long run
/// (measured by `tourney bench league-table`). "Infeasible" from any attempt is a proof.
fn solve_with_restarts(
    table: &LeagueTable,
    options: &LeagueOptions,
    scope: Scope,
    control: &Control,
    exclude: Option<&Reconstruction>,
) -> Result<Reconstruction, MilpError> {
    let mut budget: f64 = 1.0;
    for attempt in 0u64.. {
        let left = remaining_seconds(control);
        if left <= 0.01 || control.should_stop() {
            break;
        }
        let mut model = build_model(table, options, scope, attempt).map_err(|_| MilpError::Infeasible)?;
        if let Some(previous) = exclude {
            differ_from(&mut model, previous);
        }
        match solve(model, options.backend, budget.min(left)) {
            Err(MilpError::NoSolutionInTime) => {
                if attempt > 0 {
                    budget *= 2.0;
                }
            }
            other => return other,
        }
    }
    Err(MilpError::NoSolutionInTime)
}

/// How a possible match ended (or that it was not played).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    HomeWin,
    Draw,
    AwayWin,
    NotPlayed,
}

/// The two-stage search for large tables: choose who beat whom (a model without goals,
/// whose relaxation is tight), then goals for those outcomes (a model without binaries). When
/// the goals cannot fit, that set of outcomes is cut off and the next one is tried. Each
/// stage is a small, easy MILP where the one-piece model makes branch and bound wander.
///
/// "Infeasible" is a proof: every set of outcomes that fits W, D and L was tried. After
/// `MAX_CUTS` failed sets it gives up with `NoSolutionInTime` so the caller can switch.
fn two_stage(
    table: &LeagueTable,
    options: &LeagueOptions,
    control: &Control,
) -> Result<Reconstruction, MilpError> {
    const MAX_CUTS: usize = 40;
    let mut cuts: Vec<Vec<(usize, Outcome)>> = Vec::new();
    loop {
        if control.should_stop() || cuts.len() >= MAX_CUTS {
            return Err(MilpError::NoSolutionInTime);
        }
        let mut model = build_model(table, options, Scope::Outcomes, 0).map_err(|_| MilpError::Infeasible)?;
        for cut in &cuts {
            let mut chosen = Expression::from(0.0);
            for &(s, outcome) in cut {
                let slot = &model.slots[s];
                chosen += match outcome {
                    Outcome::HomeWin => Expression::from(slot.home_win),
                    Outcome::Draw => Expression::from(slot.draw),
                    Outcome::AwayWin => Expression::from(slot.away_win),
                    Outcome::NotPlayed => 1.0 - slot.played,
                };
            }
            let size = cut.len() as f64;
            model.constraints.push(constraint!(chosen <= size - 1.0));
        }
        let read: Vec<Variable> = model
            .slots
            .iter()
            .flat_map(|s| [s.played, s.home_win, s.draw])
            .collect();
        let pairs: Vec<(usize, usize)> = model.slots.iter().map(|s| (s.home, s.away)).collect();
        let values = milp::minimise(
            Model {
                variables: model.variables,
                objective: Expression::from(0.0),
                constraints: model.constraints,
                initial: Vec::new(),
            },
            options.backend,
            remaining_seconds(control),
            &read,
        )?;
        let outcomes: Vec<Outcome> = values
            .chunks(3)
            .map(|v| match (v[0] > 0.5, v[1] > 0.5, v[2] > 0.5) {
                (false, _, _) => Outcome::NotPlayed,
                (true, true, _) => Outcome::HomeWin,
                (true, false, true) => Outcome::Draw,
                (true, false, false) => Outcome::AwayWin,
            })
            .collect();
        match goals_for(table, options, &pairs, &outcomes, remaining_seconds(control)) {
            Err(MilpError::Infeasible) => cuts.push(outcomes.into_iter().enumerate().collect()),
            other => return other,
        }
    }
}

/// Goals for fixed outcomes: integers only, each team's GF and GA exact.
fn goals_for(
    table: &LeagueTable,
    options: &LeagueOptions,
    pairs: &[(usize, usize)],
    outcomes: &[Outcome],
    seconds: f64,
) -> Result<Reconstruction, MilpError> {
    let n = table.lines.len();
    let mut variables = ProblemVariables::new();
    let mut constraints = Vec::new();
    let mut scored = vec![Expression::from(0.0); n];
    let mut conceded = vec![Expression::from(0.0); n];
    let mut read = Vec::new();
    let mut played = Vec::new();
    for (&(home, away), &outcome) in pairs.iter().zip(outcomes) {
        if outcome == Outcome::NotPlayed {
            continue;
        }
        let (h, a) = (&table.lines[home], &table.lines[away]);
        let hg = variables.add(
            variable()
                .integer()
                .min(0.0)
                .max(h.goals_for.min(a.goals_against) as f64),
        );
        let ag = variables.add(
            variable()
                .integer()
                .min(0.0)
                .max(a.goals_for.min(h.goals_against) as f64),
        );
        match outcome {
            Outcome::HomeWin => constraints.push(constraint!(hg >= ag + 1.0)),
            Outcome::AwayWin => constraints.push(constraint!(ag >= hg + 1.0)),
            Outcome::Draw => constraints.push(constraint!(hg == ag)),
            Outcome::NotPlayed => {}
        }
        if let Some(known) = options.known.iter().find(|k| (k.home, k.away) == (home, away)) {
            constraints.push(constraint!(hg == known.home_goals as f64));
            constraints.push(constraint!(ag == known.away_goals as f64));
        } else if let Some(known) = options
            .known
            .iter()
            .find(|k| !options.double && (k.away, k.home) == (home, away))
        {
            constraints.push(constraint!(hg == known.away_goals as f64));
            constraints.push(constraint!(ag == known.home_goals as f64));
        }
        scored[home] += hg;
        conceded[home] += ag;
        scored[away] += ag;
        conceded[away] += hg;
        read.extend([hg, ag]);
        played.push((home, away));
    }
    for (t, line) in table.lines.iter().enumerate() {
        let (s, c) = (scored[t].clone(), conceded[t].clone());
        constraints.push(constraint!(s == line.goals_for as f64));
        constraints.push(constraint!(c == line.goals_against as f64));
    }
    let values = milp::minimise(
        Model {
            variables,
            objective: Expression::from(0.0),
            constraints,
            initial: Vec::new(),
        },
        options.backend,
        seconds,
        &read,
    )?;
    let mut matches: Vec<MatchScore> = played
        .into_iter()
        .zip(values.chunks(2))
        .map(|((home, away), goals)| MatchScore {
            home,
            away,
            home_goals: goals[0].round().max(0.0) as u32,
            away_goals: goals[1].round().max(0.0) as u32,
        })
        .collect();
    matches.sort();
    Ok(Reconstruction { matches })
}

/// Recovers the matches behind the table and says whether they are the only ones.
/// Progress reports 1 when a first reconstruction is found and 2 when uniqueness is settled.
/// A cancel is honoured between the two solves.
pub fn reconstruct(
    table: &LeagueTable,
    options: &LeagueOptions,
    control: &Control,
) -> Result<LeagueOutcome, LeagueError> {
    let problems = consistency_problems(table, options);
    if !problems.is_empty() {
        return Err(LeagueError::Inconsistent(problems));
    }
    for known in &options.known {
        if known.home >= table.lines.len() || known.away >= table.lines.len() {
            return Err(LeagueError::Impossible(
                "a known result names a team not in the table".into(),
            ));
        }
    }
    build_model(table, options, Scope::Everything, 0).map_err(LeagueError::Impossible)?;
    // The two-stage search first; when its outcomes keep failing on goals, the one-piece
    // model (with restarts) takes over for the time that is left.
    let found = match two_stage(table, options, control) {
        Err(MilpError::NoSolutionInTime) if !control.should_stop() => {
            solve_with_restarts(table, options, Scope::Everything, control, None)
        }
        other => other,
    };
    let first = match found {
        Ok(first) => first,
        Err(MilpError::Infeasible) => return Err(diagnose(table, options, control)),
        Err(MilpError::NoSolutionInTime) => {
            return Err(LeagueError::Stopped(
                "the time limit ran out before a reconstruction was found".into(),
            ));
        }
        Err(other) => return Err(LeagueError::Stopped(other.to_string())),
    };
    control.report(Progress {
        done: 1,
        best_quality: 0.0,
    });
    if !options.prove_uniqueness {
        return Ok(LeagueOutcome {
            first,
            uniqueness: Uniqueness::Unknown("uniqueness was not asked for".into()),
        });
    }
    if control.should_stop() {
        return Ok(LeagueOutcome {
            first,
            uniqueness: Uniqueness::Unknown("stopped before uniqueness was checked".into()),
        });
    }
    let uniqueness = match solve_with_restarts(table, options, Scope::Everything, control, Some(&first)) {
        Ok(second) if second != first => Uniqueness::NotUnique(second),
        Ok(_) => Uniqueness::Unknown("the solver returned the same reconstruction twice".into()),
        Err(MilpError::Infeasible) => Uniqueness::Unique,
        Err(MilpError::NoSolutionInTime) => {
            Uniqueness::Unknown("the time limit ran out while looking for a second reconstruction".into())
        }
        Err(other) => Uniqueness::Unknown(other.to_string()),
    };
    control.report(Progress {
        done: 2,
        best_quality: 0.0,
    });
    Ok(LeagueOutcome { first, uniqueness })
}

/// After an infeasible model: are the W/D/L/P columns possible on their own? Then it is the
/// goals that cannot add up.
fn diagnose(table: &LeagueTable, options: &LeagueOptions, control: &Control) -> LeagueError {
    let control = control.capped(std::time::Duration::from_secs(30));
    match solve_with_restarts(table, options, Scope::Outcomes, &control, None) {
        Ok(_) => LeagueError::Impossible(
            "the P, W, D and L columns fit together, but the GF and GA columns cannot come from those results"
                .into(),
        ),
        Err(MilpError::Infeasible) => LeagueError::Impossible(
            "the P, W, D and L columns cannot come from one set of matches (who beat whom does not work out)"
                .into(),
        ),
        Err(other) => LeagueError::Impossible(format!("and the search for the reason stopped: {other}")),
    }
}

// ---------------------------------------------------------------------------------------
// Output.

impl Reconstruction {
    /// The results grid: row team's goals first. Single round robin: both halves filled;
    /// double: rows are home teams, columns away teams.
    pub fn grid(&self, table: &LeagueTable, double: bool) -> Vec<Vec<String>> {
        let n = table.lines.len();
        let mut grid = vec![vec![String::new(); n]; n];
        for (i, row) in grid.iter_mut().enumerate() {
            row[i] = "—".into();
        }
        for m in &self.matches {
            grid[m.home][m.away] = format!("{}-{}", m.home_goals, m.away_goals);
            if !double {
                grid[m.away][m.home] = format!("{}-{}", m.away_goals, m.home_goals);
            }
        }
        grid
    }

    /// "Foxholt 2-0 Pinner", one a line.
    pub fn lines(&self, table: &LeagueTable) -> Vec<String> {
        self.matches
            .iter()
            .map(|m| {
                format!(
                    "{} {}-{} {}",
                    table.lines[m.home].team, m.home_goals, m.away_goals, table.lines[m.away].team
                )
            })
            .collect()
    }

    /// The matches in which `other` differs from this one.
    pub fn differences(&self, other: &Reconstruction, table: &LeagueTable) -> Vec<String> {
        let name = |i: usize| table.lines[i].team.as_str();
        let mut out = Vec::new();
        for m in &self.matches {
            match other
                .matches
                .iter()
                .find(|o| o.home == m.home && o.away == m.away)
            {
                Some(o) if o == m => {}
                Some(o) => out.push(format!(
                    "{} v {}: {}-{} or {}-{}",
                    name(m.home),
                    name(m.away),
                    m.home_goals,
                    m.away_goals,
                    o.home_goals,
                    o.away_goals
                )),
                None => out.push(format!(
                    "{} v {}: {}-{} or not played",
                    name(m.home),
                    name(m.away),
                    m.home_goals,
                    m.away_goals
                )),
            }
        }
        for o in &other.matches {
            if !self.matches.iter().any(|m| m.home == o.home && m.away == o.away) {
                out.push(format!(
                    "{} v {}: not played or {}-{}",
                    name(o.home),
                    name(o.away),
                    o.home_goals,
                    o.away_goals
                ));
            }
        }
        out
    }
}

/// A season played by chance (seeded), for tests and the benchmark: every pair meets once (or
/// twice), goals 0–4 each side, some matches left unplayed when `unplayed` > 0.
pub fn random_season(
    teams: usize,
    double: bool,
    unplayed: usize,
    seed: u64,
) -> (LeagueTable, Reconstruction) {
    let mut rng = crate::solver::Rng::new(seed);
    let mut matches = Vec::new();
    for home in 0..teams {
        for away in 0..teams {
            if home == away || (!double && away < home) {
                continue;
            }
            let goals = |rng: &mut crate::solver::Rng| [0, 0, 1, 1, 1, 2, 2, 3, 4][rng.below(9)];
            matches.push(MatchScore {
                home,
                away,
                home_goals: goals(&mut rng),
                away_goals: goals(&mut rng),
            });
        }
    }
    for _ in 0..unplayed.min(matches.len()) {
        let i = rng.below(matches.len());
        matches.swap_remove(i);
    }
    matches.sort();
    let names: Vec<String> = (1..=teams).map(|i| format!("Team {i}")).collect();
    let table = check::table_from(&names, &matches, PointsRule::FOOTBALL);
    (table, Reconstruction { matches })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "team,P,W,D,L,GF,GA,Pts\nFoxholt,3,2,1,0,5,1,7\nMarden,3,2,0,1,4,2,6\nWestwell,3,1,1,1,3,1,4\nPinner,3,0,0,3,0,8,0\n";

    fn table(text: &str) -> LeagueTable {
        parse_table("test.csv", text.as_bytes()).unwrap()
    }

    #[test]
    fn the_issue_example_is_unique() {
        let table = table(EXAMPLE);
        let outcome = reconstruct(&table, &LeagueOptions::default(), &Control::unlimited()).unwrap();
        assert_eq!(outcome.uniqueness, Uniqueness::Unique);
        assert_eq!(
            check::check(&table, &outcome.first, &LeagueOptions::default()),
            Ok(())
        );
        // Worked by hand: Pinner lost every match without scoring. Foxholt and Westwell have
        // the draws, so they drew each other; Westwell conceded 1 in all and lost to Marden,
        // so the draw was 0-0 and Marden won 1-0. Foxholt conceded 1, to Marden, and beat
        // them by at least one: Marden's GA 2 makes it 2-1. Then GF: Foxholt 3-0 Pinner,
        // Marden 2-0 Pinner, Westwell 3-0 Pinner.
        assert_eq!(
            outcome.first.lines(&table),
            [
                "Foxholt 2-1 Marden",
                "Foxholt 0-0 Westwell",
                "Foxholt 3-0 Pinner",
                "Marden 1-0 Westwell",
                "Marden 2-0 Pinner",
                "Westwell 3-0 Pinner"
            ]
        );
    }

    #[test]
    fn drawn_matches_that_can_be_arranged_two_ways_are_not_unique() {
        // Four teams, six draws, two goals for and against each: 2-2 in A v B and C v D (0-0
        // elsewhere) fits, and so does 1-1 round any four-cycle.
        let table = table(
            "team,P,W,D,L,GF,GA,Pts\nA,3,0,3,0,2,2,3\nB,3,0,3,0,2,2,3\nC,3,0,3,0,2,2,3\nD,3,0,3,0,2,2,3\n",
        );
        let outcome = reconstruct(&table, &LeagueOptions::default(), &Control::unlimited()).unwrap();
        let Uniqueness::NotUnique(second) = &outcome.uniqueness else {
            panic!("{:?}", outcome.uniqueness);
        };
        assert_ne!(second, &outcome.first);
        assert_eq!(check::check(&table, second, &LeagueOptions::default()), Ok(()));
        assert!(!outcome.first.differences(second, &table).is_empty());
    }

    #[test]
    fn columns_that_cannot_add_up_are_named() {
        let table = table("team,P,W,D,L,GF,GA,Pts\nA,2,2,0,0,4,0,6\nB,2,1,0,1,2,2,3\nC,2,1,0,1,1,3,3\n");
        let Err(LeagueError::Inconsistent(lines)) =
            reconstruct(&table, &LeagueOptions::default(), &Control::unlimited())
        else {
            panic!("must be refused");
        };
        assert!(
            lines
                .iter()
                .any(|l| l.contains("the W column adds up to 4 but the L column to 2")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains("the GF column adds up to 7 but the GA column to 5")),
            "{lines:?}"
        );
    }

    #[test]
    fn impossible_results_and_impossible_goals_are_told_apart() {
        // Four teams, A and B both won all three: but they played each other.
        let outcomes = table(
            "team,P,W,D,L,GF,GA,Pts\nA,3,3,0,0,3,0,9\nB,3,3,0,0,3,0,9\nC,3,0,0,3,0,3,0\nD,3,0,0,3,0,3,0\n",
        );
        let error = reconstruct(&outcomes, &LeagueOptions::default(), &Control::unlimited()).unwrap_err();
        assert!(
            error.to_string().contains("the P, W, D and L columns cannot"),
            "{error}"
        );
        // A drew B and beat C, so A conceded fewer than it scored — but GF = GA = 2.
        let goals = table("team,P,W,D,L,GF,GA,Pts\nA,2,1,1,0,2,2,4\nB,2,0,1,1,1,2,1\nC,2,1,0,1,2,1,3\n");
        let error = reconstruct(&goals, &LeagueOptions::default(), &Control::unlimited()).unwrap_err();
        assert!(error.to_string().contains("GF and GA columns cannot"), "{error}");
    }

    #[test]
    fn known_results_are_kept_and_unplayed_matches_allowed() {
        let (table, truth) = random_season(6, false, 3, 11);
        let options = LeagueOptions {
            known: truth.matches.iter().take(4).copied().collect(),
            ..LeagueOptions::default()
        };
        let outcome = reconstruct(&table, &options, &Control::unlimited()).unwrap();
        assert_eq!(check::check(&table, &outcome.first, &options), Ok(()));
        assert_eq!(outcome.first.matches.len(), truth.matches.len());
        for known in &options.known {
            assert!(outcome.first.matches.contains(known), "{known:?} kept");
        }
    }

    #[test]
    fn a_double_round_robin_reconstructs() {
        let (table, _) = random_season(4, true, 0, 5);
        let options = LeagueOptions {
            double: true,
            ..LeagueOptions::default()
        };
        let outcome = reconstruct(&table, &options, &Control::unlimited()).unwrap();
        assert_eq!(check::check(&table, &outcome.first, &options), Ok(()));
        assert_eq!(outcome.first.matches.len(), 12);
    }

    #[test]
    fn a_known_result_reads_home_first() {
        let table = table(EXAMPLE);
        assert_eq!(
            parse_known("marden 2-0 Pinner", &table),
            Ok(MatchScore {
                home: 1,
                away: 3,
                home_goals: 2,
                away_goals: 0
            })
        );
        assert!(
            parse_known("Marden beat Pinner", &table)
                .unwrap_err()
                .contains("HOME 2-1 AWAY")
        );
        assert!(
            parse_known("Marden 2-0 Wembley", &table)
                .unwrap_err()
                .contains("\"Wembley\" is not a team")
        );
    }

    #[test]
    fn reading_a_table_names_the_line_and_column() {
        let problems = parse_table("t.csv", b"team;P;W;D;L;GF;GA;Pts\nA;2;x;0;0;1;0;6\n").unwrap_err();
        let text = problems.list[0].to_string();
        assert!(
            text.contains("t.csv, line 2, field \"W\"") && text.contains("\"x\""),
            "{text}"
        );
        let problems = parse_table("t.csv", b"team,P,W,L\nA,1,1,0\n").unwrap_err();
        assert!(
            problems
                .list
                .iter()
                .any(|p| p.message.contains("no \"d\" column")),
            "{:?}",
            problems.list
        );
    }
}
