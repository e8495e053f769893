//! What the fuzz targets share: the budget every search on fuzzed input
//! gets (small, so that each input takes milliseconds), the checker of
//! exact-cover solutions (the other domains' checkers are in their
//! crates), and a count of a small variant's solutions by plain search.

use gridsolve_cover::Problem;
use gridsolve_search::Budget;
use gridsolve_sudoku::variant::{verify_answer, Variant};

/// Nodes a search on one fuzzed input may spend.
pub const NODES: u64 = 5_000;

/// The budget of every search: [`NODES`] nodes.
pub fn budget() -> Budget {
    Budget::default().with_max_nodes(NODES)
}

/// Panics unless the options `chosen` (indices into `problem`'s options)
/// cover every primary item within its bounds (exactly once unless set,
/// Knuth's DLX3), and each secondary item at most once or only with one
/// same color (DLX2).
pub fn check_cover(problem: &Problem, chosen: &[usize]) {
    let options: Vec<&[u32]> = problem.options().collect();
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); problem.items().len()];
    for &option in chosen {
        for (&item, color) in options[option].iter().zip(problem.option_colors(option)) {
            uses[item as usize].push(color);
        }
    }
    let (primary, secondary) = uses.split_at(problem.primary_count());
    assert!(
        primary.iter().enumerate().all(|(item, used)| {
            let (lo, hi) = problem.bounds(item);
            (lo..=hi).contains(&(used.len() as u32))
        }),
        "a primary item covered outside its bounds"
    );
    assert!(
        secondary.iter().all(|used| match used.as_slice() {
            [] | [_] => true,
            [first, rest @ ..] => *first != 0 && rest.iter().all(|color| color == first),
        }),
        "a secondary item shared without one same color"
    );
}

/// The solutions of `variant` (up to `cap`), counted by the plainest
/// search there is: cells in reading order, each value the givens and the
/// units allow, and each full grid kept if [`verify_answer`] (the rules
/// alone: units, cages and their sums) accepts it. No inference, so a
/// solver whose pruning loses a solution counts fewer. For grids of 16
/// cells or fewer (a few hundred full grids at most).
pub fn plain_count(variant: &Variant, cap: u64) -> u64 {
    let side = variant.side();
    let cells = side * side;
    let units_of: Vec<Vec<&Vec<usize>>> = (0..cells)
        .map(|cell| {
            variant
                .units()
                .iter()
                .filter(|unit| unit.contains(&cell))
                .collect()
        })
        .collect();
    let mut values = variant.givens().to_vec();
    let mut found = 0;
    fill(variant, &units_of, &mut values, 0, cap, &mut found);
    found
}

/// Fills `values` from `cell` on (see [`plain_count`]).
fn fill(
    variant: &Variant,
    units_of: &[Vec<&Vec<usize>>],
    values: &mut Vec<u8>,
    cell: usize,
    cap: u64,
    found: &mut u64,
) {
    if *found >= cap {
        return;
    }
    if cell == values.len() {
        *found += u64::from(verify_answer(variant, values).is_ok());
        return;
    }
    if variant.givens()[cell] != 0 {
        return fill(variant, units_of, values, cell + 1, cap, found);
    }
    for value in 1..=variant.side() as u8 {
        let clash = units_of[cell].iter().any(|unit| {
            unit.iter()
                .any(|&other| other != cell && values[other] == value)
        });
        if !clash {
            values[cell] = value;
            fill(variant, units_of, values, cell + 1, cap, found);
            values[cell] = 0;
        }
    }
}
