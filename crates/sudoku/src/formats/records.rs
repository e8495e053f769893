//! Cutting a stream into records.
//!
//! [`Records`] reads a stream line by line and yields one item per record:
//! a parsed [`Record`] or the [`ReadError`] that record raised. Every line
//! of the stream belongs to exactly one record, or is blank or a comment,
//! so every record is answered once: a bad record never ends the stream,
//! and neither does a bad byte or an overlong line (each is an error of the
//! record it is in); only an I/O error does. Memory stays flat: at most one
//! record's text is held at a time, and no record is longer than
//! [`MAX_JSON_LINES`] lines of [`MAX_LINE_BYTES`] bytes.
//!
//! Detection, per record (unless a format is forced): a line whose first
//! non-blank character is `{` is a puzzle object, one a line; `[` starts
//! a JSON record, which runs until its
//! brackets balance; a line of 9 cells or a separator line starts a
//! multi-line grid, which runs for 9 rows; any other line is an 81-cell
//! line. Blank lines and lines starting with `#` are skipped; a blank line
//! inside a grid ends it early (an error). A JSON record that never closes
//! (within [`MAX_JSON_LINES`] lines, [`MAX_JSON_BYTES`] bytes, or before the
//! input ends) is an error at its first line, and the lines after that one
//! are read again as records of their own: a stray `[` costs one record.

use super::lines::{Line, LineFault, Lines, MAX_LINE_BYTES};
use super::{board_prefix_len, json, object, text, InputFormat, ParseError, ParseErrorKind};
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

/// The most bytes a JSON record may span; a LeetCode grid with generous
/// white space is far below it.
const MAX_JSON_BYTES: usize = 64 * 1024;

/// The most lines a JSON record may span; LeetCode's form pretty-printed
/// one cell a line takes 101.
const MAX_JSON_LINES: usize = 200;

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
    lines: Lines<R>,
    forced: Option<InputFormat>,
    pending: Option<Pending>,
    failed: bool,
}

/// A record spanning several lines, still being collected.
struct Pending {
    start: usize,
    /// The first fault of a line of the record, which is then its error.
    fault: Option<ParseError>,
    kind: PendingKind,
}

enum PendingKind {
    Grid { text: String, rows: usize },
    Json(JsonLines),
}

/// The lines of a JSON record so far, kept whole so that, if it never
/// closes, all but its first can be read again.
struct JsonLines {
    lines: Vec<Line>,
    bytes: usize,
    depth: BracketDepth,
}

impl JsonLines {
    /// Whether the record has run past what any grid can span.
    fn past_bounds(&self) -> bool {
        self.bytes > MAX_JSON_BYTES || self.lines.len() >= MAX_JSON_LINES
    }
}

impl<R: BufRead> Records<R> {
    /// Records of `input`, each form detected on its own.
    pub fn new(input: R) -> Self {
        Records {
            lines: Lines::new(input),
            forced: None,
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
        self.lines.bytes_read()
    }

    /// Handles the current line; `Some` when it completes or breaks a record.
    fn step(&mut self) -> Option<Result<Record, ParseError>> {
        if self.pending.is_some() {
            return self.continue_pending();
        }
        let line = self.lines.current();
        let trimmed = line.text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        let fault = line_fault(line);
        let json_forced = matches!(
            self.forced,
            Some(InputFormat::Json | InputFormat::LeetCode | InputFormat::Numbers)
        );
        if json_forced && !trimmed.starts_with('[') && board_prefix_len(trimmed).is_none() {
            // Not the start of any JSON record: an error of this line alone.
            let found = trimmed.chars().next().unwrap_or(' ');
            return Some(Err(ParseError::at_line(
                line.number,
                ParseErrorKind::JsonShape {
                    expected: "a JSON array starting with '['",
                    found: format!("{found:?}"),
                },
            )));
        }
        if self.forced.is_none() && trimmed.starts_with('{') {
            return Some(match fault {
                Some(fault) => Err(fault),
                None => object::parse_record(&line.text, line.number).map(|grid| Record {
                    line: line.number,
                    format: InputFormat::Object,
                    grid,
                }),
            });
        }
        let starts_json = (trimmed.starts_with('[') || board_prefix_len(trimmed).is_some())
            && (json_forced || self.forced.is_none());
        let starts_grid = match self.forced {
            Some(format) => format == InputFormat::Grid,
            None => text::is_separator(trimmed) || text::cell_count(trimmed) == SIDE,
        };
        let start = line.number;
        if starts_json {
            self.pending = Some(Pending {
                start,
                fault,
                kind: PendingKind::Json(JsonLines {
                    lines: Vec::new(),
                    bytes: 0,
                    depth: BracketDepth::default(),
                }),
            });
            return self.continue_pending();
        }
        if starts_grid {
            let rows = usize::from(!text::is_separator(trimmed));
            self.pending = Some(Pending {
                start,
                fault,
                kind: PendingKind::Grid {
                    text: format!("{}\n", line.text),
                    rows,
                },
            });
            return None;
        }
        if let Some(fault) = fault {
            return Some(Err(fault));
        }
        Some(text::parse_line(&line.text, start).map(|grid| Record {
            line: start,
            format: InputFormat::Line,
            grid,
        }))
    }

    /// Adds the current line to the pending record.
    fn continue_pending(&mut self) -> Option<Result<Record, ParseError>> {
        let pending = self.pending.as_mut().expect("a record is pending");
        let line = self.lines.current();
        if let PendingKind::Grid { text, rows } = &mut pending.kind {
            let trimmed = line.text.trim();
            if trimmed.is_empty() {
                return self.abandon();
            }
            if trimmed.starts_with('#') {
                return None;
            }
            if self.forced.is_none() && text::cell_count(trimmed) == CELLS {
                // A one-line record after a short grid: report the grid,
                // then read this line afresh.
                self.lines.read_current_again();
                return self.abandon();
            }
            pending.fault = pending.fault.take().or_else(|| line_fault(line));
            text.push_str(&line.text);
            text.push('\n');
            if !text::is_separator(trimmed) {
                *rows += 1;
                if *rows == SIDE {
                    return Some(self.finish_grid());
                }
            }
            return None;
        }
        pending.fault = pending.fault.take().or_else(|| line_fault(line));
        let line = self.lines.take_current();
        let PendingKind::Json(json) = &mut pending.kind else {
            unreachable!("a pending record is a grid or JSON")
        };
        json.bytes += line.text.len() + 1;
        let closed = json.depth.feed(&line.text);
        json.lines.push(line);
        if closed {
            return Some(self.finish_json());
        }
        if json.past_bounds() {
            return self.abandon();
        }
        None
    }

    fn finish_json(&mut self) -> Result<Record, ParseError> {
        let pending = self.pending.take().expect("a JSON record is pending");
        if let Some(fault) = pending.fault {
            return Err(fault);
        }
        let PendingKind::Json(json) = pending.kind else {
            unreachable!("finish_json is called on JSON records")
        };
        // Lines joined without a newline after the last, so that an error at
        // the end of the text (found by fuzzing: `["\u"]`) is placed on the
        // record's last line, not on the line after it.
        let mut text = String::with_capacity(json.bytes);
        for (index, line) in json.lines.iter().enumerate() {
            if index > 0 {
                text.push('\n');
                text.push_str(&line.text);
                continue;
            }
            // `board = ` (as LeetCode's examples write it) becomes spaces,
            // so that columns in errors stay those of the line.
            let indent = line.text.len() - line.text.trim_start().len();
            match board_prefix_len(line.text.trim_start()) {
                Some(prefix) => {
                    text.extend(std::iter::repeat_n(' ', indent + prefix));
                    text.push_str(&line.text[indent + prefix..]);
                }
                None => text.push_str(&line.text),
            }
        }
        let (format, grid) = json::parse(&text, pending.start, self.forced)?;
        Ok(Record {
            line: pending.start,
            format,
            grid,
        })
    }

    fn finish_grid(&mut self) -> Result<Record, ParseError> {
        let pending = self.pending.take().expect("a grid is pending");
        if let Some(fault) = pending.fault {
            return Err(fault);
        }
        let PendingKind::Grid { text, .. } = pending.kind else {
            unreachable!("finish_grid is called on grids")
        };
        let grid = text::parse_rows(&text, pending.start)?;
        Ok(Record {
            line: pending.start,
            format: InputFormat::Grid,
            grid,
        })
    }

    /// Ends the pending record before it is complete: a grid short of its
    /// ninth row, or a JSON record that did not close (whose lines after
    /// the first are then read again). A grid of separator lines only (a
    /// border after the last row) is no record at all.
    fn abandon(&mut self) -> Option<Result<Record, ParseError>> {
        let pending = self.pending.take()?;
        match pending.kind {
            PendingKind::Grid { rows: 0, .. } => pending.fault.map(Err),
            PendingKind::Grid { text, rows } => Some(Err(pending.fault.unwrap_or_else(|| {
                // A malformed row says more than the count of rows.
                text::parse_rows(&text, pending.start)
                    .err()
                    .unwrap_or_else(|| {
                        ParseError::at_line(pending.start, ParseErrorKind::TooFewRows { rows })
                    })
            }))),
            PendingKind::Json(json) => {
                let kind = if json.past_bounds() {
                    ParseErrorKind::JsonTooLong {
                        bytes: MAX_JSON_BYTES,
                        lines: MAX_JSON_LINES,
                    }
                } else {
                    ParseErrorKind::UnterminatedJson
                };
                self.lines.read_again(json.lines.into_iter().skip(1));
                // A fault of the first line says more; one of a later line
                // is found again when that line is read again.
                let error = pending
                    .fault
                    .filter(|fault| fault.line == pending.start)
                    .unwrap_or_else(|| ParseError::at_line(pending.start, kind));
                Some(Err(error))
            }
        }
    }
}

/// The error a faulty line makes of its record.
fn line_fault(line: &Line) -> Option<ParseError> {
    line.fault.map(|fault| match fault {
        LineFault::InvalidUtf8 { column, byte } => ParseError {
            line: line.number,
            column: Some(column),
            cell: None,
            kind: ParseErrorKind::InvalidUtf8 { byte },
        },
        LineFault::TooLong { bytes } => ParseError::at_line(
            line.number,
            ParseErrorKind::LineTooLong {
                bytes,
                limit: MAX_LINE_BYTES,
            },
        ),
    })
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            match self.lines.advance() {
                Ok(true) => {
                    if let Some(result) = self.step() {
                        return Some(result.map_err(ReadError::from));
                    }
                }
                Ok(false) => {
                    // The input ended: a pending record is cut short, and a
                    // JSON one may hand lines back to be read again.
                    return self.abandon().map(|result| result.map_err(ReadError::from));
                }
                Err(source) => {
                    self.failed = true;
                    return Some(Err(ReadError::Io {
                        line: self.lines.lines_read(),
                        source,
                    }));
                }
            }
        }
        None
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
            Err("line 2: grid ended after 2 rows, expected 9".to_string())
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
                "line 2: JSON record never closes its brackets (input ended); \
                 the lines after it are read as records of their own"
                    .to_string()
            )]
        );
    }

    /// Lines and the record (or error) each item starts at.
    fn starts(input: &str) -> Vec<Result<usize, usize>> {
        Records::new(input.as_bytes())
            .map(|item| match item {
                Ok(record) => Ok(record.line),
                Err(error) => Err(error.into_parse_error().line),
            })
            .collect()
    }

    #[test]
    fn a_stray_bracket_costs_one_record_at_the_end_of_the_input() {
        let line = ROWS.concat();
        assert_eq!(
            starts(&format!("[\n{line}\n{line}\n")),
            [Err(1), Ok(2), Ok(3)]
        );
    }

    #[test]
    fn a_stray_bracket_costs_one_record_past_the_json_bounds() {
        let line = ROWS.concat();
        let lines = 2 * MAX_JSON_LINES + 5;
        let input = format!("[\n{}", format!("{line}\n").repeat(lines));
        let expected: Vec<_> = std::iter::once(Err(1))
            .chain((2..lines + 2).map(Ok))
            .collect();
        assert_eq!(starts(&input), expected);
        // Long lines reach the byte bound before the line bound.
        let long = format!("{}{line}", " ".repeat(1000));
        let input = format!("[\n{}", format!("{long}\n").repeat(lines));
        assert_eq!(starts(&input), expected);
    }

    #[test]
    fn a_huge_line_is_one_error_and_the_next_line_a_record() {
        let input = format!("{}\n{}\n", "[".repeat(70_000), ROWS.concat());
        let items = read(&input);
        assert_eq!(items.len(), 2);
        assert!(items[0]
            .as_ref()
            .unwrap_err()
            .starts_with("line 1: line of 70001 bytes"));
        assert_eq!(items[1].as_ref().map(|r| r.line), Ok(2));
    }

    #[test]
    fn an_invalid_byte_is_an_error_of_its_record_only() {
        let line = ROWS.concat();
        let mut input = format!("{line}\n").into_bytes();
        input.extend_from_slice(b"53..7\xff...\n");
        input.extend_from_slice(format!("{line}\n").as_bytes());
        let mut grid = ROWS.join("\n").into_bytes();
        grid[15] = 0xC3; // a lead byte with no continuation, in row 2
        input.extend_from_slice(&grid);
        input.extend_from_slice(format!("\n{line}\n").as_bytes());
        let items: Vec<_> = Records::new(&input[..])
            .map(|item| item.map(|r| r.line).map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            items,
            [
                Ok(1),
                Err("line 2, column 6: invalid UTF-8 byte 0xFF, expected text".to_string()),
                Ok(3),
                Err("line 5, column 6: invalid UTF-8 byte 0xC3, expected text".to_string()),
                Ok(13)
            ]
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
    fn forced_json_takes_a_line_without_a_bracket_as_one_error() {
        let input = format!("{}\n{}\n", ROWS.concat(), ROWS.concat());
        let items: Vec<_> = Records::with_format(input.as_bytes(), InputFormat::Json)
            .map(|item| item.map_err(|error| error.to_string()))
            .collect();
        assert_eq!(
            items,
            [1, 2].map(|line| Err(format!(
                "line {line}: expected a JSON array starting with '[', found '5'"
            )))
        );
    }

    #[test]
    fn a_json_error_at_the_end_is_placed_on_the_record() {
        for input in ["[\"\\u\"] ", "[\"\\u\"]\n", "[\n\"\\u\"]\n"] {
            let items = read(input);
            let lines = input.trim_end().lines().count();
            let error = items[0].as_ref().unwrap_err();
            assert!(
                error.starts_with(&format!("line {lines},")),
                "{input:?}: {error}"
            );
        }
    }

    #[test]
    fn brackets_inside_strings_do_not_count() {
        let mut depth = BracketDepth::default();
        assert!(!depth.feed(r#"["]\"]", "#));
        assert!(depth.feed("]"));
    }
}
