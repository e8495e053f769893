//! A board's completions, counted by plain search over its candidates:
//! how a pencil-mark grid, which no `Grid` holds, is checked for a
//! solution and for uniqueness before any technique works on it.

use crate::board::Board;
use gridsolve_sudoku::{Cell, Grid};

/// The completions of `board` (each empty cell given one of its
/// candidates, no digit twice in a unit) counted up to `limit`, and the
/// first one found.
///
/// ```
/// use gridsolve_logic::{completions, Board};
/// use gridsolve_sudoku::Grid;
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let (count, first) = completions(&Board::new(&grid).unwrap(), 2);
/// assert_eq!(count, 1);
/// assert_eq!(first.unwrap().filled_count(), 81);
/// ```
pub fn completions(board: &Board, limit: u64) -> (u64, Option<Grid>) {
    let mut found = (0, None);
    search(board, limit, &mut found);
    found
}

fn search(board: &Board, limit: u64, found: &mut (u64, Option<Grid>)) {
    if board.dead_cell().is_some() {
        return;
    }
    let open = Cell::all().filter(|&cell| board.value(cell).is_none());
    let Some(cell) = open.min_by_key(|&cell| board.candidates(cell).len()) else {
        found.0 += 1;
        found.1.get_or_insert(*board.grid());
        return;
    };
    for digit in board.candidates(cell).iter() {
        let mut next = board.clone();
        next.place(cell, digit);
        search(&next, limit, found);
        if found.0 >= limit {
            return;
        }
    }
}
