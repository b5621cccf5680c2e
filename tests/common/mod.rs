//! What both end-to-end suites (`cli.rs`, `events.rs`) need: the real binary, the fixture
//! rosters and a scratch folder per test.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};

/// Runs the built `tourney` binary with `args`, with a data folder of its own (empty: no
/// club file of the machine's user is read, e.g. by `event new` for the club's name and ID).
pub fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .env("XDG_DATA_HOME", empty_data_folder())
        .output()
        .expect("run tourney")
}

/// Runs `tourney` like [`tourney`], with `input` on its standard input (closed after it), as
/// `event result --stdin` reads it. (Unused in some suites.)
#[allow(dead_code)]
pub fn tourney_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .env("XDG_DATA_HOME", empty_data_folder())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tourney");
    child
        .stdin
        .take()
        .expect("its standard input")
        .write_all(input)
        .expect("write its standard input");
    child.wait_with_output().expect("tourney ends")
}

/// A data folder no test writes to.
pub fn empty_data_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-e2e-{}-no-data", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// The path of a roster in `fixtures/rosters`.
pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/rosters")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch folder for one test, emptied first (the process id keeps the two suites and
/// concurrent runs apart).
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-e2e-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The standard output of a run that must succeed (both streams shown if it did not).
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    text(&out.stdout)
}

/// Checks that a run ended with exit code `code` and that its standard error contains `says`
/// (shown in full if not).
pub fn fails_with(out: &Output, code: i32, says: &str) {
    assert_eq!(out.status.code(), Some(code), "{}", text(&out.stderr));
    self::says(out, says);
}

/// Checks that a run's standard error contains `says` (shown in full if not).
pub fn says(out: &Output, says: &str) {
    let stderr = text(&out.stderr);
    assert!(stderr.contains(says), "expected {says:?} in:\n{stderr}");
}

/// A running `tourney event serve` on the loopback (a free port): its address, each table's
/// page (the address with the table's key) and the director's PIN. `stop` closes its standard
/// input (`--until-eof`) and checks it ended cleanly; dropping it otherwise kills it.
/// (Used by the phones' tests only, so unused in the other suites.)
#[allow(dead_code)]
pub struct Served {
    child: Child,
    stdin: Option<ChildStdin>,
    /// `127.0.0.1:PORT`.
    pub host: String,
    /// Each table and the address of its page, by table number.
    pub pages: Vec<(u32, String)>,
    /// The director's PIN.
    pub pin: String,
    /// The lines it prints after the PIN (the tables a round paired while serving adds), read
    /// on a thread of their own so a test can wait for one without hanging.
    later: std::sync::mpsc::Receiver<String>,
}

#[allow(dead_code)]
impl Served {
    pub fn start(event: &Path) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(["event", "serve"])
            .arg(event)
            .args(["--bind", "127.0.0.1", "--port", "0", "--until-eof"])
            .env("XDG_DATA_HOME", empty_data_folder())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tourney event serve");
        let stdin = child.stdin.take();
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let (mut host, mut pages, mut pin) = (String::new(), Vec::new(), String::new());
        for line in lines.by_ref() {
            let line = line.expect("a line");
            if let Some(rest) = line.strip_prefix("serving ") {
                host = rest
                    .split("http://")
                    .nth(1)
                    .expect("address")
                    .trim_end_matches('/')
                    .to_owned();
            } else if let Some((table, url)) =
                line.strip_prefix("table ").and_then(|rest| rest.split_once(": "))
            {
                pages.push((table.parse().expect("table number"), url.to_owned()));
            } else if let Some(rest) = line.strip_prefix("director's PIN: ") {
                pin = rest.to_owned();
                break;
            }
        }
        assert!(
            !host.is_empty() && !pages.is_empty() && pin.len() == 6,
            "{host} {pages:?} {pin}"
        );
        let (send, later) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Served {
            child,
            stdin,
            host,
            pages,
            pin,
            later,
        }
    }

    /// Waits (a minute at most) for the server to print the line of a table it added while
    /// serving, and adds it to `pages`: its number.
    pub fn new_table(&mut self) -> u32 {
        let line = self
            .later
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("a new table's line within a minute");
        let (table, url) = line
            .strip_prefix("table ")
            .and_then(|rest| rest.split_once(": "))
            .unwrap_or_else(|| panic!("not a table's line: {line:?}"));
        let table: u32 = table.parse().expect("table number");
        self.pages.push((table, url.to_owned()));
        table
    }

    /// Table `table`'s key (from its page's address).
    pub fn key(&self, table: u32) -> &str {
        let page = &self.pages.iter().find(|(t, _)| *t == table).expect("table").1;
        page.split("?k=").nth(1).expect("a key in the address")
    }

    pub fn stop(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "serve ended with {status}");
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // After `stop` the process has ended already and this does nothing.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A club pairs event at `path`: 10 pairs in a 5-table Mitchell, 2 boards a round (what the
/// phone tests score).
#[allow(dead_code)]
pub fn five_table_mitchell(path: &Path) {
    ok(&tourney(&[
        "event",
        "new",
        path.to_str().expect("a UTF-8 path"),
        "--format",
        "bridge-pairs",
        "--players",
        "10",
        "--boards",
        "10",
        "--movement",
        "mitchell",
        "--date",
        "2026-11-26",
    ]));
}

/// A roster of teams, one name a line under a `Name` heading, written as `teams.csv` in `dir`.
#[allow(dead_code)]
pub fn teams_roster(dir: &Path, names: &[&str]) -> PathBuf {
    let roster = dir.join("teams.csv");
    std::fs::write(&roster, format!("Name\n{}\n", names.join("\n"))).expect("write the roster");
    roster
}

/// `tourney event new EVENT --roster ROSTER --format teams OPTIONS…`, which must succeed (e.g.
/// `["--swiss", "--rounds", "3", "--boards-per-round", "2"]`): its standard output.
#[allow(dead_code)]
pub fn new_teams_event(event: &Path, roster: &Path, options: &[&str]) -> String {
    let mut args = vec![
        "event",
        "new",
        event.to_str().expect("a UTF-8 path"),
        "--roster",
        roster.to_str().expect("a UTF-8 path"),
        "--format",
        "teams",
    ];
    args.extend_from_slice(options);
    ok(&tourney(&args))
}
