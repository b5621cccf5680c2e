//! How fast the starter search solves sizes: `starter_speed SECONDS ROUNDS N...`
//! (ROUNDS 0 = the whole cycle).
use scheduler::solver::Control;
use scheduler::whist::search::{StarterSpec, search_starter};
use std::time::{Duration, Instant};
fn main() {
    let mut args = std::env::args().skip(1);
    let budget: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10.0);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    for n in args.map(|a| a.parse::<usize>().unwrap()) {
        let spec = if rounds == 0 {
            StarterSpec::for_players(n, false)
        } else {
            StarterSpec::for_evening(n, rounds, false)
        };
        let t = Instant::now();
        let r = search_starter(
            &spec,
            1,
            &Control::with_time_limit(Duration::from_secs_f64(budget)),
        );
        println!(
            "n={n} window={} cost={} moves={} time={:.3}s",
            spec.window,
            r.cost,
            r.moves,
            t.elapsed().as_secs_f64()
        );
    }
}
