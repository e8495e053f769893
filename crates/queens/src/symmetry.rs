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
//! Both conditions are expressed as per-row forbidden columns for the
//! engine of [`crate::search`], fixed by the first one or two rows. Those
//! rows (the *root*) are therefore part of every work unit's prefix.

use crate::search::{column, Leaf, MAX_N};
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

/// The forbidden columns of every row for a search below `prefix`, whose
/// root fixes the pruning (see the module documentation).
pub(crate) fn forbidden(n: usize, prefix: &[usize]) -> [u32; MAX_N] {
    let mut forbidden = [0u32; MAX_N];
    match prefix {
        [0, second, ..] => {
            // The queen of column 2 must stand below row `second + 1`.
            for mask in forbidden.iter_mut().take(n.min(second + 1)).skip(2) {
                *mask |= 1 << 1;
            }
        }
        [d, ..] => {
            let d = *d;
            let sides = 1 | 1 << (n - 1);
            for (row, mask) in forbidden.iter_mut().enumerate().take(n).skip(1) {
                if row < d || row > n - 1 - d {
                    *mask |= sides;
                }
            }
            for col in (0..d).chain(n - d..n) {
                forbidden[n - 1] |= 1 << col;
            }
        }
        [] => {}
    }
    forbidden
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
    fn reached(&mut self, _placed: &[u32]) -> ControlFlow<()> {
        self.0.total += 8;
        self.0.unique += 1;
        ControlFlow::Continue(())
    }
}

/// The leaf of an edge root: keeps canonical solutions, weighted by orbit.
pub(crate) struct EdgeLeaf(pub(crate) OrbitCount);

impl Leaf for EdgeLeaf {
    fn reached(&mut self, placed: &[u32]) -> ControlFlow<()> {
        let mut cols = [0u8; MAX_N];
        for (slot, &bit) in cols.iter_mut().zip(placed) {
            *slot = column(bit) as u8;
        }
        if let Some(orbit) = orbit_if_canonical(&cols[..placed.len()]) {
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
    // Each image as "its column at row k"; the identity is left out.
    let images: [&dyn Fn(usize) -> u8; 7] = [
        &|k| flip(cols[k]),          // mirror left-right
        &|k| cols[last - k],         // mirror top-bottom
        &|k| flip(cols[last - k]),   // half turn
        &|k| row_of[k],              // transpose
        &|k| flip(row_of[last - k]), // anti-transpose
        &|k| flip(row_of[k]),        // quarter turn
        &|k| row_of[last - k],       // three-quarter turn
    ];
    let mut stabiliser = 1;
    for image in images {
        match (0..n)
            .map(|k| image(k).cmp(&cols[k]))
            .find(|order| order.is_ne())
        {
            Some(Ordering::Less) => return None,
            Some(_) => {}
            None => stabiliser += 1,
        }
    }
    Some(8 / stabiliser)
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
        let masks = forbidden(8, &[2]);
        assert_eq!(masks[1], 0b1000_0001);
        assert_eq!(masks[3], 0);
        assert_eq!(masks[7], 0b1100_0011);
    }
}
