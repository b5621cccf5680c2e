//! A club teams-of-four movement: several teams play an all-play-all in one evening on one
//! set of boards, each team's N-S pair staying at its home table and its E-W pair moving, so
//! that every team meets every other in a match whose two halves are played in different
//! rounds: N-S of X against E-W of Y at X's table, and N-S of Y against E-W of X at Y's
//! table, on the same boards.
//!
//! Built: **American Whist** for an odd number of teams (3 to `MOST_TEAMS`), the movement
//! clubs use for an odd count (ACBL tech file on board-a-match; the EBU's and clubs' guide
//! cards; `docs/teams-movements-research.md` §1a): tables and board sets numbered from 0
//! here, in round r (1 … n − 1) table t has N-S of team t against E-W of team t + 2r, on
//! set t + r (mod n). E-W move down two tables each round and the boards down one: the
//! other half of the match X–Y is played in round n − r, at Y's table, on the same set.
//! **Six teams**: a movement found by the project's own search (`SIX_TEAMS`), table 6 sharing
//! boards with another table each round. Other even counts are refused with the reason (4:
//! the search found none with one shared set a round; 8 and more: Stagger and the like are
//! not built yet).
//!
//! `crate::verify::teams_movement` checks a movement without this module's arithmetic.

use super::MAX_BOARDS_PER_ROUND;

/// The most teams the movement is made for (a club's teams night has three to a dozen).
pub const MOST_TEAMS: usize = 25;

pub use crate::model::movement::{TeamsMovement, TeamsTable};

/// The teams movement for `teams` teams playing `boards_per_round` boards a round.
pub fn teams_movement(teams: usize, boards_per_round: usize) -> Result<TeamsMovement, String> {
    if !(3..=MOST_TEAMS).contains(&teams) {
        return Err(format!(
            "{teams} teams: a club teams movement is made for 3 to {MOST_TEAMS} teams (two teams play a match or a knockout)"
        ));
    }
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&boards_per_round) {
        return Err(format!(
            "{boards_per_round} boards a round: a round has 1 to {MAX_BOARDS_PER_ROUND} boards"
        ));
    }
    if teams == 6 {
        return Ok(found_movement(SIX_TEAMS_NAME, &SIX_TEAMS, boards_per_round));
    }
    if teams.is_multiple_of(2) {
        return Err(format!(
            "{teams} teams: the movements for an even number of teams other than 6 (Stagger for 8, where two tables share boards each round) are not built yet; American Whist is for an odd number of teams — with {teams} teams, run a round robin of matches or a Swiss"
        ));
    }
    let rounds = (1..teams)
        .map(|r| {
            (0..teams)
                .map(|t| TeamsTable {
                    table: t + 1,
                    ns: t + 1,
                    ew: (t + 2 * r) % teams + 1,
                    set: (t + r) % teams + 1,
                    shares_with: None,
                })
                .collect()
        })
        .collect();
    Ok(TeamsMovement {
        name: "American Whist",
        teams,
        sets: teams,
        boards_per_round,
        rounds,
    })
}

/// The name of the 6-team movement.
const SIX_TEAMS_NAME: &str = "Tourney's six-team movement (table 6 shares boards each round)";

/// Six teams, five rounds, five sets: found by the project's own search (a randomised
/// backtracking over who meets whom on which set, 28 November 2026; not a published card;
/// clubs play Thurner's published movement, which has the same shape). Each line is a round,
/// and each item a table in order: the E-W team / the set. Table 6 shares its set with another
/// table every round; the pair of tables that share also play both halves of one match
/// (3 and 6 in round 1). Checked by `verify::teams_movement` in the tests.
const SIX_TEAMS: [&str; 5] = [
    "5/4 1/1 6/3 2/2 4/5 3/3",
    "2/1 3/5 4/4 1/3 6/2 5/2",
    "6/5 4/2 5/1 3/4 2/3 1/5",
    "4/3 6/4 1/2 5/5 3/1 2/4",
    "3/2 5/3 2/5 6/1 1/4 4/1",
];

/// A movement from rows written as in `SIX_TEAMS`, the tables that share a set found from
/// the rows. (The rows are the project's constants, checked by the tests: nothing typed by a
/// user is read here.)
fn found_movement(name: &'static str, rows: &[&str], boards_per_round: usize) -> TeamsMovement {
    let number = |text: Option<&str>| text.and_then(|t| t.parse::<usize>().ok()).unwrap_or(0);
    let rounds: Vec<Vec<TeamsTable>> = rows
        .iter()
        .map(|line| {
            let mut tables: Vec<TeamsTable> = line
                .split_whitespace()
                .enumerate()
                .map(|(i, item)| {
                    let mut parts = item.split('/');
                    TeamsTable {
                        table: i + 1,
                        ns: i + 1,
                        ew: number(parts.next()),
                        set: number(parts.next()),
                        shares_with: None,
                    }
                })
                .collect();
            let sets: Vec<usize> = tables.iter().map(|t| t.set).collect();
            for (i, table) in tables.iter_mut().enumerate() {
                table.shares_with = sets
                    .iter()
                    .enumerate()
                    .find(|&(j, &s)| j != i && s == table.set)
                    .map(|(j, _)| j + 1);
            }
            tables
        })
        .collect();
    let teams = rounds.first().map_or(0, Vec::len);
    TeamsMovement {
        name,
        teams,
        sets: rounds.len(),
        boards_per_round,
        rounds,
    }
}

impl TeamsMovement {
    /// The boards of set `set` (1-based), first and last.
    pub fn boards_of(&self, set: usize) -> (usize, usize) {
        let first = (set - 1) * self.boards_per_round + 1;
        (first, first + self.boards_per_round - 1)
    }

    /// Where the E-W pair and the boards of `table` go after `round` (1-based): the table the
    /// E-W pair is at in the next round, and the table(s) playing the boards next ("2", or
    /// "2 & 5" for two that share them), read from the rounds themselves; `None` after the
    /// last round.
    pub fn moves_after(&self, round: usize, table: usize) -> Option<(usize, String)> {
        let here = self.rounds.get(round - 1)?.iter().find(|t| t.table == table)?;
        let next = self.rounds.get(round)?;
        let ew_to = next.iter().find(|t| t.ew == here.ew)?.table;
        let boards_to: Vec<String> = next
            .iter()
            .filter(|t| t.set == here.set)
            .map(|t| t.table.to_string())
            .collect();
        (!boards_to.is_empty()).then(|| (ew_to, boards_to.join(" & ")))
    }

    /// The table guide as text: for each table, every round's opponents and boards and where
    /// the E-W pair and the boards go next; then which rounds complete each match.
    pub fn guide(&self) -> String {
        let mut out = format!(
            "{} for {} teams: {} rounds of {} boards ({} boards in play, {} played by each pair). N-S pairs stay at their home table (team t at table t); E-W pairs move, and so do the boards.\n",
            self.name,
            self.teams,
            self.rounds.len(),
            self.boards_per_round,
            self.sets * self.boards_per_round,
            self.rounds.len() * self.boards_per_round
        );
        match self.first_moves() {
            Some((ew_to, boards_to)) => out.push_str(&format!(
                "Before round 1: each E-W pair goes {ew_to}, and the boards {boards_to} (the card of each table says where).\n"
            )),
            None => out.push_str(
                "Before round 1: each E-W pair goes to the table that lists it for round 1; two tables that share a set pass the boards between them.\n",
            ),
        }
        for table in 1..=self.teams {
            out.push_str(&format!("\nTable {table} (team {table}'s N-S pair)\n"));
            for (i, round) in self.rounds.iter().enumerate() {
                let Some(seat) = round.iter().find(|t| t.table == table) else {
                    continue;
                };
                let (first, last) = self.boards_of(seat.set);
                let next = match self.moves_after(i + 1, table) {
                    Some((ew_to, boards_to)) => {
                        format!("; then E-W to table {ew_to}, boards to table {boards_to}")
                    }
                    None => String::new(),
                };
                let shared = seat
                    .shares_with
                    .map_or(String::new(), |other| format!(" (shared with table {other})"));
                out.push_str(&format!(
                    "  round {}: against team {}'s E-W pair, boards {first}–{last}{shared}{next}\n",
                    i + 1,
                    seat.ew
                ));
            }
        }
        out
    }

    /// How far (in tables, down the line) E-W pairs and boards move from their home tables
    /// before round 1, when every table moves them alike.
    pub fn first_moves(&self) -> Option<(String, String)> {
        let first = self.rounds.first()?;
        let down = |from: usize, to: usize| (from + self.teams - to) % self.teams;
        let ew: Vec<usize> = first.iter().map(|t| down(t.ew, t.table)).collect();
        let sets: Vec<usize> = first.iter().map(|t| down(t.set, t.table)).collect();
        let same = |v: &[usize]| v.windows(2).all(|w| w[0] == w[1]);
        (same(&ew) && same(&sets)).then(|| {
            let words = |d: usize| match d {
                0 => "nowhere (it stays)".to_owned(),
                1 => "down one table".to_owned(),
                d => format!("down {d} tables"),
            };
            (words(ew[0]), words(sets[0]))
        })
    }

    /// The movement as CSV: `round,table,ns_team,ew_team,set,first_board,last_board`.
    pub fn csv(&self) -> String {
        let mut out = "round,table,ns_team,ew_team,set,first_board,last_board\n".to_owned();
        for (i, round) in self.rounds.iter().enumerate() {
            for t in round {
                let (first, last) = self.boards_of(t.set);
                out.push_str(&format!(
                    "{},{},{},{},{},{first},{last}\n",
                    i + 1,
                    t.table,
                    t.ns,
                    t.ew,
                    t.set
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::teams_movement::verify_teams_movement;

    #[test]
    fn american_whist_for_every_odd_count_passes_the_verifier() {
        for teams in (3..=MOST_TEAMS).step_by(2) {
            let movement = teams_movement(teams, 3).unwrap();
            assert_eq!(movement.rounds.len(), teams - 1);
            let problems = verify_teams_movement(&movement);
            assert!(problems.is_empty(), "{teams} teams: {problems:?}");
        }
    }

    #[test]
    fn the_published_five_table_card_is_reproduced() {
        // ACBL's 5-table board-a-match card (`docs/teams-movements-research.md` §1a): N-S 1
        // plays E-W 3 on boards 7–12 in round 1, and E-W 1 plays N-S 3 on boards 7–12 in
        // round 4 (6 boards a round).
        let movement = teams_movement(5, 6).unwrap();
        let at = |round: usize, table: usize| movement.rounds[round - 1][table - 1];
        assert_eq!((at(1, 1).ew, movement.boards_of(at(1, 1).set)), (3, (7, 12)));
        assert_eq!((at(4, 3).ew, movement.boards_of(at(4, 3).set)), (1, (7, 12)));
        // E-W move down two tables, boards down one: the card's instructions.
        assert_eq!(movement.moves_after(1, 3), Some((1, "2".to_owned())));
        assert!(
            movement
                .guide()
                .contains("then E-W to table 1, boards to table 2")
        );
    }

    #[test]
    fn the_six_team_movement_passes_the_verifier_with_table_6_sharing() {
        let movement = teams_movement(6, 4).unwrap();
        assert_eq!((movement.rounds.len(), movement.sets), (5, 5));
        assert_eq!(verify_teams_movement(&movement), Vec::<String>::new());
        for round in &movement.rounds {
            let shared: Vec<usize> = round
                .iter()
                .filter(|t| t.shares_with.is_some())
                .map(|t| t.table)
                .collect();
            assert_eq!(shared.len(), 2, "{round:?}");
            assert!(shared.contains(&6), "{round:?}");
        }
        // Round 1: tables 3 and 6 share set 3 (boards 9–12), playing both halves of 3 v 6.
        assert!(
            movement
                .guide()
                .contains("round 1: against team 6's E-W pair, boards 9–12 (shared with table 6)")
        );
        // No even-count-friendly shortcut: the irregular moves are on each card, not a rule.
        assert_eq!(movement.first_moves(), None);
    }

    #[test]
    fn even_counts_and_sizes_out_of_range_are_refused_with_the_reason() {
        assert!(teams_movement(8, 4).unwrap_err().contains("Stagger for 8"));
        assert!(teams_movement(2, 4).unwrap_err().contains("3 to 25 teams"));
        assert!(teams_movement(27, 4).unwrap_err().contains("3 to 25 teams"));
        assert!(teams_movement(5, 0).unwrap_err().contains("1 to"));
    }
}
