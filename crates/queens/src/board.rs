//! Boards with reserved squares (CSES 1624): an n×n grid of `.` (free) and
//! `*` (reserved) where no queen may stand.
//!
//! Invariant: a [`BlockedBoard`] is square, `1 <= n <= MAX_N`, and its row
//! masks have no bit at or above `n`.

use crate::search::MAX_N;
use std::fmt;
use thiserror::Error;

/// An n×n board whose reserved squares take no queen.
///
/// ```
/// use gridsolve_queens::BlockedBoard;
///
/// let board: BlockedBoard = "..*.\n....\n....\n*...\n".parse().unwrap();
/// assert_eq!(board.n(), 4);
/// assert!(board.is_reserved(0, 2) && !board.is_reserved(0, 1));
/// assert_eq!(board.to_string(), "..*.\n....\n....\n*...");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockedBoard {
    n: usize,
    reserved: [u32; MAX_N],
}

/// Why a board's text is not an n×n board of `.` and `*`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A character other than `.` and `*`.
    #[error(
        "line {line}, column {column}: found {found:?}, expected '.' (free) or '*' (reserved)"
    )]
    UnknownChar {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line}: row has {found} squares, expected {expected} like the first row")]
    Ragged {
        /// 1-based line.
        line: usize,
        /// Squares on that line.
        found: usize,
        /// Squares on the first line.
        expected: usize,
    },
    /// A board with as many rows as columns missing or extra.
    #[error("board has {rows} rows of {cols} squares, expected a square board")]
    NotSquare {
        /// Rows read.
        rows: usize,
        /// Squares per row.
        cols: usize,
    },
    /// A board larger than the engine's 32 columns.
    #[error("board is {n}×{n}, the largest supported is {MAX_N}×{MAX_N}")]
    TooLarge {
        /// The side.
        n: usize,
    },
    /// No rows at all.
    #[error("board is empty, expected n lines of n squares")]
    Empty,
}

impl BlockedBoard {
    /// The n×n board with no reserved square, if `1 <= n <= 32`.
    pub fn free(n: usize) -> Result<Self, BoardError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(if n == 0 {
                BoardError::Empty
            } else {
                BoardError::TooLarge { n }
            });
        }
        Ok(BlockedBoard {
            n,
            reserved: [0; MAX_N],
        })
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether any square is reserved (a free board has all 8 symmetries).
    pub fn has_reserved(&self) -> bool {
        self.reserved.iter().any(|&mask| mask != 0)
    }

    /// Whether the square at 0-based `row`, `col` is reserved (squares off
    /// the board count as reserved).
    pub fn is_reserved(&self, row: usize, col: usize) -> bool {
        row >= self.n || col >= self.n || self.reserved[row] & (1 << col) != 0
    }

    /// Reserves the square at 0-based `row`, `col` (ignored off the board).
    pub fn reserve(&mut self, row: usize, col: usize) {
        if row < self.n && col < self.n {
            self.reserved[row] |= 1 << col;
        }
    }

    /// Per-row masks of reserved columns, as the engine reads them.
    pub(crate) fn masks(&self) -> &[u32; MAX_N] {
        &self.reserved
    }

    /// The rows as text, `.` free and `*` reserved.
    pub fn rows(&self) -> Vec<String> {
        (0..self.n)
            .map(|row| {
                (0..self.n)
                    .map(|col| if self.is_reserved(row, col) { '*' } else { '.' })
                    .collect()
            })
            .collect()
    }
}

impl std::str::FromStr for BlockedBoard {
    type Err = BoardError;

    /// Parses n lines of n characters; trailing blank lines are ignored.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let lines: Vec<&str> = text
            .trim_end()
            .lines()
            .map(|line| line.trim_end_matches('\r'))
            .collect();
        let Some(first) = lines.first().filter(|line| !line.is_empty()) else {
            return Err(BoardError::Empty);
        };
        let width = first.chars().count();
        let mut reserved = [0u32; MAX_N];
        for (index, line) in lines.iter().enumerate() {
            for (col, ch) in line.chars().enumerate() {
                match ch {
                    '.' => {}
                    '*' if col < MAX_N && index < MAX_N => reserved[index] |= 1 << col,
                    '*' => {}
                    found => {
                        return Err(BoardError::UnknownChar {
                            line: index + 1,
                            column: col + 1,
                            found,
                        })
                    }
                }
            }
            let found = line.chars().count();
            if found != width {
                return Err(BoardError::Ragged {
                    line: index + 1,
                    found,
                    expected: width,
                });
            }
        }
        if lines.len() != width {
            return Err(BoardError::NotSquare {
                rows: lines.len(),
                cols: width,
            });
        }
        if width > MAX_N {
            return Err(BoardError::TooLarge { n: width });
        }
        Ok(BlockedBoard { n: width, reserved })
    }
}

impl fmt::Display for BlockedBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_line_and_column() {
        let error = "....\n..x.\n....\n...."
            .parse::<BlockedBoard>()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 3: found 'x', expected '.' (free) or '*' (reserved)"
        );
        let error = "....\n...\n....\n....".parse::<BlockedBoard>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: row has 3 squares, expected 4 like the first row"
        );
        let error = "....\n....\n....".parse::<BlockedBoard>().unwrap_err();
        assert_eq!(error, BoardError::NotSquare { rows: 3, cols: 4 });
        assert_eq!("\n".parse::<BlockedBoard>(), Err(BoardError::Empty));
        let wide = format!("{}\n", ".".repeat(33)).repeat(33);
        assert_eq!(
            wide.parse::<BlockedBoard>(),
            Err(BoardError::TooLarge { n: 33 })
        );
    }

    #[test]
    fn text_round_trips() {
        let text = "*...\n.*..\n....\n...*";
        assert_eq!(text.parse::<BlockedBoard>().unwrap().to_string(), text);
    }
}
