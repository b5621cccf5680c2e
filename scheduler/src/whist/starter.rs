//! Whist starters: the first round of a rotation, from which every other round follows by
//! "everyone moves on one place".
//!
//! Positions are the elements of a group G (the integers mod g, or Z3×Z3 for nine players)
//! plus, optionally, one fixed point ∞ — the stationary seat. Round r seats at every table
//! the players whose labels are the starter's elements plus r; ∞ never moves. Elements used
//! by no table are sit-out positions: whoever reaches one sits that round out.
//!
//! Validity is a statement about differences: two labels x, y are partners in round r iff
//! x − r and y − r are a partner pair of the starter, so each pair of players partners once
//! per occurrence of ±(x − y) among the starter's partner differences (the same for
//! opponents, and for left-hand opponents with the signed difference).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The fixed point ∞ as an element id.
pub const INFINITY: u32 = u32::MAX;

/// The group a rotation runs over: its elements are the positions, and round r seats at x + r
/// what the starter seats at x (∞ stays put).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Group {
    /// The integers mod g.
    Cyclic(u32),
    /// A direct product of cyclic groups, e.g. Z3 × Z3 (the additive group of GF(9)).
    /// Unused factors are 1. An element is written in mixed radix, the first factor the most
    /// significant digit: in Z3 × Z3, 3a + b is (a, b).
    Product([u16; 4]),
}

impl Group {
    /// Z3 × Z3 × … from the factors' orders (at most four, each at least 2).
    pub fn product(factors: &[u16]) -> Option<Group> {
        if factors.is_empty() || factors.len() > 4 || factors.iter().any(|&m| m < 2) {
            return None;
        }
        let mut moduli = [1u16; 4];
        moduli[..factors.len()].copy_from_slice(factors);
        Some(Group::Product(moduli))
    }

    /// The number of elements.
    pub fn order(self) -> u32 {
        match self {
            Group::Cyclic(g) => g,
            Group::Product(moduli) => moduli.iter().map(|&m| m as u32).product(),
        }
    }

    /// The digits of an element of a product group.
    pub fn digits(self, x: u32) -> [u32; 4] {
        let mut digits = [0; 4];
        if let Group::Product(moduli) = self {
            let mut rest = x;
            for i in (0..4).rev() {
                digits[i] = rest % moduli[i] as u32;
                rest /= moduli[i] as u32;
            }
        } else {
            digits[3] = x;
        }
        digits
    }

    /// The element with these digits (inverse of `digits`).
    pub fn from_digits(self, digits: [u32; 4]) -> u32 {
        match self {
            Group::Cyclic(_) => digits[3],
            Group::Product(moduli) => digits
                .iter()
                .zip(moduli)
                .fold(0, |acc, (&d, m)| acc * m as u32 + d % m as u32),
        }
    }

    /// x + y in the group; ∞ plus anything is ∞.
    pub fn add(self, x: u32, y: u32) -> u32 {
        if x == INFINITY || y == INFINITY {
            return INFINITY;
        }
        match self {
            Group::Cyclic(g) => (x + y) % g,
            Group::Product(moduli) => {
                let (a, b) = (self.digits(x), self.digits(y));
                self.from_digits(std::array::from_fn(|i| (a[i] + b[i]) % moduli[i] as u32))
            }
        }
    }

    /// −x in the group; ∞ stays ∞.
    pub fn neg(self, x: u32) -> u32 {
        if x == INFINITY {
            return INFINITY;
        }
        match self {
            Group::Cyclic(g) => (g - x) % g,
            Group::Product(moduli) => {
                let a = self.digits(x);
                self.from_digits(std::array::from_fn(|i| {
                    let m = moduli[i] as u32;
                    (m - a[i]) % m
                }))
            }
        }
    }

    /// x − y in the group (∞ as in `add`).
    pub fn sub(self, x: u32, y: u32) -> u32 {
        self.add(x, self.neg(y))
    }

    /// The rounds in playing order: 0, 1, 2, … for the integers mod g, so each round every
    /// moving player advances one position.
    pub fn elements(self) -> Vec<u32> {
        (0..self.order()).collect()
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Group::Cyclic(g) => write!(f, "Z{g}"),
            Group::Product(moduli) => {
                let factors: Vec<String> = moduli
                    .iter()
                    .filter(|&&m| m > 1)
                    .map(|m| format!("Z{m}"))
                    .collect();
                f.write_str(&factors.join("x"))
            }
        }
    }
}

/// The first round of a whist rotation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Starter {
    /// The group the positions are elements of (∞ apart).
    pub group: Group,
    /// Whether the fixed point ∞ (the stationary seat) is used.
    pub infinity: bool,
    /// Each table's seats in the order N, E, S, W (N–S partners against E–W partners).
    pub tables: Vec<[u32; 4]>,
    /// Elements at no table: whoever is on one of these positions sits out.
    pub sit_out: Vec<u32>,
}

impl Starter {
    /// The kind of rotation: "cyclic" (everyone moves on one place each round),
    /// "1-rotational" (the same with one stationary seat) or "product" (over a product of
    /// groups: players follow their printed cards).
    pub fn kind(&self) -> &'static str {
        match (self.group, self.infinity) {
            (Group::Cyclic(_), false) => "cyclic",
            (Group::Cyclic(_), true) => "1-rotational",
            (Group::Product(_), _) => "product",
        }
    }

    /// Number of players the rotation seats: the group's elements plus ∞.
    pub fn players(&self) -> usize {
        self.group.order() as usize + usize::from(self.infinity)
    }

    /// Rounds in one full cycle.
    pub fn cycle_length(&self) -> usize {
        self.group.order() as usize
    }

    /// The tables of round `r` (0-based) as player labels: element ids, with ∞ as
    /// `INFINITY`.
    pub fn round(&self, r: u32) -> Vec<[u32; 4]> {
        self.tables
            .iter()
            .map(|table| table.map(|x| self.group.add(x, r)))
            .collect()
    }

    /// Labels sitting out in round `r`.
    pub fn sitting_out(&self, r: u32) -> Vec<u32> {
        self.sit_out.iter().map(|&x| self.group.add(x, r)).collect()
    }

    /// Compact text form used for the shipped starter table, e.g.
    /// `12 Z11+inf | inf 0 1 5 | 2 3 7 10 | ...` (tables as N E S W; `- 0` lists sit-outs).
    pub fn to_line(&self) -> String {
        let mut line = format!(
            "{} {}{}",
            self.players(),
            self.group,
            if self.infinity { "+inf" } else { "" }
        );
        for table in &self.tables {
            line.push_str(" |");
            for &x in table {
                if x == INFINITY {
                    line.push_str(" inf");
                } else {
                    line.push_str(&format!(" {x}"));
                }
            }
        }
        if !self.sit_out.is_empty() {
            line.push_str(" | -");
            for x in &self.sit_out {
                line.push_str(&format!(" {x}"));
            }
        }
        line
    }

    /// Reads the form written by `to_line`; `None` on anything malformed (the caller names
    /// the file and line).
    pub fn from_line(line: &str) -> Option<Starter> {
        let mut parts = line.split('|');
        let mut head = parts.next()?.split_whitespace();
        let players: usize = head.next()?.parse().ok()?;
        let group_text = head.next()?;
        let (group_text, infinity) = match group_text.strip_suffix("+inf") {
            Some(g) => (g, true),
            None => (group_text, false),
        };
        let factors: Vec<u32> = group_text
            .split('x')
            .map(|f| f.strip_prefix('Z')?.parse().ok())
            .collect::<Option<_>>()?;
        let group = match factors.as_slice() {
            [g] => Group::Cyclic(*g),
            many => Group::product(
                &many
                    .iter()
                    .map(|&m| u16::try_from(m).ok())
                    .collect::<Option<Vec<_>>>()?,
            )?,
        };
        let element = |text: &str| -> Option<u32> {
            if text == "inf" {
                return Some(INFINITY);
            }
            let x: u32 = text.parse().ok()?;
            (x < group.order()).then_some(x)
        };
        let mut tables = Vec::new();
        let mut sit_out = Vec::new();
        for part in parts {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.first() == Some(&"-") {
                for w in &words[1..] {
                    sit_out.push(element(w)?);
                }
            } else {
                if words.len() != 4 {
                    return None;
                }
                let mut table = [0; 4];
                for (slot, w) in table.iter_mut().zip(&words) {
                    *slot = element(w)?;
                }
                tables.push(table);
            }
        }
        let starter = Starter {
            group,
            infinity,
            tables,
            sit_out,
        };
        (starter.players() == players).then_some(starter)
    }
}
