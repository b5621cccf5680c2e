//! What a deal could make with every card in view: the double-dummy table (the tricks each
//! of the four players would take as declarer in each of the five strains, with best play by
//! all four) as `DdTable`, the strains a contract names as `Strain`, and the board's par
//! (`Par`: the score when both sides bid their best with every card in view) — together a
//! board's `Analysis`.
//!
//! These are data only; `crate::double_dummy` works the table out and `crate::scoring::par`
//! reads the par score and contracts from it.

use super::card::Suit;
use super::direction::Direction;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a contract names: a trump suit or no trumps. Ordered as bidding ranks them, clubs
/// lowest, no trumps highest. The one strain of the program: the scoring's contracts use it
/// too (stored in event files by the variant's name, `"Hearts"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strain {
    /// ♣ trumps.
    Clubs,
    /// ♦ trumps.
    Diamonds,
    /// ♥ trumps.
    Hearts,
    /// ♠ trumps.
    Spades,
    /// No trumps.
    NoTrump,
}

impl Strain {
    /// From the lowest (clubs) to the highest (no trumps).
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 no trumps (the bidding order).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, `None` for no trumps.
    pub fn trumps(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain whose trumps are `suit`.
    pub fn of_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }

    /// The letters PBN writes: `C`, `D`, `H`, `S`, `NT`.
    pub fn letters(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self.index()]
    }

    /// As printed: `♣`, `♦`, `♥`, `♠`, `NT`.
    pub fn symbol(self) -> &'static str {
        ["♣", "♦", "♥", "♠", "NT"][self.index()]
    }

    /// The strain written `C`, `D`, `H`, `S`, `N` or `NT` (either case).
    pub fn parse(text: &str) -> Option<Strain> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "C" => Strain::Clubs,
            "D" => Strain::Diamonds,
            "H" => Strain::Hearts,
            "S" => Strain::Spades,
            "N" | "NT" => Strain::NoTrump,
            _ => return None,
        })
    }
}

impl fmt::Display for Strain {
    /// The PBN letters (`C` … `NT`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters())
    }
}

/// The double-dummy table of a deal: for each declarer and strain, the tricks the declarer's
/// side takes with best play by all four, from 0 to 13.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DdTable {
    tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// The table whose row `declarer.index()` and column `strain.index()` is `tricks`;
    /// refused with a sentence when a cell is over 13.
    pub fn new(tricks: [[u8; 5]; 4]) -> Result<DdTable, String> {
        for declarer in Direction::ALL {
            for strain in Strain::ALL {
                let n = tricks[declarer.index()][strain.index()];
                if n > 13 {
                    return Err(format!(
                        "{} as declarer in {} takes {n} tricks; there are 13",
                        declarer.name(),
                        strain.letters()
                    ));
                }
            }
        }
        Ok(DdTable { tricks })
    }

    /// The tricks `declarer`'s side takes in `strain`.
    pub fn tricks(&self, declarer: Direction, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain.index()]
    }

    /// The rows as given to `new`: declarer N, E, S, W; strain C, D, H, S, NT.
    pub fn rows(&self) -> [[u8; 5]; 4] {
        self.tricks
    }
}

/// One par contract: who declares what, and how many tricks over (`+`) or under (`−`) it
/// the table says they take.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// 1 to 7.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// The declarer (a contract either partner can play at par is listed once for each).
    pub declarer: Direction,
    /// Whether it is doubled (a sacrifice).
    pub doubled: bool,
    /// Tricks over the contract (positive), under it (negative, a sacrifice) or 0.
    pub result: i8,
}

impl fmt::Display for ParContract {
    /// `4♥S+1`, `3NTN=`, `5♦Wx-2` (level, strain symbol, declarer, `x` when doubled, result).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.level,
            self.strain.symbol(),
            self.declarer.letter()
        )?;
        if self.doubled {
            f.write_str("x")?;
        }
        match self.result {
            0 => f.write_str("="),
            r if r > 0 => write!(f, "+{r}"),
            r => write!(f, "-{}", -i16::from(r)),
        }
    }
}

/// The par of a board: the score, from North-South's side, when both sides bid to their best
/// with every card in view, and the contracts that reach it (none when nothing makes and the
/// board is passed out).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Par {
    /// The par score for North-South (East-West's is its negative).
    pub score_ns: i32,
    /// The contracts that score it; empty for a pass-out.
    pub contracts: Vec<ParContract>,
}

/// What a board could make: its double-dummy table and its par (which depends on the board's
/// dealer and vulnerability as well as the table).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// Tricks for each declarer in each strain.
    pub table: DdTable,
    /// The par score and contracts.
    pub par: Par,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strains_in_bidding_order_and_their_spellings() {
        for (i, strain) in Strain::ALL.into_iter().enumerate() {
            assert_eq!(strain.index(), i);
            assert_eq!(Strain::parse(strain.letters()), Some(strain));
            if let Some(suit) = strain.trumps() {
                assert_eq!(Strain::of_suit(suit), strain);
            }
        }
        assert!(Strain::Clubs < Strain::NoTrump);
        assert_eq!(Strain::parse("n"), Some(Strain::NoTrump));
        assert_eq!(Strain::parse("X"), None);
    }

    #[test]
    fn par_contracts_are_written_as_hand_records_print_them() {
        let mut contract = ParContract {
            level: 4,
            strain: Strain::Hearts,
            declarer: Direction::South,
            doubled: false,
            result: 1,
        };
        assert_eq!(contract.to_string(), "4♥S+1");
        contract.result = 0;
        contract.strain = Strain::NoTrump;
        assert_eq!(contract.to_string(), "4NTS=");
        contract.doubled = true;
        contract.result = -3;
        assert_eq!(contract.to_string(), "4NTSx-3");
    }

    #[test]
    fn a_table_cell_over_thirteen_is_refused() {
        let mut rows = [[7u8; 5]; 4];
        let table = DdTable::new(rows).unwrap();
        assert_eq!(table.tricks(Direction::West, Strain::Hearts), 7);
        rows[1][4] = 14;
        assert_eq!(
            DdTable::new(rows).unwrap_err(),
            "East as declarer in NT takes 14 tricks; there are 13"
        );
    }
}
