//! `tourney vp-scale`: a victory-point scale printed as CSV, `IMPs,winner,loser` from a draw to
//! the blitz, so it can be checked against the published tables (and pinned up at a teams
//! night). The scale itself is the library's (`scheduler::scoring::victory_points`).

use super::numbers::signed_whole_number;
use anyhow::Result;
use clap::Args;
use scheduler::scoring::victory_points::VpScale;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct VpScaleArgs {
    /// Boards in each match (the scale depends on the match's length).
    #[arg(long, allow_hyphen_values = true, value_parser = signed_whole_number)]
    boards: i64,
    /// The scale: wbf2013, the WBF's 2013 continuous 20-VP scale (two decimals); acbl30, the
    /// ACBL's 30-VP scale, or acbl20, its 20-VP discrete scale (both as published, for matches
    /// of 6 to 11 boards). The WBF's 25-VP scale and the EBU's older scales are not shipped
    /// (no published table was found to check them).
    #[arg(long, default_value = "wbf2013")]
    scale: String,
}

pub(super) fn run(args: &VpScaleArgs) -> Result<ExitCode> {
    let scale = match VpScale::parse(&args.scale) {
        Ok(scale) => scale,
        Err(message) => {
            eprintln!("error: --scale: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    let table = match scale.table(args.boards) {
        Ok(table) => table,
        Err(message) => {
            eprintln!("error: --boards: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    print!("{}", table.csv());
    Ok(ExitCode::SUCCESS)
}
