//! `gridsolve completions SHELL` and `gridsolve man`: the shell completion
//! scripts and the manual page, generated from the argument definitions
//! (clap_complete, clap_mangen), so they never fall behind them.

use crate::args::Cli;
use crate::failure::Failure;
use crate::status::Status;
use clap::CommandFactory;
use std::io::{self, Write};

/// Writes `shell`'s completion script to stdout.
pub fn completions(shell: clap_complete::Shell) -> Status {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "gridsolve", &mut out);
    write(&out)
}

/// Writes the manual page (roff) to stdout.
pub fn man_page() -> Status {
    let mut out = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut out) {
        Ok(()) => write(&out),
        Err(error) => Failure::from(format!("cannot render the manual page: {error}")).report(),
    }
}

fn write(bytes: &[u8]) -> Status {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Status::Ok,
        Err(error) => Failure::output(error).report(),
    }
}
