//! Roster import from the CSV files clubs actually keep: any encoding Excel or LibreOffice
//! writes, `,` `;` or tab delimiters, header names in many spellings, or no header at all.
//!
//! Every problem names the file, the line and the column, and nothing here panics on any
//! input: a roster is either returned with its warnings or refused with its errors.

use crate::csv_safety::restore;
use crate::model::{Player, PlayerId, Roster};
use crate::problems::Problems;
use crate::roster_cells::{Record, screen};
use crate::text::{Encoding, decode, sniff_delimiter};
use std::collections::HashMap;
use std::path::Path;

/// The outcome of reading a roster file. `roster` holds what could be read even when there
/// are errors, so a preview can show it; only use it for scheduling when `!problems.has_errors()`.
#[derive(Debug, Clone)]
pub struct RosterImport {
    /// The players read, in file order (what could be read, even with errors).
    pub roster: Roster,
    /// Every error and warning, naming the file, line and column.
    pub problems: Problems,
    /// The encoding the bytes were read in, for the organiser to check.
    pub encoding: Encoding,
    /// `None` for a one-column file.
    pub delimiter: Option<u8>,
    /// Whether the first line was read as column headers rather than a player.
    pub had_header: bool,
}

impl RosterImport {
    /// Whether the roster can be used: no problem is an error.
    pub fn is_ok(&self) -> bool {
        !self.problems.has_errors()
    }

    /// A file that could not be read at all.
    fn refused(problems: Problems) -> Self {
        RosterImport {
            roster: Roster::default(),
            problems,
            encoding: Encoding::Utf8,
            delimiter: None,
            had_header: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Column {
    Id,
    Name,
    FirstName,
    LastName,
    Club,
    Rating,
    Team,
    Board,
    Spouse,
    Stationary,
    Email,
}

/// Header spellings, compared after lower-casing and folding `_`, `-` and repeated spaces.
const ALIASES: &[(Column, &[&str])] = &[
    (Column::Id, &["id", "player id", "#", "no", "no.", "nr", "nr."]),
    (
        Column::Name,
        &[
            "name",
            "player",
            "full name",
            "player name",
            "names",
            "participant",
            "member",
        ],
    ),
    (
        Column::FirstName,
        &[
            "first name",
            "firstname",
            "given name",
            "forename",
            "first",
            "vorname",
        ],
    ),
    (
        Column::LastName,
        &[
            "last name",
            "lastname",
            "surname",
            "family name",
            "last",
            "nachname",
        ],
    ),
    (Column::Club, &["club", "club name", "society", "verein"]),
    (
        Column::Rating,
        &["rating", "elo", "fide rating", "grade", "ecf grade", "dwz"],
    ),
    (Column::Team, &["team", "team name", "school"]),
    (
        Column::Board,
        &["board", "board number", "board no", "board no.", "bd"],
    ),
    (
        Column::Spouse,
        &[
            "spouse",
            "partner avoid",
            "avoid partner",
            "avoid",
            "couple",
            "keep apart",
            "never partner",
            "partner to avoid",
        ],
    ),
    (
        Column::Stationary,
        &["stationary", "sits still", "sit still", "fixed seat", "stays put"],
    ),
    (Column::Email, &["email", "e mail", "mail", "email address"]),
];

fn normalise_header(text: &str) -> String {
    let folded: String = text
        .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}' || c == ':')
        .to_lowercase()
        .chars()
        .map(|c| if c == '_' || c == '-' { ' ' } else { c })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn column_for(header: &str) -> Option<Column> {
    let key = normalise_header(header);
    ALIASES
        .iter()
        .find(|(_, names)| names.contains(&key.as_str()))
        .map(|(column, _)| *column)
}

/// A name as the organiser would compare two names: case and spacing do not matter.
fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Reads a roster file from disk. A file that cannot be read is reported as a problem, not
/// returned as an `Err`, so the caller prints every outcome the same way.
pub fn import_roster_file(path: &Path) -> RosterImport {
    let label = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => import_roster_bytes(&label, &bytes),
        Err(err) => {
            let mut problems = Problems::for_file(label);
            problems.error(None, None, format!("cannot read the file: {err}"));
            RosterImport::refused(problems)
        }
    }
}

struct Row {
    line: u64,
    fields: Vec<String>,
}

/// Reads a roster from the bytes of a file; `file_label` names it in every problem.
pub fn import_roster_bytes(file_label: &str, bytes: &[u8]) -> RosterImport {
    let mut problems = Problems::for_file(file_label);
    if let Some(message) = not_a_text_file(bytes) {
        problems.error(None, None, message);
        return RosterImport::refused(problems);
    }
    let (text, encoding) = decode(bytes);
    if encoding == Encoding::Windows1252 {
        problems.warning(
            None,
            None,
            "the file is not UTF-8; read it as Windows-1252 (Excel's Western European encoding)",
        );
    }
    // The csv reader counts lines by '\n' only after a CR-LF pair is consumed as one
    // terminator, which shifts reported line numbers; plain '\n' keeps them exact.
    let text = normalise_line_endings(&text);
    let delimiter = sniff_delimiter(&text);
    let mut rows = read_rows(&text, delimiter, &mut problems);

    let mut import = RosterImport {
        roster: Roster::default(),
        problems,
        encoding,
        delimiter,
        had_header: false,
    };
    if rows.is_empty() {
        import.problems.error(None, None, "the file has no players in it");
        return import;
    }
    let header_like = rows[0].fields.iter().any(|h| column_for(h).is_some());
    if !screen_rows(&mut rows, header_like, &text, delimiter, &mut import.problems) {
        return import;
    }
    let first = &rows[0];

    let columns: Vec<Option<Column>> = first.fields.iter().map(|h| column_for(h)).collect();
    let body: &[Row];
    let layout: Vec<(usize, Column, String)>;
    if columns.iter().any(Option::is_some) {
        import.had_header = true;
        body = &rows[1..];
        let errors_before = import.problems.errors().count();
        layout = header_layout(first, &columns, &mut import.problems);
        if import.problems.errors().count() > errors_before {
            return import;
        }
    } else if first.fields.len() == 1 {
        body = &rows[..];
        layout = vec![(0, Column::Name, "name".to_owned())];
    } else {
        let known: Vec<&str> = ALIASES.iter().map(|(_, names)| names[0]).collect();
        import.problems.error(
            Some(first.line),
            None,
            format!(
                "no column header recognised in \"{}\"; name the columns (known: {}), \
                 or give one name per line",
                first.fields.join(", "),
                known.join(", ")
            ),
        );
        return import;
    }

    let mut parsed = Vec::new();
    for row in body {
        if let Some(player) = parse_row(row, &layout, first.fields.len(), &mut import.problems) {
            parsed.push(player);
        }
    }
    import.roster = link_players(parsed, &mut import.problems);
    if import.roster.is_empty() && !import.problems.has_errors() {
        import
            .problems
            .error(None, None, "the file has a header but no players");
    }
    import
}

/// Refuses rows whose quote swallowed line breaks and takes control characters out of every
/// cell (see `roster_cells`), naming each field by its header when the file has one. Returns
/// false when the first row itself is damaged, so nothing more can be said about the file.
fn screen_rows(
    rows: &mut Vec<Row>,
    has_header: bool,
    text: &str,
    delimiter: Option<u8>,
    problems: &mut Problems,
) -> bool {
    // Read with the reader's own rules (as `read_rows`: one column is read with 0x1f).
    let open_at_end = crate::text::ends_inside_quotes(text, delimiter.unwrap_or(0x1f));
    let last = rows.len() - 1;
    let mut titles: Vec<String> = Vec::new();
    let one_column = rows[0].fields.len() == 1;
    let mut index = 0;
    let mut first_kept = true;
    rows.retain_mut(|row| {
        let position = index;
        index += 1;
        let is_header = has_header && position == 0;
        let label = |field: usize| match titles.get(field) {
            Some(title) if !is_header && !title.is_empty() => title.clone(),
            _ if !has_header && one_column => "name".to_owned(),
            _ => format!("column {}", field + 1),
        };
        let keep = screen(
            Record {
                line: row.line,
                fields: &mut row.fields,
                may_run_to_end: position == last && open_at_end,
            },
            &label,
            problems,
        );
        if is_header && keep {
            titles = row.fields.iter().map(|t| header_title(t)).collect();
        }
        if position == 0 {
            first_kept = keep;
        }
        keep
    });
    first_kept
}

/// A header cell as it is quoted in messages.
fn header_title(cell: &str) -> String {
    cell.trim().trim_start_matches('\u{feff}').to_owned()
}

/// Spreadsheet files picked by mistake (xlsx/ods are zip archives, xls is OLE2) and other
/// binaries are refused with a hint instead of being read as garbage names.
fn not_a_text_file(bytes: &[u8]) -> Option<&'static str> {
    let utf16 = crate::text::looks_utf16(bytes);
    if bytes.starts_with(b"PK\x03\x04") {
        Some("this is a spreadsheet workbook (.xlsx or .ods), not CSV: in the spreadsheet use Save As → CSV")
    } else if bytes.starts_with(b"\xD0\xCF\x11\xE0") {
        Some("this is an old Excel workbook (.xls), not CSV: in Excel use Save As → CSV")
    } else if !utf16 && bytes.contains(&0) {
        Some("this looks like a binary file, not a CSV roster (save it from the spreadsheet as CSV)")
    } else {
        None
    }
}

/// CR-LF (Windows) and lone CR (old Mac) line ends become '\n'; so does a run of CRs ended
/// by LF (CR CR LF, written by a program that added a CR to lines that had one), which is
/// one line end, not a blank line.
pub(crate) fn normalise_line_endings(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\r' {
            out.push(c);
            continue;
        }
        let mut run = 1;
        while chars.peek() == Some(&'\r') {
            chars.next();
            run += 1;
        }
        if chars.peek() == Some(&'\n') {
            chars.next();
            run = 1;
        }
        out.extend(std::iter::repeat_n('\n', run));
    }
    out
}

fn read_rows(text: &str, delimiter: Option<u8>, problems: &mut Problems) -> Vec<Row> {
    // A one-column file is read with a delimiter that never occurs in text, so that commas
    // inside names stay and quotes are still honoured.
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter.unwrap_or(0x1f))
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line());
                let fields: Vec<String> = record.iter().map(str::to_owned).collect();
                // Spreadsheets export trailing empty rows as ";;;" — they are not players.
                if fields.iter().all(|f| f.trim().is_empty()) {
                    continue;
                }
                rows.push(Row { line, fields });
            }
            Err(err) => {
                let line = err.position().map(|p| p.line());
                problems.error(line, None, format!("this line cannot be read as CSV: {err}"));
            }
        }
    }
    rows
}

fn header_layout(
    header: &Row,
    columns: &[Option<Column>],
    problems: &mut Problems,
) -> Vec<(usize, Column, String)> {
    let mut layout: Vec<(usize, Column, String)> = Vec::new();
    for (index, (title, column)) in header.fields.iter().zip(columns).enumerate() {
        let title = header_title(title);
        match column {
            Some(column) => {
                if let Some((_, _, earlier)) = layout.iter().find(|(_, c, _)| c == column) {
                    problems.error(
                        Some(header.line),
                        Some(&title),
                        format!("this column means the same as the column \"{earlier}\"; keep one of them"),
                    );
                } else {
                    layout.push((index, *column, title));
                }
            }
            None if title.is_empty() => {}
            None => problems.warning(
                Some(header.line),
                Some(&title),
                "column not recognised; it is ignored",
            ),
        }
    }
    let has = |wanted: Column| layout.iter().any(|(_, c, _)| *c == wanted);
    if !has(Column::Name) && !has(Column::FirstName) && !has(Column::LastName) {
        problems.error(
            Some(header.line),
            None,
            "no name column: call one column \"name\" (or \"player\", \"full name\"), \
             or give \"first name\" and \"last name\"",
        );
    } else if has(Column::Name) && (has(Column::FirstName) || has(Column::LastName)) {
        problems.warning(
            Some(header.line),
            None,
            "both a full-name column and first/last-name columns: using the full name",
        );
    }
    layout
}

/// A row as read, before spouses (which name other rows) are resolved.
struct ParsedPlayer {
    line: u64,
    id: Option<u32>,
    player: Player,
    spouse_name: Option<(String, String)>,
}

fn parse_row(
    row: &Row,
    layout: &[(usize, Column, String)],
    header_width: usize,
    problems: &mut Problems,
) -> Option<ParsedPlayer> {
    let line = Some(row.line);
    if header_width > 1 && row.fields.len() > header_width {
        let extra: Vec<&str> = row.fields[header_width..]
            .iter()
            .map(|f| f.trim())
            .filter(|f| !f.is_empty())
            .collect();
        if !extra.is_empty() {
            problems.warning(
                line,
                None,
                format!("more fields than columns; ignored: {}", extra.join(", ")),
            );
        }
    }
    let mut player = Player::new(0, "");
    let mut id = None;
    let mut spouse_name = None;
    let (mut full, mut first, mut last) = (None, None, None);
    let mut ok = true;
    for (index, column, title) in layout {
        // The apostrophe Tourney's own CSV exports put before formula-like cells comes off.
        let raw = restore(row.fields.get(*index).map(String::as_str).unwrap_or(""));
        let value = tidy(raw, line, title, problems);
        if value.is_empty() {
            continue;
        }
        let field = Some(title.as_str());
        match column {
            Column::Name => full = Some(value),
            Column::FirstName => first = Some(value),
            Column::LastName => last = Some(value),
            Column::Club => player.club = Some(value),
            Column::Team => player.team = Some(value),
            Column::Email => {
                if !value.contains('@') {
                    problems.warning(
                        line,
                        field,
                        format!("\"{value}\" does not look like an e-mail address"),
                    );
                }
                player.email = Some(value);
            }
            Column::Id => match value.parse::<u32>() {
                Ok(n) if n > 0 => id = Some(n),
                _ => {
                    problems.error(
                        line,
                        field,
                        format!("\"{value}\" is not a player number (1, 2, 3 …)"),
                    );
                    ok = false;
                }
            },
            Column::Rating => match parse_rating(&value) {
                Some(rating) => player.rating = Some(rating),
                None => {
                    problems.error(line, field, format!("\"{value}\" is not a number"));
                    ok = false;
                }
            },
            Column::Board => match value.parse::<u32>() {
                Ok(n) if n > 0 => player.board = Some(n),
                _ => {
                    problems.error(
                        line,
                        field,
                        format!("\"{value}\" is not a board number (1 is the top board)"),
                    );
                    ok = false;
                }
            },
            Column::Stationary => match parse_yes_no(&value) {
                Some(flag) => player.stationary = flag,
                None => {
                    problems.error(line, field, format!("\"{value}\" is not yes or no"));
                    ok = false;
                }
            },
            Column::Spouse => spouse_name = Some((value, title.clone())),
        }
    }
    let name = match (full, first, last) {
        (Some(full), _, _) => full,
        (None, first, last) => [first, last].into_iter().flatten().collect::<Vec<_>>().join(" "),
    };
    if name.is_empty() {
        problems.error(
            line,
            Some("name"),
            "the name is empty, but the line has other data",
        );
        return None;
    }
    player.name = name;
    ok.then_some(ParsedPlayer {
        line: row.line,
        id,
        player,
        spouse_name,
    })
}

/// Trims a field and folds runs of spaces, warning when that changed what the organiser typed.
fn tidy(raw: &str, line: Option<u64>, title: &str, problems: &mut Problems) -> String {
    let tidied = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if tidied != raw && !tidied.is_empty() {
        problems.warning(line, Some(title), format!("extra spaces removed from \"{raw}\""));
    }
    tidied
}

fn parse_rating(value: &str) -> Option<u32> {
    if let Ok(n) = value.parse::<u32>() {
        return Some(n);
    }
    // "1850.0" from a spreadsheet that stored the rating as a decimal number.
    let number: f64 = value.replace(',', ".").parse().ok()?;
    (number.is_finite() && number >= 0.0 && number.fract() == 0.0 && number <= u32::MAX as f64)
        .then_some(number as u32)
}

fn parse_yes_no(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "yes" | "y" | "x" | "1" | "true" | "ja" | "oui" | "si" | "sí" | "✓" | "✔" | "stationary" => {
            Some(true)
        }
        "no" | "n" | "0" | "false" | "nein" | "non" | "-" => Some(false),
        _ => None,
    }
}

fn link_players(parsed: Vec<ParsedPlayer>, problems: &mut Problems) -> Roster {
    // Ids: from the file when it has them (they must be unique), otherwise file order.
    let mut id_lines: HashMap<u32, u64> = HashMap::new();
    let mut next_free = parsed.iter().filter_map(|p| p.id).max().unwrap_or(0) + 1;
    let mut players = Vec::with_capacity(parsed.len());
    let mut lines = Vec::with_capacity(parsed.len());
    let uses_ids = parsed.iter().any(|p| p.id.is_some());
    for (position, entry) in parsed.iter().enumerate() {
        let id = match entry.id {
            Some(id) => id,
            None if uses_ids => {
                next_free += 1;
                next_free - 1
            }
            None => position as u32 + 1,
        };
        if let Some(earlier) = id_lines.insert(id, entry.line) {
            problems.error(
                Some(entry.line),
                Some("id"),
                format!("player number {id} is already used on line {earlier}"),
            );
        }
        let mut player = entry.player.clone();
        player.id = PlayerId(id);
        players.push(player);
        lines.push(entry.line);
    }

    let mut by_name: HashMap<String, usize> = HashMap::new();
    for (index, player) in players.iter().enumerate() {
        if let Some(&earlier) = by_name.get(&name_key(&player.name)) {
            problems.error(
                Some(lines[index]),
                Some("name"),
                format!(
                    "\"{}\" is listed twice (also on line {}); add an initial to tell them apart",
                    player.name, lines[earlier]
                ),
            );
        } else {
            by_name.insert(name_key(&player.name), index);
        }
    }

    link_spouses(&parsed, &mut players, &lines, &by_name, problems);

    let stationary: Vec<String> = players
        .iter()
        .zip(&lines)
        .filter(|(p, _)| p.stationary)
        .map(|(p, line)| format!("{} (line {line})", p.name))
        .collect();
    if stationary.len() > 1 {
        problems.error(
            None,
            Some("stationary"),
            format!(
                "only one player can keep the stationary seat, but {} are marked: {}",
                stationary.len(),
                stationary.join(", ")
            ),
        );
    }
    Roster { players }
}

fn link_spouses(
    parsed: &[ParsedPlayer],
    players: &mut [Player],
    lines: &[u64],
    by_name: &HashMap<String, usize>,
    problems: &mut Problems,
) {
    let mut named: Vec<Option<usize>> = vec![None; players.len()];
    for (index, entry) in parsed.iter().enumerate() {
        let Some((spouse, title)) = &entry.spouse_name else {
            continue;
        };
        let line = Some(lines[index]);
        match by_name.get(&name_key(spouse)) {
            None => problems.error(
                line,
                Some(title),
                format!("\"{spouse}\" is not a player in this roster"),
            ),
            Some(&other) if other == index => {
                problems.error(line, Some(title), "a player cannot be their own spouse")
            }
            Some(&other) => named[index] = Some(other),
        }
    }
    // Couples must be mutual and nobody may belong to two couples: a couple is one pair of
    // seats in the pseudo round.
    let mut partner_of: Vec<Option<usize>> = vec![None; players.len()];
    for (a, target) in named.iter().enumerate() {
        let Some(b) = *target else { continue };
        let title = parsed[a].spouse_name.as_ref().map(|(_, t)| t.as_str());
        if let Some(c) = named[b]
            && c != a
        {
            problems.error(
                Some(lines[a]),
                title,
                format!(
                    "{} names {} as spouse, but {} names {} (line {})",
                    players[a].name, players[b].name, players[b].name, players[c].name, lines[b]
                ),
            );
            continue;
        }
        for (x, y) in [(a, b), (b, a)] {
            match partner_of[x] {
                Some(existing) if existing != y => problems.error(
                    Some(lines[a]),
                    title,
                    format!(
                        "{} would belong to two couples ({} and {}); a player can be kept \
                         apart from one spouse only",
                        players[x].name, players[existing].name, players[y].name
                    ),
                ),
                _ => partner_of[x] = Some(y),
            }
        }
    }
    for (index, partner) in partner_of.iter().enumerate() {
        players[index].spouse = partner.map(|p| players[p].id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import(text: &str) -> RosterImport {
        import_roster_bytes("test.csv", text.as_bytes())
    }

    #[test]
    fn header_aliases_are_case_insensitive() {
        let r = import("FULL_NAME;ELO;Sits Still\nAnn;1500;yes\nBob;;\n");
        assert!(r.is_ok(), "{:?}", r.problems.list);
        assert_eq!(r.roster.players[0].rating, Some(1500));
        assert!(r.roster.players[0].stationary);
        assert_eq!(r.roster.players[1].rating, None);
    }

    #[test]
    fn first_and_last_names_are_combined() {
        let r = import("First name,Last name\nAnn,Smith\n,Cher\n");
        assert!(r.is_ok(), "{:?}", r.problems.list);
        assert_eq!(r.roster.names(), vec!["Ann Smith", "Cher"]);
    }

    #[test]
    fn spouses_become_mutual_when_named_once() {
        let r = import("name,spouse\nAnn,Bob\nBob,\nCy,\n");
        assert!(r.is_ok(), "{:?}", r.problems.list);
        assert_eq!(r.roster.couples(), vec![(0, 1)]);
    }

    #[test]
    fn spouse_naming_someone_else_is_an_error() {
        let r = import("name,spouse\nAnn,Bob\nBob,Cy\nCy,\n");
        let message = r.problems.errors().next().expect("an error").to_string();
        assert!(
            message.contains("line 2") && message.contains("Bob names Cy"),
            "{message}"
        );
    }

    #[test]
    fn malformed_bytes_never_panic() {
        for bytes in [
            &b"\xff\xfe\x00"[..],
            b"\"unterminated",
            b"\0\0\0",
            b",,,\n;;;",
            b"",
        ] {
            let _ = import_roster_bytes("x.csv", bytes);
        }
    }

    #[test]
    fn ratings_from_spreadsheets_accept_decimal_zero() {
        assert_eq!(parse_rating("1850.0"), Some(1850));
        assert_eq!(parse_rating("1850,0"), Some(1850));
        assert_eq!(parse_rating("18.5"), None);
        assert_eq!(parse_rating("NaN"), None);
    }
}
