//! Search events.
//!
//! A search is generic over a [`Tracer`] and calls it at each step. Every
//! method has an empty default body, so the no-op [`NoTrace`] costs nothing
//! once monomorphised. The choice type `C` belongs to the domain (a Sudoku
//! placement, a queen's column, an exact-cover option).

/// Receives the events of one search, in the order they happen.
///
/// `depth` is the number of choices on the current path *before* the event
/// (the root is depth 0).
pub trait Tracer<C> {
    /// The search commits to `choice`, one of `alternatives` open ones.
    fn choose(&mut self, _depth: usize, _choice: &C, _alternatives: u32) {}
    /// Propagation at `depth` inferred `choice` without guessing.
    fn propagate(&mut self, _depth: usize, _choice: &C) {}
    /// The state at `depth` cannot be completed.
    fn dead_end(&mut self, _depth: usize) {}
    /// The search takes back `choice`, made at `depth`.
    fn undo(&mut self, _depth: usize, _choice: &C) {}
    /// The state at `depth` is a solution.
    fn solution(&mut self, _depth: usize) {}
}

/// The tracer that records nothing; the default everywhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<C> Tracer<C> for NoTrace {}

/// One recorded search event (see [`Tracer`] for the meaning of each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<C> {
    /// See [`Tracer::choose`].
    Choose {
        /// Choices on the path before this one.
        depth: usize,
        /// What was chosen.
        choice: C,
        /// How many alternatives were open.
        alternatives: u32,
    },
    /// See [`Tracer::propagate`].
    Propagate {
        /// Choices on the path.
        depth: usize,
        /// What was inferred.
        choice: C,
    },
    /// See [`Tracer::dead_end`].
    DeadEnd {
        /// Choices on the path.
        depth: usize,
    },
    /// See [`Tracer::undo`].
    Undo {
        /// Choices on the path before the one undone.
        depth: usize,
        /// What was undone.
        choice: C,
    },
    /// See [`Tracer::solution`].
    Solution {
        /// Choices on the path.
        depth: usize,
    },
}

/// A tracer that keeps every event in memory, for tests and renderers.
///
/// ```
/// use gridsolve_search::{Event, EventLog, Tracer};
///
/// let mut log = EventLog::default();
/// log.choose(0, &'a', 2);
/// log.dead_end(1);
/// log.undo(0, &'a');
/// assert_eq!(log.events.len(), 3);
/// assert_eq!(log.events[1], Event::DeadEnd { depth: 1 });
/// ```
#[derive(Clone, Debug)]
pub struct EventLog<C> {
    /// The events in the order they happened.
    pub events: Vec<Event<C>>,
}

impl<C> Default for EventLog<C> {
    fn default() -> Self {
        EventLog { events: Vec::new() }
    }
}

impl<C: Clone> Tracer<C> for EventLog<C> {
    fn choose(&mut self, depth: usize, choice: &C, alternatives: u32) {
        self.events.push(Event::Choose {
            depth,
            choice: choice.clone(),
            alternatives,
        });
    }
    fn propagate(&mut self, depth: usize, choice: &C) {
        self.events.push(Event::Propagate {
            depth,
            choice: choice.clone(),
        });
    }
    fn dead_end(&mut self, depth: usize) {
        self.events.push(Event::DeadEnd { depth });
    }
    fn undo(&mut self, depth: usize, choice: &C) {
        self.events.push(Event::Undo {
            depth,
            choice: choice.clone(),
        });
    }
    fn solution(&mut self, depth: usize) {
        self.events.push(Event::Solution { depth });
    }
}
