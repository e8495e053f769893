//! Why a verb ended before its work was done, and what that makes of the
//! run: a message for the user (exit 2), or an output whose reader went
//! away (`| head`), after which the run ends quietly with the status it
//! had. Every write to stdout goes through [`Failure::output`] or
//! [`print_line`], so no closed or full output can panic the binary.

use crate::status::Status;
use std::fmt::{self, Display};
use std::io::{self, Write};

/// Why a verb stopped early.
#[derive(Debug)]
pub enum Failure {
    /// Something the user must hear of: bad input, usage, an I/O error.
    Message(String),
    /// Stdout was closed by its reader; nothing more can be said there.
    OutputClosed,
}

impl Failure {
    /// The failure a write to the output met: a closed pipe ends the run
    /// quietly, any other error (a full disk) is reported.
    pub fn output(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Message(format!("cannot write output: {error}"))
        }
    }

    /// Says the message, if any, on stderr; returns the run's status.
    pub fn report(self) -> Status {
        match self {
            Failure::Message(message) => {
                eprintln!("{message}");
                Status::InputError
            }
            Failure::OutputClosed => Status::Ok,
        }
    }
}

impl Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Message(message) => f.write_str(message),
            Failure::OutputClosed => f.write_str("the output was closed"),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::Message(message.to_string())
    }
}

/// What a verb returns: its status, or why it stopped early.
pub type VerbResult = Result<Status, Failure>;

/// Writes `line` and a newline to stdout, and flushes it.
pub fn print_line(line: impl Display) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(Failure::output)
}
