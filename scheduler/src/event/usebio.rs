//! The USEBIO 1.2 export of a club pairs event: the XML results file national bodies take for
//! masterpoints and grading (EBU, ABF and others read it).
//!
//! The element names follow USEBIO 1.2 as scoring programs write it and results sites read
//! it: `USEBIO Version="1.2"` → `CLUB` (`CLUB_NAME`) and `EVENT EVENT_TYPE="MP_PAIRS"` with
//! `PROGRAM_NAME`, `PROGRAM_VERSION`, `EVENT_DESCRIPTION`, `DATE` (dd/mm/yyyy),
//! `BOARD_SCORING_METHOD` (`MATCH_POINTS`), `WINNER_TYPE` (1 or 2), `BOARDS_PLAYED`,
//! `BOARDS_PER_ROUND`; `PARTICIPANTS` with a `PAIR` per pair (`PAIR_NUMBER`, unique in the
//! file whenever the evening has one winner — an arrow-switched Mitchell's E-W pairs are
//! numbered on from the N-S pairs — and `DIRECTION` for two winners, `PLACE` ("3=" when shared), `TOTAL_SCORE`, `PERCENTAGE`,
//! `BOARDS_PLAYED`, a `PLAYER` with `PLAYER_NAME` and, where the roster gives it,
//! `NATIONAL_ID_NUMBER` per player); and a `BOARD` per board
//! (`BOARD_NUMBER`, a `TRAVELLER_LINE` per result: `NS_PAIR_NUMBER`, `EW_PAIR_NUMBER`,
//! `CONTRACT`, `PLAYED_BY`, `TRICKS`, `SCORE`, `NS_MATCH_POINTS`, `EW_MATCH_POINTS`).
//! The published DTD (usebio.org) was not available where this was written, so the file is
//! checked by that element list, not validated against the DTD. Matchpoints are written on
//! the 2-per-score-beaten scale the event is scored on. An artificial score has no
//! contract; its `SCORE` is written as the director wrote it ("A60/40": N-S then E-W
//! percentage), and a board not played has no traveller line.

use super::club_pairs::{rankings, travellers};
use super::{BridgeResult, Event, Results};
use crate::movement::Movement;
use std::fmt::Write;

/// The USEBIO 1.2 XML of a club pairs event, or a sentence when the event has no movement.
pub fn usebio_xml(event: &Event, results: &Results, program_version: &str) -> Result<String, String> {
    let Some(movement) = &event.schedule.movement else {
        return Err("the USEBIO export is for club pairs events (a Mitchell or Howell movement)".into());
    };
    let settings = &event.settings;
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n");
    x.push_str("<USEBIO Version=\"1.2\">\n");
    if let Some(club) = &settings.club {
        x.push_str("  <CLUB>\n");
        element(&mut x, 4, "CLUB_NAME", club);
        x.push_str("  </CLUB>\n");
    }
    x.push_str("  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n");
    element(&mut x, 4, "PROGRAM_NAME", "Tourney");
    element(&mut x, 4, "PROGRAM_VERSION", program_version);
    element(&mut x, 4, "EVENT_DESCRIPTION", &settings.title);
    if let Some(date) = settings.date.as_deref().and_then(uk_date) {
        element(&mut x, 4, "DATE", &date);
    }
    element(&mut x, 4, "BOARD_SCORING_METHOD", "MATCH_POINTS");
    let two_winners = !movement.one_winner();
    element(&mut x, 4, "WINNER_TYPE", if two_winners { "2" } else { "1" });
    let boards = movement.sets * movement.boards_per_round;
    element(&mut x, 4, "BOARDS_PLAYED", &boards.to_string());
    element(
        &mut x,
        4,
        "BOARDS_PER_ROUND",
        &movement.boards_per_round.to_string(),
    );

    x.push_str("    <PARTICIPANTS>\n");
    for ranking in rankings(event, results, None) {
        for pair in &ranking.pairs {
            x.push_str("      <PAIR>\n");
            element(&mut x, 8, "PAIR_NUMBER", &pair_number(movement, pair.pair));
            if two_winners {
                let direction = if pair.pair <= movement.tables { "NS" } else { "EW" };
                element(&mut x, 8, "DIRECTION", direction);
            }
            let place = format!("{}{}", pair.rank, if pair.tied { "=" } else { "" });
            element(&mut x, 8, "PLACE", &place);
            element(&mut x, 8, "TOTAL_SCORE", &format!("{:.2}", pair.matchpoints));
            element(&mut x, 8, "PERCENTAGE", &format!("{:.2}", pair.percent));
            element(&mut x, 8, "BOARDS_PLAYED", &pair.boards.to_string());
            let name = event
                .schedule
                .entrants
                .get(pair.entrant)
                .map_or("", String::as_str);
            for (player, number) in people(event, name) {
                x.push_str("        <PLAYER>\n");
                element(&mut x, 10, "PLAYER_NAME", &player);
                if let Some(number) = number {
                    element(&mut x, 10, "NATIONAL_ID_NUMBER", &number);
                }
                x.push_str("        </PLAYER>\n");
            }
            x.push_str("      </PAIR>\n");
        }
    }
    x.push_str("    </PARTICIPANTS>\n");

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
        x.push_str("    <BOARD>\n");
        element(&mut x, 6, "BOARD_NUMBER", &traveller.board.to_string());
        for row in lines {
            let (ns_mp, ew_mp) = row.matchpoints.unwrap_or_default();
            x.push_str("      <TRAVELLER_LINE>\n");
            element(&mut x, 8, "NS_PAIR_NUMBER", &pair_of(row.ns));
            element(&mut x, 8, "EW_PAIR_NUMBER", &pair_of(row.ew));
            match row.result {
                Some(BridgeResult::Contract {
                    contract,
                    declarer,
                    tricks,
                }) => {
                    element(&mut x, 8, "CONTRACT", &contract.to_string());
                    element(&mut x, 8, "PLAYED_BY", &declarer.to_string());
                    element(&mut x, 8, "TRICKS", &tricks.to_string());
                }
                Some(BridgeResult::PassedOut) => element(&mut x, 8, "CONTRACT", "PASS"),
                _ => {}
            }
            let score = match (row.result, row.score) {
                (Some(BridgeResult::Artificial { ns, ew }), _) => {
                    format!("A{:.0}/{:.0}", 100.0 * ns.fraction(), 100.0 * ew.fraction())
                }
                (_, Some(score)) => score.to_string(),
                _ => String::new(),
            };
            element(&mut x, 8, "SCORE", &score);
            element(&mut x, 8, "NS_MATCH_POINTS", &format!("{ns_mp:.2}"));
            element(&mut x, 8, "EW_MATCH_POINTS", &format!("{ew_mp:.2}"));
            x.push_str("      </TRAVELLER_LINE>\n");
        }
        x.push_str("    </BOARD>\n");
    }
    x.push_str("  </EVENT>\n</USEBIO>\n");
    Ok(x)
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

/// 2026-11-25 → 25/11/2026, the form USEBIO files carry; `None` for anything else.
fn uk_date(iso: &str) -> Option<String> {
    let mut parts = iso.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (digits(y, 4) && digits(m, 2) && digits(d, 2) && parts.next().is_none()).then(|| format!("{d}/{m}/{y}"))
}

/// `<NAME>text</NAME>` on its own line, indented, with the text escaped for XML.
fn element(out: &mut String, indent: usize, name: &str, text: &str) {
    let _ = writeln!(out, "{:indent$}<{name}>{}</{name}>", "", escape(text));
}

fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // Every text here is one line. What XML 1.0 does not allow (controls,
            // noncharacters) and line breaks are left out: such text is refused on entry,
            // but an older file may still hold it.
            c if c.is_control() || crate::text::is_noncharacter(c) => {}
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_dates_and_escapes() {
        assert_eq!(
            players("Ann Archer & Bob Archer"),
            vec!["Ann Archer", "Bob Archer"]
        );
        assert_eq!(players("Smith/Jones"), vec!["Smith", "Jones"]);
        assert_eq!(players("The Owls"), vec!["The Owls"]);
        assert_eq!(uk_date("2026-11-25").as_deref(), Some("25/11/2026"));
        assert_eq!(uk_date("25/11/2026"), None);
        assert_eq!(escape("A<B & 'C'"), "A&lt;B &amp; &apos;C&apos;");
    }
}
