//! The solver against the slow reference on random endings, against DDS's tables on the
//! project's reference deals (`fixtures/dd/dds-reference.json`), and on positions whose
//! answer is known by hand.

use super::cards::{Holding, NO_TRUMPS, hands_of};
use super::reference::reference_tricks;
use super::*;
use crate::deals::{Direction, Strain, deal_from_pbn};
use crate::solver::Rng;

/// A random ending of `tricks` tricks: each hand keeps `tricks` of its cards of a random deal.
fn ending(rng: &mut Rng, tricks: u32) -> [Holding; 4] {
    let deal = crate::deals::random_deal(rng);
    let mut hands = hands_of(&deal);
    for hand in &mut hands {
        while hand.iter().map(|s| s.count_ones()).sum::<u32>() > tricks {
            let card = crate::deals::uniform_below(rng, 52) as usize;
            hand[card / 13] &= !(1 << (card % 13));
        }
    }
    hands
}

#[test]
fn endings_agree_with_the_slow_reference() {
    let mut rng = Rng::new(44);
    for case in 0..600 {
        let tricks = 2 + case % 4;
        let hands = ending(&mut rng, tricks as u32);
        let trump = case % 5;
        let leader = (case / 5) % 4;
        let fast = ending_tricks(hands, trump, leader);
        let slow = reference_tricks(hands, trump, leader);
        assert_eq!(fast, slow, "case {case}: {hands:?} trump {trump} leader {leader}");
    }
}

/// More and longer endings against the reference (DD_ENDINGS cases of up to DD_TRICKS tricks),
/// for checking a change to what the table generalises over.
#[test]
#[ignore]
fn many_endings_agree_with_the_slow_reference() {
    let cases: usize = std::env::var("DD_ENDINGS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let most: usize = std::env::var("DD_TRICKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let mut rng = Rng::new(4_404);
    for case in 0..cases {
        let tricks = 2 + case % (most - 1);
        let hands = ending(&mut rng, tricks as u32);
        let (trump, leader) = (case % 5, (case / 5) % 4);
        let fast = ending_tricks(hands, trump, leader);
        let slow = reference_tricks(hands, trump, leader);
        assert_eq!(fast, slow, "case {case}: {hands:?} trump {trump} leader {leader}");
    }
}

#[test]
fn known_positions() {
    // A squeeze: South leads the last club in no trumps. North holds ♠A ♥A... kept simple:
    // North-South hold all the top cards of every suit: 13 tricks whoever leads.
    let deal =
        deal_from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432").unwrap();
    let hands = hands_of(&deal);
    for leader in 0..4 {
        assert_eq!(ending_tricks(hands, NO_TRUMPS, leader), 13);
    }
    // With spades trumps East leads, North wins and draws trumps in four rounds.
    assert_eq!(ending_tricks(hands, 0, 1), 13);
}

/// The side's sure trump tricks with the two top trumps split between its hands: two when
/// one hand holds another trump, one when both are lone (they fall together on a trump
/// lead), checked against the slow reference in the same endings.
#[test]
fn split_top_trumps() {
    let cards = |ranks: &[u32]| ranks.iter().fold(0u16, |h, r| h | 1 << r);
    // Spades trumps (suit 0); each hand holds three cards. North ♠A ♥3 ♥2, South ♠K ♠2 ♥4,
    // East and West hold the other trumps and hearts above North-South's.
    let mut hands: [Holding; 4] = [[0; 4]; 4];
    hands[0] = [cards(&[12]), cards(&[0, 1]), 0, 0];
    hands[2] = [cards(&[11, 0]), cards(&[2]), 0, 0];
    hands[1] = [cards(&[10]), cards(&[12, 11]), 0, 0];
    hands[3] = [cards(&[9]), cards(&[10, 9]), 0, 0];
    assert_eq!(quick::sure_trumps(&hands, 0, 0).0, 2);
    for leader in 0..4 {
        assert_eq!(
            ending_tricks(hands, 0, leader),
            reference_tricks(hands, 0, leader)
        );
        assert!(ending_tricks(hands, 0, leader) >= 2);
    }
    // Both lone: North ♠A, South ♠K, with hearts; East-West lead trumps and both fall.
    hands[0] = [cards(&[12]), cards(&[0, 1]), 0, 0];
    hands[2] = [cards(&[11]), cards(&[2, 3]), 0, 0];
    hands[1] = [cards(&[10, 0]), cards(&[12]), 0, 0];
    hands[3] = [cards(&[9, 1]), cards(&[11]), 0, 0];
    assert_eq!(quick::sure_trumps(&hands, 0, 0).0, 1);
    assert_eq!(ending_tricks(hands, 0, 1), reference_tricks(hands, 0, 1));
    assert_eq!(ending_tricks(hands, 0, 1), 1);
}

/// The reference deals: PBN and DDS's table.
fn reference_deals() -> Vec<(String, [[u8; 5]; 4], String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/dd/dds-reference.json");
    let text = std::fs::read_to_string(path).unwrap();
    let deals: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    deals
        .iter()
        .map(|d| {
            let mut rows = [[0u8; 5]; 4];
            for seat in Direction::ALL {
                for strain in Strain::ALL {
                    rows[seat.index()][strain.index()] = d["dd"][seat.letter().to_string()][strain.letters()]
                        .as_u64()
                        .unwrap() as u8;
                }
            }
            let kind = d["kind"].as_str().unwrap_or("").to_owned();
            (d["pbn"].as_str().unwrap().to_owned(), rows, kind)
        })
        .collect()
}

/// A sample of the reference deals in every run (the whole set is checked by
/// `every_reference_deal_matches_dds`, run in release by CI).
#[test]
fn tables_equal_dds_on_a_sample_of_the_reference_deals() {
    let deals = reference_deals();
    for (pbn, rows, _) in [3, 5, 13, 15].map(|i| deals[i].clone()) {
        let deal = deal_from_pbn(&pbn).unwrap();
        let (table, _) = table(&deal, 2, &Control::unlimited()).unwrap();
        assert_eq!(table.rows(), rows, "{pbn}");
    }
}

#[test]
#[ignore = "all 420 reference deals, minutes: run in release with --nocapture"]
fn every_reference_deal_matches_dds() {
    // A deal past the limit (DD_LIMIT seconds, 30 by default) is counted, not failed: the
    // check is that no table differs from DDS's.
    let limit: f64 = std::env::var("DD_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30.0);
    let mut times = Vec::new();
    let mut stopped = Vec::new();
    for (i, (pbn, rows, kind)) in reference_deals().into_iter().enumerate() {
        let deal = deal_from_pbn(&pbn).unwrap();
        let control = Control::with_time_limit(std::time::Duration::from_secs_f64(limit));
        let start = std::time::Instant::now();
        let answer = table(&deal, 1, &control);
        let seconds = start.elapsed().as_secs_f64();
        match answer {
            Ok((table, work)) => {
                eprintln!("{i} {kind} {seconds:.3} s {} nodes", work.nodes);
                assert_eq!(table.rows(), rows, "deal {i}: {pbn}");
                times.push(seconds);
            }
            Err(Stopped(why)) => {
                eprintln!("{i} {kind} {why}");
                stopped.push(i);
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    eprintln!(
        "{} tables equal to DDS's, {} stopped at {limit} s ({stopped:?}); median {:.3} s, mean {mean:.3} s, max {:.3} s",
        times.len(),
        stopped.len(),
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0)
    );
}

#[test]
#[ignore = "a speed sample for tuning: run in release with --nocapture"]
fn speed_sample() {
    let deals = reference_deals();
    let wanted: Vec<usize> = std::env::var("DD_SAMPLE")
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![0, 3, 5, 13, 15, 17]);
    let mut total = 0.0;
    for i in wanted {
        let (pbn, rows, _) = &deals[i];
        let deal = deal_from_pbn(pbn).unwrap();
        let start = std::time::Instant::now();
        let (table, work) = table(&deal, 1, &Control::unlimited()).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        total += seconds;
        eprintln!("deal {i}: {seconds:.3} s, {} nodes", work.nodes);
        assert_eq!(table.rows(), *rows, "deal {i}");
    }
    eprintln!("total {total:.3} s");
}

/// Where a table's work goes: nodes per strain and leader, and the targets tried, for the
/// deals in DD_SAMPLE (compare with DDS's `futureTricks.nodes` for the same solve).
#[test]
#[ignore]
fn nodes_by_leader() {
    let deals = reference_deals();
    let wanted: Vec<usize> = std::env::var("DD_SAMPLE")
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![5]);
    let control = Control::unlimited();
    for i in wanted {
        let hands = hands_of(&deal_from_pbn(&deals[i].0).unwrap());
        let mut line = format!("deal {i}:");
        let mut total = 0;
        for (strain, letter) in [(0, "S"), (1, "H"), (2, "D"), (3, "C"), (NO_TRUMPS, "NT")] {
            let mut search = Search::new(hands, strain, TABLE_CAPACITY, &control);
            let mut hint = 7;
            for leader in 0..4 {
                let before = search.nodes;
                hint = north_south_tricks(&mut search, leader, hint, 13).unwrap();
                line += &format!(
                    " {letter}{}:{}",
                    ["N", "E", "S", "W"][leader],
                    search.nodes - before
                );
            }
            total += search.nodes;
            if std::env::var("DD_TRACE").is_ok() {
                eprintln!(
                    "  {letter} min {:?}\n  {letter} max {:?}",
                    search.cut_stats[0], search.cut_stats[1]
                );
                eprintln!(
                    "  {letter} nodes {:?}\n  {letter} sure  {:?}\n  {letter} hits  {:?}",
                    search.depth_stats, search.sure_stats, search.hit_stats
                );
            }
        }
        eprintln!("{line}\n  total {total}");
    }
}

/// Endings from a file (DD_ENDINGS_FILE: lines "N:hands strain leader ns dds_nodes", written
/// by a DDS script) solved here: any differing answer fails; prints the nodes beside DDS's.
#[test]
#[ignore]
fn endings_from_a_file() {
    let Ok(path) = std::env::var("DD_ENDINGS_FILE") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let control = Control::unlimited();
    let (mut ours, mut theirs) = (0u64, 0u64);
    let mut worst: Vec<(f64, String)> = Vec::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let mut hands = [[0u16; 4]; 4];
        for (seat, hand) in fields[..4].iter().enumerate() {
            let hand = hand.trim_start_matches("N:");
            for (suit, cards) in hand.split('.').enumerate() {
                for c in cards.chars() {
                    let rank = "23456789TJQKA".find(c).unwrap();
                    hands[seat][suit] |= 1 << rank;
                }
            }
        }
        let (trump, leader): (usize, usize) = (fields[4].parse().unwrap(), fields[5].parse().unwrap());
        let (ns, dds): (u8, u64) = (fields[6].parse().unwrap(), fields[7].parse().unwrap());
        let left = hands[0].iter().map(|s| s.count_ones()).sum::<u32>() as u8;
        let mut search = Search::new(hands, trump, TABLE_CAPACITY, &control);
        let got = north_south_tricks(&mut search, leader, left / 2, left).unwrap();
        assert_eq!(got, ns, "{line}");
        if std::env::var("DD_TRACE").is_ok() {
            eprintln!(
                "  nodes {:?}\n  sure  {:?}\n  hits  {:?}",
                search.depth_stats, search.sure_stats, search.hit_stats
            );
            eprintln!("  min {:?}\n  max {:?}", search.cut_stats[0], search.cut_stats[1]);
        }
        ours += search.nodes;
        theirs += dds;
        worst.push((
            search.nodes as f64 / dds.max(1) as f64,
            format!("{line} ours {}", search.nodes),
        ));
    }
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ratio, line) in worst.iter().take(8) {
        eprintln!("{ratio:.1}x {line}");
    }
    eprintln!("nodes: ours {ours}, DDS {theirs}");
}
