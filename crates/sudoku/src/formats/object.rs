//! Puzzle objects: a JSON object with a `puzzle` field, one a line, as
//! `gridsolve sudoku generate --format jsonl` writes them.
//!
//! The `puzzle` is a one-line grid (its extra units named by the
//! `diagonals` and `windows` flags) or a Killer's JSON document. The
//! generator's report of the puzzle (`number`, `givens`, `solution`,
//! `rating`) is accepted and not read; any other field is refused, so an
//! object of another kind is never taken for a puzzle.

use super::{cell_value, json, text, ParseError, ParseErrorKind};
use crate::grid::{Grid, CELLS};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

/// One puzzle object, as [`PuzzleObject::read`] finds it.
///
/// ```
/// use gridsolve_sudoku::{ObjectPuzzle, PuzzleObject};
///
/// let line = r#"{"number":1,"puzzle":"..41..........3.","diagonals":true,"givens":3}"#;
/// let object = PuzzleObject::read(line).unwrap().unwrap();
/// assert_eq!(object.puzzle, ObjectPuzzle::Grid("..41..........3.".to_string()));
/// assert!(object.diagonals && !object.windows);
/// assert_eq!(object.classic_line(), None); // 16 cells, and diagonals
/// assert!(PuzzleObject::read("[1, 2]").is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleObject {
    /// The puzzle.
    pub puzzle: ObjectPuzzle,
    /// Whether the two main diagonals are units too (an X Sudoku).
    pub diagonals: bool,
    /// Whether the four windows are units too (a windoku).
    pub windows: bool,
}

/// The `puzzle` field of a [`PuzzleObject`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectPuzzle {
    /// A one-line grid, as the text of the string.
    Grid(String),
    /// A JSON document (a Killer's, or any variant's), as JSON text.
    Document(String),
}

/// The fields of an object, as `serde` reads them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    puzzle: Value,
    #[serde(default)]
    diagonals: bool,
    #[serde(default)]
    windows: bool,
    #[serde(rename = "number")]
    _number: Option<IgnoredAny>,
    #[serde(rename = "givens")]
    _givens: Option<IgnoredAny>,
    #[serde(rename = "solution")]
    _solution: Option<IgnoredAny>,
    #[serde(rename = "rating")]
    _rating: Option<IgnoredAny>,
}

impl PuzzleObject {
    /// The puzzle object `text` holds: `None` when `text` is not a JSON
    /// object with a `puzzle` field (it may be a puzzle of another form),
    /// else the object or what is wrong with it (a
    /// [`ParseErrorKind::Object`]).
    pub fn read(text: &str) -> Option<Result<PuzzleObject, ParseErrorKind>> {
        if !text.trim_start().starts_with('{') {
            return None;
        }
        let object: serde_json::Map<String, Value> = serde_json::from_str(text).ok()?;
        if !object.contains_key("puzzle") {
            return None;
        }
        let fields = match serde_json::from_value::<Fields>(Value::Object(object)) {
            Ok(fields) => fields,
            Err(error) => return Some(Err(object_error(format!("not a puzzle object: {error}")))),
        };
        let puzzle = match fields.puzzle {
            Value::String(grid) => ObjectPuzzle::Grid(grid),
            document @ Value::Object(_) => ObjectPuzzle::Document(document.to_string()),
            _ => {
                return Some(Err(object_error(
                    "expected the puzzle as a one-line grid (a string) or a JSON document"
                        .to_string(),
                )))
            }
        };
        Some(Ok(PuzzleObject {
            puzzle,
            diagonals: fields.diagonals,
            windows: fields.windows,
        }))
    }

    /// The puzzle as a classic 9×9 record, when it is one: a string of 81
    /// digits and blanks, with no extra units.
    pub fn classic_line(&self) -> Option<&str> {
        match &self.puzzle {
            ObjectPuzzle::Grid(line) if !self.diagonals && !self.windows => {
                let cells = line.trim();
                let classic = cells.chars().count() == CELLS
                    && cells.chars().all(|ch| cell_value(ch).is_some());
                classic.then_some(cells)
            }
            _ => None,
        }
    }
}

fn object_error(message: String) -> ParseErrorKind {
    ParseErrorKind::Object { message }
}

/// The classic grid of the puzzle object on line `line` (`line_text`, the
/// whole line): its errors name the line, and a bad cell the column where
/// it stands in the line.
pub(super) fn parse_record(line_text: &str, line: usize) -> Result<Grid, ParseError> {
    let object = match PuzzleObject::read(line_text) {
        Some(Ok(object)) => object,
        Some(Err(kind)) => return Err(ParseError::at_line(line, kind)),
        None => return Err(json::not_an_object_error(line_text, line)),
    };
    let variant = |reason| {
        Err(ParseError::at_line(
            line,
            ParseErrorKind::VariantObject { reason },
        ))
    };
    let puzzle = match (&object.puzzle, object.diagonals, object.windows) {
        (ObjectPuzzle::Document(_), ..) => return variant("its puzzle is a JSON document"),
        (_, true, _) => return variant("its puzzle has the diagonals as units too (an X Sudoku)"),
        (_, _, true) => return variant("its puzzle has the windows as units too (a windoku)"),
        (ObjectPuzzle::Grid(puzzle), false, false) => puzzle.trim(),
    };
    // The puzzle's columns are the line's from its string literal on (a
    // grid of digits and blanks needs no escapes, so the literal is found).
    let literal = format!("\"{puzzle}");
    let shift = line_text
        .find(&literal)
        .map(|at| line_text[..at].chars().count() + 1);
    text::parse_line(puzzle, line).map_err(|mut error| {
        error.column = error
            .column
            .zip(shift)
            .map(|(column, shift)| column + shift);
        error
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Records;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn record(fields: &str) -> String {
        format!("{{\"number\":1,\"puzzle\":\"{PUZZLE}\"{fields}}}")
    }

    #[test]
    fn a_classic_object_reads_as_its_line_does() {
        let line: Grid = PUZZLE.parse().unwrap();
        let text = format!("{}\n{PUZZLE}\n", record(",\"givens\":30"));
        let records: Vec<_> = Records::new(text.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(records[0].format, crate::InputFormat::Object);
        assert_eq!((records[0].grid, records[0].line), (line, 1));
        assert_eq!(records[1].grid, line);
    }

    #[test]
    fn a_bad_cell_is_placed_at_its_column_of_the_line() {
        let text = record("").replacen("53..", "5x..", 1);
        let error = parse_record(&text, 4).unwrap_err();
        let column = text.find('x').unwrap() + 1;
        assert_eq!((error.line, error.column), (4, Some(column)));
        assert_eq!(error.cell, crate::Cell::new(1));
    }

    #[test]
    fn variants_and_other_objects_are_refused_with_the_reason() {
        let document = "{\"puzzle\":{\"size\":4}}";
        for (text, said) in [
            (record(",\"diagonals\":true"), "diagonals"),
            (record(",\"windows\":true"), "windows"),
            (document.to_string(), "JSON document"),
            (record(",\"extra\":1"), "unknown field `extra`"),
            ("{\"size\":4}".to_string(), "found an object without one"),
            ("{\"puzzle\":\"1.\"".to_string(), "invalid JSON"),
            (
                "{\"puzzle\":\"1.\"}".to_string(),
                "found 2 cells, expected 81",
            ),
        ] {
            let error = parse_record(&text, 1).unwrap_err().to_string();
            assert!(error.contains(said), "{text}: {error}");
        }
        let object = PuzzleObject::read(&record(",\"windows\":true"))
            .unwrap()
            .unwrap();
        assert_eq!(object.classic_line(), None);
        assert!(PuzzleObject::read("{\"size\":4}").is_none());
    }
}
