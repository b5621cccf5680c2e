//! Picking players from the club's member list while a roster is made: a name field that
//! suggests members as the organiser types ([`NameField`]: after two characters, by the start
//! of a name's word or of a number, at most eight, under the field; a click, or the arrow keys
//! and Enter, picks one), and a search box over the whole list whose rows the caller draws
//! ([`MemberSearch`]: the roster view's "Add from club members…", the new-event form's ticks
//! in [`MemberTicks`]).
//!
//! The list is read from the club file in the app's data folder (`club.sqlite`, as the Club
//! members screen and `tourney members` use it) by [`ClubList`], only once something asks for
//! it, and again when another window or a command changed the file. The pickers never make the
//! file: without one there is simply nothing to suggest, and nothing is said; a file that
//! cannot be read is said in one sentence where the suggestions or the list would be.

use eframe::egui;
use scheduler::club::{ClubFile, ClubMember, DEFAULT_FILE_NAME, search};
use scheduler::model::{Player, Roster};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How many characters are typed before members are suggested.
const MIN_TYPED: usize = 2;

/// The most members suggested under a field.
const MAX_SUGGESTIONS: usize = 8;

/// Where the window's data folder is kept in the egui context (see [`set_data_folder`]).
fn data_folder_id() -> egui::Id {
    egui::Id::unique("tourney-data-folder")
}

/// Tells the pickers which data folder the window uses (its club file is `club.sqlite`
/// there); `TourneyApp::show` calls it every frame. Without it they use the folder the
/// window opens with by default (`app::run`'s) — except in tests, where they find no club
/// file unless the test says where it is.
pub fn set_data_folder(ctx: &egui::Context, folder: &Path) {
    ctx.data_mut(|data| data.insert_temp(data_folder_id(), folder.to_path_buf()));
}

/// The club file the pickers read (and the new-event form its club's name and ID from),
/// `None` when there is no data folder.
pub(super) fn club_path(ctx: &egui::Context) -> Option<PathBuf> {
    let told: Option<PathBuf> = ctx.data(|data| data.get_temp(data_folder_id()));
    told.or_else(default_data_folder)
        .map(|folder| folder.join(DEFAULT_FILE_NAME))
}

/// The data folder the window opens with (as `app::run` chooses it), worked out once.
#[cfg(not(test))]
fn default_data_folder() -> Option<PathBuf> {
    static FOLDER: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let folder = FOLDER.get_or_init(|| {
        eframe::storage_dir("Tourney").unwrap_or_else(|| std::env::temp_dir().join("tourney"))
    });
    Some(folder.clone())
}

/// Tests never read the user's own club file.
#[cfg(test)]
fn default_data_folder() -> Option<PathBuf> {
    None
}

/// What is known of the club file.
#[derive(Default)]
enum ClubState {
    /// Not looked for yet.
    #[default]
    NotLooked,
    /// There is none (yet): nothing to suggest, nothing to say.
    Missing,
    /// Open, its members read.
    Open(ClubFile),
    /// It cannot be read: why, in a sentence, and when the file was last changed (it is tried
    /// again once it changes).
    Unreadable {
        why: String,
        modified: Option<SystemTime>,
    },
}

/// The club's members as the pickers read them, kept between frames.
#[derive(Default)]
pub struct ClubList {
    path: Option<PathBuf>,
    state: ClubState,
    members: Vec<ClubMember>,
}

impl ClubList {
    /// Looks at the club file: opens it the first time it is there, reads the members again
    /// when another window or a command changed them. Cheap when nothing changed (one question
    /// to SQLite, or whether the file exists yet).
    pub fn refresh(&mut self, ctx: &egui::Context) {
        let path = club_path(ctx);
        if path != self.path {
            self.path = path;
            self.state = ClubState::NotLooked;
            self.members.clear();
        }
        let Some(path) = self.path.clone() else {
            self.state = ClubState::Missing;
            return;
        };
        match &mut self.state {
            ClubState::Open(club) => match club.changed_elsewhere() {
                Ok(false) => {}
                Ok(true) => self.read(),
                Err(error) => self.unreadable(&path, &error),
            },
            _ if !path.exists() => {
                self.state = ClubState::Missing;
                self.members.clear();
            }
            ClubState::NotLooked | ClubState::Missing => self.open(&path),
            // Tried again once the file changed (replaced, or made again).
            ClubState::Unreadable { modified, .. } => {
                if modified_time(&path) != *modified {
                    self.open(&path);
                }
            }
        }
    }

    fn open(&mut self, path: &Path) {
        match ClubFile::open(path) {
            Ok(club) => {
                self.state = ClubState::Open(club);
                self.read();
            }
            Err(error) => self.unreadable(path, &error),
        }
    }

    fn read(&mut self) {
        let ClubState::Open(club) = &self.state else {
            return;
        };
        match club.members() {
            Ok(members) => self.members = members,
            Err(error) => {
                let path = club.path().to_path_buf();
                self.unreadable(&path, &error);
            }
        }
    }

    fn unreadable(&mut self, path: &Path, error: &dyn std::fmt::Display) {
        self.members.clear();
        self.state = ClubState::Unreadable {
            why: format!("The club's member list cannot be read, so no members are offered: {error}"),
            modified: modified_time(path),
        };
    }

    /// Every member, by name (none without a club file).
    pub fn members(&self) -> &[ClubMember] {
        &self.members
    }

    /// Why the list cannot be read, in one sentence; `None` when it can, or there is none.
    pub fn problem(&self) -> Option<&str> {
        match &self.state {
            ClubState::Unreadable { why, .. } => Some(why),
            _ => None,
        }
    }

    /// The members to suggest for `typed`: none before two characters, at most eight, best
    /// first (see `club::search`).
    pub fn suggestions(&self, typed: &str) -> Vec<&ClubMember> {
        let typed = typed.trim();
        if typed.chars().count() < MIN_TYPED {
            return Vec::new();
        }
        search(&self.members, typed)
            .into_iter()
            .take(MAX_SUGGESTIONS)
            .collect()
    }
}

fn modified_time(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Whether `member` plays in `roster` already: their number, or their name (ignoring case),
/// is an individual's or a pair's player's.
pub fn on_roster(roster: &Roster, member: &ClubMember) -> bool {
    let same = |name: &str, number: Option<&String>| {
        name.trim().eq_ignore_ascii_case(member.name.trim())
            || number
                .zip(member.number.as_ref())
                .is_some_and(|(a, b)| a.trim().eq_ignore_ascii_case(b.trim()))
    };
    roster.players.iter().any(|player| {
        same(&player.name, player.number.as_ref())
            || player.members.iter().any(|m| same(&m.name, m.number.as_ref()))
    })
}

/// A player made of a club member: their name and number.
pub fn player_of(id: u32, member: &ClubMember) -> Player {
    let mut player = Player::new(id, member.name.clone());
    player.number = member.number.clone();
    player
}

/// The suggestions' state between frames, by field.
#[derive(Clone, Default)]
struct Suggesting {
    /// Whether the suggestions were shown last frame (the keys are theirs this frame).
    open: bool,
    /// The suggestion chosen with the arrow keys; none until one is.
    selected: Option<usize>,
    /// The text `selected` was chosen for: typing more forgets the choice.
    chosen_for: String,
    /// The text the suggestions were closed for (Escape, or a member picked): they stay
    /// closed until the text changes.
    dismissed: Option<String>,
}

/// Keys pressed while the suggestions were open, taken before the field sees them.
#[derive(Default)]
struct Keys {
    down: usize,
    up: usize,
    pick: bool,
    dismiss: bool,
}

/// A one-line name field that suggests club members as the organiser types.
pub struct NameField<'a> {
    /// The field's id (its suggestions' state is kept under it).
    pub id: egui::Id,
    /// The field's size.
    pub size: egui::Vec2,
    /// The name as stored: nothing is suggested until the text differs from it.
    pub stored: &'a str,
}

/// What a [`NameField`] did this frame.
pub struct NameFieldOutput {
    /// The text field's response.
    pub response: egui::Response,
    /// The member picked this frame (the text is their name by then).
    pub picked: Option<ClubMember>,
}

impl NameField<'_> {
    /// Shows the field editing `text` and, while it has the keyboard and the typed text finds
    /// members, the suggestions under it. Down and Up choose one, Enter picks the chosen one
    /// (without a choice Enter leaves the field as ever), Escape closes them; a click picks.
    pub fn show(self, ui: &mut egui::Ui, club: &mut ClubList, text: &mut String) -> NameFieldOutput {
        let id = self.id;
        let ctx = ui.ctx().clone();
        let mut state: Suggesting = ctx.data(|d| d.get_temp(id)).unwrap_or_default();
        let keys = take_keys(&ctx, &state);
        let popup_id = id.with("club-members");
        let popup_layer = egui::LayerId::new(egui::PopupKind::Popup.order(), popup_id);
        // A click on a suggestion must not take the keyboard from the field first.
        let on_popup = state.open
            && ctx.pointer_interact_pos().and_then(|pos| ctx.layer_id_at(pos)) == Some(popup_layer);
        let surrender = ctx.options(|o| o.input_options.surrender_focus_on);
        if on_popup {
            ctx.options_mut(|o| o.input_options.surrender_focus_on = egui::SurrenderFocusOn::Never);
        }
        let edit = egui::TextEdit::singleline(text)
            .id(id)
            .desired_width(self.size.x)
            .align(egui::Align2::LEFT_CENTER);
        let filter = edit.get_event_filter();
        let edit = edit.event_filter(egui::EventFilter {
            escape: filter.escape || state.open,
            ..filter
        });
        let response = ui.add_sized(self.size, edit);
        ctx.options_mut(|o| o.input_options.surrender_focus_on = surrender);

        if keys.dismiss {
            state.dismissed = Some(text.clone());
        }
        if state.chosen_for != *text {
            state.selected = None;
            state.chosen_for = text.clone();
        }
        let offered = response.has_focus()
            && text.trim() != self.stored.trim()
            && text.trim().chars().count() >= MIN_TYPED
            && state.dismissed.as_deref() != Some(text.as_str());
        if offered {
            club.refresh(&ctx);
        }
        let found: Vec<ClubMember> = if offered {
            club.suggestions(text).into_iter().cloned().collect()
        } else {
            Vec::new()
        };
        let problem = club.problem().filter(|_| offered).map(str::to_owned);
        state.selected = moved(state.selected, &keys, found.len());
        let mut picked = state.selected.filter(|_| keys.pick);
        let open = picked.is_none() && (!found.is_empty() || problem.is_some());
        let width = self.size.x.max(260.0);
        let clicked = egui::Popup::from_response(&response)
            .id(popup_id)
            .kind(egui::PopupKind::Popup)
            .open(open)
            .align(egui::RectAlign::BOTTOM_START)
            .align_alternatives(&[egui::RectAlign::TOP_START])
            .width(width)
            .show(|ui| suggestions_ui(ui, &found, state.selected, problem.as_deref()))
            .and_then(|inner| inner.inner);
        picked = picked.or(clicked);
        let picked = picked.and_then(|i| found.get(i)).cloned();
        if let Some(member) = &picked {
            *text = member.name.clone();
            state.dismissed = Some(text.clone());
            state.selected = None;
            state.chosen_for = text.clone();
        }
        state.open = open && picked.is_none();
        ctx.data_mut(|d| d.insert_temp(id, state));
        NameFieldOutput { response, picked }
    }
}

/// The arrow keys, Enter and Escape, taken from the input while the suggestions are open
/// (Enter only once one is chosen: otherwise it leaves the field as it always does).
fn take_keys(ctx: &egui::Context, state: &Suggesting) -> Keys {
    let mut keys = Keys::default();
    if !state.open {
        return keys;
    }
    ctx.input_mut(|input| {
        keys.down = take_key(input, egui::Key::ArrowDown);
        keys.up = take_key(input, egui::Key::ArrowUp);
        keys.dismiss = take_key(input, egui::Key::Escape) > 0;
        if state.selected.is_some() {
            keys.pick = take_key(input, egui::Key::Enter) > 0;
        }
    });
    keys
}

/// Removes the presses of `key` without modifiers; how many there were.
fn take_key(input: &mut egui::InputState, key: egui::Key) -> usize {
    let before = input.events.len();
    input.events.retain(|event| {
        !matches!(
            event,
            egui::Event::Key { key: pressed, modifiers, pressed: true, .. }
                if *pressed == key && modifiers.is_none()
        )
    });
    before - input.events.len()
}

/// The chosen suggestion after the arrow keys: Down from none chooses the first, Up from the
/// first chooses none again.
fn moved(selected: Option<usize>, keys: &Keys, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let mut selected = selected.filter(|&i| i < count);
    for _ in 0..keys.down {
        selected = Some(selected.map_or(0, |i| (i + 1).min(count - 1)));
    }
    for _ in 0..keys.up {
        selected = selected.and_then(|i| i.checked_sub(1));
    }
    selected
}

/// The suggestions, one button each ("Jane Smith (00123456)"); returns the one clicked.
fn suggestions_ui(
    ui: &mut egui::Ui,
    found: &[ClubMember],
    selected: Option<usize>,
    problem: Option<&str>,
) -> Option<usize> {
    if let Some(why) = problem {
        ui.colored_label(super::ERROR_RED, why);
        return None;
    }
    let mut clicked = None;
    for (i, member) in found.iter().enumerate() {
        let button = egui::Button::selectable(selected == Some(i), member.label())
            .min_size(egui::vec2(ui.available_width(), 0.0));
        let response = ui
            .add(button)
            .on_hover_text("Club member: fills in the name and the member number");
        if selected == Some(i) {
            response.scroll_to_me(None);
        }
        if response.clicked() {
            clicked = Some(i);
        }
    }
    clicked
}

/// A search box over the club's members and the members it finds, each row drawn by the
/// caller.
#[derive(Default)]
pub struct MemberSearch {
    query: String,
}

const ROW_HEIGHT: f32 = 22.0;

impl MemberSearch {
    /// "Search club members" and the members found (all of them before anything is typed),
    /// each drawn by `row`. Without a club file, or with an empty one, that is said with where
    /// members are added; a file that cannot be read is said in one sentence.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        club: &mut ClubList,
        id_salt: &str,
        mut row: impl FnMut(&mut egui::Ui, &ClubMember),
    ) {
        club.refresh(ui.ctx());
        if let Some(why) = club.problem() {
            ui.colored_label(super::ERROR_RED, why);
            return;
        }
        if club.members().is_empty() {
            ui.label("The club's member list is empty: add members, or import the club's CSV, under Start screen → Club members….");
            return;
        }
        ui.horizontal(|ui| {
            let label = ui.label("Search club members");
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text("name or number")
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
        });
        let found = search(club.members(), &self.query);
        ui.weak(format!("{} of {} members", found.len(), club.members().len()));
        egui::ScrollArea::vertical()
            .id_salt(id_salt)
            .max_height(8.0 * ROW_HEIGHT)
            .auto_shrink([false, true])
            .show_rows(ui, ROW_HEIGHT, found.len(), |ui, rows| {
                for member in &found[rows] {
                    row(ui, member);
                }
            });
    }
}

/// Club members ticked to make a new event's roster, in the order ticked.
#[derive(Default)]
pub struct MemberTicks {
    search: MemberSearch,
    ticked: Vec<ClubMember>,
}

impl MemberTicks {
    /// The search box and a tick box for each member found.
    pub fn ui(&mut self, ui: &mut egui::Ui, club: &mut ClubList) {
        let ticked = &mut self.ticked;
        self.search.ui(ui, club, "club-member-ticks", |ui, member| {
            let mut on = ticked.iter().any(|t| t.id == member.id);
            if ui.checkbox(&mut on, member.label()).changed() {
                if on {
                    ticked.push(member.clone());
                } else {
                    ticked.retain(|t| t.id != member.id);
                }
            }
        });
    }

    /// How many members are ticked.
    pub fn count(&self) -> usize {
        self.ticked.len()
    }

    /// The ticked members in words, in the order ticked: "Ann Archer, Bob Baker", or with
    /// `pairs` "Ann Archer & Bob Baker; Cy Carter & …".
    pub fn describe(&self, pairs: bool) -> String {
        let names: Vec<&str> = self.ticked.iter().map(|m| m.name.as_str()).collect();
        if !pairs {
            return names.join(", ");
        }
        names
            .chunks(2)
            .map(|two| two.join(" & "))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The roster of the ticked members with their numbers: a player each, or with `pairs`
    /// the first two ticked a pair, the next two the next. Why not, in a sentence, when too
    /// few are ticked or one is left without a partner.
    pub fn roster(&self, pairs: bool) -> Result<Roster, String> {
        if !pairs {
            if self.ticked.len() < 2 {
                return Err("Tick at least two club members for the roster.".into());
            }
            let players = (1..).zip(&self.ticked).map(|(id, m)| player_of(id, m)).collect();
            return Ok(Roster { players });
        }
        if self.ticked.len() < 4 || self.ticked.len() % 2 == 1 {
            return Err(format!(
                "{} club member(s) ticked: pairs are made of two, in the order ticked — tick an even number, at least four.",
                self.ticked.len()
            ));
        }
        let players = (1..)
            .zip(self.ticked.chunks(2))
            .map(|(id, two)| Player::pair(id, two[0].as_member(), two[1].as_member()))
            .collect();
        Ok(Roster { players })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scheduler::model::Member;

    fn member(id: i64, name: &str, number: Option<&str>) -> ClubMember {
        ClubMember {
            id,
            name: name.into(),
            number: number.map(str::to_owned),
            email: None,
            phone: None,
        }
    }

    #[test]
    fn the_arrow_keys_choose_within_the_suggestions() {
        let keys = |down, up| Keys {
            down,
            up,
            ..Keys::default()
        };
        assert_eq!(moved(None, &keys(1, 0), 3), Some(0));
        assert_eq!(moved(Some(1), &keys(5, 0), 3), Some(2));
        assert_eq!(moved(Some(0), &keys(0, 1), 3), None);
        assert_eq!(
            moved(Some(7), &keys(0, 0), 3),
            None,
            "a choice beyond the list goes"
        );
        assert_eq!(moved(Some(0), &keys(1, 0), 0), None);
    }

    #[test]
    fn a_member_on_the_roster_is_known_by_name_or_number() {
        let mut ann = Player::new(1, "Ann Archer");
        ann.number = Some("007".into());
        let pair = Player::pair(2, Member::numbered("Cy Carter", "123"), "Di Dean");
        let roster = Roster {
            players: vec![ann, pair],
        };
        assert!(on_roster(&roster, &member(1, "ann archer", None)));
        assert!(on_roster(&roster, &member(2, "Ann Other", Some("007"))));
        assert!(on_roster(&roster, &member(3, "Cyril Carter", Some("123"))));
        assert!(on_roster(&roster, &member(4, "Di Dean", Some("999"))));
        assert!(!on_roster(&roster, &member(5, "Eve East", Some("008"))));
    }

    #[test]
    fn ticked_members_make_players_or_pairs_in_the_order_ticked() {
        let mut ticks = MemberTicks {
            ticked: vec![
                member(3, "Cy Carter", Some("3")),
                member(1, "Ann Archer", Some("1")),
                member(2, "Bob Baker", None),
            ],
            ..MemberTicks::default()
        };
        let roster = ticks.roster(false).unwrap();
        assert_eq!(roster.names(), ["Cy Carter", "Ann Archer", "Bob Baker"]);
        assert_eq!(roster.players[1].number.as_deref(), Some("1"));
        assert!(ticks.roster(true).is_err(), "three do not make pairs");
        ticks.ticked.push(member(4, "Di Dean", Some("4")));
        let pairs = ticks.roster(true).unwrap();
        assert_eq!(pairs.names(), ["Cy Carter & Ann Archer", "Bob Baker & Di Dean"]);
        assert_eq!(pairs.players[1].describe_members(), "Bob Baker & Di Dean (4)");
        assert_eq!(
            ticks.describe(true),
            "Cy Carter & Ann Archer; Bob Baker & Di Dean"
        );
        assert!(roster.problems().is_empty() && pairs.problems().is_empty());
    }
}
