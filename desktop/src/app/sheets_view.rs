//! Sheets and exports: choose the sheet kinds and the paper, write the PDF or the standings
//! CSV where the save dialog says; the app's banner then offers to open it.

use super::Notice;
use super::dialogs::{Files, Purpose, Request};
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::event::Scoring;
use scheduler::event::session::Session;
use scheduler::event::standings::standings_csv;
use scheduler::event::teams_results::matches_table;
use scheduler::export_file::{Existing, write_export};
use scheduler::schedule_io::write_round_sheet_csv;
use scheduler::sheets::event_sheets::{event_sheets_pdf, sheet_kinds, sheet_options};
use scheduler::sheets::{Paper, SheetKind};
use std::path::Path;

pub struct SheetsView {
    round: bool,
    table: bool,
    personal: bool,
    standings: bool,
    /// Club pairs (a movement): travellers, personal score cards; any bridge event: the
    /// director's movement summary.
    travellers: bool,
    score_cards: bool,
    summary: bool,
    /// Bridge with deals attached: the hand records, four boards a page. Off until ticked:
    /// they are handed out after play, not printed with the evening's cards.
    hand_records: bool,
    /// Teams of four: the match score cards (both tables' scores, net, IMPs, the result).
    match_cards: bool,
    /// Teams of four: only this round's round sheet and match cards (`None`: every round).
    only_round: Option<u32>,
    letter: bool,
}

impl Default for SheetsView {
    fn default() -> Self {
        SheetsView {
            round: true,
            table: true,
            personal: true,
            standings: false,
            travellers: true,
            score_cards: true,
            summary: true,
            hand_records: false,
            match_cards: true,
            only_round: None,
            letter: false,
        }
    }
}

impl EventView for SheetsView {
    /// Says when something was written (or failed).
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome {
        let mut status = None;
        ui.heading("Sheets and exports");
        let changes = session.event().roster_changes();
        if !changes.is_empty() {
            ui.colored_label(
                super::WARNING_ORANGE,
                format!(
                    "The schedule was made before the roster changed ({}): these sheets would show the old schedule. Generate it again in the Schedule view first.",
                    changes.join("; ")
                ),
            );
        }
        self.kind_choices(ui, session);
        ui.add_enabled(
            !session.results().is_empty(),
            egui::Checkbox::new(&mut self.standings, "Standings"),
        )
        .on_disabled_hover_text("Standings print once results are entered");
        ui.horizontal(|ui| {
            ui.label("Paper:");
            ui.selectable_value(&mut self.letter, false, "A4");
            ui.selectable_value(&mut self.letter, true, "Letter");
        });
        let title = session.event().settings.title.clone();
        ui.horizontal(|ui| {
            if ui.button("Export PDF…").clicked() {
                files.ask(Purpose::ExportPdf, export(&title, "pdf"));
            }
            if ui
                .button("Print…")
                .on_hover_text("Sends these sheets to the default printer, where the computer has one")
                .clicked()
            {
                status = Some(self.print(session));
            }
        });
        if let Some(Some(path)) = files.answer(Purpose::ExportPdf) {
            status = Some(Notice::written(path.clone(), self.write_pdf(session, &path)));
        }
        if ui.button("Export round-sheet CSV…").clicked() {
            files.ask(
                Purpose::ExportRoundSheet,
                export(&format!("{title} rounds"), "csv"),
            );
        }
        if let Some(Some(path)) = files.answer(Purpose::ExportRoundSheet) {
            status = Some(Notice::written(
                path.clone(),
                self.write_round_sheet(session, &path),
            ));
        }
        // USEBIO: a pairs evening's file, a Swiss pairs event's, or a Swiss, round robin,
        // night or knockout of teams scored by VPs or IMPs (not board-a-match).
        let event = session.event();
        let usebio = match event.settings.scoring {
            Scoring::Teams { scoring, .. }
            | Scoring::Bridge {
                teams_of_four: Some(scoring),
                ..
            } => scoring.is_victory_points() || scoring == scheduler::event::teams::TeamsScoring::Imps,
            Scoring::Bridge { .. } => {
                event.schedule.movement.is_some() || scheduler::event::swiss_pairs::settings(event).is_some()
            }
            _ => false,
        };
        if usebio {
            let clicked = ui
                .add_enabled(
                    !session.results().is_empty(),
                    egui::Button::new("Export USEBIO results file (XML)…"),
                )
                .on_hover_text("The results file national bodies take for masterpoints and grading")
                .on_disabled_hover_text("The results file can be written once results are entered")
                .clicked();
            if clicked {
                files.ask(Purpose::ExportUsebio, export(&format!("{title} results"), "xml"));
            }
            if let Some(Some(path)) = files.answer(Purpose::ExportUsebio) {
                status = Some(Notice::written(path.clone(), write_usebio(session, &path)));
            }
        }
        if let Some(notice) = export_matches_csv(ui, session, files) {
            status = Some(notice);
        }
        if let Some(notice) = export_players_csv(ui, session, files) {
            status = Some(notice);
        }
        if let Some(notice) = publish_site(ui, session, files) {
            status = Some(notice);
        }
        let clicked = ui
            .add_enabled(
                !session.results().is_empty(),
                egui::Button::new("Export standings CSV…"),
            )
            .on_disabled_hover_text("Standings can be exported once results are entered")
            .clicked();
        status.or(export_standings_csv(session, files, clicked)).into()
    }
}

impl SheetsView {
    /// The wide round sheet (a row per table and round) for a spreadsheet, with a byte-order
    /// mark so Excel reads the names' accents.
    fn write_round_sheet(&self, session: &Session, path: &Path) -> Result<(), String> {
        let mut bytes = scheduler::csv_safety::UTF8_BOM.to_vec();
        write_round_sheet_csv(&session.event().schedule, &mut bytes).map_err(|e| e.to_string())?;
        write_chosen(session, path, &bytes)
    }

    /// Prints the chosen sheets: written to a PDF in the temporary folder and sent to the
    /// system's print service; where there is none, the banner says so and offers the PDF.
    fn print(&self, session: &Session) -> Notice {
        let path = std::env::temp_dir().join(format!(
            "tourney-print-{}-{}.pdf",
            std::process::id(),
            chrono::Local::now().format("%H%M%S")
        ));
        if let Err(problem) = self.write_pdf(session, &path) {
            return Notice::Problem(format!("Not printed: {problem}"));
        }
        match super::print::print(&path) {
            super::print::Printed::Sent(to) => Notice::Said(format!("Printed: {to}"), None),
            super::print::Printed::NoService(why) | super::print::Printed::Failed(why) => Notice::Said(
                format!(
                    "Not printed: {why}. The sheets are in {}: open it and print from the viewer.",
                    path.display()
                ),
                Some(path),
            ),
        }
    }

    /// A tick box for each sheet the event prints (the standings aside).
    fn kind_choices(&mut self, ui: &mut egui::Ui, session: &Session) {
        let offered = sheet_kinds(session.event());
        let club_pairs = session.event().schedule.movement.is_some();
        if offered.contains(&SheetKind::MovementSummary) {
            ui.checkbox(
                &mut self.summary,
                "Movement summary for the director (relay, sharing, copies of each board)",
            );
        }
        if offered.contains(&SheetKind::MatchCards) && offered.contains(&SheetKind::Round) {
            ui.checkbox(
                &mut self.round,
                "Round sheet (each match's tables, teams and result)",
            );
        } else if offered.contains(&SheetKind::Round) {
            ui.checkbox(&mut self.round, "Master round sheet (every round, every table)");
        }
        let format = &session.event().schedule.format;
        if offered.contains(&SheetKind::Table) {
            ui.checkbox(
                &mut self.table,
                if club_pairs {
                    "Table cards (where the boards and the pairs go next)"
                } else if *format == scheduler::Format::TeamChess {
                    "Match cards (one per match, with the boards and colours)"
                } else {
                    "Table cards (who sits where each round)"
                },
            );
        }
        if offered.contains(&SheetKind::MatchCards) {
            ui.checkbox(
                &mut self.match_cards,
                "Match score cards (both tables' scores of every board, the IMPs and the result)",
            );
            // A teams night's matches span two rounds: its cards are printed all together.
            if matches!(session.event().settings.scoring, Scoring::Teams { .. }) {
                self.round_choice(ui, session);
            }
        }
        if offered.contains(&SheetKind::Personal) {
            ui.checkbox(&mut self.personal, "Personal movement cards (with cut lines)");
        }
        // A whist drive's progressive cards: the players write each round's tricks in them.
        if !club_pairs && offered.contains(&SheetKind::ScoreCards) {
            ui.checkbox(
                &mut self.score_cards,
                "Score cards, one per player (four a page: each round's table, partner and opponents, boxes for the tricks and the running total)",
            );
        }
        if club_pairs {
            ui.checkbox(
                &mut self.travellers,
                "Travellers, one per board (filled in from the results entered)",
            );
            // Not at a teams night: its pairs' cards would count matchpoints.
            if offered.contains(&SheetKind::ScoreCards) {
                ui.checkbox(&mut self.score_cards, "Personal score cards, one per pair");
            }
        }
        if offered.contains(&SheetKind::HandRecords) {
            ui.checkbox(&mut self.hand_records, "Hand records (4 boards a page)")
                .on_hover_text("The deals attached to the boards, with dealer, vulnerability and points: to hand out after play");
        }
    }

    /// Teams: every round's round sheet and match cards, or one round's (the one in play).
    fn round_choice(&mut self, ui: &mut egui::Ui, session: &Session) {
        let paired = session.event().schedule.rounds.len() as u32;
        // A round an undo took away is no longer offered (and not printed).
        if self.only_round.is_some_and(|r| r > paired) {
            self.only_round = None;
        }
        ui.horizontal(|ui| {
            ui.label("Rounds:");
            ui.selectable_value(&mut self.only_round, None, "Every round");
            for round in 1..=paired {
                ui.selectable_value(&mut self.only_round, Some(round), format!("Round {round}"));
            }
        });
    }

    fn write_pdf(&self, session: &Session, path: &Path) -> Result<(), String> {
        let event = session.event();
        let mut options = sheet_options(event);
        options.paper = if self.letter { Paper::Letter } else { Paper::A4 };
        options.rooms = session.rooms().clone();
        let offered = sheet_kinds(event);
        options.round = self.only_round.filter(|_| {
            offered.contains(&SheetKind::MatchCards)
                && matches!(event.settings.scoring, Scoring::Teams { .. })
        });
        options.kinds = [
            (self.summary, SheetKind::MovementSummary),
            (self.round, SheetKind::Round),
            (self.table, SheetKind::Table),
            (self.personal, SheetKind::Personal),
            (self.travellers, SheetKind::Travellers),
            (self.score_cards, SheetKind::ScoreCards),
            (self.hand_records, SheetKind::HandRecords),
            (self.match_cards, SheetKind::MatchCards),
        ]
        .into_iter()
        .filter_map(|(on, kind)| (on && offered.contains(&kind)).then_some(kind))
        .chain(self.standings.then_some(SheetKind::Standings))
        .collect();
        let pdf = event_sheets_pdf(event, session.results(), &options).map_err(|e| e.to_string())?;
        write_chosen(session, path, &pdf)
    }
}

/// The "Publish results web pages…" button: asks for a folder, writes the results site into
/// it and says where it went (the banner's Open shows the ranking in the browser).
fn publish_site(ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Option<Notice> {
    let clicked = ui
        .add_enabled(
            !session.results().is_empty(),
            egui::Button::new("Publish results web pages…"),
        )
        .on_hover_text(
            "A folder of web pages: the ranking, each pair's scorecard, each board's traveller and hands (or each round). Open it from disk or upload it to the club's web site.",
        )
        .on_disabled_hover_text("The results pages can be published once results are entered")
        .clicked();
    if clicked {
        let title = &session.event().settings.title;
        files.ask(
            Purpose::PublishSite,
            Request::Folder {
                title: "Publish the results web pages into a folder".to_owned(),
                suggested: format!("{title} results"),
            },
        );
    }
    let folder = files.answer(Purpose::PublishSite)??;
    Some(write_site_into(session, &folder))
}

/// Writes the results site into `folder`: a new or empty folder, or one that holds the pages
/// published before (then only the site's own files are replaced). Any other folder with
/// files in it is refused, so a club's own web pages are never written over.
fn write_site_into(session: &Session, folder: &Path) -> Notice {
    use scheduler::sheets::site::{is_published_site, results_site, write_site};
    // The boards' double-dummy analyses kept with the event ("Analyse deals" by the hand
    // records); a board without one says "not analysed".
    let analyses: std::collections::BTreeMap<u32, scheduler::deals::Analysis> = session
        .event()
        .hand_records()
        .into_iter()
        .filter_map(|b| Some((b.number, b.analysis?)))
        .collect();
    let site = results_site(session.event(), session.results(), &analyses);
    match write_site(&site, folder, is_published_site(folder), &[&session.path()]) {
        Ok(published) => Notice::Said(published_words(&published), Some(published.index)),
        Err(scheduler::sheets::site::SiteError::NotEmpty(path)) => Notice::Problem(format!(
            "Not published: {} has other files in it. Choose an empty folder, or type a name for a new one.",
            path.display()
        )),
        Err(error) => Notice::Problem(format!("Not published: {error}")),
    }
}

/// What the banner says of a site written: how many pages and where, and the pages of an
/// earlier publication it removed (or left, and why).
fn published_words(published: &scheduler::sheets::site::Published) -> String {
    let mut words = format!(
        "Published {} results pages in {} (open index.html, or upload the folder to the club's web site)",
        published.pages,
        published.folder.display()
    );
    if !published.removed.is_empty() {
        words.push_str(&format!(
            ". Removed {} page(s) of the earlier publication that the site no longer has: {}",
            published.removed.len(),
            published.removed.join(", ")
        ));
    }
    for left in &published.left {
        words.push_str(&format!(". {left}"));
    }
    words
}

/// The USEBIO 1.2 results file of a club pairs evening, where the save dialog said.
/// Teams: the "Export match results CSV…" button (every match: its teams, IMPs and points),
/// and the CSV written where the save dialog says. `None` for other events and until then.
fn export_matches_csv(ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Option<Notice> {
    let teams = match session.event().settings.scoring {
        Scoring::Teams { .. } => true,
        Scoring::Bridge { teams_of_four, .. } => teams_of_four.is_some(),
        _ => false,
    };
    if !teams {
        return None;
    }
    if ui
        .button("Export match results CSV…")
        .on_hover_text("Every match: round, tables, both teams, boards entered, IMPs and points")
        .clicked()
    {
        let title = &session.event().settings.title;
        files.ask(Purpose::ExportMatches, export(&format!("{title} matches"), "csv"));
    }
    let path = files.answer(Purpose::ExportMatches)??;
    // Worked out once the file is chosen, not every frame.
    let table = matches_table(session.event(), session.results())?;
    let bytes = standings_csv(std::slice::from_ref(&table), true);
    Some(Notice::written(
        path.clone(),
        write_chosen(session, &path, &bytes),
    ))
}

/// A teams event: the "Export players' return CSV…" button (each team's players with the
/// matches and boards each played, from the line-ups) and the CSV written where the save
/// dialog says. `None` for other events and until then.
fn export_players_csv(ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Option<Notice> {
    if !matches!(session.event().settings.scoring, Scoring::Teams { .. }) {
        return None;
    }
    if ui
        .button("Export players' return CSV…")
        .on_hover_text("Each team's players with the matches and boards each played (from Who played… in the results view), for a masterpoint return")
        .clicked()
    {
        let title = &session.event().settings.title;
        files.ask(Purpose::ExportPlayers, export(&format!("{title} players"), "csv"));
    }
    let path = files.answer(Purpose::ExportPlayers)??;
    let table = scheduler::event::who_played::players_table(session.event(), session.results())?;
    let bytes = standings_csv(std::slice::from_ref(&table), true);
    Some(Notice::written(
        path.clone(),
        write_chosen(session, &path, &bytes),
    ))
}

fn write_usebio(session: &Session, path: &Path) -> Result<(), String> {
    let xml =
        scheduler::event::usebio::usebio_xml(session.event(), session.results(), env!("CARGO_PKG_VERSION"))?;
    write_chosen(session, path, xml.as_bytes())
}

/// Writes an export where the save dialog said (it asked before replacing a file), through
/// the library's safe writer: never onto the open event or another event file, never half.
fn write_chosen(session: &Session, path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_export(path, bytes, Existing::Replace, &[&session.path()]).map_err(|e| e.to_string())
}

fn export(suggested: &str, extension: &str) -> Request {
    Request::Export {
        suggested: suggested.to_owned(),
        extension: extension.to_owned(),
    }
}

/// Asks where to write the standings CSV when `clicked`, and writes it (with a byte-order
/// mark, so Excel reads accents) once a file is chosen. `None` until then.
pub fn export_standings_csv(session: &Session, files: &mut Files, clicked: bool) -> Option<Notice> {
    if clicked {
        let title = &session.event().settings.title;
        files.ask(
            Purpose::ExportStandings,
            export(&format!("{title} standings"), "csv"),
        );
    }
    let path = files.answer(Purpose::ExportStandings)??;
    let bytes = standings_csv(session.standings(), true);
    Some(Notice::written(
        path.clone(),
        write_chosen(session, &path, &bytes),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_results_site_goes_into_a_new_folder_again_into_its_own_and_never_into_another() {
        let dir = std::env::temp_dir().join(format!("tourney-sheets-view-site-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let session = Session::demo(&dir).unwrap();
        let folder = dir.join("Demo results");
        let said = |notice: Notice| match notice {
            Notice::Said(text, file) => (text, file),
            Notice::Problem(problem) => (problem, None),
            Notice::Wrote(path) => (path.display().to_string(), None),
        };
        let (text, file) = said(write_site_into(&session, &folder));
        assert!(text.starts_with("Published "), "{text}");
        assert_eq!(file, Some(folder.join("index.html")));
        // Published again after a correction: its own pages are replaced.
        let (text, _) = said(write_site_into(&session, &folder));
        assert!(text.starts_with("Published "), "{text}");
        // A folder of other files is refused, and left as it was.
        let other = dir.join("club-site");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("index.html"), "<p>the club's page</p>").unwrap();
        let (text, file) = said(write_site_into(&session, &other));
        assert!(text.contains("has other files in it"), "{text}");
        assert_eq!(file, None);
        assert_eq!(
            std::fs::read_to_string(other.join("index.html")).unwrap(),
            "<p>the club's page</p>"
        );
    }

    #[test]
    fn the_demo_prints_its_sheets_with_standings() {
        let dir = std::env::temp_dir().join(format!("tourney-sheets-view-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let session = Session::demo(&dir).unwrap();
        let view = SheetsView {
            standings: true,
            ..SheetsView::default()
        };
        let path = dir.join("demo.pdf");
        view.write_pdf(&session, &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        assert!(bytes.len() > 10_000, "{} bytes", bytes.len());
    }
}
