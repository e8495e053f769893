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
//!   extra digit is the same in each: it leaves their common peers).
//!
//! Rated as Sudoku Explainer rates them: 4.5 for a rectangle, 4.6, 4.7 and
//! 5.0 for loops of 6, 8 and 10 or more cells, plus 0.1 per digit past
//! one of a type-3 subset; BUG 5.6 (type 1) and 5.7 (type 2). The
//! easiest is taken, then the lowest type. (Type 3 through a hidden
//! subset and BUG types 3 and 4 are not searched.)

use super::subsets_of;
use crate::board::{sees, Board};
use crate::step::{cell_list, removal_sentence, Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit};

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
            format!("{cell} must hold a digit other than {}", digits(pair)),
            pair.iter().map(|digit| (cell, digit)).collect(),
        ),
        [] => {}
        _ if extra_digits.len() == 1 => {
            let digit = extra_digits.first().expect("one digit");
            keep(
                2,
                0,
                format!("one of {} holds {digit}", cell_list(&extra)),
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
                    digits(extra),
                    cell_list(&chosen),
                    digits(naked)
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
                    "{locked} goes in {first} or {second} in {unit}, so neither can hold {other}"
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
        digits(pair),
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
        explanation,
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
    let (technique, placements, eliminations, why) = match extras[..] {
        [(cell, extra)] => {
            let digit = extra.only()?;
            (
                Technique::BugOne,
                vec![(cell, digit)],
                Vec::new(),
                format!("{cell} must hold its extra digit {digit}"),
            )
        }
        _ => {
            let digit = all_extra.only()?;
            if extras.iter().any(|(_, extra)| extra.len() != 1) {
                return None;
            }
            let eliminations = common_peers(board, &cells, digit);
            if eliminations.is_empty() {
                return None;
            }
            let why = format!(
                "one of {} holds {digit}, so {}",
                cell_list(&cells),
                removal_sentence(&eliminations)
            );
            (Technique::BugTwo, Vec::new(), eliminations, why)
        }
    };
    Some(Step {
        technique,
        rating: technique.rating(),
        explanation: format!(
            "Every other empty cell has two candidates, each twice in its units (BUG): left so, the grid would have two solutions; {why}"
        ),
        cells,
        units: Vec::new(),
        digits: all_extra,
        placements,
        eliminations,
    })
}

/// Digits run together, as pencil marks are written: `37`.
fn digits(set: DigitSet) -> String {
    set.iter().map(|digit| digit.to_string()).collect()
}
