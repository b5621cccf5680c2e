//! Players picked from the club's member list while a roster is made: a name typed in the
//! roster view suggests members, and picking one stores the member number with the name (an
//! individual's, or either player of a pair); "Add from club members…" adds players and
//! pairs; the new-event form makes a roster of ticked members. Without a club file nothing is
//! suggested and nothing said; a file that cannot be read is said once.

use super::*;
use crate::app::member_picker::set_data_folder;
use scheduler::club::{ClubFile, DEFAULT_FILE_NAME, MemberFields};
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::model::{Player, Roster};
use scheduler::movement::MovementKind;
use scheduler::solver::Control;

/// The club file in `data`, with a few members (three found by "smi", Olly Osmith not).
fn club_in(data: &Path) {
    std::fs::create_dir_all(data).unwrap();
    let mut club = ClubFile::create(&data.join(DEFAULT_FILE_NAME)).unwrap();
    for (name, number) in [
        ("Jane Smith", "00123456"),
        ("Jan Šmíd", "00234567"),
        ("Zoë Brontë-Smith", "00567890"),
        ("Ann Archer", "00678901"),
        ("Olly Osmith", "00901234"),
    ] {
        let fields = MemberFields {
            number: Some(number.into()),
            ..MemberFields::new(name)
        };
        club.add(&fields).unwrap();
    }
}

/// The window on `event` (or the demo), its data folder `data` told to the pickers.
fn window(data: &Path, event: Option<&Path>, dialogs: Vec<Option<PathBuf>>) -> Harness<'static, TourneyApp> {
    let mut app = TourneyApp::new(data.to_path_buf(), Vec::new(), scripted(dialogs));
    if let Some(event) = event {
        app.open(event);
    }
    let mut harness = harness(app);
    set_data_folder(&harness.ctx, data);
    harness.run();
    harness
}

/// An event of `format` for `roster` without results, kept in `dir`.
fn event_file(dir: &Path, format: EventFormat, roster: Roster) -> PathBuf {
    let mut spec = NewEvent::new("Club night", format, roster);
    if format == EventFormat::BridgePairs {
        spec.options.boards_per_round = 2;
        spec.options.movement = Some(MovementPlan {
            kind: MovementKind::Mitchell,
            phantom: None,
            arrow_switch: false,
        });
    }
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let path = dir.join("club night.tourney");
    Session::create(&path, &event).unwrap();
    path
}

/// Clicks the field labelled `label`, selects what it holds and types `text` over it (the
/// field keeps the keyboard).
fn type_into(harness: &mut Harness<'static, TourneyApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
}

fn click(harness: &mut Harness<'static, TourneyApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

fn shown(harness: &Harness<'static, TourneyApp>, label: &str) -> bool {
    harness.query_by_label(label).is_some()
}

fn player(harness: &Harness<'static, TourneyApp>, index: usize) -> Player {
    session(harness).event().roster.players[index].clone()
}

#[test]
fn a_name_typed_in_the_roster_offers_club_members_and_picking_one_stores_the_number() {
    let dir = folder("picker-individual");
    let data = dir.join("data");
    club_in(&data);
    let mut harness = window(&data, None, Vec::new());
    click(&mut harness, "Roster");
    // One character suggests nothing; two do.
    type_into(&mut harness, "Player 3 name", "s");
    assert!(!shown(&harness, "Jane Smith (00123456)"));
    type_into(&mut harness, "Player 3 name", "smi");
    for label in [
        "Jane Smith (00123456)",
        "Jan Šmíd (00234567)",
        "Zoë Brontë-Smith (00567890)",
    ] {
        assert!(shown(&harness, label), "{label} is offered for \"smi\"");
    }
    assert!(
        !shown(&harness, "Olly Osmith (00901234)"),
        "not the middle of a word"
    );
    click(&mut harness, "Jane Smith (00123456)");
    let picked = player(&harness, 2);
    assert_eq!(
        (picked.name.as_str(), picked.number.as_deref()),
        ("Jane Smith", Some("00123456"))
    );
    assert!(!shown(&harness, "Jan Šmíd (00234567)"), "the suggestions close");
    assert_eq!(
        harness.get_by_label("Player 3 member number").value().as_deref(),
        Some("00123456")
    );
    let reopened = Session::open(&session(&harness).path()).unwrap();
    assert_eq!(
        reopened.event().roster.players[2].number.as_deref(),
        Some("00123456"),
        "the event file keeps the number with the name"
    );

    // By number, with the keyboard: Down chooses the first, Enter picks it.
    type_into(&mut harness, "Player 4 name", "0023");
    harness.key_press(egui::Key::ArrowDown);
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    let picked = player(&harness, 3);
    assert_eq!(
        (picked.name.as_str(), picked.number.as_deref()),
        ("Jan Šmíd", Some("00234567"))
    );

    // Enter without a choice keeps what was typed: a visitor, without a number.
    type_into(&mut harness, "Player 5 name", "Ann");
    assert!(shown(&harness, "Ann Archer (00678901)"));
    harness.key_press(egui::Key::Enter);
    harness.run();
    let typed = player(&harness, 4);
    assert_eq!((typed.name.as_str(), typed.number), ("Ann", None));

    // A member added meanwhile (another window, a command) is offered at once.
    let mut command = ClubFile::open(&data.join(DEFAULT_FILE_NAME)).unwrap();
    command.add(&MemberFields::new("Smita Rao")).unwrap();
    type_into(&mut harness, "Player 7 name", "smit");
    assert!(shown(&harness, "Smita Rao"));
}

#[test]
fn the_second_player_of_a_pair_is_picked_from_the_club_with_their_number() {
    let dir = folder("picker-pairs");
    let data = dir.join("data");
    club_in(&data);
    let roster = scheduler::roster_import::import_roster_file(&fixture("pairs_two_name_columns.csv")).roster;
    let path = event_file(&dir, EventFormat::BridgePairs, roster);
    let mut harness = window(&data, Some(&path), Vec::new());
    click(&mut harness, "Roster");
    let pair = player(&harness, 2);
    let label = format!("Pair {} second player", pair.id.0);
    type_into(&mut harness, &label, "smi");
    click(&mut harness, "Jane Smith (00123456)");
    let picked = player(&harness, 2);
    assert_eq!(picked.name, format!("{} & Jane Smith", pair.members[0].name));
    assert_eq!(picked.members[0], pair.members[0], "the first player is kept");
    assert_eq!(picked.members[1].name, "Jane Smith");
    assert_eq!(picked.members[1].number.as_deref(), Some("00123456"));
    assert_eq!(
        harness
            .get_by_label(&format!("Pair {} second player's member number", pair.id.0))
            .value()
            .as_deref(),
        Some("00123456")
    );

    // Add from club members: two clicks make a pair; a member playing already is greyed out.
    click(&mut harness, "Add from club members…");
    assert!(
        harness
            .get_by_label("Jane Smith (00123456)")
            .accesskit_node()
            .is_disabled(),
        "Jane Smith plays already"
    );
    click(&mut harness, "Ann Archer (00678901)");
    harness.get_by_label("First player: Ann Archer (00678901). Now click their partner");
    assert_eq!(session(&harness).event().roster.len(), 13, "nothing added yet");
    type_into(&mut harness, "Search club members", "osm");
    harness.get_by_label("1 of 5 members");
    click(&mut harness, "Olly Osmith (00901234)");
    let roster = &session(&harness).event().roster;
    assert_eq!(roster.len(), 14);
    assert_eq!(
        roster.players[13].describe_members(),
        "Ann Archer (00678901) & Olly Osmith (00901234)"
    );
}

#[test]
fn add_from_club_members_adds_a_player_with_their_number() {
    let dir = folder("picker-add");
    let data = dir.join("data");
    club_in(&data);
    let path = event_file(&dir, EventFormat::Chess, Roster::numbered(4));
    let mut harness = window(&data, Some(&path), Vec::new());
    click(&mut harness, "Roster");
    click(&mut harness, "Add from club members…");
    harness.get_by_label("5 of 5 members");
    type_into(&mut harness, "Search club members", "bront");
    click(&mut harness, "Zoë Brontë-Smith (00567890)");
    let added = player(&harness, 4);
    assert_eq!(
        (added.name.as_str(), added.number.as_deref()),
        ("Zoë Brontë-Smith", Some("00567890"))
    );
    harness.get_by_label("Roster: Zoë Brontë-Smith was added");
    click(&mut harness, "Close the club list");
    assert!(!shown(&harness, "Search club members"));
}

#[test]
fn without_a_club_file_nothing_is_suggested_and_nothing_is_said() {
    let dir = folder("picker-no-club");
    let data = dir.join("data");
    let path = event_file(&dir, EventFormat::Chess, Roster::numbered(4));
    let mut harness = window(&data, Some(&path), Vec::new());
    click(&mut harness, "Roster");
    type_into(&mut harness, "Player 2 name", "smi");
    assert!(harness.query_by_label_contains("Smith").is_none());
    assert!(harness.query_by_label_contains("cannot be read").is_none());
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(player(&harness, 1).name, "smi", "the name is taken as typed");
    click(&mut harness, "Add from club members…");
    harness.get_by_label_contains("The club's member list is empty");
    assert!(harness.query_by_label_contains("cannot be read").is_none());
    assert!(
        !data.join(DEFAULT_FILE_NAME).exists(),
        "picking never makes the club file"
    );
    // Once the club file is made, its members are offered.
    club_in(&data);
    type_into(&mut harness, "Player 3 name", "smi");
    assert!(shown(&harness, "Jane Smith (00123456)"));
}

#[test]
fn a_club_file_that_cannot_be_read_is_said_once_where_the_suggestions_would_be() {
    let dir = folder("picker-unreadable");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join(DEFAULT_FILE_NAME), "not a database").unwrap();
    let mut harness = window(&data, None, Vec::new());
    click(&mut harness, "Roster");
    type_into(&mut harness, "Player 3 name", "smi");
    let path = data.join(DEFAULT_FILE_NAME).display().to_string();
    let sentence = format!(
        "The club's member list cannot be read, so no members are offered: {path}: not a Tourney club file (it is not an SQLite database); it was not changed"
    );
    assert_eq!(harness.query_all_by_label(&sentence).count(), 1);
    assert_eq!(
        std::fs::read_to_string(data.join(DEFAULT_FILE_NAME)).unwrap(),
        "not a database"
    );
}

#[test]
fn a_new_event_roster_is_made_of_ticked_club_members() {
    let dir = folder("picker-new-event");
    let data = dir.join("data");
    club_in(&data);
    let event_path = dir.join("ticked.tourney");
    let mut harness = window(&data, None, vec![Some(event_path.clone())]);
    open_new_event_form(&mut harness, Some("chess round robin"));
    click(&mut harness, "Players from the club members…");
    assert!(!shown(&harness, "Players (or pairs)"));
    for label in ["Jane Smith (00123456)", "Ann Archer (00678901)"] {
        click(&mut harness, label);
    }
    type_into(&mut harness, "Search club members", "osm");
    click(&mut harness, "Olly Osmith (00901234)");
    harness.get_by_label("3 ticked: Jane Smith, Ann Archer, Olly Osmith");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    let roster = &session(&harness).event().roster;
    let members: Vec<String> = roster.players.iter().map(Player::describe_members).collect();
    assert_eq!(
        members,
        [
            "Jane Smith (00123456)",
            "Ann Archer (00678901)",
            "Olly Osmith (00901234)"
        ]
    );
}
