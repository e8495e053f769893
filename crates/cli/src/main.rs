//! The `gridsolve` command: argument parsing, Ctrl-C, dispatch to one
//! module per domain and verb, and exit codes. No puzzle logic lives here.

// Every write to stdout goes through `failure` (a closed or full output
// must not panic the binary).
#![deny(clippy::print_stdout)]

mod args;
mod batch;
mod cover;
mod failure;
mod help;
mod input;
mod queens;
mod serve;
mod stage;
mod status;
mod sudoku;
mod trace;

use args::{Cli, Domain};
use clap::Parser;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    if let Err(error) = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will end the run without a report: {error}");
    }
    let status = match &cli.domain {
        Domain::Sudoku(command) => sudoku::run(command, &cancel),
        Domain::Queens(command) => queens::run(command, &cancel),
        Domain::Cover(command) => cover::run(command, &cancel),
        Domain::Serve(args) => serve::run(args, &cancel),
        Domain::Completions { shell } => help::completions(*shell),
        Domain::Man => help::man_page(),
    };
    status.exit_code()
}
