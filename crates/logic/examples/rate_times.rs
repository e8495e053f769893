//! Rates each puzzle read from standard input (81 characters a line) and
//! prints its ER and the seconds the rating took, one line a puzzle, after
//! a warm-up pass over the same puzzles: the per-puzzle timer beside which
//! `scripts/bench-sukaku.sh` runs Sukaku Explainer's.
//!
//! ```text
//! cargo run --release -p gridsolve-logic --example rate_times < puzzles.txt
//! ```

use gridsolve_logic::rate;
use gridsolve_sudoku::Grid;
use std::io::{self, BufRead, Write};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut puzzles = Vec::new();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let grid: Grid = text
            .parse()
            .map_err(|error| format!("line {}: {error}", number + 1))?;
        puzzles.push(grid);
    }
    for grid in &puzzles {
        rate(grid)?;
    }
    let mut out = io::stdout().lock();
    for grid in &puzzles {
        let start = Instant::now();
        let difficulty = rate(grid)?;
        let seconds = start.elapsed().as_secs_f64();
        let er = difficulty.er.map_or("?".to_string(), |er| er.to_string());
        writeln!(out, "{er} {seconds:.9}")?;
    }
    Ok(())
}
