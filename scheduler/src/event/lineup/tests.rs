//! Late arrivals and withdrawals: played rounds kept exactly, new rounds checked, the
//! notes honest, the file and its history agreeing, undo putting the old line-up back.

use super::*;
use crate::event::create::{EventFormat, NewEvent, build_event, demo_event};
use crate::event::store::EventFile;
use crate::event::{ResultValue, standings::standings};
use crate::model::Roster;
use crate::scoring::chess::GameResult;
use crate::solver::Control;

/// The demo whist drive (16 players, a couple, 5 rounds) with rounds 1 and 2 entered.
fn demo() -> (Event, Results) {
    let (event, entered) = demo_event().unwrap();
    (event, entered.into_iter().collect())
}

fn chess(players: usize) -> Event {
    let spec = NewEvent::new("Club", EventFormat::Chess, Roster::numbered(players));
    build_event(&spec, &Control::unlimited()).unwrap().0
}

/// Every game of rounds `rounds` entered as a white win.
fn white_wins(event: &Event, rounds: std::ops::RangeInclusive<u32>) -> Results {
    let mut results = Results::new();
    for round in event
        .schedule
        .rounds
        .iter()
        .filter(|r| rounds.contains(&r.number))
    {
        for table in &round.tables {
            results.insert(
                ResultKey {
                    round: round.number,
                    table: table.number,
                    deal: 0,
                },
                ResultValue::Game {
                    result: GameResult::WhiteWins,
                },
            );
        }
    }
    results
}

fn partnerships(schedule: &Schedule) -> Vec<(usize, usize)> {
    let mut all = Vec::new();
    for round in &schedule.rounds {
        for t in &round.tables {
            let at = |s| t.entrant_at(s).unwrap();
            for (a, b) in [(at(Seat::N), at(Seat::S)), (at(Seat::E), at(Seat::W))] {
                all.push((a.min(b), a.max(b)));
            }
        }
    }
    all
}

fn meetings(schedule: &Schedule) -> Vec<(usize, usize)> {
    let mut all: Vec<(usize, usize)> = schedule
        .rounds
        .iter()
        .flat_map(|r| r.tables.iter())
        .map(|t| {
            let (a, b) = (t.seats[0].entrant, t.seats[1].entrant);
            (a.min(b), a.max(b))
        })
        .collect();
    all.sort_unstable();
    all
}

/// A whist drive: Zoe joins before round 3 of 5. Rounds 1–2 are exactly as stored (Zoe
/// marked late), rounds 3–5 seat 17 players (4 tables, one sit-out) with no partnership
/// repeated from any round and the couple apart; every check of the verifier that any
/// schedule must pass holds.
#[test]
fn a_late_whist_player_joins_the_rounds_not_yet_played() {
    let (event, results) = demo();
    let change = late_arrival(&event, &results, "Zoe Late", None, MissedBoards::NotPlayed).unwrap();
    assert_eq!(change.action, "Late arrival: Zoe Late joined before round 3");
    let schedule = &change.after.schedule;
    assert_eq!(schedule.entrants.len(), 17);
    assert_eq!(change.after.roster.players.len(), 17);
    assert_eq!(change.after.roster, change.after.generated_for);
    for number in 1..=2 {
        let (old, new) = (
            event.schedule.round(number).unwrap(),
            schedule.round(number).unwrap(),
        );
        assert_eq!(old.tables, new.tables, "round {number} is kept exactly");
        assert!(new.absent.contains(&Absent {
            entrant: 16,
            kind: Absence::Late
        }));
    }
    for number in 3..=5 {
        let round = schedule.round(number).unwrap();
        assert_eq!(round.tables.len(), 4);
        assert_eq!(round.absent.len(), 1);
        assert_eq!(round.absent[0].kind, Absence::SitOut);
    }
    let pairs = partnerships(schedule);
    let distinct: BTreeSet<_> = pairs.iter().collect();
    assert_eq!(distinct.len(), pairs.len(), "no partnership repeats");
    assert!(!pairs.contains(&(0, 1)), "the Archers never partner");
    let report = verify(schedule);
    assert!(
        !report.violations.iter().any(|v| matches!(
            v.rule,
            Rule::Malformed | Rule::DoubleBooked | Rule::Missing | Rule::KeepApart | Rule::PartnerRepeat
        )),
        "{:?}",
        report.violations
    );
    let said = change.message();
    assert!(
        said.contains("Rounds 3–5 were seated again for 17 players"),
        "{said}"
    );
    assert!(said.contains("nobody partners anyone twice"), "{said}");
    // The standings show Zoe's first two rounds as not played, and say so.
    let tables = standings(
        &Event {
            roster: change.after.roster.clone(),
            schedule: schedule.clone(),
            generated_for: change.after.generated_for.clone(),
            settings: event.settings.clone(),
        },
        &results,
    );
    let note = tables[0].note.clone().unwrap_or_default();
    assert!(
        note.contains("Zoe Late joined before round 3: round(s) 1–2 not played"),
        "{note}"
    );
    let zoe = tables[0].rows.iter().find(|r| r[1] == "Zoe Late").unwrap();
    assert_eq!(zoe[2], "0", "no rounds played yet: {zoe:?}");
}

#[test]
fn a_late_player_cannot_join_a_round_with_results() {
    let (event, results) = demo();
    let refused = late_arrival(&event, &results, "Zoe", Some(2), MissedBoards::NotPlayed).unwrap_err();
    assert_eq!(
        refused,
        "round 2 has results already (round 2 table 1), so Zoe can join before round 3 at the earliest"
    );
    assert_eq!(
        late_arrival(&event, &results, "Ann Archer", None, MissedBoards::NotPlayed).unwrap_err(),
        "\"Ann Archer\" is listed twice (also as \"Ann Archer\"); add an initial to tell them apart"
    );
    assert_eq!(
        late_arrival(&event, &results, "Zoe", Some(9), MissedBoards::NotPlayed).unwrap_err(),
        "there is no round 9: Zoe can join before round 3 to 5"
    );
}

/// A chess round robin of 5 (a bye each round): the newcomer takes the phantom's seat, so
/// the other games stay as they were and nobody meets anyone twice.
#[test]
fn a_late_chess_player_takes_the_bye_in_an_odd_field() {
    let event = chess(5);
    let results = white_wins(&event, 1..=2);
    let change = late_arrival(&event, &results, "Ann", None, MissedBoards::NotPlayed).unwrap();
    let schedule = &change.after.schedule;
    for round in schedule.rounds.iter().filter(|r| r.number >= 3) {
        let old = event.schedule.round(round.number).unwrap();
        assert_eq!(
            &round.tables[..old.tables.len()],
            &old.tables[..],
            "other games unchanged"
        );
        assert_eq!(round.tables.len(), old.tables.len() + 1);
        assert!(round.tables.last().unwrap().seats.iter().any(|s| s.entrant == 5));
        assert!(round.absent.is_empty());
    }
    let all = meetings(schedule);
    let distinct: BTreeSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "nobody meets anyone twice");
    assert!(
        change.message().contains("Ann takes the phantom's seat"),
        "{}",
        change.message()
    );
}

/// A chess round robin of 6 (no bye): each later round one table is split, the newcomer
/// playing one of its two and the other having a bye; the note names who no longer meet.
#[test]
fn a_late_chess_player_in_an_even_field_splits_one_game_a_round_and_says_so() {
    let event = chess(6);
    let results = white_wins(&event, 1..=1);
    let change = late_arrival(&event, &results, "Ann", Some(2), MissedBoards::NotPlayed).unwrap();
    let schedule = &change.after.schedule;
    for round in schedule.rounds.iter().filter(|r| r.number >= 2) {
        assert_eq!(round.tables.len(), 3);
        assert_eq!(round.absent.len(), 1);
        assert_eq!(round.absent[0].kind, Absence::Bye);
    }
    let newcomer_opponents: Vec<usize> = meetings(schedule)
        .into_iter()
        .filter(|&(_, b)| b == 6)
        .map(|(a, _)| a)
        .collect();
    let distinct: BTreeSet<_> = newcomer_opponents.iter().collect();
    assert_eq!(distinct.len(), 4, "four different opponents in rounds 2–5");
    let said = change.message();
    assert!(said.contains("no longer meet"), "{said}");
    assert_eq!(said.matches("no longer meet").count(), 4, "{said}");
}

/// A withdrawal from a chess round robin after round 2: a phantom takes the player's
/// place, each later opponent has a bye, results stay on their tables, and the standings
/// count the player's later rounds as not played, not lost.
#[test]
fn a_withdrawn_chess_player_leaves_byes_not_losses() {
    let event = chess(6);
    let results = white_wins(&event, 1..=2);
    let change = withdrawal(&event, &results, 0, 2).unwrap();
    assert_eq!(change.action, "Withdrawal: Player 1 left after round 2");
    let schedule = &change.after.schedule;
    for round in schedule.rounds.iter().filter(|r| r.number >= 3) {
        assert!(round.absent.contains(&Absent {
            entrant: 0,
            kind: Absence::Left
        }));
        assert_eq!(round.absent.iter().filter(|a| a.kind == Absence::Bye).count(), 1);
        assert_eq!(round.tables.len(), 2);
    }
    let mut event = event.clone();
    event.schedule = schedule.clone();
    let results = white_wins(&event, 1..=5);
    let tables = standings(&event, &results);
    let row = tables[0].rows.iter().find(|r| r[1] == "Player 1").unwrap();
    // Columns: Rank, Player, Pts, Games, W, D, L …
    assert_eq!(row[3], "2", "two games played: {row:?}");
    let lost: u32 = row[6].parse().unwrap();
    assert!(lost <= 2, "later rounds are not losses: {row:?}");
    let note = tables[0].note.clone().unwrap();
    assert!(
        note.contains("Player 1 left after round 2: round(s) 3–5 not played (not counted as losses)"),
        "{note}"
    );
    // A result after round 2 at the player's table refuses the withdrawal.
    let fresh = chess(6);
    let refused = withdrawal(&fresh, &white_wins(&fresh, 1..=3), 0, 2).unwrap_err();
    assert!(refused.contains("has results after round 2"), "{refused}");
}

/// A whist player withdraws after round 2: the later rounds seat the 15 who stay (three
/// tables, three sit-outs), still with no partnership repeated.
#[test]
fn a_withdrawn_whist_player_leaves_rounds_seated_again_without_them() {
    let (event, results) = demo();
    let change = withdrawal(&event, &results, 5, 2).unwrap();
    let schedule = &change.after.schedule;
    for round in schedule.rounds.iter().filter(|r| r.number >= 3) {
        assert_eq!(round.tables.len(), 3);
        assert!(round.absent.contains(&Absent {
            entrant: 5,
            kind: Absence::Left
        }));
        assert!(
            !round
                .tables
                .iter()
                .any(|t| t.seats.iter().any(|s| s.entrant == 5))
        );
    }
    let pairs = partnerships(schedule);
    let distinct: BTreeSet<_> = pairs.iter().collect();
    assert_eq!(distinct.len(), pairs.len(), "no partnership repeats");
    assert_eq!(
        withdrawal(&event, &results, 5, 1).unwrap_err(),
        "round 2 has results already (round 2 table 1): the rounds after Finn Smith leaves are seated again, so withdraw them after round 2 at the earliest, or clear those results first"
    );
}

/// A club pairs movement with every seat taken cannot take a late pair: said, with what the
/// director can do instead.
#[test]
fn a_full_club_pairs_movement_refuses_a_late_pair_with_the_reason() {
    let mut spec = NewEvent::new("Pairs", EventFormat::BridgePairs, Roster::numbered(8));
    spec.options.movement = Some(crate::event::create::MovementPlan {
        kind: crate::movement::MovementKind::Howell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let refused = late_arrival(
        &event,
        &Results::new(),
        "Ann & Bob",
        None,
        MissedBoards::NotPlayed,
    )
    .unwrap_err();
    assert!(
        refused.starts_with("every seat is taken: the Howell on 4 tables has all 8 pairs seated")
            && refused.contains("make the movement again for 9 pairs"),
        "{refused}"
    );
}

/// The event file: the change and its history line are stored together, the file reopens
/// with them, and the old line-up can be put back until a result is entered on a table
/// that only the new schedule has.
#[test]
fn the_event_file_keeps_a_late_arrival_and_its_undo() {
    let dir = std::env::temp_dir().join(format!("tourney-lineup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("late.tourney");
    let _ = std::fs::remove_file(&path);
    let (event, results) = demo();
    let mut file = EventFile::create(&path, &event).unwrap();
    for (key, value) in &results {
        file.set_result(*key, *value).unwrap();
    }
    let before = LineUp::of(file.event());
    let change = file
        .late_arrival("Zoe Late", None, MissedBoards::NotPlayed)
        .unwrap();
    drop(file);
    let mut file = EventFile::open(&path).unwrap();
    assert_eq!(file.event().schedule, change.after.schedule);
    let history = file.history().unwrap();
    assert_eq!(
        history.last().unwrap().action,
        "Late arrival: Zoe Late joined before round 3"
    );
    file.restore_line_up(before.clone(), "undone: Zoe Late's late arrival")
        .unwrap();
    assert_eq!(file.event().schedule, event.schedule);
    assert_eq!(file.event().roster.players.len(), 16);
    // Again, then a result in round 3: the old schedule no longer fits it.
    let change = file
        .late_arrival("Zoe Late", None, MissedBoards::NotPlayed)
        .unwrap();
    let table = &change.after.schedule.round(3).unwrap().tables[0];
    let key = ResultKey {
        round: 3,
        table: table.number,
        deal: 0,
    };
    file.set_result(key, ResultValue::Tricks { ns: 13, ew: 13 })
        .unwrap();
    let refused = file.restore_line_up(before, "undone").unwrap_err().to_string();
    assert!(
        refused.contains("round 3 table 1 were entered for tables that would seat other players"),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 13 pairs, a Mitchell with a half table (pair 14, 7 EW, is the phantom), every result of
/// round 1 entered: a pair arriving before round 2 takes the phantom's seat, rounds 2–7
/// seat all 14 pairs, round 1 is as played, and the evening is scored with the late pair's
/// missed boards as the director chose.
fn thirteen_pairs_with_round_one() -> (Event, Results) {
    use crate::event::{BridgeResult, ResultValue};
    let mut spec = NewEvent::new("Pairs", EventFormat::BridgePairs, Roster::numbered(13));
    spec.options.movement = Some(crate::event::create::MovementPlan {
        kind: crate::movement::MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let mut results = Results::new();
    let round = event.schedule.round(1).unwrap();
    for (i, table) in round.tables.iter().enumerate() {
        for deal in event.deals_at(1, table.number) {
            let score = 10 * (i as i32 + 1) * if deal % 2 == 0 { 1 } else { -1 };
            results.insert(
                ResultKey {
                    round: 1,
                    table: table.number,
                    deal,
                },
                ResultValue::Bridge {
                    board: BridgeResult::NorthSouthScore { score },
                },
            );
        }
    }
    (event, results)
}

#[test]
fn a_late_pair_takes_the_half_tables_seat_in_a_mitchell() {
    let (event, results) = thirteen_pairs_with_round_one();
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!(movement.phantom, Some(14));
    assert_eq!(event.schedule.round(1).unwrap().tables.len(), 6);
    let change = late_arrival(
        &event,
        &results,
        "Zoe Late & Yan Late",
        None,
        MissedBoards::NotPlayed,
    )
    .unwrap();
    assert_eq!(
        change.action,
        "Late arrival: Zoe Late & Yan Late joined before round 2 as pair 7 EW"
    );
    let after = &change.after.schedule;
    let moved = after.movement.as_ref().unwrap();
    assert_eq!(moved.phantom, None);
    assert_eq!(moved.late.len(), 1);
    assert_eq!(after.entrants.len(), 14);
    assert_eq!(after.entrants[13], "Zoe Late & Yan Late");
    // Round 1 as played: the same tables, the newcomer marked late; later rounds are full.
    assert_eq!(
        after.round(1).unwrap().tables,
        event.schedule.round(1).unwrap().tables
    );
    assert!(
        after
            .round(1)
            .unwrap()
            .absent
            .iter()
            .any(|a| a.entrant == 13 && a.kind == crate::model::Absence::Late)
    );
    for round in after.rounds.iter().filter(|r| r.number >= 2) {
        assert_eq!(round.tables.len(), 7, "round {}", round.number);
        assert!(
            round.absent.is_empty(),
            "round {}: {:?}",
            round.number,
            round.absent
        );
        assert!(
            round
                .tables
                .iter()
                .any(|t| t.seats.iter().any(|s| s.entrant == 13))
        );
    }
    assert!(
        crate::verify::movement::verify_movement(moved)
            .violations
            .is_empty()
    );
    // The new pair is a pair of two players, listed where its number puts it.
    let newcomer = &change.after.roster.players[13];
    assert_eq!(newcomer.members.len(), 2);
    assert_eq!(newcomer.members[1].name, "Yan Late");
    assert!(
        change
            .message()
            .contains("The boards of round 1 are scored for them as not played"),
        "{}",
        change.message()
    );
}

#[test]
fn a_late_pairs_missed_boards_are_factored_or_averaged_as_the_director_chooses() {
    use crate::event::club_pairs::rankings;
    let (event, results) = thirteen_pairs_with_round_one();
    let per_round = event.schedule.movement.as_ref().unwrap().boards_per_round as u32;
    let mut lines = Vec::new();
    for missed in [MissedBoards::NotPlayed, MissedBoards::Average] {
        let change = late_arrival(&event, &results, "Zoe & Yan", Some(2), missed).unwrap();
        let mut late = event.clone();
        late.roster = change.after.roster.clone();
        late.generated_for = change.after.generated_for.clone();
        late.schedule = change.after.schedule.clone();
        // Every later board: N-S +100 at every table.
        let mut all = results.clone();
        for round in late.schedule.rounds.iter().filter(|r| r.number >= 2) {
            for table in &round.tables {
                for deal in late.deals_at(round.number, table.number) {
                    all.insert(
                        ResultKey {
                            round: round.number,
                            table: table.number,
                            deal,
                        },
                        crate::event::ResultValue::Bridge {
                            board: crate::event::BridgeResult::NorthSouthScore { score: 100 },
                        },
                    );
                }
            }
        }
        let ranked = rankings(&late, &all, None);
        let line = ranked
            .iter()
            .flat_map(|r| &r.pairs)
            .find(|p| p.entrant == 13)
            .unwrap()
            .clone();
        assert_eq!(line.pair, 14);
        // The pair it would have met in round 1 sat out, and is scored as before.
        let opponent = ranked
            .iter()
            .flat_map(|r| &r.pairs)
            .find(|p| p.pair == 7)
            .unwrap();
        assert_eq!(opponent.boards, 6 * per_round);
        lines.push(line);
    }
    let (factored, averaged) = (&lines[0], &lines[1]);
    assert_eq!(factored.boards, 6 * per_round);
    assert_eq!(averaged.boards, 7 * per_round);
    // Average: half of each missed board's top added to what it scored. From round 2 the
    // room has 7 full tables, so a board's top is 2 × (7 − 1) on the 2-per-score-beaten scale
    // (the set that rested at the half table in round 1 is played 6 times, factored up).
    let missed_top = 12.0 * per_round as f64;
    assert!((factored.top + missed_top - averaged.top).abs() < 1e-9);
    assert!((factored.matchpoints + missed_top / 2.0 - averaged.matchpoints).abs() < 1e-9);
    assert!((averaged.percent - 100.0 * averaged.matchpoints / averaged.top).abs() < 1e-9);
}

/// The standings of a club pairs evening mark a late pair and a withdrawn pair by number,
/// with how their missing boards are scored.
#[test]
fn a_late_pair_and_a_withdrawn_pair_are_marked_on_the_standings() {
    let (event, results) = thirteen_pairs_with_round_one();
    let change = late_arrival(&event, &results, "Zoe & Yan", Some(2), MissedBoards::NotPlayed).unwrap();
    let mut late = event.clone();
    late.roster = change.after.roster.clone();
    late.generated_for = change.after.generated_for.clone();
    let movement = crate::movement::withdraw(change.after.schedule.movement.clone().unwrap(), 2, 3).unwrap();
    late.schedule = crate::movement::schedule_of(&movement, &change.after.schedule.entrants).unwrap();
    let notes = attendance_notes(&late.schedule);
    assert_eq!(
        notes,
        vec![
            format!("{} (pair 2 NS) withdrew after round 3: its later boards not played (scored on the boards played)", late.schedule.entrants[1]),
            "Zoe & Yan (pair 7 EW) arrived late, before round 2: round 1 not played (scored on the boards played)".to_owned(),
        ]
    );
    let tables = standings(&late, &results);
    assert!(
        tables
            .last()
            .unwrap()
            .note
            .as_ref()
            .unwrap()
            .contains("Zoe & Yan (pair 7 EW) arrived late")
    );
    // A traveller line for a board the withdrawn pair would have played later is refused
    // with the withdrawal as the reason.
    let before = change.after.schedule.movement.as_ref().unwrap();
    let set = before.rounds[4].tables.iter().find(|t| t.table == 2).unwrap().set;
    let board = *before.boards_of_set(set).start() as u32;
    let refused = crate::event::club_pairs::locate_traveller_line(&late, board, "2", "1").unwrap_err();
    assert!(
        refused.starts_with(&format!(
            "2 NS withdrew after round 3, so it did not play board {board}"
        )),
        "{refused}"
    );
}
