//! A pair's personal scorecard on screen, opened from the standings of a club pairs evening
//! (EBUScore's and ACBLscore's "pair's scorecard"): round by round the table, the direction
//! and the opponents (pair number and names), board by board the contract, declarer, tricks,
//! the pair's own score, its matchpoints and percentage (factored boards marked *), and the
//! pair's standing at the foot (place, "=" when shared, matchpoints of the top, percentage,
//! "provisional" while results are missing). A board's number opens its traveller under the
//! card: every table's line with the N-S and E-W matchpoints. The figures are the library's
//! (`club_pairs::scorecards` and `club_pairs::travellers`), the ones the printed cards carry.

use eframe::egui;
use scheduler::event::club_pairs::{
    Scorecard, ScorecardBoard, ScorecardSeat, ScorecardStanding, Traveller, TravellerRow, scorecards,
    travellers,
};
use scheduler::event::session::Session;
use scheduler::event::{BridgeResult, Event, made_text};
use scheduler::movement::{Movement, present_pairs};

/// The scorecard shown, if any, and the board whose traveller is open under it.
#[derive(Default)]
pub struct ScorecardWindow {
    /// The pair shown, as an index into the schedule's entrants.
    entrant: Option<usize>,
    /// The board whose traveller is shown under the card.
    board: Option<u32>,
}

/// The card's columns.
const CARD_COLUMNS: [&str; 11] = [
    "Rd",
    "Table",
    "Dir",
    "Opponents",
    "Board",
    "Contract",
    "By",
    "Tricks",
    "Score",
    "MP",
    "%",
];

/// The traveller's columns.
const TRAVELLER_COLUMNS: [&str; 10] = [
    "Rd",
    "Table",
    "N-S",
    "E-W",
    "Contract",
    "By",
    "Tricks",
    "N-S score",
    "N-S MP",
    "E-W MP",
];

impl ScorecardWindow {
    /// Shows the card of `entrant` (an index into the schedule's entrants).
    pub fn open(&mut self, entrant: usize) {
        if self.entrant != Some(entrant) {
            self.board = None;
        }
        self.entrant = Some(entrant);
    }

    /// The pair whose card is showing.
    pub fn showing(&self) -> Option<usize> {
        self.entrant
    }

    /// The card's window while one is open; closes when the pair is no longer in the event
    /// (the schedule made again).
    pub fn ui(&mut self, ctx: &egui::Context, session: &Session) {
        let Some(entrant) = self.entrant else {
            return;
        };
        let event = session.event();
        let Some(movement) = &event.schedule.movement else {
            self.entrant = None;
            return;
        };
        let cards = scorecards(event, session.results());
        let Some(card) = cards.iter().find(|c| c.entrant == entrant) else {
            self.entrant = None;
            return;
        };
        let title = format!(
            "Scorecard: {} {}",
            movement.label(card.pair),
            entrant_name(event, entrant)
        );
        let mut open = true;
        egui::Window::new(title)
            .id(egui::Id::unique("pair-scorecard"))
            .open(&mut open)
            .default_pos([300.0, 90.0])
            .default_size([780.0, 590.0])
            .vscroll(true)
            .hscroll(true)
            .show(ctx, |ui| {
                self.card_ui(ui, event, movement, card);
                if let Some(board) = self.board {
                    let all = travellers(event, session.results());
                    if let Some(traveller) = all.iter().find(|t| t.board == board) {
                        ui.separator();
                        traveller_ui(ui, event, movement, traveller, entrant);
                    }
                }
            });
        if !open {
            self.entrant = None;
        }
    }

    /// The card: who the pair is, its rounds and boards, and its standing at the foot.
    fn card_ui(&mut self, ui: &mut egui::Ui, event: &Event, movement: &Movement, card: &Scorecard) {
        let name = entrant_name(event, card.entrant);
        if let Some(pair) = event
            .roster
            .players
            .iter()
            .find(|p| p.name == name && p.is_pair())
        {
            ui.label(pair.describe_members());
        }
        let filled = card.standing.is_some();
        if !filled {
            ui.weak("No results yet: the card fills in as the travellers are entered.");
        }
        ui.small("Click a board's number for its traveller.");
        egui::Grid::new("scorecard-rounds").striped(true).show(ui, |ui| {
            for heading in CARD_COLUMNS {
                ui.strong(heading);
            }
            ui.end_row();
            for round in &card.rounds {
                match &round.seat {
                    ScorecardSeat::Table {
                        table,
                        north_south,
                        opponent_pair,
                        opponent,
                        boards,
                    } => {
                        let opponents = format!(
                            "{} {}",
                            movement.label(*opponent_pair),
                            opponent.map_or(String::new(), |e| entrant_name(event, e))
                        );
                        let seat = [
                            round.round.to_string(),
                            table.to_string(),
                            if *north_south { "N-S" } else { "E-W" }.to_owned(),
                            opponents,
                        ];
                        for (i, board) in boards.iter().enumerate() {
                            for cell in &seat {
                                ui.label(if i == 0 { cell.as_str() } else { "" });
                            }
                            self.board_ui(ui, board, *north_south, filled);
                            ui.end_row();
                        }
                    }
                    other => {
                        ui.label(round.round.to_string());
                        ui.label("");
                        ui.label("");
                        ui.weak(other.note().unwrap_or_default());
                        ui.end_row();
                    }
                }
            }
        });
        let factored = card.rounds.iter().any(|r| match &r.seat {
            ScorecardSeat::Table { boards, .. } => boards.iter().any(|b| b.factored),
            _ => false,
        });
        ui.separator();
        for (i, line) in foot(card.standing.as_ref(), factored).into_iter().enumerate() {
            if i == 0 {
                ui.strong(line);
            } else {
                ui.label(line);
            }
        }
    }

    /// One board's cells: its number (opens the traveller), the result and the figures.
    fn board_ui(&mut self, ui: &mut egui::Ui, board: &ScorecardBoard, north_south: bool, filled: bool) {
        let open = self.board == Some(board.board);
        let response = ui
            .add(egui::Button::selectable(open, board.board.to_string()))
            .on_hover_text(format!("Board {}'s traveller", board.board));
        let label = format!("Board {} traveller", board.board);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
        if response.clicked() {
            self.board = if open { None } else { Some(board.board) };
        }
        for cell in result_cells(board.result.as_ref(), board.score, Some(north_south), filled) {
            ui.label(cell);
        }
        let (mp, percent) = board_figures(board);
        ui.label(mp);
        ui.label(percent);
    }
}

/// The schedule's name of `entrant` ("Ann Archer & Bob Archer").
fn entrant_name(event: &Event, entrant: usize) -> String {
    event.schedule.entrants.get(entrant).cloned().unwrap_or_default()
}

/// Contract, declarer, tricks and score of a board's result. `own`: the side whose score the
/// card shows (`Some(true)` N-S, `Some(false)` E-W); `None` on a traveller, where the score is
/// N-S's and an artificial score shows both sides'. Without any result in the evening yet
/// (`filled` false) the cells are empty.
fn result_cells(
    result: Option<&BridgeResult>,
    score: Option<i32>,
    own: Option<bool>,
    filled: bool,
) -> [String; 4] {
    let score_text = score.map(signed).unwrap_or_default();
    match result {
        None if !filled => Default::default(),
        None => [
            "no result yet".into(),
            String::new(),
            String::new(),
            String::new(),
        ],
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            ..
        }) => [
            contract.to_string(),
            declarer.to_string(),
            made_text(*contract, *tricks),
            score_text,
        ],
        Some(BridgeResult::PassedOut) => ["passed out".into(), String::new(), String::new(), "0".into()],
        Some(BridgeResult::NorthSouthScore { .. }) => {
            [String::new(), String::new(), String::new(), score_text]
        }
        Some(BridgeResult::Artificial { ns, ew }) => match own {
            Some(north_south) => [
                "artificial".into(),
                String::new(),
                String::new(),
                if north_south { ns } else { ew }.label().to_owned(),
            ],
            None => [
                format!("{} / {}", ns.label(), ew.label()),
                String::new(),
                String::new(),
                String::new(),
            ],
        },
        Some(BridgeResult::NotPlayed) => ["not played".into(), String::new(), String::new(), String::new()],
    }
}

/// "+420", "-50", "0".
fn signed(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// Matchpoints on the traveller's 2-per-score-beaten scale as the standings show them (1 for
/// each score beaten): "5", "5.5". The results view's traveller writes them so too.
pub(super) fn mp_text(mp: f64) -> String {
    let half = mp / 2.0;
    if (half - half.round()).abs() < 1e-9 {
        format!("{half:.0}")
    } else {
        format!("{half:.1}")
    }
}

/// A board's percentage to one decimal, without a trailing ".0": "62.5", "100", "0".
fn percent_text(percent: f64) -> String {
    let text = format!("{percent:.1}");
    text.strip_suffix(".0").map(str::to_owned).unwrap_or(text)
}

/// A board's matchpoints (with * when factored) and percentage, empty before it is scored.
fn board_figures(board: &ScorecardBoard) -> (String, String) {
    match (board.matchpoints, board.percent()) {
        (Some(mp), Some(percent)) => {
            let star = if board.factored { "*" } else { "" };
            (format!("{}{star}", mp_text(mp)), percent_text(percent))
        }
        _ => (String::new(), String::new()),
    }
}

/// The lines at the card's foot: the standing in the standings' own figures ("3= of 7 N-S
/// pairs · 85.5 MP of 156 · 54.81 %"), provisional while results are missing, and what *
/// means when a board is factored.
fn foot(standing: Option<&ScorecardStanding>, factored: bool) -> Vec<String> {
    let Some(standing) = standing else {
        return vec!["No standing yet: no result has been entered.".to_owned()];
    };
    let field = match standing.field {
        Some("North-South") => " N-S",
        Some("East-West") => " E-W",
        _ => "",
    };
    let imps = standing
        .imps
        .map_or(String::new(), |imps| format!(" · {imps:.2} IMPs"));
    let mut lines = vec![format!(
        "Place {}{} of {}{field} pairs · {:.1} MP of {:.0} · {:.2} %{imps}",
        standing.rank,
        if standing.tied { "=" } else { "" },
        standing.field_size,
        standing.matchpoints / 2.0,
        standing.top / 2.0,
        standing.percent,
    )];
    if standing.missing > 0 {
        lines.push(format!(
            "Provisional: {} traveller {} still without a result.",
            standing.missing,
            if standing.missing == 1 { "line" } else { "lines" }
        ));
    }
    if factored {
        lines.push("* factored (Neuberg): fewer scores to compare on that board.".to_owned());
    }
    lines
}

/// A board's traveller: every table that plays it, with the result and both sides'
/// matchpoints; the line of the pair whose card is open in bold.
fn traveller_ui(
    ui: &mut egui::Ui,
    event: &Event,
    movement: &Movement,
    traveller: &Traveller,
    entrant: usize,
) {
    ui.strong(format!(
        "Board {} traveller · top {}",
        traveller.board,
        mp_text(traveller.top)
    ));
    let pairs = present_pairs(movement);
    let label = |e: usize| pairs.get(e).map_or(String::new(), |&p| movement.label(p));
    egui::Grid::new(("scorecard-traveller", traveller.board))
        .striped(true)
        .show(ui, |ui| {
            for heading in TRAVELLER_COLUMNS {
                ui.strong(heading);
            }
            ui.end_row();
            for row in &traveller.rows {
                let ours = row.ns == entrant || row.ew == entrant;
                for (i, cell) in traveller_cells(row, &label).into_iter().enumerate() {
                    let text = egui::RichText::new(cell);
                    let response = ui.label(if ours { text.strong() } else { text });
                    if i == 2 || i == 3 {
                        let side = if i == 2 { row.ns } else { row.ew };
                        response.on_hover_text(entrant_name(event, side));
                    }
                }
                ui.end_row();
            }
        });
}

/// One traveller line's cells, in `TRAVELLER_COLUMNS` order.
fn traveller_cells(row: &TravellerRow, label: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut cells = vec![
        row.round.to_string(),
        row.table.to_string(),
        label(row.ns),
        label(row.ew),
    ];
    cells.extend(result_cells(row.result.as_ref(), row.score, None, true));
    let (ns, ew) = row
        .matchpoints
        .map_or((String::new(), String::new()), |(ns, ew)| {
            (mp_text(ns), mp_text(ew))
        });
    cells.extend([ns, ew]);
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_as_the_standings_write_them() {
        assert_eq!(mp_text(11.0), "5.5");
        assert_eq!(mp_text(12.0), "6");
        assert_eq!(percent_text(62.5), "62.5");
        assert_eq!(percent_text(100.0), "100");
        assert_eq!(signed(420), "+420");
        assert_eq!(signed(-50), "-50");
        assert_eq!(signed(0), "0");
    }

    #[test]
    fn the_foot_says_the_place_shared_and_provisional() {
        let standing = ScorecardStanding {
            matchpoints: 171.0,
            top: 312.0,
            boards: 26,
            percent: 54.81,
            rank: 3,
            tied: true,
            field: Some("North-South"),
            field_size: 7,
            imps: None,
            missing: 2,
        };
        let lines = foot(Some(&standing), true);
        assert_eq!(lines[0], "Place 3= of 7 N-S pairs · 85.5 MP of 156 · 54.81 %");
        assert_eq!(lines[1], "Provisional: 2 traveller lines still without a result.");
        assert!(lines[2].starts_with("* factored"));
    }
}
