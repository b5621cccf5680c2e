//! What a club pairs evening leaves the window with, typed and printed as a Bridgemate or
//! EBUScore user expects: the opening lead beside the result, each traveller line's
//! matchpoints, the hand records among the sheets once deals are attached, and the club's ID
//! (for the USEBIO file) on the new-event form, filled in from the club file.

use super::*;
use scheduler::club::{ClubFile, ClubSettings, DEFAULT_FILE_NAME};
use scheduler::event::club_pairs::{TravellerRow, travellers};
use scheduler::event::{ResultKey, ResultValue};

/// A pairs bridge evening made on the New event form with its defaults (dated, so a picture
/// of it is the same every day), saved in a folder of its own named `test`, open on its
/// Results view by traveller, board 1. The save dialogs answer with the event's file, then
/// with `more` in turn.
fn by_traveller(test: &str, more: Vec<Option<PathBuf>>) -> Harness<'static, TourneyApp> {
    let dir = folder(test);
    let mut answers = vec![Some(dir.join("pairs.tourney"))];
    answers.extend(more);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), scripted(answers)));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    retype_field(&mut harness, "Date (YYYY-MM-DD)", "2026-11-28", egui::Key::Tab);
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("By traveller").click();
    harness.run();
    harness
}

/// Board 1's traveller lines as the library has them now.
fn board_one(harness: &Harness<'static, TourneyApp>) -> Vec<TravellerRow> {
    let session = session(harness);
    travellers(session.event(), session.results())[0].rows.clone()
}

fn key_of(row: &TravellerRow) -> ResultKey {
    ResultKey {
        round: row.round,
        table: row.table,
        deal: 1,
    }
}

/// Types `result` in a line's result field, Tab, `lead` in its lead field, and Enter.
fn enter_with_lead(harness: &mut Harness<'static, TourneyApp>, row: &TravellerRow, result: &str, lead: &str) {
    let field = format!("Table {} result", row.table);
    harness.get_by_label(&field).click();
    harness.run();
    harness.get_by_label(&field).type_text(result);
    harness.key_press(egui::Key::Tab);
    harness.run();
    let lead_field = format!("Table {} lead", row.table);
    assert!(
        harness.get_by_label(&lead_field).is_focused(),
        "Tab goes from the result to its lead"
    );
    harness.get_by_label(&lead_field).type_text(lead);
    harness.key_press(egui::Key::Enter);
    harness.run();
}

fn value(harness: &Harness<'static, TourneyApp>, label: &str) -> String {
    harness.get_by_label(label).value().unwrap_or_default()
}

/// "4S N 10" with the lead "HQ" in its own field: saved with the lead, Enter moves down the
/// traveller, and the saved result comes back split into its two fields.
#[test]
fn a_lead_typed_beside_the_result_is_kept_and_shown_again() {
    let mut harness = by_traveller("lead", Vec::new());
    let rows = board_one(&harness);
    enter_with_lead(&mut harness, &rows[0], "4S N 10", "hq");
    let Some(ResultValue::Bridge { board }) = session(&harness).results().get(&key_of(&rows[0])).copied()
    else {
        panic!("no bridge result was saved");
    };
    assert_eq!(board.lead().map(|card| card.to_string()).as_deref(), Some("HQ"));
    harness.get_by_label("saved, N-S +420");
    assert!(
        harness
            .get_by_label(&format!("Table {} result", rows[1].table))
            .is_focused(),
        "Enter moved down the traveller"
    );
    // Away to board 2 and back: the saved result is shown again, its lead in its own field.
    harness.get_by_label("▶").click();
    harness.run();
    harness.get_by_label_contains("Board 2: 0 of");
    harness.get_by_label("◀").click();
    harness.run();
    assert_eq!(
        value(&harness, &format!("Table {} result", rows[0].table)),
        "4S N 10"
    );
    assert_eq!(value(&harness, &format!("Table {} lead", rows[0].table)), "HQ");
    harness.get_by_label("saved, N-S +420");
    // By round (as an individual bridge event is entered): the same fields, the same lead.
    harness.get_by_label("By round").click();
    harness.run();
    assert_eq!(
        rows[0].round, 1,
        "board 1 is first played in round 1, where the view opens"
    );
    // There each field names its board.
    assert_eq!(
        value(&harness, &format!("Table {} board 1 lead", rows[0].table)),
        "HQ"
    );
}

/// A lead that is no card is refused where the result's problems are said, naming the lead;
/// nothing is saved and the keyboard stays in the lead field to fix it.
#[test]
fn a_bad_lead_is_refused_in_place_naming_the_lead() {
    let mut harness = by_traveller("bad-lead", Vec::new());
    let rows = board_one(&harness);
    enter_with_lead(&mut harness, &rows[0], "4S N 10", "HX");
    harness.get_by_label_contains("lead: \"HX\" is not a card");
    assert!(session(&harness).results().is_empty(), "nothing was saved");
    let lead_field = format!("Table {} lead", rows[0].table);
    assert!(
        harness.get_by_label(&lead_field).is_focused(),
        "the keyboard stays on the lead to fix it"
    );
    // Enter in the result field, whose text is fine: the keyboard goes to the lead at fault.
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    harness.run();
    assert!(
        harness
            .get_by_label(&format!("Table {} result", rows[0].table))
            .is_focused()
    );
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(
        harness.get_by_label(&lead_field).is_focused(),
        "Enter in the result sends the keyboard to the lead at fault"
    );
    // Corrected: saved, with the lead.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(&lead_field).type_text("SA");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let saved = session(&harness).results().get(&key_of(&rows[0])).copied();
    assert!(
        matches!(saved, Some(ResultValue::Bridge { board }) if board.lead().is_some_and(|c| c.to_string() == "SA")),
        "{saved:?}"
    );
}

/// Each traveller line shows both sides' matchpoints once the board is scored, on the
/// standings' scale (half the traveller's 2 for each score beaten); unscored lines none.
#[test]
fn the_traveller_shows_each_lines_matchpoints() {
    let mut harness = by_traveller("traveller-mp", Vec::new());
    let rows = board_one(&harness);
    assert!(
        harness.query_by_label_contains("matchpoints").is_none(),
        "nothing scored yet"
    );
    enter_with_lead(&mut harness, &rows[0], "4S N 10", "");
    enter_with_lead(&mut harness, &rows[1], "3NT E 8", "");
    let scored = board_one(&harness);
    let mut shown = 0;
    for row in &scored {
        let Some((ns, ew)) = row.matchpoints else {
            continue;
        };
        let place = format!("Round {} table {}", row.round, row.table);
        for (side, mp) in [("N-S", ns), ("E-W", ew)] {
            let half = mp / 2.0;
            let text = if half.fract() == 0.0 {
                format!("{half:.0}")
            } else {
                format!("{half:.1}")
            };
            harness.get_by_label(&format!("{place}: {side} {text} matchpoints"));
            shown += 1;
        }
    }
    assert_eq!(shown, 4, "both sides of the two lines entered");
    assert_eq!(harness.get_all_by_label_contains("matchpoints").count(), 4);
    // +420 beats +50: the first line's N-S has the more.
    let (first, second) = (scored[0].matchpoints, scored[1].matchpoints);
    assert!(
        first.zip(second).is_some_and(|(a, b)| a.0 > b.0),
        "{first:?} {second:?}"
    );
}

/// The sheets offer the hand records only once deals are attached; ticked, the PDF has them.
#[test]
fn the_sheets_offer_hand_records_only_with_deals() {
    let dir = folder("hand-record-sheets-pdf");
    let pdf_path = dir.join("hands.pdf");
    let mut harness = by_traveller("hand-record-sheets", vec![Some(pdf_path.clone())]);
    let choice = "Hand records (4 boards a page)";
    harness.get_by_label("Sheets").click();
    harness.run();
    assert!(
        harness.query_by_label(choice).is_none(),
        "no deals, no hand records"
    );
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("Deal at random").click();
    harness.run();
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label(choice).click();
    harness.run();
    harness.get_by_label("Export PDF…").click();
    harness.run();
    let text = pdf_text(&pdf_path);
    assert!(text.contains("Handrecords"), "the hand records are printed");
    assert!(text.contains("DealerNorth"), "board 1's dealer");
}

/// The Club ID beside the Club: filled in from the club file (with the club's name, while the
/// form remembers none), typed over, and kept in the event's settings for the USEBIO file.
#[test]
fn the_club_id_is_filled_in_from_the_club_file_and_kept_in_the_event() {
    let dir = folder("club-id");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let mut club = ClubFile::create(&data.join(DEFAULT_FILE_NAME)).unwrap();
    club.set_settings(&ClubSettings {
        name: Some("Riverside BC".into()),
        club_id: Some("1234".into()),
    })
    .unwrap();
    let dialogs = scripted(vec![Some(dir.join("pairs.tourney"))]);
    let mut harness = harness(TourneyApp::new(data, Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    assert_eq!(value(&harness, "Club"), "Riverside BC");
    assert_eq!(value(&harness, "Club ID"), "1234");
    retype_field(&mut harness, "Club", "Riverside Tuesdays", egui::Key::Tab);
    retype_field(&mut harness, "Club ID", " 4321 ", egui::Key::Tab);
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    let settings = &session(&harness).event().settings;
    assert_eq!(settings.club.as_deref(), Some("Riverside Tuesdays"));
    assert_eq!(settings.club_id.as_deref(), Some("4321"));
    // The next form: the club remembered from the event just made, the ID from the file.
    open_new_event_form(&mut harness, None);
    assert_eq!(value(&harness, "Club"), "Riverside Tuesdays");
    assert_eq!(value(&harness, "Club ID"), "1234");
}

/// A picture of a traveller with a lead saved, two lines scored (their matchpoints), and a
/// lead refused in place.
#[test]
fn snapshots_of_a_traveller_with_leads_and_matchpoints() {
    let mut harness = by_traveller("traveller-snapshot", Vec::new());
    let rows = board_one(&harness);
    enter_with_lead(&mut harness, &rows[0], "4S N 10", "HQ");
    enter_with_lead(&mut harness, &rows[1], "3NT E 8", "");
    enter_with_lead(&mut harness, &rows[2], "4S N 10", "HX");
    harness.run();
    harness.snapshot_options("results_by_traveller", &snapshot_options());
}

/// Issue 44: Sheets → "Publish results web pages…" asks for a folder and writes the results
/// site into it; the banner says where and offers to open the ranking.
#[test]
fn the_results_web_pages_are_published_into_the_folder_chosen() {
    let site = folder("publish-site-pages").join("Club results");
    let mut harness = by_traveller("publish-site", vec![Some(site.clone())]);
    let row = board_one(&harness)[0].clone();
    enter_with_lead(&mut harness, &row, "4S N 10", "HQ");
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label("Publish results web pages…").click();
    harness.run();
    let index = std::fs::read_to_string(site.join("index.html")).expect("the ranking page is written");
    assert!(index.contains("<h1>"), "{index}");
    assert!(site.join("board-1.html").is_file() && site.join("style.css").is_file());
    let banner = harness.state().banner.as_ref().expect("a banner");
    assert!(banner.text.starts_with("Published "), "{}", banner.text);
    assert!(banner.text.contains("Club results"), "{}", banner.text);
    harness.get_by_label("Open");
}
