//! The club's member list in the window: reached from the start screen, imported from the
//! club's CSV, searched as the organiser types, edited, and shared with another writer.

use super::*;
use scheduler::club::{ClubFile, ClubSettings, DEFAULT_FILE_NAME, MemberFields};

fn members_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/members/club_members.csv")
}

/// Types `text` into the field labelled `label`, replacing what it held.
fn retype(harness: &mut Harness<'static, TourneyApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    if text.is_empty() {
        harness.key_press(egui::Key::Backspace);
    } else {
        harness.get_by_label(label).type_text(text);
    }
    harness.run();
}

fn click(harness: &mut Harness<'static, TourneyApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

fn shown(harness: &Harness<'static, TourneyApp>, label: &str) -> bool {
    harness.query_by_label(label).is_some()
}

#[test]
fn the_member_list_is_imported_searched_and_edited_in_the_window() {
    let dir = folder("members");
    let data = dir.join("data");
    let club_path = data.join(DEFAULT_FILE_NAME);
    let dialogs = scripted(vec![Some(members_fixture())]);
    let mut harness = harness(TourneyApp::new(data.clone(), Vec::new(), dialogs));
    click(&mut harness, "Start screen");
    click(&mut harness, "Club members…");
    assert_eq!(harness.state().screen, Screen::Members);
    assert!(club_path.exists(), "the club file is made in the data folder");

    // Import: what was done, and every problem by line and column.
    click(&mut harness, "Import CSV…");
    harness.get_by_label("Imported club_members.csv: 9 added, 0 updated, 0 unchanged, 4 skipped");
    let file = members_fixture().display().to_string();
    harness.get_by_label(&format!(
        "error: {file}, line 13, field \"EBU No\": \"1.23457E+11\" is a number the spreadsheet wrote in scientific notation, so digits are lost: format the column as text and save the CSV again; the row is not imported"
    ));
    harness.get_by_label("9 of 9 members");

    // The search filters as it is typed: the start of a word, accents aside.
    retype(&mut harness, "Search", "smi");
    harness.get_by_label("3 of 9 members");
    for name in ["Jane Smith", "Jan Šmíd", "Zoë Brontë-Smith"] {
        assert!(shown(&harness, name), "{name} is found by \"smi\"");
    }
    assert!(!shown(&harness, "Olly Osmith"), "not the middle of a word");
    retype(&mut harness, "Search", "0034");
    harness.get_by_label("Jürgen Müller");
    harness.get_by_label("1 of 9 members");

    // Edit the member picked in the list.
    retype(&mut harness, "Search", "");
    click(&mut harness, "Jane Smith");
    click(&mut harness, "Edit member…");
    retype(&mut harness, "Member's phone", "01622 000000");
    click(&mut harness, "Save member");
    harness.get_by_label("Saved Jane Smith (00123456)");
    let club = ClubFile::open(&club_path).unwrap();
    let jane = club.find_number("00123456").unwrap().unwrap();
    assert_eq!(jane.phone.as_deref(), Some("01622 000000"));

    // Add one; a number that is taken is refused, and the form stays to be corrected.
    click(&mut harness, "Add member…");
    retype(&mut harness, "Member's name", "Rob Barker");
    retype(&mut harness, "Member number", "00123456");
    click(&mut harness, "Save member");
    harness.get_by_label("the member list not changed: the number 00123456 belongs to Jane Smith already");
    retype(&mut harness, "Member number", "00789013");
    click(&mut harness, "Save member");
    harness.get_by_label("Added Rob Barker (00789013)");
    harness.get_by_label("10 of 10 members");

    // Remove, after saying so.
    click(&mut harness, "Remove member…");
    harness.get_by_label("Remove Rob Barker (00789013) from the member list?");
    click(&mut harness, "Remove");
    harness.get_by_label("Removed Rob Barker (00789013)");
    assert_eq!(club.members().unwrap().len(), 9);

    // The club's own details.
    retype(&mut harness, "Club name", "Marden Bridge Club");
    retype(&mut harness, "Club's federation ID", "2345");
    click(&mut harness, "Save club details");
    assert_eq!(
        club.settings().unwrap(),
        ClubSettings {
            name: Some("Marden Bridge Club".into()),
            club_id: Some("2345".into())
        }
    );

    // Another writer (a command, another window): seen without being asked.
    let mut command = ClubFile::open(&club_path).unwrap();
    command.add(&MemberFields::new("Late Arrival")).unwrap();
    harness.run();
    harness.get_by_label("Late Arrival");
    harness.get_by_label("10 of 10 members");
}

#[test]
fn a_club_file_that_cannot_be_opened_is_said_and_nothing_is_shown() {
    let dir = folder("members-unopened");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join(DEFAULT_FILE_NAME), "not a database").unwrap();
    let mut harness = harness(TourneyApp::new(data.clone(), Vec::new(), scripted(Vec::new())));
    click(&mut harness, "Start screen");
    click(&mut harness, "Club members…");
    let path = data.join(DEFAULT_FILE_NAME).display().to_string();
    harness.get_by_label(&format!(
        "The club file cannot be opened: {path}: not a Tourney club file (it is not an SQLite database); it was not changed"
    ));
    assert!(!shown(&harness, "Import CSV…"));
    assert_eq!(
        std::fs::read_to_string(data.join(DEFAULT_FILE_NAME)).unwrap(),
        "not a database"
    );
}
