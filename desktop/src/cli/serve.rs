//! `tourney event serve`: scoring from phones without the window (a club PC without a screen,
//! and tests). Prints one line per table, `table N: URL`, and the director's PIN, then serves
//! until it is stopped (Ctrl-C, or the end of its standard input when `--until-eof` is given,
//! which is how scripts and tests stop it cleanly).

use crate::phones::{PhoneServer, ServeOptions};
use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

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
    for (table, url) in &server.tables {
        writeln!(out, "table {table}: {url}")?;
    }
    writeln!(out, "director's PIN: {}", server.pin)?;
    if let Some(codes) = &args.codes {
        let paper = if args.letter {
            scheduler::sheets::Paper::Letter
        } else {
            scheduler::sheets::Paper::A4
        };
        let written = server
            .codes_pdf(paper)
            .map_err(anyhow::Error::msg)
            .and_then(|pdf| super::output::write_file(codes, &pdf, args.force, &[&args.file]));
        if let Err(why) = written {
            drop(out);
            server.stop();
            eprintln!("error: {why:#}");
            eprintln!("stopped serving {}", args.file.display());
            return Ok(ExitCode::FAILURE);
        }
    }
    out.flush()?;
    drop(out);
    if args.until_eof {
        // Read (and ignore) standard input to its end.
        std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink())?;
    } else {
        // Ctrl-C ends the process; every result was written in its own transaction before it
        // was acknowledged, so nothing is lost.
        loop {
            std::thread::park();
        }
    }
    server.stop();
    eprintln!("stopped serving {}", args.file.display());
    Ok(ExitCode::SUCCESS)
}
