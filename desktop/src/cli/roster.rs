//! `tourney roster check`, and the entrants (a roster or numbered players) every generator takes.

use super::output::print_problems;
use anyhow::Result;
use clap::{Args, Subcommand};
use scheduler::model::Roster;
use scheduler::roster_import::{RosterImport, import_roster_file};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand, Debug)]
pub enum RosterCommand {
    /// Print the parsed roster and any problems; exits 1 when there are errors.
    Check { file: PathBuf },
}

#[derive(Args, Debug)]
#[group(id = "entrants", required = true, multiple = false)]
pub struct Entrants {
    /// Number of entrants, named "Player 1" … "Player N".
    #[arg(long, group = "entrants", allow_hyphen_values = true, value_parser = super::numbers::how_many)]
    pub(super) players: Option<usize>,
    /// Roster CSV (names, spouses, stationary flag…).
    #[arg(long, group = "entrants")]
    pub(super) roster: Option<PathBuf>,
}

pub(super) fn check(file: &Path) -> Result<ExitCode> {
    let import = import_roster_file(file);
    print_roster(&import);
    print_problems(&import.problems);
    let errors = import.problems.errors().count();
    let warnings = import.problems.warnings().count();
    println!("{errors} error(s), {warnings} warning(s)");
    Ok(if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn print_roster(import: &RosterImport) {
    let delimiter = match import.delimiter {
        Some(b'\t') => "tab".to_owned(),
        Some(d) => format!("'{}'", d as char),
        None => "none (one column)".to_owned(),
    };
    let roster = &import.roster;
    let entrants = if import.layout.holds_pairs() {
        let pairs = if roster.len() == 1 { "pair" } else { "pairs" };
        format!("{} {pairs} ({} players)", roster.len(), roster.people())
    } else {
        format!("{} player(s)", roster.len())
    };
    println!(
        "{entrants}; encoding {}; delimiter {}; {}",
        import.encoding.describe(),
        delimiter,
        if import.had_header {
            "header row found"
        } else {
            "no header row"
        }
    );
    if import.layout.holds_pairs() {
        println!("read as pairs: {}", import.layout.describe());
    } else if import.layout == scheduler::roster_import::RosterLayout::TeamRows {
        println!("read as teams: {}", import.layout.describe());
    }
    // A list of players with their teams: how a teams-of-four event would read it.
    match scheduler::model::squad::teams_of_players(roster) {
        Ok(Some(grouped)) => {
            println!(
                "as teams of four: {} teams ({})",
                grouped.roster.len(),
                grouped.sizes()
            );
            for note in &grouped.notes {
                println!("  {note}");
            }
        }
        Ok(None) => {}
        Err(why) => println!("as teams of four: not usable: {why}"),
    }
    let spouses = roster.spouse_indices();
    for (index, player) in roster.players.iter().enumerate() {
        let mut extras = Vec::new();
        if let (Some(number), false) = (&player.number, player.is_pair()) {
            extras.push(format!("number {number}"));
        }
        if let Some(club) = &player.club {
            extras.push(format!("club {club}"));
        }
        if let Some(team) = &player.team {
            extras.push(format!("team {team}"));
        }
        if let Some(board) = player.board {
            extras.push(format!("board {board}"));
        }
        if let Some(rating) = player.rating {
            extras.push(format!("rating {rating}"));
        }
        if let Some(spouse) = spouses[index] {
            extras.push(format!("spouse {}", roster.players[spouse].name));
        }
        if player.stationary {
            extras.push("stationary".to_owned());
        }
        if let Some(email) = &player.email {
            extras.push(email.clone());
        }
        let extras = if extras.is_empty() {
            String::new()
        } else {
            format!("  ({})", extras.join(", "))
        };
        // A pair is shown by its players, each with their number.
        let name = if player.is_pair() {
            player.describe_members()
        } else {
            player.name.clone()
        };
        println!("{:>4}  {name}{extras}", player.id.0);
    }
}

/// The roster named on the command line, or numbered players. Problems are printed here;
/// `None` means the roster has errors and nothing should be generated.
pub(super) fn load_entrants(entrants: &Entrants) -> Option<Roster> {
    match (&entrants.players, &entrants.roster) {
        (Some(n), _) => Some(Roster::numbered(*n)),
        (None, Some(path)) => {
            let import = import_roster_file(path);
            print_problems(&import.problems);
            import.is_ok().then_some(import.roster)
        }
        (None, None) => None,
    }
}

impl Entrants {
    /// The roster file, when there is one: the generator's outputs never replace it.
    pub(super) fn inputs(&self) -> Vec<&Path> {
        self.roster.iter().map(PathBuf::as_path).collect()
    }
}
