//! The per-format options of an event (rounds, hands or boards per round, directed seating,
//! couples, Berger tables, double round robin, team event kind…), as rows of a two-column
//! grid. The wizard and "Generate again" in the schedule view share it, so both offer the
//! same choices in the same words. Every field is tied to its label for screen readers.

use eframe::egui;
use scheduler::event::ImpMethod;
use scheduler::event::create::{EventFormat, EventOptions, MovementPlan};
use scheduler::event::knockout::{CarryOver, Knockout, MOST_CARRY_OVER_TENTHS, MOST_STANZAS};
use scheduler::event::teams::{TeamsBye, TeamsScoring};
use scheduler::model::TeamEvent;
use scheduler::model::movement::MovementKind;
use scheduler::movement::{MovementOption, movements_for};
use scheduler::whist::KeepApart;

/// A label in the first column and its control in the second, tied together.
pub fn row(
    ui: &mut egui::Ui,
    label: &str,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    let label = ui.label(label);
    let response = add(ui).labelled_by(label.id);
    ui.end_row();
    response
}

/// Rows for the options of `options.format` (not the format itself). `numbered_teams` shows
/// the teams × boards fields for team chess without a roster; `entrants` is how many players
/// (pairs, teams) the roster has, for the movements that fit; `names` their names, where
/// known, for the choices that name a team (a knockout's carry-over).
pub fn options_rows(
    ui: &mut egui::Ui,
    options: &mut EventOptions,
    numbered_teams: bool,
    entrants: usize,
    names: &[String],
) {
    if options.format == EventFormat::BridgePairs {
        movement_rows(ui, options, entrants);
    }
    match options.format {
        EventFormat::BridgePairs if options.swiss => {
            let rounds = options.rounds.get_or_insert(5);
            row(ui, "Rounds", |ui| {
                ui.add(egui::DragValue::new(rounds).range(1..=scheduler::event::create::MAX_SWISS_ROUNDS))
                    .on_hover_text(
                        "Each round after the first is paired from the standings once the last is entered",
                    )
            });
        }
        EventFormat::BridgePairs if options.movement.is_some() => {
            rounds_row(
                ui,
                options,
                "the whole movement",
                "Stop after this round; refused, with the reason, where some boards would not be played equally often",
            );
        }
        EventFormat::WhistDrive | EventFormat::BridgeIndividual => {
            rounds_row(
                ui,
                options,
                "the whole cycle",
                "Rounds to play tonight; nobody partners anyone twice in them",
            );
            row(ui, "Directed seating", |ui| {
                ui.checkbox(
                    &mut options.directed,
                    "each other player once on the left, once as partner, once on the right",
                )
            });
            row(ui, "Couples", |ui| {
                ui.horizontal(|ui| {
                    let partners = ui.selectable_value(
                        &mut options.couples_apart,
                        KeepApart::NeverPartners,
                        "never partners",
                    );
                    let table = ui
                        .selectable_value(
                            &mut options.couples_apart,
                            KeepApart::NeverAtTable,
                            "never at the same table",
                        )
                        .on_hover_text(
                            "Couples from the roster's spouse column never sit at one table, as partners or \
                             opponents. Only for an evening shorter than the whole cycle (in the cycle every two \
                             players meet); otherwise they are kept as never partners, and the notes say why.",
                        );
                    partners | table
                })
                .inner
            });
        }
        EventFormat::BridgePairs | EventFormat::Pairs | EventFormat::Chess => {
            rounds_row(
                ui,
                options,
                "the whole round robin",
                "Play the first rounds only: everyone plays that many games, nobody meets anyone twice",
            );
            row(ui, "Method", |ui| {
                ui.horizontal(|ui| {
                    let circle = ui.selectable_value(&mut options.berger, false, "circle method");
                    let berger = ui.selectable_value(&mut options.berger, true, "FIDE Berger tables");
                    circle | berger
                })
                .inner
            });
            row(ui, "Double round robin", |ui| {
                ui.checkbox(
                    &mut options.double,
                    "a second cycle with colours (home and away) reversed",
                )
            });
            row(ui, "Couples", |ui| {
                ui.checkbox(
                    &mut options.avoid_spouses,
                    "couples from the roster never meet (costs one round)",
                )
            });
        }
        EventFormat::TeamChess => team_chess_rows(ui, options, numbered_teams),
        EventFormat::Teams => teams_rows(ui, options, entrants, names),
    }
    scoring_rows(ui, options, entrants);
}

/// The kinds of bridge teams event the form offers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TeamsKind {
    Swiss,
    RoundRobin,
    Knockout,
    Night,
}

/// Bridge teams: a Swiss (its rounds), a round robin, a knockout match (its stanzas and
/// carry-over) or a club teams night (the teams movement for the roster's `teams`), boards a
/// match, how a match counts and what a bye is worth.
fn teams_rows(ui: &mut egui::Ui, options: &mut EventOptions, teams: usize, names: &[String]) {
    let was = match (options.swiss, options.knockout.is_some()) {
        _ if options.teams_night() => TeamsKind::Night,
        (_, true) => TeamsKind::Knockout,
        (true, false) => TeamsKind::Swiss,
        (false, false) => TeamsKind::RoundRobin,
    };
    let mut kind = was;
    row(ui, "Kind", |ui| {
        ui.horizontal(|ui| {
            let a = ui.selectable_value(&mut kind, TeamsKind::Swiss, "Swiss (paired round by round)");
            let b = ui.selectable_value(&mut kind, TeamsKind::RoundRobin, "round robin");
            let c = ui
                .selectable_value(&mut kind, TeamsKind::Knockout, "knockout match (two teams)")
                .on_hover_text("Two teams play several stanzas; the total IMPs decide, with any carry-over");
            let d = ui
                .selectable_value(&mut kind, TeamsKind::Night, "club teams night (one evening)")
                .on_hover_text(
                    "Every team meets every other in one evening: each team's N-S pair stays at its table, its E-W pair and the boards move; each table's scores are entered as at a pairs evening",
                );
            a | b | c | d
        })
        .inner
    });
    if kind != was {
        // A Swiss needs its number of rounds; a round robin plays all of its own; a
        // knockout's rounds are its stanzas; a teams night plays its whole movement.
        options.swiss = kind == TeamsKind::Swiss;
        options.three_way &= options.swiss;
        options.long_three_way &= options.swiss;
        options.rounds = options.swiss.then_some(6);
        options.knockout = (kind == TeamsKind::Knockout).then_some(Knockout::new(4, None));
        options.movement = (kind == TeamsKind::Night).then_some(MovementPlan {
            kind: MovementKind::TeamsOfFour,
            phantom: None,
            arrow_switch: false,
        });
    }
    if kind == TeamsKind::Night {
        night_rows(ui, options, teams);
        return;
    }
    if let Some(knockout) = &mut options.knockout {
        knockout_rows(ui, knockout, &mut options.boards_per_round, names);
        options.teams_scoring = TeamsScoring::Imps;
        return;
    }
    if options.swiss {
        let rounds = options.rounds.get_or_insert(6);
        row(ui, "Rounds", |ui| {
            ui.add(egui::DragValue::new(rounds).range(1..=scheduler::event::create::MAX_SWISS_ROUNDS))
                .on_hover_text(
                    "Each round after the first is paired from the standings once the last is entered",
                )
        });
        row(ui, "Odd number of teams", |ui| {
            ui.checkbox(&mut options.three_way, "a three-way match instead of the bye")
                .on_hover_text("The bottom three play one another over half the boards each, worth half a match each; each round can still be paired with a bye instead")
        });
        if options.three_way {
            row(ui, "Three-way match", |ui| {
                ui.checkbox(&mut options.long_three_way, "over two rounds, each meeting a full match")
                    .on_hover_text("A long threesome: the bottom three play one another in full matches over two rounds; in the Swiss's last round a three-way match in the round instead")
            });
        }
        options.long_three_way &= options.three_way;
    } else {
        rounds_row(
            ui,
            options,
            "the whole round robin",
            "Play the first rounds only: each team plays that many matches",
        );
    }
    row(ui, "Boards a match", |ui| {
        ui.add(egui::DragValue::new(&mut options.boards_per_round).range(1..=scheduler::event::MAX_PER_ROUND))
    });
    let scoring = options.teams_scoring;
    teams_scoring_row(ui, options);
    bye_row(ui, options, scoring, "the team's average");
}

/// The movement list's name for a Swiss pairs event.
const SWISS_PAIRS: &str = "Swiss pairs: paired round by round from the standings";

/// A Swiss pairs event: boards a match, VPs or IMPs (board-a-match is for teams), and what a
/// bye is worth.
fn swiss_pairs_scoring_rows(ui: &mut egui::Ui, options: &mut EventOptions) {
    row(ui, "Boards a match", |ui| {
        ui.add(egui::DragValue::new(&mut options.boards_per_round).range(1..=scheduler::event::MAX_PER_ROUND))
            .on_hover_text("Every table plays the round's boards: a copy of each board for each table")
    });
    let scoring = options.teams_scoring;
    scoring_row(ui, options, &TeamsScoring::SWISS_PAIRS)
        .on_hover_text("Each board against its datum (Butler), the match's IMP margin as victory points or the IMPs themselves; or each board matchpointed across the round's tables, the match as each pair's percentage");
    bye_row(ui, options, scoring, "the pair's average");
}

/// What a bye scores: the usual figure for the scoring, or `average` (the entrant's own);
/// back to the usual when the scoring was just changed from `scoring_before`.
fn bye_row(ui: &mut egui::Ui, options: &mut EventOptions, scoring_before: TeamsScoring, average_label: &str) {
    if options.teams_scoring != scoring_before {
        options.teams_bye = None;
    }
    let usual = TeamsBye::usual(options.teams_scoring, options.boards_per_round);
    let mut average = matches!(options.teams_bye, Some(TeamsBye::Average));
    row(ui, "A bye scores", |ui| {
        ui.horizontal(|ui| {
            let a = ui.selectable_value(&mut average, false, format!("{usual}"));
            let b = ui.selectable_value(&mut average, true, average_label);
            a | b
        })
        .inner
    });
    options.teams_bye = average.then_some(TeamsBye::Average);
}

/// A teams night: the movement the roster's teams get (or why there is none), boards a
/// round and how a match counts (no byes: every team plays every round).
fn night_rows(ui: &mut egui::Ui, options: &mut EventOptions, teams: usize) {
    row(ui, "Boards a round", |ui| {
        ui.add(egui::DragValue::new(&mut options.boards_per_round).range(1..=scheduler::event::MAX_PER_ROUND))
            .on_hover_text("Each match is one set of this many boards, played at two tables")
    });
    four_teams_row(ui, options, teams);
    let said = match scheduler::movement::teams::teams_movement_with(
        teams,
        options.boards_per_round as usize,
        options.four_teams,
    ) {
        Ok(m) => format!(
            "{} for {teams} teams: {} rounds of {} boards, {} boards in all",
            m.name,
            m.rounds.len(),
            m.boards_per_round,
            m.sets * m.boards_per_round
        ),
        Err(why) => why,
    };
    row(ui, "Movement", |ui| ui.label(said));
    teams_scoring_row(ui, options);
}

/// Four teams: the relay (each round's set relayed round all four tables) or head to head,
/// the usual shown chosen until one is picked; no choice (and none kept) for other counts.
fn four_teams_row(ui: &mut egui::Ui, options: &mut EventOptions, teams: usize) {
    use scheduler::movement::teams::{FourTeams, usual_four_teams};
    if teams != 4 {
        options.four_teams = None;
        return;
    }
    let mut choice = options
        .four_teams
        .unwrap_or_else(|| usual_four_teams(options.boards_per_round as usize));
    let before = choice;
    row(ui, "Four teams play", |ui| {
        ui.horizontal(|ui| {
            let a = ui
                .selectable_value(&mut choice, FourTeams::Relay, "relay (one set a round)")
                .on_hover_text("The published arrangement: each round's boards cut into four parts passed round all four tables, so both matches play them; 3 sets, needs 4 boards a round or more");
            let b = ui
                .selectable_value(&mut choice, FourTeams::HeadToHead, "head to head (each match its own boards)")
                .on_hover_text("Each match on a set of its own, passed between its two tables: 6 sets, twice the boards");
            a | b
        })
        .inner
    });
    if choice != before {
        options.four_teams = Some(choice);
    }
}

/// How a team match counts: victory points, IMPs or board-a-match.
fn teams_scoring_row(ui: &mut egui::Ui, options: &mut EventOptions) {
    scoring_row(ui, options, &TeamsScoring::ALL);
}

/// How a match counts, one of `choices` (the first when the one chosen before is not among
/// them, e.g. matchpoints chosen for Swiss pairs before the format became teams).
fn scoring_row(ui: &mut egui::Ui, options: &mut EventOptions, choices: &[TeamsScoring]) -> egui::Response {
    if let Some(&first) = choices.first()
        && !choices.contains(&options.teams_scoring)
    {
        options.teams_scoring = first;
    }
    row(ui, "Scored by", |ui| {
        ui.horizontal_wrapped(|ui| {
            let mut response = None::<egui::Response>;
            for &choice in choices {
                let r = ui.selectable_value(&mut options.teams_scoring, choice, choice.label());
                response = Some(match response {
                    Some(all) => all | r,
                    None => r,
                });
            }
            response.unwrap_or_else(|| ui.label(""))
        })
        .inner
    })
}

/// A knockout's stanzas, their boards and the carry-over (to the roster's first or second
/// team, by name when `names` has them), the carry-over last: the new-event form adds its
/// rows for working it out from an earlier event under it.
fn knockout_rows(ui: &mut egui::Ui, knockout: &mut Knockout, boards_per_stanza: &mut u32, names: &[String]) {
    row(ui, "Stanzas", |ui| {
        ui.add(egui::DragValue::new(&mut knockout.stanzas).range(1..=MOST_STANZAS))
            .on_hover_text("The teams exchange seats (home and away) each stanza")
    });
    row(ui, "Boards a stanza", |ui| {
        ui.add(egui::DragValue::new(boards_per_stanza).range(1..=scheduler::event::MAX_PER_ROUND))
    });
    let mut to = knockout.carry_over.as_ref().map(|c| c.team);
    let mut imps = knockout
        .carry_over
        .as_ref()
        .map_or(0.0, |c| f64::from(c.tenths) / 10.0);
    row(ui, "Carry-over to", |ui| {
        ui.horizontal(|ui| {
            let a = ui.selectable_value(&mut to, None, "none");
            let name =
                |i: usize, otherwise: &str| names.get(i).cloned().unwrap_or_else(|| otherwise.to_owned());
            let b = ui.selectable_value(&mut to, Some(0), name(0, "the roster's first team"));
            let c = ui.selectable_value(&mut to, Some(1), name(1, "the second team"));
            a | b | c
        })
        .inner
    });
    if let Some(team) = to {
        row(ui, "Carry-over IMPs", |ui| {
            ui.add(
                egui::DragValue::new(&mut imps)
                    .range(0.1..=f64::from(MOST_CARRY_OVER_TENTHS) / 10.0)
                    .speed(0.1)
                    .fixed_decimals(1),
            )
        });
        let tenths = ((imps * 10.0).round() as u32).clamp(1, MOST_CARRY_OVER_TENTHS);
        // A carry-over worked out from an earlier match keeps where it came from until the
        // director changes it by hand.
        let from = knockout
            .carry_over
            .take()
            .filter(|c| c.team == team && c.tenths == tenths)
            .and_then(|c| c.from);
        knockout.carry_over = Some(CarryOver { team, tenths, from });
    } else {
        knockout.carry_over = None;
    }
}

/// Team chess: the kind of event, its rounds, and (without a roster) teams × boards.
fn team_chess_rows(ui: &mut egui::Ui, options: &mut EventOptions, numbered_teams: bool) {
    let kind = options.team_event;
    row(ui, "Kind", |ui| {
        ui.horizontal(|ui| {
            let a = ui.selectable_value(&mut options.team_event, TeamEvent::Jamboree, "jamboree");
            let b = ui.selectable_value(&mut options.team_event, TeamEvent::RoundRobin, "team round robin");
            let c = ui.selectable_value(&mut options.team_event, TeamEvent::Scheveningen, "Scheveningen");
            a | b | c
        })
        .inner
    });
    if options.team_event != kind {
        // A jamboree needs its number of rounds; a match plays all of its own unless
        // the organiser says otherwise.
        options.rounds = (options.team_event == TeamEvent::Jamboree).then_some(5);
    }
    match options.team_event {
        TeamEvent::Jamboree => {
            let rounds = options.rounds.get_or_insert(5);
            row(ui, "Rounds", |ui| {
                ui.add(egui::DragValue::new(rounds).range(1..=60))
            });
        }
        TeamEvent::RoundRobin => {
            rounds_row(
                ui,
                options,
                "the whole round robin",
                "Play the first rounds only: each team plays that many matches",
            );
            row(ui, "Double round robin", |ui| {
                ui.checkbox(&mut options.double, "a second cycle with colours reversed")
            });
        }
        TeamEvent::Scheveningen => {
            rounds_row(
                ui,
                options,
                "the whole match",
                "Play the first rounds only: each player meets that many of the other team",
            );
        }
    }
    if numbered_teams {
        let teams = options.teams.get_or_insert(6);
        row(ui, "Teams", |ui| {
            ui.add(egui::DragValue::new(teams).range(2..=60))
        });
        let boards = options.boards.get_or_insert(4);
        row(ui, "Boards per team", |ui| {
            ui.add(egui::DragValue::new(boards).range(1..=20))
        });
    }
}

/// How results are scored: hands per round (whist), boards per round and IMPs (bridge),
/// points for a bye (chess).
fn scoring_rows(ui: &mut egui::Ui, options: &mut EventOptions, entrants: usize) {
    match options.format {
        EventFormat::WhistDrive => {
            let hands = options.hands_per_round.get_or_insert(2);
            row(ui, "Hands per round", |ui| {
                ui.add(egui::DragValue::new(hands).range(1..=12))
                    .on_hover_text("Each round's tricks must add up to 13 × hands")
            });
        }
        EventFormat::BridgePairs if options.swiss => swiss_pairs_scoring_rows(ui, options),
        EventFormat::BridgeIndividual | EventFormat::BridgePairs => {
            row(ui, "Boards per round", |ui| {
                ui.add(egui::DragValue::new(&mut options.boards_per_round).range(1..=8))
            });
            if let (Some(plan), Ok(options_for)) =
                (&options.movement, movements_for(entrants, DEFAULT_BOARDS))
                && let Some(offer) = options_for.iter().find(|o| o.kind == plan.kind)
            {
                let rounds = options.rounds.map_or(offer.rounds, |r| r.min(offer.rounds));
                let total = rounds * options.boards_per_round as usize;
                ui.label("");
                ui.label(format!(
                    "{rounds} rounds × {} boards = {total} boards tonight, one copy of each board",
                    options.boards_per_round
                ));
                ui.end_row();
            }
            row(ui, "Also rank by IMPs", |ui| {
                ui.horizontal(|ui| {
                    let a = ui.selectable_value(&mut options.imps, None, "no");
                    let b = ui.selectable_value(&mut options.imps, Some(ImpMethod::Cross), "cross-IMPs");
                    let c = ui.selectable_value(&mut options.imps, Some(ImpMethod::Butler), "Butler");
                    a | b | c
                })
                .inner
            });
        }
        EventFormat::Chess | EventFormat::TeamChess => {
            row(ui, "Points for a bye", |ui| {
                ui.add(
                    egui::DragValue::new(&mut options.bye_points)
                        .range(0.0..=1.0)
                        .speed(0.5),
                )
            });
        }
        EventFormat::Pairs | EventFormat::Teams => {}
    }
}

/// "Rounds tonight": all of them (`all`), or only the first so many. Whether that many can be
/// played, and fairly, is the library's to say when the schedule is made.
fn rounds_row(ui: &mut egui::Ui, options: &mut EventOptions, all: &str, hover: &str) {
    let mut whole = options.rounds.is_none();
    // The check box is named by its own text; the number field by the row's label.
    let label = ui.label("Rounds tonight");
    ui.horizontal(|ui| {
        ui.checkbox(&mut whole, all);
        if !whole {
            let rounds = options.rounds.get_or_insert(7);
            ui.add(egui::DragValue::new(rounds).range(1..=400).suffix(" rounds"))
                .labelled_by(label.id)
                .on_hover_text(hover);
        }
    });
    ui.end_row();
    if whole {
        options.rounds = None;
    } else if options.rounds.is_none() {
        options.rounds = Some(7);
    }
}

/// The boards a club pairs evening is planned around when choosing its movement.
const DEFAULT_BOARDS: usize = 26;

/// Pairs bridge: the movement (the boards move between tables, one copy of each) chosen from
/// those that fit the number of pairs, or the round robin where every table plays the same
/// boards; a Mitchell may be arrow-switched. A kind that no longer fits the pairs (the roster
/// changed) is replaced by the first that does.
fn movement_rows(ui: &mut egui::Ui, options: &mut EventOptions, pairs: usize) {
    let offered = movements_for(pairs, DEFAULT_BOARDS).unwrap_or_default();
    if let Some(plan) = &options.movement
        && !offered.iter().any(|o| o.kind == plan.kind)
    {
        options.movement = offered.first().map(|o| {
            options.boards_per_round = o.boards_per_round as u32;
            MovementPlan {
                kind: o.kind,
                phantom: None,
                arrow_switch: false,
            }
        });
    }
    let describe = |o: &MovementOption| {
        format!(
            "{} on {} tables, {} rounds{} · {}",
            o.kind.name(),
            o.tables,
            o.rounds,
            if o.phantom { " (half table)" } else { "" },
            o.comparisons()
        )
    };
    let selected = match &options.movement {
        Some(plan) => offered
            .iter()
            .find(|o| o.kind == plan.kind)
            .map_or_else(|| plan.kind.name().to_owned(), describe),
        None if options.swiss => SWISS_PAIRS.to_owned(),
        None => "round robin: every table plays the same boards".to_owned(),
    };
    row(ui, "Movement", |ui| {
        egui::ComboBox::from_id_salt("movement")
            .selected_text(selected)
            .width(460.0)
            .show_ui(ui, |ui| {
                for offer in &offered {
                    let chosen = options.movement.as_ref().is_some_and(|p| p.kind == offer.kind);
                    if ui.selectable_label(chosen, describe(offer)).clicked() {
                        options.boards_per_round = offer.boards_per_round as u32;
                        options.swiss = false;
                        options.movement = Some(MovementPlan {
                            kind: offer.kind,
                            phantom: None,
                            arrow_switch: false,
                        });
                    }
                }
                if ui
                    .selectable_label(
                        options.movement.is_none() && !options.swiss,
                        "round robin: every table plays the same boards",
                    )
                    .clicked()
                {
                    options.movement = None;
                    options.swiss = false;
                }
                if ui
                    .selectable_label(options.movement.is_none() && options.swiss, SWISS_PAIRS)
                    .on_hover_text(
                        "Each round after the first is paired from the standings: each table is a match of two pairs, every table plays the round's boards (a copy for each table), each board is scored against its datum and each match's IMPs become victory points (or each board is matchpointed across the field)",
                    )
                    .clicked()
                    && !options.swiss
                {
                    options.movement = None;
                    options.swiss = true;
                    options.rounds = Some(5);
                    options.boards_per_round = 6;
                    options.teams_bye = None;
                    if options.teams_scoring == TeamsScoring::BoardAMatch {
                        options.teams_scoring = TeamsScoring::Wbf2013;
                    }
                }
            })
            .response
    });
    if let Some(plan) = &mut options.movement
        && plan.kind.is_mitchell()
    {
        row(ui, "Arrow switch", |ui| {
            ui.checkbox(
                &mut plan.arrow_switch,
                "switch directions in the last round(s): one winner instead of N-S and E-W",
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        folder, harness, open_new_event_form, replace_field, scripted, wait_for_generation,
    };
    use super::super::{Screen, TourneyApp};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    /// A 16-player chess round robin asked for `rounds` tonight on the New event form and
    /// generated (or refused).
    fn chess_round_robin_tonight(test: &str, rounds: &str) -> Harness<'static, TourneyApp> {
        let mut harness = harness(TourneyApp::new(folder(test), Vec::new(), scripted(Vec::new())));
        open_new_event_form(&mut harness, Some("chess round robin"));
        harness.get_by_label("the whole round robin").click();
        harness.run();
        replace_field(&mut harness, "Rounds tonight", rounds);
        harness.get_by_label("Generate the schedule").click();
        harness.step();
        wait_for_generation(&mut harness, |app| app.new_event.is_generating());
        harness
    }

    /// Issue 23: "Rounds tonight" is offered for a round robin and honoured (it was silently
    /// ignored): the first rounds of the Berger table are played, and the form says it.
    #[test]
    fn a_chess_round_robin_plays_the_rounds_asked_for() {
        let harness = chess_round_robin_tonight("rounds-tonight", "3");
        assert_eq!(harness.state().screen, Screen::Event);
        let session = harness.state().session.as_ref().expect("an open event");
        // 16 numbered players: 15 rounds in all, 3 of them played.
        assert_eq!(session.event().schedule.rounds.len(), 3);
        assert!(session.event().schedule.promise.shortened);
    }

    /// More rounds than the format has: refused on the form with the library's reason.
    /// Its button plays all the rounds there are instead.
    #[test]
    fn too_many_rounds_are_refused_with_the_reason() {
        let mut harness = chess_round_robin_tonight("rounds-too-many", "20");
        harness.get_by_label(REFUSED_20);
        assert_ne!(harness.state().screen, Screen::Event, "still on the form");
        harness.get_by_label("Play 15 rounds instead").click();
        harness.step();
        wait_for_generation(&mut harness, |app| app.new_event.is_generating());
        assert_eq!(harness.state().screen, Screen::Event);
        let session = harness.state().session.as_ref().expect("an open event");
        assert_eq!(session.event().schedule.rounds.len(), 15);
    }

    const REFUSED_20: &str = "a round robin (FIDE Berger tables) of 16 entrants has 15 rounds, so it cannot play 20; play at most 15, or a double round robin for 30 rounds";

    /// "Generate again" with too many rounds says why on its own form (it used to show
    /// nothing and keep the form as it was) and offers the rounds there are.
    #[test]
    fn generating_again_with_too_many_rounds_says_why_and_offers_the_rounds() {
        let mut harness = chess_round_robin_tonight("regenerate-too-many", "3");
        harness.get_by_label("Generate again…").click();
        harness.run();
        replace_field(&mut harness, "Rounds tonight", "20");
        harness.get_by_label("Generate").click();
        harness.step();
        wait_for_generation(&mut harness, |app| app.views.schedule.is_generating());
        harness.get_by_label(REFUSED_20);
        let rounds = |harness: &Harness<'static, TourneyApp>| {
            harness
                .state()
                .session
                .as_ref()
                .map(|s| s.event().schedule.rounds.len())
        };
        assert_eq!(rounds(&harness), Some(3), "the present schedule stays");
        harness.get_by_label("Play 15 rounds instead").click();
        harness.step();
        wait_for_generation(&mut harness, |app| app.views.schedule.is_generating());
        assert_eq!(rounds(&harness), Some(15));
        assert!(
            harness.query_by_label(REFUSED_20).is_none(),
            "the refusal is gone"
        );
    }
}
