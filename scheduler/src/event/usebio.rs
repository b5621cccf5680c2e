//! The USEBIO 1.2 export of a club pairs event: the XML results file national bodies take for
//! masterpoints and grading (EBU, ABF and others read it).
//!
//! The structure follows USEBIO 1.2 as scoring programs write it and results sites read it:
//!
//! ```text
//! USEBIO Version="1.2"
//! ├─ CLUB: CLUB_NAME, CLUB_ID_NUMBER (the club's number with its national body)
//! └─ EVENT EVENT_TYPE="MP_PAIRS": PROGRAM_NAME, PROGRAM_VERSION, EVENT_DESCRIPTION,
//!    DATE (dd/mm/yyyy), BOARD_SCORING_METHOD (MATCH_POINTS), WINNER_TYPE (1 or 2),
//!    BOARDS_PLAYED, BOARDS_PER_ROUND, SESSION_COUNT, SECTION_COUNT
//!    └─ SESSION SESSION_ID="1"
//!       └─ SECTION SECTION_ID="A"
//!          ├─ PARTICIPANTS: a PAIR per pair: PAIR_NUMBER, DIRECTION (two winners), PLACE
//!          │  ("3=" when shared), TOTAL_SCORE, PERCENTAGE, BOARDS_PLAYED, and a PLAYER
//!          │  per player (PLAYER_NAME, NATIONAL_ID_NUMBER where the roster gives it)
//!          └─ BOARD per board: BOARD_NUMBER and a TRAVELLER_LINE per result:
//!             NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD (suit then rank,
//!             "HQ", when the lead was entered), TRICKS, SCORE, NS_MATCH_POINTS,
//!             EW_MATCH_POINTS
//! ```
//!
//! An evening is one session of one section, so there is one `SESSION` (its `SESSION_ID`
//! attribute "1") holding one `SECTION` (`SECTION_ID` "A"), and the pairs and boards sit in
//! the section, where USEBIO 1.2 nests them for multi-session, multi-section events; the
//! counts say 1 and 1. The published specification and DTD (usebio.org, `usebio_v1_2.dtd`)
//! could not be fetched where this was written, so this nesting, the `CLUB_ID_NUMBER` in
//! `CLUB` and the place of `LEAD` (between `PLAYED_BY` and `TRICKS`) follow how other
//! programs write and read USEBIO 1.2 files (exporters that cite the 1.2 specification write
//! `SESSION SESSION_ID` → `SECTION SECTION_ID` and `LEAD` so; importers of EBU files read
//! `CLUB_ID_NUMBER`, `SESSION_COUNT`, `SECTION_COUNT` and `SESSION`/`SECTION` so). The file
//! is checked by that element list, not validated against the DTD.
//!
//! `PAIR_NUMBER` is unique in the file whenever the evening has one winner (an arrow-switched
//! Mitchell's E-W pairs are numbered on from the N-S pairs). Matchpoints are written on the
//! 2-per-score-beaten scale the event is scored on. An artificial score has no contract; its
//! `SCORE` is written as the director wrote it ("A60/40": N-S then E-W percentage), and a
//! board not played has no traveller line.

use super::club_pairs::{TravellerRow, rankings, travellers};
use super::usebio_common::{club, element, program_and_event};
use super::{BridgeResult, Event, Results};
use crate::movement::Movement;
use crate::scoring::place_text;

/// The USEBIO 1.2 XML of a club pairs event (or of an event of matches, a Swiss or round
/// robin of teams, a teams night or a Swiss pairs event: `usebio_matches`), or a sentence when
/// the event has no movement.
pub fn usebio_xml(event: &Event, results: &Results, program_version: &str) -> Result<String, String> {
    let matches = matches!(
        event.settings.scoring,
        super::Scoring::Teams { .. }
            | super::Scoring::Bridge {
                teams_of_four: Some(_),
                ..
            }
    ) || super::swiss_pairs::settings(event).is_some();
    if matches {
        return super::usebio_matches::usebio_matches_xml(event, results, program_version);
    }
    let Some(movement) = &event.schedule.movement else {
        return Err("the USEBIO export is for club pairs events (a Mitchell or Howell movement)".into());
    };
    if movement.kind == crate::model::movement::MovementKind::TeamsOfFour {
        return Err(
            "the USEBIO export is for club pairs events; a teams night's matches are exported with --matches-csv (the USEBIO export of teams is written for a Swiss or a round robin of teams)"
                .into(),
        );
    }
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n");
    x.push_str("<USEBIO Version=\"1.2\">\n");
    club(&mut x, event);
    x.push_str("  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n");
    event_header(&mut x, event, movement, program_version);
    // One session of one section: the evening.
    x.push_str("    <SESSION SESSION_ID=\"1\">\n");
    x.push_str("      <SECTION SECTION_ID=\"A\">\n");
    participants(&mut x, event, results, movement);
    boards(&mut x, event, results, movement);
    x.push_str("      </SECTION>\n");
    x.push_str("    </SESSION>\n");
    x.push_str("  </EVENT>\n</USEBIO>\n");
    Ok(x)
}

/// The event's own elements, before its session.
fn event_header(x: &mut String, event: &Event, movement: &Movement, program_version: &str) {
    program_and_event(x, event, program_version);
    element(x, 4, "BOARD_SCORING_METHOD", "MATCH_POINTS");
    element(x, 4, "WINNER_TYPE", if movement.one_winner() { "1" } else { "2" });
    let boards = movement.sets * movement.boards_per_round;
    element(x, 4, "BOARDS_PLAYED", &boards.to_string());
    element(x, 4, "BOARDS_PER_ROUND", &movement.boards_per_round.to_string());
    element(x, 4, "SESSION_COUNT", "1");
    element(x, 4, "SECTION_COUNT", "1");
}

/// `PARTICIPANTS`: every pair with its place, score and players, best first.
fn participants(x: &mut String, event: &Event, results: &Results, movement: &Movement) {
    let two_winners = !movement.one_winner();
    x.push_str("        <PARTICIPANTS>\n");
    for ranking in rankings(event, results, None) {
        for pair in &ranking.pairs {
            x.push_str("          <PAIR>\n");
            element(x, 12, "PAIR_NUMBER", &pair_number(movement, pair.pair));
            if two_winners {
                let direction = if pair.pair <= movement.tables { "NS" } else { "EW" };
                element(x, 12, "DIRECTION", direction);
            }
            element(x, 12, "PLACE", &place_text(pair.rank, pair.tied));
            element(x, 12, "TOTAL_SCORE", &format!("{:.2}", pair.matchpoints));
            element(x, 12, "PERCENTAGE", &format!("{:.2}", pair.percent));
            element(x, 12, "BOARDS_PLAYED", &pair.boards.to_string());
            let name = event
                .schedule
                .entrants
                .get(pair.entrant)
                .map_or("", String::as_str);
            for (player, number) in people(event, name) {
                x.push_str("            <PLAYER>\n");
                element(x, 14, "PLAYER_NAME", &player);
                if let Some(number) = number {
                    element(x, 14, "NATIONAL_ID_NUMBER", &number);
                }
                x.push_str("            </PLAYER>\n");
            }
            x.push_str("          </PAIR>\n");
        }
    }
    x.push_str("        </PARTICIPANTS>\n");
}

/// A `BOARD` per board with at least one scored line, its `TRAVELLER_LINE`s in round order.
fn boards(x: &mut String, event: &Event, results: &Results, movement: &Movement) {
    let present = crate::movement::present_pairs(movement);
    let pair_of = |entrant: usize| {
        present
            .get(entrant)
            .map_or_else(String::new, |&p| pair_number(movement, p))
    };
    for traveller in travellers(event, results) {
        let lines: Vec<_> = traveller
            .rows
            .iter()
            .filter(|r| r.matchpoints.is_some())
            .collect();
        if lines.is_empty() {
            continue;
        }
        x.push_str("        <BOARD>\n");
        element(x, 10, "BOARD_NUMBER", &traveller.board.to_string());
        for row in lines {
            x.push_str("          <TRAVELLER_LINE>\n");
            element(x, 12, "NS_PAIR_NUMBER", &pair_of(row.ns));
            element(x, 12, "EW_PAIR_NUMBER", &pair_of(row.ew));
            traveller_line(x, row);
            x.push_str("          </TRAVELLER_LINE>\n");
        }
        x.push_str("        </BOARD>\n");
    }
}

/// The result of one traveller line after its pairs: the contract, declarer, lead and tricks
/// of a contract played ("PASS" for a passed-out board), the score and both sides'
/// matchpoints.
fn traveller_line(x: &mut String, row: &TravellerRow) {
    let (ns_mp, ew_mp) = row.matchpoints.unwrap_or_default();
    match row.result {
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead,
        }) => {
            element(x, 12, "CONTRACT", &contract.to_string());
            element(x, 12, "PLAYED_BY", &declarer.to_string());
            if let Some(card) = lead {
                element(x, 12, "LEAD", &card.to_string());
            }
            element(x, 12, "TRICKS", &tricks.to_string());
        }
        Some(BridgeResult::PassedOut) => element(x, 12, "CONTRACT", "PASS"),
        _ => {}
    }
    let score = match (row.result, row.score) {
        (Some(BridgeResult::Artificial { ns, ew }), _) => {
            format!("A{:.0}/{:.0}", 100.0 * ns.fraction(), 100.0 * ew.fraction())
        }
        (_, Some(score)) => score.to_string(),
        _ => String::new(),
    };
    element(x, 12, "SCORE", &score);
    element(x, 12, "NS_MATCH_POINTS", &format!("{ns_mp:.2}"));
    element(x, 12, "EW_MATCH_POINTS", &format!("{ew_mp:.2}"));
}

/// A pair's number in the file, its identity there. In a two-winner Mitchell, the number
/// within its direction (the direction is in `DIRECTION`, as the club writes "3 E-W"). With
/// one winner every pair is ranked in one list and readers take pair numbers as unique across
/// the field, so an arrow-switched Mitchell's E-W pairs are numbered on from the N-S pairs
/// (E-W pair 3 of a 5-table Mitchell is pair 8): otherwise N-S 3 and E-W 3 would be one pair
/// to a reader, and the switched round's lines could not be told apart. A Howell's pairs have
/// one number each already.
fn pair_number(movement: &Movement, pair: usize) -> String {
    if movement.kind.is_mitchell() && pair > movement.tables && !movement.one_winner() {
        (pair - movement.tables).to_string()
    } else {
        pair.to_string()
    }
}

/// The players of the pair entered as `name`, each with their national ID number where the
/// roster gives one: the roster's members of that pair, or (a pair entered as one name) the
/// name split at "&".
fn people(event: &Event, name: &str) -> Vec<(String, Option<String>)> {
    match event.roster.players.iter().find(|p| p.name == name) {
        Some(pair) if pair.is_pair() => pair
            .members
            .iter()
            .map(|m| (m.name.clone(), m.number.clone()))
            .collect(),
        _ => players(name).into_iter().map(|p| (p.to_owned(), None)).collect(),
    }
}

/// The players of a pair named "Ann Archer & Bob Archer" (also " and ", "/", " - "); a name
/// that does not split is one player.
fn players(name: &str) -> Vec<&str> {
    for separator in [" & ", " and ", " / ", "/", " - ", " + "] {
        let parts: Vec<&str> = name.split(separator).map(str::trim).collect();
        if parts.len() == 2 && parts.iter().all(|p| !p.is_empty()) {
            return parts;
        }
    }
    vec![name.trim()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_players() {
        assert_eq!(
            players("Ann Archer & Bob Archer"),
            vec!["Ann Archer", "Bob Archer"]
        );
        assert_eq!(players("Smith/Jones"), vec!["Smith", "Jones"]);
        assert_eq!(players("The Owls"), vec!["The Owls"]);
    }
}
