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
//! with it. Those checks may be capped in nodes (on big jigsaws a few
//! run to millions): a removal its check cannot decide keeps its givens,
//! so the puzzle keeps one solution but may not be minimal.
//!
//! A [`Symmetry`] makes the givens a symmetric pattern: the cells go in
//! *orbits* (a cell and its images), an orbit loses all its givens at
//! once or none, and a removal is checked at each cell of the orbit (a
//! second solution must differ from the full grid at one of them). The
//! puzzle is then minimal among symmetric ones: no orbit can go.

use super::classic::is_classic;
use super::model::Variant;
use super::rules::Rules;
use super::solve::{differs_at, CageRules};
use crate::{Grid, Solver, Strategy, CELLS};
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
    random_solution_within(template, rng, budget, None)
}

/// [`random_solution`] from at most `tries` random starts (any number
/// when `None`): `None` inside `Ok` also when none of them found one.
pub(super) fn random_solution_within<R: Rng>(
    template: &Variant,
    rng: &mut R,
    budget: &Budget,
    tries: Option<u64>,
) -> Result<Option<Vec<u8>>, StopReason> {
    let side = template.side();
    let mut cells: Vec<usize> = (0..side * side)
        .filter(|&cell| template.givens()[cell] == 0)
        .collect();
    for _ in 0..tries.unwrap_or(u64::MAX) {
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
    Ok(None)
}

/// How the givens of a generated puzzle mirror each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: every given is tried on its own.
    #[default]
    None,
    /// A half turn maps the givens onto themselves.
    Rotate180,
    /// A quarter turn does.
    Rotate90,
    /// The left–right mirror does.
    Mirror,
    /// The reflection in the main diagonal (r1c1 to the bottom right) does.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of their names' documentation.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cells `cell` goes to under the symmetry's turns or reflections
    /// on a grid of side `side` (itself included), ascending, no repeats.
    ///
    /// ```
    /// use gridsolve_sudoku::variant::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rotate180.orbit(9, 0), [0, 80]);
    /// assert_eq!(Symmetry::Rotate90.orbit(9, 1), [1, 17, 63, 79]);
    /// assert_eq!(Symmetry::Mirror.orbit(9, 4), [4]);
    /// ```
    pub fn orbit(self, side: usize, cell: usize) -> Vec<usize> {
        let last = side - 1;
        let (row, col) = (cell / side, cell % side);
        let turn = |(row, col): (usize, usize)| (col, last - row);
        let mut images = vec![(row, col)];
        match self {
            Symmetry::None => {}
            Symmetry::Rotate180 => images.push((last - row, last - col)),
            Symmetry::Rotate90 => {
                for _ in 0..3 {
                    images.push(turn(*images.last().expect("one image at least")));
                }
            }
            Symmetry::Mirror => images.push((row, last - col)),
            Symmetry::Diagonal => images.push((col, row)),
        }
        let mut cells: Vec<usize> = images
            .into_iter()
            .map(|(row, col)| row * side + col)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Whether `givens` (a grid of side `side`, 0 for blank) is a
    /// symmetric pattern: every given's images are given.
    ///
    /// ```
    /// use gridsolve_sudoku::variant::Symmetry;
    ///
    /// let givens = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    /// assert!(Symmetry::Rotate180.holds(4, &givens));
    /// assert!(!Symmetry::Mirror.holds(4, &givens));
    /// ```
    pub fn holds(self, side: usize, givens: &[u8]) -> bool {
        (0..givens.len()).all(|cell| {
            givens[cell] == 0
                || self
                    .orbit(side, cell)
                    .iter()
                    .all(|&image| givens[image] != 0)
        })
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
    symmetric_puzzle(template, Symmetry::None, rng, budget)
}

/// [`minimal_puzzle`] with its givens in a `symmetry` pattern: minimal
/// among such patterns (no orbit of givens can go). An orbit holding a
/// given of the template itself is left whole.
///
/// ```
/// use gridsolve_sudoku::variant::{symmetric_puzzle, Shape, Symmetry, Variant};
/// use gridsolve_sudoku::Budget;
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(3, 3).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
/// let puzzle = symmetric_puzzle(&template, Symmetry::Rotate180, &mut rng, &Budget::default())
///     .unwrap()
///     .unwrap();
/// assert!(Symmetry::Rotate180.holds(9, puzzle.givens()));
/// ```
pub fn symmetric_puzzle<R: Rng>(
    template: &Variant,
    symmetry: Symmetry,
    rng: &mut R,
    budget: &Budget,
) -> Result<Option<Variant>, StopReason> {
    Ok(bounded_puzzle(template, symmetry, 0, None, rng, budget)?.map(|made| made.puzzle))
}

/// A generated puzzle, its one solution, and whether it is minimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Variant,
    /// Its one solution, row by row.
    pub solution: Vec<u8>,
    /// Whether no given (no orbit of givens, for a symmetric pattern) can
    /// go without a second solution.
    pub minimal: bool,
}

/// [`symmetric_puzzle`] that keeps at least `floor` givens, and with
/// `check_nodes` takes away only givens whose removal a search of at most
/// that many nodes shows to keep the answer unique (a removal that search
/// cannot decide keeps its givens: on big grids, where a few checks run
/// to millions of nodes, this bounds the time a puzzle takes). Either may
/// leave the puzzle not minimal; [`Generated::minimal`] then says whether
/// it is (each orbit skipped for `floor` is checked; a removal left
/// undecided makes it `false`).
///
/// ```
/// use gridsolve_sudoku::variant::{bounded_puzzle, Shape, Symmetry, Variant};
/// use gridsolve_sudoku::Budget;
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(3, 3).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
/// let made = bounded_puzzle(&template, Symmetry::None, 40, None, &mut rng, &Budget::default())
///     .unwrap()
///     .unwrap();
/// assert!(made.puzzle.givens().iter().filter(|&&value| value != 0).count() >= 40);
/// assert!(!made.minimal);
/// ```
pub fn bounded_puzzle<R: Rng>(
    template: &Variant,
    symmetry: Symmetry,
    floor: usize,
    check_nodes: Option<u64>,
    rng: &mut R,
    budget: &Budget,
) -> Result<Option<Generated>, StopReason> {
    let Some(solution) = random_solution(template, rng, budget)? else {
        return Ok(None);
    };
    puzzle_of_solution(
        template,
        solution,
        symmetry,
        floor,
        check_nodes,
        rng,
        budget,
    )
    .map(Some)
}

/// [`bounded_puzzle`] of a given full grid: `solution`, a solution of
/// `template`, loses its givens as that function's does, or why `budget`
/// stopped a check.
///
/// # Panics
///
/// If `solution` is not a full grid that keeps the rules of `template`.
///
/// ```
/// use gridsolve_sudoku::variant::{puzzle_of_solution, random_solution, Shape, Symmetry, Variant};
/// use gridsolve_sudoku::Budget;
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(2, 2).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
/// let budget = Budget::default();
/// let full = random_solution(&template, &mut rng, &budget).unwrap().unwrap();
/// let made = puzzle_of_solution(&template, full.clone(), Symmetry::None, 0, None, &mut rng, &budget)
///     .unwrap();
/// assert!(made.minimal && made.solution == full);
/// ```
pub fn puzzle_of_solution<R: Rng>(
    template: &Variant,
    solution: Vec<u8>,
    symmetry: Symmetry,
    floor: usize,
    check_nodes: Option<u64>,
    rng: &mut R,
    budget: &Budget,
) -> Result<Generated, StopReason> {
    let side = template.side();
    let mut givens = solution.clone();
    let mut orbits: Vec<Vec<usize>> = (0..givens.len())
        .map(|cell| symmetry.orbit(side, cell))
        .filter(|orbit| orbit.iter().all(|&cell| template.givens()[cell] == 0))
        .collect();
    orbits.sort_unstable();
    orbits.dedup();
    orbits.shuffle(rng);
    let check = RemovalCheck::new(template);
    let mut count = givens.len();
    let mut skipped = Vec::new();
    let mut undecided = false;
    for orbit in orbits {
        if count - orbit.len() < floor {
            skipped.push(orbit);
            continue;
        }
        for &cell in &orbit {
            givens[cell] = 0;
        }
        let verdict = check.still_unique(&givens, &solution, &orbit, budget, check_nodes)?;
        if verdict == Some(true) {
            count -= orbit.len();
        } else {
            undecided |= verdict.is_none();
            for &cell in &orbit {
                givens[cell] = solution[cell];
            }
        }
    }
    // Minimal unless a removal was left undecided or one skipped for the
    // floor would keep the answer unique (or cannot be decided either).
    let mut minimal = !undecided;
    for orbit in &skipped {
        if !minimal {
            break;
        }
        let mut fewer = givens.clone();
        for &cell in orbit {
            fewer[cell] = 0;
        }
        minimal = check.still_unique(&fewer, &solution, orbit, budget, check_nodes)? == Some(false);
    }
    let puzzle = template
        .clone()
        .with_givens(givens)
        .expect("givens taken from a solution break no rule");
    Ok(Generated {
        puzzle,
        solution,
        minimal,
    })
}

/// How a removal is checked on a template's grid: on the classic grid the
/// classic engine counts the solutions to two (the fastest check there, on
/// the values alone); on others the general model's engine, with the
/// template's rules built once, looks cell by cell for a solution that
/// differs.
enum RemovalCheck<'a> {
    Classic,
    General(Box<Rules<'a>>),
}

impl<'a> RemovalCheck<'a> {
    fn new(template: &'a Variant) -> Self {
        if is_classic(template) {
            RemovalCheck::Classic
        } else {
            RemovalCheck::General(Box::new(Rules::new(template, CageRules::default())))
        }
    }

    /// Whether `givens` (the puzzle with `orbit` blanked) still have only
    /// `solution`; `None` when a search took `cap` nodes (where given)
    /// without an answer.
    fn still_unique(
        &self,
        givens: &[u8],
        solution: &[u8],
        orbit: &[usize],
        budget: &Budget,
        cap: Option<u64>,
    ) -> Result<Option<bool>, StopReason> {
        // The cap is this check's own only where the budget has no
        // tighter limit: a stop at the budget's limit is the run's.
        let own_cap = cap.filter(|&cap| budget.max_nodes().is_none_or(|limit| limit > cap));
        let within = match own_cap {
            Some(cap) => budget.clone().with_max_nodes(cap),
            None => budget.clone(),
        };
        let undecided = |reason| match reason {
            StopReason::NodeLimit if own_cap.is_some() => Ok(None),
            reason => Err(reason),
        };
        let RemovalCheck::General(rules) = self else {
            let values: [u8; CELLS] = givens.try_into().expect("a classic grid has 81 cells");
            let grid = Grid::from_values(values).expect("a classic grid's values are at most 9");
            let found = Solver::new(Strategy::Bitboard)
                .with_max_solutions(2)
                .with_budget(within)
                .explore(&grid);
            return match found.stopped {
                Some(StopReason::SolutionLimit) => Ok(Some(false)),
                Some(reason) => undecided(reason),
                None => Ok(Some(found.stats.solutions == 1)),
            };
        };
        for &cell in orbit {
            match differs_at(rules, givens, solution, cell, &within) {
                Ok(true) => return Ok(Some(false)),
                Ok(false) => {}
                Err(reason) => return undecided(reason),
            }
        }
        Ok(Some(true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{random_jigsaw, Shape};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn orbits_partition_the_grid_into_classes_of_the_symmetry() {
        for symmetry in Symmetry::ALL {
            for side in [4, 6, 9] {
                for cell in 0..side * side {
                    let orbit = symmetry.orbit(side, cell);
                    assert!(orbit.contains(&cell));
                    for &image in &orbit {
                        assert_eq!(
                            symmetry.orbit(side, image),
                            orbit,
                            "{symmetry:?} {side} {cell}"
                        );
                    }
                    let most = match symmetry {
                        Symmetry::None => 1,
                        Symmetry::Rotate90 => 4,
                        _ => 2,
                    };
                    assert!(orbit.len() <= most && most % orbit.len() == 0);
                }
            }
        }
        // The centre of an odd grid is its own image under every symmetry.
        assert_eq!(Symmetry::Rotate90.orbit(9, 40), [40]);
    }

    /// Solutions of `puzzle` up to two, counted by the exact-cover engine
    /// (not the one the removals' checks use).
    fn solutions(puzzle: &Variant) -> u64 {
        Solver::new(Strategy::Dlx)
            .with_max_solutions(2)
            .explore_variant(puzzle)
            .stats
            .solutions
    }

    /// With its removals' checks capped, a puzzle still has one solution,
    /// and is called minimal only when no given can go; the tightest cap
    /// leaves some removal undecided, and so a puzzle not called minimal.
    #[test]
    fn capped_checks_keep_one_solution_and_tell_minimality_truly() {
        let mut called_not_minimal = 0;
        for seed in 0..8 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let classic = Variant::new(Shape::CLASSIC);
            let template = if seed % 2 == 0 {
                classic
            } else {
                random_jigsaw(&classic, &mut rng, &Budget::default())
                    .unwrap()
                    .0
            };
            let made = bounded_puzzle(
                &template,
                Symmetry::None,
                0,
                Some(1),
                &mut rng,
                &Budget::default(),
            )
            .unwrap()
            .unwrap();
            assert_eq!(solutions(&made.puzzle), 1, "seed {seed}");
            let givens = made.puzzle.givens();
            assert!(givens
                .iter()
                .zip(&made.solution)
                .all(|(&given, &value)| given == 0 || given == value));
            let removable = (0..givens.len())
                .filter(|&cell| givens[cell] != 0)
                .any(|cell| {
                    let mut fewer = givens.to_vec();
                    fewer[cell] = 0;
                    solutions(&template.clone().with_givens(fewer).unwrap()) == 1
                });
            assert!(!(made.minimal && removable), "seed {seed}");
            called_not_minimal += u32::from(!made.minimal);
        }
        assert!(called_not_minimal > 0);
    }
}
