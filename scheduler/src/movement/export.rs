//! A movement as a spreadsheet and as a file Tourney reads back: the CSV
//! `round,table,ns,ew,first_board,last_board` (one row per table and round, a sitting-out pair
//! in a row with an empty table), and JSON (the whole `Movement`).

use super::Movement;
use crate::csv_safety::neutralise;

/// The CSV header, as the issue and the user guide (docs/guide/club-pairs.md) give it.
pub const CSV_HEADER: [&str; 6] = ["round", "table", "ns", "ew", "first_board", "last_board"];

/// One row per table and round, in round then table order; after a round's tables, a row per
/// pair sitting out (empty table, the pair in the `ns` column when it is an N-S pair or a
/// Howell pair, else in `ew`) and none for sets on the relay stand. Pair labels are the club's
/// (`3 NS` / `3 EW` in a Mitchell), unique per pair.
pub fn movement_csv(movement: &Movement) -> Result<Vec<u8>, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| format!("could not write the movement CSV: {e}");
    writer.write_record(CSV_HEADER).map_err(fail)?;
    for round in &movement.rounds {
        let number = round.number.to_string();
        for table in &round.tables {
            let boards = movement.boards_of_set(table.set);
            writer
                .write_record([
                    number.as_str(),
                    &table.table.to_string(),
                    &neutralise(&movement.label(table.ns)),
                    &neutralise(&movement.label(table.ew)),
                    &boards.start().to_string(),
                    &boards.end().to_string(),
                ])
                .map_err(fail)?;
        }
        for &pair in &round.sitting_out {
            let label = movement.label(pair);
            let is_ew = movement.kind.is_mitchell() && pair > movement.tables;
            let (ns, ew) = if is_ew {
                (String::new(), label)
            } else {
                (label, String::new())
            };
            writer
                .write_record([number.as_str(), "", &ns, &ew, "", ""])
                .map_err(fail)?;
        }
    }
    writer
        .into_inner()
        .map_err(|e| format!("could not write the movement CSV: {e}"))
}

/// The whole movement as pretty JSON (what `tourney movement --out FILE.json` writes).
pub fn movement_json(movement: &Movement) -> Result<Vec<u8>, String> {
    let mut bytes =
        serde_json::to_vec_pretty(movement).map_err(|e| format!("could not write the movement JSON: {e}"))?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Reads a movement written by `movement_json` (or by hand in that shape); the message names
/// the line and column of a syntax error.
pub fn read_movement_json(text: &str) -> Result<Movement, String> {
    serde_json::from_str(text).map_err(|e| {
        format!(
            "line {}, column {}: this is not a movement Tourney can read ({e})",
            e.line(),
            e.column()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::howell::two_and_a_half_table_howell;
    use crate::movement::{howell, mitchell, with_phantom};

    fn rows(bytes: &[u8]) -> Vec<Vec<String>> {
        csv::Reader::from_reader(bytes)
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    }

    #[test]
    fn a_mitchell_csv_has_a_row_per_table_and_round_with_club_labels() {
        let m = mitchell(3, 2).unwrap();
        let bytes = movement_csv(&m).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("round,table,ns,ew,first_board,last_board\n"));
        let rows = rows(&bytes);
        assert_eq!(rows.len(), 9);
        // Round 1: N-S p at table p against p EW, set p (boards 2p−1, 2p).
        assert_eq!(rows[0], ["1", "1", "1 NS", "1 EW", "1", "2"]);
        assert_eq!(rows[2], ["1", "3", "3 NS", "3 EW", "5", "6"]);
        // Round 2: E-W moved up one table (3 EW at table 1), boards down one (set 2 at 1).
        assert_eq!(rows[3], ["2", "1", "1 NS", "3 EW", "3", "4"]);
    }

    #[test]
    fn a_sitting_out_pair_has_a_row_with_an_empty_table() {
        let m = with_phantom(mitchell(3, 2).unwrap(), 6).unwrap();
        let rows = rows(&movement_csv(&m).unwrap());
        assert_eq!(rows.len(), 9, "two tables and one sit-out a round");
        assert_eq!(rows[2], ["1", "", "3 NS", "", "", ""]);
        // The 2½-table Howell (5 pairs, pair 6 the phantom): a sit-out row each round.
        let h = two_and_a_half_table_howell(3, 6).unwrap();
        let howell_rows = super::tests::rows(&movement_csv(&h).unwrap());
        assert!(howell_rows.iter().all(|r| r[2] != "6" && r[3] != "6"));
        assert_eq!(howell_rows.iter().filter(|r| r[1].is_empty()).count(), 5);
    }

    #[test]
    fn json_reads_back_the_same_movement() {
        let m = with_phantom(howell(4, 3).unwrap(), 2).unwrap();
        let json = movement_json(&m).unwrap();
        assert_eq!(
            read_movement_json(std::str::from_utf8(&json).unwrap()).unwrap(),
            m
        );
        let message = read_movement_json("{\"kind\": \"Howell\",\n \"pairs\": x}").unwrap_err();
        assert!(message.starts_with("line 2, column"), "{message}");
    }
}
