//! `gridsolve sudoku check`: whether each grid keeps the rules, naming
//! every conflict with its cells and the unit (or cage).

use super::puzzle::Puzzle;
use super::{report_malformed, write_jsonl, BatchVerb, PuzzleSource};
use crate::args::{CheckArgs, ReportFormat};
use crate::batch::{self, Item, Lined, Part, Ran, Reporter, Source};
use crate::failure::Failure;
use crate::status::Status;
use gridsolve_sudoku::variant::BrokenRule;
use gridsolve_sudoku::Conflict;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl BatchVerb for CheckArgs {
    type Run = ();

    fn open(&self, _variants: bool) -> Result<(), Failure> {
        Ok(())
    }

    fn run<S: PuzzleSource>(
        &self,
        source: &S,
        part: &Part,
        _run: &mut (),
        cancel: &Arc<AtomicBool>,
    ) -> Ran {
        let args = self;
        let mut out = BufWriter::new(io::stdout().lock());
        let process = |record: &S::Record| record.check();
        batch::run(
            part,
            source,
            cancel,
            &mut out,
            process,
            |out, reporter, item| emit(out, args.format, reporter, item),
        )
    }
}

/// The `jsonl` record of one checked grid.
#[derive(Serialize)]
struct JsonRecord<'a> {
    line: usize,
    status: &'a str,
    /// Unknown for a variant whose givens break a rule (the model does
    /// not hold such a puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    empty_cells: Option<usize>,
    conflicts: Vec<JsonConflict>,
}

/// One conflict of a `jsonl` record: the value, the unit (or cage) it
/// repeats in, and the cells.
#[derive(Serialize)]
pub(super) struct JsonConflict {
    pub digit: u8,
    pub unit: String,
    pub cells: Vec<String>,
    pub message: String,
}

impl From<&BrokenRule> for JsonConflict {
    fn from(broken: &BrokenRule) -> Self {
        JsonConflict {
            digit: broken.value,
            unit: broken.rule.clone(),
            cells: vec![broken.cell.to_string()],
            message: broken.to_string(),
        }
    }
}

impl From<&Conflict> for JsonConflict {
    fn from(conflict: &Conflict) -> Self {
        JsonConflict {
            digit: conflict.digit.get(),
            unit: conflict.unit.to_string(),
            cells: vec![conflict.first.to_string(), conflict.second.to_string()],
            message: conflict.to_string(),
        }
    }
}

fn emit<S: Source>(
    out: &mut impl Write,
    format: ReportFormat,
    reporter: &Reporter,
    item: Item<S, (Option<usize>, Vec<JsonConflict>)>,
) -> io::Result<Status> {
    let (record, (empty, found)) = match item {
        Item::Malformed(error) => {
            return report_malformed(out, format == ReportFormat::Jsonl, reporter, &error);
        }
        Item::Done(record, checked) => (record, checked),
    };
    let line = record.line();
    let at = reporter.at(line);
    let valid = found.is_empty();
    match format {
        ReportFormat::Text if valid && empty == Some(0) => writeln!(out, "{at}: valid, complete")?,
        ReportFormat::Text if valid => writeln!(
            out,
            "{at}: valid, {} empty cells",
            empty.unwrap_or_default()
        )?,
        ReportFormat::Text => {
            let plural = if found.len() == 1 { "" } else { "s" };
            writeln!(out, "{at}: invalid, {} conflict{plural}", found.len())?;
            for conflict in &found {
                writeln!(out, "  {}", conflict.message)?;
            }
        }
        ReportFormat::Jsonl => {
            let json = JsonRecord {
                line,
                status: if valid { "valid" } else { "invalid" },
                empty_cells: empty,
                conflicts: found,
            };
            write_jsonl(out, reporter, &json)?;
        }
    }
    Ok(if valid { Status::Ok } else { Status::Failure })
}
