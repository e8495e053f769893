//! N-Queens: LeetCode 51 and 52, counts (total, or up to symmetry, on
//! boards with reserved squares too), and the work units that split a
//! count across processes or machines, as the JSON lines the CLI's
//! `queens split | run-task | merge` read and write.

use crate::budget::CallBudget;
use crate::errors::{input_error, puzzle_error, MergeError, Place};
use crate::interrupt::interruptible;
use crate::pool::thread_pool;
use gridsolve_queens::{
    board_rows, count_board, merge, recount, run_unit, split, BlockedBoard, BoardError, Solutions,
    UnitResult, WorkUnit,
};
use pyo3::prelude::*;

/// The board of side `n`, with the reserved squares of `blocked` (rows of
/// `.` free and `*` reserved) if given.
fn board(n: usize, blocked: Option<&str>) -> PyResult<BlockedBoard> {
    let board = match blocked {
        None => BlockedBoard::free(n),
        Some(text) => text.parse::<BlockedBoard>(),
    }
    .map_err(|error| {
        let place = match error {
            BoardError::UnknownChar { line, column, .. } => Place {
                line: Some(line),
                column: Some(column),
                cell: None,
            },
            BoardError::Ragged { line, .. } => Place {
                line: Some(line),
                ..Place::default()
            },
            _ => Place::default(),
        };
        puzzle_error(error.to_string(), place)
    })?;
    if board.n() != n {
        return Err(input_error(format!(
            "the blocked board is {0}×{0} but n = {n}",
            board.n()
        )));
    }
    Ok(board)
}

/// LeetCode 51: every placement of `n` queens as rows of `Q` and `.`.
#[pyfunction]
pub fn solve_n_queens(py: Python<'_>, n: usize) -> PyResult<Vec<Vec<String>>> {
    let board = board(n, None)?;
    let (boards, stopped) = interruptible(py, |cancel| {
        let mut solutions = Solutions::with_budget(&board, CallBudget::default().start(&cancel));
        let boards: Vec<Vec<String>> = solutions.by_ref().map(|cols| board_rows(&cols)).collect();
        (boards, solutions.stopped())
    })?;
    match stopped {
        None => Ok(boards),
        Some(reason) => Err(input_error(format!("stopped: {reason}"))),
    }
}

/// The number of placements of `n` queens: all of them, or (`unique`) one
/// per class of rotations and reflections; `blocked` reserves squares.
#[pyfunction]
#[pyo3(signature = (n, unique = false, blocked = None, threads = 1, timeout = None))]
pub fn queens_count(
    py: Python<'_>,
    n: usize,
    unique: bool,
    blocked: Option<&str>,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<u64> {
    let board = board(n, blocked)?;
    if unique && board.has_reserved() {
        return Err(input_error(
            "unique needs a board without reserved squares (reserved squares break its symmetry)",
        ));
    }
    let budget = CallBudget::new(None, timeout)?;
    let pool = thread_pool(threads)?;
    let report = interruptible(py, |cancel| {
        let budget = budget.start(&cancel);
        pool.install(|| count_board(&board, &budget, |_| {}))
    })?;
    if let Some(reason) = report.stopped {
        return Err(input_error(format!(
            "stopped ({reason}) after {} of {} units: at least {} placements",
            report.units_done, report.units, report.counts.total
        )));
    }
    Ok(if unique {
        report
            .counts
            .unique
            .expect("a free board counts unique placements")
    } else {
        report.counts.total
    })
}

/// The work units of a count of `n` (on `blocked`, if given) split after
/// `depth` rows, one JSON object each.
#[pyfunction]
#[pyo3(signature = (n, depth, blocked = None))]
pub fn queens_split(n: usize, depth: usize, blocked: Option<&str>) -> PyResult<Vec<String>> {
    let board = board(n, blocked)?;
    let units = split(&board, depth).map_err(|error| input_error(error.to_string()))?;
    units
        .iter()
        .map(|unit| serde_json::to_string(unit).map_err(|error| input_error(error.to_string())))
        .collect()
}

/// Counts each unit (a JSON object of `queens_split`), answering one JSON
/// result per unit, in order.
#[pyfunction]
pub fn queens_run_units(py: Python<'_>, units: Vec<String>) -> PyResult<Vec<String>> {
    let units: Vec<WorkUnit> = units
        .iter()
        .enumerate()
        .map(|(index, text)| {
            serde_json::from_str(text).map_err(|error| {
                input_error(format!("unit {}: not a work unit: {error}", index + 1))
            })
        })
        .collect::<PyResult<_>>()?;
    let results = interruptible(py, |cancel| {
        let budget = CallBudget::default().start(&cancel);
        units
            .iter()
            .map(|unit| run_unit(unit, &budget).map_err(|error| error.to_string()))
            .collect::<Result<Vec<UnitResult>, String>>()
    })?
    .map_err(input_error)?;
    if let Some(stopped) = results.iter().find_map(|result| result.stopped) {
        return Err(input_error(format!("stopped: {stopped}")));
    }
    results
        .iter()
        .map(|result| serde_json::to_string(result).map_err(|error| input_error(error.to_string())))
        .collect()
}

/// Counts the unit of each result again (each given with where it came
/// from) and compares every figure: the disagreements, each as `place:
/// what differs`, in order (none when every result is right).
#[pyfunction]
pub fn queens_recount(py: Python<'_>, results: Vec<(String, String)>) -> PyResult<Vec<String>> {
    let parsed = parse_results(results)?;
    interruptible(py, |cancel| {
        let budget = CallBudget::default().start(&cancel);
        parsed
            .iter()
            .filter_map(|(place, result)| {
                recount(result, &budget)
                    .err()
                    .map(|error| format!("{place}: {error}"))
            })
            .collect()
    })
}

/// Unit results, each given with where it came from, parsed; a line that
/// is no result is a [`MergeError`] naming its place.
fn parse_results(results: Vec<(String, String)>) -> PyResult<Vec<(String, UnitResult)>> {
    results
        .into_iter()
        .map(|(place, text)| {
            serde_json::from_str(&text)
                .map(|result| (place.clone(), result))
                .map_err(|error| {
                    MergeError::new_err(format!("{place}: not a unit result: {error}"))
                })
        })
        .collect()
}

/// Adds up unit results, each given with where it came from (which errors
/// name), after checking they are every unit of one split exactly once:
/// `(total, unique)`, `unique` `None` on boards with reserved squares.
#[pyfunction]
pub fn queens_merge(results: Vec<(String, String)>) -> PyResult<(u64, Option<u64>)> {
    let counts =
        merge(parse_results(results)?).map_err(|error| MergeError::new_err(error.to_string()))?;
    Ok((counts.total, counts.unique))
}
