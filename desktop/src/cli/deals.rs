//! `tourney deals`: random deals for a dealing machine, written as a PBN file (seeded, so the
//! same seed deals the same boards again); or `--check FILE.pbn`, which reads a hand record
//! and prints a line per board, or every problem with its line.

use super::numbers::how_many;
use super::output::write_file;
use anyhow::Result;
use clap::Args;
use scheduler::deals::{Board, random_boards, read_pbn, read_pbn_file, write_pbn};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct DealsArgs {
    /// How many boards to deal (numbered from 1, with the dealer and vulnerability printed
    /// on boards of that number).
    #[arg(long, value_parser = how_many, required_unless_present = "check")]
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
    #[arg(long, value_name = "FILE.pbn", conflicts_with_all = ["boards", "seed", "out", "force", "event", "site"])]
    check: Option<PathBuf>,
}

pub(super) fn run(args: &DealsArgs) -> Result<ExitCode> {
    if let Some(path) = &args.check {
        return Ok(check(path));
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

/// One line per board, or the problems; exit code 1 for a file with problems.
fn check(path: &std::path::Path) -> ExitCode {
    match read_pbn_file(path) {
        Ok(boards) => {
            for board in &boards {
                println!("{}", summary(board));
            }
            eprintln!("{}: {} boards, no problems", path.display(), boards.len());
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
