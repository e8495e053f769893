//! The bookkeeping every strategy shares: counting nodes, guesses,
//! backtracks and solutions, honouring the wanted count and the budget, forwarding events to the
//! tracer, and keeping the first solution.
//!
//! Invariant: once a method has returned `false` the search must unwind
//! without further calls; `stopped` then says why.

use super::{Exploration, Placement};
use crate::digits::DigitSet;
use crate::grid::{Cell, Grid};
use gridsolve_search::{Budget, Stats, StopReason, Tracer};

pub(super) struct SearchContext<'a, T> {
    max_solutions: u64,
    budget: &'a Budget,
    tracer: &'a mut T,
    stats: Stats,
    first: Option<Grid>,
    stopped: Option<StopReason>,
}

impl<'a, T: Tracer<Placement>> SearchContext<'a, T> {
    pub(super) fn new(max_solutions: u64, budget: &'a Budget, tracer: &'a mut T) -> Self {
        SearchContext {
            max_solutions,
            budget,
            tracer,
            stats: Stats::default(),
            first: None,
            stopped: None,
        }
    }

    /// Counts a new node; `false` if the budget ends the search here.
    #[inline]
    pub(super) fn enter(&mut self) -> bool {
        self.stats.nodes += 1;
        match self.budget.interrupt(self.stats.nodes) {
            None => true,
            Some(reason) => {
                self.stopped = Some(reason);
                false
            }
        }
    }

    /// The search is about to try the digits `legal` in `cell`.
    #[inline]
    pub(super) fn branch(&mut self, depth: usize, cell: Cell, legal: DigitSet) {
        if T::ENABLED {
            let options: Vec<Placement> = legal
                .iter()
                .map(|digit| Placement { cell, digit })
                .collect();
            self.tracer.branch(depth, cell.index(), &options);
        }
    }

    /// The search commits to `placement`, one of `alternatives`.
    #[inline]
    pub(super) fn choose(&mut self, depth: usize, placement: Placement, alternatives: u32) {
        if alternatives > 1 {
            self.stats.guesses += 1;
        }
        self.tracer.choose(depth, &placement, alternatives);
    }

    /// Propagation inferred `placement`.
    #[inline]
    pub(super) fn infer(&mut self, depth: usize, placement: Placement) {
        self.tracer.propagate(depth, &placement);
    }

    /// The search takes `placement` back.
    #[inline]
    pub(super) fn undo(&mut self, depth: usize, placement: Placement) {
        self.stats.backtracks += 1;
        self.tracer.undo(depth, &placement);
    }

    /// The state at `depth` has no completion.
    #[inline]
    pub(super) fn dead_end(&mut self, depth: usize) {
        self.tracer.dead_end(depth);
    }

    /// The search has reached a solution, which `grid` gives (it is only
    /// called for the first one); `false` if the solution limit is now
    /// reached.
    pub(super) fn solution(&mut self, depth: usize, grid: impl FnOnce() -> Grid) -> bool {
        self.stats.solutions += 1;
        self.tracer.solution(depth);
        if self.first.is_none() {
            self.first = Some(grid());
        }
        if self.stats.solutions >= self.max_solutions {
            self.stopped = Some(StopReason::SolutionLimit);
            return false;
        }
        true
    }

    /// The nodes counted so far.
    #[inline]
    pub(super) fn nodes(&self) -> u64 {
        self.stats.nodes
    }

    pub(super) fn finish(self) -> Exploration {
        Exploration {
            solution: self.first,
            stats: self.stats,
            stopped: self.stopped,
        }
    }
}
