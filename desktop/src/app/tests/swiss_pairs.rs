//! Issue 45: a Swiss pairs event in the window, from the new-event form's movement list to
//! the standings after round 3. Every board's N-S score is typed into the results view as a
//! director would, each table's match so far is read under its boards, and each round after
//! the first is paired with the view's "Pair round N" button.

use super::*;

/// The N-S score typed for board `deal` at `table` of a round (multiples of ten, some E-W's).
fn typed(table: u32, deal: u32) -> i32 {
    [420, -100, 140, 620, -50][((table + deal) % 5) as usize] + (table as i32 % 3) * 30
}

/// The new-event form for pairs bridge with Swiss pairs chosen in its Movement list; the
/// event is saved to `file` in the test's folder.
fn swiss_pairs_form(test: &str, file: &str) -> (Harness<'static, TourneyApp>, std::path::PathBuf) {
    let dir = folder(test);
    let event_path = dir.join(file);
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    harness.get_by_label("Movement").click();
    harness.run();
    harness
        .get_by_label("Swiss pairs: paired round by round from the standings")
        .click();
    harness.run();
    (harness, event_path)
}

#[test]
fn a_swiss_pairs_event_from_the_form_to_round_three_standings() {
    let (mut harness, event_path) = swiss_pairs_form("swiss-pairs", "swiss-pairs.tourney");
    // The form's defaults for a Swiss pairs: 5 rounds of 6 boards, WBF 2013 VPs, 12 for a bye.
    assert_eq!(harness.get_by_label("Rounds").value().as_deref(), Some("5"));
    assert_eq!(
        harness.get_by_label("Boards a match").value().as_deref(),
        Some("6")
    );
    harness.get_by_label("the pair's average");
    replace_field(&mut harness, "Rounds", "3");
    replace_field(&mut harness, "Boards a match", "2");
    replace_field(&mut harness, "Players (or pairs)", "9");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let event = session(&harness).event().clone();
    assert_eq!(event.settings.format_label, "Swiss pairs");
    assert!(scheduler::event::swiss_pairs::settings(&event).is_some());
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("Round 1: 0 of 8 results");
    harness.get_by_label("Not playing this round: Player 9 (bye)");
    assert!(
        harness
            .get_by_label("Pair round 2")
            .accesskit_node()
            .is_disabled(),
        "not before round 1 is complete"
    );
    for round in 1..=3u32 {
        let event = session(&harness).event().clone();
        for table in 1..=4u32 {
            for deal in event.deals_of_round(round) {
                replace_field(
                    &mut harness,
                    &format!("Table {table} board {deal} result"),
                    &typed(table, deal).to_string(),
                );
            }
        }
        harness.get_by_label(&format!("Round {round}: complete (8 of 8)"));
        // Each table's match under its boards, as the library scores it.
        let played = event.schedule.round(round).unwrap().clone();
        let swiss = scheduler::event::swiss_pairs::settings(&event).unwrap();
        let matches = scheduler::event::swiss_pairs::round_matches(
            session(&harness).event(),
            session(&harness).results(),
            &played,
            swiss,
        );
        let summary = matches[0].summary(swiss.scoring);
        assert!(
            summary.starts_with("IMPs ") && summary.contains(", VPs "),
            "{summary}"
        );
        harness.get_by_label("Table 1 so far");
        harness.get_by_label(&summary);
        if round < 3 {
            harness.get_by_label(&format!("Pair round {}", round + 1)).click();
            harness.run();
            harness.run();
            harness.get_by_label(&format!("Round {}: 0 of 8 results", round + 1));
        }
    }
    harness.get_by_label("All 3 rounds of the Swiss are paired.");
    // Nine pairs over three rounds: three byes, to three different pairs, and no pair met
    // another twice.
    let event = session(&harness).event().clone();
    let byes: std::collections::HashSet<usize> = event
        .schedule
        .rounds
        .iter()
        .flat_map(|r| r.absent.iter().map(|a| a.entrant))
        .collect();
    assert_eq!(byes.len(), 3);
    let mut met = std::collections::HashSet::new();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (a, b) = scheduler::event::teams::match_teams(table).unwrap();
            assert!(
                met.insert((a.min(b), a.max(b))),
                "a repeat in round {}",
                round.number
            );
        }
    }
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label("Pair");
    harness.get_by_label("VPs");
    let standings = session(&harness).standings();
    let leader = &standings[0].rows[0][1];
    assert!(harness.query_by_label(leader).is_some(), "{leader}");
}

/// The form's third scoring, matchpoints across the field: the usual bye follows it (60 per
/// cent), the event is matchpointed, each table's match reads as matchpoints and
/// percentages, and the standings count the match percentages.
#[test]
fn a_matchpointed_swiss_pairs_event_from_the_form() {
    let (mut harness, event_path) = swiss_pairs_form("swiss-pairs-mp", "mp.tourney");
    harness
        .get_by_label("matchpoints across the field (each match's percentage)")
        .click();
    harness.run();
    replace_field(&mut harness, "Rounds", "2");
    replace_field(&mut harness, "Boards a match", "2");
    replace_field(&mut harness, "Players (or pairs)", "8");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let event = session(&harness).event().clone();
    let swiss = scheduler::event::swiss_pairs::settings(&event).unwrap();
    assert_eq!(swiss.scoring, scheduler::event::teams::TeamsScoring::Matchpoints);
    assert_eq!(
        swiss.bye,
        scheduler::event::teams::TeamsBye::Fixed { hundredths: 6000 }
    );
    harness.get_by_label("Results").click();
    harness.run();
    for table in 1..=4u32 {
        for deal in event.deals_of_round(1) {
            replace_field(
                &mut harness,
                &format!("Table {table} board {deal} result"),
                &typed(table, deal).to_string(),
            );
        }
    }
    let matches = scheduler::event::swiss_pairs::round_matches(
        session(&harness).event(),
        session(&harness).results(),
        event.schedule.round(1).unwrap(),
        swiss,
    );
    let summary = matches[0].summary(swiss.scoring);
    assert!(summary.starts_with("MPs ") && summary.ends_with('%'), "{summary}");
    // (Two tables may have the same line.)
    assert!(harness.query_all_by_label(&summary).next().is_some(), "{summary}");
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label("Match %");
    harness.get_by_label("MPs won");
}
