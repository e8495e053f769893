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
/// cover every primary item exactly once and every secondary item at most
/// once.
pub fn check_cover(problem: &Problem, chosen: &[usize]) {
    let options: Vec<&[u32]> = problem.options().collect();
    let mut covered = vec![0u32; problem.items().len()];
    for &option in chosen {
        for &item in options[option] {
            covered[item as usize] += 1;
        }
    }
    let (primary, secondary) = covered.split_at(problem.primary_count());
    assert!(
        primary.iter().all(|&count| count == 1),
        "a primary item not covered once"
    );
    assert!(
        secondary.iter().all(|&count| count <= 1),
        "a secondary item covered twice"
    );
}
