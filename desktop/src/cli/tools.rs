//! The solver tools on the command line: `tourney league-table`, `tourney logic-grid`,
//! `tourney dicdacdoe` (their benchmarks are in `crate::bench`). Each prints its answer and how sure it is
//! (unique, not unique with a second answer, or stopped), then exits 0 (answered), 1 (the
//! input is wrong or has no answer) or 2 (the command line is wrong).

use anyhow::Result;
use clap::Args;
use scheduler::scoring::league::PointsRule;
use scheduler::solver::Control;
use scheduler::tools::league::{
    LeagueError, LeagueOptions, Uniqueness, check, parse_known, parse_table, reconstruct,
};
use std::path::{Path, PathBuf};
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
    let Some((label, bytes)) = read_input(&args.file) else {
        return Ok(ExitCode::FAILURE);
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

#[derive(Args, Debug)]
pub struct LogicGridArgs {
    /// The puzzle: categories ("Pet: cat, dog, fish"), then the clues (the grammar: docs/guide/solver-tools.md).
    file: PathBuf,
    /// Seconds allowed for both solves together.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
}

pub fn logic_grid(args: &LogicGridArgs) -> Result<ExitCode> {
    use scheduler::tools::logic_grid::{self, GridError};
    let Some((label, bytes)) = read_input(&args.file) else {
        return Ok(ExitCode::FAILURE);
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
    /// When no board is found, print the best unfinished one too (marked as not a solution).
    #[arg(long)]
    show_best: bool,
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
    // The verdict comes from the independent checker, which reads the board as printed.
    let problems = check::check(&text, args.size, args.moves);
    if problems.is_empty() {
        print!("{text}");
        println!();
        println!(
            "checked: after {} moves on {n}×{n} no line of three is won or can ever be completed",
            args.moves,
            n = args.size
        );
    } else {
        // An unfinished board is never printed as if it were an answer: only on request,
        // under a heading that says what it is.
        let limit = args.time_limit;
        let within = if limit < 10.0 {
            format!("{limit:.1} s")
        } else {
            format!("{limit:.0} s")
        };
        println!(
            "not found within {within}: no board was found; the best one still leaves {} line(s) of three open",
            problems.len()
        );
        if args.show_best {
            println!();
            println!("Best board so far — NOT a solution:");
            print!("{text}");
            println!();
            println!("Lines of three still open on it:");
            for problem in problems.iter().take(10) {
                println!("  {problem}");
            }
            if problems.len() > 10 {
                println!("  … and {} more", problems.len() - 10);
            }
        } else {
            println!("(--show-best prints that unfinished board and its open lines)");
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

/// The tool's input file and the label its messages use; `None` (the error printed) when it
/// cannot be read.
fn read_input(path: &Path) -> Option<(String, Vec<u8>)> {
    let label = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Some((label, bytes)),
        Err(error) => {
            eprintln!("error: {label}: {error}");
            None
        }
    }
}
