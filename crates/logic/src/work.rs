//! A puzzle made ready for the techniques: its board (classic, or of the
//! general model), and its solutions counted to two, the first kept. Hints, explanations and ratings all
//! start here, since a step is sound only on a puzzle with a solution,
//! and a rating means something only on a puzzle with one.

use crate::{Board, LogicError, VariantBoard};
use gridsolve_sudoku::variant::Variant;
use gridsolve_sudoku::{Budget, Grid, Solver, StopReason, Strategy};

/// A board with its solutions counted: a classic [`Board`] and its
/// [`Grid`], or a [`VariantBoard`] and its values row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worked<B = Board, S = Grid> {
    /// The board the techniques start from.
    pub board: B,
    /// Its solutions: 1, or 2 for "more than one".
    pub solutions: u64,
    /// The first solution found.
    pub solution: S,
}

impl Worked {
    /// The board of `grid`, its solutions counted by the bitboard engine
    /// within `budget`. A grid that breaks a rule, has no solution, or
    /// whose count the budget stopped is refused.
    ///
    /// ```
    /// use gridsolve_logic::Worked;
    /// use gridsolve_sudoku::{Budget, Grid};
    ///
    /// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()
    ///     .unwrap();
    /// let worked = Worked::from_grid(&grid, &Budget::default()).unwrap();
    /// assert_eq!(worked.solutions, 1);
    /// assert!(Worked::from_grid(&Grid::default(), &Budget::default()).unwrap().unique().is_err());
    /// ```
    pub fn from_grid(grid: &Grid, budget: &Budget) -> Result<Worked, LogicError> {
        let board = Board::new(grid)?;
        let found = Solver::new(Strategy::Bitboard)
            .with_max_solutions(2)
            .with_budget(budget.clone())
            .explore(grid);
        let stopped = found
            .stopped
            .filter(|&reason| reason != StopReason::SolutionLimit);
        Self::of(board, found.stats.solutions, found.solution, stopped)
    }

    /// `board` (a pencil-mark board, say) with its completions counted by
    /// exact cover over its candidates ([`Board::completions`]), refused
    /// as [`from_grid`](Worked::from_grid) refuses.
    pub fn from_board(board: Board, budget: &Budget) -> Result<Worked, LogicError> {
        let found = board.completions(budget);
        Self::of(board, found.count, found.first, found.stopped)
    }
}

impl Worked<VariantBoard, Vec<u8>> {
    /// The board of `puzzle`, its solutions counted by the general
    /// model's search (cages pruned by their combinations) within
    /// `budget`; refused as [`Worked::from_grid`] refuses.
    ///
    /// ```
    /// use gridsolve_logic::Worked;
    /// use gridsolve_sudoku::variant::read;
    /// use gridsolve_sudoku::Budget;
    ///
    /// let (puzzle, _) = read("1...\n..2.\n.3..\n...4\n", None).unwrap();
    /// let worked = Worked::from_variant(&puzzle, &Budget::default()).unwrap();
    /// assert_eq!((worked.solutions, worked.board.empty_count()), (1, 12));
    /// ```
    pub fn from_variant(puzzle: &Variant, budget: &Budget) -> Result<Self, LogicError> {
        let found = Solver::new(Strategy::Bitboard)
            .with_max_solutions(2)
            .with_budget(budget.clone())
            .explore_variant(puzzle);
        let stopped = found
            .stopped
            .filter(|&reason| reason != StopReason::SolutionLimit);
        Self::of(
            VariantBoard::new(puzzle),
            found.stats.solutions,
            found.solution,
            stopped,
        )
    }
}

impl<B, S> Worked<B, S> {
    /// This, if the puzzle has one solution only (a rating needs that:
    /// the steps would depend on which solution they head for).
    pub fn unique(self) -> Result<Self, LogicError> {
        if self.solutions > 1 {
            return Err(LogicError::Multiple);
        }
        Ok(self)
    }

    fn of(
        board: B,
        solutions: u64,
        solution: Option<S>,
        stopped: Option<StopReason>,
    ) -> Result<Self, LogicError> {
        if let Some(reason) = stopped {
            return Err(LogicError::Stopped(reason));
        }
        let solution = solution.ok_or(LogicError::NoSolution)?;
        Ok(Worked {
            board,
            solutions,
            solution,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_the_budget_stops_is_refused_as_stopped_not_as_unsolvable() {
        let budget = Budget::default().with_max_nodes(1);
        let stopped = Worked::from_grid(&Grid::default(), &budget).unwrap_err();
        assert_eq!(stopped, LogicError::Stopped(StopReason::NodeLimit));
        let marks = Board::from_pencil_marks(&"123456789".repeat(81)).unwrap();
        let stopped = Worked::from_board(marks, &budget).unwrap_err();
        assert_eq!(stopped, LogicError::Stopped(StopReason::NodeLimit));
        assert!(
            stopped
                .to_string()
                .starts_with("stopped (node budget spent)"),
            "{stopped}"
        );
    }
}
