//! A whole solution path: the easiest step, applied, again and again,
//! until the grid is full or no technique finds anything.

use crate::board::Board;
use crate::step::{Rating, Scale, Step, Technique};
use crate::techniques::next_step_among;
use gridsolve_sudoku::{Budget, StopReason};

/// The steps the techniques took from a board, and where they ended: a
/// classic board's by default, or one of the general model's
/// ([`crate::VariantPath`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path<B = Board, S = Step> {
    /// The board the path starts from.
    pub start: B,
    /// The steps, in the order taken.
    pub steps: Vec<S>,
    /// The board after the last step: full when the techniques solved it.
    pub end: B,
    /// Why the budget stopped the path before the techniques ran out, if
    /// it did (the path is then only a beginning).
    pub stopped: Option<StopReason>,
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
    solve_path_within(board, &Budget::default())
}

/// [`solve_path`] within `budget` (its deadline and cancel flag; the
/// forcing chains, which can take seconds a step on the hardest puzzles,
/// read it as they go): a path the budget stops says why in
/// [`Path::stopped`].
///
/// ```
/// use gridsolve_logic::{solve_path_within, Board};
/// use gridsolve_sudoku::{Budget, Grid, StopReason};
/// use std::time::Duration;
///
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()
///     .unwrap();
/// let budget = Budget::default().with_timeout(Duration::ZERO);
/// let path = solve_path_within(Board::new(&grid).unwrap(), &budget);
/// assert_eq!(path.stopped, Some(StopReason::Deadline));
/// assert!(!path.solved());
/// ```
pub fn solve_path_within(board: Board, budget: &Budget) -> Path {
    solve_path_among(board, &Technique::ALL, budget)
}

/// [`solve_path_within`] in the order of `scale`'s techniques.
///
/// ```
/// use gridsolve_logic::{solve_path_on, Board, Scale};
/// use gridsolve_sudoku::{Budget, Grid};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let path = solve_path_on(Board::new(&grid).unwrap(), Scale::Hodoku, &Budget::default());
/// assert!(path.solved());
/// ```
pub fn solve_path_on(board: Board, scale: Scale, budget: &Budget) -> Path {
    solve_path_among(board, scale.techniques(), budget)
}

/// Takes the first step of `techniques` (in their order) from `board`
/// until the grid is full, they run out or `budget` stops them.
pub(crate) fn solve_path_among(start: Board, techniques: &[Technique], budget: &Budget) -> Path {
    let open = |board: &Board| board.dead_cell().is_none() && board.empty_count() > 0;
    let next = |board: &Board| next_step_among(board, techniques, budget);
    walk(start, budget, open, next, Step::apply)
}

/// A step search's result, `found`, told apart from a search `budget` cut
/// short: the step, `Ok(None)` when none was found and the budget still
/// holds, or `Err` (why it stopped: a search it stops finds nothing).
pub(crate) fn found_or_stopped<S>(
    found: Option<S>,
    budget: &Budget,
) -> Result<Option<S>, StopReason> {
    match found {
        Some(step) => Ok(Some(step)),
        None => budget.poll().map_or(Ok(None), Err),
    }
}

/// The path from `start`: while the board is `open` and `budget` lets it
/// go on, the `next` step, made on the board by `apply`. When no step is
/// found, the budget is read again (a technique it cut short finds
/// none).
pub(crate) fn walk<B: Clone, S>(
    start: B,
    budget: &Budget,
    open: impl Fn(&B) -> bool,
    mut next: impl FnMut(&B) -> Option<S>,
    apply: impl Fn(&S, &mut B),
) -> Path<B, S> {
    let mut board = start.clone();
    let mut steps = Vec::new();
    let mut stopped = None;
    while open(&board) {
        stopped = budget.poll();
        if stopped.is_some() {
            break;
        }
        let Some(step) = next(&board) else {
            stopped = budget.poll();
            break;
        };
        apply(&step, &mut board);
        steps.push(step);
    }
    Path {
        start,
        steps,
        end: board,
        stopped,
    }
}
