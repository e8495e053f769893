//! The pencil-mark board of a puzzle of the general model: the values
//! placed and each open cell's candidates, with the puzzle's houses (its
//! units, and its cages, whose values differ too).
//!
//! Invariant: a placed cell's candidates are its value alone, and no open
//! cell keeps a candidate that a placed cell of one of its houses holds.
//! Candidates only ever leave; placing a value removes it from the cell's
//! house mates.

use gridsolve_sudoku::variant::{CellName, Variant};
use std::sync::Arc;

/// The bit of value `value` (1-based) in a candidate mask.
pub(crate) const fn bit(value: u8) -> u32 {
    1 << (value - 1)
}

/// The values of `mask`, in increasing order.
pub(crate) fn values_of(mask: u32) -> impl Iterator<Item = u8> {
    (0..32u8)
        .filter(move |shift| mask >> shift & 1 != 0)
        .map(|shift| shift + 1)
}

/// Cells whose values all differ: one of the puzzle's units (every value
/// once) or one of its cages (each value at most once, adding up to its
/// sum).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct House {
    /// Its cells.
    pub cells: Vec<usize>,
    /// What it is.
    pub kind: HouseKind,
}

/// A house's place in the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HouseKind {
    /// Unit `index` of [`Variant::units`].
    Unit(usize),
    /// Cage `index` of [`Variant::cages`].
    Cage(usize),
}

/// The puzzle, its houses, and the houses of each cell: shared by every
/// board of one puzzle.
#[derive(Debug, PartialEq, Eq)]
struct Layout {
    puzzle: Variant,
    houses: Vec<House>,
    of_cell: Vec<Vec<usize>>,
}

/// A puzzle of the general model with its pencil marks (see the module
/// documentation).
///
/// ```
/// use gridsolve_logic::VariantBoard;
/// use gridsolve_sudoku::variant::read;
///
/// let (puzzle, _) = read("12..\n..1.\n....\n....\n", None).unwrap();
/// let board = VariantBoard::new(&puzzle);
/// assert_eq!(board.value(0), Some(1));
/// // r1c3 sees 1 and 2 in its row and 1 in its box.
/// assert_eq!(board.candidate_values(2), vec![3, 4]);
/// assert_eq!(board.empty_count(), 13);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantBoard {
    layout: Arc<Layout>,
    values: Vec<u8>,
    candidates: Vec<u32>,
}

impl VariantBoard {
    /// The board of `puzzle`: its givens placed, each open cell open to
    /// the values no cell of its houses holds.
    pub fn new(puzzle: &Variant) -> VariantBoard {
        let units = puzzle
            .units()
            .iter()
            .enumerate()
            .map(|(index, cells)| House {
                cells: cells.clone(),
                kind: HouseKind::Unit(index),
            });
        let cages = puzzle
            .cages()
            .iter()
            .enumerate()
            .map(|(index, cage)| House {
                cells: cage.cells.clone(),
                kind: HouseKind::Cage(index),
            });
        let houses: Vec<House> = units.chain(cages).collect();
        let side = puzzle.side();
        let mut of_cell = vec![Vec::new(); side * side];
        for (index, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                of_cell[cell].push(index);
            }
        }
        let all = (1u32 << side) - 1;
        let mut board = VariantBoard {
            layout: Arc::new(Layout {
                puzzle: puzzle.clone(),
                houses,
                of_cell,
            }),
            values: vec![0; side * side],
            candidates: vec![all; side * side],
        };
        for (cell, &value) in puzzle.givens().iter().enumerate() {
            if value != 0 {
                board.place(cell, value);
            }
        }
        board
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Variant {
        &self.layout.puzzle
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.layout.puzzle.side()
    }

    /// The value of `cell` (row by row from 0), if placed.
    pub fn value(&self, cell: usize) -> Option<u8> {
        Some(self.values[cell]).filter(|&value| value != 0)
    }

    /// Every cell's value, row by row, 0 for an open cell.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of `cell`, as a mask (bit `v - 1` for value `v`).
    pub fn candidates(&self, cell: usize) -> u32 {
        self.candidates[cell]
    }

    /// The candidates of `cell`, in increasing order.
    pub fn candidate_values(&self, cell: usize) -> Vec<u8> {
        values_of(self.candidates[cell]).collect()
    }

    /// How many cells are open.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&value| value == 0).count()
    }

    /// An open cell with no candidate left (the board then has no
    /// completion), if there is one.
    pub fn dead_cell(&self) -> Option<usize> {
        (0..self.values.len()).find(|&cell| self.values[cell] == 0 && self.candidates[cell] == 0)
    }

    /// The name of `cell`: `r3c12`.
    pub fn cell_name(&self, cell: usize) -> CellName {
        self.layout.puzzle.cell_name(cell)
    }

    /// The index of the cell named `name`.
    pub(crate) fn cell_at(&self, name: CellName) -> usize {
        name.row * self.side() + name.col
    }

    /// Places `value` in `cell`, removing it from the cell's house mates.
    pub fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        self.candidates[cell] = bit(value);
        let layout = Arc::clone(&self.layout);
        for &house in &layout.of_cell[cell] {
            for &mate in &layout.houses[house].cells {
                if mate != cell {
                    self.candidates[mate] &= !bit(value);
                }
            }
        }
    }

    /// Removes candidate `value` from `cell`.
    pub fn eliminate(&mut self, cell: usize, value: u8) {
        self.candidates[cell] &= !bit(value);
    }

    /// Every house.
    pub(crate) fn houses(&self) -> &[House] {
        &self.layout.houses
    }

    /// The indices (into [`VariantBoard::houses`]) of the houses holding
    /// `cell`.
    pub(crate) fn houses_of(&self, cell: usize) -> &[usize] {
        &self.layout.of_cell[cell]
    }

    /// The name of `house`: "row 3", "region 2", "the diagonal r1c1-r9c9",
    /// "cage 4 (sum 17)".
    pub(crate) fn house_name(&self, house: &House) -> String {
        match house.kind {
            HouseKind::Unit(index) => self.layout.puzzle.unit_name(index),
            HouseKind::Cage(index) => {
                let sum = self.layout.puzzle.cages()[index].sum;
                format!("cage {} (sum {sum})", index + 1)
            }
        }
    }

    /// The open cells of `house` with `value` among their candidates.
    pub(crate) fn places(&self, house: &House, value: u8) -> Vec<usize> {
        self.open_cells(house)
            .filter(|&cell| self.candidates[cell] & bit(value) != 0)
            .collect()
    }

    /// The open cells of `house`.
    pub(crate) fn open_cells<'a>(&'a self, house: &'a House) -> impl Iterator<Item = usize> + 'a {
        house
            .cells
            .iter()
            .copied()
            .filter(|&cell| self.values[cell] == 0)
    }

    /// The values not yet placed in `house`, in increasing order.
    pub(crate) fn missing(&self, house: &House) -> impl Iterator<Item = u8> {
        let placed = house
            .cells
            .iter()
            .filter_map(|&cell| self.value(cell))
            .fold(0, |mask, value| mask | bit(value));
        (1..=self.side() as u8).filter(move |&value| placed & bit(value) == 0)
    }

    /// The units (with their index among the houses) that are boxes or
    /// jigsaw regions (`regions`), or else the rows, columns and extra
    /// units.
    pub(crate) fn units_where(&self, regions: bool) -> impl Iterator<Item = (usize, &House)> {
        let side = self.side();
        self.houses().iter().enumerate().filter(move |(_, house)| {
            matches!(house.kind, HouseKind::Unit(index) if (2 * side..3 * side).contains(&index) == regions)
        })
    }
}
