//! A knockout match of bridge teams: two teams play several stanzas (the event's rounds,
//! each the same match with the seats exchanged, as seating rights alternate), and the team
//! with more IMPs over all the boards goes through, counting any carry-over it started with
//! (IMPs brought from the teams' earlier meeting, often a fraction so that a tie cannot
//! happen). The score sheet is a standings table: each team's carry-over, its IMPs stanza
//! by stanza (a stanza still being entered shows how many boards are in) and its total,
//! with a sentence saying who leads or has won. A tie after every board is said so with the
//! EBU's rule for knockout ties (White Book §143.2: one more stanza of an eighth of the
//! match's boards, rounded up, at least two, without seating rights; again while tied), and
//! the director adds that stanza ([`add_tie_break`]: `tourney event tie-break`, the window's
//! Standings) once every board is in and the teams are level.

use super::carry_over_rule::{CarryOverOrigin, typed_tenths};
pub use super::carry_over_rule::{MOST_CARRY_OVER_TENTHS, tenths_text};
use super::standings_table::StandingsTable;
use super::teams::match_card;
use super::{Event, Results};
use crate::model::{Format, Promise, Round, Schedule, Seat, SeatAssignment, Table};
use serde::{Deserialize, Serialize};

/// The most stanzas a knockout may have (a long final plays six to eight).
pub const MOST_STANZAS: u32 = 16;

/// A knockout's shape: its stanzas and the carry-over, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knockout {
    /// Stanzas (rounds) the match is played in, 1 to `MOST_STANZAS`.
    pub stanzas: u32,
    /// IMPs one team starts with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carry_over: Option<CarryOver>,
    /// Tie-break stanzas added after the match ended level, each of
    /// [`Knockout::tie_break_boards`] boards; rounds `stanzas + 1 …` of the schedule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tie_breaks: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most tie-break stanzas one match may add (each is a few boards; eight level ones in a
/// row would be a slip, not bridge).
pub const MOST_TIE_BREAKS: u32 = 8;

/// IMPs a team starts the match with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarryOver {
    /// The team (0 or 1, the roster's order).
    pub team: usize,
    /// The IMPs, in tenths (35 is 3.5 IMPs).
    pub tenths: u32,
    /// Where it came from, when it was worked out from the teams' earlier match
    /// ([`super::carry_over`]); `None` when the director typed it (and in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<CarryOverOrigin>,
}

impl CarryOver {
    /// Reads IMPs as typed ("3.5", "4", "12.3"): at most one decimal, 0.1 to 99.9.
    pub fn parse_imps(text: &str) -> Result<u32, String> {
        let text = text.trim();
        let Some(tenths) = typed_tenths(text) else {
            return Err(format!(
                "\"{text}\" is not a carry-over: give IMPs with at most one decimal, e.g. 3.5"
            ));
        };
        let tenths = Some(tenths).filter(|t| (1..=MOST_CARRY_OVER_TENTHS).contains(t));
        tenths.ok_or_else(|| {
            format!(
                "a carry-over of {text} IMPs: it is from 0.1 to {} IMPs",
                tenths_text(i64::from(MOST_CARRY_OVER_TENTHS))
            )
        })
    }
}

impl Knockout {
    /// The IMPs team `team` (0 or 1) carries over, in tenths (0 for the other team, or none).
    pub fn carried(&self, team: usize) -> i64 {
        self.carry_over
            .as_ref()
            .filter(|c| c.team == team)
            .map_or(0, |c| i64::from(c.tenths))
    }

    /// A knockout of `stanzas` stanzas with `carry_over`, no tie-break yet.
    pub fn new(stanzas: u32, carry_over: Option<CarryOver>) -> Knockout {
        Knockout {
            stanzas,
            carry_over,
            tie_breaks: 0,
        }
    }

    /// The rounds of the schedule: the stanzas, then any tie-break stanzas.
    pub fn rounds(&self) -> u32 {
        self.stanzas.saturating_add(self.tie_breaks)
    }

    /// The boards of round `round` (1-based): a stanza's `boards_per_stanza`, numbered on
    /// from the stanzas before, then each tie-break stanza's [`Knockout::tie_break_boards`].
    pub fn boards_of_round(&self, round: u32, boards_per_stanza: u32) -> std::ops::RangeInclusive<u32> {
        let k = boards_per_stanza.max(1);
        if round <= self.stanzas {
            let first = round.saturating_sub(1).saturating_mul(k).saturating_add(1);
            return first..=round.max(1).saturating_mul(k);
        }
        let t = self.tie_break_boards(k);
        let first = self
            .stanzas
            .saturating_mul(k)
            .saturating_add((round - self.stanzas - 1).saturating_mul(t))
            .saturating_add(1);
        first..=first.saturating_add(t - 1)
    }

    /// Whether the knockout can be played by `teams` teams.
    pub fn check(&self, teams: usize) -> Result<(), String> {
        if teams != 2 {
            return Err(format!(
                "{teams} team(s): a knockout match is between two teams (run a round robin or a Swiss for more)"
            ));
        }
        if !(1..=MOST_STANZAS).contains(&self.stanzas) {
            return Err(format!(
                "{} stanzas: a knockout match has 1 to {MOST_STANZAS}",
                self.stanzas
            ));
        }
        if self.tie_breaks > MOST_TIE_BREAKS {
            return Err(format!(
                "{} tie-break stanzas: a match has at most {MOST_TIE_BREAKS}",
                self.tie_breaks
            ));
        }
        if let Some(carry) = &self.carry_over
            && (carry.team >= teams || !(1..=MOST_CARRY_OVER_TENTHS).contains(&carry.tenths))
        {
            return Err(
                "the carry-over names a team that is not in the match, or is out of range".to_owned(),
            );
        }
        if let Some(carry) = &self.carry_over
            && let Some(from) = &carry.from
            && (!from.is_valid() || from.carry_over() != Some((carry.team, carry.tenths)))
        {
            return Err(
                "the carry-over does not follow from the earlier match it says it was worked out from"
                    .to_owned(),
            );
        }
        Ok(())
    }

    /// The boards of one tie-break stanza by the EBU's rule: an eighth of the match's boards,
    /// rounded up, at least two.
    pub fn tie_break_boards(&self, boards_per_stanza: u32) -> u32 {
        (self.stanzas * boards_per_stanza).div_ceil(8).max(2)
    }
}

/// The schedule of a knockout between the two teams `names`: one match a stanza (and a
/// tie-break stanza), the first team at home (N-S at table 1) in odd stanzas, the second in
/// even ones.
pub fn knockout_schedule(names: Vec<String>, knockout: &Knockout) -> Result<Schedule, String> {
    knockout.check(names.len())?;
    let rounds = (1..=knockout.rounds())
        .map(|number| {
            let home = usize::from(number % 2 == 0);
            let seat = |seat, entrant| SeatAssignment {
                seat,
                entrant,
                board: None,
            };
            Round {
                number,
                tables: vec![Table {
                    number: 1,
                    seats: vec![seat(Seat::Home, home), seat(Seat::Away, 1 - home)],
                }],
                absent: Vec::new(),
            }
        })
        .collect();
    Ok(Schedule {
        format: Format::RoundRobin,
        entrants: names,
        rounds,
        promise: Promise {
            cycles: Some(knockout.rounds()),
            ..Promise::default()
        },
        entrant_teams: Vec::new(),
        movement: None,
    })
}

/// One stanza as the sheet counts it: each team's IMPs on the boards entered, and how many
/// of its boards are in.
struct Stanza {
    imps: [u32; 2],
    entered: usize,
    boards: usize,
}

/// Every stanza of the match, by team (0 and 1) whatever the seats.
fn stanzas(event: &Event, results: &Results) -> Vec<Stanza> {
    event
        .schedule
        .rounds
        .iter()
        .filter_map(|round| {
            let card = match_card(event, results, round.number, 1)?;
            let mut imps = [0u32; 2];
            for line in &card.boards {
                match line.home_imps {
                    Some(gain) if gain > 0 => imps[card.home.min(1)] += gain.unsigned_abs(),
                    Some(gain) => imps[card.away.min(1)] += gain.unsigned_abs(),
                    None => {}
                }
            }
            Some(Stanza {
                imps,
                entered: card.boards.iter().filter(|b| b.board.is_some()).count(),
                boards: card.boards.len(),
            })
        })
        .collect()
}

/// Each team's total IMPs in tenths (carry-over included), and whether every board of every
/// stanza is entered: what the USEBIO export writes of a knockout.
pub(crate) fn knockout_totals(event: &Event, results: &Results, knockout: &Knockout) -> ([i64; 2], bool) {
    let stanzas = stanzas(event, results);
    let totals = std::array::from_fn(|team| {
        knockout.carried(team) + 10 * stanzas.iter().map(|s| i64::from(s.imps[team])).sum::<i64>()
    });
    (totals, stanzas.iter().all(|s| s.entered == s.boards))
}

/// The knockout's score sheet: rank, team, carry-over, each stanza's IMPs and the total, the
/// leader first, and a sentence saying where the match stands.
pub fn knockout_table(
    event: &Event,
    results: &Results,
    knockout: &Knockout,
    boards_per_stanza: u32,
) -> StandingsTable {
    let names = &event.schedule.entrants;
    let name = |team: usize| names.get(team).map_or("?", String::as_str);
    let stanzas = stanzas(event, results);
    let totals: [i64; 2] = std::array::from_fn(|team| {
        knockout.carried(team) + 10 * stanzas.iter().map(|s| i64::from(s.imps[team])).sum::<i64>()
    });
    let mut columns = vec!["Rank".to_owned(), "Team".to_owned(), "Carry-over".to_owned()];
    let played = knockout.stanzas as usize;
    columns.extend((1..=stanzas.len()).map(|s| match s.checked_sub(played) {
        Some(t) if t > 0 => format!("Tie-break {t}"),
        _ => format!("Stanza {s}"),
    }));
    columns.push("Total".to_owned());
    let order: [usize; 2] = if totals[1] > totals[0] { [1, 0] } else { [0, 1] };
    let rows = order
        .iter()
        .enumerate()
        .map(|(i, &team)| {
            let place = if totals[0] == totals[1] {
                "1=".to_owned()
            } else {
                (i + 1).to_string()
            };
            let mut row = vec![place, name(team).to_owned(), tenths_text(knockout.carried(team))];
            row.extend(stanzas.iter().map(|s| match s.entered {
                0 => String::new(),
                n if n == s.boards => s.imps[team].to_string(),
                n => format!("{} ({n} of {} boards)", s.imps[team], s.boards),
            }));
            row.push(tenths_text(totals[team]));
            row
        })
        .collect();
    let entered: usize = stanzas.iter().map(|s| s.entered).sum();
    let boards: usize = stanzas.iter().map(|s| s.boards).sum();
    let (leader, margin) = (order[0], totals[order[0]] - totals[order[1]]);
    let state = if entered == 0 {
        match &knockout.carry_over {
            Some(c) => format!(
                "No board entered yet; {} starts with a carry-over of {} IMPs.",
                name(c.team),
                tenths_text(i64::from(c.tenths))
            ),
            None => "No board entered yet.".to_owned(),
        }
    } else if entered < boards {
        let standing = if margin == 0 {
            "the teams are level".to_owned()
        } else {
            format!("{} leads by {} IMPs", name(leader), tenths_text(margin))
        };
        format!("After {entered} of {boards} boards, {standing}.")
    } else if margin == 0 {
        format!(
            "Tied at {} IMPs after all {boards} boards. The EBU's rule (White Book §143.2) is one more stanza of {} boards, without seating rights, and again while tied (unless the conditions of contest say otherwise): add it with tourney event tie-break, or Play a tie-break stanza in the Standings.",
            tenths_text(totals[0]),
            knockout.tie_break_boards(boards_per_stanza)
        )
    } else {
        let after = match knockout.tie_breaks {
            0 => String::new(),
            1 => " after a tie-break stanza".to_owned(),
            n => format!(" after {n} tie-break stanzas"),
        };
        format!(
            "{} wins by {} IMPs ({}–{}){after}.",
            name(leader),
            tenths_text(margin),
            tenths_text(totals[leader]),
            tenths_text(totals[1 - leader])
        )
    };
    let origin = match knockout.carry_over.as_ref().and_then(|c| c.from.as_ref()) {
        Some(from) => format!(" Carry-over: {}", from.explain(names)),
        None => String::new(),
    };
    StandingsTable {
        heading: Some(format!("Knockout: {} v {}", name(0), name(1))),
        columns,
        rows,
        note: Some(format!(
            "{state} Won on total IMPs, carry-over included; a stanza's IMPs count as its boards are entered.{origin}"
        )),
    }
}

/// The boards of the tie-break stanza the match needs now: `Some` when every board of every
/// round is entered and the totals (carry-over included) are level; `None` otherwise (the
/// event is not a knockout, boards are missing, or a team leads).
pub fn tie_break_due(event: &Event, results: &Results) -> Option<u32> {
    let super::Scoring::Teams {
        knockout: Some(knockout),
        boards_per_round,
        ..
    } = &event.settings.scoring
    else {
        return None;
    };
    let stanzas = stanzas(event, results);
    if stanzas.is_empty() || stanzas.iter().any(|s| s.entered < s.boards) {
        return None;
    }
    let total = |team: usize| {
        knockout.carried(team) + 10 * stanzas.iter().map(|s| i64::from(s.imps[team])).sum::<i64>()
    };
    (total(0) == total(1)).then(|| knockout.tie_break_boards(*boards_per_round))
}

/// The event with one more stanza, a tie-break, after a match that ended level (White Book
/// §143.2): its boards numbered on from the last, the seats exchanged as in any stanza. A
/// sentence saying what was added; refused, with the reason, unless the match is complete and
/// level, or when `MOST_TIE_BREAKS` have been played.
pub fn add_tie_break(event: &Event, results: &Results) -> Result<(Event, String), String> {
    let super::Scoring::Teams {
        knockout: Some(knockout),
        boards_per_round,
        scoring,
        bye,
    } = event.settings.scoring.clone()
    else {
        return Err("only a knockout match has a tie-break stanza".to_owned());
    };
    let Some(boards) = tie_break_due(event, results) else {
        return Err(
            "a tie-break stanza is played only when every board is entered and the teams are level"
                .to_owned(),
        );
    };
    let more = Knockout {
        tie_breaks: knockout.tie_breaks + 1,
        ..knockout
    };
    more.check(2)?;
    let (round, range) = (
        more.rounds(),
        more.boards_of_round(more.rounds(), boards_per_round),
    );
    let said = format!(
        "Tie-break stanza {} added as round {round}: {boards} boards ({}–{})",
        more.tie_breaks,
        range.start(),
        range.end()
    );
    let mut changed = event.clone();
    changed.schedule = knockout_schedule(event.schedule.entrants.clone(), &more)?;
    changed.settings.scoring = super::Scoring::Teams {
        knockout: Some(more.clone()),
        boards_per_round,
        scoring,
        bye,
    };
    if let Some(options) = changed.settings.options.as_mut() {
        options.knockout = Some(more);
    }
    Ok((changed, said))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carry_overs_are_read_in_tenths_and_bad_ones_named() {
        assert_eq!(CarryOver::parse_imps("3.5"), Ok(35));
        assert_eq!(CarryOver::parse_imps(" 12 "), Ok(120));
        assert_eq!(CarryOver::parse_imps("0.3"), Ok(3));
        for bad in ["", "3.55", "-2", "abc", "3.", ".5", "1e3"] {
            let why = CarryOver::parse_imps(bad).unwrap_err();
            assert!(why.contains("not a carry-over"), "{bad}: {why}");
        }
        for out in ["0", "100", "4294967296"] {
            let why = CarryOver::parse_imps(out).unwrap_err();
            assert!(why.contains("from 0.1 to 99.9"), "{out}: {why}");
        }
        assert_eq!(tenths_text(35), "3.5");
        assert_eq!(tenths_text(-120), "-12");
    }

    #[test]
    fn a_carry_over_keeps_where_it_came_from_and_older_files_still_read() {
        // An older file's carry-over has no origin: it reads, typed by the director.
        let older: CarryOver = serde_json::from_str(r#"{"team":1,"tenths":35}"#).unwrap();
        assert_eq!(older.from, None);
        assert!(!serde_json::to_string(&older).unwrap().contains("from"));
        // Worked out: Barons (1) beat Aces by 13 and Aces placed higher, 13 × 1/3 = 4.3.
        let origin = crate::event::carry_over_rule::CarryOverOrigin {
            round: 3,
            winner: 1,
            margin: 13,
            higher: 0,
            rule: crate::event::carry_over_rule::CarryOverRule::default(),
            event: "league.tourney".to_owned(),
        };
        let worked = CarryOver {
            team: 1,
            tenths: 43,
            from: Some(origin),
        };
        let read: CarryOver = serde_json::from_str(&serde_json::to_string(&worked).unwrap()).unwrap();
        assert_eq!(read, worked);
        assert_eq!(Knockout::new(2, Some(worked.clone())).check(2), Ok(()));
        // A file whose carry-over does not follow from its origin (edited by hand) is refused.
        let edited = CarryOver { tenths: 60, ..worked };
        assert!(
            Knockout::new(2, Some(edited))
                .check(2)
                .unwrap_err()
                .contains("carry-over")
        );
    }

    #[test]
    fn the_tie_break_is_an_eighth_of_the_match_at_least_two_boards() {
        let knockout = |stanzas| Knockout::new(stanzas, None);
        // 4 × 8 = 32 boards: 4 more; 3 × 7 = 21: 3 (rounded up); 1 × 8 = 8: 2 (the least).
        assert_eq!(knockout(4).tie_break_boards(8), 4);
        assert_eq!(knockout(3).tie_break_boards(7), 3);
        assert_eq!(knockout(1).tie_break_boards(8), 2);
        // Boards numbered on: 3 stanzas of 7 (1–21), then tie-breaks of 3 (22–24, 25–27).
        let mut k = knockout(3);
        k.tie_breaks = 2;
        assert_eq!(k.rounds(), 5);
        assert_eq!(k.boards_of_round(3, 7), 15..=21);
        assert_eq!(k.boards_of_round(4, 7), 22..=24);
        assert_eq!(k.boards_of_round(5, 7), 25..=27);
        k.tie_breaks = MOST_TIE_BREAKS + 1;
        assert!(k.check(2).unwrap_err().contains("tie-break"));
    }

    #[test]
    fn a_knockout_is_two_teams_with_seats_exchanged_each_stanza() {
        let names = vec!["Aces".to_owned(), "Barons".to_owned()];
        let knockout = Knockout::new(3, None);
        let schedule = knockout_schedule(names.clone(), &knockout).unwrap();
        let homes: Vec<usize> = schedule
            .rounds
            .iter()
            .map(|r| r.tables[0].seats[0].entrant)
            .collect();
        assert_eq!(homes, [0, 1, 0]);
        let report = crate::verify::verify(&schedule);
        assert!(report.is_valid(), "{report:?}");
        // A stored knockout with a carry-over out of range is refused when the file is read.
        let bad = crate::event::Scoring::Teams {
            boards_per_round: 4,
            scoring: crate::event::teams::TeamsScoring::Imps,
            bye: crate::event::teams::TeamsBye::Average,
            knockout: Some(Knockout::new(
                2,
                Some(CarryOver {
                    team: 1,
                    tenths: 5000,
                    from: None,
                }),
            )),
        };
        assert!(bad.check().unwrap_err().contains("carry-over"));
        let three = vec!["A".to_owned(), "B".to_owned(), "C".to_owned()];
        assert!(
            knockout_schedule(three, &knockout)
                .unwrap_err()
                .contains("between two teams")
        );
        let long = Knockout::new(17, None);
        assert!(knockout_schedule(names, &long).unwrap_err().contains("1 to 16"));
    }
}
