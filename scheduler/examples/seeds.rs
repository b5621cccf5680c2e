//! Restart behaviour of the complete-starter search: `seeds N SECONDS SEEDS`.
use scheduler::solver::Control;
use scheduler::whist::search::{StarterSpec, search_starter};
use std::time::{Duration, Instant};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (n, secs, seeds): (usize, f64, u64) = (
        a[0].parse().unwrap(),
        a[1].parse().unwrap(),
        a[2].parse().unwrap(),
    );
    for seed in 0..seeds {
        let t = Instant::now();
        let r = search_starter(
            &StarterSpec::for_players(n, false),
            seed,
            &Control::with_time_limit(Duration::from_secs_f64(secs)),
        );
        println!(
            "n={n} seed={seed} cost={} time={:.3}s",
            r.cost,
            t.elapsed().as_secs_f64()
        );
    }
}
