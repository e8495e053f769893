//! `gridsolve sudoku hint`, `explain` and `rate`: the steps of
//! `gridsolve-logic` for each record, checked first for conflicts and for
//! a solution (a grid that breaks a rule or has none gets that answer, not
//! a step or a rating). A classic 9×9 puzzle is worked by every technique;
//! any other grid of the general model (hint and explain only) by those
//! of the general model, and shown the same way.

use super::classic_variants::ClassicVariants;
use super::marks::{LogicRecord, LogicSource};
use super::variant::VariantSource;
use super::{report_malformed, write_jsonl};
use crate::args::{InputArgs, LogicArgs, NotationArgs, RateFormat, ReportFormat};
use crate::batch::{self, Item, Lined, Reporter};
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use gridsolve_logic::{
    difficulty_of, next_step_on, next_variant_step_within, solve_path_on, variant_path, Board,
    Detail, LogicError, NotClassic, Path, Rating, Scale, Step, Technique, VariantBoard,
    VariantPath, VariantStep, Worked,
};
use gridsolve_sudoku::variant::{render_grid, Symbols, Variant};
use gridsolve_sudoku::{Budget, Cell, StopReason, TextFormat};
use serde::Serialize;
use std::fmt::Display;
use std::io::{self, BufWriter, Write};

/// Which of the two verbs runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Hint,
    Explain,
    Rate,
}

/// What one record came to.
enum Outcome {
    /// A digit twice in a unit.
    Invalid(String),
    /// No completion at all.
    NoSolution,
    /// The run was interrupted before the record's solutions were counted.
    Stopped(String),
    /// The board, its solutions, the steps taken from it (one for a
    /// hint), and for a rating on HoDoKu's scale the path in its order.
    Worked(Box<(Worked, Path, Option<Path>)>),
    /// A puzzle of the general model: its board, its solutions, and the
    /// steps taken from it (one for a hint).
    General(Box<(Worked<VariantBoard, Vec<u8>>, VariantPath)>),
}

/// The form of the report: `text`, `jsonl`, or (for ratings) `csv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Text,
    Jsonl,
    Csv,
}

impl From<ReportFormat> for Form {
    fn from(format: ReportFormat) -> Form {
        match format {
            ReportFormat::Text => Form::Text,
            ReportFormat::Jsonl => Form::Jsonl,
        }
    }
}

impl From<RateFormat> for Form {
    fn from(format: RateFormat) -> Form {
        match format {
            RateFormat::Text => Form::Text,
            RateFormat::Jsonl => Form::Jsonl,
            RateFormat::Csv => Form::Csv,
        }
    }
}

/// How the records are worked and reported.
pub struct Report {
    pub verb: Verb,
    pub form: Form,
    /// Whether the pencil marks are printed too.
    pub candidates: bool,
    /// Whose order of techniques the steps follow.
    pub scale: Scale,
    /// How much each step tells.
    pub detail: Detail,
}

impl Report {
    /// Whether a worked record's one solution is written: in `jsonl`, and
    /// in text after an explanation the techniques leave open.
    fn writes_answer(&self, solved: bool, solutions: u64) -> bool {
        let open_explanation = self.verb == Verb::Explain && !solved;
        solutions == 1 && (self.form == Form::Jsonl || open_explanation)
    }

    /// The report `hint` or `explain` makes with `args`.
    pub fn of(verb: Verb, args: &LogicArgs) -> Report {
        Report {
            verb,
            form: args.format.into(),
            candidates: args.candidates,
            scale: args.scale.into(),
            detail: args.detail.into(),
        }
    }
}

pub fn run(
    input: &InputArgs,
    notation: &NotationArgs,
    report: Report,
    budget: &RunBudget,
) -> VerbResult {
    let (verb, form) = (report.verb, report.form);
    let cancel = budget.cancel();
    // Inputs in a variant notation (or of the form `--variant` names):
    // their puzzles are worked, each refusal before the first answer.
    let parts = super::variant_parts(input, notation);
    let sources = parts
        .iter()
        .map(|(form, _)| {
            form.map(|form| VariantSource::new(notation, input.in_format, form))
                .transpose()
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    if sources.iter().any(Option::is_none) {
        super::variant::refuse_symbols_on_classic(notation)?;
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if verb == Verb::Rate && form != Form::Jsonl {
        writeln!(out, "# {}", rater(report.scale)).map_err(Failure::output)?;
    }
    if form == Form::Csv {
        write_csv(&mut out, &CSV_COLUMNS).map_err(Failure::output)?;
    }
    let process = |record: &LogicRecord| work(record, verb, report.scale, budget);
    batch::over_parts(parts.into_iter().zip(sources), |((_, part), source)| {
        let source = LogicSource {
            forced: input.in_format.forced(),
            variants: source.map(|source| ClassicVariants {
                source,
                general: verb != Verb::Rate,
            }),
        };
        Ok(batch::run(
            &part,
            &source,
            cancel,
            &mut out,
            process,
            |out, reporter, item| emit(out, &report, reporter, item),
        ))
    })
}

/// The rater and its settings, so that a rating can be reproduced.
fn rater(scale: Scale) -> String {
    let level = match scale {
        Scale::Explainer => "",
        Scale::Hodoku => "; level and score from a second path, in HoDoKu's order with its techniques (--scale hodoku)",
    };
    format!("{RATER}{level}")
}

/// The rater's settings on Sudoku Explainer's scale.
const RATER: &str = concat!(
    "rater gridsolve-logic ",
    env!("CARGO_PKG_VERSION"),
    ": the easiest step each time, from full house (1.0) to nested forcing chains (levels 2 to 5: 9.5, 10.0, 10.5 and 11.0 and up, by length), Sudoku Explainer's ratings (with Sukaku Explainer's strong links, plain and grouped, WXYZ- to TUVWXYZ-Wings and BUG types 3 and 4); level: the hardest technique's on HoDoKu's scale (easy, medium, hard, unfair, extreme), raised while the score (the sum of HoDoKu's base scores of the steps) passes the level's limit (800, 1000, 1600, 1800); QQWing: the level of QQWing's techniques that finish the puzzle (simple, easy, intermediate, expert); ER >= x, level >= l: the techniques ran out, so x and l are lower bounds"
);

fn work(record: &LogicRecord, verb: Verb, scale: Scale, budget: &RunBudget) -> Outcome {
    // One budget a record: the timeout bounds each puzzle.
    let budget = budget.start();
    let worked = match record {
        LogicRecord::Grid(record) | LogicRecord::Symbolic { record, .. } => {
            Worked::from_grid(&record.grid, &budget)
        }
        LogicRecord::Marks { board, .. } => Worked::from_board(board.clone(), &budget),
        LogicRecord::General { puzzle, .. } => return work_general(puzzle, verb, scale, &budget),
        LogicRecord::Broken { message, .. } => return Outcome::Invalid(message.clone()),
    };
    let worked = match worked {
        Ok(worked) => worked,
        Err(error) => return refused(error),
    };
    let path = match verb {
        // The ratings come from Sudoku Explainer's path; on HoDoKu's
        // scale the level and score from a second path.
        Verb::Rate => {
            let path = solve_path_on(worked.board.clone(), Scale::Explainer, &budget);
            let hodoku = (scale == Scale::Hodoku)
                .then(|| solve_path_on(worked.board.clone(), scale, &budget));
            return Outcome::Worked(Box::new((worked, path, hodoku)));
        }
        Verb::Explain => solve_path_on(worked.board.clone(), scale, &budget),
        Verb::Hint => {
            let found = next_step_on(&worked.board, scale, &budget);
            hint_path(worked.board.clone(), found, Step::apply)
        }
    };
    Outcome::Worked(Box::new((worked, path, None)))
}

/// A hint as a path from `start`: the step `found` (none, or why the
/// budget stopped its search), made on the board by `apply`.
fn hint_path<B: Clone, S>(
    start: B,
    found: Result<Option<S>, StopReason>,
    apply: impl Fn(&S, &mut B),
) -> Path<B, S> {
    let (steps, stopped) = match found {
        Ok(step) => (step.into_iter().collect::<Vec<S>>(), None),
        Err(reason) => (Vec::new(), Some(reason)),
    };
    let mut end = start.clone();
    steps.iter().for_each(|step| apply(step, &mut end));
    Path {
        start,
        steps,
        end,
        stopped,
    }
}

/// The outcome of a puzzle the techniques cannot start on.
fn refused(error: LogicError) -> Outcome {
    match error {
        LogicError::NoSolution => Outcome::NoSolution,
        stopped @ LogicError::Stopped(_) => Outcome::Stopped(stopped.to_string()),
        error => Outcome::Invalid(error.to_string()),
    }
}

/// [`work`] for a puzzle of the general model (`rate` never reads one).
fn work_general(puzzle: &Variant, verb: Verb, scale: Scale, budget: &Budget) -> Outcome {
    let worked = match Worked::from_variant(puzzle, budget) {
        Ok(worked) => worked,
        Err(error) => return refused(error),
    };
    let start = worked.board.clone();
    let path = match verb {
        Verb::Rate => return Outcome::Invalid(NotClassic(puzzle.kind()).to_string()),
        Verb::Explain => variant_path(start, scale, budget),
        Verb::Hint => {
            let found = next_variant_step_within(&start, scale, budget);
            hint_path(start, found, VariantStep::apply)
        }
    };
    Outcome::General(Box::new((worked, path)))
}

/// One step of a `jsonl` record.
#[derive(Serialize)]
struct JsonStep {
    technique: &'static str,
    /// Sudoku Explainer's rating (none for a Killer technique).
    rating: Option<String>,
    /// The technique's score on HoDoKu's scale (none for a Killer
    /// technique).
    score: Option<u32>,
    cells: Vec<String>,
    units: Vec<String>,
    digits: Vec<u8>,
    placements: Vec<String>,
    eliminations: Vec<String>,
    explanation: String,
}

impl JsonStep {
    /// `step`, told in `detail`, its sentence and moves naming the values
    /// in `symbols`.
    fn classic(step: &Step, detail: Detail, symbols: &Symbols) -> Self {
        let digit_moves = |moves: &[(Cell, gridsolve_sudoku::Digit)]| -> Vec<(Cell, u8)> {
            moves
                .iter()
                .map(|&(cell, digit)| (cell, digit.get()))
                .collect()
        };
        JsonStep {
            technique: step.technique.name(),
            rating: Some(step.rating.to_string()),
            score: Some(step.hodoku_score()),
            cells: step.cells.iter().map(Cell::to_string).collect(),
            units: step.units.iter().map(|unit| unit.to_string()).collect(),
            digits: step.digits.iter().map(|digit| digit.get()).collect(),
            placements: move_names(&digit_moves(&step.placements), "=", symbols),
            eliminations: move_names(&digit_moves(&step.eliminations), "<>", symbols),
            explanation: step.told(detail).in_symbols(symbols),
        }
    }

    /// A step of the general model, as [`JsonStep::classic`].
    fn general(step: &VariantStep, detail: Detail, symbols: &Symbols) -> Self {
        JsonStep {
            technique: step.technique.name(),
            rating: step.technique.rating().map(|rating| rating.to_string()),
            score: step.technique.hodoku_score(),
            cells: step.cells.iter().map(ToString::to_string).collect(),
            units: step.units.clone(),
            digits: step.values.clone(),
            placements: move_names(&step.placements, "=", symbols),
            eliminations: move_names(&step.eliminations, "<>", symbols),
            explanation: step.told(detail).in_symbols(symbols),
        }
    }
}

/// `moves` written `r1c2=5` (with `sign` between), values in `symbols`.
fn move_names<C: Display>(moves: &[(C, u8)], sign: &str, symbols: &Symbols) -> Vec<String> {
    moves
        .iter()
        .map(|(cell, value)| format!("{cell}{sign}{}", symbols.symbol(*value)))
        .collect()
}

/// A worked record as `hint` and `explain` show it, classic or of the
/// general model alike.
struct Walk {
    /// Each step: its label in text (its rating, or level and score), its
    /// sentence told in the report's detail, and its `jsonl` form.
    steps: Vec<(Option<String>, String, JsonStep)>,
    /// Whether the techniques filled the grid.
    solved: bool,
    /// Open cells at the start, and at the end.
    open: (usize, usize),
    /// Why the budget stopped the path, if it did.
    stopped: Option<StopReason>,
    /// The hardest rated step's rating and technique.
    hardest: Option<(Rating, &'static str)>,
    /// The techniques no scale rates that the path took (the Killer ones,
    /// forcing chains on the general model), each once, in order.
    unrated: Vec<&'static str>,
    /// The puzzle's solutions: 1, or 2 for more than one.
    solutions: u64,
    /// The one solution, on one line in the puzzle's symbols, where the
    /// report writes it ([`Report::writes_answer`]).
    answer: Option<String>,
    /// The pencil marks at the start and at the end, when asked for.
    marks: Option<(String, String)>,
}

impl Walk {
    /// The walk of a classic path.
    fn classic(worked: &Worked, path: &Path, report: &Report, symbols: &Symbols) -> Walk {
        let steps = path
            .steps
            .iter()
            .map(|step| {
                let label = match report.scale {
                    Scale::Explainer => step.rating.to_string(),
                    Scale::Hodoku => format!("{} {}", step.technique.level(), step.hodoku_score()),
                };
                let told = step.told(report.detail).in_symbols(symbols);
                (
                    Some(label),
                    told,
                    JsonStep::classic(step, report.detail, symbols),
                )
            })
            .collect();
        let hardest = path.steps.iter().max_by_key(|step| step.rating);
        let marks = |board: &Board| {
            mark_grid(9, Some((3, 3)), |index| {
                let cell = Cell::at(index / 9, index % 9).expect("cells of a 9×9 grid");
                let text = |digits: &mut dyn Iterator<Item = u8>| {
                    digits
                        .map(|value| symbols.symbol(value))
                        .collect::<String>()
                };
                match board.value(cell) {
                    Some(digit) => format!("[{}]", symbols.symbol(digit.get())),
                    None => text(&mut board.candidates(cell).iter().map(|digit| digit.get())),
                }
            })
        };
        Walk {
            steps,
            solved: path.solved(),
            open: (path.start.empty_count(), path.end.empty_count()),
            stopped: path.stopped,
            hardest: hardest.map(|step| (step.rating, step.technique.name())),
            unrated: Vec::new(),
            solutions: worked.solutions,
            answer: report
                .writes_answer(path.solved(), worked.solutions)
                .then(|| render_grid(9, worked.solution.values(), symbols, true)),
            marks: report
                .candidates
                .then(|| (marks(&path.start), marks(&path.end))),
        }
    }

    /// The walk of a path on the general model.
    fn general(
        worked: &Worked<VariantBoard, Vec<u8>>,
        path: &VariantPath,
        report: &Report,
    ) -> Walk {
        let puzzle = worked.board.puzzle();
        let symbols = puzzle.symbols();
        let steps = path
            .steps
            .iter()
            .map(|step| {
                let label = step
                    .technique
                    .classic()
                    .map(|technique| match report.scale {
                        Scale::Explainer => technique.rating().to_string(),
                        Scale::Hodoku => {
                            format!("{} {}", technique.level(), technique.hodoku_score())
                        }
                    });
                let told = step.told(report.detail).in_symbols(symbols);
                (label, told, JsonStep::general(step, report.detail, symbols))
            })
            .collect();
        let hardest = path
            .steps
            .iter()
            .filter_map(|step| Some((step.technique.rating()?, step.technique.name())))
            .max_by_key(|&(rating, _)| rating);
        let mut unrated = Vec::new();
        for step in &path.steps {
            let name = step.technique.name();
            if step.technique.rating().is_none() && !unrated.contains(&name) {
                unrated.push(name);
            }
        }
        let shape = puzzle.shape();
        let boxes =
            (shape.has_boxes() && !puzzle.is_jigsaw()).then_some((shape.box_rows, shape.box_cols));
        let marks = |board: &VariantBoard| {
            mark_grid(puzzle.side(), boxes, |cell| match board.value(cell) {
                Some(value) => format!("[{}]", symbols.symbol(value)),
                None => board
                    .candidate_values(cell)
                    .into_iter()
                    .map(|value| symbols.symbol(value))
                    .collect(),
            })
        };
        Walk {
            steps,
            solved: path.solved(),
            open: (path.start.empty_count(), path.end.empty_count()),
            stopped: path.stopped,
            hardest,
            unrated,
            solutions: worked.solutions,
            answer: report
                .writes_answer(path.solved(), worked.solutions)
                .then(|| render_grid(puzzle.side(), &worked.solution, symbols, true)),
            marks: report
                .candidates
                .then(|| (marks(&path.start), marks(&path.end))),
        }
    }
}

/// The `jsonl` record of one worked grid.
#[derive(Serialize)]
struct JsonRecord {
    line: usize,
    status: &'static str,
    message: Option<String>,
    steps: Vec<JsonStep>,
    solved_by_logic: bool,
    hardest: Option<String>,
    solution: Option<String>,
}

fn emit(
    out: &mut impl Write,
    report: &Report,
    reporter: &Reporter,
    item: Item<LogicSource, Outcome>,
) -> io::Result<Status> {
    let (verb, form) = (report.verb, report.form);
    let jsonl = form == Form::Jsonl;
    let (record, outcome) = match item {
        Item::Malformed(error) => {
            if form == Form::Csv {
                let row = CsvRow::start(reporter, error.line.unwrap_or(0), "", "error");
                write_csv(out, &row.with_message(&error.to_string()))?;
            }
            return report_malformed(out, jsonl, reporter, &error);
        }
        Item::Done(record, outcome) => (record, outcome),
    };
    let line = record.line();
    let at = reporter.at(line);
    // Only a csv row shows the puzzle, in its own symbols.
    let puzzle = match &record {
        _ if form != Form::Csv => String::new(),
        LogicRecord::Grid(record) => TextFormat::Line.render(&record.grid),
        LogicRecord::Symbolic { record, symbols } => {
            render_grid(9, record.grid.values(), symbols, true)
        }
        LogicRecord::Marks { board, .. } => TextFormat::Line.render(board.grid()),
        LogicRecord::General { puzzle, .. } => {
            render_grid(puzzle.side(), puzzle.givens(), puzzle.symbols(), true)
        }
        LogicRecord::Broken { .. } => String::new(),
    };
    // A record with no steps to show: its status and message in jsonl or
    // csv, `text` on its line otherwise.
    let mut refuse = |status, message: String, text: String| -> io::Result<Status> {
        if form == Form::Csv {
            let row = CsvRow::start(reporter, line, &puzzle, status);
            write_csv(out, &row.with_message(&message))?;
        } else if jsonl {
            let record = JsonRecord {
                line,
                status,
                message: Some(message),
                steps: Vec::new(),
                solved_by_logic: false,
                hardest: None,
                solution: None,
            };
            write_jsonl(out, reporter, &record)?;
        } else {
            writeln!(out, "{at}: {text}")?;
        }
        Ok(Status::Failure)
    };
    let symbols = record.symbols();
    let walk = match outcome {
        Outcome::Worked(done) => {
            let (worked, path, hodoku) = *done;
            if verb == Verb::Rate {
                let rated = Rated {
                    line,
                    puzzle: &puzzle,
                    board: &worked.board,
                    solutions: worked.solutions,
                    path: &path,
                    hodoku: hodoku.as_ref(),
                };
                return emit_rating(out, form, reporter, &rated);
            }
            Walk::classic(&worked, &path, report, &symbols)
        }
        Outcome::General(done) => {
            let (worked, path) = *done;
            Walk::general(&worked, &path, report)
        }
        Outcome::Invalid(message) => {
            return refuse("invalid", message.clone(), format!("invalid: {message}"));
        }
        Outcome::NoSolution => {
            return refuse("no_solution", "no solution".into(), "no solution".into());
        }
        Outcome::Stopped(message) => {
            return refuse("stopped", message.clone(), message);
        }
    };
    let ending = ending(&walk, verb);
    if jsonl {
        let json = JsonRecord {
            line,
            status: if walk.solved { "solved" } else { "open" },
            message: Some(ending),
            solved_by_logic: walk.solved,
            hardest: walk.hardest.map(|(rating, _)| rating.to_string()),
            solution: walk.answer,
            steps: walk.steps.into_iter().map(|(_, _, json)| json).collect(),
        };
        write_jsonl(out, reporter, &json)?;
        return Ok(Status::Ok);
    }
    if let Some((before, _)) = &walk.marks {
        writeln!(out, "{at}: pencil marks")?;
        write!(out, "{before}")?;
    }
    for (number, (label, told, _)) in walk.steps.iter().enumerate() {
        let label = label
            .as_ref()
            .map_or(String::new(), |label| format!("[{label}] "));
        match verb {
            Verb::Hint => writeln!(out, "{at}: {label}{told}")?,
            _ => writeln!(out, "{:>3}. {label}{told}", number + 1)?,
        }
    }
    writeln!(out, "{at}: {ending}")?;
    if let Some(answer) = &walk.answer {
        writeln!(out, "{answer}")?;
    }
    // A hint told short of its outcome does not show it in the marks.
    let outcome_told = verb != Verb::Hint || report.detail == Detail::Full;
    if let (Some((_, after)), false, true) = (&walk.marks, walk.steps.is_empty(), outcome_told) {
        writeln!(out, "{at}: pencil marks after")?;
        write!(out, "{after}")?;
    }
    Ok(Status::Ok)
}

/// The last line of a record: how the path ended and, when the techniques
/// stopped short, how the rest was found.
fn ending(walk: &Walk, verb: Verb) -> String {
    let unique = if walk.solutions == 1 {
        ""
    } else {
        " (the puzzle has more than one solution, so no technique can finish it)"
    };
    let (steps, left) = (walk.steps.len(), walk.open.1);
    if walk.open.0 == 0 {
        return "the grid is already complete".into();
    }
    if walk.solved {
        let rated = if walk.unrated.is_empty() {
            ""
        } else {
            " rated"
        };
        let hardest = walk.hardest.map_or(String::new(), |(rating, name)| {
            format!(", hardest{rated} {rating} ({name})")
        });
        let unrated = match &walk.unrated[..] {
            [] => String::new(),
            [only] => format!(", with {only}, which no scale rates"),
            [init @ .., last] => {
                format!(
                    ", with {} and {last}, which no scale rates",
                    init.join(", ")
                )
            }
        };
        return format!("solved by logic in {steps} steps{hardest}{unrated}");
    }
    if let Some(reason) = walk.stopped {
        return format!(
            "stopped ({reason}) after {steps} steps with {left} cells empty; the rest was found by search{}",
            if walk.solutions == 1 && verb != Verb::Hint {
                ", the answer below"
            } else {
                ""
            }
        );
    }
    match verb {
        Verb::Hint if steps == 0 => format!(
            "no technique gridsolve knows applies here{unique}; `gridsolve sudoku solve` finds the answer by search"
        ),
        Verb::Hint => format!("{left} cells still empty"),
        _ => format!(
            "the techniques run out after {steps} steps with {left} cells empty{unique}; the rest was found by search{}",
            if walk.solutions == 1 { ", the answer below" } else { "" }
        ),
    }
}

/// The `jsonl` record of one rated grid.
#[derive(Serialize)]
struct JsonRating {
    line: usize,
    status: &'static str,
    er: Option<String>,
    ep: Option<String>,
    ed: Option<String>,
    lower_bound: bool,
    level: &'static str,
    score: u32,
    qqwing: &'static str,
    cells_left: usize,
    givens: usize,
    techniques: serde_json::Map<String, serde_json::Value>,
    rater: String,
}

/// One rating: a puzzle with more than one solution is refused (its
/// rating would depend on which solution the steps head for).
/// One puzzle worked for its rating.
struct Rated<'a> {
    line: usize,
    puzzle: &'a str,
    board: &'a Board,
    solutions: u64,
    path: &'a Path,
    /// The path in HoDoKu's order, for the level and score (`--scale
    /// hodoku`).
    hodoku: Option<&'a Path>,
}

fn emit_rating(
    out: &mut impl Write,
    form: Form,
    reporter: &Reporter,
    rated: &Rated,
) -> io::Result<Status> {
    let Rated {
        line,
        puzzle,
        board,
        solutions,
        path,
        hodoku,
    } = *rated;
    let jsonl = form == Form::Jsonl;
    if solutions > 1 {
        let message = LogicError::Multiple.to_string();
        if form == Form::Csv {
            let row = CsvRow::start(reporter, line, puzzle, "multiple");
            write_csv(out, &row.with_message(&message))?;
        } else if jsonl {
            let json = serde_json::json!({"line": line, "status": "multiple", "message": message});
            write_jsonl(out, reporter, &json)?;
        } else {
            writeln!(out, "{}: {message}", reporter.at(line))?;
        }
        return Ok(Status::Failure);
    }
    let mut difficulty = difficulty_of(path, 81 - board.empty_count());
    if let Some(hodoku) = hodoku {
        difficulty = difficulty.scored_on(hodoku);
    }
    let figure = |rating: Option<Rating>, exact: bool| {
        rating.map(|rating| format!("{}{rating}", if exact { "" } else { ">=" }))
    };
    let (er, ep, ed) = (
        figure(difficulty.er, difficulty.solved),
        figure(difficulty.ep, difficulty.placed),
        figure(difficulty.ed, true),
    );
    if jsonl {
        let json = JsonRating {
            line,
            status: if difficulty.solved {
                "rated"
            } else {
                "lower_bound"
            },
            er,
            ep,
            ed,
            lower_bound: !difficulty.solved,
            level: difficulty.level().name(),
            score: difficulty.score(),
            qqwing: difficulty.qqwing().name(),
            cells_left: difficulty.left,
            givens: difficulty.givens,
            techniques: difficulty
                .counts
                .iter()
                .map(|(technique, count)| (technique.label().to_string(), (*count).into()))
                .collect(),
            rater: rater(if hodoku.is_some() {
                Scale::Hodoku
            } else {
                Scale::Explainer
            }),
        };
        write_jsonl(out, reporter, &json)?;
        return Ok(Status::Ok);
    }
    if form == Form::Csv {
        let used = |techniques: &[Technique]| -> String {
            let steps: usize = difficulty
                .counts
                .iter()
                .filter(|(technique, _)| techniques.contains(technique))
                .map(|(_, count)| count)
                .sum();
            steps.to_string()
        };
        let status = if difficulty.solved {
            "rated"
        } else {
            "lower_bound"
        };
        let mut row = CsvRow::start(reporter, line, puzzle, status);
        row.0[4..].clone_from_slice(&[
            difficulty.givens.to_string(),
            used(&[Technique::FullHouse, Technique::NakedSingle]),
            used(&[Technique::HiddenSingleBox, Technique::HiddenSingleLine]),
            used(&[Technique::NakedPair]),
            used(&[Technique::HiddenPair, Technique::DirectHiddenPair]),
            used(&[Technique::Pointing, Technique::DirectPointing]),
            used(&[Technique::Claiming, Technique::DirectClaiming]),
            difficulty.qqwing().name().to_string(),
            er.unwrap_or_default(),
            ep.unwrap_or_default(),
            ed.unwrap_or_default(),
            difficulty.level().name().to_string(),
            difficulty.score().to_string(),
            difficulty.left.to_string(),
            path.steps.len().to_string(),
            String::new(),
        ]);
        write_csv(out, &row.0)?;
        return Ok(Status::Ok);
    }
    // No step at all: nothing known but that a harder technique is needed.
    let none = || "?".to_string();
    let counts: Vec<String> = difficulty
        .counts
        .iter()
        .map(|(technique, count)| format!("{} {count}", technique.label()))
        .collect();
    let left = if difficulty.solved {
        String::new()
    } else {
        format!(", the techniques leave {} cells", difficulty.left)
    };
    writeln!(
        out,
        "{}: ER {} EP {} ED {}, level {}{} (score {}{}), QQWing {}, {} givens, {} steps ({}){left}",
        reporter.at(line),
        er.unwrap_or_else(none),
        ep.unwrap_or_else(none),
        ed.unwrap_or_else(none),
        if difficulty.solved { "" } else { ">=" },
        difficulty.level(),
        if difficulty.solved { "" } else { ">=" },
        difficulty.score(),
        difficulty.qqwing(),
        difficulty.givens,
        path.steps.len(),
        counts.join(", ")
    )?;
    Ok(Status::Ok)
}

/// The columns of `rate --format csv`: the record, QQWing's columns
/// (their counts from this path's steps, a direct step counted with its
/// kind), then ours.
const CSV_COLUMNS: [&str; 20] = [
    "File",
    "Line",
    "Puzzle",
    "Status",
    "Givens",
    "Singles",
    "Hidden Singles",
    "Naked Pairs",
    "Hidden Pairs",
    "Pointing Pairs/Triples",
    "Box/Line Intersections",
    "Difficulty",
    "ER",
    "EP",
    "ED",
    "Level",
    "Score",
    "Cells Left",
    "Steps",
    "Message",
];

/// One row of `rate --format csv`, a field per column.
struct CsvRow([String; 20]);

impl CsvRow {
    /// A row with the record's file, line, puzzle (if read) and status,
    /// the rest empty: a bad record's row as it stands, the start of a
    /// rated one's.
    fn start(reporter: &Reporter, line: usize, puzzle: &str, status: &str) -> CsvRow {
        let mut row = CsvRow(Default::default());
        row.0[0] = reporter.file().unwrap_or_default().to_string();
        row.0[1] = line.to_string();
        row.0[2] = puzzle.to_string();
        row.0[3] = status.to_string();
        row
    }

    /// The fields, the last (the message) set to `message`.
    fn with_message(mut self, message: &str) -> [String; 20] {
        self.0[19] = message.to_string();
        self.0
    }
}

/// Writes one CSV record of `fields`, quoted where a field needs it.
fn write_csv<T: AsRef<[u8]>>(out: &mut impl Write, fields: &[T]) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(fields)?;
    writer.flush()
}

/// The pencil-mark grid of a grid of `side`: each placed cell its value
/// in brackets, each open cell its candidates (`cell` writes either),
/// padded to the widest a cell can be; boxes of `boxes` (rows, columns)
/// separated, when the grid has boxes (a jigsaw's regions are not drawn).
fn mark_grid(side: usize, boxes: Option<(usize, usize)>, cell: impl Fn(usize) -> String) -> String {
    let width = side.max(3);
    let (box_rows, box_cols) = boxes.unwrap_or((side, side));
    let mut grid = String::new();
    for row in 0..side {
        if row % box_rows == 0 && row > 0 {
            let rule = "-".repeat(box_cols * (width + 1) + 1);
            let rules = vec![rule; side / box_cols];
            grid.push_str(&rules.join("+"));
            grid.push('\n');
        }
        let cells: Vec<String> = (0..side)
            .map(|col| format!("{:<width$}", cell(row * side + col)))
            .collect();
        let bands: Vec<String> = cells
            .chunks(box_cols)
            .map(|chunk| format!(" {} ", chunk.join(" ")))
            .collect();
        grid.push_str(bands.join("|").trim_end());
        grid.push('\n');
    }
    grid
}
