//! Hand records with their analysis in the window: a PBN file's double-dummy tables kept when
//! it is attached (another program's par noted, not refused), and "Analyse deals" counting
//! boards done and cancelled when its view goes.

use super::*;
use scheduler::deals::{Board, deal_from_pbn};
use scheduler::event::session::Command;
use std::sync::atomic::Ordering;

/// Three deals whose tables are quick to work out (from `fixtures/dd/dds-reference.json`),
/// and their tables as DDS gives them (PBN's `DoubleDummyTricks`).
const QUICK: [(&str, &str); 3] = [
    (
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        "0d0d00d0d000d0d00d0d",
    ),
    (
        "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.J98.JT9 765.765.T765.876 432.432.432.5432",
        "ddcdcddcdc0010100101",
    ),
    (
        "N:KQT62.Q5.K.AQ863 J5.86432.854.975 A984.AKT.632.KJT 73.J97.AQJT97.42",
        "7c87c7c87c0046000460",
    ),
];

/// Deals 2, 6 and 16 of the fixture, among the slowest for Tourney's solver
/// (`docs/benchmarks/double-dummy-fixture.txt`). The test below needs the job to outlast a
/// few frames after two boards: it gives them over and over (22 boards), which in a test
/// build takes minutes, not the milliseconds between two frames.
const SLOW: [&str; 3] = [
    "N:T873.86.T.AKJ754 K96.AQ753.AQ65.9 J4.KJ2.K843.T863 AQ52.T94.J972.Q2",
    "N:Q9.KQ842.A95.AJ9 K752.6.QJT64.876 AT6.AJ93.732.532 J843.T75.K8.KQT4",
    "N:T632.T.Q42.AJ853 7.AQ962.K73.KT74 AQJ84.J53.T95.96 K95.K874.AJ86.Q2",
];

/// Leftover of issue 44: a PBN file attached from the window keeps the tables it has (the
/// boards count as analysed at once, par worked out by Tourney: 980 on board 3, not the
/// file's 1010), and the banner notes the file's par that differs, by file, line and tag.
#[test]
fn a_pbn_attached_in_the_window_keeps_its_tables() {
    let dir = folder("attach-tables-pbn");
    let pbn = dir.join("analysed.pbn");
    let mut text = String::from("% PBN 2.1\n");
    for (i, (deal, tricks)) in QUICK.iter().enumerate() {
        text.push_str(&format!(
            "[Board \"{}\"]\n[Deal \"{deal}\"]\n[DoubleDummyTricks \"{tricks}\"]\n",
            i + 1
        ));
        if i == 2 {
            text.push_str("[OptimumScore \"NS 1010\"]\n");
        }
        text.push('\n');
    }
    std::fs::write(&pbn, text).unwrap();
    let mut harness = pairs_bridge_results_then("attach-tables", vec![Some(pbn.clone())]);
    harness.get_by_label("By traveller").click();
    harness.run();
    harness.get_by_label("Attach hand records (PBN)…").click();
    harness.run();
    harness.run();
    let records = session(&harness).event().hand_records();
    assert_eq!(records.len(), 3);
    assert!(records.iter().all(|b| b.analysis.is_some()));
    assert_eq!(records[2].analysis.as_ref().unwrap().par.score_ns, 980);
    harness.get_by_label("Analysed (what could be made, and par): 3 of 3 boards.");
    assert!(harness.query_by_label("Analyse deals").is_none());
    let note = format!(
        "warning: {}, line 13, field \"OptimumScore\": board 3: the par score \"NS 1010\"",
        pbn.display()
    );
    assert!(
        harness.query_all_by_label_contains(&note).next().is_some(),
        "{note}"
    );
    let label = session(&harness).undo_label().unwrap_or_default().to_owned();
    assert!(label.contains("hand records attached"), "{label}");
}

/// Steps the window until `label` shows (a hang guard of minutes, not a timing).
fn step_until(harness: &mut Harness<'static, TourneyApp>, label: &str) {
    let started = std::time::Instant::now();
    while harness.query_by_label_contains(label).is_none() {
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "{label:?} never showed"
        );
    }
}

/// Waits until the job watched has returned (a hang guard of minutes).
fn wait_finished(watch: &super::super::job::Watch) {
    let started = std::time::Instant::now();
    while !watch.finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(10));
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the analysis went on after it was cancelled"
        );
    }
}

/// Leftover of issue 44: the analysis job's bar counts the boards done out of the boards
/// (not the time out of the worst case), and the job is cancelled when its view goes: when
/// the event is opened again (every view made afresh) and when the window closes. Nothing
/// is kept from a cancelled job.
#[test]
fn analysing_counts_the_boards_and_stops_when_its_view_goes() {
    let mut harness = pairs_bridge_results("analyse-cancel");
    let slow = SLOW.iter().cycle().take(22).copied();
    let deals = [QUICK[0].0, QUICK[1].0].into_iter().chain(slow);
    let boards: Vec<Board> = (1..=24u32)
        .zip(deals)
        .map(|(n, pbn)| Board::standard(n, deal_from_pbn(pbn).unwrap()))
        .collect();
    let path = session(&harness).path();
    let open = harness.state_mut().session.as_mut().unwrap();
    open.apply(Command::AttachDeals(boards)).unwrap();
    harness.get_by_label("By traveller").click();
    harness.run();

    // The view goes: the event opened again from the start screen.
    harness.get_by_label("Analyse deals").click();
    harness.step();
    let watch = harness
        .state()
        .views
        .results
        .analyser
        .watch()
        .expect("the job runs");
    step_until(&mut harness, "2 of 24 boards done");
    assert!(
        !watch.finished.load(Ordering::Relaxed),
        "the slow boards are still going"
    );
    harness.get_by_label("Start screen").click();
    harness.step();
    harness.state_mut().open(&path);
    harness.step();
    assert!(watch.cancelled.load(Ordering::Relaxed));
    wait_finished(&watch);
    harness.run();
    assert!(session(&harness).event().settings.deal_tables.is_empty());

    // The window closes.
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("By traveller").click();
    harness.run();
    harness.get_by_label("Analyse deals").click();
    harness.step();
    let watch = harness
        .state()
        .views
        .results
        .analyser
        .watch()
        .expect("the job runs");
    drop(harness);
    assert!(watch.cancelled.load(Ordering::Relaxed));
    wait_finished(&watch);
    let file = scheduler::event::store::EventFile::open(&path).unwrap();
    assert!(file.event().settings.deal_tables.is_empty());
}
