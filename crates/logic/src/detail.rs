//! How much of a step a hint tells, as HoDoKu's hints grow: first only
//! the technique to look for, then where (its digits, units and the cells
//! that prove it), then the whole step with what it places or removes.
//!
//! Invariant: a vague hint names no value and no cell, and a concrete one
//! does not say what the step places or removes; only the full one tells
//! the step's outcome.

use crate::sentence::Sentence;
use crate::step::{cell_list, digit_list, listed, Step};
use std::fmt::Write;

/// How much of a step to tell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Detail {
    /// The technique only: "Next step: X-Wing."
    Vague,
    /// The technique, its digits and units, and the cells that prove it,
    /// but not what it places or removes.
    Concrete,
    /// The whole step: its sentence.
    #[default]
    Full,
}

impl Step {
    /// The step told in `detail`: a nudge, a pointer, or its whole
    /// sentence.
    ///
    /// ```
    /// use gridsolve_logic::{next_step, Board, Detail};
    /// use gridsolve_sudoku::Grid;
    ///
    /// // LeetCode 37's puzzle.
    /// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()
    ///     .unwrap();
    /// let step = next_step(&Board::new(&grid).unwrap()).unwrap();
    /// assert_eq!(step.told(Detail::Vague).to_string(), "Next step: hidden single.");
    /// assert_eq!(
    ///     step.told(Detail::Concrete).to_string(),
    ///     "Next step: hidden single, on 8 in box 2; look at r1c6."
    /// );
    /// assert_eq!(step.told(Detail::Full), step.explanation);
    /// ```
    pub fn told(&self, detail: Detail) -> Sentence {
        if detail == Detail::Full {
            return self.explanation.clone();
        }
        let units: Vec<String> = self.units.iter().map(ToString::to_string).collect();
        let (values, cells) = (digit_list(self.digits.iter()), cell_list(&self.cells));
        told_short(self.technique.name(), detail, &values, &units, &cells)
    }
}

/// A step told short of its sentence: "Next step: TECHNIQUE", and for a
/// concrete hint ", on VALUES in UNITS; look at CELLS" (each part left
/// out when the step has none).
pub(crate) fn told_short(
    technique: &str,
    detail: Detail,
    values: &str,
    units: &[String],
    cells: &str,
) -> Sentence {
    let mut text = format!("Next step: {technique}");
    if detail == Detail::Concrete {
        if !values.is_empty() {
            write!(text, ", on {values}").expect("a string");
        }
        if !units.is_empty() {
            write!(text, " in {}", listed(units)).expect("a string");
        }
        if !cells.is_empty() {
            write!(text, "; look at {cells}").expect("a string");
        }
    }
    text.push('.');
    Sentence::from(text)
}
