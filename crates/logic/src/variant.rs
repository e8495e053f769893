//! Puzzles of the general model that the techniques take: a plain 9×9
//! Sudoku (boxes only: no jigsaw regions, extra units or cages) in any
//! notation is a classic grid. Steps name the digits 1 to 9, so a hint or
//! an explanation takes such a puzzle only in those symbols; a rating,
//! which names none, in any.

use gridsolve_sudoku::variant::{Symbols, Variant};
use gridsolve_sudoku::Grid;

/// Why a puzzle of the general model is not one the techniques take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotClassic {
    /// A puzzle of another kind (named: "a 4×4 Sudoku", "a 9×9 jigsaw",
    /// …).
    #[error(
        "{0}: the human techniques work on classic 9×9 puzzles (solve, count and check take it)"
    )]
    Kind(String),
    /// A plain 9×9 puzzle in other symbols than the digits 1 to 9, for
    /// steps, whose sentences name the digits.
    #[error(
        "a 9×9 Sudoku in the symbols {0}: the steps of hint and explain name the digits 1 to 9 \
         (rate, solve, count and check take it)"
    )]
    Symbols(String),
}

/// The classic grid of `puzzle` if it is a plain 9×9 Sudoku, for steps
/// (`for_steps`: only in the digits 1 to 9) or for a rating (in any
/// symbols); else why not.
///
/// ```
/// use gridsolve_logic::{classic_puzzle, NotClassic};
/// use gridsolve_sudoku::variant::{read, Symbols};
/// use gridsolve_sudoku::TextFormat;
///
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let document = format!(r#"{{"size": 9, "givens": "{line}"}}"#);
/// let (json, _) = read(&document, None).unwrap();
/// let grid = classic_puzzle(&json, true).unwrap();
/// assert_eq!(TextFormat::Line.render(&grid), line);
///
/// let (four, _) = read("1...\n..2.\n.3..\n...4\n", None).unwrap();
/// assert_eq!(classic_puzzle(&four, false), Err(NotClassic::Kind("a 4×4 Sudoku".into())));
///
/// let letters: String = line
///     .chars()
///     .map(|ch| ch.to_digit(10).map_or(ch, |digit| (b'A' + digit as u8 - 1) as char))
///     .collect();
/// let (lettered, _) = read(&letters, Some(&Symbols::new("ABCDEFGHI").unwrap())).unwrap();
/// assert_eq!(classic_puzzle(&lettered, false), Ok(grid));
/// assert!(matches!(classic_puzzle(&lettered, true), Err(NotClassic::Symbols(_))));
/// ```
pub fn classic_puzzle(puzzle: &Variant, for_steps: bool) -> Result<Grid, NotClassic> {
    let grid = puzzle
        .classic_grid()
        .ok_or_else(|| NotClassic::Kind(puzzle.kind()))?;
    if for_steps && *puzzle.symbols() != Symbols::standard(9) {
        return Err(NotClassic::Symbols(puzzle.symbols().to_string()));
    }
    Ok(grid)
}
