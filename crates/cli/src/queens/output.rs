//! Writing placements in the three forms: boards of `Q` and `.`, LeetCode
//! 51's JSON, and column lists. Streaming: each placement is written as it
//! comes, a JSON array is opened before the first and closed after the last.

use crate::args::BoardFormat;
use std::io::{self, Write};

/// Writes a stream of placements (0-based column per row).
pub struct PlacementWriter<W: Write> {
    out: W,
    format: BoardFormat,
    written: u64,
}

impl<W: Write> PlacementWriter<W> {
    pub fn new(out: W, format: BoardFormat) -> Self {
        PlacementWriter {
            out,
            format,
            written: 0,
        }
    }

    /// Writes one placement.
    pub fn write(&mut self, cols: &[u32]) -> io::Result<()> {
        match self.format {
            BoardFormat::Boards => {
                if self.written > 0 {
                    writeln!(self.out)?;
                }
                write_board(&mut self.out, cols, "", "\n", "\n")?;
            }
            BoardFormat::Json => {
                self.out
                    .write_all(if self.written == 0 { b"[" } else { b"," })?;
                self.out.write_all(b"[")?;
                write_board(&mut self.out, cols, "\"", "\"", ",")?;
                self.out.write_all(b"]")?;
            }
            BoardFormat::Cols => write_cols(&mut self.out, cols.iter().copied())?,
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the stream (closes the JSON array, `[]` if nothing was written)
    /// and flushes.
    pub fn finish(mut self) -> io::Result<()> {
        if self.format == BoardFormat::Json {
            self.out
                .write_all(if self.written == 0 { b"[]\n" } else { b"]\n" })?;
        }
        self.out.flush()
    }
}

/// Each row as `open`, the row's `Q`/`.` squares, `close`, with `between`
/// separating rows (and ending the last, when it is a newline).
fn write_board(
    out: &mut impl Write,
    cols: &[u32],
    open: &str,
    close: &str,
    between: &str,
) -> io::Result<()> {
    let n = cols.len();
    let mut row = vec![b'.'; n];
    for (index, &col) in cols.iter().enumerate() {
        if index > 0 && between != "\n" {
            out.write_all(between.as_bytes())?;
        }
        row[col as usize] = b'Q';
        out.write_all(open.as_bytes())?;
        out.write_all(&row)?;
        out.write_all(close.as_bytes())?;
        row[col as usize] = b'.';
    }
    Ok(())
}

/// The columns separated by spaces, then a newline.
pub fn write_cols(out: &mut impl Write, cols: impl IntoIterator<Item = u32>) -> io::Result<()> {
    for (index, col) in cols.into_iter().enumerate() {
        if index > 0 {
            out.write_all(b" ")?;
        }
        write!(out, "{col}")?;
    }
    out.write_all(b"\n")
}
