//! `tourney verify`: check any schedule, hand-made ones too, against its rules.

use super::output::{is_json, print_problems, print_report};
use anyhow::Result;
use clap::{Args, ValueEnum};
use scheduler::model::Format;
use scheduler::roster_import::import_roster_file;
use scheduler::schedule_io::{read_json, read_long_csv};
use scheduler::verify::verify;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Whist,
    RoundRobin,
    TeamChess,
}

impl From<FormatArg> for Format {
    fn from(value: FormatArg) -> Self {
        match value {
            FormatArg::Whist => Format::Whist,
            FormatArg::RoundRobin => Format::RoundRobin,
            FormatArg::TeamChess => Format::TeamChess,
        }
    }
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The schedule: long-format CSV (round,table,seat,player) or Tourney JSON.
    file: PathBuf,
    /// The rules to check (a JSON schedule names its own format; this overrides it).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Roster whose couples must be kept apart (names must match the schedule's).
    #[arg(long)]
    roster: Option<PathBuf>,
    /// For a CSV: the schedule claims nothing about completeness (e.g. an evening's part of
    /// a cycle); only per-round rules and repeats are checked.
    #[arg(long)]
    partial: bool,
}

pub(super) fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let bytes = std::fs::read(&args.file).map_err(|error| {
        anyhow::anyhow!(
            "cannot read {}: {}",
            args.file.display(),
            scheduler::export_file::describe_read_io(&error)
        )
    })?;
    let label = args.file.display().to_string();
    let parsed = if is_json(&args.file) {
        read_json(&label, &bytes).map(|mut schedule| {
            if let Some(format) = args.format {
                schedule.format = format.into();
            }
            schedule
        })
    } else {
        let Some(format) = args.format else {
            anyhow::bail!(
                "a CSV schedule does not say its format: add --format whist, round-robin or team-chess"
            );
        };
        read_long_csv(&label, &bytes, format.into())
    };
    let mut schedule = match parsed {
        Ok(schedule) => schedule,
        Err(problems) => {
            print_problems(&problems);
            return Ok(ExitCode::FAILURE);
        }
    };
    if args.partial {
        schedule.promise.cycles = None;
    }
    if let Some(path) = &args.roster {
        let import = import_roster_file(path);
        print_problems(&import.problems);
        if !import.is_ok() {
            return Ok(ExitCode::FAILURE);
        }
        let index_of: std::collections::HashMap<&str, usize> = schedule
            .entrants
            .iter()
            .enumerate()
            .rev()
            .map(|(i, name)| (name.as_str(), i))
            .collect();
        for (a, b) in import.roster.couples() {
            let find = |name: &str| index_of.get(name).copied();
            let (name_a, name_b) = (&import.roster.players[a].name, &import.roster.players[b].name);
            match (find(name_a), find(name_b)) {
                (Some(x), Some(y)) => schedule.promise.keep_apart.push((x, y)),
                _ => eprintln!("note: the couple {name_a} and {name_b} is not in the schedule; not checked"),
            }
        }
        // Couples are kept apart by not playing the round that seats them together.
        schedule.promise.pseudo_round = !schedule.promise.keep_apart.is_empty();
    }
    let report = verify(&schedule);
    print_report(&report);
    for line in &report.summary {
        println!("{line}");
    }
    if report.is_valid() {
        println!("valid: no rule is broken");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("INVALID: {} violation(s)", report.violations.len());
        Ok(ExitCode::FAILURE)
    }
}
