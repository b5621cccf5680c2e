//! `tourney bench sheets [--big]`: every sheet kind for a big whist evening against a small
//! round sheet in the same run: time (median of the repeats) and, on Linux, the peak memory
//! (the process's high-water mark after the first small and the first big render).

use anyhow::Result;
use scheduler::model::{Roster, Schedule};
use scheduler::sheets::{SheetKind, SheetOptions, schedule_pdf};
use scheduler::solver::Control;
use scheduler::whist::{WhistOptions, whist_schedule};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(repeats: usize, big: bool) -> Result<ExitCode> {
    let whist = |players: usize, rounds: usize| -> Result<Schedule> {
        let options = WhistOptions {
            rounds: Some(rounds),
            directed: false,
            seed: 1,
            never_partner: Vec::new(),
            apart: Default::default(),
        };
        let control = Control::with_time_limit(Duration::from_secs(30));
        let (schedule, _) = whist_schedule(&Roster::numbered(players), &options, &control)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(schedule)
    };
    let (players, rounds) = if big { (400, 30) } else { (100, 25) };
    let evening = whist(players, rounds)?;
    let tables: usize = evening.rounds.iter().map(|r| r.tables.len()).sum();
    let small = whist(16, 5)?;
    let mut all_kinds = SheetOptions::new("Benchmark evening");
    all_kinds.date = chrono::NaiveDate::from_ymd_opt(2026, 11, 22);
    let mut small_options = all_kinds.clone();
    small_options.kinds = vec![SheetKind::Round];
    let time = |schedule: &Schedule, options: &SheetOptions| -> Result<Render> {
        let start = Instant::now();
        let pdf = schedule_pdf(schedule, &[], options)?;
        Ok(Render {
            seconds: start.elapsed().as_secs_f64(),
            bytes: pdf.len(),
            pages: scheduler::sheets::pdf::page_count(&pdf),
        })
    };
    // Memory first, in this fresh process: the small render, then the big one, each read as
    // the process's high-water mark (the allocator keeps what a render freed, so a later
    // render's own peak cannot be told apart).
    let before = peak_memory_mib();
    let cold_small = time(&small, &small_options)?;
    let small_peak = peak_memory_mib();
    let cold = time(&evening, &all_kinds)?;
    let big_peak = peak_memory_mib();
    println!(
        "sheets for {players} players, {rounds} rounds, {tables} tables in all: {} pages; first render (fonts, templates, caches): {:.3} s",
        cold.pages, cold.seconds
    );
    let mut baseline = Vec::new();
    let mut timed = Vec::new();
    for _ in 0..repeats.max(1) {
        baseline.push(time(&small, &small_options)?);
        timed.push(time(&evening, &all_kinds)?);
    }
    let median = |renders: &[Render]| {
        let mut values: Vec<f64> = renders.iter().map(|r| r.seconds).collect();
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let (base, all) = (median(&baseline), median(&timed));
    let last = timed.last().expect("at least one render");
    println!(
        "baseline (16-player round sheet, 5 rounds): {:.1} ms ({} pages)",
        base * 1e3,
        cold_small.pages
    );
    println!(
        "all sheet kinds: median {all:.3} s over {} renders ({:.0}x baseline), {} pages, {} KiB",
        timed.len(),
        all / base,
        last.pages,
        last.bytes / 1024
    );
    match (before, small_peak, big_peak) {
        (Some(before), Some(small), Some(big)) => println!(
            "peak memory of the process: {before:.0} MiB before any sheet, {small:.0} MiB after the baseline, {big:.0} MiB after all sheet kinds ({:.1}x the baseline's)",
            big / small
        ),
        _ => println!("peak memory: not measured on this system (Linux /proc only)"),
    }
    Ok(ExitCode::SUCCESS)
}

struct Render {
    seconds: f64,
    bytes: usize,
    pages: usize,
}

/// Linux: the resident high-water mark in MiB; `None` elsewhere.
fn peak_memory_mib() -> Option<f64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map(|kb| kb / 1024.0)
}
