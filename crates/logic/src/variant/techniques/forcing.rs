//! Forcing chains on the general model: a candidate assumed placed, and
//! what it forces followed until the rules break; the candidate then
//! leaves its cell.
//!
//! From the assumption, a *run* follows every consequence in the order it
//! arises: each placement removes its value from the cell's house mates
//! (cages included) and the cell's other values from its houses, and each
//! removal may force a placement in turn: a naked single (a cell down to
//! one value), a hidden single (a value down to one place in a unit), or
//! the last open cell of a cage taking what its sum leaves. When those run
//! out, a changed cage's cells lose the values no filling of its sum left
//! gives them, and a value whose places in a unit the run narrowed to
//! cells of another house leaves that house's other cells (locked
//! candidates); then the singles go on. The run stops at the first
//! *clash*: a cell with no value left, a unit with no place
//! left for a value, a cage that cannot make its sum, or a placement whose
//! value an earlier one removed.
//!
//! A *nested* forcing chain (level 2) is tried when no plain one is found:
//! where its run stalls, each open candidate of the run's board is in
//! turn *supposed* placed, and its consequences followed the same way; one
//! that clashes leaves its cell as a consequence of the run (resting on
//! the run's consequences that clash needs), and the run goes on. The
//! supposition's own chain is told inside the removal it proves.
//!
//! Invariant: each consequence follows from the board and those before it
//! (its *causes*), so a clash proves the assumption false. The step keeps
//! only the consequences the clash rests on, and of every candidate's
//! chain the shortest (the first among equals, cells and values in
//! order); of nested chains, whose search costs a chain search a
//! supposition, the first found.

use super::cages::fillings;
use super::{Draft, VariantBoard, VariantStep, VariantTechnique};
use crate::sentence::Said;
use crate::variant::board::{bit, values_of, HouseKind};
use gridsolve_sudoku::{Budget, StopReason};
use std::collections::{HashMap, VecDeque};
use std::fmt::Write;

/// No consequence: a candidate the run has not removed, a cell it has not
/// placed.
const NONE: u32 = u32::MAX;

/// Why a consequence holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// The assumption the run starts from.
    Assumed,
    /// A nested chain's supposition, made where the run stalls.
    Supposed,
    /// The cell's only value left.
    NakedSingle,
    /// The value's only place left in this house (a unit).
    HiddenSingle(usize),
    /// What this house's (a cage's) sum leaves its last open cell.
    CageRest(usize),
    /// A removal: in the first house (a unit), the value fits only in
    /// cells of the second, whose other cells lose it.
    Locked(usize, usize),
    /// A removal: no filling of this house's (a cage's) sum left gives the
    /// cell the value.
    Unfilled(usize),
    /// A removal: supposing the value placed there clashes, by this chain
    /// (an index into the run's refutations, then into its chain's
    /// `inner`).
    Refuted(usize),
}

impl Reason {
    /// Whether its consequence places a value (else it removes one).
    fn places(self) -> bool {
        !matches!(
            self,
            Reason::Locked(..) | Reason::Unfilled(_) | Reason::Refuted(_)
        )
    }
}

/// A value a run places in a cell (or removes from it), why, and the
/// consequences it rests on.
#[derive(Clone, Debug)]
struct Consequence {
    cell: usize,
    value: u8,
    reason: Reason,
    causes: Vec<u32>,
    /// The longest line of causes it ends, itself included (1 for the
    /// assumption): a chain resting on it tells at least this many
    /// consequences.
    depth: usize,
}

/// How a run breaks the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clash {
    /// This open cell has no value left.
    NoValue(usize),
    /// This house (a unit) has no place left for this value.
    NoPlace(usize, u8),
    /// This house (a cage) cannot make its sum.
    Sum(usize),
    /// This cell would hold this value, which an earlier consequence
    /// removed from it.
    Removed(usize, u8),
}

/// The shortest forcing chain on `board`, as a step removing its
/// assumption; none when `budget` stops the search (read before each
/// candidate's run), which then finds nothing rather than a chain that
/// may not be the shortest.
pub(super) fn forcing_chain(board: &VariantBoard, budget: &Budget) -> Option<VariantStep> {
    let chain = shortest(&mut Run::new(board, None), false, budget)?;
    Some(chain.step(board, VariantTechnique::ForcingChain))
}

/// The first nested forcing chain on `board` (its cells and values in
/// order), as a step removing its assumption; none when `budget` stops
/// the search (read before each candidate's run and each supposition
/// within it).
///
/// The first, not the shortest: a nested run supposes each open candidate
/// where it stalls, so it costs a plain chain search of its own, and
/// finding the shortest would run them all from every candidate.
pub(super) fn nested_forcing_chain(board: &VariantBoard, budget: &Budget) -> Option<VariantStep> {
    shortest(&mut Run::new(board, Some(budget)), true, budget)
        .map(|chain| chain.step(board, VariantTechnique::NestedForcingChain))
}

/// The shortest chain `run` finds from any candidate of its board (the
/// first, if `first`).
fn shortest(run: &mut Run, first: bool, budget: &Budget) -> Option<Chain> {
    let board = run.board;
    let mut shortest: Option<Chain> = None;
    for cell in (0..board.values().len()).filter(|&cell| board.value(cell).is_none()) {
        for value in values_of(board.candidates(cell)) {
            if budget.poll().is_some() {
                return None;
            }
            let shorter_than = shortest
                .as_ref()
                .map_or(usize::MAX, |best| best.steps.len());
            let chain = run.assume(cell, value, shorter_than).ok()?;
            if let Some(chain) = chain.filter(|chain| chain.steps.len() < shorter_than) {
                if first {
                    return Some(chain);
                }
                shortest = Some(chain);
            }
        }
    }
    shortest
}

/// Which consequences of `run` `from` (indices into it) rest on.
fn rests_on(run: &[Consequence], from: Vec<u32>) -> Vec<bool> {
    let mut needed = vec![false; run.len()];
    let mut stack = from;
    while let Some(index) = stack.pop() {
        if index == NONE || std::mem::replace(&mut needed[index as usize], true) {
            continue;
        }
        stack.extend(&run[index as usize].causes);
    }
    needed
}

/// The consequences of `run` from index `start` on that `needed` marks,
/// in order.
fn kept(run: &[Consequence], needed: &[bool], start: usize) -> Vec<Consequence> {
    run.iter()
        .zip(needed)
        .skip(start)
        .filter(|&(_, &needed)| needed)
        .map(|(step, _)| step.clone())
        .collect()
}

/// The cells and houses a step's sentence names, gathered as it is
/// written.
struct Told {
    cells: Vec<usize>,
    houses: Vec<usize>,
}

impl Told {
    /// Writes `steps` to `text`, each " r2c3 would hold 4 (why)", apart by
    /// commas; a removal a nested chain proves tells that chain, one of
    /// `inner`.
    fn consequences(
        &mut self,
        board: &VariantBoard,
        steps: &[Consequence],
        inner: &[Chain],
        text: &mut String,
    ) {
        for (index, step) in steps.iter().enumerate() {
            let comma = if index > 0 { "," } else { "" };
            let (verb, why) = self.reason(board, step, inner);
            let (cell, value) = (board.cell_name(step.cell), Said(step.value));
            write!(text, "{comma} {cell} would {verb} {value} ({why})").expect("a string");
        }
    }

    /// Whether `step` places ("hold") or removes ("lose") its value, and
    /// why; its cell and houses noted.
    fn reason(
        &mut self,
        board: &VariantBoard,
        step: &Consequence,
        inner: &[Chain],
    ) -> (&'static str, String) {
        if !self.cells.contains(&step.cell) {
            self.cells.push(step.cell);
        }
        let value = Said(step.value);
        match step.reason {
            Reason::Assumed | Reason::Supposed | Reason::NakedSingle => {
                ("hold", "naked single".to_string())
            }
            Reason::HiddenSingle(house) => {
                self.houses.push(house);
                let unit = house_name(board, house);
                ("hold", format!("hidden single in {unit}"))
            }
            Reason::CageRest(house) => {
                self.houses.push(house);
                ("hold", format!("what {} leaves", house_name(board, house)))
            }
            Reason::Locked(unit, cover) => {
                self.houses.extend([unit, cover]);
                let (unit, cover) = (house_name(board, unit), house_name(board, cover));
                (
                    "lose",
                    format!("in {unit}, {value} would fit only in {cover}"),
                )
            }
            Reason::Unfilled(cage) => {
                self.houses.push(cage);
                let cage = house_name(board, cage);
                ("lose", format!("no filling of {cage} left gives it there"))
            }
            Reason::Refuted(chain) => {
                let mut why = format!("if it held {value},");
                inner[chain].tell(board, self, &mut why);
                ("lose", why)
            }
        }
    }

    /// The names of the houses told, each once, in order.
    fn units(&self, board: &VariantBoard) -> Vec<String> {
        let mut units: Vec<String> = Vec::new();
        for &house in &self.houses {
            let name = house_name(board, house);
            if !units.contains(&name) {
                units.push(name);
            }
        }
        units
    }
}

/// A run's working board and what it has found.
struct Run<'a> {
    board: &'a VariantBoard,
    /// Where a stalled run supposes each open candidate in turn (a nested
    /// chain), the budget read before each supposition; `None` for plain
    /// chains.
    nested: Option<&'a Budget>,
    /// Every cell's value and candidates as the run leaves them; only
    /// [`Run::follow`] places and [`Run::remove`] removes, so undoing
    /// their log restores them.
    values: Vec<u8>,
    candidates: Vec<u32>,
    /// How many consequences have been followed.
    followed: usize,
    /// For each cell and value (`cell * 32 + value - 1`), the consequence
    /// that removed it, or [`NONE`].
    removed_by: Vec<u32>,
    /// The cells and values the run removed, in order.
    removed: Vec<usize>,
    /// For each cell and value, whether a consequence places it already.
    queued: Vec<bool>,
    /// For each cell and value, whether a consequence removes it already.
    queued_removals: Vec<bool>,
    /// The units and values (`house * 32 + value - 1`) whose places the
    /// run has narrowed since they were last checked for a lock, in order,
    /// and whether each is listed.
    narrowed: VecDeque<(usize, u8)>,
    listed: Vec<bool>,
    /// The cages whose cells the run has changed since their fillings
    /// were last checked, and whether each is listed.
    changed_cages: VecDeque<usize>,
    cage_listed: Vec<bool>,
    /// Per cage's sum left and its open cells' candidates, the values some
    /// filling gives each cell (`None`: too many value sets to list), as
    /// found so far on this board's runs.
    supports: HashMap<Vec<u32>, Option<Vec<u32>>>,
    /// For each cell, the consequence that placed it, or [`NONE`].
    placed_by: Vec<u32>,
    consequences: Vec<Consequence>,
    /// The chains of the suppositions that clashed, which
    /// [`Reason::Refuted`] removals index.
    refutations: Vec<Chain>,
}

/// A clash and the consequences (in order, the assumption first) it rests
/// on; `inner`, the nested chains its [`Reason::Refuted`] removals index.
#[derive(Clone)]
struct Chain {
    steps: Vec<Consequence>,
    clash: Clash,
    inner: Vec<Chain>,
}

/// How far a run had got: its consequences and removals, which undoing
/// back to it keeps.
#[derive(Clone, Copy)]
struct Mark {
    consequences: usize,
    removed: usize,
}

impl<'a> Run<'a> {
    fn new(board: &'a VariantBoard, nested: Option<&'a Budget>) -> Run<'a> {
        let cells = board.values().len();
        Run {
            board,
            nested,
            values: board.values().to_vec(),
            candidates: (0..cells).map(|cell| board.candidates(cell)).collect(),
            followed: 0,
            removed_by: vec![NONE; cells * 32],
            removed: Vec::new(),
            queued: vec![false; cells * 32],
            queued_removals: vec![false; cells * 32],
            narrowed: VecDeque::new(),
            listed: vec![false; board.houses().len() * 32],
            changed_cages: VecDeque::new(),
            cage_listed: vec![false; board.houses().len()],
            supports: HashMap::new(),
            placed_by: vec![NONE; cells],
            consequences: Vec::new(),
            refutations: Vec::new(),
        }
    }

    /// The chain from assuming `value` in `cell`, if its run clashes;
    /// `Err` when the budget of a nested run stops it.
    ///
    /// A consequence at least `shorter_than` deep is not followed: no
    /// chain resting on it would be shorter (the run only ever misses
    /// consequences, so all it finds still follows).
    fn assume(
        &mut self,
        cell: usize,
        value: u8,
        shorter_than: usize,
    ) -> Result<Option<Chain>, StopReason> {
        // A refutation too deep to follow would be found again at each
        // stall: nested runs follow every consequence.
        debug_assert!(self.nested.is_none() || shorter_than == usize::MAX);
        self.reset();
        self.queue(cell, value, Reason::Assumed, Vec::new());
        loop {
            if let Some((clash, causes)) = self.propagate(shorter_than) {
                let needed = rests_on(&self.consequences, causes);
                return Ok(Some(self.chain(clash, &needed, 0)));
            }
            if !self.refute()? {
                return Ok(None);
            }
        }
    }

    /// Follows the queued consequences, then cage fillings and locked
    /// values, in turn until one clashes (that clash and its causes) or
    /// none is left (`None`: the run stalls).
    fn propagate(&mut self, shorter_than: usize) -> Option<(Clash, Vec<u32>)> {
        loop {
            while self.followed < self.consequences.len() {
                let next = self.followed;
                self.followed += 1;
                let Consequence {
                    cell,
                    value,
                    depth,
                    reason,
                    ..
                } = self.consequences[next];
                if depth >= shorter_than {
                    // Another, shallower line may place it yet.
                    self.queued_of(reason)[slot(cell, value)] = false;
                    continue;
                }
                if let Some(clash) = self.follow(next) {
                    return Some(clash);
                }
            }
            match self.cage_fillings() {
                Some(Err(clash)) => return Some(clash),
                Some(Ok(())) => continue,
                None => {}
            }
            if !self.lock() {
                return None;
            }
        }
    }

    /// In a nested run that stalled, supposes each open candidate of its
    /// board placed in turn, each followed as the run is and then undone:
    /// the first whose consequences clash is removed (queued, resting on
    /// the run's consequences that clash needs), and `Ok(true)`; `Ok(false)`
    /// when none clashes or the run is not nested, `Err` when the budget
    /// stops it.
    fn refute(&mut self) -> Result<bool, StopReason> {
        let Some(budget) = self.nested else {
            return Ok(false);
        };
        let mark = Mark {
            consequences: self.consequences.len(),
            removed: self.removed.len(),
        };
        for cell in 0..self.values.len() {
            // Each supposition is undone, so these are the stall's.
            if self.values[cell] != 0 {
                continue;
            }
            for value in values_of(self.candidates[cell]) {
                if let Some(stop) = budget.poll() {
                    return Err(stop);
                }
                self.queue(cell, value, Reason::Supposed, Vec::new());
                let clash = self.propagate(usize::MAX);
                let refutation = clash.map(|(clash, causes)| {
                    let mut needed = rests_on(&self.consequences, causes);
                    needed[mark.consequences] = true;
                    let chain = self.chain(clash, &needed, mark.consequences);
                    let outer = (0..mark.consequences).filter(|&index| needed[index]);
                    (chain, outer.map(|index| index as u32).collect::<Vec<u32>>())
                });
                self.undo(mark);
                if let Some((chain, causes)) = refutation {
                    let reason = Reason::Refuted(self.refutations.len());
                    self.refutations.push(chain);
                    self.queue(cell, value, reason, causes);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The first cage the run has changed whose fillings leave a value of
    /// an open cell unused: those removals queued (`Ok`), or the clash when
    /// no filling is left (`Err`); `None` when there is none. Each removal
    /// rests on every change the run made to the cage's cells.
    fn cage_fillings(&mut self) -> Option<Result<(), (Clash, Vec<u32>)>> {
        let board = self.board;
        while let Some(house) = self.changed_cages.pop_front() {
            self.cage_listed[house] = false;
            let HouseKind::Cage(index) = board.houses()[house].kind else {
                continue;
            };
            let cells = &board.houses()[house].cells;
            let open: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&cell| self.values[cell] == 0)
                .collect();
            let placed: u32 = cells.iter().map(|&cell| u32::from(self.values[cell])).sum();
            let total = board.puzzle().cages()[index].sum;
            let Some(left) = total.checked_sub(placed).filter(|_| !open.is_empty()) else {
                continue;
            };
            let key: Vec<u32> = std::iter::once(left)
                .chain(open.iter().map(|&cell| self.candidates[cell]))
                .collect();
            let supports = self.supports.entry(key).or_insert_with_key(|key| {
                fillings(&key[1..], key[0]).map(|(_, supports)| supports)
            });
            let Some(supports) = supports.clone() else {
                continue;
            };
            let unused: Vec<(usize, u8)> = open
                .iter()
                .zip(&supports)
                .flat_map(|(&cell, &kept)| {
                    values_of(self.candidates[cell] & !kept).map(move |value| (cell, value))
                })
                .collect();
            if unused.is_empty() {
                continue;
            }
            let causes: Vec<u32> = cells
                .iter()
                .flat_map(|&cell| {
                    let placed_by = self.placed_by[cell];
                    let gone = board.candidates(cell) & !self.candidates[cell];
                    values_of(gone)
                        .map(move |value| slot(cell, value))
                        .map(|at| self.removed_by[at])
                        .chain([placed_by])
                })
                .filter(|&cause| cause != NONE)
                .collect();
            // Every open cell unsupported: no filling at all.
            if supports.iter().all(|&kept| kept == 0) {
                return Some(Err((Clash::Sum(house), causes)));
            }
            for (cell, value) in unused {
                self.queue(cell, value, Reason::Unfilled(house), causes.clone());
            }
            return Some(Ok(()));
        }
        None
    }

    /// Undoes the last run's changes.
    fn reset(&mut self) {
        self.undo(Mark {
            consequences: 0,
            removed: 0,
        });
        self.refutations.clear();
    }

    /// Undoes the consequences, placements and removals made since
    /// `mark`; empties the lists of units and cages to check.
    fn undo(&mut self, mark: Mark) {
        for index in mark.consequences..self.consequences.len() {
            let Consequence {
                cell,
                value,
                reason,
                ..
            } = self.consequences[index];
            if self.placed_by[cell] != NONE && self.placed_by[cell] as usize >= mark.consequences {
                self.placed_by[cell] = NONE;
                self.values[cell] = 0;
            }
            self.queued_of(reason)[slot(cell, value)] = false;
        }
        self.consequences.truncate(mark.consequences);
        self.followed = mark.consequences;
        for at in self.removed.drain(mark.removed..) {
            self.removed_by[at] = NONE;
            self.candidates[at / 32] |= 1 << (at % 32);
        }
        for (house, value) in self.narrowed.drain(..) {
            self.listed[slot(house, value)] = false;
        }
        for house in self.changed_cages.drain(..) {
            self.cage_listed[house] = false;
        }
    }

    /// Places consequence `index`; the clash it leads to, with its causes,
    /// if any.
    fn follow(&mut self, index: usize) -> Option<(Clash, Vec<u32>)> {
        let Consequence {
            cell,
            value,
            reason,
            ..
        } = self.consequences[index];
        if !reason.places() {
            let open = self.values[cell] == 0 && self.candidates[cell] & bit(value) != 0;
            return open.then(|| self.remove(cell, value, index as u32))?;
        }
        if self.values[cell] == value {
            return None;
        }
        if self.candidates[cell] & bit(value) == 0 {
            let causes = vec![index as u32, self.removed_by[slot(cell, value)]];
            return Some((Clash::Removed(cell, value), causes));
        }
        let by = index as u32;
        self.values[cell] = value;
        self.placed_by[cell] = by;
        for other in values_of(self.candidates[cell] & !bit(value)) {
            if let Some(clash) = self.remove(cell, other, by) {
                return Some(clash);
            }
        }
        let board = self.board;
        for &house in board.houses_of(cell) {
            for &mate in &board.houses()[house].cells {
                if self.values[mate] == 0 && self.candidates[mate] & bit(value) != 0 {
                    if let Some(clash) = self.remove(mate, value, by) {
                        return Some(clash);
                    }
                }
            }
        }
        board
            .houses_of(cell)
            .iter()
            .find_map(|&house| self.cage_rest(house))
    }

    /// Removes `value` from `cell` (by consequence `by`), and queues or
    /// reports what that forces in the cell and its units.
    fn remove(&mut self, cell: usize, value: u8, by: u32) -> Option<(Clash, Vec<u32>)> {
        self.candidates[cell] &= !bit(value);
        self.removed_by[slot(cell, value)] = by;
        self.removed.push(slot(cell, value));
        let board = self.board;
        let left = self.candidates[cell];
        if self.values[cell] == 0 && left.count_ones() <= 1 {
            let gone = board.candidates(cell) & !left;
            let causes = values_of(gone)
                .map(|gone| self.removed_by[slot(cell, gone)])
                .collect();
            match values_of(left).next() {
                None => return Some((Clash::NoValue(cell), causes)),
                Some(only) => self.queue(cell, only, Reason::NakedSingle, causes),
            }
        }
        for &house in board.houses_of(cell) {
            let cells = &board.houses()[house].cells;
            if let HouseKind::Cage(_) = board.houses()[house].kind {
                if !std::mem::replace(&mut self.cage_listed[house], true) {
                    self.changed_cages.push_back(house);
                }
                continue;
            }
            if cells.iter().any(|&other| self.values[other] == value) {
                continue;
            }
            if !std::mem::replace(&mut self.listed[slot(house, value)], true) {
                self.narrowed.push_back((house, value));
            }
            let mut places = cells
                .iter()
                .filter(|&&other| self.candidates[other] & bit(value) != 0);
            let (first, second) = (places.next().copied(), places.next());
            if second.is_some() {
                continue;
            }
            let causes = cells
                .iter()
                .filter(|&&other| Some(other) != first)
                .map(|&other| self.removed_by[slot(other, value)])
                .filter(|&cause| cause != NONE)
                .collect();
            match first {
                None => return Some((Clash::NoPlace(house, value), causes)),
                Some(place) => self.queue(place, value, Reason::HiddenSingle(house), causes),
            }
        }
        None
    }

    /// What `house`, if a cage, forces once the run has placed one of its
    /// cells: its last open cell takes what the sum leaves (queued), or
    /// the sum cannot be made (the clash).
    fn cage_rest(&mut self, house: usize) -> Option<(Clash, Vec<u32>)> {
        let board = self.board;
        let HouseKind::Cage(index) = board.houses()[house].kind else {
            return None;
        };
        let cells = &board.houses()[house].cells;
        let total = board.puzzle().cages()[index].sum;
        let placed: u32 = cells.iter().map(|&cell| u32::from(self.values[cell])).sum();
        let mut open = cells.iter().filter(|&&cell| self.values[cell] == 0);
        let (last, more) = (open.next().copied(), open.next().is_some());
        if more {
            return None;
        }
        let mut causes: Vec<u32> = cells
            .iter()
            .map(|&cell| self.placed_by[cell])
            .filter(|&cause| cause != NONE)
            .collect();
        let Some(last) = last else {
            return (placed != total).then_some((Clash::Sum(house), causes));
        };
        let rest = total
            .checked_sub(placed)
            .and_then(|rest| u8::try_from(rest).ok())
            .filter(|&rest| (1..=board.side() as u8).contains(&rest));
        match rest {
            Some(rest) if self.candidates[last] & bit(rest) != 0 => {
                self.queue(last, rest, Reason::CageRest(house), causes);
                None
            }
            _ => {
                if let Some(rest) = rest {
                    causes.push(self.removed_by[slot(last, rest)]);
                }
                Some((Clash::Sum(house), causes))
            }
        }
    }

    /// The first value locked in a unit (all its places there in another
    /// house, which has it elsewhere), its removals queued; whether there
    /// is one. Only the units and values the run has narrowed are looked
    /// at: the board's own locks are steps of their own before any chain.
    fn lock(&mut self) -> bool {
        let board = self.board;
        let houses = board.houses();
        while let Some((unit, value)) = self.narrowed.pop_front() {
            self.listed[slot(unit, value)] = false;
            let house = &houses[unit];
            {
                let places: Vec<usize> = house
                    .cells
                    .iter()
                    .copied()
                    .filter(|&cell| {
                        self.values[cell] == 0 && self.candidates[cell] & bit(value) != 0
                    })
                    .collect();
                if places.len() < 2 || house.cells.iter().any(|&cell| self.values[cell] == value) {
                    continue;
                }
                for &other in board.houses_of(places[0]) {
                    let cover = &houses[other].cells;
                    if other == unit || !places.iter().all(|cell| cover.contains(cell)) {
                        continue;
                    }
                    let targets: Vec<usize> = cover
                        .iter()
                        .copied()
                        .filter(|cell| !places.contains(cell))
                        .filter(|&cell| {
                            self.values[cell] == 0 && self.candidates[cell] & bit(value) != 0
                        })
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let causes: Vec<u32> = house
                        .cells
                        .iter()
                        .map(|&cell| self.removed_by[slot(cell, value)])
                        .filter(|&cause| cause != NONE)
                        .collect();
                    for target in targets {
                        self.queue(target, value, Reason::Locked(unit, other), causes.clone());
                    }
                    return true;
                }
            }
        }
        false
    }

    /// Adds the placement (or removal, by its reason) of `value` in `cell`
    /// as a consequence, unless one makes it already.
    fn queue(&mut self, cell: usize, value: u8, reason: Reason, causes: Vec<u32>) {
        if std::mem::replace(&mut self.queued_of(reason)[slot(cell, value)], true) {
            return;
        }
        let depth = 1 + causes
            .iter()
            .filter(|&&cause| cause != NONE)
            .map(|&cause| self.consequences[cause as usize].depth)
            .max()
            .unwrap_or(0);
        self.consequences.push(Consequence {
            depth,
            cell,
            value,
            reason,
            causes,
        });
    }

    /// Whether each cell's value is queued to be placed (or removed, by
    /// `reason`).
    fn queued_of(&mut self, reason: Reason) -> &mut [bool] {
        if reason.places() {
            &mut self.queued
        } else {
            &mut self.queued_removals
        }
    }

    /// The chain of `clash`: the consequences from index `start` on that
    /// `needed` marks, each nested chain they tell taken along.
    fn chain(&self, clash: Clash, needed: &[bool], start: usize) -> Chain {
        let mut inner = Vec::new();
        let steps = kept(&self.consequences, needed, start)
            .into_iter()
            .map(|mut step| {
                if let Reason::Refuted(index) = step.reason {
                    step.reason = Reason::Refuted(inner.len());
                    inner.push(self.refutations[index].clone());
                }
                step
            })
            .collect();
        Chain {
            steps,
            clash,
            inner,
        }
    }
}

/// The index of `cell`'s (or a house's) `value` in a run's tables.
fn slot(cell: usize, value: u8) -> usize {
    cell * 32 + usize::from(value - 1)
}

impl Chain {
    /// Writes what follows its assumption to `text`: " then" each
    /// consequence in order, and its clash.
    fn tell(&self, board: &VariantBoard, told: &mut Told, text: &mut String) {
        text.push_str(" then");
        // A placement whose value an earlier one removed is the clash
        // itself, told last.
        let told_steps = match self.clash {
            Clash::Removed(..) => &self.steps[1..self.steps.len() - 1],
            _ => &self.steps[1..],
        };
        told.consequences(board, told_steps, &self.inner, text);
        let and = if told_steps.is_empty() { "" } else { ", and" };
        let clash = match self.clash {
            Clash::NoValue(cell) => {
                format!("{} would have no value left", board.cell_name(cell))
            }
            Clash::NoPlace(house, value) => {
                told.houses.push(house);
                format!(
                    "{} would have no place left for {}",
                    house_name(board, house),
                    Said(value)
                )
            }
            Clash::Sum(house) => {
                told.houses.push(house);
                format!("{} could not make its sum", house_name(board, house))
            }
            Clash::Removed(cell, value) => {
                let last = self.steps.last().expect("the placement that clashes");
                let (_, why) = told.reason(board, last, &self.inner);
                format!(
                    "{} would need {} ({why}), which it could no longer hold",
                    board.cell_name(cell),
                    Said(value)
                )
            }
        };
        write!(text, "{and} {clash}").expect("a string");
    }

    /// The step of `technique`: the assumption removed, each consequence
    /// and the clash told in order.
    fn step(self, board: &VariantBoard, technique: VariantTechnique) -> VariantStep {
        let (cell, value) = (self.steps[0].cell, self.steps[0].value);
        let mut told = Told {
            cells: vec![cell],
            houses: Vec::new(),
        };
        let mut text = format!("If {} held {},", board.cell_name(cell), Said(value));
        self.tell(board, &mut told, &mut text);
        write!(
            text,
            "; so {} is removed from {} ({technique})",
            Said(value),
            board.cell_name(cell)
        )
        .expect("a string");
        let units = told.units(board);
        Draft::removal(
            technique,
            told.cells,
            units,
            bit(value),
            vec![(cell, value)],
        )
        .named(board, text)
    }
}

/// The name of house `house` of `board`.
fn house_name(board: &VariantBoard, house: usize) -> String {
    board.house_name(&board.houses()[house])
}
