//! Counting the last rows of a board level by level instead of queen by
//! queen.
//!
//! The row-by-row engine of [`crate::search`] pays about one unpredictable
//! branch per node: whether the row below has no free column, one, or
//! more is all but random, and most nodes lie in the last rows. A count
//! needs no order among solutions, so here the rows above a *sweep row*
//! are still walked depth first, but the states reached at the sweep row
//! (columns taken, the two diagonal masks) are gathered into a *frontier*,
//! and each frontier is then swept one row at a time: every state of a
//! level hands all its children to the next level at once. Branching
//! becomes data movement over arrays, which the [`lanes`] kernels do 16
//! states at a time with AVX-512 or 8 with AVX2 (on a CPU without either,
//! counts stay on the row engine, faster there than the kernels' plain
//! loops).
//!
//! Invariants: level `j` holds states of row `start + j`; for `j >= 1`
//! each state's `parent` is the index of the state it came from in level
//! `j - 1`, whose contents stay put while any level below it is in use (a
//! level is refilled only when the sweep returns to the level above it).
//! No level is filled past a cap of states unless one parent alone
//! has more children: a range of parents whose children would overflow it
//! is swept in halves.
//!
//! The nodes counted are the placements tried, row by row, exactly as the
//! row engine counts them, so both report the same figures.

mod lanes;

use crate::search::{column, free_in_row, Attacks, RowRules, MAX_N};
use crate::symmetry::orbit_if_canonical;
use gridsolve_search::{Budget, StopReason};
use lanes::Kernels;
use std::cell::RefCell;

/// How much a sweep holds at once.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Rows left to the sweep, at most: the rows above go depth first.
    swept_rows: usize,
    /// Frontier states gathered before a sweep.
    frontier: usize,
    /// The most states a level is filled with (see the module invariants).
    level_cap: usize,
}

/// The shape counts run with, the fastest measured at n = 16 and 17
/// (docs/PERFORMANCE.md).
const SHAPE: Shape = Shape {
    swept_rows: 14,
    frontier: 2048,
    level_cap: 1 << 13,
};
/// Slack past a level's end that a kernel may write (one vector's worth).
const SLACK: usize = 16;

/// What each complete placement adds to a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scoring {
    /// One to the total.
    Plain,
    /// Eight to the total and one to the unique count: every solution
    /// below a corner root is canonical with an orbit of eight.
    Corner,
    /// Its orbit size to the total and one to the unique count if it is
    /// canonical (see [`crate::symmetry`]); nothing otherwise.
    Orbit,
}

/// The outcome of [`count`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Weighted solutions.
    pub(crate) total: u64,
    /// Canonical solutions (`Corner` and `Orbit` scoring).
    pub(crate) unique: u64,
    /// Placements tried.
    pub(crate) nodes: u64,
    /// Why the count stopped early (then the counts are lower bounds).
    pub(crate) stopped: Option<StopReason>,
}

/// A count to make: the completions of `prefix` on an `n`-board under
/// `rules`, from `start` (the attacks on the first row below the prefix),
/// each scored as `scoring` says.
#[derive(Clone, Copy)]
pub(crate) struct Below<'a> {
    pub(crate) n: usize,
    pub(crate) rules: &'a RowRules,
    pub(crate) prefix: &'a [usize],
    pub(crate) start: Attacks,
    pub(crate) scoring: Scoring,
}

/// Counts `below`, whose prefix must leave a row to fill (a complete
/// prefix is the row engine's: it has nothing to sweep). The budget's
/// deadline and cancel flag are read every
/// [`Budget::POLL_INTERVAL`] nodes; a node limit is not honoured here (the
/// row engine keeps one to the node). `None` on a CPU without the vector
/// unit the sweep's kernels need, where the row engine is the faster one.
pub(crate) fn count(below: Below<'_>, budget: &Budget) -> Option<Tally> {
    let kernels = Kernels::detect()?;
    Some(count_in(SHAPE, kernels, below, budget))
}

/// [`count`] in a sweep of the given shape, with the given kernels.
fn count_in(shape: Shape, kernels: Kernels, below: Below<'_>, budget: &Budget) -> Tally {
    thread_local! {
        static SCRATCH: RefCell<Option<Levels>> = const { RefCell::new(None) };
    }
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let levels = slot.get_or_insert_with(Levels::default);
            Sweep::new(shape, kernels, below, budget, levels).run(below.start)
        }
        // Only a count started from inside a count gets here.
        Err(_) => {
            let levels = &mut Levels::default();
            Sweep::new(shape, kernels, below, budget, levels).run(below.start)
        }
    })
}

/// One level's states, as parallel arrays (each with [`SLACK`] spare
/// entries past `len`).
#[derive(Default)]
pub(crate) struct Level {
    pub(crate) cols: Vec<u32>,
    pub(crate) down_right: Vec<u32>,
    pub(crate) down_left: Vec<u32>,
    /// Index of each state's parent in the level above (`Orbit` only).
    pub(crate) parent: Vec<u32>,
    /// The free columns of each state's row, once computed.
    pub(crate) free: Vec<u32>,
    pub(crate) len: usize,
}

impl Level {
    /// Makes room for `len` states and the slack.
    fn reserve(&mut self, len: usize) {
        let want = len + SLACK;
        if self.cols.len() < want {
            for array in [
                &mut self.cols,
                &mut self.down_right,
                &mut self.down_left,
                &mut self.parent,
                &mut self.free,
            ] {
                array.resize(want, 0);
            }
        }
    }

    fn push(&mut self, attacks: Attacks) {
        self.reserve(self.len + 1);
        self.cols[self.len] = attacks.cols;
        self.down_right[self.len] = attacks.down_right;
        self.down_left[self.len] = attacks.down_left;
        self.len += 1;
    }
}

/// The levels of a sweep and the frontier's paths, kept per thread so
/// that a count allocates only while its levels first grow.
#[derive(Default)]
struct Levels {
    levels: Vec<Level>,
    /// For each frontier state, the columns of the rows above it
    /// (`Orbit` only).
    paths: Vec<[u8; MAX_N]>,
}

/// A count in progress.
struct Sweep<'a> {
    shape: Shape,
    n: usize,
    /// The sweep row: level 0.
    start: usize,
    allowed: [u32; MAX_N],
    due: [u32; MAX_N],
    scoring: Scoring,
    budget: &'a Budget,
    kernels: Kernels,
    store: &'a mut Levels,
    /// The columns of the rows above the current depth-first state.
    path: [u8; MAX_N],
    tally: Tally,
    /// Depth-first nodes since the budget was last read.
    unpolled: u64,
}

impl<'a> Sweep<'a> {
    fn new(
        shape: Shape,
        kernels: Kernels,
        below: Below<'_>,
        budget: &'a Budget,
        store: &'a mut Levels,
    ) -> Self {
        let Below {
            n,
            rules,
            prefix,
            scoring,
            ..
        } = below;
        let full = if n == MAX_N {
            u32::MAX
        } else {
            (1u32 << n) - 1
        };
        debug_assert!(prefix.len() < n, "a complete prefix has nothing to sweep");
        let start = n
            .saturating_sub(shape.swept_rows)
            .clamp(prefix.len(), n - 1);
        let levels = n - start;
        if store.levels.len() < levels {
            store.levels.resize_with(levels, Level::default);
        }
        store.levels[0].len = 0;
        store.paths.clear();
        let mut path = [0u8; MAX_N];
        for (slot, &col) in path.iter_mut().zip(prefix) {
            *slot = col as u8;
        }
        Sweep {
            shape,
            n,
            start,
            allowed: rules.forbidden.map(|forbidden| full & !forbidden),
            due: rules.due,
            scoring,
            budget,
            kernels,
            store,
            path,
            tally: Tally::default(),
            unpolled: 0,
        }
    }

    /// Counts below `attacks`, the state of the first row after the prefix.
    fn run(mut self, attacks: Attacks) -> Tally {
        // A stop is recorded in the tally by `tick`.
        let _ = self
            .descend(attacks.row, attacks)
            .and_then(|()| self.sweep_frontier());
        self.tally
    }

    /// Counts `nodes` more, reading the budget once a poll interval of
    /// them has passed; `Err` (recorded in the tally) when it stops the
    /// count.
    fn tick(&mut self, nodes: u64) -> Result<(), StopReason> {
        self.tally.nodes += nodes;
        self.unpolled += nodes;
        if self.unpolled >= Budget::POLL_INTERVAL {
            self.unpolled = 0;
            if let Some(reason) = self.budget.poll() {
                self.tally.stopped = Some(reason);
                return Err(reason);
            }
        }
        Ok(())
    }

    /// Walks rows `row..start` depth first, gathering the frontier and
    /// sweeping it whenever it is full.
    fn descend(&mut self, row: usize, attacks: Attacks) -> Result<(), StopReason> {
        if row == self.start {
            if self.scoring == Scoring::Orbit {
                self.store.paths.push(self.path);
            }
            self.store.levels[0].push(attacks);
            if self.store.levels[0].len == self.shape.frontier {
                self.sweep_frontier()?;
            }
            return Ok(());
        }
        let mut free = free_in_row(
            self.allowed[row],
            self.due[row],
            attacks.cols,
            attacks.down_right | attacks.down_left,
        );
        self.tick(u64::from(free.count_ones()))?;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.path[row] = column(bit) as u8;
            self.descend(row + 1, attacks.child(bit))?;
        }
        Ok(())
    }

    /// Sweeps the gathered frontier to the last row, then empties it.
    fn sweep_frontier(&mut self) -> Result<(), StopReason> {
        let len = self.store.levels[0].len;
        let swept = if len > 0 {
            self.sweep(0, 0, len)
        } else {
            Ok(())
        };
        self.store.levels[0].len = 0;
        self.store.paths.clear();
        swept
    }

    /// Gives the states `lo..hi` of level `j` their children, level by
    /// level down to the last row.
    fn sweep(&mut self, j: usize, lo: usize, hi: usize) -> Result<(), StopReason> {
        let row = self.start + j;
        let children = {
            let level = &mut self.store.levels[j];
            self.kernels
                .free(level, lo, hi, self.allowed[row], self.due[row])
        };
        let last = row + 1 == self.n;
        if !last && children > self.shape.level_cap && hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            self.sweep(j, lo, mid)?;
            return self.sweep(j, mid, hi);
        }
        self.tick(children as u64)?;
        if last {
            self.score(j, lo, hi, children);
            return Ok(());
        }
        let (above, below) = self.store.levels.split_at_mut(j + 1);
        let next = &mut below[0];
        next.reserve(children);
        let written = self
            .kernels
            .expand(&above[j], lo, hi, next, self.scoring == Scoring::Orbit);
        debug_assert_eq!(written, children);
        next.len = children;
        if children > 0 {
            self.sweep(j + 1, 0, children)?;
        }
        Ok(())
    }

    /// Scores the complete placements of the last level's states `lo..hi`
    /// (`leaves` of them).
    fn score(&mut self, j: usize, lo: usize, hi: usize, leaves: usize) {
        let leaves = leaves as u64;
        match self.scoring {
            Scoring::Plain => self.tally.total += leaves,
            Scoring::Corner => {
                self.tally.total += 8 * leaves;
                self.tally.unique += leaves;
            }
            Scoring::Orbit => {
                for i in lo..hi {
                    if self.store.levels[j].free[i] != 0 {
                        let cols = self.placement(j, i);
                        if let Some(orbit) = orbit_if_canonical(&cols[..self.n]) {
                            self.tally.total += orbit;
                            self.tally.unique += 1;
                        }
                    }
                }
            }
        }
    }

    /// The columns of the complete placement ending at state `i` of the
    /// last level `j`, read back along the parents.
    fn placement(&self, j: usize, mut i: usize) -> [u8; MAX_N] {
        let levels = &self.store.levels;
        let mut cols = [0u8; MAX_N];
        cols[self.n - 1] = column(levels[j].free[i]) as u8;
        for level in (1..=j).rev() {
            let parent = levels[level].parent[i] as usize;
            let placed = levels[level].cols[i] ^ levels[level - 1].cols[parent];
            cols[self.start + level - 1] = column(placed) as u8;
            i = parent;
        }
        cols[..self.start].copy_from_slice(&self.store.paths[i][..self.start]);
        cols
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;
    use crate::symmetry;

    /// The row engine's count below `prefix`, for comparison.
    fn row_engine(n: usize, rules: &RowRules, prefix: &[usize]) -> (u64, u64) {
        struct Count(u64);
        impl crate::search::Leaf for Count {
            fn reached(&mut self, _: crate::search::Placement<'_>) -> std::ops::ControlFlow<()> {
                self.0 += 1;
                std::ops::ControlFlow::Continue(())
            }
        }
        let mut search = Search::new(n, rules, prefix, n - 1).unwrap();
        let mut leaf = Count(0);
        search.run(&mut leaf, &Budget::default());
        (leaf.0, search.nodes())
    }

    fn swept(n: usize, rules: &RowRules, prefix: &[usize], scoring: Scoring) -> Tally {
        swept_in(SHAPE, n, rules, prefix, scoring)
    }

    fn swept_in(
        shape: Shape,
        n: usize,
        rules: &RowRules,
        prefix: &[usize],
        scoring: Scoring,
    ) -> Tally {
        let search = Search::new(n, rules, prefix, n - 1).unwrap();
        let below = Below {
            n,
            rules,
            prefix,
            start: search.start_attacks(),
            scoring,
        };
        let budget = Budget::default();
        let reference = count_in(shape, Kernels::Portable, below, &budget);
        for kernels in Kernels::supported() {
            assert_eq!(
                count_in(shape, kernels, below, &budget),
                reference,
                "{kernels:?}"
            );
        }
        reference
    }

    #[test]
    fn plain_counts_and_nodes_equal_the_row_engines() {
        for n in 1..=13 {
            let tally = swept(n, &RowRules::NONE, &[], Scoring::Plain);
            assert_eq!(
                (tally.total, tally.nodes),
                row_engine(n, &RowRules::NONE, &[]),
                "n = {n}"
            );
        }
    }

    #[test]
    fn orbit_roots_sum_to_the_reference_counts() {
        // Totals and unique counts from OEIS A000170 and A002562.
        let expected = [(92, 12), (352, 46), (724, 92), (2680, 341), (14200, 1787)];
        for (n, want) in (8..=12).zip(expected) {
            let mut got = (0, 0);
            for root in symmetry::roots(n) {
                let rules = symmetry::rules(n, &root);
                let scoring = if root.len() == 2 {
                    Scoring::Corner
                } else {
                    Scoring::Orbit
                };
                let tally = swept(n, &rules, &root, scoring);
                assert_eq!(tally.nodes, row_engine(n, &rules, &root).1);
                got.0 += tally.total;
                got.1 += tally.unique;
            }
            assert_eq!(got, want, "n = {n}");
        }
    }

    #[test]
    fn small_frontiers_and_halved_levels_change_nothing() {
        // Few rows swept, tiny frontiers and caps: many sweeps, most levels
        // halved down to single parents.
        let rules = symmetry::rules(11, &[2]);
        let want = swept(11, &rules, &[2], Scoring::Orbit);
        for (swept_rows, frontier, level_cap) in [(4, 1, 1), (6, 3, 2), (8, 7, 40), (11, 1, 1)] {
            let shape = Shape {
                swept_rows,
                frontier,
                level_cap,
            };
            assert_eq!(swept_in(shape, 11, &rules, &[2], Scoring::Orbit), want);
        }
        assert_eq!(want.nodes, row_engine(11, &rules, &[2]).1);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Random forbidden and due columns, a random prefix and small
        /// shapes (some rows depth first, several sweeps, halved levels):
        /// the row engine's counts and nodes.
        #[test]
        fn any_rules_and_shape_count_as_the_row_engine(
            n in 6usize..=10,
            forbidden in proptest::collection::vec(proptest::prelude::any::<u32>(), 10),
            due_row in 0usize..10,
            due in 0u32..4,
            prefix_col in 0usize..10,
            swept_rows in 1usize..=10,
            frontier in 1usize..=9,
            level_cap in 1usize..=64,
        ) {
            let mut rules = RowRules::NONE;
            for (mask, random) in rules.forbidden.iter_mut().zip(&forbidden) {
                // About one square in eight forbidden.
                *mask = random & random.rotate_left(11) & random.rotate_left(23);
            }
            rules.due[due_row % n] = due;
            let prefix = [prefix_col % n];
            proptest::prop_assume!(Search::new(n, &rules, &prefix, n - 1).is_some());
            let shape = Shape { swept_rows, frontier, level_cap };
            let tally = swept_in(shape, n, &rules, &prefix, Scoring::Plain);
            proptest::prop_assert_eq!((tally.total, tally.nodes), row_engine(n, &rules, &prefix));
        }
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_count() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let budget = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
        let search = Search::new(16, &RowRules::NONE, &[], 15).unwrap();
        let below = Below {
            n: 16,
            rules: &RowRules::NONE,
            prefix: &[],
            start: search.start_attacks(),
            scoring: Scoring::Plain,
        };
        let tally = count_in(SHAPE, Kernels::Portable, below, &budget);
        assert_eq!(tally.stopped, Some(StopReason::Cancelled));
        assert!(tally.total < 14_772_512);
    }
}
