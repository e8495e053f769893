//! `gridsolve sudoku hint`, `explain` and `rate`: the steps of
//! `gridsolve-logic` for each record, checked first for conflicts and for
//! a solution (a grid that breaks a rule or has none gets that answer, not
//! a step or a rating).

use super::classic_variants::ClassicVariants;
use super::marks::{LogicRecord, LogicSource};
use super::variant::VariantSource;
use super::{report_malformed, write_jsonl};
use crate::args::{InputArgs, LogicArgs, RateFormat, ReportFormat};
use crate::batch::{self, Item, Lined, Part, Reporter};
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use gridsolve_logic::{
    difficulty_of, next_step_on, solve_path_on, Board, Detail, LogicError, Path, Rating, Scale,
    Step, Technique, Worked,
};
use gridsolve_sudoku::variant::{render_grid, Symbols};
use gridsolve_sudoku::{Cell, TextFormat};
use serde::Serialize;
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

pub fn run(input: &InputArgs, report: Report, budget: &RunBudget) -> VerbResult {
    let (verb, form) = (report.verb, report.form);
    let cancel = budget.cancel();
    // Inputs in a variant notation: their classic 9×9 puzzles are worked.
    let parts = Part::split(input, super::variant::recognised_in);
    if parts.iter().any(|(form, _)| form.is_some()) && input.in_format.forced().is_some() {
        return Err(Failure::from(
            "--in-format names classic 9×9 record forms; the input is in a variant notation, \
             recognised from its text",
        ));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if verb == Verb::Rate && form != Form::Jsonl {
        writeln!(out, "# {}", rater(report.scale)).map_err(Failure::output)?;
    }
    if form == Form::Csv {
        write_csv(&mut out, &CSV_COLUMNS).map_err(Failure::output)?;
    }
    let process = |record: &LogicRecord| work(record, verb, report.scale, budget);
    batch::over_parts(&parts, |(form, part)| {
        let source = LogicSource {
            forced: input.in_format.forced(),
            variants: form.map(|form| ClassicVariants {
                source: VariantSource::of_form(form),
            }),
        };
        Ok(batch::run(
            part,
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
        LogicRecord::Broken { message, .. } => return Outcome::Invalid(message.clone()),
    };
    let worked = match worked {
        Ok(worked) => worked,
        Err(LogicError::NoSolution) => return Outcome::NoSolution,
        Err(stopped @ LogicError::Stopped(_)) => return Outcome::Stopped(stopped.to_string()),
        Err(error) => return Outcome::Invalid(error.to_string()),
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
            let mut end = worked.board.clone();
            let (steps, stopped) = match next_step_on(&worked.board, scale, &budget) {
                Ok(step) => (step.into_iter().collect::<Vec<Step>>(), None),
                Err(reason) => (Vec::new(), Some(reason)),
            };
            steps.iter().for_each(|step| step.apply(&mut end));
            Path {
                start: worked.board.clone(),
                steps,
                end,
                stopped,
            }
        }
    };
    Outcome::Worked(Box::new((worked, path, None)))
}

/// One step of a `jsonl` record.
#[derive(Serialize)]
struct JsonStep {
    technique: &'static str,
    rating: String,
    /// The technique's score on HoDoKu's scale.
    score: u32,
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
    fn new(step: &Step, detail: Detail, symbols: &Symbols) -> Self {
        let move_names = |moves: &[(Cell, gridsolve_sudoku::Digit)], sign: &str| {
            moves
                .iter()
                .map(|(cell, digit)| format!("{cell}{sign}{}", symbols.symbol(digit.get())))
                .collect()
        };
        JsonStep {
            technique: step.technique.name(),
            rating: step.rating.to_string(),
            score: step.hodoku_score(),
            cells: step.cells.iter().map(Cell::to_string).collect(),
            units: step.units.iter().map(|unit| unit.to_string()).collect(),
            digits: step.digits.iter().map(|digit| digit.get()).collect(),
            placements: move_names(&step.placements, "="),
            eliminations: move_names(&step.eliminations, "<>"),
            explanation: step.told(detail).in_symbols(symbols),
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
    let (board, solutions, solution, path, hodoku) = match outcome {
        Outcome::Worked(done) => {
            let (
                Worked {
                    board,
                    solutions,
                    solution,
                },
                path,
                hodoku,
            ) = *done;
            (board, solutions, solution, path, hodoku)
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
    if verb == Verb::Rate {
        let rated = Rated {
            line,
            puzzle: &puzzle,
            board: &board,
            solutions,
            path: &path,
            hodoku: hodoku.as_ref(),
        };
        return emit_rating(out, form, reporter, &rated);
    }
    let ending = ending(&board, &path, solutions, verb);
    let symbols = record.symbols();
    let answer = || render_grid(9, solution.values(), &symbols, true);
    if jsonl {
        let json = JsonRecord {
            line,
            status: if path.solved() { "solved" } else { "open" },
            message: Some(ending),
            steps: path
                .steps
                .iter()
                .map(|step| JsonStep::new(step, report.detail, &symbols))
                .collect(),
            solved_by_logic: path.solved(),
            hardest: path.hardest().map(|rating| rating.to_string()),
            solution: (solutions == 1).then(answer),
        };
        write_jsonl(out, reporter, &json)?;
        return Ok(Status::Ok);
    }
    if report.candidates {
        writeln!(out, "{at}: pencil marks")?;
        write_marks(out, &board, &symbols)?;
    }
    for (number, step) in path.steps.iter().enumerate() {
        let rating = match report.scale {
            Scale::Explainer => step.rating.to_string(),
            Scale::Hodoku => format!("{} {}", step.technique.level(), step.hodoku_score()),
        };
        let explanation = step.told(report.detail).in_symbols(&symbols);
        match verb {
            Verb::Hint => writeln!(out, "{at}: [{rating}] {explanation}")?,
            _ => writeln!(out, "{:>3}. [{rating}] {explanation}", number + 1)?,
        }
    }
    writeln!(out, "{at}: {ending}")?;
    if verb == Verb::Explain && !path.solved() && solutions == 1 {
        writeln!(out, "{}", answer())?;
    }
    // A hint told short of its outcome does not show it in the marks.
    let outcome_told = verb != Verb::Hint || report.detail == Detail::Full;
    if report.candidates && !path.steps.is_empty() && outcome_told {
        writeln!(out, "{at}: pencil marks after")?;
        write_marks(out, &path.end, &symbols)?;
    }
    Ok(Status::Ok)
}

/// The last line of a record: how the path ended and, when the techniques
/// stopped short, how the rest was found.
fn ending(board: &Board, path: &Path, solutions: u64, verb: Verb) -> String {
    let unique = if solutions == 1 {
        ""
    } else {
        " (the puzzle has more than one solution, so no technique can finish it)"
    };
    if board.empty_count() == 0 {
        return "the grid is already complete".into();
    }
    if path.solved() {
        return format!(
            "solved by logic in {} steps, hardest {} ({})",
            path.steps.len(),
            path.hardest().expect("a solved path has steps"),
            hardest_name(path)
        );
    }
    if let Some(reason) = path.stopped {
        return format!(
            "stopped ({reason}) after {} steps with {} cells empty; the rest was found by search{}",
            path.steps.len(),
            path.end.empty_count(),
            if solutions == 1 && verb != Verb::Hint {
                ", the answer below"
            } else {
                ""
            }
        );
    }
    match verb {
        Verb::Hint if path.steps.is_empty() => format!(
            "no technique gridsolve knows applies here{unique}; `gridsolve sudoku solve` finds the answer by search"
        ),
        Verb::Hint => format!("{} cells still empty", path.end.empty_count()),
        _ => format!(
            "the techniques run out after {} steps with {} cells empty{unique}; the rest was found by search{}",
            path.steps.len(),
            path.end.empty_count(),
            if solutions == 1 { ", the answer below" } else { "" }
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

fn hardest_name(path: &Path) -> &'static str {
    path.steps
        .iter()
        .max_by_key(|step| step.rating)
        .map_or("", |step| step.technique.name())
}

/// The pencil-mark grid: each filled cell its digit in brackets, each empty
/// cell its candidates, padded to nine characters, boxes separated.
fn write_marks(out: &mut impl Write, board: &Board, symbols: &Symbols) -> io::Result<()> {
    for row in 0..9 {
        if row % 3 == 0 && row > 0 {
            let rule = "-".repeat(31);
            writeln!(out, "{rule}+{rule}+{rule}")?;
        }
        let cells: Vec<String> = (0..9)
            .map(|col| {
                let cell = Cell::at(row, col).expect("rows and columns are below 9");
                let text: String = match board.value(cell) {
                    Some(digit) => format!("[{}]", symbols.symbol(digit.get())),
                    None => board
                        .candidates(cell)
                        .iter()
                        .map(|digit| symbols.symbol(digit.get()))
                        .collect(),
                };
                format!("{text:<9}")
            })
            .collect();
        let bands: Vec<String> = cells
            .chunks(3)
            .map(|chunk| format!(" {} ", chunk.join(" ")))
            .collect();
        writeln!(out, "{}", bands.join("|").trim_end())?;
    }
    Ok(())
}
