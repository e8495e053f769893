//! XY-Wing and XYZ-Wing: a pivot cell and two two-candidate peers of it
//! (the pincers) sharing a digit `z` such that, whatever the pivot takes,
//! one pincer must take `z`. So `z` leaves every cell that sees both
//! pincers (and, for an XYZ-Wing, whose pivot holds `z` too, the pivot).
//!
//! HoDoKu's W-Wing: two cells holding the same two digits `x` and `y`
//! that do not see each other, and a unit where `x` has two places only,
//! one seeing each cell. One of those places holds `x`, so one of the two
//! cells is not `x` but `y`: `y` leaves every cell that sees both.

use super::conjugate_pairs;
use crate::board::{sees, Board};
use crate::sentence::Said;
use crate::step::{removal_sentence, run_together, Step, Technique};
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
                        "Whatever {pivot} ({}) holds, {} goes in {first} or {second} ({technique}), so {}",
                        run_together(held.iter()),
                        Said(z),
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
                        explanation: explanation.into(),
                    })
                })
            })
        })
}

/// The first W-Wing.
pub(super) fn w_wing(board: &Board) -> Option<Step> {
    let technique = Technique::WWing;
    let bivalues: Vec<Cell> = Cell::all()
        .filter(|&cell| board.candidates(cell).len() == 2)
        .collect();
    // Each digit's strong links, found once.
    let pairs: Vec<_> = Digit::all()
        .map(|digit| conjugate_pairs(board, digit))
        .collect();
    bivalues.iter().enumerate().find_map(|(index, &first)| {
        let held = board.candidates(first);
        bivalues[index + 1..]
            .iter()
            .filter(|&&second| board.candidates(second) == held && !sees(first, second))
            .find_map(|&second| {
                held.iter().find_map(|x| {
                    let y = held.difference(DigitSet::single(x)).only()?;
                    let eliminations: Vec<(Cell, Digit)> = Cell::all()
                        .filter(|&cell| sees(cell, first) && sees(cell, second))
                        .filter(|&cell| board.candidates(cell).contains(y))
                        .map(|cell| (cell, y))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    pairs[usize::from(x.get()) - 1]
                        .iter()
                        .find_map(|&(unit, a, b)| {
                            let ends = [first, second];
                            let linked = |near: Cell, far: Cell| {
                                !ends.contains(&near)
                                    && !ends.contains(&far)
                                    && sees(near, first)
                                    && sees(far, second)
                            };
                            if !linked(a, b) && !linked(b, a) {
                                return None;
                            }
                            let explanation = format!(
                            "{first} and {second} both hold {}; {} in {unit} is in {a} or {b}, \
                             which see them, so one of them is {} (W-Wing), so {}",
                            run_together(held.iter()),
                            Said(x),
                            Said(y),
                            removal_sentence(&eliminations)
                        );
                            Some(Step {
                                technique,
                                rating: technique.rating(),
                                cells: vec![first, second, a, b],
                                units: vec![unit],
                                digits: held,
                                placements: Vec::new(),
                                eliminations: eliminations.clone(),
                                explanation: explanation.into(),
                            })
                        })
                })
            })
    })
}
