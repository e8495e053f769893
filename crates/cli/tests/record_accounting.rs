//! Record accounting, as a property: for random inputs that mix good
//! records of every form, every kind of malformed record, invalid bytes,
//! overlong lines, stray brackets, comments and blank lines, `solve`,
//! `check` and `count --format jsonl` give every record exactly one object,
//! in input order, an error exactly for the malformed ones, each error
//! placed within its record's lines: from stdin and from a file, on one
//! thread and on two.

mod common;

use common::{gridsolve, temp_file};
use proptest::prelude::*;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// One piece of an input: the record it makes (if any) and its lines.
#[derive(Clone, Debug)]
enum Piece {
    /// A puzzle on one line.
    Line,
    /// A one-line puzzle whose clues conflict: a record, not an error.
    Conflict,
    /// The puzzle as 9 rows, with a separator line.
    Grid,
    /// The puzzle as a JSON array of row strings, on one line.
    Json,
    /// LeetCode's array of arrays, one row a line.
    LeetCode,
    /// A line of the wrong number of cells (never 9, which starts a grid).
    WrongLength(usize),
    /// A line of 81 characters, one of them no cell.
    BadChar(usize),
    /// A grid of `rows` rows (1 to 8) ended by a blank line.
    ShortGrid(usize),
    /// A grid whose row `row` holds a bad character.
    BadRow(usize),
    /// JSON of another shape.
    BadShape,
    /// A puzzle line with an invalid UTF-8 byte at `at`.
    BadByte(usize),
    /// A line longer than any record.
    Overlong,
    /// A lone `[` that never closes.
    StrayBracket,
    /// A comment: no record.
    Comment,
    /// A blank line: no record.
    Blank,
}

impl Piece {
    fn bytes(&self) -> Vec<u8> {
        let rows: Vec<&str> = (0..9).map(|r| &PUZZLE[r * 9..r * 9 + 9]).collect();
        let text = match self {
            Piece::Line => PUZZLE.to_string(),
            Piece::Conflict => format!("11{}", &PUZZLE[2..]),
            Piece::Grid => {
                let mut lines = rows.clone();
                lines.insert(3, "---+---+---");
                lines.join("\n")
            }
            Piece::Json => format!(
                "[{}]",
                rows.iter()
                    .map(|r| format!("\"{r}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Piece::LeetCode => {
                let arrays: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        let cells: Vec<String> = r.chars().map(|c| format!("\"{c}\"")).collect();
                        format!("  [{}]", cells.join(","))
                    })
                    .collect();
                format!("[\n{}\n]", arrays.join(",\n"))
            }
            Piece::WrongLength(cells) => ".".repeat(*cells),
            Piece::BadChar(at) => {
                let mut line = PUZZLE.to_string();
                line.replace_range(at..&(at + 1), "x");
                line
            }
            Piece::ShortGrid(rows_kept) => format!("{}\n", rows[..*rows_kept].join("\n")),
            Piece::BadRow(row) => {
                let mut lines: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                lines[*row].replace_range(4..5, "?");
                lines.join("\n")
            }
            Piece::BadShape => r#"["53..7....", "6..195..."]"#.to_string(),
            Piece::BadByte(at) => {
                let mut bytes = PUZZLE.as_bytes().to_vec();
                bytes[*at] = 0xFF;
                bytes.push(b'\n');
                return bytes;
            }
            Piece::Overlong => ".".repeat(70_000),
            Piece::StrayBracket => "[".to_string(),
            Piece::Comment => "# a comment [ with a bracket".to_string(),
            Piece::Blank => String::new(),
        };
        format!("{text}\n").into_bytes()
    }

    fn lines(&self) -> usize {
        self.bytes().iter().filter(|&&b| b == b'\n').count()
    }

    /// Whether the piece is a record, and if so whether it is an error.
    fn record(&self) -> Option<bool> {
        match self {
            Piece::Comment | Piece::Blank => None,
            Piece::Line | Piece::Conflict | Piece::Grid | Piece::Json | Piece::LeetCode => {
                Some(false)
            }
            _ => Some(true),
        }
    }

    /// Whether its lines hold a closing bracket, which a stray `[` before
    /// it would take as its own end.
    fn closes_brackets(&self) -> bool {
        matches!(self, Piece::Json | Piece::LeetCode | Piece::BadShape)
    }
}

fn piece() -> impl Strategy<Value = Piece> {
    let wrong_length = prop_oneof![1usize..9, 10usize..81, 82usize..120];
    prop_oneof![
        6 => Just(Piece::Line),
        2 => Just(Piece::Conflict),
        2 => Just(Piece::Grid),
        2 => Just(Piece::Json),
        1 => Just(Piece::LeetCode),
        2 => wrong_length.prop_map(Piece::WrongLength),
        2 => (0usize..81).prop_map(Piece::BadChar),
        1 => (1usize..9).prop_map(Piece::ShortGrid),
        1 => (0usize..9).prop_map(Piece::BadRow),
        1 => Just(Piece::BadShape),
        2 => (0usize..81).prop_map(Piece::BadByte),
        1 => Just(Piece::Overlong),
        1 => Just(Piece::StrayBracket),
        2 => Just(Piece::Comment),
        2 => Just(Piece::Blank),
    ]
}

/// Pieces in which no piece closing brackets follows a stray `[`, ending
/// with a puzzle line (so that no input is one square grid of symbols, as
/// four lines of four cells would be: a file like that is a 4×4 puzzle).
fn input() -> impl Strategy<Value = Vec<Piece>> {
    proptest::collection::vec(piece(), 0..40).prop_map(|pieces| {
        let mut stray = false;
        let mut pieces: Vec<Piece> = pieces
            .into_iter()
            .filter(|piece| {
                stray |= matches!(piece, Piece::StrayBracket);
                !(stray && piece.closes_brackets())
            })
            .collect();
        pieces.push(Piece::Line);
        pieces
    })
}

/// Each record's first and last line and whether it is an error.
fn expected(pieces: &[Piece]) -> Vec<(usize, usize, bool)> {
    let mut line = 1;
    let mut records = Vec::new();
    for piece in pieces {
        let lines = piece.lines();
        if let Some(error) = piece.record() {
            records.push((line, line + lines - 1, error));
        }
        line += lines;
    }
    records
}

/// The `(line, is error)` of every jsonl object `gridsolve ARGS` writes.
fn reported(args: &[&str], stdin: &[u8]) -> Vec<(usize, bool)> {
    let output = gridsolve()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            (
                record["line"].as_u64().unwrap() as usize,
                record["status"] == "error",
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_record_is_answered_once_in_order(pieces in input()) {
        let bytes: Vec<u8> = pieces.iter().flat_map(Piece::bytes).collect();
        let expected = expected(&pieces);
        let file = temp_file(&bytes);
        let path = file.path().to_str().unwrap();
        for verb in ["solve", "check", "count"] {
            for threads in ["1", "2"] {
                let from_stdin = ["sudoku", verb, "--format", "jsonl", "--threads", threads];
                let from_file = [&from_stdin[..], &[path]].concat();
                for (args, stdin) in [(&from_stdin[..], &bytes[..]), (&from_file[..], &[][..])] {
                    let got = reported(args, stdin);
                    prop_assert_eq!(got.len(), expected.len(), "{:?}: {:?}", args, got);
                    for ((line, error), (first, last, expected_error)) in got.iter().zip(&expected) {
                        prop_assert_eq!(error, expected_error, "{:?}: line {}", args, line);
                        prop_assert!(
                            (first..=last).contains(&line),
                            "{:?}: line {} outside {}..={}", args, line, first, last
                        );
                    }
                }
            }
        }
    }
}

/// A named input that cannot be read is accounted for too: in `jsonl` it
/// gets an error record (with its file, without a line) in its place
/// among the others' records, for every verb.
#[test]
fn an_unreadable_input_gets_a_record_in_its_place() {
    let good = temp_file(format!("{PUZZLE}\n"));
    let good = good.path().to_str().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let missing = scratch.path().join("missing.txt");
    let missing = missing.to_str().unwrap();
    for verb in ["solve", "check", "count"] {
        let output = gridsolve()
            .args(["sudoku", verb, "--format", "jsonl", good, missing, good])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{verb}");
        let records: Vec<serde_json::Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let files: Vec<&str> = records
            .iter()
            .map(|record| record["file"].as_str().unwrap())
            .collect();
        assert_eq!(files, [good, missing, good], "{verb}");
        assert_eq!(records[1]["status"], "error", "{verb}");
        assert!(records[1].get("line").is_none(), "{verb}: {}", records[1]);
        assert!(
            records[1]["message"]
                .as_str()
                .unwrap()
                .starts_with("cannot read: "),
            "{verb}: {}",
            records[1]
        );
    }
}
