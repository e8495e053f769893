//! The JSON forms: an array of 9 row strings, LeetCode 37's array of 9
//! arrays of 9 one-character strings, or 9 arrays of 9 numbers (0 empty).
//!
//! `serde_json` checks the syntax; this module checks the shape and the cells
//! and, because a JSON value forgets where it stood, finds each string
//! literal in the text again so a bad cell's error names its line and column.

use super::{cell_char, cell_value, InputFormat, ParseError, ParseErrorKind};
use crate::grid::{Cell, Grid, CELLS, SIDE};
use serde_json::Value;

/// Parses one JSON record that starts on line `first_line`. `forced` limits
/// the accepted shape to one of the two JSON forms.
pub(super) fn parse(
    text: &str,
    first_line: usize,
    forced: Option<InputFormat>,
) -> Result<(InputFormat, Grid), ParseError> {
    let value: Value =
        serde_json::from_str(text).map_err(|error| syntax_error(&error, first_line))?;
    let shape_error = |expected, found: String| {
        ParseError::at_line(first_line, ParseErrorKind::JsonShape { expected, found })
    };
    let Value::Array(rows) = value else {
        return Err(shape_error("a JSON array of 9 rows", describe(&value)));
    };
    if rows.len() != SIDE {
        return Err(shape_error(
            "a JSON array of 9 rows",
            format!("{} elements", rows.len()),
        ));
    }
    let numbers = |row: &Value| matches!(row, Value::Array(items) if items.first().is_some_and(Value::is_number));
    let format = match (&rows[0], forced) {
        (Value::String(_), None | Some(InputFormat::Json)) => InputFormat::Json,
        (first, None) if numbers(first) => InputFormat::Numbers,
        (first, Some(InputFormat::Numbers)) if numbers(first) => InputFormat::Numbers,
        (Value::Array(_), None | Some(InputFormat::LeetCode)) => InputFormat::LeetCode,
        (first, Some(InputFormat::LeetCode)) => {
            return Err(shape_error(
                "row 1 as an array of 9 one-character strings",
                describe(first),
            ))
        }
        (first, Some(InputFormat::Numbers)) => {
            return Err(shape_error(
                "row 1 as an array of 9 numbers",
                describe(first),
            ))
        }
        (first, _) => return Err(shape_error("row 1 as a string of 9 cells", describe(first))),
    };
    let literals = string_literals(text, first_line);
    let mut values = [0u8; CELLS];
    for (row, value) in rows.iter().enumerate() {
        let cells = &mut values[row * SIDE..(row + 1) * SIDE];
        match (format, value) {
            (InputFormat::Json, Value::String(string)) => {
                parse_row_string(string, row, literals.get(row).copied(), first_line, cells)?;
            }
            (InputFormat::LeetCode | InputFormat::Numbers, Value::Array(items)) => {
                let numbers = format == InputFormat::Numbers;
                parse_row_array(items, row, &literals, first_line, numbers, cells)?;
            }
            (InputFormat::Json, other) => {
                return Err(shape_error(
                    "every row as a string of 9 cells",
                    describe_row(row, other),
                ))
            }
            (_, other) => {
                return Err(shape_error(
                    "every row as an array of 9 one-character strings",
                    describe_row(row, other),
                ))
            }
        }
    }
    Ok((
        format,
        Grid::from_values(values).expect("cell values are at most 9"),
    ))
}

/// One row given as a string; `at` is where its opening quote stands.
fn parse_row_string(
    string: &str,
    row: usize,
    at: Option<Literal>,
    first_line: usize,
    out: &mut [u8],
) -> Result<(), ParseError> {
    let count = string.chars().count();
    if count != SIDE {
        let line = at.map_or(first_line, |literal| literal.line);
        return Err(ParseError::at_line(
            line,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found: count,
            },
        ));
    }
    for (col, ch) in string.chars().enumerate() {
        out[col] = cell_value(ch).ok_or_else(|| ParseError {
            line: at.map_or(first_line, |literal| literal.line),
            // Columns are exact only when the literal has no escapes.
            column: at
                .filter(|literal| !literal.escaped)
                .map(|literal| literal.column + 1 + col),
            cell: Cell::at(row, col),
            kind: ParseErrorKind::BadCell { found: ch },
        })?;
    }
    Ok(())
}

/// One row given as an array of one-character strings, or of `numbers`.
fn parse_row_array(
    items: &[Value],
    row: usize,
    literals: &[Literal],
    first_line: usize,
    numbers: bool,
    out: &mut [u8],
) -> Result<(), ParseError> {
    if items.len() != SIDE {
        return Err(ParseError::at_line(
            first_line,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found: items.len(),
            },
        ));
    }
    for (col, item) in items.iter().enumerate() {
        let at = literals.get(row * SIDE + col).copied();
        let position = |kind| ParseError {
            line: at.map_or(first_line, |literal| literal.line),
            column: at.map(|literal| literal.column),
            cell: Cell::at(row, col),
            kind,
        };
        if numbers {
            let position = |kind| ParseError {
                line: first_line,
                column: None,
                cell: Cell::at(row, col),
                kind,
            };
            out[col] = item
                .as_u64()
                .and_then(|number| u8::try_from(number).ok())
                .filter(|&number| number <= 9)
                .ok_or_else(|| {
                    position(ParseErrorKind::JsonShape {
                        expected: "a number 0 (empty) to 9",
                        found: describe(item),
                    })
                })?;
            continue;
        }
        let Value::String(string) = item else {
            return Err(position(ParseErrorKind::JsonShape {
                expected: "a one-character string",
                found: describe(item),
            }));
        };
        let mut chars = string.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(position(ParseErrorKind::JsonShape {
                expected: "a one-character string",
                found: format!("{string:?}"),
            }));
        };
        out[col] = cell_value(ch).ok_or_else(|| position(ParseErrorKind::BadCell { found: ch }))?;
    }
    Ok(())
}

fn syntax_error(error: &serde_json::Error, first_line: usize) -> ParseError {
    let message = error.to_string();
    let message = message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(head, _)| head)
        .to_string();
    ParseError {
        line: first_line + error.line().saturating_sub(1),
        column: (error.column() > 0).then_some(error.column()),
        cell: None,
        kind: ParseErrorKind::Json { message },
    }
}

/// The error of a line that starts like an object but holds no puzzle
/// object: its syntax error, or what it holds instead.
pub(super) fn not_an_object_error(text: &str, line: usize) -> ParseError {
    match serde_json::from_str::<Value>(text) {
        Err(error) => syntax_error(&error, line),
        Ok(value) => ParseError::at_line(
            line,
            ParseErrorKind::JsonShape {
                expected: "an object with a \"puzzle\" field",
                found: match value {
                    Value::Object(_) => "an object without one".to_string(),
                    other => describe(&other),
                },
            },
        ),
    }
}

fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(_) => "a boolean".to_string(),
        Value::Number(_) => "a number".to_string(),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(items) => format!("an array of {} elements", items.len()),
        Value::Object(_) => "an object".to_string(),
    }
}

fn describe_row(row: usize, value: &Value) -> String {
    format!("{} in row {}", describe(value), row + 1)
}

/// Where a string literal's opening quote stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Literal {
    line: usize,
    column: usize,
    escaped: bool,
}

/// Every string literal of `text`, in order, with 1-based positions.
fn string_literals(text: &str, first_line: usize) -> Vec<Literal> {
    let mut found: Vec<Literal> = Vec::new();
    let (mut line, mut column) = (first_line, 0);
    let mut open: Option<usize> = None; // index into `found` of the literal being read
    let mut escape = false;
    for ch in text.chars() {
        column += 1;
        if ch == '\n' {
            (line, column) = (line + 1, 0);
            continue;
        }
        match open {
            Some(index) if escape => {
                escape = false;
                found[index].escaped = true;
            }
            Some(_) if ch == '\\' => escape = true,
            Some(_) if ch == '"' => open = None,
            Some(_) => {}
            None if ch == '"' => {
                open = Some(found.len());
                found.push(Literal {
                    line,
                    column,
                    escaped: false,
                });
            }
            None => {}
        }
    }
    found
}

pub(super) fn render_rows(grid: &Grid) -> String {
    let mut out = String::with_capacity(2 + SIDE * 13);
    out.push('[');
    for (row, values) in grid.values().chunks(SIDE).enumerate() {
        if row > 0 {
            out.push_str(", ");
        }
        out.push('"');
        out.extend(values.iter().map(|&v| cell_char(v)));
        out.push('"');
    }
    out.push(']');
    out
}

/// LeetCode's array of arrays: one-character strings, or `numbers`.
pub(super) fn render_arrays(grid: &Grid, numbers: bool) -> String {
    let mut out = String::with_capacity(2 + SIDE * 40);
    out.push('[');
    for (row, values) in grid.values().chunks(SIDE).enumerate() {
        if row > 0 {
            out.push(',');
        }
        out.push('[');
        for (col, &value) in values.iter().enumerate() {
            if col > 0 {
                out.push(',');
            }
            if numbers {
                out.push(char::from(b'0' + value));
            } else {
                out.push('"');
                out.push(cell_char(value));
                out.push('"');
            }
        }
        out.push(']');
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = r#"["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"]"#;

    #[test]
    fn row_strings_and_leetcode_arrays_give_the_same_grid() {
        let (format, grid) = parse(ROWS, 1, None).unwrap();
        assert_eq!(format, InputFormat::Json);
        let leetcode = render_arrays(&grid, false);
        assert_eq!(
            parse(&leetcode, 1, None).unwrap(),
            (InputFormat::LeetCode, grid)
        );
        assert_eq!(render_rows(&grid), ROWS);
        let numbers = render_arrays(&grid, true);
        assert!(numbers.starts_with("[[5,3,0,0,7,"), "{numbers}");
        assert_eq!(
            parse(&numbers, 1, None).unwrap(),
            (InputFormat::Numbers, grid)
        );
        let error = parse(&numbers.replacen(",7,", ",17,", 1), 2, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2 (r1c5): expected a number 0 (empty) to 9, found a number"
        );
    }

    #[test]
    fn bad_cell_in_a_row_string_names_line_column_and_cell() {
        let text = ROWS.replace("8...6...3", "8...x...3");
        let error = parse(&text, 4, None).unwrap_err();
        assert_eq!(error.to_string(), "line 4, column 46 (r4c5): found 'x', expected a digit 1-9 or a blank ('.', '0' or '_')");
    }

    #[test]
    fn bad_cell_in_a_multiline_leetcode_array_names_its_line() {
        let (_, grid) = parse(ROWS, 1, None).unwrap();
        let mut text = render_arrays(&grid, false).replace("],[", "],\n[");
        text = text.replacen(r#""6","#, r#""six","#, 1);
        let error = parse(&text, 1, None).unwrap_err();
        assert_eq!(
            (error.line, error.column, error.cell),
            (2, Some(2), Cell::at(1, 0))
        );
    }

    #[test]
    fn wrong_shapes_say_what_was_expected() {
        let error = parse("[1,2]", 1, None).unwrap_err();
        assert_eq!(
            error.kind.to_string(),
            "expected a JSON array of 9 rows, found 2 elements"
        );
        let error = parse(ROWS, 1, Some(InputFormat::LeetCode)).unwrap_err();
        assert!(error
            .kind
            .to_string()
            .starts_with("expected row 1 as an array"));
    }

    #[test]
    fn syntax_errors_carry_the_parser_position() {
        let error = parse("[\"123\",\n 5 5]", 3, None).unwrap_err();
        assert_eq!(error.line, 4);
        assert!(matches!(error.kind, ParseErrorKind::Json { .. }));
    }
}
