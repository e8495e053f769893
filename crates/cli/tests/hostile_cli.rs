//! The defects a hostile test of the binary found (malformed and huge
//! inputs, signals, closed outputs, extreme options), one test each: every
//! record accounted for, no panic, every search cancellable, the same
//! meaning under the same exit code, messages that say where and what.

mod common;

use common::{gridsolve, run, run_bytes, temp_file};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The lines of `out` that are 81-digit answers.
fn answers(out: &str) -> usize {
    out.lines()
        .filter(|line| line.len() == 81 && line.bytes().all(|b| b.is_ascii_digit()))
        .count()
}

#[test]
fn a_stray_bracket_costs_one_record_not_the_rest_of_the_input() {
    let (code, out, err) = run(&["sudoku", "solve"], &format!("[\n{PUZZLE}\n{PUZZLE}\n"));
    assert_eq!((code, answers(&out)), (2, 2), "{err}");
    assert!(err.starts_with("line 1: JSON record never closes"), "{err}");
    // More than the 64 KiB a JSON record may span follows the bracket.
    let many = 1000;
    let input = format!("[\n{}", format!("{PUZZLE}\n").repeat(many));
    let (code, out, err) = run(&["sudoku", "solve", "--format", "jsonl"], &input);
    let statuses: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!((code, statuses.len()), (2, many + 1), "{err}");
    assert_eq!(statuses[0]["status"], "error");
    for (index, record) in statuses[1..].iter().enumerate() {
        assert_eq!(record["status"], "solved");
        assert_eq!(record["line"], index + 2);
    }
    // A line of 70,000 brackets is one record, and the next line another.
    let input = format!("{}\n{PUZZLE}\n", "[".repeat(70_000));
    let (code, out, err) = run(&["sudoku", "solve"], &input);
    assert_eq!((code, answers(&out)), (2, 1), "{err}");
    assert!(err.contains("line 1: line of 70001 bytes"), "{err}");
}

#[test]
fn an_invalid_byte_is_an_error_of_its_record_only() {
    let mut input = format!("{PUZZLE}\n").repeat(3).into_bytes();
    input.extend_from_slice(b"ab\xffcd\n");
    input.extend_from_slice(format!("{PUZZLE}\n").repeat(5).as_bytes());
    for verb in ["solve", "check", "count"] {
        let (code, out, err) = run_bytes(&["sudoku", verb, "--format", "jsonl"], &input);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!((code, lines.len()), (2, 9), "{verb}: {err}");
        assert_eq!(lines[3]["status"], "error", "{verb}");
        assert_eq!(
            lines[3]["message"], "line 4, column 3: invalid UTF-8 byte 0xFF, expected text",
            "{verb}"
        );
        let numbers: Vec<_> = lines.iter().map(|line| line["line"].clone()).collect();
        assert_eq!(numbers, (1..=9).collect::<Vec<_>>(), "{verb}");
    }
    let file = temp_file(&input);
    let path = file.path().to_str().unwrap();
    let (code, out, err) = run(&["sudoku", "bench", "--repeat-secs", "0", path], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 4, column 3: invalid UTF-8"), "{err}");
    let row = out.lines().nth(1).unwrap();
    assert_eq!(row.split_whitespace().nth(1), Some("8"), "{out}");
}

/// CodinGame's Killer form of an empty grid with one cage per row.
fn killer_rows(sums: &str) -> String {
    let letters = "abcdefghi";
    let mut text = String::new();
    for letter in letters.chars() {
        text.push_str(&format!(
            ".........{}{}\n",
            ' ',
            letter.to_string().repeat(9)
        ));
    }
    text.push_str(sums);
    text.push('\n');
    text
}

#[test]
fn a_killer_cage_letter_with_two_sums_is_named() {
    let good = "a=45 b=45 c=45 d=45 e=45 f=45 g=45 h=45 i=45";
    let (code, _, err) = run(
        &["sudoku", "count", "--variant", "killer"],
        &killer_rows(good),
    );
    assert_ne!(code, 2, "{err}");
    let twice = format!("{good} a=13");
    let (code, out, err) = run(
        &["sudoku", "solve", "--variant", "killer"],
        &killer_rows(&twice),
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("cage a has a second sum (a=45, then a=13)"),
        "{err}"
    );
}

#[test]
fn a_json_document_keeps_its_symbols_and_its_fields_agree() {
    let letters = r#"{"symbols": "WXYZ", "givens": ["W...", "..W.", ".W..", "...."]}"#;
    let (code, out, err) = run(&["sudoku", "solve", "--variant", "json"], letters);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<String> = serde_json::from_str(&out).unwrap();
    assert_eq!(rows.len(), 4);
    for row in &rows {
        let mut symbols: Vec<char> = row.chars().collect();
        symbols.sort_unstable();
        assert_eq!(symbols, ['W', 'X', 'Y', 'Z'], "{out}");
    }
    assert!(rows[0].starts_with('W') && rows[1][2..].starts_with('W'));
    // A conflict names the symbol as the puzzle writes it.
    let clash = r#"{"symbols": "WXYZ", "givens": ["WW..", "....", "....", "...."]}"#;
    let (code, _, err) = run(&["sudoku", "check", "--variant", "json"], clash);
    assert_eq!(code, 1, "{err}");
    let (_, out, _) = run(&["sudoku", "check", "--variant", "json"], clash);
    assert_eq!(
        out,
        "line 1: invalid, 2 conflicts\n  given W at r1c2 breaks row 1\n  given W at r1c2 breaks box 1\n"
    );
    let contradictions = [
        (
            r#"{"box": [3, 3], "size": 4}"#,
            r#""box" [3, 3] makes a grid of side 9, but "size" is 4"#,
        ),
        (
            r#"{"size": 9, "givens": ["1...", "....", "....", "...."]}"#,
            r#""givens" make a 4×4 grid, but "size" makes it 9×9"#,
        ),
        (
            r#"{"size": 4, "symbols": "AB"}"#,
            r#"the alphabet "AB" has 2 symbols, a 4×4 grid needs 4"#,
        ),
        (
            r#"{"units": [["r1c1", true]]}"#,
            r#"a cell as a name such as "r1c1" or a 0-based index"#,
        ),
    ];
    for (document, message) in contradictions {
        let (code, out, err) = run(&["sudoku", "solve", "--variant", "json"], document);
        assert_eq!((code, out.as_str()), (2, ""), "{document}");
        assert!(err.contains(message), "{document}: {err}");
    }
}

#[test]
fn a_short_alphabet_is_an_error_not_a_panic() {
    let grid = "1...\n....\n....\n....\n";
    for verb in ["solve", "check", "count"] {
        for alphabet in ["12", ""] {
            let args = ["sudoku", verb, "--variant", "grid", "--symbols", alphabet];
            let (code, _, err) = run(&args, grid);
            assert_eq!(code, 2, "{verb} {alphabet:?}: {err}");
            assert!(err.contains("a 4×4 grid needs 4"), "{err}");
        }
    }
    let (code, _, err) = run(
        &["sudoku", "solve", "--variant", "json"],
        r#"{"symbols": "ABC", "givens": "A..............."}"#,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("has 3 symbols, a 4×4 grid needs 4"), "{err}");
}

#[test]
fn variant_givens_that_break_a_unit_have_no_solution_as_classic_ones() {
    let classic = format!("11{}", ".".repeat(79));
    let (classic_code, _, _) = run(&["sudoku", "solve"], &classic);
    let variant = "11..\n....\n....\n....\n";
    for verb in ["solve", "count"] {
        let (code, out, err) = run(&["sudoku", verb, "--variant", "grid"], variant);
        assert_eq!(code, classic_code, "{verb}: {err}");
        assert_eq!(code, 1);
        assert!(
            err.contains("the givens break the rules: given 1 at r1c2 breaks row 1"),
            "{err}"
        );
        if verb == "count" {
            assert_eq!(out, "line 1: none: no solution\n");
        }
    }
}

/// Runs `gridsolve ARGS`, sends it SIGINT after 300 ms, and returns its
/// exit code and stdout, or fails if it goes on (a liveness bound, not a
/// timing claim: without the cancel flag these run for hours).
fn interrupted(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let give_up = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > give_up {
            child.kill().unwrap();
            panic!("{args:?} went on after SIGINT");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn ctrl_c_stops_every_kind_of_search_with_a_lower_bound() {
    let empty = temp_file(".".repeat(81));
    let empty = empty.path().to_str().unwrap();
    let (_, queens_20, _) = run(&["cover", "emit", "queens", "20"], "");
    let queens_20 = temp_file(queens_20);
    let queens_20 = queens_20.path().to_str().unwrap();
    let limit = "1000000000";
    let counts: [&[&str]; 6] = [
        &["sudoku", "count", "--variant", "x", "--limit", limit, empty],
        &[
            "sudoku",
            "count",
            "--strategy",
            "reading-order",
            "--limit",
            limit,
            empty,
        ],
        &[
            "sudoku",
            "count",
            "--strategy",
            "dlx",
            "--limit",
            limit,
            empty,
        ],
        &["sudoku", "count", "--limit", limit, empty],
        &["queens", "count", "20"],
        &["cover", "count", queens_20],
    ];
    for args in counts {
        let (code, out, err) = interrupted(args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(out.contains("at least"), "{args:?}: {out}");
        assert!(
            err.contains("interrupted") || err.contains("cancelled") || out.contains("interrupted"),
            "{args:?}: {err}"
        );
    }
}

/// `sudoku bench` over a search that would run for hours (every solution
/// of an empty 16×16 grid, up to a billion) stops at Ctrl-C, says so, and
/// prints no figures.
#[test]
fn ctrl_c_stops_a_bench() {
    let empty = temp_file(".".repeat(256));
    let args = [
        "sudoku",
        "bench",
        "--limit",
        "1000000000",
        empty.path().to_str().unwrap(),
    ];
    let (code, out, err) = interrupted(&args);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out.lines().count(), 1, "the table's head only: {out}");
    assert!(err.contains("interrupted (Ctrl-C), no figures"), "{err}");
}

#[test]
fn a_directory_is_not_a_file_of_records() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = gridsolve()
        .args(["sudoku", "solve"])
        .arg(dir.path())
        .output()
        .map(|o| {
            (
                o.status.code().unwrap(),
                String::from_utf8(o.stdout).unwrap(),
                String::from_utf8(o.stderr).unwrap(),
            )
        })
        .unwrap();
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("is a directory"), "{err}");
}

/// Starts `gridsolve ARGS` with stdout going to `stdout`, closes that end
/// at once if `close_stdout` (a reader that goes away, as `| true` does),
/// feeds it `input`; returns the exit code and stderr.
fn run_into(
    args: &[&str],
    input: &str,
    stdout: Stdio,
    close_stdout: bool,
) -> (Option<i32>, String) {
    use std::io::Write;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if close_stdout {
        drop(child.stdout.take());
    }
    let mut stdin = child.stdin.take().unwrap();
    // The command may exit before reading its input: a failed write here
    // is no failure of the test.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_closed_or_full_output_ends_the_run_without_a_panic() {
    let puzzles = temp_file(format!("{PUZZLE}\n").repeat(50));
    let puzzles = puzzles.path().to_str().unwrap();
    let (_, units, _) = run(&["queens", "split", "8", "--depth", "2"], "");
    let (_, results, _) = run(&["queens", "run-task"], &units);
    let commands: [(&[&str], &str); 6] = [
        (&["queens", "count", "12"], ""),
        (&["queens", "merge"], &results),
        (&["queens", "bench", "9", "--runs", "1"], ""),
        (&["sudoku", "bench", "--repeat-secs", "0", puzzles], ""),
        (&["queens", "one", "100000", "--format", "cols"], ""),
        (
            &["sudoku", "check", "--variant", "grid"],
            "1...\n....\n....\n....\n",
        ),
    ];
    for (args, input) in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, err) = run_into(args, input, Stdio::from(full), false);
        assert_eq!(code, Some(2), "{args:?} > /dev/full: {err}");
        assert!(
            err.contains("cannot write output: No space left"),
            "{args:?}: {err}"
        );
        let (code, err) = run_into(args, input, Stdio::piped(), true);
        assert_eq!(code, Some(0), "{args:?} | true: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_drawn_pentomino_board_wider_than_36_is_refused_like_a_sized_one() {
    let wide = temp_file(format!("{}\n", ".".repeat(37)).repeat(2));
    let args = ["cover", "emit", "pentomino", "--board-file"];
    let (code, out, err) = run(&[&args[..], &[wide.path().to_str().unwrap()]].concat(), "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("a board of 2×37: each side must be 1 to 36"),
        "{err}"
    );
    let (code, _, err) = run(&["cover", "emit", "pentomino", "--board", "37x2"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("a board of 37×2: each side must be 1 to 36"),
        "{err}"
    );
}

#[test]
fn one_huge_board_streams_its_columns_in_flat_memory() {
    // Under a 60 MB address-space limit: the whole placement (40 MB of
    // columns, then 80 MB of text) cannot be held, the stream can.
    let bin = assert_cmd::cargo::cargo_bin("gridsolve");
    let output = Command::new("sh")
        .args([
            "-c",
            r#"ulimit -v 60000 && exec "$0" queens one 10000000 --format cols"#,
        ])
        .arg(&bin)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    let out = String::from_utf8(output.stdout).unwrap();
    let mut columns = out.split_ascii_whitespace();
    assert_eq!(columns.next(), Some("1"));
    assert_eq!(out.lines().count(), 1);
    assert_eq!(columns.count(), 10_000_000 - 1);
    assert!(out.ends_with(" 9999998\n"), "{}", &out[out.len() - 30..]);
    // n = 0 is a usage error, as for list and count.
    assert_eq!(run(&["queens", "one", "0"], "").0, 2);
}

#[test]
fn threads_beyond_four_per_cpu_are_refused() {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let too_many = (4 * cpus + 1).to_string();
    for args in [
        &["sudoku", "solve", "--threads", &too_many][..],
        &["queens", "count", "8", "--threads", &too_many],
        &["queens", "run-task", "--threads", &too_many],
    ] {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("threads (4 per CPU"), "{err}");
    }
    let most = (4 * cpus).to_string();
    let (code, out, _) = run(&["sudoku", "solve", "--threads", &most], PUZZLE);
    assert_eq!((code, answers(&out)), (0, 1));
}

#[test]
fn exact_cover_stays_linear_in_the_number_of_items() {
    // 200,000 items, each in an option of its own (every level has only
    // items of one option left), then all of them in one option. Both
    // were quadratic: a full scan of the items per level, and a repeat
    // check against every earlier item of an option. The count's own
    // timeout is generous; a count cut by it is a lower bound, not "1".
    let n = 200_000;
    let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let header = names.join(" ");
    let singletons = format!("{header}\n{}\n", names.join("\n"));
    let one_option = format!("{header}\n{header}\n");
    for problem in [singletons, one_option] {
        let (code, out, err) = run(&["cover", "count", "--timeout", "60s", "-"], &problem);
        assert_eq!((code, out.as_str()), (0, "1\n"), "{err}");
    }
}

#[test]
fn messages_say_where_and_what_without_misleading() {
    let grid_36 = format!("{}\n", ".".repeat(36)).repeat(36);
    let long_name = "x".repeat(1_000_000);
    let cases: [(&[&str], String, &str); 8] = [
        (
            &["sudoku", "solve", "--max-nodes", "0"],
            PUZZLE.to_string(),
            "invalid value '0' for '--max-nodes <N>'",
        ),
        (
            &["sudoku", "solve"],
            "53..7....\n6..195..\n".to_string(),
            "line 2: row 2 has 8 cells, expected 9",
        ),
        (
            &["sudoku", "solve", "--variant", "grid"],
            grid_36,
            "a 36×36 grid is outside the sizes handled, 4×4 to 25×25",
        ),
        (
            &["cover", "count", "-"],
            format!("a\n{long_name}\n"),
            "unknown item \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (1000000 characters)\"",
        ),
        (
            &["cover", "count", "-"],
            "a|b c\nc\n".to_string(),
            "item name \"a|b\" holds '|'",
        ),
        (
            &["sudoku", "bench", "--repeat-secs", "NaN", "-"],
            String::new(),
            "expected a number of seconds",
        ),
        (
            &["sudoku", "bench", "--repeat-secs=-1", "-"],
            String::new(),
            "expected a number of seconds",
        ),
        (&["queens", "one", "0"], String::new(), "0 is not in 1.."),
    ];
    for (args, input, message) in cases {
        let (code, _, err) = run(args, &input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(
            err.len() < 400,
            "{args:?}: a message of {} bytes",
            err.len()
        );
    }
    // A byte-order mark is no part of the first item's name.
    let (code, out, err) = run(&["cover", "count", "-"], "\u{feff}a b\na\nb\n");
    assert_eq!((code, out.as_str()), (0, "1\n"), "{err}");
    // One solution is one.
    let (_, _, err) = run(
        &["cover", "solve", "--max-nodes", "2", "-"],
        "a b\na\nb\nc\n",
    );
    assert!(!err.contains("1 solutions"), "{err}");
}

#[test]
fn records_of_several_files_name_their_file() {
    let first = temp_file(format!("{PUZZLE}\n"));
    let second = temp_file(format!("{PUZZLE}\nbad\n"));
    let paths = [
        first.path().to_str().unwrap(),
        second.path().to_str().unwrap(),
    ];
    let (code, out, _) = run(
        &["sudoku", "solve", "--format", "jsonl", paths[0], paths[1]],
        "",
    );
    assert_eq!(code, 2);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let places: Vec<(String, u64)> = records
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected =
        [(paths[0], 1), (paths[1], 1), (paths[1], 2)].map(|(file, line)| (file.to_string(), line));
    assert_eq!(places, expected);
    // Stdin has no file name to give.
    let (_, out, _) = run(&["sudoku", "count", "--format", "jsonl"], PUZZLE);
    assert!(out.starts_with(r#"{"line":1,"#), "{out}");
    // merge names the file and line of each result it refuses.
    let (_, units, _) = run(&["queens", "split", "6", "--depth", "2"], "");
    let (_, results, _) = run(&["queens", "run-task"], &units);
    let once = temp_file(&results);
    let again = temp_file(results.lines().next().unwrap());
    let args = [
        "queens",
        "merge",
        once.path().to_str().unwrap(),
        again.path().to_str().unwrap(),
    ];
    let (code, _, err) = run(&args, "");
    assert_eq!(code, 1, "{err}");
    let expected = format!(
        "{}: line 1: unit 0 (prefix [0, 2]) was already counted at {}: line 1",
        args[3], args[2]
    );
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn a_bad_byte_in_units_or_a_variant_file_is_located() {
    let (_, units, _) = run(&["queens", "split", "6", "--depth", "2"], "");
    let lines: Vec<&str> = units.lines().collect();
    let mut input = format!("{}\n", lines[0]).into_bytes();
    input.extend_from_slice(b"{\"n\": \xff}\n");
    input.extend_from_slice(lines[1..].join("\n").as_bytes());
    let (code, out, err) = run_bytes(&["queens", "run-task"], &input);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        out.lines().count(),
        lines.len(),
        "every good unit is counted"
    );
    assert!(err.starts_with("line 2: "), "{err}");

    let (code, _, err) = run_bytes(
        &["sudoku", "solve", "--variant", "grid"],
        b"1...\n.\xff..\n....\n....\n",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("line 2, column 2: invalid UTF-8 byte 0xFF"),
        "{err}"
    );
}

/// A byte-order mark (which some editors write first) is no part of any
/// input: each reads as it does without one, from a file or stdin.
#[test]
fn a_byte_order_mark_is_no_part_of_any_input() {
    let generated = |args: &[&str]| {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 0, "{err}");
        out
    };
    let grid16 = generated(&[
        "sudoku", "generate", "--size", "16", "--format", "grid", "--seed", "3",
    ]);
    let killer = generated(&[
        "sudoku", "generate", "--killer", "--size", "6", "--seed", "3",
    ]);
    for puzzle in [grid16, killer] {
        let marked = format!("\u{feff}{puzzle}");
        let file = temp_file(marked.clone());
        let expected = run(&["sudoku", "count"], &puzzle);
        assert_eq!(expected.0, 0, "{}", expected.2);
        assert_eq!(run(&["sudoku", "count"], &marked), expected);
        let (code, out, err) = run(&["sudoku", "count", file.path().to_str().unwrap()], "");
        assert_eq!((code, out), (0, expected.1), "{err}");
    }
    let rows = format!("*.....\n{}", "......\n".repeat(5));
    let board = temp_file(format!("\u{feff}{rows}"));
    let (code, out, err) = run(
        &[
            "queens",
            "count",
            "--blocked",
            board.path().to_str().unwrap(),
        ],
        "",
    );
    let plain = temp_file(rows);
    let expected = run(
        &[
            "queens",
            "count",
            "--blocked",
            plain.path().to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((code, out), (0, expected.1), "{err}");
    let units = generated(&["queens", "split", "--depth", "2", "8"]);
    let counted = generated(&["queens", "count", "8"]);
    let (code, results, err) = run(&["queens", "run-task"], &format!("\u{feff}{units}"));
    assert_eq!(code, 0, "{err}");
    let (code, merged, err) = run(&["queens", "merge"], &format!("\u{feff}{results}"));
    assert_eq!((code, merged), (0, counted), "{err}");
}
