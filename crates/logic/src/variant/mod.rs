//! Puzzles of the general model (every size, jigsaw regions, extra
//! units, Killer cages) worked by human techniques.
//!
//! - [`classic_puzzle`]: a plain 9×9 Sudoku (boxes only: no jigsaw
//!   regions, extra units or cages) in any notation and any nine symbols
//!   is a classic grid, value `v` its digit `v`, which every technique of
//!   the crate takes;
//! - any other puzzle is worked on a [`VariantBoard`] by the techniques
//!   that reason about units alone ([`VariantTechnique`]: singles, locked
//!   candidates, naked and hidden subsets, basic fish), by a Killer's
//!   cage combinations, and by forcing chains: [`next_variant_step`] (or
//!   [`next_variant_step_within`] a budget) for a hint, [`variant_path`]
//!   for an explanation.
//!
//! A step's [`Sentence`](crate::Sentence) names the values in the puzzle's
//! own symbols with `in_symbols(puzzle.symbols())`.

mod board;
mod path;
mod step;
mod techniques;

pub use board::VariantBoard;
pub use path::{variant_path, VariantPath};
pub use step::{VariantStep, VariantTechnique};
pub use techniques::{next_variant_step, next_variant_step_within};

use gridsolve_sudoku::variant::Variant;
use gridsolve_sudoku::Grid;

/// Why a puzzle of the general model is not a classic 9×9 one, which a
/// rating on Sudoku Explainer's scale needs: it is of another kind
/// (named: "a 4×4 Sudoku", "a 9×9 jigsaw", …).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: ratings are on Sudoku Explainer's scale, for classic 9×9 puzzles (hint and explain take it)")]
pub struct NotClassic(pub String);

/// The classic grid of `puzzle` if it is a plain 9×9 Sudoku, in whatever
/// symbols (each value is the digit of its number); else why not.
///
/// ```
/// use gridsolve_logic::{classic_puzzle, NotClassic};
/// use gridsolve_sudoku::variant::{read, Symbols};
/// use gridsolve_sudoku::TextFormat;
///
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let document = format!(r#"{{"size": 9, "givens": "{line}"}}"#);
/// let (json, _) = read(&document, None).unwrap();
/// let grid = classic_puzzle(&json).unwrap();
/// assert_eq!(TextFormat::Line.render(&grid), line);
///
/// let (four, _) = read("1...\n..2.\n.3..\n...4\n", None).unwrap();
/// assert_eq!(classic_puzzle(&four), Err(NotClassic("a 4×4 Sudoku".into())));
///
/// let letters: String = line
///     .chars()
///     .map(|ch| ch.to_digit(10).map_or(ch, |digit| (b'A' + digit as u8 - 1) as char))
///     .collect();
/// let (lettered, _) = read(&letters, Some(&Symbols::new("ABCDEFGHI").unwrap())).unwrap();
/// assert_eq!(classic_puzzle(&lettered), Ok(grid));
/// ```
pub fn classic_puzzle(puzzle: &Variant) -> Result<Grid, NotClassic> {
    puzzle
        .classic_grid()
        .ok_or_else(|| NotClassic(puzzle.kind()))
}
