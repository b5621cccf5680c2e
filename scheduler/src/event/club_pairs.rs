//! Club pairs evenings where the boards move: the travellers (every table that plays a board,
//! with its result) and the standings from them: matchpoints per board with Neuberg factoring
//! for boards played fewer times, artificial scores, and two winners (N-S and E-W) for a
//! Mitchell that is not arrow-switched, one winner otherwise.

use super::standings_table::StandingsTable;
use super::{BridgeResult, Event, ImpMethod, ResultKey, ResultValue, Results};
use crate::model::Seat;
use crate::movement::{MissedBoards, Movement, present_pairs};
use crate::scoring::bridge::{butler_imps, cross_imps};
use crate::scoring::pairs::{TravellerScore, traveller_matchpoints};
use crate::scoring::{place_text, shared_ranks};

/// One table's line on a traveller.
#[derive(Debug, Clone, PartialEq)]
pub struct TravellerRow {
    /// The round the board is played at this table, from 1.
    pub round: u32,
    /// The table, from 1.
    pub table: u32,
    /// The entrant sitting N-S (an index into the schedule's entrants).
    pub ns: usize,
    /// The entrant sitting E-W (an index into the schedule's entrants).
    pub ew: usize,
    /// The result entered, if any.
    pub result: Option<BridgeResult>,
    /// The N-S score of a played board.
    pub score: Option<i32>,
    /// N-S and E-W matchpoints (factored), once the row has a score or an artificial score.
    pub matchpoints: Option<(f64, f64)>,
}

/// One board's traveller: every table the movement sends it to, round by round.
#[derive(Debug, Clone, PartialEq)]
pub struct Traveller {
    /// The board number, from 1.
    pub board: u32,
    /// The top of the board: 2 × (times it should be played − 1).
    pub top: f64,
    /// One row per table the board is played at, in round order.
    pub rows: Vec<TravellerRow>,
}

/// How many times each board should be played: the most any board is scheduled in the
/// movement (with a phantom pair usually one fewer than the tables). Boards played fewer
/// times are factored up to it.
pub fn expected_plays(movement: &Movement) -> usize {
    let mut plays = vec![0usize; movement.sets + 1];
    for round in &movement.rounds {
        for table in &round.tables {
            if let Some(count) = plays.get_mut(table.set) {
                *count += 1;
            }
        }
    }
    plays.into_iter().max().unwrap_or(0)
}

/// The travellers of a club pairs event, board 1 first (empty for other events).
pub fn travellers(event: &Event, results: &Results) -> Vec<Traveller> {
    let Some(movement) = &event.schedule.movement else {
        return Vec::new();
    };
    let boards = movement.sets * movement.boards_per_round;
    let mut by_board: Vec<Vec<TravellerRow>> = vec![Vec::new(); boards];
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (Some(ns), Some(ew)) = (table.entrant_at(Seat::N), table.entrant_at(Seat::E)) else {
                continue;
            };
            for deal in event.deals_at(round.number, table.number) {
                let key = ResultKey {
                    round: round.number,
                    table: table.number,
                    deal,
                };
                let result = match results.get(&key) {
                    Some(ResultValue::Bridge { board }) => Some(*board),
                    _ => None,
                };
                if let Some(rows) = (deal as usize).checked_sub(1).and_then(|i| by_board.get_mut(i)) {
                    rows.push(TravellerRow {
                        round: round.number,
                        table: table.number,
                        ns,
                        ew,
                        result,
                        score: result.and_then(|r| r.north_south_score(deal)),
                        matchpoints: None,
                    });
                }
            }
        }
    }
    let expected = expected_plays(movement);
    by_board
        .into_iter()
        .enumerate()
        .map(|(i, mut rows)| {
            let scored: Vec<(usize, TravellerScore)> = rows
                .iter()
                .enumerate()
                .filter_map(|(r, row)| {
                    let score = match row.result? {
                        BridgeResult::Artificial { ns, ew } => TravellerScore::Artificial {
                            ns: ns.fraction(),
                            ew: ew.fraction(),
                        },
                        BridgeResult::NotPlayed => return None,
                        _ => TravellerScore::Played(row.score?),
                    };
                    Some((r, score))
                })
                .collect();
            let scores: Vec<TravellerScore> = scored.iter().map(|s| s.1).collect();
            let (top, mp) = traveller_matchpoints(&scores, expected);
            for ((r, _), mp) in scored.iter().zip(mp) {
                rows[*r].matchpoints = Some(mp);
            }
            Traveller {
                board: i as u32 + 1,
                top,
                rows,
            }
        })
        .collect()
}

/// One pair's line in a ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedPair {
    /// Shared by equal scores ("1, 1, 3").
    pub rank: u32,
    /// Whether the rank is shared with another pair.
    pub tied: bool,
    /// The pair, as an index into the schedule's entrants.
    pub entrant: usize,
    /// The movement's pair number.
    pub pair: usize,
    /// Matchpoints on the 2-per-score-beaten scale, over the boards it has a score on.
    pub matchpoints: f64,
    /// The sum of the tops of the boards the pair has a score on (artificial scores too).
    pub top: f64,
    /// The boards the pair has a score on.
    pub boards: u32,
    /// Matchpoints as a percentage of `top`; 0 before any score.
    pub percent: f64,
    /// IMPs won over the boards played (negative when lost); 0 unless IMPs were asked for.
    pub imps: f64,
}

/// One field of winners: all pairs (a Howell, an arrow-switched Mitchell) or one direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranking {
    /// "North-South" / "East-West" for a Mitchell with two winners.
    pub direction: Option<&'static str>,
    /// The pairs of this field, best first.
    pub pairs: Vec<RankedPair>,
}

/// The rankings of a club pairs event: one for a Howell or an arrow-switched Mitchell, N-S
/// and E-W for a plain Mitchell. Each pair's percentage is of the tops of the boards it has
/// a score on (a board not played counts for nothing either way). Ranked by percentage, or
/// by IMPs when `imp_method` is given.
pub fn rankings(event: &Event, results: &Results, imp_method: Option<ImpMethod>) -> Vec<Ranking> {
    let Some(movement) = &event.schedule.movement else {
        return Vec::new();
    };
    let n = event.schedule.entrants.len();
    let mut points = vec![0f64; n];
    let mut tops = vec![0f64; n];
    let mut boards = vec![0u32; n];
    let mut imps = vec![0f64; n];
    let travellers = travellers(event, results);
    let pairs = present_pairs(movement);
    for (entrant, mp, top) in late_averages(movement, &pairs, &travellers) {
        if entrant < n {
            points[entrant] += mp;
            tops[entrant] += top;
            boards[entrant] += 1;
        }
    }
    for traveller in &travellers {
        for row in &traveller.rows {
            let Some((ns, ew)) = row.matchpoints else { continue };
            for (entrant, mp) in [(row.ns, ns), (row.ew, ew)] {
                points[entrant] += mp;
                tops[entrant] += traveller.top;
                boards[entrant] += 1;
            }
        }
        if let Some(method) = imp_method {
            let played: Vec<&TravellerRow> = traveller.rows.iter().filter(|r| r.score.is_some()).collect();
            let scores: Vec<i32> = played.iter().filter_map(|r| r.score).collect();
            let board_imps = match method {
                ImpMethod::Cross => cross_imps(&scores),
                ImpMethod::Butler => butler_imps(&scores),
            };
            for (row, i) in played.iter().zip(board_imps) {
                imps[row.ns] += i;
                imps[row.ew] -= i;
            }
        }
    }
    let all: Vec<usize> = (0..n).collect();
    let groups: Vec<(Option<&'static str>, Vec<usize>)> = if movement.one_winner() {
        vec![(None, all)]
    } else {
        let is_ns = |e: &usize| pairs.get(*e).is_some_and(|&p| p <= movement.tables);
        vec![
            (Some("North-South"), all.iter().copied().filter(is_ns).collect()),
            (
                Some("East-West"),
                all.iter().copied().filter(|e| !is_ns(e)).collect(),
            ),
        ]
    };
    let percent = |e: usize| {
        if tops[e] > 0.0 {
            100.0 * points[e] / tops[e]
        } else {
            0.0
        }
    };
    let key = |e: usize| {
        if imp_method.is_some() {
            (imps[e] * 100.0).round() as i64
        } else {
            (percent(e) * 100.0).round() as i64
        }
    };
    groups
        .into_iter()
        .map(|(direction, mut members)| {
            members.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
            let keys: Vec<i64> = members.iter().map(|&e| key(e)).collect();
            let ranked = members
                .iter()
                .zip(shared_ranks(&keys))
                .map(|(&e, rank)| RankedPair {
                    rank,
                    tied: keys.iter().filter(|&&k| k == key(e)).count() > 1,
                    entrant: e,
                    pair: pairs.get(e).copied().unwrap_or(0),
                    matchpoints: points[e],
                    top: tops[e],
                    boards: boards[e],
                    percent: percent(e),
                    imps: imps[e],
                })
                .collect();
            Ranking {
                direction,
                pairs: ranked,
            }
        })
        .collect()
}

/// The averages of late pairs whose director chose [`MissedBoards::Average`]: for each board
/// the pair would have played in a round it missed (at the phantom's seat it took), the
/// entrant, half the board's top, and the top.
fn late_averages(movement: &Movement, pairs: &[usize], travellers: &[Traveller]) -> Vec<(usize, f64, f64)> {
    let mut averages = Vec::new();
    for late in movement.late.iter().filter(|l| l.missed == MissedBoards::Average) {
        let Some(entrant) = pairs.iter().position(|&p| p == late.pair) else {
            continue;
        };
        for seat in movement
            .phantom_seats
            .iter()
            .filter(|s| s.round < late.before_round)
        {
            for board in movement.boards_of_set(seat.table.set) {
                if let Some(traveller) = travellers.iter().find(|t| t.board as usize == board) {
                    averages.push((entrant, traveller.top / 2.0, traveller.top));
                }
            }
        }
    }
    averages
}

/// The standings tables of a club pairs event, one per [`Ranking`]; matchpoints shown on
/// the 1-per-score-beaten scale, a shared place written "4=".
pub fn standings(event: &Event, results: &Results, imp_method: Option<ImpMethod>) -> Vec<StandingsTable> {
    let Some(movement) = &event.schedule.movement else {
        return Vec::new();
    };
    rankings(event, results, imp_method)
        .into_iter()
        .map(|ranking| {
            let mut columns = vec!["Rank", "No.", "Pair", "Boards", "MP", "Top", "%"];
            if imp_method.is_some() {
                columns.push("IMPs");
            }
            let rows = ranking
                .pairs
                .iter()
                .map(|p| {
                    let mut row = vec![
                        place_text(p.rank, p.tied),
                        movement.label(p.pair),
                        event.schedule.entrants[p.entrant].clone(),
                        p.boards.to_string(),
                        format!("{:.1}", p.matchpoints / 2.0),
                        format!("{:.0}", p.top / 2.0),
                        format!("{:.2}", p.percent),
                    ];
                    if imp_method.is_some() {
                        row.push(format!("{:.2}", p.imps));
                    }
                    row
                })
                .collect();
            StandingsTable {
                heading: ranking.direction.map(String::from),
                columns: columns.into_iter().map(String::from).collect(),
                rows,
                note: Some(note(movement, imp_method)),
            }
        })
        .collect()
}

fn note(movement: &Movement, imp_method: Option<ImpMethod>) -> String {
    let ranked = match imp_method {
        None => "Matchpoints: 1 for each score beaten, ½ for each tie",
        Some(ImpMethod::Cross) => "Ranked by cross-IMPs",
        Some(ImpMethod::Butler) => "Ranked by Butler IMPs",
    };
    let winners = if movement.one_winner() {
        "one winner"
    } else {
        "two winners, N-S and E-W ranked separately"
    };
    format!(
        "{ranked}; boards played fewer times factored by the Neuberg formula; AVE+/AVE/AVE− score 60/50/40 %; {winners}."
    )
}

/// A pair as the club writes it on a traveller: "3", "3 NS", "3NS", "5 EW", "5-EW". In a
/// Mitchell a plain number is the N-S pair when `north_south`, else the E-W pair; in a Howell
/// pairs are plain numbers.
pub fn pair_of_label(movement: &Movement, text: &str, north_south: bool) -> Result<usize, String> {
    let t = text.trim().to_ascii_uppercase();
    let (digits, side) = match t.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => (&t[..i], Some(t[i..].trim_matches(|c: char| c == ' ' || c == '-'))),
        None => (t.as_str(), None),
    };
    let number: usize = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a pair: write its number, e.g. 3 or 3 NS"))?;
    let ns_side = match side {
        None => north_south,
        Some("NS" | "N" | "N-S" | "N/S") => true,
        Some("EW" | "E" | "E-W" | "E/W") => false,
        Some(other) => return Err(format!("{text:?}: {other:?} is not a direction; write NS or EW")),
    };
    let pair = if movement.kind.is_mitchell() {
        let within = (1..=movement.tables).contains(&number);
        if !within {
            return Err(format!(
                "{text:?}: this Mitchell's pairs are numbered 1 to {} in each direction",
                movement.tables
            ));
        }
        if ns_side { number } else { number + movement.tables }
    } else {
        if side.is_some() {
            return Err(format!(
                "{text:?}: in a Howell pairs are plain numbers (1 to {})",
                movement.pairs
            ));
        }
        number
    };
    if pair == 0 || pair > movement.pairs || movement.phantom == Some(pair) {
        return Err(format!("there is no pair {text:?} in this movement"));
    }
    Ok(pair)
}

/// Where a traveller line was played: board `board` with pair `ns` sitting N-S against pair
/// `ew` (as written on the traveller, see [`pair_of_label`]). The answer is the round and
/// table, or a sentence saying where those pairs really played the board.
pub fn locate_traveller_line(event: &Event, board: u32, ns: &str, ew: &str) -> Result<ResultKey, String> {
    let Some(movement) = &event.schedule.movement else {
        return Err("this event has no movement: give --round and --table".into());
    };
    let a = pair_of_label(movement, ns, true)?;
    let b = pair_of_label(movement, ew, false)?;
    if a == b {
        return Err(format!("{} cannot play against itself", movement.label(a)));
    }
    let boards = movement.sets * movement.boards_per_round;
    if board == 0 || board as usize > boards {
        return Err(format!("board {board}: this movement has boards 1 to {boards}"));
    }
    let plays = |pair: usize| {
        movement.rounds.iter().find_map(|round| {
            round.tables.iter().find_map(|t| {
                let here = (t.ns == pair || t.ew == pair)
                    && movement.boards_of_set(t.set).contains(&(board as usize));
                here.then_some((round.number, t))
            })
        })
    };
    match plays(a) {
        Some((round, t)) if t.ns == a && t.ew == b => Ok(ResultKey {
            round: round as u32,
            table: t.table as u32,
            deal: board,
        }),
        Some((round, t)) if t.ew == a && t.ns == b => Err(format!(
            "board {board} was played in round {round} at table {} with {} N-S and {} E-W{}: write the pairs that way round",
            t.table,
            movement.label(b),
            movement.label(a),
            if movement
                .rounds
                .iter()
                .any(|r| r.number == round && r.arrow_switch)
            {
                " (an arrow-switched round)"
            } else {
                ""
            }
        )),
        Some((round, t)) => {
            let other = if t.ns == a { t.ew } else { t.ns };
            Err(format!(
                "{} played board {board} against {}, not {} (round {round}, table {})",
                movement.label(a),
                movement.label(other),
                movement.label(b),
                t.table
            ))
        }
        None => Err(not_played_by(movement, a, board)),
    }
}

/// Why pair `pair` has no line for `board`: it left before playing it, arrived after its
/// round, or the movement never gives it that board.
fn not_played_by(movement: &Movement, pair: usize, board: u32) -> String {
    let label = movement.label(pair);
    if let Some(w) = movement.withdrawn.iter().find(|w| w.pair == pair) {
        return format!(
            "{label} withdrew after round {}, so it did not play board {board}: from round {} its opponents sat out and its boards were not played",
            w.after_round,
            w.after_round + 1
        );
    }
    if let Some(late) = movement.late_arrival(pair) {
        return format!(
            "{label} arrived late, before round {}, and does not play board {board} in the rounds it plays (it missed the rounds before)",
            late.before_round
        );
    }
    format!("{label} does not play board {board} in this movement")
}

/// One board on a pair's personal scorecard, from the pair's side of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct ScorecardBoard {
    /// The board number, from 1.
    pub board: u32,
    /// The result entered at the pair's table, if any.
    pub result: Option<BridgeResult>,
    /// The pair's own score (positive when the pair scored) of a board played.
    pub score: Option<i32>,
    /// The pair's matchpoints on the traveller's 2-per-score-beaten scale (factored, as the
    /// traveller and the standings count them), once the board has a score or an artificial
    /// score.
    pub matchpoints: Option<f64>,
    /// The board's top on the same scale.
    pub top: f64,
    /// The matchpoints are factored (Neuberg): every table that plays the board has its
    /// result, and fewer scores are compared than the top counts (a board not played at a
    /// table, an artificial score, a half table).
    pub factored: bool,
}

impl ScorecardBoard {
    /// The matchpoints as a percentage of the board's top.
    pub fn percent(&self) -> Option<f64> {
        let mp = self.matchpoints?;
        (self.top > 0.0).then(|| 100.0 * mp / self.top)
    }
}

/// Where a pair was in one round, as its scorecard says it.
#[derive(Debug, Clone, PartialEq)]
pub enum ScorecardSeat {
    /// At a table against another pair, with the boards played there.
    Table {
        /// The table, from 1.
        table: u32,
        /// Whether the pair sat N-S (else E-W).
        north_south: bool,
        /// The opponents' pair number in the movement.
        opponent_pair: usize,
        /// The opponents as an index into the schedule's entrants.
        opponent: Option<usize>,
        /// The round's boards, first to last.
        boards: Vec<ScorecardBoard>,
    },
    /// Present, with no opponents this round (they would have met the phantom, or a pair
    /// that left).
    SitsOut,
    /// The pair had left the evening after round `after_round`.
    Withdrawn {
        /// The last round the pair played.
        after_round: u32,
    },
    /// The pair arrived late (in the half table's seat) and plays from round `first_round`;
    /// the boards it missed are scored as `missed` says.
    NotYetArrived {
        /// The first round the pair plays.
        first_round: u32,
        /// How the boards it missed are scored.
        missed: MissedBoards,
    },
    /// Not at the event this round for another reason.
    Absent,
}

impl ScorecardSeat {
    /// What a card says in a round the pair has no table ("sits out: no opponents this
    /// round"); `None` at a table.
    pub fn note(&self) -> Option<String> {
        Some(match self {
            ScorecardSeat::Table { .. } => return None,
            ScorecardSeat::SitsOut => "sits out: no opponents this round".to_owned(),
            ScorecardSeat::Withdrawn { after_round } => {
                format!("withdrawn: the pair left after round {after_round}")
            }
            ScorecardSeat::NotYetArrived { first_round, missed } => format!(
                "not yet arrived (plays from round {first_round}): boards scored as {}",
                match missed {
                    MissedBoards::NotPlayed => "not played",
                    MissedBoards::Average => "average, 50 %",
                }
            ),
            ScorecardSeat::Absent => "not playing this round".to_owned(),
        })
    }
}

/// One round of a pair's scorecard.
#[derive(Debug, Clone, PartialEq)]
pub struct ScorecardRound {
    /// The round, from 1.
    pub round: u32,
    /// Where the pair was.
    pub seat: ScorecardSeat,
}

/// A pair's standing at the foot of its scorecard: the same figures as its line in the
/// standings ([`rankings`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ScorecardStanding {
    /// Matchpoints on the 2-per-score-beaten scale, over the boards the pair has a score on.
    pub matchpoints: f64,
    /// The sum of the tops of those boards.
    pub top: f64,
    /// The boards the pair has a score on.
    pub boards: u32,
    /// Matchpoints as a percentage of `top`.
    pub percent: f64,
    /// The pair's place in its field, shared by equal scores.
    pub rank: u32,
    /// Whether the place is shared.
    pub tied: bool,
    /// "North-South" / "East-West" in a Mitchell with two winners; `None` for one field.
    pub field: Option<&'static str>,
    /// The pairs ranked in the pair's field.
    pub field_size: usize,
    /// The pair's IMPs when the event ranks by IMPs.
    pub imps: Option<f64>,
    /// Traveller lines of the whole evening still without a result: the figures are
    /// provisional while any is missing.
    pub missing: usize,
}

/// A pair's personal scorecard: round by round where it sat, whom it met and, board by
/// board, its result, score and matchpoints; its standing at the foot once there are results.
#[derive(Debug, Clone, PartialEq)]
pub struct Scorecard {
    /// The pair, as an index into the schedule's entrants.
    pub entrant: usize,
    /// The movement's pair number.
    pub pair: usize,
    /// Every round of the movement, in order.
    pub rounds: Vec<ScorecardRound>,
    /// `None` before any result of the evening is entered (a blank card to write on).
    pub standing: Option<ScorecardStanding>,
}

/// The personal scorecards of a club pairs event, one per pair in pair-number order (empty
/// for other events): the travellers' lines and matchpoints ([`travellers`]) seen from each
/// pair's side, and each pair's line of the standings ([`rankings`], by the event's IMP
/// method when it has one).
pub fn scorecards(event: &Event, results: &Results) -> Vec<Scorecard> {
    let Some(movement) = &event.schedule.movement else {
        return Vec::new();
    };
    let imp_method = match event.settings.scoring {
        super::Scoring::Bridge { imps, .. } => imps,
        _ => None,
    };
    let travellers = travellers(event, results);
    let started = travellers
        .iter()
        .flat_map(|t| &t.rows)
        .any(|r| r.result.is_some());
    let rankings = if started {
        rankings(event, results, imp_method)
    } else {
        Vec::new()
    };
    scorecards_of(movement, &travellers, &rankings, imp_method)
}

/// The scorecards of `movement` with its travellers and rankings (`imp_method`: the event's,
/// when it ranks by IMPs); with none (a movement before its event exists), blank cards with
/// each pair's tables, opponents and boards.
pub fn scorecards_of(
    movement: &Movement,
    travellers: &[Traveller],
    rankings: &[Ranking],
    imp_method: Option<ImpMethod>,
) -> Vec<Scorecard> {
    let pairs = present_pairs(movement);
    let lines = || travellers.iter().flat_map(|t| &t.rows);
    let missing = lines().filter(|r| r.result.is_none()).count();
    let started = lines().any(|r| r.result.is_some());
    let context = CardContext {
        movement,
        pairs: &pairs,
        travellers,
        factored: factored_boards(movement, travellers),
        top: 2.0 * expected_plays(movement).saturating_sub(1) as f64,
    };
    pairs
        .iter()
        .enumerate()
        .map(|(entrant, &pair)| Scorecard {
            entrant,
            pair,
            rounds: movement
                .rounds
                .iter()
                .map(|round| ScorecardRound {
                    round: round.number as u32,
                    seat: context.seat(round, pair),
                })
                .collect(),
            standing: started
                .then(|| standing_of(rankings, entrant, missing, imp_method.is_some()))
                .flatten(),
        })
        .collect()
}

/// The boards whose matchpoints are factored: all their results are in and fewer scores
/// are compared than the movement's top counts.
fn factored_boards(movement: &Movement, travellers: &[Traveller]) -> Vec<u32> {
    let expected = expected_plays(movement);
    travellers
        .iter()
        .filter(|t| {
            let complete = t.rows.iter().all(|r| r.result.is_some());
            let compared = t.rows.iter().filter(|r| r.score.is_some()).count();
            complete && compared > 0 && compared < expected
        })
        .map(|t| t.board)
        .collect()
}

/// What every card is read from.
struct CardContext<'a> {
    movement: &'a Movement,
    /// `present_pairs(movement)`: entrant i is pair `pairs[i]`.
    pairs: &'a [usize],
    travellers: &'a [Traveller],
    /// `factored_boards`.
    factored: Vec<u32>,
    /// The top of a board before any result (the travellers have their own).
    top: f64,
}

impl CardContext<'_> {
    /// Where `pair` was in `round`, with its boards' lines from the travellers.
    fn seat(&self, round: &crate::movement::MovementRound, pair: usize) -> ScorecardSeat {
        use crate::movement::guide::{PairPlace, pair_place};
        let movement = self.movement;
        let number = round.number;
        let (table, north_south) = match pair_place(movement, number, pair) {
            PairPlace::Table { table, north_south } => (table, north_south),
            PairPlace::SitsOut => return ScorecardSeat::SitsOut,
            PairPlace::Absent => {
                let left = movement
                    .withdrawn
                    .iter()
                    .find(|w| w.pair == pair && number > w.after_round);
                if let Some(late) = movement.late_arrival(pair).filter(|l| number < l.before_round) {
                    return ScorecardSeat::NotYetArrived {
                        first_round: late.before_round as u32,
                        missed: late.missed,
                    };
                }
                return match left {
                    Some(w) => ScorecardSeat::Withdrawn {
                        after_round: w.after_round as u32,
                    },
                    None => ScorecardSeat::Absent,
                };
            }
        };
        let Some(at) = round.tables.iter().find(|t| t.table == table) else {
            return ScorecardSeat::Absent;
        };
        let opponent_pair = if north_south { at.ew } else { at.ns };
        ScorecardSeat::Table {
            table: table as u32,
            north_south,
            opponent_pair,
            opponent: self.pairs.iter().position(|&p| p == opponent_pair),
            boards: movement
                .boards_of_set(at.set)
                .map(|board| {
                    self.board(
                        u32::try_from(board).unwrap_or(u32::MAX),
                        number,
                        table,
                        north_south,
                    )
                })
                .collect(),
        }
    }

    /// Board `board` as played in round `number` at `table`, from the side that sat N-S when
    /// `north_south`.
    fn board(&self, board: u32, number: usize, table: usize, north_south: bool) -> ScorecardBoard {
        let traveller = self.travellers.iter().find(|t| t.board == board);
        let line = traveller.and_then(|t| {
            t.rows
                .iter()
                .find(|r| r.round as usize == number && r.table as usize == table)
        });
        ScorecardBoard {
            board,
            result: line.and_then(|l| l.result),
            score: line
                .and_then(|l| l.score)
                .map(|s| if north_south { s } else { -s }),
            matchpoints: line
                .and_then(|l| l.matchpoints)
                .map(|(ns, ew)| if north_south { ns } else { ew }),
            top: traveller.map_or(self.top, |t| t.top),
            factored: line.is_some_and(|l| l.score.is_some()) && self.factored.contains(&board),
        }
    }
}

/// The pair's line of the rankings, for the foot of its card.
fn standing_of(
    rankings: &[Ranking],
    entrant: usize,
    missing: usize,
    imps: bool,
) -> Option<ScorecardStanding> {
    rankings.iter().find_map(|ranking| {
        let line = ranking.pairs.iter().find(|p| p.entrant == entrant)?;
        Some(ScorecardStanding {
            matchpoints: line.matchpoints,
            top: line.top,
            boards: line.boards,
            percent: line.percent,
            rank: line.rank,
            tied: line.tied,
            field: ranking.direction,
            field_size: ranking.pairs.len(),
            imps: imps.then_some(line.imps),
            missing,
        })
    })
}
