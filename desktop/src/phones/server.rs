//! The server itself: a few worker threads taking requests from one listening socket, one
//! shared session on the event file, and a lock so only one server runs on an event.

use super::api::{Reply, Shared, handle};
use scheduler::event::session::Session;
use scheduler::event::team_rooms::tables_of_round;
use std::collections::BTreeMap;
use std::fs::File;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where and how to serve.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The address to listen on (all interfaces by default).
    pub bind: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// Whether the pages ask for the opening lead (a club's choice; off by default, as most
    /// clubs do not record it).
    pub ask_lead: bool,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: 8080,
            ask_lead: false,
        }
    }
}

/// A running server. Dropping it (or [`PhoneServer::stop`]) stops it.
pub struct PhoneServer {
    server: Arc<tiny_http::Server>,
    workers: Vec<JoinHandle<()>>,
    /// The address the pages are reached at (the machine's address on the network when
    /// listening on all interfaces).
    pub address: SocketAddr,
    /// The director's PIN.
    pub pin: String,
    shared: Arc<Shared>,
    _lock: File,
}

/// Worker threads: requests are short (a read, or one SQLite transaction).
const WORKERS: usize = 4;

impl PhoneServer {
    /// Opens the event, makes (or reads) the tables' keys and starts serving.
    pub fn start(path: &Path, options: &ServeOptions) -> Result<PhoneServer, String> {
        let lock = lock_event(path)?;
        let mut session = Session::open_to_write(path).map_err(|e| e.to_string())?;
        let access = session.table_access().map_err(|e| e.to_string())?;
        let server = tiny_http::Server::http(SocketAddr::new(options.bind, options.port))
            .map_err(|e| format!("cannot listen on {}:{}: {e}", options.bind, options.port))?;
        let port = server
            .server_addr()
            .to_ip()
            .map_or(options.port, |address| address.port());
        let host = if options.bind.is_unspecified() {
            local_address()
        } else {
            options.bind
        };
        let address = SocketAddr::new(host, port);
        let shared = Arc::new(Shared {
            session: Mutex::new(session),
            keys: Mutex::new(access.keys.clone()),
            pin: access.pin.clone(),
            ask_lead: options.ask_lead,
            seen: Mutex::new(BTreeMap::new()),
        });
        let server = Arc::new(server);
        let workers = (0..WORKERS)
            .map(|_| {
                let (server, shared) = (Arc::clone(&server), Arc::clone(&shared));
                std::thread::spawn(move || {
                    while let Ok(request) = server.recv() {
                        answer(&shared, request);
                    }
                })
            })
            .collect();
        Ok(PhoneServer {
            server,
            workers,
            address,
            pin: access.pin,
            shared,
            _lock: lock,
        })
    }

    /// Each table and the address of its page (with its key), by table number.
    pub fn tables(&self) -> Vec<(u32, String)> {
        self.shared
            .keys()
            .iter()
            .map(|(table, key)| (*table, page_address(self.address, *table, key)))
            .collect()
    }

    /// Makes keys for the tables a round paired since serving started uses and no key was made
    /// for (a late team's match, a Swiss round with more matches), and serves their pages too:
    /// those tables and their pages' addresses (empty when there are none). The window calls it
    /// when the event's rounds change, `tourney event serve` every few seconds.
    pub fn add_new_tables(&self) -> Result<Vec<(u32, String)>, String> {
        let mut session = self
            .shared
            .session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Cheap when nothing changed: the event is read again only after another writer's
        // commit, and keys are made (a write) only when a round uses a table without one.
        session.refresh().map_err(|e| e.to_string())?;
        let event = session.event();
        let known = self.shared.keys();
        let unknown = event
            .schedule
            .rounds
            .iter()
            .flat_map(|round| tables_of_round(event, round))
            .any(|table| !known.iter().any(|(t, _)| *t == table));
        if !unknown {
            return Ok(Vec::new());
        }
        let access = session.table_access().map_err(|e| e.to_string())?;
        drop(session);
        let mut keys = self
            .shared
            .keys
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let added = access
            .keys
            .iter()
            .filter(|(table, _)| !keys.iter().any(|(known, _)| known == table))
            .map(|(table, key)| (*table, page_address(self.address, *table, key)))
            .collect();
        *keys = access.keys;
        Ok(added)
    }

    /// Each table a device has asked for with its key (or the director's PIN), and how long ago
    /// the last such request was: a phone showing a table's page asks every few seconds.
    pub fn last_seen(&self) -> Vec<(u32, Duration)> {
        let seen = self
            .shared
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.iter().map(|(table, at)| (*table, at.elapsed())).collect()
    }

    /// The tables' cards with their QR codes (this server's addresses), as a PDF headed with
    /// the event's title, club and date.
    pub fn codes_pdf(&self, paper: scheduler::sheets::Paper) -> Result<Vec<u8>, String> {
        let mut options = {
            let session = self
                .shared
                .session
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            scheduler::sheets::event_sheets::sheet_options(session.event())
        };
        options.paper = paper;
        scheduler::sheets::table_codes::table_codes_pdf(&options, &self.tables()).map_err(|e| e.to_string())
    }

    /// Stops serving: requests being answered are finished first.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        for _ in 0..self.workers.len() {
            self.server.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

impl Drop for PhoneServer {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Only one server on an event: a lock on a file beside it (`EVENT.tourney-serving`), held
/// while serving and released by the system if the program is killed.
/// Table `table`'s page, its key in the address.
fn page_address(address: SocketAddr, table: u32, key: &str) -> String {
    format!("http://{address}/t/{table}?k={key}")
}

fn lock_event(path: &Path) -> Result<File, String> {
    let mut name = path.as_os_str().to_owned();
    name.push("-serving");
    let lock_path = PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| format!("{}: cannot make the lock file: {e}", lock_path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "{}: phones are already being served for this event (by the window or another `tourney event serve`); stop that first",
            path.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("{}: cannot lock: {e}", lock_path.display())),
    }
}

/// This machine's address on its network: the one a packet to the outside would leave from
/// (nothing is sent), else the loopback address.
fn local_address() -> IpAddr {
    UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| {
            socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
            socket.local_addr()
        })
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |address| address.ip())
}

/// Whether a request comes from the local network (loopback, private, link-local): the
/// server answers nobody else.
fn from_local_network(address: Option<&SocketAddr>) -> bool {
    match address.map(SocketAddr::ip) {
        Some(IpAddr::V4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Some(IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
        }
        None => false,
    }
}

fn answer(shared: &Shared, mut request: tiny_http::Request) {
    let reply = if from_local_network(request.remote_addr()) {
        handle(shared, &mut request)
    } else {
        Reply::error(403, "this server answers only the local network")
    };
    respond(request, reply);
}

fn respond(request: tiny_http::Request, reply: Reply) {
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ] {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    // The device may have gone (a phone locked mid-request): nothing to do.
    let _ = request.respond(response);
}
