//! A board: its number, dealer, vulnerability and deal; and the standard dealer and
//! vulnerability of a board number (the 16-board cycle printed on every duplicate board).

use super::analysis::Analysis;
use super::deal::Deal;
pub use super::direction::Direction;

/// Which side is vulnerable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Neither side.
    None,
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// Whether the side of `declarer` is vulnerable.
    pub fn side_vulnerable(self, declarer: Direction) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::All => true,
            Vulnerability::NorthSouth => declarer.is_north_south(),
            Vulnerability::EastWest => !declarer.is_north_south(),
        }
    }

    /// As printed on a sheet: `None`, `N-S`, `E-W`, `All`.
    pub fn label(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "N-S",
            Vulnerability::EastWest => "E-W",
            Vulnerability::All => "All",
        }
    }

    /// The PBN export spelling: `None`, `NS`, `EW`, `All` (PBN 2.1 §3.4.10).
    pub fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Every spelling PBN 2.1 §3.4.10 allows on import (`None`, `Love`, `-`, `NS`, `EW`,
    /// `All`, `Both`), in any case.
    pub fn from_pbn(text: &str) -> Option<Vulnerability> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => Some(Vulnerability::None),
            "ns" => Some(Vulnerability::NorthSouth),
            "ew" => Some(Vulnerability::EastWest),
            "all" | "both" => Some(Vulnerability::All),
            _ => None,
        }
    }
}

/// The dealer printed on board `number`: North, East, South, West in turn from board 1.
pub fn standard_dealer(number: u32) -> Direction {
    Direction::ALL[(number.saturating_sub(1) % 4) as usize]
}

/// The vulnerability printed on board `number`. The cycle has 16 boards; each group of four
/// shifts the sequence None, NS, EW, All by one (boards 5–8 start at NS, 9–12 at EW, 13–16
/// at All).
pub fn standard_vulnerability(number: u32) -> Vulnerability {
    const ORDER: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::All,
    ];
    let position = number.saturating_sub(1) % 16;
    ORDER[((position % 4) + position / 4) as usize % 4]
}

/// One board of the evening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// From 1.
    pub number: u32,
    /// The player who deals (and bids first).
    pub dealer: Direction,
    /// The side or sides vulnerable on this board.
    pub vulnerability: Vulnerability,
    /// The four hands.
    pub deal: Deal,
    /// The PBN `Event` tag (the evening's name), empty when not known.
    pub event: String,
    /// The PBN `Site` tag (the club), empty when not known.
    pub site: String,
    /// The PBN `Date` tag as written (`YYYY.MM.DD`, `?` for unknown digits), empty when not known.
    pub date: String,
    /// What the deal could make (double-dummy table and par), when it has been worked out or
    /// read from the file's analysis tags.
    pub analysis: Option<Analysis>,
}

impl Board {
    /// A board with the standard dealer and vulnerability for its number and no event, site,
    /// date or analysis.
    pub fn standard(number: u32, deal: Deal) -> Board {
        Board {
            number,
            dealer: standard_dealer(number),
            vulnerability: standard_vulnerability(number),
            deal,
            event: String::new(),
            site: String::new(),
            date: String::new(),
            analysis: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{East as E, North as N, South as S, West as W};
    use Vulnerability::{All, EastWest as EW, None as Love, NorthSouth as NS};

    #[test]
    fn the_sixteen_board_cycle_and_board_17() {
        // As printed on duplicate boards 1–16 (the Laws of Duplicate Bridge, Law 2).
        let expected = [
            (N, Love),
            (E, NS),
            (S, EW),
            (W, All),
            (N, NS),
            (E, EW),
            (S, All),
            (W, Love),
            (N, EW),
            (E, All),
            (S, Love),
            (W, NS),
            (N, All),
            (E, Love),
            (S, NS),
            (W, EW),
        ];
        // Boards 17–64 repeat the cycle (the scoring reads the same functions).
        for board in 1..=64u32 {
            let (dealer, vulnerability) = expected[((board - 1) % 16) as usize];
            assert_eq!(standard_dealer(board), dealer, "board {board}");
            assert_eq!(standard_vulnerability(board), vulnerability, "board {board}");
        }
        assert_eq!((standard_dealer(17), standard_vulnerability(17)), (N, Love));
        assert_eq!((standard_dealer(32), standard_vulnerability(32)), (W, EW));
        // Never a wrap or a panic at the ends of the range.
        assert_eq!(standard_dealer(0), N);
        assert_eq!(
            standard_vulnerability(u32::MAX),
            standard_vulnerability(u32::MAX % 16)
        );
    }

    #[test]
    fn vulnerability_spellings() {
        assert_eq!(Vulnerability::from_pbn("Love"), Some(Love));
        assert_eq!(Vulnerability::from_pbn("-"), Some(Love));
        assert_eq!(Vulnerability::from_pbn("both"), Some(All));
        assert_eq!(Vulnerability::from_pbn("NS"), Some(NS));
        assert_eq!(Vulnerability::from_pbn("N-S"), None);
        for v in [Love, NS, EW, All] {
            assert_eq!(Vulnerability::from_pbn(v.pbn()), Some(v));
        }
    }
}
