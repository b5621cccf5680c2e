//! The double-dummy solver: for a deal with every card in view, the tricks each player takes
//! as declarer in each strain when all four play their best — the table hand records print
//! as "makeable contracts", and from which par is read (`crate::scoring::par`).
//!
//! Pure Rust, the project's own code after the published ideas of DDS (Bo Haglund and Soren
//! Hein, "Search Algorithms for a Bridge Double Dummy Solver") and Ginsberg's partition
//! search (JAIR 14, 2001): a zero-window search per target (`search`), a table of learnt
//! bounds that also serves positions differing only in small cards (`table_store`), move
//! ordering (`order`), the tricks a side is sure of (`quick`: top cards on lead, top
//! trumps), and DDS's small-card rule (a card that did not matter by its rank makes the same
//! hand's lower cards of the suit not worth trying). `docs/double-dummy-research.md` has the
//! notes and sources.
//!
//! A table is five searches, one per strain (each reusing what it learnt for the four
//! leaders), run on as many threads as asked.

mod cards;
mod order;
mod quick;
mod search;
mod table_store;
mod trick;

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

use crate::deals::{DdTable, Deal, Direction, Strain};
use crate::solver::Control;
use cards::{Holding, hands_of, trump_index};
use search::Search;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Entries a strain's table may hold (about 40 bytes each, so some 80 MB a thread at most).
const TABLE_CAPACITY: usize = 2_000_000;

/// Why a table could not be finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped(pub String);

/// What a table cost: search nodes (trick starts visited) over its five strains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Positions at the start of a trick that were looked at.
    pub nodes: u64,
}

/// The double-dummy table of `deal`, its strains shared among `threads` threads (at least
/// one). Stops with `Stopped` when `control` says so.
pub fn table(deal: &Deal, threads: usize, control: &Control) -> Result<(DdTable, Work), Stopped> {
    let hands = hands_of(deal);
    let next = AtomicUsize::new(0);
    let rows: Mutex<[[u8; 5]; 4]> = Mutex::new([[0; 5]; 4]);
    let work = Mutex::new(Work::default());
    let failed = Mutex::new(None);
    let order = SEARCH_ORDER;
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 5) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&strain) = order.get(i) else { break };
                    match strain_row(&hands, strain, control) {
                        Ok((tricks, nodes)) => {
                            let mut rows = rows.lock().unwrap_or_else(|e| e.into_inner());
                            for seat in 0..4 {
                                rows[seat][strain.index()] = tricks[seat];
                            }
                            work.lock().unwrap_or_else(|e| e.into_inner()).nodes += nodes;
                        }
                        Err(stopped) => {
                            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(stopped);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(stopped) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(stopped);
    }
    let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    let table = DdTable::new(rows).map_err(Stopped)?;
    Ok((table, work.into_inner().unwrap_or_else(|e| e.into_inner())))
}

/// The order a table's strains are searched in: no trumps first, as it is usually the
/// slowest (a thread left idle at the end then waits for a quicker one).
pub const SEARCH_ORDER: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// One of a table's five searches: the tricks each declarer (North, East, South, West)
/// takes in `strain`, for callers that share several tables' strains among their threads.
pub fn strain_tricks(deal: &Deal, strain: Strain, control: &Control) -> Result<([u8; 4], Work), Stopped> {
    let (tricks, nodes) = strain_row(&hands_of(deal), strain, control)?;
    Ok((tricks, Work { nodes }))
}

/// The tricks each declarer (N, E, S, W) takes in `strain`, and the nodes it took.
fn strain_row(hands: &[Holding; 4], strain: Strain, control: &Control) -> Result<([u8; 4], u64), Stopped> {
    let mut search = Search::new(*hands, trump_index(strain.trumps()), TABLE_CAPACITY, control);
    let mut tricks = [0u8; 4];
    let mut hint = 7;
    for leader in Direction::ALL {
        let north_south = north_south_tricks(&mut search, leader.index(), hint, 13)
            .ok_or_else(|| Stopped(control.stopped_while("working out the double-dummy table")))?;
        // The declarer sits on the leader's right.
        let declarer = (leader.index() + 3) & 3;
        tricks[declarer] = if declarer & 1 == 0 {
            north_south
        } else {
            13 - north_south
        };
        hint = north_south;
    }
    Ok((tricks, search.nodes))
}

/// The tricks North-South take with `leader` to lead and `left` tricks to play, searched
/// from the guess `hint` up or down one trick at a time; `None` when stopped.
fn north_south_tricks(search: &mut Search<'_>, leader: usize, hint: u8, left: u8) -> Option<u8> {
    let (mut lower, mut upper) = (0u8, left);
    let mut guess = hint;
    while lower < upper {
        let target = guess.clamp(lower + 1, upper);
        let _before = search.nodes;
        let (reached, _) = search.trick_start(leader, 0, left, target);
        #[cfg(test)]
        if std::env::var("DD_TRACE").is_ok() {
            let nodes = search.nodes - _before;
            eprintln!("  leader {leader} target {target}: {reached} {nodes} nodes");
        }
        if search.stopped {
            return None;
        }
        if reached {
            lower = target;
            guess = target + 1;
        } else {
            upper = target - 1;
            guess = target.saturating_sub(1);
        }
    }
    Some(lower)
}

/// The tricks North-South take from a position where every hand holds the same number of
/// cards (an ending), `trump` a suit number (`Suit::ALL` order) or 4 for no trumps.
#[cfg(test)]
fn ending_tricks(hands: [Holding; 4], trump: usize, leader: usize) -> u8 {
    let left = hands[0].iter().map(|s| s.count_ones()).sum::<u32>() as u8;
    let control = Control::unlimited();
    let mut search = Search::new(hands, trump, TABLE_CAPACITY, &control);
    north_south_tricks(&mut search, leader, left / 2, left).unwrap_or(0)
}
