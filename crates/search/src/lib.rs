//! The small vocabulary every gridsolve search shares.
//!
//! Each puzzle domain (Sudoku, N-Queens, exact cover) keeps its own fast data
//! structures; what they have in common lives here and nowhere else:
//!
//! - [`Limits`]: how much search one call may spend (solutions, nodes, a
//!   deadline, a cancel flag). No public entry point of gridsolve runs
//!   unbounded: every search takes a `Limits` and checks it at every node.
//! - [`Stats`]: the counters a search reports (nodes, guesses, backtracks,
//!   solutions).
//! - [`Tracer`]: a receiver of search events. The default [`NoTrace`] does
//!   nothing and compiles away; [`EventLog`] records events for tests and for
//!   the renderers that draw a search.
//!
//! ```
//! use gridsolve_search::{Limits, StopReason};
//!
//! let limits = Limits::solutions(2).with_max_nodes(10);
//! assert_eq!(limits.interrupt(5), None);
//! assert_eq!(limits.interrupt(10), Some(StopReason::NodeLimit));
//! ```
#![deny(missing_docs)]

mod limits;
mod stats;
mod trace;

pub use limits::{Limits, NodeMeter, StopReason};
pub use stats::Stats;
pub use trace::{Event, EventLog, NoTrace, Tracer};
