//! Starters built from finite fields, instant and directed.
//!
//! In a field F with q ≡ 1 (mod 4) elements, let ω generate the multiplicative group and
//! ε = ω^((q−1)/4), so ε² = −1. The tables (x, εx, −x, −εx) for x = ω^i, i < (q−1)/4,
//! seat every non-zero element once (0 sits out). Why it works, for table x:
//! - partners x, −x and εx, −εx differ by ±2x and ±2εx: 2·{x, εx, −x, −εx}, a coset of
//!   ⟨ε⟩; the cosets partition F*, so every difference occurs once;
//! - opponents differ by ±(1−ε)x (twice) and ±(1+ε)x = ±ε(1−ε)x (twice): twice each
//!   element of (1−ε)·coset, so twice every non-zero difference;
//! - left-hand opponents (N→E→S→W→N) differ by (ε−1)x, −(1+ε)x, (1−ε)x, (1+ε)x, which is
//!   (1−ε)·{−1, −ε, 1, ε}·x: each non-zero difference exactly once, so the rotation is
//!   directed.
//!
//! Nothing above needs a field: in the integers mod g it is enough that ε² ≡ −1 and that 2
//! and 1 − ε are units, and then the orbits {x, εx, −x, −εx} of non-zero x all have four
//! elements and partition the non-zero residues. Such an ε exists exactly when every prime
//! factor of g is ≡ 1 (mod 4) (25, 65, 85, 125, …), giving cyclic, directed rotations for
//! those sizes too. Where a prime ≡ 3 (mod 4) divides the count to an even power (9, 45, 49,
//! …), the same works over a product of groups including Z(q)[i] (`product_starter`); nine
//! players have no cyclic solution at all.

use super::starter::{Group, Starter};

/// Whether `n` is prime (trial division; n ≤ a few thousand here).
#[cfg(test)]
pub fn is_prime(n: u32) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
}

#[cfg(test)]
fn power_mod(mut base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let mut result = 1 % modulus;
    base %= modulus;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % modulus;
        }
        base = base * base % modulus;
        exponent >>= 1;
    }
    result
}

/// The smallest primitive root mod the prime `p`.
#[cfg(test)]
pub fn primitive_root(p: u32) -> u32 {
    let order = (p - 1) as u64;
    let mut factors = Vec::new();
    let mut rest = order;
    let mut d = 2;
    while d * d <= rest {
        if rest.is_multiple_of(d) {
            factors.push(d);
            while rest.is_multiple_of(d) {
                rest /= d;
            }
        }
        d += 1;
    }
    if rest > 1 {
        factors.push(rest);
    }
    (2..p)
        .find(|&w| {
            factors
                .iter()
                .all(|&q| power_mod(w as u64, order / q, p as u64) != 1)
        })
        .unwrap_or(1)
}

/// The field starter for a prime p ≡ 1 (mod 4); `None` for any other p. The tests check it
/// as the textbook construction `orbit_starter` generalises; the library builds through that.
#[cfg(test)]
pub fn prime_field_starter(p: u32) -> Option<Starter> {
    if p % 4 != 1 || !is_prime(p) {
        return None;
    }
    let modulus = p as u64;
    let omega = primitive_root(p) as u64;
    let quarter = (p - 1) / 4;
    let epsilon = power_mod(omega, quarter as u64, modulus);
    let tables = (0..quarter)
        .map(|i| {
            let x = power_mod(omega, i as u64, modulus);
            let ex = x * epsilon % modulus;
            [x, ex, modulus - x, modulus - ex].map(|e| e as u32)
        })
        .collect();
    Some(Starter {
        group: Group::Cyclic(p),
        infinity: false,
        tables,
        sit_out: vec![0],
    })
}

/// The ε-orbit starter over the integers mod g (see the module notes): `None` unless g ≡ 1
/// (mod 4) has a square root ε of −1 with 1 − ε a unit.
pub fn orbit_starter(g: u32) -> Option<Starter> {
    if g % 4 != 1 {
        return None;
    }
    let modulus = g as u64;
    let epsilon =
        (2..g as u64).find(|&e| e * e % modulus == modulus - 1 && gcd(1 + modulus - e, modulus) == 1)?;
    let mut seen = vec![false; g as usize];
    let mut tables = Vec::new();
    for x in 1..modulus {
        if seen[x as usize] {
            continue;
        }
        let ex = x * epsilon % modulus;
        let table = [x, ex, modulus - x, (modulus - ex) % modulus];
        for &e in &table {
            seen[e as usize] = true;
        }
        tables.push(table.map(|e| e as u32));
    }
    Some(Starter {
        group: Group::Cyclic(g),
        infinity: false,
        tables,
        sit_out: vec![0],
    })
}

/// One factor of a product group and how φ (φ² = −1) acts on it.
#[derive(Clone, Copy)]
enum Factor {
    /// Z(p^e), p ≡ 1 (mod 4): multiplication by ε with ε² ≡ −1.
    Times(u32),
    /// The first of two Z(q) factors forming Z(q)[i], q ≡ 3 (mod 4): a + bi ↦ −b + ai.
    GaussianPair,
    /// The second of such a pair (handled with the first).
    GaussianSecond,
}

/// The ε-orbit construction over a product of groups, for counts v = 4N+1 in which every
/// prime ≡ 3 (mod 4) has an even exponent but one does occur (9, 45, 49, 81, 117, 121, …):
/// cyclic groups then have no ε, but Z(q)[i] (q ≡ 3 mod 4) has i, and a product of groups
/// each with such a map has one too (φ acting factor by factor). The rotation is complete
/// and directed, but not cyclic: rounds are group elements, not "move on one place".
/// `None` for every other v (including those `orbit_starter` handles cyclically).
pub fn product_starter(v: u32) -> Option<Starter> {
    if v % 4 != 1 {
        return None;
    }
    let mut moduli: Vec<u16> = Vec::new();
    let mut factors: Vec<Factor> = Vec::new();
    let mut rest = v;
    let mut p = 3;
    let mut gaussian = false;
    while rest > 1 {
        let mut e = 0;
        while rest.is_multiple_of(p) {
            rest /= p;
            e += 1;
        }
        if e > 0 {
            if p % 4 == 1 {
                let m = p.pow(e);
                let modulus = m as u64;
                let epsilon = (2..modulus).find(|&x| x * x % modulus == modulus - 1)? as u32;
                moduli.push(u16::try_from(m).ok()?);
                factors.push(Factor::Times(epsilon));
            } else if e % 2 == 0 {
                gaussian = true;
                for _ in 0..e / 2 {
                    moduli.extend([u16::try_from(p).ok()?; 2]);
                    factors.extend([Factor::GaussianPair, Factor::GaussianSecond]);
                }
            } else {
                return None;
            }
        }
        p += 2;
    }
    if !gaussian {
        return None;
    }
    let group = Group::product(&moduli)?;
    let phi = |x: u32| {
        let d = group.digits(x);
        let mut out = d;
        // Factor k's digit is digit k (unused factors, of order 1, come last).
        for (i, factor) in factors.iter().enumerate() {
            let m = moduli[i] as u32;
            match *factor {
                Factor::Times(epsilon) => out[i] = d[i] * epsilon % m,
                Factor::GaussianPair => {
                    out[i] = (m - d[i + 1]) % m;
                    out[i + 1] = d[i];
                }
                Factor::GaussianSecond => {}
            }
        }
        group.from_digits(out)
    };
    let mut seen = vec![false; v as usize];
    let mut tables = Vec::new();
    for x in 1..v {
        if seen[x as usize] {
            continue;
        }
        let fx = phi(x);
        let table = [x, fx, group.neg(x), group.neg(fx)];
        for &e in &table {
            seen[e as usize] = true;
        }
        tables.push(table);
    }
    Some(Starter {
        group,
        infinity: false,
        tables,
        sit_out: vec![0],
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primitive_roots_are_correct() {
        assert_eq!(primitive_root(5), 2);
        assert_eq!(primitive_root(13), 2);
        assert_eq!(primitive_root(17), 3);
        assert_eq!(primitive_root(41), 6);
    }

    #[test]
    fn orbit_starters_exist_exactly_when_every_prime_factor_is_1_mod_4() {
        let all_factors_1_mod_4 = |mut g: u32| {
            let mut p = 2;
            while g > 1 {
                while g.is_multiple_of(p) {
                    if p % 4 != 1 {
                        return false;
                    }
                    g /= p;
                }
                p += 1;
            }
            true
        };
        for g in (5..=401).step_by(4) {
            assert_eq!(orbit_starter(g).is_some(), all_factors_1_mod_4(g), "g = {g}");
        }
    }
}
