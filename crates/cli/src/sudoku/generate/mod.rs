//! `gridsolve sudoku generate`: random minimal puzzles of any size, with
//! one solution each, optionally in a symmetric pattern, within clue
//! bounds and of a given level (or only those the techniques of `explain`
//! finish), on each puzzle's own jigsaw regions if asked; or Killer
//! puzzles (cages, no givens).
//! [`output`] writes them, one a line or block, or one a file.
//!
//! Attempt `k` of a run draws from its own generator, seeded from the
//! run's seed and `k` (attempt 0 from the seed itself), and the puzzles
//! kept are the first attempts, in attempt order, that meet the level
//! asked: so the same seed gives the same puzzles on any number of
//! threads. The threads take attempts from a shared counter; attempts
//! still running when the last puzzle is found are thrown away. The
//! puzzles come from `gridsolve_sudoku::variant::puzzle_of_solution`, on
//! a full grid from `random_solution` (for a jigsaw, on the layout and
//! full grid `random_jigsaw` makes), and `killer_puzzle`, their
//! levels and ratings from `gridsolve_logic`'s techniques, as `sudoku
//! rate` gives them.

mod output;

use crate::args::{DifficultyArg, GenerateArgs, QqwingArg, RatingRange, SymmetryArg};
use crate::failure::{Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use gridsolve_logic::{classic_puzzle, difficulty_of, next_step_within, solve_path_within};
use gridsolve_logic::{variant_path, Board, Level, QqwingLevel, Scale, VariantBoard};
use gridsolve_search::{Budget, StopReason};
use gridsolve_sudoku::variant::{killer_puzzle, random_jigsaw, shape_for_side, Variant};
use gridsolve_sudoku::variant::{puzzle_of_solution, random_solution, KillerFailure};
use gridsolve_sudoku::variant::{Shape as GridShape, Symmetry};
use gridsolve_sudoku::{Solver, Strategy};
use output::{write, Output, Written};
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
    /// A puzzle of the level asked, written out.
    Kept(Written),
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
    let output = Output::of(args)?;
    let made_by = Maker {
        template: &template,
        jigsaw: args.jigsaw,
        shape: &shape,
        target: &target,
        output: &output,
        seed,
        budget: &budget,
    };
    let make = |attempt| made_by.make(attempt);
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
                    Ok(Attempt::Kept(written)) => {
                        made += 1;
                        if let Err(failure) = write(args, &output, made, written) {
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
    /// Givens in a pattern of this symmetry, at least `floor` and at most
    /// `most` of them, each removal's check at most `check_nodes` nodes,
    /// minimal among such patterns when `minimal` (as they all are with
    /// no floor and no cap).
    Givens {
        symmetry: Symmetry,
        floor: usize,
        most: usize,
        check_nodes: Option<u64>,
        minimal: bool,
    },
    /// A Killer with cages of these sizes.
    Killer(RangeInclusive<usize>),
}

impl Shape {
    fn of(args: &GenerateArgs, template: &Variant) -> Result<Shape, Failure> {
        if !args.killer {
            let (floor, most) = args
                .clues
                .as_ref()
                .map_or((0, usize::MAX), |clues| (*clues.start(), *clues.end()));
            return Ok(Shape::Givens {
                symmetry: symmetry(args.symmetry),
                floor,
                most,
                check_nodes: args.check_nodes,
                minimal: args.minimal,
            });
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

/// What every attempt of a run shares.
struct Maker<'a> {
    template: &'a Variant,
    /// Whether each attempt lays out regions of its own on the template.
    jigsaw: bool,
    shape: &'a Shape,
    target: &'a Target,
    output: &'a Output,
    seed: u64,
    budget: &'a Budget,
}

impl Maker<'_> {
    /// Attempt `attempt` of the run.
    fn make(&self, attempt: u64) -> Result<Attempt, Failure> {
        let mut rng =
            SmallRng::seed_from_u64(self.seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // A jigsaw's layout comes with a full grid of it.
        let jigsaw;
        let (template, full) = if self.jigsaw {
            let (layout, full) = match random_jigsaw(self.template, &mut rng, self.budget) {
                Ok(made) => made,
                Err(reason) => return Ok(Attempt::Stopped(reason)),
            };
            jigsaw = layout;
            (&jigsaw, Some(full))
        } else {
            (self.template, None)
        };
        let (puzzle, solution) = match self.shape {
            Shape::Givens {
                symmetry,
                floor,
                most,
                check_nodes,
                minimal,
            } => {
                let full = match full.map_or_else(
                    || random_solution(template, &mut rng, self.budget),
                    |full| Ok(Some(full)),
                ) {
                    Ok(Some(full)) => full,
                    Ok(None) => return Err("this kind of grid has no solution".into()),
                    Err(reason) => return Ok(Attempt::Stopped(reason)),
                };
                let made = match puzzle_of_solution(
                    template,
                    full,
                    *symmetry,
                    *floor,
                    *check_nodes,
                    &mut rng,
                    self.budget,
                ) {
                    Ok(made) => made,
                    Err(reason) => return Ok(Attempt::Stopped(reason)),
                };
                let givens = made.puzzle.givens().iter().filter(|&&value| value != 0);
                if givens.count() > *most || (*minimal && !made.minimal) {
                    return Ok(Attempt::Missed);
                }
                (made.puzzle, made.solution)
            }
            Shape::Killer(sizes) => {
                match killer_puzzle(template, sizes.clone(), &mut rng, self.budget) {
                    Ok(puzzle) => {
                        let found = Solver::new(Strategy::Bitboard)
                            .with_budget(self.budget.clone())
                            .explore_variant(&puzzle);
                        match (found.solution, found.stopped) {
                            (Some(solution), _) => (puzzle, solution),
                            (None, Some(reason)) => return Ok(Attempt::Stopped(reason)),
                            (None, None) => return Err("a generated Killer has no solution".into()),
                        }
                    }
                    Err(KillerFailure::Stopped(reason)) => return Ok(Attempt::Stopped(reason)),
                    Err(failure) => return Err(failure.to_string().into()),
                }
            }
        };
        // The classic techniques and the rater take a classic 9×9 puzzle
        // (the only kind the rater's options let through), the general
        // model's techniques every other kind, as `explain` does.
        let board = match classic_puzzle(&puzzle) {
            Ok(grid) if self.target.is_some() || self.output.rate => {
                Some(Board::new(&grid).map_err(|error| error.to_string())?)
            }
            _ => None,
        };
        let judged = match &board {
            Some(board) => self.target.judge(board.clone(), self.budget),
            None if self.target.logic => solved_by_logic(&puzzle, self.budget),
            None => Ok(true),
        };
        match judged {
            Ok(true) => {}
            Ok(false) => return Ok(Attempt::Missed),
            Err(reason) => return Ok(Attempt::Stopped(reason)),
        }
        let rating = match board.filter(|_| self.output.rate) {
            Some(board) => {
                let givens = 81 - board.empty_count();
                let path = solve_path_within(board, self.budget);
                if let Some(reason) = path.stopped {
                    return Ok(Attempt::Stopped(reason));
                }
                Some(difficulty_of(&path, givens))
            }
            None => None,
        };
        Ok(Attempt::Kept(self.output.written(
            &puzzle,
            &solution,
            rating.as_ref(),
        )?))
    }
}

/// What the puzzles kept must meet: a level on HoDoKu's scale, a range of
/// Sudoku Explainer ratings, a level on QQWing's scale, a path the
/// techniques finish (each if asked).
struct Target {
    level: Option<Level>,
    rating: Option<RatingRange>,
    qqwing: Option<QqwingLevel>,
    logic: bool,
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
            logic: args.logic,
        };
        if target.rates() && (args.size != 9 || args.diagonals || args.windows) {
            return Err("--difficulty, --rating and --qqwing: the rater works on classic 9×9 grids only (no --size, --diagonals or --windows)".into());
        }
        Ok(target)
    }

    /// Whether a level or rating is asked, which the rater gives.
    fn rates(&self) -> bool {
        self.level.is_some() || self.rating.is_some() || self.qqwing.is_some()
    }

    fn is_some(&self) -> bool {
        self.rates() || self.logic
    }

    /// Whether the classic puzzle on `board` meets every target; `Err`
    /// when the budget stopped the rating first. The cheap checks come
    /// first, and the rating stops at the first step above the range.
    fn judge(&self, board: Board, budget: &Budget) -> Result<bool, StopReason> {
        if let Some(level) = self.qqwing {
            if QqwingLevel::of(&board) != level {
                return Ok(false);
            }
        }
        if let Some(level) = self.level {
            // The level `rate` gives, without searching for steps harder
            // than the level asked.
            if gridsolve_logic::level_at_most(board.clone(), level, budget)? != Some(level) {
                return Ok(false);
            }
        }
        let Some(range) = self.rating else {
            // A level is given only to a puzzle the techniques solve.
            if self.logic && self.level.is_none() {
                let path = solve_path_within(board, budget);
                return finished(path.stopped, path.solved());
            }
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

/// Whether the general model's techniques solve `puzzle` to the end, as
/// `explain` walks them; `Err` when the budget stopped them first.
fn solved_by_logic(puzzle: &Variant, budget: &Budget) -> Result<bool, StopReason> {
    let path = variant_path(VariantBoard::new(puzzle), Scale::Explainer, budget);
    finished(path.stopped, path.solved())
}

/// Whether a path filled its grid (`solved`), or why the budget stopped it.
fn finished(stopped: Option<StopReason>, solved: bool) -> Result<bool, StopReason> {
    stopped.map_or(Ok(solved), Err)
}

/// The empty grid of the requested size and extra units (a jigsaw's
/// boxes, or rows on a side with none, to be reshaped into its regions).
fn template(args: &GenerateArgs) -> Result<Variant, Failure> {
    let jigsaw_shape = || GridShape::regions_only(args.size).ok();
    let shape = shape_for_side(args.size)
        .or_else(|| jigsaw_shape().filter(|_| args.jigsaw))
        .ok_or_else(|| {
            let expected = if args.jigsaw {
                "a side from 4 to 25"
            } else {
                "4, 6, 8, 9, 10, 12, 15, 16, 20 or 25 (with --jigsaw, any side from 4 to 25)"
            };
            format!("--size {}: expected {expected}", args.size)
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
