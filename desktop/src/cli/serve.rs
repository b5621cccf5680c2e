//! `tourney event serve`: scoring from phones without the window (a club PC without a screen,
//! and tests). Prints one line per table, `table N: URL`, and the director's PIN, then serves
//! until it is stopped (Ctrl-C, or the end of its standard input when `--until-eof` is given,
//! which is how scripts and tests stop it cleanly). While it serves it looks every few seconds
//! for tables a newly paired round uses (a Swiss round with a late team's match): it makes
//! their keys, prints their lines and writes the `--codes` file again with their cards.

use crate::phones::{PhoneServer, ServeOptions};
use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often serving looks for tables a newly paired round added.
const LOOK_FOR_NEW_TABLES: Duration = Duration::from_secs(2);

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The event file.
    file: PathBuf,
    /// The address to listen on (default: every network of this computer; the pages answer
    /// only devices on a local network).
    #[arg(long, default_value = "0.0.0.0")]
    bind: IpAddr,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The pages ask for the opening lead (optional on each board).
    #[arg(long)]
    lead: bool,
    /// Also write the tables' cards, each with its QR code (four a page), to this PDF once
    /// serving has started (the codes carry this run's address).
    #[arg(long, value_name = "FILE.pdf")]
    codes: Option<PathBuf>,
    /// Replace an existing --codes file.
    #[arg(long)]
    force: bool,
    /// Letter paper for --codes instead of A4.
    #[arg(long)]
    letter: bool,
    /// Stop when standard input ends (for scripts and tests), instead of waiting for Ctrl-C.
    #[arg(long)]
    until_eof: bool,
}

pub fn serve(args: &ServeArgs) -> Result<ExitCode> {
    let options = ServeOptions {
        bind: args.bind,
        port: args.port,
        ask_lead: args.lead,
    };
    let server = match PhoneServer::start(&args.file, &options) {
        Ok(server) => server,
        Err(why) => {
            eprintln!("error: {why}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "serving {} at http://{}/",
        args.file.display(),
        server.address
    )?;
    for (table, url) in &server.tables() {
        writeln!(out, "table {table}: {url}")?;
    }
    writeln!(out, "director's PIN: {}", server.pin)?;
    if let Err(why) = write_codes(&server, args, args.force) {
        drop(out);
        server.stop();
        eprintln!("error: {why:#}");
        eprintln!("stopped serving {}", args.file.display());
        return Ok(ExitCode::FAILURE);
    }
    out.flush()?;
    drop(out);
    let ended = Arc::new(AtomicBool::new(false));
    if args.until_eof {
        let (ended, main) = (Arc::clone(&ended), std::thread::current());
        std::thread::spawn(move || {
            // Read (and ignore) standard input to its end.
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            ended.store(true, Ordering::SeqCst);
            main.unpark();
        });
    }
    // Without --until-eof, Ctrl-C ends the process; every result was written in its own
    // transaction before it was acknowledged, so nothing is lost.
    while !ended.load(Ordering::SeqCst) {
        std::thread::park_timeout(LOOK_FOR_NEW_TABLES);
        if !ended.load(Ordering::SeqCst) {
            print_new_tables(&server, args);
        }
    }
    server.stop();
    eprintln!("stopped serving {}", args.file.display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the tables' cards to `--codes`, when given (`replace`: the file may be replaced).
fn write_codes(server: &PhoneServer, args: &ServeArgs, replace: bool) -> Result<()> {
    let Some(codes) = &args.codes else {
        return Ok(());
    };
    let paper = if args.letter {
        scheduler::sheets::Paper::Letter
    } else {
        scheduler::sheets::Paper::A4
    };
    server
        .codes_pdf(paper)
        .map_err(anyhow::Error::msg)
        .and_then(|pdf| super::output::write_file(codes, &pdf, replace, &[&args.file]))
}

/// Makes keys for the tables a round paired since serving started uses, prints their lines
/// (as at the start) and writes the `--codes` file again (this run wrote it) with their cards.
fn print_new_tables(server: &PhoneServer, args: &ServeArgs) {
    let added = match server.add_new_tables() {
        Ok(added) => added,
        Err(why) => {
            eprintln!("warning: the tables of a new round could not be looked for: {why}");
            return;
        }
    };
    if added.is_empty() {
        return;
    }
    let mut out = std::io::stdout().lock();
    for (table, url) in &added {
        // A closed standard output (a script that stopped reading) is not a reason to stop.
        let _ = writeln!(out, "table {table}: {url}");
    }
    let _ = out.flush();
    if let Err(why) = write_codes(server, args, true) {
        eprintln!("warning: the new tables' cards were not written: {why:#}");
    }
}
