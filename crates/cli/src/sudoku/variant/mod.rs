//! Puzzles of the general model (`--variant FORM`, or an input whose
//! notation only variants use) as a batch source and as puzzles: a file
//! is one puzzle, or a batch of puzzles of one shape (see [`split`]:
//! one-line grids one a line, or blocks apart by blank lines), in any
//! notation the library reads or as an object of `generate --format
//! jsonl` (see [`generated`]); each is searched by
//! `Solver::explore_variant` and answered in its own notation and
//! symbols.

mod generated;
mod split;
mod stream;

use super::check::JsonConflict;
use super::puzzle::Puzzle;
use super::SearchPlan;
use crate::args::{InFormat, NotationArgs, VariantArgs, VariantForm};
use crate::batch::{Lined, Source, Stream};
use crate::failure::Failure;
use crate::input::BYTE_ORDER_MARK;
use crate::trace::TraceSink;
use gridsolve_search::{EventLog, Exploration, Stats};
use gridsolve_sudoku::variant::{
    parse_grid, parse_json, read_killer, render, render_grid, verify_answer, BrokenRules, Notation,
    Symbols, TextError, Variant, VariantError, VariantPlacement, VariantVocabulary,
};
use gridsolve_sudoku::{PuzzleObject, Solver, TextFormat};
use split::{cell_rows, grid_blocks_side, jigsaw_blocks, one_line_batch, square_side, symbolic};
use std::io::{self, BufRead};
use std::path::Path;
use stream::VariantStream;

/// The variant form the input at `path` (`-` for stdin) shows, if any:
/// what [`detect`] tells from its start (else it holds classic records).
/// Stdin, or a pipe, is read until its start tells (see
/// [`opens_a_classic_record`]), and those bytes are read again by the
/// verb.
pub fn recognised_in(path: &Path) -> Option<VariantForm> {
    // The start only: classic batch files may be large.
    let enough = |start: &[u8]| start.len() >= PEEK_BYTES || opens_a_classic_record(start);
    let (start, whole) = crate::input::peek(path, enough).ok()?;
    detect_start(&start, whole)
}

/// Whether the first line of `start` (a `#` comment aside, complete) is
/// a classic record's, answered without waiting for more of stdin (for a
/// program that feeds one puzzle and waits for its answer): 81 cells, a
/// 9×9 grid's first row, or a JSON object on one line. Anything else is
/// looked at up to [`PEEK_BYTES`] or the input's end, however slowly a
/// pipe brings it: what arrives first is no sign of the whole.
fn opens_a_classic_record(start: &[u8]) -> bool {
    let text = String::from_utf8_lossy(start);
    let text = text.trim_start_matches(BYTE_ORDER_MARK);
    first_record_line(complete_lines(text, false)).is_some_and(|line| {
        let cells = cell_rows(line).first().map_or(0, Vec::len);
        (line.starts_with('{') && line.ends_with('}')) || cells == 9 || cells == 81
    })
}

/// The whole lines of `text`, the start of an input (all of it if
/// `whole`): the last line of a start may be cut short.
fn complete_lines(text: &str, whole: bool) -> &str {
    if whole {
        text
    } else {
        text.rsplit_once('\n').map_or("", |(lines, _)| lines)
    }
}

/// The first line of `text` that is neither blank nor a `#` comment,
/// trimmed.
fn first_record_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
}

/// [`detect`] on the first bytes of an input, a byte-order mark left out.
fn detect_start(start: &[u8], whole: bool) -> Option<VariantForm> {
    let text = String::from_utf8_lossy(start);
    detect(text.trim_start_matches(BYTE_ORDER_MARK), whole)
}

/// Refuses the variant options on classic records, where they would
/// change nothing (rather than be ignored unsaid).
pub fn refuse_on_classic(args: &VariantArgs) -> Result<(), Failure> {
    refuse_symbols_on_classic(&args.notation)?;
    for (given, flag) in [
        (args.no_combinations, "--no-combinations"),
        (args.no_rule_of_45, "--no-rule-of-45"),
    ] {
        if given {
            return Err(refused_on_classic(flag, "Killer cages"));
        }
    }
    Ok(())
}

/// Refuses `--symbols` on inputs of classic records (which are in digits).
pub fn refuse_symbols_on_classic(args: &NotationArgs) -> Result<(), Failure> {
    match args.symbols {
        Some(_) => Err(refused_on_classic(
            "--symbols",
            "variant grids (add --variant grid to read a 9×9 grid in other symbols)",
        )),
        None => Ok(()),
    }
}

/// Why `flag`, which applies to `what`, is refused on classic records.
fn refused_on_classic(flag: &str, what: &str) -> Failure {
    format!("{flag} applies to {what}, and the input holds classic 9×9 records").into()
}

/// How much of an input [`recognised_in`] looks at; a 25×25 grid drawn with
/// spaces and separators takes under 2 KiB.
const PEEK_BYTES: usize = 8192;

/// The variant form `text` (the start of a file, `whole` if it is all of
/// it) is in, if any: a notation only variants use (a JSON object other
/// than a classic 9×9 puzzle object, SumoCue, janko.at, a Killer, a cage list, a jigsaw's region labels, an
/// array of another side than 9), a whole file that is nothing but one
/// grid of symbols of a side other than 9 (so that a classic batch whose
/// first record happens to hold a square number of cells is never taken
/// for one), or one-line grids or grids apart by blank lines of a side
/// other than 9.
fn detect(text: &str, whole: bool) -> Option<VariantForm> {
    let grid_of_another_side = |one_line: bool| {
        let rows = cell_rows(text);
        let side = match rows.as_slice() {
            [row] if one_line => (4..=25).find(|&side| side * side == row.len()),
            _ => square_side(&rows),
        };
        whole && symbolic(rows.into_iter().flatten()) && side.is_some_and(|side| side != 9)
    };
    let complete = complete_lines(text, whole);
    // 81-cell lines are a classic batch, or a 9×9 notation's first line,
    // unless they are one-line jigsaws, each followed by its labels.
    let another_side = match one_line_batch(complete, VariantForm::Grid, None) {
        Some(batch) => batch.cells != Some(81) || batch.of_jigsaws(complete),
        None => {
            grid_blocks_side(complete, whole).is_some_and(|side| side != 9)
                || jigsaw_blocks(complete, whole)
        }
    };
    if another_side {
        return Some(VariantForm::Auto);
    }
    // A stream of puzzle objects is classic when its first puzzle is.
    if first_record_line(complete)
        .and_then(PuzzleObject::read)
        .is_some_and(|object| object.is_ok_and(|object| object.classic_line().is_some()))
    {
        return None;
    }
    match gridsolve_sudoku::variant::detect(text)? {
        Notation::Grid { one_line } => grid_of_another_side(one_line).then_some(VariantForm::Auto),
        // A 9×9 array is a classic record (of a batch, perhaps): the first
        // array tells, whatever follows it.
        Notation::Array { .. } => {
            let mut arrays =
                serde_json::Deserializer::from_str(gridsolve_sudoku::without_board_prefix(text))
                    .into_iter::<Vec<Vec<serde_json::Value>>>();
            let rows = arrays.next()?.ok()?;
            (rows.len() != 9).then_some(VariantForm::Auto)
        }
        _ => Some(VariantForm::Auto),
    }
}

/// Variant inputs of one form.
pub struct VariantSource {
    form: VariantForm,
    symbols: Option<Symbols>,
}

impl VariantSource {
    /// The source for inputs of `form`, with the `--symbols` alphabet;
    /// `--in-format`, which names classic notations, is refused.
    pub fn new(
        notation: &NotationArgs,
        in_format: InFormat,
        form: VariantForm,
    ) -> Result<Self, Failure> {
        if in_format != InFormat::Auto {
            return Err(
                "--in-format names classic 9×9 record forms; a variant's notation is recognised \
                 from its text, or named with --variant FORM"
                    .into(),
            );
        }
        Ok(VariantSource {
            form,
            symbols: symbols(notation, form)?,
        })
    }

    /// The puzzle `text` holds, starting at `line` of its input; `alone`
    /// when the text is the whole input (whose errors then name lines of
    /// the input as they are), else one line of a batch.
    fn parse(&self, line: usize, text: &str, alone: bool) -> Result<VariantRecord, VariantFault> {
        match parse(self.form, text, self.symbols.as_ref()) {
            Ok(read) => Ok(VariantRecord {
                line,
                puzzle: Ok(read),
            }),
            Err(TextError::Model(VariantError::GivenConflict(broken))) => Ok(VariantRecord {
                line,
                puzzle: Err(broken),
            }),
            Err(TextError::At {
                line: at,
                column,
                message,
            }) => Err(VariantFault {
                line,
                message: format!("line {}, column {column}: {message}", line + at - 1),
            }),
            Err(error) if alone => Err(VariantFault {
                line,
                message: error.to_string(),
            }),
            Err(error) => Err(VariantFault {
                line,
                message: format!("line {line}: {error}"),
            }),
        }
    }
}

impl Source for VariantSource {
    type Record = VariantRecord;
    type Error = VariantFault;

    fn records<'a>(&'a self, input: Box<dyn BufRead + 'a>) -> Box<dyn Stream<Self> + 'a> {
        Box::new(VariantStream::new(self, input))
    }
}

/// A variant puzzle of a batch: where it starts, and the puzzle with the
/// notation its answer is written in, or the rules its givens break
/// (which, as for a classic record whose clues conflict, has no
/// solution).
pub struct VariantRecord {
    line: usize,
    puzzle: Result<(Variant, Notation), BrokenRules>,
}

impl VariantRecord {
    /// The puzzle, or the rules its givens break.
    pub fn puzzle(&self) -> Result<&Variant, &BrokenRules> {
        self.puzzle.as_ref().map(|(puzzle, _)| puzzle)
    }
}

/// An input, or a line of one, that holds no puzzle of the form.
pub struct VariantFault {
    line: usize,
    message: String,
}

impl Lined for VariantRecord {
    fn line(&self) -> usize {
        self.line
    }
}

impl Lined for VariantFault {
    fn line(&self) -> usize {
        self.line
    }
}

impl std::fmt::Display for VariantFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl Puzzle for VariantRecord {
    type Answer = Vec<u8>;
    type Choice = VariantPlacement;

    fn search(&self, solver: &Solver) -> Exploration<Vec<u8>> {
        match &self.puzzle {
            Ok((puzzle, _)) => solver.explore_variant(puzzle),
            Err(_) => no_search(),
        }
    }

    fn explore(
        &self,
        plan: &SearchPlan,
        log: Option<&mut EventLog<VariantPlacement>>,
    ) -> Exploration<Vec<u8>> {
        match (&self.puzzle, log) {
            (Ok((puzzle, _)), Some(log)) => plan.solver().explore_variant_traced(puzzle, log),
            (Ok(_), None) => self.search(&plan.solver()),
            (Err(_), _) => no_search(),
        }
    }

    fn verify(&self, answer: &Vec<u8>) -> Result<(), String> {
        match &self.puzzle {
            Ok((puzzle, _)) => verify_answer(puzzle, answer).map_err(|defect| defect.to_string()),
            Err(broken) => Err(format!("the givens break the rules: {broken}")),
        }
    }

    fn no_solution(&self) -> String {
        match &self.puzzle {
            Ok(_) => "no solution".to_string(),
            Err(broken) => format!("no solution: the givens break the rules: {broken}"),
        }
    }

    /// In the puzzle's own notation (the 9×9 forms of `--format` are
    /// refused on variants before any is read).
    fn render(&self, answer: &Vec<u8>, _format: Option<TextFormat>) -> String {
        match &self.puzzle {
            Ok((puzzle, notation)) => render(puzzle, *notation, answer),
            Err(_) => String::new(),
        }
    }

    fn render_line(&self, answer: &Vec<u8>) -> String {
        match &self.puzzle {
            Ok((puzzle, _)) => render_grid(puzzle.side(), answer, puzzle.symbols(), true),
            Err(_) => String::new(),
        }
    }

    fn draw(&self, sink: &mut TraceSink, log: &EventLog<VariantPlacement>) -> io::Result<()> {
        match &self.puzzle {
            Ok((puzzle, _)) => sink.draw(log, &VariantVocabulary::new(puzzle)),
            Err(_) => Ok(()),
        }
    }

    fn check(&self) -> (Option<usize>, Vec<JsonConflict>) {
        match &self.puzzle {
            Ok((puzzle, _)) => {
                let empty = puzzle.givens().iter().filter(|&&value| value == 0).count();
                (Some(empty), Vec::new())
            }
            Err(broken) => (None, broken.iter().map(JsonConflict::from).collect()),
        }
    }
}

/// What a puzzle whose givens break a rule gets: no solution, as a
/// classic record whose clues conflict, and no search.
fn no_search() -> Exploration<Vec<u8>> {
    Exploration {
        solution: None,
        stats: Stats::default(),
        stopped: None,
    }
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
    if symbols.is_some() {
        let detected = gridsolve_sudoku::variant::detect(text);
        if let Some(reason) = detected.and_then(own_values) {
            return Err(TextError::Whole(format!(
                "--symbols does not apply to {reason}"
            )));
        }
    }
    if matches!(form, VariantForm::Auto | VariantForm::Json) {
        if let Some(read) = generated::read_generated(text) {
            return read;
        }
    }
    Ok(match form {
        VariantForm::Auto => gridsolve_sudoku::variant::read(text, symbols)?,
        VariantForm::Grid => (parse_grid(text, symbols)?, grid),
        VariantForm::X => {
            let (puzzle, notation) = parse_to_extend(text, symbols, grid)?;
            (puzzle.with_diagonals()?, notation)
        }
        VariantForm::Windoku => {
            let (puzzle, notation) = parse_to_extend(text, symbols, grid)?;
            (puzzle.with_windows()?, notation)
        }
        VariantForm::Killer => read_killer(text, symbols)?,
        VariantForm::Json => (parse_json(text)?, Notation::Json),
    })
}

/// The puzzle that `--variant x` or `windoku` adds its units to: a grid
/// read as a grid (a line of region labels is not taken for one), any
/// other notation (a JSON document, such as `generate --diagonals`
/// writes, an array, a jigsaw's) read as `auto` reads it.
fn parse_to_extend(
    text: &str,
    symbols: Option<&Symbols>,
    grid: Notation,
) -> Result<(Variant, Notation), TextError> {
    match gridsolve_sudoku::variant::detect(text) {
        None | Some(Notation::Grid { .. }) => Ok((parse_grid(text, symbols)?, grid)),
        Some(_) => match generated::read_generated(text) {
            Some(read) => read,
            None => Ok(gridsolve_sudoku::variant::read(text, symbols)?),
        },
    }
}

/// Why `--symbols` cannot apply to a JSON document.
const JSON_ALPHABET: &str = "a JSON document: give its alphabet in its \"symbols\" field";

/// Why `--symbols` cannot apply to `notation`, which writes its values
/// its own way, or `None` for the notations of symbol grids (grids,
/// jigsaws and a cage list's givens).
fn own_values(notation: Notation) -> Option<&'static str> {
    match notation {
        Notation::Json => Some(JSON_ALPHABET),
        Notation::Array { .. } => {
            Some("an array, whose values are numbers or the standard symbols")
        }
        Notation::SumoCue => Some("SumoCue's notation, whose values are numbers"),
        Notation::Janko => Some("the janko.at notation, whose values are numbers"),
        Notation::Killer => Some("CodinGame's Killer form, which is written in digits"),
        Notation::CageList | Notation::Jigsaw { .. } | Notation::Grid { .. } => None,
    }
}

/// Refuses the 9×9 forms of `--format` on variant inputs, which are
/// written in their puzzle's own notation (rather than ignore it unsaid);
/// `jsonl` applies to both.
pub fn refuse_format(format: Option<&str>) -> Result<(), Failure> {
    match format {
        Some(format) => Err(format!(
            "--format {format} applies to classic 9×9 records; a variant's answer is written \
             in its puzzle's own form and symbols (drop --format)"
        )
        .into()),
        None => Ok(()),
    }
}

/// The `--symbols` alphabet, if given: refused at once for `--variant
/// json` (a JSON document names its own), and for each input whose
/// notation writes its values its own way (see [`own_values`]).
fn symbols(notation: &NotationArgs, form: VariantForm) -> Result<Option<Symbols>, String> {
    let Some(alphabet) = notation.symbols.as_deref() else {
        return Ok(None);
    };
    if form == VariantForm::Json {
        return Err(format!("--symbols does not apply to {JSON_ALPHABET}"));
    }
    Symbols::new(alphabet)
        .map(Some)
        .map_err(|error| format!("--symbols: {error}"))
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
        // Arrays: the first tells, whatever follows it.
        let rows = "[0,0,0,0,0,0,0,0,0],".repeat(8);
        let array = format!("[{rows}[0,0,0,0,0,0,0,0,1]]");
        assert_eq!(detect(&format!("{array}\n{array}\n"), true), None);
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
        assert_eq!(
            detect("[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]\n\n[[0]]", false),
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
