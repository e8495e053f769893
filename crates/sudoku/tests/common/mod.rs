//! Puzzles the project owns (typed in as published facts) and the
//! validity-preserving symmetries of Sudoku used to derive more.
#![allow(dead_code)] // each test binary uses its own part of this module

use gridsolve_sudoku::{Cell, Grid};
use proptest::prelude::*;

/// The LeetCode 37 puzzle; its solution's first row is `534678912`.
pub const LEETCODE_37: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

/// The second problem-statement puzzle; its answer's rows run from
/// `957214386` to `648923157`.
pub const ROWS_PUZZLE: [&str; 9] = [
    "9.7.....6",
    "824.3....",
    "..1..9..2",
    ".9...2.18",
    "...4....5",
    "1325.8...",
    "...687...",
    "......8.9",
    ".4.9...5.",
];

/// Arto Inkala's puzzle, published in 2012 as "the world's hardest Sudoku".
pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The LeetCode 37 board with only r1c3 and r1c4 left blank.
pub const TWO_BLANKS: &str =
    "53..78912672195348198342567859761423426853791713924856961537284287419635345286179";

pub fn grid(text: &str) -> Grid {
    text.parse().expect("test puzzles parse")
}

pub fn rows(rows: &[&str; 9]) -> Grid {
    grid(&rows.join("\n"))
}

/// A symmetry of Sudoku: relabel digits, permute rows within bands, bands,
/// columns within stacks, stacks, and optionally transpose. Each maps
/// solutions to solutions and so keeps the number of solutions.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub digits: Vec<u8>,
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub transpose: bool,
}

impl Symmetry {
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut values = [0u8; 81];
        for (index, value) in values.iter_mut().enumerate() {
            let (mut row, mut col) = (index / 9, index % 9);
            if self.transpose {
                (row, col) = (col, row);
            }
            let source = grid.values()[self.rows[row] * 9 + self.cols[col]];
            *value = if source == 0 {
                0
            } else {
                self.digits[source as usize - 1]
            };
        }
        Grid::from_values(values).expect("digits stay in range")
    }
}

/// A permutation of 0..9 that keeps the three groups of three together.
fn banded() -> impl Strategy<Value = Vec<usize>> {
    let within = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        within(),
        within(),
        within(),
    )
        .prop_map(|(bands, a, b, c)| {
            let inner = [a, b, c];
            bands
                .iter()
                .flat_map(|&band| inner[band].iter().map(move |&k| band * 3 + k))
                .collect()
        })
}

pub fn symmetry() -> impl Strategy<Value = Symmetry> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        banded(),
        banded(),
        any::<bool>(),
    )
        .prop_map(|(digits, rows, cols, transpose)| Symmetry {
            digits,
            rows,
            cols,
            transpose,
        })
}

/// Counts the solutions of `puzzle` by trying every filling of its blanks:
/// slow, obviously right, and for puzzles with few blanks only.
pub fn brute_force_count(puzzle: &Grid) -> u64 {
    let blanks: Vec<Cell> = Cell::all()
        .filter(|&cell| puzzle.get(cell).is_none())
        .collect();
    assert!(blanks.len() <= 5, "brute force is for a handful of blanks");
    let mut count = 0;
    let mut values = *puzzle.values();
    for code in 0..9u64.pow(blanks.len() as u32) {
        let mut rest = code;
        for cell in &blanks {
            values[cell.index()] = (rest % 9) as u8 + 1;
            rest /= 9;
        }
        let filled = Grid::from_values(values).expect("digits in range");
        if gridsolve_sudoku::verify_solution(puzzle, &filled).is_ok() {
            count += 1;
        }
    }
    count
}

/// A jigsaw solution of side `side` whose standard boxes (when it has
/// some) repeat values: value `(r + c) mod side + 1` at row r, column c,
/// and region k the cells with `(r + 2c) mod side = k` (there `c` fixes
/// `r`, and the values `k - c` differ).
pub fn shifted_jigsaw(side: usize) -> (Vec<u8>, Vec<Vec<usize>>) {
    let values = (0..side * side)
        .map(|cell| ((cell / side + cell % side) % side + 1) as u8)
        .collect();
    let regions = (0..side)
        .map(|k| {
            (0..side * side)
                .filter(|cell| (cell / side + 2 * (cell % side)) % side == k)
                .collect()
        })
        .collect();
    (values, regions)
}
