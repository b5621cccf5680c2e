//! `tourney bench startup`: wall time from launching the `tourney` binary to its first frame
//! on screen, the figure an organiser feels when they double-click the icon. The bench runs
//! this same executable as a child, with `REPORT_ENV` set, under whatever display it was given
//! (Xvfb on a server); the child's window says when its first frame has been presented and
//! closes. The baseline, in the same run, is the same binary printing `--version` (process
//! start-up alone). Times are reported, never asserted.

use crate::app::TourneyApp;
use eframe::egui;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Set in the child's environment: report the first frame on standard output, then close.
pub const REPORT_ENV: &str = "TOURNEY_REPORT_FIRST_FRAME";
const REPORT_LINE: &str = "first frame presented";

/// The window's app with a first-frame report around it. The first frame has been presented
/// once the second one starts, so the report is made then.
pub struct FirstFrameReporter {
    app: TourneyApp,
    frames: u32,
}

impl FirstFrameReporter {
    pub fn new(app: TourneyApp) -> Self {
        Self { app, frames: 0 }
    }
}

impl eframe::App for FirstFrameReporter {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.frames += 1;
        if self.frames == 2 {
            let mut out = std::io::stdout();
            let _ = writeln!(out, "{REPORT_LINE}");
            let _ = out.flush();
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        } else {
            ui.ctx().request_repaint();
        }
        self.app.ui(ui, frame);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.app.save(storage);
    }
}

/// One launch of the window: the time until it reported its first frame.
fn launch_window(exe: &Path, data_home: &Path) -> Result<Duration, String> {
    let started = Instant::now();
    let mut child = Command::new(exe)
        .env(REPORT_ENV, "1")
        .env("XDG_DATA_HOME", data_home)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("could not start {}: {e}", exe.display()))?;
    let stdout = child.stdout.take().ok_or("no standard output from the window")?;
    // The reader runs on its own thread so a window that never draws cannot hang the bench.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let reported = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .any(|line| line == REPORT_LINE);
        let _ = sender.send(reported.then(|| started.elapsed()));
    });
    let outcome = receiver.recv_timeout(Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    match outcome {
        Ok(Some(elapsed)) => Ok(elapsed),
        Ok(None) => {
            Err("the window closed without drawing a frame (is there a display? run under xvfb-run)".into())
        }
        Err(_) => Err("no frame within 60 s".into()),
    }
}

fn launch_version(exe: &Path) -> Result<Duration, String> {
    let started = Instant::now();
    let status = Command::new(exe)
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("could not start {}: {e}", exe.display()))?;
    if !status.success() {
        return Err(format!("{} --version failed", exe.display()));
    }
    Ok(started.elapsed())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Runs the benchmark and prints its table.
pub fn run(runs: usize) -> Result<(), String> {
    let runs = runs.max(1);
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let data_home = std::env::temp_dir().join(format!("tourney-bench-startup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data_home);
    std::fs::create_dir_all(&data_home).map_err(|e| format!("{}: {e}", data_home.display()))?;
    let size = std::fs::metadata(&exe).map(|m| m.len()).unwrap_or(0);
    println!(
        "{} ({:.1} MB), {runs} launches each, wall time:",
        exe.display(),
        size as f64 / 1e6
    );
    let baseline = median(
        (0..runs)
            .map(|_| launch_version(&exe))
            .collect::<Result<_, _>>()?,
    );
    // The very first launch makes the demo event (a schedule generated and saved); later
    // launches open it.
    let first = launch_window(&exe, &data_home)?;
    let later = median(
        (0..runs)
            .map(|_| launch_window(&exe, &data_home))
            .collect::<Result<_, _>>()?,
    );
    let _ = std::fs::remove_dir_all(&data_home);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("baseline `tourney --version`: median {:.1} ms", ms(baseline));
    println!(
        "first launch (demo event created) to first frame: {:.0} ms ({:.0}× the baseline)",
        ms(first),
        ms(first) / ms(baseline).max(1e-6)
    );
    println!(
        "later launches to first frame: median {:.0} ms ({:.0}× the baseline)",
        ms(later),
        ms(later) / ms(baseline).max(1e-6)
    );
    Ok(())
}
