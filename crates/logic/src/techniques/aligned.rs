//! Aligned pair and triple exclusion: for two (or three) cells, try every
//! way of giving each one of its candidates; a way is impossible when two
//! of the cells that see each other take the same digit, or when a cell
//! that sees them all (an *excluder*, of two or three candidates) would
//! be left with none. A candidate that no possible way gives its cell is
//! removed.
//!
//! Which cells are tried follows Sudoku Explainer, whose ratings these
//! are (6.2 for pairs, 7.5 for triples): a base cell has two or more
//! candidates, no peer down to one, and excluders among its peers; a
//! triple's third cell is an excluder of one of the first two; the cells
//! must share at least two excluders. The first set that removes
//! something is the step.

use crate::board::{bit, cells_of, peers, sees, Board, Cells};
use crate::step::{removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet};

/// Aligned exclusion over sets of `size` (2 or 3) cells.
pub(super) fn aligned_exclusion(board: &Board, size: usize) -> Option<Step> {
    let excluders = |cell: Cell| -> Option<Cells> {
        if board.candidates(cell).len() < 2 {
            return None;
        }
        let mut found: Cells = 0;
        for peer in peers(cell) {
            match board.candidates(peer).len() as usize {
                1 => return None,
                held if (2..=size).contains(&held) => found |= bit(peer),
                _ => {}
            }
        }
        (found != 0).then_some(found)
    };
    let bases: Vec<(Cell, Cells)> = Cell::all()
        .filter_map(|cell| Some((cell, excluders(cell)?)))
        .collect();
    for (index, &(first, first_excluders)) in bases.iter().enumerate() {
        for &(second, second_excluders) in &bases[index + 1..] {
            // A third cell only narrows the excluders the first two share.
            let shared = first_excluders & second_excluders;
            if shared.count_ones() < 2 {
                continue;
            }
            if size == 2 {
                if let Some(step) = exclusion(board, &[first, second], shared) {
                    return Some(step);
                }
                continue;
            }
            let either = first_excluders | second_excluders;
            for &(tail, tail_excluders) in &bases {
                if tail == first || tail == second || either & bit(tail) == 0 {
                    continue;
                }
                let common = shared & tail_excluders;
                if common.count_ones() < 2 {
                    continue;
                }
                if let Some(step) = exclusion(board, &[first, second, tail], common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The candidates of `cells` that no possible way of filling them holds.
fn exclusion(board: &Board, cells: &[Cell], excluder_cells: Cells) -> Option<Step> {
    let candidates: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&cell| board.candidates(cell).iter().collect())
        .collect();
    let excluders: Vec<DigitSet> = cells_of(excluder_cells)
        .map(|excluder| board.candidates(excluder))
        .collect();
    let mut allowed = vec![DigitSet::EMPTY; cells.len()];
    let mut way = vec![0usize; cells.len()];
    let mut digits = vec![candidates[0][0]; cells.len()];
    loop {
        for ((digit, &at), held) in digits.iter_mut().zip(&way).zip(&candidates) {
            *digit = held[at];
        }
        if possible(cells, &digits, &excluders) {
            for (set, &digit) in allowed.iter_mut().zip(&digits) {
                set.insert(digit);
            }
        }
        // The next way, the first cell's candidate turning fastest.
        let mut at = 0;
        while at < way.len() {
            way[at] += 1;
            if way[at] < candidates[at].len() {
                break;
            }
            way[at] = 0;
            at += 1;
        }
        if at == way.len() {
            break;
        }
    }
    let eliminations: Vec<(Cell, Digit)> = cells
        .iter()
        .zip(&allowed)
        .flat_map(|(&cell, &kept)| {
            board
                .candidates(cell)
                .difference(kept)
                .iter()
                .map(move |digit| (cell, digit))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let technique = if cells.len() == 2 {
        Technique::AlignedPair
    } else {
        Technique::AlignedTriple
    };
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    let excluder_names: Vec<String> = cells_of(excluder_cells)
        .map(|cell| cell.to_string())
        .collect();
    let explanation = format!(
        "Every way of filling {} either repeats a digit in a unit or leaves one of {} (which see them all) without a candidate ({technique}), so {}",
        names.join(", "),
        excluder_names.join(", "),
        removal_sentence(&eliminations)
    );
    Some(Step {
        technique,
        rating: technique.rating(),
        cells: cells.to_vec(),
        units: Vec::new(),
        digits: eliminations
            .iter()
            .fold(DigitSet::EMPTY, |set, &(_, digit)| {
                set.union(DigitSet::single(digit))
            }),
        placements: Vec::new(),
        eliminations,
        explanation: explanation.into(),
    })
}

/// Whether `cells` may take `digits`: no two that see each other share a
/// digit, and every excluder (given by its candidates) keeps one.
fn possible(cells: &[Cell], digits: &[Digit], excluders: &[DigitSet]) -> bool {
    for (at, (&cell, &digit)) in cells.iter().zip(digits).enumerate() {
        for (&other, &theirs) in cells[at + 1..].iter().zip(&digits[at + 1..]) {
            if digit == theirs && sees(cell, other) {
                return false;
            }
        }
    }
    let taken = digits.iter().fold(DigitSet::EMPTY, |set, &digit| {
        set.union(DigitSet::single(digit))
    });
    excluders
        .iter()
        .all(|&held| !held.difference(taken).is_empty())
}
