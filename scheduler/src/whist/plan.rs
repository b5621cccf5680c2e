//! From a roster to an evening's whist schedule.
//!
//! The rotation has one position per player (a group element, plus ∞ for the stationary
//! seat when the count is a multiple of four). Counts that are not 0 or 1 mod 4 get two or
//! three *sit-out seats* spread evenly round the cycle — the phantoms' table: whoever reaches
//! one sits that round out. Since every moving player passes every position once a cycle,
//! any run of consecutive rounds shares the sit-outs to within one and nobody sits out two
//! rounds running.
//!
//! Couples are seated as partners in round 0, the pseudo round, which is never played; since
//! every pair partners exactly once a cycle, couples then never partner in the rounds played.

use super::algebra::{orbit_starter, product_starter};
use super::blocks;
use super::four_groups;
use super::listed::Listed;
use super::never_partner::{Rules, place_apart};
use super::orientation::{orient, side_penalty};
use super::search::{StarterSpec, search_starter};
use super::small;
use super::starter::{Group, INFINITY, Starter};
use super::{whist_round, whist_schedule_of};
use crate::model::{Promise, Roster, Round, Schedule};
use crate::round_robin::thousands;
use crate::solver::Control;
use std::fmt;
use std::ops::Range;
use std::time::Duration;

/// What the organiser asks of a whist evening beyond the roster.
#[derive(Debug, Clone, Default)]
pub struct WhistOptions {
    /// Rounds to play; `None` plays the whole cycle (less the pseudo round with couples).
    pub rounds: Option<usize>,
    /// Ask for directed seating (each other player once on your left, once on your right).
    pub directed: bool,
    /// Seed for the starter search, so a schedule can be reproduced.
    pub seed: u64,
    /// Extra pairs (roster indices) who must not partner tonight, beyond couples.
    pub never_partner: Vec<(usize, usize)>,
    /// How couples and the never-partner pairs are kept apart: never partners (the default),
    /// or never at the same table at all (an evening shorter than the cycle only).
    pub apart: KeepApart,
}

/// How couples and never-partner pairs are kept apart tonight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeepApart {
    /// They never partner, but may be opponents: what a whole cycle allows, since in it every
    /// two players meet at a table.
    #[default]
    NeverPartners,
    /// They never sit at the same table, as partners or as opponents: for an evening shorter
    /// than the cycle, when the rotation's rounds allow it.
    NeverAtTable,
}

impl KeepApart {
    /// Both choices, in the order the window and the command line list them.
    pub const ALL: [KeepApart; 2] = [KeepApart::NeverPartners, KeepApart::NeverAtTable];

    /// The name typed on the command line (`--couples never-at-table`).
    pub fn name(self) -> &'static str {
        match self {
            KeepApart::NeverPartners => "never-partners",
            KeepApart::NeverAtTable => "never-at-table",
        }
    }

    /// In words, for the window and the notes.
    pub fn label(self) -> &'static str {
        match self {
            KeepApart::NeverPartners => "never partners",
            KeepApart::NeverAtTable => "never at the same table",
        }
    }

    /// Reads a name typed on the command line.
    pub fn parse(text: &str) -> Option<KeepApart> {
        KeepApart::ALL.into_iter().find(|k| k.name() == text.trim())
    }
}

/// Why no whist schedule was made; the message says what the organiser can do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhistError {
    /// Fewer than four players, the number on the roster: not even one table.
    TooFewPlayers(usize),
    /// More than `MAX_PLAYERS`: refused before anything is built.
    TooManyPlayers(usize),
    /// No rounds asked for; `available` is the full rotation.
    NoRounds {
        /// The rounds of the full rotation.
        available: usize,
    },
    /// More rounds asked than the players can play before a partnership repeats.
    TooManyRounds {
        /// The rounds asked for.
        asked: usize,
        /// The most rounds these players can play.
        available: usize,
    },
    /// `rounds` counts the pseudo round when there is one; `cycle` is the rotation's length;
    /// `shorter` an evening length that was found at once instead, when one was.
    NoStarter {
        /// The number of players.
        players: usize,
        /// The rounds searched for, the pseudo round included.
        rounds: usize,
        /// The rounds of the players' full rotation.
        cycle: usize,
        /// The repeats the best attempt still had (the search's cost).
        surplus: i64,
        /// A shorter evening found at once, in rounds; `None` when none was.
        shorter: Option<usize>,
    },
    /// Never-partner pairs that no placement keeps apart, by name, with the reason.
    NeverPartner {
        /// The pairs, by the players' names.
        pairs: Vec<(String, String)>,
        /// Why no placement keeps them apart, in a sentence for the organiser.
        reason: String,
    },
    /// Couples or never-partner pairs asked to be kept at separate tables that no placement
    /// keeps apart over the rounds asked, by name, with the reason.
    ApartAtTable {
        /// The pairs, by the players' names.
        pairs: Vec<(String, String)>,
        /// Why, in a sentence for the organiser.
        reason: String,
    },
}

impl fmt::Display for WhistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhistError::TooFewPlayers(n) => write!(f, "whist needs at least 4 players, but there are {n}"),
            WhistError::TooManyPlayers(n) => write!(
                f,
                "a whist or bridge individual of {n} players would need {} tables a round; Tourney makes \
                 these schedules for up to {} players",
                n / 4,
                thousands(MAX_PLAYERS)
            ),
            WhistError::NoRounds { available } => write!(
                f,
                "0 rounds asked: give at least 1 round (the full rotation has {available})"
            ),
            WhistError::TooManyRounds { asked, available } => write!(
                f,
                "{asked} rounds asked, but {available} is the most these players can play before partnerships repeat"
            ),
            WhistError::NeverPartner { pairs, reason } => {
                let listed: Vec<String> = pairs.iter().map(|(a, b)| format!("{a} & {b}")).collect();
                write!(
                    f,
                    "these pairs cannot all be kept from partnering: {}; {reason}",
                    listed.join(", ")
                )
            }
            WhistError::ApartAtTable { pairs, reason } => {
                let listed: Vec<String> = pairs.iter().map(|(a, b)| format!("{a} & {b}")).collect();
                write!(
                    f,
                    "these pairs cannot all be kept at separate tables: {}; {reason}",
                    listed.join(", ")
                )
            }
            WhistError::NoStarter {
                players,
                rounds,
                cycle,
                surplus,
                shorter,
            } => {
                let offer = match shorter {
                    Some(k) => format!("play fewer rounds ({k} rounds were found at once)"),
                    None => "play fewer rounds".to_string(),
                };
                // Exactly the whole cycle (a small field may ask for more, built round by round).
                if rounds == cycle {
                    write!(
                        f,
                        "Tourney has no complete rotation for {players} players yet, and the search found none in \
                         the time allowed (the best attempt still has {surplus} repeat(s)); {offer}"
                    )
                } else {
                    write!(
                        f,
                        "no rotation for {players} players over {rounds} rounds was found in the time allowed (the \
                         best attempt still has {surplus} repeat(s)); allow more time, or {offer}"
                    )
                }
            }
        }
    }
}

impl std::error::Error for WhistError {}

/// How the rotation was obtained and what it guarantees, for the organiser.
#[derive(Debug, Clone, Default)]
pub struct WhistNotes {
    /// Sentences for the organiser: the players, tables and rotation used, how couples and
    /// never-partner pairs were kept apart, what the seating guarantees.
    pub messages: Vec<String>,
    /// Whether the seating came out directed: nobody has the same opponent on the same side
    /// twice (the schedule's promise says so too).
    pub directed: bool,
    /// With --directed where fully directed seating is impossible: the side penalty left.
    pub side_penalty: Option<usize>,
}

/// A complete rotation for `n` players (everyone partners everyone once over the cycle):
/// a construction, a published starter, or the shipped table. `None` when none has one.
pub fn complete_starter(n: usize, directed: bool) -> Option<(Starter, &'static str)> {
    if n % 4 == 1
        && let Some(starter) = orbit_starter(n as u32)
    {
        return Some((starter, "algebraic construction"));
    }
    // Published 1-rotational starters come before the product and four-group rotations:
    // players just move on one place.
    if let Some(found) = super::published::published(n)
        .filter(|s| !directed || starter_is_directed(s))
        .map(|s| (s, super::published::SOURCE))
    {
        return Some(found);
    }
    if let Some(starter) = product_starter(n as u32) {
        return Some((starter, "algebraic construction over a product group"));
    }
    if let Some(found) = super::table::shipped(n)
        .filter(|s| !directed || starter_is_directed(s))
        .map(|s| (s, "shipped starter table"))
    {
        return Some(found);
    }
    let component = |m: u32| complete_starter(m as usize, false).map(|(s, _)| s);
    super::lift::lifted_starter(u32::try_from(n).ok()?, &component)
        .filter(|s| !directed || starter_is_directed(s))
        .map(|s| (s, "product construction from smaller rotations"))
}

/// How the four-group rotations are described in the notes.
const FOUR_GROUPS: &str = "four groups, each playing the rotation for a quarter of the players, and a \
                           transversal design across them";

/// How the rotations built from blocks are described in the notes.
const BLOCKS: &str = "blocks of players, each playing its own smaller rotation, every pair in one block";

/// A complete rotation for `n` players that no starter gives, listed round by round: four
/// groups (`four_groups.rs`, 4N) or blocks (`blocks.rs`, 4N+1). `None` wherever a starter is
/// known (cyclic and 1-rotational rotations are preferred: an organiser can run them by hand).
pub fn listed_complete(n: usize) -> Option<Listed> {
    if complete_starter(n, false).is_some() {
        return None;
    }
    // Blocks keep their rotations' seats, so directed blocks make a directed whole.
    let directed_first = |k: usize| {
        complete_starter(k, true)
            .or_else(|| complete_starter(k, false))
            .map(|(s, _)| Listed::from_starter(&s, true))
    };
    four_group_rotation(n).or_else(|| blocks::rotation(n, &directed_first))
}

/// The four-group rotation for `n` players (`four_groups.rs`), whether or not a starter is
/// known for `n`.
pub(crate) fn four_group_rotation(n: usize) -> Option<Listed> {
    let component = |g: usize| complete_starter(g, false).map(|(s, _)| Listed::from_starter(&s, true));
    four_groups::rotation(n, &component).map(|(listed, _)| listed)
}

/// Whether a complete rotation for `n` players is known: a starter, or one listed round by
/// round.
pub fn has_complete_rotation(n: usize) -> bool {
    complete_starter(n, false).is_some() || listed_complete(n).is_some()
}

/// The listed rotation for an evening, when `n` has one: the whole cycle or its first rounds.
/// A directed evening shorter than the cycle is searched for first (briefly) unless the listed
/// rotation is directed already, since otherwise it is only made almost directed afterwards.
fn listed_rotation(
    n: usize,
    rounds: usize,
    pseudo: bool,
    options: &WhistOptions,
    control: &Control,
) -> Option<(Listed, &'static str)> {
    let (listed, origin) = match listed_complete(n) {
        Some(listed) if n % 4 == 1 => (listed, BLOCKS),
        Some(listed) => (listed, FOUR_GROUPS),
        // One short of a multiple of four: the listed rotation for one more, one seat empty,
        // its rounds ordered so that the evening's sit-outs are fair.
        None if n % 4 == 3 && !options.directed && complete_starter(n, false).is_none() => {
            let played = usize::from(pseudo)..usize::from(pseudo) + rounds;
            // A starter for one more whose rounds, multiplied through, share the sit-outs
            // fairly is simpler to run (`starter_for`); otherwise its rounds are reordered here.
            let fair_starter = padded_starter(n).and_then(|p| fair_multiple(&p, played.clone()));
            if fair_starter.is_some() {
                return None;
            }
            // The rotations for one more: its starter listed, then the four groups (whose
            // sit-outs order fairly for lengths a cyclic one cannot, e.g. 79 over 52 rounds).
            let starter = complete_starter(n + 1, false)
                .filter(|(s, _)| s.infinity)
                .map(|(s, _)| Listed::from_starter(&s, true));
            let fulls = [listed_complete(n + 1), starter, four_group_rotation(n + 1)];
            // Which seat is left empty matters a little (79 over 25 rounds: 76 of the 80 work).
            let padded = fulls.into_iter().flatten().find_map(|full| {
                let first = full.stationary.unwrap_or(0);
                [first, 1, 2, 3]
                    .into_iter()
                    .find_map(|empty| full.without(empty).fairly_ordered(played.clone(), options.seed))
            })?;
            (padded, "the rotation for one more player, with one seat empty")
        }
        None => return None,
    };
    if options.directed && rounds + usize::from(pseudo) < listed.cycle_length() && !listed.is_directed() {
        let brief = control.capped(Duration::from_secs(5));
        if let Ok((starter, origin)) = starter_for(n, rounds, pseudo, true, options.seed, &brief) {
            return Some((Listed::from_starter(&starter, false), origin));
        }
    }
    Some((listed, origin))
}

/// For 4N+3 players: the complete rotation for 4N+4 with its stationary seat left empty. The
/// three who would sit at that seat's table sit the round out, so over the cycle each player
/// sits out three times and still partners every other player once and opposes them twice.
pub fn padded_starter(n: usize) -> Option<Starter> {
    if n % 4 != 3 {
        return None;
    }
    let (full, _) = complete_starter(n + 1, false)?;
    if !full.infinity {
        return None;
    }
    let mut tables = full.tables.clone();
    let at = tables.iter().position(|t| t.contains(&INFINITY))?;
    let empty = tables.remove(at);
    let mut sit_out: Vec<u32> = empty.into_iter().filter(|&x| x != INFINITY).collect();
    sit_out.sort_unstable();
    Some(Starter {
        group: full.group,
        infinity: false,
        tables,
        sit_out,
    })
}

/// `starter` with every label multiplied by the unit m of Z_g (over a product of groups: by a
/// unit of each factor, digit by digit) that spreads its sit-out seats most fairly over the
/// rounds `played` (within one of each other, fewest players sitting out twice running).
/// Multiplying by a unit is an automorphism of the group: it permutes the non-zero
/// differences, so each still occurs as often as before and the rotation stays valid. `None`
/// when no multiplier keeps the sit-outs within one.
pub fn fair_multiple(starter: &Starter, played: Range<usize>) -> Option<Starter> {
    let group = starter.group;
    // The modulus of each digit (`Group::digits`: a cyclic group's element is digit 3).
    let moduli: [u32; 4] = match group {
        Group::Cyclic(g) => [1, 1, 1, g],
        Group::Product(m) => m.map(u32::from),
    };
    let times = |x: u32, m: [u32; 4]| {
        if x == INFINITY {
            return INFINITY;
        }
        let d = group.digits(x);
        group.from_digits(std::array::from_fn(|i| {
            ((d[i] as u64 * m[i] as u64) % moduli[i].max(1) as u64) as u32
        }))
    };
    let units = |m: u32| -> Vec<u32> { (1..m.max(2)).filter(|&u| gcd(u, m.max(1)) == 1).collect() };
    let mut multipliers: Vec<[u32; 4]> = vec![[1; 4]];
    for (i, &m) in moduli.iter().enumerate() {
        multipliers = multipliers
            .into_iter()
            .flat_map(|base| {
                units(m).into_iter().map(move |u| {
                    let mut next = base;
                    next[i] = u;
                    next
                })
            })
            .collect();
    }
    let best = multipliers
        .into_iter()
        .filter_map(|m| {
            let seats: Vec<u32> = starter.sit_out.iter().map(|&x| times(x, m)).collect();
            sit_out_quality(&seats, group, played.clone(), false).map(|back_to_back| (back_to_back, m))
        })
        .min()?;
    let m = best.1;
    Some(Starter {
        group,
        infinity: starter.infinity,
        tables: starter.tables.iter().map(|t| t.map(|x| times(x, m))).collect(),
        sit_out: starter.sit_out.iter().map(|&x| times(x, m)).collect(),
    })
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The most players a whist or bridge individual is made for: clubs seat a few hundred at
/// most (the shipped starter table stops at 400); larger fields are refused up front.
pub const MAX_PLAYERS: usize = 1000;

/// How long a search may run when the caller set no time limit.
const DEFAULT_SEARCH_TIME: Duration = Duration::from_secs(20);

/// The rotation for `n` players and an evening of `rounds` rounds (after the pseudo round,
/// when there is one): a complete one when known, otherwise one searched for just that
/// evening.
pub fn starter_for(
    n: usize,
    rounds: usize,
    pseudo: bool,
    directed: bool,
    seed: u64,
    control: &Control,
) -> Result<(Starter, &'static str), WhistError> {
    if let Some(found) = complete_starter(n, directed) {
        return Ok(found);
    }
    // One short of a multiple of four: the complete rotation for one more, multiplied through
    // so its sit-outs stay fair over the rounds played.
    if !directed
        && let Some(padded) = padded_starter(n)
            .and_then(|p| fair_multiple(&p, usize::from(pseudo)..rounds + usize::from(pseudo)))
    {
        return Ok((padded, "the rotation for one more player, with one seat empty"));
    }
    // Fully directed seating cannot exist over the whole cycle with a stationary seat; the
    // complete rotation, oriented afterwards, is the best there is — no search needed.
    let cycle = n.saturating_sub(1);
    if directed
        && n.is_multiple_of(4)
        && rounds + usize::from(pseudo) >= cycle
        && let Some(found) = complete_starter(n, false)
    {
        return Ok(found);
    }
    let spec = StarterSpec::for_evening(n, rounds + usize::from(pseudo), directed);
    search_for_evening(spec, n, rounds, pseudo, seed, control)
}

/// For a roster with a stationary player and a count that is not a multiple of four: the
/// nearest thing to the stationary seat. The rotation runs over the integers mod n − 1 plus
/// ∞ for the stationary player, with n mod 4 sit-out seats; fair as long as no mover sits out
/// twice in the rounds played (the stationary player never does).
pub fn stationary_starter(
    n: usize,
    rounds: usize,
    pseudo: bool,
    directed: bool,
    seed: u64,
    control: &Control,
) -> Result<(Starter, &'static str), WhistError> {
    let r = (n % 4) as u32;
    let g = n as u32 - 1;
    let spec = StarterSpec {
        g,
        infinity: true,
        tables: n / 4,
        sit_out: (0..r).map(|k| k * g / r.max(1)).collect(),
        directed,
        window: (rounds + usize::from(pseudo)) as u32,
    };
    search_for_evening(spec, n, rounds, pseudo, seed, control)
}

/// Searches `base` (trying other sit-out seatings when needed) for an evening of `rounds`.
fn search_for_evening(
    base: StarterSpec,
    n: usize,
    rounds: usize,
    pseudo: bool,
    seed: u64,
    control: &Control,
) -> Result<(Starter, &'static str), WhistError> {
    let directed = base.directed;
    // Fully directed seating cannot exist over the whole cycle with a stationary seat (the
    // left-hand differences would have to sum to a partner difference and to zero at once);
    // a complete rotation, oriented afterwards, is the best there is. A shorter evening is
    // searched directed.
    if directed
        && n.is_multiple_of(4)
        && rounds + usize::from(pseudo) >= n - 1
        && let Some(found) = complete_starter(n, false)
    {
        return Ok(found);
    }
    let mut control = control.or_time_limit(DEFAULT_SEARCH_TIME);
    if n <= small::MAX_PLAYERS {
        // Tiny rotations are settled in milliseconds when they exist; the round-by-round
        // builder takes over when they do not.
        control = control.capped(Duration::from_secs(2));
    }
    let control = &control;
    // The pseudo round must be repeat-free together with the rounds played.
    let window = rounds + usize::from(pseudo);
    let played = usize::from(pseudo)..window;
    // A stationary seat rules out directed seating only over the whole cycle.
    let mut base = base;
    base.window = (window as u32).min(base.g);
    base.directed = directed && !(base.infinity && base.window >= base.g);
    let origin = if base.window >= base.g {
        "search"
    } else {
        "search for this evening"
    };
    let candidates = sit_out_candidates(&base, played);
    // The evenly spread sit-out seats come first and get most of the time; the others are
    // tried briefly in turn when the first cannot be completed.
    let mut best_surplus = i64::MAX;
    for (index, sit_out) in candidates.iter().enumerate() {
        let share = if index == 0 {
            0.5
        } else {
            0.5 / (candidates.len() - 1).max(1) as f64
        };
        let spec = StarterSpec {
            sit_out: sit_out.clone(),
            ..base.clone()
        };
        let found = search_starter(&spec, seed, &control.share(share));
        if found.cost == 0 {
            return Ok((found.starter, origin));
        }
        best_surplus = best_surplus.min(found.cost);
        if control.should_stop() {
            break;
        }
    }
    // No directed rotation found: a complete undirected one, oriented afterwards, still
    // gives the evening asked for.
    if directed && let Some(found) = complete_starter(n, false) {
        return Ok(found);
    }
    Err(WhistError::NoStarter {
        players: n,
        rounds: window,
        cycle: base.g as usize,
        surplus: best_surplus,
        shorter: None,
    })
}

/// Sit-out seatings to try, fairest first: the evenly spread one, then every other seating
/// that still gives each player the same number of sit-outs to within one over the rounds
/// played, preferring those where nobody sits out two rounds running.
fn sit_out_candidates(spec: &StarterSpec, played: Range<usize>) -> Vec<Vec<u32>> {
    let g = spec.g;
    // The stationary player (∞) never sits out, so the movers may sit out at most once.
    let exempt = spec.infinity && !spec.sit_out.is_empty();
    let mut candidates = Vec::new();
    if sit_out_quality(&spec.sit_out, Group::Cyclic(g), played.clone(), exempt).is_some() {
        candidates.push(spec.sit_out.clone());
    }
    let extra: Vec<Vec<u32>> = match spec.sit_out.len() {
        2 => (1..=g / 2).map(|s| vec![0, s]).collect(),
        3 => {
            let (third, reach) = (g / 3, 3.min(g / 6));
            let mut sets = Vec::new();
            for s in third.saturating_sub(reach)..=third + reach {
                for t in (2 * g / 3).saturating_sub(reach)..=(2 * g / 3 + reach).min(g - 1) {
                    if 0 < s && s < t {
                        sets.push(vec![0, s, t]);
                    }
                }
            }
            sets
        }
        _ => Vec::new(),
    };
    let mut ranked: Vec<(usize, Vec<u32>)> = extra
        .into_iter()
        .filter(|set| set != &spec.sit_out)
        .filter_map(|set| {
            sit_out_quality(&set, Group::Cyclic(g), played.clone(), exempt)
                .map(|back_to_back| (back_to_back, set))
        })
        .collect();
    ranked.sort();
    candidates.extend(ranked.into_iter().take(12).map(|(_, set)| set));
    candidates
}

/// `None` when some player would sit out two more times than another over the rounds
/// played (counting an `exempt` stationary player who never does); otherwise how many players
/// sit out two rounds running.
fn sit_out_quality(set: &[u32], group: Group, played: Range<usize>, exempt: bool) -> Option<usize> {
    let g = group.order();
    let mut sat_out: Vec<Vec<u32>> = vec![Vec::new(); g as usize];
    // Rounds are the group's elements in order (`Group::elements`).
    for r in played.map(|r| r as u32 % g) {
        for &s in set {
            sat_out[group.add(s, r) as usize].push(r);
        }
    }
    let counts = sat_out.iter().map(Vec::len);
    let (most, fewest) = (counts.clone().max()?, if exempt { 0 } else { counts.min()? });
    (most - fewest <= 1).then(|| {
        sat_out
            .iter()
            .filter(|r| r.windows(2).any(|w| w[1] == w[0] + 1))
            .count()
    })
}

/// Whether a starter's seating is directed (checked from its differences, cheaply).
pub(crate) fn starter_is_directed(starter: &Starter) -> bool {
    let g = starter.group.order() as usize;
    // One counter per signed difference (0..g).
    let mut seen = vec![0u8; g.max(1)];
    let mut count = |from: u32, to: u32| {
        if from == INFINITY || to == INFINITY {
            return true;
        }
        let d = starter.group.sub(to, from) as usize;
        seen[d] += 1;
        seen[d] == 1
    };
    let mut ok = true;
    for t in &starter.tables {
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
            ok &= count(t[a], t[b]);
        }
    }
    ok
}

/// When the evening asked for was not found: the longest of a half, a third, a quarter and a
/// sixth of it that is found within a second each, to offer the organiser instead (a third
/// of the cycle took 0.01–0.5 s from 80 to 1,000 players in the release build). `None` when
/// cancelled or none of them is found.
fn shorter_evening(
    n: usize,
    rounds: usize,
    pseudo: bool,
    options: &WhistOptions,
    control: &Control,
) -> Option<usize> {
    for divisor in [2, 3, 4, 6] {
        let k = rounds / divisor;
        if k == 0 || control.is_cancelled() {
            return None;
        }
        let brief = control.extended(Duration::from_secs(1));
        if starter_for(n, k, pseudo, options.directed, options.seed, &brief).is_ok() {
            return Some(k);
        }
    }
    None
}

/// A small field's evening built round by round (`small::small_field`), with `note` for the
/// organiser; `(rounds, cycle)` as asked and the rotation's length, for the error.
fn built_directly(
    roster: &Roster,
    (rounds, cycle): (usize, usize),
    apart: &[(usize, usize)],
    control: &Control,
    note: String,
) -> Result<(Schedule, WhistNotes), WhistError> {
    let schedule =
        small::small_field(roster.names(), rounds, apart, control).ok_or(WhistError::NoStarter {
            players: roster.len(),
            rounds,
            cycle,
            surplus: 1,
            shorter: None,
        })?;
    let notes = WhistNotes {
        messages: vec![note],
        ..WhistNotes::default()
    };
    Ok((schedule, notes))
}

/// The evening's schedule for `roster`, with notes for the organiser.
pub fn whist_schedule(
    roster: &Roster,
    options: &WhistOptions,
    control: &Control,
) -> Result<(Schedule, WhistNotes), WhistError> {
    let n = roster.len();
    if n < 4 {
        return Err(WhistError::TooFewPlayers(n));
    }
    if n > MAX_PLAYERS {
        return Err(WhistError::TooManyPlayers(n));
    }
    let (at_table, apart_note) = at_separate_tables(roster, options);
    // Kept at separate tables, couples are placed like any pair kept apart: no pseudo round.
    let couples = if at_table { Vec::new() } else { roster.couples() };
    let pseudo = !couples.is_empty();
    let apart: Vec<(usize, usize)> = couples.iter().chain(&options.never_partner).copied().collect();
    let at_table_pairs: Vec<(usize, usize)> = if at_table {
        roster
            .couples()
            .into_iter()
            .chain(options.never_partner.iter().copied())
            .collect()
    } else {
        Vec::new()
    };
    let chosen = match stationary_rotation(roster, options, pseudo, control) {
        Some(chosen) => chosen,
        None => match cyclic_rotation(roster, options, &couples, pseudo, control)? {
            Evening::Rotation(chosen) => chosen,
            Evening::Built(built) => return built_apart(roster, *built, &at_table_pairs),
        },
    };
    let Chosen {
        rotation,
        origin,
        cycle,
        rounds,
    } = chosen;
    let mut notes = WhistNotes::default();
    notes.messages.push(format!(
        "{n} players, {} table(s) a round, {} rotation of {cycle} rounds ({origin}: {}); playing {rounds}",
        rotation.tables(),
        rotation.kind,
        rotation.how_players_move()
    ));

    notes.messages.extend(apart_note);
    let mut label_of = place_players(roster, &rotation, &couples, &mut notes);
    // With a pseudo round, round 0 is it and play starts at 1.
    let first = usize::from(pseudo);
    let played = first..first + rounds;
    if at_table {
        let pairs = Apart {
            pairs: &at_table_pairs,
            at_table: true,
        };
        label_of = keep_pairs_apart(roster, &rotation, played.clone(), label_of, pairs, control)?;
        notes.messages.push(format!(
            "never at the same table tonight, as partners or opponents: {}",
            roster.describe_pairs(&at_table_pairs)
        ));
    } else if !options.never_partner.is_empty() {
        let pairs = Apart {
            pairs: &options.never_partner,
            at_table: false,
        };
        label_of = keep_pairs_apart(roster, &rotation, played.clone(), label_of, pairs, control)?;
        notes.messages.push(format!(
            "{} never-partner pair(s) kept apart",
            options.never_partner.len()
        ));
    }
    let player_at = invert(&label_of, &rotation);

    if pseudo {
        notes.messages.push(format!(
            "couples never partner ({}): they sit together in a pseudo round that is not played",
            roster.describe_pairs(&couples)
        ));
    }

    let schedule_rounds = played
        .enumerate()
        .map(|(index, r)| build_round(index as u32 + 1, &rotation, r, &player_at))
        .collect();
    let full = rounds == cycle && rotation.complete;
    let mut schedule = whist_schedule_of(
        roster.names(),
        schedule_rounds,
        Promise {
            cycles: full.then_some(1),
            // Couples and the extra pairs: the verifier holds the schedule to both.
            keep_apart: if at_table { at_table_pairs } else { apart },
            apart_at_table: at_table,
            ..Promise::default()
        },
    );
    if options.directed {
        direct_seating(&mut schedule, (&rotation, n), full, &mut notes, control);
    }
    Ok((schedule, notes))
}

/// The rotation an evening is played from: where it came from, its cycle and the rounds
/// played.
struct Chosen {
    rotation: Listed,
    origin: &'static str,
    cycle: usize,
    rounds: usize,
}

/// A rotation to play from, or a small field's evening already built round by round.
enum Evening {
    Rotation(Chosen),
    Built(Box<(Schedule, WhistNotes)>),
}

/// A stationary player with a count that is not a multiple of four: the rotation of the
/// nearest equivalent of the stationary seat (its cycle is n − 1 rounds), if found in 3 s.
fn stationary_rotation(
    roster: &Roster,
    options: &WhistOptions,
    pseudo: bool,
    control: &Control,
) -> Option<Chosen> {
    let n = roster.len();
    if roster.stationary_index().is_none() || n.is_multiple_of(4) {
        return None;
    }
    let available = n - 1 - usize::from(pseudo);
    let rounds = options.rounds.unwrap_or(available);
    if !(1..=available).contains(&rounds) {
        return None;
    }
    let limited = control.capped(Duration::from_secs(3));
    let (starter, origin) =
        stationary_starter(n, rounds, pseudo, options.directed, options.seed, &limited).ok()?;
    Some(Chosen {
        rotation: Listed::from_starter(&starter, false),
        origin,
        cycle: n - 1,
        rounds,
    })
}

/// The rotation of the full cycle (n − 1 rounds for a multiple of four, else n): a listed
/// one or a starter searched for; a small field past its rotation, or that no rotation fits,
/// is built round by round instead.
fn cyclic_rotation(
    roster: &Roster,
    options: &WhistOptions,
    couples: &[(usize, usize)],
    pseudo: bool,
    control: &Control,
) -> Result<Evening, WhistError> {
    let n = roster.len();
    let cycle = if n.is_multiple_of(4) { n - 1 } else { n };
    let available = cycle - usize::from(pseudo);
    let rounds = options.rounds.unwrap_or(available);
    if rounds == 0 {
        return Err(WhistError::NoRounds { available });
    }
    let apart: Vec<(usize, usize)> = couples.iter().chain(&options.never_partner).copied().collect();
    if rounds > available {
        // A small field may play on past its rotation as long as partnerships last:
        // built round by round (6 players: 7 rounds use 14 of the 15 partnerships).
        let most = small::most_rounds(n, apart.len()).filter(|_| n <= small::MAX_PLAYERS);
        return match most {
            Some(most) if rounds <= most => built_directly(
                roster,
                (rounds, cycle),
                &apart,
                control,
                format!(
                    "{n} players, {rounds} rounds built directly (more than the rotation's {available}; nobody partners anyone twice; past a full cycle a pair may oppose a third time)"
                ),
            )
            .map(|built| Evening::Built(Box::new(built))),
            _ => Err(WhistError::TooManyRounds {
                asked: rounds,
                available: most.unwrap_or(available).max(available),
            }),
        };
    }
    if let Some((listed, origin)) = listed_rotation(n, rounds, pseudo, options, control) {
        return Ok(Evening::Rotation(Chosen {
            rotation: listed,
            origin,
            cycle,
            rounds,
        }));
    }
    let (starter, origin) = match starter_for(n, rounds, pseudo, options.directed, options.seed, control) {
        Ok(found) => found,
        Err(WhistError::NoStarter { .. }) if n <= small::MAX_PLAYERS => {
            // No rotation fits this small evening: build it round by round instead.
            return built_directly(
                roster,
                (rounds, cycle),
                &apart,
                control,
                format!(
                    "{n} players, {rounds} rounds built directly (no rotation fits this small evening); \
                 couples and never-partner pairs never partner{}",
                    if roster.stationary_index().is_some() {
                        "; nobody keeps a fixed seat"
                    } else {
                        ""
                    }
                ),
            )
            .map(|built| Evening::Built(Box::new(built)));
        }
        Err(mut err @ WhistError::NoStarter { .. }) => {
            if let WhistError::NoStarter { shorter, .. } = &mut err {
                *shorter = shorter_evening(n, rounds, pseudo, options, control);
            }
            return Err(err);
        }
        Err(err) => return Err(err),
    };
    // Only 4N and 4N+1 players can have everyone partner everyone once and oppose
    // everyone twice; with sit-out seats some pairs meet less, and only the fairness
    // rules apply.
    let standard = (n.is_multiple_of(4) && starter.infinity) || (n % 4 == 1 && !starter.infinity);
    Ok(Evening::Rotation(Chosen {
        rotation: Listed::from_starter(&starter, standard),
        origin,
        cycle,
        rounds,
    }))
}

/// Directed seating, judged on the seats themselves: when the rotation cannot give it, East
/// and West chosen to come as near as possible, with a note saying why.
fn direct_seating(
    schedule: &mut Schedule,
    (rotation, n): (&Listed, usize),
    full: bool,
    notes: &mut WhistNotes,
    control: &Control,
) {
    // Directed is judged on the seats themselves: nobody has the same opponent on the
    // same side twice. When the rotation cannot give that, make it as nearly so as
    // possible by choosing who sits East and who West.
    if side_penalty(schedule) > 0 {
        let result = orient(schedule, &control.share(0.5));
        notes.side_penalty = Some(result.penalty_after);
        let why = if rotation.kind == "non-cyclic" && n.is_multiple_of(4) {
            // Its blocks of four play three rounds among themselves, and no seating of
            // those is directed (checked exhaustively: the best leaves 3 of the 12
            // player–opponent pairs on the same side twice).
            "the four-group rotation cannot be fully directed (four players meeting three times never can)"
        } else if n.is_multiple_of(4) && full {
            "fully directed seating cannot exist with a stationary seat"
        } else {
            "no fully directed rotation is known for this evening"
        };
        notes.messages.push(format!(
            "{why}; almost directed instead: {} (player, opponent) pair(s) have the opponent on the same \
             side more than once (before choosing East/West seats: {})",
            result.penalty_after, result.penalty_before
        ));
    }
    notes.directed = side_penalty(schedule) == 0;
    schedule.promise.directed = notes.directed;
    if notes.directed {
        notes.messages.push(
            "directed seating: everyone has each other player once on their left and once on their right"
                .into(),
        );
    }
}

/// Which rotation label each roster player gets. The stationary player takes ∞ when the
/// rotation has it; couples take partner pairs of round 0 (the pseudo round).
fn place_players(
    roster: &Roster,
    rotation: &Listed,
    couples: &[(usize, usize)],
    notes: &mut WhistNotes,
) -> Vec<u32> {
    let n = roster.len();
    let mut label_of: Vec<Option<u32>> = vec![None; n];
    let mut used: Vec<u32> = Vec::new();
    let stationary = roster.stationary_index();
    if let Some(s) = stationary {
        if let Some(seat) = rotation.stationary {
            label_of[s] = Some(seat);
            used.push(seat);
        } else {
            notes.messages.push(format!(
                "with {n} players everyone moves (there is no stationary seat), so {} moves too",
                roster.players[s].name
            ));
        }
    }
    // Partner pairs of round 0, the stationary seat's first so a stationary spouse lands
    // opposite it (the stationary seat is N of table 1, so first of its pair).
    let fixed = rotation.stationary;
    let mut partner_pairs: Vec<(u32, u32)> = rotation.partner_pairs(0).collect();
    partner_pairs.sort_by_key(|&(a, b)| !(Some(a) == fixed || Some(b) == fixed));
    for &(a, b) in couples {
        let (first, second) = if Some(b) == stationary { (b, a) } else { (a, b) };
        let pair = partner_pairs.iter().position(|&(x, y)| {
            let free = |l: u32| !used.contains(&l);
            match label_of[first] {
                Some(seat) if Some(seat) == fixed => (x == seat && free(y)) || (y == seat && free(x)),
                _ => Some(x) != fixed && Some(y) != fixed && free(x) && free(y),
            }
        });
        if let Some(index) = pair {
            let (x, y) = match partner_pairs.remove(index) {
                (x, y) if Some(y) == fixed => (y, x),
                pair => pair,
            };
            if label_of[first].is_none() {
                label_of[first] = Some(x);
                used.push(x);
            }
            label_of[second] = Some(y);
            used.push(y);
        }
    }
    let all_labels: Vec<u32> = (0..rotation.players as u32).collect();
    let mut free = all_labels.into_iter().filter(|l| !used.contains(l));
    label_of
        .into_iter()
        .map(|l| l.or_else(|| free.next()).unwrap_or(0))
        .collect()
}

/// The pairs a placement keeps apart, and whether at separate tables or only as partners.
#[derive(Clone, Copy)]
struct Apart<'a> {
    pairs: &'a [(usize, usize)],
    at_table: bool,
}

/// Whether couples and never-partner pairs are kept at separate tables tonight, and when
/// that was asked for but cannot be, the sentence saying why they are kept as never partners.
fn at_separate_tables(roster: &Roster, options: &WhistOptions) -> (bool, Option<String>) {
    let n = roster.len();
    let any = !roster.couples().is_empty() || !options.never_partner.is_empty();
    if options.apart != KeepApart::NeverAtTable || !any {
        return (false, None);
    }
    let cycle = if n.is_multiple_of(4) { n - 1 } else { n };
    if options.rounds.is_none_or(|k| k >= cycle) {
        return (
            false,
            Some(format!(
                "couples and never-partner pairs are kept as never partners, not at separate tables: over the \
                 whole cycle of {cycle} rounds every two players meet at a table, so \"never at the same table\" \
                 needs a shorter evening (fewer rounds)"
            )),
        );
    }
    (true, None)
}

/// A small evening built round by round, held to "never at the same table" afterwards: its
/// builder keeps pairs from partnering only.
fn built_apart(
    roster: &Roster,
    (mut schedule, notes): (Schedule, WhistNotes),
    pairs: &[(usize, usize)],
) -> Result<(Schedule, WhistNotes), WhistError> {
    if pairs.is_empty() {
        return Ok((schedule, notes));
    }
    let met: Vec<(String, String)> = pairs
        .iter()
        .filter(|&&(a, b)| {
            schedule.rounds.iter().any(|round| {
                round
                    .tables
                    .iter()
                    .any(|t| t.seats.iter().any(|x| x.entrant == a) && t.seats.iter().any(|x| x.entrant == b))
            })
        })
        .map(|&(a, b)| (roster.players[a].name.clone(), roster.players[b].name.clone()))
        .collect();
    if !met.is_empty() {
        return Err(WhistError::ApartAtTable {
            pairs: met,
            reason:
                "this small evening is built round by round and they meet in it: play fewer rounds, or keep \
                     them as never partners"
                    .to_owned(),
        });
    }
    schedule.promise.keep_apart = pairs.to_vec();
    schedule.promise.apart_at_table = true;
    Ok((schedule, notes))
}

/// Re-places the players not already fixed so no pair kept apart partners (or, at separate
/// tables, sits at one table) in the rounds played; or says which pairs cannot be kept
/// apart, and why.
fn keep_pairs_apart(
    roster: &Roster,
    rotation: &Listed,
    played: Range<usize>,
    label_of: Vec<u32>,
    apart: Apart,
    control: &Control,
) -> Result<Vec<u32>, WhistError> {
    let positions = rotation.players;
    let index = |label: u32| label as usize;
    let name = |p: usize| roster.players[p].name.clone();
    let named = |pairs: &[(usize, usize)]| pairs.iter().map(|&(a, b)| (name(a), name(b))).collect::<Vec<_>>();
    if played.len() >= rotation.cycle_length() && !apart.at_table {
        return Err(WhistError::NeverPartner {
            pairs: named(apart.pairs),
            reason: "over the whole cycle everyone partners everyone once: play fewer rounds".to_owned(),
        });
    }
    // A player who plays in k rounds partners k different people; with d of the others
    // forbidden, k ≤ n − 1 − d is needed.
    let n = roster.len();
    let sits_out = rotation.sit_out[played.clone()]
        .iter()
        .map(Vec::len)
        .sum::<usize>()
        / positions.max(1);
    for p in (0..n).filter(|_| !apart.at_table) {
        let involving: Vec<(usize, usize)> = apart
            .pairs
            .iter()
            .copied()
            .filter(|&(a, b)| a == p || b == p)
            .collect();
        let games = played.len().saturating_sub(sits_out);
        if games + involving.len() > n - 1 {
            return Err(WhistError::NeverPartner {
                pairs: named(&involving),
                reason: format!(
                    "{} plays about {games} rounds, each with a different partner, but only {} of the other \
                     players are allowed",
                    name(p),
                    n - 1 - involving.len()
                ),
            });
        }
    }
    let mut partners = vec![false; positions * positions];
    for r in played {
        for table in &rotation.rounds[r] {
            let together: &[(u32, u32)] = if apart.at_table {
                &[
                    (table[0], table[1]),
                    (table[0], table[2]),
                    (table[0], table[3]),
                    (table[1], table[2]),
                    (table[1], table[3]),
                    (table[2], table[3]),
                ]
            } else {
                &[(table[0], table[2]), (table[1], table[3])]
            };
            for &(a, b) in together {
                partners[index(a) * positions + index(b)] = true;
                partners[index(b) * positions + index(a)] = true;
            }
        }
    }
    // Couples must stay partners in the pseudo round (round 0), which is not played.
    let mut pseudo = vec![false; positions * positions];
    for table in &rotation.rounds[0] {
        for (a, b) in [(table[0], table[2]), (table[1], table[3])] {
            pseudo[index(a) * positions + index(b)] = true;
            pseudo[index(b) * positions + index(a)] = true;
        }
    }
    // At separate tables there is no pseudo round: couples are pairs like the others.
    let couples = if apart.at_table {
        Vec::new()
    } else {
        roster.couples()
    };
    let pinned: Vec<bool> = label_of.iter().map(|&l| Some(l) == rotation.stationary).collect();
    let rules = Rules {
        positions,
        partners: &partners,
        pseudo: &pseudo,
        apart: apart.pairs,
        couples: &couples,
        pinned: &pinned,
    };
    let start: Vec<usize> = label_of.iter().map(|&l| index(l)).collect();
    let placement = place_apart(&start, &rules, &control.share(0.5));
    if !placement.unavoidable.is_empty() && apart.at_table {
        return Err(WhistError::ApartAtTable {
            pairs: named(&placement.unavoidable),
            reason:
                "no placement of the players in this rotation was found that keeps them at separate tables \
                     in the time allowed (fewer rounds make it easier, or keep them as never partners)"
                    .to_owned(),
        });
    }
    if !placement.unavoidable.is_empty() {
        return Err(WhistError::NeverPartner {
            pairs: named(&placement.unavoidable),
            reason:
                "no placement of the players in this rotation was found that keeps them apart in the time \
                     allowed (fewer rounds, or fewer pairs, make it easier)"
                    .to_owned(),
        });
    }
    Ok(placement.position_of.into_iter().map(|p| p as u32).collect())
}

/// label → roster index.
fn invert(label_of: &[u32], rotation: &Listed) -> impl Fn(u32) -> usize {
    let mut table = vec![0usize; rotation.players];
    for (player, &label) in label_of.iter().enumerate() {
        table[label as usize] = player;
    }
    move |label: u32| table[label as usize]
}

fn build_round(number: u32, rotation: &Listed, r: usize, player_at: &impl Fn(u32) -> usize) -> Round {
    let tables = rotation.rounds[r].iter().map(|labels| labels.map(player_at));
    whist_round(number, tables, rotation.sit_out[r].iter().map(|&l| player_at(l)))
}
