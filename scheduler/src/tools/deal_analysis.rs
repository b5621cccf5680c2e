//! Analysing hand records: for each board its double-dummy table (`crate::double_dummy`) and
//! its par (`crate::scoring::par`), as `tourney deals --analyse`, `tourney event deals
//! --analyse`, `tourney event publish` and the window's "Analyse deals" ask for it.
//!
//! The boards' strains are shared among the threads asked for (each worker takes the next
//! strain of the next board: a table is five independent searches). Each board
//! has its own time limit: a board past it is reported as not analysed, with the reason, and
//! the others go on, so an evening's hand records never hang on one freak deal. The caller's
//! `Control` cancels the whole run (the boards not yet finished are reported as cancelled)
//! and receives a progress report after each board (`done`: boards finished, `best_quality`:
//! boards still to do).

use crate::deals::{Analysis, Board, DdTable, Strain};
use crate::double_dummy::{self, SEARCH_ORDER, Work};
use crate::scoring::par::par;
use crate::solver::{Control, Progress};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How hard to work on each board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisOptions {
    /// The most one board may take (on the caller's clock); past it the board is reported as
    /// not analysed.
    pub per_board: Duration,
    /// Threads to use in all (at least one).
    pub threads: usize,
}

impl Default for AnalysisOptions {
    /// 60 s a board, on every core the machine has.
    fn default() -> Self {
        AnalysisOptions {
            per_board: Duration::from_secs(60),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// What came of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardAnalysis {
    /// The board's number.
    pub number: u32,
    /// Its table and par, with the search's work; or why it was not analysed ("stopped at
    /// the time limit (60 s a board)", "cancelled").
    pub outcome: Result<(Analysis, Work), String>,
    /// Wall-clock seconds spent on it.
    pub seconds: f64,
}

impl BoardAnalysis {
    /// "board 7: not analysed, stopped at the time limit (60 s a board)" for a board that was
    /// not analysed; `None` for one that was.
    pub fn failure(&self) -> Option<String> {
        self.outcome
            .as_ref()
            .err()
            .map(|why| format!("board {}: not analysed, {why}", self.number))
    }
}

/// Every board of `boards` analysed (in the order given), as `options` and `control` allow;
/// `each` is called (from a worker thread) as each board is finished, with the number of
/// boards finished so far and the total.
///
/// The work is shared out strain by strain (five searches a board, each independent of the
/// others): a worker takes the next strain of the next board, so at the end of a run no
/// thread waits long for another's slow board (measured: the last board alone used to
/// leave the other core idle for up to 3 s of a 10 s run).
pub fn analyse_boards(
    boards: &[Board],
    options: &AnalysisOptions,
    control: &Control,
    each: &(dyn Fn(&BoardAnalysis, usize, usize) + Sync),
) -> Vec<BoardAnalysis> {
    let strains = SEARCH_ORDER.len();
    let units = boards.len() * strains;
    let workers = options.threads.max(1).min(units.max(1));
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let pending: Vec<Mutex<Pending>> = boards.iter().map(|_| Mutex::new(Pending::default())).collect();
    let slots: Vec<Mutex<Option<BoardAnalysis>>> = boards.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let unit = next.fetch_add(1, Ordering::Relaxed);
                    if unit >= units {
                        break;
                    }
                    let (i, strain) = (unit / strains, SEARCH_ORDER[unit % strains]);
                    let (Some(board), Some(state)) = (boards.get(i), pending.get(i)) else {
                        break;
                    };
                    let Some(done) = search_strain(board, strain, state, options.per_board, control) else {
                        continue;
                    };
                    let count = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    each(&done, count, boards.len());
                    control.report(Progress {
                        done: count as u64,
                        best_quality: (boards.len() - count) as f64,
                    });
                    if let Some(slot) = slots.get(i) {
                        *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(done);
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .zip(boards)
        .map(|(slot, board)| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| BoardAnalysis {
                    number: board.number,
                    outcome: Err("not reached".to_owned()),
                    seconds: 0.0,
                })
        })
        .collect()
}

/// A board whose strains are being searched: when its first search started (and the
/// board's own limit from then), the rows found, and why it failed if it did.
#[derive(Default)]
struct Pending {
    started: Option<(Instant, Control)>,
    rows: [[u8; 5]; 4],
    nodes: u64,
    searched: usize,
    failed: Option<String>,
}

/// Searches `strain` of `board` (nothing when the board has failed already) and records it
/// in `state`; the board's analysis once this was its last strain.
fn search_strain(
    board: &Board,
    strain: Strain,
    state: &Mutex<Pending>,
    per_board: Duration,
    control: &Control,
) -> Option<BoardAnalysis> {
    let lock = || state.lock().unwrap_or_else(|e| e.into_inner());
    let (started, capped) = {
        let mut state = lock();
        let (started, capped) = state
            .started
            .get_or_insert_with(|| (Instant::now(), control.capped(per_board)))
            .clone();
        if state.failed.is_none() && control.should_stop() {
            state.failed = Some(stopped_why(control, per_board, false));
        }
        (started, state.failed.is_none().then_some(capped))
    };
    let outcome = capped.map(|capped| {
        double_dummy::strain_tricks(&board.deal, strain, &capped).map_err(|stopped| {
            if capped.should_stop() {
                stopped_why(control, per_board, true)
            } else {
                stopped.0
            }
        })
    });
    let mut state = lock();
    match outcome {
        Some(Ok((tricks, work))) => {
            for (row, &taken) in state.rows.iter_mut().zip(&tricks) {
                row[strain.index()] = taken;
            }
            state.nodes += work.nodes;
        }
        Some(Err(why)) => {
            state.failed.get_or_insert(why);
        }
        None => {}
    }
    state.searched += 1;
    (state.searched == SEARCH_ORDER.len()).then(|| BoardAnalysis {
        number: board.number,
        outcome: match state.failed.take() {
            Some(why) => Err(why),
            None => board_outcome(board, state.rows, state.nodes),
        },
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A board's table from its rows, with its par.
fn board_outcome(board: &Board, rows: [[u8; 5]; 4], nodes: u64) -> Result<(Analysis, Work), String> {
    let table = DdTable::new(rows)?;
    Ok((
        Analysis {
            table,
            par: par(&table, board.dealer, board.vulnerability),
        },
        Work { nodes },
    ))
}

/// Why a board was not analysed: the whole run was cancelled or ran out of time, or this
/// board reached its own limit (`own_limit_hit`).
fn stopped_why(control: &Control, per_board: Duration, own_limit_hit: bool) -> String {
    if control.is_cancelled() {
        "cancelled".to_owned()
    } else if control.should_stop() || !own_limit_hit {
        control.stopped_while("analysing the boards")
    } else {
        format!(
            "stopped at the time limit ({} a board)",
            crate::solver::seconds_text(per_board)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::{Board, Direction, Strain, deal_from_pbn};

    /// Deal 6 of `fixtures/dd/dds-reference.json` (a quick one; its table by DDS is there).
    const PBN: &str = "N:KQT62.Q5.K.AQ863 J5.86432.854.975 A984.AKT.632.KJT 73.J97.AQJT97.42";

    fn board(number: u32) -> Board {
        Board::standard(number, deal_from_pbn(PBN).unwrap())
    }

    #[test]
    fn a_board_gets_its_table_and_par_and_progress_is_reported() {
        let boards = [board(3), board(4)];
        let seen = Mutex::new(Vec::new());
        let options = AnalysisOptions {
            per_board: Duration::from_secs(3600),
            threads: 2,
        };
        let results = analyse_boards(&boards, &options, &Control::unlimited(), &|b, done, total| {
            seen.lock().unwrap().push((b.number, done, total));
        });
        assert_eq!(results.iter().map(|r| r.number).collect::<Vec<_>>(), [3, 4]);
        let (analysis, work) = results[0].outcome.clone().unwrap();
        assert!(work.nodes > 0);
        assert_eq!(analysis.table.tricks(Direction::North, Strain::Clubs), 12);
        assert_eq!(analysis.table.tricks(Direction::East, Strain::Diamonds), 6);
        assert_eq!(analysis.table.tricks(Direction::West, Strain::Hearts), 4);
        assert_eq!(analysis.table.tricks(Direction::South, Strain::NoTrump), 7);
        // Board 3: dealer S, E-W vulnerable; board 4: dealer W, all vulnerable.
        assert_eq!(
            analysis.par,
            par(&analysis.table, Direction::South, board(3).vulnerability)
        );
        assert_eq!(results[1].outcome.as_ref().unwrap().0.table, analysis.table);
        // One report a board, counting up to the total.
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen.len(), 2);
        assert!(seen.iter().all(|s| s.2 == 2));
        let mut counts: Vec<usize> = seen.iter().map(|s| s.1).collect();
        counts.sort();
        assert_eq!(counts, [1, 2]);
        assert!(results.iter().all(|r| r.failure().is_none()));
    }

    #[test]
    fn a_board_past_its_limit_is_named_and_a_cancel_stops_the_rest() {
        // A counted clock: the limit is a number of stop checks, the same on any machine.
        let control = Control::unlimited_counted();
        let options = AnalysisOptions {
            per_board: Duration::from_millis(3),
            threads: 1,
        };
        let done = analyse_boards(&[board(1)], &options, &control, &|_, _, _| {});
        assert_eq!(
            done[0].failure().unwrap(),
            "board 1: not analysed, stopped at the time limit (0.003 s a board)"
        );
        let control = Control::unlimited();
        control.cancel_flag().store(true, Ordering::Relaxed);
        let done = analyse_boards(&[board(1), board(2)], &options, &control, &|_, _, _| {});
        assert_eq!(
            done.iter().map(|d| d.failure().unwrap()).collect::<Vec<_>>(),
            [
                "board 1: not analysed, cancelled",
                "board 2: not analysed, cancelled"
            ]
        );
    }
}
