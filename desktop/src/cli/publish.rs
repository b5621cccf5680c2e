//! `tourney event publish E --html DIR`: the results as a small web site in a folder (the
//! ranking, a page per pair and per board, or per round), to open from disk or upload. Each
//! board page shows the board's double-dummy table and par: the analysis kept with the event,
//! or (for attached deals not analysed yet) one worked out now, unless `--no-analysis`.

use anyhow::Result;
use clap::Args;
use scheduler::deals::Analysis;
use scheduler::event::Event;
use scheduler::event::store::EventFile;
use scheduler::sheets::site::{SiteError, results_site, write_site};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct PublishArgs {
    file: PathBuf,
    /// The folder to write the site into (made when missing; it must be empty unless
    /// --force).
    #[arg(long, value_name = "DIR")]
    html: PathBuf,
    /// Write into a folder that has files already: the site's own pages and style sheet are
    /// replaced, the pages an earlier publication wrote there that the site no longer has
    /// are removed (Tourney lists what it wrote in tourney-site.txt), anything else in the
    /// folder is left alone.
    #[arg(long)]
    force: bool,
    /// Do not analyse attached deals that have no analysis kept (their pages say "not
    /// analysed"); the analysis kept with the event is shown all the same.
    #[arg(long)]
    no_analysis: bool,
    /// The most one board's analysis may take, in seconds.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 60.0,
        conflicts_with = "no_analysis"
    )]
    seconds: f64,
}

/// Writes the site and says where it is and how many pages it has.
pub fn publish(args: &PublishArgs) -> Result<ExitCode> {
    let file = EventFile::open_or_read_only(&args.file)?;
    let results = file.results()?;
    let analyses = analyses(file.event(), args);
    let site = results_site(file.event(), &results, &analyses);
    match write_site(&site, &args.html, args.force, &[&args.file]) {
        Ok(published) => {
            println!(
                "wrote {} pages to {}: open {}",
                published.pages,
                published.folder.display(),
                published.index.display()
            );
            if !published.removed.is_empty() {
                println!(
                    "removed {} file(s) of the earlier publication that the site no longer has: {}",
                    published.removed.len(),
                    published.removed.join(", ")
                );
            }
            for left in &published.left {
                eprintln!("note: {left}");
            }
            if results.is_empty() {
                eprintln!("no results yet: the pages show the pairs and boards without scores");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error @ SiteError::NotEmpty(_)) => {
            eprintln!("error: {error}");
            Ok(ExitCode::FAILURE)
        }
        Err(error) => Err(error.into()),
    }
}

/// Each attached board's analysis: the one kept with the event, else (without
/// `--no-analysis`) one worked out now and said so on standard error (it is not kept: `tourney
/// event deals E --analyse` keeps it).
fn analyses(event: &Event, args: &PublishArgs) -> BTreeMap<u32, Analysis> {
    let mut records = event.hand_records();
    let missing = records.iter().filter(|b| b.analysis.is_none()).count();
    if missing > 0 && !args.no_analysis {
        eprintln!(
            "{missing} attached board(s) have no analysis kept: analysing them for the pages (--no-analysis skips this; `tourney event deals {} --analyse` keeps it)",
            args.file.display()
        );
        let (mut todo, _): (Vec<_>, Vec<_>) = records.iter().cloned().partition(|b| b.analysis.is_none());
        let done = super::deals::analyse_with_progress(&todo, args.seconds);
        super::deals::attach_analyses(&mut todo, &done);
        records.extend(todo);
    } else if missing > 0 {
        eprintln!("{missing} attached board(s) not analysed: their pages say so");
    }
    records
        .into_iter()
        .filter_map(|b| Some((b.number, b.analysis?)))
        .collect()
}
