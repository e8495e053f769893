//! Locked candidates: a digit whose places in one unit all lie in a
//! second unit must go in the overlap, so it leaves the rest of the
//! second unit. Pointing starts from a box, claiming from a row or column.

use crate::board::Board;
use crate::sentence::Said;
use crate::step::{cell_list, removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// One locked candidate: `digit`'s places in `base` all lie in `cover`,
/// so it leaves `cover`'s other cells (`eliminations`, never empty).
pub(super) struct Lock {
    /// The unit the digit is confined in.
    pub base: Unit,
    /// The unit it is confined to.
    pub cover: Unit,
    /// The digit.
    pub digit: Digit,
    /// The digit's places in `base`.
    pub places: Vec<Cell>,
    /// The digit's places in `cover` outside `base`.
    pub eliminations: Vec<(Cell, Digit)>,
}

impl Lock {
    /// The sentence's first half: where the digit fits and why it leaves
    /// the other cells.
    pub fn reason(&self, technique: Technique) -> String {
        format!(
            "In {}, {} fits only in {}, all in {} ({technique}), so {}",
            self.base,
            Said(self.digit),
            cell_list(&self.places),
            self.cover,
            removal_sentence(&self.eliminations)
        )
    }
}

/// Every locked candidate on `board` that removes something, from boxes
/// (`pointing`) or from rows and columns, base unit by base unit.
pub(super) fn locks(board: &Board, pointing: bool) -> impl Iterator<Item = Lock> + '_ {
    Unit::all()
        .filter(move |unit| (unit.kind() == UnitKind::Box) == pointing)
        .flat_map(move |base| {
            Digit::all().filter_map(move |digit| {
                let places: Vec<Cell> = board.places(base, digit).collect();
                if places.len() < 2 {
                    return None;
                }
                let cover = Unit::all().find(|&unit| {
                    unit != base
                        && (unit.kind() == UnitKind::Box) != pointing
                        && places.iter().all(|cell| unit.cells().contains(cell))
                })?;
                let eliminations: Vec<(Cell, Digit)> = board
                    .places(cover, digit)
                    .filter(|cell| !base.cells().contains(cell))
                    .map(|cell| (cell, digit))
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                Some(Lock {
                    base,
                    cover,
                    digit,
                    places,
                    eliminations,
                })
            })
        })
}

/// Locked candidates from boxes (`pointing`) or from rows and columns.
pub(super) fn locked_candidates(board: &Board, pointing: bool) -> Option<Step> {
    let technique = if pointing {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    let lock = locks(board, pointing).next()?;
    Some(Step {
        technique,
        rating: technique.rating(),
        explanation: lock.reason(technique).into(),
        cells: lock.places,
        units: vec![lock.base, lock.cover],
        digits: DigitSet::single(lock.digit),
        placements: Vec::new(),
        eliminations: lock.eliminations,
    })
}
