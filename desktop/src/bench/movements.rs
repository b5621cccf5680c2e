//! `tourney bench movements`: generating and verifying every club pairs movement for 2–30
//! tables, and scoring a 15-table Mitchell evening (30 boards: the nearest to 27 that 15
//! rounds divide) with every traveller in,
//! each against a 3-table baseline measured in the same run (the targets: each
//! movement under 10 ms, the scoring under 50 ms).

use anyhow::Result;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::standings::standings;
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::movement::{MovementChoice, MovementKind, make_movement};
use scheduler::solver::{Control, Rng};
use scheduler::verify::movement::verify_movement;
use std::process::ExitCode;
use std::time::Instant;

const KINDS: [MovementKind; 7] = [
    MovementKind::Mitchell,
    MovementKind::SkipMitchell,
    MovementKind::RelayMitchell,
    MovementKind::Howell,
    MovementKind::HalfSetHowell,
    MovementKind::ThreeQuarterHowell,
    MovementKind::RelayThreeQuarterHowell,
];

/// The median of `repeats` timings of `job`, in seconds.
fn median(repeats: usize, mut job: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..repeats.max(1))
        .map(|_| {
            let start = Instant::now();
            job();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Generates and verifies one movement: the fewest and most boards two pairs of a field are
/// compared on, `None` when the kind does not exist for the size (an error, which would be a
/// bug, when it fails its verifier).
fn make_and_verify(
    kind: MovementKind,
    tables: usize,
    boards_per_round: usize,
) -> Result<Option<(usize, usize)>, String> {
    let choice = MovementChoice {
        pairs: 2 * tables,
        kind,
        boards_per_round,
        phantom: None,
        arrow_switch: false,
    };
    let Ok(movement) = make_movement(&choice) else {
        return Ok(None);
    };
    let report = verify_movement(&movement);
    if !report.is_valid() {
        return Err(format!(
            "{} on {tables} tables failed its verifier: {:?}",
            kind.name(),
            report.violations
        ));
    }
    let balance = scheduler::verify::balance::balance(&movement);
    std::hint::black_box(movement);
    Ok(Some((balance.min(), balance.max())))
}

/// Runs the benchmark and prints its table.
pub fn run(repeats: usize) -> Result<ExitCode> {
    let repeats = repeats.max(1);
    println!("Generate + verify, boards per round 3, median of {repeats} runs:");
    let base = median(repeats, || {
        let _ = make_and_verify(MovementKind::Mitchell, 3, 3);
    });
    println!("  baseline: Mitchell on 3 tables: {:.3} ms", base * 1e3);
    let mut slowest = (0.0f64, String::new());
    let mut made = 0;
    for tables in 2..=30 {
        for kind in KINDS {
            let compared = match make_and_verify(kind, tables, 3) {
                Ok(Some(compared)) => compared,
                Ok(None) => continue,
                Err(message) => {
                    eprintln!("error: {message}");
                    return Ok(ExitCode::FAILURE);
                }
            };
            made += 1;
            let time = median(repeats, || {
                let _ = make_and_verify(kind, tables, 3);
            });
            println!(
                "  {:<34} {tables:>2} tables: {:>8.3} ms ({:.0}× the baseline); two pairs compared on {}–{} boards (spread {})",
                kind.name(),
                time * 1e3,
                time / base,
                compared.0,
                compared.1,
                compared.1 - compared.0
            );
            if time > slowest.0 {
                slowest = (time, format!("{} on {tables} tables", kind.name()));
            }
        }
    }
    println!(
        "{made} movements; the slowest, {}, took {:.3} ms (target < 10 ms)",
        slowest.1,
        slowest.0 * 1e3
    );

    let (small, small_results) = evening(3, 9)?;
    let (large, large_results) = evening(15, 2)?;
    let small_time = median(repeats, || {
        std::hint::black_box(standings(&small, &small_results));
    });
    let large_time = median(repeats, || {
        std::hint::black_box(standings(&large, &large_results));
    });
    println!("Scoring with every result in (travellers, Neuberg, rankings), median of {repeats} runs:");
    println!(
        "  baseline: 3-table Mitchell, {} results: {:.3} ms",
        small_results.len(),
        small_time * 1e3
    );
    println!(
        "  15-table Mitchell, 15 rounds × 2 boards (30 boards; 27 does not divide into 15 rounds): {} results: {:.3} ms ({:.0}× the baseline; target < 50 ms)",
        large_results.len(),
        large_time * 1e3,
        large_time / small_time
    );
    Ok(ExitCode::SUCCESS)
}

/// A Mitchell evening on `tables` tables with every board's result in (random N-S scores).
fn evening(tables: usize, boards_per_round: u32) -> Result<(Event, Results)> {
    let mut spec = NewEvent::new("Bench", EventFormat::BridgePairs, Roster::numbered(2 * tables));
    spec.options.boards_per_round = boards_per_round;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).map_err(anyhow::Error::msg)?;
    let mut rng = Rng::new(7);
    let mut results = Results::new();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            for deal in event.deals_at(round.number, table.number) {
                let score = (rng.below(30) as i32 - 10) * 50;
                results.insert(
                    ResultKey {
                        round: round.number,
                        table: table.number,
                        deal,
                    },
                    ResultValue::Bridge {
                        board: BridgeResult::NorthSouthScore { score },
                    },
                );
            }
        }
    }
    Ok((event, results))
}
