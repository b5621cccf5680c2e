//! Pairs/teams round robins: the circle method ("conveyor belt") and FIDE's Berger tables,
//! single or double, with byes for odd numbers and the spouse pseudo round.
//!
//! Both methods work on *positions* 0..m (m even; an odd field gets a dummy position whose
//! opponent has the bye). Entrants are placed on positions afterwards, which is where
//! couples are seated against each other in the first round — the round that is then not
//! played, so no couple ever meets.

use crate::model::{Absence, Absent, Format, Promise, Roster, Round, Schedule, Seat, SeatAssignment, Table};
use std::fmt;

/// How the rounds of a round robin are drawn up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Position 0 stays put, the others advance one position a round (the last wraps to 1).
    #[default]
    Circle,
    /// FIDE Handbook C.05, Annex 1: the Berger tables with their colours.
    Berger,
}

/// How a round robin is drawn up.
#[derive(Debug, Clone, Copy, Default)]
pub struct RoundRobinOptions {
    /// The circle method (the default) or FIDE's Berger tables.
    pub method: Method,
    /// Play every pairing twice, the second cycle with colours reversed.
    pub double: bool,
    /// Seat couples against each other in a pseudo first round that is not played.
    pub avoid_spouses: bool,
}

/// The most entrants Tourney makes a round robin for: 1,000 entrants already need 999
/// rounds, far beyond any event; larger fields are refused before anything is allocated.
pub const MAX_ENTRANTS: usize = 1000;

/// Why no round robin was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundRobinError {
    /// Fewer than two entrants, the number on the roster.
    TooFewEntrants(usize),
    /// More than `MAX_ENTRANTS`, with the rounds such a round robin would need.
    TooManyEntrants {
        /// The number of entrants on the roster.
        entrants: usize,
        /// The rounds the round robin would need (both cycles of a double one).
        rounds: usize,
    },
}

impl fmt::Display for RoundRobinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundRobinError::TooFewEntrants(n) => {
                write!(f, "a round robin needs at least 2 entrants, but there are {n}")
            }
            RoundRobinError::TooManyEntrants { entrants, rounds } => write!(
                f,
                "a round robin of {entrants} entrants would need {rounds} rounds; Tourney makes round \
                 robins of up to {} entrants",
                thousands(MAX_ENTRANTS)
            ),
        }
    }
}

impl std::error::Error for RoundRobinError {}

/// One game over positions: (home, away).
type Pairing = (usize, usize);

/// What the generator did beyond the schedule itself, in words for the organiser.
#[derive(Debug, Clone, Default)]
pub struct RoundRobinNotes {
    /// The pseudo round that seats couples together and is not played.
    pub pseudo_round_skipped: bool,
    /// Sentences for the organiser (couples seated apart, a fixed position that could not be
    /// kept).
    pub messages: Vec<String>,
}

/// The round robin of the roster's entrants: every two meet once (twice when `double`;
/// couples kept apart never), and with an odd number one has a bye each round. With the
/// generator's notes for the organiser.
pub fn round_robin(
    roster: &Roster,
    options: RoundRobinOptions,
) -> Result<(Schedule, RoundRobinNotes), RoundRobinError> {
    let n = roster.len();
    if n < 2 {
        return Err(RoundRobinError::TooFewEntrants(n));
    }
    let m = n + n % 2;
    if n > MAX_ENTRANTS {
        let cycles = if options.double { 2 } else { 1 };
        return Err(RoundRobinError::TooManyEntrants {
            entrants: n,
            rounds: (m - 1) * cycles,
        });
    }
    let rounds = match options.method {
        Method::Circle => circle_rounds(m),
        Method::Berger => berger_rounds(m),
    };
    let fixed = match options.method {
        Method::Circle => 0,
        Method::Berger => m - 1,
    };
    let mut notes = RoundRobinNotes::default();
    let couples = if options.avoid_spouses {
        roster.couples()
    } else {
        Vec::new()
    };
    let placement = place_entrants(roster, m, fixed, &rounds[0], &couples, &mut notes);

    let skip = usize::from(notes.pseudo_round_skipped);
    let played: Vec<Vec<Pairing>> = rounds[skip..].to_vec();
    let mut sequence: Vec<Vec<Pairing>> = played.clone();
    if options.double {
        // FIDE C.05 Annex 1: in a double round robin swap the last two rounds of the first
        // cycle, so nobody gets three games of the same colour across the joint.
        let len = sequence.len();
        if len >= 2 {
            sequence.swap(len - 1, len - 2);
        }
        sequence.extend(
            played
                .iter()
                .map(|round| round.iter().map(|&(h, a)| (a, h)).collect::<Vec<_>>()),
        );
    }

    let schedule = Schedule {
        format: Format::RoundRobin,
        movement: None,
        entrant_teams: Vec::new(),
        entrants: roster.names(),
        rounds: sequence
            .iter()
            .enumerate()
            .map(|(index, pairings)| build_round(index as u32 + 1, pairings, &placement))
            .collect(),
        promise: Promise {
            cycles: Some(if options.double { 2 } else { 1 }),
            keep_apart: if skip == 1 { couples } else { Vec::new() },
            pseudo_round: skip == 1,
            ..Promise::default()
        },
    };
    Ok((schedule, notes))
}

/// One round of a round robin by entrant number: its matches (the home entrant first) and,
/// with an odd number of entrants, who has the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberedRound {
    /// The matches, table 1 first.
    pub matches: Vec<(usize, usize)>,
    /// The entrant with the bye, if the number of entrants is odd.
    pub bye: Option<usize>,
}

/// The rounds of a single round robin of `n` entrants numbered 0..n (a teams event: every
/// team meets every other once), by the circle method: n − 1 rounds for an even n, n for an
/// odd one, where the entrant that would meet the extra position has the bye.
pub fn numbered_rounds(n: usize) -> Result<Vec<NumberedRound>, RoundRobinError> {
    if n < 2 {
        return Err(RoundRobinError::TooFewEntrants(n));
    }
    let m = n + n % 2;
    if n > MAX_ENTRANTS {
        return Err(RoundRobinError::TooManyEntrants {
            entrants: n,
            rounds: m - 1,
        });
    }
    // With an odd field the fixed position 0 is the dummy: whoever meets it has the bye.
    let entrant = |p: usize| if n % 2 == 1 { p.checked_sub(1) } else { Some(p) };
    Ok(circle_rounds(m)
        .into_iter()
        .map(|pairings| {
            let mut round = NumberedRound {
                matches: Vec::new(),
                bye: None,
            };
            for (home, away) in pairings {
                match (entrant(home), entrant(away)) {
                    (Some(h), Some(a)) => round.matches.push((h, a)),
                    (Some(e), None) | (None, Some(e)) => round.bye = Some(e),
                    (None, None) => {}
                }
            }
            round
        })
        .collect())
}

/// A count written with a comma between thousands ("1,000"), as limits are quoted to people.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Circle method over m positions. Table t seats positions t and m−1−t; the entrant who
/// starts on position s is on position ((s − 1 + r) mod (m − 1)) + 1 in round r.
/// Colours: the top of table t is home when t is even, so each moving entrant alternates as
/// its position number changes parity; the fixed position alternates every round.
fn circle_rounds(m: usize) -> Vec<Vec<Pairing>> {
    let moving = m - 1;
    (0..moving)
        .map(|r| {
            // Position p in round r holds the entrant that started on `start(p)`.
            let start = |p: usize| {
                if p == 0 {
                    0
                } else {
                    (p - 1 + moving - r % moving) % moving + 1
                }
            };
            (0..m / 2)
                .map(|t| {
                    let (top, bottom) = (start(t), start(m - 1 - t));
                    let top_home = if t == 0 { r % 2 == 0 } else { t % 2 == 0 };
                    if top_home { (top, bottom) } else { (bottom, top) }
                })
                .collect()
        })
        .collect()
}

/// FIDE Berger tables over numbers 1..=m (positions 0..m here). Round 1 pairs k with
/// m+1−k, k = 1..m/2, the lower number at home. Each following round adds m/2 to every
/// number below m (mod m−1, staying in 1..m−1), keeping each table's colours, while m
/// alternates colour against whoever reaches table 1.
fn berger_rounds(m: usize) -> Vec<Vec<Pairing>> {
    let advance = |x: usize| (x - 1 + m / 2) % (m - 1) + 1;
    let mut numbered: Vec<Vec<(usize, usize)>> = Vec::with_capacity(m - 1);
    let mut round: Vec<(usize, usize)> = (1..=m / 2).map(|k| (k, m + 1 - k)).collect();
    for r in 0..m - 1 {
        numbered.push(round.clone());
        round = round
            .iter()
            .enumerate()
            .map(|(t, &(white, black))| {
                if t == 0 {
                    let other = if white == m { black } else { white };
                    // m has Black in odd rounds (1, 3, …) and White in even ones.
                    let next_round_is_even = r % 2 == 0;
                    if next_round_is_even {
                        (m, advance(other))
                    } else {
                        (advance(other), m)
                    }
                } else {
                    (advance(white), advance(black))
                }
            })
            .collect();
    }
    numbered
        .into_iter()
        .map(|round| round.into_iter().map(|(w, b)| (w - 1, b - 1)).collect())
        .collect()
}

/// Decides which entrant sits on which position (`None` = the dummy of an odd field).
fn place_entrants(
    roster: &Roster,
    m: usize,
    fixed: usize,
    first_round: &[Pairing],
    couples: &[(usize, usize)],
    notes: &mut RoundRobinNotes,
) -> Vec<Option<usize>> {
    let n = roster.len();
    let mut placement: Vec<Option<usize>> = vec![None; m];
    let mut placed = vec![false; n];
    // The dummy of an odd field takes the fixed position: the moving entrants then meet it
    // in turn, so each has exactly one bye per cycle and table 1 never changes hands.
    let dummy = (n % 2 == 1).then_some(fixed);
    let stationary = roster.stationary_index().filter(|_| dummy.is_none());
    if let Some(s) = stationary {
        placement[fixed] = Some(s);
        placed[s] = true;
    } else if roster.stationary_index().is_some() {
        notes.messages.push(
            "with an odd number of entrants the fixed position is the bye, so nobody stays \
             at one table"
                .to_owned(),
        );
    }

    if !couples.is_empty() {
        let mut free_tables: Vec<Pairing> = first_round
            .iter()
            .copied()
            .filter(|&(a, b)| Some(a) != dummy && Some(b) != dummy)
            .collect();
        // A couple containing the stationary entrant must use the fixed position's table.
        let mut ordered: Vec<(usize, usize)> = couples.to_vec();
        ordered.sort_by_key(|&(a, b)| !(Some(a) == stationary || Some(b) == stationary));
        for &(a, b) in &ordered {
            let table_index = if Some(a) == stationary || Some(b) == stationary {
                free_tables.iter().position(|&(x, y)| x == fixed || y == fixed)
            } else {
                free_tables.iter().position(|&(x, y)| x != fixed && y != fixed)
            };
            let Some(table_index) = table_index else {
                // Cannot happen for a matching (at most n/2 couples), but never panic.
                notes.messages.push(format!(
                    "could not seat {} and {} together in the pseudo round",
                    roster.players[a].name, roster.players[b].name
                ));
                continue;
            };
            let (x, y) = free_tables.remove(table_index);
            let (first, second) = if Some(b) == stationary { (b, a) } else { (a, b) };
            let (first_pos, second_pos) = if y == fixed { (y, x) } else { (x, y) };
            placement[first_pos] = Some(first);
            placement[second_pos] = Some(second);
            placed[first] = true;
            placed[second] = true;
        }
        notes.pseudo_round_skipped = true;
        notes.messages.push(format!(
            "couples never meet ({}): they sit together in a pseudo round that is not played",
            roster.describe_pairs(couples)
        ));
    }

    let free: Vec<usize> = (0..m)
        .filter(|&p| placement[p].is_none() && Some(p) != dummy)
        .collect();
    let mut free_positions = free.into_iter();
    for entrant in (0..n).filter(|&e| !placed[e]) {
        if let Some(p) = free_positions.next() {
            placement[p] = Some(entrant);
        }
    }
    placement
}

fn build_round(number: u32, pairings: &[Pairing], placement: &[Option<usize>]) -> Round {
    let mut tables = Vec::new();
    let mut absent = Vec::new();
    for &(home, away) in pairings {
        match (placement[home], placement[away]) {
            (Some(h), Some(a)) => tables.push(Table {
                number: tables.len() as u32 + 1,
                seats: vec![
                    SeatAssignment {
                        seat: Seat::Home,
                        entrant: h,
                        board: None,
                    },
                    SeatAssignment {
                        seat: Seat::Away,
                        entrant: a,
                        board: None,
                    },
                ],
            }),
            (Some(e), None) | (None, Some(e)) => absent.push(Absent {
                entrant: e,
                kind: Absence::Bye,
            }),
            (None, None) => {}
        }
    }
    Round {
        number,
        tables,
        absent,
    }
}

/// The pairings of a Berger table as published, 1-based numbers `(white, black)` per round.
/// Used by the tests that compare against FIDE's printed tables.
pub fn berger_table(m: usize) -> Vec<Vec<(usize, usize)>> {
    berger_rounds(m)
        .into_iter()
        .map(|round| round.into_iter().map(|(w, b)| (w + 1, b + 1)).collect())
        .collect()
}
