//! Sudoku as exact cover: 324 primary items — each cell filled (`p` row
//! col), each digit once in each row (`r` row digit), column (`c` col
//! digit) and box (`b` box digit) — and one option per cell and digit:
//! for a clue only its digit, for an empty cell every digit no clue of its
//! units already holds. Rows, columns and boxes count from 0; digits are
//! 1-9.

use crate::digits::DigitSet;
use crate::grid::{Cell, Grid, CELLS};
use crate::solve::Placement;
use gridsolve_cover::Problem;

/// A puzzle as exact cover, with the placement each option stands for.
#[derive(Clone, Debug)]
pub struct ExactCover {
    /// The exact-cover problem.
    pub problem: Problem,
    /// For each option, the digit it writes into its cell.
    pub placements: Vec<Placement>,
}

/// The exact-cover form of `puzzle`.
///
/// ```
/// use gridsolve_sudoku::{exact_cover, Grid};
///
/// let cover = exact_cover(&Grid::empty());
/// assert_eq!(cover.problem.items().len(), 324);
/// assert_eq!(cover.placements.len(), 729);
/// assert_eq!(cover.problem.option_text(0), "p00 r01 c01 b01");
/// ```
pub fn exact_cover(puzzle: &Grid) -> ExactCover {
    exact_cover_within(puzzle, &[DigitSet::ALL; CELLS])
}

/// The exact-cover form of `puzzle` with each empty cell's digits also
/// limited to `allowed` (a pencil-mark grid): an option for a digit
/// `allowed` leaves out of its cell is not made.
///
/// ```
/// use gridsolve_sudoku::{exact_cover_within, DigitSet, Digit, Grid, CELLS};
///
/// let mut allowed = [DigitSet::ALL; CELLS];
/// allowed[0] = DigitSet::single(Digit::new(5).unwrap());
/// assert_eq!(exact_cover_within(&Grid::empty(), &allowed).placements.len(), 721);
/// ```
pub fn exact_cover_within(puzzle: &Grid, allowed: &[DigitSet; CELLS]) -> ExactCover {
    let mut names = Vec::with_capacity(324);
    for prefix in ["p", "r", "c", "b"] {
        for major in 0..9 {
            for minor in 0..9 {
                // Cells are (row, col) from 0; the other items (unit, digit 1-9).
                let minor = if prefix == "p" { minor } else { minor + 1 };
                names.push(format!("{prefix}{major}{minor}"));
            }
        }
    }
    let mut problem = Problem::new(names, Vec::<String>::new());
    let mut placements = Vec::new();
    let placements_allowed = placements_of(puzzle).filter(|placement| {
        puzzle.get(placement.cell).is_some()
            || allowed[placement.cell.index()].contains(placement.digit)
    });
    for placement in placements_allowed {
        let option = items(placement).map(|item| item as usize);
        problem.add_option(&option).expect("four distinct items");
        placements.push(placement);
    }
    ExactCover {
        problem,
        placements,
    }
}

/// The placements that become options, in option order: for a clue its
/// digit, for an empty cell every digit no clue of its units holds.
pub(crate) fn placements_of(puzzle: &Grid) -> impl Iterator<Item = Placement> + '_ {
    // The digits the clues hold in each row, column and box (repeats and
    // all: a puzzle that breaks a rule still gets its options).
    let mut held = [[DigitSet::EMPTY; 9]; 3];
    for (cell, digit) in puzzle.clues() {
        held[0][cell.row()].insert(digit);
        held[1][cell.col()].insert(digit);
        held[2][cell.box_index()].insert(digit);
    }
    Cell::all().flat_map(move |cell| {
        let digits = match puzzle.get(cell) {
            Some(clue) => DigitSet::single(clue),
            None => DigitSet::ALL.difference(
                held[0][cell.row()]
                    .union(held[1][cell.col()])
                    .union(held[2][cell.box_index()]),
            ),
        };
        digits.iter().map(move |digit| Placement { cell, digit })
    })
}

/// The four items (0-based) that `placement` covers.
pub(crate) fn items(placement: Placement) -> [u32; 4] {
    let Placement { cell, digit } = placement;
    let d = usize::from(digit.get()) - 1;
    [
        cell.index(),
        81 + cell.row() * 9 + d,
        162 + cell.col() * 9 + d,
        243 + cell.box_index() * 9 + d,
    ]
    .map(|item| item as u32)
}
