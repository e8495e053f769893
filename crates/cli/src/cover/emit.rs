//! `gridsolve cover emit`: well-known problems as DLX text, for inspection
//! or for another solver.

use crate::args::EmitCommand;
use crate::failure::{Failure, VerbResult};
use crate::input::read_whole;
use crate::status::Status;
use gridsolve_cover::{pentomino, queens, Board};
use gridsolve_sudoku::{exact_cover, Grid};
use std::io::{self, Write};

pub fn run(command: &EmitCommand) -> VerbResult {
    let problem = match command {
        EmitCommand::Queens { n } => queens(usize::from(*n)),
        EmitCommand::Pentomino {
            board,
            board_file,
            reduce,
        } => {
            let board = match board_file {
                Some(path) => {
                    let (name, text) = read_whole(path)?;
                    Board::from_drawing(&text).map_err(|error| format!("{name}: {error}"))?
                }
                None => Board::from_spec(board).map_err(|error| error.to_string())?,
            };
            pentomino(&board, *reduce).map_err(|error| error.to_string())?
        }
        EmitCommand::Sudoku { input } => {
            let (name, text) = read_whole(input)?;
            let grid: Grid = text.parse().map_err(|error| format!("{name}: {error}"))?;
            exact_cover(&grid).problem
        }
    };
    let mut out = io::stdout().lock();
    out.write_all(problem.to_dlx().as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::output)?;
    Ok(Status::Ok)
}
