//! Whist rules: four-seat tables (N, E, S, W; N–S partners against E–W), nobody partners
//! anyone twice, couples never partner, sit-outs shared evenly; over a full cycle every pair
//! partners exactly once and opposes exactly twice; directed seating gives everyone each
//! other player once as left-hand opponent, once as partner, once as right-hand opponent.
//!
//! Counts come straight from the seats, so hand-made and non-cyclic schedules are checked
//! exactly like generated ones.

use super::{Report, Rule, join_and};
use crate::model::{Schedule, Seat, Table};
use std::collections::HashMap;

const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

pub(super) fn check(schedule: &Schedule, report: &mut Report) {
    let tally = Tally::count(schedule, report);
    let worst_opponents = check_pairs(schedule, &tally, report);
    summarise_sit_outs(schedule, &tally.sit_outs, worst_opponents, report);
}

/// An entrant's name, or "?" for an index past the entrant list.
fn name(schedule: &Schedule, e: usize) -> &str {
    schedule.entrants.get(e).map_or("?", String::as_str)
}

/// An unordered pair as a map key, smaller index first.
fn key(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// What the seats say: who partnered and opposed whom, who sat on whose left, who sat out.
struct Tally {
    /// Pair (smaller index first) → the rounds they partner in.
    partners: HashMap<(usize, usize), Vec<u32>>,
    /// Pair (smaller index first) → the rounds they are opponents in (once per round).
    opponents: HashMap<(usize, usize), Vec<u32>>,
    /// (player, the player on their left) → rounds
    left_of: HashMap<(usize, usize), u32>,
    /// Per entrant, the rounds they sit out.
    sit_outs: Vec<Vec<u32>>,
}

impl Tally {
    /// Counts every well-formed table of every round, reporting the malformed ones.
    fn count(schedule: &Schedule, report: &mut Report) -> Self {
        let n = schedule.entrants.len();
        let mut tally = Tally {
            partners: HashMap::new(),
            opponents: HashMap::new(),
            left_of: HashMap::new(),
            sit_outs: vec![Vec::new(); n],
        };
        for round in &schedule.rounds {
            let at = Some(round.number);
            for table in &round.tables {
                match seated(table, n) {
                    Ok(players) => tally.add_table(players, round.number),
                    Err(problem) => report.add(Rule::Malformed, at, problem),
                }
            }
            for absent in &round.absent {
                if let Some(list) = tally.sit_outs.get_mut(absent.entrant) {
                    list.push(round.number);
                }
            }
        }
        tally
    }

    /// Counts one table's partnerships, oppositions and left-hand neighbours.
    fn add_table(&mut self, [north, east, south, west]: [usize; 4], round: u32) {
        for (a, b) in [(north, south), (east, west)] {
            self.partners.entry(key(a, b)).or_default().push(round);
        }
        for (a, b) in [(north, east), (north, west), (south, east), (south, west)] {
            self.opponents.entry(key(a, b)).or_default().push(round);
        }
        // Clockwise N, E, S, W: each player's left-hand opponent is the next seat.
        for (player, left) in [(north, east), (east, south), (south, west), (west, north)] {
            *self.left_of.entry((player, left)).or_default() += 1;
        }
    }
}

/// A table's players in seat order N, E, S, W, or why it is not a whist table.
fn seated(table: &Table, n: usize) -> Result<[usize; 4], String> {
    let mut by_seat = [None; 4];
    let mut well_formed = table.seats.len() == 4;
    for seat in &table.seats {
        match SEATS.iter().position(|&s| s == seat.seat) {
            Some(i) if by_seat[i].is_none() && seat.entrant < n => by_seat[i] = Some(seat.entrant),
            _ => well_formed = false,
        }
    }
    let [Some(north), Some(east), Some(south), Some(west)] = by_seat else {
        let seats: Vec<&str> = table.seats.iter().map(|s| s.seat.label()).collect();
        return Err(format!(
            "table {} has seats [{}]; a whist table seats N, E, S and W",
            table.number,
            seats.join(", ")
        ));
    };
    if !well_formed {
        return Err(format!("table {} has a seat used twice", table.number));
    }
    Ok([north, east, south, west])
}

/// The limits every pair is held to.
struct PairRules {
    /// The schedule promises one complete cycle.
    full_cycle: bool,
    /// The most times a pair may oppose: 2 within a cycle, 3 past it.
    most_opposed: u32,
    /// Couples who must never partner (smaller index first).
    keep_apart: Vec<(usize, usize)>,
}

/// Checks every pair's partnering, opposing and (if directed) seating; the most times a pair
/// opposes.
fn check_pairs(schedule: &Schedule, tally: &Tally, report: &mut Report) -> u32 {
    // Within the rounds of a complete cycle (n − 1 for a multiple of four, else n) nobody
    // need oppose anyone more than twice. Past it a third time can be forced: 6 players over
    // 7 rounds partner 14 of their 15 pairs, and the two who sit out three times would have to
    // avoid each other in a round they both play.
    let n = schedule.entrants.len();
    let cycle_rounds = if n.is_multiple_of(4) {
        n.saturating_sub(1)
    } else {
        n
    };
    let rules = PairRules {
        full_cycle: schedule.promise.cycles == Some(1),
        most_opposed: if schedule.rounds.len() > cycle_rounds {
            3
        } else {
            2
        },
        keep_apart: schedule
            .promise
            .keep_apart
            .iter()
            .map(|&(a, b)| key(a, b))
            .collect(),
    };
    let mut worst_opponents = 0;
    for a in 0..n {
        for b in a + 1..n {
            check_partnering(schedule, tally, &rules, (a, b), report);
            let opposing = tally.opponents.get(&(a, b)).map_or(&[][..], Vec::as_slice);
            let opposed = u32::try_from(opposing.len()).unwrap_or(u32::MAX);
            if schedule.promise.apart_at_table && rules.keep_apart.contains(&(a, b)) && !opposing.is_empty() {
                let listed: Vec<String> = opposing.iter().map(u32::to_string).collect();
                report.add(
                    Rule::KeepApart,
                    None,
                    format!(
                        "{} and {} must never sit at the same table but are opponents in round(s) {}",
                        name(schedule, a),
                        name(schedule, b),
                        join_and(&listed)
                    ),
                );
            }
            worst_opponents = worst_opponents.max(opposed);
            check_opposing(schedule, &rules, (a, b), opposed, report);
            if schedule.promise.directed {
                check_direction(schedule, tally, &rules, (a, b), report);
            }
        }
    }
    worst_opponents
}

/// A pair partners at most once, never if kept apart, and exactly once over a full cycle.
fn check_partnering(
    schedule: &Schedule,
    tally: &Tally,
    rules: &PairRules,
    (a, b): (usize, usize),
    report: &mut Report,
) {
    let together = tally.partners.get(&(a, b)).map_or(&[][..], Vec::as_slice);
    let listed: Vec<String> = together.iter().map(u32::to_string).collect();
    if rules.keep_apart.contains(&(a, b)) && !together.is_empty() {
        report.add(
            Rule::KeepApart,
            None,
            format!(
                "{} and {} must never partner but do in round(s) {}",
                name(schedule, a),
                name(schedule, b),
                join_and(&listed)
            ),
        );
    } else if together.len() > 1 {
        report.add(
            Rule::PartnerRepeat,
            None,
            format!(
                "{} and {} partner {} times (rounds {})",
                name(schedule, a),
                name(schedule, b),
                together.len(),
                join_and(&listed)
            ),
        );
    } else if rules.full_cycle && together.is_empty() && !rules.keep_apart.contains(&(a, b)) {
        report.add(
            Rule::MeetingCount,
            None,
            format!(
                "{} and {} never partner; over a full cycle everyone partners everyone once",
                name(schedule, a),
                name(schedule, b)
            ),
        );
    }
}

/// A pair opposes exactly twice over a full cycle (without couples), and never too often.
fn check_opposing(
    schedule: &Schedule,
    rules: &PairRules,
    (a, b): (usize, usize),
    opposed: u32,
    report: &mut Report,
) {
    let full_cycle = rules.full_cycle;
    if (full_cycle && schedule.promise.keep_apart.is_empty() && opposed != 2) || opposed > rules.most_opposed
    {
        report.add(
            Rule::MeetingCount,
            None,
            format!(
                "{} and {} are opponents {opposed} time(s); {}",
                name(schedule, a),
                name(schedule, b),
                if full_cycle {
                    "over a full cycle it must be exactly twice"
                } else if rules.most_opposed == 2 {
                    "more than twice is unfair"
                } else {
                    "more than three times is unfair, even past a full cycle"
                }
            ),
        );
    }
}

/// Directed seating: each of a pair has the other on their left at most once, exactly once
/// over a full cycle.
fn check_direction(
    schedule: &Schedule,
    tally: &Tally,
    rules: &PairRules,
    (a, b): (usize, usize),
    report: &mut Report,
) {
    for (x, y) in [(a, b), (b, a)] {
        let count = tally.left_of.get(&(x, y)).copied().unwrap_or(0);
        let wanted_exactly_once = rules.full_cycle;
        if count > 1 || (wanted_exactly_once && count != 1) {
            report.add(
                Rule::Direction,
                None,
                format!(
                    "{} has {} on their left {count} time(s); directed seating needs exactly once",
                    name(schedule, x),
                    name(schedule, y)
                ),
            );
        }
    }
}

/// Sit-outs shared evenly (within one of each other), and the schedule's summary line.
fn summarise_sit_outs(schedule: &Schedule, sit_outs: &[Vec<u32>], worst_opponents: u32, report: &mut Report) {
    let n = schedule.entrants.len();
    let totals: Vec<usize> = sit_outs.iter().map(Vec::len).collect();
    if let (Some(&most), Some(&fewest)) = (totals.iter().max(), totals.iter().min()) {
        if most - fewest > 1 {
            let heavy: Vec<String> = totals
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == most)
                .map(|(e, _)| name(schedule, e).to_owned())
                .collect();
            report.add(
                Rule::ByeBalance,
                None,
                format!(
                    "sit-outs are uneven: {} sit out {most} times, others only {fewest}",
                    join_and(&heavy)
                ),
            );
        }
        let back_to_back = sit_outs
            .iter()
            .filter(|rounds| rounds.windows(2).any(|w| w[1] == w[0] + 1))
            .count();
        report.summary.push(format!(
            "{} players, {} rounds; sit-outs per player {fewest} to {most}; {back_to_back} player(s) sit out two rounds running; \
             most times two players oppose: {worst_opponents}",
            n,
            schedule.rounds.len()
        ));
    }
}
