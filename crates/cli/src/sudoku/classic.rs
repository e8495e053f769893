//! Classic 9×9 records as a batch source and as puzzles: read by the
//! library's `Records` (each record's notation detected, or `--in-format`),
//! searched by the 9×9 engines, answered in the record's own form.

use super::check::JsonConflict;
use super::puzzle::Puzzle;
use super::SearchPlan;
use crate::batch::{Lined, Source, Stream, Unread};
use crate::trace::TraceSink;
use gridsolve_search::EventLog;
use gridsolve_sudoku::{
    conflicts, no_solution_message, verify_solution, Exploration, Grid, InputFormat, ParseError,
    Placement, ReadError, Record, Records, Solver, SudokuVocabulary, TextFormat, CELLS,
};
use std::io::{self, BufRead};

/// Classic records, in the notation each shows or the one forced.
pub struct ClassicSource {
    pub forced: Option<InputFormat>,
}

impl Source for ClassicSource {
    type Record = Record;
    type Error = ParseError;

    fn records<'a>(&'a self, input: Box<dyn BufRead + 'a>) -> Box<dyn Stream<Self> + 'a> {
        Box::new(ClassicStream(match self.forced {
            Some(format) => Records::with_format(input, format),
            None => Records::new(input),
        }))
    }
}

/// The library's record stream, its errors sorted into the batch's two
/// kinds.
struct ClassicStream<R>(Records<R>);

impl<R: BufRead> Iterator for ClassicStream<R> {
    type Item = Result<Record, Unread<ParseError>>;

    fn next(&mut self) -> Option<Self::Item> {
        let item = self.0.next()?;
        Some(item.map_err(|error| match error {
            ReadError::Parse(error) => Unread::Malformed(error),
            failed @ ReadError::Io { .. } => Unread::Failed(failed.to_string()),
        }))
    }
}

impl<R: BufRead> Stream<ClassicSource> for ClassicStream<R> {
    fn bytes_read(&self) -> u64 {
        self.0.bytes_read()
    }
}

impl Lined for Record {
    fn line(&self) -> usize {
        self.line
    }
}

impl Lined for ParseError {
    fn line(&self) -> usize {
        self.line
    }
}

impl Puzzle for Record {
    type Answer = Grid;
    type Choice = Placement;

    fn search(&self, solver: &Solver) -> Exploration {
        solver.explore(&self.grid)
    }

    fn explore(&self, plan: &SearchPlan, log: Option<&mut EventLog<Placement>>) -> Exploration {
        let solver = plan.solver();
        match log {
            Some(log) => solver.explore_traced(&self.grid, log),
            None => self.search(&solver),
        }
    }

    fn verify(&self, answer: &Grid) -> Result<(), String> {
        verify_solution(&self.grid, answer).map_err(|defect| defect.to_string())
    }

    fn no_solution(&self) -> String {
        no_solution_message(&self.grid)
    }

    fn render(&self, answer: &Grid, format: Option<TextFormat>) -> String {
        format
            .unwrap_or_else(|| TextFormat::from(self.format))
            .render(answer)
    }

    fn render_line(&self, answer: &Grid) -> String {
        TextFormat::Line.render(answer)
    }

    fn draw(&self, sink: &mut TraceSink, log: &EventLog<Placement>) -> io::Result<()> {
        sink.draw(log, &SudokuVocabulary)
    }

    fn check(&self) -> (Option<usize>, Vec<JsonConflict>) {
        let found = conflicts(&self.grid);
        (
            Some(CELLS - self.grid.filled_count()),
            found.iter().map(JsonConflict::from).collect(),
        )
    }
}
