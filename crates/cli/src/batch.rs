//! Streaming a batch of records through a per-record function.
//!
//! A [`Source`] reads each input as a stream of records of one kind
//! (classic 9×9 records, variant puzzles). Records are read a chunk at a
//! time (one record a chunk on one thread from a terminal or a pipe, whose
//! writer may wait for each answer), processed (in parallel on a rayon
//! pool when `--threads` is above 1) and handed to the caller's `emit` in
//! input order, so output order equals input order and memory holds one
//! chunk of records. Every record is handed on exactly once: a malformed
//! record as such (the batch goes on), an input that cannot be opened as
//! a fault of its own (the next input is read). Ctrl-C (the cancel flag)
//! stops reading after the current chunk.

use crate::args::{InputArgs, ThreadsArgs};
use crate::failure::Failure;
use crate::status::Status;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fmt::Display;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Where the records of a batch come from: each input read as a stream
/// of records of one kind (classic 9×9 records, variant puzzles).
pub trait Source: Sync {
    /// A well-formed record.
    type Record: Lined + Send + Sync;
    /// Why a record could not be read; the stream goes on after it.
    type Error: Lined + Display + Send + Sync;

    /// The records of one input.
    fn records<'a>(&'a self, input: Box<dyn BufRead + 'a>) -> Box<dyn Stream<Self> + 'a>;
}

/// What a record, or the fault of one, says of where it starts.
pub trait Lined {
    /// The 1-based line of the input where it starts.
    fn line(&self) -> usize;
}

/// One input's records, in order.
pub trait Stream<S: Source + ?Sized>: Iterator<Item = Result<S::Record, Unread<S::Error>>> {
    /// Bytes of the input read so far (for the progress bar).
    fn bytes_read(&self) -> u64;
}

/// Why no record came: a malformed one (the stream goes on), or an input
/// that failed (the stream ends).
pub enum Unread<F> {
    /// A record that could not be parsed.
    Malformed(F),
    /// The input could not be read further.
    Failed(String),
}

/// One record's result as `emit` receives it.
pub enum Item<S: Source, O> {
    /// A well-formed record and what `process` made of it.
    Done(S::Record, O),
    /// A record that could not be parsed, or an input that could not be
    /// opened: reported as a record, so that none goes missing.
    Malformed(Fault),
}

/// Why there is no record to answer: where (the line, if a record of the
/// input was read) and what went wrong.
pub struct Fault {
    pub line: Option<usize>,
    pub message: String,
}

impl Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl<S: Source, O> Item<S, O> {
    /// The same item with its result transformed.
    pub fn map<T>(self, f: impl FnOnce(O) -> T) -> Item<S, T> {
        match self {
            Item::Done(record, result) => Item::Done(record, f(result)),
            Item::Malformed(error) => Item::Malformed(error),
        }
    }
}

/// Prints messages about the records of one input on stderr, prefixed with
/// the input's name (nothing for stdin), without tearing a progress bar,
/// and names where a record starts for the text written on stdout.
pub struct Reporter {
    file: Option<String>,
    bar: Option<ProgressBar>,
    /// Whether records written on stdout name their file too: when the
    /// batch reads several inputs, as `grep` does.
    names_file: bool,
}

impl Reporter {
    /// The input's file name (none for stdin), for records that must
    /// say where they came from when several files are read.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Where the record starting at `line` is, for a line of text on
    /// stdout: `line 3`, or `puzzles.txt: line 3` when the batch reads
    /// several inputs (the file's records then cannot be told from the
    /// others' by their lines alone; stdin is `stdin` there).
    pub fn at(&self, line: usize) -> RecordPlace<'_> {
        RecordPlace {
            file: self
                .names_file
                .then(|| self.file.as_deref().unwrap_or("stdin")),
            line,
        }
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

/// Where a record starts, as [`Reporter::at`] writes it.
pub struct RecordPlace<'a> {
    file: Option<&'a str>,
    line: usize,
}

impl Display for RecordPlace<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.file {
            Some(file) => write!(f, "{file}: line {}", self.line),
            None => write!(f, "line {}", self.line),
        }
    }
}

/// The inputs one run of a batch reads, in order: every input the command
/// line names, or a run of consecutive ones that hold one kind of record
/// (see [`Part::split`]).
pub struct Part<'a> {
    paths: Vec<&'a Path>,
    /// Whether the command line names several inputs: then the records
    /// written name their own (see [`Reporter::at`]).
    of_several: bool,
    threads: &'a ThreadsArgs,
}

impl<'a> Part<'a> {
    /// Every input `input` names (stdin if none), as one part.
    pub fn whole(input: &'a InputArgs) -> Self {
        let paths = crate::input::paths(input);
        Part {
            of_several: paths.len() > 1,
            paths,
            threads: &input.threads,
        }
    }

    /// The inputs `input` names, in order, in parts: each run of
    /// consecutive inputs of one `kind`, with that kind.
    pub fn split<K: PartialEq>(
        input: &'a InputArgs,
        kind: impl Fn(&Path) -> K,
    ) -> Vec<(K, Part<'a>)> {
        let whole = Part::whole(input);
        let kinds: Vec<K> = whole.paths.iter().map(|path| kind(path)).collect();
        let mut parts: Vec<(K, Part<'a>)> = Vec::new();
        for (path, kind) in whole.paths.into_iter().zip(kinds) {
            match parts.last_mut() {
                Some((last, part)) if *last == kind => part.paths.push(path),
                _ => parts.push((
                    kind,
                    Part {
                        paths: vec![path],
                        of_several: whole.of_several,
                        threads: whole.threads,
                    },
                )),
            }
        }
        parts
    }
}

/// How many records a parallel chunk holds per thread.
const RECORDS_PER_THREAD: usize = 256;

/// Runs `process` over every record `source` reads from the inputs of
/// `part` and `emit` over the results in input order, writing to `out`
/// (flushed after each chunk: each record from an input that may wait,
/// see `open`); returns the worst status `emit` reported, or
/// [`Status::InputError`] if an input could not be read or the output
/// written; and whether the output is still there for another part.
pub fn run<S, O, P, E, W>(
    part: &Part,
    source: &S,
    cancel: &AtomicBool,
    out: &mut W,
    process: P,
    mut emit: E,
) -> Ran
where
    S: Source,
    O: Send,
    P: Fn(&S::Record) -> O + Sync,
    E: FnMut(&mut W, &Reporter, Item<S, O>) -> io::Result<Status>,
    W: Write,
{
    let threads = usize::from(part.threads.threads);
    let pool = match threads {
        1 => None,
        _ => match crate::stage::worker_pool(part.threads) {
            Ok(pool) => Some(pool),
            Err(failure) => return Ran::Ended(failure.report()),
        },
    };
    let mut status = Status::Ok;
    let names_file = part.of_several;
    for &path in &part.paths {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let (reader, reporter, may_wait) = match open(path, names_file) {
            Ok(opened) => opened,
            Err(error) => {
                let reporter = Reporter {
                    file: Some(path.display().to_string()),
                    bar: None,
                    names_file,
                };
                let fault = Fault {
                    line: None,
                    message: format!("cannot read: {error}"),
                };
                match emit(out, &reporter, Item::Malformed(fault)) {
                    Ok(reported) => status = status.worst(reported),
                    Err(error) => return Ran::Ended(ended_by(error, status)),
                }
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
        let mut records = source.records(reader);
        // What the progress bar says: the input's records answered so far,
        // and their rate (the bar's length is the file's bytes, the one
        // total known before reading it).
        let started = std::time::Instant::now();
        let mut answered = 0u64;
        let mut chunk = Vec::with_capacity(chunk_size);
        loop {
            chunk.clear();
            let mut failure = None;
            for item in records.by_ref().take(chunk_size) {
                match item {
                    Ok(record) => chunk.push(Ok(record)),
                    Err(Unread::Malformed(fault)) => chunk.push(Err(fault)),
                    Err(Unread::Failed(message)) => {
                        failure = Some(message);
                        break;
                    }
                }
            }
            let read = chunk.len();
            let last_line = chunk.last().map_or(0, |item| match item {
                Ok(record) => record.line(),
                Err(fault) => fault.line(),
            });
            let run_one = |item: Result<S::Record, S::Error>| match item {
                Ok(record) => {
                    let result = process(&record);
                    Item::Done(record, result)
                }
                Err(error) => Item::Malformed(Fault {
                    line: Some(error.line()),
                    message: error.to_string(),
                }),
            };
            let items: Vec<Item<S, O>> = match &pool {
                Some(pool) => pool.install(|| chunk.par_drain(..).map(run_one).collect()),
                None => chunk.drain(..).map(run_one).collect(),
            };
            let written = items.into_iter().try_fold(Status::Ok, |worst, item| {
                emit(out, &reporter, item).map(|record_status| worst.worst(record_status))
            });
            match written.and_then(|chunk_status| out.flush().map(|()| chunk_status)) {
                Ok(chunk_status) => status = status.worst(chunk_status),
                Err(error) => return Ran::Ended(ended_by(error, status)),
            }
            answered += read as u64;
            if let Some(bar) = &reporter.bar {
                bar.set_position(records.bytes_read());
                let per_second = answered as f64 / started.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!("{answered} puzzles, {per_second:.0}/s"));
            }
            if let Some(message) = failure {
                reporter.say(message);
                status = status.worst(Status::InputError);
                break;
            }
            if cancel.load(Ordering::Relaxed) {
                reporter.say(format_args!(
                    "interrupted: stopped after the record at line {last_line}"
                ));
                status = status.worst(Status::Failure);
                break;
            }
            if read < chunk_size {
                break;
            }
        }
        if let Some(bar) = reporter.bar {
            bar.finish_and_clear();
        }
    }
    Ran::Through(status)
}

/// What a run over a part of the inputs came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ran {
    /// Every input of the part was read (or Ctrl-C stopped it): the
    /// worst status of its records.
    Through(Status),
    /// The output was closed (`| head`) or failed: the status the run
    /// ends with, as nothing more can be written.
    Ended(Status),
}

/// Runs `run` over each of `parts` in turn, until the output ends;
/// returns the worst status of all.
pub fn over_parts<T>(
    parts: impl IntoIterator<Item = T>,
    mut run: impl FnMut(T) -> Result<Ran, Failure>,
) -> Result<Status, Failure> {
    let mut worst = Status::Ok;
    for part in parts {
        match run(part)? {
            Ran::Through(status) => worst = worst.worst(status),
            Ran::Ended(status) => return Ok(worst.worst(status)),
        }
    }
    Ok(worst)
}

/// The status of a run whose output failed with `error`: the reader went
/// away (`| head`), and the run ends with the `status` it had; any other
/// write error is reported.
fn ended_by(error: io::Error, status: Status) -> Status {
    match Failure::output(error) {
        Failure::OutputClosed => status,
        failure => failure.report(),
    }
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
/// for whoever writes it (anything but a regular file); its records
/// name it on stdout if `names_file`.
fn open(path: &Path, names_file: bool) -> io::Result<(Box<dyn BufRead>, Reporter, bool)> {
    if path == Path::new("-") {
        let reporter = Reporter {
            file: None,
            bar: None,
            names_file,
        };
        return Ok((
            Box::new(crate::input::stdin()),
            reporter,
            !stdin_is_a_file(),
        ));
    }
    let (file, metadata) = crate::input::open(path)?;
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
            ProgressStyle::with_template("{bar:40} {percent:>3}% of the file  {msg}  eta {eta}")
                .expect("the template is valid"),
        );
        bar
    });
    let reporter = Reporter {
        file: Some(path.display().to_string()),
        bar,
        names_file,
    };
    let may_wait = !metadata.is_file();
    Ok((
        Box::new(BufReader::with_capacity(1 << 16, file)),
        reporter,
        may_wait,
    ))
}
