//! Variants: other sizes (4×4 to 25×25), jigsaw regions, extra units
//! (X-Sudoku's diagonals, windoku's windows) and Killer cages, on one
//! general unit-constraint model. The classic 9×9 engines are untouched;
//! this model trades their speed for generality.
//!
//! - [`Variant`]: the model and its validation ([`VariantError`] names the
//!   cell or cage);
//! - [`explore`]: reading-order, fewest-candidates and propagating search
//!   with cage pruning by combinations.

mod cages;
mod model;
mod solve;

pub use model::{Cage, CellName, Shape, Variant, VariantError, MAX_SIDE};
pub use solve::{explore, VariantExploration, VariantStrategy};
