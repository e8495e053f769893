//! The exact-cover engine against known counts and its own bookkeeping
//! (brute force on random problems, plain, colored and bounded, is in
//! `colors_and_bounds.rs`).

mod common;

use gridsolve_cover::*;

/// The default budget: nothing stops a search before it has explored
/// everything.
fn all() -> Budget {
    Budget::default()
}

#[test]
fn queens_via_cover_match_the_published_counts() {
    let totals = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &total) in (1..=10).zip(&totals) {
        assert_eq!(count(&queens(n), &all()).stats.solutions, total, "n = {n}");
    }
}

#[test]
fn pentominoes_fill_3x20_in_8_ways_and_the_8x8_less_centre_in_520() {
    assert_eq!(
        count(
            &pentomino(&Board::from_spec("3x20").unwrap(), false).unwrap(),
            &all()
        )
        .stats
        .solutions,
        8
    );
    let centre = pentomino(&Board::from_spec("8x8-center").unwrap(), false).unwrap();
    assert_eq!(count(&centre, &all()).stats.solutions, 520);
}

#[test]
fn reduction_keeps_a_quarter_of_the_x_placements_and_needs_even_sides() {
    let x_options = |problem: &Problem| problem.options().filter(|option| option[0] == 9).count();
    let board = Board::from_spec("6x10").unwrap();
    let full = x_options(&pentomino(&board, false).unwrap());
    let reduced = x_options(&pentomino(&board, true).unwrap());
    assert_eq!((full, reduced), (32, 8));
    assert_eq!(
        pentomino(&Board::from_spec("3x20").unwrap(), true),
        Err(BoardError::NoReduction)
    );
}

#[test]
fn the_text_format_round_trips_and_reports_errors_with_positions() {
    let problem = queens(5);
    let text = parse_dlx(&problem.to_dlx()).unwrap();
    assert_eq!(text.problem, problem);
    let cases = [
        ("", "no item line: expected a first line naming the items"),
        (
            "a b a\n",
            "line 1, column 5: item \"a\" is named twice in the item line",
        ),
        (
            "| x\n| y\n",
            "no item line: expected a first line naming the items",
        ),
        ("a | b | c\n", "line 1: more than one '|' in the item line"),
        (
            "| b\n",
            "no item line: expected a first line naming the items",
        ),
        (
            "a b\na  b a\n",
            "line 2, column 6: item \"a\" twice in one option",
        ),
        ("a b\n\na zz\n", "line 3, column 3: unknown item \"zz\""),
    ];
    common::assert_parse_errors(&cases);
}

#[test]
fn a_budget_stops_a_huge_instance_promptly() {
    let problem = queens(24);
    let report = count(&problem, &Budget::default().with_max_nodes(10_000));
    assert_eq!(report.stopped, Some(StopReason::NodeLimit));
    let report = count(
        &problem,
        &Budget::default().with_timeout(std::time::Duration::from_millis(50)),
    );
    assert_eq!(report.stopped, Some(StopReason::Deadline));
}

/// With no primary item, the empty set of options covers every primary
/// item exactly once: one solution, of no option, whatever the options
/// of secondary items (which Algorithm X never chooses) say.
#[test]
fn a_problem_without_primary_items_has_the_empty_solution() {
    let mut problem = Problem::new(Vec::<String>::new(), ["x", "y"]);
    assert_eq!(count(&problem, &all()).stats.solutions, 1);
    problem.add_option(&[0]).unwrap();
    problem.add_option(&[0, 1]).unwrap();
    assert_eq!(count(&problem, &all()).stats.solutions, 1);
    let (solutions, _) = solve_up_to(&problem, u64::MAX, &all());
    assert_eq!(solutions, [Vec::<usize>::new()]);
}

/// The dancing-links search stops at a cancel flag raised before it
/// starts, within one poll interval of nodes (and the solutions' own
/// nodes), and says it was cancelled.
#[test]
fn the_search_stops_at_a_raised_cancel_flag() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    let flag = Arc::new(AtomicBool::new(true));
    let budget = Budget::default().with_cancel(flag);
    let problem = pentomino(&Board::from_spec("6x10").unwrap(), false).unwrap();
    let report = count(&problem, &budget);
    assert_eq!(report.stopped, Some(StopReason::Cancelled));
    assert!(
        report.stats.nodes <= 2 * Budget::POLL_INTERVAL,
        "{:?}",
        report.stats
    );
}

/// A byte-order mark is no part of a name wherever it stands (found by
/// fuzzing: one inside the text made a name that, written back at the
/// start of a file, read as another).
#[test]
fn a_byte_order_mark_sets_names_apart() {
    let text = parse_dlx("\u{feff}| comment\na \u{feff}b\na\n\u{feff}b\n").unwrap();
    assert_eq!(text.problem.items(), ["a", "b"]);
    assert_eq!(text.option_lines, [3, 4]);
    let again = parse_dlx(&text.problem.to_dlx()).unwrap();
    assert_eq!(again.problem, text.problem);
}

/// The default budget counts everything: a count is capped only by the
/// number a caller names (`count_up_to`), never by the budget.
#[test]
fn a_default_budget_never_caps_a_count() {
    let eight = queens(8);
    let report = count(&eight, &Budget::default());
    assert_eq!((report.stats.solutions, report.stopped), (92, None));
    let report = count_up_to(&eight, 10, &Budget::default());
    assert_eq!(
        (report.stats.solutions, report.stopped),
        (10, Some(StopReason::SolutionLimit))
    );
}

/// Langford arrangements by plain backtracking over the slots: the first
/// empty slot takes the first copy of some unplaced value whose second
/// slot is free.
fn langford_by_backtracking(n: usize) -> u64 {
    fn fill(slots: &mut [usize], placed: &mut [bool]) -> u64 {
        let Some(first) = slots.iter().position(|&slot| slot == 0) else {
            return 1;
        };
        let mut found = 0;
        for value in 1..placed.len() {
            let second = first + value + 1;
            if !placed[value] && second < slots.len() && slots[second] == 0 {
                placed[value] = true;
                slots[first] = value;
                slots[second] = value;
                found += fill(slots, placed);
                slots[first] = 0;
                slots[second] = 0;
                placed[value] = false;
            }
        }
        found
    }
    fill(&mut vec![0; 2 * n], &mut vec![false; n + 1])
}

#[test]
fn langford_pairs_match_backtracking_and_the_published_counts() {
    // OEIS A014552: arrangements up to reversal, n = 1..8.
    let published = [0, 0, 1, 1, 0, 0, 26, 150];
    for n in 1..=8 {
        let both_ways = count(&langford(n, false), &all()).stats.solutions;
        let reduced = count(&langford(n, true), &all()).stats.solutions;
        assert_eq!(both_ways, langford_by_backtracking(n), "n = {n}");
        assert_eq!(
            (both_ways, reduced),
            (2 * published[n - 1], published[n - 1]),
            "n = {n}"
        );
    }
}
