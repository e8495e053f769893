//! The dry-run table of textbooks: one row per event, with the depth, the
//! slot decided, the values legal there at that moment, and the action.
//!
//! The legal values of a choice are the options of the latest
//! [`Event::Branch`] at its depth (a search that reports no branches shows
//! how many alternatives were open instead).

use super::{truncation_note, Vocabulary};
use crate::{Event, EventLog};
use std::io::{self, Write};

pub(super) fn write<C, V: Vocabulary<C> + ?Sized>(
    log: &EventLog<C>,
    vocabulary: &V,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut rows = vec![[
        "step".to_string(),
        "depth".to_string(),
        vocabulary.slot_kind().to_string(),
        "legal".to_string(),
        "action".to_string(),
    ]];
    // Per depth, the latest branch: its slot and its options.
    let mut branches: Vec<Option<(usize, &[C])>> = Vec::new();
    for event in &log.events {
        let (depth, slot, legal, action) = match event {
            Event::Branch {
                depth,
                slot,
                options,
            } => {
                if branches.len() <= *depth {
                    branches.resize(depth + 1, None);
                }
                branches[*depth] = Some((*slot, options));
                continue;
            }
            Event::Choose {
                depth,
                choice,
                alternatives,
            } => match branches.get(*depth) {
                Some(Some((slot, options))) => {
                    // Options that decide the branch's own slot are named
                    // by their value; others (an exact-cover item's
                    // options) in full.
                    let name = |option: &C| {
                        if vocabulary.slot_of(option) == *slot {
                            vocabulary.value(option)
                        } else {
                            vocabulary.choice(option)
                        }
                    };
                    let legal = if options.is_empty() {
                        "none".to_string()
                    } else {
                        options.iter().map(name).collect::<Vec<_>>().join(", ")
                    };
                    let action = format!("place {}", name(choice));
                    (*depth, vocabulary.table_slot(*slot), legal, action)
                }
                _ => (
                    *depth,
                    vocabulary.table_slot(vocabulary.slot_of(choice)),
                    format!("{alternatives} open"),
                    format!("place {}", vocabulary.value(choice)),
                ),
            },
            Event::Propagate { depth, choice } => (
                *depth,
                vocabulary.table_slot(vocabulary.slot_of(choice)),
                "-".to_string(),
                format!("forced {}", vocabulary.value(choice)),
            ),
            Event::DeadEnd { depth } => match branches.get(*depth) {
                Some(Some((slot, []))) => (
                    *depth,
                    vocabulary.table_slot(*slot),
                    "none".to_string(),
                    "dead end, back up".to_string(),
                ),
                _ => (
                    *depth,
                    "-".to_string(),
                    "-".to_string(),
                    "contradiction, back up".to_string(),
                ),
            },
            Event::Undo { depth, choice } => {
                if let Some(deeper) = branches.get_mut(depth + 1..) {
                    deeper.fill(None);
                }
                (
                    *depth,
                    vocabulary.table_slot(vocabulary.slot_of(choice)),
                    String::new(),
                    format!("undo {}", vocabulary.value(choice)),
                )
            }
            Event::Solution { depth } => (
                *depth,
                "-".to_string(),
                "-".to_string(),
                format!("{}: {}", vocabulary.complete(), vocabulary.solution()),
            ),
        };
        rows.push([
            rows.len().to_string(),
            depth.to_string(),
            slot,
            legal,
            action,
        ]);
    }
    let mut widths = [0usize; 5];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for row in &rows {
        let mut line = String::new();
        for (column, (cell, width)) in row.iter().zip(widths).enumerate() {
            if column + 1 == row.len() {
                line.push_str(cell);
            } else if column < 2 {
                line.push_str(&format!("{cell:>width$}  "));
            } else {
                line.push_str(&format!("{cell:<width$}  "));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    if log.left_out > 0 {
        writeln!(out, "... {}", truncation_note(log.left_out))?;
    }
    Ok(())
}
