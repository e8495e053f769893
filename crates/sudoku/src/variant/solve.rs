//! Searching a [`Variant`] with any [`Strategy`]: a plain 9×9 grid goes to
//! the classic engines (the band bitboards by default), `dlx` to exact
//! cover, and the other strategies on other grids to the unit search here:
//!
//! | strategy | on the general model |
//! |---|---|
//! | `ReadingOrder` | the first unfilled cell in reading order |
//! | `Mrv` | the unfilled cell with the fewest candidates |
//! | `Propagate` | `Mrv` with naked and hidden singles before each guess |
//! | `Bitboard` | `Propagate` plus locked candidates between any two units, Hall sets within each unit (naked and hidden subsets of any size, see [`super::hall`]), and probing of every either-or (a cell's two candidates, a value's two places in a unit), branching on the either-or whose two sides narrowed the grid most (see [`super::probe`]), or, when probing offers none, on the cell with the fewest candidates per unit of conflict weight (how often its constraints ended branches), ties to the cell whose candidates its peers share most: the fast engine for big grids |
//! | `Dlx` | exact cover of cells and units (cages checked on each cover) |
//!
//! Placing a value removes it from every peer: the cells sharing a unit or
//! a cage. Cage pruning, when on, keeps each unfilled cell of a cage to
//! the values some filling of the cage gives it (distinct values, each
//! one of its cell's candidates, making the sum left); a cage of more than
//! five unfilled cells (the rule of 45's can be) to the values of some
//! combination of distinct values, from those its cells still allow,
//! making the sum left. Every engine prunes a cage when a value is placed
//! in it; the fast engine also after any removal from its cells, with
//! its other inference. Off, a cage is only checked against its sum once
//! it is full. Every node of the search owns its [`State`]; a branch
//! starts from a copy of its parent's, made in a state a finished branch
//! left.
//!
//! The fast engine, untraced, without a node limit and on a grid without
//! cages, splits each two-way branch in the top `SPLIT_DEPTH` levels into
//! two searches of their own that start from the same conflict weights. In
//! a rayon pool of more than one thread the two run at once; anywhere else
//! one after the other. They are the same searches either way, so the
//! answer, the count and why the search stopped never depend on the number
//! of threads (only the nodes counted after the search was told to stop
//! do). A Killer is never split: with no givens its search branches by the
//! conflict weights (probing finds few either-ors), and each side learning
//! them afresh made its trees 3 to 2,000 times larger (ten minimal 16×16
//! Killers: 46k to 34M nodes a count, against 11k to 20k unsplit).

use super::classic::{self, is_classic};
use super::conflicts::Conflicts;
use super::cover;
use super::infer::{bits, everything, fewest_candidates, most_constrained, singles};
use super::model::{Variant, MAX_SIDE};
use super::probe::{Lookahead, Placement, Prober};
use super::rules::Contradiction;
use super::rules::{value_of, Rules, State};
use super::trace::VariantPlacement;
use crate::{Solver, Strategy};
use gridsolve_search::{Budget, Exploration, NoTrace, Stats, StopReason, Tracer};
use std::sync::atomic::{AtomicBool, Ordering};

/// The unit search's engines (see the module documentation), one for
/// each strategy that is not dispatched elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    ReadingOrder,
    Mrv,
    Propagate,
    Fast,
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

/// What [`Solver::explore_variant`] found: the first solution's values row
/// by row.
pub type VariantExploration = Exploration<Vec<u8>>;

/// Searches `variant` as `solver` says (see the module documentation for
/// what each strategy does here); [`Solver::explore_variant_traced`] is
/// the public form.
pub(crate) fn explore_traced<T: Tracer<VariantPlacement>>(
    solver: &Solver,
    variant: &Variant,
    tracer: &mut T,
) -> VariantExploration {
    if is_classic(variant) {
        return classic::explore(solver, variant, tracer);
    }
    let engine = match solver.strategy() {
        Strategy::ReadingOrder => Engine::ReadingOrder,
        Strategy::Mrv => Engine::Mrv,
        Strategy::Propagate => Engine::Propagate,
        Strategy::Bitboard => Engine::Fast,
        Strategy::Dlx => {
            return cover::explore(variant, solver.max_solutions(), solver.budget(), tracer)
        }
    };
    let rules = Rules::new(variant, solver.cage_rules());
    let search = Search::new(
        &rules,
        engine,
        solver.max_solutions(),
        solver.budget(),
        tracer,
    );
    search.explore(variant.givens(), rules.start())
}

/// Whether the puzzle of `givens` (a value per cell, 0 for blank, on the
/// grid, units and cages of `rules`) has a solution that differs from
/// `solution` (one of its solutions) at `cell`, searched by the fast
/// engine, or why `budget` stopped the search.
///
/// When the puzzle is one with the one solution `solution` less the given
/// at `cell`, this says whether the given could go: any second solution of
/// the puzzle differs from `solution` at `cell`, or it would be a solution
/// with that given too. The search tries the values of `solution` first: a
/// second solution, where there is one, mostly agrees with it.
pub(super) fn differs_at(
    rules: &Rules,
    givens: &[u8],
    solution: &[u8],
    cell: usize,
    budget: &Budget,
) -> Result<bool, StopReason> {
    let mut quiet = NoTrace;
    let mut search = Search::new(rules, Engine::Fast, 1, budget, &mut quiet);
    search.preferred = Some(solution);
    search.splits = false;
    let start = rules.start_from(givens).and_then(|mut state| {
        let value = solution[cell];
        rules.eliminate(&mut state, cell, 1 << (value - 1))?;
        Ok(state)
    });
    let found = search.explore(givens, start);
    match found.stopped {
        Some(StopReason::SolutionLimit) => Ok(true),
        Some(reason) => Err(reason),
        None => Ok(false),
    }
}

struct Search<'a, T> {
    rules: &'a Rules<'a>,
    engine: Engine,
    max_solutions: u64,
    budget: &'a Budget,
    stats: Stats,
    first: Option<Vec<u8>>,
    stopped: Option<StopReason>,
    tracer: &'a mut T,
    /// States of finished branches, reused by the next ones.
    spare: Vec<State>,
    /// A solution whose values each branch tries first.
    preferred: Option<&'a [u8]>,
    /// Which constraints have ended branches, for the fast engine's
    /// choice of branch when probing offers none.
    conflicts: Conflicts,
    /// The fast engine's probing memory.
    prober: Prober,
    /// Whether two-way branches near the root become searches of their
    /// own (see [`Search::split`]).
    splits: bool,
    /// Raised when this search is the second side of a split whose first
    /// side stopped (found enough, or was stopped), or lies below one.
    halt: Option<&'a Halt<'a>>,
}

/// The flag of one split, raised once its first side has stopped, linked
/// to the flags of the splits above it: a search below any raised flag
/// stops.
struct Halt<'a> {
    raised: AtomicBool,
    above: Option<&'a Halt<'a>>,
}

impl Halt<'_> {
    fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed) || self.above.is_some_and(Halt::is_raised)
    }
}

/// How many levels below the root a search splits its two-way branches.
/// Deep enough that the hard part of a minimal 25×25 is shared out (at
/// depth 4 two threads gained only 1.0–1.5×, at 10 about 2×), while each
/// split costs a copy of the conflict weights, far less than a node's
/// probing.
const SPLIT_DEPTH: usize = 10;

/// What one side of a split found.
struct Part {
    first: Option<Vec<u8>>,
    stats: Stats,
    stopped: Option<StopReason>,
}

/// What a node branches on.
#[derive(Clone, Copy, Debug)]
enum Branch {
    /// Each candidate of a cell.
    Cell(usize),
    /// The two sides of an either-or (see [`super::probe`]).
    Either([Placement; 2]),
}

/// A node's choices, in the order they are tried (a node allocates
/// nothing).
struct Choices {
    list: [VariantPlacement; MAX_SIDE],
    len: usize,
}

impl Choices {
    /// The choices of `branch` in `state`, the placement `preferred`
    /// makes first.
    fn of(branch: Branch, state: &State, preferred: Option<&[u8]>) -> Self {
        let mut choices = Choices {
            list: [VariantPlacement { cell: 0, value: 0 }; MAX_SIDE],
            len: 0,
        };
        let prefers =
            |(cell, value): Placement| preferred.is_some_and(|wanted| wanted[cell] == value);
        match branch {
            Branch::Cell(cell) => {
                let values = state.cand[cell];
                let first = preferred.map_or(0, |wanted| values & (1 << (wanted[cell] - 1)));
                for bit in bits(first).chain(bits(values & !first)) {
                    choices.push((cell, value_of(bit)));
                }
            }
            Branch::Either([one, other]) => {
                let (one, other) = if prefers(other) {
                    (other, one)
                } else {
                    (one, other)
                };
                choices.push(one);
                choices.push(other);
            }
        }
        choices
    }

    fn push(&mut self, (cell, value): Placement) {
        self.list[self.len] = VariantPlacement { cell, value };
        self.len += 1;
    }

    fn as_slice(&self) -> &[VariantPlacement] {
        &self.list[..self.len]
    }
}

impl<'a, T: Tracer<VariantPlacement>> Search<'a, T> {
    fn new(
        rules: &'a Rules<'a>,
        engine: Engine,
        max_solutions: u64,
        budget: &'a Budget,
        tracer: &'a mut T,
    ) -> Self {
        Search {
            conflicts: Conflicts::new(rules),
            prober: Prober::new(),
            splits: engine == Engine::Fast
                && !T::ENABLED
                && budget.max_nodes().is_none()
                && rules.variant.cages().is_empty(),
            halt: None,
            rules,
            engine,
            max_solutions,
            budget,
            stats: Stats::default(),
            first: None,
            stopped: None,
            tracer,
            spare: Vec::new(),
            preferred: None,
        }
    }

    /// Explores below `start` (`givens` placed, or why they cannot be),
    /// its inference made first.
    fn explore(mut self, givens: &[u8], start: Result<State, Contradiction>) -> VariantExploration {
        self.stats.nodes = 1;
        let start = start.and_then(|mut state| {
            let lookahead = self.infer(&mut state)?;
            Ok((state, lookahead))
        });
        match start {
            Ok((state, lookahead)) => {
                self.report_inferred(givens, &state, None, 0);
                self.run(&state, lookahead, 0);
            }
            Err(_) => self.tracer.dead_end(0),
        }
        VariantExploration {
            solution: self.first,
            stats: self.stats,
            stopped: self.stopped,
        }
    }

    /// What the strategy infers before a guess, and the fast engine's
    /// lookahead.
    fn infer(&mut self, state: &mut State) -> Result<Option<Lookahead>, Contradiction> {
        match self.engine {
            // These infer nothing: the singles found are not placed.
            Engine::ReadingOrder | Engine::Mrv => {
                state.pending.clear();
                Ok(None)
            }
            Engine::Propagate => singles(self.rules, state).map(|()| None),
            Engine::Fast => everything(self.rules, state, &mut self.prober),
        }
    }

    /// What to branch on, or `None` when the grid is full: for the fast
    /// engine, the lookahead's either-or while it holds.
    fn pick(&self, state: &State, lookahead: Option<Lookahead>) -> Option<Branch> {
        let cell = match self.engine {
            Engine::ReadingOrder => state.values.iter().position(|&value| value == 0),
            Engine::Mrv | Engine::Propagate => fewest_candidates(state),
            Engine::Fast => match lookahead.filter(|lookahead| lookahead.holds_in(state)) {
                Some(lookahead) => return Some(Branch::Either(lookahead.either)),
                None => most_constrained(self.rules, state, &self.conflicts),
            },
        };
        cell.map(Branch::Cell)
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

    /// Explores below `state` (already counted, its inference made and
    /// `lookahead` its probing's), `depth` choices down; `false` once it
    /// must stop.
    fn run(&mut self, state: &State, lookahead: Option<Lookahead>, depth: usize) -> bool {
        let Some(branch) = self.pick(state, lookahead) else {
            self.tracer.solution(depth);
            self.stats.solutions += 1;
            self.first.get_or_insert_with(|| state.values.clone());
            if self.stats.solutions >= self.max_solutions {
                self.stopped = Some(StopReason::SolutionLimit);
                return false;
            }
            return true;
        };
        let choices = Choices::of(branch, state, self.preferred);
        let alternatives = choices.len as u32;
        if T::ENABLED {
            let slot = choices.as_slice()[0].cell;
            self.tracer.branch(depth, slot, choices.as_slice());
        }
        if let &[one, other] = choices.as_slice() {
            if self.splits && depth < SPLIT_DEPTH {
                return self.split(state, [one, other], depth);
            }
        }
        choices
            .as_slice()
            .iter()
            .all(|&placement| self.choose(state, placement, alternatives, depth))
    }

    /// Makes `placement`, one of `alternatives` at a node of `state`
    /// `depth` choices down, and explores below it; `false` once the
    /// search must stop.
    fn choose(
        &mut self,
        state: &State,
        placement: VariantPlacement,
        alternatives: u32,
        depth: usize,
    ) -> bool {
        if alternatives > 1 {
            self.stats.guesses += 1;
        }
        self.tracer.choose(depth, &placement, alternatives);
        self.stats.nodes += 1;
        let interrupted = self.budget.interrupt(self.stats.nodes).or_else(|| {
            self.halt
                .is_some_and(Halt::is_raised)
                .then_some(StopReason::Cancelled)
        });
        if let Some(reason) = interrupted {
            self.stopped = Some(reason);
            return false;
        }
        // A state from the spares (no allocation once the search has
        // been this deep), made a copy of this one.
        let mut next = self.spare.pop().unwrap_or_else(|| state.clone());
        next.copy_from(state);
        let grown = self
            .rules
            .assign(&mut next, placement.cell, placement.value)
            .and_then(|()| self.infer(&mut next));
        match grown {
            Ok(lookahead) => {
                self.report_inferred(&state.values, &next, Some(placement.cell), depth + 1);
                if !self.run(&next, lookahead, depth + 1) {
                    return false;
                }
            }
            Err(failure) => {
                self.conflicts.record(failure);
                self.tracer.dead_end(depth + 1);
            }
        }
        self.spare.push(next);
        self.tracer.undo(depth, &placement);
        self.stats.backtracks += 1;
        true
    }

    /// Explores the two sides of a node of `state` as two searches of
    /// their own, each starting from this one's conflict weights, on two
    /// threads when this runs in a rayon pool of more than one (one after
    /// the other otherwise: the same searches, so the same answers on any
    /// number of threads). The first side's solutions come first; the
    /// second side stops as soon as the first stops (having found enough
    /// alone, or been stopped). `false` once the search must stop.
    fn split(&mut self, state: &State, [one, other]: [VariantPlacement; 2], depth: usize) -> bool {
        // Each side counts its nodes from zero, so the budget's clock and
        // cancel flag are read here as well as every so many nodes.
        if let Some(reason) = self.budget.poll() {
            self.stopped = Some(reason);
            return false;
        }
        let wanted = self.max_solutions - self.stats.solutions;
        let first_stopped = Halt {
            raised: AtomicBool::new(false),
            above: self.halt,
        };
        let (rules, engine, budget, preferred) =
            (self.rules, self.engine, self.budget, self.preferred);
        let conflicts = &self.conflicts;
        let side = |placement: VariantPlacement, halt: Option<&Halt>| {
            let mut quiet = NoTrace;
            let mut search = Search::new(rules, engine, wanted, budget, &mut quiet);
            search.preferred = preferred;
            search.conflicts = conflicts.clone();
            search.halt = halt;
            search.choose(state, placement, 2, depth);
            Part {
                first: search.first,
                stats: search.stats,
                stopped: search.stopped,
            }
        };
        let first_side = || {
            let part = side(one, self.halt);
            if part.stopped.is_some() {
                first_stopped.raised.store(true, Ordering::Relaxed);
            }
            part
        };
        let second_side = || side(other, Some(&first_stopped));
        let (first, second) =
            if rayon::current_num_threads() > 1 && rayon::current_thread_index().is_some() {
                rayon::join(first_side, second_side)
            } else {
                let first = first_side();
                (first, second_side())
            };
        let mut sides = first.stats;
        sides += second.stats;
        let found = sides.solutions;
        sides.solutions = found.min(wanted);
        self.stats += sides;
        if self.first.is_none() {
            self.first = first.first.or(second.first);
        }
        self.stopped = match first.stopped {
            Some(reason) => Some(reason),
            None if found >= wanted => Some(StopReason::SolutionLimit),
            None => second.stopped,
        };
        self.stopped.is_none()
    }
}
