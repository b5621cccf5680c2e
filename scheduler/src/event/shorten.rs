//! A shorter evening (`--rounds K`, the New event form's "Rounds"): the first K rounds of a
//! round robin, team round robin or Scheveningen match, or the reason it cannot be. The first
//! rounds of these are fair: in every round everyone plays (or has the one bye), nobody meets
//! anyone twice, and the colours alternate as in the whole. The schedule then promises only
//! that (`Promise::shortened`), so the verifier accepts the pairings left out, and nothing
//! else. Movements where the boards move are shortened in `movement::first_rounds`.

use crate::model::Schedule;

/// What is being cut short, for the sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A pairs (or players') round robin: FIDE Berger tables or the circle method, single or
    /// double.
    RoundRobin {
        /// FIDE Berger tables rather than the circle method.
        berger: bool,
        /// Every pairing played twice.
        double: bool,
    },
    /// Teams meeting board against board, single or double.
    TeamRoundRobin {
        /// Every match played twice.
        double: bool,
    },
    /// Two teams, every player against every player of the other team.
    Scheveningen,
}

impl Shape {
    fn name(self) -> &'static str {
        match self {
            Shape::RoundRobin {
                berger: true,
                double: false,
            } => "round robin (FIDE Berger tables)",
            Shape::RoundRobin {
                berger: true,
                double: true,
            } => "double round robin (FIDE Berger tables)",
            Shape::RoundRobin { double: false, .. } => "round robin",
            Shape::RoundRobin { double: true, .. } => "double round robin",
            Shape::TeamRoundRobin { double: false } => "team round robin",
            Shape::TeamRoundRobin { double: true } => "double team round robin",
            Shape::Scheveningen => "Scheveningen match",
        }
    }

    /// Who takes part, for "a round robin of 8 entrants".
    fn field(self, schedule: &Schedule) -> String {
        match self {
            Shape::RoundRobin { .. } => format!("{} entrants", schedule.entrants.len()),
            Shape::TeamRoundRobin { .. } => format!("{} teams", team_count(schedule)),
            Shape::Scheveningen => {
                let boards = schedule.entrants.len() / 2;
                format!("{boards} boards")
            }
        }
    }
}

fn team_count(schedule: &Schedule) -> usize {
    let mut teams: Vec<&String> = schedule.entrant_teams.iter().collect();
    teams.sort();
    teams.dedup();
    teams.len()
}

/// Keeps the first `rounds` rounds of `schedule` (made whole, in the `shape` given) and
/// returns the sentence saying what is played; `None` when `rounds` is all of them. Refused
/// with the reason for 0 rounds or more than the schedule has.
pub fn play_first_rounds(
    schedule: &mut Schedule,
    rounds: usize,
    shape: Shape,
) -> Result<Option<String>, String> {
    let total = schedule.rounds.len();
    let (name, field) = (shape.name(), shape.field(schedule));
    if rounds == 0 {
        return Err(format!(
            "0 rounds: an event plays at least one round (a {name} of {field} has {total})"
        ));
    }
    if rounds > total {
        let more = match shape {
            Shape::RoundRobin { double: false, .. } | Shape::TeamRoundRobin { double: false } => {
                format!(", or a double round robin for {} rounds", 2 * total)
            }
            Shape::Scheveningen => ": each player meets each player of the other team once".to_owned(),
            _ => String::new(),
        };
        return Err(format!(
            "a {name} of {field} has {total} rounds, so it cannot play {rounds}; play at most {total}{more}"
        ));
    }
    if rounds == total {
        return Ok(None);
    }
    let games_left_out: usize = schedule.rounds[rounds..].iter().map(|r| r.tables.len()).sum();
    let byes = schedule.rounds[..rounds].iter().any(|r| !r.absent.is_empty());
    schedule.rounds.truncate(rounds);
    schedule.promise.shortened = true;
    let each = match shape {
        Shape::RoundRobin { .. } => format!("everyone plays {rounds} games"),
        Shape::TeamRoundRobin { .. } => format!("each team plays {rounds} matches"),
        Shape::Scheveningen => format!(
            "each player meets {rounds} of the {} players of the other team",
            schedule.entrants.len() / 2
        ),
    };
    let bye = if byes {
        " (one fewer for whoever has a bye)"
    } else {
        ""
    };
    let games = match shape {
        Shape::TeamRoundRobin { .. } => "board games",
        _ => "games",
    };
    Ok(Some(format!(
        "rounds 1–{rounds} of the {total}-round {name} are played: {each}{bye}, nobody meets anyone twice; the {games_left_out} {games} of the other {} round(s) are not played",
        total - rounds
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Roster;
    use crate::round_robin::{Method, RoundRobinOptions, round_robin};
    use crate::team_chess::TeamNames;
    use crate::team_chess::team_match::{scheveningen, team_round_robin};
    use crate::verify::{Rule, verify};

    fn berger(players: usize, double: bool) -> Schedule {
        let options = RoundRobinOptions {
            method: Method::Berger,
            double,
            avoid_spouses: false,
        };
        round_robin(&Roster::numbered(players), options).unwrap().0
    }

    #[test]
    fn the_first_rounds_of_a_berger_table_are_played_and_verified() {
        for players in [6, 7, 8, 10] {
            let full = berger(players, false);
            let total = full.rounds.len();
            for rounds in 1..total {
                let mut schedule = full.clone();
                let shape = Shape::RoundRobin {
                    berger: true,
                    double: false,
                };
                let note = play_first_rounds(&mut schedule, rounds, shape).unwrap().unwrap();
                assert_eq!(schedule.rounds.len(), rounds);
                assert!(
                    note.contains(&format!("rounds 1–{rounds} of the {total}-round")),
                    "{note}"
                );
                assert!(note.contains(&format!("everyone plays {rounds} games")), "{note}");
                assert_eq!(players % 2 == 1, note.contains("bye"), "{note}");
                let report = verify(&schedule);
                assert!(
                    report.is_valid(),
                    "{players} players, {rounds} rounds: {:?}",
                    report.violations
                );
            }
        }
    }

    #[test]
    fn a_round_robin_missing_rounds_is_refused_unless_it_was_asked_for() {
        let mut schedule = berger(8, false);
        schedule.rounds.truncate(4);
        assert!(verify(&schedule).breaks(Rule::MeetingCount));
        schedule.promise.shortened = true;
        assert!(verify(&schedule).is_valid());
        // Asked for, but a pair meeting twice is still found.
        let mut twice = berger(8, false);
        twice.rounds.truncate(3);
        twice.rounds[2] = twice.rounds[0].clone();
        twice.rounds[2].number = 3;
        twice.promise.shortened = true;
        assert!(verify(&twice).breaks(Rule::MeetingCount));
    }

    #[test]
    fn a_double_round_robin_cut_in_its_second_cycle() {
        let full = berger(6, true);
        let mut schedule = full.clone();
        let shape = Shape::RoundRobin {
            berger: true,
            double: true,
        };
        play_first_rounds(&mut schedule, 7, shape).unwrap();
        let report = verify(&schedule);
        assert!(report.is_valid(), "{:?}", report.violations);
    }

    #[test]
    fn more_rounds_than_the_format_has_are_refused_with_the_reason() {
        let mut schedule = berger(8, false);
        let shape = Shape::RoundRobin {
            berger: true,
            double: false,
        };
        let why = play_first_rounds(&mut schedule, 9, shape).unwrap_err();
        assert_eq!(
            why,
            "a round robin (FIDE Berger tables) of 8 entrants has 7 rounds, so it cannot play 9; play at most 7, or a double round robin for 14 rounds"
        );
        assert!(
            play_first_rounds(&mut schedule, 0, shape)
                .unwrap_err()
                .starts_with("0 rounds")
        );
        assert_eq!(play_first_rounds(&mut schedule, 7, shape), Ok(None));
        assert!(!schedule.promise.shortened && schedule.rounds.len() == 7);
    }

    #[test]
    fn team_matches_cut_short() {
        let names = TeamNames::numbered(6, 4);
        let mut schedule = team_round_robin(&names, 4, false);
        let note = play_first_rounds(&mut schedule, 3, Shape::TeamRoundRobin { double: false })
            .unwrap()
            .unwrap();
        assert!(note.contains("each team plays 3 matches"), "{note}");
        let report = verify(&schedule);
        assert!(report.is_valid(), "{:?}", report.violations);
        let mut unasked = team_round_robin(&names, 4, false);
        unasked.rounds.truncate(3);
        assert!(verify(&unasked).breaks(Rule::MeetingCount));

        let two = TeamNames::numbered(2, 6);
        let mut schedule = scheveningen(&two, 6);
        let note = play_first_rounds(&mut schedule, 4, Shape::Scheveningen)
            .unwrap()
            .unwrap();
        assert!(
            note.contains("each player meets 4 of the 6 players of the other team"),
            "{note}"
        );
        let report = verify(&schedule);
        assert!(report.is_valid(), "{:?}", report.violations);
        let why = play_first_rounds(&mut scheveningen(&two, 6), 8, Shape::Scheveningen).unwrap_err();
        assert!(
            why.contains("a Scheveningen match of 6 boards has 6 rounds, so it cannot play 8"),
            "{why}"
        );
    }

    /// Through `generate_schedule`, the one path of the window's New event form and of
    /// `tourney event new`.
    mod events {
        use crate::event::create::{EventFormat, EventOptions, MovementPlan, generate_schedule};
        use crate::model::{Roster, TeamEvent};
        use crate::movement::MovementKind;
        use crate::solver::Control;

        fn made(players: usize, options: &EventOptions) -> Result<(usize, Vec<String>), String> {
            let generated = generate_schedule(&Roster::numbered(players), options, &Control::unlimited())?;
            Ok((generated.schedule.rounds.len(), generated.notes))
        }

        fn with_rounds(format: EventFormat, rounds: usize) -> EventOptions {
            let mut options = EventOptions::new(format);
            options.rounds = Some(rounds);
            options
        }

        #[test]
        fn rounds_are_honoured_for_every_round_robin_format() {
            for format in [EventFormat::Chess, EventFormat::Pairs, EventFormat::BridgePairs] {
                let (rounds, notes) = made(10, &with_rounds(format, 4)).unwrap();
                assert_eq!(rounds, 4, "{format:?}");
                assert!(
                    notes.iter().any(|n| n.contains("rounds 1–4 of the 9-round")),
                    "{format:?}: {notes:?}"
                );
            }
            // The circle method with couples kept apart, and a double round robin.
            let mut options = with_rounds(EventFormat::Pairs, 12);
            options.double = true;
            assert_eq!(made(8, &options).unwrap().0, 12);
            let why = made(8, &with_rounds(EventFormat::Chess, 8)).unwrap_err();
            assert!(why.contains("has 7 rounds, so it cannot play 8"), "{why}");
        }

        #[test]
        fn rounds_are_honoured_for_team_round_robins_and_scheveningen() {
            let mut options = with_rounds(EventFormat::TeamChess, 3);
            options.team_event = TeamEvent::RoundRobin;
            options.teams = Some(8);
            options.boards = Some(4);
            let (rounds, notes) = made(0, &options).unwrap();
            assert_eq!(rounds, 3);
            assert!(
                notes.iter().any(|n| n.contains("each team plays 3 matches")),
                "{notes:?}"
            );

            options.team_event = TeamEvent::Scheveningen;
            options.teams = Some(2);
            options.boards = Some(6);
            assert_eq!(made(0, &options).unwrap().0, 3);
            options.rounds = Some(7);
            let why = made(0, &options).unwrap_err();
            assert!(why.contains("has 6 rounds, so it cannot play 7"), "{why}");
        }

        #[test]
        fn a_club_movement_stops_early_when_fair_and_says_so() {
            let mut options = with_rounds(EventFormat::BridgePairs, 5);
            options.boards_per_round = 3;
            options.movement = Some(MovementPlan {
                kind: MovementKind::Mitchell,
                phantom: None,
                arrow_switch: true,
            });
            // 14 pairs: a 7-table Mitchell, 5 of its 7 rounds, the arrow switch in round 5.
            let generated =
                generate_schedule(&Roster::numbered(14), &options, &Control::unlimited()).unwrap();
            let movement = generated.schedule.movement.as_ref().unwrap();
            assert_eq!(movement.rounds.len(), 5);
            assert!(
                movement.rounds[4].arrow_switch,
                "the switch falls in the last round played"
            );
            assert!(
                generated
                    .notes
                    .iter()
                    .any(|n| n.contains("rounds 1–5 of the 7-round Mitchell")),
                "{:?}",
                generated.notes
            );
            // One round leaves every board played at one table only: refused with the reason.
            options.rounds = Some(1);
            let why = made(14, &options).unwrap_err();
            assert!(why.contains("cannot stop after round 1"), "{why}");
        }
    }
}
