//! Patterned starters: partners are always x and −x, and each table is (x, y, −x, −y).
//!
//! Over Z(m), m odd, let the classes be C = {1, …, (m−1)/2} (d and −d are one class). The
//! partner pairs {x, −x} have differences ±2x, and x ↦ 2x permutes the classes, so every
//! partner difference occurs once whatever the tables. Table (x, y, −x, −y) has opponent
//! classes x+y and x−y, each twice. So a starter is a pairing of the classes into tables
//! {x, y} whose "sum" and "difference" classes together cover C exactly once.
//! This is for v = 4N+1 players over Z(v), 0 sitting out. It is impossible when 3 | v: for
//! any starter Σ (a+c)(b+d) over the tables is ≡ Σ k² (k = 1..2N) ≡ v/3 (mod v) then, but a
//! patterned table has a + c = 0 (see `applies`). (The 1-rotational analogue for 4N, with ∞
//! at a table (∞, y0, 0, −y0), is impossible when v − 1 is prime and was not found for 36
//! in 20 s, so 4N is left to the two-stage search.)
//!
//! The pairing is found by hill climbing: seat an uncovered class x with the class y that
//! makes a missing sum or difference class, evicting the tables that held y and the other
//! class it makes; moves that lose ground are taken rarely. It restarts after a stretch
//! without a new best.

use super::starter::{Group, Starter};
use super::two_stage::Pool;
use crate::solver::{Control, Rng};

/// Whether a patterned starter can exist for `v` players: v ≡ 1 (mod 4), 3 ∤ v.
pub fn applies(v: usize) -> bool {
    v % 4 == 1 && !v.is_multiple_of(3) && v >= 5
}

/// Searches a patterned starter for `v` players until found or `control` stops it; `None`
/// at once where none can exist (`applies`).
pub fn search(v: usize, seed: u64, control: &Control) -> Option<Starter> {
    if !applies(v) {
        return None;
    }
    let m = v as u32;
    let mut rng = Rng::new(seed);
    let check_every = Control::steps_between_checks(16);
    // Large fields need hundreds of millions of moves (253 players: about 2·10⁸); restart
    // only after a long stretch without a new best.
    let patience = 50 * (m as u64).pow(3);
    let mut steps = 0u64;
    while !control.should_stop() {
        let mut climb = Climb::new(m);
        let mut best = climb.uncovered.items.len();
        let mut since_best = 0u64;
        while !climb.uncovered.items.is_empty() && since_best < patience {
            steps += 1;
            since_best += 1;
            if steps.is_multiple_of(check_every) && control.should_stop() {
                return None;
            }
            climb.step(&mut rng);
            if climb.uncovered.items.len() == 2 && climb.endgame() {
                break;
            }
            if climb.uncovered.items.len() < best {
                best = climb.uncovered.items.len();
                since_best = 0;
            }
        }
        if climb.uncovered.items.is_empty() {
            return Some(climb.starter());
        }
    }
    None
}

/// The hill-climbing state over the classes of Z(m).
struct Climb {
    m: u32,
    /// Class → its table mate (0: none).
    mate: Vec<u32>,
    /// Class as a sum/difference → the class whose table makes it (0: none).
    owner: Vec<u32>,
    /// Classes without a table mate, and classes not yet made by any table.
    uncovered: Pool,
    missing: Pool,
}

impl Climb {
    fn new(m: u32) -> Self {
        let k = (m - 1) / 2;
        let mut uncovered = Pool::new(k as usize + 1);
        let mut missing = Pool::new(k as usize + 1);
        for c in 1..=k {
            uncovered.insert(c);
            missing.insert(c);
        }
        Climb {
            m,
            mate: vec![0; k as usize + 1],
            owner: vec![0; k as usize + 1],
            uncovered,
            missing,
        }
    }

    fn class(&self, d: i64) -> u32 {
        let r = d.rem_euclid(self.m as i64) as u32;
        r.min(self.m - r)
    }

    /// The sum and difference classes of table {x, y}.
    fn made(&self, x: u32, y: u32) -> [u32; 2] {
        [self.class(x as i64 + y as i64), self.class(x as i64 - y as i64)]
    }

    fn remove_table(&mut self, x: u32) {
        let y = self.mate[x as usize];
        for r in self.made(x, y) {
            self.owner[r as usize] = 0;
            self.missing.insert(r);
        }
        self.mate[x as usize] = 0;
        self.mate[y as usize] = 0;
        self.uncovered.insert(x);
        self.uncovered.insert(y);
    }

    fn add_table(&mut self, x: u32, y: u32) {
        for r in self.made(x, y) {
            self.owner[r as usize] = x;
            self.missing.remove(r);
        }
        self.mate[x as usize] = y;
        self.mate[y as usize] = x;
        self.uncovered.remove(x);
        self.uncovered.remove(y);
    }

    fn step(&mut self, rng: &mut Rng) {
        let x = self.uncovered.pick(rng);
        let r = self.missing.pick(rng);
        let mut choice = None;
        let mut choice_net = i32::MIN;
        for y in [self.class(r as i64 - x as i64), self.class(r as i64 + x as i64)] {
            if y == 0 || y == x {
                continue;
            }
            let [a, b] = self.made(x, y);
            let other = if a == r { b } else { a };
            let held_y = self.mate[y as usize] != 0;
            let other_owner = self.owner[other as usize];
            let same =
                other_owner != 0 && held_y && (other_owner == y || self.mate[other_owner as usize] == y);
            let lost = i32::from(held_y) + i32::from(other_owner != 0 && !same);
            let net = 1 - lost;
            if net > choice_net || (net == choice_net && rng.below(2) == 0) {
                choice_net = net;
                choice = Some((y, other));
            }
        }
        let Some((y, other)) = choice else {
            return;
        };
        if choice_net < 0 && rng.below(100) != 0 {
            return;
        }
        if self.mate[y as usize] != 0 {
            self.remove_table(y);
        }
        let owner = self.owner[other as usize];
        if owner != 0 {
            self.remove_table(owner);
        }
        self.add_table(x, y);
    }

    /// Two classes x, y left without a table: try re-pairing them with each table {a, b}
    /// ({x, a}, {y, b} or {x, b}, {y, a}) so that the four classes made are exactly the two
    /// missing ones and the two {a, b} made.
    fn endgame(&mut self) -> bool {
        let (x, y) = (self.uncovered.items[0], self.uncovered.items[1]);
        let missing = [self.missing.items[0], self.missing.items[1]];
        let mut wanted = [missing[0], missing[1], 0, 0];
        for a in 1..self.mate.len() as u32 {
            let b = self.mate[a as usize];
            if b == 0 || a > b {
                continue;
            }
            [wanted[2], wanted[3]] = self.made(a, b);
            wanted.sort_unstable();
            for (p, q) in [(a, b), (b, a)] {
                let [c1, c2] = self.made(x, p);
                let [c3, c4] = self.made(y, q);
                let mut got = [c1, c2, c3, c4];
                got.sort_unstable();
                if got == wanted {
                    self.remove_table(a);
                    self.add_table(x, p);
                    self.add_table(y, q);
                    return true;
                }
            }
            wanted = [missing[0], missing[1], 0, 0];
        }
        false
    }

    fn starter(&self) -> Starter {
        let m = self.m;
        let mut tables = Vec::new();
        for x in 1..self.mate.len() as u32 {
            let y = self.mate[x as usize];
            if x < y {
                tables.push([x, y, m - x, m - y]);
            }
        }
        Starter {
            group: Group::Cyclic(m),
            infinity: false,
            tables,
            sit_out: vec![0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;
    use crate::whist::{full_cycle, numbered_names};
    use std::time::Duration;

    #[test]
    fn patterned_starters_are_complete_tournaments() {
        for v in [29, 37, 41, 53, 65, 77, 101, 161] {
            let starter = search(v, 1, &Control::with_counted_time(Duration::from_secs(20)))
                .unwrap_or_else(|| panic!("{v}: none in 20 s"));
            let report = verify(&full_cycle(&starter, numbered_names(&starter), false));
            assert!(report.is_valid(), "{v}: {}", starter.to_line());
        }
        assert!(
            search(33, 1, &Control::unlimited()).is_none(),
            "3 | 33: no patterned starter"
        );
    }
}
