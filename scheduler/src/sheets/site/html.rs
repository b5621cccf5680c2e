//! The pieces every page is built from: HTML escaping, the page frame (head, the event's
//! line, navigation, footer), tables with their caption and header cells, and suit symbols
//! (red hearts and diamonds, named for screen readers).

use std::fmt::Write;

/// The generator line in every page's head; also how an earlier Tourney site is recognised.
pub(super) const GENERATOR: &str = r#"<meta name="generator" content="Tourney results">"#;

/// `text` with `&`, `<`, `>`, `"` and `'` written as entities: safe inside an element and
/// inside a quoted attribute.
pub(super) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A link to `href` (a file of the site) saying `text` (already HTML).
pub(super) fn link(href: &str, text: &str) -> String {
    format!(r#"<a href="{}">{text}</a>"#, esc(href))
}

/// What every page of one site shares: the event's name and its line of facts.
pub(super) struct Frame {
    /// The event's title, escaped.
    pub title: String,
    /// Club and date, escaped, joined with " · "; empty when neither is known.
    pub line: String,
}

impl Frame {
    /// A whole page: `heading` (plain text, escaped here) is the page's one `h1` and, with
    /// the event's title, its window title; `body` is the HTML under it.
    pub fn page(&self, heading: &str, body: &str) -> Vec<u8> {
        let heading = esc(heading);
        let title = if heading == self.title {
            heading.clone()
        } else {
            format!("{heading} — {}", self.title)
        };
        let line = if self.line.is_empty() {
            String::new()
        } else {
            format!(" <span class=\"line\">{}</span>", self.line)
        };
        let mut page = String::with_capacity(body.len() + 1500);
        let _ = write!(
            page,
            r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{GENERATOR}
<title>{title}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<header>
<p class="event"><a href="index.html">{event}</a>{line}</p>
</header>
<main>
<h1>{heading}</h1>
{body}</main>
<footer>
<p>Results published with Tourney. <a href="index.html">Back to the ranking</a>.</p>
</footer>
</body>
</html>
"#,
            event = self.title,
        );
        page.into_bytes()
    }
}

/// How a column's cells are aligned.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    /// Text: names, contracts.
    Left,
    /// Numbers: right-aligned, figures of equal width.
    Right,
}

/// On which screens a column is shown. A wide table gives a phone (the style sheet's narrow
/// width) a few merged columns in place of several: those are `Narrow`, the ones they stand
/// for `Wide`. The hidden ones are `display: none`, so a screen reader reads each fact once.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Show {
    /// Every screen.
    Always,
    /// Wider than a phone only.
    Wide,
    /// A phone only.
    Narrow,
}

impl Show {
    /// The CSS class that hides the column where it is not shown; empty for `Always`.
    fn class(self) -> &'static str {
        match self {
            Show::Always => "",
            Show::Wide => "wide",
            Show::Narrow => "narrow",
        }
    }
}

/// A table with its caption, headed columns and rows of cells (HTML already), in a box that
/// scrolls sideways on a narrow screen rather than squeezing the columns. The cell at
/// `row_header` in each row is the row's header (`<th scope="row">`).
pub(super) struct Table {
    /// The caption, escaped.
    pub caption: String,
    /// Column heads (HTML: plain text escaped by the caller) and alignment.
    pub columns: Vec<(String, Align)>,
    /// On which screens each column is shown, by column; a column not listed is always.
    pub shown: Vec<Show>,
    /// Which cell of each row heads it.
    pub row_header: usize,
    /// Groups of rows, each with an optional heading line across the table (HTML).
    pub groups: Vec<(Option<String>, Vec<Vec<String>>)>,
    /// A CSS class for the table, empty for none.
    pub class: &'static str,
}

impl Table {
    /// A table of one group of rows.
    pub fn new(caption: &str, columns: Vec<(String, Align)>, rows: Vec<Vec<String>>) -> Table {
        Table {
            caption: esc(caption),
            columns,
            shown: Vec::new(),
            row_header: 0,
            groups: vec![(None, rows)],
            class: "",
        }
    }

    /// The classes of column `column`'s cells: its alignment and where it is hidden, as a
    /// ` class="…"` attribute (empty for none).
    fn cell_class(&self, column: usize) -> String {
        let align = self.columns.get(column).map_or(Align::Left, |c| c.1);
        let show = self.shown.get(column).copied().unwrap_or(Show::Always);
        let classes: Vec<&str> = [if align == Align::Right { "num" } else { "" }, show.class()]
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect();
        if classes.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", classes.join(" "))
        }
    }

    /// The table as HTML.
    pub fn html(&self) -> String {
        let mut out = String::new();
        let class = if self.class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", self.class)
        };
        let _ = write!(
            out,
            "<div class=\"scroll\">\n<table{class}>\n<caption>{}</caption>\n<thead><tr>",
            self.caption
        );
        for (column, (label, _)) in self.columns.iter().enumerate() {
            let _ = write!(out, "<th scope=\"col\"{}>{}</th>", self.cell_class(column), label);
        }
        out.push_str("</tr></thead>\n");
        for (heading, rows) in &self.groups {
            out.push_str("<tbody>\n");
            if let Some(heading) = heading {
                let _ = writeln!(
                    out,
                    "<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"{}\"><span>{heading}</span></th></tr>",
                    self.columns.len()
                );
            }
            for row in rows {
                self.row(&mut out, row);
            }
            out.push_str("</tbody>\n");
        }
        out.push_str("</table>\n</div>\n");
        out
    }

    fn row(&self, out: &mut String, row: &[String]) {
        out.push_str("<tr>");
        let mut column = 0;
        for cell in row {
            // A cell "<td colspan=…" written whole by the caller spans columns.
            if cell.starts_with("<td") {
                out.push_str(cell);
                column += 1;
                continue;
            }
            let class = self.cell_class(column);
            if column == self.row_header {
                let _ = write!(out, "<th scope=\"row\"{class}>{cell}</th>");
            } else {
                let _ = write!(out, "<td{class}>{cell}</td>");
            }
            column += 1;
        }
        out.push_str("</tr>\n");
    }
}

/// A suit's symbol with its name for screen readers; hearts and diamonds red.
pub(super) fn suit_symbol(symbol: char) -> String {
    let (name, red) = match symbol {
        '♠' => ("spades", false),
        '♥' => ("hearts", true),
        '♦' => ("diamonds", true),
        '♣' => ("clubs", false),
        other => return esc(&other.to_string()),
    };
    let class = if red { "suit red" } else { "suit" };
    format!("<span class=\"{class}\" aria-hidden=\"true\">{symbol}</span><span class=\"vh\">{name}</span>")
}

/// `text` escaped, with every suit symbol in it drawn by [`suit_symbol`] ("4♥S+1").
pub(super) fn with_suits(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '♠' | '♥' | '♦' | '♣' => suit_symbol(c),
            c => esc(&c.to_string()),
        })
        .collect()
}

/// Matchpoints on the 2-per-score-beaten scale as the ranking shows them (1 per score
/// beaten, one decimal).
pub(super) fn mp_text(two_scale: f64) -> String {
    format!("{:.1}", two_scale / 2.0)
}

/// A percentage with two decimals.
pub(super) fn percent_text(percent: f64) -> String {
    format!("{percent:.2}")
}
