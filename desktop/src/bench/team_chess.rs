//! `tourney bench team-chess`: the team-chess sizes with every MILP backend built in.

use anyhow::Result;
use scheduler::milp::Backend;
use scheduler::solver::Control;
use scheduler::team_chess::team_match::team_round_robin;
use scheduler::team_chess::{Size, TeamChessOptions, TeamNames, team_chess};
use scheduler::verify::verify;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The team-chess sizes of the benchmark table.
const TEAM_CHESS_BENCH: [(usize, usize, usize); 8] = [
    (12, 10, 3),
    (11, 10, 3),
    (8, 6, 7),
    (12, 8, 5),
    (9, 4, 4),
    (6, 4, 5),
    (16, 8, 5),
    (20, 10, 3),
];

pub fn run(seconds: f64, sizes: &[String]) -> Result<ExitCode> {
    let sizes: Vec<(usize, usize, usize)> = if sizes.is_empty() {
        TEAM_CHESS_BENCH.to_vec()
    } else {
        sizes
            .iter()
            .map(|text| {
                let parts: Vec<usize> = text.split('x').filter_map(|p| p.trim().parse().ok()).collect();
                match parts[..] {
                    [teams, boards, rounds] => Ok((teams, boards, rounds)),
                    _ => Err(anyhow::anyhow!("--sizes: {text:?} is not TEAMSxBOARDSxROUNDS")),
                }
            })
            .collect::<Result<_>>()?
    };
    // The reference job: a 12-team × 10-board round robin built and checked 50 times. Its
    // time is the unit of the ratio column.
    let reference = Instant::now();
    let names = TeamNames::numbered(12, 10);
    for _ in 0..50 {
        let schedule = team_round_robin(&names, 10, false);
        anyhow::ensure!(
            verify(&schedule).is_valid(),
            "the reference round robin failed its check"
        );
    }
    let unit = reference.elapsed().as_secs_f64();
    println!("reference job: {:.1} ms", unit * 1e3);
    println!("size       backend   Q (checker)          bound  gap    to best s  ratio   note");
    for (teams, boards, rounds) in sizes {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        for backend in Backend::all() {
            let label = format!("{teams}x{boards}x{rounds}");
            if let Some(reason) = size.impossibility() {
                println!("{label:<10} {:<9} impossible: {reason}", backend.name());
                break;
            }
            let mut options = TeamChessOptions::new(size);
            options.backend = backend;
            let start = Instant::now();
            let last_gain = std::sync::Arc::new(std::sync::Mutex::new(0.0f64));
            let record = std::sync::Arc::clone(&last_gain);
            let control =
                Control::with_time_limit(Duration::from_secs_f64(seconds.max(0.0))).on_progress(move |_| {
                    if let Ok(mut at) = record.lock() {
                        *at = start.elapsed().as_secs_f64();
                    }
                });
            match team_chess(&options, &control) {
                Ok(outcome) => {
                    let q = &outcome.quality;
                    let to_best = last_gain.lock().map_or(f64::NAN, |at| *at);
                    let gap = q.total_numerator() - outcome.lower_bound_numerator.min(q.total_numerator());
                    println!(
                        "{label:<10} {:<9} {:>6}/{:<4} ≈ {:<7.4} {:>5}  {:<6} {:>9.2}  {:>6.0}  {}",
                        backend.name(),
                        q.total_numerator(),
                        q.denominator,
                        q.total(),
                        outcome.lower_bound_numerator,
                        gap,
                        to_best,
                        to_best / unit,
                        if outcome.reached_bound() {
                            "optimal (bound reached)"
                        } else {
                            ""
                        }
                    );
                }
                Err(error) => println!("{label:<10} {:<9} {error}", backend.name()),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
