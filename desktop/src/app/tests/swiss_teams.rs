//! Issue 45: a Swiss teams event in the window, from the new-event form to the standings
//! after round 3. Every board is typed into the results view as a director would ("420
//! -170", "net 590"), and each round after the first is paired with the view's "Pair round
//! N" button.

use super::*;
use scheduler::event::teams::match_teams;
use std::collections::HashSet;

/// What is typed for board `deal` of match `table`: both tables' N-S scores, or every third
/// board the net score; the home team (the higher-placed) tends to gain.
fn typed(table: u32, deal: u32) -> String {
    let net = (i64::from(deal % 5) - 1) * 110 + i64::from(table) * 30;
    if deal.is_multiple_of(3) {
        format!("net {net}")
    } else {
        let second = if deal.is_multiple_of(2) { 420 } else { -100 };
        format!("{} {second}", second + net)
    }
}

/// Types every board of every match of `round`, each field by its label.
fn enter_round(harness: &mut Harness<'static, TourneyApp>, round: u32) {
    let event = session(harness).event().clone();
    let tables: Vec<u32> = event
        .schedule
        .round(round)
        .unwrap()
        .tables
        .iter()
        .map(|t| t.number)
        .collect();
    for table in tables {
        for deal in event.deals_of_round(round) {
            replace_field(
                harness,
                &format!("Match {table} board {deal} result"),
                &typed(table, deal),
            );
        }
    }
}

#[test]
fn a_swiss_teams_event_from_the_form_to_round_three_standings() {
    let dir = folder("swiss-teams");
    let event_path = dir.join("swiss.tourney");
    let pdf_path = dir.join("round3.pdf");
    let csv_path = dir.join("matches.csv");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![
            Some(event_path.clone()),
            Some(pdf_path.clone()),
            Some(csv_path.clone()),
        ]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    assert_eq!(
        harness.state().new_event.format(),
        scheduler::event::create::EventFormat::Teams,
        "{:#?}",
        harness.root()
    );
    // The form's defaults for teams: a Swiss of 6 rounds, 7 boards a match, WBF 2013 VPs.
    assert_eq!(harness.get_by_label("Rounds").value().as_deref(), Some("6"));
    assert_eq!(
        harness.get_by_label("Boards a match").value().as_deref(),
        Some("7")
    );
    replace_field(&mut harness, "Teams", "7");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("Round 1: 0 of 21 results");
    // Seven teams: the last seed has round 1's bye, and the view says so.
    harness.get_by_label("Not playing this round: Team 7 (bye)");
    // The button waits for the round's every board.
    assert!(
        harness
            .get_by_label("Pair round 2")
            .accesskit_node()
            .is_disabled(),
        "not before round 1 is complete"
    );

    for round in 1..=3u32 {
        enter_round(&mut harness, round);
        harness.get_by_label(&format!("Round {round}: complete (21 of 21)"));
        if round < 3 {
            assert!(harness.state().view == View::Results);
            harness.get_by_label(&format!("Pair round {}", round + 1)).click();
            harness.run();
            assert!(
                harness.state().view == View::Results,
                "still on the results after pairing"
            );
            harness.run();
            assert!(
                harness
                    .query_by_label(&format!("Match 1 board {} result", round * 7 + 1))
                    .is_some(),
                "{}",
                harness.state().status
            );
            harness.get_by_label(&format!("Round {}: 0 of 21 results", round + 1));
        }
    }
    // A round entered earlier shows each board as it was typed, and no complaint.
    harness.get_by_label("1 (done)").click();
    harness.run();
    assert_eq!(
        harness.get_by_label("Match 1 board 1 result").value().as_deref(),
        Some(typed(1, 1).as_str())
    );
    assert_eq!(
        harness.get_by_label("Match 2 board 3 result").value().as_deref(),
        Some(typed(2, 3).as_str())
    );
    assert!(harness.query_by_label_contains("give the N-S score").is_none());
    let event = session(&harness).event().clone();
    assert_eq!(event.schedule.rounds.len(), 3);
    let mut met = HashSet::new();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (h, a) = match_teams(table).unwrap();
            assert!(
                met.insert((h.min(a), h.max(a))),
                "no two teams meet twice in three rounds"
            );
        }
    }
    assert_eq!(session(&harness).results().len(), 63);

    // The standings view shows the library's standings: VPs, best first.
    harness.get_by_label("Standings").click();
    harness.run();
    let expected = session(&harness).standings()[0].rows.clone();
    harness.get_by_label("VPs");
    harness.get_by_label("Quotient");
    for row in &expected[..2] {
        harness.get_by_label(&row[1]);
        harness
            .get_all_by_label(&row[2])
            .next()
            .expect("the team's VPs are shown");
    }
    let total: f64 = expected.iter().map(|r| r[2].parse::<f64>().unwrap()).sum();
    assert!(
        (total - (9.0 * 20.0 + 3.0 * 12.0)).abs() < 1e-6,
        "nine matches of 20 VPs and three byes of 12: {total}"
    );

    // The sheets: the round sheet and the match score cards (no table cards: a match is two
    // tables), one round's only, with the running ranking.
    harness.get_by_label("Sheets").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Table cards (who sits where each round)")
            .is_none()
    );
    harness.get_by_label("Round 3").click();
    harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "Standings")
        .click();
    harness.run();
    harness.get_by_label("Export PDF…").click();
    harness.run();
    let text = pdf_text(&pdf_path);
    for part in [
        "Round3·boards15–21",
        "Round3,match1",
        "Round3,match3",
        "Rankingafterround3",
    ] {
        assert!(text.contains(part), "the PDF lacks {part}: {text}");
    }
    assert!(!text.contains("Round2,match1"), "only round 3's cards");

    // The matches as CSV: nine, every one with its IMPs and VPs.
    harness.get_by_label("Export match results CSV…").click();
    harness.run();
    let csv = std::fs::read_to_string(&csv_path).expect("the CSV was written");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert!(lines[0].starts_with("Round,Match,Tables,"), "{csv}");
    assert_eq!(lines.len(), 1 + 9, "{csv}");
    assert!(lines[1..].iter().all(|l| l.contains(",7 of 7,")), "{csv}");
}

/// The results view's Swiss controls: round 1's pairing changed by hand before it is played,
/// then a team ticked as withdrawing when round 2 is paired.
#[test]
fn a_pairing_is_swapped_and_a_team_withdraws_from_the_window() {
    use scheduler::event::session::Session;
    use scheduler::model::Absence;
    let dir = folder("swiss-swap");
    let path = dir.join("swiss5.tourney");
    let event = swiss_teams("Five teams", 5, 3, 2);
    drop(Session::create(&path, &event).unwrap());
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(Vec::new()),
    ));
    harness.state_mut().open(&path);
    harness.run();
    harness.get_by_label("Results").click();
    harness.run();

    // Round 1 seeds 1 v 3, 2 v 4, the bye to 5: swap teams 3 and 4 (they exchange opponents).
    for (combo, team) in [
        ("First team to swap", "Team 3 (3)"),
        ("Second team to swap", "Team 4 (4)"),
    ] {
        harness.get_by_label(combo).click();
        harness.run();
        harness.get_by_label(team).click();
        harness.run();
    }
    harness.get_by_label("Swap").click();
    harness.run();
    let round1 = session(&harness).event().schedule.round(1).unwrap().clone();
    let matches: Vec<(usize, usize)> = round1.tables.iter().map(|t| match_teams(t).unwrap()).collect();
    assert_eq!(matches, [(0, 3), (1, 2)], "teams 3 and 4 exchanged opponents");

    // Once a result is in, no more swapping; with the round complete, Team 2 withdraws.
    enter_round(&mut harness, 1);
    assert!(harness.query_by_label("Swap").is_none());
    harness.get_by_label("Teams withdrawing before round 2").click();
    harness.run();
    harness.get_by_label("Team 2 (2) withdraws").click();
    harness.run();
    harness.get_by_label("Pair round 2").click();
    harness.run();
    let round2 = session(&harness).event().schedule.round(2).unwrap().clone();
    assert!(
        round2
            .absent
            .iter()
            .any(|a| a.entrant == 1 && a.kind == Absence::Left),
        "{round2:?}"
    );
    assert_eq!(round2.tables.len(), 2, "four teams left: two matches");
    assert!(round2.tables.iter().all(|t| {
        let (h, a) = match_teams(t).unwrap();
        h != 1 && a != 1
    }));
}

/// A knockout match from the form: two teams, two stanzas of two boards, a carry-over of 3.5
/// IMPs to the second team; the boards typed in, and the standings saying who won.
#[test]
fn a_knockout_match_from_the_form_to_its_result() {
    let dir = folder("knockout");
    let event_path = dir.join("ko.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    harness.get_by_label("knockout match (two teams)").click();
    harness.run();
    // Numbered teams start at two for a knockout.
    assert_eq!(harness.get_by_label("Teams").value().as_deref(), Some("2"));
    // A knockout's rounds are its stanzas; no rounds field, no scoring choice, no bye.
    assert!(harness.query_by_label("Rounds").is_none());
    assert!(harness.query_by_label("A bye scores").is_none());
    replace_field(&mut harness, "Stanzas", "2");
    replace_field(&mut harness, "Boards a stanza", "2");
    // The carry-over names the team.
    harness.get_by_label("Team 2").click();
    harness.run();
    replace_field(&mut harness, "Carry-over IMPs", "3.5");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let event = session(&harness).event().clone();
    assert_eq!(event.schedule.rounds.len(), 2);
    harness.get_by_label("Results").click();
    harness.run();
    // Stanza 1 (the first team at home): +620 and -50; stanza 2 (the second at home): +110, +300.
    replace_field(&mut harness, "Match 1 board 1 result", "net 620");
    replace_field(&mut harness, "Match 1 board 2 result", "net -50");
    harness.get_by_label("Round 1: complete (2 of 2)");
    harness.get_by_label("2").click();
    harness.run();
    replace_field(&mut harness, "Match 1 board 3 result", "net 110");
    replace_field(&mut harness, "Match 1 board 4 result", "200 -100");
    assert_eq!(session(&harness).results().len(), 4, "{}", harness.state().status);
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label("Carry-over");
    harness.get_by_label("Stanza 2");
    // The second team: 3.5 + 2 + 3 + 7 = 15.5 against 12.
    harness.get_by_label("15.5");
    harness.get_by_label_contains("wins by 3.5 IMPs (15.5–12)");
}

/// A league of four numbered teams, two boards a match scored as IMPs, in which Team 1 beat
/// Team 2 by 10 IMPs (+620 is 12 IMPs to Team 1, -50 is 2 to Team 2); no other match in.
fn league_where_team_1_beat_team_2(path: &std::path::Path) {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::session::Command;
    use scheduler::event::teams::{TeamBoard, TeamsScoring};
    use scheduler::event::{ResultKey, ResultValue};
    let mut spec = NewEvent::new(
        "League",
        EventFormat::Teams,
        scheduler::model::Roster::numbered_teams(4),
    );
    spec.options.boards_per_round = 2;
    spec.options.teams_scoring = TeamsScoring::Imps;
    let (event, _) = build_event(&spec, &scheduler::solver::Control::unlimited()).unwrap();
    let mut league = Session::create(path, &event).unwrap();
    let (round, table, home) = event
        .schedule
        .rounds
        .iter()
        .find_map(|r| {
            r.tables.iter().find_map(|t| match match_teams(t) {
                Some((h, a)) if h + a == 1 => Some((r.number, t.number, h)),
                _ => None,
            })
        })
        .unwrap();
    for (deal, net) in event.deals_of_round(round).zip([620, -50]) {
        let net = if home == 0 { net } else { -net };
        let key = ResultKey { round, table, deal };
        let value = ResultValue::Teams {
            board: TeamBoard::Net { net },
        };
        league.apply(Command::SetResult(key, value)).unwrap();
    }
}

/// Issue 45: the knockout's carry-over worked out on the form from the league file chosen
/// with the dialog: a bad rule said in place, then the Bermuda Bowl's rule fills the
/// carry-over fields (Team 1 placed higher and won by 10: 10 × 1/2 = 5 IMPs) and says how;
/// the event keeps where it came from and its score sheet says so.
#[test]
fn a_knockout_carry_over_is_worked_out_on_the_form_from_the_league() {
    let dir = folder("knockout-carry-over-from");
    let league = dir.join("league.tourney");
    league_where_team_1_beat_team_2(&league);
    let event_path = dir.join("ko.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![
            Some(league.clone()),
            Some(league.clone()),
            Some(league.clone()),
            Some(league.clone()),
            Some(event_path.clone()),
        ]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    harness.get_by_label("knockout match (two teams)").click();
    harness.run();
    replace_field(&mut harness, "Stanzas", "2");
    replace_field(&mut harness, "Boards a stanza", "2");
    replace_field(&mut harness, "Carry-over rule", "1/0,1/3,16");
    harness.get_by_label("Work it out from an earlier event…").click();
    harness.run();
    harness.get_by_label_contains("1/0 has a zero denominator");
    replace_field(&mut harness, "Carry-over rule", "1/2,1/3,16");
    // The round of their match, needed only where teams met twice: a round they did not
    // meet in, or not a number, is said in place.
    replace_field(&mut harness, "Their match in round", "x");
    harness.get_by_label("Work it out from an earlier event…").click();
    harness.run();
    harness.get_by_label_contains("Their match in round: \"x\" is not a round number");
    replace_field(&mut harness, "Their match in round", "9");
    harness.get_by_label("Work it out from an earlier event…").click();
    harness.run();
    harness.get_by_label_contains("did not meet in round 9 of league.tourney");
    // Emptied again (select all, delete): the teams met once, so no round is needed.
    harness.get_by_label("Their match in round").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label("Work it out from an earlier event…").click();
    harness.run();
    harness.get_by_label_contains("Team 1 beat Team 2 by 10 IMPs");
    harness.get_by_label_contains("so Team 1 carry over 10 × 1/2 = 5 IMPs.");
    assert_eq!(
        harness.get_by_label("Carry-over IMPs").value().as_deref(),
        Some("5.0")
    );
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let knockout = match &session(&harness).event().settings.scoring {
        scheduler::event::Scoring::Teams { knockout, .. } => knockout.clone().unwrap(),
        _ => panic!("a teams event"),
    };
    let carry = knockout.carry_over.unwrap();
    assert_eq!((carry.team, carry.tenths), (0, 50));
    assert_eq!(carry.from.map(|f| f.margin), Some(10));
    // The standings appear with the first board: Team 1 at home, +620 is 12 IMPs; with the
    // carry-over of 5, Team 1 leads by 17 after 1 of the 2 × 2 boards.
    harness.get_by_label("Results").click();
    harness.run();
    replace_field(&mut harness, "Match 1 board 1 result", "net 620");
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label_contains("After 1 of 4 boards, Team 1 leads by 17 IMPs.");
    harness.get_by_label_contains("Carry-over: Team 1 beat Team 2 by 10 IMPs");
}

#[test]
fn a_teams_night_from_the_form_to_its_matches() {
    let dir = folder("teams-night");
    let event_path = dir.join("night.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    harness.get_by_label("club teams night (one evening)").click();
    harness.run();
    // Seven numbered teams: American Whist; no rounds, no bye.
    assert_eq!(harness.get_by_label("Teams").value().as_deref(), Some("7"));
    assert!(harness.query_by_label("Rounds").is_none());
    assert!(harness.query_by_label("A bye scores").is_none());
    replace_field(&mut harness, "Boards a round", "2");
    harness.get_by_label_contains("American Whist for 7 teams: 6 rounds of 2 boards");
    // Four teams play head to head: the form says so before Generate.
    replace_field(&mut harness, "Teams", "4");
    harness.get_by_label_contains("Head to head for 4 teams: 3 rounds of 2 boards");
    replace_field(&mut harness, "Teams", "7");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).path(), event_path);
    let event = session(&harness).event().clone();
    assert_eq!(event.schedule.rounds.len(), 6);
    assert_eq!(event.schedule.entrants.len(), 14);
    // Round 1, table 1: team 1's N-S pair against team 3's E-W pair on boards 3 and 4,
    // entered like a pairs evening's traveller lines.
    harness.get_by_label("Results").click();
    harness.run();
    assert_eq!(event.schedule.entrants[0], "Team 1 N-S");
    harness
        .query_all_by_label("Table 1 board 3 result")
        .next()
        .unwrap()
        .click();
    harness.run();
    harness
        .query_all_by_label("Table 1 board 3 result")
        .next()
        .unwrap()
        .type_text("420");
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(session(&harness).results().len(), 1, "{}", harness.state().status);
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label("Matches");
    harness.get_by_label("Team 1 v Team 3");
    harness.get_by_label("1 of 4 scores entered");
    harness.get_by_label_contains("0 of 21 matches complete");
}

/// A knockout left level: the Standings offer the tie-break stanza, and it is added.
#[test]
fn a_level_knockout_gets_its_tie_break_from_the_standings() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::knockout::Knockout;
    use scheduler::event::session::{Command, Session};
    use scheduler::event::teams::TeamBoard;
    use scheduler::event::{ResultKey, ResultValue};
    use scheduler::model::Roster;
    let dir = folder("knockout-tie");
    let path = dir.join("tie.tourney");
    let mut spec = NewEvent::new("KO", EventFormat::Teams, Roster::numbered_teams(2));
    spec.options.boards_per_round = 2;
    spec.options.knockout = Some(Knockout::new(1, None));
    let event = build_event(&spec, &scheduler::solver::Control::unlimited())
        .unwrap()
        .0;
    let mut stored = Session::create(&path, &event).unwrap();
    for (deal, net) in [(1, 620), (2, -620)] {
        let key = ResultKey {
            round: 1,
            table: 1,
            deal,
        };
        let board = TeamBoard::Net { net };
        stored
            .apply(Command::SetResult(key, ResultValue::Teams { board }))
            .unwrap();
    }
    drop(stored);
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(Vec::new()),
    ));
    harness.state_mut().open(&path);
    harness.run();
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label_contains("Tied at 12 IMPs");
    harness.get_by_label("Play a tie-break stanza (2 boards)").click();
    harness.run();
    assert_eq!(session(&harness).event().schedule.rounds.len(), 2);
    assert!(
        harness
            .query_by_label("Play a tie-break stanza (2 boards)")
            .is_none()
    );
    harness.get_by_label("Tie-break 1");
}

/// Issue 45: seven teams, round 2 paired with the window's three-way choice: the bottom three
/// play one another over half the boards each, every half-match typed into the results view
/// (the third on the supplementary boards), and the round completes.
#[test]
fn an_odd_swiss_pairs_a_three_way_match_from_the_window() {
    let dir = folder("swiss-three-way");
    let event_path = dir.join("swiss.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    replace_field(&mut harness, "Teams", "7");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    harness.get_by_label("Results").click();
    harness.run();
    enter_round(&mut harness, 1);
    harness.get_by_label("Round 1: complete (21 of 21)");
    harness
        .get_by_label_contains("Three-way match instead of the bye")
        .click();
    harness.run();
    harness.get_by_label("Pair round 2").click();
    harness.run();
    harness.run();
    let event = session(&harness).event().clone();
    let round2 = event.schedule.round(2).unwrap().clone();
    assert!(round2.absent.is_empty(), "no bye: {:?}", round2.absent);
    let three =
        scheduler::event::three_way::three_teams(&round2.tables[2]).expect("match 3 is the three-way");
    // Boards 8–14 for the round; the three-way plays 8–10, 11–13 and the supplementary
    // 46–48 (after the 6 × 7 boards of the event).
    let deals = scheduler::event::three_way::half_match_deals(&event, 2).unwrap();
    assert_eq!(deals, [vec![8, 9, 10], vec![11, 12, 13], vec![46, 47, 48]]);
    harness.get_by_label("Round 2: 0 of 23 results");
    for table in 1..=3u32 {
        let boards = event.boards_at(2, table);
        for deal in boards {
            replace_field(
                &mut harness,
                &format!("Match {table} board {deal} result"),
                &typed(table, deal),
            );
        }
    }
    harness.get_by_label("Round 2: complete (23 of 23)");
    // Under each match's boards, the match as it stands: the three-way's three halves each.
    harness.run();
    let results = session(&harness).results().clone();
    let cards = scheduler::event::teams::match_cards_at(session(&harness).event(), &results, 2, 3);
    assert_eq!(cards.len(), 3);
    for (k, card) in cards.iter().enumerate() {
        harness.get_by_label(&format!("Match 3 ({}/3) so far", k + 1));
        let said = card.summary(scheduler::event::teams::TeamsScoring::Wbf2013);
        assert!(said.ends_with("(half a match's VPs)"), "{said}");
        assert!(harness.get_all_by_label(&said).count() >= 1, "{said} not shown");
    }
    harness.get_by_label("Match 1 so far");
    // The standings count each three-way team's two half-matches as one match played.
    let standings = session(&harness).standings()[0].clone();
    for &team in &three {
        let row = standings
            .rows
            .iter()
            .find(|r| r[1] == format!("Team {}", team + 1))
            .unwrap();
        assert_eq!(row[3], "2", "{row:?}");
    }
}

/// The form's "a three-way match instead of the bye": round 1 of a seven-team Swiss has the
/// last three seeds in a three-way match, and the next round's choice starts ticked.
#[test]
fn a_swiss_made_with_three_way_matches_from_the_form() {
    let dir = folder("swiss-three-way-form");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(dir.join("swiss.tourney"))]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    replace_field(&mut harness, "Teams", "7");
    harness.get_by_label("Odd number of teams").click();
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    let event = session(&harness).event().clone();
    let round1 = event.schedule.round(1).unwrap();
    assert!(round1.absent.is_empty(), "{:?}", round1.absent);
    assert_eq!(
        scheduler::event::three_way::three_teams(&round1.tables[2]),
        Some([4, 5, 6])
    );
    harness.get_by_label("Results").click();
    harness.run();
    // 2 matches of 7 boards and the three-way's 3 + 3 + 3.
    harness.get_by_label("Round 1: 0 of 23 results");
    let choice = harness.get_by_label_contains("Three-way match instead of the bye");
    assert_eq!(
        choice.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "the event's choice is the default"
    );
}

/// Types every board each match of `round` takes results for (a three-way's sets included;
/// none at a long three-way's first round), each field by its label.
fn enter_boards_at(harness: &mut Harness<'static, TourneyApp>, round: u32) {
    let event = session(harness).event().clone();
    for table in event
        .schedule
        .round(round)
        .unwrap()
        .tables
        .iter()
        .map(|t| t.number)
    {
        for deal in event.boards_at(round, table) {
            replace_field(
                harness,
                &format!("Match {table} board {deal} result"),
                &typed(table, deal),
            );
        }
    }
}

/// Seven teams, round 2 paired with the window's third choice, a three-way match over rounds
/// 2 and 3: the bottom three keep their tables for round 3 (the panel says so and offers no
/// odd choice, the rest being even), their three full matches are typed with round 3, and
/// each of them has then played three matches (or two and the bye).
#[test]
fn an_odd_swiss_pairs_a_three_way_match_over_two_rounds_from_the_window() {
    let dir = folder("swiss-long-three-way");
    let event_path = dir.join("swiss.tourney");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(event_path.clone())]),
    ));
    open_new_event_form(&mut harness, Some("teams of four"));
    replace_field(&mut harness, "Teams", "7");
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    harness.get_by_label("Results").click();
    harness.run();
    enter_round(&mut harness, 1);
    harness.get_by_label("Round 1: complete (21 of 21)");
    // The three choices for the odd team out; the bye to start with.
    let bye = harness.get_by_label_contains("Bye (the lowest-placed team without one sits out)");
    assert_eq!(
        bye.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    harness.get_by_label_contains("Three-way match instead of the bye");
    harness
        .get_by_label_contains("Three-way match over rounds 2 and 3")
        .click();
    harness.run();
    harness.get_by_label("Pair round 2").click();
    harness.run();
    harness.run();
    let event = session(&harness).event().clone();
    let round2 = event.schedule.round(2).unwrap().clone();
    assert!(round2.absent.is_empty(), "no bye: {:?}", round2.absent);
    let three = scheduler::event::long_three_way::long_three_teams(&round2.tables[2])
        .expect("match 3 is the three-way over two rounds");
    // Round 2's two head-on matches take results; the three-way's boards wait for round 3.
    harness.get_by_label("Round 2: 0 of 14 results");
    harness.get_by_label("three-way: entered with round 3");
    enter_boards_at(&mut harness, 2);
    harness.get_by_label("Round 2: complete (14 of 14)");
    harness.get_by_label_contains("play the second round of their three-way match over rounds 2 and 3");
    assert!(
        harness
            .query_by_label_contains("Three-way match over rounds 3 and 4")
            .is_none(),
        "the four others are even: no odd choice"
    );
    harness.get_by_label("Pair round 3").click();
    harness.run();
    harness.run();
    let event = session(&harness).event().clone();
    let round3 = event.schedule.round(3).unwrap().clone();
    assert_eq!(
        scheduler::event::long_three_way::long_three_teams(&round3.tables[2]),
        Some(three)
    );
    // 2 matches of 7 boards, and the three full matches of 7 boards each.
    harness.get_by_label("Round 3: 0 of 35 results");
    enter_boards_at(&mut harness, 3);
    harness.get_by_label("Round 3: complete (35 of 35)");
    harness.run();
    let standings = session(&harness).standings()[0].clone();
    assert!(
        !standings.note.clone().unwrap_or_default().contains("in progress"),
        "{:?}",
        standings.note
    );
    for row in &standings.rows {
        let played: u32 = row[3].parse().unwrap();
        let byes: u32 = row[4].parse().unwrap();
        assert_eq!(played + byes, 3, "{row:?}");
    }
}
