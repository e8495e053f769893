//! `sudoku solve|count` on puzzles of the general model (`--variant FORM`,
//! or a file that starts with `{`): each input file is one puzzle, solved
//! with the variant search of `gridsolve_sudoku::variant` and written back
//! in its own form.

use super::count::describe;
use crate::args::{InputArgs, SearchArgs, TraceArgs, VariantArgs, VariantForm};
use crate::failure::{Failure, VerbResult};
use crate::input::read_whole;
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_search::{EventLog, Limits, Stats};
use gridsolve_sudoku::variant::{
    explore, explore_traced, parse_grid, parse_json, parse_killer, render, render_grid,
    verify_answer, CageRules, Notation, Symbols, TextError, Variant, VariantError,
    VariantExploration, VariantPlacement, VariantVocabulary,
};
use gridsolve_sudoku::Strategy;
use rayon::prelude::*;
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One variant puzzle read from an input.
struct Input {
    name: String,
    puzzle: Puzzle,
}

/// What an input holds: a puzzle, and the notation its answer is written
/// in; givens that break a rule, which (as a classic record whose clues
/// conflict) has no solution; or no puzzle (unreadable or malformed),
/// which the other inputs do not wait on.
enum Puzzle {
    Valid(Variant, Notation),
    Conflicting(VariantError),
    Malformed(String),
}

/// The form to read `args`' inputs in: `--variant`, else what the first
/// input shows (see [`detect`]), else `None`: classic records. Stdin is
/// looked at without being consumed: what its buffer holds at first, which
/// counts as the whole input when it ends a line and fills less than the
/// buffer.
pub fn form(args: &VariantArgs, input: &InputArgs) -> Option<VariantForm> {
    args.variant.or_else(|| {
        let path = crate::input::paths(input)[0];
        if path.as_os_str() == "-" {
            let mut stdin = io::stdin().lock();
            let start = stdin.fill_buf().ok()?;
            let whole = start.len() < PEEK_BYTES && start.ends_with(b"\n");
            return detect(&String::from_utf8_lossy(start), whole);
        }
        // Peek at the start only: classic batch files may be large.
        let mut start = vec![0u8; PEEK_BYTES];
        let read = std::fs::File::open(path)
            .and_then(|mut file| file.read(&mut start))
            .ok()?;
        detect(&String::from_utf8_lossy(&start[..read]), read < PEEK_BYTES)
    })
}

/// How much of the first input [`form`] looks at; a 25×25 grid drawn with
/// spaces and separators takes under 2 KiB.
const PEEK_BYTES: usize = 8192;

/// The variant form `text` (the start of a file, `whole` if it is all of
/// it) is in, if any: a notation only variants use (a JSON object,
/// SumoCue, janko.at, a Killer, a cage list, a jigsaw's region labels, an
/// array of another side than 9), or a whole file that is nothing but one
/// grid of symbols of a side other than 9, so that a classic batch whose
/// first record happens to hold a square number of cells is never taken
/// for one.
fn detect(text: &str, whole: bool) -> Option<VariantForm> {
    let grid_of_another_side = |one_line: bool| {
        let lines: Vec<Vec<char>> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| {
                line.chars()
                    .filter(|&ch| !ch.is_whitespace() && !matches!(ch, '|' | '-' | '+'))
                    .collect::<Vec<char>>()
            })
            .filter(|cells| !cells.is_empty())
            .collect();
        let symbolic = lines
            .iter()
            .flatten()
            .all(|&ch| ch.is_ascii_alphanumeric() || ch == '.');
        let side = match lines.as_slice() {
            [row] if one_line => (4..=25).find(|&side| side * side == row.len()),
            [first, ..] if lines.iter().all(|row| row.len() == first.len()) => {
                Some(first.len()).filter(|&side| lines.len() == side)
            }
            _ => None,
        };
        whole && symbolic && side.is_some_and(|side| (4..=25).contains(&side) && side != 9)
    };
    match gridsolve_sudoku::variant::detect(text)? {
        Notation::Grid { one_line } => grid_of_another_side(one_line).then_some(VariantForm::Auto),
        // A 9×9 array is a classic record (of a batch, perhaps).
        Notation::Array { .. } => {
            let rows: Vec<Vec<serde_json::Value>> =
                serde_json::from_str(gridsolve_sudoku::without_board_prefix(text)).ok()?;
            (rows.len() != 9).then_some(VariantForm::Auto)
        }
        _ => Some(VariantForm::Auto),
    }
}

/// `sudoku solve|count` on variant inputs: the arguments the search
/// takes, with the form the inputs are read in.
pub struct Searches<'a> {
    input: &'a InputArgs,
    search: &'a SearchArgs,
    variant: &'a VariantArgs,
    trace: &'a TraceArgs,
    cancel: &'a Arc<AtomicBool>,
    form: VariantForm,
    verify: bool,
    jsonl: bool,
}

/// What became of one variant input.
struct Searched<'a> {
    input: &'a Input,
    /// The search, for a puzzle that could be searched.
    found: Option<VariantExploration>,
}

impl<'a> Searches<'a> {
    /// The searches, when [`form`] finds the inputs to be variants.
    pub fn of(
        input: &'a InputArgs,
        search: &'a SearchArgs,
        variant: &'a VariantArgs,
        trace: &'a TraceArgs,
        cancel: &'a Arc<AtomicBool>,
    ) -> Option<Self> {
        let form = form(variant, input)?;
        Some(Searches {
            input,
            search,
            variant,
            trace,
            cancel,
            form,
            verify: false,
            jsonl: false,
        })
    }

    /// The same searches, each answer checked by the independent checker
    /// (`--verify`), with the summary `N solved, M failed` at the end.
    pub fn verified(self, verify: bool) -> Self {
        Searches { verify, ..self }
    }

    /// The same searches, each reported as one JSON object a line (the
    /// classic `jsonl` records, `line` 1 of each file).
    pub fn in_jsonl(self, jsonl: bool) -> Self {
        Searches { jsonl, ..self }
    }

    /// `sudoku solve`: each answer in its puzzle's notation (or, as
    /// `jsonl`, on one line of symbols); with `max_solutions` 2, a second
    /// solution is a failure.
    pub fn solve(&self, max_solutions: u64) -> VerbResult {
        let mut written = 0;
        self.each(max_solutions, |out, searched| {
            let (puzzle, found) = (searched.input, searched.found.as_ref());
            let name = &puzzle.name;
            let (status, answer, message) = match (found, &puzzle.puzzle) {
                (None, _) => ("error", None, Some(searched.failure())),
                (Some(found), Puzzle::Valid(variant, notation)) => match &found.solution {
                    Some(answer) if found.stats.solutions < 2 || max_solutions < 2 => {
                        match self.verify.then(|| verify_answer(variant, answer)) {
                            Some(Err(defect)) => (
                                "rejected",
                                None,
                                Some(format!("answer failed verification: {defect}")),
                            ),
                            _ => ("solved", Some((variant, *notation, answer)), None),
                        }
                    }
                    Some(_) => (
                        "not_unique",
                        None,
                        Some("not unique: at least 2 solutions".to_string()),
                    ),
                    None => match found.stopped {
                        Some(reason) => (
                            "stopped",
                            None,
                            Some(format!(
                                "no solution found: {}",
                                super::stop_description(reason, &found.stats)
                            )),
                        ),
                        None => ("no_solution", None, Some("no solution".to_string())),
                    },
                },
                (Some(_), _) => ("no_solution", None, Some(searched.failure())),
            };
            if let Some(message) = &message {
                eprintln!("{name}: {message}");
            }
            if self.jsonl {
                let record = super::solve::JsonRecord {
                    line: 1,
                    status,
                    solution: answer.map(|(variant, _, answer)| {
                        render_grid(variant.side(), answer, variant.symbols(), true)
                    }),
                    message,
                    stats: self.stats_fields(found),
                };
                write_located(out, puzzle, &record)?;
            } else if let Some((variant, notation, answer)) = answer {
                let text = render(variant, notation, answer);
                // Answers of several lines are set apart by a blank
                // line, as classic grids are.
                if written > 0 && text.contains('\n') {
                    writeln!(out)?;
                }
                writeln!(out, "{text}")?;
                written += 1;
            }
            Ok(if status == "solved" {
                Status::Ok
            } else if found.is_none() {
                Status::InputError
            } else {
                Status::Failure
            })
        })
    }

    /// `sudoku count`: each puzzle's count up to `limit`, in the classic
    /// wording (or `jsonl` records); anything but a unique solution is a
    /// failure.
    pub fn count(&self, limit: u64) -> VerbResult {
        self.each(limit, |out, searched| {
            let puzzle = searched.input;
            let Some(found) = &searched.found else {
                let message = searched.failure();
                eprintln!("{}: {message}", puzzle.name);
                if self.jsonl {
                    let record = super::count::JsonRecord {
                        line: 1,
                        status: "error",
                        solutions: None,
                        exact: None,
                        message: Some(message),
                        stats: None,
                    };
                    write_located(out, puzzle, &record)?;
                }
                return Ok(Status::InputError);
            };
            if let Puzzle::Conflicting(_) = puzzle.puzzle {
                eprintln!("{}: {}", puzzle.name, searched.failure());
            }
            if self.jsonl {
                let record = super::count::JsonRecord {
                    line: 1,
                    status: found.verdict().name(),
                    solutions: Some(found.solutions()),
                    exact: Some(found.is_complete()),
                    message: found
                        .stopped
                        .map(|reason| super::count::stop_message(reason, limit, found)),
                    stats: self.stats_fields(Some(found)),
                };
                write_located(out, puzzle, &record)?;
            } else {
                writeln!(out, "{}: {}", puzzle.name, describe(found, limit))?;
            }
            Ok(if found.verdict() == gridsolve_sudoku::Verdict::Unique {
                Status::Ok
            } else {
                Status::Failure
            })
        })
    }

    /// The `--stats` fields of a `jsonl` record.
    fn stats_fields(&self, found: Option<&VariantExploration>) -> Option<super::StatsFields> {
        found
            .filter(|_| self.search.stats)
            .map(|found| found.stats.into())
    }

    /// Reads every input and searches each for up to `max_solutions`
    /// (with `--threads`, several at once), then, in input order, lets
    /// `report` write the outcome and say its status, and prints the
    /// search's figures with `--stats`; with `--verify`, ends with the
    /// summary `N solved, M failed`. With `--trace`, the first input's
    /// search is drawn after its outcome (answers then go to stderr if the
    /// trace takes stdout); the others are named as not traced.
    fn each(
        &self,
        max_solutions: u64,
        mut report: impl FnMut(&mut dyn Write, &Searched) -> io::Result<Status>,
    ) -> VerbResult {
        let strategy = self.search.strategy;
        let mut sink = TraceSink::open(self.trace)?;
        let mut answers = answer_stream(sink.as_ref());
        let inputs = read(self.input, self.variant, self.form)?;
        let search =
            |puzzle: &Input, log: Option<&mut EventLog<VariantPlacement>>| match &puzzle.puzzle {
                Puzzle::Valid(variant, _) => Some(self.run(variant, strategy, max_solutions, log)),
                // Givens that break a rule: no solution, as for a classic record.
                Puzzle::Conflicting(_) => Some(VariantExploration {
                    solution: None,
                    stats: Stats::default(),
                    stopped: None,
                }),
                Puzzle::Malformed(_) => None,
            };
        let mut log = sink.as_ref().map(TraceSink::log);
        let first = inputs.first().map(|puzzle| search(puzzle, log.as_mut()));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(self.input.threads))
            .build()
            .map_err(|error| format!("cannot start {} threads: {error}", self.input.threads))?;
        let rest: Vec<Option<VariantExploration>> = pool.install(|| {
            inputs
                .par_iter()
                .skip(1)
                .map(|puzzle| search(puzzle, None))
                .collect()
        });
        let mut status = Status::Ok;
        let (mut solved, mut failed) = (0, 0);
        for (index, (input, found)) in inputs.iter().zip(first.into_iter().chain(rest)).enumerate()
        {
            let searched = Searched { input, found };
            let reported = report(&mut answers, &searched).map_err(Failure::output)?;
            if reported == Status::Ok {
                solved += 1;
            } else {
                failed += 1;
            }
            status = status.worst(reported);
            answers.flush().map_err(Failure::output)?;
            if let (true, Some(found)) = (self.search.stats && !self.jsonl, &searched.found) {
                eprintln!("{}: {}", input.name, super::stats_line(&found.stats));
            }
            match (&mut sink, &input.puzzle) {
                (Some(sink), Puzzle::Valid(variant, _)) if index == 0 => {
                    let vocabulary = VariantVocabulary::new(variant);
                    let log = log.take().expect("the first input is traced");
                    sink.draw(&log, &vocabulary).map_err(Failure::output)?;
                }
                (Some(_), _) => eprintln!(
                    "{}: not traced (--trace draws the first puzzle's search)",
                    input.name
                ),
                (None, _) => {}
            }
        }
        if self.verify {
            eprintln!("{solved} solved, {failed} failed");
        }
        Ok(status)
    }

    /// Searches `puzzle`, recording it in `log` if one is given.
    fn run(
        &self,
        puzzle: &Variant,
        strategy: Strategy,
        max_solutions: u64,
        log: Option<&mut EventLog<VariantPlacement>>,
    ) -> VariantExploration {
        let mut limits = Limits::solutions(max_solutions).with_cancel(Arc::clone(self.cancel));
        if let Some(max_nodes) = self.search.max_nodes {
            limits = limits.with_max_nodes(max_nodes);
        }
        if let Some(timeout) = self.search.timeout {
            limits = limits.with_timeout(timeout);
        }
        let rules = CageRules {
            combinations: !self.variant.no_combinations,
            rule_of_45: !self.variant.no_rule_of_45,
        };
        match log {
            Some(log) => explore_traced(puzzle, strategy, rules, &limits, log),
            None => explore(puzzle, strategy, rules, &limits),
        }
    }
}

impl Searched<'_> {
    /// Why the input got no answer: its read error, or the rule its
    /// givens break.
    fn failure(&self) -> String {
        match &self.input.puzzle {
            Puzzle::Malformed(message) => message.clone(),
            Puzzle::Conflicting(error) => format!("the givens break the rules: {error}"),
            Puzzle::Valid(..) => "no solution".to_string(),
        }
    }
}

/// Writes `record` of `input` as one line of JSON, with the input's file
/// (none for stdin).
fn write_located(
    out: &mut dyn Write,
    input: &Input,
    record: &impl serde::Serialize,
) -> io::Result<()> {
    let file = (input.name != "stdin").then_some(input.name.as_str());
    let located = super::Located { file, record };
    serde_json::to_writer(&mut *out, &located)?;
    out.write_all(b"\n")
}

/// Every input as one puzzle of `form` (or why it is none).
fn read(input: &InputArgs, variant: &VariantArgs, form: VariantForm) -> Result<Vec<Input>, String> {
    let symbols = symbols(variant, form)?;
    let inputs = crate::input::paths(input)
        .into_iter()
        .map(|path| {
            let (name, text) = match read_whole(path) {
                Ok(read) => read,
                Err(message) => {
                    let name = if path.as_os_str() == "-" {
                        "stdin".to_string()
                    } else {
                        path.display().to_string()
                    };
                    // The message names the input; the report names it again.
                    let message = message
                        .strip_prefix(&format!("{name}: "))
                        .map_or(message.clone(), str::to_string);
                    return Input {
                        name,
                        puzzle: Puzzle::Malformed(message),
                    };
                }
            };
            let puzzle = match parse(form, &text, symbols.as_ref()) {
                Ok((variant, notation)) => Puzzle::Valid(variant, notation),
                Err(TextError::Model(error @ VariantError::GivenConflict { .. })) => {
                    Puzzle::Conflicting(error)
                }
                Err(error) => Puzzle::Malformed(error.to_string()),
            };
            Input { name, puzzle }
        })
        .collect();
    Ok(inputs)
}

/// `text` as a puzzle of `form`, and the notation to answer it in.
fn parse(
    form: VariantForm,
    text: &str,
    symbols: Option<&Symbols>,
) -> Result<(Variant, Notation), TextError> {
    let grid = Notation::Grid {
        one_line: text.trim().lines().count() == 1,
    };
    Ok(match form {
        VariantForm::Auto => gridsolve_sudoku::variant::read(text, symbols)?,
        VariantForm::Grid => (parse_grid(text, symbols)?, grid),
        VariantForm::X => (parse_grid(text, symbols)?.with_diagonals()?, grid),
        VariantForm::Windoku => (parse_grid(text, symbols)?.with_windows()?, grid),
        VariantForm::Killer => (parse_killer(text)?, Notation::Killer),
        VariantForm::Json => (parse_json(text)?, Notation::Json),
    })
}

/// Refuses the 9×9 forms of `--format` on variant inputs, which are
/// written in their puzzle's own notation (rather than ignore it unsaid);
/// `jsonl` applies to both.
pub fn refuse_format(format: Option<&str>) -> Result<(), String> {
    match format {
        Some(format) => Err(format!(
            "--format {format} applies to classic 9×9 records; a variant's answer is written \
             in its puzzle's own form and symbols (drop --format)"
        )),
        None => Ok(()),
    }
}

/// `sudoku check --variant FORM`: each input's givens against its units
/// and cages: `valid` (`complete` when no cell is empty), or `invalid:`
/// and the broken rule (exit 1), as text or `jsonl` records; input that
/// is not a puzzle of the form is an input error (exit 2).
pub fn check(
    input: &InputArgs,
    variant: &VariantArgs,
    form: VariantForm,
    jsonl: bool,
) -> VerbResult {
    let mut status = Status::Ok;
    let mut out = io::stdout().lock();
    for puzzle in read(input, variant, form)? {
        let name = &puzzle.name;
        let (verdict, empty_cells, conflicts) = match &puzzle.puzzle {
            Puzzle::Valid(valid, _) => {
                let empty = valid.givens().iter().filter(|&&value| value == 0).count();
                let text = if empty == 0 {
                    "valid, complete".to_string()
                } else {
                    format!("valid, {empty} empty cells")
                };
                (Ok(text), empty, Vec::new())
            }
            Puzzle::Conflicting(error) => {
                status = status.worst(Status::Failure);
                let conflict = match error {
                    VariantError::GivenConflict {
                        cell, value, rule, ..
                    } => vec![super::check::JsonConflict {
                        digit: *value,
                        unit: rule.clone(),
                        cells: vec![cell.to_string()],
                        message: error.to_string(),
                    }],
                    _ => Vec::new(),
                };
                (Err(format!("invalid: {error}")), 0, conflict)
            }
            Puzzle::Malformed(message) => {
                eprintln!("{name}: {message}");
                status = status.worst(Status::InputError);
                if jsonl {
                    let record = super::ErrorRecord {
                        line: 1,
                        status: "error",
                        message: message.clone(),
                    };
                    write_located(&mut out, &puzzle, &record).map_err(Failure::output)?;
                }
                continue;
            }
        };
        let written = if jsonl {
            let record = super::check::JsonRecord {
                line: 1,
                status: if verdict.is_ok() { "valid" } else { "invalid" },
                empty_cells,
                conflicts,
            };
            write_located(&mut out, &puzzle, &record)
        } else {
            let (Ok(text) | Err(text)) = verdict;
            writeln!(out, "{name}: {text}")
        };
        written.map_err(Failure::output)?;
    }
    Ok(status)
}

/// The `--symbols` alphabet, if given (for the grid forms only: a JSON
/// document names its own, and a Killer is written in digits).
fn symbols(variant: &VariantArgs, form: VariantForm) -> Result<Option<Symbols>, String> {
    let Some(alphabet) = variant.symbols.as_deref() else {
        return Ok(None);
    };
    match form {
        VariantForm::Json => Err(
            "--symbols does not apply to a JSON document: give its alphabet in its \"symbols\" field"
                .to_string(),
        ),
        VariantForm::Killer => {
            Err("--symbols does not apply to the Killer form, which is written in digits".to_string())
        }
        VariantForm::Auto | VariantForm::Grid | VariantForm::X | VariantForm::Windoku => Symbols::new(alphabet)
            .map(Some)
            .map_err(|error| format!("--symbols: {error}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_inputs_are_not_taken_for_variants() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(detect(line, true), None);
        assert_eq!(detect(&format!("# a comment\n{line}\n"), true), None);
        assert_eq!(detect("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", true), None);
        assert_eq!(detect("[\"53..7....\"]", true), None);
        // A malformed first record of 25 cells is no 5×5 grid, nor a
        // batch of 16-cell lines a 4×4 grid.
        assert_eq!(detect("[\"53..7....\", \"6..195...\"]\n", true), None);
        assert_eq!(detect(&format!("{}\n{line}\n", ".".repeat(16)), true), None);
        assert_eq!(detect(&".".repeat(16), false), None);
    }

    #[test]
    fn variant_inputs_are_recognised_by_their_notation() {
        let auto = Some(VariantForm::Auto);
        assert_eq!(detect("  {\"size\": 4}", false), auto);
        assert_eq!(detect("56..1..2. aabbccdde\n...\na=3\n", false), auto);
        assert_eq!(detect("....\n....\n....\n....\n", true), auto);
        assert_eq!(detect(&".".repeat(256), true), auto);
        assert_eq!(
            detect(
                "1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1\n",
                true
            ),
            auto
        );
        assert_eq!(
            detect("[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]", true),
            auto
        );
        assert_eq!(detect("SumoCueV1=1J0", false), auto);
        assert_eq!(detect("4 4\n1 - - -\n", false), auto);
        assert_eq!(detect("12 r1c1 r1c2\n", false), auto);
        // A 9×9 array, even after `board =`, is a classic record.
        let numbers = format!("board = [{}]", ["[0,0,0,0,0,0,0,0,0]"; 9].join(","));
        assert_eq!(detect(&numbers, true), None);
    }
}
