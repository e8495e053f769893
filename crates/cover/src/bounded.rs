//! The search for problems whose primary items carry bounds `lo..=hi`
//! (Knuth's DLX3, after his Algorithm M), on the links of [`Dlx`].
//!
//! A solution is a *set* of options, so the options chosen for one item
//! are taken in the order of its list: branching on item `i`, the search
//! tries its first option `x`, then *tweaks* `x` away (hides it and takes
//! it out of `i`'s list) and tries the next, and so on; a branch that
//! keeps `i` active (it may take more options) sees only the options after
//! the one it chose. Once no option is left, an item that has its `lo`
//! may also *stop*: it leaves the active list, its list empty. An item
//! whose `hi` is reached is covered as in Algorithm X. A solution is
//! reached when no primary item is active.
//!
//! Invariant between steps: `room[i]` is how many more options may cover
//! primary item `i` (`hi` less those chosen), and every active item's
//! list holds exactly the options still available to it. The branching
//! item is the one with the fewest alternatives, `len + 1 - need` where
//! `need` is how many it still must take (Knuth's θ), the first on a tie.
//! Each level undoes what it did before it returns, so a stopped search
//! leaves the links as it found them.

use crate::dlx::{Bare, CoverStats, Dlx};
use gridsolve_search::{Budget, NodeMeter, StopReason, Tracer};
use std::ops::ControlFlow;

/// What one bounded search keeps beside the links.
pub(crate) struct Bounded<'a, T, F, const COLORS: bool> {
    pub(crate) dlx: &'a mut Dlx,
    /// How many more options may cover each item.
    pub(crate) room: Vec<u32>,
    pub(crate) stats: CoverStats,
    pub(crate) meter: NodeMeter,
    pub(crate) budget: &'a Budget,
    pub(crate) tracer: &'a mut T,
    pub(crate) on_solution: F,
    pub(crate) chosen: Vec<usize>,
    /// The nodes tweaked away, level after level (each level pops its own
    /// before it returns), so that no level allocates.
    pub(crate) tweaked: Vec<usize>,
}

/// Why a level returns early.
type Flow = ControlFlow<StopReason>;

impl<T, F, const COLORS: bool> Bounded<'_, T, F, COLORS>
where
    T: Tracer<usize>,
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    /// How many options primary item `item` must still take.
    fn need(&self, item: usize) -> u32 {
        let (lo, hi) = self.dlx.bounds[item];
        lo.saturating_sub(hi - self.room[item])
    }

    /// The active item with the fewest alternatives, and how many.
    fn choose_item(&self) -> (usize, u32) {
        let mut best = (0, u32::MAX);
        let mut item = self.dlx.next[0] as usize;
        while item != 0 {
            let alternatives = (self.dlx.len[item] + 1).saturating_sub(self.need(item));
            if alternatives < best.1 {
                best = (item, alternatives);
            }
            item = self.dlx.next[item] as usize;
        }
        best
    }

    /// Explores below the current state, `level` options deep.
    pub(crate) fn level(&mut self, level: usize) -> Flow {
        self.stats.nodes += 1;
        if let Some(reason) = self.meter.tick(self.budget) {
            return Flow::Break(reason);
        }
        if self.dlx.next[0] == 0 {
            self.stats.nodes += 1;
            self.stats.solutions += 1;
            self.tracer.solution(level);
            return match (self.on_solution)(&self.chosen) {
                ControlFlow::Continue(()) => Flow::Continue(()),
                ControlFlow::Break(()) => Flow::Break(StopReason::SolutionLimit),
            };
        }
        let (item, alternatives) = self.choose_item();
        if T::ENABLED {
            tracer_branch(self, level, item);
        }
        if alternatives == 0 {
            self.tracer.dead_end(level);
            return Flow::Continue(());
        }
        let mark = self.tweaked.len();
        let flow = self.try_options(level, item, alternatives);
        // Put this level's tweaked options back, last first.
        while self.tweaked.len() > mark {
            let node = self.tweaked.pop().expect("above the mark");
            self.untweak(item, node);
        }
        flow
    }

    /// Tries each option of `item` in turn (tweaking each away after its
    /// turn), then, if `item` has its least count, stopping it.
    fn try_options(&mut self, level: usize, item: usize, alternatives: u32) -> Flow {
        while self.dlx.len[item] >= self.need(item).max(1) {
            let node = self.dlx.nodes[item].down as usize;
            let option = self.dlx.option_of(node);
            if alternatives > 1 {
                self.stats.guesses += 1;
            }
            self.tracer.choose(level, &option, alternatives);
            self.room[item] -= 1;
            let full = self.room[item] == 0;
            if full {
                self.dlx.cover_item::<COLORS>(item, &mut self.stats);
            } else {
                self.tweak(item, node);
            }
            self.commit_others(node);
            self.chosen.push(option);
            let flow = self.level(level + 1);
            self.chosen.pop();
            self.uncommit_others(node);
            if full {
                self.dlx.uncover_item::<COLORS>(item);
                self.tweak(item, node);
            }
            self.room[item] += 1;
            self.tweaked.push(node);
            self.tracer.undo(level, &option);
            self.stats.backtracks += 1;
            flow?;
        }
        if self.dlx.len[item] == 0 && self.need(item) == 0 {
            // Stop: no option is left to `item`, which has its least.
            let (left, right) = (self.dlx.prev[item], self.dlx.next[item]);
            self.dlx.next[left as usize] = right;
            self.dlx.prev[right as usize] = left;
            let flow = self.level(level + 1);
            self.dlx.next[left as usize] = item as u32;
            self.dlx.prev[right as usize] = item as u32;
            return flow;
        }
        self.tracer.dead_end(level + 1);
        Flow::Continue(())
    }

    /// Hides the option of `node` and takes `node` out of `item`'s list.
    fn tweak(&mut self, item: usize, node: usize) {
        let (hidden, _) = self.dlx.hide_option::<COLORS>(node);
        self.stats.updates += hidden + 1;
        let (up, down) = (self.dlx.nodes[node].up, self.dlx.nodes[node].down);
        self.dlx.nodes[up as usize].down = down;
        self.dlx.nodes[down as usize].up = up;
        self.dlx.len[item] -= 1;
    }

    /// Undoes `tweak(item, node)`.
    fn untweak(&mut self, item: usize, node: usize) {
        let (up, down) = (self.dlx.nodes[node].up, self.dlx.nodes[node].down);
        self.dlx.nodes[up as usize].down = node as u32;
        self.dlx.nodes[down as usize].up = node as u32;
        self.dlx.len[item] += 1;
        self.dlx.unhide_option::<COLORS>(node);
    }

    /// Commits the items of `node`'s option other than `node`'s own: a
    /// primary one takes one more option (covered once full); a secondary
    /// one is covered or purified as in Algorithm C.
    fn commit_others(&mut self, node: usize) {
        let mut p = node + 1;
        while p != node {
            let item = self.dlx.nodes[p].top;
            if item <= 0 {
                p = self.dlx.nodes[p].up as usize;
                continue;
            }
            let item = item as usize;
            if self.dlx.is_primary(item) {
                self.room[item] -= 1;
                if self.room[item] == 0 {
                    self.dlx.cover_item::<COLORS>(item, &mut self.stats);
                }
            } else {
                self.dlx.commit::<Bare, COLORS>(p, &mut self.stats);
            }
            p += 1;
        }
    }

    /// Undoes `commit_others(node)`, in reverse order.
    fn uncommit_others(&mut self, node: usize) {
        let mut p = node - 1;
        while p != node {
            let item = self.dlx.nodes[p].top;
            if item <= 0 {
                p = self.dlx.nodes[p].down as usize;
                continue;
            }
            let item = item as usize;
            if self.dlx.is_primary(item) {
                if self.room[item] == 0 {
                    self.dlx.uncover_item::<COLORS>(item);
                }
                self.room[item] += 1;
            } else {
                self.dlx.uncommit::<Bare, COLORS>(p);
            }
            p -= 1;
        }
    }
}

/// Reports the branch on `item` (its options in list order) to the tracer.
fn tracer_branch<T: Tracer<usize>, F, const COLORS: bool>(
    search: &mut Bounded<'_, T, F, COLORS>,
    level: usize,
    item: usize,
) {
    let options = search.dlx.options_of(item);
    search.tracer.branch(level, item - 1, &options);
}
