//! Hand records: a PBN file written by another program (endplay) read, written back and read
//! again to the same boards; a hand-written file in the style of a dealing machine's export
//! (byte-order mark, CR-LF, comments, extra tags and sections, inherited tags); every kind of
//! malformed input refused with its file, line and reason; and random deals checked for a
//! whole pack, thirteen to a hand, reproducible from their seed and spread evenly.

use scheduler::deals::{
    Analysis, Board, Card, DdTable, Direction, Strain, Suit, Vulnerability, deal_from_pbn, random_boards,
    random_deal, read_pbn, read_pbn_file, standard_dealer, standard_vulnerability, uniform_below, write_pbn,
};
use scheduler::scoring::par::{par, read_pbn_analysed};
use scheduler::solver::Rng;
use std::collections::HashSet;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/pbn")
        .join(name)
}

fn read_fixture(name: &str) -> Vec<Board> {
    match read_pbn_file(&fixture(name)) {
        Ok(boards) => boards,
        Err(problems) => panic!("{name}: {:?}", problems.list),
    }
}

/// The `[Deal "…"]` values of a file, found by plain text search (not by the reader).
fn raw_deal_values(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    text.lines()
        .filter_map(|line| {
            line.strip_prefix("[Deal \"")?
                .strip_suffix("\"]")
                .map(str::to_owned)
        })
        .collect()
}

#[test]
fn a_file_written_by_endplay_round_trips() {
    let boards = read_fixture("endplay-8-boards.pbn");
    let numbers: Vec<u32> = boards.iter().map(|b| b.number).collect();
    assert_eq!(numbers, (1..=8).collect::<Vec<_>>());
    // endplay wrote the standard dealer and vulnerability (Player/Vul.from_board).
    for board in &boards {
        assert_eq!(
            board.dealer,
            standard_dealer(board.number),
            "board {}",
            board.number
        );
        assert_eq!(
            board.vulnerability,
            standard_vulnerability(board.number),
            "board {}",
            board.number
        );
        assert_eq!(board.event, "?");
    }
    // endplay writes every deal from North with the ranks highest first, as we do.
    let raw = raw_deal_values("endplay-8-boards.pbn");
    let ours: Vec<String> = boards.iter().map(|b| b.deal.pbn(Direction::North)).collect();
    assert_eq!(ours, raw);

    let written = write_pbn(&boards);
    assert!(written.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"?\"]\r\n"));
    assert!(written.contains("[Board \"2\"]\r\n[West \"\"]\r\n[North \"\"]\r\n[East \"\"]\r\n[South \"\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n[Deal \"E:"));
    assert_eq!(written.matches("[Deal \"").count(), 8);
    let again = read_pbn("written.pbn", written.as_bytes()).unwrap();
    assert_eq!(again, boards);
}

#[test]
fn a_dealing_machine_style_file_is_read_tolerantly() {
    let bytes = std::fs::read(fixture("dealing-machine-style.pbn")).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF") && bytes.windows(2).any(|w| w == b"\r\n"));
    // Board 1's OptimumResultTable gives North 12 tricks in ♦ where its DoubleDummyTricks
    // gives 9: the file is refused on that row, naming both tags (issue 44).
    let refused = read_pbn_file(&fixture("dealing-machine-style.pbn")).unwrap_err();
    assert_eq!(refused.list.len(), 1, "{:?}", refused.list);
    let problem = &refused.list[0];
    assert_eq!(
        (problem.line, problem.field.as_deref()),
        (Some(32), Some("OptimumResultTable"))
    );
    assert!(
        problem.to_string().contains(
            "line 32, field \"OptimumResultTable\": board 1: North in D takes 12 tricks here, but 9 in the [DoubleDummyTricks] on line 26; the tags disagree"
        ),
        "{problem}"
    );
    // With that row put right, everything else in the file is read tolerantly.
    let text = String::from_utf8(bytes).unwrap().replace("N D 12", "N D  9");
    let boards =
        read_pbn("dealing-machine-style.pbn", text.as_bytes()).unwrap_or_else(|p| panic!("{:?}", p.list));
    assert_eq!(boards.len(), 3, "{boards:?}");
    let [one, two, three] = [&boards[0], &boards[1], &boards[2]];
    assert_eq!(
        (one.number, one.dealer, one.vulnerability),
        (1, Direction::North, Vulnerability::None)
    );
    assert_eq!(one.event, "Thursday Pairs – Café Ölmühle");
    assert_eq!(one.site, "Bridge Club \"Ölmühle\"");
    assert_eq!(one.date, "2026.05.21");
    // Written from West; the same deal as endplay's board 1.
    let endplay = read_fixture("endplay-8-boards.pbn");
    assert_eq!(one.deal, endplay[0].deal);
    let ace_of_spades = Card::new(Suit::Spades, 'A').unwrap();
    assert_eq!(one.deal.holder(ace_of_spades), Direction::East);
    // "#" inherits Event, Site and Date from the game before (PBN 2.1 §4.8).
    assert_eq!(
        (two.number, two.dealer, two.vulnerability),
        (2, Direction::East, Vulnerability::NorthSouth)
    );
    assert_eq!(
        (two.event.as_str(), two.site.as_str(), two.date.as_str()),
        (one.event.as_str(), one.site.as_str(), "2026.05.21")
    );
    assert_eq!(two.deal, endplay[1].deal);
    assert_eq!(
        (three.number, three.dealer, three.vulnerability),
        (3, Direction::South, Vulnerability::EastWest)
    );
    assert_eq!(
        (three.event.as_str(), three.site.as_str()),
        (one.event.as_str(), "")
    );
    assert_eq!(three.deal.holder(ace_of_spades), Direction::West);
    assert_eq!(
        three.deal.pbn(Direction::South),
        "S:8.KQ9.K8652.KT62 AKQ7632.T4.A4.Q5 JT954.AJ72.Q9.J3 .8653.JT73.A9874"
    );
    // A deal stored as text comes back the same, whichever seat it is written from.
    for first in Direction::ALL {
        assert_eq!(deal_from_pbn(&three.deal.pbn(first)), Ok(three.deal));
    }
    // And it round-trips through our writer too.
    assert_eq!(
        read_pbn("again.pbn", write_pbn(&boards).as_bytes()).unwrap(),
        boards
    );
}

const GOOD_DEAL: &str = "N:.AQ854.AKT8.T975 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86";

/// The single error for `text`: (line, field, message).
fn refusal(text: &str) -> (Option<u64>, Option<String>, String) {
    let problems = read_pbn("club.pbn", text.as_bytes()).expect_err(text);
    assert_eq!(problems.list.len(), 1, "{text}: {:?}", problems.list);
    let problem = &problems.list[0];
    assert_eq!(problem.file, "club.pbn");
    (problem.line, problem.field.clone(), problem.message.clone())
}

#[test]
fn every_malformed_input_is_refused_with_file_line_and_reason() {
    let game = |board: &str, deal: &str| {
        format!("% PBN 2.1\n[Event \"x\"]\n[Board \"{board}\"]\n[Deal \"{deal}\"]\n")
    };
    let cases: Vec<(String, u64, &str, &str)> = vec![
        (
            game(
                "1",
                "N:.AQ854.AKT8.T97 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86",
            ),
            4,
            "Deal",
            "North has 12 cards",
        ),
        (
            game(
                "1",
                "N:A.AQ854.AKT8.T97 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86",
            ),
            4,
            "Deal",
            "the SA is in two hands (North and East)",
        ),
        (
            game(
                "1",
                "N:.AQ854.AKT8.T975 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86X",
            ),
            4,
            "Deal",
            "'X' among the clubs, which is not a rank",
        ),
        (
            game(
                "1",
                "N:.AQ854.AKT8.1075 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86",
            ),
            4,
            "Deal",
            "the ten is written T",
        ),
        (
            game("1", "N:.AQ854.AKT8.T975 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4"),
            4,
            "Deal",
            "the deal has 3 hands",
        ),
        (
            game("1", "N:.AQ854.AKT8.T975 - KQT832.63.J3.AQ4 J975.KJ97.752.86"),
            4,
            "Deal",
            "the East hand is not given",
        ),
        (
            game(
                "1",
                "X:.AQ854.AKT8.T975 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86",
            ),
            4,
            "Deal",
            "not N, E, S or W",
        ),
        (
            game(
                "1",
                ".AQ854.AKT8.T975 A64.T2.Q964.KJ32 KQT832.63.J3.AQ4 J975.KJ97.752.86",
            ),
            4,
            "Deal",
            "does not start with the first hand's seat",
        ),
        (
            game("one", GOOD_DEAL),
            3,
            "Board",
            "the board number \"one\" is not a whole number",
        ),
        (game("-1", GOOD_DEAL), 3, "Board", "is not a whole number"),
        (game("0", GOOD_DEAL), 3, "Board", "boards are numbered from 1"),
        (
            game("99999999999999999999", GOOD_DEAL),
            3,
            "Board",
            "far too large",
        ),
        (
            format!("[Deal \"{GOOD_DEAL}\"]\n\n[Board \"1\"]\n[Deal \"{GOOD_DEAL}\"]\n"),
            1,
            "Deal",
            "a deal whose game has no [Board",
        ),
        (
            format!("[Board \"1\"]\n[Deal \"{GOOD_DEAL}\"]\n\n[Board \"1\"]\n[Deal \"{GOOD_DEAL}\"]\n"),
            4,
            "Board",
            "board 1 is in the file twice (first on line 1)",
        ),
        (
            "[Board \"7\"]\n[Dealer \"N\"]\n".to_string(),
            1,
            "Board",
            "board 7 has no [Deal",
        ),
        (
            format!("[Board \"1\"]\n[Dealer \"North\"]\n[Deal \"{GOOD_DEAL}\"]\n"),
            2,
            "Dealer",
            "\"North\" is not N, E, S or W",
        ),
        (
            format!("[Board \"1\"]\n[Vulnerable \"Favourable\"]\n[Deal \"{GOOD_DEAL}\"]\n"),
            2,
            "Vulnerable",
            "not one of None, NS, EW, All",
        ),
        (
            format!(
                "[Board \"1\"]\n[Deal \"{GOOD_DEAL}\"]\n[Deal \"S{}\"]\n",
                &GOOD_DEAL[1..]
            ),
            3,
            "Deal",
            "a second [Deal] tag in the same game",
        ),
        (
            "[Board \"1\"]\n[Deal \"#\"]\n".to_string(),
            2,
            "Deal",
            "does not allow Deal to be inherited",
        ),
    ];
    for (text, line, field, words) in &cases {
        let (got_line, got_field, message) = refusal(text);
        assert_eq!(got_line, Some(*line), "{text}: {message}");
        assert_eq!(got_field.as_deref(), Some(*field), "{text}: {message}");
        assert!(
            message.contains(words),
            "{text}: {message:?} should say {words:?}"
        );
    }
    // Problems outside a tag have no field.
    let bare: Vec<(&str, u64, &str)> = vec![
        ("[Board \"1\"]\n{ never closed\n\n", 2, "never closed with }"),
        ("[Board \"1\n", 1, "not closed by a double quote"),
        ("[Board \"1\" \n[Deal \"x\"]\n", 1, "is not closed by ]"),
        ("[ \"1\"]\n", 1, "does not start a tag"),
        ("Board 1\n", 1, "\"Board\" is outside any tag"),
    ];
    for (text, line, words) in bare {
        let problems = read_pbn("club.pbn", text.as_bytes()).expect_err(text);
        let first = &problems.list[0];
        assert_eq!(
            (first.line, first.field.as_deref()),
            (Some(line), None),
            "{text}: {}",
            first.message
        );
        assert!(first.message.contains(words), "{text}: {:?}", first.message);
    }
    let empty = read_pbn("club.pbn", b"% PBN 2.1\r\n; nothing\r\n").unwrap_err();
    assert!(
        empty.list[0].message.contains("holds no board"),
        "{:?}",
        empty.list
    );
    let binary = read_pbn("club.pbn", b"\x00\x01[Board").unwrap_err();
    assert!(binary.list[0].message.contains("binary"), "{:?}", binary.list);
    // Every error of a file is reported, not only the first.
    let two = format!("{}\n{}", game("x", GOOD_DEAL), game("2", "N:- - - -"));
    assert_eq!(read_pbn("club.pbn", two.as_bytes()).unwrap_err().list.len(), 2);
}

#[test]
fn missing_dealer_and_vulnerability_are_the_standard_ones_and_a_repeated_tag_is_ignored() {
    let text = format!("[Board \"6\"]\n[Deal \"{GOOD_DEAL}\"]\n[Board \"6\"]\n[Dealer \"?\"]\n");
    let boards = read_pbn("club.pbn", text.as_bytes()).unwrap();
    assert_eq!(
        (boards[0].dealer, boards[0].vulnerability),
        (Direction::East, Vulnerability::EastWest)
    );
}

/// Counts the cards of a deal by itself: 52 different cards, 13 in each hand.
fn assert_whole_pack(board: &Board) {
    let mut seen = HashSet::new();
    for direction in Direction::ALL {
        let cards: Vec<Card> = board.deal.hand(direction).cards().collect();
        assert_eq!(cards.len(), 13, "board {} {direction:?}", board.number);
        for card in cards {
            assert!(seen.insert(card), "board {}: {card} twice", board.number);
        }
    }
    assert_eq!(seen.len(), 52);
}

#[test]
fn random_deals_are_whole_packs_and_reproducible_from_their_seed() {
    let boards = random_boards(42, 2_000, "Club night", "Hall", "2026.05.22");
    for board in &boards {
        assert_whole_pack(board);
        assert_eq!(board.dealer, standard_dealer(board.number));
        assert_eq!(board.vulnerability, standard_vulnerability(board.number));
    }
    let distinct: HashSet<_> = boards.iter().map(|b| b.deal).collect();
    assert_eq!(distinct.len(), boards.len(), "a deal repeated in 2,000");
    assert_eq!(
        random_boards(42, 2_000, "Club night", "Hall", "2026.05.22"),
        boards
    );
    assert_eq!(
        random_boards(42, 24, "Club night", "Hall", "2026.05.22")[..],
        boards[..24]
    );
    assert_ne!(random_boards(43, 1, "", "", "")[0].deal, boards[0].deal);
    // Written and read back, an awkward title included.
    let mut some: Vec<Board> = boards[..30].to_vec();
    some[0].event = "The \"Monday\" \\ pairs".to_owned();
    assert_eq!(read_pbn("x.pbn", write_pbn(&some).as_bytes()).unwrap(), some);
}

#[test]
fn each_card_lands_in_each_hand_about_a_quarter_of_the_time() {
    const DEALS: usize = 4_000;
    let mut rng = Rng::new(2026);
    let mut counts = [[0u32; 4]; 52];
    for _ in 0..DEALS {
        let deal = random_deal(&mut rng);
        for card in Card::all() {
            counts[card.index()][deal.holder(card).index()] += 1;
        }
    }
    let expected = DEALS as f64 / 4.0;
    let mut chi_square = 0.0;
    for (card, row) in counts.iter().enumerate() {
        assert_eq!(row.iter().sum::<u32>() as usize, DEALS);
        for &count in row {
            // Standard deviation sqrt(4000 · 1/4 · 3/4) ≈ 27: six of them is far outside chance.
            assert!(
                (f64::from(count) - expected).abs() < 165.0,
                "card {card}: {row:?}"
            );
            chi_square += (f64::from(count) - expected).powi(2) / expected;
        }
    }
    // 52 × 3 = 156 degrees of freedom: mean 156, standard deviation about 18. A biased
    // shuffle (say, the last card always to West) lands in the thousands.
    assert!(chi_square < 300.0, "chi-square {chi_square:.1}");
    assert!(
        chi_square > 60.0,
        "chi-square {chi_square:.1} is too good to be random"
    );
}

#[test]
fn uniform_below_is_even_and_in_range() {
    let mut rng = Rng::new(7);
    for n in [1u64, 2, 3, 52, u64::MAX / 2 + 2, u64::MAX] {
        for _ in 0..1_000 {
            assert!(uniform_below(&mut rng, n) < n, "n = {n}");
        }
    }
    assert_eq!(uniform_below(&mut rng, 0), 0);
    let mut counts = [0u32; 3];
    for _ in 0..30_000 {
        counts[uniform_below(&mut rng, 3) as usize] += 1;
    }
    // Standard deviation about 82 around 10,000.
    assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
}

/// Issue 38, item 12: a PBN file with CR CR LF line ends reads like any other (it used to
/// say "board 1 has no [Deal] tag").
#[test]
fn cr_cr_lf_line_ends_read_like_any_other() {
    let text = format!(
        "% PBN 2.1\r\r\n[Event \"x\"]\r\r\n[Board \"1\"]\r\r\n[Dealer \"N\"]\r\r\n[Vulnerable \"None\"]\r\r\n[Deal \"{GOOD_DEAL}\"]\r\r\n\r\r\n[Board \"2\"]\r\r\n[Dealer \"E\"]\r\r\n[Vulnerable \"NS\"]\r\r\n[Deal \"{GOOD_DEAL}\"]\r\r\n"
    );
    let boards = read_pbn("crcrlf.pbn", text.as_bytes()).unwrap_or_else(|p| panic!("{:?}", p.list));
    assert_eq!(boards.len(), 2);
    let unmarked: Vec<u8> = text
        .replace("\r\r\n", "\n")
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(read_pbn("utf16.pbn", &unmarked).unwrap(), boards);
}

/// Issue 38, item 8: hand records whose dealer or vulnerability differ from those of the
/// board numbers (by which the event is scored) are refused whole, naming each board, not
/// attached with the file's values silently replaced.
#[test]
fn hand_records_with_another_dealer_or_vulnerability_are_refused_by_board() {
    use scheduler::event::store::EventFile;
    let text = format!(
        "[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Deal \"{GOOD_DEAL}\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"{GOOD_DEAL}\"]\n"
    );
    let boards = read_pbn("nonstd.pbn", text.as_bytes()).unwrap();
    let names: Vec<String> = (1..=8).map(|i| format!("Pair {i}")).collect();
    let event = super::club_pairs::club_event(&names, scheduler::movement::MovementKind::Howell, 2);
    let path = super::common::scratch("deals", "nonstd.tourney");
    let mut file = EventFile::create(&path, &event).unwrap();
    let refusal = file.attach_deals(&boards).unwrap_err().to_string();
    assert!(
        refusal.contains(
            "board 1: dealer S, vulnerable All in the file, but dealer N, vulnerable None on the board"
        ),
        "{refusal}"
    );
    assert!(!refusal.contains("board 2"), "board 2 is standard: {refusal}");
    assert!(EventFile::open(&path).unwrap().event().settings.deals.is_empty());
    // The standard board alone is attached.
    assert_eq!(file.attach_deals(&boards[1..]).unwrap(), 1);
}

/// Issue 38, item 4, found by the `pbn_read` fuzz target: a tag value holding a control
/// character (here U+0001 in the Site) is refused by line and tag, as names and titles are,
/// instead of being read (and written back as a space).
#[test]
fn a_tag_with_a_control_character_is_refused_by_line_and_tag() {
    let text = format!("[Site \"Bridge Club \u{1}Ee\"]\n[Board \"1\"]\n[Deal \"{GOOD_DEAL}\"]\n");
    let (line, field, message) = refusal(&text);
    assert_eq!((line, field.as_deref()), (Some(1), Some("Site")));
    assert!(message.starts_with("the [Site] tag holds U+0001"), "{message}");
}

/// The deals of `fixtures/dd/dds-reference.json` (DDS 3's tables) as boards 1, 2, … with
/// their standard dealer and vulnerability and an analysis: the fixture's table and the par
/// Tourney works out from it.
fn analysed_fixture_boards(count: usize) -> Vec<Board> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/dd/dds-reference.json");
    let deals: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    deals
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, deal)| {
            let mut rows = [[0u8; 5]; 4];
            for seat in Direction::ALL {
                for strain in Strain::ALL {
                    let n = deal["dd"][seat.letter().to_string().as_str()][strain.letters()]
                        .as_u64()
                        .unwrap();
                    rows[seat.index()][strain.index()] = n as u8;
                }
            }
            let table = DdTable::new(rows).unwrap();
            let mut board = Board::standard(
                i as u32 + 1,
                deal_from_pbn(deal["pbn"].as_str().unwrap()).unwrap(),
            );
            board.analysis = Some(Analysis {
                table,
                par: par(&table, board.dealer, board.vulnerability),
            });
            board
        })
        .collect()
}

#[test]
fn boards_with_their_analysis_round_trip_through_pbn() {
    // Every fixture deal: 300 random and 120 hard ones (fixtures/dd/README.md).
    let boards = analysed_fixture_boards(420);
    let written = write_pbn(&boards);
    // Fixture deal 1 as board 1 (dealer N, none vulnerable): par 3NT by N or S, +400.
    assert!(
        written.contains(
            "[Result \"\"]\r\n[DoubleDummyTricks \"979a6979a63533735337\"]\r\n[OptimumScore \"NS 400\"]\r\n[ParContract \"NS 3NT=\"]\r\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\nN NT  9\r\nN  S  7\r\n"
        ),
        "{}",
        &written[..1200]
    );
    // Board 2 (dealer E, N-S vulnerable): E-W sacrifice in 7♦ doubled over N-S's 6♠.
    assert!(written.contains("[OptimumScore \"NS 1400\"]\r\n[ParContract \"EW 7Dx-6\"]\r\n"));
    assert_eq!(written.matches("[OptimumResultTable ").count(), 420);
    let again = read_pbn_analysed("written.pbn", written.as_bytes())
        .unwrap_or_else(|p| panic!("{:?}", &p.list[..p.list.len().min(3)]));
    assert_eq!(again, boards);
    // Without a par rule the tags are checked and the boards come without analysis.
    let plain = read_pbn("written.pbn", written.as_bytes()).unwrap();
    assert!(plain.iter().all(|b| b.analysis.is_none()));
    let stripped: Vec<Board> = boards
        .iter()
        .cloned()
        .map(|b| Board { analysis: None, ..b })
        .collect();
    assert_eq!(plain, stripped);
}

/// A game of board 1 (dealer N, none vulnerable) with `tags` after its deal.
fn analysed_game(tags: &str) -> String {
    format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{GOOD_DEAL}\"]\n{tags}")
}

/// The table of the BBO extractor's published sample (research doc §3): N-S take 13 tricks
/// in NT, so par is 7NT by North or South, +1520 none vulnerable.
const BBO_TRICKS: &str = "d8ddad8dda0500105001";

#[test]
fn analysis_tags_in_other_programs_forms_are_read() {
    let expected = scheduler::deals::pbn_analysis::table_from_double_dummy_tricks(BBO_TRICKS).unwrap();
    // Ruter's row order (W, N, E, S × S, H, D, C, NT), `N` for no trumps, a plain header,
    // and the `"NS 7N; +1520"` score some extractors write.
    let mut rows = String::new();
    for seat in ["W", "N", "E", "S"] {
        for strain in ["S", "H", "D", "C", "N"] {
            let declarer = Direction::parse(seat).unwrap();
            let tricks = expected.tricks(declarer, Strain::parse(strain).unwrap());
            rows.push_str(&format!("{seat} {strain} {tricks}\n"));
        }
    }
    let ruter = analysed_game(&format!(
        "[OptimumScore \"NS 7N; +1520\"]\n[OptimumResultTable \"Declarer;Denomination;Result\"]\n{rows}"
    ));
    let boards = read_pbn_analysed("ruter.pbn", ruter.as_bytes()).unwrap_or_else(|p| panic!("{:?}", p.list));
    let analysis = boards[0].analysis.as_ref().unwrap();
    assert_eq!(analysis.table, expected);
    assert_eq!(analysis.par.score_ns, 1520);
    let shown: Vec<String> = analysis.par.contracts.iter().map(ToString::to_string).collect();
    assert_eq!(shown, ["7NTN=", "7NTS="]);
    // Upper-case digits, the score from E-W's side, Tourney's ParContract, and another
    // program's ParContract (not Tourney's form: left alone).
    for tags in [
        "[DoubleDummyTricks \"D8DDAD8DDA0500105001\"]\n[OptimumScore \"EW -1520\"]\n[ParContract \"NS 7NT=\"]\n",
        "[DoubleDummyTricks \"d8ddad8dda0500105001\"]\n[OptimumScore \"NS 1520 EW -1520\"]\n[ParContract \"7N-NS\"]\n",
    ] {
        let boards = read_pbn_analysed("bc.pbn", analysed_game(tags).as_bytes())
            .unwrap_or_else(|p| panic!("{tags}: {:?}", p.list));
        assert_eq!(boards[0].analysis.as_ref(), Some(analysis), "{tags}");
    }
}

#[test]
fn malformed_or_disagreeing_analysis_tags_are_refused_by_line_and_tag() {
    let cases = [
        (
            "[DoubleDummyTricks \"d8dd\"]\n",
            5,
            "DoubleDummyTricks",
            "has 4 characters",
        ),
        (
            "[DoubleDummyTricks \"d8ddad8dda050010500f\"]\n",
            5,
            "DoubleDummyTricks",
            "digit 20 ('f', West in C)",
        ),
        (
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\nN S 8\n",
            5,
            "OptimumResultTable",
            "the table has 2 of the 20 rows (declarer and strain); missing: N H, N D",
        ),
        (
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\nN NT 12\n",
            7,
            "OptimumResultTable",
            "North in NT takes 12 tricks here but 13 on line 6",
        ),
        (
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 14\n",
            6,
            "OptimumResultTable",
            "the row \"N NT 14\" is not a declarer",
        ),
        (
            "[DoubleDummyTricks \"#\"]\n",
            5,
            "DoubleDummyTricks",
            "would take the analysis of another deal",
        ),
    ];
    for (tags, line, field, words) in cases {
        let text = analysed_game(tags);
        let problems = read_pbn_analysed("club.pbn", text.as_bytes()).expect_err(tags);
        assert_eq!(problems.list.len(), 1, "{tags}: {:?}", problems.list);
        let problem = &problems.list[0];
        assert_eq!(
            (problem.file.as_str(), problem.line, problem.field.as_deref()),
            ("club.pbn", Some(line), Some(field)),
            "{tags}: {}",
            problem.message
        );
        assert!(
            problem.message.contains(words),
            "{tags}: {:?} should say {words:?}",
            problem.message
        );
    }
}

/// Another program's par text that differs from the par Tourney works out (its rules, or a
/// hand edit), or does not read, never refuses the file: the board keeps the file's table
/// with Tourney's par, and a warning names the file, the line and the tag.
#[test]
fn a_par_text_that_differs_is_noted_and_the_table_kept() {
    let expected = scheduler::deals::pbn_analysis::table_from_double_dummy_tricks(BBO_TRICKS).unwrap();
    let cases = [
        (
            "[DoubleDummyTricks \"d8ddad8dda0500105001\"]\n[OptimumScore \"NS 1510\"]\n",
            6,
            "OptimumScore",
            "the par score \"NS 1510\" (1510 to N-S) is not the par of the board's double-dummy table, dealer N and vulnerability None (NS 1520, NS 7NT=); the table is kept and Tourney's par used",
        ),
        (
            "[DoubleDummyTricks \"d8ddad8dda0500105001\"]\n[OptimumScore \"NS 1520\"]\n[ParContract \"NS 6NT+1\"]\n",
            7,
            "ParContract",
            "the par contracts \"NS 6NT+1\" are not those",
        ),
        (
            "[DoubleDummyTricks \"d8ddad8dda0500105001\"]\n[OptimumScore \"1520\"]\n",
            6,
            "OptimumScore",
            "is not a par score",
        ),
    ];
    for (tags, line, field, words) in cases {
        let path = super::common::scratch("deals", "other-par.pbn");
        std::fs::write(&path, analysed_game(tags)).unwrap();
        let (boards, notes) = scheduler::scoring::par::read_pbn_file_analysed(&path)
            .unwrap_or_else(|p| panic!("{tags}: {:?}", p.list));
        let analysis = boards[0].analysis.as_ref().expect(tags);
        assert_eq!(analysis.table, expected, "{tags}");
        assert_eq!(analysis.par.score_ns, 1520, "{tags}");
        assert_eq!(notes.list.len(), 1, "{tags}: {:?}", notes.list);
        let note = &notes.list[0];
        assert_eq!(note.severity, scheduler::problems::Severity::Warning);
        assert_eq!(
            (note.file.as_str(), note.line, note.field.as_deref()),
            (path.display().to_string().as_str(), Some(line), Some(field)),
            "{tags}: {}",
            note.message
        );
        assert!(
            note.message.contains(words),
            "{tags}: {:?} should say {words:?}",
            note.message
        );
    }
}

/// Issue 44: an event keeps its boards' double-dummy analysis through the one write path
/// (`Command::StoreAnalysis`): the hand records then carry it (table and par), undo takes it
/// back and redo puts it again, a deal replaced loses its table, an analysis of a deal
/// replaced meanwhile is refused whole, and boards attached with their analysis keep it.
#[test]
fn an_event_keeps_its_boards_analysis_through_the_one_write_path() {
    use scheduler::event::session::{Command, Session};
    use scheduler::event::store::EventFile;
    let analysed = analysed_fixture_boards(3);
    let plain: Vec<Board> = analysed
        .iter()
        .map(|b| Board {
            analysis: None,
            ..b.clone()
        })
        .collect();
    let names: Vec<String> = (1..=8).map(|i| format!("Pair {i}")).collect();
    let event = super::club_pairs::club_event(&names, scheduler::movement::MovementKind::Howell, 2);
    let path = super::common::scratch("deals", "analysis.tourney");
    EventFile::create(&path, &event).unwrap();
    let mut session = Session::open(&path).unwrap();
    session.apply(Command::AttachDeals(plain.clone())).unwrap();
    assert!(
        session
            .event()
            .hand_records()
            .iter()
            .all(|b| b.analysis.is_none())
    );

    let applied = session
        .apply(Command::StoreAnalysis(analysed[..2].to_vec()))
        .unwrap();
    assert_eq!(applied.message, "Kept the double-dummy analysis of 2 board(s)");
    let kept = |session: &Session| -> Vec<Option<Analysis>> {
        session
            .event()
            .hand_records()
            .into_iter()
            .map(|b| b.analysis)
            .collect()
    };
    assert_eq!(
        kept(&session),
        [analysed[0].analysis.clone(), analysed[1].analysis.clone(), None]
    );
    // Read back from the file by another handle, the same.
    assert_eq!(kept(&Session::open(&path).unwrap()), kept(&session));
    assert_eq!(
        session
            .apply(Command::StoreAnalysis(analysed[..2].to_vec()))
            .unwrap()
            .message,
        "The double-dummy analysis was kept already"
    );

    // Undone and redone like any change of the hand records.
    session.undo().unwrap().unwrap();
    assert_eq!(kept(&session), [None, None, None]);
    session.redo().unwrap().unwrap();
    assert_eq!(kept(&session)[1], analysed[1].analysis);

    // Board 1's deal replaced (by board 3's cards): its table goes, board 2's stays.
    let mut replaced = plain[0].clone();
    replaced.deal = plain[2].deal;
    session.apply(Command::AttachDeals(vec![replaced])).unwrap();
    assert_eq!(kept(&session), [None, analysed[1].analysis.clone(), None]);

    // The analysis of board 1's old deal is refused whole (board 3's with it).
    let stale = vec![analysed[2].clone(), analysed[0].clone()];
    let refusal = session
        .apply(Command::StoreAnalysis(stale))
        .unwrap_err()
        .to_string();
    assert!(
        refusal.contains("board 1's hand record was replaced since it was analysed"),
        "{refusal}"
    );
    assert_eq!(kept(&session)[2], None);

    // Boards attached with their analysis (a PBN file's tags) keep it.
    session.apply(Command::AttachDeals(analysed.clone())).unwrap();
    assert_eq!(
        kept(&session),
        analysed.iter().map(|b| b.analysis.clone()).collect::<Vec<_>>()
    );
}
