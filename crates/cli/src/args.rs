//! Command-line arguments, as clap sees them.
//!
//! Only parsing lives here: validated values, no behaviour. Each subcommand
//! module turns its arguments into library calls.

use clap::{Args, Parser, Subcommand, ValueEnum};
use gridsolve_search::TraceFormat;
use gridsolve_sudoku::{InputFormat, Strategy, TextFormat};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

/// The most threads `--threads` takes, per CPU of the machine: more only
/// share the same cores and cost memory and start-up time.
pub const THREADS_PER_CPU: usize = 4;

/// Reads `--threads`: 1 up to [`THREADS_PER_CPU`] × the CPUs of this
/// machine.
fn parse_threads(text: &str) -> Result<u16, String> {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let most = THREADS_PER_CPU * cpus;
    let threads: usize = text
        .parse()
        .map_err(|_| format!("expected a whole number of threads, 1 to {most}"))?;
    if threads == 0 || threads > most {
        return Err(format!(
            "expected 1 to {most} threads ({THREADS_PER_CPU} per CPU, {cpus} CPUs here)"
        ));
    }
    u16::try_from(threads).map_err(|_| format!("expected 1 to {most} threads"))
}

/// Reads a number of seconds: finite and not negative.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Ok(seconds),
        _ => Err("expected a number of seconds, 0 or more (e.g. 2.5)".to_string()),
    }
}

/// `--threads`, for every verb that spreads its work over workers.
#[derive(Debug, Args)]
pub struct ThreadsArgs {
    /// Worker threads, 1 to 4 per CPU (output order always equals input
    /// order).
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: u16,
}

/// `--timeout`, for every verb whose searches can be stopped by time.
/// What it bounds (each record's search, each unit, or the whole run) is
/// in each verb's help.
#[derive(Debug, Args)]
pub struct TimeoutArgs {
    /// Stop after this long (e.g. `500ms`, `10s`, `2m`, `2h`); what was
    /// found by then is reported, counts as lower bounds.
    #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub timeout: Option<Duration>,
}

/// `--max-nodes` and `--timeout`: the search budget.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Stop after this many search nodes; counts are then lower bounds.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    #[command(flatten)]
    pub time: TimeoutArgs,
}

/// Solve, check and count constraint-backtracking puzzles.
#[derive(Debug, Parser)]
#[command(name = "gridsolve", version, about, propagate_version = true)]
pub struct Cli {
    /// The puzzle domain.
    #[command(subcommand)]
    pub domain: Domain,
}

/// A puzzle domain.
#[derive(Debug, Subcommand)]
pub enum Domain {
    /// Sudoku: classic 9×9 and variants (sizes 4×4 to 25×25, jigsaw,
    /// X-Sudoku, windoku, Killer).
    #[command(subcommand)]
    Sudoku(SudokuCommand),
    /// N-Queens: n queens on an n×n board, none attacking another.
    #[command(subcommand)]
    Queens(QueensCommand),
    /// Exact cover: Algorithm X with dancing links, Knuth's DLX format.
    #[command(subcommand)]
    Cover(CoverCommand),
    /// Serve the web page (paste a puzzle, watch the search) and its JSON
    /// API (docs/API.md) until Ctrl-C.
    Serve(ServeArgs),
    /// Print a shell's completion script (e.g. `gridsolve completions bash
    /// > /etc/bash_completion.d/gridsolve`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff (`gridsolve man > gridsolve.1; man ./gridsolve.1`).
    Man,
}

/// Arguments of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,

    /// Open the page in the default browser once the server is up.
    #[arg(long)]
    pub open: bool,

    /// Nodes one request's search may visit.
    #[arg(long, value_name = "N", default_value_t = 5_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,

    /// Time one request's search may take (e.g. `500ms`, `2s`).
    #[arg(long, value_name = "DURATION", default_value = "2s", value_parser = humantime::parse_duration)]
    pub timeout: Duration,
}

/// What to do with exact-cover problems.
#[derive(Debug, Subcommand)]
pub enum CoverCommand {
    /// Print solutions (the first `--limit`), each as its options' lines.
    ///
    /// `--max-nodes` and `--timeout` bound the whole search.
    Solve(CoverSolveArgs),
    /// Count solutions.
    ///
    /// `--max-nodes` and `--timeout` bound the whole search.
    Count(CoverCountArgs),
    /// Write a well-known problem in DLX format.
    #[command(subcommand)]
    Emit(EmitCommand),
}

/// A DLX file and how far to search it.
#[derive(Debug, Args)]
pub struct CoverInputArgs {
    /// DLX text file; `-` reads stdin.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// The budget of the whole search.
    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Print solutions, nodes and updates on stderr (counted as DLX1 counts
    /// them; with bounds, as DLX3).
    #[arg(long)]
    pub stats: bool,
}

/// A solution limit: a count, 0 meaning none (every solution).
fn parse_limit(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Ok(u64::MAX),
        Ok(limit) => Ok(limit),
        Err(error) => Err(format!(
            "expected a number of solutions (0 for all): {error}"
        )),
    }
}

/// Arguments of `cover solve`.
#[derive(Debug, Args)]
pub struct CoverSolveArgs {
    #[command(flatten)]
    pub input: CoverInputArgs,

    /// Solutions to print (0: every one).
    #[arg(long, default_value = "1", value_parser = parse_limit)]
    pub limit: u64,

    /// Output form.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Arguments of `cover count`.
#[derive(Debug, Args)]
pub struct CoverCountArgs {
    #[command(flatten)]
    pub input: CoverInputArgs,

    /// Stop counting at this many solutions.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Problems `cover emit` can write.
#[derive(Debug, Subcommand)]
pub enum EmitCommand {
    /// A Sudoku puzzle (one record, any input form) as 324-item exact cover.
    Sudoku {
        /// The puzzle file; `-` reads stdin.
        #[arg(value_name = "INPUT", default_value = "-")]
        input: PathBuf,
    },
    /// N-Queens: rows and columns primary, diagonals secondary; with
    /// `--per-line K`, K queens in each row and column and at most K on
    /// each diagonal (DLX3 bounds).
    Queens {
        /// Board side.
        #[arg(value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
        n: u16,

        /// Queens in each row and column (at most as many on a diagonal).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=64))]
        per_line: Option<u32>,
    },
    /// The N×N matrices of 0s and 1s with K 1s in each row and column
    /// (DLX3 bounds).
    Matrices {
        /// Side.
        #[arg(value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
        n: u16,

        /// 1s in each row and column.
        #[arg(long, value_name = "K", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
        ones: u32,
    },
    /// Langford pairs: two copies of each of 1..N in 2N slots, the two
    /// ks k slots apart.
    Langford {
        /// How many values.
        #[arg(value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1000))]
        n: u16,

        /// Count each arrangement once, not also its reversal.
        #[arg(long)]
        reduce: bool,
    },
    /// Word rectangles with colors (DLX2): each row a word of FILE, each
    /// column a word of `--down` (by default FILE too: word squares).
    Words {
        /// The across words, one a line (blank lines skipped); `-` reads
        /// stdin.
        #[arg(value_name = "FILE")]
        across: PathBuf,

        /// The down words, one a line (default: the across words).
        #[arg(long, value_name = "FILE")]
        down: Option<PathBuf>,
    },
    /// The twelve pentominoes packed into a board.
    Pentomino {
        /// `ROWSxCOLS` (e.g. `6x10`), with `-center` to remove the central
        /// 2×2 (`8x8-center`).
        #[arg(long, default_value = "6x10", conflicts_with = "board_file")]
        board: String,

        /// A board drawn in a file instead: `.` a cell, `#` a hole.
        #[arg(long, value_name = "FILE")]
        board_file: Option<PathBuf>,

        /// Count each packing once per pair of flips (the X pentomino's
        /// centre kept to the top-left quarter; boards symmetric under both
        /// flips, with even sides).
        #[arg(long)]
        reduce: bool,
    },
}

/// What to do with N-Queens boards.
#[derive(Debug, Subcommand)]
pub enum QueensCommand {
    /// Print every placement, in lexicographic order of the column lists.
    List(QueensListArgs),
    /// Count the placements (all, or up to rotation and reflection).
    ///
    /// `--timeout` bounds the whole count.
    Count(QueensCountArgs),
    /// Print one placement: by construction (any n), or by search on a
    /// board with reserved squares.
    One(QueensOneArgs),
    /// Split a count into independent work units (JSON lines).
    Split(QueensSplitArgs),
    /// Count the work units read (JSON lines in, JSON lines out).
    ///
    /// `--timeout` bounds each unit; a stopped unit says so and `merge`
    /// refuses it.
    RunTask(QueensRunTaskArgs),
    /// Add up unit counts, checking every unit was counted exactly once.
    Merge(QueensMergeArgs),
    /// Time counting against a plain bitmask counter.
    Bench(QueensBenchArgs),
}

/// The board: a size, or a file of reserved squares (or both, if they agree).
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// Board side (1 to 32); taken from the board file if omitted.
    #[arg(value_name = "N")]
    pub n: Option<usize>,

    /// A board of `.` (free) and `*` (reserved) squares, n lines of n
    /// characters (CSES 1624).
    #[arg(long, value_name = "FILE")]
    pub blocked: Option<PathBuf>,
}

/// Drawing the search (`--trace`).
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Draw the search: a Mermaid or DOT tree, JSON events, or the dry-run
    /// table. Written to stdout (answers then go to stderr) or to
    /// `--trace-out`.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub trace: Option<TraceFormatArg>,

    /// Record at most this many choices (tree nodes); past it the trace
    /// ends with a line saying how many events were left out, and the
    /// search goes on untraced.
    #[arg(long, value_name = "K", default_value_t = 300, requires = "trace")]
    pub trace_limit: u64,

    /// Write the trace to this file instead of stdout.
    #[arg(long, value_name = "FILE", requires = "trace")]
    pub trace_out: Option<PathBuf>,
}

/// The forms `--trace` can draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormatArg {
    /// A Mermaid `graph TD` of the search tree.
    Mermaid,
    /// The search tree for Graphviz.
    Dot,
    /// One JSON object per event, enough to replay the search.
    Json,
    /// The dry-run table: depth, cell or row, legal values, action.
    Table,
}

impl From<TraceFormatArg> for TraceFormat {
    fn from(format: TraceFormatArg) -> Self {
        match format {
            TraceFormatArg::Mermaid => TraceFormat::Mermaid,
            TraceFormatArg::Dot => TraceFormat::Dot,
            TraceFormatArg::Json => TraceFormat::Json,
            TraceFormatArg::Table => TraceFormat::Table,
        }
    }
}

/// Arguments of `queens list`.
#[derive(Debug, Args)]
pub struct QueensListArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// Only one board of each class of rotations and reflections: its
    /// lexicographically smallest (the 12 fundamental boards of n = 8).
    #[arg(long)]
    pub unique: bool,

    /// Output form.
    #[arg(long, value_enum, default_value_t = BoardFormat::Boards)]
    pub format: BoardFormat,

    /// Print the number of solutions and nodes on stderr.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Arguments of `queens count`.
#[derive(Debug, Args)]
pub struct QueensCountArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// Count placements up to rotation and reflection instead.
    #[arg(long)]
    pub unique: bool,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    /// The timeout of the whole count (the partial count is printed).
    #[command(flatten)]
    pub time: TimeoutArgs,

    /// Print nodes, work units and time on stderr.
    #[arg(long)]
    pub stats: bool,

    /// Keep each finished work unit in FILE (JSON lines, as `run-task`
    /// writes them), and skip the units it already holds: a count stopped
    /// by Ctrl-C, `--timeout`, a crash or a reboot resumes where it stopped.
    #[arg(long, value_name = "FILE", conflicts_with = "trace")]
    pub state: Option<PathBuf>,

    /// With `--trace`, the count comes from the traced search itself: one
    /// thread, row by row, no symmetry pruning (the unique count checks
    /// each solution against its 7 images).
    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Arguments of `queens one`.
#[derive(Debug, Args)]
pub struct QueensOneArgs {
    /// Board side; any n from 1 (millions are fine with `--format cols`).
    #[arg(value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub n: Option<u32>,

    /// A board of `.` (free) and `*` (reserved) squares; searched instead
    /// of constructed.
    #[arg(long, value_name = "FILE")]
    pub blocked: Option<PathBuf>,

    /// Output form.
    #[arg(long, value_enum, default_value_t = BoardFormat::Boards)]
    pub format: BoardFormat,

    /// Check the placement with the independent attack checker.
    #[arg(long)]
    pub verify: bool,

    /// With `--trace`, the placement is the first the row-by-row search
    /// finds (n up to 32), not the construction.
    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Arguments of `queens split`.
#[derive(Debug, Args)]
pub struct QueensSplitArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// Rows fixed by each unit's prefix.
    #[arg(long)]
    pub depth: usize,
}

/// Arguments of `queens run-task`.
#[derive(Debug, Args)]
pub struct QueensRunTaskArgs {
    /// Files of units (JSON lines); `-` or none reads stdin.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    /// The timeout of each unit (a stopped unit says so and `merge`
    /// refuses it).
    #[command(flatten)]
    pub time: TimeoutArgs,
}

/// Arguments of `queens merge`.
#[derive(Debug, Args)]
pub struct QueensMergeArgs {
    /// Files of unit results (JSON lines); `-` or none reads stdin.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Print the count up to rotation and reflection instead.
    #[arg(long)]
    pub unique: bool,

    /// Count K units again, picked at random, and compare each figure
    /// (total, unique, nodes) with their results: a result a faulty or
    /// dishonest worker made up disagrees, and nothing is printed.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub recount: usize,

    /// The seed of the units `--recount` picks (default: one from the
    /// clock, printed so that the check can be repeated).
    #[arg(long, value_name = "S", requires = "recount")]
    pub seed: Option<u64>,

    /// Threads of the recount.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Arguments of `queens bench`.
#[derive(Debug, Args)]
pub struct QueensBenchArgs {
    /// Board sizes to count.
    #[arg(value_name = "N", default_values_t = [14, 15, 16])]
    pub sizes: Vec<usize>,

    /// Threads of the parallel column (1 to 4 per CPU).
    #[arg(long, default_value_t = 2, value_parser = parse_threads)]
    pub threads: u16,

    /// Runs per measurement (the median is reported).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..))]
    pub runs: u16,
}

/// Output form of N-Queens placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardFormat {
    /// Each board as n lines of `Q` and `.`, a blank line between boards.
    Boards,
    /// LeetCode 51's JSON: an array of boards, each an array of row strings.
    Json,
    /// One line per board: the 0-based column of the queen in each row.
    Cols,
}

/// What to do with Sudoku puzzles.
#[derive(Debug, Subcommand)]
pub enum SudokuCommand {
    /// Solve each puzzle; print the filled grid with every clue kept.
    ///
    /// `--max-nodes` and `--timeout` bound each puzzle's search.
    Solve(SolveArgs),
    /// Check each grid against the rules and name every conflict.
    Check(CheckArgs),
    /// Count each puzzle's solutions up to a limit (uniqueness check).
    ///
    /// `--max-nodes` and `--timeout` bound each puzzle's search.
    Count(CountArgs),
    /// Measure solving speed over puzzle files.
    Bench(BenchArgs),
    /// Make random minimal puzzles with one solution each (any size).
    ///
    /// `--timeout` bounds the whole run.
    Generate(GenerateArgs),
    /// The next step a human solver would take, easiest first, and why.
    ///
    /// A classic 9×9 puzzle (in any notation) gets every technique; any
    /// other grid (another size, jigsaw, X, windoku, Killer) those that
    /// reason about units alone, a Killer's cage techniques, and forcing
    /// chains last (nested ones where no plain chain is found).
    Hint(LogicArgs),
    /// The whole solution path as numbered steps, each with its rating
    /// (on any grid, as `hint`).
    Explain(LogicArgs),
    /// Each puzzle's difficulty on the Sudoku Explainer scale (ER, EP, ED)
    /// with the steps per technique (classic 9×9 puzzles, in any notation).
    Rate(RateArgs),
}

/// Arguments of `sudoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub notation: NotationArgs,

    /// Each puzzle's time (its forcing chains can take seconds a step);
    /// a rating the timeout stops is a lower bound.
    #[command(flatten)]
    pub time: TimeoutArgs,

    /// Report form.
    #[arg(long, value_enum, default_value_t = RateFormat::Text)]
    pub format: RateFormat,

    /// Where the level and score come from: `se`, the Sudoku Explainer
    /// path the ratings come from, or `hodoku`, a second path in HoDoKu's
    /// order with its own techniques (closer to HoDoKu's figures; the
    /// rating takes up to twice as long).
    #[arg(long, value_enum, default_value_t = ScaleArg::Se)]
    pub scale: ScaleArg,
}

/// Output form of `sudoku rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// One readable line per puzzle, after a line naming the rater.
    Text,
    /// One JSON object per puzzle.
    Jsonl,
    /// A header and one row per puzzle: QQWing's columns (its counts from
    /// this path's steps), then ours; after a `#` line naming the rater.
    Csv,
}

/// Arguments of `sudoku hint` and `sudoku explain`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub notation: NotationArgs,

    /// Each puzzle's time (its forcing chains can take seconds a step);
    /// a path the timeout stops says so.
    #[command(flatten)]
    pub time: TimeoutArgs,

    /// Also print the pencil marks: before and after the step (`hint`),
    /// or where the techniques stop (`explain`).
    #[arg(long)]
    pub candidates: bool,

    /// Whose order of techniques to follow: Sudoku Explainer's, each step
    /// with its rating, or HoDoKu's (with its skyscrapers and kites, empty
    /// rectangle, W-Wing, finned fish and simple colours), each step with
    /// its level and score on HoDoKu's scale. On other grids, the order of
    /// the techniques they share, a Killer's right after the singles
    /// (unrated: no bracket).
    #[arg(long, value_enum, default_value_t = ScaleArg::Se)]
    pub scale: ScaleArg,

    /// How much each step tells, as a hint grows: `vague`, the technique
    /// to look for; `concrete`, also its digits, units and the cells that
    /// prove it; `full`, the whole step with what it places or removes
    /// (the sentence of text and of jsonl's `explanation`; jsonl's other
    /// fields give the whole step). A hint short of `full` leaves out the
    /// pencil marks after it.
    #[arg(long, value_enum, default_value_t = DetailArg::Full)]
    pub detail: DetailArg,

    /// Report form.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `sudoku hint|explain --detail`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DetailArg {
    /// The technique to look for.
    Vague,
    /// The technique, its digits and units, and the cells that prove it.
    Concrete,
    /// The whole step.
    Full,
}

impl From<DetailArg> for gridsolve_logic::Detail {
    fn from(detail: DetailArg) -> Self {
        match detail {
            DetailArg::Vague => gridsolve_logic::Detail::Vague,
            DetailArg::Concrete => gridsolve_logic::Detail::Concrete,
            DetailArg::Full => gridsolve_logic::Detail::Full,
        }
    }
}

/// `sudoku hint|explain --scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// Sudoku Explainer's order and ratings.
    Se,
    /// HoDoKu's order, levels and scores.
    Hodoku,
}

impl From<ScaleArg> for gridsolve_logic::Scale {
    fn from(scale: ScaleArg) -> Self {
        match scale {
            ScaleArg::Se => gridsolve_logic::Scale::Explainer,
            ScaleArg::Hodoku => gridsolve_logic::Scale::Hodoku,
        }
    }
}

/// Arguments of `sudoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The grid's side: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25 (the usual
    /// boxes of that side); with `--jigsaw` any side from 4 to 25.
    #[arg(long, default_value_t = 9)]
    pub size: usize,

    /// X-Sudoku: both main diagonals are units too; each puzzle is written
    /// as its JSON document on one line, which says them (`jsonl`: a grid
    /// with `"diagonals": true`).
    #[arg(long)]
    pub diagonals: bool,

    /// Windoku: the windows one cell in from each box corner are units too;
    /// each puzzle is written as its JSON document on one line, which says
    /// them (`jsonl`: a grid with `"windows": true`).
    #[arg(long)]
    pub windows: bool,

    /// Jigsaw: each puzzle's own random regions of N connected cells in
    /// place of the boxes, written as its givens on one line and then a
    /// line of region letters (`--format grid`: N rows `givens letters`;
    /// with `--diagonals`, the JSON document on one line); blocks apart by
    /// a blank line.
    #[arg(long, conflicts_with_all = ["windows", "killer", "difficulty", "rating", "qqwing", "rate"])]
    pub jigsaw: bool,

    /// How many puzzles to make.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,

    /// Seed of the random choices: the same seed makes the same puzzles
    /// (default: a new seed each run).
    #[arg(long)]
    pub seed: Option<u64>,

    /// Write each puzzle to its own file `DIR/puzzle-NNN.txt` instead of
    /// one a line to stdout.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// The pattern of the givens: none, or mapped onto itself by a half
    /// turn, a quarter turn, the left-right mirror or the main diagonal
    /// (each puzzle is then minimal among such patterns).
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,

    /// Keep only puzzles of this level (classic 9×9 only), as `sudoku
    /// rate` gives it on HoDoKu's scale (the hardest technique, raised by
    /// the score); every puzzle kept is solved by the techniques.
    #[arg(long, value_enum)]
    pub difficulty: Option<DifficultyArg>,

    /// Keep only puzzles whose Sudoku Explainer rating (ER, as `sudoku
    /// rate` gives it) lies in this range, e.g. `6.0..7.5` (classic 9×9
    /// only); every puzzle kept is solved by the techniques.
    #[arg(long, value_name = "LOW..HIGH", value_parser = parse_rating_range)]
    pub rating: Option<RatingRange>,

    /// Keep only puzzles of this level on QQWing's scale (classic 9×9
    /// only), as `sudoku rate` gives it.
    #[arg(long, value_enum)]
    pub qqwing: Option<QqwingArg>,

    /// Keep only puzzles that the techniques of `hint` and `explain` solve
    /// to the end, on any grid (a Killer's by its cage techniques too), so
    /// a learner's hints never give out; `--difficulty` and `--rating`
    /// keep only such puzzles anyway.
    #[arg(long)]
    pub logic: bool,

    /// Keep only puzzles with this many givens, `LEAST..MOST` or one
    /// number: no given is taken away below LEAST, so a puzzle stopped
    /// there may not be minimal (see `--minimal`), and one left with more
    /// than MOST is thrown away.
    #[arg(long, value_name = "LEAST..MOST", value_parser = parse_size_range, conflicts_with = "killer")]
    pub clues: Option<RangeInclusive<usize>>,

    /// Keep only minimal puzzles, from which no given (no orbit of
    /// givens, with `--symmetry`) can be taken away without a second
    /// solution: every puzzle is, unless `--clues` stopped its removals.
    #[arg(long, conflicts_with = "killer")]
    pub minimal: bool,

    /// Take a given away only when a search of at most this many nodes
    /// shows that the answer stays unique; a removal that search cannot
    /// decide keeps its given, so a puzzle may not be minimal (each still
    /// has one solution). On jigsaws of side 16 and more a few of the
    /// checks run to millions of nodes: `--check-nodes 4000` makes such a
    /// puzzle in seconds rather than minutes.
    #[arg(long, value_name = "NODES", conflicts_with_all = ["minimal", "killer"], value_parser = clap::value_parser!(u64).range(1..))]
    pub check_nodes: Option<u64>,

    /// Write each puzzle's solution after it, in the same form (`jsonl`:
    /// a `solution` field).
    #[arg(long)]
    pub solution: bool,

    /// Write each puzzle's rating after it, as `sudoku rate` gives it (a
    /// `#` line; `jsonl`: a `rating` object); classic 9×9 only.
    #[arg(long, conflicts_with = "killer")]
    pub rate: bool,

    /// Output form: `line` (default), or for 9×9 grids any form `solve`
    /// writes (`grid`, `pretty`, `json`, `leetcode`, `numbers`); `jsonl`
    /// gives one JSON object a puzzle (`number`, `puzzle`, `givens`).
    /// Other sizes take `line`, `grid` and `jsonl`; Killers (their cage
    /// list), X-Sudokus and windokus (their JSON document) `line` and
    /// `jsonl`.
    #[arg(long, value_enum, default_value_t = SolveFormat::Line)]
    pub format: SolveFormat,

    /// Killer puzzles: cages (their sums) and no givens, written as a cage
    /// list (a blank grid, then a line `sum cell cell …` per cage; blocks
    /// apart by a blank line), or with `--diagonals` or `--windows` as the
    /// JSON document on one line.
    #[arg(long, conflicts_with_all = ["difficulty", "rating", "qqwing", "symmetry"])]
    pub killer: bool,

    /// The sizes of a Killer's cages, `LEAST..MOST` cells or one number
    /// (default 2..5, at most the grid's side).
    #[arg(long, value_name = "LEAST..MOST", requires = "killer", value_parser = parse_size_range)]
    pub cage_size: Option<RangeInclusive<usize>>,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    /// The timeout of the whole run (the puzzles made so far are kept).
    #[command(flatten)]
    pub time: TimeoutArgs,
}

/// `sudoku generate --symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// A half turn.
    Rotate180,
    /// A quarter turn.
    Rotate90,
    /// The left-right mirror.
    Mirror,
    /// The main diagonal.
    Diagonal,
}

/// `sudoku generate --rating`: an inclusive range of Sudoku Explainer
/// ratings, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    pub low: u8,
    pub high: u8,
}

/// Reads `LOW..HIGH` (each a rating with at most one decimal, 1.0 to
/// 20.0, LOW at most HIGH).
fn parse_rating_range(text: &str) -> Result<RatingRange, String> {
    let tenths = |part: &str| -> Result<u8, String> {
        let value: f64 = part
            .trim()
            .parse()
            .map_err(|_| format!("{part:?} is not a rating (e.g. 6.2)"))?;
        let scaled = value * 10.0;
        if !(10.0..=200.0).contains(&scaled) || (scaled - scaled.round()).abs() > 1e-6 {
            return Err(format!(
                "{part:?}: expected a rating from 1.0 to 20.0 with one decimal at most"
            ));
        }
        Ok(scaled.round() as u8)
    };
    let (low, high) = text
        .split_once("..")
        .ok_or_else(|| format!("{text:?}: expected LOW..HIGH, e.g. 6.0..7.5"))?;
    let range = RatingRange {
        low: tenths(low)?,
        high: tenths(high)?,
    };
    if range.low > range.high {
        return Err(format!("{text:?}: LOW is above HIGH"));
    }
    Ok(range)
}

/// Reads `LEAST..MOST` or `N` (whole numbers from 1, LEAST at most MOST).
fn parse_size_range(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |part: &str| -> Result<usize, String> {
        match part.trim().parse() {
            Ok(0) | Err(_) => Err(format!("{part:?}: expected a whole number from 1")),
            Ok(value) => Ok(value),
        }
    };
    let (least, most) = match text.split_once("..") {
        Some((least, most)) => (number(least)?, number(most)?),
        None => (number(text)?, number(text)?),
    };
    if least > most {
        return Err(format!("{text:?}: LEAST is above MOST"));
    }
    Ok(least..=most)
}

/// `sudoku generate --qqwing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum QqwingArg {
    /// Naked singles finish it.
    Simple,
    /// Hidden singles are needed too.
    Easy,
    /// Pairs, pointing or box/line reductions are needed too.
    Intermediate,
    /// More than those (QQWing guesses).
    Expert,
}

/// `sudoku generate --difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs and triples.
    Medium,
    /// Quads, X-Wing, Swordfish, skyscrapers and kites, XY- and XYZ-Wing,
    /// unique rectangles, BUG.
    Hard,
    /// Jellyfish, longer chains of strong links, WXYZ-Wings and their kin,
    /// aligned exclusion, forcing chains and cycles.
    Unfair,
}

/// Where records come from and how they are written.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Input files, one or more records each; `-` or none reads stdin.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Input form; `auto` detects it per record.
    #[arg(long, value_enum, default_value_t = InFormat::Auto)]
    pub in_format: InFormat,

    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Puzzles of the general model (other sizes, extra units, cages).
#[derive(Debug, Args)]
pub struct VariantArgs {
    #[command(flatten)]
    pub notation: NotationArgs,

    /// Killer: check cages only by the sum of a full cage, not by the
    /// combinations that can still make the sum (to measure what they buy).
    #[arg(long)]
    pub no_combinations: bool,

    /// Killer: leave out the rule of 45 (a unit's total minus its cages
    /// is the sum of its other cells).
    #[arg(long)]
    pub no_rule_of_45: bool,
}

/// How the inputs' puzzles of the general model are written.
#[derive(Debug, Args)]
pub struct NotationArgs {
    /// Read the inputs as variant puzzles of this form instead of classic
    /// 9×9 records: each file one puzzle, or one-line grids one a line
    /// (without the flag, a notation only variants use is recognised).
    #[arg(long, value_enum, value_name = "FORM")]
    pub variant: Option<VariantForm>,

    /// The symbols of values 1..N in variant grids, jigsaws and a cage
    /// list's givens (default `123456789ABCDEFGHIJKLMNOP`), e.g.
    /// `0123456789ABCDEF`; refused for notations of numbers and JSON.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
}

/// The variant forms `--variant` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantForm {
    /// Each file's notation recognised from its text (JSON, arrays,
    /// SumoCue, janko.at, Killer letters or cage lists, jigsaw region
    /// labels, symbol grids): what a variant file gets without the flag.
    Auto,
    /// A grid of N×N symbols (4×4 to 25×25), one line or N lines.
    Grid,
    /// A grid of any size (as `grid`), or a puzzle in any other notation
    /// (as `auto`), whose two main diagonals are units too (X-Sudoku).
    X,
    /// A grid of any size with boxes (as `grid`), or a puzzle in any
    /// other notation (as `auto`), whose windows, the boxes one cell in
    /// from the box corners, are units too (windoku: four on 9×9).
    Windoku,
    /// A Killer: CodinGame's form (9 lines of givens and cage letters,
    /// then `letter=sum` pairs) or a cage list (a givens grid, optional,
    /// then lines `sum r1c1 r1c2 …`).
    Killer,
    /// The JSON document (docs/variant.schema.json): any size, jigsaw
    /// regions, extra units, cages.
    Json,
}

/// How far a search may go.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Search strategy: bitboard (the fast default), reading-order, mrv,
    /// propagate or dlx. On variants, bitboard is the general model's fast
    /// engine and dlx its exact cover.
    #[arg(long, default_value_t = Strategy::default())]
    pub strategy: Strategy,

    /// The budget of each puzzle's search.
    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Print nodes, guesses and backtracks per puzzle (stderr, or fields of
    /// `jsonl` records).
    #[arg(long)]
    pub stats: bool,
}

/// Arguments of `sudoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Output form; by default each answer in its puzzle's input form.
    #[arg(long, value_enum)]
    pub format: Option<SolveFormat>,

    /// Require a unique solution: a puzzle with several is reported and
    /// gets no answer.
    #[arg(long)]
    pub unique: bool,

    /// Check every answer with the independent checker and end with the
    /// summary line `N solved, M failed` on stderr.
    #[arg(long)]
    pub verify: bool,

    /// With `--trace`, the first puzzle's search is drawn; a warning names
    /// any further puzzle, which is solved untraced.
    #[command(flatten)]
    pub trace: TraceArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Arguments of `sudoku check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Report form.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Arguments of `sudoku count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Stop counting a puzzle at this many solutions (0: count them all,
    /// within --max-nodes and --timeout).
    #[arg(long, default_value = "2", value_parser = parse_limit)]
    pub limit: u64,

    /// Report form.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// With `--trace`, the first puzzle's search is drawn; a warning names
    /// any further puzzle, which is counted untraced.
    #[command(flatten)]
    pub trace: TraceArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Arguments of `sudoku bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files: classic 9×9 records, or variant puzzles (each file's
    /// notation recognised as `solve` does, or named with --variant).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Search strategy: bitboard (the fast default), reading-order, mrv,
    /// propagate or dlx.
    #[arg(long, default_value_t = Strategy::default())]
    pub strategy: Strategy,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    /// Solutions to look for per puzzle (2 proves uniqueness, as the
    /// standard benchmarks do).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Repeat timed passes over each file until this many seconds have
    /// passed (after one untimed warm-up pass).
    #[arg(long, alias = "min-secs", value_name = "S", default_value_t = 1.0, value_parser = parse_seconds)]
    pub repeat_secs: f64,

    /// Report form: a table, or one JSON object per file.
    #[arg(long, value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Report forms of `sudoku bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// A table, one row per file, and an end-to-end line under each.
    Text,
    /// One JSON object per file, one per line.
    Json,
}

/// Input form of the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InFormat {
    /// Detect the form of each record.
    Auto,
    /// 81 characters on one line.
    Line,
    /// 9 lines of 9 cells (spaces, `|` and separator lines allowed).
    Grid,
    /// A JSON array of 9 strings.
    Json,
    /// LeetCode's JSON array of arrays of one-character strings.
    Leetcode,
    /// A JSON array of arrays of numbers, 0 for empty.
    Numbers,
}

impl InFormat {
    /// The forced form, or `None` to detect.
    pub fn forced(self) -> Option<InputFormat> {
        match self {
            InFormat::Auto => None,
            InFormat::Line => Some(InputFormat::Line),
            InFormat::Grid => Some(InputFormat::Grid),
            InFormat::Json => Some(InputFormat::Json),
            InFormat::Leetcode => Some(InputFormat::LeetCode),
            InFormat::Numbers => Some(InputFormat::Numbers),
        }
    }
}

/// Output form of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// 81 characters on one line.
    Line,
    /// 9 lines of 9 digits.
    Grid,
    /// 9 lines with spaces, `|` and separator lines.
    Pretty,
    /// A JSON array of 9 strings.
    Json,
    /// LeetCode's JSON array of arrays of one-character strings.
    Leetcode,
    /// A JSON array of arrays of numbers, 0 for empty.
    Numbers,
    /// One JSON object per record, with its status.
    Jsonl,
}

impl SolveFormat {
    /// The grid form, or `None` for `jsonl`.
    pub fn text(self) -> Option<TextFormat> {
        match self {
            SolveFormat::Line => Some(TextFormat::Line),
            SolveFormat::Grid => Some(TextFormat::Grid),
            SolveFormat::Pretty => Some(TextFormat::Pretty),
            SolveFormat::Json => Some(TextFormat::Json),
            SolveFormat::Leetcode => Some(TextFormat::LeetCode),
            SolveFormat::Numbers => Some(TextFormat::Numbers),
            SolveFormat::Jsonl => None,
        }
    }
}

/// Output form of the reports of `check` and `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One readable line per record (more for conflicts).
    Text,
    /// One JSON object per record.
    Jsonl,
}
