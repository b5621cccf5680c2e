//! `tourney bench frame`: the CPU time of one frame of the real window, headless — layout and
//! tessellation of every view of a large event, with a 16-player event measured the same
//! way in the same process as the baseline. Also frames drawn while a schedule is being
//! generated, to show generation never holds a frame up. Times are reported, never asserted.

use crate::app::schedule_view::Tab;
use crate::app::{Screen, TourneyApp, View};
use eframe::egui;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::model::Roster;
use scheduler::solver::Control;
use std::path::Path;
use std::time::{Duration, Instant};

/// CPU time used by this thread so far (falls back to wall time where the platform has no
/// per-thread clock).
fn thread_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut spec = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec to the valid pointer it is given.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut spec) } == 0 {
            return Duration::new(spec.tv_sec as u64, spec.tv_nsec as u32);
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

fn input(size: egui::Vec2) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
        ..Default::default()
    }
}

/// One frame: the app's layout and the tessellation of what it drew.
pub(super) fn frame(ctx: &egui::Context, app: &mut TourneyApp, size: egui::Vec2) -> Duration {
    let start = thread_cpu_time();
    let mut output = ctx.run_ui(input(size), |ui| app.show(ui));
    let primitives = ctx.tessellate(std::mem::take(&mut output.shapes), output.pixels_per_point);
    std::hint::black_box(primitives);
    // There is no renderer to hand new textures (fonts, the heat map) to.
    output.textures_delta.clear();
    thread_cpu_time() - start
}

/// Frame times of one view: the first frame (which builds caches such as the heat map) and
/// the median and worst of the following ones.
struct Measured {
    first: Duration,
    median: Duration,
    worst: Duration,
}

fn measure(ctx: &egui::Context, app: &mut TourneyApp, frames: usize, size: egui::Vec2) -> Measured {
    let first = frame(ctx, app, size);
    let mut times: Vec<Duration> = (0..frames.max(1)).map(|_| frame(ctx, app, size)).collect();
    times.sort();
    Measured {
        first,
        median: times[times.len() / 2],
        worst: *times.last().unwrap_or(&first),
    }
}

fn event_file(folder: &Path, players: usize, rounds: usize) -> Result<std::path::PathBuf, String> {
    let path = folder.join(format!("bench-{players}.tourney"));
    let _ = std::fs::remove_file(&path);
    let mut spec = NewEvent::new(
        format!("{players}-player whist drive"),
        EventFormat::WhistDrive,
        Roster::numbered(players),
    );
    spec.options.rounds = Some(rounds);
    spec.options.hands_per_round = Some(2);
    let (event, _) = build_event(&spec, &Control::with_time_limit(Duration::from_secs(60)))?;
    let mut file = scheduler::event::store::EventFile::create(&path, &event).map_err(|e| e.to_string())?;
    // Results for the first half of the evening, so results and standings have work to do.
    let mut rng = scheduler::solver::Rng::new(7);
    for round in event.schedule.rounds.iter().take(rounds / 2) {
        for table in &round.tables {
            let ns = 6 + rng.below(15) as u32;
            let key = scheduler::event::ResultKey {
                round: round.number,
                table: table.number,
                deal: 0,
            };
            file.set_result(key, scheduler::event::ResultValue::Tricks { ns, ew: 26 - ns })
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(path)
}

const VIEWS: [(&str, View, Tab); 6] = [
    ("schedule, by round", View::Schedule, Tab::ByRound),
    ("schedule, by player", View::Schedule, Tab::ByPlayer),
    ("schedule, audit", View::Schedule, Tab::Audit),
    ("roster", View::Roster, Tab::ByRound),
    ("results", View::Results, Tab::ByRound),
    ("standings", View::Standings, Tab::ByRound),
];

/// Runs the benchmark and prints a table; returns an error message when an event cannot be
/// built.
pub fn run(players: usize, rounds: usize, frames: usize) -> Result<(), String> {
    let folder = std::env::temp_dir().join(format!("tourney-bench-frame-{}", std::process::id()));
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let size = egui::vec2(1280.0, 800.0);
    let baseline_path = event_file(&folder, 16, 7)?;
    let large_path = event_file(&folder, players, rounds)?;
    println!(
        "One frame of the window, headless (layout + tessellation, CPU time of the UI thread), {}×{} points, {frames} frames per view after a first one:",
        size.x, size.y
    );
    println!(
        "{:<22} {:>13} {:>13} {:>13} {:>13} {:>9}",
        "view",
        "16: median",
        format!("{players}: first"),
        format!("{players}: median"),
        format!("{players}: worst"),
        "ratio"
    );
    let mut results = Vec::new();
    for (label, view, tab) in VIEWS {
        let mut row = Vec::new();
        for path in [&baseline_path, &large_path] {
            let ctx = egui::Context::default();
            let mut app = TourneyApp::new(
                folder.join("app"),
                Vec::new(),
                Box::new(crate::app::dialogs::NoDialogs),
            );
            app.open(path);
            app.screen = Screen::Event;
            app.view = view;
            app.views.schedule.tab = tab;
            row.push(measure(&ctx, &mut app, frames, size));
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let ratio = ms(row[1].median) / ms(row[0].median).max(1e-6);
        println!(
            "{label:<22} {:>10.2} ms {:>10.2} ms {:>10.2} ms {:>10.2} ms {:>8.1}×",
            ms(row[0].median),
            ms(row[1].first),
            ms(row[1].median),
            ms(row[1].worst),
            ratio
        );
        results.push((label, row));
    }

    // Frames while a schedule for the large roster is made on the background thread: a
    // 100-round evening, which takes the generator a noticeable time.
    let ctx = egui::Context::default();
    let mut app = TourneyApp::new(
        folder.join("app"),
        Vec::new(),
        Box::new(crate::app::dialogs::NoDialogs),
    );
    app.open(&large_path);
    app.view = View::Schedule;
    let mut options = app
        .session
        .as_ref()
        .and_then(|s| s.event().settings.options.clone())
        .ok_or("the bench event has no options")?;
    options.rounds = Some(100);
    let roster = app
        .session
        .as_ref()
        .map(|s| s.event().roster.clone())
        .unwrap_or_default();
    app.views.schedule.start_generation(&ctx, roster, options, 60.0);
    let started = Instant::now();
    let mut during = Vec::new();
    while app.views.schedule.is_generating() && started.elapsed() < Duration::from_secs(120) {
        during.push(frame(&ctx, &mut app, size));
        std::thread::sleep(Duration::from_millis(5));
    }
    let generation = started.elapsed();
    during.sort();
    if let (Some(worst), Some(median)) = (during.last(), during.get(during.len() / 2)) {
        println!(
            "While a 100-round evening for {players} players was generated ({:.2} s on the other thread): {} frames drawn, median {:.2} ms, worst {:.2} ms.",
            generation.as_secs_f64(),
            during.len(),
            median.as_secs_f64() * 1000.0,
            worst.as_secs_f64() * 1000.0
        );
    } else {
        println!(
            "The generation finished before the first frame ({:.3} s).",
            generation.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
    Ok(())
}
