//! Locked candidates: a digit whose places in one unit all lie in a
//! second unit must go in the overlap, so it leaves the rest of the
//! second unit. Pointing starts from a box, claiming from a row or column.

use crate::board::Board;
use crate::step::{cell_list, removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// Locked candidates from boxes (`pointing`) or from rows and columns.
pub(super) fn locked_candidates(board: &Board, pointing: bool) -> Option<Step> {
    let technique = if pointing {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    Unit::all()
        .filter(|unit| (unit.kind() == UnitKind::Box) == pointing)
        .find_map(|base| {
            Digit::all().find_map(|digit| {
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
                let explanation = format!(
                    "In {base}, {digit} fits only in {}, all in {cover} ({technique}), so {}",
                    cell_list(&places),
                    removal_sentence(&eliminations)
                );
                Some(Step {
                    technique,
                    cells: places,
                    units: vec![base, cover],
                    digits: DigitSet::single(digit),
                    placements: Vec::new(),
                    eliminations,
                    explanation,
                })
            })
        })
}
