//! A knockout's carry-over worked out from the two teams' earlier match (issue 45).
//!
//! Where a knockout follows a round robin or a Swiss of teams, the conditions of contest
//! often say that the two teams start the knockout with IMPs brought from their head-to-head
//! match there. The Bermuda Bowl's (its FAQ,
//! <http://bridgewinners.com/article/view/bermuda-bowl-faqs/>): if the team placed higher
//! in the round robin won that match by N IMPs, it starts with N/2 IMPs; if it lost, the
//! other team starts with N/3; at most 16 IMPs either way. Fractions and caps differ from
//! event to event, so the rule is data ([`CarryOverRule`], written `1/2,1/3,16`), never a
//! constant of ours; the Bermuda Bowl's is only the default offered.
//!
//! The arithmetic: margin × fraction, rounded to the nearest tenth of an IMP (a half
//! hundredth up: 1 × 1/4 = 0.25 is 0.3), then capped. A result that rounds to nothing is no
//! carry-over, said so. A carry-over of a whole number of IMPs (12 × 1/2 = 6, or the cap)
//! can still end the match level, and the explanation says that too.
//!
//! [`work_out`] reads the earlier event with the library's own match cards and standings
//! (`teams::match_cards`, `teams::standing_lines`): the teams are matched by name (any
//! case), their match must be complete, and they must have met once — or, where they met
//! more than once (a double round robin), the director names the round of the match the
//! conditions of contest count (`--carry-over-round`; adding two matches' margins is not
//! offered: no conditions we read do it). Standings still provisional are
//! used as they stand, and the explanation says they may change.

pub use super::carry_over_rule::{CarryOverOrigin, CarryOverRule, Fraction};
use super::knockout::CarryOver;
use super::teams::{MatchCard, match_cards, standing_lines};
use super::{Event, Results, Scoring};
use std::path::Path;

/// A carry-over worked out from the earlier event: the team and tenths (`None` when the
/// teams drew or the rule gives nothing), where it came from, and the sentence saying so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkedCarryOver {
    /// The team (0 or 1, this knockout's) and the IMPs in tenths.
    pub carry_over: Option<(usize, u32)>,
    /// The match it came from; `None` when the teams drew.
    pub origin: Option<CarryOverOrigin>,
    /// How it was worked out, in sentences.
    pub explanation: String,
}

impl WorkedCarryOver {
    /// The knockout's carry-over, keeping where it came from.
    pub fn knockout_carry_over(&self) -> Option<CarryOver> {
        self.carry_over.map(|(team, tenths)| CarryOver {
            team,
            tenths,
            from: self.origin.clone(),
        })
    }
}

/// The index in `entrants` of the team named `name` (any case, spaces round it ignored).
fn find_team(entrants: &[String], name: &str) -> Option<usize> {
    entrants
        .iter()
        .position(|e| e.trim().eq_ignore_ascii_case(name.trim()))
}

/// The carry-over for a knockout between `teams` (its two, in its roster's order) worked out
/// by `rule` from their match in `earlier`, a round robin or Swiss of teams (`source` names
/// it in every sentence, e.g. its file name), the match of round `round` when given (teams
/// that met more than once). Refused, with a sentence, when `earlier` is not such an event,
/// a team is not in it, the teams did not meet (in `round`), met more than once and no round
/// was given, their match is not complete, or they share their place in its standings.
pub fn work_out(
    earlier: &Event,
    results: &Results,
    source: &str,
    teams: &[String],
    rule: &CarryOverRule,
    round: Option<u32>,
) -> Result<WorkedCarryOver, String> {
    let Scoring::Teams {
        scoring,
        bye,
        knockout,
        ..
    } = &earlier.settings.scoring
    else {
        return Err(format!(
            "{source} is not a teams event: a carry-over comes from the two teams' match in a round robin or Swiss of teams"
        ));
    };
    if knockout.is_some() {
        return Err(format!(
            "{source} is a knockout match: a carry-over comes from the two teams' match in a round robin or Swiss of teams"
        ));
    }
    let [first, second] = teams else {
        return Err(format!(
            "{} team(s): a knockout match is between two teams",
            teams.len()
        ));
    };
    let entrants = &earlier.schedule.entrants;
    let index = |name: &String| {
        find_team(entrants, name).ok_or_else(|| {
            format!(
                "{} is not a team in {source} (its teams: {})",
                name.trim(),
                entrants.join(", ")
            )
        })
    };
    let found = [index(first)?, index(second)?];
    let (round, card) = the_match(earlier, results, source, teams, found, round)?;
    let Some((imps, _)) = card.score else {
        let entered = card.boards.iter().filter(|b| b.board.is_some()).count();
        return Err(format!(
            "the match of {first} and {second} in round {round} of {source} has {entered} of {} boards entered: enter the rest there first",
            card.boards.len()
        ));
    };
    // This knockout's team of the earlier match's home and away.
    let ours = |team: usize| u8::from(team == found[1]);
    let (home, away) = (ours(card.home), ours(card.away));
    let margin = imps[0].abs_diff(imps[1]);
    if margin == 0 {
        return Ok(WorkedCarryOver {
            carry_over: None,
            origin: None,
            explanation: format!(
                "{first} and {second} drew their match in round {round} of {source} ({}–{} IMPs): no carry-over.",
                imps[0], imps[1]
            ),
        });
    }
    let winner = if imps[0] > imps[1] { home } else { away };
    let higher = higher_placed(earlier, results, source, *scoring, *bye, found, teams)?;
    let origin = CarryOverOrigin {
        round,
        winner,
        margin,
        higher,
        rule: *rule,
        event: match earlier.settings.title.trim() {
            "" => source.to_owned(),
            title => format!("{title} ({source})"),
        },
    };
    let mut explanation = origin.explain(teams);
    if let Some(provisional) = super::standings::provisional(earlier, results) {
        explanation.push_str(&format!(
            " The standings of {source} are not final ({}), so which team placed higher may still change.",
            provisional.trim_end_matches('.')
        ));
    }
    Ok(WorkedCarryOver {
        carry_over: origin.carry_over(),
        origin: Some(origin),
        explanation,
    })
}

/// The round and card of the match of `teams` (found at `found` in `earlier`) the carry-over
/// comes from: their one meeting, or the one in `round` when given; else why not.
fn the_match(
    earlier: &Event,
    results: &Results,
    source: &str,
    teams: &[String],
    found: [usize; 2],
    round: Option<u32>,
) -> Result<(u32, MatchCard), String> {
    let (first, second) = (&teams[0], &teams[1]);
    let meetings: Vec<_> = match_cards(earlier, results)
        .filter(|(_, _, card)| {
            let met = [card.home, card.away];
            met == found || met == [found[1], found[0]]
        })
        .collect();
    let rounds = meetings
        .iter()
        .map(|(r, _, _)| r.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let chosen: Vec<_> = meetings
        .iter()
        .filter(|(r, _, _)| round.is_none_or(|asked| asked == *r))
        .collect();
    let (round, card) = match &chosen[..] {
        [] if meetings.is_empty() => return Err(format!("{first} and {second} did not meet in {source}")),
        [] => {
            return Err(format!(
                "{first} and {second} did not meet in round {} of {source} (they met in {} {rounds})",
                round.unwrap_or_default(),
                if meetings.len() == 1 { "round" } else { "rounds" }
            ));
        }
        [(round, _, card)] => (*round, card.clone()),
        more => {
            return Err(format!(
                "{first} and {second} met {} times in {source} (rounds {rounds}): which match counts is for the conditions of contest to say; name its round (--carry-over-round, or Their match in round on the form), or type the carry-over instead",
                more.len()
            ));
        }
    };
    Ok((round, card))
}

/// Which of this knockout's two teams (0 or 1) placed higher in `earlier`'s standings; the
/// teams are `found` there. Refused when they share a place.
fn higher_placed(
    earlier: &Event,
    results: &Results,
    source: &str,
    scoring: super::teams::TeamsScoring,
    bye: super::teams::TeamsBye,
    found: [usize; 2],
    teams: &[String],
) -> Result<u8, String> {
    let lines = standing_lines(earlier, results, scoring, bye)
        .map_err(|why| format!("the standings of {source} could not be worked out: {why}"))?;
    let place = |team: usize| {
        lines
            .iter()
            .position(|l| l.team == team)
            .map(|at| (at, lines[at].place.clone()))
    };
    let (Some((a, place_a)), Some((b, place_b))) = (place(found[0]), place(found[1])) else {
        return Err(format!("the standings of {source} do not list both teams"));
    };
    if place_a == place_b {
        return Err(format!(
            "{} and {} share place {place_a} in {source}, so neither placed higher: type the carry-over instead",
            teams[0], teams[1]
        ));
    }
    Ok(u8::from(b < a))
}

/// [`work_out`] from the event file at `path` (read as the reading commands read it),
/// named in the sentences by its file name.
pub fn work_out_from_file(
    path: &Path,
    teams: &[String],
    rule: &CarryOverRule,
    round: Option<u32>,
) -> Result<WorkedCarryOver, String> {
    let source = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let file = super::store::EventFile::open_or_read_only(path).map_err(|e| e.to_string())?;
    let results = file.results().map_err(|e| e.to_string())?;
    work_out(file.event(), &results, &source, teams, rule, round)
}
