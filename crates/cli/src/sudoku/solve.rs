//! `gridsolve sudoku solve`: the filled grid of each puzzle, in the
//! puzzle's own form unless `--format` says otherwise.

use super::puzzle::Puzzle;
use super::{
    report_malformed, stats_line, stop_description, variant, write_jsonl, BatchTrace, BatchVerb,
    PuzzleSource, SearchPlan, StatsFields,
};
use crate::args::{SolveArgs, SolveFormat};
use crate::batch::{self, Item, Lined, Part, Ran, Reporter};
use crate::failure::Failure;
use crate::status::Status;
use clap::ValueEnum;
use gridsolve_search::Exploration;
use gridsolve_sudoku::Verdict;
use serde::Serialize;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl BatchVerb for SolveArgs {
    type Run = (BatchTrace, Tally);

    fn open(&self, variants: bool) -> Result<Self::Run, Failure> {
        if variants {
            let format = self
                .format
                .filter(|&format| format != SolveFormat::Jsonl)
                .and_then(|format| format.to_possible_value());
            variant::refuse_format(format.as_ref().map(|value| value.get_name()))?;
        }
        Ok((
            BatchTrace::open(&self.trace, &self.input)?,
            Tally::default(),
        ))
    }

    fn run<S: PuzzleSource>(
        &self,
        source: &S,
        part: &Part,
        (trace, tally): &mut Self::Run,
        cancel: &Arc<AtomicBool>,
    ) -> Ran {
        let args = self;
        let max_solutions = if args.unique { 2 } else { 1 };
        let plan = SearchPlan::new(&args.search, &args.variant, max_solutions, cancel);
        let mut out = trace.answers();
        let (recorder, mut drawer) = trace.split();
        let process = |record: &S::Record| {
            let (exploration, log) = recorder.explore(&plan, record);
            let verified = args.verify.then(|| {
                exploration
                    .solution
                    .as_ref()
                    .map(|answer| record.verify(answer))
            });
            (exploration, verified.flatten(), log)
        };
        let mut writer = Writer { args, tally };
        batch::run(
            part,
            source,
            cancel,
            &mut out,
            process,
            |out, reporter, item| {
                if let Item::Done(record, (_, _, log)) = &item {
                    drawer.draw(reporter, record, log.as_ref())?;
                }
                writer.emit(
                    out,
                    reporter,
                    item.map(|(exploration, verified, _)| (exploration, verified)),
                )
            },
        )
    }

    fn close(&self, (_, tally): Self::Run) {
        if self.verify {
            eprintln!("{} solved, {} failed", tally.solved, tally.failed);
        }
    }
}

/// A puzzle's search, and with `--verify` the checker's word on its
/// answer.
type Verified<A> = (Exploration<A>, Option<Result<(), String>>);

/// What became of one puzzle.
enum Outcome {
    Solved,
    NoSolution,
    NotUnique,
    Stopped,
    Rejected(String),
}

/// What a run has written so far, over all its parts.
#[derive(Default)]
pub struct Tally {
    /// Grids written (multi-line forms separate them with a blank line).
    written: u64,
    solved: u64,
    failed: u64,
}

/// Writes answers, keeping the tally of the run.
struct Writer<'a> {
    args: &'a SolveArgs,
    tally: &'a mut Tally,
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
    fn emit<S: PuzzleSource>(
        &mut self,
        out: &mut impl Write,
        reporter: &Reporter,
        item: Item<S, Verified<<S::Record as Puzzle>::Answer>>,
    ) -> io::Result<Status> {
        let (record, exploration, verified) = match item {
            Item::Malformed(error) => {
                self.tally.failed += 1;
                let jsonl = self.args.format == Some(SolveFormat::Jsonl);
                return report_malformed(out, jsonl, reporter, &error);
            }
            Item::Done(record, (exploration, verified)) => (record, exploration, verified),
        };
        let outcome = self.outcome(&exploration, verified);
        let message = self.message(&record, &exploration, &outcome);
        if let Some(message) = &message {
            reporter.say(format_args!("line {}: {message}", record.line()));
        }
        let answer = match outcome {
            Outcome::Solved => exploration.solution.as_ref(),
            _ => None,
        };
        if matches!(outcome, Outcome::Solved) {
            self.tally.solved += 1;
        } else {
            self.tally.failed += 1;
        }
        match self.args.format {
            Some(SolveFormat::Jsonl) => write_jsonl(
                out,
                reporter,
                &JsonRecord {
                    line: record.line(),
                    status: status_name(&outcome),
                    solution: answer.map(|answer| record.render_line(answer)),
                    message,
                    stats: self.args.search.stats.then(|| exploration.stats.into()),
                },
            )?,
            format => {
                if self.args.search.stats {
                    reporter.say(format_args!(
                        "line {}: {}",
                        record.line(),
                        stats_line(&exploration.stats)
                    ));
                }
                if let Some(answer) = answer {
                    let text = record.render(answer, format.and_then(SolveFormat::text));
                    // Answers of several lines are set apart by a blank line.
                    if text.contains('\n') && self.tally.written > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "{text}")?;
                    self.tally.written += 1;
                }
            }
        }
        Ok(match outcome {
            Outcome::Solved => Status::Ok,
            _ => Status::Failure,
        })
    }

    fn outcome<A>(
        &self,
        exploration: &Exploration<A>,
        verified: Option<Result<(), String>>,
    ) -> Outcome {
        if let Some(Err(defect)) = verified {
            return Outcome::Rejected(defect);
        }
        match (&exploration.solution, exploration.verdict()) {
            (None, Verdict::None) => Outcome::NoSolution,
            (None, _) => Outcome::Stopped,
            (Some(_), Verdict::Multiple) if self.args.unique => Outcome::NotUnique,
            (Some(_), Verdict::Unknown) if self.args.unique => Outcome::Stopped,
            (Some(_), _) => Outcome::Solved,
        }
    }

    /// The stderr message for a puzzle that got no answer.
    fn message<P: Puzzle>(
        &self,
        record: &P,
        exploration: &Exploration<P::Answer>,
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
            Outcome::NoSolution => Some(record.no_solution()),
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
