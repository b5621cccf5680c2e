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
//! **An even number of teams** (6, 8, 12, 14, …: the number less one not a multiple of 3):
//! the project's own construction (`sharing_movement`), the last table sharing its boards
//! with another table each round. **10, 16 and 22 teams**: the project's own movements of the
//! same shape, found 28 November 2026 (10 over the field GF(9), `TEN_TEAMS`; 16 and 22 from
//! starters a search found, `starter_of`); not published cards. **4 teams**: no movement of
//! the shape above exists for them (every schedule has a round with two head-to-head
//! matches; a search went through them all), so each round's two matches are played at the
//! four tables at once, in one of two ways (`FourTeams`): the published **relay**
//! (`four_teams_relay`, MIT/DL Bridge Club, "Team Movements", January 2010: the round's one
//! set cut into four part-sets passed round all four tables; three sets, each board played
//! four times), the default; or **head to head** (`four_teams`: each match on a set of its
//! own that its two tables pass between them; six sets).
//!
//! `crate::verify::teams_movement` checks a movement without this module's arithmetic.

use super::MAX_BOARDS_PER_ROUND;
use crate::model::movement::{Movement, MovementKind, MovementRound, RelayPart, TableRound};

/// The most teams the movement is made for (a club's teams night has three to a dozen).
pub const MOST_TEAMS: usize = 25;

/// The part-sets of the 4-team relay: one a table.
pub const RELAY_PARTS: usize = 4;

/// How a relayed set moves, for the guide and the table cards.
pub const RELAY_RULE: &str = "In each round all four tables play the round's set, cut into four parts: play the part you have, pass it up one table (table 4 to table 1) and take the next from the table below, until every part has been played at every table; a table with a part one board shorter than the others waits for them. The set is then done, and the next round has a new set.";

pub use crate::model::movement::{FourTeams, TeamsMovement, TeamsTable};

/// The teams movement for `teams` teams playing `boards_per_round` boards a round; 4 teams
/// get the usual choice (`usual_four_teams`).
pub fn teams_movement(teams: usize, boards_per_round: usize) -> Result<TeamsMovement, String> {
    teams_movement_with(teams, boards_per_round, None)
}

/// How 4 teams play when the organiser has not said: the relay (the published arrangement,
/// half the boards of head to head) when a round has at least 4 boards, one part-set a
/// table; head to head with fewer.
pub fn usual_four_teams(boards_per_round: usize) -> FourTeams {
    if boards_per_round >= RELAY_PARTS {
        FourTeams::Relay
    } else {
        FourTeams::HeadToHead
    }
}

/// The teams movement for `teams` teams playing `boards_per_round` boards a round, 4 teams
/// played as `four` says (`None`: the usual, `usual_four_teams`). A choice for another count
/// is refused with the reason, never dropped.
pub fn teams_movement_with(
    teams: usize,
    boards_per_round: usize,
    four: Option<FourTeams>,
) -> Result<TeamsMovement, String> {
    if let Some(choice) = four
        && teams != 4
    {
        return Err(format!(
            "{teams} teams: \"{}\" is a choice for 4 teams only (the relay or head to head); {teams} teams have one movement, so leave the choice out",
            choice.word()
        ));
    }
    if teams == 4
        && (1..=MAX_BOARDS_PER_ROUND).contains(&boards_per_round)
        && four.unwrap_or_else(|| usual_four_teams(boards_per_round)) == FourTeams::Relay
    {
        return four_teams_relay(boards_per_round);
    }
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
    if teams.is_multiple_of(2) && !(teams - 1).is_multiple_of(3) {
        return Ok(sharing_movement(teams, boards_per_round));
    }
    if teams == 4 {
        return Ok(four_teams(boards_per_round));
    }
    if teams == 10 {
        return Ok(card_movement(teams, boards_per_round, TEN_TEAMS));
    }
    if let Some((phi, c)) = starter_of(teams) {
        return Ok(starter_movement(teams, boards_per_round, phi, c));
    }
    if teams.is_multiple_of(2) {
        return Err(format!(
            "{teams} teams: a movement for {teams} teams is not built yet; run a round robin of matches or a Swiss"
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
        relays: Vec::new(),
    })
}

/// Four teams, head to head: round 1 is 1 v 2 and 3 v 4, round 2 is 1 v 3 and 2 v 4, round 3
/// is 1 v 4 and 2 v 3 (every two teams once: the three ways of splitting four into two
/// pairs). Each match is played at both its teams' tables in the same round — N-S of X against
/// E-W of Y at X's table, N-S of Y against E-W of X at Y's — on a set of its own the two
/// tables pass between them (the first half at one table while the other plays the second
/// half, then exchange): set 2(r − 1) + m for match m of round r, six sets of boards.
fn four_teams(boards_per_round: usize) -> TeamsMovement {
    const MATCHES: [[(usize, usize); 2]; 3] = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]];
    let rounds = MATCHES
        .iter()
        .enumerate()
        .map(|(r, matches)| {
            let mut rows: Vec<TeamsTable> = Vec::with_capacity(4);
            for (m, &(x, y)) in matches.iter().enumerate() {
                let set = 2 * r + m + 1;
                for (home, away) in [(x, y), (y, x)] {
                    rows.push(TeamsTable {
                        table: home,
                        ns: home,
                        ew: away,
                        set,
                        shares_with: Some(away),
                    });
                }
            }
            rows.sort_by_key(|row| row.table);
            rows
        })
        .collect();
    TeamsMovement {
        name: "Head to head",
        teams: 4,
        sets: 6,
        boards_per_round,
        rounds,
        relays: Vec::new(),
    }
}

/// Four teams, the relay (MIT/DL Bridge Club, "Team Movements", January 2010; see
/// `docs/teams-movements-research.md`): the rounds and seats of head to head (`four_teams`),
/// but round r's four tables all play set r, so that both matches of the round play the same
/// boards at both their tables and each board is played four times (three sets in all). The
/// set is cut into four part-sets, part p starting at table p and passing up one table after
/// each stage (1 → 2 → 3 → 4 → 1), so every table plays every part once, no part is at two
/// tables at once, and every table passes to and takes from the same neighbours all evening.
/// A round of k = 4q + e boards has e parts of q + 1 boards and the rest of q (the tables
/// with a short part wait a board's time at that stage); fewer than 4 boards are refused.
fn four_teams_relay(boards_per_round: usize) -> Result<TeamsMovement, String> {
    if boards_per_round < RELAY_PARTS {
        return Err(format!(
            "{boards_per_round} boards a round: the 4-team relay cuts each round's set into 4 parts, one a table, so it needs at least 4 boards a round; play 4 or more, or choose head to head (each match on boards of its own)"
        ));
    }
    let head_to_head = four_teams(boards_per_round);
    let rounds: Vec<Vec<TeamsTable>> = head_to_head
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            round
                .iter()
                .map(|row| TeamsTable {
                    set: r + 1,
                    shares_with: None,
                    ..*row
                })
                .collect()
        })
        .collect();
    let (q, e) = (boards_per_round / RELAY_PARTS, boards_per_round % RELAY_PARTS);
    let relays = (0..rounds.len())
        .map(|r| {
            let mut first = r * boards_per_round + 1;
            (0..RELAY_PARTS)
                .map(|p| {
                    let size = q + usize::from(p < e);
                    let part = RelayPart {
                        first_board: first,
                        last_board: first + size - 1,
                        tables: (0..RELAY_PARTS).map(|s| (p + s) % RELAY_PARTS + 1).collect(),
                    };
                    first += size;
                    part
                })
                .collect()
        })
        .collect();
    Ok(TeamsMovement {
        name: "Relay",
        teams: 4,
        sets: 3,
        boards_per_round,
        rounds,
        relays,
    })
}

/// An even number of teams n = m + 1 with m odd and not a multiple of 3: the project's own
/// construction (28 November 2026, found by a search over movements that repeat round by
/// round and then written in closed form; not a published card). Teams 0 … m − 1 and a last
/// team ∞, sets 0 … m − 1, rounds r = 0 … m − 1: team r plays ∞, both halves at once on set r
/// (N-S of r against E-W of ∞ at r's table, N-S of ∞ against E-W of r at ∞'s, the two tables
/// sharing the boards); every other table t has E-W of team 2t − r on set r + a·(t − r), with
/// a = (m + 3)/2 (mod m). Why it works: the E-W pair at t moves on by 2 as the offset d = t − r
/// grows by 1, so every two teams X, Y meet once each way (offset d = X − r, then −d); the
/// two halves of X–Y are on the same set because 2·(a − 1) ≡ 1; every pair plays every set
/// once because a, a − 1 and a − 2 are prime to m (a because 3 does not divide m).
fn sharing_movement(teams: usize, boards_per_round: usize) -> TeamsMovement {
    let m = teams - 1;
    let a = (m + 3) / 2;
    // The cyclic form with E-W of 2t − r = r + 2d and set r + a·d at offset d = t − r.
    let phi: Vec<usize> = (1..m).map(|d| 2 * d % m).collect();
    let c: Vec<usize> = (1..m).map(|d| a * d % m).collect();
    TeamsMovement {
        name: "Tourney's sharing movement (the last table shares boards each round)",
        ..starter_movement(teams, boards_per_round, &phi, &c)
    }
}

/// 10 teams: the project's own movement (found 28 November 2026 by a research helper's
/// construction over the field GF(9) = Z3[i]/(i² + 1), not a published card: round r, table x
/// ≠ r has E-W of team i·x + (1 − i)·r on set (x + that team)/2, and team r meets the tenth
/// team at both tables at once on set r, the two sharing it). The cyclic form that serves 6,
/// 8, 12, 14 … teams does not exist for 10 (searched), because 3 divides 9. Each round's
/// tables as "table:E-W team/set"; a `*` marks the two tables that share. Checked by
/// `verify::teams_movement` in the tests, as every movement is.
const TEN_TEAMS: &str = "\
1:10/1* 2:7/6 3:4/8 4:2/9 5:8/2 6:5/4 7:3/5 8:9/7 9:6/3 10:1/1*
1:5/9 2:10/2* 3:8/4 4:6/5 5:3/7 6:9/3 7:4/1 8:1/6 9:7/8 10:2/2*
1:9/5 2:6/7 3:10/3* 4:7/1 5:4/6 6:1/8 7:8/9 8:5/2 9:2/4 10:3/3*
1:6/8 2:3/1 3:9/6 4:10/4* 5:1/9 6:7/2 7:5/3 8:2/5 9:8/7 10:4/4*
1:7/4 2:4/9 3:1/2 4:8/3 5:10/5* 6:2/7 7:9/8 8:6/1 9:3/6 10:5/5*
1:2/3 2:8/5 3:5/7 4:3/8 5:9/1 6:10/6* 7:1/4 8:7/9 9:4/2 10:6/6*
1:8/6 2:5/8 3:2/1 4:9/2 5:6/4 6:3/9 7:10/7* 8:4/3 9:1/5 10:7/7*
1:3/2 2:9/4 3:6/9 4:1/7 5:7/3 6:4/5 7:2/6 8:10/8* 9:5/1 10:8/8*
1:4/7 2:1/3 3:7/5 4:5/6 5:2/8 6:8/1 7:6/2 8:3/4 9:10/9* 10:9/9*";

/// The movement written in `card` (one line a round, as `TEN_TEAMS`): sets numbered 1 … n − 1.
fn card_movement(teams: usize, boards_per_round: usize, card: &str) -> TeamsMovement {
    let number = |text: &str| text.trim_end_matches('*').parse::<usize>().unwrap_or(0);
    let rounds: Vec<Vec<TeamsTable>> = card
        .lines()
        .map(|line| {
            let cells: Vec<(usize, usize, usize, bool)> = line
                .split_whitespace()
                .filter_map(|cell| {
                    let (table, rest) = cell.split_once(':')?;
                    let (ew, set) = rest.split_once('/')?;
                    Some((number(table), number(ew), number(set), set.ends_with('*')))
                })
                .collect();
            cells
                .iter()
                .map(|&(table, ew, set, shared)| TeamsTable {
                    table,
                    ns: table,
                    ew,
                    set,
                    shares_with: shared
                        .then(|| cells.iter().find(|o| o.3 && o.0 != table).map(|o| o.0))
                        .flatten(),
                })
                .collect()
        })
        .collect();
    TeamsMovement {
        name: "Tourney's own movement (a pair of tables shares boards each round)",
        teams,
        sets: teams - 1,
        boards_per_round,
        rounds,
        relays: Vec::new(),
    }
}

/// 16 and 22 teams: starters the project's own search found (28 November 2026, a randomised
/// search over the general cyclic form below; not published cards). For m = n − 1 and each
/// offset d = 1 … m − 1 (table t, round r, d = t − r mod m): E-W of team r + φ(d) on set
/// r + c(d); team r meets the last team at both tables at once on set r.
fn starter_of(teams: usize) -> Option<(&'static [usize], &'static [usize])> {
    const PHI_16: [usize; 14] = [13, 12, 11, 5, 3, 9, 6, 10, 1, 14, 2, 8, 7, 4];
    const C_16: [usize; 14] = [2, 7, 5, 12, 1, 10, 14, 6, 3, 13, 8, 11, 4, 9];
    const PHI_22: [usize; 20] = [
        20, 4, 7, 9, 15, 12, 8, 16, 3, 6, 1, 19, 5, 2, 18, 11, 14, 17, 10, 13,
    ];
    const C_22: [usize; 20] = [
        9, 12, 5, 20, 18, 13, 1, 7, 10, 8, 14, 16, 4, 19, 3, 6, 2, 11, 15, 17,
    ];
    match teams {
        16 => Some((&PHI_16, &C_16)),
        22 => Some((&PHI_22, &C_22)),
        _ => None,
    }
}

/// The cyclic movement of a starter (`phi`, `c` indexed by offset d − 1): teams, tables and
/// sets 0 … m − 1 and the last team; round r, table t ≠ r: E-W of r + φ(t − r) on set
/// r + c(t − r); table r: E-W of the last team on set r, shared with the last table (E-W of
/// r, set r).
fn starter_movement(teams: usize, boards_per_round: usize, phi: &[usize], c: &[usize]) -> TeamsMovement {
    let m = teams - 1;
    let rounds = (0..m)
        .map(|r| {
            let mut tables: Vec<TeamsTable> = (0..m)
                .map(|t| {
                    let (ew, set, shares_with) = if t == r {
                        (teams, r, Some(teams))
                    } else {
                        let d = (t + m - r) % m;
                        ((r + phi[d - 1]) % m + 1, (r + c[d - 1]) % m, None)
                    };
                    TeamsTable {
                        table: t + 1,
                        ns: t + 1,
                        ew,
                        set: set + 1,
                        shares_with,
                    }
                })
                .collect();
            tables.push(TeamsTable {
                table: teams,
                ns: teams,
                ew: r + 1,
                set: r + 1,
                shares_with: Some(r + 1),
            });
            tables
        })
        .collect();
    TeamsMovement {
        name: "Tourney's cyclic movement (the last table shares boards each round)",
        teams,
        sets: m,
        boards_per_round,
        rounds,
        relays: Vec::new(),
    }
}

impl TeamsMovement {
    /// The movement as a club pairs movement of the teams' pairs, which an event scores table
    /// by table: team t's N-S pair is pair t, its E-W pair pair n + t (a Mitchell's
    /// numbering), every table and set as here; the sets not played in a round rest. Which
    /// two tables share a set changes round by round, so it is not a fixed `sharing` pair:
    /// two tables of a round on one set share it.
    pub fn as_pairs_movement(&self) -> Movement {
        let n = self.teams;
        let rounds = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, round)| {
                let tables: Vec<TableRound> = round
                    .iter()
                    .map(|row| TableRound {
                        table: row.table,
                        ns: row.ns,
                        ew: n + row.ew,
                        set: row.set,
                    })
                    .collect();
                let resting_sets = (1..=self.sets)
                    .filter(|&set| round.iter().all(|row| row.set != set))
                    .collect();
                MovementRound {
                    number: i + 1,
                    tables,
                    sitting_out: Vec::new(),
                    resting_sets,
                    arrow_switch: false,
                    same_seats: false,
                    relay: self.relays.get(i).cloned().unwrap_or_default(),
                }
            })
            .collect();
        Movement {
            kind: MovementKind::TeamsOfFour,
            pairs: 2 * n,
            tables: n,
            boards_per_round: self.boards_per_round,
            sets: self.sets,
            phantom: None,
            sharing: Vec::new(),
            withdrawn: Vec::new(),
            phantom_seats: Vec::new(),
            late: Vec::new(),
            rounds,
        }
    }

    /// The boards of set `set` (1-based), first and last.
    pub fn boards_of(&self, set: usize) -> (usize, usize) {
        let first = (set - 1) * self.boards_per_round + 1;
        (first, first + self.boards_per_round - 1)
    }

    /// Where the E-W pair and the boards of `table` go after `round` (1-based): the table the
    /// E-W pair is at in the next round, and the table(s) playing the boards next ("2", or
    /// "2 & 5" for two that share them; empty when the set is not played again, as after
    /// a head-to-head match), read from the rounds themselves; `None` after the last round.
    pub fn moves_after(&self, round: usize, table: usize) -> Option<(usize, String)> {
        let here = self.rounds.get(round - 1)?.iter().find(|t| t.table == table)?;
        let next = self.rounds.get(round)?;
        let ew_to = next.iter().find(|t| t.ew == here.ew)?.table;
        let boards_to: Vec<String> = next
            .iter()
            .filter(|t| t.set == here.set)
            .map(|t| t.table.to_string())
            .collect();
        Some((ew_to, boards_to.join(" & ")))
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
            None if self.has_relay() => out.push_str(&format!(
                "Before round 1: each E-W pair goes to the table that lists it for round 1, and each table takes the part of set 1 it starts with. {}\n",
                RELAY_RULE
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
                let relay = self.relay_text(i + 1, table);
                let next = match self.moves_after(i + 1, table) {
                    Some((ew_to, _)) if !relay.is_empty() => {
                        format!("; then E-W to table {ew_to}, and a new set")
                    }
                    Some((ew_to, boards_to)) if boards_to.is_empty() => {
                        format!("; then E-W to table {ew_to}, the boards are done")
                    }
                    Some((ew_to, boards_to)) => {
                        format!("; then E-W to table {ew_to}, boards to table {boards_to}")
                    }
                    None => String::new(),
                };
                let shared = seat
                    .shares_with
                    .map_or(String::new(), |other| format!(" (shared with table {other})"));
                out.push_str(&format!(
                    "  round {}: against team {}'s E-W pair, boards {first}–{last}{shared}{relay}{next}\n",
                    i + 1,
                    seat.ew
                ));
            }
        }
        out
    }

    /// Whether some round's set is relayed round its tables in part-sets (the 4-team relay).
    pub fn has_relay(&self) -> bool {
        self.relays.iter().any(|r| !r.is_empty())
    }

    /// The part-sets `table` plays in round `round` (1-based), stage by stage, each with the
    /// table it goes to after this one (`None`: this table is the last to play it). Empty for
    /// a round without a relay.
    pub fn relay_at(&self, round: usize, table: usize) -> Vec<(&RelayPart, Option<usize>)> {
        let Some(parts) = self.relays.get(round.wrapping_sub(1)) else {
            return Vec::new();
        };
        let stages = parts.iter().map(|p| p.tables.len()).max().unwrap_or(0);
        (0..stages)
            .filter_map(|stage| {
                let part = parts.iter().find(|p| p.tables.get(stage) == Some(&table))?;
                Some((part, part.tables.get(stage + 1).copied()))
            })
            .collect()
    }

    /// A part-set and where it goes: "boards 3–4 → table 2", or "boards 3–4, then done".
    pub fn part_move_text(part: &RelayPart, next: Option<usize>) -> String {
        match next {
            Some(to) => format!("boards {} → table {to}", part.boards_text()),
            None => format!("boards {} (then done)", part.boards_text()),
        }
    }

    /// `table`'s relay in round `round` for the guide: ", relayed in parts: boards 1–2 →
    /// table 2, then boards 7–8 → table 2, …"; empty without a relay.
    fn relay_text(&self, round: usize, table: usize) -> String {
        let parts = self.relay_at(round, table);
        if parts.is_empty() {
            return String::new();
        }
        let moves: Vec<String> = parts
            .iter()
            .map(|&(part, next)| Self::part_move_text(part, next))
            .collect();
        format!(", relayed in parts: start with {}", moves.join(", then "))
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

    /// The movement as CSV: `round,table,ns_team,ew_team,set,first_board,last_board,relay`,
    /// the last the part-sets of a relayed round in the order the table plays them, each with
    /// the table it goes to next ("1-2>2 7-8>2 5-6>2 3-4>done"), empty for other rounds.
    pub fn csv(&self) -> String {
        let mut out = "round,table,ns_team,ew_team,set,first_board,last_board,relay\n".to_owned();
        for (i, round) in self.rounds.iter().enumerate() {
            for t in round {
                let (first, last) = self.boards_of(t.set);
                // The part-sets in the order played, each with where it goes next:
                // "1-2>2 7-8>2 5-6>2 3-4>done" (plain hyphens and no commas, for a spreadsheet).
                let relay: Vec<String> = self
                    .relay_at(i + 1, t.table)
                    .iter()
                    .map(|&(part, next)| {
                        let boards = part.boards_text().replace('–', "-");
                        next.map_or(format!("{boards}>done"), |to| format!("{boards}>{to}"))
                    })
                    .collect();
                out.push_str(&format!(
                    "{},{},{},{},{},{first},{last},{}\n",
                    i + 1,
                    t.table,
                    t.ns,
                    t.ew,
                    t.set,
                    relay.join(" ")
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::movement::{MovementRule, verify_movement};
    use crate::verify::teams_movement::verify_teams_movement;

    #[test]
    fn the_pairs_form_numbers_each_teams_pairs_as_a_mitchell_does_and_passes_the_verifier() {
        for (teams, k) in [(4, 2), (4, 5), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (12, 2)] {
            let movement = teams_movement(teams, k).unwrap().as_pairs_movement();
            assert_eq!(movement.pairs, 2 * teams);
            assert_eq!(movement.kind, MovementKind::TeamsOfFour);
            // Table t has team t's N-S pair (pair t) every round; E-W pairs are n + 1 … 2n.
            for round in &movement.rounds {
                assert!(round.tables.iter().all(|t| t.ns == t.table && t.ew > teams));
            }
            let report = verify_movement(&movement);
            assert!(report.is_valid(), "{teams}: {:?}", report.violations);
        }
    }

    #[test]
    fn the_verifier_finds_a_teams_movement_changed_by_hand() {
        let good = teams_movement(7, 2).unwrap().as_pairs_movement();
        // An E-W pair numbered as an N-S pair.
        let mut bad = good.clone();
        bad.rounds[0].tables[0].ew = 2;
        assert!(verify_movement(&bad).breaks(MovementRule::Malformed));
        // Two E-W pairs exchanged in one round: some meetings lose their second half.
        let mut bad = good.clone();
        let (a, b) = (bad.rounds[2].tables[0].ew, bad.rounds[2].tables[1].ew);
        bad.rounds[2].tables[0].ew = b;
        bad.rounds[2].tables[1].ew = a;
        assert!(verify_movement(&bad).breaks(MovementRule::MeetingCount));
        // A set played at three tables in one round.
        let mut bad = good;
        let set = bad.rounds[1].tables[0].set;
        bad.rounds[1].tables[1].set = set;
        bad.rounds[1].tables[2].set = set;
        assert!(!verify_movement(&bad).is_valid());
    }

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
    fn every_even_count_from_six_passes_the_verifier_with_one_shared_pair_a_round() {
        for teams in (6..=MOST_TEAMS).step_by(2) {
            let movement = teams_movement(teams, 2).unwrap();
            assert_eq!(
                verify_teams_movement(&movement),
                Vec::<String>::new(),
                "{teams} teams"
            );
            assert_eq!(movement.rounds.len(), teams - 1);
            assert_eq!(movement.sets, teams - 1);
            for round in &movement.rounds {
                let sharing = round.iter().filter(|t| t.shares_with.is_some()).count();
                assert_eq!(sharing, 2, "{teams} teams: one pair of tables shares");
            }
            // In its pairs form, as a teams night's event holds it, too.
            assert!(
                verify_movement(&movement.as_pairs_movement()).is_valid(),
                "{teams}"
            );
        }
    }

    #[test]
    fn four_teams_play_head_to_head_on_six_sets() {
        let movement = teams_movement_with(4, 8, Some(FourTeams::HeadToHead)).unwrap();
        assert_eq!(verify_teams_movement(&movement), Vec::<String>::new());
        assert_eq!((movement.rounds.len(), movement.sets), (3, 6));
        for round in &movement.rounds {
            // Both matches of a round are played at once, each on its own set.
            assert!(round.iter().all(|t| t.shares_with == Some(t.ew)));
            let sets: std::collections::BTreeSet<usize> = round.iter().map(|t| t.set).collect();
            assert_eq!(sets.len(), 2);
        }
        // Round 2: team 1 v team 3 on boards 17–24 at tables 1 and 3.
        let at = |round: usize, table: usize| movement.rounds[round - 1][table - 1];
        assert_eq!((at(2, 1).ew, movement.boards_of(at(2, 1).set)), (3, (17, 24)));
        assert_eq!((at(2, 3).ew, movement.boards_of(at(2, 3).set)), (1, (17, 24)));
        // After round 1, team 2's E-W pair goes from table 1 to table 4 (against team 4).
        assert_eq!(movement.moves_after(1, 1).map(|m| m.0), Some(4));
        assert!(verify_movement(&movement.as_pairs_movement()).is_valid());
    }

    /// (table, board) → how often `table` plays `board` in `round` (1-based), read from the
    /// relay's part-sets stage by stage.
    fn relay_plays(
        movement: &TeamsMovement,
        round: usize,
    ) -> std::collections::BTreeMap<(usize, usize), usize> {
        let mut plays = std::collections::BTreeMap::new();
        for table in 1..=movement.teams {
            for (part, _) in movement.relay_at(round, table) {
                for board in part.first_board..=part.last_board {
                    *plays.entry((table, board)).or_insert(0) += 1;
                }
            }
        }
        plays
    }

    #[test]
    fn four_teams_relay_one_set_a_round_round_all_four_tables() {
        let movement = teams_movement(4, 8).unwrap();
        assert_eq!(movement.name, "Relay");
        assert_eq!(verify_teams_movement(&movement), Vec::<String>::new());
        assert_eq!((movement.rounds.len(), movement.sets), (3, 3));
        // The seats are head to head's: round 2 is 1 v 3 and 2 v 4, both at both tables.
        let ew: Vec<usize> = movement.rounds[1].iter().map(|t| t.ew).collect();
        assert_eq!(ew, [3, 4, 1, 2]);
        for (r, round) in movement.rounds.iter().enumerate() {
            // All four tables on set r + 1, nobody "sharing" two by two.
            assert!(round.iter().all(|t| t.set == r + 1 && t.shares_with.is_none()));
            // Four parts of two boards; part p starts at table p and goes up one table.
            let parts = &movement.relays[r];
            assert_eq!(parts.len(), 4);
            assert!(parts.iter().all(|p| p.last_board - p.first_board == 1));
            assert_eq!(parts[1].tables, [2, 3, 4, 1]);
            // Every table plays every board of the set once: each board four times.
            let plays = relay_plays(&movement, r + 1);
            let (first, last) = movement.boards_of(r + 1);
            for table in 1..=4 {
                for board in first..=last {
                    assert_eq!(plays.get(&(table, board)), Some(&1), "round {}", r + 1);
                }
            }
            assert_eq!(plays.values().sum::<usize>(), 4 * 8);
            // At each stage the four tables hold four different parts.
            for stage in 0..4 {
                let at: std::collections::BTreeSet<usize> = parts.iter().map(|p| p.tables[stage]).collect();
                assert_eq!(at.len(), 4);
            }
        }
        // Table 1 in round 1 starts with boards 1–2 and passes them to table 2; it plays last
        // the part that began at table 2 (boards 3–4), which is then done.
        let order = movement.relay_at(1, 1);
        assert_eq!(
            (order[0].0.boards_text(), order[0].1),
            ("1–2".to_owned(), Some(2))
        );
        assert_eq!((order[3].0.boards_text(), order[3].1), ("3–4".to_owned(), None));
        let guide = movement.guide();
        assert!(
            guide.contains("start with boards 1–2 → table 2, then boards 7–8 → table 2"),
            "{guide}"
        );
        assert!(guide.contains("then E-W to table 3, and a new set"), "{guide}");
        // The event's form keeps the part-sets and passes the pairs-movement verifier.
        let pairs = movement.as_pairs_movement();
        assert_eq!(pairs.rounds[2].relay, movement.relays[2]);
        assert!(
            verify_movement(&pairs).is_valid(),
            "{:?}",
            verify_movement(&pairs).violations
        );
        assert!(
            movement
                .csv()
                .contains("\n1,1,1,2,1,1,8,1-2>2 7-8>2 5-6>2 3-4>done\n")
        );
    }

    #[test]
    fn a_relay_round_not_a_multiple_of_four_has_parts_one_board_apart() {
        let movement = teams_movement_with(4, 6, Some(FourTeams::Relay)).unwrap();
        assert_eq!(verify_teams_movement(&movement), Vec::<String>::new());
        let sizes: Vec<usize> = movement.relays[0]
            .iter()
            .map(|p| p.last_board + 1 - p.first_board)
            .collect();
        assert_eq!(sizes, [2, 2, 1, 1]);
        let plays = relay_plays(&movement, 3);
        assert_eq!(plays.len(), 4 * 6);
        assert!(plays.keys().all(|&(_, board)| (13..=18).contains(&board)));
        // Fewer boards than parts: refused with the way out; the usual is then head to head.
        let refused = teams_movement_with(4, 3, Some(FourTeams::Relay)).unwrap_err();
        assert!(refused.contains("at least 4 boards a round"), "{refused}");
        assert!(refused.contains("head to head"), "{refused}");
        assert_eq!(teams_movement(4, 3).unwrap().name, "Head to head");
        // The choice is for 4 teams only.
        let six = teams_movement_with(6, 4, Some(FourTeams::Relay)).unwrap_err();
        assert!(six.contains("for 4 teams only"), "{six}");
    }

    #[test]
    fn the_verifier_catches_a_part_set_at_two_tables_at_once() {
        let good = teams_movement(4, 4).unwrap();
        // Round 1, stage 1: the part of boards 2 is sent to table 1, which has boards 1.
        let mut bad = good.clone();
        bad.relays[0][1].tables = vec![1, 3, 4, 2];
        let faults = verify_teams_movement(&bad);
        assert!(
            faults.iter().any(|f| f.contains("stage 1: table 1 is given")),
            "{faults:?}"
        );
        // A board left out of the parts.
        let mut bad = good.clone();
        bad.relays[1][3].last_board = bad.relays[1][3].first_board - 1;
        assert!(!verify_teams_movement(&bad).is_empty());
        // The part-sets thrown away: four tables on one set without a relay.
        let mut bad = good.clone();
        bad.relays.clear();
        let faults = verify_teams_movement(&bad);
        assert!(faults.iter().any(|f| f.contains("is at 4 tables")), "{faults:?}");
        // Through the event's pairs form too.
        let mut pairs = good.as_pairs_movement();
        pairs.rounds[2].relay[0].tables = vec![1, 1, 3, 4];
        assert!(!verify_movement(&pairs).is_valid());
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
        // Round 1: tables 1 and 6 share set 1 (boards 1–4), playing both halves of 1 v 6.
        assert!(
            movement
                .guide()
                .contains("round 1: against team 6's E-W pair, boards 1–4 (shared with table 6)")
        );
        // No even-count-friendly shortcut: the irregular moves are on each card, not a rule.
        assert_eq!(movement.first_moves(), None);
    }

    #[test]
    fn even_counts_and_sizes_out_of_range_are_refused_with_the_reason() {
        assert!(teams_movement(2, 4).unwrap_err().contains("3 to 25 teams"));
        assert!(teams_movement(27, 4).unwrap_err().contains("3 to 25 teams"));
        assert!(teams_movement(5, 0).unwrap_err().contains("1 to"));
    }
}
