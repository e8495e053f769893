//! Random Killer puzzles: cages carved out of a random full grid, with no
//! givens, and exactly one solution.
//!
//! The cages are built in two passes over a random full grid of the
//! template (which may have extra units, such as X-Sudoku's diagonals):
//!
//! 1. *Carving*: cages grow one at a time, each from the free cell with
//!    the fewest free neighbours, to the least size asked (small cages say
//!    the most, so the carving is most likely unique), by
//!    the free neighbouring cell (with a value not yet in the cage) that
//!    has the fewest free neighbours itself, so that no pocket of cells is
//!    cut off; a cage left too small joins a neighbouring cage, as long as
//!    the two hold no value in common and together stay within the largest
//!    size. The carving is kept when its cages have one solution only;
//!    otherwise it is carved again, and after [`CARVINGS`] tries a new
//!    full grid is drawn (at most [`GRIDS`] of them).
//! 2. *Merging*: each pair of orthogonally neighbouring cells, in random
//!    order, whose cages differ, could join (no common value, within the
//!    largest size) has its cages joined, and the join is kept only while
//!    the answer stays unique (proved within [`CHECK_NODES`] nodes of
//!    search; a join the check cannot settle in time is not kept).
//!
//! Invariant: at every step the cages partition the grid, each holds
//! distinct values of the full grid, and its size is within the bounds
//! (from the end of the carving on); so the final puzzle has the full
//! grid as its only solution.

use super::generate::random_solution;
use super::model::Variant;
use crate::{Solver, Strategy};
use gridsolve_search::{Budget, StopReason};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use std::fmt;
use std::ops::RangeInclusive;

/// How many carvings one full grid may try before the next grid is drawn.
const CARVINGS: usize = 50;

/// How many full grids one puzzle may draw before giving up on the sizes:
/// some grids have no carving with one solution (on 6×6, two seeds in 300
/// found none in 200 tries on their grid).
const GRIDS: usize = 8;

/// The nodes one uniqueness check may take: a join whose check runs past
/// it is not kept (it was not proved to keep the answer unique), so no
/// single hard check holds a puzzle up, and a puzzle is never harder for
/// the engine than this. Since cages are pruned after every removal, a
/// node costs more and proves more: with 4,000 a 16×16 Killer took 72 s
/// and 85 s to make (seeds 2 and 1), against 195 s with 20,000, and the
/// build before, pruning cages only on placements, could not count either
/// in 120 s.
const CHECK_NODES: u64 = 4_000;

/// Why no Killer puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KillerFailure {
    /// The budget stopped a search.
    Stopped(StopReason),
    /// The template has no solution.
    Unsolvable,
    /// The cage sizes asked are not within 1 to the grid's side, least
    /// first.
    Sizes {
        /// The cage sizes asked.
        sizes: RangeInclusive<usize>,
        /// The grid's side.
        side: usize,
    },
    /// No carving into cages of these sizes gave a unique puzzle.
    NoCarving {
        /// The cage sizes asked.
        sizes: RangeInclusive<usize>,
        /// How many carvings were tried on each grid.
        tries: usize,
        /// How many full grids were drawn.
        grids: usize,
    },
}

impl fmt::Display for KillerFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KillerFailure::Stopped(reason) => write!(f, "stopped ({reason})"),
            KillerFailure::Unsolvable => write!(f, "this kind of grid has no solution"),
            KillerFailure::Sizes { sizes, side } => write!(
                f,
                "cages of {} cells: expected sizes from 1 to {side}, the least first",
                size_text(sizes)
            ),
            KillerFailure::NoCarving {
                sizes,
                tries,
                grids,
            } => write!(
                f,
                "no carving into cages of {} cells had one solution in {tries} tries on each of {grids} grids",
                size_text(sizes)
            ),
        }
    }
}

/// `4` for sizes of 4 only, `2 to 5` for a range.
fn size_text(sizes: &RangeInclusive<usize>) -> String {
    if sizes.start() == sizes.end() {
        sizes.start().to_string()
    } else {
        format!("{} to {}", sizes.start(), sizes.end())
    }
}

impl From<StopReason> for KillerFailure {
    fn from(reason: StopReason) -> Self {
        KillerFailure::Stopped(reason)
    }
}

/// A random Killer puzzle on `template` (its units, no givens) with cages
/// of `sizes` cells and exactly one solution (see the module
/// documentation); sizes outside 1 to the grid's side are an error.
///
/// ```
/// use gridsolve_sudoku::variant::{killer_puzzle, Shape, Variant};
/// use gridsolve_sudoku::{Budget, Solver, Strategy};
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::new(2, 2).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
/// let puzzle = killer_puzzle(&template, 2..=3, &mut rng, &Budget::default()).unwrap();
/// assert!(puzzle.givens().iter().all(|&value| value == 0));
/// assert!(puzzle.cages().iter().all(|cage| (2..=3).contains(&cage.cells.len())));
/// let found = Solver::new(Strategy::Bitboard).with_max_solutions(2).explore_variant(&puzzle);
/// assert_eq!(found.stats.solutions, 1);
/// ```
pub fn killer_puzzle<R: Rng>(
    template: &Variant,
    sizes: RangeInclusive<usize>,
    rng: &mut R,
    budget: &Budget,
) -> Result<Variant, KillerFailure> {
    if *sizes.start() == 0 || sizes.start() > sizes.end() || *sizes.end() > template.side() {
        return Err(KillerFailure::Sizes {
            sizes,
            side: template.side(),
        });
    }
    let template = template
        .clone()
        .with_givens(vec![0; template.side() * template.side()])
        .expect("a template without givens is valid");
    for _ in 0..GRIDS {
        let Some(solution) = random_solution(&template, rng, budget)? else {
            return Err(KillerFailure::Unsolvable);
        };
        if let Some(cages) = carving(&template, &solution, &sizes, rng, budget)? {
            return join_while_unique(&template, cages, *sizes.end(), rng, budget);
        }
    }
    Err(KillerFailure::NoCarving {
        sizes,
        tries: CARVINGS,
        grids: GRIDS,
    })
}

/// A carving of `solution` into cages of `sizes` cells with that one
/// solution, within [`CARVINGS`] tries.
fn carving<'a, R: Rng>(
    template: &Variant,
    solution: &'a [u8],
    sizes: &RangeInclusive<usize>,
    rng: &mut R,
    budget: &Budget,
) -> Result<Option<Cages<'a>>, KillerFailure> {
    for _ in 0..CARVINGS {
        let Some(carved) = Cages::carve(template, solution, sizes, rng) else {
            continue;
        };
        if carved.is_unique(template, budget)? {
            return Ok(Some(carved));
        }
    }
    Ok(None)
}

/// The merging pass (see the module documentation) over `cages`, cages
/// of at most `largest` cells.
fn join_while_unique<R: Rng>(
    template: &Variant,
    mut cages: Cages,
    largest: usize,
    rng: &mut R,
    budget: &Budget,
) -> Result<Variant, KillerFailure> {
    let mut edges = neighbours(template.side());
    edges.shuffle(rng);
    for (first, second) in edges {
        let (a, b) = (cages.cage_of[first], cages.cage_of[second]);
        if a == b || !cages.can_join(a, b, largest) {
            continue;
        }
        let before = cages.clone();
        cages.join(a, b);
        if !cages.is_unique(template, budget)? {
            cages = before;
        }
    }
    Ok(cages.puzzle(template))
}

/// Every pair of orthogonally neighbouring cells of a grid of side `side`.
fn neighbours(side: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(2 * side * side);
    for cell in 0..side * side {
        if cell % side + 1 < side {
            pairs.push((cell, cell + 1));
        }
        if cell + side < side * side {
            pairs.push((cell, cell + side));
        }
    }
    pairs
}

/// A partition of the grid into cages of the full grid's distinct values.
#[derive(Clone)]
struct Cages<'a> {
    solution: &'a [u8],
    /// The cage of each cell (an index into `cells`).
    cage_of: Vec<usize>,
    /// Each cage's cells; a joined cage leaves an empty entry behind.
    cells: Vec<Vec<usize>>,
    /// Each cage's values, bit `v - 1` for value `v`.
    values: Vec<u32>,
}

impl<'a> Cages<'a> {
    /// Every cell a cage of its own.
    fn singles(solution: &'a [u8]) -> Self {
        Cages {
            solution,
            cage_of: (0..solution.len()).collect(),
            cells: (0..solution.len()).map(|cell| vec![cell]).collect(),
            values: solution.iter().map(|&value| 1 << (value - 1)).collect(),
        }
    }

    /// A random carving into cages of `sizes` cells (see the module
    /// documentation), or `None` when a cage was left too small with no
    /// neighbour to join.
    fn carve<R: Rng>(
        template: &Variant,
        solution: &'a [u8],
        sizes: &RangeInclusive<usize>,
        rng: &mut R,
    ) -> Option<Self> {
        let side = template.side();
        let mut cages = Cages::singles(solution);
        let mut free = vec![true; solution.len()];
        // The free cells next to `cell`: fewest first keeps corners and
        // pockets from being cut off.
        let free_around =
            |free: &[bool], cell: usize| adjacent(side, cell).filter(|&next| free[next]).count();
        loop {
            let mut starts: Vec<usize> = (0..solution.len()).filter(|&cell| free[cell]).collect();
            if starts.is_empty() {
                return Some(cages);
            }
            starts.shuffle(rng);
            let start = *starts
                .iter()
                .min_by_key(|&&cell| free_around(&free, cell))?;
            free[start] = false;
            let target = *sizes.start();
            let cage = cages.cage_of[start];
            while cages.cells[cage].len() < target {
                let mut next: Vec<usize> = cages.cells[cage]
                    .iter()
                    .flat_map(|&cell| adjacent(side, cell))
                    .filter(|&cell| free[cell] && cages.can_join(cage, cell, target))
                    .collect();
                next.shuffle(rng);
                let Some(&cell) = next.iter().min_by_key(|&&cell| free_around(&free, cell)) else {
                    break;
                };
                free[cell] = false;
                cages.join(cage, cages.cage_of[cell]);
            }
            if cages.cells[cage].len() < *sizes.start() {
                // Too small: join a finished neighbouring cage.
                let mut partners: Vec<usize> = cages.cells[cage]
                    .iter()
                    .flat_map(|&cell| adjacent(side, cell))
                    .filter(|&cell| !free[cell])
                    .map(|cell| cages.cage_of[cell])
                    .filter(|&other| other != cage && cages.can_join(cage, other, *sizes.end()))
                    .collect();
                partners.sort_unstable();
                partners.dedup();
                let &partner = partners.choose(rng)?;
                cages.join(partner, cage);
            }
        }
    }

    /// Whether cages `a` and `b` share no value and fit in `largest` cells.
    fn can_join(&self, a: usize, b: usize, largest: usize) -> bool {
        self.values[a] & self.values[b] == 0 && self.cells[a].len() + self.cells[b].len() <= largest
    }

    /// Joins cage `b` into cage `a`; returns `a`.
    fn join(&mut self, a: usize, b: usize) -> usize {
        let moved = std::mem::take(&mut self.cells[b]);
        for &cell in &moved {
            self.cage_of[cell] = a;
        }
        self.cells[a].extend(moved);
        self.values[a] |= std::mem::take(&mut self.values[b]);
        a
    }

    /// The puzzle: `template` with these cages, numbered in the reading
    /// order of their first cells.
    fn puzzle(&self, template: &Variant) -> Variant {
        let mut cages: Vec<Vec<usize>> = self
            .cells
            .iter()
            .filter(|cells| !cells.is_empty())
            .map(|cells| {
                let mut cells = cells.clone();
                cells.sort_unstable();
                cells
            })
            .collect();
        cages.sort_unstable();
        cages.into_iter().fold(template.clone(), |puzzle, cells| {
            let sum = cells
                .iter()
                .map(|&cell| u32::from(self.solution[cell]))
                .sum();
            puzzle
                .with_cage(cells, sum)
                .expect("distinct values of a solution make a valid cage")
        })
    }

    /// Whether the puzzle of these cages has one solution, proved within
    /// [`CHECK_NODES`] nodes.
    fn is_unique(&self, template: &Variant, budget: &Budget) -> Result<bool, StopReason> {
        let found = Solver::new(Strategy::Bitboard)
            .with_max_solutions(2)
            .with_budget(budget.clone().with_max_nodes(CHECK_NODES))
            .explore_variant(&self.puzzle(template));
        match found.stopped {
            Some(StopReason::SolutionLimit | StopReason::NodeLimit) => Ok(false),
            Some(reason) => Err(reason),
            None => Ok(found.stats.solutions == 1),
        }
    }
}

/// The cells orthogonally next to `cell` on a grid of side `side`.
pub(super) fn adjacent(side: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / side, cell % side);
    [
        (row > 0).then(|| cell - side),
        (row + 1 < side).then(|| cell + side),
        (col > 0).then(|| cell - 1),
        (col + 1 < side).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// How many cells are joined to `start` across edges on a grid of side
/// `side`, going only through cells `along` takes (`start` counted).
pub(super) fn joined_count(side: usize, start: usize, along: impl Fn(usize) -> bool) -> usize {
    let mut seen = vec![false; side * side];
    seen[start] = true;
    let (mut stack, mut reached) = (vec![start], 1);
    while let Some(cell) = stack.pop() {
        for next in adjacent(side, cell) {
            if !seen[next] && along(next) {
                seen[next] = true;
                reached += 1;
                stack.push(next);
            }
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{verify_answer, Shape};
    use rand::SeedableRng;

    #[test]
    fn neighbours_are_each_orthogonal_pair_once() {
        let pairs = neighbours(4);
        assert_eq!(pairs.len(), 2 * 4 * 3);
        for &(a, b) in &pairs {
            assert!(adjacent(4, a).any(|cell| cell == b));
        }
    }

    #[test]
    fn sizes_outside_the_grid_are_refused() {
        let template = Variant::new(Shape::new(2, 2).unwrap());
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        for sizes in [0..=2, RangeInclusive::new(3, 2), 2..=5] {
            let failure = killer_puzzle(&template, sizes, &mut rng, &Budget::default());
            assert!(matches!(failure, Err(KillerFailure::Sizes { side: 4, .. })));
        }
    }

    #[test]
    fn killers_keep_their_cage_sizes_and_their_one_solution() {
        let template = Variant::new(Shape::new(3, 3).unwrap());
        for seed in 0..3 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let puzzle = killer_puzzle(&template, 2..=5, &mut rng, &Budget::default()).unwrap();
            let mut covered = vec![0; 81];
            for cage in puzzle.cages() {
                assert!((2..=5).contains(&cage.cells.len()), "{cage:?}");
                for &cell in &cage.cells {
                    covered[cell] += 1;
                }
            }
            assert!(covered.iter().all(|&times| times == 1));
            let found = Solver::new(Strategy::Bitboard)
                .with_max_solutions(2)
                .explore_variant(&puzzle);
            assert_eq!(found.stats.solutions, 1);
            let answer = found.solution.unwrap();
            assert_eq!(verify_answer(&puzzle, &answer), Ok(()));
        }
    }
}
