//! Issue 46, the whist drive as clubs run it: the players' progressive score cards (a line
//! per round with the table, seat, partner and opponents and boxes for the tricks and the
//! running total), the table cards' boxes, and the prizes.

use super::common::event;
use super::sheets::read_pdf;
use scheduler::event::create::EventFormat;
use scheduler::event::{ResultKey, ResultValue, Results};
use scheduler::model::Seat;
use scheduler::sheets::event_sheets::{event_document, event_sheets_pdf, sheet_options};
use scheduler::sheets::{SectionBody, SheetKind};

/// 24 players over 8 rounds print their score cards on 6 pages, four a page, each card with a
/// line per round naming the table, seat, partner and opponents; once round 1's results are
/// in, its boxes carry the side's tricks and the running total.
#[test]
fn twenty_four_players_score_cards_fit_six_pages_and_fill_from_the_results() {
    let drive = event(EventFormat::WhistDrive, 24, |spec| {
        spec.options.rounds = Some(8);
        spec.options.hands_per_round = Some(2);
    });
    let mut options = sheet_options(&drive);
    assert!(
        options.kinds.contains(&SheetKind::ScoreCards),
        "a whist drive prints its score cards"
    );
    options.kinds = vec![SheetKind::ScoreCards];
    // Four cards a page on A4 and on Letter (a card estimated too short for its page would
    // stand alone: 12 pages, as on Letter before the estimate allowed for wrapping names).
    for paper in [scheduler::sheets::Paper::Letter, scheduler::sheets::Paper::A4] {
        options.paper = paper;
        let pdf = read_pdf(&event_sheets_pdf(&drive, &Results::new(), &options).unwrap());
        assert_eq!(pdf.pages.len(), 6, "four cards a page on {paper:?}");
    }
    let pdf = read_pdf(&event_sheets_pdf(&drive, &Results::new(), &options).unwrap());
    for name in &drive.schedule.entrants {
        assert!(pdf.contains(name), "{name}'s card");
    }
    assert!(pdf.contains("Table, partner and opponents") && pdf.contains("Total"));

    // Round 1's results: every table, N-S 10 and E-W 16 tricks.
    let mut results = Results::new();
    for table in &drive.schedule.rounds[0].tables {
        results.insert(
            ResultKey {
                round: 1,
                table: table.number,
                deal: 0,
            },
            ResultValue::Tricks { ns: 10, ew: 16 },
        );
    }
    let document = event_document(&drive, &results, &options).unwrap();
    let SectionBody::Scorecards { cards, .. } = &document.sections[0].body else {
        panic!("score cards");
    };
    let table = &drive.schedule.rounds[0].tables[0];
    let north = table.entrant_at(Seat::N).unwrap();
    let east = table.entrant_at(Seat::E).unwrap();
    let card = &cards[north];
    let first = &card.rounds[0];
    assert_eq!((first.seat.as_str(), first.against.as_str()), ("N", "T1"));
    let partner = &drive.schedule.entrants[table.entrant_at(Seat::S).unwrap()];
    assert!(
        first.names.starts_with(&format!("partner {partner} · v ")),
        "{}",
        first.names
    );
    let boxes: Vec<&str> = first.boards[0].iter().map(|c| c.text.as_str()).collect();
    assert_eq!(boxes, ["10", "10"]);
    let boxes: Vec<&str> = cards[east].rounds[0].boards[0]
        .iter()
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(boxes, ["16", "16"]);
    // Round 2 not in yet: empty boxes to write in, and the total left to fill.
    assert!(card.rounds[1].boards[0].iter().all(|c| c.text.is_empty()));
    assert_eq!(card.foot, ["Total ____________    Place ________"]);
}

/// The table cards of a whist drive have a box for each side's tricks in every round.
#[test]
fn whist_table_cards_have_boxes_for_each_rounds_tricks() {
    let drive = event(EventFormat::WhistDrive, 12, |spec| spec.options.rounds = Some(4));
    let mut options = sheet_options(&drive);
    options.kinds = vec![SheetKind::Table];
    let document = event_document(&drive, &Results::new(), &options).unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("table cards");
    };
    let labels: Vec<&str> = cards[0].grid.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Round",
            "North",
            "East",
            "South",
            "West",
            "N-S tricks",
            "E-W tricks"
        ]
    );
    assert!(
        cards[0]
            .grid
            .rows
            .iter()
            .all(|r| r.len() == 7 && r[5].is_empty() && r[6].is_empty())
    );
}

/// A drive of 8 players from a roster with a ladies/gents column: the standings rank
/// everyone (with the category), each category on its own, and the prize sheet names the
/// winner, the best lady and gent, the booby prize and the best single round — each checked
/// against totals worked out here from the tables and the tricks entered; shared places are
/// written "4=". The Standings sheet of the PDF prints the prizes.
#[test]
fn prizes_rank_ladies_and_gents_and_name_the_booby_and_the_best_round() {
    use scheduler::event::create::{NewEvent, build_event};
    use scheduler::event::standings::standings;
    use scheduler::roster_import::import_roster_bytes;
    use scheduler::solver::Control;
    let csv = "Name,Category\nAnn,Ladies\nBea,Ladies\nCat,Ladies\nDot,Ladies\nEd,Gents\nFred,Gents\nGus,Gents\nHal,Gents\n";
    let imported = import_roster_bytes("drive.csv", csv.as_bytes());
    assert!(!imported.problems.has_errors(), "{:?}", imported.problems);
    assert_eq!(imported.roster.players[0].category.as_deref(), Some("Ladies"));
    let mut spec = NewEvent::new("Prize drive", EventFormat::WhistDrive, imported.roster);
    spec.options.rounds = Some(3);
    spec.options.hands_per_round = Some(2);
    let drive = build_event(&spec, &Control::unlimited()).unwrap().0;
    // Round r, table t: N-S take 10 + 2r + t tricks of the 26.
    let mut results = Results::new();
    let mut totals = [0u32; 8];
    let mut best = (0u32, Vec::new());
    for round in &drive.schedule.rounds {
        for table in &round.tables {
            let ns = 10 + 2 * round.number + table.number;
            results.insert(
                ResultKey {
                    round: round.number,
                    table: table.number,
                    deal: 0,
                },
                ResultValue::Tricks { ns, ew: 26 - ns },
            );
            for seat in [Seat::N, Seat::E, Seat::S, Seat::W] {
                let p = table.entrant_at(seat).unwrap();
                let tricks = if matches!(seat, Seat::N | Seat::S) {
                    ns
                } else {
                    26 - ns
                };
                totals[p] += tricks;
                if tricks > best.0 {
                    best = (tricks, vec![p]);
                } else if tricks == best.0 {
                    best.1.push(p);
                }
            }
        }
    }
    let name = |p: usize| drive.schedule.entrants[p].clone();
    let top_of = |among: &[usize]| {
        *among
            .iter()
            .max_by_key(|&&p| (totals[p], std::cmp::Reverse(p)))
            .unwrap()
    };
    let tables = standings(&drive, &results);
    let headings: Vec<Option<&str>> = tables.iter().map(|t| t.heading.as_deref()).collect();
    assert_eq!(
        headings,
        [Some("Everyone"), Some("Gents"), Some("Ladies"), Some("Prizes")]
    );
    assert_eq!(
        tables[0].columns,
        ["Rank", "Player", "Category", "Rounds", "Tricks"]
    );
    // Every lady and only the ladies in their ranking, best first.
    let ladies: Vec<usize> = (0..4).collect();
    let gents: Vec<usize> = (4..8).collect();
    let listed: Vec<&str> = tables[2].rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(listed.len(), 4);
    assert!(listed.iter().all(|n| ["Ann", "Bea", "Cat", "Dot"].contains(n)));
    assert_eq!(listed[0], name(top_of(&ladies)));
    // Shared places are written "4=": ties in the drive's ranking appear as such.
    for table in &tables[..3] {
        for pair in table.rows.windows(2) {
            let tricks = |row: &Vec<String>| row[row.len() - 1].clone();
            if tricks(&pair[0]) == tricks(&pair[1]) {
                assert!(
                    pair[0][0].ends_with('=') && pair[0][0] == pair[1][0],
                    "{:?}",
                    table.rows
                );
            }
        }
    }
    let prizes = &tables[3].rows;
    let prize = |label: &str| {
        prizes
            .iter()
            .find(|r| r[0] == label)
            .unwrap_or_else(|| panic!("{label}: {prizes:?}"))
    };
    let everyone: Vec<usize> = (0..8).collect();
    let winner_total = totals[top_of(&everyone)];
    let winners: Vec<String> = everyone
        .iter()
        .filter(|&&p| totals[p] == winner_total)
        .map(|&p| name(p))
        .collect();
    assert!(
        winners.iter().all(|w| prize("First")[1].contains(w.as_str())),
        "{prizes:?}"
    );
    assert_eq!(prize("First")[2], winner_total.to_string());
    assert!(prize("Best of Ladies")[1].contains(&name(top_of(&ladies))));
    assert!(prize("Best of Gents")[1].contains(&name(top_of(&gents))));
    let lowest = *totals.iter().min().unwrap();
    let booby: Vec<String> = everyone
        .iter()
        .filter(|&&p| totals[p] == lowest)
        .map(|&p| name(p))
        .collect();
    for b in &booby {
        assert!(
            prize("Booby prize (lowest score)")[1].contains(b.as_str()),
            "{prizes:?}"
        );
    }
    let round = prize("Best single round");
    assert!(
        round[2].starts_with(&format!("{} tricks (round ", best.0)),
        "{round:?}"
    );
    for &p in &best.1 {
        assert!(round[1].contains(&name(p)), "{round:?}");
    }

    let mut options = sheet_options(&drive);
    options.kinds = vec![SheetKind::Standings];
    let pdf = read_pdf(&event_sheets_pdf(&drive, &results, &options).unwrap());
    assert!(pdf.contains("Prizes") && pdf.contains("Best of Ladies") && pdf.contains("Booby prize"));
}
