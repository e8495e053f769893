//! Which values a cage can still use: the combinations of distinct values
//! of a given count, drawn from the values still allowed, that make the
//! sum left ([`feasible_values`]); and, for a cage of a few open cells,
//! which values each cell takes in some filling of the cage
//! ([`cell_supports`]), so that a cell keeps only the values a filling
//! gives it, not every value of a combination.
//!
//! Both are pure functions, and a search asks them the same questions
//! again and again (a cage is pruned again after every removal from its
//! cells, mostly with the same values left), so each thread keeps their
//! recent answers in a [`Recent`] cache.

use super::model::MAX_SIDE;
use std::cell::RefCell;

thread_local! {
    static RECENT_FEASIBLE: RefCell<Recent<4, u32>> = RefCell::new(Recent::new());
    static RECENT_SUPPORTS: RefCell<Recent<{ EXACT_CELLS + 2 }, Option<[u32; EXACT_CELLS]>>> =
        RefCell::new(Recent::new());
}

/// A direct-mapped cache of a pure function's recent answers: each
/// question, `N` words, has one slot, picked by its hash, holding the last
/// question asked there and its answer.
struct Recent<const N: usize, V> {
    slots: Vec<Option<([u32; N], V)>>,
}

impl<const N: usize, V: Copy> Recent<N, V> {
    /// How many slots, as a power of two: enough for the cages of a
    /// 25×25 Killer and the rule of 45's, few enough to stay in cache.
    const SLOT_BITS: u32 = 12;

    fn new() -> Self {
        Recent {
            slots: vec![None; 1 << Self::SLOT_BITS],
        }
    }

    /// The answer to `question`: the one remembered, or `answer()`, then
    /// remembered.
    fn get_or(&mut self, question: [u32; N], answer: impl FnOnce() -> V) -> V {
        let hash = question.iter().fold(0u64, |hash, &word| {
            (hash ^ u64::from(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        let slot = &mut self.slots[(hash >> (64 - Self::SLOT_BITS)) as usize];
        match *slot {
            Some((asked, known)) if asked == question => known,
            _ => {
                let found = answer();
                *slot = Some((question, found));
                found
            }
        }
    }
}

/// The values (bit `v - 1` for value `v`, at most `side`) that occur in some
/// set of `count` distinct values from `allowed` adding up to `sum`.
///
/// A value is in such a set when the values before it can make some part
/// of the sum with some number of them, and the values after it the rest
/// with the rest of the count: the sums each suffix of the values can make
/// with each count are found first, as bitsets, then the values are
/// walked in order carrying the sums still to make with each count taken
/// so far. The work grows with the values times the count, not with the
/// number of sets.
pub(crate) fn feasible_values(side: usize, allowed: u32, count: usize, sum: u32) -> u32 {
    let count_word = u32::try_from(count).unwrap_or(u32::MAX);
    let question = [allowed, side as u32, count_word, sum];
    RECENT_FEASIBLE.with_borrow_mut(|recent| {
        recent.get_or(question, || {
            compute_feasible_values(side, allowed, count, sum)
        })
    })
}

/// [`feasible_values`], worked out.
fn compute_feasible_values(side: usize, allowed: u32, count: usize, sum: u32) -> u32 {
    let mut values = [0; 32];
    let mut len = 0;
    for value in (1..=side as u32).filter(|&value| allowed & (1 << (value - 1)) != 0) {
        values[len] = value;
        len += 1;
    }
    let values = &values[..len];
    if count == 0 || count > values.len() {
        return 0;
    }
    // Bitsets of as many words as the sum needs.
    match sum {
        0..64 => feasible_in::<1>(values, count, sum),
        64..128 => feasible_in::<2>(values, count, sum),
        128..192 => feasible_in::<3>(values, count, sum),
        192..384 => feasible_in::<6>(values, count, sum),
        _ => 0,
    }
}

/// [`feasible_values`] over the values allowed, ascending, with sums
/// below `64 * WORDS`.
fn feasible_in<const WORDS: usize>(values: &[u32], count: usize, sum: u32) -> u32 {
    // after[i * width + k]: the sums `k` of the values from `i` on make.
    let width = count + 1;
    let mut after = vec![Sums::<WORDS>::default(); (values.len() + 1) * width];
    after[values.len() * width] = Sums::single(0);
    for (i, &value) in values.iter().enumerate().rev() {
        for k in 0..width {
            let mut made = after[(i + 1) * width + k];
            if k > 0 {
                made.or(&after[(i + 1) * width + k - 1].up(value));
            }
            after[i * width + k] = made;
        }
    }
    // to_make[k]: the sums still to make after taking `k` of the values
    // so far.
    let mut to_make = [Sums::<WORDS>::default(); MAX_SIDE + 1];
    to_make[0] = Sums::single(sum);
    let mut found = 0;
    for (i, &value) in values.iter().enumerate() {
        let rest = &after[(i + 1) * width..(i + 2) * width];
        if (0..count).any(|k| to_make[k].down(value).meets(&rest[count - k - 1])) {
            found |= 1 << (value - 1);
        }
        for k in (1..width).rev() {
            let taken = to_make[k - 1].down(value);
            to_make[k].or(&taken);
        }
    }
    found
}

/// A set of sums from 0 to `64 * WORDS - 1`, as a bitset (6 words hold
/// any sum of distinct values up to 25: 1 + 2 + … + 25 = 325).
#[derive(Clone, Copy)]
struct Sums<const WORDS: usize>([u64; WORDS]);

impl<const WORDS: usize> Default for Sums<WORDS> {
    fn default() -> Self {
        Sums([0; WORDS])
    }
}

impl<const WORDS: usize> Sums<WORDS> {
    fn single(sum: u32) -> Self {
        let mut sums = Sums::default();
        sums.0[sum as usize / 64] = 1 << (sum % 64);
        sums
    }

    fn or(&mut self, other: &Self) {
        for (word, &theirs) in self.0.iter_mut().zip(&other.0) {
            *word |= theirs;
        }
    }

    fn meets(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .any(|(&ours, &theirs)| ours & theirs != 0)
    }

    /// Each sum plus `by` (those reaching the limit dropped).
    fn up(&self, by: u32) -> Self {
        let (words, bits) = (by as usize / 64, by % 64);
        let mut moved = Sums::default();
        for to in words..self.0.len() {
            let from = to - words;
            moved.0[to] = self.0[from] << bits;
            if bits > 0 && from > 0 {
                moved.0[to] |= self.0[from - 1] >> (64 - bits);
            }
        }
        moved
    }

    /// Each sum minus `by` (those below `by` dropped).
    fn down(&self, by: u32) -> Self {
        let (words, bits) = (by as usize / 64, by % 64);
        let mut moved = Sums::default();
        for to in 0..self.0.len() - words {
            let from = to + words;
            moved.0[to] = self.0[from] >> bits;
            if bits > 0 && from + 1 < self.0.len() {
                moved.0[to] |= self.0[from + 1] << (64 - bits);
            }
        }
        moved
    }
}

/// The most open cells [`cell_supports`] works on; a larger cage keeps
/// to [`feasible_values`], whose work does not grow with the ways of
/// ordering the values among the cells.
pub(crate) const EXACT_CELLS: usize = 5;

/// Per cell of `candidates` (one mask per open cell of a cage, at most
/// [`EXACT_CELLS`]), the values it holds in some filling of the cage:
/// distinct values, each one of its cell's candidates, adding up to `sum`.
/// `None` when there is no such filling.
///
/// The walk fills the cells fewest candidates first, stops a branch whose
/// sum left lies outside the least and the most the cells after it can
/// make from the values still free, and skips a branch that could only
/// find values already known to be taken.
pub(crate) fn cell_supports(candidates: &[u32], sum: u32) -> Option<[u32; EXACT_CELLS]> {
    assert!(
        candidates.len() <= EXACT_CELLS,
        "{} open cells",
        candidates.len()
    );
    let mut question = [0; EXACT_CELLS + 2];
    question[..candidates.len()].copy_from_slice(candidates);
    question[EXACT_CELLS..].copy_from_slice(&[candidates.len() as u32, sum]);
    RECENT_SUPPORTS.with_borrow_mut(|recent| {
        recent.get_or(question, || compute_cell_supports(candidates, sum))
    })
}

/// [`cell_supports`], worked out.
fn compute_cell_supports(candidates: &[u32], sum: u32) -> Option<[u32; EXACT_CELLS]> {
    let mut order: [usize; EXACT_CELLS] = std::array::from_fn(|cell| cell);
    let order = &mut order[..candidates.len()];
    order.sort_by_key(|&cell| candidates[cell].count_ones());
    let mut walk = Fillings {
        candidates,
        order,
        chosen: [0; EXACT_CELLS],
        supports: [0; EXACT_CELLS],
    };
    walk.fill(0, sum, 0);
    walk.supports[..candidates.len()]
        .iter()
        .all(|&values| values != 0)
        .then_some(walk.supports)
}

/// The walk of [`cell_supports`]: the cells filled so far, in `order`,
/// and what every filling found so far gave each cell.
struct Fillings<'a> {
    candidates: &'a [u32],
    order: &'a [usize],
    /// The value bit chosen for each cell, by its index in `candidates`.
    chosen: [u32; EXACT_CELLS],
    supports: [u32; EXACT_CELLS],
}

impl Fillings<'_> {
    /// Fills the cells from `order[depth]` on with values not in `used`,
    /// adding up to `sum`.
    fn fill(&mut self, depth: usize, sum: u32, used: u32) {
        let rest = &self.order[depth..];
        if let &[first, second] = rest {
            // The last two cells, by their values' partners at once.
            let (ones, twos) = (
                self.candidates[first] & !used,
                self.candidates[second] & !used,
            );
            let (ones, twos) = (ones & partners(twos, sum), twos & partners(ones, sum));
            if ones != 0 {
                self.supports[first] |= ones;
                self.supports[second] |= twos;
                for &filled in &self.order[..depth] {
                    self.supports[filled] |= self.chosen[filled];
                }
            }
            return;
        }
        let Some((&cell, after)) = rest.split_first() else {
            if sum == 0 {
                for (support, &bit) in self.supports.iter_mut().zip(&self.chosen) {
                    *support |= bit;
                }
            }
            return;
        };
        let news = rest
            .iter()
            .any(|&open| self.candidates[open] & !used & !self.supports[open] != 0);
        let path_new = self.order[..depth]
            .iter()
            .any(|&filled| self.chosen[filled] & !self.supports[filled] != 0);
        if !news && !path_new {
            return;
        }
        let free_after = after
            .iter()
            .fold(0, |mask, &open| mask | self.candidates[open])
            & !used;
        let mut choices = self.candidates[cell] & !used;
        while choices != 0 {
            let bit = choices & choices.wrapping_neg();
            choices &= choices - 1;
            let value = bit.trailing_zeros() + 1;
            if value > sum {
                break;
            }
            let left = sum - value;
            let free = free_after & !bit;
            let (least, most) = extreme_sums(free, after.len());
            if least <= left && left <= most {
                self.chosen[cell] = bit;
                self.fill(depth + 1, left, used | bit);
            }
        }
        self.chosen[cell] = 0;
    }
}

/// The values that make `sum` with a different value of `values`.
fn partners(values: u32, sum: u32) -> u32 {
    // Value `w` is bit `w - 1`; reversed in 64 bits it is bit `64 - w`,
    // and its partner `sum - w` is bit `sum - w - 1`.
    if !(2..=64).contains(&sum) {
        return 0;
    }
    let reflected = (u64::from(values).reverse_bits() >> (65 - sum)) as u32;
    let half = if sum.is_multiple_of(2) {
        1 << (sum / 2 - 1)
    } else {
        0
    };
    reflected & !half
}

/// The least and the most `count` distinct values of `free` add up to
/// (`u32::MAX` as the least when `free` has fewer).
fn extreme_sums(free: u32, count: usize) -> (u32, u32) {
    if (free.count_ones() as usize) < count {
        return (u32::MAX, 0);
    }
    let (mut low, mut high) = (free, free);
    let (mut least, mut most) = (0, 0);
    for _ in 0..count {
        least += low.trailing_zeros() + 1;
        low &= low - 1;
        let top = 31 - high.leading_zeros();
        most += top + 1;
        high &= !(1 << top);
    }
    (least, most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Per cell, the values it takes in some filling, by trying every
    /// way of giving each cell one of its candidates.
    fn every_filling(candidates: &[u32], sum: u32) -> Vec<u32> {
        fn walk(
            candidates: &[u32],
            at: usize,
            chosen: &mut Vec<u32>,
            sum: u32,
            out: &mut Vec<u32>,
        ) {
            if at == candidates.len() {
                let distinct = chosen
                    .iter()
                    .fold(0u32, |mask, &value| mask | 1 << (value - 1));
                let total: u32 = chosen.iter().sum();
                if distinct.count_ones() as usize == chosen.len() && total == sum {
                    for (support, &value) in out.iter_mut().zip(chosen.iter()) {
                        *support |= 1 << (value - 1);
                    }
                }
                return;
            }
            for value in 1..=25 {
                if candidates[at] & (1 << (value - 1)) != 0 {
                    chosen.push(value);
                    walk(candidates, at + 1, chosen, sum, out);
                    chosen.pop();
                }
            }
        }
        let mut out = vec![0; candidates.len()];
        walk(candidates, 0, &mut Vec::new(), sum, &mut out);
        out
    }

    proptest! {
        /// The walk gives each cell exactly the values the brute force
        /// finds, and `None` exactly when the brute force finds none,
        /// worked out or remembered.
        #[test]
        fn supports_match_every_filling(
            side in 4usize..=16,
            raw in proptest::collection::vec(any::<u32>(), 1..=4),
            sum_seed in any::<u32>(),
        ) {
            let all = (1u32 << side) - 1;
            let candidates: Vec<u32> = raw.iter().map(|&mask| (mask & all).max(1)).collect();
            let most = (side * (side + 1) / 2) as u32;
            let sum = 1 + sum_seed % most;
            let expected = every_filling(&candidates, sum);
            let found = cell_supports(&candidates, sum);
            prop_assert_eq!(cell_supports(&candidates, sum), found);
            if expected.contains(&0) {
                prop_assert_eq!(found, None);
            } else {
                prop_assert_eq!(&found.unwrap()[..candidates.len()], &expected[..]);
            }
        }
    }

    /// The values of every `count`-set of `allowed` adding up to `sum`,
    /// by trying every subset.
    fn every_set(allowed: u32, count: usize, sum: u32) -> u32 {
        let mut found = 0;
        for subset in 0u32..1 << 16 {
            let subset = subset & allowed;
            let total: u32 = (0..16)
                .filter(|bit| subset & (1 << bit) != 0)
                .map(|bit| bit + 1)
                .sum();
            if subset.count_ones() as usize == count && total == sum {
                found |= subset;
            }
        }
        found
    }

    proptest! {
        /// Worked out or remembered, the values are those of the sets the
        /// brute force finds.
        #[test]
        fn feasible_values_match_every_set(
            side in 4usize..=16,
            allowed in any::<u32>(),
            count in 1usize..=16,
            sum in 1u32..=136,
        ) {
            let allowed = allowed & ((1u32 << side) - 1);
            let expected = every_set(allowed, count, sum);
            prop_assert_eq!(feasible_values(side, allowed, count, sum), expected);
            prop_assert_eq!(feasible_values(side, allowed, count, sum), expected);
        }
    }

    #[test]
    fn sums_of_25_values_shift_across_words() {
        // 25 cells of a 25×25 unit make 325 with every value.
        assert_eq!(feasible_values(25, (1 << 25) - 1, 25, 325), (1 << 25) - 1);
        assert_eq!(
            feasible_values(25, (1 << 25) - 1, 24, 325 - 13),
            ((1 << 25) - 1) & !(1 << 12)
        );
        assert_eq!(feasible_values(25, (1 << 25) - 1, 24, 325), 0);
    }

    #[test]
    fn a_pair_keeps_only_partners() {
        // 10 in two cells, one of them 1 or 2: the other is 9 or 8.
        let found = cell_supports(&[0b11, 0x1FF], 10).unwrap();
        assert_eq!(found[..2], [0b11, 0b1_1000_0000]);
        // feasible_values, from the values the cells allow between them,
        // keeps far more.
        assert_eq!(feasible_values(9, 0x1FF, 2, 10), 0x1FF & !(1 << 4));
    }

    #[test]
    fn two_cells_making_3_or_17_are_fixed() {
        assert_eq!(feasible_values(9, 0x1FF, 2, 3), 0b11);
        assert_eq!(feasible_values(9, 0x1FF, 2, 17), 0b1_1000_0000);
        assert_eq!(feasible_values(9, 0x1FF, 2, 2), 0);
        assert_eq!(feasible_values(9, 0x1FF, 9, 45), 0x1FF);
    }

    #[test]
    fn disallowed_values_are_not_used() {
        // 10 in three cells without 1: 2+3+5 only.
        assert_eq!(feasible_values(9, 0x1FF & !1, 3, 10), 0b1_0110);
    }
}
