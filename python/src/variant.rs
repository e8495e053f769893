//! Variants (4×4 to 25×25 grids, X diagonals, windoku windows, jigsaw
//! regions and Killer cages through the JSON document or the Killer text),
//! answered in the puzzle's own symbols.

use crate::budget::CallBudget;
use crate::errors::{input_error, puzzle_error, Place};
use crate::interrupt::interruptible;
use crate::sudoku::put_stats;
use gridsolve_sudoku::variant::{
    parse_grid, parse_json, read, read_killer, render_grid, verify_answer, TextError, Variant,
};
use gridsolve_sudoku::{Solver, Strategy, UnknownStrategy};
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn text_error(error: TextError) -> PyErr {
    let place = match &error {
        TextError::At { line, column, .. } => Place {
            line: Some(*line),
            column: Some(*column),
            cell: None,
        },
        TextError::Whole(_) | TextError::Model(_) => Place::default(),
    };
    puzzle_error(error.to_string(), place)
}

/// Reads a variant in the form `kind` names, or, without one, in the
/// notation its text shows (the library's `variant::read`: JSON, arrays,
/// SumoCue, janko.at, Killer letters or cage lists, jigsaw labels, grids).
pub(crate) fn read_variant(
    text: &str,
    kind: Option<&str>,
    diagonals: bool,
    windows: bool,
) -> PyResult<Variant> {
    let variant = match kind {
        None => read(text, None).map(|(variant, _)| variant),
        Some("json") => parse_json(text),
        Some("killer") => read_killer(text, None).map(|(variant, _)| variant),
        Some("grid") => parse_grid(text, None),
        Some(other) => {
            return Err(input_error(format!(
                "unknown kind {other:?}, expected \"json\", \"killer\" or \"grid\""
            )))
        }
    }
    .map_err(text_error)?;
    let variant = if diagonals {
        variant.with_diagonals()
    } else {
        Ok(variant)
    };
    let variant = variant.and_then(|variant| {
        if windows {
            variant.with_windows()
        } else {
            Ok(variant)
        }
    });
    variant.map_err(|error| input_error(error.to_string()))
}

/// Solves (and counts up to `limit` solutions of) a variant puzzle; the
/// answer is checked against the rules by the independent checker.
#[pyfunction]
#[pyo3(signature = (puzzle, kind = None, strategy = "bitboard", limit = 1, diagonals = false, windows = false, max_nodes = None, timeout = None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each.
pub fn solve_variant<'py>(
    py: Python<'py>,
    puzzle: &str,
    kind: Option<&str>,
    strategy: &str,
    limit: u64,
    diagonals: bool,
    windows: bool,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = read_variant(puzzle, kind, diagonals, windows)?;
    let strategy: Strategy = strategy
        .parse()
        .map_err(|error: UnknownStrategy| input_error(error.to_string()))?;
    if limit == 0 {
        return Err(input_error("limit must be at least 1"));
    }
    let budget = CallBudget::new(max_nodes, timeout)?;
    let found = interruptible(py, |cancel| {
        Solver::new(strategy)
            .with_max_solutions(limit)
            .with_budget(budget.start(&cancel))
            .explore_variant(&variant)
    })?;
    let side = variant.side();
    let dict = PyDict::new(py);
    dict.set_item("side", side)?;
    let answer = match &found.solution {
        Some(values) => {
            verify_answer(&variant, values).map_err(|defect| {
                input_error(format!("internal error: an answer broke a rule ({defect})"))
            })?;
            Some(render_grid(side, values, variant.symbols(), false))
        }
        None => None,
    };
    dict.set_item("solution", answer)?;
    put_stats(&dict, &found.stats, found.stopped)?;
    Ok(dict)
}
