//! `tourney sheets`: print a saved schedule (JSON) or an event file (.tourney).

use super::event::open_to_read;
use super::output::{
    PrintArgs, SheetKindArg, chosen_kinds, print_problems, start_csv, write_file, write_prints,
};
use anyhow::Result;
use clap::Args;
use scheduler::event::store::looks_like_event_file;
use scheduler::schedule_io::{read_json, write_round_sheet_csv};
use scheduler::sheets::event_sheets::{event_sheets_pdf, printable_kinds, sheet_options};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct SheetsArgs {
    /// A schedule written by Tourney as JSON (--out FILE.json), or an event file (.tourney):
    /// its sheets carry the event's title, club and date, and its results (standings,
    /// filled travellers).
    file: PathBuf,
    /// Sheet kinds (comma-separated): round, table, personal, standings, travellers,
    /// score-cards, summary (the last three for bridge), all. The same as `--sheets`. For an
    /// event file `all` (the default) is every sheet the window's Sheets view offers for it.
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
    let bytes = std::fs::read(&args.file).map_err(|error| {
        anyhow::anyhow!(
            "cannot read {}: {}",
            args.file.display(),
            scheduler::export_file::describe_read_io(&error)
        )
    })?;
    if is_event_file(&args.file, &bytes) {
        return print_event(&args.file, &args.print);
    }
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

/// An event file by its content (every event is an SQLite database) or by its name, so a
/// `.tourney` file that is damaged or not an event gets the event file's own message.
fn is_event_file(path: &Path, bytes: &[u8]) -> bool {
    looks_like_event_file(bytes)
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("tourney"))
}

/// The sheets of an event, headed with its title, club and date (each replaced by --title,
/// --club, --date when given), with the results entered so far; and its round-sheet CSV.
fn print_event(path: &Path, print: &PrintArgs) -> Result<ExitCode> {
    let file = open_to_read(path)?;
    let results = file.results()?;
    let event = file.event();
    if let Some(out) = &print.round_sheet {
        let mut bytes = Vec::new();
        start_csv(&mut bytes, print.excel);
        write_round_sheet_csv(&event.schedule, &mut bytes)?;
        write_file(out, &bytes, print.force, &[path])?;
    }
    let Some(out) = &print.pdf else {
        return Ok(ExitCode::SUCCESS);
    };
    let mut options = sheet_options(event);
    print.apply_to(&mut options);
    options.kinds = chosen_kinds(&print.kinds, &printable_kinds(event, &results));
    let pdf = event_sheets_pdf(event, &results, &options)?;
    write_file(out, &pdf, print.force, &[path])?;
    Ok(ExitCode::SUCCESS)
}
