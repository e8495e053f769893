//! Locked candidates: a value whose places in a unit all lie in another
//! house (a unit or a cage) is that unit's value there, so it leaves the
//! other cells of that house. From a box or jigsaw region it is a
//! pointing; from a row, a column or an extra unit, a claiming.

use super::{holds, named_moves, names, Draft, VariantBoard, VariantStep, VariantTechnique};
use crate::sentence::Said;
use crate::step::{cell_list, removal_sentence, Technique};
use crate::variant::board::{bit, HouseKind};

/// The first locked candidate that removes something, from boxes or
/// regions (`from_regions`) or from the other units.
pub(super) fn locked(board: &VariantBoard, from_regions: bool) -> Option<VariantStep> {
    let side = board.side();
    let technique = if from_regions {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    let houses = board.houses();
    houses.iter().enumerate().find_map(|(base_index, base)| {
        let HouseKind::Unit(unit) = base.kind else {
            return None;
        };
        if (2 * side..3 * side).contains(&unit) != from_regions {
            return None;
        }
        let placed = board.placed_in(base);
        (1..=side as u8)
            .filter(|&value| !holds(placed, value))
            .find_map(|value| {
                let places = board.places(base, value);
                let (&first, true) = (places.first()?, places.len() >= 2) else {
                    return None;
                };
                board.houses_of(first).iter().find_map(|&cover_index| {
                    let cover = &houses[cover_index];
                    let covers_all = places.iter().all(|cell| cover.cells.contains(cell));
                    if cover_index == base_index || !covers_all {
                        return None;
                    }
                    let eliminations: Vec<(usize, u8)> = board
                        .places(cover, value)
                        .into_iter()
                        .filter(|cell| !places.contains(cell))
                        .map(|cell| (cell, value))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    let (base_name, cover_name) = (board.house_name(base), board.house_name(cover));
                    let explanation = format!(
                        "In {base_name}, {} fits only in {}, all in {cover_name} ({technique}), so {}",
                        Said(value),
                        cell_list(&names(board, &places)),
                        removal_sentence(&named_moves(board, &eliminations))
                    );
                    let draft = Draft {
                        technique: VariantTechnique::Classic(technique),
                        cells: places.clone(),
                        units: vec![base_name, cover_name],
                        values: bit(value),
                        placements: Vec::new(),
                        eliminations,
                    };
                    Some(draft.named(board, explanation))
                })
            })
    })
}
