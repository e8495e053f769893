//! `sudoku solve|count --variant FORM`: the variants issue's CLI
//! acceptance examples.

mod common;

use common::{in_letters, janko_of, line_statuses, named_temp_file, run, run_bytes, table_rows};
use std::collections::HashSet;
use std::path::PathBuf;

#[test]
fn the_empty_4x4_grid_counts_288() {
    let (code, out, _) = run(
        &["sudoku", "count", "--variant", "grid", "--limit", "1000"],
        "....\n....\n....\n....\n",
    );
    assert_eq!(code, 1, "more than one solution is not unique");
    assert_eq!(out, "line 1: multiple: 288 solutions\n");
}

/// LeetCode 37's answer, the planted grid of the Killer below.
const ANSWER: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A Killer whose cages are the 27 minirows of `ANSWER`, as CodinGame text
/// and as a JSON document.
fn minirow_killer() -> (String, String) {
    let digits: Vec<u32> = ANSWER.chars().map(|ch| ch.to_digit(10).unwrap()).collect();
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    let mut text = String::new();
    let mut sums = Vec::new();
    let mut cages = Vec::new();
    for row in 0..9 {
        let mut line = ".........".to_string();
        line.push(' ');
        for third in 0..3 {
            let cage = row * 3 + third;
            let cells: Vec<usize> = (0..3).map(|k| row * 9 + third * 3 + k).collect();
            let sum: u32 = cells.iter().map(|&cell| digits[cell]).sum();
            line.extend(std::iter::repeat_n(letters[cage], 3));
            sums.push(format!("{}={sum}", letters[cage]));
            let names: Vec<String> = cells
                .iter()
                .map(|&c| format!("\"r{}c{}\"", c / 9 + 1, c % 9 + 1))
                .collect();
            cages.push(format!(
                "{{\"cells\": [{}], \"sum\": {sum}}}",
                names.join(",")
            ));
        }
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&sums.join(" "));
    text.push('\n');
    (text, format!("{{\"cages\": [{}]}}", cages.join(",")))
}

#[test]
fn a_killer_in_json_and_in_text_gives_the_same_answer() {
    let (text, json) = minirow_killer();
    let text_file = named_temp_file("killer.txt", &text);
    let json_file = named_temp_file("killer.json", &json);
    let (code, from_text, message) = run(
        &[
            "sudoku",
            "solve",
            "--variant",
            "killer",
            text_file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{message}");
    // A file starting with `{` is read as the JSON document.
    let (code, from_json, message) = run(&["sudoku", "solve", json_file.to_str().unwrap()], "");
    assert_eq!(code, 0, "{message}");
    let rows: Vec<String> = serde_json::from_str(from_json.trim()).unwrap();
    assert_eq!(rows.join("\n"), from_text.trim());
    // The answer keeps every cage's sum and every row distinct.
    let digits: Vec<u32> = from_text.chars().filter_map(|ch| ch.to_digit(10)).collect();
    let expected: Vec<u32> = ANSWER.chars().map(|ch| ch.to_digit(10).unwrap()).collect();
    assert_eq!(digits.len(), 81);
    for cage in 0..27 {
        let cells = (0..3).map(|k| cage * 3 + k);
        let sum: u32 = cells.clone().map(|cell| digits[cell]).sum();
        assert_eq!(
            sum,
            cells.map(|cell| expected[cell]).sum::<u32>(),
            "cage {cage}"
        );
    }
    for row in digits.chunks(9) {
        assert_eq!(row.iter().collect::<HashSet<_>>().len(), 9);
    }
}

#[test]
fn a_two_cell_cage_summing_to_2_is_rejected_by_name() {
    let mut text = "......... aabbbbbbb\n".to_string();
    for _ in 0..8 {
        text.push_str("......... ccccccccc\n");
    }
    text.push_str("a=2 b=35 c=360\n");
    let (code, out, message) = run(&["sudoku", "solve", "--variant", "killer"], &text);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        message,
        "cage a: no 2 distinct values from 1 to 9 add up to 2\n"
    );
}

#[test]
fn the_killer_flag_reads_a_cage_list_as_well() {
    let (_, cages, _) = run(
        &[
            "sudoku", "generate", "--killer", "--size", "4", "--seed", "1",
        ],
        "",
    );
    let (code, flagged, _) = run(&["sudoku", "solve", "--variant", "killer"], &cages);
    let (auto_code, detected, _) = run(&["sudoku", "solve"], &cages);
    assert_eq!((code, auto_code), (0, 0));
    assert_eq!(flagged, detected);
    let (code, _, message) = run(
        &["sudoku", "solve", "--variant", "killer"],
        "3 r1c1 r1c2\n4 r1c2 r1c3\n",
    );
    assert_eq!(code, 2);
    assert!(
        message.contains("line 2, column 1: cages 1 and 2 overlap at r1c2"),
        "{message}"
    );
}

#[test]
fn a_16x16_letter_puzzle_round_trips_through_solve() {
    // The shifted-pattern grid of 4×4 boxes, with every third cell blank.
    let symbols: Vec<char> = "123456789ABCDEFG".chars().collect();
    let grid: Vec<Vec<char>> = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| symbols[(4 * (r % 4) + r / 4 + c) % 16])
                .collect()
        })
        .collect();
    let puzzle: Vec<String> = grid
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &ch)| if (r * 16 + c) % 3 == 0 { '.' } else { ch })
                .collect()
        })
        .collect();
    let (code, out, message) = run(
        &["sudoku", "solve", "--variant", "grid"],
        &puzzle.join("\n"),
    );
    assert_eq!(code, 0, "{message}");
    let answer: Vec<&str> = out.lines().collect();
    assert_eq!(answer.len(), 16);
    for (given, solved) in puzzle.iter().zip(&answer) {
        assert_eq!(solved.chars().count(), 16);
        assert!(solved.chars().all(|ch| symbols.contains(&ch)), "{solved}");
        assert_eq!(solved.chars().collect::<HashSet<_>>().len(), 16);
        assert!(given
            .chars()
            .zip(solved.chars())
            .all(|(g, s)| g == '.' || g == s));
    }
    // And the answer, read back as a puzzle, is complete and unique.
    let (code, out, _) = run(&["sudoku", "count", "--variant", "grid"], &out);
    assert_eq!((code, out.as_str()), (0, "line 1: unique: 1 solution\n"));
}

/// Every strategy works on every grid: the same count on a 4×4, and the
/// same answer for a Killer.
#[test]
fn every_strategy_means_the_same_on_variants() {
    for strategy in ["reading-order", "mrv", "propagate", "dlx", "bitboard"] {
        let args = [
            "sudoku",
            "count",
            "--variant",
            "grid",
            "--limit",
            "1000",
            "--strategy",
            strategy,
        ];
        let (code, out, err) = run(&args, "1...\n....\n....\n....\n");
        assert_eq!(
            (code, out.as_str()),
            (1, "line 1: multiple: 72 solutions\n"),
            "{strategy}: {err}"
        );
    }
}

#[test]
fn variant_errors_are_usage_errors() {
    let (code, _, message) = run(&["sudoku", "solve", "--variant", "grid"], "1..\n...\n..\n");
    assert_eq!(code, 2);
    assert!(
        message.contains("line 3, column 2: expected 3 cells in the row, as on line 1, found 2"),
        "{message}"
    );
}

#[test]
fn check_names_the_rule_a_given_breaks() {
    let (code, out, _) = run(
        &["sudoku", "check", "--variant", "grid"],
        "1...\n..1.\n.1..\n...1\n",
    );
    assert_eq!((code, out.as_str()), (0, "line 1: valid, 12 empty cells\n"));
    let (code, out, _) = run(&["sudoku", "check", "--variant", "x"], "1........\n.........\n.........\n...1.....\n.........\n.........\n.........\n.........\n.........\n");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "line 1: invalid, 1 conflict\n  given 1 at r4c4 breaks the diagonal r1c1-r9c9\n"
    );
    // Extra units are named by their shape: the other diagonal, a window.
    let cases = [
        ("x", [(0, 8), (8, 0)], "r9c1 breaks the diagonal r1c9-r9c1"),
        (
            "windoku",
            [(1, 1), (3, 3)],
            "r4c4 breaks the window r2c2-r4c4",
        ),
    ];
    for (variant, ones, breach) in cases {
        let mut grid = [['.'; 9]; 9];
        for (row, col) in ones {
            grid[row][col] = '1';
        }
        let text: String = grid
            .iter()
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect();
        let (code, out, _) = run(&["sudoku", "check", "--variant", variant], &text);
        assert_eq!(code, 1);
        assert_eq!(
            out,
            format!("line 1: invalid, 1 conflict\n  given 1 at {breach}\n")
        );
    }
    let (code, _, message) = run(&["sudoku", "check", "--variant", "grid"], "1..\n");
    assert_eq!(code, 2);
    assert!(message.contains("found 3 cells"), "{message}");
}

#[test]
fn a_4x4_grid_file_is_recognised_without_the_flag() {
    let file = named_temp_file("empty4.txt", "....\n....\n....\n....\n");
    let (code, out, _) = run(
        &["sudoku", "count", "--limit", "1000", file.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 1);
    assert!(out.ends_with(": multiple: 288 solutions\n"), "{out}");
}

/// A 4×4 dry run: the table on stdout, the answer on stderr. This puzzle
/// takes one guess and no dead end, so every placement in the table is
/// the answer's, and with the givens they fill the grid. A second input is
/// solved untraced and named.
#[test]
fn a_4x4_variant_search_is_drawn_as_a_dry_run_table() {
    let puzzle = "1..4\n..1.\n.1..\n4..1\n";
    let file = named_temp_file("traced4.txt", puzzle);
    let path = file.to_str().unwrap();
    let (code, table, answers) = run(
        &[
            "sudoku",
            "solve",
            "--variant",
            "grid",
            "--trace",
            "table",
            path,
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{answers}");
    let rows = table_rows(&table);
    assert_eq!(rows[0], ["step", "depth", "cell", "legal", "action"]);
    assert_eq!(rows.last().unwrap().last(), Some(&"no empty cell: solved"));
    let answer: Vec<char> = answers.lines().take(4).flat_map(str::chars).collect();
    let mut filled: Vec<bool> = puzzle
        .lines()
        .flat_map(str::chars)
        .map(|ch| ch != '.')
        .collect();
    for row in &rows[1..rows.len() - 1] {
        // "r1c2 (0,1)" and "place 2" or "forced 4".
        let (r, c) = row[2]
            .split_once('(')
            .unwrap()
            .1
            .trim_end_matches(')')
            .split_once(',')
            .unwrap();
        let cell = 4 * r.parse::<usize>().unwrap() + c.parse::<usize>().unwrap();
        let value = row[4].rsplit(' ').next().unwrap();
        assert_eq!(value, answer[cell].to_string(), "{row:?}");
        filled[cell] = true;
    }
    assert!(filled.iter().all(|&f| f), "{table}");
    assert!(
        answers.contains("not traced (--trace draws the first puzzle's search)"),
        "{answers}"
    );
}

#[test]
fn a_bad_variant_file_does_not_stop_the_others() {
    let first = common::temp_file("1...\n....\n....\n....\n");
    let bad = common::temp_file("1..\n");
    let last = common::temp_file("2...\n....\n....\n....\n");
    let paths: Vec<&str> = [&first, &bad, &last]
        .iter()
        .map(|file| file.path().to_str().unwrap())
        .collect();
    let solve = [
        &["sudoku", "solve", "--variant", "grid", "--verify"][..],
        &paths,
    ]
    .concat();
    let (code, out, err) = run(&solve, "");
    assert_eq!(code, 2, "{err}");
    // Two answers of four lines, set apart by a blank line.
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{out}");
    assert!(
        blocks[0].starts_with('1') && blocks[1].starts_with('2'),
        "{out}"
    );
    assert!(err.contains("found 3 cells"), "{err}");
    assert!(err.ends_with("2 solved, 1 failed\n"), "{err}");
    let count = [&["sudoku", "count", "--variant", "grid"][..], &paths].concat();
    let (code, out, _) = run(&count, "");
    assert_eq!((code, out.lines().count()), (2, 2), "{out}");
    let check = [&["sudoku", "check", "--variant", "grid"][..], &paths].concat();
    let (code, out, _) = run(&check, "");
    assert_eq!((code, out.lines().count()), (2, 2), "{out}");
}

#[test]
fn nine_by_nine_output_forms_are_refused_on_variants_not_ignored() {
    let grid = "1...\n....\n....\n....\n";
    for form in ["pretty", "line", "leetcode", "numbers"] {
        let args = ["sudoku", "solve", "--variant", "grid", "--format", form];
        let (code, out, err) = run(&args, grid);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains("applies to classic 9×9 records"), "{err}");
    }
}

/// `--format jsonl` on variants: one record a file, in order, each naming
/// its file, malformed and unreadable files included, as on 9×9 batches.
#[test]
fn jsonl_reports_every_variant_file_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let files = [
        write("open.txt", "1...\n..1.\n.1..\n...1\n"),
        write("broken.txt", "1..\n"),
        write("conflict.txt", "11..\n....\n....\n....\n"),
        dir.path().join("missing.txt").to_str().unwrap().to_string(),
        write("full.txt", "1234\n3412\n2143\n4321\n"),
    ];
    let expected = [
        ["solved", "multiple", "valid"],
        ["error", "error", "error"],
        ["no_solution", "none", "invalid"],
        ["error", "error", "error"],
        ["solved", "unique", "valid"],
    ];
    for (verb, column) in [("solve", 0), ("count", 1), ("check", 2)] {
        let mut args = vec!["sudoku", verb, "--format", "jsonl"];
        args.extend(files.iter().map(String::as_str));
        let (code, out, _) = run(&args, "");
        assert_eq!(code, 2, "{verb}: a malformed file is an input error");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), files.len(), "{verb}: {out}");
        for ((record, file), statuses) in records.iter().zip(&files).zip(&expected) {
            assert_eq!(record["file"], file.as_str(), "{verb}");
            assert_eq!(record["status"], statuses[column], "{verb}: {record}");
        }
        if verb == "solve" {
            assert_eq!(records[4]["solution"], "1234341221434321");
        }
    }
    let (_, out, _) = run(&["sudoku", "check", "--format", "jsonl", &files[2]], "");
    let record: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(record["conflicts"][0]["cells"][0], "r1c2", "{record}");
}

/// `--threads` searches several variant files at once; the output is the
/// same, in input order.
#[test]
fn threads_keep_the_order_of_variant_answers() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("puzzles");
    let (code, _, _) = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "9",
            "--diagonals",
            "--count",
            "12",
            "--seed",
            "3",
            "--out",
            out_dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    let mut files: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|entry| entry.unwrap().path().to_str().unwrap().to_string())
        .collect();
    files.sort();
    let answers = |threads: &str| {
        let mut args = vec![
            "sudoku",
            "solve",
            "--variant",
            "x",
            "--verify",
            "--threads",
            threads,
        ];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        assert!(err.ends_with("12 solved, 0 failed\n"), "{err}");
        out
    };
    let one = answers("1");
    assert_eq!(one.lines().count(), 12);
    assert_eq!(answers("2"), one);
}

#[test]
fn symbols_for_forms_that_name_their_own_are_refused() {
    let killer = "56..1..2. aabbccdde\na=3\n";
    let array = "[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]";
    for (form, input, message) in [
        (
            "json",
            r#"{"size": 4}"#,
            "give its alphabet in its \"symbols\" field",
        ),
        (
            "auto",
            r#"{"size": 4}"#,
            "give its alphabet in its \"symbols\" field",
        ),
        (
            "killer",
            killer,
            "CodinGame's Killer form, which is written in digits",
        ),
        (
            "auto",
            killer,
            "CodinGame's Killer form, which is written in digits",
        ),
        ("auto", array, "an array, whose values are numbers"),
        (
            "auto",
            "SumoCueV1=1J0=0J0=0J1=0J1=0J0=0J0=1J1=0J1=0J2=1J2=0J3=0J3=0J2=0J2=0J3=1J3",
            "SumoCue's notation",
        ),
        (
            "auto",
            "4 4\n1 - - -\n- - - -\n- - - -\n- - - 4\n",
            "the janko.at notation",
        ),
    ] {
        let args = [
            "sudoku",
            "solve",
            "--variant",
            form,
            "--symbols",
            "ABCDEFGHI",
        ];
        let (code, out, err) = run(&args, input);
        assert_eq!((code, out.as_str()), (2, ""), "{form}");
        assert!(err.contains(message), "{form}: {err}");
    }
    // A cage list's givens grid takes them, with the flag or without.
    let cage_list = "A...\n....\n....\n...D\n3 r1c1 r1c2\n";
    for form in ["auto", "killer"] {
        let args = ["sudoku", "solve", "--variant", form, "--symbols", "ABCD"];
        let (code, out, err) = run(&args, cage_list);
        assert_eq!(code, 0, "{form}: {err}");
        let grid: Vec<&str> = out.lines().take(4).collect();
        assert!(
            grid.iter()
                .all(|row| row.len() == 4 && row.chars().all(|ch| "ABCD".contains(ch))),
            "{out}"
        );
        assert!(grid[0].starts_with("AB") && grid[3].ends_with('D'), "{out}");
        assert!(out.ends_with("3 r1c1 r1c2\n"), "{out}");
    }
}

#[test]
fn generate_makes_the_same_unique_puzzles_from_the_same_seed() {
    let args = [
        "sudoku", "generate", "--size", "6", "--count", "4", "--seed", "5",
    ];
    let (code, first, _) = run(&args, "");
    assert_eq!(code, 0);
    let (_, again, _) = run(&args, "");
    assert_eq!(first, again, "a seed fixes the puzzles");
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 4);
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), 36, "{line}");
        let file = named_temp_file(&format!("generated-{index}.txt"), line);
        let (code, out, _) = run(
            &[
                "sudoku",
                "count",
                "--variant",
                "grid",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{line}: {out}");
        assert!(out.ends_with(": unique: 1 solution\n"), "{out}");
    }
}

#[test]
fn generate_writes_one_file_a_puzzle_and_refuses_unknown_sizes() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("puzzles");
    let (code, out, _) = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "4",
            "--count",
            "3",
            "--seed",
            "1",
            "--diagonals",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, ""));
    // Each file is the X-Sudoku's JSON document, which says its
    // diagonals, so that it reads back as the puzzle made.
    for number in 1..=3 {
        let path = dir.join(format!("puzzle-{number:03}.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let document: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            document["units"].as_array().map(Vec::len),
            Some(2),
            "{text}"
        );
        let (code, out, err) = run(&["sudoku", "count", path.to_str().unwrap()], "");
        assert_eq!(
            (code, out.as_str()),
            (0, "line 1: unique: 1 solution\n"),
            "{err}"
        );
    }
    assert!(!dir.join("puzzle-004.txt").exists());
    let (code, _, err) = run(&["sudoku", "generate", "--size", "7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--size 7: expected 4, 6, 8, 9"), "{err}");
    // An --out under a regular file cannot be made, and says which.
    let file = named_temp_file("not-a-dir.txt", "");
    let under = file.join("puzzles");
    let (code, _, err) = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "4",
            "--out",
            under.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!("cannot create {}: ", under.display())),
        "{err}"
    );
}

/// The benchmark script of docs/PERFORMANCE.md runs (on a small size),
/// on puzzles it makes and on folders of puzzles and of Killers, counting
/// or solving.
#[test]
fn the_variant_benchmark_script_reports_every_strategy() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bench_variant = |args: &[&str], command: &str, variant: &str| {
        let output = std::process::Command::new(root.join("scripts/bench-variants.sh"))
            .args(args)
            .env("GRIDSOLVE", env!("CARGO_BIN_EXE_gridsolve"))
            .env("COMMAND", command)
            .env("VARIANT", variant)
            .output()
            .unwrap();
        let out = String::from_utf8(output.stdout).unwrap();
        assert!(output.status.success(), "{out}");
        let rows: Vec<Vec<String>> = out
            .lines()
            .map(|line| line.split_whitespace().map(String::from).collect())
            .collect();
        assert_eq!(rows[0][0], "strategy");
        for (row, strategy) in rows[1..].iter().zip(["propagate", "bitboard"]) {
            assert_eq!(
                (&*row[0], &*row[1], &*row[5]),
                (strategy, "3", "0"),
                "{out}"
            );
            let over_a_second: usize = row[6].parse().unwrap();
            assert!(over_a_second <= 3, "{out}");
        }
        assert_eq!(rows.len(), 3);
    };
    let bench = |args: &[&str], command: &str| bench_variant(args, command, "grid");
    bench(&["4", "3", "1", "propagate", "bitboard"], "count");
    let generated = |extra: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().to_str().unwrap();
        let mut args = vec!["sudoku", "generate", "--count", "3"];
        args.extend(extra);
        args.extend(["--out", folder]);
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        dir
    };
    // Each folder is deleted when its handle goes, at the end of the test.
    let grids = generated(&["--size", "4"]);
    let killers = generated(&["--size", "6", "--killer"]);
    let folder = |dir: &tempfile::TempDir| dir.path().to_str().unwrap().to_string();
    bench(
        &["--dir", &folder(&grids), "propagate", "bitboard"],
        "solve",
    );
    bench_variant(
        &["--dir", &folder(&killers), "propagate", "bitboard"],
        "count",
        "auto",
    );
}

/// A 5×5 jigsaw (no boxes): value `(r + c) mod 5 + 1`, region `(r + 2c)
/// mod 5`, with a few cells blank; its answer, written back by `solve` in
/// each notation, is the complete grid in that notation again.
#[test]
fn every_notation_round_trips_through_solve_to_the_json_answer() {
    let value = |cell: usize| (cell / 5 + cell % 5) % 5 + 1;
    let region = |cell: usize| (cell / 5 + 2 * (cell % 5)) % 5;
    let blank = |cell: usize| [0, 6, 12, 18, 24, 3, 21].contains(&cell);
    let given = |cell: usize| if blank(cell) { 0 } else { value(cell) };
    let regions: Vec<Vec<usize>> = (0..5)
        .map(|k| (0..25).filter(|&cell| region(cell) == k).collect())
        .collect();
    let givens: String = (0..25)
        .map(|cell| match given(cell) {
            0 => '.',
            v => char::from(b'0' + v as u8),
        })
        .collect();
    let json = format!("{{\"givens\": \"{givens}\", \"regions\": {regions:?}}}");
    let rows = |cell_text: &dyn Fn(usize) -> String, separator: &str| -> Vec<String> {
        (0..5)
            .map(|r| {
                (0..5)
                    .map(|c| cell_text(r * 5 + c))
                    .collect::<Vec<_>>()
                    .join(separator)
            })
            .collect()
    };
    let letters = rows(
        &|cell| char::from(b'a' + region(cell) as u8).to_string(),
        "",
    );
    let digits = rows(&|cell| givens[cell..=cell].to_string(), "");
    let sumocue: Vec<String> = (0..25)
        .map(|cell| format!("{}J{}", given(cell), region(cell)))
        .collect();
    let texts = [
        format!("SumoCueV1={}", sumocue.join("=")),
        format!(
            "5 5\n{}\n{}",
            rows(
                &|cell| match given(cell) {
                    0 => "-".to_string(),
                    v => v.to_string(),
                },
                " "
            )
            .join("\n"),
            rows(&|cell| (region(cell) + 1).to_string(), " ").join("\n")
        ),
        digits
            .iter()
            .zip(&letters)
            .map(|(d, l)| format!("{d} {l}\n"))
            .collect(),
        format!("{givens}\n{}\n", letters.concat()),
    ];
    let file = named_temp_file("jigsaw5.json", &json);
    let (code, expected, err) = run(&["sudoku", "solve", file.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let answer: Vec<String> = serde_json::from_str(&expected).unwrap();
    let answer = answer.concat();
    for (index, text) in texts.iter().enumerate() {
        // From a file and from stdin alike, with no flag.
        let file = named_temp_file(&format!("notation-{index}.txt"), text);
        let (code, out, err) = run(&["sudoku", "solve", file.to_str().unwrap()], "");
        assert_eq!(code, 0, "{text}\n{err}");
        let (_, from_stdin, _) = run(&["sudoku", "solve"], text);
        assert_eq!(from_stdin, out, "{text}");
        // The answer is the complete grid in the same notation.
        let solved = named_temp_file(&format!("notation-{index}-solved.txt"), &out);
        let (code, again, err) = run(&["sudoku", "solve", solved.to_str().unwrap()], "");
        assert_eq!((code, again.as_str()), (0, out.as_str()), "{err}");
        let (code, checked, _) = run(&["sudoku", "check", solved.to_str().unwrap()], "");
        assert_eq!(code, 0);
        assert!(checked.ends_with(": valid, complete\n"), "{checked}");
        // Its values are the JSON document's answer.
        let values: String = match index {
            0 => out
                .trim()
                .split('=')
                .skip(1)
                .map(|entry| &entry[..1])
                .collect(),
            1 => out
                .lines()
                .skip(1)
                .take(5)
                .flat_map(|line| line.split(' '))
                .collect(),
            2 => out
                .lines()
                .flat_map(|line| line.split(' ').next())
                .collect(),
            _ => out.lines().next().unwrap().to_string(),
        };
        assert_eq!(values, answer, "{out}");
    }
}

#[test]
fn variant_grids_and_killers_on_stdin_are_recognised() {
    let (code, out, err) = run(
        &["sudoku", "count", "--limit", "1000"],
        "....\n....\n....\n....\n",
    );
    assert_eq!(
        (code, out.as_str()),
        (1, "line 1: multiple: 288 solutions\n"),
        "{err}"
    );
    let (code, out, _) = run(
        &["sudoku", "solve"],
        "[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]\n",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("[[1,"), "{out}");
}

/// Whether `answer` fills `puzzle` (both one-line grids of side `side`,
/// standard symbols) by the rules alone: every given kept, every row,
/// column and box holding each symbol once.
fn fills(puzzle: &str, answer: &str, side: usize, box_rows: usize) -> bool {
    let box_cols = side / box_rows;
    let cells: Vec<char> = answer.chars().collect();
    let kept = puzzle
        .chars()
        .zip(&cells)
        .all(|(given, &filled)| given == '.' || given == filled);
    let distinct = |unit: Vec<usize>| {
        let symbols: HashSet<char> = unit.iter().map(|&cell| cells[cell]).collect();
        symbols.len() == side && !symbols.contains(&'.')
    };
    let units = (0..side).all(|k| {
        let band = (k / box_rows) * box_rows;
        let stack = (k % box_rows) * box_cols;
        distinct((0..side).map(|c| k * side + c).collect())
            && distinct((0..side).map(|r| r * side + k).collect())
            && distinct(
                (0..side)
                    .map(|i| (band + i / box_cols) * side + stack + i % box_cols)
                    .collect(),
            )
    });
    cells.len() == side * side && kept && units
}

#[test]
fn a_file_of_one_line_grids_is_a_batch_answered_line_by_line() {
    let (code, generated, err) = run(
        &[
            "sudoku", "generate", "--size", "6", "--count", "5", "--seed", "7",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let puzzles: Vec<&str> = generated.lines().collect();
    assert_eq!(puzzles.len(), 5);
    // A comment, a blank line and a malformed line among them.
    let text = format!(
        "# six 6x6 puzzles\n{}\n{}\n\n{}\nx{}\n{}\n{}\n",
        puzzles[0],
        puzzles[1],
        puzzles[2],
        &puzzles[3][1..],
        puzzles[3],
        puzzles[4]
    );
    let lines = [2, 3, 5, 7, 8];
    for threads in ["1", "2"] {
        let (code, out, err) = run(
            &["sudoku", "solve", "--verify", "--threads", threads],
            &text,
        );
        assert_eq!(code, 2, "a malformed line is an input error: {err}");
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), 5, "{out}");
        for (puzzle, answer) in puzzles.iter().zip(&answers) {
            assert!(fills(puzzle, answer, 6, 2), "{puzzle} -> {answer}");
        }
        assert!(
            err.starts_with(
                "line 6, column 1: expected a value symbol (123456) or '.', found 'x'\n"
            ),
            "{err}"
        );
        assert!(err.ends_with("5 solved, 1 failed\n"), "{err}");
    }
    let (code, out, _) = run(&["sudoku", "count"], &text);
    assert_eq!(code, 2);
    let expected: Vec<String> = lines
        .iter()
        .map(|line| format!("line {line}: unique: 1 solution"))
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    // The same lines, forced to read as grids, and in jsonl.
    let (_, out, _) = run(
        &["sudoku", "check", "--variant", "grid", "--format", "jsonl"],
        &text,
    );
    let owned = line_statuses(&out);
    let statuses: Vec<(u64, &str)> = owned
        .iter()
        .map(|(line, status)| (*line, status.as_str()))
        .collect();
    assert_eq!(
        statuses,
        [
            (2, "valid"),
            (3, "valid"),
            (5, "valid"),
            (6, "error"),
            (7, "valid"),
            (8, "valid")
        ]
    );
    // 81 one-line X-Sudokus are 81 puzzles, not the rows of one grid.
    let (code, x, err) = run(
        &[
            "sudoku",
            "generate",
            "--diagonals",
            "--seed",
            "7",
            "--format",
            "jsonl",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let object: serde_json::Value = serde_json::from_str(&x).unwrap();
    let line = format!("{}\n", object["puzzle"].as_str().unwrap());
    let (code, out, err) = run(&["sudoku", "count", "--variant", "x"], &line.repeat(81));
    assert_eq!(code, 0, "{err}");
    let unique = out
        .lines()
        .filter(|line| line.ends_with(": unique: 1 solution"));
    assert_eq!(unique.count(), 81, "{out}");
}

#[test]
fn a_one_line_jigsaw_with_its_label_line_stays_one_puzzle() {
    // A 4×4 jigsaw in CodinGame's form: the givens, then the region labels.
    let jigsaw = "1.........4.....\naabbaabbccddccdd\n";
    let (code, out, err) = run(&["sudoku", "count", "--limit", "100"], jigsaw);
    assert_eq!(out.lines().count(), 1, "{out}{err}");
    assert!(out.starts_with("line 1: "), "{out}");
    assert_ne!(code, 2, "{err}");
}

#[test]
fn classic_record_options_are_refused_on_variants_with_the_reason() {
    let (code, out, err) = run(
        &[
            "sudoku",
            "solve",
            "--in-format",
            "line",
            "--variant",
            "grid",
        ],
        "....\n....\n....\n....\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("--in-format names classic 9×9 record forms"),
        "{err}"
    );
}

#[test]
fn variant_options_on_classic_records_and_logic_verbs_on_variants_are_refused() {
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    for (flag, value, reason) in [
        (
            "--symbols",
            Some("ABCDEFGHI"),
            "--symbols applies to variant grids",
        ),
        (
            "--no-combinations",
            None,
            "--no-combinations applies to Killer cages",
        ),
        (
            "--no-rule-of-45",
            None,
            "--no-rule-of-45 applies to Killer cages",
        ),
    ] {
        let mut args = vec!["sudoku", "solve", flag];
        args.extend(value);
        let (code, out, err) = run(&args, classic);
        assert_eq!((code, out.as_str()), (2, ""), "{flag}");
        assert!(err.contains(reason), "{flag}: {err}");
    }
    // With --variant, a 9×9 grid in letters is read in those symbols.
    let letters = in_letters(classic);
    let (code, out, err) = run(
        &[
            "sudoku",
            "solve",
            "--variant",
            "grid",
            "--symbols",
            "ABCDEFGHI",
        ],
        &letters,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ECDFGHIAB"), "{out}");
    // A rating is on Sudoku Explainer's scale, for classic puzzles only.
    let (code, _, err) = run(&["sudoku", "rate"], "1...\n..2.\n.3..\n...4\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("ratings are on Sudoku Explainer's scale, for classic 9×9 puzzles"),
        "{err}"
    );
}

#[test]
fn count_limit_0_counts_every_solution() {
    // The empty 4×4 grid has 288 solutions (a published count); the
    // default limit stops at 2, --limit 0 goes to the end.
    let empty = "....\n....\n....\n....\n";
    let (_, capped, _) = run(&["sudoku", "count"], empty);
    assert_eq!(
        capped,
        "line 1: multiple: at least 2 solutions (stopped at --limit 2)\n"
    );
    let (_, all, _) = run(&["sudoku", "count", "--limit", "0"], empty);
    assert_eq!(all, "line 1: multiple: 288 solutions\n");
}

/// The cells and sum of each line `sum r1c1 r1c2 …` of a cage list.
fn cage_lines(text: &str) -> Vec<(u32, Vec<(usize, usize)>)> {
    text.lines()
        .filter(|line| line.contains(' '))
        .map(|line| {
            let mut tokens = line.split(' ');
            let sum = tokens.next().unwrap().parse().unwrap();
            let cells = tokens
                .map(|name| {
                    let (row, col) = name[1..].split_once('c').unwrap();
                    (row.parse().unwrap(), col.parse().unwrap())
                })
                .collect();
            (sum, cells)
        })
        .collect()
}

/// `generate --killer`: blank grids with cages of the sizes asked that
/// cover the grid once, the same from a seed on any thread count, each
/// with one solution, and that solution keeps every cage (checked here
/// from the cage list alone) and every unit.
#[test]
fn generated_killers_are_unique_and_their_answers_keep_the_cages() {
    for (size, sizes, low, high) in [("6", "2..4", 2, 4), ("9", "2..5", 2, 5)] {
        let generate = |threads: &str| {
            run(
                &[
                    "sudoku",
                    "generate",
                    "--killer",
                    "--size",
                    size,
                    "--cage-size",
                    sizes,
                    "--count",
                    "3",
                    "--seed",
                    "11",
                    "--threads",
                    threads,
                ],
                "",
            )
        };
        let (code, text, err) = generate("1");
        assert_eq!(code, 0, "{err}");
        assert_eq!(generate("2").1, text);
        let side: usize = size.parse().unwrap();
        let blocks: Vec<&str> = text.split("\n\n").collect();
        assert_eq!(blocks.len(), 3, "{text}");
        for block in blocks {
            let cages = cage_lines(block);
            let mut covered = vec![0; side * side];
            for (_, cells) in &cages {
                assert!((low..=high).contains(&cells.len()), "{block}");
                for &(row, col) in cells {
                    covered[(row - 1) * side + col - 1] += 1;
                }
            }
            assert!(covered.iter().all(|&times| times == 1), "{block}");
            let file = named_temp_file("killer.txt", block);
            let (code, out, _) = run(&["sudoku", "count", file.to_str().unwrap()], "");
            assert_eq!((code, out.as_str()), (0, "line 1: unique: 1 solution\n"));
            let (code, out, _) = run(&["sudoku", "solve", file.to_str().unwrap()], "");
            assert_eq!(code, 0);
            let answer: Vec<u32> = out
                .lines()
                .take(side)
                .flat_map(|line| line.chars().map(|ch| ch.to_digit(36).unwrap()))
                .collect();
            assert_eq!(answer.len(), side * side, "{out}");
            for (sum, cells) in &cages {
                let values: HashSet<u32> = cells
                    .iter()
                    .map(|&(row, col)| answer[(row - 1) * side + col - 1])
                    .collect();
                assert_eq!(values.len(), cells.len(), "a value twice in a cage");
                assert_eq!(values.iter().sum::<u32>(), *sum);
            }
            for line in 0..side {
                let row: HashSet<u32> = (0..side).map(|col| answer[line * side + col]).collect();
                let col: HashSet<u32> = (0..side).map(|row| answer[row * side + line]).collect();
                assert_eq!((row.len(), col.len()), (side, side), "{out}");
            }
        }
    }
}

/// A Killer with extra units comes as the JSON document, which says them;
/// sizes no grid allows and other options' levels are refused.
#[test]
fn generated_x_killers_come_as_documents_and_bad_sizes_are_refused() {
    let (code, text, _) = run(
        &[
            "sudoku",
            "generate",
            "--killer",
            "--size",
            "6",
            "--diagonals",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        text.starts_with("{\"box\":[2,3]") && text.contains("\"units\""),
        "{text}"
    );
    let (code, out, _) = run(&["sudoku", "count"], &text);
    assert_eq!((code, out.as_str()), (0, "line 1: unique: 1 solution\n"));
    let (code, _, err) = run(&["sudoku", "generate", "--cage-size", "2..3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--killer"), "{err}");
    for other in [&["--difficulty", "easy"][..], &["--clues", "10..20"]] {
        let mut args = vec!["sudoku", "generate", "--killer"];
        args.extend(other);
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{other:?}");
        assert!(err.contains("cannot be used with"), "{err}");
    }
    // On a 4×4 grid: cages larger than the grid's side are refused, and
    // a grid cut into four cages of four cells never has one solution
    // (each cage sums to 10, so any relabelling of the digits is
    // another): the generator gives up and says so.
    for (sizes, said) in [
        ("2..6", "a cage holds at most 4 cells"),
        (
            "4..4",
            "no carving into cages of 4 cells had one solution in 50 tries on each of 8 grids",
        ),
    ] {
        let args = [
            "sudoku",
            "generate",
            "--killer",
            "--size",
            "4",
            "--cage-size",
            sizes,
        ];
        let (code, out, err) = run(&args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{sizes}");
        assert!(err.contains(said), "{err}");
    }
}

/// A stream of generated Killers (cage lists apart by blank lines, or
/// JSON documents one a line) reads back as a batch, each puzzle named by
/// its first line, a malformed one reported without stopping the others;
/// a jigsaw's givens and regions apart by a blank line stay one puzzle.
#[test]
fn a_stream_of_generated_killers_reads_back_as_a_batch() {
    let generate = |extra: &[&str]| {
        let mut args = vec![
            "sudoku", "generate", "--killer", "--size", "4", "--count", "3", "--seed", "1",
        ];
        args.extend(extra);
        let (code, text, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        text
    };
    let first_lines = |text: &str| -> Vec<usize> {
        let lines: Vec<&str> = text.lines().collect();
        (0..lines.len())
            .filter(|&at| !lines[at].is_empty() && (at == 0 || lines[at - 1].is_empty()))
            .map(|at| at + 1)
            .collect()
    };
    let unique_at = |lines: &[usize]| -> String {
        lines
            .iter()
            .map(|line| format!("line {line}: unique: 1 solution\n"))
            .collect()
    };
    for text in [generate(&[]), generate(&["--diagonals"])] {
        let starts = first_lines(&text);
        assert_eq!(starts.len(), 3, "{text}");
        let (code, out, err) = run(&["sudoku", "count"], &text);
        assert_eq!((code, out), (0, unique_at(&starts)), "{err}");
        // The second puzzle's first cell made a symbol no 4×4 has.
        let mut broken: Vec<String> = text.lines().map(str::to_string).collect();
        let second = starts[1] - 1;
        let blank = broken[second].find('.').unwrap();
        broken[second].replace_range(blank..blank + 1, "9");
        let broken = broken.join("\n") + "\n";
        let (code, _, err) = run(&["sudoku", "solve", "--verify"], &broken);
        assert_eq!(code, 2, "a malformed puzzle is an input error: {err}");
        assert!(
            err.starts_with(&format!("line {}", starts[1])),
            "the malformed puzzle is named by its line: {err}"
        );
        assert!(err.ends_with("2 solved, 1 failed\n"), "{err}");
        let (_, out, _) = run(&["sudoku", "count"], &broken);
        assert_eq!(out, unique_at(&[starts[0], starts[2]]));
    }
    // The same documents one a line, without the blank lines.
    let documents: String = generate(&["--diagonals"])
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| format!("{line}\n"))
        .collect();
    for form in ["auto", "json"] {
        let (code, out, err) = run(&["sudoku", "count", "--variant", form], &documents);
        assert_eq!((code, out), (0, unique_at(&[1, 2, 3])), "{err}");
    }
    // A jigsaw's givens and regions apart by a blank line: one puzzle.
    let jigsaw = "1.........4.....\n\naabbaabbccddccdd\n";
    let (code, out, err) = run(&["sudoku", "count", "--limit", "100"], jigsaw);
    assert_eq!(out.lines().count(), 1, "{out}{err}");
    assert_ne!(code, 2, "{err}");
}

/// `sudoku bench` reads each file as `solve` does: a batch of 6×6 grids, a
/// stream of Killers and an X-Sudoku (`--variant x`) are measured as the
/// puzzles they are, their counts of solutions those of `count`; a
/// malformed file is named and the others still measured.
#[test]
fn bench_measures_variant_files_as_solve_reads_them() {
    let generated = |args: &[&str]| {
        let mut full = vec!["sudoku", "generate", "--seed", "5", "--count", "3"];
        full.extend(args);
        let (code, text, err) = run(&full, "");
        assert_eq!(code, 0, "{err}");
        text
    };
    let grids = named_temp_file("grids.txt", &generated(&["--size", "6"]));
    let killers = named_temp_file("killers.txt", &generated(&["--killer", "--size", "4"]));
    let broken = named_temp_file("broken.txt", "....\n....\n..9.\n....\n");
    let bench = |extra: &[&str], files: &[&tempfile::TempPath]| {
        let mut args = vec!["sudoku", "bench", "--repeat-secs", "0", "--format", "json"];
        args.extend(extra);
        args.extend(files.iter().map(|file| file.to_str().unwrap()));
        run(&args, "")
    };
    let (code, out, err) = bench(&[], &[&grids, &broken, &killers]);
    assert_eq!(code, 2, "a malformed file is an input error: {err}");
    assert!(err.contains("broken.txt: line 3, column 3"), "{err}");
    let reports: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 2, "{out}");
    for (report, file) in reports.iter().zip(["grids.txt", "killers.txt"]) {
        let name = report["file"].as_str().unwrap();
        assert!(name.ends_with(file), "{report}");
        assert_eq!(
            (report["puzzles"].as_u64(), report["unique"].as_u64()),
            (Some(3), Some(3))
        );
        assert!(
            report["nodes_per_puzzle"].as_f64().unwrap() >= 1.0,
            "{report}"
        );
    }
    // Generated X-Sudokus are documents that say their diagonals: one
    // solution each, with the flag or without. Their bare grids read as
    // plain grids have more solutions; with the flag, one each.
    let documents = named_temp_file("xs.txt", &generated(&["--size", "6", "--diagonals"]));
    for flag in [&["--variant", "x"][..], &[]] {
        let (code, out, err) = bench(&[flag, &["--limit", "2"]].concat(), &[&documents]);
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(report["unique"], 3, "{flag:?}: {report}");
    }
    let lines: String = generated(&["--size", "6", "--diagonals", "--format", "jsonl"])
        .lines()
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            format!("{}\n", object["puzzle"].as_str().unwrap())
        })
        .collect();
    let x = named_temp_file("x.txt", &lines);
    let (code, out, err) = bench(&["--variant", "x", "--limit", "2"], &[&x]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["unique"], 3, "{report}");
    let (_, out, _) = bench(&["--limit", "2"], &[&x]);
    let plain: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let (_, counted, _) = run(&["sudoku", "count", x.to_str().unwrap()], "");
    let multiple = counted.matches("multiple").count();
    assert_eq!(plain["multiple"], multiple, "{counted}");
}

/// Grids of several lines apart by blank lines (as `generate --format
/// grid` writes them, puzzles and solutions) read back as a batch, 16×16
/// rows never taken for 4×4 one-line grids, and `solve`'s answers read
/// back into `check`; a malformed grid is named by its line.
#[test]
fn a_stream_of_generated_grids_reads_back_as_a_batch() {
    let (code, text, err) = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "16",
            "--format",
            "grid",
            "--count",
            "2",
            "--seed",
            "3",
            "--solution",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = text.lines().collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&at| !lines[at].is_empty() && (at == 0 || lines[at - 1].is_empty()))
        .map(|at| at + 1)
        .collect();
    assert_eq!(starts.len(), 4, "two puzzles and their solutions: {text}");
    let (code, out, err) = run(&["sudoku", "count"], &text);
    let expected: String = starts
        .iter()
        .map(|line| format!("line {line}: unique: 1 solution\n"))
        .collect();
    assert_eq!((code, out), (0, expected), "{err}");
    let (code, solved, err) = run(&["sudoku", "solve", "--verify"], &text);
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("4 solved, 0 failed\n"), "{err}");
    let (code, out, err) = run(&["sudoku", "check"], &solved);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(
        out.lines().all(|line| line.ends_with("valid, complete")),
        "{out}"
    );
    // 4×4 grids, a comment before each, the second malformed.
    let grids = "# one\n1...\n..1.\n.1..\n...1\n\n# two\n1...\n..5.\n....\n....\n\n....\n....\n....\n...1\n";
    let (code, out, err) = run(&["sudoku", "count", "--limit", "0"], grids);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        out,
        "line 2: multiple: 18 solutions\nline 13: multiple: 72 solutions\n"
    );
    assert!(err.starts_with("line 9, column 3:"), "{err}");
    // A jigsaw's givens and labels apart by a blank line, the labels
    // malformed: one error, no grid of its own answered.
    let jigsaw = "1...\n..1.\n.1..\n...1\n\naabb\naabb\nccdd\nccdx\n";
    let (code, out, err) = run(&["sudoku", "count"], jigsaw);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // So too at side 16, its labels in lower case (`a` to `g` are values
    // there) and its 32 lines of 16 symbols no batch of 4×4 one-line
    // grids: one error, naming the region.
    let givens = format!("1{}\n", ".".repeat(15)) + &format!("{}\n", ".".repeat(16)).repeat(15);
    let mut labels: String = (0..256)
        .map(|cell| {
            let label = (b'a' + (cell / 64 * 4 + cell % 16 / 4) as u8) as char;
            if cell % 16 == 15 {
                format!("{label}\n")
            } else {
                label.to_string()
            }
        })
        .collect();
    labels.replace_range(labels.len() - 2.., "o\n");
    let (code, out, err) = run(&["sudoku", "count"], &format!("{givens}\n{labels}"));
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("region o has 17 cells"), "{err}");
}

/// `generate --format jsonl` writes one object a line (a Killer's too,
/// with no blank lines between), an X or windoku grid's naming its extra
/// units, and the stream reads back whole: each puzzle, with the units its
/// object names, has one solution.
#[test]
fn generated_jsonl_reads_back_as_puzzles() {
    let cases: [(&[&str], Option<&str>); 5] = [
        (&["--solution", "--rate"], None),
        (&["--size", "6", "--diagonals"], Some("diagonals")),
        (&["--size", "6", "--windows"], Some("windows")),
        (&["--size", "4", "--killer", "--solution"], None),
        (&["--size", "6", "--killer", "--diagonals"], None),
    ];
    for (extra, field) in cases {
        let mut args = vec![
            "sudoku", "generate", "--count", "3", "--seed", "4", "--format", "jsonl",
        ];
        args.extend(extra);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), 3, "{extra:?}: {out}");
        for record in &records {
            for name in ["diagonals", "windows"] {
                let named = record.get(name).is_some();
                assert_eq!(named, field == Some(name), "{record}");
            }
        }
        let (code, counted, err) = run(&["sudoku", "count"], &out);
        let expected: String = (1..=3)
            .map(|line| format!("line {line}: unique: 1 solution\n"))
            .collect();
        assert_eq!((code, counted), (0, expected), "{extra:?}: {err}");
    }
    // A malformed object is named by its line; the others still count.
    let stream = concat!(
        "{\"number\":1,\"puzzle\":\"..41..........3.\",\"diagonals\":true}\n",
        "{\"number\":2,\"puzzle\":\"..41.....x....3.\"}\n",
        "{\"number\":3,\"puzzle\":7}\n",
        "{\"puzzle\":\"..41..........3.\",\"extra\":1}\n",
        "{\"puzzle\":{\"size\":4},\"windows\":true}\n",
    );
    let (code, out, err) = run(&["sudoku", "count", "--limit", "0"], stream);
    assert_eq!(code, 2, "{err}");
    assert!(out.starts_with("line 1: "), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    for said in [
        "line 2: the puzzle's character 10: expected a value symbol (1234) or '.', found 'x'",
        "line 3: expected the puzzle as a one-line grid (a string) or a JSON document",
        "line 4: not a puzzle object: unknown field `extra`",
        "line 5: a puzzle given as a JSON document names its extra units in it",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
}

/// `count`'s line for each puzzle of `lines` (1-based numbers) that is
/// well formed, the others skipped.
fn unique_lines(lines: impl Iterator<Item = usize>) -> String {
    lines
        .map(|line| format!("line {line}: unique: 1 solution\n"))
        .collect()
}

#[test]
fn a_malformed_record_spoils_no_other_of_a_long_variant_batch() {
    let (code, generated, err) = run(
        &[
            "sudoku", "generate", "--size", "4", "--count", "40", "--seed", "11",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let puzzles: Vec<&str> = generated.lines().collect();
    // 5,000 one-line 4×4 puzzles (85 KB, longer than the start that
    // decides the shape), three of them malformed: one short line near
    // the start, and far past it a line that is no UTF-8 and one with a
    // symbol of no 4×4 grid.
    let short = 3;
    let unreadable = 4800;
    let misspelt = 4900;
    let mut input = Vec::new();
    for line in 1..=5000 {
        match line {
            _ if line == short => input.extend_from_slice(b"1..2.....\n"),
            _ if line == unreadable => input.extend_from_slice(b"..4.\xff..........\n"),
            _ if line == misspelt => input.extend_from_slice(b"..4.x...........\n"),
            _ => input.extend_from_slice(format!("{}\n", puzzles[line % 40]).as_bytes()),
        }
    }
    let well_formed = || (1..=5000).filter(|line| ![short, unreadable, misspelt].contains(line));
    for threads in ["1", "2"] {
        let (code, out, err) = run_bytes(&["sudoku", "count", "--threads", threads], &input);
        assert_eq!(code, 2, "malformed records are input errors");
        assert_eq!(out, unique_lines(well_formed()), "{err}");
        assert_eq!(
            err,
            "line 3: found 9 cells, expected 16: the other lines of this batch are one-line \
             grids of 16 cells\n\
             line 4800, column 5: invalid UTF-8 byte 0xFF, expected text\n\
             line 4900, column 5: expected a value symbol (1234) or '.', found 'x'\n"
        );
    }
    let (code, solved, err) = run_bytes(&["sudoku", "solve", "--verify"], &input);
    assert_eq!(code, 2);
    assert!(err.ends_with("4997 solved, 3 failed\n"), "{err}");
    let answers: Vec<&str> = solved.lines().collect();
    assert_eq!(answers.len(), 4997);
    for (line, answer) in well_formed().zip(answers) {
        assert!(
            fills(puzzles[line % 40], answer, 4, 2),
            "line {line}: {answer}"
        );
    }
}

#[test]
fn a_malformed_block_spoils_no_other_of_a_long_variant_batch() {
    let (code, generated, err) = run(
        &[
            "sudoku", "generate", "--size", "16", "--format", "grid", "--count", "3", "--seed", "3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let grids: Vec<&str> = generated.split("\n\n").map(str::trim).collect();
    assert_eq!(grids.len(), 3, "{generated}");
    // 300 16×16 grids apart by blank lines (82 KB), one past the start
    // with a row left out.
    let broken = 280;
    let blocks: Vec<String> = (0..300)
        .map(|block| match block {
            _ if block == broken => grids[0].lines().skip(1).collect::<Vec<_>>().join("\n"),
            _ => grids[block % 3].to_string(),
        })
        .collect();
    let text = blocks.join("\n\n") + "\n";
    // Each block's first line: after the lines of those before it, and a
    // blank line each.
    let first_lines: Vec<usize> = blocks
        .iter()
        .scan(1, |line, block| {
            let first = *line;
            *line += block.lines().count() + 1;
            Some(first)
        })
        .collect();
    let (code, out, err) = run(&["sudoku", "count", "--threads", "2"], &text);
    assert_eq!(code, 2);
    let broken_line = first_lines[broken];
    assert_eq!(
        out,
        unique_lines(
            first_lines
                .iter()
                .copied()
                .filter(|&line| line != broken_line)
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("line {broken_line}")), "{err}");
    // The same for puzzle objects one a line, one cut short.
    let (code, objects, err) = run(
        &[
            "sudoku", "generate", "--size", "4", "--format", "jsonl", "--count", "20", "--seed",
            "5",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let objects: Vec<&str> = objects.lines().collect();
    let cut = 1500;
    let text: String = (1..=2000)
        .map(|line| match line {
            _ if line == cut => format!("{}\n", &objects[0][..20]),
            _ => format!("{}\n", objects[line % 20]),
        })
        .collect();
    assert!(text.len() > 1 << 16, "{}", text.len());
    let (code, out, err) = run(&["sudoku", "count"], &text);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        unique_lines((1..=2000).filter(|&line| line != cut)),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("line {cut}")), "{err}");
}

/// Whether `answer` (one line of digits) fills the one-line `puzzle` of
/// side `side` keeping its givens, each row, column and region (cells of
/// one letter in `labels`) holding each value once, and whether each
/// region is N orthogonally connected cells: checked from the rules
/// alone.
fn fills_jigsaw(puzzle: &str, answer: &str, labels: &str, side: usize) -> bool {
    let values: Vec<u32> = answer.chars().filter_map(|ch| ch.to_digit(36)).collect();
    let kept = puzzle
        .chars()
        .zip(answer.chars())
        .all(|(given, value)| given == '.' || given == value);
    let labels: Vec<char> = labels.chars().collect();
    let mut units: Vec<Vec<usize>> = (0..side)
        .flat_map(|k| {
            [
                (0..side).map(|c| k * side + c).collect(),
                (0..side).map(|r| r * side + k).collect(),
            ]
        })
        .collect();
    let names: HashSet<char> = labels.iter().copied().collect();
    for name in &names {
        let region: Vec<usize> = (0..side * side).filter(|&c| labels[c] == *name).collect();
        // Connected: a flood from its first cell reaches all of it.
        let mut reached = vec![region[0]];
        let mut index = 0;
        while index < reached.len() {
            let cell = reached[index];
            for next in region.iter().copied() {
                let steps =
                    (next / side).abs_diff(cell / side) + (next % side).abs_diff(cell % side);
                if steps == 1 && !reached.contains(&next) {
                    reached.push(next);
                }
            }
            index += 1;
        }
        if reached.len() != side {
            return false;
        }
        units.push(region);
    }
    let whole: HashSet<u32> = (1..=side as u32).collect();
    kept && names.len() == side
        && values.len() == side * side
        && units
            .iter()
            .all(|unit| unit.iter().map(|&c| values[c]).collect::<HashSet<_>>() == whole)
}

#[test]
fn generated_jigsaws_are_unique_and_read_back_as_a_batch_in_every_form() {
    for size in ["4", "5", "7", "9"] {
        let side: usize = size.parse().unwrap();
        let args = [
            "sudoku", "generate", "--jigsaw", "--size", size, "--count", "6",
        ];
        let (code, made, err) = run(&[&args[..], &["--seed", "3", "--solution"]].concat(), "");
        assert_eq!(code, 0, "{err}");
        // Each block: the puzzle, its labels; a blank line; the solution,
        // its labels.
        let blocks: Vec<Vec<&str>> = made.split("\n\n").map(|b| b.lines().collect()).collect();
        assert_eq!(blocks.len(), 12, "{made}");
        for pair in blocks.chunks(2) {
            let ([puzzle, labels], [answer, same]) = (&pair[0][..], &pair[1][..]) else {
                panic!("{made}");
            };
            assert_eq!(labels, same);
            assert!(fills_jigsaw(puzzle, answer, labels, side), "{made}");
        }
        // The puzzles alone, in each form: apart by blank lines, one after
        // the other, and side by side with their labels.
        let (_, apart, _) = run(&[&args[..], &["--seed", "3"]].concat(), "");
        let together = apart.replace("\n\n", "\n");
        let (_, side_by_side, _) = run(
            &[&args[..], &["--seed", "3", "--format", "grid"]].concat(),
            "",
        );
        // And stacked: each puzzle's givens grid, a blank line (and for
        // the first a comment too), then its grid of region labels.
        let stacked = stacked_jigsaws(&side_by_side).replacen("\n\n", "\n\n# regions\n", 1);
        for text in [&apart, &together, &side_by_side, &stacked] {
            let (code, out, err) = run(&["sudoku", "count"], text);
            assert_eq!(code, 0, "{text}\n{err}");
            let unique = out.lines().filter(|l| l.ends_with(": unique: 1 solution"));
            assert_eq!(unique.count(), 6, "{text}\n{out}");
            let (code, out, err) = run(&["sudoku", "solve", "--verify", "--threads", "2"], text);
            assert_eq!(code, 0, "{err}");
            assert!(err.contains("6 solved, 0 failed"), "{err}");
            // The answers (each in its puzzle's form) read back as complete.
            let (code, checked, _) = run(&["sudoku", "check"], &out);
            assert_eq!(code, 0, "{out}");
            let complete = checked.lines().filter(|l| l.ends_with(": valid, complete"));
            assert_eq!(complete.count(), 6, "{out}\n{checked}");
        }
    }
}

#[test]
fn generated_jigsaw_options_are_checked() {
    let (code, doc, err) = run(
        &[
            "sudoku",
            "generate",
            "--jigsaw",
            "--diagonals",
            "--size",
            "6",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(doc.starts_with('{') && doc.contains("\"regions\""), "{doc}");
    let (code, out, err) = run(&["sudoku", "count"], &doc);
    assert_eq!(
        (code, out.as_str()),
        (0, "line 1: unique: 1 solution\n"),
        "{err}"
    );
    for (args, reason) in [
        (
            &["--size", "26"][..],
            "--size 26: expected a side from 4 to 25",
        ),
        (&["--windows"][..], "cannot be used with"),
        (&["--killer"][..], "cannot be used with"),
        (
            &["--format", "pretty"][..],
            "this grid takes line, grid or jsonl",
        ),
        (
            &["--diagonals", "--format", "grid"][..],
            "this puzzle takes line or jsonl",
        ),
    ] {
        let (code, out, err) = run(
            &[&["sudoku", "generate", "--jigsaw"][..], args].concat(),
            "",
        );
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(reason), "{args:?}: {err}");
    }
    // An X-Sudoku, a windoku or a Killer is a document: no grid form
    // shows its units, so `--format grid` is refused with the reason.
    for kind in ["--diagonals", "--windows", "--killer"] {
        let (code, out, err) = run(&["sudoku", "generate", kind, "--format", "grid"], "");
        assert_eq!((code, out.as_str()), (2, ""), "{kind}");
        assert!(
            err.contains("--format grid: a Killer, X-Sudoku or windoku is written as its document"),
            "{kind}: {err}"
        );
        assert!(
            err.contains("this puzzle takes line or jsonl"),
            "{kind}: {err}"
        );
    }
    // Without --jigsaw, a side no box shape makes says where it is taken.
    let (code, _, err) = run(&["sudoku", "generate", "--size", "7"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("with --jigsaw, any side from 4 to 25"),
        "{err}"
    );
}

/// `--check-nodes` caps each removal's check: the puzzles still have one
/// solution each (counted by `count`, on a grid of its own units and of
/// the classic ones), and it cannot be asked with `--minimal`.
#[test]
fn generated_puzzles_with_capped_checks_keep_one_solution() {
    for args in [
        &["--jigsaw", "--size", "8", "--check-nodes", "1"][..],
        &["--check-nodes", "1"][..],
        &["--size", "16", "--check-nodes", "20"][..],
    ] {
        let (code, made, err) = run(
            &[
                &["sudoku", "generate", "--count", "4", "--seed", "5"][..],
                args,
            ]
            .concat(),
            "",
        );
        assert_eq!(code, 0, "{args:?}: {err}");
        let (code, out, err) = run(&["sudoku", "count"], &made);
        assert_eq!(code, 0, "{made}\n{err}");
        let unique = out.lines().filter(|l| l.ends_with(": unique: 1 solution"));
        assert_eq!(unique.count(), 4, "{args:?}: {made}\n{out}");
    }
    for (args, reason) in [
        (
            &["--check-nodes", "9", "--minimal"][..],
            "cannot be used with",
        ),
        (&["--check-nodes", "0"][..], "0 is not in 1.."),
        (
            &["--check-nodes", "9", "--killer"][..],
            "cannot be used with",
        ),
    ] {
        let (code, out, err) = run(&[&["sudoku", "generate"][..], args].concat(), "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(reason), "{args:?}: {err}");
    }
}

/// A pipe that brings a variant batch a line at a time (as `generate |
/// count` may) is read as the batch it is, not judged by its first line.
#[test]
fn a_variant_batch_trickling_through_a_pipe_is_recognised() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (code, grids, err) = run(
        &[
            "sudoku", "generate", "--size", "4", "--format", "grid", "--count", "2", "--seed", "3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("gridsolve"))
        .args(["sudoku", "count"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in grids.lines() {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "line 1: unique: 1 solution\nline 6: unique: 1 solution\n"
    );
}

/// The one-line 4×4 grid `line` as an array of rows of numbers (0 blank).
fn array_of(line: &str) -> String {
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(4)
        .map(|row| {
            let values: Vec<String> = row
                .iter()
                .map(|&ch| (ch as char).to_digit(10).unwrap_or(0).to_string())
                .collect();
            format!("[{}]", values.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

#[test]
fn arrays_of_another_side_one_a_line_or_apart_are_a_batch() {
    let args = [
        "sudoku", "generate", "--size", "4", "--count", "3", "--seed", "5",
    ];
    let (code, made, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    let (_, answers, _) = run(&["sudoku", "solve"], &made);
    let expected: Vec<String> = answers.lines().map(array_of).collect();
    let arrays: Vec<String> = made.lines().map(array_of).collect();
    // One a line (the second with LeetCode's prefix), apart by blank
    // lines, and drawn over several lines each.
    let one_a_line = format!("{}\nboard = {}\n{}\n", arrays[0], arrays[1], arrays[2]);
    let apart = arrays.join("\n\n");
    let drawn = arrays
        .iter()
        .map(|array| array.replace("],", "],\n"))
        .collect::<Vec<_>>();
    let drawn = drawn.join("\n\n");
    for text in [&one_a_line, &apart, &drawn] {
        let (code, out, err) = run(&["sudoku", "solve", "--verify"], text);
        assert_eq!(code, 0, "{text}\n{err}");
        assert_eq!(out.lines().collect::<Vec<_>>(), expected, "{text}");
        assert!(err.contains("3 solved, 0 failed"), "{err}");
    }
    // A malformed array among them is answered on its line with its
    // error; the others are solved.
    let cut = format!("{}\n{}\n{}\n", arrays[0], &arrays[1][..20], arrays[2]);
    let (code, out, err) = run(&["sudoku", "count"], &cut);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        out,
        "line 1: unique: 1 solution\nline 3: unique: 1 solution\n"
    );
    assert!(
        err.starts_with("line 2, column 20: expected an array of rows"),
        "{err}"
    );
}

/// Jigsaws in their stacked form: each one's givens grid, a blank line,
/// then its grid of region letters (from `generate --format grid`'s rows
/// `givens letters`).
fn stacked_jigsaws(side_by_side: &str) -> String {
    let jigsaws: Vec<String> = side_by_side
        .trim_end()
        .split("\n\n")
        .map(|block| {
            let rows = block.lines().map(|row| row.split_once(' ').unwrap());
            let (givens, labels): (Vec<&str>, Vec<&str>) = rows.unzip();
            format!("{}\n\n{}\n", givens.join("\n"), labels.join("\n"))
        })
        .collect();
    jigsaws.join("\n")
}

#[cfg(unix)]
#[test]
fn inputs_that_can_be_read_only_once_lose_no_record() {
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let args = [
        "sudoku", "generate", "--jigsaw", "--count", "2", "--seed", "3",
    ];
    let (_, side_by_side, _) = run(&[&args[..], &["--format", "grid"]].concat(), "");
    let two_jigsaws = stacked_jigsaws(&side_by_side);
    let four = [
        "sudoku", "generate", "--size", "4", "--count", "2", "--seed", "8",
    ];
    let (_, four_by_four, _) = run(&four, "");
    for (input, puzzles) in [(classic, 1), (&two_jigsaws, 2), (&four_by_four, 2)] {
        // From a file, from stdin, and through a path that names a pipe.
        let file = named_temp_file("once.txt", input);
        let (code, expected, err) = run(&["sudoku", "solve", file.to_str().unwrap()], "");
        assert_eq!(code, 0, "{input}\n{err}");
        assert_eq!(run(&["sudoku", "solve"], input).1, expected, "{input}");
        let (code, out, err) = run(&["sudoku", "solve", "/dev/stdin"], input);
        assert_eq!((code, &out), (0, &expected), "{input}\n{err}");
        let fifo = std::env::temp_dir().join(format!("gridsolve-fifo-{}", std::process::id()));
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let writer = {
            let (fifo, input) = (fifo.clone(), input.to_string());
            std::thread::spawn(move || std::fs::write(fifo, input).unwrap())
        };
        let (code, out, err) = run(&["sudoku", "count", fifo.to_str().unwrap()], "");
        writer.join().unwrap();
        std::fs::remove_file(&fifo).unwrap();
        assert_eq!(code, 0, "{input}\n{err}");
        let unique = out
            .lines()
            .filter(|line| line.ends_with(": unique: 1 solution"));
        assert_eq!(unique.count(), puzzles, "{input}\n{out}");
    }
    // bench reads a file again and again: a pipe is refused, saying so.
    for path in ["/dev/stdin", "-"] {
        let (code, out, err) = run(&["sudoku", "bench", "--format", "json", path], classic);
        assert_eq!((code, out.as_str()), (2, ""), "{path}");
        assert!(err.contains("save it to a file first"), "{path}: {err}");
    }
    // The two stacked jigsaws are jigsaws on stdin too, not 9×9 grids
    // and broken rows of letters.
    let (code, out, err) = run(&["sudoku", "count"], &two_jigsaws);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "line 1: unique: 1 solution\nline 21: unique: 1 solution\n"
    );
}

/// `labels` (region letters) renamed to digits 1 to 9 in order of first
/// appearance, as some collections write a jigsaw's regions.
fn digit_labels(labels: &str) -> String {
    let mut names: Vec<char> = Vec::new();
    labels
        .chars()
        .map(|ch| {
            if !ch.is_alphabetic() {
                return ch;
            }
            if !names.contains(&ch) {
                names.push(ch);
            }
            let index = names.iter().position(|&name| name == ch).unwrap();
            char::from(b'1' + index as u8)
        })
        .collect()
}

/// The one-line jigsaws `one_line` (each a givens line, then its labels
/// line; apart by blank lines) with their regions in digits, in three
/// forms: one-line, side by side, stacked.
fn digit_jigsaw_forms(one_line: &str) -> [String; 3] {
    let jigsaws: Vec<(String, String)> = one_line
        .split("\n\n")
        .map(|jigsaw| {
            let (givens, labels) = jigsaw.trim().split_once('\n').unwrap();
            (givens.to_string(), digit_labels(labels))
        })
        .collect();
    let lines: Vec<String> = jigsaws
        .iter()
        .map(|(givens, labels)| format!("{givens}\n{labels}\n"))
        .collect();
    let side_by_side: Vec<String> = jigsaws
        .iter()
        .map(|(givens, labels)| {
            let rows = (0..9).map(|row| {
                let cells = row * 9..row * 9 + 9;
                format!("{} {}\n", &givens[cells.clone()], &labels[cells])
            });
            rows.collect()
        })
        .collect();
    let side_by_side = side_by_side.join("\n");
    let stacked = stacked_jigsaws(&side_by_side);
    [lines.join("\n"), side_by_side, stacked]
}

#[test]
fn jigsaw_regions_in_digits_are_read_in_every_form() {
    let args = [
        "sudoku", "generate", "--jigsaw", "--count", "2", "--seed", "6",
    ];
    let (code, one_line, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    let (_, expected, _) = run(&["sudoku", "solve"], &one_line);
    let first_jigsaw = one_line.split("\n\n").next().unwrap();
    for text in digit_jigsaw_forms(first_jigsaw) {
        let (code, out, err) = run(&["sudoku", "count"], &text);
        assert_eq!(
            (code, out.as_str()),
            (0, "line 1: unique: 1 solution\n"),
            "{text}\n{err}"
        );
    }
    for text in digit_jigsaw_forms(&one_line) {
        assert!(!text.chars().any(char::is_alphabetic), "{text}");
        let (code, out, err) = run(&["sudoku", "solve", "--verify"], &text);
        assert_eq!(code, 0, "{text}\n{err}");
        assert!(err.contains("2 solved, 0 failed"), "{text}\n{err}");
        // The same answers as the letters' (each in its puzzle's form):
        // each answer's first 81 values, its labels after them.
        let values = |answers: &str| -> Vec<String> {
            let answer = |block: &str| -> String {
                let rows = block.lines().filter_map(|row| row.split(' ').next());
                rows.flat_map(str::chars).take(81).collect()
            };
            answers.split("\n\n").map(answer).collect()
        };
        assert_eq!(values(&out), values(&expected), "{text}\n{out}");
    }
    // A puzzle followed by its answer is no jigsaw: two classic records.
    let (_, answered, _) = run(&["sudoku", "generate", "--seed", "6", "--solution"], "");
    let (code, out, _) = run(&["sudoku", "count"], &answered);
    assert_eq!((code, out.lines().count()), (0, 2), "{answered}\n{out}");
}

#[test]
fn janko_puzzles_one_after_another_are_a_batch() {
    let args = [
        "sudoku", "generate", "--jigsaw", "--count", "3", "--seed", "2",
    ];
    let (code, side_by_side, err) = run(&[&args[..], &["--format", "grid"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let (_, expected, _) = run(&["sudoku", "count"], &side_by_side);
    assert_eq!(
        expected.matches("unique: 1 solution").count(),
        3,
        "{expected}"
    );
    let spaced = |row: &str| -> String {
        let cells: Vec<String> = row
            .chars()
            .map(|ch| {
                if ch == '.' {
                    "-".into()
                } else {
                    ch.to_string()
                }
            })
            .collect();
        cells.join(" ")
    };
    let janko: String = side_by_side
        .trim_end()
        .split("\n\n")
        .map(|block| {
            let rows = block.lines().map(|row| row.split_once(' ').unwrap());
            let (givens, labels): (Vec<&str>, Vec<&str>) = rows.unzip();
            let givens: Vec<String> = givens.into_iter().map(spaced).collect();
            let labels: Vec<String> = labels.into_iter().map(spaced).collect();
            format!("9 9\n{}\n{}\n", givens.join("\n"), labels.join("\n"))
        })
        .collect();
    // No blank line between them: each header starts a puzzle, on a file
    // and on stdin.
    let file = named_temp_file("janko.txt", &janko);
    for args in [
        vec!["sudoku", "count", file.to_str().unwrap()],
        vec!["sudoku", "count"],
    ] {
        let (code, out, err) = run(&args, &janko);
        assert_eq!(code, 0, "{janko}\n{err}");
        assert_eq!(out, "line 1: unique: 1 solution\nline 20: unique: 1 solution\nline 39: unique: 1 solution\n");
    }
    let (code, _, err) = run(&["sudoku", "solve", "--verify"], &janko);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("3 solved, 0 failed"), "{err}");
}

/// Each input is read as the kind of record it holds, whatever the first
/// one holds: classic files and variant files mixed on one command line
/// get the answers each gets alone, in input order, for every verb (the
/// first input used to decide for all, and a 4×4 file after a classic one
/// was a row of "expected 81 cells" errors); an option one kind refuses
/// is refused before any answer is written.
#[test]
fn inputs_of_each_kind_are_read_as_theirs_whatever_the_first_holds() {
    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    // Rated 3.2 (X-Wing) by Sukaku Explainer.
    const X_WING: &str =
        "970306042805000109000050000207000304010020080400738001000905000000000000100847003";
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let classic = write("classic.txt", &format!("{LEETCODE}\n{X_WING}\n"));
    let four = write("four.txt", "1...\n..2.\n.3..\n...4\n");
    let janko = write("janko.txt", &janko_of(LEETCODE));
    let grid = write(
        "grid.txt",
        &X_WING
            .as_bytes()
            .chunks(9)
            .map(|row| String::from_utf8(row.to_vec()).unwrap() + "\n")
            .collect::<String>(),
    );
    // Two runs of each kind, each kind first once.
    for order in [
        [&classic, &four, &grid, &janko, &four],
        [&four, &classic, &janko, &four, &grid],
    ] {
        let files: Vec<&str> = order.iter().map(|file| file.as_str()).collect();
        let alone = |verb: &str, extra: &[&str]| -> (String, Vec<i32>) {
            let mut codes = Vec::new();
            let mut text = String::new();
            for file in &files {
                let mut args = vec!["sudoku", verb];
                args.extend(extra);
                args.push(file);
                let (code, out, _) = run(&args, "");
                codes.push(code);
                text.push_str(&out);
            }
            (text, codes)
        };
        for (verb, extra) in [
            ("solve", &["--format", "jsonl"][..]),
            ("count", &["--format", "jsonl"][..]),
            ("check", &["--format", "jsonl"][..]),
            ("rate", &["--format", "jsonl"][..]),
            ("hint", &["--format", "jsonl"][..]),
        ] {
            let mut args = vec!["sudoku", verb];
            args.extend(extra);
            args.extend(&files);
            let (code, together, err) = run(&args, "");
            let (each, codes) = alone(verb, extra);
            let worst = codes.into_iter().max().unwrap();
            assert_eq!(code, worst, "{verb} {files:?}: {err}");
            assert!(!err.contains("error"), "{verb}: {err}");
            let records: Vec<serde_json::Value> = together
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            let expected: Vec<serde_json::Value> = each
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            assert_eq!(records, expected, "{verb} {files:?}");
            // Every record names its file, in input order.
            let named: Vec<&str> = records
                .iter()
                .map(|record| record["file"].as_str().unwrap())
                .collect();
            let mut inputs = named.clone();
            inputs.dedup();
            assert_eq!(inputs, files, "{verb}");
        }
        // The text answers too, each file's as it gets alone, and one
        // summary for the whole run.
        let mut args = vec!["sudoku", "solve", "--verify"];
        args.extend(&files);
        let (code, together, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        assert!(err.ends_with("6 solved, 0 failed\n"), "{err}");
        assert_eq!(err.matches("solved,").count(), 1, "{err}");
        let (solved, _) = alone("solve", &[]);
        assert_eq!(together.replace("\n\n", "\n"), solved.replace("\n\n", "\n"));
        // A classic form refused on the 4×4 files before any answer.
        let mut args = vec!["sudoku", "solve", "--format", "pretty"];
        args.extend(&files);
        let (code, out, err) = run(&args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("applies to classic 9×9 records"), "{err}");
    }
}

/// `--variant x` and `--variant windoku` add their units to a puzzle in
/// any notation, not only to a bare grid: a JSON document's or an array's
/// givens that repeat a value on a diagonal (in a window) break it only
/// with the flag, and a document that lists the units already keeps them
/// once (its one solution stays one).
#[test]
fn x_and_windoku_add_their_units_to_any_notation() {
    let on_a_diagonal = [
        r#"{"box":[2,2],"givens":["1...","....","....","...1"]}"#,
        "[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]]",
    ];
    for puzzle in on_a_diagonal {
        let (code, out, err) = run(&["sudoku", "check", "--variant", "x"], puzzle);
        assert_eq!(code, 1, "{puzzle}: {out}{err}");
        assert!(
            out.contains("given 1 at r4c4 breaks the diagonal r1c1-r4c4"),
            "{out}"
        );
        let (code, out, _) = run(&["sudoku", "check"], puzzle);
        assert_eq!((code, out.as_str()), (0, "line 1: valid, 14 empty cells\n"));
    }
    // Its diagonal listed in the document: still one conflict, not two.
    let listed = r#"{"box":[2,2],"givens":["1...","....","....","...1"],"units":[["r1c1","r2c2","r3c3","r4c4"]]}"#;
    let (code, out, _) = run(&["sudoku", "check", "--variant", "x"], listed);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("line 1: invalid, 1 conflict\n"), "{out}");
    // A document that lists the same unit twice breaks it once.
    let twice = listed.replace("]]}", "],[\"r4c4\",\"r3c3\",\"r2c2\",\"r1c1\"]]}");
    let (code, out, _) = run(&["sudoku", "check"], &twice);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("line 1: invalid, 1 conflict\n"), "{out}");
    let (code, _, err) = run(&["sudoku", "solve"], &twice);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.matches("breaks the diagonal").count(), 1, "{err}");
    let mut rows = vec![".".repeat(9); 9];
    rows[1] = ".5.......".to_string();
    rows[3] = "...5.....".to_string();
    let in_a_window = serde_json::json!({ "box": [3, 3], "givens": rows }).to_string();
    let (code, out, _) = run(&["sudoku", "check", "--variant", "windoku"], &in_a_window);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("breaks the window r2c2-r4c4"), "{out}");
    let (code, out, _) = run(&["sudoku", "check"], &in_a_window);
    assert_eq!(code, 0, "{out}");
    for (units, form) in [("--diagonals", "x"), ("--windows", "windoku")] {
        let (code, document, err) = run(
            &["sudoku", "generate", "--size", "6", "--seed", "3", units],
            "",
        );
        assert_eq!(code, 0, "{err}");
        for flag in [&["--variant", form][..], &[]] {
            let (code, out, err) = run(&[&["sudoku", "count"][..], flag].concat(), &document);
            assert_eq!(
                (code, out.as_str()),
                (0, "line 1: unique: 1 solution\n"),
                "{err}"
            );
        }
    }
}
