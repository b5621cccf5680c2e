//! Files without a desktop portal: the in-app file dialog, Open / Show in folder after an
//! export, banners for refused files and failed exports, recent events by title.

use super::super::dialogs::Answer;
use super::*;
use std::cell::RefCell;
use std::rc::Rc;

/// System dialogs that never appear (a light desktop without a file-dialog service).
fn no_dialog_service() -> Box<ScriptedDialogs> {
    Box::new(ScriptedDialogs {
        answers: vec![Answer::NoDialog].into(),
        ..ScriptedDialogs::default()
    })
}

/// Types `text` into the field labelled `label`, replacing what it held.
fn retype(harness: &mut Harness<'static, TourneyApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Goes to `folder` in Tourney's own dialog by typing it, as a person would.
fn go_to_folder(harness: &mut Harness<'static, TourneyApp>, folder: &Path) {
    retype(harness, "Folder", &folder.display().to_string());
    harness.key_press(egui::Key::Enter);
    harness.run();
}

/// Export PDF… on a desktop without a file-dialog service: Tourney's own dialog opens
/// (and says why), the PDF is saved where it was pointed, the banner says where and offers
/// Open and Show in folder, which ask the system's opener.
#[test]
fn an_export_without_a_file_dialog_service_goes_through_tourneys_own_dialog() {
    let dir = folder("own-dialog-export");
    let mut app = TourneyApp::new(dir.clone(), Vec::new(), no_dialog_service());
    let opened: Rc<RefCell<Vec<(PathBuf, opener::Reveal)>>> = Rc::default();
    let record = opened.clone();
    app.opener = Box::new(move |path, how| {
        record.borrow_mut().push((path.to_path_buf(), how));
        Ok(format!("Opening {}", path.display()))
    });
    let mut harness = harness(app);
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label("Export PDF…").click();
    harness.run();
    assert!(harness.state().files.is_open(), "Tourney's own dialog is showing");
    harness.get_by_label("This desktop has no file-dialog service, so Tourney shows its own file dialog.");
    let out = dir.join("printed");
    std::fs::create_dir_all(&out).unwrap();
    go_to_folder(&mut harness, &out);
    retype(&mut harness, "File name", "club night");
    harness.get_by_label("Save").click();
    harness.run();
    let pdf = out.join("club night.pdf");
    assert!(
        std::fs::read(&pdf).unwrap().starts_with(b"%PDF"),
        "the PDF is where the dialog pointed, with its extension added"
    );
    assert!(!harness.state().files.is_open());
    let banner = harness
        .state()
        .banner
        .as_ref()
        .expect("a banner says where it went");
    assert_eq!(banner.kind, BannerKind::Done);
    assert!(banner.text.contains("club night.pdf"), "{}", banner.text);
    harness.get_by_label("Open").click();
    harness.run();
    harness.get_by_label("Show in folder").click();
    harness.run();
    assert_eq!(
        *opened.borrow(),
        [
            (pdf.clone(), opener::Reveal::File),
            (pdf.clone(), opener::Reveal::Folder)
        ]
    );

    // Once known missing, the system's dialog is not tried again: the next export goes
    // straight to Tourney's own, which starts in the folder used last and asks before
    // replacing a file.
    harness.get_by_label("Export PDF…").click();
    harness.run();
    assert!(harness.state().files.is_open());
    retype(&mut harness, "File name", "club night.pdf");
    let before = std::fs::metadata(&pdf).unwrap().modified().unwrap();
    harness.get_by_label("Save").click();
    harness.run();
    harness.get_by_label(&format!("{} exists already. Replace it?", pdf.display()));
    harness.get_by_label("Keep it").click();
    harness.run();
    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(!harness.state().files.is_open());
    assert_eq!(
        std::fs::metadata(&pdf).unwrap().modified().unwrap(),
        before,
        "kept"
    );
}

/// Open… on the start screen through Tourney's own dialog: the folder's event files are
/// listed (other files are not), a click picks one and Open opens it. A file that is not an
/// event is refused in a banner that stays until dismissed.
#[test]
fn an_event_opens_through_tourneys_own_dialog_and_a_refused_file_shows_a_banner() {
    let dir = folder("own-dialog-open");
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), no_dialog_service()));
    let events = dir.join("club");
    std::fs::create_dir_all(&events).unwrap();
    let demo = session(&harness).path();
    std::fs::copy(&demo, events.join("tuesday.tourney")).unwrap();
    std::fs::write(events.join("notes.txt"), "not listed").unwrap();
    std::fs::write(events.join("shopping.tourney"), "shopping list").unwrap();

    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label("Open…").click();
    harness.run();
    go_to_folder(&mut harness, &events);
    assert!(
        harness.query_by_label("notes.txt").is_none(),
        "only event files are listed"
    );
    harness.get_by_label("shopping.tourney").click();
    harness.run();
    harness.get_by_label("Open").click();
    harness.run();
    let banner = harness
        .state()
        .banner
        .as_ref()
        .expect("the refusal is in the banner");
    assert_eq!(banner.kind, BannerKind::Problem);
    assert!(
        banner.text.contains("shopping.tourney") && banner.text.contains("not a Tourney event file"),
        "{}",
        banner.text
    );
    // It stays while the organiser does other things, until dismissed.
    harness.run();
    assert!(harness.state().banner.is_some());
    harness.get_by_label("Dismiss").click();
    harness.run();
    assert!(harness.state().banner.is_none());

    harness.get_by_label("Open…").click();
    harness.run();
    harness.get_by_label("tuesday.tourney").click();
    harness.run();
    harness.get_by_label("Open").click();
    harness.run();
    assert!(harness.state().screen == Screen::Event);
    assert_eq!(session(&harness).path(), events.join("tuesday.tourney"));
}

/// The roster of a new event imported through Tourney's own dialog (View → Tourney's own
/// file dialog chosen, though the system has one: it is never asked).
#[test]
fn a_roster_imports_through_tourneys_own_dialog_when_chosen_in_the_view_menu() {
    let dir = folder("own-dialog-roster");
    let system = scripted(Vec::new());
    let asked = system.asked.clone();
    let mut harness = harness(TourneyApp::new(dir.clone(), Vec::new(), system));
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Tourney's own file dialog").click();
    harness.run();
    assert!(harness.state().preferences.to_text().contains("file_dialog=own"));
    open_new_event_form(&mut harness, None);
    harness.get_by_label("Import CSV…").click();
    harness.run();
    let roster = fixture("excel_utf8_bom_semicolon.csv");
    go_to_folder(&mut harness, roster.parent().unwrap());
    retype(&mut harness, "File name", "excel_utf8_bom_semicolon.csv");
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(!harness.state().files.is_open());
    assert!(asked.borrow().is_empty(), "the system's dialog was not asked");
    harness.get_by_label("Use numbered players instead");
}

/// The start screen lists recent events by title, with their date, format and file name (the
/// whole path on hover), and says when a file is gone.
#[test]
fn recent_events_show_title_date_and_file_name() {
    let dir = folder("recent-titles");
    let mut app = TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new()));
    let demo = app.session.as_ref().unwrap().path();
    let title = app.session.as_ref().unwrap().event().settings.title.clone();
    app.open(&demo);
    app.remember(&dir.join("gone.tourney"));
    let mut harness = harness(app);
    harness.get_by_label("Start screen").click();
    harness.run();
    harness.get_by_label(&title);
    let file_name = demo.file_name().unwrap().to_string_lossy().into_owned();
    let settings = session(&harness).event().settings.clone();
    let mut line = settings.format_label.clone();
    if let Some(date) = &settings.date {
        line = format!("{date} · {line}");
    }
    harness.get_by_label(&format!("{line} · {file_name}"));
    harness.get_by_label("gone.tourney");
    harness.get_by_label("the file is no longer there");
    assert!(
        harness.query_by_label(&demo.display().to_string()).is_none(),
        "no raw path in the list"
    );
}

/// A failed export is said in the banner, not only in the status line.
#[test]
fn a_failed_export_is_said_in_a_banner() {
    let dir = folder("failed-export");
    let app = TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new()));
    // The save dialog answers with the open event file itself, which is never overwritten.
    let event_file = app.session.as_ref().unwrap().path();
    app_with_answer(app, &event_file, |harness| {
        harness.get_by_label("Sheets").click();
        harness.run();
        harness.get_by_label("Export round-sheet CSV…").click();
        harness.run();
        let banner = harness.state().banner.as_ref().expect("a banner");
        assert_eq!(banner.kind, BannerKind::Problem);
        assert!(banner.text.starts_with("Not written: "), "{}", banner.text);
        harness.get_by_label("Dismiss");
        assert!(harness.query_by_label("Show in folder").is_none());
    });
}

/// Runs `check` on a window whose system dialog answers once with `answer`.
fn app_with_answer(
    mut app: TourneyApp,
    answer: &Path,
    check: impl FnOnce(&mut Harness<'static, TourneyApp>),
) {
    app.files = super::super::dialogs::Files::new(scripted(vec![Some(answer.to_path_buf())]));
    let mut harness = harness(app);
    check(&mut harness);
}

/// Issue 38, item 1: a file whose stored result no longer fits the event (here one put in
/// behind Tourney's back for a table the schedule does not have) does not open as an event,
/// but the window lists the result and offers to remove it; once removed (kept in the
/// history), the event opens and can be changed again.
#[test]
fn a_damaged_file_lists_its_unfit_result_and_is_repaired_from_the_window() {
    let dir = folder("repair");
    let path = dir.join("damaged.tourney");
    let mut app = TourneyApp::new(dir.clone(), Vec::new(), scripted(Vec::new()));
    app.session
        .as_ref()
        .unwrap()
        .file()
        .save_copy(&path, scheduler::event::store::ExistingFile::Refuse)
        .unwrap();
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute(
        "INSERT INTO result (round, table_no, deal, value, entered_at) VALUES (1, 99, 0, '{\"kind\":\"tricks\",\"ns\":7,\"ew\":6}', 'now')",
        [],
    )
    .unwrap();
    drop(db);
    app.open(&path);
    assert!(
        app.screen == Screen::Start,
        "the damaged file is not opened as an event"
    );
    let repair = app.repair.as_ref().expect("the repair is offered");
    assert_eq!(repair.unfit.len(), 1);
    let mut harness = harness(app);
    harness.get_by_label_contains("• round 1 table 99, N-S 7 tricks, E-W 6: round 1 has no table 99");
    harness.get_by_label("Remove these results and open").click();
    harness.run();
    let app = harness.state();
    assert!(app.repair.is_none());
    assert!(app.screen == Screen::Event, "{}", app.status);
    let session = app.session.as_ref().unwrap();
    assert_eq!(session.path(), path);
    let history = session.file().history().unwrap();
    assert!(
        history
            .last()
            .unwrap()
            .action
            .starts_with("removed: did not fit the event"),
        "{:?}",
        history.last()
    );
    assert!(
        app.banner
            .as_ref()
            .is_some_and(|b| b.text.contains("Removed 1 result")),
        "the banner says what was removed"
    );
}

/// Issue 40: the window reopens the event open when it was killed (no clean exit, so
/// eframe's own storage was never written), with the recent list; an event left for the
/// start screen is not reopened.
#[test]
fn a_killed_window_reopens_its_event_and_recent_list() {
    let dir = folder("reopen-after-kill");
    let other = dir.join("thursday.tourney");
    let (event, _) = scheduler::event::create::demo_event().unwrap();
    Session::create(&other, &event).unwrap();
    let mut first = harness(TourneyApp::starting(
        dir.clone(),
        None,
        Vec::new(),
        scripted(Vec::new()),
    ));
    first.state_mut().open(&other);
    first.run();
    assert_eq!(session(&first).path(), other);
    // Killed: dropped without `save`.
    drop(first);

    let again = harness(TourneyApp::starting(
        dir.clone(),
        None,
        Vec::new(),
        scripted(Vec::new()),
    ));
    assert_eq!(again.state().screen, Screen::Event);
    assert_eq!(session(&again).path(), other, "the event open at the kill");
    assert_eq!(
        again.state().recent.first(),
        Some(&other),
        "the recent list survived"
    );
    again.get_by_label_contains("open when Tourney last closed");

    // Left for the start screen, then killed: the next start is on the demo.
    let mut again = again;
    again.get_by_label("Start screen").click();
    again.run();
    drop(again);
    let third = harness(TourneyApp::starting(
        dir.clone(),
        None,
        Vec::new(),
        scripted(Vec::new()),
    ));
    assert_eq!(session(&third).path(), dir.join("demo.tourney"));
    assert!(third.state().recent.contains(&other));
}

/// Issue 40: a club pairs evening's USEBIO results file is written from the window (Sheets
/// → Export USEBIO results file), and Print… either sends the sheets or, where the machine
/// has no print service (as this one), says so and offers the PDF.
#[test]
fn usebio_and_print_from_the_window() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    let dir = folder("usebio-print");
    let event_path = dir.join("club.tourney");
    let mut spec = NewEvent::new(
        "Club pairs",
        EventFormat::BridgePairs,
        scheduler::model::Roster::numbered(14),
    );
    spec.options.boards_per_round = 3;
    spec.options.movement = Some(scheduler::event::create::MovementPlan {
        kind: scheduler::movement::MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &scheduler::solver::Control::unlimited()).unwrap();
    let mut session = Session::create(&event_path, &event).unwrap();
    let key = scheduler::event::entry::Fields {
        board: Some(1),
        ns: Some("1".into()),
        ew: Some("1".into()),
        score: Some("420".into()),
        ..Default::default()
    }
    .result(session.event())
    .unwrap();
    let value = key.1.unwrap();
    session
        .apply(scheduler::event::session::Command::SetResult(key.0, value))
        .unwrap();
    drop(session);
    let xml = dir.join("results.xml");
    let mut harness = harness(TourneyApp::starting(
        dir.join("data"),
        Some(&event_path),
        Vec::new(),
        scripted(vec![Some(xml.clone())]),
    ));
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label("Export USEBIO results file (XML)…").click();
    harness.run();
    harness.run();
    let written = std::fs::read_to_string(&xml).expect("the USEBIO file is written");
    assert!(written.starts_with("<?xml") && written.contains("<USEBIO Version=\"1.2\">"));
    assert!(written.contains("<SCORE>420</SCORE>"), "{written}");
    let banner = harness.state().banner.as_ref().expect("a banner");
    assert!(banner.text.contains("results.xml"), "{}", banner.text);

    harness.get_by_label("Print…").click();
    harness.run();
    let banner = harness.state().banner.as_ref().expect("a banner");
    assert!(
        banner.text.starts_with("Printed: ") || banner.text.starts_with("Not printed: "),
        "{}",
        banner.text
    );
    if banner.text.starts_with("Not printed: ") {
        // The PDF is offered instead.
        harness.get_by_label("Open");
    }
}
