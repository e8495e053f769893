//! `gridsolve sudoku generate`: random minimal puzzles of any size, with
//! one solution each, written one a line (the one-line grid form) or one a
//! file. The puzzles come from `gridsolve_sudoku::variant::minimal_puzzle`.

use crate::args::GenerateArgs;
use crate::failure::{print_line, Failure, VerbResult};
use crate::stage::RunBudget;
use crate::status::Status;
use gridsolve_sudoku::variant::{minimal_puzzle, render_grid, shape_for_side, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::fs;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

pub fn run(args: &GenerateArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let template = template(args)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    let mut rng = SmallRng::seed_from_u64(seed);
    let budget = RunBudget::timed(&args.time, cancel).start();
    if let Some(dir) = &args.out {
        fs::create_dir_all(dir)
            .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    for number in 1..=args.count {
        let puzzle = match minimal_puzzle(&template, &mut rng, &budget) {
            Ok(Some(puzzle)) => puzzle,
            Ok(None) => return Err("this kind of grid has no solution".into()),
            Err(reason) => {
                eprintln!("stopped ({reason}) after {} puzzles", number - 1);
                return Ok(Status::Failure);
            }
        };
        let line = render_grid(puzzle.side(), puzzle.givens(), puzzle.symbols(), true);
        match &args.out {
            None => print_line(line)?,
            Some(dir) => {
                let path = dir.join(format!("puzzle-{number:03}.txt"));
                fs::write(&path, line + "\n").map_err(|error| {
                    Failure::from(format!("cannot write {}: {error}", path.display()))
                })?;
            }
        }
    }
    Ok(Status::Ok)
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
