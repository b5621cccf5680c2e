//! Issue 46, the whist drive as clubs run it: the players' progressive score cards (a line
//! per round with the table, seat, partner and opponents and boxes for the tricks and the
//! running total), the table cards' boxes, and the prizes.

use super::common::event;
use super::sheets::read_pdf;
use scheduler::event::create::EventFormat;
use scheduler::event::{ResultKey, ResultValue, Results};
use scheduler::model::Seat;
use scheduler::sheets::event_sheets::{event_document, event_sheets_pdf, sheet_options};
use scheduler::sheets::{SectionBody, SheetKind};

/// 24 players over 8 rounds print their score cards on 6 pages, four a page, each card with a
/// line per round naming the table, seat, partner and opponents; once round 1's results are
/// in, its boxes carry the side's tricks and the running total.
#[test]
fn twenty_four_players_score_cards_fit_six_pages_and_fill_from_the_results() {
    let drive = event(EventFormat::WhistDrive, 24, |spec| {
        spec.options.rounds = Some(8);
        spec.options.hands_per_round = Some(2);
    });
    let mut options = sheet_options(&drive);
    assert!(
        options.kinds.contains(&SheetKind::ScoreCards),
        "a whist drive prints its score cards"
    );
    options.kinds = vec![SheetKind::ScoreCards];
    let pdf = read_pdf(&event_sheets_pdf(&drive, &Results::new(), &options).unwrap());
    assert_eq!(pdf.pages.len(), 6, "four cards a page");
    for name in &drive.schedule.entrants {
        assert!(pdf.contains(name), "{name}'s card");
    }
    assert!(pdf.contains("Table, partner and opponents") && pdf.contains("Total"));

    // Round 1's results: every table, N-S 10 and E-W 16 tricks.
    let mut results = Results::new();
    for table in &drive.schedule.rounds[0].tables {
        results.insert(
            ResultKey {
                round: 1,
                table: table.number,
                deal: 0,
            },
            ResultValue::Tricks { ns: 10, ew: 16 },
        );
    }
    let document = event_document(&drive, &results, &options).unwrap();
    let SectionBody::Scorecards { cards, .. } = &document.sections[0].body else {
        panic!("score cards");
    };
    let table = &drive.schedule.rounds[0].tables[0];
    let north = table.entrant_at(Seat::N).unwrap();
    let east = table.entrant_at(Seat::E).unwrap();
    let card = &cards[north];
    let first = &card.rounds[0];
    assert_eq!((first.seat.as_str(), first.against.as_str()), ("N", "T1"));
    let partner = &drive.schedule.entrants[table.entrant_at(Seat::S).unwrap()];
    assert!(
        first.names.starts_with(&format!("partner {partner} · v ")),
        "{}",
        first.names
    );
    let boxes: Vec<&str> = first.boards[0].iter().map(|c| c.text.as_str()).collect();
    assert_eq!(boxes, ["10", "10"]);
    let boxes: Vec<&str> = cards[east].rounds[0].boards[0]
        .iter()
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(boxes, ["16", "16"]);
    // Round 2 not in yet: empty boxes to write in, and the total left to fill.
    assert!(card.rounds[1].boards[0].iter().all(|c| c.text.is_empty()));
    assert_eq!(card.foot, ["Total ____________    Place ________"]);
}

/// The table cards of a whist drive have a box for each side's tricks in every round.
#[test]
fn whist_table_cards_have_boxes_for_each_rounds_tricks() {
    let drive = event(EventFormat::WhistDrive, 12, |spec| spec.options.rounds = Some(4));
    let mut options = sheet_options(&drive);
    options.kinds = vec![SheetKind::Table];
    let document = event_document(&drive, &Results::new(), &options).unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("table cards");
    };
    let labels: Vec<&str> = cards[0].grid.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Round",
            "North",
            "East",
            "South",
            "West",
            "N-S tricks",
            "E-W tricks"
        ]
    );
    assert!(
        cards[0]
            .grid
            .rows
            .iter()
            .all(|r| r.len() == 7 && r[5].is_empty() && r[6].is_empty())
    );
}
