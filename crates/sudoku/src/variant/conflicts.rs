//! How often each constraint has ended a branch of the search, for
//! branching where the puzzle has proved hard (dom/wdeg: the fewest
//! alternatives per unit of conflict weight).
//!
//! Every weight starts at 1 and only grows, by one each time a branch
//! fails at that constraint, so a score's divisor is never zero.

use super::rules::{Contradiction, Rules};

/// Per constraint (numbered as [`Contradiction`] says), its weight.
#[derive(Clone)]
pub(super) struct Conflicts {
    weights: Vec<u64>,
}

impl Conflicts {
    /// Every constraint of `rules` weighing 1.
    pub fn new(rules: &Rules) -> Self {
        Conflicts {
            weights: vec![1; rules.constraint_count()],
        }
    }

    /// Weighs the constraint that ended a branch once more.
    pub fn record(&mut self, failure: Contradiction) {
        self.weights[failure.constraint] += 1;
    }

    /// The weight of a cell's branch: its own constraint's, its units'
    /// and its cages'.
    pub fn of_cell(&self, rules: &Rules, cell: usize) -> u64 {
        rules
            .constraints_of(cell)
            .iter()
            .map(|&constraint| self.weights[constraint])
            .sum()
    }
}
