//! Human-style logic on classic puzzles (`gridsolve-logic`; a plain 9×9
//! puzzle in a variant notation counts as one): the next step (a hint),
//! the whole path of steps, and the rating on the Sudoku Explainer scale;
//! and random minimal puzzles of any size. A puzzle with
//! conflicting clues, no solution or (for the rating) several is refused:
//! steps are sound only on a puzzle with one solution. Answers are
//! dictionaries that the Python layer turns into its result classes.

use crate::budget::CallBudget;
use crate::errors::{input_error, puzzle_error, Place};
use crate::interrupt::interruptible;
use crate::sudoku::read_puzzle;
use crate::variant::read_variant;
use gridsolve_logic::{
    classic_puzzle, difficulty_of, next_step_on, solve_path_on, Board, Detail, LogicError, Path,
    Rating, Scale, Step, Worked,
};
use gridsolve_sudoku::variant::{
    detect, killer_puzzle, minimal_puzzle, render_grid, shape_for_side, Symbols,
};
use gridsolve_sudoku::variant::{to_text, Variant};
use gridsolve_sudoku::{Cell, Digit, Grid};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// What a puzzle is worked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// Steps (a hint, an explanation): the puzzle with a solution.
    Steps,
    /// A rating: the puzzle with exactly one solution.
    Rating,
}

/// The classic grid of `puzzle`: its one classic record, or a plain 9×9
/// puzzle in a variant notation (janko.at, a JSON document, an array, …)
/// in any symbols; any other kind is refused, named. With the symbols its
/// values are written in.
fn classic_grid(puzzle: &str) -> PyResult<(Grid, Symbols)> {
    let classic = read_puzzle(puzzle);
    if classic.is_ok() || detect(puzzle).is_none() {
        return classic.map(|grid| (grid, Symbols::standard(9)));
    }
    let variant = read_variant(puzzle, None, false, false)?;
    let grid = classic_puzzle(&variant).map_err(|error| input_error(error.to_string()))?;
    Ok((grid, variant.symbols().clone()))
}

/// The board of `puzzle`, refused unless it has at least one solution
/// (exactly one for a rating); that solution, and the symbols the puzzle
/// is written in.
fn worked(py: Python<'_>, puzzle: &str, purpose: Purpose) -> PyResult<(Board, Grid, Symbols)> {
    let (grid, symbols) = classic_grid(puzzle)?;
    let found = interruptible(py, |cancel| {
        Worked::from_grid(&grid, &CallBudget::default().start(&cancel)).and_then(|worked| {
            match purpose {
                Purpose::Rating => worked.unique(),
                Purpose::Steps => Ok(worked),
            }
        })
    })?;
    match found {
        Ok(worked) => Ok((worked.board, worked.solution, symbols)),
        Err(conflict @ LogicError::Conflict(_)) => {
            Err(puzzle_error(conflict.to_string(), Place::default()))
        }
        Err(error) => Err(input_error(error.to_string())),
    }
}

fn moves(moves: &[(Cell, Digit)]) -> Vec<(String, u8)> {
    moves
        .iter()
        .map(|(cell, digit)| (cell.to_string(), digit.get()))
        .collect()
}

/// One step as a dictionary, its sentence in the puzzle's `symbols` (the
/// digits of its moves are the values' numbers).
fn step_dict<'py>(py: Python<'py>, step: &Step, symbols: &Symbols) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("technique", step.technique.name())?;
    dict.set_item("rating", step.rating.value())?;
    dict.set_item("score", step.hodoku_score())?;
    dict.set_item("explanation", step.explanation.in_symbols(symbols))?;
    dict.set_item("vague", step.told(Detail::Vague).in_symbols(symbols))?;
    dict.set_item("concrete", step.told(Detail::Concrete).in_symbols(symbols))?;
    dict.set_item(
        "cells",
        step.cells.iter().map(Cell::to_string).collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "units",
        step.units
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "digits",
        step.digits
            .iter()
            .map(|digit| u32::from(digit.get()))
            .collect::<Vec<_>>(),
    )?;
    dict.set_item("placements", moves(&step.placements))?;
    dict.set_item("eliminations", moves(&step.eliminations))?;
    Ok(dict)
}

/// The easiest step on the puzzle (`None` when no technique applies);
/// `TimeoutError` when `timeout` seconds pass first (the forcing chains
/// of the hardest puzzles can take seconds).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn hint<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let scale = scale_of(scale)?;
    let budget = CallBudget::new(None, timeout)?;
    let (board, _, symbols) = worked(py, puzzle, Purpose::Steps)?;
    let found = interruptible(py, |cancel| {
        next_step_on(&board, scale, &budget.start(&cancel))
    })?;
    let step = found.map_err(|reason| {
        pyo3::exceptions::PyTimeoutError::new_err(format!(
            "stopped ({reason}) before a step was found"
        ))
    })?;
    step.map(|step| step_dict(py, &step, &symbols)).transpose()
}

/// Whose order of techniques `name` (`"se"` or `"hodoku"`) names.
fn scale_of(name: &str) -> PyResult<Scale> {
    match name {
        "se" => Ok(Scale::Explainer),
        "hodoku" => Ok(Scale::Hodoku),
        other => Err(input_error(format!(
            "scale {other:?}: expected \"se\" or \"hodoku\""
        ))),
    }
}

/// The path of steps from `board` in `scale`'s order, within `timeout`
/// seconds.
fn path_within(py: Python<'_>, board: Board, scale: Scale, timeout: Option<f64>) -> PyResult<Path> {
    let budget = CallBudget::new(None, timeout)?;
    interruptible(py, |cancel| {
        solve_path_on(board, scale, &budget.start(&cancel))
    })
}

/// Why the path stopped early, if it did.
fn stopped(path: &Path) -> Option<String> {
    path.stopped.map(|reason| reason.to_string())
}

/// The easiest step again and again: the steps, whether they solve the
/// puzzle, why `timeout` stopped them if it did, and the answer (found by
/// search where the steps run out).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn explain<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let scale = scale_of(scale)?;
    let (board, solution, symbols) = worked(py, puzzle, Purpose::Steps)?;
    let path = path_within(py, board, scale, timeout)?;
    let dict = PyDict::new(py);
    let steps = path
        .steps
        .iter()
        .map(|step| step_dict(py, step, &symbols))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("steps", steps)?;
    dict.set_item("solved", path.solved())?;
    dict.set_item("stopped", stopped(&path))?;
    dict.set_item("left", path.end.empty_count())?;
    dict.set_item(
        "solution",
        render_grid(9, solution.values(), &symbols, true),
    )?;
    Ok(dict)
}

/// The puzzle's rating on the Sudoku Explainer scale: ER, EP and ED (each
/// a lower bound when `solved` is false, or `None` when no step was
/// taken), the givens, the steps per technique, and why `timeout` stopped
/// the rating if it did (then a lower bound).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn rate<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let scale = scale_of(scale)?;
    let (board, _, _) = worked(py, puzzle, Purpose::Rating)?;
    let givens = 81 - board.empty_count();
    let path = path_within(py, board.clone(), Scale::Explainer, timeout)?;
    let mut difficulty = difficulty_of(&path, givens);
    if scale == Scale::Hodoku {
        difficulty = difficulty.scored_on(&path_within(py, board, scale, timeout)?);
    }
    let dict = PyDict::new(py);
    dict.set_item("er", difficulty.er.map(Rating::value))?;
    dict.set_item("ep", difficulty.ep.map(Rating::value))?;
    dict.set_item("ed", difficulty.ed.map(Rating::value))?;
    dict.set_item("solved", difficulty.solved)?;
    dict.set_item("stopped", stopped(&path))?;
    dict.set_item("level", difficulty.level().name())?;
    dict.set_item("score", difficulty.score())?;
    dict.set_item("qqwing", difficulty.qqwing().name())?;
    dict.set_item("placed", difficulty.placed)?;
    dict.set_item("left", difficulty.left)?;
    dict.set_item("givens", difficulty.givens)?;
    let counts = PyDict::new(py);
    for (technique, count) in &difficulty.counts {
        counts.set_item(technique.name(), count)?;
    }
    dict.set_item("techniques", counts)?;
    Ok(dict)
}

/// A random minimal puzzle with one solution, of side `size` (4, 6, 8, 9,
/// 10, 12, 15, 16, 20 or 25), X-Sudoku's diagonals or windoku's windows
/// added if asked, as a line of symbols; the same `seed` gives the same
/// puzzle.
#[pyfunction]
#[pyo3(signature = (size = 9, seed = 0, diagonals = false, windows = false, timeout = None))]
pub fn generate(
    py: Python<'_>,
    size: usize,
    seed: u64,
    diagonals: bool,
    windows: bool,
    timeout: Option<f64>,
) -> PyResult<String> {
    let template = template(size, diagonals, windows)?;
    let budget = CallBudget::new(None, timeout)?;
    let made = interruptible(py, |cancel| {
        let mut rng = SmallRng::seed_from_u64(seed);
        minimal_puzzle(&template, &mut rng, &budget.start(&cancel))
    })?;
    match made {
        Ok(Some(puzzle)) => Ok(render_grid(
            puzzle.side(),
            puzzle.givens(),
            puzzle.symbols(),
            true,
        )),
        Ok(None) => Err(input_error("this kind of grid has no solution")),
        Err(reason) => Err(input_error(format!("no puzzle made: stopped ({reason})"))),
    }
}

/// The empty grid of side `size`, with X-Sudoku's diagonals or windoku's
/// windows if asked.
fn template(size: usize, diagonals: bool, windows: bool) -> PyResult<Variant> {
    let shape = shape_for_side(size).ok_or_else(|| {
        input_error(format!(
            "size {size}: expected 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25"
        ))
    })?;
    let mut template = Variant::new(shape);
    if diagonals {
        template = template
            .with_diagonals()
            .map_err(|error| input_error(error.to_string()))?;
    }
    if windows {
        template = template
            .with_windows()
            .map_err(|error| input_error(error.to_string()))?;
    }
    Ok(template)
}

/// A random Killer puzzle (cages of `cage_size` cells, no givens) with
/// one solution, as `gridsolve sudoku generate --killer` writes it (its
/// cage list, or the JSON document with diagonals or windows); the same
/// `seed` gives the same puzzle.
#[pyfunction]
#[pyo3(signature = (size = 9, seed = 0, cage_size = (2, 5), diagonals = false, windows = false, timeout = None))]
pub fn generate_killer(
    py: Python<'_>,
    size: usize,
    seed: u64,
    cage_size: (usize, usize),
    diagonals: bool,
    windows: bool,
    timeout: Option<f64>,
) -> PyResult<String> {
    let template = template(size, diagonals, windows)?;
    let (least, most) = cage_size;
    if least == 0 || least > most || most > size {
        return Err(input_error(format!(
            "cage_size ({least}, {most}): expected 1 <= least <= most <= {size}"
        )));
    }
    let budget = CallBudget::new(None, timeout)?;
    let made = interruptible(py, |cancel| {
        let mut rng = SmallRng::seed_from_u64(seed);
        killer_puzzle(&template, least..=most, &mut rng, &budget.start(&cancel))
    })?;
    made.map(|puzzle| to_text(&puzzle))
        .map_err(|failure| input_error(format!("no puzzle made: {failure}")))
}
