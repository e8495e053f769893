//! Random jigsaw layouts: N regions of N orthogonally connected cells.
//!
//! A layout starts as the template's boxes (its rows, on a side that no
//! box shape makes) and is reshaped by random swaps across a boundary:
//! a cell of one region goes to a neighbouring region, which gives back
//! one of its cells that touches the first, and the swap is kept only
//! when both regions stay connected. So every layout along the way is a
//! partition into connected regions of N cells. A layout with a region
//! that is a whole row or column (a rule the grid has already) is thrown
//! away, and since not every layout can be filled, one is kept only once
//! a search has filled it from random values, and comes with that fill.

use super::generate::random_solution_within;
use super::killer::{adjacent, joined_count};
use super::model::Variant;
use gridsolve_search::{Budget, StopReason};
use rand::seq::IndexedRandom;
use rand::Rng;

/// Swaps tried per cell of the grid: enough that little of the starting
/// boxes is left (each kept swap moves a boundary by a cell).
const SWAPS_PER_CELL: usize = 24;

/// The random starts a layout is given to be filled (each a search of a
/// few thousand nodes) before it is given up for another.
const FILL_TRIES: u64 = 3;

/// `template` with its boxes replaced by random jigsaw regions (the
/// template's givens and extra units kept), with a random solution of it,
/// or why `budget` stopped the search for one.
///
/// ```
/// use gridsolve_sudoku::variant::{random_jigsaw, verify_answer, Shape, Variant};
/// use gridsolve_sudoku::Budget;
/// use rand::SeedableRng;
///
/// let template = Variant::new(Shape::regions_only(5).unwrap());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
/// let (jigsaw, solution) = random_jigsaw(&template, &mut rng, &Budget::default()).unwrap();
/// assert!(jigsaw.is_jigsaw());
/// assert!(verify_answer(&jigsaw, &solution).is_ok());
/// ```
pub fn random_jigsaw<R: Rng>(
    template: &Variant,
    rng: &mut R,
    budget: &Budget,
) -> Result<(Variant, Vec<u8>), StopReason> {
    let side = template.side();
    loop {
        if let Some(reason) = budget.poll() {
            return Err(reason);
        }
        let mut layout = Layout::of(template);
        for _ in 0..SWAPS_PER_CELL * side * side {
            layout.try_swap(rng);
        }
        let regions = layout.regions();
        if regions.iter().any(|region| in_one_line(side, region)) {
            continue;
        }
        let Ok(jigsaw) = template.clone().with_regions(regions) else {
            // The template's givens repeat a value in a new region.
            continue;
        };
        if let Some(solution) = random_solution_within(&jigsaw, rng, budget, Some(FILL_TRIES))? {
            return Ok((jigsaw, solution));
        }
    }
}

/// Whether `cells` (of a grid of side `side`) lie in one row or column.
fn in_one_line(side: usize, cells: &[usize]) -> bool {
    let all_in = |line: fn(usize, usize) -> usize| {
        cells
            .iter()
            .all(|&cell| line(cell, side) == line(cells[0], side))
    };
    all_in(|cell, side| cell / side) || all_in(|cell, side| cell % side)
}

/// A partition of the grid into regions being reshaped.
struct Layout {
    side: usize,
    /// Each cell's region.
    region: Vec<usize>,
}

impl Layout {
    /// The template's third kind of unit (boxes, regions, or rows on a
    /// side with no boxes), which partitions the grid.
    fn of(template: &Variant) -> Layout {
        let side = template.side();
        let mut region = vec![0; side * side];
        for (index, unit) in template.units()[2 * side..3 * side].iter().enumerate() {
            for &cell in unit {
                region[cell] = index;
            }
        }
        Layout { side, region }
    }

    /// The regions, each its cells in reading order.
    fn regions(&self) -> Vec<Vec<usize>> {
        let mut regions = vec![Vec::with_capacity(self.side); self.side];
        for (cell, &index) in self.region.iter().enumerate() {
            regions[index].push(cell);
        }
        regions
    }

    /// One random swap across a boundary, undone unless both regions stay
    /// connected.
    fn try_swap<R: Rng>(&mut self, rng: &mut R) {
        let (side, cells) = (self.side, self.side * self.side);
        let moved = rng.random_range(0..cells);
        let from = self.region[moved];
        let across: Vec<usize> = adjacent(side, moved)
            .filter(|&next| self.region[next] != from)
            .collect();
        let Some(&next) = across.choose(rng) else {
            return;
        };
        let to = self.region[next];
        self.region[moved] = to;
        let returned: Vec<usize> = (0..cells)
            .filter(|&cell| {
                self.region[cell] == to
                    && cell != moved
                    && adjacent(side, cell).any(|next| self.region[next] == from)
            })
            .collect();
        let Some(&back) = returned.choose(rng) else {
            self.region[moved] = from;
            return;
        };
        self.region[back] = from;
        if !(self.connected(from) && self.connected(to)) {
            self.region[moved] = from;
            self.region[back] = to;
        }
    }

    /// Whether the cells of region `index` are connected across edges.
    fn connected(&self, index: usize) -> bool {
        let Some(start) = self.region.iter().position(|&region| region == index) else {
            return true;
        };
        joined_count(self.side, start, |cell| self.region[cell] == index) == self.side
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Shape;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn swaps_keep_regions_of_n_connected_cells_and_reshape_the_boxes() {
        for (shape, seed) in [
            (Shape::new(2, 2).unwrap(), 1),
            (Shape::regions_only(5).unwrap(), 2),
            (Shape::new(2, 3).unwrap(), 3),
            (Shape::regions_only(7).unwrap(), 4),
            (Shape::CLASSIC, 5),
        ] {
            let template = Variant::new(shape);
            let mut layout = Layout::of(&template);
            let mut rng = SmallRng::seed_from_u64(seed);
            for _ in 0..500 {
                layout.try_swap(&mut rng);
                let regions = regions_of(shape.side(), &layout.region);
                for region in &regions {
                    assert_eq!(region.len(), shape.side(), "{shape:?}");
                    assert!(joined(shape.side(), region), "{shape:?}: {region:?}");
                }
            }
            assert_ne!(layout.region, Layout::of(&template).region, "{shape:?}");
        }
    }

    #[test]
    fn a_region_in_two_pieces_is_not_connected() {
        let mut layout = Layout::of(&Variant::new(Shape::new(2, 2).unwrap()));
        // Box 0 (r1c1, r1c2, r2c1, r2c2) trades r2c2 for r4c4 of box 3.
        (layout.region[5], layout.region[15]) = (3, 0);
        assert!(!layout.connected(0));
        assert!(!layout.connected(3));
        assert!(layout.connected(1) && layout.connected(2));
        (layout.region[5], layout.region[15]) = (0, 3);
        assert!((0..4).all(|index| layout.connected(index)));
    }

    /// The regions `region` (each cell's region) makes, each in reading
    /// order.
    fn regions_of(side: usize, region: &[usize]) -> Vec<Vec<usize>> {
        (0..side)
            .map(|index| {
                (0..side * side)
                    .filter(|&cell| region[cell] == index)
                    .collect()
            })
            .collect()
    }

    /// Whether `cells` are joined across edges, grown from the first one
    /// by neighbours in rows and columns.
    fn joined(side: usize, cells: &[usize]) -> bool {
        let mut reached = vec![cells[0]];
        let mut grew = true;
        while grew {
            grew = false;
            for &cell in cells {
                let touches = |other: &usize| {
                    let (row, col) = (cell / side, cell % side);
                    let (other_row, other_col) = (other / side, other % side);
                    row.abs_diff(other_row) + col.abs_diff(other_col) == 1
                };
                if !reached.contains(&cell) && reached.iter().any(touches) {
                    reached.push(cell);
                    grew = true;
                }
            }
        }
        reached.len() == cells.len()
    }

    #[test]
    fn a_region_along_a_row_or_column_is_told() {
        assert!(in_one_line(4, &[4, 5, 6, 7]));
        assert!(in_one_line(4, &[1, 5, 9, 13]));
        assert!(!in_one_line(4, &[0, 1, 4, 5]));
        assert!(!in_one_line(4, &[3, 4, 5, 6]));
    }
}
