//! A slow solver to check the fast one: plain minimax with an alpha-beta window over every
//! legal card, no table, no runs, no ordering — it shares nothing with `search` but the card
//! masks. Only for endings of a few tricks.

use super::cards::Holding;

/// The tricks North-South take from `hands` (every hand the same number of cards) with
/// `leader` to lead; `trump` a suit number or 4.
pub(super) fn reference_tricks(hands: [Holding; 4], trump: usize, leader: usize) -> u8 {
    let mut hands = hands;
    let left = hands[0].iter().map(|s| s.count_ones()).sum::<u32>() as i32;
    best(&mut hands, trump, leader, &mut Vec::new(), -1, left + 1) as u8
}

/// North-South's tricks from here (within the window `alpha`..`beta`); `played` the cards of
/// the trick so far as (seat, suit, bit).
fn best(
    hands: &mut [Holding; 4],
    trump: usize,
    leader: usize,
    played: &mut Vec<(usize, usize, u16)>,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    if hands.iter().all(|h| h.iter().all(|&s| s == 0)) {
        return 0;
    }
    let seat = (leader + played.len()) % 4;
    let led = played.first().map(|p| p.1);
    let must_follow = led.is_some_and(|s| hands[seat][s] != 0);
    let ns = seat.is_multiple_of(2);
    let mut value = if ns { -1 } else { 14 };
    for suit in 0..4 {
        if must_follow && Some(suit) != led {
            continue;
        }
        for r in 0..13 {
            let card = 1u16 << r;
            if hands[seat][suit] & card == 0 {
                continue;
            }
            hands[seat][suit] ^= card;
            played.push((seat, suit, card));
            let v = if played.len() == 4 {
                let trick: Vec<_> = std::mem::take(played);
                let mut win = 0;
                for i in 1..4 {
                    let (_, s, c) = trick[i];
                    let (_, bs, bc) = trick[win];
                    if (s == bs && c > bc) || (s == trump && bs != trump) {
                        win = i;
                    }
                }
                let winner = trick[win].0;
                let got = i32::from(winner.is_multiple_of(2));
                let rest = best(hands, trump, winner, played, alpha - got, beta - got);
                *played = trick;
                got + rest
            } else {
                best(hands, trump, leader, played, alpha, beta)
            };
            played.pop();
            hands[seat][suit] ^= card;
            if ns {
                value = value.max(v);
                alpha = alpha.max(v);
            } else {
                value = value.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                return value;
            }
        }
    }
    value
}
