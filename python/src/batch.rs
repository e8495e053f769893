//! Batches of classic puzzles as flat cell buffers: `N × 81` bytes in,
//! 0 for a blank and 1–9 for a digit, row by row; `N × 81` answer bytes
//! and one status byte per puzzle out, in input order, solved on a thread
//! pool with the interpreter lock released. The Python layer wraps the
//! buffers as NumPy arrays.

use crate::budget::Budget;
use crate::errors::input_error;
use crate::interrupt::interruptible;
use crate::pool::thread_pool;
use crate::sudoku::{read_puzzle, strategy};
use gridsolve_search::{Limits, StopReason};
use gridsolve_sudoku::{no_solution_message, Grid, Records, Solver, TextFormat, CELLS};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// The puzzle has an answer (`solve_many`) or was counted to the end.
pub const SOLVED: u8 = 0;
/// The puzzle has no solution.
pub const NO_SOLUTION: u8 = 1;
/// The budget or Ctrl-C stopped the search first.
pub const STOPPED: u8 = 2;
/// The record is not a puzzle (a value above 9, or text that does not parse).
pub const INVALID: u8 = 3;

/// Puzzles per task of the pool: small enough to balance, large enough
/// that scheduling costs nothing next to the solving.
const CHUNK: usize = 64;

fn check_cells(cells: &[u8]) -> PyResult<usize> {
    if cells.len() % CELLS != 0 {
        return Err(input_error(format!(
            "expected a multiple of 81 cells, found {}",
            cells.len()
        )));
    }
    Ok(cells.len() / CELLS)
}

/// Runs `each` on every puzzle of `cells` under limits wanting
/// `solutions` solutions within `budget` (its deadline per puzzle),
/// writing `width` bytes of answer per puzzle, and returns the answers
/// with a status per puzzle.
fn run_batch<F>(
    py: Python<'_>,
    cells: &[u8],
    width: usize,
    threads: usize,
    budget: Budget,
    solutions: u64,
    each: F,
) -> PyResult<(Vec<u8>, Vec<u8>)>
where
    F: Fn(&Grid, Limits, &mut [u8]) -> u8 + Sync,
{
    let puzzles = check_cells(cells)?;
    let pool = thread_pool(threads)?;
    interruptible(py, |cancel| {
        let mut answers = vec![0u8; puzzles * width];
        let mut status = vec![0u8; puzzles];
        pool.install(|| {
            cells
                .par_chunks(CHUNK * CELLS)
                .zip(answers.par_chunks_mut(CHUNK * width))
                .zip(status.par_chunks_mut(CHUNK))
                .for_each(|((cells, answers), status)| {
                    let records = cells
                        .chunks_exact(CELLS)
                        .zip(answers.chunks_exact_mut(width));
                    for ((cells, answer), status) in records.zip(status) {
                        let values: [u8; CELLS] = cells.try_into().expect("chunks of 81");
                        *status = match Grid::from_values(values) {
                            None => INVALID,
                            Some(_) if cancel.load(Ordering::Relaxed) => STOPPED,
                            Some(grid) => {
                                each(&grid, budget.limits(Some(solutions), &cancel), answer)
                            }
                        };
                    }
                });
        });
        (answers, status)
    })
}

/// Solves every puzzle of the flat buffer `cells`.
#[pyfunction]
#[pyo3(signature = (cells, threads = 1, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn solve_cells<'py>(
    py: Python<'py>,
    cells: &[u8],
    threads: usize,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let strategy = self::strategy(strategy)?;
    let budget = Budget::new(max_nodes, timeout)?;
    let (answers, status) = run_batch(
        py,
        cells,
        CELLS,
        threads,
        budget,
        1,
        |grid, limits, answer| {
            let found = Solver::new(strategy).with_limits(limits).explore(grid);
            match (found.solution, found.stopped) {
                (Some(solution), _) => {
                    answer.copy_from_slice(solution.values());
                    SOLVED
                }
                (None, None) => NO_SOLUTION,
                (None, Some(_)) => STOPPED,
            }
        },
    )?;
    Ok((PyBytes::new(py, &answers), PyBytes::new(py, &status)))
}

/// Counts the solutions of every puzzle of `cells` up to `limit`, as
/// little-endian `u64`s.
#[pyfunction]
#[pyo3(signature = (cells, limit = 2, threads = 1, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn count_cells<'py>(
    py: Python<'py>,
    cells: &[u8],
    limit: u64,
    threads: usize,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    if limit == 0 {
        return Err(input_error("limit must be at least 1"));
    }
    let strategy = self::strategy(strategy)?;
    let budget = Budget::new(max_nodes, timeout)?;
    let (counts, status) = run_batch(
        py,
        cells,
        8,
        threads,
        budget,
        limit,
        |grid, limits, answer| {
            let found = Solver::new(strategy).with_limits(limits).explore(grid);
            answer.copy_from_slice(&found.solutions().to_le_bytes());
            match found.stopped {
                None | Some(StopReason::SolutionLimit) => SOLVED,
                Some(_) => STOPPED,
            }
        },
    )?;
    Ok((PyBytes::new(py, &counts), PyBytes::new(py, &status)))
}

/// Reads each text puzzle (any classic form) into the flat buffer; a
/// puzzle that does not parse gets the cell value 255, so that the batch
/// answers it [`INVALID`].
#[pyfunction]
pub fn parse_puzzles<'py>(py: Python<'py>, puzzles: Vec<String>) -> Bound<'py, PyBytes> {
    let mut cells = vec![0u8; puzzles.len() * CELLS];
    for (text, cells) in puzzles.iter().zip(cells.chunks_exact_mut(CELLS)) {
        match read_puzzle(text) {
            Ok(grid) => cells.copy_from_slice(grid.values()),
            Err(_) => cells[0] = u8::MAX,
        }
    }
    PyBytes::new(py, &cells)
}

/// Solves every record of a text (any mix of the classic forms), as the
/// CLI's `sudoku solve` does: for each record in order, its 1-based line,
/// its status and either the answer as an 81-character line or the
/// located message of what is wrong with it.
#[pyfunction]
#[pyo3(signature = (text, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn solve_text(
    py: Python<'_>,
    text: &[u8],
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<(usize, u8, String)>> {
    let strategy = self::strategy(strategy)?;
    let budget = Budget::new(max_nodes, timeout)?;
    interruptible(py, |cancel| {
        Records::new(text)
            .map(|record| match record {
                Err(error) => {
                    let error = error.into_parse_error();
                    (error.line, INVALID, error.to_string())
                }
                Ok(record) => {
                    let found = Solver::new(strategy)
                        .with_limits(budget.limits(Some(1), &cancel))
                        .explore(&record.grid);
                    let line = record.line;
                    match (found.solution, found.stopped) {
                        (Some(answer), _) => (line, SOLVED, TextFormat::Line.render(&answer)),
                        (None, Some(reason)) => {
                            (line, STOPPED, format!("line {line}: stopped: {reason}"))
                        }
                        (None, None) => (
                            line,
                            NO_SOLUTION,
                            format!("line {line}: {}", no_solution_message(&record.grid)),
                        ),
                    }
                }
            })
            .collect()
    })
}
