//! Reading the club's member list from the CSV a club keeps (any encoding Excel or
//! LibreOffice writes, `,` `;` or tab, blank lines and `;;;` rows), and bringing it into the
//! club file. The columns are found by their headers: the name (one column, or first name and
//! last name), the number (headed "Number", "EBU", "ACBL no", "Member number", "National
//! ID", "FIDE ID" …), the e-mail address and the phone; other columns are ignored with a
//! warning. A one-column file without a header is a list of names.
//!
//! Nothing is dropped without a word: every row is added, updated, left as it is, or skipped
//! with the reason, and every problem names the file, the line and the column.

use super::{ClubMember, Field, MemberFields, insert_member, name_key, update_member};
use crate::problems::Problems;
use crate::roster_cells::{Record, screen};
use crate::text::{Encoding, decode, ends_inside_quotes, sniff_delimiter};
use rusqlite::Connection;
use std::collections::HashMap;
use std::path::Path;

/// The rows of a member list as read from its file, before anything is stored.
#[derive(Debug, Clone)]
pub struct MemberImport {
    /// The file as the organiser knows it, for messages.
    pub file: String,
    /// Every row that holds anything, in file order, each with its member or why not.
    pub rows: Vec<ReadRow>,
    /// Every error and warning, naming the file, line and column. A skipped row has its
    /// error here.
    pub problems: Problems,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
    /// `None` for a one-column file.
    pub delimiter: Option<u8>,
}

/// One row of a member list as read.
#[derive(Debug, Clone)]
pub struct ReadRow {
    /// The row's line in the file (from 1).
    pub line: u64,
    /// What the row's name cells hold, as written (for the report).
    pub name: String,
    /// What the row's number cell holds, if anything.
    pub number: Option<String>,
    /// The member's fields as they would be stored, or why the row cannot be imported.
    pub read: Result<MemberFields, String>,
}

/// What an import did with one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    /// A new member.
    Added,
    /// A member already in the list, changed as said ("e-mail ann@example.org").
    Updated(Vec<String>),
    /// A member already in the list, as the row gives them.
    Unchanged,
    /// Not imported, for the reason given.
    Skipped(String),
}

/// One row of the file and what the import did with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedRow {
    /// The row's line in the file.
    pub line: u64,
    /// The member's name (as the row gives it).
    pub name: String,
    /// The member's number, if any.
    pub number: Option<String>,
    /// What was done.
    pub outcome: RowOutcome,
}

/// What an import did: every row, and every problem.
#[derive(Debug, Clone)]
pub struct ImportReport {
    /// The file as the organiser knows it.
    pub file: String,
    /// Every row read, in file order, with what was done.
    pub rows: Vec<ImportedRow>,
    /// Every error and warning, naming the file, line and column.
    pub problems: Problems,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
    /// `None` for a one-column file.
    pub delimiter: Option<u8>,
}

impl ImportReport {
    fn count(&self, wanted: fn(&RowOutcome) -> bool) -> usize {
        self.rows.iter().filter(|r| wanted(&r.outcome)).count()
    }

    /// How many members were added.
    pub fn added(&self) -> usize {
        self.count(|o| *o == RowOutcome::Added)
    }

    /// How many members were changed.
    pub fn updated(&self) -> usize {
        self.count(|o| matches!(o, RowOutcome::Updated(_)))
    }

    /// How many rows matched a member as they are.
    pub fn unchanged(&self) -> usize {
        self.count(|o| *o == RowOutcome::Unchanged)
    }

    /// How many rows were not imported.
    pub fn skipped(&self) -> usize {
        self.count(|o| matches!(o, RowOutcome::Skipped(_)))
    }

    /// "12 added, 3 updated, 40 unchanged, 2 skipped".
    pub fn summary(&self) -> String {
        format!(
            "{} added, {} updated, {} unchanged, {} skipped",
            self.added(),
            self.updated(),
            self.unchanged(),
            self.skipped()
        )
    }
}

/// What a column of a member list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    FirstName,
    LastName,
    Number,
    Email,
    Phone,
}

/// Header spellings, compared after lower-casing and folding `_`, `-` and repeated spaces.
const ALIASES: &[(Column, &[&str])] = &[
    (
        Column::Name,
        &[
            "name",
            "full name",
            "player",
            "player name",
            "member",
            "member name",
            "names",
            "participant",
        ],
    ),
    (
        Column::FirstName,
        &[
            "first name",
            "firstname",
            "given name",
            "forename",
            "forenames",
            "first",
            "christian name",
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
    (
        Column::Number,
        &["number", "id", "member id", "player id", "national id", "fide id"],
    ),
    (
        Column::Email,
        &["email", "e mail", "mail", "email address", "e mail address"],
    ),
    (
        Column::Phone,
        &[
            "phone",
            "telephone",
            "tel",
            "tel.",
            "mobile",
            "cell",
            "phone number",
            "telephone number",
            "mobile number",
            "mobile phone",
            "home phone",
            "telefon",
        ],
    ),
];

/// Who issues the numbers a number column may be headed by ("EBU no", "ACBL #",
/// "Membership number").
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
        .map(|c| if matches!(c, '_' | '-') { ' ' } else { c })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The column a header names.
fn column_for(header: &str) -> Option<Column> {
    let key = normalise_header(header);
    let known = ALIASES
        .iter()
        .find(|(_, names)| names.contains(&key.as_str()))
        .map(|(column, _)| *column);
    known.or_else(|| is_number_header(&key).then_some(Column::Number))
}

fn is_number_header(key: &str) -> bool {
    let key = key.strip_suffix('#').map_or(key, str::trim_end);
    NUMBER_ISSUERS.contains(&key)
        || NUMBER_ISSUERS.iter().any(|issuer| {
            key.strip_prefix(issuer)
                .and_then(|rest| rest.strip_prefix(' '))
                .is_some_and(|rest| NUMBER_WORDS.contains(&rest))
        })
}

/// Reads the member list in the file at `path`. A file that cannot be read is told in the
/// problems, like every other problem.
pub fn read_members_file(path: &Path) -> MemberImport {
    let label = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => read_members_bytes(&label, &bytes),
        Err(error) => {
            let mut import = MemberImport::empty(&label, Encoding::Utf8);
            import.problems.error(
                None,
                None,
                format!(
                    "cannot read the file: {}",
                    crate::export_file::describe_read_io(&error)
                ),
            );
            import
        }
    }
}

impl MemberImport {
    fn empty(file: &str, encoding: Encoding) -> MemberImport {
        MemberImport {
            file: file.to_owned(),
            rows: Vec::new(),
            problems: Problems::for_file(file),
            encoding,
            delimiter: None,
        }
    }
}

/// A row of cells as the CSV reader gave it.
struct Cells {
    line: u64,
    fields: Vec<String>,
}

/// The columns the member list is read from: (index, what it holds, its title).
struct Layout {
    places: Vec<(usize, Column, String)>,
    /// How many columns the header has (1 for a list of names without one).
    width: usize,
}

impl Layout {
    fn place(&self, column: Column) -> Option<&(usize, Column, String)> {
        self.places.iter().find(|(_, c, _)| *c == column)
    }

    fn cell<'a>(&self, row: &'a Cells, column: Column) -> Option<&'a str> {
        let (index, _, _) = self.place(column)?;
        row.fields.get(*index).map(|c| c.trim()).filter(|c| !c.is_empty())
    }

    /// The title of the column holding `field`, as a problem names it.
    fn title(&self, field: Field) -> String {
        let columns: &[Column] = match field {
            Field::Name => &[Column::Name, Column::FirstName, Column::LastName],
            Field::Number => &[Column::Number],
            Field::Email => &[Column::Email],
            Field::Phone => &[Column::Phone],
        };
        columns
            .iter()
            .find_map(|c| self.place(*c).map(|(_, _, title)| title.clone()))
            .unwrap_or_else(|| "name".to_owned())
    }
}

/// Reads a member list from the bytes of a file; `file_label` names it in every problem.
pub fn read_members_bytes(file_label: &str, bytes: &[u8]) -> MemberImport {
    if let Some(why) = not_a_text_file(bytes) {
        let mut import = MemberImport::empty(file_label, Encoding::Utf8);
        import.problems.error(None, None, why);
        return import;
    }
    let (text, encoding) = decode(bytes);
    let mut import = MemberImport::empty(file_label, encoding);
    if encoding == Encoding::Windows1252 {
        import.problems.warning(
            None,
            None,
            "the file is not UTF-8; read it as Windows-1252 (Excel's Western European encoding)",
        );
    }
    // Plain '\n' line ends keep the CSV reader's line numbers exact (see roster_import).
    let text = crate::roster_import::normalise_line_endings(&text);
    import.delimiter = sniff_delimiter(&text);
    let open_at_end = ends_inside_quotes(&text, import.delimiter.unwrap_or(0x1f));
    let mut rows = read_cells(&text, import.delimiter, &mut import.problems);
    let count = rows.len();
    let Some(first) = rows.first_mut() else {
        import.problems.error(None, None, "the file has no members in it");
        return import;
    };
    let header_like = first.fields.iter().any(|h| column_for(h).is_some());
    if !screen(
        Record {
            line: first.line,
            fields: &mut first.fields,
            may_run_to_end: count == 1 && open_at_end,
        },
        &|i| format!("column {}", i + 1),
        &mut import.problems,
    ) {
        return import;
    }
    let Some((layout, body_start)) = read_layout(&rows[0], header_like, &mut import.problems) else {
        return import;
    };
    let count = rows.len();
    for (at, row) in rows.iter_mut().enumerate().skip(body_start) {
        let may_run_to_end = at + 1 == count && open_at_end;
        import
            .rows
            .push(read_row(row, &layout, may_run_to_end, &mut import.problems));
    }
    refuse_shared_numbers(&mut import, &layout);
    // In file order (a stable sort: the file's own problems first, then line by line).
    import.problems.list.sort_by_key(|p| p.line.unwrap_or(0));
    if import.rows.is_empty() && !import.problems.has_errors() {
        import
            .problems
            .error(None, None, "the file has a header but no members");
    }
    import
}

/// Spreadsheet workbooks picked by mistake and other binaries, with a hint.
fn not_a_text_file(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"PK\x03\x04") {
        Some("this is a spreadsheet workbook (.xlsx or .ods), not CSV: in the spreadsheet use Save As → CSV")
    } else if bytes.starts_with(b"\xD0\xCF\x11\xE0") {
        Some("this is an old Excel workbook (.xls), not CSV: in Excel use Save As → CSV")
    } else if !crate::text::looks_utf16(bytes) && bytes.contains(&0) {
        Some("this looks like a binary file, not a CSV member list (save it from the spreadsheet as CSV)")
    } else {
        None
    }
}

/// Every record with something in it (blank lines and `;;;` rows are not members). A
/// one-column file is read with a delimiter that never occurs in text, so commas in names
/// stay.
fn read_cells(text: &str, delimiter: Option<u8>, problems: &mut Problems) -> Vec<Cells> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter.unwrap_or(0x1f))
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.records() {
        match record {
            Ok(record) => {
                let fields: Vec<String> = record.iter().map(str::to_owned).collect();
                if fields.iter().all(|f| f.trim().is_empty()) {
                    continue;
                }
                // The reader's position is where it began reading: before the blank lines it
                // skipped to reach the record.
                let line = record.position().map_or(0, |p| {
                    let skipped = text
                        .as_bytes()
                        .get(p.byte() as usize..)
                        .map_or(0, |rest| rest.iter().take_while(|&&b| b == b'\n').count());
                    p.line() + skipped as u64
                });
                rows.push(Cells { line, fields });
            }
            Err(error) => {
                let line = error.position().map(|p| p.line());
                problems.error(line, None, format!("this line cannot be read as CSV: {error}"));
            }
        }
    }
    rows
}

/// The columns the list is read from and where the members start; `None` when the file
/// cannot be read (the problems say why).
fn read_layout(first: &Cells, header_like: bool, problems: &mut Problems) -> Option<(Layout, usize)> {
    if !header_like {
        if first.fields.len() == 1 {
            let places = vec![(0, Column::Name, "name".to_owned())];
            return Some((Layout { places, width: 1 }, 0));
        }
        problems.error(
            Some(first.line),
            None,
            format!(
                "no column header recognised in \"{}\"; name the columns: name (or first name and \
                 last name), number (or EBU, ACBL, member number, national ID …), email, phone",
                first.fields.join(", ")
            ),
        );
        return None;
    }
    let mut places: Vec<(usize, Column, String)> = Vec::new();
    for (index, cell) in first.fields.iter().enumerate() {
        let title = cell.trim().trim_start_matches('\u{feff}').to_owned();
        match column_for(cell) {
            None if title.is_empty() => {}
            None => problems.warning(Some(first.line), Some(&title), "column not recognised; it is ignored"),
            Some(column) => match places.iter().find(|(_, c, _)| *c == column) {
                Some((_, _, earlier)) => problems.warning(
                    Some(first.line),
                    Some(&title),
                    format!("this column means the same as the column \"{earlier}\", which is used; this one is ignored"),
                ),
                None => places.push((index, column, title)),
            },
        }
    }
    let has = |column: Column| places.iter().any(|(_, c, _)| *c == column);
    if !has(Column::Name) && !has(Column::FirstName) && !has(Column::LastName) {
        problems.error(
            Some(first.line),
            None,
            "no name column: head one column \"Name\" (or two \"First name\" and \"Last name\")",
        );
        return None;
    }
    if has(Column::Name) {
        for (_, column, title) in &places {
            if matches!(column, Column::FirstName | Column::LastName) {
                let why = "the names are read from the full-name column; this one is ignored";
                problems.warning(Some(first.line), Some(title), why);
            }
        }
        places.retain(|(_, c, _)| !matches!(c, Column::FirstName | Column::LastName));
    }
    let width = first.fields.len();
    Some((Layout { places, width }, 1))
}

/// One row of the list: its member, or why it cannot be imported (the error is in
/// `problems`, naming the line and the column).
fn read_row(row: &mut Cells, layout: &Layout, may_run_to_end: bool, problems: &mut Problems) -> ReadRow {
    let label = |index: usize| {
        layout
            .places
            .iter()
            .find(|(i, _, _)| *i == index)
            .map_or_else(|| format!("column {}", index + 1), |(_, _, t)| t.clone())
    };
    let errors_before = problems.errors().count();
    let readable = screen(
        Record {
            line: row.line,
            fields: &mut row.fields,
            may_run_to_end,
        },
        &label,
        problems,
    );
    let name = match layout.cell(row, Column::Name) {
        Some(name) => name.to_owned(),
        None => [Column::FirstName, Column::LastName]
            .iter()
            .filter_map(|c| layout.cell(row, *c))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let number = layout.cell(row, Column::Number).map(str::to_owned);
    let mut read_row = ReadRow {
        line: row.line,
        name: name.clone(),
        number: number.clone(),
        read: Err(String::new()),
    };
    if !readable || problems.errors().count() > errors_before {
        let why = problems
            .errors()
            .last()
            .map(|p| p.message.clone())
            .unwrap_or_default();
        read_row.read = Err(why);
        return read_row;
    }
    let width = layout.width;
    if let Some(extra) = row.fields.iter().skip(width).position(|c| !c.trim().is_empty()) {
        let column = width + extra + 1;
        problems.warning(
            Some(row.line),
            Some(&format!("column {column}")),
            "this cell is beyond the header's columns; it is ignored",
        );
    }
    let fields = MemberFields {
        name,
        number,
        email: layout.cell(row, Column::Email).map(str::to_owned),
        phone: layout.cell(row, Column::Phone).map(str::to_owned),
    };
    read_row.read = checked_row(fields, row.line, layout, problems);
    read_row
}

/// The row's fields checked: a contact detail that does not fit is left out with a warning
/// (the member is still imported); a name or number that does not fit skips the row.
fn checked_row(
    mut fields: MemberFields,
    line: u64,
    layout: &Layout,
    problems: &mut Problems,
) -> Result<MemberFields, String> {
    loop {
        match fields.checked() {
            Ok(fields) => return Ok(fields),
            Err(problem) => {
                let title = layout.title(problem.field);
                match problem.field {
                    Field::Email | Field::Phone => {
                        let why = format!(
                            "{}; it is left out (the member is imported without it)",
                            problem.why
                        );
                        problems.warning(Some(line), Some(&title), why);
                        if problem.field == Field::Email {
                            fields.email = None;
                        } else {
                            fields.phone = None;
                        }
                    }
                    Field::Name | Field::Number => {
                        let why = format!("{}; the row is not imported", problem.why);
                        problems.error(Some(line), Some(&title), why.clone());
                        return Err(why);
                    }
                }
            }
        }
    }
}

/// One number given on several rows: the same person listed again keeps the first row (the
/// others are skipped with a warning); different people are all refused (an error each), as
/// the file does not say whose number it is.
fn refuse_shared_numbers(import: &mut MemberImport, layout: &Layout) {
    let mut by_number: HashMap<String, Vec<usize>> = HashMap::new();
    for (at, row) in import.rows.iter().enumerate() {
        if let Ok(MemberFields {
            number: Some(number), ..
        }) = &row.read
        {
            by_number.entry(number.to_ascii_lowercase()).or_default().push(at);
        }
    }
    let mut shared: Vec<Vec<usize>> = by_number.into_values().filter(|rows| rows.len() > 1).collect();
    shared.sort();
    let title = layout.title(Field::Number);
    for rows in shared {
        // (line, name) of each row giving the number.
        let givers: Vec<(u64, String)> = rows
            .iter()
            .map(|&at| {
                let row = &import.rows[at];
                (
                    row.line,
                    row.read.as_ref().map(|f| f.name.clone()).unwrap_or_default(),
                )
            })
            .collect();
        let number = match &import.rows[rows[0]].read {
            Ok(fields) => fields.number.clone().unwrap_or_default(),
            Err(_) => String::new(),
        };
        let one_person = givers
            .iter()
            .all(|(_, name)| name_key(name) == name_key(&givers[0].1));
        for (place, &at) in rows.iter().enumerate() {
            let line = givers[place].0;
            let why = if one_person {
                if place == 0 {
                    continue;
                }
                let why = format!(
                    "repeats line {} ({}, number {number}); this row is not imported",
                    givers[0].0, givers[0].1
                );
                import.problems.warning(Some(line), Some(&title), why.clone());
                why
            } else {
                let others: Vec<String> = (0..givers.len())
                    .filter(|&other| other != place)
                    .map(|other| format!("{} (line {})", givers[other].1, givers[other].0))
                    .collect();
                let why = format!(
                    "the number {number} is also given to {}; none of these rows is imported — correct the file",
                    others.join(", ")
                );
                import.problems.error(Some(line), Some(&title), why.clone());
                why
            };
            import.rows[at].read = Err(why);
        }
    }
}

/// Brings the rows read into the club file, inside the caller's write transaction (see
/// `ClubFile::import`).
pub(super) fn apply(connection: &Connection, read: &MemberImport) -> rusqlite::Result<ImportReport> {
    let mut members = super::read_members(connection)?;
    let mut report = ImportReport {
        file: read.file.clone(),
        rows: Vec::new(),
        problems: read.problems.clone(),
        encoding: read.encoding,
        delimiter: read.delimiter,
    };
    for row in &read.rows {
        let outcome = match &row.read {
            Err(why) => RowOutcome::Skipped(why.clone()),
            Ok(fields) => match matching_member(&members, fields) {
                Err(why) => {
                    report.problems.error(Some(row.line), None, why.clone());
                    RowOutcome::Skipped(why)
                }
                Ok(Some(at)) => {
                    let (merged, changes) = merge(&members[at], fields);
                    if changes.is_empty() {
                        RowOutcome::Unchanged
                    } else {
                        update_member(connection, merged.id, &merged.fields())?;
                        members[at] = merged;
                        RowOutcome::Updated(changes)
                    }
                }
                Ok(None) => {
                    let id = insert_member(connection, fields)?;
                    members.push(super::stored(id, fields.clone()));
                    RowOutcome::Added
                }
            },
        };
        report.rows.push(ImportedRow {
            line: row.line,
            name: row.name.clone(),
            number: row.number.clone(),
            outcome,
        });
    }
    Ok(report)
}

/// The member a row is about: the one with its number; else, the one member of its name
/// without a number (who is given the row's number), if exactly one; else none (a new
/// member). A row without a number naming several members cannot say which: refused.
fn matching_member(members: &[ClubMember], fields: &MemberFields) -> Result<Option<usize>, String> {
    if let Some(number) = &fields.number
        && let Some(at) = members
            .iter()
            .position(|m| m.number.as_ref().is_some_and(|n| n.eq_ignore_ascii_case(number)))
    {
        return Ok(Some(at));
    }
    let key = name_key(&fields.name);
    let named: Vec<usize> = (0..members.len())
        .filter(|&at| name_key(&members[at].name) == key)
        .collect();
    let without_number: Vec<usize> = named
        .iter()
        .copied()
        .filter(|&at| members[at].number.is_none())
        .collect();
    match (&fields.number, named.len(), without_number.as_slice()) {
        (Some(_), _, [at]) => Ok(Some(*at)),
        (Some(_), _, _) => Ok(None),
        (None, 0, _) => Ok(None),
        (None, 1, _) => Ok(Some(named[0])),
        (None, many, _) => Err(format!(
            "{many} members are called {}; give the member number to say which — the row is not imported",
            fields.name
        )),
    }
}

/// The member as the row leaves them (the row's name; its number, e-mail and phone where it
/// gives them, else what is stored) and what changed, in words.
fn merge(member: &ClubMember, fields: &MemberFields) -> (ClubMember, Vec<String>) {
    let mut merged = member.clone();
    let mut changes = Vec::new();
    if member.name != fields.name {
        changes.push(format!("name {} → {}", member.name, fields.name));
        merged.name = fields.name.clone();
    }
    let mut take = |what: &str, stored: &mut Option<String>, given: &Option<String>| {
        if let Some(given) = given
            && stored.as_ref() != Some(given)
        {
            changes.push(match stored {
                Some(before) => format!("{what} {before} → {given}"),
                None => format!("{what} {given}"),
            });
            *stored = Some(given.clone());
        }
    };
    take("number", &mut merged.number, &fields.number);
    take("e-mail", &mut merged.email, &fields.email);
    take("phone", &mut merged.phone, &fields.phone);
    (merged, changes)
}
