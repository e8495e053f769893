//! Human-style logic (`gridsolve-logic`): the next step (a hint) and the
//! whole path of steps on every grid (a classic 9×9 puzzle, or a plain
//! 9×9 in a variant notation, by every technique; any other grid by the
//! techniques of the general model), and the rating on the Sudoku
//! Explainer scale (classic puzzles); and random minimal puzzles of any
//! size. A puzzle with
//! conflicting clues, no solution or (for the rating) several is refused:
//! steps are sound only on a puzzle with one solution. Answers are
//! dictionaries that the Python layer turns into its result classes.

use crate::budget::CallBudget;
use crate::errors::{input_error, puzzle_error, Place};
use crate::interrupt::interruptible;
use crate::sudoku::read_puzzle;
use crate::variant::read_variant;
use gridsolve_logic::{
    classic_puzzle, difficulty_of, next_step_on, next_variant_step_within, solve_path_on,
    variant_path, Board, Detail, LogicError, NotClassic, Path, Rating, Scale, Step, VariantBoard,
    VariantStep, Worked,
};
use gridsolve_sudoku::variant::{
    detect, killer_puzzle, minimal_puzzle, render_grid, shape_for_side, Symbols,
};
use gridsolve_sudoku::variant::{to_text, Variant};
use gridsolve_sudoku::{Cell, Grid, StopReason};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// What a puzzle is worked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// Steps (a hint, an explanation): the puzzle with a solution.
    Steps,
    /// A rating: the puzzle with exactly one solution.
    Rating,
}

/// A puzzle as the techniques take it.
enum Stepped {
    /// A classic record, or a plain 9×9 puzzle in a variant notation
    /// (janko.at, a JSON document, an array, …) in any symbols: its grid,
    /// and the symbols its values are written in.
    Classic(Grid, Symbols),
    /// Any other puzzle of the general model.
    General(Variant),
}

/// `puzzle` as the techniques take it.
fn stepped(puzzle: &str) -> PyResult<Stepped> {
    let classic = read_puzzle(puzzle);
    if classic.is_ok() || detect(puzzle).is_none() {
        return classic.map(|grid| Stepped::Classic(grid, Symbols::standard(9)));
    }
    let variant = read_variant(puzzle, None, false, false)?;
    Ok(match classic_puzzle(&variant) {
        Ok(grid) => Stepped::Classic(grid, variant.symbols().clone()),
        Err(_) => Stepped::General(variant),
    })
}

/// The classic grid of `puzzle`, refused (its kind named) unless it is
/// one: a rating is on Sudoku Explainer's scale, for classic puzzles.
fn classic_grid(puzzle: &str) -> PyResult<Grid> {
    match stepped(puzzle)? {
        Stepped::Classic(grid, _) => Ok(grid),
        Stepped::General(variant) => Err(input_error(NotClassic(variant.kind()).to_string())),
    }
}

/// `worked`, counted within the call's budget, refused unless it has a
/// solution (a conflict raised as a puzzle error).
fn solved_by<B, S>(
    py: Python<'_>,
    count: impl FnOnce(&gridsolve_sudoku::Budget) -> Result<Worked<B, S>, LogicError> + Send,
) -> PyResult<Worked<B, S>>
where
    B: Send,
    S: Send,
{
    let found = interruptible(py, |cancel| count(&CallBudget::default().start(&cancel)))?;
    found.map_err(|error| match error {
        conflict @ LogicError::Conflict(_) => puzzle_error(conflict.to_string(), Place::default()),
        error => input_error(error.to_string()),
    })
}

/// The board of a classic `grid`, refused unless it has at least one
/// solution (exactly one for a rating), and that solution.
fn worked(py: Python<'_>, grid: &Grid, purpose: Purpose) -> PyResult<(Board, Grid)> {
    let worked = solved_by(py, |budget| {
        Worked::from_grid(grid, budget).and_then(|worked| match purpose {
            Purpose::Rating => worked.unique(),
            Purpose::Steps => Ok(worked),
        })
    })?;
    Ok((worked.board, worked.solution))
}

/// The board of a puzzle of the general model, refused unless it has at
/// least one solution.
fn worked_variant(py: Python<'_>, puzzle: &Variant) -> PyResult<Worked<VariantBoard, Vec<u8>>> {
    solved_by(py, |budget| Worked::from_variant(puzzle, budget))
}

/// A step as its dictionary holds it: its sentences in the puzzle's
/// symbols, the digits of its moves the values' numbers, and for a Killer
/// technique no rating or score.
struct StepParts {
    technique: &'static str,
    rating: Option<f64>,
    score: Option<u32>,
    told: [String; 3],
    cells: Vec<String>,
    units: Vec<String>,
    digits: Vec<u32>,
    placements: Vec<(String, u8)>,
    eliminations: Vec<(String, u8)>,
}

/// `moves` as `(cell, value)` pairs, cells named `r3c7`.
fn moves<C: ToString, V: Copy + Into<u8>>(moves: &[(C, V)]) -> Vec<(String, u8)> {
    moves
        .iter()
        .map(|(cell, value)| (cell.to_string(), (*value).into()))
        .collect()
}

impl StepParts {
    /// A classic step.
    fn classic(step: &Step, symbols: &Symbols) -> Self {
        let told = |detail| step.told(detail).in_symbols(symbols);
        StepParts {
            technique: step.technique.name(),
            rating: Some(step.rating.value()),
            score: Some(step.hodoku_score()),
            told: [Detail::Full, Detail::Vague, Detail::Concrete].map(told),
            cells: step.cells.iter().map(Cell::to_string).collect(),
            units: step.units.iter().map(ToString::to_string).collect(),
            digits: step
                .digits
                .iter()
                .map(|digit| u32::from(digit.get()))
                .collect(),
            placements: moves(&step.placements),
            eliminations: moves(&step.eliminations),
        }
    }

    /// A step of the general model.
    fn general(step: &VariantStep, symbols: &Symbols) -> Self {
        let told = |detail| step.told(detail).in_symbols(symbols);
        StepParts {
            technique: step.technique.name(),
            rating: step.technique.rating().map(Rating::value),
            score: step.technique.hodoku_score(),
            told: [Detail::Full, Detail::Vague, Detail::Concrete].map(told),
            cells: step.cells.iter().map(ToString::to_string).collect(),
            units: step.units.clone(),
            digits: step.values.iter().map(|&value| u32::from(value)).collect(),
            placements: moves(&step.placements),
            eliminations: moves(&step.eliminations),
        }
    }

    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let dict = PyDict::new(py);
        let [explanation, vague, concrete] = self.told;
        dict.set_item("technique", self.technique)?;
        dict.set_item("rating", self.rating)?;
        dict.set_item("score", self.score)?;
        dict.set_item("explanation", explanation)?;
        dict.set_item("vague", vague)?;
        dict.set_item("concrete", concrete)?;
        dict.set_item("cells", self.cells)?;
        dict.set_item("units", self.units)?;
        dict.set_item("digits", self.digits)?;
        dict.set_item("placements", self.placements)?;
        dict.set_item("eliminations", self.eliminations)?;
        Ok(dict)
    }
}

/// The easiest step on the puzzle (`None` when no technique applies);
/// `TimeoutError` when `timeout` seconds pass first (the forcing chains
/// of the hardest puzzles can take seconds).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn hint<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let scale = scale_of(scale)?;
    let budget = CallBudget::new(None, timeout)?;
    let parts = match stepped(puzzle)? {
        Stepped::Classic(grid, symbols) => {
            let (board, _) = worked(py, &grid, Purpose::Steps)?;
            let found = interruptible(py, |cancel| {
                next_step_on(&board, scale, &budget.start(&cancel))
            })?;
            found_step(found)?.map(|step| StepParts::classic(&step, &symbols))
        }
        Stepped::General(variant) => {
            let board = worked_variant(py, &variant)?.board;
            let found = interruptible(py, |cancel| {
                next_variant_step_within(&board, scale, &budget.start(&cancel))
            })?;
            found_step(found)?.map(|step| StepParts::general(&step, variant.symbols()))
        }
    };
    parts.map(|parts| parts.into_dict(py)).transpose()
}

/// The step a hint's search `found`, or the `TimeoutError` that says why
/// the budget stopped it first.
fn found_step<S>(found: Result<Option<S>, StopReason>) -> PyResult<Option<S>> {
    found.map_err(|reason| {
        pyo3::exceptions::PyTimeoutError::new_err(format!(
            "stopped ({reason}) before a step was found"
        ))
    })
}

/// Whose order of techniques `name` (`"se"` or `"hodoku"`) names.
fn scale_of(name: &str) -> PyResult<Scale> {
    match name {
        "se" => Ok(Scale::Explainer),
        "hodoku" => Ok(Scale::Hodoku),
        other => Err(input_error(format!(
            "scale {other:?}: expected \"se\" or \"hodoku\""
        ))),
    }
}

/// The path of steps from `board` in `scale`'s order, within `timeout`
/// seconds.
fn path_within(py: Python<'_>, board: Board, scale: Scale, timeout: Option<f64>) -> PyResult<Path> {
    let budget = CallBudget::new(None, timeout)?;
    interruptible(py, |cancel| {
        solve_path_on(board, scale, &budget.start(&cancel))
    })
}

/// Why the path stopped early, if it did.
fn stopped(path: &Path) -> Option<String> {
    path.stopped.map(|reason| reason.to_string())
}

/// The easiest step again and again: the steps, whether they solve the
/// puzzle, why `timeout` stopped them if it did, and the answer (found by
/// search where the steps run out).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn explain<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let scale = scale_of(scale)?;
    let dict = PyDict::new(py);
    let (steps, solution) = match stepped(puzzle)? {
        Stepped::Classic(grid, symbols) => {
            let (board, solution) = worked(py, &grid, Purpose::Steps)?;
            let path = path_within(py, board, scale, timeout)?;
            dict.set_item("solved", path.solved())?;
            dict.set_item("stopped", stopped(&path))?;
            dict.set_item("left", path.end.empty_count())?;
            let steps: Vec<StepParts> = path
                .steps
                .iter()
                .map(|step| StepParts::classic(step, &symbols))
                .collect();
            (steps, render_grid(9, solution.values(), &symbols, true))
        }
        Stepped::General(variant) => {
            let worked = worked_variant(py, &variant)?;
            let budget = CallBudget::new(None, timeout)?;
            let path = interruptible(py, |cancel| {
                variant_path(worked.board, scale, &budget.start(&cancel))
            })?;
            dict.set_item("solved", path.solved())?;
            dict.set_item("stopped", path.stopped.map(|reason| reason.to_string()))?;
            dict.set_item("left", path.end.empty_count())?;
            let symbols = variant.symbols();
            let steps: Vec<StepParts> = path
                .steps
                .iter()
                .map(|step| StepParts::general(step, symbols))
                .collect();
            let answer = render_grid(variant.side(), &worked.solution, symbols, true);
            (steps, answer)
        }
    };
    let steps = steps
        .into_iter()
        .map(|parts| parts.into_dict(py))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("steps", steps)?;
    dict.set_item("solution", solution)?;
    Ok(dict)
}

/// The puzzle's rating on the Sudoku Explainer scale: ER, EP and ED (each
/// a lower bound when `solved` is false, or `None` when no step was
/// taken), the givens, the steps per technique, and why `timeout` stopped
/// the rating if it did (then a lower bound).
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, scale = "se"))]
pub fn rate<'py>(
    py: Python<'py>,
    puzzle: &str,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let scale = scale_of(scale)?;
    let (board, _) = worked(py, &classic_grid(puzzle)?, Purpose::Rating)?;
    let givens = 81 - board.empty_count();
    let path = path_within(py, board.clone(), Scale::Explainer, timeout)?;
    let mut difficulty = difficulty_of(&path, givens);
    if scale == Scale::Hodoku {
        difficulty = difficulty.scored_on(&path_within(py, board, scale, timeout)?);
    }
    let dict = PyDict::new(py);
    dict.set_item("er", difficulty.er.map(Rating::value))?;
    dict.set_item("ep", difficulty.ep.map(Rating::value))?;
    dict.set_item("ed", difficulty.ed.map(Rating::value))?;
    dict.set_item("solved", difficulty.solved)?;
    dict.set_item("stopped", stopped(&path))?;
    dict.set_item("level", difficulty.level().name())?;
    dict.set_item("score", difficulty.score())?;
    dict.set_item("qqwing", difficulty.qqwing().name())?;
    dict.set_item("placed", difficulty.placed)?;
    dict.set_item("left", difficulty.left)?;
    dict.set_item("givens", difficulty.givens)?;
    let counts = PyDict::new(py);
    for (technique, count) in &difficulty.counts {
        counts.set_item(technique.name(), count)?;
    }
    dict.set_item("techniques", counts)?;
    Ok(dict)
}

/// A random minimal puzzle with one solution, of side `size` (4, 6, 8, 9,
/// 10, 12, 15, 16, 20 or 25), X-Sudoku's diagonals or windoku's windows
/// added if asked, as a line of symbols; the same `seed` gives the same
/// puzzle.
#[pyfunction]
#[pyo3(signature = (size = 9, seed = 0, diagonals = false, windows = false, timeout = None))]
pub fn generate(
    py: Python<'_>,
    size: usize,
    seed: u64,
    diagonals: bool,
    windows: bool,
    timeout: Option<f64>,
) -> PyResult<String> {
    let template = template(size, diagonals, windows)?;
    let budget = CallBudget::new(None, timeout)?;
    let made = interruptible(py, |cancel| {
        let mut rng = SmallRng::seed_from_u64(seed);
        minimal_puzzle(&template, &mut rng, &budget.start(&cancel))
    })?;
    match made {
        Ok(Some(puzzle)) => Ok(to_text(&puzzle)),
        Ok(None) => Err(input_error("this kind of grid has no solution")),
        Err(reason) => Err(input_error(format!("no puzzle made: stopped ({reason})"))),
    }
}

/// The empty grid of side `size`, with X-Sudoku's diagonals or windoku's
/// windows if asked.
fn template(size: usize, diagonals: bool, windows: bool) -> PyResult<Variant> {
    let shape = shape_for_side(size).ok_or_else(|| {
        input_error(format!(
            "size {size}: expected 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25"
        ))
    })?;
    let mut template = Variant::new(shape);
    if diagonals {
        template = template
            .with_diagonals()
            .map_err(|error| input_error(error.to_string()))?;
    }
    if windows {
        template = template
            .with_windows()
            .map_err(|error| input_error(error.to_string()))?;
    }
    Ok(template)
}

/// A random Killer puzzle (cages of `cage_size` cells, no givens) with
/// one solution, as `gridsolve sudoku generate --killer` writes it (its
/// cage list, or the JSON document with diagonals or windows); the same
/// `seed` gives the same puzzle.
#[pyfunction]
#[pyo3(signature = (size = 9, seed = 0, cage_size = (2, 5), diagonals = false, windows = false, timeout = None))]
pub fn generate_killer(
    py: Python<'_>,
    size: usize,
    seed: u64,
    cage_size: (usize, usize),
    diagonals: bool,
    windows: bool,
    timeout: Option<f64>,
) -> PyResult<String> {
    let template = template(size, diagonals, windows)?;
    let (least, most) = cage_size;
    if least == 0 || least > most || most > size {
        return Err(input_error(format!(
            "cage_size ({least}, {most}): expected 1 <= least <= most <= {size}"
        )));
    }
    let budget = CallBudget::new(None, timeout)?;
    let made = interruptible(py, |cancel| {
        let mut rng = SmallRng::seed_from_u64(seed);
        killer_puzzle(&template, least..=most, &mut rng, &budget.start(&cancel))
    })?;
    made.map(|puzzle| to_text(&puzzle))
        .map_err(|failure| input_error(format!("no puzzle made: {failure}")))
}
