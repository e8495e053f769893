//! Uniqueness techniques: deductions that hold because the puzzle has one
//! solution (the rater refuses any other), so no *deadly pattern* (a set
//! of cells whose two digits could be swapped in every solution) can be
//! left to stand.
//!
//! - **Unique rectangles and loops**: cells of two digits `v1 v2` closing
//!   a loop that turns at every cell between the cell's units, and visits
//!   every unit it touches twice. If all were left with only `v1 v2`, the
//!   two digits could swap, so some cell of the loop holds another digit:
//!   type 1 (one cell has more: `v1 v2` leave it), type 2 (the cells with
//!   more share one extra digit: it leaves their common peers), type 3
//!   (two cells with more act as one cell of their extra digits in a naked
//!   subset of a unit they share), type 4 (the two cells with more share
//!   a unit where `v1` has no other place: `v2` leaves both).
//! - **BUG** (bivalue universal grave): were every empty cell left with
//!   two candidates, each twice in its units, the grid would have two
//!   solutions; so one of the extra digits of the few cells with three
//!   holds: type 1 (one such cell: it takes its extra digit), type 2 (the
//!   extra digit is the same in each: it leaves their common peers), type
//!   3 (the cells, in one unit, act as one cell of their extra digits in a
//!   naked subset of that unit), type 4 (two cells of a unit share one
//!   other digit, which then has no other place there: each holds its
//!   extra digit or that one).
//!
//! Rated as Sudoku Explainer rates them: 4.5 for a rectangle, 4.6, 4.7 and
//! 5.0 for loops of 6, 8 and 10 or more cells, plus 0.1 per digit past
//! one of a type-3 subset; BUG 5.6 (type 1), 5.7 (types 2 and 4) and 5.8
//! plus 0.1 per digit past two of the subset (type 3), found in Sukaku
//! Explainer's order (type 1; type 2, else 4; type 4, else 3). The
//! easiest loop is taken, then the lowest type. (Type 3 through a hidden
//! subset is not searched.)

use super::subsets_of;
use crate::board::{sees, Board};
use crate::sentence::Said;
use crate::step::{cell_list, removal_sentence, run_together, Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// Candidates a step removes.
type Removals = Vec<(Cell, Digit)>;

/// The best unique rectangle or loop on `board`.
pub(super) fn unique_loop(board: &Board) -> Option<Step> {
    let mut best: Option<(Rating, u8, Step)> = None;
    for start in Cell::all() {
        let held = board.candidates(start);
        if held.len() != 2 {
            continue;
        }
        let pair = held;
        let mut loops = Vec::new();
        grow(
            board,
            pair,
            &mut vec![start],
            2,
            DigitSet::EMPTY,
            None,
            &mut loops,
        );
        for cells in loops {
            if !turns_evenly(&cells) {
                continue;
            }
            for (kind, rating, step) in loop_steps(board, pair, &cells) {
                if best
                    .as_ref()
                    .is_none_or(|(r, k, _)| (rating, kind) < (*r, *k))
                {
                    best = Some((rating, kind, step));
                }
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// The units of `cell`, box first (Sudoku Explainer's order).
fn units_of(cell: Cell) -> [Unit; 3] {
    let [row, col, boxed] = Unit::of(cell);
    [boxed, row, col]
}

/// Extends `path` (cells holding both digits of `pair`) through a unit of
/// a kind other than the last step's, collecting the loops that return to
/// its start. At most two cells may hold more than the pair, or more when
/// they all add the same single digit.
fn grow(
    board: &Board,
    pair: DigitSet,
    path: &mut Vec<Cell>,
    allowed_extra: i32,
    extra: DigitSet,
    last_kind: Option<usize>,
    loops: &mut Vec<Vec<Cell>>,
) {
    let cell = path[path.len() - 1];
    for (kind, unit) in units_of(cell).into_iter().enumerate() {
        if Some(kind) == last_kind {
            continue;
        }
        for next in unit.cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
                continue;
            }
            let held = board.candidates(next);
            if path.contains(&next) || held.intersection(pair) != pair {
                continue;
            }
            let more = extra.union(held.difference(pair));
            if held.len() == 2 || more.len() == 1 || allowed_extra > 0 {
                let allowed = allowed_extra - i32::from(held.len() > 2);
                path.push(next);
                grow(board, pair, path, allowed, more, Some(kind), loops);
                path.pop();
            }
        }
    }
}

/// Whether every unit the loop touches is touched by as many cells at odd
/// places as at even ones, once each: the digits could swap along it.
fn turns_evenly(cells: &[Cell]) -> bool {
    let mut seen = [Vec::new(), Vec::new()];
    for (at, &cell) in cells.iter().enumerate() {
        for unit in units_of(cell) {
            let side = &mut seen[at % 2];
            if side.contains(&unit) {
                return false;
            }
            side.push(unit);
        }
    }
    seen[0].len() == seen[1].len() && seen[0].iter().all(|unit| seen[1].contains(unit))
}

/// The steps one loop gives, each with its type and rating.
fn loop_steps(board: &Board, pair: DigitSet, cells: &[Cell]) -> Vec<(u8, Rating, Step)> {
    let base = Technique::UniqueLoop.rating().0
        + match cells.len() {
            4 => 0,
            6 => 1,
            8 => 2,
            _ => 5,
        };
    let extra: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&cell| board.candidates(cell).len() > 2)
        .collect();
    let mut steps = Vec::new();
    let mut keep = |kind: u8, added: u8, why: String, eliminations: Vec<(Cell, Digit)>| {
        if !eliminations.is_empty() {
            let rating = Rating(base + added);
            steps.push((
                kind,
                rating,
                loop_step(pair, cells, rating, why, eliminations),
            ));
        }
    };
    let extra_digits = extra
        .iter()
        .fold(DigitSet::EMPTY, |set, &cell| {
            set.union(board.candidates(cell))
        })
        .difference(pair);
    match extra[..] {
        [cell] => keep(
            1,
            0,
            format!(
                "{cell} must hold a digit other than {}",
                run_together(pair.iter())
            ),
            pair.iter().map(|digit| (cell, digit)).collect(),
        ),
        [] => {}
        _ if extra_digits.len() == 1 => {
            let digit = extra_digits.first().expect("one digit");
            keep(
                2,
                0,
                format!("one of {} holds {}", cell_list(&extra), Said(digit)),
                common_peers(board, &extra, digit),
            );
        }
        [first, second] => {
            if let Some((size, why, eliminations)) = type3(board, first, second, extra_digits) {
                keep(3, size as u8 - 1, why, eliminations);
            }
            if let Some((why, eliminations)) = type4(board, pair, first, second) {
                keep(4, 0, why, eliminations);
            }
        }
        _ => {}
    }
    steps
}

/// The cells other than `cells` that see all of them and hold `digit`.
fn common_peers(board: &Board, cells: &[Cell], digit: Digit) -> Vec<(Cell, Digit)> {
    Cell::all()
        .filter(|cell| cells.iter().all(|&other| sees(*cell, other)))
        .filter(|&cell| board.candidates(cell).contains(digit))
        .map(|cell| (cell, digit))
        .collect()
}

/// Type 3: `first` and `second` (sharing a unit) act as one cell holding
/// their extra digits, which with `size - 1` other cells of the unit form
/// a naked subset; its digits leave the unit's other cells.
fn type3(
    board: &Board,
    first: Cell,
    second: Cell,
    extra: DigitSet,
) -> Option<(usize, String, Removals)> {
    let shared: Vec<Unit> = units_of(first)
        .into_iter()
        .filter(|unit| unit.cells().contains(&second))
        .collect();
    let common = extra
        .intersection(board.candidates(first))
        .intersection(board.candidates(second));
    for size in (2..=7).filter(|&size| size >= extra.len() as usize) {
        for &unit in &shared {
            let others: Vec<Cell> = unit
                .cells()
                .into_iter()
                .filter(|&cell| cell != first && cell != second && board.value(cell).is_none())
                .collect();
            if size * 2 > others.len() + 2 {
                continue;
            }
            for chosen in subsets_of(&others, size - 1) {
                let held = chosen.iter().fold(DigitSet::EMPTY, |set, &cell| {
                    set.union(board.candidates(cell))
                });
                let naked = common.union(held);
                if naked.len() as usize != size || extra.union(held).len() as usize != size {
                    continue;
                }
                let eliminations: Vec<(Cell, Digit)> = others
                    .iter()
                    .filter(|cell| !chosen.contains(cell))
                    .flat_map(|&cell| {
                        board
                            .candidates(cell)
                            .intersection(naked)
                            .iter()
                            .map(move |digit| (cell, digit))
                    })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let why = format!(
                    "{first} or {second} holds {}, so with {} they hold {} in {unit} (naked subset)",
                    run_together(extra.iter()),
                    cell_list(&chosen),
                    run_together(naked.iter())
                );
                return Some((size, why, eliminations));
            }
        }
    }
    None
}

/// Type 4: in a unit `first` and `second` share, one digit of the pair has
/// no other place, so both hold it or the other: the other leaves both.
fn type4(
    board: &Board,
    pair: DigitSet,
    first: Cell,
    second: Cell,
) -> Option<(String, Vec<(Cell, Digit)>)> {
    units_of(first)
        .into_iter()
        .filter(|unit| unit.cells().contains(&second))
        .find_map(|unit| {
            pair.iter().find_map(|locked| {
                let elsewhere = board
                    .places(unit, locked)
                    .any(|cell| cell != first && cell != second);
                if elsewhere {
                    return None;
                }
                let other = pair.difference(DigitSet::single(locked)).first()?;
                let why = format!(
                    "{} goes in {first} or {second} in {unit}, so neither can hold {}",
                    Said(locked),
                    Said(other)
                );
                Some((why, vec![(first, other), (second, other)]))
            })
        })
}

fn loop_step(
    pair: DigitSet,
    cells: &[Cell],
    rating: Rating,
    why: String,
    eliminations: Vec<(Cell, Digit)>,
) -> Step {
    let shape = if cells.len() == 4 {
        "unique rectangle"
    } else {
        "unique loop"
    };
    let explanation = format!(
        "{} could swap {} between them ({shape}), which would give two solutions: {why}, so {}",
        cell_list(cells),
        run_together(pair.iter()),
        removal_sentence(&eliminations)
    );
    Step {
        technique: Technique::UniqueLoop,
        rating,
        cells: cells.to_vec(),
        units: Vec::new(),
        digits: pair,
        placements: Vec::new(),
        eliminations,
        explanation: explanation.into(),
    }
}

/// The bivalue universal grave: every empty cell has two candidates but
/// a few with more, whose extra digits (those seen three times in each of
/// the cell's units) hold the rest to two a unit.
pub(super) fn bug(board: &Board) -> Option<Step> {
    let empty: Vec<Cell> = Cell::all()
        .filter(|&cell| board.value(cell).is_none())
        .collect();
    let mut extras: Vec<(Cell, DigitSet)> = Vec::new();
    for &cell in &empty {
        let held = board.candidates(cell);
        if held.len() <= 2 {
            continue;
        }
        let extra: DigitSet = held
            .iter()
            .filter(|&digit| {
                units_of(cell)
                    .iter()
                    .all(|&unit| board.places(unit, digit).count() > 2)
            })
            .fold(DigitSet::EMPTY, |set, digit| {
                set.union(DigitSet::single(digit))
            });
        if extra.len() + 2 != held.len() {
            return None;
        }
        extras.push((cell, extra));
    }
    if extras.is_empty() {
        return None;
    }
    // Without the extra digits, every digit is twice or not at all in
    // every unit.
    let grave = Unit::all().all(|unit| {
        Digit::all().all(|digit| {
            let count = board
                .places(unit, digit)
                .filter(|cell| {
                    !extras
                        .iter()
                        .any(|(at, extra)| at == cell && extra.contains(digit))
                })
                .count();
            count == 0 || count == 2
        })
    });
    if !grave {
        return None;
    }
    let cells: Vec<Cell> = extras.iter().map(|&(cell, _)| cell).collect();
    let all_extra = extras
        .iter()
        .fold(DigitSet::EMPTY, |set, (_, extra)| set.union(*extra));
    // Sukaku Explainer's order: type 1; type 2, else 4; type 4, else 3.
    let (technique, rating, placements, eliminations, why) = match extras[..] {
        [(cell, extra)] => {
            let digit = extra.only()?;
            let said = Said(digit);
            let why = format!("{cell} must hold its extra digit {said}");
            (
                Technique::BugOne,
                None,
                vec![(cell, digit)],
                Vec::new(),
                why,
            )
        }
        _ if all_extra.len() == 1 => {
            let digit = all_extra.only()?;
            let eliminations = common_peers(board, &cells, digit);
            if eliminations.is_empty() {
                bug_type4(board, &extras, all_extra)?
            } else {
                let said = Said(digit);
                let why = format!(
                    "one of {} holds {said}, so {}",
                    cell_list(&cells),
                    removal_sentence(&eliminations)
                );
                (Technique::BugTwo, None, Vec::new(), eliminations, why)
            }
        }
        _ => {
            bug_type4(board, &extras, all_extra).or_else(|| bug_type3(board, &cells, all_extra))?
        }
    };
    Some(Step {
        technique,
        rating: rating.unwrap_or_else(|| technique.rating()),
        explanation: format!(
            "Every other empty cell has two candidates, each twice in its units (BUG): left so, the grid would have two solutions; {why}"
        ).into(),
        cells,
        units: Vec::new(),
        digits: all_extra,
        placements,
        eliminations,
    })
}

/// A BUG step's technique, rating (when not the technique's), placements,
/// eliminations and reason.
type BugFinding = (
    Technique,
    Option<Rating>,
    Vec<(Cell, Digit)>,
    Removals,
    String,
);

/// BUG type 4: two BUG cells sharing a unit and one digit `v` besides
/// their extra ones, so `v` has no other place in that unit: each cell
/// holds its extra digit or `v`, and its other candidate leaves it.
fn bug_type4(
    board: &Board,
    extras: &[(Cell, DigitSet)],
    all_extra: DigitSet,
) -> Option<BugFinding> {
    let [(first, first_extra), (second, second_extra)] = extras[..] else {
        return None;
    };
    let unit = units_of(first)
        .into_iter()
        .find(|unit| unit.cells().contains(&second))?;
    let shared = board
        .candidates(first)
        .intersection(board.candidates(second))
        .difference(all_extra)
        .only()?;
    let other = |cell: Cell, extra: DigitSet| {
        board
            .candidates(cell)
            .difference(extra)
            .difference(DigitSet::single(shared))
            .iter()
            .map(move |digit| (cell, digit))
    };
    let eliminations: Removals = other(first, first_extra)
        .chain(other(second, second_extra))
        .collect();
    let shared = Said(shared);
    let why = format!(
        "{first} or {second} holds an extra digit, and {shared} has no other place in {unit}, so each holds its extra digit or {shared}: {}",
        removal_sentence(&eliminations)
    );
    Some((Technique::BugFour, None, Vec::new(), eliminations, why))
}

/// BUG type 3: the BUG cells (all in one unit) act as one cell holding
/// their extra digits, which with `size - 1` other cells of the unit form
/// a naked subset; each of its digits leaves the cells seeing all its
/// places in the subset and the BUG cells. The smallest subset is taken,
/// rated 5.7 plus 0.1 a digit past one; boxes first, then rows, then
/// columns.
fn bug_type3(board: &Board, cells: &[Cell], all_extra: DigitSet) -> Option<BugFinding> {
    let units: Vec<Unit> = [UnitKind::Box, UnitKind::Row, UnitKind::Column]
        .into_iter()
        .flat_map(|kind| Unit::all().filter(move |unit| unit.kind() == kind))
        .filter(|unit| cells.iter().all(|cell| unit.cells().contains(cell)))
        .collect();
    for size in 2..=6 {
        for &unit in &units {
            let others: Vec<Cell> = unit
                .cells()
                .into_iter()
                .filter(|cell| !cells.contains(cell) && board.candidates(*cell).len() >= 2)
                .collect();
            if others.len() < size - 1 {
                continue;
            }
            for chosen in subsets_of(&others, size - 1) {
                let held = chosen.iter().fold(DigitSet::EMPTY, |set, &cell| {
                    set.union(board.candidates(cell))
                });
                if held.len() as usize != size || !all_extra.difference(held).is_empty() {
                    continue;
                }
                let eliminations: Removals = held
                    .iter()
                    .flat_map(|digit| {
                        let holding: Vec<Cell> = chosen
                            .iter()
                            .chain(cells)
                            .copied()
                            .filter(|&cell| board.candidates(cell).contains(digit))
                            .collect();
                        common_peers(board, &holding, digit)
                    })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let why = format!(
                    "one of {} holds {}, so with {} they hold {} in {unit} (naked subset): {}",
                    cell_list(cells),
                    run_together(all_extra.iter()),
                    cell_list(&chosen),
                    run_together(held.iter()),
                    removal_sentence(&eliminations)
                );
                let rating = Rating(Technique::BugThree.rating().0 + size as u8 - 2);
                return Some((
                    Technique::BugThree,
                    Some(rating),
                    Vec::new(),
                    eliminations,
                    why,
                ));
            }
        }
    }
    None
}
