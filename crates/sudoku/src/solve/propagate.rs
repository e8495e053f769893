//! Fewest-candidates search with propagation of naked and hidden singles.
//!
//! The state keeps, for every empty cell, its candidate digits, and for
//! every unit the digits already placed in it. Placing a digit removes it
//! from the candidates of the cell's 20 peers; a peer left with one
//! candidate is placed in turn (naked single), and a digit with one possible
//! cell left in a unit is placed there (hidden single), until nothing
//! changes. Only then does the search guess, on a cell with the fewest
//! candidates, trying each on a copy of the state (a copy of 300 bytes is
//! cheaper than an undo log).
//!
//! Invariants of [`State`]: a filled cell has no candidates; an empty cell's
//! candidates exclude every digit placed in its units; `placed[u]` is the
//! set of digits placed in unit `u`; `empty` counts the empty cells.

use super::context::SearchContext;
use super::Placement;
use crate::digits::DigitSet;
use crate::grid::{Cell, Digit, Grid, CELLS};
use crate::units::{CELL_UNITS, PEERS, UNITS, UNIT_CELLS};
use gridsolve_search::Tracer;

#[derive(Clone, Copy)]
struct State {
    grid: Grid,
    candidates: [DigitSet; CELLS],
    placed: [DigitSet; UNITS],
    empty: u8,
}

/// The state admits no solution.
struct Contradiction;

impl State {
    /// The state of the empty grid.
    fn new() -> Self {
        State {
            grid: Grid::empty(),
            candidates: [DigitSet::ALL; CELLS],
            placed: [DigitSet::EMPTY; UNITS],
            empty: CELLS as u8,
        }
    }

    /// Places `digit` in `cell` and every naked single that follows,
    /// reporting each single to the tracer if `report` says so.
    fn assign<T: Tracer<Placement>>(
        &mut self,
        cell: Cell,
        digit: Digit,
        depth: usize,
        report: bool,
        context: &mut SearchContext<'_, T>,
    ) -> Result<(), Contradiction> {
        // Each cell enters the stack at most once: when its candidates
        // shrink to one, which happens once since they only shrink.
        let mut stack = [(cell, digit); CELLS];
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let (cell, digit) = stack[len];
            if self.grid.get(cell).is_some() || !self.candidates[cell.index()].contains(digit) {
                // Filled meanwhile, or the digit was taken by a peer.
                return Err(Contradiction);
            }
            self.grid.set(cell, Some(digit));
            self.candidates[cell.index()] = DigitSet::EMPTY;
            self.empty -= 1;
            for unit in CELL_UNITS[cell.index()] {
                self.placed[unit as usize].insert(digit);
            }
            for &peer in &PEERS[cell.index()] {
                let peer_candidates = &mut self.candidates[peer as usize];
                if !peer_candidates.contains(digit) {
                    continue;
                }
                peer_candidates.remove(digit);
                match peer_candidates.len() {
                    0 => return Err(Contradiction),
                    1 => {
                        let peer = Cell::new(peer as usize).expect("peer table holds cells");
                        let only = peer_candidates.first().expect("one candidate");
                        if report {
                            context.infer(
                                depth,
                                Placement {
                                    cell: peer,
                                    digit: only,
                                },
                            );
                        }
                        stack[len] = (peer, only);
                        len += 1;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Places hidden singles (and their naked-single consequences) until
    /// none is left; fails if some unit has a digit with no place.
    fn propagate<T: Tracer<Placement>>(
        &mut self,
        depth: usize,
        context: &mut SearchContext<'_, T>,
    ) -> Result<(), Contradiction> {
        let mut changed = true;
        while changed {
            changed = false;
            for (unit, cells) in UNIT_CELLS.iter().enumerate() {
                // Digits seen in at least one / at least two cells' candidates.
                let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
                for &cell in cells {
                    let candidates = self.candidates[cell as usize];
                    twice = twice.union(once.intersection(candidates));
                    once = once.union(candidates);
                }
                if once.union(self.placed[unit]) != DigitSet::ALL {
                    return Err(Contradiction);
                }
                for digit in once.difference(twice).iter() {
                    let Some(&cell) = cells
                        .iter()
                        .find(|&&cell| self.candidates[cell as usize].contains(digit))
                    else {
                        // An earlier single of this pass took the digit's place.
                        continue;
                    };
                    let cell = Cell::new(cell as usize).expect("unit table holds cells");
                    context.infer(depth, Placement { cell, digit });
                    self.assign(cell, digit, depth, true, context)?;
                    changed = true;
                }
            }
        }
        Ok(())
    }

    /// An empty cell with the fewest candidates, or `None` if the grid is full.
    fn fewest_candidates(&self) -> Option<Cell> {
        let mut best: Option<(usize, u32)> = None;
        for (index, candidates) in self.candidates.iter().enumerate() {
            let count = candidates.len();
            if count >= 2 && best.is_none_or(|(_, fewest)| count < fewest) {
                best = Some((index, count));
                if count == 2 {
                    break;
                }
            }
        }
        best.and_then(|(index, _)| Cell::new(index))
    }
}

pub(super) fn explore<T: Tracer<Placement>>(puzzle: &Grid, context: &mut SearchContext<'_, T>) {
    if !context.enter() {
        return;
    }
    let mut state = State::new();
    for (cell, digit) in puzzle.clues() {
        // A clue whose cell an earlier clue already decided, or whose digit
        // a peer already holds, contradicts the other clues. Singles are
        // not reported here: some are clues still to come.
        let consistent = match state.grid.get(cell) {
            None => state.assign(cell, digit, 0, false, context).is_ok(),
            Some(placed) => placed == digit,
        };
        if !consistent {
            context.dead_end(0);
            return;
        }
    }
    if T::ENABLED {
        // The singles the clues forced, in reading order.
        for cell in Cell::all().filter(|&cell| puzzle.get(cell).is_none()) {
            if let Some(digit) = state.grid.get(cell) {
                context.infer(0, Placement { cell, digit });
            }
        }
    }
    if state.propagate(0, context).is_err() {
        context.dead_end(0);
        return;
    }
    search(&state, 0, context);
}

/// Explores below a propagated state, which has already been counted as a
/// node. Returns `false` once the search must stop.
fn search<T: Tracer<Placement>>(
    state: &State,
    depth: usize,
    context: &mut SearchContext<'_, T>,
) -> bool {
    if state.empty == 0 {
        return context.solution(depth, || state.grid);
    }
    let cell = state
        .fewest_candidates()
        .expect("a propagated state with empty cells has one with two or more candidates");
    let candidates = state.candidates[cell.index()];
    context.branch(depth, cell, candidates);
    for digit in candidates.iter() {
        let placement = Placement { cell, digit };
        context.choose(depth, placement, candidates.len());
        if !context.enter() {
            return false;
        }
        let mut next = *state;
        let consistent = next.assign(cell, digit, depth + 1, true, context).is_ok()
            && next.propagate(depth + 1, context).is_ok();
        if !consistent {
            context.dead_end(depth + 1);
        } else if !search(&next, depth + 1, context) {
            return false;
        }
        context.undo(depth, placement);
    }
    true
}
