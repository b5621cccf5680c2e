//! `tourney bench dicdacdoe`.

use anyhow::Result;
use scheduler::solver::Control;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `tourney bench dicdacdoe`: the two targets over several seeds, then the fewest
/// moves reached per board size (walking m down from a solved count until a search fails
/// within its time), against an 8×8 board solved in the same process as the baseline.
pub fn run(seeds: u64, seconds: f64, sizes: &[usize], descend_seconds: f64) -> Result<ExitCode> {
    use scheduler::tools::dicdacdoe::{SearchOptions, check, solve};
    let run = |n: usize, m: usize, seed: u64, limit: f64| {
        let options = SearchOptions {
            seed,
            ..SearchOptions::default()
        };
        let control = Control::with_time_limit(Duration::from_secs_f64(limit));
        let started = Instant::now();
        let outcome = solve(n, m, &options, &control).map_err(|e| anyhow::anyhow!(e))?;
        let solved = check::check(&outcome.board.to_string(), n, m).is_empty();
        Ok::<_, anyhow::Error>((solved, started.elapsed().as_secs_f64(), outcome))
    };
    let threads = SearchOptions::default().threads;
    // The baseline is a board the search always solves in milliseconds (8×8 after 52
    // moves); one it cannot solve would time out and make every ratio meaningless, so that
    // stops the bench.
    let mut baseline_times = Vec::new();
    for seed in 1..=5 {
        let (solved, time, _) = run(8, 52, seed, 60.0)?;
        if !solved {
            anyhow::bail!(
                "the baseline (8×8 after 52 moves, seed {seed}) was not solved; ratios would mean nothing"
            );
        }
        baseline_times.push(time);
    }
    baseline_times.sort_by(f64::total_cmp);
    let baseline = baseline_times[baseline_times.len() / 2];
    println!(
        "baseline: 8×8 after 52 moves, median of 5 seeds: {:.2} ms",
        baseline * 1e3
    );
    println!("{threads} search threads; time limit {seconds} s per run");
    println!(
        "{:>8} {:>6} {:>6} {:>8} {:>10} {:>10} {:>10}  repairs",
        "board", "moves", "seeds", "solved", "median", "worst", "ratio"
    );
    for (n, m) in [(10, 80), (15, 185)] {
        let mut times = Vec::new();
        let (mut solved, mut repairs) = (0, 0);
        for seed in 1..=seeds {
            let (ok, time, outcome) = run(n, m, seed, seconds)?;
            solved += usize::from(ok);
            repairs += outcome.repairs;
            times.push(time);
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let worst = times[times.len() - 1];
        println!(
            "{:>8} {m:>6} {seeds:>6} {:>8} {:>8.2} s {:>8.2} s {:>9.0}×  {repairs}",
            format!("{n}×{n}"),
            format!("{solved}/{seeds}"),
            median,
            worst,
            worst / baseline
        );
    }
    if !sizes.is_empty() {
        println!();
        println!("fewest moves reached (each step down searched for up to {descend_seconds} s, seed 1):");
    }
    for &n in sizes {
        // Start from a count that is easy (a quarter of the board empty) and walk down.
        let mut m = n * n - n * n / 6;
        let mut fewest = None;
        loop {
            let (ok, time, _) = run(n, m, 1, descend_seconds)?;
            if !ok {
                println!("  {n}×{n}: {m} moves not found within {descend_seconds} s");
                break;
            }
            println!("  {n}×{n}: {m} moves found in {time:.2} s");
            fewest = Some(m);
            if m == 0 {
                break;
            }
            m -= 1;
        }
        match fewest {
            Some(m) => println!("  {n}×{n}: fewest moves reached {m} ({} empty cells)", n * n - m),
            None => println!("  {n}×{n}: no board found"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
