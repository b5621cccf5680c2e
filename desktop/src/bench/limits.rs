//! `tourney bench limits`: how long the solvers take to come back under short wall-clock
//! limits, and how soon the first team-chess schedule comes. The test suite holds the same
//! calls to counted limits (the same work on any machine, under any load) and asserts only
//! their outcomes; the time they take is measured here, reported, never asserted.

use anyhow::Result;
use scheduler::model::Roster;
use scheduler::solver::Control;
use scheduler::team_chess::{MAX_BOARDS, MAX_TEAMS, Size, TeamChessOptions, team_chess};
use scheduler::whist::{MAX_PLAYERS, WhistOptions, whist_schedule};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One timed call: what it was, the limit, when it first reported a result, how long it
/// took and what it answered.
struct Row {
    what: String,
    limit: Duration,
    first: Option<Duration>,
    took: Duration,
    answer: String,
}

/// Runs every case once (they are seconds each) and prints the table, with the time taken
/// as a ratio to the limit.
pub fn run() -> Result<ExitCode> {
    let mut rows = Vec::new();
    let short = Duration::from_millis(200);
    for players in [MAX_PLAYERS, MAX_PLAYERS - 1, MAX_PLAYERS - 2, MAX_PLAYERS - 3] {
        rows.push(timed(
            format!("whist, {players} players"),
            short,
            |control| match whist_schedule(&Roster::numbered(players), &WhistOptions::default(), control) {
                Ok((schedule, _)) => format!("{} rounds", schedule.rounds.len()),
                Err(e) => e.to_string(),
            },
        ));
    }
    for (teams, boards, rounds) in [
        (MAX_TEAMS, MAX_BOARDS, 3),
        (MAX_TEAMS - 1, MAX_BOARDS, 3),
        (MAX_TEAMS, 4, 3),
    ] {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        rows.push(timed(
            format!("team chess {teams}×{boards}×{rounds}"),
            short,
            |control| answer(team_chess(&TeamChessOptions::new(size), control)),
        ));
    }
    // The first schedule of an odd field: with 1 s (seed 5), and with no time at all.
    for (seed, limit) in [
        (5, Duration::from_secs(1)),
        (1, Duration::ZERO),
        (3, Duration::ZERO),
        (7, Duration::ZERO),
    ] {
        let mut options = TeamChessOptions::new(Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        });
        options.seed = seed;
        rows.push(timed(
            format!("team chess 11×10×3, seed {seed}"),
            limit,
            |control| answer(team_chess(&options, control)),
        ));
    }
    println!(
        "{:<30} {:>8} {:>9} {:>9} {:>7}  answer",
        "call", "limit", "first", "took", "ratio"
    );
    for row in rows {
        let first = row
            .first
            .map_or("-".to_string(), |f| format!("{:.2} s", f.as_secs_f64()));
        let ratio = if row.limit.is_zero() {
            "-".to_string()
        } else {
            format!("{:.2}", row.took.as_secs_f64() / row.limit.as_secs_f64())
        };
        println!(
            "{:<30} {:>6.2} s {:>9} {:>7.2} s {:>7}  {}",
            row.what,
            row.limit.as_secs_f64(),
            first,
            row.took.as_secs_f64(),
            ratio,
            row.answer
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `work` under a wall-clock `limit`, noting when it first reported progress.
fn timed(what: String, limit: Duration, work: impl FnOnce(&Control) -> String) -> Row {
    let first = Arc::new(Mutex::new(None));
    let slot = Arc::clone(&first);
    let started = Instant::now();
    let control = Control::with_time_limit(limit).on_progress(move |_| {
        if let Ok(mut slot) = slot.lock() {
            slot.get_or_insert(started.elapsed());
        }
    });
    let answer = work(&control);
    let took = started.elapsed();
    let first = first.lock().ok().and_then(|f| *f);
    Row {
        what,
        limit,
        first,
        took,
        answer: short(&answer),
    }
}

/// The answer's first clause, for one line of the table.
fn short(answer: &str) -> String {
    let clause = answer.split(['.', ';', '(', ',']).next().unwrap_or(answer).trim();
    clause.chars().take(60).collect()
}

fn answer<E: std::fmt::Display>(result: Result<scheduler::team_chess::TeamChessOutcome, E>) -> String {
    match result {
        Ok(outcome) => format!(
            "a schedule, {} ({} pairing(s))",
            outcome.quality.describe(),
            outcome.attempts
        ),
        Err(e) => e.to_string(),
    }
}
