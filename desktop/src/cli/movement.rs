//! `tourney movement`: a club pairs movement where the boards move (Mitchell, Howell), chosen
//! from the number of pairs and the boards the evening should have, written as CSV or JSON.

use super::numbers::how_many;
use super::output::{is_json, start_csv, write_file};
use anyhow::Result;
use clap::{Args, ValueEnum};
use scheduler::movement::{
    Movement, MovementChoice, MovementKind, MovementOption, choose_movement, make_movement, movement_csv,
    movement_json, movements_for,
};
use scheduler::movement::{present_pairs, schedule_of};
use scheduler::sheets::{SheetKind, SheetOptions, schedule_pdf};
use scheduler::verify::movement::verify_movement;
use std::path::PathBuf;
use std::process::ExitCode;

/// The boards an evening has when the organiser does not say: the middle of the usual 24–27.
pub const DEFAULT_BOARDS: usize = 26;

#[derive(Args, Debug)]
pub struct MovementArgs {
    /// How many pairs are playing, 4 or more (an odd number makes a half table: one pair sits
    /// out each round; 5 pairs play the 2½-table Howell or the 3-table Mitchell).
    #[arg(long, value_parser = how_many)]
    pairs: usize,
    /// About how many boards the evening should have.
    #[arg(long, value_parser = how_many, default_value_t = DEFAULT_BOARDS)]
    boards: usize,
    /// Boards per round, instead of the number closest to --boards.
    #[arg(long, value_parser = how_many)]
    boards_per_round: Option<usize>,
    #[arg(long, value_enum, default_value = "auto")]
    kind: KindArg,
    /// With an odd number of pairs: which pair number is the phantom (default the highest,
    /// an E-W pair in a Mitchell).
    #[arg(long, value_parser = how_many)]
    phantom: Option<usize>,
    /// Arrow-switch a Mitchell on the usual rounds (the last round up to 9 rounds) so the
    /// evening has one winner.
    #[arg(long)]
    arrow_switch: bool,
    /// Write the movement: FILE.csv (round,table,ns,ew,first_board,last_board) or FILE.json.
    /// May be given more than once.
    #[arg(long = "out", value_name = "FILE")]
    out: Vec<PathBuf>,
    /// Print the movement as PDF: the director's summary, the table cards, blank travellers
    /// and personal score cards (pairs by number; an event prints them with names).
    #[arg(long, value_name = "FILE.pdf")]
    pdf: Option<PathBuf>,
    /// Replace output files that exist already.
    #[arg(long)]
    force: bool,
    /// CSV files start with a UTF-8 byte-order mark so Excel shows accents correctly.
    #[arg(long)]
    excel: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// The first movement offered for the pairs and boards.
    Auto,
    Mitchell,
    SkipMitchell,
    RelayMitchell,
    Howell,
    /// 3 tables (5 or 6 pairs): every board played at all three tables, two rounds (half-sets)
    /// a meeting.
    HowellHalfSets,
    ThreeQuarterHowell,
    /// 6 tables: the 9-round three-quarter Howell, 3 sets on relay stands each round.
    RelayThreeQuarterHowell,
}

impl KindArg {
    pub fn kind(self) -> Option<MovementKind> {
        Some(match self {
            KindArg::Auto => return None,
            KindArg::Mitchell => MovementKind::Mitchell,
            KindArg::SkipMitchell => MovementKind::SkipMitchell,
            KindArg::RelayMitchell => MovementKind::RelayMitchell,
            KindArg::Howell => MovementKind::Howell,
            KindArg::HowellHalfSets => MovementKind::HalfSetHowell,
            KindArg::ThreeQuarterHowell => MovementKind::ThreeQuarterHowell,
            KindArg::RelayThreeQuarterHowell => MovementKind::RelayThreeQuarterHowell,
        })
    }
}

fn describe(option: &MovementOption) -> String {
    format!(
        "{} on {} tables: {} rounds of {} boards = {} boards{}; {}",
        option.kind.name(),
        option.tables,
        option.rounds,
        option.boards_per_round,
        option.boards_played,
        if option.phantom {
            " (a half table: one pair sits out each round)"
        } else {
            ""
        },
        option.comparisons()
    )
}

pub(super) fn run(args: &MovementArgs) -> Result<ExitCode> {
    let options = match movements_for(args.pairs, args.boards) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return Ok(ExitCode::FAILURE);
        }
    };
    eprintln!(
        "Movements that fit {} pairs and about {} boards:",
        args.pairs, args.boards
    );
    if options.is_empty() {
        eprintln!("  none within a fifth of {} boards", args.boards);
    }
    for option in &options {
        eprintln!("  {}", describe(option));
    }
    let (kind, boards_per_round) =
        match choose_movement(args.pairs, args.boards, args.kind.kind(), args.boards_per_round) {
            Ok(choice) => choice,
            Err(message) => {
                eprintln!("{message}");
                return Ok(ExitCode::FAILURE);
            }
        };
    let choice = MovementChoice {
        pairs: args.pairs,
        kind,
        boards_per_round,
        phantom: args.phantom,
        arrow_switch: args.arrow_switch,
    };
    let movement = match make_movement(&choice) {
        Ok(movement) => movement,
        Err(message) => {
            eprintln!("{message}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let report = verify_movement(&movement);
    if !report.is_valid() {
        for violation in &report.violations {
            eprintln!("{violation}");
        }
        anyhow::bail!(
            "the generated movement failed verification; this is a bug in Tourney, please report it"
        );
    }
    if args.out.is_empty() && args.pdf.is_none() {
        print_movement(&movement);
    }
    if let Some(path) = &args.pdf {
        // Pairs by number only: the sheets print the club's labels ("3 NS") before a name.
        let unnamed = vec![String::new(); present_pairs(&movement).len()];
        let schedule = schedule_of(&movement, &unnamed).map_err(anyhow::Error::msg)?;
        let mut options =
            SheetOptions::new(format!("{} on {} tables", movement.kind.name(), movement.tables));
        options.kinds = SheetKind::CLUB_PAIRS_KINDS.to_vec();
        let pdf = schedule_pdf(&schedule, &[], &options)?;
        write_file(path, &pdf, args.force, &[])?;
    }
    for path in &args.out {
        let bytes = if is_json(path) {
            movement_json(&movement).map_err(anyhow::Error::msg)?
        } else {
            let mut bytes = Vec::new();
            start_csv(&mut bytes, args.excel);
            bytes.extend(movement_csv(&movement).map_err(anyhow::Error::msg)?);
            bytes
        };
        write_file(path, &bytes, args.force, &[])?;
    }
    for line in &report.summary {
        eprintln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The movement as text: a block per round, a line per table.
fn print_movement(movement: &Movement) {
    for round in &movement.rounds {
        let switched = if round.arrow_switch { " (arrow switch)" } else { "" };
        println!("Round {}{switched}", round.number);
        for table in &round.tables {
            let boards = movement.boards_of_set(table.set);
            println!(
                "  table {:>2}: {:>6} v {:<6} boards {}–{}",
                table.table,
                movement.label(table.ns),
                movement.label(table.ew),
                boards.start(),
                boards.end()
            );
        }
        for &pair in &round.sitting_out {
            println!("  sits out: {}", movement.label(pair));
        }
        if !round.resting_sets.is_empty() {
            let sets: Vec<String> = round
                .resting_sets
                .iter()
                .map(|&s| {
                    let b = movement.boards_of_set(s);
                    format!("{}–{}", b.start(), b.end())
                })
                .collect();
            println!("  not in play: boards {}", sets.join(", "));
        }
    }
}
