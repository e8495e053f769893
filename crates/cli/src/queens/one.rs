//! `gridsolve queens one`: one placement, by construction in linear time,
//! or by search on a board with reserved squares.

use super::output::{write_cols, PlacementWriter};
use super::{read_board, traced};
use crate::args::{BoardFormat, QueensOneArgs};
use crate::failure::{Failure, VerbResult};
use crate::status::Status;
use crate::trace::{answer_stream, TraceSink};
use gridsolve_queens::{
    construct, construct_columns, verify_on_board, verify_placement, BlockedBoard, Solutions, MAX_N,
};
use gridsolve_search::Budget;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

/// The largest board drawn square by square; larger ones need `--format cols`.
const MAX_DRAWN: u32 = 1000;

pub fn run(args: &QueensOneArgs) -> VerbResult {
    let board = args.blocked.as_deref().map(read_board).transpose()?;
    let n = match (args.n, &board) {
        (Some(n), Some(board)) if n as usize != board.n() => {
            return Err(format!("the board is {0}×{0} but N is {n}", board.n()).into())
        }
        (_, Some(board)) => board.n() as u32,
        (Some(n), None) => n,
        (None, None) => return Err("give the board size N or a board file with --blocked".into()),
    };
    if n > MAX_DRAWN && args.format != BoardFormat::Cols {
        return Err(format!("n = {n} is too large to draw; use --format cols").into());
    }
    let mut sink = TraceSink::open(&args.trace)?;
    if sink.is_none() && board.is_none() && !args.verify && args.format == BoardFormat::Cols {
        // Each row's column is worked out as it is written: memory stays
        // flat in n (the checker of --verify needs the whole placement).
        let Some(columns) = construct_columns(n) else {
            return Ok(no_placement(n));
        };
        let mut out = BufWriter::with_capacity(1 << 20, io::stdout().lock());
        write_cols(&mut out, columns)
            .and_then(|()| out.flush())
            .map_err(Failure::output)?;
        return Ok(Status::Ok);
    }
    let placement = match (&mut sink, &board) {
        (Some(sink), _) => first_traced(board.as_ref(), n, sink)?,
        (None, Some(board)) => Solutions::new(board).next(),
        (None, None) => construct(n),
    };
    let Some(cols) = placement else {
        return Ok(no_placement(n));
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
    write(&cols, args.format, sink.as_ref()).map_err(Failure::output)?;
    Ok(Status::Ok)
}

fn no_placement(n: u32) -> Status {
    eprintln!("no placement exists for this board (n = {n})");
    Status::Failure
}

/// The first placement of the row-by-row search, drawn into `sink`.
fn first_traced(
    board: Option<&BlockedBoard>,
    n: u32,
    sink: &mut TraceSink,
) -> Result<Option<Vec<u32>>, Failure> {
    let free;
    let board = match board {
        Some(board) => board,
        None => {
            free = BlockedBoard::free(n as usize)
                .map_err(|_| format!("--trace follows a search, for n up to {MAX_N}; got {n}"))?;
            &free
        }
    };
    let mut first = None;
    traced(board, 1, &Budget::default(), sink, |cols| {
        first = Some(cols.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(first)
}

fn write(cols: &[u32], format: BoardFormat, trace: Option<&TraceSink>) -> io::Result<()> {
    let out: Box<dyn Write> = match trace {
        Some(_) => answer_stream(trace),
        None => Box::new(BufWriter::with_capacity(1 << 20, io::stdout().lock())),
    };
    let mut writer = PlacementWriter::new(out, format);
    writer.write(cols).and_then(|()| writer.finish())
}
