//! XY-Wing and XYZ-Wing: a pivot cell and two two-candidate peers of it
//! (the pincers) sharing a digit `z` such that, whatever the pivot takes,
//! one pincer must take `z`. So `z` leaves every cell that sees both
//! pincers (and, for an XYZ-Wing, whose pivot holds `z` too, the pivot).

use crate::board::{sees, Board};
use crate::step::{removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet};

/// An XY-Wing (`xyz` false: a two-candidate pivot without `z`) or an
/// XYZ-Wing (a three-candidate pivot with `z`).
pub(super) fn wing(board: &Board, xyz: bool) -> Option<Step> {
    let technique = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue = |cell: Cell| board.candidates(cell).len() == 2;
    Cell::all()
        .filter(|&pivot| board.candidates(pivot).len() == pivot_size)
        .find_map(|pivot| {
            let held = board.candidates(pivot);
            let pincers: Vec<Cell> = Cell::all()
                .filter(|&cell| sees(pivot, cell) && bivalue(cell))
                .collect();
            pincers.iter().enumerate().find_map(|(index, &first)| {
                pincers[index + 1..].iter().find_map(|&second| {
                    let (a, b) = (board.candidates(first), board.candidates(second));
                    let z = a.intersection(b).only()?;
                    let wanted = if xyz {
                        a != b && a.union(b) == held && held.contains(z)
                    } else {
                        !held.contains(z) && a.union(b) == held.union(DigitSet::single(z))
                    };
                    if !wanted {
                        return None;
                    }
                    let eliminations: Vec<(Cell, Digit)> = Cell::all()
                        .filter(|&cell| sees(cell, first) && sees(cell, second))
                        .filter(|&cell| !xyz || sees(cell, pivot))
                        .filter(|&cell| board.candidates(cell).contains(z))
                        .map(|cell| (cell, z))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    let explanation = format!(
                        "Whatever {pivot} ({}) holds, {z} goes in {first} or {second} ({technique}), so {}",
                        digits_written(held),
                        removal_sentence(&eliminations)
                    );
                    Some(Step {
                        technique,
                        rating: technique.rating(),
                        cells: vec![pivot, first, second],
                        units: Vec::new(),
                        digits: a.union(b),
                        placements: Vec::new(),
                        eliminations,
                        explanation,
                    })
                })
            })
        })
}

/// Candidates run together, as pencil marks are written: `379`.
fn digits_written(digits: DigitSet) -> String {
    digits.iter().map(|digit| digit.to_string()).collect()
}
