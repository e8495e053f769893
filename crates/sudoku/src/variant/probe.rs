//! Probing: trying both sides of an either-or and keeping what they agree
//! on, and a lookahead that says where to branch.
//!
//! An *either-or* is two placements of which every solution below a state
//! makes exactly one: the two candidates of a cell that has two, or the
//! two places of a value that has two in a unit. Each side is tried on a
//! copy of the state, through singles (copying beat undoing: a side's
//! singles rewrite more words than the state holds). A side that fails
//! leaves the other to be made; when both fail, the state has no solution; when both go through, a candidate that neither
//! side leaves in some cell is no solution's and goes. Whatever probing
//! removes, no solution below the state used, so a search that probes
//! finds and counts exactly the solutions a plain one does.
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
    /// The states each side is tried on, made copies of the probed one.
    sides: Option<(State, State)>,
}

impl Prober {
    /// A prober with no memory yet (its first probe sizes it).
    pub fn new() -> Self {
        Prober { sides: None }
    }

    /// One pass over every either-or of `state` (the cells with two
    /// candidates, then the values with two places in a unit), removing
    /// what each proves and running singles after it; returns the best
    /// either-or to branch on, if any went through on both sides.
    pub fn probe(
        &mut self,
        rules: &Rules,
        state: &mut State,
    ) -> Result<Option<Lookahead>, Contradiction> {
        let sides = self
            .sides
            .get_or_insert_with(|| (state.clone(), state.clone()));
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
            keep_best(probe_either(rules, state, sides, either, cell)?);
        }
        let side = rules.side;
        for (unit, cells) in rules.units().iter().enumerate() {
            for value in 0..side {
                let places = state.places[unit * side + value];
                if places.count_ones() != 2 {
                    continue;
                }
                let first = cells[places.trailing_zeros() as usize];
                let second = cells[(31 - places.leading_zeros()) as usize];
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
                keep_best(probe_either(rules, state, sides, either, blame)?);
            }
        }
        Ok(best)
    }
}

/// Probes one either-or (see the module documentation) on the two
/// `sides` states; `blame` is the constraint that has no way left when
/// both fail. Returns its lookahead when both sides went through.
fn probe_either(
    rules: &Rules,
    state: &mut State,
    (first, second): &mut (State, State),
    [one, other]: [Placement; 2],
    blame: usize,
) -> Result<Option<Lookahead>, Contradiction> {
    let lookahead = match (
        try_side(rules, state, first, one),
        try_side(rules, state, second, other),
    ) {
        (Some(narrowed_one), Some(narrowed_other)) => {
            // Only a cell both sides changed can have lost a candidate to
            // both.
            for cell in first
                .changed_cells()
                .filter(|&cell| second.has_changed(cell))
            {
                let kept = first.possible(cell) | second.possible(cell);
                rules.eliminate(state, cell, !kept)?;
            }
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

/// Makes `placement` on `trial`, a fresh copy of `state`, and runs
/// singles; how many candidates that removed (a filled cell counting
/// all it had), or `None` when it met a contradiction.
fn try_side(
    rules: &Rules,
    state: &State,
    trial: &mut State,
    (cell, value): Placement,
) -> Option<u64> {
    trial.copy_from(state);
    trial.forget_changes();
    rules
        .assign(trial, cell, value)
        .and_then(|()| singles(rules, trial))
        .ok()?;
    let narrowed = trial
        .changed_cells()
        .map(|cell| u64::from(state.cand[cell].count_ones() - trial.cand[cell].count_ones()))
        .sum();
    Some(narrowed)
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
