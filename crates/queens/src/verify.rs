//! The independent attack checker.
//!
//! [`verify_placement`] checks a placement in O(n) with three arrays of
//! flags (columns, and the two diagonal directions indexed by `row + col`
//! and `row - col + n - 1`). It shares nothing with the search engine or the
//! construction, so a bug there cannot hide itself here.

use crate::board::BlockedBoard;
use std::fmt;
use thiserror::Error;

/// A line two queens share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The same column.
    Column,
    /// The same diagonal running down to the right.
    Diagonal,
    /// The same diagonal running down to the left.
    AntiDiagonal,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        })
    }
}

/// Why a placement is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlacementDefect {
    /// A queen off the board.
    #[error("the queen of row {row} is in column {col}, off a board of {n} columns")]
    OffBoard {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// Board side.
        n: usize,
    },
    /// Two queens attack each other.
    #[error("queens at row {} column {} and row {} column {} are on the same {line}", .first.0, .first.1, .second.0, .second.1)]
    Attack {
        /// 1-based (row, column) of the earlier queen.
        first: (usize, usize),
        /// 1-based (row, column) of the later queen.
        second: (usize, usize),
        /// What they share.
        line: Line,
    },
    /// A placement for another board size.
    #[error("placement has {found} rows, the board {n}")]
    RowCount {
        /// Rows in the placement.
        found: usize,
        /// Board side.
        n: usize,
    },
    /// A queen on a reserved square.
    #[error("the queen at row {row} column {col} stands on a reserved square")]
    Reserved {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
}

/// Checks that `cols` (the 0-based column of the queen in each row) places
/// `cols.len()` queens on as many rows with no two attacking.
///
/// ```
/// use gridsolve_queens::verify_placement;
///
/// assert!(verify_placement(&[1, 3, 0, 2]).is_ok());
/// let defect = verify_placement(&[0, 2, 1, 3]).unwrap_err();
/// assert_eq!(defect.to_string(), "queens at row 2 column 3 and row 3 column 2 are on the same anti-diagonal");
/// ```
pub fn verify_placement(cols: &[u32]) -> Result<(), PlacementDefect> {
    let n = cols.len();
    // For each line, the row (1-based) of the queen seen on it, 0 if none.
    let mut column = vec![0usize; n];
    let mut diagonal = vec![0usize; 2 * n];
    let mut anti = vec![0usize; 2 * n];
    for (row, &col) in cols.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Err(PlacementDefect::OffBoard {
                row: row + 1,
                col: col + 1,
                n,
            });
        }
        let lines = [
            (&mut column[col], Line::Column),
            (&mut diagonal[row + n - 1 - col], Line::Diagonal),
            (&mut anti[row + col], Line::AntiDiagonal),
        ];
        for (seen, line) in lines {
            if *seen != 0 {
                let other = *seen - 1;
                return Err(PlacementDefect::Attack {
                    first: (other + 1, cols[other] as usize + 1),
                    second: (row + 1, col + 1),
                    line,
                });
            }
            *seen = row + 1;
        }
    }
    Ok(())
}

/// [`verify_placement`], and no queen on a reserved square of `board`.
pub fn verify_on_board(cols: &[u32], board: &BlockedBoard) -> Result<(), PlacementDefect> {
    if cols.len() != board.n() {
        return Err(PlacementDefect::RowCount {
            found: cols.len(),
            n: board.n(),
        });
    }
    verify_placement(cols)?;
    match cols
        .iter()
        .enumerate()
        .find(|&(row, &col)| board.is_reserved(row, col as usize))
    {
        Some((row, &col)) => Err(PlacementDefect::Reserved {
            row: row + 1,
            col: col as usize + 1,
        }),
        None => Ok(()),
    }
}
