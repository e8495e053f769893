//! Classic 9×9 Sudoku: LeetCode's shapes, and the toolkit's solve, count,
//! check and trace on a puzzle in any of the classic text forms (one line
//! of 81 cells, a 9-line grid, a JSON array of 9 strings, LeetCode's array
//! of arrays). Answers are dictionaries that the Python layer turns into
//! its result classes.

use crate::budget::CallBudget;
use crate::errors::{input_error, parse_error, puzzle_error, Place};
use crate::interrupt::interruptible;
use gridsolve_search::{render, EventLog, Stats, StopReason, TraceFormat};
use gridsolve_sudoku::{
    conflicts, Exploration, Grid, Records, RowsError, Solver, Strategy, SudokuVocabulary,
    TextFormat,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Reads the one puzzle of `text`.
pub fn read_puzzle(text: &str) -> PyResult<Grid> {
    let mut records = Records::new(text.as_bytes());
    let first = match records.next() {
        None => {
            return Err(input_error(
                "no puzzle found: the text is empty or only comments",
            ))
        }
        Some(Err(error)) => return Err(parse_error(&error.into_parse_error())),
        Some(Ok(record)) => record,
    };
    match records.next() {
        None => Ok(first.grid),
        Some(next) => {
            let line = match next {
                Ok(record) => record.line,
                Err(error) => error.into_parse_error().line,
            };
            Err(puzzle_error(
                format!("line {line}: a second puzzle; expected one (use solve_many for batches)"),
                Place {
                    line: Some(line),
                    ..Place::default()
                },
            ))
        }
    }
}

/// The strategy named `name`.
pub fn strategy(name: &str) -> PyResult<Strategy> {
    name.parse::<Strategy>()
        .map_err(|error| input_error(error.to_string()))
}

/// Puts a search's counters and why it stopped early (if it did) into
/// an answer dictionary.
pub fn put_stats(
    dict: &Bound<'_, PyDict>,
    stats: &Stats,
    stopped: Option<StopReason>,
) -> PyResult<()> {
    dict.set_item("nodes", stats.nodes)?;
    dict.set_item("guesses", stats.guesses)?;
    dict.set_item("backtracks", stats.backtracks)?;
    dict.set_item("solutions", stats.solutions)?;
    dict.set_item("stopped", stopped.map(|reason| reason.to_string()))
}

/// Why a search stopped before what was asked: finding the solutions
/// wanted is not stopping early.
fn early_stop(stopped: Option<StopReason>) -> Option<StopReason> {
    stopped.filter(|&reason| reason != StopReason::SolutionLimit)
}

fn explore(
    py: Python<'_>,
    puzzle: &str,
    strategy_name: &str,
    solutions: Option<u64>,
    budget: CallBudget,
) -> PyResult<Exploration> {
    let grid = read_puzzle(puzzle)?;
    let strategy = strategy(strategy_name)?;
    interruptible(py, |cancel| {
        Solver::new(strategy)
            .with_max_solutions(solutions.unwrap_or(u64::MAX))
            .with_budget(budget.start(&cancel))
            .explore(&grid)
    })
}

/// Solves one puzzle: its first solution as an 81-character line (or
/// `None`), with the search's counters.
#[pyfunction]
#[pyo3(signature = (puzzle, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn solve<'py>(
    py: Python<'py>,
    puzzle: &str,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let found = explore(
        py,
        puzzle,
        strategy,
        Some(1),
        CallBudget::new(max_nodes, timeout)?,
    )?;
    let dict = PyDict::new(py);
    dict.set_item(
        "solution",
        found.solution.map(|grid| TextFormat::Line.render(&grid)),
    )?;
    put_stats(&dict, &found.stats, early_stop(found.stopped))?;
    Ok(dict)
}

/// Counts the solutions of one puzzle up to `limit` (`None`: all of them).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = Some(2), strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn count<'py>(
    py: Python<'py>,
    puzzle: &str,
    limit: Option<u64>,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    if limit == Some(0) {
        return Err(input_error(
            "limit must be at least 1 (None counts every solution)",
        ));
    }
    let found = explore(
        py,
        puzzle,
        strategy,
        limit,
        CallBudget::new(max_nodes, timeout)?,
    )?;
    let dict = PyDict::new(py);
    dict.set_item("verdict", found.verdict().name())?;
    dict.set_item(
        "limit_reached",
        found.stopped == Some(StopReason::SolutionLimit),
    )?;
    put_stats(&dict, &found.stats, early_stop(found.stopped))?;
    Ok(dict)
}

/// Every conflict of a partial or complete grid: the same digit twice in
/// a row, column or box.
#[pyfunction]
pub fn check<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let grid = read_puzzle(puzzle)?;
    conflicts(&grid)
        .into_iter()
        .map(|conflict| {
            let dict = PyDict::new(py);
            dict.set_item("digit", conflict.digit.get())?;
            dict.set_item("unit", conflict.unit.to_string())?;
            dict.set_item("first", conflict.first.to_string())?;
            dict.set_item("second", conflict.second.to_string())?;
            dict.set_item("message", conflict.to_string())?;
            Ok(dict)
        })
        .collect()
}

/// The search of one puzzle as JSON lines, the events `--trace json`
/// writes, with at most `limit` choices recorded.
#[pyfunction]
#[pyo3(signature = (puzzle, strategy = "propagate", limit = 300, solutions = 1))]
pub fn trace_json(
    py: Python<'_>,
    puzzle: &str,
    strategy: &str,
    limit: u64,
    solutions: u64,
) -> PyResult<String> {
    let grid = read_puzzle(puzzle)?;
    let strategy = self::strategy(strategy)?;
    if solutions == 0 {
        return Err(input_error("solutions must be at least 1"));
    }
    let log = interruptible(py, |cancel| {
        let mut log = EventLog::with_choice_limit(limit);
        Solver::new(strategy)
            .with_max_solutions(solutions)
            .with_budget(CallBudget::default().start(&cancel))
            .explore_traced(&grid, &mut log);
        log
    })?;
    let mut out = Vec::new();
    render(TraceFormat::Json, &log, &SudokuVocabulary, &mut out)
        .map_err(|error| input_error(format!("cannot render the trace: {error}")))?;
    String::from_utf8(out).map_err(|error| input_error(error.to_string()))
}

/// LeetCode's "9 strings in, 9 strings out": the solved rows.
#[pyfunction]
pub fn solve_sudoku_rows(py: Python<'_>, rows: Vec<String>) -> PyResult<Vec<String>> {
    let solved = py.detach(|| gridsolve_sudoku::solve_rows(&rows));
    solved.map_err(|error| match error {
        RowsError::Parse(error) => parse_error(&error),
        other => input_error(other.to_string()),
    })
}

/// LeetCode 36: whether a 9×9 board of one-character strings (`.` for
/// blank) breaks no rule. A board of another shape is not valid.
#[pyfunction]
pub fn is_valid_sudoku(board: Vec<Vec<String>>) -> bool {
    let Some(chars) = board
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| {
                    let mut chars = cell.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => Some(ch),
                        _ => None,
                    }
                })
                .collect::<Option<Vec<char>>>()
        })
        .collect::<Option<Vec<Vec<char>>>>()
    else {
        return false;
    };
    gridsolve_sudoku::is_valid_sudoku(&chars)
}
