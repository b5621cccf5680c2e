//! The views of an open event: the tabs in their order ([`View`]) and every view's state
//! ([`Views`]), made afresh together when another event is opened. A new view is one file
//! implementing [`EventView`] and a line in each of `View::ALL`, `View::label`, `Views` and
//! `Views::get`.

use super::results_view::ResultsView;
use super::roster_view::RosterView;
use super::schedule_view::ScheduleView;
use super::sheets_view::SheetsView;
use super::standings_view::StandingsView;
use super::view::EventView;

/// The tabs of an open event, in the order they are shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum View {
    Roster,
    Schedule,
    Results,
    Standings,
    Sheets,
}

impl View {
    /// Every view, as the tabs list them.
    pub(crate) const ALL: [View; 5] = [
        View::Roster,
        View::Schedule,
        View::Results,
        View::Standings,
        View::Sheets,
    ];

    /// The tab's name.
    pub(crate) fn label(self) -> &'static str {
        match self {
            View::Roster => "Roster",
            View::Schedule => "Schedule",
            View::Results => "Results",
            View::Standings => "Standings",
            View::Sheets => "Sheets",
        }
    }
}

/// Every view's state, made afresh together when another event is opened.
#[derive(Default)]
pub(crate) struct Views {
    pub(crate) roster: RosterView,
    pub(crate) schedule: ScheduleView,
    pub(crate) results: ResultsView,
    pub(crate) standings: StandingsView,
    pub(crate) sheets: SheetsView,
}

impl Views {
    /// The view shown on the tab `view`.
    pub(crate) fn get(&mut self, view: View) -> &mut dyn EventView {
        match view {
            View::Roster => &mut self.roster,
            View::Schedule => &mut self.schedule,
            View::Results => &mut self.results,
            View::Standings => &mut self.standings,
            View::Sheets => &mut self.sheets,
        }
    }

    /// Every view back to its state for a newly opened event.
    pub(crate) fn reset(&mut self) {
        *self = Views::default();
    }
}
