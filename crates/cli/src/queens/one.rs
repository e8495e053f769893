//! `gridsolve queens one`: one placement, by construction in linear time,
//! or by search on a board with reserved squares.

use super::output::PlacementWriter;
use super::read_board;
use crate::args::{BoardFormat, QueensOneArgs};
use crate::status::Status;
use gridsolve_queens::{construct, verify_on_board, verify_placement, Solutions};
use std::io::{self, BufWriter};

/// The largest board drawn square by square; larger ones need `--format cols`.
const MAX_DRAWN: u32 = 1000;

pub fn run(args: &QueensOneArgs) -> Result<Status, String> {
    let board = args.blocked.as_deref().map(read_board).transpose()?;
    let n = match (args.n, &board) {
        (Some(n), Some(board)) if n as usize != board.n() => {
            return Err(format!("the board is {0}×{0} but N is {n}", board.n()))
        }
        (_, Some(board)) => board.n() as u32,
        (Some(n), None) => n,
        (None, None) => {
            return Err("give the board size N or a board file with --blocked".to_string())
        }
    };
    if n > MAX_DRAWN && args.format != BoardFormat::Cols {
        return Err(format!("n = {n} is too large to draw; use --format cols"));
    }
    let placement = match &board {
        Some(board) => Solutions::new(board).next(),
        None => construct(n),
    };
    let Some(cols) = placement else {
        eprintln!("no placement exists for this board (n = {n})");
        return Ok(Status::Failure);
    };
    if args.verify {
        let checked = match &board {
            Some(board) => verify_on_board(&cols, board),
            None => verify_placement(&cols),
        };
        match checked {
            Ok(()) => eprintln!("verified: {n} queens, no two attacking"),
            Err(defect) => {
                eprintln!("verification failed: {defect}");
                return Ok(Status::Failure);
            }
        }
    }
    write(&cols, args.format).map_err(|error| format!("cannot write output: {error}"))?;
    Ok(Status::Ok)
}

fn write(cols: &[u32], format: BoardFormat) -> io::Result<()> {
    let mut writer = PlacementWriter::new(
        BufWriter::with_capacity(1 << 20, io::stdout().lock()),
        format,
    );
    match writer.write(cols).and_then(|()| writer.finish()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
