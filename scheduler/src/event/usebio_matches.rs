//! The USEBIO 1.2 export of an event made of matches: a Swiss or a round robin of teams, a
//! club teams night, a knockout match, and a Swiss pairs event. The entrants with their places, totals and players, and every
//! complete match with both sides' points.
//!
//! ```text
//! USEBIO Version="1.2"
//! ├─ CLUB: CLUB_NAME, CLUB_ID_NUMBER
//! └─ EVENT EVENT_TYPE="SWISS_TEAMS" (a round robin of teams: "TEAMS"; a teams night:
//!    "TEAMS_OF_FOUR"; a knockout: "HEAD_TO_HEAD"; Swiss pairs: "SWISS_PAIRS"): PROGRAM_NAME, PROGRAM_VERSION, EVENT_DESCRIPTION, DATE,
//!    BOARD_SCORING_METHOD (IMPS; MATCH_POINTS for matchpointed Swiss pairs),
//!    MATCH_SCORING_METHOD (VPS, IMPS or PERCENTAGE), BOARDS_PLAYED, BOARDS_PER_ROUND,
//!    SESSION_COUNT, SECTION_COUNT
//!    └─ SESSION SESSION_ID="1" └─ SECTION SECTION_ID="A"
//!       ├─ PARTICIPANTS: a TEAM per team, its number and name as the attributes TEAM_ID and
//!       │  TEAM_NAME (a PAIR per pair: PAIR_NUMBER), with PLACE, TOTAL_SCORE and a PLAYER
//!       │  per player (PLAYER_NAME, NATIONAL_ID_NUMBER where known)
//!       └─ MATCH per complete match: ROUND_NUMBER, then TEAM, OPPOSING_TEAM, TEAM_SCORE,
//!          OPPOSING_TEAM_SCORE (pairs: NS_PAIR_NUMBER, EW_PAIR_NUMBER, NS_SCORE, EW_SCORE):
//!          the numbers and the points each side's total counts
//! ```
//!
//! The USEBIO specification's teams and match elements could not be read where this was
//! written. These names and their nesting follow a published reader of USEBIO files, Marc
//! Shearer's ImportUsebio (github.com/marcshearer/ImportUsebio, `Usebio Parser.swift` and
//! `Score Data.swift`, read 28 November 2026), which takes masterpoint returns from scoring
//! programs' files: it knows the event types SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR, HEAD_TO_HEAD
//! and SWISS_PAIRS, a TEAM's number and name as attributes, a MATCH's two sides and scores as
//! elements, and the match scorings VPS, IMPS and PERCENTAGE. The file is checked against
//! that reading, not validated against the DTD. Our choices: a round robin of teams is written
//! as TEAMS; a bye is in its side's total, not a MATCH; a three-way match's half-matches are a
//! MATCH each, with the points they count (half a match's VPs), and a three-way match over two
//! rounds' three full matches a MATCH each in its second round; a teams night's match, played
//! in two rounds, has the round of its first half; a knockout is one MATCH, each team's total
//! IMPs with the carry-over, once every board is in (its stanzas are on its score sheet); who
//! played for a team
//! (`who_played`) is in the players' return CSV, not here.

use super::knockout::{Knockout, knockout_totals};
use super::swiss_pairs::{SwissPairs, round_matches};
use super::teams::{TeamsScoring, match_cards, standing_lines};
use super::usebio_common::{club, element, escape, program_and_event};
use super::{Event, Results, Scoring};
use crate::model::Member;
use crate::model::squad::squad_of;
use crate::scoring::teams::{Points, TeamStanding, points_text};
use std::fmt::Write;

/// What is written for the event: its kind and how its boards and matches are scored.
struct Kind {
    event_type: &'static str,
    board_scoring: &'static str,
    match_scoring: &'static str,
    pairs: bool,
    /// A teams night: its entrants are the teams' pairs, its teams named by `team_names`.
    night: bool,
}

/// One complete match: its round, both sides by entrant index, and the points each counts.
struct MatchLine {
    round: u32,
    sides: [usize; 2],
    points: [Points; 2],
}

/// The USEBIO 1.2 XML of a Swiss, round robin, night or knockout of teams, or of a Swiss pairs
/// event; a sentence for board-a-match, which this export does not write.
pub fn usebio_matches_xml(event: &Event, results: &Results, program_version: &str) -> Result<String, String> {
    let (kind, scoring, bye, boards_per_round) = kind_of(event)?;
    let (standings, matches) = if let Scoring::Teams {
        knockout: Some(knockout),
        ..
    } = &event.settings.scoring
    {
        knockout_results(event, results, knockout)
    } else if kind.night {
        let (lines, matches) = super::teams_night::night_results(event, results, scoring)?;
        let matches = matches
            .into_iter()
            .map(|(round, sides, points)| MatchLine { round, sides, points })
            .collect();
        (lines, matches)
    } else {
        (
            standing_lines(event, results, scoring, bye)?,
            complete_matches(event, results),
        )
    };
    let names = side_names(event, &kind);
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n");
    x.push_str("<USEBIO Version=\"1.2\">\n");
    club(&mut x, event);
    let _ = writeln!(x, "  <EVENT EVENT_TYPE=\"{}\">", kind.event_type);
    header(&mut x, event, program_version, &kind, boards_per_round);
    x.push_str("    <SESSION SESSION_ID=\"1\">\n");
    x.push_str("      <SECTION SECTION_ID=\"A\">\n");
    x.push_str("        <PARTICIPANTS>\n");
    for line in &standings {
        let name = names.get(line.team).map_or("", String::as_str);
        let place_and_total = [line.place.as_str(), &points_text(line.points)];
        participant(&mut x, event, &kind, (line.team, name), place_and_total);
    }
    x.push_str("        </PARTICIPANTS>\n");
    for m in &matches {
        match_element(&mut x, &kind, m);
    }
    x.push_str("      </SECTION>\n");
    x.push_str("    </SESSION>\n");
    x.push_str("  </EVENT>\n</USEBIO>\n");
    Ok(x)
}

/// The event's kind, scoring, bye and match length; `Err` for what is not written.
fn kind_of(event: &Event) -> Result<(Kind, TeamsScoring, super::teams::TeamsBye, u32), String> {
    if let Some(SwissPairs { scoring, bye }) = super::swiss_pairs::settings(event) {
        let match_scoring = match scoring {
            TeamsScoring::Matchpoints => "PERCENTAGE",
            TeamsScoring::Imps => "IMPS",
            _ => "VPS",
        };
        let board_scoring = if scoring == TeamsScoring::Matchpoints {
            "MATCH_POINTS"
        } else {
            "IMPS"
        };
        let kind = Kind {
            event_type: "SWISS_PAIRS",
            board_scoring,
            match_scoring,
            pairs: true,
            night: false,
        };
        let boards = event.settings.options.as_ref().map_or(0, |o| o.boards_per_round);
        return Ok((kind, scoring, bye, boards));
    }
    if let Scoring::Bridge {
        teams_of_four: Some(scoring),
        ..
    } = event.settings.scoring
    {
        let kind = Kind {
            event_type: "TEAMS_OF_FOUR",
            board_scoring: "IMPS",
            match_scoring: match_scoring(scoring)?,
            pairs: false,
            night: true,
        };
        let boards = event.schedule.movement.as_ref().map_or(0, |m| m.boards_per_round);
        let boards = u32::try_from(boards).unwrap_or(u32::MAX);
        return Ok((
            kind,
            scoring,
            super::teams::TeamsBye::Fixed { hundredths: 0 },
            boards,
        ));
    }
    let Scoring::Teams {
        scoring,
        bye,
        ref knockout,
        boards_per_round,
    } = event.settings.scoring
    else {
        return Err("the USEBIO export of matches is for teams events and Swiss pairs".to_owned());
    };
    if knockout.is_some() {
        let kind = Kind {
            event_type: "HEAD_TO_HEAD",
            board_scoring: "IMPS",
            match_scoring: "IMPS",
            pairs: false,
            night: false,
        };
        return Ok((kind, scoring, bye, boards_per_round));
    }
    let match_scoring = match_scoring(scoring)?;
    let swiss = event.settings.options.as_ref().is_some_and(|o| o.swiss);
    let kind = Kind {
        event_type: if swiss { "SWISS_TEAMS" } else { "TEAMS" },
        board_scoring: "IMPS",
        match_scoring,
        pairs: false,
        night: false,
    };
    Ok((kind, scoring, bye, boards_per_round))
}

/// A teams event's match scoring as USEBIO names it: VPS or IMPS; `Err` for board-a-match.
fn match_scoring(scoring: TeamsScoring) -> Result<&'static str, String> {
    match scoring {
        TeamsScoring::Imps => Ok("IMPS"),
        s if s.is_victory_points() => Ok("VPS"),
        _ => Err(format!(
            "the USEBIO export of a teams event is written for VPs or IMPs; this event is scored by {}",
            scoring.label()
        )),
    }
}

/// A knockout as one match: both teams with their total IMPs (carry-over included), the
/// leader first ("1=" each when level), and the match once every board is in.
fn knockout_results(
    event: &Event,
    results: &Results,
    knockout: &Knockout,
) -> (Vec<TeamStanding>, Vec<MatchLine>) {
    let (tenths, complete) = knockout_totals(event, results, knockout);
    // Points in hundredths, as the other events' totals are written.
    let points: [Points; 2] = tenths.map(|t| t.saturating_mul(10));
    let order = if points[1] > points[0] { [1, 0] } else { [0, 1] };
    let lines = order
        .iter()
        .enumerate()
        .map(|(at, &team)| TeamStanding {
            team,
            place: if points[0] == points[1] {
                "1=".to_owned()
            } else {
                (at + 1).to_string()
            },
            points: points[team],
            imps_won: 0,
            imps_lost: 0,
            played: u32::from(complete),
            byes: 0,
        })
        .collect();
    let matches = if complete {
        vec![MatchLine {
            round: 1,
            sides: [0, 1],
            points,
        }]
    } else {
        Vec::new()
    };
    (lines, matches)
}

/// The event's own elements, before its session.
fn header(x: &mut String, event: &Event, program_version: &str, kind: &Kind, boards_per_round: u32) {
    program_and_event(x, event, program_version);
    element(x, 4, "BOARD_SCORING_METHOD", kind.board_scoring);
    element(x, 4, "MATCH_SCORING_METHOD", kind.match_scoring);
    let rounds = u32::try_from(event.schedule.rounds.len()).unwrap_or(u32::MAX);
    element(
        x,
        4,
        "BOARDS_PLAYED",
        &rounds.saturating_mul(boards_per_round).to_string(),
    );
    element(x, 4, "BOARDS_PER_ROUND", &boards_per_round.to_string());
    element(x, 4, "SESSION_COUNT", "1");
    element(x, 4, "SECTION_COUNT", "1");
}

/// One `TEAM` (or `PAIR`) of the participants: number and name, place, total and players.
fn participant(
    x: &mut String,
    event: &Event,
    kind: &Kind,
    (entrant, name): (usize, &str),
    [place, total]: [&str; 2],
) {
    let tag = if kind.pairs { "PAIR" } else { "TEAM" };
    if kind.pairs {
        x.push_str("          <PAIR>\n");
        element(x, 12, "PAIR_NUMBER", &(entrant + 1).to_string());
    } else {
        let _ = writeln!(
            x,
            "          <TEAM TEAM_ID=\"{}\" TEAM_NAME=\"{}\">",
            entrant + 1,
            escape(name)
        );
    }
    element(x, 12, "PLACE", place);
    element(x, 12, "TOTAL_SCORE", total);
    for member in players(event, kind, name) {
        x.push_str("            <PLAYER>\n");
        element(x, 14, "PLAYER_NAME", &member.name);
        if let Some(number) = &member.number {
            element(x, 14, "NATIONAL_ID_NUMBER", number);
        }
        x.push_str("            </PLAYER>\n");
    }
    let _ = writeln!(x, "          </{tag}>");
}

/// The sides' names by index: the entrants, or a teams night's teams.
fn side_names(event: &Event, kind: &Kind) -> Vec<String> {
    match (&event.schedule.movement, kind.night) {
        (Some(movement), true) => super::teams_night::team_names(event, movement.tables),
        _ => event.schedule.entrants.clone(),
    }
}

/// A team's players (its squad), or a pair's two (its members, or its name as one player
/// when the roster does not split it).
fn players(event: &Event, kind: &Kind, name: &str) -> Vec<Member> {
    if !kind.pairs {
        return squad_of(&event.roster, name).map_or_else(Vec::new, |p| p.squad.clone());
    }
    match event.roster.players.iter().find(|p| p.name == name) {
        Some(pair) if pair.is_pair() => pair.members.clone(),
        Some(player) => vec![Member {
            name: player.name.clone(),
            number: player.number.clone(),
        }],
        None => Vec::new(),
    }
}

/// Every complete match, round by round (each half-match of a three-way match).
fn complete_matches(event: &Event, results: &Results) -> Vec<MatchLine> {
    if let Some(swiss) = super::swiss_pairs::settings(event) {
        return event
            .schedule
            .rounds
            .iter()
            .flat_map(|round| {
                round_matches(event, results, round, swiss)
                    .into_iter()
                    .filter_map(|m| {
                        m.result.map(|r| MatchLine {
                            round: round.number,
                            sides: [m.home, m.away],
                            points: r.points,
                        })
                    })
            })
            .collect();
    }
    match_cards(event, results)
        .filter_map(|(round, _, card)| {
            card.score.map(|(_, points)| MatchLine {
                round,
                sides: [card.home, card.away],
                points,
            })
        })
        .collect()
}

/// One `MATCH`: its round, both sides' numbers and points.
fn match_element(x: &mut String, kind: &Kind, m: &MatchLine) {
    let names = if kind.pairs {
        ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "NS_SCORE", "EW_SCORE"]
    } else {
        ["TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE"]
    };
    x.push_str("        <MATCH>\n");
    element(x, 10, "ROUND_NUMBER", &m.round.to_string());
    element(x, 10, names[0], &(m.sides[0] + 1).to_string());
    element(x, 10, names[1], &(m.sides[1] + 1).to_string());
    element(x, 10, names[2], &points_text(m.points[0]));
    element(x, 10, names[3], &points_text(m.points[1]));
    x.push_str("        </MATCH>\n");
}
