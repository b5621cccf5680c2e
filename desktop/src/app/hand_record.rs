//! Hand records in the window: a board's four hands drawn as a compass beside its traveller
//! (with its dealer and vulnerability), and the two ways to get them — a dealing machine's PBN
//! file (with the double-dummy table it has for a board), or the boards dealt at random
//! here — attached through the event's one write path;
//! and "Analyse deals", which works out each board's double-dummy table and par on a
//! background job (progress, Cancel) and keeps them with the event (`Command::StoreAnalysis`).

use super::Notice;
use super::dialogs::{Files, Purpose, Request};
use super::job::{self, Job};
use eframe::egui;
use scheduler::deals::{Board, Direction, Suit, random_boards};
use scheduler::event::session::{Command, Session};
use scheduler::scoring::par::read_pbn_file_analysed;
use scheduler::tools::deal_analysis::{AnalysisOptions, analyse_boards};

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
        (command, notice) = read_to_attach(&path);
    }
    (command, notice)
}

/// A PBN file chosen to attach: the change that attaches its boards, each with the
/// double-dummy table the file has for it (par worked out here), and a notice of the file's
/// warnings (a par text of another program's that differs); or a notice of every problem,
/// by line and tag, and nothing attached.
fn read_to_attach(path: &std::path::Path) -> (Option<Command>, Option<Notice>) {
    let said = |problems: &scheduler::problems::Problems| {
        problems
            .list
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    };
    match read_pbn_file_analysed(path) {
        Ok((boards, notes)) => {
            let notice = (!notes.list.is_empty()).then(|| Notice::Said(said(&notes), None));
            (Some(Command::AttachDeals(boards)), notice)
        }
        Err(problems) => (
            None,
            Some(Notice::Problem(format!("Not attached: {}", said(&problems)))),
        ),
    }
}

/// What an analysis job brings back: the boards analysed (with their analysis), and a line
/// for each board that was not ("board 7: not analysed, …").
type Analysed = (Vec<Board>, Vec<String>);

/// The "Analyse deals" button and its background job.
#[derive(Default)]
pub struct Analyser {
    job: Option<Job<Analysed>>,
    answer: Option<Analysed>,
}

impl Analyser {
    /// While the job runs, its progress and Cancel; when it has finished, the change that
    /// keeps the analysis (and a notice naming any board not analysed); otherwise how many
    /// boards are analysed and the button for the others.
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session) -> (Option<Command>, Option<Notice>) {
        if job::poll(
            &mut self.job,
            &mut self.answer,
            ui,
            "Analysing the deals…",
            |left| format!("{left:.0} board(s) still to analyse"),
        ) {
            return (None, None);
        }
        if let Some((boards, failed)) = self.answer.take() {
            let notice = (!failed.is_empty()).then(|| Notice::Problem(failed.join("; ")));
            let command = (!boards.is_empty()).then_some(Command::StoreAnalysis(boards));
            return (command, notice);
        }
        let records = session.event().hand_records();
        let todo: Vec<Board> = records.iter().filter(|b| b.analysis.is_none()).cloned().collect();
        if records.is_empty() {
            return (None, None);
        }
        ui.horizontal(|ui| {
            ui.label(format!(
                "Analysed (what could be made, and par): {} of {} boards.",
                records.len() - todo.len(),
                records.len()
            ));
            if !todo.is_empty()
                && ui
                    .button("Analyse deals")
                    .on_hover_text(
                        "Works out each board's double-dummy table and par, for the hand record sheets and the results pages",
                    )
                    .clicked()
            {
                self.start(ui.ctx(), todo);
            }
        });
        (None, None)
    }

    /// What a test may watch of the running job, if one runs.
    #[cfg(test)]
    pub(crate) fn watch(&self) -> Option<job::Watch> {
        self.job.as_ref().map(Job::watch)
    }

    /// Starts the job: every core, 60 s a board at most (the whole job's limit is the time
    /// the boards could take at that, a guard only); its bar counts the boards done. The
    /// job is cancelled when this analyser is dropped (another event opened, the window
    /// closed).
    fn start(&mut self, ctx: &egui::Context, boards: Vec<Board>) {
        let options = AnalysisOptions::default();
        let rounds = boards.len().div_ceil(options.threads.max(1)) as f64;
        let limit = options.per_board.as_secs_f64() * rounds + 5.0;
        let items = (boards.len(), "boards");
        self.job = Some(Job::start_counting(ctx, limit, items, move |control| {
            let done = analyse_boards(&boards, &options, control, &|_, _, _| {});
            let failed = done.iter().filter_map(|d| d.failure()).collect();
            let analysed = boards
                .into_iter()
                .zip(done)
                .filter_map(|(board, done)| {
                    let (analysis, _) = done.outcome.ok()?;
                    Some(Board {
                        analysis: Some(analysis),
                        ..board
                    })
                })
                .collect();
            (analysed, failed)
        }));
    }
}
