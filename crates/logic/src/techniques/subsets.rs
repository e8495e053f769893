//! Naked and hidden subsets: `k` cells of a unit holding only `k` digits
//! between them (naked), or `k` digits of a unit with only `k` places
//! between them (hidden). Either way those cells take exactly those
//! digits: naked, the digits leave the unit's other cells; hidden, the
//! other digits leave those cells.

use super::subsets_of;
use crate::board::Board;
use crate::step::{cell_list, digit_list, removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit};

/// A naked subset of `size` (2 to 4) cells.
pub(super) fn naked(board: &Board, size: usize) -> Option<Step> {
    naked_subsets(board, size).next()
}

/// Every naked subset of `size` (2 to 4) cells that removes something,
/// unit by unit.
pub(super) fn naked_subsets(board: &Board, size: usize) -> impl Iterator<Item = Step> + '_ {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let open_units = Unit::all().map(move |unit| {
        let empty: Vec<Cell> = unit
            .cells()
            .into_iter()
            .filter(|&cell| board.value(cell).is_none())
            .collect();
        (unit, empty)
    });
    // As in Sudoku Explainer: with fewer than twice `size` empty cells the
    // others form a smaller hidden subset, found first.
    let wide = open_units.filter(move |(_, empty)| empty.len() >= 2 * size);
    wide.flat_map(move |(unit, empty)| {
        subsets_of(&empty, size).filter_map(move |cells| {
            let digits = cells.iter().fold(DigitSet::EMPTY, |set, &cell| {
                set.union(board.candidates(cell))
            });
            if digits.len() as usize != size {
                return None;
            }
            let others = empty.iter().filter(|cell| !cells.contains(cell));
            let eliminations = removals(board, others, |held| held.intersection(digits));
            if eliminations.is_empty() {
                return None;
            }
            let explanation = format!(
                "In {unit}, {} hold only {} between them ({technique}), so {}",
                cell_list(&cells),
                digit_list(digits.iter()),
                removal_sentence(&eliminations)
            );
            Some(Step {
                technique,
                rating: technique.rating(),
                cells,
                units: vec![unit],
                digits,
                placements: Vec::new(),
                eliminations,
                explanation: explanation.into(),
            })
        })
    })
}

/// A hidden subset of `size` (2 to 4) digits.
pub(super) fn hidden(board: &Board, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    // As in Sudoku Explainer: in a unit of at most twice `size` empty
    // cells, the other cells form a naked subset no larger, found first.
    let set = hidden_sets(board, size, 2 * size + 1).next()?;
    Some(Step {
        technique,
        rating: technique.rating(),
        explanation: set.reason(technique).into(),
        cells: set.cells,
        units: vec![set.unit],
        digits: set.digits,
        placements: Vec::new(),
        eliminations: set.eliminations,
    })
}

/// A hidden subset: `digits` fit in `unit` only in `cells`, as many as
/// they, so the other candidates leave those cells (`eliminations`,
/// never empty).
pub(super) struct HiddenSet {
    /// The unit.
    pub unit: Unit,
    /// The digits.
    pub digits: DigitSet,
    /// Their places in the unit.
    pub cells: Vec<Cell>,
    /// The other candidates of those cells.
    pub eliminations: Vec<(Cell, Digit)>,
}

impl HiddenSet {
    /// The sentence that says why the candidates leave.
    pub fn reason(&self, technique: Technique) -> String {
        format!(
            "In {}, {} fit only in {} ({technique}), so the other candidates leave those cells: {}",
            self.unit,
            digit_list(self.digits.iter()),
            cell_list(&self.cells),
            removal_sentence(&self.eliminations)
        )
    }
}

/// Every hidden subset of `size` digits that removes something, in units
/// with at least `min_empty` empty cells, unit by unit.
pub(super) fn hidden_sets(
    board: &Board,
    size: usize,
    min_empty: usize,
) -> impl Iterator<Item = HiddenSet> + '_ {
    Unit::all()
        .filter(move |&unit| {
            let empty = unit
                .cells()
                .into_iter()
                .filter(|&cell| board.value(cell).is_none());
            empty.count() >= min_empty
        })
        .flat_map(move |unit| {
            let open: Vec<Digit> = Digit::all()
                .filter(|&digit| board.places(unit, digit).next().is_some())
                .collect();
            subsets_of(&open, size).filter_map(move |chosen| {
                let digits = chosen.iter().fold(DigitSet::EMPTY, |set, &digit| {
                    set.union(DigitSet::single(digit))
                });
                let cells: Vec<Cell> = unit
                    .cells()
                    .into_iter()
                    .filter(|&cell| !board.candidates(cell).intersection(digits).is_empty())
                    .collect();
                if cells.len() != size {
                    return None;
                }
                let eliminations = removals(board, &cells, |held| held.difference(digits));
                if eliminations.is_empty() {
                    return None;
                }
                Some(HiddenSet {
                    unit,
                    digits,
                    cells,
                    eliminations,
                })
            })
        })
}

/// For each of `cells`, the candidates `gone` picks from its candidates.
fn removals<'a>(
    board: &Board,
    cells: impl IntoIterator<Item = &'a Cell>,
    gone: impl Fn(DigitSet) -> DigitSet,
) -> Vec<(Cell, Digit)> {
    cells
        .into_iter()
        .flat_map(|&cell| {
            gone(board.candidates(cell))
                .iter()
                .map(move |digit| (cell, digit))
        })
        .collect()
}
