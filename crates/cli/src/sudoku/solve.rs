//! `gridsolve sudoku solve`: the filled grid of each puzzle, in the
//! puzzle's own form unless `--format` says otherwise.

use super::{
    report_malformed, stats_line, stop_description, variant, write_jsonl, BatchTrace, SearchPlan,
    StatsFields,
};
use crate::args::{SolveArgs, SolveFormat};
use crate::batch::{self, Item, Reporter};
use crate::failure::VerbResult;
use crate::status::Status;
use clap::ValueEnum;
use gridsolve_sudoku::{
    no_solution_message, verify_solution, Exploration, Record, SolutionDefect, TextFormat, Verdict,
};
use serde::Serialize;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &SolveArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let max_solutions = if args.unique { 2 } else { 1 };
    if let Some(searches) = variant::Searches::of(
        &args.input,
        &args.search,
        &args.variant,
        &args.trace,
        cancel,
    ) {
        let jsonl = args.format == Some(SolveFormat::Jsonl);
        if !jsonl {
            let format = args.format.and_then(|format| format.to_possible_value());
            variant::refuse_format(format.as_ref().map(|value| value.get_name()))?;
        }
        return searches
            .verified(args.verify)
            .in_jsonl(jsonl)
            .solve(max_solutions);
    }
    let plan = SearchPlan::new(&args.search, max_solutions, cancel);
    let mut trace = BatchTrace::open(&args.trace, &args.input)?;
    let mut out = trace.answers();
    let (recorder, mut drawer) = trace.split();
    let process = |record: &Record| {
        let (exploration, log) = recorder.explore(&plan.solver(), &record.grid);
        let verified = args.verify.then(|| {
            exploration
                .solution
                .map(|answer| verify_solution(&record.grid, &answer))
        });
        (exploration, verified.flatten(), log)
    };
    let mut writer = Writer {
        args,
        written: 0,
        solved: 0,
        failed: 0,
    };
    let status = batch::run(
        &args.input,
        cancel,
        &mut out,
        process,
        |out, reporter, item| {
            if let Item::Done(record, (_, _, log)) = &item {
                drawer.draw(reporter, record.line, log.as_ref())?;
            }
            writer.emit(
                out,
                reporter,
                item.map(|(exploration, verified, _)| (exploration, verified)),
            )
        },
    );
    if args.verify {
        eprintln!("{} solved, {} failed", writer.solved, writer.failed);
    }
    Ok(status)
}

/// What became of one puzzle.
enum Outcome {
    Solved,
    NoSolution,
    NotUnique,
    Stopped,
    Rejected(SolutionDefect),
}

/// Writes answers and keeps the tallies of a run.
struct Writer<'a> {
    args: &'a SolveArgs,
    /// Grids written so far (multi-line forms separate them with a blank line).
    written: u64,
    solved: u64,
    failed: u64,
}

/// The `jsonl` record of one solved (or failed) puzzle.
#[derive(Serialize)]
pub(super) struct JsonRecord<'a> {
    pub line: usize,
    pub status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsFields>,
}

impl Writer<'_> {
    fn emit(
        &mut self,
        out: &mut impl Write,
        reporter: &Reporter,
        item: Item<(Exploration, Option<Result<(), SolutionDefect>>)>,
    ) -> io::Result<Status> {
        let (record, exploration, verified) = match item {
            Item::Malformed(error) => {
                self.failed += 1;
                let jsonl = self.args.format == Some(SolveFormat::Jsonl);
                return report_malformed(out, jsonl, reporter, &error);
            }
            Item::Done(record, (exploration, verified)) => (record, exploration, verified),
        };
        let outcome = self.outcome(&exploration, verified);
        let message = self.message(&record, &exploration, &outcome);
        if let Some(message) = &message {
            reporter.say(format_args!("line {}: {message}", record.line));
        }
        let answer = match outcome {
            Outcome::Solved => exploration.solution,
            _ => None,
        };
        if matches!(outcome, Outcome::Solved) {
            self.solved += 1;
        } else {
            self.failed += 1;
        }
        match self
            .args
            .format
            .map_or(Some(TextFormat::from(record.format)), SolveFormat::text)
        {
            Some(format) => {
                if self.args.search.stats {
                    reporter.say(format_args!(
                        "line {}: {}",
                        record.line,
                        stats_line(&exploration.stats)
                    ));
                }
                if let Some(answer) = answer {
                    let multi_line = matches!(format, TextFormat::Grid | TextFormat::Pretty);
                    if multi_line && self.written > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "{}", format.render(&answer))?;
                    self.written += 1;
                }
            }
            None => write_jsonl(
                out,
                reporter,
                &JsonRecord {
                    line: record.line,
                    status: status_name(&outcome),
                    solution: answer.map(|answer| TextFormat::Line.render(&answer)),
                    message,
                    stats: self.args.search.stats.then(|| exploration.stats.into()),
                },
            )?,
        }
        Ok(match outcome {
            Outcome::Solved => Status::Ok,
            _ => Status::Failure,
        })
    }

    fn outcome(
        &self,
        exploration: &Exploration,
        verified: Option<Result<(), SolutionDefect>>,
    ) -> Outcome {
        if let Some(Err(defect)) = verified {
            return Outcome::Rejected(defect);
        }
        match (exploration.solution, exploration.verdict()) {
            (None, Verdict::None) => Outcome::NoSolution,
            (None, _) => Outcome::Stopped,
            (Some(_), Verdict::Multiple) if self.args.unique => Outcome::NotUnique,
            (Some(_), Verdict::Unknown) if self.args.unique => Outcome::Stopped,
            (Some(_), _) => Outcome::Solved,
        }
    }

    /// The stderr message for a puzzle that got no answer.
    fn message(
        &self,
        record: &Record,
        exploration: &Exploration,
        outcome: &Outcome,
    ) -> Option<String> {
        let stop = || {
            exploration
                .stopped
                .map(|reason| stop_description(reason, &exploration.stats))
                .unwrap_or_default()
        };
        match outcome {
            Outcome::Solved => None,
            Outcome::NoSolution => Some(no_solution_message(&record.grid)),
            Outcome::NotUnique => Some("not unique: at least 2 solutions".to_string()),
            Outcome::Stopped if exploration.solution.is_some() => {
                Some(format!("uniqueness unknown: 1 solution found, {}", stop()))
            }
            Outcome::Stopped => Some(format!("no solution found: {}", stop())),
            Outcome::Rejected(defect) => Some(format!("answer failed verification: {defect}")),
        }
    }
}

fn status_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::NoSolution => "no_solution",
        Outcome::NotUnique => "not_unique",
        Outcome::Stopped => "stopped",
        Outcome::Rejected(_) => "rejected",
    }
}
