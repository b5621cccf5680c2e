//! The offline starter search behind `tourney whist-starters --search`: hours of work on
//! several threads, filling the starter table file as it goes.
//!
//! Each player count v ≡ 0, 1 (mod 4) in range that the table lacks is tried in turn with a
//! time cap; a miss goes back in the queue with four times the cap, so easy sizes are done
//! first and the hard ones get the remaining hours. Per size: the constructions (instant),
//! then from 104 players a difference family where one can exist (`family`: blocks of 5, 9
//! and 13 players combined), else the patterned search where it can succeed (4N+1, 3 ∤ v), else the symmetric search
//! where a multiplier allows it (`symmetric`: 69, 76, 88, 93, …), else the two-stage search.
//! A thread with nothing queued helps on a size another thread is working on (another
//! seed); whoever finds it stops the other.
//!
//! Every starter is checked by the independent verifier (`crate::verify`) before its line is
//! written, and each write replaces the file atomically (temporary file, then rename): a
//! run killed at any moment leaves the table as it was after the last find. Sizes already in
//! the table are skipped, so running the command again resumes.

use super::algebra::{orbit_starter, product_starter};
use super::lift::lifted_starter;
use super::plan::{complete_starter, starter_is_directed};
use super::starter::Starter;
use super::table;
use super::two_stage::{self, Stage2};
use super::{family, full_cycle, numbered_names, patterned, symmetric};
use crate::solver::{Control, Progress};
use crate::verify::verify;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to search and for how long.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The smallest player count searched (below 8 there is nothing to search).
    pub min: usize,
    /// The largest player count searched, at most `two_stage::MAX_PLAYERS`.
    pub max: usize,
    /// The table file to read and fill.
    pub table: PathBuf,
    /// Worker threads.
    pub threads: usize,
    /// The first time cap per size (each miss quadruples it).
    pub first_cap: Duration,
    /// Search again sizes the table already has (a found starter replaces the line).
    pub redo: bool,
    /// Which sizes: all, or only those a quick search can do even above 100, where the
    /// two-stage search has no chance in hours.
    pub only: Only,
    /// How the two-stage search arranges tables (`Stage2::CLIMB`, the faster one measured).
    pub stage2: Stage2,
    /// Directed starters for the 4N+1 counts whose line is not directed yet (a directed
    /// starter is also complete, so it replaces the undirected line).
    pub directed: bool,
    /// Where the seeds start: each attempt takes the next number after it.
    pub seed: u64,
}

/// A restriction of the sizes searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Only {
    /// Every size in range.
    Any,
    /// The sizes the patterned search can do (4N+1, 3 ∤ v).
    Patterned,
    /// The sizes the symmetric search can do and the patterned search cannot.
    Symmetric,
    /// The sizes from 104 up searched as a difference family, that Tourney has no rotation
    /// for (from the table or a construction).
    Family,
}

impl Only {
    fn admits(self, v: usize) -> bool {
        match self {
            Only::Any => true,
            Only::Patterned => patterned::applies(v),
            Only::Symmetric => symmetric::applies(v) && !patterned::applies(v),
            Only::Family => uses_family(v) && complete_starter(v, false).is_none(),
        }
    }
}

/// What the search tells its caller as it goes.
#[derive(Debug, Clone)]
pub enum Event {
    /// A thread starts an attempt at a size.
    Started {
        /// The player count.
        v: usize,
        /// The time the attempt has before it counts as a miss.
        cap: Duration,
        /// Another thread is already on this size: this one helps with another seed.
        helper: bool,
    },
    /// Once a minute, for each size being worked on: how far its search has got.
    Working {
        /// The player count.
        v: usize,
        /// Seconds since the current attempt started.
        seconds: f64,
        /// The search's measure of work done (`progress_words` names it).
        partner_starters: u64,
        /// The best the search has reached (`progress_words` names it; 0 would be found).
        best_short: usize,
    },
    /// A starter was found, verified and written to the table file.
    Found {
        /// The player count.
        v: usize,
        /// How it was found, as the table file records it ("algebra", "search2", …).
        origin: &'static str,
        /// Seconds spent on the size over all attempts and threads.
        seconds: f64,
    },
    /// An attempt ran out of time; the size goes back in the queue with four times the cap.
    Missed {
        /// The player count.
        v: usize,
        /// Seconds this attempt took.
        seconds: f64,
        /// The search's measure of work done (`progress_words` names it).
        partner_starters: u64,
        /// The best the attempt reached (`progress_words` names it).
        best_short: usize,
    },
    /// A found starter the verifier refused (a bug): not written.
    Refused {
        /// The player count.
        v: usize,
        /// What the check found wrong.
        reason: String,
    },
}

/// How a run ended.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// The sizes found and written in this run, smallest first.
    pub found: Vec<usize>,
    /// The sizes still wanted when the run ended, smallest first.
    pub missing: Vec<usize>,
}

/// Sizes in [min, max] the search works on: v ≡ 0, 1 (mod 4), v ≥ 8.
pub fn targets(min: usize, max: usize) -> Vec<usize> {
    (min.max(8)..=max).filter(|v| v % 4 <= 1).collect()
}

/// How the search's progress for size v reads: what `partner_starters` counts and what
/// `best_short` measures in its events (the two-stage search: partner starters drawn and
/// tables short; the symmetric search: fresh starts and the lowest cost).
pub fn progress_words(v: usize, directed: bool) -> (&'static str, &'static str) {
    if uses_family(v) {
        return ("moves", "cost");
    }
    match search_kind(v, directed) {
        SearchKind::Symmetric => ("fresh start(s)", "cost"),
        SearchKind::Patterned | SearchKind::TwoStage => ("partner starters", "table(s) short"),
    }
}

/// The independent check a starter must pass before it is written: the right players and
/// kind (1-rotational for 4N, cyclic for 4N+1), and the verifier's full-cycle rules
/// (everyone partners everyone once and opposes everyone twice).
pub fn check_complete(v: usize, starter: &Starter, directed: bool) -> Result<(), String> {
    if starter.players() != v {
        return Err(format!("seats {} players, not {v}", starter.players()));
    }
    let report = verify(&full_cycle(starter, numbered_names(starter), directed));
    if !report.is_valid() {
        let first: Vec<String> = report
            .violations
            .iter()
            .take(3)
            .map(|v| format!("{v:?}"))
            .collect();
        return Err(first.join("; "));
    }
    Ok(())
}

/// From this size on, a size with a difference-family shape (`family::shapes`) is searched
/// that way instead: every smaller size but 80 and 84 (which have no shape) is in the table,
/// and above 101 the family search found 201 in minutes where the others found nothing.
const FAMILY_FROM: usize = 104;

/// The complete rotation for n players Tourney has (for the blocks of a family).
fn shipped_rotation(n: usize) -> Option<Starter> {
    complete_starter(n, false).map(|(s, _)| s)
}

/// Whether size v is searched as a difference family (`FAMILY_FROM`).
fn uses_family(v: usize) -> bool {
    v >= FAMILY_FROM && !family::shapes(v, &shipped_rotation).is_empty()
}

/// From this size on, directed searches use the symmetric search where it applies.
/// Directed, it found 57 in 11–14 s (the exact cover took 716 s) but not 21 or 33 in 60 s,
/// where the two-stage search takes seconds.
const SYMMETRIC_DIRECTED_FROM: usize = 45;

/// The search `attempt` runs for size v when no construction applies.
enum SearchKind {
    Patterned,
    Symmetric,
    TwoStage,
}

/// Which search size v gets: patterned where it applies, else symmetric where a multiplier
/// exists (directed from 45 players), else the two-stage search.
fn search_kind(v: usize, directed: bool) -> SearchKind {
    if patterned::applies(v) {
        SearchKind::Patterned
    } else if symmetric::applies(v) && (!directed || v >= SYMMETRIC_DIRECTED_FROM) {
        SearchKind::Symmetric
    } else {
        SearchKind::TwoStage
    }
}

/// One bounded attempt at size v: a construction (including `lift`'s product of two smaller
/// rotations), the patterned search, the symmetric search (directed from 45 players) or
/// the two-stage search (`directed`: the directed climb for 4N+1; constructions and patterned
/// starters are directed already). Returns the starter with its origin, and the work done.
pub fn attempt(
    v: usize,
    stage2: Stage2,
    directed: bool,
    seed: u64,
    control: &Control,
) -> (Option<(Starter, &'static str)>, two_stage::Outcome) {
    let none = two_stage::Outcome {
        starter: None,
        partner_starters: 0,
        steps: 0,
        best_short: v / 4,
    };
    let built = if v % 4 == 1 {
        orbit_starter(v as u32).map(|s| (s, "algebra"))
    } else {
        None
    }
    .or_else(|| product_starter(v as u32).map(|s| (s, "product")))
    .or_else(|| {
        // From two smaller rotations (the shipped table and the constructions).
        let component = |m: u32| shipped_rotation(m as usize);
        lifted_starter(v as u32, &component).map(|s| (s, "lift"))
    });
    if let Some(found) = built {
        return (Some(found), none);
    }
    if uses_family(v) {
        let found = family::attempt(v, &shipped_rotation, seed, control);
        return (found.map(|s| (s, "family")), none);
    }
    match search_kind(v, directed) {
        SearchKind::Patterned => (
            patterned::search(v, seed, control).map(|s| (s, "patterned")),
            none,
        ),
        SearchKind::Symmetric => {
            let found = symmetric::search(v, directed, symmetric::Anneal::DEFAULT, seed, control);
            let outcome = two_stage::Outcome {
                starter: found.starter.clone(),
                partner_starters: found.restarts,
                steps: found.moves,
                best_short: found.best_cost.max(0) as usize,
            };
            (found.starter.map(|s| (s, "symmetric")), outcome)
        }
        SearchKind::TwoStage => {
            let outcome = two_stage::search(v, stage2, directed, seed, control);
            (outcome.starter.clone().map(|s| (s, "search2")), outcome)
        }
    }
}

/// A size being worked on: its control (time cap, cancel flag), start, latest progress.
#[derive(Clone)]
struct Job {
    control: Control,
    started: Instant,
    progress: Arc<Mutex<Progress>>,
}

/// Shared state of a run.
struct Shared {
    /// (attempts so far, v) waiting to be tried.
    queue: Vec<(u32, usize)>,
    /// Sizes being worked on (shared with helpers).
    working: HashMap<usize, Job>,
    /// Seconds spent per size (all threads).
    spent: BTreeMap<usize, f64>,
    summary: Summary,
    seeds: u64,
}

/// Runs the search until every target is found or `control` stops it (its deadline is the
/// run's length). `on_event` sees progress from every thread.
pub fn run(plan: &Plan, control: &Control, on_event: &(dyn Fn(&Event) + Sync)) -> Result<Summary, String> {
    if plan.max > two_stage::MAX_PLAYERS {
        return Err(format!(
            "the offline search goes up to {} players (--max {} asked)",
            two_stage::MAX_PLAYERS,
            plan.max
        ));
    }
    let text = std::fs::read_to_string(&plan.table)
        .map_err(|e| format!("{}: cannot read the starter table: {e}", plan.table.display()))?;
    // With `directed`, a line that is not directed counts as missing.
    let have: Vec<usize> = table::parse_table(&text)
        .into_iter()
        .filter(|(_, starter, _)| !plan.directed || starter_is_directed(starter))
        .map(|(n, _, _)| n)
        .collect();
    let todo: Vec<usize> = targets(plan.min, plan.max)
        .into_iter()
        .filter(|v| !plan.directed || v % 4 == 1)
        .filter(|v| plan.redo || !have.contains(v))
        .filter(|&v| plan.only.admits(v))
        .collect();
    let shared = Mutex::new(Shared {
        queue: todo.iter().map(|&v| (0, v)).collect(),
        working: HashMap::new(),
        spent: BTreeMap::new(),
        summary: Summary::default(),
        seeds: plan.seed,
    });
    let file = Mutex::new(());
    let active = AtomicUsize::new(plan.threads.max(1));
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            scope.spawn(|| {
                worker(plan, control, &shared, &file, on_event);
                active.fetch_sub(1, Ordering::Relaxed);
            });
        }
        scope.spawn(|| monitor(&shared, &active, on_event));
    });
    let mut shared = shared
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut missing: Vec<usize> = shared.queue.iter().map(|&(_, v)| v).collect();
    missing.sort_unstable();
    shared.summary.found.sort_unstable();
    shared.summary.missing = missing;
    Ok(shared.summary)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn worker(
    plan: &Plan,
    control: &Control,
    shared: &Mutex<Shared>,
    file: &Mutex<()>,
    on_event: &(dyn Fn(&Event) + Sync),
) {
    loop {
        if control.should_stop() {
            return;
        }
        // Take the least-tried, smallest size; or help on one being worked on.
        let (v, job, helper, seed, tries) = {
            let mut s = lock(shared);
            s.seeds += 1;
            let seed = s.seeds;
            if let Some(at) = (0..s.queue.len()).min_by_key(|&i| s.queue[i]) {
                let (tries, v) = s.queue.swap_remove(at);
                let cap = plan.first_cap * 4u32.saturating_pow(tries);
                // Its own cancel flag: whoever finds v stops only v's helpers.
                let job = Job {
                    control: control.job(cap),
                    started: Instant::now(),
                    progress: Arc::new(Mutex::new(Progress {
                        done: 0,
                        best_quality: (v / 4) as f64,
                    })),
                };
                s.working.insert(v, job.clone());
                (v, job, false, seed, tries)
            } else if let Some((&v, job)) = s.working.iter().next() {
                (v, job.clone(), true, seed, 0)
            } else {
                return;
            }
        };
        let cap = job.control.remaining().unwrap_or_default();
        on_event(&Event::Started { v, cap, helper });
        let started = Instant::now();
        let slot = Arc::clone(&job.progress);
        let watched = job.control.clone().on_progress(move |p: Progress| {
            if !helper {
                *lock(&slot) = p;
            }
        });
        let job = job.control;
        let (found, outcome) = attempt(v, plan.stage2, plan.directed, seed, &watched);
        let seconds = started.elapsed().as_secs_f64();
        let mut s = lock(shared);
        *s.spent.entry(v).or_default() += seconds;
        let total = s.spent[&v];
        let done_already = s.summary.found.contains(&v);
        let retry = |s: &mut Shared, tries: u32| {
            s.working.remove(&v);
            s.queue.push((tries, v));
        };
        match found {
            _ if done_already => {}
            Some((starter, origin)) => {
                let written = check_complete(v, &starter, plan.directed).and_then(|()| {
                    let _file = lock(file);
                    write_line(&plan.table, origin, &starter, total)
                });
                match written {
                    Ok(()) => {
                        job.cancel_flag()
                            .store(true, std::sync::atomic::Ordering::Relaxed);
                        s.working.remove(&v);
                        s.summary.found.push(v);
                        on_event(&Event::Found {
                            v,
                            origin,
                            seconds: total,
                        });
                    }
                    Err(reason) => {
                        on_event(&Event::Refused { v, reason });
                        retry(&mut s, tries + 1);
                    }
                }
            }
            None if helper => {}
            // The run's end, not the size's cap: it stays missing.
            None if control.should_stop() => retry(&mut s, tries),
            None => {
                on_event(&Event::Missed {
                    v,
                    seconds,
                    partner_starters: outcome.partner_starters,
                    best_short: outcome.best_short,
                });
                retry(&mut s, tries + 1);
            }
        }
    }
}

/// Reports every size being worked on once a minute until the workers are done.
fn monitor(shared: &Mutex<Shared>, active: &AtomicUsize, on_event: &(dyn Fn(&Event) + Sync)) {
    let mut last = Instant::now();
    while active.load(Ordering::Relaxed) > 0 {
        std::thread::sleep(Duration::from_millis(200));
        if last.elapsed() < Duration::from_secs(60) {
            continue;
        }
        last = Instant::now();
        let jobs: Vec<(usize, Job)> = lock(shared)
            .working
            .iter()
            .map(|(&v, j)| (v, j.clone()))
            .collect();
        for (v, job) in jobs {
            let p = *lock(&job.progress);
            on_event(&Event::Working {
                v,
                seconds: job.started.elapsed().as_secs_f64(),
                partner_starters: p.done,
                best_short: p.best_quality as usize,
            });
        }
    }
}

/// Puts the starter's line into the table file, replacing the file atomically.
fn write_line(path: &Path, origin: &str, starter: &Starter, seconds: f64) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let updated = table::upsert(&text, origin, starter, Some(seconds));
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: cannot write: {e}", dir.display()))?;
    use std::io::Write;
    temp.write_all(updated.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    temp.persist(path)
        .map_err(|e| format!("{}: cannot replace: {e}", path.display()))?;
    Ok(())
}

/// The kind of rotation a starter gives, as the whist guide's table (docs/guide/whist-drive.md) names it.
pub fn kind(starter: &Starter) -> &'static str {
    starter.kind()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::table::{SHIPPED_TABLE, parse_line, parse_table};

    /// Which sizes the family search gets: from 104 up where a shape exists, and with
    /// `--family-only` only those Tourney has no rotation for.
    #[test]
    fn the_family_search_takes_the_sizes_with_a_shape_from_104() {
        for v in [136, 196, 201, 213, 220, 381] {
            assert!(uses_family(v), "{v}");
        }
        // 80, 84 and 104 have no shape (79, 83 and 103 are prime, 78, 82 and 102 no sum of
        // block differences); 61 has one but is below 104 (the table has it).
        for v in [61, 80, 84, 104] {
            assert!(!uses_family(v), "{v}");
        }
        assert!(Only::Family.admits(201));
        // 105 has a shape but is built by the product construction.
        assert!(uses_family(105) && !Only::Family.admits(105));
    }

    /// The shipped table without its lines for sizes in `sizes`, in a temporary folder.
    fn table_without(sizes: std::ops::RangeInclusive<usize>) -> (tempfile::TempDir, PathBuf, String) {
        let text: String = SHIPPED_TABLE
            .lines()
            .filter(|l| parse_line(l).is_none_or(|(s, _, _)| !sizes.contains(&s.players())))
            .map(|l| format!("{l}\n"))
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("whist-starters.txt");
        std::fs::write(&path, &text).unwrap();
        (dir, path, text)
    }

    fn plan(path: &Path, min: usize, max: usize) -> Plan {
        Plan {
            min,
            max,
            table: path.to_owned(),
            threads: 2,
            first_cap: Duration::from_secs(5),
            redo: false,
            only: Only::Any,
            stage2: Stage2::CLIMB,
            directed: false,
            seed: 1,
        }
    }

    #[test]
    fn progress_is_worded_for_the_search_each_size_gets() {
        let two_stage = ("partner starters", "table(s) short");
        let symmetric = ("fresh start(s)", "cost");
        assert_eq!(progress_words(80, false), two_stage);
        assert_eq!(progress_words(69, false), symmetric);
        // Directed, the symmetric search takes over from 45 players.
        assert_eq!(progress_words(33, true), two_stage);
        assert_eq!(progress_words(69, true), symmetric);
    }

    #[test]
    fn counts_beyond_the_search_are_refused_in_words() {
        let (_dir, path, before) = table_without(28..=29);
        let too_far = run(&plan(&path, 2040, 2052), &Control::unlimited(), &|_| {});
        assert_eq!(
            too_far.unwrap_err(),
            "the offline search goes up to 2048 players (--max 2052 asked)"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    }

    #[test]
    fn the_search_fills_a_table_and_resumes() {
        let (_dir, path, before) = table_without(28..=33);
        let events = Mutex::new(Vec::new());
        let record = |e: &Event| lock(&events).push(format!("{e:?}"));
        let control = Control::with_counted_time(Duration::from_secs(120));
        let summary = run(&plan(&path, 28, 33), &control, &record).unwrap();
        assert_eq!(summary.found, [28, 29, 32, 33], "{:#?}", lock(&events));
        assert!(summary.missing.is_empty());
        let after = std::fs::read_to_string(&path).unwrap();
        for v in [28, 29, 32, 33] {
            let line = after
                .lines()
                .find(|l| parse_line(l).is_some_and(|(s, _, _)| s.players() == v))
                .unwrap();
            let (starter, origin, seconds) = parse_line(line).unwrap();
            assert_eq!(check_complete(v, &starter, false), Ok(()), "{line}");
            assert_eq!(
                kind(&starter),
                if v.is_multiple_of(4) {
                    "1-rotational"
                } else {
                    "cyclic"
                }
            );
            let expected = match v {
                29 => "algebra",
                33 => "symmetric",
                _ => "search2",
            };
            assert_eq!(origin, expected, "{line}");
            assert!(seconds.is_some_and(|s| s >= 0.0), "{line}");
        }
        // Every other line is as it was, in size order.
        let kept: Vec<&str> = after.lines().filter(|l| !before.contains(l)).collect();
        assert_eq!(kept.len(), 4, "{kept:?}");
        let sizes: Vec<usize> = parse_table(&after).into_iter().map(|r| r.0).collect();
        assert!(sizes.is_sorted(), "{sizes:?}");
        // Resuming: nothing left to do, nothing changed.
        let again = run(&plan(&path, 28, 33), &control, &|_| {}).unwrap();
        assert!(again.found.is_empty() && again.missing.is_empty());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), after);
    }

    #[test]
    fn a_run_that_finds_nothing_leaves_the_table_untouched() {
        let (_dir, path, before) = table_without(68..=68);
        let control = Control::with_counted_time(Duration::from_millis(300));
        let summary = run(&plan(&path, 68, 68), &control, &|_| {}).unwrap();
        assert_eq!((summary.found.len(), summary.missing.as_slice()), (0, &[68][..]));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        let missing = plan(&path.with_file_name("nothing.txt"), 68, 68);
        assert!(
            run(&missing, &control, &|_| {})
                .unwrap_err()
                .contains("nothing.txt: cannot read")
        );
    }

    #[test]
    fn the_directed_search_replaces_an_undirected_line() {
        // The undirected 21 the table shipped before directed starters were searched.
        let old = "search: 21 Z21 | 1 14 8 19 | 10 12 20 3 | 16 17 18 11 | 7 9 4 13 | 5 2 6 15 | - 0";
        let (undirected, _, _) = parse_line(old).unwrap();
        assert_eq!(check_complete(21, &undirected, false), Ok(()));
        assert!(check_complete(21, &undirected, true).is_err(), "not directed");
        let (_dir, path, without) = table_without(21..=21);
        std::fs::write(&path, table::upsert(&without, "search", &undirected, None)).unwrap();
        let mut directed = plan(&path, 13, 24);
        directed.directed = true;
        directed.stage2 = Stage2::Climb {
            patience: Some(20_000),
            repair: 0,
        };
        let control = Control::with_counted_time(Duration::from_secs(120));
        let summary = run(&directed, &control, &|_| {}).unwrap();
        // 13 and 17 are directed constructions already; 16, 20 and 24 are not 4N+1.
        assert_eq!((summary.found.as_slice(), summary.missing.len()), (&[21][..], 0));
        let after = std::fs::read_to_string(&path).unwrap();
        let rows: Vec<_> = parse_table(&after).into_iter().filter(|r| r.0 == 21).collect();
        assert_eq!(rows.len(), 1, "the line is replaced, not added");
        assert_eq!(check_complete(21, &rows[0].1, true), Ok(()));
    }

    #[test]
    fn a_wrong_starter_is_refused_before_writing() {
        let mut starter = orbit_starter(13).unwrap();
        assert_eq!(check_complete(13, &starter, false), Ok(()));
        assert!(
            check_complete(17, &starter, false)
                .unwrap_err()
                .contains("13 players")
        );
        starter.tables[0].swap(0, 1);
        assert!(check_complete(13, &starter, false).is_err());
    }
}
