//! The four seats at a bridge table, shared by deals, boards and scoring of the hand records.

/// A seat at the table, in the clockwise order North, East, South, West.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
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
