//! `tourney bench league-table`.

use anyhow::Result;
use scheduler::solver::Control;
use scheduler::tools::league::{LeagueOptions, Uniqueness, check, parse_table, random_season, reconstruct};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `tourney bench league-table`: random seasons of each size, reconstructed and checked, with
/// uniqueness for the small ones; times against the 4-team example in the same run.
pub fn run(sizes: &[usize], seasons: usize, seconds: f64) -> Result<ExitCode> {
    let example = "team,P,W,D,L,GF,GA,Pts\nFoxholt,3,2,1,0,5,1,7\nMarden,3,2,0,1,4,2,6\nWestwell,3,1,1,1,3,1,4\nPinner,3,0,0,3,0,8,0\n";
    let table = parse_table("example", example.as_bytes()).map_err(|p| anyhow::anyhow!("{:?}", p.list))?;
    let options = LeagueOptions::default();
    let started = Instant::now();
    let outcome = reconstruct(&table, &options, &Control::unlimited()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let baseline = started.elapsed().as_secs_f64();
    println!(
        "baseline: the 4-team example, reconstructed and proved unique ({}): {:.1} ms",
        matches!(outcome.uniqueness, Uniqueness::Unique),
        baseline * 1e3
    );
    println!(
        "backend {}; {seasons} random seasons per size, time limit {seconds} s each; the worst of them is shown",
        options.backend.name()
    );
    println!(
        "{:>6} {:>8} {:>8} {:>14} {:>14} {:>9}  uniqueness (per season)",
        "teams", "matches", "seasons", "first: worst", "total: worst", "ratio"
    );
    for &teams in sizes {
        let mut worst_first: f64 = 0.0;
        let mut worst_total: f64 = 0.0;
        let mut verdicts = Vec::new();
        let mut failures = Vec::new();
        for season in 0..seasons {
            let (table, _) = random_season(teams, false, 0, 1000 * teams as u64 + season as u64);
            let first_at = std::sync::Arc::new(std::sync::Mutex::new(None));
            let marker = first_at.clone();
            let started = Instant::now();
            let control = Control::with_time_limit(Duration::from_secs_f64(seconds)).on_progress(move |p| {
                if p.done == 1
                    && let Ok(mut slot) = marker.lock()
                {
                    *slot = Some(started.elapsed().as_secs_f64());
                }
            });
            // The issue asks for the uniqueness proof up to 8 teams, a first answer beyond.
            let options = LeagueOptions {
                prove_uniqueness: teams <= 8,
                ..options.clone()
            };
            let result = reconstruct(&table, &options, &control);
            let total = started.elapsed().as_secs_f64();
            worst_total = worst_total.max(total);
            match result {
                Ok(outcome) if check::check(&table, &outcome.first, &options).is_ok() => {
                    worst_first = worst_first.max(first_at.lock().ok().and_then(|s| *s).unwrap_or(total));
                    verdicts.push(match &outcome.uniqueness {
                        Uniqueness::Unique => "unique",
                        Uniqueness::NotUnique(_) => "not unique",
                        Uniqueness::Unknown(_) => "-",
                    });
                }
                Ok(_) => failures.push(format!("season {season}: CHECK FAILED")),
                Err(error) => failures.push(format!("season {season}: {error}")),
            }
        }
        let mut counted: Vec<String> = Vec::new();
        for verdict in ["unique", "not unique", "-"] {
            let count = verdicts.iter().filter(|v| **v == verdict).count();
            if count > 0 {
                counted.push(format!("{count} {verdict}"));
            }
        }
        println!(
            "{teams:>6} {:>8} {seasons:>8} {:>12.3} s {:>12.3} s {:>8.0}×  {}{}",
            teams * (teams - 1) / 2,
            worst_first,
            worst_total,
            worst_total / baseline,
            counted.join(", "),
            if failures.is_empty() {
                String::new()
            } else {
                format!("; {}", failures.join("; "))
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
