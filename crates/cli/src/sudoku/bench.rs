//! `gridsolve sudoku bench`: puzzles per second over whole files.
//!
//! Each file is read once, up front, as the records it holds (classic
//! 9×9 records, or variant puzzles when `--variant` says so or its
//! notation shows it, as `solve` reads it); after one untimed warm-up
//! pass, timed passes run over all its puzzles (in parallel with
//! `--threads`) until `--repeat-secs` have passed, as the peer harnesses
//! do: the figure is the solver's alone. "Solve" means: look for up to
//! `--limit` solutions (default 2, which proves uniqueness, as the
//! standard benchmark harnesses do). A second figure per file, *end to
//! end*, times what `gridsolve sudoku solve` does: read the file, parse
//! each record, solve it, and write the answer in its own form (to a
//! sink).

use super::classic::ClassicSource;
use super::puzzle::Puzzle;
use super::variant::{recognised_in, refuse_on_classic, VariantSource};
use super::PuzzleSource;
use crate::args::{BenchArgs, BenchFormat, InFormat};
use crate::batch::{Source, Unread};
use crate::failure::{print_line, Failure, VerbResult};
use crate::stage::{worker_pool, RunBudget};
use crate::status::Status;
use gridsolve_search::Stats;
use gridsolve_sudoku::variant::CageRules;
use gridsolve_sudoku::Solver;
use rayon::prelude::*;
use rayon::ThreadPool;
use serde::Serialize;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub fn run(args: &BenchArgs, cancel: &Arc<AtomicBool>) -> VerbResult {
    let pool = worker_pool(&args.threads)?;
    let solver = Solver::new(args.strategy)
        .with_budget(RunBudget::cancel_only(cancel).start())
        .with_max_solutions(args.limit)
        .with_cage_rules(CageRules {
            combinations: !args.variant.no_combinations,
            rule_of_45: !args.variant.no_rule_of_45,
        });
    if args.format == BenchFormat::Text {
        print_line(format_args!(
            "{:<36} {:>8} {:>6} {:>7} {:>12} {:>10} {:>9} {:>10} {:>9} {:>16}",
            "file",
            "puzzles",
            "passes",
            "secs",
            "puzzles/s",
            "µs/puzzle",
            "guesses",
            "nodes",
            "no-guess%",
            "unique/multi/none"
        ))?;
    }
    let bench = Bench {
        args,
        solver: &solver,
        pool: &pool,
        cancel,
    };
    let mut status = Status::Ok;
    for path in &args.files {
        if !rereadable(path) {
            eprintln!(
                "{}: bench reads each file again and again (its timed passes, then end to end), \
                 which stdin or a pipe cannot be: save it to a file first",
                path.display()
            );
            status = status.worst(Status::InputError);
            continue;
        }
        let measured = match args
            .variant
            .notation
            .variant
            .or_else(|| recognised_in(path))
        {
            Some(form) => VariantSource::new(&args.variant.notation, InFormat::Auto, form)
                .and_then(|source| bench.file(&source, path)),
            None => refuse_on_classic(&args.variant)
                .and_then(|()| bench.file(&ClassicSource { forced: None }, path)),
        };
        if cancel.load(Ordering::Relaxed) {
            eprintln!("{}: interrupted (Ctrl-C), no figures", path.display());
            return Ok(status.worst(Status::Failure));
        }
        match measured {
            Ok(file_status) => status = status.worst(file_status),
            Err(Failure::Message(message)) => {
                eprintln!("{}: {message}", path.display());
                status = status.worst(Status::InputError);
            }
            Err(failure) => return Err(failure),
        }
    }
    Ok(status)
}

/// Whether the input at `path` can be read more than once: not stdin
/// (`-`), nor a pipe (a FIFO, `/dev/stdin`); a path that cannot be opened
/// is left to say so when it is read.
fn rereadable(path: &Path) -> bool {
    let pipe = std::fs::metadata(path).is_ok_and(|found| !found.is_file() && !found.is_dir());
    path.as_os_str() != "-" && !pipe
}

/// What every file is measured with.
struct Bench<'a> {
    args: &'a BenchArgs,
    solver: &'a Solver,
    pool: &'a ThreadPool,
    /// Raised by Ctrl-C: the searches stop, and so do the passes.
    cancel: &'a AtomicBool,
}

impl Bench<'_> {
    /// Measures the file at `path`, read by `source`, and prints its
    /// figures: `InputError` when some record was malformed (each is
    /// reported on stderr) or there was none.
    fn file<S: PuzzleSource>(&self, source: &S, path: &Path) -> Result<Status, Failure> {
        let (puzzles, malformed) = load(source, path)?;
        if puzzles.is_empty() {
            return Err("no puzzles".into());
        }
        let solve_all = || -> Tally {
            self.pool.install(|| {
                puzzles
                    .par_iter()
                    .with_min_len(64)
                    .map(|puzzle| Tally::of(self.solver, puzzle))
                    .reduce(Tally::default, Tally::merge)
            })
        };
        solve_all(); // warm-up
        let started = Instant::now();
        let mut passes = 0u64;
        let mut tally = Tally::default();
        while passes == 0 || started.elapsed().as_secs_f64() < self.args.repeat_secs {
            if self.cancelled() {
                return Ok(Status::Failure);
            }
            tally = solve_all();
            passes += 1;
        }
        let secs = started.elapsed().as_secs_f64();
        let end_to_end = self.pool.install(|| self.end_to_end(source, path))?;
        if self.cancelled() {
            return Ok(Status::Failure);
        }
        let report = Report::new(
            self.args,
            path,
            passes,
            secs,
            &tally,
            puzzles.len(),
            end_to_end,
        );
        report.print(self.args.format)?;
        Ok(if malformed > 0 {
            Status::InputError
        } else {
            Status::Ok
        })
    }

    /// Whether Ctrl-C has stopped the run.
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Puzzles per second doing what `sudoku solve` does with `path`:
    /// read and parse it, solve each puzzle (in parallel on the current
    /// pool), and write each answer in its puzzle's form (to a sink, so
    /// the disk is not timed); passes repeated for `--repeat-secs` (at
    /// least one), as the solve-only rate is, so the two compare: end to
    /// end is the slower.
    fn end_to_end<S: PuzzleSource>(&self, source: &S, path: &Path) -> Result<f64, Failure> {
        let started = Instant::now();
        let mut puzzles = 0usize;
        while (puzzles == 0 || started.elapsed().as_secs_f64() < self.args.repeat_secs)
            && !self.cancelled()
        {
            let solved = self.end_to_end_pass(source, path)?;
            if solved == 0 {
                break;
            }
            puzzles += solved;
        }
        Ok(puzzles as f64 / started.elapsed().as_secs_f64())
    }

    /// One end-to-end pass over `path`: the puzzles it solved.
    fn end_to_end_pass<S: PuzzleSource>(&self, source: &S, path: &Path) -> Result<usize, Failure> {
        let (file, _) =
            crate::input::open(path).map_err(|error| format!("cannot read: {error}"))?;
        let puzzles: Vec<S::Record> = source
            .records(Box::new(BufReader::new(file)))
            .filter_map(Result::ok)
            .collect();
        let answers: Vec<Option<String>> = puzzles
            .par_iter()
            .with_min_len(64)
            .map(|puzzle| {
                let answer = puzzle.search(self.solver).solution;
                answer.map(|answer| puzzle.render(&answer, None))
            })
            .collect();
        let mut sink = io::BufWriter::new(io::sink());
        for answer in answers.iter().flatten() {
            writeln!(sink, "{answer}").map_err(|error| error.to_string())?;
        }
        sink.flush().map_err(|error| error.to_string())?;
        Ok(puzzles.len())
    }
}

/// One file's figures.
#[derive(Serialize)]
struct Report {
    file: String,
    strategy: String,
    puzzles: usize,
    threads: u16,
    limit: u64,
    passes: u64,
    secs: f64,
    puzzles_per_sec: f64,
    us_per_puzzle: f64,
    guesses_per_puzzle: f64,
    nodes_per_puzzle: f64,
    no_guess_pct: f64,
    unique: u64,
    multiple: u64,
    none: u64,
    end_to_end_puzzles_per_sec: f64,
}

impl Report {
    fn new(
        args: &BenchArgs,
        path: &Path,
        passes: u64,
        secs: f64,
        tally: &Tally,
        puzzles: usize,
        end_to_end: f64,
    ) -> Self {
        let solved = (passes * puzzles as u64) as f64;
        let per_pass = puzzles as f64;
        Report {
            file: path.file_name().map_or_else(
                || path.display().to_string(),
                |name| name.to_string_lossy().into_owned(),
            ),
            strategy: args.strategy.to_string(),
            puzzles,
            threads: args.threads.threads,
            limit: args.limit,
            passes,
            secs,
            puzzles_per_sec: solved / secs,
            us_per_puzzle: secs * 1e6 / solved,
            guesses_per_puzzle: tally.stats.guesses as f64 / per_pass,
            nodes_per_puzzle: tally.stats.nodes as f64 / per_pass,
            no_guess_pct: 100.0 * tally.no_guess as f64 / per_pass,
            unique: tally.unique,
            multiple: tally.multiple,
            none: tally.none,
            end_to_end_puzzles_per_sec: end_to_end,
        }
    }

    fn print(&self, format: BenchFormat) -> Result<(), Failure> {
        match format {
            BenchFormat::Text => {
                print_line(format_args!(
                    "{:<36} {:>8} {:>6} {:>7.3} {:>12.1} {:>10.3} {:>9.2} {:>10.1} {:>9.1} {:>16}",
                    self.file,
                    self.puzzles,
                    self.passes,
                    self.secs,
                    self.puzzles_per_sec,
                    self.us_per_puzzle,
                    self.guesses_per_puzzle,
                    self.nodes_per_puzzle,
                    self.no_guess_pct,
                    format!("{}/{}/{}", self.unique, self.multiple, self.none),
                ))?;
                print_line(format_args!(
                    "  end-to-end {:<23} {:>34.1} puzzles/s (read, parse, solve, write)",
                    self.file, self.end_to_end_puzzles_per_sec
                ))
            }
            BenchFormat::Json => print_line(
                serde_json::to_string(self)
                    .map_err(|error| format!("cannot write a report: {error}"))?,
            ),
        }
    }
}

/// Per-pass counters.
#[derive(Clone, Copy, Default)]
struct Tally {
    stats: Stats,
    no_guess: u64,
    unique: u64,
    multiple: u64,
    none: u64,
}

impl Tally {
    fn of<P: Puzzle>(solver: &Solver, puzzle: &P) -> Tally {
        let exploration = puzzle.search(solver);
        let found = exploration.solutions();
        Tally {
            stats: exploration.stats,
            no_guess: u64::from(exploration.stats.guesses == 0),
            unique: u64::from(found == 1),
            multiple: u64::from(found >= 2),
            none: u64::from(found == 0),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.stats += other.stats;
        self.no_guess += other.no_guess;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.none += other.none;
        self
    }
}

/// The puzzles `source` reads from `path` and the number of malformed
/// records (each reported on stderr).
fn load<S: Source>(source: &S, path: &Path) -> Result<(Vec<S::Record>, usize), Failure> {
    let (file, _) = crate::input::open(path).map_err(|error| format!("cannot read: {error}"))?;
    let mut puzzles = Vec::new();
    let mut malformed = 0;
    for item in source.records(Box::new(BufReader::new(file))) {
        match item {
            Ok(record) => puzzles.push(record),
            Err(Unread::Failed(message)) => return Err(message.into()),
            Err(Unread::Malformed(error)) => {
                eprintln!("{}: {error}", path.display());
                malformed += 1;
            }
        }
    }
    Ok((puzzles, malformed))
}
