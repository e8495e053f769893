//! Search events.
//!
//! A search is generic over a [`Tracer`] and calls it at each step. Every
//! method has an empty default body, so the no-op [`NoTrace`] costs nothing
//! once monomorphised; work a search does only to report (listing the
//! options of a branch) is guarded by [`Tracer::ENABLED`], a constant, so it
//! compiles away too. The choice type `C` belongs to the domain (a Sudoku
//! placement, a queen's square, an exact-cover option).

/// Receives the events of one search, in the order they happen.
///
/// `depth` is the number of choices on the current path *before* the event
/// (the root is depth 0). A search reports, at each state it explores:
/// [`branch`](Tracer::branch) with the options it is about to try (none: a
/// [`dead_end`](Tracer::dead_end) follows), then for each option
/// [`choose`](Tracer::choose), the events below it, and
/// [`undo`](Tracer::undo); a complete state reports
/// [`solution`](Tracer::solution). [`propagate`](Tracer::propagate) reports
/// what was inferred without guessing; it belongs to the latest choice at a
/// smaller depth and is taken back with it.
pub trait Tracer<C> {
    /// `false` only for tracers that ignore every event, so that a search
    /// can skip work done only to report.
    const ENABLED: bool = true;
    /// The search is about to try `options` for `slot` (a cell, a row, an
    /// item: numbered by the domain).
    fn branch(&mut self, _depth: usize, _slot: usize, _options: &[C]) {}
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

impl<C> Tracer<C> for NoTrace {
    const ENABLED: bool = false;
}

/// Forwards every event to `inner` with each choice translated by `map`:
/// for a search whose choices are another domain's (exact-cover options
/// that stand for Sudoku placements, classic placements that stand for a
/// variant's). Slots and depths pass unchanged.
///
/// ```
/// use gridsolve_search::{EventLog, MapChoices, Tracer};
///
/// let mut log: EventLog<char> = EventLog::default();
/// let mut letters = MapChoices::new(&mut log, |&index: &usize| (b'a' + index as u8) as char);
/// letters.choose(0, &2, 3);
/// assert_eq!(log.events.len(), 1);
/// ```
pub struct MapChoices<'a, T, F, A, B> {
    inner: &'a mut T,
    map: F,
    choices: std::marker::PhantomData<fn(&A) -> B>,
}

impl<'a, T, F, A, B> MapChoices<'a, T, F, A, B>
where
    T: Tracer<B>,
    F: Fn(&A) -> B,
{
    /// Events for `inner`, choices through `map`.
    pub fn new(inner: &'a mut T, map: F) -> Self {
        MapChoices {
            inner,
            map,
            choices: std::marker::PhantomData,
        }
    }
}

impl<T, F, A, B> Tracer<A> for MapChoices<'_, T, F, A, B>
where
    T: Tracer<B>,
    F: Fn(&A) -> B,
{
    const ENABLED: bool = T::ENABLED;

    fn branch(&mut self, depth: usize, slot: usize, options: &[A]) {
        let options: Vec<B> = options.iter().map(&self.map).collect();
        self.inner.branch(depth, slot, &options);
    }
    fn choose(&mut self, depth: usize, choice: &A, alternatives: u32) {
        self.inner.choose(depth, &(self.map)(choice), alternatives);
    }
    fn propagate(&mut self, depth: usize, choice: &A) {
        self.inner.propagate(depth, &(self.map)(choice));
    }
    fn dead_end(&mut self, depth: usize) {
        self.inner.dead_end(depth);
    }
    fn undo(&mut self, depth: usize, choice: &A) {
        self.inner.undo(depth, &(self.map)(choice));
    }
    fn solution(&mut self, depth: usize) {
        self.inner.solution(depth);
    }
}

/// One recorded search event (see [`Tracer`] for the meaning of each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<C> {
    /// See [`Tracer::branch`].
    Branch {
        /// Choices on the path.
        depth: usize,
        /// The cell, row or item decided here, as the domain numbers it.
        slot: usize,
        /// The options about to be tried, in order.
        options: Vec<C>,
    },
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

/// A tracer that keeps events in memory, for tests and for the renderers,
/// up to an optional budget of choices.
///
/// Past the budget it keeps only a count of the events it left out, so a
/// long search can be traced in bounded memory: the recorded prefix is a
/// well-formed start of the search, and [`left_out`](EventLog::left_out)
/// says how much is missing.
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
///
/// let mut short = EventLog::with_choice_limit(1);
/// short.choose(0, &'a', 2);
/// short.undo(0, &'a');
/// short.choose(0, &'b', 2);
/// assert_eq!((short.events.len(), short.left_out), (2, 1));
/// ```
#[derive(Clone, Debug)]
pub struct EventLog<C> {
    /// The events recorded, in the order they happened.
    pub events: Vec<Event<C>>,
    /// Events that happened after the budget was spent, not recorded.
    pub left_out: u64,
    /// Choices still to record before recording stops (`None`: no limit).
    choices_left: Option<u64>,
}

impl<C> Default for EventLog<C> {
    fn default() -> Self {
        EventLog {
            events: Vec::new(),
            left_out: 0,
            choices_left: None,
        }
    }
}

impl<C> EventLog<C> {
    /// A log that records the first `limit` choices (each a node of the
    /// search tree) and the events between them, then only counts.
    pub fn with_choice_limit(limit: u64) -> Self {
        EventLog {
            choices_left: Some(limit),
            ..EventLog::default()
        }
    }

    /// Whether events were left out.
    pub fn is_truncated(&self) -> bool {
        self.left_out > 0
    }

    /// Records `event` unless recording has stopped: it stops at the first
    /// choice beyond the budget.
    fn record(&mut self, is_choice: bool, event: impl FnOnce() -> Event<C>) {
        if self.left_out == 0 {
            match &mut self.choices_left {
                Some(0) if is_choice => {}
                Some(left) if is_choice => {
                    *left -= 1;
                    self.events.push(event());
                    return;
                }
                _ => {
                    self.events.push(event());
                    return;
                }
            }
        }
        self.left_out += 1;
    }
}

impl<C: Clone> Tracer<C> for EventLog<C> {
    fn branch(&mut self, depth: usize, slot: usize, options: &[C]) {
        self.record(false, || Event::Branch {
            depth,
            slot,
            options: options.to_vec(),
        });
    }
    fn choose(&mut self, depth: usize, choice: &C, alternatives: u32) {
        self.record(true, || Event::Choose {
            depth,
            choice: choice.clone(),
            alternatives,
        });
    }
    fn propagate(&mut self, depth: usize, choice: &C) {
        self.record(false, || Event::Propagate {
            depth,
            choice: choice.clone(),
        });
    }
    fn dead_end(&mut self, depth: usize) {
        self.record(false, || Event::DeadEnd { depth });
    }
    fn undo(&mut self, depth: usize, choice: &C) {
        self.record(false, || Event::Undo {
            depth,
            choice: choice.clone(),
        });
    }
    fn solution(&mut self, depth: usize) {
        self.record(false, || Event::Solution { depth });
    }
}
