//! The classic 9×9 grid and its typed indices.
//!
//! A [`Grid`] is 81 bytes in reading order, `0` for an empty cell and `1..=9`
//! for a digit; every constructor keeps that invariant, so code holding a
//! `Grid` never re-checks it. [`Cell`] (0..81) and [`Digit`] (1..=9) are
//! newtypes so that a cell index and a digit cannot be swapped by mistake.
//!
//! The general model for other box sizes and extra units (a later issue) sits
//! beside this one; the 9×9 types stay specialised because the fast solvers
//! are built on their fixed sizes.

use std::fmt;

/// Rows, columns, boxes and digits of the classic grid.
pub const SIDE: usize = 9;
/// Cells of the classic grid.
pub const CELLS: usize = SIDE * SIDE;

/// A cell of the 9×9 grid, numbered 0..81 in reading order.
///
/// Displays 1-based as `r3c7`, the notation of every message.
///
/// ```
/// use gridsolve_sudoku::Cell;
///
/// let cell = Cell::at(2, 6).unwrap();
/// assert_eq!((cell.row(), cell.col(), cell.box_index()), (2, 6, 2));
/// assert_eq!(cell.to_string(), "r3c7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with reading-order index `index`, if `index < 81`.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell in 0-based `row` and `col`, if both are below 9.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < SIDE && col < SIDE {
            Some(Cell((row * SIDE + col) as u8))
        } else {
            None
        }
    }

    /// All 81 cells in reading order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The reading-order index, 0..81.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based row.
    pub const fn row(self) -> usize {
        self.index() / SIDE
    }

    /// The 0-based column.
    pub const fn col(self) -> usize {
        self.index() % SIDE
    }

    /// The 0-based box, numbered in reading order (box 0 top left, 8 bottom
    /// right).
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit 1..=9.
///
/// ```
/// use gridsolve_sudoku::Digit;
///
/// assert_eq!(Digit::new(5).unwrap().get(), 5);
/// assert!(Digit::new(0).is_none());
/// assert_eq!(Digit::from_char('7'), Some(Digit::new(7).unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, if it is 1..=9.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= SIDE as u8 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit written as `ch`, if `ch` is `'1'..='9'`.
    pub const fn from_char(ch: char) -> Option<Digit> {
        match ch {
            '1'..='9' => Some(Digit(ch as u8 - b'0')),
            _ => None,
        }
    }

    /// All nine digits in increasing order.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=SIDE as u8).map(Digit)
    }

    /// The value 1..=9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The character `'1'..='9'`.
    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl From<Digit> for u8 {
    fn from(digit: Digit) -> u8 {
        digit.0
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A 9×9 grid: clues or a (partial) filling.
///
/// ```
/// use gridsolve_sudoku::{Cell, Digit, Grid};
///
/// let mut grid = Grid::empty();
/// let cell = Cell::at(0, 0).unwrap();
/// grid.set(cell, Digit::new(5));
/// assert_eq!(grid.get(cell), Digit::new(5));
/// assert_eq!(grid.filled_count(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The grid with every cell empty.
    pub const fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// A grid from 81 values in reading order, `0` for empty; `None` if a
    /// value is above 9.
    pub fn from_values(values: [u8; CELLS]) -> Option<Grid> {
        // A fold that does not stop early: the compiler checks many
        // values per instruction.
        values
            .iter()
            .fold(true, |valid, &v| valid & (v <= SIDE as u8))
            .then_some(Grid { cells: values })
    }

    /// The digit in `cell`, or `None` if it is empty.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` into `cell` (`None` empties it).
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The 81 values in reading order, `0` for empty.
    pub fn values(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit (rules are not checked).
    pub fn is_filled(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The filled cells with their digits, in reading order.
    pub fn clues(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Cell::all().filter_map(|cell| self.get(cell).map(|digit| (cell, digit)))
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl fmt::Debug for Grid {
    /// The 81-character line form, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", crate::formats::TextFormat::Line.render(self))
    }
}
