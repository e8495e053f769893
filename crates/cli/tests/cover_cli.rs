//! The `gridsolve cover` command as a user runs it.

mod common;

use common::run;

#[test]
fn emitted_queens_8_count_92() {
    let (code, dlx, _) = run(&["cover", "emit", "queens", "8"], "");
    assert_eq!(code, 0);
    assert!(dlx.starts_with("r0 r1 r2 r3 r4 r5 r6 r7 c0"), "{dlx}");
    assert_eq!(run(&["cover", "count", "-"], &dlx).1, "92\n");
}

#[test]
fn emitted_pentominoes_on_3x20_count_8_with_stats() {
    let (_, dlx, _) = run(&["cover", "emit", "pentomino", "--board", "3x20"], "");
    let (code, out, err) = run(&["cover", "count", "--stats"], &dlx);
    assert_eq!((code, out.as_str()), (0, "8\n"));
    assert!(err.starts_with("solutions 8, nodes "), "{err}");
    assert!(err.contains(", updates "), "{err}");
}

#[test]
fn solve_prints_each_solution_as_its_option_lines() {
    let dlx = "| a tiny problem\na b c\na b\nc\na\nb c\n";
    let (code, out, _) = run(&["cover", "solve", "--limit", "5"], dlx);
    assert_eq!((code, out.as_str()), (0, "a b\nc\n\na\nb c\n"));
    let (_, out, _) = run(&["cover", "solve", "--format", "jsonl"], dlx);
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(record["lines"], serde_json::json!([3, 4]));
    assert_eq!(record["texts"], serde_json::json!(["a b", "c"]));
}

#[test]
fn an_unknown_item_exits_2_naming_line_and_item() {
    let (code, _, err) = run(&["cover", "count"], "a b c\na b\nc d\n");
    assert_eq!(code, 2);
    assert_eq!(err, "stdin: line 3, column 3: unknown item \"d\"\n");
}

#[test]
fn a_problem_without_solution_exits_1() {
    let (code, out, err) = run(&["cover", "solve"], "a b\na\n");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no solution"), "{err}");
    assert_eq!(run(&["cover", "count"], "a b\na\n").1, "0\n");
}

#[test]
fn a_node_budget_gives_a_lower_bound() {
    let (_, dlx, _) = run(&["cover", "emit", "queens", "20"], "");
    let (code, out, err) = run(&["cover", "count", "--max-nodes", "1000"], &dlx);
    assert_eq!(code, 1);
    assert!(out.starts_with("at least "), "{out}");
    assert!(err.contains("node budget spent"), "{err}");
}

#[test]
fn an_emitted_sudoku_solves_to_the_same_grid() {
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let (_, dlx, _) = run(&["cover", "emit", "sudoku"], puzzle);
    assert_eq!(dlx.lines().next().unwrap().split(' ').count(), 324);
    let (_, out, _) = run(&["cover", "solve"], &dlx);
    // 81 options, one per cell: "pRC rRD cCD bBD"; rebuild the grid.
    let mut grid = [b'.'; 81];
    for option in out.lines() {
        let cell = &option[1..3];
        let digit = option.split(' ').nth(1).unwrap().as_bytes()[2];
        let (r, c) = (cell.as_bytes()[0] - b'0', cell.as_bytes()[1] - b'0');
        grid[r as usize * 9 + c as usize] = digit;
    }
    let answer = run(&["sudoku", "solve"], puzzle).1;
    assert_eq!(String::from_utf8(grid.to_vec()).unwrap(), answer.trim());
}

#[test]
fn a_board_drawing_with_holes_is_packed() {
    // The 8x8 board less its central 2x2, drawn: 520 packings.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let path = dir.join("board.txt");
    let mut drawing = String::new();
    for row in 0..8 {
        for col in 0..8 {
            drawing.push(if (3..5).contains(&row) && (3..5).contains(&col) {
                '#'
            } else {
                '.'
            });
        }
        drawing.push('\n');
    }
    std::fs::write(&path, drawing).unwrap();
    let (code, from_file, _) = run(
        &[
            "cover",
            "emit",
            "pentomino",
            "--board-file",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    let (_, from_spec, _) = run(&["cover", "emit", "pentomino", "--board", "8x8-center"], "");
    assert_eq!(from_file, from_spec);
}

#[test]
fn limit_0_prints_every_solution_as_many_as_count_finds() {
    let (_, problem, _) = run(&["cover", "emit", "queens", "6"], "");
    let (code, counted, _) = run(&["cover", "count", "-"], &problem);
    assert_eq!(code, 0);
    let (code, all, err) = run(
        &["cover", "solve", "--limit", "0", "--format", "jsonl", "-"],
        &problem,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(all.lines().count().to_string(), counted.trim());
}

/// Word squares through colors: the builder's rectangles are counted and
/// listed, each a grid whose rows and columns are words of the list.
#[test]
fn emitted_word_squares_are_solved_with_colors() {
    let (code, dlx, _) = run(&["cover", "emit", "words", "-"], "ab\nba\n\nab\n");
    assert_eq!(code, 0);
    assert!(dlx.contains("a1 r1c1:a r1c2:b\n"), "{dlx}");
    assert_eq!(run(&["cover", "count", "-"], &dlx).1, "2\n");
    let (code, out, _) = run(&["cover", "solve", "--limit", "1"], &dlx);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "a1 r1c1:a r1c2:b\na2 r2c1:b r2c2:a\nd1 r1c1:a r2c1:b\nd2 r1c2:b r2c2:a\n"
    );
}

#[test]
fn a_word_of_the_wrong_length_is_refused_naming_the_input_and_word() {
    let (code, out, err) = run(&["cover", "emit", "words", "-"], "ab\nabc\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "stdin: across word 2 \"abc\" has 3 letters, the first has 2\n"
    );
}
