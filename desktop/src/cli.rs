//! The headless subcommands. Each one reads its inputs, calls the library, prints what an
//! organiser needs to know and returns an exit code: 0 done, 1 the input or the schedule has
//! problems (all of them printed), 2 the command line itself is wrong (clap's code).

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use scheduler::csv_safety::UTF8_BOM;
use scheduler::milp::Backend;
use scheduler::model::{Format, Roster, Schedule};
use scheduler::problems::Problems;
use scheduler::roster_import::{RosterImport, import_roster_file};
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use scheduler::schedule_io::{
    read_json, read_long_csv, write_json, write_long_csv, write_round_sheet_csv, write_team_chess_csv,
};
use scheduler::sheets::{Orientation, Paper, SheetKind, SheetOptions, schedule_pdf};
use scheduler::solver::Control;
use scheduler::team_chess::team_match::{scheveningen, team_round_robin};
use scheduler::team_chess::{Size, TeamChessOptions, TeamNames, team_chess};
use scheduler::verify::{Report, verify};
use scheduler::whist::table;
use scheduler::whist::{WhistOptions, full_cycle, numbered_names, whist_schedule};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
    Roster(RosterCommand),
    /// Make a pairs/teams round robin (circle method or FIDE Berger tables).
    RoundRobin(RoundRobinArgs),
    /// Make a whist/bridge individual movement: everyone partners everyone at most once.
    Whist(WhistArgs),
    /// Regenerate the whist starter table from scratch (constructions and search).
    WhistStarters(WhistStartersArgs),
    /// Make a team chess event: a jamboree (every player every round, floats, optimised
    /// colours), a team round robin, or a Scheveningen match.
    TeamChess(TeamChessArgs),
    /// Check any schedule (long CSV or JSON), including hand-made ones, against its rules.
    Verify(VerifyArgs),
    /// Print a saved schedule: PDF sheets and the wide round-sheet CSV.
    Sheets(SheetsArgs),
    /// An event file: create it, enter results between rounds, standings, history.
    #[command(subcommand)]
    Event(crate::event_cli::EventCommand),
    /// Recover every match score from a league table; says whether the answer is unique.
    LeagueTable(crate::tools_cli::LeagueTableArgs),
    /// Solve a logic-grid puzzle written in plain text; says whether the answer is unique.
    LogicGrid(crate::tools_cli::LogicGridArgs),
    /// Find a dic-dac-doe position where nobody can ever get three in a row.
    Dicdacdoe(crate::tools_cli::DicDacDoeArgs),
    /// Measure the engines (times are reported, never asserted).
    #[command(subcommand)]
    Bench(BenchCommand),
}

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
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Generate and verify a rotation from scratch for every 4N and 4N+1 up to --max.
    Whist {
        #[arg(long, default_value_t = 400)]
        max: usize,
        /// Search time allowed per size, in seconds.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
    },
    /// Solve the team-chess sizes of the benchmark table with every MILP backend built in,
    /// reporting Q, the bound and the time to the best Q (also as a ratio to a fixed reference
    /// job run in the same process, so machines can be compared).
    TeamChess {
        /// Time limit per size and backend, in seconds.
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
        /// Sizes as TEAMSxBOARDSxROUNDS (default: the README's table).
        #[arg(long, value_delimiter = ',')]
        sizes: Vec<String>,
    },
    /// Recompute the standings of 400-player events with 30 rounds of results.
    Standings {
        /// Timed recomputations per event.
        #[arg(long, default_value_t = 20)]
        repeats: usize,
    },
    /// CPU time of one frame of the window for a large event (headless), against a 16-player
    /// event in the same process; and frames drawn while its schedule is generated again.
    Frame {
        /// Players in the large event (a whist drive).
        #[arg(long, default_value_t = 400)]
        players: usize,
        /// Its rounds.
        #[arg(long, default_value_t = 30)]
        rounds: usize,
        /// Timed frames per view after the first.
        #[arg(long, default_value_t = 30)]
        frames: usize,
    },
    /// Wall time from launching `tourney` to its first frame on screen (needs a display:
    /// run under xvfb-run on a server), against `tourney --version` in the same run.
    Startup {
        /// Launches measured (the median is reported).
        #[arg(long, default_value_t = 10)]
        runs: usize,
    },
    /// Dic-dac-doe: 10×10/80 and 15×15/185 over several seeds, then the fewest moves reached
    /// for each board size.
    Dicdacdoe {
        /// Seeds per target.
        #[arg(long, default_value_t = 5)]
        seeds: u64,
        /// Time limit per run, in seconds.
        #[arg(long, default_value_t = 120.0)]
        seconds: f64,
        /// Board sizes for the fewest-moves walk (`--sizes` with no value skips it).
        #[arg(long, value_delimiter = ',', num_args = 0.., default_value = "10,12,15")]
        sizes: Vec<usize>,
        /// Time allowed for each step of that walk, in seconds.
        #[arg(long, default_value_t = 60.0)]
        descend_seconds: f64,
    },
    /// Reconstruct random seasons of several sizes (with the uniqueness proof up to 8 teams).
    LeagueTable {
        /// Numbers of teams.
        #[arg(long, value_delimiter = ',', default_value = "4,6,8,10,12,16,20")]
        teams: Vec<usize>,
        /// Random seasons per size.
        #[arg(long, default_value_t = 10)]
        seasons: usize,
        /// Time limit per season, in seconds.
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
    },
    /// Render every sheet kind for a 100-player whist evening of 25 rounds × 25 tables.
    Sheets {
        /// Timed renders after the warm-up.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TeamEventArg {
    /// Every player plays every round against another team's player within one board.
    Jamboree,
    /// Teams meet in a round robin, board b against board b (Berger order).
    RoundRobin,
    /// Two teams; every player meets every player of the other team.
    Scheveningen,
}

#[derive(Args, Debug)]
pub struct TeamChessArgs {
    /// Number of teams (taken from the roster's team column when a roster is given).
    #[arg(long)]
    teams: Option<usize>,
    /// Players per team (taken from the roster when given).
    #[arg(long)]
    boards: Option<usize>,
    /// Rounds (jamboree only; a round robin has one round per opponent).
    #[arg(long)]
    rounds: Option<usize>,
    #[arg(long, value_enum, default_value = "jamboree")]
    kind: TeamEventArg,
    /// Team round robin: play a second cycle with colours reversed.
    #[arg(long)]
    double: bool,
    /// Seconds the optimiser may take (it stops earlier when it reaches the lower bound).
    #[arg(long, default_value_t = 30.0)]
    time_limit: f64,
    /// Roster CSV with team and board columns.
    #[arg(long)]
    roster: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games: FILE.csv (round,white_team,white_board,black_team,black_board, plus
    /// names with a roster), FILE.json, or - for CSV on standard output.
    #[arg(long = "out", value_name = "FILE")]
    out: Vec<PathBuf>,
    #[command(flatten)]
    print: PrintArgs,
}

#[derive(Subcommand, Debug)]
pub enum RosterCommand {
    /// Print the parsed roster and any problems; exits 1 when there are errors.
    Check { file: PathBuf },
}

#[derive(Args, Debug)]
#[group(id = "entrants", required = true, multiple = false)]
pub struct Entrants {
    /// Number of entrants, named "Player 1" … "Player N".
    #[arg(long, group = "entrants")]
    players: Option<usize>,
    /// Roster CSV (names, spouses, stationary flag…).
    #[arg(long, group = "entrants")]
    roster: Option<PathBuf>,
}

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

#[derive(Args, Debug)]
pub struct Output {
    /// Write the schedule: FILE.csv (long format), FILE.json, or - for CSV on standard
    /// output. May be given more than once.
    #[arg(long = "out", value_name = "FILE")]
    out: Vec<PathBuf>,
    #[command(flatten)]
    print: PrintArgs,
}

/// The printed and spreadsheet forms of a schedule, shared by every generator and by
/// `tourney sheets`.
#[derive(Args, Debug)]
pub struct PrintArgs {
    /// Write printable sheets (round sheet, table cards, personal cards…) to this PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pdf: Option<PathBuf>,
    /// Write the wide round-sheet CSV: one row per round and table, a column per seat,
    /// sit-outs/byes in the last column.
    #[arg(long, value_name = "FILE.csv")]
    round_sheet: Option<PathBuf>,
    /// CSV files start with a UTF-8 byte-order mark so Excel shows accents correctly.
    #[arg(long)]
    excel: bool,
    /// Sheet kinds for --pdf (comma-separated): round, table, personal, standings, all.
    /// (`--sheets` because `team-chess --kind` already chooses the kind of event; `tourney
    /// sheets` also takes it as `--kind`.)
    #[arg(long = "sheets", value_enum, value_delimiter = ',', default_value = "all")]
    kinds: Vec<SheetKindArg>,
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
    /// Page orientation; auto turns a sheet to landscape when its widest table needs it.
    #[arg(long, value_enum, default_value = "auto")]
    orientation: OrientationArg,
    /// Event title printed at the top of every page (default: the kind of event).
    #[arg(long)]
    title: Option<String>,
    /// Club name printed beside the title.
    #[arg(long)]
    club: Option<String>,
    /// Date of the event, YYYY-MM-DD (default: today).
    #[arg(long, value_parser = parse_date)]
    date: Option<chrono::NaiveDate>,
    /// How the date is printed (chrono strftime pattern), e.g. "%d/%m/%Y".
    #[arg(long, default_value = SheetOptions::DEFAULT_DATE_FORMAT)]
    date_format: String,
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
    /// Round, table and personal.
    All,
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

#[derive(Args, Debug)]
pub struct SheetsArgs {
    /// A schedule written by Tourney as JSON (--out FILE.json).
    file: PathBuf,
    /// Sheet kinds (comma-separated): round, table, personal, standings, all. The same as
    /// `--sheets`.
    #[arg(long = "kind", value_enum, value_delimiter = ',')]
    kind: Vec<SheetKindArg>,
    #[command(flatten)]
    print: PrintArgs,
}

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

pub fn run(command: Command) -> ExitCode {
    let outcome = match command {
        Command::Roster(RosterCommand::Check { file }) => roster_check(&file),
        Command::RoundRobin(args) => round_robin_command(&args),
        Command::Verify(args) => verify_command(&args),
        Command::Whist(args) => whist_command(&args),
        Command::TeamChess(args) => team_chess_command(&args),
        Command::Sheets(args) => sheets_command(args),
        Command::WhistStarters(args) => whist_starters_command(&args),
        Command::Bench(BenchCommand::Whist { max, seconds }) => bench_whist(max, seconds),
        Command::Bench(BenchCommand::TeamChess { seconds, sizes }) => bench_team_chess(seconds, &sizes),
        Command::Bench(BenchCommand::Sheets { repeats }) => bench_sheets(repeats),
        Command::Bench(BenchCommand::LeagueTable {
            teams,
            seasons,
            seconds,
        }) => crate::tools_cli::bench_league_table(&teams, seasons, seconds),
        Command::LeagueTable(args) => crate::tools_cli::league_table(&args),
        Command::LogicGrid(args) => crate::tools_cli::logic_grid(&args),
        Command::Dicdacdoe(args) => crate::tools_cli::dicdacdoe(&args),
        Command::Bench(BenchCommand::Dicdacdoe {
            seeds,
            seconds,
            sizes,
            descend_seconds,
        }) => crate::tools_cli::bench_dicdacdoe(seeds, seconds, &sizes, descend_seconds),
        Command::Bench(BenchCommand::Frame {
            players,
            rounds,
            frames,
        }) => bench_outcome(crate::app::frame_bench::run(players, rounds, frames)),
        Command::Bench(BenchCommand::Startup { runs }) => bench_outcome(crate::app::startup_bench::run(runs)),
        Command::Bench(BenchCommand::Standings { repeats }) => crate::event_cli::bench_standings(repeats),
        Command::Event(command) => crate::event_cli::run(command),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn print_problems(problems: &Problems) {
    for problem in &problems.list {
        eprintln!("{problem}");
    }
}

fn roster_check(file: &Path) -> Result<ExitCode> {
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
    println!(
        "{} player(s); encoding {}; delimiter {}; {}",
        import.roster.len(),
        import.encoding.describe(),
        delimiter,
        if import.had_header {
            "header row found"
        } else {
            "no header row"
        }
    );
    let roster = &import.roster;
    for player in &roster.players {
        let mut extras = Vec::new();
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
        if let Some(spouse) = player
            .spouse
            .and_then(|id| roster.players.iter().find(|p| p.id == id))
        {
            extras.push(format!("spouse {}", spouse.name));
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
        println!("{:>4}  {}{}", player.id.0, player.name, extras);
    }
}

/// The roster named on the command line, or numbered players. Problems are printed here;
/// `None` means the roster has errors and nothing should be generated.
fn load_entrants(entrants: &Entrants) -> Option<Roster> {
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

fn round_robin_command(args: &RoundRobinArgs) -> Result<ExitCode> {
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
    finish(&schedule, &args.output)
}

fn team_chess_command(args: &TeamChessArgs) -> Result<ExitCode> {
    let names = match &args.roster {
        Some(path) => {
            let import = import_roster_file(path);
            print_problems(&import.problems);
            if !import.is_ok() {
                return Ok(ExitCode::FAILURE);
            }
            match TeamNames::from_roster(&import.roster) {
                Ok(names) => Some(names),
                Err(problem) => {
                    eprintln!("{}: {problem}", path.display());
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        None => None,
    };
    let teams = names.as_ref().map(|n| n.teams.len()).or(args.teams);
    let boards = names
        .as_ref()
        .and_then(|n| n.players.first().map(Vec::len))
        .or(args.boards);
    let (Some(teams), Some(boards)) = (teams, boards) else {
        eprintln!("give --teams and --boards, or a --roster with team (and board) columns");
        return Ok(ExitCode::from(2));
    };
    let names = names.unwrap_or_else(|| TeamNames::numbered(teams, boards));
    let schedule = match args.kind {
        TeamEventArg::RoundRobin => team_round_robin(&names, boards, args.double),
        TeamEventArg::Scheveningen => {
            if teams != 2 {
                eprintln!("a Scheveningen match is between exactly 2 teams, not {teams}");
                return Ok(ExitCode::FAILURE);
            }
            scheveningen(&names, boards)
        }
        TeamEventArg::Jamboree => {
            let Some(rounds) = args.rounds else {
                eprintln!("give --rounds for a jamboree");
                return Ok(ExitCode::from(2));
            };
            let size = Size {
                teams,
                boards,
                rounds,
            };
            let mut options = TeamChessOptions::new(size);
            options.names = names;
            options.seed = args.seed;
            let start = Instant::now();
            let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.0)))
                .on_progress(move |p| {
                    eprintln!(
                        "  {:6.2} s  best Q so far {:.4}",
                        start.elapsed().as_secs_f64(),
                        p.best_quality
                    )
                });
            match team_chess(&options, &control) {
                Ok(outcome) => {
                    let q = &outcome.quality;
                    eprintln!("{}", q.describe());
                    eprintln!(
                        "lower bound {}/{}; gap {}/{}{}; {} pairing(s) tried with {} in {:.2} s",
                        outcome.lower_bound_numerator,
                        q.denominator,
                        q.total_numerator() - outcome.lower_bound_numerator.min(q.total_numerator()),
                        q.denominator,
                        if outcome.reached_bound() { " (optimal)" } else { "" },
                        outcome.attempts,
                        outcome.backend.name(),
                        start.elapsed().as_secs_f64()
                    );
                    outcome.schedule
                }
                Err(error) => {
                    eprintln!("{teams} teams × {boards} boards × {rounds} rounds: {error}");
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
    };
    let report = verify(&schedule);
    if !report.is_valid() {
        print_report(&report);
        anyhow::bail!(
            "the generated schedule failed verification; this is a bug in Tourney, please report it"
        );
    }
    let with_names = args.roster.is_some();
    if args.out.is_empty() {
        print_schedule(&schedule);
    }
    for path in &args.out {
        if path == Path::new("-") {
            write_team_chess_csv(&schedule, with_names, std::io::stdout().lock())
                .context("writing to standard output")?;
            continue;
        }
        let mut bytes = Vec::new();
        if is_json(path) {
            write_json(&schedule, &mut bytes)?;
        } else {
            start_csv(&mut bytes, args.print.excel);
            write_team_chess_csv(&schedule, with_names, &mut bytes)?;
        }
        write_file_atomically(path, &bytes)?;
        eprintln!("wrote {}", path.display());
    }
    write_prints(&schedule, &args.print)?;
    Ok(ExitCode::SUCCESS)
}

fn whist_command(args: &WhistArgs) -> Result<ExitCode> {
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
    finish(&schedule, &args.output)
}

fn whist_starters_command(args: &WhistStartersArgs) -> Result<ExitCode> {
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
        Some(path) => write_file_atomically(path, text.as_bytes())?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Times constructing (or searching) and verifying a rotation from scratch for each size,
/// and loading one from the shipped table, all in this process.
/// The window benches report a plain message when they cannot run (no display, no event).
fn bench_outcome(outcome: Result<(), String>) -> Result<ExitCode> {
    Ok(match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    })
}

fn bench_whist(max: usize, seconds: f64) -> Result<ExitCode> {
    let per_size = Duration::from_secs_f64(seconds.max(0.0));
    let sweep = Instant::now();
    let (mut solved, mut sizes) = (0, 0);
    println!("players  origin    build s  verify s  result");
    for n in (4..=max).filter(|n| n % 4 <= 1) {
        sizes += 1;
        let started = Instant::now();
        let rows = table::generate_one(n, per_size);
        let built = started.elapsed().as_secs_f64();
        let verified = Instant::now();
        let result = match &rows.starter {
            Some(starter) => {
                let schedule = full_cycle(starter, numbered_names(starter), false);
                if verify(&schedule).is_valid() {
                    solved += 1;
                    "valid".to_owned()
                } else {
                    "INVALID".to_owned()
                }
            }
            None => format!("not found (surplus {})", rows.surplus),
        };
        println!(
            "{n:>7}  {:<8} {built:>8.3} {:>9.3}  {result}",
            rows.origin,
            verified.elapsed().as_secs_f64()
        );
    }
    println!(
        "sweep: {solved} of {sizes} sizes solved in {:.1} s",
        sweep.elapsed().as_secs_f64()
    );
    let loading = Instant::now();
    let mut loaded = 0;
    for n in 4..=max {
        loaded += usize::from(table::shipped(n).is_some());
    }
    let per_load = loading.elapsed().as_secs_f64() / (max.saturating_sub(3)).max(1) as f64;
    println!(
        "shipped table: {loaded} sizes, {:.1} µs per lookup (first includes parsing)",
        per_load * 1e6
    );
    Ok(ExitCode::SUCCESS)
}

/// The team-chess sizes of the benchmark table.
const TEAM_CHESS_BENCH: [(usize, usize, usize); 8] = [
    (12, 10, 3),
    (11, 10, 3),
    (8, 6, 7),
    (12, 8, 5),
    (9, 4, 4),
    (6, 4, 5),
    (16, 8, 5),
    (20, 10, 3),
];

fn bench_team_chess(seconds: f64, sizes: &[String]) -> Result<ExitCode> {
    let sizes: Vec<(usize, usize, usize)> = if sizes.is_empty() {
        TEAM_CHESS_BENCH.to_vec()
    } else {
        sizes
            .iter()
            .map(|text| {
                let parts: Vec<usize> = text.split('x').filter_map(|p| p.trim().parse().ok()).collect();
                match parts[..] {
                    [teams, boards, rounds] => Ok((teams, boards, rounds)),
                    _ => Err(anyhow::anyhow!("--sizes: {text:?} is not TEAMSxBOARDSxROUNDS")),
                }
            })
            .collect::<Result<_>>()?
    };
    // The reference job: a 12-team × 10-board round robin built and checked 50 times. Its
    // time is the unit of the ratio column.
    let reference = Instant::now();
    let names = TeamNames::numbered(12, 10);
    for _ in 0..50 {
        let schedule = team_round_robin(&names, 10, false);
        anyhow::ensure!(
            verify(&schedule).is_valid(),
            "the reference round robin failed its check"
        );
    }
    let unit = reference.elapsed().as_secs_f64();
    println!("reference job: {:.1} ms", unit * 1e3);
    println!("size       backend   Q (checker)          bound  gap    to best s  ratio   note");
    for (teams, boards, rounds) in sizes {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        for backend in Backend::all() {
            let label = format!("{teams}x{boards}x{rounds}");
            if let Some(reason) = size.impossibility() {
                println!("{label:<10} {:<9} impossible: {reason}", backend.name());
                break;
            }
            let mut options = TeamChessOptions::new(size);
            options.backend = backend;
            let start = Instant::now();
            let last_gain = std::sync::Arc::new(std::sync::Mutex::new(0.0f64));
            let record = std::sync::Arc::clone(&last_gain);
            let control =
                Control::with_time_limit(Duration::from_secs_f64(seconds.max(0.0))).on_progress(move |_| {
                    if let Ok(mut at) = record.lock() {
                        *at = start.elapsed().as_secs_f64();
                    }
                });
            match team_chess(&options, &control) {
                Ok(outcome) => {
                    let q = &outcome.quality;
                    let to_best = last_gain.lock().map_or(f64::NAN, |at| *at);
                    let gap = q.total_numerator() - outcome.lower_bound_numerator.min(q.total_numerator());
                    println!(
                        "{label:<10} {:<9} {:>6}/{:<4} ≈ {:<7.4} {:>5}  {:<6} {:>9.2}  {:>6.0}  {}",
                        backend.name(),
                        q.total_numerator(),
                        q.denominator,
                        q.total(),
                        outcome.lower_bound_numerator,
                        gap,
                        to_best,
                        to_best / unit,
                        if outcome.reached_bound() {
                            "optimal (bound reached)"
                        } else {
                            ""
                        }
                    );
                }
                Err(error) => println!("{label:<10} {:<9} {error}", backend.name()),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn bench_sheets(repeats: usize) -> Result<ExitCode> {
    let whist = |players: usize, rounds: usize| -> Result<Schedule> {
        let options = WhistOptions {
            rounds: Some(rounds),
            directed: false,
            seed: 1,
            never_partner: Vec::new(),
        };
        let control = Control::with_time_limit(Duration::from_secs(30));
        let (schedule, _) = whist_schedule(&Roster::numbered(players), &options, &control)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(schedule)
    };
    let big = whist(100, 25)?;
    let tables: usize = big.rounds.iter().map(|r| r.tables.len()).sum();
    let small = whist(16, 5)?;
    let mut all_kinds = SheetOptions::new("Benchmark evening");
    all_kinds.date = chrono::NaiveDate::from_ymd_opt(2026, 11, 22);
    let mut small_options = all_kinds.clone();
    small_options.kinds = vec![SheetKind::Round];
    let time = |schedule: &Schedule, options: &SheetOptions| -> Result<(f64, usize)> {
        let start = Instant::now();
        let pdf = schedule_pdf(schedule, &[], options)?;
        Ok((start.elapsed().as_secs_f64(), pdf.len()))
    };
    let (cold, _) = time(&big, &all_kinds)?;
    println!(
        "sheets for {} players, {} rounds, {tables} tables in all; first render (fonts, templates, caches): {cold:.3} s",
        big.entrants.len(),
        big.rounds.len()
    );
    let mut baseline = Vec::new();
    let mut timed = Vec::new();
    let mut bytes = 0;
    for _ in 0..repeats.max(1) {
        baseline.push(time(&small, &small_options)?.0);
        let (seconds, size) = time(&big, &all_kinds)?;
        timed.push(seconds);
        bytes = size;
    }
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let (base, all) = (median(&mut baseline), median(&mut timed));
    println!("baseline (16-player round sheet, 5 rounds): {:.1} ms", base * 1e3);
    println!(
        "all sheet kinds, 25 rounds x 25 tables: median {:.3} s over {} renders ({:.0}x baseline), {} KiB",
        all,
        timed.len(),
        all / base,
        bytes / 1024
    );
    Ok(ExitCode::SUCCESS)
}

/// Verifies a freshly generated schedule (a failure here is a bug, never hidden) and writes it.
fn finish(schedule: &Schedule, output: &Output) -> Result<ExitCode> {
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
        write_schedule(schedule, path, output.print.excel)?;
    }
    write_prints(schedule, &output.print)?;
    for line in &report.summary {
        eprintln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

fn print_schedule(schedule: &Schedule) {
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

fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

fn write_schedule(schedule: &Schedule, path: &Path, excel: bool) -> Result<()> {
    if path == Path::new("-") {
        let stdout = std::io::stdout();
        return write_long_csv(schedule, stdout.lock()).context("writing to standard output");
    }
    let mut bytes = Vec::new();
    if is_json(path) {
        write_json(schedule, &mut bytes)?;
    } else {
        start_csv(&mut bytes, excel);
        write_long_csv(schedule, &mut bytes)?;
    }
    write_file_atomically(path, &bytes)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// A CSV for Excel starts with the UTF-8 byte-order mark, or Excel reads it as ANSI.
fn start_csv(bytes: &mut Vec<u8>, excel: bool) {
    if excel {
        bytes.extend_from_slice(UTF8_BOM);
    }
}

impl PrintArgs {
    fn sheet_options(&self, schedule: &Schedule) -> SheetOptions {
        let mut options = SheetOptions::new(self.title.clone().unwrap_or_else(|| {
            match schedule.format {
                Format::Whist => "Whist evening",
                Format::RoundRobin => "Round robin",
                Format::TeamChess => "Team chess",
            }
            .to_owned()
        }));
        options.club = self.club.clone();
        options.date = Some(self.date.unwrap_or_else(|| chrono::Local::now().date_naive()));
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
        options.kinds = Vec::new();
        for kind in &self.kinds {
            match kind {
                SheetKindArg::Round => options.kinds.push(SheetKind::Round),
                SheetKindArg::Table => options.kinds.push(SheetKind::Table),
                SheetKindArg::Personal => options.kinds.push(SheetKind::Personal),
                SheetKindArg::Standings => options.kinds.push(SheetKind::Standings),
                SheetKindArg::All => options.kinds.extend(SheetKind::SCHEDULE_KINDS),
            }
        }
        options
    }
}

/// The PDF sheets and the wide round-sheet CSV, when asked for.
fn write_prints(schedule: &Schedule, print: &PrintArgs) -> Result<()> {
    if let Some(path) = &print.round_sheet {
        let mut bytes = Vec::new();
        start_csv(&mut bytes, print.excel);
        write_round_sheet_csv(schedule, &mut bytes)?;
        write_file_atomically(path, &bytes)?;
        eprintln!("wrote {}", path.display());
    }
    if let Some(path) = &print.pdf {
        let options = print.sheet_options(schedule);
        let pdf = schedule_pdf(schedule, &[], &options)?;
        write_file_atomically(path, &pdf)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn sheets_command(mut args: SheetsArgs) -> Result<ExitCode> {
    if !args.kind.is_empty() {
        args.print.kinds = std::mem::take(&mut args.kind);
    }
    if args.print.pdf.is_none() && args.print.round_sheet.is_none() {
        anyhow::bail!("nothing to write: give --pdf FILE.pdf and/or --round-sheet FILE.csv");
    }
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let label = args.file.display().to_string();
    let schedule = match read_json(&label, &bytes) {
        Ok(schedule) => schedule,
        Err(problems) => {
            print_problems(&problems);
            return Ok(ExitCode::FAILURE);
        }
    };
    write_prints(&schedule, &args.print)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes beside the target and renames, so an interrupted export never leaves a half file
/// where a good one was.
pub(crate) fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{file_name}.partial"));
    let mut file = std::fs::File::create(&temporary)
        .with_context(|| format!("cannot create {}", temporary.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot replace {}", path.display()))
}

fn verify_command(args: &VerifyArgs) -> Result<ExitCode> {
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
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
        for (a, b) in import.roster.couples() {
            let find = |name: &str| schedule.entrants.iter().position(|e| e == name);
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

fn print_report(report: &Report) {
    for violation in &report.violations {
        println!("{violation}");
    }
}
