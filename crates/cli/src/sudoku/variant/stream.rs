//! A variant input as a stream of records. Its start (whole lines, up to
//! [`START_BYTES`]) decides how its puzzles lie in it (see [`split`]): a
//! batch is then gathered a record at a time, so that memory holds the
//! start and one record whatever the input's size, and a malformed record
//! (a line of the wrong length, bytes that are no text) is answered with
//! its own error while the batch goes on. An input that is no batch is one
//! puzzle, read whole.
//!
//! [`split`]: super::split

use super::split::{block_batch, first_line, one_line_batch, Batch, Gatherer};
use super::{VariantFault, VariantRecord, VariantSource};
use crate::batch::{Stream, Unread};
use crate::input::{decode, decode_from, BYTE_ORDER_MARK};
use std::io::{BufRead, Cursor, Read};

/// How much of an input decides its shape: a batch's start holds dozens
/// of its records (a 25×25 grid drawn with separators takes under 2 KiB),
/// and no one puzzle is this long.
const START_BYTES: usize = 1 << 16;

/// Most lines one puzzle of one-line shape can take: a grid of 25 rows
/// and its 25 rows of region labels. Text with more one-line grids is a
/// batch, not tried as one puzzle first.
const MOST_LINES_OF_ONE_PUZZLE: usize = 50;

/// What the stream hands on for each record.
type Item = Result<VariantRecord, Unread<VariantFault>>;

/// The records of one variant input, in order.
pub(super) struct VariantStream<'a> {
    source: &'a VariantSource,
    input: Box<dyn BufRead + 'a>,
    mode: Mode<'a>,
    /// Lines read so far.
    lines: usize,
    /// Bytes read so far.
    bytes: u64,
}

/// Whether an input is one puzzle or a batch.
enum Mode<'a> {
    /// One puzzle (or the fault that it is none), until handed on.
    Whole(Option<Item>),
    /// A batch, gathered record by record.
    Batch(Gathering<'a>),
}

/// A batch being read.
struct Gathering<'a> {
    gatherer: Gatherer<'a>,
    /// The cells of each record, for a batch of one-line grids.
    cells: Option<usize>,
    /// Why the record being gathered (the one still open) is no text: the
    /// first of its lines that is no UTF-8, named by its line and column.
    unreadable: Option<String>,
    ended: bool,
}

impl<'a> VariantStream<'a> {
    /// The records `source` reads from `input`.
    pub(super) fn new(source: &'a VariantSource, mut input: Box<dyn BufRead + 'a>) -> Self {
        let mut start = Vec::new();
        let ended = match read_start(&mut input, &mut start) {
            Ok(ended) => ended,
            Err(error) => {
                let failed = Unread::Failed(format!("cannot read: {error}"));
                return VariantStream::whole(source, input, Err(failed), 0);
            }
        };
        if !ended {
            if let Some((batch, _)) = source.batch(&start, false) {
                return VariantStream::batch(source, input, start, batch);
            }
            if let Err(error) = input.read_to_end(&mut start) {
                let failed = Unread::Failed(format!("cannot read: {error}"));
                return VariantStream::whole(source, input, Err(failed), 0);
            }
        }
        VariantStream::ended(source, input, start)
    }

    /// The records of an input read to its end, `all` of it: a batch if it
    /// holds too many one-line grids to be one puzzle, else one puzzle if
    /// it is one (a one-line jigsaw's second line of region labels is no
    /// second puzzle), else a batch if it is one, else the reason the
    /// whole is no puzzle.
    fn ended(source: &'a VariantSource, input: Box<dyn BufRead + 'a>, all: Vec<u8>) -> Self {
        let batch = match source.batch(&all, true) {
            Some((batch, true)) => return VariantStream::batch(source, input, all, batch),
            batch => batch.map(|(batch, _)| batch),
        };
        let bytes = all.len() as u64;
        let whole = match decode(all.clone()) {
            Ok(text) => source.parse(1, &text, true),
            Err(message) => Err(VariantFault { line: 1, message }),
        };
        match (whole, batch) {
            (Err(_), Some(batch)) => VariantStream::batch(source, input, all, batch),
            (read, _) => {
                VariantStream::whole(source, input, read.map_err(Unread::Malformed), bytes)
            }
        }
    }

    /// A stream of the one item `read`.
    fn whole(
        source: &'a VariantSource,
        input: Box<dyn BufRead + 'a>,
        read: Item,
        bytes: u64,
    ) -> Self {
        VariantStream {
            source,
            input,
            mode: Mode::Whole(Some(read)),
            lines: 0,
            bytes,
        }
    }

    /// A stream of the records of `batch`, read again from the `start` of
    /// the input and then from the rest of `input`.
    fn batch(
        source: &'a VariantSource,
        input: Box<dyn BufRead + 'a>,
        start: Vec<u8>,
        batch: Batch,
    ) -> Self {
        VariantStream {
            source,
            input: Box::new(Cursor::new(start).chain(input)),
            mode: Mode::Batch(Gathering {
                gatherer: Gatherer::new(batch.each_line, source.symbols.as_ref()),
                cells: batch.cells,
                unreadable: None,
                ended: false,
            }),
            lines: 0,
            bytes: 0,
        }
    }
}

impl VariantSource {
    /// The batch the start of an input (all of it if `ended`) shows, if
    /// any, and whether it holds too many one-line grids to be one puzzle.
    /// Blocks are looked for first, so that the rows of 16×16 grids apart
    /// by blank lines are no 4×4 one-line grids.
    fn batch(&self, start: &[u8], ended: bool) -> Option<(Batch, bool)> {
        let text = String::from_utf8_lossy(start);
        let text = text.trim_start_matches(BYTE_ORDER_MARK);
        let lines = one_line_batch(text, self.form, self.symbols.as_ref());
        let long = lines
            .as_ref()
            .is_some_and(|lines| lines.records.len() > MOST_LINES_OF_ONE_PUZZLE);
        let batch = block_batch(text, ended, self.form, self.symbols.as_ref()).or(lines)?;
        Some((batch, long))
    }
}

/// Reads whole lines of `input` into `start` until it holds at least
/// [`START_BYTES`] or the input ends; says whether it ended.
fn read_start(input: &mut dyn BufRead, start: &mut Vec<u8>) -> std::io::Result<bool> {
    while start.len() < START_BYTES {
        if input.read_until(b'\n', start)? == 0 {
            return Ok(true);
        }
    }
    Ok(input.fill_buf()?.is_empty())
}

impl Iterator for VariantStream<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let gathering = match &mut self.mode {
            Mode::Whole(read) => return read.take(),
            Mode::Batch(gathering) => gathering,
        };
        loop {
            if gathering.ended {
                let (first, text) = gathering.gatherer.finish()?;
                return Some(self.source.record(gathering, first, &text));
            }
            let mut bytes = Vec::new();
            match self.input.read_until(b'\n', &mut bytes) {
                Err(error) => {
                    gathering.ended = true;
                    return Some(Err(Unread::Failed(format!("cannot read: {error}"))));
                }
                Ok(0) => {
                    gathering.ended = true;
                    continue;
                }
                Ok(read) => {
                    self.bytes += read as u64;
                    self.lines += 1;
                }
            }
            let (line, unreadable) = match decode_from(bytes.clone(), self.lines) {
                Ok(line) => (line, None),
                Err(message) => (String::from_utf8_lossy(&bytes).into_owned(), Some(message)),
            };
            let line = line.strip_suffix('\n').unwrap_or(&line);
            // A record handed on ends before this line, which is the open
            // record's (or none's: a blank line, a comment).
            let finished = gathering.gatherer.push(self.lines, line);
            let record = finished.map(|(first, text)| self.source.record(gathering, first, &text));
            if let Some(message) = unreadable {
                gathering.unreadable.get_or_insert(message);
            }
            if record.is_some() {
                return record;
            }
        }
    }
}

impl VariantSource {
    /// The record of a batch that starts on line `first` and holds `text`
    /// (its lines as read): its puzzle, or why it is none.
    fn record(&self, gathering: &mut Gathering, first: usize, text: &str) -> Item {
        let text = text.trim();
        let fault = |message: String| {
            Err(Unread::Malformed(VariantFault {
                line: first,
                message,
            }))
        };
        if let Some(message) = gathering.unreadable.take() {
            return fault(message);
        }
        if let Some(cells) = gathering.cells {
            let found = first_line(text).chars().count();
            if found != cells {
                return fault(format!(
                    "line {first}: found {found} cells, expected {cells}: the other lines of \
                     this batch are one-line grids of {cells} cells"
                ));
            }
        }
        self.parse(first, text, false).map_err(Unread::Malformed)
    }
}

impl Stream<VariantSource> for VariantStream<'_> {
    fn bytes_read(&self) -> u64 {
        self.bytes
    }
}
