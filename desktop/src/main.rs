//! The `tourney` binary: with no arguments it opens the window (on an event file when one is
//! given, as a double-click does); with a subcommand it runs headless (what organisers script
//! and what the end-to-end tests drive).

// Held by CI (`cargo clippy -- -D warnings`): nothing unwraps outside tests.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
// On Windows a GUI program, so no console window flashes up behind the window when Tourney
// starts from the Start menu or a double-clicked event file. Run from a terminal with
// arguments, it attaches to that terminal's console to print there (`attach_to_the_terminal`).
#![cfg_attr(windows, windows_subsystem = "windows")]

mod app;
mod bench;
mod cli;
mod phones;

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
    if std::env::args_os().len() > 1 {
        attach_to_the_terminal();
    }
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

/// Windows: a GUI program starts with no console, so what a subcommand (or `--help`, or an
/// error) prints would go nowhere. It attaches to the console of the terminal it was run from,
/// if any (from Explorer there is none and nothing changes). AttachConsole points all three
/// standard handles at the console, so those already sent to a file or a pipe
/// (`tourney.exe whist --players 16 > s.csv`, `| findstr`) are put back afterwards. Typed at
/// cmd.exe's prompt, a GUI program is not waited for: the prompt comes back before the output
/// (a batch file does wait, and sees the exit code).
#[cfg(windows)]
fn attach_to_the_terminal() {
    use std::ffi::c_void;
    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    // STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, STD_ERROR_HANDLE: (DWORD)-10, -11, -12.
    const STANDARD: [u32; 3] = [(-10i32) as u32, (-11i32) as u32, (-12i32) as u32];
    const FILE_TYPE_DISK: u32 = 1;
    const FILE_TYPE_PIPE: u32 = 3;
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn AttachConsole(process_id: u32) -> i32;
        fn GetStdHandle(which: u32) -> *mut c_void;
        fn SetStdHandle(which: u32, handle: *mut c_void) -> i32;
        fn GetFileType(handle: *mut c_void) -> u32;
    }
    // SAFETY: plain kernel32 calls on this process's own standard handles, made before any
    // other thread starts; GetFileType only reads the type of whatever handle it is given.
    unsafe {
        let redirected = STANDARD.map(|which| {
            let handle = GetStdHandle(which);
            let kind = GetFileType(handle);
            (kind == FILE_TYPE_DISK || kind == FILE_TYPE_PIPE).then_some((which, handle))
        });
        if redirected.iter().all(Option::is_some) || AttachConsole(ATTACH_PARENT_PROCESS) == 0 {
            return;
        }
        for (which, handle) in redirected.into_iter().flatten() {
            SetStdHandle(which, handle);
        }
    }
}

#[cfg(not(windows))]
fn attach_to_the_terminal() {}

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
