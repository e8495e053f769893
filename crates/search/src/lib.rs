//! The small vocabulary every gridsolve search shares.
//!
//! Each puzzle domain (Sudoku, N-Queens, exact cover) keeps its own fast data
//! structures; what they have in common lives here and nowhere else:
//!
//! - [`Limits`]: how much search one call may spend (solutions, nodes, a
//!   deadline, a cancel flag). No public entry point of gridsolve runs
//!   unbounded: every search takes a `Limits` and checks it at every node.
//! - [`Stats`]: the counters a search reports (nodes, guesses, backtracks,
//!   solutions), and [`Exploration`]: what a search of one puzzle found,
//!   with the [`Verdict`] on its number of solutions.
//! - [`Tracer`]: a receiver of search events. The default [`NoTrace`] does
//!   nothing and compiles away; [`EventLog`] records events (within a
//!   budget) and [`render`] draws them: a Mermaid or DOT search tree, JSON
//!   lines that replay the search, or the dry-run table of textbooks.
//!
//! ```
//! use gridsolve_search::{Limits, StopReason};
//!
//! let limits = Limits::solutions(2).with_max_nodes(10);
//! assert_eq!(limits.interrupt(5), None);
//! assert_eq!(limits.interrupt(10), Some(StopReason::NodeLimit));
//! ```
#![deny(missing_docs)]

mod exploration;
mod limits;
mod render;
mod stats;
mod trace;

pub use exploration::{Exploration, Verdict};
pub use limits::{Limits, NodeMeter, StopReason};
#[cfg(feature = "json")]
pub use render::{read_json_events, JsonTraceError};
pub use render::{render, Fate, SearchTree, TraceFormat, TreeNode, Vocabulary};
pub use stats::Stats;
pub use trace::{Event, EventLog, MapChoices, NoTrace, Tracer};
