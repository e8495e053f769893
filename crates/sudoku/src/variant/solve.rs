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
use super::model::{Cage, Variant};
use super::trace::VariantPlacement;
use gridsolve_search::{Limits, NoTrace, Stats, StopReason, Tracer};

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

/// The cage reasoning a search uses (both on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageRules {
    /// Keep each cage's cells to values of some combination making the
    /// sum left (off: only a full cage's sum is checked).
    pub combinations: bool,
    /// The rule of 45: a unit's total minus the cages lying wholly inside
    /// it is the sum of its other cells, which then prune like a cage.
    pub rule_of_45: bool,
}

impl Default for CageRules {
    fn default() -> Self {
        CageRules {
            combinations: true,
            rule_of_45: true,
        }
    }
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

/// Searches `variant` within `limits`, with the cage reasoning of
/// `cage_rules`.
///
/// ```
/// use gridsolve_sudoku::variant::{explore, CageRules, Shape, Variant, VariantStrategy};
/// use gridsolve_sudoku::Limits;
///
/// let empty = Variant::new(Shape::new(2, 2).unwrap());
/// let found = explore(&empty, VariantStrategy::Propagate, CageRules::default(), &Limits::solutions(1000));
/// assert_eq!(found.stats.solutions, 288);
/// ```
pub fn explore(
    variant: &Variant,
    strategy: VariantStrategy,
    cage_rules: CageRules,
    limits: &Limits,
) -> VariantExploration {
    explore_traced(variant, strategy, cage_rules, limits, &mut NoTrace)
}

/// [`explore`], reporting each step to `tracer`: the values the root's
/// propagation fills (givens are not reported), then for each branch the
/// values tried, what each one's propagation fills, dead ends and
/// solutions (see [`Tracer`] for the order).
///
/// ```
/// use gridsolve_search::EventLog;
/// use gridsolve_sudoku::variant::{explore_traced, CageRules, Shape, Variant, VariantStrategy};
/// use gridsolve_sudoku::Limits;
///
/// let empty = Variant::new(Shape::new(2, 2).unwrap());
/// let mut log = EventLog::with_choice_limit(100);
/// let found = explore_traced(&empty, VariantStrategy::Mrv, CageRules::default(), &Limits::solutions(1), &mut log);
/// assert_eq!(found.stats.solutions, 1);
/// assert!(!log.events.is_empty());
/// ```
pub fn explore_traced<T: Tracer<VariantPlacement>>(
    variant: &Variant,
    strategy: VariantStrategy,
    cage_rules: CageRules,
    limits: &Limits,
    tracer: &mut T,
) -> VariantExploration {
    let mut search = Search {
        rules: Rules::new(variant, cage_rules),
        strategy,
        limits,
        stats: Stats::default(),
        first: None,
        stopped: None,
        tracer,
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
        .all(|(cell, &value)| search.rules.assign(&mut state, cell, value));
    if consistent && search.infer(&mut state) {
        search.report_inferred(variant.givens(), &state, None, 0);
        search.run(&state, 0);
    } else {
        search.tracer.dead_end(0);
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
    /// The cages, then (with the rule of 45) each unit's cells outside the
    /// cages wholly inside it, with the sum they must make.
    cages: Vec<Cage>,
    /// Per cell: the cages of `cages` it is in.
    cages_of: Vec<Vec<usize>>,
    combinations: bool,
}

#[derive(Clone)]
struct State {
    values: Vec<u8>,
    cand: Vec<u32>,
}

impl<'a> Rules<'a> {
    fn new(variant: &'a Variant, cage_rules: CageRules) -> Self {
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
        let mut cages = variant.cages().to_vec();
        if cage_rules.rule_of_45 && !cages.is_empty() {
            cages.extend(rule_of_45(variant));
        }
        let mut cages_of = vec![Vec::new(); cells];
        for (index, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cages_of[cell].push(index);
            }
        }
        Rules {
            variant,
            side,
            all: (1u32 << side) - 1,
            peers,
            cages,
            cages_of,
            combinations: cage_rules.combinations,
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
        self.cages_of[cell]
            .iter()
            .all(|&cage| self.prune_cage(state, cage))
    }

    /// Keeps a cage's unfilled cells to values some combination allows
    /// (or, without pruning, checks a full cage's sum); `false` if none.
    fn prune_cage(&self, state: &mut State, cage: usize) -> bool {
        let cage = &self.cages[cage];
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
        if !self.combinations || open.is_empty() {
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

/// The rule of 45 as cages: for each unit with cages wholly inside it,
/// the unit's other cells and the sum left for them (the unit holds each
/// value once, so its total is 1 + 2 + … + N).
fn rule_of_45(variant: &Variant) -> Vec<Cage> {
    let side = variant.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut cage_of = vec![None; side * side];
    for (index, cage) in variant.cages().iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell] = Some(index);
        }
    }
    variant
        .units()
        .iter()
        .filter_map(|unit| {
            let inside = |index: usize| {
                variant.cages()[index]
                    .cells
                    .iter()
                    .all(|cell| unit.contains(cell))
            };
            let (mut covered, mut rest) = (0u32, Vec::new());
            let mut counted = Vec::new();
            for &cell in unit {
                match cage_of[cell] {
                    Some(index) if inside(index) => {
                        if !counted.contains(&index) {
                            counted.push(index);
                            covered += variant.cages()[index].sum;
                        }
                    }
                    _ => rest.push(cell),
                }
            }
            (!counted.is_empty() && !rest.is_empty() && covered < total).then(|| Cage {
                cells: rest,
                sum: total - covered,
            })
        })
        .collect()
}

struct Search<'a, T> {
    rules: Rules<'a>,
    strategy: VariantStrategy,
    limits: &'a Limits,
    stats: Stats,
    first: Option<Vec<u8>>,
    stopped: Option<StopReason>,
    tracer: &'a mut T,
}

impl<T: Tracer<VariantPlacement>> Search<'_, T> {
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

    /// Reports, in reading order, the cells `state` fills that `before`
    /// did not, except the `guessed` one, as inferred at `depth`.
    fn report_inferred(
        &mut self,
        before: &[u8],
        state: &State,
        guessed: Option<usize>,
        depth: usize,
    ) {
        if !T::ENABLED {
            return;
        }
        for (cell, (&was, &value)) in before.iter().zip(&state.values).enumerate() {
            if was == 0 && value != 0 && Some(cell) != guessed {
                self.tracer
                    .propagate(depth, &VariantPlacement { cell, value });
            }
        }
    }

    /// Explores below `state` (already counted), `depth` choices down;
    /// `false` once it must stop.
    fn run(&mut self, state: &State, depth: usize) -> bool {
        let Some(cell) = self.pick(state) else {
            self.tracer.solution(depth);
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
        if T::ENABLED {
            let options: Vec<VariantPlacement> = (0..32)
                .filter(|bit| cand >> bit & 1 != 0)
                .map(|bit| VariantPlacement {
                    cell,
                    value: bit as u8 + 1,
                })
                .collect();
            self.tracer.branch(depth, cell, &options);
        }
        while cand != 0 {
            let value = cand.trailing_zeros() as u8 + 1;
            cand &= cand - 1;
            let placement = VariantPlacement { cell, value };
            if alternatives > 1 {
                self.stats.guesses += 1;
            }
            self.tracer.choose(depth, &placement, alternatives);
            self.stats.nodes += 1;
            if let Some(reason) = self.limits.interrupt(self.stats.nodes) {
                self.stopped = Some(reason);
                return false;
            }
            let mut next = state.clone();
            if self.rules.assign(&mut next, cell, value) && self.infer(&mut next) {
                self.report_inferred(&state.values, &next, Some(cell), depth + 1);
                if !self.run(&next, depth + 1) {
                    return false;
                }
            } else {
                self.tracer.dead_end(depth + 1);
            }
            self.tracer.undo(depth, &placement);
            self.stats.backtracks += 1;
        }
        true
    }
}
