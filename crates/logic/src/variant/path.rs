//! A whole solution path on the general model: the easiest step, applied,
//! again and again, until the grid is full or no technique finds anything.

use super::board::VariantBoard;
use super::step::VariantStep;
use super::techniques::next_variant_step_among;
use crate::path::{walk, Path};
use crate::step::{Rating, Scale};
use gridsolve_sudoku::Budget;

/// The steps the techniques took from a board of the general model, and
/// where they ended.
pub type VariantPath = Path<VariantBoard, VariantStep>;

impl VariantPath {
    /// Whether the techniques filled the grid.
    pub fn solved(&self) -> bool {
        self.end.empty_count() == 0
    }

    /// The hardest step's rating on Sudoku Explainer's scale, among the
    /// steps it rates (not the Killer techniques or forcing chains).
    pub fn hardest(&self) -> Option<Rating> {
        self.steps
            .iter()
            .filter_map(|step| step.technique.rating())
            .max()
    }
}

/// Takes the easiest step (in `scale`'s order) from `start` until the grid
/// is full, the techniques run out, or `budget` stops them (between steps,
/// or in a forcing chain's search).
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
    let open = |board: &VariantBoard| board.dead_cell().is_none() && board.empty_count() > 0;
    let next = |board: &VariantBoard| next_variant_step_among(board, scale, budget);
    walk(start, budget, open, next, VariantStep::apply)
}
