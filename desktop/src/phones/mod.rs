//! Scoring from the players' phones (issue 42): a small HTTP server on the club's network that
//! serves each table a page (`/t/N?k=KEY`, the address its QR code carries) and takes the
//! table's results through the event's one write path (`Session::table_result`). What a
//! table's key allows, and what it does not protect, is said in `scheduler::event::tables`.
//! Started by `tourney event serve` (and, later, from the window's results view).

mod api;
mod page;
mod server;

pub use server::{PhoneServer, ServeOptions};
