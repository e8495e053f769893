//! What a variant search infers before it guesses, and where it guesses.
//!
//! Each rule only removes candidates that no solution below the state
//! can use (or places a value every solution below it has), so a search
//! that applies them between guesses still finds, and counts, exactly the
//! solutions of the puzzle.

use super::rules::{Contradiction, Rules, State};

/// Naked singles (a cell with one candidate) and hidden singles (a value
/// with one place left in a unit), to a fixed point.
pub(super) fn singles(rules: &Rules, state: &mut State) -> Result<(), Contradiction> {
    loop {
        let mut changed = false;
        for cell in 0..state.values.len() {
            let cand = state.cand[cell];
            if state.values[cell] == 0 && cand.count_ones() == 1 {
                rules.assign(state, cell, value_of(cand))?;
                changed = true;
            }
        }
        for unit in rules.units() {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in unit {
                twice |= once & state.cand[cell];
                once |= state.cand[cell];
                if state.values[cell] != 0 {
                    placed |= 1 << (state.values[cell] - 1);
                }
            }
            if once | placed != rules.all {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                if let Some(&cell) = unit.iter().find(|&&cell| state.cand[cell] & bit != 0) {
                    rules.assign(state, cell, value_of(bit))?;
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Locked candidates, for any two units (pointing and claiming on the
/// classic grid): when a value's places in one unit all lie in a second
/// unit, the value must go there in the second unit too, so it leaves the
/// second unit's other cells. Returns whether it removed anything.
pub(super) fn locked_candidates(rules: &Rules, state: &mut State) -> Result<bool, Contradiction> {
    let units = rules.units();
    let mut removed = false;
    let mut shared: Vec<u16> = Vec::new();
    for (index, unit) in units.iter().enumerate() {
        let index = index as u16;
        let mut open = unit.iter().fold(0, |mask, &cell| mask | state.cand[cell]);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open &= open - 1;
            let mut places = unit.iter().filter(|&&cell| state.cand[cell] & bit != 0);
            let Some(&first) = places.next() else {
                continue;
            };
            shared.clear();
            shared.extend(
                rules.units_of[first]
                    .iter()
                    .filter(|&&other| other != index),
            );
            for &cell in places {
                shared.retain(|other| rules.units_of[cell].contains(other));
                if shared.is_empty() {
                    break;
                }
            }
            for &other in &shared {
                for &cell in &units[usize::from(other)] {
                    if state.cand[cell] & bit != 0 && !rules.units_of[cell].contains(&index) {
                        state.cand[cell] &= !bit;
                        if state.cand[cell] == 0 {
                            return Err(Contradiction);
                        }
                        removed = true;
                    }
                }
            }
        }
    }
    Ok(removed)
}

/// Singles, locked candidates and probing, to a fixed point.
pub(super) fn everything(rules: &Rules, state: &mut State) -> Result<(), Contradiction> {
    loop {
        singles(rules, state)?;
        if !locked_candidates(rules, state)? && !probe_pairs(rules, state)? {
            return Ok(());
        }
    }
}

/// Failed-literal probing: each cell with two candidates is tried with
/// each, through singles; a value that leads to a contradiction is not the
/// cell's, so the other one is placed. Returns whether it placed anything.
pub(super) fn probe_pairs(rules: &Rules, state: &mut State) -> Result<bool, Contradiction> {
    let mut placed = false;
    // One trial state for every probe, so no probe allocates.
    let mut trial = state.clone();
    for cell in 0..state.values.len() {
        let cand = state.cand[cell];
        if state.values[cell] != 0 || cand.count_ones() != 2 {
            continue;
        }
        let low = cand & cand.wrapping_neg();
        for bit in [low, cand & !low] {
            trial.copy_from(state);
            let outcome = rules
                .assign(&mut trial, cell, value_of(bit))
                .and_then(|()| singles(rules, &mut trial));
            if outcome.is_err() {
                rules.assign(state, cell, value_of(cand & !bit))?;
                singles(rules, state)?;
                placed = true;
                break;
            }
        }
    }
    Ok(placed)
}

/// The value whose bit is `bit`.
fn value_of(bit: u32) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

/// The unfilled cell with the fewest candidates (the first of them), or
/// `None` when every cell is filled.
pub(super) fn fewest_candidates(state: &State) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for (cell, &cand) in state.cand.iter().enumerate() {
        if state.values[cell] != 0 {
            continue;
        }
        let count = cand.count_ones();
        if best.is_none_or(|(fewest, _)| count < fewest) {
            best = Some((count, cell));
            if count <= 1 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

/// Among the unfilled cells with the fewest candidates, the one whose
/// candidates its peers share most (the sum, over its peers, of the
/// candidates they have in common with it): its values, once tried, prune
/// most. `None` when every cell is filled.
///
/// On generated minimal 16×16 puzzles this tie-break made the largest
/// search tree 20 times smaller than taking the first such cell.
pub(super) fn fewest_candidates_most_shared(rules: &Rules, state: &State) -> Option<usize> {
    let mut best: Option<(u32, u32, usize)> = None;
    for (cell, &cand) in state.cand.iter().enumerate() {
        let count = cand.count_ones();
        if state.values[cell] != 0 || best.is_some_and(|(fewest, _, _)| count > fewest) {
            continue;
        }
        let shared = rules
            .peers_of(cell)
            .iter()
            .map(|&peer| (state.cand[peer] & cand).count_ones())
            .sum();
        if best.is_none_or(|(fewest, most, _)| count < fewest || shared > most) {
            best = Some((count, shared, cell));
        }
    }
    best.map(|(_, _, cell)| cell)
}
