//! The plain-text forms: one 81-character line, or 9 rows of 9 cells.
//!
//! Columns in errors count characters from 1 on the original line, so they
//! point at the character a user sees, whatever spaces or `|` stand before it.
//!
//! A line of 81 one-byte cell characters, nearly every record of a batch,
//! is read by a byte path that the compiler applies to many bytes at
//! once; any other line, and so every error, by the character path. Both
//! read a line alike (a proptest holds them to it).

use super::{cell_char, cell_value, ParseError, ParseErrorKind};
use crate::grid::{Cell, Grid, CELLS, SIDE};

/// A byte's [`cell_value`] (0 when it is none) and whether it has one,
/// in a form the compiler applies to many bytes per instruction.
#[inline(always)]
fn byte_value(byte: u8) -> (u8, bool) {
    let digit = byte.wrapping_sub(b'0');
    let is_digit = digit <= 9;
    let is_blank = byte == b'.' || byte == b'_';
    (if is_digit { digit } else { 0 }, is_digit | is_blank)
}

/// The grid of a line of exactly 81 cell characters, each one byte (the
/// form of nearly every line record); `None` for anything else, which
/// [`parse_line`] then reads character by character.
fn plain_line(text: &str) -> Option<Grid> {
    let bytes: &[u8; CELLS] = text.as_bytes().try_into().ok()?;
    let mut values = [0u8; CELLS];
    let mut all_cells = true;
    for (value, &byte) in values.iter_mut().zip(bytes) {
        let (byte_value, is_cell) = byte_value(byte);
        *value = byte_value;
        all_cells &= is_cell;
    }
    all_cells.then(|| Grid::from_values(values)).flatten()
}

/// Parses an 81-cell line that is line `line` of the input. Leading and
/// trailing white space is ignored.
pub(super) fn parse_line(text: &str, line: usize) -> Result<Grid, ParseError> {
    plain_line(text.trim()).map_or_else(|| parse_line_by_char(text, line), Ok)
}

/// [`parse_line`] one character at a time, with the error for any line
/// that is not a grid.
fn parse_line_by_char(text: &str, line: usize) -> Result<Grid, ParseError> {
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
    // The marks are ASCII, and no byte of a longer UTF-8 character is, so
    // a byte scan finds them; most lines have none and stop there.
    // (A fold, not `any`: without an early exit the compiler checks many
    // bytes per instruction.)
    text.bytes().fold(false, |found, byte| {
        found | matches!(byte, b'-' | b'+' | b'=')
    }) && text
        .chars()
        .all(|ch| matches!(ch, '-' | '+' | '=' | '|') || ch.is_whitespace())
}

/// How many cells a grid row holds: characters other than white space and `|`.
pub(super) fn cell_count(text: &str) -> usize {
    if text.is_ascii() {
        // Every byte is a character, and the ASCII white space of
        // `char::is_whitespace` is tab to carriage return, and space.
        let cells = text
            .bytes()
            .map(|byte| u32::from(!matches!(byte, b'\t'..=b'\r' | b' ' | b'|')))
            .sum::<u32>();
        cells as usize
    } else {
        text.chars()
            .filter(|&ch| !ch.is_whitespace() && ch != '|')
            .count()
    }
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
    // Cell characters are ASCII: one byte each.
    let bytes = grid.values().map(|value| cell_char(value) as u8);
    String::from_utf8(bytes.to_vec()).expect("cell characters are ASCII")
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

    proptest::proptest! {
        /// Lines of cell characters mixed with others (ASCII or not,
        /// white space among them), 78 to 86 long: the byte path reads a
        /// grid exactly when the character path does, and the same grid.
        #[test]
        fn plain_lines_read_as_the_character_path_reads_them(
            line in r"[1-9.0_]{0,3}[ \t\x0Bx|é1-9.]{0,2}[1-9.0_]{78,80}[ \r\u{A0}\-]{0,1}",
        ) {
            proptest::prop_assert_eq!(plain_line(line.trim()), parse_line_by_char(&line, 1).ok());
        }

        #[test]
        fn cells_are_counted_alike_with_and_without_decoding(line in r"[ -~\t\x0B\x0C\r\u{85}\u{A0}é]{0,40}") {
            let by_char = line.chars().filter(|&ch| !ch.is_whitespace() && ch != '|').count();
            proptest::prop_assert_eq!(cell_count(&line), by_char);
        }
    }

    #[test]
    fn every_byte_has_the_value_of_its_character() {
        for byte in 0..=u8::MAX {
            let value = cell_value(char::from(byte));
            assert_eq!(
                byte_value(byte),
                (value.unwrap_or(0), value.is_some()),
                "{byte}"
            );
        }
    }

    #[test]
    fn separators_are_recognised_and_rows_are_not() {
        assert!(is_separator("------+-------+------"));
        assert!(is_separator("+===+===+"));
        assert!(!is_separator("| . . | 1 |"));
        assert!(!is_separator("........."));
    }
}
