//! The search a learner can watch: every step of the row-by-row search,
//! reported to a [`Tracer`] as [`Queen`] choices.
//!
//! It is the engine of [`crate::search`] with a tracer plugged in, going
//! down row by row to the last one like the textbook search, with no
//! symmetry pruning: its tree for 4-Queens is the textbook's 17 nodes.
//! Counts come from the same traced search (the unique count by checking
//! each solution against its 7 images), so what is drawn is what is
//! counted.

use crate::board::BlockedBoard;
use crate::search::{Flow, Leaf, Placement, RowRules, Search};
use crate::symmetry::orbit_if_canonical;
use gridsolve_search::{Budget, StopReason, Tracer, Vocabulary};
use std::ops::ControlFlow;

pub use crate::search::Queen;

/// What a traced search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedSearch {
    /// Solutions found.
    pub total: u64,
    /// Solutions found that are the smallest image of their orbit under
    /// the 8 symmetries (`None` on a board with reserved squares).
    pub unique: Option<u64>,
    /// Placements tried.
    pub nodes: u64,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
}

/// Searches `board` row by row for up to `max_solutions` solutions within
/// `budget`, reporting every step to `tracer`, handing each solution
/// (0-based columns) to `on_solution`, which may stop the search with
/// `Break`.
///
/// ```
/// use gridsolve_queens::{traced_search, BlockedBoard, Budget, Event, EventLog, Queen};
/// use std::ops::ControlFlow;
///
/// let mut log = EventLog::default();
/// let mut first = None;
/// let board = BlockedBoard::free(4).unwrap();
/// let found = traced_search(&board, 10, &Budget::default(), &mut log, |cols| {
///     first.get_or_insert_with(|| cols.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!((found.total, found.unique), (2, Some(1)));
/// assert_eq!(first, Some(vec![1, 3, 0, 2]));
/// let chosen = log.events.iter().filter(|e| matches!(e, Event::Choose { .. })).count();
/// assert_eq!(chosen, 16); // the 16 placements of the textbook tree
/// ```
pub fn traced_search<T, F>(
    board: &BlockedBoard,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
    on_solution: F,
) -> TracedSearch
where
    T: Tracer<Queen>,
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    let n = board.n();
    let rules = RowRules::forbidding(*board.masks());
    let mut search = Search::new(n, &rules, &[], n - 1).expect("an empty prefix is valid");
    let (start, free) = search.start_columns();
    Search::trace_branch(tracer, start, free);
    let mut leaf = Recorder {
        on_solution,
        total: 0,
        unique: (!board.has_reserved()).then_some(0),
        max_solutions,
        cols: Vec::with_capacity(n),
    };
    let stopped = match search.run_traced(&mut leaf, budget, tracer) {
        Flow::Exhausted => None,
        Flow::Paused => Some(StopReason::SolutionLimit),
        Flow::Stopped(reason) => Some(reason),
    };
    TracedSearch {
        total: leaf.total,
        unique: leaf.unique,
        nodes: search.nodes(),
        stopped,
    }
}

/// Counts solutions, hands them on, pauses at the solution limit.
struct Recorder<F> {
    on_solution: F,
    total: u64,
    unique: Option<u64>,
    max_solutions: u64,
    cols: Vec<u32>,
}

impl<F: FnMut(&[u32]) -> ControlFlow<()>> Leaf for Recorder<F> {
    fn reached(&mut self, placement: Placement<'_>) -> ControlFlow<()> {
        self.total += 1;
        self.cols.clear();
        self.cols.extend(placement.columns().map(|col| col as u32));
        if let Some(unique) = &mut self.unique {
            let cols: Vec<u8> = self.cols.iter().map(|&col| col as u8).collect();
            if orbit_if_canonical(&cols).is_some() {
                *unique += 1;
            }
        }
        if (self.on_solution)(&self.cols).is_break() || self.total >= self.max_solutions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Names N-Queens steps as textbooks do: rows and columns from 0, a node
/// by its column list (`[1,3,0]`), an edge by its square, a value by its
/// column.
///
/// ```
/// use gridsolve_queens::{Queen, QueensVocabulary, Vocabulary};
///
/// let path = [Queen { row: 0, col: 1 }, Queen { row: 1, col: 3 }];
/// assert_eq!(QueensVocabulary.node(&path), "[1,3]");
/// assert_eq!(QueensVocabulary.choice(&path[1]), "row 1, col 3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct QueensVocabulary;

impl Vocabulary<Queen> for QueensVocabulary {
    fn slot(&self, row: usize) -> String {
        format!("row {row}")
    }
    fn slot_of(&self, queen: &Queen) -> usize {
        queen.row
    }
    fn value(&self, queen: &Queen) -> String {
        queen.col.to_string()
    }
    fn choice(&self, queen: &Queen) -> String {
        queen.to_string()
    }
    fn node(&self, path: &[Queen]) -> String {
        let cols: Vec<String> = path.iter().map(|queen| queen.col.to_string()).collect();
        format!("[{}]", cols.join(","))
    }
    fn slot_kind(&self) -> &str {
        "row"
    }
    fn complete(&self) -> &str {
        "all rows placed"
    }
}
