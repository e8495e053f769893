//! N-Queens: place n queens on an n×n board so that no two share a row, a
//! column or a diagonal.
//!
//! - [`Solutions`] and [`solve_n_queens`] list every placement (LeetCode 51),
//!   lazily and in lexicographic order of the column lists;
//! - [`count_board`] and [`total_n_queens`] count them (LeetCode 52), with
//!   the count up to rotation and reflection in the same pass;
//! - [`BlockedBoard`] adds reserved squares (CSES 1624);
//! - [`construct`] gives one placement for any n in linear time;
//! - [`split`], [`run_unit`] and [`merge`] cut a count into independent
//!   units for many processes or machines, and [`recount`] checks a
//!   unit's result by counting it again;
//! - [`traced_search`] reports every step of the search to a tracer, to
//!   draw its tree or dry-run table;
//! - [`verify_placement`] checks any placement independently of all the
//!   above.
//!
//! ```
//! use gridsolve_queens::{solve_n_queens, total_n_queens};
//!
//! assert_eq!(solve_n_queens(4)[0], [".Q..", "...Q", "Q...", "..Q."]);
//! assert_eq!(total_n_queens(8), 92);
//! ```
#![deny(missing_docs)]

mod board;
mod construct;
mod count;
mod enumerate;
mod search;
mod sweep;
mod symmetry;
mod trace;
mod units;
mod verify;

pub use board::{BlockedBoard, BoardError};
pub use construct::{construct, construct_columns};
pub use count::{count_board, count_split, count_units, total_n_queens, CountReport, Counts};
pub use enumerate::{board_rows, solve_n_queens, Solutions};
/// The vocabulary every gridsolve search shares (from `gridsolve-search`):
/// the budget and stop reasons, and tracing (a [`Tracer`] receives the
/// search's events, [`EventLog`] records them, [`render`] draws them), so
/// that this crate alone is enough to use it.
pub use gridsolve_search::{
    render, Budget, Event, EventLog, NoTrace, StopReason, TraceFormat, Tracer, Vocabulary,
};
pub use search::MAX_N;
pub use symmetry::class_size_if_representative;
pub use trace::{traced_search, Queen, QueensVocabulary, TracedSearch};
pub use units::{
    merge, recount, run_unit, split, MergeError, OrbitWord, RecountError, SplitError, Symmetry,
    UnitError, UnitResult, Weight, WorkUnit,
};
pub use verify::{verify_on_board, verify_placement, Line, PlacementDefect};
