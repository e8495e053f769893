//! Human-style Sudoku solving: techniques on a pencil-mark grid, each
//! deduction a [`Step`] with its proof and a sentence saying why.
//!
//! - [`Board`]: the digits placed and the candidates left (also read from
//!   the 729-character pencil-mark form).
//! - [`Technique`]: singles, Sudoku Explainer's direct techniques, locked
//!   candidates, naked and hidden subsets, basic fish, chains of strong
//!   links (plain or grouped), XY- and XYZ-Wings, the WXYZ-Wing family,
//!   unique rectangles and loops, BUG, forcing chains and cycles, and
//!   Nishio, multiple and dynamic forcing chains, in the order of their
//!   Sudoku Explainer ratings; and HoDoKu's empty rectangle, W-Wing,
//!   finned fish and simple colours, for hints on HoDoKu's [`Scale`].
//! - [`next_step`]: the easiest step on a board (a hint);
//!   [`solve_path`]: the easiest step again and again (an explanation);
//!   [`rate`]: the path's difficulty on the Sudoku Explainer scale.
//!
//! Every step only places a digit every completion of the board holds, or
//! removes a candidate none holds: the tests check each one against the
//! unique solution of the puzzles they derive.

mod board;
mod detail;
mod path;
mod rate;
mod sentence;
mod step;
mod techniques;
mod variant;
mod work;

pub use board::{peers, sees, Board, Completions};
pub use detail::Detail;
pub use path::{solve_path, solve_path_on, solve_path_within, Path};
pub use rate::{difficulty_of, level_at_most, rate, Difficulty, QqwingLevel};
pub use sentence::Sentence;
pub use step::{Level, Rating, Scale, Step, Technique};
pub use techniques::{find, next_step, next_step_on, next_step_within};
pub use variant::{
    classic_puzzle, next_variant_step, next_variant_step_within, variant_path, NotClassic,
    VariantBoard, VariantPath, VariantStep, VariantTechnique,
};
pub use work::Worked;

/// Why a grid cannot be worked on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// The grid holds a digit twice in a unit.
    #[error("{0}")]
    Conflict(String),
    /// A pencil-mark line is malformed.
    #[error("pencil marks: {0}")]
    PencilMarks(String),
    /// A pencil-mark line leaves a cell with no candidate.
    #[error("pencil marks: {0} has no candidate")]
    NoCandidates(String),
    /// The puzzle has no solution, so no step can be sound.
    #[error("no solution: no step can be sound")]
    NoSolution,
    /// The puzzle has more than one solution: not rated.
    #[error("more than one solution: not rated (the steps would depend on which solution they head for)")]
    Multiple,
    /// The budget stopped the count of the puzzle's solutions.
    #[error("stopped ({0}) before the puzzle's solutions were counted")]
    Stopped(gridsolve_sudoku::StopReason),
}
