//! The small vocabulary every gridsolve search shares.
//!
//! Each puzzle domain (Sudoku, N-Queens, exact cover) keeps its own fast data
//! structures; what they have in common lives here and nowhere else:
//!
//! - [`Budget`]: how much work one search may spend (nodes, a deadline, a
//!   cancel flag). Every public search of gridsolve takes a `Budget` and
//!   checks it at every node; how many solutions it looks for is a separate
//!   argument of the functions that stop early, never part of the budget.
//! - [`Stats`]: the counters a search reports (nodes, guesses, backtracks,
//!   solutions), and [`Exploration`]: what a search of one puzzle found,
//!   with the [`Verdict`] on its number of solutions.
//! - [`Tracer`]: a receiver of search events. The default [`NoTrace`] does
//!   nothing and compiles away; [`EventLog`] records events (within a
//!   budget) and [`render`] draws them: a Mermaid or DOT search tree, JSON
//!   lines that replay the search, or the dry-run table of textbooks.
//!
//! ```
//! use gridsolve_search::{Budget, StopReason};
//!
//! let budget = Budget::default().with_max_nodes(10);
//! assert_eq!(budget.interrupt(5), None);
//! assert_eq!(budget.interrupt(10), Some(StopReason::NodeLimit));
//! ```
#![deny(missing_docs)]

mod budget;
mod exploration;
mod render;
mod stats;
mod trace;

pub use budget::{Budget, NodeMeter, StopReason};
pub use exploration::{Exploration, Verdict};
#[cfg(feature = "json")]
pub use render::{read_json_events, JsonTraceError};
pub use render::{render, Fate, SearchTree, TraceFormat, TreeNode, Vocabulary};
pub use stats::Stats;
pub use trace::{Event, EventLog, MapChoices, NoTrace, Tracer};
