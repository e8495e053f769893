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
//! board, and what they remove joins the run, caused by the strikes that
//! made their pattern; in a *nested* run, when those find nothing, chains
//! are tried there too (by level: the static forcing chains and cycles of
//! [`super::chains`], this module's multiple, dynamic or level 2 nested
//! chains), each removal caused by the strikes in the chain's cells and
//! carrying the chain's length. What is found within runs is kept by the
//! board the run left, for the runs that come to the same board.
//! Runs stop at a contradiction: a potential and its negation.
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

use super::chains::length_bonus;
use crate::board::Board;
use crate::step::{Rating, Step, Technique};
use gridsolve_sudoku::{Budget, Cell, Digit, DigitSet, Unit, CELLS};
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

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

    /// The chains applied within each run once the basic techniques find
    /// nothing, in the order tried.
    fn nested_rules(self) -> &'static [Inner] {
        match self {
            Tier::Nested(2) => &[Inner::Static],
            Tier::Nested(3) => &[Inner::Static, Inner::Forcing(Tier::Multiple)],
            Tier::Nested(4) => &[Inner::Forcing(Tier::Dynamic)],
            Tier::Nested(_) => &[
                Inner::Forcing(Tier::Dynamic),
                Inner::Forcing(Tier::Nested(2)),
            ],
            _ => &[],
        }
    }
}

/// A chain technique applied within a nested run.
#[derive(Clone, Copy, Debug)]
enum Inner {
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
    /// own chain needs (0 for a basic technique).
    nested: Vec<usize>,
}

fn cell_of(candidate: usize) -> usize {
    candidate / DIGITS
}

fn digit_of(candidate: usize) -> usize {
    candidate % DIGITS
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

    fn push(&mut self, candidate: usize, on: bool, parents: &[u32]) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            candidate: candidate as u16,
            on,
            parents: (start, self.parents.len() as u32),
            nested: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    fn parents_of(&self, node: u32) -> &[u32] {
        let (start, end) = self.nodes[node as usize].parents;
        &self.parents[start as usize..end as usize]
    }

    /// The distinct potentials node `index` needs, itself included, and
    /// those of the chains of the steps made within the run that it needs;
    /// and the cells of the potentials (a mask of cell indices).
    fn ancestors(&self, index: u32) -> (usize, u128) {
        let mut seen = vec![false; 2 * CANDIDATES];
        let mut chains_seen = vec![false; self.nested.len()];
        let mut todo = vec![index];
        let (mut count, mut cells) = (0, 0u128);
        while let Some(at) = todo.pop() {
            let node = self.nodes[at as usize];
            let key = usize::from(node.candidate) * 2 + usize::from(node.on);
            if !seen[key] {
                seen[key] = true;
                count += 1;
                cells |= 1 << cell_of(usize::from(node.candidate));
                if node.nested != NONE && !chains_seen[node.nested as usize] {
                    chains_seen[node.nested as usize] = true;
                    count += self.nested[node.nested as usize];
                }
                todo.extend_from_slice(self.parents_of(at));
            }
        }
        (count, cells)
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
    within: RefCell<HashMap<[u16; CELLS], Option<Within>>>,
}

/// Follows `candidate` assumed on (or off) on the search's board.
fn follow(search: &Search, (candidate, on): (usize, bool)) -> Run {
    let (board, tier) = (&search.board, search.tier);
    let mut run = Run::new();
    let mut grid = *board;
    let root = run.push(candidate, on, &[]);
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
                    let off = run.push(target, false, &[index]);
                    run.absurd = Some((run.on[target], off));
                    return run;
                }
                if run.off[target] == NONE {
                    let off = run.push(target, false, &[index]);
                    run.off[target] = off;
                    run.found_off.push(off);
                    pending_off.push_back(off);
                }
            }
            continue;
        }
        let Some(index) = pending_off.pop_front() else {
            if matches!(tier, Tier::DynamicPlus | Tier::Nested(_))
                && advance(search, &grid, &mut run, &mut pending_off)
            {
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
        for &(target, start, end) in &implied {
            let on = run.push(target, true, &causes[start..end]);
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

/// The basic techniques on the board as the run leaves it, then the
/// tier's [`Tier::nested_rules`]: the first step any of them finds that
/// removes candidates the run has not turned off joins the run, its
/// removals caused by the strikes in its pattern (the candidates `board`
/// had there that `grid` has lost). Whether one did.
fn advance(
    search: &Search,
    grid: &[u16; CELLS],
    run: &mut Run,
    pending_off: &mut VecDeque<u32>,
) -> bool {
    let board = &search.board;
    let known = search.within.borrow().get(grid).cloned();
    let within = known.unwrap_or_else(|| {
        let narrowed = search.start.narrowed(grid);
        let within = basic_within(&narrowed).or_else(|| {
            search
                .tier
                .nested_rules()
                .iter()
                .find_map(|&rule| chain_within(&narrowed, rule, search.budget))
        });
        search.within.borrow_mut().insert(*grid, within.clone());
        within
    });
    let Some(within) = within else {
        return false;
    };
    let lost = |cell: Cell, digit: Digit| {
        let (cell, digit) = (cell.index(), usize::from(digit.get() - 1));
        board[cell] >> digit & 1 != 0 && grid[cell] >> digit & 1 == 0
    };
    let parents: Vec<u32> = within
        .pattern
        .iter()
        .filter(|&&(cell, digit)| lost(cell, digit))
        .map(|&(cell, digit)| run.off[cell.index() * DIGITS + usize::from(digit.get() - 1)])
        .collect();
    let mut added = false;
    let chain = run.nested.len() as u32;
    run.nested.push(within.complexity);
    for &(cell, digit) in &within.eliminations {
        let target = cell.index() * DIGITS + usize::from(digit.get() - 1);
        if run.off[target] == NONE {
            let off = run.push(target, false, &parents);
            run.nodes[off as usize].nested = chain;
            run.off[target] = off;
            run.found_off.push(off);
            pending_off.push_back(off);
            added = true;
        }
    }
    added
}

/// A step found within a run: its removals, the candidates of its pattern
/// (those the run struck are its causes) and the potentials its own chain
/// needs (0 for a basic technique).
#[derive(Clone)]
struct Within {
    eliminations: Vec<(Cell, Digit)>,
    pattern: Vec<(Cell, Digit)>,
    complexity: usize,
}

/// The first step of the basic techniques (locked candidates, hidden and
/// naked pairs, X-Wing) on `board`; its pattern is the base units' cells
/// for its digits (a naked pair's: its cells).
fn basic_within(board: &Board) -> Option<Within> {
    let techniques = [
        Technique::Pointing,
        Technique::Claiming,
        Technique::HiddenPair,
        Technique::NakedPair,
        Technique::XWing,
    ];
    let step = techniques
        .into_iter()
        .find_map(|technique| super::find(board, technique))?;
    let pattern = if step.technique == Technique::NakedPair {
        every_digit(step.cells.iter().copied())
    } else {
        let base = if step.technique == Technique::XWing {
            2
        } else {
            1
        };
        step.units[..base]
            .iter()
            .flat_map(|unit| unit.cells())
            .flat_map(|cell| step.digits.iter().map(move |digit| (cell, digit)))
            .collect()
    };
    Some(Within {
        eliminations: step.eliminations,
        pattern,
        complexity: 0,
    })
}

/// The easiest conclusion of `rule` on `board`; its pattern is every
/// candidate of the cells its chains pass through.
fn chain_within(board: &Board, rule: Inner, budget: &Budget) -> Option<Within> {
    match rule {
        Inner::Static => {
            let (step, complexity) = super::chains::best_with_complexity(board)?;
            Some(Within {
                pattern: every_digit(step.cells.iter().copied()),
                eliminations: step.eliminations,
                complexity,
            })
        }
        Inner::Forcing(tier) => {
            let conclusion = conclude(board, tier, budget)?;
            let cells = (0..CELLS)
                .filter(|&cell| conclusion.cells >> cell & 1 != 0)
                .map(|cell| Cell::new(cell).expect("cells are 0..81"));
            Some(Within {
                pattern: every_digit(cells),
                complexity: conclusion.complexity,
                eliminations: step_of(conclusion, tier).eliminations,
            })
        }
    }
}

/// Every candidate (cell and digit) of `cells`.
fn every_digit(cells: impl Iterator<Item = Cell>) -> Vec<(Cell, Digit)> {
    cells
        .flat_map(|cell| Digit::all().map(move |digit| (cell, digit)))
        .collect()
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

/// What one potential off implies: the candidate turned on and, as
/// `causes[start..end]`, what implies it.
type Implied = (usize, usize, usize);

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
        implied.push((cell * DIGITS + other, start, causes.len()));
    }
    for region in &super::chains::regions()[cell] {
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
            implied.push((other * DIGITS + digit, start, causes.len()));
        }
    }
}

/// One conclusion: the candidates it removes, how it was proved, and the
/// runs' nodes that prove it.
struct Conclusion {
    rating: Rating,
    complexity: usize,
    /// The cells of the potentials its chains need (a mask).
    cells: u128,
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
    conclude(board, tier, budget).map(|conclusion| step_of(conclusion, tier))
}

/// [`best`]'s conclusion, with the cells of its proof.
fn conclude(board: &Board, tier: Tier, budget: &Budget) -> Option<Conclusion> {
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
        kept: None,
    };
    for (cell, &held) in grid.iter().enumerate() {
        if budget.poll().is_some() {
            return None;
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
            let cell_name = Cell::new(cell).expect("cells are 0..81");
            let what = format!("whichever candidate {cell_name} takes");
            common_conclusions(&mut runs, &sources, 5, &what, &mut best);
        }
    }
    best.kept
}

/// The easiest conclusion offered so far: the lowest rating, then the
/// fewest potentials, then Sudoku Explainer's order of kinds.
struct Best {
    /// The tier's base rating, in tenths.
    base: u8,
    kept: Option<Conclusion>,
}

impl Best {
    /// Keeps the conclusion of `complexity` potentials (through `cells`)
    /// that removes `eliminations`, when it is easier than the one kept;
    /// `explain` (called only then) says why it holds.
    fn offer(
        &mut self,
        (complexity, cells): (usize, u128),
        sort_key: u8,
        eliminations: Vec<(usize, usize)>,
        explain: impl FnOnce() -> String,
    ) {
        let rating = Rating(self.base + length_bonus(complexity));
        let easier = self.kept.as_ref().is_none_or(|kept| {
            (rating, complexity, sort_key) < (kept.rating, kept.complexity, kept.sort_key)
        });
        if easier && !eliminations.is_empty() {
            self.kept = Some(Conclusion {
                rating,
                complexity,
                cells,
                sort_key,
                eliminations,
                explanation: explain(),
            });
        }
    }
}

/// The potentials and cells of both ends' proofs.
fn both(first: (usize, u128), second: (usize, u128)) -> (usize, u128) {
    (first.0 + second.0, first.1 | second.1)
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
            both(run.ancestors(yes), run.ancestors(no)),
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
            best.offer(
                both(on_run.ancestors(yes), off_run.ancestors(other)),
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
    let what = format!("wherever {} goes in {unit}", digit + 1);
    common_conclusions(runs, &sources, 6, &what, best);
}

/// What every one of `sources` (on) implies.
fn common_conclusions(
    runs: &mut Runs,
    sources: &[usize],
    sort_key: u8,
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
            let proof = runs_of
                .iter()
                .zip(&ends)
                .map(|(run, &end)| run.ancestors(end))
                .fold((0, 0), both);
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
                Digit::new(digit as u8 + 1).expect("digits are 0..9"),
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
        conclusion.complexity,
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
        explanation,
    }
}
