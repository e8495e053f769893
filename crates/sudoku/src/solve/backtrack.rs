//! Plain backtracking: choose an empty cell, try each legal digit, recurse,
//! take the digit back ("choose, explore, un-choose").
//!
//! The two teaching strategies differ only in [`CellOrder`]: the first empty
//! cell in reading order, or the empty cell with the fewest legal digits.
//! Nothing is inferred; legality comes from the three used-tables.
//!
//! Invariant: between calls, `grid` and `used` describe the same placements.

use super::context::SearchContext;
use super::used::UsedTables;
use super::Placement;
use crate::digits::DigitSet;
use crate::grid::{Cell, Grid};
use gridsolve_search::Tracer;

/// How the next cell to fill is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellOrder {
    /// The first empty cell in reading order.
    Reading,
    /// The empty cell with the fewest legal digits (the first such in
    /// reading order on a tie).
    FewestCandidates,
}

impl CellOrder {
    /// The cell to fill next with its legal digits, or `None` when the grid
    /// is full. (Inlined by hand: when the traced search instantiates it
    /// too, the compiler stops inlining it into the untraced one, which
    /// costs 5% of reading-order's instructions.)
    #[inline(always)]
    fn pick(self, grid: &Grid, used: &UsedTables) -> Option<(Cell, DigitSet)> {
        let mut empty_cells = Cell::all().filter(|&cell| grid.get(cell).is_none());
        match self {
            CellOrder::Reading => empty_cells.next().map(|cell| (cell, used.legal(cell))),
            CellOrder::FewestCandidates => {
                let mut best: Option<(Cell, DigitSet)> = None;
                for cell in empty_cells {
                    let legal = used.legal(cell);
                    if best.is_none_or(|(_, fewest)| legal.len() < fewest.len()) {
                        best = Some((cell, legal));
                        if legal.len() <= 1 {
                            break; // nothing beats a forced or impossible cell
                        }
                    }
                }
                best
            }
        }
    }
}

pub(super) fn explore<T: Tracer<Placement>>(
    puzzle: &Grid,
    order: CellOrder,
    context: &mut SearchContext<'_, T>,
) {
    if !context.enter() {
        return;
    }
    let Some(mut used) = UsedTables::from_grid(puzzle) else {
        context.dead_end(0);
        return;
    };
    let mut grid = *puzzle;
    search(&mut grid, &mut used, order, 0, context);
}

/// Explores below the current state, which has already been counted as a
/// node. Returns `false` once the search must stop.
fn search<T: Tracer<Placement>>(
    grid: &mut Grid,
    used: &mut UsedTables,
    order: CellOrder,
    depth: usize,
    context: &mut SearchContext<'_, T>,
) -> bool {
    let Some((cell, legal)) = order.pick(grid, used) else {
        return context.solution(depth, || *grid);
    };
    context.branch(depth, cell, legal);
    if legal.is_empty() {
        context.dead_end(depth);
        return true;
    }
    for digit in legal.iter() {
        let placement = Placement { cell, digit };
        context.choose(depth, placement, legal.len());
        grid.set(cell, Some(digit));
        used.place(cell, digit);
        if !context.enter() || !search(grid, used, order, depth + 1, context) {
            return false;
        }
        grid.set(cell, None);
        used.remove(cell, digit);
        context.undo(depth, placement);
    }
    true
}
