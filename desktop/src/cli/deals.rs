//! `tourney deals`: random deals for a dealing machine, written as a PBN file (seeded, so the
//! same seed deals the same boards again); `--check FILE.pbn`, which reads a hand record
//! and prints a line per board, or every problem with its line; or `--analyse FILE.pbn`,
//! which writes the same boards with each one's double-dummy table and par added.

use super::numbers::how_many;
use super::output::write_file;
use anyhow::Result;
use clap::Args;
use scheduler::deals::{Board, random_boards, read_pbn, write_pbn};
use scheduler::scoring::par::read_pbn_file_analysed;
use scheduler::solver::Control;
use scheduler::tools::deal_analysis::{AnalysisOptions, BoardAnalysis, analyse_boards};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct DealsArgs {
    /// How many boards to deal (numbered from 1, with the dealer and vulnerability printed
    /// on boards of that number).
    #[arg(long, value_parser = how_many, required_unless_present_any = ["check", "analyse"])]
    boards: Option<usize>,
    /// The seed (a whole number from 0 to 18446744073709551615): the same seed deals the same
    /// boards. Without it a seed is chosen from the clock and printed.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Write the deals to this PBN file (without it they go to standard output).
    #[arg(long, value_name = "FILE.pbn")]
    out: Option<PathBuf>,
    /// Replace the output file if it exists already.
    #[arg(long)]
    force: bool,
    /// The event's name, written in every board's Event tag.
    #[arg(long, value_name = "TITLE", default_value = "")]
    event: String,
    /// The club or venue, written in every board's Site tag.
    #[arg(long, default_value = "")]
    site: String,
    /// Read this PBN file instead and print one line per board (or every problem found).
    #[arg(long, value_name = "FILE.pbn", conflicts_with_all = ["boards", "seed", "out", "force", "event", "site", "analyse"])]
    check: Option<PathBuf>,
    /// Read this PBN file and write its boards (to --out) with each one's double-dummy
    /// table and par added (PBN's DoubleDummyTricks, OptimumScore, ParContract and
    /// OptimumResultTable), using every core.
    #[arg(long, value_name = "FILE.pbn", conflicts_with_all = ["boards", "seed", "event", "site"])]
    analyse: Option<PathBuf>,
    /// With --analyse: the most one board may take, in seconds (a board past it is named
    /// and left without analysis).
    #[arg(long, value_name = "S", default_value_t = 60.0, requires = "analyse")]
    seconds: f64,
}

pub(super) fn run(args: &DealsArgs) -> Result<ExitCode> {
    if let Some(path) = &args.check {
        return Ok(check(path));
    }
    if let Some(path) = &args.analyse {
        return analyse(path, args);
    }
    let Some(count) = args.boards else {
        anyhow::bail!("give --boards N (or --check FILE.pbn)");
    };
    let count = u32::try_from(count)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let date = chrono::Local::now().format("%Y.%m.%d").to_string();
    let boards = random_boards(seed, count, &args.event, &args.site, &date);
    let pbn = write_pbn(&boards);
    // What a dealing machine will read must be what was dealt.
    if !matches!(read_pbn("the written deals", pbn.as_bytes()), Ok(read) if read == boards) {
        anyhow::bail!(
            "the PBN written did not read back to the same deals; this is a bug in Tourney, please report it"
        );
    }
    match &args.out {
        Some(path) => write_file(path, pbn.as_bytes(), args.force, &[])?,
        None => print!("{pbn}"),
    }
    eprintln!("{count} boards dealt from seed {seed} (--seed {seed} deals the same boards again)");
    Ok(ExitCode::SUCCESS)
}

/// A seed from the clock, for when the organiser gives none.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// One line per board and the file's warnings, or the problems; exit code 1 for a file with
/// problems.
fn check(path: &std::path::Path) -> ExitCode {
    match read_pbn_file_analysed(path) {
        Ok((boards, notes)) => {
            for board in &boards {
                println!("{}", summary(board));
            }
            for note in &notes.list {
                eprintln!("{note}");
            }
            let said = match notes.list.len() {
                0 => "no problems".to_owned(),
                n => format!("no errors, {n} warning(s)"),
            };
            eprintln!("{}: {} boards, {said}", path.display(), boards.len());
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for problem in &problems.list {
                eprintln!("{problem}");
            }
            ExitCode::FAILURE
        }
    }
}

/// `board  1  dealer N  vul None  N:AKQ.… …` (the hands from the dealer, clockwise).
fn summary(board: &Board) -> String {
    format!(
        "board {:>3}  dealer {}  vul {:<4}  {}",
        board.number,
        board.dealer.letter(),
        board.vulnerability.pbn(),
        board.deal.pbn(board.dealer)
    )
}

/// `--analyse IN.pbn`: every board's table and par added, written to `--out` (refused before
/// any work when it exists, unless `--force`) or standard output. Exit code 1 when a board
/// could not be analysed (it is written without analysis and named).
fn analyse(path: &Path, args: &DealsArgs) -> Result<ExitCode> {
    if let Some(out) = &args.out
        && out.exists()
        && !args.force
    {
        anyhow::bail!(
            "{}: the file exists already; it was left as it is (--force replaces it)",
            out.display()
        );
    }
    let Some(mut boards) = read_analysed_saying_why(path) else {
        return Ok(ExitCode::FAILURE);
    };
    let done = analyse_with_progress(&boards, args.seconds);
    let failed = attach_analyses(&mut boards, &done);
    let pbn = write_pbn(&boards);
    match &args.out {
        Some(out) => write_file(out, pbn.as_bytes(), args.force, &[path])?,
        None => print!("{pbn}"),
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The boards of the PBN file at `path` with the analysis it carries, its notes (another
/// program's par that differs) printed; `None` after printing every problem, by line and tag.
pub(super) fn read_analysed_saying_why(path: &Path) -> Option<Vec<Board>> {
    match read_pbn_file_analysed(path) {
        Ok((boards, notes)) => {
            for note in &notes.list {
                eprintln!("{note}");
            }
            Some(boards)
        }
        Err(problems) => {
            for problem in &problems.list {
                eprintln!("{problem}");
            }
            None
        }
    }
}

/// Each board analysed, a line on standard error as each is finished ("board 3 analysed in
/// 0.8 s (1 of 24)", or why not), and a last line with the count.
pub(super) fn analyse_with_progress(boards: &[Board], seconds: f64) -> Vec<BoardAnalysis> {
    let options = AnalysisOptions {
        per_board: Duration::from_secs_f64(seconds.max(0.001)),
        ..AnalysisOptions::default()
    };
    eprintln!(
        "analysing {} board(s) on {} thread(s), at most {seconds} s a board…",
        boards.len(),
        options.threads
    );
    let done = analyse_boards(
        boards,
        &options,
        &Control::unlimited(),
        &|board, count, total| match board.failure() {
            Some(why) => eprintln!("{why} ({count} of {total})"),
            None => eprintln!(
                "board {} analysed in {:.1} s ({count} of {total})",
                board.number, board.seconds
            ),
        },
    );
    let failed = done.iter().filter(|d| d.outcome.is_err()).count();
    if failed > 0 {
        eprintln!("{failed} of {} board(s) not analysed", done.len());
    }
    done
}

/// Puts each analysis on its board (`done` is in the boards' order, as `analyse_boards`
/// returns it); returns how many boards have none from this run (they keep any they had).
pub(super) fn attach_analyses(boards: &mut [Board], done: &[BoardAnalysis]) -> usize {
    let mut failed = 0;
    for (board, done) in boards.iter_mut().zip(done) {
        match &done.outcome {
            Ok((analysis, _)) => board.analysis = Some(analysis.clone()),
            Err(_) => failed += 1,
        }
    }
    failed
}
