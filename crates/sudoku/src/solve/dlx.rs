//! The exact-cover strategy: the puzzle's exact-cover form (as
//! [`crate::exact_cover()`] builds it, less the item names) searched by the
//! dancing-links engine of `gridsolve-cover`, its events translated back
//! into placements.

use super::{Exploration, Placement};
use crate::exact_cover::{items, placements_of};
use crate::grid::Grid;
use gridsolve_cover::Dlx;
use gridsolve_search::{Limits, Tracer};
use std::ops::ControlFlow;

/// Forwards the engine's events (option indices) as placements.
struct Placements<'a, T> {
    inner: &'a mut T,
    placements: &'a [Placement],
}

impl<T: Tracer<Placement>> Tracer<usize> for Placements<'_, T> {
    const ENABLED: bool = T::ENABLED;

    fn branch(&mut self, depth: usize, item: usize, options: &[usize]) {
        // Items are numbered as the Sudoku vocabulary numbers slots.
        let placements: Vec<Placement> = options
            .iter()
            .map(|&option| self.placements[option])
            .collect();
        self.inner.branch(depth, item, &placements);
    }
    fn propagate(&mut self, depth: usize, option: &usize) {
        self.inner.propagate(depth, &self.placements[*option]);
    }
    fn choose(&mut self, depth: usize, option: &usize, alternatives: u32) {
        self.inner
            .choose(depth, &self.placements[*option], alternatives);
    }
    fn dead_end(&mut self, depth: usize) {
        self.inner.dead_end(depth);
    }
    fn undo(&mut self, depth: usize, option: &usize) {
        self.inner.undo(depth, &self.placements[*option]);
    }
    fn solution(&mut self, depth: usize) {
        self.inner.solution(depth);
    }
}

pub(super) fn explore<T: Tracer<Placement>>(
    puzzle: &Grid,
    limits: &Limits,
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
    let mut events = Placements {
        inner: tracer,
        placements: &placements,
    };
    let report = dlx.search(limits, &mut events, |options| {
        found += 1;
        if first.is_none() {
            let mut grid = *puzzle;
            for &option in options {
                let placement = placements[option];
                grid.set(placement.cell, Some(placement.digit));
            }
            first = Some(grid);
        }
        if found >= limits.max_solutions() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    report.exploration(first, report.stats.solutions)
}
