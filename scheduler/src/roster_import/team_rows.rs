//! A roster of one team a row, a column for each player (`Team, Player 1, EBU 1, …, Player
//! 6`, or `Team, Captain, Player 2, …`, or only `Team, Captain`), as a club's teams entry
//! sheet lays it out. Such a
//! file is turned into one player a row with a team column, each row keeping its file line
//! for messages, and then read like any other roster: a teams-of-four event groups the
//! players by team (`model::squad`).

use super::{Column, Row, normalise_header, plain_column};
use crate::problems::Problems;

/// The most players a team's row may name: six is a full team of four with two reserves;
/// a few more are read rather than dropped (the event says the team is over six).
const MOST_SLOTS: usize = 8;

/// What a player column of a team's row holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Name,
    FirstName,
    LastName,
    Number,
}

/// The player (1 = the first or the captain) and part a header is about: "Player 3",
/// "Name 3", "Player3", "Player 3 EBU", "EBU 3", "Surname 3", "Captain", "Captain's EBU".
fn player_column(key: &str) -> Option<(usize, Part)> {
    let words: Vec<&str> = key.split(' ').collect();
    let (slot, rest): (usize, Vec<&str>) = match words.as_slice() {
        ["captain" | "captain's" | "captains", rest @ ..] => (1, rest.to_vec()),
        ["player" | "name", number, rest @ ..] if number.parse::<usize>().is_ok() => (
            number.parse().ok()?,
            if rest.is_empty() {
                vec!["name"]
            } else {
                rest.to_vec()
            },
        ),
        [rest @ .., number] if number.parse::<usize>().is_ok() => (number.parse().ok()?, rest.to_vec()),
        [one] => {
            // "Player3", "EBU4"
            let digits = one.trim_start_matches(|c: char| !c.is_ascii_digit());
            let stem = &one[..one.len() - digits.len()];
            if digits.is_empty() || stem.is_empty() {
                return None;
            }
            (digits.parse().ok()?, vec![stem])
        }
        _ => return None,
    };
    if !(1..=MOST_SLOTS).contains(&slot) {
        return None;
    }
    let rest = rest.join(" ");
    let part = match rest.as_str() {
        "" | "player" | "name" | "member" | "player name" | "full name" => Part::Name,
        _ => match plain_column(&rest)? {
            Column::Name => Part::Name,
            Column::FirstName => Part::FirstName,
            Column::LastName => Part::LastName,
            Column::Number | Column::Id => Part::Number,
            _ => return None,
        },
    };
    Some((slot, part))
}

/// Whether the header is a team's entry naming only its captain ("Team, Captain" and perhaps
/// "Captain's EBU"): a team column, a captain column, no other player's column and no name
/// column of a player's own, so a roster of players or pairs is never taken for one.
fn captain_only(keys: &[String], players: &[Option<(usize, Part)>]) -> bool {
    let plain = |k: &String| plain_column(k);
    let team = keys
        .iter()
        .zip(players)
        .any(|(k, p)| p.is_none() && plain(k) == Some(Column::Team));
    let own_name = keys.iter().zip(players).any(|(k, p)| {
        p.is_none()
            && matches!(
                plain(k),
                Some(Column::Name | Column::FirstName | Column::LastName)
            )
    });
    team && !own_name
        && keys.iter().any(|k| k.starts_with("captain"))
        && players.iter().flatten().all(|&(slot, _)| slot == 1)
}

/// The rows of a one-team-a-row file as one player a row (`Team`, `First name`, `Last
/// name`, `Name`, `Number`, `Club` under a header of those names), or `None` when the file is
/// not laid out that way: it needs a team column (or a `Name` column beside them, taken as the
/// team's name) and columns for a third player or more, so a pairs roster with a team column
/// is never taken for one — or a team column and a captain's alone ([`captain_only`]). A player's slot left empty is skipped; columns not understood are
/// reported as ignored.
pub(super) fn as_player_rows(rows: &[Row], problems: &mut Problems) -> Option<Vec<Row>> {
    let header = rows.first()?;
    let keys: Vec<String> = header.fields.iter().map(|h| normalise_header(h)).collect();
    let players: Vec<Option<(usize, Part)>> = keys.iter().map(|k| player_column(k)).collect();
    let third_player = players
        .iter()
        .flatten()
        .any(|&(slot, part)| slot >= 3 && part != Part::Number);
    if !third_player && !captain_only(&keys, &players) {
        return None;
    }
    let plain: Vec<Option<Column>> = keys
        .iter()
        .zip(&players)
        .map(|(k, p)| if p.is_some() { None } else { plain_column(k) })
        .collect();
    let team = plain
        .iter()
        .position(|c| *c == Some(Column::Team))
        .or_else(|| plain.iter().position(|c| *c == Some(Column::Name)))?;
    let club = plain.iter().position(|c| *c == Some(Column::Club));
    for (index, title) in header.fields.iter().enumerate() {
        let used = index == team || Some(index) == club || players[index].is_some();
        if !used && !title.trim().is_empty() {
            problems.warning(
                Some(header.line),
                Some(title.trim()),
                "column not recognised in a roster of one team a row; it is ignored",
            );
        }
    }
    let mut slots: Vec<usize> = players.iter().flatten().map(|&(slot, _)| slot).collect();
    slots.sort_unstable();
    slots.dedup();
    let cell = |row: &Row, index: usize| row.fields.get(index).map_or("", |f| f.trim()).to_owned();
    // The parts the players' columns give, in this order, under these headers.
    let parts: Vec<(Part, &str)> = [
        (Part::Name, "Name"),
        (Part::FirstName, "First name"),
        (Part::LastName, "Last name"),
        (Part::Number, "Number"),
    ]
    .into_iter()
    .filter(|(part, _)| players.iter().flatten().any(|(_, p)| p == part))
    .collect();
    let mut titles = vec!["Team".to_owned()];
    titles.extend(parts.iter().map(|(_, title)| (*title).to_owned()));
    titles.extend(club.map(|_| "Club".to_owned()));
    let mut out = vec![Row {
        line: header.line,
        fields: titles,
    }];
    for row in &rows[1..] {
        for &slot in &slots {
            let given: Vec<String> = parts
                .iter()
                .map(|&(wanted, _)| {
                    players
                        .iter()
                        .position(|p| *p == Some((slot, wanted)))
                        .map(|index| cell(row, index))
                        .unwrap_or_default()
                })
                .collect();
            if given.iter().all(String::is_empty) {
                continue;
            }
            let mut fields = vec![cell(row, team)];
            fields.extend(given);
            fields.extend(club.map(|index| cell(row, index)));
            out.push(Row {
                line: row.line,
                fields,
            });
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_columns_are_read_with_their_player() {
        for (header, expected) in [
            ("player 3", Some((3, Part::Name))),
            ("name 4", Some((4, Part::Name))),
            ("player5", Some((5, Part::Name))),
            ("player 3 ebu", Some((3, Part::Number))),
            ("ebu 6", Some((6, Part::Number))),
            ("surname 2", Some((2, Part::LastName))),
            ("first name 3", Some((3, Part::FirstName))),
            ("captain", Some((1, Part::Name))),
            ("captain's ebu", Some((1, Part::Number))),
            ("player 9", None),
            ("team", None),
            ("round 3", None),
        ] {
            assert_eq!(player_column(header), expected, "{header}");
        }
    }

    #[test]
    fn a_team_and_its_captain_alone_is_a_team_row_and_a_roster_of_players_is_not() {
        let read = |header: &str| {
            let keys: Vec<String> = header.split(',').map(normalise_header).collect();
            let players: Vec<_> = keys.iter().map(|k| player_column(k)).collect();
            captain_only(&keys, &players)
        };
        assert!(read("Team,Captain"));
        assert!(read("Team,Captain,Captain's EBU,Club"));
        assert!(!read("Captain"));
        assert!(!read("Team,Name,Captain"));
        assert!(!read("Team,Captain,Player 2"));
        assert!(!read("Team,Player 1,Player 2"));
        assert!(!read("Name,Team"));
    }
}
