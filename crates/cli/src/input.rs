//! Where a verb's inputs come from: the files named, or stdin (`-`, or no
//! file at all), and reading one of them whole. The start of stdin, or of
//! any input that can be read only once (a pipe), once read to tell its
//! form, is handed out again first: no byte is read twice or lost.

use crate::args::InputArgs;
use crate::failure::Failure;
use std::fs::{File, Metadata};
use std::io::{self, BufRead, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The inputs to read, in order; stdin when none is named.
pub fn paths(input: &InputArgs) -> Vec<&Path> {
    if input.inputs.is_empty() {
        vec![Path::new("-")]
    } else {
        input.inputs.iter().map(|path| path.as_path()).collect()
    }
}

/// The name (for messages) and the whole text of a file, `-` for stdin;
/// text that is not UTF-8 is refused naming the line and column of the
/// first bad byte.
pub fn read_whole(path: &Path) -> Result<(String, String), Failure> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| format!("stdin: cannot read: {error}"))?;
        ("stdin".to_string(), bytes)
    } else {
        let bytes = std::fs::read(path)
            .map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
        (path.display().to_string(), bytes)
    };
    match decode(bytes) {
        Ok(text) => Ok((name, text)),
        Err(message) => Err(format!("{name}: {message}").into()),
    }
}

/// `bytes` as text without a leading byte-order mark (which some editors
/// write, and which is no part of the text), or "line L, column C: invalid
/// UTF-8 byte …" naming the first byte that is not UTF-8.
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    decode_from(bytes, 1)
}

/// [`decode`] for the text of an input from its line `first_line` on:
/// errors name the input's line, and a byte-order mark is dropped only
/// from the input's first line.
pub fn decode_from(bytes: Vec<u8>, first_line: usize) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let valid = error.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&bytes[..valid]);
        let line = first_line + before.matches('\n').count();
        let column = before
            .rsplit('\n')
            .next()
            .map_or(0, |last| last.chars().count())
            + 1;
        format!(
            "line {line}, column {column}: invalid UTF-8 byte 0x{:02X}, expected text",
            bytes[valid]
        )
    })?;
    if first_line == 1 && text.starts_with(BYTE_ORDER_MARK) {
        text.drain(..BYTE_ORDER_MARK.len_utf8());
    }
    Ok(text)
}

/// The byte-order mark, U+FEFF.
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// Bytes [`peek`] read from stdin, which [`stdin`] hands out first.
static STDIN_START: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Inputs named by path that can be read only once (a pipe such as
/// `/dev/stdin` or a process substitution) whose start [`peek`] read: kept
/// open with those bytes, which [`open`] hands out first.
static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// A peeked input that can be read only once.
struct Kept {
    path: PathBuf,
    start: Vec<u8>,
    file: File,
}

/// Reads the input at `path` (`-` for stdin), what it holds at once each
/// time (waiting only when it holds nothing yet), until `enough` says the
/// bytes so far tell what it holds, or it ends; gives those bytes and
/// whether it ended. Nothing is lost: a regular file is read from its
/// start again by [`open`], and the start of stdin or of any other input
/// that can be read only once (a pipe) is kept and handed out again
/// first. A writer that waits for an answer is not kept waiting once
/// `enough` is met.
pub fn peek(path: &Path, enough: impl Fn(&[u8]) -> bool) -> io::Result<(Vec<u8>, bool)> {
    if path.as_os_str() == "-" {
        let mut start = STDIN_START.lock().unwrap_or_else(PoisonError::into_inner);
        let ended = read_until(&mut io::stdin().lock(), &mut start, enough)?;
        return Ok((start.clone(), ended));
    }
    let mut file = File::open(path)?;
    let mut start = Vec::new();
    let ended = read_until(&mut file, &mut start, enough)?;
    if !file.metadata()?.is_file() {
        let kept = Kept {
            path: path.to_path_buf(),
            start: start.clone(),
            file,
        };
        KEPT.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(kept);
    }
    Ok((start, ended))
}

/// Appends what `input` holds at once to `start` until `enough` says the
/// bytes so far (those read before included) are enough, or `input`
/// ends; says whether it ended.
fn read_until(
    input: &mut impl Read,
    start: &mut Vec<u8>,
    enough: impl Fn(&[u8]) -> bool,
) -> io::Result<bool> {
    let mut chunk = [0u8; 8192];
    while !enough(start) {
        let read = match input.read(&mut chunk) {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read == 0 {
            return Ok(true);
        }
        start.extend_from_slice(&chunk[..read]);
    }
    Ok(false)
}

/// Stdin, from the bytes [`peek`] read on.
pub fn stdin() -> impl BufRead {
    let start = std::mem::take(&mut *STDIN_START.lock().unwrap_or_else(PoisonError::into_inner));
    Cursor::new(start).chain(io::stdin().lock())
}

/// The input at `path` (a file, not stdin) from its start, and what it is:
/// opened, or for an input that can be read only once and was peeked at,
/// the bytes [`peek`] read, then the rest.
pub fn open(path: &Path) -> io::Result<(Box<dyn Read>, Metadata)> {
    let kept = {
        let mut all = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        let at = all.iter().position(|kept| kept.path == path);
        at.map(|at| all.remove(at))
    };
    if let Some(Kept { start, file, .. }) = kept {
        let metadata = file.metadata()?;
        return Ok((Box::new(Cursor::new(start).chain(file)), metadata));
    }
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    Ok((Box::new(file), metadata))
}
