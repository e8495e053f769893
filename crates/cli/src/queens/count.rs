//! `gridsolve queens count`: the number of placements, or of placements up
//! to rotation and reflection, counted as work units on `--threads`
//! threads, with a progress bar for long counts and a partial report on
//! timeout or Ctrl-C.

use super::{board, traced};
use crate::args::QueensCountArgs;
use crate::failure::{print_line, Failure, VerbResult};
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_queens::{count_board, BlockedBoard, CountReport};
use gridsolve_search::Limits;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Above this n a count takes long enough to warn about and show progress.
const LONG_COUNT: usize = 20;

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
    if n > LONG_COUNT {
        eprintln!(
            "warning: counting n = {n} runs for a long time (each n takes about 7 times as long as the one before; n = 16 takes seconds); --timeout or Ctrl-C stop it with a partial count"
        );
    }
    let mut limits = Limits::default().with_cancel(Arc::clone(cancel));
    if let Some(timeout) = args.timeout {
        limits = limits.with_timeout(timeout);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()
        .map_err(|error| format!("cannot start {} threads: {error}", args.threads))?;
    let bar = (n > LONG_COUNT && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} units, {elapsed} elapsed, eta {eta}",
            )
            .expect("the template is valid"),
        );
        bar
    });
    let started = Instant::now();
    let report = pool.install(|| {
        count_board(&board, &limits, |_| {
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        })
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    print(args, &report)?;
    if args.stats {
        eprintln!(
            "nodes {}, units {}, threads {}, {:.3} s",
            report.nodes,
            report.units,
            args.threads,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(if report.stopped.is_some() {
        Status::Failure
    } else {
        Status::Ok
    })
}

/// The count from the traced search, drawn into `sink`; the count goes to
/// the answer stream.
fn count_traced(
    args: &QueensCountArgs,
    board: &BlockedBoard,
    sink: &mut TraceSink,
    cancel: &Arc<AtomicBool>,
) -> VerbResult {
    let mut limits = Limits::solutions(u64::MAX).with_cancel(Arc::clone(cancel));
    if let Some(timeout) = args.timeout {
        limits = limits.with_timeout(timeout);
    }
    let found = traced(board, &limits, sink, |_| ControlFlow::Continue(()))?;
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
