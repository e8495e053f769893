//! `gridsolve queens list`: every placement, streamed as found.

use super::output::PlacementWriter;
use super::{board, traced};
use crate::args::QueensListArgs;
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_queens::{class_size_if_representative, Solutions};
use gridsolve_search::StopReason;

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &QueensListArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let board = board(&args.board)?;
    if args.unique && board.has_reserved() {
        return Err(
            "--unique lists one board per class of rotations and reflections, which reserved squares break"
                .into(),
        );
    }
    // With --unique, only each class's smallest board is listed.
    let listed = |cols: &[u32]| !args.unique || class_size_if_representative(cols).is_some();
    let budget = RunBudget::cancel_only(cancel).start();
    let mut sink = TraceSink::open(&args.trace)?;
    let mut writer = PlacementWriter::new(answer_stream(sink.as_ref()), args.format);
    let mut count = 0u64;
    let mut failure = None;
    let (nodes, stopped) = match &mut sink {
        None => {
            let mut solutions = Solutions::with_budget(&board, budget.clone());
            failure = solutions
                .by_ref()
                .filter(|cols| listed(cols))
                .try_for_each(|cols| {
                    count += 1;
                    writer.write(&cols)
                })
                .err();
            (solutions.nodes(), solutions.stopped())
        }
        Some(sink) => {
            let found = traced(&board, u64::MAX, &budget, sink, |cols| {
                if !listed(cols) {
                    return ControlFlow::Continue(());
                }
                count += 1;
                match writer.write(cols) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(error) => {
                        failure = Some(error);
                        ControlFlow::Break(())
                    }
                }
            })?;
            let stopped = found.stopped.filter(|_| failure.is_none());
            (found.nodes, stopped)
        }
    };
    failure
        .map_or_else(|| writer.finish(), Err)
        .map_err(Failure::output)?;
    if args.stats {
        let noun = if count == 1 { "solution" } else { "solutions" };
        eprintln!("{count} {noun}, nodes {nodes}");
    }
    Ok(report_stop(stopped, count))
}

/// Exit status of a listing, with a note when it stopped early.
fn report_stop(stopped: Option<StopReason>, count: u64) -> Status {
    match stopped {
        Some(reason) => {
            eprintln!("stopped ({reason}) after {count} solutions");
            Status::Failure
        }
        None => Status::Ok,
    }
}
