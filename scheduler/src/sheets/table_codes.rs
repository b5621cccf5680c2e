//! Scoring from phones: the cards put on the tables, one per table, with the QR code of its
//! page (the address and the table's key), the address written under it for a phone that
//! cannot read codes, and what the players do; four cards a page. This module words every
//! line and draws each code (`crate::qr`); `table_codes.typ` places them.

use super::{EventHeading, Section, SectionBody, SheetDocument, SheetError, SheetOptions, TableCode};

/// What the players do, printed on every card.
const LINES: [&str; 4] = [
    "Scan the code with a phone's camera: this table's page opens (no app, no account).",
    "After each board, enter the result; the opponents check the score and accept it.",
    "When the round is finished, the page says where everyone goes next.",
    "Leave this card on this table: its code scores only here.",
];

/// The cards of `tables` (each table's number and its page's address), headed as `options`
/// say (title, club, date, paper).
pub fn table_codes_document(
    options: &SheetOptions,
    tables: &[(u32, String)],
) -> Result<SheetDocument, SheetError> {
    if tables.is_empty() {
        return Err(SheetError::Options(
            "there are no tables to print codes for".into(),
        ));
    }
    let cards = tables
        .iter()
        .map(|(table, address)| {
            let code = crate::qr::Code::new(address).map_err(SheetError::Options)?;
            Ok(TableCode {
                title: format!("Table {table}"),
                address: breakable(address),
                svg: code.svg(),
                lines: LINES.iter().map(|line| (*line).to_owned()).collect(),
            })
        })
        .collect::<Result<Vec<_>, SheetError>>()?;
    Ok(SheetDocument {
        event: EventHeading::of(options)?,
        sections: vec![Section {
            title: "Scoring from phones".to_owned(),
            landscape: false,
            body: SectionBody::TableCodes { cards },
        }],
    })
}

/// The cards as a PDF.
#[cfg(feature = "pdf")]
pub fn table_codes_pdf(options: &SheetOptions, tables: &[(u32, String)]) -> Result<Vec<u8>, SheetError> {
    super::pdf::render(&table_codes_document(options, tables)?)
}

/// An address that may break after its slashes, `?` and `=` (a zero-width space), so a long
/// one wraps inside its card instead of running over the edge.
fn breakable(address: &str) -> String {
    address
        .chars()
        .flat_map(|c| {
            let after = matches!(c, '/' | '?' | '=').then_some('\u{200B}');
            std::iter::once(c).chain(after)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_per_table_with_its_code_and_address() {
        let tables = vec![
            (1, "http://10.0.0.5:8080/t/1?k=aaaabbbbccccdddd".to_owned()),
            (2, "http://10.0.0.5:8080/t/2?k=eeeeffffgggghhhh".to_owned()),
        ];
        let document = table_codes_document(&SheetOptions::new("Monday pairs"), &tables).unwrap();
        let SectionBody::TableCodes { cards } = &document.sections[0].body else {
            panic!("not table codes");
        };
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[1].title, "Table 2");
        assert_eq!(cards[1].address.replace('\u{200B}', ""), tables[1].1);
        assert_eq!(cards[0].svg, crate::qr::Code::new(&tables[0].1).unwrap().svg());
        assert!(table_codes_document(&SheetOptions::new("x"), &[]).is_err());
    }
}
