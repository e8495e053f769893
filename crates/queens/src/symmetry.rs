//! Counting each solution once per orbit of the 8 symmetries of the square.
//!
//! Among the (up to) 8 images of a solution under rotations and
//! reflections, call *canonical* the one whose column list is
//! lexicographically smallest. Counting canonical solutions gives the
//! unique count; adding each one's orbit size (8, 4 or 2) gives the total.
//! Two kinds of canonical solution are searched separately:
//!
//! - **Corner**: a queen on a corner. At most one queen can stand on a
//!   corner, so the canonical image has it at r1c1 (column list starts with
//!   0). The only other image with a queen at r1c1 is the transpose, which
//!   swaps "column of the queen in row 2" with "row of the queen in column
//!   2"; requiring the first to be smaller keeps exactly one of the pair.
//!   Such a solution equals none of its other images, so its orbit has 8.
//! - **Edge**: no corner queen. Every image's first entry is the distance
//!   of some border queen from a corner (read from one end or the other),
//!   so the canonical image starts with `d`, the smallest such distance:
//!   `d <= (n-1)/2`, and every queen on the left, right and bottom border
//!   stands at least `d` from both ends of its border. Those conditions
//!   prune the search; each solution reached is then compared with its 7
//!   images, kept only if none is smaller, and weighted by its orbit size.
//!
//! Both conditions become [`RowRules`] for the engine of [`crate::search`],
//! fixed by the first one or two rows. Those rows (the *root*) are
//! therefore part of every work unit's prefix. For edge roots the rules
//! also look ahead: the border columns, forbidden below row `n-1-d`, are
//! *due* by that row, and the columns the last row may not take are due by
//! the row before it.

use crate::search::{Leaf, Placement, RowRules, MAX_N};
use std::cmp::Ordering;
use std::ops::ControlFlow;

/// The root prefixes of an `n`-board: corner roots `[0, c]`, then edge
/// roots `[d]`.
pub(crate) fn roots(n: usize) -> Vec<Vec<usize>> {
    if n == 1 {
        // The lone queen: its orbit (size 1) is found by the edge leaf.
        return vec![vec![0]];
    }
    let corners = (2..n).map(|second| vec![0, second]);
    let edges = (1..=(n - 1) / 2).map(|d| vec![d]);
    corners.chain(edges).collect()
}

/// The rules of every row for a search below `prefix`, whose root fixes
/// the pruning (see the module documentation).
pub(crate) fn rules(n: usize, prefix: &[usize]) -> RowRules {
    let mut rules = RowRules::NONE;
    match *prefix {
        [0, second, ..] if n > 1 => {
            // The queen of column 2 must stand below row `second + 1`.
            for mask in rules.forbidden.iter_mut().take(n.min(second + 1)).skip(2) {
                *mask |= 1 << 1;
            }
        }
        [d, ..] if n > 1 => {
            let last = n - 1;
            let sides = 1 | 1 << last;
            for (row, mask) in rules.forbidden.iter_mut().enumerate().take(n).skip(1) {
                if row < d || row > last - d {
                    *mask |= sides;
                }
            }
            let outer = (0..d)
                .chain(n - d..n)
                .fold(0u32, |mask, col| mask | 1 << col);
            rules.forbidden[last] |= outer;
            rules.due[last - d] |= sides;
            rules.due[last - 1] |= outer;
        }
        _ => {}
    }
    rules
}

/// Counts below a root: total (each solution weighted by its orbit) and
/// unique (canonical solutions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct OrbitCount {
    pub(crate) total: u64,
    pub(crate) unique: u64,
}

/// The leaf of a corner root: every solution reached is canonical with an
/// orbit of 8.
pub(crate) struct CornerLeaf(pub(crate) OrbitCount);

impl From<CornerLeaf> for OrbitCount {
    fn from(leaf: CornerLeaf) -> Self {
        leaf.0
    }
}

impl From<EdgeLeaf> for OrbitCount {
    fn from(leaf: EdgeLeaf) -> Self {
        leaf.0
    }
}

impl Leaf for CornerLeaf {
    #[inline]
    fn reached(&mut self, _: Placement<'_>) -> ControlFlow<()> {
        self.0.total += 8;
        self.0.unique += 1;
        ControlFlow::Continue(())
    }
}

/// The leaf of an edge root: keeps canonical solutions, weighted by orbit.
pub(crate) struct EdgeLeaf(pub(crate) OrbitCount);

impl Leaf for EdgeLeaf {
    fn reached(&mut self, placement: Placement<'_>) -> ControlFlow<()> {
        let mut cols = [0u8; MAX_N];
        let mut n = 0;
        for (slot, col) in cols.iter_mut().zip(placement.columns()) {
            *slot = col as u8;
            n += 1;
        }
        if let Some(orbit) = orbit_if_canonical(&cols[..n]) {
            self.0.total += orbit;
            self.0.unique += 1;
        }
        ControlFlow::Continue(())
    }
}

/// The orbit size of the solution `cols` if no image of it under the 8
/// symmetries is lexicographically smaller; `None` otherwise.
pub(crate) fn orbit_if_canonical(cols: &[u8]) -> Option<u64> {
    let n = cols.len();
    let last = n - 1;
    let mut row_of = [0u8; MAX_N];
    for (row, &col) in cols.iter().enumerate() {
        row_of[col as usize] = row as u8;
    }
    let flip = |v: u8| last as u8 - v;
    // Each image as "its column at row k" (the identity left out), compared
    // with `cols` from row 0 until they differ.
    let orders = [
        compare(cols, |k| flip(cols[k])),          // mirror left-right
        compare(cols, |k| cols[last - k]),         // mirror top-bottom
        compare(cols, |k| flip(cols[last - k])),   // half turn
        compare(cols, |k| row_of[k]),              // transpose
        compare(cols, |k| flip(row_of[last - k])), // anti-transpose
        compare(cols, |k| flip(row_of[k])),        // quarter turn
        compare(cols, |k| row_of[last - k]),       // three-quarter turn
    ];
    if orders.contains(&Ordering::Less) {
        return None;
    }
    let stabiliser = 1 + orders.iter().filter(|order| order.is_eq()).count() as u64;
    Some(8 / stabiliser)
}

/// How many distinct boards the 8 rotations and reflections of the
/// placement `cols` (a queen's column by row) make, if `cols` is the
/// lexicographically smallest of them, the one that stands for its class
/// (what `queens list --unique` prints); `None` for any other member.
///
/// ```
/// use gridsolve_queens::class_size_if_representative;
///
/// // 4 queens: two boards, mirror images of each other.
/// assert_eq!(class_size_if_representative(&[1, 3, 0, 2]), Some(2));
/// assert_eq!(class_size_if_representative(&[2, 0, 3, 1]), None);
/// ```
pub fn class_size_if_representative(cols: &[u32]) -> Option<u64> {
    let narrow: Vec<u8> = cols
        .iter()
        .map(|&col| u8::try_from(col).expect("a column below MAX_N"))
        .collect();
    orbit_if_canonical(&narrow)
}

/// How an image (given as "its column at row k") compares with `cols`.
#[inline]
fn compare(cols: &[u8], image: impl Fn(usize) -> u8) -> Ordering {
    for (k, &col) in cols.iter().enumerate() {
        match image(k).cmp(&col) {
            Ordering::Equal => {}
            order => return order,
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_queens_canonical_board_has_orbit_two() {
        assert_eq!(orbit_if_canonical(&[1, 3, 0, 2]), Some(2));
        assert_eq!(orbit_if_canonical(&[2, 0, 3, 1]), None);
    }

    #[test]
    fn an_asymmetric_board_has_orbit_eight() {
        // The first 8-queens solution in lexicographic order.
        assert_eq!(orbit_if_canonical(&[0, 4, 7, 5, 2, 6, 1, 3]), Some(8));
    }

    #[test]
    fn edge_pruning_forbids_border_columns_near_corners() {
        let rules = rules(8, &[2]);
        assert_eq!(rules.forbidden[1], 0b1000_0001);
        assert_eq!(rules.forbidden[3], 0);
        assert_eq!(rules.forbidden[7], 0b1100_0011);
        assert_eq!(rules.due[5], 0b1000_0001);
        assert_eq!(rules.due[6], 0b1100_0011);
    }
}
