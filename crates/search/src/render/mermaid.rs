//! The search tree as a Mermaid flowchart (`graph TD`).
//!
//! Node `n{i}` is node `i` of the [`SearchTree`]; each edge carries the
//! choice that made the child, and a class per fate colours dead ends and
//! solutions. Labels are quoted, with `"` written as Mermaid's `#quot;`.

use super::{node_lines, truncation_note, Fate, SearchTree, Vocabulary};
use std::io::{self, Write};

pub(super) fn write<C: Clone, V: Vocabulary<C> + ?Sized>(
    tree: &SearchTree<C>,
    vocabulary: &V,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out, "graph TD")?;
    for (index, node) in tree.nodes.iter().enumerate() {
        let label = node_lines(tree, index, vocabulary).join("<br/>");
        writeln!(out, "  n{index}[\"{}\"]", escape(&label))?;
        if let (Some(parent), Some(choice)) = (node.parent, &node.choice) {
            writeln!(
                out,
                "  n{parent} -->|\"{}\"| n{index}",
                escape(&vocabulary.choice(choice))
            )?;
        }
    }
    writeln!(out, "  classDef deadEnd fill:#fbe3e3,stroke:#b44")?;
    writeln!(out, "  classDef solution fill:#dff3df,stroke:#393")?;
    writeln!(out, "  classDef unfinished stroke-dasharray:4 3")?;
    for (class, fate) in [
        ("deadEnd", Fate::DeadEnd),
        ("solution", Fate::Solution),
        ("unfinished", Fate::Unfinished),
    ] {
        let members: Vec<String> = (0..tree.nodes.len())
            .filter(|&index| tree.nodes[index].fate == fate)
            .map(|index| format!("n{index}"))
            .collect();
        if !members.is_empty() {
            writeln!(out, "  class {} {class}", members.join(","))?;
        }
    }
    if tree.left_out > 0 {
        writeln!(out, "%% {}", truncation_note(tree.left_out))?;
    }
    Ok(())
}

/// A label safe inside Mermaid's double quotes.
fn escape(label: &str) -> String {
    label.replace('"', "#quot;")
}
