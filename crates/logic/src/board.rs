//! The pencil-mark grid the techniques read and change.
//!
//! Invariant of [`Board`]: a filled cell has no candidates; an empty
//! cell's candidates never include a digit placed among its peers (placing
//! a digit removes it from every peer). Candidates only ever shrink, so
//! every step taken on a board is a step a human could take on paper.

use crate::LogicError;
use gridsolve_sudoku::{
    conflicts, exact_cover_within, Budget, Cell, Digit, DigitSet, Grid, StopReason, Unit, CELLS,
};

/// A grid with its pencil marks: the digits placed and, for every empty
/// cell, the digits it may still take.
///
/// ```
/// use gridsolve_logic::Board;
/// use gridsolve_sudoku::{Cell, Digit, Grid};
///
/// let board = Board::new(&Grid::default()).unwrap();
/// let cell = Cell::at(0, 0).unwrap();
/// assert_eq!(board.candidates(cell).len(), 9);
/// assert_eq!(board.empty_count(), 81);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid,
    candidates: [DigitSet; CELLS],
}

impl Board {
    /// The board of `grid`: its digits placed, every empty cell open to
    /// the digits its peers do not hold. A grid with a digit twice in a
    /// unit is refused, naming the unit and cells.
    pub fn new(grid: &Grid) -> Result<Board, LogicError> {
        if let Some(conflict) = conflicts(grid).into_iter().next() {
            return Err(LogicError::Conflict(conflict.to_string()));
        }
        let mut board = Board {
            grid: Grid::default(),
            candidates: [DigitSet::ALL; CELLS],
        };
        for (cell, digit) in grid.clues() {
            board.place(cell, digit);
        }
        Ok(board)
    }

    /// The board written in the 729-character pencil-mark form (Sukaku
    /// Explainer's and tdoku's): for each cell in reading order nine
    /// characters, the `k`-th the digit `k` when it is a candidate and `.`
    /// (or `0`) when it is not. Spaces and line breaks are ignored. A cell
    /// with one candidate is an empty cell with one candidate (a naked
    /// single for the techniques to find), since the form does not tell a
    /// given from a mark.
    ///
    /// ```
    /// use gridsolve_logic::Board;
    /// use gridsolve_sudoku::Cell;
    ///
    /// let mut marks = "123456789".repeat(81);
    /// marks.replace_range(0..9, "1.3......");
    /// let board = Board::from_pencil_marks(&marks).unwrap();
    /// assert_eq!(board.candidates(Cell::at(0, 0).unwrap()).len(), 2);
    /// assert!(Board::from_pencil_marks("123").is_err());
    /// ```
    pub fn from_pencil_marks(text: &str) -> Result<Board, LogicError> {
        let marks: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|(_, ch)| !ch.is_whitespace())
            .collect();
        if marks.len() != 9 * CELLS {
            return Err(LogicError::PencilMarks(format!(
                "expected {} marks (9 for each of the 81 cells), found {}",
                9 * CELLS,
                marks.len()
            )));
        }
        let mut candidates = [DigitSet::EMPTY; CELLS];
        for (index, &(column, ch)) in marks.iter().enumerate() {
            let (cell, place) = (index / 9, index % 9);
            let expected = char::from(b'1' + place as u8);
            if ch == expected {
                let digit = Digit::new(place as u8 + 1).expect("places are 0..9");
                candidates[cell].insert(digit);
            } else if ch != '.' && ch != '0' {
                let cell = Cell::new(cell).expect("cells are 0..81");
                return Err(LogicError::PencilMarks(format!(
                    "column {}: mark {} of {cell} must be {expected}, '.' or '0', not {ch:?}",
                    column + 1,
                    place + 1
                )));
            }
        }
        if let Some(cell) = candidates.iter().position(|set| set.is_empty()) {
            let cell = Cell::new(cell).expect("cells are 0..81");
            return Err(LogicError::NoCandidates(cell.to_string()));
        }
        Ok(Board {
            grid: Grid::default(),
            candidates,
        })
    }

    /// The digits placed so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The digit in `cell`, if it is filled.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }

    /// The digits an empty `cell` may take (empty once it is filled).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// The number of empty cells.
    pub fn empty_count(&self) -> usize {
        CELLS - self.grid.filled_count()
    }

    /// The empty cells of `unit` where `digit` is a candidate.
    pub fn places(&self, unit: Unit, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        unit.cells()
            .into_iter()
            .filter(move |&cell| self.candidates(cell).contains(digit))
    }

    /// Writes `digit` into `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.grid.set(cell, Some(digit));
        self.candidates[cell.index()] = DigitSet::EMPTY;
        for peer in peers(cell) {
            self.candidates[peer.index()].remove(digit);
        }
    }

    /// The same board with each empty cell's candidates cut down to those
    /// of `masks` (bit `d - 1` for digit `d`).
    pub(crate) fn narrowed(&self, masks: &[u16; CELLS]) -> Board {
        let mut board = self.clone();
        for (held, &mask) in board.candidates.iter_mut().zip(masks) {
            *held = held.intersection(DigitSet::from_bits(mask));
        }
        board
    }

    /// Removes `digit` from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.candidates[cell.index()].remove(digit);
    }

    /// The first empty cell with no candidate left, if any: the board
    /// cannot be completed.
    pub fn dead_cell(&self) -> Option<Cell> {
        Cell::all().find(|&cell| self.value(cell).is_none() && self.candidates(cell).is_empty())
    }

    /// The board's completions (every empty cell given one of its
    /// candidates, every unit holding each digit once), counted up to 2
    /// within `budget`, by exact cover, and the first one found.
    ///
    /// ```
    /// use gridsolve_logic::Board;
    /// use gridsolve_sudoku::Budget;
    ///
    /// let board = Board::from_pencil_marks(&"123456789".repeat(81)).unwrap();
    /// let found = board.completions(&Budget::default());
    /// assert_eq!((found.count, found.stopped), (2, None));
    /// assert!(found.first.is_some());
    /// ```
    pub fn completions(&self, budget: &Budget) -> Completions {
        let cover = exact_cover_within(&self.grid, &self.candidates);
        let (solutions, report) = gridsolve_cover::solve_up_to(&cover.problem, 2, budget);
        let first = solutions.first().map(|options| {
            let mut grid = Grid::default();
            for &option in options {
                let placement = cover.placements[option];
                grid.set(placement.cell, Some(placement.digit));
            }
            grid
        });
        Completions {
            count: solutions.len() as u64,
            first,
            stopped: report
                .stopped
                .filter(|&reason| reason != StopReason::SolutionLimit),
        }
    }
}

/// What [`Board::completions`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completions {
    /// Completions found: 0, 1, or 2 for "more than one".
    pub count: u64,
    /// The first completion found.
    pub first: Option<Grid>,
    /// Why the budget stopped the search before it could tell (then
    /// `count` is a lower bound).
    pub stopped: Option<StopReason>,
}

/// Whether `a` and `b` are different cells sharing a unit.
pub fn sees(a: Cell, b: Cell) -> bool {
    a != b && (a.row() == b.row() || a.col() == b.col() || a.box_index() == b.box_index())
}

/// Cells as a mask: bit `i` is the cell of index `i`.
pub(crate) type Cells = u128;

/// `cell`'s bit in a [`Cells`] mask.
pub(crate) fn bit(cell: Cell) -> Cells {
    1 << cell.index()
}

/// The cells of `mask`, in index order.
pub(crate) fn cells_of(mut mask: Cells) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        let index = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        Cell::new(index)
    })
}

/// The 20 cells sharing a unit with `cell`.
pub fn peers(cell: Cell) -> impl Iterator<Item = Cell> {
    Cell::all().filter(move |&other| sees(cell, other))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_pencil_mark_is_named_by_column_cell_and_what_was_expected() {
        let mut marks = "123456789".repeat(81);
        // The second cell's third mark.
        marks.replace_range(11..12, "x");
        let error = Board::from_pencil_marks(&marks).unwrap_err().to_string();
        assert_eq!(
            error,
            "pencil marks: column 12: mark 3 of r1c2 must be 3, '.' or '0', not 'x'"
        );
    }

    #[test]
    fn a_cell_left_without_candidates_is_named() {
        let mut marks = "123456789".repeat(81);
        marks.replace_range(9..18, ".........");
        let error = Board::from_pencil_marks(&marks).unwrap_err().to_string();
        assert_eq!(error, "pencil marks: r1c2 has no candidate");
    }

    #[test]
    fn a_short_pencil_mark_line_says_how_many_marks_it_has() {
        let error = Board::from_pencil_marks("123").unwrap_err().to_string();
        assert_eq!(
            error,
            "pencil marks: expected 729 marks (9 for each of the 81 cells), found 3"
        );
    }
}
