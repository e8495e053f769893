//! What the fuzz targets share: the budget every search on fuzzed input
//! gets (small, so that each input takes milliseconds), and checkers of
//! answers written from the rules of each puzzle, apart from the engines.

use gridsolve_cover::Problem;
use gridsolve_search::Limits;
use gridsolve_sudoku::variant::Variant;

/// Nodes a search on one fuzzed input may spend.
pub const NODES: u64 = 5_000;

/// The budget of every search: a few solutions, [`NODES`] nodes.
pub fn budget(solutions: u64) -> Limits {
    Limits::solutions(solutions).with_max_nodes(NODES)
}

/// Panics unless `answer` fills `variant`: every value 1..=N, the givens
/// kept, each unit holding each value once and each cage distinct values
/// making its sum.
pub fn check_variant_answer(variant: &Variant, answer: &[u8]) {
    let side = variant.side();
    assert_eq!(answer.len(), side * side, "an answer fills the grid");
    for (&given, &value) in variant.givens().iter().zip(answer) {
        assert!((1..=side).contains(&usize::from(value)), "value {value}");
        assert!(given == 0 || given == value, "a given changed");
    }
    for unit in variant.units() {
        let mut seen = vec![false; side + 1];
        for &cell in unit {
            let value = usize::from(answer[cell]);
            assert!(
                !std::mem::replace(&mut seen[value], true),
                "a unit repeats {value}"
            );
        }
    }
    for cage in variant.cages() {
        let mut seen = vec![false; side + 1];
        let mut sum = 0;
        for &cell in &cage.cells {
            let value = usize::from(answer[cell]);
            assert!(
                !std::mem::replace(&mut seen[value], true),
                "a cage repeats {value}"
            );
            sum += value as u32;
        }
        assert_eq!(sum, cage.sum, "a cage's sum");
    }
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
