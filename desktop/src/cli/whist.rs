//! `tourney whist` (an evening's movement) and `tourney whist-starters` (the starter table).

use super::output::{Output, finish, write_file};
use super::roster::{Entrants, load_entrants};
use anyhow::Result;
use clap::Args;
use scheduler::solver::Control;
use scheduler::whist::two_stage::Stage2;
use scheduler::whist::{KeepApart, WhistOptions, whist_schedule};
use scheduler::whist::{offline, table};
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
    /// How couples (the roster's spouse column) and the --never-partner pairs are kept apart:
    /// never partners (the default), or never at the same table, as partners or opponents
    /// (an evening shorter than the whole cycle).
    #[arg(long, value_enum, default_value = "never-partners")]
    couples: CouplesArg,
    #[command(flatten)]
    output: Output,
}

/// `--couples`: how couples and never-partner pairs are kept apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CouplesArg {
    /// They never partner (they may be opponents).
    NeverPartners,
    /// They never sit at the same table (an evening shorter than the cycle).
    NeverAtTable,
}

impl CouplesArg {
    /// The library's choice.
    pub fn keep_apart(self) -> KeepApart {
        match self {
            CouplesArg::NeverPartners => KeepApart::NeverPartners,
            CouplesArg::NeverAtTable => KeepApart::NeverAtTable,
        }
    }
}

#[derive(Args, Debug)]
pub struct WhistStartersArgs {
    /// Largest player count.
    #[arg(long, default_value_t = 400)]
    max: usize,
    /// Search time per player count, in seconds (without --search).
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Where to write the table (default: standard output; without --search).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
    /// The offline search: fill the table file (--table) with complete rotations for every
    /// 4N and 4N+1 from --min to --max it lacks, for up to --hours, writing each verified
    /// find at once. Run it again to resume.
    #[arg(long)]
    search: bool,
    /// Smallest player count (with --search).
    #[arg(long, default_value_t = 8)]
    min: usize,
    /// How long the search runs, in hours (with --search).
    #[arg(long, default_value_t = 1.0)]
    hours: f64,
    /// Threads: sizes (or seeds of one size) searched side by side (with --search).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The table file the search reads and fills (with --search).
    #[arg(long, default_value = "assets/whist-starters.txt")]
    table: PathBuf,
    /// First time cap per size in seconds; each miss quadruples it (with --search).
    #[arg(long, default_value_t = 30.0)]
    first_cap: f64,
    /// Search again sizes the table already has (with --search).
    #[arg(long)]
    redo: bool,
    /// Only the 4N+1 counts not divisible by 3, which the quick patterned search can do
    /// (with --search).
    #[arg(long)]
    patterned_only: bool,
    /// Only the counts the symmetric search can do and the patterned search cannot (a
    /// multiplier h ≠ ±1 with h² = 1 exists: 69, 76, 88, 93, 112, 124, 129, …; with --search).
    #[arg(long, conflicts_with = "patterned_only")]
    symmetric_only: bool,
    /// Only the counts from 104 up that can be built from a difference family (blocks of 5, 9
    /// and 13 players; 136, 196, 201, 213, …; with --search).
    #[arg(long, conflicts_with_all = ["patterned_only", "symmetric_only"])]
    family_only: bool,
    /// Arrange tables by exact backtracking with this many nodes per set of partner pairs
    /// instead of hill climbing (with --search; slower undirected in the measurements so far;
    /// with --directed an exact cover by dancing links, the faster one).
    #[arg(long)]
    exact_nodes: Option<u64>,
    /// Directed starters (each other player once on your left, once on your right) for the
    /// 4N+1 counts whose line is not directed yet; each replaces the undirected line (with
    /// --search).
    #[arg(long)]
    directed: bool,
    /// Hill-climbing moves without a new best before a fresh set of partner pairs is drawn
    /// (with --search; default 200,000 below 44 players, 1,000 × players² from 44).
    #[arg(long)]
    patience: Option<u64>,
    /// Undirected climb only: at two tables short or closer, one move in 20 clears this many
    /// random tables and re-seats their pairs with the unseated ones by exact backtracking
    /// (with --search; 0: no repairs; measured in docs/whist-rotations.md, 6 the best tried).
    #[arg(long, default_value_t = 0)]
    repair_tables: usize,
    /// Seed of the random search (with --search).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub(super) fn run(args: &WhistArgs) -> Result<ExitCode> {
    let Some(roster) = load_entrants(&args.entrants) else {
        return Ok(ExitCode::FAILURE);
    };
    if let Some(why) = roster.pairs_refused("whist") {
        let file = args
            .entrants
            .roster
            .as_deref()
            .map_or(String::new(), |f| format!("{}: ", f.display()));
        eprintln!(
            "error: {file}{why} (a pairs evening: tourney event new --format bridge-pairs, or tourney movement)"
        );
        return Ok(ExitCode::FAILURE);
    }
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
        apart: args.couples.keep_apart(),
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
    if args.search {
        return search(args);
    }
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

/// `tourney whist-starters --search`: the long-running search that fills the table file.
fn search(args: &WhistStartersArgs) -> Result<ExitCode> {
    if !args.table.is_file() {
        eprintln!(
            "error: {}: no starter table there; run from the source folder or give --table",
            args.table.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    if !(args.hours > 0.0 && args.first_cap > 0.0 && args.threads > 0) || args.min > args.max {
        eprintln!("error: --hours, --first-cap and --threads must be positive and --min at most --max");
        return Ok(ExitCode::FAILURE);
    }
    let plan = offline::Plan {
        min: args.min,
        max: args.max,
        table: args.table.clone(),
        threads: args.threads,
        first_cap: Duration::from_secs_f64(args.first_cap),
        redo: args.redo,
        only: if args.patterned_only {
            offline::Only::Patterned
        } else if args.symmetric_only {
            offline::Only::Symmetric
        } else if args.family_only {
            offline::Only::Family
        } else {
            offline::Only::Any
        },
        stage2: args.exact_nodes.map_or(
            Stage2::Climb {
                patience: args.patience.map(|p| p.max(1)),
                repair: args.repair_tables,
            },
            |nodes| Stage2::Exact { nodes: nodes.max(1) },
        ),
        directed: args.directed,
        seed: args.seed,
    };
    let control = Control::with_time_limit(Duration::from_secs_f64(args.hours * 3600.0));
    let started = std::time::Instant::now();
    let clock = move || {
        let s = started.elapsed().as_secs();
        format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    };
    let say = |event: &offline::Event| {
        use offline::Event::*;
        let line = match event {
            Started { v, cap, helper } => format!(
                "{v:>4} players: {} for up to {:.0} s",
                if *helper { "helping" } else { "searching" },
                cap.as_secs_f64()
            ),
            Working {
                v,
                seconds,
                partner_starters: 0,
                ..
            } => format!("{v:>4} players: still searching after {seconds:.0} s"),
            Working {
                v,
                seconds,
                partner_starters,
                best_short,
            } => {
                let (starts, short) = offline::progress_words(*v, args.directed);
                format!(
                    "{v:>4} players: still searching after {seconds:.0} s, {partner_starters} {starts}, best {best_short} {short}"
                )
            }
            Found { v, origin, seconds } => {
                format!("{v:>4} players: FOUND ({origin}) after {seconds:.1} s, verified and written")
            }
            Missed {
                v,
                seconds,
                partner_starters: 0,
                ..
            } => format!("{v:>4} players: not yet ({seconds:.0} s); later with more time"),
            Missed {
                v,
                seconds,
                partner_starters,
                best_short,
            } => {
                let (starts, short) = offline::progress_words(*v, args.directed);
                format!(
                    "{v:>4} players: not yet ({seconds:.0} s, {partner_starters} {starts}, best {best_short} {short}); later with more time"
                )
            }
            Refused { v, reason } => format!("{v:>4} players: REFUSED, not written: {reason}"),
        };
        eprintln!("[{}] {line}", clock());
    };
    let summary = match offline::run(&plan, &control, &say) {
        Ok(summary) => summary,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(ExitCode::FAILURE);
        }
    };
    eprintln!(
        "[{}] found {} size(s): {:?}; still missing {}: {:?}",
        clock(),
        summary.found.len(),
        summary.found,
        summary.missing.len(),
        summary.missing
    );
    Ok(ExitCode::SUCCESS)
}
