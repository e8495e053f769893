//! Cutting a stream into records.
//!
//! [`Records`] reads a stream line by line and yields one item per record:
//! a parsed [`Record`] or the [`ReadError`] that record raised. A bad record
//! never ends the stream; only an I/O error does. Memory stays flat: at most
//! one record's text is held at a time.
//!
//! Detection, per record (unless a format is forced): a line whose first
//! non-blank character is `[` starts a JSON record, which runs until its
//! brackets balance; a line of 9 cells or a separator line starts a
//! multi-line grid, which runs for 9 rows; any other line is an 81-cell
//! line. Blank lines and lines starting with `#` are skipped; a blank line
//! inside a grid ends it early (an error).

use super::{json, text, InputFormat, ParseError, ParseErrorKind};
use crate::grid::{Grid, CELLS, SIDE};
use std::io::{self, BufRead};
use thiserror::Error;

/// One grid read from a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line where the record starts.
    pub line: usize,
    /// The form it was written in.
    pub format: InputFormat,
    /// The grid.
    pub grid: Grid,
}

/// Why a record could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The stream failed; no further records follow.
    #[error("read error after line {line}: {source}")]
    Io {
        /// Lines read before the failure.
        line: usize,
        /// The I/O error.
        source: io::Error,
    },
    /// The record is malformed; the stream goes on.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl ReadError {
    /// The error as a [`ParseError`] (an I/O error is placed at its line).
    pub fn into_parse_error(self) -> ParseError {
        match self {
            ReadError::Parse(error) => error,
            ReadError::Io { line, source } => ParseError::at_line(
                line,
                ParseErrorKind::Unreadable {
                    message: source.to_string(),
                },
            ),
        }
    }
}

/// The longest JSON record accepted; a LeetCode grid with generous white
/// space is far below it.
const MAX_JSON_BYTES: usize = 64 * 1024;

/// The records of a stream, in order.
///
/// ```
/// use gridsolve_sudoku::{InputFormat, Records};
///
/// let input = format!("# two puzzles\n{}\n\n{}\n", ".".repeat(81), "1".repeat(80));
/// let items: Vec<_> = Records::new(input.as_bytes()).collect();
/// assert_eq!(items.len(), 2);
/// let first = items[0].as_ref().unwrap();
/// assert_eq!((first.line, first.format), (2, InputFormat::Line));
/// assert_eq!(items[1].as_ref().unwrap_err().to_string(), "line 4: found 80 cells, expected 81");
/// ```
pub struct Records<R> {
    input: R,
    forced: Option<InputFormat>,
    line: String,
    line_no: usize,
    bytes_read: u64,
    /// Process `line` again instead of reading the next one.
    replay: bool,
    pending: Option<Pending>,
    failed: bool,
}

/// A record spanning several lines, still being collected.
struct Pending {
    start: usize,
    text: String,
    kind: PendingKind,
}

enum PendingKind {
    Grid { rows: usize },
    Json(BracketDepth),
}

impl<R: BufRead> Records<R> {
    /// Records of `input`, each form detected on its own.
    pub fn new(input: R) -> Self {
        Records {
            input,
            forced: None,
            line: String::new(),
            line_no: 0,
            bytes_read: 0,
            replay: false,
            pending: None,
            failed: false,
        }
    }

    /// Records of `input`, all in the form `format`.
    pub fn with_format(input: R, format: InputFormat) -> Self {
        Records {
            forced: Some(format),
            ..Records::new(input)
        }
    }

    /// Bytes consumed from the stream so far (for progress reporting).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Handles the current line; `Some` when it completes or breaks a record.
    fn step(&mut self) -> Option<Result<Record, ParseError>> {
        let line = self.line.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim();
        let line_no = self.line_no;
        if let Some(pending) = &mut self.pending {
            match &mut pending.kind {
                PendingKind::Json(depth) => {
                    pending.text.push_str(line);
                    pending.text.push('\n');
                    if depth.feed(line) {
                        return Some(self.finish_json());
                    }
                    if pending.text.len() > MAX_JSON_BYTES {
                        let start = pending.start;
                        self.pending = None;
                        return Some(Err(ParseError::at_line(
                            start,
                            ParseErrorKind::JsonTooLong {
                                limit: MAX_JSON_BYTES,
                            },
                        )));
                    }
                    return None;
                }
                PendingKind::Grid { rows } => {
                    if trimmed.is_empty() {
                        return self.abandon_grid();
                    }
                    if trimmed.starts_with('#') {
                        return None;
                    }
                    if self.forced.is_none() && text::cell_count(trimmed) == CELLS {
                        // A one-line record after a short grid: report the
                        // grid, then read this line afresh.
                        self.replay = true;
                        return self.abandon_grid();
                    }
                    pending.text.push_str(line);
                    pending.text.push('\n');
                    if !text::is_separator(trimmed) {
                        *rows += 1;
                        if *rows == SIDE {
                            return Some(self.finish_grid());
                        }
                    }
                    return None;
                }
            }
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        let starts_json = match self.forced {
            Some(format) => matches!(format, InputFormat::Json | InputFormat::LeetCode),
            None => trimmed.starts_with('['),
        };
        let starts_grid = match self.forced {
            Some(format) => format == InputFormat::Grid,
            None => text::is_separator(trimmed) || text::cell_count(trimmed) == SIDE,
        };
        if starts_json {
            let mut depth = BracketDepth::default();
            let closed = depth.feed(line);
            self.pending = Some(Pending {
                start: line_no,
                text: format!("{line}\n"),
                kind: PendingKind::Json(depth),
            });
            return closed.then(|| self.finish_json());
        }
        if starts_grid {
            let rows = usize::from(!text::is_separator(trimmed));
            self.pending = Some(Pending {
                start: line_no,
                text: format!("{line}\n"),
                kind: PendingKind::Grid { rows },
            });
            return None;
        }
        Some(text::parse_line(line, line_no).map(|grid| Record {
            line: line_no,
            format: InputFormat::Line,
            grid,
        }))
    }

    fn finish_json(&mut self) -> Result<Record, ParseError> {
        let pending = self.pending.take().expect("a JSON record is pending");
        let (format, grid) = json::parse(&pending.text, pending.start, self.forced)?;
        Ok(Record {
            line: pending.start,
            format,
            grid,
        })
    }

    fn finish_grid(&mut self) -> Result<Record, ParseError> {
        let pending = self.pending.take().expect("a grid is pending");
        let grid = text::parse_rows(&pending.text, pending.start)?;
        Ok(Record {
            line: pending.start,
            format: InputFormat::Grid,
            grid,
        })
    }

    /// Ends a grid that stopped before its ninth row. A grid of separator
    /// lines only (a border after the last row) is no record at all.
    fn abandon_grid(&mut self) -> Option<Result<Record, ParseError>> {
        let pending = self.pending.take()?;
        match pending.kind {
            PendingKind::Grid { rows: 0 } => None,
            PendingKind::Grid { rows } => Some(Err(ParseError::at_line(
                pending.start,
                ParseErrorKind::TooFewRows { rows },
            ))),
            PendingKind::Json(_) => Some(Err(ParseError::at_line(
                pending.start,
                ParseErrorKind::UnterminatedJson,
            ))),
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            if self.replay {
                self.replay = false;
            } else {
                self.line.clear();
                match self.input.read_line(&mut self.line) {
                    Ok(0) => {
                        return self
                            .abandon_grid()
                            .map(|result| result.map_err(ReadError::from))
                    }
                    Ok(n) => {
                        self.line_no += 1;
                        self.bytes_read += n as u64;
                    }
                    Err(source) => {
                        self.failed = true;
                        return Some(Err(ReadError::Io {
                            line: self.line_no,
                            source,
                        }));
                    }
                }
            }
            if let Some(result) = self.step() {
                return Some(result.map_err(ReadError::from));
            }
        }
    }
}

/// Tracks `[`/`]` nesting outside JSON strings across lines.
#[derive(Default)]
struct BracketDepth {
    depth: usize,
    in_string: bool,
    escape: bool,
}

impl BracketDepth {
    /// Feeds one line; true once the outermost bracket has closed.
    fn feed(&mut self, line: &str) -> bool {
        for ch in line.chars() {
            if self.in_string {
                match (self.escape, ch) {
                    (true, _) => self.escape = false,
                    (false, '\\') => self.escape = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => self.in_string = true,
                '[' => self.depth += 1,
                ']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str) -> Vec<Result<Record, String>> {
        Records::new(input.as_bytes())
            .map(|item| item.map_err(|error| error.to_string()))
            .collect()
    }

    const ROWS: [&str; 9] = [
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ];

    #[test]
    fn every_form_in_one_stream_is_detected_in_order() {
        let line = ROWS.concat();
        let grid = ROWS.join("\n");
        let json = format!("[\n{}\n]", ROWS.map(|r| format!("\"{r}\"")).join(",\n"));
        let input = format!("{line}\n\n{grid}\n# comment\n{json}\n{line}\n");
        let formats: Vec<(usize, InputFormat)> = read(&input)
            .into_iter()
            .map(|item| item.map(|record| (record.line, record.format)).unwrap())
            .collect();
        assert_eq!(
            formats,
            [
                (1, InputFormat::Line),
                (3, InputFormat::Grid),
                (13, InputFormat::Json),
                (24, InputFormat::Line)
            ]
        );
    }

    #[test]
    fn a_short_grid_is_reported_and_the_next_line_still_read() {
        let input = format!("{}\n{}\n{}\n", ROWS[0], ROWS[1], ROWS.concat());
        let items = read(&input);
        assert_eq!(
            items[0],
            Err("line 1: grid ended after 2 rows, expected 9".to_string())
        );
        assert_eq!(items[1].as_ref().map(|r| r.line), Ok(3));
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn unterminated_json_is_reported_at_its_start() {
        let items = read("\n[\"53..7....\",\n");
        assert_eq!(
            items,
            [Err(
                "line 2: JSON record never closes its brackets (input ended)".to_string()
            )]
        );
    }

    #[test]
    fn borders_around_a_grid_do_not_make_records() {
        let body = ROWS.join("\n");
        let input = format!("+-----+\n{body}\n+-----+\n");
        let items = read(&input);
        assert_eq!(items.len(), 1);
        assert!(items[0].is_ok());
    }

    #[test]
    fn a_read_failure_ends_the_stream_with_its_line() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk gone"))
            }
        }
        let mut records = Records::new(io::BufReader::new(Failing));
        let error = records.next().unwrap().unwrap_err();
        assert_eq!(error.to_string(), "read error after line 0: disk gone");
        assert_eq!(
            error.into_parse_error().kind,
            ParseErrorKind::Unreadable {
                message: "disk gone".to_string()
            }
        );
        assert!(records.next().is_none());
    }

    #[test]
    fn brackets_inside_strings_do_not_count() {
        let mut depth = BracketDepth::default();
        assert!(!depth.feed(r#"["]\"]", "#));
        assert!(depth.feed("]"));
    }
}
