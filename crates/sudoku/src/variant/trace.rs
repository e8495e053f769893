//! Variant search steps in words, for the trace renderers of
//! `gridsolve-search`: the counterpart of [`crate::SudokuVocabulary`] for
//! grids of any side, whose values are written in the puzzle's symbols.

use super::model::{CellName, Variant};
use super::text::Symbols;
use crate::SudokuVocabulary;
use gridsolve_search::Vocabulary;

/// The 9×9 vocabulary, whose words (`cell`, `solved`, …) variants share.
static CLASSIC: SudokuVocabulary = SudokuVocabulary;

/// One step of a variant search: `value` (1 to the side) in `cell` (its
/// index in reading order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VariantPlacement {
    /// The cell, in reading order from 0.
    pub cell: usize,
    /// The value, from 1.
    pub value: u8,
}

/// Names variant steps: `r2c4 = B` on a 16×16 grid, slots `r2c4`, and
/// the exact-cover items past the cells as `value B in row 2`.
///
/// ```
/// use gridsolve_sudoku::variant::{Shape, Variant, VariantPlacement, VariantVocabulary};
/// use gridsolve_sudoku::Vocabulary;
///
/// let words = VariantVocabulary::new(&Variant::new(Shape::new(4, 4).unwrap()));
/// let step = VariantPlacement { cell: 19, value: 11 };
/// assert_eq!(words.choice(&step), "r2c4 = B");
/// assert_eq!(words.table_slot(19), "r2c4 (1,3)");
/// assert_eq!(words.slot(256 + 16 + 10), "value B in row 2");
/// ```
#[derive(Clone, Debug)]
pub struct VariantVocabulary {
    side: usize,
    symbols: Symbols,
    /// The units' names, in the order of [`Variant::units`].
    units: Vec<String>,
}

impl VariantVocabulary {
    /// The words for `variant`: its side, symbols and units.
    pub fn new(variant: &Variant) -> Self {
        VariantVocabulary {
            side: variant.side(),
            symbols: variant.symbols().clone(),
            units: (0..variant.units().len())
                .map(|index| variant.unit_name(index))
                .collect(),
        }
    }

    fn cell(&self, cell: usize) -> CellName {
        CellName {
            row: cell / self.side,
            col: cell % self.side,
        }
    }
}

impl Vocabulary<VariantPlacement> for VariantVocabulary {
    fn slot(&self, slot: usize) -> String {
        let cells = self.side * self.side;
        if slot < cells {
            return self.cell(slot).to_string();
        }
        // An exact-cover item: a value in a unit.
        let (unit, value) = ((slot - cells) / self.side, (slot - cells) % self.side);
        let unit = self.units.get(unit).map_or("a unit", String::as_str);
        format!("value {} in {unit}", self.symbols.symbol(value as u8 + 1))
    }
    fn slot_of(&self, placement: &VariantPlacement) -> usize {
        placement.cell
    }
    fn value(&self, placement: &VariantPlacement) -> String {
        self.symbols.symbol(placement.value).to_string()
    }
    fn table_slot(&self, slot: usize) -> String {
        let cell = self.cell(slot);
        format!("{cell} ({},{})", cell.row, cell.col)
    }
    // The words of the 9×9 trace, so that both read alike.
    fn slot_kind(&self) -> &str {
        CLASSIC.slot_kind()
    }
    fn solution(&self) -> &str {
        CLASSIC.solution()
    }
    fn complete(&self) -> &str {
        CLASSIC.complete()
    }
}
