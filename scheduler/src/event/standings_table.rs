//! A standings table as it is shown and printed: heading, columns, rows of text and how it
//! was ranked. Built by the standings (`super::standings`, and the club pairs rankings in
//! `super::club_pairs`); the sheets and the window only lay it out.

#[derive(Debug, Clone, PartialEq)]
pub struct StandingsTable {
    /// "Teams", "Players" when an event has more than one table.
    pub heading: Option<String>,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// How the table was ranked, printed under it.
    pub note: Option<String>,
}
