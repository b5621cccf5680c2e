//! The `tourney` binary: with no arguments it opens the window; with a subcommand it runs
//! headless (what organisers script and what the end-to-end tests drive).

mod app;
mod cli;
mod event_cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        None => match app::run() {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: could not open the window: {err}");
                eprintln!("hint: the subcommands work without a display; see `tourney --help`");
                std::process::ExitCode::FAILURE
            }
        },
        Some(command) => cli::run(command),
    }
}
