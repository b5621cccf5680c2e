//! Hand records in the window: a board's four hands drawn as a compass beside its traveller
//! (with its dealer and vulnerability), and the two ways to get them — a dealing machine's PBN
//! file, or the boards dealt at random here — attached through the event's one write path.

use super::Notice;
use super::dialogs::{Files, Purpose, Request};
use eframe::egui;
use scheduler::deals::{Board, Direction, Suit, random_boards, read_pbn_file};
use scheduler::event::session::{Command, Session};

/// Draws `board`: North at the top, West and East beside, South below; the dealer and the
/// vulnerability above. Suits in the card colours (black spades and clubs, red hearts and
/// diamonds; lighter in the dark theme).
pub fn diagram_ui(ui: &mut egui::Ui, board: &Board) {
    ui.label(
        egui::RichText::new(format!(
            "Board {}: dealer {}, {}",
            board.number,
            board.dealer.name(),
            vulnerable_words(board)
        ))
        .strong(),
    );
    egui::Grid::new(("hand-record", board.number))
        .spacing([18.0, 0.0])
        .show(ui, |ui| {
            ui.label("");
            hand_ui(ui, board, Direction::North);
            ui.label("");
            ui.end_row();
            hand_ui(ui, board, Direction::West);
            ui.label("");
            hand_ui(ui, board, Direction::East);
            ui.end_row();
            ui.label("");
            hand_ui(ui, board, Direction::South);
            ui.label("");
            ui.end_row();
        });
}

/// "N-S vulnerable", "nobody vulnerable"…
fn vulnerable_words(board: &Board) -> String {
    match board.vulnerability {
        scheduler::deals::Vulnerability::None => "nobody vulnerable".to_owned(),
        scheduler::deals::Vulnerability::All => "both sides vulnerable".to_owned(),
        side => format!("{} vulnerable", side.label()),
    }
}

/// One hand: its seat's name, then a line per suit ("—" for a void).
fn hand_ui(ui: &mut egui::Ui, board: &Board, seat: Direction) {
    let hand = board.deal.hand(seat);
    let dark = ui.visuals().dark_mode;
    ui.vertical(|ui| {
        // Four suit lines read as one hand: no gap between them.
        ui.spacing_mut().item_spacing.y = 0.0;
        ui.label(egui::RichText::new(seat.name()).weak());
        for suit in Suit::ALL {
            let (symbol, red) = match suit {
                Suit::Spades => ('♠', false),
                Suit::Hearts => ('♥', true),
                Suit::Diamonds => ('♦', true),
                Suit::Clubs => ('♣', false),
            };
            let colour = match (red, dark) {
                (true, false) => egui::Color32::from_rgb(190, 20, 20),
                (true, true) => egui::Color32::from_rgb(255, 120, 120),
                (false, false) => egui::Color32::BLACK,
                (false, true) => egui::Color32::WHITE,
            };
            let cards = hand.suit_text(suit);
            let cards = if cards.is_empty() { "—".to_owned() } else { cards };
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.label(egui::RichText::new(symbol.to_string()).color(colour));
                ui.label(egui::RichText::new(cards).monospace());
            });
        }
    });
}

/// The buttons that attach hand records to the event's boards: a PBN file (a dealing
/// machine's), or every board dealt at random. Returns the change to apply, or a notice when
/// the file could not be read (every problem named by line).
pub fn attach_ui(
    ui: &mut egui::Ui,
    session: &Session,
    files: &mut Files,
) -> (Option<Command>, Option<Notice>) {
    let event = session.event();
    let attached = event.settings.deals.len();
    let boards = event.boards_played();
    let mut command = None;
    let mut notice = None;
    ui.horizontal(|ui| {
        if attached > 0 {
            ui.label(format!("Hand records: {attached} of {boards} boards."));
        } else {
            ui.label("No hand records yet.");
        }
        if ui
            .button("Attach hand records (PBN)…")
            .on_hover_text("A dealing machine's file, BridgeComposer's, or one Tourney dealt")
            .clicked()
        {
            files.ask(
                Purpose::AttachPbn,
                Request::File {
                    title: "Attach hand records".to_owned(),
                    filter: "PBN hand records".to_owned(),
                    extensions: vec!["pbn".to_owned()],
                },
            );
        }
        if ui
            .button("Deal at random")
            .on_hover_text(
                "Deals every board of the evening here, to print as hand records or for a dealing machine",
            )
            .clicked()
        {
            let settings = &event.settings;
            let seed = chrono::Local::now().timestamp_nanos_opt().unwrap_or_default() as u64;
            let dealt = random_boards(
                seed,
                boards,
                &settings.title,
                settings.club.as_deref().unwrap_or(""),
                settings.date.as_deref().unwrap_or("").replace('-', ".").as_str(),
            );
            command = Some(Command::AttachDeals(dealt));
        }
    });
    if let Some(Some(path)) = files.answer(Purpose::AttachPbn) {
        match read_pbn_file(&path) {
            Ok(boards) => command = Some(Command::AttachDeals(boards)),
            Err(problems) => {
                let said: Vec<String> = problems.list.iter().map(ToString::to_string).collect();
                notice = Some(Notice::Problem(format!("Not attached: {}", said.join("; "))));
            }
        }
    }
    (command, notice)
}
