//! A whole solution path: the easiest step, applied, again and again,
//! until the grid is full or no technique finds anything.

use crate::board::Board;
use crate::step::{Rating, Step, Technique};
use crate::techniques::next_step_among;

/// The steps the techniques took from a board, and where they ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The board the path starts from.
    pub start: Board,
    /// The steps, in the order taken.
    pub steps: Vec<Step>,
    /// The board after the last step: full when the techniques solved it.
    pub end: Board,
}

impl Path {
    /// Whether the techniques filled the grid.
    pub fn solved(&self) -> bool {
        self.end.empty_count() == 0
    }

    /// The hardest step's rating (Sudoku Explainer's ER for the steps
    /// these techniques know), `None` for an empty path.
    pub fn hardest(&self) -> Option<Rating> {
        self.steps.iter().map(|step| step.rating).max()
    }
}

/// Takes the easiest step from `board` until the grid is full or the
/// techniques run out.
///
/// ```
/// use gridsolve_logic::{solve_path, Board};
/// use gridsolve_sudoku::Grid;
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let path = solve_path(Board::new(&grid).unwrap());
/// assert!(path.solved());
/// // Singles all the way: one step a blank.
/// assert_eq!(path.steps.len(), 81 - grid.filled_count());
/// ```
pub fn solve_path(board: Board) -> Path {
    solve_path_among(board, &Technique::ALL)
}

/// Takes the first step of `techniques` (in their order) from `board`
/// until the grid is full or they run out.
pub(crate) fn solve_path_among(start: Board, techniques: &[Technique]) -> Path {
    let mut board = start.clone();
    let mut steps = Vec::new();
    while board.dead_cell().is_none() {
        let Some(step) = next_step_among(&board, techniques) else {
            break;
        };
        step.apply(&mut board);
        steps.push(step);
    }
    Path {
        start,
        steps,
        end: board,
    }
}
