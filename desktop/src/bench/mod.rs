//! `tourney bench …`: every benchmark of the engines, the sheets and the window. Times are
//! reported (as ratios against a baseline measured in the same run), never asserted.

mod dd;
mod dicdacdoe;
mod frame;
mod league_table;
mod limits;
mod movements;
mod phones;
mod sheets;
mod standings;
pub mod startup;
mod swiss;
mod team_chess;
mod whist;

use anyhow::Result;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Generate and verify a rotation from scratch for every 4N and 4N+1 up to --max.
    Whist {
        #[arg(long, default_value_t = 400)]
        max: usize,
        /// With --from-scratch: search time allowed per size, in seconds.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// Build every rotation anew (constructions, or a search per size) instead of timing
        /// the shipped ones.
        #[arg(long)]
        from_scratch: bool,
    },
    /// Solve the team-chess sizes of the benchmark table with every MILP backend built in,
    /// reporting Q, the bound and the time to the best Q (also as a ratio to a fixed reference
    /// job run in the same process, so machines can be compared).
    TeamChess {
        /// Time limit per size and backend, in seconds.
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
        /// Sizes as TEAMSxBOARDSxROUNDS (default: the sizes of the table in docs/guide/team-chess.md).
        #[arg(long, value_delimiter = ',')]
        sizes: Vec<String>,
        /// Then every odd-board size of 2–12 teams × 1–10 boards with the rounds the rules
        /// allow, and the worst of them.
        #[arg(long)]
        odd_grid: bool,
        /// Instead of every backend with the default seed: each size with seeds 1 to SEEDS
        /// (the best backend), and per size the worst Q over the seeds, the slowest time to
        /// a seed's best, and how many seeds reached the lower bound.
        #[arg(long)]
        seeds: Option<u64>,
        /// Instead of the sizes: every even-team size of TEAMS teams (a range, 6-30 by
        /// default) × 2–16 boards × 2–8 rounds that the rules allow, with seeds 1 to SEEDS (5
        /// by default); a line per size (the worst Q over the seeds, the slowest time to a
        /// seed's best, how many reached the lower bound), then a summary.
        #[arg(long)]
        grid: bool,
        /// The grid's numbers of teams, as FROM-TO (odd numbers are left out).
        #[arg(long, default_value = "6-30")]
        grid_teams: String,
        /// The grid's numbers of rounds, as FROM-TO (2-8 by default; 2 runs the two-round
        /// events alone).
        #[arg(long, default_value = "2-8")]
        grid_rounds: String,
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
    /// How long the solvers take to come back under short wall-clock limits (the tests hold
    /// them to counted limits and assert only the outcome), and the first team-chess schedule.
    Limits,
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
    /// Generate and verify every club pairs movement for 2–30 tables, and score a 15-table
    /// Mitchell evening, against a 3-table baseline in the same run.
    Movements {
        /// Timed runs of each (the median is reported).
        #[arg(long, default_value_t = 21)]
        repeats: usize,
    },
    /// Scoring from phones under load: a club pairs evening served on the loopback, a device
    /// per table entering every board and more polling, the server killed and started again
    /// mid-run; latency p50/p99, and acknowledged results against stored ones (0 lost, 0
    /// twice).
    Phones {
        /// Tables (odd: a Mitchell).
        #[arg(long, default_value_t = 31)]
        tables: u32,
        /// Devices per table (one enters the results, the others poll).
        #[arg(long, default_value_t = 4)]
        clients: u32,
        /// Times the server is killed and started again during the run.
        #[arg(long, default_value_t = 2)]
        kills: u32,
        /// Rounds played.
        #[arg(long, default_value_t = 3)]
        rounds: u32,
        /// Serve from the window instead (its results view, headless, in this process),
        /// drawing frames throughout and reporting their times; no kills.
        #[arg(long)]
        window: bool,
    },
    /// The double-dummy solver on the reference deals (tables by DDS), one thread: median,
    /// mean and max seconds and search nodes per table, every table checked against DDS's;
    /// DDS timed in the same run when TOURNEY_DDS_PYTHON names a python with endplay 0.5.12;
    /// then 32 boards analysed on two threads.
    Dd {
        /// The first N random deals of the fixture (default: all 300).
        #[arg(long, value_name = "N")]
        deals: Option<usize>,
        /// The reference file.
        #[arg(long, value_name = "PATH", default_value = "fixtures/dd/dds-reference.json")]
        fixture: std::path::PathBuf,
        /// The most one table may take, in seconds (past it the deal is reported as not solved).
        #[arg(long, default_value_t = 120.0)]
        seconds: f64,
    },
    /// Pair a Swiss teams event round after round (random results), and late rounds where
    /// most pairs have met, against a greedy pairer in the same run; every round verified.
    Swiss {
        /// Teams in the field.
        #[arg(long, default_value_t = 200)]
        teams: usize,
        /// Rounds paired.
        #[arg(long, default_value_t = 15)]
        rounds: u32,
        /// Timed runs per round (the median is reported).
        #[arg(long, default_value_t = 5)]
        repeats: usize,
    },
    /// Render every sheet kind for a 100-player whist evening of 25 rounds × 25 tables (with
    /// `--big`: 400 players, 30 rounds), against a 16-player round sheet; time and peak memory.
    Sheets {
        /// Timed renders after the warm-up.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        /// The big club evening: 400 players, 30 rounds, every kind (357 pages).
        #[arg(long)]
        big: bool,
    },
}

/// The window benches report a plain message when they cannot run (no display, no event).
fn outcome(outcome: Result<(), String>) -> Result<ExitCode> {
    Ok(match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    })
}

/// Runs one benchmark.
pub fn run(command: BenchCommand) -> Result<ExitCode> {
    match command {
        BenchCommand::Whist {
            max,
            seconds,
            from_scratch,
        } => whist::run(max, seconds, from_scratch),
        BenchCommand::TeamChess {
            seconds,
            sizes,
            odd_grid,
            seeds,
            grid,
            grid_teams,
            grid_rounds,
        } => {
            if grid {
                team_chess::even_grid(seconds, &grid_teams, &grid_rounds, seeds.unwrap_or(5))
            } else {
                team_chess::run(seconds, &sizes, odd_grid, seeds)
            }
        }
        BenchCommand::Standings { repeats } => standings::run(repeats),
        BenchCommand::Frame {
            players,
            rounds,
            frames,
        } => outcome(frame::run(players, rounds, frames)),
        BenchCommand::Startup { runs } => outcome(startup::run(runs)),
        BenchCommand::Dicdacdoe {
            seeds,
            seconds,
            sizes,
            descend_seconds,
        } => dicdacdoe::run(seeds, seconds, &sizes, descend_seconds),
        BenchCommand::LeagueTable {
            teams,
            seasons,
            seconds,
        } => league_table::run(&teams, seasons, seconds),
        BenchCommand::Sheets { repeats, big } => sheets::run(repeats, big),
        BenchCommand::Swiss {
            teams,
            rounds,
            repeats,
        } => swiss::run(teams, rounds, repeats),
        BenchCommand::Limits => limits::run(),
        BenchCommand::Dd {
            deals,
            fixture,
            seconds,
        } => dd::run(deals, &fixture, seconds),
        BenchCommand::Movements { repeats } => movements::run(repeats),
        BenchCommand::Phones {
            tables,
            clients,
            kills,
            rounds,
            window,
        } => phones::run(tables, clients, if window { None } else { Some(kills) }, rounds),
    }
}
