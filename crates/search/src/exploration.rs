//! What any search of one puzzle reports: the first solution it found, its
//! counters, and whether it finished, from which [`Exploration::verdict`]
//! says what was proved about the number of solutions.
//!
//! Invariant: `stats.solutions` counts the solutions found; when `stopped`
//! is `None` the search explored everything, so the count is exact.

use crate::{Stats, StopReason};

/// What a search found, and whether it finished; `S` is the puzzle's
/// answer (a Sudoku grid, a variant's values, …).
///
/// ```
/// use gridsolve_search::{Exploration, Stats, Verdict};
///
/// let one = Exploration { solution: Some("1234"), stats: Stats { solutions: 1, ..Stats::default() }, stopped: None };
/// assert_eq!(one.verdict(), Verdict::Unique);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exploration<S> {
    /// The first solution found, if any.
    pub solution: Option<S>,
    /// Counters; `stats.solutions` is the number of solutions found.
    pub stats: Stats,
    /// Why the search stopped early, or `None` if it explored everything.
    pub stopped: Option<StopReason>,
}

/// What the search proved about the number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No solution (the search was complete).
    None,
    /// Exactly one solution (the search was complete).
    Unique,
    /// At least two solutions.
    Multiple,
    /// The search stopped before it could tell (0 or 1 found so far).
    Unknown,
}

impl Verdict {
    /// The word the CLI and the bindings report it by.
    ///
    /// ```
    /// use gridsolve_search::Verdict;
    ///
    /// assert_eq!(Verdict::Unique.name(), "unique");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Unknown => "unknown",
        }
    }
}

impl<S> Exploration<S> {
    /// The number of solutions found: exact when the search finished, a
    /// lower bound otherwise.
    pub fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    /// Whether the search explored everything, so counts are exact.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// What the search proved about uniqueness.
    pub fn verdict(&self) -> Verdict {
        match (self.solutions(), self.is_complete()) {
            (2.., _) => Verdict::Multiple,
            (0, true) => Verdict::None,
            (1, true) => Verdict::Unique,
            _ => Verdict::Unknown,
        }
    }
}
