//! Which small team-chess sizes does the engine solve within a few seconds? (Exploration aid;
//! prints one line per size: the quality reached, or why nothing was found.)
use scheduler::solver::Control;
use scheduler::team_chess::{Size, TeamChessOptions, team_chess};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let seconds = args.first().copied().unwrap_or(3) as u64;
    for teams in 2..=9 {
        for boards in 1..=6 {
            for rounds in 1..teams {
                let size = Size {
                    teams,
                    boards,
                    rounds,
                };
                if size.impossibility().is_some() {
                    continue;
                }
                let start = Instant::now();
                let result = team_chess(
                    &TeamChessOptions::new(size),
                    &Control::with_time_limit(Duration::from_secs(seconds)),
                );
                let took = start.elapsed().as_secs_f64();
                match result {
                    Ok(o) => println!(
                        "{teams}x{boards}x{rounds}: Q {}/{} bound {} ({took:.2}s)",
                        o.quality.total_numerator(),
                        o.quality.denominator,
                        o.lower_bound_numerator
                    ),
                    Err(e) => println!("{teams}x{boards}x{rounds}: NONE {e} ({took:.2}s)"),
                }
            }
        }
    }
}
