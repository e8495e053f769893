//! The plain-text forms: one 81-character line, or 9 rows of 9 cells.
//!
//! Columns in errors count characters from 1 on the original line, so they
//! point at the character a user sees, whatever spaces or `|` stand before it.

use super::{cell_char, cell_value, ParseError, ParseErrorKind};
use crate::grid::{Cell, Grid, CELLS, SIDE};

/// Parses an 81-cell line that is line `line` of the input. Leading and
/// trailing white space is ignored.
pub(super) fn parse_line(text: &str, line: usize) -> Result<Grid, ParseError> {
    let mut values = [0u8; CELLS];
    let mut count = 0;
    for (offset, ch) in text.trim_end().chars().enumerate() {
        if count == 0 && ch.is_whitespace() {
            continue;
        }
        let value = cell_value(ch).ok_or_else(|| ParseError {
            line,
            column: Some(offset + 1),
            cell: Cell::new(count),
            kind: ParseErrorKind::BadCell { found: ch },
        })?;
        if let Some(slot) = values.get_mut(count) {
            *slot = value;
        }
        count += 1;
    }
    if count != CELLS {
        return Err(ParseError::at_line(
            line,
            ParseErrorKind::WrongLength { found: count },
        ));
    }
    Ok(Grid::from_values(values).expect("cell values are at most 9"))
}

/// Whether a line only decorates a grid: made of `-`, `+`, `=`, `|` and
/// spaces, with at least one of the first three.
pub(super) fn is_separator(text: &str) -> bool {
    text.chars().any(|ch| matches!(ch, '-' | '+' | '='))
        && text
            .chars()
            .all(|ch| matches!(ch, '-' | '+' | '=' | '|') || ch.is_whitespace())
}

/// How many cells a grid row holds: characters other than white space and `|`.
pub(super) fn cell_count(text: &str) -> usize {
    text.chars()
        .filter(|&ch| !ch.is_whitespace() && ch != '|')
        .count()
}

/// Parses a multi-line grid whose first line is line `first_line` of the
/// input. Blank and separator lines are skipped; exactly 9 rows must remain.
pub(super) fn parse_rows(text: &str, first_line: usize) -> Result<Grid, ParseError> {
    let mut values = [0u8; CELLS];
    let mut row = 0;
    let mut last_line = first_line;
    for (offset, raw) in text.lines().enumerate() {
        let line = first_line + offset;
        last_line = line;
        if raw.trim().is_empty() || is_separator(raw) {
            continue;
        }
        if row == SIDE {
            return Err(ParseError::at_line(line, ParseErrorKind::ExtraRecord));
        }
        parse_row(raw, line, row, &mut values[row * SIDE..(row + 1) * SIDE])?;
        row += 1;
    }
    if row != SIDE {
        return Err(ParseError::at_line(
            last_line,
            ParseErrorKind::TooFewRows { rows: row },
        ));
    }
    Ok(Grid::from_values(values).expect("cell values are at most 9"))
}

fn parse_row(raw: &str, line: usize, row: usize, out: &mut [u8]) -> Result<(), ParseError> {
    let mut col = 0;
    for (offset, ch) in raw.chars().enumerate() {
        if ch.is_whitespace() || ch == '|' {
            continue;
        }
        let value = cell_value(ch).ok_or_else(|| ParseError {
            line,
            column: Some(offset + 1),
            cell: Cell::at(row, col),
            kind: ParseErrorKind::BadCell { found: ch },
        })?;
        if let Some(slot) = out.get_mut(col) {
            *slot = value;
        }
        col += 1;
    }
    if col != SIDE {
        return Err(ParseError::at_line(
            line,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found: col,
            },
        ));
    }
    Ok(())
}

pub(super) fn render_line(grid: &Grid) -> String {
    grid.values().iter().map(|&v| cell_char(v)).collect()
}

pub(super) fn render_grid(grid: &Grid) -> String {
    let mut out = String::with_capacity(CELLS + SIDE);
    for (row, values) in grid.values().chunks(SIDE).enumerate() {
        if row > 0 {
            out.push('\n');
        }
        out.extend(values.iter().map(|&v| cell_char(v)));
    }
    out
}

pub(super) fn render_pretty(grid: &Grid) -> String {
    let mut out = String::with_capacity(256);
    for (row, values) in grid.values().chunks(SIDE).enumerate() {
        if row > 0 {
            out.push('\n');
            if row % 3 == 0 {
                out.push_str("------+-------+------\n");
            }
        }
        for (col, &value) in values.iter().enumerate() {
            if col > 0 {
                out.push_str(if col % 3 == 0 { " | " } else { " " });
            }
            out.push(cell_char(value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_errors_point_at_the_character_and_cell() {
        let text = format!("12345x{}", ".".repeat(75));
        let error = parse_line(&text, 7).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 7, column 6 (r1c6): found 'x', expected a digit 1-9 or a blank ('.', '0' or '_')"
        );
    }

    #[test]
    fn short_line_says_how_many_cells_it_has() {
        let error = parse_line(&".".repeat(80), 1).unwrap_err();
        assert_eq!(error.kind, ParseErrorKind::WrongLength { found: 80 });
    }

    #[test]
    fn row_errors_count_columns_on_the_original_line() {
        let mut text = "1 2 3 | 4 5 6 | 7 8 9\n".repeat(4);
        text.push_str("1 2 3 | 4 ? 6 | 7 8 9\n");
        text.push_str(&"123456789\n".repeat(4));
        let error = parse_rows(&text, 10).unwrap_err();
        assert_eq!((error.line, error.column), (14, Some(11)));
        assert_eq!(error.cell, Cell::at(4, 4));
    }

    #[test]
    fn separators_are_recognised_and_rows_are_not() {
        assert!(is_separator("------+-------+------"));
        assert!(is_separator("+===+===+"));
        assert!(!is_separator("| . . | 1 |"));
        assert!(!is_separator("........."));
    }
}
