//! The fast engine (`bitboard`) against the reference (`propagate`) on
//! thousands of puzzles derived at test time: transformed copies of the
//! puzzles we own, with clues removed (often several solutions) or a clue
//! added (often none). Counts up to 2 must agree exactly, every answer must
//! pass the independent checker, and a unique answer must be the same.

mod common;

use common::{grid, rows, symmetry, INKALA, LEETCODE_37, ROWS_PUZZLE};
use gridsolve_sudoku::{
    verify_solution, Cell, Digit, Exploration, Grid, Solver, Strategy, Verdict,
};
use proptest::prelude::*;

fn explore(strategy: Strategy, puzzle: &Grid) -> Exploration {
    Solver::new(strategy).with_max_solutions(2).explore(puzzle)
}

fn seeds() -> impl proptest::strategy::Strategy<Value = Grid> {
    prop_oneof![
        Just(rows(&LEETCODE_37)),
        Just(rows(&ROWS_PUZZLE)),
        Just(grid(INKALA)),
        // A solved grid: unique, no guess; blanks make it interesting.
        Just(
            explore(Strategy::Propagate, &grid(INKALA))
                .solution
                .expect("Inkala's puzzle is solvable")
        ),
    ]
}

/// Both engines on `puzzle`: the same verdict and count, valid answers,
/// and the same answer when it is unique.
fn agree(puzzle: &Grid) -> Result<(), TestCaseError> {
    let fast = explore(Strategy::Bitboard, puzzle);
    let reference = explore(Strategy::Propagate, puzzle);
    prop_assert_eq!(
        fast.solutions(),
        reference.solutions(),
        "puzzle {:?}",
        puzzle
    );
    prop_assert_eq!(fast.verdict(), reference.verdict());
    if let Some(answer) = fast.solution {
        prop_assert_eq!(verify_solution(puzzle, &answer), Ok(()));
    }
    if fast.verdict() == Verdict::Unique {
        prop_assert_eq!(fast.solution, reference.solution);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn engines_agree_on_transformed_puzzles_with_clues_removed(
        seed in seeds(),
        symmetry in symmetry(),
        removed in proptest::collection::vec(0usize..81, 0..=12),
    ) {
        let mut puzzle = symmetry.apply(&seed);
        for index in removed {
            puzzle.set(Cell::new(index).unwrap(), None);
        }
        agree(&puzzle)?;
    }

    #[test]
    fn engines_agree_on_puzzles_with_a_clue_added(
        seed in seeds(),
        symmetry in symmetry(),
        added in (0usize..81, 1u8..=9),
        removed in proptest::collection::vec(0usize..81, 0..=30),
    ) {
        let mut puzzle = symmetry.apply(&seed);
        for index in removed {
            puzzle.set(Cell::new(index).unwrap(), None);
        }
        let (index, digit) = added;
        puzzle.set(Cell::new(index).unwrap(), Digit::new(digit));
        agree(&puzzle)?;
    }
}

#[test]
fn the_empty_grid_has_many_solutions_and_a_valid_first() {
    let empty = Grid::empty();
    let fast = explore(Strategy::Bitboard, &empty);
    assert_eq!(fast.verdict(), Verdict::Multiple);
    let mut answer = fast.solution.unwrap();
    assert!(answer.is_filled());
    assert_eq!(verify_solution(&empty, &answer), Ok(()));
    // Changing one cell of the answer breaks it: the checker is not vacuous.
    let cell = Cell::new(0).unwrap();
    let digit = answer.get(cell).unwrap().get() % 9 + 1;
    answer.set(cell, Digit::new(digit));
    assert!(verify_solution(&empty, &answer).is_err());
}
