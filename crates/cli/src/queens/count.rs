//! `gridsolve queens count`: the number of placements, or of placements up
//! to rotation and reflection, counted as work units on `--threads`
//! threads, with a progress bar for long counts and a partial report on
//! timeout or Ctrl-C.

use super::state::StateFile;
use super::{board, traced};
use crate::args::QueensCountArgs;
use crate::failure::{print_line, Failure, VerbResult};
use crate::stage::{worker_pool, RunBudget};
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_queens::{count_split, count_units, BlockedBoard, CountReport, UnitResult, WorkUnit};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// From this n on a count takes seconds or more: it shows its progress on
/// a terminal and ends with a line saying how long it took.
const LONG_COUNT: usize = 16;

/// Above this n a count takes hours: it warns before it starts.
const VERY_LONG_COUNT: usize = 20;

pub fn run(args: &QueensCountArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let board = board(&args.board)?;
    if args.unique && args.board.blocked.is_some() {
        return Err(
            "--unique needs a board without reserved squares (reserved squares break its symmetry)"
                .into(),
        );
    }
    if let Some(mut sink) = TraceSink::open(&args.trace)? {
        return count_traced(args, &board, &mut sink, cancel);
    }
    let n = board.n();
    if n > VERY_LONG_COUNT {
        eprintln!(
            "warning: counting n = {n} runs for a long time (each n takes about 7 times as long as the one before; n = 16 takes seconds); --timeout or Ctrl-C stop it with a partial count, and --state FILE lets it resume"
        );
    }
    let budget = RunBudget::timed(&args.time, cancel).start();
    let pool = worker_pool(&args.threads)?;
    let units = count_split(&board);
    let (state, finished) = match &args.state {
        Some(path) => {
            let (state, finished) = StateFile::open(path, &units)?;
            (Some(state), finished)
        }
        None => (None, vec![None; units.len()]),
    };
    let todo: Vec<WorkUnit> = units
        .iter()
        .zip(&finished)
        .filter(|(_, result)| result.is_none())
        .map(|(unit, _)| unit.clone())
        .collect();
    let resumed = units.len() - todo.len();
    let long = n >= LONG_COUNT || state.is_some();
    let bar = (long && io::stderr().is_terminal()).then(|| progress_bar(units.len(), resumed));
    let started = Instant::now();
    let counted = pool.install(|| {
        count_units(&todo, &budget, |result| {
            if let (Some(state), None) = (&state, result.stopped) {
                state.record(result);
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        })
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let results: Vec<UnitResult> = finished.into_iter().flatten().chain(counted).collect();
    let report = CountReport::of(&board, units.len(), &results);
    if let Some(state) = state {
        state.finish()?;
    }
    print(args, &report)?;
    let secs = started.elapsed().as_secs_f64();
    if long {
        let ran = report.units_done - resumed;
        let from_state = if args.state.is_some() {
            format!(", {resumed} from the state file")
        } else {
            String::new()
        };
        let threads = match args.threads.threads {
            1 => "1 thread".to_string(),
            many => format!("{many} threads"),
        };
        eprintln!(
            "{} of {} units counted in {secs:.1} s ({ran} now{from_state}, {threads})",
            report.units_done, report.units
        );
    }
    if args.stats {
        eprintln!(
            "nodes {}, units {}, threads {}, {secs:.3} s",
            report.nodes, report.units, args.threads.threads,
        );
    }
    Ok(if report.stopped.is_some() {
        Status::Failure
    } else {
        Status::Ok
    })
}

/// A bar of `units` work units, `done` of them finished before this run.
fn progress_bar(units: usize, done: usize) -> ProgressBar {
    let bar = ProgressBar::new(units as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} units, {per_sec}, {elapsed} elapsed, eta {eta}",
        )
        .expect("the template is valid"),
    );
    bar.set_position(done as u64);
    bar.reset_eta();
    bar
}

/// The count from the traced search, drawn into `sink`; the count goes to
/// the answer stream.
fn count_traced(
    args: &QueensCountArgs,
    board: &BlockedBoard,
    sink: &mut TraceSink,
    cancel: &Arc<AtomicBool>,
) -> VerbResult {
    let budget = RunBudget::timed(&args.time, cancel).start();
    let found = traced(
        board,
        u64::MAX,
        &budget,
        sink,
        |_| ControlFlow::Continue(()),
    )?;
    let count = if args.unique {
        found.unique.expect("free boards have unique counts")
    } else {
        found.total
    };
    let prefix = if found.stopped.is_some() {
        "at least "
    } else {
        ""
    };
    let mut out = answer_stream(Some(sink));
    writeln!(out, "{prefix}{count}")
        .and_then(|()| out.flush())
        .map_err(Failure::output)?;
    if args.stats {
        eprintln!("nodes {}, traced search", found.nodes);
    }
    Ok(match found.stopped {
        Some(reason) => {
            eprintln!("stopped ({reason}): the count is a lower bound");
            Status::Failure
        }
        None => Status::Ok,
    })
}

fn print(args: &QueensCountArgs, report: &CountReport) -> Result<(), Failure> {
    let count = if args.unique {
        report
            .counts
            .unique
            .expect("free boards have unique counts")
    } else {
        report.counts.total
    };
    match report.stopped {
        None => print_line(count),
        Some(reason) => {
            print_line(format_args!("at least {count}"))?;
            eprintln!(
                "stopped ({reason}): {} of {} work units counted to the end; the count is a lower bound",
                report.units_done, report.units
            );
            Ok(())
        }
    }
}
