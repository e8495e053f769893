//! Search budgets.
//!
//! A [`Limits`] value is immutable while a search runs; the search passes its
//! running node count to [`Limits::interrupt`] at every node, which answers
//! whether (and why) the search must stop. The deadline and the cancel flag
//! are read only every [`Limits::POLL_INTERVAL`] nodes, so the check costs a
//! comparison and a mask on almost every call.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much search one call may spend.
///
/// `max_solutions` is always set: a search stops as soon as it has found that
/// many solutions. The node budget, deadline and cancel flag are optional.
///
/// ```
/// use std::time::Duration;
/// use gridsolve_search::Limits;
///
/// let limits = Limits::solutions(1)
///     .with_max_nodes(1_000_000)
///     .with_timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_solutions(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Limits {
    max_solutions: u64,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

/// Why a search stopped before it had explored everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// It found `max_solutions` solutions.
    SolutionLimit,
    /// It spent its node budget.
    NodeLimit,
    /// Its deadline passed.
    Deadline,
    /// Its cancel flag was raised (for example by Ctrl-C).
    Cancelled,
}

impl Limits {
    /// How many nodes pass between two reads of the clock and the cancel flag.
    pub const POLL_INTERVAL: u64 = 1024;

    /// A budget of `max_solutions` solutions (at least 1) and nothing else.
    pub fn solutions(max_solutions: u64) -> Self {
        Limits {
            max_solutions: max_solutions.max(1),
            max_nodes: None,
            deadline: None,
            cancel: None,
        }
    }

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

    /// The same budget with another solution limit.
    #[must_use]
    pub fn with_max_solutions(mut self, max_solutions: u64) -> Self {
        self.max_solutions = max_solutions.max(1);
        self
    }

    /// The number of solutions after which a search stops.
    pub fn max_solutions(&self) -> u64 {
        self.max_solutions
    }

    /// The node budget, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// Whether a search that has visited `nodes` nodes must stop now, and why.
    ///
    /// Call it once per node with the running count: the clock and the
    /// cancel flag are read only when `nodes` is a multiple of
    /// [`Limits::POLL_INTERVAL`].
    #[inline]
    pub fn interrupt(&self, nodes: u64) -> Option<StopReason> {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        if nodes % Self::POLL_INTERVAL != 0 {
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

/// A node counter that checks [`Limits`] at the cost of one comparison per
/// node: it computes when the next check is due (the next poll of clock and
/// cancel flag, or the node budget, whichever comes first) and does the
/// full check only then. For the hottest loops; [`Limits::interrupt`] is
/// the simple form.
///
/// ```
/// use gridsolve_search::{Limits, NodeMeter, StopReason};
///
/// let limits = Limits::solutions(1).with_max_nodes(3);
/// let mut meter = NodeMeter::new(&limits);
/// assert_eq!(meter.tick(&limits), None);
/// assert_eq!(meter.tick(&limits), None);
/// assert_eq!(meter.tick(&limits), Some(StopReason::NodeLimit));
/// assert_eq!(meter.nodes(), 3);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NodeMeter {
    nodes: u64,
    check_at: u64,
}

impl NodeMeter {
    /// A meter at zero nodes.
    pub fn new(limits: &Limits) -> Self {
        NodeMeter {
            nodes: 0,
            check_at: Self::next_check(limits, 0),
        }
    }

    /// Counts one node; `Some` when the limits end the search here.
    #[inline]
    pub fn tick(&mut self, limits: &Limits) -> Option<StopReason> {
        self.nodes += 1;
        if self.nodes < self.check_at {
            return None;
        }
        self.check(limits)
    }

    /// Nodes counted.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    #[cold]
    fn check(&mut self, limits: &Limits) -> Option<StopReason> {
        if limits.max_nodes.is_some_and(|max| self.nodes >= max) {
            return Some(StopReason::NodeLimit);
        }
        self.check_at = Self::next_check(limits, self.nodes);
        limits.poll()
    }

    fn next_check(limits: &Limits, nodes: u64) -> u64 {
        let poll = nodes + Limits::POLL_INTERVAL;
        limits.max_nodes.map_or(poll, |max| poll.min(max))
    }
}

impl Default for Limits {
    /// One solution, no other limit.
    fn default() -> Self {
        Limits::solutions(1)
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
        let limits = Limits::solutions(1).with_max_nodes(3);
        assert_eq!(limits.interrupt(2), None);
        assert_eq!(limits.interrupt(3), Some(StopReason::NodeLimit));
    }

    #[test]
    fn cancel_flag_is_seen_at_the_next_poll() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::solutions(1).with_cancel(Arc::clone(&flag));
        assert_eq!(limits.interrupt(Limits::POLL_INTERVAL), None);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(limits.interrupt(Limits::POLL_INTERVAL + 1), None);
        assert_eq!(
            limits.interrupt(2 * Limits::POLL_INTERVAL),
            Some(StopReason::Cancelled)
        );
    }

    #[test]
    fn past_deadline_stops_at_poll() {
        let limits = Limits::solutions(1).with_deadline(Instant::now());
        assert_eq!(limits.poll(), Some(StopReason::Deadline));
    }

    #[test]
    fn huge_timeout_means_no_deadline() {
        let limits = Limits::solutions(1).with_timeout(Duration::MAX);
        assert_eq!(limits.poll(), None);
    }

    #[test]
    fn meter_polls_the_cancel_flag_every_interval() {
        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::solutions(1).with_cancel(flag);
        let mut meter = NodeMeter::new(&limits);
        let stopped_at = (1..=2 * Limits::POLL_INTERVAL).find(|_| meter.tick(&limits).is_some());
        assert_eq!(stopped_at, Some(Limits::POLL_INTERVAL));
    }

    #[test]
    fn solution_limit_is_at_least_one() {
        assert_eq!(Limits::solutions(0).max_solutions(), 1);
    }
}
