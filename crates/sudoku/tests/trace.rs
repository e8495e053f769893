//! Traced Sudoku searches: the textbook dry run of the two-blank board,
//! JSON replay giving the untraced answer for every strategy, and the
//! trace budget.

mod common;

use common::{grid, rows, INKALA, LEETCODE_37, ROWS_PUZZLE, TWO_BLANKS};
use gridsolve_search::{read_json_events, render, EventLog, SearchTree, TraceFormat, Vocabulary};
use gridsolve_sudoku::{Grid, Placement, Solver, Strategy, SudokuVocabulary};
use proptest::prelude::*;

fn rendered(format: TraceFormat, log: &EventLog<Placement>) -> String {
    let mut out = Vec::new();
    render(format, log, &SudokuVocabulary, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The table's rows, each split into its cells.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn the_two_blank_dry_run_is_the_textbook_table() {
    let solver = Solver::new(Strategy::ReadingOrder);
    let mut log = EventLog::default();
    solver.explore_traced(&grid(TWO_BLANKS), &mut log);
    let rows = table_rows(&rendered(TraceFormat::Table, &log));
    assert_eq!(rows[0], ["step", "depth", "cell", "legal", "action"]);
    assert_eq!(rows[1], ["1", "0", "r1c3 (0,2)", "4", "place 4"]);
    assert_eq!(rows[2], ["2", "1", "r1c4 (0,3)", "6", "place 6"]);
    assert_eq!(rows[3], ["3", "2", "-", "-", "no empty cell: solved"]);
    assert_eq!(rows.len(), 4);
}

/// The grid the trace's first solution describes: the puzzle with every
/// placement on the way to it.
fn replayed_answer(puzzle: &Grid, log: &EventLog<Placement>) -> Option<Grid> {
    let mut json = Vec::new();
    render(TraceFormat::Json, log, &SudokuVocabulary, &mut json).unwrap();
    let replayed = read_json_events::<Placement>(&json[..]).unwrap();
    let tree = SearchTree::from_log(&replayed);
    let placements = tree.solutions().into_iter().next()?;
    let mut answer = *puzzle;
    for placement in placements {
        answer.set(placement.cell, Some(placement.digit));
    }
    Some(answer)
}

/// Traces `puzzle` and checks the replayed answer and the counters against
/// the untraced search.
fn check_replay(puzzle: &Grid, strategy: Strategy) {
    let solver = Solver::new(strategy).with_max_solutions(2);
    let untraced = solver.explore(puzzle);
    let mut log = EventLog::default();
    let traced = solver.explore_traced(puzzle, &mut log);
    assert_eq!(traced, untraced, "{strategy}: tracing changed the search");
    assert_eq!(
        replayed_answer(puzzle, &log),
        untraced.solution,
        "{strategy}: replay"
    );
}

#[test]
fn json_replay_gives_the_untraced_answer_for_every_strategy() {
    let puzzles = [rows(&LEETCODE_37), rows(&ROWS_PUZZLE), grid(TWO_BLANKS)];
    for strategy in Strategy::ALL {
        for puzzle in &puzzles {
            check_replay(puzzle, strategy);
        }
    }
    // Inkala's puzzle takes reading-order two million nodes: the others.
    for strategy in [
        Strategy::Mrv,
        Strategy::Propagate,
        Strategy::Dlx,
        Strategy::Bitboard,
    ] {
        check_replay(&grid(INKALA), strategy);
    }
}

#[test]
fn an_unsolvable_puzzle_traces_to_no_solution() {
    // Two 5s in the first row.
    let mut puzzle = rows(&LEETCODE_37);
    puzzle.set(
        gridsolve_sudoku::Cell::at(0, 8).unwrap(),
        gridsolve_sudoku::Digit::new(5),
    );
    for strategy in Strategy::ALL {
        let mut log = EventLog::default();
        let found = Solver::new(strategy).explore_traced(&puzzle, &mut log);
        assert_eq!(found.solution, None);
        assert_eq!(replayed_answer(&puzzle, &log), None, "{strategy}");
        assert!(!log.events.is_empty(), "{strategy}: no event at all");
    }
}

#[test]
fn the_budget_bounds_a_long_trace_and_the_search_goes_on() {
    let puzzle = grid(INKALA);
    let solver = Solver::new(Strategy::ReadingOrder).with_max_solutions(1);
    let mut log = EventLog::with_choice_limit(300);
    let traced = solver.explore_traced(&puzzle, &mut log);
    assert_eq!(traced, solver.explore(&puzzle));
    assert!(traced.solution.is_some());
    assert!(log.left_out > 100_000, "left out {}", log.left_out);
    // 300 choices and the events between them: a few per choice.
    assert!(log.events.len() < 2_000, "{} events kept", log.events.len());
    let table = rendered(TraceFormat::Table, &log);
    let last = table.lines().last().unwrap();
    assert!(last.contains(&format!("{} later events left out", log.left_out)));
}

#[test]
fn slots_of_the_exact_cover_strategy_are_named() {
    assert_eq!(SudokuVocabulary.slot(0), "r1c1");
    assert_eq!(SudokuVocabulary.slot(81), "digit 1 in row 1");
    assert_eq!(
        SudokuVocabulary.slot(162 + 9 * 2 + 4),
        "digit 5 in column 3"
    );
    assert_eq!(SudokuVocabulary.slot(323), "digit 9 in box 9");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn replay_matches_the_untraced_answer_on_transformed_puzzles(
        symmetry in common::symmetry(),
        strategy in prop::sample::select(Strategy::ALL.to_vec()),
    ) {
        check_replay(&symmetry.apply(&rows(&LEETCODE_37)), strategy);
    }
}
