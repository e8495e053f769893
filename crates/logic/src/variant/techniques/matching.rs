//! Which value of a set each cell can take when the cells take the set's
//! values one each, every cell one of its candidates: the edges of the
//! bipartite graph (cells, values) that lie in some perfect matching.
//!
//! One perfect matching is found by augmenting paths (Kuhn's algorithm);
//! then, as in Régin's filtering of all-different constraints, an edge
//! outside it lies in another perfect matching exactly when it closes an
//! alternating cycle: when the cell and the value share a strongly
//! connected component of the graph whose edges run from each cell to its
//! other candidates and from each value to the cell matched with it. The
//! work grows with the cells times the edges, not with the fillings.

use crate::variant::board::{bit, values_of};

/// Per cell of `candidates`, the values of `set` it takes in some
/// filling (each cell one of its candidates, each value of `set` once);
/// `None` when there is none (the cells and values must be as many).
pub(super) fn matched_values(candidates: &[u32], set: u32) -> Option<Vec<u32>> {
    let values: Vec<u8> = values_of(set).collect();
    if values.len() != candidates.len() {
        return None;
    }
    let mut matching = Matching {
        edges: candidates
            .iter()
            .map(|&held| {
                let slots = values.iter().enumerate();
                slots
                    .filter(|&(_, &value)| held & bit(value) != 0)
                    .map(|(slot, _)| slot)
                    .collect()
            })
            .collect(),
        cell_of: vec![None; values.len()],
    };
    for cell in 0..candidates.len() {
        let mut seen = vec![false; values.len()];
        if !matching.augment(cell, &mut seen) {
            return None;
        }
    }
    let value_of = matching.value_of_cells();
    let component = matching.components(&value_of);
    let cells = candidates.len();
    Some(
        (0..cells)
            .map(|cell| {
                matching.edges[cell]
                    .iter()
                    .filter(|&&slot| {
                        slot == value_of[cell] || component[cell] == component[cells + slot]
                    })
                    .fold(0, |mask, &slot| mask | bit(values[slot]))
            })
            .collect(),
    )
}

/// A matching of cells to value slots, grown by augmenting paths.
struct Matching {
    /// Per cell, the slots of the values it may take.
    edges: Vec<Vec<usize>>,
    /// Per value slot, the cell it is matched with.
    cell_of: Vec<Option<usize>>,
}

impl Matching {
    /// Matches `cell`, moving other cells along an augmenting path if need
    /// be; false when no path frees a value for it.
    fn augment(&mut self, cell: usize, seen: &mut [bool]) -> bool {
        for index in 0..self.edges[cell].len() {
            let slot = self.edges[cell][index];
            if std::mem::replace(&mut seen[slot], true) {
                continue;
            }
            let free = match self.cell_of[slot] {
                None => true,
                Some(other) => self.augment(other, seen),
            };
            if free {
                self.cell_of[slot] = Some(cell);
                return true;
            }
        }
        false
    }

    /// Per cell, the slot it is matched with (every cell is).
    fn value_of_cells(&self) -> Vec<usize> {
        let mut value_of = vec![0; self.edges.len()];
        for (slot, cell) in self.cell_of.iter().enumerate() {
            value_of[cell.expect("a perfect matching")] = slot;
        }
        value_of
    }

    /// The strongly connected component of each node (cells `0..k`, value
    /// slots `k..2k`) of the alternating graph: each cell to its other
    /// candidates' slots, each slot to its matched cell (Tarjan's
    /// algorithm).
    fn components(&self, value_of: &[usize]) -> Vec<usize> {
        let cells = self.edges.len();
        let next = |node: usize| -> Vec<usize> {
            if node < cells {
                let slots = self.edges[node].iter();
                slots
                    .filter(|&&slot| slot != value_of[node])
                    .map(|&slot| cells + slot)
                    .collect()
            } else {
                vec![self.cell_of[node - cells].expect("a perfect matching")]
            }
        };
        let mut tarjan = Tarjan {
            index: vec![None; 2 * cells],
            low: vec![0; 2 * cells],
            on_stack: vec![false; 2 * cells],
            stack: Vec::new(),
            component: vec![0; 2 * cells],
            counter: 0,
            components: 0,
        };
        for node in 0..2 * cells {
            if tarjan.index[node].is_none() {
                tarjan.visit(node, &next);
            }
        }
        tarjan.component
    }
}

/// The state of Tarjan's strongly connected components.
struct Tarjan {
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    component: Vec<usize>,
    counter: usize,
    components: usize,
}

impl Tarjan {
    fn visit(&mut self, node: usize, next: &impl Fn(usize) -> Vec<usize>) {
        self.index[node] = Some(self.counter);
        self.low[node] = self.counter;
        self.counter += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        for to in next(node) {
            match self.index[to] {
                None => {
                    self.visit(to, next);
                    self.low[node] = self.low[node].min(self.low[to]);
                }
                Some(index) if self.on_stack[to] => self.low[node] = self.low[node].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[node]) == self.index[node] {
            while let Some(member) = self.stack.pop() {
                self.on_stack[member] = false;
                self.component[member] = self.components;
                if member == node {
                    break;
                }
            }
            self.components += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The values each cell takes in some filling, by trying every
    /// filling.
    fn by_every_filling(candidates: &[u32], set: u32) -> Option<Vec<u32>> {
        fn fill(candidates: &[u32], set: u32, taken: &mut Vec<u8>, found: &mut Vec<u32>) {
            let Some(&held) = candidates.get(taken.len()) else {
                for (cell, &value) in taken.iter().enumerate() {
                    found[cell] |= bit(value);
                }
                return;
            };
            for value in values_of(held & set) {
                taken.push(value);
                fill(candidates, set & !bit(value), taken, found);
                taken.pop();
            }
        }
        let mut found = vec![0; candidates.len()];
        if values_of(set).count() == candidates.len() {
            fill(candidates, set, &mut Vec::new(), &mut found);
        }
        found.iter().all(|&values| values != 0).then_some(found)
    }

    #[test]
    fn matched_values_are_those_of_some_filling() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..20_000 {
            let cells = rng.random_range(1..=6);
            let set = loop {
                let set: u32 = rng.random_range(1..1 << 9);
                if set.count_ones() as usize == cells {
                    break set;
                }
            };
            let candidates: Vec<u32> = (0..cells).map(|_| rng.random_range(1..1 << 9)).collect();
            assert_eq!(
                matched_values(&candidates, set),
                by_every_filling(&candidates, set),
                "{candidates:?} {set:b}"
            );
        }
    }
}
