//! Search counters.
//!
//! The definitions are shared by every domain so that figures compare:
//! a *node* is a search state visited (the root, and the state after each
//! choice); a *guess* is a choice made where more than one alternative was
//! open; a *backtrack* is a choice undone; a *solution* is a complete
//! assignment the search reported.

use std::fmt;
use std::ops::AddAssign;

/// Counters of one search (or, summed with `+=`, of many).
///
/// ```
/// use gridsolve_search::Stats;
///
/// let mut total = Stats::default();
/// total += Stats { nodes: 3, guesses: 1, backtracks: 1, solutions: 1 };
/// total += Stats { nodes: 2, guesses: 0, backtracks: 0, solutions: 1 };
/// assert_eq!(total.nodes, 5);
/// assert_eq!(total.to_string(), "nodes 5, guesses 1, backtracks 1, solutions 2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search states visited.
    pub nodes: u64,
    /// Choices made where more than one alternative was open.
    pub guesses: u64,
    /// Choices undone.
    pub backtracks: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.solutions += other.solutions;
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes {}, guesses {}, backtracks {}, solutions {}",
            self.nodes, self.guesses, self.backtracks, self.solutions
        )
    }
}
