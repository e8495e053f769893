//! A [`Variant`]'s constraints as look-ups for the searches, and the
//! search state they act on.
//!
//! Candidates are `u32` masks (bit `v - 1` for value `v`), and so are a
//! value's places in a unit (bit `k` for the unit's `k`-th cell). Invariant
//! of [`State`]: a filled cell has no candidates; an unfilled cell's
//! candidates exclude every value placed among its peers (the cells
//! sharing a unit or a cage with it); a value's places in a unit are the
//! unit's cells that hold it or may still take it; and every naked single
//! (an unfilled cell with one candidate) and hidden single (a value with
//! one place, unfilled, in a unit) that arose since the last drain is
//! queued in `pending`; and, except on a probe's trial state, every unit
//! whose cells lost candidates since it was last checked for Hall sets is
//! marked in `unchecked`, and each value whose places in a unit shrank
//! since the unit was last checked for locked candidates in `unlocked`,
//! and every cage whose cells lost candidates since it was last pruned in
//! `unpruned`.
//! Every removal of a candidate goes through [`Rules::eliminate`], which keeps
//! all of this true (a placement's removals from its peers skip the
//! value's places in the placement's units, which [`Rules::assign`] sets
//! to the placed cell at once).

use super::cages::{cell_supports, feasible_values, EXACT_CELLS};
use super::model::{Cage, Variant, MAX_SIDE};
use super::solve::CageRules;

/// A search can go no further: a constraint has no way left. Constraints
/// are numbered as [`Rules::constraints_of`] lists them: each cell (it
/// takes one value), then each unit (it holds each value), then each cage
/// of [`Rules`] (its sum), so a search can weigh the ones that fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Contradiction {
    pub constraint: usize,
}

/// The values placed so far and the candidates of the other cells.
#[derive(Clone)]
pub(super) struct State {
    /// Per cell, its value, or 0 while unfilled.
    pub values: Vec<u8>,
    /// Per cell, the values it may still take (0 once filled).
    pub cand: Vec<u32>,
    /// Per unit and value (at `unit * side + value - 1`), the positions in
    /// the unit of the cells that hold the value or may still take it.
    pub places: Vec<u32>,
    /// Singles found and not yet placed: a cell and its value.
    pub pending: Vec<(usize, u8)>,
    /// The cells filled or narrowed since [`State::forget_changes`], as a
    /// bitset (bit `cell % 64` of word `cell / 64`).
    pub changed: Vec<u64>,
    /// The units whose cells lost candidates since their last check for
    /// Hall sets (see [`super::hall`]), as a bitset like `changed`.
    pub unchecked: Vec<u64>,
    /// Per unit, the values whose places in it shrank since its last
    /// check for locked candidates (see [`super::infer::locked_candidates`]).
    pub unlocked: Vec<u32>,
    /// The cages of [`Rules`] whose cells lost candidates since the cage
    /// was last pruned, as a bitset like `changed`.
    pub unpruned: Vec<u64>,
    /// Whether eliminations mark units in `unchecked` and `unlocked`, and
    /// cages in `unpruned`:
    /// false on a probe's trial (see [`State::trial_of`]), which only runs
    /// singles and is thrown away.
    marks_units: bool,
}

impl State {
    /// Becomes a copy of `other`, keeping its own allocations.
    pub fn copy_from(&mut self, other: &State) {
        self.values.clone_from(&other.values);
        self.cand.clone_from(&other.cand);
        self.places.clone_from(&other.places);
        self.pending.clone_from(&other.pending);
        self.changed.clone_from(&other.changed);
        self.unchecked.clone_from(&other.unchecked);
        self.unlocked.clone_from(&other.unlocked);
        self.unpruned.clone_from(&other.unpruned);
        self.marks_units = other.marks_units;
    }

    /// Becomes a copy of `other` for trying a placement through singles
    /// only: no cell changed yet, and no units marked for Hall sets or
    /// locked candidates (neither runs on it).
    pub fn trial_of(&mut self, other: &State) {
        self.values.clone_from(&other.values);
        self.cand.clone_from(&other.cand);
        self.places.clone_from(&other.places);
        self.pending.clone_from(&other.pending);
        self.forget_changes();
        self.marks_units = false;
    }

    /// Starts a new record of changed cells.
    fn forget_changes(&mut self) {
        self.changed.fill(0);
    }

    /// The values `cell` holds or may take.
    pub fn possible(&self, cell: usize) -> u32 {
        match self.values[cell] {
            0 => self.cand[cell],
            value => 1 << (value - 1),
        }
    }

    /// The cells filled or narrowed since [`State::forget_changes`],
    /// ascending.
    pub fn changed_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.changed.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let cell = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    cell
                })
            })
        })
    }

    fn mark_changed(&mut self, cell: usize) {
        self.changed[cell / 64] |= 1 << (cell % 64);
    }
}

/// No unit: a [`Membership::unit`] no grid has (a grid of side at most
/// `MAX_SIDE` has a few hundred units at most).
const NO_UNIT: u16 = u16::MAX;

/// One of the units holding a cell, and the cell's position in it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Membership {
    pub unit: u16,
    pub position: u8,
}

/// Two units sharing two cells or more, seen from the first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Overlap {
    /// The second unit.
    pub other: u16,
    /// The shared cells, as positions in the first unit.
    pub shared: u32,
    /// The second unit's other cells, as positions in it.
    pub beyond: u32,
}

/// The puzzle's constraints, as look-ups.
pub(super) struct Rules<'a> {
    pub variant: &'a Variant,
    pub side: usize,
    /// Every value's bit.
    pub all: u32,
    /// Per cell: the units that hold it, with its position in each.
    pub units_of: Vec<Vec<Membership>>,
    /// Each unit's cells (every unit has `side`, as the model checks), in
    /// one run: the hot paths' look-up of a unit's cell by position (see
    /// [`Rules::cell_at`]).
    unit_cells: Vec<usize>,
    /// Per cell: the other cells of its units and cages.
    peers: Vec<Vec<usize>>,
    /// Per cell: the cells sharing a cage with it but no unit (a placement
    /// reaches a unit's cells through the value's places there).
    cage_peers: Vec<Vec<usize>>,
    /// The cages, then (with the rule of 45) each unit's cells outside the
    /// cages wholly inside it, with the sum they must make.
    cages: Vec<Cage>,
    /// Per cell: the cages of `cages` it is in.
    cages_of: Vec<Vec<usize>>,
    /// Per unit: the units sharing two cells or more with it.
    pub overlaps: Vec<Vec<Overlap>>,
    /// Per cell: the constraints it is in (see [`Contradiction`]).
    constraints_of: Vec<Vec<usize>>,
    combinations: bool,
}

impl<'a> Rules<'a> {
    pub fn new(variant: &'a Variant, cage_rules: CageRules) -> Self {
        let side = variant.side();
        let cells = side * side;
        let mut peers = vec![Vec::new(); cells];
        let mut units_of = vec![Vec::new(); cells];
        for (index, unit) in variant.units().iter().enumerate() {
            for (position, &cell) in unit.iter().enumerate() {
                units_of[cell].push(Membership {
                    unit: index as u16,
                    position: position as u8,
                });
            }
        }
        let groups = variant
            .units()
            .iter()
            .chain(variant.cages().iter().map(|cage| &cage.cells));
        for group in groups {
            for &cell in group {
                peers[cell].extend(group.iter().copied().filter(|&other| other != cell));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let cage_peers = (0..cells)
            .map(|cell| {
                let shares_unit = |other: usize| {
                    units_of[other]
                        .iter()
                        .any(|theirs| units_of[cell].iter().any(|ours| ours.unit == theirs.unit))
                };
                peers[cell]
                    .iter()
                    .copied()
                    .filter(|&other| !shares_unit(other))
                    .collect()
            })
            .collect();
        let mut cages = variant.cages().to_vec();
        if cage_rules.rule_of_45 && !cages.is_empty() {
            cages.extend(rule_of_45(variant));
        }
        let mut cages_of = vec![Vec::new(); cells];
        for (index, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cages_of[cell].push(index);
            }
        }
        let overlaps = overlaps(variant.units(), &units_of);
        let mut rules = Rules {
            variant,
            side,
            all: (1u32 << side) - 1,
            units_of,
            unit_cells: variant.units().concat(),
            peers,
            cage_peers,
            cages,
            cages_of,
            overlaps,
            constraints_of: Vec::new(),
            combinations: cage_rules.combinations,
        };
        rules.constraints_of = (0..cells)
            .map(|cell| {
                let units = rules.units_of[cell]
                    .iter()
                    .map(|member| rules.unit_constraint(usize::from(member.unit)));
                let cages = rules.cages_of[cell]
                    .iter()
                    .map(|&cage| rules.cage_constraint(cage));
                std::iter::once(cell).chain(units).chain(cages).collect()
            })
            .collect();
        rules
    }

    /// The cell at `position` in unit `unit`.
    #[inline]
    pub fn cell_at(&self, unit: usize, position: u32) -> usize {
        self.unit_cells[unit * self.side + position as usize]
    }

    /// The other cells of `cell`'s units and cages.
    pub fn peers_of(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// How many constraints there are: cells, units and cages (the rule
    /// of 45's included).
    pub fn constraint_count(&self) -> usize {
        self.units_of.len() + self.units().len() + self.cages.len()
    }

    /// The constraints `cell` is in: itself, its units, its cages.
    pub fn constraints_of(&self, cell: usize) -> &[usize] {
        &self.constraints_of[cell]
    }

    /// The constraint that is unit `unit`.
    pub fn unit_constraint(&self, unit: usize) -> usize {
        self.units_of.len() + unit
    }

    /// The constraint that is cage `cage` (of the cages with the rule of
    /// 45's).
    fn cage_constraint(&self, cage: usize) -> usize {
        self.units_of.len() + self.units().len() + cage
    }

    /// The units, in the model's order.
    pub fn units(&self) -> &'a [Vec<usize>] {
        self.variant.units()
    }

    /// The start of a search: every cell open to every value, then the
    /// givens placed.
    pub fn start(&self) -> Result<State, Contradiction> {
        self.start_from(self.variant.givens())
    }

    /// [`Rules::start`] with other `givens` (a value per cell, 0 for
    /// blank) on the same grid, units and cages.
    pub fn start_from(&self, givens: &[u8]) -> Result<State, Contradiction> {
        let mut state = State {
            values: vec![0; givens.len()],
            cand: vec![self.all; givens.len()],
            // A unit has `side` cells, so `all` is also every position.
            places: vec![self.all; self.units().len() * self.side],
            pending: Vec::new(),
            changed: vec![0; givens.len().div_ceil(64)],
            unchecked: every_bit(self.units().len()),
            unlocked: vec![self.all; self.units().len()],
            unpruned: vec![0; self.cages.len().div_ceil(64)],
            marks_units: true,
        };
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                self.assign(&mut state, cell, value)?;
            }
        }
        Ok(state)
    }

    /// Writes `value` into `cell` and removes it from the cell's peers.
    pub fn assign(&self, state: &mut State, cell: usize, value: u8) -> Result<(), Contradiction> {
        let bit = 1u32 << (value - 1);
        let cand = state.cand[cell];
        if cand & bit == 0 {
            return Err(Contradiction { constraint: cell });
        }
        state.values[cell] = value;
        state.cand[cell] = 0;
        state.mark_changed(cell);
        self.leave_places(state, cell, cand & !bit, NO_UNIT)?;
        // The unit peers that may still take the value are its places;
        // the value's one place in the unit is now this cell, so their
        // removals skip that unit's places.
        let value_slot = usize::from(value - 1);
        for member in &self.units_of[cell] {
            let unit = usize::from(member.unit);
            let slot = unit * self.side + value_slot;
            let mut places = state.places[slot] & !(1 << member.position);
            state.places[slot] = 1 << member.position;
            while places != 0 {
                let peer = self.cell_at(unit, places.trailing_zeros());
                places &= places - 1;
                if state.values[peer] == 0 {
                    self.remove(state, peer, bit, member.unit)?;
                }
            }
        }
        for &peer in &self.cage_peers[cell] {
            self.eliminate(state, peer, bit)?;
        }
        self.cages_of[cell]
            .iter()
            .try_for_each(|&cage| self.prune_cage(state, cage).map(drop))
    }

    /// Removes the values of `bits` from an unfilled `cell`'s candidates,
    /// queueing the singles this makes.
    pub fn eliminate(
        &self,
        state: &mut State,
        cell: usize,
        bits: u32,
    ) -> Result<(), Contradiction> {
        self.remove(state, cell, bits, NO_UNIT)
    }

    /// [`Rules::eliminate`], leaving the values' places in unit `settled`
    /// to the caller (see [`Rules::leave_places`]).
    fn remove(
        &self,
        state: &mut State,
        cell: usize,
        bits: u32,
        settled: u16,
    ) -> Result<(), Contradiction> {
        let gone = state.cand[cell] & bits;
        if gone == 0 {
            return Ok(());
        }
        let left = state.cand[cell] & !gone;
        state.cand[cell] = left;
        state.mark_changed(cell);
        if state.marks_units {
            for &cage in &self.cages_of[cell] {
                state.unpruned[cage / 64] |= 1 << (cage % 64);
            }
        }
        if left == 0 {
            return Err(Contradiction { constraint: cell });
        }
        if left.is_power_of_two() {
            state.pending.push((cell, value_of(left)));
        }
        self.leave_places(state, cell, gone, settled)
    }

    /// Takes `cell` out of the places of the values of `gone` in each of
    /// its units but `settled` (whose places for them the caller keeps
    /// true itself: [`NO_UNIT`] for none), queueing the hidden singles
    /// this makes.
    fn leave_places(
        &self,
        state: &mut State,
        cell: usize,
        gone: u32,
        settled: u16,
    ) -> Result<(), Contradiction> {
        for member in &self.units_of[cell] {
            let unit = usize::from(member.unit);
            if state.marks_units {
                state.unchecked[unit / 64] |= 1 << (unit % 64);
                state.unlocked[unit] |= gone;
            }
            if member.unit == settled {
                continue;
            }
            let mut bits = gone;
            while bits != 0 {
                let value = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let slot = unit * self.side + value;
                let left = state.places[slot] & !(1 << member.position);
                state.places[slot] = left;
                if left == 0 {
                    return Err(Contradiction {
                        constraint: self.unit_constraint(unit),
                    });
                }
                if left.is_power_of_two() {
                    let only = self.cell_at(unit, left.trailing_zeros());
                    if state.values[only] == 0 {
                        state.pending.push((only, value as u8 + 1));
                    }
                }
            }
        }
        Ok(())
    }

    /// Prunes every cage marked in `unpruned` (the fast engine's, after
    /// the removals since); returns whether that removed anything.
    pub fn prune_marked_cages(&self, state: &mut State) -> Result<bool, Contradiction> {
        let mut removed = false;
        while let Some(cage) = first_bit(&state.unpruned) {
            removed |= self.prune_cage(state, cage)?;
            // Its own removals marked it again; it is pruned as they left it.
            state.unpruned[cage / 64] &= !(1 << (cage % 64));
        }
        Ok(removed)
    }

    /// Keeps a cage's unfilled cells to the values some filling of the
    /// cage gives them (with more than [`EXACT_CELLS`] unfilled, to the
    /// values of some combination making the sum left); without pruning,
    /// checks a full cage's sum. Returns whether it removed anything.
    fn prune_cage(&self, state: &mut State, index: usize) -> Result<bool, Contradiction> {
        let cage = &self.cages[index];
        // A cage holds distinct values, so it has at most a unit's cells.
        let (mut open, mut candidates) = ([0usize; MAX_SIDE], [0u32; MAX_SIDE]);
        let (mut count, mut placed) = (0, 0);
        for &cell in &cage.cells {
            match state.values[cell] {
                0 => {
                    (open[count], candidates[count]) = (cell, state.cand[cell]);
                    count += 1;
                }
                value => placed += u32::from(value),
            }
        }
        let (open, candidates) = (&open[..count], &candidates[..count]);
        let broken = Contradiction {
            constraint: self.cage_constraint(index),
        };
        if placed > cage.sum || (open.is_empty() && placed != cage.sum) {
            return Err(broken);
        }
        if !self.combinations || open.is_empty() {
            return Ok(false);
        }
        let left = cage.sum - placed;
        let mut kept = [0u32; MAX_SIDE];
        if count <= EXACT_CELLS {
            let supports = cell_supports(candidates, left).ok_or(broken)?;
            kept[..count].copy_from_slice(&supports[..count]);
        } else {
            let allowed = candidates.iter().fold(0, |mask, &values| mask | values);
            let feasible = feasible_values(self.side, allowed, count, left);
            if feasible == 0 {
                return Err(broken);
            }
            kept[..count].fill(feasible);
        }
        let mut removed = false;
        for ((&cell, &values), &keep) in open.iter().zip(candidates).zip(&kept) {
            if values & !keep != 0 {
                self.eliminate(state, cell, !keep)?;
                removed = true;
            }
        }
        Ok(removed)
    }
}

/// The lowest set bit of a bitset (bit `k % 64` of word `k / 64`), if any.
pub(super) fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .position(|&word| word != 0)
        .map(|word| word * 64 + words[word].trailing_zeros() as usize)
}

/// A bitset (bit `k % 64` of word `k / 64`) holding `0..len`.
fn every_bit(len: usize) -> Vec<u64> {
    (0..len.div_ceil(64))
        .map(|word| match len - word * 64 {
            64.. => u64::MAX,
            left => (1 << left) - 1,
        })
        .collect()
}

/// The value whose bit is `bit`.
pub(super) fn value_of(bit: u32) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

/// Per unit, the units sharing two cells or more with it (`units_of`: per
/// cell, its units and positions in them).
fn overlaps(units: &[Vec<usize>], units_of: &[Vec<Membership>]) -> Vec<Vec<Overlap>> {
    (0..units.len())
        .map(|index| {
            let mut shared: Vec<Overlap> = Vec::new();
            for (position, &cell) in units[index].iter().enumerate() {
                for member in units_of[cell]
                    .iter()
                    .filter(|m| usize::from(m.unit) != index)
                {
                    let overlap = match shared.iter_mut().find(|o| o.other == member.unit) {
                        Some(overlap) => overlap,
                        None => {
                            shared.push(Overlap {
                                other: member.unit,
                                shared: 0,
                                beyond: (1u32 << units[usize::from(member.unit)].len()) - 1,
                            });
                            shared.last_mut().expect("just pushed")
                        }
                    };
                    overlap.shared |= 1 << position;
                    overlap.beyond &= !(1 << member.position);
                }
            }
            shared.retain(|overlap| overlap.shared.count_ones() >= 2);
            shared
        })
        .collect()
}

/// The rule of 45 as cages: for each unit with cages wholly inside it,
/// the unit's other cells and the sum left for them (the unit holds each
/// value once, so its total is 1 + 2 + … + N).
fn rule_of_45(variant: &Variant) -> Vec<Cage> {
    let side = variant.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut cage_of = vec![None; side * side];
    for (index, cage) in variant.cages().iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell] = Some(index);
        }
    }
    variant
        .units()
        .iter()
        .filter_map(|unit| {
            let inside = |index: usize| {
                variant.cages()[index]
                    .cells
                    .iter()
                    .all(|cell| unit.contains(cell))
            };
            let (mut covered, mut rest) = (0u32, Vec::new());
            let mut counted = Vec::new();
            for &cell in unit {
                match cage_of[cell] {
                    Some(index) if inside(index) => {
                        if !counted.contains(&index) {
                            counted.push(index);
                            covered += variant.cages()[index].sum;
                        }
                    }
                    _ => rest.push(cell),
                }
            }
            (!counted.is_empty() && !rest.is_empty() && covered < total).then(|| Cage {
                cells: rest,
                sum: total - covered,
            })
        })
        .collect()
}
