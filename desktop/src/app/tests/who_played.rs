//! Issue 45: who played for a team of five or six, recorded from the results view. A Swiss
//! of four teams (one of six players, one of four): "Who played…" under a match opens a tick
//! box for each player; three ticked is refused where it was asked, four saved through the
//! write path, the draft follows an undo, and the Sheets view offers the players' return and
//! the USEBIO file.

use super::*;
use scheduler::event::session::{Command, Session};
use scheduler::event::teams::match_teams;
use scheduler::event::who_played::{Fielded, fielded};
use scheduler::model::Member;
use scheduler::model::squad::parse_squad;

/// Clicks what is labelled `label`, scrolled into view first (the results view scrolls).
fn click(harness: &mut Harness<'static, TourneyApp>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

#[test]
fn the_results_view_records_who_played_for_a_team_of_six() {
    let dir = folder("who-played");
    let path = dir.join("six.tourney");
    let event = swiss_teams("Six players", 4, 2, 2);
    let mut stored = Session::create(&path, &event).unwrap();
    for (team, text) in [
        (
            0,
            "Ann Archer (007341), Bob Brown, Cy Carter, Di Dean, Ed Evans, Fay Ford",
        ),
        (2, "Gus Grey, Hal Hope, Ida Ives, Jo Jones"),
    ] {
        let id = stored.event().roster.players[team].id;
        let players = parse_squad(text).unwrap();
        stored.apply(Command::SetSquad { team: id, players }).unwrap();
    }
    drop(stored);
    let round1 = event.schedule.round(1).unwrap().clone();
    let at = round1
        .tables
        .iter()
        .position(|t| match_teams(t).is_some_and(|(h, a)| h == 0 || a == 0))
        .unwrap();
    let table = round1.tables[at].number;
    let mut harness = results_view(&dir, &path);
    // A button under each match: the one under team 1's.
    harness.query_all_by_label("Who played…").nth(at).unwrap().click();
    harness.run();
    harness.get_by_label(&format!("Match {table}: who played"));
    harness.get_by_label("Team 1: not recorded");
    // Three ticked: refused where it was asked, nothing written.
    for name in ["Ann Archer", "Cy Carter", "Ed Evans"] {
        click(&mut harness, name);
    }
    click(&mut harness, "Save line-ups");
    harness.get_by_label_contains("Team 1: 3 player(s) named: a team fields four players");
    assert!(session(&harness).event().settings.line_ups.is_empty());
    // A fourth: saved.
    click(&mut harness, "Fay Ford");
    click(&mut harness, "Save line-ups");
    let played = match fielded(session(&harness).event(), 1, 0) {
        Fielded::Recorded(players) => players,
        other => panic!("not recorded: {other:?}"),
    };
    assert_eq!(
        played,
        vec![
            Member::numbered("Ann Archer", "007341"),
            Member::new("Cy Carter"),
            Member::new("Ed Evans"),
            Member::new("Fay Ford"),
        ]
    );
    harness.get_by_label("Team 1: 4 recorded");
    let stored = scheduler::event::store::EventFile::open(&path).unwrap();
    assert_eq!(stored.event().settings.line_ups.len(), 1);
    // Undo takes it back, and the ticks follow the file.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    harness.get_by_label("Team 1: not recorded");
    assert!(session(&harness).event().settings.line_ups.is_empty());
    assert_eq!(
        harness.get_by_label("Ann Archer").accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
    // The Sheets view offers the players' return for a teams event.
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label("Export players' return CSV…");
    // A Swiss of teams scored by VPs is written as USEBIO too.
    harness.get_by_label("Export USEBIO results file (XML)…");
}
