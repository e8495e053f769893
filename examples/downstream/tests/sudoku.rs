//! `gridsolve-sudoku` alone: solve within a budget, count every solution,
//! trace a search and draw it.

use gridsolve_sudoku::variant::{Shape, Variant};
use gridsolve_sudoku::{
    render, Budget, EventLog, Grid, Solver, StopReason, Strategy, SudokuVocabulary, TraceFormat,
    Verdict,
};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn solve_count_and_trace_with_this_crate_alone() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let found = Solver::new(Strategy::default())
        .with_max_solutions(2)
        .with_budget(Budget::default().with_max_nodes(1_000_000))
        .explore(&puzzle);
    assert_eq!(found.verdict(), Verdict::Unique);
    assert!(gridsolve_sudoku::verify_solution(&puzzle, &found.solution.unwrap()).is_ok());

    let stopped = Solver::new(Strategy::ReadingOrder)
        .with_max_solutions(u64::MAX)
        .with_budget(Budget::default().with_max_nodes(10))
        .explore(&Grid::empty());
    assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));

    let mut log = EventLog::with_choice_limit(50);
    Solver::new(Strategy::Mrv).explore_traced(&puzzle, &mut log);
    let mut table = Vec::new();
    render(TraceFormat::Table, &log, &SudokuVocabulary, &mut table).unwrap();
    assert!(!table.is_empty());
}

#[test]
fn a_variant_counts_every_solution_with_the_default_budget() {
    let empty = Variant::new(Shape::new(2, 2).unwrap());
    let found = Solver::new(Strategy::Bitboard)
        .with_max_solutions(u64::MAX)
        .explore_variant(&empty);
    assert!(found.is_complete());
    assert!(found.stats.solutions > 1);
}
