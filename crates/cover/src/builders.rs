//! Exact-cover formulations of puzzles that need only sizes and shapes:
//! N-Queens (one or several queens a line), 0-1 matrices with given line
//! sums, Langford pairs and polyomino packing. (The Sudoku builder lives
//! in the Sudoku crate, which depends on this one.)

use crate::problem::Problem;
use std::collections::BTreeSet;
use thiserror::Error;

/// N-Queens as exact cover: rows `r0…` and columns `c0…` are primary (each
/// holds exactly one queen), the diagonals `a0…` (`row + col`) and `b0…`
/// (`row - col + n - 1`) secondary (at most one queen each). One option
/// per square, in reading order.
///
/// ```
/// use gridsolve_cover::{count, queens, Budget};
///
/// assert_eq!(count(&queens(6), &Budget::default()).stats.solutions, 4);
/// ```
pub fn queens(n: usize) -> Problem {
    queens_board(n, false)
}

/// The items and options of N-Queens on an `n`×`n` board: rows `r0…`,
/// columns `c0…`, diagonals `a0…` (`row + col`) and `b0…` (`row - col + n -
/// 1`), the diagonals primary too if `primary_diagonals`; one option per
/// square, in reading order.
fn queens_board(n: usize, primary_diagonals: bool) -> Problem {
    let names = |prefix: char, count: usize| (0..count).map(move |k| format!("{prefix}{k}"));
    let diagonals = 2 * n - 1;
    let lines = names('r', n).chain(names('c', n));
    let slants = names('a', diagonals).chain(names('b', diagonals));
    let mut problem = if primary_diagonals {
        Problem::new(lines.chain(slants), Vec::<String>::new())
    } else {
        Problem::new(lines, slants)
    };
    for row in 0..n {
        for col in 0..n {
            let items = [
                row,
                n + col,
                2 * n + row + col,
                2 * n + diagonals + row + n - 1 - col,
            ];
            problem
                .add_option(&items)
                .expect("distinct items of the problem");
        }
    }
    problem
}

/// The twelve pentominoes, each as its name and its cells in a drawing
/// (`#` a cell), in the conventional letters.
pub const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##\n##.\n.#."),
    ("I", "#####"),
    ("L", "####\n#..."),
    ("N", "##..\n.###"),
    ("P", "##\n##\n#."),
    ("T", "###\n.#.\n.#."),
    ("U", "#.#\n###"),
    ("V", "#..\n#..\n###"),
    ("W", "#..\n##.\n.##"),
    ("X", ".#.\n###\n.#."),
    ("Y", "####\n.#.."),
    ("Z", "##.\n.#.\n.##"),
];

/// A board to pack: cells of a grid, some of them holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

/// Why a board or piece set cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A size that is not `ROWSxCOLS`.
    #[error("board size {0:?} is not ROWSxCOLS (e.g. 6x10)")]
    BadSize(String),
    /// A character other than `.` (cell) and `#` (hole) in a board drawing.
    #[error("line {line}, column {column}: found {found:?}, expected '.' (cell) or '#' (hole)")]
    BadChar {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A board with a side of 0, or above [`MAX_BOARD_SIDE`].
    #[error("a board of {rows}×{cols}: each side must be 1 to {MAX_BOARD_SIDE} (cells are named by two base-36 digits)")]
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Symmetry reduction asked for a board where it is not exact.
    #[error("symmetry reduction needs a board with both flips as symmetries and both sides even")]
    NoReduction,
}

/// The longest side of a board: each cell is named by its row and column
/// as one base-36 digit each, as in Knuth's polyomino files.
pub const MAX_BOARD_SIDE: usize = 36;

impl Board {
    /// A full `rows`×`cols` rectangle; each side 1 to [`MAX_BOARD_SIDE`].
    ///
    /// ```
    /// use gridsolve_cover::Board;
    ///
    /// assert!(Board::rectangle(6, 10).is_ok());
    /// assert!(Board::rectangle(37, 2).is_err());
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<Self, BoardError> {
        Self::check_size(rows, cols)?;
        Ok(Board {
            rows,
            cols,
            cells: vec![true; rows * cols],
        })
    }

    fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
        let fits = |side| (1..=MAX_BOARD_SIDE).contains(&side);
        if fits(rows) && fits(cols) {
            Ok(())
        } else {
            Err(BoardError::Size { rows, cols })
        }
    }

    /// Parses `ROWSxCOLS`, optionally followed by `-center` to remove the
    /// central 2×2 (as in the 8×8 board with the centre removed).
    pub fn from_spec(spec: &str) -> Result<Self, BoardError> {
        let bad = || BoardError::BadSize(spec.to_string());
        let (size, center) = match spec.strip_suffix("-center") {
            Some(size) => (size, true),
            None => (spec, false),
        };
        let (rows, cols) = size.split_once('x').ok_or_else(bad)?;
        let rows: usize = rows.parse().map_err(|_| bad())?;
        let cols: usize = cols.parse().map_err(|_| bad())?;
        let mut board = Board::rectangle(rows, cols)?;
        if center {
            if !rows.is_multiple_of(2) || !cols.is_multiple_of(2) {
                return Err(bad());
            }
            for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                board.cells[(rows / 2 - 1 + r) * cols + cols / 2 - 1 + c] = false;
            }
        }
        Ok(board)
    }

    /// Parses a drawing: `.` a cell, `#` a hole, one line per row.
    pub fn from_drawing(text: &str) -> Result<Self, BoardError> {
        let lines: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .collect();
        let cols = lines
            .iter()
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(0);
        Self::check_size(lines.len(), cols)?;
        let mut board = Board {
            rows: lines.len(),
            cols,
            cells: vec![false; lines.len() * cols],
        };
        for (row, line) in lines.iter().enumerate() {
            for (col, ch) in line.chars().enumerate() {
                match ch {
                    '.' => board.cells[row * cols + col] = true,
                    '#' | ' ' => {}
                    found => {
                        return Err(BoardError::BadChar {
                            line: row + 1,
                            column: col + 1,
                            found,
                        })
                    }
                }
            }
        }
        Ok(board)
    }

    fn is_cell(&self, row: isize, col: isize) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.rows
            && (col as usize) < self.cols
            && self.cells[row as usize * self.cols + col as usize]
    }

    /// Whether both flips (top-bottom, left-right) map the board to itself.
    fn has_both_flips(&self) -> bool {
        (0..self.rows).all(|r| {
            (0..self.cols).all(|c| {
                let cell = self.cells[r * self.cols + c];
                cell == self.cells[(self.rows - 1 - r) * self.cols + c]
                    && cell == self.cells[r * self.cols + self.cols - 1 - c]
            })
        })
    }
}

/// Cell name in the style of Knuth's polyomino files: row then column, each
/// one base-36 digit.
fn cell_name(row: usize, col: usize) -> String {
    let digit = |v: usize| char::from_digit(v as u32, 36).expect("below 36");
    format!("{}{}", digit(row), digit(col))
}

/// A rotation or reflection of the plane, on (row, column).
type Transform = fn(isize, isize) -> (isize, isize);

/// Every distinct orientation (rotation or reflection) of a shape, each as
/// sorted cells shifted to start at row 0 and column 0.
fn orientations(cells: &[(isize, isize)]) -> BTreeSet<Vec<(isize, isize)>> {
    let transforms: [Transform; 8] = [
        |r, c| (r, c),
        |r, c| (c, -r),
        |r, c| (-r, -c),
        |r, c| (-c, r),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (c, r),
        |r, c| (-c, -r),
    ];
    transforms
        .iter()
        .map(|transform| {
            let moved: Vec<(isize, isize)> = cells.iter().map(|&(r, c)| transform(r, c)).collect();
            let min_r = moved.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = moved.iter().map(|p| p.1).min().unwrap_or(0);
            let mut shape: Vec<(isize, isize)> =
                moved.iter().map(|&(r, c)| (r - min_r, c - min_c)).collect();
            shape.sort_unstable();
            shape
        })
        .collect()
}

/// `k` queens in each row and each column of an `n`×`n` board and at most
/// `k` on each diagonal, as exact cover with bounds (DLX3): the items of
/// [`queens`], all primary, rows and columns taken `k` times (`k|r0`…),
/// diagonals 0 to `k` times (`0:k|a0`…); one option per square, in
/// reading order. For `k` = 1 the solutions are those of [`queens`].
///
/// # Panics
///
/// If `k` is 0.
///
/// ```
/// use gridsolve_cover::{count, queens_per_line, Budget};
///
/// assert_eq!(count(&queens_per_line(6, 1), &Budget::default()).stats.solutions, 4);
/// assert_eq!(count(&queens_per_line(6, 2), &Budget::default()).stats.solutions, 1097);
/// ```
pub fn queens_per_line(n: usize, k: u32) -> Problem {
    let mut problem = queens_board(n, true);
    for line in 0..2 * n {
        problem
            .set_bounds(line, k, k)
            .expect("a primary item, k at least 1");
    }
    for diagonal in 2 * n..problem.primary_count() {
        problem
            .set_bounds(diagonal, 0, k)
            .expect("a primary item, k at least 1");
    }
    problem
}

/// The `n`×`n` matrices of 0s and 1s with `k` 1s in each row and each
/// column, as exact cover with bounds (DLX3): rows `r0…` and columns `c0…`
/// primary, each taken `k` times; one option per entry, `r c`, in reading
/// order. (For `k` = 1 these are the permutation matrices; for 2 and 3 the
/// counts are OEIS A001499 and A001501.)
///
/// # Panics
///
/// If `k` is 0.
///
/// ```
/// use gridsolve_cover::{count, line_sum_matrices, Budget};
///
/// assert_eq!(count(&line_sum_matrices(4, 1), &Budget::default()).stats.solutions, 24);
/// assert_eq!(count(&line_sum_matrices(4, 2), &Budget::default()).stats.solutions, 90);
/// ```
pub fn line_sum_matrices(n: usize, k: u32) -> Problem {
    let names = |prefix: char| (0..n).map(move |k| format!("{prefix}{k}"));
    let mut problem = Problem::new(names('r').chain(names('c')), Vec::<String>::new());
    for line in 0..2 * n {
        problem
            .set_bounds(line, k, k)
            .expect("a primary item, k at least 1");
    }
    for row in 0..n {
        for col in 0..n {
            problem
                .add_option(&[row, n + col])
                .expect("distinct items of the problem");
        }
    }
    problem
}

/// Langford pairs as exact cover: place two copies of each of `1..=n` in
/// `2n` slots so that the two `k`s have `k` slots between them. Items: the
/// values `1…n` and the slots `s1…s2n`, all primary; one option per value
/// and first slot. Every arrangement and its reversal are both solutions;
/// with `reduce`, the first 1 is kept in the left half of the slots (its
/// pair is never its own mirror image), which counts each pair once.
///
/// ```
/// use gridsolve_cover::{count, langford, Budget};
///
/// // 3 1 2 1 3 2 and its reversal.
/// assert_eq!(count(&langford(3, false), &Budget::default()).stats.solutions, 2);
/// assert_eq!(count(&langford(3, true), &Budget::default()).stats.solutions, 1);
/// ```
pub fn langford(n: usize, reduce: bool) -> Problem {
    let values = (1..=n).map(|value| value.to_string());
    let slots = (1..=2 * n).map(|slot| format!("s{slot}"));
    let mut problem = Problem::new(values.chain(slots), Vec::<String>::new());
    for value in 1..=n {
        // 0-based first slots; the second is `value + 1` further on.
        for first in 0..(2 * n).saturating_sub(value + 1) {
            let second = first + value + 1;
            // The pair of 1s and its mirror image: keep the one on the left.
            if reduce && value == 1 && first + second > 2 * n - 1 {
                continue;
            }
            problem
                .add_option(&[value - 1, n + first, n + second])
                .expect("distinct items of the problem");
        }
    }
    problem
}

/// Packing the twelve pentominoes into `board` as exact cover: one primary
/// item per piece, then one per cell; one option per placement of a piece
/// (every orientation, every position).
///
/// With `reduce`, the X pentomino's centre is kept to the top-left quarter
/// of the board, which counts each solution once per orbit of the group of
/// the two flips (four symmetries); it needs a board symmetric under both
/// flips with both sides even (so the centre never lies on an axis). On a
/// square board the diagonal symmetries remain: 8×8 less its centre gives
/// 130 = 520 / 4, not the 65 orbits of all eight symmetries.
///
/// ```
/// use gridsolve_cover::{count, pentomino, Board, Budget};
///
/// let problem = pentomino(&Board::from_spec("3x20").unwrap(), false).unwrap();
/// assert_eq!(count(&problem, &Budget::default()).stats.solutions, 8);
/// ```
pub fn pentomino(board: &Board, reduce: bool) -> Result<Problem, BoardError> {
    if reduce
        && !(board.has_both_flips() && board.rows.is_multiple_of(2) && board.cols.is_multiple_of(2))
    {
        return Err(BoardError::NoReduction);
    }
    let mut cell_item = vec![usize::MAX; board.rows * board.cols];
    let mut cell_names = Vec::new();
    for row in 0..board.rows {
        for col in 0..board.cols {
            if board.cells[row * board.cols + col] {
                cell_item[row * board.cols + col] = PENTOMINOES.len() + cell_names.len();
                cell_names.push(cell_name(row, col));
            }
        }
    }
    let piece_names = PENTOMINOES.iter().map(|(name, _)| name.to_string());
    let mut problem = Problem::new(piece_names.chain(cell_names), Vec::<String>::new());
    for (piece, (name, drawing)) in PENTOMINOES.iter().enumerate() {
        let cells: Vec<(isize, isize)> = drawing
            .lines()
            .enumerate()
            .flat_map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == '#')
                    .map(move |(c, _)| (r as isize, c as isize))
            })
            .collect();
        for shape in orientations(&cells) {
            for row in 0..board.rows as isize {
                for col in 0..board.cols as isize {
                    if !shape.iter().all(|&(r, c)| board.is_cell(row + r, col + c)) {
                        continue;
                    }
                    if reduce && *name == "X" {
                        // The centre of X is its middle cell.
                        let (r, c) = shape[2];
                        let (centre_row, centre_col) = (row + r, col + c);
                        if 2 * centre_row > board.rows as isize - 1
                            || 2 * centre_col > board.cols as isize - 1
                        {
                            continue;
                        }
                    }
                    let mut items = vec![piece];
                    items.extend(shape.iter().map(|&(r, c)| {
                        cell_item[(row + r) as usize * board.cols + (col + c) as usize]
                    }));
                    problem
                        .add_option(&items)
                        .expect("distinct items of the problem");
                }
            }
        }
    }
    Ok(problem)
}
