//! Solving and counting, by the strategy of your choice.
//!
//! Every strategy explores the same search space (fill the empty cells so no
//! unit repeats a digit) and reports through the same [`Exploration`]; they
//! differ in how they choose the next cell and how much they infer before
//! guessing, which is what a learner compares:
//!
//! | strategy | next cell | inference |
//! |---|---|---|
//! | [`Strategy::ReadingOrder`] | first empty cell in reading order | none: three used-tables answer "is this digit legal?" |
//! | [`Strategy::Mrv`] | the empty cell with the fewest legal digits | none |
//! | [`Strategy::Propagate`] | the fewest-candidates cell | naked and hidden singles to a fixed point |
//! | [`Strategy::Dlx`] | the constraint (cell, or digit in a row, column or box) with the fewest options | exact cover: Algorithm X on dancing links |
//! | [`Strategy::Bitboard`] | a cell with two candidates (else the fewest) | naked, hidden and locked-candidate singles on band bitboards (the default: the fast engine) |
//!
//! Every search stops at the number of solutions its [`Solver`] asks for,
//! honours its [`Budget`] at every node, and is exact: with neither
//! reached, `stats.solutions` is the number of solutions.

mod backtrack;
mod bitboard;
mod context;
mod dlx;
mod propagate;
mod used;

use crate::grid::{Cell, Digit, Grid};
use crate::variant::{CageRules, Variant, VariantExploration, VariantPlacement};
use context::SearchContext;
pub use gridsolve_search::Verdict;
use gridsolve_search::{Budget, NoTrace, Tracer};
use std::fmt;
use std::str::FromStr;

/// A search strategy. Which to pick: [`Strategy::Bitboard`], the
/// default, is the fastest on every puzzle set measured (docs/PERFORMANCE.md)
/// and the one to use for answers; the others are the textbook strategies,
/// kept to compare and to watch (`--trace`): [`Strategy::ReadingOrder`] is
/// plain backtracking, [`Strategy::Mrv`] adds the fewest-candidates choice,
/// [`Strategy::Propagate`] adds singles before each guess, and
/// [`Strategy::Dlx`] is the same problem as exact cover. Each is parsed
/// from its kebab-case name (`"reading-order"`, `"mrv"`, …).
///
/// ```
/// use gridsolve_sudoku::Strategy;
///
/// assert_eq!(Strategy::default(), Strategy::Bitboard);
/// assert_eq!("reading-order".parse::<Strategy>().unwrap(), Strategy::ReadingOrder);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Strategy {
    /// Cells in reading order, smallest legal digit first.
    ReadingOrder,
    /// Fewest legal digits first, with bitmask candidates.
    Mrv,
    /// `Mrv` plus naked and hidden singles before each guess.
    Propagate,
    /// Exact cover with dancing links (324 constraints, one option per
    /// cell and digit).
    Dlx,
    /// The fast engine: `Propagate`'s ideas (plus locked candidates) done
    /// with whole-band bit operations on band bitboards.
    #[default]
    Bitboard,
}

impl Strategy {
    /// Every strategy, the textbook ones first.
    pub const ALL: [Strategy; 5] = [
        Strategy::ReadingOrder,
        Strategy::Mrv,
        Strategy::Propagate,
        Strategy::Dlx,
        Strategy::Bitboard,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::ReadingOrder => "reading-order",
            Strategy::Mrv => "mrv",
            Strategy::Propagate => "propagate",
            Strategy::Dlx => "dlx",
            Strategy::Bitboard => "bitboard",
        }
    }

    /// The names of every strategy, comma-separated.
    pub fn names() -> String {
        Strategy::ALL.map(Strategy::name).join(", ")
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one of [`Strategy::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy {0:?}, expected one of: {names}", names = Strategy::names())]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(name: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == name)
            .ok_or_else(|| UnknownStrategy(name.to_string()))
    }
}

/// One search step's choice: `digit` written into `cell`.
///
/// In JSON (traces) it is `{"row":0,"col":2,"digit":4}`, 0-based row and
/// column as textbooks' dry runs number them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "PlacementJson", try_from = "PlacementJson")]
pub struct Placement {
    /// The cell filled.
    pub cell: Cell,
    /// The digit written.
    pub digit: Digit,
}

/// [`Placement`] as it is written in JSON.
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct PlacementJson {
    row: usize,
    col: usize,
    digit: u8,
}

impl From<Placement> for PlacementJson {
    fn from(placement: Placement) -> Self {
        PlacementJson {
            row: placement.cell.row(),
            col: placement.cell.col(),
            digit: placement.digit.get(),
        }
    }
}

impl TryFrom<PlacementJson> for Placement {
    type Error = String;

    fn try_from(json: PlacementJson) -> Result<Self, String> {
        let cell = Cell::at(json.row, json.col)
            .ok_or_else(|| format!("no cell at row {}, column {} (0-based)", json.row, json.col))?;
        let digit =
            Digit::new(json.digit).ok_or_else(|| format!("{} is not a digit 1-9", json.digit))?;
        Ok(Placement { cell, digit })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.cell, self.digit)
    }
}

/// What a search of a 9×9 puzzle found, and whether it finished.
pub type Exploration = gridsolve_search::Exploration<Grid>;

/// A configured search: a strategy, how many solutions to look for, the
/// budget it runs under, and (for Killer cages) the cage reasoning. One
/// solver searches classic grids ([`Solver::explore`]) and every variant
/// ([`Solver::explore_variant`]).
///
/// ```
/// use gridsolve_sudoku::{Budget, Grid, Solver, Strategy, Verdict};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let exploration = Solver::new(Strategy::Propagate)
///     .with_max_solutions(2)
///     .with_budget(Budget::default().with_max_nodes(1_000_000))
///     .explore(&puzzle);
/// assert_eq!(exploration.verdict(), Verdict::Unique);
/// let answer = exploration.solution.unwrap();
/// assert!(gridsolve_sudoku::verify_solution(&puzzle, &answer).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    strategy: Strategy,
    max_solutions: u64,
    budget: Budget,
    cage_rules: CageRules,
}

impl Default for Solver {
    /// [`Solver::new`] with the default strategy.
    fn default() -> Self {
        Solver::new(Strategy::default())
    }
}

impl Solver {
    /// A solver that stops at the first solution, with no budget and the
    /// default cage reasoning.
    pub fn new(strategy: Strategy) -> Self {
        Solver {
            strategy,
            max_solutions: 1,
            budget: Budget::default(),
            cage_rules: CageRules::default(),
        }
    }

    /// The same solver stopping once it has found `max_solutions` solutions
    /// (at least 1; `u64::MAX` counts them all): 2 answers "unique?".
    #[must_use]
    pub fn with_max_solutions(mut self, max_solutions: u64) -> Self {
        self.max_solutions = max_solutions.max(1);
        self
    }

    /// The same solver under another budget.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same solver with other cage reasoning (Killer variants only).
    #[must_use]
    pub fn with_cage_rules(mut self, cage_rules: CageRules) -> Self {
        self.cage_rules = cage_rules;
        self
    }

    /// The strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The number of solutions after which a search stops.
    pub fn max_solutions(&self) -> u64 {
        self.max_solutions
    }

    /// The budget.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The cage reasoning.
    pub fn cage_rules(&self) -> CageRules {
        self.cage_rules
    }

    /// Searches `puzzle`.
    pub fn explore(&self, puzzle: &Grid) -> Exploration {
        self.explore_traced(puzzle, &mut NoTrace)
    }

    /// Searches `puzzle`, reporting each step to `tracer`.
    pub fn explore_traced<T: Tracer<Placement>>(
        &self,
        puzzle: &Grid,
        tracer: &mut T,
    ) -> Exploration {
        if self.strategy == Strategy::Dlx {
            // The exact-cover engine keeps its own counters.
            return dlx::explore(puzzle, self.max_solutions, &self.budget, tracer);
        }
        let mut context = SearchContext::new(self.max_solutions, &self.budget, tracer);
        match self.strategy {
            Strategy::ReadingOrder => {
                backtrack::explore(puzzle, backtrack::CellOrder::Reading, &mut context);
            }
            Strategy::Mrv => {
                backtrack::explore(puzzle, backtrack::CellOrder::FewestCandidates, &mut context);
            }
            Strategy::Propagate => propagate::explore(puzzle, &mut context),
            Strategy::Bitboard => bitboard::explore(puzzle, &mut context),
            Strategy::Dlx => unreachable!("answered above"),
        }
        context.finish()
    }

    /// Searches `variant` (see [`crate::variant`] for what each strategy
    /// does on a variant; a plain 9×9 goes to the classic engines).
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Variant};
    /// use gridsolve_sudoku::{Solver, Strategy};
    ///
    /// let empty = Variant::new(Shape::new(2, 2).unwrap());
    /// for strategy in Strategy::ALL {
    ///     let found = Solver::new(strategy).with_max_solutions(1000).explore_variant(&empty);
    ///     assert_eq!(found.stats.solutions, 288);
    /// }
    /// ```
    pub fn explore_variant(&self, variant: &Variant) -> VariantExploration {
        self.explore_variant_traced(variant, &mut NoTrace)
    }

    /// [`Solver::explore_variant`], reporting each step to `tracer`: the
    /// values the root's propagation fills (givens are not reported), then
    /// for each branch the values tried, what each one's propagation fills,
    /// dead ends and solutions (see [`Tracer`] for the order).
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Variant};
    /// use gridsolve_sudoku::{EventLog, Solver, Strategy};
    ///
    /// let empty = Variant::new(Shape::new(2, 2).unwrap());
    /// let mut log = EventLog::with_choice_limit(100);
    /// let found = Solver::new(Strategy::Mrv).explore_variant_traced(&empty, &mut log);
    /// assert_eq!(found.stats.solutions, 1);
    /// assert!(!log.events.is_empty());
    /// ```
    pub fn explore_variant_traced<T: Tracer<VariantPlacement>>(
        &self,
        variant: &Variant,
        tracer: &mut T,
    ) -> VariantExploration {
        crate::variant::explore_traced(self, variant, tracer)
    }
}

#[cfg(test)]
mod tests;
