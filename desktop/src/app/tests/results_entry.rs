//! Typing results as an organiser does between rounds: Enter, Tab, corrections, messages,
//! the light theme.

use super::*;

/// The demo event on its results view (round 3, nothing entered yet).
fn demo(name: &str) -> Harness<'static, TourneyApp> {
    let dir = folder(name);
    let harness = harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())));
    harness.get_by_label("Round 3: 0 of 4 results");
    harness
}

fn value(harness: &Harness<'static, TourneyApp>, label: &str) -> String {
    harness.get_by_label(label).value().unwrap_or_default()
}

/// Issue 23: Enter on an empty field dropped the keyboard, and the digits typed next went
/// nowhere. Now Enter moves on to the next table, as down a column of results.
#[test]
fn enter_on_an_empty_field_moves_on_and_keeps_the_keyboard() {
    let mut harness = demo("enter-empty");
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(
        harness.get_by_label("Table 2 N-S tricks").is_focused(),
        "the keyboard moved on to table 2"
    );
    harness.get_by_label("Table 2 N-S tricks").type_text("14");
    harness.run();
    assert_eq!(value(&harness, "Table 2 N-S tricks"), "14");
    assert_eq!(
        value(&harness, "Table 1 N-S tricks"),
        "",
        "table 1 is still to come"
    );
    assert_eq!(
        session(&harness).results().len(),
        8,
        "nothing was saved by the empty Enter"
    );
}

/// Issue 23: Tab into a field holding a result selects it, so typing replaces it ("12" then
/// "9" is 9, not 129); so does Enter moving on to the next table's saved result.
#[test]
fn a_field_reached_by_keyboard_has_its_text_selected() {
    let mut harness = demo("tab-selects");
    harness.get_by_label("1 (done)").click();
    harness.run();
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "11");
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.key_press(egui::Key::Tab);
    harness.run();
    assert!(harness.get_by_label("Table 1 E-W tricks").is_focused());
    harness.get_by_label("Table 1 E-W tricks").type_text("9");
    harness.run();
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "9", "the 11 was replaced");
    // Back with Shift+Tab: N-S (15) is selected too.
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    harness.run();
    harness.get_by_label("Table 1 N-S tricks").type_text("17");
    harness.run();
    assert_eq!(value(&harness, "Table 1 N-S tricks"), "17");
    // Enter saves 17/9 and moves to table 2, whose saved 11 is selected in turn.
    harness.key_press(egui::Key::Enter);
    harness.run();
    let key = scheduler::event::ResultKey {
        round: 1,
        table: 1,
        deal: 0,
    };
    assert_eq!(
        session(&harness).results()[&key],
        scheduler::event::ResultValue::Tricks { ns: 17, ew: 9 }
    );
    assert!(harness.get_by_label("Table 2 N-S tricks").is_focused());
    harness.get_by_label("Table 2 N-S tricks").type_text("10");
    harness.run();
    assert_eq!(value(&harness, "Table 2 N-S tricks"), "10");
}

/// Issue 23: correcting N-S recomputes the E-W the window filled in (typed, or saved as the
/// rest of the hands' tricks); an E-W the organiser typed differently is left for them.
#[test]
fn correcting_north_south_recomputes_the_filled_in_east_west() {
    let mut harness = demo("recompute");
    let retype = |harness: &mut Harness<'static, TourneyApp>, field: &str, text: &str| {
        retype_field(harness, field, text, egui::Key::Tab);
    };
    retype(&mut harness, "Table 1 N-S tricks", "19");
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "7");
    retype(&mut harness, "Table 1 N-S tricks", "20");
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "6", "filled in again");
    // Typed by hand (wrong on purpose): a later N-S correction leaves it, and says so.
    retype(&mut harness, "Table 1 E-W tricks", "4");
    retype(&mut harness, "Table 1 N-S tricks", "21");
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "4");
    harness.get_by_label("N-S 21 + E-W 4 = 25 tricks, but 2 hand(s) a round make 26");

    // A saved result: its E-W is the rest of the 26 tricks, so it follows a corrected N-S.
    harness.get_by_label("1 (done)").click();
    harness.run();
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "11");
    retype(&mut harness, "Table 1 N-S tricks", "16");
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "10");
}

/// Issue 23: N-S 30 (more than two hands' 26 tricks) said `"" is not a number of tricks`
/// about the empty E-W; the real problem comes first.
#[test]
fn too_many_tricks_is_named_before_an_empty_side() {
    let mut harness = demo("too-many");
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.get_by_label("Table 1 N-S tricks").type_text("30");
    harness.key_press(egui::Key::Tab);
    harness.run();
    assert_eq!(value(&harness, "Table 1 E-W tricks"), "", "nothing to fill in");
    harness.get_by_label("N-S tricks 30: a whist table takes 0–13 tricks per hand, 0–26 for 2 hands");
    assert!(
        harness.query_by_label_contains("is not a number").is_none(),
        "the empty E-W is not the problem shown"
    );
    // Not a number at all is said as such, naming the side.
    harness.get_by_label("Table 1 N-S tricks").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Table 1 N-S tricks").type_text("1o");
    harness.run();
    harness.get_by_label_contains("N-S tricks \"1o\"");
}

/// Issue 23: each bridge board typed shows its N-S score beside it, worked out by the
/// library's scoring with the board's vulnerability, before it is saved and after.
#[test]
fn a_typed_bridge_board_shows_its_score() {
    let mut harness = pairs_bridge_results("board-score");
    assert_eq!(
        session(&harness).event().deals_at(1, 1),
        1..=3,
        "table 1 starts on boards 1-3"
    );
    harness.get_by_label("Table 1 board 1 result").click();
    harness.run();
    harness
        .get_by_label("Table 1 board 1 result")
        .type_text("4S N 10");
    harness.run();
    // Board 1, nobody vulnerable: 4S made is +420 for N-S, shown before it is saved.
    harness.get_by_label("N-S +420");
    harness.key_press(egui::Key::Enter);
    harness.run();
    harness.get_by_label("saved, N-S +420");
    // Board 2 (N-S vulnerable, E-W not): 3NT by West with an overtrick is -430 for N-S.
    harness
        .get_by_label("Table 1 board 2 result")
        .type_text("3NT W 10");
    harness.run();
    harness.get_by_label("N-S -430");
}

/// WCAG relative luminance of a rendered pixel.
fn luminance(pixel: [u8; 4]) -> f32 {
    let channel = |c: u8| {
        let c = c as f32 / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(pixel[0]) + 0.7152 * channel(pixel[1]) + 0.0722 * channel(pixel[2])
}

fn contrast(a: [u8; 4], b: [u8; 4]) -> f32 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// Issue 23: on the striped rows of the light theme the result fields could not be seen.
/// Each field's edge now stands out from the row behind it by at least 3:1 (the contrast
/// WCAG asks of a control's boundary), in the light theme and the dark, striped row or not.
#[test]
fn result_fields_stand_out_from_their_rows_in_both_themes() {
    let mut harness = demo("field-contrast");
    for theme in [egui::ThemePreference::Light, egui::ThemePreference::Dark] {
        harness.ctx.set_theme(theme);
        harness.run();
        let image = harness.render().expect("the window renders");
        let scale = harness.ctx.pixels_per_point();
        let pixel = |x: f32, y: f32| image.get_pixel((x * scale) as u32, (y * scale) as u32).0;
        for table in 1..=4 {
            let rect = harness.get_by_label(&format!("Table {table} N-S tricks")).rect();
            let y = rect.center().y;
            // The row behind, in the gap before the field; the field's edge, its first pixels.
            let behind = pixel(rect.left() - 3.0, y);
            let edge = (0..3)
                .map(|dx| contrast(pixel(rect.left() + dx as f32, y), behind))
                .fold(0.0, f32::max);
            assert!(
                edge >= 3.0,
                "{theme:?}: table {table}'s field edge contrasts {edge:.2}:1 with its row {behind:?}"
            );
        }
    }
}
