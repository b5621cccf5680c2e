//! Text that is not text (issue 38, item 4): control characters and Unicode noncharacters in
//! a title, a club, a date or a name are refused where they enter an event, with a sentence
//! naming the field and the character; and the USEBIO export stays well-formed XML whatever
//! an older file holds.

use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::store::{EventFile, StoreError};
use scheduler::event::usebio::usebio_xml;
use scheduler::event::{BridgeResult, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::movement::MovementKind;
use scheduler::roster_import::import_roster_bytes;
use scheduler::solver::Control;

use super::club_pairs::club_event;

/// Every kind of character that must never reach a terminal or an XML file, and some that
/// only look dangerous.
fn hostile() -> Vec<String> {
    let mut texts: Vec<String> = (0u32..0x20)
        .chain([0x7f, 0x85, 0x9b])
        .filter_map(char::from_u32)
        .map(|c| format!("Oak{c}BC"))
        .collect();
    for c in [
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{FDD0}',
        '\u{FDEF}',
        '\u{1FFFE}',
        '\u{10FFFF}',
    ] {
        texts.push(format!("Non{c}Char"));
    }
    texts.push("Thu\u{1b}[31mrsday".into());
    texts.push("<club> & \"friends\" ]]> 'x'".to_string());
    texts.push("Zoë Ångström".to_string());
    texts
}

fn unfit(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() || scheduler::text::is_noncharacter(c))
}

#[test]
fn titles_clubs_and_dates_with_controls_or_noncharacters_are_refused() {
    for text in hostile() {
        for field in ["title", "club", "date"] {
            let mut spec = NewEvent::new("Club night", EventFormat::WhistDrive, Roster::numbered(8));
            match field {
                "title" => spec.title = text.clone(),
                "club" => spec.club = Some(text.clone()),
                _ => spec.date = Some(text.clone()),
            }
            let built = build_event(&spec, &Control::unlimited());
            if unfit(&text) {
                let message = built.unwrap_err().message;
                assert!(
                    message.starts_with(&format!("the {field} holds U+"))
                        && message.contains("type it again"),
                    "{text:?}: {message}"
                );
                assert!(!unfit(&message), "the message itself is printable: {message:?}");
            } else {
                built.unwrap();
            }
        }
    }
}

#[test]
fn an_event_file_is_never_created_with_a_hostile_title_or_name() {
    let dir = super::common::scratch("hostile", "x")
        .parent()
        .unwrap()
        .to_path_buf();
    let spec = NewEvent::new("Club night", EventFormat::WhistDrive, Roster::numbered(8));
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    for (i, text) in hostile().into_iter().filter(|t| unfit(t)).enumerate() {
        let mut titled = event.clone();
        titled.settings.title = text.clone();
        let mut named = event.clone();
        named.roster.players[0].name = text.clone();
        for (what, bad) in [("title", titled), ("name", named)] {
            let path = dir.join(format!("{what}-{i}.tourney"));
            let refusal = EventFile::create(&path, &bad).err().expect("refused");
            assert!(
                matches!(refusal, StoreError::Refused { .. }),
                "{what} {text:?}: {refusal}"
            );
            assert!(!path.exists(), "nothing was written");
        }
        // A rename in the window (or its undo) is refused the same way.
        let path = dir.join(format!("rename-{i}.tourney"));
        let mut file = EventFile::create(&path, &event).unwrap();
        let mut roster = event.roster.clone();
        roster.players[1].name = text.clone();
        let refusal = file.set_roster(roster).unwrap_err().to_string();
        assert!(refusal.contains("the name of player 2 holds U+"), "{refusal}");
    }
}

#[test]
fn a_roster_with_noncharacters_is_refused_by_line_and_field() {
    let bytes = "name\r\nNon\u{FFFE}Char & Z\u{FFFF}\r\nPlain 2 & Other 2\r\n".as_bytes();
    let import = import_roster_bytes("nonchar.csv", bytes);
    let errors: Vec<String> = import
        .problems
        .list
        .iter()
        .filter(|p| p.severity == scheduler::problems::Severity::Error)
        .map(|p| p.to_string())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("line 2")
            && errors[0].contains("U+FFFE (not a character), U+FFFF (not a character)"),
        "{errors:?}"
    );
}

/// An older file may hold any of these (they were accepted before): the USEBIO export leaves
/// out what XML cannot carry and is always well-formed, with everything else kept.
#[test]
fn the_usebio_export_is_well_formed_xml_whatever_the_names_hold() {
    let names: Vec<String> = (1..=8).map(|i| format!("Pair {i}")).collect();
    let base = club_event(&names, MovementKind::Howell, 2);
    let mut results = Results::new();
    for round in &base.schedule.rounds {
        for table in &round.tables {
            for deal in base.deals_at(round.number, table.number) {
                let key = scheduler::event::ResultKey {
                    round: round.number,
                    table: table.number,
                    deal,
                };
                results.insert(
                    key,
                    ResultValue::Bridge {
                        board: BridgeResult::PassedOut,
                    },
                );
            }
        }
    }
    for text in hostile() {
        let mut event = base.clone();
        event.settings.title = text.clone();
        event.settings.club = Some(text.clone());
        event.roster.players[0].name = text.clone();
        event.schedule.entrants[0] = text.clone();
        let xml = usebio_xml(&event, &results, "0.1.0").unwrap();
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        let parsed = roxmltree::Document::parse_with_options(&xml, options);
        assert!(parsed.is_ok(), "{text:?}: {parsed:?}");
        let kept: String = text.chars().filter(|&c| !unfit(&c.to_string())).collect();
        let document = parsed.unwrap();
        assert!(
            document.descendants().any(|n| n.text() == Some(kept.as_str())),
            "{text:?}: the rest of the text is kept as {kept:?}"
        );
    }
}
