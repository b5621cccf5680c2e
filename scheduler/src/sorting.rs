//! Sorting a table by one column the way a reader expects it on the first click: names A→Z,
//! places (Rank) 1 first, scores highest first; a second click turns the order round. Used by
//! the window's standings and roster, so every name column sorts alike.

use std::cmp::Ordering;

/// Which way a column is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortOrder {
    /// Smallest first: A→Z, rank 1 first, lowest score first.
    Ascending,
    /// Largest first: Z→A, highest score first.
    Descending,
}

impl SortOrder {
    /// The other order (a second click on the column).
    pub fn reversed(self) -> SortOrder {
        match self {
            SortOrder::Ascending => SortOrder::Descending,
            SortOrder::Descending => SortOrder::Ascending,
        }
    }
}

/// What a column holds, which decides its first order and how its order is said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnKind {
    /// Names and other words: A→Z first.
    Text,
    /// A place in the ranking ("1", "2=", "4"): 1 first.
    Rank,
    /// Points, tricks, percentages: highest first.
    Number,
}

impl ColumnKind {
    /// Reads a column from its heading and cells: a number column when every filled cell
    /// is a number ("12", "2½", "55.3%", "3=" for a tie), a rank when headed so.
    pub fn of<'a>(heading: &str, cells: impl IntoIterator<Item = &'a str>) -> ColumnKind {
        let numbers = cells
            .into_iter()
            .filter(|c| !c.trim().is_empty())
            .all(|c| number(c).is_some());
        let rank = ["rank", "place", "pos", "position", "#"]
            .iter()
            .any(|h| heading.trim().eq_ignore_ascii_case(h));
        match (numbers, rank) {
            (true, true) => ColumnKind::Rank,
            (true, false) => ColumnKind::Number,
            (false, _) => ColumnKind::Text,
        }
    }

    /// The order of a first click on the column's heading.
    pub fn first_order(self) -> SortOrder {
        match self {
            ColumnKind::Text | ColumnKind::Rank => SortOrder::Ascending,
            ColumnKind::Number => SortOrder::Descending,
        }
    }

    /// How the order is said beside the heading: "A→Z", "high first".
    pub fn describe(self, order: SortOrder) -> &'static str {
        match (self, order) {
            (ColumnKind::Text, SortOrder::Ascending) => "A→Z",
            (ColumnKind::Text, SortOrder::Descending) => "Z→A",
            (_, SortOrder::Ascending) => "low first",
            (_, SortOrder::Descending) => "high first",
        }
    }

    /// Compares two cells of the column: numbers as numbers, words without regard to case.
    /// Empty cells come last in either order (see [`sorted_rows`]).
    fn compare(self, a: &str, b: &str) -> Ordering {
        match self {
            ColumnKind::Text => compare_names(a, b),
            ColumnKind::Rank | ColumnKind::Number => match (number(a), number(b)) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                _ => a.cmp(b),
            },
        }
    }
}

/// Two names in A→Z order, ignoring case ("de Vries" among the Ds), then exactly.
pub fn compare_names(a: &str, b: &str) -> Ordering {
    a.trim()
        .to_lowercase()
        .cmp(&b.trim().to_lowercase())
        .then_with(|| a.cmp(b))
}

/// The rows sorted by `column` in `order`; rows that tie keep their order (the ranking), and
/// rows with the cell empty or missing come last either way.
pub fn sorted_rows(
    rows: &[Vec<String>],
    column: usize,
    kind: ColumnKind,
    order: SortOrder,
) -> Vec<&Vec<String>> {
    let mut sorted: Vec<&Vec<String>> = rows.iter().collect();
    let cell = |row: &Vec<String>| {
        row.get(column)
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
    };
    sorted.sort_by(|a, b| match (cell(a), cell(b)) {
        (Some(x), Some(y)) => {
            let by_kind = kind.compare(&x, &y);
            match order {
                SortOrder::Ascending => by_kind,
                SortOrder::Descending => by_kind.reverse(),
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
    sorted
}

/// A cell as a number: "12", "-3", "2½", "55.3%", "3=" (a tied place).
fn number(cell: &str) -> Option<f64> {
    let t = cell.trim().trim_end_matches(['=', '%']).trim().replace('½', ".5");
    let t = if t.starts_with('.') { format!("0{t}") } else { t };
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(cells: &[[&str; 3]]) -> Vec<Vec<String>> {
        cells
            .iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    fn column<'a>(sorted: &[&'a Vec<String>], c: usize) -> Vec<&'a str> {
        sorted.iter().map(|r| r[c].as_str()).collect()
    }

    #[test]
    fn a_first_click_sorts_names_a_to_z_places_up_and_scores_down() {
        let table = rows(&[
            ["1", "carol Dunn", "2½"],
            ["2=", "Ann Archer", "2"],
            ["2=", "Bob Archer", "2"],
            ["10", "Zoe", ""],
        ]);
        let kind = |c: usize, heading: &str| ColumnKind::of(heading, table.iter().map(|r| r[c].as_str()));
        assert_eq!(kind(0, "Rank"), ColumnKind::Rank);
        assert_eq!(kind(1, "Player"), ColumnKind::Text);
        assert_eq!(kind(2, "Pts"), ColumnKind::Number);
        let first = |c: usize, heading: &str| {
            let k = kind(c, heading);
            sorted_rows(&table, c, k, k.first_order())
        };
        assert_eq!(
            column(&first(1, "Player"), 1),
            ["Ann Archer", "Bob Archer", "carol Dunn", "Zoe"]
        );
        assert_eq!(column(&first(0, "Rank"), 0), ["1", "2=", "2=", "10"]);
        // Highest first; the tie keeps the ranking's order; the empty cell last.
        assert_eq!(
            column(&first(2, "Pts"), 1),
            ["carol Dunn", "Ann Archer", "Bob Archer", "Zoe"]
        );
        let text = ColumnKind::Text;
        assert_eq!(
            column(&sorted_rows(&table, 1, text, SortOrder::Ascending.reversed()), 1),
            ["Zoe", "carol Dunn", "Bob Archer", "Ann Archer"]
        );
        assert_eq!(text.describe(text.first_order()), "A→Z");
        assert_eq!(
            ColumnKind::Number.describe(ColumnKind::Number.first_order()),
            "high first"
        );
    }
}
