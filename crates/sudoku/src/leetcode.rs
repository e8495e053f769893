//! Entry points shaped like the classic problem statements: LeetCode 37
//! (solve in place), LeetCode 36 (is the partial board valid?) and "9
//! strings in, 9 strings out".
//!
//! They are thin adapters over [`Grid`], [`conflicts`] and [`Solver`] with
//! the default strategy; none panics on malformed input.

use crate::formats::ParseError;
use crate::grid::{Cell, Grid, SIDE};
use crate::solve::{Solver, Strategy};
use crate::validate::conflicts;
use crate::TextFormat;
use thiserror::Error;

/// Why [`solve_rows`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RowsError {
    /// Not 9 rows.
    #[error("expected 9 rows, found {0}")]
    RowCount(usize),
    /// A row is malformed (its line number is the row number).
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The rows are well formed but no filling satisfies the rules.
    #[error("the puzzle has no solution")]
    NoSolution,
}

/// Solves LeetCode 37's board in place: 9 rows of 9 chars, `'1'..='9'` or
/// `'.'`. A board that is malformed or has no solution is left unchanged.
///
/// ```
/// use gridsolve_sudoku::solve_sudoku;
///
/// let rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
///             "7...2...6", ".6....28.", "...419..5", "....8..79"];
/// let mut board: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
/// solve_sudoku(&mut board);
/// assert_eq!(board[0].iter().collect::<String>(), "534678912");
/// ```
#[allow(clippy::ptr_arg)] // LeetCode's signature, kept so solutions paste in unchanged.
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    let Some(puzzle) = grid_of_chars(board) else {
        return;
    };
    if let Some(answer) = Solver::new(Strategy::default()).explore(&puzzle).solution {
        for (row, chars) in board.iter_mut().enumerate() {
            for (col, ch) in chars.iter_mut().enumerate() {
                let cell = Cell::at(row, col).expect("board is 9 by 9");
                *ch = answer.get(cell).expect("a solution is full").to_char();
            }
        }
    }
}

/// LeetCode 36: whether no digit repeats in a row, column or box of a
/// partial board (rows of `'1'..='9'` and `'.'`). A malformed board is not
/// valid.
///
/// ```
/// use gridsolve_sudoku::is_valid_sudoku;
///
/// let mut board = vec![vec!['.'; 9]; 9];
/// board[0][0] = '8';
/// assert!(is_valid_sudoku(&board));
/// board[2][2] = '8';
/// assert!(!is_valid_sudoku(&board));
/// ```
pub fn is_valid_sudoku(board: &[Vec<char>]) -> bool {
    grid_of_chars(board).is_some_and(|grid| conflicts(&grid).is_empty())
}

/// Solves a puzzle given as 9 strings of 9 cells (`&str`s, `String`s,
/// anything that is `AsRef<str>`) and returns the 9 rows of its first
/// solution.
///
/// ```
/// use gridsolve_sudoku::{solve_rows, RowsError};
///
/// let rows = ["9.7.....6", "824.3....", "..1..9..2", ".9...2.18", "...4....5",
///             "1325.8...", "...687...", "......8.9", ".4.9...5."];
/// let answer = solve_rows(&rows).unwrap();
/// assert_eq!((answer[0].as_str(), answer[8].as_str()), ("957214386", "648923157"));
/// assert_eq!(solve_rows(&rows[..3]), Err(RowsError::RowCount(3)));
/// let owned: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
/// assert_eq!(solve_rows(&owned).unwrap(), answer);
/// ```
pub fn solve_rows<S: AsRef<str>>(rows: &[S]) -> Result<Vec<String>, RowsError> {
    if rows.len() != SIDE {
        return Err(RowsError::RowCount(rows.len()));
    }
    let rows: Vec<&str> = rows.iter().map(AsRef::as_ref).collect();
    let puzzle: Grid = rows.join("\n").parse()?;
    let answer = Solver::new(Strategy::default())
        .explore(&puzzle)
        .solution
        .ok_or(RowsError::NoSolution)?;
    Ok(TextFormat::Grid
        .render(&answer)
        .lines()
        .map(str::to_string)
        .collect())
}

/// The grid of a 9×9 board of `'1'..='9'` and `'.'`, or `None`.
fn grid_of_chars(board: &[Vec<char>]) -> Option<Grid> {
    if board.len() != SIDE || board.iter().any(|row| row.len() != SIDE) {
        return None;
    }
    let mut values = [0u8; SIDE * SIDE];
    for (value, &ch) in values.iter_mut().zip(board.iter().flatten()) {
        *value = match ch {
            '.' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => return None,
        };
    }
    Grid::from_values(values)
}
