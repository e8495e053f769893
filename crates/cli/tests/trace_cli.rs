//! `--trace` on every verb that takes it: where the trace and the answers
//! go, the acceptance examples, the budget, and the errors.

mod common;

use common::{run, table_rows};
use std::path::PathBuf;

const TWO_BLANKS: &str =
    "53..78912672195348198342567859761423426853791713924856961537284287419635345286179\n";
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn queens_list_4_mermaid_has_the_textbook_tree() {
    let (code, trace, answers) = run(&["queens", "list", "4", "--trace", "mermaid"], "");
    assert_eq!(code, 0, "{answers}");
    assert!(trace.starts_with("graph TD\n"));
    let nodes = trace.lines().filter(|line| line.contains("[\"")).count();
    assert_eq!(nodes, 17);
    let solutions = trace
        .lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("class ")?
                .strip_suffix(" solution")
        })
        .unwrap();
    assert_eq!(solutions.split(',').count(), 2);
    assert!(trace.contains("n0 -->|\"row 0, col 0\"| n1"));
    // The boards went to stderr, both of them.
    assert_eq!(answers.matches('Q').count(), 8, "{answers}");
}

#[test]
fn sudoku_two_blank_dry_run_table() {
    let (code, trace, answers) = run(
        &[
            "sudoku",
            "solve",
            "--strategy",
            "reading-order",
            "--trace",
            "table",
        ],
        TWO_BLANKS,
    );
    assert_eq!(code, 0, "{answers}");
    let rows = table_rows(&trace);
    assert_eq!(rows[1], ["1", "0", "r1c3 (0,2)", "4", "place 4"]);
    assert_eq!(rows[2], ["2", "1", "r1c4 (0,3)", "6", "place 6"]);
    assert_eq!(rows[3], ["3", "2", "-", "-", "no empty cell: solved"]);
    assert_eq!(answers.trim(), SOLVED);
}

#[test]
fn trace_out_keeps_answers_on_stdout() {
    let scratch = tempfile::tempdir().unwrap();
    let path: PathBuf = scratch.path().join("trace.dot");
    let (code, out, _) = run(
        &[
            "sudoku",
            "count",
            "--trace",
            "dot",
            "--trace-out",
            path.to_str().unwrap(),
        ],
        TWO_BLANKS,
    );
    assert_eq!(code, 0);
    assert_eq!(out, "line 1: unique: 1 solution\n");
    let trace = std::fs::read_to_string(&path).unwrap();
    assert!(trace.starts_with("digraph search {"), "{trace}");
    assert!(trace.trim_end().ends_with('}'));
}

#[test]
fn every_strategy_and_format_traces() {
    for strategy in ["reading-order", "mrv", "propagate", "dlx", "bitboard"] {
        for format in ["mermaid", "dot", "json", "table"] {
            let (code, trace, answers) = run(
                &["sudoku", "solve", "--strategy", strategy, "--trace", format],
                TWO_BLANKS,
            );
            assert_eq!(code, 0, "{strategy} {format}: {answers}");
            assert!(!trace.is_empty(), "{strategy} {format}");
            assert_eq!(answers.trim(), SOLVED, "{strategy} {format}");
        }
    }
}

#[test]
fn the_limit_truncates_and_says_so() {
    let (code, trace, _) = run(
        &[
            "queens",
            "count",
            "8",
            "--trace",
            "json",
            "--trace-limit",
            "10",
        ],
        "",
    );
    assert_eq!(code, 0);
    let chosen = trace.matches("\"event\":\"choose\"").count();
    assert_eq!(chosen, 10);
    let last: serde_json::Value = serde_json::from_str(trace.lines().last().unwrap()).unwrap();
    assert_eq!(last["event"], "truncated");
    assert!(last["left_out"].as_u64().unwrap() > 1000);
}

#[test]
fn traced_queens_counts_are_the_counts() {
    for (args, expected) in [
        (&["queens", "count", "6", "--trace", "json"][..], "4"),
        (
            &["queens", "count", "8", "--unique", "--trace", "table"][..],
            "12",
        ),
    ] {
        let (code, _, answers) = run(args, "");
        assert_eq!(code, 0);
        assert_eq!(answers.trim(), expected, "{args:?}");
    }
    let (code, trace, answers) = run(&["queens", "one", "6", "--trace", "table"], "");
    assert_eq!(code, 0);
    assert_eq!(answers.matches('Q').count(), 6);
    assert!(trace.contains("all rows placed: solution"));
}

#[test]
fn cover_traces_name_items_and_options() {
    let problem = "a b c\na b\nc\nb c\na\n";
    let (code, trace, answers) = run(&["cover", "count", "--trace", "table"], problem);
    assert_eq!(code, 0);
    assert_eq!(answers.trim(), "2");
    assert!(trace.contains("place a b"), "{trace}");
    assert!(trace.contains("every primary item covered: solution"));
    let (code, trace, answers) = run(&["cover", "solve", "--trace", "mermaid"], problem);
    assert_eq!(code, 0);
    assert!(answers.starts_with("a b\nc\n"), "{answers}");
    assert!(trace.contains("n0 -->|\"a b\"| n1"), "{trace}");
}

#[test]
fn only_the_first_puzzle_of_a_batch_is_traced() {
    let batch = format!("{TWO_BLANKS}{TWO_BLANKS}");
    let (code, trace, messages) = run(&["sudoku", "solve", "--trace", "json"], &batch);
    assert_eq!(code, 0);
    assert_eq!(trace.matches("\"event\":\"solution\"").count(), 1);
    assert!(messages.contains("line 2: not traced"), "{messages}");
    assert_eq!(messages.matches(SOLVED).count(), 2, "{messages}");
}

#[test]
fn trace_errors_are_usage_errors() {
    let (code, _, message) = run(
        &["sudoku", "solve", "--trace", "table", "--threads", "2"],
        TWO_BLANKS,
    );
    assert_eq!(code, 2);
    assert!(message.contains("--threads"), "{message}");
    let (code, _, message) = run(&["queens", "one", "40", "--trace", "table"], "");
    assert_eq!(code, 2);
    assert!(message.contains("up to 32"), "{message}");
    let (code, _, message) = run(&["queens", "list", "4", "--trace-limit", "5"], "");
    assert_eq!(code, 2);
    assert!(message.contains("--trace"), "{message}");
    let (code, _, message) = run(&["queens", "list", "4", "--trace", "svg"], "");
    assert_eq!(code, 2);
    assert!(message.contains("mermaid"), "{message}");
}
