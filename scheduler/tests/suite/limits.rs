//! Limits and resources: sizes beyond what a format can use are refused with a sentence
//! before anything large is allocated, and every solver returns at its time limit — with its
//! best so far or an error saying it stopped — whatever the size it accepts.
//!
//! The limits are counted (`Control::with_counted_time`: a number of stop checks, the same
//! work on any machine under any load), so the outcomes do not depend on how busy the
//! machine is. The only wall-clock time here is a hang guard of minutes: what is checked is
//! the outcome, and that the call comes back at all. How fast each call comes back is
//! measured in the benches (`tourney bench limits`), not asserted.

use scheduler::event::create::{EventFormat, EventOptions, generate_schedule};
use scheduler::model::Roster;
use scheduler::round_robin::{MAX_ENTRANTS, RoundRobinError, RoundRobinOptions, round_robin};
use scheduler::solver::Control;
use scheduler::team_chess::{
    MAX_BOARDS, MAX_TEAMS, Size, TeamChessError, TeamChessOptions, check_size, team_chess,
};
use scheduler::verify::verify;
use scheduler::whist::{MAX_PLAYERS, WhistError, WhistOptions, whist_schedule};
use std::sync::mpsc;
use std::time::Duration;

/// The tiny time limit the solvers are held to (on the counted clock: 200 stop checks).
const LIMIT: Duration = Duration::from_millis(200);
/// How long a call may take before it counts as hung: minutes, so that only a solver that
/// ignores its limit trips it, however busy the machine.
const GUARD: Duration = Duration::from_secs(300);

/// Runs `work` on its own thread and returns its result; fails the test (naming `what`) if
/// it has not returned within `GUARD`. A solver that ignores its limit fails here instead of
/// hanging the suite.
fn within_guard<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(GUARD) {
        Ok(done) => done,
        Err(_) => panic!("{what}: did not return within {GUARD:?} with a time limit of {LIMIT:?}"),
    }
}

#[test]
fn round_robins_beyond_a_thousand_entrants_are_refused_with_the_rounds_they_would_need() {
    let options = RoundRobinOptions::default();
    let (largest, _) = round_robin(&Roster::numbered(MAX_ENTRANTS), options).expect("1,000 entrants");
    assert_eq!(largest.rounds.len(), MAX_ENTRANTS - 1);
    assert_eq!(
        round_robin(&Roster::numbered(MAX_ENTRANTS + 1), options).err(),
        Some(RoundRobinError::TooManyEntrants {
            entrants: 1001,
            rounds: 1001
        })
    );
    // The size: refused at once, not after allocating 99,999 rounds.
    let error = round_robin(&Roster::numbered(100_000), options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a round robin of 100000 entrants would need 99999 rounds; Tourney makes round robins of up to \
         1,000 entrants"
    );
    let double = RoundRobinOptions {
        double: true,
        ..options
    };
    let error = round_robin(&Roster::numbered(100_000), double).unwrap_err();
    assert!(error.to_string().contains("would need 199998 rounds"), "{error}");
}

#[test]
fn event_new_passes_the_round_robin_refusal_on() {
    let error = generate_schedule(
        &Roster::numbered(100_000),
        &EventOptions::new(EventFormat::Chess),
        &Control::with_counted_time(LIMIT),
    )
    .unwrap_err()
    .message;
    assert!(
        error.contains("Tourney makes round robins of up to 1,000 entrants"),
        "{error}"
    );
}

#[test]
fn whist_beyond_its_largest_field_is_refused_before_any_search() {
    let options = WhistOptions {
        rounds: Some(1),
        ..WhistOptions::default()
    };
    let control = Control::with_counted_time(LIMIT);
    let error = whist_schedule(&Roster::numbered(MAX_PLAYERS + 1), &options, &control).unwrap_err();
    assert_eq!(error, WhistError::TooManyPlayers(MAX_PLAYERS + 1));
    let error = whist_schedule(&Roster::numbered(100_000), &options, &control).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a whist or bridge individual of 100000 players would need 25000 tables a round; Tourney makes \
         these schedules for up to 1,000 players"
    );
    // The largest field accepted still gives a valid evening.
    let (schedule, _) = whist_schedule(&Roster::numbered(MAX_PLAYERS), &options, &control).expect("1,000");
    assert!(verify(&schedule).is_valid());
}

#[test]
fn whist_with_no_rounds_asks_for_at_least_one() {
    let options = WhistOptions {
        rounds: Some(0),
        ..WhistOptions::default()
    };
    let error = whist_schedule(&Roster::numbered(16), &options, &Control::unlimited()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "0 rounds asked: give at least 1 round (the full rotation has 15)"
    );
}

#[test]
fn whist_keeps_a_tiny_time_limit_at_the_largest_sizes() {
    // Every residue mod 4 (stationary seat, one, two and three sit-outs), the whole cycle.
    for players in [MAX_PLAYERS, MAX_PLAYERS - 1, MAX_PLAYERS - 2, MAX_PLAYERS - 3] {
        let result = within_guard(&format!("whist, {players} players"), move || {
            let control = Control::with_counted_time(LIMIT);
            whist_schedule(&Roster::numbered(players), &WhistOptions::default(), &control)
        });
        match result {
            Ok((schedule, _)) => assert!(verify(&schedule).is_valid(), "{players} players"),
            Err(WhistError::NoStarter { .. }) => {}
            Err(other) => panic!("{players} players: {other}"),
        }
    }
}

#[test]
fn team_events_beyond_their_largest_size_are_refused() {
    assert_eq!(check_size(MAX_TEAMS, MAX_BOARDS), Ok(()));
    let teams = check_size(MAX_TEAMS + 1, 4).unwrap_err();
    assert_eq!(
        teams,
        "a team event of 201 teams is more than Tourney makes: team events have up to 200 teams of up to \
         20 boards"
    );
    let boards = check_size(4, MAX_BOARDS + 1).unwrap_err();
    assert!(
        boards.starts_with("teams of 21 boards are more than Tourney makes"),
        "{boards}"
    );
    // The jamboree (81 s with a 30 s limit): refused at once.
    let size = Size {
        teams: 1000,
        boards: 4,
        rounds: 3,
    };
    let result = within_guard("team chess, 1000 teams", move || {
        team_chess(&TeamChessOptions::new(size), &Control::with_counted_time(LIMIT)).map(|_| ())
    });
    assert!(
        matches!(&result, Err(TeamChessError::TooLarge(reason)) if reason.contains("1000 teams")),
        "{result:?}"
    );
}

#[test]
fn team_chess_keeps_a_tiny_time_limit_at_the_largest_sizes() {
    // Even and odd fields, the most boards: the searches of these sizes cannot finish in the
    // limit, but the first schedule is built, not searched (issue 47), so each answers with a
    // valid one (before, "stopped at the time limit … while making the first schedule").
    for (teams, boards, rounds) in [
        (MAX_TEAMS, MAX_BOARDS, 3),
        (MAX_TEAMS - 1, MAX_BOARDS, 3),
        (MAX_TEAMS, 4, 3),
    ] {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        let what = format!("team chess {teams}×{boards}×{rounds}");
        let result = within_guard(&what, move || {
            team_chess(&TeamChessOptions::new(size), &Control::with_counted_time(LIMIT))
        });
        match result {
            Ok(outcome) => assert!(verify(&outcome.schedule).is_valid(), "{what}"),
            Err(other) => panic!("{what}: {other}"),
        }
    }
}

#[test]
fn team_chess_gives_odd_fields_too_large_for_spaced_floats_a_schedule() {
    // Issue 47: with an odd number of teams and 3 · B/2 · R > N there was no built schedule,
    // and the float searches found none within seconds ("no schedule found" 3 s past the
    // limit). Mirrored floats build one for every odd size the rules allow; each answers
    // within the tiny limit, and the checker decides.
    for (teams, boards, rounds) in [
        (MAX_TEAMS - 1, MAX_BOARDS, 7),
        (101, MAX_BOARDS, 5),
        (51, MAX_BOARDS, 5),
        (31, MAX_BOARDS, 5),
        (21, MAX_BOARDS, 19),
        (41, 16, 7),
    ] {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        let what = format!("team chess {teams}×{boards}×{rounds}");
        let result = within_guard(&what, move || {
            team_chess(&TeamChessOptions::new(size), &Control::with_counted_time(LIMIT))
        });
        match result {
            Ok(outcome) => {
                let report = verify(&outcome.schedule);
                assert!(report.is_valid(), "{what}: {:?}", report.violations);
            }
            Err(other) => panic!("{what}: {other}"),
        }
    }
}
