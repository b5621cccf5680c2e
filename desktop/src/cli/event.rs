//! `tourney event …`: create an event file, enter results between rounds, read the standings
//! and the history. Every result is on disk when the command says "saved".

use super::numbers;
use super::output::write_file;
use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use scheduler::deals::{Board, write_pbn};
use scheduler::event::carry_over::{CarryOverRule, work_out_from_file};
use scheduler::event::club_pairs::pair_of_label;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::entry::Fields;
use scheduler::event::knockout::{CarryOver, Knockout};
use scheduler::event::session::{Applied, Command, Session, SessionError};
use scheduler::event::standings::{leader, standings, standings_csv};
use scheduler::event::store::{EventFile, ExistingFile, StoreError};
use scheduler::event::teams::{TeamsBye, TeamsScoring, match_teams};
use scheduler::event::teams_results::{boards_table, matches_table};
use scheduler::event::usebio::usebio_xml;
use scheduler::event::{Event, ImpMethod, ResultValue};
use scheduler::event::{long_three_way, three_way};
use scheduler::model::{Roster, TeamEvent};
use scheduler::movement::{
    MissedBoards, MovementKind, choose_movement_for, describe_movement, present_pairs,
};
use scheduler::roster_import::import_roster_file;
use scheduler::scoring::league::PointsRule;
use scheduler::sheets::event_sheets::{event_sheets_pdf, sheet_kinds, sheet_options};
use scheduler::sheets::{Paper, SheetKind, StandingsTable, schedule_pdf};
use scheduler::solver::Control;
use scheduler::swiss::OddCount;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Subcommand, Debug)]
pub enum EventCommand {
    /// Create an event file (.tourney): roster, format, schedule; results come later.
    New(NewArgs),
    /// Enter or correct one result (or many from standard input with --stdin).
    Result(ResultArgs),
    /// Print the standings, or write them as CSV or PDF.
    Standings(StandingsArgs),
    /// Write the event's printed sheets as PDF: for a club pairs evening the movement
    /// summary, table cards, travellers (filled once results exist) and score cards.
    Sheets(EventSheetsArgs),
    /// Every change made to the event, oldest first.
    History { file: PathBuf },
    /// Export the results: for a national body as USEBIO 1.2 XML (club pairs events); a teams
    /// event's matches or boards as CSV for a spreadsheet (--matches-csv, --boards-csv).
    Export(ExportArgs),
    /// Write the results as a small web site in a folder (no server needed): the ranking, a
    /// page per pair (scorecard) and per board (traveller, hands) at a club pairs evening, a
    /// page per round otherwise. Open index.html, or upload the folder to the club's site.
    Publish(super::publish::PublishArgs),
    /// Bridge hand records: attach the deals of a PBN file (a dealing machine's, or `tourney
    /// deals`) to the event's boards, analyse them (each board's double-dummy table and par,
    /// kept with the event), or write the attached ones as PBN.
    Deals(DealsArgs),
    /// A player (or pair) leaves after a round: a phantom takes their place from the next
    /// round (their opponents have a bye; a whist drive's later rounds are seated again
    /// without them). Club pairs: the pair's opponents sit out and the boards it does not
    /// play are factored (Neuberg).
    Withdraw {
        file: PathBuf,
        /// Club pairs: the pair, as on the traveller: 3, 3NS, 5EW.
        #[arg(long, conflicts_with = "player", required_unless_present = "player")]
        pair: Option<String>,
        /// The player's (or pair's) number in the roster, or their name.
        #[arg(long)]
        player: Option<String>,
        /// The last round they played.
        #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
        after_round: u32,
    },
    /// A late player (or pair) joins once rounds are played: the played rounds stay as they
    /// are, the rounds not yet played take them in, and the whole schedule is checked.
    Late {
        file: PathBuf,
        /// The newcomer's name, as it is to appear on the sheets.
        #[arg(long)]
        name: String,
        /// The first round they play (default: the first round without results).
        #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
        before_round: Option<u32>,
        /// Club pairs: how the boards the late pair missed are scored — `not-played` (it is
        /// scored on the boards it plays, as a pair sitting out is) or `average` (50 % on each).
        #[arg(long, default_value = "not-played", value_parser = missed_parser())]
        missed: MissedBoards,
    },
    /// What the event is and how far each round's results have got.
    Show { file: PathBuf },
    /// Swiss teams and Swiss pairs: pair the next round from the standings once every board
    /// of the last round is entered (the top team or pair meets the highest-placed one it has
    /// not met, down the list; a repeat only where no pairing avoids it, said so; the bye to
    /// the lowest-placed without one). Prints the matches and why each float was made. Undo
    /// takes it back.
    PairNext {
        file: PathBuf,
        /// A team (or pair) that withdraws now, after the last round: its number in the roster
        /// or its name (repeat for more). It keeps its results and place, and is paired no more.
        #[arg(long, value_name = "TEAM")]
        without: Vec<String>,
        /// With an odd number of teams, a three-way match for the lowest-placed three that
        /// have not met instead of a bye: each pair of them plays half the round's boards
        /// (the third half-match a supplementary set), worth half a match each. The default
        /// when the event was made with `--three-way` (or `--three-way short`).
        #[arg(long, conflicts_with_all = ["bye", "long_three_way"])]
        three_way: bool,
        /// With an odd number of teams, a three-way match over this round and the next (the
        /// "long threesome"): each pair of the three plays a full match, with full points,
        /// scored once both rounds are entered. In the Swiss's last round a three-way match
        /// in the round instead, said so. The default when the event was made with
        /// `--three-way long`.
        #[arg(long, conflicts_with = "bye")]
        long_three_way: bool,
        /// With an odd number of teams, a bye this round even though the event was made with
        /// `--three-way`.
        #[arg(long)]
        bye: bool,
    },
    /// Swiss teams and pairs: change the last round's pairing by hand before it is played:
    /// two teams (or pairs) exchange places (opponents, or home and away in one match, or the
    /// bye). Any repeat meeting it makes is said. Undo takes it back.
    Swap {
        file: PathBuf,
        /// The round (the last one paired, with no results yet).
        #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
        round: u32,
        /// One team: its number in the roster, or its name.
        first: String,
        /// The other team.
        second: String,
    },
    /// Teams of four: who played for a team in a round (its line-up, for the masterpoint
    /// return of a team of five or six): the players by name or by their place in the team's
    /// list. Without --players, shows the round's line-up and the team's players, numbered.
    /// Undo takes it back.
    LineUp {
        file: PathBuf,
        /// The round (a knockout's stanza).
        #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
        round: u32,
        /// The team: its number in the roster, or its name.
        #[arg(long)]
        team: String,
        /// Who played, separated by commas: names as the team lists them, or their places in
        /// its list ("1, 2, 4, 5"). An empty text removes the line-up.
        #[arg(long, allow_hyphen_values = true)]
        players: Option<String>,
    },
    /// Teams of four: a team's players, replacing those kept (they are printed on its match
    /// cards with their member numbers, and listed in the standings and on the results
    /// pages). Undo takes it back.
    Players {
        file: PathBuf,
        /// The team: its number in the roster, or its name.
        #[arg(long)]
        team: String,
        /// The players in order, a member number in brackets after a name, separated by
        /// commas (by semicolons when a name has a comma): "Ann Archer (007341), Bob Brown,
        /// Cy Carter, Di Dean". An empty text removes them.
        #[arg(long, allow_hyphen_values = true)]
        players: String,
    },
    /// A knockout match that ended level after every board: add the tie-break stanza (the
    /// EBU's rule, White Book §143.2: an eighth of the match's boards, at least two; again
    /// while level). Undo takes it back.
    TieBreak { file: PathBuf },
    /// Lists the stored results that do not fit the event (what makes a file "damaged"),
    /// and with --remove removes them (each kept in the history), so the file can be
    /// changed again.
    Repair {
        file: PathBuf,
        /// Remove the results listed.
        #[arg(long)]
        remove: bool,
    },
    /// Take back the last change to the event (a result, a correction, a roster change, a late
    /// arrival or withdrawal, hand records), whoever made it: the window and the command line
    /// share one history, kept in the file. The undo is itself a line of the history.
    Undo { file: PathBuf },
    /// Put back the last change taken back with undo (in the window or here), if nothing was
    /// changed since.
    Redo { file: PathBuf },
    /// Save a consistent copy of the event file (safe while it is open elsewhere).
    Copy {
        file: PathBuf,
        to: PathBuf,
        /// Replace an existing file at TO, if it is another Tourney event (never anything else).
        #[arg(long)]
        force: bool,
    },
    /// Scoring from phones: serves each table a page on the local network (`table N: URL`
    /// lines, the URL carrying the table's key) and the director's PIN; results land in the
    /// event file as they are accepted. Stops on Ctrl-C.
    Serve(super::serve::ServeArgs),
}

/// `--missed`: how a late pair's missed boards are scored.
fn missed_parser() -> impl clap::builder::TypedValueParser<Value = MissedBoards> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(["not-played", "average"]).map(|name| match name.as_str() {
        "average" => MissedBoards::Average,
        _ => MissedBoards::NotPlayed,
    })
}

/// `--format`: the library's own list of formats (`EventFormat::ALL`), with their names,
/// aliases and descriptions, so the command line and the window offer the same formats.
fn format_parser() -> impl clap::builder::TypedValueParser<Value = EventFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(EventFormat::ALL.map(|format| {
        PossibleValue::new(format.name())
            .help(format.description())
            .aliases(format.aliases())
    }))
    .try_map(|name| EventFormat::from_name(&name).ok_or_else(|| format!("{name:?} is not a format")))
}

/// How long a Swiss's three-way match is (`event new --three-way`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum ThreeWayArg {
    /// In one round, each meeting over half the boards.
    Short,
    /// Over two rounds, each meeting a full match.
    Long,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    Circle,
    Berger,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ImpArg {
    Cross,
    Butler,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum MovementArg {
    /// The movement that fits the pairs and boards best.
    Auto,
    Mitchell,
    SkipMitchell,
    RelayMitchell,
    Howell,
    /// 3 tables (5 or 6 pairs): every board played at all three tables, two rounds (half-sets)
    /// a meeting.
    HowellHalfSets,
    ThreeQuarterHowell,
    /// 6 tables: the 9-round three-quarter Howell, 3 sets on relay stands each round.
    RelayThreeQuarterHowell,
    /// No movement: a pairs round robin, every table playing the same boards each round.
    RoundRobin,
    /// Teams of four (`--format teams`): the club teams night's movement, every team meeting
    /// every other in one evening, each team's N-S pair at its home table.
    TeamsOfFour,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TeamKindArg {
    Jamboree,
    RoundRobin,
    Scheveningen,
}

#[derive(Args, Debug)]
pub struct NewArgs {
    /// The event file to create (.tourney); an existing file is never overwritten.
    file: PathBuf,
    #[arg(long, value_parser = format_parser())]
    format: EventFormat,
    /// Roster CSV (names, spouses, stationary, team, board…).
    #[arg(long, conflicts_with = "players")]
    roster: Option<PathBuf>,
    /// Number of players (or pairs), named "Player 1" … when there is no roster.
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::how_many)]
    players: Option<usize>,
    #[arg(long)]
    title: Option<String>,
    #[arg(long)]
    club: Option<String>,
    /// The club's number with its national body (the EBU's club ID, the ACBL's club number),
    /// written in the USEBIO export as CLUB_ID_NUMBER.
    #[arg(long, value_name = "ID")]
    club_id: Option<String>,
    /// YYYY-MM-DD (default: today).
    #[arg(long)]
    date: Option<String>,
    /// Rounds tonight (default: all the format has): whist, round robins, team round robins,
    /// Scheveningen matches and club movements play their first rounds (refused, with the
    /// reason, when that many cannot be played fairly). Team chess jamboree: its rounds.
    #[arg(long)]
    rounds: Option<usize>,
    /// Whist: directed seating.
    #[arg(long)]
    directed: bool,
    /// Whist drive: hands per round (then each table's tricks must add up to 13 × hands).
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
    hands_per_round: Option<u32>,
    /// Bridge: boards per round (default 2; for a club pairs movement the number that comes
    /// closest to --boards).
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
    boards_per_round: Option<u32>,
    /// Pairs bridge: the movement, where the boards move from table to table (default auto:
    /// the Mitchell or Howell that fits the pairs and --boards best); round-robin: every
    /// table plays the same boards each round (the boards copied for every table). Teams:
    /// teams-of-four, the club teams night's movement.
    #[arg(long, value_enum)]
    movement: Option<MovementArg>,
    /// Pairs bridge with an odd number of pairs: which pair number is the phantom (default
    /// the highest, an E-W pair in a Mitchell).
    #[arg(long, value_parser = numbers::how_many)]
    phantom: Option<usize>,
    /// Pairs bridge: arrow-switch a Mitchell on the usual rounds (one winner).
    #[arg(long)]
    arrow_switch: bool,
    /// A club teams night of 4 teams (--movement teams-of-four): relay (the published
    /// arrangement, each round's set relayed round all four tables: 3 sets) or head-to-head
    /// (each match on a set of its own: 6 sets). Default: relay with 4 boards a round or
    /// more, head to head with fewer.
    #[arg(long, value_enum)]
    four_teams: Option<super::teams_movement::FourTeamsArg>,
    /// Bridge: also rank by IMPs across the field.
    #[arg(long, value_enum)]
    imps: Option<ImpArg>,
    /// Round robins: circle method or FIDE Berger tables (default: Berger for chess, circle
    /// otherwise).
    #[arg(long, value_enum)]
    method: Option<MethodArg>,
    /// Round robins: play every pairing twice.
    #[arg(long)]
    double: bool,
    /// Couples (the roster's spouse column) never meet.
    #[arg(long)]
    avoid_spouses: bool,
    /// Whist drives and individual bridge: how couples are kept apart — never partners (the
    /// default) or never at the same table (with --rounds shorter than the cycle).
    #[arg(long, value_enum)]
    couples: Option<super::whist::CouplesArg>,
    /// Chess: points for a round without an opponent (bye).
    #[arg(long, default_value_t = 0.0)]
    bye_points: f64,
    /// League points for a win, draw, loss (default 3,1,0 for match scores; 2,1,0 for chess
    /// team matches).
    #[arg(long)]
    points: Option<String>,
    /// Team chess: the kind of team event.
    #[arg(long, value_enum, default_value = "jamboree")]
    kind: TeamKindArg,
    /// Team chess without a roster: number of teams.
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::how_many)]
    teams: Option<usize>,
    /// Team chess without a roster: players per team. Pairs bridge with a movement: about
    /// how many boards the evening has (default 26).
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::how_many)]
    boards: Option<usize>,
    /// Seconds the schedule search may take.
    #[arg(long, default_value_t = 20.0)]
    time_limit: f64,
    /// Teams, or pairs bridge (a Swiss pairs event): a Swiss (give --rounds): round 1 seeds
    /// the roster's order, each later round is paired from the standings with `tourney event
    /// pair-next`. Without it, a round robin (teams) or a movement or round robin (pairs).
    #[arg(long)]
    swiss: bool,
    /// Teams, a Swiss with an odd number of teams: a three-way match for the bottom three
    /// instead of a bye, in round 1 and (unless `pair-next --bye`) in every later round:
    /// `short` (the default) in one round on half the boards each, `long` over two rounds,
    /// each meeting a full match.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "short", value_name = "short|long")]
    three_way: Option<ThreeWayArg>,
    /// Teams and Swiss pairs: how a match counts in the standings (default wbf2013: victory
    /// points on the WBF 2013 scale; `acbl30` and `acbl20`, the ACBL's scales, for team
    /// matches of 6 to 11 boards; a Swiss pairs match on its IMPs against the datum, or
    /// `matchpoints` across the field, Swiss pairs only).
    #[arg(long, value_enum)]
    teams_scoring: Option<TeamsScoringArg>,
    /// Teams and Swiss pairs: what a bye scores, in the standings' points (default 12 VPs, 0
    /// IMPs, half the boards at board-a-match), or `average` (the team's or pair's average).
    #[arg(long, value_name = "POINTS|average", allow_hyphen_values = true)]
    bye_score: Option<String>,
    /// Teams: a knockout match between the roster's two teams, played in this many stanzas
    /// (the rounds; seats exchanged each stanza), won on total IMPs.
    #[arg(long, value_name = "STANZAS", allow_hyphen_values = true, value_parser = numbers::how_many)]
    knockout: Option<usize>,
    /// Knockout: the IMPs one team starts with, as TEAM:IMPS (the team by name or number,
    /// at most one decimal), e.g. "Aces:3.5".
    #[arg(long, value_name = "TEAM:IMPS", requires = "knockout")]
    carry_over: Option<String>,
    /// Knockout: work the carry-over out from the two teams' match in an earlier round robin
    /// or Swiss of teams (its event file), by --carry-over-rule; instead of --carry-over.
    #[arg(
        long,
        value_name = "EVENT FILE",
        requires = "knockout",
        conflicts_with = "carry_over"
    )]
    carry_over_from: Option<PathBuf>,
    /// With --carry-over-from: the conditions of contest's rule as WON,LOST,CAP (the
    /// higher-placed team's share of the margin when it won, the other team's when it lost,
    /// the most IMPs), or FRACTION,CAP; default 1/2,1/3,16 (the Bermuda Bowl's).
    #[arg(long, value_name = "WON,LOST,CAP", requires = "carry_over_from")]
    carry_over_rule: Option<String>,
    /// With --carry-over-from, where the two teams met more than once (a double round robin):
    /// the round of the match the conditions of contest count.
    #[arg(long, value_name = "ROUND", requires = "carry_over_from")]
    carry_over_round: Option<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TeamsScoringArg {
    /// Victory points, WBF 2013 continuous scale.
    Wbf2013,
    /// Victory points, the ACBL 30-VP scale (matches of 6 to 11 boards).
    Acbl30,
    /// Victory points, the ACBL 20-VP discrete scale (matches of 6 to 11 boards).
    Acbl20,
    /// The IMP margin.
    Imps,
    /// Board-a-match.
    BoardAMatch,
    /// Swiss pairs: matchpoints across the field, each match as a percentage.
    Matchpoints,
}

/// `--couples` for a whist drive or individual bridge; refused, with the reason, for any
/// other format (never silently dropped).
fn couples_option(args: &NewArgs, spec: &mut NewEvent) -> Result<(), ExitCode> {
    let Some(couples) = args.couples else {
        return Ok(());
    };
    let format = spec.options.format;
    if !matches!(format, EventFormat::WhistDrive | EventFormat::BridgeIndividual) {
        eprintln!(
            "--couples is for a whist drive or individual bridge, not {}; for a round robin, --avoid-spouses",
            format.label()
        );
        return Err(ExitCode::from(2));
    }
    spec.options.couples_apart = couples.keep_apart();
    Ok(())
}

/// One result, as typed on the command line or as one line of `--stdin`.
#[derive(Args, Debug, Clone)]
pub struct Entry {
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
    round: Option<u32>,
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::whole_number)]
    table: Option<u32>,
    /// Bridge: the board number.
    #[arg(long, alias = "board", allow_hyphen_values = true, value_parser = numbers::whole_number)]
    deal: Option<u32>,
    /// Whist drive: tricks won by North-South. Club pairs, with --board: the pair that sat
    /// N-S, as on the traveller (3, or 3NS / 5EW in a Mitchell); then --round and --table are
    /// found from the movement.
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::count_or_label)]
    ns: Option<String>,
    /// Whist drive: tricks won by East-West. Club pairs, with --board: the pair that sat E-W.
    #[arg(long, allow_hyphen_values = true, value_parser = numbers::count_or_label)]
    ew: Option<String>,
    /// Bridge: the contract, e.g. 4S, 3NT, 2HX, 1NTXX.
    #[arg(long, allow_hyphen_values = true)]
    contract: Option<String>,
    /// Bridge: the declarer, N, E, S or W.
    #[arg(long, allow_hyphen_values = true)]
    by: Option<String>,
    /// Bridge: tricks taken by the declarer (0-13), or relative: =, +1, -2.
    #[arg(long, allow_hyphen_values = true)]
    tricks: Option<String>,
    /// Bridge: the opening lead, with the contract (optional): suit and rank, e.g. HQ, QH, ♥Q,
    /// S10.
    #[arg(long, allow_hyphen_values = true)]
    lead: Option<String>,
    /// Bridge: the N-S score instead of a contract (negative when E-W scored). Match scores:
    /// home-away, e.g. 3-1. Teams: the N-S score at table 1 (home team N-S), then at table 2,
    /// e.g. 420,-170.
    #[arg(long, allow_hyphen_values = true)]
    score: Option<String>,
    /// Bridge: the board was passed out.
    #[arg(long)]
    passed: bool,
    /// Club pairs: the director's score instead of a result: AVE+, AVE or AVE- (N-S's; E-W
    /// get the other side), both sides as A+/A- (N-S first), or NP (not played).
    #[arg(long, allow_hyphen_values = true)]
    artificial: Option<String>,
    /// Chess: 1-0, ½-½ (1/2-1/2), 0-1, +- or -+ (forfeits), -/- or 0-0 (neither played).
    #[arg(long, allow_hyphen_values = true)]
    result: Option<String>,
    /// Teams: the home team's net score on the board (instead of --score T1,T2, both tables'
    /// N-S scores).
    #[arg(long, allow_hyphen_values = true)]
    net: Option<String>,
    /// Remove the result instead (kept in the history).
    #[arg(long)]
    clear: bool,
}

#[derive(Args, Debug)]
pub struct ResultArgs {
    file: PathBuf,
    #[command(flatten)]
    entry: Entry,
    /// Read results from standard input, one per line written as the options above (e.g.
    /// "--round 1 --table 2 --ns 14 --ew 12"); each line is answered "saved #N" once it is on
    /// disk, or "error: …".
    #[arg(long)]
    stdin: bool,
}

#[derive(Parser, Debug)]
#[command(name = "line", no_binary_name = true)]
struct EntryLine {
    #[command(flatten)]
    entry: Entry,
}

#[derive(Args, Debug)]
pub struct DealsArgs {
    file: PathBuf,
    /// Attach the deals of this PBN file to the boards of the same numbers, with the
    /// double-dummy table the file has for a board ([DoubleDummyTricks] or
    /// [OptimumResultTable]; par is worked out again for the board's vulnerability).
    #[arg(long, value_name = "FILE.pbn", conflicts_with_all = ["out", "analyse"])]
    pbn: Option<PathBuf>,
    /// Work out the double-dummy table and par of every attached board not analysed yet,
    /// using every core, and keep them with the event (undo takes them back): the hand
    /// record sheets, the PBN written by --out and the published pages then show them.
    #[arg(long, conflicts_with = "out")]
    analyse: bool,
    /// With --analyse: the most one board may take, in seconds (a board past it is named
    /// and left without analysis).
    #[arg(long, value_name = "S", default_value_t = 60.0, requires = "analyse")]
    seconds: f64,
    /// Write the attached deals as PBN (with their analysis, when kept).
    #[arg(long, value_name = "FILE.pbn")]
    out: Option<PathBuf>,
    /// Replace an existing --out file (never an event file).
    #[arg(long)]
    force: bool,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    file: PathBuf,
    /// Write the results as USEBIO 1.2 XML (rankings, and every traveller line with its
    /// matchpoints), the file masterpoint and grading schemes take.
    #[arg(long, value_name = "FILE.xml", required_unless_present_any = ["matches_csv", "boards_csv", "players_csv"])]
    usebio: Option<PathBuf>,
    /// Teams: every match as a CSV line (round, match, tables, both teams, boards entered,
    /// each team's IMPs and points); - for standard output.
    #[arg(long, value_name = "FILE.csv")]
    matches_csv: Option<PathBuf>,
    /// Teams: every board of every match as a CSV line (both tables' N-S scores, the home
    /// team's net and IMPs); - for standard output.
    #[arg(long, value_name = "FILE.csv")]
    boards_csv: Option<PathBuf>,
    /// Teams: every team's players with the matches and boards each played (from the
    /// recorded line-ups) and the team's boards, for a masterpoint return; - for standard
    /// output.
    #[arg(long, value_name = "FILE.csv")]
    players_csv: Option<PathBuf>,
    /// The CSV with a byte-order mark for Excel.
    #[arg(long)]
    excel: bool,
    /// Replace an existing file (never an event file).
    #[arg(long)]
    force: bool,
}

#[derive(Args, Debug)]
pub struct StandingsArgs {
    file: PathBuf,
    /// Write the standings as CSV (- for standard output).
    #[arg(long, value_name = "FILE.csv")]
    csv: Option<PathBuf>,
    /// Write the standings sheet as PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pdf: Option<PathBuf>,
    /// CSV with a byte-order mark for Excel.
    #[arg(long)]
    excel: bool,
    /// Replace an existing CSV or PDF (never an event file).
    #[arg(long)]
    force: bool,
    #[arg(long, value_enum, default_value = "a4")]
    paper: super::output::PaperArg,
}

#[derive(Args, Debug)]
pub struct EventSheetsArgs {
    file: PathBuf,
    /// Where to write the sheets.
    #[arg(long, value_name = "FILE.pdf")]
    pdf: PathBuf,
    /// Sheet kinds (comma-separated): summary, table, travellers, score-cards, round,
    /// personal, standings, match-cards, all (default: what the event's format prints).
    #[arg(long = "kind", value_enum, value_delimiter = ',')]
    kind: Vec<super::output::SheetKindArg>,
    /// Teams: only this round's round sheet and match score cards (default: every round
    /// paired so far).
    #[arg(long)]
    round: Option<u32>,
    /// Replace an existing PDF (never an event file).
    #[arg(long)]
    force: bool,
    #[arg(long, value_enum, default_value = "a4")]
    paper: super::output::PaperArg,
}

pub fn run(command: EventCommand) -> Result<ExitCode> {
    match command {
        EventCommand::New(args) => new_event(&args),
        EventCommand::Result(args) => enter_results(&args),
        EventCommand::Standings(args) => print_standings(&args),
        EventCommand::Sheets(args) => write_sheets(&args),
        EventCommand::History { file } => print_history(&file),
        EventCommand::Export(args) => export(&args),
        EventCommand::Publish(args) => super::publish::publish(&args),
        EventCommand::Deals(args) => deals(&args),
        EventCommand::Withdraw {
            file,
            pair,
            player,
            after_round,
        } => match (pair, player) {
            (Some(pair), _) => withdraw(&file, &pair, after_round),
            (None, Some(player)) => withdraw_player(&file, &player, after_round),
            (None, None) => {
                eprintln!("error: say who leaves: --player N (or a name), or --pair P in a club pairs event");
                Ok(ExitCode::from(2))
            }
        },
        EventCommand::Late {
            file,
            name,
            before_round,
            missed,
        } => late(&file, &name, before_round, missed),
        EventCommand::Show { file } => show(&file),
        EventCommand::PairNext {
            file,
            without,
            three_way,
            long_three_way,
            bye,
        } => pair_next(
            &file,
            &without,
            match (three_way, long_three_way, bye) {
                (true, _, _) => Some(OddCount::ThreeWay),
                (_, true, _) => Some(OddCount::LongThreeWay),
                (_, _, true) => Some(OddCount::Bye),
                _ => None,
            },
        ),
        EventCommand::Swap {
            file,
            round,
            first,
            second,
        } => swap(&file, round, &first, &second),
        EventCommand::TieBreak { file } => tie_break(&file),
        EventCommand::Players { file, team, players } => team_players(&file, &team, &players),
        EventCommand::LineUp {
            file,
            round,
            team,
            players,
        } => line_up(&file, round, &team, players.as_deref()),
        EventCommand::Serve(args) => super::serve::serve(&args),
        EventCommand::Repair { file, remove } => repair(&file, remove),
        EventCommand::Undo { file } => revert(&file, true),
        EventCommand::Redo { file } => revert(&file, false),
        EventCommand::Copy { file, to, force } => {
            let event = open_to_read(&file)?;
            let existing = if force {
                ExistingFile::ReplaceTourneyEvent
            } else {
                ExistingFile::Refuse
            };
            if let Err(error) = event.save_copy(&to, existing) {
                if matches!(error, StoreError::Exists { .. }) {
                    eprintln!("error: {error}");
                    eprintln!("hint: --force replaces it, if it is another Tourney event");
                    return Ok(ExitCode::FAILURE);
                }
                return Err(error.into());
            }
            eprintln!("saved a copy of {} as {}", file.display(), to.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `event pair-next`: the Swiss's next round paired through the one write path, then its
/// matches and the pairing's reasons printed.
/// `odd`: `Some` when the director said (`--three-way`, `--long-three-way`, `--bye`), else
/// the event's own choice.
fn pair_next(file: &Path, without: &[String], odd: Option<OddCount>) -> Result<ExitCode> {
    let mut session = match open(file) {
        Ok(session) => session,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut leaving = Vec::new();
    for typed in without {
        match team_of(&session.event().schedule.entrants, typed) {
            Ok(team) => leaving.push(team),
            Err(why) => {
                eprintln!("error: --without: {why}");
                return Ok(ExitCode::from(2));
            }
        }
    }
    let odd = odd.unwrap_or_else(|| match session.event().settings.options.as_ref() {
        Some(o) if o.three_way && o.long_three_way => OddCount::LongThreeWay,
        Some(o) if o.three_way => OddCount::ThreeWay,
        _ => OddCount::Bye,
    });
    let applied = match session.apply(Command::PairNextRound { leaving, odd }) {
        Ok(applied) => applied,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let event = session.event();
    let Some(round) = event.schedule.rounds.last() else {
        return Ok(ExitCode::FAILURE);
    };
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let boards = event.deals_of_round(round.number);
    println!(
        "round {}: boards {}–{}",
        round.number,
        boards.start(),
        boards.end()
    );
    for table in &round.tables {
        if let Some((home, away)) = match_teams(table) {
            if scheduler::event::swiss_pairs::settings(event).is_some() {
                println!(
                    "table {}: {} (N-S) v {} (E-W)",
                    table.number,
                    name(home),
                    name(away)
                );
            } else {
                println!("match {}: {} v {}", table.number, name(home), name(away));
            }
        }
        if let Some(lines) = long_lines(event, round.number, table.number) {
            for line in lines {
                println!("{line}");
            }
        }
        if let Some(three) = three_way::three_teams(table) {
            let tables = three_way::three_way_tables(table.number);
            let deals = match three_way::half_match_deals(event, round.number) {
                Ok(deals) => deals.map(|d| three_way::deals_text(&d)),
                Err(why) => {
                    eprintln!("error: {why}");
                    return Ok(ExitCode::FAILURE);
                }
            };
            println!(
                "match {} (three-way): {} v {} v {}",
                table.number,
                name(three[0]),
                name(three[1]),
                name(three[2])
            );
            let names = three.map(name);
            let [ab, bc, ca] = &deals;
            for line in three_way::movement_lines(names, tables, [ab.as_str(), bc.as_str(), ca.as_str()]) {
                println!("  {line}");
            }
        }
    }
    for absent in &round.absent {
        println!("{}: {}", absent.kind.label(), name(absent.entrant));
    }
    eprintln!("{}", applied.message);
    Ok(ExitCode::SUCCESS)
}

/// What `pair-next` prints for a three-way match over two rounds at match `number` of
/// `round`: its teams, then where everyone sits and which boards they play (`None` for any
/// other match).
fn long_lines(event: &Event, round: u32, number: u32) -> Option<Vec<String>> {
    let (long, half) = long_three_way::long_half(&event.schedule, round, number)?;
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let sets = long_three_way::long_sets(event, long.first_round)
        .ok()?
        .map(|d| three_way::deals_text(&d));
    let which = match half {
        long_three_way::LongHalf::First => "first",
        long_three_way::LongHalf::Second => "second",
    };
    let mut lines = vec![format!(
        "match {number} (three-way over two rounds, the {which}): {} v {} v {}",
        name(long.teams[0]),
        name(long.teams[1]),
        name(long.teams[2])
    )];
    let names = long.teams.map(name);
    let [s1, s2, s3] = &sets;
    lines.extend(
        long_three_way::long_movement_lines(
            names,
            three_way::three_way_tables(number),
            [s1.as_str(), s2.as_str(), s3.as_str()],
            half,
            round,
        )
        .into_iter()
        .map(|line| format!("  {line}")),
    );
    Some(lines)
}

/// A team as typed: its number in the roster (from 1) or its name, in any case.
fn team_of(entrants: &[String], typed: &str) -> Result<usize, String> {
    let typed = typed.trim();
    if let Ok(number) = typed.parse::<usize>() {
        return (1..=entrants.len())
            .contains(&number)
            .then(|| number - 1)
            .ok_or_else(|| format!("there is no entrant {number} (the event has {})", entrants.len()));
    }
    entrants
        .iter()
        .position(|e| e.eq_ignore_ascii_case(typed))
        .ok_or_else(|| format!("no team is called {typed:?}"))
}

/// `event swap`: two teams of the last round exchange places, through the one write path.
fn swap(file: &Path, round: u32, first: &str, second: &str) -> Result<ExitCode> {
    let session = match open(file) {
        Ok(session) => session,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let entrants = &session.event().schedule.entrants;
    let (first, second) = match (team_of(entrants, first), team_of(entrants, second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(why), _) | (_, Err(why)) => {
            eprintln!("error: {why}");
            return Ok(ExitCode::from(2));
        }
    };
    Ok(apply_and_say(
        session,
        Command::SwapTeams { round, first, second },
    ))
}

/// `event players`: a team's players set through the one write path, against the roster as
/// stored. A team not in the event, or a line that cannot be read, is refused with the reason.
fn team_players(file: &Path, team: &str, players: &str) -> Result<ExitCode> {
    let session = match open(file) {
        Ok(session) => session,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let event = session.event();
    if !matches!(event.settings.scoring, scheduler::event::Scoring::Teams { .. }) {
        eprintln!(
            "error: {}: only a teams-of-four event keeps a team's players",
            file.display()
        );
        return Ok(ExitCode::from(2));
    }
    let found = team_of(&event.schedule.entrants, team).and_then(|index| {
        let name = &event.schedule.entrants[index];
        event
            .roster
            .players
            .iter()
            .find(|p| &p.name == name)
            .map(|p| p.id)
            .ok_or_else(|| format!("{name} is not in the roster"))
    });
    let squad = found.and_then(|id| {
        scheduler::model::squad::parse_squad(players)
            .map(|squad| (id, squad))
            .map_err(|why| format!("--players: {why}"))
    });
    match squad {
        Ok((team, players)) => Ok(apply_and_say(session, Command::SetSquad { team, players })),
        Err(why) => {
            eprintln!("error: {why}");
            Ok(ExitCode::from(2))
        }
    }
}

/// `event line-up`: shows, or records through the one write path, who played for a team
/// in a round.
fn line_up(file: &Path, round: u32, team: &str, players: Option<&str>) -> Result<ExitCode> {
    use scheduler::event::who_played;
    let session = match open(file) {
        Ok(session) => session,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let event = session.event();
    let checked = team_of(&event.schedule.entrants, team).and_then(|team| {
        who_played::check_round(event, round, team)?;
        Ok(team)
    });
    let team = match checked {
        Ok(team) => team,
        Err(why) => {
            eprintln!("error: {}: --team {team} --round {round}: {why}", file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let name = event.schedule.entrants[team].clone();
    let squad = who_played::squad(event, team);
    let Some(text) = players else {
        print_line_up(event, round, team, &name);
        return Ok(ExitCode::SUCCESS);
    };
    match who_played::parse_line_up(text, squad, &name) {
        Ok(players) => Ok(apply_and_say(
            session,
            Command::SetLineUp { round, team, players },
        )),
        Err(why) => {
            eprintln!("error: {}: --players: {why}", file.display());
            Ok(ExitCode::from(2))
        }
    }
}

/// The round's line-up of a team and its players, numbered for `--players`.
fn print_line_up(event: &scheduler::event::Event, round: u32, team: usize, name: &str) {
    use scheduler::event::who_played::{Fielded, describe, fielded, possessive, squad};
    match fielded(event, round, team) {
        Fielded::Recorded(players) => println!("Round {round}: {}", describe(name, &players)),
        Fielded::AllFour(players) => println!(
            "Round {round}: {} (the team's four players: no line-up needed)",
            describe(name, &players)
        ),
        Fielded::NotRecorded => println!("Round {round}: {} line-up is not recorded", possessive(name)),
    }
    let players = squad(event, team);
    if players.is_empty() {
        println!(
            "{} players are not named (tourney event players)",
            possessive(name)
        );
    }
    for (at, member) in players.iter().enumerate() {
        println!("  {} {}", at + 1, member.describe());
    }
}

/// `event tie-break`: a knockout that ended level gets its tie-break stanza, through the one
/// write path.
fn tie_break(file: &Path) -> Result<ExitCode> {
    match open(file) {
        Ok(session) => Ok(apply_and_say(session, Command::AddTieBreak)),
        Err(error) => {
            eprintln!("error: {error}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Applies `command` through the one write path and says what it did, or why not.
fn apply_and_say(mut session: Session, command: Command) -> ExitCode {
    match session.apply(command) {
        Ok(applied) => {
            println!("{}", applied.message);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Opens an event to change it, through the one write path: a file that cannot be written is
/// refused as such.
fn open(path: &Path) -> Result<Session, SessionError> {
    Session::open_to_write(path)
}

/// Opens an event to look at it (show, history, standings, copy): a write-protected file, or
/// one on a full disk, is opened read-only instead of refused, since nothing will be written
/// to it.
pub(super) fn open_to_read(path: &Path) -> Result<EventFile, StoreError> {
    EventFile::open_or_read_only(path)
}

/// The roster `event new` is given: read from `--roster` (every problem printed), numbered
/// players, or none for team chess made from teams × boards; the exit code when there is none.
fn roster_of(args: &NewArgs) -> Result<Roster, ExitCode> {
    Ok(match (&args.roster, args.players) {
        (Some(path), _) => {
            let import = import_roster_file(path);
            for problem in &import.problems.list {
                eprintln!("{problem}");
            }
            if !import.is_ok() {
                return Err(ExitCode::FAILURE);
            }
            import.roster
        }
        (None, Some(n)) => Roster::numbered(n),
        (None, None) if args.format == EventFormat::TeamChess => Roster::default(),
        (None, None) => {
            eprintln!("give --roster FILE.csv or --players N");
            return Err(ExitCode::from(2));
        }
    })
}

/// A pairs bridge event's movement, chosen from `--movement`, the pairs and the boards (or
/// none: a pairs round robin); the movement options refused for any other format.
fn plan_movement(args: &NewArgs, spec: &mut NewEvent) -> Result<(), ExitCode> {
    let teams_night = args.format == EventFormat::Teams && args.movement == Some(MovementArg::TeamsOfFour);
    if args.four_teams.is_some() && !teams_night {
        eprintln!(
            "--four-teams is for a club teams night of 4 teams: --format teams --movement teams-of-four"
        );
        return Err(ExitCode::from(2));
    }
    spec.options.four_teams = args.four_teams.map(super::teams_movement::FourTeamsArg::choice);
    if args.format == EventFormat::BridgePairs && args.swiss {
        if args.movement.is_some_and(|m| m != MovementArg::RoundRobin) {
            eprintln!(
                "--movement with --swiss: a Swiss pairs event pairs each round from the standings, every table playing the round's boards; it has no Mitchell or Howell"
            );
            return Err(ExitCode::from(2));
        }
        return Ok(());
    }
    if args.format == EventFormat::BridgePairs {
        let kind = match args.movement.unwrap_or(MovementArg::Auto) {
            MovementArg::RoundRobin => None,
            MovementArg::Auto => Some(None),
            MovementArg::Mitchell => Some(Some(MovementKind::Mitchell)),
            MovementArg::SkipMitchell => Some(Some(MovementKind::SkipMitchell)),
            MovementArg::RelayMitchell => Some(Some(MovementKind::RelayMitchell)),
            MovementArg::Howell => Some(Some(MovementKind::Howell)),
            MovementArg::HowellHalfSets => Some(Some(MovementKind::HalfSetHowell)),
            MovementArg::ThreeQuarterHowell => Some(Some(MovementKind::ThreeQuarterHowell)),
            MovementArg::RelayThreeQuarterHowell => Some(Some(MovementKind::RelayThreeQuarterHowell)),
            MovementArg::TeamsOfFour => {
                eprintln!(
                    "--movement teams-of-four is for --format teams (a club teams night); a pairs evening takes a Mitchell or a Howell"
                );
                return Err(ExitCode::from(2));
            }
        };
        if let Some(kind) = kind {
            let pairs = spec.roster.players.len();
            let boards = args.boards.unwrap_or(super::movement::DEFAULT_BOARDS);
            let per_round = args.boards_per_round.map(|k| k as usize);
            match choose_movement_for(pairs, boards, kind, per_round, args.rounds) {
                Ok((kind, per_round)) => {
                    spec.options.boards_per_round = u32::try_from(per_round).unwrap_or(u32::MAX);
                    spec.options.movement = Some(MovementPlan {
                        kind,
                        phantom: args.phantom,
                        arrow_switch: args.arrow_switch,
                    });
                }
                Err(message) => {
                    eprintln!("error: {message}");
                    return Err(ExitCode::FAILURE);
                }
            }
        }
    } else if args.format == EventFormat::Teams
        && args.movement == Some(MovementArg::TeamsOfFour)
        && args.phantom.is_none()
        && !args.arrow_switch
    {
        spec.options.movement = Some(MovementPlan {
            kind: MovementKind::TeamsOfFour,
            phantom: None,
            arrow_switch: false,
        });
    } else if args.movement.is_some() || args.phantom.is_some() || args.arrow_switch {
        eprintln!(
            "--movement, --phantom and --arrow-switch are for --format bridge-pairs (and --movement teams-of-four for --format teams)"
        );
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// `--boards` is team chess's players per team and a pairs evening's boards: for any other
/// format it is refused, never dropped without a word (a teams match's length is
/// `--boards-per-round`).
fn boards_option(boards: Option<usize>, format: EventFormat) -> Result<(), ExitCode> {
    if boards.is_some() && !matches!(format, EventFormat::TeamChess | EventFormat::BridgePairs) {
        eprintln!(
            "--boards is for team chess (players per team) and a pairs evening's movement (about how many boards it has); a teams match's boards are --boards-per-round"
        );
        return Err(ExitCode::from(2));
    }
    Ok(())
}

fn new_event(args: &NewArgs) -> Result<ExitCode> {
    let format = args.format;
    let roster = match roster_of(args) {
        Ok(roster) => roster,
        Err(code) => return Ok(code),
    };
    if let Some(date) = &args.date
        && chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err()
    {
        eprintln!("--date {date:?}: write the date as YYYY-MM-DD, e.g. 2026-11-22");
        return Ok(ExitCode::from(2));
    }
    let mut spec = NewEvent::new(default_title(args, format), format, roster);
    // The club file's name and ID, where the command does not give them.
    let usual = super::members::usual_club_settings();
    spec.club = args
        .club
        .clone()
        .or_else(|| usual.as_ref().and_then(|c| c.name.clone()));
    spec.date = Some(
        args.date
            .clone()
            .unwrap_or_else(|| chrono::Local::now().date_naive().format("%Y-%m-%d").to_string()),
    );
    spec.options.rounds = args.rounds;
    spec.options.directed = args.directed;
    spec.options.hands_per_round = args.hands_per_round;
    spec.options.boards_per_round = args.boards_per_round.unwrap_or(2);
    if let Err(code) = plan_movement(args, &mut spec) {
        return Ok(code);
    }
    spec.options.imps = args.imps.map(|i| match i {
        ImpArg::Cross => ImpMethod::Cross,
        ImpArg::Butler => ImpMethod::Butler,
    });
    if let Some(method) = args.method {
        spec.options.berger = method == MethodArg::Berger;
    }
    spec.options.double = args.double;
    spec.options.avoid_spouses = args.avoid_spouses;
    if let Err(code) = couples_option(args, &mut spec) {
        return Ok(code);
    }
    spec.options.bye_points = args.bye_points;
    if let Some(points) = &args.points {
        match PointsRule::parse(points) {
            Ok(rule) => spec.options.points = Some(rule),
            Err(message) => {
                eprintln!("--points: {message}");
                return Ok(ExitCode::from(2));
            }
        }
    }
    spec.options.team_event = match args.kind {
        TeamKindArg::Jamboree => TeamEvent::Jamboree,
        TeamKindArg::RoundRobin => TeamEvent::RoundRobin,
        TeamKindArg::Scheveningen => TeamEvent::Scheveningen,
    };
    spec.options.teams = args.teams;
    if let Err(code) = boards_option(args.boards, format) {
        return Ok(code);
    }
    spec.options.boards = args.boards.filter(|_| format == EventFormat::TeamChess);
    let carry_over_said = match teams_options(args, &mut spec) {
        Ok(said) => said,
        Err(code) => return Ok(code),
    };
    if args.file.exists() {
        eprintln!(
            "{}: a file of that name exists already; choose another name",
            args.file.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    let control = Control::with_time_limit(Duration::from_secs_f64(args.time_limit.max(0.0)));
    let club_id = match club_id_of(args) {
        Ok(id) => id.or_else(|| usual.and_then(|c| c.club_id)),
        Err(code) => return Ok(code),
    };
    let (mut event, notes) = match build_event(&spec, &control) {
        Ok(built) => built,
        Err(problem) => {
            eprintln!("error: {}", problem.message);
            if let Some(rounds) = problem.fewer_rounds {
                eprintln!("hint: add --rounds {rounds} to make that evening");
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    for note in notes {
        eprintln!("note: {note}");
    }
    event.settings.club_id = club_id;
    Session::create(&args.file, &event)?;
    say_created(args, &spec, &event);
    if let Some(said) = carry_over_said {
        println!("carry-over: {said}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The line saying the event was made: its file, title, format, entrants and rounds, and how
/// its results are entered.
fn say_created(args: &NewArgs, spec: &NewEvent, event: &Event) {
    let format = args.format;
    let schedule = &event.schedule;
    let rounds = match spec.options.rounds {
        Some(planned)
            if spec.options.swiss && matches!(format, EventFormat::Teams | EventFormat::BridgePairs) =>
        {
            format!("round 1 of {planned} paired (the next with `tourney event pair-next`)")
        }
        _ => format!("{} rounds", schedule.rounds.len()),
    };
    println!(
        "created {}: {} — {}, {} entrants, {rounds}; results are entered as {}",
        args.file.display(),
        event.settings.title,
        event.settings.format_label,
        schedule.entrants.len(),
        if schedule.movement.is_some() {
            "from the travellers: --board B --ns P --ew Q (the pairs, e.g. 3 or 3NS) and --contract 4S --by N --tricks = (or --score 620, --passed, --artificial AVE+ or NP)"
        } else {
            event.settings.scoring.entry_hint()
        }
    );
}

/// The event's title: as given, or its kind ("Swiss pairs", "Pairs bridge").
fn default_title(args: &NewArgs, format: EventFormat) -> String {
    let kind = if format == EventFormat::BridgePairs && args.swiss {
        "Swiss pairs"
    } else {
        format.label()
    };
    args.title.clone().unwrap_or_else(|| capitalised(kind))
}

/// Teams of four: Swiss or round robin, how a match counts and what a bye scores (7 boards a
/// match unless --boards-per-round says); the teams options refused for any other format.
/// Returns how a knockout's carry-over was worked out from an earlier event, to print.
fn teams_options(args: &NewArgs, spec: &mut NewEvent) -> Result<Option<String>, ExitCode> {
    let mut explanation = None;
    let swiss_pairs = args.format == EventFormat::BridgePairs && args.swiss;
    if args.format != EventFormat::Teams && !swiss_pairs {
        if args.swiss
            || args.three_way.is_some()
            || args.teams_scoring.is_some()
            || args.bye_score.is_some()
            || args.knockout.is_some()
        {
            eprintln!(
                "--swiss, --three-way, --teams-scoring, --bye-score and --knockout are for --format teams (and --swiss, --teams-scoring and --bye-score for a Swiss pairs event, --format bridge-pairs --swiss)"
            );
            return Err(ExitCode::from(2));
        }
        return Ok(None);
    }
    if swiss_pairs {
        if args.three_way.is_some() || args.knockout.is_some() {
            eprintln!(
                "--three-way and --knockout are for teams; in a Swiss pairs event the odd pair out has the bye"
            );
            return Err(ExitCode::from(2));
        }
        if args.imps == Some(ImpArg::Cross) {
            eprintln!("--imps cross: a Swiss pairs event scores each board against the datum (Butler)");
            return Err(ExitCode::from(2));
        }
        if args.imps.is_some() && args.teams_scoring == Some(TeamsScoringArg::Matchpoints) {
            eprintln!(
                "--imps and --teams-scoring matchpoints: a matchpointed Swiss pairs scores no board in IMPs; choose one"
            );
            return Err(ExitCode::from(2));
        }
        if args.teams_scoring == Some(TeamsScoringArg::BoardAMatch) {
            eprintln!(
                "--teams-scoring board-a-match compares the two tables of a team match; a Swiss pairs match is one table: choose wbf2013, imps or matchpoints"
            );
            return Err(ExitCode::from(2));
        }
    } else if args.teams_scoring == Some(TeamsScoringArg::Matchpoints) {
        eprintln!(
            "--teams-scoring matchpoints is for a Swiss pairs event (--format bridge-pairs --swiss), where every table plays the round's boards; a team match is scored by wbf2013, acbl30, acbl20, imps or board-a-match"
        );
        return Err(ExitCode::from(2));
    }
    if let Some(stanzas) = args.knockout {
        if args.swiss {
            eprintln!("--knockout and --swiss: a knockout match is not a Swiss; choose one");
            return Err(ExitCode::from(2));
        }
        if args.teams_scoring.is_some_and(|s| s != TeamsScoringArg::Imps) {
            eprintln!("--knockout: a knockout is won on total IMPs, so --teams-scoring can only be imps");
            return Err(ExitCode::from(2));
        }
        let (carry_over, said) = knockout_carry_over(args, &spec.roster.names())?;
        explanation = said;
        spec.options.knockout = Some(Knockout::new(
            u32::try_from(stanzas).unwrap_or(u32::MAX),
            carry_over,
        ));
    }
    if args.three_way.is_some() && !args.swiss {
        eprintln!(
            "--three-way: a three-way match replaces a Swiss's bye; give --swiss too (a round robin gives byes)"
        );
        return Err(ExitCode::from(2));
    }
    let options = &mut spec.options;
    options.swiss = args.swiss;
    options.three_way = args.three_way.is_some();
    options.long_three_way = args.three_way == Some(ThreeWayArg::Long);
    options.boards_per_round = args.boards_per_round.unwrap_or(7);
    options.teams_scoring = match args.teams_scoring.unwrap_or(TeamsScoringArg::Wbf2013) {
        TeamsScoringArg::Wbf2013 => TeamsScoring::Wbf2013,
        TeamsScoringArg::Acbl30 => TeamsScoring::Acbl30,
        TeamsScoringArg::Acbl20 => TeamsScoring::Acbl20,
        TeamsScoringArg::Imps => TeamsScoring::Imps,
        TeamsScoringArg::BoardAMatch => TeamsScoring::BoardAMatch,
        TeamsScoringArg::Matchpoints => TeamsScoring::Matchpoints,
    };
    options.teams_bye = match args.bye_score.as_deref().map(str::trim) {
        None => None,
        Some(text) if text.eq_ignore_ascii_case("average") => Some(TeamsBye::Average),
        Some(text) => match text.parse::<f64>() {
            Ok(points) if points.is_finite() && points.abs() <= 99_999.0 => Some(TeamsBye::Fixed {
                hundredths: (points * 100.0).round() as i64,
            }),
            _ => {
                eprintln!("--bye-score {text:?}: give the points a bye scores (e.g. 12 or 12.5), or average");
                return Err(ExitCode::from(2));
            }
        },
    };
    Ok(explanation)
}

/// A knockout's carry-over: typed (--carry-over) or worked out from an earlier event
/// (--carry-over-from, by --carry-over-rule), with the sentence saying how; refused with a
/// sentence naming the option (and the file).
fn knockout_carry_over(
    args: &NewArgs,
    teams: &[String],
) -> Result<(Option<CarryOver>, Option<String>), ExitCode> {
    if let Some(text) = args.carry_over.as_deref() {
        let carry = carry_over_of(text, teams).map_err(|why| {
            eprintln!("--carry-over {text:?}: {why}");
            ExitCode::from(2)
        })?;
        return Ok((Some(carry), None));
    }
    let Some(path) = &args.carry_over_from else {
        return Ok((None, None));
    };
    let rule = match args.carry_over_rule.as_deref() {
        None => CarryOverRule::default(),
        Some(text) => CarryOverRule::parse(text).map_err(|why| {
            eprintln!("--carry-over-rule: {why}");
            ExitCode::from(2)
        })?,
    };
    let worked = work_out_from_file(path, teams, &rule, args.carry_over_round).map_err(|why| {
        eprintln!("--carry-over-from: {why}");
        ExitCode::from(2)
    })?;
    Ok((worked.knockout_carry_over(), Some(worked.explanation)))
}

/// A carry-over typed as TEAM:IMPS, the team by its name (any case) or number among `teams`.
fn carry_over_of(text: &str, teams: &[String]) -> Result<CarryOver, String> {
    let Some((team, imps)) = text.rsplit_once(':') else {
        return Err("give the team and the IMPs as TEAM:IMPS, e.g. \"Aces:3.5\"".to_owned());
    };
    let team = team.trim();
    let index = teams
        .iter()
        .position(|name| name.trim().eq_ignore_ascii_case(team))
        .or_else(|| {
            team.parse::<usize>()
                .ok()
                .filter(|n| (1..=teams.len()).contains(n))
                .map(|n| n - 1)
        });
    let Some(index) = index else {
        return Err(format!(
            "no team \"{team}\" in the roster (its teams: {})",
            teams.join(", ")
        ));
    };
    Ok(CarryOver {
        team: index,
        tenths: CarryOver::parse_imps(imps)?,
        from: None,
    })
}

/// `--club-id`, trimmed; `None` when not given or blank, the exit code when it holds a
/// control character.
fn club_id_of(args: &NewArgs) -> Result<Option<String>, ExitCode> {
    let Some(id) = args.club_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) else {
        return Ok(None);
    };
    match scheduler::text::screen_line("--club-id", id) {
        Ok(()) => Ok(Some(id.to_owned())),
        Err(message) => {
            eprintln!("error: {message}");
            Err(ExitCode::from(2))
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

impl Entry {
    /// The typed options as the library's entry parser reads them.
    fn fields(&self) -> Fields {
        Fields {
            round: self.round,
            table: self.table,
            board: self.deal,
            ns: self.ns.clone(),
            ew: self.ew.clone(),
            contract: self.contract.clone(),
            by: self.by.clone(),
            tricks: self.tricks.clone(),
            lead: self.lead.clone(),
            score: self.score.clone(),
            passed: self.passed,
            artificial: self.artificial.clone(),
            result: self.result.clone(),
            net: self.net.clone(),
            clear: self.clear,
        }
    }
}

/// Why a change was not saved: what was typed, or what the event file said.
enum Refusal {
    Entry(String),
    Store(SessionError),
}

impl Refusal {
    /// The sentence, naming the event file once: the store's own messages name it already,
    /// except those about the result itself.
    fn describe(&self, file: Option<&Path>) -> String {
        let named = |message: String| match file {
            Some(file) => format!("{}: {message}", file.display()),
            None => message,
        };
        match self {
            Refusal::Entry(message) => named(message.clone()),
            Refusal::Store(
                error @ (SessionError::Store(StoreError::Invalid { .. } | StoreError::Refused { .. })
                | SessionError::NoResult(_)),
            ) => named(error.to_string()),
            Refusal::Store(error) => error.to_string(),
        }
    }
}

fn apply(session: &mut Session, entry: &Entry) -> Result<String, Refusal> {
    let (key, value) = entry.fields().result(session.event()).map_err(Refusal::Entry)?;
    let Some(value) = value else {
        return match session.apply(Command::ClearResult(key)) {
            Ok(_) => Ok(format!("cleared {key}")),
            Err(error) => Err(Refusal::Store(error)),
        };
    };
    let applied = session
        .apply(Command::SetResult(key, value))
        .map_err(Refusal::Store)?;
    let history_id = session.history().last().map_or(0, |line| line.id);
    let (done, needed) = session.event().round_progress(session.results(), key.round);
    let was = applied.before.map(|b| format!(" (was {b})")).unwrap_or_default();
    let score = match value {
        ResultValue::Bridge { board } => board
            .north_south_score(key.deal)
            .map(|s| format!(", N-S {s:+}"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    Ok(format!(
        "saved #{history_id}: {key}: {value}{score}{was}; round {} has {done} of {needed} results",
        key.round
    ))
}

/// Splits one `--stdin` line into words as a shell would for these options: blanks separate
/// words, and '…' or "…" keep blanks inside a word (the quotes themselves are not part of it).
fn words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        return Err(format!("a {q} quote is never closed on this line"));
    }
    words.extend(word);
    Ok(words)
}

/// One `--stdin` line read as options; clap's message without its own "error: " prefix (the
/// answer line has one already).
fn parse_line(line: &str) -> Result<Entry, Refusal> {
    let words = words(line).map_err(Refusal::Entry)?;
    EntryLine::try_parse_from(words)
        .map(|parsed| parsed.entry)
        .map_err(|e| {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            Refusal::Entry(first.strip_prefix("error: ").unwrap_or(first).to_owned())
        })
}

fn enter_results(args: &ResultArgs) -> Result<ExitCode> {
    let mut session = open(&args.file)?;
    if !args.stdin {
        return Ok(match apply(&mut session, &args.entry) {
            Ok(message) => {
                println!("{message}");
                ExitCode::SUCCESS
            }
            Err(refusal) => {
                eprintln!("{}", refusal.describe(Some(&args.file)));
                ExitCode::FAILURE
            }
        });
    }
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut failures = 0;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.context("reading standard input")?;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        match parse_line(&line).and_then(|entry| apply(&mut session, &entry)) {
            Ok(message) => writeln!(stdout, "{message}")?,
            Err(refusal) => {
                failures += 1;
                writeln!(stdout, "error: line {}: {}", number + 1, refusal.describe(None))?;
            }
        }
        stdout.flush()?;
    }
    Ok(if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn print_table(table: &StandingsTable) {
    if let Some(heading) = &table.heading {
        println!("{heading}");
    }
    let widths: Vec<usize> = (0..table.columns.len())
        .map(|i| {
            table
                .rows
                .iter()
                .filter_map(|r| r.get(i))
                .chain(std::iter::once(&table.columns[i]))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_owned()
    };
    println!("{}", line(&table.columns));
    for row in &table.rows {
        println!("{}", line(row));
    }
    if let Some(note) = &table.note {
        println!("{note}");
    }
}

fn print_standings(args: &StandingsArgs) -> Result<ExitCode> {
    let file = open_to_read(&args.file)?;
    let results = file.results()?;
    let event = file.event();
    let tables = standings(event, &results);
    if results.is_empty() {
        eprintln!("no results yet: every score is zero");
    }
    if let Some(path) = &args.csv {
        write_csv_output(path, &standings_csv(&tables, args.excel), args.force, &args.file)?;
    }
    if let Some(path) = &args.pdf {
        let mut options = sheet_options(event);
        options.paper = paper(args.paper);
        options.kinds = vec![SheetKind::Standings];
        let pdf = schedule_pdf(&event.schedule, &tables, &options)?;
        write_file(path, &pdf, args.force, &[&args.file])?;
    }
    if args.csv.is_none() && args.pdf.is_none() {
        for (i, table) in tables.iter().enumerate() {
            if i > 0 {
                println!();
            }
            print_table(table);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn withdraw(path: &Path, pair: &str, after_round: u32) -> Result<ExitCode> {
    let mut session = open(path)?;
    let entrant = match &session.event().schedule.movement {
        Some(movement) => pair_of_label(movement, pair, true).map(|p| {
            present_pairs(movement)
                .iter()
                .position(|&q| q == p)
                .unwrap_or(usize::MAX)
        }),
        None => Err("only a club pairs event (a Mitchell or Howell) has pairs that can leave".into()),
    };
    let outcome = entrant.map_err(Refusal::Entry).and_then(|entrant| {
        session
            .apply(Command::Withdraw { entrant, after_round })
            .map_err(Refusal::Store)
    });
    report_line_up(path, outcome)
}

/// The entrant a `--player` names: a roster number (as the roster's # column shows) or a
/// name, either way the schedule's entrant of that name.
fn entrant_of_player(event: &Event, player: &str) -> Result<usize, String> {
    let wanted = player.trim();
    let by_number = wanted
        .parse::<u32>()
        .ok()
        .and_then(|n| event.roster.player(scheduler::model::PlayerId(n)))
        .map(|p| p.name.clone());
    let name = match by_number {
        Some(name) => name,
        None if wanted.parse::<u32>().is_ok() => {
            return Err(format!(
                "there is no player number {wanted} in the roster (its numbers are shown by the window's Roster view)"
            ));
        }
        None => wanted.to_owned(),
    };
    event
        .schedule
        .entrants
        .iter()
        .position(|e| e.eq_ignore_ascii_case(&name))
        .ok_or_else(|| format!("there is no player called {name:?} in the schedule"))
}

fn withdraw_player(path: &Path, player: &str, after_round: u32) -> Result<ExitCode> {
    let mut session = open(path)?;
    let outcome = entrant_of_player(session.event(), player)
        .map_err(Refusal::Entry)
        .and_then(|entrant| {
            session
                .apply(Command::Withdraw { entrant, after_round })
                .map_err(Refusal::Store)
        });
    report_line_up(path, outcome)
}

fn late(path: &Path, name: &str, before_round: Option<u32>, missed: MissedBoards) -> Result<ExitCode> {
    let mut session = open(path)?;
    let outcome = session
        .apply(Command::LateArrival {
            name: name.to_owned(),
            before_round,
            missed,
        })
        .map_err(Refusal::Store);
    report_line_up(path, outcome)
}

/// `tourney event undo` and `redo`: the last change taken back, or put again, in the one
/// history the window shares.
fn revert(path: &Path, undo: bool) -> Result<ExitCode> {
    let mut session = open(path)?;
    let outcome = if undo { session.undo() } else { session.redo() };
    match outcome {
        Ok(Some(reverted)) => {
            println!(
                "{} #{}: {}",
                if undo { "undone" } else { "redone" },
                reverted.history_id,
                reverted.what
            );
            Ok(ExitCode::SUCCESS)
        }
        Ok(None) => {
            eprintln!(
                "{}: nothing to {} (the history has no change {})",
                path.display(),
                if undo { "undo" } else { "redo" },
                if undo {
                    "that can be taken back since the event was made or repaired"
                } else {
                    "taken back since the last change"
                }
            );
            Ok(ExitCode::FAILURE)
        }
        Err(error) => {
            eprintln!("{}", Refusal::Store(error).describe(Some(path)));
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Prints a late arrival or withdrawal done (the action, then each note on its own line),
/// or why it was refused.
fn report_line_up(path: &Path, outcome: Result<Applied, Refusal>) -> Result<ExitCode> {
    match outcome {
        Ok(applied) => {
            match &applied.line_up {
                Some(change) => {
                    println!("{}", change.action);
                    for note in &change.notes {
                        println!("  {note}");
                    }
                }
                None => println!("{}", applied.message),
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(refusal) => {
            eprintln!("{}", refusal.describe(Some(path)));
            Ok(ExitCode::FAILURE)
        }
    }
}

fn deals(args: &DealsArgs) -> Result<ExitCode> {
    if args.analyse {
        return analyse_deals(args);
    }
    if let Some(pbn) = &args.pbn {
        return attach_deals(&args.file, pbn);
    }
    let file = open_to_read(&args.file)?;
    let records = file.event().hand_records();
    let Some(out) = &args.out else {
        for board in &records {
            println!("board {:>2}: {}", board.number, board.deal.pbn(board.dealer));
        }
        if records.is_empty() {
            eprintln!("no hand records attached: give --pbn FILE.pbn");
        }
        return Ok(ExitCode::SUCCESS);
    };
    if records.is_empty() {
        eprintln!(
            "{}: no hand records attached, nothing to write",
            args.file.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    write_file(out, write_pbn(&records).as_bytes(), args.force, &[&args.file])?;
    Ok(ExitCode::SUCCESS)
}

/// `event deals E --pbn FILE`: the file's boards attached through the one write path, each
/// with the double-dummy table the file has for it (its par worked out here for the board's
/// dealer and vulnerability). Every problem of the file is printed by line and tag; a par
/// text of another program's that differs is a warning, and the board is attached all the
/// same.
fn attach_deals(file: &Path, pbn: &Path) -> Result<ExitCode> {
    let Some(boards) = super::deals::read_analysed_saying_why(pbn) else {
        return Ok(ExitCode::FAILURE);
    };
    let mut session = open(file)?;
    let numbers: Vec<u32> = boards.iter().map(|b| b.number).collect();
    let count = boards.len();
    let tables = boards.iter().filter(|b| b.analysis.is_some()).count();
    match session.apply(Command::AttachDeals(boards)) {
        Ok(_) => {
            println!(
                "attached {count} hand record(s) to {} (boards {}–{})",
                file.display(),
                numbers.iter().min().unwrap_or(&0),
                numbers.iter().max().unwrap_or(&0)
            );
            if tables > 0 {
                println!(
                    "kept the double-dummy table of {tables} board(s) from the file (par worked out by Tourney for each board's dealer and vulnerability)"
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("{}", Refusal::Store(error).describe(Some(file)));
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `event deals E --analyse`: the attached boards without a kept analysis, analysed (progress
/// on standard error) and kept through the one write path. Exit code 1 when a board could not
/// be analysed (the others are kept) or the change was refused.
fn analyse_deals(args: &DealsArgs) -> Result<ExitCode> {
    let records = open_to_read(&args.file)?.event().hand_records();
    if records.is_empty() {
        eprintln!(
            "{}: no hand records attached, nothing to analyse (attach them with --pbn FILE.pbn)",
            args.file.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    let (mut todo, kept): (Vec<Board>, Vec<Board>) = records.into_iter().partition(|b| b.analysis.is_none());
    if todo.is_empty() {
        println!("every board ({}) is analysed already", kept.len());
        return Ok(ExitCode::SUCCESS);
    }
    if !kept.is_empty() {
        eprintln!("{} board(s) analysed already", kept.len());
    }
    let done = super::deals::analyse_with_progress(&todo, args.seconds);
    let failed = super::deals::attach_analyses(&mut todo, &done);
    let analysed: Vec<Board> = todo.into_iter().filter(|b| b.analysis.is_some()).collect();
    if analysed.is_empty() {
        return Ok(ExitCode::FAILURE);
    }
    let mut session = open(&args.file)?;
    match session.apply(Command::StoreAnalysis(analysed)) {
        Ok(applied) => println!("{}: {}", args.file.display(), applied.message),
        Err(error) => {
            eprintln!("{}", Refusal::Store(error).describe(Some(&args.file)));
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn export(args: &ExportArgs) -> Result<ExitCode> {
    let file = open_to_read(&args.file)?;
    let results = file.results()?;
    let event = file.event();
    let tables = [
        (&args.matches_csv, matches_table(event, &results), "--matches-csv"),
        (&args.boards_csv, boards_table(event, &results), "--boards-csv"),
        (
            &args.players_csv,
            scheduler::event::who_played::players_table(event, &results),
            "--players-csv",
        ),
    ];
    // Everything is checked before anything is written.
    for (path, table, option) in &tables {
        if path.is_some() && table.is_none() {
            let which = if *option == "--players-csv" {
                "a Swiss, a round robin or a knockout of teams (a teams night's players play its whole evening: the standings list them)"
            } else {
                "teams-of-four events"
            };
            eprintln!(
                "{}: {option} is for {which}; this event's standings are written with `tourney event standings --csv`",
                args.file.display()
            );
            return Ok(ExitCode::from(2));
        }
    }
    let xml = match &args.usebio {
        Some(_) => match usebio_xml(event, &results, env!("CARGO_PKG_VERSION")) {
            Ok(xml) => Some(xml),
            Err(message) => {
                eprintln!("{}: {message}", args.file.display());
                return Ok(ExitCode::FAILURE);
            }
        },
        None => None,
    };
    if let (Some(path), Some(xml)) = (&args.usebio, &xml) {
        if results.is_empty() {
            let what = if matches!(event.settings.scoring, scheduler::event::Scoring::Teams { .. }) {
                "the teams and no match"
            } else {
                "the pairs and no traveller lines"
            };
            eprintln!("no results yet: the file lists {what}");
        }
        write_file(path, xml.as_bytes(), args.force, &[&args.file])?;
    }
    for (path, table, _) in tables {
        if let (Some(path), Some(table)) = (path, table) {
            let csv = standings_csv(std::slice::from_ref(&table), args.excel);
            write_csv_output(path, &csv, args.force, &args.file)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a CSV to `path`, or to standard output for "-" (an existing file only with --force,
/// never the event file `input`).
fn write_csv_output(path: &Path, bytes: &[u8], force: bool, input: &Path) -> Result<()> {
    if path == Path::new("-") {
        std::io::stdout().write_all(bytes)?;
        Ok(())
    } else {
        write_file(path, bytes, force, &[input])
    }
}

fn paper(arg: super::output::PaperArg) -> Paper {
    match arg {
        super::output::PaperArg::A4 => Paper::A4,
        super::output::PaperArg::Letter => Paper::Letter,
    }
}

fn write_sheets(args: &EventSheetsArgs) -> Result<ExitCode> {
    let file = open_to_read(&args.file)?;
    let results = file.results()?;
    let event = file.event();
    let mut options = sheet_options(event);
    options.paper = paper(args.paper);
    options.round = args.round;
    options.rooms = file.room_results()?;
    if !args.kind.is_empty() {
        options.kinds = super::output::chosen_kinds(&args.kind, &sheet_kinds(event));
    }
    let pdf = event_sheets_pdf(event, &results, &options)?;
    write_file(&args.pdf, &pdf, args.force, &[&args.file])?;
    Ok(ExitCode::SUCCESS)
}

fn print_history(path: &Path) -> Result<ExitCode> {
    let file = open_to_read(path)?;
    for entry in file.history()? {
        let what = match (entry.key, entry.before, entry.after) {
            (Some(key), Some(before), Some(after)) => format!("{key}: {before} → {after}"),
            (Some(key), None, Some(after)) => format!("{key}: {after}"),
            (Some(key), Some(before), None) => format!("{key}: {before} removed"),
            _ => String::new(),
        };
        // Where it came from, when not from this computer: a table's device, the director's
        // PIN, both tables of a teams match.
        let from = entry
            .source
            .map(|source| format!(" (from {source})"))
            .unwrap_or_default();
        println!("#{:<5} {}  {:<9} {what}{from}", entry.id, entry.at, entry.action);
    }
    Ok(ExitCode::SUCCESS)
}

/// `tourney event repair`: the results that do not fit, listed; removed with `--remove`.
fn repair(path: &Path, remove: bool) -> Result<ExitCode> {
    if !remove {
        let unfit = open_to_read(path)?.unfit_results()?;
        if unfit.is_empty() {
            println!("every stored result fits the event: nothing to repair");
        } else {
            println!("{} stored result(s) do not fit the event:", unfit.len());
            for result in &unfit {
                println!("  {result}");
            }
            println!("run again with --remove to remove them (each is kept in the history)");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let removed = Session::repair(path)?;
    if removed.is_empty() {
        println!("every stored result fits the event: nothing removed");
    }
    for result in &removed {
        println!("removed {result}");
    }
    Ok(ExitCode::SUCCESS)
}

fn show(path: &Path) -> Result<ExitCode> {
    let file = open_to_read(path)?;
    let event = file.event();
    // A damaged file is shown as far as its results fit, and says what is left out.
    let (results, unfit) = match file.results() {
        Ok(results) => (results, Vec::new()),
        Err(StoreError::UnfitResult { .. }) => file.results_as_far_as_they_fit()?,
        Err(error) => return Err(error.into()),
    };
    for result in &unfit {
        eprintln!(
            "warning: {}: a stored result does not fit the event and is left out: {result}; `tourney event repair {}` removes it",
            path.display(),
            path.display()
        );
    }
    let settings = &event.settings;
    // An older file may hold what is refused on entry now: never sent raw to the terminal.
    let printable = scheduler::text::printable;
    println!("{} — {}", printable(&settings.title), settings.format_label);
    if let Some(club) = &settings.club {
        println!("club: {}", printable(club));
    }
    if let Some(date) = &settings.date {
        println!("date: {}", printable(date));
    }
    println!(
        "{} entrants, {} rounds; scored as {}",
        event.schedule.entrants.len(),
        event.schedule.rounds.len(),
        settings.scoring.label()
    );
    if let Some(movement) = &event.schedule.movement {
        println!("movement: {}", describe_movement(movement));
    }
    for round in &event.schedule.rounds {
        let (done, needed) = event.round_progress(&results, round.number);
        let state = if done == needed {
            "complete"
        } else if done == 0 {
            "not started"
        } else {
            "in progress"
        };
        println!(
            "round {:>2}: {done:>3} of {needed:>3} results  {state}",
            round.number
        );
    }
    if let Some(name) = leader(&standings(event, &results)).filter(|_| !results.is_empty()) {
        println!("leader: {name}");
    }
    Ok(ExitCode::SUCCESS)
}
