//! `tourney bench phones`: scoring from phones under load and faults. A club pairs evening of
//! `--tables` tables is served by a real `tourney event serve` (this executable, as a child
//! process) on the loopback; each table has `--clients` devices: one enters every board of
//! each round and moves the table on, the others poll the table's page as phones left open
//! do. Mid-run the server is killed (SIGKILL on Unix) and started again, `--kills` times;
//! devices that lose their connection send the same request again (same id) until answered.
//! At the end the event file is read back: every acknowledged result must be stored, and no
//! result entered twice. Latency (p50, p99) of every answered request is reported; nothing is
//! asserted but the two counts.

use anyhow::{Result, bail};
use eframe::egui;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::store::EventFile;
use scheduler::model::{Player, Roster};
use scheduler::movement::MovementKind;
use scheduler::solver::Control;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the devices share: the server's address and keys, and what they measured.
struct Shared {
    host: String,
    keys: BTreeMap<u32, String>,
    latencies: Mutex<Vec<Duration>>,
    acknowledged: Mutex<Vec<(u32, u32, u32)>>,
    resends: AtomicUsize,
    scorers_done: AtomicUsize,
    stop_polling: AtomicBool,
}

/// Where the server runs: a `tourney event serve` child killed `kills` times, or the window's
/// results view in this process, drawn frame after frame.
enum Server {
    Child { child: Child, kills: u32 },
    Window(Box<crate::app::TourneyApp>, egui::Context),
}

/// Runs the bench: `kills` `None` serves from the window (headless, in this process).
pub fn run(tables: u32, clients: u32, kills: Option<u32>, rounds: u32) -> Result<ExitCode> {
    if tables < 3 || tables.is_multiple_of(2) || clients == 0 || rounds == 0 {
        bail!("--tables must be odd and at least 3 (a Mitchell), --clients and --rounds at least 1");
    }
    let folder = tempfile::tempdir()?;
    let event_path = folder.path().join("bench.tourney");
    make_event(&event_path, tables, rounds)?;
    let port = free_port()?;
    let (mut server, keys) = match kills {
        Some(kills) => {
            let (child, keys) = start_server(&event_path, port)?;
            (Server::Child { child, kills }, keys)
        }
        None => {
            let (app, ctx, keys) = start_window(folder.path(), &event_path, port)?;
            (Server::Window(app, ctx), keys)
        }
    };
    let shared = Arc::new(Shared {
        host: format!("127.0.0.1:{port}"),
        keys,
        latencies: Mutex::new(Vec::new()),
        acknowledged: Mutex::new(Vec::new()),
        resends: AtomicUsize::new(0),
        scorers_done: AtomicUsize::new(0),
        stop_polling: AtomicBool::new(false),
    });
    let started = Instant::now();
    let mut devices = Vec::new();
    for table in 1..=tables {
        for device in 0..clients {
            let shared = Arc::clone(&shared);
            devices.push(std::thread::spawn(move || {
                if device == 0 {
                    score_table(&shared, table, rounds);
                    shared.scorers_done.fetch_add(1, Ordering::SeqCst);
                } else {
                    poll_table(&shared, table);
                }
            }));
        }
    }
    let frames = match &mut server {
        Server::Child { child, kills } => {
            kill_and_restart(
                &shared,
                child,
                *kills,
                &event_path,
                port,
                (tables * rounds * 2) as usize,
            )?;
            wait_for_scorers(&shared, tables, || ());
            Vec::new()
        }
        Server::Window(app, ctx) => {
            // The window goes on drawing (about 60 frames a second) while the phones score.
            let mut frames = Vec::new();
            wait_for_scorers(&shared, tables, || {
                frames.push(super::frame::frame(ctx, app, egui::vec2(1280.0, 800.0)));
                std::thread::sleep(Duration::from_millis(16));
            });
            frames
        }
    };
    shared.stop_polling.store(true, Ordering::SeqCst);
    for device in devices {
        let _ = device.join();
    }
    let elapsed = started.elapsed();
    let kills = match server {
        Server::Child { mut child, kills } => {
            drop(child.stdin.take());
            child.wait()?;
            kills
        }
        Server::Window(app, _) => {
            drop(app);
            0
        }
    };
    report_frames(frames);
    report(&shared, &event_path, tables, clients, kills, elapsed)
}

fn wait_for_scorers(shared: &Shared, tables: u32, mut meanwhile: impl FnMut()) {
    while shared.scorers_done.load(Ordering::SeqCst) < tables as usize {
        meanwhile();
        std::thread::sleep(Duration::from_millis(4));
    }
}

/// Kills the server at evenly spaced points of the evening (by results acknowledged) and
/// starts it again on the same port.
fn kill_and_restart(
    shared: &Shared,
    child: &mut Child,
    kills: u32,
    event_path: &Path,
    port: u16,
    total: usize,
) -> Result<()> {
    for kill in 1..=kills {
        let at = total * kill as usize / (kills as usize + 1);
        while shared.acknowledged.lock().map_or(0, |a| a.len()) < at {
            std::thread::sleep(Duration::from_millis(5));
        }
        child.kill()?;
        child.wait()?;
        println!("killed the server after {at} acknowledged results; starting it again");
        *child = start_server(event_path, port)?.0;
    }
    Ok(())
}

/// The window opened on the event, its results view serving phones on `port`.
fn start_window(
    folder: &Path,
    event: &Path,
    port: u16,
) -> Result<(Box<crate::app::TourneyApp>, egui::Context, BTreeMap<u32, String>)> {
    let ctx = egui::Context::default();
    let mut app = Box::new(crate::app::TourneyApp::new(
        folder.join("app"),
        Vec::new(),
        Box::new(crate::app::dialogs::NoDialogs),
    ));
    app.open(event);
    app.view = crate::app::View::Results;
    let session = app
        .session
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("the event did not open"))?;
    let mut panel = std::mem::take(&mut app.views.results.phones);
    panel.port = port;
    panel.start(&ctx, session);
    let keys = panel
        .server()
        .ok_or_else(|| anyhow::anyhow!("the window did not start serving"))?
        .tables()
        .iter()
        .filter_map(|(table, url)| Some((*table, url.split("?k=").nth(1)?.to_owned())))
        .collect();
    app.views.results.phones = panel;
    Ok((app, ctx, keys))
}

/// The window's frame times while serving, if it was the window that served.
fn report_frames(mut frames: Vec<Duration>) {
    if frames.is_empty() {
        return;
    }
    frames.sort();
    let at = |q: f64| frames[((frames.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    let over = frames.iter().filter(|f| f.as_millis() >= 16).count();
    println!(
        "window while serving: {} frames (results view, phones panel open; CPU time of the UI thread), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {over} of 16 ms or more",
        frames.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

fn make_event(path: &Path, tables: u32, rounds: u32) -> Result<()> {
    let roster = Roster {
        players: (1..=tables * 2)
            .map(|i| Player::new(i, format!("North {i} & South {i}")))
            .collect(),
    };
    let mut spec = NewEvent::new("Phones bench", EventFormat::BridgePairs, roster);
    spec.options.boards_per_round = 2;
    spec.options.rounds = Some(rounds as usize);
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).map_err(|e| anyhow::anyhow!("{e}"))?;
    EventFile::create(path, &event)?;
    Ok(())
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Starts `tourney event serve` and reads its table keys; tries again for a few seconds
/// while the port is still held by the killed server.
fn start_server(event: &Path, port: u16) -> Result<(Child, BTreeMap<u32, String>)> {
    let exe: PathBuf = std::env::current_exe()?;
    for _ in 0..50 {
        let mut child = Command::new(&exe)
            .args(["event", "serve"])
            .arg(event)
            .args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--until-eof"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut keys = BTreeMap::new();
        let lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        for line in lines.map_while(Result::ok) {
            if let Some((table, url)) = line.strip_prefix("table ").and_then(|rest| rest.split_once(": "))
                && let (Ok(table), Some(key)) = (table.parse(), url.split("?k=").nth(1))
            {
                keys.insert(table, key.to_owned());
            }
            if line.starts_with("director's PIN") {
                return Ok((child, keys));
            }
        }
        let _ = child.wait();
        std::thread::sleep(Duration::from_millis(100));
    }
    bail!("the server did not start on port {port}")
}

/// One HTTP exchange: the status and body, or `None` when the connection failed.
fn exchange(host: &str, method: &str, path: &str, key: &str, body: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(host).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nX-Tourney-Key: {key}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.split(' ').nth(1)?.parse().ok()?;
    Some((status, answer.split_once("\r\n\r\n")?.1.to_owned()))
}

/// Sends until answered (the same request, so the same id, each time); the answer and its
/// latency are recorded.
fn until_answered(shared: &Shared, method: &str, path: &str, key: &str, body: &str) -> (u16, String) {
    let mut tries = 0;
    loop {
        let sent = Instant::now();
        if let Some(answer) = exchange(&shared.host, method, path, key, body) {
            if let Ok(mut latencies) = shared.latencies.lock() {
                latencies.push(sent.elapsed());
            }
            return answer;
        }
        tries += 1;
        if tries == 1 {
            shared.resends.fetch_add(1, Ordering::SeqCst);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn score_table(shared: &Shared, table: u32, rounds: u32) {
    let key = shared.keys.get(&table).cloned().unwrap_or_default();
    let api = format!("/api/t/{table}");
    for round in 1..=rounds {
        let (_, view) = until_answered(shared, "GET", &api, &key, "");
        let boards: Vec<u32> = serde_json::from_str::<serde_json::Value>(&view)
            .ok()
            .and_then(|v| {
                v["view"]["boards"].as_array().map(|boards| {
                    boards
                        .iter()
                        .filter_map(|b| b["board"].as_u64())
                        .map(|b| b as u32)
                        .collect()
                })
            })
            .unwrap_or_default();
        for board in boards {
            let body = format!(
                r#"{{"id":"bench-{table}-{round}-{board}","round":{round},"board":{board},"contract":"3NT","by":"N","tricks":"{}"}}"#,
                ["=", "+1", "-1"][(board % 3) as usize]
            );
            let (status, _) = until_answered(shared, "POST", &format!("{api}/result"), &key, &body);
            if status == 200
                && let Ok(mut acknowledged) = shared.acknowledged.lock()
            {
                acknowledged.push((round, table, board));
            }
        }
        if round < rounds {
            let body = format!(r#"{{"id":"bench-{table}-{round}-next"}}"#);
            until_answered(shared, "POST", &format!("{api}/next"), &key, &body);
        }
    }
}

fn poll_table(shared: &Shared, table: u32) {
    let key = shared.keys.get(&table).cloned().unwrap_or_default();
    while !shared.stop_polling.load(Ordering::SeqCst) {
        until_answered(shared, "GET", &format!("/api/t/{table}"), &key, "");
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn report(
    shared: &Shared,
    event: &Path,
    tables: u32,
    clients: u32,
    kills: u32,
    elapsed: Duration,
) -> Result<ExitCode> {
    let file = EventFile::open(event)?;
    let stored = file.results()?;
    let acknowledged = shared.acknowledged.lock().map(|a| a.clone()).unwrap_or_default();
    let missing = acknowledged
        .iter()
        .filter(|(round, table, deal)| {
            !stored.contains_key(&scheduler::event::ResultKey {
                round: *round,
                table: *table,
                deal: *deal,
            })
        })
        .count();
    let entered = file
        .history()?
        .iter()
        .filter(|line| line.action == "entered" || line.action == "corrected")
        .count();
    let duplicates = entered.saturating_sub(stored.len());
    let mut latencies = shared.latencies.lock().map(|l| l.clone()).unwrap_or_default();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{tables} tables × {clients} devices, server killed {kills} time(s): {} requests answered in {:.1} s, {} resent after a lost connection",
        latencies.len(),
        elapsed.as_secs_f64(),
        shared.resends.load(Ordering::SeqCst)
    );
    println!(
        "latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    println!(
        "results: {} acknowledged, {} stored, {missing} acknowledged but not stored, {duplicates} entered twice",
        acknowledged.len(),
        stored.len()
    );
    Ok(if missing == 0 && duplicates == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
