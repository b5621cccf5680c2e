//! The Swiss pairing's tests: small cases worked by hand, a 9-team Swiss teams event over six
//! rounds scored by hand, a 16-pair Swiss pairs event, a teams round robin, and properties
//! over random histories checked by the independent verifier and by brute force.

use super::*;
use crate::round_robin::numbered_rounds;
use crate::scoring::teams::{
    BoardEntry, ByeScore, MatchScoring, PlayedMatch, TeamStanding, points_text, score_match,
    swiss_pairs_round, team_standings,
};
use crate::scoring::victory_points::VpScale;
use crate::solver::Rng;
use proptest::prelude::*;

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("Team {i}")).collect()
}

fn met(pairs: &[(usize, usize, u32)]) -> History {
    History {
        meetings: pairs
            .iter()
            .map(|&(a, b, round)| Meeting { a, b, round })
            .collect(),
        byes: Vec::new(),
        long_three_ways: Vec::new(),
    }
}

fn pairs_of(round: &SwissRound) -> Vec<Vec<usize>> {
    round.matches.iter().map(|m| m.entrants.clone()).collect()
}

fn verify(n: usize, history: &History, round: &SwissRound) -> Vec<String> {
    verify_round(n, history, round)
}

#[test]
fn the_first_round_pairs_down_the_list_and_the_last_has_the_bye() {
    let round = pair_round(&names(5), &History::default(), SwissOptions::default()).unwrap();
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 3]]);
    assert_eq!(round.bye, Some(4));
    assert!(round.repeats.is_empty());
    assert_eq!(
        round.explanation,
        vec!["Team 5 has the bye (the lowest-placed entrant).".to_owned()]
    );
}

#[test]
fn a_repeat_at_the_bottom_is_untangled_from_the_bottom() {
    // Teams 5 and 6 met. Down the list: 1–2, 3–4, then 5–6 would be a repeat, so the pairing
    // goes back one step: 3 takes its next opponent, 5, and 4 plays 6.
    let history = met(&[(4, 5, 1)]);
    let round = pair_round(&names(6), &history, SwissOptions::default()).unwrap();
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 4], vec![3, 5]]);
    assert_eq!(
        round.explanation,
        vec!["Team 3 meets Team 5, not Team 4: playing Team 4 would leave the entrants below with no pairing free of repeats.".to_owned()]
    );
    assert!(verify(6, &history, &round).is_empty());
}

#[test]
fn a_float_says_who_was_met_and_when() {
    // Team 1 met Team 2 in round 1 and Team 3 in round 2: it plays Team 4.
    let history = met(&[(0, 1, 1), (0, 2, 2), (1, 3, 1), (2, 3, 2)]);
    let round = pair_round(&names(4), &history, SwissOptions::default()).unwrap();
    // 1–4, then 2–3 (2 and 3 have not met).
    assert_eq!(pairs_of(&round), vec![vec![0, 3], vec![1, 2]]);
    assert_eq!(
        round.explanation,
        vec![
            "Team 1 meets Team 4, not Team 2: it met Team 2 in round 1; it met Team 3 in round 2.".to_owned()
        ]
    );
}

#[test]
fn an_unavoidable_repeat_is_said_so() {
    // Team 1 has met all three others: one repeat is forced; it is Team 1's, against the
    // highest-placed team, and 3–4 is a fresh match.
    let history = met(&[(0, 1, 1), (0, 2, 2), (0, 3, 3)]);
    let round = pair_round(&names(4), &history, SwissOptions::default()).unwrap();
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 3]]);
    assert_eq!(round.repeats, vec![(0, 1)]);
    assert!(round.fewest_repeats_proved);
    assert!(
        round.explanation[0]
            .starts_with("No pairing of this round avoids every repeat meeting: one pair meets again")
    );
    assert!(round.explanation[1].contains("Team 1 meets Team 2 again (they met in round 1)"));
    assert!(verify(4, &history, &round).is_empty());
    // After a full round robin of four, every pairing repeats twice.
    let all = met(&[(0, 1, 1), (2, 3, 1), (0, 2, 2), (1, 3, 2), (0, 3, 3), (1, 2, 3)]);
    let round = pair_round(&names(4), &all, SwissOptions::default()).unwrap();
    assert_eq!(round.repeats.len(), 2);
    assert!(round.explanation[0].contains("2 pairs meet again"));
    assert!(verify(4, &all, &round).is_empty());
}

#[test]
fn the_bye_skips_those_who_had_one_and_moves_up_to_avoid_a_repeat() {
    // Five teams; Team 5 had the bye. Team 4 is next from the bottom.
    let mut history = met(&[]);
    history.byes.push(ByeTaken { entrant: 4, round: 1 });
    let round = pair_round(&names(5), &history, SwissOptions::default()).unwrap();
    assert_eq!(round.bye, Some(3));
    assert_eq!(
        round.explanation[0],
        "Team 4 has the bye: Team 5 had it in round 1."
    );
    // Team 5 has met all four others and had the bye: whoever has the bye, Team 5 meets
    // someone again. The bye stays at the bottom (Team 4); 1–2 is fresh; 3–5 is the repeat.
    let mut history = met(&[(3, 4, 1), (2, 4, 2), (1, 4, 3), (0, 4, 4)]);
    history.byes.push(ByeTaken { entrant: 4, round: 5 });
    let round = pair_round(&names(5), &history, SwissOptions::default()).unwrap();
    assert_eq!(round.bye, Some(3));
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 4]]);
    assert_eq!(round.repeats, vec![(2, 4)]);
    assert!(verify(5, &history, &round).is_empty());
    // Team 5 met Teams 3 and 4 and had the bye: the bye to Team 4 leaves 1, 2, 3, 5; down the
    // list 1–2 would leave 3–5, who met, so Team 1 plays Team 3 and Team 2 plays Team 5.
    let mut history = met(&[(3, 4, 1), (2, 4, 2)]);
    history.byes.push(ByeTaken { entrant: 4, round: 3 });
    let round = pair_round(&names(5), &history, SwissOptions::default()).unwrap();
    assert_eq!(round.bye, Some(3));
    assert_eq!(pairs_of(&round), vec![vec![0, 2], vec![1, 4]]);
    assert!(round.explanation.contains(&"Team 1 meets Team 3, not Team 2: playing Team 2 would leave the entrants below with no pairing free of repeats.".to_owned()));
    // Team 4 has met everyone: the bye to Team 4 is the only way to avoid a repeat.
    let mut history = met(&[(3, 4, 1), (2, 4, 2), (0, 3, 3), (1, 3, 4), (2, 3, 5)]);
    history.byes.push(ByeTaken { entrant: 4, round: 6 });
    let round = pair_round(&names(5), &history, SwissOptions::default()).unwrap();
    assert_eq!(round.bye, Some(3));
    assert!(round.repeats.is_empty());
    // The bye moves up when the lower choice forces a repeat: Team 5 met 1, 2 and 3 and had
    // the bye; the bye to Team 4 would leave Team 5 nobody new, so Team 3 has it and Team 4
    // plays Team 5.
    let mut history = met(&[(0, 4, 1), (1, 4, 2), (2, 4, 3)]);
    history.byes.push(ByeTaken { entrant: 4, round: 4 });
    let round = pair_round(&names(5), &history, SwissOptions::default()).unwrap();
    assert_eq!(round.bye, Some(2));
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![3, 4]]);
    assert_eq!(
        round.explanation[0],
        "Team 3 has the bye: Team 5 had it in round 4; giving it to Team 4 would leave the rest with a repeat meeting."
    );
    assert!(verify(5, &history, &round).is_empty());
}

#[test]
fn a_three_way_match_takes_the_lowest_three_that_have_not_met() {
    let options = SwissOptions {
        odd: OddCount::ThreeWay,
    };
    let round = pair_round(&names(7), &History::default(), options).unwrap();
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 3], vec![4, 5, 6]]);
    assert_eq!(round.bye, None);
    // Teams 6 and 7 met: from the bottom, Team 7 with Team 5 and then the lowest third that
    // has met neither, Team 4 (and 1–2, 3–6 for the rest).
    let history = met(&[(5, 6, 1)]);
    let round = pair_round(&names(7), &history, options).unwrap();
    assert_eq!(pairs_of(&round), vec![vec![0, 1], vec![2, 5], vec![3, 4, 6]]);
    assert!(round.explanation[0].starts_with("Team 4, Team 5 and Team 7 play the three-way match"));
    assert!(verify(7, &history, &round).is_empty());
}

#[test]
fn bad_input_is_refused_with_a_sentence() {
    assert!(
        pair_round(&names(1), &History::default(), SwissOptions::default())
            .unwrap_err()
            .contains("at least 2")
    );
    let err = pair_round(&names(4), &met(&[(0, 9, 1)]), SwissOptions::default()).unwrap_err();
    assert!(err.contains("entrant 10"), "{err}");
    let err = pair_round(&names(4), &met(&[(2, 2, 1)]), SwissOptions::default()).unwrap_err();
    assert!(err.contains("meeting itself"), "{err}");
}

// ---------------------------------------------------------------------------------------
// A Swiss event driven round by round: pair from the standings, enter results, re-rank.

/// A Swiss event: teams by id, the matches and byes so far.
struct SwissEvent {
    teams: Vec<String>,
    played: Vec<PlayedMatch>,
    byes: Vec<usize>,
    /// Meetings (team ids and round) and byes (team id and round).
    meetings: Vec<(usize, usize, u32)>,
    bye_rounds: Vec<(usize, u32)>,
    rounds: u32,
}

/// A round as the event sees it: team ids.
struct PairedRound {
    matches: Vec<Vec<usize>>,
    bye: Option<usize>,
    explanation: Vec<String>,
    repeats: usize,
}

impl SwissEvent {
    fn new(teams: &[&str]) -> SwissEvent {
        SwissEvent {
            teams: teams.iter().map(|t| t.to_string()).collect(),
            played: Vec::new(),
            byes: Vec::new(),
            meetings: Vec::new(),
            bye_rounds: Vec::new(),
            rounds: 0,
        }
    }

    fn standings(&self) -> Vec<TeamStanding> {
        team_standings(self.teams.len(), &self.played, &self.byes, ByeScore::Fixed(1200)).unwrap()
    }

    /// Pairs the next round from the standings, checked by the verifier.
    fn pair(&self) -> PairedRound {
        let order: Vec<usize> = self.standings().iter().map(|l| l.team).collect();
        let place = |id: usize| order.iter().position(|&t| t == id).unwrap();
        let names: Vec<String> = order.iter().map(|&id| self.teams[id].clone()).collect();
        let history = History {
            meetings: self
                .meetings
                .iter()
                .map(|&(a, b, round)| Meeting {
                    a: place(a),
                    b: place(b),
                    round,
                })
                .collect(),
            byes: self
                .bye_rounds
                .iter()
                .map(|&(t, round)| ByeTaken {
                    entrant: place(t),
                    round,
                })
                .collect(),
            long_three_ways: Vec::new(),
        };
        let round = pair_round(&names, &history, SwissOptions::default()).unwrap();
        let problems = verify(names.len(), &history, &round);
        assert!(problems.is_empty(), "{problems:?}");
        PairedRound {
            matches: round
                .matches
                .iter()
                .map(|m| m.entrants.iter().map(|&p| order[p]).collect())
                .collect(),
            bye: round.bye.map(|p| order[p]),
            explanation: round.explanation,
            repeats: round.repeats.len(),
        }
    }

    /// Enters the round's results, one played match for each match of the round.
    fn enter(&mut self, round: &PairedRound, results: Vec<PlayedMatch>) {
        self.rounds += 1;
        for m in &round.matches {
            for i in 0..m.len() {
                for j in i + 1..m.len() {
                    self.meetings.push((m[i], m[j], self.rounds));
                }
            }
        }
        self.played.extend(results);
        if let Some(b) = round.bye {
            self.byes.push(b);
            self.bye_rounds.push((b, self.rounds));
        }
    }

    fn id(&self, name: &str) -> usize {
        self.teams.iter().position(|t| t == name).unwrap()
    }

    /// The results written by hand for a round: (first team, second team, VPs of the first,
    /// IMPs won by each), checked to be the round's matches.
    fn written(&self, round: &PairedRound, results: &[(&str, &str, i64, u32, u32)]) -> Vec<PlayedMatch> {
        let mut written: Vec<[usize; 2]> = results.iter().map(|r| [self.id(r.0), self.id(r.1)]).collect();
        let mut paired: Vec<[usize; 2]> = round.matches.iter().map(|m| [m[0], m[1]]).collect();
        written
            .iter_mut()
            .chain(paired.iter_mut())
            .for_each(|m| m.sort_unstable());
        written.sort_unstable();
        paired.sort_unstable();
        assert_eq!(written, paired, "the results were written for another pairing");
        results
            .iter()
            .map(|&(a, b, vps, ia, ib)| PlayedMatch {
                teams: [self.id(a), self.id(b)],
                points: [vps * 100, (20 - vps) * 100],
                imps_won: [ia, ib],
                half: false,
            })
            .collect()
    }

    /// Checks a round's matches (names, higher-placed first) and bye.
    fn expect(&self, round: &PairedRound, matches: &[[&str; 2]], bye: &str) {
        let got: Vec<Vec<&str>> = round
            .matches
            .iter()
            .map(|m| m.iter().map(|&t| self.teams[t].as_str()).collect())
            .collect();
        let want: Vec<Vec<&str>> = matches.iter().map(|m| m.to_vec()).collect();
        assert_eq!(got, want, "round {}", self.rounds + 1);
        assert_eq!(
            round.bye.map(|b| self.teams[b].as_str()),
            Some(bye),
            "round {}",
            self.rounds + 1
        );
        assert_eq!(round.repeats, 0);
    }

    /// The standings as "place name points" lines, best first.
    fn table(&self) -> Vec<String> {
        self.standings()
            .iter()
            .map(|l| format!("{} {} {}", l.place, self.teams[l.team], points_text(l.points)))
            .collect()
    }
}

/// One round of the hand-worked event: the pairing expected (higher-placed team first), the
/// bye, the explanation (when checked), the results written for it (first team, second team,
/// VPs of the first, IMPs won by each) and the standings expected after it.
struct HandRound {
    matches: [[&'static str; 2]; 4],
    bye: &'static str,
    explanation: Option<&'static [&'static str]>,
    results: [(&'static str, &'static str, i64, u32, u32); 4],
    table: [&'static str; 9],
}

/// Nine teams, six rounds, 12 VPs for the bye, results written by hand, and every pairing and
/// standings line worked out by hand (in the comments) before the program ran.
#[test]
fn nine_team_swiss_over_six_rounds_by_hand() {
    let rounds = [
        // Round 1: seeding order A…I. The bye to I (the lowest; nobody has had one), then
        // down the list. After it: A 8, B 12, C 17, D 3, E 6, F 14, G 11, H 9, I 12 (bye). B
        // and I tie on 12 and never met: B's quotient 28/20 beats I's (no IMPs yet).
        HandRound {
            matches: [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]],
            bye: "I",
            explanation: Some(&["I has the bye (the lowest-placed entrant)."]),
            results: [
                ("A", "B", 8, 20, 28),
                ("C", "D", 17, 45, 10),
                ("E", "F", 6, 15, 33),
                ("G", "H", 11, 22, 19),
            ],
            table: [
                "1 C 17.00",
                "2 F 14.00",
                "3 B 12.00",
                "4 I 12.00",
                "5 G 11.00",
                "6 H 9.00",
                "7 A 8.00",
                "8 E 6.00",
                "9 D 3.00",
            ],
        },
        // Round 2: D is the lowest and has had no bye. C–F, B–I; G would meet H but met it in
        // round 1, so G meets A (an avoided repeat) and H meets E. After it: A 15, B 17, C 29,
        // D 15, E 17, F 22, G 24, H 18, I 27. E and B on 17 (never met): quotients E 36/50 =
        // 0.72 > B 38/55 = 0.69. A and D on 15: A 34/58 > D 10/45.
        HandRound {
            matches: [["C", "F"], ["B", "I"], ["G", "A"], ["H", "E"]],
            bye: "D",
            explanation: Some(&[
                "D has the bye (the lowest-placed entrant).",
                "G meets A, not H: it met H in round 1.",
            ]),
            results: [
                ("C", "F", 12, 25, 18),
                ("B", "I", 5, 10, 35),
                ("G", "A", 13, 30, 14),
                ("H", "E", 9, 17, 21),
            ],
            table: [
                "1 C 29.00",
                "2 I 27.00",
                "3 G 24.00",
                "4 F 22.00",
                "5 H 18.00",
                "6 E 17.00",
                "7 B 17.00",
                "8 A 15.00",
                "9 D 15.00",
            ],
        },
        // Round 3: D had the bye, so A has it. C–I, G–F; H met E in round 2, so H meets B and
        // E meets D. After it: A 27, B 23, C 36, D 23, E 29, F 26, G 40, H 32, I 40. I and G
        // on 40 (never met): I 59/22 beats G 90/42. B and D on 23: B 50/84 beats D 26/67.
        HandRound {
            matches: [["C", "I"], ["G", "F"], ["H", "B"], ["E", "D"]],
            bye: "A",
            explanation: Some(&[
                "A has the bye: D had it in round 2.",
                "H meets B, not E: it met E in round 2.",
            ]),
            results: [
                ("C", "I", 7, 12, 24),
                ("G", "F", 16, 38, 9),
                ("H", "B", 14, 29, 12),
                ("E", "D", 12, 22, 16),
            ],
            table: [
                "1 I 40.00",
                "2 G 40.00",
                "3 C 36.00",
                "4 H 32.00",
                "5 E 29.00",
                "6 A 27.00",
                "7 F 26.00",
                "8 B 23.00",
                "9 D 23.00",
            ],
        },
        // Round 4: D had the bye, B has not: B. I–G, C–H, E–A, F–D, nobody floated. After it:
        // A 43, B 35, C 51, D 30, E 33, F 39, G 51, H 37, I 49. G and C on 51 (never met): G
        // 113/62 beats C 115/64 (113·64 = 7232 > 115·62 = 7130).
        HandRound {
            matches: [["I", "G"], ["C", "H"], ["E", "A"], ["F", "D"]],
            bye: "B",
            explanation: Some(&["B has the bye: D had it in round 2."]),
            results: [
                ("I", "G", 9, 20, 23),
                ("C", "H", 15, 33, 12),
                ("E", "A", 4, 8, 40),
                ("F", "D", 13, 26, 15),
            ],
            table: [
                "1 G 51.00",
                "2 C 51.00",
                "3 I 49.00",
                "4 A 43.00",
                "5 F 39.00",
                "6 H 37.00",
                "7 B 35.00",
                "8 E 33.00",
                "9 D 30.00",
            ],
        },
        // Round 5: E has the bye (D had one). G–C, I–A, F–H, B–D. After it: A 49, B 38, C 63,
        // D 47, E 45, F 50, G 59, H 46, I 63. I and C on 63 met in round 3: I won it 13–7, so
        // I is above C.
        HandRound {
            matches: [["G", "C"], ["I", "A"], ["F", "H"], ["B", "D"]],
            bye: "E",
            explanation: None,
            results: [
                ("G", "C", 8, 18, 25),
                ("I", "A", 14, 31, 15),
                ("F", "H", 11, 20, 17),
                ("B", "D", 3, 7, 44),
            ],
            table: [
                "1 I 63.00",
                "2 C 63.00",
                "3 G 59.00",
                "4 F 50.00",
                "5 A 49.00",
                "6 D 47.00",
                "7 H 46.00",
                "8 E 45.00",
                "9 B 38.00",
            ],
        },
        // Round 6: B and E had byes; H has not: H. I met C (round 3) and G (round 4): I–F. C
        // met G (round 5): C–A. Then G–D and E–B. After it: A 54, B 52, C 78, D 56, E 51, F 58,
        // G 70, H 58, I 75. F and H on 58 met in round 5: F won it 11–9.
        HandRound {
            matches: [["I", "F"], ["C", "A"], ["G", "D"], ["E", "B"]],
            bye: "H",
            explanation: Some(&[
                "H has the bye: B had it in round 4; E had it in round 5.",
                "I meets F, not C: it met C in round 3; it met G in round 4.",
                "C meets A, not G: it met G in round 5.",
            ]),
            results: [
                ("I", "F", 12, 30, 22),
                ("C", "A", 15, 40, 14),
                ("G", "D", 11, 21, 18),
                ("E", "B", 6, 13, 31),
            ],
            table: [
                "1 C 78.00",
                "2 I 75.00",
                "3 G 70.00",
                "4 F 58.00",
                "5 H 58.00",
                "6 D 56.00",
                "7 A 54.00",
                "8 B 52.00",
                "9 E 51.00",
            ],
        },
    ];
    let mut event = SwissEvent::new(&["A", "B", "C", "D", "E", "F", "G", "H", "I"]);
    for hand in &rounds {
        let r = event.pair();
        event.expect(&r, &hand.matches, hand.bye);
        if let Some(explanation) = hand.explanation {
            assert_eq!(r.explanation, explanation, "round {}", event.rounds + 1);
        }
        let results = event.written(&r, &hand.results);
        event.enter(&r, results);
        assert_eq!(event.table(), hand.table, "after round {}", event.rounds);
    }
    // Every team had one bye at most, and no two met twice.
    let mut pairs: Vec<(usize, usize)> = event
        .meetings
        .iter()
        .map(|&(a, b, _)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), 24);
    let mut byes = event.byes.clone();
    byes.sort_unstable();
    byes.dedup();
    assert_eq!(byes.len(), 6);
}

/// Sixteen pairs, five rounds of three boards, every board played by all eight matches and
/// scored against its datum, IMPs to VPs on the WBF 2013 scale.
#[test]
fn sixteen_pair_swiss_pairs_over_five_rounds() {
    let names: Vec<String> = (1..=16).map(|i| format!("Pair {i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut event = SwissEvent::new(&refs);
    let mut mix = Rng::new(16);
    let outcomes = [-200, -100, -50, 90, 110, 140, 170, 400, 420, 450, 620, 650, 1430];
    for _ in 0..5 {
        let round = event.pair();
        assert_eq!(round.matches.len(), 8);
        assert_eq!(round.bye, None);
        assert_eq!(round.repeats, 0);
        // The higher-numbered pair is a little weaker: it sits E-W and N-S scores lean its way.
        let scores: Vec<Vec<i32>> = (0..3)
            .map(|_| {
                round
                    .matches
                    .iter()
                    .map(|m| {
                        let lean = (m[1] as i64 - m[0] as i64).clamp(-4, 4);
                        let i = (mix.below(outcomes.len()) as i64 + lean).clamp(0, outcomes.len() as i64 - 1);
                        outcomes[i as usize]
                    })
                    .collect()
            })
            .collect();
        let scored = swiss_pairs_round(&scores, 8, VpScale::Wbf2013).unwrap();
        let played: Vec<PlayedMatch> = round
            .matches
            .iter()
            .zip(&scored)
            .map(|(m, r)| {
                assert_eq!(r.points[0] + r.points[1], 2000);
                PlayedMatch {
                    teams: [m[0], m[1]],
                    points: r.points,
                    imps_won: r.imps_won,
                    half: false,
                }
            })
            .collect();
        event.enter(&round, played);
    }
    let table = event.standings();
    assert_eq!(table.iter().map(|l| l.points).sum::<i64>(), 5 * 8 * 2000);
    assert!(table.iter().all(|l| l.played == 5));
    let mut pairs: Vec<(usize, usize)> = event
        .meetings
        .iter()
        .map(|&(a, b, _)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), 40, "no two pairs met twice");
}

/// A 6-team round robin, eight-board matches on the WBF 2013 scale, worked out by hand.
#[test]
fn six_team_round_robin_by_hand() {
    let rounds = numbered_rounds(6).unwrap();
    assert_eq!(rounds.len(), 5);
    // The winner's margin for each two teams (negative: the second won), all 8 boards.
    let margin = |a: usize, b: usize| -> i32 {
        let table = [
            ((0, 1), 3),
            ((0, 2), 50),
            ((0, 3), 1),
            ((0, 4), 0),
            ((0, 5), 40),
            ((1, 2), 0),
            ((1, 3), 3),
            ((1, 4), 40),
            ((1, 5), 1),
            ((2, 3), 50),
            ((2, 4), -3),
            ((2, 5), 0),
            ((3, 4), 1),
            ((3, 5), -40),
            ((4, 5), 3),
        ];
        let key = (a.min(b), a.max(b));
        let m = table.iter().find(|(k, _)| *k == key).map(|(_, m)| *m).unwrap();
        if a < b { m } else { -m }
    };
    // Boards that give a margin: 20 → 1 IMP, 90 → 3, 4000 + 1300 → 24 + 16 = 40,
    // 4000 + 4000 + 50 → 24 + 24 + 2 = 50.
    let boards = |m: i32| -> Vec<BoardEntry> {
        let sign = m.signum();
        let mut nets: Vec<i32> = match m.abs() {
            0 => vec![],
            1 => vec![20],
            3 => vec![90],
            40 => vec![4000, 1300],
            _ => vec![4000, 4000, 50],
        };
        nets.resize(8, 0);
        nets.into_iter().map(|n| BoardEntry::Net(n * sign)).collect()
    };
    let mut played = Vec::new();
    let mut seen = Vec::new();
    for round in &rounds {
        assert_eq!(round.matches.len(), 3);
        assert_eq!(round.bye, None);
        for &(a, b) in &round.matches {
            let result = score_match(
                &boards(margin(a, b)),
                MatchScoring::VictoryPoints(VpScale::Wbf2013),
            )
            .unwrap();
            assert_eq!(result.margin(), i64::from(margin(a, b)));
            played.push(PlayedMatch {
                teams: [a, b],
                points: result.points,
                imps_won: result.imps_won,
                half: false,
            });
            seen.push((a.min(b), a.max(b)));
        }
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 15, "every two teams meet once");
    // The 8-board WBF 2013 scale: 0 → 10.00, 1 → 10.44, 3 → 11.27, 40 → 19.74, 43 or more →
    // 20.00. Totals: team 1: 11.27 + 20 + 10.44 + 10 + 19.74 = 71.45; team 2: 8.73 + 10 +
    // 11.27 + 19.74 + 10.44 = 60.18; team 3: 0 + 10 + 20 + 8.73 + 10 = 48.73; team 4: 9.56 +
    // 8.73 + 0 + 10.44 + 0.26 = 28.99; team 5: 10 + 0.26 + 11.27 + 9.56 + 11.27 = 42.36;
    // team 6: 0.26 + 9.56 + 10 + 19.74 + 8.73 = 48.29 (300.00 in all).
    let table = team_standings(6, &played, &[], ByeScore::Fixed(1200)).unwrap();
    let lines: Vec<String> = table
        .iter()
        .map(|l| format!("{} {} {}", l.place, l.team + 1, points_text(l.points)))
        .collect();
    assert_eq!(
        lines,
        [
            "1 1 71.45",
            "2 2 60.18",
            "3 3 48.73",
            "4 6 48.29",
            "5 5 42.36",
            "6 4 28.99"
        ]
    );
    // An odd count: each of 5 teams has one bye in 5 rounds.
    let odd = numbered_rounds(5).unwrap();
    let mut byes: Vec<usize> = odd.iter().filter_map(|r| r.bye).collect();
    byes.sort_unstable();
    assert_eq!(byes, vec![0, 1, 2, 3, 4]);
}

// ---------------------------------------------------------------------------------------
// Properties over random histories.

/// A random history: `rounds` rounds of random pairings (some repeats allowed, as a director
/// may have forced), byes to random entrants without one.
fn random_history(n: usize, rounds: u32, seed: u64) -> History {
    let mut mix = Rng::new(seed);
    let mut history = History::default();
    for round in 1..=rounds {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, mix.below(i + 1));
        }
        if n % 2 == 1 {
            let free: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&e| !history.byes.iter().any(|b| b.entrant == e))
                .collect();
            let bye = if free.is_empty() {
                order[0]
            } else {
                free[mix.below(free.len())]
            };
            order.retain(|&e| e != bye);
            history.byes.push(ByeTaken { entrant: bye, round });
        }
        for pair in order.chunks(2) {
            history.meetings.push(Meeting {
                a: pair[0],
                b: pair[1],
                round,
            });
        }
    }
    history
}

/// The pairing a director would reach by backtracking by hand: the bye from the bottom, then
/// the top entrant with the highest it has not met, going back whenever the rest is stuck.
/// Exponential: small fields only. `None` when no repeat-free pairing exists.
fn backtracking(n: usize, history: &History) -> Option<(Vec<Vec<usize>>, Option<usize>)> {
    let met = |a: usize, b: usize| {
        history
            .meetings
            .iter()
            .any(|m| (m.a, m.b) == (a, b) || (m.b, m.a) == (a, b))
    };
    fn pair_down(list: &[usize], met: &dyn Fn(usize, usize) -> bool) -> Option<Vec<Vec<usize>>> {
        let Some((&top, rest)) = list.split_first() else {
            return Some(Vec::new());
        };
        for (i, &other) in rest.iter().enumerate() {
            if met(top, other) {
                continue;
            }
            let remaining: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &e)| e)
                .collect();
            if let Some(mut found) = pair_down(&remaining, met) {
                found.insert(0, vec![top, other]);
                return Some(found);
            }
        }
        None
    }
    let everyone: Vec<usize> = (0..n).collect();
    if n.is_multiple_of(2) {
        return pair_down(&everyone, &met).map(|p| (p, None));
    }
    let had = |e: usize| history.byes.iter().any(|b| b.entrant == e);
    let anyone = (0..n).all(had);
    for bye in (0..n).rev().filter(|&e| anyone || !had(e)) {
        let rest: Vec<usize> = everyone.iter().copied().filter(|&e| e != bye).collect();
        if let Some(p) = pair_down(&rest, &met) {
            return Some((p, Some(bye)));
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Small fields: exactly the pairing full backtracking reaches whenever one free of
    /// repeats exists; otherwise repeats, declared, and the verifier finds them the fewest.
    #[test]
    fn small_fields_match_backtracking(n in 2usize..=11, rounds in 0u32..=9, seed in any::<u64>()) {
        let history = random_history(n, rounds, seed);
        let round = pair_round(&names(n), &history, SwissOptions::default()).unwrap();
        let problems = verify(n, &history, &round);
        prop_assert!(problems.is_empty(), "{:?}", problems);
        match backtracking(n, &history) {
            Some((matches, bye)) => {
                prop_assert_eq!(pairs_of(&round), matches);
                prop_assert_eq!(round.bye, bye);
                prop_assert!(round.repeats.is_empty());
            }
            None => prop_assert!(!round.repeats.is_empty()),
        }
    }

    /// Fields up to 60 after up to 20 random rounds: the verifier (its own matching, by a
    /// Tutte matrix's rank) finds every round right and its repeats the fewest.
    #[test]
    fn larger_fields_pass_the_independent_verifier(n in 2usize..=60, rounds in 0u32..=20, seed in any::<u64>()) {
        let history = random_history(n, rounds, seed);
        let round = pair_round(&names(n), &history, SwissOptions::default()).unwrap();
        let problems = verify(n, &history, &round);
        prop_assert!(problems.is_empty(), "{:?}", problems);
    }

    /// Three-way matches on odd fields: repeat-free whenever some choice of three allows it.
    #[test]
    fn three_way_rounds_pass_the_verifier(half in 1usize..=8, rounds in 0u32..=8, seed in any::<u64>()) {
        let n = 2 * half + 1;
        let history = random_history(n, rounds, seed);
        let round = pair_round(&names(n), &history, SwissOptions { odd: OddCount::ThreeWay }).unwrap();
        let problems = verify(n, &history, &round);
        prop_assert!(problems.is_empty(), "{:?}", problems);
        prop_assert_eq!(round.bye, None);
    }
}

/// A history where entrants 4, 5 and 6 played a long three-way match in round 1 (with or
/// without its three meetings).
fn after_a_long_three_way(with_meetings: bool) -> History {
    let mut history = if with_meetings {
        met(&[(4, 5, 1), (5, 6, 1), (4, 6, 1)])
    } else {
        History::default()
    };
    history.long_three_ways = [4, 5, 6]
        .into_iter()
        .map(|entrant| ByeTaken { entrant, round: 1 })
        .collect();
    history
}

#[test]
fn a_long_three_way_goes_to_three_that_have_not_played_one() {
    let options = SwissOptions {
        odd: OddCount::LongThreeWay,
    };
    let history = after_a_long_three_way(false);
    let round = pair_round(&names(7), &history, options).unwrap();
    assert_eq!(round.matches.last().unwrap().entrants, vec![1, 2, 3]);
    assert!(!round.second_long_three_way);
    assert!(
        round.explanation[0].contains("play the three-way match over two rounds")
            && round.explanation[0].contains("have not played one before"),
        "{:?}",
        round.explanation
    );
    assert!(verify(7, &history, &round).is_empty());
    // A short three-way does not mind: the bottom three again.
    let short = pair_round(
        &names(7),
        &history,
        SwissOptions {
            odd: OddCount::ThreeWay,
        },
    )
    .unwrap();
    assert_eq!(short.matches.last().unwrap().entrants, vec![4, 5, 6]);
}

#[test]
fn a_second_long_three_way_is_played_only_when_no_fresh_three_will_do_and_said_so() {
    // 4, 5 and 6 met one another in theirs: any three of 0–3 leaves two of them together
    // among the rest, a repeat; so one of them plays a second, said so.
    let history = after_a_long_three_way(true);
    let options = SwissOptions {
        odd: OddCount::LongThreeWay,
    };
    let round = pair_round(&names(7), &history, options).unwrap();
    assert!(round.second_long_three_way);
    assert!(round.repeats.is_empty(), "{:?}", round.repeats);
    let three = &round.matches.last().unwrap().entrants;
    assert_eq!(three.iter().filter(|&&e| e >= 4).count(), 1, "{three:?}");
    assert!(
        round.explanation[0].contains("no three that have not played one before would do"),
        "{:?}",
        round.explanation
    );
    assert!(verify(7, &history, &round).is_empty());
}
