//! Counting: total and unique (up to the 8 symmetries of the square), for
//! free boards by the orbit method of [`crate::symmetry`], for boards with
//! reserved squares by plain search.
//!
//! A count runs as a set of work units (see [`crate::units`]) on the rayon
//! pool of the caller (one thread unless installed otherwise), so that
//! counting in one process and counting across machines are the same
//! computation.

use crate::board::BlockedBoard;
use crate::search::MAX_N;
use crate::units::{run_unit, split, UnitResult, WorkUnit};
use gridsolve_search::{Budget, StopReason};
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// Solutions of a board: all of them, and (free boards only) one per orbit
/// of the 8 symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Every placement.
    pub total: u64,
    /// Placements up to rotation and reflection; `None` on boards with
    /// reserved squares, which have no such symmetry in general.
    pub unique: Option<u64>,
}

/// A count that may have been stopped by its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The counts: exact if `stopped` is `None`, lower bounds otherwise.
    pub counts: Counts,
    /// Work units finished.
    pub units_done: usize,
    /// Work units in all.
    pub units: usize,
    /// Placements tried.
    pub nodes: u64,
    /// Why the count stopped early, if it did.
    pub stopped: Option<StopReason>,
}

/// Counts the placements of `board`, unit by unit on the current rayon
/// pool, calling `on_unit` as each unit ends (for progress reports).
///
/// ```
/// use gridsolve_queens::{count_board, BlockedBoard, Counts};
/// use gridsolve_queens::Budget;
///
/// let report = count_board(&BlockedBoard::free(10).unwrap(), &Budget::default(), |_| {});
/// assert_eq!(report.counts, Counts { total: 724, unique: Some(92) });
/// ```
pub fn count_board(
    board: &BlockedBoard,
    budget: &Budget,
    on_unit: impl Fn(&UnitResult) + Sync,
) -> CountReport {
    let units = count_split(board);
    let results = count_units(&units, budget, on_unit);
    CountReport::of(board, units.len(), &results)
}

impl CountReport {
    /// The report of a count of `board` in `units` units from the
    /// `results` of those counted (all of them, or fewer when the count
    /// stopped; a result that says it stopped makes the report say so).
    pub fn of(board: &BlockedBoard, units: usize, results: &[UnitResult]) -> Self {
        let mut report = CountReport {
            counts: Counts {
                total: 0,
                unique: (!board.has_reserved()).then_some(0),
            },
            units_done: 0,
            units,
            nodes: 0,
            stopped: None,
        };
        for result in results {
            report.counts.total += result.total;
            if let (Some(sum), Some(unique)) = (&mut report.counts.unique, result.unique) {
                *sum += unique;
            }
            report.nodes += result.nodes;
            match result.stopped {
                None => report.units_done += 1,
                Some(reason) => report.stopped = Some(reason),
            }
        }
        report
    }
}

/// The work units [`count_board`] counts `board` in: its split at a depth
/// that gives the threads hundreds of units or more.
///
/// ```
/// use gridsolve_queens::{count_split, BlockedBoard};
///
/// assert_eq!(count_split(&BlockedBoard::free(16).unwrap()).len(), 871);
/// ```
pub fn count_split(board: &BlockedBoard) -> Vec<WorkUnit> {
    split(board, default_depth(board.n())).expect("the default depth is valid for the board")
}

/// Counts `units` on the current rayon pool (with the default `parallel`
/// feature; else one after another), in any order, calling `on_unit` as
/// each ends; the results come back in the units' order. A
/// unit stopped by `budget` (its result says so) stops none of the others,
/// but once the budget has stopped one, the units not yet started stop at
/// once.
///
/// # Panics
///
/// If a unit is not one that [`split`] makes (as the units of
/// [`count_split`] are); [`run_unit`] reports such units instead.
pub fn count_units(
    units: &[WorkUnit],
    budget: &Budget,
    on_unit: impl Fn(&UnitResult) + Sync,
) -> Vec<UnitResult> {
    #[cfg(feature = "parallel")]
    let units = units.par_iter().with_max_len(1);
    #[cfg(not(feature = "parallel"))]
    let units = units.iter();
    units
        .map(|unit| {
            let result = run_unit(unit, budget).expect("units of a split are valid");
            on_unit(&result);
            result
        })
        .collect()
}

/// Split depth for in-process counting: deep enough to give the threads
/// hundreds of units or more, shallow enough that splitting is free (n = 16
/// gives 871 units, n = 32 about 10^5).
fn default_depth(n: usize) -> usize {
    let depth = match n {
        ..10 => 2,
        10..20 => 3,
        _ => 4,
    };
    depth.min(n)
}

/// LeetCode 52: the number of placements of `n` queens.
///
/// # Panics
///
/// If `n` is 0 or above 32 (the engine's board width).
///
/// ```
/// assert_eq!(gridsolve_queens::total_n_queens(8), 92);
/// assert_eq!(gridsolve_queens::total_n_queens(3), 0);
/// ```
pub fn total_n_queens(n: usize) -> u64 {
    assert!((1..=MAX_N).contains(&n), "n must be 1..=32, got {n}");
    let board = BlockedBoard::free(n).expect("n is in range");
    count_board(&board, &Budget::default(), |_| {}).counts.total
}
