//! What a variant search infers before it guesses, and where it guesses.
//!
//! Each rule only removes candidates that no solution below the state
//! can use (or places a value every solution below it has), so a search
//! that applies them between guesses still finds, and counts, exactly the
//! solutions of the puzzle.

use super::conflicts::Conflicts;
use super::hall::hall_sets;
use super::probe::{Lookahead, Prober};
use super::rules::{Contradiction, Rules, State};

/// Naked singles (a cell with one candidate) and hidden singles (a value
/// with one place left in a unit), to a fixed point: the singles queued by
/// the eliminations so far are placed, and those their eliminations queue.
pub(super) fn singles(rules: &Rules, state: &mut State) -> Result<(), Contradiction> {
    while let Some((cell, value)) = state.pending.pop() {
        // A queued single whose cell has since been filled was filled
        // with this value: another value there would have emptied the
        // value's places or the cell's candidates first.
        if state.values[cell] == 0 {
            rules.assign(state, cell, value)?;
        }
    }
    Ok(())
}

/// Locked candidates, for any two units (pointing and claiming on the
/// classic grid): when a value's places in one unit all lie in a second
/// unit, the value must go there in the second unit too, so it leaves the
/// second unit's other cells. Only the values whose places in the first
/// unit shrank since it was last checked are checked again
/// (`State::unlocked`). Returns whether it removed anything.
pub(super) fn locked_candidates(rules: &Rules, state: &mut State) -> Result<bool, Contradiction> {
    let side = rules.side;
    let mut removed = false;
    for (index, overlaps) in rules.overlaps.iter().enumerate() {
        let shrunk = std::mem::take(&mut state.unlocked[index]);
        for value in bits(shrunk).map(|bit| bit.trailing_zeros() as usize) {
            // One place is a value placed here, or a single in the queue.
            let places = state.places[index * side + value];
            if places.count_ones() < 2 {
                continue;
            }
            let bit = 1u32 << value;
            for overlap in overlaps.iter().filter(|o| places & !o.shared == 0) {
                let other = usize::from(overlap.other);
                let mut beyond = state.places[other * side + value] & overlap.beyond;
                while beyond != 0 {
                    let cell = rules.cell_at(other, beyond.trailing_zeros());
                    beyond &= beyond - 1;
                    rules.eliminate(state, cell, bit)?;
                    removed = true;
                }
            }
        }
    }
    Ok(removed)
}

/// Singles, locked candidates, cage pruning (each cage whose cells lost
/// candidates pruned again, see [`Rules::prune_marked_cages`]) and Hall
/// sets to a fixed point, then one
/// pass of probing (which runs singles after each thing it finds);
/// returns the probes' best branch (see [`Prober`]).
///
/// On the 25×25 puzzles measured, probing again until it finds nothing
/// cost more time than the nodes it saved; Hall sets made the trees a
/// third smaller and the searches about a tenth faster, while checking
/// them inside each probe's side made the trees 5 times smaller but each
/// node 20 times dearer.
pub(super) fn everything(
    rules: &Rules,
    state: &mut State,
    prober: &mut Prober,
) -> Result<Option<Lookahead>, Contradiction> {
    singles(rules, state)?;
    loop {
        while locked_candidates(rules, state)? || rules.prune_marked_cages(state)? {
            singles(rules, state)?;
        }
        if !hall_sets(rules, state)? {
            break;
        }
        singles(rules, state)?;
    }
    prober.probe(rules, state)
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

/// Each set bit of `mask`, lowest first, as a mask of its own.
pub(super) fn bits(mut mask: u32) -> impl Iterator<Item = u32> + Clone {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask &= !bit;
        (bit != 0).then_some(bit)
    })
}

/// The unfilled cell with the fewest candidates per unit of conflict
/// weight (see [`Conflicts`]); among cells scoring the same, the one
/// whose candidates its peers share most (the sum, over its peers, of the
/// candidates they have in common with it), since its values, once tried,
/// prune most. `None` when every cell is filled.
///
/// Weighing by conflicts (dom/wdeg) made the search trees of random
/// minimal 25×25 puzzles 3 to 8 times smaller than the fewest candidates
/// alone; on minimal 16×16 puzzles the tie-break made the largest tree 20
/// times smaller than taking the first such cell. Branching on a value's
/// places in a unit as well, when they were fewer (weighed by the unit's
/// conflicts), made the 25×25 trees larger, twice as large in all.
pub(super) fn most_constrained(
    rules: &Rules,
    state: &State,
    conflicts: &Conflicts,
) -> Option<usize> {
    let shared = |cell: usize| -> u32 {
        let cand = state.cand[cell];
        rules
            .peers_of(cell)
            .iter()
            .map(|&peer| (state.cand[peer] & cand).count_ones())
            .sum()
    };
    let mut best: Option<(Score, Option<u32>, usize)> = None;
    for (cell, &cand) in state.cand.iter().enumerate() {
        if state.values[cell] != 0 {
            continue;
        }
        let score = Score::new(cand.count_ones(), conflicts.of_cell(rules, cell));
        match best {
            Some((fewest, _, _)) if score.above(fewest) => continue,
            Some((fewest, ref mut most, first)) if !score.below(fewest) => {
                let most = *most.get_or_insert_with(|| shared(first));
                let this = shared(cell);
                if this > most {
                    best = Some((score, Some(this), cell));
                }
            }
            _ => best = Some((score, None, cell)),
        }
    }
    best.map(|(_, _, cell)| cell)
}

/// Alternatives per unit of weight, compared without division.
#[derive(Clone, Copy, Debug)]
struct Score {
    alternatives: u64,
    weight: u64,
}

impl Score {
    fn new(alternatives: u32, weight: u64) -> Self {
        Score {
            alternatives: u64::from(alternatives),
            weight,
        }
    }

    fn below(self, other: Score) -> bool {
        self.alternatives * other.weight < other.alternatives * self.weight
    }

    fn above(self, other: Score) -> bool {
        other.below(self)
    }
}
