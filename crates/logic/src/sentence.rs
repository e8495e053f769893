//! A step's sentence, written once and read in any symbols.
//!
//! Invariant: every value a sentence names was written through [`Said`],
//! which keeps it as a mark (one private-use character per value), and
//! nothing else in the text is a mark. Numbers that are no values (rows,
//! columns, boxes, the digits of a cell's name, counts) are plain text. So
//! the same sentence reads "In row 1, 5 fits only in r1c2" in digits and
//! "In row 1, E fits only in r1c2" in the letters `ABCDEFGHI`.

use gridsolve_sudoku::variant::{Symbols, MAX_SIDE};
use std::fmt;

/// The mark of value 0; value `v` is marked by `MARK_BASE + v`.
const MARK_BASE: u32 = 0xE000;

/// A value as a sentence names it: [`Sentence`] writes it in the puzzle's
/// symbols. A classic step says a [`gridsolve_sudoku::Digit`], a step on
/// the general model a value `1..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Said<V>(pub V);

impl<V: Copy + Into<u8>> fmt::Display for Said<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark =
            char::from_u32(MARK_BASE + u32::from(self.0.into())).expect("a private-use mark");
        write!(f, "{mark}")
    }
}

/// The value a character marks, if it is a mark.
fn marked_value(ch: char) -> Option<u8> {
    let value = u32::from(ch).checked_sub(MARK_BASE)?;
    (1..=MAX_SIDE as u32)
        .contains(&value)
        .then_some(value as u8)
}

/// Why a step holds, in one sentence; shown (with `Display`) in the
/// standard symbols (the digits 1 to 9, then `A`, `B`, … for values past
/// 9 on a bigger grid), or with [`Sentence::in_symbols`] in a puzzle's own
/// symbols.
///
/// ```
/// use gridsolve_logic::{next_step, Board};
/// use gridsolve_sudoku::variant::Symbols;
/// use gridsolve_sudoku::Grid;
///
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let step = next_step(&Board::new(&grid).unwrap()).unwrap();
/// assert_eq!(
///     step.explanation.to_string(),
///     "r1c9 is the last empty cell of row 1, so it holds 9 (full house)"
/// );
/// let letters = Symbols::new("ABCDEFGHI").unwrap();
/// assert_eq!(
///     step.explanation.in_symbols(&letters),
///     "r1c9 is the last empty cell of row 1, so it holds I (full house)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence(String);

impl Sentence {
    /// The sentence with each value written as `symbols` name it.
    pub fn in_symbols(&self, symbols: &Symbols) -> String {
        self.0
            .chars()
            .map(|ch| marked_value(ch).map_or(ch, |value| symbols.symbol(value)))
            .collect()
    }
}

impl From<String> for Sentence {
    fn from(text: String) -> Self {
        Sentence(text)
    }
}

impl fmt::Display for Sentence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The standard alphabets of smaller grids begin the biggest one.
        f.write_str(&self.in_symbols(&Symbols::standard(MAX_SIDE)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridsolve_sudoku::Digit;

    #[test]
    fn each_value_is_written_in_the_symbols_and_nothing_else_changes() {
        let digits: Vec<Digit> = Digit::all().collect();
        let text = digits
            .iter()
            .map(|&digit| format!("r{0}c{0} {1}", digit, Said(digit)))
            .collect::<Vec<_>>()
            .join(", ");
        let sentence = Sentence::from(text);
        let letters = Symbols::new("ABCDEFGHI").unwrap();
        assert_eq!(
            sentence.to_string(),
            "r1c1 1, r2c2 2, r3c3 3, r4c4 4, r5c5 5, r6c6 6, r7c7 7, r8c8 8, r9c9 9"
        );
        assert_eq!(
            sentence.in_symbols(&letters),
            "r1c1 A, r2c2 B, r3c3 C, r4c4 D, r5c5 E, r6c6 F, r7c7 G, r8c8 H, r9c9 I"
        );
    }
}
