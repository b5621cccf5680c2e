//! Keeping the double-dummy analysis of an event's hand records: the tables worked out for
//! attached deals (`tourney event deals --analyse`, the window's "Analyse deals") are stored
//! in the event row like the deals themselves, through `change_event` (one write transaction,
//! a history line that undo takes back).

use super::{Edit, EventFile, StoreError};
use crate::deals::pbn_analysis::double_dummy_tricks;
use crate::deals::{Board, Direction};

impl EventFile {
    /// Stores the tables of `boards` (each an attached board with its analysis). Checked
    /// against the event as stored: a board without a deal attached, or whose deal was
    /// replaced since it was analysed (by another window or process meanwhile), or one
    /// without an analysis, refuses the whole change, naming the boards. Tables equal to the
    /// stored ones change nothing. Returns how many tables were new or changed.
    pub fn store_deal_tables(&mut self, boards: &[Board]) -> Result<usize, StoreError> {
        self.change_event("double-dummy analysis", |stored, _| {
            let mut refused = Vec::new();
            for board in boards {
                let deal = board.deal.pbn(Direction::North);
                match stored.settings.deals.get(&board.number) {
                    None => refused.push(format!("board {} has no hand record attached", board.number)),
                    Some(attached) if *attached != deal => refused.push(format!(
                        "board {}'s hand record was replaced since it was analysed",
                        board.number
                    )),
                    Some(_) if board.analysis.is_none() => {
                        refused.push(format!("board {} has no analysis", board.number))
                    }
                    Some(_) => {}
                }
            }
            if !refused.is_empty() {
                return Err(format!("{}; analyse the deals again", refused.join("; ")));
            }
            let mut event = stored.clone();
            let mut changed = 0;
            for board in boards {
                if let Some(analysis) = &board.analysis {
                    let text = double_dummy_tricks(&analysis.table);
                    if event.settings.deal_tables.insert(board.number, text.clone()) != Some(text) {
                        changed += 1;
                    }
                }
            }
            if changed == 0 {
                return Ok(Edit::unchanged(0));
            }
            let action = format!("double-dummy analysis stored for {changed} board(s)");
            Ok(Edit::changed(event, action, changed))
        })
    }
}
