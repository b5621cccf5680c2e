//! Making a schedule on a background thread, so the window keeps drawing: a progress bar with
//! the time allowed, the best quality found so far, and Cancel (which keeps the best so far).
//! Used by the new-event wizard and by "Generate again" in the schedule view.

use eframe::egui;
use scheduler::event::create::{EventOptions, Generated, generate_schedule};
use scheduler::model::Roster;
use scheduler::solver::Control;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Generation {
    cancel: Arc<AtomicBool>,
    best: Arc<Mutex<Option<f64>>>,
    outcome: Arc<Mutex<Option<Result<Generated, String>>>>,
    started: Instant,
    limit: f64,
}

impl Generation {
    /// Starts the generator for `options` on `roster`; the window is asked to repaint when
    /// there is progress and when it is done.
    pub fn start(ctx: &egui::Context, roster: Roster, options: EventOptions, limit_seconds: f64) -> Self {
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
            let result = generate_schedule(&roster, &options, &control);
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(result);
            }
            done.request_repaint();
        });
        Generation {
            cancel,
            best,
            outcome,
            started: Instant::now(),
            limit: limit_seconds,
        }
    }

    /// The outcome once the generator has finished (taken: returns it once).
    pub fn take_outcome(&self) -> Option<Result<Generated, String>> {
        self.outcome.lock().ok().and_then(|mut slot| slot.take())
    }

    /// Progress bar, best quality so far and Cancel. Asks for a repaint a few times a second so
    /// the bar moves even when the generator reports nothing.
    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        let elapsed = self.started.elapsed().as_secs_f64();
        ui.heading("Generating the schedule…");
        ui.add(
            egui::ProgressBar::new((elapsed / self.limit).min(1.0) as f32)
                .text(format!("{elapsed:.1} s of at most {:.0} s", self.limit)),
        );
        match self.best.lock().ok().and_then(|b| *b) {
            Some(best) => ui.label(format!("Best quality so far: {best:.3} (0 is perfect)")),
            None => ui.label("Working… (the window stays usable; nothing is saved until this finishes)"),
        };
        let cancelled = self.cancel.load(Ordering::Relaxed);
        if ui
            .add_enabled(!cancelled, egui::Button::new("Cancel (keep the best so far)"))
            .clicked()
        {
            self.cancel.store(true, Ordering::Relaxed);
        }
        if cancelled {
            ui.label("Stopping: the best schedule found so far is kept.");
        }
        ui.ctx().request_repaint_after(Duration::from_millis(200));
    }
}
