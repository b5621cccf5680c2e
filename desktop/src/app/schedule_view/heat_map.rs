//! The audit's heat map: who met whom how often as one square per pair, each row named at
//! its left ("3 Carol Dunn") and each column numbered along the top, the pair under the
//! pointer named in a tooltip; its legend; and the pairs kept apart (couples, never-partner
//! pairs) called out by name with what the schedule did with them.

use eframe::egui;
use scheduler::audit::kept_apart::kept_apart;
use scheduler::audit::{Audit, PairMatrix, how_often};
use scheduler::model::{Roster, Schedule};

/// The map's image, drawn once per (schedule revision, matrix, dark theme).
#[derive(Default)]
pub struct HeatMap {
    texture: Option<((u64, usize, bool), egui::TextureHandle)>,
}

/// The height of a row name and of the column numbers (small text).
const AXIS_TEXT: f32 = 12.0;
/// The widest a row name may be; a longer one is cut (whole on hover and in the tooltip).
const MOST_NAME_WIDTH: f32 = 170.0;

impl HeatMap {
    /// Draws the map of `matrix` (the `which`-th of the audit) with its axes, the squares
    /// `side` points across in all; the names take room to the left, the numbers above.
    pub fn ui(&mut self, ui: &mut egui::Ui, revision: u64, which: usize, matrix: &PairMatrix, side: f32) {
        let n = matrix.size();
        if n == 0 {
            return;
        }
        let texture = self.texture(ui, (revision, which, ui.visuals().dark_mode), matrix);
        let cell = side / n as f32;
        // Every row named when the rows are tall enough for small text; on a large field every
        // 2nd, 5th, 10th… numbered, the entrants' table beside the map being the key.
        let row_step = step_for(cell, AXIS_TEXT);
        let row_text = |i: usize| {
            if row_step == 1 {
                format!("{} {}", i + 1, matrix.labels[i])
            } else {
                (i + 1).to_string()
            }
        };
        // Names in the body text when the rows are tall enough, small text otherwise.
        let row_style = if cell >= 18.0 {
            egui::TextStyle::Body
        } else {
            egui::TextStyle::Small
        };
        let measure = |text: String, style: &egui::TextStyle| {
            let font = style.resolve(ui.style());
            ui.fonts_mut(|f| f.layout_no_wrap(text, font, egui::Color32::PLACEHOLDER).size().x)
        };
        let names_width = (0..n)
            .step_by(row_step)
            .map(|i| measure(row_text(i), &row_style))
            .fold(0.0, f32::max)
            .min(MOST_NAME_WIDTH)
            + 6.0;
        let column_step = step_for(cell, measure(n.to_string(), &egui::TextStyle::Small) + 4.0);

        let (block, _) = ui.allocate_exact_size(
            egui::vec2(names_width + side, AXIS_TEXT + 2.0 + side),
            egui::Sense::hover(),
        );
        let map = egui::Rect::from_min_size(
            block.min + egui::vec2(names_width, AXIS_TEXT + 2.0),
            egui::vec2(side, side),
        );
        for i in (0..n).step_by(row_step) {
            let centre = map.top() + (i as f32 + 0.5) * cell;
            let rect = egui::Rect::from_center_size(
                egui::pos2(block.left() + (names_width - 6.0) / 2.0, centre),
                egui::vec2(names_width - 6.0, cell.max(AXIS_TEXT)),
            );
            let text = egui::RichText::new(row_text(i)).text_style(row_style.clone());
            axis_text(ui, rect, egui::Align::Max, text, None);
        }
        for j in (0..n).step_by(column_step) {
            let centre = map.left() + (j as f32 + 0.5) * cell;
            let rect = egui::Rect::from_center_size(
                egui::pos2(centre, block.top() + AXIS_TEXT / 2.0),
                egui::vec2(cell * column_step as f32, AXIS_TEXT),
            );
            let text = egui::RichText::new((j + 1).to_string()).small();
            axis_text(
                ui,
                rect,
                egui::Align::Center,
                text,
                Some(format!("Column {}", j + 1)),
            );
        }

        let response = ui
            .put(
                map,
                egui::Image::new((texture, egui::vec2(side, side))).sense(egui::Sense::hover()),
            )
            .on_hover_cursor(egui::CursorIcon::Crosshair);
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Image,
                true,
                format!("Heat map of {}: {}", matrix.name, matrix.summary()),
            )
        });
        if let Some(pointer) = response.hover_pos() {
            let col = ((pointer.x - map.left()) / cell).floor() as usize;
            let row = ((pointer.y - map.top()) / cell).floor() as usize;
            if row < n && col < n && row != col {
                response.on_hover_text_at_pointer(format!(
                    "{} {} & {} {}: {} {}",
                    row + 1,
                    matrix.labels[row],
                    col + 1,
                    matrix.labels[col],
                    matrix.name,
                    how_often(matrix.get(row, col))
                ));
            }
        }
    }

    /// The matrix as an image, one texel a pair, made again only when the key changes.
    fn texture(&mut self, ui: &egui::Ui, key: (u64, usize, bool), matrix: &PairMatrix) -> egui::TextureId {
        if let Some((made, texture)) = &self.texture
            && *made == key
        {
            return texture.id();
        }
        let n = matrix.size();
        let dark = key.2;
        let palette: Vec<egui::Color32> = (0..=matrix.max())
            .map(|count| heat_colour(count, matrix.max(), dark))
            .collect();
        let mut pixels: Vec<egui::Color32> = matrix.counts().iter().map(|&c| palette[c as usize]).collect();
        for a in 0..n {
            pixels[a * n + a] = ui.visuals().extreme_bg_color;
        }
        let image = egui::ColorImage::new([n, n], pixels);
        let texture = ui
            .ctx()
            .load_texture("heat-map", image, egui::TextureOptions::NEAREST);
        let id = texture.id();
        self.texture = Some((key, texture));
        id
    }
}

/// Every `step`-th row (or column) is labelled: the smallest of 1, 2, 5, 10, 20, 50… whose
/// rows together are at least `needed` points.
fn step_for(cell: f32, needed: f32) -> usize {
    [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|&step| step as f32 * cell >= needed)
        .unwrap_or(1000)
}

/// Small text in `rect`, aligned as `align` across and centred up and down, cut with "…"
/// when it does not fit; `name` is its accessible name when the text alone says too little.
fn axis_text(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    align: egui::Align,
    text: egui::RichText,
    name: Option<String>,
) {
    let layout = match align {
        egui::Align::Max => egui::Layout::right_to_left(egui::Align::Center),
        egui::Align::Min => egui::Layout::left_to_right(egui::Align::Center),
        egui::Align::Center => egui::Layout::centered_and_justified(egui::Direction::LeftToRight),
    };
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), |ui| {
        let response = ui.add(egui::Label::new(text).truncate());
        if let Some(name) = name {
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, name.clone()));
        }
    });
}

pub fn matrix_title(matrix: &PairMatrix) -> String {
    match matrix.name {
        "partners" => "Partners".into(),
        "opponents" => "Opponents".into(),
        "met" => "Who met whom".into(),
        "team games" => "Team against team".into(),
        other => other.into(),
    }
}

/// Never is quiet, more is darker (light theme) or brighter (dark theme).
fn heat_colour(count: u16, max: u16, dark: bool) -> egui::Color32 {
    if count == 0 {
        return if dark {
            egui::Color32::from_gray(40)
        } else {
            egui::Color32::from_gray(235)
        };
    }
    let t = count as f32 / max.max(1) as f32;
    let (from, to) = if dark {
        ([30.0, 90.0, 140.0], [250.0, 200.0, 60.0])
    } else {
        ([150.0, 200.0, 240.0], [200.0, 60.0, 20.0])
    };
    let mix = |i: usize| (from[i] + (to[i] - from[i]) * t) as u8;
    egui::Color32::from_rgb(mix(0), mix(1), mix(2))
}

/// A colour square per count with how many pairs have it.
pub fn legend(ui: &mut egui::Ui, matrix: &PairMatrix, word: &str) {
    let dark = ui.visuals().dark_mode;
    for (times, pairs) in matrix.histogram() {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 2.0, heat_colour(times, matrix.max(), dark));
            ui.label(format!("{} {}: {pairs} pair(s)", matrix.name, how_often(times)));
        });
    }
    ui.small(format!(
        "Rows and columns go by the {word}'s number (#); point at a square to see who it is."
    ));
}

/// "Kept apart:" and a line per couple or never-partner pair, from the library's audit.
pub fn kept_apart_ui(ui: &mut egui::Ui, schedule: &Schedule, roster: &Roster, audit: &Audit) {
    let pairs = kept_apart(schedule, roster);
    if pairs.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.strong("Kept apart:");
    for pair in pairs {
        ui.label(pair.describe(schedule, audit));
    }
}
