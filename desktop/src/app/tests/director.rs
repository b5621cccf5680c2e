//! What a bridge club's director expects of the window (as EBUScore and ACBLscore give it): a
//! pair's scorecard on screen from the standings, with a board's traveller and its
//! matchpoints; the pairs roster with pair numbers and both players; the import preview
//! counting pairs; a banner that pushes the view down the moment it appears.

use super::*;
use scheduler::event::club_pairs::{ScorecardSeat, scorecards, travellers};
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::entry::typed_result;
use scheduler::event::session::Command;
use scheduler::movement::{MovementKind, present_pairs};

/// The results the evening's travellers are filled with, in turn.
const RESULTS: [&str; 7] = [
    "4S N 10", "3NT E 9", "4H S 9", "2S W 8", "3NT N 10", "1NT S 7", "5D E 10",
];

/// A 13-pair Mitchell of the pairs fixture (two name columns with EBU numbers), 2 boards a
/// round, kept in `dir`, with every traveller line's result but the last: provisional.
pub(super) fn club_pairs_evening(dir: &Path) -> PathBuf {
    let roster = scheduler::roster_import::import_roster_file(&fixture("pairs_two_name_columns.csv")).roster;
    assert_eq!(roster.len(), 13);
    let mut spec = NewEvent::new("Monday pairs", EventFormat::BridgePairs, roster);
    spec.options.boards_per_round = 2;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &scheduler::solver::Control::unlimited()).unwrap();
    let path = dir.join("monday.tourney");
    let _ = std::fs::remove_file(&path);
    let mut session = Session::create(&path, &event).unwrap();
    let lines: Vec<_> = travellers(session.event(), session.results())
        .into_iter()
        .flat_map(|t| t.rows.into_iter().map(move |row| (t.board, row)))
        .collect();
    for (i, (board, row)) in lines.iter().enumerate().take(lines.len() - 1) {
        let key = scheduler::event::ResultKey {
            round: row.round,
            table: row.table,
            deal: *board,
        };
        let result = RESULTS[(i * 3 + *board as usize) % RESULTS.len()];
        let value = typed_result(session.event(), key, &[result]).unwrap().unwrap();
        session.apply(Command::SetResult(key, value)).unwrap();
    }
    path
}

/// The window opened on the evening of `club_pairs_evening`, in a folder of its own.
fn open_evening(dir: &Path) -> Harness<'static, TourneyApp> {
    let path = club_pairs_evening(dir);
    harness(TourneyApp::starting(
        dir.join("data"),
        Some(&path),
        Vec::new(),
        scripted(Vec::new()),
    ))
}

/// The labels reading `text` drawn level with `y` (on the same line of a grid).
fn level_with(harness: &Harness<'static, TourneyApp>, text: &str, y: f32) -> usize {
    harness
        .query_all_by_label(text)
        .filter(|node| (node.rect().center().y - y).abs() < 4.0)
        .count()
}

/// The labels reading `text` drawn level with `y` and starting at `x` (in a grid's column).
fn at(harness: &Harness<'static, TourneyApp>, text: &str, y: f32, x: f32) -> usize {
    harness
        .query_all_by_label(text)
        .filter(|node| (node.rect().center().y - y).abs() < 4.0 && (node.rect().left() - x).abs() < 2.0)
        .count()
}

/// Matchpoints as the screen writes them (1 for each score beaten).
fn mp(mp: f64) -> String {
    let half = mp / 2.0;
    if (half - half.round()).abs() < 1e-9 {
        format!("{half:.0}")
    } else {
        format!("{half:.1}")
    }
}

/// A director clicks a pair in the standings of a Mitchell and reads its scorecard: the
/// percentage the standings give it, its place, "provisional" with a result missing, the
/// opponents by number and name, and each board's matchpoints; a board's number opens its
/// traveller with both sides' matchpoints.
#[test]
fn a_pair_in_the_standings_opens_its_scorecard_and_a_boards_traveller() {
    let dir = folder("scorecard");
    let mut harness = open_evening(&dir);
    harness.get_by_label("Standings").click();
    harness.run();
    harness.get_by_label_contains("Click a pair for its scorecard.");
    let event = session(&harness).event().clone();
    let results = session(&harness).results().clone();
    let movement = event.schedule.movement.clone().expect("a movement");
    // Pair 3 N-S: its line in the standings.
    let entrant = present_pairs(&movement)
        .iter()
        .position(|&p| movement.label(p) == "3 NS")
        .expect("pair 3 NS");
    let name = event.schedule.entrants[entrant].clone();
    let table = &session(&harness).standings()[0];
    let column = |heading: &str| table.columns.iter().position(|c| c == heading).unwrap();
    let line = table
        .rows
        .iter()
        .find(|r| r[column("No.")] == "3 NS")
        .expect("3 NS in the N-S standings")
        .clone();
    let percent = line[column("%")].clone();
    let place = line[column("Rank")].clone();
    harness.get_by_label(&name).click();
    harness.run();
    let title = format!("Scorecard: 3 NS {name}");
    assert!(
        harness.query_all_by_label(&title).count() >= 1,
        "the card's window"
    );
    harness.get_by_label("Héloïse Martin (132077) & Gérard Lefèvre (132078)");
    let foot = harness
        .get_by_label_contains(&format!("{percent} %"))
        .value()
        .unwrap_or_default();
    assert!(
        foot.starts_with(&format!("Place {place} of 7 N-S pairs")),
        "{foot}"
    );
    harness.get_by_label_contains("Provisional: 1 traveller line still without a result.");
    // Round by round: the opponents by number and name, each board's matchpoints on its line.
    let card = scorecards(&event, &results)
        .into_iter()
        .find(|c| c.entrant == entrant)
        .unwrap();
    let mut boards_checked = 0;
    for round in &card.rounds {
        let ScorecardSeat::Table {
            opponent_pair,
            opponent,
            boards,
            ..
        } = &round.seat
        else {
            continue;
        };
        let opponents = format!(
            "{} {}",
            movement.label(*opponent_pair),
            event.schedule.entrants[opponent.unwrap()]
        );
        harness.get_by_label(&opponents);
        for board in boards {
            let Some(points) = board.matchpoints else { continue };
            let button = harness
                .get_by_label(&format!("Board {} traveller", board.board))
                .rect();
            let star = if board.factored { "*" } else { "" };
            let text = format!("{}{star}", mp(points));
            // The card's MP column: its heading right of the board numbers.
            let column = harness
                .query_all_by_label("MP")
                .map(|node| node.rect().left())
                .filter(|&x| x > button.right())
                .fold(f32::INFINITY, f32::min);
            assert_eq!(
                at(&harness, &text, button.center().y, column),
                1,
                "board {}'s matchpoints on its line",
                board.board
            );
            boards_checked += 1;
        }
    }
    assert!(boards_checked >= 10, "{boards_checked} boards checked");
    // A board's traveller: every table's line with N-S and E-W matchpoints.
    let (board, against) = card
        .rounds
        .iter()
        .find_map(|r| match &r.seat {
            ScorecardSeat::Table {
                boards,
                opponent_pair,
                ..
            } => Some((boards[0].board, *opponent_pair)),
            _ => None,
        })
        .unwrap();
    harness.get_by_label(&format!("Board {board} traveller")).click();
    harness.run();
    let traveller = travellers(&event, &results)
        .into_iter()
        .find(|t| t.board == board)
        .unwrap();
    let heading = harness
        .get_by_label_contains(&format!("Board {board} traveller · top"))
        .rect();
    let ours = traveller
        .rows
        .iter()
        .find(|r| r.ns == entrant || r.ew == entrant)
        .unwrap();
    let (ns, ew) = ours.matchpoints.expect("scored");
    let row_y = harness
        .query_all_by_label(&movement.label(against))
        .map(|n| n.rect())
        .find(|r| r.top() > heading.bottom())
        .expect("the opponents' line on the traveller")
        .center()
        .y;
    assert!(level_with(&harness, &mp(ns), row_y) >= 1, "N-S matchpoints");
    assert!(level_with(&harness, &mp(ew), row_y) >= 1, "E-W matchpoints");
    assert_eq!(level_with(&harness, "3 NS", row_y), 1);
    // Closing the window closes the card.
    harness.get_by_label("Close window").click();
    harness.run();
    assert_eq!(harness.query_all_by_label(&title).count(), 0);
}

/// The roster of a Mitchell shows each pair's number ("3 NS") with both players and their
/// member numbers; renaming one player (results are in: names can still be corrected) keeps
/// the pair's name, its members and the schedule together.
#[test]
fn the_pairs_roster_shows_pair_numbers_and_both_players() {
    let dir = folder("pairs-roster");
    let mut harness = open_evening(&dir);
    harness.get_by_label("Roster").click();
    harness.run();
    harness.get_by_label("13 pairs");
    let event = session(&harness).event().clone();
    let movement = event.schedule.movement.clone().unwrap();
    let entrant = present_pairs(&movement)
        .iter()
        .position(|&p| movement.label(p) == "3 NS")
        .unwrap();
    let pair = event
        .roster
        .players
        .iter()
        .find(|p| p.name == event.schedule.entrants[entrant])
        .unwrap()
        .clone();
    assert_eq!(pair.members.len(), 2);
    let y = harness.get_by_label("3 NS").rect().center().y;
    let number = pair.id.0;
    let value = |harness: &Harness<'static, TourneyApp>, field: &str| {
        let label = format!("Pair {number} {field}");
        let node = harness.get_by_label(&label);
        assert!((node.rect().center().y - y).abs() < 4.0, "{field} on 3 NS's line");
        node.value().unwrap_or_default()
    };
    assert_eq!(value(&harness, "first player"), pair.members[0].name);
    assert_eq!(value(&harness, "second player"), pair.members[1].name);
    assert_eq!(value(&harness, "first player's member number"), "132077");
    assert_eq!(value(&harness, "second player's member number"), "132078");
    // A Mitchell's E-W pairs too.
    harness.get_by_label("5 EW");
    replace_field(
        &mut harness,
        &format!("Pair {number} second player"),
        "Gérard Martin",
    );
    let renamed = session(&harness).event().roster.player(pair.id).unwrap().clone();
    assert_eq!(renamed.name, "Héloïse Martin & Gérard Martin");
    assert_eq!(renamed.members[1].name, "Gérard Martin");
    assert_eq!(renamed.members[1].number.as_deref(), Some("132078"));
    assert_eq!(
        session(&harness).event().schedule.entrants[entrant],
        "Héloïse Martin & Gérard Martin"
    );
    // A pair needs two players: emptying one puts the name back.
    replace_field(&mut harness, &format!("Pair {number} first player"), "");
    assert_eq!(
        session(&harness).event().roster.player(pair.id).unwrap().name,
        "Héloïse Martin & Gérard Martin"
    );
}

/// The import preview of a pairs roster counts pairs and lists both players of each with
/// their numbers.
#[test]
fn the_import_preview_counts_pairs_with_both_names() {
    let dir = folder("pairs-preview");
    let dialogs = scripted(vec![Some(fixture("pairs_two_name_columns.csv"))]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("pairs bridge"));
    harness.get_by_label("Import CSV…").click();
    harness.run();
    harness.get_by_label("pairs_two_name_columns.csv: 13 pairs");
    let first = harness.get_by_label("Margaret Hughes").rect().center().y;
    for text in ["Dennis Hughes", "104522", "104523"] {
        assert_eq!(
            level_with(&harness, text, first),
            1,
            "{text} on the first pair's line"
        );
    }
    assert!(harness.query_by_label_contains("player(s)").is_none());
}

/// A banner takes its room under the top bar in the very frame it appears, pushing the view
/// down: a click that follows lands where the organiser sees the buttons.
#[test]
fn a_banner_pushes_the_view_down_in_the_frame_it_appears() {
    let dir = folder("banner-push");
    let csv = dir.join("standings.csv");
    let mut harness = harness(TourneyApp::new(
        dir.join("data"),
        Vec::new(),
        scripted(vec![Some(csv.clone())]),
    ));
    harness.get_by_label("Standings").click();
    harness.run();
    let export = "Export standings CSV…";
    let before = harness.get_by_label(export).rect();
    harness.get_by_label(export).click();
    // One frame: the click, the file written, the banner.
    harness.step();
    let banner = harness
        .query_all_by_label(&format!("Wrote {}", csv.display()))
        .map(|node| node.rect())
        .min_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("the banner (the topmost: the status line says it too)");
    let after = harness.get_by_label(export).rect();
    assert!(
        after.top() > banner.bottom(),
        "the view starts under the banner: {after:?} under {banner:?}"
    );
    assert!(after.top() > before.top() + banner.height(), "pushed down");
    let dismiss = harness.get_by_label("Dismiss").rect();
    assert!(!dismiss.intersects(after));
    harness.get_by_label("Dismiss").click();
    harness.run();
    assert_eq!(harness.get_by_label(export).rect(), before, "back in place");
}

/// Pictures of a club pairs evening: the pairs roster, and the standings with a pair's
/// scorecard and a board's traveller open. A fixed folder keeps the status line the same.
#[test]
fn snapshots_of_a_pairs_evening() {
    let dir = std::env::temp_dir().join("tourney-snapshots-pairs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut harness = open_evening(&dir);
    let options = snapshot_options();
    let mut results = Vec::new();
    harness.get_by_label("Roster").click();
    harness.run();
    results.push(harness.try_snapshot_options("roster_pairs", &options));
    harness.get_by_label("Standings").click();
    harness.run();
    let event = session(&harness).event().clone();
    let card = scorecards(&event, session(&harness).results())
        .into_iter()
        .find(|c| c.entrant == 2)
        .unwrap();
    let board = card
        .rounds
        .iter()
        .find_map(|r| match &r.seat {
            ScorecardSeat::Table { boards, .. } => Some(boards[0].board),
            _ => None,
        })
        .unwrap();
    harness.get_by_label(&event.schedule.entrants[2]).click();
    harness.run();
    harness.get_by_label(&format!("Board {board} traveller")).click();
    harness.run();
    results.push(harness.try_snapshot_options("standings_scorecard", &options));
    for result in results {
        result.unwrap();
    }
}

/// A pair with a player who cannot move is ticked *Stays put* in the roster of a pairs
/// event: stored on the pair, and the schedule is then out of date until made again (where
/// the movement seats it at one table; see the library's `stationary_pairs` tests).
#[test]
fn a_pair_that_cannot_move_is_ticked_in_the_pairs_roster() {
    let mut harness = pairs_bridge_results("stays-put");
    harness.get_by_label("Roster").click();
    harness.run();
    let event = session(&harness).event().clone();
    let id = event.roster.players[4].id;
    harness
        .get_by_label(&format!("Pair {} stays at one table", id.0))
        .click();
    harness.run();
    let event = session(&harness).event().clone();
    assert!(event.roster.player(id).unwrap().stationary);
    assert!(
        event
            .roster_changes()
            .iter()
            .any(|c| c.ends_with("now keeps the stationary seat")),
        "{:?}",
        event.roster_changes()
    );
}
