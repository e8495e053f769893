//! The checker of variant answers: an answer is read against the puzzle's
//! rules (its givens, units and cages) value by value, sharing no code
//! with the searches of [`super::explore`], so a bug there cannot hide
//! itself here.

use super::model::{CellName, Variant};
use thiserror::Error;

/// Why an answer does not solve a variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnswerDefect {
    /// Not one value per cell.
    #[error("the answer has {found} values, the grid {cells} cells")]
    Size {
        /// Values in the answer.
        found: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// A cell left blank or holding a value past the grid's side.
    #[error("{cell} holds {value}, expected a value from 1 to {side}")]
    Value {
        /// The cell.
        cell: CellName,
        /// Its value.
        value: u8,
        /// The grid side.
        side: usize,
    },
    /// A given replaced by another value.
    #[error("{cell} holds {value}, but its given is {given}")]
    Given {
        /// The cell.
        cell: CellName,
        /// The answer's value.
        value: u8,
        /// The given.
        given: u8,
    },
    /// A value twice in a unit (1-based unit number, in the order of
    /// [`Variant::units`]).
    #[error("{first} and {second} both hold {value}, in {name}")]
    Repeat {
        /// The earlier cell.
        first: CellName,
        /// The later cell.
        second: CellName,
        /// The value.
        value: u8,
        /// 1-based unit number.
        unit: usize,
        /// The unit's name (`row 3`, `region 2`, …).
        name: String,
    },
    /// A cage repeating a value or missing its sum (1-based cage number).
    #[error("cage {cage} adds up to {total}, not {sum}, or repeats a value")]
    Cage {
        /// 1-based cage number.
        cage: usize,
        /// What its cells add up to.
        total: u32,
        /// Its sum.
        sum: u32,
    },
}

/// Checks that `answer` (row by row) solves `variant`: every cell a value
/// from 1 to N, the givens kept, no value twice in a unit, and each cage
/// distinct values that make its sum.
///
/// ```
/// use gridsolve_sudoku::variant::{parse_grid, verify_answer};
///
/// let puzzle = parse_grid("12..\n....\n....\n....", None).unwrap();
/// let answer = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// assert!(verify_answer(&puzzle, &answer).is_ok());
/// let mut wrong = answer;
/// wrong.swap(0, 1);
/// assert!(verify_answer(&puzzle, &wrong).is_err());
/// ```
pub fn verify_answer(variant: &Variant, answer: &[u8]) -> Result<(), AnswerDefect> {
    let side = variant.side();
    if answer.len() != side * side {
        return Err(AnswerDefect::Size {
            found: answer.len(),
            cells: side * side,
        });
    }
    for (cell, (&given, &value)) in variant.givens().iter().zip(answer).enumerate() {
        if value == 0 || usize::from(value) > side {
            return Err(AnswerDefect::Value {
                cell: variant.cell_name(cell),
                value,
                side,
            });
        }
        if given != 0 && given != value {
            return Err(AnswerDefect::Given {
                cell: variant.cell_name(cell),
                value,
                given,
            });
        }
    }
    for (index, unit) in variant.units().iter().enumerate() {
        let mut holder: Vec<Option<usize>> = vec![None; side + 1];
        for &cell in unit {
            let value = answer[cell];
            if let Some(first) = holder[usize::from(value)].replace(cell) {
                return Err(AnswerDefect::Repeat {
                    first: variant.cell_name(first),
                    second: variant.cell_name(cell),
                    value,
                    unit: index + 1,
                    name: variant.unit_name(index),
                });
            }
        }
    }
    for (index, cage) in variant.cages().iter().enumerate() {
        let values: Vec<u8> = cage.cells.iter().map(|&cell| answer[cell]).collect();
        let total: u32 = values.iter().map(|&value| u32::from(value)).sum();
        let mut distinct = values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if total != cage.sum || distinct.len() != values.len() {
            return Err(AnswerDefect::Cage {
                cage: index + 1,
                total,
                sum: cage.sum,
            });
        }
    }
    Ok(())
}
