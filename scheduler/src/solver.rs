//! What every solver shares: a time limit, a cancel flag another thread can set, and a
//! progress callback that receives the best-so-far quality. Solvers poll `should_stop`
//! every few thousand steps and always return their best result so far.
//!
//! A limit is read off a [`Clock`]: the wall clock for people, or a counted clock for tests
//! and checks that must not depend on how busy the machine is (`Control::with_counted_time`):
//! there every reading moves time on by one tick, so the same search stops after the same
//! work on any machine under any load.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A progress report from a search, passed to the `Control::on_progress` callback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Work done so far, in the solver's own unit (moves, nodes, iterations).
    pub done: u64,
    /// The best quality so far in the solver's own measure (lower is better; 0 is perfect
    /// where perfection exists).
    pub best_quality: f64,
}

type ProgressFn = dyn Fn(Progress) + Send + Sync;

/// What a counted clock's reading is worth: about the work `steps_between_checks` puts
/// between two checks (a million elementary operations, a millisecond or so).
pub const COUNTED_TICK: Duration = Duration::from_millis(1);

/// Where a control reads the time.
#[derive(Clone, Default)]
pub enum Clock {
    /// The real clock: a limit of 20 s is 20 s of the user's time.
    #[default]
    Wall,
    /// A clock that moves `COUNTED_TICK` each time it is read (from `start`): a limit is a
    /// number of stop checks, the same on a busy machine as on an idle one. Controls made
    /// from one share the count (sub-tasks, other threads).
    Counted {
        /// The time of the first tick.
        start: Instant,
        /// Readings so far, shared by every control made from this one.
        reads: Arc<AtomicU64>,
    },
}

impl Clock {
    /// A counted clock at its first tick.
    pub fn counted() -> Clock {
        Clock::Counted {
            start: Instant::now(),
            reads: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The time now on this clock (a counted clock moves on one tick).
    pub fn now(&self) -> Instant {
        match self {
            Clock::Wall => Instant::now(),
            Clock::Counted { start, reads } => {
                let ticks = reads.fetch_add(1, Ordering::Relaxed).min(u64::from(u32::MAX));
                *start + COUNTED_TICK * ticks as u32
            }
        }
    }

    /// How many times a counted clock has been read (0 for the wall clock).
    pub fn readings(&self) -> u64 {
        match self {
            Clock::Wall => 0,
            Clock::Counted { reads, .. } => reads.load(Ordering::Relaxed),
        }
    }
}

/// How long a solver may run, how it is cancelled and where it reports progress. Cheap to
/// clone: the clones share the cancel flag and the callback.
#[derive(Clone, Default)]
pub struct Control {
    clock: Clock,
    deadline: Option<Instant>,
    /// The time limit the caller gave (kept by sub-task controls), for messages.
    limit: Option<Duration>,
    cancel: Arc<AtomicBool>,
    progress: Option<Arc<ProgressFn>>,
}

impl Control {
    /// No time limit, no progress reports; can still be cancelled through `cancel_flag`.
    pub fn unlimited() -> Self {
        Control::default()
    }

    /// A limit of `limit` from now on the wall clock.
    pub fn with_time_limit(limit: Duration) -> Self {
        Control {
            deadline: Some(Instant::now() + limit),
            limit: Some(limit),
            ..Control::default()
        }
    }

    /// A time limit on a counted clock (`Clock::Counted`): `limit` stands for
    /// `limit / COUNTED_TICK` stop checks, so what the search does before it stops is the same
    /// on every machine and under any load. For tests and checks; people get wall time.
    pub fn with_counted_time(limit: Duration) -> Self {
        let clock = Clock::counted();
        Control {
            deadline: Some(clock.now() + limit),
            limit: Some(limit),
            clock,
            ..Control::default()
        }
    }

    /// No time limit, on a counted clock: sub-tasks that take a slice of time
    /// (`capped`, `or_time_limit`) get counted slices.
    pub fn unlimited_counted() -> Self {
        Control {
            clock: Clock::counted(),
            ..Control::default()
        }
    }

    /// A control for a separate job on the same clock: its own cancel flag, no progress
    /// reports, and a deadline `limit` from now or this control's, whichever comes first.
    pub fn job(&self, limit: Duration) -> Control {
        let cap = self.clock.now() + limit;
        Control {
            clock: self.clock.clone(),
            deadline: Some(self.deadline.map_or(cap, |d| d.min(cap))),
            limit: Some(limit),
            cancel: Arc::default(),
            progress: None,
        }
    }

    /// This control, with `callback` receiving every progress report (on the solver's thread).
    pub fn on_progress(mut self, callback: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(callback));
        self
    }

    /// This control, with a deadline `limit` from now if it had none.
    pub fn or_time_limit(&self, limit: Duration) -> Control {
        Control {
            deadline: self.deadline.or(Some(self.clock.now() + limit)),
            limit: self.limit.or(Some(limit)),
            ..self.clone()
        }
    }

    /// This control, with its deadline brought forward to at most `limit` from now.
    pub fn capped(&self, limit: Duration) -> Control {
        let cap = self.clock.now() + limit;
        Control {
            deadline: Some(self.deadline.map_or(cap, |d| d.min(cap))),
            ..self.clone()
        }
    }

    /// This control with a new deadline `extra` from now (later or earlier than the old one),
    /// sharing its cancel flag and progress callback: more time for a first result.
    pub fn extended(&self, extra: Duration) -> Control {
        Control {
            deadline: Some(self.clock.now() + extra),
            ..self.clone()
        }
    }

    /// This control with its deadline moved `extra` later (none stays none), sharing its cancel
    /// flag and progress callback: a short, fixed tolerance for finishing touches.
    pub fn later_by(&self, extra: Duration) -> Control {
        Control {
            deadline: self.deadline.map(|d| d + extra),
            ..self.clone()
        }
    }

    /// A control for a sub-task that may use `fraction` of the time this one has left,
    /// sharing its cancel flag and progress callback.
    pub fn share(&self, fraction: f64) -> Control {
        let deadline = self.deadline.map(|d| {
            let now = self.clock.now();
            now + d.saturating_duration_since(now).mul_f64(fraction.clamp(0.0, 1.0))
        });
        Control {
            deadline,
            ..self.clone()
        }
    }

    /// The same control whose progress reports only pass on improvements: several searches
    /// (or restarts) each report their own best, and the caller should only ever see the
    /// overall best go down.
    pub fn improvements_only(&self) -> Control {
        let Some(callback) = self.progress.clone() else {
            return self.clone();
        };
        let best = std::sync::Mutex::new(f64::INFINITY);
        Control {
            progress: Some(Arc::new(move |p: Progress| {
                let mut best = best.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                if p.best_quality < *best {
                    *best = p.best_quality;
                    callback(p);
                }
            })),
            ..self.clone()
        }
    }

    /// Setting this flag (from any thread) makes the solver stop and return its best so far.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// Time left before the deadline, or `None` when there is no time limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(self.clock.now()))
    }

    /// How many steps a loop may take between `should_stop` checks when one step costs about
    /// `work_per_step` elementary operations: about a million operations (a millisecond or
    /// so) between checks, at most every 4096 steps, at least every step. Searches whose
    /// steps grow with the problem stay within the time limit at any size.
    pub fn steps_between_checks(work_per_step: usize) -> u64 {
        (1_000_000 / work_per_step.max(1)).clamp(1, 4096) as u64
    }

    /// How many times a counted clock has been read so far: the work done, in stop checks,
    /// by every control that shares it (0 on the wall clock).
    pub fn checks_made(&self) -> u64 {
        self.clock.readings()
    }

    /// Whether `cancel_flag` was set.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Why work stopped, for an error message: "stopped at the time limit (20 s) while
    /// `doing`", or "cancelled while `doing`".
    pub fn stopped_while(&self, doing: &str) -> String {
        if self.is_cancelled() {
            return format!("cancelled while {doing}");
        }
        match self.limit {
            Some(limit) => format!(
                "stopped at the time limit ({}) while {doing}",
                seconds_text(limit)
            ),
            None => format!("stopped at the time limit while {doing}"),
        }
    }

    /// Whether the solver must stop now: cancelled, or past the deadline. Solvers call it every
    /// few thousand steps.
    pub fn should_stop(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| self.clock.now() >= d)
    }

    /// Passes `progress` to the callback, if there is one.
    pub fn report(&self, progress: Progress) {
        if let Some(callback) = &self.progress {
            callback(progress);
        }
    }
}

/// A duration as a time limit is written: "20 s", "0.2 s".
pub fn seconds_text(limit: Duration) -> String {
    let text = format!("{:.3}", limit.as_secs_f64());
    format!("{} s", text.trim_end_matches('0').trim_end_matches('.'))
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("deadline", &self.deadline)
            .field("counted_clock", &matches!(self.clock, Clock::Counted { .. }))
            .field("cancelled", &self.cancel.load(Ordering::Relaxed))
            .finish()
    }
}

/// A tiny deterministic generator (SplitMix64): searches are reproducible from their seed.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`: the same seed gives the same numbers.
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from 0 to n − 1 (n at most 2³²), to pick one of n things.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in [0, 1), with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Test helper, a hang guard: runs `work` on its own thread and panics if it has not
/// returned within `limit` (a solver ignoring its time limit fails the test instead of
/// hanging the suite).
#[cfg(test)]
pub fn finishes_within<T: Send + 'static>(
    limit: std::time::Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver
        .recv_timeout(limit)
        .expect("the work ignored its time limit")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancel_and_deadline_stop() {
        let control = Control::unlimited();
        assert!(!control.should_stop());
        control.cancel_flag().store(true, Ordering::Relaxed);
        assert!(control.should_stop());
        let expired = Control::with_time_limit(Duration::ZERO);
        assert!(expired.should_stop());
    }

    #[test]
    fn a_counted_limit_is_a_number_of_checks() {
        // 5 ms on the counted clock: the deadline is read once, then 4 checks go on, the
        // fifth stops, whatever the machine is doing.
        let control = Control::with_counted_time(Duration::from_millis(5));
        let checks: Vec<bool> = (0..6).map(|_| control.should_stop()).collect();
        assert_eq!(checks, [false, false, false, false, true, true]);
        assert!(Control::with_counted_time(Duration::ZERO).should_stop());
        // Slices of it are counted on the same clock.
        let control = Control::with_counted_time(Duration::from_secs(1));
        let slice = control.capped(Duration::from_millis(3));
        assert_eq!((0..3).filter(|_| !slice.should_stop()).count(), 2);
        assert!(!control.should_stop());
        assert_eq!(control.remaining(), Some(Duration::from_millis(1000 - 6)));
        // A job has its own cancel flag but not a later deadline.
        let job = control.job(Duration::from_secs(60));
        job.cancel_flag().store(true, Ordering::Relaxed);
        assert!(job.should_stop() && !control.should_stop());
        let job = control.job(Duration::from_millis(2));
        assert!(!job.should_stop() && job.should_stop());
        assert!(control.remaining() < Some(Duration::from_secs(1)));
        // The wall clock counts nothing.
        assert_eq!(Control::with_time_limit(Duration::from_secs(1)).checks_made(), 0);
        assert!(control.checks_made() > 10);
    }

    #[test]
    fn costly_steps_are_checked_more_often() {
        assert_eq!(Control::steps_between_checks(1), 4096);
        assert_eq!(Control::steps_between_checks(0), 4096);
        assert_eq!(Control::steps_between_checks(10_000), 100);
        assert_eq!(Control::steps_between_checks(usize::MAX), 1);
    }

    #[test]
    fn the_stop_reason_quotes_the_callers_limit() {
        let control = Control::with_time_limit(Duration::from_millis(200));
        let part = control.share(0.5).capped(Duration::from_millis(10));
        assert_eq!(
            part.stopped_while("building tables"),
            "stopped at the time limit (0.2 s) while building tables"
        );
        let limited = Control::unlimited().or_time_limit(Duration::from_secs(20));
        assert_eq!(
            limited.stopped_while("x"),
            "stopped at the time limit (20 s) while x"
        );
        limited.cancel_flag().store(true, Ordering::Relaxed);
        assert_eq!(limited.stopped_while("x"), "cancelled while x");
    }
}
