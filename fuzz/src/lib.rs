//! What the fuzz targets share: the budget every search on fuzzed input
//! gets (small, so that each input takes milliseconds), and the checker of
//! exact-cover solutions (the other domains' checkers are in their crates).

use gridsolve_cover::Problem;
use gridsolve_search::Budget;

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
