//! The USEBIO 1.2 export of a Swiss teams event or a round robin of teams: the teams with
//! their places, totals and players, and every complete match with both teams' points.
//!
//! ```text
//! USEBIO Version="1.2"
//! ├─ CLUB: CLUB_NAME, CLUB_ID_NUMBER
//! └─ EVENT EVENT_TYPE="SWISS_TEAMS" (a round robin: "TEAMS"): PROGRAM_NAME, PROGRAM_VERSION,
//!    EVENT_DESCRIPTION, DATE, BOARD_SCORING_METHOD (IMPS), MATCH_SCORING_METHOD (VPS or
//!    IMPS), BOARDS_PLAYED, BOARDS_PER_ROUND, SESSION_COUNT, SECTION_COUNT
//!    └─ SESSION SESSION_ID="1" └─ SECTION SECTION_ID="A"
//!       ├─ PARTICIPANTS: a TEAM per team, its number and name as the attributes TEAM_ID and
//!       │  TEAM_NAME, with PLACE, TOTAL_SCORE and a PLAYER per player (PLAYER_NAME,
//!       │  NATIONAL_ID_NUMBER where known)
//!       └─ MATCH per complete match: ROUND_NUMBER, TEAM, OPPOSING_TEAM (team numbers),
//!          TEAM_SCORE, OPPOSING_TEAM_SCORE (the points each team's total counts)
//! ```
//!
//! The USEBIO specification's teams elements could not be read where this was written.
//! These names and their nesting follow a published reader of USEBIO files, Marc Shearer's
//! ImportUsebio (github.com/marcshearer/ImportUsebio, `Usebio Parser.swift` and
//! `Score Data.swift`, read 28 November 2026), which takes masterpoint returns from scoring
//! programs' files: it knows the event types SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR and
//! HEAD_TO_HEAD, a TEAM's number and name as attributes, and a MATCH's two teams and
//! scores as elements. The file is checked against that reading, not validated against the
//! DTD. Our choices: a round robin is written as TEAMS; a bye is in its team's total, not a
//! MATCH; a three-way match's half-matches are a MATCH each, with the points they count (half
//! a match's VPs); who played (`who_played`) is in the players' return CSV, not here.

use super::teams::{TeamsScoring, match_cards, standing_lines};
use super::usebio_common::{club, element, escape, uk_date};
use super::{Event, Results, Scoring};
use crate::model::squad::squad_of;
use crate::scoring::teams::points_text;
use std::fmt::Write;

/// The USEBIO 1.2 XML of a Swiss teams event or a round robin of teams; a sentence for a
/// knockout or a board-a-match event, which this export does not write.
pub fn usebio_teams_xml(event: &Event, results: &Results, program_version: &str) -> Result<String, String> {
    let Scoring::Teams {
        scoring,
        bye,
        knockout,
        boards_per_round,
    } = event.settings.scoring
    else {
        return Err("the teams USEBIO export is for teams events".to_owned());
    };
    if knockout.is_some() {
        return Err(
            "a knockout's result is its score sheet (`tourney event sheets`): the USEBIO export is written for a Swiss or a round robin of teams"
                .to_owned(),
        );
    }
    let match_scoring = match scoring {
        TeamsScoring::Imps => "IMPS",
        s if s.is_victory_points() => "VPS",
        _ => {
            return Err(format!(
                "the USEBIO export of a teams event is written for VPs or IMPs; this event is scored by {}",
                scoring.label()
            ));
        }
    };
    let swiss = event.settings.options.as_ref().is_some_and(|o| o.swiss);
    let standings = standing_lines(event, results, scoring, bye)?;
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n");
    x.push_str("<USEBIO Version=\"1.2\">\n");
    club(&mut x, event);
    let kind = if swiss { "SWISS_TEAMS" } else { "TEAMS" };
    let _ = writeln!(x, "  <EVENT EVENT_TYPE=\"{kind}\">");
    header(&mut x, event, program_version, match_scoring, boards_per_round);
    x.push_str("    <SESSION SESSION_ID=\"1\">\n");
    x.push_str("      <SECTION SECTION_ID=\"A\">\n");
    x.push_str("        <PARTICIPANTS>\n");
    for line in &standings {
        team(&mut x, event, line.team, &line.place, &points_text(line.points));
    }
    x.push_str("        </PARTICIPANTS>\n");
    matches(&mut x, event, results);
    x.push_str("      </SECTION>\n");
    x.push_str("    </SESSION>\n");
    x.push_str("  </EVENT>\n</USEBIO>\n");
    Ok(x)
}

/// The event's own elements, before its session.
fn header(x: &mut String, event: &Event, program_version: &str, match_scoring: &str, boards_per_round: u32) {
    let settings = &event.settings;
    element(x, 4, "PROGRAM_NAME", "Tourney");
    element(x, 4, "PROGRAM_VERSION", program_version);
    element(x, 4, "EVENT_DESCRIPTION", &settings.title);
    if let Some(date) = settings.date.as_deref().and_then(uk_date) {
        element(x, 4, "DATE", &date);
    }
    element(x, 4, "BOARD_SCORING_METHOD", "IMPS");
    element(x, 4, "MATCH_SCORING_METHOD", match_scoring);
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

/// One `TEAM` of the participants: number and name, place, total and players.
fn team(x: &mut String, event: &Event, team: usize, place: &str, total: &str) {
    let name = event.schedule.entrants.get(team).map_or("", String::as_str);
    let _ = writeln!(
        x,
        "          <TEAM TEAM_ID=\"{}\" TEAM_NAME=\"{}\">",
        team + 1,
        escape(name)
    );
    element(x, 12, "PLACE", place);
    element(x, 12, "TOTAL_SCORE", total);
    for member in squad_of(&event.roster, name).map_or(&[][..], |p| p.squad.as_slice()) {
        x.push_str("            <PLAYER>\n");
        element(x, 14, "PLAYER_NAME", &member.name);
        if let Some(number) = &member.number {
            element(x, 14, "NATIONAL_ID_NUMBER", number);
        }
        x.push_str("            </PLAYER>\n");
    }
    x.push_str("          </TEAM>\n");
}

/// A `MATCH` per complete match (each half-match of a three-way match), round by round.
fn matches(x: &mut String, event: &Event, results: &Results) {
    for (round, _, card) in match_cards(event, results) {
        let Some((_, points)) = card.score else {
            continue;
        };
        x.push_str("        <MATCH>\n");
        element(x, 10, "ROUND_NUMBER", &round.to_string());
        element(x, 10, "TEAM", &(card.home + 1).to_string());
        element(x, 10, "OPPOSING_TEAM", &(card.away + 1).to_string());
        element(x, 10, "TEAM_SCORE", &points_text(points[0]));
        element(x, 10, "OPPOSING_TEAM_SCORE", &points_text(points[1]));
        x.push_str("        </MATCH>\n");
    }
}
