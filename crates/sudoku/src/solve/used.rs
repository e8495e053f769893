//! The three used-tables of the textbook backtracker: for each row, column
//! and box, the set of digits already placed in it.
//!
//! Invariant: a digit is in a row's (column's, box's) set exactly when some
//! cell of that row (column, box) holds it, so the legal digits of an empty
//! cell are the digits in none of its three sets.

use crate::digits::DigitSet;
use crate::grid::{Cell, Digit, Grid, SIDE};

#[derive(Clone, Copy)]
pub(super) struct UsedTables {
    rows: [DigitSet; SIDE],
    cols: [DigitSet; SIDE],
    boxes: [DigitSet; SIDE],
}

impl UsedTables {
    /// The tables of `grid`, or `None` if its clues already repeat a digit.
    pub(super) fn from_grid(grid: &Grid) -> Option<Self> {
        let mut used = UsedTables {
            rows: [DigitSet::EMPTY; SIDE],
            cols: [DigitSet::EMPTY; SIDE],
            boxes: [DigitSet::EMPTY; SIDE],
        };
        for (cell, digit) in grid.clues() {
            if !used.legal(cell).contains(digit) {
                return None;
            }
            used.place(cell, digit);
        }
        Some(used)
    }

    /// The digits no unit of `cell` holds yet.
    #[inline]
    pub(super) fn legal(&self, cell: Cell) -> DigitSet {
        DigitSet::ALL.difference(
            self.rows[cell.row()]
                .union(self.cols[cell.col()])
                .union(self.boxes[cell.box_index()]),
        )
    }

    #[inline]
    pub(super) fn place(&mut self, cell: Cell, digit: Digit) {
        self.rows[cell.row()].insert(digit);
        self.cols[cell.col()].insert(digit);
        self.boxes[cell.box_index()].insert(digit);
    }

    #[inline]
    pub(super) fn remove(&mut self, cell: Cell, digit: Digit) {
        self.rows[cell.row()].remove(digit);
        self.cols[cell.col()].remove(digit);
        self.boxes[cell.box_index()].remove(digit);
    }
}
