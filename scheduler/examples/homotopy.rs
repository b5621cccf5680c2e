//! Experiment: reach a complete rotation by widening the window step by step from an easy
//! one. Result (3 s a step, step 1): stalls at windows 18–24 for 28–48 players, no better
//! than searching each window directly. Usage: `homotopy SECONDS_PER_STEP STEP N...`.
use scheduler::solver::Control;
use scheduler::whist::search::{StarterSpec, search_from};
use std::time::{Duration, Instant};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (secs, step): (f64, u32) = (a[0].parse().unwrap(), a[1].parse().unwrap());
    for n in a[2..].iter().map(|x| x.parse::<usize>().unwrap()) {
        let full = StarterSpec::for_players(n, false);
        let started = Instant::now();
        let mut window = (full.g / 2).max(2);
        let mut current = None;
        loop {
            let spec = StarterSpec {
                window,
                ..full.clone()
            };
            let r = search_from(
                &spec,
                current.as_ref(),
                1,
                &Control::with_time_limit(Duration::from_secs_f64(secs)),
            );
            if r.cost > 0 {
                println!(
                    "n={n} stuck at window {window} (cost {}) after {:.2}s",
                    r.cost,
                    started.elapsed().as_secs_f64()
                );
                break;
            }
            current = Some(r.starter);
            if window >= full.g {
                println!("n={n} COMPLETE after {:.2}s", started.elapsed().as_secs_f64());
                break;
            }
            window = (window + step).min(full.g);
        }
    }
}
