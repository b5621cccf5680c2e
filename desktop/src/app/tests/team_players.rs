//! Issue 45: a team's players in the window. A roster of players with a team column is
//! imported on the new-event form of a teams event (the preview counts the teams and says
//! which team is short), the event holds one entrant a team with its players and numbers,
//! and the roster view edits a team's players on one line.

use super::*;
use scheduler::model::Member;

/// An ugly players roster: semicolons, Windows line ends, a team's name in two cases and
/// with spaces, member numbers for some players, a team of three.
const PLAYERS: &str = "Surname;First name;Team;EBU no\r\nArcher;Ann;Aces;007341\r\nBrown;Bob;Aces;\r\n\
Carter;Cy; Barons ;118906\r\nDean;Di;aces;\r\nEvans;Ed;Barons;\r\nFord;Fay;Aces;\r\nGrey;Gus;Barons;\r\n\
Hope;Hal;Clubs;\r\nIves;Ida;Clubs;\r\nJones;Jo;Clubs;\r\nKing;Kit;Clubs;\r\nLamb;Len;Diamonds & Co;\r\n\
Moss;Mo;Diamonds & Co;\r\nNash;Ned;Diamonds & Co;\r\n";

fn squad(harness: &Harness<'static, TourneyApp>, team: usize) -> Vec<Member> {
    session(harness).event().roster.players[team].squad.clone()
}

#[test]
fn a_players_roster_makes_teams_and_the_roster_view_edits_a_teams_players() {
    let dir = folder("team-players");
    let roster = dir.join("players.csv");
    std::fs::write(&roster, PLAYERS).unwrap();
    let event_path = dir.join("teams.tourney");
    let dialogs = scripted(vec![Some(roster), Some(event_path.clone())]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("teams of four"));
    harness.get_by_label("Import CSV…").click();
    harness.run();
    harness.get_by_label(
        "As teams of four: 14 players in 4 teams (Aces 4, Barons 3, Clubs 4, Diamonds & Co 3).",
    );
    let short = harness
        .query_all_by_label_contains("has 3 player(s)")
        .map(|node| {
            let node = node.accesskit_node();
            node.label().or(node.value()).unwrap_or_default()
        })
        .collect::<Vec<_>>();
    assert_eq!(short.len(), 2, "{short:?}");
    assert!(
        short[0].starts_with("Barons has 3 player(s) (Cy Carter (118906), Ed Evans, Gus Grey)"),
        "{short:?}"
    );
    harness.get_by_label("Generate the schedule").scroll_to_me();
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(
        session(&harness).path(),
        event_path,
        "{:?}",
        harness.state().new_event.problem
    );
    let event = session(&harness).event().clone();
    assert_eq!(
        event.schedule.entrants,
        ["Aces", "Barons", "Clubs", "Diamonds & Co"]
    );
    assert_eq!(
        squad(&harness, 0),
        vec![
            Member::numbered("Ann Archer", "007341"),
            Member::new("Bob Brown"),
            Member::new("Di Dean"),
            Member::new("Fay Ford"),
        ]
    );
    // The roster view: a row a team, its players on one line.
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("4 team(s), 14 player(s)");
    assert_eq!(
        harness.get_by_label("Team 2 players").value().as_deref(),
        Some("Cy Carter (118906), Ed Evans, Gus Grey")
    );
    replace_field(
        &mut harness,
        "Team 2 players",
        "Cy Carter (118906), Ed Evans, Gus Grey, Pat Page (55)",
    );
    assert_eq!(squad(&harness, 1).len(), 4);
    assert_eq!(squad(&harness, 1)[3], Member::numbered("Pat Page", "55"));
    // Kept in the event file.
    let stored = scheduler::event::store::EventFile::open(&event_path).unwrap();
    assert_eq!(stored.event().roster.players[1].squad, squad(&harness, 1));
    // A line that cannot be read changes nothing and says why.
    replace_field(&mut harness, "Team 2 players", "Cy Carter (1189, Ed Evans");
    harness.get_by_label(
        "Team 2's players: player 1 (\"Cy Carter (1189\"): a member number goes in brackets after the name, e.g. \"Ann Archer (007341)\"",
    );
    assert_eq!(squad(&harness, 1).len(), 4);
    // Undo takes the added player back.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(squad(&harness, 1).len(), 3);
}
