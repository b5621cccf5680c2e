//! Transversal designs, for the four-group whist construction (`four_groups.rs`).
//!
//! A transversal design TD(k, n) has k groups of n points and blocks of k points, one from
//! each group, such that any two points of different groups lie in exactly one block. It is
//! *resolvable*, an RTD(k, n), when its n² blocks split into n parallel classes of n blocks,
//! each class covering every point once. Here a block is written as its k coordinates, the
//! point's number (0..n) within each group.
//!
//! Two constructions, both standard (see e.g. the Handbook of Combinatorial Designs, 2nd ed.,
//! chapter III.3, for the theorems; the code is written from them, not copied):
//! - **Over a ring** R = GF(q₁) × … × GF(q_r) with n = q₁⋯q_r and every q_j ≥ k: pick k
//!   elements λ_i whose pairwise differences are units (the constant i in every field).
//!   Block (a, b) is (a + λ_i·b)_i; fixing b gives a parallel class. Two points (i, x) and
//!   (j, y) meet only in the block with (λ_i − λ_j)·b = x − y, and a = x − λ_i·b.
//! - **Wilson's construction**: from a TD(k+1, t), a TD(k, m), a TD(k, m+1) and a TD(k, u)
//!   with 0 ≤ u ≤ t, a TD(k, m·t + u) (`wilson`).
//!
//! A TD(k+1, n) gives an RTD(k, n) (the blocks through each point of the last group form a
//! class) and an RTD(k, n) gives a TD(k+1, n) (a new group names the class).

/// A transversal design: `blocks[b][i]` is the point of group i in block b.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Td {
    pub k: usize,
    pub n: usize,
    pub blocks: Vec<Vec<u32>>,
}

/// A resolvable transversal design: `classes[c][b][i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rtd {
    pub k: usize,
    pub n: usize,
    pub classes: Vec<Vec<Vec<u32>>>,
}

/// `n` as prime powers (q = p^e, with p and e), smallest prime first; `None` for n < 2.
fn prime_powers(n: usize) -> Option<Vec<(usize, usize, u32)>> {
    if n < 2 {
        return None;
    }
    let mut rest = n;
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= rest {
        if rest.is_multiple_of(p) {
            let (mut q, mut e) = (1, 0);
            while rest.is_multiple_of(p) {
                rest /= p;
                q *= p;
                e += 1;
            }
            out.push((q, p, e));
        }
        p += 1;
    }
    if rest > 1 {
        out.push((rest, rest, 1));
    }
    Some(out)
}

/// The finite field with q = p^e elements as addition and multiplication tables. Elements
/// are polynomials over Z(p) of degree < e, written in base p (digit i is the coefficient
/// of x^i); multiplication is modulo a primitive polynomial found by trying them in turn.
#[derive(Debug, Clone)]
pub struct Field {
    pub q: usize,
    add: Vec<u16>,
    mul: Vec<u16>,
}

impl Field {
    /// The field of order `q`, for a prime power q ≤ 256; `None` otherwise.
    pub fn new(q: usize) -> Option<Field> {
        let powers = prime_powers(q)?;
        let [(_, p, e)] = powers[..] else {
            return None;
        };
        if q > 256 {
            return None;
        }
        let digits = |mut x: usize| -> Vec<usize> {
            (0..e)
                .map(|_| {
                    let d = x % p;
                    x /= p;
                    d
                })
                .collect()
        };
        let number = |d: &[usize]| d.iter().rev().fold(0, |acc, &c| acc * p + c);
        let mut add = vec![0u16; q * q];
        for a in 0..q {
            for b in 0..q {
                let (da, db) = (digits(a), digits(b));
                let sum: Vec<usize> = da.iter().zip(&db).map(|(x, y)| (x + y) % p).collect();
                add[a * q + b] = number(&sum) as u16;
            }
        }
        // x·a modulo the monic f = x^e + Σ f_i x^i (f given by its low coefficients).
        let times_x = |a: usize, f: &[usize]| -> usize {
            let d = digits(a);
            let top = d[e as usize - 1];
            let mut shifted = vec![0; e as usize];
            for i in (1..e as usize).rev() {
                shifted[i] = d[i - 1];
            }
            for i in 0..e as usize {
                shifted[i] = (shifted[i] + (p - f[i]) * top) % p;
            }
            number(&shifted)
        };
        // The powers of x: a primitive f makes x generate all q − 1 non-zero elements.
        let exp = (0..q).find_map(|code| {
            let f = digits(code);
            let mut powers = Vec::with_capacity(q - 1);
            let mut a = 1;
            for _ in 0..q - 1 {
                powers.push(a);
                a = if e == 1 {
                    a * primitive_root_mod(p) % p
                } else {
                    times_x(a, &f)
                };
            }
            let mut seen = vec![false; q];
            let distinct = powers
                .iter()
                .all(|&x| x != 0 && !std::mem::replace(&mut seen[x], true));
            (distinct && a == 1).then_some(powers)
        })?;
        let mut log = vec![0usize; q];
        for (i, &x) in exp.iter().enumerate() {
            log[x] = i;
        }
        let mut mul = vec![0u16; q * q];
        for a in 1..q {
            for b in 1..q {
                mul[a * q + b] = exp[(log[a] + log[b]) % (q - 1)] as u16;
            }
        }
        Some(Field { q, add, mul })
    }

    pub fn add(&self, a: u32, b: u32) -> u32 {
        self.add[a as usize * self.q + b as usize] as u32
    }

    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.q + b as usize] as u32
    }
}

/// The smallest primitive root of the prime p (p small).
fn primitive_root_mod(p: usize) -> usize {
    if p == 2 {
        return 1;
    }
    (2..p)
        .find(|&w| {
            let mut x = 1;
            (1..p - 1).all(|_| {
                x = x * w % p;
                x != 1
            })
        })
        .unwrap_or(1)
}

/// An RTD(k, n) over the product of fields whose orders multiply to n, when every prime-power
/// factor of n is at least k (n = 1: one block); `None` otherwise.
pub fn ring_rtd(k: usize, n: usize) -> Option<Rtd> {
    if n == 1 {
        return Some(Rtd {
            k,
            n,
            classes: vec![vec![vec![0; k]]],
        });
    }
    let powers = prime_powers(n)?;
    if powers.iter().any(|&(q, _, _)| q < k) {
        return None;
    }
    let fields: Vec<Field> = powers
        .iter()
        .map(|&(q, _, _)| Field::new(q))
        .collect::<Option<_>>()?;
    // Mixed radix: the first field is the most significant digit.
    let split = |mut x: u32| -> Vec<u32> {
        let mut d = vec![0; fields.len()];
        for (j, f) in fields.iter().enumerate().rev() {
            d[j] = x % f.q as u32;
            x /= f.q as u32;
        }
        d
    };
    let join = |d: &[u32]| d.iter().zip(&fields).fold(0, |acc, (&c, f)| acc * f.q as u32 + c);
    let point = |i: usize, a: u32, b: u32| -> u32 {
        let (da, db) = (split(a), split(b));
        let d: Vec<u32> = fields
            .iter()
            .enumerate()
            .map(|(j, f)| f.add(da[j], f.mul(i as u32, db[j])))
            .collect();
        join(&d)
    };
    let classes = (0..n as u32)
        .map(|b| {
            (0..n as u32)
                .map(|a| (0..k).map(|i| point(i, a, b)).collect())
                .collect()
        })
        .collect();
    Some(Rtd { k, n, classes })
}

impl Rtd {
    /// The TD(k+1, n) whose last group names the parallel class.
    pub fn to_td(&self) -> Td {
        let blocks = self
            .classes
            .iter()
            .enumerate()
            .flat_map(|(c, class)| {
                class.iter().map(move |block| {
                    let mut b = block.clone();
                    b.push(c as u32);
                    b
                })
            })
            .collect();
        Td {
            k: self.k + 1,
            n: self.n,
            blocks,
        }
    }
}

impl Td {
    /// The RTD(k−1, n): the blocks through point c of the last group, without it, are class c.
    pub fn resolve(&self) -> Rtd {
        let mut classes = vec![Vec::with_capacity(self.n); self.n];
        for block in &self.blocks {
            let (last, rest) = block.split_last().expect("k ≥ 2");
            classes[*last as usize].push(rest.to_vec());
        }
        Rtd {
            k: self.k - 1,
            n: self.n,
            classes,
        }
    }

    /// The same design with the points of each group renamed so that some block is
    /// (s, s, …, s): the first block's point in each group swaps names with s.
    fn with_constant_block(&self, s: u32) -> Td {
        let first = self.blocks[0].clone();
        let rename = |i: usize, x: u32| {
            if x == first[i] {
                s
            } else if x == s {
                first[i]
            } else {
                x
            }
        };
        Td {
            k: self.k,
            n: self.n,
            blocks: self
                .blocks
                .iter()
                .map(|b| b.iter().enumerate().map(|(i, &x)| rename(i, x)).collect())
                .collect(),
        }
    }
}

/// A TD(k, n) from the ring construction alone (n = 1: one block).
fn ring_td(k: usize, n: usize) -> Option<Td> {
    ring_rtd(k - 1, n).map(|r| r.to_td())
}

/// Wilson's construction of a TD(k, m·t + u) from a TD(k+1, t), TD(k, m), TD(k, m+1) and
/// TD(k, u), 0 ≤ u ≤ t. Keep u points of the last group of the TD(k+1, t). Every point of
/// the other groups becomes m points; each kept point p becomes one new point ∞_p in every
/// group. A block missing the kept points carries a TD(k, m) on its k·m points; a block
/// through a kept point p carries a TD(k, m+1) on its k·m points and the k points ∞_p, less
/// the one block made of the ∞_p (which the TD(k, u) on the new points covers instead).
pub fn wilson(big: &Td, small: &Td, larger: &Td, extra: Option<&Td>, u: usize) -> Option<Td> {
    let (k, t, m) = (small.k, big.n, small.n);
    let extra_ok = match extra {
        None => u == 0,
        Some(e) => e.n == u && e.k == k,
    };
    if big.k != k + 1 || larger.k != k || larger.n != m + 1 || u > t || !extra_ok {
        return None;
    }
    let mt = (m * t) as u32;
    let larger = larger.with_constant_block(m as u32);
    let mut blocks = Vec::new();
    for block in &big.blocks {
        let kept = (block[k] as usize) < u;
        let source = if kept { &larger } else { small };
        for inner in &source.blocks {
            if kept && inner.iter().all(|&s| s == m as u32) {
                continue;
            }
            blocks.push(
                (0..k)
                    .map(|i| {
                        if inner[i] == m as u32 {
                            mt + block[k]
                        } else {
                            block[i] * m as u32 + inner[i]
                        }
                    })
                    .collect(),
            );
        }
    }
    if let Some(extra) = extra {
        blocks.extend(extra.blocks.iter().map(|b| b.iter().map(|&x| mt + x).collect()));
    }
    Some(Td {
        k,
        n: m * t + u,
        blocks,
    })
}

/// A TD(k, n): the ring construction when it applies, otherwise Wilson's with the smallest
/// m ≥ 4 whose parts all come from the ring construction.
pub fn td(k: usize, n: usize) -> Option<Td> {
    if let Some(td) = ring_td(k, n) {
        return Some(td);
    }
    for m in 4..n {
        let (Some(small), Some(larger)) = (ring_td(k, m), ring_td(k, m + 1)) else {
            continue;
        };
        for t in (k..=n / m).rev() {
            let u = n - m * t;
            if u > t {
                break;
            }
            let Some(big) = ring_td(k + 1, t) else {
                continue;
            };
            let extra = if u == 0 { None } else { ring_td(k, u) };
            if u > 0 && extra.is_none() {
                continue;
            }
            if let Some(found) = wilson(&big, &small, &larger, extra.as_ref(), u) {
                return Some(found);
            }
        }
    }
    None
}

/// An RTD(4, n), the input of the four-group construction: over a ring when n's prime-power
/// factors are all at least 4, otherwise from a TD(5, n) by Wilson's construction.
pub fn resolvable_four(n: usize) -> Option<Rtd> {
    ring_rtd(4, n).or_else(|| td(5, n).map(|t| t.resolve()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Independent check of a TD: sizes, and every pair of points in different groups in
    /// exactly one block.
    fn is_td(td: &Td) -> bool {
        let (k, n) = (td.k, td.n);
        if td.blocks.len() != n * n
            || td
                .blocks
                .iter()
                .any(|b| b.len() != k || b.iter().any(|&x| x as usize >= n))
        {
            return false;
        }
        let mut seen = vec![0u8; k * k * n * n];
        for b in &td.blocks {
            for i in 0..k {
                for j in i + 1..k {
                    seen[((i * k + j) * n + b[i] as usize) * n + b[j] as usize] += 1;
                }
            }
        }
        (0..k).all(|i| (i + 1..k).all(|j| (0..n * n).all(|xy| seen[(i * k + j) * n * n + xy] == 1)))
    }

    fn is_rtd(rtd: &Rtd) -> bool {
        let classes_ok = rtd.classes.len() == rtd.n
            && rtd.classes.iter().all(|class| {
                class.len() == rtd.n
                    && (0..rtd.k).all(|i| {
                        let mut hit = vec![false; rtd.n];
                        class
                            .iter()
                            .all(|b| !std::mem::replace(&mut hit[b[i] as usize], true))
                    })
            });
        classes_ok && is_td(&rtd.to_td().resolve().to_td())
    }

    #[test]
    fn fields_have_inverses_and_distribute() {
        for q in [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32, 49, 64, 81, 121, 125, 128] {
            let f = Field::new(q).unwrap();
            for a in 1..q as u32 {
                assert_eq!(
                    (1..q as u32).filter(|&b| f.mul(a, b) == 1).count(),
                    1,
                    "GF({q}): {a}"
                );
                assert_eq!(f.add(a, 0), a);
            }
            for a in 0..q.min(20) as u32 {
                for b in 0..q.min(20) as u32 {
                    for c in 0..q.min(20) as u32 {
                        assert_eq!(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)), "GF({q})");
                    }
                }
            }
        }
        assert!(Field::new(6).is_none() && Field::new(12).is_none());
    }

    #[test]
    fn ring_designs_where_every_prime_power_is_large_enough() {
        for n in [4, 5, 7, 8, 9, 16, 20, 25, 28, 35, 44] {
            let rtd = ring_rtd(4, n).unwrap();
            assert!(is_rtd(&rtd), "RTD(4, {n})");
        }
        // 3 is too small a field for four groups; 12 and 21 have a factor 3.
        assert!(ring_rtd(4, 3).is_none() && ring_rtd(4, 12).is_none() && ring_rtd(4, 21).is_none());
        assert!(is_td(&ring_td(6, 5).unwrap()), "TD(6, 5)");
    }

    #[test]
    fn wilson_fills_the_sizes_the_ring_misses() {
        for n in [21, 33, 48, 57, 60, 96] {
            assert!(ring_rtd(4, n).is_none(), "{n}");
            let td = td(5, n).unwrap_or_else(|| panic!("TD(5, {n})"));
            assert!(is_td(&td), "TD(5, {n})");
            let rtd = resolvable_four(n).unwrap();
            assert!(is_rtd(&rtd), "RTD(4, {n})");
        }
        // No TD(5, n) for n = 2, 3, 6; 10 is open (three MOLS of order 10).
        for n in [2, 3, 6, 10] {
            assert!(resolvable_four(n).is_none(), "{n}");
        }
    }

    #[test]
    fn a_broken_design_is_caught_by_the_check() {
        let mut rtd = ring_rtd(4, 5).unwrap();
        rtd.classes[1][0][2] = rtd.classes[1][1][2];
        assert!(!is_rtd(&rtd));
    }
}
