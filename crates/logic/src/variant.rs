//! Puzzles of the general model that the techniques take: a plain 9×9
//! Sudoku (boxes only: no jigsaw regions, extra units or cages) in any
//! notation and any nine symbols is a classic grid, value `v` its digit
//! `v`. A step's [`Sentence`](crate::Sentence) names the values in the
//! puzzle's own symbols with `in_symbols(puzzle.symbols())`.

use gridsolve_sudoku::variant::Variant;
use gridsolve_sudoku::Grid;

/// Why a puzzle of the general model is not one the techniques take: it
/// is of another kind (named: "a 4×4 Sudoku", "a 9×9 jigsaw", …).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: the human techniques work on classic 9×9 puzzles (solve, count and check take it)")]
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
