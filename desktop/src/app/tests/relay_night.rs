//! Issue 45: four teams on a teams night choose the relay (one set a round relayed round all
//! four tables, the usual with 4 boards a round) or head to head in the new-event form; the
//! form says which movement that makes before Generate, and the event keeps the relay.

use super::*;

#[test]
fn four_teams_choose_the_relay_or_head_to_head_in_the_form() {
    let dir = folder("relay-night");
    let event_path = dir.join("relay.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    harness.get_by_label("club teams night (one evening)").click();
    harness.run();
    // Seven teams have one movement: no choice offered.
    assert!(harness.query_by_label("Four teams play").is_none());
    replace_field(&mut harness, "Teams", "4");
    replace_field(&mut harness, "Boards a round", "4");
    // The usual with 4 boards a round: the relay, half the boards of head to head.
    harness.get_by_label("Four teams play");
    harness.get_by_label_contains("Relay for 4 teams: 3 rounds of 4 boards, 12 boards in all");
    harness
        .get_by_label("head to head (each match its own boards)")
        .click();
    harness.run();
    harness.get_by_label_contains("Head to head for 4 teams: 3 rounds of 4 boards, 24 boards in all");
    // The row's first choice (the relay) carries the row's name.
    harness.get_by_label("Four teams play").click();
    harness.run();
    harness.get_by_label_contains("Relay for 4 teams: 3 rounds of 4 boards, 12 boards in all");
    // Fewer boards than parts: the relay chosen is refused, in the form's own words.
    replace_field(&mut harness, "Boards a round", "3");
    harness.get_by_label_contains("needs at least 4 boards a round");
    replace_field(&mut harness, "Boards a round", "4");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let event = session(&harness).event().clone();
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!(movement.sets, 3);
    assert!(movement.rounds.iter().all(|r| r.relay.len() == 4));
    // Round 1's two matches play the same boards 1–4 at all four tables.
    assert!((1..=4).all(|table| event.deals_at(1, table) == (1..=4)));
}
