//! The objects `generate --format jsonl` writes, read back as variant
//! puzzles: the library's [`PuzzleObject`], its `puzzle` a one-line grid
//! (with the extra units its `diagonals` and `windows` flags say) or a
//! Killer's JSON document.

use gridsolve_sudoku::variant::{parse_grid, parse_json, Notation, TextError, Variant};
use gridsolve_sudoku::{ObjectPuzzle, PuzzleObject};

/// The puzzle of `text` when it is a puzzle object (`None` for any other
/// text), and the notation to answer it in: a grid's one line, or a
/// document's JSON.
pub(super) fn read_generated(text: &str) -> Option<Result<(Variant, Notation), TextError>> {
    let object = PuzzleObject::read(text)?.map_err(|kind| TextError::Whole(kind.to_string()));
    Some(object.and_then(into_puzzle))
}

/// The puzzle `object` holds, with the units it names.
fn into_puzzle(object: PuzzleObject) -> Result<(Variant, Notation), TextError> {
    match object.puzzle {
        ObjectPuzzle::Grid(grid) => {
            let mut read = parse_grid(&grid, None).map_err(|error| match error {
                TextError::At {
                    column, message, ..
                } => TextError::Whole(format!("the puzzle's character {column}: {message}")),
                other => other,
            })?;
            if object.diagonals {
                read = read.with_diagonals()?;
            }
            if object.windows {
                read = read.with_windows()?;
            }
            Ok((read, Notation::Grid { one_line: true }))
        }
        ObjectPuzzle::Document(_) if object.diagonals || object.windows => Err(TextError::Whole(
            "a puzzle given as a JSON document names its extra units in it, not in \
             `diagonals` or `windows`"
                .to_string(),
        )),
        ObjectPuzzle::Document(document) => Ok((parse_json(&document)?, Notation::Json)),
    }
}
