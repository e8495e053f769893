//! Classic 9×9 Sudoku: the grid model, its text forms, rule checking, and
//! solving and counting by several strategies.
//!
//! Start with [`Grid`] (parse one with `str::parse`, or a stream with
//! [`Records`]), check it with [`conflicts`], search it with a [`Solver`],
//! and check any answer with the independent [`verify_solution`]. The
//! functions [`solve_sudoku`], [`is_valid_sudoku`] and [`solve_rows`] take
//! the shapes of the well-known problem statements.
//!
//! ```
//! use gridsolve_sudoku::{solve_rows, verify_solution, Grid};
//!
//! let rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
//!             "7...2...6", ".6....28.", "...419..5", "....8..79"];
//! let answer = solve_rows(&rows).unwrap();
//! assert_eq!(answer[0], "534678912");
//!
//! let puzzle: Grid = rows.join("\n").parse().unwrap();
//! let solved: Grid = answer.join("\n").parse().unwrap();
//! assert!(verify_solution(&puzzle, &solved).is_ok());
//! ```
#![deny(missing_docs)]

mod digits;
mod exact_cover;
mod formats;
mod grid;
mod leetcode;
mod solve;
mod trace;
mod units;
mod validate;
pub mod variant;
mod verify;

pub use digits::DigitSet;
pub use exact_cover::{exact_cover, exact_cover_within, ExactCover};
pub use formats::{
    without_board_prefix, InputFormat, ObjectPuzzle, ParseError, ParseErrorKind, PuzzleObject,
    ReadError, Record, Records, TextFormat,
};
pub use grid::{Cell, Digit, Grid, CELLS, SIDE};
/// The vocabulary every gridsolve search shares (from `gridsolve-search`):
/// the budget and stop reasons, and tracing (a [`Tracer`] receives the
/// search's events, [`EventLog`] records them, [`render`] draws them), so
/// that this crate alone is enough to use it.
pub use gridsolve_search::{
    render, Budget, Event, EventLog, NoTrace, Stats, StopReason, TraceFormat, Tracer, Vocabulary,
};
pub use leetcode::{is_valid_sudoku, solve_rows, solve_sudoku, RowsError};
pub use solve::{Exploration, Placement, Solver, Strategy, UnknownStrategy, Verdict};
pub use trace::SudokuVocabulary;
pub use units::{Unit, UnitKind};
pub use validate::{conflicts, is_safe, legal_digits, no_solution_message, Conflict};
pub use verify::{verify_solution, SolutionDefect};
