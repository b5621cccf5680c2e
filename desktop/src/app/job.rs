//! Work on a background thread, so the window keeps drawing: a progress bar against the time
//! allowed (or, for work that counts its items, the items done out of all of them), the best
//! quality found so far, and Cancel (which keeps the best so far). The schedule generators,
//! the solver tools and the analysis of deals all run through it. A job whose owner lets go
//! of it (its view made afresh for another event, the window closed) is cancelled: nobody
//! is left to take its outcome.

use eframe::egui;
use scheduler::solver::Control;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Work running on a background thread (see the module comment).
pub struct Job<T> {
    cancel: Arc<AtomicBool>,
    best: Arc<Mutex<Option<f64>>>,
    /// The last progress report's count of items done (`Progress::done`).
    done: Arc<AtomicU64>,
    /// Set by the thread once the work has returned (watched by tests).
    #[cfg_attr(not(test), allow(dead_code))]
    finished: Arc<AtomicBool>,
    outcome: Arc<Mutex<Option<T>>>,
    started: Instant,
    limit: f64,
    /// For work that counts its items: how many there are, and what they are called
    /// ("boards"); the bar then shows the items done out of them.
    items: Option<(u64, &'static str)>,
}

/// What a test may watch of a job from outside: whether it was asked to stop, and whether
/// its thread has finished.
#[cfg(test)]
#[derive(Clone)]
pub struct Watch {
    /// The job's cancel flag.
    pub cancelled: Arc<AtomicBool>,
    /// Set once the job's work has returned.
    pub finished: Arc<AtomicBool>,
}

impl<T> Drop for Job<T> {
    /// Let go of: cancelled, so the thread stops soon (its outcome could not be taken).
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
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
        let done = Arc::new(AtomicU64::new(0));
        let finished = Arc::new(AtomicBool::new(false));
        let outcome = Arc::new(Mutex::new(None));
        let (progress_best, progress_done) = (best.clone(), done.clone());
        let repaint = ctx.clone();
        let control =
            Control::with_time_limit(Duration::from_secs_f64(limit_seconds.max(0.1))).on_progress(move |p| {
                if let Ok(mut slot) = progress_best.lock() {
                    *slot = Some(p.best_quality);
                }
                progress_done.store(p.done, Ordering::Relaxed);
                repaint.request_repaint();
            });
        let cancel = control.cancel_flag();
        let (slot, ended) = (outcome.clone(), finished.clone());
        let wake = ctx.clone();
        std::thread::spawn(move || {
            let result = work(&control);
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(result);
            }
            ended.store(true, Ordering::Relaxed);
            wake.request_repaint();
        });
        Job {
            cancel,
            best,
            done,
            finished,
            outcome,
            started: Instant::now(),
            limit: limit_seconds,
            items: None,
        }
    }

    /// As [`Job::start`], for work that reports after each of `total` items (its progress
    /// reports' `done` counts them): the bar shows the items done out of `total`, called
    /// `noun` ("boards"), rather than the time spent out of `limit_seconds` (which stays the
    /// work's limit).
    pub fn start_counting(
        ctx: &egui::Context,
        limit_seconds: f64,
        (total, noun): (usize, &'static str),
        work: impl FnOnce(&Control) -> T + Send + 'static,
    ) -> Self {
        let mut job = Job::start(ctx, limit_seconds, work);
        job.items = Some((total as u64, noun));
        job
    }

    /// What a test may watch of the job once its owner has let go of it.
    #[cfg(test)]
    pub fn watch(&self) -> Watch {
        Watch {
            cancelled: self.cancel.clone(),
            finished: self.finished.clone(),
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
        let (fraction, text) = match self.items {
            Some((total, noun)) => {
                let done = self.done.load(Ordering::Relaxed).min(total);
                (
                    done as f64 / total.max(1) as f64,
                    format!("{done} of {total} {noun} done ({elapsed:.0} s)"),
                )
            }
            None => (
                elapsed / self.limit,
                format!("{elapsed:.1} s of at most {:.0} s", self.limit),
            ),
        };
        ui.add(egui::ProgressBar::new(fraction.min(1.0) as f32).text(text));
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
