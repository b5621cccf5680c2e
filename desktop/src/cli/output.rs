//! What every generator writes: the schedule files, the printed sheets, the problems and
//! the verifier's report, and the one way files are written.

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use scheduler::csv_safety::UTF8_BOM;
use scheduler::export_file::{Existing, ExportError, write_export};
use scheduler::model::{Format, Schedule};
use scheduler::problems::Problems;
use scheduler::schedule_io::{write_json, write_long_csv, write_round_sheet_csv};
use scheduler::sheets::{Orientation, Paper, SheetKind, SheetOptions, schedule_pdf};
use scheduler::verify::{Report, verify};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct Output {
    /// Write the schedule: FILE.csv (long format), FILE.json, or - for CSV on standard
    /// output. May be given more than once.
    #[arg(long = "out", value_name = "FILE")]
    pub(super) out: Vec<PathBuf>,
    #[command(flatten)]
    pub(super) print: PrintArgs,
}

/// The printed and spreadsheet forms of a schedule, shared by every generator and by
/// `tourney sheets` (which prints event files with them too).
#[derive(Args, Debug)]
pub struct PrintArgs {
    /// Write printable sheets (round sheet, table cards, personal cards…) to this PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pub(super) pdf: Option<PathBuf>,
    /// Write the wide round-sheet CSV: one row per round and table, a column per seat,
    /// sit-outs/byes in the last column.
    #[arg(long, value_name = "FILE.csv")]
    pub(super) round_sheet: Option<PathBuf>,
    /// Replace output files that exist already (never an event file, nor a file this command
    /// reads).
    #[arg(long)]
    pub(super) force: bool,
    /// CSV files start with a UTF-8 byte-order mark so Excel shows accents correctly.
    #[arg(long)]
    pub(super) excel: bool,
    /// Sheet kinds for --pdf (comma-separated): round, table, personal, standings,
    /// travellers, score-cards, summary, all.
    /// (`--sheets` because `team-chess --kind` already chooses the kind of event; `tourney
    /// sheets` also takes it as `--kind`.)
    #[arg(long = "sheets", value_enum, value_delimiter = ',', default_value = "all")]
    pub(super) kinds: Vec<SheetKindArg>,
    #[arg(long, value_enum, default_value = "a4")]
    pub(super) paper: PaperArg,
    /// Page orientation; auto turns a sheet to landscape when its widest table needs it.
    #[arg(long, value_enum, default_value = "auto")]
    pub(super) orientation: OrientationArg,
    /// Event title printed at the top of every page (default: the event's, or the kind of
    /// event).
    #[arg(long)]
    pub(super) title: Option<String>,
    /// Club name printed beside the title (default: the event's).
    #[arg(long)]
    pub(super) club: Option<String>,
    /// Date of the event, YYYY-MM-DD (default: the event's, or today).
    #[arg(long, value_parser = parse_date)]
    pub(super) date: Option<chrono::NaiveDate>,
    /// How the date is printed (chrono strftime pattern), e.g. "%d/%m/%Y".
    #[arg(long, default_value = SheetOptions::DEFAULT_DATE_FORMAT)]
    pub(super) date_format: String,
}

fn parse_date(text: &str) -> std::result::Result<chrono::NaiveDate, String> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| format!("{text:?} is not a date written YYYY-MM-DD, e.g. 2026-11-22"))
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetKindArg {
    /// Master round sheet (team chess: pairing lists with result boxes).
    Round,
    /// Table guide cards (team chess: match cards).
    Table,
    /// Personal movement cards with cut lines.
    Personal,
    /// Standings (needs results).
    Standings,
    /// Club pairs: one traveller per board (blank, or filled from the results).
    Travellers,
    /// Club pairs: a personal score card per pair. Whist drives: the progressive score card
    /// per player (each round's table, partner and opponents, boxes for tricks and total).
    ScoreCards,
    /// Bridge: the director's movement summary (relay, sharing, copies of each board).
    Summary,
    /// Bridge: hand records, four boards a page (needs deals attached: `event deals`).
    HandRecords,
    /// Teams of four: a score card per match (both tables' scores, net, IMPs, the result).
    MatchCards,
    /// Round, table and personal (for `event sheets`: what the event's format prints).
    All,
}

impl SheetKindArg {
    /// The sheet kind, or `None` for `all`.
    pub(super) fn kind(self) -> Option<SheetKind> {
        match self {
            SheetKindArg::Round => Some(SheetKind::Round),
            SheetKindArg::Table => Some(SheetKind::Table),
            SheetKindArg::Personal => Some(SheetKind::Personal),
            SheetKindArg::Standings => Some(SheetKind::Standings),
            SheetKindArg::Travellers => Some(SheetKind::Travellers),
            SheetKindArg::ScoreCards => Some(SheetKind::ScoreCards),
            SheetKindArg::Summary => Some(SheetKind::MovementSummary),
            SheetKindArg::HandRecords => Some(SheetKind::HandRecords),
            SheetKindArg::MatchCards => Some(SheetKind::MatchCards),
            SheetKindArg::All => None,
        }
    }
}

/// The kinds asked for, `all` standing for `all_kinds`.
pub(super) fn chosen_kinds(args: &[SheetKindArg], all_kinds: &[SheetKind]) -> Vec<SheetKind> {
    args.iter()
        .flat_map(|arg| arg.kind().map_or_else(|| all_kinds.to_vec(), |kind| vec![kind]))
        .collect()
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrientationArg {
    Auto,
    Portrait,
    Landscape,
}

pub(super) fn print_problems(problems: &Problems) {
    for problem in &problems.list {
        eprintln!("{problem}");
    }
}

/// Verifies a freshly generated schedule (a failure here is a bug, never hidden) and writes it.
pub(super) fn finish(schedule: &Schedule, output: &Output, inputs: &[&Path]) -> Result<ExitCode> {
    let report = verify(schedule);
    if !report.is_valid() {
        print_report(&report);
        anyhow::bail!(
            "the generated schedule failed verification; this is a bug in Tourney, please report it"
        );
    }
    if output.out.is_empty() {
        print_schedule(schedule);
    }
    for path in &output.out {
        write_schedule(schedule, path, &output.print, inputs)?;
    }
    write_prints(schedule, &output.print, inputs)?;
    for line in &report.summary {
        eprintln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn print_schedule(schedule: &Schedule) {
    for round in &schedule.rounds {
        println!("Round {}", round.number);
        for table in &round.tables {
            let seats: Vec<String> = table
                .seats
                .iter()
                .map(|s| format!("{} {}", s.seat, schedule.entrants[s.entrant]))
                .collect();
            println!("  table {:>2}: {}", table.number, seats.join(", "));
        }
        for absent in &round.absent {
            println!("  {}: {}", absent.kind.label(), schedule.entrants[absent.entrant]);
        }
    }
}

pub(super) fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

fn write_schedule(schedule: &Schedule, path: &Path, print: &PrintArgs, inputs: &[&Path]) -> Result<()> {
    if path == Path::new("-") {
        let stdout = std::io::stdout();
        return write_long_csv(schedule, stdout.lock()).context("writing to standard output");
    }
    let mut bytes = Vec::new();
    if is_json(path) {
        write_json(schedule, &mut bytes)?;
    } else {
        start_csv(&mut bytes, print.excel);
        write_long_csv(schedule, &mut bytes)?;
    }
    write_file(path, &bytes, print.force, inputs)
}

/// A CSV for Excel starts with the UTF-8 byte-order mark, or Excel reads it as ANSI.
pub(super) fn start_csv(bytes: &mut Vec<u8>, excel: bool) {
    if excel {
        bytes.extend_from_slice(UTF8_BOM);
    }
}

impl PrintArgs {
    fn sheet_options(&self, schedule: &Schedule) -> SheetOptions {
        let mut options = SheetOptions::new(match schedule.format {
            Format::Whist => "Whist evening",
            Format::RoundRobin => "Round robin",
            Format::TeamChess => "Team chess",
            Format::Pairs => "Pairs evening",
        });
        options.date = Some(chrono::Local::now().date_naive());
        self.apply_to(&mut options);
        options.kinds = chosen_kinds(&self.kinds, &SheetKind::SCHEDULE_KINDS);
        options
    }

    /// What the command line says about the heading and the paper, over `options`: the
    /// title, club and date when given, the date's pattern, paper and orientation.
    pub(super) fn apply_to(&self, options: &mut SheetOptions) {
        if let Some(title) = &self.title {
            options.title = title.clone();
        }
        if let Some(club) = &self.club {
            options.club = Some(club.clone());
        }
        if let Some(date) = self.date {
            options.date = Some(date);
        }
        options.date_format = self.date_format.clone();
        options.paper = match self.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        };
        options.orientation = match self.orientation {
            OrientationArg::Auto => Orientation::Auto,
            OrientationArg::Portrait => Orientation::Portrait,
            OrientationArg::Landscape => Orientation::Landscape,
        };
    }
}

/// The PDF sheets and the wide round-sheet CSV, when asked for.
pub(super) fn write_prints(schedule: &Schedule, print: &PrintArgs, inputs: &[&Path]) -> Result<()> {
    if let Some(path) = &print.round_sheet {
        let mut bytes = Vec::new();
        start_csv(&mut bytes, print.excel);
        write_round_sheet_csv(schedule, &mut bytes)?;
        write_file(path, &bytes, print.force, inputs)?;
    }
    if let Some(path) = &print.pdf {
        let options = print.sheet_options(schedule);
        let pdf = schedule_pdf(schedule, &[], &options)?;
        write_file(path, &pdf, print.force, inputs)?;
    }
    Ok(())
}

/// Writes one export through the library's safe writer (see `scheduler::export_file`) and
/// says where it went. `force` replaces an existing file, never an event file nor one of
/// `inputs` (the files this command read).
pub(super) fn write_file(path: &Path, bytes: &[u8], force: bool, inputs: &[&Path]) -> Result<()> {
    let existing = if force {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    match write_export(path, bytes, existing, inputs) {
        Ok(()) => {
            eprintln!("wrote {}", path.display());
            Ok(())
        }
        Err(error @ ExportError::Exists(_)) => anyhow::bail!("{error} (--force replaces it)"),
        Err(error) => Err(error.into()),
    }
}

pub(super) fn print_report(report: &Report) {
    for violation in &report.violations {
        println!("{violation}");
    }
}
