//! A whole solution path on the general model: the easiest step, applied,
//! again and again, until the grid is full or no technique finds anything.

use super::board::VariantBoard;
use super::step::VariantStep;
use super::techniques::next_variant_step;
use crate::step::{Rating, Scale};
use gridsolve_sudoku::{Budget, StopReason};

/// The steps the techniques took from a board of the general model, and
/// where they ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPath {
    /// The board the path starts from.
    pub start: VariantBoard,
    /// The steps, in the order taken.
    pub steps: Vec<VariantStep>,
    /// The board after the last step: full when the techniques solved it.
    pub end: VariantBoard,
    /// Why the budget stopped the path before the techniques ran out, if
    /// it did.
    pub stopped: Option<StopReason>,
}

impl VariantPath {
    /// Whether the techniques filled the grid.
    pub fn solved(&self) -> bool {
        self.end.empty_count() == 0
    }

    /// The hardest step's rating on Sudoku Explainer's scale, among the
    /// steps it rates (not the cage combinations).
    pub fn hardest(&self) -> Option<Rating> {
        self.steps
            .iter()
            .filter_map(|step| step.technique.rating())
            .max()
    }
}

/// Takes the easiest step (in `scale`'s order) from `start` until the grid
/// is full, the techniques run out, or `budget` stops them.
///
/// ```
/// use gridsolve_logic::{variant_path, Scale, VariantBoard};
/// use gridsolve_sudoku::variant::read;
/// use gridsolve_sudoku::Budget;
///
/// let (puzzle, _) = read("1...\n..2.\n.3..\n...4\n", None).unwrap();
/// let path = variant_path(VariantBoard::new(&puzzle), Scale::Explainer, &Budget::default());
/// assert!(path.solved());
/// assert_eq!(path.steps.len(), 12);
/// ```
pub fn variant_path(start: VariantBoard, scale: Scale, budget: &Budget) -> VariantPath {
    let mut board = start.clone();
    let mut steps = Vec::new();
    let mut stopped = None;
    while board.dead_cell().is_none() && board.empty_count() > 0 {
        stopped = budget.poll();
        if stopped.is_some() {
            break;
        }
        let Some(step) = next_variant_step(&board, scale) else {
            break;
        };
        step.apply(&mut board);
        steps.push(step);
    }
    VariantPath {
        start,
        steps,
        end: board,
        stopped,
    }
}
