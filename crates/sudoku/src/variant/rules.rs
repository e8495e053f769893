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
//! queued in `pending`. Every removal of a candidate goes through
//! [`Rules::eliminate`], which keeps all of this true.

use super::cages::feasible_values;
use super::model::{Cage, Variant};
use super::solve::CageRules;

/// A search can go no further: a cell, unit or cage has no way left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Contradiction;

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
}

impl State {
    /// Becomes a copy of `other`, keeping its own allocations.
    pub fn copy_from(&mut self, other: &State) {
        self.values.clone_from(&other.values);
        self.cand.clone_from(&other.cand);
        self.places.clone_from(&other.places);
        self.pending.clone_from(&other.pending);
    }
}

/// One of the units holding a cell, and the cell's position in it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Membership {
    pub unit: u16,
    pub position: u8,
}

/// The puzzle's constraints, as look-ups.
pub(super) struct Rules<'a> {
    pub variant: &'a Variant,
    pub side: usize,
    /// Every value's bit.
    pub all: u32,
    /// Per cell: the units that hold it, with its position in each.
    pub units_of: Vec<Vec<Membership>>,
    /// Per cell: the other cells of its units and cages.
    peers: Vec<Vec<usize>>,
    /// The cages, then (with the rule of 45) each unit's cells outside the
    /// cages wholly inside it, with the sum they must make.
    cages: Vec<Cage>,
    /// Per cell: the cages of `cages` it is in.
    cages_of: Vec<Vec<usize>>,
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
        Rules {
            variant,
            side,
            all: (1u32 << side) - 1,
            units_of,
            peers,
            cages,
            cages_of,
            combinations: cage_rules.combinations,
        }
    }

    /// The other cells of `cell`'s units and cages.
    pub fn peers_of(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// The units, in the model's order.
    pub fn units(&self) -> &'a [Vec<usize>] {
        self.variant.units()
    }

    /// Whether `cell` lies in unit `unit`.
    pub fn in_unit(&self, cell: usize, unit: u16) -> bool {
        self.units_of[cell].iter().any(|member| member.unit == unit)
    }

    /// The start of a search: every cell open to every value, then the
    /// givens placed.
    pub fn start(&self) -> Result<State, Contradiction> {
        let givens = self.variant.givens();
        let mut state = State {
            values: vec![0; givens.len()],
            cand: vec![self.all; givens.len()],
            // A unit has `side` cells, so `all` is also every position.
            places: vec![self.all; self.units().len() * self.side],
            pending: Vec::new(),
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
            return Err(Contradiction);
        }
        state.values[cell] = value;
        state.cand[cell] = 0;
        self.leave_places(state, cell, cand & !bit)?;
        for &peer in &self.peers[cell] {
            self.eliminate(state, peer, bit)?;
        }
        self.cages_of[cell]
            .iter()
            .try_for_each(|&cage| self.prune_cage(state, cage))
    }

    /// Removes the values of `bits` from an unfilled `cell`'s candidates,
    /// queueing the singles this makes.
    pub fn eliminate(
        &self,
        state: &mut State,
        cell: usize,
        bits: u32,
    ) -> Result<(), Contradiction> {
        let gone = state.cand[cell] & bits;
        if gone == 0 {
            return Ok(());
        }
        let left = state.cand[cell] & !gone;
        state.cand[cell] = left;
        if left == 0 {
            return Err(Contradiction);
        }
        if left.is_power_of_two() {
            state.pending.push((cell, value_of(left)));
        }
        self.leave_places(state, cell, gone)
    }

    /// Takes `cell` out of the places of the values of `gone` in each of
    /// its units, queueing the hidden singles this makes.
    fn leave_places(&self, state: &mut State, cell: usize, gone: u32) -> Result<(), Contradiction> {
        for member in &self.units_of[cell] {
            let unit = usize::from(member.unit);
            let mut bits = gone;
            while bits != 0 {
                let value = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let slot = unit * self.side + value;
                let left = state.places[slot] & !(1 << member.position);
                state.places[slot] = left;
                if left == 0 {
                    return Err(Contradiction);
                }
                if left.is_power_of_two() {
                    let only = self.units()[unit][left.trailing_zeros() as usize];
                    if state.values[only] == 0 {
                        state.pending.push((only, value as u8 + 1));
                    }
                }
            }
        }
        Ok(())
    }

    /// Keeps a cage's unfilled cells to values some combination allows
    /// (or, without pruning, checks a full cage's sum).
    fn prune_cage(&self, state: &mut State, cage: usize) -> Result<(), Contradiction> {
        let cage = &self.cages[cage];
        let placed: u32 = cage
            .cells
            .iter()
            .map(|&cell| u32::from(state.values[cell]))
            .sum();
        let open: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&cell| state.values[cell] == 0)
            .collect();
        if placed > cage.sum || (open.is_empty() && placed != cage.sum) {
            return Err(Contradiction);
        }
        if !self.combinations || open.is_empty() {
            return Ok(());
        }
        let allowed = open.iter().fold(0, |mask, &cell| mask | state.cand[cell]);
        let feasible = feasible_values(self.side, allowed, open.len(), cage.sum - placed);
        open.into_iter()
            .try_for_each(|cell| self.eliminate(state, cell, !feasible))
    }
}

/// The value whose bit is `bit`.
pub(super) fn value_of(bit: u32) -> u8 {
    bit.trailing_zeros() as u8 + 1
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
