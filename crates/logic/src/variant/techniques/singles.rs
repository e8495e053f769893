//! Singles: the last open cell of a unit (full house), a value with one
//! place left in a unit (hidden single), a cell with one candidate left
//! (naked single).

use super::{Draft, VariantBoard, VariantStep, VariantTechnique};
use crate::sentence::Said;
use crate::step::Technique;
use crate::variant::board::{values_of, HouseKind};

/// The last open cell of a unit, which holds the value the unit lacks.
pub(super) fn full_house(board: &VariantBoard) -> Option<VariantStep> {
    board.houses().iter().find_map(|house| {
        let HouseKind::Unit(_) = house.kind else {
            return None;
        };
        let mut open = board.open_cells(house);
        let (cell, None) = (open.next()?, open.next()) else {
            return None;
        };
        let candidates = board.candidates(cell);
        if candidates.count_ones() != 1 {
            return None;
        }
        let value = values_of(candidates).next()?;
        let unit = board.house_name(house);
        let explanation = format!(
            "{} is the last empty cell of {unit}, so it holds {} (full house)",
            board.cell_name(cell),
            Said(value)
        );
        Some(placement(Technique::FullHouse, cell, value, vec![unit]).named(board, explanation))
    })
}

/// A value with one place left in a box or jigsaw region (`regions`), or
/// in a row, a column or an extra unit.
pub(super) fn hidden_single(board: &VariantBoard, regions: bool) -> Option<VariantStep> {
    let technique = if regions {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    board.units_where(regions).find_map(|(_, house)| {
        board.missing(house).find_map(|value| {
            let [cell] = board.places(house, value)[..] else {
                return None;
            };
            let unit = board.house_name(house);
            let explanation = format!(
                "In {unit}, {} fits only in {} (hidden single)",
                Said(value),
                board.cell_name(cell)
            );
            Some(placement(technique, cell, value, vec![unit]).named(board, explanation))
        })
    })
}

/// An open cell with one candidate left.
pub(super) fn naked_single(board: &VariantBoard) -> Option<VariantStep> {
    (0..board.values().len()).find_map(|cell| {
        let candidates = board.candidates(cell);
        if board.value(cell).is_some() || candidates.count_ones() != 1 {
            return None;
        }
        let value = values_of(candidates).next()?;
        let explanation = format!(
            "{} is the only candidate left in {} (naked single)",
            Said(value),
            board.cell_name(cell)
        );
        Some(placement(Technique::NakedSingle, cell, value, Vec::new()).named(board, explanation))
    })
}

/// The draft of a single placing `value` in `cell`.
fn placement(technique: Technique, cell: usize, value: u8, units: Vec<String>) -> Draft {
    Draft::placement(VariantTechnique::Classic(technique), cell, value, units)
}
