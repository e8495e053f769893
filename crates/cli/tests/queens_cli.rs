//! The `gridsolve queens` command as a user runs it.

mod common;

use common::{named_temp_file, run};

/// The CSES 1624 sample board (65 placements, as its statement says).
const CSES_SAMPLE: &str =
    "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// No two queens share a column or a diagonal: checked here with sets of
/// lines, independently of the library's checker.
fn no_two_attack(cols: &[usize]) -> bool {
    let n = cols.len();
    let mut seen = vec![false; 5 * n];
    cols.iter().enumerate().all(|(row, &col)| {
        let lines = [col, n + row + col, 3 * n + row + n - 1 - col];
        lines
            .iter()
            .all(|&line| !std::mem::replace(&mut seen[line], true))
    })
}

#[test]
fn list_4_prints_exactly_the_two_boards() {
    let (code, out, _) = run(&["queens", "list", "4"], "");
    assert_eq!(code, 0);
    assert_eq!(out, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n");
}

#[test]
fn list_2_prints_nothing_and_says_0_solutions_with_stats() {
    let (code, out, err) = run(&["queens", "list", "2", "--stats"], "");
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(err.starts_with("0 solutions"), "{err}");
    assert_eq!(run(&["queens", "list", "1"], "").1, "Q\n");
}

#[test]
fn list_4_as_json_is_leetcode_51() {
    let (_, out, _) = run(&["queens", "list", "4", "--format", "json"], "");
    assert_eq!(
        out.trim(),
        r#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#
    );
    let (_, out, _) = run(&["queens", "list", "3", "--format", "json"], "");
    assert_eq!(out.trim(), "[]");
}

#[test]
fn list_6_as_columns_gives_valid_sorted_boards() {
    let (_, out, _) = run(&["queens", "list", "6", "--format", "cols"], "");
    let boards: Vec<Vec<usize>> = out
        .lines()
        .map(|line| line.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(boards.len(), 4);
    assert!(boards.iter().all(|b| no_two_attack(b)));
    assert!(boards.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn count_14_is_365596_and_45752_unique() {
    assert_eq!(run(&["queens", "count", "14"], "").1, "365596\n");
    assert_eq!(
        run(&["queens", "count", "14", "--unique", "--threads", "2"], "").1,
        "45752\n"
    );
}

#[test]
fn the_cses_sample_board_has_65_placements() {
    let board = named_temp_file("cses.txt", CSES_SAMPLE);
    let board = board.to_str().unwrap();
    assert_eq!(run(&["queens", "count", "--blocked", board], "").1, "65\n");
    let (_, out, _) = run(
        &["queens", "list", "--blocked", board, "--format", "cols"],
        "",
    );
    assert_eq!(out.lines().count(), 65);
    let (code, _, err) = run(&["queens", "count", "--blocked", board, "--unique"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--unique needs a board without reserved squares"),
        "{err}"
    );
}

#[test]
fn bad_boards_are_reported_with_line_and_column() {
    let cases = [
        (
            "ragged.txt",
            "....\n...\n....\n....\n",
            "line 2: row has 3 squares, expected 4",
        ),
        (
            "letter.txt",
            "....\n..x.\n....\n....\n",
            "line 2, column 3: found 'x'",
        ),
        (
            "oblong.txt",
            "....\n....\n....\n",
            "board has 3 rows of 4 squares, expected a square board",
        ),
    ];
    for (name, text, expected) in cases {
        let path = named_temp_file(name, text);
        let (code, _, err) = run(
            &["queens", "count", "--blocked", path.to_str().unwrap()],
            "",
        );
        assert_eq!(code, 2, "{name}");
        assert!(err.contains(expected), "{name}: {err}");
    }
}

#[test]
fn one_million_queens_by_construction_pass_an_independent_check() {
    let (code, out, err) = run(
        &["queens", "one", "1000000", "--format", "cols", "--verify"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let cols: Vec<usize> = out.split_whitespace().map(|c| c.parse().unwrap()).collect();
    assert_eq!(cols.len(), 1_000_000);
    assert!(no_two_attack(&cols));
}

#[test]
fn one_refuses_2_and_3_and_drawing_huge_boards() {
    for n in ["2", "3"] {
        let (code, out, err) = run(&["queens", "one", n], "");
        assert_eq!((code, out.as_str()), (1, ""));
        assert!(err.contains("no placement exists"), "{err}");
    }
    let (code, _, err) = run(&["queens", "one", "5000"], "");
    assert_eq!(code, 2);
    assert!(err.contains("use --format cols"), "{err}");
}

#[test]
fn one_on_a_blocked_board_searches() {
    let board = named_temp_file("one.txt", CSES_SAMPLE);
    let (code, out, _) = run(
        &[
            "queens",
            "one",
            "--blocked",
            board.to_str().unwrap(),
            "--verify",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 8);
    let cols: Vec<usize> = out.lines().map(|row| row.find('Q').unwrap()).collect();
    assert!(no_two_attack(&cols));
    assert!(CSES_SAMPLE
        .lines()
        .zip(&cols)
        .all(|(row, &col)| row.as_bytes()[col] == b'.'));
}

#[test]
fn split_run_task_merge_gives_14200_and_a_dropped_unit_is_named() {
    let (_, units, _) = run(&["queens", "split", "12", "--depth", "3"], "");
    let (code, results, _) = run(&["queens", "run-task", "--threads", "2"], &units);
    assert_eq!(code, 0);
    assert_eq!(run(&["queens", "merge"], &results).1, "14200\n");
    assert_eq!(run(&["queens", "merge", "--unique"], &results).1, "1787\n");

    let lines: Vec<&str> = results.lines().collect();
    let dropped: String = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 7)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let (code, out, err) = run(&["queens", "merge"], &dropped);
    assert_eq!((code, out.as_str()), (1, ""));
    let unit: serde_json::Value = serde_json::from_str(lines[7]).unwrap();
    let name = format!(
        "unit 7 (prefix {})",
        unit["prefix"].to_string().replace(',', ", ")
    );
    assert!(err.contains(&name), "{err} should name {name}");

    let doubled = format!("{results}{}\n", lines[3]);
    let (code, _, err) = run(&["queens", "merge"], &doubled);
    assert_eq!(code, 1);
    assert!(
        err.contains("line 276: unit 3") && err.contains("already counted at line 4"),
        "{err}"
    );
}

/// `merge --recount K` counts K units again, picked by the seed, and
/// prints the count only when every figure agrees; a result whose nodes
/// a worker made up is named (when picked: all of them are, with K at
/// least the units), and one whose total no weight gives is refused by
/// `merge` even without a recount.
#[test]
fn merge_recount_names_a_made_up_result_and_prints_no_count() {
    let (_, units, _) = run(&["queens", "split", "10", "--depth", "2"], "");
    let (_, results, _) = run(&["queens", "run-task"], &units);
    let args = [
        "queens",
        "merge",
        "--recount",
        "5",
        "--seed",
        "7",
        "--threads",
        "2",
    ];
    let (code, out, err) = run(&args, &results);
    assert_eq!((code, out.as_str()), (0, "724\n"), "{err}");
    assert_eq!(
        err,
        "merge: recounted 5 of 30 units (--seed 7): every figure agrees\n"
    );
    // The same seed picks the same units; without one, the clock's is said.
    let (_, _, again) = run(&args, &results);
    assert_eq!(again, err);
    let (_, _, clocked) = run(&["queens", "merge", "--recount", "1"], &results);
    assert!(
        clocked.starts_with("merge: recounted 1 of 30 units (--seed "),
        "{clocked}"
    );

    let mut lines: Vec<serde_json::Value> = results
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let nodes = lines[11]["nodes"].as_u64().unwrap();
    lines[11]["nodes"] = (nodes + 3).into();
    let made_up: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let (code, out, err) = run(&["queens", "merge"], &made_up);
    assert_eq!(
        (code, out.as_str()),
        (0, "724\n"),
        "nodes alone tell nothing: {err}"
    );
    let (code, out, err) = run(&["queens", "merge", "--recount", "30"], &made_up);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("30 of 30 units"), "{err}");
    assert!(
        err.contains(&format!(
            "line 12: unit 11 (prefix {}): nodes {} in the result, {nodes} recounted",
            lines[11]["prefix"].to_string().replace(',', ", "),
            nodes + 3
        )),
        "{err}"
    );

    let total = lines[11]["total"].as_u64().unwrap();
    lines[11]["nodes"] = nodes.into();
    lines[11]["total"] = (total + 1).into();
    let impossible: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let (code, out, err) = run(&["queens", "merge"], &impossible);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.starts_with("merge: line 12: unit 11 "), "{err}");
    assert!(err.contains("canonical solutions"), "{err}");

    // On a board with reserved squares, the count up to symmetry is
    // refused before any unit is recounted.
    let board = named_temp_file("cses.txt", CSES_SAMPLE);
    let board = board.to_str().unwrap();
    let (_, units, _) = run(&["queens", "split", "--blocked", board, "--depth", "2"], "");
    let (_, results, _) = run(&["queens", "run-task"], &units);
    let (code, out, err) = run(&["queens", "merge", "--recount", "3", "--unique"], &results);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("--unique needs units of the d4 scheme"),
        "{err}"
    );
    assert!(!err.contains("recounted"), "{err}");
    let (code, out, err) = run(&["queens", "merge", "--recount", "3"], &results);
    assert_eq!((code, out.as_str()), (0, "65\n"), "{err}");
}

#[test]
fn a_malformed_unit_line_is_reported_and_the_rest_counted() {
    let (_, units, _) = run(&["queens", "split", "8", "--depth", "2"], "");
    let input = format!("{{not json\n{units}");
    let (code, out, err) = run(&["queens", "run-task"], &input);
    assert_eq!(code, 2);
    assert!(err.starts_with("line 1: "), "{err}");
    assert_eq!(out.lines().count(), units.lines().count());
}

#[test]
fn a_timeout_prints_a_lower_bound_and_the_units_done() {
    let (code, out, err) = run(&["queens", "count", "22", "--timeout", "100ms"], "");
    assert_eq!(code, 1);
    assert!(out.starts_with("at least "), "{out}");
    assert!(err.contains("work units counted to the end"), "{err}");
    assert!(err.contains("warning: counting n = 22"), "{err}");
}

#[test]
fn sizes_beyond_the_engine_are_usage_errors() {
    let (code, _, err) = run(&["queens", "count", "33"], "");
    assert_eq!(code, 2);
    assert!(err.contains("N must be 1 to 32"), "{err}");
}

/// `queens count --state FILE`: a count stopped by SIGINT (or by its
/// timeout) resumes from the units its state file holds and gives the
/// whole count; a state file of another count, or a corrupted one, is
/// refused naming the line.
#[test]
fn an_interrupted_count_resumes_from_its_state_file() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("n15.jsonl");
    let state_arg = state.to_str().unwrap();
    let args = [
        "queens",
        "count",
        "15",
        "--threads",
        "1",
        "--state",
        state_arg,
    ];
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupted as soon as its first unit is kept (the whole count takes
    // a few tenths of a second at most).
    while std::fs::read_to_string(&state).map_or(true, |text| text.is_empty()) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the count ended before it was interrupted"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let first = child.wait_with_output().unwrap();
    let out = String::from_utf8(first.stdout).unwrap();
    assert_eq!(first.status.code(), Some(1), "{out}");
    assert!(out.starts_with("at least "), "{out}");
    let kept = std::fs::read_to_string(&state).unwrap().lines().count();
    assert!(kept < 715, "{kept} units kept");

    // Another stop, by the timeout, then the rest: the same answer.
    let (code, _, _) = run(&[&args[..], &["--timeout", "5ms"]].concat(), "");
    assert_eq!(code, 1);
    let (code, out, err) = run(&args, "");
    assert_eq!((code, out.as_str()), (0, "2279184\n"), "{err}");
    assert!(err.starts_with("715 of 715 units counted in "), "{err}");
    assert_eq!(
        std::fs::read_to_string(&state).unwrap().lines().count(),
        715
    );
    let (_, out, _) = run(&[&args[..], &["--unique"]].concat(), "");
    assert_eq!(out, "285053\n");

    // The state of n = 15 is not that of n = 14.
    let (code, out, err) = run(&["queens", "count", "14", "--state", state_arg], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains(
            "line 1: unit 0 (n = 15, depth 3) is not a unit of this count: this count is n = 14"
        ),
        "{err}"
    );
    // A line garbled in the middle of the file is refused by its number;
    // a last line cut short by a crash is dropped and counted again.
    let text = std::fs::read_to_string(&state).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let garbled = format!("{}\n{}\n{}\n", lines[0], &lines[1][..30], lines[2]);
    std::fs::write(&state, garbled).unwrap();
    let (code, _, err) = run(&args, "");
    assert_eq!(code, 2);
    assert!(err.contains("line 2: not a unit result"), "{err}");
    let cut = format!("{}\n{}", lines[..714].join("\n"), &lines[714][..30]);
    std::fs::write(&state, cut).unwrap();
    let (code, out, err) = run(&args, "");
    assert_eq!((code, out.as_str()), (0, "2279184\n"), "{err}");
    assert!(err.contains("the last line was cut short"), "{err}");
    assert!(err.contains("(1 now, 714 from the state file"), "{err}");
}

/// The 8 images of a placement (a queen's column by row) under the
/// rotations and reflections of the board, written from their definition.
fn images(cols: &[usize]) -> Vec<Vec<usize>> {
    let n = cols.len();
    let squares: Vec<(usize, usize)> = cols.iter().enumerate().map(|(r, &c)| (r, c)).collect();
    let maps: [&dyn Fn(usize, usize) -> (usize, usize); 8] = [
        &|r, c| (r, c),
        &|r, c| (r, n - 1 - c),
        &|r, c| (n - 1 - r, c),
        &|r, c| (n - 1 - r, n - 1 - c),
        &|r, c| (c, r),
        &|r, c| (n - 1 - c, n - 1 - r),
        &|r, c| (c, n - 1 - r),
        &|r, c| (n - 1 - c, r),
    ];
    maps.iter()
        .map(|map| {
            let mut image = vec![0; n];
            for &(r, c) in &squares {
                let (r, c) = map(r, c);
                image[r] = c;
            }
            image
        })
        .collect()
}

#[test]
fn list_unique_gives_one_board_per_class_and_the_classes_cover_every_board() {
    for n in [4, 6, 8] {
        let cols = |args: &[&str]| -> Vec<Vec<usize>> {
            let (code, out, err) = run(args, "");
            assert_eq!(code, 0, "{err}");
            out.lines()
                .map(|line| {
                    line.split_whitespace()
                        .map(|c| c.parse().unwrap())
                        .collect()
                })
                .collect()
        };
        let n_text = n.to_string();
        let all = cols(&["queens", "list", &n_text, "--format", "cols"]);
        let unique = cols(&["queens", "list", &n_text, "--unique", "--format", "cols"]);
        let mut covered: Vec<Vec<usize>> = Vec::new();
        for board in &unique {
            let mut class = images(board);
            class.sort();
            class.dedup();
            // The listed board stands for its class: the smallest of it.
            assert_eq!(&class[0], board, "n = {n}");
            assert!(
                class.iter().all(|image| !covered.contains(image)),
                "n = {n}: classes overlap"
            );
            covered.extend(class);
        }
        covered.sort();
        let mut all_sorted = all.clone();
        all_sorted.sort();
        assert_eq!(covered, all_sorted, "n = {n}: the classes are every board");
    }
    let (code, _, err) = run(
        &["queens", "list", "--unique", "--board", "/dev/stdin"],
        "*...\n....\n....\n....\n",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--unique"), "{err}");
}

/// The takaken comparison of docs/PERFORMANCE.md runs its rounds, checks
/// that both counters give the same total, and refuses a peer that does
/// not. (The real peer is built outside the repository; here a stand-in
/// prints gridsolve's own count, or a wrong one.)
#[test]
fn the_takaken_script_compares_totals_and_refuses_a_disagreeing_peer() {
    use std::os::unix::fs::PermissionsExt;
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let gridsolve = env!("CARGO_BIN_EXE_gridsolve");
    let peer = |name: &str, offset: u32| {
        let path = dir.path().join(name);
        let script =
            format!("#!/bin/sh\necho \"$1 $(( $({gridsolve} queens count $1) + {offset} )) 0\"\n");
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let run_with = |peer: &std::path::Path| {
        std::process::Command::new(root.join("scripts/bench-takaken.sh"))
            .arg(peer)
            .args(["2", gridsolve, "8", "10"])
            .output()
            .unwrap()
    };
    let agreeing = run_with(&peer("agreeing", 0));
    let out = String::from_utf8(agreeing.stdout).unwrap();
    assert!(agreeing.status.success(), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("| 1") || line.starts_with("| 8"))
        .collect();
    assert!(rows[0].starts_with("| 8 | 92 |"), "{out}");
    assert!(rows[1].starts_with("| 10 | 724 |"), "{out}");
    assert!(out.contains("baseline s"), "{out}");

    let wrong = run_with(&peer("wrong", 1));
    assert!(!wrong.status.success());
    let message = String::from_utf8(wrong.stderr).unwrap();
    assert!(
        message.contains("n = 8: takaken counts 93, gridsolve 92"),
        "{message}"
    );
}
