//! Every solution, lazily, in lexicographic order of the column lists.
//!
//! [`Solutions`] drives the engine of [`crate::search`] and pauses it after
//! each solution, so memory stays flat however many there are.

use crate::board::BlockedBoard;
use crate::search::{Flow, Leaf, Placement, RowRules, Search, MAX_N};
use gridsolve_search::{Budget, StopReason};
use std::ops::ControlFlow;

/// The placements of an n×n board, in lexicographic order of their column
/// lists (0-based column of the queen in each row).
///
/// ```
/// use gridsolve_queens::{BlockedBoard, Solutions};
///
/// let all: Vec<Vec<u32>> = Solutions::new(&BlockedBoard::free(4).unwrap()).collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// assert_eq!(Solutions::new(&BlockedBoard::free(8).unwrap()).count(), 92);
/// ```
pub struct Solutions {
    search: Search,
    budget: Budget,
    stopped: Option<StopReason>,
    done: bool,
}

/// Copies the placement reached and pauses.
struct Take(Vec<u32>);

impl Leaf for Take {
    fn reached(&mut self, placement: Placement<'_>) -> ControlFlow<()> {
        self.0.clear();
        self.0.extend(placement.columns().map(|col| col as u32));
        ControlFlow::Break(())
    }
}

impl Solutions {
    /// Every placement on `board` that avoids its reserved squares.
    pub fn new(board: &BlockedBoard) -> Self {
        Self::with_budget(board, Budget::default())
    }

    /// The same, stopping when `budget` (nodes, deadline, cancel flag) says
    /// so; [`Solutions::stopped`] then tells why. Take as many items as you
    /// want: the iterator has no solution limit of its own.
    pub fn with_budget(board: &BlockedBoard, budget: Budget) -> Self {
        let n = board.n();
        let rules = RowRules::forbidding(*board.masks());
        let search = Search::new(n, &rules, &[], n - 1).expect("an empty prefix is valid");
        Solutions {
            search,
            budget,
            stopped: None,
            done: false,
        }
    }

    /// Why the iteration ended early, if it did.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Placements tried so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }
}

impl Iterator for Solutions {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        if self.done {
            return None;
        }
        let mut take = Take(Vec::with_capacity(self.search.n()));
        match self.search.run(&mut take, &self.budget) {
            Flow::Paused => Some(take.0),
            Flow::Exhausted => {
                self.done = true;
                None
            }
            Flow::Stopped(reason) => {
                self.done = true;
                self.stopped = Some(reason);
                None
            }
        }
    }
}

/// The rows of a placement as LeetCode 51 writes them: `Q` for the queen,
/// `.` elsewhere.
///
/// ```
/// assert_eq!(gridsolve_queens::board_rows(&[1, 3, 0, 2]), [".Q..", "...Q", "Q...", "..Q."]);
/// ```
pub fn board_rows(cols: &[u32]) -> Vec<String> {
    let n = cols.len();
    cols.iter()
        .map(|&col| {
            (0..n)
                .map(|c| if c == col as usize { 'Q' } else { '.' })
                .collect()
        })
        .collect()
}

/// LeetCode 51: every solution for `n` as rows of `Q` and `.`, in
/// lexicographic order of the column lists.
///
/// # Panics
///
/// If `n` is 0 or above 32 (the engine's board width).
///
/// ```
/// use gridsolve_queens::solve_n_queens;
///
/// assert_eq!(solve_n_queens(4), vec![
///     vec![".Q..", "...Q", "Q...", "..Q."],
///     vec!["..Q.", "Q...", "...Q", ".Q.."],
/// ]);
/// assert!(solve_n_queens(3).is_empty());
/// ```
pub fn solve_n_queens(n: usize) -> Vec<Vec<String>> {
    assert!((1..=MAX_N).contains(&n), "n must be 1..=32, got {n}");
    let board = BlockedBoard::free(n).expect("n is in range");
    Solutions::new(&board)
        .map(|cols| board_rows(&cols))
        .collect()
}
