//! A Swiss event's (teams or pairs) round controls under the results view's progress line, on the last
//! round paired: "Pair round N" once the round is complete, with the teams that withdraw
//! before it ticked (and, for an odd number of teams, the choice of a bye, a three-way match
//! in the round or one over two rounds); and, before any of the round's results, a hand change of its pairing (two
//! teams exchange places: opponents, seats or the bye). Each is one command through the
//! library's write path (`Command::PairNextRound`, `Command::SwapTeams`), where it is checked.

use eframe::egui;
use scheduler::event::long_three_way::long_three_ways;
use scheduler::event::session::{Command, Session};
use scheduler::model::Absence;
use scheduler::swiss::OddCount;
use std::collections::BTreeSet;

/// What the director has chosen so far.
#[derive(Default)]
pub struct SwissPanel {
    /// Teams ticked as withdrawing before the next round, by entrant index.
    leaving: BTreeSet<usize>,
    /// The two teams of a hand change, by entrant index.
    swap: [Option<usize>; 2],
    /// With an odd number of teams: a bye, or a three-way match in the round or over two
    /// (`None`: as the event was made).
    odd: Option<OddCount>,
}

impl SwissPanel {
    /// The controls for round `shown` of a Swiss (nothing for other events or rounds):
    /// `complete` when every board of it is entered, `started` once any result is. The command
    /// to carry out when a button is pressed.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        shown: u32,
        complete: bool,
        started: bool,
    ) -> Option<Command> {
        let event = session.event();
        let options = event.settings.options.as_ref()?;
        let last = event.schedule.rounds.last()?;
        if !options.swiss || shown != last.number {
            return None;
        }
        // The teams of the round: in its matches or with its bye (not those gone or not arrived).
        let playing: Vec<usize> = (0..event.schedule.entrants.len())
            .filter(|&e| {
                !last
                    .absent
                    .iter()
                    .any(|a| a.entrant == e && matches!(a.kind, Absence::Left | Absence::Late))
            })
            .collect();
        let name = |e: usize| {
            format!(
                "{} ({})",
                event.schedule.entrants.get(e).map_or("?", String::as_str),
                e + 1
            )
        };
        // "team" or "pair" (a Swiss pairs event).
        let word = scheduler::event::teams::entrant_word(event);
        let pairs = word == "pair";
        if !started && let Some(command) = self.swap_ui(ui, last.number, &playing, &name, word) {
            return Some(command);
        }
        let planned = options.rounds.unwrap_or(0);
        if last.number as usize >= planned {
            ui.label(format!("All {planned} rounds of the Swiss are paired."));
            return None;
        }
        self.leaving.retain(|e| playing.contains(e));
        let words = if pairs { "Pairs" } else { "Teams" };
        egui::CollapsingHeader::new(format!("{words} withdrawing before round {}", last.number + 1))
            .id_salt(("swiss-leaving", last.number))
            .show(ui, |ui| {
                ui.label(format!(
                    "Ticked {} keep their results and their place in the standings, and are paired no more.",
                    words.to_lowercase()
                ));
                ui.horizontal_wrapped(|ui| {
                    for &team in &playing {
                        let mut ticked = self.leaving.contains(&team);
                        if ui
                            .checkbox(&mut ticked, format!("{} withdraws", name(team)))
                            .changed()
                        {
                            if ticked {
                                self.leaving.insert(team);
                            } else {
                                self.leaving.remove(&team);
                            }
                        }
                    }
                });
            });
        // A three-way match over two rounds begun in this round goes on: its three play on.
        let going_on = long_three_ways(&event.schedule)
            .into_iter()
            .find(|l| l.first_round == last.number && l.second_match.is_none());
        let mut paired_now = playing.len() - self.leaving.len();
        if let Some(long) = going_on {
            paired_now = paired_now.saturating_sub(3);
            ui.label(format!(
                "{}, {} and {} play the second round of their three-way match over rounds {} and {}; the rest are paired.",
                name(long.teams[0]),
                name(long.teams[1]),
                name(long.teams[2]),
                last.number,
                last.number + 1
            ));
        }
        let odd = paired_now % 2 == 1;
        let default = match (options.three_way, options.long_three_way) {
            (true, true) => OddCount::LongThreeWay,
            (true, false) => OddCount::ThreeWay,
            _ => OddCount::Bye,
        };
        let choice = self.odd.get_or_insert(default);
        if odd && !pairs {
            odd_choice_ui(ui, choice, last.number + 1, planned);
        }
        let mut pressed = false;
        ui.horizontal(|ui| {
            let button = ui.add_enabled(complete, egui::Button::new(format!("Pair round {}", last.number + 1)));
            pressed = button.clicked();
            ui.label(match (complete, self.leaving.is_empty()) {
                (false, _) => "once every board of this round is entered".to_owned(),
                (true, true) => format!("from the standings after this round: no {word} meets one it has met, unless no pairing avoids it"),
                (true, false) => format!(
                    "from the standings after this round, without {}",
                    self.leaving.iter().map(|&e| name(e)).collect::<Vec<_>>().join(", ")
                ),
            });
        });
        let chosen = match self.odd {
            Some(chosen) if odd && !pairs => chosen,
            _ => OddCount::Bye,
        };
        pressed.then(|| Command::PairNextRound {
            leaving: std::mem::take(&mut self.leaving).into_iter().collect(),
            odd: chosen,
        })
    }

    /// Before any result of the round: two teams chosen, and "Swap" exchanges their places.
    fn swap_ui(
        &mut self,
        ui: &mut egui::Ui,
        round: u32,
        playing: &[usize],
        name: &dyn Fn(usize) -> String,
        word: &str,
    ) -> Option<Command> {
        let mut command = None;
        ui.horizontal(|ui| {
            ui.label(format!("Change round {round}'s pairing by hand before it is played:"));
            for (slot, label) in [format!("First {word} to swap"), format!("Second {word} to swap")]
                .into_iter()
                .enumerate()
            {
                let chosen = self.swap[slot].map_or_else(|| "choose…".to_owned(), name);
                let combo = egui::ComboBox::from_id_salt(("swiss-swap", slot))
                    .width(150.0)
                    .selected_text(chosen)
                    .show_ui(ui, |ui| {
                        for &team in playing {
                            ui.selectable_value(&mut self.swap[slot], Some(team), name(team));
                        }
                    });
                combo
                    .response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
            }
            let ready = matches!(self.swap, [Some(a), Some(b)] if a != b);
            if ui
                .add_enabled(ready, egui::Button::new("Swap"))
                .on_hover_text("In different matches they exchange opponents; in one match, seats; with the bye, the bye. A repeat meeting it makes is said.")
                .on_disabled_hover_text(format!("Choose two different {word}s first"))
                .clicked()
                && let [Some(first), Some(second)] = self.swap
            {
                command = Some(Command::SwapTeams { round, first, second });
                self.swap = [None, None];
            }
        });
        command
    }
}

/// The odd team out's three choices for round `next` of `planned`: the bye, a three-way match
/// in the round, or one over it and the next (offered while a round follows it).
fn odd_choice_ui(ui: &mut egui::Ui, choice: &mut OddCount, next: u32, planned: usize) {
    ui.label("With an odd number of teams:");
    ui.radio_value(
        choice,
        OddCount::Bye,
        "Bye (the lowest-placed team without one sits out)",
    );
    ui.radio_value(
        choice,
        OddCount::ThreeWay,
        "Three-way match instead of the bye (the bottom three play one another over half the boards each)",
    );
    if (next as usize) < planned {
        ui.radio_value(
            choice,
            OddCount::LongThreeWay,
            format!(
                "Three-way match over rounds {next} and {} (the bottom three play one another in full matches)",
                next + 1
            ),
        );
    } else {
        if *choice == OddCount::LongThreeWay {
            *choice = OddCount::ThreeWay;
        }
        ui.label(format!(
            "Round {next} is the Swiss's last: a three-way match over two rounds needs the round after it."
        ));
    }
}
