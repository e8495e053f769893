//! Searching a [`Variant`]: the textbook strategies on the general model.
//!
//! Candidates are `u32` masks (bit `v - 1` for value `v`). Placing a value
//! removes it from every peer: the cells sharing a unit or a cage. Cage
//! pruning, when on, keeps in each unfilled cell of a cage only the values
//! that occur in some combination of distinct values, of the cage's unfilled
//! size, from the values its unfilled cells still allow, making the sum
//! left; off, a cage is only checked against its sum once it is full.
//!
//! Invariant of [`State`]: a filled cell has no candidates; an unfilled
//! cell's candidates exclude every value placed among its peers.

use super::cages::feasible_values;
use super::model::Variant;
use gridsolve_search::{Limits, Stats, StopReason};

/// How the next cell is chosen and how much is inferred (see
/// [`crate::Strategy`] for the 9×9 counterparts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantStrategy {
    /// The first unfilled cell in reading order.
    ReadingOrder,
    /// The unfilled cell with the fewest candidates.
    Mrv,
    /// `Mrv` with naked and hidden singles before each guess.
    Propagate,
}

/// What [`explore`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantExploration {
    /// The first solution, row by row.
    pub solution: Option<Vec<u8>>,
    /// Counters; `stats.solutions` counts the solutions found.
    pub stats: Stats,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
}

/// Searches `variant` within `limits`, with cage pruning by combinations
/// if `cage_pruning`, else by sums of full cages only.
///
/// ```
/// use gridsolve_sudoku::variant::{explore, Shape, Variant, VariantStrategy};
/// use gridsolve_sudoku::Limits;
///
/// let empty = Variant::new(Shape::new(2, 2).unwrap());
/// let found = explore(&empty, VariantStrategy::Propagate, true, &Limits::solutions(1000));
/// assert_eq!(found.stats.solutions, 288);
/// ```
pub fn explore(
    variant: &Variant,
    strategy: VariantStrategy,
    cage_pruning: bool,
    limits: &Limits,
) -> VariantExploration {
    let mut search = Search {
        rules: Rules::new(variant, cage_pruning),
        strategy,
        limits,
        stats: Stats::default(),
        first: None,
        stopped: None,
    };
    search.stats.nodes = 1;
    let mut state = State {
        values: vec![0; variant.givens().len()],
        cand: vec![search.rules.all; variant.givens().len()],
    };
    let consistent = variant
        .givens()
        .iter()
        .enumerate()
        .filter(|&(_, &value)| value != 0)
        .all(|(cell, &value)| search.rules.assign(&mut state, cell, value))
        && search.infer(&mut state);
    if consistent {
        search.run(&state);
    }
    VariantExploration {
        solution: search.first,
        stats: search.stats,
        stopped: search.stopped,
    }
}

/// The puzzle's constraints, as look-ups.
struct Rules<'a> {
    variant: &'a Variant,
    side: usize,
    all: u32,
    /// Per cell: the other cells of its units and cage.
    peers: Vec<Vec<usize>>,
    /// Per cell: its cage, if any.
    cage_of: Vec<Option<usize>>,
    cage_pruning: bool,
}

#[derive(Clone)]
struct State {
    values: Vec<u8>,
    cand: Vec<u32>,
}

impl<'a> Rules<'a> {
    fn new(variant: &'a Variant, cage_pruning: bool) -> Self {
        let side = variant.side();
        let cells = side * side;
        let mut peers = vec![Vec::new(); cells];
        let groups = variant
            .units()
            .iter()
            .chain(variant.cages().iter().map(|cage| &cage.cells));
        for group in groups {
            for &cell in group {
                peers[cell].extend(group.iter().copied().filter(|&other| other != cell));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut cage_of = vec![None; cells];
        for (index, cage) in variant.cages().iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = Some(index);
            }
        }
        Rules {
            variant,
            side,
            all: (1u32 << side) - 1,
            peers,
            cage_of,
            cage_pruning,
        }
    }

    /// Writes `value` into `cell`; `false` if that breaks a rule.
    fn assign(&self, state: &mut State, cell: usize, value: u8) -> bool {
        let bit = 1u32 << (value - 1);
        if state.cand[cell] & bit == 0 {
            return false;
        }
        state.values[cell] = value;
        state.cand[cell] = 0;
        for &peer in &self.peers[cell] {
            state.cand[peer] &= !bit;
            if state.values[peer] == 0 && state.cand[peer] == 0 {
                return false;
            }
        }
        match self.cage_of[cell] {
            Some(cage) => self.prune_cage(state, cage),
            None => true,
        }
    }

    /// Keeps a cage's unfilled cells to values some combination allows
    /// (or, without pruning, checks a full cage's sum); `false` if none.
    fn prune_cage(&self, state: &mut State, cage: usize) -> bool {
        let cage = &self.variant.cages()[cage];
        let placed: u32 = cage
            .cells
            .iter()
            .map(|&cell| u32::from(state.values[cell]))
            .sum();
        let open: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&cell| state.values[cell] == 0)
            .collect();
        if placed > cage.sum || (open.is_empty() && placed != cage.sum) {
            return false;
        }
        if !self.cage_pruning || open.is_empty() {
            return true;
        }
        let allowed = open.iter().fold(0, |mask, &cell| mask | state.cand[cell]);
        let feasible = feasible_values(self.side, allowed, open.len(), cage.sum - placed);
        for cell in open {
            state.cand[cell] &= feasible;
            if state.cand[cell] == 0 {
                return false;
            }
        }
        true
    }
}

struct Search<'a> {
    rules: Rules<'a>,
    strategy: VariantStrategy,
    limits: &'a Limits,
    stats: Stats,
    first: Option<Vec<u8>>,
    stopped: Option<StopReason>,
}

impl Search<'_> {
    /// Naked and hidden singles to a fixed point (only for `Propagate`);
    /// `false` on a contradiction.
    fn infer(&self, state: &mut State) -> bool {
        if self.strategy != VariantStrategy::Propagate {
            return true;
        }
        let rules = &self.rules;
        loop {
            let mut changed = false;
            for cell in 0..state.values.len() {
                let cand = state.cand[cell];
                if state.values[cell] == 0 && cand.count_ones() == 1 {
                    if !rules.assign(state, cell, cand.trailing_zeros() as u8 + 1) {
                        return false;
                    }
                    changed = true;
                }
            }
            for unit in rules.variant.units() {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &cell in unit {
                    twice |= once & state.cand[cell];
                    once |= state.cand[cell];
                    if state.values[cell] != 0 {
                        placed |= 1 << (state.values[cell] - 1);
                    }
                }
                if once | placed != rules.all {
                    return false;
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let value = hidden.trailing_zeros() as u8 + 1;
                    hidden &= hidden - 1;
                    let bit = 1u32 << (value - 1);
                    if let Some(&cell) = unit.iter().find(|&&cell| state.cand[cell] & bit != 0) {
                        if !rules.assign(state, cell, value) {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The unfilled cell to branch on, or `None` when the grid is full.
    fn pick(&self, state: &State) -> Option<usize> {
        let mut open = (0..state.values.len()).filter(|&cell| state.values[cell] == 0);
        match self.strategy {
            VariantStrategy::ReadingOrder => open.next(),
            VariantStrategy::Mrv | VariantStrategy::Propagate => {
                open.min_by_key(|&cell| state.cand[cell].count_ones())
            }
        }
    }

    /// Explores below `state` (already counted); `false` once it must stop.
    fn run(&mut self, state: &State) -> bool {
        let Some(cell) = self.pick(state) else {
            self.stats.solutions += 1;
            self.first.get_or_insert_with(|| state.values.clone());
            if self.stats.solutions >= self.limits.max_solutions() {
                self.stopped = Some(StopReason::SolutionLimit);
                return false;
            }
            return true;
        };
        let mut cand = state.cand[cell];
        let alternatives = cand.count_ones();
        while cand != 0 {
            let value = cand.trailing_zeros() as u8 + 1;
            cand &= cand - 1;
            if alternatives > 1 {
                self.stats.guesses += 1;
            }
            self.stats.nodes += 1;
            if let Some(reason) = self.limits.interrupt(self.stats.nodes) {
                self.stopped = Some(reason);
                return false;
            }
            let mut next = state.clone();
            if self.rules.assign(&mut next, cell, value)
                && self.infer(&mut next)
                && !self.run(&next)
            {
                return false;
            }
            self.stats.backtracks += 1;
        }
        true
    }
}
