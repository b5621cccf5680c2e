use scheduler::solver::Control;
use scheduler::whist::search::{StarterSpec, search_starter};
use std::time::{Duration, Instant};
fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    for n in sizes {
        for directed in [false, true] {
            if directed && n % 4 != 1 {
                continue;
            }
            let spec = StarterSpec::for_players(n, directed);
            let t = Instant::now();
            let r = search_starter(&spec, 1, &Control::with_time_limit(Duration::from_secs(20)));
            println!(
                "n={n} directed={directed} cost={} moves={} time={:.3}s",
                r.cost,
                r.moves,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
