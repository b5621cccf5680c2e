//! Late arrivals and withdrawals once results exist: played rounds stay fixed, the rest is
//! generated again; the audit, standings and history show it.

use super::*;
use scheduler::model::Absence;

/// The demo (a whist drive with rounds 1–2 entered): Zoe arrives before round 3. The roster
/// view offers "Add a late player…" instead of only the lock; the played rounds are kept,
/// Zoe is seated from round 3, the check is said, the history and standings say it, and
/// Undo puts the 16-player schedule back.
#[test]
fn a_late_player_joins_from_the_roster_view_and_undo_takes_it_back() {
    let dir = folder("late-arrival");
    let mut harness = harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())));
    let before = session(&harness).event().schedule.clone();
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("Add a late player…").click();
    harness.run();
    harness.get_by_label("Late player's name").click();
    harness.run();
    harness.get_by_label("Late player's name").type_text("Zoe Late");
    harness.run();
    harness.get_by_label("Add to the schedule").click();
    harness.run();
    let schedule = session(&harness).event().schedule.clone();
    assert_eq!(schedule.entrants.len(), 17);
    let zoe = schedule.entrants.iter().position(|e| e == "Zoe Late").unwrap();
    for number in 1..=2 {
        assert_eq!(
            schedule.round(number).unwrap().tables,
            before.round(number).unwrap().tables,
            "played round {number} is kept"
        );
        assert!(
            schedule
                .round(number)
                .unwrap()
                .absent
                .iter()
                .any(|a| a.entrant == zoe && a.kind == Absence::Late)
        );
    }
    assert!(
        schedule.rounds[2..]
            .iter()
            .all(|r| r.tables.len() == 4 && r.absent.len() == 1),
        "17 players: four tables and one sit-out a round"
    );
    shown_in_view(
        &harness,
        "Late arrival: Zoe Late joined before round 3. Rounds 3–5 were seated again",
    );
    shown_in_view(&harness, "Checked: the played rounds are unchanged");
    assert_eq!(
        session(&harness).history().last().unwrap().action,
        "Late arrival: Zoe Late joined before round 3"
    );
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label_contains("Zoe Late joined before round 3: round(s) 1–2 not played");
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(session(&harness).event().schedule, before);
    assert_eq!(session(&harness).event().roster.players.len(), 16);
    assert_eq!(
        session(&harness).history().last().unwrap().action,
        "Undone: Late arrival: Zoe Late joined before round 3"
    );
}

/// Withdraw… with whom and after which round: the player is shown as left in the later
/// rounds (not as sitting out: the audit does not count them), the rounds are seated again
/// without them; a late player whose name is already taken is refused where it was asked.
#[test]
fn a_withdrawal_from_the_roster_view_and_a_refusal_said_in_place() {
    let dir = folder("withdrawal");
    let mut harness = harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())));
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("Withdraw…").click();
    harness.run();
    harness.get_by_label("Who leaves").click();
    harness.run();
    harness.get_by_label("Finn Smith").click();
    harness.run();
    harness.get_by_label("Withdraw from the schedule").click();
    harness.run();
    let schedule = session(&harness).event().schedule.clone();
    let finn = schedule.entrants.iter().position(|e| e == "Finn Smith").unwrap();
    for round in &schedule.rounds[2..] {
        assert!(
            round
                .absent
                .iter()
                .any(|a| a.entrant == finn && a.kind == Absence::Left),
            "round {}",
            round.number
        );
        assert_eq!(round.tables.len(), 3);
    }
    assert_eq!(
        session(&harness).audit().entrants[finn].absent,
        0,
        "rounds after leaving are not sit-outs"
    );
    shown_in_view(&harness, "Withdrawal: Finn Smith left after round 2");

    harness.get_by_label("Add a late player…").click();
    harness.run();
    harness.get_by_label("Late player's name").click();
    harness.run();
    harness.get_by_label("Late player's name").type_text("Ann Archer");
    harness.run();
    harness.get_by_label("Add to the schedule").click();
    harness.run();
    shown_in_view(
        &harness,
        "roster and schedule not changed: \"Ann Archer\" is listed twice",
    );
    // The form stays open with the name, to be corrected.
    harness.get_by_label("Late player's name");
    assert_eq!(session(&harness).event().schedule, schedule);
}

/// The text is on screen in the view itself, above the status line at the window's foot.
fn shown_in_view(harness: &Harness<'static, TourneyApp>, text: &str) {
    let tops: Vec<f32> = harness
        .query_all_by_label_contains(text)
        .map(|node| node.rect().top())
        .collect();
    assert!(
        tops.iter().any(|&top| top < SIZE.y - 60.0),
        "{text:?} is not shown in the view (found at {tops:?})"
    );
}
