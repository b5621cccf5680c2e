//! Texts that enter an event (title, club, date, names) on arbitrary input: the screen either
//! refuses a text or lets through only text without controls and noncharacters, and the
//! USEBIO export of an event holding any of them (as an older file may) is always
//! well-formed XML. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event, screen_texts};
use scheduler::event::usebio::usebio_xml;
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::movement::MovementKind;
use scheduler::solver::Control;
use std::sync::OnceLock;

/// A 4-table Howell with every board passed out, made once.
fn evening() -> &'static (Event, Results) {
    static EVENING: OnceLock<(Event, Results)> = OnceLock::new();
    EVENING.get_or_init(|| {
        let mut spec = NewEvent::new("Club pairs", EventFormat::BridgePairs, Roster::numbered(8));
        spec.options.boards_per_round = 2;
        spec.options.movement = Some(MovementPlan {
            kind: MovementKind::Howell,
            phantom: None,
            arrow_switch: false,
        });
        let (event, _) = build_event(&spec, &Control::unlimited()).expect("the Howell");
        let mut results = Results::new();
        for round in &event.schedule.rounds {
            for table in &round.tables {
                for deal in event.deals_at(round.number, table.number) {
                    let key = ResultKey {
                        round: round.number,
                        table: table.number,
                        deal,
                    };
                    results.insert(key, ResultValue::Bridge { board: BridgeResult::PassedOut });
                }
            }
        }
        (event, results)
    })
}

fn unfit(text: &str) -> bool {
    text.chars().any(|c| c.is_control() || scheduler::text::is_noncharacter(c))
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.splitn(3, '\u{1e}');
    let title = parts.next().unwrap_or_default().to_owned();
    let club = parts.next().map(str::to_owned);
    let name = parts.next().unwrap_or("Ann").to_owned();
    match screen_texts(&title, club.as_deref(), None) {
        Ok(()) => assert!(!unfit(&title) && !club.as_deref().is_some_and(unfit)),
        Err(why) => assert!(!unfit(&why), "the refusal itself is printable: {why:?}"),
    }
    let mut roster = Roster::numbered(2);
    roster.players[0].name = name.clone();
    if unfit(name.trim()) {
        assert!(!roster.problems().is_empty(), "{name:?} passed the roster check");
    }
    let (event, results) = evening();
    let mut event = event.clone();
    event.settings.title = title;
    event.settings.club = club;
    event.schedule.entrants[0] = name;
    let xml = usebio_xml(&event, results, "0.1.0").expect("a club pairs event exports");
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    if let Err(error) = roxmltree::Document::parse_with_options(&xml, options) {
        panic!("the USEBIO export is not well-formed XML: {error}");
    }
});
