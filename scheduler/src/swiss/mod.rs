//! Swiss pairing, one round at a time, for Swiss teams and Swiss pairs: from the standings
//! after round n (best first), who has met whom and who has had a bye, the matches of round
//! n+1, the bye, and an explanation of every team floated away from its natural opponent.
//!
//! The rule clubs use: the bye goes to the lowest-placed entrant that has not had one; then the
//! top entrant meets the highest-placed entrant it has not met, and so on down the list; a
//! meeting that would leave the entrants below with no pairing free of repeats is untangled
//! (the pairing goes back up from the bottom and the higher entrant takes its next opponent).
//! Two entrants never meet again unless no pairing of the round avoids it, and then the
//! round is paired with the fewest repeat meetings possible, said so.
//!
//! Backtracking by hand (or naively in code) is exponential in the worst case. Here every
//! choice is tested instead: the top entrant's candidates are exactly those for which the
//! rest of the field still has a pairing with the fewest repeats, and one search of Edmonds'
//! blossom algorithm ([`matching`]) finds all of them at once. The outcome is the pairing the
//! full backtracking would reach, in polynomial time (O(n³) for n entrants).
//!
//! How the fewest repeats are found: a maximum matching of the "have not met" graph (plus a
//! bye vertex joined to everyone who may take the bye) leaves r entrants uncovered; every two
//! of those have met (else the matching was not maximum), so they pair off with r/2 repeats,
//! the fewest possible. r "repeat" vertices joined to every entrant make that a perfect
//! matching, and the greedy choice from the top keeps a perfect matching at every step.

pub(crate) mod matching;
#[cfg(test)]
mod tests;

use matching::Matching;
use std::collections::HashMap;

/// The most entrants one Swiss round is paired for (a congress's biggest field is a few
/// hundred); a guard against a mistyped roster before anything is allocated.
pub const MAX_ENTRANTS: usize = 1000;

/// Two entrants met in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// One entrant, by its place in the standings (0 is the top).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// The round they met in, from 1.
    pub round: u32,
}

/// An entrant had the bye in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByeTaken {
    /// The entrant, by its place in the standings.
    pub entrant: usize,
    /// The round, from 1.
    pub round: u32,
}

/// What the earlier rounds left: every meeting and every bye.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    /// Every meeting so far (a three-way match is three meetings).
    pub meetings: Vec<Meeting>,
    /// Every bye so far.
    pub byes: Vec<ByeTaken>,
    /// Every entrant that played in a long three-way match (over two rounds) so far, and the
    /// round it began in.
    pub long_three_ways: Vec<ByeTaken>,
}

/// What an odd number of entrants does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OddCount {
    /// One entrant sits out with the bye (scored as the club decides).
    #[default]
    Bye,
    /// Three entrants play a three-way match instead, in this round (a "short threesome").
    ThreeWay,
    /// Three entrants play a three-way match over this round and the next (a "long
    /// threesome"): each meeting a full match. Chosen like [`OddCount::ThreeWay`]'s three,
    /// from the entrants that have not played one before unless none such will do.
    LongThreeWay,
}

/// The director's choices for the pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SwissOptions {
    /// A bye or a three-way match for an odd count.
    pub odd: OddCount,
}

/// One match of the round: two entrants (or three for a three-way match), the higher placed
/// first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissMatch {
    /// The entrants, by place in the standings, best first.
    pub entrants: Vec<usize>,
}

/// A paired round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SwissRound {
    /// The matches, the top entrant's first.
    pub matches: Vec<SwissMatch>,
    /// Who has the bye, if anyone.
    pub bye: Option<usize>,
    /// Pairs that meet again (lower place first in each, sorted). Empty unless no pairing of
    /// the round avoids a repeat.
    pub repeats: Vec<(usize, usize)>,
    /// Whether the number of repeats is proved the fewest possible (always so with a bye;
    /// with a three-way match only "none" is proved: when repeats cannot be avoided, the
    /// three-way match is put at the bottom and the rest paired with the fewest repeats).
    pub fewest_repeats_proved: bool,
    /// The bye went to an entrant who had one already, since every entrant had.
    pub second_bye: bool,
    /// A long three-way match seats an entrant that played one before, since no three that
    /// have not would do (said in the explanation).
    pub second_long_three_way: bool,
    /// Sentences for the director: the bye, every float and why, every repeat and why.
    pub explanation: Vec<String>,
}

/// The earlier rounds as the pairing reads them.
struct Field<'a> {
    names: &'a [String],
    /// Rounds in which each two entrants met, keyed lower index first.
    met: HashMap<(usize, usize), Vec<u32>>,
    /// The rounds each entrant had the bye in.
    byes: Vec<Vec<u32>>,
    /// The rounds each entrant began a long three-way match in.
    long: Vec<Vec<u32>>,
}

impl Field<'_> {
    fn have_met(&self, a: usize, b: usize) -> bool {
        self.met.contains_key(&(a.min(b), a.max(b)))
    }

    fn name(&self, e: usize) -> &str {
        self.names.get(e).map_or("?", String::as_str)
    }

    /// "round 1", "rounds 1 and 3".
    fn rounds_met(&self, a: usize, b: usize) -> String {
        let rounds = self.met.get(&(a.min(b), a.max(b))).cloned().unwrap_or_default();
        rounds_text(&rounds)
    }
}

/// "round 2" or "rounds 1, 2 and 4".
fn rounds_text(rounds: &[u32]) -> String {
    let words: Vec<String> = rounds.iter().map(u32::to_string).collect();
    match words.len() {
        0 => "no round".to_owned(),
        1 => format!("round {}", words[0]),
        _ => format!(
            "rounds {} and {}",
            words[..words.len() - 1].join(", "),
            words[words.len() - 1]
        ),
    }
}

/// Pairs the next round. `names` are the entrants in standings order, best first; the
/// history's indices are places in that list. Refuses, with a sentence, fewer than two
/// entrants, more than [`MAX_ENTRANTS`], and a history naming an entrant that is not there or
/// one meeting itself.
pub fn pair_round(names: &[String], history: &History, options: SwissOptions) -> Result<SwissRound, String> {
    let field = read_field(names, history)?;
    let n = names.len();
    let everyone: Vec<usize> = (0..n).collect();
    if n % 2 == 1 && options.odd != OddCount::Bye {
        if n < 3 {
            return Err("a three-way match needs at least 3 entrants".to_owned());
        }
        return pair_with_three_way(&field, &everyone, options.odd == OddCount::LongThreeWay);
    }
    let bye = if n % 2 == 1 {
        let eligible: Vec<usize> = everyone
            .iter()
            .copied()
            .filter(|&e| field.byes[e].is_empty())
            .collect();
        Some(eligible)
    } else {
        None
    };
    let core = pair_core(&field, &everyone, bye.as_deref())?;
    let second_bye = bye.as_ref().is_some_and(Vec::is_empty);
    let mut round = core.into_round(true, second_bye);
    if second_bye && let Some(b) = round.bye {
        round.explanation.insert(
            0,
            format!(
                "Every entrant has had a bye, so {} has a second one (the lowest-placed that keeps the fewest repeats).",
                field.name(b)
            ),
        );
    }
    Ok(round)
}

/// The round checked by the independent verifier ([`crate::verify::swiss`]), handed over as
/// plain numbers: every problem in words, none when the round is right.
pub fn verify_round(entrants: usize, history: &History, round: &SwissRound) -> Vec<String> {
    let met_before: Vec<(usize, usize)> = history.meetings.iter().map(|m| (m.a, m.b)).collect();
    let byes_before: Vec<usize> = history.byes.iter().map(|b| b.entrant).collect();
    let groups: Vec<Vec<usize>> = round.matches.iter().map(|m| m.entrants.clone()).collect();
    crate::verify::swiss::check_swiss_round(&crate::verify::swiss::SwissRoundData {
        entrants,
        met_before: &met_before,
        byes_before: &byes_before,
        groups: &groups,
        bye: round.bye,
        declared_repeats: &round.repeats,
        second_bye_declared: round.second_bye,
    })
}

/// Checks the input and indexes the history.
fn read_field<'a>(names: &'a [String], history: &History) -> Result<Field<'a>, String> {
    let n = names.len();
    if n < 2 {
        return Err(format!(
            "a Swiss round needs at least 2 entrants, but there are {n}"
        ));
    }
    if n > MAX_ENTRANTS {
        return Err(format!(
            "{n} entrants: Tourney pairs Swiss rounds of up to {MAX_ENTRANTS} entrants"
        ));
    }
    let mut met: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    for m in &history.meetings {
        if m.a >= n || m.b >= n {
            return Err(format!(
                "round {}: a meeting names entrant {} but there are only {n} entrants",
                m.round,
                m.a.max(m.b) + 1
            ));
        }
        if m.a == m.b {
            return Err(format!(
                "round {}: {} is listed as meeting itself",
                m.round, names[m.a]
            ));
        }
        let rounds = met.entry((m.a.min(m.b), m.a.max(m.b))).or_default();
        rounds.push(m.round);
        rounds.sort_unstable();
        rounds.dedup();
    }
    let byes = rounds_by_entrant(n, &history.byes, "a bye")?;
    let long = rounds_by_entrant(n, &history.long_three_ways, "a long three-way match")?;
    Ok(Field {
        names,
        met,
        byes,
        long,
    })
}

/// The rounds of `taken` (byes, or long three-way matches) each entrant had, or why an entry
/// names an entrant that is not there.
fn rounds_by_entrant(n: usize, taken: &[ByeTaken], what: &str) -> Result<Vec<Vec<u32>>, String> {
    let mut rounds = vec![Vec::new(); n];
    for t in taken {
        let Some(list) = rounds.get_mut(t.entrant) else {
            return Err(format!(
                "round {}: {what} names entrant {} but there are only {n} entrants",
                t.round,
                t.entrant + 1
            ));
        };
        list.push(t.round);
    }
    Ok(rounds)
}

/// The pairing of an even set of entrants (or an odd one with a bye among `bye_eligible`;
/// an empty list lets anyone take it), in local terms turned back into entrants.
struct Core {
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
    repeats: Vec<(usize, usize)>,
    notes: Vec<String>,
}

impl Core {
    /// The round these pairs make.
    fn into_round(self, fewest_repeats_proved: bool, second_bye: bool) -> SwissRound {
        SwissRound {
            matches: self
                .pairs
                .iter()
                .map(|&(a, b)| SwissMatch { entrants: vec![a, b] })
                .collect(),
            bye: self.bye,
            repeats: self.repeats,
            fewest_repeats_proved,
            second_bye,
            second_long_three_way: false,
            explanation: self.notes,
        }
    }
}

/// The graph of one pairing: entrants `0..k` (local), then the bye vertex if any, then the
/// repeat vertices.
struct Board<'a> {
    field: &'a Field<'a>,
    /// Local index → entrant.
    entrants: &'a [usize],
    bye_vertex: Option<usize>,
    /// First repeat vertex.
    first_joker: usize,
    m: Matching,
}

impl Board<'_> {
    fn is_entrant(&self, v: usize) -> bool {
        v < self.entrants.len()
    }

    fn is_joker(&self, v: usize) -> bool {
        v >= self.first_joker
    }

    /// Takes `t` out and returns the vertices `u` for which the rest, without `t` and `u`,
    /// still has a perfect matching; `t`'s old partner is left uncovered (returned too).
    fn candidates(&mut self, t: usize) -> Result<(usize, Vec<bool>), String> {
        let s = self.m.partner(t).ok_or_else(internal)?;
        self.m.remove(t);
        let even = self.m.even_set(s).ok_or_else(internal)?;
        Ok((s, even))
    }

    /// After [`Board::candidates`] left `s` uncovered: takes `u` out too and repairs the
    /// perfect matching of the rest.
    fn commit(&mut self, s: usize, u: usize) -> Result<(), String> {
        if u == s {
            self.m.remove(s);
            return Ok(());
        }
        self.m.remove(u);
        if self.m.augment_from(s) {
            Ok(())
        } else {
            Err(internal())
        }
    }
}

/// The sentence for a broken promise of the matching code (never expected).
fn internal() -> String {
    "internal error in the Swiss pairing: the matching lost its perfect matching (please report this with the event file)".to_owned()
}

/// Builds the graph of "have not met" (and the bye), its maximum matching, and the repeat
/// vertices that make it perfect.
fn build_board<'a>(field: &'a Field<'a>, entrants: &'a [usize], bye_eligible: Option<&[usize]>) -> Board<'a> {
    let k = entrants.len();
    let bye_vertex = bye_eligible.map(|_| k);
    let real = k + usize::from(bye_vertex.is_some());
    let mut base = Matching::new(real);
    add_field_edges(&mut base, field, entrants, bye_vertex, bye_eligible);
    base.maximise();
    if let Some(b) = bye_vertex {
        cover(&mut base, b);
    }
    let uncovered: Vec<usize> = (0..k).filter(|&v| base.partner(v).is_none()).collect();
    let mut m = Matching::new(real + uncovered.len());
    add_field_edges(&mut m, field, entrants, bye_vertex, bye_eligible);
    for v in 0..real {
        if let Some(p) = base.partner(v)
            && p > v
        {
            m.join(v, p);
        }
    }
    for (j, &v) in uncovered.iter().enumerate() {
        let joker = real + j;
        for e in 0..k {
            m.add_edge(joker, e);
        }
        m.join(joker, v);
    }
    Board {
        field,
        entrants,
        bye_vertex,
        first_joker: real,
        m,
    }
}

fn add_field_edges(
    m: &mut Matching,
    field: &Field,
    entrants: &[usize],
    bye_vertex: Option<usize>,
    bye_eligible: Option<&[usize]>,
) {
    let k = entrants.len();
    for i in 0..k {
        for j in i + 1..k {
            if !field.have_met(entrants[i], entrants[j]) {
                m.add_edge(i, j);
            }
        }
    }
    if let (Some(b), Some(eligible)) = (bye_vertex, bye_eligible) {
        for (i, e) in entrants.iter().enumerate() {
            if eligible.is_empty() || eligible.contains(e) {
                m.add_edge(b, i);
            }
        }
    }
}

/// Makes sure `v` (which has a neighbour) is covered by the maximum matching: if not, it takes
/// a neighbour's place, leaving that neighbour's partner uncovered (same size).
fn cover(m: &mut Matching, v: usize) {
    if m.partner(v).is_some() {
        return;
    }
    let neighbour = (0..m.len()).find(|&w| w != v && m.has_edge(v, w));
    if let Some(w) = neighbour {
        m.unmatch(w);
        m.join(v, w);
    }
}

/// Pairs `entrants` (standings order) with the fewest repeats, the bye first, then from the
/// top down; see the module's documentation.
fn pair_core(field: &Field, entrants: &[usize], bye_eligible: Option<&[usize]>) -> Result<Core, String> {
    let mut board = build_board(field, entrants, bye_eligible);
    let jokers = board.m.len() - board.first_joker;
    let mut core = Core {
        pairs: Vec::new(),
        bye: None,
        repeats: Vec::new(),
        notes: Vec::new(),
    };
    if let Some(b) = board.bye_vertex {
        let eligible = bye_eligible.unwrap_or(&[]);
        core.bye = Some(decide_bye(&mut board, b, eligible, jokers > 0, &mut core.notes)?);
    }
    if jokers > 0 {
        core.notes.push(format!(
            "No pairing of this round avoids every repeat meeting: {} the fewest possible.",
            match jokers / 2 {
                1 => "one pair meets again,".to_owned(),
                r => format!("{r} pairs meet again,"),
            }
        ));
    }
    while let Some(t) = (0..entrants.len()).find(|&v| board.m.is_alive(v)) {
        let natural = (t + 1..entrants.len()).find(|&v| board.m.is_alive(v));
        let (s, even) = board.candidates(t)?;
        let chosen = (0..entrants.len()).find(|&u| board.m.is_alive(u) && board.m.has_edge(t, u) && even[u]);
        if let Some(u) = chosen {
            board.commit(s, u)?;
            core.pairs.push((entrants[t], entrants[u]));
            if let Some(natural) = natural.filter(|&x| x != u) {
                core.notes.push(float_note(&board, t, natural, u, jokers > 0));
            }
            continue;
        }
        let joker = if board.is_joker(s) {
            s
        } else {
            (board.first_joker..board.m.len())
                .find(|&j| board.m.is_alive(j) && even[j])
                .ok_or_else(internal)?
        };
        board.commit(s, joker)?;
        let u = repeat_partner(&mut board)?;
        core.pairs.push((entrants[t], entrants[u]));
        let (a, b) = (entrants[t], entrants[u]);
        core.repeats.push((a.min(b), a.max(b)));
        core.notes.push(format!(
            "{} meets {} again (they met in {}): every pairing of the round has a repeat, and this one keeps them to the fewest and as low in the standings as they can be.",
            field.name(a),
            field.name(b),
            field.rounds_met(a, b)
        ));
    }
    core.repeats.sort_unstable();
    Ok(core)
}

/// The entrant a forced repeat pairs with: after the top entrant took a repeat vertex, another
/// repeat vertex's highest-placed possible entrant.
fn repeat_partner(board: &mut Board) -> Result<usize, String> {
    let j2 = (board.first_joker..board.m.len())
        .find(|&j| board.m.is_alive(j))
        .ok_or_else(internal)?;
    let (s2, even) = board.candidates(j2)?;
    let u = (0..board.entrants.len())
        .find(|&u| board.m.is_alive(u) && even[u])
        .ok_or_else(internal)?;
    board.commit(s2, u)?;
    Ok(u)
}

/// Gives the bye to the lowest-placed eligible entrant that keeps the fewest repeats.
fn decide_bye(
    board: &mut Board,
    b: usize,
    eligible: &[usize],
    repeats: bool,
    notes: &mut Vec<String>,
) -> Result<usize, String> {
    let k = board.entrants.len();
    let (s, even) = board.candidates(b)?;
    let chosen = (0..k)
        .rev()
        .find(|&u| board.m.is_alive(u) && board.m.has_edge(b, u) && even[u])
        .ok_or_else(internal)?;
    board.commit(s, chosen)?;
    let field = board.field;
    let entrant = board.entrants[chosen];
    let mut skipped = Vec::new();
    for u in (chosen + 1..k).rev() {
        let e = board.entrants[u];
        if !eligible.is_empty() && !eligible.contains(&e) {
            skipped.push(format!(
                "{} had it in {}",
                field.name(e),
                rounds_text(&field.byes[e])
            ));
        } else {
            skipped.push(format!(
                "giving it to {} would leave the rest with {}",
                field.name(e),
                if repeats {
                    "more repeat meetings"
                } else {
                    "a repeat meeting"
                }
            ));
        }
    }
    notes.push(if skipped.is_empty() {
        format!("{} has the bye (the lowest-placed entrant).", field.name(entrant))
    } else {
        format!("{} has the bye: {}.", field.name(entrant), skipped.join("; "))
    });
    Ok(entrant)
}

/// "Team 4 meets Team 6, not Team 5: it met Team 5 in round 1."
fn float_note(board: &Board, t: usize, natural: usize, u: usize, repeats: bool) -> String {
    let field = board.field;
    let (te, ue) = (board.entrants[t], board.entrants[u]);
    let mut reasons = Vec::new();
    for v in natural..u {
        if v == t || !board.is_entrant(v) || !board.m.is_alive(v) {
            continue;
        }
        let ve = board.entrants[v];
        if field.have_met(te, ve) {
            reasons.push(format!(
                "it met {} in {}",
                field.name(ve),
                field.rounds_met(te, ve)
            ));
        } else {
            reasons.push(format!(
                "playing {} would leave the entrants below with {}",
                field.name(ve),
                if repeats {
                    "more repeat meetings"
                } else {
                    "no pairing free of repeats"
                }
            ));
        }
    }
    format!(
        "{} meets {}, not {}: {}.",
        field.name(te),
        field.name(ue),
        field.name(board.entrants[natural]),
        reasons.join("; ")
    )
}

/// An odd field with a three-way match: the lowest-placed three that have not met one another
/// and leave the rest a pairing free of repeats; if none, the lowest-placed entrant joins the
/// bottom match it has met least, and the rest is paired with the fewest repeats. A `long`
/// one (over two rounds) takes three that have not played one before while such three will
/// do, as a bye goes to an entrant that has not had one.
fn pair_with_three_way(field: &Field, everyone: &[usize], long: bool) -> Result<SwissRound, String> {
    let fresh = |e: usize| !long || field.long[e].is_empty();
    let mut second_long = false;
    let mut triangle = repeat_free_triangle(field, everyone, &fresh)?;
    if triangle.is_none() && long && !everyone.iter().all(|&e| fresh(e)) {
        triangle = repeat_free_triangle(field, everyone, &|_| true)?;
        second_long = triangle.is_some();
    }
    let Some(three) = triangle else {
        let last = everyone[everyone.len() - 1];
        let rest: Vec<usize> = everyone.iter().copied().filter(|&e| e != last).collect();
        let mut round = pair_core(field, &rest, None)?.into_round(false, false);
        join_bottom_match(field, last, &mut round);
        round.second_long_three_way = long && !field.long[last].is_empty();
        return Ok(round);
    };
    let rest: Vec<usize> = everyone.iter().copied().filter(|e| !three.contains(e)).collect();
    let mut round = pair_core(field, &rest, None)?.into_round(true, false);
    round.second_long_three_way = second_long;
    round
        .explanation
        .insert(0, three_way_sentence(field, &three, long, second_long));
    round.matches.push(SwissMatch { entrants: three });
    Ok(round)
}

/// Why these three play the three-way match, in a sentence; a long one's says it spans this
/// round and the next, and who plays a second one when no three fresh ones would do.
fn three_way_sentence(field: &Field, three: &[usize], long: bool, second_long: bool) -> String {
    let names = format!(
        "{}, {} and {}",
        field.name(three[0]),
        field.name(three[1]),
        field.name(three[2])
    );
    if !long {
        return format!(
            "{names} play the three-way match: the lowest-placed three that have not met one another and leave everyone else a pairing without a repeat."
        );
    }
    let mut sentence = format!(
        "{names} play the three-way match over two rounds (this round and the next, each meeting a full match): the lowest-placed three that have not met one another"
    );
    if second_long {
        let again: Vec<String> = three
            .iter()
            .filter(|&&e| !field.long[e].is_empty())
            .map(|&e| format!("{} (in {})", field.name(e), rounds_text(&field.long[e])))
            .collect();
        sentence.push_str(&format!(
            " and leave everyone else a pairing without a repeat; no three that have not played one before would do, so {} plays a second.",
            again.join(" and ")
        ));
    } else {
        sentence
            .push_str(", have not played one before, and leave everyone else a pairing without a repeat.");
    }
    sentence
}

/// The fallback: `extra` joins the lowest match with the fewest earlier meetings with it.
fn join_bottom_match(field: &Field, extra: usize, round: &mut SwissRound) {
    let count = |m: &SwissMatch| m.entrants.iter().filter(|&&e| field.have_met(e, extra)).count();
    let best = (0..round.matches.len())
        .rev()
        .min_by_key(|&i| count(&round.matches[i]));
    let Some(i) = best else { return };
    let mut sentence = format!(
        "No three-way match avoids a repeat meeting (every choice of three was tried): {} joins {} and {}",
        field.name(extra),
        field.name(round.matches[i].entrants[0]),
        field.name(round.matches[i].entrants[1])
    );
    for &e in &round.matches[i].entrants {
        if field.have_met(e, extra) {
            round.repeats.push((e.min(extra), e.max(extra)));
            sentence.push_str(&format!(
                "; it met {} in {}",
                field.name(e),
                field.rounds_met(e, extra)
            ));
        }
    }
    sentence.push_str(". With a bye instead, Tourney can pair the round with the fewest repeats proved.");
    round.explanation.insert(0, sentence);
    round.repeats.sort_unstable();
    round.matches[i].entrants.push(extra);
}

/// The lowest-placed three entrants that have not met one another and leave the rest a
/// pairing free of repeats, each of them `allowed`, best first; `None` when there are none.
fn repeat_free_triangle(
    field: &Field,
    entrants: &[usize],
    allowed: &dyn Fn(usize) -> bool,
) -> Result<Option<Vec<usize>>, String> {
    let k = entrants.len();
    let mut m = Matching::new(k);
    add_field_edges(&mut m, field, entrants, None, None);
    m.maximise();
    if m.size() * 2 + 1 != k {
        return Ok(None);
    }
    let s = (0..k).find(|&v| m.partner(v).is_none()).ok_or_else(internal)?;
    let outs = m.clone().even_set(s).ok_or_else(internal)?;
    let ok = |v: usize| allowed(entrants[v]);
    for x in (0..k).rev().filter(|&x| outs[x] && ok(x)) {
        let mut mx = m.clone();
        mx.remove(x);
        if x != s && !mx.augment_from(s) {
            return Err(internal());
        }
        for y in (0..k).rev().filter(|&y| m.has_edge(x, y) && ok(y)) {
            let mut my = mx.clone();
            let s2 = my.partner(y).ok_or_else(internal)?;
            my.remove(y);
            let even = my.even_set(s2).ok_or_else(internal)?;
            let z = (0..k)
                .rev()
                .find(|&z| z != y && ok(z) && m.has_edge(x, z) && m.has_edge(y, z) && even[z]);
            if let Some(z) = z {
                let mut three = vec![entrants[x], entrants[y], entrants[z]];
                three.sort_unstable();
                return Ok(Some(three));
            }
        }
    }
    Ok(None)
}
