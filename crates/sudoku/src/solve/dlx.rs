//! The exact-cover strategy: the puzzle's exact-cover form (as
//! [`crate::exact_cover()`] builds it, less the item names) searched by the
//! dancing-links engine of `gridsolve-cover`, its events translated back
//! into placements.

use super::{Exploration, Placement};
use crate::exact_cover::{items, placements_of};
use crate::grid::Grid;
use gridsolve_cover::Dlx;
use gridsolve_search::{Budget, MapChoices, Tracer};
use std::ops::ControlFlow;

pub(super) fn explore<T: Tracer<Placement>>(
    puzzle: &Grid,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
) -> Exploration {
    // The options of `exact_cover(puzzle)`, without naming the items.
    let placements: Vec<Placement> = placements_of(puzzle).collect();
    let options: Vec<[u32; 4]> = placements
        .iter()
        .map(|&placement| items(placement))
        .collect();
    let mut dlx = Dlx::from_options(324, 324, options.iter().map(|option| &option[..]));
    let mut first: Option<Grid> = None;
    let mut found = 0u64;
    // The engine's events name options; the tracer hears placements.
    // Items are numbered as the Sudoku vocabulary numbers slots.
    let mut events = MapChoices::new(tracer, |&option: &usize| placements[option]);
    let report = dlx.search(budget, &mut events, |options| {
        found += 1;
        if first.is_none() {
            let mut grid = *puzzle;
            for &option in options {
                let placement = placements[option];
                grid.set(placement.cell, Some(placement.digit));
            }
            first = Some(grid);
        }
        if found >= max_solutions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    report.exploration(first, report.stats.solutions)
}
