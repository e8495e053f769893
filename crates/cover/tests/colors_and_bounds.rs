//! Colors (Knuth's DLX2): options that give a secondary item the same
//! color may share it; bounds (DLX3): a primary item covered `lo` to `hi`
//! times. Checked, with plain problems too, against brute force on random
//! small problems, against
//! the small examples of TAOCP 7.2.2.1 and of DLX3, and through the text
//! format both ways.

mod common;

use gridsolve_cover::*;
use proptest::prelude::*;
use std::ops::ControlFlow;

/// Every set of options that covers each primary item within its bounds
/// (exactly once unless set) and leaves each secondary item either unused, used by exactly one option
/// without a color, or used only by options giving it one same color, by
/// trying all 2^options subsets (options of secondary items only left
/// out, as Algorithm C never chooses them).
fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let options: Vec<&[u32]> = problem.options().collect();
    let primary = problem.primary_count();
    let colors: Vec<Vec<u32>> = (0..options.len())
        .map(|option| problem.option_colors(option).collect())
        .collect();
    let useless: u32 = (0..options.len())
        .filter(|&i| options[i].iter().all(|&item| item as usize >= primary))
        .map(|i| 1 << i)
        .sum();
    let mut found = Vec::new();
    for mask in 0u32..(1 << options.len()) {
        if mask & useless != 0 {
            continue;
        }
        let chosen: Vec<usize> = (0..options.len())
            .filter(|&i| mask & (1 << i) != 0)
            .collect();
        // Per item, the colors the chosen options give it.
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); problem.items().len()];
        for &option in &chosen {
            for (&item, &color) in options[option].iter().zip(&colors[option]) {
                uses[item as usize].push(color);
            }
        }
        let primary_ok = uses[..primary].iter().enumerate().all(|(item, used)| {
            let (lo, hi) = problem.bounds(item);
            (lo..=hi).contains(&(used.len() as u32))
        });
        let secondary_ok = uses[primary..].iter().all(|used| match used.as_slice() {
            [] | [_] => true,
            [first, rest @ ..] => *first != 0 && rest.iter().all(|color| color == first),
        });
        if primary_ok && secondary_ok {
            found.push(chosen);
        }
    }
    found
}

/// A problem of `primary` and `secondary` items whose options are
/// `(item, color)` pairs, color 0 none (a color on a primary item, or an
/// item twice, is dropped).
fn problem_from(primary: usize, secondary: usize, options: &[Vec<(usize, u8)>]) -> Problem {
    let names =
        |prefix: &'static str, count: usize| (0..count).map(move |k| format!("{prefix}{k}"));
    let mut problem = Problem::new(names("p", primary), names("s", secondary));
    let color_names = ["red", "blue"];
    for option in options {
        let mut nodes: Vec<(usize, Option<&str>)> = Vec::new();
        for &(item, color) in option {
            if nodes.iter().any(|&(seen, _)| seen == item) {
                continue;
            }
            let color = (item >= primary && color > 0).then(|| color_names[color as usize - 1]);
            nodes.push((item, color));
        }
        problem.add_colored_option(&nodes).unwrap();
    }
    problem
}

/// A random problem whose nodes take colors below `colors` (1: none).
fn random_problem_of(colors: u8) -> impl Strategy<Value = Problem> {
    (1usize..=6, 0usize..=3).prop_flat_map(move |(primary, secondary)| {
        let items = primary + secondary;
        let node = (0..items, 0..colors);
        proptest::collection::vec(proptest::collection::vec(node, 1..=4), 0..=16)
            .prop_map(move |options| problem_from(primary, secondary, &options))
    })
}

/// `problem` with random bounds on its primary items.
fn with_bounds(mut problem: Problem, bounds: &[(u32, u32)]) -> Problem {
    for (item, &(lo, extra)) in bounds.iter().enumerate().take(problem.primary_count()) {
        problem.set_bounds(item, lo, (lo + extra).max(1)).unwrap();
    }
    problem
}

/// A random problem with colors.
fn random_problem() -> impl Strategy<Value = Problem> {
    random_problem_of(3)
}

fn random_bounded_problem() -> impl Strategy<Value = Problem> {
    let bounds = proptest::collection::vec((0u32..=2, 0u32..=2), 6);
    (random_problem(), bounds).prop_map(|(problem, bounds)| with_bounds(problem, &bounds))
}

fn all_solutions(problem: &Problem) -> (Vec<Vec<usize>>, CoverReport) {
    let (mut found, report) = solve_up_to(problem, u64::MAX, &Budget::default());
    found.sort();
    (found, report)
}

/// A random problem: plain (DLX1), with colors, or with colors and bounds.
fn any_problem() -> impl Strategy<Value = Problem> {
    prop_oneof![
        random_problem_of(1),
        random_problem(),
        random_bounded_problem()
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(900))]

    #[test]
    fn solutions_equal_brute_force(problem in any_problem()) {
        let mut expected = brute_force(&problem);
        expected.sort();
        let (found, report) = all_solutions(&problem);
        prop_assert_eq!(report.stopped, None);
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn a_search_leaves_the_links_as_it_found_them(problem in any_problem(), stop_after in 1u64..3) {
        let mut dlx = Dlx::new(&problem);
        let mut seen = 0;
        dlx.search(&Budget::default(), &mut NoTrace, |_| {
            seen += 1;
            if seen >= stop_after { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        let again = dlx.search(&Budget::default(), &mut NoTrace, |_| ControlFlow::Continue(()));
        prop_assert_eq!(again.stats.solutions, brute_force(&problem).len() as u64);
    }

    #[test]
    fn problems_round_trip_through_the_text_format(problem in any_problem()) {
        let text = parse_dlx(&problem.to_dlx()).unwrap();
        prop_assert_eq!(text.problem.to_dlx(), problem.to_dlx());
        prop_assert_eq!(all_solutions(&text.problem).0, all_solutions(&problem).0);
    }
}

/// `problem` with `extra` secondary items added, each in `copies` options
/// of its own: options no search ever chooses (no primary item leads to
/// them), so they change neither the solutions nor the tree, only which
/// bookkeeping the search picks (long lists, or many items).
fn with_unused_items(problem: &Problem, extra: usize, copies: usize) -> Problem {
    let text = problem.to_dlx();
    let (items, options) = text.split_once('\n').unwrap();
    let names: Vec<String> = (0..extra).map(|k| format!("unused{k}")).collect();
    let separator = if items.contains('|') { " " } else { " | " };
    let mut padded = format!("{items}{separator}{}\n{options}", names.join(" "));
    for name in &names {
        for _ in 0..copies {
            padded.push_str(name);
            padded.push('\n');
        }
    }
    parse_dlx(&padded).unwrap().problem
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Choosing by keys (short lists), along the list (a list too long
    /// for a key) and along the list counting empty lists (over a
    /// thousand items) walk one tree: same solutions, nodes and updates.
    #[test]
    fn every_way_of_choosing_walks_the_same_tree(problem in random_problem()) {
        let walk = |problem: &Problem| {
            let (found, report) = all_solutions(problem);
            (found, report.stats.nodes, report.stats.updates)
        };
        let by_keys = walk(&problem);
        prop_assert_eq!(&walk(&with_unused_items(&problem, 1, 255)), &by_keys);
        prop_assert_eq!(&walk(&with_unused_items(&problem, 1001, 1)), &by_keys);
    }
}

/// The example of colored items in TAOCP 7.2.2.1 (Knuth, Volume 4B,
/// (49)): primary items p, q, r, secondary x and y; its one solution is
/// the options `q x:A` and `p r x:A y`.
#[test]
fn knuths_example_has_its_one_solution() {
    assert_one_solution(
        "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
        &["p r x:A y", "q x:A"],
    );
}

/// Asserts that the DLX text `input` has one solution, of the options
/// `expected` (in input order), as brute force finds too.
fn assert_one_solution(input: &str, expected: &[&str]) {
    let text = parse_dlx(input).unwrap();
    let (found, report) = all_solutions(&text.problem);
    assert_eq!(report.stopped, None);
    let shown: Vec<Vec<String>> = found
        .iter()
        .map(|options| {
            options
                .iter()
                .map(|&o| text.problem.option_text(o))
                .collect()
        })
        .collect();
    assert_eq!(shown, [expected]);
    assert_eq!(found, brute_force(&text.problem));
}

#[test]
fn color_errors_name_line_and_column() {
    let cases = [
        (
            "a | x\na:red\n",
            r#"line 2, column 1: "a:red" colors the primary item "a": only secondary items (after '|' in the item line) take a color"#,
        ),
        (
            "a | x\na x:\n",
            r#"line 2, column 3: "x:" has no color after ':'"#,
        ),
        (
            "a b:c\na\n",
            r#"line 1, column 3: item name "b:c" holds ':' (in an option, 'x:c' gives item x the color c)"#,
        ),
        ("a | x\na y:red\n", r#"line 2, column 3: unknown item "y""#),
    ];
    common::assert_parse_errors(&cases);
}

#[test]
fn a_color_on_a_primary_item_is_refused_by_the_builder_api() {
    let mut problem = Problem::new(["a"], ["x"]);
    assert_eq!(
        problem.add_colored_option(&[(0, Some("red"))]),
        Err(OptionError::ColoredPrimary(0))
    );
    assert_eq!(
        problem.add_named_option(&["a", "x:"]),
        Err(OptionError::EmptyColor)
    );
    assert!(problem.add_named_option(&["a", "x:red"]).is_ok());
    assert_eq!(problem.option_text(0), "a x:red");
}

/// Word rectangles by nested loops: every choice of one across word per
/// row whose columns all read down words (a word listed twice is one).
fn rectangles_by_brute_force(across: &[String], down: &[String]) -> u64 {
    let mut distinct: Vec<String> = Vec::new();
    for word in across {
        if !distinct.contains(word) {
            distinct.push(word.clone());
        }
    }
    let across = &distinct;
    let rows = down[0].len();
    let mut count = 0;
    let mut chosen = vec![0usize; rows];
    loop {
        let columns_are_words = (0..across[0].len()).all(|col| {
            let column: String = chosen
                .iter()
                .map(|&word| across[word].as_bytes()[col] as char)
                .collect();
            down.contains(&column)
        });
        count += u64::from(columns_are_words);
        // The next choice, as an odometer over the rows.
        let Some(row) = (0..rows).rev().find(|&row| chosen[row] + 1 < across.len()) else {
            return count;
        };
        chosen[row] += 1;
        chosen[row + 1..].fill(0);
    }
}

fn word_list(length: usize) -> impl Strategy<Value = Vec<String>> {
    let word = proptest::collection::vec(prop_oneof![Just('a'), Just('b'), Just('c')], length)
        .prop_map(|letters| letters.into_iter().collect::<String>());
    proptest::collection::vec(word, 1..=8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn word_rectangles_equal_brute_force(
        (across, down) in (1usize..=3, 1usize..=3)
            .prop_flat_map(|(rows, cols)| (word_list(cols), word_list(rows)))
    ) {
        let problem = word_rectangle(&across, &down).unwrap();
        let report = count(&problem, &Budget::default());
        prop_assert_eq!(report.stopped, None);
        prop_assert_eq!(report.stats.solutions, rectangles_by_brute_force(&across, &down));
    }
}

#[test]
fn word_lists_that_make_no_rectangle_are_refused_naming_the_word() {
    let cases: [(&[&str], &[&str], &str); 4] = [
        (
            &["ab", "abc"],
            &["ab"],
            r#"across word 2 "abc" has 3 letters, the first has 2"#,
        ),
        (
            &["ab"],
            &[],
            "no down word: the down list needs at least one",
        ),
        (
            &["a:b"],
            &["a"],
            r#"across word 1 "a:b" holds ':': expected letters or digits"#,
        ),
        (&["ab"], &["a", ""], "down word 2 is empty"),
    ];
    for (across, down, message) in cases {
        assert_eq!(
            word_rectangle(across, down).unwrap_err().to_string(),
            message
        );
    }
}

/// How many ways to put `k` marks in each row and column of an `n`×`n`
/// board, with at most `k` on each diagonal if `diagonals`: row by row,
/// every set of `k` columns, by plain backtracking.
fn lines_by_backtracking(n: usize, k: u32, diagonals: bool) -> u64 {
    struct Board {
        n: usize,
        k: u32,
        diagonals: bool,
        cols: Vec<u32>,
        sums: Vec<u32>,
        differences: Vec<u32>,
    }
    fn fill(board: &mut Board, row: usize) -> u64 {
        let n = board.n;
        if row == n {
            return u64::from(board.cols.iter().all(|&marks| marks == board.k));
        }
        let mut found = 0;
        for set in 0u32..1 << n {
            if set.count_ones() != board.k {
                continue;
            }
            let cols: Vec<usize> = (0..n).filter(|&col| set & (1 << col) != 0).collect();
            let fits = cols.iter().all(|&col| {
                board.cols[col] < board.k
                    && (!board.diagonals
                        || (board.sums[row + col] < board.k
                            && board.differences[row + n - 1 - col] < board.k))
            });
            if !fits {
                continue;
            }
            for &col in &cols {
                board.cols[col] += 1;
                board.sums[row + col] += 1;
                board.differences[row + n - 1 - col] += 1;
            }
            found += fill(board, row + 1);
            for &col in &cols {
                board.cols[col] -= 1;
                board.sums[row + col] -= 1;
                board.differences[row + n - 1 - col] -= 1;
            }
        }
        found
    }
    let mut board = Board {
        n,
        k,
        diagonals,
        cols: vec![0; n],
        sums: vec![0; 2 * n - 1],
        differences: vec![0; 2 * n - 1],
    };
    fill(&mut board, 0)
}

fn solutions(problem: &Problem) -> u64 {
    count(problem, &Budget::default()).stats.solutions
}

/// The 0-1 matrices with `k` 1s a line: OEIS A001499 (k = 2, n = 2…6)
/// and A001501 (k = 3, n = 3…6), n! for k = 1, and backtracking.
#[test]
fn line_sum_matrices_match_the_published_counts_and_backtracking() {
    let a001499 = [1, 6, 90, 2040, 67950];
    for (n, &expected) in (2..).zip(&a001499) {
        assert_eq!(
            solutions(&line_sum_matrices(n, 2)),
            expected,
            "n = {n}, k = 2"
        );
    }
    let a001501 = [1, 24, 2040, 297200];
    for (n, &expected) in (3..).zip(&a001501) {
        assert_eq!(
            solutions(&line_sum_matrices(n, 3)),
            expected,
            "n = {n}, k = 3"
        );
    }
    for n in 1..=6 {
        let factorial: u64 = (1..=n as u64).product();
        assert_eq!(solutions(&line_sum_matrices(n, 1)), factorial);
        for k in 1..=n as u32 {
            let expected = lines_by_backtracking(n, k, false);
            assert_eq!(
                solutions(&line_sum_matrices(n, k)),
                expected,
                "n = {n}, k = {k}"
            );
        }
    }
}

/// One queen a line is N-Queens; more are checked by backtracking.
#[test]
fn queens_per_line_match_n_queens_and_backtracking() {
    for n in 1..=8 {
        assert_eq!(
            solutions(&queens_per_line(n, 1)),
            solutions(&queens(n)),
            "n = {n}"
        );
    }
    for n in 1..=6 {
        for k in 2..=3.min(n as u32) {
            let expected = lines_by_backtracking(n, k, true);
            assert_eq!(
                solutions(&queens_per_line(n, k)),
                expected,
                "n = {n}, k = {k}"
            );
        }
    }
}

/// The bounded search walks DLX3's tree: on the same input it counts the
/// nodes and updates Knuth's DLX3 prints (built from his dlx3.w; a node
/// per level entered, a solution's level its only node). The figures are
/// DLX3's output, as DLX1's are the reference for the plain search.
#[test]
fn bounded_searches_count_dlx3s_nodes_and_updates() {
    let dlx3_example =
        parse_dlx("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
            .unwrap()
            .problem;
    let cases = [
        ("DLX3's example", dlx3_example, (1, 6, 14)),
        (
            "two queens a line, 6x6",
            queens_per_line(6, 2),
            (1097, 24838, 188428),
        ),
        (
            "0-1 matrices, two 1s a line, 5x5",
            line_sum_matrices(5, 2),
            (2040, 6150, 21913),
        ),
    ];
    for (name, problem, expected) in cases {
        let stats = count(&problem, &Budget::default()).stats;
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            expected,
            "{name}"
        );
    }
}

/// The example at the head of Knuth's DLX3: `2:3|C` lets C be covered two
/// or three times; its one solution is `A C X:1 Y:1`, `B X:1`, `C Y:1`.
#[test]
fn the_dlx3_example_has_its_one_solution() {
    let input = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    assert_eq!(parse_dlx(input).unwrap().problem.bounds(2), (2, 3));
    assert_one_solution(input, &["A C X:1 Y:1", "B X:1", "C Y:1"]);
}

#[test]
fn bound_errors_name_line_and_column() {
    let cases = [
        (
            "a 3:2|b\na b\n",
            r#"line 1, column 3: "3:2|b": expected lo:hi|item or m|item, with whole numbers lo <= hi and hi >= 1"#,
        ),
        (
            "a 0|b\na b\n",
            r#"line 1, column 3: "0|b": expected lo:hi|item or m|item, with whole numbers lo <= hi and hi >= 1"#,
        ),
        (
            "a | 2|x\na x\n",
            r#"line 1, column 5: "2|x": bounds on a secondary item (only primary items, before '|', take them)"#,
        ),
        (
            "x|y|z\nz\n",
            r#"line 1, column 1: item name "x|y|z" holds '|' (names are set apart by spaces, and a lone '|' ends the primary items)"#,
        ),
    ];
    common::assert_parse_errors(&cases);
}

/// Bounds of `1` (written `1|x` or `01|x`) are no bounds: the problem
/// equals the one without them and writes back without them.
#[test]
fn bounds_of_one_are_the_plain_problem() {
    let plain = parse_dlx("a b\na b\n").unwrap().problem;
    for input in ["1|a b\na b\n", "01|a 1:1|b\na b\n"] {
        let text = parse_dlx(input).unwrap();
        assert_eq!(text.problem, plain, "{input:?}");
        assert_eq!(text.problem.to_dlx(), "a b\na b\n");
    }
}

#[test]
fn bounds_on_a_secondary_item_or_empty_bounds_are_refused_by_the_builder_api() {
    let mut problem = Problem::new(["a"], ["x"]);
    assert_eq!(problem.set_bounds(1, 1, 2), Err(BoundsError::NotPrimary(1)));
    assert_eq!(
        problem.set_bounds(0, 3, 2).unwrap_err().to_string(),
        "bounds 3..=2: expected lo <= hi and hi >= 1"
    );
    assert_eq!(
        problem.set_bounds(0, 0, 0),
        Err(BoundsError::Empty { lo: 0, hi: 0 })
    );
    assert!(!problem.has_bounds());
}
