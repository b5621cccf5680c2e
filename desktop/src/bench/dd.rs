//! `tourney bench dd`: the double-dummy solver on the reference deals of
//! `fixtures/dd/dds-reference.json` (tables made by DDS 3), one thread, every table checked
//! against the fixture's; with `TOURNEY_DDS_PYTHON` set (a venv's python with `endplay`
//! 0.5.12), DDS timed on the same deals in the same run, and the ratio; then an evening's 32
//! boards analysed on two threads, as `tourney event deals --analyse` does.

use anyhow::{Context, Result, bail};
use scheduler::deals::{Board, DdTable, Deal, Direction, Strain, deal_from_pbn};
use scheduler::double_dummy;
use scheduler::solver::Control;
use scheduler::tools::deal_analysis::{AnalysisOptions, analyse_boards};
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The script the DDS side runs (embedded, so the bench needs no file beside the binary).
const DDS_SCRIPT: &str = include_str!("dd_dds.py");

/// One reference deal: its PBN and DDS's table.
struct Reference {
    pbn: String,
    deal: Deal,
    table: [[u8; 5]; 4],
}

/// Runs the bench: `deals` of the fixture's random deals (all when `None`), `seconds` the
/// most one table may take.
pub fn run(deals: Option<usize>, fixture: &Path, seconds: f64) -> Result<ExitCode> {
    let all = read_fixture(fixture)?;
    let chosen: Vec<&Reference> = all.iter().take(deals.unwrap_or(usize::MAX)).collect();
    println!(
        "{} reference deals from {} (tables by DDS 3 through endplay 0.5.12); Tourney's solver on one thread, {seconds} s a table at most",
        chosen.len(),
        fixture.display()
    );
    let limit = Duration::from_secs_f64(seconds);
    let mut times = Vec::new();
    // Each deal's time, `None` when it was not solved (the ratio to DDS is over the others).
    let mut solved_in = Vec::new();
    let mut nodes = Vec::new();
    let mut wrong = Vec::new();
    let mut unsolved = Vec::new();
    for (i, reference) in chosen.iter().enumerate() {
        let started = Instant::now();
        let solved = double_dummy::table(&reference.deal, 1, &Control::with_time_limit(limit));
        let took = started.elapsed().as_secs_f64();
        match solved {
            Ok((table, work)) => {
                times.push(took);
                solved_in.push(Some(took));
                nodes.push(work.nodes as f64);
                wrong.extend(mismatches(i + 1, &table, &reference.table));
                eprintln!("deal {}: {took:.3} s, {} nodes", i + 1, work.nodes);
            }
            Err(stopped) => {
                solved_in.push(None);
                unsolved.push(format!("deal {}: not solved, {}", i + 1, stopped.0));
                eprintln!("deal {}: not solved, {}", i + 1, stopped.0);
            }
        }
    }
    println!(
        "Tourney, one thread ({} of {} deals solved): {}",
        times.len(),
        chosen.len(),
        figures(&times, "s")
    );
    println!("  search nodes per table: {}", figures(&nodes, ""));
    dds_side(&chosen, &solved_in)?;
    two_threads(&chosen, limit);
    if !unsolved.is_empty() {
        println!(
            "{} of {} deal(s) not solved within {seconds} s a table (not compared):",
            unsolved.len(),
            chosen.len()
        );
        for line in &unsolved {
            println!("  {line}");
        }
    }
    if wrong.is_empty() {
        println!("every table solved equals DDS's ({} deals)", times.len());
        return Ok(if unsolved.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    eprintln!("MISMATCH: {} table(s) differ from DDS's:", wrong.len());
    for line in &wrong {
        eprintln!("  {line}");
    }
    Ok(ExitCode::FAILURE)
}

/// The fixture's random deals, in order (the hard ones are for the CI check).
fn read_fixture(path: &Path) -> Result<Vec<Reference>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    let entries: Vec<serde_json::Value> =
        serde_json::from_str(&text).with_context(|| format!("{}: not a JSON list", path.display()))?;
    let mut out = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        if entry["kind"].as_str() == Some("hard") {
            continue;
        }
        let where_ = || format!("{}, entry {}", path.display(), i + 1);
        let pbn = entry["pbn"]
            .as_str()
            .with_context(|| format!("{}: no \"pbn\"", where_()))?
            .to_owned();
        let deal = deal_from_pbn(&pbn).map_err(|e| anyhow::anyhow!("{}, field \"pbn\": {e}", where_()))?;
        let mut table = [[0u8; 5]; 4];
        for seat in Direction::ALL {
            for strain in Strain::ALL {
                let cell = &entry["dd"][seat.letter().to_string()][strain.letters()];
                let Some(tricks) = cell.as_u64().filter(|&t| t <= 13) else {
                    bail!(
                        "{}, field \"dd\": no tricks for {} in {}",
                        where_(),
                        seat.letter(),
                        strain.letters()
                    );
                };
                table[seat.index()][strain.index()] = tricks as u8;
            }
        }
        out.push(Reference { pbn, deal, table });
    }
    Ok(out)
}

/// Every cell where Tourney's table differs from the reference, one line each.
fn mismatches(number: usize, table: &DdTable, reference: &[[u8; 5]; 4]) -> Vec<String> {
    let mut out = Vec::new();
    for seat in Direction::ALL {
        for strain in Strain::ALL {
            let (ours, theirs) = (
                table.tricks(seat, strain),
                reference[seat.index()][strain.index()],
            );
            if ours != theirs {
                out.push(format!(
                    "deal {number}: {} declaring {}: Tourney {ours} tricks, DDS {theirs}",
                    seat.name(),
                    strain.letters()
                ));
            }
        }
    }
    out
}

/// "median 0.120 s, mean 0.180 s, max 0.950 s".
fn figures(values: &[f64], unit: &str) -> String {
    if values.is_empty() {
        return "no figures".to_owned();
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    let median = if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    } else {
        sorted[middle]
    };
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
    let max = sorted.last().copied().unwrap_or(0.0);
    if unit.is_empty() {
        format!("median {median:.0}, mean {mean:.0}, max {max:.0}")
    } else {
        format!("median {median:.3} {unit}, mean {mean:.3} {unit}, max {max:.3} {unit}")
    }
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

/// DDS on the same deals, one thread, when `TOURNEY_DDS_PYTHON` names a python with endplay;
/// its figures, the ratios (over the deals Tourney solved, `ours[i]` its time for deal i), and
/// any table of DDS's that differs from the fixture.
fn dds_side(chosen: &[&Reference], ours: &[Option<f64>]) -> Result<()> {
    let Some(python) = std::env::var_os("TOURNEY_DDS_PYTHON") else {
        println!(
            "DDS: not timed (set TOURNEY_DDS_PYTHON to a python with endplay 0.5.12 to time it in the same run)"
        );
        return Ok(());
    };
    let pbns: Vec<&str> = chosen.iter().map(|r| r.pbn.as_str()).collect();
    let mut child = Command::new(&python)
        .args(["-c", DDS_SCRIPT, "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("TOURNEY_DDS_PYTHON={}", python.to_string_lossy()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(serde_json::to_string(&pbns)?.as_bytes())?;
    }
    let output = child.wait_with_output()?;
    if !output.status.success() {
        bail!(
            "DDS's side failed ({}): is endplay installed in that venv?",
            output.status
        );
    }
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    for (i, line) in String::from_utf8_lossy(&output.stdout).lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line)?;
        cpu.push(value["cpu"].as_f64().unwrap_or(0.0));
        wall.push(value["wall"].as_f64().unwrap_or(0.0));
        let rows: Vec<Vec<u8>> = serde_json::from_value(value["dd"].clone())?;
        if let Some(reference) = chosen.get(i)
            && rows
                .iter()
                .zip(&reference.table)
                .any(|(a, b)| a.as_slice() != b.as_slice())
        {
            println!("note: DDS's table for deal {} differs from the fixture's", i + 1);
        }
    }
    println!(
        "DDS 3, one thread: {} (CPU: {})",
        figures(&wall, "s"),
        figures(&cpu, "s")
    );
    let (both_ours, both_dds): (Vec<f64>, Vec<f64>) = ours
        .iter()
        .zip(&wall)
        .filter_map(|(ours, dds)| Some(((*ours)?, *dds)))
        .unzip();
    if !both_ours.is_empty() {
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        println!(
            "Tourney / DDS over the {} deal(s) Tourney solved: median {:.1}×, mean {:.1}× (wall time, one thread each)",
            both_ours.len(),
            median(&both_ours) / median(&both_dds).max(1e-9),
            mean(&both_ours) / mean(&both_dds).max(1e-9)
        );
    }
    Ok(())
}

/// An evening's worth (the first 32 deals, or fewer) analysed on two threads with the same
/// limit a board, as an event's hand records are: the wall time and the slowest board.
fn two_threads(chosen: &[&Reference], limit: Duration) {
    let boards: Vec<Board> = chosen
        .iter()
        .take(32)
        .enumerate()
        .map(|(i, r)| Board::standard(i as u32 + 1, r.deal))
        .collect();
    let options = AnalysisOptions {
        per_board: limit,
        threads: 2,
    };
    let started = Instant::now();
    let done = analyse_boards(&boards, &options, &Control::unlimited(), &|_, _, _| {});
    let wall = started.elapsed().as_secs_f64();
    let slowest = done.iter().map(|d| d.seconds).fold(0.0, f64::max);
    let failed: Vec<String> = done.iter().filter_map(|d| d.failure()).collect();
    println!(
        "{} boards on two threads (table and par each): {wall:.2} s wall, slowest board {slowest:.2} s{}",
        boards.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!("; {}", failed.join("; "))
        }
    );
}
