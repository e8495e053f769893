//! `gridsolve sudoku …`: one module per verb. The modules only translate
//! arguments into library calls and results into output; the puzzle logic
//! is in `gridsolve-sudoku`.

mod bench;
mod check;
mod classic;
mod classic_variants;
mod count;
mod generate;
mod logic;
mod marks;
mod puzzle;
mod solve;
mod variant;

use crate::args::{
    InputArgs, NotationArgs, SearchArgs, SudokuCommand, TraceArgs, VariantArgs, VariantForm,
};
use crate::batch::{self, Fault, Part, Ran, Reporter, Source};
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_search::{EventLog, Exploration, Stats, StopReason};
use gridsolve_sudoku::variant::CageRules;
use gridsolve_sudoku::Solver;
use puzzle::Puzzle;
use serde::Serialize;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Runs one Sudoku verb.
pub fn run(command: &SudokuCommand, cancel: &Arc<AtomicBool>) -> Status {
    let result = match command {
        SudokuCommand::Solve(args) => over_records(&args.input, &args.variant, args, cancel),
        SudokuCommand::Check(args) => over_records(&args.input, &args.variant, args, cancel),
        SudokuCommand::Count(args) => over_records(&args.input, &args.variant, args, cancel),
        SudokuCommand::Bench(args) => bench::run(args, cancel),
        SudokuCommand::Generate(args) => generate::run(args, cancel),
        SudokuCommand::Hint(args) => logic::run(
            &args.input,
            &args.notation,
            logic::Report::of(logic::Verb::Hint, args),
            &RunBudget::timed(&args.time, cancel),
        ),
        SudokuCommand::Explain(args) => logic::run(
            &args.input,
            &args.notation,
            logic::Report::of(logic::Verb::Explain, args),
            &RunBudget::timed(&args.time, cancel),
        ),
        SudokuCommand::Rate(args) => logic::run(
            &args.input,
            &args.notation,
            logic::Report {
                verb: logic::Verb::Rate,
                form: args.format.into(),
                candidates: false,
                scale: args.scale.into(),
                detail: gridsolve_logic::Detail::Full,
            },
            &RunBudget::timed(&args.time, cancel),
        ),
    };
    result.unwrap_or_else(Failure::report)
}

/// A source of records every verb can answer.
trait PuzzleSource: Source<Record: Puzzle> {}

impl<S: Source<Record: Puzzle>> PuzzleSource for S {}

/// A verb (its arguments) that runs over a batch of any kind of record:
/// over each part of the inputs (see [`over_records`]) in turn, what it
/// keeps across them in its [`BatchVerb::Run`].
trait BatchVerb {
    /// What the verb keeps from one part of the inputs to the next: its
    /// trace, its tallies.
    type Run;

    /// Opens the run, before any input is read; `variants` says whether
    /// some part of the inputs holds variant puzzles (an option they do
    /// not take is refused here, before any record is answered).
    fn open(&self, variants: bool) -> Result<Self::Run, Failure>;

    /// Runs over the records `source` reads from the inputs of `part`.
    fn run<S: PuzzleSource>(
        &self,
        source: &S,
        part: &Part,
        run: &mut Self::Run,
        cancel: &Arc<AtomicBool>,
    ) -> Ran;

    /// Closes the run, after the last part (its summary, if it has one).
    fn close(&self, _run: Self::Run) {}
}

/// The inputs in parts of one kind each: variant puzzles of the form
/// `--variant` names (all of them), else each input's own (a notation only
/// variants use, see [`variant::recognised_in`]) or classic records.
fn variant_parts<'a>(
    input: &'a InputArgs,
    notation: &NotationArgs,
) -> Vec<(Option<VariantForm>, Part<'a>)> {
    match notation.variant {
        Some(form) => vec![(Some(form), Part::whole(input))],
        None => Part::split(input, variant::recognised_in),
    }
}

/// Runs `verb` over the inputs, each read as the kind of record it holds:
/// variant puzzles of the form `--variant` names, else each input's own
/// (a notation only variants use, see [`variant::recognised_in`]) or
/// classic records. Consecutive inputs of one kind are one part, read by
/// one source; the output keeps the inputs' order.
fn over_records(
    input: &InputArgs,
    variant: &VariantArgs,
    verb: &impl BatchVerb,
    cancel: &Arc<AtomicBool>,
) -> VerbResult {
    let parts = variant_parts(input, &variant.notation);
    // Every refusal before the first answer.
    let sources = parts
        .iter()
        .map(|(form, _)| {
            form.map(|form| variant::VariantSource::new(&variant.notation, input.in_format, form))
                .transpose()
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    if sources.iter().any(Option::is_none) {
        variant::refuse_on_classic(variant)?;
    }
    let mut run = verb.open(sources.iter().any(Option::is_some))?;
    let classic = classic::ClassicSource {
        forced: input.in_format.forced(),
    };
    let status = batch::over_parts(
        parts.iter().zip(&sources),
        |((_, part), source)| match source {
            Some(source) => Ok(verb.run(source, part, &mut run, cancel)),
            None => Ok(verb.run(&classic, part, &mut run, cancel)),
        },
    );
    verb.close(run);
    status
}

/// The search every record of a batch gets: the same strategy, wanted
/// count and cage rules, and the same budget, its timeout counted from the
/// start of each record.
pub struct SearchPlan {
    solver: Solver,
    budget: RunBudget,
}

impl SearchPlan {
    fn new(
        args: &SearchArgs,
        variant: &VariantArgs,
        max_solutions: u64,
        cancel: &Arc<AtomicBool>,
    ) -> Self {
        let rules = CageRules {
            combinations: !variant.no_combinations,
            rule_of_45: !variant.no_rule_of_45,
        };
        SearchPlan {
            solver: Solver::new(args.strategy)
                .with_max_solutions(max_solutions)
                .with_cage_rules(rules),
            budget: RunBudget::new(&args.budget, cancel),
        }
    }

    /// The solver of one record, its budget starting now.
    fn solver(&self) -> Solver {
        self.solver.clone().with_budget(self.budget.start())
    }
}

/// `--trace` over a batch: the first record's search is recorded (within
/// the budget) and drawn when that record is written; later records are
/// searched untraced, each named in a warning.
struct BatchTrace {
    sink: Option<TraceSink>,
    limit: Option<u64>,
    claimed: AtomicBool,
}

impl BatchTrace {
    /// The trace `args` ask for; one thread only, so "first" is the
    /// first record of the inputs.
    fn open(args: &TraceArgs, input: &InputArgs) -> Result<Self, Failure> {
        let sink = TraceSink::open(args)?;
        if sink.is_some() && input.threads.threads > 1 {
            return Err("--trace follows one search: drop --threads".into());
        }
        Ok(BatchTrace {
            limit: sink.as_ref().map(TraceSink::limit),
            sink,
            claimed: AtomicBool::new(false),
        })
    }

    /// Where answers go (stderr when the trace takes stdout).
    fn answers(&self) -> Box<dyn Write> {
        answer_stream(self.sink.as_ref())
    }

    /// The split of the trace: the recording half (shared by the workers)
    /// and the drawing half (used in order, as records are written).
    fn split(&mut self) -> (TraceRecorder<'_>, TraceDrawer<'_>) {
        (
            TraceRecorder {
                limit: self.limit,
                claimed: &self.claimed,
            },
            TraceDrawer {
                sink: self.sink.as_mut(),
            },
        )
    }
}

/// Records the search of the first record searched.
#[derive(Clone, Copy)]
struct TraceRecorder<'a> {
    limit: Option<u64>,
    claimed: &'a AtomicBool,
}

impl TraceRecorder<'_> {
    /// Searches `puzzle`, recording the search if it is the first.
    fn explore<P: Puzzle>(
        &self,
        plan: &SearchPlan,
        puzzle: &P,
    ) -> (Exploration<P::Answer>, Option<EventLog<P::Choice>>) {
        match self.limit {
            Some(limit) if !self.claimed.swap(true, Ordering::Relaxed) => {
                let mut log = EventLog::with_choice_limit(limit);
                let exploration = puzzle.explore(plan, Some(&mut log));
                (exploration, Some(log))
            }
            _ => (puzzle.explore(plan, None), None),
        }
    }
}

/// Draws the recorded trace when its record is written.
struct TraceDrawer<'a> {
    sink: Option<&'a mut TraceSink>,
}

impl TraceDrawer<'_> {
    /// Draws `log`, the search of `puzzle`, or warns that `puzzle` was not
    /// traced.
    fn draw<P: Puzzle>(
        &mut self,
        reporter: &Reporter,
        puzzle: &P,
        log: Option<&EventLog<P::Choice>>,
    ) -> io::Result<()> {
        match (&mut self.sink, log) {
            (Some(sink), Some(log)) => puzzle.draw(sink, log),
            (Some(_), None) => {
                reporter.say(format_args!(
                    "line {}: not traced (--trace draws the first puzzle's search)",
                    puzzle.line()
                ));
                Ok(())
            }
            (None, _) => Ok(()),
        }
    }
}

/// "stopped: timeout after 5120 nodes", … for messages about a search that
/// stopped early.
fn stop_description(reason: StopReason, stats: &Stats) -> String {
    match reason {
        StopReason::SolutionLimit => {
            format!("stopped at the limit of {} solutions", stats.solutions)
        }
        StopReason::NodeLimit => format!("stopped: node budget of {} spent", stats.nodes),
        StopReason::Deadline => format!("stopped: timeout after {} nodes", stats.nodes),
        StopReason::Cancelled => format!("stopped: interrupted after {} nodes", stats.nodes),
    }
}

/// The `--stats` fields of a `jsonl` record.
#[derive(Serialize)]
struct StatsFields {
    nodes: u64,
    guesses: u64,
    backtracks: u64,
}

impl From<Stats> for StatsFields {
    fn from(stats: Stats) -> Self {
        StatsFields {
            nodes: stats.nodes,
            guesses: stats.guesses,
            backtracks: stats.backtracks,
        }
    }
}

/// "nodes N, guesses G, backtracks B" for `--stats` on stderr.
fn stats_line(stats: &Stats) -> String {
    format!(
        "nodes {}, guesses {}, backtracks {}",
        stats.nodes, stats.guesses, stats.backtracks
    )
}

/// A `jsonl` record with the file it came from (none for stdin), so that
/// the records of several files can be told apart.
#[derive(Serialize)]
struct Located<'a, R> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(flatten)]
    record: &'a R,
}

/// Writes `record` of the input `reporter` speaks for as one line of JSON.
fn write_jsonl(
    out: &mut impl Write,
    reporter: &Reporter,
    record: &impl Serialize,
) -> io::Result<()> {
    let located = Located {
        file: reporter.file(),
        record,
    };
    serde_json::to_writer(&mut *out, &located)?;
    out.write_all(b"\n")
}

/// The `jsonl` record of a malformed input record.
#[derive(Serialize)]
struct ErrorRecord<'a> {
    /// None for an input that could not be opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    status: &'a str,
    message: String,
}

/// Reports a malformed record on stderr and, when the output is `jsonl`,
/// as a record of its own, so no record goes missing from the output.
fn report_malformed(
    out: &mut impl Write,
    jsonl: bool,
    reporter: &Reporter,
    error: &Fault,
) -> io::Result<Status> {
    reporter.say(error);
    if jsonl {
        let record = ErrorRecord {
            line: error.line,
            status: "error",
            message: error.to_string(),
        };
        write_jsonl(out, reporter, &record)?;
    }
    Ok(Status::InputError)
}
