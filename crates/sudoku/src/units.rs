//! The 27 units of the classic grid: 9 rows, 9 columns, 9 boxes.
//!
//! A unit is a set of cells that must hold distinct digits. The tables here
//! are computed at compile time; [`UNIT_CELLS`] lists each unit's cells in
//! reading order and [`CELL_UNITS`] each cell's row, column and box. Extra
//! units (diagonals, windows, jigsaw regions) of later variants are further
//! [`Unit`]s over the same cells, so code written against `Unit` keeps
//! working when they arrive.

use crate::grid::{Cell, CELLS, SIDE};
use std::fmt;

/// The kind of a unit of the classic grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitKind {
    /// A row, numbered top to bottom.
    Row,
    /// A column, numbered left to right.
    Column,
    /// A 3×3 box, numbered in reading order.
    Box,
}

/// One of the 27 units, identified by its index 0..27: rows are 0..9,
/// columns 9..18, boxes 18..27.
///
/// ```
/// use gridsolve_sudoku::{Cell, Unit};
///
/// let units = Unit::of(Cell::at(4, 7).unwrap());
/// let names: Vec<String> = units.iter().map(|u| u.to_string()).collect();
/// assert_eq!(names, ["row 5", "column 8", "box 6"]);
/// assert_eq!(units[2].cells()[0].to_string(), "r4c7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit(u8);

/// Number of units of the classic grid.
pub const UNITS: usize = 3 * SIDE;

impl Unit {
    /// The unit with index `index`, if `index < 27`.
    pub const fn new(index: usize) -> Option<Unit> {
        if index < UNITS {
            Some(Unit(index as u8))
        } else {
            None
        }
    }

    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..UNITS as u8).map(Unit)
    }

    /// The row, column and box of `cell`.
    pub const fn of(cell: Cell) -> [Unit; 3] {
        let [row, col, boxed] = CELL_UNITS[cell.index()];
        [Unit(row), Unit(col), Unit(boxed)]
    }

    /// The index 0..27.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, column or box.
    pub const fn kind(self) -> UnitKind {
        match self.0 as usize / SIDE {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    /// The 0-based number of the unit among those of its kind.
    pub const fn number(self) -> usize {
        self.0 as usize % SIDE
    }

    /// The nine cells of the unit in reading order.
    pub fn cells(self) -> [Cell; SIDE] {
        UNIT_CELLS[self.index()].map(|index| Cell::new(index as usize).expect("table holds cells"))
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind() {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        };
        write!(f, "{kind} {}", self.number() + 1)
    }
}

/// For each unit, its cells' reading-order indices in increasing order.
pub const UNIT_CELLS: [[u8; SIDE]; UNITS] = unit_cells();

/// For each cell, the indices of its row, column and box units.
pub const CELL_UNITS: [[u8; 3]; CELLS] = cell_units();

/// How many other cells share a unit with a given cell.
pub const PEER_COUNT: usize = 20;

/// For each cell, the 20 other cells of its row, column and box, in
/// increasing order.
pub const PEERS: [[u8; PEER_COUNT]; CELLS] = peers();

const fn unit_cells() -> [[u8; SIDE]; UNITS] {
    let mut table = [[0u8; SIDE]; UNITS];
    let mut n = 0;
    while n < SIDE {
        let mut k = 0;
        while k < SIDE {
            table[n][k] = (n * SIDE + k) as u8;
            table[SIDE + n][k] = (k * SIDE + n) as u8;
            let row = n / 3 * 3 + k / 3;
            let col = n % 3 * 3 + k % 3;
            table[2 * SIDE + n][k] = (row * SIDE + col) as u8;
            k += 1;
        }
        n += 1;
    }
    table
}

const fn cell_units() -> [[u8; 3]; CELLS] {
    let mut table = [[0u8; 3]; CELLS];
    let mut index = 0;
    while index < CELLS {
        let row = index / SIDE;
        let col = index % SIDE;
        table[index] = [
            row as u8,
            (SIDE + col) as u8,
            (2 * SIDE + row / 3 * 3 + col / 3) as u8,
        ];
        index += 1;
    }
    table
}

const fn peers() -> [[u8; PEER_COUNT]; CELLS] {
    let units = cell_units();
    let mut table = [[0u8; PEER_COUNT]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut count = 0;
        let mut other = 0;
        while other < CELLS {
            let shares_unit = units[cell][0] == units[other][0]
                || units[cell][1] == units[other][1]
                || units[cell][2] == units[other][2];
            if other != cell && shares_unit {
                table[cell][count] = other as u8;
                count += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_lies_in_exactly_three_units_and_those_are_its_own() {
        for cell in Cell::all() {
            let containing: Vec<Unit> = Unit::all()
                .filter(|unit| unit.cells().contains(&cell))
                .collect();
            assert_eq!(containing, Unit::of(cell));
        }
    }

    #[test]
    fn peers_are_the_other_cells_of_the_three_units() {
        for cell in Cell::all() {
            let mut expected: Vec<u8> = Unit::of(cell)
                .iter()
                .flat_map(|unit| unit.cells())
                .filter(|&other| other != cell)
                .map(|other| other.index() as u8)
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(expected, PEERS[cell.index()]);
        }
    }

    #[test]
    fn box_cells_share_their_box_index() {
        for unit in Unit::all().filter(|u| u.kind() == UnitKind::Box) {
            for cell in unit.cells() {
                assert_eq!(cell.box_index(), unit.number());
            }
        }
    }
}
