//! The solver tools on the command line: `tourney league-table`, `tourney logic-grid`,
//! `tourney dicdacdoe`, and their benchmarks. Each prints its answer and how sure it is
//! (unique, not unique with a second answer, or stopped), then exits 0 (answered), 1 (the
//! input is wrong or has no answer) or 2 (the command line is wrong).

use anyhow::Result;
use clap::Args;
use scheduler::scoring::league::PointsRule;
use scheduler::solver::Control;
use scheduler::tools::league::{
    LeagueError, LeagueOptions, Uniqueness, check, parse_known, parse_table, random_season, reconstruct,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct LeagueTableArgs {
    /// The table as CSV: team,P,W,D,L,GF,GA,Pts (any order; GD is checked when present).
    file: PathBuf,
    /// Points for a win, a draw and a loss.
    #[arg(long, default_value = "3,1,0")]
    points: String,
    /// Double round robin: every pair meets twice, home and away (the grid is home by away).
    #[arg(long)]
    double: bool,
    /// A result you know, home first, e.g. --known "Foxholt 2-0 Pinner" (repeat for more).
    #[arg(long = "known", value_name = "HOME G-G AWAY")]
    known: Vec<String>,
    /// Seconds allowed for both solves together.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
}

pub fn league_table(args: &LeagueTableArgs) -> Result<ExitCode> {
    let label = args.file.display().to_string();
    let bytes = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("error: {label}: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let table = match parse_table(&label, &bytes) {
        Ok(table) => table,
        Err(problems) => {
            for problem in &problems.list {
                eprintln!("{problem}");
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    let points = match PointsRule::parse(&args.points) {
        Ok(points) => points,
        Err(message) => {
            eprintln!("--points: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut options = LeagueOptions {
        points,
        double: args.double,
        ..LeagueOptions::default()
    };
    for text in &args.known {
        match parse_known(text, &table) {
            Ok(known) => options.known.push(known),
            Err(message) => {
                eprintln!("--known: {message}");
                return Ok(ExitCode::from(2));
            }
        }
    }
    let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.1)));
    let started = Instant::now();
    let outcome = match reconstruct(&table, &options, &control) {
        Ok(outcome) => outcome,
        Err(error) => {
            match &error {
                LeagueError::Inconsistent(lines) => {
                    eprintln!("error: {label}: the table does not add up:");
                    for line in lines {
                        eprintln!("  {line}");
                    }
                }
                other => eprintln!("error: {label}: {other}"),
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    if let Err(problems) = check::check(&table, &outcome.first, &options) {
        // The checker shares no code with the model: a failure here is a bug, never hidden.
        eprintln!(
            "internal error: the reconstruction does not give the table: {}",
            problems.join("; ")
        );
        return Ok(ExitCode::FAILURE);
    }
    print_grid(&table, &outcome.first, options.double);
    println!();
    for line in outcome.first.lines(&table) {
        println!("{line}");
    }
    println!();
    match &outcome.uniqueness {
        Uniqueness::Unique => println!("unique: no other set of results gives this table"),
        Uniqueness::NotUnique(second) => {
            if let Err(problems) = check::check(&table, second, &options) {
                eprintln!(
                    "internal error: the second answer does not give the table: {}",
                    problems.join("; ")
                );
                return Ok(ExitCode::FAILURE);
            }
            println!("not unique: another set of results gives the same table; it differs in");
            for difference in outcome.first.differences(second, &table) {
                println!("  {difference}");
            }
            println!();
            println!("the second solution:");
            print_grid(&table, second, options.double);
        }
        Uniqueness::Unknown(why) => println!("uniqueness unknown: {why}"),
    }
    eprintln!("({:.2} s)", started.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

fn print_grid(
    table: &scheduler::tools::league::LeagueTable,
    reconstruction: &scheduler::tools::league::Reconstruction,
    double: bool,
) {
    let grid = reconstruction.grid(table, double);
    let width = table
        .lines
        .iter()
        .map(|l| l.team.chars().count())
        .max()
        .unwrap_or(4);
    let short: Vec<String> = table
        .lines
        .iter()
        .map(|l| l.team.chars().take(6).collect())
        .collect();
    print!("{:width$}", "", width = width);
    for name in &short {
        print!(" {name:>6}");
    }
    println!();
    for (line, row) in table.lines.iter().zip(grid) {
        print!("{:width$}", line.team, width = width);
        for cell in row {
            let cell = if cell.is_empty() { "·".to_owned() } else { cell };
            print!(" {cell:>6}");
        }
        println!();
    }
    if double {
        println!("(rows: home team; columns: away team)");
    } else {
        println!("(each cell: the row team's goals first; · not played)");
    }
}

/// `tourney bench league-table`: random seasons of each size, reconstructed and checked, with
/// uniqueness for the small ones; times against the 4-team example in the same run.
pub fn bench_league_table(sizes: &[usize], seasons: usize, seconds: f64) -> Result<ExitCode> {
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

#[derive(Args, Debug)]
pub struct LogicGridArgs {
    /// The puzzle: categories ("Pet: cat, dog, fish"), then the clues (grammar in the README).
    file: PathBuf,
    /// Seconds allowed for both solves together.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
}

pub fn logic_grid(args: &LogicGridArgs) -> Result<ExitCode> {
    use scheduler::tools::logic_grid::{self, GridError};
    let label = args.file.display().to_string();
    let bytes = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("error: {label}: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let (text, _) = scheduler::text::decode(&bytes);
    let puzzle = match logic_grid::parse_puzzle(&text) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("error: {label}, {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.1)));
    let started = Instant::now();
    let outcome =
        match logic_grid::solve_puzzle(&puzzle, scheduler::milp::Backend::best_available(), &control) {
            Ok(outcome) => outcome,
            Err(GridError::NoSolution) => {
                eprintln!("error: {label}: {}", GridError::NoSolution);
                return Ok(ExitCode::FAILURE);
            }
            Err(error) => {
                eprintln!("error: {label}: {error}");
                return Ok(ExitCode::FAILURE);
            }
        };
    if let Err(problems) = logic_grid::check::check(&puzzle, &outcome.first) {
        eprintln!(
            "internal error: the solution breaks clues: {}",
            problems.join("; ")
        );
        return Ok(ExitCode::FAILURE);
    }
    print_solution(&puzzle, &outcome.first);
    match &outcome.uniqueness {
        logic_grid::Uniqueness::Unique => println!("\nunique: no other arrangement fits every clue"),
        logic_grid::Uniqueness::NotUnique(second) => {
            if let Err(problems) = logic_grid::check::check(&puzzle, second) {
                eprintln!(
                    "internal error: the second solution breaks clues: {}",
                    problems.join("; ")
                );
                return Ok(ExitCode::FAILURE);
            }
            println!("\nnot unique: this arrangement fits every clue too:");
            print_solution(&puzzle, second);
        }
        logic_grid::Uniqueness::Unknown(why) => println!("\nuniqueness unknown: {why}"),
    }
    eprintln!(
        "({} clues, {:.2} s)",
        puzzle.clues.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn print_solution(
    puzzle: &scheduler::tools::logic_grid::Puzzle,
    solution: &scheduler::tools::logic_grid::Solution,
) {
    let rows = solution.rows(puzzle);
    let widths: Vec<usize> = puzzle
        .categories
        .iter()
        .enumerate()
        .map(|(c, category)| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([category.name.chars().count()])
                .max()
                .unwrap_or(4)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_owned()
    };
    println!(
        "{}",
        line(puzzle.categories.iter().map(|c| c.name.as_str()).collect())
    );
    for row in &rows {
        println!("{}", line(row.iter().map(String::as_str).collect()));
    }
}

#[derive(Args, Debug)]
pub struct DicDacDoeArgs {
    /// The board is N×N.
    #[arg(long, default_value_t = 10)]
    size: usize,
    /// Moves played (X, O, + in turn, X first); fewer moves leave more empty cells and are harder.
    #[arg(long, default_value_t = 80)]
    moves: usize,
    /// Seconds allowed; the best board so far is printed when they run out.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
    /// The first random seed (each search thread uses its own from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn dicdacdoe(args: &DicDacDoeArgs) -> Result<ExitCode> {
    use scheduler::tools::dicdacdoe::{SearchOptions, check, solve};
    let mut options = SearchOptions {
        seed: args.seed,
        ..SearchOptions::default()
    };
    if let Some(threads) = args.threads {
        options.threads = threads.max(1);
    }
    let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.1)));
    let started = Instant::now();
    let outcome = match solve(args.size, args.moves, &options, &control) {
        Ok(outcome) => outcome,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let text = outcome.board.to_string();
    print!("{text}");
    // The verdict comes from the independent checker, which reads the printed board.
    let problems = check::check(&text, args.size, args.moves);
    println!();
    if problems.is_empty() {
        println!(
            "checked: after {} moves on {n}×{n} no line of three is won or can ever be completed",
            args.moves,
            n = args.size
        );
    } else {
        println!(
            "not found within {:.0} s: the best board still leaves {} line(s) of three open:",
            args.time_limit, outcome.broken_lines
        );
        for problem in problems.iter().take(10) {
            println!("  {problem}");
        }
        if problems.len() > 10 {
            println!("  … and {} more", problems.len() - 10);
        }
    }
    eprintln!(
        "({seconds:.2} s, {} threads, {} annealing steps, {} MILP window repairs)",
        options.threads, outcome.steps, outcome.repairs
    );
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `tourney bench dicdacdoe`: the two targets over several seeds, then the fewest
/// moves reached per board size (walking m down from a solved count until a search fails
/// within its time), against an 8×8 board solved in the same process as the baseline.
pub fn bench_dicdacdoe(seeds: u64, seconds: f64, sizes: &[usize], descend_seconds: f64) -> Result<ExitCode> {
    use scheduler::tools::dicdacdoe::{SearchOptions, check, solve};
    let run = |n: usize, m: usize, seed: u64, limit: f64| {
        let options = SearchOptions {
            seed,
            ..SearchOptions::default()
        };
        let control = Control::with_time_limit(Duration::from_secs_f64(limit));
        let started = Instant::now();
        let outcome = solve(n, m, &options, &control).map_err(|e| anyhow::anyhow!(e))?;
        let solved = check::check(&outcome.board.to_string(), n, m).is_empty();
        Ok::<_, anyhow::Error>((solved, started.elapsed().as_secs_f64(), outcome))
    };
    let threads = SearchOptions::default().threads;
    // The baseline is a board the search always solves in milliseconds (8×8 after 52
    // moves); one it cannot solve would time out and make every ratio meaningless, so that
    // stops the bench.
    let mut baseline_times = Vec::new();
    for seed in 1..=5 {
        let (solved, time, _) = run(8, 52, seed, 60.0)?;
        if !solved {
            anyhow::bail!(
                "the baseline (8×8 after 52 moves, seed {seed}) was not solved; ratios would mean nothing"
            );
        }
        baseline_times.push(time);
    }
    baseline_times.sort_by(f64::total_cmp);
    let baseline = baseline_times[baseline_times.len() / 2];
    println!(
        "baseline: 8×8 after 52 moves, median of 5 seeds: {:.2} ms",
        baseline * 1e3
    );
    println!("{threads} search threads; time limit {seconds} s per run");
    println!(
        "{:>8} {:>6} {:>6} {:>8} {:>10} {:>10} {:>10}  repairs",
        "board", "moves", "seeds", "solved", "median", "worst", "ratio"
    );
    for (n, m) in [(10, 80), (15, 185)] {
        let mut times = Vec::new();
        let (mut solved, mut repairs) = (0, 0);
        for seed in 1..=seeds {
            let (ok, time, outcome) = run(n, m, seed, seconds)?;
            solved += usize::from(ok);
            repairs += outcome.repairs;
            times.push(time);
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let worst = times[times.len() - 1];
        println!(
            "{:>8} {m:>6} {seeds:>6} {:>8} {:>8.2} s {:>8.2} s {:>9.0}×  {repairs}",
            format!("{n}×{n}"),
            format!("{solved}/{seeds}"),
            median,
            worst,
            worst / baseline
        );
    }
    if !sizes.is_empty() {
        println!();
        println!("fewest moves reached (each step down searched for up to {descend_seconds} s, seed 1):");
    }
    for &n in sizes {
        // Start from a count that is easy (a quarter of the board empty) and walk down.
        let mut m = n * n - n * n / 6;
        let mut fewest = None;
        loop {
            let (ok, time, _) = run(n, m, 1, descend_seconds)?;
            if !ok {
                println!("  {n}×{n}: {m} moves not found within {descend_seconds} s");
                break;
            }
            println!("  {n}×{n}: {m} moves found in {time:.2} s");
            fewest = Some(m);
            if m == 0 {
                break;
            }
            m -= 1;
        }
        match fewest {
            Some(m) => println!("  {n}×{n}: fewest moves reached {m} ({} empty cells)", n * n - m),
            None => println!("  {n}×{n}: no board found"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
