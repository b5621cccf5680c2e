//! `tourney bench sheets`: every sheet kind for a big whist evening against a small one.

use anyhow::Result;
use scheduler::model::{Roster, Schedule};
use scheduler::sheets::{SheetKind, SheetOptions, schedule_pdf};
use scheduler::solver::Control;
use scheduler::whist::{WhistOptions, whist_schedule};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(repeats: usize) -> Result<ExitCode> {
    let whist = |players: usize, rounds: usize| -> Result<Schedule> {
        let options = WhistOptions {
            rounds: Some(rounds),
            directed: false,
            seed: 1,
            never_partner: Vec::new(),
        };
        let control = Control::with_time_limit(Duration::from_secs(30));
        let (schedule, _) = whist_schedule(&Roster::numbered(players), &options, &control)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(schedule)
    };
    let big = whist(100, 25)?;
    let tables: usize = big.rounds.iter().map(|r| r.tables.len()).sum();
    let small = whist(16, 5)?;
    let mut all_kinds = SheetOptions::new("Benchmark evening");
    all_kinds.date = chrono::NaiveDate::from_ymd_opt(2026, 11, 22);
    let mut small_options = all_kinds.clone();
    small_options.kinds = vec![SheetKind::Round];
    let time = |schedule: &Schedule, options: &SheetOptions| -> Result<(f64, usize)> {
        let start = Instant::now();
        let pdf = schedule_pdf(schedule, &[], options)?;
        Ok((start.elapsed().as_secs_f64(), pdf.len()))
    };
    let (cold, _) = time(&big, &all_kinds)?;
    println!(
        "sheets for {} players, {} rounds, {tables} tables in all; first render (fonts, templates, caches): {cold:.3} s",
        big.entrants.len(),
        big.rounds.len()
    );
    let mut baseline = Vec::new();
    let mut timed = Vec::new();
    let mut bytes = 0;
    for _ in 0..repeats.max(1) {
        baseline.push(time(&small, &small_options)?.0);
        let (seconds, size) = time(&big, &all_kinds)?;
        timed.push(seconds);
        bytes = size;
    }
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let (base, all) = (median(&mut baseline), median(&mut timed));
    println!("baseline (16-player round sheet, 5 rounds): {:.1} ms", base * 1e3);
    println!(
        "all sheet kinds, 25 rounds x 25 tables: median {:.3} s over {} renders ({:.0}x baseline), {} KiB",
        all,
        timed.len(),
        all / base,
        bytes / 1024
    );
    Ok(ExitCode::SUCCESS)
}
