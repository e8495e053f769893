//! Algorithm X on dancing links (Knuth, TAOCP 7.2.2.1), primary items
//! covered exactly once and secondary items at most once.
//!
//! Layout (`u32` indices): each node's vertical links side by side, its
//! item (`top`) in an array of its own, so the links the updates write
//! are packed 8 bytes a node (12 with the item beside them ran the
//! 6×10 pentomino 15% slower). Nodes `1..=items` are the item
//! headers, heading the vertical lists of the options that use them; after
//! them come the options, each a run of nodes between two *spacers*. A
//! spacer's `top` is `-k` where `k` is the option that follows it; its `up`
//! is the first node of the option before it and its `down` the last node
//! of the option after it, so a walk along an option wraps around. Active
//! primary items form a circular list through `prev`/`next` from the root
//! `0`; secondary items form another from `items + 1`, never chosen.
//!
//! Invariant between steps: every item list holds exactly the options that
//! use that item and avoid every covered item, and `len` is its length.
//! `cover`/`uncover` keep it and are exact inverses.
//!
//! Colors (Knuth's DLX2, Algorithm C): a node of a secondary item may carry
//! a color. Choosing an option *commits* each of its other items: an
//! uncolored one is covered as above; a colored one is *purified*: every
//! other option giving that item another color (or none) is hidden, and
//! every other node of the same color is marked [`KEPT`], which `hide`
//! leaves linked, so options agreeing on the color stay available. Without
//! colors the search runs the plain code (a `const` parameter), with no
//! color read at all.
//!
//! Bounds on primary items (DLX3) are searched by [`crate::bounded`] on
//! these links.
//!
//! Counting follows Knuth's DLX1 so that figures compare: a *node* for the
//! root, one each time the search enters a level, one per solution; an
//! *update* for each item unlinked from its list of active items and each
//! option node unlinked from an item's list (by a cover or a purify).
//! (The bounded search counts as DLX3 does: see [`crate::bounded`].)

use crate::bounded::Bounded;
use crate::problem::Problem;
use gridsolve_search::{Budget, Exploration, NodeMeter, Stats, StopReason, Tracer};
use std::ops::ControlFlow;

/// Counters of an exact-cover search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverStats {
    /// Solutions found.
    pub solutions: u64,
    /// Nodes, counted as DLX1 counts them.
    pub nodes: u64,
    /// Link updates, counted as DLX1 counts them.
    pub updates: u64,
    /// Options tried on items with two or more options left.
    pub guesses: u64,
    /// Options taken back.
    pub backtracks: u64,
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoverReport {
    /// The counters.
    pub stats: CoverStats,
    /// Why it stopped before the end, if it did.
    pub stopped: Option<StopReason>,
}

impl CoverReport {
    /// The report as a puzzle's exploration: its first `solution`, the
    /// search counters, and `solutions` counted by the caller (who may
    /// accept only some covers as solutions).
    ///
    /// ```
    /// use gridsolve_cover::{CoverReport, CoverStats};
    ///
    /// let report = CoverReport { stats: CoverStats { nodes: 5, solutions: 2, ..CoverStats::default() }, stopped: None };
    /// let exploration = report.exploration(Some("a cover"), 1);
    /// assert_eq!((exploration.stats.nodes, exploration.solutions()), (5, 1));
    /// ```
    pub fn exploration<S>(&self, solution: Option<S>, solutions: u64) -> Exploration<S> {
        Exploration {
            solution,
            stats: Stats {
                nodes: self.stats.nodes,
                guesses: self.stats.guesses,
                backtracks: self.stats.backtracks,
                solutions,
            },
            stopped: self.stopped,
        }
    }
}

/// The dancing-links structure of a problem, ready to search.
pub struct Dlx {
    pub(crate) nodes: Vec<Node>,
    /// Each node's item (1-based; a spacer's is `-option`, the header's 0).
    pub(crate) tops: Vec<i32>,
    pub(crate) len: Vec<u32>,
    pub(crate) prev: Vec<u32>,
    pub(crate) next: Vec<u32>,
    /// How many items are primary (`1..=primary`).
    primary: usize,
    /// How many items (active or not, primary or secondary) have an empty
    /// list, kept by searches that count them (see [`COUNT_EMPTY_ABOVE`]):
    /// while there is none, no active primary item has zero options.
    empty: u32,
    /// Each node's color (`0`: none; [`KEPT`] while its item is purified
    /// to its color), or empty for a problem without colors.
    colors: Vec<u32>,
    /// Each item's bounds `(lo, hi)` (1-based), or empty when every
    /// primary item is covered exactly once.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// Each item's choice key, kept by searches that choose by keys (see
    /// [`COUNT_EMPTY_ABOVE`]) instead of `len`: its list length while the
    /// item is active, [`KEY_INACTIVE`] once it is covered. Index 0, the
    /// root, is inactive; only primary items' keys are read. Keys are
    /// padded with inactive ones to whole blocks of 16; empty when some
    /// list is too long for a key ([`MAX_KEYED_LEN`]).
    keys: Vec<u8>,
    /// Each covered item's length, kept while its key says inactive (a
    /// covered item's own list does not change), by searches by keys.
    held: Vec<u8>,
    /// The search's per-level stacks, kept between searches so that a
    /// structure searched many times allocates once.
    levels: Levels,
}

/// The per-level stacks of a search: the item covered on each level, the
/// option node tried there, the nodes of the options in effect, and the
/// options of the last solution.
#[derive(Default)]
struct Levels {
    best: Vec<usize>,
    choice: Vec<usize>,
    chosen: Vec<usize>,
    solution: Vec<usize>,
}

/// The key of a covered item: above every length.
const KEY_INACTIVE: u8 = u8::MAX;

/// The longest list a search by keys takes: lengths only shrink from
/// their start, so a problem whose lists start this short keeps every
/// length in a key below [`KEY_INACTIVE`].
const MAX_KEYED_LEN: u32 = KEY_INACTIVE as u32 - 1;

/// The mark of a node whose item is purified to the node's own color: it
/// agrees, so `hide` leaves it linked (Knuth's color `-1`).
const KEPT: u32 = u32::MAX;

/// Problems of more items than this keep count of the empty item lists,
/// so that choosing an item stops at the first with one option whenever
/// none has zero: the search then stays linear where every item has a
/// single option left (a full scan per level is quadratic there). Smaller
/// problems whose lists are short ([`MAX_KEYED_LEN`]) keep instead a byte
/// per item, its *key* (its length, or a mark once covered), in place of
/// `len`, and choose by scanning the keys 16 at a time rather than along
/// the linked list of active items (a dependent load per item: 53% of
/// Sudoku's time, 324 items). Other small problems go along the list,
/// without the count.
const COUNT_EMPTY_ABOVE: usize = 1000;

/// What a search keeps, besides the links, to choose its items: each
/// search runs with one of [`ByKeys`], [`ByList`] and [`Bare`] (see
/// [`COUNT_EMPTY_ABOVE`] for which).
pub(crate) trait Bookkeeping {
    /// Keep [`Dlx::empty`], the count of empty lists.
    const COUNT_EMPTY: bool;
    /// Keep the lengths in [`Dlx::keys`] instead of `len`, and choose by
    /// them.
    const KEYS: bool;
}

/// Keep the lengths in the keys, and choose by them (problems of at most
/// [`COUNT_EMPTY_ABOVE`] items, lists at most [`MAX_KEYED_LEN`] long).
struct ByKeys;

/// Choose along the list of active items, stopping early while no list is
/// empty (larger problems).
struct ByList;

/// Keep nothing but the lengths, and choose along the list of active
/// items (small problems with long lists, and the bounded search, which
/// chooses its own way).
pub(crate) struct Bare;

impl Bookkeeping for ByKeys {
    const COUNT_EMPTY: bool = false;
    const KEYS: bool = true;
}

impl Bookkeeping for ByList {
    const COUNT_EMPTY: bool = true;
    const KEYS: bool = false;
}

impl Bookkeeping for Bare {
    const COUNT_EMPTY: bool = false;
    const KEYS: bool = false;
}

/// One node's vertical links (its item is in [`Dlx::tops`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// Where the search goes next.
enum Step {
    /// Enter a new level: count it, choose an item, cover it.
    Forward,
    /// Try the current option of the current level (or leave it).
    Advance,
    /// Go back to the previous level.
    Backup,
}

impl Dlx {
    /// The links of `problem`, with every item active.
    pub fn new(problem: &Problem) -> Self {
        let items = problem.items().len();
        let mut dlx = Dlx::from_options(items, problem.primary_count(), problem.options());
        if problem.has_bounds() {
            dlx.bounds = vec![(1, 1); items + 1];
            for item in 0..problem.primary_count() {
                dlx.bounds[item + 1] = problem.bounds(item);
            }
        }
        if problem.has_colors() {
            // The nodes in the order `from_options` lays them out: after
            // the headers and the first spacer, each option's nodes and a
            // spacer.
            dlx.colors = vec![0; dlx.nodes.len()];
            let mut node = items + 1;
            for option in 0..problem.options().len() {
                for color in problem.option_colors(option) {
                    node += 1;
                    dlx.colors[node] = color;
                }
                node += 1;
            }
        }
        dlx
    }

    /// The links of a problem given without names: `items` items, the
    /// first `primary` of them primary, and options as item indices (each
    /// non-empty, no item twice, every index below `items`; unchecked
    /// here, as [`Problem::add_option`] checks it). For callers that build
    /// many problems, such as one per Sudoku puzzle, [`Dlx::load_options`]
    /// does the same in a structure already allocated.
    ///
    /// ```
    /// use gridsolve_cover::{Budget, Dlx, NoTrace};
    /// use std::ops::ControlFlow;
    ///
    /// // Items 0 and 1; options {0}, {1} and {0, 1}: two covers.
    /// let options: [&[u32]; 3] = [&[0], &[1], &[0, 1]];
    /// let mut dlx = Dlx::from_options(2, 2, options.into_iter());
    /// let report = dlx.search(&Budget::default(), &mut NoTrace, |_| ControlFlow::Continue(()));
    /// assert_eq!(report.stats.solutions, 2);
    /// ```
    pub fn from_options<'a, I>(items: usize, primary: usize, options: I) -> Self
    where
        I: Iterator<Item = &'a [u32]> + Clone,
    {
        let mut dlx = Dlx {
            nodes: Vec::new(),
            tops: Vec::new(),
            len: Vec::new(),
            prev: Vec::new(),
            next: Vec::new(),
            primary: 0,
            empty: 0,
            colors: Vec::new(),
            bounds: Vec::new(),
            keys: Vec::new(),
            held: Vec::new(),
            levels: Levels::default(),
        };
        dlx.load_options(items, primary, options);
        dlx
    }

    /// Replaces the problem with one given as [`Dlx::from_options`] takes
    /// it, keeping the memory: once the structure has held a problem as
    /// large, loading and searching another allocates nothing.
    ///
    /// ```
    /// use gridsolve_cover::{Budget, Dlx, NoTrace};
    /// use std::ops::ControlFlow;
    ///
    /// let mut dlx = Dlx::from_options(1, 1, [&[0u32][..]].into_iter());
    /// // Three items, options {0, 1}, {2}, {1, 2}: one cover.
    /// let options: [&[u32]; 3] = [&[0, 1], &[2], &[1, 2]];
    /// dlx.load_options(3, 3, options.into_iter());
    /// let report = dlx.search(&Budget::default(), &mut NoTrace, |_| ControlFlow::Continue(()));
    /// assert_eq!(report.stats.solutions, 1);
    /// ```
    pub fn load_options<'a, I>(&mut self, items: usize, primary: usize, options: I)
    where
        I: Iterator<Item = &'a [u32]> + Clone,
    {
        let option_nodes: usize = options.clone().map(<[u32]>::len).sum();
        let total = items + 1 + option_nodes + options.clone().count() + 1;
        refill(&mut self.nodes, total, Node::default());
        refill(&mut self.tops, total, 0);
        refill(&mut self.len, items + 1, 0);
        refill(&mut self.prev, items + 2, 0);
        refill(&mut self.next, items + 2, 0);
        self.primary = primary;
        self.colors.clear();
        self.bounds.clear();
        // Item lists: primary items 1..=primary from the root 0, secondary
        // ones from the second head `items + 1`.
        let heads = [(0, 1..primary + 1), (items + 1, primary + 1..items + 1)];
        for (head, members) in heads {
            let mut last = head;
            for item in members {
                self.link_after(last, item);
                last = item;
            }
            self.next[last] = head as u32;
            self.prev[head] = last as u32;
        }
        for item in 1..=items {
            self.nodes[item].up = item as u32;
            self.nodes[item].down = item as u32;
        }
        let mut node = items + 1; // the first spacer
        self.tops[node] = 0;
        for (index, option) in options.enumerate() {
            let first = node + 1;
            for &item in option {
                node += 1;
                let item = item as usize + 1;
                self.tops[node] = item as i32;
                self.len[item] += 1;
                // Append the node at the bottom of the item's list.
                let bottom = self.nodes[item].up as usize;
                self.nodes[bottom].down = node as u32;
                self.nodes[node].up = bottom as u32;
                self.nodes[node].down = item as u32;
                self.nodes[item].up = node as u32;
            }
            // The spacer after this option.
            self.nodes[first - 1].down = node as u32;
            node += 1;
            self.tops[node] = -(index as i32 + 1);
            self.nodes[node].up = first as u32;
        }
        self.empty = self.len[1..].iter().filter(|&&len| len == 0).count() as u32;
        self.keys.clear();
        // Keys only where every list is short enough for one.
        if self.len.iter().all(|&len| len <= MAX_KEYED_LEN) {
            self.keys.push(KEY_INACTIVE);
            self.keys.extend(self.len[1..].iter().map(|&len| len as u8));
            self.keys
                .resize(self.keys.len().next_multiple_of(16), KEY_INACTIVE);
        }
        refill(&mut self.held, self.keys.len(), 0);
    }

    fn link_after(&mut self, left: usize, item: usize) {
        self.next[left] = item as u32;
        self.prev[item] = left as u32;
    }

    /// The options still active that contain `item`, in list order.
    pub(crate) fn options_of(&self, item: usize) -> Vec<usize> {
        let mut options = Vec::with_capacity(self.len[item] as usize);
        let mut node = self.nodes[item].down as usize;
        while node != item {
            options.push(self.option_of(node));
            node = self.nodes[node].down as usize;
        }
        options
    }

    /// The index of the option that node `node` belongs to.
    pub(crate) fn option_of(&self, node: usize) -> usize {
        let mut spacer = node;
        while self.top(spacer) > 0 {
            spacer -= 1;
        }
        (-self.top(spacer)) as usize
    }

    /// Searches for solutions, calling `on_solution` with the option
    /// indices of each (in the order chosen); it returns `Break` to stop.
    /// Every step is reported to `tracer` (choices are option indices).
    pub fn search<T, F>(&mut self, budget: &Budget, tracer: &mut T, on_solution: F) -> CoverReport
    where
        T: Tracer<usize>,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let colors = !self.colors.is_empty();
        if !self.bounds.is_empty() {
            return if colors {
                self.run_bounded::<true, T, F>(budget, tracer, on_solution)
            } else {
                self.run_bounded::<false, T, F>(budget, tracer, on_solution)
            };
        }
        let (large, keyed) = (self.len.len() > COUNT_EMPTY_ABOVE, !self.keys.is_empty());
        match (large, keyed, colors) {
            (true, _, false) => self.run::<ByList, false, T, F>(budget, tracer, on_solution),
            (true, _, true) => self.run::<ByList, true, T, F>(budget, tracer, on_solution),
            (false, true, false) => self.run::<ByKeys, false, T, F>(budget, tracer, on_solution),
            (false, true, true) => self.run::<ByKeys, true, T, F>(budget, tracer, on_solution),
            (false, false, false) => self.run::<Bare, false, T, F>(budget, tracer, on_solution),
            (false, false, true) => self.run::<Bare, true, T, F>(budget, tracer, on_solution),
        }
    }

    /// [`Dlx::search`] for a problem with bounds (see [`crate::bounded`]),
    /// honouring colors if `COLORS`.
    fn run_bounded<const COLORS: bool, T, F>(
        &mut self,
        budget: &Budget,
        tracer: &mut T,
        on_solution: F,
    ) -> CoverReport
    where
        T: Tracer<usize>,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let room = self.bounds.iter().map(|&(_, hi)| hi).collect();
        let mut search = Bounded::<T, F, COLORS> {
            dlx: self,
            room,
            stats: CoverStats::default(),
            meter: NodeMeter::new(budget),
            budget,
            tracer,
            on_solution,
            chosen: Vec::new(),
            tweaked: Vec::new(),
        };
        let stopped = search.level(0).break_value();
        CoverReport {
            stats: search.stats,
            stopped,
        }
    }

    /// Whether `item` (1-based) is primary.
    pub(crate) fn is_primary(&self, item: usize) -> bool {
        item <= self.primary
    }

    /// Covers `item`: the form the bounded search uses (lengths only).
    pub(crate) fn cover_item<const COLORS: bool>(&mut self, item: usize, stats: &mut CoverStats) {
        self.cover::<Bare, COLORS>(item, stats);
    }

    /// Undoes `cover_item(item)`.
    pub(crate) fn uncover_item<const COLORS: bool>(&mut self, item: usize) {
        self.uncover::<Bare, COLORS>(item);
    }

    /// Hides the option of `node` from every item but `node`'s own.
    pub(crate) fn hide_option<const COLORS: bool>(&mut self, node: usize) -> (u64, u32) {
        self.hide::<Bare, COLORS>(node)
    }

    /// Undoes `hide_option(node)`.
    pub(crate) fn unhide_option<const COLORS: bool>(&mut self, node: usize) {
        self.unhide::<Bare, COLORS>(node);
    }

    /// [`Dlx::search`], with the bookkeeping `B`, honouring colors if
    /// `COLORS`.
    fn run<B: Bookkeeping, const COLORS: bool, T, F>(
        &mut self,
        budget: &Budget,
        tracer: &mut T,
        mut on_solution: F,
    ) -> CoverReport
    where
        T: Tracer<usize>,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let mut stats = CoverStats::default();
        let mut meter = NodeMeter::new(budget);
        let root = 0usize;
        // Per level: the item covered there, and the option node tried.
        let Levels {
            mut best,
            mut choice,
            mut chosen,
            mut solution,
        } = std::mem::take(&mut self.levels);
        // Each level covers a primary item: room for the deepest search.
        for stack in [&mut best, &mut choice, &mut chosen, &mut solution] {
            stack.clear();
            stack.reserve(self.primary + 1);
        }
        let mut stopped = None;
        let mut step = Step::Forward;
        loop {
            step = match step {
                Step::Forward => {
                    stats.nodes += 1;
                    if let Some(reason) = meter.tick(budget) {
                        stopped = Some(reason);
                        break;
                    }
                    let level = choice.len();
                    if self.next[root] as usize == root {
                        // No primary item at all: the empty set is the one
                        // solution (only possible at the root).
                        stats.nodes += 1;
                        stats.solutions += 1;
                        tracer.solution(level);
                        let _ = on_solution(&[]);
                        Step::Backup
                    } else {
                        let item = self.fewest_options::<B>();
                        if T::ENABLED {
                            tracer.branch(level, item - 1, &self.options_of(item));
                        }
                        if self.len_of::<B>(item) == 0 {
                            tracer.dead_end(level);
                        }
                        self.cover::<B, COLORS>(item, &mut stats);
                        best.push(item);
                        choice.push(self.nodes[item].down as usize);
                        Step::Advance
                    }
                }
                Step::Advance => {
                    let level = choice.len() - 1;
                    let (item, node) = (best[level], choice[level]);
                    if node == item {
                        self.uncover::<B, COLORS>(item);
                        best.pop();
                        choice.pop();
                        Step::Backup
                    } else {
                        // Covering `item` left its own list intact.
                        let alternatives = self.covered_len::<B>(item);
                        if alternatives > 1 {
                            stats.guesses += 1;
                        }
                        if T::ENABLED {
                            tracer.choose(level, &self.option_of(node), alternatives);
                        }
                        self.cover_others::<B, COLORS>(node, &mut stats);
                        chosen.push(node);
                        if self.next[root] as usize == root {
                            stats.nodes += 1;
                            stats.solutions += 1;
                            tracer.solution(level + 1);
                            solution.clear();
                            solution.extend(chosen.iter().map(|&node| self.option_of(node)));
                            let flow = on_solution(&solution);
                            self.undo_choice::<B, COLORS, T>(
                                level,
                                &mut choice,
                                &mut chosen,
                                tracer,
                            );
                            stats.backtracks += 1;
                            if flow.is_break() {
                                stopped = Some(StopReason::SolutionLimit);
                                break;
                            }
                            Step::Advance
                        } else {
                            Step::Forward
                        }
                    }
                }
                Step::Backup => {
                    if choice.is_empty() {
                        break;
                    }
                    let level = choice.len() - 1;
                    self.undo_choice::<B, COLORS, T>(level, &mut choice, &mut chosen, tracer);
                    stats.backtracks += 1;
                    Step::Advance
                }
            };
        }
        // Leave the links as they were, so the structure can search again.
        for level in (0..choice.len()).rev() {
            if level < chosen.len() {
                self.uncover_others::<B, COLORS>(choice[level]);
            }
            self.uncover::<B, COLORS>(best[level]);
        }
        self.levels = Levels {
            best,
            choice,
            chosen,
            solution,
        };
        CoverReport { stats, stopped }
    }

    /// Takes back the option tried at `level` and moves to the next one.
    fn undo_choice<B: Bookkeeping, const COLORS: bool, T: Tracer<usize>>(
        &mut self,
        level: usize,
        choice: &mut [usize],
        chosen: &mut Vec<usize>,
        tracer: &mut T,
    ) {
        let node = choice[level];
        self.uncover_others::<B, COLORS>(node);
        chosen.pop();
        if T::ENABLED {
            tracer.undo(level, &self.option_of(node));
        }
        choice[level] = self.node(node).down as usize;
    }

    /// The active primary item with the fewest options, the first in list
    /// order on a tie (as DLX1 chooses). By keys, that is the first
    /// primary item of the least key (items stay in index order in the
    /// list, and a covered item's key is above every length). Along the
    /// list, the scan stops
    /// at the first item that no other can beat: one with no option, or,
    /// while no list is empty, one with a single option (so a problem whose
    /// items all have one option left is not scanned whole at every level).
    fn fewest_options<B: Bookkeeping>(&self) -> usize {
        if B::KEYS {
            return least_key(&self.keys, self.primary + 1).0;
        }
        let unbeatable = u32::from(B::COUNT_EMPTY && self.empty == 0);
        let mut best = self.next[0] as usize;
        let mut fewest = self.len[best];
        let mut item = self.next[best] as usize;
        while item != 0 && fewest > unbeatable {
            if self.len[item] < fewest {
                best = item;
                fewest = self.len[item];
            }
            item = self.next[item] as usize;
        }
        best
    }

    /// Commits every item of `node`'s option other than `node`'s own: an
    /// uncolored one is covered, a colored one purified (one already
    /// purified to the same color, its node [`KEPT`], needs nothing).
    fn cover_others<B: Bookkeeping, const COLORS: bool>(
        &mut self,
        node: usize,
        stats: &mut CoverStats,
    ) {
        let mut p = node + 1;
        while p != node {
            let item = self.top(p);
            if item <= 0 {
                p = self.node(p).up as usize;
            } else {
                self.commit::<B, COLORS>(p, stats);
                p += 1;
            }
        }
    }

    /// Commits the item of node `p`: covers it, or purifies it to `p`'s
    /// color (nothing if `p` is already [`KEPT`]).
    pub(crate) fn commit<B: Bookkeeping, const COLORS: bool>(
        &mut self,
        p: usize,
        stats: &mut CoverStats,
    ) {
        let item = self.top(p) as usize;
        match if COLORS { self.color(p) } else { 0 } {
            0 => self.cover::<B, COLORS>(item, stats),
            KEPT => {}
            _ => self.purify::<B>(p, stats),
        }
    }

    /// Undoes `commit(p)`.
    pub(crate) fn uncommit<B: Bookkeeping, const COLORS: bool>(&mut self, p: usize) {
        let item = self.top(p) as usize;
        match if COLORS { self.color(p) } else { 0 } {
            0 => self.uncover::<B, COLORS>(item),
            KEPT => {}
            _ => self.unpurify::<B>(p),
        }
    }

    /// Undoes `cover_others(node)`, in reverse order.
    fn uncover_others<B: Bookkeeping, const COLORS: bool>(&mut self, node: usize) {
        let mut p = node - 1;
        while p != node {
            let item = self.top(p);
            if item <= 0 {
                p = self.node(p).down as usize;
            } else {
                self.uncommit::<B, COLORS>(p);
                p -= 1;
            }
        }
    }

    /// Removes `item` from its list of active items and every other option
    /// using it from the other items' lists.
    fn cover<B: Bookkeeping, const COLORS: bool>(&mut self, item: usize, stats: &mut CoverStats) {
        let (mut updates, mut emptied) = (0, 0);
        let mut option = self.node(item).down as usize;
        while option != item {
            let (hidden, empty) = self.hide::<B, COLORS>(option);
            updates += hidden;
            emptied += empty;
            option = self.node(option).down as usize;
        }
        stats.updates += updates + 1;
        self.empty += emptied;
        let (left, right) = (self.prev[item], self.next[item]);
        self.next[left as usize] = right;
        self.prev[right as usize] = left;
        if B::KEYS {
            self.held[item] = self.keys[item];
            self.keys[item] = KEY_INACTIVE;
        }
    }

    /// Undoes `cover(item)`.
    fn uncover<B: Bookkeeping, const COLORS: bool>(&mut self, item: usize) {
        let (left, right) = (self.prev[item], self.next[item]);
        self.next[left as usize] = item as u32;
        self.prev[right as usize] = item as u32;
        if B::KEYS {
            self.keys[item] = self.held[item];
        }
        let mut option = self.node(item).up as usize;
        let mut refilled = 0;
        while option != item {
            refilled += self.unhide::<B, COLORS>(option);
            option = self.node(option).up as usize;
        }
        self.empty -= refilled;
    }

    /// Purifies the secondary item of node `node` to `node`'s color: hides
    /// every option whose node in that item has another color (or none),
    /// and marks the other nodes of the same color [`KEPT`].
    fn purify<B: Bookkeeping>(&mut self, node: usize, stats: &mut CoverStats) {
        let color = self.color(node);
        let item = self.top(node) as usize;
        let (mut updates, mut emptied) = (0, 0);
        let mut q = self.node(item).down as usize;
        while q != item {
            if self.color(q) == color {
                if q != node {
                    self.set_color(q, KEPT);
                }
            } else {
                let (hidden, empty) = self.hide::<B, true>(q);
                updates += hidden;
                emptied += empty;
            }
            q = self.node(q).down as usize;
        }
        stats.updates += updates;
        self.empty += emptied;
    }

    /// Undoes `purify(node)`, in reverse order.
    fn unpurify<B: Bookkeeping>(&mut self, node: usize) {
        let color = self.color(node);
        let item = self.top(node) as usize;
        let mut refilled = 0;
        let mut q = self.node(item).up as usize;
        while q != item {
            match self.color(q) {
                KEPT => self.set_color(q, color),
                same if same == color => {}
                _ => refilled += self.unhide::<B, true>(q),
            }
            q = self.node(q).up as usize;
        }
        self.empty -= refilled;
    }

    /// Unlinks the nodes of `node`'s option, other than `node` and nodes
    /// [`KEPT`] in a purified item, from their items' lists; returns how many it unlinked and how many lists it
    /// left empty. (Counting in locals rather than in `stats` and `empty`
    /// keeps a memory round trip off every update.)
    fn hide<B: Bookkeeping, const COLORS: bool>(&mut self, node: usize) -> (u64, u32) {
        let (mut updates, mut emptied) = (0, 0);
        let mut q = node + 1;
        while q != node {
            let (top, Node { up, down }) = (self.top(q), self.node(q));
            if top <= 0 {
                q = up as usize;
            } else if COLORS && self.color(q) == KEPT {
                q += 1;
            } else {
                self.node_mut(up as usize).down = down;
                self.node_mut(down as usize).up = up;
                let item = top as usize;
                let len = self.len_of::<B>(item) - 1;
                self.set_len::<B>(item, len);
                if B::COUNT_EMPTY {
                    emptied += u32::from(len == 0);
                }
                updates += 1;
                q += 1;
            }
        }
        (updates, emptied)
    }

    /// Undoes `hide(node)`; returns how many empty lists it refilled.
    fn unhide<B: Bookkeeping, const COLORS: bool>(&mut self, node: usize) -> u32 {
        let mut refilled = 0;
        let mut q = node - 1;
        while q != node {
            let (top, Node { up, down }) = (self.top(q), self.node(q));
            if top <= 0 {
                q = down as usize;
            } else if COLORS && self.color(q) == KEPT {
                q -= 1;
            } else {
                self.node_mut(up as usize).down = q as u32;
                self.node_mut(down as usize).up = q as u32;
                let item = top as usize;
                let len = self.len_of::<B>(item);
                if B::COUNT_EMPTY {
                    refilled += u32::from(len == 0);
                }
                self.set_len::<B>(item, len + 1);
                q -= 1;
            }
        }
        refilled
    }

    // Unchecked access for the inner loops. The *index invariant*: every
    // `up` and `down` link is a node index (below `nodes.len()`, which
    // `tops.len()` equals), and every positive `top` an item (below
    // `len.len()`, and `keys.len()` is at least that). `load_options` establishes it: it writes only node
    // indices into links, and tops only for items its checked indexing of
    // `len` accepted. Every later update keeps it: a link is only ever set
    // to a node's own index or to another link's value, and tops never
    // change. The walks along an option stay inside it: a step from an
    // option node lands on a node or on one of the spacers that close
    // every option, and a spacer's link leads back into the option. A
    // problem with colors has one for every node (`Dlx::new` sizes
    // `colors` to the nodes, and the colored searches run only then).

    /// The node at `index`, which the index invariant makes a node.
    #[inline(always)]
    fn node(&self, index: usize) -> Node {
        debug_assert!(index < self.nodes.len());
        // SAFETY: `index` is a link or a step along an option (the index
        // invariant above).
        unsafe { *self.nodes.get_unchecked(index) }
    }

    /// The item of node `index` (a spacer's is `-option`).
    #[inline(always)]
    fn top(&self, index: usize) -> i32 {
        debug_assert!(index < self.tops.len());
        // SAFETY: as in `node`; `tops` has an entry per node.
        unsafe { *self.tops.get_unchecked(index) }
    }

    /// The node at `index`, to update its links.
    #[inline(always)]
    fn node_mut(&mut self, index: usize) -> &mut Node {
        debug_assert!(index < self.nodes.len());
        // SAFETY: `index` is a link (the index invariant above).
        unsafe { self.nodes.get_unchecked_mut(index) }
    }

    /// The color of node `index`, in a problem with colors.
    #[inline(always)]
    fn color(&self, index: usize) -> u32 {
        debug_assert!(index < self.colors.len());
        // SAFETY: `index` is a node (the index invariant), and a problem
        // with colors has a color for every node.
        unsafe { *self.colors.get_unchecked(index) }
    }

    /// Sets the color of node `index`, in a problem with colors.
    #[inline(always)]
    fn set_color(&mut self, index: usize, color: u32) {
        debug_assert!(index < self.colors.len());
        // SAFETY: as in `color`.
        unsafe { *self.colors.get_unchecked_mut(index) = color };
    }

    /// The length of active `item`'s list, from its key if `B` keeps
    /// keys.
    #[inline(always)]
    fn len_of<B: Bookkeeping>(&self, item: usize) -> u32 {
        if B::KEYS {
            debug_assert!(item < self.keys.len());
            // SAFETY: `item` is a node's positive `top` (the index
            // invariant), below `len.len()`, which `keys.len()` is at
            // least in a search by keys.
            u32::from(unsafe { *self.keys.get_unchecked(item) })
        } else {
            debug_assert!(item < self.len.len());
            // SAFETY: `item` is a node's positive `top` (the index invariant).
            unsafe { *self.len.get_unchecked(item) }
        }
    }

    /// Sets the length of active `item`'s list, in its key if `B` keeps
    /// keys (where it fits: see [`MAX_KEYED_LEN`]).
    #[inline(always)]
    fn set_len<B: Bookkeeping>(&mut self, item: usize, len: u32) {
        if B::KEYS {
            debug_assert!(item < self.keys.len() && len <= MAX_KEYED_LEN);
            // SAFETY: as in `len_of`.
            unsafe { *self.keys.get_unchecked_mut(item) = len as u8 };
        } else {
            debug_assert!(item < self.len.len());
            // SAFETY: `item` is a node's positive `top` (the index invariant).
            unsafe { *self.len.get_unchecked_mut(item) = len };
        }
    }

    /// The length of covered `item`'s list.
    fn covered_len<B: Bookkeeping>(&self, item: usize) -> u32 {
        if B::KEYS {
            u32::from(self.held[item])
        } else {
            self.len[item]
        }
    }
}

/// The first of the least of `keys[..count]`, and that key: 16 keys at a
/// time, one pass for the least and one for the first to hold it.
/// `keys.len()` is a multiple of 16, at least `count`.
#[cfg(target_arch = "x86_64")]
fn least_key(keys: &[u8], count: usize) -> (usize, u8) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi32,
        _mm_srli_epi16, _mm_srli_si128,
    };
    let blocks = count.div_ceil(16);
    let blocks = &keys[..blocks * 16];
    // SAFETY: SSE2 is part of every x86-64 processor, and each load reads
    // 16 bytes of `blocks`, with no alignment needed.
    unsafe {
        // Keys at `count` and past it (the last block's tail) read as
        // inactive.
        let past = (count % 16) as i8;
        let lanes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let tail = if past == 0 {
            _mm_set1_epi8(0)
        } else {
            // 0xFF where the lane is at `past` or above.
            let below = _mm_min_epu8(lanes, _mm_set1_epi8(past - 1));
            let low = _mm_cmpeq_epi8(below, lanes);
            _mm_cmpeq_epi8(low, _mm_set1_epi8(0))
        };
        let load = |block: &[u8]| _mm_loadu_si128(block.as_ptr().cast());
        let (body, last) = blocks.split_at(blocks.len() - 16);
        let last = _mm_or_si128(load(last), tail);
        let mut least = last;
        for block in body.chunks_exact(16) {
            least = _mm_min_epu8(least, load(block));
        }
        // The least of the 16 lanes, in every lane.
        least = _mm_min_epu8(least, _mm_shuffle_epi32(least, 0b01_00_11_10));
        least = _mm_min_epu8(least, _mm_shuffle_epi32(least, 0b10_11_00_01));
        least = _mm_min_epu8(least, _mm_srli_si128(least, 2));
        least = _mm_min_epu8(least, _mm_srli_epi16(least, 8));
        let key = _mm_cvtsi128_si32(least) as u8;
        let pattern = _mm_set1_epi8(key as i8);
        let first = |index: usize, bytes: __m128i| {
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, pattern));
            (equal != 0).then(|| (index * 16 + equal.trailing_zeros() as usize, key))
        };
        for (index, block) in body.chunks_exact(16).enumerate() {
            if let Some(found) = first(index, load(block)) {
                return found;
            }
        }
        if let Some(found) = first(body.len() / 16, last) {
            return found;
        }
    }
    unreachable!("the least key is among the keys")
}

/// [`least_key`] on processors without SSE2, a key at a time.
#[cfg(not(target_arch = "x86_64"))]
fn least_key(keys: &[u8], count: usize) -> (usize, u8) {
    least_key_portable(keys, count)
}

/// [`least_key`] a key at a time (the other processors' form, and the
/// reference the vector form is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn least_key_portable(keys: &[u8], count: usize) -> (usize, u8) {
    let key = keys[..count]
        .iter()
        .fold(u8::MAX, |least, &key| least.min(key));
    let first = keys[..count].iter().position(|&k| k == key);
    (first.expect("count is at least 1"), key)
}

/// Makes `vec` `len` copies of `value`, keeping its memory.
fn refill<T: Clone>(vec: &mut Vec<T>, len: usize, value: T) {
    vec.clear();
    vec.resize(len, value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The vector choice and the key-at-a-time one agree on every
        /// length and content, keys past `count` included (they must be
        /// ignored, whatever they hold).
        #[test]
        fn least_key_agrees_with_the_portable_scan(
            keys in proptest::collection::vec(any::<u8>(), 1..100),
            count_seed in any::<usize>(),
        ) {
            let count = 1 + count_seed % keys.len();
            let mut padded = keys.clone();
            padded.resize(keys.len().next_multiple_of(16), 0);
            prop_assert_eq!(least_key(&padded, count), least_key_portable(&padded, count));
        }
    }

    /// A structure loaded again with another problem searches it as a
    /// fresh one would, and loading the first again gives its counts back.
    #[test]
    fn a_reloaded_structure_searches_as_a_fresh_one() {
        let first: Vec<Vec<u32>> = vec![vec![0, 1], vec![2], vec![0], vec![1, 2], vec![1]];
        let second: Vec<Vec<u32>> = (0..6).map(|item| vec![item]).collect();
        let count = |dlx: &mut Dlx| {
            let report = dlx.search(&Budget::default(), &mut gridsolve_search::NoTrace, |_| {
                ControlFlow::Continue(())
            });
            (
                report.stats.solutions,
                report.stats.nodes,
                report.stats.updates,
            )
        };
        let first: Vec<&[u32]> = first.iter().map(Vec::as_slice).collect();
        let second: Vec<&[u32]> = second.iter().map(Vec::as_slice).collect();
        let fresh_first = count(&mut Dlx::from_options(3, 3, first.iter().copied()));
        let fresh_second = count(&mut Dlx::from_options(6, 4, second.iter().copied()));
        let mut dlx = Dlx::from_options(3, 3, first.iter().copied());
        assert_eq!(count(&mut dlx), fresh_first);
        dlx.load_options(6, 4, second.iter().copied());
        assert_eq!(count(&mut dlx), fresh_second);
        dlx.load_options(3, 3, first.iter().copied());
        assert_eq!(count(&mut dlx), fresh_first);
    }
}
