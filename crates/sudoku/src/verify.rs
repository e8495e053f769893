//! The independent answer checker.
//!
//! [`verify_solution`] decides whether an answer is a solved grid that keeps
//! every clue. It shares nothing with the solvers (no unit tables, no digit
//! sets): it recomputes rows, columns and boxes from coordinates and counts
//! digits in plain arrays, so a bug in the solvers' bookkeeping cannot hide
//! itself here.

use crate::grid::{Cell, Grid};
use thiserror::Error;

/// Why an answer is not a solution of its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SolutionDefect {
    /// A cell of the answer is empty.
    #[error("{cell} is empty")]
    Empty {
        /// The empty cell.
        cell: Cell,
    },
    /// The answer changed a clue.
    #[error("{cell} holds {found} but the clue there is {clue}")]
    ClueChanged {
        /// The clue's cell.
        cell: Cell,
        /// The puzzle's digit.
        clue: u8,
        /// The answer's digit.
        found: u8,
    },
    /// A row, column or box lacks a digit (and so repeats another).
    #[error("{kind} {number} does not hold digit {digit}")]
    MissingDigit {
        /// "row", "column" or "box".
        kind: &'static str,
        /// 1-based number of the unit among those of its kind.
        number: usize,
        /// The missing digit.
        digit: u8,
    },
}

/// Checks that `answer` is a complete, rule-abiding grid that agrees with
/// every clue of `puzzle`.
///
/// ```
/// use gridsolve_sudoku::{verify_solution, Grid};
///
/// let puzzle: Grid = ".".repeat(81).parse().unwrap();
/// let almost: Grid = format!("{}.", "1".repeat(80)).parse().unwrap();
/// assert!(verify_solution(&puzzle, &almost).is_err());
/// ```
pub fn verify_solution(puzzle: &Grid, answer: &Grid) -> Result<(), SolutionDefect> {
    let values = answer.values();
    let clues = puzzle.values();
    for index in 0..81 {
        let cell = Cell::new(index).expect("index below 81");
        if values[index] == 0 {
            return Err(SolutionDefect::Empty { cell });
        }
        if clues[index] != 0 && clues[index] != values[index] {
            return Err(SolutionDefect::ClueChanged {
                cell,
                clue: clues[index],
                found: values[index],
            });
        }
    }
    for (kind, name) in ["row", "column", "box"].into_iter().enumerate() {
        for number in 0..9 {
            let mut seen = [false; 10];
            for k in 0..9 {
                let (row, col) = match kind {
                    0 => (number, k),
                    1 => (k, number),
                    _ => (number / 3 * 3 + k / 3, number % 3 * 3 + k % 3),
                };
                seen[values[row * 9 + col] as usize] = true;
            }
            if let Some(digit) = (1..=9u8).find(|&d| !seen[d as usize]) {
                return Err(SolutionDefect::MissingDigit {
                    kind: name,
                    number: number + 1,
                    digit,
                });
            }
        }
    }
    Ok(())
}
