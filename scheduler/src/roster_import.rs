//! Roster import from the CSV files clubs actually keep: any encoding Excel or LibreOffice
//! writes, `,` `;` or tab delimiters, header names in many spellings, or no header at all.
//! A roster of pairs is read from any of the layouts club spreadsheets use (see
//! [`RosterLayout`]): each pair becomes one entrant named "A & B" with its two members.
//!
//! Every problem names the file, the line and the column, and nothing here panics on any
//! input: a roster is either returned with its warnings or refused with its errors.

use crate::csv_safety::restore;
use crate::model::{Member, Player, PlayerId, Roster};
use crate::problems::Problems;
use crate::roster_cells::{Record, number_problem, pair_parts, screen};
use crate::text::{Encoding, decode, sniff_delimiter};
use std::collections::HashMap;
use std::path::Path;

mod team_rows;

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
    /// How the rows were read: players, or pairs in one of the pairs layouts.
    pub layout: RosterLayout,
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
            layout: RosterLayout::Players,
        }
    }
}

/// How a roster file lays out its entrants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RosterLayout {
    /// One player a row.
    Players,
    /// One pair a row, its players in two columns: "Player 1" and "Player 2" (or "Name" and
    /// "Partner", "North" and "South" …), with their numbers in columns beside them.
    PairRows,
    /// One pair a row, both players in one cell: "Ann Archer & Bob Archer" under "Pair".
    PairCells,
    /// One player a row; the two players with the same number in the "Pair" column make a pair.
    PairNumbers,
    /// One team a row, a column for each player ("Team", "Player 1" … "Player 6"): read as one
    /// player a row with its team.
    TeamRows,
}

impl RosterLayout {
    /// Whether the roster's entrants are pairs.
    pub fn holds_pairs(self) -> bool {
        !matches!(self, RosterLayout::Players | RosterLayout::TeamRows)
    }

    /// The layout in words, for `roster check` and the window's preview.
    pub fn describe(self) -> &'static str {
        match self {
            RosterLayout::Players => "one player a row",
            RosterLayout::PairRows => "one pair a row, a column for each player",
            RosterLayout::PairCells => "one pair a row, both players in one cell",
            RosterLayout::PairNumbers => "one player a row, pairs by pair number",
            RosterLayout::TeamRows => "one team a row, a column for each player",
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
    /// A prize category (ladies/gents or any groups): whist drives rank each.
    Category,
    Board,
    Spouse,
    Stationary,
    Email,
    /// A member or national number.
    Number,
    /// "Pair": the pair's number beside name columns; the pairs' names ("A & B") without.
    Pair,
    /// "Pair no": the pair's number.
    PairNumber,
    /// "Pairs": the pairs' names, "A & B" in each cell.
    PairNames,
}

/// Which player of a pair a column is about: `Only` for a column of the whole row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Slot {
    Only,
    First,
    Second,
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
            "second name",
        ],
    ),
    (Column::Club, &["club", "club name", "society", "verein"]),
    (
        Column::Rating,
        &["rating", "elo", "fide rating", "grade", "ecf grade", "dwz"],
    ),
    (Column::Team, &["team", "team name", "school"]),
    (
        Column::Category,
        &[
            "category",
            "prize category",
            "prize group",
            "group",
            "ladies/gents",
            "gender",
            "sex",
        ],
    ),
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
    (
        Column::Number,
        &["number", "member number", "ebu", "acbl", "national id", "fide id"],
    ),
    (Column::Pair, &["pair"]),
    (
        Column::PairNumber,
        &[
            "pair no",
            "pair no.",
            "pair number",
            "pair nr",
            "pair nr.",
            "pair #",
            "pair num",
            "pair id",
        ],
    ),
    (
        Column::PairNames,
        &["pairs", "pair names", "pair name", "partnership", "partnerships"],
    ),
];

/// Who issues the member numbers a number column may be headed by ("EBU no", "ACBL #",
/// "Membership number", "National ID").
const NUMBER_ISSUERS: &[&str] = &[
    "ebu",
    "acbl",
    "sbu",
    "wbu",
    "cbai",
    "abf",
    "nzb",
    "cbf",
    "fide",
    "ecf",
    "uscf",
    "member",
    "member's",
    "membership",
    "national",
    "federation",
    "licence",
    "license",
];

/// The words after an issuer that make a number column ("EBU number", "member no").
const NUMBER_WORDS: &[&str] = &[
    "number",
    "numbers",
    "no",
    "no.",
    "nr",
    "nr.",
    "#",
    "id",
    "num",
    "code",
    "id number",
    "id no",
];

fn normalise_header(text: &str) -> String {
    let folded: String = text
        .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}' || c == ':')
        .to_lowercase()
        .chars()
        .map(|c| match c {
            '_' | '-' => ' ',
            '\u{2019}' => '\'',
            c => c,
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The column a header names, and for a pairs roster which player of the pair it is about
/// ("Player 2", "Partner's EBU number", "North").
fn column_for(header: &str) -> Option<(Column, Slot)> {
    let key = normalise_header(header);
    plain_column(&key)
        .map(|column| (column, Slot::Only))
        .or_else(|| slotted_column(&key))
}

/// The column a header names without a player of a pair in it.
fn plain_column(key: &str) -> Option<Column> {
    ALIASES
        .iter()
        .find(|(_, names)| names.contains(&key))
        .map(|(column, _)| *column)
        .or_else(|| is_number_header(key).then_some(Column::Number))
}

fn is_number_header(key: &str) -> bool {
    let key = key.strip_suffix('#').map_or(key, |k| k.trim_end());
    key == "num"
        || key == "numbers"
        || NUMBER_ISSUERS.contains(&key)
        || NUMBER_ISSUERS.iter().any(|issuer| {
            key.strip_prefix(issuer)
                .and_then(|rest| rest.strip_prefix(' '))
                .is_some_and(|rest| NUMBER_WORDS.contains(&rest))
        })
}

/// "Name 2", "Player 1 EBU", "First player", "Partner number", "South", "Player2": a name or
/// number column of one player of a pair.
fn slotted_column(key: &str) -> Option<(Column, Slot)> {
    let words: Vec<&str> = key.split(' ').collect();
    let (slot, rest) = split_slot(&words)?;
    let rest = match rest.as_slice() {
        ["player" | "player's" | "players", more @ ..] if !more.is_empty() => more.to_vec(),
        _ => rest,
    };
    if rest.is_empty() {
        return Some((Column::Name, slot));
    }
    match plain_column(&rest.join(" "))? {
        column @ (Column::Name | Column::FirstName | Column::LastName | Column::Number) => {
            Some((column, slot))
        }
        Column::Id => Some((Column::Number, slot)),
        _ => None,
    }
}

fn slot_word(word: &str) -> Option<Slot> {
    match word.trim_start_matches('#') {
        "1" | "a" => Some(Slot::First),
        "2" | "b" => Some(Slot::Second),
        _ => None,
    }
}

/// The player a header's words are about, and the words left.
fn split_slot<'a>(words: &[&'a str]) -> Option<(Slot, Vec<&'a str>)> {
    // "Name 1", "EBU 2", "Player B", "Member number 1"
    if let [rest @ .., last] = words
        && !rest.is_empty()
        && let Some(slot) = slot_word(last)
    {
        return Some((slot, rest.to_vec()));
    }
    // "Player 1 name", "Player A EBU"
    if let [head @ ("player" | "name"), word, rest @ ..] = words
        && let Some(slot) = slot_word(word)
    {
        let rest = if rest.is_empty() {
            vec![*head]
        } else {
            rest.to_vec()
        };
        return Some((slot, rest));
    }
    let (head, rest) = words.split_first()?;
    let slot = match *head {
        "first" | "1st" | "north" => Slot::First,
        "second" | "2nd" | "partner" | "partner's" | "partners" | "south" => Slot::Second,
        _ => {
            // "Player1", "Name2", "EBU1"
            let (last, rest) = words.split_last()?;
            let stem = last.strip_suffix(['1', '2'])?;
            if !stem.chars().last().is_some_and(char::is_alphabetic) {
                return None;
            }
            let mut rest = rest.to_vec();
            rest.push(stem);
            return Some((slot_word(&last[stem.len()..])?, rest));
        }
    };
    Some((slot, rest.to_vec()))
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
            problems.error(
                None,
                None,
                format!(
                    "cannot read the file: {}",
                    crate::export_file::describe_read_io(&err)
                ),
            );
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
        layout: RosterLayout::Players,
    };
    if rows.is_empty() {
        import.problems.error(None, None, "the file has no players in it");
        return import;
    }
    let header_like = header_columns(&rows[0]).iter().any(Option::is_some);
    if !screen_rows(&mut rows, header_like, &text, delimiter, &mut import.problems) {
        return import;
    }
    import.had_header = header_columns(&rows[0]).iter().any(Option::is_some);
    // One team a row, a column for each player: read as one player a row with its team.
    let team_rows = team_rows::as_player_rows(&rows, &mut import.problems);
    let team_layout = team_rows.is_some();
    if let Some(players) = team_rows {
        rows = players;
    }
    let Some((layout, body_start)) = read_layout(&rows, &mut import.problems) else {
        return import;
    };
    import.had_header = body_start > 0;
    import.layout = if team_layout {
        RosterLayout::TeamRows
    } else {
        layout.kind
    };
    let body = &rows[body_start..];

    let header_width = rows[0].fields.len();
    let mut parsed = Vec::new();
    for row in body {
        if let Some(player) = parse_row(row, &layout, header_width, &mut import.problems) {
            parsed.push(player);
        }
    }
    if layout.kind == RosterLayout::PairNumbers {
        parsed = group_pairs(parsed, &layout, &mut import.problems);
    }
    import.roster = link_players(parsed, &mut import.problems);
    if import.roster.is_empty() && !import.problems.has_errors() {
        import
            .problems
            .error(None, None, "the file has a header but no players");
    }
    import
}

/// The columns the cells of a first row name, if it is a header. A one-column file's header
/// is one of the plain names ("Name", "Pair"): a single column cannot hold a player of a pair,
/// and a list of names may well start with "Player 1".
fn header_columns(first: &Row) -> Vec<Option<(Column, Slot)>> {
    if first.fields.len() == 1 {
        let key = normalise_header(&first.fields[0]);
        return vec![plain_column(&key).map(|column| (column, Slot::Only))];
    }
    first.fields.iter().map(|h| column_for(h)).collect()
}

/// How the rows are read, and where the players start (after the header, if there is one).
/// `None` when the file cannot be read (the problems say why).
fn read_layout(rows: &[Row], problems: &mut Problems) -> Option<(Layout, usize)> {
    let first = &rows[0];
    let columns = header_columns(first);
    let (mut layout, mut body_start) = if columns.iter().any(Option::is_some) {
        let errors_before = problems.errors().count();
        let layout = header_layout(first, &columns, problems);
        if problems.errors().count() > errors_before {
            return None;
        }
        (layout, 1)
    } else if first.fields.len() == 1 {
        let places = vec![Place {
            index: 0,
            column: Column::Name,
            slot: Slot::Only,
            title: "name".to_owned(),
        }];
        (
            Layout {
                places,
                kind: RosterLayout::Players,
            },
            0,
        )
    } else {
        let known: Vec<&str> = ALIASES.iter().map(|(_, names)| names[0]).collect();
        problems.error(
            Some(first.line),
            None,
            format!(
                "no column header recognised in \"{}\"; name the columns (known: {}), \
                 or give one name per line",
                first.fields.join(", "),
                known.join(", ")
            ),
        );
        return None;
    };
    if layout.kind == RosterLayout::Players
        && let Some(index) = layout.lone_name_column()
    {
        let cell = |row: &Row| row.fields.get(index).map_or("", |f| f.as_str()).to_owned();
        let cells: Vec<String> = rows[body_start..].iter().map(cell).collect();
        if mostly_pairs(&cells) {
            layout.kind = RosterLayout::PairCells;
            // A one-column file of pairs whose first line is one name: that line is the
            // column's title ("Partnership"), when every other line is a pair.
            if body_start == 0 && pair_parts(&cells[0]).len() == 1 && cells[1..].iter().all(|c| is_pair(c)) {
                problems.warning(
                    Some(first.line),
                    None,
                    format!(
                        "\"{}\" is read as the column's title, since every other line is a pair",
                        cells[0].trim()
                    ),
                );
                body_start = 1;
            }
        }
    }
    Some((layout, body_start))
}

/// Whether a cell names exactly two players.
fn is_pair(cell: &str) -> bool {
    let parts = pair_parts(cell);
    parts.len() == 2 && parts.iter().all(|p| !p.is_empty())
}

/// Whether a column of names is a column of pairs: more than half of its names (and at least
/// two) join several players ("Ann & Bob").
fn mostly_pairs(cells: &[String]) -> bool {
    let filled = cells.iter().filter(|c| !c.trim().is_empty()).count();
    let pairs = cells.iter().filter(|c| pair_parts(c).len() > 1).count();
    pairs >= 2 && pairs * 2 > filled
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

/// The line a record starting at byte `byte` of `text` is on. The CSV reader's own line
/// number is where it started reading, before the blank lines it skipped, so a row after a
/// blank line was named one line early; counted here from the first character of the row.
fn line_at(text: &str, byte: u64) -> u64 {
    let start = usize::try_from(byte).unwrap_or(usize::MAX).min(text.len());
    let rest = &text.as_bytes()[start..];
    let skipped = rest.iter().take_while(|&&b| b == b'\n' || b == b'\r').count();
    let before = &text.as_bytes()[..start + skipped];
    1 + before.iter().filter(|&&b| b == b'\n').count() as u64
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
                let line = record.position().map_or(0, |p| line_at(text, p.byte()));
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

/// One column the roster is read from.
struct Place {
    index: usize,
    column: Column,
    slot: Slot,
    /// The header as written, for messages.
    title: String,
}

/// The columns read, and how the rows lay out the entrants.
struct Layout {
    places: Vec<Place>,
    kind: RosterLayout,
}

impl Layout {
    /// The title of the first column naming the player in `slot` (full, first or last name).
    fn name_title(&self, slot: Slot) -> Option<&str> {
        self.places
            .iter()
            .find(|p| {
                p.slot == slot && matches!(p.column, Column::Name | Column::FirstName | Column::LastName)
            })
            .map(|p| p.title.as_str())
    }

    fn has(&self, column: Column, slot: Slot) -> bool {
        self.places.iter().any(|p| p.column == column && p.slot == slot)
    }

    /// The index of a roster's only name column when it is a full-name column: the column
    /// that may hold pairs ("Ann & Bob") under a header such as "Name".
    fn lone_name_column(&self) -> Option<usize> {
        let names: Vec<&Place> = self
            .places
            .iter()
            .filter(|p| matches!(p.column, Column::Name | Column::FirstName | Column::LastName))
            .collect();
        match names.as_slice() {
            [place] if place.column == Column::Name => Some(place.index),
            _ => None,
        }
    }
}

/// How the columns found lay out the entrants, and what a column headed "Pair" means in
/// them: the pair's number beside name columns, the pairs' names ("A & B") without.
fn layout_kind(columns: &[Option<(Column, Slot)>]) -> (RosterLayout, Column) {
    let found = || columns.iter().flatten();
    let has = |wanted: Column| found().any(|(column, _)| *column == wanted);
    let is_name = |column: &Column| matches!(column, Column::Name | Column::FirstName | Column::LastName);
    let names = found().any(|(column, _)| is_name(column));
    let slotted_names = found().any(|(column, slot)| *slot != Slot::Only && is_name(column));
    let slotted = found().any(|(_, slot)| *slot != Slot::Only);
    let pair_means = if names || has(Column::PairNames) {
        Column::PairNumber
    } else {
        Column::PairNames
    };
    let kind = if slotted_names {
        RosterLayout::PairRows
    } else if has(Column::PairNames) || (has(Column::Pair) && pair_means == Column::PairNames) {
        RosterLayout::PairCells
    } else if slotted {
        RosterLayout::PairRows
    } else if has(Column::Pair) || has(Column::PairNumber) {
        RosterLayout::PairNumbers
    } else {
        RosterLayout::Players
    };
    (kind, pair_means)
}

/// What a column found means in the layout: a pair's row reads its name and number columns
/// without a number ("Name", "EBU") as the first player's, its pair number as its id.
fn resolve((column, slot): (Column, Slot), kind: RosterLayout, pair_means: Column) -> (Column, Slot) {
    let column = if column == Column::Pair {
        pair_means
    } else {
        column
    };
    match (kind, column, slot) {
        (
            RosterLayout::PairRows,
            Column::Name | Column::FirstName | Column::LastName | Column::Number,
            Slot::Only,
        ) => (column, Slot::First),
        (RosterLayout::PairRows, Column::PairNames, _) => (Column::Name, Slot::First),
        (RosterLayout::PairRows | RosterLayout::PairCells, Column::PairNumber, _) => (Column::Id, Slot::Only),
        (RosterLayout::PairCells, Column::PairNames, _) => (Column::Name, Slot::Only),
        _ => (column, slot),
    }
}

fn header_layout(header: &Row, columns: &[Option<(Column, Slot)>], problems: &mut Problems) -> Layout {
    let (kind, pair_means) = layout_kind(columns);
    let mut places: Vec<Place> = Vec::new();
    for (index, (title, found)) in header.fields.iter().zip(columns).enumerate() {
        let title = header_title(title);
        let Some(found) = found else {
            if !title.is_empty() {
                problems.warning(
                    Some(header.line),
                    Some(&title),
                    "column not recognised; it is ignored",
                );
            }
            continue;
        };
        let (column, slot) = resolve(*found, kind, pair_means);
        if let Some(earlier) = places.iter().find(|p| p.column == column && p.slot == slot) {
            problems.error(
                Some(header.line),
                Some(&title),
                format!(
                    "this column means the same as the column \"{}\"; keep one of them",
                    earlier.title
                ),
            );
        } else {
            places.push(Place {
                index,
                column,
                slot,
                title,
            });
        }
    }
    if kind == RosterLayout::PairNumbers
        && let Some(at) = places.iter().position(|p| p.column == Column::Id)
    {
        let pair = places
            .iter()
            .find(|p| p.column == Column::PairNumber)
            .map_or("pair", |p| p.title.as_str());
        let message = format!("the pairs are numbered by the column \"{pair}\"; this column is not used");
        problems.warning(Some(header.line), Some(&places[at].title), message);
        places.remove(at);
    }
    let layout = Layout { places, kind };
    check_name_columns(&layout, header.line, problems);
    layout
}

/// A roster needs a name column; a roster of pairs a column for each player's name, unless
/// both are in one cell.
fn check_name_columns(layout: &Layout, line: u64, problems: &mut Problems) {
    let line = Some(line);
    let slots: &[Slot] = if layout.kind == RosterLayout::PairRows {
        match (layout.name_title(Slot::First), layout.name_title(Slot::Second)) {
            (Some(_), Some(_)) => &[Slot::First, Slot::Second],
            (Some(title), None) => {
                let message = format!(
                    "the column \"{title}\" names the first player of each pair, but no column names \
                     the second: add one called \"Player 2\" (or \"Partner\")"
                );
                return problems.error(line, None, message);
            }
            (None, Some(title)) => {
                let message = format!(
                    "the column \"{title}\" names the second player of each pair, but no column names \
                     the first: call it \"Player 1\" (or \"Name\")"
                );
                return problems.error(line, None, message);
            }
            (None, None) => {
                let message = "the columns give numbers for the two players of each pair, but no \
                               column gives their names: add \"Player 1\" and \"Player 2\"";
                return problems.error(line, None, message);
            }
        }
    } else {
        &[Slot::Only]
    };
    for &slot in slots {
        let full = layout.has(Column::Name, slot);
        let parts = layout.has(Column::FirstName, slot) || layout.has(Column::LastName, slot);
        if !full && !parts {
            // A list of teams headed "Team" is the likely mistake for a teams-of-four event.
            let teams_hint = if layout.has(Column::Team, slot) {
                " (for teams of four, one line per team: head the column of team names \"name\")"
            } else {
                ""
            };
            problems.error(
                line,
                None,
                format!(
                    "no name column: call one column \"name\" (or \"player\", \"full name\"), \
                     or give \"first name\" and \"last name\"{teams_hint}"
                ),
            );
        } else if full && parts {
            problems.warning(
                line,
                None,
                "both a full-name column and first/last-name columns: using the full name",
            );
        }
    }
}

/// A row as read, before spouses (which name other rows) are resolved. A pair's row (or the
/// two rows of a pair number, once grouped) is one entry.
struct ParsedPlayer {
    line: u64,
    id: Option<u32>,
    player: Player,
    spouse_name: Option<(String, String)>,
    /// The pair number of a player's row in a roster of pairs by pair number.
    pair_number: Option<u32>,
}

/// The name and number cells of one player of a row.
#[derive(Default)]
struct Person {
    full: Option<String>,
    first: Option<String>,
    last: Option<String>,
    number: Option<String>,
}

impl Person {
    /// The full name, or the first and last names joined; empty when the row has none.
    fn take_name(&mut self) -> String {
        match (self.full.take(), self.first.take(), self.last.take()) {
            (Some(full), _, _) => full,
            (None, first, last) => [first, last].into_iter().flatten().collect::<Vec<_>>().join(" "),
        }
    }

    fn take_member(&mut self) -> Member {
        Member {
            name: self.take_name(),
            number: self.number.take(),
        }
    }
}

fn parse_row(
    row: &Row,
    layout: &Layout,
    header_width: usize,
    problems: &mut Problems,
) -> Option<ParsedPlayer> {
    warn_extra_fields(row, header_width, problems);
    let mut entry = ParsedPlayer {
        line: row.line,
        id: None,
        player: Player::new(0, ""),
        spouse_name: None,
        pair_number: None,
    };
    // Indexed by `Slot`: the row's player (or pair), the first player, the second.
    let mut people: [Person; 3] = Default::default();
    let mut ok = true;
    for place in &layout.places {
        // The apostrophe Tourney's own CSV exports put before formula-like cells comes off.
        let raw = restore(row.fields.get(place.index).map(String::as_str).unwrap_or(""));
        let value = tidy(raw, Some(row.line), &place.title, problems);
        if !value.is_empty() {
            let person = &mut people[place.slot as usize];
            ok &= read_cell(place, value, layout.kind, &mut entry, person, problems);
        }
    }
    let named = match layout.kind {
        RosterLayout::Players | RosterLayout::PairNumbers | RosterLayout::TeamRows => {
            let [person, ..] = &mut people;
            name_player(&mut entry, person, problems)
        }
        RosterLayout::PairRows => name_pair(&mut entry, &mut people, layout, problems),
        RosterLayout::PairCells => split_pair_cell(&mut entry, &mut people, layout, problems),
    };
    (named && ok).then_some(entry)
}

/// Warns of cells beyond the header's columns (they are not read).
fn warn_extra_fields(row: &Row, header_width: usize, problems: &mut Problems) {
    if header_width > 1 && row.fields.len() > header_width {
        let extra: Vec<&str> = row.fields[header_width..]
            .iter()
            .map(|f| f.trim())
            .filter(|f| !f.is_empty())
            .collect();
        if !extra.is_empty() {
            problems.warning(
                Some(row.line),
                None,
                format!("more fields than columns; ignored: {}", extra.join(", ")),
            );
        }
    }
}

/// Reads one non-empty cell into the entry (or the player of the pair it is about); false
/// when the cell is refused (the problem says why).
fn read_cell(
    place: &Place,
    value: String,
    kind: RosterLayout,
    entry: &mut ParsedPlayer,
    person: &mut Person,
    problems: &mut Problems,
) -> bool {
    let line = Some(entry.line);
    let field = Some(place.title.as_str());
    let player = &mut entry.player;
    let mut refuse = |message: String| {
        problems.error(line, field, message);
        false
    };
    match place.column {
        Column::Name | Column::Pair | Column::PairNames => person.full = Some(value),
        Column::FirstName => person.first = Some(value),
        Column::LastName => person.last = Some(value),
        Column::Club => player.club = Some(value),
        Column::Team => player.team = Some(value),
        Column::Category => player.category = Some(value),
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
        Column::Number => match number_problem(&value) {
            Some(why) => return refuse(why),
            None => person.number = Some(value),
        },
        Column::Id => match value.parse::<u32>() {
            Ok(n) if n > 0 => entry.id = Some(n),
            _ if kind.holds_pairs() => {
                return refuse(format!("\"{value}\" is not a pair number (1, 2, 3 …)"));
            }
            _ => return refuse(format!("\"{value}\" is not a player number (1, 2, 3 …)")),
        },
        Column::PairNumber => match value.parse::<u32>() {
            Ok(n) if n > 0 => entry.pair_number = Some(n),
            _ => return refuse(format!("\"{value}\" is not a pair number (1, 2, 3 …)")),
        },
        Column::Rating => match parse_rating(&value) {
            Some(rating) => player.rating = Some(rating),
            None => return refuse(format!("\"{value}\" is not a number")),
        },
        Column::Board => match value.parse::<u32>() {
            Ok(n) if n > 0 => player.board = Some(n),
            _ => return refuse(format!("\"{value}\" is not a board number (1 is the top board)")),
        },
        Column::Stationary => match parse_yes_no(&value) {
            Some(flag) => player.stationary = flag,
            None => return refuse(format!("\"{value}\" is not yes or no")),
        },
        Column::Spouse => entry.spouse_name = Some((value, place.title.clone())),
    }
    true
}

/// A player's row: its name and number. False (with an error) when it has no name.
fn name_player(entry: &mut ParsedPlayer, person: &mut Person, problems: &mut Problems) -> bool {
    let name = person.take_name();
    if name.is_empty() {
        problems.error(
            Some(entry.line),
            Some("name"),
            "the name is empty, but the line has other data",
        );
        return false;
    }
    entry.player.name = name;
    entry.player.number = person.number.take();
    true
}

/// A pair's row with a column for each player. False (with an error) when a name is missing.
fn name_pair(
    entry: &mut ParsedPlayer,
    people: &mut [Person; 3],
    layout: &Layout,
    problems: &mut Problems,
) -> bool {
    let [_, first, second] = people;
    let members = [first.take_member(), second.take_member()];
    let line = Some(entry.line);
    let (missing, which, present) = match (members[0].name.is_empty(), members[1].name.is_empty()) {
        (false, false) => {
            set_members(&mut entry.player, members);
            return true;
        }
        (true, true) => {
            problems.error(
                line,
                Some("name"),
                "the name is empty, but the line has other data",
            );
            return false;
        }
        (true, false) => (Slot::First, "first", &members[1].name),
        (false, true) => (Slot::Second, "second", &members[0].name),
    };
    let message =
        format!("the pair of {present} has no {which} player: fill in this field (a pair is two players)");
    problems.error(line, Some(layout.name_title(missing).unwrap_or("name")), message);
    false
}

/// A pair's row with both players in one cell ("Ann & Bob"), and their numbers in one cell
/// ("0123 & 4567") or in a column each. False (with an error) when the cell is not a pair.
fn split_pair_cell(
    entry: &mut ParsedPlayer,
    people: &mut [Person; 3],
    layout: &Layout,
    problems: &mut Problems,
) -> bool {
    let line = Some(entry.line);
    let [both, first, second] = people;
    let cell = both.take_name();
    if cell.is_empty() {
        problems.error(
            line,
            Some("name"),
            "the name is empty, but the line has other data",
        );
        return false;
    }
    let title = layout.name_title(Slot::Only).unwrap_or("name");
    let names = pair_parts(&cell);
    let why = match names.as_slice() {
        [_] if cell.chars().all(|c| c.is_ascii_digit()) => format!(
            "\"{cell}\" is a number, not a pair: give the players' names in this column \
             (\"Ann Archer & Bob Archer\"), or beside it in \"Player 1\" and \"Player 2\""
        ),
        [_] => format!(
            "\"{cell}\" is one player; a pair is two: write both names, as \"Ann Archer & Bob Archer\""
        ),
        [a, b] if a.is_empty() || b.is_empty() => {
            format!("\"{cell}\" has one player; fill in the partner's name (a pair is two players)")
        }
        [_, _] => String::new(),
        more => format!("\"{cell}\" names {} players; a pair is two", more.len()),
    };
    if !why.is_empty() {
        problems.error(line, Some(title), why);
        return false;
    }
    let mut numbers = [first.number.take(), second.number.take()];
    if let Some(cell) = both.number.take() {
        let field = layout
            .places
            .iter()
            .find(|p| p.column == Column::Number && p.slot == Slot::Only)
            .map_or("number", |p| p.title.as_str());
        match pair_parts(&cell).as_slice() {
            [a, b] => {
                numbers = [a, b].map(|n| (!n.is_empty()).then(|| n.clone()));
            }
            _ => {
                let message = format!(
                    "\"{cell}\" is not the numbers of two players: write both, as \"012345 & 067890\" \
                     (or use the columns \"Number 1\" and \"Number 2\")"
                );
                problems.error(line, Some(field), message);
                return false;
            }
        }
    }
    let [a, b] = numbers;
    let members = [
        Member {
            name: names[0].clone(),
            number: a,
        },
        Member {
            name: names[1].clone(),
            number: b,
        },
    ];
    set_members(&mut entry.player, members);
    true
}

/// Makes `player` the pair of `members`, named "A & B".
fn set_members(player: &mut Player, members: [Member; 2]) {
    player.members = members.to_vec();
    player.name = Player::pair_name(&player.members);
    player.number = None;
}

/// The players' rows of a roster by pair number, made into one entry a pair in the order the
/// pairs first appear. A pair number with one player or more than two is an error.
fn group_pairs(parsed: Vec<ParsedPlayer>, layout: &Layout, problems: &mut Problems) -> Vec<ParsedPlayer> {
    let title = layout
        .places
        .iter()
        .find(|p| p.column == Column::PairNumber)
        .map_or("pair", |p| p.title.as_str());
    let mut order = Vec::new();
    let mut groups: HashMap<u32, Vec<ParsedPlayer>> = HashMap::new();
    for entry in parsed {
        match entry.pair_number {
            Some(number) => groups
                .entry(number)
                .or_insert_with(|| {
                    order.push(number);
                    Vec::new()
                })
                .push(entry),
            None => problems.error(
                Some(entry.line),
                Some(title),
                format!(
                    "{} has no pair number: give each player the number of their pair",
                    entry.player.name
                ),
            ),
        }
    }
    order
        .into_iter()
        .filter_map(|number| merge_pair(number, groups.remove(&number)?, title, problems))
        .collect()
}

/// The pair of the two rows with pair number `number`; `None` (with an error naming the pair
/// number and its lines) when it has one player or more than two.
fn merge_pair(
    number: u32,
    group: Vec<ParsedPlayer>,
    title: &str,
    problems: &mut Problems,
) -> Option<ParsedPlayer> {
    let lines: Vec<String> = group.iter().map(|e| e.line.to_string()).collect();
    let [a, b]: [ParsedPlayer; 2] = match group.try_into() {
        Ok(two) => two,
        Err(group) => {
            let message = match group.as_slice() {
                [one] => format!(
                    "pair {number} has one player ({}); a pair is two players: give the partner \
                     the same pair number",
                    one.player.name
                ),
                _ => format!(
                    "pair {number} has {} players (lines {}); a pair is two players",
                    group.len(),
                    lines.join(", ")
                ),
            };
            let line = group.get(2).or(group.first()).map(|e| e.line);
            problems.error(line, Some(title), message);
            return None;
        }
    };
    let member = |p: &Player| Member {
        name: p.name.clone(),
        number: p.number.clone(),
    };
    let mut pair = a.player.clone();
    set_members(&mut pair, [member(&a.player), member(&b.player)]);
    let (other, lines) = (&b.player, (a.line, b.line));
    keep_first(&mut pair.club, &other.club, "club", lines, problems);
    keep_first(&mut pair.rating, &other.rating, "rating", lines, problems);
    keep_first(&mut pair.team, &other.team, "team", lines, problems);
    keep_first(&mut pair.board, &other.board, "board", lines, problems);
    keep_first(&mut pair.email, &other.email, "email", lines, problems);
    pair.stationary |= other.stationary;
    Some(ParsedPlayer {
        line: a.line,
        id: Some(number),
        player: pair,
        spouse_name: a.spouse_name.or(b.spouse_name),
        pair_number: Some(number),
    })
}

/// A pair's detail from its first player's row, or from the second's when the first has
/// none; when both differ, the first is kept and the second's line says so.
fn keep_first<T: PartialEq + Clone + std::fmt::Display>(
    kept: &mut Option<T>,
    other: &Option<T>,
    what: &str,
    (first_line, line): (u64, u64),
    problems: &mut Problems,
) {
    match (kept.as_ref(), other) {
        (None, Some(value)) => *kept = Some(value.clone()),
        (Some(first), Some(second)) if first != second => problems.warning(
            Some(line),
            Some(what),
            format!("the pair's {what} is \"{first}\" from line {first_line}; \"{second}\" on this line is not kept"),
        ),
        _ => {}
    }
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
    let entrant = if parsed.iter().any(|p| p.player.is_pair()) {
        "pair"
    } else {
        "player"
    };
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
                format!("{entrant} number {id} is already used on line {earlier}"),
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

    check_members(&players, &lines, problems);
    link_spouses(&parsed, &mut players, &lines, &by_name, problems);

    let stationary: Vec<String> = players
        .iter()
        .zip(&lines)
        .filter(|(p, _)| p.stationary)
        .map(|(p, line)| format!("{} (line {line})", p.name))
        .collect();
    // A roster of pairs may mark several (a Mitchell has a stationary seat at every table);
    // the movement says whether it has enough.
    if stationary.len() > 1 && !players.iter().any(Player::is_pair) {
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

/// The people of a roster of pairs: nobody twice in a pair or in two pairs. And a member
/// number given to two people (a warning: one of them is mistyped).
fn check_members(players: &[Player], lines: &[u64], problems: &mut Problems) {
    use std::collections::hash_map::Entry;
    let mut pair_line: HashMap<String, u64> = HashMap::new();
    let mut number_of: HashMap<&str, (&str, u64)> = HashMap::new();
    for (player, &line) in players.iter().zip(lines) {
        if let [a, b] = player.members.as_slice()
            && name_key(&a.name) == name_key(&b.name)
        {
            problems.error(
                Some(line),
                Some("name"),
                format!(
                    "{} is named twice in this pair; a pair is two different players",
                    b.name
                ),
            );
            continue;
        }
        for member in &player.members {
            match pair_line.entry(name_key(&member.name)) {
                Entry::Occupied(earlier) => problems.error(
                    Some(line),
                    Some("name"),
                    format!(
                        "{} also plays in the pair on line {}; a player can be in one pair only",
                        member.name,
                        earlier.get()
                    ),
                ),
                Entry::Vacant(slot) => {
                    slot.insert(line);
                }
            }
        }
        let people: Vec<(&str, Option<&str>)> = if player.is_pair() {
            player
                .members
                .iter()
                .map(|m| (m.name.as_str(), m.number.as_deref()))
                .collect()
        } else {
            vec![(player.name.as_str(), player.number.as_deref())]
        };
        for (name, number) in people {
            let Some(number) = number else { continue };
            match number_of.entry(number) {
                Entry::Occupied(other) if name_key(other.get().0) != name_key(name) => {
                    let (other, other_line) = *other.get();
                    problems.warning(
                        Some(line),
                        Some("number"),
                        format!(
                            "{name} has the member number {number}, and so does {other} (line \
                             {other_line}); one of them is mistyped"
                        ),
                    );
                }
                Entry::Occupied(_) => {}
                Entry::Vacant(slot) => {
                    slot.insert((name, line));
                }
            }
        }
    }
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
