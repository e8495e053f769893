//! A variant that is a plain 9×9 Sudoku (boxes of 3×3, no regions, extra
//! units or cages) searched by the classic engines, so that the general
//! model costs nothing on the classic grid: its values become a [`Grid`],
//! the classic [`Solver`] runs, and its placements and answer come back as
//! the variant's.

use super::model::{Shape, Variant};
use super::solve::VariantExploration;
use super::trace::VariantPlacement;
use crate::grid::{Grid, CELLS};
use crate::solve::{Placement, Solver};
use gridsolve_search::{Exploration, MapChoices, Tracer};

/// Whether `variant` is a plain 9×9 Sudoku.
pub(super) fn is_classic(variant: &Variant) -> bool {
    variant.shape() == Shape::CLASSIC
        && !variant.is_jigsaw()
        && variant.units().len() == 27
        && variant.cages().is_empty()
}

impl Variant {
    /// The givens as a classic [`Grid`] when the variant is a plain 9×9
    /// Sudoku (boxes of 3×3, no jigsaw regions, extra units or cages),
    /// whatever symbols it is written in: its first symbol is the digit 1,
    /// and so on. `None` for any other puzzle (see [`Variant::kind`]).
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{parse_grid, Symbols};
    ///
    /// let letters = format!("ABC{}", ".".repeat(78));
    /// let symbols = Symbols::new("ABCDEFGHI").unwrap();
    /// let puzzle = parse_grid(&letters, Some(&symbols)).unwrap();
    /// let grid = puzzle.classic_grid().unwrap();
    /// assert_eq!(grid.values()[..4], [1, 2, 3, 0]);
    /// assert!(puzzle.with_diagonals().unwrap().classic_grid().is_none());
    /// ```
    pub fn classic_grid(&self) -> Option<Grid> {
        is_classic(self).then(|| classic_values(self))
    }
}

/// The values of the plain 9×9 `variant` as a classic grid.
fn classic_values(variant: &Variant) -> Grid {
    let mut values = [0u8; CELLS];
    values.copy_from_slice(variant.givens());
    Grid::from_values(values).expect("a 9×9 variant's values are at most 9")
}

/// A classic placement as the variant's.
fn placement(step: &Placement) -> VariantPlacement {
    VariantPlacement {
        cell: step.cell.index(),
        value: step.digit.get(),
    }
}

/// Searches the plain 9×9 `variant` with the classic engine of `solver`.
pub(super) fn explore<T: Tracer<VariantPlacement>>(
    solver: &Solver,
    variant: &Variant,
    tracer: &mut T,
) -> VariantExploration {
    let grid = classic_values(variant);
    let found = solver.explore_traced(&grid, &mut MapChoices::new(tracer, placement));
    Exploration {
        solution: found.solution.map(|answer| answer.values().to_vec()),
        stats: found.stats,
        stopped: found.stopped,
    }
}
