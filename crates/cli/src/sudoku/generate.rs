//! `gridsolve sudoku generate`: random minimal puzzles of any size, with
//! one solution each, optionally in a symmetric pattern and of a given
//! level, written one a line (the one-line grid form) or one a file; or
//! Killer puzzles (cages, no givens) as cage lists or JSON documents.
//!
//! Attempt `k` of a run draws from its own generator, seeded from the
//! run's seed and `k` (attempt 0 from the seed itself), and the puzzles
//! kept are the first attempts, in attempt order, that meet the level
//! asked: so the same seed gives the same puzzles on any number of
//! threads. The threads take attempts from a shared counter; attempts
//! still running when the last puzzle is found are thrown away. The
//! puzzles come from `gridsolve_sudoku::variant::symmetric_puzzle`, their
//! levels and ratings from `gridsolve_logic`'s techniques, as `sudoku
//! rate` gives them.

use crate::args::{DifficultyArg, GenerateArgs, QqwingArg, RatingRange, SymmetryArg};
use crate::failure::{print_line, Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use gridsolve_logic::{difficulty_of, next_step_within, solve_path_within};
use gridsolve_logic::{Board, Level, QqwingLevel};
use gridsolve_search::{Budget, StopReason};
use gridsolve_sudoku::variant::{killer_puzzle, render, render_grid, shape_for_side};
use gridsolve_sudoku::variant::{
    symmetric_puzzle, to_json, KillerFailure, Notation, Symmetry, Variant,
};
use gridsolve_sudoku::Grid;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::fs;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// What one attempt gave.
enum Attempt {
    /// A puzzle of the level asked (its one-line form).
    Kept(String),
    /// A puzzle of another level.
    Missed,
    /// The budget stopped the attempt.
    Stopped(StopReason),
}

pub fn run(args: &GenerateArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let template = template(args)?;
    let target = Target::of(args)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    // The attempts stop at this flag: raised by Ctrl-C (passed on from
    // `cancel` below) or once the last puzzle is written, so that no
    // attempt still running holds the run up.
    let stop = Arc::new(AtomicBool::new(false));
    let budget = RunBudget::timed(&args.time, &stop).start();
    if let Some(dir) = &args.out {
        fs::create_dir_all(dir)
            .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    let shape = Shape::of(args, &template)?;
    let make = |attempt| make(&template, &shape, &target, seed, attempt, &budget);
    let threads = usize::from(args.threads.threads);
    let mut made = 0;
    // Workers take attempts in order from a shared counter; the results
    // are written in attempt order as soon as all those before are in, so
    // no worker waits for another.
    let next_attempt = AtomicU64::new(0);
    thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..threads {
            let sender = sender.clone();
            let (next_attempt, stop, make) = (&next_attempt, &stop, &make);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let attempt = next_attempt.fetch_add(1, Ordering::Relaxed);
                    if sender.send((attempt, make(attempt))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let outcome = 'results: loop {
            let (attempt, result) = match results.recv_timeout(Duration::from_millis(50)) {
                Ok(received) => received,
                Err(RecvTimeoutError::Timeout) => {
                    if cancel.load(Ordering::Relaxed) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break Ok(Status::Ok),
            };
            waiting.insert(attempt, result);
            while let Some(result) = waiting.remove(&due) {
                due += 1;
                match result {
                    Ok(Attempt::Kept(line)) => {
                        made += 1;
                        if let Err(failure) = write(args, made, line) {
                            break 'results Err(failure);
                        }
                        if made == args.count {
                            break 'results Ok(Status::Ok);
                        }
                    }
                    Ok(Attempt::Missed) => {}
                    Ok(Attempt::Stopped(reason)) => {
                        eprintln!("stopped ({reason}) after {made} puzzles");
                        break 'results Ok(Status::Failure);
                    }
                    Err(failure) => break 'results Err(failure),
                }
            }
        };
        stop.store(true, Ordering::Relaxed);
        outcome
    })
}

/// What kind of puzzle a run makes.
enum Shape {
    /// Givens in a pattern of this symmetry, minimal among such patterns.
    Givens(Symmetry),
    /// A Killer with cages of these sizes.
    Killer(RangeInclusive<usize>),
}

impl Shape {
    fn of(args: &GenerateArgs, template: &Variant) -> Result<Shape, Failure> {
        if !args.killer {
            return Ok(Shape::Givens(symmetry(args.symmetry)));
        }
        let side = template.side();
        let sizes = args.cage_size.clone().unwrap_or(2..=5.min(side));
        if *sizes.end() > side {
            return Err(format!(
                "--cage-size {}..{}: a cage holds at most {side} cells on a grid of side {side}",
                sizes.start(),
                sizes.end()
            )
            .into());
        }
        Ok(Shape::Killer(sizes))
    }
}

/// A Killer written as its cage list, or as the JSON document when it has
/// extra units (diagonals, windows), which a cage list cannot say.
fn killer_text(puzzle: &Variant) -> String {
    if puzzle.units().len() > 3 * puzzle.side() {
        to_json(puzzle)
    } else {
        render(puzzle, Notation::CageList, puzzle.givens())
    }
}

/// Attempt `attempt` of the run seeded `seed`.
fn make(
    template: &Variant,
    shape: &Shape,
    target: &Target,
    seed: u64,
    attempt: u64,
    budget: &Budget,
) -> Result<Attempt, Failure> {
    let mut rng = SmallRng::seed_from_u64(seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let symmetry = match shape {
        Shape::Givens(symmetry) => *symmetry,
        Shape::Killer(sizes) => {
            return match killer_puzzle(template, sizes.clone(), &mut rng, budget) {
                Ok(puzzle) => Ok(Attempt::Kept(killer_text(&puzzle))),
                Err(KillerFailure::Stopped(reason)) => Ok(Attempt::Stopped(reason)),
                Err(failure) => Err(failure.to_string().into()),
            };
        }
    };
    let puzzle = match symmetric_puzzle(template, symmetry, &mut rng, budget) {
        Ok(Some(puzzle)) => puzzle,
        Ok(None) => return Err("this kind of grid has no solution".into()),
        Err(reason) => return Ok(Attempt::Stopped(reason)),
    };
    let line = render_grid(puzzle.side(), puzzle.givens(), puzzle.symbols(), true);
    if target.is_none() {
        return Ok(Attempt::Kept(line));
    }
    let grid: Grid = line
        .parse()
        .map_err(|error| format!("a generated 9×9 puzzle reads back: {error}"))?;
    let board = Board::new(&grid).map_err(|error| error.to_string())?;
    Ok(match target.judge(board, budget) {
        Ok(true) => Attempt::Kept(line),
        Ok(false) => Attempt::Missed,
        Err(reason) => Attempt::Stopped(reason),
    })
}

/// What the puzzles kept must meet: a level on HoDoKu's scale, a range of
/// Sudoku Explainer ratings, a level on QQWing's scale (each if asked).
struct Target {
    level: Option<Level>,
    rating: Option<RatingRange>,
    qqwing: Option<QqwingLevel>,
}

impl Target {
    /// The targets asked: the rater knows the classic 9×9 only.
    fn of(args: &GenerateArgs) -> Result<Target, Failure> {
        let target = Target {
            level: args.difficulty.map(|difficulty| match difficulty {
                DifficultyArg::Easy => Level::Easy,
                DifficultyArg::Medium => Level::Medium,
                DifficultyArg::Hard => Level::Hard,
                DifficultyArg::Unfair => Level::Unfair,
            }),
            rating: args.rating,
            qqwing: args.qqwing.map(|level| match level {
                QqwingArg::Simple => QqwingLevel::Simple,
                QqwingArg::Easy => QqwingLevel::Easy,
                QqwingArg::Intermediate => QqwingLevel::Intermediate,
                QqwingArg::Expert => QqwingLevel::Expert,
            }),
        };
        if !target.is_none() && (args.size != 9 || args.diagonals || args.windows) {
            return Err("--difficulty, --rating and --qqwing: the rater works on classic 9×9 grids only (no --size, --diagonals or --windows)".into());
        }
        Ok(target)
    }

    fn is_none(&self) -> bool {
        self.level.is_none() && self.rating.is_none() && self.qqwing.is_none()
    }

    /// Whether the puzzle on `board` meets every target; `Err` when the
    /// budget stopped the rating first. The cheap checks come first, and
    /// the rating stops at the first step above the range.
    fn judge(&self, board: Board, budget: &Budget) -> Result<bool, StopReason> {
        if let Some(level) = self.qqwing {
            if QqwingLevel::of(&board) != level {
                return Ok(false);
            }
        }
        if let Some(level) = self.level {
            // By the techniques, without searching for steps harder than
            // the level asked; then, for a puzzle that passes, the level
            // `rate` gives, which the score may raise.
            if gridsolve_logic::level_at_most(board.clone(), level) != Some(level) {
                return Ok(false);
            }
            let givens = 81 - board.empty_count();
            let path = solve_path_within(board.clone(), budget);
            if let Some(reason) = path.stopped {
                return Err(reason);
            }
            if difficulty_of(&path, givens).level() != level {
                return Ok(false);
            }
        }
        let Some(range) = self.rating else {
            return Ok(true);
        };
        let mut board = board;
        let mut hardest = 0;
        while board.empty_count() > 0 {
            match next_step_within(&board, budget) {
                Ok(Some(step)) if step.rating.0 <= range.high => {
                    hardest = hardest.max(step.rating.0);
                    step.apply(&mut board);
                }
                // Above the range, or the techniques ran out.
                Ok(_) => return Ok(false),
                Err(reason) => return Err(reason),
            }
        }
        Ok(hardest >= range.low)
    }
}

fn write(args: &GenerateArgs, number: u64, line: String) -> Result<(), Failure> {
    match &args.out {
        // A Killer's block of lines is kept apart from the one before.
        None if number > 1 && line.contains('\n') => print_line(format!("\n{line}")),
        None => print_line(line),
        Some(dir) => {
            let path = dir.join(format!("puzzle-{number:03}.txt"));
            fs::write(&path, line + "\n")
                .map_err(|error| Failure::from(format!("cannot write {}: {error}", path.display())))
        }
    }
}

/// The empty grid of the requested size and extra units.
fn template(args: &GenerateArgs) -> Result<Variant, Failure> {
    let shape = shape_for_side(args.size).ok_or_else(|| {
        format!(
            "--size {}: expected 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25",
            args.size
        )
    })?;
    let mut template = Variant::new(shape);
    if args.diagonals {
        template = template
            .with_diagonals()
            .map_err(|error| error.to_string())?;
    }
    if args.windows {
        template = template.with_windows().map_err(|error| error.to_string())?;
    }
    Ok(template)
}

fn symmetry(arg: SymmetryArg) -> Symmetry {
    match arg {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rotate180 => Symmetry::Rotate180,
        SymmetryArg::Rotate90 => Symmetry::Rotate90,
        SymmetryArg::Mirror => Symmetry::Mirror,
        SymmetryArg::Diagonal => Symmetry::Diagonal,
    }
}
