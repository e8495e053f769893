//! Exact cover: choose options (sets of items) so that every primary item
//! is covered exactly once and every secondary item at most once.
//!
//! [`Problem`] holds the items and options; [`parse_dlx`] reads Knuth's DLX
//! text format and [`Problem::to_dlx`] writes it; [`Dlx`] runs Knuth's
//! Algorithm X on dancing links, counting nodes and link updates as his
//! DLX1 does; [`solve`] and [`count`] are the usual entry points; the
//! builders [`queens`] and [`pentomino`] make well-known problems.
//!
//! ```
//! use gridsolve_cover::{count, parse_dlx};
//! use gridsolve_cover::Limits;
//!
//! let text = parse_dlx("a b c\na b\nc\na\nb c\n").unwrap();
//! let report = count(&text.problem, &Limits::solutions(u64::MAX));
//! assert_eq!(report.stats.solutions, 2);
//! ```
#![deny(missing_docs)]

mod builders;
mod dlx;
mod format;
mod problem;
mod trace;

pub use builders::{pentomino, queens, Board, BoardError, MAX_BOARD_SIDE, PENTOMINOES};
pub use dlx::{CoverReport, CoverStats, Dlx};
pub use format::{parse_dlx, DlxText, FormatError};
/// The search budget and stop reasons every gridsolve search shares.
pub use gridsolve_search::{Limits, StopReason};
pub use problem::{OptionError, Problem};
pub use trace::CoverVocabulary;

use gridsolve_search::NoTrace;
use std::ops::ControlFlow;

/// Up to `limits.max_solutions()` solutions of `problem`, each as option
/// indices in increasing order.
///
/// ```
/// use gridsolve_cover::{queens, solve};
/// use gridsolve_cover::Limits;
///
/// let (solutions, _) = solve(&queens(4), &Limits::solutions(10));
/// assert_eq!(solutions.len(), 2);
/// ```
pub fn solve(problem: &Problem, limits: &Limits) -> (Vec<Vec<usize>>, CoverReport) {
    let mut solutions = Vec::new();
    let report = Dlx::new(problem).search(limits, &mut NoTrace, |options| {
        let mut options = options.to_vec();
        options.sort_unstable();
        solutions.push(options);
        if solutions.len() as u64 >= limits.max_solutions() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (solutions, report)
}

/// Counts the solutions of `problem` (up to `limits.max_solutions()`).
pub fn count(problem: &Problem, limits: &Limits) -> CoverReport {
    let mut found = 0u64;
    Dlx::new(problem).search(limits, &mut NoTrace, |_| {
        found += 1;
        if found >= limits.max_solutions() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}
