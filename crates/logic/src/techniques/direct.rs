//! Sudoku Explainer's direct techniques: a locked candidate, or a hidden
//! pair or triple, taken only when its eliminations leave some digit a
//! single place in a unit. The step only places that digit: the
//! eliminations are its proof, told in its sentence but not made (as in
//! Sudoku Explainer, whose path and ratings these follow), and it is rated
//! below the plain technique (1.7 to 2.5): a solver sees the placement
//! without writing pencil marks.
//!
//! Which unit is searched for the single follows Sudoku Explainer, whose
//! ratings these are: after pointing, the other boxes along the line;
//! after claiming, the other lines of the same kind through the box;
//! after a hidden subset, the subset's own unit.

use super::intersections::{locks, Lock};
use super::subsets::{hidden_sets, HiddenSet};
use crate::board::Board;
use crate::sentence::Said;
use crate::step::{Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit};

/// A pointing (`pointing`) or claiming whose eliminations leave its digit
/// one place in another unit of its base's kind.
pub(super) fn locked_candidates(board: &Board, pointing: bool) -> Option<Step> {
    let technique = if pointing {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    locks(board, pointing).find_map(|lock| {
        let (unit, cell) = single_after_lock(board, &lock)?;
        let digit = lock.digit;
        Some(Step {
            technique,
            rating: technique.rating(),
            explanation: format!(
                "{}; then in {unit}, {} fits only in {cell}, placed there",
                lock.reason(technique),
                Said(digit)
            )
            .into(),
            cells: lock.places,
            units: vec![lock.base, lock.cover, unit],
            digits: DigitSet::single(digit),
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
        })
    })
}

/// A hidden pair (`size` 2) or triple (3) whose eliminations leave another
/// digit one place in the subset's unit.
pub(super) fn hidden_subset(board: &Board, size: usize) -> Option<Step> {
    let technique = if size == 2 {
        Technique::DirectHiddenPair
    } else {
        Technique::DirectHiddenTriple
    };
    hidden_sets(board, size, size + 1).find_map(|set| {
        let (digit, cell) = single_after_hidden_set(board, &set)?;
        Some(Step {
            technique,
            rating: technique.rating(),
            explanation: format!(
                "{}; then in {}, {} fits only in {cell}, placed there",
                set.reason(technique),
                set.unit,
                Said(digit)
            )
            .into(),
            cells: set.cells,
            units: vec![set.unit],
            digits: set.digits.union(DigitSet::single(digit)),
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
        })
    })
}

/// The first unit of the lock's base kind, other than the base, that
/// crosses the cover and where the lock leaves its digit one place.
fn single_after_lock(board: &Board, lock: &Lock) -> Option<(Unit, Cell)> {
    let cover = lock.cover.cells();
    Unit::all()
        .filter(|unit| unit.kind() == lock.base.kind() && *unit != lock.base)
        .filter(|unit| unit.cells().iter().any(|cell| cover.contains(cell)))
        .find_map(|unit| Some((unit, last_place(board, unit, lock.digit, &cover)?)))
}

/// The first digit outside the subset that the subset leaves one place in
/// its unit.
fn single_after_hidden_set(board: &Board, set: &HiddenSet) -> Option<(Digit, Cell)> {
    Digit::all()
        .filter(|&digit| !set.digits.contains(digit))
        .find_map(|digit| Some((digit, last_place(board, set.unit, digit, &set.cells)?)))
}

/// The place left to `digit` in `unit` once it leaves `emptied`, when it
/// had several and exactly one lies outside `emptied`.
fn last_place(board: &Board, unit: Unit, digit: Digit, emptied: &[Cell]) -> Option<Cell> {
    let mut places = 0;
    let mut outside = Vec::new();
    for cell in board.places(unit, digit) {
        places += 1;
        if !emptied.contains(&cell) {
            outside.push(cell);
        }
    }
    match outside[..] {
        [cell] if places > 1 => Some(cell),
        _ => None,
    }
}
