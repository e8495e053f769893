//! Forcing chains that branch: Sudoku Explainer's Nishio (7.5), multiple
//! (8.0), dynamic (8.5), dynamic "plus" (9.0) and nested (levels 2 to 5:
//! 9.5, 10.0, 10.5, 11.0) forcing chains.
//!
//! From one assumption (a candidate on, or off) every consequence is
//! followed breadth first, as in [`super::chains`], into a *run*: the
//! potentials it implies, each with the potentials that imply it. In a
//! *dynamic* run each candidate the run turns off is also struck from a
//! working copy of the board, so later links see the board as the
//! assumption leaves it (a cell or unit down to one place because of
//! earlier steps of the run gives a link, with those steps among its
//! causes). In a *plus* run, when the links run out, the basic techniques
//! (locked candidates, hidden and naked pairs, X-Wing) are tried on that
//! board; in a *nested* run, when those find nothing, chains are tried
//! there too (by level: the static forcing chains and cycles of
//! [`super::chains`], this module's multiple, dynamic or level 2 nested
//! chains). As in Sudoku Explainer, every step of the first of these
//! rules that has one resting on the run's strikes joins the run, easiest
//! first: each removal caused by the strikes its step rests on (its rule
//! parents: for a pattern, the strikes that made it; for a chain, those
//! that left a cell or unit of its one choice) and carrying its chain's
//! length. What is found within runs is kept by the board the run left,
//! for the runs that come to the same board. Runs stop at a
//! contradiction: a potential and its negation.
//!
//! What the runs prove:
//!
//! - **contradiction**: an assumption whose run contradicts itself is
//!   false (Nishio: X links only, dynamic; dynamic chains: all links);
//! - **double**: what follows from a candidate both on and off holds
//!   (dynamic, cells of three or more candidates);
//! - **cell**: what follows from every candidate of a cell holds;
//! - **region**: what follows from every place of a digit in a unit holds.
//!
//! Each conclusion is rated as Sudoku Explainer rates it: the tier's base
//! plus its length scale over all the potentials its chains need (a
//! link's causes included). The easiest conclusion of the first tier that
//! has one is the step. Every conclusion holds in every solution: it
//! follows, link by sound link, from each case of an exhaustive split.

use super::chains::{length_bonus, mark_rests_on, mix, VIA_CELL, VIA_NONE};
use crate::board::Board;
use crate::sentence::Said;
use crate::step::{Rating, Step, Technique};
use gridsolve_sudoku::{Budget, Cell, Digit, DigitSet, Unit, UnitKind, CELLS};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

const DIGITS: usize = 9;
const CANDIDATES: usize = CELLS * DIGITS;
const NONE: u32 = u32::MAX;

/// Which of Sudoku Explainer's branching tiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tier {
    /// Contradictions through X links, on a board the run updates.
    Nishio,
    /// Cell and region conclusions, on the board as it stands.
    Multiple,
    /// Every kind of conclusion, on a board the run updates.
    Dynamic,
    /// As dynamic, the basic techniques also applied within each run.
    DynamicPlus,
    /// As dynamic plus, with more chains applied within each run, by
    /// Sudoku Explainer's nesting level: 2, the static forcing chains and
    /// cycles; 3, those and the multiple forcing chains; 4, the dynamic
    /// forcing chains; 5, those and the level 2 nested ones.
    Nested(u8),
}

impl Tier {
    fn technique(self) -> Technique {
        match self {
            Tier::Nishio => Technique::NishioChain,
            Tier::Multiple => Technique::MultipleChain,
            Tier::Dynamic => Technique::DynamicChain,
            Tier::DynamicPlus => Technique::DynamicPlusChain,
            Tier::Nested(level) => Technique::NestedChain(level),
        }
    }

    fn dynamic(self) -> bool {
        self != Tier::Multiple
    }

    /// Whether links within a cell are used.
    fn y_links(self) -> bool {
        self != Tier::Nishio
    }

    /// Whether anything is applied within its runs once their links run
    /// out (the plus and nested tiers).
    fn applies_within(self) -> bool {
        matches!(self, Tier::DynamicPlus | Tier::Nested(_))
    }

    /// The rules applied within each run once its links run out, in the
    /// order tried: the basic techniques, then the chains of
    /// [`Tier::nested_rules`].
    fn rules_within(self) -> impl Iterator<Item = Rule> {
        let basic: &[Rule] = if self.applies_within() { &BASIC } else { &[] };
        basic.iter().chain(self.nested_rules()).copied()
    }

    /// The chains applied within each run once the basic techniques find
    /// nothing, in the order tried.
    fn nested_rules(self) -> &'static [Rule] {
        match self {
            Tier::Nested(2) => &[Rule::Static],
            Tier::Nested(3) => &[Rule::Static, Rule::Forcing(Tier::Multiple)],
            Tier::Nested(4) => &[Rule::Forcing(Tier::Dynamic)],
            Tier::Nested(_) => &[Rule::Forcing(Tier::Dynamic), Rule::Forcing(Tier::Nested(2))],
            _ => &[],
        }
    }
}

/// The basic techniques applied within a run, in Sudoku Explainer's order.
const BASIC: [Rule; 4] = [
    Rule::Locking,
    Rule::HiddenPair,
    Rule::NakedPair,
    Rule::XWing,
];

/// A technique applied within a run.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Pointing and claiming.
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
    /// The static forcing chains and cycles of [`super::chains`].
    Static,
    /// One of this module's tiers.
    Forcing(Tier),
}

/// A potential in a run: a candidate (cell-major index) on or off, and
/// the range of the run's `parents` list holding what implies it.
#[derive(Clone, Copy, Debug)]
struct Node {
    candidate: u16,
    on: bool,
    parents: (u32, u32),
    /// The step of `Run::nested` that produced it (`NONE` for a link).
    nested: u32,
    /// For a potential turned on, what left it the one choice (see
    /// [`mark_rests_on`]).
    via: u8,
}

/// Everything one assumption implies, in the order found.
struct Run {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// For each candidate, the node that turns it on (or `NONE`).
    on: Vec<u32>,
    /// For each candidate, the node that turns it off (or `NONE`).
    off: Vec<u32>,
    /// The on and off nodes in the order they were found.
    found_on: Vec<u32>,
    found_off: Vec<u32>,
    /// The two nodes that contradict each other, if the run did.
    absurd: Option<(u32, u32)>,
    /// For each step a technique made within the run, the potentials its
    /// own chain needs (0 for a basic technique) and its chain's
    /// fingerprint.
    nested: Vec<(usize, u64)>,
}

fn cell_of(candidate: usize) -> usize {
    candidate / DIGITS
}

fn digit_of(candidate: usize) -> usize {
    candidate % DIGITS
}

/// The digit of index `digit` (0 to 8).
fn digit_named(digit: usize) -> Digit {
    Digit::new(digit as u8 + 1).expect("digits are 0..9")
}

/// The cells of each cell's box, row and column.
fn regions(cell: usize) -> [[Cell; 9]; 3] {
    let [row, col, boxed] = Unit::of(Cell::new(cell).expect("cells are 0..81"));
    [boxed.cells(), row.cells(), col.cells()]
}

impl Run {
    fn new() -> Run {
        Run {
            nodes: Vec::new(),
            parents: Vec::new(),
            on: vec![NONE; CANDIDATES],
            off: vec![NONE; CANDIDATES],
            found_on: Vec::new(),
            found_off: Vec::new(),
            absurd: None,
            nested: Vec::new(),
        }
    }

    fn push(&mut self, candidate: usize, on: bool, parents: &[u32], via: u8) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            candidate: candidate as u16,
            on,
            parents: (start, self.parents.len() as u32),
            nested: NONE,
            via,
        });
        (self.nodes.len() - 1) as u32
    }

    fn parents_of(&self, node: u32) -> &[u32] {
        let (start, end) = self.nodes[node as usize].parents;
        &self.parents[start as usize..end as usize]
    }

    /// What the chains to nodes `ends` need: for each end the distinct
    /// potentials it needs, itself included; those of the chains of the
    /// steps made within the run that they need, once a chain (by its
    /// fingerprint: `chains` holds those counted already, as in Sudoku
    /// Explainer, where the same chain found in two runs counts once);
    /// and the candidates whose absence they rest on.
    fn proof(&self, ends: &[u32], chains: &mut HashSet<u64>) -> Proof {
        let mut proof = Proof {
            count: 0,
            rests_on: [0; CELLS],
            fingerprint: 0,
        };
        for &end in ends {
            let mut seen = vec![false; 2 * CANDIDATES];
            let mut todo = vec![end];
            let mut potentials = 0;
            while let Some(at) = todo.pop() {
                let node = self.nodes[at as usize];
                let key = usize::from(node.candidate) * 2 + usize::from(node.on);
                if seen[key] {
                    continue;
                }
                seen[key] = true;
                proof.count += 1;
                potentials ^= mix(key as u64);
                if node.on {
                    mark_rests_on(&mut proof.rests_on, usize::from(node.candidate), node.via);
                }
                if node.nested != NONE {
                    let (complexity, fingerprint) = self.nested[node.nested as usize];
                    if chains.insert(fingerprint) {
                        proof.count += complexity;
                    }
                }
                todo.extend_from_slice(self.parents_of(at));
            }
            proof.fingerprint = proof.fingerprint.rotate_left(7) ^ mix(potentials);
        }
        proof
    }

    /// The first line of causes from the assumption to node `index`.
    fn thread(&self, index: u32) -> Vec<Node> {
        let mut thread = vec![self.nodes[index as usize]];
        let mut at = index;
        while let Some(&parent) = self.parents_of(at).first() {
            thread.push(self.nodes[parent as usize]);
            at = parent;
        }
        thread.reverse();
        thread
    }
}

/// What the potentials of a conclusion's chains need: how many (with the
/// potentials of the chains of steps made within runs) and the candidates
/// whose absence they rest on.
#[derive(Clone, Copy)]
struct Proof {
    count: usize,
    rests_on: [u16; CELLS],
    /// The chains' potentials, end by end, hashed: the same chains give
    /// the same fingerprint.
    fingerprint: u64,
}

impl Proof {
    /// The proof of both.
    fn and(mut self, other: Proof) -> Proof {
        self.count += other.count;
        for (mask, other) in self.rests_on.iter_mut().zip(other.rests_on) {
            *mask |= other;
        }
        self.fingerprint = self.fingerprint.rotate_left(7) ^ other.fingerprint;
        self
    }
}

/// What the runs of one board share: the board, the tier, the budget,
/// and the steps already found within runs, by the candidates the run had
/// left (two assumptions often come to the same board: a two-candidate
/// cell's one candidate on and the other off).
struct Search<'a> {
    start: &'a Board,
    /// The candidates of `start`, as bit masks.
    board: [u16; CELLS],
    tier: Tier,
    budget: &'a Budget,
    within: RefCell<HashMap<[u16; CELLS], Rc<[Within]>>>,
}

/// Follows `candidate` assumed on (or off) on the search's board.
fn follow(search: &Search, (candidate, on): (usize, bool)) -> Run {
    let (board, tier) = (&search.board, search.tier);
    let mut run = Run::new();
    let mut grid = *board;
    let root = run.push(candidate, on, &[], VIA_NONE);
    let mut pending_on = VecDeque::new();
    let mut pending_off = VecDeque::new();
    if on {
        run.on[candidate] = root;
        run.found_on.push(root);
        pending_on.push_back(root);
    } else {
        run.off[candidate] = root;
        run.found_off.push(root);
        pending_off.push_back(root);
    }
    // Scratch for each link's results, kept across the run's nodes.
    let (mut targets, mut implied, mut causes) = (Vec::new(), Vec::new(), Vec::new());
    loop {
        if let Some(index) = pending_on.pop_front() {
            let candidate = usize::from(run.nodes[index as usize].candidate);
            on_to_off(&grid, candidate, tier.y_links(), &mut targets);
            for &target in &targets {
                if run.on[target] != NONE {
                    let off = run.push(target, false, &[index], VIA_NONE);
                    run.absurd = Some((run.on[target], off));
                    return run;
                }
                if run.off[target] == NONE {
                    let off = run.push(target, false, &[index], VIA_NONE);
                    run.off[target] = off;
                    run.found_off.push(off);
                    pending_off.push_back(off);
                }
            }
            continue;
        }
        let Some(index) = pending_off.pop_front() else {
            if advance(search, &grid, &mut run, &mut pending_off) {
                continue;
            }
            return run;
        };
        let candidate = usize::from(run.nodes[index as usize].candidate);
        off_to_on(
            &grid,
            board,
            &run,
            (index, candidate),
            tier.y_links(),
            &mut implied,
            &mut causes,
        );
        if tier.dynamic() {
            grid[cell_of(candidate)] &= !(1 << digit_of(candidate));
        }
        for &(target, start, end, via) in &implied {
            let on = run.push(target, true, &causes[start..end], via);
            if run.off[target] != NONE {
                run.absurd = Some((on, run.off[target]));
                return run;
            }
            if run.on[target] == NONE {
                run.on[target] = on;
                run.found_on.push(on);
                pending_on.push_back(on);
            }
        }
    }
}

/// When the run's links run out: the steps of the tier's
/// [`Tier::rules_within`] on the board as the run leaves it (`grid`) join
/// the run as [`steps_within`] gives them, each removal caused by the
/// strikes its step rests on. Whether any removal joined.
fn advance(
    search: &Search,
    grid: &[u16; CELLS],
    run: &mut Run,
    pending_off: &mut VecDeque<u32>,
) -> bool {
    if !search.tier.applies_within() {
        return false;
    }
    let known = search.within.borrow().get(grid).cloned();
    let steps = known.unwrap_or_else(|| {
        let steps = steps_within(search, grid);
        search.within.borrow_mut().insert(*grid, Rc::clone(&steps));
        steps
    });
    let mut added = false;
    for step in steps.iter() {
        let chain = run.nested.len() as u32;
        run.nested.push((step.complexity, step.fingerprint));
        let parents: Vec<u32> = step
            .rests_on
            .iter()
            .map(|&candidate| run.off[usize::from(candidate)])
            .collect();
        for &target in &step.eliminations {
            let target = usize::from(target);
            if run.off[target] == NONE {
                let off = run.push(target, false, &parents, VIA_NONE);
                run.nodes[off as usize].nested = chain;
                run.off[target] = off;
                run.found_off.push(off);
                pending_off.push_back(off);
                added = true;
            }
        }
    }
    added
}

/// A step found within a run (candidates as cell-major indices).
struct Within {
    /// The candidates it removes.
    eliminations: Vec<u16>,
    /// The strikes of the run it rests on: its removals' causes.
    rests_on: Vec<u16>,
    /// The potentials its own chain needs (0 for a basic technique).
    complexity: usize,
    /// Its chain's fingerprint (see [`Proof`]).
    fingerprint: u64,
}

/// As Sudoku Explainer: every step of the first rule of the tier's
/// [`Tier::rules_within`] that has one resting on some strike of the run
/// (a candidate of the search's board that `grid` has lost), easiest
/// first; steps that rest on no strike (they were there before the
/// assumption) are left out.
fn steps_within(search: &Search, grid: &[u16; CELLS]) -> Rc<[Within]> {
    let narrowed = search.start.narrowed(grid);
    let struck = |rests_on: &[u16; CELLS]| -> Vec<u16> {
        (0..CELLS)
            .flat_map(|cell| {
                let lost = search.board[cell] & !grid[cell] & rests_on[cell];
                (0..DIGITS)
                    .filter(move |&digit| lost >> digit & 1 != 0)
                    .map(move |digit| (cell * DIGITS + digit) as u16)
            })
            .collect()
    };
    for rule in search.tier.rules_within() {
        let steps: Vec<Within> = deductions(&narrowed, rule, search.budget)
            .into_iter()
            .filter_map(|deduction| {
                let rests_on = struck(&deduction.rests_on);
                (!rests_on.is_empty()).then(|| Within {
                    eliminations: deduction
                        .eliminations
                        .iter()
                        .map(|&(cell, digit)| (cell * DIGITS + digit) as u16)
                        .collect(),
                    rests_on,
                    complexity: deduction.complexity,
                    fingerprint: deduction.fingerprint,
                })
            })
            .collect();
        if !steps.is_empty() {
            return steps.into();
        }
    }
    Rc::new([])
}

/// A step of a rule on a board: what it removes, the candidates whose
/// absence it rests on, and the potentials its chain needs (0 for a basic
/// technique).
struct Deduction {
    eliminations: Vec<(usize, usize)>,
    rests_on: [u16; CELLS],
    complexity: usize,
    /// The chain's fingerprint (0 for a basic technique).
    fingerprint: u64,
}

/// Every step of `rule` on `board`, in Sudoku Explainer's order.
fn deductions(board: &Board, rule: Rule, budget: &Budget) -> Vec<Deduction> {
    match rule {
        Rule::Locking => locking_deductions(board),
        Rule::HiddenPair => {
            let mut sets: Vec<_> = super::subsets::hidden_sets(board, 2, 5).collect();
            sets.sort_by_key(|set| explainer_unit_order(set.unit));
            sets.into_iter()
                .map(|set| {
                    let cells = set.unit.cells();
                    basic_deduction(&set.eliminations, pattern(&cells, set.digits.bits()))
                })
                .collect()
        }
        Rule::NakedPair => {
            let mut steps: Vec<Step> = super::subsets::naked_subsets(board, 2).collect();
            steps.sort_by_key(|step| explainer_unit_order(step.units[0]));
            steps
                .iter()
                .map(|step| basic_deduction(&step.eliminations, pattern(&step.cells, 0x1FF)))
                .collect()
        }
        Rule::XWing => super::fish::fishes(board, 2)
            .map(|step| {
                let (base, cover) = step.units.split_at(2);
                let digit = step.digits.bits();
                let outside = outside_cover(base, cover);
                basic_deduction(&step.eliminations, pattern(&outside, digit))
            })
            .collect(),
        Rule::Static => super::chains::every_chain(board)
            .into_iter()
            .map(|found| Deduction {
                rests_on: found.rests_on(),
                fingerprint: found.fingerprint(),
                eliminations: found.eliminations,
                complexity: found.complexity,
            })
            .collect(),
        Rule::Forcing(tier) => conclude(board, tier, budget, true)
            .into_iter()
            .map(|conclusion| Deduction {
                eliminations: conclusion.eliminations,
                rests_on: conclusion.proof.rests_on,
                complexity: conclusion.proof.count,
                fingerprint: conclusion.proof.fingerprint,
            })
            .collect(),
    }
}

/// Pointing and claiming in Sudoku Explainer's order: from boxes to
/// columns, boxes to rows, columns to boxes, rows to boxes. Each rests on
/// its digit's places in the base unit outside the cover.
fn locking_deductions(board: &Board) -> Vec<Deduction> {
    let mut locks: Vec<_> = super::intersections::locks(board, true)
        .chain(super::intersections::locks(board, false))
        .collect();
    let order = |kind: UnitKind, cover: UnitKind| match (kind, cover) {
        (UnitKind::Box, UnitKind::Column) => 0,
        (UnitKind::Box, _) => 1,
        (UnitKind::Column, _) => 2,
        _ => 3,
    };
    locks.sort_by_key(|lock| {
        let phase = order(lock.base.kind(), lock.cover.kind());
        (
            phase,
            lock.base.number(),
            lock.cover.number(),
            lock.digit.get(),
        )
    });
    locks
        .iter()
        .map(|lock| {
            let outside = outside_cover(&[lock.base], &[lock.cover]);
            basic_deduction(
                &lock.eliminations,
                pattern(&outside, DigitSet::single(lock.digit).bits()),
            )
        })
        .collect()
}

/// Sudoku Explainer's order of units for subsets: boxes, columns, rows.
fn explainer_unit_order(unit: Unit) -> (u8, usize) {
    let kind = match unit.kind() {
        UnitKind::Box => 0,
        UnitKind::Column => 1,
        UnitKind::Row => 2,
    };
    (kind, unit.number())
}

/// The cells of the `base` units outside every `cover` unit.
fn outside_cover(base: &[Unit], cover: &[Unit]) -> Vec<Cell> {
    base.iter()
        .flat_map(|unit| unit.cells())
        .filter(|cell| !cover.iter().any(|unit| unit.cells().contains(cell)))
        .collect()
}

/// The candidates `digits` (a mask) of `cells`, as a mask a cell.
fn pattern(cells: &[Cell], digits: u16) -> [u16; CELLS] {
    let mut rests_on = [0; CELLS];
    for cell in cells {
        rests_on[cell.index()] |= digits;
    }
    rests_on
}

/// A basic technique's step: its removals, resting on `rests_on`.
fn basic_deduction(eliminations: &[(Cell, Digit)], rests_on: [u16; CELLS]) -> Deduction {
    Deduction {
        eliminations: eliminations
            .iter()
            .map(|&(cell, digit)| (cell.index(), usize::from(digit.get() - 1)))
            .collect(),
        rests_on,
        complexity: 0,
        fingerprint: 0,
    }
}

/// What `candidate` on turns off: the cell's other candidates (with Y
/// links) and the digit in the cell's peers.
fn on_to_off(grid: &[u16; CELLS], candidate: usize, y_links: bool, targets: &mut Vec<usize>) {
    let (cell, digit) = (cell_of(candidate), digit_of(candidate));
    targets.clear();
    if y_links {
        for other in (0..DIGITS).filter(|&other| other != digit && grid[cell] >> other & 1 != 0) {
            targets.push(cell * DIGITS + other);
        }
    }
    let mut seen: u128 = 1 << cell;
    for region in &super::chains::regions()[cell] {
        for peer in region.iter().map(|&peer| usize::from(peer)) {
            if seen >> peer & 1 == 0 && grid[peer] >> digit & 1 != 0 {
                seen |= 1 << peer;
                targets.push(peer * DIGITS + digit);
            }
        }
    }
}

/// What one potential off implies: the candidate turned on, as
/// `causes[start..end]` what implies it, and what left it the one choice
/// (see [`mark_rests_on`]).
type Implied = (usize, usize, usize, u8);

/// Into `implied` (and their causes into `causes`): what node `index`
/// (`candidate` off) turns on, each caused by the node and the run's
/// earlier offs that left the cell or unit down to one place (candidates
/// of `board` that `grid` has lost).
fn off_to_on(
    grid: &[u16; CELLS],
    board: &[u16; CELLS],
    run: &Run,
    (index, candidate): (u32, usize),
    y_links: bool,
    implied: &mut Vec<Implied>,
    causes: &mut Vec<u32>,
) {
    let (cell, digit) = (cell_of(candidate), digit_of(candidate));
    implied.clear();
    causes.clear();
    if y_links && grid[cell].count_ones() == 2 {
        let other = (grid[cell] & !(1 << digit)).trailing_zeros() as usize;
        let start = causes.len();
        causes.push(index);
        let lost = board[cell] & !grid[cell];
        causes.extend(
            (0..DIGITS)
                .filter(|&gone| lost >> gone & 1 != 0)
                .map(|gone| run.off[cell * DIGITS + gone]),
        );
        implied.push((cell * DIGITS + other, start, causes.len(), VIA_CELL));
    }
    for (via, region) in super::chains::regions()[cell].iter().enumerate() {
        let region = region.map(usize::from);
        let mut places = region
            .iter()
            .copied()
            .filter(|&peer| peer != cell && grid[peer] >> digit & 1 != 0);
        if let (Some(other), None) = (places.next(), places.next()) {
            let start = causes.len();
            causes.push(index);
            causes.extend(
                region
                    .iter()
                    .filter(|&&peer| board[peer] >> digit & 1 != 0 && grid[peer] >> digit & 1 == 0)
                    .map(|&peer| run.off[peer * DIGITS + digit]),
            );
            implied.push((other * DIGITS + digit, start, causes.len(), via as u8));
        }
    }
}

/// One conclusion: the candidates it removes, how it was proved, and the
/// runs' nodes that prove it.
struct Conclusion {
    rating: Rating,
    /// What its chains need: `proof.count` is its complexity.
    proof: Proof,
    sort_key: u8,
    eliminations: Vec<(usize, usize)>,
    explanation: String,
}

/// The runs of one board, each computed when first asked for.
struct Runs<'a> {
    search: Search<'a>,
    on: Vec<Option<Run>>,
    off: Vec<Option<Run>>,
}

impl Runs<'_> {
    fn on(&mut self, candidate: usize) -> &Run {
        let search = &self.search;
        self.on[candidate].get_or_insert_with(|| follow(search, (candidate, true)))
    }

    fn off(&mut self, candidate: usize) -> &Run {
        let search = &self.search;
        self.off[candidate].get_or_insert_with(|| follow(search, (candidate, false)))
    }
}

/// The easiest conclusion of `tier` on `board`.
pub(super) fn best(board: &Board, tier: Tier, budget: &Budget) -> Option<Step> {
    let easiest = conclude(board, tier, budget, false).into_iter().next();
    easiest.map(|conclusion| step_of(conclusion, tier))
}

/// The easiest conclusion of `tier` on `board` or, with `every`, every
/// conclusion as Sudoku Explainer lists them for a step within a nested
/// run: easiest first (the lowest rating, the fewest potentials, then the
/// kind), one a set of removals (the easiest), with no explanation.
fn conclude(board: &Board, tier: Tier, budget: &Budget, every: bool) -> Vec<Conclusion> {
    let mut grid = [0u16; CELLS];
    for cell in Cell::all() {
        grid[cell.index()] = board.candidates(cell).bits();
    }
    let mut runs = Runs {
        search: Search {
            start: board,
            board: grid,
            tier,
            budget,
            within: RefCell::new(HashMap::new()),
        },
        on: (0..CANDIDATES).map(|_| None).collect(),
        off: (0..CANDIDATES).map(|_| None).collect(),
    };
    let mut best = Best {
        base: tier.technique().rating().0,
        every,
        kept: Vec::new(),
    };
    for (cell, &held) in grid.iter().enumerate() {
        if budget.poll().is_some() {
            return Vec::new();
        }
        let count = held.count_ones();
        if count < 2 || (count == 2 && !tier.dynamic()) {
            continue;
        }
        let digits: Vec<usize> = (0..DIGITS)
            .filter(|&digit| grid[cell] >> digit & 1 != 0)
            .collect();
        for &digit in &digits {
            let candidate = cell * DIGITS + digit;
            if tier.dynamic() {
                contradictions(&mut runs, candidate, &mut best);
            }
            if !matches!(tier, Tier::Nishio | Tier::Multiple) && count >= 3 {
                doubles(&mut runs, candidate, &mut best);
            }
            if tier != Tier::Nishio {
                for region in regions(cell) {
                    region_conclusions(&mut runs, &region, cell, digit, &mut best);
                }
            }
        }
        if tier != Tier::Nishio {
            let sources: Vec<usize> = digits.iter().map(|&digit| cell * DIGITS + digit).collect();
            let source = Cell::new(cell).expect("cells are 0..81");
            let what = format!("whichever candidate {source} takes");
            let rests_on = pattern(&[source], 0x1FF);
            common_conclusions(&mut runs, &sources, (5, rests_on), &what, &mut best);
        }
    }
    best.finish()
}

/// The conclusions offered so far: the easiest one (the lowest rating,
/// then the fewest potentials, then Sudoku Explainer's order of kinds)
/// or, with `every`, all of them.
struct Best {
    /// The tier's base rating, in tenths.
    base: u8,
    every: bool,
    kept: Vec<Conclusion>,
}

impl Best {
    /// Keeps the conclusion proved by `proof` that removes
    /// `eliminations`, when every conclusion is wanted or it is easier
    /// than the one kept; `explain` (called only for the easiest) says
    /// why it holds.
    fn offer(
        &mut self,
        proof: Proof,
        sort_key: u8,
        eliminations: Vec<(usize, usize)>,
        explain: impl FnOnce() -> String,
    ) {
        if eliminations.is_empty() {
            return;
        }
        let complexity = proof.count;
        let rating = Rating(self.base + length_bonus(complexity));
        let easier = self.kept.first().is_none_or(|kept| {
            (rating, complexity, sort_key) < (kept.rating, kept.proof.count, kept.sort_key)
        });
        if !self.every && !easier {
            return;
        }
        let conclusion = Conclusion {
            rating,
            proof,
            sort_key,
            eliminations,
            explanation: if self.every { String::new() } else { explain() },
        };
        if !self.every {
            self.kept.clear();
        }
        self.kept.push(conclusion);
    }

    /// The conclusions kept, easiest first, one a set of removals.
    fn finish(mut self) -> Vec<Conclusion> {
        self.kept
            .sort_by_key(|kept| (kept.rating, kept.proof.count, kept.sort_key));
        let mut seen = HashSet::new();
        self.kept
            .retain(|kept| seen.insert(kept.eliminations.clone()));
        self.kept
    }
}

/// An assumption whose run contradicts itself: the candidate is off (an
/// on assumption) or on (an off one).
fn contradictions(runs: &mut Runs, candidate: usize, best: &mut Best) {
    let board = runs.search.board;
    for on in [true, false] {
        let run = if on {
            runs.on(candidate)
        } else {
            runs.off(candidate)
        };
        let Some((yes, no)) = run.absurd else {
            continue;
        };
        let eliminations = if on {
            vec![(cell_of(candidate), digit_of(candidate))]
        } else {
            others(&board, candidate)
        };
        best.offer(
            run.proof(&[yes, no], &mut HashSet::new()),
            7,
            eliminations,
            || {
                format!(
                    "{} leads both to {} ({}) and to its negation ({}), so it is false",
                    written(candidate as u16, on),
                    written(run.nodes[yes as usize].candidate, true),
                    thread_text(run, yes),
                    thread_text(run, no)
                )
            },
        );
    }
}

/// What a candidate implies both on and off.
fn doubles(runs: &mut Runs, candidate: usize, best: &mut Best) {
    let board = runs.search.board;
    runs.on(candidate);
    runs.off(candidate);
    let on_run = runs.on[candidate].as_ref().expect("run above");
    let off_run = runs.off[candidate].as_ref().expect("run above");
    for (from_on, from_off, on) in [
        (&on_run.found_on, &off_run.on, true),
        (&on_run.found_off, &off_run.off, false),
    ] {
        for &yes in from_on {
            let target = usize::from(on_run.nodes[yes as usize].candidate);
            let other = from_off[target];
            if other == NONE || target == candidate {
                continue;
            }
            let mut chains = HashSet::new();
            let on_proof = on_run.proof(&[yes], &mut chains);
            best.offer(
                on_proof.and(off_run.proof(&[other], &mut chains)),
                1,
                conclusion_removals(&board, target, on),
                || {
                    format!(
                        "{} holds whether {} or not ({}; {})",
                        written(target as u16, on),
                        written(candidate as u16, true),
                        thread_text(on_run, yes),
                        thread_text(off_run, other)
                    )
                },
            );
        }
    }
}

/// The conclusions common to every place of `digit` in `region`, when
/// `cell` is its first place (so each unit is tried once).
fn region_conclusions(
    runs: &mut Runs,
    region: &[Cell; 9],
    cell: usize,
    digit: usize,
    best: &mut Best,
) {
    let places: Vec<usize> = region
        .iter()
        .map(|peer| peer.index())
        .filter(|&peer| runs.search.board[peer] >> digit & 1 != 0)
        .collect();
    if places.len() < 2 || places[0] != cell {
        return;
    }
    let sources: Vec<usize> = places.iter().map(|&place| place * DIGITS + digit).collect();
    let unit = Unit::of(Cell::new(cell).expect("cells are 0..81"))
        .into_iter()
        .find(|unit| unit.cells() == *region)
        .expect("the region is one of the cell's units");
    let what = format!("wherever {} goes in {unit}", Said(digit_named(digit)));
    let rests_on = pattern(region, 1 << digit);
    common_conclusions(runs, &sources, (6, rests_on), &what, best);
}

/// What every one of `sources` (on) implies: conclusions of `kind` (their
/// sort key, and the candidates whose absence made the sources all the
/// choices there are).
fn common_conclusions(
    runs: &mut Runs,
    sources: &[usize],
    (sort_key, source_rests_on): (u8, [u16; CELLS]),
    what: &str,
    best: &mut Best,
) {
    let board = runs.search.board;
    for &source in sources {
        runs.on(source);
    }
    let runs_of: Vec<&Run> = sources
        .iter()
        .map(|&source| runs.on[source].as_ref().expect("run above"))
        .collect();
    let first = runs_of[0];
    for on in [true, false] {
        let found = if on {
            &first.found_on
        } else {
            &first.found_off
        };
        for &node in found {
            let target = usize::from(first.nodes[node as usize].candidate);
            let ends: Option<Vec<u32>> = runs_of
                .iter()
                .map(|run| {
                    let end = if on { run.on[target] } else { run.off[target] };
                    (end != NONE).then_some(end)
                })
                .collect();
            let Some(ends) = ends else {
                continue;
            };
            if sources.contains(&target) {
                continue;
            }
            let start = Proof {
                count: 0,
                rests_on: source_rests_on,
                fingerprint: 0,
            };
            let mut chains = HashSet::new();
            let proof = runs_of
                .iter()
                .zip(&ends)
                .map(|(run, &end)| run.proof(&[end], &mut chains))
                .fold(start, Proof::and);
            best.offer(
                proof,
                sort_key,
                conclusion_removals(&board, target, on),
                || {
                    let threads: Vec<String> = runs_of
                        .iter()
                        .zip(&ends)
                        .map(|(run, &end)| thread_text(run, end))
                        .collect();
                    format!(
                        "{} holds {what} ({})",
                        written(target as u16, on),
                        threads.join("; ")
                    )
                },
            );
        }
    }
}

/// What proving `candidate` on (its cell's other candidates) or off (the
/// candidate) removes.
fn conclusion_removals(board: &[u16; CELLS], candidate: usize, on: bool) -> Vec<(usize, usize)> {
    if on {
        others(board, candidate)
    } else {
        vec![(cell_of(candidate), digit_of(candidate))]
    }
}

/// The other candidates of `candidate`'s cell.
fn others(board: &[u16; CELLS], candidate: usize) -> Vec<(usize, usize)> {
    let (cell, digit) = (cell_of(candidate), digit_of(candidate));
    (0..DIGITS)
        .filter(|&other| other != digit && board[cell] >> other & 1 != 0)
        .map(|other| (cell, other))
        .collect()
}

/// `r1c2=5` or `r1c2≠5`.
fn written(candidate: u16, on: bool) -> String {
    super::chains::potential_text(usize::from(candidate), on)
}

fn thread_text(run: &Run, index: u32) -> String {
    let thread: Vec<String> = run
        .thread(index)
        .iter()
        .map(|node| written(node.candidate, node.on))
        .collect();
    thread.join(" → ")
}

fn step_of(conclusion: Conclusion, tier: Tier) -> Step {
    let technique = tier.technique();
    let eliminations: Vec<(Cell, Digit)> = conclusion
        .eliminations
        .iter()
        .map(|&(cell, digit)| {
            (
                Cell::new(cell).expect("cells are 0..81"),
                digit_named(digit),
            )
        })
        .collect();
    let mut cells: Vec<Cell> = eliminations.iter().map(|&(cell, _)| cell).collect();
    cells.dedup();
    let digits = eliminations
        .iter()
        .fold(DigitSet::EMPTY, |set, &(_, digit)| {
            set.union(DigitSet::single(digit))
        });
    let explanation = format!(
        "{} ({technique}, {} potentials), so {}",
        conclusion.explanation,
        conclusion.proof.count,
        crate::step::removal_sentence(&eliminations)
    );
    Step {
        technique,
        rating: conclusion.rating,
        cells,
        units: Vec::new(),
        digits,
        placements: Vec::new(),
        eliminations,
        explanation: explanation.into(),
    }
}
