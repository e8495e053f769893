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

use crate::board::{sees, Board};
use crate::step::{removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet};

/// Aligned exclusion over sets of `size` (2 or 3) cells.
pub(super) fn aligned_exclusion(board: &Board, size: usize) -> Option<Step> {
    let excluders = |cell: Cell| -> Option<Vec<Cell>> {
        if board.candidates(cell).len() < 2 {
            return None;
        }
        let peers: Vec<Cell> = Cell::all().filter(|&peer| sees(cell, peer)).collect();
        if peers.iter().any(|&peer| board.candidates(peer).len() == 1) {
            return None;
        }
        let found: Vec<Cell> = peers
            .into_iter()
            .filter(|&peer| (2..=size).contains(&(board.candidates(peer).len() as usize)))
            .collect();
        (!found.is_empty()).then_some(found)
    };
    let bases: Vec<(Cell, Vec<Cell>)> = Cell::all()
        .filter_map(|cell| Some((cell, excluders(cell)?)))
        .collect();
    for (index, (first, first_excluders)) in bases.iter().enumerate() {
        for (second, second_excluders) in &bases[index + 1..] {
            let tails: Vec<&(Cell, Vec<Cell>)> = if size == 2 {
                vec![]
            } else {
                bases
                    .iter()
                    .filter(|(tail, _)| tail != first && tail != second)
                    .filter(|(tail, _)| {
                        first_excluders.contains(tail) || second_excluders.contains(tail)
                    })
                    .collect()
            };
            let sets: Vec<Vec<&(Cell, Vec<Cell>)>> = if size == 2 {
                vec![vec![]]
            } else {
                tails.iter().map(|&tail| vec![tail]).collect()
            };
            for tail in sets {
                let mut cells = vec![*first, *second];
                cells.extend(tail.iter().map(|(cell, _)| *cell));
                let common: Vec<Cell> = first_excluders
                    .iter()
                    .copied()
                    .filter(|excluder| second_excluders.contains(excluder))
                    .filter(|excluder| tail.iter().all(|(_, theirs)| theirs.contains(excluder)))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclusion(board, &cells, &common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The candidates of `cells` that no possible way of filling them holds.
fn exclusion(board: &Board, cells: &[Cell], excluders: &[Cell]) -> Option<Step> {
    let candidates: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&cell| board.candidates(cell).iter().collect())
        .collect();
    let mut allowed = vec![DigitSet::EMPTY; cells.len()];
    let mut way = vec![0usize; cells.len()];
    loop {
        let digits: Vec<Digit> = way
            .iter()
            .zip(&candidates)
            .map(|(&at, held)| held[at])
            .collect();
        if possible(cells, &digits, board, excluders) {
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
    let excluder_names: Vec<String> = excluders.iter().map(Cell::to_string).collect();
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
        explanation,
    })
}

/// Whether `cells` may take `digits`: no two that see each other share a
/// digit, and every excluder keeps a candidate.
fn possible(cells: &[Cell], digits: &[Digit], board: &Board, excluders: &[Cell]) -> bool {
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
        .all(|&excluder| !board.candidates(excluder).difference(taken).is_empty())
}
