//! Issue 46 in the window: couples kept at separate tables chosen on the form, and the whist
//! drive's score cards offered by the Sheets view.

use super::*;
use scheduler::whist::KeepApart;

/// A 16-player drive imported with its couples, "Couples: never at the same table" and 4
/// rounds: the event keeps the choice, the schedule promises it and the verifier holds it,
/// no couple shares a table, and the audit says so by name; the Sheets view offers the
/// players' score cards.
#[test]
fn couples_never_at_the_same_table_from_the_form() {
    let dir = folder("couples-apart");
    let event_path = dir.join("apart.tourney");
    let dialogs = scripted(vec![
        Some(fixture("whist_16_international.csv")),
        Some(event_path.clone()),
    ]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, None);
    harness.get_by_label("Import CSV…").click();
    harness.run();
    replace_field(&mut harness, "Rounds tonight", "4");
    harness.get_by_label("never at the same table").click();
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    let event = session(&harness).event();
    assert_eq!(
        event.settings.options.as_ref().map(|o| o.couples_apart),
        Some(KeepApart::NeverAtTable)
    );
    let schedule = &event.schedule;
    assert_eq!(schedule.rounds.len(), 4);
    assert!(schedule.promise.apart_at_table);
    assert!(scheduler::verify::verify(schedule).is_valid());
    let index = |name: &str| schedule.entrants.iter().position(|e| e == name).unwrap();
    for (a, b) in [("Łukasz Żółć", "Agnieszka Wąsowska"), ("王小明", "李静怡")] {
        let (a, b) = (index(a), index(b));
        for round in &schedule.rounds {
            for table in &round.tables {
                let at = |p: usize| table.seats.iter().any(|s| s.entrant == p);
                assert!(
                    !(at(a) && at(b)),
                    "a couple at table {} of round {}",
                    table.number,
                    round.number
                );
            }
        }
    }
    harness.get_by_label("Audit").click();
    harness.run();
    harness.get_by_label(
        "Łukasz Żółć & Agnieszka Wąsowska (couple) — never at the same table (never partners, never opponents)",
    );
    harness.get_by_label("Sheets").click();
    harness.run();
    harness.get_by_label_contains("Score cards, one per player");
}
