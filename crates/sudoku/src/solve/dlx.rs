//! The exact-cover strategy: the puzzle's exact-cover form (as
//! [`crate::exact_cover()`] builds it, less the item names) searched by the
//! dancing-links engine of `gridsolve-cover`, its events translated back
//! into placements.
//!
//! Each thread keeps one [`Scratch`], sized at first use for the largest
//! Sudoku problem (every cell with every digit), so that searching a
//! puzzle allocates nothing after the thread's first.

use super::{Exploration, Placement};
use crate::exact_cover::{items, placements_of};
use crate::grid::Grid;
use gridsolve_cover::Dlx;
use gridsolve_search::{Budget, MapChoices, Tracer};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The items of Sudoku's exact cover: 81 cells, and 81 digit-in-unit
/// items for each of rows, columns and boxes.
const ITEMS: usize = 324;

/// What a thread keeps between puzzles: the last puzzle's options (each
/// with the placement it stands for) and its links.
struct Scratch {
    placements: Vec<Placement>,
    options: Vec<[u32; 4]>,
    dlx: Dlx,
}

impl Scratch {
    /// A scratch with room for any puzzle: the empty grid has the most
    /// options.
    fn new() -> Self {
        let mut scratch = Scratch {
            placements: Vec::new(),
            options: Vec::new(),
            dlx: Dlx::from_options(0, 0, std::iter::empty()),
        };
        scratch.load(&Grid::empty());
        scratch
    }

    /// Replaces the problem with `puzzle`'s.
    fn load(&mut self, puzzle: &Grid) {
        self.placements.clear();
        self.placements.extend(placements_of(puzzle));
        self.options.clear();
        self.options
            .extend(self.placements.iter().map(|&placement| items(placement)));
        let options = self.options.iter().map(|option| &option[..]);
        self.dlx.load_options(ITEMS, ITEMS, options);
    }
}

thread_local! {
    static SCRATCH: RefCell<Option<Scratch>> = const { RefCell::new(None) };
}

pub(super) fn explore<T: Tracer<Placement>>(
    puzzle: &Grid,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
) -> Exploration {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => {
            let scratch = kept.get_or_insert_with(Scratch::new);
            explore_in(scratch, puzzle, max_solutions, budget, tracer)
        }
        // A search started from inside another's tracer, on the same
        // thread: it gets a scratch of its own.
        Err(_) => explore_in(&mut Scratch::new(), puzzle, max_solutions, budget, tracer),
    })
}

fn explore_in<T: Tracer<Placement>>(
    scratch: &mut Scratch,
    puzzle: &Grid,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
) -> Exploration {
    scratch.load(puzzle);
    let Scratch {
        placements, dlx, ..
    } = scratch;
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
