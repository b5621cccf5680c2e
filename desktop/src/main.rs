//! The `tourney` binary: with no arguments it opens the window (on an event file when one is
//! given, as a double-click does); with a subcommand it runs headless (what organisers script
//! and what the end-to-end tests drive).

// Held by CI (`cargo clippy -- -D warnings`): nothing unwraps outside tests.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod app;
mod bench;
mod cli;

use clap::Parser;

/// The window's app as eframe runs it: inside the start-up bench's first-frame reporter when
/// the bench launched this process, else as it is.
fn window(app: app::TourneyApp) -> Box<dyn eframe::App> {
    if std::env::var_os(bench::startup::REPORT_ENV).is_some() {
        Box::new(bench::startup::FirstFrameReporter::new(app))
    } else {
        Box::new(app)
    }
}

fn main() -> std::process::ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        None => match app::run(args.file, window) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: could not open the window: {err}");
                eprintln!("hint: the subcommands work without a display; see `tourney --help`");
                std::process::ExitCode::FAILURE
            }
        },
        Some(command) => {
            end_quietly_on_a_closed_pipe();
            cli::run(command)
        }
    }
}

/// The subcommands stop quietly when their reader goes away (`tourney event history F | head
/// -1`), as other command-line tools do: Rust starts with SIGPIPE ignored, so every print to a
/// closed pipe panicked with "failed printing to stdout: Broken pipe". The window keeps Rust's
/// setting, so a closed display or D-Bus socket stays an error it handles, not a kill.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called before the subcommand starts any thread; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `tourney --version`: "0.1.0 (built 2026-11-23, MILP backend microlp)".
pub fn version_text() -> &'static str {
    static TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "{} (built {}, MILP backend {})",
            env!("CARGO_PKG_VERSION"),
            env!("TOURNEY_BUILD_DATE"),
            scheduler::milp::Backend::best_available().name()
        )
    });
    &TEXT
}

/// What the About box says: version, build date, the MILP backend built in.
pub fn about_lines() -> Vec<String> {
    vec![
        format!("Tourney {}", env!("CARGO_PKG_VERSION")),
        format!("Built {}", env!("TOURNEY_BUILD_DATE")),
        format!(
            "Optimiser (MILP) backend: {}",
            scheduler::milp::Backend::best_available().name()
        ),
        "Licence: MIT or Apache-2.0".to_owned(),
    ]
}
