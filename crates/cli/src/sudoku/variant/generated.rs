//! The objects `generate --format jsonl` writes, read back as puzzles:
//! the `puzzle` field is a one-line grid (with the extra units its
//! `diagonals` and `windows` fields say) or a Killer's JSON document. The
//! other fields (`number`, `givens`, `solution`, `rating`) are the
//! generator's report of the puzzle and are not read.

use gridsolve_sudoku::variant::{parse_grid, parse_json, Notation, TextError, Variant};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

/// One object of `generate --format jsonl`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Generated {
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

/// The puzzle of `text` when it is an object with a `puzzle` field, as
/// `generate --format jsonl` writes them (`None` for any other text), and
/// the notation to answer it in: a grid's one line, or a document's JSON.
pub(super) fn read_generated(text: &str) -> Option<Result<(Variant, Notation), TextError>> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let object: serde_json::Map<String, Value> = serde_json::from_str(text).ok()?;
    if !object.contains_key("puzzle") {
        return None;
    }
    let generated = serde_json::from_value::<Generated>(Value::Object(object))
        .map_err(|error| TextError::Whole(format!("not an object of generate's jsonl: {error}")));
    Some(generated.and_then(Generated::into_puzzle))
}

impl Generated {
    /// The puzzle the object holds, with the units it names.
    fn into_puzzle(self) -> Result<(Variant, Notation), TextError> {
        match self.puzzle {
            Value::String(grid) => {
                let mut read = parse_grid(&grid, None).map_err(|error| match error {
                    TextError::At {
                        column, message, ..
                    } => TextError::Whole(format!("the puzzle's character {column}: {message}")),
                    other => other,
                })?;
                if self.diagonals {
                    read = read.with_diagonals()?;
                }
                if self.windows {
                    read = read.with_windows()?;
                }
                Ok((read, Notation::Grid { one_line: true }))
            }
            Value::Object(_) if self.diagonals || self.windows => Err(TextError::Whole(
                "a puzzle given as a JSON document names its extra units in it, not in \
                 `diagonals` or `windows`"
                    .to_string(),
            )),
            document @ Value::Object(_) => Ok((parse_json(&document.to_string())?, Notation::Json)),
            _ => Err(TextError::Whole(
                "expected the puzzle as a one-line grid (a string) or a JSON document".to_string(),
            )),
        }
    }
}
