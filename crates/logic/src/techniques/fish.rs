//! Basic fish: a digit whose places in `k` rows all lie in the same `k`
//! columns fills those columns from those rows, so it leaves the columns'
//! other cells (and the same with rows and columns swapped). `k` is 2 for
//! an X-Wing, 3 for a Swordfish, 4 for a Jellyfish.

use super::subsets_of;
use crate::board::Board;
use crate::step::{removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// A fish of `size` lines.
pub(super) fn fish(board: &Board, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    Digit::all().find_map(|digit| {
        [UnitKind::Row, UnitKind::Column]
            .into_iter()
            .find_map(|kind| {
                let across = |cell: Cell| match kind {
                    UnitKind::Row => cell.col(),
                    _ => cell.row(),
                };
                let lines: Vec<Unit> = Unit::all()
                    .filter(|unit| unit.kind() == kind)
                    .filter(|&unit| (2..=size).contains(&board.places(unit, digit).count()))
                    .collect();
                subsets_of(&lines, size).find_map(|base| {
                    let covered = base
                        .iter()
                        .flat_map(|&line| board.places(line, digit))
                        .fold(0u16, |mask, cell| mask | 1 << across(cell));
                    if covered.count_ones() as usize != size {
                        return None;
                    }
                    let eliminations: Vec<(Cell, Digit)> = Cell::all()
                        .filter(|&cell| covered >> across(cell) & 1 != 0)
                        .filter(|&cell| !base.iter().any(|line| line.cells().contains(&cell)))
                        .filter(|&cell| board.candidates(cell).contains(digit))
                        .map(|cell| (cell, digit))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    let cover: Vec<Unit> = Unit::all()
                        .filter(|unit| unit.kind() != kind && unit.kind() != UnitKind::Box)
                        .filter(|unit| covered >> unit.number() & 1 != 0)
                        .collect();
                    let explanation = format!(
                        "{digit} in {} is confined to {} ({technique}), so {}",
                        line_list(&base),
                        line_list(&cover),
                        removal_sentence(&eliminations)
                    );
                    let cells = base
                        .iter()
                        .flat_map(|&line| board.places(line, digit))
                        .collect();
                    Some(Step {
                        technique,
                        rating: technique.rating(),
                        cells,
                        units: base.iter().chain(&cover).copied().collect(),
                        digits: DigitSet::single(digit),
                        placements: Vec::new(),
                        eliminations,
                        explanation,
                    })
                })
            })
    })
}

/// Lines of one kind written together: `rows 2 and 8`, `columns 1, 4 and 7`.
fn line_list(lines: &[Unit]) -> String {
    let kind = match lines.first().map(|unit| unit.kind()) {
        Some(UnitKind::Row) => "rows",
        _ => "columns",
    };
    let numbers: Vec<String> = lines
        .iter()
        .map(|unit| (unit.number() + 1).to_string())
        .collect();
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{kind} {} and {last}", rest.join(", ")),
        _ => format!("{kind} {}", numbers.concat()),
    }
}
