//! Look and size: the fonts the window installs (for names in any script) and the
//! organiser's preferences (theme, text size, file dialog), kept between runs, with the View
//! menu that changes them.

use super::{DialogChoice, TourneyApp};
use eframe::egui;

/// egui's own fonts first, then the fonts the printed sheets use for what they lack: Chinese,
/// Japanese and Korean names, arrows and symbols. Without them such names show as boxes.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in [
        ("droid-sans-fallback", scheduler::sheets::pdf::CJK_FONT),
        ("dejavu-sans", scheduler::sheets::pdf::SYMBOL_FONT),
    ] {
        fonts.font_data.insert(
            name.to_owned(),
            std::sync::Arc::new(egui::FontData::from_static(bytes)),
        );
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.to_owned());
        }
    }
    ctx.set_fonts(fonts);
}

/// Look and size, kept in eframe's storage between runs (never anything about events).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Preferences {
    pub theme: egui::ThemePreference,
    pub zoom: f32,
    /// Tourney's own file dialog even where the system has one.
    pub own_file_dialog: bool,
}

/// The text sizes View → Larger and Smaller step through.
const ZOOM_STEPS: [f32; 9] = [0.75, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0];

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            theme: egui::ThemePreference::System,
            zoom: 1.0,
            own_file_dialog: false,
        }
    }
}

impl Preferences {
    pub(super) fn parse(text: &str) -> Self {
        let mut preferences = Preferences::default();
        for line in text.lines() {
            match line.split_once('=') {
                Some(("theme", "light")) => preferences.theme = egui::ThemePreference::Light,
                Some(("theme", "dark")) => preferences.theme = egui::ThemePreference::Dark,
                Some(("file_dialog", "own")) => preferences.own_file_dialog = true,
                Some(("zoom", value)) => {
                    if let Ok(zoom) = value.parse::<f32>()
                        && (0.5..=3.0).contains(&zoom)
                    {
                        preferences.zoom = zoom;
                    }
                }
                _ => {}
            }
        }
        preferences
    }

    pub(super) fn to_text(self) -> String {
        let theme = match self.theme {
            egui::ThemePreference::Light => "light",
            egui::ThemePreference::Dark => "dark",
            egui::ThemePreference::System => "system",
        };
        let dialog = if self.own_file_dialog { "own" } else { "system" };
        format!("theme={theme}\nzoom={}\nfile_dialog={dialog}\n", self.zoom)
    }

    pub(super) fn apply(self, ctx: &egui::Context) {
        ctx.set_theme(self.theme);
        ctx.set_zoom_factor(self.zoom);
    }
}

impl TourneyApp {
    /// Theme, text size and file dialog, applied at once and remembered. The menu stays open
    /// while they are changed (a click outside closes it).
    pub(super) fn preferences_ui(&mut self, ui: &mut egui::Ui) {
        let before = self.preferences;
        let config = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("View")
            .config(config)
            .ui(ui, |ui| {
                ui.label("Theme");
                ui.radio_value(&mut self.preferences.theme, egui::ThemePreference::Light, "Light");
                ui.radio_value(&mut self.preferences.theme, egui::ThemePreference::Dark, "Dark");
                ui.radio_value(
                    &mut self.preferences.theme,
                    egui::ThemePreference::System,
                    "As the system",
                );
                ui.separator();
                ui.label("Text size");
                ui.horizontal(|ui| {
                    let zoom = self.preferences.zoom;
                    if ui.button("Smaller").clicked() {
                        self.preferences.zoom = ZOOM_STEPS
                            .into_iter()
                            .rev()
                            .find(|&z| z < zoom - 0.01)
                            .unwrap_or(ZOOM_STEPS[0]);
                    }
                    if ui.button("Normal size").clicked() {
                        self.preferences.zoom = 1.0;
                    }
                    if ui.button("Larger").clicked() {
                        self.preferences.zoom = ZOOM_STEPS
                            .into_iter()
                            .find(|&z| z > zoom + 0.01)
                            .unwrap_or(ZOOM_STEPS[ZOOM_STEPS.len() - 1]);
                    }
                });
                ui.label(format!("{:.0} %", self.preferences.zoom * 100.0));
                ui.separator();
                ui.checkbox(&mut self.preferences.own_file_dialog, "Tourney's own file dialog")
                    .on_hover_text("Instead of the system's (used anyway where the desktop has none)");
                ui.separator();
                if ui.button("About Tourney").clicked() {
                    self.show_about = true;
                    ui.close();
                }
            });
        // Ctrl+plus / Ctrl+minus (egui's own zoom keys) change the same setting.
        let zoom = ui.ctx().zoom_factor();
        if (zoom - before.zoom).abs() > 0.001 && before == self.preferences {
            self.preferences.zoom = zoom;
        }
        if self.preferences != before {
            self.preferences.apply(ui.ctx());
        }
        self.files.choice = if self.preferences.own_file_dialog {
            DialogChoice::Own
        } else {
            DialogChoice::System
        };
    }
}
