//! The puzzles of the problem statements and a few named boards, solved and
//! counted by every strategy; every answer goes through the independent
//! checker.

mod common;

use common::*;
use gridsolve_sudoku::*;

fn explore(strategy: Strategy, puzzle: &Grid, max_solutions: u64) -> Exploration {
    Solver::new(strategy)
        .with_max_solutions(max_solutions)
        .explore(puzzle)
}

fn answer_rows(answer: &Grid) -> Vec<String> {
    TextFormat::Grid
        .render(answer)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn leetcode_37_is_solved_by_every_strategy_with_first_row_534678912() {
    let puzzle = rows(&LEETCODE_37);
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        assert_eq!(exploration.verdict(), Verdict::Unique, "{strategy}");
        let answer = exploration.solution.unwrap();
        verify_solution(&puzzle, &answer).unwrap();
        assert_eq!(answer_rows(&answer)[0], "534678912", "{strategy}");
    }
}

#[test]
fn the_rows_puzzle_is_solved_from_957214386_to_648923157() {
    let answer = solve_rows(&ROWS_PUZZLE).unwrap();
    assert_eq!(answer.first().map(String::as_str), Some("957214386"));
    assert_eq!(answer.last().map(String::as_str), Some("648923157"));
    let puzzle = rows(&ROWS_PUZZLE);
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        assert_eq!(exploration.verdict(), Verdict::Unique, "{strategy}");
        assert_eq!(
            answer_rows(&exploration.solution.unwrap()),
            answer,
            "{strategy}"
        );
    }
}

#[test]
fn the_two_blank_board_fills_r1c3_with_4_and_r1c4_with_6() {
    let puzzle = grid(TWO_BLANKS);
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        let answer = exploration.solution.unwrap();
        verify_solution(&puzzle, &answer).unwrap();
        assert_eq!(&answer_rows(&answer)[0], "534678912", "{strategy}");
    }
}

#[test]
fn a_board_with_a_repeated_digit_is_invalid_and_has_no_solution() {
    let mut board = LEETCODE_37;
    board[0] = "53..7...5"; // 5 twice in row 1
    let puzzle = rows(&board);
    let found = conflicts(&puzzle);
    assert_eq!(
        found[0].to_string(),
        "digit 5 twice in row 1: r1c1 and r1c9"
    );
    let chars: Vec<Vec<char>> = board.iter().map(|r| r.chars().collect()).collect();
    assert!(!is_valid_sudoku(&chars));
    for strategy in Strategy::ALL {
        assert_eq!(
            explore(strategy, &puzzle, 2).verdict(),
            Verdict::None,
            "{strategy}"
        );
    }
}

#[test]
fn a_valid_board_can_still_have_no_solution() {
    // r1c9 sees 1-8 in its row and 9 below it in its column.
    let puzzle = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    assert!(conflicts(&puzzle).is_empty());
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        assert_eq!(exploration.verdict(), Verdict::None, "{strategy}");
        assert!(exploration.is_complete());
    }
}

#[test]
fn sixteen_clues_of_a_solvable_puzzle_leave_several_solutions() {
    // No uniquely solvable Sudoku has fewer than 17 clues (McGuire, Tugemann
    // and Civario, 2012); keeping 16 clues of a solvable puzzle leaves it
    // solvable, so it must have two or more solutions.
    let full = rows(&LEETCODE_37);
    let mut kept = Grid::empty();
    for (cell, digit) in full.clues().take(16) {
        kept.set(cell, Some(digit));
    }
    for strategy in [Strategy::Mrv, Strategy::Propagate] {
        let exploration = explore(strategy, &kept, 2);
        assert_eq!(exploration.verdict(), Verdict::Multiple, "{strategy}");
        verify_solution(&kept, &exploration.solution.unwrap()).unwrap();
    }
}

#[test]
fn the_empty_board_is_solvable_and_counting_stops_at_the_limit() {
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &Grid::empty(), 1000);
        assert_eq!(exploration.solutions(), 1000, "{strategy}");
        assert_eq!(exploration.stopped, Some(StopReason::SolutionLimit));
        verify_solution(&Grid::empty(), &exploration.solution.unwrap()).unwrap();
    }
}

#[test]
fn inkala_is_unique_and_strategies_show_the_textbook_contrast_in_nodes() {
    let puzzle = grid(INKALA);
    let nodes: Vec<u64> = Strategy::ALL
        .iter()
        .map(|&strategy| {
            let exploration = explore(strategy, &puzzle, 2);
            assert_eq!(exploration.verdict(), Verdict::Unique, "{strategy}");
            verify_solution(&puzzle, &exploration.solution.unwrap()).unwrap();
            exploration.stats.nodes
        })
        .collect();
    // reading-order > mrv > propagate, each by a wide margin.
    assert!(
        nodes[0] > 10 * nodes[1] && nodes[1] > 10 * nodes[2],
        "{nodes:?}"
    );
}

#[test]
fn solve_sudoku_fills_the_leetcode_board_in_place_and_keeps_clues() {
    let mut board: Vec<Vec<char>> = LEETCODE_37.iter().map(|r| r.chars().collect()).collect();
    let before = board.clone();
    solve_sudoku(&mut board);
    assert!(is_valid_sudoku(&board));
    for (row, after) in before.iter().zip(&board) {
        for (&clue, &placed) in row.iter().zip(after) {
            assert!(clue == '.' || clue == placed);
            assert!(placed.is_ascii_digit() && placed != '0');
        }
    }
}

#[test]
fn solve_sudoku_leaves_a_malformed_or_unsolvable_board_unchanged() {
    let mut ragged = vec![vec!['.'; 9]; 8];
    solve_sudoku(&mut ragged);
    assert_eq!(ragged, vec![vec!['.'; 9]; 8]);
    let mut unsolvable: Vec<Vec<char>> = vec![vec!['.'; 9]; 9];
    unsolvable[0] = "12345678.".chars().collect();
    unsolvable[1][8] = '9';
    let before = unsolvable.clone();
    solve_sudoku(&mut unsolvable);
    assert_eq!(unsolvable, before);
}

#[test]
fn is_valid_sudoku_rejects_malformed_boards() {
    assert!(!is_valid_sudoku(&[]));
    let mut board = vec![vec!['.'; 9]; 9];
    board[4][4] = 'x';
    assert!(!is_valid_sudoku(&board));
}

#[test]
fn solve_rows_reports_a_bad_cell_by_row_and_column() {
    let mut bad = ROWS_PUZZLE;
    bad[2] = "..1..9.x2";
    let error = solve_rows(&bad).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3, column 8 (r3c8): found 'x', expected a digit 1-9 or a blank ('.', '0' or '_')"
    );
}
