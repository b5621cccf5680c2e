//! Building a new event: the organiser's choice of format becomes a schedule (through the
//! generators) and a scoring rule, ready to be stored.

use super::{Event, EventSettings, ImpMethod, Scoring};
use crate::model::{Player, Roster, Schedule, TeamEvent};
use crate::round_robin::{Method, RoundRobinOptions, round_robin};
use crate::scoring::league::PointsRule;
use crate::solver::Control;
use crate::team_chess::team_match::{scheveningen, team_round_robin};
use crate::team_chess::{Size, TeamChessOptions, TeamNames, team_chess};
use crate::verify::verify;
use crate::whist::{WhistOptions, whist_schedule};

/// The kinds of evening Tourney runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventFormat {
    /// Whist individual movement, scored by tricks.
    WhistDrive,
    /// Whist individual movement played as duplicate bridge (matchpoints).
    BridgeIndividual,
    /// Pairs round robin played as duplicate bridge: the home pair sits N–S.
    BridgePairs,
    /// Pairs or teams round robin with match scores and a league table.
    Pairs,
    /// Individual chess round robin (FIDE Berger tables and colours by default).
    Chess,
    /// Team chess: jamboree, team round robin or Scheveningen.
    TeamChess,
}

impl EventFormat {
    pub const ALL: [EventFormat; 6] = [
        EventFormat::WhistDrive,
        EventFormat::BridgeIndividual,
        EventFormat::BridgePairs,
        EventFormat::Pairs,
        EventFormat::Chess,
        EventFormat::TeamChess,
    ];

    pub fn label(self) -> &'static str {
        match self {
            EventFormat::WhistDrive => "whist drive",
            EventFormat::BridgeIndividual => "individual bridge",
            EventFormat::BridgePairs => "pairs bridge",
            EventFormat::Pairs => "pairs/teams round robin",
            EventFormat::Chess => "chess round robin",
            EventFormat::TeamChess => "team chess",
        }
    }
}

/// Everything the organiser chooses for a new event. Options that do not apply to the chosen
/// format are ignored.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub title: String,
    pub club: Option<String>,
    /// ISO date.
    pub date: Option<String>,
    pub format: EventFormat,
    pub roster: Roster,
    /// Whist: rounds tonight (default the whole cycle). Team chess jamboree: rounds.
    pub rounds: Option<usize>,
    pub directed: bool,
    pub hands_per_round: Option<u32>,
    pub boards_per_round: u32,
    pub imps: Option<ImpMethod>,
    /// Round robins: FIDE Berger tables instead of the circle method.
    pub berger: bool,
    pub double: bool,
    pub avoid_spouses: bool,
    pub bye_points: f64,
    /// League points; default 3/1/0 for match scores, 2/1/0 for chess team matches.
    pub points: Option<PointsRule>,
    pub team_event: TeamEvent,
    /// Team chess without team columns in the roster: teams × boards numbered players.
    pub teams: Option<usize>,
    pub boards: Option<usize>,
    pub seed: u64,
}

impl NewEvent {
    pub fn new(title: impl Into<String>, format: EventFormat, roster: Roster) -> Self {
        NewEvent {
            title: title.into(),
            club: None,
            date: None,
            format,
            roster,
            rounds: None,
            directed: false,
            hands_per_round: None,
            boards_per_round: 2,
            imps: None,
            berger: format == EventFormat::Chess,
            double: false,
            avoid_spouses: false,
            bye_points: 0.0,
            points: None,
            team_event: TeamEvent::Jamboree,
            teams: None,
            boards: None,
            seed: 1,
        }
    }
}

/// Builds the event: schedule from the generator (verified), scoring from the format. Returns
/// the generator's notes for the organiser.
pub fn build_event(spec: &NewEvent, control: &Control) -> Result<(Event, Vec<String>), String> {
    let mut notes = Vec::new();
    let mut roster = spec.roster.clone();
    let schedule: Schedule = match spec.format {
        EventFormat::WhistDrive | EventFormat::BridgeIndividual => {
            let options = WhistOptions {
                rounds: spec.rounds,
                directed: spec.directed,
                seed: spec.seed,
                never_partner: Vec::new(),
            };
            let (schedule, whist_notes) =
                whist_schedule(&roster, &options, control).map_err(|e| e.to_string())?;
            notes.extend(whist_notes.messages);
            schedule
        }
        EventFormat::BridgePairs | EventFormat::Pairs | EventFormat::Chess => {
            let options = RoundRobinOptions {
                method: if spec.berger {
                    Method::Berger
                } else {
                    Method::Circle
                },
                double: spec.double,
                avoid_spouses: spec.avoid_spouses,
            };
            let (schedule, rr_notes) = round_robin(&roster, options).map_err(|e| e.to_string())?;
            notes.extend(rr_notes.messages);
            schedule
        }
        EventFormat::TeamChess => {
            let names = if roster.players.iter().any(|p| p.team.is_some()) {
                TeamNames::from_roster(&roster)?
            } else {
                let (Some(teams), Some(boards)) = (spec.teams, spec.boards) else {
                    return Err("team chess needs a roster with team (and board) columns, or numbers of teams and boards".into());
                };
                let names = TeamNames::numbered(teams, boards);
                roster = roster_of(&names);
                names
            };
            let teams = names.teams.len();
            let boards = names.players.first().map_or(0, Vec::len);
            match spec.team_event {
                TeamEvent::RoundRobin => team_round_robin(&names, boards, spec.double),
                TeamEvent::Scheveningen => {
                    if teams != 2 {
                        return Err(format!(
                            "a Scheveningen match is between exactly 2 teams, not {teams}"
                        ));
                    }
                    scheveningen(&names, boards)
                }
                TeamEvent::Jamboree => {
                    let Some(rounds) = spec.rounds else {
                        return Err("a team chess jamboree needs a number of rounds".into());
                    };
                    let mut options = TeamChessOptions::new(Size {
                        teams,
                        boards,
                        rounds,
                    });
                    options.names = names;
                    options.seed = spec.seed;
                    let outcome = team_chess(&options, control)
                        .map_err(|e| format!("{teams} teams × {boards} boards × {rounds} rounds: {e}"))?;
                    notes.push(outcome.quality.describe());
                    outcome.schedule
                }
            }
        }
    };
    let report = verify(&schedule);
    if !report.is_valid() {
        return Err(
            "the generated schedule failed verification; this is a bug in Tourney, please report it".into(),
        );
    }
    let scoring = match spec.format {
        EventFormat::WhistDrive => Scoring::WhistDrive {
            hands_per_round: spec.hands_per_round,
        },
        EventFormat::BridgeIndividual | EventFormat::BridgePairs => Scoring::Bridge {
            boards_per_round: spec.boards_per_round.max(1),
            imps: spec.imps,
        },
        EventFormat::Pairs => Scoring::Match {
            points: spec.points.unwrap_or(PointsRule::FOOTBALL),
        },
        EventFormat::Chess | EventFormat::TeamChess => Scoring::Chess {
            bye_points: spec.bye_points,
            match_points: spec.points.unwrap_or(PointsRule::MATCH_POINTS),
        },
    };
    let event = Event {
        settings: EventSettings {
            title: spec.title.clone(),
            club: spec.club.clone(),
            date: spec.date.clone(),
            format_label: spec.format.label().to_owned(),
            scoring,
        },
        roster,
        schedule,
    };
    Ok((event, notes))
}

/// A roster for numbered teams (players carry their team and board).
fn roster_of(names: &TeamNames) -> Roster {
    let mut players = Vec::new();
    for (t, team) in names.teams.iter().enumerate() {
        for (b, name) in names.players[t].iter().enumerate() {
            let mut player = Player::new(players.len() as u32 + 1, name.clone());
            player.team = Some(team.clone());
            player.board = Some(b as u32 + 1);
            players.push(player);
        }
    }
    Roster { players }
}

/// The demo club: sixteen players (one couple, kept apart as partners), a whist drive of five
/// rounds of two hands, so a first start shows a living event rather than an empty form.
pub const DEMO_ROSTER: &str = "name,spouse\nAnn Archer,Bob Archer\nBob Archer,Ann Archer\nCarol Dunn,\nDev Patel,\n\
Erin Khan,\nFinn Smith,\nGrace Lee,\nHal Moore,\nIris Novak,\nJack Owens,\nKim Park,\nLeo Quinn,\n\
Mia Rossi,\nNed Stone,\nOlga Trent,\nPaul Underwood,\n";

/// The demo event and the results of its first two rounds (the window enters them into a
/// fresh event file, as an organiser would have).
pub fn demo_event() -> Result<(Event, Vec<(super::ResultKey, super::ResultValue)>), String> {
    let import = crate::roster_import::import_roster_bytes("demo roster", DEMO_ROSTER.as_bytes());
    let mut spec = NewEvent::new("Demo whist drive", EventFormat::WhistDrive, import.roster);
    spec.club = Some("Riverside Whist Club".into());
    spec.rounds = Some(5);
    spec.hands_per_round = Some(2);
    let (event, _) = build_event(&spec, &Control::unlimited())?;
    let mut results = Vec::new();
    // Fixed, plausible trick counts (of 26) for rounds 1 and 2.
    let north_south = [15, 11, 17, 12, 9, 14, 13, 16];
    for round in event.schedule.rounds.iter().take(2) {
        for table in &round.tables {
            let ns = north_south[((round.number - 1) * 4 + table.number - 1) as usize % north_south.len()];
            results.push((
                super::ResultKey {
                    round: round.number,
                    table: table.number,
                    deal: 0,
                },
                super::ResultValue::Tricks { ns, ew: 26 - ns },
            ));
        }
    }
    Ok((event, results))
}
