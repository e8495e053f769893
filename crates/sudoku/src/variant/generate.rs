//! Random puzzles of the general model, minimal and with one solution.
//!
//! A puzzle starts as a random full grid of its template (a few cells
//! given random legal values, the rest filled by search), then loses its
//! givens one at a time, in random order, each removal kept only while the
//! answer stays unique. One pass makes the puzzle *minimal*: a given that
//! could not go when it was tried cannot go later either, because taking
//! more givens away only adds solutions.
//!
//! A removal is checked by looking for a solution that differs from the
//! full grid at the cell given up (any second solution does), trying the
//! full grid's values first elsewhere, since such a solution mostly agrees
//! with it.

use super::model::Variant;
use super::solve::differs_at;
use crate::{Solver, Strategy};
use gridsolve_search::{Budget, StopReason};
use rand::seq::SliceRandom;
use rand::Rng;

/// The nodes one attempt at a random full grid may take before it starts
/// again from other random cells.
const FILL_BUDGET: u64 = 2_000;

/// A random solution of `template` (its givens kept), or why `budget`
/// stopped the search for one. `None` inside `Ok` when the template has no
/// solution at all.
///
/// ```
/// use gridsolve_sudoku::variant::{random_solution, verify_answer, Shape, Variant};
/// use gridsolve_sudoku::Budget;
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(4, 4).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
/// let grid = random_solution(&template, &mut rng, &Budget::default()).unwrap().unwrap();
/// assert!(verify_answer(&template, &grid).is_ok());
/// ```
pub fn random_solution<R: Rng>(
    template: &Variant,
    rng: &mut R,
    budget: &Budget,
) -> Result<Option<Vec<u8>>, StopReason> {
    let side = template.side();
    let mut cells: Vec<usize> = (0..side * side)
        .filter(|&cell| template.givens()[cell] == 0)
        .collect();
    loop {
        if let Some(reason) = budget.poll() {
            return Err(reason);
        }
        cells.shuffle(rng);
        let mut givens = template.givens().to_vec();
        let mut seeded = template.clone();
        for &cell in cells.iter().take(side) {
            givens[cell] = rng.random_range(1..=side as u8);
            match template.clone().with_givens(givens.clone()) {
                Ok(variant) => seeded = variant,
                Err(_) => givens[cell] = 0,
            }
        }
        let attempt = Solver::new(Strategy::Bitboard)
            .with_budget(budget.clone().with_max_nodes(FILL_BUDGET))
            .explore_variant(&seeded);
        match (attempt.solution, attempt.stopped) {
            (Some(solution), _) => return Ok(Some(solution)),
            (None, Some(StopReason::NodeLimit)) => continue,
            (None, Some(reason)) => return Err(reason),
            // No completion of these random values; the template itself
            // may still have one, unless it had no random cells to blame.
            (None, None) if seeded == *template => return Ok(None),
            (None, None) => continue,
        }
    }
}

/// A random minimal puzzle of `template` with exactly one solution (see
/// the module documentation), or why `budget` stopped one of its
/// searches; `None` inside `Ok` when the template has no solution.
///
/// ```
/// use gridsolve_sudoku::variant::{minimal_puzzle, Shape, Variant};
/// use gridsolve_sudoku::{Budget, Solver, Strategy};
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(2, 2).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
/// let puzzle = minimal_puzzle(&template, &mut rng, &Budget::default()).unwrap().unwrap();
/// let found = Solver::new(Strategy::Bitboard).with_max_solutions(2).explore_variant(&puzzle);
/// assert_eq!(found.stats.solutions, 1);
/// ```
pub fn minimal_puzzle<R: Rng>(
    template: &Variant,
    rng: &mut R,
    budget: &Budget,
) -> Result<Option<Variant>, StopReason> {
    let Some(solution) = random_solution(template, rng, budget)? else {
        return Ok(None);
    };
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..givens.len())
        .filter(|&cell| template.givens()[cell] == 0)
        .collect();
    order.shuffle(rng);
    for cell in order {
        let value = std::mem::replace(&mut givens[cell], 0);
        let fewer = template
            .clone()
            .with_givens(givens.clone())
            .expect("givens taken from a solution break no rule");
        if differs_at(&fewer, &solution, cell, budget)? {
            givens[cell] = value;
        }
    }
    let puzzle = template
        .clone()
        .with_givens(givens)
        .expect("givens taken from a solution break no rule");
    Ok(Some(puzzle))
}
