//! Who played each match for a team (its line-up). A team of four to six players fields four
//! at a match; which four changes from round to round in a six-player team. A masterpoint
//! return credits each player with the boards they played, so the director records each
//! round's line-up (`tourney event line-up`, the window's results view) and the event keeps
//! it ([`EventSettings::line_ups`](super::EventSettings::line_ups)), changed through the one
//! write path like a result.
//!
//! A team whose players are exactly four needs no line-up: its four played every match. For a
//! team of five or six, a round without a recorded line-up is said to be missing, never
//! guessed. [`players_table`] is the return: each player, the matches and boards they played,
//! and the boards their team played (the share a scheme's qualifying rule looks at).

use super::standings_table::StandingsTable;
use super::teams::{MatchCard, match_cards};
use super::{Event, Results, Scoring};
use crate::model::squad::{FULL_TEAM, squad_of};
use crate::model::{Member, Player};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The players a team fielded in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamLineUp {
    /// The round (a knockout's stanza), from 1.
    pub round: u32,
    /// The team, by entrant index.
    pub team: usize,
    /// Its players who played, four to six (six when two came in at half-time), as the
    /// team's players were named then, with their member numbers.
    pub players: Vec<Member>,
}

/// Who played for a team in a round, as far as the event knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fielded {
    /// The director recorded it.
    Recorded(Vec<Member>),
    /// The team has exactly four players: they all played.
    AllFour(Vec<Member>),
    /// A team of five or six (or with no players named) without a recorded line-up.
    NotRecorded,
}

impl Fielded {
    /// The players who played, when known.
    pub fn players(&self) -> Option<&[Member]> {
        match self {
            Fielded::Recorded(players) | Fielded::AllFour(players) => Some(players),
            Fielded::NotRecorded => None,
        }
    }
}

/// The team `team`'s players (its squad), empty when the event does not name them.
pub fn squad(event: &Event, team: usize) -> &[Member] {
    event
        .schedule
        .entrants
        .get(team)
        .and_then(|name| squad_of(&event.roster, name))
        .map_or(&[], |p: &Player| p.squad.as_slice())
}

/// Who played for `team` in `round`.
pub fn fielded(event: &Event, round: u32, team: usize) -> Fielded {
    if let Some(line_up) = event
        .settings
        .line_ups
        .iter()
        .find(|l| l.round == round && l.team == team)
    {
        return Fielded::Recorded(line_up.players.clone());
    }
    match squad(event, team) {
        four if four.len() == *FULL_TEAM.start() => Fielded::AllFour(four.to_vec()),
        _ => Fielded::NotRecorded,
    }
}

/// Whether a line-up can be recorded for `team` in `round`: a teams event (not a teams
/// night, whose entrants are pairs), a round paired, a team with a match in it. `Err` says
/// why not.
pub fn check_round(event: &Event, round: u32, team: usize) -> Result<(), String> {
    if !matches!(event.settings.scoring, Scoring::Teams { .. }) {
        return Err(
            "line-ups are kept for teams events (a Swiss, a round robin or a knockout of teams); a teams night's pairs are its entrants, each with its own two players"
                .to_owned(),
        );
    }
    let Some(name) = event.schedule.entrants.get(team) else {
        return Err(format!("there is no team {}", team + 1));
    };
    let paired = event.schedule.rounds.len();
    if round == 0 || round as usize > paired {
        return Err(format!(
            "round {round} is not paired (the event has {paired} round(s) so far)"
        ));
    }
    let cards: Vec<_> = match_cards(event, &Results::new()).collect();
    if matches_of(&cards, round, team).is_empty() {
        return Err(format!(
            "{name} has no match in round {round} (a bye, or withdrawn)"
        ));
    }
    Ok(())
}

/// The line-up `text` names from the team's players: names (as listed, any case) or their
/// places in the list ("1, 2, 4, 5"), separated by commas, or by semicolons when a name holds
/// a comma; a member number in brackets after a name is allowed and must be the player's.
/// Empty text: no line-up (the record is removed). Four to six different players, or a
/// sentence naming what is wrong.
pub fn parse_line_up(text: &str, squad: &[Member], team: &str) -> Result<Vec<Member>, String> {
    if squad.is_empty() {
        return Err(format!(
            "{} players are not named: name them first (`tourney event players`, or the roster view's Players field)",
            possessive(team)
        ));
    }
    let named = crate::model::squad::parse_squad(text)?;
    let players = named
        .iter()
        .enumerate()
        .map(|(at, entry)| {
            find_player(entry, squad)
                .cloned()
                .ok_or_else(|| not_in_squad(at + 1, entry, squad, team))
        })
        .collect::<Result<Vec<Member>, String>>()?;
    check_players(&players)?;
    Ok(players)
}

/// A line-up's players: none (no line-up), or four to six, each once.
pub fn check_players(players: &[Member]) -> Result<(), String> {
    if let Some((at, twice)) = players
        .iter()
        .enumerate()
        .find(|(at, p)| players[..*at].contains(p))
    {
        return Err(format!("{} is named twice (player {})", twice.name, at + 1));
    }
    match players.len() {
        0 => Ok(()),
        n if FULL_TEAM.contains(&n) => Ok(()),
        n => Err(format!(
            "{n} player(s) named: a team fields four players at a match (five or six when players changed during it)"
        )),
    }
}

/// The squad's player `entry` names: by place ("2"), or by name (and number, when given).
fn find_player<'a>(entry: &Member, squad: &'a [Member]) -> Option<&'a Member> {
    if entry.number.is_none()
        && let Ok(place) = entry.name.parse::<usize>()
    {
        return place.checked_sub(1).and_then(|i| squad.get(i));
    }
    squad.iter().find(|m| {
        m.name.to_lowercase() == entry.name.to_lowercase()
            && entry.number.as_ref().is_none_or(|n| m.number.as_ref() == Some(n))
    })
}

fn not_in_squad(at: usize, entry: &Member, squad: &[Member], team: &str) -> String {
    let list = squad
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{} {}", i + 1, m.describe()))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "player {at} (\"{}\") is not one of {} players ({list}); add a new player to the team first (`tourney event players`, or the roster view's Players field)",
        entry.describe(),
        possessive(team)
    )
}

/// The boards of `team`'s matches in `round` (both half-matches of a three-way match), each
/// with whether it is entered, from every match's card (`cards`, as `match_cards` gives them).
fn matches_of(cards: &[(u32, u32, MatchCard)], round: u32, team: usize) -> Vec<(u32, bool)> {
    cards
        .iter()
        .filter(|(r, _, card)| *r == round && (card.home == team || card.away == team))
        .flat_map(|(_, _, card)| card.boards.iter().map(|b| (b.deal, b.board.is_some())))
        .collect()
}

/// One player's part in the event, for the masterpoint return.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Played {
    matches: u32,
    boards: u32,
}

/// Every team's players with the matches and boards each played (entered boards only), the
/// boards the team played, and which rounds' line-ups are missing; `None` for an event that
/// is not a teams event. The table a masterpoint return is made from (`tourney event export
/// --players-csv`).
pub fn players_table(event: &Event, results: &Results) -> Option<StandingsTable> {
    if !matches!(event.settings.scoring, Scoring::Teams { .. }) {
        return None;
    }
    let columns = [
        "Team no.",
        "Team",
        "Player",
        "Number",
        "Matches played",
        "Boards played",
        "Team's boards",
        "Line-ups not recorded",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut rows = Vec::new();
    let mut missing_any = false;
    // Every match's card once: a team's rounds are looked up in them.
    let cards: Vec<_> = match_cards(event, results).collect();
    for (team, name) in event.schedule.entrants.iter().enumerate() {
        let team_rows = team_rows(event, &cards, team, name);
        missing_any |= team_rows.iter().any(|r| !r[7].is_empty());
        rows.extend(team_rows);
    }
    let note = missing_any.then(|| {
        "A team of five or six whose line-up of a round is not recorded: that round's boards are counted for none of its players (record it with `tourney event line-up` or the results view).".to_owned()
    });
    Some(StandingsTable {
        heading: Some("Players".to_owned()),
        columns,
        rows,
        note,
    })
}

/// One team's rows of [`players_table`]: its players in squad order, then anyone recorded in
/// a line-up who is no longer in the squad.
fn team_rows(event: &Event, cards: &[(u32, u32, MatchCard)], team: usize, name: &str) -> Vec<Vec<String>> {
    let mut played: BTreeMap<usize, Played> = BTreeMap::new();
    let mut people: Vec<Member> = squad(event, team).to_vec();
    let mut team_boards = 0u32;
    let mut missing = Vec::new();
    for round in event.schedule.rounds.iter().map(|r| r.number) {
        let matches = matches_of(cards, round, team);
        if matches.is_empty() {
            continue;
        }
        let boards =
            u32::try_from(matches.iter().filter(|(_, entered)| *entered).count()).unwrap_or(u32::MAX);
        if boards == 0 {
            // Not played yet: a line-up handed in before play counts once boards are in.
            continue;
        }
        team_boards = team_boards.saturating_add(boards);
        let Some(players) = fielded(event, round, team).players().map(<[Member]>::to_vec) else {
            missing.push(round.to_string());
            continue;
        };
        for player in players {
            let at = people.iter().position(|m| *m == player).unwrap_or_else(|| {
                people.push(player);
                people.len() - 1
            });
            let entry = played.entry(at).or_default();
            entry.matches += 1;
            entry.boards = entry.boards.saturating_add(boards);
        }
    }
    let mut missing = match missing.as_slice() {
        [] => String::new(),
        rounds => format!("round {}", rounds.join(", ")),
    };
    if people.is_empty() {
        // A team named without its players still has its line in the return.
        people.push(Member::new(""));
        missing = "the team's players are not named".to_owned();
    }
    people
        .iter()
        .enumerate()
        .map(|(at, member)| {
            let p = played.get(&at).cloned().unwrap_or_default();
            vec![
                (team + 1).to_string(),
                name.to_owned(),
                member.name.clone(),
                member.number.clone().unwrap_or_default(),
                p.matches.to_string(),
                p.boards.to_string(),
                team_boards.to_string(),
                missing.clone(),
            ]
        })
        .collect()
}

/// "Aces'", "Jo's": a team's name as the owner in a sentence.
pub fn possessive(name: &str) -> String {
    if name.ends_with(['s', 'S']) {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// "Aces played: Ann Archer (007341), Bob Brown, …" for a recorded line-up, for the sheets.
pub fn describe(team: &str, players: &[Member]) -> String {
    let names = players
        .iter()
        .map(Member::describe)
        .collect::<Vec<_>>()
        .join(", ");
    format!("{team} played: {names}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad() -> Vec<Member> {
        vec![
            Member::numbered("Archer, Ann", "007341"),
            Member::new("Brown, Bob"),
            Member::new("Carter, Cy"),
            Member::new("Dean, Di"),
            Member::new("Evans, Ed"),
        ]
    }

    #[test]
    fn names_with_commas_are_separated_by_semicolons_and_places_count_from_one() {
        let squad = squad();
        let players = parse_line_up("archer, ann (007341); 2; Dean, Di; 5", &squad, "Aces").unwrap();
        let names: Vec<&str> = players.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["Archer, Ann", "Brown, Bob", "Dean, Di", "Evans, Ed"]);
        assert_eq!(parse_line_up("  ", &squad, "Aces").unwrap(), Vec::<Member>::new());
        let refused = parse_line_up("1; 2; 3; 0", &squad, "Aces").unwrap_err();
        assert!(
            refused.starts_with(
                "player 4 (\"0\") is not one of Aces' players (1 Archer, Ann (007341), 2 Brown, Bob,"
            ),
            "{refused}"
        );
        let seven: Vec<Member> = (1..=7).map(|i| Member::new(format!("P{i}"))).collect();
        let refused = parse_line_up("1,2,3,4,5,6,7", &seven, "Jo").unwrap_err();
        assert!(refused.starts_with("7 player(s) named"), "{refused}");
        let refused = parse_line_up("1,2,3,4", &[], "Jo").unwrap_err();
        assert!(refused.starts_with("Jo's players are not named"), "{refused}");
    }

    #[test]
    fn a_team_of_four_played_every_match_and_an_owner_ends_in_s_without_another() {
        assert_eq!(possessive("Aces"), "Aces'");
        assert_eq!(possessive("Jo"), "Jo's");
        let four = squad()[..4].to_vec();
        let played = Fielded::AllFour(four.clone());
        assert_eq!(played.players(), Some(four.as_slice()));
        assert_eq!(Fielded::NotRecorded.players(), None);
        assert_eq!(
            describe("Aces", &four[..2]),
            "Aces played: Archer, Ann (007341), Brown, Bob"
        );
    }
}
