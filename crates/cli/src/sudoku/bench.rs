//! `gridsolve sudoku bench`: puzzles per second over whole files.
//!
//! Each file is parsed once, up front; then timed passes run over all its
//! puzzles (in parallel with `--threads`) until `--min-secs` have passed.
//! "Solve" means: look for up to `--limit` solutions (default 2, which
//! proves uniqueness, as the standard benchmark harnesses do).

use crate::args::BenchArgs;
use crate::status::Status;
use gridsolve_search::{Limits, Stats};
use gridsolve_sudoku::{Grid, ReadError, Records, Solver};
use rayon::prelude::*;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::Instant;

pub fn run(args: &BenchArgs) -> Status {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()
        .expect("a thread pool of a few threads can be built");
    let solver = Solver::new(args.strategy).with_limits(Limits::solutions(args.limit));
    println!(
        "{:<36} {:>8} {:>6} {:>7} {:>12} {:>10} {:>9} {:>10} {:>16}",
        "file",
        "puzzles",
        "passes",
        "secs",
        "puzzles/s",
        "µs/puzzle",
        "guesses",
        "nodes",
        "unique/multi/none"
    );
    let mut status = Status::Ok;
    for path in &args.files {
        let puzzles = match load(path) {
            Ok((puzzles, malformed)) => {
                if malformed > 0 {
                    status = status.worst(Status::InputError);
                }
                puzzles
            }
            Err(message) => {
                eprintln!("{}: {message}", path.display());
                status = status.worst(Status::InputError);
                continue;
            }
        };
        if puzzles.is_empty() {
            eprintln!("{}: no puzzles", path.display());
            status = status.worst(Status::InputError);
            continue;
        }
        let solve_all = || -> Tally {
            pool.install(|| {
                puzzles
                    .par_iter()
                    .with_min_len(64)
                    .map(|puzzle| Tally::of(&solver, puzzle))
                    .reduce(Tally::default, Tally::merge)
            })
        };
        let started = Instant::now();
        let mut passes = 0u64;
        let mut tally = Tally::default();
        while passes == 0 || started.elapsed().as_secs_f64() < args.min_secs {
            tally = solve_all();
            passes += 1;
        }
        let secs = started.elapsed().as_secs_f64();
        let solved = (passes * puzzles.len() as u64) as f64;
        let per_pass = puzzles.len() as f64;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        println!(
            "{:<36} {:>8} {:>6} {:>7.3} {:>12.1} {:>10.3} {:>9.2} {:>10.1} {:>16}",
            name,
            puzzles.len(),
            passes,
            secs,
            solved / secs,
            secs * 1e6 / solved,
            tally.stats.guesses as f64 / per_pass,
            tally.stats.nodes as f64 / per_pass,
            format!("{}/{}/{}", tally.unique, tally.multiple, tally.none),
        );
    }
    status
}

/// Per-pass counters.
#[derive(Clone, Copy, Default)]
struct Tally {
    stats: Stats,
    unique: u64,
    multiple: u64,
    none: u64,
}

impl Tally {
    fn of(solver: &Solver, puzzle: &Grid) -> Tally {
        let exploration = solver.explore(puzzle);
        let found = exploration.solutions();
        Tally {
            stats: exploration.stats,
            unique: u64::from(found == 1),
            multiple: u64::from(found >= 2),
            none: u64::from(found == 0),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.stats += other.stats;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.none += other.none;
        self
    }
}

/// The puzzles of `path` and the number of malformed records (each
/// reported on stderr).
fn load(path: &Path) -> Result<(Vec<Grid>, usize), String> {
    let file = File::open(path).map_err(|error| format!("cannot read: {error}"))?;
    let mut puzzles = Vec::new();
    let mut malformed = 0;
    for item in Records::new(BufReader::new(file)) {
        match item {
            Ok(record) => puzzles.push(record.grid),
            Err(error @ ReadError::Io { .. }) => return Err(error.to_string()),
            Err(ReadError::Parse(error)) => {
                eprintln!("{}: {error}", path.display());
                malformed += 1;
            }
        }
    }
    Ok((puzzles, malformed))
}
