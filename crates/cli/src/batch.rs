//! Streaming a batch of records through a per-record function.
//!
//! Records are read a chunk at a time (one record a chunk on one thread
//! from a terminal or a pipe, whose writer may wait for each answer),
//! processed (in parallel on a rayon pool when `--threads` is above 1)
//! and handed to the caller's `emit` in input order, so output order
//! equals input order and memory holds one chunk, whatever the file size. A malformed record is passed on as such
//! and the batch goes on; an unreadable file is reported and the next one
//! read. Ctrl-C (the cancel flag) stops reading after the current chunk.

use crate::args::InputArgs;
use crate::failure::Failure;
use crate::status::Status;
use gridsolve_sudoku::{ParseError, ReadError, Record, Records};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fmt::Display;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// One record's result as `emit` receives it.
pub enum Item<O> {
    /// A well-formed record and what `process` made of it.
    Done(Record, O),
    /// A record that could not be parsed.
    Malformed(ParseError),
}

impl<O> Item<O> {
    /// The same item with its result transformed.
    pub fn map<T>(self, f: impl FnOnce(O) -> T) -> Item<T> {
        match self {
            Item::Done(record, result) => Item::Done(record, f(result)),
            Item::Malformed(error) => Item::Malformed(error),
        }
    }
}

/// Prints messages about the records of one input on stderr, prefixed with
/// the input's name (nothing for stdin), without tearing a progress bar.
pub struct Reporter {
    file: Option<String>,
    bar: Option<ProgressBar>,
}

impl Reporter {
    /// The input's file name (none for stdin), for records that must
    /// say where they came from when several files are read.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Prints `message` on stderr.
    pub fn say(&self, message: impl Display) {
        let print = || match &self.file {
            Some(file) => eprintln!("{file}: {message}"),
            None => eprintln!("{message}"),
        };
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }
}

/// How many records a parallel chunk holds per thread.
const RECORDS_PER_THREAD: usize = 256;

/// Runs `process` over every record of the inputs and `emit` over the
/// results in input order, writing to `out` (flushed after each chunk:
/// each record from an input that may wait, see `open`);
/// returns the worst status `emit` reported, or [`Status::InputError`] if an
/// input could not be read or the output written.
pub fn run<O, P, E, W>(
    input: &InputArgs,
    cancel: &AtomicBool,
    out: &mut W,
    process: P,
    mut emit: E,
) -> Status
where
    O: Send,
    P: Fn(&Record) -> O + Sync,
    E: FnMut(&mut W, &Reporter, Item<O>) -> io::Result<Status>,
    W: Write,
{
    let threads = usize::from(input.threads);
    let pool = (threads > 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool of a few threads can be built")
    });
    let mut status = Status::Ok;
    for path in crate::input::paths(input) {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let (reader, reporter, may_wait) = match open(path) {
            Ok(opened) => opened,
            Err(error) => {
                eprintln!("{}: cannot read: {error}", path.display());
                status = status.worst(Status::InputError);
                continue;
            }
        };
        // One record at a time on one thread from an input that may wait
        // (a terminal, a pipe): a user or a program at the other end may wait
        // for each answer before sending the next puzzle. A regular file
        // goes a chunk at a time, one write of the answers each (a write
        // per record cost more than solving an easy puzzle).
        let chunk_size = match (threads, may_wait) {
            (1, true) => 1,
            (1, false) => RECORDS_PER_THREAD,
            _ => threads * RECORDS_PER_THREAD,
        };
        let mut records = match input.in_format.forced() {
            Some(format) => Records::with_format(reader, format),
            None => Records::new(reader),
        };
        let mut chunk = Vec::with_capacity(chunk_size);
        loop {
            chunk.clear();
            let mut io_error = None;
            for item in records.by_ref().take(chunk_size) {
                match item {
                    Ok(record) => chunk.push(Ok(record)),
                    Err(ReadError::Parse(error)) => chunk.push(Err(error)),
                    Err(error @ ReadError::Io { .. }) => {
                        io_error = Some(error);
                        break;
                    }
                }
            }
            let run_one = |item: &Result<Record, ParseError>| match item {
                Ok(record) => Item::Done(*record, process(record)),
                Err(error) => Item::Malformed(error.clone()),
            };
            let results: Vec<Item<O>> = match &pool {
                Some(pool) => pool.install(|| chunk.par_iter().map(run_one).collect()),
                None => chunk.iter().map(run_one).collect(),
            };
            let written = results.into_iter().try_fold(Status::Ok, |worst, result| {
                emit(out, &reporter, result).map(|record_status| worst.worst(record_status))
            });
            match written.and_then(|chunk_status| out.flush().map(|()| chunk_status)) {
                Ok(chunk_status) => status = status.worst(chunk_status),
                // The reader went away (`| head`): the run ends with the
                // status it had; any other write error is reported.
                Err(error) => {
                    return match Failure::output(error) {
                        Failure::OutputClosed => status,
                        failure => failure.report(),
                    }
                }
            }
            if let Some(bar) = &reporter.bar {
                bar.set_position(records.bytes_read());
            }
            if let Some(error) = io_error {
                reporter.say(error);
                status = status.worst(Status::InputError);
                break;
            }
            if cancel.load(Ordering::Relaxed) {
                reporter.say(format_args!(
                    "interrupted: stopped after the record at line {}",
                    last_line(&chunk)
                ));
                status = status.worst(Status::Failure);
                break;
            }
            if chunk.len() < chunk_size {
                break;
            }
        }
        if let Some(bar) = reporter.bar {
            bar.finish_and_clear();
        }
    }
    status
}

fn last_line(chunk: &[Result<Record, ParseError>]) -> usize {
    chunk.last().map_or(0, |item| match item {
        Ok(record) => record.line,
        Err(error) => error.line,
    })
}

/// Whether stdin is a regular file (`< puzzles.txt`), which never waits
/// for its writer; `false` where that cannot be told.
fn stdin_is_a_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .and_then(|fd| File::from(fd).metadata())
            .is_ok_and(|metadata| metadata.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Opens `path` (`-` is stdin), with a progress bar when stderr is a
/// terminal and the input a file, and says whether reading it may wait
/// for whoever writes it (anything but a regular file).
fn open(path: &Path) -> io::Result<(Box<dyn BufRead>, Reporter, bool)> {
    if path == Path::new("-") {
        let reporter = Reporter {
            file: None,
            bar: None,
        };
        return Ok((Box::new(io::stdin().lock()), reporter, !stdin_is_a_file()));
    }
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    if metadata.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory, expected a file of records",
        ));
    }
    let length = metadata.len();
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(length);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
            )
            .expect("the template is valid"),
        );
        bar
    });
    let reporter = Reporter {
        file: Some(path.display().to_string()),
        bar,
    };
    let may_wait = !metadata.is_file();
    Ok((
        Box::new(BufReader::with_capacity(1 << 16, file)),
        reporter,
        may_wait,
    ))
}
