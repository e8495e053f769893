//! Variants: other sizes (4×4 to 25×25), jigsaw regions, extra units
//! (X-Sudoku's diagonals, windoku's windows) and Killer cages, on one
//! general unit-constraint model, of which the classic 9×9 grid is a case
//! that the classic engines search.
//!
//! - [`Variant`]: the model and its validation ([`VariantError`] names the
//!   cell or cage);
//! - [`crate::Solver::explore_variant`]: every [`crate::Strategy`] on the
//!   general model: a plain 9×9 grid goes to the classic engines, `dlx` to
//!   exact cover, the others to a unit search (reading order, fewest
//!   candidates, singles, and for `bitboard` the fast engine for big grids)
//!   with cage pruning by combinations ([`CageRules`]);
//!   [`crate::Solver::explore_variant_traced`] reports its steps, which
//!   [`VariantVocabulary`] names for the trace renderers;
//! - [`read`], [`detect`], [`render`]: every notation (JSON, arrays,
//!   SumoCue, janko.at, Killer letters or cage lists, jigsaw label grids,
//!   symbol grids), recognised from the text, and answers written back in
//!   it; [`parse_grid`], [`parse_killer`], [`parse_json`] read one form;
//! - [`verify_answer`]: the independent checker of answers;
//! - [`minimal_puzzle`]: random minimal puzzles with one solution;
//!   [`random_jigsaw`]: random jigsaw layouts, each with a full grid of it;
//!   [`killer_puzzle`]: random Killer puzzles, cages and no givens.

mod cages;
mod classic;
mod conflicts;
mod cover;
mod generate;
mod hall;
mod infer;
mod jigsaw;
mod json;
mod killer;
mod model;
mod notation;
mod probe;
mod rules;
mod solve;
mod text;
mod trace;
mod verify;

pub use generate::{
    bounded_puzzle, minimal_puzzle, puzzle_of_solution, random_solution, symmetric_puzzle,
};
pub use generate::{Generated, Symmetry};
pub use jigsaw::random_jigsaw;
pub use json::{parse_json, to_json};
pub use killer::{killer_puzzle, KillerFailure};
pub use model::{BrokenRule, BrokenRules, Cage, CellName, Shape, Variant, VariantError, MAX_SIDE};
pub use notation::{detect, is_region_map, read, read_killer, render, to_text, Notation};
pub(crate) use solve::explore_traced;
pub use solve::{CageRules, VariantExploration};
pub use text::{parse_grid, parse_killer, render_grid, shape_for_side, Symbols, TextError};
pub use trace::{VariantPlacement, VariantVocabulary};
pub use verify::{verify_answer, AnswerDefect};
