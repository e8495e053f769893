//! Locked candidates: a value whose places in a unit all lie in another
//! house (a unit or a cage) is that unit's value there, so it leaves the
//! other cells of that house. From a box or jigsaw region it is a
//! pointing; from a row, a column or an extra unit, a claiming.

use super::{
    locked_elsewhere, named_moves, names, Draft, VariantBoard, VariantStep, VariantTechnique,
};
use crate::sentence::Said;
use crate::step::{cell_list, removal_sentence, Technique};
use crate::variant::board::bit;

/// The first locked candidate that removes something, from boxes or
/// regions (`from_regions`) or from the other units.
pub(super) fn locked(board: &VariantBoard, from_regions: bool) -> Option<VariantStep> {
    let technique = if from_regions {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    board
        .units_where(from_regions)
        .find_map(|(base_index, base)| {
            board.missing(base).find_map(|value| {
                let places = board.places(base, value);
                if places.len() < 2 {
                    return None;
                }
                let (cover, eliminations) = locked_elsewhere(board, &places, value, base_index)?;
                let (base_name, cover_name) = (board.house_name(base), board.house_name(cover));
                let explanation = format!(
                    "In {base_name}, {} fits only in {}, all in {cover_name} ({technique}), so {}",
                    Said(value),
                    cell_list(&names(board, &places)),
                    removal_sentence(&named_moves(board, &eliminations))
                );
                let units = vec![base_name, cover_name];
                let technique = VariantTechnique::Classic(technique);
                let draft = Draft::removal(technique, places, units, bit(value), eliminations);
                Some(draft.named(board, explanation))
            })
        })
}
