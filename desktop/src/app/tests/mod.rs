//! The window driven as an organiser would, by role and label (egui_kittest over AccessKit):
//! a whole evening from the demo to the standings, roster edits with undo, generating again,
//! keyboard entry, theme and text size. Every `run()` also checks that each control has an
//! accessible name. Snapshot images of each view are compared with `tests/snapshots/`
//! (`UPDATE_SNAPSHOTS=1 cargo test -p tourney` writes them anew).

use super::dialogs::ScriptedDialogs;
use super::*;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotOptions};
use std::time::Duration;

// One file per area, each owning its tests; the helpers above are shared.
mod deal_analysis;
mod director;
mod files;
mod late_entries;
mod late_pair;
mod member_picker;
mod members;
mod phones;
mod relay_night;
mod results_entry;
mod swiss_pairs;
mod swiss_teams;
mod team_players;
mod teams_phones;
mod views;
mod whist_drive;
mod who_played;
mod window_outputs;

pub(super) const SIZE: egui::Vec2 = egui::vec2(1100.0, 720.0);

/// A fresh folder for one test (its own name: tests run in parallel).
pub(super) fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-app-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text of a PDF the window wrote, every page, with all whitespace removed (typst places
/// words one by one, so spaces fall unpredictably).
pub(super) fn pdf_text(path: &Path) -> String {
    let document = lopdf::Document::load(path).expect("the PDF was written");
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    document
        .extract_text(&pages)
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// A Swiss of `teams` numbered teams ("Team 1" …) over `rounds` rounds of `boards`-board
/// matches, round 1 paired.
pub(super) fn swiss_teams(title: &str, teams: usize, rounds: usize, boards: u32) -> scheduler::event::Event {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    let mut spec = NewEvent::new(
        title,
        EventFormat::Teams,
        scheduler::model::Roster::numbered_teams(teams),
    );
    spec.options.swiss = true;
    spec.options.rounds = Some(rounds);
    spec.options.boards_per_round = boards;
    build_event(&spec, &scheduler::solver::Control::unlimited())
        .expect("a Swiss of teams is built")
        .0
}

pub(super) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/rosters")
        .join(name)
}

pub(super) fn harness(app: TourneyApp) -> Harness<'static, TourneyApp> {
    let mut harness = Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut TourneyApp| app.show(ui), app);
    install_fonts(&harness.ctx);
    harness.ctx.set_theme(egui::ThemePreference::Light);
    harness.run();
    harness
}

/// The window with the event at `path` open on its Results view (its data folder in `dir`,
/// no file dialog answered).
pub(super) fn results_view(dir: &Path, path: &Path) -> Harness<'static, TourneyApp> {
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(Vec::new()),
    ));
    harness.state_mut().open(path);
    harness.run();
    harness.get_by_label("Results").click();
    harness.run();
    harness
}

/// System dialogs answering with these files in turn (`None`: cancelled).
pub(super) fn scripted(answers: Vec<Option<PathBuf>>) -> Box<ScriptedDialogs> {
    Box::new(ScriptedDialogs {
        answers: answers
            .into_iter()
            .map(|a| a.map_or(super::dialogs::Answer::Cancelled, super::dialogs::Answer::Chosen))
            .collect(),
        ..ScriptedDialogs::default()
    })
}

/// Steps the window until the background generation is done (the window keeps drawing).
pub(super) fn wait_for_generation(
    harness: &mut Harness<'static, TourneyApp>,
    running: fn(&TourneyApp) -> bool,
) -> usize {
    let mut frames = 0;
    let started = std::time::Instant::now();
    while running(harness.state()) {
        harness.step();
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "generation did not finish"
        );
    }
    harness.run();
    frames
}

fn session<'a>(harness: &'a Harness<'static, TourneyApp>) -> &'a Session {
    harness.state().session.as_ref().expect("an open event")
}

pub(super) fn snapshot_options() -> SnapshotOptions {
    SnapshotOptions::new().output_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/snapshots"))
}

/// The organiser's evening of the desktop issue: demo → new event → import a fixture roster →
/// generate a 16-player whist drive → export the PDF → enter round 1 → the standings show the
/// right leaders.
#[test]
fn a_whole_evening_from_the_demo_to_the_standings() {
    let dir = folder("evening");
    let event_path = dir.join("club night.tourney");
    let pdf_path = dir.join("club night.pdf");
    let dialogs = scripted(vec![
        Some(fixture("whist_16_international.csv")),
        Some(event_path.clone()),
        Some(pdf_path.clone()),
    ]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    // The demo is open and alive.
    harness.get_by_label("Demo whist drive");
    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label("New event…").click();
    harness.run();
    harness.get_by_label("Name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Name").type_text("Club night");
    harness.run();
    harness.get_by_label("Import CSV…").click();
    harness.run();
    // The preview: how the file was read, its players, no problems.
    harness.get_by_label("whist_16_international.csv: 16 player(s)");
    harness.get_by_label("No problems found.");
    assert_eq!(
        harness.get_all_by_label("王小明").count(),
        2,
        "the name, and as 李静怡's spouse"
    );
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    let frames = wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert!(frames >= 1, "the window drew frames while the schedule was made");
    assert_eq!(harness.state().screen, Screen::Event);
    assert_eq!(session(&harness).path(), event_path);
    assert_eq!(session(&harness).event().schedule.entrants.len(), 16);
    assert_eq!(session(&harness).event().settings.title, "Club night");
    // The schedule view opens on round 1; the couples never partner (the audit says so).
    harness.get_by_label("Audit").click();
    harness.run();
    let summary = session(&harness).audit().matrices[0].summary();
    assert!(summary.starts_with("partners: "), "{summary}");
    harness.get_by_label(&summary);
    assert_eq!(
        session(&harness).audit().matrices[0].get(0, 1),
        0,
        "Łukasz and Agnieszka are a couple and never partner"
    );
    // Print.
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label("Export PDF…").click();
    harness.run();
    let pdf = std::fs::read(&pdf_path).expect("the PDF was written");
    assert!(pdf.starts_with(b"%PDF") && pdf.len() > 10_000);
    // Said in the banner, with Open and Show in folder.
    let banner = harness.state().banner.as_ref().expect("a banner");
    assert_eq!(
        (banner.kind, banner.text.as_str()),
        (BannerKind::Done, format!("Wrote {}", pdf_path.display()).as_str())
    );
    harness.get_by_label("Show in folder");
    // Round 1: type N-S, Tab fills in E-W, Enter saves and moves to the next table.
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("Round 1: 0 of 4 results");
    let north_south = ["19", "13", "10", "14"];
    for (table, tricks) in north_south.iter().enumerate() {
        let field = format!("Table {} N-S tricks", table + 1);
        if table == 0 {
            harness.get_by_label(&field).click();
            harness.run();
        }
        assert!(
            harness.get_by_label(&field).is_focused(),
            "{field} has the keyboard"
        );
        harness.get_by_label(&field).type_text(tricks);
        harness.key_press(egui::Key::Tab);
        harness.run();
        let other = format!("Table {} E-W tricks", table + 1);
        let expected = (26 - tricks.parse::<u32>().unwrap()).to_string();
        assert_eq!(
            harness.get_by_label(&other).value().as_deref(),
            Some(expected.as_str())
        );
        harness.key_press(egui::Key::Enter);
        harness.run();
    }
    harness.get_by_label("Round 1: complete (4 of 4)");
    let round1 = session(&harness).event().schedule.round(1).unwrap().clone();
    let results = session(&harness).results();
    assert_eq!(results.len(), 4);
    assert_eq!(
        results[&scheduler::event::ResultKey {
            round: 1,
            table: 1,
            deal: 0
        }],
        scheduler::event::ResultValue::Tricks { ns: 19, ew: 7 }
    );
    // The leaders are table 1's North and South, with 19 tricks.
    harness.get_by_label("Standings").click();
    harness.run();
    let entrants = &session(&harness).event().schedule.entrants;
    let (ns, _) = scheduler::event::sides(&round1.tables[0]);
    let leaders: Vec<String> = ns.iter().map(|&p| entrants[p].clone()).collect();
    let table = &session(&harness).standings()[0];
    let top: Vec<&str> = table.rows.iter().take(2).map(|r| r[1].as_str()).collect();
    for leader in &leaders {
        assert!(top.contains(&leader.as_str()), "{leader} leads: {top:?}");
        harness.get_by_label(leader.as_str());
    }
    assert!(table.rows[0].iter().any(|c| c == "19"), "{:?}", table.rows[0]);
    // Everything is in the file: reopening it finds the four results.
    let reopened = Session::open(&event_path).unwrap();
    assert_eq!(reopened.results().len(), 4);
}

/// Drives the real window by label: results for round 3 typed and saved, a wrong total
/// flagged, then the standings show the new leader.
#[test]
fn an_organiser_enters_a_result_and_reads_the_standings() {
    let dir = folder("harness");
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new())));
    harness.get_by_label("Round 3: 0 of 4 results");
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.get_by_label("Table 1 N-S tricks").type_text("25");
    harness.get_by_label("Table 1 E-W tricks").click();
    harness.run();
    // Leaving N-S filled in E-W (1); make it wrong on purpose.
    harness.get_by_label("Table 1 E-W tricks").type_text("1");
    harness.run();
    harness.get_by_label("N-S 25 + E-W 11 = 36 tricks, but 2 hand(s) a round make 26");
    harness.get_by_label("Table 1 E-W tricks").click();
    harness.run();
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label("Save").click();
    harness.run();
    harness.get_by_label("Round 3: 1 of 4 results");
    let key = scheduler::event::ResultKey {
        round: 3,
        table: 1,
        deal: 0,
    };
    assert_eq!(
        session(&harness).results()[&key],
        scheduler::event::ResultValue::Tricks { ns: 25, ew: 1 }
    );
    // The history under the round lists the entry.
    harness.get_by_label_contains("entered  round 3 table 1: N-S 25 tricks, E-W 1");
    harness.get_by_label("Standings").click();
    harness.run();
    let leader = scheduler::event::standings::leader(session(&harness).standings())
        .unwrap()
        .to_owned();
    let table1 = &session(&harness).event().schedule.round(3).unwrap().tables[0];
    let north_south: Vec<String> = scheduler::event::sides(table1)
        .0
        .iter()
        .map(|&p| session(&harness).event().schedule.entrants[p].clone())
        .collect();
    assert!(
        north_south.contains(&leader),
        "{leader} should lead after 25 tricks"
    );
    harness.get_by_label(leader.as_str());
}

#[test]
fn undo_and_redo_take_back_results_and_say_so_in_the_history() {
    let dir = folder("undo");
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new())));
    let key = scheduler::event::ResultKey {
        round: 1,
        table: 1,
        deal: 0,
    };
    let before = session(&harness).results()[&key];
    harness.get_by_label("1 (done)").click();
    harness.run();
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Table 1 N-S tricks").type_text("20");
    harness.get_by_label("Table 1 E-W tricks").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Table 1 E-W tricks").type_text("6");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let corrected = scheduler::event::ResultValue::Tricks { ns: 20, ew: 6 };
    assert_eq!(session(&harness).results()[&key], corrected);
    // Ctrl+Z once the keyboard has left the fields; the field shows the old value again.
    harness.get_by_label("Results").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(session(&harness).results()[&key], before);
    let shown = match before {
        scheduler::event::ResultValue::Tricks { ns, .. } => ns.to_string(),
        _ => unreachable!("the demo is a whist drive"),
    };
    assert_eq!(harness.get_by_label("Table 1 N-S tricks").value(), Some(shown));
    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(session(&harness).results()[&key], corrected);
    let actions: Vec<&str> = session(&harness)
        .history()
        .iter()
        .rev()
        .take(3)
        .map(|h| h.action.as_str())
        .collect();
    assert_eq!(
        actions,
        ["redone", "undone", "corrected"],
        "undo and redo are themselves lines of the history"
    );
    // The file keeps them: reopened, the next undo takes back the redo.
    let reopened = Session::open(&session(&harness).path()).unwrap();
    assert_eq!(reopened.undo_label(), Some("the correction of round 1 table 1"));
}

#[test]
fn roster_edits_carry_into_the_schedule_and_undo() {
    let dir = folder("roster");
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new())));
    harness.get_by_label("Roster").click();
    harness.run();
    // The demo has results: players cannot be added or removed, but names can change.
    assert!(
        harness
            .get_by_label("Add a player")
            .accesskit_node()
            .is_disabled()
    );
    harness.get_by_label("Player 3 name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Player 3 name")
        .type_text("Carol Dunn-Smith");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let event = session(&harness).event();
    assert_eq!(event.roster.players[2].name, "Carol Dunn-Smith");
    assert!(event.schedule.entrants.contains(&"Carol Dunn-Smith".to_owned()));
    assert!(
        event.roster_changes().is_empty(),
        "a rename needs no new schedule"
    );
    harness.get_by_label_contains("Roster: Carol Dunn renamed Carol Dunn-Smith");
    harness.get_by_label("Undo").click();
    harness.run();
    let event = session(&harness).event();
    assert_eq!(event.roster.players[2].name, "Carol Dunn");
    assert!(event.schedule.entrants.contains(&"Carol Dunn".to_owned()));
    // Reopening the file shows what was saved.
    let reopened = Session::open(&session(&harness).path()).unwrap();
    assert_eq!(reopened.event().roster.players[2].name, "Carol Dunn");
}

/// A new event without results: add a player, the schedule is out of date, generate it again.
#[test]
fn adding_a_player_then_generating_again() {
    let dir = folder("regenerate");
    let event_path = dir.join("eight.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, None);
    replace_field(&mut harness, "Players (or pairs)", "8");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).event().schedule.entrants.len(), 8);
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("Add a player").click();
    harness.run();
    assert_eq!(session(&harness).event().roster.len(), 9);
    harness.get_by_label_contains("The schedule was made before these changes: New player 9 was added");
    harness.get_by_label("Schedule").click();
    harness.run();
    harness.get_by_label("Generate again…").click();
    harness.run();
    harness.get_by_label("Generate").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.views.schedule.is_generating());
    let event = session(&harness).event();
    assert_eq!(event.schedule.entrants.len(), 9);
    assert!(event.roster_changes().is_empty());
    assert!(scheduler::verify::verify(&event.schedule).is_valid());
    harness.get_by_label_contains("New schedule saved: 9 entrants");
    // And the file agrees.
    let reopened = Session::open(&event_path).unwrap();
    assert_eq!(reopened.event().schedule.entrants.len(), 9);
}

/// The whole cycle for 104 whist players is not known yet (docs/whist-rotations.md): the form
/// says so and offers the evening found at once as a button, which makes that event.
#[test]
fn a_whist_cycle_not_found_offers_the_rounds_found_as_a_button() {
    let dir = folder("offer");
    let event_path = dir.join("hundred-and-four.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, None);
    replace_field(&mut harness, "Players (or pairs)", "104");
    replace_field(&mut harness, "Time allowed for the search", "1");
    harness.get_by_label("the whole cycle").click();
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert!(!event_path.exists(), "nothing is made for the whole cycle");
    harness.get_by_label_contains("Tourney has no complete rotation for 104 players yet");
    let offer = harness
        .get_by_label_contains("rounds instead")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    let rounds: usize = offer
        .trim_start_matches("Play ")
        .trim_end_matches(" rounds instead")
        .parse()
        .unwrap_or_else(|_| panic!("{offer}"));
    harness.get_by_label(&offer).click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    let event = session(&harness).event();
    assert_eq!(event.schedule.entrants.len(), 104);
    assert_eq!(event.schedule.rounds.len(), rounds);
    assert!(scheduler::verify::verify(&event.schedule).is_valid());
    assert_eq!(
        event.settings.options.as_ref().and_then(|o| o.rounds),
        Some(rounds)
    );
}

#[test]
fn theme_and_text_size_change_at_once_and_are_remembered() {
    let dir = folder("preferences");
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new())));
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Dark").click();
    harness.run();
    assert_eq!(harness.ctx.theme(), egui::Theme::Dark);
    // The menu stays open while the look is changed; Larger takes a step a reader sees.
    harness.get_by_label("Larger").click();
    harness.run();
    assert!((harness.ctx.zoom_factor() - 1.25).abs() < 1e-4);
    harness.get_by_label("Larger").click();
    harness.run();
    assert!((harness.ctx.zoom_factor() - 1.5).abs() < 1e-4);
    harness.get_by_label("Normal size").click();
    harness.run();
    assert!((harness.ctx.zoom_factor() - 1.0).abs() < 1e-4);
    harness.get_by_label("Larger").click();
    harness.run();
    let text = harness.state().preferences.to_text();
    assert_eq!(Preferences::parse(&text), harness.state().preferences);
    assert!(text.contains("theme=dark"), "{text}");
}

/// View → About Tourney names the version, the build date and the MILP backend built in, the
/// same facts `tourney --version` prints.
#[test]
fn the_about_box_says_version_build_date_and_backend() {
    let dir = folder("about");
    let mut harness = harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())));
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("About Tourney").click();
    harness.run();
    harness.get_by_label(&format!("Tourney {}", env!("CARGO_PKG_VERSION")));
    let built = format!("Built {}", env!("TOURNEY_BUILD_DATE"));
    assert_eq!(built.len(), "Built YYYY-MM-DD".len(), "{built}");
    harness.get_by_label(&built);
    let backend = scheduler::milp::Backend::best_available().name();
    harness.get_by_label(&format!("Optimiser (MILP) backend: {backend}"));
    assert!(crate::version_text().contains(&format!("MILP backend {backend}")));
}

#[test]
fn starts_on_the_demo_and_refuses_a_bad_file_by_name() {
    let dir = folder("start");
    let mut app = TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new()));
    assert!(app.screen == Screen::Event);
    assert_eq!(app.session.as_ref().unwrap().results().len(), 8);
    let bad = dir.join("notes.tourney");
    std::fs::write(&bad, "shopping list").unwrap();
    app.open(&bad);
    assert!(app.screen == Screen::Start);
    assert!(
        app.status.contains("notes.tourney") && app.status.contains("not a Tourney event file"),
        "{}",
        app.status
    );
    assert!(
        app.recent.is_empty(),
        "a file that did not open is not remembered"
    );
    assert_eq!(
        std::fs::read(&bad).unwrap(),
        b"shopping list",
        "and it is left alone"
    );
}

#[test]
fn recent_events_are_remembered_once_newest_first() {
    let dir = folder("recent");
    let mut app = TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new()));
    let demo = dir.join("demo.tourney");
    for _ in 0..3 {
        app.open(&demo);
    }
    assert_eq!(app.recent, vec![demo.clone()]);
    for i in 0..10 {
        app.remember(&dir.join(format!("e{i}.tourney")));
    }
    assert_eq!(app.recent.len(), 8);
    assert_eq!(app.recent[0], dir.join("e9.tourney"));
}

/// Clicks the control and steps the window until the tool's background job is done. Steps,
/// never `run`: while the job works it asks for repaints (progress), which `run` would take
/// for a UI that never settles.
pub(super) fn click_and_wait_for_tool(harness: &mut Harness<'static, TourneyApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    wait_for_generation(harness, |app| app.tools.is_working());
}

/// The Tools screen: the league table comes out unique and checked; a typed league
/// table that cannot add up says which column; the zebra puzzle is solved and unique; a clue
/// the grammar does not know is explained by line and word; a dic-dac-doe board is found
/// and checked. Back returns to the open event.
#[test]
fn the_tools_answer_and_explain() {
    let dir = folder("tools");
    let mut harness = harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())));
    harness.get_by_label("Tools").click();
    harness.run();
    click_and_wait_for_tool(&mut harness, "Reconstruct");
    harness.get_by_label("Unique: no other set of results gives this table.");
    harness.get_by_label("Checked: the results give exactly this table.");
    // Foxholt beat Pinner; the grid shows each match from the row team's side.
    assert!(harness.query_all_by_label("2-0").count() + harness.query_all_by_label("0-2").count() > 0);

    // Pinner's goals against changed from 8 to 9: goals for and against no longer balance.
    harness.get_by_label("Table (CSV)").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Table (CSV)").type_text(
        "team,P,W,D,L,GF,GA,Pts\nFoxholt,3,2,1,0,5,1,7\nMarden,3,2,0,1,4,2,6\nWestwell,3,1,1,1,3,1,4\nPinner,3,0,0,3,0,9,0\n",
    );
    harness.run();
    click_and_wait_for_tool(&mut harness, "Reconstruct");
    harness.get_by_label("The table does not add up:");
    harness.get_by_label(
        "the GF column adds up to 12 but the GA column to 13: every goal scored is conceded by someone",
    );

    harness.get_by_label("Logic grid").click();
    harness.run();
    harness.get_by_label("The zebra puzzle").click();
    harness.run();
    click_and_wait_for_tool(&mut harness, "Solve");
    harness.get_by_label("Unique: no other arrangement fits every clue.");
    harness.get_by_label_contains("Checked against all");
    harness.get_by_label("zebra");
    harness.get_by_label("Japanese");

    harness.get_by_label("Puzzle").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Puzzle")
        .type_text("People: Ada, Bea\nPet: cat, dog\nAda keeps the parrot.\n");
    harness.run();
    harness.get_by_label("Solve").click();
    harness.run();
    let message = harness
        .get_by_label_contains("parrot")
        .value()
        .unwrap_or_default();
    assert!(message.contains("line 3"), "{message}");

    harness.get_by_label("Dic-dac-doe").click();
    harness.run();
    click_and_wait_for_tool(&mut harness, "Search");
    harness.get_by_label("Found and checked: after 80 moves no line of three can ever be completed.");

    harness.get_by_label("Back to Demo whist drive").click();
    harness.run();
    harness.get_by_label("Results");
}

/// A picture of every view of the demo event (and the wizard), compared with the committed
/// images. The demo lives in a fixed folder so the status line is the same on every run.
#[test]
fn snapshots_of_every_view() {
    let dir = std::env::temp_dir().join("tourney-snapshots");
    let _ = std::fs::remove_dir_all(&dir);
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new())));
    let options = snapshot_options();
    let mut results = Vec::new();
    let mut shoot = |harness: &mut Harness<'static, TourneyApp>, name: &str| {
        harness.run();
        results.push(harness.try_snapshot_options(name, &options));
    };
    // Every view of an open event, as the tabs list them (a new view is shot here at once).
    for view in View::ALL {
        harness.get_by_label(view.label()).click();
        let name = match view {
            View::Schedule => "schedule_by_round".to_owned(),
            other => other.label().to_lowercase(),
        };
        shoot(&mut harness, &name);
    }
    harness.get_by_label("Schedule").click();
    harness.run();
    harness.get_by_label("By player").click();
    shoot(&mut harness, "schedule_by_player");
    harness.get_by_label("Audit").click();
    shoot(&mut harness, "schedule_audit");
    harness.get_by_label("Opponents").click();
    shoot(&mut harness, "schedule_audit_opponents");
    harness.get_by_label("Tools").click();
    harness.run();
    click_and_wait_for_tool(&mut harness, "Reconstruct");
    shoot(&mut harness, "tools_league_table");
    harness.get_by_label("Logic grid").click();
    harness.run();
    click_and_wait_for_tool(&mut harness, "Solve");
    shoot(&mut harness, "tools_logic_grid");
    harness.get_by_label("Dic-dac-doe").click();
    shoot(&mut harness, "tools_dicdacdoe");
    harness.get_by_label("Start screen").click();
    shoot(&mut harness, "start");
    harness.get_by_label("New event…").click();
    harness.run();
    harness.get_by_label("Date (YYYY-MM-DD)").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Date (YYYY-MM-DD)").type_text("2026-11-28");
    shoot(&mut harness, "new_event");
    harness.ctx.set_theme(egui::ThemePreference::Dark);
    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label("Back to Demo whist drive").click();
    harness.run();
    harness.get_by_label("Schedule").click();
    harness.run();
    harness.get_by_label("Audit").click();
    shoot(&mut harness, "schedule_audit_dark");
    for result in results {
        result.unwrap();
    }
}

/// A club pairs evening: the form offers the movement that fits 16 pairs, the boards move
/// (each table its own boards), and a result typed on a traveller is saved to the right table
/// with its score shown.
#[test]
fn a_club_pairs_evening_offers_the_movement_and_takes_results_by_traveller() {
    let dir = folder("club-pairs");
    let event_path = dir.join("pairs.tourney");
    let dialogs = scripted(vec![Some(event_path.clone())]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    // 16 pairs (the form's default count): the share-and-relay Mitchell on 8 tables comes
    // first, 8 rounds of 3 boards.
    let offered: Vec<String> = harness
        .get_all_by_label("Movement")
        .filter_map(|node| node.value())
        .collect();
    assert!(
        offered.iter().any(|v| v.contains(
            "share-and-relay Mitchell on 8 tables, 8 rounds · every two pairs compared on 24 boards"
        )),
        "{offered:?}"
    );
    // Each movement offered says how balanced it is (issue 43): the 8-table Howell is
    // perfectly balanced.
    harness.get_by_label("Movement").click();
    harness.run();
    harness.get_by_label("Howell on 8 tables, 15 rounds · every two pairs compared on 14 boards");
    harness.key_press(egui::Key::Escape);
    harness.run();
    harness.get_by_label("8 rounds × 3 boards = 24 boards tonight, one copy of each board");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(harness.state().screen, Screen::Event);
    let movement = session(&harness)
        .event()
        .schedule
        .movement
        .clone()
        .expect("a movement");
    assert_eq!(movement.kind, scheduler::movement::MovementKind::RelayMitchell);
    assert_eq!((movement.tables, movement.boards_per_round), (8, 3));

    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("By traveller").click();
    harness.run();
    let first =
        scheduler::event::club_pairs::travellers(session(&harness).event(), session(&harness).results())[0]
            .rows[0]
            .clone();
    harness.get_by_label_contains("Board 1: 0 of");
    let field = format!("Table {} result", first.table);
    harness.get_by_label(&field).click();
    harness.run();
    harness.get_by_label(&field).type_text("4S N 10");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    let key = scheduler::event::ResultKey {
        round: first.round,
        table: first.table,
        deal: 1,
    };
    assert!(
        matches!(
            session(&harness).results().get(&key),
            Some(scheduler::event::ResultValue::Bridge { .. })
        ),
        "the result went to round {} table {}",
        first.round,
        first.table
    );
    harness.get_by_label("saved, N-S +420");
    harness.get_by_label_contains("Board 1: 1 of");
}

/// Issue 23: a bridge result field shows a whole contract ("3NT W 10" was cut to "3NT" in a
/// field of about 40 px).
#[test]
fn a_bridge_result_field_is_wide_enough_for_a_whole_contract() {
    let harness = pairs_bridge_results("wide-field");
    let width = harness
        .get_all_by_label("Table 1 board 1 result")
        .next()
        .expect("a result field for table 1")
        .rect()
        .width();
    assert!(width >= 100.0, "the field is {width} px wide");
}

/// Issue 23: a problem shown on the New event form goes when the format changes.
#[test]
fn an_old_problem_leaves_the_new_event_form_when_the_format_changes() {
    let dir = folder("old-problem");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(Vec::new()),
    ));
    open_new_event_form(&mut harness, None);
    harness.get_by_label("Name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.run();
    harness.get_by_label("Give the event a name (it heads every sheet).");
    harness.get_by_label("Format").click();
    harness.run();
    harness.get_by_label("chess round robin").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Give the event a name (it heads every sheet).")
            .is_none(),
        "the old problem is still shown"
    );
}

/// Replaces the text of the field labelled `label` with `text` and presses Enter, as a
/// person would (click, select all, type).
pub(super) fn replace_field(harness: &mut Harness<'static, TourneyApp>, label: &str, text: &str) {
    retype_field(harness, label, text, egui::Key::Enter);
}

/// `replace_field`, leaving the field with `key` (Enter, or Tab to move on).
pub(super) fn retype_field(
    harness: &mut Harness<'static, TourneyApp>,
    label: &str,
    text: &str,
    key: egui::Key,
) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.key_press(key);
    harness.run();
}

/// From the open event: the start screen, New event…, and `format` chosen on the form.
pub(super) fn open_new_event_form(harness: &mut Harness<'static, TourneyApp>, format: Option<&str>) {
    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label("New event…").click();
    harness.run();
    if let Some(format) = format {
        harness.get_by_label("Format").click();
        harness.run();
        harness.get_by_label(format).click();
        harness.run();
    }
}

/// A pairs bridge event made on the New event form with its defaults (saved where the save
/// dialog says, in a folder of its own named `test`), open on the Results view.
pub(super) fn pairs_bridge_results(test: &str) -> Harness<'static, TourneyApp> {
    pairs_bridge_results_then(test, Vec::new())
}

/// As `pairs_bridge_results`, the file dialogs answering `then` after the event's path.
pub(super) fn pairs_bridge_results_then(
    test: &str,
    then: Vec<Option<PathBuf>>,
) -> Harness<'static, TourneyApp> {
    let dir = folder(test);
    let mut answers = vec![Some(dir.join("pairs.tourney"))];
    answers.extend(then);
    let dialogs = scripted(answers);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    harness.get_by_label("Results").click();
    harness.run();
    harness
}

/// Issue 40: a problem with the new-event form goes once the form is changed (it was about
/// the form as it was), and the next new-event form remembers the club and the format.
#[test]
fn the_new_event_form_drops_old_problems_and_remembers_club_and_format() {
    let dir = folder("form-memory");
    let event_path = dir.join("pairs.tourney");
    let dialogs = scripted(vec![Some(event_path.clone())]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    harness.get_by_label("Name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.get_by_label("Generate the schedule").click();
    harness.run();
    let refusal = "Give the event a name (it heads every sheet).";
    harness.get_by_label_contains(refusal);
    harness.get_by_label("Name").click();
    harness.run();
    harness.get_by_label("Name").type_text("Monday pairs");
    harness.run();
    harness.run();
    assert!(
        harness.query_by_label_contains(refusal).is_none(),
        "the problem went with the empty name"
    );
    harness.get_by_label("Club").click();
    harness.run();
    harness.get_by_label("Club").type_text("Riverside BC");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    // The next form: the club and the format of the event just made.
    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label("New event…").click();
    harness.run();
    assert_eq!(
        harness.get_by_label("Club").value().as_deref(),
        Some("Riverside BC")
    );
    assert_eq!(
        harness.state().new_event.format(),
        scheduler::event::create::EventFormat::BridgePairs
    );
    // The form shows the pairs options (the movement), not the whist drive's.
    harness.get_by_label_contains("Movement");
}

/// Issue 40: hand records in the window. Dealt at random from the traveller view (through the
/// one write path: Undo takes them back), each board's hands show beside its traveller with
/// its dealer and vulnerability.
#[test]
fn hand_records_are_dealt_and_shown_beside_the_traveller() {
    let mut harness = pairs_bridge_results("hand-records");
    harness.get_by_label("By traveller").click();
    harness.run();
    harness.get_by_label("No hand records yet.");
    harness.get_by_label("Deal at random").click();
    harness.run();
    let boards = session(&harness).event().boards_played() as usize;
    assert_eq!(session(&harness).event().settings.deals.len(), boards);
    harness.get_by_label_contains(&format!("Hand records: {boards} of {boards} boards."));
    harness.get_by_label("Board 1: dealer North, nobody vulnerable");
    for seat in ["North", "East", "South", "West"] {
        harness.get_by_label(seat);
    }
    let label = session(&harness).undo_label().unwrap_or_default().to_owned();
    assert!(label.contains("hand records attached"), "{label}");
    harness.get_by_label("Undo").click();
    harness.run();
    assert!(session(&harness).event().settings.deals.is_empty());
}

/// Issue 44: "Analyse deals" beside the hand records runs as a background job and keeps each
/// board's table and par with the event through the one write path (Undo takes it back). The
/// deals are three whose tables are quick to work out (from `fixtures/dd/dds-reference.json`).
#[test]
fn analyse_deals_keeps_each_boards_table_and_par() {
    use scheduler::deals::{Board, deal_from_pbn};
    use scheduler::event::session::Command;
    let mut harness = pairs_bridge_results("analyse-deals");
    let quick = [
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.J98.JT9 765.765.T765.876 432.432.432.5432",
        "N:KQT62.Q5.K.AQ863 J5.86432.854.975 A984.AKT.632.KJT 73.J97.AQJT97.42",
    ];
    let boards: Vec<Board> = (1..=3u32)
        .zip(quick)
        .map(|(n, pbn)| Board::standard(n, deal_from_pbn(pbn).unwrap()))
        .collect();
    let open = harness.state_mut().session.as_mut().unwrap();
    open.apply(Command::AttachDeals(boards)).unwrap();
    harness.get_by_label("By traveller").click();
    harness.run();
    harness.get_by_label("Analysed (what could be made, and par): 0 of 3 boards.");
    harness.get_by_label("Analyse deals").click();
    let started = std::time::Instant::now();
    while session(&harness).event().settings.deal_tables.len() < 3 {
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
        // A hang guard, not a timing: the three tables take about a second.
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the analysis did not finish"
        );
    }
    harness.run();
    harness.get_by_label("Analysed (what could be made, and par): 3 of 3 boards.");
    assert!(harness.query_by_label("Analyse deals").is_none());
    let records = session(&harness).event().hand_records();
    let par = records[2].analysis.as_ref().unwrap().par.score_ns;
    assert_eq!(par, 980, "board 3 (E-W vulnerable): N-S 6♠, as DDS has it");
    let label = session(&harness).undo_label().unwrap_or_default().to_owned();
    assert!(label.contains("double-dummy analysis"), "{label}");
    harness.get_by_label("Undo").click();
    harness.run();
    assert!(session(&harness).event().settings.deal_tables.is_empty());
    harness.get_by_label("Analyse deals");
}
