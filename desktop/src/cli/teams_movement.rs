//! `tourney teams-movement`: a club teams-of-four movement for an evening (American Whist for
//! an odd number of teams; the relay or head to head for 4), checked by the library's independent verifier and printed as
//! each table's guide (opponents, boards, where E-W and the boards go next), or written as
//! CSV. The movement is the library's (`scheduler::movement::teams`).

use super::numbers::how_many;
use super::output::write_file;
use anyhow::Result;
use clap::{Args, ValueEnum};
use scheduler::movement::teams::{FourTeams, teams_movement_with};
use scheduler::sheets::SheetOptions;
use scheduler::sheets::teams_movement::teams_movement_pdf;
use scheduler::verify::teams_movement::verify_teams_movement;
use std::path::PathBuf;
use std::process::ExitCode;

/// How 4 teams play (`--four-teams`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum FourTeamsArg {
    /// The published arrangement: each round's set cut into four parts relayed round all
    /// four tables (3 sets, each board played four times).
    Relay,
    /// Each round's two matches on boards of their own, shared by the match's two tables
    /// (6 sets, each board played twice).
    HeadToHead,
}

impl FourTeamsArg {
    /// The library's choice.
    pub fn choice(self) -> FourTeams {
        match self {
            FourTeamsArg::Relay => FourTeams::Relay,
            FourTeamsArg::HeadToHead => FourTeams::HeadToHead,
        }
    }
}

#[derive(Args, Debug)]
pub struct TeamsMovementArgs {
    /// How many teams, 3 to 25: an odd number (American Whist), 4 (the relay or head to head:
    /// --four-teams), or an even number from 6 (our own movements, one pair of tables sharing
    /// boards a round).
    #[arg(long, value_parser = how_many)]
    teams: usize,
    /// 4 teams: relay (each round's set relayed round all four tables in four parts: 3 sets)
    /// or head-to-head (each match on a set of its own: 6 sets). Default: relay with 4 boards
    /// a round or more, head to head with fewer. Refused for any other number of teams.
    #[arg(long, value_enum)]
    four_teams: Option<FourTeamsArg>,
    /// Boards a round (each match is one round's boards at each of its two tables).
    #[arg(long, value_parser = how_many, default_value_t = 4)]
    boards_per_round: usize,
    /// Write the movement as CSV (round,table,ns_team,ew_team,set,first_board,last_board,
    /// relay; the last a relayed round's parts in order with their next table, "1-2>2 … 3-4>done")
    /// instead of printing the guide.
    #[arg(long, value_name = "FILE.csv")]
    out: Option<PathBuf>,
    /// Print the table cards as PDF: one card per table, to leave on it all evening.
    #[arg(long, value_name = "FILE.pdf")]
    pdf: Option<PathBuf>,
    /// The title on the cards.
    #[arg(long, default_value = "Teams of four")]
    title: String,
    /// Replace the output file if it exists.
    #[arg(long)]
    force: bool,
}

pub(super) fn run(args: &TeamsMovementArgs) -> Result<ExitCode> {
    let four = args.four_teams.map(FourTeamsArg::choice);
    let movement = match teams_movement_with(args.teams, args.boards_per_round, four) {
        Ok(movement) => movement,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    let faults = verify_teams_movement(&movement);
    if !faults.is_empty() {
        eprintln!(
            "error: the movement failed verification; this is a bug in Tourney, please report it: {}",
            faults.join("; ")
        );
        return Ok(ExitCode::FAILURE);
    }
    if let Some(path) = &args.pdf {
        let options = SheetOptions::new(args.title.clone());
        let pdf = teams_movement_pdf(&movement, &options)?;
        write_file(path, &pdf, args.force, &[])?;
    }
    match &args.out {
        Some(path) => write_file(path, movement.csv().as_bytes(), args.force, &[])?,
        None if args.pdf.is_none() => print!("{}", movement.guide()),
        None => {}
    }
    eprintln!(
        "checked: every two teams meet once, both halves of each match on the same boards; no pair plays a board twice{}",
        if movement.has_relay() {
            "; every part-set of a relayed round is played at each of its tables once, never at two at once"
        } else {
            ""
        }
    );
    Ok(ExitCode::SUCCESS)
}
