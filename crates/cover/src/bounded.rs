//! The search for problems whose primary items carry bounds `lo..=hi`
//! (Knuth's DLX3, after his Algorithm M), on the links of [`Dlx`]. It
//! walks DLX3's tree and counts as DLX3 does: the same nodes (one per
//! level entered; a solution's level is its only node) and updates.
//!
//! A solution is a *set* of options, so the options chosen for one item
//! are taken in the order of its list: branching on item `i`, the search
//! tries its first option `x`, then *tweaks* `x` away (hides it and takes
//! it out of `i`'s list) and tries the next, and so on; a branch that
//! keeps `i` active (it may take more options) sees only the options after
//! the one it chose. Once no option is left, an item that has its `lo`
//! may also *stop* (the null move): it leaves the active list, its list
//! empty. A choice that is the last an item may take covers it once for
//! the level, as in Algorithm X. A solution is reached when no primary
//! item is active.
//!
//! Invariant between steps: `room[i]` is how many more options may cover
//! primary item `i` (`hi` less those chosen), and every active item's
//! list holds exactly the options still available to it. The branching
//! item is the one with the fewest alternatives, `len + 1 - need` where
//! `need` is how many it still must take (Knuth's θ), ties broken as DLX3
//! breaks them (see [`Bounded::choose_item`]).
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

    /// The active item with the fewest alternatives, and how many. On a
    /// tie, as DLX3 breaks it: the one with less slack (the lesser of
    /// `hi - lo` and its room: a slack item is less constrained), then the
    /// longer list (which keeps the middle levels of the tree narrower),
    /// then the first.
    fn choose_item(&self) -> (usize, u32) {
        // Ranked by alternatives, then slack, then the longer list first.
        let mut best = (0, (u32::MAX, u32::MAX, u32::MAX));
        let mut item = self.dlx.next[0] as usize;
        while item != 0 {
            let len = self.dlx.len[item];
            let (lo, hi) = self.dlx.bounds[item];
            let slack = (hi - lo).min(self.room[item]);
            let alternatives = (len + 1).saturating_sub(self.need(item));
            let rank = (alternatives, slack, u32::MAX - len);
            if rank < best.1 {
                best = (item, rank);
            }
            item = self.dlx.next[item] as usize;
        }
        (best.0, best.1 .0)
    }

    /// Explores below the current state, `level` options deep.
    pub(crate) fn level(&mut self, level: usize) -> Flow {
        self.stats.nodes += 1;
        if let Some(reason) = self.meter.tick(self.budget) {
            return Flow::Break(reason);
        }
        if self.dlx.next[0] == 0 {
            // DLX3 counts a solution's level as its node, with no extra
            // node for the solution as DLX1 counts it.
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
        self.try_options(level, item, alternatives)
    }

    /// Tries each option of `item` in turn, then, if `item` has its least
    /// count, stopping it; leaves everything as it found it.
    ///
    /// If this choice is the last `item` may take, `item` is covered once
    /// for the whole level, as in Algorithm X; without slack (`lo = hi`)
    /// its options are then walked in list order. Otherwise each option is
    /// *tweaked* away as its turn comes (taken out of `item`'s list, and
    /// hidden from the other items unless the cover hid it already), so
    /// that later branches see only the options after it.
    fn try_options(&mut self, level: usize, item: usize, alternatives: u32) -> Flow {
        let need = self.need(item);
        let (lo, hi) = self.dlx.bounds[item];
        self.room[item] -= 1;
        let full = self.room[item] == 0;
        if full {
            self.dlx.cover_item::<COLORS>(item, &mut self.stats);
        }
        let walk = full && lo == hi;
        let mark = self.tweaked.len();
        let mut node = self.dlx.nodes[item].down as usize;
        let flow = loop {
            if node == item || (!walk && self.dlx.len[item] < need) {
                break if node == item && !walk && need == 0 {
                    self.stop(level, item, full)
                } else {
                    self.tracer.dead_end(level + 1);
                    Flow::Continue(())
                };
            }
            let option = self.dlx.option_of(node);
            if alternatives > 1 {
                self.stats.guesses += 1;
            }
            self.tracer.choose(level, &option, alternatives);
            if !walk {
                self.tweak(item, node, full);
                self.tweaked.push(node);
            }
            self.commit_others(node);
            self.chosen.push(option);
            let flow = self.level(level + 1);
            self.chosen.pop();
            self.uncommit_others(node);
            self.tracer.undo(level, &option);
            self.stats.backtracks += 1;
            if flow.is_break() {
                break flow;
            }
            node = if walk {
                self.dlx.nodes[node].down as usize
            } else {
                self.dlx.nodes[item].down as usize
            };
        };
        // Put this level's tweaked options back, last first.
        while self.tweaked.len() > mark {
            let node = self.tweaked.pop().expect("above the mark");
            self.untweak(item, node, full);
        }
        if full {
            self.dlx.uncover_item::<COLORS>(item);
        }
        self.room[item] += 1;
        flow
    }

    /// The null move: no option is left to `item`, which has its least
    /// count; it leaves the active list (if its cover has not taken it
    /// out already) and the search goes on without it.
    fn stop(&mut self, level: usize, item: usize, covered: bool) -> Flow {
        let (left, right) = (self.dlx.prev[item], self.dlx.next[item]);
        if !covered {
            self.dlx.next[left as usize] = right;
            self.dlx.prev[right as usize] = left;
        }
        let flow = self.level(level + 1);
        if !covered {
            self.dlx.next[left as usize] = item as u32;
            self.dlx.prev[right as usize] = item as u32;
        }
        flow
    }

    /// Takes `node` out of `item`'s list, and hides its option from the
    /// other items unless `item`'s cover has (`covered`).
    fn tweak(&mut self, item: usize, node: usize, covered: bool) {
        if !covered {
            let (hidden, _) = self.dlx.hide_option::<COLORS>(node);
            self.stats.updates += hidden;
        }
        self.stats.updates += 1;
        let (up, down) = (self.dlx.nodes[node].up, self.dlx.nodes[node].down);
        self.dlx.nodes[up as usize].down = down;
        self.dlx.nodes[down as usize].up = up;
        self.dlx.len[item] -= 1;
    }

    /// Undoes `tweak(item, node, covered)`.
    fn untweak(&mut self, item: usize, node: usize, covered: bool) {
        let (up, down) = (self.dlx.nodes[node].up, self.dlx.nodes[node].down);
        self.dlx.nodes[up as usize].down = node as u32;
        self.dlx.nodes[down as usize].up = node as u32;
        self.dlx.len[item] += 1;
        if !covered {
            self.dlx.unhide_option::<COLORS>(node);
        }
    }

    /// Commits the items of `node`'s option other than `node`'s own: a
    /// primary one takes one more option (covered once full); a secondary
    /// one is covered or purified as in Algorithm C.
    fn commit_others(&mut self, node: usize) {
        let mut p = node + 1;
        while p != node {
            let item = self.dlx.tops[p];
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
            let item = self.dlx.tops[p];
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
