//! The events as JSON lines, and reading them back.
//!
//! One object per line, `"event"` naming the kind (`branch`, `choose`,
//! `propagate`, `dead_end`, `undo`, `solution`), with the fields of
//! [`Event`]; choices are the domain's own serialisation, and each carries a
//! readable `label` beside it. A truncated trace ends with
//! `{"event":"truncated","left_out":N}`. [`read_json_events`] turns the
//! lines back into an [`EventLog`], so a search can be replayed from its
//! trace: writing and reading back gives the log that was written.

use super::{truncation_note, Vocabulary};
use crate::{Event, EventLog};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

pub(super) fn write<C: Serialize, V: Vocabulary<C> + ?Sized>(
    log: &EventLog<C>,
    vocabulary: &V,
    out: &mut dyn Write,
) -> io::Result<()> {
    for event in &log.events {
        let object = match event {
            Event::Branch {
                depth,
                slot,
                options,
            } => json!({
                "event": "branch",
                "depth": depth,
                "slot": slot,
                "at": vocabulary.slot(*slot),
                "options": options,
            }),
            Event::Choose {
                depth,
                choice,
                alternatives,
            } => json!({
                "event": "choose",
                "depth": depth,
                "choice": choice,
                "label": vocabulary.choice(choice),
                "alternatives": alternatives,
            }),
            Event::Propagate { depth, choice } => json!({
                "event": "propagate",
                "depth": depth,
                "choice": choice,
                "label": vocabulary.choice(choice),
            }),
            Event::DeadEnd { depth } => json!({ "event": "dead_end", "depth": depth }),
            Event::Undo { depth, choice } => json!({
                "event": "undo",
                "depth": depth,
                "choice": choice,
                "label": vocabulary.choice(choice),
            }),
            Event::Solution { depth } => json!({ "event": "solution", "depth": depth }),
        };
        serde_json::to_writer(&mut *out, &object)?;
        out.write_all(b"\n")?;
    }
    if log.left_out > 0 {
        let note = json!({
            "event": "truncated",
            "left_out": log.left_out,
            "note": truncation_note(log.left_out),
        });
        serde_json::to_writer(&mut *out, &note)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// A JSON trace line that does not describe an event.
#[derive(Debug, thiserror::Error)]
#[error("trace line {line}: {message}")]
pub struct JsonTraceError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// Reads a JSON-lines trace back into the log it was written from.
///
/// ```
/// use gridsolve_search::{read_json_events, render, EventLog, TraceFormat, Tracer, Vocabulary};
///
/// struct Numbers;
/// impl Vocabulary<u32> for Numbers {
///     fn slot(&self, slot: usize) -> String { format!("x{slot}") }
///     fn slot_of(&self, _: &u32) -> usize { 0 }
///     fn value(&self, value: &u32) -> String { value.to_string() }
/// }
///
/// let mut log = EventLog::default();
/// log.branch(0, 0, &[7, 8]);
/// log.choose(0, &7, 2);
/// log.dead_end(1);
/// log.undo(0, &7);
/// let mut text = Vec::new();
/// render(TraceFormat::Json, &log, &Numbers, &mut text).unwrap();
/// let replayed = read_json_events::<u32>(&text[..]).unwrap();
/// assert_eq!(replayed.events, log.events);
/// ```
pub fn read_json_events<C: DeserializeOwned>(
    input: impl BufRead,
) -> Result<EventLog<C>, JsonTraceError> {
    let mut log = EventLog::default();
    for (index, line) in input.lines().enumerate() {
        let fail = |message: String| JsonTraceError {
            line: index + 1,
            message,
        };
        let line = line.map_err(|error| fail(format!("cannot read: {error}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(&line).map_err(|error| fail(format!("not JSON: {error}")))?;
        let field = |name: &str| {
            value
                .get(name)
                .cloned()
                .ok_or_else(|| fail(format!("missing field {name:?}")))
        };
        let number = |name: &str| -> Result<u64, JsonTraceError> {
            field(name)?
                .as_u64()
                .ok_or_else(|| fail(format!("field {name:?} is not a whole number")))
        };
        let depth = || number("depth").map(|depth| depth as usize);
        let decode = |name: &str| -> Result<C, JsonTraceError> {
            serde_json::from_value(field(name)?)
                .map_err(|error| fail(format!("field {name:?}: {error}")))
        };
        let kind = field("event")?;
        let event = match kind.as_str() {
            Some("branch") => Event::Branch {
                depth: depth()?,
                slot: number("slot")? as usize,
                options: serde_json::from_value(field("options")?)
                    .map_err(|error| fail(format!("field \"options\": {error}")))?,
            },
            Some("choose") => Event::Choose {
                depth: depth()?,
                choice: decode("choice")?,
                alternatives: u32::try_from(number("alternatives")?)
                    .map_err(|_| fail("alternatives out of range".to_string()))?,
            },
            Some("propagate") => Event::Propagate {
                depth: depth()?,
                choice: decode("choice")?,
            },
            Some("dead_end") => Event::DeadEnd { depth: depth()? },
            Some("undo") => Event::Undo {
                depth: depth()?,
                choice: decode("choice")?,
            },
            Some("solution") => Event::Solution { depth: depth()? },
            Some("truncated") => {
                log.left_out = number("left_out")?;
                continue;
            }
            _ => return Err(fail(format!("unknown event {kind}"))),
        };
        log.events.push(event);
    }
    Ok(log)
}
