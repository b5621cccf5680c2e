//! The banner: an important message (a problem, a file written) shown under the top bar
//! until dismissed, offering to open a written file or its folder; and the notices views
//! send it.
//!
//! The banner is a panel of its own between the top bar and the view: it takes its room and
//! pushes the view down, never drawn over it. A banner usually appears in the middle of a
//! frame (a view's notice, after its panel's place was passed); that frame is then drawn again
//! at once with the banner in place, so what the organiser sees, and clicks next, is never the
//! view in its old place about to jump down (the window otherwise draws again only on the next
//! input or a second later). The same when a banner goes.

use super::{TourneyApp, opener};
use eframe::egui;
use std::path::PathBuf;

/// What a view reports after an action that matters: shown in the banner.
pub enum Notice {
    /// Something went wrong: what, in words.
    Problem(String),
    /// A file was written: the banner offers to open it or its folder.
    Wrote(PathBuf),
    /// Something else the organiser should see (a print sent, or why it was not), with the
    /// file to open when there is one.
    Said(String, Option<PathBuf>),
}

impl Notice {
    /// The banner for a write to `path` that ended with `result`.
    pub fn written(path: PathBuf, result: Result<(), String>) -> Notice {
        match result {
            Ok(()) => Notice::Wrote(path),
            Err(problem) => Notice::Problem(format!("Not written: {problem}")),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum BannerKind {
    Problem,
    Done,
    Note,
}

/// A message that stays where the eye is (under the top bar) until dismissed; after an
/// export it offers to open the file or its folder.
pub(crate) struct Banner {
    pub(crate) kind: BannerKind,
    pub(crate) text: String,
    pub(super) file: Option<PathBuf>,
}

impl TourneyApp {
    /// A problem the organiser must see: in the banner (and the status line).
    pub(super) fn show_problem(&mut self, problem: String) {
        self.status = problem.clone();
        self.banner = Some(Banner {
            kind: BannerKind::Problem,
            text: problem,
            file: None,
        });
    }

    pub(super) fn show_notice(&mut self, notice: Notice) {
        match notice {
            Notice::Problem(problem) => self.show_problem(problem),
            Notice::Wrote(path) => {
                self.status = format!("Wrote {}", path.display());
                self.banner = Some(Banner {
                    kind: BannerKind::Done,
                    text: format!("Wrote {}", path.display()),
                    file: Some(path),
                });
            }
            Notice::Said(text, file) => {
                self.status = text.clone();
                self.banner = Some(Banner {
                    kind: BannerKind::Note,
                    text,
                    file,
                });
            }
        }
    }

    /// The banner's panel under the top bar, when there is a banner: the view is laid out
    /// below it. Returns the text drawn (for [`TourneyApp::settle_banner`]).
    pub(super) fn banner_panel(&mut self, ui: &mut egui::Ui) -> Option<String> {
        let text = self.banner.as_ref()?.text.clone();
        egui::Panel::top("banner").show(ui, |ui| self.banner_ui(ui));
        Some(text)
    }

    /// At the end of a frame: when the banner came, went or changed after its panel was
    /// drawn with `drawn`, the view below was laid out for the old one: the frame is drawn
    /// again at once with the view where it now belongs.
    pub(super) fn settle_banner(&self, drawn: Option<String>, ctx: &egui::Context) {
        if self.banner.as_ref().map(|b| &b.text) != drawn.as_ref() {
            ctx.request_discard("the banner came, went or changed after the view was laid out");
            // Should this frame already be the second pass, the next one comes at once.
            ctx.request_repaint();
        }
    }

    /// The banner: the message, Open / Show in folder after an export, and Dismiss.
    pub(super) fn banner_ui(&mut self, ui: &mut egui::Ui) {
        let Some(banner) = &self.banner else {
            return;
        };
        let dark = ui.visuals().dark_mode;
        let fill = match (banner.kind, dark) {
            (BannerKind::Problem, false) => egui::Color32::from_rgb(255, 222, 222),
            (BannerKind::Problem, true) => egui::Color32::from_rgb(100, 28, 28),
            (BannerKind::Done, false) => egui::Color32::from_rgb(214, 242, 220),
            (BannerKind::Done, true) => egui::Color32::from_rgb(24, 80, 44),
            (BannerKind::Note, false) => egui::Color32::from_rgb(255, 240, 200),
            (BannerKind::Note, true) => egui::Color32::from_rgb(90, 70, 20),
        };
        let text_color = if dark {
            egui::Color32::WHITE
        } else {
            egui::Color32::BLACK
        };
        let mut dismiss = false;
        let mut reveal = None;
        egui::Frame::new()
            .fill(fill)
            .inner_margin(8.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.add(
                        egui::Label::new(egui::RichText::new(&banner.text).color(text_color).strong())
                            .selectable(true),
                    );
                    if banner.file.is_some() {
                        if ui
                            .button("Open")
                            .on_hover_text("With the system's program for it")
                            .clicked()
                        {
                            reveal = Some(opener::Reveal::File);
                        }
                        if ui.button("Show in folder").clicked() {
                            reveal = Some(opener::Reveal::Folder);
                        }
                    }
                    if ui.button("Dismiss").clicked() {
                        dismiss = true;
                    }
                });
            });
        if let (Some(how), Some(file)) = (reveal, banner.file.clone()) {
            match (self.opener)(&file, how) {
                Ok(message) => self.status = message,
                Err(problem) => self.show_problem(problem),
            }
        }
        if dismiss {
            self.banner = None;
        }
    }
}
