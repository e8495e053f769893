//! Nothing here: the tests are the point. Each file under `tests/` uses one
//! of `gridsolve-sudoku`, `gridsolve-queens` and `gridsolve-cover` as a
//! downstream crate would, with `gridsolve-search` not a dependency, so
//! that what each crate re-exports is shown to be enough to search, bound,
//! count and trace with it alone.
