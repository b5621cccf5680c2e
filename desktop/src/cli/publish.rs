//! `tourney event publish E --html DIR`: the results as a small web site in a folder (the
//! ranking, a page per pair and per board, or per round), to open from disk or upload.

use anyhow::Result;
use clap::Args;
use scheduler::deals::Analysis;
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
    /// replaced, anything else in the folder is left alone.
    #[arg(long)]
    force: bool,
}

/// Writes the site and says where it is and how many pages it has.
pub fn publish(args: &PublishArgs) -> Result<ExitCode> {
    let file = EventFile::open_or_read_only(&args.file)?;
    let results = file.results()?;
    // The boards' double-dummy analyses: none stored with the event yet, so every board
    // page says "not analysed" (the analyses are the caller's to give).
    let analyses: BTreeMap<u32, Analysis> = BTreeMap::new();
    let site = results_site(file.event(), &results, &analyses);
    match write_site(&site, &args.html, args.force, &[&args.file]) {
        Ok(published) => {
            println!(
                "wrote {} pages to {}: open {}",
                published.pages,
                published.folder.display(),
                published.index.display()
            );
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
