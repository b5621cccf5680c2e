use super::*;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-club-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn member(name: &str, number: &str) -> MemberFields {
    MemberFields {
        name: name.into(),
        number: Some(number.into()),
        ..MemberFields::default()
    }
}

fn names(members: &[ClubMember]) -> Vec<&str> {
    members.iter().map(|m| m.name.as_str()).collect()
}

#[test]
fn a_new_club_file_is_empty_and_reopens_with_what_was_written() {
    let dir = folder("create");
    let path = dir.join("club.sqlite");
    let mut club = ClubFile::create(&path).unwrap();
    assert!(club.members().unwrap().is_empty());
    assert_eq!(club.settings().unwrap(), ClubSettings::default());
    let ann = club.add(&member("  Ann   Archer ", "0012345")).unwrap();
    assert_eq!(
        (ann.name.as_str(), ann.number.as_deref()),
        ("Ann Archer", Some("0012345"))
    );
    club.set_settings(&ClubSettings {
        name: Some(" Marden  Bridge Club ".into()),
        club_id: Some("1234".into()),
    })
    .unwrap();
    drop(club);
    let club = ClubFile::open(&path).unwrap();
    assert_eq!(club.members().unwrap(), std::slice::from_ref(&ann));
    assert_eq!(club.find_number("0012345").unwrap(), Some(ann));
    assert_eq!(club.find_number("12345").unwrap(), None, "leading zeros matter");
    assert_eq!(
        club.settings().unwrap(),
        ClubSettings {
            name: Some("Marden Bridge Club".into()),
            club_id: Some("1234".into())
        }
    );
    let again = ClubFile::create(&path).err().unwrap();
    assert!(matches!(again, ClubError::Exists { .. }), "{again}");
    // open_or_create makes the folder and the file, then opens the same file.
    let nested = dir.join("data").join("tourney").join("club.sqlite");
    ClubFile::open_or_create(&nested)
        .unwrap()
        .add(&MemberFields::new("Bob"))
        .unwrap();
    assert_eq!(
        ClubFile::open_or_create(&nested)
            .unwrap()
            .members()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn files_that_are_not_club_files_are_refused_unchanged() {
    let dir = folder("refused");
    let text = dir.join("members.csv");
    std::fs::write(&text, "Name\nAnn\n").unwrap();
    let error = ClubFile::open(&text).err().unwrap().to_string();
    assert!(
        error.contains("not a Tourney club file (it is not an SQLite database)"),
        "{error}"
    );
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "Name\nAnn\n");

    let event = dir.join("night.tourney");
    let connection = Connection::open(&event).unwrap();
    connection
        .pragma_update(None, "application_id", EVENT_APPLICATION_ID)
        .unwrap();
    connection
        .execute_batch("CREATE TABLE event (id INTEGER);")
        .unwrap();
    drop(connection);
    let error = ClubFile::open(&event).err().unwrap().to_string();
    assert!(error.contains("(it is an event file)"), "{error}");

    let newer = dir.join("newer.sqlite");
    drop(ClubFile::create(&newer).unwrap());
    Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", CLUB_FORMAT + 1)
        .unwrap();
    let error = ClubFile::open(&newer).err().unwrap();
    assert!(matches!(error, ClubError::TooNew { version: 2, .. }), "{error}");
    assert!(error.to_string().contains("written by a newer Tourney"));
}

#[test]
fn edits_are_checked_and_numbers_are_unique() {
    let dir = folder("edits");
    let mut club = ClubFile::create(&dir.join("club.sqlite")).unwrap();
    let ann = club.add(&member("Ann Archer", "AB12")).unwrap();
    let bob = club.add(&member("Bob Baker", "777")).unwrap();
    let taken = club.add(&member("Ann Other", "ab12")).err().unwrap().to_string();
    assert_eq!(
        taken,
        "the member list not changed: the number ab12 belongs to Ann Archer already"
    );
    let taken = club.update(bob.id, &member("Bob Baker", "AB12")).err().unwrap();
    assert!(taken.to_string().contains("belongs to Ann Archer"), "{taken}");
    // A member keeps their own number when other fields change.
    let mut fields = ann.fields();
    fields.email = Some("ann@example.org".into());
    fields.phone = Some("+44 1622 000000".into());
    let ann = club.update(ann.id, &fields).unwrap();
    assert_eq!(ann.email.as_deref(), Some("ann@example.org"));
    for (fields, says) in [
        (MemberFields::new("  "), "the name is empty"),
        (
            MemberFields::new("Ann\u{1b}[31m"),
            "the name holds U+001B (escape)",
        ),
        (member("Cy", "1.23457E+11"), "scientific notation"),
        (
            MemberFields {
                email: Some("not an address".into()),
                ..MemberFields::new("Cy")
            },
            "is not an e-mail address",
        ),
        (
            MemberFields {
                phone: Some("none".into()),
                ..MemberFields::new("Cy")
            },
            "is not a phone number",
        ),
    ] {
        let error = club.add(&fields).err().unwrap().to_string();
        assert!(error.contains(says), "{error}");
    }
    assert_eq!(club.remove_number("777").unwrap().name, "Bob Baker");
    let gone = club.remove(bob.id).err().unwrap().to_string();
    assert!(gone.contains("no longer in the list"), "{gone}");
    let none = club.remove_number("777").err().unwrap().to_string();
    assert!(none.contains("no member has the number 777"), "{none}");
    assert_eq!(names(&club.members().unwrap()), ["Ann Archer"]);
}

/// An Excel export in a German locale with everything wrong a club list can have.
const UGLY: &str = "\u{feff}Surname;Forename;EBU No;E-mail;Mobile;Club\r\n\
Smith;Jane;0012345;jane@example.org;07700 900123;Marden\r\n\
\r\n\
Šmíd;Jan;0023456;;;Marden\r\n\
;;;;;\r\n\
Brontë-Smith;Zoë;0034567;zoe(at)example.org;;\r\n\
Smith;Jane;0012345;jane@example.org;07700 900123;Marden\r\n\
Osmith;Olly;0045678;;;\r\n\
Baker;Bob;0056789;;;\r\n\
Barker;Rob;0056789;;;\r\n\
;Nameless;0067890;;;\r\n\
Excel;Eve;1.23457E+11;;;\r\n\
Nobody;Noah;;;;\r\n\
Late;Lucy;0078901;;;;beyond\r\n";

#[test]
fn an_ugly_csv_is_imported_row_by_row_with_every_problem_named() {
    let dir = folder("ugly");
    let mut club = ClubFile::create(&dir.join("club.sqlite")).unwrap();
    let read = read_members_bytes("members.csv", UGLY.as_bytes());
    assert_eq!(read.encoding, crate::text::Encoding::Utf8WithBom);
    assert_eq!(read.delimiter, Some(b';'));
    let report = club.import(&read).unwrap();
    let problems: Vec<String> = report.problems.list.iter().map(|p| p.to_string()).collect();
    let said = problems.join("\n");
    for expected in [
        "warning: members.csv, line 1, field \"Club\": column not recognised; it is ignored",
        "warning: members.csv, line 6, field \"E-mail\": \"zoe(at)example.org\" is not an e-mail address (it needs an @ and no spaces); it is left out",
        "warning: members.csv, line 7, field \"EBU No\": repeats line 2 (Jane Smith, number 0012345); this row is not imported",
        "error: members.csv, line 9, field \"EBU No\": the number 0056789 is also given to Rob Barker (line 10); none of these rows is imported",
        "error: members.csv, line 10, field \"EBU No\": the number 0056789 is also given to Bob Baker (line 9)",
        "error: members.csv, line 12, field \"EBU No\": \"1.23457E+11\" is a number the spreadsheet wrote in scientific notation",
        "warning: members.csv, line 14, field \"column 7\": this cell is beyond the header's columns; it is ignored",
    ] {
        assert!(said.contains(expected), "{expected}\nnot in:\n{said}");
    }
    // Every row with anything in it is in the report: 11 rows (a blank line and a `;;;;;`
    // row are not rows). "Nameless" has a forename only, which is a name.
    assert_eq!(report.rows.len(), 11, "{:#?}", report.rows);
    assert_eq!(report.summary(), "7 added, 0 updated, 0 unchanged, 4 skipped");
    let lines: Vec<u64> = report
        .rows
        .iter()
        .filter(|r| matches!(r.outcome, RowOutcome::Skipped(_)))
        .map(|r| r.line)
        .collect();
    assert_eq!(lines, [7, 9, 10, 12]);
    assert_eq!(report.rows[1].line, 4, "the line after a blank line is counted");
    let in_order: Vec<u64> = report.problems.list.iter().filter_map(|p| p.line).collect();
    assert!(in_order.is_sorted(), "problems in file order: {in_order:?}");
    let members = club.members().unwrap();
    assert_eq!(
        names(&members),
        [
            "Jan Šmíd",
            "Jane Smith",
            "Lucy Late",
            "Nameless",
            "Noah Nobody",
            "Olly Osmith",
            "Zoë Brontë-Smith"
        ],
        "sorted by name, accents aside"
    );
    assert_eq!(members[1].phone.as_deref(), Some("07700 900123"));
    assert_eq!(
        members[1].number.as_deref(),
        Some("0012345"),
        "leading zeros kept"
    );
    assert_eq!(members[6].email, None, "the bad address is left out");
}

#[test]
fn importing_again_updates_and_leaves_alone() {
    let dir = folder("again");
    let mut club = ClubFile::create(&dir.join("club.sqlite")).unwrap();
    club.add(&MemberFields::new("Cy Clark")).unwrap();
    let first = "Name,Number,Email\nAnn Archer,100,ann@example.org\nBob Baker,200,\nCy Clark,300,\n";
    let report = club
        .import(&read_members_bytes("a.csv", first.as_bytes()))
        .unwrap();
    assert_eq!(report.summary(), "2 added, 1 updated, 0 unchanged, 0 skipped");
    assert_eq!(
        report.rows[2].outcome,
        RowOutcome::Updated(vec!["number 300".into()]),
        "the member without a number is given the row's"
    );
    // The next year's list: Ann renamed, Bob's e-mail given, Cy as he is; an empty cell keeps
    // what is stored.
    let second = "Name,Number,Email\nAnn Baker,100,\nBob Baker,200,bob@example.org\nCy Clark,300,\n";
    let report = club
        .import(&read_members_bytes("b.csv", second.as_bytes()))
        .unwrap();
    assert_eq!(report.summary(), "0 added, 2 updated, 1 unchanged, 0 skipped");
    assert_eq!(
        report.rows[0].outcome,
        RowOutcome::Updated(vec!["name Ann Archer → Ann Baker".into()])
    );
    let ann = club.find_number("100").unwrap().unwrap();
    assert_eq!(ann.email.as_deref(), Some("ann@example.org"));
    // Two members of one name and no number: a row without a number cannot say which.
    club.add(&MemberFields::new("Dee Dunn")).unwrap();
    club.add(&MemberFields::new("Dee  Dunn")).unwrap();
    let report = club
        .import(&read_members_bytes("c.csv", b"Name;Phone\nDee Dunn;01622 1"))
        .unwrap();
    assert_eq!(report.skipped(), 1);
    let error = report.problems.errors().next().unwrap().to_string();
    assert_eq!(
        error,
        "error: c.csv, line 2: 2 members are called Dee Dunn; give the member number to say which — the row is not imported"
    );
}

#[test]
fn files_that_cannot_be_read_as_a_member_list_say_why() {
    let said = |bytes: &[u8]| {
        let read = read_members_bytes("m.csv", bytes);
        assert!(read.rows.is_empty());
        read.problems
            .errors()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(said(b"PK\x03\x04rest").contains("spreadsheet workbook"));
    assert!(said(b"").contains("m.csv: the file has no members in it"));
    assert!(said(b"\n;;\n").contains("no members in it"));
    assert!(said(b"a;b\nAnn;1\n").contains("m.csv, line 1: no column header recognised in \"a, b\""));
    assert!(said(b"Number;Email\n1;a@b\n").contains("m.csv, line 1: no name column"));
    assert!(said(b"Name;Number\n").contains("the file has a header but no members"));
    let missing = read_members_file(Path::new("/nonexistent/members.csv"));
    let error = missing.problems.errors().next().unwrap().to_string();
    assert!(
        error.starts_with("error: /nonexistent/members.csv: cannot read the file: "),
        "{error}"
    );
    // A quote never closed swallows the rest of the file into one cell: refused by line.
    let read = read_members_bytes("q.csv", b"Name,Number\n\"Ann,1\nBob,2\n");
    let error = read.problems.errors().next().unwrap().to_string();
    assert!(
        error.starts_with("error: q.csv, line 2, field \"Name\": a quote opened here is never closed"),
        "{error}"
    );
    assert!(read.rows[0].read.is_err());
}

#[test]
fn a_list_of_names_without_a_header_is_read() {
    // The first line decides the delimiter: one name, so commas in later names stay.
    let read = read_members_bytes("names.txt", "Ann Archer\nMüller, Jürgen\n\n".as_bytes());
    let fields: Vec<MemberFields> = read.rows.iter().map(|r| r.read.clone().unwrap()).collect();
    assert_eq!(
        fields,
        [
            MemberFields::new("Ann Archer"),
            MemberFields::new("Müller, Jürgen")
        ]
    );
    assert!(read.problems.list.is_empty(), "{:?}", read.problems.list);
}

#[test]
fn number_headers_of_any_federation_are_understood() {
    for header in [
        "EBU",
        "ACBL #",
        "Member no.",
        "Membership number",
        "National ID",
        "FIDE ID",
        "ID",
    ] {
        let text = format!("Name,{header}\nAnn,007\n");
        let read = read_members_bytes("m.csv", text.as_bytes());
        let fields = read.rows[0].read.clone().unwrap();
        assert_eq!(fields.number.as_deref(), Some("007"), "{header}");
    }
}

#[test]
fn search_finds_names_by_the_start_of_a_word_ignoring_case_and_accents() {
    let dir = folder("search");
    let mut club = ClubFile::create(&dir.join("club.sqlite")).unwrap();
    for (name, number) in [
        ("Jane Smith", "0012345"),
        ("Šmíd, Jan", "0023456"),
        ("Zoë Brontë-Smith", "0034567"),
        ("Olly Osmith", "1200"),
        ("Łukasz Müller", "ACBL-9"),
        ("Siobhán O'Brien", "0045"),
    ] {
        club.add(&member(name, number)).unwrap();
    }
    let found = |query: &str| {
        club.search(query)
            .unwrap()
            .into_iter()
            .map(|m| m.name)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        found("smi"),
        ["Jane Smith", "Šmíd, Jan", "Zoë Brontë-Smith"],
        "not Osmith: the start of a word"
    );
    assert_eq!(found("SMÍ"), found("smi"));
    assert_eq!(found("muller"), ["Łukasz Müller"]);
    assert_eq!(found("lukasz mu"), ["Łukasz Müller"]);
    assert_eq!(found("obri"), ["Siobhán O'Brien"]);
    assert_eq!(found("brien siob"), ["Siobhán O'Brien"]);
    assert_eq!(found("acbl"), ["Łukasz Müller"], "a number's start, any case");
    assert_eq!(
        found("00"),
        ["Jane Smith", "Siobhán O'Brien", "Šmíd, Jan", "Zoë Brontë-Smith"]
    );
    assert_eq!(found("0045"), ["Siobhán O'Brien"]);
    assert_eq!(found("12"), ["Olly Osmith"], "a number's start, not its middle");
    assert_eq!(found("  ").len(), 6);
    assert!(found("smiths").is_empty());
    assert_eq!(search_key("Straße Æsa İzmir"), "strasse aesa izmir");
}

#[test]
fn two_handles_write_without_losing_or_overwriting_each_other() {
    let dir = folder("concurrent");
    let path = dir.join("club.sqlite");
    let mut window = ClubFile::create(&path).unwrap();
    let mut command = ClubFile::open(&path).unwrap();
    let ann = window.add(&member("Ann Archer", "100")).unwrap();
    assert!(
        command.changed_elsewhere().unwrap(),
        "the other handle sees the write"
    );
    assert!(!command.changed_elsewhere().unwrap());
    // The number was taken by the other handle: refused against the file as stored.
    let error = command
        .add(&member("Ann Other", "100"))
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("belongs to Ann Archer"), "{error}");
    // Removed by one, edited by the other: refused, not brought back.
    command.remove(ann.id).unwrap();
    let error = window.update(ann.id, &ann.fields()).err().unwrap().to_string();
    assert!(error.contains("no longer in the list"), "{error}");
    assert!(!window.changed_elsewhere().unwrap() || window.members().unwrap().is_empty());

    // Two writers at once, each in its own thread: every member of both is kept.
    let writers: Vec<_> = ["a", "b"]
        .into_iter()
        .map(|who| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut club = ClubFile::open(&path).unwrap();
                for i in 0..40 {
                    club.add(&member(&format!("{who} {i}"), &format!("{who}{i}")))
                        .unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    assert_eq!(window.members().unwrap().len(), 80);
    // Two importing the same list at once: one adds, the other finds them there.
    let list = "Name,Number\nCy,300\nDee,400\n";
    let importers: Vec<_> = (0..2)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut club = ClubFile::open(&path).unwrap();
                club.import(&read_members_bytes("l.csv", list.as_bytes()))
                    .unwrap()
                    .added()
            })
        })
        .collect();
    let added: usize = importers.into_iter().map(|t| t.join().unwrap()).sum();
    assert_eq!(added, 2);
    assert_eq!(window.members().unwrap().len(), 82);
}

#[test]
fn a_member_is_what_an_event_keeps() {
    let member = ClubMember {
        id: 1,
        name: "Ann".into(),
        number: Some("007".into()),
        email: None,
        phone: None,
    };
    assert_eq!(
        member.as_member(),
        crate::model::Member {
            name: "Ann".into(),
            number: Some("007".into())
        }
    );
    assert_eq!(member.label(), "Ann (007)");
}

mod any_input {
    use super::*;
    use proptest::prelude::*;

    /// Pieces a damaged or odd member list is made of.
    fn piece() -> impl Strategy<Value = String> {
        prop::sample::select(vec![
            "Name",
            "Surname",
            "First name",
            "EBU no",
            "ACBL #",
            "Email",
            "Phone",
            "Club",
            ";",
            ",",
            "\t",
            "\"",
            "\"\"",
            "\n",
            "\r\n",
            "\r",
            "\u{feff}",
            "Ann",
            "Šmíd",
            "İ",
            "K",
            "0012",
            "1.2E+11",
            "a@b",
            "\u{1b}[2J",
            "\u{85}",
            "\u{fffe}",
            " ",
            "&",
            "-",
        ])
        .prop_map(str::to_owned)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// No input panics the reader; every row it cannot import has its error (by line),
        /// every row it reads is stored as read, and rows come in file order.
        #[test]
        fn any_text_is_read_without_panic_and_no_row_is_dropped_silently(
            pieces in prop::collection::vec(piece(), 0..40),
            bytes in prop::collection::vec(any::<u8>(), 0..64),
        ) {
            for input in [pieces.concat().into_bytes(), bytes] {
                let read = read_members_bytes("x.csv", &input);
                let mut last = 0;
                for row in &read.rows {
                    prop_assert!(row.line >= last, "rows in file order");
                    last = row.line;
                    match &row.read {
                        Ok(fields) => prop_assert_eq!(fields.checked(), Ok(fields.clone())),
                        Err(_) => prop_assert!(read.problems.list.iter().any(|p| p.line == Some(row.line))),
                    }
                    let members = [stored(1, row.read.clone().unwrap_or_default())];
                    let _ = search(&members, &row.name);
                }
            }
        }
    }
}
