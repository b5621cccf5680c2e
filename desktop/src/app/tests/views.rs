//! The views read as a new user reads them: the audit's names, the by-player schedule's
//! width, sorting by name.

use super::*;

fn demo(name: &str) -> Harness<'static, TourneyApp> {
    let dir = folder(name);
    harness(TourneyApp::new(dir, Vec::new(), scripted(Vec::new())))
}

/// Texts by where they are drawn (the centre's height), top to bottom.
fn top_to_bottom(mut placed: Vec<(f32, String)>) -> Vec<String> {
    placed.sort_by(|a, b| a.0.total_cmp(&b.0));
    placed.into_iter().map(|(_, t)| t).collect()
}

fn alphabetical(names: &[String]) -> Vec<String> {
    let mut sorted = names.to_vec();
    sorted.sort_by_key(|n| n.to_lowercase());
    sorted
}

/// Issue 23: the first click on a name heading sorted Z→A. Names go A→Z on the first click,
/// Z→A on the second; points still go highest first.
#[test]
fn the_standings_sort_names_a_to_z_on_the_first_click() {
    let mut harness = demo("sort-standings");
    harness.get_by_label("Standings").click();
    harness.run();
    let entrants = session(&harness).event().schedule.entrants.clone();
    let names_in_order = |harness: &Harness<'static, TourneyApp>| {
        top_to_bottom(
            entrants
                .iter()
                .map(|name| (harness.get_by_label(name).rect().center().y, name.clone()))
                .collect(),
        )
    };
    harness.get_by_label("Player").click();
    harness.run();
    let shown = names_in_order(&harness);
    assert_eq!(shown.len(), 16);
    assert_eq!(shown, alphabetical(&shown), "A→Z on the first click");
    harness.get_by_label("Player (A→Z)").click();
    harness.run();
    let mut reversed = alphabetical(&shown);
    reversed.reverse();
    assert_eq!(names_in_order(&harness), reversed, "Z→A on the second");
    // Tricks: the most first.
    harness.get_by_label("Tricks").click();
    harness.run();
    harness.get_by_label("Tricks (high first)");
}

/// Issue 23: the roster sorts by name too, A→Z on the first click.
#[test]
fn the_roster_sorts_by_name_a_to_z_on_the_first_click() {
    let mut harness = demo("sort-roster");
    harness.get_by_label("Roster").click();
    harness.run();
    // The demo roster is alphabetical already: rename its first player to Zoe.
    harness.get_by_label("Player 1 name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Player 1 name").type_text("Zoe Archer");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let names_in_order = |harness: &Harness<'static, TourneyApp>| {
        top_to_bottom(
            (1..=16)
                .map(|p| {
                    let label = format!("Player {p} name");
                    let field = harness.get_by_label(&label);
                    (field.rect().center().y, field.value().unwrap_or_default())
                })
                .collect(),
        )
    };
    assert_eq!(names_in_order(&harness)[0], "Zoe Archer", "roster order first");
    harness.get_by_label("Name").click();
    harness.run();
    let shown = names_in_order(&harness);
    assert_eq!(shown.len(), 16);
    assert_eq!(shown, alphabetical(&shown), "A→Z on the first click");
    assert_eq!(shown.last().map(String::as_str), Some("Zoe Archer"));
    harness.get_by_label("Name (A→Z)").click();
    harness.run();
    assert_eq!(names_in_order(&harness)[0], "Zoe Archer", "Z→A on the second");
}

/// The width `text` takes in the body font, unshortened.
fn text_width(harness: &Harness<'static, TourneyApp>, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(&harness.ctx.global_style());
    harness
        .ctx
        .fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::BLACK))
        .size()
        .x
}

/// Issue 23: the by-player schedule cut "T13 white" to "T13 wh…" in a 64-point column while
/// half the window was empty. Every place (and every name) is shown whole: here a team round
/// robin of 8 teams of 4, 16 games a round.
#[test]
fn the_by_player_schedule_shows_every_place_whole() {
    let dir = folder("by-player-width");
    let dialogs = scripted(vec![Some(dir.join("teams.tourney"))]);
    let mut harness = harness(TourneyApp::new(dir.join("data"), Vec::new(), dialogs));
    open_new_event_form(&mut harness, Some("team chess"));
    harness.get_by_label("team round robin").click();
    harness.run();
    harness.get_by_label("Teams").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Teams").type_text("8");
    harness.key_press(egui::Key::Enter);
    harness.run();
    harness.get_by_label("Generate the schedule").click();
    harness.step();
    wait_for_generation(&mut harness, |app| app.new_event.is_generating());
    assert_eq!(session(&harness).event().schedule.entrants.len(), 32);
    harness.get_by_label("Schedule").click();
    harness.run();
    harness.get_by_label("By player").click();
    harness.run();
    let mut checked = 0;
    for place in ["T13 white", "T13 black", "T16 white", "T16 black"] {
        let needed = text_width(&harness, place);
        for cell in harness.query_all_by_label(place) {
            let shown = cell.rect().width();
            assert!(
                shown + 0.5 >= needed,
                "{place:?} is cut short: {shown:.1} of {needed:.1} points shown"
            );
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} places on tables 13 and 16 in view");
    let entrants = session(&harness).event().schedule.entrants.clone();
    for name in entrants.iter().take(10) {
        let needed = text_width(&harness, name);
        let shown = harness.get_by_label(name).rect().width();
        assert!(shown + 0.5 >= needed, "{name:?} is cut short");
    }
}

/// Issue 23: the audit's heat map had no names; the couple kept apart was not called out.
/// Each row of the map is named at its left ("1 Ann Archer"), and under the legend the
/// couple is listed with what the schedule did with them.
#[test]
fn the_audit_names_its_rows_and_calls_out_the_couple_kept_apart() {
    let mut harness = demo("audit-names");
    harness.get_by_label("Schedule").click();
    harness.run();
    harness.get_by_label("Audit").click();
    harness.run();
    let map = harness.get_by_label_contains("Heat map of partners").rect();
    let entrants = session(&harness).event().schedule.entrants.clone();
    let cell = map.height() / entrants.len() as f32;
    for (i, name) in entrants.iter().enumerate() {
        let label = harness.get_by_label(&format!("{} {name}", i + 1)).rect();
        assert!(label.right() <= map.left() + 0.5, "{name} is left of the map");
        let row = ((label.center().y - map.top()) / cell).floor() as usize;
        assert_eq!(row, i, "{name} names row {}", i + 1);
    }
    // Columns are numbered along the top, as the rows are.
    let column = harness.get_by_label("Column 16").rect();
    assert!(column.bottom() <= map.top() + 0.5 && column.center().x > map.right() - cell);
    harness.get_by_label("Kept apart:");
    let audit = session(&harness).audit();
    let opposed = audit.matrices[1].get(0, 1);
    assert_eq!(audit.matrices[0].get(0, 1), 0);
    harness.get_by_label(&format!(
        "Ann Archer & Bob Archer (couple) — never partners, opponents {}",
        scheduler::audit::how_often(opposed)
    ));
}
