//! Checks a club pairs movement with moving boards (`crate::movement::Movement`: Mitchell,
//! skip and relay Mitchells, complete and three-quarter Howells) against the rules of issue 22 and reports every
//! violation in a sentence naming the round, table, pair and board set. Issue 40 adds one
//! rule for every kind: each board set in play is played at least twice, at two tables with
//! four different pairs, so that each of its scores has another to be compared with.
//!
//! Nothing here comes from the generators in `crate::movement` except the data types: every
//! count (meetings, sets per pair, tables per set, boards per pair, pair labels) is made
//! again from the table rows, so a bug in a generator cannot hide itself.
//!
//! The phantom pair (a half table) is never seated: in the round it would have played, its
//! opponents are listed in `sitting_out`. The phantom itself may be left out of a round or
//! listed as sitting out; every other pair is at exactly one table or sits out, every round.
//! With a phantom, exactly one real pair (its opponent) sits out each round; without one,
//! nobody does.

use super::join_and;
use crate::model::movement::{Movement, MovementKind, MovementRound, TableRound};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The rule a movement violation breaks; tests assert on these, people read the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MovementRule {
    /// A number out of range (pair, table, set, round), a table used twice, a pair playing
    /// itself, or a phantom seated at a table.
    Malformed,
    /// A pair at two tables, or at a table and sitting out, in one round.
    DoubleBooked,
    /// A pair neither at a table nor sitting out in a round.
    Missing,
    /// A pair sits out without a phantom to explain it, or several do.
    SitOut,
    /// Two pairs meet twice, or (full Mitchell, complete Howell) never.
    MeetingCount,
    /// A pair plays the same board set twice.
    BoardRepeat,
    /// A set at more than two tables, or at two that do not share.
    BoardSharing,
    /// A set on the relay stand is also at a table.
    RelayStand,
    /// Pairs that play every round play different numbers of boards.
    BoardCount,
    /// Mitchell: a pair sits in the other direction, or two pairs of one direction meet.
    Direction,
    /// An incomplete (three-quarter) Howell: pairs play different numbers of rounds, or it
    /// has as many rounds as a complete Howell.
    Balance,
    /// A board set in play is played at one table only, or only ever with one pair of the
    /// same tables, so its scores have nothing to be compared with (every board is played at
    /// least twice, by four different pairs).
    Comparison,
}

/// One broken rule, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovementViolation {
    /// Which rule is broken.
    pub rule: MovementRule,
    /// The round where it is broken, from 1; `None` when it is about the whole movement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    /// What is wrong, naming the pairs, tables and board sets.
    pub message: String,
}

impl fmt::Display for MovementViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.round {
            Some(round) => write!(f, "round {round}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Every violation found, and facts about the movement for the director.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MovementReport {
    /// Every broken rule, in the order found; empty for a valid movement.
    pub violations: Vec<MovementViolation>,
    /// Rounds, tables, boards per pair, sets, sharing and relay stands.
    pub summary: Vec<String>,
}

impl MovementReport {
    /// Whether the movement breaks no rule.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// Whether the movement breaks `rule` anywhere.
    pub fn breaks(&self, rule: MovementRule) -> bool {
        self.violations.iter().any(|v| v.rule == rule)
    }

    fn add(&mut self, rule: MovementRule, round: Option<usize>, message: String) {
        self.violations.push(MovementViolation { rule, round, message });
    }
}

/// Checks `movement` against the rules every movement keeps and those of its kind.
pub fn verify_movement(movement: &Movement) -> MovementReport {
    if movement.kind == MovementKind::TeamsOfFour {
        return check_teams_of_four(movement);
    }
    let mut report = MovementReport::default();
    let names = Names { movement };
    if !check_header(movement, &mut report) {
        return report;
    }
    if movement.rounds.is_empty() {
        report.add(
            MovementRule::Malformed,
            None,
            "the movement has no rounds".to_owned(),
        );
    }
    let mut tally = Tally::default();
    for (index, round) in movement.rounds.iter().enumerate() {
        if round.number != index + 1 {
            report.add(
                MovementRule::Malformed,
                Some(round.number),
                format!(
                    "this is round {} of the list but is numbered {}; rounds run 1, 2, 3… in order",
                    index + 1,
                    round.number
                ),
            );
        }
        let previous = index.checked_sub(1).map(|i| &movement.rounds[i]);
        check_same_seats(round, previous, &mut report);
        check_round(movement, round, &names, &mut tally, &mut report);
    }
    check_evening(movement, &names, &tally, &mut report);
    if movement.kind.is_mitchell() {
        check_mitchell(movement, &names, &tally, &mut report);
    } else {
        check_howell(movement, &names, &tally, &mut report);
    }
    summarise(movement, &tally, &mut report);
    // After the summary, so that a board left without a comparison by a pair that left is
    // said after the facts of the movement.
    check_comparisons(movement, &names, &tally, &mut report);
    report
}

/// A teams-of-four movement carried by a club pairs event: read back into its teams' table
/// rows (pair t is team t's N-S pair, pair n + t its E-W pair, two tables of a round on one
/// set sharing it) and checked by the teams movement verifier, which has the rules of a
/// teams night; the header must describe that numbering.
fn check_teams_of_four(movement: &Movement) -> MovementReport {
    use crate::model::movement::{TeamsMovement, TeamsTable};
    let mut report = MovementReport::default();
    let n = movement.tables;
    if movement.pairs != 2 * n || movement.phantom.is_some() || !movement.sharing.is_empty() {
        report.add(
            MovementRule::Malformed,
            None,
            format!(
                "a teams-of-four movement has two pairs a team and one table a team, no phantom and no fixed sharing; this one has {} pairs on {n} tables",
                movement.pairs
            ),
        );
        return report;
    }
    let mut rounds = Vec::new();
    for round in &movement.rounds {
        let mut rows = Vec::new();
        for t in &round.tables {
            if t.ns == 0 || t.ns > n || t.ew <= n || t.ew > 2 * n {
                report.add(
                    MovementRule::Malformed,
                    Some(round.number),
                    format!(
                        "table {}: pair {} sits N-S and pair {} E-W, but N-S pairs are numbered 1 to {n} and E-W pairs {} to {}",
                        t.table,
                        t.ns,
                        t.ew,
                        n + 1,
                        2 * n
                    ),
                );
                continue;
            }
            let on_set: Vec<usize> = round
                .tables
                .iter()
                .filter(|o| o.set == t.set && o.table != t.table)
                .map(|o| o.table)
                .collect();
            rows.push(TeamsTable {
                table: t.table,
                ns: t.ns,
                ew: t.ew - n,
                set: t.set,
                shares_with: (on_set.len() == 1).then(|| on_set[0]),
            });
        }
        rounds.push(rows);
    }
    let teams = TeamsMovement {
        name: "teams-of-four movement",
        teams: n,
        sets: movement.sets,
        boards_per_round: movement.boards_per_round,
        rounds,
        relays: movement.rounds.iter().map(|r| r.relay.clone()).collect(),
    };
    for fault in super::teams_movement::verify_teams_movement(&teams) {
        report.add(MovementRule::MeetingCount, None, fault);
    }
    report.summary.push(format!(
        "teams-of-four movement: {n} teams on {n} tables, {} rounds of {} boards",
        movement.rounds.len(),
        movement.boards_per_round
    ));
    report
}

/// Whether `pair` is not there in `round`: the phantom, a pair that left before it, or one
/// that arrives after it. Written here from the declarations, not with `Movement::is_absent`.
fn absent(movement: &Movement, pair: usize, round: usize) -> bool {
    if movement.phantom == Some(pair) {
        return true;
    }
    let left = movement
        .withdrawn
        .iter()
        .any(|w| w.pair == pair && w.after_round < round);
    let not_yet = movement
        .late
        .iter()
        .any(|l| l.pair == pair && round < l.before_round);
    left || not_yet
}

/// Pair names as the club says them, made here (not with `Movement::label`).
struct Names<'a> {
    movement: &'a Movement,
}

impl Names<'_> {
    /// "pair 3" in a Howell, "pair 3 (3 NS)" / "pair 5 (2 EW)" in a Mitchell.
    fn pair(&self, pair: usize) -> String {
        let tables = self.movement.tables;
        if self.movement.kind.is_mitchell() && pair >= 1 && pair <= 2 * tables {
            if pair <= tables {
                format!("pair {pair} ({pair} NS)")
            } else {
                format!("pair {pair} ({} EW)", pair - tables)
            }
        } else {
            format!("pair {pair}")
        }
    }

    /// "board 7 (set 7) is" / "boards 16–20 (set 4) are": the boards of a set as the
    /// subject of a sentence, with its verb; and the pronoun for them ("it" / "they").
    fn boards_are(&self, set: usize) -> (String, &'static str) {
        match self.movement.boards_per_round {
            0 => (format!("set {set} is"), "it"),
            1 => (format!("board {set} (set {set}) is"), "it"),
            k => {
                let first = set.saturating_sub(1).saturating_mul(k).saturating_add(1);
                let last = first.saturating_add(k - 1);
                (format!("boards {first}–{last} (set {set}) are"), "they")
            }
        }
    }

    /// "set 2 (boards 4–6)", boards counted here from `boards_per_round`.
    fn set(&self, set: usize) -> String {
        let k = self.movement.boards_per_round;
        match k {
            0 => format!("set {set}"),
            1 => format!("set {set} (board {set})"),
            _ => {
                let first = set.saturating_sub(1).saturating_mul(k).saturating_add(1);
                let last = first.saturating_add(k - 1);
                format!("set {set} (boards {first}–{last})")
            }
        }
    }
}

/// What the rounds add up to, for the evening-wide checks.
#[derive(Default)]
struct Tally {
    /// (lower pair, higher pair) → rounds they meet in.
    meetings: BTreeMap<(usize, usize), Vec<usize>>,
    /// (pair, set) → rounds the pair plays the set.
    plays: BTreeMap<(usize, usize), Vec<usize>>,
    /// pair → rounds seated at a table.
    seated_rounds: BTreeMap<usize, usize>,
    /// Sets seen at a table at least once.
    sets_played: BTreeSet<usize>,
    /// set → where it is played: (round, table, N-S pair, E-W pair).
    set_plays: BTreeMap<usize, Vec<(usize, usize, usize, usize)>>,
}

/// The most pairs, tables, sets or boards per round checked: far beyond any club room, and
/// small enough that counting every pair against every other stays quick on a hand-edited file.
pub const MOST: usize = 1_000;

/// Counts and declarations; false when a count is too large to check at all.
impl Tally {
    /// pair → how many different sets it plays.
    fn sets_per_pair(&self) -> BTreeMap<usize, usize> {
        let mut counts = BTreeMap::new();
        for &(pair, _) in self.plays.keys() {
            *counts.entry(pair).or_default() += 1;
        }
        counts
    }
}

fn check_header(movement: &Movement, report: &mut MovementReport) -> bool {
    let mut checkable = true;
    for (what, value) in [
        ("pairs", movement.pairs),
        ("tables", movement.tables),
        ("board sets", movement.sets),
        ("boards per round", movement.boards_per_round),
    ] {
        if value > MOST {
            checkable = false;
            report.add(
                MovementRule::Malformed,
                None,
                format!("the movement has {value} {what}; a movement has at most {MOST}"),
            );
        }
    }
    if !checkable {
        return false;
    }
    for (what, value) in [
        ("pairs", movement.pairs),
        ("tables", movement.tables),
        ("boards per round", movement.boards_per_round),
        ("board sets", movement.sets),
    ] {
        if value == 0 {
            report.add(
                MovementRule::Malformed,
                None,
                format!("the movement has 0 {what}; it needs at least 1"),
            );
        }
    }
    if let Some(phantom) = movement.phantom
        && (phantom == 0 || phantom > movement.pairs)
    {
        report.add(
            MovementRule::Malformed,
            None,
            format!(
                "the phantom is pair {phantom}, which does not exist (pairs run 1 to {})",
                movement.pairs
            ),
        );
    }
    for w in &movement.withdrawn {
        if w.pair == 0 || w.pair > movement.pairs {
            report.add(
                MovementRule::Malformed,
                None,
                format!(
                    "pair {} is listed as leaving but does not exist (pairs run 1 to {})",
                    w.pair, movement.pairs
                ),
            );
        }
    }
    for late in &movement.late {
        if late.pair == 0 || late.pair > movement.pairs {
            report.add(
                MovementRule::Malformed,
                None,
                format!(
                    "pair {} is listed as arriving late but does not exist (pairs run 1 to {})",
                    late.pair, movement.pairs
                ),
            );
        } else if movement.phantom == Some(late.pair) {
            report.add(
                MovementRule::Malformed,
                None,
                format!(
                    "pair {} is listed both as the phantom and as arriving late",
                    late.pair
                ),
            );
        }
        if late.before_round == 0 || late.before_round > movement.rounds.len() {
            report.add(
                MovementRule::Malformed,
                None,
                format!(
                    "pair {} is listed as arriving before round {}, which the movement does not have (rounds 1 to {})",
                    late.pair,
                    late.before_round,
                    movement.rounds.len()
                ),
            );
        }
    }
    for &(low, high) in &movement.sharing {
        let fits = |t: usize| t >= 1 && t <= movement.tables;
        if !fits(low) || !fits(high) || low >= high {
            report.add(
                MovementRule::Malformed,
                None,
                format!(
                    "the movement says tables {low} and {high} share boards; a sharing entry names two different tables, lower first, from 1 to {}",
                    movement.tables
                ),
            );
        }
    }
    true
}

fn check_round(
    movement: &Movement,
    round: &MovementRound,
    names: &Names,
    tally: &mut Tally,
    report: &mut MovementReport,
) {
    let at = Some(round.number);
    let pair_ok = |p: usize| p >= 1 && p <= movement.pairs;
    let set_ok = |s: usize| s >= 1 && s <= movement.sets;
    // pair → places: Some(table) when seated, None when sitting out.
    let mut places: BTreeMap<usize, Vec<Option<usize>>> = BTreeMap::new();
    // set → tables it is at this round.
    let mut set_tables: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut tables_used: BTreeMap<usize, usize> = BTreeMap::new();

    for row in &round.tables {
        let t = row.table;
        if t == 0 || t > movement.tables {
            report.add(
                MovementRule::Malformed,
                at,
                format!("table {t} does not exist (tables run 1 to {})", movement.tables),
            );
        }
        *tables_used.entry(t).or_default() += 1;
        let seated_ok = check_seats(movement, round.number, names, row, &mut places, report);
        if !set_ok(row.set) {
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "table {t}: board set {} does not exist (sets run 1 to {})",
                    row.set, movement.sets
                ),
            );
        } else {
            set_tables.entry(row.set).or_default().push(t);
            tally.sets_played.insert(row.set);
            tally
                .set_plays
                .entry(row.set)
                .or_default()
                .push((round.number, t, row.ns, row.ew));
        }
        // A round with the same seats as the one before continues its meetings.
        if seated_ok && !round.same_seats {
            let key = (row.ns.min(row.ew), row.ns.max(row.ew));
            tally.meetings.entry(key).or_default().push(round.number);
        }
        for pair in [row.ns, row.ew] {
            if pair_ok(pair) && !absent(movement, pair, round.number) {
                *tally.seated_rounds.entry(pair).or_default() += 1;
                if set_ok(row.set) {
                    tally.plays.entry((pair, row.set)).or_default().push(round.number);
                }
            }
        }
    }
    for (&table, &count) in &tables_used {
        if count > 1 {
            report.add(
                MovementRule::Malformed,
                at,
                format!("table {table} is listed {count} times"),
            );
        }
    }

    let sitting_out_real = read_sitting_out(movement, round, &mut places, report);
    check_attendance(movement, round, names, &places, report);
    check_sit_outs(movement, round, names, &sitting_out_real, report);
    check_sets(movement, round, names, &set_tables, report);
}

/// Checks a table's two pairs exist, are real, are still playing and are not the same pair,
/// recording where they sit; false when the table is no meeting of two real pairs.
fn check_seats(
    movement: &Movement,
    round: usize,
    names: &Names,
    row: &TableRound,
    places: &mut BTreeMap<usize, Vec<Option<usize>>>,
    report: &mut MovementReport,
) -> bool {
    let at = Some(round);
    let t = row.table;
    let pair_ok = |p: usize| p >= 1 && p <= movement.pairs;
    let mut seated_ok = true;
    for (direction, pair) in [("N-S", row.ns), ("E-W", row.ew)] {
        if !pair_ok(pair) {
            seated_ok = false;
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "table {t}: the {direction} pair is number {pair}, which does not exist (pairs run 1 to {})",
                    movement.pairs
                ),
            );
        } else if movement.phantom == Some(pair) {
            seated_ok = false;
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "table {t}: the phantom {} is seated {direction}; its opponents should be listed as sitting out instead",
                    names.pair(pair)
                ),
            );
        } else if absent(movement, pair, round) {
            seated_ok = false;
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "table {t}: {} is seated {direction}, but it left the evening before this round; its opponents should be listed as sitting out instead",
                    names.pair(pair)
                ),
            );
        }
        if pair_ok(pair) {
            places.entry(pair).or_default().push(Some(t));
        }
    }
    if row.ns == row.ew {
        seated_ok = false;
        report.add(
            MovementRule::Malformed,
            at,
            format!("table {t}: {} is seated against itself", names.pair(row.ns)),
        );
    }
    seated_ok
}

/// The round's sitting-out pairs that are real and still playing, recording them as places.
fn read_sitting_out(
    movement: &Movement,
    round: &MovementRound,
    places: &mut BTreeMap<usize, Vec<Option<usize>>>,
    report: &mut MovementReport,
) -> Vec<usize> {
    let at = Some(round.number);
    let pair_ok = |p: usize| p >= 1 && p <= movement.pairs;
    let mut sitting_out_real = Vec::new();
    for &pair in &round.sitting_out {
        if !pair_ok(pair) {
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "pair {pair} sits out but does not exist (pairs run 1 to {})",
                    movement.pairs
                ),
            );
            continue;
        }
        places.entry(pair).or_default().push(None);
        if !absent(movement, pair, round.number) {
            sitting_out_real.push(pair);
        }
    }
    sitting_out_real
}

/// Every real pair exactly once: at one table or sitting out.
fn check_attendance(
    movement: &Movement,
    round: &MovementRound,
    names: &Names,
    places: &BTreeMap<usize, Vec<Option<usize>>>,
    report: &mut MovementReport,
) {
    let at = Some(round.number);
    for pair in 1..=movement.pairs {
        let list = places.get(&pair).map_or(&[][..], Vec::as_slice);
        match list.len() {
            0 if absent(movement, pair, round.number) => {}
            0 => report.add(
                MovementRule::Missing,
                at,
                format!("{} is neither at a table nor sitting out", names.pair(pair)),
            ),
            1 => {}
            _ => report.add(
                MovementRule::DoubleBooked,
                at,
                format!("{} is {}", names.pair(pair), describe_places(list)),
            ),
        }
    }
}

/// "at tables 2 and 3", "at table 2 and sitting out".
fn describe_places(places: &[Option<usize>]) -> String {
    let tables: Vec<String> = places.iter().flatten().map(usize::to_string).collect();
    let outs = places.iter().filter(|p| p.is_none()).count();
    let mut parts = Vec::new();
    match tables.len() {
        0 => {}
        1 => parts.push(format!("at table {}", tables[0])),
        _ => parts.push(format!("at tables {}", join_and(&tables))),
    }
    match outs {
        0 => {}
        1 => parts.push("sitting out".to_owned()),
        n => parts.push(format!("listed as sitting out {n} times")),
    }
    parts.join(" and ")
}

/// Only the opponents of absent pairs (the phantom, pairs that left) sit out: at most one
/// for each absent pair, and nobody when every pair is there. With a phantom alone, exactly
/// one pair sits out every round.
fn check_sit_outs(
    movement: &Movement,
    round: &MovementRound,
    names: &Names,
    sitting_out: &[usize],
    report: &mut MovementReport,
) {
    let at = Some(round.number);
    let listed: Vec<String> = sitting_out.iter().map(|&p| names.pair(p)).collect();
    let missing: Vec<usize> = (1..=movement.pairs)
        .filter(|&p| absent(movement, p, round.number))
        .collect();
    let verb = if listed.len() == 1 { "s" } else { "" };
    if missing.is_empty() {
        if !sitting_out.is_empty() {
            report.add(
                MovementRule::SitOut,
                at,
                format!(
                    "{} sit{verb} out but every pair is there, so every pair plays every round",
                    join_and(&listed)
                ),
            );
        }
        return;
    }
    if sitting_out.len() > missing.len() {
        let gone: Vec<String> = missing.iter().map(|&p| names.pair(p)).collect();
        report.add(
            MovementRule::SitOut,
            at,
            format!(
                "{} sit{verb} out; only the opponents of the pairs not there ({}) sit out, one for each",
                join_and(&listed),
                join_and(&gone)
            ),
        );
    }
    if let (Some(phantom), true) = (movement.phantom, movement.withdrawn.is_empty())
        && sitting_out.is_empty()
    {
        report.add(
            MovementRule::SitOut,
            at,
            format!(
                "nobody sits out, but the phantom {} has an opponent every round, who sits out",
                names.pair(phantom)
            ),
        );
    }
}

/// A set at one table, or two that share; never also on the relay stand.
fn check_sets(
    movement: &Movement,
    round: &MovementRound,
    names: &Names,
    set_tables: &BTreeMap<usize, Vec<usize>>,
    report: &mut MovementReport,
) {
    let at = Some(round.number);
    for (&set, tables) in set_tables {
        let listed: Vec<String> = tables.iter().map(usize::to_string).collect();
        match tables.as_slice() {
            [_] => {}
            [a, b] => {
                let key = ((*a).min(*b), (*a).max(*b));
                if a == b {
                    // A table listed twice is reported as malformed already.
                } else if !movement.sharing.contains(&key) {
                    report.add(
                        MovementRule::BoardSharing,
                        at,
                        format!(
                            "{} is at tables {} and {}, which the movement does not say share boards",
                            names.set(set),
                            key.0,
                            key.1
                        ),
                    );
                }
            }
            _ => report.add(
                MovementRule::BoardSharing,
                at,
                format!(
                    "{} is at tables {}; a set can be shared by two tables at most",
                    names.set(set),
                    join_and(&listed)
                ),
            ),
        }
    }
    let mut on_stand: BTreeMap<usize, usize> = BTreeMap::new();
    for &set in &round.resting_sets {
        if set == 0 || set > movement.sets {
            report.add(
                MovementRule::Malformed,
                at,
                format!(
                    "board set {set} on the relay stand does not exist (sets run 1 to {})",
                    movement.sets
                ),
            );
            continue;
        }
        *on_stand.entry(set).or_default() += 1;
    }
    for (&set, &count) in &on_stand {
        if count > 1 {
            report.add(
                MovementRule::RelayStand,
                at,
                format!("{} is listed {count} times on the relay stand", names.set(set)),
            );
        }
        if let Some(tables) = set_tables.get(&set) {
            let listed: Vec<String> = tables.iter().map(usize::to_string).collect();
            report.add(
                MovementRule::RelayStand,
                at,
                format!(
                    "{} is on the relay stand and also at table{} {}",
                    names.set(set),
                    if tables.len() == 1 { "" } else { "s" },
                    join_and(&listed)
                ),
            );
        }
    }
}

/// A round marked as keeping the seats of the round before (the second half-set of a
/// meeting) has exactly that round's tables and pairs; the first round cannot be one.
fn check_same_seats(round: &MovementRound, previous: Option<&MovementRound>, report: &mut MovementReport) {
    if !round.same_seats {
        return;
    }
    let Some(previous) = previous else {
        report.add(
            MovementRule::Malformed,
            Some(round.number),
            "the first round cannot keep the seats of a round before it".to_owned(),
        );
        return;
    };
    let seats = |r: &MovementRound| -> BTreeMap<usize, (usize, usize)> {
        r.tables.iter().map(|t| (t.table, (t.ns, t.ew))).collect()
    };
    if seats(round) != seats(previous) || round.sitting_out != previous.sitting_out {
        report.add(
            MovementRule::Malformed,
            Some(round.number),
            format!(
                "this round keeps the seats of round {}, but its pairs sit differently; a round with the same seats changes only the boards",
                previous.number
            ),
        );
    }
}

/// Over the evening: no two pairs meet twice, no pair plays a set twice, equal boards.
fn check_evening(movement: &Movement, names: &Names, tally: &Tally, report: &mut MovementReport) {
    for (&(a, b), rounds) in &tally.meetings {
        if rounds.len() > 1 {
            report.add(
                MovementRule::MeetingCount,
                None,
                format!(
                    "{} and {} meet {} times (rounds {}); two pairs meet at most once",
                    names.pair(a),
                    names.pair(b),
                    rounds.len(),
                    join_numbers(rounds)
                ),
            );
        }
    }
    for (&(pair, set), rounds) in &tally.plays {
        if rounds.len() > 1 {
            report.add(
                MovementRule::BoardRepeat,
                None,
                format!(
                    "{} plays {} {} times (rounds {}); a pair plays each board once",
                    names.pair(pair),
                    names.set(set),
                    rounds.len(),
                    join_numbers(rounds)
                ),
            );
        }
    }
    // Boards = distinct sets played × boards per set, for pairs seated every round.
    let rounds = movement.rounds.len();
    let sets_per_pair = tally.sets_per_pair();
    let mut boards: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for pair in 1..=movement.pairs {
        if tally.seated_rounds.get(&pair) != Some(&rounds) {
            continue;
        }
        let sets = sets_per_pair.get(&pair).copied().unwrap_or(0);
        let count = sets.saturating_mul(movement.boards_per_round);
        boards.entry(count).or_default().push(pair);
    }
    if boards.len() > 1 {
        let parts = describe_groups(names, &boards, "board");
        report.add(
            MovementRule::BoardCount,
            None,
            format!(
                "pairs that play every round play different numbers of boards: {}",
                parts.join("; ")
            ),
        );
    }
}

/// Every board set in play is played at least twice, at two tables with four different
/// pairs, so each score has another to be compared with. A set left with one play because a
/// pair left the evening (a withdrawn pair that had not played it yet) is not the movement's
/// fault: it is named in the summary instead.
fn check_comparisons(movement: &Movement, names: &Names, tally: &Tally, report: &mut MovementReport) {
    for (&set, plays) in &tally.set_plays {
        let apart = |a: &(usize, usize, usize, usize), b: &(usize, usize, usize, usize)| {
            a.2 != b.2 && a.2 != b.3 && a.3 != b.2 && a.3 != b.3
        };
        let compared = plays
            .iter()
            .enumerate()
            .any(|(i, a)| plays[i + 1..].iter().any(|b| apart(a, b)));
        if compared {
            continue;
        }
        let (subject, pronoun) = names.boards_are(set);
        let has = if pronoun == "it" { "has" } else { "have" };
        let places: Vec<String> = plays
            .iter()
            .map(|&(round, table, _, _)| format!("round {round}, table {table}"))
            .collect();
        let played = match plays.as_slice() {
            [_] => format!("{subject} played only once ({})", places.join("; ")),
            _ => format!(
                "{subject} played {} times ({}), but every two of those tables have a pair in common",
                plays.len(),
                places.join("; ")
            ),
        };
        let left: Vec<String> = movement
            .withdrawn
            .iter()
            .filter(|w| !tally.plays.contains_key(&(w.pair, set)))
            .map(|w| names.pair(w.pair))
            .collect();
        if left.is_empty() {
            report.add(
                MovementRule::Comparison,
                None,
                format!(
                    "{played}: {pronoun} {has} nothing to be compared with; every board is played at least twice, by different pairs"
                ),
            );
        } else {
            report.summary.push(format!(
                "{played}, as {} left: {pronoun} {has} nothing to be compared with",
                join_and(&left)
            ));
        }
    }
}

/// Mitchell: pairs 1..=T sit N-S, T+1..=2T sit E-W, all evening (no arrow switch yet);
/// every N-S pair meets every E-W pair at most once, exactly once over T rounds.
fn check_mitchell(movement: &Movement, names: &Names, tally: &Tally, report: &mut MovementReport) {
    let tables = movement.tables;
    if movement.pairs != 2 * tables {
        report.add(
            MovementRule::Malformed,
            None,
            format!(
                "a Mitchell on {tables} tables has {} pairs ({tables} N-S, {tables} E-W, a phantom counted as one), not {}",
                2 * tables,
                movement.pairs
            ),
        );
        return;
    }
    let is_ns = |p: usize| p >= 1 && p <= tables;
    let is_ew = |p: usize| p > tables && p <= 2 * tables;
    for round in &movement.rounds {
        let at = Some(round.number);
        // In an arrow-switched round the pairs numbered N-S sit E-W and the other way round.
        let (home, away) = if round.arrow_switch {
            ("E-W", "N-S")
        } else {
            ("N-S", "E-W")
        };
        for row in &round.tables {
            let t = row.table;
            if is_ns(row.ns) && is_ns(row.ew) {
                report.add(
                    MovementRule::Direction,
                    at,
                    format!(
                        "table {t}: {} and {} are both N-S pairs; in a Mitchell N-S pairs only meet E-W pairs",
                        names.pair(row.ns),
                        names.pair(row.ew)
                    ),
                );
            } else if is_ew(row.ns) && is_ew(row.ew) {
                report.add(
                    MovementRule::Direction,
                    at,
                    format!(
                        "table {t}: {} and {} are both E-W pairs; in a Mitchell E-W pairs only meet N-S pairs",
                        names.pair(row.ns),
                        names.pair(row.ew)
                    ),
                );
            } else if (is_ew(row.ns) && is_ns(row.ew) && !round.arrow_switch)
                || (is_ns(row.ns) && is_ew(row.ew) && round.arrow_switch)
            {
                report.add(
                    MovementRule::Direction,
                    at,
                    format!(
                        "table {t}: {} sits N-S and {} sits E-W; in {} pairs 1 to {tables} sit {home} and {} to {} sit {away}",
                        names.pair(row.ns),
                        names.pair(row.ew),
                        if round.arrow_switch { "this arrow-switched round" } else { "a Mitchell" },
                        tables + 1,
                        2 * tables
                    ),
                );
            }
        }
    }
    if movement.rounds.len() == tables {
        for ns in 1..=tables {
            for ew in tables + 1..=2 * tables {
                let gone = |p: usize| (1..=movement.rounds.len()).any(|r| absent(movement, p, r));
                if gone(ns) || gone(ew) {
                    continue;
                }
                if !tally.meetings.contains_key(&(ns, ew)) {
                    report.add(
                        MovementRule::MeetingCount,
                        None,
                        format!(
                            "{} and {} never meet; in a full Mitchell ({tables} rounds on {tables} tables) every N-S pair meets every E-W pair once",
                            names.pair(ns),
                            names.pair(ew)
                        ),
                    );
                }
            }
        }
    }
}

/// Howell: in a complete Howell (pairs − 1 rounds) every pair meets every other once.
fn check_howell(movement: &Movement, names: &Names, tally: &Tally, report: &mut MovementReport) {
    let pairs = movement.pairs;
    if pairs != 2 * movement.tables {
        report.add(
            MovementRule::Malformed,
            None,
            format!(
                "a Howell on {} tables has {} pairs (a phantom counted as one), not {pairs}",
                movement.tables,
                2 * movement.tables
            ),
        );
    }
    if matches!(
        movement.kind,
        MovementKind::ThreeQuarterHowell | MovementKind::RelayThreeQuarterHowell
    ) {
        check_incomplete_howell(movement, names, tally, report);
    }
    // Only a complete Howell promises every meeting (a three-quarter Howell is a part). A
    // round with the same seats as the one before is no new meeting.
    let meeting_rounds = movement.rounds.iter().filter(|r| !r.same_seats).count();
    let complete = matches!(movement.kind, MovementKind::Howell | MovementKind::HalfSetHowell);
    if !complete || pairs < 2 || meeting_rounds != pairs - 1 {
        return;
    }
    for a in 1..=pairs {
        for b in a + 1..=pairs {
            let gone = |p: usize| (1..=movement.rounds.len()).any(|r| absent(movement, p, r));
            if gone(a) || gone(b) {
                continue;
            }
            if !tally.meetings.contains_key(&(a, b)) {
                report.add(
                    MovementRule::MeetingCount,
                    None,
                    format!(
                        "{} and {} never meet; in a complete Howell ({} rounds for {pairs} pairs) every pair meets every other once",
                        names.pair(a),
                        names.pair(b),
                        pairs - 1
                    ),
                );
            }
        }
    }
}

/// A three-quarter (incomplete) Howell: fewer rounds than the pairs − 1 of a complete one,
/// and balanced: every pair that is there all evening plays the same number of rounds,
/// counting a round it sits out opposite an absent pair as played (it is scored so). Counted
/// here from the rows and the sit-out lists.
fn check_incomplete_howell(movement: &Movement, names: &Names, tally: &Tally, report: &mut MovementReport) {
    let pairs = movement.pairs;
    let rounds = movement.rounds.len();
    if rounds + 1 >= pairs {
        report.add(
            MovementRule::Balance,
            None,
            format!(
                "a three-quarter Howell for {pairs} pairs plays fewer than {} rounds (that would be a complete Howell); this one has {rounds}",
                pairs.saturating_sub(1)
            ),
        );
    }
    let mut sat_out: BTreeMap<usize, usize> = BTreeMap::new();
    for round in &movement.rounds {
        for &pair in &round.sitting_out {
            *sat_out.entry(pair).or_default() += 1;
        }
    }
    let mut by_count: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for pair in 1..=pairs {
        if (1..=rounds).any(|r| absent(movement, pair, r)) {
            continue;
        }
        let played =
            tally.seated_rounds.get(&pair).copied().unwrap_or(0) + sat_out.get(&pair).copied().unwrap_or(0);
        by_count.entry(played).or_default().push(pair);
    }
    if by_count.len() > 1 {
        let parts = describe_groups(names, &by_count, "round");
        report.add(
            MovementRule::Balance,
            None,
            format!(
                "the three-quarter Howell is not balanced: {}; every pair plays the same number of rounds",
                parts.join("; ")
            ),
        );
    }
}

/// "pair 1 and pair 3 play 7 rounds", one part per count, for a count → pairs grouping.
fn describe_groups(names: &Names, groups: &BTreeMap<usize, Vec<usize>>, unit: &str) -> Vec<String> {
    groups
        .iter()
        .map(|(count, pairs)| {
            let listed: Vec<String> = pairs.iter().map(|&p| names.pair(p)).collect();
            format!(
                "{} play{} {count} {unit}{}",
                join_and(&listed),
                if pairs.len() == 1 { "s" } else { "" },
                if *count == 1 { "" } else { "s" }
            )
        })
        .collect()
}

fn join_numbers(numbers: &[usize]) -> String {
    let listed: Vec<String> = numbers.iter().map(usize::to_string).collect();
    join_and(&listed)
}

fn summarise(movement: &Movement, tally: &Tally, report: &mut MovementReport) {
    let kind = match movement.kind {
        MovementKind::Mitchell => "Mitchell",
        MovementKind::SkipMitchell => "skip Mitchell",
        MovementKind::RelayMitchell => "relay-and-share Mitchell",
        MovementKind::Howell => "Howell",
        MovementKind::HalfSetHowell => "Howell in half-sets",
        MovementKind::ThreeQuarterHowell => "three-quarter Howell",
        MovementKind::RelayThreeQuarterHowell => "three-quarter Howell with relays",
        MovementKind::TeamsOfFour => "teams-of-four movement",
    };
    report.summary.push(format!(
        "{kind}: {} pairs on {} tables, {} rounds of {} boards",
        movement.pairs,
        movement.tables,
        movement.rounds.len(),
        movement.boards_per_round
    ));
    if let Some(phantom) = movement.phantom {
        report.summary.push(format!(
            "phantom: pair {phantom} (its opponent sits out each round)"
        ));
    }
    let sets_per_pair = tally.sets_per_pair();
    let mut per_pair: BTreeSet<usize> = BTreeSet::new();
    for pair in 1..=movement.pairs {
        if movement.phantom == Some(pair) {
            continue;
        }
        let sets = sets_per_pair.get(&pair).copied().unwrap_or(0);
        per_pair.insert(sets.saturating_mul(movement.boards_per_round));
    }
    let listed: Vec<String> = per_pair.iter().map(usize::to_string).collect();
    report
        .summary
        .push(format!("boards per pair: {}", listed.join(" or ")));
    report.summary.push(format!(
        "board sets: {} ({} boards), {} of them played",
        movement.sets,
        movement.sets.saturating_mul(movement.boards_per_round),
        tally.sets_played.len()
    ));
    if movement.sharing.is_empty() {
        report.summary.push("sharing: none".to_owned());
    } else {
        let listed: Vec<String> = movement
            .sharing
            .iter()
            .map(|(a, b)| format!("tables {a} and {b}"))
            .collect();
        report.summary.push(format!("sharing: {}", listed.join(", ")));
    }
    let resting: usize = movement
        .rounds
        .iter()
        .map(|r| r.resting_sets.len())
        .max()
        .unwrap_or(0);
    if resting > 0 {
        report
            .summary
            .push(format!(
                "not in play: up to {resting} set{} a round (on a relay stand, or at a table with a pair missing)",
                if resting == 1 { "" } else { "s" }
            ));
    }
    report.summary.push(super::balance::balance(movement).describe());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::TableRound;

    /// One round as written on a card: rows (table, N-S, E-W, set), pairs sitting out,
    /// sets on the relay stand.
    type Card = (Vec<(usize, usize, usize, usize)>, Vec<usize>, Vec<usize>);

    fn movement(
        kind: MovementKind,
        pairs: usize,
        tables: usize,
        sets: usize,
        sharing: Vec<(usize, usize)>,
        cards: Vec<Card>,
    ) -> Movement {
        let rounds = cards
            .into_iter()
            .enumerate()
            .map(|(i, (rows, sitting_out, resting_sets))| MovementRound {
                number: i + 1,
                tables: rows
                    .into_iter()
                    .map(|(table, ns, ew, set)| TableRound { table, ns, ew, set })
                    .collect(),
                sitting_out,
                resting_sets,
                arrow_switch: false,
                same_seats: false,
                relay: Vec::new(),
            })
            .collect();
        Movement {
            kind,
            pairs,
            tables,
            boards_per_round: 2,
            sets,
            phantom: None,
            sharing,
            withdrawn: Vec::new(),
            phantom_seats: Vec::new(),
            late: Vec::new(),
            rounds,
        }
    }

    /// A 3-table Mitchell written out from the rules: N-S (1–3) stay, E-W (4–6) move up one
    /// table, boards move down one table; 3 sets of 2 boards.
    fn mitchell_3() -> Movement {
        movement(
            MovementKind::Mitchell,
            6,
            3,
            3,
            vec![],
            vec![
                (vec![(1, 1, 4, 1), (2, 2, 5, 2), (3, 3, 6, 3)], vec![], vec![]),
                (vec![(1, 1, 6, 2), (2, 2, 4, 3), (3, 3, 5, 1)], vec![], vec![]),
                (vec![(1, 1, 5, 3), (2, 2, 6, 1), (3, 3, 4, 2)], vec![], vec![]),
            ],
        )
    }

    /// A 2-table Howell by hand: pair 4 stays at table 1, the others rotate; both tables
    /// share the round's set (3 sets for 3 rounds, as only sharing makes it fit).
    fn howell_2() -> Movement {
        movement(
            MovementKind::Howell,
            4,
            2,
            3,
            vec![(1, 2)],
            vec![
                (vec![(1, 4, 1, 1), (2, 2, 3, 1)], vec![], vec![]),
                (vec![(1, 4, 2, 2), (2, 3, 1, 2)], vec![], vec![]),
                (vec![(1, 4, 3, 3), (2, 1, 2, 3)], vec![], vec![]),
            ],
        )
    }

    fn messages(report: &MovementReport) -> Vec<String> {
        report.violations.iter().map(ToString::to_string).collect()
    }

    fn assert_says(report: &MovementReport, rule: MovementRule, text: &str) {
        assert!(
            report
                .violations
                .iter()
                .any(|v| v.rule == rule && v.to_string() == text),
            "expected {rule:?} «{text}», got {:#?}",
            messages(report)
        );
    }

    fn row(m: &mut Movement, round: usize, table: usize) -> &mut TableRound {
        m.rounds[round - 1]
            .tables
            .iter_mut()
            .find(|t| t.table == table)
            .expect("test row exists")
    }

    #[test]
    fn hand_written_mitchell_and_howell_are_valid() {
        let report = verify_movement(&mitchell_3());
        assert!(report.is_valid(), "{:#?}", messages(&report));
        assert_eq!(
            report.summary,
            vec![
                "Mitchell: 6 pairs on 3 tables, 3 rounds of 2 boards",
                "boards per pair: 6",
                "board sets: 3 (6 boards), 3 of them played",
                "sharing: none",
                "comparisons: every two pairs of a field compared on 6–6 boards (spread 0)",
            ]
        );
        let report = verify_movement(&howell_2());
        assert!(report.is_valid(), "{:#?}", messages(&report));
        assert!(report.summary.contains(&"sharing: tables 1 and 2".to_owned()));
    }

    #[test]
    fn a_pair_in_the_wrong_direction_is_named() {
        let mut m = mitchell_3();
        let r = row(&mut m, 1, 2);
        (r.ns, r.ew) = (r.ew, r.ns);
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::Direction,
            "round 1: table 2: pair 5 (2 EW) sits N-S and pair 2 (2 NS) sits E-W; in a Mitchell pairs 1 to 3 sit N-S and 4 to 6 sit E-W",
        );
        assert_eq!(report.violations.len(), 1, "{:#?}", messages(&report));
    }

    #[test]
    fn a_repeated_set_is_named_with_its_boards() {
        let mut m = mitchell_3();
        // Round 2: tables 1 and 3 exchange sets, so pair 1 gets set 1 again.
        row(&mut m, 2, 1).set = 1;
        row(&mut m, 2, 3).set = 2;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::BoardRepeat,
            "pair 1 (1 NS) plays set 1 (boards 1–2) 2 times (rounds 1 and 2); a pair plays each board once",
        );
        assert_says(
            &report,
            MovementRule::BoardCount,
            "pairs that play every round play different numbers of boards: pair 1 (1 NS), pair 3 (3 NS), pair 5 (2 EW) and pair 6 (3 EW) play 4 boards; pair 2 (2 NS) and pair 4 (1 EW) play 6 boards",
        );
        assert!(!report.breaks(MovementRule::BoardSharing));
    }

    #[test]
    fn a_set_at_two_tables_needs_declared_sharing() {
        let mut m = mitchell_3();
        row(&mut m, 1, 2).set = 1;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::BoardSharing,
            "round 1: set 1 (boards 1–2) is at tables 1 and 2, which the movement does not say share boards",
        );
        m.sharing = vec![(1, 2)];
        assert!(!verify_movement(&m).breaks(MovementRule::BoardSharing));
        row(&mut m, 1, 3).set = 1;
        assert_says(
            &verify_movement(&m),
            MovementRule::BoardSharing,
            "round 1: set 1 (boards 1–2) is at tables 1, 2 and 3; a set can be shared by two tables at most",
        );
    }

    #[test]
    fn two_pairs_meeting_twice_and_never_are_named() {
        let mut m = mitchell_3();
        // Round 3: the E-W pairs at tables 1 and 2 exchange seats.
        row(&mut m, 3, 1).ew = 6;
        row(&mut m, 3, 2).ew = 5;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::MeetingCount,
            "pair 1 (1 NS) and pair 6 (3 EW) meet 2 times (rounds 2 and 3); two pairs meet at most once",
        );
        assert_says(
            &report,
            MovementRule::MeetingCount,
            "pair 1 (1 NS) and pair 5 (2 EW) never meet; in a full Mitchell (3 rounds on 3 tables) every N-S pair meets every E-W pair once",
        );
    }

    #[test]
    fn a_pair_seated_twice_or_seated_and_sitting_out_is_named() {
        let mut m = mitchell_3();
        row(&mut m, 1, 3).ew = 5;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::DoubleBooked,
            "round 1: pair 5 (2 EW) is at tables 2 and 3",
        );
        assert_says(
            &report,
            MovementRule::Missing,
            "round 1: pair 6 (3 EW) is neither at a table nor sitting out",
        );

        let mut m = mitchell_3();
        m.rounds[0].sitting_out.push(4);
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::DoubleBooked,
            "round 1: pair 4 (1 EW) is at table 1 and sitting out",
        );
        assert_says(
            &report,
            MovementRule::SitOut,
            "round 1: pair 4 (1 EW) sits out but every pair is there, so every pair plays every round",
        );
    }

    #[test]
    fn same_direction_pairs_meeting_are_named() {
        let mut m = mitchell_3();
        row(&mut m, 2, 2).ew = 3;
        row(&mut m, 2, 3).ns = 4;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::Direction,
            "round 2: table 2: pair 2 (2 NS) and pair 3 (3 NS) are both N-S pairs; in a Mitchell N-S pairs only meet E-W pairs",
        );
        assert_says(
            &report,
            MovementRule::Direction,
            "round 2: table 3: pair 4 (1 EW) and pair 5 (2 EW) are both E-W pairs; in a Mitchell E-W pairs only meet N-S pairs",
        );
    }

    #[test]
    fn numbers_out_of_range_and_bad_round_order_are_named() {
        let mut m = mitchell_3();
        row(&mut m, 1, 1).set = 4;
        row(&mut m, 2, 3).table = 4;
        row(&mut m, 3, 2).ew = 7;
        m.rounds[1].number = 5;
        m.rounds[2].resting_sets.push(1);
        let report = verify_movement(&m);
        for text in [
            "round 1: table 1: board set 4 does not exist (sets run 1 to 3)",
            "round 5: table 4 does not exist (tables run 1 to 3)",
            "round 5: this is round 2 of the list but is numbered 5; rounds run 1, 2, 3… in order",
            "round 3: table 2: the E-W pair is number 7, which does not exist (pairs run 1 to 6)",
        ] {
            assert_says(&report, MovementRule::Malformed, text);
        }
        assert_says(
            &report,
            MovementRule::RelayStand,
            "round 3: set 1 (boards 1–2) is on the relay stand and also at table 2",
        );
    }

    #[test]
    fn a_phantom_pair_is_never_seated_and_its_opponent_sits_out() {
        // The 3-table Mitchell with 5 pairs: 3 EW (pair 6) is the phantom.
        let mut m = mitchell_3();
        m.phantom = Some(6);
        for round in &mut m.rounds {
            let at = round.tables.iter().position(|t| t.ew == 6).expect("pair 6 plays");
            let opponent = round.tables.remove(at).ns;
            round.sitting_out.push(opponent);
        }
        let report = verify_movement(&m);
        assert!(report.is_valid(), "{:#?}", messages(&report));

        let mut seated = mitchell_3();
        seated.phantom = Some(6);
        let report = verify_movement(&seated);
        assert_says(
            &report,
            MovementRule::Malformed,
            "round 1: table 3: the phantom pair 6 (3 EW) is seated E-W; its opponents should be listed as sitting out instead",
        );
        assert_says(
            &report,
            MovementRule::SitOut,
            "round 1: nobody sits out, but the phantom pair 6 (3 EW) has an opponent every round, who sits out",
        );
    }

    /// A Mitchell on `tables` tables from the club rules, written here (not by the generator):
    /// N-S pair t stays at table t; E-W pair e (pair tables + e) starts at table e and moves
    /// up one table a round, up two after round `skip_after` (a skip Mitchell); set t starts
    /// at table t and moves down one table a round.
    fn mitchell_by_rule(tables: usize, rounds: usize, skip_after: Option<usize>) -> Movement {
        let cards = (1..=rounds)
            .map(|r| {
                let skip = usize::from(skip_after.is_some_and(|k| r > k));
                let rows = (1..=tables)
                    .map(|t| {
                        // E-W pair e sits at table (e − 1 + r − 1 + skip) mod T + 1.
                        let e = (t - 1 + 2 * tables - (r - 1) - skip) % tables + 1;
                        let set = (t - 1 + r - 1) % tables + 1;
                        (t, t, tables + e, set)
                    })
                    .collect();
                (rows, vec![], vec![])
            })
            .collect();
        let kind = if skip_after.is_some() {
            MovementKind::SkipMitchell
        } else {
            MovementKind::Mitchell
        };
        movement(kind, 2 * tables, tables, tables, vec![], cards)
    }

    #[test]
    fn mitchells_by_the_club_rules_are_valid_and_a_swap_is_always_caught() {
        for tables in 3..=30 {
            let m = if tables % 2 == 1 {
                mitchell_by_rule(tables, tables, None)
            } else {
                // Even tables: T − 1 rounds, E-W skip a table after half of them.
                mitchell_by_rule(tables, tables - 1, Some(tables / 2))
            };
            for boards in 1..=4 {
                let mut m = m.clone();
                m.boards_per_round = boards;
                let report = verify_movement(&m);
                assert!(report.is_valid(), "{tables} tables: {:#?}", messages(&report));
            }
            // The E-W pairs of tables 1 and 2 exchange seats in the last round.
            let mut swapped = m.clone();
            let last = swapped.rounds.len();
            let (a, b) = (row(&mut swapped, last, 1).ew, row(&mut swapped, last, 2).ew);
            row(&mut swapped, last, 1).ew = b;
            row(&mut swapped, last, 2).ew = a;
            assert!(
                verify_movement(&swapped).breaks(MovementRule::MeetingCount),
                "{tables} tables"
            );
        }
        // An even Mitchell without the skip runs into its own boards half way.
        let report = verify_movement(&mitchell_by_rule(6, 5, None));
        assert_says(
            &report,
            MovementRule::BoardRepeat,
            "pair 7 (1 EW) plays set 1 (boards 1–2) 2 times (rounds 1 and 4); a pair plays each board once",
        );
    }

    /// A relay-and-share Mitchell on an even number of tables from the club rules, written
    /// here: N-S stay, E-W move up one table; the boards move down one place round a circuit
    /// of T places: the place shared by tables 1 and T, tables 2 to T/2, the relay stand,
    /// tables T/2 + 1 to T − 1. Set i starts at place i; T rounds.
    fn relay_mitchell_by_rule(tables: usize) -> Movement {
        #[derive(Clone, Copy)]
        enum Place {
            Shared,
            Table(usize),
            Relay,
        }
        let mut circuit = vec![Place::Shared];
        circuit.extend((2..=tables / 2).map(Place::Table));
        circuit.push(Place::Relay);
        circuit.extend((tables / 2 + 1..tables).map(Place::Table));
        let cards = (1..=tables)
            .map(|r| {
                let mut rows = Vec::new();
                let mut resting = Vec::new();
                for (i, &place) in circuit.iter().enumerate() {
                    let set = (i + r - 1) % tables + 1;
                    let at: Vec<usize> = match place {
                        Place::Shared => vec![1, tables],
                        Place::Table(t) => vec![t],
                        Place::Relay => {
                            resting.push(set);
                            vec![]
                        }
                    };
                    for t in at {
                        let e = (t - 1 + tables - (r - 1)) % tables + 1;
                        rows.push((t, t, tables + e, set));
                    }
                }
                rows.sort_unstable();
                (rows, vec![], resting)
            })
            .collect();
        movement(
            MovementKind::RelayMitchell,
            2 * tables,
            tables,
            tables,
            vec![(1, tables)],
            cards,
        )
    }

    #[test]
    fn relay_mitchells_by_the_club_rules_are_valid_and_need_their_sharing() {
        for tables in (4..=30).step_by(2) {
            let m = relay_mitchell_by_rule(tables);
            for boards in 1..=4 {
                let mut m = m.clone();
                m.boards_per_round = boards;
                let report = verify_movement(&m);
                assert!(report.is_valid(), "{tables} tables: {:#?}", messages(&report));
            }
            let mut undeclared = m.clone();
            undeclared.sharing.clear();
            assert!(
                verify_movement(&undeclared).breaks(MovementRule::BoardSharing),
                "{tables} tables"
            );
        }
        let mut m = relay_mitchell_by_rule(4);
        // Round 1: the relay holds set 3; table 2 takes it instead of its own set 2.
        assert_eq!(m.rounds[0].resting_sets, vec![3]);
        row(&mut m, 1, 2).set = 3;
        assert_says(
            &verify_movement(&m),
            MovementRule::RelayStand,
            "round 1: set 3 (boards 5–6) is on the relay stand and also at table 2",
        );
    }

    #[test]
    fn absurd_counts_are_refused_without_hanging() {
        let mut m = howell_2();
        m.pairs = usize::MAX;
        let report = verify_movement(&m);
        assert_eq!(
            messages(&report),
            vec![format!(
                "the movement has {} pairs; a movement has at most 1000",
                usize::MAX
            )]
        );
        let mut m = howell_2();
        m.rounds.clear();
        assert_says(
            &verify_movement(&m),
            MovementRule::Malformed,
            "the movement has no rounds",
        );
        let mut m = howell_2();
        m.pairs = 5;
        assert_says(
            &verify_movement(&m),
            MovementRule::Malformed,
            "a Howell on 2 tables has 4 pairs (a phantom counted as one), not 5",
        );
    }

    #[test]
    fn a_howell_where_pairs_meet_twice_is_caught() {
        let mut m = howell_2();
        // Round 3 repeats round 2's pairings (with round 3's set).
        m.rounds[2].tables = vec![
            TableRound {
                table: 1,
                ns: 4,
                ew: 2,
                set: 3,
            },
            TableRound {
                table: 2,
                ns: 3,
                ew: 1,
                set: 3,
            },
        ];
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::MeetingCount,
            "pair 2 and pair 4 meet 2 times (rounds 2 and 3); two pairs meet at most once",
        );
        assert_says(
            &report,
            MovementRule::MeetingCount,
            "pair 1 and pair 2 never meet; in a complete Howell (3 rounds for 4 pairs) every pair meets every other once",
        );
        // A Howell has no directions: switching a table is fine.
        let mut switched = howell_2();
        let r = row(&mut switched, 2, 2);
        (r.ns, r.ew) = (r.ew, r.ns);
        assert!(verify_movement(&switched).is_valid());
    }

    /// The 4-table complete Howell (8 pairs, 7 rounds, 7 sets, relay stands), as published
    /// by Ian McKinnon's "Bridge Movements" (bridgecentral.com, "Producing Howell movements",
    /// http://www.bridgecentral.com/MvtHTML/producinghowellmovements.htm): first round in
    /// shorthand "8-1 6-5 4-2 R 7-3 2R" (positions 1–7 round the room: tables 1, 2, 3, a
    /// relay, table 4, two relays; set p starts at position p). The moves, from the same
    /// author (https://bridgecentral.com/ReducedHowell.htm): each pair but pair 8 moves to
    /// the spot of the pair numbered one below (pair 1 to pair 7's), boards move to the next
    /// lower position, through the relays. Written out round by round below.
    #[test]
    fn published_four_table_howell_is_valid() {
        #[rustfmt::skip]
        let rounds: Vec<Card> = vec![
            // (table, N-S, E-W, set) at tables 1–4; sets on the relay stands
            (vec![(1, 8, 1, 1), (2, 6, 5, 2), (3, 4, 2, 3), (4, 7, 3, 5)], vec![], vec![4, 6, 7]),
            (vec![(1, 8, 2, 2), (2, 7, 6, 3), (3, 5, 3, 4), (4, 1, 4, 6)], vec![], vec![1, 5, 7]),
            (vec![(1, 8, 3, 3), (2, 1, 7, 4), (3, 6, 4, 5), (4, 2, 5, 7)], vec![], vec![1, 2, 6]),
            (vec![(1, 8, 4, 4), (2, 2, 1, 5), (3, 7, 5, 6), (4, 3, 6, 1)], vec![], vec![2, 3, 7]),
            (vec![(1, 8, 5, 5), (2, 3, 2, 6), (3, 1, 6, 7), (4, 4, 7, 2)], vec![], vec![1, 3, 4]),
            (vec![(1, 8, 6, 6), (2, 4, 3, 7), (3, 2, 7, 1), (4, 5, 1, 3)], vec![], vec![2, 4, 5]),
            (vec![(1, 8, 7, 7), (2, 5, 4, 1), (3, 3, 1, 2), (4, 6, 2, 4)], vec![], vec![3, 5, 6]),
        ];
        let m = movement(MovementKind::Howell, 8, 4, 7, vec![], rounds);
        let report = verify_movement(&m);
        assert!(report.is_valid(), "{:#?}", messages(&report));
        assert!(report.summary.contains(&"boards per pair: 14".to_owned()));
        assert!(
            report.summary.contains(
                &"not in play: up to 3 sets a round (on a relay stand, or at a table with a pair missing)"
                    .to_owned()
            )
        );

        // 3½ tables: pair 8 is the phantom; whoever it would meet at table 1 sits out.
        let mut half = m.clone();
        half.phantom = Some(8);
        for round in &mut half.rounds {
            let opponent = round.tables.remove(0).ew;
            round.sitting_out.push(opponent);
        }
        let report = verify_movement(&half);
        assert!(report.is_valid(), "{:#?}", messages(&report));
        assert!(report.summary.contains(&"boards per pair: 12".to_owned()));
    }

    /// A 7-table Mitchell as a director's guide states it ("NS pairs stay at the same table
    /// all round; EW pairs move up one table after each round; boards move down one table";
    /// "use 2 boards per round for Mitchell movements of 7, 8 or 9 tables": The Bridge Base
    /// director pages, http://esvc006636.swp0002ssl.server-secure.com/tbb/director/page03.htm;
    /// the same rules in bridgecentral.com's Mitchell chapters). Pairs 1–7 N-S, 8–14 E-W
    /// (1 EW to 7 EW), set t starts at table t. Written out round by round.
    #[test]
    fn published_seven_table_mitchell_is_valid() {
        #[rustfmt::skip]
        let rows: Vec<Vec<(usize, usize, usize, usize)>> = vec![
            // (table, N-S, E-W, set), one line per round
            vec![(1, 1, 8, 1), (2, 2, 9, 2), (3, 3, 10, 3), (4, 4, 11, 4), (5, 5, 12, 5), (6, 6, 13, 6), (7, 7, 14, 7)],
            vec![(1, 1, 14, 2), (2, 2, 8, 3), (3, 3, 9, 4), (4, 4, 10, 5), (5, 5, 11, 6), (6, 6, 12, 7), (7, 7, 13, 1)],
            vec![(1, 1, 13, 3), (2, 2, 14, 4), (3, 3, 8, 5), (4, 4, 9, 6), (5, 5, 10, 7), (6, 6, 11, 1), (7, 7, 12, 2)],
            vec![(1, 1, 12, 4), (2, 2, 13, 5), (3, 3, 14, 6), (4, 4, 8, 7), (5, 5, 9, 1), (6, 6, 10, 2), (7, 7, 11, 3)],
            vec![(1, 1, 11, 5), (2, 2, 12, 6), (3, 3, 13, 7), (4, 4, 14, 1), (5, 5, 8, 2), (6, 6, 9, 3), (7, 7, 10, 4)],
            vec![(1, 1, 10, 6), (2, 2, 11, 7), (3, 3, 12, 1), (4, 4, 13, 2), (5, 5, 14, 3), (6, 6, 8, 4), (7, 7, 9, 5)],
            vec![(1, 1, 9, 7), (2, 2, 10, 1), (3, 3, 11, 2), (4, 4, 12, 3), (5, 5, 13, 4), (6, 6, 14, 5), (7, 7, 8, 6)],
        ];
        let cards = rows.into_iter().map(|r| (r, vec![], vec![])).collect();
        let m = movement(MovementKind::Mitchell, 14, 7, 7, vec![], cards);
        let report = verify_movement(&m);
        assert!(report.is_valid(), "{:#?}", messages(&report));
        assert!(report.summary.contains(&"boards per pair: 14".to_owned()));

        // The same card cut to 6 rounds is a valid (short) Mitchell: at most once is enough.
        let mut short = m.clone();
        short.rounds.pop();
        assert!(verify_movement(&short).is_valid());
    }

    /// A three-quarter Howell written here from the rules (not by the generator): 12 pairs
    /// on 6 tables, 8 rounds, 8 sets. Pairs 9–12 stay N-S at tables 1–4; the moving pairs are
    /// residues 0–7 (pair = residue + 1) and in round r every residue and every set offset is
    /// shifted by r (mod 8). First round, worked out by hand: tables 1–4 meet residues 3, 5,
    /// 6, 7 with offsets 0, 1, 7, 6; table 5 seats 0–1 (difference ±1) with offset 3, table 6
    /// seats 2–4 (±2) with offset 2. The values offset − residue (5, 4, 1, 7; 3, 2; 0, 6)
    /// all differ, so no pair meets a set twice; the offsets differ, so no set is at two
    /// tables.
    fn three_quarter_by_rule() -> Movement {
        let starter: [(Option<usize>, usize, usize); 6] = [
            (None, 3, 0),
            (None, 5, 1),
            (None, 6, 7),
            (None, 7, 6),
            (Some(0), 1, 3),
            (Some(2), 4, 2),
        ];
        let cards = (0..8)
            .map(|r| {
                let rows = starter
                    .iter()
                    .enumerate()
                    .map(|(j, &(ns, ew, o))| {
                        let moving = |x: usize| (x + r) % 8 + 1;
                        let ns = ns.map_or(9 + j, moving);
                        (j + 1, ns, moving(ew), (o + r) % 8 + 1)
                    })
                    .collect();
                (rows, vec![], vec![])
            })
            .collect();
        movement(MovementKind::ThreeQuarterHowell, 12, 6, 8, vec![], cards)
    }

    #[test]
    fn a_three_quarter_howell_is_balanced_and_shorter_than_a_complete_one() {
        let m = three_quarter_by_rule();
        let report = verify_movement(&m);
        assert!(report.is_valid(), "{:#?}", messages(&report));
        // Every pair meets 8 of the 11 others: not a complete Howell, and not checked as one.
        assert_eq!(
            report.summary[0],
            "three-quarter Howell: 12 pairs on 6 tables, 8 rounds of 2 boards"
        );

        // Table 6 left out of the last round: pairs 2 and 4 play a round fewer.
        let mut short = m.clone();
        short.rounds[7].tables.pop();
        assert_says(
            &verify_movement(&short),
            MovementRule::Balance,
            "the three-quarter Howell is not balanced: pair 2 and pair 4 play 7 rounds; pair 1, pair 3, pair 5, pair 6, pair 7, pair 8, pair 9, pair 10, pair 11 and pair 12 play 8 rounds; every pair plays the same number of rounds",
        );

        // With a phantom (pair 12), its opponents sit out a round each and are still counted.
        let mut half = m.clone();
        half.phantom = Some(12);
        for round in &mut half.rounds {
            let gone = round.tables.remove(3);
            round.sitting_out.push(gone.ew);
        }
        assert!(
            verify_movement(&half).is_valid(),
            "{:#?}",
            messages(&verify_movement(&half))
        );

        // A whole 6-table Howell's worth of rounds is not a three-quarter Howell.
        let mut long = m.clone();
        long.rounds = (1..=11)
            .map(|number| MovementRound {
                number,
                ..long.rounds[(number - 1) % 8].clone()
            })
            .collect();
        assert_says(
            &verify_movement(&long),
            MovementRule::Balance,
            "a three-quarter Howell for 12 pairs plays fewer than 11 rounds (that would be a complete Howell); this one has 11",
        );
    }

    /// The 5-pair Howell as Tourney made it before issue 40: the 6-set 3-table Howell with
    /// the stationary pair 6 as the phantom, so table 1 is empty and two sets that were
    /// played twice lose their table-1 play. Written out by hand.
    fn five_pair_howell_with_lone_sets() -> Movement {
        let mut m = movement(
            MovementKind::Howell,
            6,
            3,
            6,
            vec![],
            vec![
                (vec![(2, 4, 3, 2), (3, 2, 5, 3)], vec![1], vec![1, 4, 5, 6]),
                (vec![(2, 5, 4, 1), (3, 3, 1, 3)], vec![2], vec![2, 4, 5, 6]),
                (vec![(2, 1, 5, 2), (3, 4, 2, 5)], vec![3], vec![1, 3, 4, 6]),
                (vec![(2, 2, 1, 4), (3, 5, 3, 6)], vec![4], vec![1, 2, 3, 5]),
                (vec![(2, 3, 2, 1), (3, 1, 4, 6)], vec![5], vec![2, 3, 4, 5]),
            ],
        );
        m.phantom = Some(6);
        m
    }

    #[test]
    fn a_board_played_once_is_named_with_where_it_is_played() {
        let m = five_pair_howell_with_lone_sets();
        let report = verify_movement(&m);
        assert_eq!(
            messages(&report),
            vec![
                "boards 7–8 (set 4) are played only once (round 4, table 2): they have nothing to be compared with; every board is played at least twice, by different pairs",
                "boards 9–10 (set 5) are played only once (round 3, table 3): they have nothing to be compared with; every board is played at least twice, by different pairs",
            ]
        );
        assert!(report.breaks(MovementRule::Comparison));
        // One board a round: named as a board.
        let mut single = m.clone();
        single.boards_per_round = 1;
        assert_says(
            &verify_movement(&single),
            MovementRule::Comparison,
            "board 4 (set 4) is played only once (round 4, table 2): it has nothing to be compared with; every board is played at least twice, by different pairs",
        );
        // The same seating with five sets, each at two tables of different pairs (the
        // last round's shared by tables 2 and 3): every board has a comparison.
        let mut mended = movement(
            MovementKind::Howell,
            6,
            3,
            5,
            vec![(2, 3)],
            vec![
                (vec![(2, 4, 3, 2), (3, 2, 5, 4)], vec![1], vec![1, 3, 5]),
                (vec![(2, 5, 4, 3), (3, 3, 1, 4)], vec![2], vec![1, 2, 5]),
                (vec![(2, 1, 5, 2), (3, 4, 2, 1)], vec![3], vec![3, 4, 5]),
                (vec![(2, 2, 1, 3), (3, 5, 3, 1)], vec![4], vec![2, 4, 5]),
                (vec![(2, 3, 2, 5), (3, 1, 4, 5)], vec![5], vec![1, 2, 3, 4]),
            ],
        );
        mended.phantom = Some(6);
        let report = verify_movement(&mended);
        assert!(report.is_valid(), "{:#?}", messages(&report));
    }

    #[test]
    fn a_set_played_twice_by_one_pair_is_no_comparison() {
        // The 2-table Howell with set 1 played at table 1 in rounds 1 and 2 (pair 4 both
        // times) and nowhere else: two plays, but no comparison.
        let mut m = howell_2();
        m.sets = 4;
        row(&mut m, 1, 2).set = 4;
        row(&mut m, 2, 1).set = 1;
        row(&mut m, 2, 2).set = 4;
        let report = verify_movement(&m);
        assert_says(
            &report,
            MovementRule::Comparison,
            "boards 1–2 (set 1) are played 2 times (round 1, table 1; round 2, table 1), but every two of those tables have a pair in common: they have nothing to be compared with; every board is played at least twice, by different pairs",
        );
        assert!(report.breaks(MovementRule::BoardRepeat));
    }

    #[test]
    fn a_board_left_alone_by_a_pair_that_left_is_said_not_refused() {
        use crate::movement::{howell, withdraw};
        // 4 pairs, 2 tables sharing each round's set: when pair 3 leaves after round 1, the
        // sets of rounds 2 and 3 are played at one table only. The movement was fair; the
        // summary says what the withdrawal costs.
        let left = withdraw(howell(2, 2).unwrap(), 3, 1).unwrap();
        let report = verify_movement(&left);
        assert!(report.is_valid(), "{:#?}", messages(&report));
        let notes: Vec<&String> = report
            .summary
            .iter()
            .filter(|l| l.contains("as pair 3 left"))
            .collect();
        assert_eq!(notes.len(), 2, "{:#?}", report.summary);
        assert!(
            notes[0].contains("played only once")
                && notes[0].ends_with("they have nothing to be compared with"),
            "{notes:?}"
        );
    }

    #[test]
    fn adjusted_movements_are_checked_like_any_other() {
        use crate::movement::{arrow_switch, howell, mitchell, skip_mitchell, with_phantom, withdraw};
        let switched = arrow_switch(mitchell(7, 3).unwrap(), &[7]).unwrap();
        assert!(
            verify_movement(&switched).is_valid(),
            "{:?}",
            verify_movement(&switched)
        );
        // The last round switched back by hand at one table only: caught.
        let mut half = switched.clone();
        let t = &mut half.rounds[6].tables[2];
        std::mem::swap(&mut t.ns, &mut t.ew);
        let report = verify_movement(&half);
        assert!(report.breaks(MovementRule::Direction), "{report:?}");
        assert!(
            report
                .violations
                .iter()
                .any(|p| p.message.contains("arrow-switched")),
            "{report:?}"
        );
        // A half table and a pair leaving after round 3.
        let phantom = with_phantom(skip_mitchell(6, 3).unwrap(), 12).unwrap();
        assert!(
            verify_movement(&phantom).is_valid(),
            "{:?}",
            verify_movement(&phantom)
        );
        let left = withdraw(howell(5, 3).unwrap(), 4, 3).unwrap();
        assert!(verify_movement(&left).is_valid(), "{:?}", verify_movement(&left));
        // The pair that left, seated again in round 5: caught.
        let mut back = left.clone();
        let out = back.rounds[4].sitting_out[0];
        back.rounds[4].sitting_out.clear();
        back.rounds[4].tables.push(TableRound {
            table: 5,
            ns: out,
            ew: 4,
            set: 99,
        });
        let report = verify_movement(&back);
        assert!(
            report
                .violations
                .iter()
                .any(|p| p.message.contains("it left the evening")),
            "{report:?}"
        );
        // Two pairs sitting out with only one pair gone: caught.
        let mut extra = left;
        let seated = extra.rounds[5].tables.remove(0);
        extra.rounds[5].sitting_out.extend([seated.ns, seated.ew]);
        assert!(verify_movement(&extra).breaks(MovementRule::SitOut));
    }
}
