//! `gridsolve queens list`: every placement, streamed as found.

use super::board;
use super::output::PlacementWriter;
use crate::args::QueensListArgs;
use crate::status::Status;
use gridsolve_queens::Solutions;
use gridsolve_search::Limits;
use std::io::{self, BufWriter};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &QueensListArgs, cancel: &Arc<AtomicBool>) -> Result<Status, String> {
    let board = board(&args.board)?;
    let mut solutions =
        Solutions::with_limits(&board, Limits::default().with_cancel(Arc::clone(cancel)));
    let mut writer = PlacementWriter::new(BufWriter::new(io::stdout().lock()), args.format);
    let mut count = 0u64;
    let written = solutions
        .by_ref()
        .try_for_each(|cols| {
            count += 1;
            writer.write(&cols)
        })
        .and_then(|()| writer.finish());
    match written {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(Status::Ok),
        Err(error) => return Err(format!("cannot write output: {error}")),
        Ok(()) => {}
    }
    if args.stats {
        let noun = if count == 1 { "solution" } else { "solutions" };
        eprintln!("{count} {noun}, nodes {}", solutions.nodes());
    }
    Ok(match solutions.stopped() {
        Some(reason) => {
            eprintln!("stopped ({reason}) after {count} solutions");
            Status::Failure
        }
        None => Status::Ok,
    })
}
