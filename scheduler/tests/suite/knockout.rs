//! Issue 45: a knockout match of bridge teams — two teams, several stanzas with the seats
//! exchanged, won on total IMPs with a carry-over; scored by hand here, kept in the event
//! file, and a tie said so with the boards of the tie-break stanza.

use super::common::scratch;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::knockout::{CarryOver, Knockout};
use scheduler::event::session::{Command, Session};
use scheduler::event::standings::standings;
use scheduler::event::teams::{TeamBoard, TeamsScoring};
use scheduler::event::{ResultKey, ResultValue, Scoring};
use scheduler::model::{Player, Roster};
use scheduler::solver::Control;

fn two_teams() -> Roster {
    Roster {
        players: vec![Player::new(1, "Aces"), Player::new(2, "Barons")],
    }
}

/// A knockout of `stanzas` stanzas of two boards, with `carry_over` to a team, in a file.
fn knockout(name: &str, stanzas: u32, carry_over: Option<CarryOver>) -> Session {
    let mut spec = NewEvent::new("County KO", EventFormat::Teams, two_teams());
    spec.options.boards_per_round = 2;
    spec.options.knockout = Some(Knockout::new(stanzas, carry_over));
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    Session::create(&scratch("knockout", name), &event).unwrap()
}

/// Enters the home team's net score on `deal` of `stanza`.
fn net(session: &mut Session, stanza: u32, deal: u32, net: i32) {
    let key = ResultKey {
        round: stanza,
        table: 1,
        deal,
    };
    let value = ResultValue::Teams {
        board: TeamBoard::Net { net },
    };
    session.apply(Command::SetResult(key, value)).unwrap();
}

/// The standings' rows and note.
fn sheet(session: &Session) -> (Vec<Vec<String>>, String) {
    let tables = standings(session.event(), session.results());
    assert_eq!(tables.len(), 1);
    (tables[0].rows.clone(), tables[0].note.clone().unwrap_or_default())
}

#[test]
fn a_knockout_is_won_on_total_imps_with_its_carry_over() {
    let carry = CarryOver { team: 1, tenths: 35, from: None };
    let mut session = knockout("won.tourney", 2, Some(carry));
    let event = session.event();
    assert!(matches!(
        event.settings.scoring,
        Scoring::Teams {
            scoring: TeamsScoring::Imps,
            knockout: Some(_),
            ..
        }
    ));
    // Stanza 1: Aces at home; stanza 2: Barons at home (seats exchanged).
    let homes: Vec<usize> = event
        .schedule
        .rounds
        .iter()
        .map(|r| r.tables[0].seats[0].entrant)
        .collect();
    assert_eq!(homes, [0, 1]);
    let (rows, note) = sheet(&session);
    assert!(
        note.contains("Barons starts with a carry-over of 3.5 IMPs"),
        "{note}"
    );
    assert_eq!(rows[0][1], "Barons");
    // Stanza 1 (Aces home): +620 is 12 IMPs to Aces, -50 is 2 to Barons.
    net(&mut session, 1, 1, 620);
    net(&mut session, 1, 2, -50);
    // Stanza 2 (Barons home): +110 is 3 IMPs to Barons; board 4 not yet in.
    net(&mut session, 2, 3, 110);
    let (rows, note) = sheet(&session);
    // Aces 12; Barons 3.5 + 2 + 3 = 8.5.
    assert_eq!(
        rows,
        [
            ["1", "Aces", "0", "12", "0 (1 of 2 boards)", "12"],
            ["2", "Barons", "3.5", "2", "3 (1 of 2 boards)", "8.5"],
        ]
    );
    assert!(
        note.contains("After 3 of 4 boards, Aces leads by 3.5 IMPs."),
        "{note}"
    );
    // Board 4: Barons (home) +200 against -100 at the other table: net 300, 7 IMPs.
    let key = ResultKey {
        round: 2,
        table: 1,
        deal: 4,
    };
    let value = ResultValue::Teams {
        board: TeamBoard::Tables {
            table1_ns: 200,
            table2_ns: -100,
        },
    };
    session.apply(Command::SetResult(key, value)).unwrap();
    // The file keeps the knockout: read it back.
    let path = session.path().to_path_buf();
    drop(session);
    let session = Session::open(&path).unwrap();
    let (rows, note) = sheet(&session);
    assert_eq!(
        rows,
        [
            ["1", "Barons", "3.5", "2", "10", "15.5"],
            ["2", "Aces", "0", "12", "0", "12"],
        ]
    );
    assert!(note.contains("Barons wins by 3.5 IMPs (15.5–12)."), "{note}");
}

#[test]
fn a_tie_says_how_many_boards_the_tie_break_plays() {
    let mut session = knockout("tied.tourney", 2, None);
    net(&mut session, 1, 1, 450);
    net(&mut session, 1, 2, 0);
    // Stanza 2, Barons at home: the same swing back.
    net(&mut session, 2, 3, 450);
    net(&mut session, 2, 4, 0);
    let (rows, note) = sheet(&session);
    assert_eq!(rows[0][0], "1=");
    assert_eq!(rows[1][0], "1=");
    assert_eq!(rows[0][5], "10");
    // 4 boards: an eighth rounded up is 1, so the least, 2.
    assert!(note.contains("Tied at 10 IMPs after all 4 boards"), "{note}");
    assert!(note.contains("one more stanza of 2 boards"), "{note}");
    // A knockout's stanzas are all made at once: nothing to pair.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            three_way: false,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("knockout match"), "{refused}");

    // The director adds the tie-break: round 3, boards 5 and 6, Aces at home again.
    let added = session.apply(Command::AddTieBreak).unwrap();
    assert!(added.message.contains("boards (5–6)"), "{}", added.message);
    let event = session.event();
    assert_eq!(event.schedule.rounds.len(), 3);
    assert_eq!(event.deals_of_round(3), 5..=6);
    assert_eq!(event.schedule.rounds[2].tables[0].seats[0].entrant, 0);
    // Not again until the tie-break is played and still level.
    let refused = session.apply(Command::AddTieBreak).unwrap_err().to_string();
    assert!(
        refused.contains("every board is entered and the teams are level"),
        "{refused}"
    );
    net(&mut session, 3, 5, 100);
    net(&mut session, 3, 6, -50);
    // Kept in the file: read back, Aces have won the tie-break 3–2.
    let path = session.path();
    drop(session);
    let mut session = Session::open(&path).unwrap();
    let tables = standings(session.event(), session.results());
    assert_eq!(tables[0].columns[5], "Tie-break 1");
    let (rows, note) = sheet(&session);
    assert_eq!(rows[0], ["1", "Aces", "0", "10", "0", "3", "13"]);
    assert!(
        note.contains("Aces wins by 1 IMPs (13–12) after a tie-break stanza."),
        "{note}"
    );
    let refused = session.apply(Command::AddTieBreak).unwrap_err().to_string();
    assert!(refused.contains("are level"), "{refused}");
    // Undo takes the stanza's results and then the stanza itself back.
    for _ in 0..3 {
        session.undo().unwrap();
    }
    assert_eq!(session.event().schedule.rounds.len(), 2);
}

#[test]
fn a_knockout_needs_two_teams_and_imps() {
    let mut spec = NewEvent::new("KO", EventFormat::Teams, Roster::numbered(3));
    spec.options.knockout = Some(Knockout::new(2, None));
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(
        refused.contains("3 team(s): a knockout match is between two teams"),
        "{refused}"
    );
    let mut spec = NewEvent::new("KO", EventFormat::Teams, two_teams());
    spec.options.knockout = Some(Knockout::new(2, None));
    spec.options.swiss = true;
    spec.options.rounds = Some(2);
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(refused.contains("not a Swiss"), "{refused}");
}
