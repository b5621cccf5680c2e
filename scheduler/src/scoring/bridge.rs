//! Duplicate bridge scoring: the score of one deal from its contract and tricks, vulnerability
//! and dealer from the board number, matchpoints across the tables that played a board, and
//! IMPs (cross-IMPs or Butler against a datum).
//!
//! Figures are those of the Laws of Duplicate Bridge (WBF, 2017), Law 77 (the scoring table)
//! and the WBF IMP scale; the code is our own.

use crate::deals::{Card, Suit};
/// The seats and the vulnerability are the hand records' (one bridge vocabulary).
pub use crate::deals::{Direction, Vulnerability, standard_dealer, standard_vulnerability};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The strain of a contract is the hand records' (clubs and diamonds score 20 a trick bid and
/// made, hearts and spades 30, no trumps 40 for the first and 30 for each after it).
pub use crate::deals::Strain;

/// Whether a contract was doubled or redoubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Doubling {
    /// Neither doubled nor redoubled ("4S").
    Undoubled,
    /// Doubled ("4SX"): twice the trick score; overtricks and undertricks cost more.
    Doubled,
    /// Redoubled ("4SXX"): four times the trick score; overtricks and undertricks twice as
    /// much as doubled.
    Redoubled,
}

/// The final contract of a board: level, strain and doubling, as "4S", "3NTX".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Contract {
    /// 1 to 7.
    pub level: u8,
    /// The trump suit, or no trumps.
    pub strain: Strain,
    /// Undoubled, doubled or redoubled.
    pub doubling: Doubling,
}

impl Contract {
    /// Reads "4S", "3NT", "2HX", "1NTXX", "6 c x" (case and spaces ignored; "N" means no trumps).
    pub fn parse(text: &str) -> Result<Contract, String> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        let mut chars = compact.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(|| {
                format!("contract {text:?}: it must start with a level from 1 to 7, as in 4S or 3NT")
            })?;
        let rest: String = chars.collect();
        let (strain, doubles) = if let Some(d) = rest.strip_prefix("NT") {
            (Strain::NoTrump, d)
        } else if let Some(d) = rest.strip_prefix('N') {
            (Strain::NoTrump, d)
        } else if let Some(d) = rest.strip_prefix('S') {
            (Strain::Spades, d)
        } else if let Some(d) = rest.strip_prefix('H') {
            (Strain::Hearts, d)
        } else if let Some(d) = rest.strip_prefix('D') {
            (Strain::Diamonds, d)
        } else if let Some(d) = rest.strip_prefix('C') {
            (Strain::Clubs, d)
        } else {
            return Err(format!("contract {text:?}: the strain must be C, D, H, S or NT"));
        };
        let doubling = match doubles {
            "" => Doubling::Undoubled,
            "X" | "*" => Doubling::Doubled,
            "XX" | "**" => Doubling::Redoubled,
            _ => {
                return Err(format!(
                    "contract {text:?}: after the strain only X (doubled) or XX (redoubled) may follow"
                ));
            }
        };
        Ok(Contract {
            level: level as u8,
            strain,
            doubling,
        })
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strain = match self.strain {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        };
        let doubling = match self.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        };
        write!(f, "{}{strain}{doubling}", self.level)
    }
}

/// A card as people write an opening lead on a traveller: its suit and its rank, either way
/// round and in any case: "HQ", "QH", "♥Q", "Q♥", "S10", "10S", "dt". Ranks are 2–9, T or 10,
/// J, Q, K, A; suits S, H, D, C or the symbols ♠ ♥ ♦ ♣ (♤ ♡ ♢ ♧ too). Anything else is
/// refused with a sentence saying how a card is written (the caller names the field).
pub fn parse_card(text: &str) -> Result<Card, String> {
    let bad = || {
        format!(
            "{text:?} is not a card: write its suit and rank, e.g. HQ, ♥Q or S10 (ranks 2-9, T or 10, J, Q, K, A; suits S, H, D, C or ♠ ♥ ♦ ♣)"
        )
    };
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let suit_of = |c: char| match c {
        'S' | '♠' | '♤' => Some(Suit::Spades),
        'H' | '♥' | '♡' => Some(Suit::Hearts),
        'D' | '♦' | '♢' => Some(Suit::Diamonds),
        'C' | '♣' | '♧' => Some(Suit::Clubs),
        _ => None,
    };
    let rank_of = |r: &str| match r {
        "10" => Some('T'),
        _ => {
            let mut chars = r.chars();
            match (chars.next(), chars.next()) {
                (Some(c @ ('2'..='9' | 'T' | 'J' | 'Q' | 'K' | 'A')), None) => Some(c),
                _ => None,
            }
        }
    };
    let mut chars = compact.chars();
    let first = chars.next().ok_or_else(bad)?;
    let (suit, rank) = match suit_of(first) {
        // Suit first: "HQ", "♥10".
        Some(suit) => (suit, rank_of(chars.as_str())),
        // Rank first: "QH", "10♥".
        None => {
            let last = compact.chars().last().ok_or_else(bad)?;
            let rank = compact.strip_suffix(last).and_then(rank_of);
            (suit_of(last).ok_or_else(bad)?, rank)
        }
    };
    rank.and_then(|rank| Card::new(suit, rank)).ok_or_else(bad)
}

/// The score for the declaring side (negative when the contract fails), from the contract, the
/// tricks the declarer took (0–13) and whether the declaring side is vulnerable.
pub fn contract_score(contract: Contract, tricks: u8, vulnerable: bool) -> i32 {
    let needed = contract.level as i32 + 6;
    let taken = tricks.min(13) as i32;
    let factor = match contract.doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    if taken >= needed {
        let odd_tricks = |n: i32| match contract.strain {
            Strain::Clubs | Strain::Diamonds => 20 * n,
            Strain::Hearts | Strain::Spades => 30 * n,
            Strain::NoTrump => {
                if n == 0 {
                    0
                } else {
                    40 + 30 * (n - 1)
                }
            }
        };
        let trick_score = odd_tricks(contract.level as i32) * factor;
        let mut score = trick_score;
        score += if trick_score >= 100 {
            if vulnerable { 500 } else { 300 }
        } else {
            50
        };
        score += match contract.level {
            6 => {
                if vulnerable {
                    750
                } else {
                    500
                }
            }
            7 => {
                if vulnerable {
                    1500
                } else {
                    1000
                }
            }
            _ => 0,
        };
        let overtricks = taken - needed;
        score += match contract.doubling {
            Doubling::Undoubled => {
                let per = match contract.strain {
                    Strain::Clubs | Strain::Diamonds => 20,
                    _ => 30,
                };
                per * overtricks
            }
            Doubling::Doubled => overtricks * if vulnerable { 200 } else { 100 },
            Doubling::Redoubled => overtricks * if vulnerable { 400 } else { 200 },
        };
        score += match contract.doubling {
            Doubling::Undoubled => 0,
            Doubling::Doubled => 50,
            Doubling::Redoubled => 100,
        };
        score
    } else {
        let down = needed - taken;
        let penalty = match contract.doubling {
            Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
            _ => {
                let doubled: i32 = (1..=down)
                    .map(|k| match (vulnerable, k) {
                        (false, 1) => 100,
                        (false, 2 | 3) => 200,
                        (false, _) => 300,
                        (true, 1) => 200,
                        (true, _) => 300,
                    })
                    .sum();
                doubled * factor / 2
            }
        };
        -penalty
    }
}

/// The N–S score of a board: positive when N–S gain.
pub fn north_south_score(board: u32, contract: Contract, declarer: Direction, tricks: u8) -> i32 {
    let vulnerable = standard_vulnerability(board).side_vulnerable(declarer);
    let score = contract_score(contract, tricks, vulnerable);
    if declarer.is_north_south() { score } else { -score }
}

/// Matchpoints of each N–S score among the scores of one board: 2 for every score beaten, 1 for
/// every tie (ties split), so the top is 2·(n − 1). E–W get the top minus the N–S figure.
pub fn matchpoints(ns_scores: &[i32]) -> Vec<u32> {
    ns_scores
        .iter()
        .map(|&mine| {
            ns_scores
                .iter()
                .map(|&other| match mine.cmp(&other) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum::<u32>()
                - 1
        })
        .collect()
}

/// The WBF IMP scale: the lowest difference in points that earns 1, 2, … 24 IMPs.
const IMP_STEPS: [i32; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
    2500, 3000, 3500, 4000,
];

/// IMPs for a difference in points (sign kept). Differences that are not multiples of ten (a
/// Butler datum) are rounded to the nearest ten first, as datums are.
pub fn imps(difference: i32) -> i32 {
    let size = ((difference.abs() + 5) / 10) * 10;
    let value = IMP_STEPS.iter().take_while(|&&step| size >= step).count() as i32;
    if difference < 0 { -value } else { value }
}

/// Cross-IMPs: each N–S score against every other table's, averaged over the comparisons.
pub fn cross_imps(ns_scores: &[i32]) -> Vec<f64> {
    let n = ns_scores.len();
    ns_scores
        .iter()
        .map(|&mine| {
            if n < 2 {
                return 0.0;
            }
            let total: i32 = ns_scores.iter().map(|&other| imps(mine - other)).sum();
            total as f64 / (n - 1) as f64
        })
        .collect()
}

/// Butler: each N–S score against the datum ([`butler_datum`]).
pub fn butler_imps(ns_scores: &[i32]) -> Vec<f64> {
    let Some(datum) = butler_datum(ns_scores) else {
        return Vec::new();
    };
    ns_scores.iter().map(|&s| imps(s - datum) as f64).collect()
}

/// The datum of a board's N–S scores: their average, with the top and bottom left out when
/// there are five or more, rounded to ten; `None` for no scores.
pub fn butler_datum(ns_scores: &[i32]) -> Option<i32> {
    if ns_scores.is_empty() {
        return None;
    }
    let mut sorted = ns_scores.to_vec();
    sorted.sort_unstable();
    let kept = if sorted.len() >= 5 {
        &sorted[1..sorted.len() - 1]
    } else {
        &sorted[..]
    };
    let mean = kept.iter().map(|&s| s as f64).sum::<f64>() / kept.len() as f64;
    Some((mean / 10.0).round() as i32 * 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leads_are_read_either_way_round_and_refused_with_a_sentence() {
        for (typed, card) in [
            ("HQ", "HQ"),
            ("qh", "HQ"),
            ("♥Q", "HQ"),
            ("Q♥", "HQ"),
            ("S10", "ST"),
            ("10s", "ST"),
            ("♠ t", "ST"),
            ("D2", "D2"),
            ("ca", "CA"),
            ("♧K", "CK"),
        ] {
            assert_eq!(
                parse_card(typed).map(|c| c.to_string()),
                Ok(card.to_owned()),
                "{typed}"
            );
        }
        for wrong in [
            "", "H", "Q", "HX", "H1", "H11", "QQ", "HH", "4S N", "♥", "S0", "1S",
        ] {
            let said = parse_card(wrong).unwrap_err();
            assert!(
                said.contains("is not a card") && said.contains("HQ"),
                "{wrong:?}: {said}"
            );
        }
    }

    fn c(text: &str) -> Contract {
        Contract::parse(text).unwrap()
    }

    #[test]
    fn scores_from_the_laws_scoring_table() {
        // Worked by hand from Law 77 and checked against the printed score table.
        let cases: &[(&str, u8, bool, i32)] = &[
            ("1C", 7, false, 70),
            ("1NT", 8, false, 120),
            ("2S", 8, true, 110),
            ("3NT", 9, false, 400),
            ("3NT", 9, true, 600),
            ("4H", 10, false, 420),
            ("4S", 11, true, 650),
            ("5D", 11, false, 400),
            ("5C", 11, true, 600),
            ("6S", 12, false, 980),
            ("6NT", 12, true, 1440),
            ("7NT", 13, false, 1520),
            ("7C", 13, true, 2140),
            ("1CX", 7, false, 140),
            ("1CX", 8, true, 340),
            ("2HX", 8, false, 470),
            ("2SX", 9, true, 870),
            ("1NTXX", 7, false, 560),
            ("1NTXX", 7, true, 760),
            ("7NTXX", 13, true, 2980),
            ("4S", 9, false, -50),
            ("4S", 8, true, -200),
            ("3NTX", 6, false, -500),
            ("3NTX", 6, true, -800),
            ("4HX", 6, false, -800),
            ("4HX", 6, true, -1100),
            ("2CXX", 6, false, -600),
            ("2CXX", 6, true, -1000),
            ("7NTXX", 0, true, -7600),
            ("7NTX", 0, false, -3500),
        ];
        for &(contract, tricks, vulnerable, expected) in cases {
            assert_eq!(
                contract_score(c(contract), tricks, vulnerable),
                expected,
                "{contract} taking {tricks} tricks, vulnerable {vulnerable}"
            );
        }
    }

    #[test]
    fn every_level_strain_and_doubling_made_exactly_follows_the_formula() {
        // An independent restatement: trick score, then game/part-score, slam and insult.
        for level in 1..=7u8 {
            for strain in [
                Strain::Clubs,
                Strain::Diamonds,
                Strain::Hearts,
                Strain::Spades,
                Strain::NoTrump,
            ] {
                for (doubling, factor, insult) in [
                    (Doubling::Undoubled, 1, 0),
                    (Doubling::Doubled, 2, 50),
                    (Doubling::Redoubled, 4, 100),
                ] {
                    for vulnerable in [false, true] {
                        let per = match strain {
                            Strain::Clubs | Strain::Diamonds => 20,
                            _ => 30,
                        };
                        let first_bonus = if strain == Strain::NoTrump { 10 } else { 0 };
                        let trick = (per * level as i32 + first_bonus) * factor;
                        let game = if trick >= 100 {
                            if vulnerable { 500 } else { 300 }
                        } else {
                            50
                        };
                        let slam = match (level, vulnerable) {
                            (6, false) => 500,
                            (6, true) => 750,
                            (7, false) => 1000,
                            (7, true) => 1500,
                            _ => 0,
                        };
                        let contract = Contract {
                            level,
                            strain,
                            doubling,
                        };
                        assert_eq!(
                            contract_score(contract, level + 6, vulnerable),
                            trick + game + slam + insult,
                            "{contract} vulnerable {vulnerable}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn vulnerability_and_dealer_follow_the_sixteen_board_cycle() {
        assert_eq!(standard_vulnerability(1), Vulnerability::None);
        assert_eq!(standard_vulnerability(2), Vulnerability::NorthSouth);
        assert_eq!(standard_vulnerability(3), Vulnerability::EastWest);
        assert_eq!(standard_vulnerability(4), Vulnerability::All);
        assert_eq!(standard_vulnerability(8), Vulnerability::None);
        assert_eq!(standard_vulnerability(13), Vulnerability::All);
        assert_eq!(standard_vulnerability(16), Vulnerability::EastWest);
        assert_eq!(standard_vulnerability(17), Vulnerability::None);
        assert_eq!(standard_dealer(1), Direction::North);
        assert_eq!(standard_dealer(6), Direction::East);
        // Board 2: N–S vulnerable, so 4S by E is not vulnerable but by N is.
        assert_eq!(north_south_score(2, c("4S"), Direction::East, 10), -420);
        assert_eq!(north_south_score(2, c("4S"), Direction::North, 10), 620);
    }

    #[test]
    fn matchpoints_split_ties() {
        assert_eq!(matchpoints(&[420, 420, 170, -50]), vec![5, 5, 2, 0]);
        assert_eq!(matchpoints(&[100]), vec![0]);
        assert_eq!(matchpoints(&[300, 300, 300]), vec![2, 2, 2]);
    }

    #[test]
    fn imps_follow_the_scale() {
        assert_eq!(imps(10), 0);
        assert_eq!(imps(20), 1);
        assert_eq!(imps(-40), -1);
        assert_eq!(imps(450), 10);
        assert_eq!(imps(620 - -100), 12);
        assert_eq!(imps(4000), 24);
        assert_eq!(imps(7600), 24);
        assert_eq!(cross_imps(&[620, 170, 170]), vec![10.0, -5.0, -5.0]);
        // Datum of 620, 170, 170, 140, -100 without top and bottom is 160.
        assert_eq!(
            butler_imps(&[620, 170, 170, 140, -100]),
            vec![10.0, 0.0, 0.0, -1.0, -6.0]
        );
    }

    #[test]
    fn contracts_parse_and_refuse_clearly() {
        assert_eq!(c("3nt").to_string(), "3NT");
        assert_eq!(c("4 s x").to_string(), "4SX");
        assert_eq!(c("6NXX").to_string(), "6NTXX");
        assert!(Contract::parse("8S").unwrap_err().contains("level"));
        assert!(Contract::parse("4Z").unwrap_err().contains("strain"));
        assert!(Contract::parse("4SXXX").unwrap_err().contains("X"));
    }
}
