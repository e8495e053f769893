//! The exceptions the package raises about its input, all `ValueError`
//! subclasses so that `except ValueError` catches them, each carrying
//! where the fault is (`line`, `column`, `cell`; `None` where it does not
//! apply).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{create_exception, PyErr};

create_exception!(
    gridsolve,
    GridsolveError,
    PyValueError,
    "Base of every error gridsolve raises about its input."
);
create_exception!(
    gridsolve,
    PuzzleError,
    GridsolveError,
    "A puzzle, board or problem that cannot be read; `line`, `column` and `cell` say where."
);
create_exception!(
    gridsolve,
    MergeError,
    GridsolveError,
    "Work-unit results that do not add up to a count (a unit missing, doubled, unfinished or foreign)."
);

/// Where in the input a fault is: 1-based line and column, and the cell
/// as `r3c7`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub cell: Option<String>,
}

/// A [`PuzzleError`] with `message` at `place`.
pub fn puzzle_error(message: impl Into<String>, place: Place) -> PyErr {
    let error = PuzzleError::new_err(message.into());
    Python::attach(|py| {
        let value = error.value(py);
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = value.setattr("line", place.line);
        let _ = value.setattr("column", place.column);
        let _ = value.setattr("cell", place.cell);
    });
    error
}

/// A [`PuzzleError`] placed nowhere in particular.
pub fn input_error(message: impl Into<String>) -> PyErr {
    puzzle_error(message, Place::default())
}

/// A classic grid's parse error, placed as the CLI places it.
pub fn parse_error(error: &gridsolve_sudoku::ParseError) -> PyErr {
    puzzle_error(
        error.to_string(),
        Place {
            line: Some(error.line),
            column: error.column,
            cell: error.cell.map(|cell| cell.to_string()),
        },
    )
}

/// Registers the exception types on the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("GridsolveError", py.get_type::<GridsolveError>())?;
    module.add("PuzzleError", py.get_type::<PuzzleError>())?;
    module.add("MergeError", py.get_type::<MergeError>())?;
    Ok(())
}
