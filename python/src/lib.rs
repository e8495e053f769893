//! The native module of the `gridsolve` Python package: thin bindings of
//! the gridsolve libraries. Every search runs with the interpreter lock
//! released, and every one that can run long stops on Ctrl-C
//! ([`interrupt`]; the LeetCode shape `solve_sudoku_rows`, milliseconds at
//! most, only releases the lock); every fault in the input
//! raises a `ValueError` subclass that says where ([`errors`]). The Python
//! layer (`gridsolve/__init__.py`) gives the answers their classes.

mod batch;
mod budget;
mod cover;
mod errors;
mod interrupt;
mod logic;
mod pool;
mod queens;
mod sudoku;
mod variant;

use pyo3::prelude::*;

/// The `gridsolve._native` module.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(module)?;
    module.add("SOLVED", batch::SOLVED)?;
    module.add("NO_SOLUTION", batch::NO_SOLUTION)?;
    module.add("STOPPED", batch::STOPPED)?;
    module.add("INVALID", batch::INVALID)?;
    module.add_function(wrap_pyfunction!(sudoku::solve, module)?)?;
    module.add_function(wrap_pyfunction!(sudoku::count, module)?)?;
    module.add_function(wrap_pyfunction!(sudoku::check, module)?)?;
    module.add_function(wrap_pyfunction!(sudoku::trace_json, module)?)?;
    module.add_function(wrap_pyfunction!(sudoku::solve_sudoku_rows, module)?)?;
    module.add_function(wrap_pyfunction!(sudoku::is_valid_sudoku, module)?)?;
    module.add_function(wrap_pyfunction!(variant::solve_variant, module)?)?;
    module.add_function(wrap_pyfunction!(logic::hint, module)?)?;
    module.add_function(wrap_pyfunction!(logic::explain, module)?)?;
    module.add_function(wrap_pyfunction!(logic::rate, module)?)?;
    module.add_function(wrap_pyfunction!(logic::generate, module)?)?;
    module.add_function(wrap_pyfunction!(logic::generate_killer, module)?)?;
    module.add_function(wrap_pyfunction!(batch::solve_array, module)?)?;
    module.add_function(wrap_pyfunction!(batch::count_array, module)?)?;
    module.add_function(wrap_pyfunction!(batch::parse_puzzles, module)?)?;
    module.add_function(wrap_pyfunction!(batch::solve_text, module)?)?;
    module.add_function(wrap_pyfunction!(queens::solve_n_queens, module)?)?;
    module.add_function(wrap_pyfunction!(queens::queens_count, module)?)?;
    module.add_function(wrap_pyfunction!(queens::queens_split, module)?)?;
    module.add_function(wrap_pyfunction!(queens::queens_run_units, module)?)?;
    module.add_function(wrap_pyfunction!(queens::queens_merge, module)?)?;
    module.add_function(wrap_pyfunction!(queens::queens_recount, module)?)?;
    module.add_function(wrap_pyfunction!(cover::cover_solve, module)?)?;
    module.add_function(wrap_pyfunction!(cover::cover_solve_dlx, module)?)?;
    module.add_function(wrap_pyfunction!(cover::cover_count_dlx, module)?)?;
    Ok(())
}
