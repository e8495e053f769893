//! `gridsolve queens …`: one module per verb; the N-Queens logic is in
//! `gridsolve-queens`.

mod bench;
mod count;
mod list;
mod one;
mod output;
mod state;
mod units;

use crate::args::{BoardArgs, QueensCommand};
use crate::failure::Failure;
use crate::status::Status;
use crate::trace::TraceSink;
use gridsolve_queens::{traced_search, BlockedBoard, QueensVocabulary, TracedSearch, MAX_N};
use gridsolve_search::Budget;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Runs one N-Queens verb.
pub fn run(command: &QueensCommand, cancel: &Arc<AtomicBool>) -> Status {
    let result = match command {
        QueensCommand::List(args) => list::run(args, cancel),
        QueensCommand::Count(args) => count::run(args, cancel),
        QueensCommand::One(args) => one::run(args),
        QueensCommand::Split(args) => units::split(args),
        QueensCommand::RunTask(args) => units::run_task(args, cancel),
        QueensCommand::Merge(args) => units::merge(args, cancel),
        QueensCommand::Bench(args) => bench::run(args),
    };
    result.unwrap_or_else(Failure::report)
}

/// The board the arguments describe: the `--blocked` file, or the free
/// board of side N; both must agree when both are given.
fn board(args: &BoardArgs) -> Result<BlockedBoard, Failure> {
    match (&args.blocked, args.n) {
        (Some(path), n) => {
            let board = read_board(path)?;
            match n {
                Some(n) if n != board.n() => Err(format!(
                    "{}: the board is {1}×{1} but N is {n}",
                    path.display(),
                    board.n()
                )
                .into()),
                _ => Ok(board),
            }
        }
        (None, Some(n)) => BlockedBoard::free(n)
            .map_err(|_| format!("N must be 1 to {MAX_N} for this command, got {n}").into()),
        (None, None) => Err("give the board size N or a board file with --blocked".into()),
    }
}

fn read_board(path: &std::path::Path) -> Result<BlockedBoard, Failure> {
    let (name, text) = crate::input::read_whole(path)?;
    text.parse()
        .map_err(|error| format!("{name}: {error}").into())
}

/// Runs the row-by-row search of `board` under `--trace`, handing each
/// solution to `on_solution`, and draws it into `sink`.
fn traced(
    board: &BlockedBoard,
    max_solutions: u64,
    budget: &Budget,
    sink: &mut TraceSink,
    on_solution: impl FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<TracedSearch, Failure> {
    let mut log = sink.log();
    let found = traced_search(board, max_solutions, budget, &mut log, on_solution);
    sink.draw(&log, &QueensVocabulary)
        .map_err(|error| format!("cannot write the trace: {error}"))?;
    Ok(found)
}
