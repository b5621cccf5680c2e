//! Every roster under `fixtures/rosters/` with the outcome an organiser should see.

use scheduler::problems::{Problem, Severity};
use scheduler::roster_import::{RosterImport, import_roster_file};
use scheduler::text::Encoding;
use std::path::PathBuf;

fn fixture(name: &str) -> RosterImport {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/rosters")
        .join(name);
    import_roster_file(&path)
}

fn errors(import: &RosterImport) -> Vec<&Problem> {
    import.problems.errors().collect()
}

/// The single error of a broken roster, with its line and field.
fn only_error(import: &RosterImport) -> &Problem {
    let errors = errors(import);
    assert_eq!(errors.len(), 1, "expected one error, got {:#?}", errors);
    errors[0]
}

#[test]
fn excel_utf8_with_bom_and_semicolons() {
    let r = fixture("excel_utf8_bom_semicolon.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.encoding, Encoding::Utf8WithBom);
    assert_eq!(r.delimiter, Some(b';'));
    assert_eq!(
        r.roster.names(),
        ["Müller, Jürgen", "Özil, Ayşe", "Łukasz Żółw", "Δήμητρα Παππά"]
    );
    assert_eq!(
        r.roster.players[1].rating,
        Some(1720),
        "\"1720,0\" is a decimal comma"
    );
    assert_eq!(r.roster.players[2].rating, None);
    assert_eq!(r.roster.players[0].club.as_deref(), Some("SC Bonn"));
    assert_eq!(
        r.problems.list.len(),
        0,
        "trailing ;; rows are not players and not problems"
    );
}

#[test]
fn windows_1252_with_quoted_commas() {
    let r = fixture("windows1252_comma_quoted.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.encoding, Encoding::Windows1252);
    assert_eq!(
        r.roster.names(),
        ["Müller, Jürgen", "O'Brien, Seán", "Zoë Brontë"]
    );
    assert_eq!(r.roster.players[2].club.as_deref(), Some("Haworth \"Moor\" Club"));
    let warning = r
        .problems
        .warnings()
        .next()
        .expect("the encoding guess is reported");
    assert!(warning.message.contains("Windows-1252"));
}

#[test]
fn libreoffice_tabs_with_first_and_last_names() {
    let r = fixture("libreoffice_tab_first_last.tsv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.delimiter, Some(b'\t'));
    assert_eq!(r.roster.names(), ["Ann Archer", "Bob Archer", "Carol Dunn"]);
    assert_eq!(r.roster.players[0].email.as_deref(), Some("ann@example.org"));
    let warning = r.problems.warnings().next().expect("a bad e-mail is a warning");
    assert_eq!(
        (warning.line, warning.field.as_deref()),
        (Some(3), Some("E-mail"))
    );
}

#[test]
fn excel_unicode_text_is_utf16() {
    let r = fixture("excel_unicode_text_utf16.txt");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.encoding, Encoding::Utf16Le);
    assert_eq!(
        r.roster.names(),
        ["王伟", "İlkay Gündoğan", "Grzegorz Brzęczyszczykiewicz"]
    );
    assert_eq!(r.roster.players[2].club.as_deref(), Some("Łódź"));
}

#[test]
fn one_name_per_line_without_header() {
    let r = fixture("names_only_no_header.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert!(!r.had_header);
    assert_eq!(
        r.roster.names(),
        ["Ann Archer", "Müller, Jürgen", "Bob Archer", "Carol Dunn"]
    );
    let warning = r.problems.warnings().next().expect("tidied spaces are reported");
    assert_eq!(warning.line, Some(3));
}

#[test]
fn whist_club_with_couples_and_stationary_player() {
    let r = fixture("whist_club_couples.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.roster.len(), 8);
    assert_eq!(r.roster.couples(), [(0, 1), (2, 3)]);
    assert_eq!(r.roster.stationary_index(), Some(4));
    assert_eq!(r.roster.players[0].name, "Mary Smith");
    let warning = r
        .problems
        .warnings()
        .next()
        .expect("the trailing space is reported");
    assert_eq!((warning.line, warning.field.as_deref()), (Some(2), Some("Name")));
}

#[test]
fn chess_teams_with_boards_and_an_unknown_column() {
    let r = fixture("chess_teams.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    let ada = &r.roster.players[0];
    assert_eq!(
        (ada.team.as_deref(), ada.board, ada.rating),
        (Some("St Anne's"), Some(1), Some(1450))
    );
    let warning = r
        .problems
        .warnings()
        .next()
        .expect("the ignored column is reported");
    assert_eq!(warning.field.as_deref(), Some("Form"));
}

#[test]
fn duplicate_names_ignore_case_and_spacing() {
    let r = fixture("broken_duplicate_names.csv");
    let error = only_error(&r);
    assert_eq!(error.line, Some(4));
    assert!(error.message.contains("line 2"), "{error}");
    assert!(error.to_string().starts_with("error: "));
    assert!(
        error
            .to_string()
            .contains("broken_duplicate_names.csv, line 4, field \"name\""),
        "{error}"
    );
}

#[test]
fn spouse_not_in_roster() {
    let r = fixture("broken_spouse_unknown.csv");
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("spouse")));
    assert!(
        error.message.contains("\"Bob Archer\" is not a player"),
        "{error}"
    );
}

#[test]
fn spouse_naming_someone_else() {
    let r = fixture("broken_spouse_conflict.csv");
    let error = only_error(&r);
    assert_eq!(error.line, Some(2));
    assert!(error.message.contains("Bob names Cy (line 3)"), "{error}");
}

#[test]
fn non_numeric_rating_and_board() {
    let r = fixture("broken_bad_numbers.csv");
    let errors = errors(&r);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert_eq!(
        (errors[0].line, errors[0].field.as_deref()),
        (Some(3), Some("rating"))
    );
    assert_eq!(
        (errors[1].line, errors[1].field.as_deref()),
        (Some(4), Some("board"))
    );
}

#[test]
fn two_stationary_players() {
    let r = fixture("broken_two_stationary.csv");
    let error = only_error(&r);
    assert!(error.message.contains("Ann (line 2), Cy (line 4)"), "{error}");
}

#[test]
fn empty_name_with_other_data() {
    let r = fixture("broken_empty_name.csv");
    let error = only_error(&r);
    assert_eq!(error.line, Some(3));
    assert_eq!(
        r.roster.names(),
        ["Ann", "Cy"],
        "the rest is still shown for the preview"
    );
}

#[test]
fn several_columns_but_no_header() {
    let r = fixture("broken_no_header.csv");
    let error = only_error(&r);
    assert_eq!(error.line, Some(1));
    assert!(error.message.contains("no column header"), "{error}");
}

#[test]
fn a_workbook_instead_of_csv() {
    let r = fixture("broken_spreadsheet_not_csv.xlsx");
    let error = only_error(&r);
    assert!(error.message.contains("Save As → CSV"), "{error}");
    assert_eq!(r.problems.list.len(), 1, "no noise beyond the one useful message");
}

#[test]
fn missing_file_is_a_problem_not_a_panic() {
    let r = fixture("does_not_exist.csv");
    let error = only_error(&r);
    assert_eq!(error.severity, Severity::Error);
    assert!(error.message.contains("cannot read"), "{error}");
}

#[test]
fn every_fixture_has_a_test_above() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rosters");
    let this_file = include_str!("rosters.rs");
    for entry in std::fs::read_dir(dir).expect("fixtures folder") {
        let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            continue;
        }
        assert!(
            this_file.contains(&format!("fixture(\"{name}\")")),
            "fixture {name} has no test"
        );
    }
}

#[test]
fn a_whist_evening_of_23_from_windows_excel() {
    let r = fixture("whist_evening_23.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.encoding, Encoding::Windows1252);
    assert_eq!(r.roster.len(), 23);
    assert_eq!(r.roster.couples(), [(0, 1), (2, 3)]);
    assert_eq!(r.roster.stationary_index(), Some(4));
    assert_eq!(r.roster.players[10].name, "Inès García");
}

#[test]
fn a_team_chess_roster_groups_players_by_team_and_board() {
    let r = fixture("team_chess_4x4.csv");
    assert!(r.is_ok(), "{:?}", r.problems.list);
    let names = scheduler::team_chess::TeamNames::from_roster(&r.roster).expect("teams");
    assert_eq!(names.teams, ["Ashdown", "Brookfield", "Castleton", "Dunmore"]);
    // Brookfield lists board 2 first; the board column wins over the order.
    assert_eq!(names.players[1][0], "Fay Wren");
    assert!(names.players.iter().all(|team| team.len() == 4));
}

#[test]
fn sixteen_players_with_polish_turkish_greek_and_chinese_names() {
    let r = fixture("whist_16_international.csv");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.encoding, Encoding::Utf8WithBom);
    assert_eq!(r.roster.len(), 16);
    assert_eq!(r.roster.couples(), [(0, 1), (6, 7)]);
    for (index, name) in [
        (0, "Łukasz Żółć"),
        (3, "İpek Ağaoğlu"),
        (4, "Γιώργος Παπαδόπουλος"),
        (8, "张伟"),
    ] {
        assert_eq!(r.roster.players[index].name, name);
    }
}

/// Every problem as printed, for checks on wording.
fn printed(import: &RosterImport) -> Vec<String> {
    import.problems.list.iter().map(ToString::to_string).collect()
}

/// A roster of `rows` players with a club each, comma-separated, no quotes.
fn plain_roster(rows: usize) -> String {
    let mut text = String::from("Name,Club\n");
    for i in 0..rows {
        text.push_str(&format!("Player {i},Club {}\n", i % 7));
    }
    text
}

#[test]
fn an_unclosed_quote_that_swallows_the_rest_is_an_error_where_it_opened() {
    // Issue 21, item 9: `"Ann,Oak` and 101 rows after it gave one player, exit 0 and a
    // whitespace warning.
    let r = fixture("broken_unclosed_quote.csv");
    assert!(!r.is_ok(), "{:#?}", r.problems.list);
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("Name")));
    assert_eq!(
        error.message,
        "a quote opened here is never closed; it swallowed the 101 lines after it (to the end \
         of the file) into this field. Close the quote on this line or remove it"
    );
}

#[test]
fn a_quote_closed_some_lines_later_names_the_lines_it_swallowed() {
    let text = "Name,Club\nAnn,\"Oak\nBob,Elm\nCy,Ash\"\nDi,Yew\n";
    let r = scheduler::roster_import::import_roster_bytes("roster.csv", text.as_bytes());
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("Club")));
    assert!(
        error
            .message
            .contains("swallowed the 2 lines after it (to line 4)"),
        "{error}"
    );
    // The damaged row is left out; the rows after the closing quote are still read.
    assert_eq!(r.roster.names(), ["Di"]);
}

#[test]
fn a_quoted_name_with_a_line_break_is_refused() {
    // A roster cell never needs two lines, and a line break inside quotes cannot be told
    // apart from a quote that swallowed a row, so it is refused rather than folded.
    let text = "Name,Club\n\"Ann\nSmith\",Oak\nBob,Elm\n";
    let r = scheduler::roster_import::import_roster_bytes("roster.csv", text.as_bytes());
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("Name")));
    assert!(error.message.contains("(to line 3)"), "{error}");
}

#[test]
fn an_unclosed_quote_in_the_header_or_a_one_column_file_is_an_error() {
    let r = scheduler::roster_import::import_roster_bytes("roster.csv", b"Name,\"Club\nAnn,Oak\nBob,Elm\n");
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(1), Some("column 2")));
    assert!(error.message.contains("never closed"), "{error}");

    let r = scheduler::roster_import::import_roster_bytes("names.csv", b"Ann\n\"Bob\nCy\nDi\n");
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("name")));
    assert!(error.message.contains("the 2 lines after it"), "{error}");
}

/// The roster read from `text` lost no row without saying so: either it is refused with an
/// error, or it has exactly `rows` players.
fn assert_no_silent_loss(text: &str, rows: usize, what: &str) {
    let r = scheduler::roster_import::import_roster_bytes("mutant.csv", text.as_bytes());
    assert!(
        r.problems.has_errors() || r.roster.len() == rows,
        "{what}: {} of {rows} players and no error\n{text}\n{:#?}",
        r.roster.len(),
        r.problems.list
    );
}

#[test]
fn a_stray_quote_anywhere_never_loses_rows_silently() {
    let clean = plain_roster(12);
    for (at, _) in clean.char_indices() {
        let mut text = clean.clone();
        text.insert(at, '"');
        assert_no_silent_loss(&text, 12, &format!("quote inserted at byte {at}"));
    }
}

#[test]
fn a_quote_added_or_removed_in_quoted_fixtures_never_loses_rows_silently() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rosters");
    for name in [
        "windows1252_comma_quoted.csv",
        "names_only_no_header.csv",
        "whist_club_couples.csv",
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("fixture");
        let rows = fixture(name).roster.len();
        let (text, _) = scheduler::text::decode(&bytes);
        for (at, c) in text.char_indices() {
            let mut inserted = text.clone();
            inserted.insert(at, '"');
            assert_no_silent_loss(&inserted, rows, &format!("{name}: quote inserted at {at}"));
            if c == '"' {
                let mut removed = text.clone();
                removed.remove(at);
                assert_no_silent_loss(&removed, rows, &format!("{name}: quote removed at {at}"));
            }
        }
    }
}

#[test]
fn control_characters_in_names_are_refused_with_line_and_field() {
    // Escape sequences, a bell, a C1 control sequence introducer and DEL.
    let r = fixture("broken_control_characters.csv");
    let errors = errors(&r);
    let places: Vec<(Option<u64>, Option<&str>)> =
        errors.iter().map(|e| (e.line, e.field.as_deref())).collect();
    assert_eq!(
        places,
        [
            (Some(3), Some("Name")),
            (Some(4), Some("Name")),
            (Some(5), Some("Club")),
            (Some(6), Some("Name"))
        ]
    );
    assert_eq!(
        errors[0].message,
        "\"\\u{1b}[31mBob\" contains the control character U+001B (escape), which a terminal or \
         printer would act on instead of showing; delete it in the file"
    );
    assert!(errors[1].message.contains("U+0007 (bell)"), "{}", errors[1]);
    assert!(errors[2].message.contains("U+009B"), "{}", errors[2]);
    assert!(errors[3].message.contains("U+007F (delete)"), "{}", errors[3]);
    for message in printed(&r) {
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
    for name in r.roster.names() {
        assert!(!name.chars().any(char::is_control), "{name:?}");
    }
}

#[test]
fn a_nul_inside_a_utf16_roster_is_refused_too() {
    // UTF-8 files with NUL bytes are refused as binary; UTF-16 ones get here.
    let mut bytes = vec![0xFF, 0xFE];
    for unit in "Name\tClub\r\nAnn\0\tOak\r\n".encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    let r = scheduler::roster_import::import_roster_bytes("roster.txt", &bytes);
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(2), Some("Name")));
    assert!(error.message.contains("U+0000 (NUL)"), "{error}");
}

#[test]
fn a_standings_export_reads_back_with_the_original_names() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::standings::{standings, standings_csv};
    use scheduler::model::{Player, Roster};
    use scheduler::solver::Control;

    // Issue 21, item 16: the export's protective apostrophe came back as part of the name.
    let names = [
        "=cmd|' /C calc'!A0",
        "+44 Smith",
        "-Dash",
        "@home",
        "'t Hooft",
        "'=already quoted",
        "Ann Archer",
        "O'Neil",
    ];
    let roster = Roster {
        players: names
            .iter()
            .enumerate()
            .map(|(i, name)| Player::new(i as u32 + 1, *name))
            .collect(),
    };
    let spec = NewEvent::new("Round trip", EventFormat::WhistDrive, roster);
    let (event, _) = build_event(&spec, &Control::unlimited()).expect("event");
    let tables = standings(&event, &Default::default());
    for excel in [false, true] {
        let bytes = standings_csv(&tables, excel);
        let r = scheduler::roster_import::import_roster_bytes("standings.csv", &bytes);
        assert!(r.is_ok(), "{:#?}", r.problems.list);
        let mut read = r.roster.names();
        read.sort();
        let mut expected: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        expected.sort();
        assert_eq!(read, expected, "excel bom: {excel}");
    }
}

#[test]
fn spouse_links_match_a_search_by_name_on_every_fixture() {
    // The linking is done through maps (issue 21, item 10); this is the plain search it
    // replaced, on every fixture with a spouse column.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rosters");
    let mut rosters: Vec<(String, RosterImport)> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("fixtures folder") {
        let path = entry.expect("entry").path();
        rosters.push((path.display().to_string(), import_roster_file(&path)));
    }
    // And a larger one whose couples sit far apart: player i and player 2999 - i.
    let mut text = String::from("Name;Spouse\n");
    for i in 0..3000 {
        let spouse = if i < 1500 {
            format!("P{}", 2999 - i)
        } else {
            String::new()
        };
        text.push_str(&format!("P{i};{spouse}\n"));
    }
    let generated = scheduler::roster_import::import_roster_bytes("generated", text.as_bytes());
    assert_eq!(generated.roster.couples().len(), 1500);
    rosters.push(("generated".into(), generated));
    let mut checked = 0;
    for (path, r) in &rosters {
        if !r.is_ok() {
            continue;
        }
        let players = &r.roster.players;
        let mut expected = Vec::new();
        for (a, player) in players.iter().enumerate() {
            let spouse = player
                .spouse
                .and_then(|id| players.iter().position(|p| p.id == id));
            if let Some(b) = spouse {
                assert_eq!(players[b].spouse, Some(player.id), "{path}: not mutual");
                if a < b {
                    expected.push((a, b));
                }
            }
        }
        assert_eq!(r.roster.couples(), expected, "{path}");
        assert!(r.roster.problems().is_empty(), "{path}");
        checked += usize::from(!expected.is_empty());
    }
    assert!(checked >= 3, "fixtures with couples: {checked}");
}

/// Issue 38, item 9: a quote opened on the last line and never closed, in a file without a
/// final line end, is refused by line and field (it used to be read, the club and rating
/// swallowed into the name).
#[test]
fn an_unclosed_quote_on_the_last_line_without_a_line_end_is_refused() {
    let import = scheduler::roster_import::import_roster_bytes(
        "eof_noeol.csv",
        b"name,club,rating\r\nAnn,Oak,1000\r\n\"Bob\"\",Elm,1001",
    );
    let error = only_error(&import);
    assert_eq!((error.line, error.field.as_deref()), (Some(3), Some("name")));
    assert!(error.message.contains("never closed"), "{}", error.message);
    // Closed, or ended by a line end after the closing quote, it reads as before.
    for fine in [
        &b"name,club\nAnn,Oak\n\"Bob\",Elm"[..],
        b"name,club\nAnn,Oak\nBob,\"Elm\"",
    ] {
        let import = scheduler::roster_import::import_roster_bytes("fine.csv", fine);
        assert!(errors(&import).is_empty(), "{:?}", import.problems.list);
        assert_eq!(import.roster.players.len(), 2);
    }
}

/// Issue 38, item 12: UTF-16 written without a byte-order mark is read as UTF-16, not refused
/// as a binary file; and CR CR LF line ends are one line end each.
#[test]
fn utf16_without_a_byte_order_mark_and_cr_cr_lf_line_ends_are_read() {
    let text = "Name\r\nZoë Ångström\r\nBob\r\n";
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    for (bytes, encoding) in [(little, Encoding::Utf16Le), (big, Encoding::Utf16Be)] {
        let import = scheduler::roster_import::import_roster_bytes("unmarked.txt", &bytes);
        assert!(errors(&import).is_empty(), "{:?}", import.problems.list);
        assert_eq!(import.encoding, encoding);
        let names: Vec<&str> = import.roster.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Zoë Ångström", "Bob"]);
    }
    let import = scheduler::roster_import::import_roster_bytes(
        "crcrlf.csv",
        b"Name,Club\r\r\nAnn,Oak\r\r\nBob,Elm\r\r\n",
    );
    assert!(errors(&import).is_empty(), "{:?}", import.problems.list);
    assert_eq!(import.roster.players.len(), 2);
    // A real binary is still refused.
    let import =
        scheduler::roster_import::import_roster_bytes("x.bin", &[1, 0, 0, 7, 0, 0, 0, 1, 9, 9, 0, 0]);
    assert_eq!(errors(&import).len(), 1);
}

/// The 13 pairs of the pairs fixtures: both players and their (made-up) EBU numbers.
const THIRTEEN_PAIRS: [(&str, &str, &str, &str); 13] = [
    ("Margaret Hughes", "104522", "Dennis Hughes", "104523"),
    ("Siobhán O'Connor", "007341", "Pádraig Walsh", "118906"),
    ("Héloïse Martin", "132077", "Gérard Lefèvre", "132078"),
    ("Priya Raman", "095514", "Arjun Mehta", "121340"),
    ("Elizabeth Carter", "066120", "Robert Carter", "066121"),
    ("Jürgen Schäfer", "140263", "Anneliese Vogt", "139874"),
    ("Gwen Pritchard", "087655", "Dafydd Rees", "087702"),
    ("Ian McAllister", "110498", "Fiona Drummond", "102315"),
    ("Zoë Brontë-Hall", "126630", "Nina Kowalczyk", "134009"),
    ("Peter Ashworth", "051877", "Colin Braithwaite", "058243"),
    ("Susan Blake", "099061", "Helen Fairbairn", "097433"),
    ("José Ortega", "143512", "María Núñez", "143513"),
    ("Tom Whitfield", "072290", "Ruth Lindqvist", "081146"),
];

/// The roster holds the 13 pairs in order, named "A & B", with both players and, when the
/// file gives them, both numbers (as text: the leading zeros kept).
fn assert_thirteen_pairs(r: &RosterImport, numbers: bool) {
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert!(r.layout.holds_pairs(), "{:?}", r.layout);
    assert_eq!(r.roster.len(), 13, "{:?}", r.roster.names());
    assert_eq!(r.roster.people(), 26);
    for (pair, (a, a_number, b, b_number)) in r.roster.players.iter().zip(THIRTEEN_PAIRS) {
        assert!(pair.is_pair(), "{pair:?}");
        assert_eq!(pair.name, format!("{a} & {b}"));
        let members: Vec<(&str, Option<&str>)> = pair
            .members
            .iter()
            .map(|m| (m.name.as_str(), m.number.as_deref()))
            .collect();
        let expected = if numbers {
            [(a, Some(a_number)), (b, Some(b_number))]
        } else {
            [(a, None), (b, None)]
        };
        assert_eq!(members, expected);
        assert_eq!(pair.number, None, "a pair's numbers are its players'");
    }
    assert!(r.roster.problems().is_empty(), "{:?}", r.roster.problems());
}

/// Issue 40: a roster of pairs from each layout club spreadsheets use gives 13 pairs with
/// both names, and both numbers where the file has them.
#[test]
fn thirteen_pairs_from_two_name_columns_with_ebu_numbers() {
    let r = fixture("pairs_two_name_columns.csv");
    assert_thirteen_pairs(&r, true);
    assert_eq!(r.layout, scheduler::roster_import::RosterLayout::PairRows);
    assert_eq!(r.encoding, Encoding::Utf8WithBom);
    assert!(r.had_header);
    assert_eq!(r.problems.list.len(), 0, "{:#?}", r.problems.list);
    // The "Pair" column beside the names numbers the pairs.
    let ids: Vec<u32> = r.roster.players.iter().map(|p| p.id.0).collect();
    assert_eq!(ids, (1..=13).collect::<Vec<_>>());
}

#[test]
fn thirteen_pairs_from_a_partner_column_with_member_numbers() {
    let r = fixture("pairs_partner_column.csv");
    assert_thirteen_pairs(&r, true);
    assert_eq!(r.layout, scheduler::roster_import::RosterLayout::PairRows);
    assert_eq!(r.encoding, Encoding::Windows1252);
    assert_eq!(r.delimiter, Some(b';'));
    assert_eq!(r.roster.players[0].club.as_deref(), Some("Riverside BC"));
    // The encoding guess is the only thing said: the Partner column is read, not ignored.
    assert_eq!(r.problems.list.len(), 1, "{:#?}", r.problems.list);
}

#[test]
fn thirteen_pairs_from_one_column_of_pairs_under_pair() {
    let r = fixture("pairs_one_column.csv");
    assert_thirteen_pairs(&r, false);
    assert_eq!(r.layout, scheduler::roster_import::RosterLayout::PairCells);
    assert!(r.had_header, "\"Pair\" is the header, not a fourteenth pair");
    assert_eq!(r.problems.list.len(), 0, "{:#?}", r.problems.list);
}

#[test]
fn thirteen_pairs_from_players_with_a_pair_number() {
    // The players are listed three pairs at a time, first players then partners.
    let r = fixture("pairs_by_pair_number.tsv");
    assert_thirteen_pairs(&r, true);
    assert_eq!(r.layout, scheduler::roster_import::RosterLayout::PairNumbers);
    assert_eq!(r.problems.list.len(), 0, "{:#?}", r.problems.list);
    let ids: Vec<u32> = r.roster.players.iter().map(|p| p.id.0).collect();
    assert_eq!(
        ids,
        (1..=13).collect::<Vec<_>>(),
        "pairs are numbered by their pair number"
    );
}

#[test]
fn a_pair_number_with_one_or_three_players_is_an_error_naming_line_and_pair() {
    let r = fixture("broken_pair_numbers.csv");
    let errors = errors(&r);
    let said: Vec<(Option<u64>, Option<&str>, &str)> = errors
        .iter()
        .map(|e| (e.line, e.field.as_deref(), e.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (
                Some(5),
                Some("Pair"),
                "pair 3 has one player (Dev Patel); a pair is two players: give the partner the \
                 same pair number"
            ),
            (
                Some(11),
                Some("Pair"),
                "pair 5 has 3 players (lines 7, 8, 11); a pair is two players"
            ),
        ]
    );
    assert!(
        errors[0]
            .to_string()
            .contains("broken_pair_numbers.csv, line 5, field \"Pair\""),
        "{}",
        errors[0]
    );
    // The pairs that are two players are still shown.
    assert_eq!(
        r.roster.names(),
        [
            "Ann Archer & Bob Archer",
            "Carol Dunn & Eve Long",
            "Hal Ives & Ida Jones"
        ]
    );
}

fn import_text(text: &str) -> RosterImport {
    scheduler::roster_import::import_roster_bytes("pairs.csv", text.as_bytes())
}

#[test]
fn pair_header_spellings_are_understood() {
    for header in [
        "Player 1,Player 2",
        "Name 1,Name 2",
        "NORTH,SOUTH",
        "player a,player b",
        "First player,Second player",
        "Name,Partner",
        "Player,Partner's name",
        "player_1_name,player_2_name",
        "Player1,Player2",
    ] {
        let r = import_text(&format!("{header}\nAnn Archer,Bob Archer\nCy Dunn,Di Dunn\n"));
        assert!(r.is_ok(), "{header}: {:#?}", r.problems.list);
        assert_eq!(
            r.roster.names(),
            ["Ann Archer & Bob Archer", "Cy Dunn & Di Dunn"],
            "{header}"
        );
    }
    for (header, numbers) in [
        ("Name 1,Number 1,Name 2,Number 2", true),
        ("Player 1,ACBL 1,Player 2,ACBL 2", true),
        ("Player 1 name,Player 1 EBU,Player 2 name,Player 2 EBU", true),
        ("Name,Member number 1,Partner,Member number 2", true),
        ("Name,Number,Partner,Partner number", true),
        ("Name,EBU no,Partner,Partner's EBU no", true),
    ] {
        let r = import_text(&format!("{header}\nAnn Archer,00123,Bob Archer,A4567\n"));
        assert!(r.is_ok(), "{header}: {:#?}", r.problems.list);
        let pair = &r.roster.players[0];
        assert_eq!(
            pair.describe_members(),
            "Ann Archer (00123) & Bob Archer (A4567)",
            "{header}"
        );
        assert_eq!(numbers, pair.members[1].number.is_some());
    }
    for header in ["Pairs", "Pair names", "Partnership", "pair"] {
        let r = import_text(&format!(
            "{header}\nAnn Archer & Bob Archer\nCy Dunn and Di Dunn\n"
        ));
        assert!(r.is_ok(), "{header}: {:#?}", r.problems.list);
        assert_eq!(r.roster.len(), 2, "{header}");
        assert_eq!(r.roster.players[1].members[1].name, "Di Dunn");
    }
}

#[test]
fn first_and_last_names_of_each_player_of_a_pair() {
    let r = import_text(
        "First name 1;Surname 1;First name 2;Surname 2;Pair no\nAnn;Archer;Bob;Archer;7\nCy;Dunn;Di;Dunn;3\n",
    );
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.roster.names(), ["Ann Archer & Bob Archer", "Cy Dunn & Di Dunn"]);
    assert_eq!(r.roster.players[0].id.0, 7);
}

#[test]
fn a_single_number_column_fills_an_individuals_number() {
    for header in [
        "Number",
        "Member number",
        "EBU",
        "ACBL",
        "National ID",
        "EBU #",
        "Membership no",
    ] {
        let r = import_text(&format!("Name,{header}\nAnn Archer,007341\nBob Archer,\n"));
        assert!(r.is_ok(), "{header}: {:#?}", r.problems.list);
        assert_eq!(r.layout, scheduler::roster_import::RosterLayout::Players);
        assert_eq!(r.roster.players[0].number.as_deref(), Some("007341"), "{header}");
        assert_eq!(r.roster.players[1].number, None);
        assert!(r.roster.players[0].members.is_empty());
    }
}

#[test]
fn pairs_with_a_missing_player_are_errors_naming_line_and_field() {
    let r = import_text("Player 1,Player 2\nAnn Archer,Bob Archer\nCy Dunn,\n,Di Dunn\n");
    let places: Vec<(Option<u64>, Option<&str>)> =
        errors(&r).iter().map(|e| (e.line, e.field.as_deref())).collect();
    assert_eq!(places, [(Some(3), Some("Player 2")), (Some(4), Some("Player 1"))]);
    assert!(
        errors(&r)[0]
            .message
            .contains("the pair of Cy Dunn has no second player"),
        "{}",
        errors(&r)[0]
    );

    let r = import_text("Pair\nAnn Archer & Bob Archer\nCarol Dunn\nDi & \nEd & Fy & Gil\n");
    let said: Vec<(Option<u64>, Option<&str>)> =
        errors(&r).iter().map(|e| (e.line, e.field.as_deref())).collect();
    assert_eq!(
        said,
        [
            (Some(3), Some("Pair")),
            (Some(4), Some("Pair")),
            (Some(5), Some("Pair"))
        ],
        "{:#?}",
        r.problems.list
    );
    assert!(errors(&r)[0].message.contains("\"Carol Dunn\" is one player"));
    assert!(errors(&r)[2].message.contains("names 3 players"));

    let r = import_text("Name,Partner\nAnn,Bob\nCy,Ann\nDi,di\n");
    let messages: Vec<String> = errors(&r).iter().map(|e| e.to_string()).collect();
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(
        messages[0].contains("line 3") && messages[0].contains("Ann also plays in the pair on line 2"),
        "{messages:#?}"
    );
    assert!(messages[1].contains("line 4") && messages[1].contains("named twice in this pair"));
}

#[test]
fn a_header_of_a_one_column_pairs_file_is_never_a_pair() {
    // "Pair" is a header; so is an unknown title when every other line is a pair.
    let r = import_text("Partnerships list\nAnn & Bob\nCy & Di\nEd & Fy\n");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.roster.len(), 3);
    assert!(r.had_header);
    let warning = r.problems.warnings().next().expect("the title is reported");
    assert_eq!(warning.line, Some(1));
    // Without a title line every line is a pair.
    let r = import_text("Ann & Bob\nCy & Di\n");
    assert!(r.is_ok() && !r.had_header, "{:#?}", r.problems.list);
    assert_eq!(r.roster.names(), ["Ann & Bob", "Cy & Di"]);
    // A list of individuals whose first entry is "Player 1" stays a list of individuals.
    let r = import_text("Player 1\nPlayer 2\nPlayer 3\n");
    assert!(r.is_ok(), "{:#?}", r.problems.list);
    assert_eq!(r.roster.len(), 3);
    assert!(!r.roster.has_pairs());
}

#[test]
fn bad_pair_and_member_numbers_are_refused_by_line_and_field() {
    let r = import_text("Pair no,Name,EBU\n1,Ann,0123\nx,Bob,1.23457E+11\n1,Cy,0456\n");
    let places: Vec<(Option<u64>, Option<&str>)> =
        errors(&r).iter().map(|e| (e.line, e.field.as_deref())).collect();
    assert_eq!(places, [(Some(3), Some("Pair no")), (Some(3), Some("EBU"))]);
    assert!(errors(&r)[0].message.contains("\"x\" is not a pair number"));
    assert!(errors(&r)[1].message.contains("scientific notation"));
    // Numbers in one cell must be two.
    let r = import_text("Pairs;Numbers\nAnn & Bob;0123 & 0456\nCy & Di;0789\n");
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(3), Some("Numbers")));
    assert_eq!(r.roster.players[0].describe_members(), "Ann (0123) & Bob (0456)");
    // A second column for the same player of the pair means the same as the first.
    let r = import_text("Name,Player 1,Partner\nAnn,Ann,Bob\n");
    let error = only_error(&r);
    assert_eq!((error.line, error.field.as_deref()), (Some(1), Some("Player 1")));
    // A pair row without the second player's column says which is missing.
    let r = import_text("Player 1,EBU 1,EBU 2\nAnn,1,2\n");
    assert!(
        only_error(&r).message.contains("no column names the second"),
        "{:#?}",
        r.problems.list
    );
}

#[test]
fn an_unused_column_of_a_pairs_roster_is_still_reported() {
    let r = import_text("Player 1,Player 2,Table preference\nAnn,Bob,near the door\n");
    assert!(r.is_ok());
    let warning = r.problems.warnings().next().expect("the column is reported");
    assert_eq!(warning.field.as_deref(), Some("Table preference"));
    assert_eq!(warning.message, "column not recognised; it is ignored");
}

#[test]
fn a_roster_of_pairs_makes_a_pairs_event_and_is_refused_for_individuals() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::solver::Control;

    let r = fixture("pairs_partner_column.csv");
    let spec = NewEvent::new("Tuesday pairs", EventFormat::BridgePairs, r.roster.clone());
    let (event, _) = build_event(&spec, &Control::unlimited()).expect("a pairs event");
    assert_eq!(event.schedule.entrants.len(), 13);
    assert_eq!(event.schedule.entrants[0], "Margaret Hughes & Dennis Hughes");
    assert_eq!(
        event.roster.players[0].members[0].number.as_deref(),
        Some("104522")
    );
    for format in [
        EventFormat::WhistDrive,
        EventFormat::BridgeIndividual,
        EventFormat::Chess,
    ] {
        let spec = NewEvent::new("Drive", format, r.roster.clone());
        let refusal = build_event(&spec, &Control::unlimited()).expect_err("pairs are not individuals");
        assert!(
            refusal.message.contains("the roster holds 13 pair(s)")
                && refusal.message.contains("seat individual players"),
            "{}",
            refusal.message
        );
    }
}

#[test]
fn a_stray_quote_in_a_roster_of_pairs_never_loses_a_pair_silently() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rosters");
    for name in [
        "pairs_two_name_columns.csv",
        "pairs_one_column.csv",
        "pairs_by_pair_number.tsv",
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("fixture");
        let (text, _) = scheduler::text::decode(&bytes);
        // In the players' lines: a quote in the header changes a column's name, and an
        // unknown column is reported (a warning) and ignored.
        let body = text.find('\n').expect("a header line") + 1;
        for (at, _) in text.char_indices().filter(|(at, _)| *at >= body) {
            let mut inserted = text.clone();
            inserted.insert(at, '"');
            assert_no_silent_loss(&inserted, 13, &format!("{name}: quote inserted at {at}"));
        }
    }
}

/// Issue 40: in a roster of pairs several pairs may ask to stay at one table (a Mitchell has
/// a stationary seat at every table); the movement, not the roster, says whether there are
/// enough (see `stationary_pairs.rs`).
#[test]
fn several_pairs_may_ask_to_stay_at_one_table() {
    let r = fixture("pairs_stationary.csv");
    assert!(r.problems.list.is_empty(), "{:?}", r.problems.list);
    assert_eq!(r.roster.players.len(), 13);
    let still: Vec<&str> = r
        .roster
        .players
        .iter()
        .filter(|p| p.stationary)
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(still, ["Zoe Hall & Nina Kowalczyk", "Jose Ortega & Maria Nunez"]);
}

/// A row after blank lines is named by its own line: the CSV reader counted from where it
/// started reading, before the blank lines it skipped (found by the member list's review).
#[test]
fn a_row_after_blank_lines_is_named_by_its_own_line() {
    for (text, line) in [
        ("Name,Rating\nAnn,1\n\nBob,abc\n", 4),
        ("Name,Rating\r\nAnn,1\r\n\r\n\r\nBob,abc\r\n", 5),
        ("\n\nName,Rating\nBob,abc\n", 4),
    ] {
        let r = scheduler::roster_import::import_roster_bytes("roster.csv", text.as_bytes());
        let error = only_error(&r);
        assert_eq!(
            (error.line, error.field.as_deref()),
            (Some(line), Some("Rating")),
            "{text:?}"
        );
    }
}
