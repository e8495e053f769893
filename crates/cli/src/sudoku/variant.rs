//! `sudoku solve|count` on puzzles of the general model (`--variant FORM`,
//! or a file that starts with `{`): each input file is one puzzle, solved
//! with the variant search of `gridsolve_sudoku::variant` and written back
//! in its own form.

use super::count::describe;
use crate::args::{InputArgs, SearchArgs, TraceArgs, VariantArgs, VariantForm};
use crate::failure::{print_line, Failure, VerbResult};
use crate::input::read_whole;
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_search::{EventLog, Limits, Stats};
use gridsolve_sudoku::variant::{
    explore, explore_traced, parse_grid, parse_json, parse_killer, render, verify_answer,
    CageRules, Notation, Symbols, TextError, Variant, VariantError, VariantExploration,
    VariantPlacement, VariantStrategy, VariantVocabulary,
};
use gridsolve_sudoku::{Exploration, Strategy};
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One variant puzzle read from an input, and the notation its answer is
/// written in.
struct Input {
    name: String,
    puzzle: Puzzle,
    notation: Notation,
}

/// What an input holds: a puzzle; givens that break a rule, which (as a
/// classic record whose clues conflict) has no solution; or no puzzle
/// (unreadable or malformed), which the other inputs do not wait on.
enum Puzzle {
    Valid(Variant),
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
            let rows: Vec<Vec<serde_json::Value>> = serde_json::from_str(
                text.trim_start()
                    .trim_start_matches("board")
                    .trim_start()
                    .trim_start_matches('='),
            )
            .ok()?;
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
        })
    }

    /// The same searches, each answer checked by the independent checker
    /// (`--verify`), with the summary `N solved, M failed` at the end.
    pub fn verified(self, verify: bool) -> Self {
        Searches { verify, ..self }
    }

    /// `sudoku solve`: each answer in its puzzle's form; with
    /// `max_solutions` 2, a second solution is a failure.
    pub fn solve(&self, max_solutions: u64) -> VerbResult {
        let mut written = 0;
        self.each(max_solutions, |out, puzzle, found| {
            Ok(match (&found.solution, &puzzle.puzzle) {
                (Some(answer), Puzzle::Valid(variant))
                    if found.stats.solutions < 2 || max_solutions < 2 =>
                {
                    if let Some(Err(defect)) = self.verify.then(|| verify_answer(variant, answer)) {
                        eprintln!("{}: answer failed verification: {defect}", puzzle.name);
                        return Ok(Status::Failure);
                    }
                    let text = render(variant, puzzle.notation, answer);
                    // Answers of several lines are set apart by a blank
                    // line, as classic grids are.
                    if written > 0 && text.contains('\n') {
                        writeln!(out)?;
                    }
                    writeln!(out, "{text}")?;
                    written += 1;
                    Status::Ok
                }
                (Some(_), _) => {
                    eprintln!("{}: not unique: at least 2 solutions", puzzle.name);
                    Status::Failure
                }
                (None, _) => {
                    let why = found.stopped.map_or_else(
                        || "no solution".to_string(),
                        |reason| format!("no solution found ({reason})"),
                    );
                    eprintln!("{}: {why}", puzzle.name);
                    Status::Failure
                }
            })
        })
    }

    /// `sudoku count`: each puzzle's count up to `limit`, in the classic
    /// wording; anything but a unique solution is a failure.
    pub fn count(&self, limit: u64) -> VerbResult {
        self.each(limit, |out, puzzle, found| {
            // Only the counts and the stop reason matter.
            let exploration = Exploration {
                solution: None,
                stats: found.stats,
                stopped: found.stopped,
            };
            writeln!(out, "{}: {}", puzzle.name, describe(&exploration, limit))?;
            Ok(
                if exploration.verdict() == gridsolve_sudoku::Verdict::Unique {
                    Status::Ok
                } else {
                    Status::Failure
                },
            )
        })
    }

    /// Reads every input, searches it for up to `max_solutions`, lets
    /// `report` write the outcome (and say its status), then prints the
    /// search's figures with `--stats`; with `--verify`, ends with the
    /// summary `N solved, M failed` (a malformed input is a failure).
    /// With `--trace`, the first input's search is drawn after its outcome
    /// (answers then go to stderr if the trace takes stdout); the others
    /// are named as not traced.
    fn each(
        &self,
        max_solutions: u64,
        mut report: impl FnMut(&mut dyn Write, &Input, &VariantExploration) -> io::Result<Status>,
    ) -> VerbResult {
        let mut sink = TraceSink::open(self.trace)?;
        let mut answers = answer_stream(sink.as_ref());
        let mut status = Status::Ok;
        let (mut solved, mut failed) = (0, 0);
        for (index, puzzle) in read(self.input, self.variant, self.form)?
            .iter()
            .enumerate()
        {
            let mut log = sink.as_ref().filter(|_| index == 0).map(TraceSink::log);
            let found = match &puzzle.puzzle {
                Puzzle::Malformed(message) => {
                    eprintln!("{message}");
                    status = status.worst(Status::InputError);
                    failed += 1;
                    continue;
                }
                Puzzle::Valid(variant) => run(
                    variant,
                    self.search,
                    self.variant,
                    self.cancel,
                    max_solutions,
                    log.as_mut(),
                )?,
                Puzzle::Conflicting(error) => {
                    eprintln!("{}: the givens break the rules: {error}", puzzle.name);
                    VariantExploration {
                        solution: None,
                        stats: Stats::default(),
                        stopped: None,
                    }
                }
            };
            let reported = report(&mut answers, puzzle, &found).map_err(Failure::output)?;
            if reported == Status::Ok {
                solved += 1;
            } else {
                failed += 1;
            }
            status = status.worst(reported);
            answers.flush().map_err(Failure::output)?;
            if self.search.stats {
                eprintln!(
                    "{}: nodes {}, guesses {}",
                    puzzle.name, found.stats.nodes, found.stats.guesses
                );
            }
            match (&mut sink, log, &puzzle.puzzle) {
                (Some(sink), Some(log), Puzzle::Valid(variant)) => {
                    let vocabulary =
                        VariantVocabulary::new(variant.side(), variant.symbols().clone());
                    sink.draw(&log, &vocabulary).map_err(Failure::output)?;
                }
                (Some(_), _, _) => eprintln!(
                    "{}: not traced (--trace draws the first puzzle's search)",
                    puzzle.name
                ),
                (None, _, _) => {}
            }
        }
        if self.verify {
            eprintln!("{solved} solved, {failed} failed");
        }
        Ok(status)
    }
}

/// Searches `puzzle` with the strategy of `search` (the 9×9 engines map
/// to `propagate`; `dlx` has no variant form), recording it in `log` if
/// one is given.
fn run(
    puzzle: &Variant,
    search: &SearchArgs,
    variant: &VariantArgs,
    cancel: &Arc<AtomicBool>,
    max_solutions: u64,
    log: Option<&mut EventLog<VariantPlacement>>,
) -> Result<VariantExploration, String> {
    let strategy = match search.strategy {
        Strategy::ReadingOrder => VariantStrategy::ReadingOrder,
        Strategy::Mrv => VariantStrategy::Mrv,
        Strategy::Propagate => VariantStrategy::Propagate,
        // The fast engine of the general model: band bitboards are 9×9 only.
        Strategy::Bitboard => VariantStrategy::Fast,
        Strategy::Dlx => {
            return Err("--strategy dlx works on classic 9×9 puzzles only; variants take reading-order, mrv, propagate or bitboard (on variants: the general model's fast engine)".to_string())
        }
    };
    let mut limits = Limits::solutions(max_solutions).with_cancel(Arc::clone(cancel));
    if let Some(max_nodes) = search.max_nodes {
        limits = limits.with_max_nodes(max_nodes);
    }
    if let Some(timeout) = search.timeout {
        limits = limits.with_timeout(timeout);
    }
    let rules = CageRules {
        combinations: !variant.no_combinations,
        rule_of_45: !variant.no_rule_of_45,
    };
    Ok(match log {
        Some(log) => explore_traced(puzzle, strategy, rules, &limits, log),
        None => explore(puzzle, strategy, rules, &limits),
    })
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
                    return Input {
                        name: path.display().to_string(),
                        puzzle: Puzzle::Malformed(message),
                        notation: Notation::Json,
                    }
                }
            };
            let one_line = text.trim().lines().count() == 1;
            let (puzzle, notation) = match parse(form, &text, symbols.as_ref()) {
                Ok((variant, notation)) => (Puzzle::Valid(variant), notation),
                Err(TextError::Model(error @ VariantError::GivenConflict { .. })) => {
                    (Puzzle::Conflicting(error), Notation::Grid { one_line })
                }
                Err(error) => (
                    Puzzle::Malformed(format!("{name}: {error}")),
                    Notation::Grid { one_line },
                ),
            };
            Input {
                name,
                puzzle,
                notation,
            }
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

/// Refuses `--format` on variant inputs, which are written in their
/// puzzle's own form and symbols (rather than ignore it unsaid).
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
/// and cages: `valid`, or `invalid:` and the broken rule (exit 1);
/// input that is not a puzzle of the form is an input error (exit 2).
pub fn check(input: &InputArgs, variant: &VariantArgs, form: VariantForm) -> VerbResult {
    let mut status = Status::Ok;
    for puzzle in read(input, variant, form)? {
        let name = &puzzle.name;
        match puzzle.puzzle {
            Puzzle::Valid(puzzle) => {
                let empty = puzzle.givens().iter().filter(|&&value| value == 0).count();
                print_line(format_args!("{name}: valid, {empty} empty cells"))?;
            }
            Puzzle::Conflicting(error) => {
                print_line(format_args!("{name}: invalid: {error}"))?;
                status = status.worst(Status::Failure);
            }
            Puzzle::Malformed(message) => {
                eprintln!("{message}");
                status = status.worst(Status::InputError);
            }
        }
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
