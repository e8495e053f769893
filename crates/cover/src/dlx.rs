//! Algorithm X on dancing links (Knuth, TAOCP 7.2.2.1), primary items
//! covered exactly once and secondary items at most once.
//!
//! Layout (`u32` indices; a node's three links side by side, so one cache
//! line serves a node's visit): nodes `1..=items` are the item
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
}

/// The mark of a node whose item is purified to the node's own color: it
/// agrees, so `hide` leaves it linked (Knuth's color `-1`).
const KEPT: u32 = u32::MAX;

/// Problems of more items than this keep count of the empty item lists,
/// so that choosing an item stops at the first with one option whenever
/// none has zero: the search then stays linear where every item has a
/// single option left (a full scan per level is quadratic there). Smaller
/// problems skip the count, which costs every update a few percent,
/// since a scan of a thousand items is cheap.
const COUNT_EMPTY_ABOVE: usize = 1000;

/// One node: its item (a spacer's is `-option`), and its vertical links.
#[derive(Clone, Copy, Default)]
pub(crate) struct Node {
    pub(crate) top: i32,
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
    /// many problems, such as one per Sudoku puzzle.
    pub fn from_options<'a, I>(items: usize, primary: usize, options: I) -> Self
    where
        I: Iterator<Item = &'a [u32]> + Clone,
    {
        let option_nodes: usize = options.clone().map(<[u32]>::len).sum();
        let total = items + 1 + option_nodes + options.clone().count() + 1;
        let mut dlx = Dlx {
            nodes: vec![Node::default(); total],
            len: vec![0; items + 1],
            prev: vec![0; items + 2],
            next: vec![0; items + 2],
            primary,
            empty: 0,
            colors: Vec::new(),
            bounds: Vec::new(),
        };
        // Item lists: primary items 1..=primary from the root 0, secondary
        // ones from the second head `items + 1`.
        let heads = [(0, 1..primary + 1), (items + 1, primary + 1..items + 1)];
        for (head, members) in heads {
            let mut last = head;
            for item in members {
                dlx.link_after(last, item);
                last = item;
            }
            dlx.next[last] = head as u32;
            dlx.prev[head] = last as u32;
        }
        for item in 1..=items {
            dlx.nodes[item].up = item as u32;
            dlx.nodes[item].down = item as u32;
        }
        let mut node = items + 1; // the first spacer
        dlx.nodes[node].top = 0;
        for (index, option) in options.enumerate() {
            let first = node + 1;
            for &item in option {
                node += 1;
                let item = item as usize + 1;
                dlx.nodes[node].top = item as i32;
                dlx.len[item] += 1;
                // Append the node at the bottom of the item's list.
                let bottom = dlx.nodes[item].up as usize;
                dlx.nodes[bottom].down = node as u32;
                dlx.nodes[node].up = bottom as u32;
                dlx.nodes[node].down = item as u32;
                dlx.nodes[item].up = node as u32;
            }
            // The spacer after this option.
            dlx.nodes[first - 1].down = node as u32;
            node += 1;
            dlx.nodes[node].top = -(index as i32 + 1);
            dlx.nodes[node].up = first as u32;
        }
        dlx.empty = dlx.len[1..].iter().filter(|&&len| len == 0).count() as u32;
        dlx
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
        while self.nodes[spacer].top > 0 {
            spacer -= 1;
        }
        (-self.nodes[spacer].top) as usize
    }

    /// Searches for solutions, calling `on_solution` with the option
    /// indices of each (in the order chosen); it returns `Break` to stop.
    /// Every step is reported to `tracer` (choices are option indices).
    pub fn search<T, F>(&mut self, budget: &Budget, tracer: &mut T, on_solution: F) -> CoverReport
    where
        T: Tracer<usize>,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        if !self.bounds.is_empty() {
            return self.search_bounded(budget, tracer, on_solution);
        }
        match (self.len.len() > COUNT_EMPTY_ABOVE, !self.colors.is_empty()) {
            (true, false) => self.run::<true, false, T, F>(budget, tracer, on_solution),
            (false, false) => self.run::<false, false, T, F>(budget, tracer, on_solution),
            (true, true) => self.run::<true, true, T, F>(budget, tracer, on_solution),
            (false, true) => self.run::<false, true, T, F>(budget, tracer, on_solution),
        }
    }

    /// [`Dlx::search`] for a problem with bounds (see [`crate::bounded`]).
    fn search_bounded<T, F>(
        &mut self,
        budget: &Budget,
        tracer: &mut T,
        on_solution: F,
    ) -> CoverReport
    where
        T: Tracer<usize>,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        if self.colors.is_empty() {
            // The bounded search reads colors: all none.
            self.colors = vec![0; self.nodes.len()];
        }
        let room = self.bounds.iter().map(|&(_, hi)| hi).collect();
        let mut search = Bounded {
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

    /// Covers `item`: the colored, uncounted form the bounded search uses.
    pub(crate) fn cover_item(&mut self, item: usize, stats: &mut CoverStats) {
        self.cover::<false, true>(item, stats);
    }

    /// Undoes `cover_item(item)`.
    pub(crate) fn uncover_item(&mut self, item: usize) {
        self.uncover::<false, true>(item);
    }

    /// Hides the option of `node` from every item but `node`'s own.
    pub(crate) fn hide_option(&mut self, node: usize) -> (u64, u32) {
        self.hide::<false, true>(node)
    }

    /// Undoes `hide_option(node)`.
    pub(crate) fn unhide_option(&mut self, node: usize) {
        self.unhide::<false, true>(node);
    }

    /// [`Dlx::search`], keeping count of empty lists if `COUNT_EMPTY`,
    /// honouring colors if `COLORS`.
    fn run<const COUNT_EMPTY: bool, const COLORS: bool, T, F>(
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
        let mut best: Vec<usize> = Vec::new();
        let mut choice: Vec<usize> = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
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
                        let item = self.fewest_options::<COUNT_EMPTY>();
                        if T::ENABLED {
                            tracer.branch(level, item - 1, &self.options_of(item));
                        }
                        if self.len[item] == 0 {
                            tracer.dead_end(level);
                        }
                        self.cover::<COUNT_EMPTY, COLORS>(item, &mut stats);
                        best.push(item);
                        choice.push(self.nodes[item].down as usize);
                        Step::Advance
                    }
                }
                Step::Advance => {
                    let level = choice.len() - 1;
                    let (item, node) = (best[level], choice[level]);
                    if node == item {
                        self.uncover::<COUNT_EMPTY, COLORS>(item);
                        best.pop();
                        choice.pop();
                        Step::Backup
                    } else {
                        let option = self.option_of(node);
                        // Covering `item` left its own list intact.
                        let alternatives = self.len[item];
                        if alternatives > 1 {
                            stats.guesses += 1;
                        }
                        tracer.choose(level, &option, alternatives);
                        self.cover_others::<COUNT_EMPTY, COLORS>(node, &mut stats);
                        chosen.push(option);
                        if self.next[root] as usize == root {
                            stats.nodes += 1;
                            stats.solutions += 1;
                            tracer.solution(level + 1);
                            let flow = on_solution(&chosen);
                            self.undo_choice::<COUNT_EMPTY, COLORS, T>(
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
                    self.undo_choice::<COUNT_EMPTY, COLORS, T>(
                        level,
                        &mut choice,
                        &mut chosen,
                        tracer,
                    );
                    stats.backtracks += 1;
                    Step::Advance
                }
            };
        }
        // Leave the links as they were, so the structure can search again.
        for level in (0..choice.len()).rev() {
            if level < chosen.len() {
                self.uncover_others::<COUNT_EMPTY, COLORS>(choice[level]);
            }
            self.uncover::<COUNT_EMPTY, COLORS>(best[level]);
        }
        CoverReport { stats, stopped }
    }

    /// Takes back the option tried at `level` and moves to the next one.
    fn undo_choice<const COUNT_EMPTY: bool, const COLORS: bool, T: Tracer<usize>>(
        &mut self,
        level: usize,
        choice: &mut [usize],
        chosen: &mut Vec<usize>,
        tracer: &mut T,
    ) {
        let node = choice[level];
        self.uncover_others::<COUNT_EMPTY, COLORS>(node);
        let option = chosen.pop().expect("an option was chosen at this level");
        tracer.undo(level, &option);
        choice[level] = self.nodes[node].down as usize;
    }

    /// The active primary item with the fewest options, the first in list
    /// order on a tie (as DLX1 chooses). The scan stops at the first item
    /// that no other can beat: one with no option, or, while no list is
    /// empty, one with a single option (so a problem whose items all have
    /// one option left is not scanned whole at every level).
    fn fewest_options<const COUNT_EMPTY: bool>(&self) -> usize {
        let unbeatable = u32::from(COUNT_EMPTY && self.empty == 0);
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
    fn cover_others<const COUNT_EMPTY: bool, const COLORS: bool>(
        &mut self,
        node: usize,
        stats: &mut CoverStats,
    ) {
        let mut p = node + 1;
        while p != node {
            let item = self.nodes[p].top;
            if item <= 0 {
                p = self.nodes[p].up as usize;
            } else {
                self.commit::<COUNT_EMPTY, COLORS>(p, stats);
                p += 1;
            }
        }
    }

    /// Commits the item of node `p`: covers it, or purifies it to `p`'s
    /// color (nothing if `p` is already [`KEPT`]).
    pub(crate) fn commit<const COUNT_EMPTY: bool, const COLORS: bool>(
        &mut self,
        p: usize,
        stats: &mut CoverStats,
    ) {
        let item = self.nodes[p].top as usize;
        match if COLORS { self.colors[p] } else { 0 } {
            0 => self.cover::<COUNT_EMPTY, COLORS>(item, stats),
            KEPT => {}
            _ => self.purify::<COUNT_EMPTY>(p, stats),
        }
    }

    /// Undoes `commit(p)`.
    pub(crate) fn uncommit<const COUNT_EMPTY: bool, const COLORS: bool>(&mut self, p: usize) {
        let item = self.nodes[p].top as usize;
        match if COLORS { self.colors[p] } else { 0 } {
            0 => self.uncover::<COUNT_EMPTY, COLORS>(item),
            KEPT => {}
            _ => self.unpurify::<COUNT_EMPTY>(p),
        }
    }

    /// Undoes `cover_others(node)`, in reverse order.
    fn uncover_others<const COUNT_EMPTY: bool, const COLORS: bool>(&mut self, node: usize) {
        let mut p = node - 1;
        while p != node {
            let item = self.nodes[p].top;
            if item <= 0 {
                p = self.nodes[p].down as usize;
            } else {
                self.uncommit::<COUNT_EMPTY, COLORS>(p);
                p -= 1;
            }
        }
    }

    /// Removes `item` from its list of active items and every other option
    /// using it from the other items' lists.
    fn cover<const COUNT_EMPTY: bool, const COLORS: bool>(
        &mut self,
        item: usize,
        stats: &mut CoverStats,
    ) {
        let (mut updates, mut emptied) = (0, 0);
        let mut option = self.nodes[item].down as usize;
        while option != item {
            let (hidden, empty) = self.hide::<COUNT_EMPTY, COLORS>(option);
            updates += hidden;
            emptied += empty;
            option = self.nodes[option].down as usize;
        }
        stats.updates += updates;
        self.empty += emptied;
        let (left, right) = (self.prev[item], self.next[item]);
        self.next[left as usize] = right;
        self.prev[right as usize] = left;
        stats.updates += 1;
    }

    /// Undoes `cover(item)`.
    fn uncover<const COUNT_EMPTY: bool, const COLORS: bool>(&mut self, item: usize) {
        let (left, right) = (self.prev[item], self.next[item]);
        self.next[left as usize] = item as u32;
        self.prev[right as usize] = item as u32;
        let mut option = self.nodes[item].up as usize;
        let mut refilled = 0;
        while option != item {
            refilled += self.unhide::<COUNT_EMPTY, COLORS>(option);
            option = self.nodes[option].up as usize;
        }
        self.empty -= refilled;
    }

    /// Purifies the secondary item of node `node` to `node`'s color: hides
    /// every option whose node in that item has another color (or none),
    /// and marks the other nodes of the same color [`KEPT`].
    fn purify<const COUNT_EMPTY: bool>(&mut self, node: usize, stats: &mut CoverStats) {
        let color = self.colors[node];
        let item = self.nodes[node].top as usize;
        let (mut updates, mut emptied) = (0, 0);
        let mut q = self.nodes[item].down as usize;
        while q != item {
            if self.colors[q] == color {
                if q != node {
                    self.colors[q] = KEPT;
                }
            } else {
                let (hidden, empty) = self.hide::<COUNT_EMPTY, true>(q);
                updates += hidden;
                emptied += empty;
            }
            q = self.nodes[q].down as usize;
        }
        stats.updates += updates;
        self.empty += emptied;
    }

    /// Undoes `purify(node)`, in reverse order.
    fn unpurify<const COUNT_EMPTY: bool>(&mut self, node: usize) {
        let color = self.colors[node];
        let item = self.nodes[node].top as usize;
        let mut refilled = 0;
        let mut q = self.nodes[item].up as usize;
        while q != item {
            match self.colors[q] {
                KEPT => self.colors[q] = color,
                same if same == color => {}
                _ => refilled += self.unhide::<COUNT_EMPTY, true>(q),
            }
            q = self.nodes[q].up as usize;
        }
        self.empty -= refilled;
    }

    /// Unlinks the nodes of `node`'s option, other than `node` and nodes
    /// [`KEPT`] in a purified item, from their items' lists; returns how many it unlinked and how many lists it
    /// left empty. (Counting in locals rather than in `stats` and `empty`
    /// keeps a memory round trip off every update.)
    fn hide<const COUNT_EMPTY: bool, const COLORS: bool>(&mut self, node: usize) -> (u64, u32) {
        let (mut updates, mut emptied) = (0, 0);
        let mut q = node + 1;
        while q != node {
            let Node { top, up, down } = self.nodes[q];
            if top <= 0 {
                q = up as usize;
            } else if COLORS && self.colors[q] == KEPT {
                q += 1;
            } else {
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                let len = self.len[top as usize];
                self.len[top as usize] = len - 1;
                if COUNT_EMPTY {
                    emptied += u32::from(len == 1);
                }
                updates += 1;
                q += 1;
            }
        }
        (updates, emptied)
    }

    /// Undoes `hide(node)`; returns how many empty lists it refilled.
    fn unhide<const COUNT_EMPTY: bool, const COLORS: bool>(&mut self, node: usize) -> u32 {
        let mut refilled = 0;
        let mut q = node - 1;
        while q != node {
            let Node { top, up, down } = self.nodes[q];
            if top <= 0 {
                q = down as usize;
            } else if COLORS && self.colors[q] == KEPT {
                q -= 1;
            } else {
                self.nodes[up as usize].down = q as u32;
                self.nodes[down as usize].up = q as u32;
                let len = self.len[top as usize];
                if COUNT_EMPTY {
                    refilled += u32::from(len == 0);
                }
                self.len[top as usize] = len + 1;
                q -= 1;
            }
        }
        refilled
    }
}
