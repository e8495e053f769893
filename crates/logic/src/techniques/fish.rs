//! Basic fish: a digit whose places in `k` rows all lie in the same `k`
//! columns fills those columns from those rows, so it leaves the columns'
//! other cells (and the same with rows and columns swapped). `k` is 2 for
//! an X-Wing, 3 for a Swordfish, 4 for a Jellyfish.
//!
//! HoDoKu's finned fish: the same but for extra places of the base lines
//! (the *fins*) outside the cover lines, all in one box. Either a fin
//! holds the digit, and it leaves that box's other cells, or none does
//! and the fish stands: so the digit leaves the cover lines' cells that
//! lie in the fins' box outside the base lines (a finned X-Wing for two
//! lines, a finned Swordfish for three; HoDoKu calls it sashimi when a
//! base line keeps one place in the cover only).

use super::subsets_of;
use crate::board::Board;
use crate::sentence::Said;
use crate::step::{listed, removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// The line a cell crosses, seen from lines of `kind`: its column from a
/// row, its row from a column.
fn across(kind: UnitKind, cell: Cell) -> usize {
    match kind {
        UnitKind::Row => cell.col(),
        _ => cell.row(),
    }
}

/// The steps `found` makes of bases of `size` lines of one kind in each
/// of which `digit` has 2 to `most` places: digit by digit, rows before
/// columns.
fn bases<'a>(
    board: &'a Board,
    size: usize,
    most: usize,
    found: impl Fn(Digit, UnitKind, &[Unit]) -> Option<Step> + Copy + 'a,
) -> impl Iterator<Item = Step> + 'a {
    Digit::all().flat_map(move |digit| {
        [UnitKind::Row, UnitKind::Column]
            .into_iter()
            .flat_map(move |kind| {
                let lines: Vec<Unit> = Unit::all()
                    .filter(|unit| unit.kind() == kind)
                    .filter(|&unit| (2..=most).contains(&board.places(unit, digit).count()))
                    .collect();
                subsets_of(&lines, size).filter_map(move |base| found(digit, kind, &base))
            })
    })
}

/// `digit` removed from the cells `hit` picks outside the `base` lines,
/// where it is still a candidate.
fn outside_base(
    board: &Board,
    digit: Digit,
    base: &[Unit],
    hit: impl Fn(Cell) -> bool,
) -> Vec<(Cell, Digit)> {
    Cell::all()
        .filter(|&cell| hit(cell))
        .filter(|&cell| !base.iter().any(|line| line.cells().contains(&cell)))
        .filter(|&cell| board.candidates(cell).contains(digit))
        .map(|cell| (cell, digit))
        .collect()
}

/// The cover lines (of the other kind than `kind`) numbered in `numbers`.
fn cover_lines(kind: UnitKind, numbers: impl Fn(usize) -> bool) -> Vec<Unit> {
    Unit::all()
        .filter(|unit| unit.kind() != kind && unit.kind() != UnitKind::Box)
        .filter(|unit| numbers(unit.number()))
        .collect()
}

/// A fish of `size` lines.
pub(super) fn fish(board: &Board, size: usize) -> Option<Step> {
    fishes(board, size).next()
}

/// Every fish of `size` lines that removes something; its units are the
/// base lines, then the cover lines.
pub(super) fn fishes(board: &Board, size: usize) -> impl Iterator<Item = Step> + '_ {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    bases(board, size, size, move |digit, kind, base| {
        let places: Vec<Cell> = base
            .iter()
            .flat_map(|&line| board.places(line, digit))
            .collect();
        let covered = places
            .iter()
            .fold(0u16, |mask, &cell| mask | 1 << across(kind, cell));
        if covered.count_ones() as usize != size {
            return None;
        }
        let eliminations = outside_base(board, digit, base, |cell| {
            covered >> across(kind, cell) & 1 != 0
        });
        if eliminations.is_empty() {
            return None;
        }
        let cover = cover_lines(kind, |number| covered >> number & 1 != 0);
        let explanation = format!(
            "{} in {} is confined to {} ({technique}), so {}",
            Said(digit),
            line_list(base),
            line_list(&cover),
            removal_sentence(&eliminations)
        );
        Some(Step {
            technique,
            rating: technique.rating(),
            cells: places,
            units: base.iter().chain(&cover).copied().collect(),
            digits: DigitSet::single(digit),
            placements: Vec::new(),
            eliminations,
            explanation: explanation.into(),
        })
    })
}

/// A finned fish of `size` (2 or 3) lines.
pub(super) fn finned(board: &Board, size: usize) -> Option<Step> {
    let technique = Technique::FinnedFish(size as u8);
    bases(board, size, size + 3, move |digit, kind, base| {
        let places: Vec<Cell> = base
            .iter()
            .flat_map(|&line| board.places(line, digit))
            .collect();
        let crossed: Vec<usize> = (0..9)
            .filter(|&index| places.iter().any(|&cell| across(kind, cell) == index))
            .collect();
        subsets_of(&crossed, size).find_map(|cover| {
            let fins: Vec<Cell> = places
                .iter()
                .copied()
                .filter(|&cell| !cover.contains(&across(kind, cell)))
                .collect();
            let fin_box = fins.first()?.box_index();
            let covered = |line: &Unit| {
                board
                    .places(*line, digit)
                    .any(|cell| cover.contains(&across(kind, cell)))
            };
            if fins.iter().any(|fin| fin.box_index() != fin_box) || !base.iter().all(covered) {
                return None;
            }
            let eliminations = outside_base(board, digit, base, |cell| {
                cell.box_index() == fin_box && cover.contains(&across(kind, cell))
            });
            if eliminations.is_empty() {
                return None;
            }
            let cover = cover_lines(kind, |number| cover.contains(&number));
            let explanation = format!(
                "{} in {} is confined to {} but for {} in box {} ({technique}), so {}",
                Said(digit),
                line_list(base),
                line_list(&cover),
                crate::step::cell_list(&fins),
                fin_box + 1,
                removal_sentence(&eliminations)
            );
            Some(Step {
                technique,
                rating: technique.rating(),
                cells: places.clone(),
                units: base.iter().chain(&cover).copied().collect(),
                digits: DigitSet::single(digit),
                placements: Vec::new(),
                eliminations,
                explanation: explanation.into(),
            })
        })
    })
    .next()
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
    format!("{kind} {}", listed(&numbers))
}
