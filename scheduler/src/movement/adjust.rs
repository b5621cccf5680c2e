//! Changes a club makes to a generated movement on the evening: a phantom pair for an odd
//! number of pairs (the half table), an arrow switch so a Mitchell has one winner, and a pair
//! that leaves after some round. Each takes a movement and returns the changed one; the
//! verifier checks the result like any other movement.

use super::{Movement, MovementRound, Withdrawal};

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
pub fn with_phantom(mut movement: Movement, phantom: usize) -> Result<Movement, String> {
    check_pair(&movement, phantom)?;
    if let Some(existing) = movement.phantom {
        return Err(format!(
            "This movement already has a phantom pair ({}).",
            movement.label(existing)
        ));
    }
    remove_pair(&mut movement.rounds, phantom, 1);
    movement.phantom = Some(phantom);
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
    }
    Ok(movement)
}

/// A pair that leaves after round `after_round`: from the next round it is treated like a
/// phantom (its opponents sit out, the boards of its table rest), and the boards it did not
/// play are scored as not played. Rounds already played are unchanged.
pub fn withdraw(mut movement: Movement, pair: usize, after_round: usize) -> Result<Movement, String> {
    check_pair(&movement, pair)?;
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
}
