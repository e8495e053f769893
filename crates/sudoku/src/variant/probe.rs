//! Probing: trying both sides of an either-or and keeping what they agree
//! on, and a lookahead that says where to branch.
//!
//! An *either-or* is two placements of which every solution below a state
//! makes exactly one: the two candidates of a cell that has two, or the
//! two places of a value that has two in a unit. Each side is tried on a
//! copy of the state, through singles (copying beat undoing: a side's
//! singles rewrite more words than the state holds), and what it left in
//! the cells it changed is kept, so that a placement that is a side of
//! several either-ors is tried once a pass. A side that fails leaves the
//! other to be made; when both fail, the state has no solution; when both
//! go through, a candidate that neither side leaves in some cell is no
//! solution's and goes. Whatever probing removes, no solution below the
//! state used, so a search that probes finds and counts exactly the
//! solutions a plain one does.
//!
//! Each either-or that goes through on both sides is scored by how much
//! each side narrowed the grid (the candidates it removed, a filled cell
//! counting all it had): the product of the two, largest best, as
//! lookahead solvers for SAT choose their branches. The best one is the
//! search's [`Lookahead`].

use super::infer::singles;
use super::rules::{value_of, Contradiction, Rules, State};

/// A placement: a cell and its value.
pub(super) type Placement = (usize, u8);

/// The either-or that narrowed the grid most on both sides, by
/// [`Prober::probe`]'s last pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lookahead {
    /// The two placements, one of which every solution makes, the one
    /// that narrowed less first.
    pub either: [Placement; 2],
    /// The product of the candidates each side removed.
    pub score: u64,
}

impl Lookahead {
    /// Whether both placements are still open in `state`, so that they
    /// are still an either-or there (candidates only shrink: a cell or a
    /// unit that had these two options and still has both has no other).
    pub fn holds_in(&self, state: &State) -> bool {
        self.either.iter().all(|&(cell, value)| {
            state.values[cell] == 0 && state.cand[cell] & (1 << (value - 1)) != 0
        })
    }
}

/// Scratch memory for probing, reused by every probe of a search.
pub(super) struct Prober {
    /// The state each side is tried on, made a copy of the probed one.
    trial: Option<State>,
    /// This pass's number, telling this pass's entries of `tried` from
    /// earlier passes'.
    pass: u32,
    /// Per placement (`cell * side + value - 1`), the pass that last tried
    /// it and its index in `outcomes`.
    tried: Vec<(u32, u32)>,
    /// The outcome of each placement tried in this pass.
    outcomes: Vec<Option<Narrowing>>,
    /// Each successful side's changed cells and what they may still hold,
    /// in order of cell, the ranges of its [`Narrowing`]s.
    kept: Vec<(usize, u32)>,
}

/// What a side that went through left: how much it narrowed the grid,
/// and its range of [`Prober::kept`].
#[derive(Clone, Copy, Debug)]
struct Narrowing {
    narrowed: u64,
    from: usize,
    to: usize,
}

impl Prober {
    /// A prober with no memory yet (its first probe sizes it).
    pub fn new() -> Self {
        Prober {
            trial: None,
            pass: 0,
            tried: Vec::new(),
            outcomes: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// One pass over every either-or of `state` (the cells with two
    /// candidates, then the values with two places in a unit), removing
    /// what each proves and running singles after it; returns the best
    /// either-or to branch on, if any went through on both sides.
    ///
    /// A placement that is a side of several either-ors is tried once a
    /// pass: what it left, tried on the state as it was then, is a
    /// superset of what it would leave now (the state only shrinks, and
    /// singles with it), so keeping a candidate either side of a later
    /// either-or left still removes only what no solution uses.
    pub fn probe(
        &mut self,
        rules: &Rules,
        state: &mut State,
    ) -> Result<Option<Lookahead>, Contradiction> {
        self.start_pass(rules, state);
        let mut best: Option<Lookahead> = None;
        let mut keep_best = |found: Option<Lookahead>| {
            if let Some(found) = found {
                if best.is_none_or(|best| found.score > best.score) {
                    best = Some(found);
                }
            }
        };
        for cell in 0..state.values.len() {
            let cand = state.cand[cell];
            if cand.count_ones() != 2 {
                continue;
            }
            let low = cand & cand.wrapping_neg();
            let either = [(cell, value_of(low)), (cell, value_of(cand & !low))];
            keep_best(self.probe_either(rules, state, either, cell)?);
        }
        let side = rules.side;
        for unit in 0..rules.units().len() {
            for value in 0..side {
                let places = state.places[unit * side + value];
                if places.count_ones() != 2 {
                    continue;
                }
                let first = rules.cell_at(unit, places.trailing_zeros());
                let second = rules.cell_at(unit, 31 - places.leading_zeros());
                if state.values[first] != 0 || state.values[second] != 0 {
                    continue;
                }
                // The same two places in an earlier unit: probed there.
                let seen_before = rules.units_of[first].iter().any(|member| {
                    let other = usize::from(member.unit);
                    other < unit && {
                        let there = state.places[other * side + value];
                        there.count_ones() == 2 && rules.units()[other].contains(&second)
                    }
                });
                if seen_before {
                    continue;
                }
                let value = value as u8 + 1;
                let either = [(first, value), (second, value)];
                let blame = rules.unit_constraint(unit);
                keep_best(self.probe_either(rules, state, either, blame)?);
            }
        }
        Ok(best)
    }

    /// Forgets the last pass's sides.
    fn start_pass(&mut self, rules: &Rules, state: &State) {
        let placements = state.values.len() * rules.side;
        if self.tried.len() != placements || self.pass == u32::MAX {
            self.tried = vec![(0, 0); placements];
            self.pass = 0;
        }
        self.pass += 1;
        self.outcomes.clear();
        self.kept.clear();
    }

    /// Probes one either-or (see the module documentation); `blame` is
    /// the constraint that has no way left when both sides fail. Returns
    /// its lookahead when both sides went through.
    fn probe_either(
        &mut self,
        rules: &Rules,
        state: &mut State,
        [one, other]: [Placement; 2],
        blame: usize,
    ) -> Result<Option<Lookahead>, Contradiction> {
        let lookahead = match (
            self.try_side(rules, state, one),
            self.try_side(rules, state, other),
        ) {
            (Some(narrowing_one), Some(narrowing_other)) => {
                self.keep_either(rules, state, narrowing_one, narrowing_other)?;
                let (narrowed_one, narrowed_other) =
                    (narrowing_one.narrowed, narrowing_other.narrowed);
                let either = if narrowed_other < narrowed_one {
                    [other, one]
                } else {
                    [one, other]
                };
                Some(Lookahead {
                    either,
                    score: narrowed_one * narrowed_other,
                })
            }
            (None, None) => return Err(Contradiction { constraint: blame }),
            (None, Some(_)) => {
                rules.assign(state, other.0, other.1)?;
                None
            }
            (Some(_), None) => {
                rules.assign(state, one.0, one.1)?;
                None
            }
        };
        singles(rules, state)?;
        Ok(lookahead)
    }

    /// Removes from `state` each candidate that neither side left, in the
    /// cells both sides changed (only those can have lost a candidate to
    /// both).
    fn keep_either(
        &self,
        rules: &Rules,
        state: &mut State,
        one: Narrowing,
        other: Narrowing,
    ) -> Result<(), Contradiction> {
        let (mut ones, mut others) = (
            self.kept[one.from..one.to].iter().peekable(),
            self.kept[other.from..other.to].iter().peekable(),
        );
        while let (Some(&&(cell, kept_one)), Some(&&(other_cell, kept_other))) =
            (ones.peek(), others.peek())
        {
            if cell < other_cell {
                ones.next();
            } else if other_cell < cell {
                others.next();
            } else {
                rules.eliminate(state, cell, !(kept_one | kept_other))?;
                ones.next();
                others.next();
            }
        }
        Ok(())
    }

    /// What making `placement` and running singles leaves, `None` when it
    /// meets a contradiction: tried on a copy of `state` the first time
    /// this pass, remembered after.
    fn try_side(
        &mut self,
        rules: &Rules,
        state: &State,
        (cell, value): Placement,
    ) -> Option<Narrowing> {
        let key = cell * rules.side + usize::from(value - 1);
        let (pass, index) = self.tried[key];
        if pass == self.pass {
            return self.outcomes[index as usize];
        }
        let trial = self.trial.get_or_insert_with(|| state.clone());
        trial.trial_of(state);
        let outcome = rules
            .assign(trial, cell, value)
            .and_then(|()| singles(rules, trial))
            .ok()
            .map(|()| {
                let from = self.kept.len();
                let mut narrowed = 0;
                for cell in trial.changed_cells() {
                    let left = trial.possible(cell);
                    narrowed +=
                        u64::from(state.cand[cell].count_ones() - trial.cand[cell].count_ones());
                    self.kept.push((cell, left));
                }
                Narrowing {
                    narrowed,
                    from,
                    to: self.kept.len(),
                }
            });
        self.tried[key] = (self.pass, self.outcomes.len() as u32);
        self.outcomes.push(outcome);
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::infer::everything;
    use crate::variant::model::{Shape, Variant};
    use crate::variant::random_solution;
    use crate::variant::solve::CageRules;
    use crate::Budget;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every completion of `givens`, by plain backtracking in reading
    /// order, checking each unit from the rules alone.
    fn every_solution(variant: &Variant, givens: &[u8]) -> Vec<Vec<u8>> {
        fn fill(variant: &Variant, grid: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
            let Some(cell) = grid.iter().position(|&value| value == 0) else {
                found.push(grid.clone());
                return;
            };
            for value in 1..=variant.side() as u8 {
                let clashes = variant
                    .units()
                    .iter()
                    .filter(|unit| unit.contains(&cell))
                    .any(|unit| unit.iter().any(|&other| grid[other] == value));
                if !clashes {
                    grid[cell] = value;
                    fill(variant, grid, found);
                    grid[cell] = 0;
                }
            }
        }
        let mut found = Vec::new();
        fill(variant, &mut givens.to_vec(), &mut found);
        found
    }

    /// On 6×6 puzzles with many solutions, whatever probing (with the
    /// rest of the fast engine's inference) removes, no solution uses;
    /// and its lookahead is an either-or: every solution makes exactly
    /// one of its two placements.
    #[test]
    fn probing_keeps_every_solution_and_branches_on_an_either_or() {
        let template = Variant::new(Shape::new(2, 3).unwrap());
        let mut branched = 0;
        for seed in 0..150 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let grid = random_solution(&template, &mut rng, &Budget::default())
                .unwrap()
                .unwrap();
            let blanks = rng.random_range(18..30);
            let mut givens = grid.clone();
            for _ in 0..blanks {
                givens[rng.random_range(0..36)] = 0;
            }
            let puzzle = template.clone().with_givens(givens.clone()).unwrap();
            let solutions = every_solution(&puzzle, &givens);
            let rules = Rules::new(&puzzle, CageRules::default());
            let mut state = rules.start().unwrap();
            let lookahead = everything(&rules, &mut state, &mut Prober::new()).unwrap();
            for solution in &solutions {
                for (cell, &value) in solution.iter().enumerate() {
                    assert_ne!(
                        state.possible(cell) & (1 << (value - 1)),
                        0,
                        "seed {seed}: a solution's {value} at cell {cell} was removed"
                    );
                }
            }
            if let Some(lookahead) = lookahead {
                branched += 1;
                assert!(lookahead.holds_in(&state), "seed {seed}");
                for solution in &solutions {
                    let made = lookahead
                        .either
                        .iter()
                        .filter(|&&(cell, value)| solution[cell] == value)
                        .count();
                    assert_eq!(made, 1, "seed {seed}: {lookahead:?}");
                }
            }
        }
        assert!(branched > 50, "only {branched} puzzles offered a branch");
    }
}
