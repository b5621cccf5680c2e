//! Keeping a teams event's line-ups (who played for a team in a round, `event::who_played`):
//! checked against the event as stored and written through `change_event` (one write
//! transaction, a history line that undo takes back), like the team's players.

use super::{Edit, EventFile, StoreError};
use crate::event::who_played::{TeamLineUp, check_players, check_round};
use crate::model::Member;

impl EventFile {
    /// Records that `players` played for `team` (entrant index) in `round`, replacing a
    /// line-up recorded before; no players removes it. Refused, with the reason, for a round
    /// not paired, a team without a match in it, or players not among the team's (checked
    /// against the stored event, so another writer's change meanwhile is seen). Returns the
    /// sentence the history keeps, or `None` when nothing changed.
    pub fn set_line_up(
        &mut self,
        round: u32,
        team: usize,
        players: Vec<Member>,
    ) -> Result<Option<String>, StoreError> {
        self.change_event("line-up", |stored, _| {
            check_round(stored, round, team)?;
            check_players(&players)?;
            let squad = crate::event::who_played::squad(stored, team);
            let name = &stored.schedule.entrants[team];
            if let Some(stranger) = players.iter().find(|p| !squad.contains(p)) {
                return Err(format!(
                    "{} is not one of {} players",
                    stranger.describe(),
                    crate::event::who_played::possessive(name)
                ));
            }
            let mut event = stored.clone();
            let line_ups = &mut event.settings.line_ups;
            let before = line_ups.iter().position(|l| l.round == round && l.team == team);
            let action = match (before, players.is_empty()) {
                (None, true) => return Ok(Edit::unchanged(None)),
                (Some(at), true) => {
                    line_ups.remove(at);
                    format!(
                        "round {round}: {} line-up removed",
                        crate::event::who_played::possessive(name)
                    )
                }
                (Some(at), false) if line_ups[at].players == players => return Ok(Edit::unchanged(None)),
                (at, false) => {
                    let said = crate::event::who_played::describe(name, &players);
                    let line_up = TeamLineUp { round, team, players };
                    match at {
                        Some(at) => line_ups[at] = line_up,
                        None => line_ups.push(line_up),
                    }
                    format!("round {round}: {said}")
                }
            };
            Ok(Edit::changed(event, action.clone(), Some(action)))
        })
    }
}
