//! A read-only table that lays out only the cells in view, with a header row that stays at
//! the top and first columns that stay at the left while the rest scrolls. A 400-player
//! schedule (400 rows, hundreds of rounds) costs a frame what a screenful of cells costs.

use eframe::egui;

pub struct VirtualGrid<'a> {
    pub id: &'a str,
    pub headings: &'a [String],
    /// One width per column, in points.
    pub widths: &'a [f32],
    pub rows: usize,
    /// Leading columns that stay in view when scrolling sideways (e.g. the player's name).
    pub frozen_columns: usize,
}

pub const ROW_HEIGHT: f32 = 20.0;

impl VirtualGrid<'_> {
    /// Draws the grid; `cell(row, column)` gives a cell's text and is called only for the
    /// cells in view.
    pub fn show(self, ui: &mut egui::Ui, cell: impl Fn(usize, usize) -> String) {
        let columns = self.widths.len();
        let mut starts = Vec::with_capacity(columns + 1);
        let mut x = 0.0;
        for width in self.widths {
            starts.push(x);
            x += width;
        }
        let total_width = x;
        let frozen = self.frozen_columns.min(columns);
        let frozen_width = starts.get(frozen).copied().unwrap_or(total_width);
        let visuals = ui.visuals().clone();
        egui::ScrollArea::both()
            .id_salt(self.id)
            .auto_shrink([false, false])
            .show_viewport(ui, |ui, viewport| {
                let size = egui::vec2(total_width, ROW_HEIGHT * (self.rows + 1) as f32);
                let (content, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                let origin = content.min;
                let first_row = ((viewport.min.y / ROW_HEIGHT).floor() as usize).min(self.rows);
                let last_row = ((viewport.max.y / ROW_HEIGHT).ceil() as usize).min(self.rows);
                let visible_column = |c: usize| {
                    starts[c] + self.widths[c] >= viewport.min.x + frozen_width && starts[c] <= viewport.max.x
                };
                let painter = ui.painter().clone();
                let cell_rect = |x: f32, y: f32, width: f32| {
                    egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(width, ROW_HEIGHT))
                };
                // Body rows (the header takes the first row's height at the top of the view).
                for row in first_row..last_row {
                    let y = origin.y + ROW_HEIGHT * (row + 1) as f32;
                    if row % 2 == 1 {
                        painter.rect_filled(
                            cell_rect(origin.x + viewport.min.x, y, viewport.width()),
                            0.0,
                            visuals.faint_bg_color,
                        );
                    }
                    for c in (frozen..columns).filter(|&c| visible_column(c)) {
                        put(
                            ui,
                            cell_rect(origin.x + starts[c], y, self.widths[c]),
                            cell(row, c),
                            false,
                        );
                    }
                    // Frozen columns sit at the left edge of the view, over what scrolled there.
                    let left = origin.x + viewport.min.x;
                    if frozen > 0 {
                        let fill = if row % 2 == 1 {
                            visuals.faint_bg_color.blend(visuals.panel_fill)
                        } else {
                            visuals.panel_fill
                        };
                        painter.rect_filled(cell_rect(left, y, frozen_width), 0.0, visuals.panel_fill);
                        painter.rect_filled(cell_rect(left, y, frozen_width), 0.0, fill);
                    }
                    for (c, start) in starts.iter().enumerate().take(frozen) {
                        put(
                            ui,
                            cell_rect(left + start, y, self.widths[c]),
                            cell(row, c),
                            false,
                        );
                    }
                }
                // The header row at the top of the view.
                let top = origin.y + viewport.min.y;
                painter.rect_filled(
                    cell_rect(origin.x + viewport.min.x, top, viewport.width()),
                    0.0,
                    visuals.widgets.noninteractive.bg_fill,
                );
                for c in (frozen..columns).filter(|&c| visible_column(c)) {
                    put(
                        ui,
                        cell_rect(origin.x + starts[c], top, self.widths[c]),
                        self.headings.get(c).cloned().unwrap_or_default(),
                        true,
                    );
                }
                let left = origin.x + viewport.min.x;
                if frozen > 0 {
                    painter.rect_filled(
                        cell_rect(left, top, frozen_width),
                        0.0,
                        visuals.widgets.noninteractive.bg_fill,
                    );
                }
                for (c, start) in starts.iter().enumerate().take(frozen) {
                    put(
                        ui,
                        cell_rect(left + start, top, self.widths[c]),
                        self.headings.get(c).cloned().unwrap_or_default(),
                        true,
                    );
                }
            });
    }
}

fn put(ui: &mut egui::Ui, rect: egui::Rect, text: String, heading: bool) {
    let text = if heading {
        egui::RichText::new(text).strong()
    } else {
        egui::RichText::new(text)
    };
    text_at(ui, rect, text);
}

/// A line of text, left-aligned and vertically centred in `rect` (cut short with "…" when it
/// does not fit; the whole text shows on hover).
fn text_at(ui: &mut egui::Ui, rect: egui::Rect, text: egui::RichText) {
    ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(egui::vec2(4.0, 0.0)))
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
        |ui| ui.add(egui::Label::new(text).truncate()),
    );
}
