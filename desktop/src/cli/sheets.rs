//! `tourney sheets`: print a saved schedule.

use super::output::{PrintArgs, SheetKindArg, print_problems, write_prints};
use anyhow::{Context, Result};
use clap::Args;
use scheduler::schedule_io::read_json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct SheetsArgs {
    /// A schedule written by Tourney as JSON (--out FILE.json).
    file: PathBuf,
    /// Sheet kinds (comma-separated): round, table, personal, standings, travellers,
    /// score-cards, summary (the last three for a club pairs movement), all. The same as
    /// `--sheets`.
    #[arg(long = "kind", value_enum, value_delimiter = ',')]
    kind: Vec<SheetKindArg>,
    #[command(flatten)]
    print: PrintArgs,
}

pub(super) fn run(mut args: SheetsArgs) -> Result<ExitCode> {
    if !args.kind.is_empty() {
        args.print.kinds = std::mem::take(&mut args.kind);
    }
    if args.print.pdf.is_none() && args.print.round_sheet.is_none() {
        anyhow::bail!("nothing to write: give --pdf FILE.pdf and/or --round-sheet FILE.csv");
    }
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let label = args.file.display().to_string();
    let schedule = match read_json(&label, &bytes) {
        Ok(schedule) => schedule,
        Err(problems) => {
            print_problems(&problems);
            return Ok(ExitCode::FAILURE);
        }
    };
    write_prints(&schedule, &args.print, &[&args.file])?;
    Ok(ExitCode::SUCCESS)
}
