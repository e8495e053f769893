//! Placing a digit: the last cell of a unit, the last place of a digit in
//! a unit, the last candidate of a cell.

use crate::board::Board;
use crate::sentence::Said;
use crate::step::{Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// A unit with one empty cell: that cell takes the unit's missing digit.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    Unit::all().find_map(|unit| {
        let mut empty = unit
            .cells()
            .into_iter()
            .filter(|&c| board.value(c).is_none());
        let cell = empty.next()?;
        if empty.next().is_some() {
            return None;
        }
        let digit = board.candidates(cell).only()?;
        Some(placement(
            Technique::FullHouse,
            unit,
            cell,
            digit,
            format!(
                "{cell} is the last empty cell of {unit}, so it holds {} (full house)",
                Said(digit)
            ),
        ))
    })
}

/// A digit with one place left in a box (`boxes`) or in a row or column.
pub(super) fn hidden_single(board: &Board, boxes: bool) -> Option<Step> {
    let technique = if boxes {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    Unit::all()
        .filter(|unit| (unit.kind() == UnitKind::Box) == boxes)
        .find_map(|unit| {
            Digit::all().find_map(|digit| {
                let mut places = board.places(unit, digit);
                let cell = places.next()?;
                if places.next().is_some() {
                    return None;
                }
                Some(placement(
                    technique,
                    unit,
                    cell,
                    digit,
                    format!(
                        "In {unit}, {} fits only in {cell} (hidden single)",
                        Said(digit)
                    ),
                ))
            })
        })
}

/// A cell with one candidate.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    Cell::all().find_map(|cell| {
        let digit = board.candidates(cell).only()?;
        Some(Step {
            technique: Technique::NakedSingle,
            rating: Technique::NakedSingle.rating(),
            cells: vec![cell],
            units: Vec::new(),
            digits: DigitSet::single(digit),
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            explanation: format!(
                "{} is the only candidate left in {cell}: its row, column and box hold every other digit (naked single)",
                Said(digit)
            )
            .into(),
        })
    })
}

fn placement(
    technique: Technique,
    unit: Unit,
    cell: Cell,
    digit: Digit,
    explanation: String,
) -> Step {
    Step {
        technique,
        rating: technique.rating(),
        cells: vec![cell],
        units: vec![unit],
        digits: DigitSet::single(digit),
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        explanation: explanation.into(),
    }
}
