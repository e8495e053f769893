//! Forcing chains and bidirectional cycles: Sudoku Explainer's static
//! chaining tier (6.5 and up), over the candidates as they stand.
//!
//! A chain is a sequence of *potentials*, a candidate assumed on (the
//! cell holds the digit) or off (it does not), each implied by the one
//! before it:
//!
//! - **on to off**: a cell holding a digit holds no other (a *Y* link,
//!   used where Y links are allowed), and no peer holds that digit;
//! - **off to on**: a cell left with two candidates holds the other (Y),
//!   and a digit left with two places in a unit goes in the other (X).
//!
//! Searched breadth first from every candidate, on and off, with X links
//! only, Y links only (cycles alone) and both:
//!
//! - a **forcing chain** from a candidate to its own negation proves the
//!   negation (an on assumption that forces itself off is false; an off
//!   assumption that forces itself on is true);
//! - a **cycle** returns to its start; whichever way it runs, one of
//!   every two alternate potentials holds, so a candidate that an on and
//!   an off potential of its digit both see is removed.
//!
//! Every chain found is rated as Sudoku Explainer rates it: 6.5 for a
//! cycle of X links only or Y links only, 6.6 for a forcing chain of X
//! links, 7.0 when it mixes both, plus 0.1 for each step of a length
//! scale (`length_bonus`). The step taken is the lowest-rated chain,
//! then the shortest; all of this reads the board, never a solution.

use crate::board::Board;
use crate::sentence::Said;
use crate::step::{Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, CELLS};
use std::collections::{HashSet, VecDeque};
use std::sync::OnceLock;

/// The nine digits, as bit positions 0..9 of a candidate mask.
const DIGITS: usize = 9;
/// A node with no parent: the chain's starting assumption.
const ROOT: u32 = u32::MAX;

/// One potential in a search: `digit` (0..9) assumed on or off in `cell`,
/// reached from `parent` (an index into the search's nodes, or `ROOT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    cell: u8,
    digit: u8,
    on: bool,
    parent: u32,
    /// The links from the assumption.
    depth: u16,
    /// The link that implies it: [`VIA_CELL`] (within its cell) or its
    /// region's position in [`regions`] (for the root, [`VIA_NONE`]).
    via: u8,
}

/// No link within a cell or a region implies the potential (an
/// assumption, or a step found within a run).
pub(super) const VIA_NONE: u8 = u8::MAX;
/// A link within the potential's cell implies it.
pub(super) const VIA_CELL: u8 = 3;

/// Marks in `rests_on` what the link to a potential (`candidate`, reached
/// `via` its cell or a region) rests on: the candidates whose absence made
/// the link, its cell's others or its digit's other places in the region
/// (Sudoku Explainer's rule parents).
pub(super) fn mark_rests_on(rests_on: &mut [u16; CELLS], candidate: usize, via: u8) {
    let (cell, digit) = (candidate / DIGITS, candidate % DIGITS);
    match via {
        VIA_NONE => {}
        VIA_CELL => rests_on[cell] = 0x1FF,
        region => {
            for &peer in &regions()[cell][usize::from(region)] {
                rests_on[usize::from(peer)] |= 1 << digit;
            }
        }
    }
}

impl Node {
    /// The candidate's index 0..729 (cell-major).
    fn candidate(self) -> usize {
        usize::from(self.cell) * DIGITS + usize::from(self.digit)
    }

    /// Whether both are the same potential (candidate and state).
    fn same(self, other: Node) -> bool {
        self.candidate() == other.candidate() && self.on == other.on
    }
}

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Links {
    /// Y links: within a cell.
    y: bool,
    /// X links: within a unit, for one digit.
    x: bool,
}

impl Links {
    /// The three searches, in Sudoku Explainer's order.
    const ALL: [Links; 3] = [
        Links { y: false, x: true },
        Links { y: true, x: false },
        Links { y: true, x: true },
    ];

    /// The order among chains of equal rating and length.
    fn sort_key(self) -> u8 {
        match (self.y, self.x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        }
    }
}

/// For each cell, its box, row and column as lists of cell indices (in
/// Sudoku Explainer's order of unit kinds).
pub(super) fn regions() -> &'static [[[u8; 9]; 3]; CELLS] {
    static REGIONS: OnceLock<[[[u8; 9]; 3]; CELLS]> = OnceLock::new();
    REGIONS.get_or_init(|| {
        let mut table = [[[0u8; 9]; 3]; CELLS];
        for cell in Cell::all() {
            let [row, col, boxed] = Unit::of(cell);
            table[cell.index()] =
                [boxed, row, col].map(|unit| unit.cells().map(|peer| peer.index() as u8));
        }
        table
    })
}

/// The 27 units as lists of cells, and for each cell its box, row and
/// column (in [`regions`]' order) as a unit number and the cell's
/// position in that unit's list.
struct Layout {
    unit_cells: [[u8; 9]; 27],
    cell_units: [[(u8, u8); 3]; CELLS],
}

fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let mut layout = Layout {
            unit_cells: [[0; 9]; 27],
            cell_units: [[(0, 0); 3]; CELLS],
        };
        let mut known: Vec<[u8; 9]> = Vec::new();
        for (cell, cell_regions) in regions().iter().enumerate() {
            for (kind, region) in cell_regions.iter().enumerate() {
                let unit = known
                    .iter()
                    .position(|seen| seen == region)
                    .unwrap_or_else(|| {
                        known.push(*region);
                        known.len() - 1
                    });
                let position = region
                    .iter()
                    .position(|&peer| usize::from(peer) == cell)
                    .expect("a cell is in its own regions");
                layout.cell_units[cell][kind] = (unit as u8, position as u8);
            }
        }
        for (unit, cells) in known.into_iter().enumerate() {
            layout.unit_cells[unit] = cells;
        }
        layout
    })
}

/// The candidates as bit masks and the searches' scratch space.
struct Chains {
    candidates: [u16; CELLS],
    /// For each digit and unit (numbered as in [`Layout`]), the positions
    /// in the unit where the digit is a candidate.
    places: [[u16; 27]; DIGITS],
    nodes: Vec<Node>,
    on_seen: Vec<bool>,
    off_seen: Vec<bool>,
    children: Vec<Node>,
    /// Whether every chain is kept, not only those that could be the
    /// easiest.
    every: bool,
}

/// A chain found: what it proves, how it is rated, and its path.
pub(super) struct Found {
    technique: Technique,
    pub rating: Rating,
    pub complexity: usize,
    pub sort_key: u8,
    /// The potentials from the assumption to the conclusion.
    nodes: Vec<Node>,
    /// The candidates it removes (cell and digit indices, cell-major).
    pub eliminations: Vec<(usize, usize)>,
}

impl Found {
    /// The candidates whose absence its links rest on (see
    /// [`mark_rests_on`]): those of its links to potentials turned on and,
    /// for a cycle, which holds run either way, of every link (as in
    /// Sudoku Explainer, whose cycle run backwards turns on what it turned
    /// off).
    pub fn rests_on(&self) -> [u16; CELLS] {
        let cycle = matches!(
            self.technique,
            Technique::XCycle | Technique::YCycle | Technique::Cycle
        );
        let mut rests_on = [0; CELLS];
        for node in self.nodes.iter().filter(|node| node.on || cycle) {
            mark_rests_on(&mut rests_on, node.candidate(), node.via);
        }
        rests_on
    }

    /// Its potentials, hashed: the same chain gives the same fingerprint.
    pub fn fingerprint(&self) -> u64 {
        let mut seen = HashSet::new();
        self.nodes
            .iter()
            .map(|node| node.candidate() * 2 + usize::from(node.on))
            .filter(|&key| seen.insert(key))
            .fold(0, |hash, key| hash ^ mix(key as u64))
    }
}

/// A 64-bit mix of `value` (SplitMix64's finaliser), so that fingerprints
/// of different sets of potentials differ.
pub(super) fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Chains {
    fn new(board: &Board) -> Chains {
        let mut candidates = [0u16; CELLS];
        for cell in Cell::all() {
            candidates[cell.index()] = board.candidates(cell).bits();
        }
        let mut places = [[0u16; 27]; DIGITS];
        for (cell, units) in layout().cell_units.iter().enumerate() {
            for &(unit, position) in units {
                for (digit, unit_places) in places.iter_mut().enumerate() {
                    if candidates[cell] >> digit & 1 != 0 {
                        unit_places[usize::from(unit)] |= 1 << position;
                    }
                }
            }
        }
        Chains {
            candidates,
            places,
            nodes: Vec::new(),
            on_seen: vec![false; CELLS * DIGITS],
            off_seen: vec![false; CELLS * DIGITS],
            children: Vec::new(),
            every: false,
        }
    }

    fn has(&self, cell: usize, digit: usize) -> bool {
        self.candidates[cell] >> digit & 1 != 0
    }

    /// Starts a search from `root`.
    fn reset(&mut self, root: Node) {
        self.nodes.clear();
        self.nodes.push(root);
        self.on_seen.fill(false);
        self.off_seen.fill(false);
    }

    /// Into `children`: what node `index` (on) makes off.
    fn on_to_off(&mut self, index: u32, links: Links) {
        let node = self.nodes[index as usize];
        let (cell, digit) = (usize::from(node.cell), usize::from(node.digit));
        self.children.clear();
        if links.y {
            for other in 0..DIGITS {
                if other != digit && self.has(cell, other) {
                    self.children.push(Node {
                        cell: node.cell,
                        digit: other as u8,
                        on: false,
                        parent: index,
                        depth: node.depth + 1,
                        via: VIA_CELL,
                    });
                }
            }
        }
        let layout = layout();
        let mut seen: u128 = 1 << cell;
        for (region, &(unit, _)) in layout.cell_units[cell].iter().enumerate() {
            let mut places = self.places[digit][usize::from(unit)];
            while places != 0 {
                let peer = layout.unit_cells[usize::from(unit)][places.trailing_zeros() as usize];
                places &= places - 1;
                let peer_bit = 1u128 << peer;
                if seen & peer_bit == 0 {
                    seen |= peer_bit;
                    self.children.push(Node {
                        cell: peer,
                        digit: node.digit,
                        on: false,
                        parent: index,
                        depth: node.depth + 1,
                        via: region as u8,
                    });
                }
            }
        }
    }

    /// Into `children`: what node `index` (off) makes on.
    fn off_to_on(&mut self, index: u32, links: Links) {
        let node = self.nodes[index as usize];
        let (cell, digit) = (usize::from(node.cell), usize::from(node.digit));
        self.children.clear();
        let held = self.candidates[cell];
        if links.y && held.count_ones() == 2 {
            let other = (held & !(1 << digit)).trailing_zeros() as u8;
            self.children.push(Node {
                cell: node.cell,
                digit: other,
                on: true,
                parent: index,
                depth: node.depth + 1,
                via: VIA_CELL,
            });
        }
        if links.x {
            let layout = layout();
            for (region, &(unit, position)) in layout.cell_units[cell].iter().enumerate() {
                let others = self.places[digit][usize::from(unit)] & !(1 << position);
                if others.count_ones() == 1 {
                    self.children.push(Node {
                        cell: layout.unit_cells[usize::from(unit)]
                            [others.trailing_zeros() as usize],
                        digit: node.digit,
                        on: true,
                        parent: index,
                        depth: node.depth + 1,
                        via: region as u8,
                    });
                }
            }
        }
    }

    /// Whether `node` equals some ancestor of node `index` (from its
    /// parent up).
    fn is_ancestor(&self, index: u32, node: Node) -> bool {
        let mut at = self.nodes[index as usize].parent;
        while at != ROOT {
            let ancestor = self.nodes[at as usize];
            if ancestor.same(node) {
                return true;
            }
            at = ancestor.parent;
        }
        false
    }

    fn push(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// The cycles back to `root` (on), breadth first: the nodes that
    /// close them.
    fn cycles(&mut self, root: Node, links: Links, limit: usize) -> Vec<u32> {
        self.reset(root);
        self.on_seen[root.candidate()] = true;
        let mut pending_on = VecDeque::from([0u32]);
        let mut pending_off = VecDeque::new();
        let mut closing = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(index) = pending_on.pop_front() {
                // A cycle through an on potential closes two links on.
                if usize::from(self.nodes[index as usize].depth) + 2 > limit {
                    continue;
                }
                self.on_to_off(index, links);
                for at in 0..self.children.len() {
                    let child = self.children[at];
                    // Never straight back along the chain.
                    if !self.is_ancestor(index, child) {
                        pending_off.push_back(self.push(child));
                    }
                }
            }
            length += 1;
            while let Some(index) = pending_off.pop_front() {
                if usize::from(self.nodes[index as usize].depth) + 1 > limit {
                    continue;
                }
                self.off_to_on(index, links);
                for at in 0..self.children.len() {
                    let child = self.children[at];
                    if length >= 4 && child.same(root) {
                        closing.push(self.push(child));
                    }
                    if !self.on_seen[child.candidate()] {
                        self.on_seen[child.candidate()] = true;
                        pending_on.push_back(self.push(child));
                    }
                }
            }
        }
        closing
    }

    /// The forcing chains from `root` to its own negation, breadth first:
    /// the nodes that end them.
    fn forcing(&mut self, root: Node, links: Links, limit: usize) -> Vec<u32> {
        self.reset(root);
        let mut pending_on = VecDeque::new();
        let mut pending_off = VecDeque::new();
        if root.on {
            self.on_seen[root.candidate()] = true;
            pending_on.push_back(0);
        } else {
            self.off_seen[root.candidate()] = true;
            pending_off.push_back(0);
        }
        let mut ends: Vec<u32> = Vec::new();
        let x_too = Links { x: true, ..links };
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(index) = pending_on.pop_front() {
                // A chain's potentials: its end's depth and one.
                if usize::from(self.nodes[index as usize].depth) + 2 > limit {
                    continue;
                }
                self.on_to_off(index, links);
                for at in 0..self.children.len() {
                    let child = self.children[at];
                    let index = self.push(child);
                    self.note_end(&mut ends, root, index);
                    if !self.off_seen[child.candidate()] {
                        self.off_seen[child.candidate()] = true;
                        pending_off.push_back(index);
                    }
                }
            }
            while let Some(index) = pending_off.pop_front() {
                if usize::from(self.nodes[index as usize].depth) + 2 > limit {
                    continue;
                }
                self.off_to_on(index, x_too);
                for at in 0..self.children.len() {
                    let child = self.children[at];
                    let index = self.push(child);
                    self.note_end(&mut ends, root, index);
                    if !self.on_seen[child.candidate()] {
                        self.on_seen[child.candidate()] = true;
                        pending_on.push_back(index);
                    }
                }
            }
        }
        ends
    }

    /// Keeps node `index` in `ends` when it negates `root` and no end of
    /// the same potential is kept yet.
    fn note_end(&self, ends: &mut Vec<u32>, root: Node, index: u32) {
        let node = self.nodes[index as usize];
        let negates = node.candidate() == root.candidate() && node.on != root.on;
        if negates && !ends.iter().any(|&end| self.nodes[end as usize].same(node)) {
            ends.push(index);
        }
    }

    /// The potentials from the assumption to node `index`.
    fn path(&self, index: u32) -> Vec<Node> {
        let mut path = Vec::new();
        let mut at = index;
        while at != ROOT {
            let node = self.nodes[at as usize];
            path.push(node);
            at = node.parent;
        }
        path.reverse();
        path
    }

    /// The candidates a cycle closed by node `index` removes: those of a
    /// cell off the cycle that see an on and an off potential of their
    /// digit on it.
    fn cycle_eliminations(&self, index: u32) -> Vec<(usize, usize)> {
        let mut on_cycle: u128 = 0;
        let mut walk = Vec::new();
        let mut at = index;
        while self.nodes[at as usize].parent != ROOT {
            let node = self.nodes[at as usize];
            on_cycle |= 1 << node.cell;
            walk.push(node);
            at = node.parent;
        }
        // For each digit, the cells off the cycle that see an on (and an
        // off) potential of it.
        let (mut forward, mut backward) = ([0u128; DIGITS], [0u128; DIGITS]);
        for node in &walk {
            let digit = usize::from(node.digit);
            let seen = if node.on {
                &mut forward[digit]
            } else {
                &mut backward[digit]
            };
            for region in &regions()[usize::from(node.cell)] {
                for &peer in region {
                    if on_cycle >> peer & 1 == 0 && self.has(usize::from(peer), digit) {
                        *seen |= 1 << peer;
                    }
                }
            }
        }
        (0..CELLS)
            .flat_map(|cell| (0..DIGITS).map(move |digit| (cell, digit)))
            .filter(|&(cell, digit)| (forward[digit] & backward[digit]) >> cell & 1 != 0)
            .collect()
    }

    /// What a forcing chain ending in `end` removes: the candidate when
    /// it is proved off, the cell's other candidates when proved on.
    fn forcing_eliminations(&self, end: Node) -> Vec<(usize, usize)> {
        let (cell, digit) = (usize::from(end.cell), usize::from(end.digit));
        if !end.on {
            return vec![(cell, digit)];
        }
        (0..DIGITS)
            .filter(|&other| other != digit && self.has(cell, other))
            .map(|other| (cell, other))
            .collect()
    }

    /// Every chain from every candidate with `links`, each kept when it
    /// removes something, in Sudoku Explainer's order.
    fn find_all(&mut self, links: Links, found: &mut Vec<Found>) {
        for cell in 0..CELLS {
            let held = self.candidates[cell];
            if held.count_ones() < 2 || (!links.x && held.count_ones() > 2) {
                continue;
            }
            for digit in (0..DIGITS).filter(|&digit| held >> digit & 1 != 0) {
                let on = Node {
                    cell: cell as u8,
                    digit: digit as u8,
                    on: true,
                    parent: ROOT,
                    depth: 0,
                    via: VIA_NONE,
                };
                let technique = match (links.y, links.x) {
                    (true, true) => Technique::Cycle,
                    (true, false) => Technique::YCycle,
                    _ => Technique::XCycle,
                };
                for end in self.cycles(on, links, self.complexity_limit(found, technique)) {
                    let eliminations = self.cycle_eliminations(end);
                    self.keep(found, technique, links, end, eliminations);
                }
                if !links.x {
                    continue;
                }
                let technique = if links.y {
                    Technique::ForcingChain
                } else {
                    Technique::ForcingXChain
                };
                for root in [on, Node { on: false, ..on }] {
                    for end in self.forcing(root, links, self.complexity_limit(found, technique)) {
                        let node = self.nodes[end as usize];
                        let eliminations = self.forcing_eliminations(node);
                        self.keep(found, technique, links, end, eliminations);
                    }
                }
            }
        }
    }

    fn keep(
        &self,
        found: &mut Vec<Found>,
        technique: Technique,
        links: Links,
        end: u32,
        eliminations: Vec<(usize, usize)>,
    ) {
        if eliminations.is_empty() {
            return;
        }
        let path = self.path(end);
        // Sudoku Explainer's complexity: the distinct potentials (a
        // cycle's closing potential is its start).
        let complexity = path
            .iter()
            .enumerate()
            .filter(|&(at, node)| !path[..at].iter().any(|seen| seen.same(*node)))
            .count();
        let rating = Rating(technique.rating().0 + length_bonus(complexity));
        // Only a chain that could be the best keeps its nodes.
        if !self.every
            && found
                .iter()
                .any(|other| (other.rating, other.complexity) <= (rating, complexity))
        {
            return;
        }
        found.push(Found {
            technique,
            rating,
            complexity,
            sort_key: links.sort_key(),
            nodes: path,
            eliminations,
        });
    }

    /// The most potentials a chain of `technique` may have and still be
    /// easier than every chain in `found` (a lower rating, or as low and
    /// fewer potentials): the searches look no further. No limit when
    /// every chain is wanted.
    fn complexity_limit(&self, found: &[Found], technique: Technique) -> usize {
        let best = found
            .iter()
            .map(|found| (found.rating, found.complexity))
            .min();
        let (Some(best), false) = (best, self.every) else {
            return usize::MAX;
        };
        let base = technique.rating().0;
        (0..)
            .find(|&complexity| {
                (Rating(base + length_bonus(complexity + 1)), complexity + 1) >= best
            })
            .expect("the length scale grows without bound")
    }
}

/// Sudoku Explainer's length scale, in tenths: a chain of `complexity`
/// potentials gains 0.1 each time its length (less two) passes 4, 6, 8,
/// 12, 16, 24, 32, … (the bound grows by half and by a third in turn).
pub(super) fn length_bonus(complexity: usize) -> u8 {
    let length = complexity.saturating_sub(2);
    let (mut bonus, mut ceiling, mut odd) = (0, 4, false);
    while length > ceiling {
        bonus += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    bonus
}

/// The easiest chain or cycle on `board` that removes something: the
/// lowest rating, then the fewest potentials.
pub(super) fn best(board: &Board) -> Option<Step> {
    best_with_complexity(board).map(|(step, _)| step)
}

/// [`best`] with the number of potentials its chain needs.
pub(super) fn best_with_complexity(board: &Board) -> Option<(Step, usize)> {
    let mut chains = Chains::new(board);
    let mut found = Vec::new();
    for links in Links::ALL {
        chains.find_all(links, &mut found);
    }
    let best = found
        .into_iter()
        .min_by_key(|found| (found.rating, found.complexity, found.sort_key))?;
    let complexity = best.complexity;
    Some((step_of(best), complexity))
}

/// Every chain and cycle on `board` that removes something, as Sudoku
/// Explainer lists them for a step within a nested run: easiest first (the
/// lowest rating, the fewest potentials, then the kind), one a set of
/// removals (the easiest).
pub(super) fn every_chain(board: &Board) -> Vec<Found> {
    let mut chains = Chains::new(board);
    chains.every = true;
    let mut found = Vec::new();
    for links in Links::ALL {
        chains.find_all(links, &mut found);
    }
    found.sort_by_key(|found| (found.rating, found.complexity, found.sort_key));
    let mut seen = HashSet::new();
    found.retain(|chain| seen.insert(chain.eliminations.clone()));
    found
}

fn cell_of(index: usize) -> Cell {
    Cell::new(index).expect("cells are 0..81")
}

fn digit_of(index: usize) -> Digit {
    Digit::new(index as u8 + 1).expect("digits are 0..9")
}

/// `r1c2=5` for a candidate (cell-major index 0..729) assumed on,
/// `r1c2≠5` for one assumed off.
pub(super) fn potential_text(candidate: usize, on: bool) -> String {
    let cell = cell_of(candidate / DIGITS);
    let digit = digit_of(candidate % DIGITS);
    let sign = if on { "=" } else { "≠" };
    format!("{cell}{sign}{}", Said(digit))
}

fn written(node: &Node) -> String {
    potential_text(node.candidate(), node.on)
}

fn step_of(found: Found) -> Step {
    let chain: Vec<String> = found.nodes.iter().map(written).collect();
    let eliminations: Vec<(Cell, Digit)> = found
        .eliminations
        .iter()
        .map(|&(cell, digit)| (cell_of(cell), digit_of(digit)))
        .collect();
    let technique = found.technique;
    let removal = crate::step::removal_sentence(&eliminations);
    let why = match technique {
        Technique::XCycle | Technique::YCycle | Technique::Cycle => {
            "the cycle holds whichever way it runs"
        }
        _ => "the assumption forces its own negation",
    };
    let explanation = format!(
        "{} ({technique}, {} potentials): {why}, so {removal}",
        chain.join(" → "),
        found.complexity
    );
    let mut cells: Vec<Cell> = Vec::new();
    let mut digits = DigitSet::EMPTY;
    for node in &found.nodes {
        let cell = cell_of(usize::from(node.cell));
        if !cells.contains(&cell) {
            cells.push(cell);
        }
        digits.insert(digit_of(usize::from(node.digit)));
    }
    Step {
        technique,
        rating: found.rating,
        cells,
        units: Vec::new(),
        digits,
        placements: Vec::new(),
        eliminations,
        explanation: explanation.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::length_bonus;

    #[test]
    fn the_length_scale_grows_by_half_and_by_a_third_in_turn() {
        // Lengths (potentials less two) up to 4 add nothing; then 0.1 past
        // 4, 6, 8, 12, 16, 24 and 32.
        let bonuses: Vec<u8> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35]
            .into_iter()
            .map(length_bonus)
            .collect();
        assert_eq!(bonuses, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }
}
