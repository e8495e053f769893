//! Running the `gridsolve` binary from the CLI tests.
#![allow(dead_code)] // each test binary uses its own part of this module

use assert_cmd::Command;

/// The binary built for these tests.
pub fn gridsolve() -> Command {
    Command::cargo_bin("gridsolve").unwrap()
}

/// Runs `gridsolve ARGS` with `stdin`; returns exit code, stdout, stderr.
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = gridsolve().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Runs `gridsolve ARGS` with `stdin` as bytes; returns exit code, stdout,
/// stderr (both read lossily, as the input need not be text).
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = gridsolve()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file holding `contents`, removed when dropped.
pub fn temp_file(contents: impl AsRef<[u8]>) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut file, contents.as_ref()).unwrap();
    file
}

/// A dry-run table's rows, each split into its cells (columns are set
/// apart by two spaces or more; a cell holds single spaces).
pub fn table_rows(table: &str) -> Vec<Vec<&str>> {
    table
        .lines()
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .collect()
        })
        .collect()
}

/// A file holding `text`, its name ending in `name` (for messages that
/// name it), removed when dropped.
pub fn named_temp_file(name: &str, text: &str) -> tempfile::TempPath {
    let file = tempfile::Builder::new()
        .prefix("gridsolve-")
        .suffix(&format!("-{name}"))
        .tempfile()
        .unwrap();
    std::fs::write(file.path(), text).unwrap();
    file.into_temp_path()
}

/// Each `jsonl` record's line and status, in output order.
pub fn line_statuses(jsonl: &str) -> Vec<(u64, String)> {
    jsonl
        .lines()
        .map(|record| {
            let record: serde_json::Value = serde_json::from_str(record).unwrap();
            let line = record["line"].as_u64().unwrap();
            (line, record["status"].as_str().unwrap().to_string())
        })
        .collect()
}

/// A 9×9 puzzle's 81-character line (`.` blank) in janko.at's notation,
/// as the library writes it: the header `9 9`, then rows of values apart
/// by spaces, `-` blank.
pub fn janko_of(line: &str) -> String {
    use gridsolve_sudoku::variant::{read, render, Notation};
    let (puzzle, _) = read(line, None).unwrap();
    render(&puzzle, Notation::Janko, puzzle.givens()) + "\n"
}

/// `text` with the digits 1 to 9 written as the letters A to I.
pub fn in_letters(text: &str) -> String {
    text.chars()
        .map(|ch| match ch.to_digit(10) {
            Some(digit @ 1..=9) => char::from(b'A' + digit as u8 - 1),
            _ => ch,
        })
        .collect()
}
