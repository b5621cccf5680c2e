//! Whist rules: four-seat tables (N, E, S, W; N–S partners against E–W), nobody partners
//! anyone twice, couples never partner, sit-outs shared evenly; over a full cycle every pair
//! partners exactly once and opposes exactly twice; directed seating gives everyone each
//! other player once as left-hand opponent, once as partner, once as right-hand opponent.
//!
//! Counts come straight from the seats, so hand-made and non-cyclic schedules are checked
//! exactly like generated ones.

use super::{Report, Rule, join_and};
use crate::model::{Schedule, Seat};
use std::collections::HashMap;

const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

pub(super) fn check(schedule: &Schedule, report: &mut Report) {
    let n = schedule.entrants.len();
    let name = |e: usize| schedule.entrants.get(e).map_or("?", String::as_str);
    let key = |a: usize, b: usize| (a.min(b), a.max(b));
    let mut partners: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    let mut opponents: HashMap<(usize, usize), u32> = HashMap::new();
    // (player, the player on their left) → rounds
    let mut left_of: HashMap<(usize, usize), u32> = HashMap::new();
    let mut sit_outs: Vec<Vec<u32>> = vec![Vec::new(); n];

    for round in &schedule.rounds {
        let at = Some(round.number);
        for table in &round.tables {
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
                report.add(
                    Rule::Malformed,
                    at,
                    format!(
                        "table {} has seats [{}]; a whist table seats N, E, S and W",
                        table.number,
                        seats.join(", ")
                    ),
                );
                continue;
            };
            if !well_formed {
                report.add(
                    Rule::Malformed,
                    at,
                    format!("table {} has a seat used twice", table.number),
                );
                continue;
            }
            for (a, b) in [(north, south), (east, west)] {
                partners.entry(key(a, b)).or_default().push(round.number);
            }
            for (a, b) in [(north, east), (north, west), (south, east), (south, west)] {
                *opponents.entry(key(a, b)).or_default() += 1;
            }
            // Clockwise N, E, S, W: each player's left-hand opponent is the next seat.
            for (player, left) in [(north, east), (east, south), (south, west), (west, north)] {
                *left_of.entry((player, left)).or_default() += 1;
            }
        }
        for absent in &round.absent {
            if let Some(list) = sit_outs.get_mut(absent.entrant) {
                list.push(round.number);
            }
        }
    }

    let full_cycle = schedule.promise.cycles == Some(1);
    // Within the rounds of a complete cycle (n − 1 for a multiple of four, else n) nobody
    // need oppose anyone more than twice. Past it a third time can be forced: 6 players over
    // 7 rounds partner 14 of their 15 pairs, and the two who sit out three times would have to
    // avoid each other in a round they both play.
    let n = schedule.entrants.len();
    let cycle_rounds = if n % 4 == 0 { n.saturating_sub(1) } else { n };
    let most_opposed = if schedule.rounds.len() > cycle_rounds {
        3
    } else {
        2
    };
    let keep_apart: Vec<(usize, usize)> = schedule
        .promise
        .keep_apart
        .iter()
        .map(|&(a, b)| key(a, b))
        .collect();
    let mut worst_opponents = 0;
    for a in 0..n {
        for b in a + 1..n {
            let together = partners.get(&(a, b)).map_or(&[][..], Vec::as_slice);
            let listed: Vec<String> = together.iter().map(u32::to_string).collect();
            if keep_apart.contains(&(a, b)) && !together.is_empty() {
                report.add(
                    Rule::KeepApart,
                    None,
                    format!(
                        "{} and {} must never partner but do in round(s) {}",
                        name(a),
                        name(b),
                        join_and(&listed)
                    ),
                );
            } else if together.len() > 1 {
                report.add(
                    Rule::PartnerRepeat,
                    None,
                    format!(
                        "{} and {} partner {} times (rounds {})",
                        name(a),
                        name(b),
                        together.len(),
                        join_and(&listed)
                    ),
                );
            } else if full_cycle && together.is_empty() && !keep_apart.contains(&(a, b)) {
                report.add(
                    Rule::MeetingCount,
                    None,
                    format!(
                        "{} and {} never partner; over a full cycle everyone partners everyone once",
                        name(a),
                        name(b)
                    ),
                );
            }
            let opposed = opponents.get(&(a, b)).copied().unwrap_or(0);
            worst_opponents = worst_opponents.max(opposed);
            if (full_cycle && schedule.promise.keep_apart.is_empty() && opposed != 2)
                || opposed > most_opposed
            {
                report.add(
                    Rule::MeetingCount,
                    None,
                    format!(
                        "{} and {} are opponents {opposed} time(s); {}",
                        name(a),
                        name(b),
                        if full_cycle {
                            "over a full cycle it must be exactly twice"
                        } else if most_opposed == 2 {
                            "more than twice is unfair"
                        } else {
                            "more than three times is unfair, even past a full cycle"
                        }
                    ),
                );
            }
            if schedule.promise.directed {
                for (x, y) in [(a, b), (b, a)] {
                    let count = left_of.get(&(x, y)).copied().unwrap_or(0);
                    let wanted_exactly_once = full_cycle;
                    if count > 1 || (wanted_exactly_once && count != 1) {
                        report.add(
                            Rule::Direction,
                            None,
                            format!("{} has {} on their left {count} time(s); directed seating needs exactly once", name(x), name(y)),
                        );
                    }
                }
            }
        }
    }

    let totals: Vec<usize> = sit_outs.iter().map(Vec::len).collect();
    if let (Some(&most), Some(&fewest)) = (totals.iter().max(), totals.iter().min()) {
        if most - fewest > 1 {
            let heavy: Vec<String> = totals
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == most)
                .map(|(e, _)| name(e).to_owned())
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
