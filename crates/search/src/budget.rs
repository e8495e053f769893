//! Search budgets.
//!
//! A [`Budget`] says how much work one search may spend: a node budget, a
//! deadline and a cancel flag, each optional. How many solutions a search
//! looks for is not part of it: every entry point that stops at a number of
//! solutions takes that number as its own argument, and every counting
//! function without one counts them all, so a default budget never caps a
//! count.
//!
//! A budget is immutable while a search runs; the search passes its running
//! node count to [`Budget::interrupt`] at every node, which answers whether
//! (and why) the search must stop. The deadline and the cancel flag are
//! read only every [`Budget::POLL_INTERVAL`] nodes, so the check costs a
//! comparison and a mask on almost every call.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much work one search may spend: nodes, time, and a cancel flag.
///
/// [`Budget::default`] is unbounded: the search runs until it has explored
/// everything or found the solutions it was asked for.
///
/// ```
/// use std::time::Duration;
/// use gridsolve_search::Budget;
///
/// let budget = Budget::default()
///     .with_max_nodes(1_000_000)
///     .with_timeout(Duration::from_secs(5));
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

/// Why a search stopped before it had explored everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// It found the number of solutions it was asked for.
    SolutionLimit,
    /// It spent its node budget.
    NodeLimit,
    /// Its deadline passed.
    Deadline,
    /// Its cancel flag was raised (for example by Ctrl-C).
    Cancelled,
}

impl Budget {
    /// How many nodes pass between two reads of the clock and the cancel flag.
    pub const POLL_INTERVAL: u64 = 1024;

    /// Also stop after `max_nodes` search nodes.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// Also stop at `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Also stop `timeout` from now.
    #[must_use]
    pub fn with_timeout(self, timeout: Duration) -> Self {
        // A timeout too large to represent is no timeout at all.
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Also stop once `cancel` is set to `true` (by another thread or a
    /// signal handler).
    #[must_use]
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// The node budget, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// Whether a search that has visited `nodes` nodes must stop now, and why.
    ///
    /// Call it once per node with the running count: the clock and the
    /// cancel flag are read only when `nodes` is a multiple of
    /// [`Budget::POLL_INTERVAL`].
    #[inline]
    pub fn interrupt(&self, nodes: u64) -> Option<StopReason> {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        if !nodes.is_multiple_of(Self::POLL_INTERVAL) {
            return None;
        }
        self.poll()
    }

    /// Whether the deadline has passed or the cancel flag is set, reading
    /// both now.
    pub fn poll(&self) -> Option<StopReason> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(StopReason::Deadline);
        }
        None
    }
}

/// A node counter that checks [`Budget`] at the cost of one comparison per
/// node: it computes when the next check is due (the next poll of clock and
/// cancel flag, or the node budget, whichever comes first) and does the
/// full check only then. For the hottest loops; [`Budget::interrupt`] is
/// the simple form.
///
/// ```
/// use gridsolve_search::{Budget, NodeMeter, StopReason};
///
/// let budget = Budget::default().with_max_nodes(3);
/// let mut meter = NodeMeter::new(&budget);
/// assert_eq!(meter.tick(&budget), None);
/// assert_eq!(meter.tick(&budget), None);
/// assert_eq!(meter.tick(&budget), Some(StopReason::NodeLimit));
/// assert_eq!(meter.nodes(), 3);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NodeMeter {
    nodes: u64,
    check_at: u64,
}

impl NodeMeter {
    /// A meter at zero nodes.
    pub fn new(budget: &Budget) -> Self {
        NodeMeter {
            nodes: 0,
            check_at: Self::next_check(budget, 0),
        }
    }

    /// Counts one node; `Some` when the budget ends the search here.
    #[inline]
    pub fn tick(&mut self, budget: &Budget) -> Option<StopReason> {
        self.nodes += 1;
        if self.nodes < self.check_at {
            return None;
        }
        self.check(budget)
    }

    /// Nodes counted.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    #[cold]
    fn check(&mut self, budget: &Budget) -> Option<StopReason> {
        if budget.max_nodes.is_some_and(|max| self.nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        self.check_at = Self::next_check(budget, self.nodes);
        budget.poll()
    }

    fn next_check(budget: &Budget, nodes: u64) -> u64 {
        let poll = nodes + Budget::POLL_INTERVAL;
        budget.max_nodes.map_or(poll, |max| poll.min(max))
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::SolutionLimit => "solution limit reached",
            StopReason::NodeLimit => "node budget spent",
            StopReason::Deadline => "timeout",
            StopReason::Cancelled => "interrupted",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_stops_at_the_budget_and_not_before() {
        let budget = Budget::default().with_max_nodes(3);
        assert_eq!(budget.interrupt(2), None);
        assert_eq!(budget.interrupt(3), Some(StopReason::NodeLimit));
    }

    #[test]
    fn cancel_flag_is_seen_at_the_next_poll() {
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::default().with_cancel(Arc::clone(&flag));
        assert_eq!(budget.interrupt(Budget::POLL_INTERVAL), None);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.interrupt(Budget::POLL_INTERVAL + 1), None);
        assert_eq!(
            budget.interrupt(2 * Budget::POLL_INTERVAL),
            Some(StopReason::Cancelled)
        );
    }

    #[test]
    fn past_deadline_stops_at_poll() {
        let budget = Budget::default().with_deadline(Instant::now());
        assert_eq!(budget.poll(), Some(StopReason::Deadline));
    }

    #[test]
    fn huge_timeout_means_no_deadline() {
        let budget = Budget::default().with_timeout(Duration::MAX);
        assert_eq!(budget.poll(), None);
    }

    #[test]
    fn meter_polls_the_cancel_flag_every_interval() {
        let flag = Arc::new(AtomicBool::new(true));
        let budget = Budget::default().with_cancel(flag);
        let mut meter = NodeMeter::new(&budget);
        let stopped_at = (1..=2 * Budget::POLL_INTERVAL).find(|_| meter.tick(&budget).is_some());
        assert_eq!(stopped_at, Some(Budget::POLL_INTERVAL));
    }

    #[test]
    fn default_budget_never_stops_a_search() {
        let budget = Budget::default();
        let mut meter = NodeMeter::new(&budget);
        assert!((0..10 * Budget::POLL_INTERVAL).all(|_| meter.tick(&budget).is_none()));
        assert_eq!(budget.interrupt(u64::MAX - 1), None);
    }
}
