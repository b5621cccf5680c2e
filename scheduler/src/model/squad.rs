//! A teams-of-four entrant's players (its squad): a roster of players with a team column
//! grouped into one entrant a team, the checks on the teams' players, and how lists show
//! them. A team plays as two pairs at each match; a full team has four to six players.

use super::{Member, Player, Roster};
use std::collections::HashMap;

/// How many players a full team of four has: four, with up to two reserves.
pub const FULL_TEAM: std::ops::RangeInclusive<usize> = 4..=6;

/// A roster of players grouped into teams (one entrant a team, its players in its squad),
/// and what the organiser should know about the teams' sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupedTeams {
    /// One entrant a team, in the order the teams first appear in the file.
    pub roster: Roster,
    /// One sentence for each team with fewer than four or more than six players.
    pub notes: Vec<String>,
}

impl GroupedTeams {
    /// Each team with its number of players, "Aces 4, Barons 3, …", as the import says it.
    pub fn sizes(&self) -> String {
        self.roster
            .players
            .iter()
            .map(|t| format!("{} {}", t.name, t.squad.len()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The teams of a roster of players with a team column: the players with the same team
/// (case and spacing do not matter) make one entrant named after the team, numbered in
/// the order the teams first appear, its players in roster order with their member
/// numbers (a pair with a team gives both its players). `Ok(None)` when no player names a
/// team (the roster is one line a team).
/// A player without a team, among players with one, is refused, naming the player.
pub fn teams_of_players(roster: &Roster) -> Result<Option<GroupedTeams>, String> {
    if !roster.players.iter().any(|p| p.team.is_some()) {
        return Ok(None);
    }
    let mut teams: Vec<Player> = Vec::new();
    let mut index_of: HashMap<String, usize> = HashMap::new();
    let mut clubs: Vec<Option<Option<String>>> = Vec::new();
    for (line, player) in roster.players.iter().enumerate() {
        let team = player.team.as_deref().map(tidy).unwrap_or_default();
        if team.is_empty() {
            return Err(format!(
                "player {} in the roster ({}) has no team, while other players have one: give every player a team in the team column, or list the teams one a line",
                line + 1,
                player.name.trim()
            ));
        }
        let index = *index_of.entry(team.to_lowercase()).or_insert_with(|| {
            let id = u32::try_from(teams.len() + 1).unwrap_or(u32::MAX);
            teams.push(Player::new(id, team.clone()));
            clubs.push(None);
            teams.len() - 1
        });
        // A pair with a team (one pair a row): both its players.
        if player.is_pair() {
            teams[index].squad.extend(player.members.iter().map(|m| Member {
                name: tidy(&m.name),
                number: m.number.clone(),
            }));
        } else {
            teams[index].squad.push(Member {
                name: tidy(&player.name),
                number: player.number.clone(),
            });
        }
        // The team's club is its players' club when they all give the same one.
        let club = &mut clubs[index];
        *club = match club.take() {
            None => Some(player.club.clone()),
            Some(same) if same == player.club => Some(same),
            Some(_) => Some(None),
        };
    }
    for (team, club) in teams.iter_mut().zip(clubs) {
        team.club = club.flatten();
    }
    let notes = teams.iter().filter_map(size_note).collect();
    Ok(Some(GroupedTeams {
        roster: Roster { players: teams },
        notes,
    }))
}

/// "Crowns has 3 players: …" for a team outside four to six; `None` for a full team.
fn size_note(team: &Player) -> Option<String> {
    let n = team.squad.len();
    if FULL_TEAM.contains(&n) {
        return None;
    }
    let why = if n < *FULL_TEAM.start() {
        "a team of four needs four players at each match: add the others before it plays"
    } else {
        "a team is four players with up to two reserves: check the team column"
    };
    Some(format!(
        "{} has {n} player(s) ({}); {why}",
        team.name,
        describe_squad(team)
    ))
}

/// A team's players as lists show them: "Ann Archer (104522), Bob Brown, …"; empty for a
/// team whose players are not known.
pub fn describe_squad(team: &Player) -> String {
    team.squad
        .iter()
        .map(Member::describe)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The entrant that carries the players of the team called `team`: the team itself, or a
/// teams night's N-S pair of that team; `None` when the team's players are not known.
pub fn squad_of<'a>(roster: &'a Roster, team: &str) -> Option<&'a Player> {
    roster
        .players
        .iter()
        .find(|p| !p.squad.is_empty() && (p.name == team || p.team.as_deref() == Some(team)))
}

/// The names of a team's players, "Ann Archer, Bob Brown, …" (no numbers: for results).
pub fn squad_names(team: &Player) -> String {
    team.squad
        .iter()
        .map(|m| m.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A team's players as one line to edit: "Ann Archer (007341), Bob Brown, …", separated by
/// semicolons instead when a name holds a comma ("Archer, Ann (007341); Brown, Bob").
pub fn squad_text(team: &Player) -> String {
    let join = if team.squad.iter().any(|m| m.name.contains(',')) {
        "; "
    } else {
        ", "
    };
    team.squad
        .iter()
        .map(Member::describe)
        .collect::<Vec<_>>()
        .join(join)
}

/// The players typed on one line (as [`squad_text`] writes them): separated by semicolons
/// when there is one, else by commas; a member number in brackets after a name. Empty
/// entries are skipped. A bracket left open or a number without a name is refused, saying
/// which entry.
pub fn parse_squad(text: &str) -> Result<Vec<Member>, String> {
    let separator = if text.contains(';') { ';' } else { ',' };
    let mut squad = Vec::new();
    for (position, entry) in text.split(separator).enumerate() {
        let entry = tidy(entry.trim_matches(|c: char| c == ',' || c.is_whitespace()));
        if entry.is_empty() {
            continue;
        }
        let which = || format!("player {} (\"{entry}\")", position + 1);
        let member = match entry.strip_suffix(')').and_then(|rest| rest.rsplit_once('(')) {
            Some((name, number)) => Member {
                name: tidy(name),
                number: Some(number.trim().to_owned()).filter(|n| !n.is_empty()),
            },
            None if entry.contains(['(', ')']) => {
                return Err(format!(
                    "{}: a member number goes in brackets after the name, e.g. \"Ann Archer (007341)\"",
                    which()
                ));
            }
            None => Member::new(entry.clone()),
        };
        if member.name.is_empty() {
            return Err(format!("{}: the number has no name before it", which()));
        }
        squad.push(member);
    }
    Ok(squad)
}

/// The problems of the teams' players: a player without a name, a name or number with
/// control characters, the same person twice in a team or in two teams. One sentence each.
pub fn squad_problems(roster: &Roster) -> Vec<String> {
    let mut problems = Vec::new();
    let mut team_of: HashMap<String, &str> = HashMap::new();
    for (index, team) in roster
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.squad.is_empty())
    {
        let label = format!("team {} ({})", index + 1, team.name.trim());
        for (position, member) in team.squad.iter().enumerate() {
            let name = tidy(&member.name);
            let number = member.number.as_deref().unwrap_or("");
            let what = format!("player {} of {label}", position + 1);
            if let Err(why) = crate::text::screen_line(&format!("the name of {what}"), &name)
                .and_then(|()| crate::text::screen_line(&format!("the number of {what}"), number))
            {
                problems.push(why);
            } else if name.is_empty() {
                problems.push(format!("{label}: player {} has no name", position + 1));
            } else if let Some(other) = team_of.insert(name.to_lowercase(), team.name.trim()) {
                problems.push(if other == team.name.trim() {
                    format!("{label} lists {name} twice")
                } else {
                    format!("{name} plays for two teams: {other} and {}", team.name.trim())
                });
            }
        }
    }
    problems
}

/// `text` with its spacing tidied: trimmed, runs of white space made one space.
fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u32, name: &str, team: Option<&str>, number: Option<&str>) -> Player {
        let mut p = Player::new(id, name);
        p.team = team.map(str::to_owned);
        p.number = number.map(str::to_owned);
        p
    }

    #[test]
    fn players_with_a_team_column_become_one_entrant_a_team() {
        let mut roster = Roster {
            players: vec![
                player(1, "Ann Archer", Some("Aces"), Some("007341")),
                player(2, "Bob  Brown", Some("Crowns"), None),
                player(3, "Cy Carter", Some(" aces"), None),
                player(4, "Di Dean", Some("Aces"), Some("12")),
                player(5, "Ed Evans", Some("Aces"), None),
            ],
        };
        roster.players[0].club = Some("Hull".into());
        roster.players[2].club = Some("Hull".into());
        let grouped = teams_of_players(&roster).unwrap().unwrap();
        let teams = &grouped.roster.players;
        assert_eq!(teams.len(), 2);
        assert_eq!((teams[0].id.0, teams[0].name.as_str()), (1, "Aces"));
        assert_eq!(
            describe_squad(&teams[0]),
            "Ann Archer (007341), Cy Carter, Di Dean (12), Ed Evans"
        );
        // Two of Aces' players give no club: the team has none.
        assert_eq!(teams[0].club, None);
        assert_eq!(
            (teams[1].name.as_str(), describe_squad(&teams[1])),
            ("Crowns", "Bob Brown".into())
        );
        assert_eq!(grouped.notes.len(), 1, "{:?}", grouped.notes);
        assert!(grouped.notes[0].starts_with("Crowns has 1 player(s) (Bob Brown)"));
        assert!(grouped.roster.problems().is_empty());
    }

    #[test]
    fn pairs_with_a_team_give_both_their_players() {
        let mut ns = Player::pair(1, Member::numbered("Ann", "12"), "Bob");
        ns.team = Some("Aces".into());
        let mut ew = Player::pair(2, "Cy", "Di");
        ew.team = Some("Aces".into());
        let grouped = teams_of_players(&Roster {
            players: vec![ns, ew],
        })
        .unwrap()
        .unwrap();
        assert_eq!(
            describe_squad(&grouped.roster.players[0]),
            "Ann (12), Bob, Cy, Di"
        );
        assert!(grouped.notes.is_empty());
    }

    #[test]
    fn a_roster_of_teams_is_left_alone_and_a_player_without_a_team_is_refused() {
        let teams = Roster::numbered_teams(3);
        assert_eq!(teams_of_players(&teams), Ok(None));
        let roster = Roster {
            players: vec![player(1, "Ann", Some("Aces"), None), player(2, "Bob", None, None)],
        };
        let why = teams_of_players(&roster).unwrap_err();
        assert!(
            why.starts_with("player 2 in the roster (Bob) has no team"),
            "{why}"
        );
    }

    #[test]
    fn a_squad_typed_on_one_line_is_read_back_as_written() {
        let squad = parse_squad(" Ann  Archer (007341), Bob Brown,, Cy Carter ( A12 ) ").unwrap();
        assert_eq!(
            squad,
            vec![
                Member::numbered("Ann Archer", "007341"),
                Member::new("Bob Brown"),
                Member::numbered("Cy Carter", "A12"),
            ]
        );
        let mut team = Player::new(1, "Aces");
        team.squad = squad;
        assert_eq!(parse_squad(&squad_text(&team)).unwrap(), team.squad);
        team.squad[1].name = "Brown, Bob".into();
        let text = squad_text(&team);
        assert_eq!(text, "Ann Archer (007341); Brown, Bob; Cy Carter (A12)");
        assert_eq!(parse_squad(&text).unwrap(), team.squad);
        assert_eq!(parse_squad(" , ;").unwrap(), Vec::<Member>::new());
        let open = parse_squad("Ann (0073, Bob").unwrap_err();
        assert!(
            open.starts_with("player 1 (\"Ann (0073\"): a member number goes in brackets"),
            "{open}"
        );
        let nameless = parse_squad("Ann, (12)").unwrap_err();
        assert_eq!(nameless, "player 2 (\"(12)\"): the number has no name before it");
    }

    #[test]
    fn a_person_twice_or_in_two_teams_and_a_nameless_player_are_problems() {
        let mut aces = Player::new(1, "Aces");
        aces.squad = vec!["Ann".into(), "ann ".into(), "".into()];
        let mut kings = Player::new(2, "Kings");
        kings.squad = vec!["Bob".into(), "Ann".into()];
        let problems = squad_problems(&Roster {
            players: vec![aces, kings],
        });
        assert_eq!(
            problems,
            vec![
                "team 1 (Aces) lists ann twice".to_owned(),
                "team 1 (Aces): player 3 has no name".to_owned(),
                "Ann plays for two teams: Aces and Kings".to_owned(),
            ]
        );
    }
}
