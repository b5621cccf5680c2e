//! `tourney round-robin`: circle method or FIDE Berger tables, couples kept apart.

use super::output::{Output, finish};
use super::roster::{Entrants, load_entrants};
use anyhow::Result;
use clap::Args;
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct RoundRobinArgs {
    #[command(flatten)]
    entrants: Entrants,
    /// Use FIDE's Berger tables and colours instead of the circle method.
    #[arg(long)]
    berger: bool,
    /// Double round robin: a second cycle with colours reversed.
    #[arg(long)]
    double: bool,
    /// Couples (the roster's spouse column) never meet: they are seated together in a
    /// pseudo round that is not played.
    #[arg(long)]
    avoid_spouses: bool,
    #[command(flatten)]
    output: Output,
}

pub(super) fn run(args: &RoundRobinArgs) -> Result<ExitCode> {
    let Some(roster) = load_entrants(&args.entrants) else {
        return Ok(ExitCode::FAILURE);
    };
    let options = RoundRobinOptions {
        method: if args.berger {
            Method::Berger
        } else {
            Method::Circle
        },
        double: args.double,
        avoid_spouses: args.avoid_spouses,
    };
    if args.avoid_spouses && roster.couples().is_empty() {
        eprintln!("note: --avoid-spouses given, but the roster has no couples");
    }
    let (schedule, notes) = round_robin(&roster, options)?;
    for message in &notes.messages {
        eprintln!("note: {message}");
    }
    finish(&schedule, &args.output, &args.entrants.inputs())
}
