//! `tourney bench team-chess`: the team-chess sizes with every MILP backend built in, with
//! `--odd-grid` every odd-board size up to 12 teams × 9 boards with the worst of them, and with
//! `--grid` every even-team size of 6–30 teams × 2–16 boards × 2–8 rounds over several seeds.

use anyhow::Result;
use scheduler::milp::Backend;
use scheduler::solver::Control;
use scheduler::team_chess::team_match::team_round_robin;
use scheduler::team_chess::{Size, TeamChessOptions, TeamNames, team_chess};
use scheduler::verify::verify;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The team-chess sizes of the benchmark table.
const TEAM_CHESS_BENCH: [(usize, usize, usize); 10] = [
    (12, 10, 3),
    (11, 10, 3),
    (8, 6, 7),
    (12, 8, 5),
    (9, 4, 4),
    (6, 4, 5),
    (16, 8, 5),
    (20, 10, 3),
    (10, 7, 4),
    (12, 5, 4),
];

/// Every size of the grid 2–12 teams × 1–10 boards with an odd number of boards and a number
/// of rounds the rules allow (the teams then even, the rounds even and below the teams).
fn odd_board_grid() -> Vec<(usize, usize, usize)> {
    let mut sizes = Vec::new();
    for teams in 2..=12 {
        for boards in (1..=10).filter(|b| b % 2 == 1) {
            for rounds in 1..teams {
                let size = Size {
                    teams,
                    boards,
                    rounds,
                };
                if size.impossibility().is_none() {
                    sizes.push((teams, boards, rounds));
                }
            }
        }
    }
    sizes
}

/// One size solved with one backend, as the checker measured it.
struct Measured {
    label: String,
    backend: Backend,
    /// Q's numerator and denominator, the bound's numerator, seconds to the best, the longest
    /// run of one colour anyone has (the audit's); or the error.
    result: Result<(u64, u64, u64, f64, u32), String>,
}

impl Measured {
    fn gap(&self) -> Option<u64> {
        self.result
            .as_ref()
            .ok()
            .map(|&(q, _, bound, _, _)| q - bound.min(q))
    }

    fn print(&self, unit: f64) {
        let backend = self.backend.name();
        let label = &self.label;
        match &self.result {
            Ok((q, denominator, bound, to_best, run)) => println!(
                "{label:<10} {backend:<9} {:>6}/{:<4} ≈ {:<7.4} {bound:>5}  {:<6} {to_best:>9.2}  {:>6.0}  {run:>3}  {}",
                q,
                denominator,
                *q as f64 / *denominator as f64,
                q - bound.min(q),
                to_best / unit,
                if q <= bound { "optimal (bound reached)" } else { "" }
            ),
            Err(error) => println!("{label:<10} {backend:<9} {error}"),
        }
    }
}

fn measure(size: Size, backend: Backend, seconds: f64, seed: u64) -> Measured {
    let mut label = format!("{}x{}x{}", size.teams, size.boards, size.rounds);
    if seed != 1 {
        label.push_str(&format!(" s{seed}"));
    }
    let mut options = TeamChessOptions::new(size);
    options.backend = backend;
    options.seed = seed;
    let start = Instant::now();
    let last_gain = std::sync::Arc::new(std::sync::Mutex::new(0.0f64));
    let record = std::sync::Arc::clone(&last_gain);
    let control =
        Control::with_time_limit(Duration::from_secs_f64(seconds.max(0.0))).on_progress(move |_| {
            if let Ok(mut at) = record.lock() {
                *at = start.elapsed().as_secs_f64();
            }
        });
    let result = team_chess(&options, &control)
        .map(|outcome| {
            let q = &outcome.quality;
            let to_best = last_gain.lock().map_or(f64::NAN, |at| *at);
            (
                q.total_numerator(),
                q.denominator,
                outcome.lower_bound_numerator,
                to_best,
                scheduler::audit::audit(&outcome.schedule)
                    .entrants
                    .iter()
                    .map(|e| e.longest_run)
                    .max()
                    .unwrap_or(0),
            )
        })
        .map_err(|error| error.to_string());
    Measured {
        label,
        backend,
        result,
    }
}

/// One size over seeds 1 to `seeds`: the worst Q (numerator, denominator, bound), the
/// slowest time to a seed's best, how many seeds reached the lower bound, and how many found
/// no schedule.
struct OverSeeds {
    worst: Option<(u64, u64, u64)>,
    slowest: f64,
    at_bound: usize,
    failed: usize,
}

impl OverSeeds {
    fn of(rows: &[Measured]) -> Self {
        let results = || rows.iter().filter_map(|row| row.result.as_ref().ok());
        OverSeeds {
            worst: results()
                .max_by_key(|r| r.0)
                .map(|&(q, d, bound, _, _)| (q, d, bound)),
            slowest: results().map(|r| r.3).fold(0.0f64, f64::max),
            at_bound: rows.iter().filter(|row| row.gap() == Some(0)).count(),
            failed: rows.iter().filter(|row| row.result.is_err()).count(),
        }
    }

    fn worst_text(&self) -> String {
        self.worst.map_or("—".to_owned(), |(q, d, bound)| {
            format!("{q}/{d} ≈ {:.3} (bound {bound}/{d})", q as f64 / d as f64)
        })
    }
}

/// Each size with seeds 1 to `seeds` (the best backend): a row per seed, then the worst Q over
/// the seeds, the slowest time to a seed's best, and how many reached the lower bound.
fn by_seeds(sizes: &[(usize, usize, usize)], seeds: u64, seconds: f64, unit: f64) {
    let backend = Backend::best_available();
    for &(teams, boards, rounds) in sizes {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        let label = format!("{teams}x{boards}x{rounds}");
        if let Some(reason) = size.impossibility() {
            println!("{label:<20} impossible: {reason}");
            continue;
        }
        let rows: Vec<Measured> = (1..=seeds)
            .map(|seed| {
                let row = measure(size, backend, seconds, seed);
                row.print(unit);
                row
            })
            .collect();
        let over = OverSeeds::of(&rows);
        println!(
            "{label} over seeds 1–{seeds}: worst Q {}; slowest to its best {:.2} s; lower bound reached by {} of {seeds}; no schedule: {}",
            over.worst_text(),
            over.slowest,
            over.at_bound,
            over.failed
        );
    }
}

/// The even-team sizes of the grid: `teams` (odd numbers left out) × 2–16 boards × 2–8
/// rounds, those the rules allow.
fn even_grid_sizes(
    teams: std::ops::RangeInclusive<usize>,
    rounds: std::ops::RangeInclusive<usize>,
) -> Vec<Size> {
    let mut sizes = Vec::new();
    for teams in teams.filter(|t| t % 2 == 0) {
        for boards in 2..=16 {
            for rounds in rounds.clone().filter(|r| (2..=8).contains(r)) {
                let size = Size {
                    teams,
                    boards,
                    rounds,
                };
                if size.impossibility().is_none() {
                    sizes.push(size);
                }
            }
        }
    }
    sizes
}

/// "6-30" (or "12") as a range of numbers, for the option `--{option}`.
fn grid_range(option: &str, text: &str) -> Result<std::ops::RangeInclusive<usize>> {
    let parse = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| anyhow::anyhow!("--{option}: {text:?} is not FROM-TO (say 6-30)"))
    };
    let (from, to) = match text.split_once('-') {
        Some((from, to)) => (parse(from)?, parse(to)?),
        None => (parse(text)?, parse(text)?),
    };
    anyhow::ensure!(
        from <= to,
        "--{option}: {text:?} runs backwards (say {to}-{from})"
    );
    Ok(from..=to)
}

/// `--grid`: every even-team size with seeds 1 to `seeds`, a line per size, then the summary:
/// how many sizes reached the bound with every seed, which did not (the best and worst Q
/// against the bound), which had a seed with no schedule, and the slowest.
pub fn even_grid(seconds: f64, teams: &str, rounds: &str, seeds: u64) -> Result<ExitCode> {
    let sizes = even_grid_sizes(
        grid_range("grid-teams", teams)?,
        grid_range("grid-rounds", rounds)?,
    );
    let seeds = seeds.max(1);
    let backend = Backend::best_available();
    println!(
        "even grid: {} sizes ({teams} teams, even numbers, × 2–16 boards × {rounds} rounds (within 2–8) the rules allow), seeds 1–{seeds}, {seconds} s a run",
        sizes.len()
    );
    println!("size        worst Q over seeds           at bound  slowest to best s  no schedule  best Q");
    let started = Instant::now();
    let mut above = Vec::new();
    let mut failed = Vec::new();
    let mut slowest = (0.0f64, String::new());
    let mut all_at_bound = 0;
    for size in &sizes {
        let label = format!("{}x{}x{}", size.teams, size.boards, size.rounds);
        let rows: Vec<Measured> = (1..=seeds)
            .map(|seed| measure(*size, backend, seconds, seed))
            .collect();
        let over = OverSeeds::of(&rows);
        let best = rows
            .iter()
            .filter_map(|row| row.result.as_ref().ok())
            .map(|r| r.0)
            .min();
        println!(
            "{label:<11} {:<28} {}/{seeds}       {:>8.2}           {:<12} {}",
            over.worst_text(),
            over.at_bound,
            over.slowest,
            over.failed,
            best.map_or("—".into(), |q| q.to_string())
        );
        all_at_bound += usize::from(over.at_bound == rows.len());
        if over.slowest > slowest.0 {
            slowest = (over.slowest, label.clone());
        }
        if over.failed > 0 {
            failed.push(label.clone());
        }
        if over.at_bound + over.failed < rows.len() {
            let (worst, d, bound) = over.worst.unwrap_or_default();
            above.push(format!(
                "{label} (best {}/{d}, worst {worst}/{d}, bound {bound}/{d}; {} of {seeds} at the bound)",
                best.unwrap_or(worst),
                over.at_bound
            ));
        }
    }
    let none = |list: &[String]| {
        if list.is_empty() {
            "none".to_owned()
        } else {
            list.join(", ")
        }
    };
    println!(
        "even grid: {} of {} sizes at the lower bound with every seed; slowest to its best: {} at {:.2} s; whole grid {:.0} s",
        all_at_bound,
        sizes.len(),
        slowest.1,
        slowest.0,
        started.elapsed().as_secs_f64()
    );
    println!("even grid, above the bound with some seed: {}", none(&above));
    println!("even grid, no schedule with some seed: {}", none(&failed));
    Ok(ExitCode::SUCCESS)
}

pub fn run(seconds: f64, sizes: &[String], odd_grid: bool, seeds: Option<u64>) -> Result<ExitCode> {
    let sizes: Vec<(usize, usize, usize)> = if sizes.is_empty() {
        TEAM_CHESS_BENCH.to_vec()
    } else {
        sizes
            .iter()
            .map(|text| {
                let parts: Vec<usize> = text.split('x').filter_map(|p| p.trim().parse().ok()).collect();
                match parts[..] {
                    [teams, boards, rounds] => Ok((teams, boards, rounds)),
                    _ => Err(anyhow::anyhow!("--sizes: {text:?} is not TEAMSxBOARDSxROUNDS")),
                }
            })
            .collect::<Result<_>>()?
    };
    // The reference job: a 12-team × 10-board round robin built and checked 50 times. Its
    // time is the unit of the ratio column.
    let reference = Instant::now();
    let names = TeamNames::numbered(12, 10);
    for _ in 0..50 {
        let schedule = team_round_robin(&names, 10, false);
        anyhow::ensure!(
            verify(&schedule).is_valid(),
            "the reference round robin failed its check"
        );
    }
    let unit = reference.elapsed().as_secs_f64();
    println!("reference job: {:.1} ms", unit * 1e3);
    println!("size       backend   Q (checker)          bound  gap    to best s  ratio  run  note");
    println!("(run: the longest run of one colour anyone has, as the audit reports it)");
    if let Some(seeds) = seeds {
        by_seeds(&sizes, seeds.max(1), seconds, unit);
        return Ok(ExitCode::SUCCESS);
    }
    for (teams, boards, rounds) in sizes {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        if let Some(reason) = size.impossibility() {
            println!(
                "{:<20} impossible: {reason}",
                format!("{teams}x{boards}x{rounds}")
            );
            continue;
        }
        for backend in Backend::all() {
            measure(size, backend, seconds, 1).print(unit);
        }
    }
    if odd_grid {
        let grid = odd_board_grid();
        println!(
            "odd-board grid: {} sizes (2–12 teams × 1–10 boards × rounds the rules allow)",
            grid.len()
        );
        for backend in Backend::all() {
            let rows: Vec<Measured> = grid
                .iter()
                .map(|&(teams, boards, rounds)| {
                    let row = measure(
                        Size {
                            teams,
                            boards,
                            rounds,
                        },
                        backend,
                        seconds,
                        1,
                    );
                    row.print(unit);
                    row
                })
                .collect();
            let at_bound = rows.iter().filter(|row| row.gap() == Some(0)).count();
            let failed: Vec<&str> = rows
                .iter()
                .filter(|row| row.result.is_err())
                .map(|row| row.label.as_str())
                .collect();
            let slowest = rows
                .iter()
                .filter_map(|row| row.result.as_ref().ok().map(|r| (r.3, row.label.as_str())))
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let above: Vec<String> = rows
                .iter()
                .filter(|row| row.gap().is_some_and(|gap| gap > 0))
                .map(|row| format!("{} (gap {})", row.label, row.gap().unwrap_or(0)))
                .collect();
            println!(
                "odd-board grid, {}: {at_bound}/{} at the lower bound; slowest to its best: {}; above the bound: {}; no schedule: {}",
                backend.name(),
                rows.len(),
                slowest.map_or("—".into(), |(at, label)| format!("{label} at {at:.2} s")),
                if above.is_empty() {
                    "none".into()
                } else {
                    above.join(", ")
                },
                if failed.is_empty() {
                    "none".into()
                } else {
                    failed.join(", ")
                },
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
