//! The JSON document of a variant puzzle (`docs/variant.schema.json`):
//!
//! ```json
//! {
//!   "box": [3, 3],
//!   "givens": ["5.......", "…"],
//!   "regions": [["r1c1", "r1c2", "…"], "…"],
//!   "diagonals": true,
//!   "windows": false,
//!   "units": [["r1c1", "…"]],
//!   "cages": [{ "cells": ["r1c1", "r1c2"], "sum": 3 }]
//! }
//! ```
//!
//! Every field is optional: `box` defaults to the usual shape of the side
//! (`size`, else the givens' side, else 9); `givens` is one string of N²
//! symbols or N strings of N (as in [`super::parse_grid`], `symbols` naming
//! another alphabet); cells are `r1c1`-style names or 0-based indices.

use super::model::{Shape, Variant};
use super::text::{read_grid, shape_for_side, Symbols, TextError};
use serde::Deserialize;
use serde_json::{json, Map, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    #[serde(rename = "box")]
    box_shape: Option<[usize; 2]>,
    size: Option<usize>,
    givens: Option<Givens>,
    symbols: Option<String>,
    regions: Option<Vec<Vec<CellRef>>>,
    #[serde(default)]
    diagonals: bool,
    #[serde(default)]
    windows: bool,
    #[serde(default)]
    units: Vec<Vec<CellRef>>,
    #[serde(default)]
    cages: Vec<CageDocument>,
}

#[derive(Deserialize)]
#[serde(
    untagged,
    expecting = "givens as one string of N² symbols or an array of N row strings"
)]
enum Givens {
    Text(String),
    Rows(Vec<String>),
}

#[derive(Deserialize)]
#[serde(
    untagged,
    expecting = "a cell as a name such as \"r1c1\" or a 0-based index"
)]
enum CellRef {
    Index(usize),
    Name(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CageDocument {
    cells: Vec<CellRef>,
    sum: u32,
}

impl CellRef {
    /// The 0-based index in a grid of side `side`.
    fn index(&self, side: usize) -> Result<usize, TextError> {
        let index = match self {
            CellRef::Index(index) => Some(*index),
            CellRef::Name(name) => name
                .strip_prefix(['r', 'R'])
                .and_then(|rest| rest.split_once(['c', 'C']))
                .and_then(|(row, col)| {
                    Some((row.parse::<usize>().ok()?, col.parse::<usize>().ok()?))
                })
                .filter(|&(row, col)| (1..=side).contains(&row) && (1..=side).contains(&col))
                .map(|(row, col)| (row - 1) * side + col - 1),
        };
        index.filter(|&index| index < side * side).ok_or_else(|| {
            let shown = match self {
                CellRef::Index(index) => index.to_string(),
                CellRef::Name(name) => format!("{name:?}"),
            };
            TextError::Whole(format!(
                "cell {shown} is not a cell of the {side}×{side} grid (expected r1c1 to r{side}c{side}, or 0 to {})",
                side * side - 1
            ))
        })
    }
}

/// Reads the JSON document of a variant puzzle.
///
/// ```
/// use gridsolve_sudoku::variant::parse_json;
///
/// let killer = parse_json(r#"{"size": 4, "cages": [{"cells": ["r1c1", "r1c2"], "sum": 3}]}"#).unwrap();
/// assert_eq!((killer.side(), killer.cages().len()), (4, 1));
/// let error = parse_json(r#"{"cages": [{"cells": ["r1c1", "r1c2"], "sum": 2}]}"#).unwrap_err();
/// assert_eq!(error.to_string(), "cage 1: no 2 distinct values from 1 to 9 add up to 2");
/// ```
pub fn parse_json(text: &str) -> Result<Variant, TextError> {
    let document: Document = serde_json::from_str(text).map_err(|error| TextError::At {
        line: error.line(),
        column: error.column(),
        message: format!("not a variant document: {error}"),
    })?;
    let symbols = document.symbols.as_deref().map(Symbols::new).transpose()?;
    let givens = match &document.givens {
        Some(Givens::Text(text)) => Some(read_grid(text, symbols.as_ref())?),
        Some(Givens::Rows(rows)) => Some(read_grid(&rows.join("\n"), symbols.as_ref())?),
        None => None,
    };
    let box_shape = document
        .box_shape
        .map(|[rows, cols]| Shape::new(rows, cols))
        .transpose()?;
    let box_side = box_shape.map(|shape| shape.side());
    if let (Some(shape), Some(size)) = (box_shape, document.size) {
        if shape.side() != size {
            return Err(TextError::Whole(format!(
                "\"box\" [{}, {}] makes a grid of side {}, but \"size\" is {size}",
                shape.box_rows,
                shape.box_cols,
                shape.side()
            )));
        }
    }
    let side = box_side
        .or(document.size)
        .or(givens.as_ref().map(|givens| givens.side))
        .unwrap_or(9);
    if let Some(givens) = &givens {
        if givens.side != side {
            let field = if box_side.is_some() { "box" } else { "size" };
            return Err(TextError::Whole(format!(
                "\"givens\" make a {0}×{0} grid, but \"{field}\" makes it {side}×{side}",
                givens.side
            )));
        }
    }
    let shape = match (box_shape, shape_for_side(side)) {
        (Some(shape), _) => shape,
        (None, Some(shape)) => shape,
        // Sides no box shape makes (5, 7, …) are jigsaws.
        (None, None) if document.regions.is_some() => Shape::regions_only(side)?,
        (None, None) => {
            return Err(TextError::Whole(format!(
                "no box shape for a grid of side {side}; give \"box\", or \"regions\" for a jigsaw"
            )))
        }
    };
    let mut variant = Variant::new(shape);
    if let Some(symbols) = symbols {
        variant = variant.with_symbols(symbols)?;
    }
    let cells = |refs: &[CellRef]| -> Result<Vec<usize>, TextError> {
        refs.iter().map(|cell| cell.index(side)).collect()
    };
    if let Some(regions) = &document.regions {
        let regions = regions
            .iter()
            .map(|region| cells(region))
            .collect::<Result<_, _>>()?;
        variant = variant.with_regions(regions)?;
    }
    if document.diagonals {
        variant = variant.with_diagonals()?;
    }
    if document.windows {
        variant = variant.with_windows()?;
    }
    for unit in &document.units {
        variant = variant.with_unit(cells(unit)?)?;
    }
    for cage in &document.cages {
        variant = variant.with_cage(cells(&cage.cells)?, cage.sum)?;
    }
    // The givens come last, so that they are checked against the
    // puzzle's own units (jigsaw regions, not the standard boxes).
    if let Some(givens) = givens {
        variant = variant.with_givens(givens.values)?;
    }
    Ok(variant)
}

/// Writes `puzzle` as the JSON document (on one line) that
/// [`parse_json`] reads back as the same puzzle: its box shape (or size),
/// givens, alphabet when not the usual one, jigsaw regions, extra units
/// (diagonals and windows among them, as cell lists) and cages.
///
/// ```
/// use gridsolve_sudoku::variant::{parse_json, to_json, Shape, Variant};
///
/// let puzzle = Variant::new(Shape::new(2, 2).unwrap())
///     .with_diagonals()
///     .unwrap()
///     .with_cage(vec![0, 1], 3)
///     .unwrap();
/// let text = to_json(&puzzle);
/// assert!(text.starts_with(r#"{"box":[2,2],"givens":["....","....","....","...."],"units":[["r1c1","#));
/// assert_eq!(parse_json(&text).unwrap(), puzzle);
/// ```
pub fn to_json(puzzle: &Variant) -> String {
    let side = puzzle.side();
    let names = |cells: &[usize]| -> Value {
        cells
            .iter()
            .map(|&cell| puzzle.cell_name(cell).to_string())
            .collect()
    };
    let symbols = puzzle.symbols();
    let mut document = Map::new();
    let shape = puzzle.shape();
    if shape.has_boxes() {
        document.insert("box".into(), json!([shape.box_rows, shape.box_cols]));
    } else {
        document.insert("size".into(), json!(side));
    }
    let rows: Vec<String> = puzzle
        .givens()
        .chunks(side)
        .map(|row| row.iter().map(|&value| symbols.symbol(value)).collect())
        .collect();
    document.insert("givens".into(), json!(rows));
    if *symbols != Symbols::standard(side) {
        document.insert("symbols".into(), json!(symbols.to_string()));
    }
    let units = puzzle.units();
    if puzzle.is_jigsaw() {
        let regions: Vec<Value> = units[2 * side..3 * side]
            .iter()
            .map(|unit| names(unit))
            .collect();
        document.insert("regions".into(), Value::Array(regions));
    }
    if units.len() > 3 * side {
        let extra: Vec<Value> = units[3 * side..].iter().map(|unit| names(unit)).collect();
        document.insert("units".into(), Value::Array(extra));
    }
    if !puzzle.cages().is_empty() {
        let cages: Vec<Value> = puzzle
            .cages()
            .iter()
            .map(|cage| json!({ "cells": names(&cage.cells), "sum": cage.sum }))
            .collect();
        document.insert("cages".into(), Value::Array(cages));
    }
    Value::Object(document).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::read;

    /// Every kind of puzzle reads back from its JSON document as itself.
    #[test]
    fn documents_read_back_as_the_puzzles_written() {
        let janko_jigsaw = "5 5\n1 - - - -\n- - - - -\n- - 3 - -\n- - - - -\n- - - - 5\n\
                            1 1 1 2 2\n1 1 2 2 2\n3 3 3 4 4\n3 4 4 4 5\n3 5 5 5 5";
        let sumocue = "SumoCueV1=1J0=0J0=0J1=0J1=0J0=0J0=1J1=0J1=0J2=1J2=0J3=0J3=0J2=0J2=0J3=1J3";
        let killer = "3 r1c1 r1c2\n17 r1c3 r2c3 r2c4";
        let lettered = format!(
            r#"{{"givens": "AB{}", "symbols": "ABCDEFGHI", "windows": true}}"#,
            ".".repeat(79)
        );
        for text in [janko_jigsaw, sumocue, killer, &lettered] {
            let (puzzle, _) = read(text, None).unwrap();
            let document = to_json(&puzzle);
            assert_eq!(parse_json(&document).unwrap(), puzzle, "{document}");
        }
        let sixteen = Variant::new(Shape::new(4, 4).unwrap())
            .with_diagonals()
            .unwrap();
        assert_eq!(parse_json(&to_json(&sixteen)).unwrap(), sixteen);
    }
}
