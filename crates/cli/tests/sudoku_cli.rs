//! The `gridsolve sudoku` command as a user runs it: formats in and out,
//! exit codes, batches with bad records, order under `--threads`.

mod common;

use common::{gridsolve, run};
use predicates::prelude::*;
use std::fmt::Write as _;

const GRID: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
const LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ROWS_JSON: &str = r#"["9.7.....6", "824.3....", "..1..9..2", ".9...2.18", "...4....5", "1325.8...", "...687...", "......8.9", ".4.9...5."]"#;

/// The solved LeetCode 37 grid as an 81-character line, computed by the tool.
fn solved_line() -> String {
    run(&["sudoku", "solve", "--format", "line"], LINE)
        .1
        .trim()
        .to_string()
}

/// Whether `answer` (81 characters) keeps every clue of `puzzle`.
fn keeps_clues(puzzle: &str, answer: &str) -> bool {
    answer.len() == 81
        && puzzle
            .chars()
            .zip(answer.chars())
            .all(|(p, a)| p == '.' || p == '0' || p == a)
}

#[test]
fn a_nine_line_grid_is_solved_as_nine_lines_starting_534678912() {
    let (code, out, _) = run(&["sudoku", "solve"], GRID);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], "534678912");
    assert!(keeps_clues(&GRID.replace('\n', ""), &lines.concat()));
}

#[test]
fn each_input_form_gets_the_same_answer_in_its_own_form() {
    let answer = solved_line();
    let (_, line_out, _) = run(&["sudoku", "solve"], LINE);
    assert_eq!(line_out.trim(), answer);

    let rows: Vec<String> = GRID.lines().map(|r| format!("\"{r}\"")).collect();
    let (_, json_out, _) = run(&["sudoku", "solve"], &format!("[{}]", rows.join(", ")));
    let json: Vec<String> = serde_json::from_str(&json_out).unwrap();
    assert_eq!(json.concat(), answer);

    let cells: Vec<String> = GRID
        .lines()
        .map(|r| {
            format!(
                "[{}]",
                r.chars()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    let (_, leetcode_out, _) = run(&["sudoku", "solve"], &format!("[{}]", cells.join(",")));
    let leetcode: Vec<Vec<String>> = serde_json::from_str(&leetcode_out).unwrap();
    assert_eq!(leetcode.concat().concat(), answer);
}

#[test]
fn pretty_output_reads_back_as_input() {
    let (_, pretty, _) = run(&["sudoku", "solve", "--format", "pretty"], LINE);
    assert!(pretty.contains(" | ") && pretty.contains("------+"));
    let (code, again, _) = run(&["sudoku", "solve", "--format", "line"], &pretty);
    assert_eq!(code, 0);
    assert_eq!(again.trim(), solved_line());
}

#[test]
fn the_json_rows_puzzle_is_solved_from_957214386_to_648923157() {
    let (code, out, _) = run(&["sudoku", "solve"], ROWS_JSON);
    assert_eq!(code, 0);
    let rows: Vec<String> = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (rows[0].as_str(), rows[8].as_str()),
        ("957214386", "648923157")
    );
}

#[test]
fn check_names_both_cells_of_a_repeated_digit_and_exits_1() {
    let bad = format!("{}5", &LINE[..80]);
    let (code, out, _) = run(&["sudoku", "check"], &bad);
    assert_eq!(code, 1);
    assert!(
        out.contains("digit 5 twice in column 9: r8c9 and r9c9"),
        "{out}"
    );
    assert!(
        out.contains("digit 5 twice in box 9: r8c9 and r9c9"),
        "{out}"
    );
}

#[test]
fn check_accepts_a_valid_partial_grid() {
    let (code, out, _) = run(&["sudoku", "check"], LINE);
    assert_eq!(code, 0);
    assert_eq!(out, "line 1: valid, 51 empty cells\n");
}

#[test]
fn a_letter_in_a_line_exits_2_naming_line_and_column() {
    let bad = format!("{}\n{}x{}\n", LINE, &LINE[..16], &LINE[17..]);
    for verb in ["check", "solve", "count"] {
        let (code, _, err) = run(&["sudoku", verb], &bad);
        assert_eq!(code, 2, "{verb}");
        assert!(
            err.contains("line 2, column 17 (r2c8): found 'x'"),
            "{verb}: {err}"
        );
    }
}

#[test]
fn count_says_multiple_for_a_puzzle_with_two_solutions() {
    // The first 16 clues of a solvable puzzle: still solvable, and no Sudoku
    // with fewer than 17 clues has a unique solution (McGuire et al., 2012).
    let sixteen: String = {
        let mut kept = 0;
        LINE.chars()
            .map(|c| {
                if c != '.' && kept < 16 {
                    kept += 1;
                    c
                } else {
                    '.'
                }
            })
            .collect()
    };
    let (code, out, _) = run(&["sudoku", "count"], &sixteen);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("line 1: multiple: at least 2 solutions"),
        "{out}"
    );
}

#[test]
fn count_of_the_empty_grid_stops_at_the_limit_and_says_it_is_a_lower_bound() {
    let (code, out, _) = run(&["sudoku", "count", "--limit", "1000"], &".".repeat(81));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "line 1: multiple: at least 1000 solutions (stopped at --limit 1000)\n"
    );
}

#[test]
fn count_of_a_unique_puzzle_exits_0() {
    let (code, out, _) = run(&["sudoku", "count"], LINE);
    assert_eq!((code, out.as_str()), (0, "line 1: unique: 1 solution\n"));
}

#[test]
fn node_budget_and_timeout_stop_the_search_with_a_lower_bound() {
    let (code, out, _) = run(
        &[
            "sudoku",
            "count",
            "--strategy",
            "reading-order",
            "--max-nodes",
            "50",
        ],
        &".".repeat(81),
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "line 1: unknown: at least 0 solutions (stopped: node budget of 50 spent)\n"
    );
    let (code, out, _) = run(
        &[
            "sudoku",
            "count",
            "--limit",
            "100000000",
            "--timeout",
            "50ms",
        ],
        &".".repeat(81),
    );
    assert_eq!(code, 1);
    assert!(out.contains("(stopped: timeout after"), "{out}");
}

#[test]
fn an_unsolvable_puzzle_is_reported_not_crashed_on() {
    let unsolvable = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let (code, out, err) = run(&["sudoku", "solve"], &unsolvable);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err, "line 1: no solution\n");
    let conflicting = format!("55{}", ".".repeat(79));
    let (code, _, err) = run(&["sudoku", "solve"], &conflicting);
    assert_eq!(code, 1);
    assert!(
        err.contains("the clues break the rules: digit 5 twice in row 1: r1c1 and r1c2"),
        "{err}"
    );
}

#[test]
fn unique_refuses_a_puzzle_with_several_solutions() {
    let (code, out, err) = run(&["sudoku", "solve", "--unique"], &".".repeat(81));
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("not unique"), "{err}");
}

/// A batch of puzzles derived from LeetCode 37 by relabelling digits, so
/// each has its own answer.
fn relabelled_batch(count: usize) -> Vec<String> {
    (0..count)
        .map(|k| {
            LINE.chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) => char::from_digit((d - 1 + k as u32) % 9 + 1, 10).unwrap(),
                    None => c,
                })
                .collect()
        })
        .collect()
}

#[test]
fn output_order_equals_input_order_with_threads() {
    let puzzles = relabelled_batch(700);
    let input = puzzles.join("\n");
    let (code, single, _) = run(&["sudoku", "solve"], &input);
    assert_eq!(code, 0);
    let (code, parallel, _) = run(&["sudoku", "solve", "--threads", "2"], &input);
    assert_eq!(code, 0);
    assert_eq!(single, parallel);
    let answers: Vec<&str> = parallel.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (puzzle, answer) in puzzles.iter().zip(answers) {
        assert!(keeps_clues(puzzle, answer));
    }
}

#[test]
fn a_file_longer_than_a_chunk_keeps_every_record_in_order() {
    let puzzles = relabelled_batch(700); // chunks of 256 on one thread
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let path = dir.join("batch.txt");
    std::fs::write(&path, puzzles.join("\n")).unwrap();
    let file = path.to_str().unwrap();
    let (code, from_file, _) = run(&["sudoku", "solve", file], "");
    let (_, from_pipe, _) = run(&["sudoku", "solve"], &puzzles.join("\n"));
    // The file as stdin (`< batch.txt`), also read a chunk at a time.
    let redirected = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(["sudoku", "solve"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    assert_eq!(code, 0);
    assert_eq!(from_file, from_pipe);
    assert_eq!(String::from_utf8(redirected.stdout).unwrap(), from_pipe);
    assert_eq!(from_file.lines().count(), puzzles.len());
}

/// A program feeding puzzles through a pipe gets each answer before it
/// sends the next puzzle (and before closing its end).
#[test]
fn stdin_answers_each_puzzle_before_reading_the_next() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(["sudoku", "solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (done, finished) = std::sync::mpsc::channel();
    let talker = std::thread::spawn(move || {
        for puzzle in relabelled_batch(3) {
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            let mut answer = String::new();
            stdout.read_line(&mut answer).unwrap();
            assert!(keeps_clues(&puzzle, answer.trim()), "{answer:?}");
        }
        done.send(()).unwrap();
    });
    // Waiting for an answer that never comes fails instead of hanging.
    let answered = finished.recv_timeout(std::time::Duration::from_secs(30));
    if answered.is_err() {
        child.kill().unwrap();
    }
    talker.join().unwrap();
    assert!(answered.is_ok(), "no answer before the next puzzle");
    assert!(child.wait().unwrap().success());
}

#[test]
fn bad_lines_in_the_middle_of_a_batch_are_reported_and_the_rest_solved() {
    let puzzles = relabelled_batch(5);
    let mut input = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        writeln!(input, "{puzzle}").unwrap();
        if k == 1 {
            writeln!(input, "{}", &puzzle[..70]).unwrap(); // line 3
            writeln!(input, "{}?{}", &puzzle[..40], &puzzle[41..]).unwrap(); // line 4
        }
    }
    for threads in ["1", "2"] {
        let (code, out, err) = run(&["sudoku", "solve", "--threads", threads], &input);
        assert_eq!(code, 2);
        assert_eq!(out.lines().count(), 5);
        assert!(err.contains("line 3: found 70 cells, expected 81"), "{err}");
        assert!(err.contains("line 4, column 41 (r5c5): found '?'"), "{err}");
    }
}

#[test]
fn jsonl_has_one_record_per_input_record_including_bad_ones() {
    let input = format!("{LINE}\n{}\n{}\n", &LINE[..9], ".".repeat(81));
    let (code, out, _) = run(
        &[
            "sudoku", "solve", "--format", "jsonl", "--stats", "--unique",
        ],
        &input,
    );
    assert_eq!(code, 2);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "error", "not_unique"]);
    assert_eq!(records[0]["solution"].as_str().unwrap(), solved_line());
    assert!(records[0]["nodes"].as_u64().unwrap() >= 1);
    assert_eq!(records[1]["line"], 2);
}

#[test]
fn verify_prints_a_summary_line() {
    let input = format!("{LINE}\n{}\n", relabelled_batch(2)[1]);
    let (code, _, err) = run(&["sudoku", "solve", "--verify"], &input);
    assert_eq!(code, 0);
    assert_eq!(err, "2 solved, 0 failed\n");
}

#[test]
fn a_missing_file_exits_2_and_names_it() {
    let (code, _, err) = run(&["sudoku", "solve", "no/such/file.txt"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("no/such/file.txt: cannot read:"), "{err}");
}

#[test]
fn an_unknown_strategy_is_a_usage_error() {
    let (code, _, err) = run(&["sudoku", "solve", "--strategy", "magic"], LINE);
    assert_eq!(code, 2);
    assert!(
        err.contains("expected one of: reading-order, mrv, propagate"),
        "{err}"
    );
}

#[test]
fn every_strategy_gives_the_same_answer() {
    let answers: Vec<String> = ["reading-order", "mrv", "propagate", "dlx"]
        .iter()
        .map(|strategy| run(&["sudoku", "solve", "--strategy", strategy], LINE).1)
        .collect();
    assert!(answers.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn bench_reports_speed_and_guesses_for_a_file() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, relabelled_batch(20).join("\n")).unwrap();
    gridsolve()
        .args(["sudoku", "bench", "--repeat-secs", "0"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("puzzles/s").and(predicate::str::contains("20/0/0")));
    let output = gridsolve()
        .args([
            "sudoku",
            "bench",
            "--repeat-secs",
            "0",
            "--format",
            "json",
            "--limit",
            "1",
        ])
        .arg(&file)
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let reports: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 2);
    for report in reports {
        assert_eq!(report["puzzles"], 20);
        assert_eq!(report["threads"], 1);
        assert_eq!(report["limit"], 1);
        for field in [
            "puzzles_per_sec",
            "us_per_puzzle",
            "guesses_per_puzzle",
            "no_guess_pct",
            "end_to_end_puzzles_per_sec",
        ] {
            assert!(report[field].as_f64().unwrap() >= 0.0, "{field}");
        }
        let pct = report["no_guess_pct"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&pct));
    }
}

#[test]
fn the_bundled_examples_solve() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sudoku/");
    for name in [
        "leetcode37.txt",
        "leetcode37.json",
        "rows.json",
        "batch.txt",
    ] {
        gridsolve()
            .args(["sudoku", "solve", "--verify"])
            .arg(format!("{root}{name}"))
            .assert()
            .success();
    }
}

#[test]
fn the_dlx_strategy_gives_the_same_answer_and_counts() {
    assert_eq!(
        run(&["sudoku", "solve", "--strategy", "dlx"], LINE).1,
        run(&["sudoku", "solve"], LINE).1
    );
    let (code, out, _) = run(
        &["sudoku", "count", "--strategy", "dlx", "--limit", "1000"],
        &".".repeat(81),
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "line 1: multiple: at least 1000 solutions (stopped at --limit 1000)\n"
    );
}

/// With several inputs, every line of text a record gets on stdout names
/// its input first, as `grep` does (stdin as `stdin`), so that the records
/// of two files starting on the same line can be told apart; with one
/// input the lines are as they were. Every verb that writes `line N:`.
#[test]
fn text_records_of_several_inputs_name_their_input() {
    let first = common::temp_file(format!("# a comment\n{LINE}\n"));
    let second = common::temp_file(GRID);
    let (first, second) = (
        first.path().to_str().unwrap(),
        second.path().to_str().unwrap(),
    );
    for verb in ["count", "check", "hint", "explain", "rate"] {
        let (code, stdout, stderr) = run(&["sudoku", verb, first, "-", second], LINE);
        assert_eq!(code, 0, "{verb}: {stderr}");
        let starts: Vec<&str> = stdout
            .lines()
            .filter(|line| line.contains("line "))
            .filter_map(|line| line.split_once(": line ").map(|(input, _)| input))
            .collect();
        let records = stdout
            .lines()
            .filter(|line| line.contains("line 1:") || line.contains("line 2:"))
            .count();
        assert!(records >= 3, "{verb}: {stdout}");
        assert_eq!(
            starts.len(),
            records,
            "{verb}: a record line without its input: {stdout}"
        );
        let mut inputs = starts.clone();
        inputs.dedup();
        assert_eq!(inputs, [first, "stdin", second], "{verb}: {stdout}");
        // Each file's record starts where that file has it.
        assert!(
            stdout.contains(&format!("{first}: line 2: ")),
            "{verb}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("{second}: line 1: ")),
            "{verb}: {stdout}"
        );

        let (code, stdout, stderr) = run(&["sudoku", verb, first], "");
        assert_eq!(code, 0, "{verb}: {stderr}");
        assert!(
            stdout.lines().any(|line| line.starts_with("line 2: ")),
            "{verb}: {stdout}"
        );
        assert!(!stdout.contains(first), "{verb}: {stdout}");
    }
}
