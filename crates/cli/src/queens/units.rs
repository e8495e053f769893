//! `gridsolve queens split | run-task | merge`: a count cut into
//! independent units (JSON lines), counted anywhere, and added up with a
//! check that every unit was counted exactly once.

use super::board;
use crate::args::{QueensMergeArgs, QueensRunTaskArgs, QueensSplitArgs};
use crate::failure::{print_line, Failure, VerbResult};
use crate::stage::{worker_pool, RunBudget};
use crate::status::Status;
use gridsolve_queens::{recount, run_unit, UnitResult, WorkUnit};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub fn split(args: &QueensSplitArgs) -> VerbResult {
    let board = board(&args.board)?;
    let units = gridsolve_queens::split(&board, args.depth).map_err(|error| error.to_string())?;
    if units.is_empty() {
        eprintln!(
            "the board has no placement of its first {} rows: no units",
            args.depth
        );
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let written = units
        .iter()
        .try_for_each(|unit| write_json_line(&mut out, unit))
        .and_then(|()| out.flush());
    written.map_err(Failure::output)?;
    Ok(Status::Ok)
}

pub fn run_task(args: &QueensRunTaskArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let pool = worker_pool(&args.threads)?;
    let run_budget = RunBudget::timed(&args.time, cancel);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Ok;
    let chunk_size = usize::from(args.threads.threads) * 4;
    let mut chunk: Vec<(String, Result<WorkUnit, String>)> = Vec::with_capacity(chunk_size);
    let mut flush_chunk = |chunk: &mut Vec<(String, Result<WorkUnit, String>)>,
                           status: &mut Status|
     -> Result<(), Failure> {
        let results: Vec<Result<UnitResult, String>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|(place, unit)| {
                    let unit = unit.as_ref().map_err(|error| format!("{place}: {error}"))?;
                    run_unit(unit, &run_budget.start()).map_err(|error| format!("{place}: {error}"))
                })
                .collect()
        });
        for result in results {
            match result {
                Ok(result) => {
                    if let Some(reason) = result.stopped {
                        eprintln!(
                            "unit {} stopped ({reason}); merge will refuse it",
                            result.unit.unit
                        );
                        *status = (*status).worst(Status::Failure);
                    }
                    write_json_line(&mut out, &result).map_err(Failure::output)?;
                }
                Err(message) => {
                    eprintln!("{message}");
                    *status = (*status).worst(Status::InputError);
                }
            }
        }
        chunk.clear();
        out.flush().map_err(Failure::output)
    };
    for_each_json_line::<WorkUnit>(&args.inputs, |place, unit| {
        chunk.push((place, unit));
        if chunk.len() == chunk_size {
            flush_chunk(&mut chunk, &mut status)?;
        }
        Ok(!cancel.load(Ordering::Relaxed))
    })?;
    flush_chunk(&mut chunk, &mut status)?;
    Ok(status)
}

pub fn merge(args: &QueensMergeArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let mut results = Vec::new();
    let mut malformed = false;
    for_each_json_line::<UnitResult>(&args.inputs, |place, result| {
        match result {
            Ok(result) => results.push((place, result)),
            Err(error) => {
                eprintln!("{place}: {error}");
                malformed = true;
            }
        }
        Ok(true)
    })?;
    if malformed {
        return Err("merge: malformed results; nothing merged".into());
    }
    // The results are kept (a copy) only for a recount.
    let merged = match args.recount {
        0 => gridsolve_queens::merge(std::mem::take(&mut results)),
        _ => gridsolve_queens::merge(results.iter().cloned()),
    };
    let counts = match merged {
        Ok(counts) => counts,
        Err(error) => {
            eprintln!("merge: {error}");
            return Ok(Status::Failure);
        }
    };
    let count =
        match (args.unique, counts.unique) {
            (false, _) => counts.total,
            (true, Some(unique)) => unique,
            (true, None) => return Err(
                "merge: --unique needs units of the d4 scheme (a board without reserved squares)"
                    .into(),
            ),
        };
    if args.recount > 0 {
        let budget = RunBudget::cancel_only(cancel);
        let disagreements = recount_some(&results, args, &budget)?;
        if !disagreements.is_empty() {
            for disagreement in disagreements {
                eprintln!("merge: {disagreement}");
            }
            return Ok(Status::Failure);
        }
    }
    print_line(count)?;
    Ok(Status::Ok)
}

/// Counts `--recount` of the merged `results` again, picked at random
/// (seeded by `--seed`, or by the clock), on `--threads`; says on stderr
/// how many and with which seed, and returns every disagreement (a
/// different figure, or a recount that stopped), in input order.
fn recount_some(
    results: &[(String, UnitResult)],
    args: &QueensMergeArgs,
    budget: &RunBudget,
) -> Result<Vec<String>, Failure> {
    let seed = args.seed.unwrap_or_else(|| {
        // Nanoseconds since 1970 wrap around u64 only after 584 years.
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    let amount = args.recount.min(results.len());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut picked = rand::seq::index::sample(&mut rng, results.len(), amount).into_vec();
    picked.sort_unstable();
    let pool = worker_pool(&args.threads)?;
    let disagreements: Vec<String> = pool.install(|| {
        picked
            .into_par_iter()
            .filter_map(|index| {
                let (at, result) = &results[index];
                recount(result, &budget.start())
                    .err()
                    .map(|error| format!("{at}: {error}"))
            })
            .collect()
    });
    eprintln!(
        "merge: recounted {amount} of {} units (--seed {seed}): {}",
        results.len(),
        match disagreements.len() {
            0 => "every figure agrees".to_string(),
            count => format!("{count} disagree"),
        }
    );
    Ok(disagreements)
}

/// Reads JSON lines from the inputs (stdin when none), calling `each` with
/// the place ("line 3" or "file: line 3") and the parsed value or error
/// of every non-blank line; `each` returns `Ok(false)` to stop reading.
fn for_each_json_line<T: DeserializeOwned>(
    inputs: &[PathBuf],
    mut each: impl FnMut(String, Result<T, String>) -> Result<bool, Failure>,
) -> Result<(), Failure> {
    let stdin = [PathBuf::from("-")];
    let paths = if inputs.is_empty() {
        &stdin[..]
    } else {
        inputs
    };
    for path in paths {
        let (reader, prefix): (Box<dyn BufRead>, String) = if path.as_os_str() == "-" {
            (Box::new(io::stdin().lock()), String::new())
        } else {
            let file = File::open(path)
                .map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
            (
                Box::new(BufReader::new(file)),
                format!("{}: ", path.display()),
            )
        };
        // Lines as bytes: one that is not UTF-8 is an error of its own,
        // not the end of the input.
        for (index, line) in reader.split(b'\n').enumerate() {
            let mut line = line.map_err(|error| format!("{prefix}read error: {error}"))?;
            if index == 0 {
                let mark = crate::input::BYTE_ORDER_MARK.to_string();
                if let Some(rest) = line.strip_prefix(mark.as_bytes()) {
                    line = rest.to_vec();
                }
            }
            if line.trim_ascii().is_empty() {
                continue;
            }
            let value = serde_json::from_slice::<T>(&line).map_err(|error| error.to_string());
            if !each(format!("{prefix}line {}", index + 1), value)? {
                return Ok(());
            }
        }
    }
    Ok(())
}

fn write_json_line(out: &mut impl Write, value: &impl serde::Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}
