//! The printed sheets of an event: the heading from its settings, the sheet kinds its format
//! prints, and the document with the results so far (standings, filled travellers and score
//! cards). Shared by the command line and the window, so both print the same.

use super::teams::TeamsSheets;
use super::{Scored, SheetDocument, SheetError, SheetKind, SheetOptions, document};
use crate::event::club_pairs::{scorecards, travellers};
use crate::event::standings::standings;
use crate::event::teams_ranking::running_ranking;
use crate::event::whist_drive::player_rounds;
use crate::event::{Event, Results, Scoring, swiss_pairs};

/// Title, club and date from the event's settings; for bridge without a movement, the boards
/// per round (so the sheets say how many copies of each board are needed).
pub fn sheet_options(event: &Event) -> SheetOptions {
    let settings = &event.settings;
    let mut options = SheetOptions::new(settings.title.clone());
    options.club = settings.club.clone();
    options.date = settings
        .date
        .as_deref()
        .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
    options.bridge_boards_per_round = match settings.scoring {
        Scoring::Bridge { boards_per_round, .. } if event.schedule.movement.is_none() => {
            Some(boards_per_round)
        }
        _ => None,
    };
    options.kinds = sheet_kinds(event);
    options
}

/// The kinds an event prints by default: for a teams-of-four event the round sheet and the
/// match score cards; for a club pairs evening with a movement the summary, table cards,
/// travellers and score cards; for other bridge the schedule's sheets and the
/// boards summary; else the schedule's sheets. Bridge with hand records attached also prints
/// them, four boards a page.
pub fn sheet_kinds(event: &Event) -> Vec<SheetKind> {
    if matches!(event.settings.scoring, Scoring::Teams { .. }) {
        return vec![SheetKind::Round, SheetKind::MatchCards];
    }
    // A Swiss pairs event: how many copies of the boards, who sits where, and a score card
    // for each table to fill in.
    if swiss_pairs::settings(event).is_some() {
        let mut kinds = vec![
            SheetKind::MovementSummary,
            SheetKind::Round,
            SheetKind::MatchCards,
        ];
        if !event.hand_records().is_empty() {
            kinds.push(SheetKind::HandRecords);
        }
        return kinds;
    }
    let bridge = matches!(event.settings.scoring, Scoring::Bridge { .. });
    let mut kinds = match (&event.schedule.movement, bridge) {
        // A teams night's pairs are scored as team matches, not matchpoints: their personal
        // cards (matchpoints and a place among the pairs) are not printed.
        // Its match score cards take their place: both tables of each match, to score up.
        (Some(_), _) if teams_night(event) => SheetKind::CLUB_PAIRS_KINDS
            .into_iter()
            .filter(|&k| k != SheetKind::ScoreCards)
            .chain([SheetKind::MatchCards])
            .collect(),
        (Some(_), _) => SheetKind::CLUB_PAIRS_KINDS.to_vec(),
        (None, true) => {
            let mut kinds = vec![SheetKind::MovementSummary];
            kinds.extend(SheetKind::SCHEDULE_KINDS);
            kinds
        }
        // A whist drive's players score up on their progressive cards.
        (None, false) if matches!(event.settings.scoring, Scoring::WhistDrive { .. }) => {
            let mut kinds = SheetKind::SCHEDULE_KINDS.to_vec();
            kinds.push(SheetKind::ScoreCards);
            kinds
        }
        (None, false) => SheetKind::SCHEDULE_KINDS.to_vec(),
    };
    if bridge && !event.hand_records().is_empty() {
        kinds.push(SheetKind::HandRecords);
    }
    kinds
}

/// Whether the event is a club teams-of-four night.
fn teams_night(event: &Event) -> bool {
    matches!(
        event.settings.scoring,
        Scoring::Bridge {
            teams_of_four: Some(_),
            ..
        }
    )
}

/// Every sheet the event can print now: `sheet_kinds`, and the standings once there are
/// results (the window's Sheets view offers the same).
pub fn printable_kinds(event: &Event, results: &Results) -> Vec<SheetKind> {
    let mut kinds = sheet_kinds(event);
    if !results.is_empty() {
        kinds.push(SheetKind::Standings);
    }
    kinds
}

/// The sheets of `options.kinds` with the standings and travellers of `results`.
pub fn event_document(
    event: &Event,
    results: &Results,
    options: &SheetOptions,
) -> Result<SheetDocument, SheetError> {
    if let Some(round) = options.round {
        let paired = event.schedule.rounds.len();
        if !matches!(event.settings.scoring, Scoring::Teams { .. }) && swiss_pairs::settings(event).is_none()
        {
            return Err(SheetError::Options(
                "a single round's sheets are printed for Swiss and teams events; this event prints every round".into(),
            ));
        }
        if round == 0 || round as usize > paired {
            return Err(SheetError::Options(format!(
                "there is no round {round}: the event has rounds 1 to {paired} paired"
            )));
        }
    }
    // A teams event's standings sheet is its running ranking (a column per round).
    let tables = if results.is_empty() {
        Vec::new()
    } else {
        running_ranking(event, results).map_or_else(|| standings(event, results), |ranking| vec![ranking])
    };
    let teams = (matches!(event.settings.scoring, Scoring::Teams { .. })
        || teams_night(event)
        || swiss_pairs::settings(event).is_some())
    .then_some(TeamsSheets {
        event,
        results,
        round: options.round,
        rooms: &options.rooms,
    });
    if teams_night(event) && options.kinds.contains(&SheetKind::ScoreCards) {
        return Err(SheetError::Options(
            "a teams night's pairs have no personal score cards (those count matchpoints among the pairs, and a teams night is scored match by match): print the match score cards (both tables of each match) and the travellers".into(),
        ));
    }
    let scored = travellers(event, results);
    let cards = if options.kinds.contains(&SheetKind::ScoreCards) {
        scorecards(event, results)
    } else {
        Vec::new()
    };
    let hand_records = event.hand_records();
    let whist = if matches!(event.settings.scoring, Scoring::WhistDrive { .. })
        && options.kinds.contains(&SheetKind::ScoreCards)
    {
        player_rounds(&event.schedule, results)
    } else {
        Vec::new()
    };
    document(
        &event.schedule,
        &Scored {
            standings: &tables,
            travellers: &scored,
            hand_records: &hand_records,
            scorecards: &cards,
            teams,
            whist: &whist,
        },
        options,
    )
}

/// The sheets as PDF bytes.
#[cfg(feature = "pdf")]
pub fn event_sheets_pdf(
    event: &Event,
    results: &Results,
    options: &SheetOptions,
) -> Result<Vec<u8>, SheetError> {
    crate::sheets::pdf::render(&event_document(event, results, options)?)
}
