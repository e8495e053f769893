//! `gridsolve cover solve` and `gridsolve cover count`.

use super::{read_problem, report};
use crate::args::{CoverCountArgs, CoverSolveArgs, ReportFormat};
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_cover::{CoverReport, CoverVocabulary, Dlx, DlxText};
use gridsolve_search::{Budget, EventLog, NoTrace, StopReason};
use serde::Serialize;
use std::io::{self, Write};
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

pub fn solve(args: &CoverSolveArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let text = read_problem(&args.input)?;
    let budget = RunBudget::new(&args.input.budget, cancel).start();
    let mut sink = TraceSink::open(&args.trace)?;
    let mut out = answer_stream(sink.as_ref());
    let mut written = 0u64;
    let mut failure: Option<io::Error> = None;
    let mut log = sink.as_ref().map(TraceSink::log);
    let result = search(&text, &budget, log.as_mut(), |options| {
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
        return Err(Failure::output(error));
    }
    draw(sink.as_mut(), log.as_ref(), &text)?;
    report(&args.input, &result);
    if result.stats.solutions == 0 {
        eprintln!("no solution");
    }
    Ok(match result.stopped {
        Some(StopReason::SolutionLimit) | None if result.stats.solutions > 0 => Status::Ok,
        _ => Status::Failure,
    })
}

pub fn count(args: &CoverCountArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let text = read_problem(&args.input)?;
    let max_solutions = args.limit.unwrap_or(u64::MAX);
    let budget = RunBudget::new(&args.input.budget, cancel).start();
    let mut sink = TraceSink::open(&args.trace)?;
    let mut log = sink.as_ref().map(TraceSink::log);
    let mut found = 0u64;
    let result = search(&text, &budget, log.as_mut(), |_| {
        found += 1;
        if found >= max_solutions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    draw(sink.as_mut(), log.as_ref(), &text)?;
    let prefix = if result.stopped.is_some() {
        "at least "
    } else {
        ""
    };
    let mut out = answer_stream(sink.as_ref());
    writeln!(out, "{prefix}{}", result.stats.solutions)
        .and_then(|()| out.flush())
        .map_err(Failure::output)?;
    report(&args.input, &result);
    Ok(if result.stopped.is_none() {
        Status::Ok
    } else {
        Status::Failure
    })
}

/// Searches `text`'s problem, recording the search into `log` if there is
/// one.
fn search<F>(
    text: &DlxText,
    budget: &Budget,
    log: Option<&mut EventLog<usize>>,
    on_solution: F,
) -> CoverReport
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    let mut dlx = Dlx::new(&text.problem);
    match log {
        Some(log) => dlx.search(budget, log, on_solution),
        None => dlx.search(budget, &mut NoTrace, on_solution),
    }
}

/// Draws the recorded search, if `--trace` asked for it.
fn draw(
    sink: Option<&mut TraceSink>,
    log: Option<&EventLog<usize>>,
    text: &DlxText,
) -> Result<(), Failure> {
    match (sink, log) {
        (Some(sink), Some(log)) => sink
            .draw(log, &CoverVocabulary(&text.problem))
            .map_err(|error| format!("cannot write the trace: {error}").into()),
        _ => Ok(()),
    }
}
