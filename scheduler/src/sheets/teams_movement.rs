//! A club teams-of-four movement's table cards (`crate::movement::teams`): one card per
//! table, kept on it all evening, with every round's opponents and boards and where the E-W
//! pair and the boards go after it, and the move before round 1 on every card.

use super::{
    Card, Column, ColumnKind, EventHeading, Grid, Section, SectionBody, SheetDocument, SheetError,
    SheetOptions,
};
use crate::model::movement::TeamsMovement;
use crate::movement::teams::RELAY_RULE;

/// The start of a movement without one move for every table.
const START_BY_CARD: &str = "Before round 1, each E-W pair goes to the table whose card shows it in round 1, and each set of boards to the table that plays it first; two tables that share a set pass the boards between them.";

/// The start of the 4-team relay.
const START_RELAY: &str = "Before round 1, each E-W pair goes to the table whose card shows it in round 1, and each table takes the part of the first set its card starts with.";

/// The table cards of `movement`, headed as `options` say (title, club, date, paper).
pub fn teams_movement_document(
    movement: &TeamsMovement,
    options: &SheetOptions,
) -> Result<SheetDocument, SheetError> {
    let columns = vec![
        Column::new("Round", ColumnKind::Number),
        Column::new("E-W pair of team", ColumnKind::Number),
        Column::new("Boards", ColumnKind::Name),
        Column::new("Then E-W go to table", ColumnKind::Number),
        Column::new("Then the boards go to table", ColumnKind::Number),
    ];
    let footer = vec![
        format!(
            "{} for {} teams, {} rounds of {} boards. The N-S pair of team {{t}} stays at table {{t}} all evening.",
            movement.name,
            movement.teams,
            movement.rounds.len(),
            movement.boards_per_round
        ),
        "Each match is complete when both its halves are played: N-S of one team against E-W of the other at each team's table, on the same boards.".to_owned(),
    ];
    let footer = if movement.has_relay() {
        let mut with_relay = vec![RELAY_RULE.to_owned()];
        with_relay.extend(footer);
        with_relay
    } else {
        footer
    };
    let start = Some(movement.first_moves().map_or_else(
        || if movement.has_relay() { START_RELAY } else { START_BY_CARD }.to_owned(),
        |(ew, boards)| format!("Before round 1, each E-W pair goes {ew} from its home table, and each table's boards {boards}."),
    ));
    let cards = (1..=movement.teams)
        .map(|table| {
            let rows = movement
                .rounds
                .iter()
                .enumerate()
                .flat_map(|(i, round)| {
                    let Some(seat) = round.iter().find(|t| t.table == table) else {
                        return Vec::new();
                    };
                    if !movement.relay_at(i + 1, table).is_empty() {
                        return relay_rows(movement, i + 1, table, seat.ew);
                    }
                    let (first, last) = movement.boards_of(seat.set);
                    let (ew_to, boards_to) = movement.moves_after(i + 1, table).map_or(
                        ("end".to_owned(), "end".to_owned()),
                        |(e, b)| {
                            // A set not played again (a head-to-head match's) is done.
                            (e.to_string(), if b.is_empty() { "done".to_owned() } else { b })
                        },
                    );
                    let shared = seat
                        .shares_with
                        .map_or(String::new(), |other| format!(" (shared with table {other})"));
                    vec![vec![
                        (i + 1).to_string(),
                        seat.ew.to_string(),
                        format!("{first}–{last}{shared}"),
                        ew_to,
                        boards_to,
                    ]]
                })
                .collect();
            Card {
                title: format!("Table {table}"),
                subtitle: Some(format!("team {table}'s N-S pair sits here all evening")),
                grid: Grid {
                    columns: columns.clone(),
                    rows,
                },
                footer: start
                    .iter()
                    .chain(&footer)
                    .map(|line| line.replace("{t}", &table.to_string()))
                    .collect(),
            }
        })
        .collect();
    Ok(SheetDocument {
        event: EventHeading::of(options)?,
        sections: vec![Section {
            title: "Teams movement: table cards".to_owned(),
            landscape: false,
            body: SectionBody::Cards { cards },
        }],
    })
}

/// A relayed round's rows on `table`'s card: one a part-set, in the order played — the round
/// and the E-W pair on the first, where each part goes next ("2", or "done" for the last
/// table to play it), and on the last where the E-W pair goes and "new set".
fn relay_rows(movement: &TeamsMovement, round: usize, table: usize, ew: usize) -> Vec<Vec<String>> {
    let parts = movement.relay_at(round, table);
    let ew_to = movement
        .moves_after(round, table)
        .map_or("end".to_owned(), |(e, _)| e.to_string());
    let stages = parts.len();
    parts
        .iter()
        .enumerate()
        .map(|(stage, &(part, next))| {
            let last = stage + 1 == stages;
            let boards_to = match next {
                Some(to) => to.to_string(),
                None if last && ew_to != "end" => "done; new set".to_owned(),
                None => "done".to_owned(),
            };
            vec![
                if stage == 0 {
                    round.to_string()
                } else {
                    String::new()
                },
                if stage == 0 { ew.to_string() } else { String::new() },
                format!("{} (part {} of {stages})", part.boards_text(), stage + 1),
                if last { ew_to.clone() } else { "stay".to_owned() },
                boards_to,
            ]
        })
        .collect()
}

/// The table cards as a PDF.
#[cfg(feature = "pdf")]
pub fn teams_movement_pdf(movement: &TeamsMovement, options: &SheetOptions) -> Result<Vec<u8>, SheetError> {
    super::pdf::render(&teams_movement_document(movement, options)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::teams::teams_movement;

    #[test]
    fn each_table_has_a_card_with_its_rounds_and_moves() {
        let movement = teams_movement(5, 6).unwrap();
        let document = teams_movement_document(&movement, &SheetOptions::new("Club teams")).unwrap();
        let SectionBody::Cards { cards } = &document.sections[0].body else {
            panic!("cards expected");
        };
        assert_eq!(cards.len(), 5);
        let first = &cards[0];
        assert_eq!(first.title, "Table 1");
        // Round 1: E-W of team 3 on boards 7–12, then E-W to table 4 and the boards to 5.
        assert_eq!(first.grid.rows[0], ["1", "3", "7–12", "4", "5"]);
        assert_eq!(first.grid.rows[3][3], "end");
        assert!(
            first.footer[0].contains("each E-W pair goes down 2 tables"),
            "{:?}",
            first.footer
        );
        assert!(
            first.footer[1].contains("team 1 stays at table 1"),
            "{:?}",
            first.footer
        );
    }

    #[test]
    fn a_relay_card_has_a_row_a_part_with_where_it_goes_and_a_new_set_after_the_round() {
        let movement = teams_movement(4, 8).unwrap();
        let document = teams_movement_document(&movement, &SheetOptions::new("Club teams")).unwrap();
        let SectionBody::Cards { cards } = &document.sections[0].body else {
            panic!("cards expected");
        };
        // Table 2, round 1 (against team 1's E-W pair, set 1 = boards 1–8): it starts with
        // the part that began there (3–4) and plays last the one that began at table 3 (5–6).
        let rows = &cards[1].grid.rows;
        assert_eq!(rows.len(), 3 * 4);
        assert_eq!(rows[0], ["1", "1", "3–4 (part 1 of 4)", "stay", "3"]);
        assert_eq!(rows[1], ["", "", "1–2 (part 2 of 4)", "stay", "3"]);
        // After the last part, team 1's E-W pair goes to table 3 (round 2 is 1 v 3: E-W of
        // team 1 sits at team 3's table); the part is done and round 2 has a new set.
        assert_eq!(rows[3], ["", "", "5–6 (part 4 of 4)", "3", "done; new set"]);
        assert_eq!(rows[11][3], "end");
        assert!(cards[1].footer.iter().any(|l| l.contains("pass it up one table")));
        assert!(cards[1].footer[0].contains("takes the part of the first set"));
    }
}
