//! The search tree as a Graphviz DOT digraph.
//!
//! Node `n{i}` is node `i` of the [`SearchTree`], boxed, filled by fate;
//! each edge carries the choice that made the child. Labels are DOT
//! strings with `\` and `"` escaped and `\n` between lines.

use super::{node_lines, truncation_note, Fate, SearchTree, Vocabulary};
use std::io::{self, Write};

pub(super) fn write<C: Clone, V: Vocabulary<C> + ?Sized>(
    tree: &SearchTree<C>,
    vocabulary: &V,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out, "digraph search {{")?;
    writeln!(
        out,
        "  node [shape=box, style=\"rounded,filled\", fillcolor=white];"
    )?;
    for (index, node) in tree.nodes.iter().enumerate() {
        let label = node_lines(tree, index, vocabulary)
            .iter()
            .map(|line| escape(line))
            .collect::<Vec<_>>()
            .join("\\n");
        let fill = match node.fate {
            Fate::DeadEnd => ", fillcolor=\"#fbe3e3\"",
            Fate::Solution => ", fillcolor=\"#dff3df\"",
            Fate::Unfinished => ", style=\"rounded,dashed\"",
            Fate::Search => "",
        };
        writeln!(out, "  n{index} [label=\"{label}\"{fill}];")?;
        if let (Some(parent), Some(choice)) = (node.parent, &node.choice) {
            writeln!(
                out,
                "  n{parent} -> n{index} [label=\"{}\"];",
                escape(&vocabulary.choice(choice))
            )?;
        }
    }
    writeln!(out, "}}")?;
    if tree.left_out > 0 {
        writeln!(out, "// {}", truncation_note(tree.left_out))?;
    }
    Ok(())
}

/// A label safe inside a DOT string.
fn escape(label: &str) -> String {
    label.replace('\\', "\\\\").replace('"', "\\\"")
}
