//! `tourney bench standings`: recomputes the standings of big events with every result in,
//! against a small event's in the same process.

use anyhow::Result;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::standings::standings;
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue, Scoring};
use scheduler::model::Roster;
use scheduler::scoring::chess::GameResult;
use scheduler::solver::{Control, Rng};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Runs the benchmark and prints its table.
pub fn run(repeats: usize) -> Result<ExitCode> {
    let repeats = repeats.max(1);
    let cases: Vec<(&str, Event, scheduler::event::Results)> = vec![
        bench_event(
            "baseline: chess, 16 players × 7 rounds",
            EventFormat::Chess,
            16,
            7,
        )?,
        bench_event(
            "chess round robin, 400 players × 30 rounds",
            EventFormat::Chess,
            400,
            30,
        )?,
        bench_event(
            "individual bridge, 400 players × 30 rounds × 2 boards",
            EventFormat::BridgeIndividual,
            400,
            30,
        )?,
        bench_event(
            "whist drive, 400 players × 30 rounds",
            EventFormat::WhistDrive,
            400,
            30,
        )?,
    ];
    let mut baseline = None;
    for (label, event, results) in &cases {
        let _ = standings(event, results);
        let mut times = Vec::new();
        for _ in 0..repeats {
            let start = Instant::now();
            let tables = standings(event, results);
            times.push(start.elapsed().as_secs_f64());
            std::hint::black_box(tables);
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let base = *baseline.get_or_insert(median);
        println!(
            "{label}: {} results, median {:.2} ms over {repeats} runs ({:.0}× the baseline)",
            results.len(),
            median * 1e3,
            median / base
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn bench_event(
    label: &'static str,
    format: EventFormat,
    players: usize,
    rounds: usize,
) -> Result<(&'static str, Event, scheduler::event::Results)> {
    let mut spec = NewEvent::new(label, format, Roster::numbered(players));
    spec.options.berger = false;
    spec.options.rounds = Some(rounds);
    let control = Control::with_time_limit(Duration::from_secs(60));
    let (mut event, _) = build_event(&spec, &control).map_err(anyhow::Error::msg)?;
    event.schedule.rounds.truncate(rounds);
    let mut random = Rng::new(7);
    let mut results = scheduler::event::Results::new();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            for deal in event.deals_of_round(round.number) {
                let key = ResultKey {
                    round: round.number,
                    table: table.number,
                    deal,
                };
                let value = match event.settings.scoring {
                    Scoring::WhistDrive { .. } => {
                        let ns = random.below(14) as u32;
                        ResultValue::Tricks { ns, ew: 13 - ns }
                    }
                    Scoring::Bridge { .. } => ResultValue::Bridge {
                        board: BridgeResult::NorthSouthScore {
                            score: (random.below(200) as i32 - 100) * 10,
                        },
                    },
                    _ => ResultValue::Game {
                        result: [GameResult::WhiteWins, GameResult::Draw, GameResult::BlackWins]
                            [random.below(3)],
                    },
                };
                results.insert(key, value);
            }
        }
    }
    Ok((label, event, results))
}
