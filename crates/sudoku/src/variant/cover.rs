//! A variant as exact cover, searched by the dancing links of
//! `gridsolve-cover`: one primary item per blank cell (filled once) and
//! per unit and value no given of the unit holds (the value once in the
//! unit), one option per blank cell and value none of its units' givens
//! holds. Cages are no exact-cover constraint: a cover counts as a
//! solution only when every cage holds distinct values making its sum,
//! and a cover that breaks a cage is reported to the tracer as a dead end.
//!
//! Items are reported to the tracer by their number in the full list
//! (cells, then unit by unit each value), as
//! [`super::VariantVocabulary`] names them.

use super::model::Variant;
use super::solve::VariantExploration;
use super::trace::VariantPlacement;
use gridsolve_cover::Dlx;
use gridsolve_search::{Budget, Tracer};
use std::ops::ControlFlow;

/// The exact cover of `variant`: its options, as placements and as item
/// numbers, and for each item its number in the full list.
struct Cover {
    placements: Vec<VariantPlacement>,
    options: Vec<Vec<u32>>,
    full_item: Vec<usize>,
}

impl Cover {
    fn new(variant: &Variant) -> Self {
        let side = variant.side();
        let cells = side * side;
        let givens = variant.givens();
        let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
        // Per unit, the values its givens hold (bit `v`).
        let mut held = vec![0u32; variant.units().len()];
        for (index, unit) in variant.units().iter().enumerate() {
            for &cell in unit {
                units_of[cell].push(index);
                held[index] |= 1 << givens[cell];
            }
        }
        let full = |unit: usize, value: u8| cells + unit * side + usize::from(value) - 1;
        let mut needed = vec![false; cells + variant.units().len() * side];
        for cell in (0..cells).filter(|&cell| givens[cell] == 0) {
            needed[cell] = true;
        }
        for (unit, &held) in held.iter().enumerate() {
            for value in (1..=side as u8).filter(|value| held & (1 << value) == 0) {
                needed[full(unit, value)] = true;
            }
        }
        let full_item: Vec<usize> = (0..needed.len()).filter(|&item| needed[item]).collect();
        let mut compact = vec![u32::MAX; needed.len()];
        for (index, &item) in full_item.iter().enumerate() {
            compact[item] = index as u32;
        }
        let mut placements = Vec::new();
        let mut options = Vec::new();
        for cell in (0..cells).filter(|&cell| givens[cell] == 0) {
            for value in 1..=side as u8 {
                if units_of[cell]
                    .iter()
                    .any(|&unit| held[unit] & (1 << value) != 0)
                {
                    continue;
                }
                let mut option = vec![compact[cell]];
                option.extend(
                    units_of[cell]
                        .iter()
                        .map(|&unit| compact[full(unit, value)]),
                );
                placements.push(VariantPlacement { cell, value });
                options.push(option);
            }
        }
        Cover {
            placements,
            options,
            full_item,
        }
    }
}

/// The values of the cover made of the `chosen` options: the givens, and
/// each option's value in its cell.
fn values_of(variant: &Variant, placements: &[VariantPlacement], chosen: &[usize]) -> Vec<u8> {
    let mut values = variant.givens().to_vec();
    for &option in chosen {
        values[placements[option].cell] = placements[option].value;
    }
    values
}

/// Whether the placements of a cover keep every cage of `variant`.
fn keeps_cages(variant: &Variant, placements: &[VariantPlacement], chosen: &[usize]) -> bool {
    if variant.cages().is_empty() {
        return true;
    }
    let values = values_of(variant, placements, chosen);
    variant.cages().iter().all(|cage| {
        let mut seen = 0u32;
        let mut total = 0u32;
        for &cell in &cage.cells {
            seen |= 1 << values[cell];
            total += u32::from(values[cell]);
        }
        seen.count_ones() as usize == cage.cells.len() && total == cage.sum
    })
}

/// Forwards the engine's events (option indices) as placements, keeping
/// the options chosen so that a cover breaking a cage is a dead end.
struct Placements<'a, T> {
    inner: &'a mut T,
    variant: &'a Variant,
    placements: &'a [VariantPlacement],
    full_item: &'a [usize],
    chosen: Vec<usize>,
}

impl<T: Tracer<VariantPlacement>> Tracer<usize> for Placements<'_, T> {
    const ENABLED: bool = T::ENABLED;

    fn branch(&mut self, depth: usize, item: usize, options: &[usize]) {
        let options: Vec<VariantPlacement> = options.iter().map(|&o| self.placements[o]).collect();
        self.inner.branch(depth, self.full_item[item], &options);
    }
    fn choose(&mut self, depth: usize, option: &usize, alternatives: u32) {
        self.chosen.truncate(depth);
        self.chosen.push(*option);
        self.inner
            .choose(depth, &self.placements[*option], alternatives);
    }
    fn propagate(&mut self, depth: usize, option: &usize) {
        self.chosen.truncate(depth);
        self.chosen.push(*option);
        self.inner.propagate(depth, &self.placements[*option]);
    }
    fn dead_end(&mut self, depth: usize) {
        self.inner.dead_end(depth);
    }
    fn undo(&mut self, depth: usize, option: &usize) {
        self.inner.undo(depth, &self.placements[*option]);
    }
    fn solution(&mut self, depth: usize) {
        if !T::ENABLED {
            return;
        }
        if keeps_cages(self.variant, self.placements, &self.chosen) {
            self.inner.solution(depth);
        } else {
            self.inner.dead_end(depth);
        }
    }
}

/// Searches `variant` as exact cover for up to `max_solutions` solutions
/// within `budget`.
pub(super) fn explore<T: Tracer<VariantPlacement>>(
    variant: &Variant,
    max_solutions: u64,
    budget: &Budget,
    tracer: &mut T,
) -> VariantExploration {
    let Cover {
        placements,
        options,
        full_item,
    } = Cover::new(variant);
    let items = full_item.len();
    let mut dlx = Dlx::from_options(items, items, options.iter().map(Vec::as_slice));
    let mut first: Option<Vec<u8>> = None;
    let mut found = 0u64;
    let mut events = Placements {
        inner: tracer,
        variant,
        placements: &placements,
        full_item: &full_item,
        chosen: Vec::new(),
    };
    let report = dlx.search(budget, &mut events, |chosen| {
        if !keeps_cages(variant, &placements, chosen) {
            return ControlFlow::Continue(());
        }
        found += 1;
        first.get_or_insert_with(|| values_of(variant, &placements, chosen));
        if found >= max_solutions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    report.exploration(first, found)
}
