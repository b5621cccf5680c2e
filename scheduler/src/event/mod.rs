//! An event: its settings (title, club, date, how results are scored), roster and schedule,
//! and the results entered between rounds. `store` keeps it in one SQLite file; `standings`
//! turns results into ranked tables; `create` builds a new event with the generators.

pub mod carry_over;
pub mod carry_over_rule;
pub mod club_pairs;
pub mod create;
pub mod entry;
pub mod knockout;
pub mod lineup;
pub mod long_three_way;
pub mod room_page;
pub mod session;
pub mod shorten;
pub mod standings;
pub mod standings_table;
pub mod store;
pub mod swiss_pairs;
pub mod table_page;
pub mod tables;
pub mod team_rooms;
pub mod teams;
pub mod teams_night;
pub mod teams_ranking;
pub mod teams_results;
pub mod teams_scoring;
pub mod three_way;
pub mod usebio;
mod usebio_common;
pub mod usebio_matches;
pub mod whist_drive;
pub mod who_played;

use crate::deals::Card;
use crate::model::{Format, Roster, Schedule, Seat, Table};
use crate::scoring::bridge::{Contract, Direction, north_south_score};
use crate::scoring::chess::GameResult;
use crate::scoring::league::PointsRule;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// How results are entered and scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Scoring {
    /// Whist drive: tricks won by each partnership at each table and round; a player's total
    /// is the sum of their own side's tricks.
    WhistDrive {
        /// Hands played each round; when set, the two sides' tricks must add up to 13 × hands.
        hands_per_round: Option<u32>,
    },
    /// Duplicate bridge: every table plays the same boards in a round (boards relayed), each
    /// board scored by contract or raw N–S score, then matchpoints across the tables.
    Bridge {
        /// Boards each table plays in a round, 1 to `MAX_PER_ROUND`: round r plays boards
        /// (r − 1)·k + 1 … r·k, unless a movement gives each table its own set.
        boards_per_round: u32,
        /// Also rank by IMPs across the field.
        imps: Option<ImpMethod>,
        /// A club teams-of-four night (the movement's kind is `TeamsOfFour`): the tables'
        /// scores make team matches, each counted this way, instead of matchpoints.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        teams_of_four: Option<teams::TeamsScoring>,
        /// A Swiss pairs event (`swiss_pairs`): each round paired from the standings, each
        /// table a match scored against the datum, then victory points or IMPs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        swiss: Option<swiss_pairs::SwissPairs>,
    },
    /// Chess games: points, tie-breaks; for teams also match points and a league table.
    Chess {
        /// Points for a pairing-allocated bye (a round without an opponent).
        bye_points: f64,
        /// League points per team match won, drawn, lost.
        match_points: PointsRule,
    },
    /// Home and away scores (goals, points): a league table.
    Match {
        /// League points per match won, drawn, lost.
        points: PointsRule,
    },
    /// Bridge teams of four: every match of a round plays the round's boards at two tables,
    /// each board's IMPs, each match's IMPs turned into victory points (or kept as IMPs, or
    /// board-a-match); see [`teams`].
    Teams {
        /// Boards each match plays in a round, 1 to `MAX_PER_ROUND`: round r plays boards
        /// (r − 1)·k + 1 … r·k.
        boards_per_round: u32,
        /// How a match counts in the standings.
        scoring: teams::TeamsScoring,
        /// What a bye is worth.
        bye: teams::TeamsBye,
        /// A knockout match between two teams (its stanzas are the rounds, scored as IMPs),
        /// and the carry-over; `None` for a Swiss or a round robin.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        knockout: Option<knockout::Knockout>,
    },
}

/// How each board's scores are turned into IMPs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImpMethod {
    /// Each score against every other table's, averaged.
    Cross,
    /// Each score against the field's datum.
    Butler,
}

/// The most hands (whist) or boards (bridge) one round can have. A round is played in one
/// sitting: 52 hands at five to seven minutes each is already five hours, so a larger number
/// is a slip of the keyboard, and the bound keeps 13 tricks × hands and board numbers far from
/// any overflow.
pub const MAX_PER_ROUND: u32 = 52;
// A movement offers only what an event can hold.
const _: () = assert!(MAX_PER_ROUND as usize == crate::movement::MAX_BOARDS_PER_ROUND);

/// The largest N–S score a bridge board can have either way: 13 down, redoubled and vulnerable
/// (400 + 12 × 600). Making 7NT redoubled vulnerable scores only 2980.
pub const MAX_BRIDGE_SCORE: i32 = 7600;

/// The largest score one side can have in a pairs or teams match (goals, points, board points,
/// IMPs): more than any game's single match gives, small enough that league totals stay exact.
pub const MAX_MATCH_SCORE: f64 = 9999.0;

/// Checks one side's score of a pairs or teams match: a number from 0 to [`MAX_MATCH_SCORE`].
pub fn check_match_score(home: f64, away: f64) -> Result<(), String> {
    let fits = |v: f64| v.is_finite() && (0.0..=MAX_MATCH_SCORE).contains(&v);
    if fits(home) && fits(away) {
        return Ok(());
    }
    let show = |v: f64| {
        if v.is_finite() {
            crate::scoring::chess::format_points(v)
        } else {
            v.to_string()
        }
    };
    Err(format!(
        "score {}-{}: each side's score is a number from 0 to {MAX_MATCH_SCORE}",
        show(home),
        show(away)
    ))
}

/// Checks one side's whist tricks on their own: at most 13 a hand, for the hands a round has
/// (or the most a round can have when that is not set).
pub fn check_side_tricks(side: &str, taken: u32, hands_per_round: Option<u32>) -> Result<(), String> {
    let most = 13 * u64::from(hands_per_round.unwrap_or(MAX_PER_ROUND));
    if u64::from(taken) <= most {
        return Ok(());
    }
    let of = match hands_per_round {
        Some(1) => "1 hand".to_owned(),
        Some(h) => format!("{h} hands"),
        None => format!("the most a round has ({MAX_PER_ROUND} hands)"),
    };
    Err(format!(
        "{side} tricks {taken}: a whist table takes 0–13 tricks per hand, 0–{most} for {of}"
    ))
}

/// Checks an N–S bridge score as written on a traveller: a multiple of 10 within
/// ±[`MAX_BRIDGE_SCORE`]. Takes a wide number so any typed value can be judged.
pub fn check_bridge_score(score: i64) -> Result<i32, String> {
    if score.unsigned_abs() > MAX_BRIDGE_SCORE as u64 {
        return Err(format!(
            "N-S score {score}: a bridge board scores from -{MAX_BRIDGE_SCORE} to {MAX_BRIDGE_SCORE}"
        ));
    }
    if score % 10 != 0 {
        return Err(format!("N-S score {score}: bridge scores are multiples of 10"));
    }
    Ok(score as i32)
}

impl Scoring {
    /// Checks the scoring settings: hands and boards per round from 1 to [`MAX_PER_ROUND`], bye
    /// points from 0 to 1. Used when an event is made and when its file is opened.
    pub fn check(&self) -> Result<(), String> {
        match self {
            Scoring::WhistDrive {
                hands_per_round: Some(h),
            } if !(1..=MAX_PER_ROUND).contains(h) => Err(format!(
                "{h} hands per round: a round has 1 to {MAX_PER_ROUND} hands of 13 tricks"
            )),
            Scoring::Bridge { boards_per_round, .. } if !(1..=MAX_PER_ROUND).contains(boards_per_round) => {
                Err(format!(
                    "{boards_per_round} boards per round: a round has 1 to {MAX_PER_ROUND} boards"
                ))
            }
            Scoring::Bridge {
                teams_of_four: Some(_),
                swiss: Some(_),
                ..
            } => Err("a teams-of-four night is not a Swiss pairs event: choose one".to_owned()),
            Scoring::Bridge {
                boards_per_round,
                swiss: Some(swiss),
                ..
            } => swiss.check(*boards_per_round),
            Scoring::Bridge {
                teams_of_four: Some(scoring),
                boards_per_round,
                ..
            } => scoring.check_teams(*boards_per_round),
            Scoring::Teams { boards_per_round, .. } if !(1..=MAX_PER_ROUND).contains(boards_per_round) => {
                Err(format!(
                    "{boards_per_round} boards per round: a match has 1 to {MAX_PER_ROUND} boards"
                ))
            }
            Scoring::Teams {
                knockout: Some(knockout),
                ..
            } if let Err(why) = knockout.check(2) => Err(why),
            Scoring::Teams {
                knockout: Some(_),
                scoring,
                ..
            } if *scoring != teams::TeamsScoring::Imps => Err(format!(
                "a knockout is won on total IMPs: its scoring is \"{}\", not \"{}\"",
                teams::TeamsScoring::Imps.name(),
                scoring.name()
            )),
            Scoring::Teams {
                boards_per_round,
                scoring,
                bye,
                ..
            } => scoring
                .check_teams(*boards_per_round)
                .and_then(|()| bye.check(*scoring, *boards_per_round)),
            Scoring::Chess { bye_points, .. } if !(0.0..=1.0).contains(bye_points) => Err(format!(
                "{bye_points} points for a bye: a bye scores from 0 to 1 point (a game's worth)"
            )),
            _ => Ok(()),
        }
    }

    /// Whether the scoring fits the schedule: a teams-of-four night's scoring goes with a
    /// teams-of-four movement, and that movement with no other scoring. Checked when an event
    /// is made and when its file is read.
    pub fn fits(&self, schedule: &crate::model::Schedule) -> Result<(), String> {
        let teams_movement = schedule
            .movement
            .as_ref()
            .is_some_and(|m| m.kind == crate::model::movement::MovementKind::TeamsOfFour);
        let teams_scoring = matches!(
            self,
            Scoring::Bridge {
                teams_of_four: Some(_),
                ..
            }
        );
        if matches!(self, Scoring::Bridge { swiss: Some(_), .. }) && schedule.movement.is_some() {
            return Err(
                "a Swiss pairs event pairs each round from the standings; it has no club movement".into(),
            );
        }
        match (teams_movement, teams_scoring) {
            (true, false) => Err(format!(
                "the schedule is a teams-of-four movement but the scoring is {}",
                self.label()
            )),
            (false, true) => Err(
                "the scoring is a teams-of-four night's, but the schedule has no teams-of-four movement"
                    .into(),
            ),
            _ => Ok(()),
        }
    }

    /// The scoring's name as the event shows it ("duplicate bridge (matchpoints)").
    pub fn label(&self) -> &'static str {
        match self {
            Scoring::WhistDrive { .. } => "whist drive (tricks)",
            Scoring::Bridge {
                teams_of_four: Some(_),
                ..
            } => "teams of four (IMPs)",
            Scoring::Bridge {
                swiss:
                    Some(swiss_pairs::SwissPairs {
                        scoring: teams::TeamsScoring::Matchpoints,
                        ..
                    }),
                ..
            } => "Swiss pairs (matchpoints across the field)",
            Scoring::Bridge { swiss: Some(_), .. } => "Swiss pairs (IMPs against the datum)",
            Scoring::Bridge { .. } => "duplicate bridge (matchpoints)",
            Scoring::Chess { .. } => "chess",
            Scoring::Match { .. } => "match scores (league table)",
            Scoring::Teams { .. } => "teams of four (IMPs)",
        }
    }

    /// What a result for one table looks like, for messages and help.
    pub fn entry_hint(&self) -> &'static str {
        match self {
            Scoring::WhistDrive { .. } => "the tricks of each side, e.g. --ns 14 --ew 12",
            Scoring::Bridge { .. } => {
                "per board: --deal D and --contract 4S --by N --tricks 10 (or --tricks =, +1, -2), --score 620 (N-S), or --passed"
            }
            Scoring::Chess { .. } => {
                "the game result, e.g. --result 1-0 (½-½, 0-1, +- and -+ for forfeits, -/- neither played)"
            }
            Scoring::Match { .. } => "the score, home first, e.g. --score 3-1",
            Scoring::Teams { .. } => {
                "per board of a match (--table is the match): --board B and --score T1,T2 (the N-S score at table 1, where the home team sits N-S, then at table 2, e.g. 420,-170) or --net N (the home team's net score)"
            }
        }
    }
}

/// Title, club, date and scoring: what the organiser chose when creating the event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventSettings {
    /// The event's name: heads every sheet, export and standings table.
    pub title: String,
    /// The organising club, printed with the title; `None` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// The club's number with its national body (the EBU's club ID, the ACBL's club
    /// number), written in the USEBIO export as `CLUB_ID_NUMBER` so the results are credited
    /// to the club; `None` when not given (and in files from before it was asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_id: Option<String>,
    /// ISO date (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The format as the organiser named it ("whist drive", "team chess"…).
    pub format_label: String,
    /// How results are entered and scored.
    pub scoring: Scoring,
    /// The options the schedule was made with, so it can be made again after roster edits
    /// (absent in files from before roster editing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<create::EventOptions>,
    /// Bridge: the hand records attached to the boards (board number → the PBN `Deal` value,
    /// "N:AKQ.… …"), from a dealing machine's PBN file or `tourney deals`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deals: BTreeMap<u32, String>,
    /// Bridge: the double-dummy tables of attached deals (board number → the table as PBN's
    /// `DoubleDummyTricks` writes it, 20 hex digits), from `tourney event deals --analyse`,
    /// the window's "Analyse deals" or a PBN file that carried them. A board's table goes
    /// when its deal is replaced; the par is worked out from it (with the board's dealer and
    /// vulnerability) when read, not stored. Absent in files from before it was kept.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deal_tables: BTreeMap<u32, String>,
    /// A teams event: who played for a team in a round, where the director recorded it
    /// ([`who_played`]), in the order recorded. Absent in files from before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line_ups: Vec<who_played::TeamLineUp>,
}

/// Everything about an event except its results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Title, club, date and scoring.
    pub settings: EventSettings,
    /// The players as they are now, with any edits made since the schedule.
    pub roster: Roster,
    /// The rounds to play, made for `generated_for` (renames carried over).
    pub schedule: Schedule,
    /// The roster as it was when the schedule was made. When players are added, removed or
    /// their couples, stationary seat, team or board change, the schedule no longer fits and
    /// must be made again (renames carry over into the schedule).
    pub generated_for: Roster,
}

/// Which result: a table in a round, and for bridge the board (deal) number; 0 otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ResultKey {
    /// Round number, from 1.
    pub round: u32,
    /// Table number in that round, from 1, as in the schedule.
    pub table: u32,
    /// Bridge: the board number, from 1. 0 for the other scorings, which have one result per
    /// table.
    pub deal: u32,
}

impl fmt::Display for ResultKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {} table {}", self.round, self.table)?;
        if self.deal > 0 {
            write!(f, " board {}", self.deal)?;
        }
        Ok(())
    }
}

/// One board at one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "kebab-case")]
pub enum BridgeResult {
    /// A contract played: what was bid, by whom, the tricks taken and, when the traveller
    /// says it, the opening lead.
    Contract {
        /// The final contract: level, strain and any double.
        contract: Contract,
        /// The seat that played the hand.
        declarer: Direction,
        /// Tricks the declarer took, 0–13.
        tricks: u8,
        /// The opening lead, when it was written down ("HQ": the queen of hearts). Stored as
        /// its two letters; absent from results entered before leads were kept, which read as
        /// no lead.
        #[serde(default, skip_serializing_if = "Option::is_none", with = "lead_card")]
        lead: Option<Card>,
    },
    /// All four players passed: 0 to both sides.
    PassedOut,
    /// The N–S score as written on a traveller (negative when E–W score).
    NorthSouthScore {
        /// Positive when N–S scored: a multiple of 10 within ±`MAX_BRIDGE_SCORE`.
        score: i32,
    },
    /// The director's artificial score (Law 12C): each side gets average plus, average or
    /// average minus (60 / 50 / 40 % of the board). Club pairs events only.
    Artificial {
        /// N–S's artificial score.
        ns: Artificial,
        /// E–W's, given separately from N–S's.
        ew: Artificial,
    },
    /// The board was not played at this table (no time, or a pair left): no score, and the
    /// board's other results are factored (Neuberg). Club pairs events only.
    NotPlayed,
}

/// An artificial score for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Artificial {
    /// 60 %.
    AveragePlus,
    /// 50 %.
    Average,
    /// 40 %.
    AverageMinus,
}

impl Artificial {
    /// As written on a traveller: AVE+, AVE, AVE-.
    pub fn label(self) -> &'static str {
        match self {
            Artificial::AveragePlus => "AVE+",
            Artificial::Average => "AVE",
            Artificial::AverageMinus => "AVE-",
        }
    }

    /// The share of the board's matchpoints: 0.6, 0.5, 0.4.
    pub fn fraction(self) -> f64 {
        match self {
            Artificial::AveragePlus => 0.6,
            Artificial::Average => 0.5,
            Artificial::AverageMinus => 0.4,
        }
    }
}

/// The opening lead in the event file: the card's two letters, suit then rank ("HQ", "ST"),
/// as PBN and USEBIO write a card.
mod lead_card {
    use crate::deals::Card;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(lead: &Option<Card>, out: S) -> Result<S::Ok, S::Error> {
        match lead {
            Some(card) => out.serialize_str(&card.to_string()),
            None => out.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Card>, D::Error> {
        let Some(text) = Option::<String>::deserialize(input)? else {
            return Ok(None);
        };
        crate::scoring::bridge::parse_card(&text)
            .map(Some)
            .map_err(serde::de::Error::custom)
    }
}

impl BridgeResult {
    /// A contract played, with no lead recorded.
    pub fn contract(contract: Contract, declarer: Direction, tricks: u8) -> BridgeResult {
        BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead: None,
        }
    }

    /// The opening lead, when one was entered with the contract.
    pub fn lead(self) -> Option<Card> {
        match self {
            BridgeResult::Contract { lead, .. } => lead,
            _ => None,
        }
    }

    /// The result as it is typed back into a form's one field: "4S N 10 HQ", "pass", "620",
    /// "AVE+/AVE-", "not played" (`entry::parse_board` reads every one of them back).
    pub fn typed(self) -> String {
        match self {
            BridgeResult::Contract {
                contract,
                declarer,
                tricks,
                lead,
            } => match lead {
                Some(card) => format!("{contract} {declarer} {tricks} {card}"),
                None => format!("{contract} {declarer} {tricks}"),
            },
            BridgeResult::PassedOut => "pass".into(),
            BridgeResult::NorthSouthScore { score } => score.to_string(),
            BridgeResult::Artificial { ns, ew } => format!("{}/{}", ns.label(), ew.label()),
            BridgeResult::NotPlayed => "not played".into(),
        }
    }

    /// The N–S score of a board that was played; `None` for an artificial score or a board
    /// not played (they take no part in the comparison).
    pub fn north_south_score(self, board: u32) -> Option<i32> {
        match self {
            BridgeResult::Contract {
                contract,
                declarer,
                tricks,
                ..
            } => Some(north_south_score(board, contract, declarer, tricks)),
            BridgeResult::PassedOut => Some(0),
            BridgeResult::NorthSouthScore { score } => Some(score),
            BridgeResult::Artificial { .. } | BridgeResult::NotPlayed => None,
        }
    }
}

/// The tricks against the contract as a traveller writes them: "=", "+1", "-2".
pub fn made_text(contract: Contract, tricks: u8) -> String {
    let diff = tricks as i32 - (contract.level as i32 + 6);
    match diff.cmp(&0) {
        std::cmp::Ordering::Equal => "=".to_owned(),
        std::cmp::Ordering::Greater => format!("+{diff}"),
        std::cmp::Ordering::Less => format!("{diff}"),
    }
}

/// One entered result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ResultValue {
    /// Whist drive: the tricks each partnership took at the table over the round's hands.
    Tricks {
        /// Tricks N–S took over the round's hands, at most 13 a hand.
        ns: u32,
        /// Tricks E–W took over the round's hands, at most 13 a hand.
        ew: u32,
    },
    /// Duplicate bridge: one board at one table (the key's `deal` says which).
    Bridge {
        /// How the board went: a contract, passed out, a score or an artificial score.
        board: BridgeResult,
    },
    /// Chess: one game, White's result first.
    Game {
        /// As written on the score sheet ("1-0", "½-½", forfeits).
        result: GameResult,
    },
    /// Bridge teams: one board of a match (the key's `table` is the match, `deal` the board).
    Teams {
        /// Both tables' N-S scores, or the home team's net score.
        board: teams::TeamBoard,
    },
    /// A pairs or teams match: each side's score (goals, points), 0 to `MAX_MATCH_SCORE`.
    Score {
        /// The score of the side seated first (home).
        home: f64,
        /// The score of the side seated second (away).
        away: f64,
    },
}

impl fmt::Display for ResultValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultValue::Tricks { ns, ew } => write!(f, "N-S {ns} tricks, E-W {ew}"),
            ResultValue::Bridge { board } => match board {
                BridgeResult::Contract {
                    contract,
                    declarer,
                    tricks,
                    lead,
                } => {
                    write!(f, "{contract} by {declarer} {}", made_text(*contract, *tricks))?;
                    match lead {
                        Some(card) => write!(f, ", lead {card}"),
                        None => Ok(()),
                    }
                }
                BridgeResult::PassedOut => f.write_str("passed out"),
                BridgeResult::NorthSouthScore { score } => write!(f, "N-S score {score}"),
                BridgeResult::Artificial { ns, ew } => {
                    write!(f, "N-S {}, E-W {}", ns.label(), ew.label())
                }
                BridgeResult::NotPlayed => f.write_str("not played"),
            },
            ResultValue::Game { result } => f.write_str(result.label()),
            ResultValue::Teams { board } => write!(f, "{board}"),
            ResultValue::Score { home, away } => write!(
                f,
                "{}-{}",
                crate::scoring::chess::format_points(*home),
                crate::scoring::chess::format_points(*away)
            ),
        }
    }
}

/// All results of an event, in key order.
pub type Results = BTreeMap<ResultKey, ResultValue>;

/// The two sides of a table: N–S (or home, or White) and E–W (away, Black, and a three-way
/// match's third team), as entrant indices.
pub fn sides(table: &Table) -> (Vec<usize>, Vec<usize>) {
    let mut first = Vec::new();
    let mut second = Vec::new();
    for seat in &table.seats {
        match seat.seat {
            Seat::N | Seat::S | Seat::Home | Seat::White => first.push(seat.entrant),
            Seat::E | Seat::W | Seat::Away | Seat::Black | Seat::Third | Seat::LongThird => {
                second.push(seat.entrant)
            }
        }
    }
    (first, second)
}

impl Event {
    /// What changed in the roster since the schedule was made, one sentence each; empty when
    /// the schedule still fits the roster.
    pub fn roster_changes(&self) -> Vec<String> {
        self.generated_for.changes_affecting_schedule(&self.roster)
    }

    /// Board numbers played in a round: every table plays the same set, round r playing boards
    /// (r − 1)·k + 1 … r·k.
    pub fn deals_of_round(&self, round: u32) -> std::ops::RangeInclusive<u32> {
        match self.settings.scoring {
            // A knockout's tie-break stanzas have boards of their own number.
            Scoring::Teams {
                boards_per_round,
                knockout: Some(ref knockout),
                ..
            } => knockout.boards_of_round(round, boards_per_round),
            Scoring::Bridge { boards_per_round, .. } | Scoring::Teams { boards_per_round, .. } => {
                let k = boards_per_round.clamp(1, MAX_PER_ROUND);
                round.saturating_sub(1).saturating_mul(k).saturating_add(1)..=round.max(1).saturating_mul(k)
            }
            _ => 0..=0,
        }
    }

    /// How many rounds the event has: the schedule's, or for a Swiss (teams or pairs), which
    /// grows round by round, the rounds planned when more than are paired so far.
    pub fn rounds_planned(&self) -> u32 {
        let paired = self.schedule.rounds.len();
        let planned = match self.settings.options.as_ref() {
            Some(options) if options.swiss => options.rounds.unwrap_or(0),
            _ => 0,
        };
        u32::try_from(paired.max(planned)).unwrap_or(u32::MAX)
    }

    /// How many boards the evening has (bridge): the movement's sets × boards per round, or
    /// rounds × boards per round when every table plays the same boards; 0 otherwise.
    pub fn boards_played(&self) -> u32 {
        match (&self.schedule.movement, &self.settings.scoring) {
            (Some(m), _) => u32::try_from(m.sets * m.boards_per_round).unwrap_or(u32::MAX),
            // A Swiss pairs event grows round by round: the boards of every round planned.
            (None, Scoring::Bridge { swiss: Some(_), .. }) => {
                *self.deals_of_round(self.rounds_planned()).end()
            }
            (None, Scoring::Bridge { .. }) => self
                .schedule
                .rounds
                .iter()
                .map(|r| *self.deals_of_round(r.number).end())
                .max()
                .unwrap_or(0),
            // A Swiss grows round by round: its boards are those of every round planned, and
            // the supplementary boards of its three-way matches.
            (None, Scoring::Teams { .. }) => {
                let rounds = self.rounds_planned();
                let extra = self
                    .schedule
                    .rounds
                    .iter()
                    .filter(|r| r.tables.iter().any(|t| three_way::three_teams(t).is_some()))
                    .filter_map(|r| {
                        three_way::half_match_deals(self, r.number).ok()?[2]
                            .last()
                            .copied()
                    })
                    .max()
                    .unwrap_or(0);
                let long = long_three_way::long_three_ways(&self.schedule)
                    .iter()
                    .filter_map(|l| {
                        long_three_way::long_sets(self, l.first_round).ok()?[2]
                            .last()
                            .copied()
                    })
                    .max()
                    .unwrap_or(0);
                (*self.deals_of_round(rounds).end()).max(extra).max(long)
            }
            _ => 0,
        }
    }

    /// The hand records attached to the boards, as boards with the standard dealer and
    /// vulnerability (a stored deal that no longer reads is left out), each with its
    /// analysis (table and par) when its table is kept.
    pub fn hand_records(&self) -> Vec<crate::deals::Board> {
        self.settings
            .deals
            .iter()
            .filter_map(|(&number, text)| {
                let deal = crate::deals::deal_from_pbn(text).ok()?;
                let mut board = crate::deals::Board::standard(number, deal);
                board.analysis = self.analysis_of(&board);
                Some(board)
            })
            .collect()
    }

    /// The kept analysis of `board` (one of `hand_records`): its stored table (a table that
    /// no longer reads is treated as none) and the par for its dealer and vulnerability.
    fn analysis_of(&self, board: &crate::deals::Board) -> Option<crate::deals::Analysis> {
        let text = self.settings.deal_tables.get(&board.number)?;
        let table = crate::deals::pbn_analysis::table_from_double_dummy_tricks(text).ok()?;
        Some(crate::deals::Analysis {
            table,
            par: crate::scoring::par::par(&table, board.dealer, board.vulnerability),
        })
    }

    /// Board numbers played at one table in a round: the board set the movement gives that
    /// table in a club pairs event, else every table's boards of the round. An empty range
    /// (1..=0) when the movement has no such table.
    pub fn deals_at(&self, round: u32, table: u32) -> std::ops::RangeInclusive<u32> {
        let Some(movement) = &self.schedule.movement else {
            return self.deals_of_round(round);
        };
        let set = movement
            .rounds
            .iter()
            .find(|r| r.number as u32 == round)
            .and_then(|r| r.tables.iter().find(|t| t.table as u32 == table))
            .map(|t| t.set);
        match set {
            Some(set) => {
                let boards = movement.boards_of_set(set);
                let clip = |b: usize| u32::try_from(b).unwrap_or(u32::MAX);
                clip(*boards.start())..=clip(*boards.end())
            }
            // No such table: no boards (an empty range).
            None => std::ops::RangeInclusive::new(1, 0),
        }
    }

    /// Every board played at `table` in `round`, in order: [`Event::deals_at`], except that a
    /// Swiss's three-way match plays three sets (`three_way`), not one run of boards.
    pub fn boards_at(&self, round: u32, table: u32) -> Vec<u32> {
        if let Scoring::Teams { .. } = self.settings.scoring
            && let Some(seated) = self.schedule.table(round, table)
            && (three_way::three_teams(seated).is_some()
                || long_three_way::long_three_teams(seated).is_some())
        {
            return teams::deals_at_table(self, round, seated);
        }
        self.deals_at(round, table).collect()
    }

    /// How many results a round needs, and how many of `results` belong to it.
    pub fn round_progress(&self, results: &Results, round: u32) -> (usize, usize) {
        let Some(r) = self.schedule.round(round) else {
            return (0, 0);
        };
        let expected = r
            .tables
            .iter()
            .map(|t| self.boards_at(round, t.number).len())
            .sum();
        let entered = results.range(
            ResultKey {
                round,
                table: 0,
                deal: 0,
            }..=ResultKey {
                round,
                table: u32::MAX,
                deal: u32::MAX,
            },
        );
        (entered.count(), expected)
    }

    /// Checks that a result fits this event: the round, table and board exist and the value is
    /// the kind this event scores, within its limits. The message names what is wrong.
    pub fn check_result(&self, key: ResultKey, value: &ResultValue) -> Result<(), String> {
        let rounds = &self.schedule.rounds;
        let Some(round) = self.schedule.round(key.round) else {
            return Err(format!(
                "there is no round {} (the schedule has rounds {})",
                key.round,
                describe_range(rounds.iter().map(|r| r.number))
            ));
        };
        let Some(table) = round.tables.iter().find(|t| t.number == key.table) else {
            return Err(format!(
                "round {} has no table {} (its tables are {})",
                key.round,
                key.table,
                describe_range(round.tables.iter().map(|t| t.number))
            ));
        };
        let scoring = &self.settings.scoring;
        match (scoring, value) {
            (Scoring::WhistDrive { hands_per_round }, ResultValue::Tricks { ns, ew }) => {
                if self.schedule.format != Format::Whist {
                    return Err("tricks are entered for whist tables only".into());
                }
                // Each side on its own first, in a wide type: no sum can wrap.
                check_side_tricks("N-S", *ns, *hands_per_round)?;
                check_side_tricks("E-W", *ew, *hands_per_round)?;
                let total = u64::from(*ns) + u64::from(*ew);
                match hands_per_round {
                    Some(h) if total != 13 * u64::from(*h) => {
                        return Err(format!(
                            "N-S {ns} + E-W {ew} = {total} tricks, but {h} hand(s) a round make {}",
                            13 * u64::from(*h)
                        ));
                    }
                    None if total == 0 || total % 13 != 0 => {
                        return Err(format!(
                            "N-S {ns} + E-W {ew} = {total} tricks, which is not a whole number of hands (13 tricks each)"
                        ));
                    }
                    _ => {}
                }
                expect_no_deal(key)
            }
            (Scoring::Bridge { .. }, ResultValue::Bridge { board }) => {
                let deals = self.deals_at(key.round, key.table);
                if !deals.contains(&key.deal) {
                    let whose = if self.schedule.movement.is_some() {
                        format!("round {} table {}", key.round, key.table)
                    } else {
                        format!("round {}", key.round)
                    };
                    return Err(format!(
                        "{whose} plays boards {}–{}, not board {}",
                        deals.start(),
                        deals.end(),
                        key.deal
                    ));
                }
                if matches!(board, BridgeResult::Artificial { .. } | BridgeResult::NotPlayed)
                    && self.schedule.movement.is_none()
                {
                    return Err(
                        "artificial scores (AVE+, AVE, AVE-) and not-played boards are for club pairs events, where boards move; here every table plays the board, so enter its score"
                            .into(),
                    );
                }
                if sides(table).0.is_empty() || sides(table).1.is_empty() {
                    return Err(format!("table {} has no two sides to score", key.table));
                }
                check_bridge_board(board)
            }
            (Scoring::Chess { .. }, ResultValue::Game { .. }) => {
                let (white, black) = sides(table);
                if white.len() != 1 || black.len() != 1 {
                    return Err(format!("table {} is not a single game", key.table));
                }
                expect_no_deal(key)
            }
            (Scoring::Teams { .. }, ResultValue::Teams { board }) => {
                if let Some(why) = long_three_way::entry_refusal(self, key.round, key.table) {
                    return Err(why);
                }
                let plans = teams::plans_at(self, key.round, table);
                if plans.is_empty() {
                    return Err(format!("match {} has no two teams to score", key.table));
                }
                if !plans.iter().any(|p| p.deals.contains(&key.deal)) {
                    let sets: Vec<String> = plans.iter().map(|p| three_way::deals_text(&p.deals)).collect();
                    return Err(format!(
                        "match {} of round {} plays boards {}, not board {}",
                        key.table,
                        key.round,
                        sets.join(" and "),
                        key.deal
                    ));
                }
                board.entry().net().map(|_| ())
            }
            (Scoring::Match { .. }, ResultValue::Score { home, away }) => {
                check_match_score(*home, *away)?;
                expect_no_deal(key)
            }
            (scoring, _) => Err(format!(
                "this event is scored as {}: enter {}",
                scoring.label(),
                scoring.entry_hint()
            )),
        }
    }
}

/// Checks one table's result on a board: tricks 0 to 13, a level 1 to 7, a N-S score a
/// bridge score can be.
pub fn check_bridge_board(board: &BridgeResult) -> Result<(), String> {
    match board {
        BridgeResult::Contract { tricks, .. } if *tricks > 13 => {
            Err(format!("{tricks} tricks: a declarer takes 0 to 13 tricks"))
        }
        BridgeResult::Contract { contract, .. } if !(1..=7).contains(&contract.level) => Err(format!(
            "contract level {}: contracts are from 1 to 7",
            contract.level
        )),
        BridgeResult::NorthSouthScore { score } => check_bridge_score(i64::from(*score)).map(|_| ()),
        _ => Ok(()),
    }
}

fn expect_no_deal(key: ResultKey) -> Result<(), String> {
    if key.deal != 0 {
        return Err("board numbers are only entered for duplicate bridge".into());
    }
    Ok(())
}

/// "1–7" for a contiguous run, else the numbers listed.
fn describe_range(numbers: impl Iterator<Item = u32>) -> String {
    let numbers: Vec<u32> = numbers.collect();
    match (numbers.first(), numbers.last()) {
        (None, _) | (_, None) => "none".into(),
        (Some(a), Some(b)) if (*b as usize).saturating_sub(*a as usize) + 1 == numbers.len() => {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        }
        _ => numbers.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
    }
}
