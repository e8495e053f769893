//! Exit statuses, per the CLI contract: 0 when every record was solved or
//! valid, 1 when some record had no solution, was invalid or not unique, 2
//! for usage, input or I/O errors. A run's status is the worst of its
//! records'.

use std::process::ExitCode;

/// The outcome of one record, or of a whole run (the worst of its records).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Solved, valid or unique.
    #[default]
    Ok,
    /// No solution, invalid, not unique, or the search stopped early.
    Failure,
    /// Malformed input, an unreadable file, or an I/O error.
    InputError,
}

impl Status {
    /// The worse of two statuses.
    pub fn worst(self, other: Status) -> Status {
        self.max(other)
    }

    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Ok => 0,
            Status::Failure => 1,
            Status::InputError => 2,
        })
    }
}
