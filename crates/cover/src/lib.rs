//! Exact cover: choose options (sets of items) so that every primary item
//! is covered exactly once and every secondary item at most once.
//!
//! [`Problem`] holds the items and options; [`parse_dlx`] reads Knuth's DLX
//! text format and [`Problem::to_dlx`] writes it; [`Dlx`] runs Knuth's
//! Algorithm X on dancing links, counting nodes and link updates as his
//! DLX1 does (with DLX2's colors and DLX3's bounds); [`solve_up_to`], [`count`] and [`count_up_to`] are the usual
//! entry points (each with a [`Budget`]: nodes, a deadline, a cancel flag;
//! how many solutions to look for is their own argument); the
//! builders [`queens`], [`langford`], [`pentomino`] and [`word_rectangle`] (with colors)
//! make well-known problems.
//!
//! ```
//! use gridsolve_cover::{count, parse_dlx, Budget};
//!
//! let text = parse_dlx("a b c\na b\nc\na\nb c\n").unwrap();
//! let report = count(&text.problem, &Budget::default());
//! assert_eq!(report.stats.solutions, 2);
//! ```
#![deny(missing_docs)]

mod bounded;
mod builders;
mod dlx;
mod format;
mod problem;
mod trace;
mod words;

pub use builders::{
    langford, line_sum_matrices, pentomino, queens, queens_per_line, Board, BoardError,
    MAX_BOARD_SIDE, PENTOMINOES,
};
pub use dlx::{CoverReport, CoverStats, Dlx};
pub use format::{parse_dlx, DlxText, FormatError};
/// The vocabulary every gridsolve search shares (from `gridsolve-search`):
/// the budget and stop reasons, and tracing (a [`Tracer`] receives the
/// search's events, [`EventLog`] records them, [`render`] draws them), so
/// that this crate alone is enough to use it.
pub use gridsolve_search::{
    render, Budget, Event, EventLog, NoTrace, StopReason, TraceFormat, Tracer, Vocabulary,
};
pub use problem::{BoundsError, OptionError, Problem};
pub use trace::CoverVocabulary;
pub use words::{word_rectangle, Direction, WordError};

use std::ops::ControlFlow;

/// Up to `max_solutions` solutions of `problem`, each as option indices in
/// increasing order, found within `budget`.
///
/// ```
/// use gridsolve_cover::{queens, solve_up_to, Budget};
///
/// let (solutions, _) = solve_up_to(&queens(4), 10, &Budget::default());
/// assert_eq!(solutions.len(), 2);
/// ```
pub fn solve_up_to(
    problem: &Problem,
    max_solutions: u64,
    budget: &Budget,
) -> (Vec<Vec<usize>>, CoverReport) {
    solve_up_to_traced(problem, max_solutions, budget, &mut NoTrace)
}

/// [`solve_up_to`], every step of the search reported to `tracer`
/// (choices are option indices).
///
/// ```
/// use gridsolve_cover::{queens, solve_up_to_traced, Budget, Event, EventLog};
///
/// let mut log = EventLog::default();
/// let (solutions, _) = solve_up_to_traced(&queens(4), 10, &Budget::default(), &mut log);
/// let found = log.events.iter().filter(|event| matches!(event, Event::Solution { .. }));
/// assert_eq!(found.count(), solutions.len());
/// ```
pub fn solve_up_to_traced<T: Tracer<usize>>(
    problem: &Problem,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
) -> (Vec<Vec<usize>>, CoverReport) {
    let mut solutions = Vec::new();
    let report = Dlx::new(problem).search(budget, tracer, |options| {
        let mut options = options.to_vec();
        options.sort_unstable();
        solutions.push(options);
        stop_at(solutions.len() as u64, max_solutions)
    });
    (solutions, report)
}

/// Counts every solution of `problem` within `budget` (the count is exact
/// when `report.stopped` is `None`).
///
/// ```
/// use gridsolve_cover::{count, queens, Budget};
///
/// assert_eq!(count(&queens(6), &Budget::default()).stats.solutions, 4);
/// ```
pub fn count(problem: &Problem, budget: &Budget) -> CoverReport {
    count_up_to(problem, u64::MAX, budget)
}

/// Counts the solutions of `problem` within `budget`, stopping at
/// `max_solutions` (2 answers "is it unique?").
///
/// ```
/// use gridsolve_cover::{count_up_to, queens, Budget, StopReason};
///
/// let report = count_up_to(&queens(6), 2, &Budget::default());
/// assert_eq!(report.stats.solutions, 2);
/// assert_eq!(report.stopped, Some(StopReason::SolutionLimit));
/// ```
pub fn count_up_to(problem: &Problem, max_solutions: u64, budget: &Budget) -> CoverReport {
    let mut found = 0u64;
    Dlx::new(problem).search(budget, &mut NoTrace, |_| {
        found += 1;
        stop_at(found, max_solutions)
    })
}

/// Whether a search that has found `found` solutions goes on.
fn stop_at(found: u64, max_solutions: u64) -> ControlFlow<()> {
    if found >= max_solutions {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}
