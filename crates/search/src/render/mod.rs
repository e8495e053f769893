//! Drawing a recorded search: the tree as Mermaid or Graphviz DOT, the
//! events as JSON lines, or the dry-run table of textbooks.
//!
//! Renderers know nothing of any puzzle: a [`Vocabulary`] names slots and
//! choices in the domain's words. Every renderer shows a truncated trace as
//! such, ending with a line that says how many events were left out.

mod dot;
#[cfg(feature = "json")]
mod json;
mod mermaid;
mod table;
mod tree;

#[cfg(feature = "json")]
pub use json::{read_json_events, JsonTraceError};
pub use tree::{Fate, SearchTree, TreeNode};

use crate::EventLog;
use serde::Serialize;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// Names what a search decides, in the words of its domain.
///
/// ```
/// use gridsolve_search::Vocabulary;
///
/// /// Choices are (row, column) pairs of a queen.
/// struct Queens;
///
/// impl Vocabulary<(usize, usize)> for Queens {
///     fn slot(&self, row: usize) -> String {
///         format!("row {row}")
///     }
///     fn slot_of(&self, choice: &(usize, usize)) -> usize {
///         choice.0
///     }
///     fn value(&self, choice: &(usize, usize)) -> String {
///         format!("col {}", choice.1)
///     }
/// }
///
/// assert_eq!(Queens.choice(&(1, 3)), "row 1 = col 3");
/// assert_eq!(Queens.node(&[]), "start");
/// ```
pub trait Vocabulary<C> {
    /// Names a slot (a cell, a row, an item), as the domain numbers them.
    fn slot(&self, slot: usize) -> String;
    /// The slot `choice` decides.
    fn slot_of(&self, choice: &C) -> usize;
    /// The value `choice` gives its slot.
    fn value(&self, choice: &C) -> String;
    /// An edge of the tree: the choice in full.
    fn choice(&self, choice: &C) -> String {
        format!(
            "{} = {}",
            self.slot(self.slot_of(choice)),
            self.value(choice)
        )
    }
    /// A node of the tree, by the choices on its path (empty for the root).
    fn node(&self, path: &[C]) -> String {
        path.last()
            .map_or_else(|| "start".to_string(), |choice| self.choice(choice))
    }
    /// What a slot is called, as the dry-run table's heading.
    fn slot_kind(&self) -> &str {
        "slot"
    }
    /// A slot in the dry-run table (by default as [`slot`](Self::slot)).
    fn table_slot(&self, slot: usize) -> String {
        self.slot(slot)
    }
    /// What a solution is called.
    fn solution(&self) -> &str {
        "solution"
    }
    /// Why a state is complete, for the dry-run table.
    fn complete(&self) -> &str {
        "nothing left to decide"
    }
}

/// A way to draw a recorded search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TraceFormat {
    /// A Mermaid `graph TD` of the search tree.
    Mermaid,
    /// The search tree as a Graphviz DOT digraph.
    Dot,
    /// One JSON object per event, enough to replay the search (with the
    /// default `json` feature).
    #[cfg(feature = "json")]
    Json,
    /// The dry-run table: depth, slot, legal values, action.
    Table,
}

impl TraceFormat {
    /// Every format.
    pub const ALL: &[TraceFormat] = &[
        TraceFormat::Mermaid,
        TraceFormat::Dot,
        #[cfg(feature = "json")]
        TraceFormat::Json,
        TraceFormat::Table,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            TraceFormat::Mermaid => "mermaid",
            TraceFormat::Dot => "dot",
            #[cfg(feature = "json")]
            TraceFormat::Json => "json",
            TraceFormat::Table => "table",
        }
    }
}

impl fmt::Display for TraceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TraceFormat {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        TraceFormat::ALL
            .iter()
            .copied()
            .find(|format| format.name() == name)
            .ok_or_else(|| {
                format!("unknown trace format {name:?}, expected mermaid, dot, json or table")
            })
    }
}

/// Writes `log` to `out` in `format`.
///
/// ```
/// use gridsolve_search::{render, EventLog, TraceFormat, Tracer, Vocabulary};
///
/// struct Bits;
/// impl Vocabulary<u8> for Bits {
///     fn slot(&self, slot: usize) -> String { format!("bit {slot}") }
///     fn slot_of(&self, _: &u8) -> usize { 0 }
///     fn value(&self, value: &u8) -> String { value.to_string() }
/// }
///
/// let mut log = EventLog::default();
/// log.branch(0, 0, &[0, 1]);
/// log.choose(0, &0, 2);
/// log.solution(1);
/// let mut out = Vec::new();
/// render(TraceFormat::Mermaid, &log, &Bits, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("graph TD"));
/// assert!(text.contains("n0 -->|\"bit 0 = 0\"| n1"));
/// ```
pub fn render<C, V>(
    format: TraceFormat,
    log: &EventLog<C>,
    vocabulary: &V,
    out: &mut dyn Write,
) -> io::Result<()>
where
    C: Clone + Serialize,
    V: Vocabulary<C> + ?Sized,
{
    match format {
        TraceFormat::Mermaid => mermaid::write(&SearchTree::from_log(log), vocabulary, out),
        TraceFormat::Dot => dot::write(&SearchTree::from_log(log), vocabulary, out),
        #[cfg(feature = "json")]
        TraceFormat::Json => json::write(log, vocabulary, out),
        TraceFormat::Table => table::write(log, vocabulary, out),
    }
}

/// The text of a node: its path's label, what it inferred, its fate.
fn node_lines<C: Clone, V: Vocabulary<C> + ?Sized>(
    tree: &SearchTree<C>,
    node: usize,
    vocabulary: &V,
) -> Vec<String> {
    let entry = &tree.nodes[node];
    let mut lines = vec![vocabulary.node(&tree.path(node))];
    match entry.inferred.len() {
        0 => {}
        1 => lines.push(format!("then {}", vocabulary.choice(&entry.inferred[0]))),
        count => lines.push(format!("then {count} forced")),
    }
    lines.push(match entry.fate {
        Fate::Solution => vocabulary.solution().to_string(),
        fate => fate.word().to_string(),
    });
    lines
}

/// The closing remark of a truncated trace.
fn truncation_note(left_out: u64) -> String {
    format!("trace stopped at its limit: {left_out} later events left out (raise --trace-limit to see them)")
}
