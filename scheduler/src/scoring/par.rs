//! Par: the score of a board when both sides bid to their best with every card in view, read
//! from its double-dummy table, its dealer and its vulnerability.
//!
//! The rules are those of DDS's `DealerPar` (Bo Haglund and Soren Hein, `doc/Par
//! Calculation.pdf`, 2013, and `doc/dll-description.md`; restated in
//! `docs/double-dummy-research.md` §2), which credit Matthew Kidd's ACBLmerge. The code is
//! our own, written from the rules:
//!
//! 1. Each side's best contract in a strain is the higher of the two partners' tricks; the side
//!    whose highest makeable contract ranks higher has the *primacy* and bids first. When both
//!    sides' highest contracts are the same (both make 1NT, say), the first player from the
//!    dealer clockwise who makes it decides: the dealer's side starts. When nothing makes, the
//!    board is passed out (score 0, no contract).
//! 2. The primacy side's candidates are its contracts in each strain at the highest makeable
//!    level that rank at least as high as its best-scoring one.
//! 3. Over each candidate, from the highest down, the opponents look for their cheapest doubled
//!    sacrifice: the lowest bid above the candidate in each strain (at most the 7-level). In the
//!    candidate's own strain they may bid the same level only when the sacrificer comes before
//!    every player of the making side who makes it (clockwise from the dealer). A sacrifice is
//!    profitable when it costs less than the candidate scores.
//! 4. The first candidate with a profitable sacrifice ends the search. The primacy side plays
//!    the best-scoring candidate above it when that scores more than the sacrifice costs;
//!    otherwise the opponents sacrifice, and the par contracts are their cheapest sacrifices.
//! 5. A making par contract is shown at the lowest level that scores the same and still leaves
//!    every sacrifice over it unprofitable (so 5NT making is `3NT+2`), once for each declarer
//!    who takes the side's tricks in its strain; a sacrifice once for each partner who goes down
//!    the fewest tricks.
//!
//! Contract scores are `scoring::bridge::contract_score`'s (Law 77), not a second table here.

use super::bridge::{Contract, Doubling, contract_score};
use crate::deals::{
    Board, DdTable, Direction, Par, ParContract, Strain, Vulnerability, read_pbn_file_noting, read_pbn_with,
};
use crate::problems::Problems;
use std::path::Path;

/// The boards of a PBN file, each with its analysis when the file has its double-dummy table
/// (par worked out by `par`): `crate::deals::read_pbn_with` given this module's rules.
pub fn read_pbn_analysed(file_label: &str, bytes: &[u8]) -> Result<Vec<Board>, Problems> {
    read_pbn_with(file_label, bytes, Some(par))
}

/// `read_pbn_analysed` of a file on disk, with the file's warnings (a par text of another
/// program's that is not this module's par: the table is kept all the same).
pub fn read_pbn_file_analysed(path: &Path) -> Result<(Vec<Board>, Problems), Problems> {
    read_pbn_file_noting(path, Some(par))
}

/// A contract's rank in the bidding: 1 for 1♣ up to 35 for 7NT.
fn rank(level: u8, strain: Strain) -> i32 {
    5 * (i32::from(level) - 1) + strain.index() as i32 + 1
}

/// The declaring side's score for `level` `strain` (doubled or not) when it takes `tricks`.
fn score(level: u8, strain: Strain, doubled: bool, tricks: u8, vulnerable: bool) -> i32 {
    let doubling = if doubled {
        Doubling::Doubled
    } else {
        Doubling::Undoubled
    };
    let contract = Contract {
        level,
        strain,
        doubling,
    };
    contract_score(contract, tricks, vulnerable)
}

/// The partner of `seat`.
fn partner(seat: Direction) -> Direction {
    seat.next().next()
}

/// The seats clockwise from the dealer.
fn from_dealer(dealer: Direction) -> [Direction; 4] {
    let mut seats = [dealer; 4];
    for i in 1..4 {
        seats[i] = seats[i - 1].next();
    }
    seats
}

/// What the table says about one side: its seats, its vulnerability, its tricks per strain.
struct Side<'t> {
    table: &'t DdTable,
    seats: [Direction; 2],
    vulnerable: bool,
}

impl Side<'_> {
    fn new(table: &DdTable, seat: Direction, vulnerability: Vulnerability) -> Side<'_> {
        Side {
            table,
            seats: [seat, partner(seat)],
            vulnerable: vulnerability.side_vulnerable(seat),
        }
    }

    /// The side's tricks in `strain` (the better partner's).
    fn tricks(&self, strain: Strain) -> u8 {
        self.seats
            .iter()
            .map(|&seat| self.table.tricks(seat, strain))
            .max()
            .unwrap_or(0)
    }

    fn holds(&self, seat: Direction) -> bool {
        self.seats.contains(&seat)
    }

    /// The highest contract the side makes in `strain`, as (level, rank).
    fn makes(&self, strain: Strain) -> Option<(u8, i32)> {
        let tricks = self.tricks(strain);
        (tricks >= 7).then(|| (tricks - 6, rank(tricks - 6, strain)))
    }

    /// The side's highest makeable contract, as (rank, strain).
    fn highest(&self) -> Option<(i32, Strain)> {
        Strain::ALL
            .into_iter()
            .filter_map(|strain| self.makes(strain).map(|(_, r)| (r, strain)))
            .max()
    }
}

/// One contract the primacy side may play: its highest makeable level in a strain.
#[derive(Clone, Copy)]
struct Candidate {
    level: u8,
    strain: Strain,
    tricks: u8,
    score: i32,
}

/// The opponents' cheapest bid in `strain` over `level` `over` (by the dealer-order rule in
/// the same strain); `None` above the 7-level.
fn bid_over(
    level: u8,
    over: Strain,
    strain: Strain,
    makers: &Side,
    sacrificers: &Side,
    dealer: Direction,
) -> Option<u8> {
    let bid = if strain > over {
        level
    } else if strain < over {
        level + 1
    } else {
        let best = sacrificers.tricks(strain);
        let first = from_dealer(dealer).into_iter().find(|&seat| {
            let tricks = makers.table.tricks(seat, strain);
            (makers.holds(seat) && tricks >= level + 6) || (sacrificers.holds(seat) && tricks == best)
        });
        if first.is_some_and(|seat| sacrificers.holds(seat)) {
            level
        } else {
            level + 1
        }
    };
    (bid <= 7).then_some(bid)
}

/// What the opponents' cheapest sacrifices cost them (as a score for the making side,
/// negative when they make) and the bids (level, strain) that cost it.
type Sacrifices = (i32, Vec<(u8, Strain)>);

/// The opponents' cheapest sacrifices over `level` `over`: what each costs them (as a score
/// for the making side; negative when it makes) and the contracts reaching it. `None` when
/// nothing can be bid over it.
fn cheapest_sacrifices(
    level: u8,
    over: Strain,
    makers: &Side,
    sacrificers: &Side,
    dealer: Direction,
) -> Option<Sacrifices> {
    let mut best: Option<Sacrifices> = None;
    for strain in Strain::ALL {
        let Some(bid) = bid_over(level, over, strain, makers, sacrificers, dealer) else {
            continue;
        };
        let tricks = sacrificers.tricks(strain);
        let cost = -score(bid, strain, true, tricks, sacrificers.vulnerable);
        match &mut best {
            Some((c, bids)) if *c == cost => bids.push((bid, strain)),
            Some((c, _)) if *c < cost => {}
            _ => best = Some((cost, vec![(bid, strain)])),
        }
    }
    best
}

/// The par of a board from its double-dummy table, its dealer and its vulnerability, by the
/// rules in this module's comment: the score from North-South's side and every par contract
/// (one line per declarer), empty when the board is passed out.
pub fn par(table: &DdTable, dealer: Direction, vulnerability: Vulnerability) -> Par {
    let north_south = Side::new(table, Direction::North, vulnerability);
    let east_west = Side::new(table, Direction::East, vulnerability);
    let (makers, sacrificers) = match (north_south.highest(), east_west.highest()) {
        (None, None) => {
            return Par {
                score_ns: 0,
                contracts: Vec::new(),
            };
        }
        (Some(ns), Some(ew)) if ns.0 == ew.0 => {
            let max = north_south.tricks(ns.1);
            let first = from_dealer(dealer)
                .into_iter()
                .find(|&seat| table.tricks(seat, ns.1) == max);
            if first.is_some_and(|seat| north_south.holds(seat)) {
                (north_south, east_west)
            } else {
                (east_west, north_south)
            }
        }
        (ns, ew) if ns > ew => (north_south, east_west),
        _ => (east_west, north_south),
    };
    let (score, contracts) = par_of(&makers, &sacrificers, dealer);
    let score_ns = if makers.holds(Direction::North) {
        score
    } else {
        -score
    };
    Par { score_ns, contracts }
}

/// The primacy side's candidates, highest rank first (rule 2).
fn candidates(makers: &Side) -> Vec<Candidate> {
    let mut all: Vec<Candidate> = Strain::ALL
        .into_iter()
        .filter_map(|strain| {
            let (level, _) = makers.makes(strain)?;
            let tricks = makers.tricks(strain);
            Some(Candidate {
                level,
                strain,
                tricks,
                score: score(level, strain, false, tricks, makers.vulnerable),
            })
        })
        .collect();
    all.sort_by_key(|c| std::cmp::Reverse(rank(c.level, c.strain)));
    let best = all
        .iter()
        .max_by_key(|c| (c.score, -rank(c.level, c.strain)))
        .map_or(0, |c| rank(c.level, c.strain));
    all.retain(|c| rank(c.level, c.strain) >= best);
    all
}

/// The par score for the primacy side `makers` and the par contracts (rules 3 to 5).
fn par_of(makers: &Side, sacrificers: &Side, dealer: Direction) -> (i32, Vec<ParContract>) {
    let candidates = candidates(makers);
    let mut best_plus: Option<i32> = None;
    let mut unsacrificed = 0;
    let mut sacrifice: Option<Sacrifices> = None;
    for candidate in &candidates {
        let over = cheapest_sacrifices(candidate.level, candidate.strain, makers, sacrificers, dealer);
        match over {
            Some((cost, bids)) if cost < candidate.score => {
                sacrifice = Some((cost, bids));
                break;
            }
            _ => {
                best_plus = best_plus.max(Some(candidate.score));
                unsacrificed += 1;
            }
        }
    }
    if let Some(plus) = best_plus.filter(|&plus| sacrifice.as_ref().is_none_or(|s| plus > s.0)) {
        let contracts = candidates[..unsacrificed]
            .iter()
            .filter(|c| c.score == plus)
            .flat_map(|c| shown_making(c, makers, sacrificers, dealer))
            .collect();
        return (plus, contracts);
    }
    // There is a candidate, so when none is counted in `best_plus` one was sacrificed over.
    let Some((cost, bids)) = sacrifice else {
        return (0, Vec::new());
    };
    let contracts = bids
        .into_iter()
        .flat_map(|(level, strain)| {
            let tricks = sacrificers.tricks(strain);
            sacrificers
                .seats
                .into_iter()
                .filter(move |&seat| sacrificers.table.tricks(seat, strain) == tricks)
                .map(move |declarer| ParContract {
                    level,
                    strain,
                    declarer,
                    doubled: true,
                    result: tricks as i8 - (level as i8 + 6),
                })
        })
        .collect();
    (cost, contracts)
}

/// A making par contract at its lowest level that scores the same and leaves every
/// sacrifice over it unprofitable, once per declarer who takes the tricks (rule 5).
fn shown_making(
    candidate: &Candidate,
    makers: &Side,
    sacrificers: &Side,
    dealer: Direction,
) -> Vec<ParContract> {
    let Candidate {
        level,
        strain,
        tricks,
        score: target,
    } = *candidate;
    let shown = (1..=level)
        .find(|&low| {
            score(low, strain, false, tricks, makers.vulnerable) == target
                && cheapest_sacrifices(low, strain, makers, sacrificers, dealer)
                    .is_none_or(|(cost, _)| cost >= target)
        })
        .unwrap_or(level);
    makers
        .seats
        .into_iter()
        .filter(|&seat| makers.table.tricks(seat, strain) == tricks)
        .map(|declarer| ParContract {
            level: shown,
            strain,
            declarer,
            doubled: false,
            result: tricks as i8 - (shown as i8 + 6),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{East as E, North as N, South as S, West as W};
    use std::collections::BTreeSet;

    /// The fixture's deals (DDS 3 through endplay 0.5.12, `fixtures/dd/README.md`).
    fn fixture() -> Vec<serde_json::Value> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/dd/dds-reference.json");
        let text = std::fs::read_to_string(path).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    fn table_of(deal: &serde_json::Value) -> DdTable {
        let mut rows = [[0u8; 5]; 4];
        for seat in Direction::ALL {
            for strain in Strain::ALL {
                let letters = seat.letter().to_string();
                let n = deal["dd"][letters.as_str()][strain.letters()].as_u64().unwrap();
                rows[seat.index()][strain.index()] = n as u8;
            }
        }
        DdTable::new(rows).unwrap()
    }

    fn shown(par: &Par) -> BTreeSet<String> {
        par.contracts.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn par_equals_dds_on_every_fixture_deal_and_vulnerability() {
        let deals = fixture();
        // 300 random deals and 120 hard ones (fixtures/dd/README.md).
        assert_eq!(deals.len(), 420);
        let vulnerabilities = [
            ("None", Vulnerability::None),
            ("NS", Vulnerability::NorthSouth),
            ("EW", Vulnerability::EastWest),
            ("All", Vulnerability::All),
        ];
        let mut wrong = Vec::new();
        for (i, deal) in deals.iter().enumerate() {
            let table = table_of(deal);
            for (name, vulnerability) in vulnerabilities {
                let expected = &deal["par"][name];
                let score = expected["score"].as_i64().unwrap() as i32;
                // endplay writes a pass-out as the one contract "Pass"; ours has none.
                let contracts: BTreeSet<String> = expected["contracts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_owned())
                    .filter(|c| c != "Pass")
                    .collect();
                let got = par(&table, N, vulnerability);
                if got.score_ns != score || shown(&got) != contracts {
                    wrong.push(format!(
                        "deal {i} vul {name}: DDS {score} {contracts:?}, ours {} {:?}; {}",
                        got.score_ns,
                        shown(&got),
                        deal["dd"]
                    ));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "{} of {} differ:\n{}",
            wrong.len(),
            deals.len() * 4,
            wrong.join("\n")
        );
    }

    /// A table where every cell is `base` except those listed as (declarer, strain, tricks).
    fn table(base: u8, cells: &[(Direction, Strain, u8)]) -> DdTable {
        let mut rows = [[base; 5]; 4];
        for &(seat, strain, tricks) in cells {
            rows[seat.index()][strain.index()] = tricks;
        }
        DdTable::new(rows).unwrap()
    }

    fn strings(par: &Par) -> Vec<String> {
        shown(par).into_iter().collect()
    }

    #[test]
    fn nothing_makes_so_the_board_is_passed_out() {
        // Six tricks at most for anyone: no contract makes, par is a pass-out at 0.
        let par = par(&table(6, &[(E, Strain::NoTrump, 5)]), S, Vulnerability::All);
        assert_eq!((par.score_ns, par.contracts.len()), (0, 0));
    }

    #[test]
    fn a_profitable_sacrifice_is_par() {
        // N-S make 4♠ (10 tricks, 420 not vulnerable); E-W take 9 tricks in ♣ and 8 in ♥.
        // E-W's cheapest bid over 4♠ is 5♣, two down; 5♥ and the rest go down more. Not
        // vulnerable, 5♣x-2 costs 300 < 420: E-W sacrifice and par is +300 to N-S.
        let cells = [
            (N, Strain::Spades, 10),
            (S, Strain::Spades, 10),
            (E, Strain::Clubs, 9),
            (W, Strain::Clubs, 9),
            (E, Strain::Hearts, 8),
        ];
        let none = par(&table(4, &cells), N, Vulnerability::None);
        assert_eq!(none.score_ns, 300);
        assert_eq!(strings(&none), ["5♣Ex-2", "5♣Wx-2"]);
        // E-W vulnerable: 5♣x-2 costs 500 > 420, so N-S play 4♠ at par.
        let ew = par(&table(4, &cells), N, Vulnerability::EastWest);
        assert_eq!(ew.score_ns, 420);
        assert_eq!(strings(&ew), ["4♠N=", "4♠S="]);
        // The same with the seats turned a quarter (E-W make 4♠, N-S sacrifice), East dealing.
        let turned: Vec<_> = cells
            .iter()
            .map(|&(seat, strain, n)| (seat.next(), strain, n))
            .collect();
        let east = par(&table(4, &turned), E, Vulnerability::None);
        assert_eq!(east.score_ns, -300);
        assert_eq!(strings(&east), ["5♣Nx-2", "5♣Sx-2"]);
    }

    #[test]
    fn when_both_sides_make_one_no_trump_the_first_who_makes_it_from_the_dealer_plays_it() {
        // North and East take 7 tricks in NT, South and West 6; nothing else makes. Over 1NT
        // the other side's 2NT is one down doubled (100 or 200) and any suit at the 2-level
        // two down: more than the 90 of 1NT. So whoever bids first plays 1NT: the first of
        // North and East clockwise from the dealer (PBN's par is "dealer's side starts",
        // but the dealer must be able to make it: with South or West dealing, North bids
        // before East).
        let cells = [(N, Strain::NoTrump, 7), (E, Strain::NoTrump, 7)];
        let t = table(6, &cells);
        for (dealer, score, contract) in [
            (N, 90, "1NTN="),
            (E, -90, "1NTE="),
            (S, 90, "1NTN="),
            (W, 90, "1NTN="),
        ] {
            let par = par(&t, dealer, Vulnerability::None);
            assert_eq!(
                (par.score_ns, strings(&par)),
                (score, vec![contract.to_owned()]),
                "dealer {dealer}"
            );
        }
    }

    #[test]
    fn a_sacrifice_in_the_same_strain_needs_a_level_more_after_a_player_who_makes_it() {
        // N-S make 4♠ (420, none vulnerable). East takes 8 tricks in ♠ himself, West 7; nothing
        // else of E-W's reaches 6. East may sacrifice in 4♠ (two down, 300 < 420) only when he
        // bids before the first N-S player who makes 4♠ — with East dealing, or South dealing
        // (South takes only 9 tricks in ♠, so after South comes West, then North: East is
        // later). Otherwise he must bid 5♠, three down (500): N-S keep 4♠.
        let cells = [
            (N, Strain::Spades, 10),
            (S, Strain::Spades, 9),
            (E, Strain::Spades, 8),
            (W, Strain::Spades, 7),
        ];
        let t = table(5, &cells);
        let east = par(&t, E, Vulnerability::None);
        assert_eq!((east.score_ns, strings(&east)), (300, vec!["4♠Ex-2".to_owned()]));
        for dealer in [N, S, W] {
            let par = par(&t, dealer, Vulnerability::None);
            assert_eq!(
                (par.score_ns, strings(&par)),
                (420, vec!["4♠N=".to_owned()]),
                "dealer {dealer}"
            );
        }
    }

    #[test]
    fn nothing_is_bid_over_seven_no_trumps_or_above_the_seven_level() {
        // N-S make 7♠ vulnerable (2210). E-W take 12 tricks in ♣ — 8♣ does not exist — and
        // 1 in NT, so their only bid over 7♠ is 7NT, twelve down: N-S keep 7♠.
        let cells = [
            (N, Strain::Spades, 13),
            (S, Strain::Spades, 13),
            (E, Strain::Clubs, 12),
            (W, Strain::Clubs, 12),
            (E, Strain::NoTrump, 1),
            (W, Strain::NoTrump, 1),
        ];
        let par = par(&table(3, &cells), W, Vulnerability::All);
        assert_eq!(
            (par.score_ns, strings(&par)),
            (2210, vec!["7♠N=".to_owned(), "7♠S=".to_owned()])
        );
    }

    #[test]
    fn a_making_contract_is_shown_at_its_lowest_level_of_the_same_score() {
        // N-S take 11 tricks in NT (5NT making, 460 none vulnerable): shown as 3NT+2, the
        // lowest level scoring 460 (2NT+3 scores 210). Their 11 tricks in ♦ (400) score less
        // and are not par.
        let cells = [
            (N, Strain::NoTrump, 11),
            (S, Strain::NoTrump, 11),
            (N, Strain::Diamonds, 11),
        ];
        let par = par(&table(4, &cells), N, Vulnerability::None);
        assert_eq!(
            (par.score_ns, strings(&par)),
            (460, vec!["3NTN+2".to_owned(), "3NTS+2".to_owned()])
        );
    }
}
