//! `gridsolve sudoku count`: how many solutions each puzzle has, up to
//! `--limit`; `unique` is the only answer that exits 0.

use super::puzzle::Puzzle;
use super::{
    report_malformed, stats_line, stop_description, write_jsonl, BatchTrace, BatchVerb,
    PuzzleSource, SearchPlan, StatsFields,
};
use crate::args::{CountArgs, ReportFormat};
use crate::batch::{self, Item, Lined, Part, Ran, Reporter};
use crate::failure::Failure;
use crate::status::Status;
use gridsolve_search::{Exploration, StopReason};
use gridsolve_sudoku::Verdict;
use serde::Serialize;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl BatchVerb for CountArgs {
    type Run = BatchTrace;

    fn open(&self, _variants: bool) -> Result<BatchTrace, Failure> {
        BatchTrace::open(&self.trace, &self.input)
    }

    fn run<S: PuzzleSource>(
        &self,
        source: &S,
        part: &Part,
        trace: &mut BatchTrace,
        cancel: &Arc<AtomicBool>,
    ) -> Ran {
        let args = self;
        let plan = SearchPlan::new(&args.search, &args.variant, args.limit, cancel);
        let mut out = trace.answers();
        let (recorder, mut drawer) = trace.split();
        let process = |record: &S::Record| recorder.explore(&plan, record);
        batch::run(
            part,
            source,
            cancel,
            &mut out,
            process,
            |out, reporter, item| {
                if let Item::Done(record, (_, log)) = &item {
                    drawer.draw(reporter, record, log.as_ref())?;
                }
                emit(
                    out,
                    args,
                    reporter,
                    item.map(|(exploration, _)| exploration),
                )
            },
        )
    }
}

/// The `jsonl` record of one counted puzzle.
#[derive(Serialize)]
struct JsonRecord<'a> {
    line: usize,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    /// Whether `solutions` is exact rather than a lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    stats: Option<StatsFields>,
}

fn emit<S: PuzzleSource>(
    out: &mut impl Write,
    args: &CountArgs,
    reporter: &Reporter,
    item: Item<S, Exploration<<S::Record as Puzzle>::Answer>>,
) -> io::Result<Status>
where
    S::Record: Puzzle,
{
    let (record, exploration) = match item {
        Item::Malformed(error) => {
            return report_malformed(out, args.format == ReportFormat::Jsonl, reporter, &error);
        }
        Item::Done(record, exploration) => (record, exploration),
    };
    let verdict = exploration.verdict();
    if verdict == Verdict::None && !record.check().1.is_empty() {
        // Why there is none, when the givens already tell.
        reporter.say(format_args!(
            "line {}: {}",
            record.line(),
            record.no_solution()
        ));
    }
    match args.format {
        ReportFormat::Text => {
            writeln!(
                out,
                "{}: {}",
                reporter.at(record.line()),
                describe(&exploration, args.limit)
            )?;
            if args.search.stats {
                reporter.say(format_args!(
                    "line {}: {}",
                    record.line(),
                    stats_line(&exploration.stats)
                ));
            }
        }
        ReportFormat::Jsonl => {
            let json = JsonRecord {
                line: record.line(),
                status: verdict.name(),
                solutions: Some(exploration.solutions()),
                exact: Some(exploration.is_complete()),
                message: exploration
                    .stopped
                    .map(|reason| stop_message(reason, args.limit, &exploration)),
                stats: args.search.stats.then(|| exploration.stats.into()),
            };
            write_jsonl(out, reporter, &json)?;
        }
    }
    Ok(if verdict == Verdict::Unique {
        Status::Ok
    } else {
        Status::Failure
    })
}

/// "unique: 1 solution", "multiple: at least 1000 solutions (stopped at
/// --limit 1000)", …
fn describe<S>(exploration: &Exploration<S>, limit: u64) -> String {
    let count = exploration.solutions();
    let noun = if count == 1 { "solution" } else { "solutions" };
    let name = exploration.verdict().name();
    match exploration.stopped {
        None if count == 0 => format!("{name}: no solution"),
        None => format!("{name}: {count} {noun}"),
        Some(reason) => format!(
            "{name}: at least {count} {noun} ({})",
            stop_message(reason, limit, exploration)
        ),
    }
}

fn stop_message<S>(reason: StopReason, limit: u64, exploration: &Exploration<S>) -> String {
    match reason {
        StopReason::SolutionLimit => format!("stopped at --limit {limit}"),
        other => stop_description(other, &exploration.stats),
    }
}
