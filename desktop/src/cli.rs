//! The headless subcommands. Each one reads its inputs, calls the library, prints what an
//! organiser needs to know and returns an exit code: 0 done, 1 the input or the schedule has
//! problems (all of them printed), 2 the command line itself is wrong (clap's code).

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use scheduler::model::{Format, Roster, Schedule};
use scheduler::problems::Problems;
use scheduler::roster_import::{RosterImport, import_roster_file};
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use scheduler::schedule_io::{read_json, read_long_csv, write_json, write_long_csv, write_team_chess_csv};
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
#[command(name = "tourney", version, about = "Tournament manager for club organisers: whist and bridge movements, round robins, team chess.", long_about = None)]
pub struct Cli {
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
        Command::WhistStarters(args) => whist_starters_command(&args),
        Command::Bench(BenchCommand::Whist { max, seconds }) => bench_whist(max, seconds),
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
            write_team_chess_csv(&schedule, with_names, &mut bytes)?;
        }
        write_file_atomically(path, &bytes)?;
        eprintln!("wrote {}", path.display());
    }
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
        write_schedule(schedule, path)?;
    }
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

fn write_schedule(schedule: &Schedule, path: &Path) -> Result<()> {
    if path == Path::new("-") {
        let stdout = std::io::stdout();
        return write_long_csv(schedule, stdout.lock()).context("writing to standard output");
    }
    let mut bytes = Vec::new();
    if is_json(path) {
        write_json(schedule, &mut bytes)?;
    } else {
        write_long_csv(schedule, &mut bytes)?;
    }
    write_file_atomically(path, &bytes)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// Writes beside the target and renames, so an interrupted export never leaves a half file
/// where a good one was.
fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
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
