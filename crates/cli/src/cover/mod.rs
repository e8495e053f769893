//! `gridsolve cover …`: exact cover from DLX text files, and the builders'
//! problems written as DLX text. The engine is in `gridsolve-cover`.

mod emit;
mod solve;

use crate::args::{CoverCommand, CoverInputArgs};
use crate::failure::Failure;
use crate::input::read_whole;
use crate::status::Status;
use gridsolve_cover::{parse_dlx, CoverReport, DlxText};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Runs one exact-cover verb.
pub fn run(command: &CoverCommand, cancel: &Arc<AtomicBool>) -> Status {
    let result = match command {
        CoverCommand::Solve(args) => solve::solve(args, cancel),
        CoverCommand::Count(args) => solve::count(args, cancel),
        CoverCommand::Emit(command) => emit::run(command),
    };
    result.unwrap_or_else(Failure::report)
}

/// The parsed DLX text of the input file (or stdin).
fn read_problem(input: &CoverInputArgs) -> Result<DlxText, Failure> {
    let (name, text) = read_whole(&input.file)?;
    parse_dlx(&text).map_err(|error| format!("{name}: {error}").into())
}

/// `--stats` on stderr, and a note when the search stopped early.
fn report(input: &CoverInputArgs, report: &CoverReport) {
    let stats = &report.stats;
    if input.stats {
        eprintln!(
            "solutions {}, nodes {}, updates {}, guesses {}",
            stats.solutions, stats.nodes, stats.updates, stats.guesses
        );
    }
    if let Some(reason) = report.stopped {
        let noun = if stats.solutions == 1 {
            "solution"
        } else {
            "solutions"
        };
        eprintln!("stopped ({reason}) after {} {noun}", stats.solutions);
    }
}
