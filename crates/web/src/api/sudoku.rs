//! `/api/sudoku/…`: a puzzle in any notation the CLI reads (a classic
//! record, or a variant: other sizes, jigsaw, X, windoku, Killer), solved,
//! checked, counted and traced by any strategy; the human steps (hint and
//! explain on every grid, rate on classic puzzles); and generated puzzles.

use super::{stats, stopped, trace_budget, trace_events, Answer, ApiError, Body};
use crate::search::{Allowance, Searches};
use axum::extract::State;
use axum::Json;
use gridsolve_logic::{
    classic_puzzle, difficulty_of, next_step_within, next_variant_step_within, solve_path_within,
    variant_path, Board, Detail, Rating, Scale, Step, VariantBoard, VariantStep, Worked,
};
use gridsolve_search::EventLog;
use gridsolve_sudoku::variant::{
    self, minimal_puzzle, render_grid, shape_for_side, BrokenRule, BrokenRules, Symbols, TextError,
    Variant, VariantError, VariantVocabulary,
};
use gridsolve_sudoku::{
    conflicts, Cell, Grid, Records, Solver, StopReason, Strategy, SudokuVocabulary, TextFormat,
    CELLS,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Instant;

/// A request about one puzzle.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The puzzle's text, in any notation of docs/FORMATS.md.
    puzzle: String,
    /// The strategy (default `bitboard`).
    #[serde(default)]
    strategy: Option<String>,
    /// `count`: solutions to count up to (default 2); `trace`: solutions
    /// to look for (default 1).
    #[serde(default)]
    limit: Option<u64>,
    /// `trace`: choices to record (at most the server's trace limit).
    #[serde(default)]
    choices: Option<u64>,
    /// X-Sudoku: both main diagonals are units too.
    #[serde(default)]
    diagonals: bool,
    /// Windoku: four extra windows.
    #[serde(default)]
    windows: bool,
}

/// A puzzle read from a request.
enum Puzzle {
    /// A classic 9×9 record: the 9×9 engines search it.
    Classic(Grid),
    /// A puzzle of the general model.
    Variant(Variant),
    /// A variant whose givens break rules (the model holds no such
    /// puzzle): it has no solution.
    Conflicting(BrokenRules),
}

impl PuzzleRequest {
    fn strategy(&self) -> Result<Strategy, ApiError> {
        match &self.strategy {
            None => Ok(Strategy::default()),
            Some(name) => name
                .parse()
                .map_err(|error: gridsolve_sudoku::UnknownStrategy| {
                    ApiError::bad(error.to_string())
                }),
        }
    }

    /// The puzzle: one classic record if the text is one (and no extra
    /// unit is asked for), else a variant in any notation.
    fn read(&self) -> Result<Puzzle, ApiError> {
        let text = self.puzzle.as_str();
        let classic = one_record(text);
        if let (Ok(grid), false, false) = (&classic, self.diagonals, self.windows) {
            return Ok(Puzzle::Classic(*grid));
        }
        let read = variant::read(text, None).and_then(|(puzzle, _)| {
            let puzzle = if self.diagonals {
                puzzle.with_diagonals()?
            } else {
                puzzle
            };
            Ok(if self.windows {
                puzzle.with_windows()?
            } else {
                puzzle
            })
        });
        match read {
            Ok(puzzle) => Ok(Puzzle::Variant(puzzle)),
            Err(TextError::Model(VariantError::GivenConflict(broken))) => {
                Ok(Puzzle::Conflicting(broken))
            }
            // Text that is no variant either: the classic reading's error,
            // unless it shows a notation only variants use.
            Err(error) => match (classic, variant::detect(text)) {
                (Err(classic), None) => Err(ApiError::bad(classic)),
                _ => Err(ApiError::bad(error.to_string())),
            },
        }
    }

    /// The puzzle for the human techniques: a plain 9×9 one (a classic
    /// record, or a variant notation's 9×9 puzzle: janko.at, a JSON
    /// document, an array, … in any symbols) as its classic grid and the
    /// symbols its values are written in, which every technique takes;
    /// any other as the puzzle of the general model.
    fn worked_on(&self) -> Result<Stepped, ApiError> {
        let puzzle = match self.read()? {
            Puzzle::Classic(grid) => return Ok(Stepped::Classic(grid, Symbols::standard(9))),
            Puzzle::Variant(puzzle) => puzzle,
            Puzzle::Conflicting(broken) => {
                return Err(ApiError::bad(format!(
                    "the givens break the rules: {broken}"
                )))
            }
        };
        Ok(match classic_puzzle(&puzzle) {
            Ok(grid) => Stepped::Classic(grid, puzzle.symbols().clone()),
            Err(_) => Stepped::General(puzzle),
        })
    }

    /// The puzzle, refused unless it is a plain 9×9 one (a rating is on
    /// Sudoku Explainer's scale, for classic puzzles).
    fn classic(&self) -> Result<Grid, ApiError> {
        match self.worked_on()? {
            Stepped::Classic(grid, _) => Ok(grid),
            Stepped::General(puzzle) => Err(ApiError::bad(
                gridsolve_logic::NotClassic(puzzle.kind()).to_string(),
            )),
        }
    }
}

/// A puzzle as the human techniques take it.
enum Stepped {
    /// A plain 9×9 puzzle: its grid, and the symbols of its values.
    Classic(Grid, Symbols),
    /// Any other puzzle of the general model.
    General(Variant),
}

/// The one classic record of `text`, or why it is none.
fn one_record(text: &str) -> Result<Grid, String> {
    let mut records = Records::new(text.as_bytes());
    match (records.next(), records.next()) {
        (Some(Ok(record)), None) => Ok(record.grid),
        (Some(Err(error)), _) => Err(error.to_string()),
        (None, _) => Err("no puzzle: the text is empty or only comments".to_string()),
        (Some(Ok(_)), Some(_)) => Err("more than one puzzle: send one a request".to_string()),
    }
}

/// How the page draws a puzzle: its side and symbols, the givens, the
/// region (box or jigsaw piece) of each cell, the extra units (diagonals,
/// windows) and the cages.
fn layout(puzzle: &Puzzle) -> Value {
    match puzzle {
        Puzzle::Classic(grid) => {
            let regions: Vec<usize> = (0..CELLS)
                .map(|cell| (cell / 27) * 3 + (cell % 9) / 3)
                .collect();
            json!({
                "side": 9,
                "symbols": "123456789",
                "givens": TextFormat::Line.render(grid),
                "regions": regions,
                "jigsaw": false,
                "extra": [],
                "cages": [],
            })
        }
        Puzzle::Variant(puzzle) => {
            let side = puzzle.side();
            let mut regions = vec![0; side * side];
            for (region, unit) in puzzle.units()[2 * side..3 * side].iter().enumerate() {
                for &cell in unit {
                    regions[cell] = region;
                }
            }
            let symbols: String = (1..=side as u8)
                .map(|value| puzzle.symbols().symbol(value))
                .collect();
            let cages: Vec<Value> = puzzle
                .cages()
                .iter()
                .map(|cage| json!({ "cells": cage.cells, "sum": cage.sum }))
                .collect();
            json!({
                "side": side,
                "symbols": symbols,
                "givens": render_grid(side, puzzle.givens(), puzzle.symbols(), true),
                "regions": regions,
                "jigsaw": puzzle.is_jigsaw(),
                "extra": &puzzle.units()[3 * side..],
                "cages": cages,
            })
        }
        Puzzle::Conflicting(_) => Value::Null,
    }
}

/// The broken rules of conflicting variant givens, as `check` names
/// conflicts.
fn broken_rules(broken: &[BrokenRule]) -> Vec<Value> {
    broken
        .iter()
        .map(|rule| {
            json!({
                "digit": rule.value,
                "unit": rule.rule,
                "cells": [rule.cell.to_string()],
                "message": rule.to_string(),
            })
        })
        .collect()
}

/// A solver of `strategy` looking for `solutions` solutions within
/// `allowance`.
fn solver(strategy: Strategy, solutions: u64, allowance: &Allowance) -> Solver {
    Solver::new(strategy)
        .with_max_solutions(solutions)
        .with_budget(allowance.budget())
}

/// The search of a puzzle within `allowance`: the solution as one line of
/// symbols, the counters and why it stopped, if it did.
struct Searched {
    solution: Option<String>,
    stats: gridsolve_search::Stats,
    stopped: Option<StopReason>,
    millis: f64,
}

fn search(puzzle: &Puzzle, strategy: Strategy, solutions: u64, allowance: &Allowance) -> Searched {
    let start = Instant::now();
    let solver = solver(strategy, solutions, allowance);
    let (solution, stats, stopped) = match puzzle {
        Puzzle::Classic(grid) => {
            let found = solver.explore(grid);
            (
                found
                    .solution
                    .map(|answer| TextFormat::Line.render(&answer)),
                found.stats,
                found.stopped,
            )
        }
        Puzzle::Variant(puzzle) => {
            let found = solver.explore_variant(puzzle);
            let line =
                |answer: Vec<u8>| render_grid(puzzle.side(), &answer, puzzle.symbols(), true);
            (found.solution.map(line), found.stats, found.stopped)
        }
        Puzzle::Conflicting(_) => (None, Default::default(), None),
    };
    Searched {
        solution,
        stats,
        stopped,
        millis: start.elapsed().as_secs_f64() * 1000.0,
    }
}

/// `POST /api/sudoku/solve`: the first solution, the counters and the
/// time taken.
pub async fn solve(State(searches): State<Searches>, Body(request): Body<PuzzleRequest>) -> Answer {
    let strategy = request.strategy()?;
    let puzzle = request.read()?;
    searches
        .run(move |allowance| {
            let found = search(&puzzle, strategy, 1, allowance);
            let message = match &puzzle {
                Puzzle::Classic(grid) if found.solution.is_none() && found.stopped.is_none() => {
                    Some(gridsolve_sudoku::no_solution_message(grid))
                }
                Puzzle::Conflicting(broken) => {
                    Some(format!("no solution: the givens break the rules: {broken}"))
                }
                _ => None,
            };
            Ok(Json(json!({
                "solution": found.solution,
                "stats": stats(&found.stats),
                "stopped": stopped(found.stopped),
                "time_ms": found.millis,
                "message": message,
                "layout": layout(&puzzle),
            })))
        })
        .await
}

/// `POST /api/sudoku/check`: whether the givens keep the rules, naming
/// every conflict (200 either way).
pub async fn check(Body(request): Body<PuzzleRequest>) -> Answer {
    let puzzle = request.read()?;
    let (empty, found) = match &puzzle {
        Puzzle::Classic(grid) => {
            let found: Vec<Value> = conflicts(grid)
                .iter()
                .map(|conflict| {
                    json!({
                        "digit": conflict.digit.get(),
                        "unit": conflict.unit.to_string(),
                        "cells": [conflict.first.to_string(), conflict.second.to_string()],
                        "message": conflict.to_string(),
                    })
                })
                .collect();
            (Some(CELLS - grid.filled_count()), found)
        }
        Puzzle::Variant(puzzle) => (
            Some(puzzle.givens().iter().filter(|&&value| value == 0).count()),
            Vec::new(),
        ),
        Puzzle::Conflicting(broken) => (None, broken_rules(broken)),
    };
    Ok(Json(json!({
        "valid": found.is_empty(),
        "empty_cells": empty,
        "conflicts": found,
        "layout": layout(&puzzle),
    })))
}

/// `POST /api/sudoku/count`: the solutions up to `limit` (default 2),
/// and whether the count is exact.
pub async fn count(State(searches): State<Searches>, Body(request): Body<PuzzleRequest>) -> Answer {
    let strategy = request.strategy()?;
    let limit = request.limit.unwrap_or(2);
    if limit == 0 {
        return Err(ApiError::bad("limit must be at least 1"));
    }
    let puzzle = request.read()?;
    searches
        .run(move |allowance| {
            let found = search(&puzzle, strategy, limit, allowance);
            let verdict = match (found.stats.solutions, found.stopped) {
                (0, None) => "none",
                (1, None) => "unique",
                (0 | 1, Some(_)) => "unknown",
                _ => "multiple",
            };
            Ok(Json(json!({
                "verdict": verdict,
                "solutions": found.stats.solutions,
                "exact": found.stopped.is_none(),
                "stats": stats(&found.stats),
                "stopped": stopped(found.stopped),
                "time_ms": found.millis,
            })))
        })
        .await
}

/// `POST /api/sudoku/trace`: the search's events as the CLI's `--trace
/// json` writes them, up to `choices` choices, looking for `limit`
/// solutions (default 1).
pub async fn trace(State(searches): State<Searches>, Body(request): Body<PuzzleRequest>) -> Answer {
    let strategy = request.strategy()?;
    let solutions = request.limit.unwrap_or(1).max(1);
    let asked = request.choices;
    let puzzle = request.read()?;
    searches
        .run(move |allowance| {
            let solver = solver(strategy, solutions, allowance);
            let choices = trace_budget(asked, allowance.trace_limit());
            let (mut trace, found) = match &puzzle {
                Puzzle::Classic(grid) => {
                    let mut log = EventLog::with_choice_limit(choices);
                    let found = solver.explore_traced(grid, &mut log);
                    let answer = found
                        .solution
                        .map(|answer| TextFormat::Line.render(&answer));
                    (
                        trace_events(&log, &SudokuVocabulary)?,
                        (answer, found.stats),
                    )
                }
                Puzzle::Variant(puzzle) => {
                    let mut log = EventLog::with_choice_limit(choices);
                    let found = solver.explore_variant_traced(puzzle, &mut log);
                    let answer = found
                        .solution
                        .map(|answer| render_grid(puzzle.side(), &answer, puzzle.symbols(), true));
                    (
                        trace_events(&log, &VariantVocabulary::new(puzzle))?,
                        (answer, found.stats),
                    )
                }
                Puzzle::Conflicting(_) => {
                    return Err(ApiError::bad(
                        "the givens break the rules: nothing to trace",
                    ))
                }
            };
            trace["solution"] = json!(found.0);
            trace["stats"] = stats(&found.1);
            trace["layout"] = layout(&puzzle);
            Ok(Json(trace))
        })
        .await
}

/// One human step, as the CLI's `jsonl` writes it, with its vague and
/// concrete hints too; its sentences in the puzzle's `symbols` (the moves'
/// digits are the values' numbers).
fn step(step: &Step, symbols: &Symbols) -> Value {
    let moves = |moves: &[(Cell, gridsolve_sudoku::Digit)]| -> Vec<Value> {
        moves
            .iter()
            .map(|(cell, digit)| json!({ "cell": cell.to_string(), "digit": digit.get() }))
            .collect()
    };
    json!({
        "technique": step.technique.name(),
        "rating": step.rating.value(),
        "explanation": step.explanation.in_symbols(symbols),
        "vague": step.told(Detail::Vague).in_symbols(symbols),
        "concrete": step.told(Detail::Concrete).in_symbols(symbols),
        "cells": step.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "units": step.units.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "digits": step.digits.iter().map(|digit| digit.get()).collect::<Vec<_>>(),
        "placements": moves(&step.placements),
        "eliminations": moves(&step.eliminations),
    })
}

/// One step of the general model, as [`step`] writes a classic one (its
/// rating null for a technique Sudoku Explainer's scale does not rate: a
/// Killer's, or a forcing chain, plain or nested, of the general model).
fn variant_step(step: &VariantStep, symbols: &Symbols) -> Value {
    let moves = |moves: &[(variant::CellName, u8)]| -> Vec<Value> {
        moves
            .iter()
            .map(|(cell, value)| json!({ "cell": cell.to_string(), "digit": value }))
            .collect()
    };
    json!({
        "technique": step.technique.name(),
        "rating": step.technique.rating().map(Rating::value),
        "explanation": step.explanation.in_symbols(symbols),
        "vague": step.told(Detail::Vague).in_symbols(symbols),
        "concrete": step.told(Detail::Concrete).in_symbols(symbols),
        "cells": step.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "units": step.units,
        "digits": step.values,
        "placements": moves(&step.placements),
        "eliminations": moves(&step.eliminations),
    })
}

/// A board of the general model as [`board_json`] writes a classic one.
fn variant_board_json(board: &VariantBoard) -> Value {
    let symbols = board.puzzle().symbols();
    let candidates: Vec<String> = (0..board.values().len())
        .map(|cell| match board.value(cell) {
            Some(_) => String::new(),
            None => board
                .candidate_values(cell)
                .into_iter()
                .map(|value| symbols.symbol(value))
                .collect(),
        })
        .collect();
    json!({
        "values": render_grid(board.side(), board.values(), symbols, true),
        "candidates": candidates,
    })
}

/// The board of a puzzle of the general model with at least one
/// solution, and that solution.
fn worked_variant(
    puzzle: &Variant,
    allowance: &Allowance,
) -> Result<Worked<VariantBoard, Vec<u8>>, ApiError> {
    Worked::from_variant(puzzle, &allowance.budget())
        .map_err(|error| ApiError::bad(error.to_string()))
}

/// A board as the page draws it, in the puzzle's `symbols`: the values
/// placed (a line, `.` for an empty cell) and each cell's candidates
/// (none for a filled cell).
fn board_json(board: &Board, symbols: &Symbols) -> Value {
    let candidates: Vec<String> = Cell::all()
        .map(|cell| {
            board
                .candidates(cell)
                .iter()
                .map(|digit| symbols.symbol(digit.get()))
                .collect()
        })
        .collect();
    json!({
        "values": render_grid(9, board.grid().values(), symbols, true),
        "candidates": candidates,
    })
}

/// The board of a classic puzzle with at least one solution (exactly one
/// when `unique`), and that solution: steps are sound only then.
fn worked(grid: Grid, unique: bool, allowance: &Allowance) -> Result<(Board, Grid), ApiError> {
    let worked = Worked::from_grid(&grid, &allowance.budget())
        .and_then(|worked| if unique { worked.unique() } else { Ok(worked) })
        .map_err(|error| ApiError::bad(error.to_string()))?;
    Ok((worked.board, worked.solution))
}

/// `POST /api/sudoku/hint`: the easiest step a person can take next
/// (`step` is null when no technique applies).
pub async fn hint(State(searches): State<Searches>, Body(request): Body<PuzzleRequest>) -> Answer {
    let stepped = request.worked_on()?;
    searches
        .run(move |allowance| match stepped {
            Stepped::Classic(grid, symbols) => {
                let (board, _) = worked(grid, false, allowance)?;
                let found = next_step_within(&board, &allowance.budget());
                let step_json = |found: &Step| step(found, &symbols);
                Ok(hint_json(board_json(&board, &symbols), found, step_json))
            }
            Stepped::General(puzzle) => {
                let board = worked_variant(&puzzle, allowance)?.board;
                let found = next_variant_step_within(&board, Scale::Explainer, &allowance.budget());
                let step_json = |found: &VariantStep| variant_step(found, puzzle.symbols());
                Ok(hint_json(variant_board_json(&board), found, step_json))
            }
        })
        .await
}

/// A hint's answer: the `board` it was looked for on, the step `found`
/// (written by `step_json`; null when none, or when the budget stopped
/// the search first), and why it stopped.
fn hint_json<S>(
    board: Value,
    found: Result<Option<S>, StopReason>,
    step_json: impl Fn(&S) -> Value,
) -> Json<Value> {
    let (found, halted) = match found {
        Ok(found) => (found, None),
        Err(reason) => (None, Some(reason)),
    };
    Json(json!({
        "board": board,
        "step": found.as_ref().map(step_json),
        "stopped": stopped(halted),
    }))
}

/// `POST /api/sudoku/explain`: the easiest step again and again, the
/// board before each step and after the last, and the answer.
pub async fn explain(
    State(searches): State<Searches>,
    Body(request): Body<PuzzleRequest>,
) -> Answer {
    let stepped = request.worked_on()?;
    searches
        .run(move |allowance| match stepped {
            Stepped::Classic(grid, symbols) => {
                let (board, solution) = worked(grid, false, allowance)?;
                let path = solve_path_within(board, &allowance.budget());
                let boards = boards_of(&path.start, &path.steps, Step::apply, |board| {
                    board_json(board, &symbols)
                });
                Ok(Json(json!({
                    "steps": path.steps.iter().map(|found| step(found, &symbols)).collect::<Vec<_>>(),
                    "boards": boards,
                    "solved": path.solved(),
                    "stopped": stopped(path.stopped),
                    "left": path.end.empty_count(),
                    "solution": render_grid(9, solution.values(), &symbols, true),
                })))
            }
            Stepped::General(puzzle) => {
                let worked = worked_variant(&puzzle, allowance)?;
                let path = variant_path(worked.board, Scale::Explainer, &allowance.budget());
                let boards =
                    boards_of(&path.start, &path.steps, VariantStep::apply, variant_board_json);
                let symbols = puzzle.symbols();
                Ok(Json(json!({
                    "steps": path.steps.iter().map(|found| variant_step(found, symbols)).collect::<Vec<_>>(),
                    "boards": boards,
                    "solved": path.solved(),
                    "stopped": stopped(path.stopped),
                    "left": path.end.empty_count(),
                    "solution": render_grid(puzzle.side(), &worked.solution, symbols, true),
                })))
            }
        })
        .await
}

/// The board before each of `steps` (taken from `start` by `apply`) and
/// after the last, each as `json` writes it.
fn boards_of<B: Clone, S>(
    start: &B,
    steps: &[S],
    apply: impl Fn(&S, &mut B),
    json: impl Fn(&B) -> Value,
) -> Vec<Value> {
    let mut board = start.clone();
    let mut boards = vec![json(&board)];
    for taken in steps {
        apply(taken, &mut board);
        boards.push(json(&board));
    }
    boards
}

/// `POST /api/sudoku/rate`: the rating on the Sudoku Explainer scale.
pub async fn rate(State(searches): State<Searches>, Body(request): Body<PuzzleRequest>) -> Answer {
    let grid = request.classic()?;
    searches
        .run(move |allowance| {
            let (board, _) = worked(grid, true, allowance)?;
            let givens = CELLS - board.empty_count();
            let path = solve_path_within(board, &allowance.budget());
            let difficulty = difficulty_of(&path, givens);
            let techniques: serde_json::Map<String, Value> = difficulty
                .counts
                .iter()
                .map(|(technique, count)| (technique.name().to_string(), json!(count)))
                .collect();
            Ok(Json(json!({
                "er": difficulty.er.map(Rating::value),
                "ep": difficulty.ep.map(Rating::value),
                "ed": difficulty.ed.map(Rating::value),
                "solved": difficulty.solved,
                "stopped": stopped(path.stopped),
                "level": difficulty.level().name(),
                "score": difficulty.score(),
                "qqwing": difficulty.qqwing().name(),
                "givens": difficulty.givens,
                "techniques": techniques,
            })))
        })
        .await
}

/// A request for a generated puzzle.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// The side (default 9).
    #[serde(default)]
    size: Option<usize>,
    /// The seed of the random choices (default 0).
    #[serde(default)]
    seed: Option<u64>,
}

/// `POST /api/sudoku/generate`: a random minimal puzzle with one
/// solution, within the server's budget.
pub async fn generate(
    State(searches): State<Searches>,
    Body(request): Body<GenerateRequest>,
) -> Answer {
    let size = request.size.unwrap_or(9);
    let shape = shape_for_side(size).ok_or_else(|| {
        ApiError::bad(format!(
            "size {size}: expected 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25"
        ))
    })?;
    let seed = request.seed.unwrap_or(0);
    searches
        .run(move |allowance| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let template = Variant::new(shape);
            match minimal_puzzle(&template, &mut rng, &allowance.budget()) {
                Ok(Some(puzzle)) => Ok(Json(json!({
                    "puzzle": render_grid(size, puzzle.givens(), &Symbols::standard(size), true),
                    "side": size,
                }))),
                Ok(None) => Err(ApiError::internal("an empty grid has no solution")),
                Err(reason) => Err(ApiError::bad(format!(
                    "no puzzle made within the server's budget ({reason})"
                ))),
            }
        })
        .await
}
