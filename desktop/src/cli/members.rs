//! `tourney members …`: the club's member list (names, member or national numbers, e-mail
//! addresses and phones) and the club's own details, kept in the club file: `club.sqlite` in
//! Tourney's data folder (the one the window uses), or the file `--club` names.

use super::output::print_problems;
use anyhow::{Result, anyhow};
use clap::{Args, Subcommand};
use scheduler::club::{
    ClubFile, ClubMember, ClubSettings, DEFAULT_FILE_NAME, ImportReport, MemberFields, RowOutcome,
};
use scheduler::text::printable;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct MembersArgs {
    /// The club file (default: club.sqlite in Tourney's data folder, shared with the window).
    #[arg(long, value_name = "FILE", global = true)]
    club: Option<PathBuf>,
    #[command(subcommand)]
    command: MembersCommand,
}

#[derive(Subcommand, Debug)]
pub enum MembersCommand {
    /// Import the member list from the club's CSV: a row whose number is listed updates that
    /// member, others are added; every row is reported (added, updated, unchanged, or skipped
    /// and why). Exits 1 when a row was skipped for an error.
    Import {
        /// The CSV (columns: name, or first and last name; number, EBU, ACBL, member no …;
        /// email; phone).
        file: PathBuf,
    },
    /// List every member: number, name, e-mail, phone.
    List,
    /// The members whose number starts with TEXT, or whose name has words starting with
    /// TEXT's words, ignoring case and accents ("smi" finds Smith and Šmíd).
    Search { text: String },
    /// Add a member.
    Add {
        #[arg(long)]
        name: String,
        /// The member or national number (EBU, ACBL, FIDE …), kept as written.
        #[arg(long)]
        number: Option<String>,
        #[arg(long)]
        email: Option<String>,
        #[arg(long)]
        phone: Option<String>,
    },
    /// Change the member with NUMBER: only the fields given change ("" clears the e-mail
    /// address or the phone).
    Edit {
        number: String,
        #[arg(long)]
        name: Option<String>,
        /// A new number.
        #[arg(long = "new-number")]
        new_number: Option<String>,
        #[arg(long)]
        email: Option<String>,
        #[arg(long)]
        phone: Option<String>,
    },
    /// Remove the member with NUMBER.
    Remove { number: String },
    /// Show the club's name and federation ID (USEBIO's CLUB_ID_NUMBER), or set them ("" clears
    /// one).
    Club {
        #[arg(long)]
        name: Option<String>,
        #[arg(long = "club-id")]
        club_id: Option<String>,
    },
}

pub(super) fn run(args: MembersArgs) -> Result<ExitCode> {
    let path = club_path(args.club.as_deref())?;
    let given = args.club.is_some();
    match args.command {
        MembersCommand::Import { file } => import(&path, &file),
        MembersCommand::List => match reading(&path, given)? {
            Some(club) => {
                print_members(&club.members()?);
                Ok(ExitCode::SUCCESS)
            }
            None => Ok(ExitCode::SUCCESS),
        },
        MembersCommand::Search { text } => {
            if let Some(club) = reading(&path, given)? {
                print_members(&club.search(&text)?);
            }
            Ok(ExitCode::SUCCESS)
        }
        MembersCommand::Add {
            name,
            number,
            email,
            phone,
        } => {
            let fields = MemberFields {
                name,
                number,
                email,
                phone,
            };
            let added = ClubFile::open_or_create(&path)?.add(&fields)?;
            println!("added {}", shown(&added));
            Ok(ExitCode::SUCCESS)
        }
        MembersCommand::Edit {
            number,
            name,
            new_number,
            email,
            phone,
        } => {
            let mut club = ClubFile::open(&path)?;
            let member = club
                .find_number(&number)?
                .ok_or_else(|| anyhow!("{}: no member has the number {number}", path.display()))?;
            let mut fields = member.fields();
            fields.name = name.unwrap_or(fields.name);
            fields.number = new_number.map(Some).unwrap_or(fields.number);
            fields.email = email.map(Some).unwrap_or(fields.email);
            fields.phone = phone.map(Some).unwrap_or(fields.phone);
            let changed = club.update(member.id, &fields)?;
            println!("changed {} to {}", shown(&member), shown(&changed));
            Ok(ExitCode::SUCCESS)
        }
        MembersCommand::Remove { number } => {
            let removed = ClubFile::open(&path)?.remove_number(&number)?;
            println!("removed {}", shown(&removed));
            Ok(ExitCode::SUCCESS)
        }
        MembersCommand::Club { name, club_id } => club(&path, given, name, club_id),
    }
}

/// The club file: the one named, else `club.sqlite` in the data folder the window uses.
fn club_path(given: Option<&Path>) -> Result<PathBuf> {
    match given {
        Some(path) => Ok(path.to_path_buf()),
        None => eframe::storage_dir("Tourney")
            .map(|folder| folder.join(DEFAULT_FILE_NAME))
            .ok_or_else(|| {
                anyhow!("this system has no data folder for Tourney: name the club file with --club FILE")
            }),
    }
}

/// The club's own settings (name, federation ID) from the usual club file, for `event new`
/// to default to; `None` when there is no such file or it cannot be read (an event does not
/// need it).
pub(super) fn usual_club_settings() -> Option<scheduler::club::ClubSettings> {
    let path = club_path(None).ok()?;
    if !path.exists() {
        return None;
    }
    ClubFile::open(&path).ok()?.settings().ok()
}

/// The club file for a command that only reads it. When the usual file is not made yet,
/// that is said and there is nothing to read (`None`); a file named with `--club` must exist.
fn reading(path: &Path, given: bool) -> Result<Option<ClubFile>> {
    if !given && !path.exists() {
        println!(
            "no members yet: the club file {} is made by `tourney members import FILE.csv` or `tourney members add`",
            path.display()
        );
        return Ok(None);
    }
    if !path.exists() {
        anyhow::bail!(
            "{}: there is no club file there (name an existing one, or leave out --club for the usual one)",
            path.display()
        );
    }
    Ok(Some(ClubFile::open(path)?))
}

fn import(path: &Path, file: &Path) -> Result<ExitCode> {
    let mut club = ClubFile::open_or_create(path)?;
    let report = club.import_file(file)?;
    print_report(&report);
    print_problems(&report.problems);
    println!("{} (club file {})", report.summary(), path.display());
    Ok(if report.problems.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// One line a row: what was done with it.
fn print_report(report: &ImportReport) {
    for row in &report.rows {
        let who = match &row.number {
            Some(number) => format!("{} ({number})", row.name),
            None => row.name.clone(),
        };
        let what = match &row.outcome {
            RowOutcome::Added => "added".to_owned(),
            RowOutcome::Updated(changes) => format!("updated: {}", changes.join(", ")),
            RowOutcome::Unchanged => "unchanged".to_owned(),
            RowOutcome::Skipped(why) => format!("skipped: {why}"),
        };
        println!("line {}: {}: {what}", row.line, printable(&who));
    }
}

/// "Jane Smith (0012345)", safe to print.
fn shown(member: &ClubMember) -> String {
    printable(&member.label()).into_owned()
}

/// The members in columns (number, name, e-mail, phone), then how many.
fn print_members(members: &[ClubMember]) {
    let rows: Vec<[String; 4]> = members
        .iter()
        .map(|m| {
            let cell = |text: &Option<String>| printable(text.as_deref().unwrap_or("")).into_owned();
            [
                cell(&m.number),
                printable(&m.name).into_owned(),
                cell(&m.email),
                cell(&m.phone),
            ]
        })
        .collect();
    if !rows.is_empty() {
        let heading = ["number", "name", "e-mail", "phone"].map(str::to_owned);
        let mut widths = [0; 4];
        for row in std::iter::once(&heading).chain(&rows) {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        for row in std::iter::once(&heading).chain(&rows) {
            let line: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(cell, width)| format!("{cell:width$}"))
                .collect();
            println!("{}", line.join("  ").trim_end());
        }
    }
    let word = if members.len() == 1 { "member" } else { "members" };
    println!("{} {word}", members.len());
}

/// `tourney members club`: shows the club's details, or sets those given.
fn club(path: &Path, given: bool, name: Option<String>, club_id: Option<String>) -> Result<ExitCode> {
    let settings = if name.is_none() && club_id.is_none() {
        match reading(path, given)? {
            Some(club) => club.settings()?,
            None => return Ok(ExitCode::SUCCESS),
        }
    } else {
        let mut club = ClubFile::open_or_create(path)?;
        let stored = club.settings()?;
        club.set_settings(&ClubSettings {
            name: name.or(stored.name),
            club_id: club_id.or(stored.club_id),
        })?
    };
    let or_none = |text: &Option<String>| printable(text.as_deref().unwrap_or("(none)")).into_owned();
    println!("club name: {}", or_none(&settings.name));
    println!("club ID:   {}", or_none(&settings.club_id));
    Ok(ExitCode::SUCCESS)
}
