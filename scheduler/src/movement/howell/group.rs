//! The residues a cyclic-style Howell is built over: the integers modulo n, or, where n is a
//! power of a prime, the same number of elements added digit by digit (the additive group of
//! the field of n elements). A Howell "shifted by a round" needs only addition, so every
//! construction in `howell` works in either; the second is what gives the 14-table Howell
//! (27 residues = 3³) a perfect N-S line that no cyclic line of 27 residues has.

/// An abelian group of `base`^`digits` elements, written as numbers 0..order whose digits in
/// base `base` are added modulo `base` one by one. One digit: the integers modulo `base`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Group {
    base: usize,
    digits: u32,
}

impl Group {
    /// The integers modulo `n` (n ≥ 1).
    pub(super) const fn cyclic(n: usize) -> Self {
        Group { base: n, digits: 1 }
    }

    /// Digit-wise addition of `digits` digits modulo `base` (base ≥ 2).
    pub(super) const fn digits(base: usize, digits: u32) -> Self {
        Group { base, digits }
    }

    /// How many elements.
    pub(super) fn order(self) -> usize {
        self.base.pow(self.digits)
    }

    /// a + b.
    pub(super) fn add(self, mut a: usize, mut b: usize) -> usize {
        let (mut sum, mut place) = (0, 1);
        for _ in 0..self.digits {
            sum += (a % self.base + b % self.base) % self.base * place;
            a /= self.base;
            b /= self.base;
            place *= self.base;
        }
        sum
    }

    /// −a (used by the offline searches).
    #[cfg(test)]
    pub(super) fn neg(self, mut a: usize) -> usize {
        let (mut out, mut place) = (0, 1);
        for _ in 0..self.digits {
            out += (self.base - a % self.base) % self.base * place;
            a /= self.base;
            place *= self.base;
        }
        out
    }

    /// a − b.
    #[cfg(test)]
    pub(super) fn sub(self, a: usize, b: usize) -> usize {
        self.add(a, self.neg(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyclic_and_digit_wise_addition() {
        let z7 = Group::cyclic(7);
        assert_eq!((z7.order(), z7.add(5, 4), z7.neg(3), z7.sub(1, 3)), (7, 2, 4, 5));
        let g = Group::digits(3, 3);
        assert_eq!(g.order(), 27);
        // 2 + 3·1 + 9·2 = 23, plus 1 + 3·2 + 9·2 = 25: digits 0, 0, 1 = 9.
        assert_eq!(g.add(23, 25), 9);
        for a in 0..27 {
            assert_eq!(g.add(a, g.neg(a)), 0);
            assert_eq!(g.sub(g.add(a, 13), 13), a);
            // Every element added to itself three times is 0 (each digit 3·d ≡ 0).
            assert_eq!(g.add(g.add(a, a), a), 0);
        }
    }
}
