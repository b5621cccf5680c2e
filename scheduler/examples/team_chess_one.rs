//! Solve one team-chess size and print the quality: `team_chess_one N B R SECONDS`.
use scheduler::solver::Control;
use scheduler::team_chess::{Size, TeamChessOptions, team_chess};
use std::time::{Duration, Instant};

fn main() {
    let a: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let size = Size {
        teams: a[0],
        boards: a[1],
        rounds: a[2],
    };
    let start = Instant::now();
    let control = Control::with_time_limit(Duration::from_secs(a[3] as u64))
        .on_progress(move |p| eprintln!("  {:.2}s: Q {:.4}", start.elapsed().as_secs_f64(), p.best_quality));
    match team_chess(&TeamChessOptions::new(size), &control) {
        Ok(o) => println!(
            "{}x{}x{}: {} bound {} attempts {} ({:.2}s)",
            a[0],
            a[1],
            a[2],
            o.quality.describe(),
            o.lower_bound_numerator,
            o.attempts,
            start.elapsed().as_secs_f64()
        ),
        Err(e) => println!("{e}"),
    }
}
