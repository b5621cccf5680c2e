//! Experiment kept for the next round of work on complete rotations: patterned starters
//! (x, y, −x, −y) for g = 4N+1 pair up the classes 1..=2N so that the classes of x − y and
//! x + y are all distinct. Finds g = 49 in milliseconds; impossible when 3 divides g (sum of
//! squares argument); stalls at 1–6 repeats for 77, 121, 133, 161, 209, 217 (25 s each).
//! Usage: `patterned SECONDS G...`.
use scheduler::whist::search::Rng;
use std::time::{Duration, Instant};
fn class(d: i64, g: i64) -> usize {
    let d = d.rem_euclid(g);
    d.min(g - d) as usize
}
fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let secs = args[0] as f64;
    for &g in &args[1..] {
        let g = g as i64;
        let m = ((g - 1) / 2) as usize; // classes 1..=m, m even
        let mut order: Vec<i64> = (1..=m as i64).collect();
        let mut rng = Rng::new(g as u64);
        for i in (1..m).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        let mut count = vec![0i32; m + 1];
        let add = |count: &mut Vec<i32>, x: i64, y: i64, s: i32| -> i64 {
            let mut c = 0;
            for k in [class(x - y, g), class(x + y, g)] {
                let before = (count[k] - 1).max(0);
                count[k] += s;
                c += ((count[k] - 1).max(0) - before) as i64;
            }
            c
        };
        let mut cost = 0;
        for t in 0..m / 2 {
            cost += add(&mut count, order[2 * t], order[2 * t + 1], 1);
        }
        let start = Instant::now();
        let mut temp = 0.5f64;
        let mut moves = 0u64;
        while cost > 0 && start.elapsed() < Duration::from_secs_f64(secs) {
            moves += 1;
            let a = rng.below(m);
            let b = rng.below(m);
            if a / 2 == b / 2 {
                continue;
            }
            let (ta, tb) = (a / 2, b / 2);
            let mut d = add(&mut count, order[2 * ta], order[2 * ta + 1], -1)
                + add(&mut count, order[2 * tb], order[2 * tb + 1], -1);
            order.swap(a, b);
            d += add(&mut count, order[2 * ta], order[2 * ta + 1], 1)
                + add(&mut count, order[2 * tb], order[2 * tb + 1], 1);
            if d <= 0 || rng.unit() < (-(d as f64) / temp).exp() {
                cost += d;
            } else {
                add(&mut count, order[2 * ta], order[2 * ta + 1], -1);
                add(&mut count, order[2 * tb], order[2 * tb + 1], -1);
                order.swap(a, b);
                add(&mut count, order[2 * ta], order[2 * ta + 1], 1);
                add(&mut count, order[2 * tb], order[2 * tb + 1], 1);
            }
            temp = (temp * 0.99999).max(0.05);
        }
        println!(
            "g={g} cost={cost} moves={moves} time={:.3}s",
            start.elapsed().as_secs_f64()
        );
    }
}
