//! End-to-end: `tourney members …`, the real binary run as an organiser (or a script) runs it,
//! on the fixture member list (`fixtures/members`).

// Shared with the other end-to-end tests, which use more of it.
#[allow(dead_code)]
mod common;

use common::{fails_with, ok, scratch, text, tourney};
use std::path::Path;
use std::process::Command;

fn member_list() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/members/club_members.csv")
        .to_string_lossy()
        .into_owned()
}

/// `tourney members ARGS… --club CLUB`.
fn members(club: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["members"];
    all.extend_from_slice(args);
    all.extend(["--club", club.to_str().unwrap()]);
    tourney(&all)
}

#[test]
fn the_clubs_csv_is_imported_with_every_row_reported() {
    let dir = scratch("members-import");
    let club = dir.join("club.sqlite");
    let list = member_list();
    let out = members(&club, &["import", &list]);
    // Rows were skipped for errors: exit 1, with each named by file, line and field.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for line in [
        "line 2: Jane Smith (00123456): added",
        "line 3: Jan Šmíd (00234567): added",
        "line 8: Ann Archer (00678901): added",
        "line 11: Jane Smith (00123456): skipped: repeats line 2 (Jane Smith, number 00123456); this row is not imported",
        "line 16: Noah Nobody: added",
        "9 added, 0 updated, 0 unchanged, 4 skipped",
    ] {
        assert!(stdout.contains(line), "{line:?} not in:\n{stdout}");
    }
    let stderr = text(&out.stderr);
    for line in [
        format!("warning: {list}, line 1, field \"Category\": column not recognised; it is ignored"),
        format!(
            "error: {list}, line 9, field \"EBU No\": the number 00789012 is also given to Rob Baker (line 10); none of these rows is imported — correct the file"
        ),
        format!("error: {list}, line 13, field \"EBU No\": \"1.23457E+11\" is a number"),
        format!("warning: {list}, line 6, field \"E-mail\": \"zoe(at)example.org\" is not an e-mail address"),
    ] {
        assert!(stderr.contains(&line), "{line:?} not in:\n{stderr}");
    }
    // Again: everyone is there already.
    let again = members(&club, &["import", &list]);
    assert!(text(&again.stdout).contains("0 added, 0 updated, 9 unchanged, 4 skipped"));

    let listed = ok(&members(&club, &["list"]));
    assert!(listed.starts_with("number    name"), "{listed}");
    assert!(
        listed.contains("00123456  Jane Smith        jane.smith@example.org  07700 900123"),
        "{listed}"
    );
    assert!(listed.ends_with("9 members\n"), "{listed}");

    let found = ok(&members(&club, &["search", "smi"]));
    for name in ["Jane Smith", "Jan Šmíd", "Zoë Brontë-Smith"] {
        assert!(found.contains(name), "{name} not in:\n{found}");
    }
    assert!(
        !found.contains("Osmith") && found.ends_with("3 members\n"),
        "{found}"
    );
    let found = ok(&members(&club, &["search", "MULLER"]));
    assert!(found.contains("00345678  Jürgen Müller"), "{found}");
}

#[test]
fn members_are_added_edited_and_removed_and_a_taken_number_is_refused() {
    let dir = scratch("members-edit");
    let club = dir.join("club.sqlite");
    let out = members(
        &club,
        &[
            "add",
            "--name",
            "Ann Archer",
            "--number",
            "007",
            "--email",
            "ann@example.org",
        ],
    );
    assert_eq!(ok(&out), "added Ann Archer (007)\n");
    fails_with(
        &members(&club, &["add", "--name", "Bob Baker", "--number", "007"]),
        1,
        "error: the member list not changed: the number 007 belongs to Ann Archer already",
    );
    fails_with(
        &members(&club, &["add", "--name", "Bob\u{1b}[2J"]),
        1,
        "the name holds U+001B (escape)",
    );
    let out = members(
        &club,
        &["edit", "007", "--name", "Ann Baker", "--phone", "01622 1"],
    );
    assert_eq!(ok(&out), "changed Ann Archer (007) to Ann Baker (007)\n");
    let out = members(&club, &["edit", "007", "--email", ""]);
    assert!(ok(&out).contains("to Ann Baker (007)"));
    let listed = ok(&members(&club, &["list"]));
    assert!(listed.contains("007     Ann Baker          01622 1"), "{listed}");
    assert_eq!(
        ok(&members(&club, &["remove", "007"])),
        "removed Ann Baker (007)\n"
    );
    fails_with(
        &members(&club, &["remove", "007"]),
        1,
        "the member list not changed: no member has the number 007",
    );
    assert_eq!(ok(&members(&club, &["list"])), "0 members\n");
}

#[test]
fn the_clubs_name_and_id_are_kept_in_the_club_file() {
    let dir = scratch("members-club");
    let club = dir.join("club.sqlite");
    let out = members(
        &club,
        &["club", "--name", "Marden Bridge Club", "--club-id", "2345"],
    );
    assert_eq!(ok(&out), "club name: Marden Bridge Club\nclub ID:   2345\n");
    let out = members(&club, &["club", "--club-id", ""]);
    assert_eq!(ok(&out), "club name: Marden Bridge Club\nclub ID:   (none)\n");
    assert_eq!(
        ok(&members(&club, &["club"])),
        "club name: Marden Bridge Club\nclub ID:   (none)\n"
    );
}

#[test]
fn the_club_file_is_in_the_data_folder_unless_named() {
    let dir = scratch("members-default");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tourney"))
            .arg("members")
            .args(args)
            .env("XDG_DATA_HOME", &dir)
            .output()
            .expect("run tourney")
    };
    if cfg!(target_os = "linux") {
        let out = ok(&run(&["list"]));
        assert!(out.starts_with("no members yet: the club file "), "{out}");
        ok(&run(&["add", "--name", "Ann Archer"]));
        assert!(dir.join("tourney").join("club.sqlite").exists());
        assert!(ok(&run(&["list"])).contains("Ann Archer"));
    }
    // A file named with --club must exist to be read, and must be a club file.
    let missing = dir.join("nowhere.sqlite");
    fails_with(
        &members(&missing, &["list"]),
        1,
        &format!("error: {}: there is no club file there", missing.display()),
    );
    let not_club = dir.join("members.csv");
    std::fs::write(&not_club, "Name\nAnn\n").unwrap();
    fails_with(
        &members(&not_club, &["add", "--name", "Bob"]),
        1,
        &format!(
            "error: {}: not a Tourney club file (it is not an SQLite database); it was not changed",
            not_club.display()
        ),
    );
    assert_eq!(std::fs::read_to_string(&not_club).unwrap(), "Name\nAnn\n");
}

#[test]
fn commands_run_at_once_lose_nothing() {
    let dir = scratch("members-race");
    let club = dir.join("club.sqlite");
    let children: Vec<_> = (0..8)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_tourney"))
                .args([
                    "members",
                    "add",
                    "--name",
                    &format!("Player {i}"),
                    "--number",
                    &format!("{i}"),
                ])
                .args(["--club", club.to_str().unwrap()])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("start tourney")
        })
        .collect();
    // All eight started before any is waited for: they create the file and write at once.
    for child in children {
        ok(&child.wait_with_output().expect("run tourney"));
    }
    assert!(ok(&members(&club, &["list"])).ends_with("8 members\n"));
}

/// `event new` takes the club's name and federation ID from the club file when the command
/// does not give them (the ID is USEBIO's CLUB_ID_NUMBER); `--club-id` still wins.
#[test]
fn a_new_event_takes_the_clubs_name_and_id_from_the_club_file() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let dir = scratch("members-event-club");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(args)
            .env("XDG_DATA_HOME", &dir)
            .output()
            .expect("run tourney")
    };
    ok(&run(&[
        "members",
        "club",
        "--name",
        "Riverside BC",
        "--club-id",
        "4242",
    ]));
    let event = dir.join("pairs.tourney");
    let e = event.to_str().unwrap();
    ok(&run(&[
        "event",
        "new",
        e,
        "--format",
        "bridge-pairs",
        "--players",
        "8",
    ]));
    let show = ok(&run(&["event", "show", e]));
    assert!(show.contains("club: Riverside BC"), "{show}");
    let xml = dir.join("pairs.xml");
    ok(&run(&["event", "export", e, "--usebio", xml.to_str().unwrap()]));
    let text = std::fs::read_to_string(&xml).unwrap();
    assert!(text.contains("<CLUB_ID_NUMBER>4242</CLUB_ID_NUMBER>"), "{text}");
    let other = dir.join("other.tourney");
    let o = other.to_str().unwrap();
    ok(&run(&[
        "event",
        "new",
        o,
        "--format",
        "bridge-pairs",
        "--players",
        "8",
        "--club-id",
        "77",
    ]));
    ok(&run(&[
        "event",
        "export",
        o,
        "--usebio",
        xml.to_str().unwrap(),
        "--force",
    ]));
    let text = std::fs::read_to_string(&xml).unwrap();
    assert!(text.contains("<CLUB_ID_NUMBER>77</CLUB_ID_NUMBER>"), "{text}");
}

/// The window opens the club's member list more than once (the members view, the picker):
/// opening it again must not drop the process's locks on it, or a `tourney members` command
/// closing the file deletes the write-ahead log the window still writes to (see
/// `scheduler::sqlite_head`).
#[test]
fn a_member_list_open_twice_in_one_process_keeps_every_write_when_a_command_closes_it() {
    use scheduler::club::{ClubFile, MemberFields};
    let dir = scratch("members-open-twice");
    let club = dir.join("club.sqlite");
    ok(&members(
        &club,
        &["add", "--name", "Ann Archer", "--number", "101"],
    ));
    let mut window = ClubFile::open(&club).unwrap();
    let picker = ClubFile::open(&club).unwrap();
    ok(&members(
        &club,
        &["add", "--name", "Bob Baker", "--number", "102"],
    ));
    ok(&members(&club, &["list"]));
    window
        .add(&MemberFields {
            name: "Cat Cole".into(),
            number: Some("103".into()),
            email: None,
            phone: None,
        })
        .unwrap();
    let listed = ok(&members(&club, &["list"]));
    assert!(
        listed.contains("Cat Cole"),
        "the window's member is not in the file:\n{listed}"
    );
    drop(picker);
}
