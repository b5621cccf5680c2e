//! The printed sheets read back as a person would check them: open the PDF (lopdf), count the
//! pages, and look for every player, every round and the page heading on every page.

use lopdf::Document;
use scheduler::model::Roster;
use scheduler::sheets::{
    Orientation, Paper, SheetError, SheetKind, SheetOptions, StandingsTable, schedule_pdf,
};
use scheduler::solver::Control;
use scheduler::team_chess::TeamNames;
use scheduler::team_chess::team_match::team_round_robin;
use scheduler::whist::{WhistOptions, whist_schedule};
use scheduler::{Schedule, verify::verify};
use std::time::Duration;

/// The text of each page with all whitespace removed: typst places words individually, so
/// extracted text has spaces in unpredictable places; names are compared the same way.
pub(crate) struct PdfPages {
    pub(crate) pages: Vec<String>,
    /// Page sizes in points (width, height).
    sizes: Vec<(f32, f32)>,
}

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

pub(crate) fn read_pdf(bytes: &[u8]) -> PdfPages {
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    let document = Document::load_mem(bytes).expect("the PDF opens");
    let mut pages = Vec::new();
    let mut sizes = Vec::new();
    for (number, id) in document.get_pages() {
        pages.push(squeeze(&document.extract_text(&[number]).expect("page text")));
        let media = document
            .get_dictionary(id)
            .and_then(|page| page.get(b"MediaBox"))
            .and_then(|b| b.as_array())
            .expect("a MediaBox on every page");
        let number = |i: usize| media[i].as_float().expect("a number");
        sizes.push((number(2) - number(0), number(3) - number(1)));
    }
    PdfPages { pages, sizes }
}

impl PdfPages {
    pub(crate) fn contains(&self, text: &str) -> bool {
        let text = squeeze(text);
        self.pages.iter().any(|page| page.contains(&text))
    }

    /// Every page carries the event heading and its own "page X of Y".
    pub(crate) fn assert_headed(&self, title: &str) {
        let total = self.pages.len();
        for (i, page) in self.pages.iter().enumerate() {
            assert!(page.contains(&squeeze(title)), "page {} has no heading", i + 1);
            let footer = squeeze(&format!("page {} of {total}", i + 1));
            assert!(page.contains(&footer), "page {} lacks {footer:?}: {page}", i + 1);
        }
    }
}

fn whist(roster: &Roster, rounds: Option<usize>) -> Schedule {
    let options = WhistOptions {
        rounds,
        directed: false,
        seed: 3,
        never_partner: Vec::new(),
        apart: Default::default(),
    };
    let control = Control::with_counted_time(Duration::from_secs(20));
    let (schedule, _) = whist_schedule(roster, &options, &control).expect("a rotation");
    assert!(verify(&schedule).is_valid());
    schedule
}

fn options(title: &str, kinds: &[SheetKind]) -> SheetOptions {
    let mut options = SheetOptions::new(title);
    options.club = Some("Riverside Whist Club".into());
    options.date = chrono::NaiveDate::from_ymd_opt(2026, 11, 22);
    options.kinds = kinds.to_vec();
    options
}

/// A long document is laid out in parts (80 table cards: four parts; 80 personal cards over
/// many pages) and joined: every page still carries the heading and its own "page X of Y" of
/// the whole file, every table card and every player's card is there once, in order.
#[test]
fn a_long_document_joined_from_parts_keeps_every_page_numbered_and_every_card() {
    let schedule = whist(&Roster::numbered(320), Some(6));
    let title = "County Whist Drive";
    let kinds = [SheetKind::Round, SheetKind::Table, SheetKind::Personal];
    let pdf = read_pdf(&schedule_pdf(&schedule, &[], &options(title, &kinds)).unwrap());
    assert!(pdf.pages.len() > 60, "{} pages", pdf.pages.len());
    pdf.assert_headed(title);
    let all = pdf.pages.concat();
    let mut from = 0;
    for table in 1..=80 {
        let card = squeeze(&format!("Table {table}North"));
        let at = all[from..]
            .find(&card)
            .unwrap_or_else(|| panic!("table card {table} missing or out of order"));
        from += at + card.len();
    }
    for name in &schedule.entrants {
        assert!(pdf.contains(name), "{name} missing");
    }
}

/// A personal card taller than a page (64 players, 63 rounds; on Letter paper) used to run
/// off the bottom of its page into the footer. It is now cut into titled cards of
/// consecutive rounds — "Player 1 — rounds 1–…" — each on one page, and every round of
/// every player is still printed.
#[test]
fn long_personal_cards_are_cut_into_titled_cards_that_fit_a_page() {
    let schedule = whist(&Roster::numbered(64), None);
    assert_eq!(schedule.rounds.len(), 63);
    let mut sheet = options("Long cycle", &[SheetKind::Personal]);
    sheet.paper = Paper::Letter;
    let pdf = read_pdf(&schedule_pdf(&schedule, &[], &sheet).unwrap());
    pdf.assert_headed("Long cycle");
    let all = pdf.pages.concat();
    for name in &schedule.entrants {
        let first = squeeze(&format!("{name} — rounds 1–"));
        let at = all
            .find(&first)
            .unwrap_or_else(|| panic!("{name}: no card for rounds 1–…"));
        assert!(all[at..].contains(&squeeze(&format!("{name} — rounds "))));
    }
    // Each round line once per player: the cut loses nothing.
    for round in [1, 32, 33, 63] {
        let line = squeeze(&format!("Round {round} → table"));
        assert_eq!(all.matches(&line).count(), 64, "round {round}");
    }
    // One page per player: the two cards of a player side by side.
    assert_eq!(pdf.pages.len(), 64);
}

#[test]
fn a_sixteen_player_whist_prints_every_sheet_with_every_name_and_round() {
    let schedule = whist(&Roster::numbered(16), None);
    let title = "Autumn Whist Drive";
    for kind in SheetKind::SCHEDULE_KINDS {
        let pdf = read_pdf(&schedule_pdf(&schedule, &[], &options(title, &[kind])).unwrap());
        assert!(!pdf.pages.is_empty());
        pdf.assert_headed(title);
        assert!(pdf.contains("22 November 2026"), "{kind:?}: the date");
        assert!(pdf.contains("Riverside Whist Club"));
        for name in &schedule.entrants {
            assert!(pdf.contains(name), "{kind:?}: {name} missing");
        }
        for round in &schedule.rounds {
            assert!(
                pdf.contains(&format!("Round {}", round.number))
                    || pdf.contains(&format!("{}", round.number))
            );
        }
        match kind {
            SheetKind::Round => {
                for round in &schedule.rounds {
                    assert!(
                        pdf.contains(&format!("Round {}", round.number)),
                        "round {}",
                        round.number
                    );
                }
                assert!(pdf.contains("North") && pdf.contains("West"));
            }
            SheetKind::Table => {
                for table in 1..=4 {
                    assert!(pdf.contains(&format!("Table {table}")));
                }
            }
            SheetKind::Personal => {
                // Player 1's first line names table, seat and partner.
                let round = &schedule.rounds[0];
                let table = round
                    .tables
                    .iter()
                    .find(|t| t.seats.iter().any(|s| s.entrant == 0))
                    .unwrap();
                assert!(pdf.contains(&format!("Round {} → table {}", round.number, table.number)));
                assert!(pdf.contains("partner"));
            }
            _ => unreachable!(),
        }
    }
    // All kinds in one file: each starts on a new page, so there are at least three.
    let all = read_pdf(&schedule_pdf(&schedule, &[], &options(title, &SheetKind::SCHEDULE_KINDS)).unwrap());
    assert!(all.pages.len() >= 3);
    all.assert_headed(title);
}

#[test]
fn sit_outs_are_printed_on_the_round_sheet_and_the_personal_cards() {
    let schedule = whist(&Roster::numbered(23), Some(7));
    let pdf = read_pdf(
        &schedule_pdf(
            &schedule,
            &[],
            &options("Sit-outs", &[SheetKind::Round, SheetKind::Personal]),
        )
        .unwrap(),
    );
    for round in &schedule.rounds {
        let names: Vec<&str> = round
            .absent
            .iter()
            .map(|a| schedule.entrants[a.entrant].as_str())
            .collect();
        assert!(!names.is_empty(), "23 players leave someone out each round");
        assert!(
            pdf.contains(&format!("Sits out: {}", names.join(", "))),
            "round {}",
            round.number
        );
        assert!(pdf.contains(&format!("Round {} → sits out", round.number)));
    }
}

#[test]
fn team_round_robin_gets_pairing_lists_with_result_boxes_and_match_cards() {
    let names = TeamNames::numbered(4, 4);
    let schedule = team_round_robin(&names, 4, false);
    let pdf = read_pdf(
        &schedule_pdf(
            &schedule,
            &[],
            &options("County Schools", &SheetKind::SCHEDULE_KINDS),
        )
        .unwrap(),
    );
    pdf.assert_headed("County Schools");
    assert!(pdf.contains("Pairing lists") && pdf.contains("Result"));
    assert!(pdf.contains("Match score") && pdf.contains("Captain of Team 1"));
    for round in 1..=3 {
        assert!(
            pdf.contains(&format!("Round {round}: Team")),
            "match cards of round {round}"
        );
    }
    for name in &schedule.entrants {
        assert!(pdf.contains(name), "{name}");
    }
}

#[test]
fn names_in_polish_turkish_greek_and_chinese_print() {
    let mut roster = Roster::numbered(8);
    let names = [
        "Łukasz Żółtowski",
        "Grzegorz Brzęczyszczykiewicz",
        "Şükrü Gökçe",
        "İpek Ağaoğlu",
        "Γιώργος Παπαδόπουλος",
        "Ελένη Σταύρου",
        "王小明",
        "李静怡",
    ];
    for (player, name) in roster.players.iter_mut().zip(names) {
        player.name = name.into();
    }
    let schedule = whist(&roster, None);
    let bytes = schedule_pdf(
        &schedule,
        &[],
        &options("Międzynarodowy turniej", &[SheetKind::Round]),
    )
    .unwrap();
    let pdf = read_pdf(&bytes);
    for name in names {
        assert!(pdf.contains(name), "{name} did not come back out of the PDF");
    }
    // The Chinese names can only have been drawn with the CJK fallback font.
    assert!(
        bytes
            .windows(b"DroidSansFallback".len())
            .any(|w| w == b"DroidSansFallback"),
        "the CJK font is not embedded"
    );
}

#[test]
fn paper_size_and_orientation_follow_the_options_and_the_widest_table() {
    let schedule = whist(&Roster::numbered(16), Some(2));
    let mut letter = options("Paper", &[SheetKind::Round]);
    letter.paper = Paper::Letter;
    let pdf = read_pdf(&schedule_pdf(&schedule, &[], &letter).unwrap());
    let (w, h) = pdf.sizes[0];
    assert!((w - 612.0).abs() < 1.0 && (h - 792.0).abs() < 1.0, "{w}×{h}");
    let a4 = read_pdf(&schedule_pdf(&schedule, &[], &options("Paper", &[SheetKind::Round])).unwrap());
    let (w, h) = a4.sizes[0];
    assert!(
        (w - 595.3).abs() < 1.0 && (h - 841.9).abs() < 1.0,
        "portrait A4, {w}×{h}"
    );
    // Long names do not fit four across a portrait page: the sheet turns.
    let mut roster = Roster::numbered(16);
    for player in &mut roster.players {
        player.name = format!("{} Featherstonehaugh-Cholmondeley", player.name);
    }
    let wide = whist(&roster, Some(2));
    let turned = read_pdf(&schedule_pdf(&wide, &[], &options("Paper", &[SheetKind::Round])).unwrap());
    let (w, h) = turned.sizes[0];
    assert!(w > h, "landscape expected, {w}×{h}");
    let mut forced = options("Paper", &[SheetKind::Round]);
    forced.orientation = Orientation::Portrait;
    let (w, h) = read_pdf(&schedule_pdf(&wide, &[], &forced).unwrap()).sizes[0];
    assert!(w < h, "portrait when asked, {w}×{h}");
}

#[test]
fn standings_print_when_given_and_are_refused_without_results() {
    let schedule = whist(&Roster::numbered(8), None);
    let refused = schedule_pdf(&schedule, &[], &options("Standings", &[SheetKind::Standings]));
    assert!(matches!(refused, Err(SheetError::Options(message)) if message.contains("no results")));
    let table = StandingsTable {
        heading: Some("Players".into()),
        note: Some("Ranked by tricks.".into()),
        columns: vec!["Rank".into(), "Player".into(), "Tricks".into()],
        rows: schedule
            .entrants
            .iter()
            .enumerate()
            .map(|(i, name)| vec![(i + 1).to_string(), name.clone(), (90 - i).to_string()])
            .collect(),
    };
    let pdf = read_pdf(
        &schedule_pdf(
            &schedule,
            std::slice::from_ref(&table),
            &options("Standings", &[SheetKind::Standings]),
        )
        .unwrap(),
    );
    pdf.assert_headed("Standings");
    assert!(pdf.contains("Player 8") && pdf.contains("83"));
    assert!(pdf.contains("Players") && pdf.contains("Ranked by tricks."));
}

#[test]
fn a_bad_date_pattern_is_named() {
    let schedule = whist(&Roster::numbered(8), None);
    let mut bad = options("Dates", &[SheetKind::Round]);
    bad.date_format = "%Q".into();
    match schedule_pdf(&schedule, &[], &bad) {
        Err(SheetError::Options(message)) => assert!(message.contains("%Q"), "{message}"),
        other => panic!(
            "expected a message about the pattern, got {:?}",
            other.map(|b| b.len())
        ),
    }
    let mut custom = options("Dates", &[SheetKind::Round]);
    custom.date_format = "%d/%m/%Y".into();
    let pdf = read_pdf(&schedule_pdf(&schedule, &[], &custom).unwrap());
    assert!(pdf.contains("22/11/2026"));
}
