//! Hall sets within a unit: a candidate that no way of giving the unit's
//! open cells distinct values uses goes.
//!
//! A unit's open cells and the values not yet placed in it (as many of
//! each) form a bipartite graph, a cell joined to its candidates; every
//! solution fills the unit by a perfect matching of it. A candidate on no
//! perfect matching is no solution's (Régin's filtering for
//! all-different). Those are exactly what naked and hidden subsets of any
//! size remove: for each Hall set, k cells whose candidates are k values,
//! the values leave the unit's other cells, and the cells' other values
//! leave them. Only units whose cells lost candidates since their last
//! check are checked again (`State::unchecked`).
//!
//! How: one perfect matching by augmenting paths, then a candidate off the
//! matching is kept only when it lies on an alternating cycle, that is,
//! when its cell and the cell matched to its value reach each other (a
//! cell reaches the cells matched to its candidates), found by transitive
//! closure over at most 32 cells as bit masks.

use super::rules::{first_bit, Contradiction, Rules, State};

/// The most cells a unit has (a candidate mask's width).
const MOST: usize = 32;

/// Removes every candidate on no perfect matching from the units that
/// lost candidates since their last check, until none has; whether it
/// removed any.
pub(super) fn hall_sets(rules: &Rules, state: &mut State) -> Result<bool, Contradiction> {
    let mut removed = false;
    while let Some(unit) = first_bit(&state.unchecked) {
        state.unchecked[unit / 64] &= !(1 << (unit % 64));
        let cells = &rules.units()[unit];
        let mut open = [0usize; MOST];
        let mut cand = [0u32; MOST];
        let mut count = 0;
        for &cell in cells {
            if state.values[cell] == 0 {
                open[count] = cell;
                cand[count] = state.cand[cell];
                count += 1;
            }
        }
        if count < 2 {
            continue;
        }
        let before = cand;
        if !keep_matchable(&mut cand[..count]) {
            return Err(Contradiction {
                constraint: rules.unit_constraint(unit),
            });
        }
        for k in 0..count {
            let gone = before[k] & !cand[k];
            if gone != 0 {
                rules.eliminate(state, open[k], gone)?;
                removed = true;
            }
        }
    }
    Ok(removed)
}

/// Keeps in `cand` (per cell, its values as bits; as many distinct values
/// among them as cells) only the candidates on some perfect matching;
/// `false` when there is none.
fn keep_matchable(cand: &mut [u32]) -> bool {
    let mut matching = Matching {
        cell_of: [u8::MAX; 32],
        unmatched: cand.iter().fold(0, |all, &values| all | values),
    };
    for cell in 0..cand.len() {
        if !matching.augment(cand, cell, &mut 0) {
            return false;
        }
    }
    let cell_of = matching.cell_of;
    // Cell i leads to cell j when one of i's candidates is matched to j;
    // a candidate off the matching is on an alternating cycle when its
    // cell and its value's cell lead to each other.
    let mut leads = [0u32; MOST];
    let mut led_from = [0u32; MOST];
    for (cell, &values) in cand.iter().enumerate() {
        for value in each_bit(values) {
            let mate = usize::from(cell_of[value]);
            leads[cell] |= 1 << mate;
            led_from[mate] |= 1 << cell;
        }
    }
    let component = components(&leads[..cand.len()], &led_from[..cand.len()]);
    for (cell, values) in cand.iter_mut().enumerate() {
        for value in each_bit(*values) {
            if component[usize::from(cell_of[value])] != component[cell] {
                *values &= !(1 << value);
            }
        }
    }
    true
}

/// The strongly connected components of a graph of at most 32 vertices
/// given by its edges out of (`leads`) and into (`led_from`) each vertex:
/// per vertex, the lowest vertex of its component. Each component is what
/// its lowest vertex reaches and is reached from.
fn components(leads: &[u32], led_from: &[u32]) -> [u8; MOST] {
    let closure = |edges: &[u32], start: usize, within: u32| {
        let (mut seen, mut frontier) = (1u32 << start, 1u32 << start);
        while frontier != 0 {
            let next = each_bit(frontier).fold(0, |next, vertex| next | edges[vertex]);
            frontier = next & within & !seen;
            seen |= frontier;
        }
        seen
    };
    let mut component = [0u8; MOST];
    let mut left = ((1u64 << leads.len()) - 1) as u32;
    while left != 0 {
        let lowest = left.trailing_zeros() as usize;
        let members = closure(leads, lowest, left) & closure(led_from, lowest, left);
        for vertex in each_bit(members) {
            component[vertex] = lowest as u8;
        }
        left &= !members;
    }
    component
}

/// A matching of cells to values, grown one cell at a time.
struct Matching {
    /// Each value's matched cell (`u8::MAX`: none).
    cell_of: [u8; 32],
    /// The values no cell is matched to yet.
    unmatched: u32,
}

impl Matching {
    /// Matches `cell` by an augmenting path through the values not in
    /// `visited` (Kuhn's algorithm), taking an unmatched candidate at once
    /// when it has one.
    fn augment(&mut self, cand: &[u32], cell: usize, visited: &mut u32) -> bool {
        let open = cand[cell] & !*visited;
        let free = open & self.unmatched;
        if free != 0 {
            let value = free.trailing_zeros() as usize;
            self.cell_of[value] = cell as u8;
            self.unmatched &= !(1 << value);
            return true;
        }
        for value in each_bit(open) {
            if *visited & (1 << value) != 0 {
                continue;
            }
            *visited |= 1 << value;
            if self.augment(cand, usize::from(self.cell_of[value]), visited) {
                self.cell_of[value] = cell as u8;
                return true;
            }
        }
        false
    }
}

/// The positions of the set bits of `mask`, lowest first.
fn each_bit(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every way of giving `cand.len()` cells distinct values from their
    /// candidates (the first `cand.len()` values), by trying them all.
    fn matchings(cand: &[u32]) -> Vec<Vec<usize>> {
        fn extend(cand: &[u32], used: u32, chosen: &mut Vec<usize>, found: &mut Vec<Vec<usize>>) {
            let cell = chosen.len();
            if cell == cand.len() {
                found.push(chosen.clone());
                return;
            }
            for value in 0..cand.len() {
                if cand[cell] & !used & (1 << value) != 0 {
                    chosen.push(value);
                    extend(cand, used | 1 << value, chosen, found);
                    chosen.pop();
                }
            }
        }
        let mut found = Vec::new();
        extend(cand, 0, &mut Vec::new(), &mut found);
        found
    }

    /// On random graphs of up to 7 cells, a candidate is kept exactly
    /// when some perfect matching uses it, and there is none exactly when
    /// the filtering says so.
    #[test]
    fn keeps_exactly_the_candidates_some_perfect_matching_uses() {
        let mut rng = SmallRng::seed_from_u64(16);
        let (mut pruned, mut impossible) = (0, 0);
        for _ in 0..3000 {
            let cells = rng.random_range(1..=7);
            let every = (1u32 << cells) - 1;
            let cand: Vec<u32> = (0..cells)
                .map(|_| {
                    rng.random::<u32>() & rng.random::<u32>() & every
                        | 1 << rng.random_range(0..cells)
                })
                .collect();
            let all = matchings(&cand);
            let mut kept = cand.clone();
            let possible = keep_matchable(&mut kept);
            assert_eq!(possible, !all.is_empty(), "{cand:?}");
            if !possible {
                impossible += 1;
                continue;
            }
            let used: Vec<u32> = (0..cells)
                .map(|cell| {
                    all.iter()
                        .fold(0, |mask, matching| mask | 1 << matching[cell])
                })
                .collect();
            assert_eq!(kept, used, "{cand:?}");
            pruned += usize::from(kept != cand);
        }
        assert!(
            pruned > 300 && impossible > 300,
            "{pruned} pruned, {impossible} impossible"
        );
    }
}
