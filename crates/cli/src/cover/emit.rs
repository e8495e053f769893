//! `gridsolve cover emit`: well-known problems as DLX text, for inspection
//! or for another solver.

use crate::args::EmitCommand;
use crate::failure::{Failure, VerbResult};
use crate::input::read_whole;
use crate::status::Status;
use gridsolve_cover::{
    langford, line_sum_matrices, pentomino, queens, queens_per_line, word_rectangle, Board,
    Direction,
};
use gridsolve_sudoku::{exact_cover, Grid};
use std::io::{self, Write};
use std::path::Path;

pub fn run(command: &EmitCommand) -> VerbResult {
    let problem = match command {
        EmitCommand::Queens { n, per_line: None } => queens(usize::from(*n)),
        EmitCommand::Queens {
            n,
            per_line: Some(k),
        } => queens_per_line(usize::from(*n), *k),
        EmitCommand::Matrices { n, ones } => line_sum_matrices(usize::from(*n), *ones),
        EmitCommand::Langford { n, reduce } => langford(usize::from(*n), *reduce),
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
        EmitCommand::Words { across, down } => {
            let (across_name, across) = words(across)?;
            let (down_name, down) = match down {
                Some(path) => words(path)?,
                None => (across_name.clone(), across.clone()),
            };
            word_rectangle(&across, &down).map_err(|error| {
                let name = match error.list() {
                    Direction::Across => across_name,
                    Direction::Down => down_name,
                };
                format!("{name}: {error}")
            })?
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

/// The file's name and its words, one a line, blank lines skipped.
fn words(path: &Path) -> Result<(String, Vec<String>), Failure> {
    let (name, text) = read_whole(path)?;
    let words = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect();
    Ok((name, words))
}
