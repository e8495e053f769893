//! The lines of a stream, as [`Records`](super::Records) reads them.
//!
//! Every line read is handed out once, numbered from 1, without its line
//! ending, and with at most [`MAX_LINE_BYTES`] of its text held: a longer
//! line, or one that is not UTF-8, is still a line, marked with its
//! [`LineFault`], so that it is an error for the record it belongs to and
//! never for the rest of the stream. Lines handed back with
//! [`Lines::read_again`] come out again, in order, before the stream goes on.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::mem;

/// The most bytes of one line kept; no record of any form needs more.
pub(super) const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of the stream.
#[derive(Debug, Default)]
pub(super) struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The text, without the line ending (invalid bytes replaced by
    /// U+FFFD, a too-long line cut after [`MAX_LINE_BYTES`]).
    pub text: String,
    /// Why the text is not the line as written, if it is not.
    pub fault: Option<LineFault>,
}

/// Why a line's text is not the line as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineFault {
    /// A byte that does not belong to UTF-8 text.
    InvalidUtf8 {
        /// 1-based character column of the first such byte.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// Longer than [`MAX_LINE_BYTES`].
    TooLong {
        /// Its length in bytes, line ending included.
        bytes: u64,
    },
}

/// Reads `input` a line at a time into [`Lines::current`].
pub(super) struct Lines<R> {
    input: R,
    current: Line,
    read: usize,
    bytes_read: u64,
    again: VecDeque<Line>,
    ended: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Self {
        Lines {
            input,
            current: Line::default(),
            read: 0,
            bytes_read: 0,
            again: VecDeque::new(),
            ended: false,
        }
    }

    /// The line the last [`advance`](Self::advance) reached.
    pub fn current(&self) -> &Line {
        &self.current
    }

    /// The current line, taken out (to be kept with its record).
    pub fn take_current(&mut self) -> Line {
        mem::take(&mut self.current)
    }

    /// Lines read from the stream so far.
    pub fn lines_read(&self) -> usize {
        self.read
    }

    /// Bytes read from the stream so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Has `lines` come out again, in their order, before any line not yet
    /// handed out.
    pub fn read_again(&mut self, lines: impl DoubleEndedIterator<Item = Line>) {
        for line in lines.rev() {
            self.again.push_front(line);
        }
    }

    /// Has the current line come out again next.
    pub fn read_current_again(&mut self) {
        let line = self.take_current();
        self.again.push_front(line);
    }

    /// Moves to the next line; `false` at the end of the stream (which is
    /// not read past, so a terminal is not asked twice). An I/O error is the
    /// stream's own failure, after which it is not read on.
    pub fn advance(&mut self) -> io::Result<bool> {
        if let Some(line) = self.again.pop_front() {
            self.current = line;
            return Ok(true);
        }
        if self.ended {
            return Ok(false);
        }
        // The current line's buffer is reused for the next line's bytes.
        let mut raw = mem::take(&mut self.current.text).into_bytes();
        raw.clear();
        let kept_at_most = MAX_LINE_BYTES as u64 + 2;
        let mut consumed = (&mut self.input)
            .take(kept_at_most)
            .read_until(b'\n', &mut raw)? as u64;
        if consumed == 0 {
            self.ended = true;
            return Ok(false);
        }
        if consumed == kept_at_most && raw.last() != Some(&b'\n') {
            consumed += self.input.skip_until(b'\n')? as u64;
        }
        self.read += 1;
        self.bytes_read += consumed;
        if raw.last() == Some(&b'\n') {
            raw.pop();
            if raw.last() == Some(&b'\r') {
                raw.pop();
            }
        }
        let mut fault = None;
        if raw.len() > MAX_LINE_BYTES {
            raw.truncate(MAX_LINE_BYTES);
            fault = Some(LineFault::TooLong { bytes: consumed });
        }
        if self.read == 1 && raw.starts_with("\u{feff}".as_bytes()) {
            raw.drain(..3);
        }
        let text = String::from_utf8(raw).unwrap_or_else(|error| {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // A line cut in the middle of a character is too long, not
            // invalid: only a bad byte before the cut counts.
            if fault.is_none() {
                fault = Some(LineFault::InvalidUtf8 {
                    column: text[..valid].chars().count() + 1,
                    byte: bytes[valid],
                });
            }
            text
        });
        self.current = Line {
            number: self.read,
            text,
            fault,
        };
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<(usize, String, Option<LineFault>)> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        while lines.advance().unwrap() {
            let line = lines.take_current();
            out.push((line.number, line.text, line.fault));
        }
        out
    }

    #[test]
    fn endings_are_dropped_and_the_last_line_needs_none() {
        let lines = all(b"a\r\nb\n\nc");
        let texts: Vec<_> = lines.iter().map(|(n, t, _)| (*n, t.as_str())).collect();
        assert_eq!(texts, [(1, "a"), (2, "b"), (3, ""), (4, "c")]);
    }

    #[test]
    fn a_bad_byte_marks_its_line_only() {
        let lines = all(b"ok\nab\xffcd\nok\n");
        assert_eq!(lines.len(), 3);
        assert_eq!(
            lines[1].2,
            Some(LineFault::InvalidUtf8 {
                column: 3,
                byte: 0xff
            })
        );
        assert_eq!(lines[1].1, "ab\u{fffd}cd");
        assert_eq!((lines[2].0, lines[2].2), (3, None));
    }

    #[test]
    fn a_long_line_is_cut_and_marked_and_the_next_one_read_whole() {
        let mut input = vec![b'['; 70_000];
        input.extend_from_slice(b"\nnext\n");
        let lines = all(&input);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].1.len(), MAX_LINE_BYTES);
        assert_eq!(lines[0].2, Some(LineFault::TooLong { bytes: 70_001 }));
        assert_eq!((lines[1].0, lines[1].1.as_str()), (2, "next"));
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_whole() {
        let mut input = vec![b'.'; MAX_LINE_BYTES];
        input.extend_from_slice(b"\r\n");
        let lines = all(&input);
        assert_eq!((lines[0].1.len(), lines[0].2), (MAX_LINE_BYTES, None));
    }

    #[test]
    fn a_byte_order_mark_opening_the_stream_is_dropped() {
        let lines = all("\u{feff}a\n\u{feff}b\n".as_bytes());
        assert_eq!(lines[0].1, "a");
        assert_eq!(lines[1].1, "\u{feff}b");
    }

    #[test]
    fn lines_read_again_come_first_in_order() {
        let mut lines = Lines::new(&b"1\n2\n3\n4\n"[..]);
        let mut kept = Vec::new();
        for _ in 0..3 {
            lines.advance().unwrap();
            kept.push(lines.take_current());
        }
        lines.read_again(kept.into_iter().skip(1));
        let mut rest = Vec::new();
        while lines.advance().unwrap() {
            rest.push(lines.current().number);
        }
        assert_eq!(rest, [2, 3, 4]);
    }
}
