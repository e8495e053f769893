//! The Killer techniques, each on cells that add up to a known total (a
//! [`Sum`]): a candidate that no filling of the sum gives its cell leaves
//! it.
//!
//! - Cage combinations: a cage's open cells make what its placed cells
//!   leave of its sum, with distinct values.
//! - Innies: an area's cells outside the cages lying wholly inside it make
//!   what those cages leave of the area's total (1 + 2 + … + N per unit,
//!   45 on a 9×9: the rule of 45).
//! - Outies: the cells outside an area of the cages reaching into it make
//!   what the area leaves of those cages' sums.
//! - Required values: a value every filling of a cage uses is in the cage,
//!   so it leaves any other house holding all its places there.
//!
//! Cells in one house take distinct values: the sets of values that make
//! the sum are listed first (by count and sum alone), then each set is
//! matched to the cells by their candidates ([`matched_values`]). A sum
//! with more sets than [`MAX_SETS`] is left to the other techniques.
//! Cells in several houses (at most [`MAX_SPREAD_CELLS`]) are filled one
//! by one, a value repeating only where two cells share no house.

use super::matching::matched_values;
use super::{
    holds, locked_elsewhere, named_moves, names, Draft, VariantBoard, VariantStep, VariantTechnique,
};
use crate::sentence::Said;
use crate::step::{cell_list, listed, removal_sentence};
use crate::variant::board::{bit, values_of, House, HouseKind};
use gridsolve_sudoku::variant::MAX_SIDE;

/// The most value sets a cage's sum is checked against.
const MAX_SETS: usize = 2_000;

/// The most open cells of a sum that lie in no one house (so that values
/// may repeat) whose fillings are tried one by one.
const MAX_SPREAD_CELLS: usize = 4;

/// How many of a cage's value sets the sentence lists; past this, it
/// gives their number.
const LISTED_SETS: usize = 6;

/// The first cage whose fillings leave a candidate unused.
pub(super) fn combinations(board: &VariantBoard) -> Option<VariantStep> {
    board.houses().iter().find_map(|house| {
        let sum = cage_sum(board, house)?;
        sum.step(board, VariantTechnique::CageCombinations)
    })
}

/// The sum `house` makes, if it is a cage, its sentence starting "In
/// cage 3 (sum 17), ".
fn cage_sum<'a>(board: &VariantBoard, house: &'a House) -> Option<Sum<'a>> {
    let HouseKind::Cage(index) = house.kind else {
        return None;
    };
    let name = board.house_name(house);
    Some(Sum {
        cells: &house.cells,
        total: board.puzzle().cages()[index].sum,
        reason: format!("In {name}, "),
        units: vec![name],
    })
}

/// The first value every filling of a cage uses whose places in the cage
/// all lie in another house: the cage holds it there, so it leaves that
/// house's other cells; with one place left, it is placed.
pub(super) fn required_value(board: &VariantBoard) -> Option<VariantStep> {
    let houses = board.houses();
    houses.iter().enumerate().find_map(|(cage_index, house)| {
        let filled = cage_sum(board, house)?.filled(board)?;
        let name = board.house_name(house);
        // No set at all (a board with no completion) requires nothing.
        let masks = filled
            .usable
            .iter()
            .map(|set| set.iter().fold(0, |mask, &value| mask | bit(value)));
        let required = masks.reduce(|common, mask| common & mask)?;
        values_of(required).find_map(|value| {
            let places: Vec<usize> = filled
                .open
                .iter()
                .copied()
                .filter(|&cell| holds(board.candidates(cell), value))
                .collect();
            let every = format!(
                "Every set of values that can fill {name} holds {}, and it fits there only in {}",
                Said(value),
                cell_list(&names(board, &places))
            );
            if let [cell] = places[..] {
                let explanation = format!("{every}, so it goes there (required value)");
                let technique = VariantTechnique::RequiredValue;
                let draft = Draft::placement(technique, cell, value, vec![name.clone()]);
                return Some(draft.named(board, explanation));
            }
            let (cover, eliminations) = locked_elsewhere(board, &places, value, cage_index)?;
            let cover_name = board.house_name(cover);
            let explanation = format!(
                "{every}, all in {cover_name} (required value), so {}",
                removal_sentence(&named_moves(board, &eliminations))
            );
            let units = vec![name.clone(), cover_name];
            let technique = VariantTechnique::RequiredValue;
            let draft = Draft::removal(technique, places, units, bit(value), eliminations);
            Some(draft.named(board, explanation))
        })
    })
}

/// A unit, or a run of two or three neighbouring rows or columns: cells
/// whose values add up to the sum of 1 to N once per unit.
struct Area {
    /// "row 3", "rows 1-2", "columns 4-6".
    name: String,
    cells: Vec<usize>,
    /// What its values add up to.
    total: u32,
}

/// Every unit, then the runs of two and three rows, then of columns.
fn areas(board: &VariantBoard) -> Vec<Area> {
    let puzzle = board.puzzle();
    let side = puzzle.side();
    let whole = (side * (side + 1) / 2) as u32;
    let units = puzzle
        .units()
        .iter()
        .enumerate()
        .map(|(index, cells)| Area {
            name: puzzle.unit_name(index),
            cells: cells.clone(),
            total: whole,
        });
    let runs = [("rows", 0), ("columns", side)]
        .into_iter()
        .flat_map(move |(kind, first)| {
            (2..=3).flat_map(move |length| {
                (0..=side - length).map(move |start| Area {
                    name: format!("{kind} {}-{}", start + 1, start + length),
                    cells: (first + start..first + start + length)
                        .flat_map(|unit| puzzle.units()[unit].iter().copied())
                        .collect(),
                    total: whole * length as u32,
                })
            })
        });
    units.chain(runs).collect()
}

/// Whether `cells` lie in one house, so that their values differ.
fn in_one_house(board: &VariantBoard, cells: &[usize]) -> bool {
    cells.first().is_some_and(|&first| {
        board.houses_of(first).iter().any(|&house| {
            let members = &board.houses()[house].cells;
            cells.iter().all(|cell| members.contains(cell))
        })
    })
}

/// The first area whose cells outside the cages lying wholly inside it
/// (the innies) have a candidate no filling of their sum uses: the area adds up to the sum of 1 to N per unit (the
/// rule of 45 on a 9×9), of which those cages take theirs.
pub(super) fn innies(board: &VariantBoard) -> Option<VariantStep> {
    let cages = board.puzzle().cages();
    area_sum(board, VariantTechnique::Innies, |area| {
        let inside: Vec<_> = cages
            .iter()
            .filter(|cage| cage.cells.iter().all(|cell| area.cells.contains(cell)))
            .collect();
        let caged: u32 = inside.iter().map(|cage| cage.sum).sum();
        let rest = area
            .cells
            .iter()
            .copied()
            .filter(|cell| !inside.iter().any(|cage| cage.cells.contains(cell)));
        let (name, total) = (&area.name, area.total);
        let reason = format!(
            "In {name}, the cages lying wholly inside make {caged} of the sum {total}, so "
        );
        (!inside.is_empty()).then(|| (rest.collect(), total.checked_sub(caged), reason))
    })
}

/// The first area, every cell of it caged, whose outies (the cells
/// outside it of the cages reaching into it) have a candidate no filling
/// of their sum uses: the cages touching the area
/// make their sums, of which the area takes its own, so the outies make
/// the rest.
pub(super) fn outies(board: &VariantBoard) -> Option<VariantStep> {
    let cages = board.puzzle().cages();
    area_sum(board, VariantTechnique::Outies, |area| {
        let touching: Vec<_> = cages
            .iter()
            .filter(|cage| cage.cells.iter().any(|cell| area.cells.contains(cell)))
            .collect();
        let cells = touching.iter().flat_map(|cage| cage.cells.iter().copied());
        let (inside, outside): (Vec<usize>, Vec<usize>) =
            cells.partition(|cell| area.cells.contains(cell));
        let reaching: u32 = touching.iter().map(|cage| cage.sum).sum();
        let (name, total) = (&area.name, area.total);
        let reason = format!(
            "The cages reaching into {name} make {reaching}, of which {name} takes the sum {total}, so "
        );
        (inside.len() == area.cells.len()).then(|| (outside, reaching.checked_sub(total), reason))
    })
}

/// The first area whose cells `sum_of` picks (with the total they make, if
/// any, and the sentence's start saying why) have a candidate no filling
/// of their sum uses.
fn area_sum(
    board: &VariantBoard,
    technique: VariantTechnique,
    sum_of: impl Fn(&Area) -> Option<(Vec<usize>, Option<u32>, String)>,
) -> Option<VariantStep> {
    areas(board).into_iter().find_map(|area| {
        let (cells, total, reason) = sum_of(&area)?;
        let sum = Sum {
            cells: &cells,
            total: total?,
            reason,
            units: vec![area.name],
        };
        sum.step(board, technique)
    })
}

/// Cells that add up to a total: a cage, or an area's innies or outies
/// (their values distinct when they lie in one house; else only cells
/// sharing a house differ).
struct Sum<'a> {
    cells: &'a [usize],
    total: u32,
    /// The sentence's start: where the sum comes from.
    reason: String,
    /// The units and cages the step names.
    units: Vec<String>,
}

/// How the open cells of a [`Sum`] can be filled.
struct Filled {
    /// The open cells.
    open: Vec<usize>,
    /// What they must make.
    left: u32,
    /// The values that fill them, each filling's in increasing order (a
    /// set when the cells lie in one house; else a value may repeat).
    usable: Vec<Vec<u8>>,
    /// Per open cell, the values some filling gives it.
    supports: Vec<u32>,
}

impl Sum<'_> {
    /// How the open cells can be filled; `None` when none is open, when
    /// there are too many value sets to list, or when the open cells lie
    /// in no one house and are more than [`MAX_SPREAD_CELLS`].
    fn filled(&self, board: &VariantBoard) -> Option<Filled> {
        let open: Vec<usize> = self
            .cells
            .iter()
            .copied()
            .filter(|&cell| board.value(cell).is_none())
            .collect();
        let placed: u32 = self
            .cells
            .iter()
            .filter_map(|&cell| board.value(cell))
            .map(u32::from)
            .sum();
        let left = self.total.checked_sub(placed)?;
        if open.is_empty() {
            return None;
        }
        let candidates: Vec<u32> = open.iter().map(|&cell| board.candidates(cell)).collect();
        let (usable, supports) = if in_one_house(board, &open) {
            fillings(&candidates, left)?
        } else if open.len() <= MAX_SPREAD_CELLS {
            spread_fillings(board, &open, left)
        } else {
            return None;
        };
        Some(Filled {
            open,
            left,
            usable,
            supports,
        })
    }

    /// The step removing every candidate of the open cells that no
    /// filling of the sum left uses, if there is one.
    fn step(self, board: &VariantBoard, technique: VariantTechnique) -> Option<VariantStep> {
        let Filled {
            open,
            left,
            usable,
            supports,
        } = self.filled(board)?;
        let eliminations: Vec<(usize, u8)> = open
            .iter()
            .zip(&supports)
            .flat_map(|(&cell, &kept)| {
                values_of(board.candidates(cell) & !kept).map(move |value| (cell, value))
            })
            .collect();
        if eliminations.is_empty() || usable.is_empty() {
            return None;
        }
        let values = usable
            .iter()
            .flatten()
            .fold(0, |mask, &value| mask | bit(value));
        let placed = self.total - left;
        let reason = match placed {
            0 => self.reason,
            _ => format!("{}the placed cells making {placed}, ", self.reason),
        };
        if let ([cell], [filling]) = (&open[..], &usable[..]) {
            // One cell left: it takes the sum left.
            let value = *filling.first()?;
            let explanation = format!(
                "{reason}{} alone must make {left}: it holds {} ({technique})",
                board.cell_name(*cell),
                Said(value)
            );
            let draft = Draft::placement(technique, *cell, value, self.units);
            return Some(draft.named(board, explanation));
        }
        let cell_names: Vec<String> = names(board, &open)
            .iter()
            .map(ToString::to_string)
            .collect();
        let explanation = format!(
            "{reason}{} must make {left}, which only {} can with their candidates ({technique}), so {}",
            listed(&cell_names),
            set_list(&usable),
            removal_sentence(&named_moves(board, &eliminations))
        );
        let draft = Draft::removal(technique, open, self.units, values, eliminations);
        Some(draft.named(board, explanation))
    }
}

/// The value sets (as masks) that fill cells of `candidates` with
/// distinct values adding up to `sum`, and per cell the values some such
/// filling gives it; `None` past [`MAX_SETS`] sets.
pub(super) fn fillings(candidates: &[u32], sum: u32) -> Option<(Vec<Vec<u8>>, Vec<u32>)> {
    let allowed = candidates.iter().fold(0, |mask, &held| mask | held);
    let mut supports = vec![0u32; candidates.len()];
    let mut usable = Vec::new();
    for set in value_sets(allowed, candidates.len(), sum)? {
        let Some(matched) = matched_values(candidates, set) else {
            continue;
        };
        usable.push(values_of(set).collect());
        for (kept, values) in supports.iter_mut().zip(matched) {
            *kept |= values;
        }
    }
    Some((usable, supports))
}

/// The fillings of `open` cells that lie in no one house (each cell one
/// of its candidates, cells that share a house distinct, adding up to
/// `sum`), tried one by one: the values of each (in increasing order,
/// each list once) and per cell the values some filling gives it.
fn spread_fillings(board: &VariantBoard, open: &[usize], sum: u32) -> (Vec<Vec<u8>>, Vec<u32>) {
    let apart = |a: usize, b: usize| {
        !board
            .houses_of(a)
            .iter()
            .any(|house| board.houses_of(b).contains(house))
    };
    let mut walk = Spread {
        candidates: open.iter().map(|&cell| board.candidates(cell)).collect(),
        apart: open
            .iter()
            .map(|&a| open.iter().map(|&b| a == b || apart(a, b)).collect())
            .collect(),
        chosen: Vec::new(),
        usable: Vec::new(),
        supports: vec![0; open.len()],
    };
    walk.fill(sum);
    walk.usable.sort_unstable();
    walk.usable.dedup();
    (walk.usable, walk.supports)
}

/// The walk of [`spread_fillings`].
struct Spread {
    candidates: Vec<u32>,
    /// Whether two cells (by their place in `open`) may hold one value.
    apart: Vec<Vec<bool>>,
    /// The values of the cells filled so far.
    chosen: Vec<u8>,
    usable: Vec<Vec<u8>>,
    supports: Vec<u32>,
}

impl Spread {
    /// Fills the cells from `chosen.len()` on, adding up to `sum`.
    fn fill(&mut self, sum: u32) {
        let slot = self.chosen.len();
        let Some(&held) = self.candidates.get(slot) else {
            if sum == 0 {
                for (kept, &value) in self.supports.iter_mut().zip(&self.chosen) {
                    *kept |= bit(value);
                }
                let mut values = self.chosen.clone();
                values.sort_unstable();
                self.usable.push(values);
            }
            return;
        };
        // The last cell can only take what is left: at most N³ fillings
        // are tried for four cells.
        let last = slot + 1 == self.candidates.len();
        let tried = match u8::try_from(sum) {
            Ok(left) if last && (1..=MAX_SIDE as u8).contains(&left) && held & bit(left) != 0 => {
                bit(left)
            }
            _ if last => 0,
            _ => held,
        };
        for value in values_of(tried).take_while(|&value| u32::from(value) <= sum) {
            let clashes = self
                .chosen
                .iter()
                .enumerate()
                .any(|(other, &taken)| taken == value && !self.apart[slot][other]);
            if !clashes {
                self.chosen.push(value);
                self.fill(sum - u32::from(value));
                self.chosen.pop();
            }
        }
    }
}

/// The sets (as masks) of `count` distinct values of `allowed` adding up
/// to `sum`, in increasing order of their smallest values; `None` past
/// [`MAX_SETS`].
fn value_sets(allowed: u32, count: usize, sum: u32) -> Option<Vec<u32>> {
    let values: Vec<u32> = values_of(allowed).map(u32::from).collect();
    let mut sets = Vec::new();
    let mut chosen = 0u32;
    if !choose(&values, count, sum, &mut chosen, &mut sets) {
        return None;
    }
    Some(sets)
}

/// Adds to `sets` every way of taking `count` of `values` (increasing)
/// adding up to `sum`, on top of `chosen`; false once `sets` passes
/// [`MAX_SETS`].
fn choose(values: &[u32], count: usize, sum: u32, chosen: &mut u32, sets: &mut Vec<u32>) -> bool {
    if count == 0 {
        if sum == 0 {
            sets.push(*chosen);
        }
        return sets.len() <= MAX_SETS;
    }
    for (index, &value) in values.iter().enumerate() {
        let rest = &values[index + 1..];
        // The least and the most the other values can add.
        let least: u32 = rest.iter().take(count - 1).sum();
        let most: u32 = rest.iter().rev().take(count - 1).sum();
        if rest.len() < count - 1 || value + least > sum {
            break;
        }
        if value + most < sum {
            continue;
        }
        *chosen |= bit(value as u8);
        let going = choose(rest, count - 1, sum - value, chosen, sets);
        *chosen &= !bit(value as u8);
        if !going {
            return false;
        }
    }
    true
}

/// `sets` written as sums, `1+6, 2+5 or 3+4`, or by their number when
/// there are more than [`LISTED_SETS`].
fn set_list(sets: &[Vec<u8>]) -> String {
    if sets.len() > LISTED_SETS {
        return format!("{} sets of values", sets.len());
    }
    let sums: Vec<String> = sets
        .iter()
        .map(|set| {
            let values: Vec<String> = set.iter().map(|&value| Said(value).to_string()).collect();
            values.join("+")
        })
        .collect();
    match sums.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => sums.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_sets_are_every_set_of_the_count_making_the_sum() {
        let all = (1u32 << 9) - 1;
        for count in 1..=9 {
            for sum in 1..=45 {
                let mut expected: Vec<u32> = (0u32..1 << 9)
                    .filter(|set| set.count_ones() as usize == count)
                    .filter(|&set| values_of(set).map(u32::from).sum::<u32>() == sum)
                    .collect();
                let mut found = value_sets(all, count, sum).unwrap();
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "{count} values making {sum}");
            }
        }
    }
}
