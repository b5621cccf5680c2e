//! The requests the pages make, answered as JSON (or the page itself):
//!
//! - `GET /t/N` — table N's page (its key travels in the address, `?k=KEY`, and the page
//!   sends it back with each request in the `X-Tourney-Key` header);
//! - `GET /api/t/N` — what the page shows: the round, the pairs, each board's result so far
//!   (`?r=R`: round R instead of the table's own, for the director only);
//! - `POST /api/t/N/check` — reads a typed result and says it in words with its score, without
//!   saving (the step before the opponents accept);
//! - `POST /api/t/N/result` — saves a result (a JSON body with the request's `id`);
//! - `POST /api/t/N/next` — moves the table on to its next round.
//!
//! Every request is authenticated with the table's key (or the director's PIN in
//! `X-Tourney-Pin`) and every body read by the typed-entry parser; bodies over 16 KB are
//! refused unread. Answers: 200 with `{"ok": true, …}`; 400 unreadable JSON, 403 wrong key,
//! 404, 405, 409 not this round / round not finished, 413 too large, 422 a result that does
//! not read or fit, 500 the event file failed.

use super::page::TABLE_PAGE;
use scheduler::event::entry::Fields;
use scheduler::event::session::SessionError;
use scheduler::event::tables::{Caller, TableRefusal, TableReply, TableRequest, check_fields, same_secret};
use serde::Deserialize;
use serde_json::json;
use std::io::Read;

/// What the server's workers share: the one session on the event, the tables' keys (as made
/// when serving started, and for tables a later round added) and the director's PIN.
pub(super) struct Shared {
    pub session: std::sync::Mutex<scheduler::event::session::Session>,
    pub keys: std::sync::Mutex<Vec<(u32, String)>>,
    pub pin: String,
    /// Whether the pages ask for the opening lead.
    pub ask_lead: bool,
    /// When each table last made an authenticated request.
    pub seen: std::sync::Mutex<std::collections::BTreeMap<u32, std::time::Instant>>,
}

impl Shared {
    /// The tables' keys now, by table number.
    pub(super) fn keys(&self) -> Vec<(u32, String)> {
        self.keys
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// The largest body read.
const MAX_BODY: usize = 16 * 1024;

/// An answer: status, type and body.
pub(super) struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
        }
    }

    pub(super) fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &json!({ "ok": false, "message": message }))
    }
}

/// A result as the page sends it: the parts of the typed entry, and the request's id.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Sent {
    id: String,
    round: Option<u32>,
    board: Option<u32>,
    contract: Option<String>,
    by: Option<String>,
    tricks: Option<String>,
    lead: Option<String>,
    passed: bool,
    ns: Option<String>,
    ew: Option<String>,
}

impl Sent {
    fn fields(&self, table: u32) -> Fields {
        Fields {
            round: self.round,
            table: Some(table),
            board: self.board,
            contract: self.contract.clone(),
            by: self.by.clone(),
            tricks: self.tricks.clone(),
            lead: self.lead.clone().filter(|lead| !lead.trim().is_empty()),
            passed: self.passed,
            ns: self.ns.clone(),
            ew: self.ew.clone(),
            ..Fields::default()
        }
    }
}

/// Answers one request.
pub(super) fn handle(shared: &Shared, request: &mut tiny_http::Request) -> Reply {
    let url = request.url().to_owned();
    let path = url.split('?').next().unwrap_or("");
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let method = request.method().clone();
    let keys = shared.keys();
    let table = |text: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|t| keys.iter().any(|(n, _)| n == t))
    };
    route(shared, request, &method, &parts, table)
}

fn route(
    shared: &Shared,
    request: &mut tiny_http::Request,
    method: &tiny_http::Method,
    parts: &[&str],
    table: impl Fn(&str) -> Option<u32>,
) -> Reply {
    match (method, parts) {
        (tiny_http::Method::Get, ["t", n]) => match table(n) {
            Some(_) => Reply {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: TABLE_PAGE.as_bytes().to_vec(),
            },
            None => Reply::error(404, "no such page"),
        },
        (tiny_http::Method::Get, ["api", "t", n]) => match authenticate(shared, request, table(n)) {
            Ok((t, caller)) => match asked_round(request.url()) {
                Ok(None) => view(shared, t, None),
                Ok(Some(round)) if matches!(caller, Caller::Director { .. }) => view(shared, t, Some(round)),
                Ok(Some(_)) => Reply::error(403, "only the director (with the PIN) may open another round"),
                Err(reply) => reply,
            },
            Err(reply) => reply,
        },
        (tiny_http::Method::Post, ["api", "t", n, action @ ("check" | "result" | "next")]) => {
            let (t, caller) = match authenticate(shared, request, table(n)) {
                Ok(allowed) => allowed,
                Err(reply) => return reply,
            };
            let sent = match read_body(request) {
                Ok(sent) => sent,
                Err(reply) => return reply,
            };
            match *action {
                "check" => check(shared, t, &sent),
                "result" => save(shared, t, caller, &sent),
                _ => next(shared, caller, &sent),
            }
        }
        (_, ["t", _] | ["api", "t", ..]) => Reply::error(405, "not a request this server takes"),
        _ => Reply::error(404, "no such page"),
    }
}

/// The table and caller when the request carries table `table`'s key or the director's PIN
/// (both checked again by the event file, inside the write), else the refusal.
fn authenticate(
    shared: &Shared,
    request: &tiny_http::Request,
    table: Option<u32>,
) -> Result<(u32, Caller), Reply> {
    let Some(table) = table else {
        return Err(Reply::error(404, "no such table"));
    };
    let header = |name: &str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
            .map(|h| h.value.as_str().to_owned())
    };
    if let Some(pin) = header("X-Tourney-Pin") {
        if !same_secret(&pin, &shared.pin) {
            return Err(Reply::error(403, &TableRefusal::WrongPin.to_string()));
        }
        return Ok((table, Caller::Director { pin }));
    }

    let given = header("X-Tourney-Key").unwrap_or_default();
    let keys = shared.keys();
    let stored = keys.iter().find(|(t, _)| *t == table).map(|(_, k)| k.as_str());
    if !stored.is_some_and(|stored| same_secret(&given, stored)) {
        return Err(Reply::error(403, &TableRefusal::NotAllowed(table).to_string()));
    }
    shared
        .seen
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(table, std::time::Instant::now());
    Ok((table, Caller::Table { table, key: given }))
}

fn read_body(request: &mut tiny_http::Request) -> Result<Sent, Reply> {
    if request.body_length().is_some_and(|length| length > MAX_BODY) {
        return Err(Reply::error(413, "the request is too large"));
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body);
    if read.is_err() {
        return Err(Reply::error(400, "the request could not be read"));
    }
    if body.len() > MAX_BODY {
        return Err(Reply::error(413, "the request is too large"));
    }
    serde_json::from_slice(&body)
        .map_err(|e| Reply::error(400, &format!("the request is not the expected JSON: {e}")))
}

fn failed(error: &SessionError) -> Reply {
    Reply::error(500, &error.to_string())
}

fn session(shared: &Shared) -> std::sync::MutexGuard<'_, scheduler::event::session::Session> {
    // A worker that panicked mid-request leaves the session as the file has it (every change
    // is one transaction), so the lock is taken over.
    shared
        .session
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The round asked for in the address (`?…&r=3`), if any: a number, or a 400.
fn asked_round(url: &str) -> Result<Option<u32>, Reply> {
    let query = url.split_once('?').map_or("", |(_, query)| query);
    match query.split('&').find_map(|pair| pair.strip_prefix("r=")) {
        None => Ok(None),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|round| *round >= 1)
            .map(Some)
            .ok_or_else(|| Reply::error(400, "the round asked for is not a round number")),
    }
}

fn view(shared: &Shared, table: u32, round: Option<u32>) -> Reply {
    match session(shared).table_view(table, round) {
        Ok(Some(view)) => Reply::json(
            200,
            &json!({ "ok": true, "view": view, "ask_lead": shared.ask_lead }),
        ),
        Ok(None) => Reply::error(404, "this table does not play in that round"),
        Err(error) => failed(&error),
    }
}

fn check(shared: &Shared, table: u32, sent: &Sent) -> Reply {
    let session = session(shared);
    match check_fields(session.event(), &sent.fields(table)) {
        Ok((key, words)) => Reply::json(
            200,
            &json!({ "ok": true, "key": key.to_string(), "result": words }),
        ),
        Err(refusal) => Reply::error(422, &refusal.to_string()),
    }
}

fn save(shared: &Shared, table: u32, caller: Caller, sent: &Sent) -> Reply {
    let request = TableRequest {
        caller,
        request_id: sent.id.clone(),
        fields: sent.fields(table),
    };
    match session(shared).table_result(&request) {
        Ok(outcome) => outcome_reply(outcome),
        Err(error) => failed(&error),
    }
}

fn next(shared: &Shared, caller: Caller, sent: &Sent) -> Reply {
    match session(shared).next_table_round(&caller, &sent.id) {
        Ok(outcome) => outcome_reply(outcome),
        Err(error) => failed(&error),
    }
}

fn outcome_reply(outcome: Result<TableReply, TableRefusal>) -> Reply {
    match outcome {
        Ok(reply) => Reply::json(
            200,
            &json!({ "ok": true, "message": reply.message(), "reply": reply }),
        ),
        Err(refusal) => {
            let status = match refusal {
                TableRefusal::NotAllowed(_) | TableRefusal::WrongPin => 403,
                TableRefusal::NotThisRound { .. }
                | TableRefusal::RoundNotFinished { .. }
                | TableRefusal::LastRound(_)
                | TableRefusal::NotPairedYet { .. } => 409,
                TableRefusal::BadRequestId | TableRefusal::NotThisTable(_) | TableRefusal::Invalid(_) => 422,
            };
            Reply::error(status, &refusal.to_string())
        }
    }
}
