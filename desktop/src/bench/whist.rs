//! `tourney bench whist`: times constructing (or searching) and verifying a rotation from
//! scratch for each size, and loading one from the shipped table, all in this process.

use anyhow::Result;
use scheduler::verify::verify;
use scheduler::whist::{full_cycle, numbered_names, table};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(max: usize, seconds: f64) -> Result<ExitCode> {
    let per_size = Duration::from_secs_f64(seconds.max(0.0));
    let sweep = Instant::now();
    let (mut solved, mut sizes) = (0, 0);
    println!("players  origin    build s  verify s  result");
    for n in (4..=max).filter(|n| n % 4 <= 1) {
        sizes += 1;
        let started = Instant::now();
        let rows = table::generate_one(n, per_size);
        let built = started.elapsed().as_secs_f64();
        let verified = Instant::now();
        let result = match &rows.starter {
            Some(starter) => {
                let schedule = full_cycle(starter, numbered_names(starter), false);
                if verify(&schedule).is_valid() {
                    solved += 1;
                    "valid".to_owned()
                } else {
                    "INVALID".to_owned()
                }
            }
            None => format!("not found (surplus {})", rows.surplus),
        };
        println!(
            "{n:>7}  {:<8} {built:>8.3} {:>9.3}  {result}",
            rows.origin,
            verified.elapsed().as_secs_f64()
        );
    }
    println!(
        "sweep: {solved} of {sizes} sizes solved in {:.1} s",
        sweep.elapsed().as_secs_f64()
    );
    let loading = Instant::now();
    let mut loaded = 0;
    for n in 4..=max {
        loaded += usize::from(table::shipped(n).is_some());
    }
    let per_load = loading.elapsed().as_secs_f64() / (max.saturating_sub(3)).max(1) as f64;
    println!(
        "shipped table: {loaded} sizes, {:.1} µs per lookup (first includes parsing)",
        per_load * 1e6
    );
    Ok(ExitCode::SUCCESS)
}
