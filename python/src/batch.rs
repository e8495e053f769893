//! Batches of classic puzzles as NumPy arrays: an `(N, 81)` `uint8`
//! array in, 0 for a blank and 1–9 for a digit, row by row; the answers
//! (or counts) and one status byte per puzzle out, in input order. The
//! workers read the input array and write the output arrays in place,
//! with the interpreter lock released, so that nothing of a batch runs on
//! one thread but the call itself.

use crate::budget::CallBudget;
use crate::errors::input_error;
use crate::interrupt::interruptible;
use crate::pool::thread_pool;
use crate::sudoku::{read_puzzle, strategy};
use gridsolve_search::{Budget, StopReason};
use gridsolve_sudoku::{no_solution_message, Grid, Records, Solver, TextFormat, CELLS};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
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

/// A batch's answers (or counts), and a status byte per puzzle.
type Answered<'py, A> = (Bound<'py, A>, Bound<'py, PyArray1<u8>>);

/// The cells of `puzzles`, an `(N, 81)` C-contiguous array.
fn cells_of<'a>(puzzles: &'a PyReadonlyArray2<'_, u8>) -> PyResult<&'a [u8]> {
    let shape = puzzles.shape();
    if shape[1] != CELLS {
        return Err(input_error(format!(
            "expected an array of shape (N, 81), found ({}, {})",
            shape[0], shape[1]
        )));
    }
    puzzles
        .as_slice()
        .map_err(|_| input_error("expected a C-contiguous array"))
}

/// Runs `each` on every puzzle of `cells` with a search budget of
/// `budget` (its deadline per puzzle),
/// writing each puzzle's `T`s of `answers` (as many per puzzle as
/// `answers` holds over `status`) and its byte of `status`.
fn run_batch<T, F>(
    py: Python<'_>,
    cells: &[u8],
    answers: &mut [T],
    status: &mut [u8],
    threads: usize,
    budget: CallBudget,
    each: F,
) -> PyResult<()>
where
    T: Send,
    F: Fn(&Grid, Budget, &mut [T]) -> u8 + Sync,
{
    let width = answers.len() / status.len().max(1);
    let pool = thread_pool(threads)?;
    interruptible(py, |cancel| {
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
                            Some(grid) => each(&grid, budget.start(&cancel), answer),
                        };
                    }
                });
        });
    })
}

/// Solves every puzzle of the `(N, 81)` array `puzzles`: the answers
/// (zeros where there is none) and a status per puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = 1, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn solve_array<'py>(
    py: Python<'py>,
    puzzles: PyReadonlyArray2<'py, u8>,
    threads: usize,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Answered<'py, PyArray2<u8>>> {
    let strategy = self::strategy(strategy)?;
    let budget = CallBudget::new(max_nodes, timeout)?;
    let cells = cells_of(&puzzles)?;
    let count = cells.len() / CELLS;
    let answers = PyArray2::<u8>::zeros(py, [count, CELLS], false);
    let status = PyArray1::<u8>::zeros(py, count, false);
    {
        let mut answers = answers.readwrite();
        let mut status = status.readwrite();
        run_batch(
            py,
            cells,
            answers.as_slice_mut().expect("a new array is contiguous"),
            status.as_slice_mut().expect("a new array is contiguous"),
            threads,
            budget,
            |grid, budget, answer| {
                let found = Solver::new(strategy).with_budget(budget).explore(grid);
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
    }
    Ok((answers, status))
}

/// Counts the solutions of every puzzle of the `(N, 81)` array `puzzles`
/// up to `limit`: the counts and a status per puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, threads = 1, strategy = "bitboard", max_nodes = None, timeout = None))]
pub fn count_array<'py>(
    py: Python<'py>,
    puzzles: PyReadonlyArray2<'py, u8>,
    limit: u64,
    threads: usize,
    strategy: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Answered<'py, PyArray1<u64>>> {
    if limit == 0 {
        return Err(input_error("limit must be at least 1"));
    }
    let strategy = self::strategy(strategy)?;
    let budget = CallBudget::new(max_nodes, timeout)?;
    let cells = cells_of(&puzzles)?;
    let count = cells.len() / CELLS;
    let counts = PyArray1::<u64>::zeros(py, count, false);
    let status = PyArray1::<u8>::zeros(py, count, false);
    {
        let mut counts = counts.readwrite();
        let mut status = status.readwrite();
        run_batch(
            py,
            cells,
            counts.as_slice_mut().expect("a new array is contiguous"),
            status.as_slice_mut().expect("a new array is contiguous"),
            threads,
            budget,
            |grid, budget, count| {
                let found = Solver::new(strategy)
                    .with_max_solutions(limit)
                    .with_budget(budget)
                    .explore(grid);
                count[0] = found.solutions();
                match found.stopped {
                    None | Some(StopReason::SolutionLimit) => SOLVED,
                    Some(_) => STOPPED,
                }
            },
        )?;
    }
    Ok((counts, status))
}

/// Reads each text puzzle (any classic form) into an `(N, 81)` array; a
/// puzzle that does not parse gets the cell value 255, so that the batch
/// answers it [`INVALID`].
#[pyfunction]
pub fn parse_puzzles<'py>(py: Python<'py>, puzzles: Vec<String>) -> Bound<'py, PyArray2<u8>> {
    let array = PyArray2::<u8>::zeros(py, [puzzles.len(), CELLS], false);
    {
        let mut cells = array.readwrite();
        let cells = cells.as_slice_mut().expect("a new array is contiguous");
        for (text, cells) in puzzles.iter().zip(cells.chunks_exact_mut(CELLS)) {
            match read_puzzle(text) {
                Ok(grid) => cells.copy_from_slice(grid.values()),
                Err(_) => cells[0] = u8::MAX,
            }
        }
    }
    array
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
    let budget = CallBudget::new(max_nodes, timeout)?;
    interruptible(py, |cancel| {
        Records::new(text)
            .map(|record| match record {
                Err(error) => {
                    let error = error.into_parse_error();
                    (error.line, INVALID, error.to_string())
                }
                Ok(record) => {
                    let found = Solver::new(strategy)
                        .with_budget(budget.start(&cancel))
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
