//! Building an event: the organiser's choice of format and options becomes a schedule
//! (through the generators) and a scoring rule, ready to be stored. The options are kept in
//! the event so the schedule can be generated again after the roster is edited.

use super::knockout::{Knockout, knockout_schedule};
use super::shorten::{Shape, play_first_rounds};
use super::swiss_pairs::SwissPairs;
use super::teams::{TeamsBye, TeamsScoring, first_swiss_round};
use super::{Event, EventSettings, ImpMethod, Scoring};
use crate::model::movement::FourTeams;
use crate::model::{Format, Player, Roster, Schedule, TeamEvent};
use crate::movement::{
    Movement, MovementChoice, MovementKind, arrow_switch, default_arrow_switch_rounds, describe_movement,
    first_rounds, make_movement, movements_for, schedule_of,
};
use crate::round_robin::{Method, RoundRobinOptions, round_robin};
use crate::scoring::league::PointsRule;
use crate::solver::Control;
use crate::team_chess::team_match::{scheveningen, team_round_robin};
use crate::team_chess::{Size, TeamChessOptions, TeamNames, check_size, team_chess};
use crate::verify::verify;
use crate::whist::{KeepApart, WhistError, WhistOptions, whist_schedule};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kinds of evening Tourney runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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
    /// Bridge teams of four: a Swiss (paired round by round) or a round robin of matches,
    /// scored by IMPs and victory points.
    Teams,
}

impl EventFormat {
    /// Every format, in the order the command line and the window list them.
    pub const ALL: [EventFormat; 7] = [
        EventFormat::WhistDrive,
        EventFormat::BridgeIndividual,
        EventFormat::BridgePairs,
        EventFormat::Pairs,
        EventFormat::Chess,
        EventFormat::TeamChess,
        EventFormat::Teams,
    ];

    /// The name the command line takes (`--format whist-drive`) and lists.
    pub fn name(self) -> &'static str {
        match self {
            EventFormat::WhistDrive => "whist-drive",
            EventFormat::BridgeIndividual => "bridge-individual",
            EventFormat::BridgePairs => "bridge-pairs",
            EventFormat::Pairs => "pairs",
            EventFormat::Chess => "chess",
            EventFormat::TeamChess => "team-chess",
            EventFormat::Teams => "teams",
        }
    }

    /// Other names taken for it (`--format whist`).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            EventFormat::WhistDrive => &["whist"],
            EventFormat::Teams => &["swiss-teams", "teams-of-four", "bridge-teams"],
            _ => &[],
        }
    }

    /// The format named `name` (or one of its aliases), in any case.
    pub fn from_name(name: &str) -> Option<EventFormat> {
        let name = name.trim();
        EventFormat::ALL.into_iter().find(|f| {
            f.name().eq_ignore_ascii_case(name) || f.aliases().iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// One line on what it is, for the command line's help and the window's list.
    pub fn description(self) -> &'static str {
        match self {
            EventFormat::WhistDrive => "Whist individual movement scored by tricks.",
            EventFormat::BridgeIndividual => {
                "Whist individual movement played as duplicate bridge (matchpoints, optional IMPs)."
            }
            EventFormat::BridgePairs => {
                "Pairs bridge: a club movement (Mitchell or Howell, the boards moving), or a pairs round robin (home pair N-S)."
            }
            EventFormat::Pairs => "Pairs or teams round robin with match scores and a league table.",
            EventFormat::Chess => "Individual chess round robin (Berger tables), points and tie-breaks.",
            EventFormat::TeamChess => "Team chess: jamboree, team round robin or Scheveningen.",
            EventFormat::Teams => {
                "Bridge teams of four: a Swiss (each round paired from the standings) or a round robin; IMPs and victory points."
            }
        }
    }

    /// In words, as the window and the sheets say it ("whist drive").
    pub fn label(self) -> &'static str {
        match self {
            EventFormat::WhistDrive => "whist drive",
            EventFormat::BridgeIndividual => "individual bridge",
            EventFormat::BridgePairs => "pairs bridge",
            EventFormat::Pairs => "pairs/teams round robin",
            EventFormat::Chess => "chess round robin",
            EventFormat::TeamChess => "team chess",
            EventFormat::Teams => "teams of four",
        }
    }
}

/// How the schedule is made and results are scored: everything the organiser chooses for an
/// event apart from its name and roster. Options that do not apply to the format are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventOptions {
    /// The kind of evening; it decides which of the other options apply.
    pub format: EventFormat,
    /// Rounds tonight (default: all the format has). Whist: the first rounds of the cycle;
    /// round robins, team round robins, Scheveningen matches and club movements: the first
    /// rounds, or a refusal saying why not (`shorten`, `movement::first_rounds`). Team chess
    /// jamboree: the number of rounds (required).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// Whist and individual bridge: ask for directed seating (each other player once on your
    /// left, once on your right).
    #[serde(default)]
    pub directed: bool,
    /// Whist drive: hands each round, so the two sides' tricks must add up to 13 × hands;
    /// `None` leaves the total unchecked.
    #[serde(default)]
    pub hands_per_round: Option<u32>,
    /// Bridge: boards each table plays in a round, 1 to `MAX_PER_ROUND` (2 by default).
    #[serde(default = "two")]
    pub boards_per_round: u32,
    /// Bridge: also rank by IMPs, cross-IMPs or Butler; `None` for matchpoints only.
    #[serde(default)]
    pub imps: Option<ImpMethod>,
    /// Round robins: FIDE Berger tables instead of the circle method.
    #[serde(default)]
    pub berger: bool,
    /// Round robins, team round robins and Scheveningen matches: play every pairing twice,
    /// colours reversed the second time.
    #[serde(default)]
    pub double: bool,
    /// Round robins: couples (spouses in the roster) never meet, seated against each other in a
    /// first round that is not played.
    #[serde(default)]
    pub avoid_spouses: bool,
    /// Chess: points for a bye, 0 to 1 (0 by default).
    #[serde(default)]
    pub bye_points: f64,
    /// League points; default 3/1/0 for match scores, 2/1/0 for chess team matches.
    #[serde(default)]
    pub points: Option<PointsRule>,
    /// Team chess: a jamboree (the default), a team round robin or a Scheveningen match.
    #[serde(default = "jamboree")]
    pub team_event: TeamEvent,
    /// Team chess without team columns in the roster: teams × boards numbered players.
    #[serde(default)]
    pub teams: Option<usize>,
    /// Team chess without team columns in the roster: players per team (boards in a match).
    #[serde(default)]
    pub boards: Option<usize>,
    /// Seed for the searches (whist rotations, team chess jamborees), so a schedule can be
    /// reproduced; 1 by default.
    #[serde(default = "one")]
    pub seed: u64,
    /// Pairs bridge where the boards move (a Mitchell or Howell club evening): the movement
    /// the organiser chose. `None`: the pairs round robin where every table plays the same
    /// boards each round (and the boards are copied for every table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<MovementPlan>,
    /// Bridge teams: a Swiss, each round paired from the standings after the last (`rounds`
    /// says how many), instead of a round robin made at once.
    #[serde(default)]
    pub swiss: bool,
    /// Bridge teams, a Swiss with an odd number of teams: a three-way match for the bottom
    /// three instead of a bye (`event::three_way`), in round 1 and, unless the director says
    /// otherwise when pairing, in every later round.
    #[serde(default)]
    pub three_way: bool,
    /// With `three_way`: the three-way match is played over two rounds, each meeting a full
    /// match (`event::long_three_way`), wherever two rounds are left.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub long_three_way: bool,
    /// Bridge teams: how a match counts (victory points on the WBF 2013 scale by default).
    #[serde(default)]
    pub teams_scoring: TeamsScoring,
    /// Bridge teams: what a bye is worth (`None`: the usual for the scoring, 12 VPs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams_bye: Option<TeamsBye>,
    /// Bridge teams: a knockout match between two teams, its stanzas the rounds (scored as
    /// IMPs), instead of a round robin or a Swiss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout: Option<Knockout>,
    /// Whist and individual bridge: how couples are kept apart — never partners (the
    /// default), or never at the same table (an evening shorter than the cycle).
    #[serde(default, skip_serializing_if = "is_default_apart")]
    pub couples_apart: KeepApart,
    /// A club teams night of 4 teams: the relay or head to head (`movement::teams`); `None`
    /// for the usual (the relay with 4 boards a round or more). Refused for anything else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub four_teams: Option<FourTeams>,
}

fn is_default_apart(apart: &KeepApart) -> bool {
    *apart == KeepApart::default()
}

/// The movement of a club pairs evening, as chosen: made again from this (for the roster's
/// number of pairs and `EventOptions::boards_per_round`) whenever the schedule is made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementPlan {
    /// Mitchell or Howell, and which variant.
    pub kind: MovementKind,
    /// Odd number of pairs: which pair number is the phantom (default: the highest).
    #[serde(default)]
    pub phantom: Option<usize>,
    /// Arrow-switch a Mitchell on the usual rounds, so the evening has one winner.
    #[serde(default)]
    pub arrow_switch: bool,
}

fn two() -> u32 {
    2
}
fn one() -> u64 {
    1
}
fn jamboree() -> TeamEvent {
    TeamEvent::Jamboree
}

impl EventOptions {
    /// The defaults for a format (FIDE Berger tables for chess).
    pub fn new(format: EventFormat) -> Self {
        EventOptions {
            format,
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
            movement: None,
            swiss: false,
            three_way: false,
            long_three_way: false,
            teams_scoring: TeamsScoring::default(),
            teams_bye: None,
            knockout: None,
            couples_apart: KeepApart::default(),
            four_teams: None,
        }
    }

    /// The event's kind in words, as the window and the sheets say it: the format's label, or
    /// "Swiss pairs" for pairs bridge paired round by round.
    pub fn label(&self) -> &'static str {
        if self.format == EventFormat::BridgePairs && self.swiss {
            "Swiss pairs"
        } else {
            self.format.label()
        }
    }

    /// Whether this is a club teams-of-four night: teams with the teams-of-four movement.
    pub fn teams_night(&self) -> bool {
        self.format == EventFormat::Teams
            && self
                .movement
                .as_ref()
                .is_some_and(|m| m.kind == MovementKind::TeamsOfFour)
    }

    /// How results of this format are scored.
    pub fn scoring(&self) -> Scoring {
        match self.format {
            EventFormat::WhistDrive => Scoring::WhistDrive {
                hands_per_round: self.hands_per_round,
            },
            // A Swiss pairs event scores each board against the datum (or matchpoints it
            // across the field), whatever else was asked.
            EventFormat::BridgePairs if self.swiss => Scoring::Bridge {
                boards_per_round: self.boards_per_round,
                imps: (self.teams_scoring != TeamsScoring::Matchpoints).then_some(ImpMethod::Butler),
                teams_of_four: None,
                swiss: Some(SwissPairs {
                    scoring: self.teams_scoring,
                    bye: self
                        .teams_bye
                        .unwrap_or_else(|| TeamsBye::usual(self.teams_scoring, self.boards_per_round)),
                }),
            },
            EventFormat::BridgeIndividual | EventFormat::BridgePairs => Scoring::Bridge {
                boards_per_round: self.boards_per_round,
                imps: self.imps,
                teams_of_four: None,
                swiss: None,
            },
            // A teams night plays a movement table by table: its tables' scores are entered
            // like a pairs evening's, and make team matches.
            EventFormat::Teams if self.teams_night() => Scoring::Bridge {
                boards_per_round: self.boards_per_round,
                imps: None,
                teams_of_four: Some(self.teams_scoring),
                swiss: None,
            },
            EventFormat::Pairs => Scoring::Match {
                points: self.points.unwrap_or(PointsRule::FOOTBALL),
            },
            EventFormat::Teams => {
                // A knockout is won on total IMPs, whatever else was chosen.
                let scoring = if self.knockout.is_some() {
                    TeamsScoring::Imps
                } else {
                    self.teams_scoring
                };
                Scoring::Teams {
                    boards_per_round: self.boards_per_round,
                    scoring,
                    bye: self
                        .teams_bye
                        .unwrap_or_else(|| TeamsBye::usual(scoring, self.boards_per_round)),
                    knockout: self.knockout.clone(),
                }
            }
            EventFormat::Chess | EventFormat::TeamChess => Scoring::Chess {
                bye_points: self.bye_points,
                match_points: self.points.unwrap_or(PointsRule::MATCH_POINTS),
            },
        }
    }
}

/// A new event: its name, club, date and roster, and the options its schedule is made with.
#[derive(Debug, Clone)]
pub struct NewEvent {
    /// The event's name, on every sheet and export.
    pub title: String,
    /// The organising club, printed with the title; `None` for none.
    pub club: Option<String>,
    /// ISO date.
    pub date: Option<String>,
    /// The players (pairs, for pairs events), in the order entered.
    pub roster: Roster,
    /// The format and how the schedule is made and scored.
    pub options: EventOptions,
}

impl NewEvent {
    /// A new event named `title` for `roster` with `format`'s default options and no club or
    /// date.
    pub fn new(title: impl Into<String>, format: EventFormat, roster: Roster) -> Self {
        NewEvent {
            title: title.into(),
            club: None,
            date: None,
            roster,
            options: EventOptions::new(format),
        }
    }
}

/// Builds the event: schedule from the generator (verified), scoring from the format. Returns
/// the generator's notes for the organiser.
pub fn build_event(spec: &NewEvent, control: &Control) -> Result<(Event, Vec<String>), NotGenerated> {
    screen_texts(&spec.title, spec.club.as_deref(), spec.date.as_deref())?;
    let generated = generate_schedule(&spec.roster, &spec.options, control)?;
    let notes = generated.notes.clone();
    Ok((event_from(spec, generated), notes))
}

/// Refuses a title, club or date holding a control character or a noncharacter (see
/// [`crate::text::screen_line`]): they would reach terminals, sheets and XML exports.
pub fn screen_texts(title: &str, club: Option<&str>, date: Option<&str>) -> Result<(), String> {
    crate::text::screen_line("the title", title)?;
    if let Some(club) = club {
        crate::text::screen_line("the club", club)?;
    }
    if let Some(date) = date {
        crate::text::screen_line("the date", date)?;
    }
    Ok(())
}

/// The event for a spec whose schedule has been made (e.g. on another thread).
pub fn event_from(spec: &NewEvent, generated: Generated) -> Event {
    Event {
        settings: EventSettings {
            title: spec.title.clone(),
            club: spec.club.clone(),
            club_id: None,
            date: spec.date.clone(),
            format_label: spec.options.label().to_owned(),
            scoring: spec.options.scoring(),
            options: Some(spec.options.clone()),
            deals: Default::default(),
            deal_tables: Default::default(),
            line_ups: Vec::new(),
        },
        generated_for: generated.roster.clone(),
        roster: generated.roster,
        schedule: generated.schedule,
    }
}

/// The fewest pairs a pairs bridge evening is scored for: with three, each board is played at
/// one table (a phantom sits at the other), so no score has another to be compared with.
pub const MIN_BRIDGE_PAIRS: usize = 4;

/// A schedule made for a roster.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Verified, and cut to the rounds asked for.
    pub schedule: Schedule,
    /// The roster the schedule seats: the one given, or for team chess without a roster the
    /// numbered teams' players.
    pub roster: Roster,
    /// What the generator wants the organiser to know (couples, sit-outs, quality).
    pub notes: Vec<String>,
}

/// Why no schedule was made, in the organiser's words, and a number of rounds that can be
/// played instead when the generator found one (the window offers it as a button).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotGenerated {
    /// The reason, in a sentence or two for the organiser.
    pub message: String,
    /// A number of rounds that can be played instead, when the generator found one; `None`
    /// otherwise.
    pub fewer_rounds: Option<usize>,
}

impl From<String> for NotGenerated {
    fn from(message: String) -> Self {
        NotGenerated {
            message,
            fewer_rounds: None,
        }
    }
}

impl From<&str> for NotGenerated {
    fn from(message: &str) -> Self {
        NotGenerated::from(message.to_owned())
    }
}

impl From<NotGenerated> for String {
    fn from(problem: NotGenerated) -> Self {
        problem.message
    }
}

impl fmt::Display for NotGenerated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotGenerated {}

impl From<WhistError> for NotGenerated {
    /// A whole cycle not found offers the evening that was found at once; too many rounds
    /// offer the most there are.
    fn from(error: WhistError) -> Self {
        let fewer_rounds = match &error {
            WhistError::NoStarter { shorter, .. } => *shorter,
            WhistError::TooManyRounds { available, .. } => Some(*available).filter(|&k| k > 0),
            _ => None,
        };
        NotGenerated {
            message: error.to_string(),
            fewer_rounds,
        }
    }
}

/// Runs the generator for the format on the roster and verifies what it returns. Scoring
/// options out of range (0 hands or boards per round…) are refused first, with the reason.
pub fn generate_schedule(
    roster: &Roster,
    options: &EventOptions,
    control: &Control,
) -> Result<Generated, NotGenerated> {
    options.scoring().check()?;
    let pairs = roster.players.len();
    if options.format == EventFormat::BridgePairs && pairs < MIN_BRIDGE_PAIRS {
        return Err(format!(
            "{pairs} pair(s): every board would be played at one table only, so there would be no scores to compare; pairs bridge needs at least {MIN_BRIDGE_PAIRS} pairs (two full tables)"
        )
        .into());
    }
    let seats_pairs = matches!(
        options.format,
        EventFormat::BridgePairs | EventFormat::Pairs | EventFormat::Teams
    );
    if let (Some(why), false) = (roster.pairs_refused(options.format.label()), seats_pairs) {
        return Err(why.into());
    }
    // Made again ("Generate again"), a teams night's roster is its pairs: its teams again.
    let night_teams = options.teams_night().then(|| teams_of_night(roster)).flatten();
    let roster = night_teams.as_ref().unwrap_or(roster);
    let mut notes = Vec::new();
    let mut roster = entrants_of(roster, options.format, &mut notes)?;
    check_four_teams(options)?;
    let schedule: Schedule = match (options.format, &options.movement) {
        (format, Some(plan)) if plan.kind == MovementKind::TeamsOfFour && format != EventFormat::Teams => {
            return Err(format!(
                "the teams-of-four movement is for a teams event, not {}",
                options.format.label()
            )
            .into());
        }
        (EventFormat::WhistDrive | EventFormat::BridgeIndividual, _) => {
            let whist_options = WhistOptions {
                rounds: options.rounds,
                directed: options.directed,
                seed: options.seed,
                never_partner: Vec::new(),
                apart: options.couples_apart,
            };
            let (schedule, whist_notes) = whist_schedule(&roster, &whist_options, control)?;
            notes.extend(whist_notes.messages);
            schedule
        }
        (EventFormat::BridgePairs, _) if options.swiss => swiss_pairs_schedule(&roster, options, &mut notes)?,
        (EventFormat::BridgePairs, Some(plan)) => {
            let (movement, shortened) =
                club_movement(&roster, plan, options.boards_per_round, options.rounds)?;
            notes.push(describe_movement(&movement));
            notes.extend(seat_stationary_pairs(&mut roster, &movement)?);
            let mut schedule = schedule_of(&movement, &roster.names())?;
            if let Some(note) = shortened {
                notes.push(note);
                schedule.promise.shortened = true;
            }
            schedule
        }
        (EventFormat::Teams, _) if options.swiss && options.knockout.is_some() => {
            return Err("a knockout match is not a Swiss: choose one".into());
        }
        (EventFormat::Teams, Some(plan)) if plan.kind == MovementKind::TeamsOfFour => {
            if options.swiss || options.knockout.is_some() {
                return Err(
                    "the teams-of-four movement is an all-play-all in one evening, not a Swiss or a knockout: choose one"
                        .into(),
                );
            }
            let (night, pairs) = teams_night_schedule(&roster, options, &mut notes)?;
            roster = pairs;
            night
        }
        (EventFormat::Teams, _) if options.swiss => {
            swiss_schedule(&roster, options, Entrants::Teams, &mut notes)?
        }
        (EventFormat::Teams, _) if let Some(knockout) = &options.knockout => {
            knockout_schedule(roster.names(), knockout)?
        }
        (EventFormat::BridgePairs | EventFormat::Pairs | EventFormat::Chess | EventFormat::Teams, _) => {
            let rr_options = RoundRobinOptions {
                method: if options.berger {
                    Method::Berger
                } else {
                    Method::Circle
                },
                double: options.double,
                avoid_spouses: options.avoid_spouses,
            };
            let (mut schedule, rr_notes) = round_robin(&roster, rr_options).map_err(|e| e.to_string())?;
            notes.extend(rr_notes.messages);
            let shape = Shape::RoundRobin {
                berger: options.berger,
                double: options.double,
            };
            notes.extend(first_rounds_of(&mut schedule, options.rounds, shape)?);
            schedule
        }
        (EventFormat::TeamChess, _) => team_chess_schedule(&mut roster, options, control, &mut notes)?,
    };
    let report = verify(&schedule);
    if !report.is_valid() {
        return Err(NotGenerated::from(
            "the generated schedule failed verification; this is a bug in Tourney, please report it",
        ));
    }
    options.scoring().fits(&schedule)?;
    Ok(Generated {
        schedule,
        roster,
        notes,
    })
}

/// The entrants the generator seats: for a teams-of-four event a roster of players with a
/// team column grouped into teams (`model::squad`, what it said added to `notes`); otherwise
/// the roster as it is.
fn entrants_of(
    roster: &Roster,
    format: EventFormat,
    notes: &mut Vec<String>,
) -> Result<Roster, NotGenerated> {
    let grouped = match format {
        EventFormat::Teams => crate::model::squad::teams_of_players(roster)?,
        _ => None,
    };
    Ok(match grouped {
        Some(grouped) => {
            notes.push(format!(
                "{} players in {} teams, read from the roster's team column",
                roster.people(),
                grouped.roster.players.len()
            ));
            notes.extend(grouped.notes);
            grouped.roster
        }
        None => roster.clone(),
    })
}

/// The teams of a teams night's pairs roster (as `teams_night_schedule` makes it: every
/// team's N-S pair, then every team's E-W pair in the same order, each with its team), one
/// line a team with its players (kept on its N-S pair); `None` for any other roster.
fn teams_of_night(roster: &Roster) -> Option<Roster> {
    let n = roster.players.len() / 2;
    if n == 0 || roster.players.len() != 2 * n {
        return None;
    }
    let (ns, ew) = roster.players.split_at(n);
    let mut players = Vec::with_capacity(n);
    for (i, (a, b)) in ns.iter().zip(ew).enumerate() {
        let team = a.team.as_ref()?;
        if b.team.as_ref() != Some(team) || a.name != format!("{team} N-S") || b.name != format!("{team} E-W")
        {
            return None;
        }
        let mut entrant = Player::new(u32::try_from(i + 1).ok()?, team.clone());
        entrant.squad = a.squad.clone();
        players.push(entrant);
    }
    Some(Roster { players })
}

/// The choice of how 4 teams play is for a club teams night only (its count is checked with
/// the movement): refused with the reason for any other event.
fn check_four_teams(options: &EventOptions) -> Result<(), NotGenerated> {
    match options.four_teams {
        Some(four) if !options.teams_night() => Err(format!(
            "\"{}\" (the relay or head to head) is a choice for a club teams night of 4 teams, not {}",
            four.word(),
            options.label()
        )
        .into()),
        _ => Ok(()),
    }
}

/// A club teams-of-four night: the teams movement for the roster's teams (one line each),
/// played by their pairs — the schedule's entrants are each team's N-S pair, then each
/// team's E-W pair, named "Aces N-S" and "Aces E-W" with the team in the roster's team
/// column — and that pairs roster. A count with no movement is refused with the reason.
fn teams_night_schedule(
    roster: &Roster,
    options: &EventOptions,
    notes: &mut Vec<String>,
) -> Result<(Schedule, Roster), NotGenerated> {
    if options.rounds.is_some() {
        return Err(
            "a teams-of-four night is played to its last round (every team meets every other): leave the rounds out".into(),
        );
    }
    let teams = crate::movement::teams::teams_movement_with(
        roster.players.len(),
        options.boards_per_round as usize,
        options.four_teams,
    )?;
    let movement = teams.as_pairs_movement();
    let mut players = Vec::with_capacity(2 * roster.players.len());
    for (direction, label) in [(0, "N-S"), (1, "E-W")] {
        for (i, team) in roster.players.iter().enumerate() {
            let id = u32::try_from(direction * roster.players.len() + i + 1).unwrap_or(u32::MAX);
            let mut pair = Player::new(id, format!("{} {label}", team.name));
            pair.team = Some(team.name.clone());
            // The N-S pair's entrant carries the team's players (see `teams_of_night`).
            if direction == 0 {
                pair.squad = team.squad.clone();
            }
            players.push(pair);
        }
    }
    let pairs = Roster { players };
    let schedule = schedule_of(&movement, &pairs.names())?;
    notes.push(format!(
        "{} for {teams} teams on {teams} tables: {} rounds of {} boards, every team meeting every other in a match whose two halves are played on the same boards",
        teams.name,
        teams.rounds.len(),
        teams.boards_per_round,
        teams = teams.teams
    ));
    Ok((schedule, pairs))
}

/// The most rounds a Swiss may be planned for: a congress's longest Swiss is a dozen or two
/// rounds; more is a slip of the keyboard.
pub const MAX_SWISS_ROUNDS: usize = 99;

/// A Swiss pairs event's schedule when it is created: its first round; refused with a
/// movement or a three-way match (a Swiss pairs event has neither).
fn swiss_pairs_schedule(
    roster: &Roster,
    options: &EventOptions,
    notes: &mut Vec<String>,
) -> Result<Schedule, NotGenerated> {
    if options.movement.is_some() {
        return Err(
            "a Swiss pairs event pairs each round from the standings, so it has no Mitchell or Howell movement: choose one"
                .into(),
        );
    }
    if options.three_way {
        return Err(
            "a three-way match is for Swiss teams; in a Swiss pairs event an odd pair out has the bye".into(),
        );
    }
    swiss_schedule(roster, options, Entrants::Pairs, notes)
}

/// Who a Swiss pairs: teams of four or pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entrants {
    Teams,
    Pairs,
}

impl Entrants {
    fn word(self) -> &'static str {
        match self {
            Entrants::Teams => "team",
            Entrants::Pairs => "pair",
        }
    }
}

/// A Swiss event's schedule when it is created (Swiss teams or Swiss pairs): its first round
/// only (the entrants in roster order as seeds, top half against bottom half); the later
/// rounds are paired from the standings (`teams::pair_next_round`).
fn swiss_schedule(
    roster: &Roster,
    options: &EventOptions,
    who: Entrants,
    notes: &mut Vec<String>,
) -> Result<Schedule, NotGenerated> {
    let count = roster.players.len();
    let word = who.word();
    if count < 2 {
        return Err(format!("{count} {word}(s): a Swiss needs at least two {word}s").into());
    }
    if count > crate::swiss::MAX_ENTRANTS {
        return Err(format!(
            "{count} {word}s: a Swiss is paired for at most {}",
            crate::swiss::MAX_ENTRANTS
        )
        .into());
    }
    let Some(rounds) = options.rounds else {
        return Err("a Swiss needs its number of rounds (--rounds N)".into());
    };
    if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
        return Err(format!("{rounds} rounds: a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds").into());
    }
    let three_way = options.three_way && count % 2 == 1;
    // A long three-way match needs a round after the first.
    let long = three_way && options.long_three_way && rounds >= 2;
    if three_way
        && !long
        && let Some(scale) = options
            .teams_scoring
            .vp_scale()
            .filter(|s| s.discrete().is_some())
    {
        return Err(format!(
            "a three-way match scores each half-match (half the boards) on the scale, and {} is published for matches of 6 to 11 boards: choose wbf2013, or play with a bye",
            scale.name()
        )
        .into());
    }
    if three_way && options.long_three_way && !long {
        notes.push(
            "A three-way match over two rounds needs two rounds: this one-round Swiss plays its three-way match in the round, over half the boards each.".to_owned(),
        );
    }
    let odd_count = match (three_way, long) {
        (true, true) => crate::swiss::OddCount::LongThreeWay,
        (true, false) => crate::swiss::OddCount::ThreeWay,
        _ => crate::swiss::OddCount::Bye,
    };
    if three_way && !long && options.boards_per_round < 2 {
        return Err(format!(
            "{} board(s) a match: a three-way match needs at least two, one for each half-match (or play with a bye)",
            options.boards_per_round
        )
        .into());
    }
    let schedule = Schedule {
        format: Format::RoundRobin,
        entrants: roster.names(),
        rounds: vec![first_swiss_round(count, odd_count)],
        promise: crate::model::Promise {
            swiss: true,
            ..Default::default()
        },
        entrant_teams: Vec::new(),
        movement: None,
    };
    let (kind, seats) = match who {
        Entrants::Teams => ("Swiss teams", ""),
        Entrants::Pairs if options.teams_scoring == TeamsScoring::Matchpoints => (
            "Swiss pairs",
            " Each match is one table, the first pair N-S; every table plays the round's boards, each board is matchpointed across the round's tables, and a match counts as each pair's percentage.",
        ),
        Entrants::Pairs => (
            "Swiss pairs",
            " Each match is one table, the first pair N-S; every table plays the round's boards, and each board is scored against its datum.",
        ),
    };
    let odd = match (count % 2 == 1, three_way) {
        (true, true) if long => ", the last three teams in a three-way match over rounds 1 and 2".to_owned(),
        (true, true) => ", the last three teams in a three-way match".to_owned(),
        (true, false) => format!(", the last {word} with the bye"),
        _ => String::new(),
    };
    notes.push(format!(
        "{kind}, {rounds} round(s): round 1 seeds the {word}s in roster order, the top half against the bottom half{odd}; each later round is paired from the standings once the last is entered (`tourney event pair-next`, or Pair next round in the window).{seats}"
    ));
    if rounds >= count {
        notes.push(format!(
            "{rounds} rounds for {count} {word}s: some {word}s must meet again (each can meet only {} others); the pairing says when a repeat cannot be avoided.",
            count - 1
        ));
    }
    Ok(schedule)
}

/// Team chess: the teams from the roster's team (and board) columns, or numbered teams of
/// the sizes asked for (the roster then becomes theirs), played as a team round robin, a
/// Scheveningen match or a jamboree.
fn team_chess_schedule(
    roster: &mut Roster,
    options: &EventOptions,
    control: &Control,
    notes: &mut Vec<String>,
) -> Result<Schedule, NotGenerated> {
    let names = if roster.players.iter().any(|p| p.team.is_some()) {
        let names = TeamNames::from_roster(roster)?;
        check_size(
            names.teams.len(),
            names.players.iter().map(Vec::len).max().unwrap_or(0),
        )?;
        names
    } else {
        let (Some(teams), Some(boards)) = (options.teams, options.boards) else {
            return Err(
                "team chess needs a roster with team (and board) columns, or numbers of teams and boards"
                    .into(),
            );
        };
        // Before the names are made: 1,000,000 × 1,000,000 would not fit in memory.
        check_size(teams, boards)?;
        let names = TeamNames::numbered(teams, boards);
        *roster = roster_of(&names);
        names
    };
    let teams = names.teams.len();
    let boards = names.players.first().map_or(0, Vec::len);
    let schedule = match options.team_event {
        TeamEvent::RoundRobin | TeamEvent::Scheveningen => {
            let (schedule, note) = team_match(&names, options.team_event, options.double, options.rounds)?;
            notes.extend(note);
            schedule
        }
        TeamEvent::Jamboree => {
            let Some(rounds) = options.rounds else {
                return Err(jamboree_needs_rounds(teams, boards).into());
            };
            let mut chess_options = TeamChessOptions::new(Size {
                teams,
                boards,
                rounds,
            });
            chess_options.names = names;
            chess_options.seed = options.seed;
            let outcome = team_chess(&chess_options, control)
                .map_err(|e| format!("{teams} teams × {boards} boards × {rounds} rounds: {e}"))?;
            notes.push(outcome.quality.describe());
            outcome.schedule
        }
    };
    Ok(schedule)
}

/// A team round robin or a Scheveningen match for the teams of `names`, cut to its first
/// `rounds` rounds when asked (with the sentence saying what is played). Refused with what
/// is possible instead: a Scheveningen for other than two teams, a team event of one team.
/// Shared by the window, `tourney event new` and `tourney team-chess`.
pub fn team_match(
    names: &TeamNames,
    kind: TeamEvent,
    double: bool,
    rounds: Option<usize>,
) -> Result<(Schedule, Option<String>), NotGenerated> {
    let teams = names.teams.len();
    let boards = names.players.first().map_or(0, Vec::len);
    if teams < 2 || boards == 0 {
        return Err(format!(
            "a team event needs at least 2 teams of at least 1 board, not {teams} team(s) of {boards}; for the players of one team among themselves, make a chess round robin"
        )
        .into());
    }
    let (mut schedule, shape) = match kind {
        TeamEvent::Scheveningen if teams != 2 => {
            return Err(format!(
                "a Scheveningen match is between exactly 2 teams, not {teams}; for {teams} teams choose a team round robin (every team meets every other once, board against board: {} rounds) or a jamboree ({} round(s))",
                teams - 1 + teams % 2,
                describe_rounds(teams, boards)
            )
            .into());
        }
        TeamEvent::Scheveningen => (scheveningen(names, boards), Shape::Scheveningen),
        TeamEvent::RoundRobin => (
            team_round_robin(names, boards, double),
            Shape::TeamRoundRobin { double },
        ),
        TeamEvent::Jamboree => {
            return Err("a jamboree is made by the team chess search, not as a team match".into());
        }
    };
    let note = first_rounds_of(&mut schedule, rounds, shape)?;
    Ok((schedule, note))
}

/// The refusal of a jamboree without a number of rounds, with the numbers it can have.
pub fn jamboree_needs_rounds(teams: usize, boards: usize) -> String {
    format!(
        "a team chess jamboree needs a number of rounds: with {teams} teams of {boards} boards, {}",
        match Size::possible_rounds(teams, boards).as_slice() {
            [] => "none is possible (choose a team round robin or, for 2 teams, a Scheveningen match)"
                .to_owned(),
            _ => format!("{} round(s)", describe_rounds(teams, boards)),
        }
    )
}

/// The rounds a jamboree of these teams and boards can have, in words ("1 to 5"), or "no".
fn describe_rounds(teams: usize, boards: usize) -> String {
    let rounds = Size::possible_rounds(teams, boards);
    if rounds.is_empty() {
        return "no".to_owned();
    }
    crate::words::describe_numbers(&rounds)
}

/// How a search's progress (`Progress::best_quality`) is said for this event while the
/// schedule is made: for a team chess jamboree the balance so far against the best possible
/// (`Size::describe_progress`), otherwise the solver's own measure.
pub fn progress_words(roster: &Roster, options: &EventOptions) -> Box<dyn Fn(f64) -> String + Send + Sync> {
    let jamboree = options.format == EventFormat::TeamChess && options.team_event == TeamEvent::Jamboree;
    let size = if roster.players.iter().any(|p| p.team.is_some()) {
        TeamNames::from_roster(roster)
            .ok()
            .map(|names| (names.teams.len(), names.players.first().map_or(0, Vec::len)))
    } else {
        options.teams.zip(options.boards)
    };
    match (jamboree, size, options.rounds) {
        (true, Some((teams, boards)), Some(rounds)) if teams > 0 && boards > 0 => {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            Box::new(move |best| size.describe_progress(best))
        }
        _ => Box::new(|best| format!("Best quality so far: {best:.3} (0 is perfect)")),
    }
}

/// The first `rounds` rounds of a whole schedule when the organiser asked for fewer, with the
/// sentence saying what is played (`shorten`).
/// Asked for more rounds than there are, the refusal offers all of them.
fn first_rounds_of(
    schedule: &mut Schedule,
    rounds: Option<usize>,
    shape: Shape,
) -> Result<Option<String>, NotGenerated> {
    let Some(rounds) = rounds else {
        return Ok(None);
    };
    let total = schedule.rounds.len();
    play_first_rounds(schedule, rounds, shape).map_err(|message| NotGenerated {
        message,
        fewer_rounds: Some(total).filter(|&total| rounds > total && total > 0),
    })
}

/// The movement for a club pairs evening: one pair a roster row, in roster order (a
/// Mitchell's N-S pairs first), stopped after `rounds` rounds when asked and fair (with the
/// sentence saying what is played), then arrow-switched in its last rounds when asked. A kind
/// that does not exist for the number of pairs is refused with the kinds that do.
fn club_movement(
    roster: &Roster,
    plan: &MovementPlan,
    boards_per_round: u32,
    rounds: Option<usize>,
) -> Result<(Movement, Option<String>), String> {
    let pairs = roster.players.len();
    let choice = MovementChoice {
        pairs,
        kind: plan.kind,
        boards_per_round: boards_per_round as usize,
        phantom: plan.phantom,
        arrow_switch: plan.arrow_switch && rounds.is_none(),
    };
    let choice = MovementChoice {
        phantom: choice
            .phantom
            .or_else(|| phantom_off_the_stationary_seat(roster, &choice)),
        ..choice
    };
    let movement = make_movement(&choice).map_err(|why| {
        let boards = boards_per_round as usize * pairs.div_ceil(2);
        match movements_for(pairs, boards) {
            Ok(options) if !options.is_empty() => {
                let kinds: Vec<&str> = options.iter().map(|o| o.kind.name()).collect();
                format!("{why} For {pairs} pairs choose: {}.", kinds.join(", "))
            }
            _ => why,
        }
    })?;
    let Some(rounds) = rounds else {
        return Ok((movement, None));
    };
    let (movement, note) = first_rounds(movement, rounds)?;
    if !plan.arrow_switch {
        return Ok((movement, note));
    }
    let switched = default_arrow_switch_rounds(movement.rounds.len());
    Ok((arrow_switch(movement, &switched)?, note))
}

/// With an odd number of pairs and pairs asking to stay at one table, a phantom that is not
/// itself on a stationary seat (a Howell's usual phantom, the highest pair, is the
/// stationary one): the highest pair number that leaves the most stationary seats. `None`
/// keeps the usual phantom (it leaves enough, or no other leaves more).
fn phantom_off_the_stationary_seat(roster: &Roster, choice: &MovementChoice) -> Option<usize> {
    let asking = roster.players.iter().filter(|p| p.stationary).count();
    if asking == 0 || choice.pairs.is_multiple_of(2) {
        return None;
    }
    let seats = |phantom: Option<usize>| {
        let choice = MovementChoice {
            phantom,
            ..choice.clone()
        };
        make_movement(&choice).map_or(0, |m| crate::movement::stationary_pairs(&m).len())
    };
    let usual = seats(None);
    if usual >= asking {
        return None;
    }
    // The phantom that leaves the most stationary seats (the highest such number); when
    // even that is too few, the refusal counts its seats.
    let (best, most) = (1..=choice.pairs + 1)
        .rev()
        .map(|phantom| (phantom, seats(Some(phantom))))
        .fold((None, usual), |(best, most), (phantom, n)| {
            if n > most {
                (Some(phantom), n)
            } else {
                (best, most)
            }
        });
    best.filter(|_| most > usual)
}

/// Puts the pairs that ask to stay at one table (a player who cannot move) on the movement's
/// stationary seats, in place of pairs that did not ask; says who sits where. Refused with
/// the numbers when there are not enough such seats.
fn seat_stationary_pairs(roster: &mut Roster, movement: &Movement) -> Result<Vec<String>, String> {
    let wants: Vec<bool> = roster.players.iter().map(|p| p.stationary).collect();
    if !wants.contains(&true) {
        return Ok(Vec::new());
    }
    let order = crate::movement::stationary_order(movement, &wants)?;
    let players = std::mem::take(&mut roster.players);
    roster.players = order.iter().filter_map(|&i| players.get(i).cloned()).collect();
    let pairs = crate::movement::present_pairs(movement);
    let seated: Vec<String> = roster
        .players
        .iter()
        .zip(&pairs)
        .filter(|(p, _)| p.stationary)
        .map(|(p, &pair)| format!("{} as pair {}", p.name, movement.label(pair)))
        .collect();
    Ok(vec![format!(
        "Staying at one table all evening, as asked: {}.",
        seated.join(", ")
    )])
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
    spec.options.rounds = Some(5);
    spec.options.hands_per_round = Some(2);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's progress line for a jamboree is in words, against the best possible.
    #[test]
    fn a_jamboree_search_reports_progress_in_words() {
        let mut options = EventOptions::new(EventFormat::TeamChess);
        options.teams = Some(11);
        options.boards = Some(10);
        options.rounds = Some(3);
        let words = progress_words(&Roster::default(), &options);
        let line = words(34.0 / 330.0);
        assert!(
            line.starts_with("Best so far: 34/330 off perfect balance") && line.contains("30/330"),
            "{line}"
        );
        assert!(words(30.0 / 330.0).contains("the best possible"));
        let whist = progress_words(&Roster::numbered(16), &EventOptions::new(EventFormat::WhistDrive));
        assert_eq!(whist(2.0), "Best quality so far: 2.000 (0 is perfect)");
    }

    /// An evening that cannot be made as asked offers a number of rounds that can (the window
    /// shows it as a button), and that offer is then made and verified; refusals with nothing
    /// to offer in rounds offer nothing.
    #[test]
    fn a_refusal_offers_the_rounds_that_can_be_played() {
        let made = |players: usize, options: &EventOptions| {
            let generated = generate_schedule(&Roster::numbered(players), options, &Control::unlimited())
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(verify(&generated.schedule).is_valid());
            generated.schedule.rounds.len()
        };
        // Whist, the whole cycle of 104 players (not known yet, docs/whist-rotations.md).
        let mut whist = EventOptions::new(EventFormat::WhistDrive);
        whist.rounds = None;
        let limited = Control::with_counted_time(std::time::Duration::from_secs(1));
        let why = generate_schedule(&Roster::numbered(104), &whist, &limited).unwrap_err();
        assert!(
            why.message
                .starts_with("Tourney has no complete rotation for 104 players yet"),
            "{why}"
        );
        let k = why.fewer_rounds.expect("the rounds found at once are offered");
        assert!(
            why.message.contains(&format!("{k} rounds were found at once")),
            "{why}"
        );
        whist.rounds = Some(k);
        assert_eq!(made(104, &whist), k);
        // Whist past the cycle of 13 players.
        whist.rounds = Some(14);
        let why = generate_schedule(&Roster::numbered(13), &whist, &limited).unwrap_err();
        assert_eq!(why.fewer_rounds, Some(13), "{why}");
        // A round robin of 8 asked for 9 rounds offers its 7; 0 rounds offers nothing.
        let mut chess = EventOptions::new(EventFormat::Chess);
        chess.rounds = Some(9);
        let why = generate_schedule(&Roster::numbered(8), &chess, &limited).unwrap_err();
        assert_eq!(why.fewer_rounds, Some(7), "{why}");
        chess.rounds = why.fewer_rounds;
        assert_eq!(made(8, &chess), 7);
        chess.rounds = Some(0);
        let why = generate_schedule(&Roster::numbered(8), &chess, &limited).unwrap_err();
        assert_eq!(why.fewer_rounds, None, "{why}");
        // Too few pairs for pairs bridge: no number of rounds helps.
        let pairs = EventOptions::new(EventFormat::BridgePairs);
        let why = generate_schedule(&Roster::numbered(3), &pairs, &limited).unwrap_err();
        assert_eq!(why.fewer_rounds, None, "{why}");
    }

    /// A jamboree without rounds, a Scheveningen of three teams: refused with what is possible.
    #[test]
    fn team_refusals_suggest_what_is_possible() {
        let mut options = EventOptions::new(EventFormat::TeamChess);
        options.teams = Some(6);
        options.boards = Some(4);
        let control = Control::unlimited();
        let why = generate_schedule(&Roster::default(), &options, &control)
            .unwrap_err()
            .message;
        assert_eq!(
            why,
            "a team chess jamboree needs a number of rounds: with 6 teams of 4 boards, 1 to 5 round(s)"
        );
        options.team_event = TeamEvent::Scheveningen;
        options.teams = Some(3);
        let why = generate_schedule(&Roster::default(), &options, &control)
            .unwrap_err()
            .message;
        assert!(
            why.contains("for 3 teams choose a team round robin")
                && why.contains("or a jamboree (1 round(s))"),
            "{why}"
        );
        options.team_event = TeamEvent::Jamboree;
        options.teams = Some(2);
        options.rounds = Some(3);
        let why = generate_schedule(&Roster::default(), &options, &control)
            .unwrap_err()
            .message;
        assert!(
            why.contains("possible instead:") && why.contains("a Scheveningen match"),
            "{why}"
        );
    }
}
