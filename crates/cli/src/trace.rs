//! `--trace`: where a drawn search goes, and drawing it.
//!
//! The trace takes stdout unless `--trace-out` names a file; the verbs then
//! write their answers to stderr, so the two never mix in one stream.

use crate::args::TraceArgs;
use crate::failure::Failure;
use gridsolve_search::{render, EventLog, TraceFormat, Vocabulary};
use serde::Serialize;
use std::fs::File;
use std::io::{self, BufWriter, Write};

/// An open destination for a trace, and how to draw it.
pub struct TraceSink {
    format: TraceFormat,
    limit: u64,
    to_stdout: bool,
    out: Box<dyn Write>,
}

impl TraceSink {
    /// The sink `args` ask for, or `None` without `--trace`; creates the
    /// `--trace-out` file.
    pub fn open(args: &TraceArgs) -> Result<Option<TraceSink>, Failure> {
        let Some(format) = args.trace else {
            return Ok(None);
        };
        let (to_stdout, out): (bool, Box<dyn Write>) = match &args.trace_out {
            Some(path) => {
                let file = File::create(path)
                    .map_err(|error| format!("{}: cannot write: {error}", path.display()))?;
                (false, Box::new(BufWriter::new(file)))
            }
            None => (true, Box::new(BufWriter::new(io::stdout()))),
        };
        Ok(Some(TraceSink {
            format: format.into(),
            limit: args.trace_limit,
            to_stdout,
            out,
        }))
    }

    /// An empty log within the `--trace-limit` budget.
    pub fn log<C>(&self) -> EventLog<C> {
        EventLog::with_choice_limit(self.limit)
    }

    /// The `--trace-limit` budget.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Draws `log` in the chosen form and flushes it.
    pub fn draw<C, V>(&mut self, log: &EventLog<C>, vocabulary: &V) -> io::Result<()>
    where
        C: Clone + Serialize,
        V: Vocabulary<C> + ?Sized,
    {
        let written =
            render(self.format, log, vocabulary, &mut self.out).and_then(|()| self.out.flush());
        match written {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => other,
        }
    }
}

/// Where answers go: stdout, or stderr when the trace takes stdout.
pub fn answer_stream(trace: Option<&TraceSink>) -> Box<dyn Write> {
    if trace.is_some_and(|sink| sink.to_stdout) {
        Box::new(BufWriter::new(io::stderr()))
    } else {
        Box::new(BufWriter::new(io::stdout().lock()))
    }
}
