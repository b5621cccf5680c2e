//! The four seats at a bridge table: one vocabulary for the hand records, the scoring, the
//! sheets and the exports (with `super::board`'s vulnerability and the standard dealer and
//! vulnerability of a board number).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, in the clockwise order North, East, South, West; N–S and E–W are the
/// two sides. Stored in event files as `"N"`, `"E"`, `"S"`, `"W"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// North, partner of South; deals board 1.
    #[serde(rename = "N")]
    North,
    /// East, partner of West; deals board 2.
    #[serde(rename = "E")]
    East,
    /// South, partner of North; deals board 3.
    #[serde(rename = "S")]
    South,
    /// West, partner of East; deals board 4.
    #[serde(rename = "W")]
    West,
}

impl fmt::Display for Direction {
    /// The letter: `N`, `E`, `S` or `W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Direction {
    /// Whether the seat is North or South.
    pub fn is_north_south(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }

    /// The seat typed as `N`, `North`, `e`, `WEST` …
    pub fn parse(text: &str) -> Option<Direction> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Direction::North,
            "E" | "EAST" => Direction::East,
            "S" | "SOUTH" => Direction::South,
            "W" | "WEST" => Direction::West,
            _ => return None,
        })
    }

    /// Clockwise from North.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// 0 North, 1 East, 2 South, 3 West.
    pub fn index(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::East => 1,
            Direction::South => 2,
            Direction::West => 3,
        }
    }

    /// The next seat clockwise (North → East → South → West → North).
    pub fn next(self) -> Direction {
        Direction::ALL[(self.index() + 1) % 4]
    }

    /// `North`, `East`, `South` or `West`.
    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self.index()]
    }

    /// `N`, `E`, `S` or `W`.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    /// The seat written `N`, `E`, `S` or `W` (either case).
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_uppercase() {
            'N' => Some(Direction::North),
            'E' => Some(Direction::East),
            'S' => Some(Direction::South),
            'W' => Some(Direction::West),
            _ => None,
        }
    }
}
