//! A product construction: a rotation for q·p + 1 players (or q·p) from one for q + 1 (or q)
//! and one for p, p ≡ 1 (mod 4), gcd(q, p) = 1 and gcd(q, 6) = 1.
//!
//! Take the group Z(q) × G, G the group of p's rotation (Z(p) or a product; Z(q) × Z(p) is
//! Z(qp) by the Chinese remainder theorem, so the result is cyclic or 1-rotational when G is
//! cyclic). The starter is
//! - **the q-part:** the rotation for q + 1 (over Z(q) ∪ {∞}) or for q (over Z(q), 0 sitting
//!   out), each element a written (a, 0): its differences cover every (x, 0), x ≠ 0, as
//!   partners once and as opponents twice, and ∞ keeps its own rules;
//! - **the G-part:** for every table (y₁, y₂, y₃, y₄) of p's rotation and every t in Z(q),
//!   the table ((1·t, y₁), (2·t, y₂), (3·t, y₃), (4·t, y₄)).
//!
//! In the G-part, seats i and j of the tables from (y₁, …, y₄) differ by ((j − i)·t, yⱼ − yᵢ).
//! As t runs over Z(q), (j − i)·t runs over all of Z(q) exactly once because j − i ∈ {1, 2, 3}
//! is a unit (gcd(q, 6) = 1). So each difference (·, z) of p's rotation becomes the differences
//! (x, z) for every x once: p's partner differences (each class ±z once) give every (x, z),
//! z ≠ 0, once as partners, and its opponent differences (each class twice) give every (x, z)
//! twice as opponents. Every element (a, z), z ≠ 0, is seated once (each i·t is a bijection of
//! Z(q), and every z ≠ 0 once in p's starter). Together with the q-part, every difference of
//! Z(q) × G is covered as a complete rotation needs; the verifier checks each result anyway.
//!
//! (Worked out for this project; it has the shape of the product theorems for Z-cyclic whist
//! tournaments in the literature, e.g. Anderson & Finizio's, without relying on them.)
//! Among the counts to 101 it gives 64 (Z7 × Z3 × Z3 with ∞), 92 (from 8 and 13), 96 (from 20
//! and 5) and 100 (Z11 × Z3 × Z3 with ∞).

use super::starter::{Group, INFINITY, Starter};

/// A rotation for `v` players by the construction above, from `component` (the rotations
/// known for smaller counts): the first factorisation that works, preferring a cyclic group.
pub fn lifted_starter(v: u32, component: &dyn Fn(u32) -> Option<Starter>) -> Option<Starter> {
    if v % 4 > 1 || v < 20 {
        return None;
    }
    // v − 1 = q·p with ∞ (v = 4N), v = q·p without.
    let infinity = v.is_multiple_of(4);
    let total = if infinity { v - 1 } else { v };
    let mut found: Option<Starter> = None;
    for p in (5..total).filter(|p| p % 4 == 1 && total.is_multiple_of(*p)) {
        let q = total / p;
        if q < 5 || gcd(q, 6) != 1 || gcd(q, p) != 1 {
            continue;
        }
        let small = component(if infinity { q + 1 } else { q });
        let Some(small) = small.filter(|s| s.group == Group::Cyclic(q) && s.infinity == infinity) else {
            continue;
        };
        let Some(big) = component(p).filter(|s| !s.infinity && s.group.order() == p) else {
            continue;
        };
        if let Some(starter) = combine(&small, &big) {
            let cyclic = matches!(starter.group, Group::Cyclic(_));
            if cyclic {
                return Some(starter);
            }
            found = found.or(Some(starter));
        }
    }
    found
}

/// The starter over Z(q) × G from the q-part `small` (over Z(q)) and `big` (over G).
fn combine(small: &Starter, big: &Starter) -> Option<Starter> {
    let q = small.group.order();
    let p = big.group.order();
    let group = match big.group {
        Group::Cyclic(_) => Group::Cyclic(q.checked_mul(p)?),
        Group::Product(moduli) => {
            let mut factors = vec![u16::try_from(q).ok()?];
            factors.extend(moduli.iter().copied().filter(|&m| m > 1));
            Group::product(&factors)?
        }
    };
    // (a, y) as an element of `group`.
    let element = |a: u32, y: u32| -> u32 {
        match group {
            // The x ≡ a (mod q), x ≡ y (mod p) of Z(qp).
            Group::Cyclic(_) => (0..p).map(|k| a + k * q).find(|x| x % p == y).unwrap_or(0),
            Group::Product(_) => {
                // G's digits (its unused factors of order 1 come last) after q's.
                let yd = big.group.digits(y);
                let used = match big.group {
                    Group::Product(m) => m.iter().filter(|&&m| m > 1).count(),
                    Group::Cyclic(_) => 0,
                };
                let mut digits = [0u32; 4];
                digits[0] = a;
                digits[1..=used].copy_from_slice(&yd[..used]);
                group.from_digits(digits)
            }
        }
    };
    let lift = |a: u32| if a == INFINITY { INFINITY } else { element(a, 0) };
    let mut tables: Vec<[u32; 4]> = small.tables.iter().map(|t| t.map(lift)).collect();
    for t in 0..q {
        for table in &big.tables {
            tables.push(std::array::from_fn(|i| element((i as u32 + 1) * t % q, table[i])));
        }
    }
    Some(Starter {
        group,
        infinity: small.infinity,
        tables,
        sit_out: small.sit_out.iter().map(|&a| element(a, 0)).collect(),
    })
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;
    use crate::whist::plan::complete_starter;
    use crate::whist::{full_cycle, numbered_names};

    fn known(n: u32) -> Option<Starter> {
        complete_starter(n as usize, false).map(|(s, _)| s)
    }

    #[test]
    fn lifted_rotations_are_complete() {
        // 36 = 7·5 + 1 (cyclic), 64 = 7·9 + 1 (Z7×Z3×Z3), 92 = 7·13 + 1, 96 = 19·5 + 1,
        // 100 = 11·9 + 1, and 105 = 5·21 without ∞.
        for (v, cyclic) in [
            (36, true),
            (64, false),
            (92, true),
            (96, true),
            (100, false),
            (105, true),
        ] {
            let starter = lifted_starter(v, &known).unwrap_or_else(|| panic!("{v}"));
            assert_eq!(starter.players(), v as usize);
            assert_eq!(matches!(starter.group, Group::Cyclic(_)), cyclic, "{v}");
            let report = verify(&full_cycle(&starter, numbered_names(&starter), false));
            assert!(
                report.is_valid(),
                "{v}: {:?}",
                &report.violations[..report.violations.len().min(3)]
            );
        }
    }

    /// Every count up to 400 the construction serves (where the table and the other
    /// constructions have nothing) is a complete rotation, and directed where it says so.
    #[test]
    fn every_lifted_rotation_to_400_is_complete() {
        let mut lifted = Vec::new();
        for v in (20..=400u32).filter(|v| v % 4 <= 1) {
            let Some((starter, origin)) = complete_starter(v as usize, false) else {
                continue;
            };
            if !origin.contains("smaller rotations") {
                continue;
            }
            assert_eq!(starter.players(), v as usize);
            let report = verify(&full_cycle(&starter, numbered_names(&starter), false));
            assert!(
                report.is_valid(),
                "{v}: {:?}",
                &report.violations[..report.violations.len().min(3)]
            );
            if let Some((directed, _)) = complete_starter(v as usize, true) {
                let report = verify(&full_cycle(&directed, numbered_names(&directed), true));
                assert!(
                    report.is_valid(),
                    "{v} directed: {:?}",
                    &report.violations[..report.violations.len().min(3)]
                );
            }
            lifted.push(v);
        }
        // 336, 345 and 356 among them, from 5 and the table's 68, 69 and 72; 64, 92, 96 and 100
        // play the published starters now (their lifted rotations are checked above).
        assert_eq!(lifted.len(), 36, "{lifted:?}");
    }

    #[test]
    fn factors_divisible_by_three_are_not_used() {
        // 76 = 75 + 1 = 3·25 + 1 or 15·5 + 1: q has the factor 3.
        assert!(lifted_starter(76, &known).is_none());
    }
}
