//! The puzzles of an input in a notation of the general model, for
//! `hint`, `explain` and `rate`: each that is a plain 9×9 Sudoku (a
//! janko.at or JSON 9×9, an array, a grid in letters) is worked as a
//! classic record is, and answered in its own symbols; any other kind is
//! a general record for `hint` and `explain`, and for `rate` (whose scale
//! is for classic puzzles) reported on its line with the reason, and the
//! batch goes on. Every record of the variant stream comes out as exactly
//! one record or fault.

use super::marks::{LogicReadError, LogicRecord, LogicSource};
use super::variant::{VariantRecord, VariantSource};
use crate::batch::{Lined, Source, Stream, Unread};
use gridsolve_logic::classic_puzzle;
use gridsolve_sudoku::variant::Symbols;
use gridsolve_sudoku::{InputFormat, Record};
use std::io::BufRead;

/// The variant puzzles of the inputs, read as classic 9×9 puzzles where
/// they are.
pub struct ClassicVariants {
    /// The reader of the inputs' notations.
    pub source: VariantSource,
    /// Whether the other puzzles are worked (as general records) or
    /// refused.
    pub general: bool,
}

impl ClassicVariants {
    /// The records of `input`, as [`LogicSource`] hands them on.
    pub fn records<'a>(
        &'a self,
        input: Box<dyn BufRead + 'a>,
    ) -> Box<dyn Stream<LogicSource> + 'a> {
        Box::new(ClassicOnly {
            puzzles: self.source.records(input),
            reader: self,
        })
    }

    /// `record` as a classic record, or why it is none.
    fn classic(&self, record: &VariantRecord) -> Result<LogicRecord, LogicReadError> {
        let line = record.line();
        let puzzle = match record.puzzle() {
            Ok(puzzle) => puzzle,
            Err(broken) => {
                return Ok(LogicRecord::Broken {
                    line,
                    message: format!("the givens break the rules: {broken}"),
                })
            }
        };
        let grid = match classic_puzzle(puzzle) {
            Ok(grid) => grid,
            Err(_) if self.general => {
                let puzzle = puzzle.clone();
                return Ok(LogicRecord::General { line, puzzle });
            }
            Err(error) => {
                let reason = error.to_string();
                return Err(LogicReadError::NotClassic { line, reason });
            }
        };
        let record = Record {
            line,
            format: InputFormat::Line,
            grid,
        };
        Ok(if *puzzle.symbols() == Symbols::standard(9) {
            LogicRecord::Grid(record)
        } else {
            LogicRecord::Symbolic {
                record,
                symbols: puzzle.symbols().clone(),
            }
        })
    }
}

/// The variant stream of one input, each record made classic.
struct ClassicOnly<'a> {
    puzzles: Box<dyn Stream<VariantSource> + 'a>,
    reader: &'a ClassicVariants,
}

impl Iterator for ClassicOnly<'_> {
    type Item = Result<LogicRecord, Unread<LogicReadError>>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match self.puzzles.next()? {
            Ok(record) => self.reader.classic(&record).map_err(Unread::Malformed),
            Err(Unread::Malformed(fault)) => Err(Unread::Malformed(LogicReadError::Variant(fault))),
            Err(Unread::Failed(message)) => Err(Unread::Failed(message)),
        })
    }
}

impl Stream<LogicSource> for ClassicOnly<'_> {
    fn bytes_read(&self) -> u64 {
        self.puzzles.bytes_read()
    }
}
