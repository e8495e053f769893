//! `gridsolve cover solve` and `gridsolve cover count`.

use super::{limits, read_problem, report};
use crate::args::{CoverCountArgs, CoverSolveArgs, ReportFormat};
use crate::status::Status;
use gridsolve_cover::Dlx;
use gridsolve_search::{NoTrace, StopReason};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One solution as a `jsonl` record.
#[derive(Serialize)]
struct JsonSolution<'a> {
    solution: u64,
    options: &'a [usize],
    lines: Vec<usize>,
    texts: Vec<String>,
}

pub fn solve(args: &CoverSolveArgs, cancel: &Arc<AtomicBool>) -> Result<Status, String> {
    let text = read_problem(&args.input)?;
    let limits = limits(&args.input, args.limit, cancel);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut written = 0u64;
    let mut failure: Option<io::Error> = None;
    let result = Dlx::new(&text.problem).search(&limits, &mut NoTrace, |options| {
        let mut sorted = options.to_vec();
        sorted.sort_unstable();
        written += 1;
        let texts: Vec<String> = sorted
            .iter()
            .map(|&option| text.problem.option_text(option))
            .collect();
        let outcome = match args.format {
            ReportFormat::Text => {
                let separator = if written > 1 { "\n" } else { "" };
                write!(
                    out,
                    "{separator}{}",
                    texts.iter().map(|t| format!("{t}\n")).collect::<String>()
                )
            }
            ReportFormat::Jsonl => {
                let record = JsonSolution {
                    solution: written,
                    options: &sorted,
                    lines: sorted
                        .iter()
                        .map(|&option| text.option_lines[option])
                        .collect(),
                    texts,
                };
                serde_json::to_writer(&mut out, &record)
                    .map_err(io::Error::from)
                    .and_then(|()| out.write_all(b"\n"))
            }
        };
        match outcome {
            Ok(()) if written < args.limit => ControlFlow::Continue(()),
            Ok(()) => ControlFlow::Break(()),
            Err(error) => {
                failure = Some(error);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(error) = failure.or_else(|| out.flush().err()) {
        if error.kind() != io::ErrorKind::BrokenPipe {
            return Err(format!("cannot write output: {error}"));
        }
    }
    report(&args.input, &result);
    if result.stats.solutions == 0 {
        eprintln!("no solution");
    }
    Ok(match result.stopped {
        Some(StopReason::SolutionLimit) | None if result.stats.solutions > 0 => Status::Ok,
        _ => Status::Failure,
    })
}

pub fn count(args: &CoverCountArgs, cancel: &Arc<AtomicBool>) -> Result<Status, String> {
    let text = read_problem(&args.input)?;
    let limits = limits(&args.input, args.limit.unwrap_or(u64::MAX), cancel);
    let result = gridsolve_cover::count(&text.problem, &limits);
    match result.stopped {
        None => println!("{}", result.stats.solutions),
        Some(_) => println!("at least {}", result.stats.solutions),
    }
    report(&args.input, &result);
    Ok(if result.stopped.is_none() {
        Status::Ok
    } else {
        Status::Failure
    })
}
