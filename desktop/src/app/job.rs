//! Work on a background thread, so the window keeps drawing: a progress bar against the time
//! allowed, the best quality found so far, and Cancel (which keeps the best so far). The
//! schedule generators and the solver tools all run through it.

use eframe::egui;
use scheduler::solver::Control;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Job<T> {
    cancel: Arc<AtomicBool>,
    best: Arc<Mutex<Option<f64>>>,
    outcome: Arc<Mutex<Option<T>>>,
    started: Instant,
    limit: f64,
}

impl<T: Send + 'static> Job<T> {
    /// Runs `work` with a `Control` holding the time limit, a progress callback and the
    /// cancel flag; the window is asked to repaint on progress and when the work is done.
    pub fn start(
        ctx: &egui::Context,
        limit_seconds: f64,
        work: impl FnOnce(&Control) -> T + Send + 'static,
    ) -> Self {
        let best = Arc::new(Mutex::new(None));
        let outcome = Arc::new(Mutex::new(None));
        let progress_best = best.clone();
        let repaint = ctx.clone();
        let control =
            Control::with_time_limit(Duration::from_secs_f64(limit_seconds.max(0.1))).on_progress(move |p| {
                if let Ok(mut slot) = progress_best.lock() {
                    *slot = Some(p.best_quality);
                }
                repaint.request_repaint();
            });
        let cancel = control.cancel_flag();
        let slot = outcome.clone();
        let done = ctx.clone();
        std::thread::spawn(move || {
            let result = work(&control);
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(result);
            }
            done.request_repaint();
        });
        Job {
            cancel,
            best,
            outcome,
            started: Instant::now(),
            limit: limit_seconds,
        }
    }

    /// The outcome once the work has finished (taken: returns it once).
    pub fn take_outcome(&self) -> Option<T> {
        self.outcome.lock().ok().and_then(|mut slot| slot.take())
    }

    /// Progress bar, `best` (how the best so far is described, given its quality) and Cancel.
    /// Asks for a repaint a few times a second so the bar moves between reports.
    pub fn progress_ui(&self, ui: &mut egui::Ui, heading: &str, best: impl Fn(f64) -> String) {
        let elapsed = self.started.elapsed().as_secs_f64();
        ui.heading(heading);
        ui.add(
            egui::ProgressBar::new((elapsed / self.limit).min(1.0) as f32)
                .text(format!("{elapsed:.1} s of at most {:.0} s", self.limit)),
        );
        match self.best.lock().ok().and_then(|b| *b) {
            Some(quality) => ui.label(best(quality)),
            None => ui.label("Working… (the window stays usable)"),
        };
        let cancelled = self.cancel.load(Ordering::Relaxed);
        if ui
            .add_enabled(!cancelled, egui::Button::new("Cancel (keep the best so far)"))
            .clicked()
        {
            self.cancel.store(true, Ordering::Relaxed);
        }
        if cancelled {
            ui.label("Stopping: the best found so far is kept.");
        }
        ui.ctx().request_repaint_after(Duration::from_millis(200));
    }
}

/// A panel's job, polled once a frame: a finished job's outcome moves into `answer` and the job
/// is dropped; while it runs its progress is drawn and the result is true, so the panel draws
/// nothing else.
pub fn poll<T: Send + 'static>(
    job: &mut Option<Job<T>>,
    answer: &mut Option<T>,
    ui: &mut egui::Ui,
    heading: &str,
    best: impl Fn(f64) -> String,
) -> bool {
    let Some(running) = job else {
        return false;
    };
    match running.take_outcome() {
        Some(outcome) => {
            *answer = Some(outcome);
            *job = None;
            false
        }
        None => {
            running.progress_ui(ui, heading, best);
            true
        }
    }
}
