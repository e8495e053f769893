//! A [`Variant`]'s constraints as look-ups for the searches, and the
//! search state they act on.
//!
//! Candidates are `u32` masks (bit `v - 1` for value `v`). Invariant of
//! [`State`]: a filled cell has no candidates; an unfilled cell's
//! candidates exclude every value placed among its peers (the cells
//! sharing a unit or a cage with it).

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
}

impl State {
    /// Becomes a copy of `other`, keeping its own allocations.
    pub fn copy_from(&mut self, other: &State) {
        self.values.clone_from(&other.values);
        self.cand.clone_from(&other.cand);
    }
}

/// The puzzle's constraints, as look-ups.
pub(super) struct Rules<'a> {
    pub variant: &'a Variant,
    pub side: usize,
    /// Every value's bit.
    pub all: u32,
    /// Per cell: the indices of the units that hold it.
    pub units_of: Vec<Vec<u16>>,
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
            for &cell in unit {
                units_of[cell].push(index as u16);
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

    /// The start of a search: every cell open to every value, then the
    /// givens placed.
    pub fn start(&self) -> Result<State, Contradiction> {
        let givens = self.variant.givens();
        let mut state = State {
            values: vec![0; givens.len()],
            cand: vec![self.all; givens.len()],
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
        if state.cand[cell] & bit == 0 {
            return Err(Contradiction);
        }
        state.values[cell] = value;
        state.cand[cell] = 0;
        for &peer in &self.peers[cell] {
            state.cand[peer] &= !bit;
            if state.values[peer] == 0 && state.cand[peer] == 0 {
                return Err(Contradiction);
            }
        }
        self.cages_of[cell]
            .iter()
            .try_for_each(|&cage| self.prune_cage(state, cage))
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
        for cell in open {
            state.cand[cell] &= feasible;
            if state.cand[cell] == 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }
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
