//! `tourney bench whist`: for every player count 4N and 4N+1, where its complete rotation
//! comes from (a construction or the shipped table, and how long the offline search took to
//! find the shipped one), how long loading and verifying it take, and how many counts each
//! kind covers. `--from-scratch` instead builds each rotation anew with a per-size search.

use anyhow::Result;
use scheduler::verify::verify;
use scheduler::whist::blocks;
use scheduler::whist::offline::kind;
use scheduler::whist::plan::{complete_starter, listed_complete};
use scheduler::whist::starter::Starter;
use scheduler::whist::{full_cycle, listed_cycle, numbered_names, table};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(max: usize, seconds: f64, from_scratch: bool) -> Result<ExitCode> {
    if from_scratch {
        return run_from_scratch(max, seconds);
    }
    // The offline search's time for each shipped line, and the line's origin.
    let recorded: BTreeMap<usize, (String, Option<f64>)> = table::SHIPPED_TABLE
        .lines()
        .filter_map(table::parse_line)
        .map(|(starter, origin, seconds)| (starter.players(), (origin.to_owned(), seconds)))
        .collect();
    // The first lookup parses the table; it is timed on its own.
    let first = Instant::now();
    table::shipped(4);
    println!(
        "shipped table parsed in {:.0} µs",
        first.elapsed().as_secs_f64() * 1e6
    );
    println!("players  kind          from                      search s   load µs  verify ms  result");
    let mut coverage = Coverage::default();
    for n in (4..=max).filter(|n| n % 4 <= 1) {
        let range = if n <= 101 { "4–101" } else { "104+" };
        let loading = Instant::now();
        let found = complete_starter(n, false);
        let load = loading.elapsed().as_secs_f64();
        coverage.odd_to_101 += usize::from(n % 4 == 1 && n <= 101);
        match found {
            Some((starter, source)) => coverage.starter_row(n, range, (&starter, source), load, &recorded),
            None => coverage.listed_row(n, range),
        }
    }
    coverage.print();
    Ok(if coverage.invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What the benchmark has seen so far: counts covered per range and kind, the slowest load,
/// invalid rotations and directed ones.
#[derive(Default)]
struct Coverage {
    covered: BTreeMap<(&'static str, &'static str), usize>,
    worst_load: f64,
    invalid: usize,
    /// 4N+1 counts up to 101, and those whose rotation `--directed` claims (verified directed).
    odd_to_101: usize,
    directed_to_101: usize,
}

impl Coverage {
    /// No starter for `n`: the rotation listed round by round (four groups), when there is
    /// one, built, verified and printed.
    fn listed_row(&mut self, n: usize, range: &'static str) {
        let building = Instant::now();
        let Some(listed) = listed_complete(n) else {
            *self.covered.entry((range, "none yet")).or_default() += 1;
            println!(
                "{n:>7}  {:<12}  {:<24}  {:>8}  {:>8}  {:>9}  none yet",
                "-", "-", "-", "-", "-"
            );
            return;
        };
        let build = building.elapsed().as_secs_f64();
        self.worst_load = self.worst_load.max(build);
        let verifying = Instant::now();
        let names = (1..=n).map(|i| format!("Player {i}")).collect();
        let valid = verify(&listed_cycle(&listed, names)).is_valid();
        let verify_ms = verifying.elapsed().as_secs_f64() * 1e3;
        self.invalid += usize::from(!valid);
        *self.covered.entry((range, listed.kind)).or_default() += 1;
        let from = match blocks::td_with_a_point(n) {
            Some((_, k, m)) if n % 4 == 1 => format!("blocks of {k} and {}", m + 1),
            _ => format!("four groups of {}", n / 4),
        };
        // Directed by construction when every block's rotation is (4N+1 only); the
        // claim is checked by the verifier with the directed rules.
        let directed = n % 4 == 1 && listed.is_directed() && {
            let names = (1..=n).map(|i| format!("Player {i}")).collect();
            let mut schedule = listed_cycle(&listed, names);
            schedule.promise.directed = true;
            let held = verify(&schedule).is_valid();
            self.invalid += usize::from(!held);
            held
        };
        if n % 4 == 1 && n <= 101 {
            self.directed_to_101 += usize::from(directed);
        }
        println!(
            "{n:>7}  {:<12}  {from:<24}  {:>8}  {:>8.1}  {verify_ms:>9.2}  {}{}",
            listed.kind,
            "-",
            build * 1e6,
            if valid { "valid" } else { "INVALID" },
            if directed { ", directed" } else { "" }
        );
    }

    /// A starter for `n`, loaded in `load` seconds from `source`: verified (and its directed
    /// claim) and printed with where it came from.
    fn starter_row(
        &mut self,
        n: usize,
        range: &'static str,
        (starter, source): (&Starter, &str),
        load: f64,
        recorded: &BTreeMap<usize, (String, Option<f64>)>,
    ) {
        self.worst_load = self.worst_load.max(load);
        let kind = kind(starter);
        *self.covered.entry((range, kind)).or_default() += 1;
        let (from, search) = match recorded.get(&n) {
            Some((origin, seconds)) if source == "shipped starter table" => (
                format!("table ({origin})"),
                seconds.map_or("-".to_owned(), |s| format!("{s:.1}")),
            ),
            _ => (
                source.replace("algebraic construction", "construction"),
                "-".to_owned(),
            ),
        };
        let verifying = Instant::now();
        let valid = verify(&full_cycle(starter, numbered_names(starter), false)).is_valid();
        let verify_ms = verifying.elapsed().as_secs_f64() * 1e3;
        self.invalid += usize::from(!valid);
        // What `--directed` claims, checked by the verifier with the directed rules.
        let directed = complete_starter(n, true)
            .map(|(directed, _)| verify(&full_cycle(&directed, numbered_names(&directed), true)).is_valid());
        self.invalid += usize::from(directed == Some(false));
        if n % 4 == 1 && n <= 101 {
            self.directed_to_101 += usize::from(directed == Some(true));
        }
        println!(
            "{n:>7}  {kind:<12}  {from:<24}  {search:>8}  {:>8.1}  {verify_ms:>9.2}  {}{}",
            load * 1e6,
            if valid { "valid" } else { "INVALID" },
            match directed {
                Some(true) => ", directed",
                Some(false) => ", directed claim INVALID",
                None => "",
            }
        );
    }

    /// The coverage summary: counts per range and kind, directed counts, slowest load.
    fn print(&self) {
        let Coverage {
            covered,
            worst_load,
            invalid,
            odd_to_101,
            directed_to_101,
        } = self;
        println!("coverage (player counts 4N and 4N+1):");
        for ((range, kind), count) in covered {
            println!("  {range:<6} {kind:<12} {count}");
        }
        println!("  directed (4N+1 to 101): {directed_to_101} of {odd_to_101}");
        println!(
            "slowest load of a complete rotation: {:.1} µs; {invalid} invalid",
            worst_load * 1e6
        );
    }
}

/// Builds and verifies a rotation from scratch for each size (constructions, or a search of
/// `seconds` per size), then times lookups in the shipped table.
fn run_from_scratch(max: usize, seconds: f64) -> Result<ExitCode> {
    let per_size = Duration::from_secs_f64(seconds.max(0.0));
    let sweep = Instant::now();
    let (mut solved, mut sizes) = (0, 0);
    println!("players  origin    build s  verify s  result");
    for n in (4..=max).filter(|n| n % 4 <= 1) {
        sizes += 1;
        let started = Instant::now();
        let rows = table::generate_one(n, per_size);
        let built = started.elapsed().as_secs_f64();
        let verified = Instant::now();
        let result = match &rows.starter {
            Some(starter) => {
                let schedule = full_cycle(starter, numbered_names(starter), false);
                if verify(&schedule).is_valid() {
                    solved += 1;
                    "valid".to_owned()
                } else {
                    "INVALID".to_owned()
                }
            }
            None => format!("not found (surplus {})", rows.surplus),
        };
        println!(
            "{n:>7}  {:<8} {built:>8.3} {:>9.3}  {result}",
            rows.origin,
            verified.elapsed().as_secs_f64()
        );
    }
    println!(
        "sweep: {solved} of {sizes} sizes solved in {:.1} s",
        sweep.elapsed().as_secs_f64()
    );
    let loading = Instant::now();
    let mut loaded = 0;
    for n in 4..=max {
        loaded += usize::from(table::shipped(n).is_some());
    }
    let per_load = loading.elapsed().as_secs_f64() / (max.saturating_sub(3)).max(1) as f64;
    println!(
        "shipped table: {loaded} sizes, {:.1} µs per lookup (first includes parsing)",
        per_load * 1e6
    );
    Ok(ExitCode::SUCCESS)
}
