//! The records of `hint`, `explain` and `rate`: classic 9×9 records, and
//! pencil-mark lines (the 729-character form of tdoku and Sukaku
//! Explainer: for each cell, in reading order, its nine marks `1`–`9`,
//! `.` or `0` for a candidate eliminated).
//!
//! A line is a pencil-mark record when it holds exactly 729 marks (spaces
//! aside), or more than two grids' worth of digits and dots, which only a
//! pencil-mark line would (its errors then speak of marks, not of cells).
//! The classic reader reads the rest of the input; each pencil-mark line
//! is shown to it as a comment line, so that both keep the input's line
//! numbers, and the records of the two come out in line order.

use super::classic_variants::ClassicVariants;
use super::variant::VariantFault;
use crate::batch::{Lined, Source, Stream, Unread};
use gridsolve_logic::{Board, LogicError};
use gridsolve_sudoku::variant::{Symbols, Variant};
use gridsolve_sudoku::{InputFormat, ParseError, ReadError, Record, Records};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

/// Classic records and pencil-mark lines, or the puzzles of inputs in a
/// variant notation.
pub struct LogicSource {
    /// The classic notation forced by `--in-format`, if any.
    pub forced: Option<InputFormat>,
    /// Set when the inputs are in a notation of the general model: their
    /// puzzles are read by it instead.
    pub variants: Option<ClassicVariants>,
}

/// One record of a logic verb.
pub enum LogicRecord {
    /// A classic record: a puzzle or a partly solved grid.
    Grid(Record),
    /// A plain 9×9 puzzle of a variant notation written in other symbols
    /// than the digits 1 to 9: the puzzle, and its symbols to write it,
    /// its steps and its answer in.
    Symbolic {
        /// The puzzle, in the values 1 to 9.
        record: Record,
        /// The symbols of values 1 to 9.
        symbols: Symbols,
    },
    /// A pencil-mark line.
    Marks {
        /// Its line.
        line: usize,
        /// Its board.
        board: Board,
    },
    /// A puzzle of the general model that is no plain 9×9 Sudoku (a
    /// 16×16, a jigsaw, a Killer, …), worked by the techniques of the
    /// general model.
    General {
        /// Its line.
        line: usize,
        /// The puzzle.
        puzzle: Variant,
    },
    /// A variant puzzle whose givens break a rule.
    Broken {
        /// Its line.
        line: usize,
        /// The rules broken.
        message: String,
    },
}

/// Why a record could not be read.
pub enum LogicReadError {
    /// A classic record's fault.
    Grid(ParseError),
    /// A pencil-mark line's fault.
    Marks {
        /// Its line.
        line: usize,
        /// What is wrong.
        error: LogicError,
    },
    /// A variant puzzle that could not be read.
    Variant(VariantFault),
    /// A variant puzzle that is no classic 9×9 one, which `rate` needs.
    NotClassic {
        /// Its line.
        line: usize,
        /// What it is, and what takes it.
        reason: String,
    },
}

impl LogicRecord {
    /// The symbols the record's values are written in.
    pub fn symbols(&self) -> Symbols {
        match self {
            LogicRecord::Symbolic { symbols, .. } => symbols.clone(),
            LogicRecord::General { puzzle, .. } => puzzle.symbols().clone(),
            _ => Symbols::standard(9),
        }
    }
}

impl Lined for LogicRecord {
    fn line(&self) -> usize {
        match self {
            LogicRecord::Grid(record) | LogicRecord::Symbolic { record, .. } => record.line,
            LogicRecord::Marks { line, .. }
            | LogicRecord::General { line, .. }
            | LogicRecord::Broken { line, .. } => *line,
        }
    }
}

impl Lined for LogicReadError {
    fn line(&self) -> usize {
        match self {
            LogicReadError::Grid(error) => error.line,
            LogicReadError::Marks { line, .. } | LogicReadError::NotClassic { line, .. } => *line,
            LogicReadError::Variant(fault) => fault.line(),
        }
    }
}

impl fmt::Display for LogicReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogicReadError::Grid(error) => error.fmt(f),
            LogicReadError::Marks { line, error } => write!(f, "line {line}: {error}"),
            LogicReadError::Variant(fault) => fault.fmt(f),
            LogicReadError::NotClassic { line, reason } => write!(f, "line {line}: {reason}"),
        }
    }
}

impl Source for LogicSource {
    type Record = LogicRecord;
    type Error = LogicReadError;

    fn records<'a>(&'a self, input: Box<dyn BufRead + 'a>) -> Box<dyn Stream<Self> + 'a> {
        if let Some(variants) = &self.variants {
            return variants.records(input);
        }
        let shared = Rc::new(Shared::default());
        let lines = MarksAside {
            input,
            shared: Rc::clone(&shared),
            line: Vec::new(),
            at: 0,
            number: 0,
        };
        let classic = match self.forced {
            Some(format) => Records::with_format(lines, format),
            None => Records::new(lines),
        };
        Box::new(LogicStream {
            classic,
            shared,
            pending: None,
        })
    }
}

/// What the line filter hands the stream.
#[derive(Default)]
struct Shared {
    /// Pencil-mark lines met so far and not yet given out: line, text.
    marks: RefCell<VecDeque<(usize, String)>>,
    /// Bytes of the real input read.
    bytes: Cell<u64>,
}

/// The input with every pencil-mark line set aside (and a comment line in
/// its place), read a line at a time.
struct MarksAside<R> {
    input: R,
    shared: Rc<Shared>,
    /// The current line as the classic reader sees it, from `at` on.
    line: Vec<u8>,
    at: usize,
    /// Lines read.
    number: usize,
}

impl<R: BufRead> Read for MarksAside<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for MarksAside<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.line.len() {
            self.line.clear();
            self.at = 0;
            let read = self.input.read_until(b'\n', &mut self.line)?;
            self.shared.bytes.set(self.shared.bytes.get() + read as u64);
            if read > 0 {
                self.number += 1;
                if let Some(text) = pencil_marks(&self.line) {
                    self.shared
                        .marks
                        .borrow_mut()
                        .push_back((self.number, text));
                    let ends = self.line.ends_with(b"\n");
                    self.line.clear();
                    self.line
                        .extend_from_slice(if ends { b"#\n" } else { b"#" });
                }
            }
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.line.len());
    }
}

/// The text of `line` if it is a pencil-mark line (see the module
/// documentation).
fn pencil_marks(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?;
    if text.trim_start().starts_with('#') {
        return None;
    }
    let marks: Vec<char> = text.chars().filter(|ch| !ch.is_whitespace()).collect();
    let digits_and_dots = marks.iter().all(|&ch| ch.is_ascii_digit() || ch == '.');
    (marks.len() == 729 || (marks.len() > 2 * 81 && digits_and_dots))
        .then(|| text.trim_end().to_string())
}

/// Classic records and pencil-mark lines, in line order.
struct LogicStream<'a> {
    classic: Records<MarksAside<Box<dyn BufRead + 'a>>>,
    shared: Rc<Shared>,
    /// The next classic item, read ahead.
    pending: Option<Result<Record, ReadError>>,
}

impl Iterator for LogicStream<'_> {
    type Item = Result<LogicRecord, Unread<LogicReadError>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.pending.is_none() {
            self.pending = self.classic.next();
        }
        let classic_line = match &self.pending {
            Some(Ok(record)) => record.line,
            Some(Err(ReadError::Parse(error))) => error.line,
            Some(Err(ReadError::Io { .. })) | None => usize::MAX,
        };
        let marks = {
            let mut queue = self.shared.marks.borrow_mut();
            match queue.front() {
                Some(&(line, _)) if line < classic_line => queue.pop_front(),
                _ => None,
            }
        };
        if let Some((line, text)) = marks {
            return Some(match Board::from_pencil_marks(&text) {
                Ok(board) => Ok(LogicRecord::Marks { line, board }),
                Err(error) => Err(Unread::Malformed(LogicReadError::Marks { line, error })),
            });
        }
        Some(match self.pending.take()? {
            Ok(record) => Ok(LogicRecord::Grid(record)),
            Err(ReadError::Parse(error)) => Err(Unread::Malformed(LogicReadError::Grid(error))),
            Err(failed @ ReadError::Io { .. }) => Err(Unread::Failed(failed.to_string())),
        })
    }
}

impl Stream<LogicSource> for LogicStream<'_> {
    fn bytes_read(&self) -> u64 {
        self.shared.bytes.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of the records (or faults) of `text`, and whether each is
    /// a pencil-mark record.
    fn read(text: &str) -> Vec<(usize, &'static str)> {
        let source = LogicSource {
            forced: None,
            variants: None,
        };
        source
            .records(Box::new(text.as_bytes()))
            .map(|item| match item {
                Ok(LogicRecord::Grid(record) | LogicRecord::Symbolic { record, .. }) => {
                    (record.line, "grid")
                }
                Ok(LogicRecord::Marks { line, .. }) => (line, "marks"),
                Ok(LogicRecord::Broken { line, .. }) => (line, "broken"),
                Ok(LogicRecord::General { line, .. }) => (line, "general"),
                Err(Unread::Malformed(error)) => (error.line(), "malformed"),
                Err(Unread::Failed(error)) => panic!("{error}"),
            })
            .collect()
    }

    #[test]
    fn pencil_mark_lines_keep_their_place_among_multi_line_records() {
        let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let marks = "123456789".repeat(81);
        let comment = format!("# {}", "1".repeat(729));
        let text = format!(
            "{marks}\n{grid}\n{marks}\n{comment}\n{}\n{grid}{marks}",
            &marks[..700]
        );
        assert_eq!(
            read(&text),
            [
                (1, "marks"),
                (2, "grid"),
                (12, "marks"),
                (14, "malformed"),
                (15, "grid"),
                (24, "marks")
            ]
        );
    }
}
