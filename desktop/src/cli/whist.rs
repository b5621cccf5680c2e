//! `tourney whist` (an evening's movement) and `tourney whist-starters` (the starter table).

use super::output::{Output, finish, write_file};
use super::roster::{Entrants, load_entrants};
use anyhow::Result;
use clap::Args;
use scheduler::solver::Control;
use scheduler::whist::table;
use scheduler::whist::{WhistOptions, whist_schedule};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct WhistArgs {
    #[command(flatten)]
    entrants: Entrants,
    /// Rounds to play tonight (default: the whole cycle).
    #[arg(long)]
    rounds: Option<usize>,
    /// Directed seating: everyone has each other player once on their left and once on their
    /// right (where such a rotation exists).
    #[arg(long)]
    directed: bool,
    /// Seconds the starter search may take when no shipped rotation exists.
    #[arg(long, default_value_t = 20.0)]
    time_limit: f64,
    /// Two players who must not partner tonight, as "Name:Name" (repeat for more pairs).
    /// Couples from the roster's spouse column need no option.
    #[arg(long = "never-partner", value_name = "NAME:NAME")]
    never_partner: Vec<String>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
pub struct WhistStartersArgs {
    /// Largest player count.
    #[arg(long, default_value_t = 400)]
    max: usize,
    /// Search time per player count, in seconds.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Where to write the table (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
}

pub(super) fn run(args: &WhistArgs) -> Result<ExitCode> {
    let Some(roster) = load_entrants(&args.entrants) else {
        return Ok(ExitCode::FAILURE);
    };
    let mut never_partner = Vec::new();
    for pair in &args.never_partner {
        let find = |name: &str| {
            roster
                .players
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
        };
        match pair.split_once(':').map(|(a, b)| (find(a), find(b))) {
            Some((Some(a), Some(b))) if a != b => never_partner.push((a, b)),
            _ => {
                eprintln!(
                    "error: --never-partner \"{pair}\": give two different players of the roster as \"Name:Name\""
                );
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    let options = WhistOptions {
        rounds: args.rounds,
        directed: args.directed,
        seed: 1,
        never_partner,
    };
    let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.0)));
    let (schedule, notes) = match whist_schedule(&roster, &options, &control) {
        Ok(result) => result,
        Err(err) => {
            eprintln!("error: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    for message in &notes.messages {
        eprintln!("note: {message}");
    }
    finish(&schedule, &args.output, &args.entrants.inputs())
}

pub(super) fn starters(args: &WhistStartersArgs) -> Result<ExitCode> {
    let per_size = Duration::from_secs_f64(args.seconds.max(0.0));
    let rows = table::generate(args.max, per_size, &Control::unlimited(), |row| {
        let outcome = match &row.starter {
            Some(_) => "ok".to_owned(),
            None => format!("NOT FOUND (best attempt repeats {} difference(s))", row.surplus),
        };
        eprintln!(
            "{:>4} players: {:<8} {:>7.3} s  {outcome}",
            row.players, row.origin, row.seconds
        );
    });
    let found = rows.iter().filter(|r| r.starter.is_some()).count();
    eprintln!("{found} of {} player counts have a rotation", rows.len());
    let text = table::render(&rows);
    match &args.out {
        Some(path) => write_file(path, text.as_bytes(), args.force, &[])?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
