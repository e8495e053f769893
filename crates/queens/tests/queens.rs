//! N-Queens against published counts (typed in as facts), brute force on
//! small boards, and the independent attack checker.

use gridsolve_queens::*;
use gridsolve_search::Budget;
use proptest::prelude::*;

/// OEIS A000170 and A002562 for n = 1..=12.
const TOTAL: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
const UNIQUE: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// The CSES 1624 sample board; the problem statement gives 65 placements.
const CSES_SAMPLE: &str =
    "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

fn free(n: usize) -> BlockedBoard {
    BlockedBoard::free(n).unwrap()
}

fn counts(board: &BlockedBoard) -> Counts {
    let report = count_board(board, &Budget::default(), |_| {});
    assert_eq!(report.stopped, None);
    assert_eq!(report.units_done, report.units);
    report.counts
}

/// Every permutation of 0..n, by Heap's algorithm: the brute-force space.
fn permutations(n: usize) -> Vec<Vec<u32>> {
    fn heap(k: usize, cols: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if k <= 1 {
            out.push(cols.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, cols, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            cols.swap(j, k - 1);
        }
    }
    let mut out = Vec::new();
    heap(n, &mut (0..n as u32).collect(), &mut out);
    out
}

fn brute_force(board: &BlockedBoard) -> u64 {
    permutations(board.n())
        .into_iter()
        .filter(|cols| verify_on_board(cols, board).is_ok())
        .count() as u64
}

/// Where a symmetry of an n-board sends square (row, col).
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

/// The lexicographically smallest of the 8 images of a placement, computed
/// through coordinates (not the engine's method).
fn canonical(cols: &[u32]) -> Vec<u32> {
    let n = cols.len();
    let squares: Vec<(usize, usize)> = cols
        .iter()
        .enumerate()
        .map(|(r, &c)| (r, c as usize))
        .collect();
    let maps: [SquareMap; 8] = [
        |_, r, c| (r, c),
        |n, r, c| (r, n - 1 - c),
        |n, r, c| (n - 1 - r, c),
        |n, r, c| (n - 1 - r, n - 1 - c),
        |_, r, c| (c, r),
        |n, r, c| (n - 1 - c, n - 1 - r),
        |n, r, c| (c, n - 1 - r),
        |n, r, c| (n - 1 - c, r),
    ];
    maps.iter()
        .map(|map| {
            let mut image = vec![0u32; n];
            for &(r, c) in &squares {
                let (r2, c2) = map(n, r, c);
                image[r2] = c2 as u32;
            }
            image
        })
        .min()
        .unwrap()
}

#[test]
fn counts_for_n_1_to_12_match_the_published_values() {
    for n in 1..=12 {
        let expected = Counts {
            total: TOTAL[n - 1],
            unique: Some(UNIQUE[n - 1]),
        };
        assert_eq!(counts(&free(n)), expected, "n = {n}");
        assert_eq!(total_n_queens(n), TOTAL[n - 1]);
    }
}

#[test]
fn the_two_boards_of_4_queens_are_listed_exactly() {
    assert_eq!(
        solve_n_queens(4),
        [
            [".Q..", "...Q", "Q...", "..Q."],
            ["..Q.", "Q...", "...Q", ".Q.."]
        ]
    );
    assert_eq!(solve_n_queens(1), [["Q"]]);
    assert!(solve_n_queens(2).is_empty() && solve_n_queens(3).is_empty());
}

#[test]
fn listed_boards_are_valid_sorted_distinct_and_as_many_as_counted() {
    for n in 1..=10 {
        let all: Vec<Vec<u32>> = Solutions::new(&free(n)).collect();
        for cols in &all {
            assert_eq!(verify_placement(cols), Ok(()), "n = {n}: {cols:?}");
        }
        assert!(
            all.windows(2).all(|pair| pair[0] < pair[1]),
            "n = {n}: not strictly increasing"
        );
        assert_eq!(all.len() as u64, counts(&free(n)).total, "n = {n}");
    }
}

#[test]
fn unique_counts_equal_the_number_of_distinct_canonical_forms() {
    for n in 1..=9 {
        let mut forms: Vec<Vec<u32>> = Solutions::new(&free(n))
            .map(|cols| canonical(&cols))
            .collect();
        forms.sort();
        forms.dedup();
        assert_eq!(Some(forms.len() as u64), counts(&free(n)).unique, "n = {n}");
    }
}

#[test]
fn brute_force_agrees_on_free_boards() {
    for n in 1..=7 {
        assert_eq!(brute_force(&free(n)), TOTAL[n - 1]);
    }
}

#[test]
fn the_cses_sample_board_has_65_placements() {
    let board: BlockedBoard = CSES_SAMPLE.parse().unwrap();
    assert_eq!(
        counts(&board),
        Counts {
            total: 65,
            unique: None
        }
    );
    assert_eq!(Solutions::new(&board).count(), 65);
    assert_eq!(brute_force(&board), 65);
}

#[test]
fn constructions_are_valid_for_every_n_from_4_to_2000_and_some_large_n() {
    for n in (4..=2000).chain([1, 65_537, 1_000_000, 1_000_003]) {
        let cols = construct(n).unwrap_or_else(|| panic!("no construction for {n}"));
        assert_eq!(cols.len(), n as usize);
        assert_eq!(verify_placement(&cols), Ok(()), "n = {n}");
    }
    for n in [0, 2, 3] {
        assert_eq!(construct(n), None);
    }
}

#[test]
fn split_run_merge_equals_the_direct_count() {
    for n in 1..=10 {
        let direct = counts(&free(n));
        for depth in n.min(2)..=n.min(5) {
            let units = split(&free(n), depth).unwrap();
            if units.is_empty() {
                // Only a board without placements splits into nothing.
                assert_eq!(direct.total, 0, "n = {n}, depth = {depth}");
                continue;
            }
            let results = units
                .iter()
                .map(|unit| run_unit(unit, &Budget::default()).unwrap());
            let merged = merge(results.enumerate().map(|(i, r)| (i + 1, r))).unwrap();
            assert_eq!(merged, direct, "n = {n}, depth = {depth}");
        }
    }
    let board: BlockedBoard = CSES_SAMPLE.parse().unwrap();
    for depth in 1..=3 {
        let units = split(&board, depth).unwrap();
        let results = units
            .iter()
            .map(|unit| run_unit(unit, &Budget::default()).unwrap());
        assert_eq!(
            merge(results.enumerate().map(|(i, r)| (i + 1, r)))
                .unwrap()
                .total,
            65
        );
    }
}

#[test]
fn a_dropped_or_doubled_unit_is_an_error_naming_it() {
    let units = split(&free(8), 3).unwrap();
    let results: Vec<(String, UnitResult)> = units
        .iter()
        .map(|unit| run_unit(unit, &Budget::default()).unwrap())
        .enumerate()
        .map(|(i, r)| (format!("line {}", i + 1), r))
        .collect();
    let mut dropped = results.clone();
    let (_, gone) = dropped.remove(4);
    let message = merge(dropped).unwrap_err().to_string();
    let name = format!("unit {} (prefix {:?})", gone.unit.unit, gone.unit.prefix);
    assert!(message.contains(&name), "{message}");
    let mut doubled = results.clone();
    doubled.push(("other.jsonl: line 99".to_string(), results[2].1.clone()));
    let message = merge(doubled).unwrap_err().to_string();
    assert!(
        message.starts_with("other.jsonl: line 99: unit 2"),
        "{message}"
    );
    assert!(message.contains("already counted at line 3"), "{message}");
}

#[test]
fn a_tampered_or_unfinished_unit_is_refused() {
    let units = split(&free(8), 3).unwrap();
    let mut tampered = units[1].clone();
    tampered.prefix = units[2].prefix.clone();
    let result = run_unit(&tampered, &Budget::default()).unwrap();
    let message = merge([(1, result)]).unwrap_err().to_string();
    assert!(message.contains("is not unit 1 of the split"), "{message}");
    let stopped = run_unit(&units[0], &Budget::default().with_max_nodes(1)).unwrap();
    assert!(stopped.stopped.is_some());
    assert!(merge([(1, stopped)])
        .unwrap_err()
        .to_string()
        .contains("not counted to the end"));
    let mut bad_weight = units[0].clone();
    bad_weight.weight = Weight::Each(3);
    assert!(run_unit(&bad_weight, &Budget::default()).is_err());
}

/// Every honest result of every unit of every split of the free boards
/// n = 1 to 10 (and of a board with reserved squares) passes both checks
/// a worker's result gets: `merge`'s by its weight and `recount`'s; a
/// result with any one figure off by one fails `recount` naming that
/// figure, and one whose total no orbit sizes give fails `merge`.
#[test]
fn recount_and_merge_catch_a_result_made_up() {
    let boards: Vec<BlockedBoard> = (1..=10)
        .map(free)
        .chain([CSES_SAMPLE.parse().unwrap()])
        .collect();
    let mut caught_by_merge = 0;
    for board in &boards {
        let n = board.n();
        for depth in 1..=n.min(3) {
            let Ok(units) = split(board, depth) else {
                continue;
            };
            let results: Vec<UnitResult> = units
                .iter()
                .map(|unit| run_unit(unit, &Budget::default()).unwrap())
                .collect();
            if !results.is_empty() {
                let lines = results.iter().cloned().map(|result| ("here", result));
                assert!(merge(lines).is_ok(), "n = {n}, depth = {depth}");
            }
            for result in &results {
                assert_eq!(recount(result, &Budget::default()), Ok(()));
                type Change = fn(&mut UnitResult);
                let figures: [(&str, Change); 3] = [
                    ("total", |r| r.total += 1),
                    ("nodes", |r| r.nodes += 1),
                    ("unique", |r| r.unique = r.unique.map(|u| u + 1)),
                ];
                for (name, change) in figures {
                    let mut made_up = result.clone();
                    change(&mut made_up);
                    if made_up == *result {
                        continue; // no `unique` in the none scheme
                    }
                    let message = recount(&made_up, &Budget::default())
                        .unwrap_err()
                        .to_string();
                    let prefix = format!(
                        "unit {} (prefix {:?}): ",
                        result.unit.unit, result.unit.prefix
                    );
                    assert!(message.starts_with(&prefix), "{message}");
                    assert!(message.contains(&format!("{name} ")), "{message}");
                    assert_eq!(message.matches("recounted").count(), 1, "{message}");
                    // Merge alone catches a total off by one wherever the
                    // weight says more than 1 per solution.
                    if name == "total" && result.unit.symmetry == Symmetry::D4 && n > 1 {
                        let error = merge([("line 7", made_up)]).unwrap_err().to_string();
                        assert!(error.starts_with("line 7: unit "), "{error}");
                        assert!(error.contains("canonical solutions"), "{error}");
                        caught_by_merge += 1;
                    }
                }
            }
        }
    }
    assert!(caught_by_merge > 50, "{caught_by_merge}");
    // A recount the budget stops says so, and is no agreement.
    let unit = &split(&free(10), 2).unwrap()[0];
    let result = run_unit(unit, &Budget::default()).unwrap();
    let stopped = recount(&result, &Budget::default().with_max_nodes(1)).unwrap_err();
    assert!(
        matches!(stopped, RecountError::Stopped { unit: 0, .. }),
        "{stopped}"
    );
    assert!(
        stopped
            .to_string()
            .starts_with("unit 0: the recount stopped ("),
        "{stopped}"
    );
}

#[test]
fn units_round_trip_through_json() {
    let board: BlockedBoard = CSES_SAMPLE.parse().unwrap();
    for unit in split(&free(9), 3)
        .unwrap()
        .into_iter()
        .chain(split(&board, 2).unwrap())
    {
        let text = serde_json::to_string(&unit).unwrap();
        assert_eq!(serde_json::from_str::<WorkUnit>(&text).unwrap(), unit);
    }
}

fn blocked_board(n: usize, reserved: &[(usize, usize)]) -> BlockedBoard {
    let mut board = free(n);
    for &(row, col) in reserved {
        board.reserve(row % n, col % n);
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn blocked_counts_match_brute_force(n in 1usize..=7, reserved in proptest::collection::vec((0usize..7, 0usize..7), 0..10)) {
        let board = blocked_board(n, &reserved);
        let expected = brute_force(&board);
        prop_assert_eq!(counts(&board).total, expected);
        let listed: Vec<Vec<u32>> = Solutions::new(&board).collect();
        prop_assert_eq!(listed.len() as u64, expected);
        for cols in &listed {
            prop_assert_eq!(verify_on_board(cols, &board), Ok(()));
        }
    }
}

/// Every search of this crate stops at a cancel flag raised before it
/// starts, within one poll interval of nodes per work unit, and reports
/// its counts as lower bounds.
#[test]
fn every_search_stops_at_a_raised_cancel_flag() {
    use gridsolve_search::{NoTrace, StopReason};
    use std::ops::ControlFlow;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    let flag = Arc::new(AtomicBool::new(true));
    let budget = Budget::default().with_cancel(flag);
    let slack = Budget::POLL_INTERVAL + 8;
    let board = free(20);

    let report = count_board(&board, &budget, |_| {});
    assert_eq!(report.stopped, Some(StopReason::Cancelled));
    assert!(report.units_done < report.units);
    assert!(
        report.nodes <= slack * report.units as u64,
        "{}",
        report.nodes
    );

    let unit = &split(&board, 3).unwrap()[0];
    let result = run_unit(unit, &budget).unwrap();
    assert_eq!(result.stopped, Some(StopReason::Cancelled));
    assert!(result.nodes <= slack, "{}", result.nodes);

    let found = traced_search(&board, u64::MAX, &budget, &mut NoTrace, |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(found.stopped, Some(StopReason::Cancelled));
    assert!(found.nodes <= slack, "{}", found.nodes);

    let listed = Solutions::with_budget(&board, budget.clone()).count();
    assert!(listed as u64 <= slack, "{listed}");
}

/// Units whose prefix no split makes (found by fuzzing: a symmetric unit
/// whose prefix started at no root, or stood off the board, panicked in
/// the symmetry rules) are refused as inconsistent.
#[test]
fn a_unit_with_a_prefix_no_split_makes_is_refused() {
    let unit = split(&free(6), 2).unwrap()[0].clone();
    for (n, prefix) in [
        (6, vec![5, 0]),
        (6, vec![0, 9]),
        (2, vec![2, 4]),
        (2, vec![0, 3]),
    ] {
        let mut tampered = unit.clone();
        tampered.n = n;
        tampered.prefix = prefix;
        tampered.depth = tampered.prefix.len();
        let outcome = run_unit(&tampered, &Budget::default());
        assert!(
            matches!(outcome, Err(UnitError::Inconsistent { .. })),
            "{n} {:?}: {outcome:?}",
            tampered.prefix
        );
    }
}

/// A default budget counts everything: every counting entry point (the
/// board count, the traced search, the iterator) finishes with the full
/// count, as brute force finds it.
#[test]
fn a_default_budget_never_caps_a_count() {
    let board = free(7);
    let expected = brute_force(&board);
    let report = count_board(&board, &Budget::default(), |_| {});
    assert_eq!((report.counts.total, report.stopped), (expected, None));
    let found = traced_search(&board, u64::MAX, &Budget::default(), &mut NoTrace, |_| {
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!((found.total, found.stopped), (expected, None));
    let listed = Solutions::with_budget(&board, Budget::default()).count();
    assert_eq!(listed as u64, expected);
}

/// The plain recursive bitmask counter: rows in order, every placement.
fn plain_count(n: usize) -> u64 {
    fn below(full: u32, cols: u32, right: u32, left: u32) -> u64 {
        if cols == full {
            return 1;
        }
        let mut free = full & !(cols | right | left);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += below(full, cols | bit, (right | bit) << 1, (left | bit) >> 1);
        }
        count
    }
    below((1 << n) - 1, 0, 0, 0)
}

/// A budget with a node limit sends every unit to the row engine; without
/// one, units go to the level sweep where the CPU has its vector unit.
fn row_engine_report(board: &BlockedBoard) -> CountReport {
    count_board(board, &Budget::default().with_max_nodes(u64::MAX), |_| {})
}

#[test]
fn counts_equal_the_plain_counter_and_the_row_engine_for_every_n_up_to_14() {
    for n in 1..=14 {
        let report = count_board(&free(n), &Budget::default(), |_| {});
        assert_eq!(report.counts.total, plain_count(n), "n = {n}");
        let rows = row_engine_report(&free(n));
        assert_eq!(
            (report.counts, report.nodes),
            (rows.counts, rows.nodes),
            "n = {n}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn blocked_counts_and_nodes_equal_the_row_engines(n in 8usize..=12, reserved in proptest::collection::vec((0usize..12, 0usize..12), 0..12)) {
        let board = blocked_board(n, &reserved);
        let report = count_board(&board, &Budget::default(), |_| {});
        let rows = row_engine_report(&board);
        prop_assert_eq!((report.counts, report.nodes), (rows.counts, rows.nodes));
    }
}
