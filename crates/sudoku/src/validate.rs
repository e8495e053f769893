//! Rule checking of a partial or complete grid.
//!
//! [`conflicts`] names every pair of equal digits that share a unit;
//! [`is_safe`] is the textbook test "may `digit` go into this empty cell?";
//! [`no_solution_message`] says why a puzzle a search proved unsolvable
//! has no solution. None of them searches: a grid without conflicts may
//! still have no solution.

use crate::digits::DigitSet;
use crate::grid::{Cell, Digit, Grid, SIDE};
use crate::units::Unit;
use std::fmt;

/// The same digit twice in one unit.
///
/// `first` comes before `second` in reading order. A digit that occurs three
/// times in a unit gives two conflicts, each pairing a later cell with the
/// first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The unit holding it twice.
    pub unit: Unit,
    /// The first cell holding it.
    pub first: Cell,
    /// A later cell holding it again.
    pub second: Cell,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} twice in {}: {} and {}",
            self.digit, self.unit, self.first, self.second
        )
    }
}

/// Every conflict of `grid`, unit by unit (rows, columns, boxes), in reading
/// order within a unit.
///
/// ```
/// use gridsolve_sudoku::{conflicts, Grid};
///
/// assert!(conflicts(&Grid::empty()).is_empty());
///
/// let line = format!("5.......5{}", ".".repeat(72));
/// let grid: Grid = line.parse().unwrap();
/// let found = conflicts(&grid);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].to_string(), "digit 5 twice in row 1: r1c1 and r1c9");
/// ```
pub fn conflicts(grid: &Grid) -> Vec<Conflict> {
    let mut found = Vec::new();
    for unit in Unit::all() {
        let mut first_seen: [Option<Cell>; SIDE + 1] = [None; SIDE + 1];
        for cell in unit.cells() {
            let Some(digit) = grid.get(cell) else {
                continue;
            };
            match first_seen[digit.get() as usize] {
                None => first_seen[digit.get() as usize] = Some(cell),
                Some(first) => found.push(Conflict {
                    digit,
                    unit,
                    first,
                    second: cell,
                }),
            }
        }
    }
    found
}

/// What to tell of a puzzle without solution: "no solution", followed by
/// the rules its clues break when they break any.
///
/// ```
/// use gridsolve_sudoku::{no_solution_message, Grid};
///
/// let clashing: Grid = format!("55{}", ".".repeat(79)).parse().unwrap();
/// assert_eq!(
///     no_solution_message(&clashing),
///     "no solution: the clues break the rules: digit 5 twice in row 1: r1c1 and r1c2; digit 5 twice in box 1: r1c1 and r1c2"
/// );
/// ```
pub fn no_solution_message(grid: &Grid) -> String {
    let found = conflicts(grid);
    if found.is_empty() {
        return "no solution".to_string();
    }
    let named: Vec<String> = found.iter().map(ToString::to_string).collect();
    format!(
        "no solution: the clues break the rules: {}",
        named.join("; ")
    )
}

/// Whether `digit` may be written into the cell at 0-based `row` and `col`:
/// no other cell of its row, column or box holds it. The cell's own content
/// is ignored; a position off the grid is never safe.
///
/// ```
/// use gridsolve_sudoku::{is_safe, Digit, Grid};
///
/// let line = format!("53..7....{}", ".".repeat(72));
/// let grid: Grid = line.parse().unwrap();
/// let d = |v| Digit::new(v).unwrap();
/// assert!(!is_safe(&grid, 0, 2, d(5)));
/// assert!(is_safe(&grid, 0, 2, d(4)));
/// ```
pub fn is_safe(grid: &Grid, row: usize, col: usize, digit: Digit) -> bool {
    let Some(cell) = Cell::at(row, col) else {
        return false;
    };
    Unit::of(cell).into_iter().all(|unit| {
        unit.cells()
            .into_iter()
            .all(|other| other == cell || grid.get(other) != Some(digit))
    })
}

/// The digits `is_safe` allows in `cell`.
pub fn legal_digits(grid: &Grid, cell: Cell) -> DigitSet {
    let mut legal = DigitSet::EMPTY;
    for digit in Digit::all() {
        if is_safe(grid, cell.row(), cell.col(), digit) {
            legal.insert(digit);
        }
    }
    legal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        format!("{line:.<81}").parse().unwrap()
    }

    #[test]
    fn a_digit_three_times_gives_two_conflicts_with_the_first_cell() {
        let found = conflicts(&grid("7...7...7"));
        let text: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "digit 7 twice in row 1: r1c1 and r1c5",
                "digit 7 twice in row 1: r1c1 and r1c9"
            ]
        );
    }

    #[test]
    fn column_and_box_conflicts_are_named() {
        // r1c1 = 4 and r2c2 = 4 share box 1; r1c1 and r9c1 share column 1.
        let mut line = String::from("4.........4");
        line.push_str(&".".repeat(61));
        line.push('4');
        let text: Vec<String> = conflicts(&grid(&line))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            text,
            [
                "digit 4 twice in column 1: r1c1 and r9c1",
                "digit 4 twice in box 1: r1c1 and r2c2"
            ]
        );
    }

    #[test]
    fn is_safe_rejects_positions_off_the_grid() {
        assert!(!is_safe(&Grid::empty(), 9, 0, Digit::new(1).unwrap()));
    }

    #[test]
    fn legal_digits_of_an_empty_grid_are_all_digits() {
        assert_eq!(
            legal_digits(&Grid::empty(), Cell::at(4, 4).unwrap()),
            DigitSet::ALL
        );
    }
}
