//! The WXYZ-Wing family of Sukaku Explainer (WXYZ, VWXYZ, UVWXYZ and
//! TUVWXYZ): an almost locked set of `size - 1` cells of one unit holding
//! `size` digits between them, and a two-candidate cell `x z` outside it
//! whose digits are both in the set.
//!
//! When every cell of the set holding `x` sees the `x z` cell (`x` is a
//! *restricted common*), `x` there would leave the set `size - 1` digits
//! for `size - 1` cells, locking `z` inside it; so `z` is in the `x z`
//! cell or in the set, and leaves every cell that sees the `x z` cell and
//! all the set's `z` cells. When both digits are restricted commons (the
//! wing is *doubly linked*), each of them leaves the cells seeing all its
//! places in the wing, and every other digit of the set is locked in it:
//! it leaves the cells seeing all its places in the set.
//!
//! Rated as Sukaku Explainer rates them, by the set's largest cell: a
//! WXYZ-Wing 5.5 (5.6 when the largest cell holds three digits), a
//! VWXYZ-Wing 6.2 to 6.4 (6.3, 6.4, 6.3, 6.2 for a largest cell of 2 to
//! 5), an UVWXYZ-Wing 6.6, a TUVWXYZ-Wing 7.5. Of the wings of one size
//! the easiest is taken, then the one removing most, then Sukaku
//! Explainer's tie-break on its name.

use super::subsets_of;
use crate::board::{sees, Board};
use crate::sentence::Said;
use crate::step::{cell_list, digit_list, removal_sentence, Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};
use std::cmp::Reverse;

/// The easiest wing of `size` digits (4 to 7) on `board`.
pub(super) fn als_wing(board: &Board, size: usize) -> Option<Step> {
    let technique = Technique::AlsWing(size as u8);
    let pincers: Vec<Cell> = Cell::all()
        .filter(|&cell| board.candidates(cell).len() == 2)
        .collect();
    let mut best: Option<(WingKey, Step)> = None;
    for (set, digits) in almost_locked_sets(board, size) {
        for &pincer in &pincers {
            let Some((key, step)) = wing(board, technique, &set, digits, pincer) else {
                continue;
            };
            if best.as_ref().is_none_or(|(known, _)| key < *known) {
                best = Some((key, step));
            }
        }
    }
    best.map(|(_, step)| step)
}

/// The order Sukaku Explainer sorts one size's wings in: easiest first,
/// then most eliminations, then its name's suffix (double link, largest
/// cell, candidates in the set) from the highest.
type WingKey = (Rating, Reverse<usize>, Reverse<String>);

/// The sets of `size - 1` cells of one unit, each with two candidates or
/// more, holding exactly `size` digits between them; a set inside a
/// box's segment of a line is listed once (with the box).
fn almost_locked_sets(board: &Board, size: usize) -> Vec<(Vec<Cell>, DigitSet)> {
    let mut sets = Vec::new();
    for unit in Unit::all() {
        let open: Vec<Cell> = unit
            .cells()
            .into_iter()
            .filter(|&cell| (2..=size).contains(&(board.candidates(cell).len() as usize)))
            .collect();
        if open.len() < size - 1 {
            continue;
        }
        for set in subsets_of(&open, size - 1) {
            let in_one_box = set
                .iter()
                .all(|cell| cell.box_index() == set[0].box_index());
            if unit.kind() != UnitKind::Box && in_one_box {
                continue;
            }
            let digits = set.iter().fold(DigitSet::EMPTY, |all, &cell| {
                all.union(board.candidates(cell))
            });
            if digits.len() as usize == size {
                sets.push((set, digits));
            }
        }
    }
    sets
}

/// The wing of the almost locked `set` (holding `digits`) and the
/// two-candidate `pincer`, if it removes anything.
fn wing(
    board: &Board,
    technique: Technique,
    set: &[Cell],
    digits: DigitSet,
    pincer: Cell,
) -> Option<(WingKey, Step)> {
    let pair = board.candidates(pincer);
    if set.contains(&pincer) || pair.difference(digits) != DigitSet::EMPTY {
        return None;
    }
    let places = |digit: Digit| -> Vec<Cell> {
        set.iter()
            .copied()
            .filter(|&cell| board.candidates(cell).contains(digit))
            .collect()
    };
    let restricted = |digit: Digit| places(digit).iter().all(|&cell| sees(cell, pincer));
    let linked: Vec<Digit> = pair.iter().filter(|&digit| restricted(digit)).collect();
    // The digits removed from the cells seeing all their places in the
    // wing, pincer included.
    let with_pincer: Vec<Digit> = match linked[..] {
        [] => return None,
        [link] => pair.difference(DigitSet::single(link)).iter().collect(),
        _ => pair.iter().collect(),
    };
    let doubly = linked.len() == 2;
    let locked: Vec<Digit> = if doubly {
        digits.difference(pair).iter().collect()
    } else {
        Vec::new()
    };
    let removed_by = |digit: Digit, seen: Vec<Cell>| -> Vec<(Cell, Digit)> {
        Cell::all()
            .filter(|&cell| !set.contains(&cell) && cell != pincer)
            .filter(|&cell| board.candidates(cell).contains(digit))
            .filter(|&cell| seen.iter().all(|&other| sees(cell, other)))
            .map(|cell| (cell, digit))
            .collect()
    };
    let from_pincer: Vec<Vec<(Cell, Digit)>> = with_pincer
        .iter()
        .map(|&digit| {
            let mut seen = places(digit);
            seen.push(pincer);
            removed_by(digit, seen)
        })
        .collect();
    let from_set: Vec<(Cell, Digit)> = locked
        .iter()
        .flat_map(|&digit| removed_by(digit, places(digit)))
        .collect();
    let mut eliminations: Vec<(Cell, Digit)> = from_pincer.concat();
    eliminations.extend(&from_set);
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort();
    let largest = set
        .iter()
        .map(|&cell| board.candidates(cell).len())
        .max()
        .unwrap_or(0);
    // Sukaku Explainer names a doubly linked wing as such only if it
    // removes a locked digit or the second link's, and the first's.
    let named_double =
        doubly && !from_pincer[0].is_empty() && !(from_set.is_empty() && from_pincer[1].is_empty());
    let candidates: u32 = set.iter().map(|&cell| board.candidates(cell).len()).sum();
    let suffix = format!("{}{largest}{candidates}", if named_double { 2 } else { 1 });
    let rating = rating(technique, largest);
    let unit = Unit::all().find(|unit| set.iter().all(|cell| unit.cells().contains(cell)))?;
    let why = if doubly {
        format!(
            "both {} and {} there see {pincer}, so the set and {pincer} lock {} between them",
            Said(pair.iter().next()?),
            Said(pair.iter().nth(1)?),
            digit_list(digits.iter())
        )
    } else {
        let link = Said(linked[0]);
        let other = Said(with_pincer[0]);
        format!(
            "every {link} there sees {pincer} ({}), so {pincer} holding {link} would lock {other} in the set: {other} is in {pincer} or in the set",
            digit_list(pair.iter())
        )
    };
    let explanation = format!(
        "In {unit}, {} hold only {} between them, one digit more than cells; {why} ({technique}), so {}",
        cell_list(set),
        digit_list(digits.iter()),
        removal_sentence(&eliminations)
    );
    let mut cells = set.to_vec();
    cells.push(pincer);
    let key = (rating, Reverse(eliminations.len()), Reverse(suffix));
    let step = Step {
        technique,
        rating,
        cells,
        units: vec![unit],
        digits,
        placements: Vec::new(),
        eliminations,
        explanation: explanation.into(),
    };
    Some((key, step))
}

/// A wing's rating by its size and its set's largest cell.
fn rating(technique: Technique, largest: u32) -> Rating {
    let base = technique.rating().0;
    let Technique::AlsWing(size) = technique else {
        return Rating(base);
    };
    // The middle sizes of a largest cell rate higher than the extremes.
    let bonus = match size {
        4 => 1 - largest.abs_diff(3),
        5 => 2 - largest.abs_diff(3),
        _ => 0,
    };
    Rating(base + bonus as u8)
}
