//! `tourney bench swiss`: the Swiss pairing of a big field round after round (random results,
//! re-ranked each round), and two late-round extremes where most pairs have met, against a
//! greedy pairer (top down, no backtracking, a repeat whenever it is stuck) timed on the same
//! rounds in the same run. Every round the engine pairs is also checked by the verifier
//! (untimed).

use anyhow::{Result, anyhow};
use scheduler::round_robin::numbered_rounds;
use scheduler::solver::Rng;
use scheduler::swiss::{ByeTaken, History, Meeting, SwissOptions, SwissRound, pair_round, verify_round};
use std::process::ExitCode;
use std::time::Instant;

/// The median of a few timings, in milliseconds.
fn median_ms(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied().unwrap_or(0.0) * 1e3
}

/// The engine's median time over `repeats` runs, its round, and the greedy pairer's median
/// time and repeats on the same input.
fn time_round(names: &[String], history: &History, repeats: usize) -> Result<(f64, SwissRound, f64, usize)> {
    let mut engine_times = Vec::new();
    let mut round = None;
    for _ in 0..repeats.max(1) {
        let started = Instant::now();
        let paired = pair_round(names, history, SwissOptions::default()).map_err(|e| anyhow!(e))?;
        engine_times.push(started.elapsed().as_secs_f64());
        round = Some(paired);
    }
    let round = round.ok_or_else(|| anyhow!("no round was paired"))?;
    let mut greedy_times = Vec::new();
    let mut greedy_repeats = 0;
    for _ in 0..repeats.max(1) {
        let started = Instant::now();
        greedy_repeats = greedy(names.len(), history);
        greedy_times.push(started.elapsed().as_secs_f64());
    }
    let problems = verify_round(names.len(), history, &round);
    if !problems.is_empty() {
        return Err(anyhow!("the verifier refused a round: {}", problems.join("; ")));
    }
    Ok((
        median_ms(engine_times),
        round,
        median_ms(greedy_times),
        greedy_repeats,
    ))
}

/// The baseline: the top unpaired entrant takes the highest unpaired one it has not met, or
/// the highest unpaired one at all (a repeat) when none is left; the last takes the bye.
/// Returns its number of repeats.
fn greedy(n: usize, history: &History) -> usize {
    let mut met = vec![false; n * n];
    for m in &history.meetings {
        met[m.a * n + m.b] = true;
        met[m.b * n + m.a] = true;
    }
    let mut taken = vec![false; n];
    let mut repeats = 0;
    for top in 0..n {
        if taken[top] {
            continue;
        }
        taken[top] = true;
        let fresh = (top + 1..n).find(|&o| !taken[o] && !met[top * n + o]);
        let other = fresh.or_else(|| (top + 1..n).find(|&o| !taken[o]));
        if let Some(o) = other {
            taken[o] = true;
            repeats += usize::from(fresh.is_none());
        }
    }
    repeats
}

/// The history by team id turned into places in `order` (the standings, best first).
fn by_place(order: &[usize], meetings: &[(usize, usize, u32)], byes: &[(usize, u32)]) -> History {
    let mut place = vec![0; order.len()];
    for (p, &team) in order.iter().enumerate() {
        place[team] = p;
    }
    History {
        meetings: meetings
            .iter()
            .map(|&(a, b, round)| Meeting {
                a: place[a],
                b: place[b],
                round,
            })
            .collect(),
        byes: byes
            .iter()
            .map(|&(t, round)| ByeTaken {
                entrant: place[t],
                round,
            })
            .collect(),
        long_three_ways: Vec::new(),
    }
}

/// `tourney bench swiss`.
pub fn run(teams: usize, rounds: u32, repeats: usize) -> Result<ExitCode> {
    println!(
        "Swiss pairing of {teams} teams over {rounds} rounds (random results), median of {repeats} runs per round; \
         baseline: a greedy pairer on the same round (no backtracking, repeats when stuck)"
    );
    println!(
        "{:>5} {:>11} {:>11} {:>8} {:>14} {:>14}",
        "round", "engine ms", "greedy ms", "ratio", "engine repeats", "greedy repeats"
    );
    let names: Vec<String> = (1..=teams).map(|i| format!("Team {i}")).collect();
    let mut points = vec![0u64; teams];
    let mut meetings: Vec<(usize, usize, u32)> = Vec::new();
    let mut byes: Vec<(usize, u32)> = Vec::new();
    let mut mix = Rng::new(45);
    let mut worst: f64 = 0.0;
    for round in 1..=rounds {
        let mut order: Vec<usize> = (0..teams).collect();
        order.sort_by(|&a, &b| points[b].cmp(&points[a]).then(a.cmp(&b)));
        let history = by_place(&order, &meetings, &byes);
        let (engine, paired, baseline, greedy_repeats) = time_round(&names, &history, repeats)?;
        worst = worst.max(engine);
        println!(
            "{round:>5} {engine:>11.2} {baseline:>11.3} {:>7.1}× {:>14} {greedy_repeats:>14}",
            engine / baseline.max(1e-6),
            paired.repeats.len()
        );
        for m in &paired.matches {
            let (a, b) = (order[m.entrants[0]], order[m.entrants[1]]);
            meetings.push((a, b, round));
            let vps = 10 + mix.below(11) as u64;
            points[a] += vps;
            points[b] += 20 - vps;
        }
        if let Some(bye) = paired.bye {
            byes.push((order[bye], round));
            points[order[bye]] += 12;
        }
    }
    println!("worst round: {worst:.2} ms");
    late_extremes(teams, repeats)?;
    Ok(ExitCode::SUCCESS)
}

/// After all but a few rounds of a round robin (few fresh opponents left, the fresh graph
/// sparse and regular) and after a whole one (every pairing a repeat), ranked at random.
fn late_extremes(teams: usize, repeats: usize) -> Result<()> {
    let robin = numbered_rounds(teams).map_err(|e| anyhow!("{e}"))?;
    let names: Vec<String> = (1..=teams).map(|i| format!("Team {i}")).collect();
    let mut mix = Rng::new(7);
    let mut order: Vec<usize> = (0..teams).collect();
    for i in (1..teams).rev() {
        order.swap(i, mix.below(i + 1));
    }
    println!("late rounds of a {teams}-team field ranked at random:");
    let total = robin.len();
    for played in [total.saturating_sub(10), total.saturating_sub(3), total] {
        let mut meetings = Vec::new();
        let mut byes = Vec::new();
        for (r, round) in robin.iter().take(played).enumerate() {
            let number = r as u32 + 1;
            meetings.extend(round.matches.iter().map(|&(a, b)| (a, b, number)));
            byes.extend(round.bye.map(|b| (b, number)));
        }
        let history = by_place(&order, &meetings, &byes);
        let (engine, paired, baseline, greedy_repeats) = time_round(&names, &history, repeats)?;
        println!(
            "  after {played:>3} of {total} round-robin rounds: engine {engine:.2} ms, greedy {baseline:.3} ms ({:.1}×); repeats: engine {}, greedy {greedy_repeats}",
            engine / baseline.max(1e-6),
            paired.repeats.len()
        );
    }
    Ok(())
}
