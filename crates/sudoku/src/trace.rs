//! Sudoku search steps in words, for the trace renderers of
//! `gridsolve-search`.
//!
//! Slots are numbered as the exact-cover items of [`crate::exact_cover()`]:
//! 0–80 the cells (what the backtracking strategies branch on), then each
//! digit in each row, column and box (what the `dlx` strategy may branch
//! on). Names count from 1 (`r1c3`); the dry-run table adds the 0-based
//! `(row,col)` of textbooks.

use crate::grid::{Cell, CELLS};
use crate::solve::Placement;
use gridsolve_search::Vocabulary;

/// Names Sudoku steps: `r1c3 = 4`, slots `r1c3` or `digit 4 in row 1`.
///
/// ```
/// use gridsolve_sudoku::{Cell, Digit, Placement, SudokuVocabulary, Vocabulary};
///
/// let placement = Placement { cell: Cell::at(0, 2).unwrap(), digit: Digit::new(4).unwrap() };
/// assert_eq!(SudokuVocabulary.choice(&placement), "r1c3 = 4");
/// assert_eq!(SudokuVocabulary.table_slot(2), "r1c3 (0,2)");
/// assert_eq!(SudokuVocabulary.slot(81 + 3), "digit 4 in row 1");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SudokuVocabulary;

impl Vocabulary<Placement> for SudokuVocabulary {
    fn slot(&self, slot: usize) -> String {
        match Cell::new(slot) {
            Some(cell) => cell.to_string(),
            None => {
                let unit = (slot - CELLS) / 81;
                let within = (slot - CELLS) % 81;
                let kind = ["row", "column", "box"]
                    .get(unit)
                    .copied()
                    .unwrap_or("unit");
                format!("digit {} in {kind} {}", within % 9 + 1, within / 9 + 1)
            }
        }
    }
    fn slot_of(&self, placement: &Placement) -> usize {
        placement.cell.index()
    }
    fn value(&self, placement: &Placement) -> String {
        placement.digit.to_string()
    }
    fn table_slot(&self, slot: usize) -> String {
        match Cell::new(slot) {
            Some(cell) => format!("{cell} ({},{})", cell.row(), cell.col()),
            None => self.slot(slot),
        }
    }
    fn slot_kind(&self) -> &str {
        "cell"
    }
    fn solution(&self) -> &str {
        "solved"
    }
    fn complete(&self) -> &str {
        "no empty cell"
    }
}
