//! Naked and hidden subsets: `k` open cells of a house holding only `k`
//! values between them (naked: those values leave the house's other
//! cells; any house, cages too), or `k` values of a unit with only `k`
//! places between them (hidden: the other candidates leave those cells;
//! units only, since a cage need not hold a given value).

use super::{named_moves, names, removals, Draft, VariantBoard, VariantStep, VariantTechnique};
use crate::step::{cell_list, digit_list, removal_sentence, Technique};
use crate::techniques::subsets_of;
use crate::variant::board::{bit, values_of, HouseKind};

/// The first naked subset of `size` (2 to 4) cells that removes something.
pub(super) fn naked(board: &VariantBoard, size: usize) -> Option<VariantStep> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][size - 2];
    board.houses().iter().find_map(|house| {
        let open: Vec<usize> = board.open_cells(house).collect();
        // As on the classic grid: a unit with fewer than twice `size` open
        // cells holds a smaller hidden subset, found first.
        let least = match house.kind {
            HouseKind::Unit(_) => 2 * size,
            HouseKind::Cage(_) => size + 1,
        };
        if open.len() < least {
            return None;
        }
        let small: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&cell| board.candidates(cell).count_ones() as usize <= size)
            .collect();
        subsets_of(&small, size).find_map(|cells| {
            let values = cells
                .iter()
                .fold(0, |mask, &cell| mask | board.candidates(cell));
            if values.count_ones() as usize != size {
                return None;
            }
            let others = open.iter().copied().filter(|cell| !cells.contains(cell));
            let eliminations = removals(board, others, values);
            if eliminations.is_empty() {
                return None;
            }
            let unit = board.house_name(house);
            let explanation = format!(
                "In {unit}, {} hold only {} between them ({technique}), so {}",
                cell_list(&names(board, &cells)),
                digit_list(values_of(values)),
                removal_sentence(&named_moves(board, &eliminations))
            );
            let draft = Draft::removal(
                VariantTechnique::Classic(technique),
                cells,
                vec![unit],
                values,
                eliminations,
            );
            Some(draft.named(board, explanation))
        })
    })
}

/// The first hidden subset of `size` (2 to 4) values that removes
/// something.
pub(super) fn hidden(board: &VariantBoard, size: usize) -> Option<VariantStep> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][size - 2];
    board.houses().iter().find_map(|house| {
        let HouseKind::Unit(_) = house.kind else {
            return None;
        };
        let open_values: Vec<u8> = board
            .missing(house)
            .filter(|&value| (2..=size).contains(&board.places(house, value).len()))
            .collect();
        subsets_of(&open_values, size).find_map(|chosen| {
            let mut cells: Vec<usize> = chosen
                .iter()
                .flat_map(|&value| board.places(house, value))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != size {
                return None;
            }
            let values = chosen.iter().fold(0, |mask, &value| mask | bit(value));
            let eliminations = removals(board, cells.iter().copied(), !values);
            if eliminations.is_empty() {
                return None;
            }
            let unit = board.house_name(house);
            let explanation = format!(
                "In {unit}, {} fit only in {} ({technique}), so the other candidates leave those cells: {}",
                digit_list(chosen.iter().copied()),
                cell_list(&names(board, &cells)),
                removal_sentence(&named_moves(board, &eliminations))
            );
            let draft = Draft::removal(VariantTechnique::Classic(technique), cells, vec![unit], values, eliminations);
            Some(draft.named(board, explanation))
        })
    })
}
