//! What every Sudoku verb asks of a record, whatever its kind. Classic
//! 9×9 records (`classic`) and puzzles of the general model (`variant`)
//! both answer it, so `solve`, `count` and `check` run one pipeline (the
//! batch loop, threads, input order, `--verify`, `--stats`, `--trace`,
//! `jsonl`) and only these questions are asked of the kind.

use super::check::JsonConflict;
use super::SearchPlan;
use crate::batch::Lined;
use crate::trace::TraceSink;
use gridsolve_search::{EventLog, Exploration};
use gridsolve_sudoku::{Solver, TextFormat};
use serde::Serialize;
use std::io;

/// A record of a Sudoku batch, of either kind.
pub trait Puzzle: Lined + Send + Sync {
    /// A filled grid.
    type Answer: Send;
    /// One choice of the search, as a trace records it.
    type Choice: Clone + Serialize + Send;

    /// Searches the puzzle with `solver` (its budget already running),
    /// untraced.
    fn search(&self, solver: &Solver) -> Exploration<Self::Answer>;

    /// Searches the puzzle as `plan` says, recording the search into `log`
    /// if one is given.
    fn explore(
        &self,
        plan: &SearchPlan,
        log: Option<&mut EventLog<Self::Choice>>,
    ) -> Exploration<Self::Answer>;

    /// The independent checker's word on `answer`: why it is no solution
    /// of this puzzle, if it is none.
    fn verify(&self, answer: &Self::Answer) -> Result<(), String>;

    /// Why a search that ended found no solution: "no solution", with
    /// the rules the givens break if they break any.
    fn no_solution(&self) -> String;

    /// `answer` written in `format`, or in the puzzle's own form.
    fn render(&self, answer: &Self::Answer, format: Option<TextFormat>) -> String;

    /// `answer` on one line of symbols (the `solution` of `jsonl`).
    fn render_line(&self, answer: &Self::Answer) -> String;

    /// Draws `log`, a search of this puzzle, into `sink`.
    fn draw(&self, sink: &mut TraceSink, log: &EventLog<Self::Choice>) -> io::Result<()>;

    /// How many cells are empty (when the puzzle tells), and every rule
    /// the givens break.
    fn check(&self) -> (Option<usize>, Vec<JsonConflict>);
}
