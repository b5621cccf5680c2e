//! The solver tools, each in a panel: the league-table detective, logic grids and the
//! dic-dac-doe board. The input is typed or pasted (or opened from a file), the solver runs
//! as a background job with progress and Cancel, and the answer is shown with how sure it is
//! (unique, not unique with the second answer, or stopped) and the independent check.

use super::dialogs::{Files, Purpose, Request};
use super::job::{self, Job};
use super::options_form::row;
use eframe::egui;
use scheduler::milp::Backend;
use scheduler::scoring::league::PointsRule;
use scheduler::tools::dicdacdoe;
use scheduler::tools::league::{self, LeagueError, LeagueOptions, LeagueOutcome, LeagueTable, Uniqueness};
use scheduler::tools::logic_grid::{self, GridError, GridOutcome, Puzzle};

#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub enum Tool {
    #[default]
    League,
    LogicGrid,
    DicDacDoe,
}

#[derive(Default)]
pub struct ToolsView {
    pub tool: Tool,
    league: LeaguePanel,
    grid: GridPanel,
    board: BoardPanel,
}

impl ToolsView {
    pub fn ui(&mut self, ui: &mut egui::Ui, files: &mut Files) {
        ui.heading("Tools");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tool, Tool::League, "League table");
            ui.selectable_value(&mut self.tool, Tool::LogicGrid, "Logic grid");
            ui.selectable_value(&mut self.tool, Tool::DicDacDoe, "Dic-dac-doe");
        });
        ui.separator();
        match self.tool {
            Tool::League => self.league.ui(ui, files),
            Tool::LogicGrid => self.grid.ui(ui, files),
            Tool::DicDacDoe => self.board.ui(ui),
        }
    }

    #[cfg(test)]
    pub fn is_working(&self) -> bool {
        self.league.job.is_some() || self.grid.job.is_some() || self.board.job.is_some()
    }
}

/// Asks for a text file when `clicked` and reads the one chosen for `purpose`; the message
/// names the file when it cannot be read.
fn open_text(
    files: &mut Files,
    purpose: Purpose,
    clicked: bool,
    (title, filter, extensions): (&str, &str, &[&str]),
) -> Option<Result<String, String>> {
    if clicked {
        files.ask(
            purpose,
            Request::File {
                title: title.to_owned(),
                filter: filter.to_owned(),
                extensions: extensions.iter().map(|e| e.to_string()).collect(),
            },
        );
    }
    let path = files.answer(purpose)??;
    Some(
        std::fs::read(&path)
            .map(|bytes| scheduler::text::decode(&bytes).0)
            .map_err(|e| format!("{}: {e}", path.display())),
    )
}

fn multiline(ui: &mut egui::Ui, label: &str, text: &mut String, rows: usize) {
    let label = ui.label(label);
    ui.add(
        egui::TextEdit::multiline(text)
            .font(egui::TextStyle::Monospace)
            .desired_rows(rows)
            .desired_width(f32::INFINITY),
    )
    .labelled_by(label.id);
}

// ---------------------------------------------------------------------------------------

const LEAGUE_EXAMPLE: &str = "team,P,W,D,L,GF,GA,Pts
Foxholt,3,2,1,0,5,1,7
Marden,3,2,0,1,4,2,6
Westwell,3,1,1,1,3,1,4
Pinner,3,0,0,3,0,8,0
";

type LeagueAnswer = Result<(LeagueTable, LeagueOptions, LeagueOutcome), String>;

struct LeaguePanel {
    csv: String,
    win: f64,
    draw: f64,
    loss: f64,
    double: bool,
    known: String,
    seconds: f64,
    job: Option<Job<LeagueAnswer>>,
    answer: Option<LeagueAnswer>,
}

impl Default for LeaguePanel {
    fn default() -> Self {
        LeaguePanel {
            csv: LEAGUE_EXAMPLE.to_owned(),
            win: 3.0,
            draw: 1.0,
            loss: 0.0,
            double: false,
            known: String::new(),
            seconds: 30.0,
            job: None,
            answer: None,
        }
    }
}

impl LeaguePanel {
    fn ui(&mut self, ui: &mut egui::Ui, files: &mut Files) {
        ui.label("Give a final table (team, P, W, D, L, GF, GA, Pts): Tourney recovers every match score and says whether it is the only answer.");
        if job::poll(&mut self.job, &mut self.answer, ui, "Reconstructing…", |stage| {
            if stage >= 0.0 {
                "A reconstruction is found; checking whether it is the only one".into()
            } else {
                String::new()
            }
        }) {
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("league-tool")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    let clicked = ui.button("Open CSV…").clicked();
                    let asked = ("Open a league table", "CSV", &["csv", "txt"][..]);
                    if let Some(opened) = open_text(files, Purpose::LeagueTable, clicked, asked) {
                        match opened {
                            Ok(text) => self.csv = text,
                            Err(problem) => self.answer = Some(Err(problem)),
                        }
                    }
                    if ui.button("The example").clicked() {
                        self.csv = LEAGUE_EXAMPLE.to_owned();
                    }
                });
                multiline(ui, "Table (CSV)", &mut self.csv, 7);
                egui::Grid::new("league-options").num_columns(2).show(ui, |ui| {
                    row(ui, "Points for a win", |ui| {
                        ui.add(egui::DragValue::new(&mut self.win).speed(0.5))
                    });
                    row(ui, "Points for a draw", |ui| {
                        ui.add(egui::DragValue::new(&mut self.draw).speed(0.5))
                    });
                    row(ui, "Points for a defeat", |ui| {
                        ui.add(egui::DragValue::new(&mut self.loss).speed(0.5))
                    });
                    row(ui, "Double round robin", |ui| {
                        ui.checkbox(&mut self.double, "every pair met twice, home and away")
                    });
                    row(ui, "Time allowed", |ui| {
                        ui.add(
                            egui::DragValue::new(&mut self.seconds)
                                .range(1.0..=600.0)
                                .suffix(" s"),
                        )
                    });
                });
                multiline(
                    ui,
                    "Results you know, one a line, home first (Foxholt 2-0 Pinner)",
                    &mut self.known,
                    2,
                );
                if ui.button("Reconstruct").clicked() {
                    self.start(ui.ctx());
                }
                ui.separator();
                match &self.answer {
                    None => {}
                    Some(Err(problem)) => {
                        for line in problem.lines() {
                            ui.colored_label(super::ERROR_RED, line);
                        }
                    }
                    Some(Ok((table, options, outcome))) => league_answer_ui(ui, table, options, outcome),
                }
            });
    }

    fn start(&mut self, ctx: &egui::Context) {
        let table = match league::parse_table("the pasted table", self.csv.as_bytes()) {
            Ok(table) => table,
            Err(problems) => {
                self.answer = Some(Err(problems
                    .list
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")));
                return;
            }
        };
        let mut options = LeagueOptions {
            points: PointsRule {
                win: self.win,
                draw: self.draw,
                loss: self.loss,
            },
            double: self.double,
            ..LeagueOptions::default()
        };
        for line in self.known.lines().filter(|l| !l.trim().is_empty()) {
            match league::parse_known(line, &table) {
                Ok(known) => options.known.push(known),
                Err(problem) => {
                    self.answer = Some(Err(format!("Known results: {problem}")));
                    return;
                }
            }
        }
        self.answer = None;
        self.job = Some(Job::start(ctx, self.seconds, move |control| {
            // Progress is reported with quality 0 once a first answer is in.
            match league::reconstruct(&table, &options, control) {
                Ok(outcome) => Ok((table, options, outcome)),
                Err(LeagueError::Inconsistent(lines)) => {
                    Err(format!("The table does not add up:\n{}", lines.join("\n")))
                }
                Err(other) => Err(other.to_string()),
            }
        }));
    }
}

fn league_answer_ui(
    ui: &mut egui::Ui,
    table: &LeagueTable,
    options: &LeagueOptions,
    outcome: &LeagueOutcome,
) {
    let verdict = match &outcome.uniqueness {
        Uniqueness::Unique => "Unique: no other set of results gives this table.".to_owned(),
        Uniqueness::NotUnique(_) => {
            "Not unique: another set of results gives the same table (below).".to_owned()
        }
        Uniqueness::Unknown(why) => format!("Uniqueness unknown: {why}."),
    };
    let checked = league::check::check(table, &outcome.first, options);
    ui.strong(verdict);
    match &checked {
        Ok(()) => ui.label("Checked: the results give exactly this table."),
        Err(problems) => ui.colored_label(super::ERROR_RED, format!("Check failed: {}", problems.join("; "))),
    };
    results_grid(ui, "league-first", table, &outcome.first, options.double);
    if let Uniqueness::NotUnique(second) = &outcome.uniqueness {
        ui.add_space(8.0);
        ui.strong("The second answer differs in:");
        for line in outcome.first.differences(second, table) {
            ui.label(line);
        }
        results_grid(ui, "league-second", table, second, options.double);
    }
}

fn results_grid(
    ui: &mut egui::Ui,
    id: &str,
    table: &LeagueTable,
    reconstruction: &league::Reconstruction,
    double: bool,
) {
    let grid = reconstruction.grid(table, double);
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.label(if double { "home \\ away" } else { "" });
        for line in &table.lines {
            ui.strong(&line.team);
        }
        ui.end_row();
        for (line, cells) in table.lines.iter().zip(grid) {
            ui.strong(&line.team);
            for cell in cells {
                ui.label(if cell.is_empty() {
                    "not played".to_owned()
                } else {
                    cell
                });
            }
            ui.end_row();
        }
    });
}

// ---------------------------------------------------------------------------------------

const FOUR_FRIENDS: &str = "People: Ada, Bea, Cy, Dot
Pet: cat, dog, fish, bird
Drink: tea, cocoa, juice, water
City: Bath, Hull, Leeds, York
Ada drinks tea. The cat's owner lives in York. The fish's owner drinks water.
Of Bea and Dot, one drinks juice and the other lives in Leeds.
The dog's owner lives in Bath. Ada does not keep the dog. Dot drinks cocoa.
";
const ZEBRA: &str = include_str!("../../../fixtures/puzzles/zebra.txt");

type GridAnswer = Result<(Puzzle, GridOutcome), String>;

struct GridPanel {
    text: String,
    job: Option<Job<GridAnswer>>,
    answer: Option<GridAnswer>,
}

impl Default for GridPanel {
    fn default() -> Self {
        GridPanel {
            text: FOUR_FRIENDS.to_owned(),
            job: None,
            answer: None,
        }
    }
}

impl GridPanel {
    fn ui(&mut self, ui: &mut egui::Ui, files: &mut Files) {
        ui.label("Categories first (\"Pet: cat, dog, fish\"), then clues in plain English, each ending with a full stop. The user guide (docs/guide/solver-tools.md) lists the clue words Tourney understands.");
        if job::poll(&mut self.job, &mut self.answer, ui, "Solving…", |_| {
            "A solution is found; checking whether it is the only one".into()
        }) {
            return;
        }
        egui::ScrollArea::vertical().id_salt("grid-tool").show(ui, |ui| {
            ui.horizontal(|ui| {
                let clicked = ui.button("Open…").clicked();
                let asked = ("Open a puzzle", "Text", &["txt"][..]);
                if let Some(opened) = open_text(files, Purpose::Puzzle, clicked, asked) {
                    match opened {
                        Ok(text) => self.text = text,
                        Err(problem) => self.answer = Some(Err(problem)),
                    }
                }
                if ui.button("Four friends").clicked() {
                    self.text = FOUR_FRIENDS.to_owned();
                }
                if ui.button("The zebra puzzle").clicked() {
                    self.text = ZEBRA.to_owned();
                }
            });
            multiline(ui, "Puzzle", &mut self.text, 10);
            if ui.button("Solve").clicked() {
                match logic_grid::parse_puzzle(&self.text) {
                    Ok(puzzle) => {
                        self.answer = None;
                        self.job = Some(Job::start(ui.ctx(), 60.0, move |control| {
                            logic_grid::solve_puzzle(&puzzle, Backend::best_available(), control)
                                .map(|outcome| (puzzle, outcome))
                                .map_err(|e: GridError| e.to_string())
                        }));
                    }
                    Err(problem) => self.answer = Some(Err(problem.to_string())),
                }
            }
            ui.separator();
            match &self.answer {
                None => {}
                Some(Err(problem)) => {
                    ui.colored_label(super::ERROR_RED, problem);
                }
                Some(Ok((puzzle, outcome))) => {
                    ui.strong(match &outcome.uniqueness {
                        logic_grid::Uniqueness::Unique => {
                            "Unique: no other arrangement fits every clue.".to_owned()
                        }
                        logic_grid::Uniqueness::NotUnique(_) => {
                            "Not unique: a second arrangement fits every clue too (below).".to_owned()
                        }
                        logic_grid::Uniqueness::Unknown(why) => format!("Uniqueness unknown: {why}."),
                    });
                    solution_grid(ui, "grid-first", puzzle, &outcome.first);
                    if let logic_grid::Uniqueness::NotUnique(second) = &outcome.uniqueness {
                        ui.add_space(8.0);
                        solution_grid(ui, "grid-second", puzzle, second);
                    }
                }
            }
        });
    }
}

fn solution_grid(ui: &mut egui::Ui, id: &str, puzzle: &Puzzle, solution: &logic_grid::Solution) {
    match logic_grid::check::check(puzzle, solution) {
        Ok(()) => ui.label(format!("Checked against all {} clues.", puzzle.clues.len())),
        Err(problems) => ui.colored_label(super::ERROR_RED, format!("Check failed: {}", problems.join("; "))),
    };
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        for category in &puzzle.categories {
            ui.strong(&category.name);
        }
        ui.end_row();
        for values in solution.rows(puzzle) {
            for value in values {
                ui.label(value);
            }
            ui.end_row();
        }
    });
}

// ---------------------------------------------------------------------------------------

struct BoardPanel {
    size: usize,
    moves: usize,
    seconds: f64,
    seed: u64,
    job: Option<Job<Result<dicdacdoe::Outcome, String>>>,
    answer: Option<Result<dicdacdoe::Outcome, String>>,
}

impl Default for BoardPanel {
    fn default() -> Self {
        BoardPanel {
            size: 10,
            moves: 80,
            seconds: 60.0,
            seed: 1,
            job: None,
            answer: None,
        }
    }
}

impl BoardPanel {
    fn ui(&mut self, ui: &mut egui::Ui) {
        ui.label("Three players X, O and + take turns; three in a row wins. Find a position after so many moves where nobody can ever win, even if every empty cell were filled. Fewer moves (more empty cells) is harder.");
        if job::poll(&mut self.job, &mut self.answer, ui, "Searching…", |broken| {
            format!("Best board so far: {broken:.0} line(s) of three could still be completed")
        }) {
            return;
        }
        egui::Grid::new("board-options").num_columns(2).show(ui, |ui| {
            let size = self.size;
            row(ui, "Board size", |ui| {
                ui.add(
                    egui::DragValue::new(&mut self.size)
                        .range(3..=30)
                        .suffix(format!(" × {size}")),
                )
            });
            let cells = self.size * self.size;
            self.moves = self.moves.min(cells);
            row(ui, "Moves played", |ui| {
                ui.add(egui::DragValue::new(&mut self.moves).range(0..=cells))
            });
            row(ui, "Time allowed", |ui| {
                ui.add(
                    egui::DragValue::new(&mut self.seconds)
                        .range(1.0..=3600.0)
                        .suffix(" s"),
                )
            });
            row(ui, "Seed", |ui| ui.add(egui::DragValue::new(&mut self.seed)));
        });
        if ui.button("Search").clicked() {
            let (n, m, seed) = (self.size, self.moves, self.seed);
            self.answer = None;
            self.job = Some(Job::start(ui.ctx(), self.seconds, move |control| {
                let options = dicdacdoe::SearchOptions {
                    seed,
                    ..dicdacdoe::SearchOptions::default()
                };
                dicdacdoe::solve(n, m, &options, control)
            }));
        }
        ui.separator();
        match &self.answer {
            None => {}
            Some(Err(problem)) => {
                ui.colored_label(super::ERROR_RED, problem);
            }
            Some(Ok(outcome)) => {
                let text = outcome.board.to_string();
                let problems = dicdacdoe::check::check(&text, outcome.board.n, outcome.moves);
                if problems.is_empty() {
                    ui.colored_label(
                        super::DONE_GREEN,
                        format!(
                            "Found and checked: after {} moves no line of three can ever be completed.",
                            outcome.moves
                        ),
                    );
                } else {
                    ui.colored_label(
                        super::WARNING_ORANGE,
                        format!(
                            "Best board found: {} line(s) of three could still be completed (the checker lists {} problem(s)).",
                            outcome.broken_lines,
                            problems.len()
                        ),
                    );
                }
                if ui.button("Copy the board").clicked() {
                    ui.ctx().copy_text(text.clone());
                }
                ui.add(egui::Label::new(board_layout(ui, &text)));
            }
        }
    }
}

/// The board in a large monospace font, one colour per player, empty cells faint, spaced
/// so the rows read as a grid.
fn board_layout(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let font = egui::FontId::monospace(18.0);
    let faint = ui.visuals().weak_text_color();
    let mut job = egui::text::LayoutJob::default();
    for c in text.chars() {
        let color = match c {
            'X' => egui::Color32::from_rgb(40, 100, 200),
            'O' => egui::Color32::from_rgb(200, 60, 40),
            '+' => egui::Color32::from_rgb(30, 150, 70),
            _ => faint,
        };
        let shown = if c == '\n' {
            "\n".to_owned()
        } else {
            format!("{c} ")
        };
        job.append(&shown, 0.0, egui::TextFormat::simple(font.clone(), color));
    }
    job
}
