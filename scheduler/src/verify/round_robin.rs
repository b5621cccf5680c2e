//! Round robin rules: two-seat tables (home/away or White/Black; a Swiss may seat a three-way
//! match of three), every pair meets as often as promised (couples never), byes shared out,
//! colours balanced and alternating.

use super::{Report, Rule, join_and};
use crate::model::{Absence, Schedule, Seat};
use std::collections::HashMap;

/// Largest |home − away| allowed per entrant per cycle. With an odd field the bye removes a
/// game (difference 0 or 2 is unavoidable for someone), and the pseudo round removes another.
const MAX_COLOUR_DIFFERENCE: i64 = 2;
const MAX_COLOUR_STREAK: usize = 2;

pub(super) fn check(schedule: &Schedule, report: &mut Report) {
    let n = schedule.entrants.len();
    let name = |e: usize| schedule.entrants.get(e).map_or("?", String::as_str);
    // meetings[(a, b)] with a < b: rounds in which they met.
    let mut meetings: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    // Per entrant, in round order: Some(true) home, Some(false) away, None bye/absent.
    let mut colours: Vec<Vec<(u32, Option<bool>)>> = vec![Vec::new(); n];
    // Per pair and meeting: which of the pair was home.
    let mut home_of: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    let mut byes: Vec<Vec<u32>> = vec![Vec::new(); n];
    // Long three-way matches begun in the round before, by their three entrants (sorted).
    let mut open_long: Vec<[usize; 3]> = Vec::new();

    for round in &schedule.rounds {
        let at = Some(round.number);
        let mut begun_long: Vec<[usize; 3]> = Vec::new();
        for table in &round.tables {
            if schedule.promise.swiss && table.seats.iter().any(|s| s.seat == Seat::LongThird) {
                let met = three_way_meetings(schedule, table, at, Seat::LongThird, report);
                for (a, b) in long_meetings(met, &mut open_long, &mut begun_long) {
                    meetings
                        .entry((a.min(b), a.max(b)))
                        .or_default()
                        .push(round.number);
                }
                continue;
            }
            if schedule.promise.swiss && table.seats.iter().any(|s| s.seat == Seat::Third) {
                for (a, b) in three_way_meetings(schedule, table, at, Seat::Third, report) {
                    meetings
                        .entry((a.min(b), a.max(b)))
                        .or_default()
                        .push(round.number);
                }
                continue;
            }
            let home = table
                .seats
                .iter()
                .filter(|s| matches!(s.seat, Seat::Home | Seat::White))
                .collect::<Vec<_>>();
            let away = table
                .seats
                .iter()
                .filter(|s| matches!(s.seat, Seat::Away | Seat::Black))
                .collect::<Vec<_>>();
            if table.seats.len() != 2 || home.len() != 1 || away.len() != 1 {
                let seats: Vec<String> = table.seats.iter().map(|s| s.seat.label().to_owned()).collect();
                report.add(
                    Rule::Malformed,
                    at,
                    format!(
                        "table {} has seats [{}]; a round robin table seats one home (or white) and one away (or black)",
                        table.number,
                        seats.join(", ")
                    ),
                );
                continue;
            }
            let (h, a) = (home[0].entrant, away[0].entrant);
            if h >= n || a >= n {
                continue; // reported by the attendance check
            }
            if h == a {
                report.add(
                    Rule::Malformed,
                    at,
                    format!("table {}: {} plays against themself", table.number, name(h)),
                );
                continue;
            }
            let key = (h.min(a), h.max(a));
            meetings.entry(key).or_default().push(round.number);
            home_of.entry(key).or_default().push(h);
            colours[h].push((round.number, Some(true)));
            colours[a].push((round.number, Some(false)));
        }
        let unfinished = std::mem::replace(&mut open_long, begun_long);
        report_unfinished_long(schedule, round.number, &unfinished, report);
        // In a Swiss, a team that has left or not yet joined is absent, not on a bye.
        let on_bye: Vec<usize> = round
            .absent
            .iter()
            .filter(|a| !schedule.promise.swiss || a.kind == Absence::Bye)
            .map(|a| a.entrant)
            .filter(|&e| e < n)
            .collect();
        for &e in &on_bye {
            byes[e].push(round.number);
            colours[e].push((round.number, None));
        }
        if on_bye.len() > 1 {
            let names: Vec<String> = on_bye.iter().map(|&e| name(e).to_owned()).collect();
            report.add(
                Rule::ByeBalance,
                at,
                format!(
                    "{} entrants have a bye ({}); a round robin round has at most one",
                    on_bye.len(),
                    join_and(&names)
                ),
            );
        }
    }

    check_meetings(schedule, &meetings, report);
    check_byes(schedule, &byes, report);
    if schedule.promise.swiss {
        report.summary.push(
            "colours: not checked (a Swiss teams event's home and away are seats, not colours)".to_owned(),
        );
    } else {
        check_colours(schedule, &colours, report);
    }
    check_return_colours(schedule, &home_of, report);
}

/// Each long three-way match begun in the round before `round` and not continued in it.
fn report_unfinished_long(schedule: &Schedule, round: u32, unfinished: &[[usize; 3]], report: &mut Report) {
    let name = |e: usize| schedule.entrants.get(e).map_or("?", String::as_str);
    for three in unfinished {
        let names: Vec<String> = three.iter().map(|&e| name(e).to_owned()).collect();
        report.add(
            Rule::Malformed,
            Some(round),
            format!(
                "the three-way match over two rounds of {} begun in round {} is not continued in round {round}",
                join_and(&names),
                round.saturating_sub(1),
            ),
        );
    }
}

/// A long three-way match's meetings (`met`, from [`three_way_meetings`]) as they count: in
/// the round it begins (kept in `begun` for the next round), none in the round that continues
/// one of `open` (the same three, begun the round before; taken out of `open`).
fn long_meetings(
    met: Vec<(usize, usize)>,
    open: &mut Vec<[usize; 3]>,
    begun: &mut Vec<[usize; 3]>,
) -> Vec<(usize, usize)> {
    let Some(&(a, b)) = met.first() else {
        return met;
    };
    let Some(&(_, c)) = met.get(1) else {
        return met;
    };
    let mut three = [a, b, c];
    three.sort_unstable();
    if let Some(i) = open.iter().position(|o| *o == three) {
        open.remove(i);
        return Vec::new();
    }
    begun.push(three);
    met
}

/// A Swiss's three-way match: seats home, away and `third` (`Seat::Third` in one round, or
/// `Seat::LongThird` over two), three different entrants of the field; its three meetings,
/// each pair once. A malformed one is reported and meets nobody.
fn three_way_meetings(
    schedule: &Schedule,
    table: &crate::model::Table,
    at: Option<u32>,
    third: Seat,
    report: &mut Report,
) -> Vec<(usize, usize)> {
    let n = schedule.entrants.len();
    let mut seats: Vec<Seat> = table.seats.iter().map(|s| s.seat).collect();
    seats.sort_unstable();
    let entrants: Vec<usize> = table.seats.iter().map(|s| s.entrant).collect();
    let distinct = entrants
        .iter()
        .enumerate()
        .all(|(i, e)| !entrants[..i].contains(e));
    if seats != [Seat::Home, Seat::Away, third] || !distinct {
        let labels: Vec<&str> = table.seats.iter().map(|s| s.seat.label()).collect();
        report.add(
            Rule::Malformed,
            at,
            format!(
                "table {} has seats [{}]; a three-way match seats three different teams: home, away and third",
                table.number,
                labels.join(", ")
            ),
        );
        return Vec::new();
    }
    if entrants.iter().any(|&e| e >= n) {
        return Vec::new(); // reported by the attendance check
    }
    vec![
        (entrants[0], entrants[1]),
        (entrants[1], entrants[2]),
        (entrants[0], entrants[2]),
    ]
}

fn check_meetings(schedule: &Schedule, meetings: &HashMap<(usize, usize), Vec<u32>>, report: &mut Report) {
    let n = schedule.entrants.len();
    let name = |e: usize| schedule.entrants[e].as_str();
    let promise = &schedule.promise;
    let keep_apart: Vec<(usize, usize)> = promise
        .keep_apart
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let wanted_word = match promise.cycles {
        Some(1) => "once".to_owned(),
        Some(2) => "twice".to_owned(),
        Some(n) => format!("{n} times"),
        None => String::new(),
    };
    // With a pseudo round, pairs that never meet are allowed only as one round's worth:
    // nobody may be in two of them (checked below).
    let mut unplayed_partner: Vec<Option<usize>> = vec![None; n];
    for a in 0..n {
        for b in a + 1..n {
            let rounds = meetings.get(&(a, b)).map_or(&[][..], Vec::as_slice);
            let met = rounds.len() as u32;
            let listed: Vec<String> = rounds.iter().map(u32::to_string).collect();
            if keep_apart.contains(&(a, b)) {
                if met > 0 {
                    report.add(
                        Rule::KeepApart,
                        None,
                        format!(
                            "{} and {} must be kept apart but meet in round(s) {}",
                            name(a),
                            name(b),
                            join_and(&listed)
                        ),
                    );
                } else if promise.pseudo_round {
                    note_unplayed(schedule, &mut unplayed_partner, a, b, report);
                }
                continue;
            }
            match promise.cycles {
                // Cut short on purpose: the pairings of the rounds not played never meet, and
                // none may meet more often than the cycles allow.
                Some(expected) if promise.shortened && met > expected => {
                    report.add(
                        Rule::MeetingCount,
                        None,
                        format!(
                            "{} and {} meet {met} times (round(s) {}); in the first rounds of the round robin they meet at most {wanted_word}",
                            name(a),
                            name(b),
                            join_and(&listed)
                        ),
                    );
                }
                Some(_) if promise.shortened => {}
                Some(_) if met == 0 && promise.pseudo_round => {
                    note_unplayed(schedule, &mut unplayed_partner, a, b, report);
                }
                Some(expected) if met != expected => {
                    let detail = if met == 0 {
                        "never meet".to_owned()
                    } else {
                        format!("meet {met} times (round(s) {})", join_and(&listed))
                    };
                    report.add(
                        Rule::MeetingCount,
                        None,
                        format!(
                            "{} and {} {detail}; every pair should meet {wanted_word}",
                            name(a),
                            name(b)
                        ),
                    );
                }
                None if met > 2 => report.add(
                    Rule::MeetingCount,
                    None,
                    format!(
                        "{} and {} meet {met} times (rounds {})",
                        name(a),
                        name(b),
                        join_and(&listed)
                    ),
                ),
                _ => {}
            }
        }
    }
    let most = meetings.values().map(Vec::len).max().unwrap_or(0);
    let unplayed = unplayed_partner.iter().flatten().count() / 2;
    let mut line = format!(
        "{} entrants, {} rounds; the most any pair meets is {most}",
        n,
        schedule.rounds.len()
    );
    if promise.pseudo_round && !promise.shortened {
        line.push_str(&format!(
            "; {unplayed} pairing(s) of the unplayed pseudo round never meet"
        ));
    }
    if promise.shortened {
        let never = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|pair| !meetings.contains_key(pair))
            .count();
        line.push_str(&format!(
            "; cut short on purpose: the first {} rounds only, {never} pairing(s) not played",
            schedule.rounds.len()
        ));
    }
    report.summary.push(line);
}

/// Records that `a` and `b` never meet because of the pseudo round; a second such pair for
/// the same entrant means more than one round's pairings are missing.
fn note_unplayed(
    schedule: &Schedule,
    partner: &mut [Option<usize>],
    a: usize,
    b: usize,
    report: &mut Report,
) {
    for (x, y) in [(a, b), (b, a)] {
        if let Some(earlier) = partner[x] {
            report.add(
                Rule::MeetingCount,
                None,
                format!(
                    "{} never meets {} nor {}; only the one pseudo round's pairing may be left unplayed",
                    schedule.entrants[x], schedule.entrants[earlier], schedule.entrants[y]
                ),
            );
            return;
        }
    }
    partner[a] = Some(b);
    partner[b] = Some(a);
}

/// Which cycle (0-based) each round belongs to, by its position in the schedule. A schedule
/// cut short has whole cycles of a round robin's length (less the pseudo round) before the
/// last, partial one.
fn cycle_of_rounds(schedule: &Schedule) -> (usize, HashMap<u32, usize>) {
    let cycles = schedule.promise.cycles.unwrap_or(1).max(1) as usize;
    let n = schedule.entrants.len();
    let per_cycle = if schedule.promise.shortened {
        (n + n % 2).saturating_sub(1 + usize::from(schedule.promise.pseudo_round))
    } else {
        schedule.rounds.len().div_ceil(cycles)
    }
    .max(1);
    let map = schedule
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| (r.number, (i / per_cycle).min(cycles - 1)))
        .collect();
    (cycles, map)
}

/// A round robin gives each entrant at most one bye per cycle. Without a promised cycle
/// (part of a schedule), byes must at least be shared within one of each other.
fn check_byes(schedule: &Schedule, byes: &[Vec<u32>], report: &mut Report) {
    let totals: Vec<usize> = byes.iter().map(Vec::len).collect();
    let (Some(&most), Some(&fewest)) = (totals.iter().max(), totals.iter().min()) else {
        return;
    };
    if most == 0 {
        return;
    }
    if schedule.promise.cycles.is_some() {
        let (cycles, cycle_of) = cycle_of_rounds(schedule);
        for (e, rounds) in byes.iter().enumerate() {
            let mut per_cycle = vec![Vec::new(); cycles];
            for round in rounds {
                per_cycle[cycle_of[round]].push(round.to_string());
            }
            for (cycle, list) in per_cycle.iter().enumerate().filter(|(_, l)| l.len() > 1) {
                let which = if cycles > 1 {
                    format!(" in cycle {}", cycle + 1)
                } else {
                    String::new()
                };
                report.add(
                    Rule::ByeBalance,
                    None,
                    format!(
                        "{} has {} byes{which} (rounds {}); one per cycle is fair",
                        schedule.entrants[e],
                        list.len(),
                        join_and(list)
                    ),
                );
            }
        }
    } else if most - fewest > 1 {
        let heavy: Vec<String> = totals
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == most)
            .map(|(e, _)| schedule.entrants[e].clone())
            .collect();
        report.add(
            Rule::ByeBalance,
            None,
            format!(
                "byes are uneven: {} have {most}, while others have only {fewest}",
                join_and(&heavy)
            ),
        );
    }
    report
        .summary
        .push(format!("byes per entrant: {fewest} to {most}"));
}

fn check_colours(schedule: &Schedule, colours: &[Vec<(u32, Option<bool>)>], report: &mut Report) {
    let (cycles, cycle_of) = cycle_of_rounds(schedule);
    let mut worst_difference = 0;
    let mut longest_streak = 0;
    for (e, history) in colours.iter().enumerate() {
        let name = &schedule.entrants[e];
        let mut per_cycle = vec![0i64; cycles];
        for &(round, colour) in history {
            if let Some(home) = colour {
                per_cycle[cycle_of[&round]] += if home { 1 } else { -1 };
            }
        }
        for (cycle, &difference) in per_cycle.iter().enumerate() {
            worst_difference = worst_difference.max(difference.abs());
            if difference.abs() > MAX_COLOUR_DIFFERENCE {
                let side = if difference > 0 {
                    "home/White"
                } else {
                    "away/Black"
                };
                let which = if cycles > 1 {
                    format!(" in cycle {}", cycle + 1)
                } else {
                    String::new()
                };
                report.add(
                    Rule::ColourBalance,
                    None,
                    format!(
                        "{name} has {} more {side} games than the other colour{which}",
                        difference.abs()
                    ),
                );
            }
        }
        // Streaks count games actually played; a bye neither breaks nor extends a streak.
        let played: Vec<(u32, bool)> = history.iter().filter_map(|&(r, c)| c.map(|c| (r, c))).collect();
        let mut run = 0;
        for (index, &(round, home)) in played.iter().enumerate() {
            run = if index > 0 && played[index - 1].1 == home {
                run + 1
            } else {
                1
            };
            longest_streak = longest_streak.max(run);
            if run == MAX_COLOUR_STREAK + 1 {
                let side = if home { "home/White" } else { "away/Black" };
                report.add(
                    Rule::ColourStreak,
                    Some(round),
                    format!("{name} has {side} for the {} time in a row", ordinal(run)),
                );
            }
        }
    }
    report.summary.push(format!(
        "colours: largest home/away difference {worst_difference}, longest same-colour run {longest_streak}"
    ));
}

fn check_return_colours(
    schedule: &Schedule,
    home_of: &HashMap<(usize, usize), Vec<usize>>,
    report: &mut Report,
) {
    if schedule.promise.cycles != Some(2) {
        return;
    }
    let mut pairs: Vec<(&(usize, usize), &Vec<usize>)> = home_of.iter().collect();
    pairs.sort();
    for (&(a, b), homes) in pairs {
        if homes.len() == 2 && homes[0] == homes[1] {
            report.add(
                Rule::ColourRepeat,
                None,
                format!(
                    "{} is home/White in both games against {}; the return game should swap colours",
                    schedule.entrants[homes[0]],
                    schedule.entrants[if homes[0] == a { b } else { a }]
                ),
            );
        }
    }
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        _ => format!("{n}th"),
    }
}
