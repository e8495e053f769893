//! Every notation a variant puzzle comes in, recognised from the text
//! alone ([`detect`]), read into the one model ([`read`]), and each answer
//! written back in its puzzle's own notation ([`render`]): with the
//! regions, cages and header the puzzle came with, so that an answer reads
//! back as a complete puzzle of the same kind (a Killer's answer is its
//! grid of digits, a JSON document's the array of its rows).
//!
//! | notation | looks like |
//! |---|---|
//! | [`Notation::Json`] | `{"size": 4, "givens": […]}` |
//! | [`Notation::Array`] | `[[5,3,0,…],…]` or `[["5","3","."…]…]`, `board = ` before it allowed |
//! | [`Notation::SumoCue`] | `SumoCueV1=5J0=0J0=…` (value, `J`, region from 0) |
//! | [`Notation::Janko`] | `9 9`, then rows of `5 3 - - 7 …`, then rows of region labels for a jigsaw |
//! | [`Notation::Killer`] | `56..1..2. aabbccdde` rows, then `a=12 b=17 …` |
//! | [`Notation::CageList`] | a givens grid (optional), then lines `12 r1c1 r1c2 r2c1` |
//! | [`Notation::Jigsaw`] | rows `5.3.. aabbb` (givens, then region labels), or a givens grid then a grid of region letters, or of labels that draw joined regions (see [`is_region_map`]) |
//! | [`Notation::Grid`] | one line of N² symbols or N lines of N |
//!
//! Detection looks only at the shape of the text, in the order of the
//! table, so a text has one reading; [`read`] then gives located errors
//! for that reading.

use super::json::parse_json;
use super::killer::joined_count;
use super::model::{Shape, Variant, VariantError, MAX_SIDE};
use super::text::{parse_grid, parse_killer, read_grid, render_grid, shape_for_side};
use super::text::{Symbols, TextError};
use crate::without_board_prefix;
use std::collections::BTreeMap;

/// A notation of variant puzzles (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The JSON document (`docs/variant.schema.json`).
    Json,
    /// A JSON array of N rows of N cells: numbers (0 blank) or one-symbol
    /// strings (`"."` blank).
    Array {
        /// Whether the cells are strings rather than numbers.
        strings: bool,
    },
    /// SumoCue's jigsaw string: `SumoCueV1`, `D` for diagonals, then N²
    /// entries `=vJr` (value, 0 blank; region from 0).
    SumoCue,
    /// janko.at's notation: a header `N N`, N rows of N values separated
    /// by spaces (`-` blank), then for a jigsaw N rows of region labels.
    Janko,
    /// CodinGame's Killer: nine rows `givens cage-letters`, then
    /// `letter=sum` pairs.
    Killer,
    /// Killer cages as a list: a givens grid (optional), then one line per
    /// cage, its sum then its cells (`12 r1c1 r1c2`).
    CageList,
    /// A jigsaw: N rows `givens labels` side by side, or the givens grid
    /// followed by a grid of region labels.
    Jigsaw {
        /// Whether each row holds its givens and its labels.
        side_by_side: bool,
        /// Whether each grid (stacked) came as one line.
        one_line: bool,
    },
    /// A grid of symbols.
    Grid {
        /// Whether it came as one line.
        one_line: bool,
    },
}

/// The lines that carry the puzzle: trimmed, without blank lines and
/// `#` comments, with their 1-based line numbers.
fn content_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// Whether `token` names a cell: `r1c1`, any case.
fn is_cell_name(token: &str) -> bool {
    token
        .strip_prefix(['r', 'R'])
        .and_then(|rest| rest.split_once(['c', 'C']))
        .is_some_and(|(row, col)| {
            !row.is_empty()
                && !col.is_empty()
                && row.bytes().all(|b| b.is_ascii_digit())
                && col.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The notation `text` is written in (see the module documentation for
/// the order in which they are tried); `None` when it holds nothing.
///
/// ```
/// use gridsolve_sudoku::variant::{detect, Notation};
///
/// assert_eq!(detect("board = [[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]"), Some(Notation::Array { strings: false }));
/// assert_eq!(detect("4 4\n1 - - -\n- - 1 -\n- 1 - -\n- - - 1"), Some(Notation::Janko));
/// assert_eq!(detect("1...\n..1.\n.1..\n...1"), Some(Notation::Grid { one_line: false }));
/// // A givens grid, then its regions in digits, is a jigsaw; then its
/// // answer, it is not.
/// let stacked = Notation::Jigsaw { side_by_side: false, one_line: false };
/// assert_eq!(detect("1...\n..1.\n.1..\n...1\n\n1122\n1122\n3344\n3344"), Some(stacked));
/// let answered = "1...\n..1.\n.1..\n...1\n\n1234\n3412\n2143\n4321";
/// assert_eq!(detect(answered), Some(Notation::Grid { one_line: false }));
/// ```
pub fn detect(text: &str) -> Option<Notation> {
    let start = without_board_prefix(text);
    if start.starts_with('{') {
        return Some(Notation::Json);
    }
    if start.starts_with('[') {
        let strings = start
            .trim_start_matches(['[', ' ', '\n', '\r', '\t'])
            .starts_with('"');
        return Some(Notation::Array { strings });
    }
    if start.starts_with("SumoCueV1") {
        return Some(Notation::SumoCue);
    }
    let lines = content_lines(text);
    let (_, first) = *lines.first()?;
    let (_, last) = *lines.last()?;
    let first_tokens: Vec<&str> = first.split_whitespace().collect();
    let header = match first_tokens.as_slice() {
        [rows, cols] => {
            rows == cols
                && rows
                    .parse::<usize>()
                    .is_ok_and(|side| (4..=25).contains(&side))
        }
        _ => false,
    };
    if header && lines.len() > 1 {
        return Some(Notation::Janko);
    }
    let paired = match first_tokens.as_slice() {
        [givens, labels] => givens.chars().count() == labels.chars().count(),
        _ => false,
    };
    if paired && last.contains('=') {
        return Some(Notation::Killer);
    }
    let cage_line = |line: &str| {
        let mut tokens = line.split_whitespace();
        // A sum too large for any cage still makes a cage line, so that
        // the reader names it.
        tokens
            .next()
            .is_some_and(|sum| sum.bytes().all(|byte| byte.is_ascii_digit()))
            && tokens.clone().next().is_some()
            && tokens.all(is_cell_name)
    };
    if lines.iter().any(|&(_, line)| cage_line(line)) {
        return Some(Notation::CageList);
    }
    if paired && lines.len() == first_tokens[0].chars().count() {
        return Some(Notation::Jigsaw {
            side_by_side: true,
            one_line: false,
        });
    }
    // A givens grid then a grid of region letters, or of labels that draw
    // joined regions (so that a puzzle followed by its digit answer is
    // not taken for a jigsaw).
    let widths: Vec<usize> = lines.iter().map(|(_, line)| cells_of(line).len()).collect();
    let halves = match widths.as_slice() {
        [one, two] => one == two && *one >= 16,
        [first, ..] => widths.len() == 2 * first && widths.iter().all(|width| width == first),
        [] => false,
    };
    let labels: Vec<char> = lines[lines.len() / 2..]
        .iter()
        .flat_map(|(_, line)| cells_of(line))
        .map(|(_, ch)| ch)
        .collect();
    let side = (4..=MAX_SIDE).find(|side| side * side == labels.len());
    let lettered = labels.iter().all(|ch| ch.is_alphabetic());
    let stacked = halves && (lettered || side.is_some_and(|side| is_region_map(&labels, side)));
    if stacked {
        return Some(Notation::Jigsaw {
            side_by_side: false,
            one_line: lines.len() == 2,
        });
    }
    Some(Notation::Grid {
        one_line: lines.len() == 1,
    })
}

/// Whether `labels` (the cells of a grid of side `side` in reading order)
/// draw jigsaw regions: `side` labels, each on `side` cells joined across
/// edges. A valid grid of values never does (equal values never touch),
/// so a region map written in digits is told from a puzzle or its answer.
///
/// ```
/// use gridsolve_sudoku::variant::is_region_map;
///
/// let boxes: Vec<char> = "1122112233443344".chars().collect();
/// assert!(is_region_map(&boxes, 4));
/// let answer: Vec<char> = "1234341221434321".chars().collect();
/// assert!(!is_region_map(&answer, 4));
/// // Region 1 in two pieces.
/// let parted: Vec<char> = "1122212233443344".chars().collect();
/// assert!(!is_region_map(&parted, 4));
/// ```
pub fn is_region_map(labels: &[char], side: usize) -> bool {
    if labels.len() != side * side {
        return false;
    }
    // Each label's first cell; with `side` labels each joined to `side`
    // cells, every cell is in its label's one region.
    let mut firsts: Vec<usize> = Vec::new();
    for (cell, label) in labels.iter().enumerate() {
        if !firsts.iter().any(|&first| labels[first] == *label) {
            if firsts.len() == side {
                return false; // more labels than regions
            }
            firsts.push(cell);
        }
    }
    firsts.len() == side
        && firsts
            .iter()
            .all(|&first| joined_count(side, first, |cell| labels[cell] == labels[first]) == side)
}

/// The cells of a grid row: its characters less spaces and the separators
/// `|`, `-`, `+`, with their 1-based columns.
fn cells_of(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .filter(|&(_, ch)| !ch.is_whitespace() && !matches!(ch, '|' | '-' | '+'))
        .map(|(column, ch)| (column + 1, ch))
        .collect()
}

/// Reads `text` in the notation [`detect`] finds; `symbols` name the values
/// of the symbol-grid notations (the standard ones by default).
///
/// ```
/// use gridsolve_sudoku::variant::{read, Notation};
///
/// let (puzzle, notation) = read("[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]", None).unwrap();
/// assert_eq!((puzzle.side(), notation), (4, Notation::Array { strings: false }));
/// let error = read("[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,7]]", None).unwrap_err();
/// assert_eq!(error.to_string(), "r4c4: expected a number 0 (blank) to 4, found 7");
/// ```
pub fn read(text: &str, symbols: Option<&Symbols>) -> Result<(Variant, Notation), TextError> {
    let notation = detect(text)
        .ok_or_else(|| TextError::Whole("expected a puzzle, found no cells".to_string()))?;
    let puzzle = match notation {
        Notation::Json => parse_json(text)?,
        Notation::Array { .. } => read_array(without_board_prefix(text))?,
        Notation::SumoCue => read_sumocue(text.trim())?,
        Notation::Janko => read_janko(text)?,
        Notation::Killer => parse_killer(text)?,
        Notation::CageList => read_cage_list(text, symbols)?,
        Notation::Jigsaw { side_by_side, .. } => read_jigsaw(text, side_by_side, symbols)?,
        Notation::Grid { .. } => parse_grid(text, symbols)?,
    };
    Ok((puzzle, notation))
}

/// Reads `text` as a Killer in either of its text forms: a cage list (a
/// givens grid, optional, in `symbols`, then a line `sum cell cell …` per
/// cage) or CodinGame's letter form (nine rows of givens and cage
/// letters, then `letter=sum` pairs); with the notation its answer is
/// written in.
///
/// ```
/// use gridsolve_sudoku::variant::{read_killer, Notation};
///
/// let (puzzle, notation) = read_killer("1...\n....\n....\n...4\n3 r1c1 r1c2\n", None).unwrap();
/// assert_eq!((puzzle.side(), puzzle.cages().len(), notation), (4, 1, Notation::CageList));
/// let error = read_killer("56..1..2. aabbccdde\n", None).unwrap_err();
/// assert!(error.to_string().starts_with("expected 9 grid lines"), "{error}");
/// ```
pub fn read_killer(
    text: &str,
    symbols: Option<&Symbols>,
) -> Result<(Variant, Notation), TextError> {
    match detect(text) {
        Some(Notation::CageList) => Ok((read_cage_list(text, symbols)?, Notation::CageList)),
        _ => Ok((parse_killer(text)?, Notation::Killer)),
    }
}

/// The shape of a grid of side `side`, with its regions if it has some.
fn shaped(side: usize, regions: Option<Vec<Vec<usize>>>) -> Result<Variant, TextError> {
    match (shape_for_side(side), regions) {
        (Some(shape), None) => Ok(Variant::new(shape)),
        (None, None) => Err(TextError::Whole(format!(
            "no box shape for a grid of side {side}; a jigsaw of that side needs its regions"
        ))),
        (shape, Some(regions)) => {
            let shape = shape.map_or_else(|| Shape::regions_only(side), Ok)?;
            Ok(Variant::new(shape).with_regions(regions)?)
        }
    }
}

/// Groups the cells by region label, in the order labels first appear;
/// there must be `side` labels of `side` cells each.
fn regions_of<L: Ord + Clone + std::fmt::Display>(
    labels: &[L],
    side: usize,
) -> Result<Vec<Vec<usize>>, TextError> {
    let mut order: Vec<L> = Vec::new();
    let mut cells: BTreeMap<L, Vec<usize>> = BTreeMap::new();
    for (cell, label) in labels.iter().enumerate() {
        if !cells.contains_key(label) {
            order.push(label.clone());
        }
        cells.entry(label.clone()).or_default().push(cell);
    }
    if order.len() != side {
        return Err(TextError::Whole(format!(
            "expected {side} region labels, found {}",
            order.len()
        )));
    }
    order
        .iter()
        .map(|label| {
            let region = cells.remove(label).expect("every label has its cells");
            if region.len() == side {
                Ok(region)
            } else {
                Err(TextError::Whole(format!(
                    "region {label} has {} cells, expected {side}",
                    region.len()
                )))
            }
        })
        .collect()
}

/// One cell of an array: a number, or a string of one symbol.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum ArrayCell {
    Number(u64),
    Text(String),
}

fn read_array(text: &str) -> Result<Variant, TextError> {
    let rows: Vec<Vec<ArrayCell>> = serde_json::from_str(text).map_err(|error| TextError::At {
        line: error.line(),
        column: error.column(),
        message: format!("expected an array of rows of numbers or one-symbol strings: {error}"),
    })?;
    let side = rows.len();
    if let Some((row, cells)) = rows
        .iter()
        .enumerate()
        .find(|(_, cells)| cells.len() != side)
    {
        return Err(TextError::Whole(format!(
            "row {} has {} cells, expected {side} (as many as there are rows)",
            row + 1,
            cells.len()
        )));
    }
    let symbols = Symbols::standard(side);
    let mut givens = Vec::with_capacity(side * side);
    for (row, cells) in rows.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            let value = match cell {
                ArrayCell::Number(number) => u8::try_from(*number)
                    .ok()
                    .filter(|&value| usize::from(value) <= side)
                    .ok_or_else(|| {
                        format!("expected a number 0 (blank) to {side}, found {number}")
                    }),
                ArrayCell::Text(text) => {
                    let mut chars = text.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => symbols
                            .value(ch)
                            .filter(|&value| usize::from(value) <= side)
                            .ok_or_else(|| {
                                format!("expected a symbol of {symbols} or \".\", found {text:?}")
                            }),
                        _ => Err(format!("expected one symbol, found {text:?}")),
                    }
                }
            };
            givens.push(value.map_err(|message| {
                TextError::Whole(format!("r{}c{}: {message}", row + 1, col + 1))
            })?);
        }
    }
    Ok(shaped(side, None)?.with_givens(givens)?)
}

fn read_sumocue(text: &str) -> Result<Variant, TextError> {
    let body = text
        .strip_prefix("SumoCueV1")
        .expect("detected by its prefix");
    let (diagonals, body) = match body.strip_prefix('D') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let body = body.strip_prefix('=').ok_or_else(|| {
        TextError::Whole("expected `=` and the first entry after SumoCueV1".to_string())
    })?;
    let entries: Vec<&str> = body.split('=').map(str::trim).collect();
    let side = (4..=25)
        .find(|side| side * side == entries.len())
        .ok_or_else(|| {
            TextError::Whole(format!(
                "expected a square number of SumoCue entries (16 to 625), found {}",
                entries.len()
            ))
        })?;
    let mut givens = Vec::with_capacity(entries.len());
    let mut labels = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let parsed = entry.split_once('J').and_then(|(value, region)| {
            let value = value
                .parse::<u8>()
                .ok()
                .filter(|&v| usize::from(v) <= side)?;
            let region = region.parse::<usize>().ok().filter(|&r| r < side)?;
            Some((value, region))
        });
        let (value, region) = parsed.ok_or_else(|| {
            TextError::Whole(format!(
                "SumoCue entry {} (r{}c{}): expected `vJr`, a value 0 to {side} and a region 0 to {}, found {entry:?}",
                index + 1,
                index / side + 1,
                index % side + 1,
                side - 1
            ))
        })?;
        givens.push(value);
        labels.push(region);
    }
    let mut puzzle = shaped(side, Some(regions_of(&labels, side)?))?;
    if diagonals {
        puzzle = puzzle.with_diagonals()?;
    }
    Ok(puzzle.with_givens(givens)?)
}

/// The whitespace-separated tokens of a line, with their 1-based columns.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (index, (offset, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((index, offset)),
            (true, Some((column, begin))) => {
                found.push((column + 1, &line[begin..offset]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, begin)) = start {
        found.push((column + 1, &line[begin..]));
    }
    found
}

fn read_janko(text: &str) -> Result<Variant, TextError> {
    let lines = content_lines(text);
    let (header_line, header) = lines[0];
    let side: usize = header
        .split_whitespace()
        .next()
        .and_then(|rows| rows.parse().ok())
        .filter(|side| (4..=25).contains(side))
        .ok_or_else(|| TextError::At {
            line: header_line,
            column: 1,
            message: format!("expected a side of 4 to 25 twice, found {header:?}"),
        })?;
    let rows = &lines[1..];
    if rows.len() != side && rows.len() != 2 * side {
        return Err(TextError::Whole(format!(
            "expected {side} rows of values after the header (and {side} rows of regions for a jigsaw), found {} rows",
            rows.len()
        )));
    }
    let mut givens = Vec::with_capacity(side * side);
    let mut labels = Vec::with_capacity(side * side);
    for (index, &(line, row)) in rows.iter().enumerate() {
        let row_tokens = tokens(row);
        if row_tokens.len() != side {
            return Err(TextError::At {
                line,
                column: 1,
                message: format!(
                    "expected {side} values separated by spaces, found {}",
                    row_tokens.len()
                ),
            });
        }
        for (column, token) in row_tokens {
            if index >= side {
                labels.push(token.to_string());
                continue;
            }
            let value = match token {
                "-" | "." | "0" => Some(0),
                number => number
                    .parse::<u8>()
                    .ok()
                    .filter(|&v| (1..=side).contains(&usize::from(v))),
            };
            givens.push(value.ok_or_else(|| TextError::At {
                line,
                column,
                message: format!("expected a value 1 to {side} or '-', found {token:?}"),
            })?);
        }
    }
    let regions = (!labels.is_empty())
        .then(|| regions_of(&labels, side))
        .transpose()?;
    Ok(shaped(side, regions)?.with_givens(givens)?)
}

fn read_jigsaw(
    text: &str,
    side_by_side: bool,
    symbols: Option<&Symbols>,
) -> Result<Variant, TextError> {
    let lines = content_lines(text);
    let (givens_text, labels): (String, Vec<char>) = if side_by_side {
        let mut givens = String::new();
        let mut labels = Vec::new();
        for &(line, row) in &lines {
            match tokens(row).as_slice() {
                [(_, values), (_, row_labels)] => {
                    givens.push_str(values);
                    givens.push('\n');
                    labels.extend(row_labels.chars());
                }
                _ => {
                    return Err(TextError::At {
                        line,
                        column: 1,
                        message: "expected the row's givens, a space and its region labels"
                            .to_string(),
                    })
                }
            }
        }
        (givens, labels)
    } else {
        let half = lines.len() / 2;
        let givens = lines[..half]
            .iter()
            .map(|(_, row)| *row)
            .collect::<Vec<_>>()
            .join("\n");
        let labels = lines[half..]
            .iter()
            .flat_map(|(_, row)| cells_of(row))
            .map(|(_, ch)| ch)
            .collect();
        (givens, labels)
    };
    let grid = read_grid(&givens_text, symbols)?;
    if labels.len() != grid.values.len() {
        return Err(TextError::Whole(format!(
            "expected {} region labels, one a cell, found {}",
            grid.values.len(),
            labels.len()
        )));
    }
    let regions = regions_of(&labels, grid.side)?;
    Ok(shaped(grid.side, Some(regions))?
        .with_symbols(grid.symbols)?
        .with_givens(grid.values)?)
}

/// A cage list: a givens grid (optional; without one the grid is 9×9),
/// then a line per cage, its sum and its cells; `symbols` name the values
/// with or without the grid.
fn read_cage_list(text: &str, symbols: Option<&Symbols>) -> Result<Variant, TextError> {
    let lines = content_lines(text);
    let first_cage = lines
        .iter()
        .position(|(_, line)| line.split_whitespace().nth(1).is_some_and(is_cell_name))
        .expect("detected by a cage line");
    let grid = (first_cage > 0)
        .then(|| {
            let rows: Vec<&str> = lines[..first_cage].iter().map(|(_, row)| *row).collect();
            read_grid(&rows.join("\n"), symbols)
        })
        .transpose()?;
    let side = grid.as_ref().map_or(9, |grid| grid.side);
    let mut puzzle = shaped(side, None)?;
    for &(line, text) in &lines[first_cage..] {
        let at = |column: usize, message: String| TextError::At {
            line,
            column,
            message,
        };
        let found = tokens(text);
        let (sum_column, sum) = found[0];
        let sum: u32 = sum
            .parse()
            .map_err(|_| at(sum_column, format!("expected a cage sum, found {sum:?}")))?;
        let mut cells = Vec::new();
        for &(column, name) in &found[1..] {
            let cell = name
                .strip_prefix(['r', 'R'])
                .and_then(|rest| rest.split_once(['c', 'C']))
                .and_then(|(row, col)| {
                    Some((row.parse::<usize>().ok()?, col.parse::<usize>().ok()?))
                })
                .filter(|&(row, col)| (1..=side).contains(&row) && (1..=side).contains(&col))
                .map(|(row, col)| (row - 1) * side + col - 1)
                .ok_or_else(|| {
                    at(
                        column,
                        format!("expected a cell r1c1 to r{side}c{side}, found {name:?}"),
                    )
                })?;
            cells.push(cell);
        }
        puzzle = puzzle.with_cage(cells, sum).map_err(|error| match error {
            VariantError::GivenConflict(_) => TextError::Model(error),
            other => at(sum_column, other.to_string()),
        })?;
    }
    // Without a givens grid, the alphabet still names the answer's values.
    match (grid, symbols) {
        (Some(grid), _) => Ok(puzzle
            .with_symbols(grid.symbols)?
            .with_givens(grid.values)?),
        (None, Some(symbols)) => Ok(puzzle.with_symbols(symbols.clone())?),
        (None, None) => Ok(puzzle),
    }
}

/// Writes `values` (a full answer, or any givens) of `puzzle` in
/// `notation`, so that the text reads back as the same puzzle with these
/// values: regions, cages and headers come along. A JSON document's answer
/// is the array of its row strings.
///
/// ```
/// use gridsolve_sudoku::variant::{read, render};
///
/// let text = "SumoCueV1=1J0=0J0=0J1=0J1=0J0=0J0=1J1=0J1=0J2=1J2=0J3=0J3=0J2=0J2=0J3=1J3";
/// let (puzzle, notation) = read(text, None).unwrap();
/// assert_eq!(render(&puzzle, notation, puzzle.givens()), text);
/// ```
pub fn render(puzzle: &Variant, notation: Notation, values: &[u8]) -> String {
    let side = puzzle.side();
    let symbols = puzzle.symbols();
    let region_of = || {
        let mut region = vec![0usize; side * side];
        for (index, unit) in puzzle.units()[2 * side..3 * side].iter().enumerate() {
            for &cell in unit {
                region[cell] = index;
            }
        }
        region
    };
    let label = |region: usize| char::from_digit(region as u32 + 10, 36).map_or('?', |ch| ch);
    let rows = |values: &[u8]| -> Vec<String> {
        values
            .chunks(side)
            .map(|row| row.iter().map(|&value| symbols.symbol(value)).collect())
            .collect()
    };
    match notation {
        Notation::Json => serde_json::to_string(&rows(values)).expect("strings serialise"),
        Notation::Array { strings } => {
            let cells: Vec<String> = values
                .iter()
                .map(|&value| {
                    if strings {
                        format!("\"{}\"", symbols.symbol(value))
                    } else {
                        value.to_string()
                    }
                })
                .collect();
            let lines: Vec<String> = cells
                .chunks(side)
                .map(|row| format!("[{}]", row.join(",")))
                .collect();
            format!("[{}]", lines.join(","))
        }
        Notation::SumoCue => {
            let region = region_of();
            let diagonals = if puzzle.units().len() > 3 * side {
                "D"
            } else {
                ""
            };
            let entries: Vec<String> = values
                .iter()
                .zip(&region)
                .map(|(value, region)| format!("{value}J{region}"))
                .collect();
            format!("SumoCueV1{diagonals}={}", entries.join("="))
        }
        Notation::Janko => {
            let mut lines = vec![format!("{side} {side}")];
            let number = |value: u8| {
                if value == 0 {
                    "-".to_string()
                } else {
                    value.to_string()
                }
            };
            lines.extend(
                values
                    .chunks(side)
                    .map(|row| row.iter().map(|&v| number(v)).collect::<Vec<_>>().join(" ")),
            );
            if puzzle.is_jigsaw() {
                let region = region_of();
                lines.extend(region.chunks(side).map(|row| {
                    row.iter()
                        .map(|region| (region + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                }));
            }
            lines.join("\n")
        }
        Notation::Killer | Notation::Grid { one_line: false } => {
            render_grid(side, values, symbols, false)
        }
        Notation::Grid { one_line: true } => render_grid(side, values, symbols, true),
        Notation::CageList => {
            let mut lines = rows(values);
            lines.extend(puzzle.cages().iter().map(|cage| {
                let cells: Vec<String> = cage
                    .cells
                    .iter()
                    .map(|&cell| puzzle.cell_name(cell).to_string())
                    .collect();
                format!("{} {}", cage.sum, cells.join(" "))
            }));
            lines.join("\n")
        }
        Notation::Jigsaw {
            side_by_side,
            one_line,
        } => {
            let region = region_of();
            let labels: Vec<String> = region
                .chunks(side)
                .map(|row| row.iter().map(|&r| label(r)).collect())
                .collect();
            let values = rows(values);
            if side_by_side {
                values
                    .iter()
                    .zip(&labels)
                    .map(|(v, l)| format!("{v} {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            } else if one_line {
                format!("{}\n{}", values.concat(), labels.concat())
            } else {
                [values, labels].concat().join("\n")
            }
        }
    }
}

/// `puzzle` as the plainest text that reads back as the same puzzle: its
/// one-line grid when it has only rows, columns and boxes of its side's
/// usual shape; its cage list when it has cages too; the JSON document
/// ([`super::to_json`]) when it has jigsaw regions, boxes of another
/// shape (2 wide and 4 high on an 8×8), extra units or an alphabet of its
/// own, which neither of those can say.
///
/// ```
/// use gridsolve_sudoku::variant::{read, to_text, Shape, Variant};
///
/// let killer = Variant::new(Shape::new(2, 2).unwrap()).with_cage(vec![0, 1], 3).unwrap();
/// assert_eq!(to_text(&killer), "....\n....\n....\n....\n3 r1c1 r1c2");
/// assert_eq!(read(&to_text(&killer), None).unwrap().0, killer);
/// let x = Variant::new(Shape::new(2, 2).unwrap()).with_diagonals().unwrap();
/// assert!(to_text(&x).starts_with('{'));
/// // An 8×8's boxes are 2 high and 4 wide unless said otherwise.
/// let tall = Variant::new(Shape::new(4, 2).unwrap());
/// assert_eq!(read(&to_text(&tall), None).unwrap().0, tall);
/// ```
pub fn to_text(puzzle: &Variant) -> String {
    let side = puzzle.side();
    let own_symbols = *puzzle.symbols() != Symbols::standard(side);
    let own_boxes = shape_for_side(side) != Some(puzzle.shape());
    if puzzle.is_jigsaw() || own_boxes || puzzle.units().len() > 3 * side || own_symbols {
        super::to_json(puzzle)
    } else if puzzle.cages().is_empty() {
        render_grid(side, puzzle.givens(), puzzle.symbols(), true)
    } else {
        render(puzzle, Notation::CageList, puzzle.givens())
    }
}
