//! The shape every view of an open event has (egui_demo_lib's: one trait, a new view is one
//! file and a line in `views.rs`): it draws itself for one frame from
//! the session's read copies and returns what it wants done — changes to save (carried out
//! through the library's one write path by `TourneyApp`) and a notice for the banner.

use super::Notice;
use super::dialogs::Files;
use eframe::egui;
use scheduler::event::session::{Command, Session};

/// What a view asks for after one frame.
#[derive(Default)]
pub struct Outcome {
    /// Changes to the event, carried out in order through `Session::apply`.
    pub commands: Vec<Command>,
    /// Something written, or a problem, for the banner.
    pub notice: Option<Notice>,
}

impl From<Vec<Command>> for Outcome {
    fn from(commands: Vec<Command>) -> Outcome {
        Outcome {
            commands,
            notice: None,
        }
    }
}

impl From<Option<Notice>> for Outcome {
    fn from(notice: Option<Notice>) -> Outcome {
        Outcome {
            commands: Vec::new(),
            notice,
        }
    }
}

/// One tab of an open event.
pub trait EventView {
    /// Draws the view for one frame. `files` asks the file dialogs (imports, exports); the
    /// session is read only: changes go back in the outcome.
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome;
}
