//! The headless subcommands, one module per command family. Each reads its inputs, calls the
//! library, prints what an organiser needs to know and returns an exit code: 0 done, 1 the
//! input or the schedule has problems (all of them printed), 2 the command line itself is
//! wrong (clap's code). What they write goes through `output`.

mod deals;
mod event;
mod members;
mod movement;
mod numbers;
mod output;
mod publish;
mod roster;
mod round_robin;
mod serve;
mod sheets;
mod team_chess;
mod teams_movement;
mod tools;
mod verify;
mod vp_scale;
mod whist;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "tourney",
    version = crate::version_text(),
    about = "Tournament manager for club organisers: whist and bridge movements, round robins, team chess.",
    long_about = None,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// An event file to open in the window (what double-clicking a .tourney file does).
    #[arg(value_name = "EVENT.tourney")]
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read a roster CSV and report what was understood and every problem.
    #[command(subcommand)]
    Roster(roster::RosterCommand),
    /// Make a pairs/teams round robin (circle method or FIDE Berger tables).
    RoundRobin(round_robin::RoundRobinArgs),
    /// Make a whist/bridge individual movement: everyone partners everyone at most once.
    Whist(whist::WhistArgs),
    /// Regenerate the whist starter table from scratch (constructions and search).
    WhistStarters(whist::WhistStartersArgs),
    /// Make a club pairs movement where the boards move (Mitchell, Howell): the kinds that
    /// fit the pairs and boards, the one chosen written as CSV or JSON.
    Movement(movement::MovementArgs),
    /// Deal random boards for a dealing machine as a PBN file (seeded: the same seed deals
    /// the same boards), check a PBN hand record with --check, or add each board's
    /// double-dummy table and par with --analyse.
    Deals(deals::DealsArgs),
    /// Make a team chess event: a jamboree (every player every round, floats, optimised
    /// colours), a team round robin, or a Scheveningen match.
    TeamChess(team_chess::TeamChessArgs),
    /// Check any schedule (long CSV or JSON), including hand-made ones, against its rules.
    Verify(verify::VerifyArgs),
    /// Print a saved schedule: PDF sheets and the wide round-sheet CSV.
    Sheets(sheets::SheetsArgs),
    /// Print a victory-point scale as CSV (IMPs,winner,loser from a draw to the blitz) for
    /// matches of --boards boards.
    VpScale(vp_scale::VpScaleArgs),
    /// A club teams-of-four movement for an evening (American Whist for an odd number of
    /// teams): each table's guide, or the movement as CSV.
    TeamsMovement(teams_movement::TeamsMovementArgs),
    /// An event file: create it, enter results between rounds, standings, history.
    #[command(subcommand)]
    Event(event::EventCommand),
    /// The club's member list (names, member numbers, contacts) and the club's name and ID.
    Members(members::MembersArgs),
    /// Recover every match score from a league table; says whether the answer is unique.
    LeagueTable(tools::LeagueTableArgs),
    /// Solve a logic-grid puzzle written in plain text; says whether the answer is unique.
    LogicGrid(tools::LogicGridArgs),
    /// Find a dic-dac-doe position where nobody can ever get three in a row.
    Dicdacdoe(tools::DicDacDoeArgs),
    /// Measure the engines (times are reported, never asserted).
    #[command(subcommand)]
    Bench(crate::bench::BenchCommand),
}

pub fn run(command: Command) -> ExitCode {
    let outcome = match command {
        Command::Roster(roster::RosterCommand::Check { file }) => roster::check(&file),
        Command::RoundRobin(args) => round_robin::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Whist(args) => whist::run(&args),
        Command::WhistStarters(args) => whist::starters(&args),
        Command::TeamChess(args) => team_chess::run(&args),
        Command::Movement(args) => movement::run(&args),
        Command::Deals(args) => deals::run(&args),
        Command::Sheets(args) => sheets::run(args),
        Command::VpScale(args) => vp_scale::run(&args),
        Command::TeamsMovement(args) => teams_movement::run(&args),
        Command::Event(command) => event::run(command),
        Command::Members(args) => members::run(args),
        Command::LeagueTable(args) => tools::league_table(&args),
        Command::LogicGrid(args) => tools::logic_grid(&args),
        Command::Dicdacdoe(args) => tools::dicdacdoe(&args),
        Command::Bench(command) => crate::bench::run(command),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
