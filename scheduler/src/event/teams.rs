//! Bridge teams of four as an event: a Swiss (each round paired from the standings after the
//! last, `pair_next_round`) or a round robin of matches. A match is a table of the schedule:
//! the home team sits N-S at table 1 and E-W at table 2, both tables play the round's boards,
//! and each board's result is both tables' N-S scores or the home team's net score
//! ([`TeamBoard`]). A match counts in the standings once every board of it is entered: IMPs,
//! then victory points, plain IMPs or board-a-match points ([`TeamsScoring`]); a bye as the
//! club decides ([`TeamsBye`]). The scoring itself is `scoring::teams`; the pairing is
//! `swiss`, checked by the independent `verify::swiss` before a round is kept.

use super::long_three_way::{self, LongHalf};
use super::standings_table::StandingsTable;
use super::{Event, ResultKey, ResultValue, Results, Scoring};
use super::{swiss_pairs, three_way};
use crate::model::{Absence, Absent, Round, Seat, SeatAssignment, Table};
use crate::scoring::teams::{
    BoardEntry, PlayedMatch, Points, TeamStanding, points_text, score_match, team_standings,
};
use crate::swiss::{ByeTaken, History, Meeting, OddCount, SwissOptions, pair_round, verify_round};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::teams_scoring::{TeamsBye, TeamsScoring, match_teams};

/// One board of a match as entered: both tables' N-S scores, or the home team's net score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "kebab-case")]
pub enum TeamBoard {
    /// The N-S score at each table: the home team sits N-S at table 1, E-W at table 2.
    Tables {
        /// N-S's score at table 1 (the home team's pair N-S).
        table1_ns: i32,
        /// N-S's score at table 2 (the away team's pair N-S).
        table2_ns: i32,
    },
    /// The home team's net score (table 1's N-S score minus table 2's).
    Net {
        /// The net score, a multiple of 10.
        net: i32,
    },
}

impl TeamBoard {
    /// The board as it is typed into a form's one field, which `entry::parse_team_board`
    /// reads back: "420 -170", or "net 590".
    pub fn typed(self) -> String {
        match self {
            TeamBoard::Tables { table1_ns, table2_ns } => format!("{table1_ns} {table2_ns}"),
            TeamBoard::Net { net } => format!("net {net}"),
        }
    }

    /// The board as the scoring reads it.
    pub fn entry(self) -> BoardEntry {
        match self {
            TeamBoard::Tables { table1_ns, table2_ns } => BoardEntry::Tables { table1_ns, table2_ns },
            TeamBoard::Net { net } => BoardEntry::Net(net),
        }
    }
}

impl fmt::Display for TeamBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamBoard::Tables { table1_ns, table2_ns } => write!(
                f,
                "table 1 N-S {table1_ns}, table 2 N-S {table2_ns} (net {})",
                signed(i64::from(*table1_ns) - i64::from(*table2_ns))
            ),
            TeamBoard::Net { net } => write!(f, "net {} to the home team", signed(i64::from(*net))),
        }
    }
}

/// What the event's entrants are called in its messages: "pair" in a Swiss pairs event,
/// else "team".
pub fn entrant_word(event: &Event) -> &'static str {
    if swiss_pairs::settings(event).is_some() {
        "pair"
    } else {
        "team"
    }
}

/// A net score as printed: "+590", "-170", and "0" with no sign.
pub fn signed(net: i64) -> String {
    if net == 0 {
        "0".to_owned()
    } else {
        format!("{net:+}")
    }
}

/// The two tables of match `number`, as the sheets number them: match 1 plays at tables 1
/// and 2, match 2 at tables 3 and 4 (the home team N-S at the first).
pub fn match_tables(number: u32) -> [u32; 2] {
    let first = number.saturating_mul(2).saturating_sub(1);
    [first, first.saturating_add(1)]
}

/// One board of a match as the pages and sheets show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLine {
    /// The board number.
    pub deal: u32,
    /// What was entered, if anything yet.
    pub board: Option<TeamBoard>,
    /// The home team's IMPs on it (negative when the away team gained), once entered.
    pub home_imps: Option<i32>,
}

/// A match as the pages and sheets show it: its teams, every board, and once every board is
/// in, each team's IMPs and points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchCard {
    /// The home team (N-S at table 1), by entrant index.
    pub home: usize,
    /// The away team.
    pub away: usize,
    /// The match's boards in order.
    pub boards: Vec<BoardLine>,
    /// IMPs won by home and away, and their points (in hundredths) as they count in the
    /// standings (a three-way's half-match: half the VPs), once every board is in.
    pub score: Option<([u32; 2], [Points; 2])>,
    /// Which half-match of a three-way match this is (1 to 3); `None` for a head-on match.
    pub part: Option<u8>,
    /// A three-way match over two rounds: `part` is one of its three full matches (full
    /// points), entered with its second round.
    pub long: bool,
}

impl MatchCard {
    /// "IMPs 23–14, VPs 13.76–6.24" once complete, else "3 of 7 boards entered"; a
    /// three-way's half-match says its VPs are half a match's.
    pub fn summary(&self, scoring: TeamsScoring) -> String {
        let said = match self.score {
            Some((imps, points)) => match scoring {
                TeamsScoring::Imps => format!("IMPs {}–{}", imps[0], imps[1]),
                _ => format!(
                    "IMPs {}–{}, {} {}–{}",
                    imps[0],
                    imps[1],
                    scoring.column(),
                    points_text(points[0]),
                    points_text(points[1])
                ),
            },
            None => format!(
                "{} of {} boards entered",
                self.boards.iter().filter(|b| b.board.is_some()).count(),
                self.boards.len()
            ),
        };
        match (self.part, scoring) {
            (Some(_), scoring) if scoring.is_victory_points() && self.score.is_some() && !self.long => {
                format!("{said} (half a match's VPs)")
            }
            _ => said,
        }
    }

    /// The tables of match `number` this card's teams sit at, as printed: "3 & 4", or a
    /// three-way match's three, "5, 6 & 7".
    pub fn tables_text(&self, number: u32) -> String {
        if self.part.is_some() {
            let [a, b, c] = three_way::three_way_tables(number);
            format!("{a}, {b} & {c}")
        } else {
            let [first, second] = match_tables(number);
            format!("{first} & {second}")
        }
    }
}

/// One match as scored: a head-on match at a table of a round, or one half-match of a
/// three-way match there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchPlan {
    /// The home team (its N-S pair's score is entered first).
    pub home: usize,
    /// The away team.
    pub away: usize,
    /// The boards it plays.
    pub deals: Vec<u32>,
    /// Which half-match of a three-way match (1 to 3); `None` for a head-on match.
    pub part: Option<u8>,
    /// A three-way match over two rounds: `part` is one of its three full matches.
    pub long: bool,
}

/// The matches scored at `table` in `round`: one head-on match, a three-way match's three
/// half-matches, a long three-way match's three matches in its second round (none in its
/// first), or none (a table that seats no match).
pub fn plans_at(event: &Event, round: u32, table: &Table) -> Vec<MatchPlan> {
    if long_three_way::long_three_teams(table).is_some() {
        return long_plans(event, round, table.number);
    }
    if let Some(teams) = three_way::three_teams(table) {
        let Ok(deals) = three_way::half_match_deals(event, round) else {
            return Vec::new();
        };
        return parts(three_way::half_matches(teams), deals, false);
    }
    match_teams(table)
        .map(|(home, away)| MatchPlan {
            home,
            away,
            deals: event.deals_of_round(round).collect(),
            part: None,
            long: false,
        })
        .into_iter()
        .collect()
}

/// A long three-way match's matches at match `number` of `round`: none in its first round,
/// its three full matches on their sets in its second.
fn long_plans(event: &Event, round: u32, number: u32) -> Vec<MatchPlan> {
    let Some((long, LongHalf::Second)) = long_three_way::long_half(&event.schedule, round, number) else {
        return Vec::new();
    };
    let Ok(sets) = long_three_way::long_sets(event, long.first_round) else {
        return Vec::new();
    };
    parts(long_three_way::long_matches(long.teams), sets, true)
}

/// A three-way match's three matches (home and away) on their three sets of boards, numbered
/// 1 to 3; `long`: full matches over two rounds, else half-matches.
fn parts(matches: [(usize, usize); 3], sets: [Vec<u32>; 3], long: bool) -> Vec<MatchPlan> {
    matches
        .into_iter()
        .zip(sets)
        .zip(1..)
        .map(|(((home, away), deals), part)| MatchPlan {
            home,
            away,
            deals,
            part: Some(part),
            long,
        })
        .collect()
}

/// The boards a result for `table` in `round` may name: every board its matches play.
pub fn deals_at_table(event: &Event, round: u32, table: &Table) -> Vec<u32> {
    plans_at(event, round, table)
        .into_iter()
        .flat_map(|p| p.deals)
        .collect()
}

/// The card of a match as planned, with what `results` hold for it.
fn card_of(results: &Results, round: u32, table: u32, plan: MatchPlan, scoring: TeamsScoring) -> MatchCard {
    let boards: Vec<BoardLine> = plan
        .deals
        .iter()
        .map(|&deal| {
            let board = match results.get(&ResultKey { round, table, deal }) {
                Some(ResultValue::Teams { board }) => Some(*board),
                _ => None,
            };
            let home_imps = board
                .and_then(|b| b.entry().net().ok())
                .map(crate::scoring::bridge::imps);
            BoardLine {
                deal,
                board,
                home_imps,
            }
        })
        .collect();
    let score = match_boards(results, round, table, &plan.deals)
        .ok()
        .and_then(|entries| score_match(&entries, scoring.match_scoring().ok()?).ok())
        .map(|result| (result.imps_won, counted(result.points, &plan, scoring)));
    MatchCard {
        home: plan.home,
        away: plan.away,
        boards,
        score,
        part: plan.part,
        long: plan.long,
    }
}

/// A match's points as they count: a three-way's half-match on a VP scale is worth half (a
/// long three-way's matches are full matches).
fn counted(points: [Points; 2], plan: &MatchPlan, scoring: TeamsScoring) -> [Points; 2] {
    match plan.part {
        Some(_) if !plan.long => three_way::counted_points(points, scoring.is_victory_points()),
        _ => points,
    }
}

/// The cards of a three-way match over two rounds at match `number` of `round`, its first
/// round: its three full matches as they will be scored with the second round (what is
/// entered there so far), for the sheets printed before it. Empty for any other match; the
/// standings never read these (the second round's cards count).
pub fn long_cards_ahead(event: &Event, results: &Results, round: u32, number: u32) -> Vec<MatchCard> {
    let Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return Vec::new();
    };
    let Some((long, LongHalf::First)) = long_three_way::long_half(&event.schedule, round, number) else {
        return Vec::new();
    };
    let Ok(sets) = long_three_way::long_sets(event, round) else {
        return Vec::new();
    };
    // Read where the boards are entered: the second round's match (none while not paired).
    let (later, at) = (round + 1, long.second_match.unwrap_or(0));
    long_three_way::long_matches(long.teams)
        .into_iter()
        .zip(sets)
        .zip(1..)
        .map(|(((home, away), deals), part)| {
            let plan = MatchPlan {
                home,
                away,
                deals,
                part: Some(part),
                long: true,
            };
            card_of(results, later, at, plan, scoring)
        })
        .collect()
}

/// The card of the (first) match at `table` in `round` (`None` when there is no such match);
/// a three-way match has three, [`match_cards_at`].
pub fn match_card(event: &Event, results: &Results, round: u32, table: u32) -> Option<MatchCard> {
    match_cards_at(event, results, round, table).into_iter().next()
}

/// The cards of every match at `table` in `round`: one, a three-way's three, or none.
pub fn match_cards_at(event: &Event, results: &Results, round: u32, table: u32) -> Vec<MatchCard> {
    let Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return Vec::new();
    };
    let Some(seated) = event.schedule.table(round, table) else {
        return Vec::new();
    };
    plans_at(event, round, seated)
        .into_iter()
        .map(|plan| card_of(results, round, table, plan, scoring))
        .collect()
}

/// Every match paired so far as (round, match number, card), round by round (a three-way
/// match's three half-matches under its one number).
pub fn match_cards<'a>(
    event: &'a Event,
    results: &'a Results,
) -> impl Iterator<Item = (u32, u32, MatchCard)> + 'a {
    event.schedule.rounds.iter().flat_map(move |round| {
        round.tables.iter().flat_map(move |table| {
            match_cards_at(event, results, round.number, table.number)
                .into_iter()
                .map(move |card| (round.number, table.number, card))
        })
    })
}

/// The boards `deals` of a match with none missing, as the scoring reads them; `Err` names
/// the boards not yet entered.
fn match_boards(
    results: &Results,
    round: u32,
    table: u32,
    deals: &[u32],
) -> Result<Vec<BoardEntry>, Vec<u32>> {
    let mut entries = Vec::new();
    let mut missing = Vec::new();
    for &deal in deals {
        match results.get(&ResultKey { round, table, deal }) {
            Some(ResultValue::Teams { board }) => entries.push(board.entry()),
            _ => missing.push(deal),
        }
    }
    if missing.is_empty() {
        Ok(entries)
    } else {
        Err(missing)
    }
}

/// Every match with all its boards entered, scored; and the byes of every round whose
/// matches are all complete (a bye counts once its round has been played).
fn played(event: &Event, results: &Results) -> (Vec<PlayedMatch>, Vec<usize>) {
    let mut matches = Vec::new();
    let mut byes = Vec::new();
    for round in &event.schedule.rounds {
        let mut complete = true;
        for table in &round.tables {
            for card in match_cards_at(event, results, round.number, table.number) {
                match card.score {
                    Some((imps_won, points)) => matches.push(PlayedMatch {
                        teams: [card.home, card.away],
                        points,
                        imps_won,
                        half: card.part.is_some() && !card.long,
                    }),
                    None => complete = false,
                }
            }
        }
        if complete {
            byes.extend(round.byes());
        }
    }
    (matches, byes)
}

/// The standings lines of a teams event, best first.
pub(crate) fn standing_lines(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
    bye: TeamsBye,
) -> Result<Vec<TeamStanding>, String> {
    let (matches, byes) = match swiss_pairs::settings(event) {
        Some(pairs) => swiss_pairs::played(event, results, pairs),
        None => played(event, results),
    };
    team_standings(event.schedule.entrants.len(), &matches, &byes, bye.score(scoring))
}

/// A team's line of the standings: place, name, points, matches played, byes (when the event
/// has them), IMPs won and lost, and the quotient.
pub(crate) fn standing_cells(l: &TeamStanding, name: String, byes: bool) -> Vec<String> {
    let mut cells = vec![l.place.clone(), name, points_text(l.points), l.played.to_string()];
    if byes {
        cells.push(l.byes.to_string());
    }
    cells.extend([
        l.imps_won.to_string(),
        l.imps_lost.to_string(),
        quotient_text(l.imps_won, l.imps_lost),
    ]);
    cells
}

/// IMPs won ÷ IMPs lost, as printed: "1.250", "∞" when none were lost, "–" before any.
pub(crate) fn quotient_text(won: u64, lost: u64) -> String {
    match (won, lost) {
        (0, 0) => "–".to_owned(),
        (_, 0) => "∞".to_owned(),
        _ => format!("{:.3}", won as f64 / lost as f64),
    }
}

/// The standings table of a teams event: place, team, points, matches, byes, IMPs won and
/// lost, and the IMP quotient.
pub fn standings_table(
    event: &Event,
    results: &Results,
    scoring: TeamsScoring,
    bye: TeamsBye,
) -> StandingsTable {
    let who = if swiss_pairs::settings(event).is_some() {
        "Pair"
    } else {
        "Team"
    };
    let unit = scoring.margin_unit();
    let bye_text = bye.describe(scoring, entrant_word(event));
    let columns = [
        "Rank".to_owned(),
        who.to_owned(),
        scoring.column().to_owned(),
        "Played".to_owned(),
        "Byes".to_owned(),
        format!("{unit} won"),
        format!("{unit} lost"),
        "Quotient".to_owned(),
    ]
    .to_vec();
    let note_end = match swiss_pairs::settings(event) {
        Some(_) if scoring == TeamsScoring::Matchpoints => format!(
            "a bye scores {bye_text}. Each board is matchpointed across the round's tables (2 for each N-S score beaten, 1 for each tied; the E-W pair gets the rest of the top), and a match counts as each pair's percentage of its boards' tops; a match counts once all its boards are entered, and stays provisional until its round is complete."
        ),
        Some(_) => format!(
            "a bye scores {bye_text}. Each board is scored against its datum (the average N-S score across the round's tables, top and bottom left out from five scores, rounded to ten); a match counts once all its boards are entered, and stays provisional until its round is complete."
        ),
        None => format!(
            "a bye scores {bye_text}. A match counts once all its boards are entered.{}",
            long_in_progress(event, results)
                .iter()
                .chain(&not_scored(event, results, scoring))
                .map(|s| format!(" {s}"))
                .collect::<String>()
        ),
    };
    match standing_lines(event, results, scoring, bye) {
        Ok(lines) => StandingsTable {
            heading: None,
            columns,
            rows: lines
                .iter()
                .map(|l| {
                    let name = event.schedule.entrants.get(l.team).cloned().unwrap_or_default();
                    standing_cells(l, name, true)
                })
                .collect(),
            note: Some(format!(
                "Ranked by {}, then the result between the tied {}s (when they have all met), then the {} quotient ({unit} won ÷ {unit} lost); {note_end}",
                scoring.label(),
                entrant_word(event),
                scoring.quotient_name()
            )),
        },
        Err(why) => StandingsTable {
            heading: None,
            columns,
            rows: Vec::new(),
            note: Some(format!("The standings could not be worked out: {why}")),
        },
    }
}

/// A sentence for each match with every board entered that its scale cannot score (a
/// three-way half-match shorter than a scale published for whole matches, paired by an
/// earlier Tourney): it does not count, and the standings say so rather than leave it out
/// unsaid.
fn not_scored(event: &Event, results: &Results, scoring: TeamsScoring) -> Vec<String> {
    match_cards(event, results)
        .filter(|(_, _, card)| card.score.is_none() && card.boards.iter().all(|b| b.board.is_some()))
        .map(|(round, table, card)| {
            let boards = i64::try_from(card.boards.len()).unwrap_or(i64::MAX);
            let why = match scoring.vp_scale().map(|scale| scale.table(boards)) {
                Some(Err(why)) => why,
                _ => "its boards do not make a match score".to_owned(),
            };
            let part = card.part.map(|k| format!(" ({k}/3)")).unwrap_or_default();
            format!("Round {round} match {table}{part} has every board entered but does not count: {why}.")
        })
        .collect()
}

/// A sentence for each long three-way match still in progress (its second round not paired
/// or not all entered): its teams' matches with one another do not count yet.
pub fn long_in_progress(event: &Event, results: &Results) -> Vec<String> {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    long_three_way::long_three_ways(&event.schedule)
        .into_iter()
        .filter(|l| {
            let second = l.first_round + 1;
            l.second_match.is_none_or(|m| {
                match_cards_at(event, results, second, m)
                    .iter()
                    .any(|c| c.score.is_none())
            })
        })
        .map(|l| {
            let [a, b, c] = l.teams.map(name);
            format!(
                "{a}, {b} and {c} are playing a three-way match over rounds {} and {}: its three matches are in progress, and count once round {}'s boards of it are all entered.",
                l.first_round,
                l.first_round + 1,
                l.first_round + 1
            )
        })
        .collect()
}

/// A round paired by [`pair_next_round`]: its number and what the director is told.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedRound {
    /// The new round's number.
    pub round: u32,
    /// The bye, every float and why, every repeat and why, in sentences.
    pub explanation: Vec<String>,
    /// How many meetings repeat an earlier one (0 unless no pairing avoids one).
    pub repeats: usize,
}

/// The teams' scoring settings, or why this event is not paired round by round.
fn swiss_settings(event: &Event) -> Result<(TeamsScoring, TeamsBye), String> {
    if let Some(pairs) = swiss_pairs::settings(event) {
        return Ok((pairs.scoring, pairs.bye));
    }
    let Scoring::Teams {
        scoring,
        bye,
        knockout,
        ..
    } = &event.settings.scoring
    else {
        return Err("only a Swiss teams or Swiss pairs event is paired round by round".to_owned());
    };
    let (scoring, bye) = (*scoring, *bye);
    if let Some(knockout) = knockout {
        return Err(format!(
            "this teams event is a knockout match: its {} stanzas were all made when it was created",
            knockout.stanzas
        ));
    }
    if !event.settings.options.as_ref().is_some_and(|o| o.swiss) {
        return Err(
            "this teams event is a round robin: its rounds were all made when it was created".to_owned(),
        );
    }
    Ok((scoring, bye))
}

/// Why the last round may not be followed yet: a match with boards not entered, named.
fn check_round_complete(event: &Event, results: &Results, round: &Round) -> Result<(), String> {
    let gaps = match swiss_pairs::settings(event) {
        Some(_) => swiss_pairs::round_gaps(event, results, round),
        None => match_gaps(event, results, round),
    };
    if gaps.is_empty() {
        return Ok(());
    }
    Err(format!(
        "round {} is not complete, so the standings that pair round {} are not known yet: {}",
        round.number,
        round.number + 1,
        gaps.join("; ")
    ))
}

/// The team matches of `round` with boards not entered, named.
fn match_gaps(event: &Event, results: &Results, round: &Round) -> Vec<String> {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let mut gaps = Vec::new();
    for table in &round.tables {
        for plan in plans_at(event, round.number, table) {
            if let Err(missing) = match_boards(results, round.number, table.number, &plan.deals) {
                let boards: Vec<String> = missing.iter().map(u32::to_string).collect();
                let part = plan
                    .part
                    .map_or(String::new(), |p| format!(", three-way part {p}"));
                gaps.push(format!(
                    "match {} ({} v {}{part}) has no result for board(s) {}",
                    table.number,
                    name(plan.home),
                    name(plan.away),
                    boards.join(", ")
                ));
            }
        }
    }
    gaps
}

/// The event with its next Swiss round paired from the standings after the last one: the
/// top team meets the highest-placed team it has not met, down the list, with repeats only
/// where no pairing avoids them (the fewest, said so) and the bye to the lowest-placed team
/// that has not had one. `odd`: with an odd number of teams, a bye, a three-way match in
/// this round, or one over this round and the next (`event::long_three_way`; in the Swiss's
/// last round a one-round three-way instead, said so). A long three-way match begun in the
/// last round goes on: its three teams keep their tables and the rest are paired. Refused,
/// with the reason, for a round robin, before the last round's every board is entered, and
/// once the Swiss's rounds are all paired. The round is checked by the independent verifiers
/// before it is returned.
pub fn pair_next_round(
    event: &Event,
    results: &Results,
    leaving: &[usize],
    odd: OddCount,
) -> Result<(Event, PairedRound), String> {
    let (scoring, bye) = swiss_settings(event)?;
    let Some(last) = event.schedule.rounds.last() else {
        return Err("the event has no first round to follow".to_owned());
    };
    if let Some(planned) = event.settings.options.as_ref().and_then(|o| o.rounds)
        && last.number as usize >= planned
    {
        return Err(format!(
            "all {planned} rounds of the Swiss are paired; the event is complete once round {} is entered",
            last.number
        ));
    }
    check_round_complete(event, results, last)?;
    let left = teams_leaving(event, last, leaving)?;
    let going_on = long_going_on(event, last.number, &left)?;
    let lines = standing_lines(event, results, scoring, bye)?;
    // The teams that play on, in standings order (a team that has left keeps its place in
    // the standings, but is not paired; a long three-way match's teams play on at its tables).
    let order: Vec<usize> = lines
        .iter()
        .map(|l| l.team)
        .filter(|t| !left.contains(t) && !going_on.is_some_and(|l| l.teams.contains(t)))
        .collect();
    if order.len() < 2 && going_on.is_none() {
        return Err(format!(
            "{} {}(s) would be left to play: a round needs at least two",
            order.len(),
            entrant_word(event)
        ));
    }
    let number = last.number + 1;
    let (odd, mut said) = odd_choice(event, odd, order.len(), number, going_on.is_some())?;
    let paired = pair_order(event, &order, odd)?;
    said.extend(paired.explanation.iter().cloned());
    let mut round = round_of(number, &paired, &order, &left, odd);
    if let Some(long) = going_on {
        round.tables.push(continued_table(&long, round.tables.len()));
        said.insert(
            0,
            continued_sentence(&names_of(event, long.teams), long.first_round, number),
        );
    }
    let mut next = event.clone();
    next.schedule.rounds.push(round);
    check_paired(&next, &paired, odd)?;
    Ok((
        next,
        PairedRound {
            round: number,
            explanation: said,
            repeats: paired.repeats.len(),
        },
    ))
}

/// The long three-way match begun in round `last` that goes on in the next round, if any;
/// refused when one of its teams is leaving now.
fn long_going_on(
    event: &Event,
    last: u32,
    left: &[usize],
) -> Result<Option<long_three_way::LongThreeWay>, String> {
    let open = long_three_way::long_three_ways(&event.schedule)
        .into_iter()
        .find(|l| l.first_round == last && l.second_match.is_none());
    if let Some(long) = open
        && let Some(&team) = long.teams.iter().find(|t| left.contains(t))
    {
        let name = event.schedule.entrants.get(team).map_or("?", String::as_str);
        return Err(format!(
            "{name} is playing a three-way match over rounds {last} and {}: it cannot leave before round {} is played",
            last + 1,
            last + 1
        ));
    }
    Ok(open)
}

/// What the odd team out gets this round, and any sentence saying why it is not what was
/// asked: a long three-way match falls back to a one-round one in the Swiss's last round,
/// and while another goes on (the supplementary boards of two would meet).
fn odd_choice(
    event: &Event,
    asked: OddCount,
    teams: usize,
    round: u32,
    long_going_on: bool,
) -> Result<(OddCount, Vec<String>), String> {
    let mut said = Vec::new();
    if asked != OddCount::Bye && swiss_pairs::settings(event).is_some() {
        return Err(
            "a three-way match is for Swiss teams; in a Swiss pairs event the odd pair out has the bye"
                .to_owned(),
        );
    }
    if asked == OddCount::Bye || teams < 3 {
        return Ok((OddCount::Bye, said));
    }
    if teams.is_multiple_of(2) {
        said.push(format!(
            "{teams} teams play: an even field, so no three-way match is needed."
        ));
        return Ok((OddCount::Bye, said));
    }
    let mut odd = asked;
    if odd == OddCount::LongThreeWay {
        let why = match long_three_way::rounds_left_for_long(event, round) {
            Err(why) => Some(why),
            Ok(()) if long_going_on => {
                Some("another three-way match over two rounds goes on this round".to_owned())
            }
            Ok(()) => None,
        };
        if let Some(why) = why {
            // A scale published for whole matches only cannot score half-matches: a bye then.
            let discrete = match event.settings.scoring {
                Scoring::Teams { scoring, .. } => scoring.vp_scale().is_some_and(|s| s.discrete().is_some()),
                _ => false,
            };
            odd = if discrete {
                OddCount::Bye
            } else {
                OddCount::ThreeWay
            };
            said.push(if discrete {
                format!(
                    "No three-way match over two rounds: {why}; the event's VP scale is published for whole matches only, so the odd team out has the bye instead."
                )
            } else {
                format!(
                    "No three-way match over two rounds: {why}; the three-way match is played in this round instead (half the boards each)."
                )
            });
        }
    }
    match odd {
        OddCount::ThreeWay => half_matches_scored(event, round)?,
        OddCount::LongThreeWay => long_three_way::long_sets(event, round).map(|_| ())?,
        OddCount::Bye => {}
    }
    Ok((odd, said))
}

/// Refuses a three-way match in `round` whose half-matches the event's VP scale cannot score
/// (a scale published for whole matches of 6 to 11 boards, and half-matches shorter): their
/// results would be entered and then never count.
fn half_matches_scored(event: &Event, round: u32) -> Result<(), String> {
    let halves = three_way::half_match_deals(event, round)?;
    let Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return Ok(());
    };
    let Some(scale) = scoring.vp_scale() else {
        return Ok(());
    };
    for half in &halves {
        let boards = i64::try_from(half.len()).unwrap_or(i64::MAX);
        if let Err(why) = scale.table(boards) {
            return Err(format!(
                "a three-way match in round {round} would score each half-match ({boards} boards) on the {} scale, which cannot score it ({why}): pair the round with a bye (--bye, or Bye in the window) or over two rounds (--long-three-way)",
                scale.name()
            ));
        }
    }
    Ok(())
}

/// The teams of `order` (standings order) paired, checked by the independent Swiss round
/// verifier.
fn pair_order(event: &Event, order: &[usize], odd: OddCount) -> Result<crate::swiss::SwissRound, String> {
    let mut place = vec![usize::MAX; event.schedule.entrants.len()];
    for (p, &team) in order.iter().enumerate() {
        if let Some(slot) = place.get_mut(team) {
            *slot = p;
        }
    }
    let names: Vec<String> = order
        .iter()
        .map(|&t| event.schedule.entrants.get(t).cloned().unwrap_or_default())
        .collect();
    if order.is_empty() {
        return Ok(crate::swiss::SwissRound::default());
    }
    let history = history_by_place(event, &place);
    let mut paired = pair_round(&names, &history, SwissOptions { odd })?;
    // A three-way match is the round's last, so its three tables follow the others.
    paired.matches.sort_by_key(|m| m.entrants.len());
    let problems = verify_round(names.len(), &history, &paired);
    if !problems.is_empty() {
        return Err(format!(
            "the pairing failed its independent check (a bug in Tourney, please report it): {}",
            problems.join("; ")
        ));
    }
    Ok(paired)
}

/// The new round `next`'s last round checked by the schedule's verifier, and a long
/// three-way match begun or continued in it by its own (where every table sits, every set).
fn check_paired(next: &Event, paired: &crate::swiss::SwissRound, odd: OddCount) -> Result<(), String> {
    let report = crate::verify::verify(&next.schedule);
    let mut problems: Vec<String> = report.violations.iter().map(|v| v.message.clone()).collect();
    let number = next.schedule.rounds.len() as u32;
    let longs = long_three_way::long_three_ways(&next.schedule);
    for long in longs
        .iter()
        .filter(|l| l.first_round == number || l.first_round + 1 == number)
    {
        let before: Vec<usize> = long
            .teams
            .iter()
            .copied()
            .filter(|t| {
                longs
                    .iter()
                    .any(|o| o.first_round < long.first_round && o.teams.contains(t))
            })
            .collect();
        let declared = odd != OddCount::LongThreeWay || paired.second_long_three_way;
        problems.extend(long_three_way::verify_long(next, long, &before, declared));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the paired round failed the schedule's check (a bug in Tourney, please report it): {}",
        problems.join("; ")
    ))
}

/// The names of three teams.
fn names_of(event: &Event, teams: [usize; 3]) -> [String; 3] {
    teams.map(|t| event.schedule.entrants.get(t).cloned().unwrap_or_default())
}

/// The table that continues a long three-way match in its second round: the same three
/// seated as before, numbered after the round's `others` matches.
fn continued_table(long: &long_three_way::LongThreeWay, others: usize) -> Table {
    let seats = [Seat::Home, Seat::Away, Seat::LongThird]
        .into_iter()
        .zip(long.teams)
        .map(|(seat, entrant)| SeatAssignment {
            seat,
            entrant,
            board: None,
        })
        .collect();
    Table {
        number: u32::try_from(others).unwrap_or(u32::MAX).saturating_add(1),
        seats,
    }
}

/// The sentence for a long three-way match going on into its second round.
fn continued_sentence(names: &[String; 3], first: u32, round: u32) -> String {
    format!(
        "{}, {} and {} play the second round of their three-way match over rounds {first} and {round}: they are not paired again, and the rest of the field is paired without them.",
        names[0], names[1], names[2]
    )
}

/// A paired Swiss round as the schedule keeps it: a table per match (home, away and, for a
/// three-way match, third — long-third for one over two rounds), in the pairing's order; the
/// bye and the teams that have left absent. `order` maps a place in the standings to its team.
fn round_of(
    number: u32,
    paired: &crate::swiss::SwissRound,
    order: &[usize],
    left: &[usize],
    odd: OddCount,
) -> Round {
    let third = if odd == OddCount::LongThreeWay {
        Seat::LongThird
    } else {
        Seat::Third
    };
    Round {
        number,
        tables: paired
            .matches
            .iter()
            .zip(1..)
            .map(|(m, table)| {
                let seats = [Seat::Home, Seat::Away, third]
                    .into_iter()
                    .zip(&m.entrants)
                    .map(|(seat, &p)| SeatAssignment {
                        seat,
                        entrant: order[p],
                        board: None,
                    })
                    .collect();
                Table { number: table, seats }
            })
            .collect(),
        absent: paired
            .bye
            .map(|p| Absent {
                entrant: order[p],
                kind: Absence::Bye,
            })
            .into_iter()
            .chain(left.iter().map(|&entrant| Absent {
                entrant,
                kind: Absence::Left,
            }))
            .collect(),
    }
}

/// The teams that do not play the next round: those that left before (absent as such from
/// the last round) and those leaving now (`leaving`, checked: a team of the event, playing
/// the last round or joining now), sorted.
fn teams_leaving(event: &Event, last: &Round, leaving: &[usize]) -> Result<Vec<usize>, String> {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let mut left: Vec<usize> = last
        .absent
        .iter()
        .filter(|a| a.kind == Absence::Left)
        .map(|a| a.entrant)
        .collect();
    for &team in leaving {
        if team >= event.schedule.entrants.len() {
            return Err(format!(
                "there is no {} {} (the event has {})",
                entrant_word(event),
                team + 1,
                event.schedule.entrants.len()
            ));
        }
        if left.contains(&team) {
            return Err(format!("{} has left already", name(team)));
        }
        left.push(team);
    }
    left.sort_unstable();
    Ok(left)
}

/// The meetings at a table: a head-on match's two teams, or a three-way match's three pairs
/// (a long one's in each of its two rounds).
pub fn meetings_at(table: &Table) -> Vec<(usize, usize)> {
    if let Some(teams) = three_way::three_teams(table) {
        return three_way::half_matches(teams).to_vec();
    }
    if let Some(teams) = long_three_way::long_three_teams(table) {
        return long_three_way::long_matches(teams).to_vec();
    }
    match_teams(table).into_iter().collect()
}

/// Every meeting and bye so far, with each team named by its place in the standings.
fn history_by_place(event: &Event, place: &[usize]) -> History {
    let mut history = History::default();
    let at = |e: usize| place.get(e).copied().filter(|&p| p != usize::MAX);
    let longs = long_three_way::long_three_ways(&event.schedule);
    for long in &longs {
        for entrant in long.teams.iter().filter_map(|&t| at(t)) {
            history.long_three_ways.push(ByeTaken {
                entrant,
                round: long.first_round,
            });
        }
    }
    for round in &event.schedule.rounds {
        for table in &round.tables {
            // A long three-way match's meetings count once, in its first round.
            let going_on = longs
                .iter()
                .any(|l| l.first_round + 1 == round.number && l.second_match == Some(table.number));
            if going_on {
                continue;
            }
            for (home, away) in meetings_at(table) {
                if let (Some(a), Some(b)) = (at(home), at(away)) {
                    history.meetings.push(Meeting {
                        a,
                        b,
                        round: round.number,
                    });
                }
            }
        }
        for absent in round.absent.iter().filter(|a| a.kind == Absence::Bye) {
            if let Some(entrant) = at(absent.entrant) {
                history.byes.push(ByeTaken {
                    entrant,
                    round: round.number,
                });
            }
        }
    }
    history
}

/// A Swiss's first round, before any standings: the teams in roster order (their seeding),
/// the top half against the bottom half (1 v n/2+1, 2 v n/2+2, …), and with an odd count the
/// bye to the last team, or with a three-way `odd` the last three in a three-way match (the
/// round's last; over rounds 1 and 2 for [`OddCount::LongThreeWay`]).
pub fn first_swiss_round(teams: usize, odd: OddCount) -> Round {
    let three_way = odd != OddCount::Bye && teams % 2 == 1 && teams >= 3;
    let third = if odd == OddCount::LongThreeWay {
        Seat::LongThird
    } else {
        Seat::Third
    };
    let paired = if three_way { teams - 3 } else { teams - teams % 2 };
    let half = paired / 2;
    let seat = |seat, entrant| SeatAssignment {
        seat,
        entrant,
        board: None,
    };
    let mut tables: Vec<Table> = (0..half)
        .map(|i| Table {
            number: i as u32 + 1,
            seats: vec![seat(Seat::Home, i), seat(Seat::Away, i + half)],
        })
        .collect();
    if three_way {
        tables.push(Table {
            number: half as u32 + 1,
            seats: vec![
                seat(Seat::Home, teams - 3),
                seat(Seat::Away, teams - 2),
                seat(third, teams - 1),
            ],
        });
    }
    let absent = if teams % 2 == 1 && !three_way {
        vec![Absent {
            entrant: teams - 1,
            kind: Absence::Bye,
        }]
    } else {
        Vec::new()
    };
    Round {
        number: 1,
        tables,
        absent,
    }
}

/// The event with two teams' places in the last round exchanged, as a director changes a
/// pairing by hand before it is published: two teams in different matches change opponents
/// (each keeps its seat, home or away), two in one match change seats, and a team swapped
/// with the one that has the bye takes the bye. Refused for a round that is not the last or
/// that has results already, and for a team that has left or not yet arrived. Returns the
/// history line and the message, which names any meeting the change makes a repeat.
pub fn swap_teams(
    event: &Event,
    results: &Results,
    round: u32,
    first: usize,
    second: usize,
) -> Result<(Event, String), String> {
    if !matches!(event.settings.scoring, Scoring::Teams { .. }) && swiss_pairs::settings(event).is_none() {
        return Err("pairings are changed by hand in a Swiss teams or Swiss pairs event only".to_owned());
    }
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    for team in [first, second] {
        if team >= event.schedule.entrants.len() {
            return Err(format!(
                "there is no {} {} (the event has {})",
                entrant_word(event),
                team + 1,
                event.schedule.entrants.len()
            ));
        }
    }
    if first == second {
        return Err(format!("{} cannot be swapped with itself", name(first)));
    }
    let last = event.schedule.rounds.last().map_or(0, |r| r.number);
    if round != last {
        return Err(format!(
            "only the last round paired (round {last}) can be changed; round {round} is followed by others"
        ));
    }
    if let Some(key) = results.keys().find(|k| k.round == round) {
        return Err(format!(
            "round {round} has results already ({key}): clear them first, or leave the pairing as it is"
        ));
    }
    let mut next = event.clone();
    let Some(played) = next.schedule.rounds.last_mut() else {
        return Err("the event has no round to change".to_owned());
    };
    let slot = |round: &Round, team: usize| -> Result<(), String> {
        let seated = round
            .tables
            .iter()
            .any(|t| t.seats.iter().any(|s| s.entrant == team));
        let bye = round
            .absent
            .iter()
            .any(|a| a.entrant == team && a.kind == Absence::Bye);
        if seated || bye {
            Ok(())
        } else {
            Err(format!(
                "{} does not play round {} (it has left, or joins later)",
                name(team),
                round.number
            ))
        }
    };
    slot(played, first)?;
    slot(played, second)?;
    if let Some(long) = long_three_way::long_three_ways(&event.schedule)
        .into_iter()
        .find(|l| l.first_round + 1 == round && [first, second].iter().any(|t| l.teams.contains(t)))
    {
        let team = if long.teams.contains(&first) {
            first
        } else {
            second
        };
        return Err(format!(
            "{} plays the second round of its three-way match over rounds {} and {round} at the same tables, so its place in round {round} is not changed by hand",
            name(team),
            long.first_round
        ));
    }
    let swap = |e: &mut usize| {
        if *e == first {
            *e = second;
        } else if *e == second {
            *e = first;
        }
    };
    for table in &mut played.tables {
        for seat in &mut table.seats {
            swap(&mut seat.entrant);
        }
    }
    for absent in played.absent.iter_mut().filter(|a| a.kind == Absence::Bye) {
        swap(&mut absent.entrant);
    }
    let changed = played.clone();
    let said = describe_swap(event, &changed, first, second);
    Ok((next, said.join("; ")))
}

/// What a swap made of the round, in sentences: the two teams, their matches now, any
/// repeat meeting, and who has the bye (and whether it is their second).
fn describe_swap(event: &Event, changed: &Round, first: usize, second: usize) -> Vec<String> {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let round = changed.number;
    let mut said = vec![format!(
        "Round {round} changed by hand: {} and {} swapped",
        name(first),
        name(second)
    )];
    for table in &changed.tables {
        for (home, away) in meetings_at(table) {
            describe_meeting(event, table, round, (home, away), first, second, &mut said);
        }
    }
    if let Some(bye) = changed.absent.iter().find(|a| a.kind == Absence::Bye) {
        let earlier = event
            .schedule
            .rounds
            .iter()
            .filter(|r| r.number < round)
            .find(|r| {
                r.absent
                    .iter()
                    .any(|a| a.entrant == bye.entrant && a.kind == Absence::Bye)
            });
        said.push(match earlier {
            Some(r) => format!(
                "{} has the bye, its second (the first in round {})",
                name(bye.entrant),
                r.number
            ),
            None => format!("{} has the bye", name(bye.entrant)),
        });
    }
    said
}

/// One meeting of a changed round in words, when it involves either swapped team: the match
/// and, if they met before, the rounds of the earlier meetings.
fn describe_meeting(
    event: &Event,
    table: &Table,
    round: u32,
    (home, away): (usize, usize),
    first: usize,
    second: usize,
    said: &mut Vec<String>,
) {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    if ![home, away].iter().any(|&t| t == first || t == second) {
        return;
    }
    let part = if table.seats.len() == 3 {
        " (three-way)"
    } else {
        ""
    };
    said.push(format!(
        "match {}{part}: {} v {}",
        table.number,
        name(home),
        name(away)
    ));
    let before: Vec<String> = event
        .schedule
        .rounds
        .iter()
        .filter(|r| r.number < round)
        .filter(|r| {
            r.tables.iter().any(|t| {
                meetings_at(t)
                    .iter()
                    .any(|&(h, a)| (h == home && a == away) || (h == away && a == home))
            })
        })
        .map(|r| r.number.to_string())
        .collect();
    if !before.is_empty() {
        said.push(format!(
            "this is a repeat meeting: they met in round(s) {}",
            before.join(", ")
        ));
    }
}
