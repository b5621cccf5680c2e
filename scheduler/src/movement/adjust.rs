//! Changes a club makes to a generated movement on the evening: a phantom pair for an odd
//! number of pairs (the half table), an arrow switch so a Mitchell has one winner, a shorter
//! evening (the first rounds only, when that stays fair), and a pair that leaves after some
//! round. Each takes a movement and returns the changed one; the
//! verifier checks the result like any other movement.

use super::{LatePair, MissedBoards, Movement, MovementKind, MovementRound, PhantomSeat, Withdrawal};

/// Takes pair `pair` out of the rounds `from..`: the table it would sit at is not played (its
/// board set rests there), and its opponent sits out.
fn remove_pair(rounds: &mut [MovementRound], pair: usize, from: usize) {
    for round in rounds.iter_mut().filter(|r| r.number >= from) {
        let Some(index) = round.tables.iter().position(|t| t.ns == pair || t.ew == pair) else {
            continue;
        };
        let table = round.tables.remove(index);
        let opponent = if table.ns == pair { table.ew } else { table.ns };
        round.sitting_out.retain(|&p| p != pair);
        if !round.sitting_out.contains(&opponent) {
            round.sitting_out.push(opponent);
            round.sitting_out.sort_unstable();
        }
        // A shared set is still played at the other table.
        if !round.tables.iter().any(|t| t.set == table.set) && !round.resting_sets.contains(&table.set) {
            round.resting_sets.push(table.set);
            round.resting_sets.sort_unstable();
        }
    }
}

fn check_pair(movement: &Movement, pair: usize) -> Result<(), String> {
    if pair == 0 || pair > movement.pairs {
        return Err(format!(
            "There is no pair {pair}: this movement's pairs are 1 to {}.",
            movement.pairs
        ));
    }
    Ok(())
}

/// The half table: the movement for one pair more than there are, with pair `phantom` not
/// there. Whoever would have met the phantom sits out that round and the boards of that
/// table rest. The organiser chooses the phantom: in a Mitchell usually an E-W pair (so the
/// sit-out moves round the room and N-S pairs all play every round), in a Howell any pair.
/// Refused, naming the boards, when the phantom's table would take away the second play of
/// a board set, leaving it with no score to compare (the 2- and 3-table Howells: 5 pairs have
/// their own movement, `two_and_a_half_table_howell`, and 3 pairs none).
pub fn with_phantom(mut movement: Movement, phantom: usize) -> Result<Movement, String> {
    check_pair(&movement, phantom)?;
    if let Some(existing) = movement.phantom {
        return Err(format!(
            "This movement already has a phantom pair ({}).",
            movement.label(existing)
        ));
    }
    let before = plays_per_set(&movement, movement.rounds.len());
    let seats: Vec<PhantomSeat> = movement
        .rounds
        .iter()
        .filter_map(|round| {
            let table = round.tables.iter().find(|t| t.ns == phantom || t.ew == phantom)?;
            Some(PhantomSeat {
                round: round.number,
                table: table.clone(),
            })
        })
        .collect();
    remove_pair(&mut movement.rounds, phantom, 1);
    let after = plays_per_set(&movement, movement.rounds.len());
    let alone: Vec<String> = (1..=movement.sets)
        .filter(|&s| before[s - 1] > 0 && after[s - 1] < 2)
        .map(|s| {
            let boards = movement.boards_of_set(s);
            if boards.start() == boards.end() {
                boards.start().to_string()
            } else {
                format!("{}–{}", boards.start(), boards.end())
            }
        })
        .collect();
    if !alone.is_empty() {
        return Err(format!(
            "With pair {} as the phantom, the {} on {} tables plays boards {} at one table only, so their scores would have nothing to compare with; every board is played at least twice.",
            movement.label(phantom),
            movement.kind.name(),
            movement.tables,
            alone.join(", ")
        ));
    }
    movement.phantom = Some(phantom);
    movement.phantom_seats = seats;
    Ok(movement)
}

/// The rounds a club arrow-switches in a Mitchell so that it has one winner: the last round
/// when the movement has up to 9 rounds, the last two up to 17, the last three beyond. In a
/// switched round every N-S pair plays the boards as E-W, so over the evening each pair
/// plays about an eighth to a quarter of the boards the other way round.
///
/// The "last round when ≤ 9 rounds" rule is the usual club practice (e.g. Exeter Bridge
/// Club's movement list: "Arrow switch on last round"); the extension to longer movements
/// keeps the switched share between one ninth and one sixth of the rounds.
pub fn default_arrow_switch_rounds(rounds: usize) -> Vec<usize> {
    let switched = match rounds {
        0 => 0,
        1..=9 => 1,
        10..=17 => 2,
        _ => 3,
    };
    (rounds + 1 - switched.min(rounds)..=rounds)
        .filter(|&r| r >= 1)
        .collect()
}

/// Arrow switch in the given rounds of a Mitchell: at every table the pair numbered N-S sits
/// E-W and the other way round, so N-S and E-W pairs are compared with each other and the
/// evening has one winner.
pub fn arrow_switch(mut movement: Movement, rounds: &[usize]) -> Result<Movement, String> {
    if !movement.kind.is_mitchell() {
        return Err(
            "An arrow switch is for Mitchell movements; in a Howell pairs already change direction."
                .to_string(),
        );
    }
    let total = movement.rounds.len();
    for &number in rounds {
        let Some(round) = movement.rounds.iter_mut().find(|r| r.number == number) else {
            return Err(format!(
                "There is no round {number}: this movement has rounds 1 to {total}."
            ));
        };
        if round.arrow_switch {
            continue;
        }
        for table in &mut round.tables {
            std::mem::swap(&mut table.ns, &mut table.ew);
        }
        round.arrow_switch = true;
        for seat in movement.phantom_seats.iter_mut().filter(|s| s.round == number) {
            std::mem::swap(&mut seat.table.ns, &mut seat.table.ew);
        }
    }
    Ok(movement)
}

/// A pair that leaves after round `after_round`: from the next round it is treated like a
/// phantom (its opponents sit out, the boards of its table rest), and the boards it did not
/// play are scored as not played. Rounds already played are unchanged.
pub fn withdraw(mut movement: Movement, pair: usize, after_round: usize) -> Result<Movement, String> {
    check_pair(&movement, pair)?;
    if movement.kind == MovementKind::TeamsOfFour {
        return Err(format!(
            "{} is one half of a team at a teams night: its matches' other halves are played by its team-mates, so it cannot leave on its own (a team withdrawing from a teams night is not built yet; enter the director's scores instead)",
            movement.label(pair)
        ));
    }
    if movement.phantom == Some(pair) {
        return Err(format!(
            "{} is the phantom pair; it is not there to leave.",
            movement.label(pair)
        ));
    }
    if movement.withdrawn.iter().any(|w| w.pair == pair) {
        return Err(format!("{} has already left.", movement.label(pair)));
    }
    let total = movement.rounds.len();
    if after_round >= total {
        return Err(format!(
            "After round {after_round} there is nothing left to play (the movement has {total} rounds)."
        ));
    }
    remove_pair(&mut movement.rounds, pair, after_round + 1);
    movement.withdrawn.push(Withdrawal { pair, after_round });
    Ok(movement)
}

/// A pair arriving late takes the phantom's seat from round `before_round`: in each round
/// from then it sits where the full movement has the phantom, against the pair that sat out
/// and with the board set that rested there (or sits out itself, when that pair has left).
/// The rounds before are unchanged: the pair is absent from them, and its missed boards are
/// scored as `missed` says. The phantom's number becomes the late pair's. Refused, with the
/// reason, when the movement has no phantom (every seat is taken) or no seat with boards for
/// it, or the round is not in the movement.
pub fn arrive(mut movement: Movement, before_round: usize, missed: MissedBoards) -> Result<Movement, String> {
    let Some(phantom) = movement.phantom else {
        return Err(format!(
            "every seat of the {} on {} tables is taken: there is no half table for a late pair to sit at",
            movement.kind.name(),
            movement.tables_text()
        ));
    };
    let total = movement.rounds.len();
    if before_round == 0 || before_round > total {
        return Err(format!(
            "there is no round {before_round}: this movement has rounds 1 to {total}"
        ));
    }
    if movement.phantom_seats.is_empty() {
        movement.phantom_seats = phantom_seats_made_again(&movement, phantom);
    }
    let mut seats = Vec::new();
    for round in movement.rounds.iter().filter(|r| r.number >= before_round) {
        let Some(seat) = movement.phantom_seats.iter().find(|s| s.round == round.number) else {
            return Err(format!(
                "the {} on {} tables has no seat with boards where the missing pair would sit in round {} (a 2½-table Howell's missing pair rests with the pair sitting out; a movement made by hand or read from a file, not as its kind is made, does not say where its phantom would sit)",
                movement.kind.name(),
                movement.tables_text(),
                round.number
            ));
        };
        if round.tables.iter().any(|t| t.table == seat.table.table) {
            return Err(format!(
                "round {}: table {} is already in play, so the phantom's seat there is not free",
                round.number, seat.table.table
            ));
        }
        seats.push(seat.clone());
    }
    for seat in seats {
        let opponent = if seat.table.ns == phantom {
            seat.table.ew
        } else {
            seat.table.ns
        };
        let opponent_left = movement.is_absent(opponent, seat.round);
        let Some(round) = movement.rounds.iter_mut().find(|r| r.number == seat.round) else {
            continue;
        };
        if opponent_left {
            // The pair the late pair would meet has left: the late pair sits out instead.
            round.sitting_out.retain(|&p| p != opponent);
            round.sitting_out.push(phantom);
            round.sitting_out.sort_unstable();
            continue;
        }
        round.sitting_out.retain(|&p| p != opponent);
        round.resting_sets.retain(|&s| s != seat.table.set);
        let at = round.tables.partition_point(|t| t.table < seat.table.table);
        round.tables.insert(at, seat.table);
    }
    movement.phantom = None;
    movement.late.push(LatePair {
        pair: phantom,
        before_round,
        missed,
    });
    Ok(movement)
}

/// The phantom's seats of a movement stored without them (made by a Tourney before they
/// were kept): the full movement of the same kind, size and boards is made again, arrow-
/// switched in the same rounds and cut to the same rounds, and its tables where the phantom
/// sits are taken — only when every stored table is one of the remade movement's in the same
/// round and place (so it is the same movement). Empty when it is not, or for a movement
/// with no full form (the 2½-table Howell).
fn phantom_seats_made_again(movement: &Movement, phantom: usize) -> Vec<PhantomSeat> {
    let Ok(mut full) = super::generate::generate(movement.kind, movement.tables, movement.boards_per_round)
    else {
        return Vec::new();
    };
    if full.pairs != movement.pairs || full.rounds.len() < movement.rounds.len() {
        return Vec::new();
    }
    full.rounds.truncate(movement.rounds.len());
    let switched: Vec<usize> = movement
        .rounds
        .iter()
        .filter(|r| r.arrow_switch)
        .map(|r| r.number)
        .collect();
    if !switched.is_empty() {
        let Ok(done) = arrow_switch(full, &switched) else {
            return Vec::new();
        };
        full = done;
    }
    let same = movement.rounds.iter().zip(&full.rounds).all(|(stored, made)| {
        stored.number == made.number && stored.tables.iter().all(|t| made.tables.contains(t))
    });
    if !same {
        return Vec::new();
    }
    full.rounds
        .iter()
        .filter_map(|round| {
            let table = round.tables.iter().find(|t| t.ns == phantom || t.ew == phantom)?;
            Some(PhantomSeat {
                round: round.number,
                table: table.clone(),
            })
        })
        .collect()
}

/// How often each board set (index set − 1) is played at a table in the first `rounds`
/// rounds (a set shared by two tables counts twice).
fn plays_per_set(movement: &Movement, rounds: usize) -> Vec<usize> {
    let mut plays = vec![0usize; movement.sets];
    for round in movement.rounds.iter().take(rounds) {
        for table in &round.tables {
            if let Some(count) = table.set.checked_sub(1).and_then(|i| plays.get_mut(i)) {
                *count += 1;
            }
        }
    }
    plays
}

/// How often the least and the most played board set is played at a table in the first
/// `rounds` rounds (a set shared by two tables counts twice; a set never played counts 0).
fn board_plays(movement: &Movement, rounds: usize) -> (usize, usize) {
    let plays = plays_per_set(movement, rounds);
    let fewest = plays.iter().copied().min().unwrap_or(0);
    let most = plays.iter().copied().max().unwrap_or(0);
    (fewest, most)
}

/// Whether the first `rounds` rounds can be scored fairly on their own: every board played at
/// two tables at least (so it has scores to compare), and all boards equally often, within
/// one (the set resting at a half table).
fn fair_prefix(movement: &Movement, rounds: usize) -> bool {
    let (fewest, most) = board_plays(movement, rounds);
    fewest >= 2 && most - fewest <= 1
}

/// The evening stops after round `rounds` of the movement (the organiser's `--rounds`): the
/// rounds after it are dropped, with the sentence saying what is played. Refused, with the
/// reason and the numbers of rounds that would be fair, when that many rounds are more than
/// the movement has, or would leave some boards played at one table only or at more tables
/// than others (as a Howell stopped early does). All the rounds: the movement unchanged.
/// Apply the arrow switch afterwards, so it falls in the last rounds that are played.
pub fn first_rounds(mut movement: Movement, rounds: usize) -> Result<(Movement, Option<String>), String> {
    let total = movement.rounds.len();
    let name = movement.kind.name();
    let tables = movement.tables;
    if rounds == 0 {
        return Err(format!(
            "0 rounds: an evening plays at least one round (the {name} on {tables} tables has {total})."
        ));
    }
    if rounds > total {
        return Err(format!(
            "The {name} on {tables} tables has {total} rounds, so it cannot play {rounds}; play at most {total} (more boards per round make a longer evening)."
        ));
    }
    if rounds == total {
        return Ok((movement, None));
    }
    if !fair_prefix(&movement, rounds) {
        let (fewest, most) = board_plays(&movement, rounds);
        let fair: Vec<String> = (1..total)
            .filter(|&k| fair_prefix(&movement, k))
            .map(|k| k.to_string())
            .collect();
        let why = match fewest {
            0 => "some boards would not be played at all".to_owned(),
            1 => "some boards would be played at one table only, with no other score to compare".to_owned(),
            _ => format!(
                "some boards would be played at {fewest} tables and others at {most}, so the scores would not compare fairly"
            ),
        };
        let can = if fair.is_empty() {
            format!("it can only be played to the end ({total} rounds)")
        } else {
            format!(
                "it can stop after round {}, or play all {total} rounds",
                crate::words::describe_numbers(
                    &fair.iter().filter_map(|k| k.parse().ok()).collect::<Vec<usize>>()
                )
            )
        };
        let shorter = if movement.kind.is_mitchell() {
            "fewer boards per round"
        } else {
            "fewer boards per round, or a Mitchell"
        };
        return Err(format!(
            "The {name} on {tables} tables cannot stop after round {rounds}: {why}. {}; for a shorter evening choose {shorter}.",
            capitalised(&can)
        ));
    }
    movement.rounds.truncate(rounds);
    let (fewest, most) = board_plays(&movement, rounds);
    let boards = rounds * movement.boards_per_round;
    let at = if fewest == most {
        format!("{most} tables")
    } else {
        format!("{fewest} or {most} tables (a set rests at the half table)")
    };
    let cut = total - rounds;
    let note = format!(
        "rounds 1–{rounds} of the {total}-round {name} are played ({cut} round{} cut): {boards} boards for each pair that plays every round, every board played at {at}",
        if cut == 1 { "" } else { "s" }
    );
    Ok((movement, Some(note)))
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{howell, mitchell, relay_mitchell};

    #[test]
    fn a_phantom_e_w_pair_makes_its_opponent_sit_out_each_round() {
        let m = with_phantom(mitchell(5, 3).unwrap(), 10).unwrap();
        for round in &m.rounds {
            assert_eq!(round.tables.len(), 4, "round {}", round.number);
            assert_eq!(round.sitting_out.len(), 1);
            assert_eq!(round.resting_sets.len(), 1);
            assert!(round.tables.iter().all(|t| t.ns != 10 && t.ew != 10));
        }
        // Pair 10 is 5 EW, starting at table 5 and moving up one table a round: its N-S
        // opponents are 5, 1, 2, 3, 4.
        let out: Vec<usize> = m.rounds.iter().map(|r| r.sitting_out[0]).collect();
        assert_eq!(out, vec![5, 1, 2, 3, 4]);
    }

    #[test]
    fn a_phantom_at_a_sharing_table_leaves_the_shared_set_in_play() {
        // Relay Mitchell on 4 tables: tables 1 and 4 share. With 4 NS (pair 4) gone, table 4
        // is empty but its set is still played at table 1.
        let m = with_phantom(relay_mitchell(4, 2).unwrap(), 4).unwrap();
        for round in &m.rounds {
            let at_one = round.tables.iter().find(|t| t.table == 1).unwrap().set;
            assert!(!round.resting_sets.contains(&at_one));
            assert_eq!(round.resting_sets.len(), 1, "only the relay set rests");
        }
    }

    #[test]
    fn a_phantom_that_leaves_boards_at_one_table_is_refused() {
        // The 6-set 3-table Howell: whichever pair is missing, two sets lose their second play.
        for phantom in 1..=6 {
            let why = with_phantom(howell(3, 5).unwrap(), phantom).unwrap_err();
            assert!(
                why.starts_with(&format!(
                    "With pair {phantom} as the phantom, the Howell on 3 tables plays boards "
                )) && why.contains("at one table only"),
                "{why}"
            );
        }
        // The 2-table Howell (3 pairs): every set is left with one play.
        let why = with_phantom(howell(2, 1).unwrap(), 4).unwrap_err();
        assert!(why.contains("plays boards 1, 2, 3 at one table only"), "{why}");
    }

    #[test]
    fn arrow_switch_swaps_directions_in_the_chosen_rounds_only() {
        let plain = mitchell(7, 3).unwrap();
        let m = arrow_switch(plain.clone(), &default_arrow_switch_rounds(7)).unwrap();
        for (a, b) in plain.rounds.iter().zip(&m.rounds) {
            for (x, y) in a.tables.iter().zip(&b.tables) {
                if b.number == 7 {
                    assert_eq!((x.ns, x.ew), (y.ew, y.ns));
                } else {
                    assert_eq!(x, y);
                }
            }
            assert_eq!(b.arrow_switch, b.number == 7);
        }
        assert!(arrow_switch(howell(4, 3).unwrap(), &[7]).is_err());
        assert!(arrow_switch(plain, &[8]).unwrap_err().contains("no round 8"));
    }

    #[test]
    fn a_mitchell_stops_early_with_every_board_played_equally_often() {
        // 7 tables, 3 boards a round: 6 of the 7 rounds, every board at 6 tables.
        let (m, note) = first_rounds(mitchell(7, 3).unwrap(), 6).unwrap();
        assert_eq!(m.rounds.len(), 6);
        let note = note.expect("a note for a shortened movement");
        assert!(
            note.contains("rounds 1–6 of the 7-round Mitchell")
                && note.contains("18 boards")
                && note.contains("at 6 tables"),
            "{note}"
        );
        // The half table: boards rest once at the phantom's table, so 4 or 5 times.
        let half = with_phantom(mitchell(7, 3).unwrap(), 14).unwrap();
        let (_, note) = first_rounds(half, 5).unwrap();
        assert!(
            note.unwrap()
                .contains("at 4 or 5 tables (a set rests at the half table)")
        );
        // All the rounds: nothing changes, nothing to say.
        let (same, note) = first_rounds(mitchell(7, 3).unwrap(), 7).unwrap();
        assert_eq!(same, mitchell(7, 3).unwrap());
        assert!(note.is_none());
    }

    #[test]
    fn a_movement_is_not_shortened_past_what_is_fair() {
        let too_many = first_rounds(mitchell(7, 3).unwrap(), 9).unwrap_err();
        assert!(
            too_many.contains("has 7 rounds, so it cannot play 9"),
            "{too_many}"
        );
        assert!(
            first_rounds(mitchell(7, 3).unwrap(), 0)
                .unwrap_err()
                .contains("at least one round")
        );
        // One round of a Mitchell plays each board at one table only.
        let one = first_rounds(mitchell(7, 3).unwrap(), 1).unwrap_err();
        assert!(one.contains("at one table only"), "{one}");
        // A Howell stopped early plays some boards more often than others (or not at all):
        // refused, with the rounds that would be fair.
        let howell = howell(4, 3).unwrap();
        let refused: Vec<usize> = (1..7)
            .filter(|&k| first_rounds(howell.clone(), k).is_err())
            .collect();
        assert!(
            !refused.is_empty(),
            "some early stop of a 4-table Howell is unfair"
        );
        let why = first_rounds(howell, refused[0]).unwrap_err();
        assert!(
            why.contains("cannot stop after round 1: some boards would not be played at all")
                && why.contains("It can stop after round 6, or play all 7 rounds")
                && why.contains("or a Mitchell"),
            "{why}"
        );
    }

    #[test]
    fn the_usual_arrow_switch_rounds() {
        assert_eq!(default_arrow_switch_rounds(7), vec![7]);
        assert_eq!(default_arrow_switch_rounds(9), vec![9]);
        assert_eq!(default_arrow_switch_rounds(13), vec![12, 13]);
        assert_eq!(default_arrow_switch_rounds(25), vec![23, 24, 25]);
        assert_eq!(default_arrow_switch_rounds(0), Vec::<usize>::new());
    }

    #[test]
    fn a_pair_that_leaves_is_gone_from_later_rounds_only() {
        let plain = howell(4, 4).unwrap();
        let m = withdraw(plain.clone(), 3, 4).unwrap();
        for (a, b) in plain.rounds.iter().zip(&m.rounds) {
            if a.number <= 4 {
                assert_eq!(a, b);
            } else {
                assert!(b.tables.iter().all(|t| t.ns != 3 && t.ew != 3));
                assert_eq!(b.sitting_out.len(), 1);
            }
        }
        assert_eq!(
            m.withdrawn,
            vec![Withdrawal {
                pair: 3,
                after_round: 4
            }]
        );
        assert!(withdraw(m.clone(), 3, 5).unwrap_err().contains("already left"));
        assert!(withdraw(m, 2, 7).unwrap_err().contains("nothing left"));
    }

    #[test]
    fn a_late_pair_takes_the_phantoms_seat_from_its_round_on() {
        use crate::verify::movement::verify_movement;
        // A Howell on 4 tables with pair 5 as the phantom; the late pair arrives before round 3.
        let whole = howell(4, 2).unwrap();
        let half = with_phantom(whole.clone(), 5).unwrap();
        assert_eq!(half.phantom_seats.len(), 7);
        let m = arrive(half.clone(), 3, MissedBoards::Average).unwrap();
        assert_eq!(m.phantom, None);
        assert_eq!(
            m.late,
            vec![LatePair {
                pair: 5,
                before_round: 3,
                missed: MissedBoards::Average
            }]
        );
        for ((a, b), full) in half.rounds.iter().zip(&m.rounds).zip(&whole.rounds) {
            if b.number < 3 {
                assert_eq!(a, b);
                assert!(m.is_absent(5, b.number));
            } else {
                // From its round on, the room is the full Howell's.
                assert_eq!(b, full, "round {}", b.number);
                assert!(!m.is_absent(5, b.number));
            }
        }
        assert!(
            verify_movement(&m).violations.is_empty(),
            "{:?}",
            verify_movement(&m).violations
        );
        // No phantom: no seat.
        let full = arrive(m, 4, MissedBoards::NotPlayed).unwrap_err();
        assert!(
            full.starts_with("every seat of the Howell on 4 tables is taken"),
            "{full}"
        );
        // The 2½-table Howell's missing pair has no table with boards.
        let five = crate::movement::howell::two_and_a_half_table_howell(3, 6).unwrap();
        let none = arrive(five, 2, MissedBoards::NotPlayed).unwrap_err();
        assert!(none.contains("no seat with boards"), "{none}");
    }

    #[test]
    fn a_late_pair_keeps_the_arrow_switch_and_sits_out_against_a_pair_that_left() {
        use crate::verify::movement::verify_movement;
        // 5 tables, 9 pairs: 5 EW (pair 10) is the phantom; the last round is arrow-switched.
        let half = with_phantom(mitchell(5, 3).unwrap(), 10).unwrap();
        let switched = arrow_switch(half, &[5]).unwrap();
        // 3 NS leaves after round 2; the late pair would meet it in round 4 (5 EW meets
        // 5, 1, 2, 3, 4 NS in rounds 1–5).
        let left = withdraw(switched, 3, 2).unwrap();
        let m = arrive(left, 2, MissedBoards::NotPlayed).unwrap();
        let round4 = &m.rounds[3];
        assert!(round4.tables.iter().all(|t| t.ns != 10 && t.ew != 10));
        assert_eq!(round4.sitting_out, vec![10]);
        let round5 = &m.rounds[4];
        let table = round5.tables.iter().find(|t| t.ns == 10 || t.ew == 10).unwrap();
        assert_eq!((table.ns, table.ew), (10, 4), "switched: the E-W pair sits N-S");
        assert!(
            verify_movement(&m).violations.is_empty(),
            "{:?}",
            verify_movement(&m).violations
        );
    }

    #[test]
    fn a_movement_stored_without_the_phantoms_seats_has_them_made_again() {
        // As an older Tourney stored it: the half table, arrow-switched, with no seats kept.
        let half = arrow_switch(with_phantom(mitchell(7, 3).unwrap(), 14).unwrap(), &[7]).unwrap();
        let mut old = half.clone();
        old.phantom_seats.clear();
        let arrived = arrive(old, 3, MissedBoards::NotPlayed).unwrap();
        assert_eq!(arrived, arrive(half, 3, MissedBoards::NotPlayed).unwrap());
        // A movement that is not what its kind makes (a hand-made one) is not guessed at.
        let mut odd = with_phantom(mitchell(5, 3).unwrap(), 10).unwrap();
        odd.phantom_seats.clear();
        odd.rounds[0].tables[0].set = 5;
        assert!(
            arrive(odd, 2, MissedBoards::NotPlayed)
                .unwrap_err()
                .contains("no seat with boards")
        );
    }
}
