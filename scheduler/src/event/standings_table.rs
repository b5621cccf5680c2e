//! A standings table as it is shown and printed: heading, columns, rows of text and how it
//! was ranked. Built by the standings (`super::standings`, and the club pairs rankings in
//! `super::club_pairs`); the sheets and the window only lay it out.

/// One ranked table of the standings, as text ready to show or print.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsTable {
    /// "Teams", "Players" when an event has more than one table.
    pub heading: Option<String>,
    /// The column heads, left to right ("Rank", "Player", "Points", …).
    pub columns: Vec<String>,
    /// The lines, best first, one cell per column.
    pub rows: Vec<Vec<String>>,
    /// How the table was ranked, printed under it.
    pub note: Option<String>,
}
