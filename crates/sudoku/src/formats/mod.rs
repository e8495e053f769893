//! Reading and writing grids as text.
//!
//! Six input forms are recognised, each documented with an example in
//! `docs/FORMATS.md`: an 81-character line, a 9-line grid (spaces, `|` and
//! `-`/`+` separator lines allowed, so the `pretty` output reads back), a JSON
//! array of 9 strings, LeetCode's JSON array of arrays of one-character
//! strings, a JSON array of arrays of numbers, and a puzzle object on one
//! line (what `generate --format jsonl` writes). Digits are `1`-`9`; an
//! empty cell is `.`, `0` or `_`.
//!
//! [`Records`] cuts a stream into records and parses each; `str::parse`
//! parses one record. Every [`ParseError`] carries the 1-based line (of the
//! stream), and where it applies the column and the cell.

mod json;
mod lines;
mod object;
mod records;
mod text;

pub use object::{ObjectPuzzle, PuzzleObject};
pub use records::{ReadError, Record, Records};

use crate::grid::{Cell, Grid};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The length of a leading `board =` (spaces allowed around `=`) that a
/// JSON array follows, as LeetCode's examples write a board.
pub(crate) fn board_prefix_len(line: &str) -> Option<usize> {
    let rest = line.strip_prefix("board")?.trim_start();
    let after = rest.strip_prefix('=')?.trim_start();
    after.starts_with('[').then(|| line.len() - after.len())
}

/// `text` from its first non-blank character, without a leading
/// `board =` before a JSON array (as LeetCode's examples paste a board).
///
/// ```
/// use gridsolve_sudoku::without_board_prefix;
///
/// assert_eq!(without_board_prefix("  board = [[1]]"), "[[1]]");
/// assert_eq!(without_board_prefix("[[1]]"), "[[1]]");
/// ```
pub fn without_board_prefix(text: &str) -> &str {
    let trimmed = text.trim_start();
    board_prefix_len(trimmed).map_or(trimmed, |prefix| &trimmed[prefix..])
}

/// A form a grid can be read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// 81 characters on one line.
    Line,
    /// 9 lines of 9 cells, with optional spaces, `|` and separator lines.
    Grid,
    /// A JSON array of 9 strings of 9 cells.
    Json,
    /// LeetCode 37's JSON array of 9 arrays of 9 one-character strings.
    LeetCode,
    /// A JSON array of 9 arrays of 9 numbers, 0 for empty (the test form
    /// of Python solvers).
    Numbers,
    /// A JSON object on one line whose `puzzle` is an 81-character line
    /// (see [`PuzzleObject`]), as `generate --format jsonl` writes them.
    Object,
}

/// A form a grid can be written in.
///
/// ```
/// use gridsolve_sudoku::{Grid, TextFormat};
///
/// let grid: Grid = format!("53..7....{}", ".".repeat(72)).parse().unwrap();
/// assert_eq!(TextFormat::Line.render(&grid).len(), 81);
/// assert!(TextFormat::Json.render(&grid).starts_with(r#"["53..7....", "#));
/// assert!(TextFormat::LeetCode.render(&grid).starts_with(r#"[["5","3",".","#));
/// assert!(TextFormat::Numbers.render(&grid).starts_with("[[5,3,0,"));
/// assert_eq!(TextFormat::Grid.render(&grid).lines().count(), 9);
/// assert!(TextFormat::Pretty.render(&grid).starts_with("5 3 . | . 7 . | . . .\n"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextFormat {
    /// 81 characters, `.` for empty.
    Line,
    /// 9 lines of 9 characters.
    Grid,
    /// 9 lines with spaces between cells, `|` between boxes and a separator
    /// line between bands.
    Pretty,
    /// A JSON array of 9 strings.
    Json,
    /// LeetCode's JSON array of arrays of one-character strings.
    LeetCode,
    /// A JSON array of arrays of numbers, 0 for empty.
    Numbers,
}

impl TextFormat {
    /// The grid in this form, without a trailing newline.
    pub fn render(self, grid: &Grid) -> String {
        match self {
            TextFormat::Line => text::render_line(grid),
            TextFormat::Grid => text::render_grid(grid),
            TextFormat::Pretty => text::render_pretty(grid),
            TextFormat::Json => json::render_rows(grid),
            TextFormat::LeetCode => json::render_arrays(grid, false),
            TextFormat::Numbers => json::render_arrays(grid, true),
        }
    }
}

impl From<InputFormat> for TextFormat {
    /// The output form that mirrors an input form.
    fn from(format: InputFormat) -> Self {
        match format {
            InputFormat::Line | InputFormat::Object => TextFormat::Line,
            InputFormat::Grid => TextFormat::Grid,
            InputFormat::Json => TextFormat::Json,
            InputFormat::LeetCode => TextFormat::LeetCode,
            InputFormat::Numbers => TextFormat::Numbers,
        }
    }
}

/// Where a parse error is and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ParseError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based character column on that line, when one character is at fault.
    pub column: Option<usize>,
    /// The grid cell the fault belongs to, when there is one.
    pub cell: Option<Cell>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// What went wrong while parsing a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// A character that is neither a digit nor a blank.
    #[error("found {found:?}, expected a digit 1-9 or a blank ('.', '0' or '_')")]
    BadCell {
        /// The character found.
        found: char,
    },
    /// A one-line grid of the wrong length.
    #[error("found {found} cells, expected 81")]
    WrongLength {
        /// Cells on the line.
        found: usize,
    },
    /// A row of a multi-line grid of the wrong length.
    #[error("row {row} has {found} cells, expected 9")]
    WrongRowLength {
        /// 1-based row number.
        row: usize,
        /// Cells in the row.
        found: usize,
    },
    /// A multi-line grid that ended early.
    #[error("grid ended after {rows} rows, expected 9")]
    TooFewRows {
        /// Rows read.
        rows: usize,
    },
    /// Text that is not JSON.
    #[error("invalid JSON: {message}")]
    Json {
        /// The JSON parser's message.
        message: String,
    },
    /// JSON whose shape is not one of the two accepted ones.
    #[error("expected {expected}, found {found}")]
    JsonShape {
        /// The shape expected at that point.
        expected: &'static str,
        /// What was there instead.
        found: String,
    },
    /// A JSON record whose brackets never close; the lines after its first
    /// are read as records of their own.
    #[error("JSON record never closes its brackets (input ended); the lines after it are read as records of their own")]
    UnterminatedJson,
    /// A JSON record that does not close within the bounds any grid keeps
    /// to; the lines after its first are read as records of their own.
    #[error("JSON record does not close within {lines} lines or {bytes} bytes; the lines after it are read as records of their own")]
    JsonTooLong {
        /// The byte bound.
        bytes: usize,
        /// The line bound.
        lines: usize,
    },
    /// A byte that is not part of UTF-8 text.
    #[error("invalid UTF-8 byte 0x{byte:02X}, expected text")]
    InvalidUtf8 {
        /// The byte.
        byte: u8,
    },
    /// A line longer than any record can be.
    #[error("line of {bytes} bytes, longer than any record ({limit} bytes at most)")]
    LineTooLong {
        /// The line's length.
        bytes: u64,
        /// The bound.
        limit: usize,
    },
    /// A puzzle object whose fields are wrong.
    #[error("{message}")]
    Object {
        /// What is wrong.
        message: String,
    },
    /// A puzzle object of a variant, where classic records are read.
    #[error("a variant's puzzle object, not a classic 9×9 record: {reason}")]
    VariantObject {
        /// What makes it a variant.
        reason: &'static str,
    },
    /// More than one record where one grid was expected.
    #[error("expected one grid, found another record")]
    ExtraRecord,
    /// The input could not be read.
    #[error("cannot read the input: {message}")]
    Unreadable {
        /// The I/O error's message.
        message: String,
    },
    /// No record where one grid was expected.
    #[error("expected a grid, found no input")]
    NoRecord,
}

impl ParseError {
    pub(crate) fn at_line(line: usize, kind: ParseErrorKind) -> Self {
        ParseError {
            line,
            column: None,
            cell: None,
            kind,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        if let Some(cell) = self.cell {
            write!(f, " ({cell})")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// The value of a cell character: `Some(0)` for a blank, `Some(d)` for a
/// digit, `None` for anything else.
pub(crate) fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '.' | '0' | '_' => Some(0),
        _ => None,
    }
}

/// The character of a cell value: `.` for a blank, `'1'..='9'` for a digit.
pub(crate) fn cell_char(value: u8) -> char {
    if value == 0 {
        '.'
    } else {
        (b'0' + value) as char
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Parses exactly one grid in any input form, detected as [`Records`]
    /// detects it.
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        let mut records = Records::new(text.as_bytes());
        let first = match records.next() {
            None => return Err(ParseError::at_line(1, ParseErrorKind::NoRecord)),
            Some(result) => result.map_err(ReadError::into_parse_error)?,
        };
        match records.next() {
            None => Ok(first.grid),
            Some(Ok(extra)) => Err(ParseError::at_line(extra.line, ParseErrorKind::ExtraRecord)),
            Some(Err(error)) => Err(error.into_parse_error()),
        }
    }
}
