//! `gridsolve sudoku check`: whether each grid keeps the rules, naming
//! every conflict with both cells and the unit.

use super::{report_malformed, variant, write_jsonl};
use crate::args::{CheckArgs, ReportFormat};
use crate::batch::{self, Item, Reporter};
use crate::failure::VerbResult;
use crate::status::Status;
use gridsolve_sudoku::{conflicts, Conflict, Record, CELLS};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::AtomicBool;

pub fn run(args: &CheckArgs, cancel: &AtomicBool) -> VerbResult {
    if let Some(form) = variant::form(&args.variant, &args.input) {
        let jsonl = args.format == ReportFormat::Jsonl;
        return variant::check(&args.input, &args.variant, form, jsonl);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let process = |record: &Record| conflicts(&record.grid);
    Ok(batch::run(
        &args.input,
        cancel,
        &mut out,
        process,
        |out, reporter, item| emit(out, args.format, reporter, item),
    ))
}

/// The `jsonl` record of one checked grid.
#[derive(Serialize)]
pub(super) struct JsonRecord<'a> {
    pub line: usize,
    pub status: &'a str,
    pub empty_cells: usize,
    pub conflicts: Vec<JsonConflict>,
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

fn emit(
    out: &mut impl Write,
    format: ReportFormat,
    reporter: &Reporter,
    item: Item<Vec<Conflict>>,
) -> io::Result<Status> {
    let (record, found) = match item {
        Item::Malformed(error) => {
            return report_malformed(out, format == ReportFormat::Jsonl, reporter, &error);
        }
        Item::Done(record, found) => (record, found),
    };
    let empty = CELLS - record.grid.filled_count();
    let valid = found.is_empty();
    match format {
        ReportFormat::Text if valid && empty == 0 => {
            writeln!(out, "line {}: valid, complete", record.line)?
        }
        ReportFormat::Text if valid => {
            writeln!(out, "line {}: valid, {empty} empty cells", record.line)?
        }
        ReportFormat::Text => {
            let plural = if found.len() == 1 { "" } else { "s" };
            writeln!(
                out,
                "line {}: invalid, {} conflict{plural}",
                record.line,
                found.len()
            )?;
            for conflict in &found {
                writeln!(out, "  {conflict}")?;
            }
        }
        ReportFormat::Jsonl => {
            let json = JsonRecord {
                line: record.line,
                status: if valid { "valid" } else { "invalid" },
                empty_cells: empty,
                conflicts: found.iter().map(JsonConflict::from).collect(),
            };
            write_jsonl(out, reporter, &json)?;
        }
    }
    Ok(if valid { Status::Ok } else { Status::Failure })
}
