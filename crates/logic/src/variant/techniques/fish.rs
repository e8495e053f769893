//! Basic fish on rows and columns, which every grid of the general model
//! has: when a value's places in `k` rows lie in `k` columns, those rows
//! take the value in those columns, so it leaves the columns' other cells
//! (and the same with rows and columns swapped).

use super::{named_moves, Draft, VariantBoard, VariantStep, VariantTechnique};
use crate::sentence::Said;
use crate::step::{listed, removal_sentence, Technique};
use crate::techniques::subsets_of;
use crate::variant::board::bit;

/// The first fish of `size` (2 to 4) lines that removes something: rows
/// as its base first, then columns.
pub(super) fn basic(board: &VariantBoard, size: usize) -> Option<VariantStep> {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][size - 2];
    let side = board.side();
    let houses = board.houses();
    // Rows are units 0 to N - 1, columns N to 2N - 1.
    [0, side].into_iter().find_map(|base_start| {
        let cover_start = side - base_start;
        let across = |cell: usize| {
            if base_start == 0 {
                cell % side
            } else {
                cell / side
            }
        };
        (1..=side as u8).find_map(|value| {
            let lines: Vec<usize> = (base_start..base_start + side)
                // A line where the value is placed has no place for it.
                .filter(|&line| (2..=size).contains(&board.places(&houses[line], value).len()))
                .collect();
            subsets_of(&lines, size).find_map(|base| {
                let places: Vec<usize> = base
                    .iter()
                    .flat_map(|&line| board.places(&houses[line], value))
                    .collect();
                let covered = places
                    .iter()
                    .fold(0u32, |mask, &cell| mask | 1 << across(cell));
                if covered.count_ones() as usize != size {
                    return None;
                }
                let cover: Vec<usize> = (0..side)
                    .filter(|&number| covered >> number & 1 != 0)
                    .map(|number| cover_start + number)
                    .collect();
                let mut eliminations: Vec<(usize, u8)> = cover
                    .iter()
                    .flat_map(|&line| board.places(&houses[line], value))
                    .filter(|cell| !places.contains(cell))
                    .map(|cell| (cell, value))
                    .collect();
                eliminations.sort_unstable();
                if eliminations.is_empty() {
                    return None;
                }
                let line_names = |lines: &[usize]| -> Vec<String> {
                    lines
                        .iter()
                        .map(|&line| board.house_name(&houses[line]))
                        .collect()
                };
                let (base_names, cover_names) = (line_names(&base), line_names(&cover));
                let explanation = format!(
                    "{} in {} is confined to {} ({technique}), so {}",
                    Said(value),
                    listed(&base_names),
                    listed(&cover_names),
                    removal_sentence(&named_moves(board, &eliminations))
                );
                let draft = Draft::removal(
                    VariantTechnique::Classic(technique),
                    places,
                    base_names.into_iter().chain(cover_names).collect(),
                    bit(value),
                    eliminations,
                );
                Some(draft.named(board, explanation))
            })
        })
    })
}
