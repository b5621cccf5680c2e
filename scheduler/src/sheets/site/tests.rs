//! The results site of a 13-pair Mitchell with results, deals and two analysed boards:
//! every link and style sheet reference resolves inside the folder and none leaves it,
//! every text from the event is escaped, the pages are built as the accessibility rules
//! ask, and a folder with something in it is refused without `force`.

use super::*;
use crate::deals::{DdTable, Direction, Par, ParContract, Strain, random_boards};
use crate::event::club_pairs::travellers;
use crate::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use crate::event::session::{Command, Session};
use crate::event::{Artificial, BridgeResult, ResultValue};
use crate::model::{Player, Roster};
use crate::movement::MovementKind;
use crate::scoring::bridge::{Contract, parse_card};
use crate::solver::Control;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-site-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// 13 pairs (the phantom makes 7 tables), 3 boards a round: 21 boards. Pair 1's names
/// carry markup and an ampersand, as does the title.
fn thirteen_pair_mitchell(dir: &Path) -> Session {
    mitchell_of(dir, 13, 3)
}

/// A Mitchell of `pairs` pairs and `per_round` boards a round, with deals and results (see
/// `thirteen_pair_mitchell`).
fn mitchell_of(dir: &Path, pairs: u32, per_round: u32) -> Session {
    let players = (1..=pairs)
        .map(|i| match i {
            1 => Player::pair(1, "Ann <script>alert(1)</script>", "Bob \"Bo\" O'Neil"),
            i => Player::pair(i, format!("North{i}"), format!("South{i}")),
        })
        .collect();
    let mut spec = NewEvent::new(
        "Tuesday <b>Pairs</b> & Friends",
        EventFormat::BridgePairs,
        Roster { players },
    );
    spec.club = Some("Riverside & District".to_owned());
    spec.date = Some("2026-11-24".to_owned());
    spec.options.boards_per_round = per_round;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let played = event.boards_played();
    let mut session = Session::create(&dir.join("pairs.tourney"), &event).unwrap();
    let boards = random_boards(44, played, "Tuesday", "Club", "2026.11.24");
    session.apply(Command::AttachDeals(boards)).unwrap();
    let lines: Vec<(u32, u32, u32)> = travellers(session.event(), session.results())
        .iter()
        .flat_map(|t| t.rows.iter().map(move |r| (t.board, r.round, r.table)))
        .collect();
    for (i, &(board, round, table)) in lines.iter().enumerate() {
        let key = crate::event::ResultKey {
            round,
            table,
            deal: board,
        };
        let result = match i % 7 {
            0 => BridgeResult::PassedOut,
            1 if board == 2 => BridgeResult::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            _ => BridgeResult::Contract {
                contract: Contract::parse(["4S", "3NT", "4HX", "2D"][i % 4]).unwrap(),
                declarer: [Direction::North, Direction::East, Direction::South][i % 3],
                tricks: 7 + (i % 5) as u8,
                lead: (i % 2 == 0).then(|| parse_card("HQ").unwrap()),
            },
        };
        session
            .apply(Command::SetResult(key, ResultValue::Bridge { board: result }))
            .unwrap();
    }
    session
}

/// Boards 1 and 2 analysed (made-up figures: the site only lays them out).
fn analyses() -> BTreeMap<u32, Analysis> {
    let mut rows = [[6u8; 5]; 4];
    rows[0] = [8, 7, 10, 9, 9];
    let analysis = Analysis {
        table: DdTable::new(rows).unwrap(),
        par: Par {
            score_ns: 420,
            contracts: vec![ParContract {
                level: 4,
                strain: Strain::Hearts,
                declarer: Direction::North,
                doubled: false,
                result: 0,
            }],
        },
    };
    [(1, analysis.clone()), (2, analysis)].into_iter().collect()
}

/// Every `href="…"` and `src="…"` value of a page.
fn references(page: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        let mut rest = page;
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let end = rest.find('"').unwrap();
            found.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    found
}

#[test]
fn every_link_of_a_published_mitchell_resolves_inside_the_folder() {
    let dir = scratch("links");
    let session = thirteen_pair_mitchell(&dir);
    let site = results_site(session.event(), session.results(), &analyses());
    // The ranking, 13 pairs, 21 boards.
    assert_eq!(site.pages(), 1 + 13 + 21);
    let folder = dir.join("site");
    let published = write_site(&site, &folder, false, &[&session.path()]).unwrap();
    assert_eq!(published.pages, 35);
    assert!(published.index.is_file());
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let lower = text.to_ascii_lowercase();
        for outside in ["http:", "https:", "url(", "@import", "<script", "<img", "<iframe"] {
            assert!(!lower.contains(outside), "{} holds {outside}", path.display());
        }
        for reference in references(&text) {
            assert!(
                !reference.starts_with("//") && !reference.contains(':'),
                "{}: {reference} leaves the folder",
                path.display()
            );
            let file = reference.split('#').next().unwrap();
            assert!(
                folder.join(file).is_file(),
                "{}: {reference} goes nowhere",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} links");
    // The two directions ranked, each pair's name a link to its page.
    let index = String::from_utf8(site.file(INDEX).unwrap().bytes.clone()).unwrap();
    assert!(index.contains("<h2>North-South</h2>") && index.contains("<h2>East-West</h2>"));
    assert!(index.contains("href=\"pair-3ew.html\""));
    assert!(index.contains("21 boards in all"));
}

#[test]
fn pages_carry_the_scorecard_the_traveller_the_hands_and_the_analysis() {
    let dir = scratch("content");
    let session = thirteen_pair_mitchell(&dir);
    let site = results_site(session.event(), session.results(), &analyses());
    let page = |name: &str| String::from_utf8(site.file(name).unwrap().bytes.clone()).unwrap();
    let one = page("board-1.html");
    assert!(
        one.contains("Dealer North") && one.contains("Vulnerable: None"),
        "{one}"
    );
    assert!(one.contains("<caption>Board 1: double-dummy tricks</caption>"));
    assert!(one.contains("<strong>Par:</strong> N-S +420"));
    assert!(one.contains("href=\"board-2.html\" rel=\"next\""));
    assert!(!one.contains("rel=\"prev\""));
    let three = page("board-3.html");
    assert!(three.contains("not analysed"));
    assert!(three.contains("<caption>Traveller of board 3 (top 5 matchpoints)</caption>"));
    assert!(three.contains("href=\"board-2.html\" rel=\"prev\""));
    let two = page("board-2.html");
    assert!(two.contains("AVE+/AVE-"), "{two}");
    // Red hearts and diamonds, named for screen readers.
    assert!(
        one.contains(
            "<span class=\"suit red\" aria-hidden=\"true\">♥</span><span class=\"vh\">hearts</span>"
        )
    );
    let pair = page("pair-2ns.html");
    assert!(pair.contains("<caption>Scorecard of pair 2 NS</caption>"));
    assert!(pair.contains("Round 1, table 2: N-S against"));
    assert!(pair.contains("<th scope=\"col\" class=\"wide\">Lead</th>"));
    assert!(pair.contains("Total %"));
    // On a phone one column holds the result ("4♠−1 S", the lead below), and the running
    // total only its percentage; the wide columns it stands for are hidden there.
    assert!(
        pair.contains("<th scope=\"col\" class=\"narrow\">Result</th>"),
        "{pair}"
    );
    assert!(pair.contains("<th scope=\"col\" class=\"num wide\">Total MP</th>"));
    assert!(
        pair.contains("<span class=\"lead\">lead <span class=\"suit red\""),
        "{pair}"
    );
    let traveller = page("board-4.html");
    assert!(traveller.contains("<th scope=\"col\" class=\"num narrow\">Score</th>"));
    assert!(
        traveller.contains("<td class=\"num narrow\">+") && traveller.contains("<td class=\"num narrow\">−"),
        "{traveller}"
    );
    let css = String::from_utf8(site.file(STYLE_SHEET).unwrap().bytes.clone()).unwrap();
    assert!(
        css.contains(".narrow { display: none; }") && css.contains("th.wide, td.wide { display: none; }")
    );
    // Pair 7 EW is the phantom: its opponents sit out a round.
    assert!(site.file("pair-7ew.html").is_none());
    assert!(
        page("pair-1ns.html").contains("sits out"),
        "{}",
        page("pair-1ns.html")
    );
}

#[test]
fn every_text_from_the_event_is_escaped() {
    let dir = scratch("escape");
    let session = thirteen_pair_mitchell(&dir);
    let site = results_site(session.event(), session.results(), &BTreeMap::new());
    for file in &site.files {
        let text = String::from_utf8(file.bytes.clone()).unwrap();
        assert!(!text.contains("<script"), "{}", file.path);
        assert!(!text.contains("<b>Pairs"), "{}", file.path);
        assert!(!text.contains("Riverside & District"), "{}", file.path);
    }
    let pair = String::from_utf8(site.file("pair-1ns.html").unwrap().bytes.clone()).unwrap();
    assert!(pair.contains("Ann &lt;script&gt;alert(1)&lt;/script&gt; &amp; Bob &quot;Bo&quot; O&#39;Neil"));
    assert!(pair.contains("<title>Pair 1 NS: Ann &lt;script&gt;"));
    assert!(pair.contains("Tuesday &lt;b&gt;Pairs&lt;/b&gt; &amp; Friends"));
    assert!(pair.contains("Riverside &amp; District · 24 November 2026"));
}

/// One h1, headings never skip a level, every table has a caption and scoped header cells,
/// the language is said.
#[test]
fn every_page_is_built_for_screen_readers() {
    let dir = scratch("a11y");
    let session = thirteen_pair_mitchell(&dir);
    let site = results_site(session.event(), session.results(), &analyses());
    for file in site.files.iter().filter(|f| f.path.ends_with(".html")) {
        let text = String::from_utf8(file.bytes.clone()).unwrap();
        assert!(text.contains("<html lang=\"en\">"), "{}", file.path);
        assert_eq!(text.matches("<h1>").count(), 1, "{}", file.path);
        let mut level = 1;
        for (at, _) in text.match_indices("<h") {
            let Some(digit) = text[at + 2..].chars().next().and_then(|c| c.to_digit(10)) else {
                continue;
            };
            assert!(digit <= level + 1, "{}: h{digit} after h{level}", file.path);
            level = digit;
        }
        assert_eq!(
            text.matches("<table").count(),
            text.matches("<caption>").count(),
            "{}",
            file.path
        );
        assert!(
            !text.contains("<th>"),
            "{}: a header cell without scope",
            file.path
        );
    }
}

#[test]
fn a_folder_with_something_in_it_is_refused_without_force() {
    let dir = scratch("refuse");
    let session = thirteen_pair_mitchell(&dir);
    let site = results_site(session.event(), session.results(), &BTreeMap::new());
    let folder = dir.join("club-web");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "the club's own file").unwrap();
    let refused = write_site(&site, &folder, false, &[]).unwrap_err();
    assert!(matches!(refused, SiteError::NotEmpty(_)));
    assert!(refused.to_string().contains("not empty"), "{refused}");
    assert!(!folder.join(INDEX).exists());
    assert!(!is_published_site(&folder));
    // With force the site's pages are written and the club's file is left as it was.
    write_site(&site, &folder, true, &[]).unwrap();
    assert!(folder.join("board-21.html").is_file());
    assert_eq!(
        std::fs::read_to_string(folder.join("notes.txt")).unwrap(),
        "the club's own file"
    );
    assert!(is_published_site(&folder));
    // A file where the folder should be is refused; an event file is never replaced.
    let refused = write_site(&site, &folder.join("notes.txt"), true, &[]).unwrap_err();
    assert!(matches!(refused, SiteError::NotAFolder(_)));
    let event_path = session.path();
    let mut planted = site.clone();
    planted.files[0].path = "pairs.tourney".to_owned();
    assert!(write_site(&planted, &dir, true, &[&event_path]).is_err());
    assert!(Session::open(&event_path).is_ok());
}

/// Publishing again with `force` after the evening has shrunk (fewer boards, fewer pairs):
/// the pages of the earlier publication the site no longer has are removed, the director's
/// own files (even one named like a page) and a stale page the director has since changed
/// are left, and the list of Tourney's files is brought up to date.
#[test]
fn publishing_again_removes_only_its_own_pages_the_site_no_longer_has() {
    let dir = scratch("again");
    let folder = dir.join("site");
    std::fs::create_dir_all(dir.join("big")).unwrap();
    std::fs::create_dir_all(dir.join("small")).unwrap();
    let big = mitchell_of(&dir.join("big"), 13, 3);
    let site = results_site(big.event(), big.results(), &BTreeMap::new());
    let first = write_site(&site, &folder, false, &[]).unwrap();
    assert!(first.removed.is_empty() && first.left.is_empty());
    let listed = std::fs::read_to_string(folder.join(MANIFEST)).unwrap();
    assert!(
        listed.contains("\nboard-21.html\n") && listed.contains("\npair-1ns.html\n"),
        "{listed}"
    );
    // The director's own files beside the site, one of them named like a page.
    std::fs::write(folder.join("notes.txt"), "the club's own file").unwrap();
    std::fs::write(folder.join("board-99.html"), "<p>the club's own page</p>").unwrap();
    // A stale page the director has since changed by hand.
    std::fs::write(folder.join("board-20.html"), "<p>annotated by hand</p>").unwrap();

    let small = mitchell_of(&dir.join("small"), 10, 2);
    let site = results_site(small.event(), small.results(), &BTreeMap::new());
    assert!(site.file("board-10.html").is_some() && site.file("board-11.html").is_none());
    let refused = write_site(&site, &folder, false, &[]).unwrap_err();
    assert!(matches!(refused, SiteError::NotEmpty(_)));
    assert!(
        folder.join("board-21.html").is_file(),
        "nothing is touched without force"
    );

    let again = write_site(&site, &folder, true, &[]).unwrap();
    for gone in [
        "board-11.html",
        "board-19.html",
        "board-21.html",
        "pair-6ns.html",
        "pair-7ns.html",
    ] {
        assert!(!folder.join(gone).exists(), "{gone} is still there");
        assert!(
            again.removed.iter().any(|r| r == gone),
            "{gone} not said: {:?}",
            again.removed
        );
    }
    // Boards 11 to 21 but the changed 20, and pairs 6 NS, 7 NS and 6 EW.
    assert_eq!(again.removed.len(), 10 + 3, "{:?}", again.removed);
    assert_eq!(again.left.len(), 1, "{:?}", again.left);
    assert!(again.left[0].starts_with("board-20.html: no longer in the site, but changed since"));
    assert_eq!(
        std::fs::read_to_string(folder.join("board-20.html")).unwrap(),
        "<p>annotated by hand</p>"
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("notes.txt")).unwrap(),
        "the club's own file"
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("board-99.html")).unwrap(),
        "<p>the club's own page</p>"
    );
    assert!(folder.join("board-10.html").is_file() && folder.join("pair-5ew.html").is_file());
    // The list now names the new site's files only; a third publication removes nothing.
    let listed = std::fs::read_to_string(folder.join(MANIFEST)).unwrap();
    assert!(
        !listed.contains("board-21.html") && !listed.contains("board-20.html"),
        "{listed}"
    );
    assert_eq!(
        listed.lines().filter(|l| !l.starts_with('#')).count(),
        site.files.len()
    );
    let third = write_site(&site, &folder, true, &[]).unwrap();
    assert!(third.removed.is_empty() && third.left.is_empty(), "{third:?}");
    assert!(is_published_site(&folder));
}

#[test]
fn a_whist_drive_has_its_standings_and_a_page_per_round() {
    let mut spec = NewEvent::new("Whist & <i>tea</i>", EventFormat::WhistDrive, Roster::numbered(8));
    spec.options.hands_per_round = Some(2);
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let mut results = Results::new();
    let round = &event.schedule.rounds[0];
    for table in &round.tables {
        results.insert(
            crate::event::ResultKey {
                round: 1,
                table: table.number,
                deal: 0,
            },
            ResultValue::Tricks { ns: 14, ew: 12 },
        );
    }
    let site = results_site(&event, &results, &BTreeMap::new());
    assert_eq!(site.pages(), 1 + event.schedule.rounds.len());
    let index = String::from_utf8(site.file(INDEX).unwrap().bytes.clone()).unwrap();
    assert!(index.contains("Whist &amp; &lt;i&gt;tea&lt;/i&gt;"));
    assert!(index.contains("<h2>Standings</h2>"), "{index}");
    assert!(index.contains("href=\"round-2.html\""));
    let first = String::from_utf8(site.file("round-1.html").unwrap().bytes.clone()).unwrap();
    assert!(first.contains("<th scope=\"col\">North-South</th>"));
    assert!(first.contains("14–12"));
    let second = String::from_utf8(site.file("round-2.html").unwrap().bytes.clone()).unwrap();
    assert!(second.contains("no result yet"));
}
