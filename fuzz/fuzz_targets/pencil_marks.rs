//! Human steps on pencil-mark boards, the hints' and ratings' input,
//! from one of two kinds of input (the top bit of the first byte):
//!
//! - A hard puzzle (one of [`HARD`], by the first byte) with its
//!   candidates after the givens, less any of the others (not its
//!   solution's) that the bits of one input byte per cell take away: a
//!   board of a unique puzzle keeps exactly its one completion, whatever
//!   else goes.
//! - A solved grid (LeetCode 37's answer, its digits relabelled and
//!   perhaps transposed by the first byte) and, in each cell, the other
//!   eight digits kept as candidates or not by the bits of one input byte;
//!   a further byte may take one cell's own digit away, so that boards
//!   with many completions, another one or none come up too.
//!
//! The board reads and the steps are taken within a deadline (the forcing
//! chains of a board with many completions are slow, and a hint's own
//! budget is a deadline too). On a board with exactly one completion
//! (counted by exact cover) every step must agree with it: no other digit
//! placed, none of its own removed.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_logic::{solve_path_within, Board};
use gridsolve_sudoku::{Cell, Digit, Grid, Solver, Strategy};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;

/// LeetCode 37's answer.
const SOLVED: &[u8; 81] =
    b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Puzzles of the forum's hardest lists and of magictour's top 1465, each
/// unique.
const HARD: [&str; 8] = [
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..7...6..8...6.....58....4..3.4.3.......9.7.8..2....1....9.2...1...8.9.5..",
    "98.7..6..5...9..7...7..6...4....3.....8.7.5.......4.2..1.2...3...9.6.7.........61",
    "98.7.....6...9.7....7..5...4....6.....85..6......8..43.2......1..96..8......13.2.",
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
    ".6...75.9....43.......5......3...48.....6...5.12....6..9..72..44......2...8...1..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "1.......3.6.3..7...7...5..121.7...9...7........8.1..2....8.64....9.2..6....4.....",
];

/// Each of [`HARD`] with its solution, found once.
fn hard() -> &'static [(Grid, Grid)] {
    static SOLVED_HARD: OnceLock<Vec<(Grid, Grid)>> = OnceLock::new();
    SOLVED_HARD.get_or_init(|| {
        HARD.iter()
            .map(|line| {
                let puzzle: Grid = line.parse().expect("a puzzle line reads");
                let found = Solver::new(Strategy::Bitboard).explore(&puzzle);
                (puzzle, found.solution.expect("each hard puzzle is solved"))
            })
            .collect()
    })
}

/// The pencil marks of `candidates` (per cell, the digits kept).
fn marks(candidates: impl Iterator<Item = Vec<u8>>) -> String {
    let mut marks = String::with_capacity(9 * 81);
    for set in candidates {
        for digit in 1..=9u8 {
            marks.push(if set.contains(&digit) {
                char::from(b'0' + digit)
            } else {
                '.'
            });
        }
    }
    marks
}

/// What the drawing knows of a board's completions.
enum Known {
    /// This grid is the board's only completion.
    Only(Grid),
    /// This grid is one of its completions.
    One(Grid),
    /// Nothing.
    Nothing,
}

/// The board the input draws (see the module's comment) and what the
/// drawing knows of its completions.
fn drawn(shape: u8, bits: &[u8]) -> (String, Known) {
    let kept = |own: u8, byte: u8, taken: bool, may: &dyn Fn(u8) -> bool| {
        let mut set: Vec<u8> = (1..=9u8)
            .filter(|&digit| digit != own)
            .enumerate()
            .filter(|&(bit, digit)| byte >> bit & 1 == 1 && may(digit))
            .map(|(_, digit)| digit)
            .collect();
        if !taken || set.is_empty() {
            set.push(own);
        }
        set
    };
    if shape & 0x80 != 0 {
        let (puzzle, solution) = hard()[usize::from(shape) % HARD.len()];
        let board = Board::new(&puzzle).expect("a hard puzzle breaks no rule");
        let candidates = (0..81).map(|cell| {
            let cell = Cell::new(cell).expect("cells are 0..81");
            let own = solution.get(cell).map_or(0, Digit::get);
            let held = board.candidates(cell);
            // An input bit set takes a candidate away (all-zero bytes
            // leave the puzzle's own candidates); `kept` keeps set bits.
            let byte = !bits[cell.index()];
            kept(own, byte, false, &|digit| {
                Digit::new(digit).is_some_and(|digit| held.contains(digit))
            })
        });
        return (marks(candidates), Known::Only(solution));
    }
    let solution: Vec<u8> = (0..81)
        .map(|cell| {
            let at = if shape & 0x40 != 0 {
                cell % 9 * 9 + cell / 9
            } else {
                cell
            };
            (SOLVED[at] - b'1' + shape % 9) % 9 + 1
        })
        .collect();
    let taken = bits.get(81).map(|&cell| usize::from(cell) % 81);
    let candidates =
        (0..81).map(|cell| kept(solution[cell], bits[cell], taken == Some(cell), &|_| true));
    let known = match taken {
        Some(_) => Known::Nothing,
        None => {
            let line: String = solution
                .iter()
                .map(|&digit| char::from(b'0' + digit))
                .collect();
            Known::One(line.parse().expect("a solved grid reads"))
        }
    };
    (marks(candidates), known)
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, bits)) = data.split_first() else {
        return;
    };
    if bits.len() < 81 {
        return;
    }
    let (marks, known) = drawn(shape, bits);
    let board = Board::from_pencil_marks(&marks).expect("marks with a candidate a cell read");
    let completions = board.completions(&budget());
    let unique = completions.count == 1 && completions.stopped.is_none();
    if let Known::Only(grid) = known {
        if completions.stopped.is_none() {
            assert_eq!(completions.first.filter(|_| unique), Some(grid), "{marks}");
        }
    }
    let deadline = Duration::from_millis(if unique { 500 } else { 50 });
    let path = solve_path_within(board, &budget().with_timeout(deadline));
    let Some(grid) = completions.first.filter(|_| unique) else {
        return;
    };
    if let Known::One(known) = known {
        assert_eq!(grid, known, "the only completion is the one drawn");
    }
    for step in &path.steps {
        for &(cell, digit) in &step.placements {
            assert_eq!(grid.get(cell), Some(digit), "{step:?} on {marks}");
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(grid.get(cell), Some(digit), "{step:?} on {marks}");
        }
    }
});
