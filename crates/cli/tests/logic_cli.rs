//! `gridsolve sudoku hint` and `gridsolve sudoku explain` as a user runs
//! them.

mod common;

use common::{in_letters, janko_of, line_statuses, run};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sudoku");

fn example(name: &str) -> String {
    format!("{EXAMPLES}/{name}")
}

#[test]
fn hint_on_leetcode_37_names_a_single_and_its_cell() {
    let (code, out, _) = run(&["sudoku", "hint", &example("leetcode37.txt")], "");
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap();
    assert!(first.contains("(hidden single)"), "{out}");
    assert!(first.contains("fits only in r"), "{out}");
}

/// `hint` and `explain` at each `--detail`: `full` is the default; a
/// concrete sentence begins as the vague one and says more; neither names
/// what the step places or removes; jsonl's `explanation` is the text's
/// sentence; each step of an explanation is told in the same detail.
#[test]
fn hints_tell_more_at_each_detail() {
    let puzzle = example("x-wing.txt");
    let sentences = |verb: &str, detail: &str| -> Vec<String> {
        let (code, out, err) = run(&["sudoku", verb, "--detail", detail, &puzzle], "");
        assert_eq!(code, 0, "{err}");
        let (_, jsonl, _) = run(
            &[
                "sudoku", verb, "--detail", detail, "--format", "jsonl", &puzzle,
            ],
            "",
        );
        let record: serde_json::Value = serde_json::from_str(&jsonl).unwrap();
        let told: Vec<String> = record["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| step["explanation"].as_str().unwrap().to_string())
            .collect();
        let shown: Vec<String> = out
            .lines()
            .filter_map(|line| {
                line.split_once("] ")
                    .map(|(_, sentence)| sentence.to_string())
            })
            .collect();
        assert_eq!(shown, told, "{verb} --detail {detail}");
        told
    };
    for verb in ["hint", "explain"] {
        let (_, default, _) = run(&["sudoku", verb, &puzzle], "");
        let (_, full, _) = run(&["sudoku", verb, "--detail", "full", &puzzle], "");
        assert_eq!(full, default);
        let [vague, concrete, full] =
            ["vague", "concrete", "full"].map(|detail| sentences(verb, detail));
        assert_eq!(vague.len(), full.len());
        for ((vague, concrete), full) in vague.iter().zip(&concrete).zip(&full) {
            assert!(
                concrete.starts_with(vague.trim_end_matches('.')),
                "{concrete}"
            );
            assert!(concrete.len() > vague.len(), "{concrete}");
            for told in [vague, concrete] {
                assert!(
                    !told.contains("removed") && !told.contains("holds"),
                    "{told}"
                );
                assert_ne!(told, full);
            }
        }
    }
}

#[test]
fn hint_with_candidates_shows_the_marks_before_and_after() {
    let (code, out, _) = run(
        &["sudoku", "hint", "--candidates", &example("leetcode37.txt")],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("pencil marks\n"), "{out}");
    assert!(out.contains("pencil marks after\n"), "{out}");
    // A hint told short of its outcome keeps the marks after it back.
    for detail in ["vague", "concrete"] {
        let (code, short, _) = run(
            &[
                "sudoku",
                "hint",
                "--candidates",
                "--detail",
                detail,
                &example("leetcode37.txt"),
            ],
            "",
        );
        assert_eq!(code, 0);
        assert!(short.contains("pencil marks\n"), "{short}");
        assert!(!short.contains("pencil marks after"), "{short}");
    }
    // Row 1 of LeetCode 37 starts with the givens 5 and 3.
    assert!(out.contains("\n [5]       [3]       "), "{out}");
}

#[test]
fn explain_shows_the_x_wing_with_its_lines_and_eliminations() {
    let (code, out, _) = run(&["sudoku", "explain", &example("x-wing.txt")], "");
    assert_eq!(code, 0);
    let step = out
        .lines()
        .find(|line| line.contains("(X-Wing)"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(step.contains("[3.2]"), "{step}");
    assert!(step.contains(" in rows "), "{step}");
    assert!(step.contains("is confined to columns "), "{step}");
    assert!(step.contains(" is removed from r"), "{step}");
    assert!(out.contains("solved by logic in "), "{out}");
}

#[test]
fn explain_jsonl_steps_replay_to_the_solution() {
    let (code, out, _) = run(
        &[
            "sudoku",
            "explain",
            "--format",
            "jsonl",
            &example("x-wing.txt"),
        ],
        "",
    );
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["status"], "solved");
    let solution = record["solution"].as_str().unwrap().as_bytes().to_vec();
    for step in record["steps"].as_array().unwrap() {
        for placement in step["placements"].as_array().unwrap() {
            // "r4c7=5": the solution holds 5 in r4c7.
            let text = placement.as_str().unwrap();
            let (row, col, digit) = (
                text.as_bytes()[1] - b'1',
                text.as_bytes()[3] - b'1',
                text.as_bytes()[5],
            );
            assert_eq!(
                solution[usize::from(row) * 9 + usize::from(col)],
                digit,
                "{text}"
            );
        }
    }
}

/// A puzzle of the forum's hardest list (Sudoku Explainer rates it 11.8):
/// its steps are forcing chains nested three deep, a rating of minutes,
/// so a timeout of a second stops it (before its first step in a debug
/// build).
const HARDEST: &str =
    "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";

/// `solved` (81 digits) with the four cells of a rectangle blanked whose
/// digits can swap (two rows of one band, two columns of two boxes, the
/// same two digits crosswise): the grid then has two solutions, and no
/// technique can tell them apart.
fn deadly_rectangle(solved: &str) -> String {
    let digit = |row: usize, col: usize| solved.as_bytes()[row * 9 + col];
    for (row, other_row) in
        (0..9).flat_map(|row| (row + 1..row / 3 * 3 + 3).map(move |other| (row, other)))
    {
        for col in 0..9 {
            for other_col in (col / 3 * 3 + 3)..9 {
                if digit(row, col) == digit(other_row, other_col)
                    && digit(row, other_col) == digit(other_row, col)
                {
                    let mut grid = solved.as_bytes().to_vec();
                    for (r, c) in [
                        (row, col),
                        (row, other_col),
                        (other_row, col),
                        (other_row, other_col),
                    ] {
                        grid[r * 9 + c] = b'.';
                    }
                    return String::from_utf8(grid).unwrap();
                }
            }
        }
    }
    panic!("no such rectangle in {solved}");
}

#[test]
fn explain_says_where_the_techniques_run_out() {
    let (_, solved, _) = run(&["sudoku", "solve", &example("leetcode37.txt")], "");
    let solved: String = solved.split_whitespace().collect();
    let input = format!("{}\n", deadly_rectangle(&solved));
    let (code, out, _) = run(&["sudoku", "explain"], &input);
    assert_eq!(code, 0);
    assert!(
        out.contains("the techniques run out after 0 steps with 4 cells empty (the puzzle has more than one solution"),
        "{out}"
    );
    // An open grid of many solutions: the chains that cannot finish it
    // give up there too (the deepest nested ones are not searched).
    let open = format!("12345678{}\n", ".".repeat(73));
    let (code, out, _) = run(&["sudoku", "explain"], &open);
    assert_eq!(code, 0);
    assert!(
        out.contains("the techniques run out after 1 steps with 72 cells empty (the puzzle has more than one solution"),
        "{out}"
    );
}

#[test]
fn explain_stopped_by_its_timeout_says_so_and_prints_the_answer() {
    let input = format!("{HARDEST}\n");
    let (code, out, _) = run(&["sudoku", "explain", "--timeout", "1s"], &input);
    assert_eq!(code, 0);
    assert!(out.contains("stopped (timeout) after "), "{out}");
    assert!(
        out.contains("the rest was found by search, the answer below"),
        "{out}"
    );
    let answer = out.lines().last().unwrap();
    let (_, solved, _) = run(&["sudoku", "solve"], &input);
    assert_eq!(answer, solved.trim());
}

#[test]
fn bad_records_get_their_answer_and_the_batch_goes_on() {
    let blanks = ".".repeat(72);
    let input = format!("55.......{blanks}\n123\n12345678.........9{}\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", ".".repeat(63));
    let (code, out, err) = run(&["sudoku", "hint", "-"], &input);
    assert_eq!(code, 2, "a malformed record is a usage-class error");
    assert!(
        out.contains("line 1: invalid: digit 5 twice in row 1: r1c1 and r1c2"),
        "{out}"
    );
    assert!(err.contains("line 2: "), "{err}");
    assert!(out.contains("line 3: no solution"), "{out}");
    assert!(out.contains("line 4: [1.2] "), "{out}");
}

#[test]
fn rate_gives_the_published_rating_of_the_x_wing_puzzle() {
    // Sukaku Explainer rated it 3.2 (the Sudoku Exchange bank's figure).
    let file = example("x-wing.txt");
    let (code, out, _) = run(&["sudoku", "rate", &file], "");
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("# rater gridsolve-logic "),
        "{out}"
    );
    let rated = lines.next().unwrap();
    assert!(rated.starts_with("line 2: ER 3.2 EP "), "{rated}");
    assert!(rated.contains("X-Wing 1"), "{rated}");
    // The givens, counted from the file; ED is the first step explain shows.
    let text = std::fs::read_to_string(&file).unwrap();
    let puzzle = text.lines().find(|line| !line.starts_with('#')).unwrap();
    let givens = puzzle.chars().filter(|ch| ('1'..='9').contains(ch)).count();
    assert!(rated.contains(&format!(", {givens} givens, ")), "{rated}");
    let (_, explained, _) = run(&["sudoku", "explain", &file], "");
    let first = explained.lines().next().unwrap();
    let first_rating = &first[first.find('[').unwrap() + 1..first.find(']').unwrap()];
    assert!(
        rated.contains(&format!(" ED {first_rating},")),
        "{rated} / {first}"
    );
}

#[test]
fn rate_marks_lower_bounds_and_refuses_what_it_cannot_rate() {
    let input = format!(
        "{}\n{}\n{}\n",
        HARDEST,
        // An empty grid has many solutions.
        ".".repeat(81),
        "11".to_string() + &".".repeat(79)
    );
    let (code, out, _) = run(
        &[
            "sudoku",
            "rate",
            "--format",
            "jsonl",
            "--threads",
            "2",
            "--timeout",
            "1s",
        ],
        &input,
    );
    assert_eq!(code, 1);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "lower_bound");
    // Its first steps remove candidates, so every blank is left.
    assert_eq!(
        records[0]["cells_left"],
        81 - HARDEST.matches(|c: char| c.is_ascii_digit()).count()
    );
    assert_eq!(records[1]["status"], "multiple");
    assert_eq!(records[2]["status"], "invalid");
    assert!(records
        .iter()
        .enumerate()
        .all(|(index, record)| record["line"] == index + 1));
}

/// `rate --format csv`: a row per record in order, bad records included
/// with their status and message, the ratings those of `--format jsonl`.
#[test]
fn rate_csv_has_a_row_per_record_with_the_jsonl_figures() {
    let x_wing = std::fs::read_to_string(example("x-wing.txt")).unwrap();
    // The file's puzzle, without its comment line.
    let x_wing = x_wing.lines().last().unwrap();
    let input = format!(
        "{}\n{}\n{}\n{}\n{}{}\n",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ".".repeat(80),
        ".".repeat(81),
        "11".to_string() + &".".repeat(79),
        x_wing,
        format_args!("\n{HARDEST}"),
    );
    let (code, out, _) = run(
        &["sudoku", "rate", "--format", "csv", "--timeout", "1s"],
        &input,
    );
    // A malformed record makes it an input error; the batch went on.
    assert_eq!(code, 2);
    assert!(out.starts_with("# rater gridsolve-logic"), "{out}");
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(out.as_bytes());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|field| field == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let statuses: Vec<&str> = rows.iter().map(|row| &row[column("Status")]).collect();
    assert_eq!(
        statuses,
        [
            "rated",
            "error",
            "multiple",
            "invalid",
            "rated",
            "lower_bound"
        ]
    );
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row[column("Line")], (index + 1).to_string());
    }
    assert!(
        rows[1][column("Message")].contains("line 2"),
        "{:?}",
        rows[1]
    );
    let (_, jsonl, _) = run(
        &["sudoku", "rate", "--format", "jsonl", "--timeout", "1s"],
        &input,
    );
    let records: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .filter(|record: &serde_json::Value| record["status"] != "error")
        .collect();
    for (row, record) in rows
        .iter()
        .filter(|row| &row[column("Status")] != "error")
        .zip(&records)
    {
        assert_eq!(row[column("Status")], record["status"]);
        if record["status"] == "rated" {
            // No step at all: no ER (null in jsonl, empty in csv).
            assert_eq!(&row[column("ER")], record["er"].as_str().unwrap_or(""));
            assert_eq!(row[column("Difficulty")], record["qqwing"]);
            assert_eq!(row[column("Level")], record["level"]);
        }
        if record["status"] == "lower_bound" {
            // A bound is as far as each run got in its second, which a
            // busy machine makes differ between the two runs: the same
            // status and givens, and an ER in the csv's own form (`>=x`).
            let er = &row[column("ER")];
            let bound = er.strip_prefix(">=").map(str::parse::<f64>);
            assert!(er.is_empty() || bound.is_some_and(|x| x.is_ok()), "{er}");
        }
        if record["status"] == "rated" || record["status"] == "lower_bound" {
            assert_eq!(row[column("Givens")], record["givens"].to_string());
        }
    }
}

/// Whether the one-line grid `line` (side 9, `.` blank) has its givens in
/// the pattern of `symmetry`, written from the definitions of the turns
/// and reflections.
fn symmetric(line: &str, symmetry: &str) -> bool {
    let given: Vec<bool> = line.chars().map(|c| c != '.').collect();
    let at = |row: usize, col: usize| given[row * 9 + col];
    (0..9).all(|row| {
        (0..9).all(|col| {
            !at(row, col)
                || match symmetry {
                    "rotate180" => at(8 - row, 8 - col),
                    "rotate90" => at(col, 8 - row),
                    "mirror" => at(row, 8 - col),
                    "diagonal" => at(col, row),
                    _ => true,
                }
        })
    })
}

/// `sudoku generate --difficulty --symmetry` (issue 17's command, fewer
/// puzzles): unique by `count`, symmetric, rated the level asked by
/// `rate`, and the same puzzles on one thread and on two.
#[test]
fn generated_puzzles_are_unique_symmetric_of_the_level_asked_and_reproducible() {
    let generate = |threads: &str| {
        let (code, out, err) = run(
            &[
                "sudoku",
                "generate",
                "--count",
                "4",
                "--seed",
                "7",
                "--symmetry",
                "rotate180",
                "--difficulty",
                "hard",
                "--threads",
                threads,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        out
    };
    let puzzles = generate("1");
    assert_eq!(generate("2"), puzzles);
    assert_eq!(puzzles.lines().count(), 4);
    for line in puzzles.lines() {
        assert!(symmetric(line, "rotate180"), "{line}");
    }
    let (code, counted, _) = run(
        &["sudoku", "count", "--limit", "2", "--format", "jsonl"],
        &puzzles,
    );
    assert_eq!(code, 0);
    for record in counted.lines() {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        assert_eq!(record["solutions"], 1, "{record}");
    }
    let (code, rated, _) = run(&["sudoku", "rate", "--format", "jsonl"], &puzzles);
    assert_eq!(code, 0);
    let rated: Vec<serde_json::Value> = rated
        .lines()
        .map(|record| serde_json::from_str(record).unwrap())
        .collect();
    assert_eq!(rated.len(), 4);
    for record in &rated {
        assert_eq!(
            (record["status"].as_str(), record["level"].as_str()),
            (Some("rated"), Some("hard")),
            "{record}"
        );
    }
}

/// `generate --rating` and `--qqwing` keep what `rate` says is in the
/// range and of the level, the same puzzles on one thread or two; a bad
/// range is a usage error naming it.
#[test]
fn generated_puzzles_meet_the_rating_range_and_qqwing_level_asked() {
    let generate = |extra: &[&str], threads: &str| {
        let mut args = vec!["sudoku", "generate", "--count", "4", "--seed", "5"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--threads", threads]);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        out
    };
    let rated = |puzzles: &str| -> Vec<serde_json::Value> {
        let (code, out, _) = run(&["sudoku", "rate", "--format", "jsonl"], puzzles);
        assert_eq!(code, 0);
        out.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let in_range = generate(&["--rating", "6.0..7.5"], "1");
    assert_eq!(in_range, generate(&["--rating", "6.0..7.5"], "2"));
    for record in rated(&in_range) {
        let er: f64 = record["er"].as_str().unwrap().parse().unwrap();
        assert!((6.0..=7.5).contains(&er), "{record}");
        assert_eq!(record["status"], "rated");
    }
    let intermediate = generate(&["--qqwing", "intermediate"], "2");
    let records = rated(&intermediate);
    assert_eq!(records.len(), 4);
    for record in records {
        assert_eq!(record["qqwing"], "intermediate", "{record}");
    }
    let (code, _, err) = run(&["sudoku", "generate", "--rating", "7..6"], "");
    assert_eq!(code, 2);
    assert!(err.contains("\"7..6\": LOW is above HIGH"), "{err}");
    let (code, _, err) = run(
        &["sudoku", "generate", "--size", "4", "--qqwing", "easy"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("classic 9×9 grids only"), "{err}");
}

#[test]
fn every_symmetry_gives_its_pattern_and_a_level_needs_the_classic_grid() {
    for symmetry in ["rotate180", "rotate90", "mirror", "diagonal"] {
        let (code, out, err) = run(
            &[
                "sudoku",
                "generate",
                "--count",
                "2",
                "--seed",
                "3",
                "--symmetry",
                symmetry,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        for line in out.lines() {
            assert!(symmetric(line, symmetry), "{symmetry}: {line}");
        }
    }
    let (code, _, err) = run(
        &["sudoku", "generate", "--size", "6", "--difficulty", "easy"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("classic 9×9 grids only"), "{err}");
}

/// The 729-character pencil-mark form of `puzzle`: a given's cell marks
/// only its digit, an empty cell every digit no given of its units holds.
fn pencil_marks(puzzle: &str) -> String {
    let cells: Vec<char> = puzzle.chars().collect();
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
    };
    (0..81)
        .flat_map(|cell| {
            let cells = &cells;
            ('1'..='9').map(move |digit| {
                let open = match cells[cell] {
                    '.' => !(0..81)
                        .any(|other| other != cell && cells[other] == digit && sees(cell, other)),
                    given => given == digit,
                };
                if open {
                    digit
                } else {
                    '.'
                }
            })
        })
        .collect()
}

/// Pencil-mark lines in a batch with a classic record: each answered on
/// its own line number (a hint naming a single and its cell, a rating),
/// a malformed one located by column and the batch going on, one with no
/// completion and one with many answered as such.
#[test]
fn pencil_mark_lines_are_hinted_rated_and_located_when_malformed() {
    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let marks = pencil_marks(LEETCODE);
    let mut garbled = marks.clone();
    garbled.replace_range(16..17, "x");
    // r1c1 and r1c2 may both only be 5: no completion.
    let stuck = format!("....5........5....{}", "123456789".repeat(79));
    let open = "123456789".repeat(81);
    let input = format!("{marks}\n{garbled}\n{LEETCODE}\n{stuck}\n{open}\n");

    let (code, out, err) = run(&["sudoku", "hint"], &input);
    assert_eq!(code, 2, "{out}{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("line 1: [1.2] In box "), "{first}");
    assert!(
        first.contains("(hidden single)") && first.contains(" fits only in r"),
        "{first}"
    );
    assert!(
        err.contains(
            "line 2: pencil marks: column 17: mark 8 of r1c2 must be 8, '.' or '0', not 'x'"
        ),
        "{err}"
    );
    assert!(out.contains("line 3: [1.2]"), "{out}");
    assert!(out.contains("line 4: no solution"), "{out}");

    let (_, rated, _) = run(&["sudoku", "rate", "--format", "jsonl"], &input);
    let records: Vec<serde_json::Value> = rated
        .lines()
        .map(|record| serde_json::from_str(record).unwrap())
        .collect();
    let statuses = line_statuses(&rated);
    let status: Vec<(u64, &str)> = statuses
        .iter()
        .map(|(line, status)| (*line, status.as_str()))
        .collect();
    assert_eq!(
        status,
        [
            (1, "rated"),
            (2, "error"),
            (3, "rated"),
            (4, "no_solution"),
            (5, "multiple")
        ],
        "{rated}"
    );
    // The pencil marks of a puzzle rate as the puzzle does.
    assert_eq!(records[0]["er"], records[2]["er"]);
}

/// HoDoKu's rule: a puzzle whose steps score past its level's limit
/// (medium 1000) is rated a level up, here hard with no technique harder
/// than medium; and the JSON, text and CSV forms carry the same score.
#[test]
fn a_high_score_raises_the_level() {
    let puzzle =
        "4.39..........14......5.9.85...7...2..43.58..8...2...61.7.9......52..........86.5";
    let (code, out, _) = run(&["sudoku", "rate", "--format", "jsonl"], puzzle);
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let score = record["score"].as_u64().unwrap();
    assert!(score > 1000, "{record}");
    assert_eq!(record["level"], "hard");
    let medium_at_most = [
        "full house",
        "hidden single (box)",
        "hidden single (line)",
        "naked single",
        "direct pointing",
        "direct claiming",
        "direct hidden pair",
        "direct hidden triple",
        "pointing",
        "claiming",
        "naked pair",
        "hidden pair",
        "naked triple",
        "hidden triple",
    ];
    for technique in record["techniques"].as_object().unwrap().keys() {
        assert!(medium_at_most.contains(&technique.as_str()), "{technique}");
    }
    let (_, text, _) = run(&["sudoku", "rate"], puzzle);
    assert!(
        text.contains(&format!("level hard (score {score})")),
        "{text}"
    );
    let (_, csv, _) = run(&["sudoku", "rate", "--format", "csv"], puzzle);
    let rows: Vec<&str> = csv.lines().filter(|line| !line.starts_with('#')).collect();
    let header: Vec<&str> = rows[0].split(',').collect();
    let column = header.iter().position(|&name| name == "Score").unwrap();
    assert_eq!(
        rows[1].split(',').nth(column),
        Some(score.to_string().as_str())
    );
}

/// Runs `sudoku generate` with `extra` after a count and seed; its output.
fn generated(extra: &[&str]) -> String {
    let mut args = vec!["sudoku", "generate", "--count", "4", "--seed", "9"];
    args.extend(extra);
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    out
}

/// `generate --clues`: every puzzle has that many givens and one
/// solution; with `--minimal` no given can go, checked here by counting
/// each puzzle with each given taken away in turn.
#[test]
fn generated_puzzles_keep_their_clue_bounds_and_minimality() {
    let bounded = generated(&["--clues", "30..32"]);
    let minimal = generated(&["--clues", "25..27", "--minimal"]);
    for (text, low, high) in [(&bounded, 30, 32), (&minimal, 25, 27)] {
        let puzzles: Vec<&str> = text.lines().collect();
        assert_eq!(puzzles.len(), 4, "{text}");
        for puzzle in &puzzles {
            let givens = puzzle.chars().filter(|&ch| ch != '.').count();
            assert!((low..=high).contains(&givens), "{puzzle}");
        }
        let (_, out, _) = run(&["sudoku", "count", "--format", "jsonl"], text);
        assert!(
            line_statuses(&out)
                .iter()
                .all(|(_, status)| status == "unique"),
            "{out}"
        );
    }
    for puzzle in minimal.lines() {
        let fewer: Vec<String> = puzzle
            .char_indices()
            .filter(|&(_, ch)| ch != '.')
            .map(|(index, _)| format!("{}.{}", &puzzle[..index], &puzzle[index + 1..]))
            .collect();
        let (_, out, _) = run(&["sudoku", "count", "--format", "jsonl"], &fewer.join("\n"));
        let statuses = line_statuses(&out);
        assert_eq!(statuses.len(), fewer.len());
        assert!(
            statuses.iter().all(|(_, status)| status == "multiple"),
            "{puzzle}: {out}"
        );
    }
}

/// `generate --solution --rate`: each puzzle's solution is its answer,
/// its rating is what `rate` says, in text and in `jsonl`; the 9×9 forms
/// read back; forms and ratings other grids cannot take are refused.
#[test]
fn generated_puzzles_come_with_their_solution_and_rating_in_any_form() {
    let text = generated(&["--solution", "--rate"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12, "{text}");
    for trio in lines.chunks(3) {
        let (_, answer, _) = run(&["sudoku", "solve"], trio[0]);
        assert_eq!(answer.trim(), trio[1]);
        let (_, rated, _) = run(&["sudoku", "rate"], trio[0]);
        let rated = rated.lines().nth(1).unwrap();
        let figures = trio[2].strip_prefix("# ").unwrap();
        let (_, rest) = rated.split_once(": ").unwrap();
        assert!(rest.starts_with(figures), "{rated} against {figures}");
    }
    let jsonl = generated(&["--solution", "--rate", "--format", "jsonl"]);
    for (record, trio) in jsonl.lines().zip(lines.chunks(3)) {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        assert_eq!(record["puzzle"], trio[0]);
        assert_eq!(record["solution"], trio[1]);
        let er = record["rating"]["er"].as_str().unwrap();
        assert!(trio[2].starts_with(&format!("# ER {er} ")), "{record}");
    }
    // The jsonl stream reads back as classic records: `rate` and `hint`
    // take it, each rating is its record's, and `solve` writes any 9×9
    // form of each record's solution.
    let (code, rated, err) = run(&["sudoku", "rate", "--format", "jsonl"], &jsonl);
    assert_eq!(code, 0, "{err}");
    let (code, hinted, err) = run(&["sudoku", "hint"], &jsonl);
    assert_eq!((code, hinted.lines().count()), (0, 8), "{err}");
    let (code, drawn, err) = run(&["sudoku", "solve", "--format", "pretty"], &jsonl);
    assert_eq!(code, 0, "{err}");
    let solutions: Vec<&str> = lines.chunks(3).map(|trio| trio[1]).collect();
    let (_, expected, _) = run(
        &["sudoku", "solve", "--format", "pretty"],
        &solutions.join("\n"),
    );
    assert_eq!(drawn, expected);
    for (rating, record) in rated.lines().zip(jsonl.lines()) {
        let rating: serde_json::Value = serde_json::from_str(rating).unwrap();
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        for field in ["er", "ep", "ed", "level", "score", "qqwing"] {
            assert_eq!(rating[field], record["rating"][field], "{field}: {rating}");
        }
    }
    let pretty = generated(&["--format", "pretty"]);
    let (_, answers, _) = run(&["sudoku", "solve", "--format", "line"], &pretty);
    let (_, expected, _) = run(&["sudoku", "solve"], &generated(&[]));
    assert_eq!(answers, expected);
    for (refused, reason) in [
        (&["--size", "4", "--format", "json"][..], "9×9"),
        (&["--size", "4", "--rate"], "9×9"),
        (&["--killer", "--format", "grid"], "written as its document"),
    ] {
        let mut args = vec!["sudoku", "generate"];
        args.extend(refused);
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{refused:?}");
        assert!(err.contains(reason), "{err}");
    }
}

/// `--scale hodoku`: HoDoKu's order (a naked single before a hidden one,
/// never a direct technique), each step with its level and score.
#[test]
fn hodoku_scale_takes_hodokus_order_and_shows_its_scores() {
    let (code, out, _) = run(
        &[
            "sudoku",
            "explain",
            "--scale",
            "hodoku",
            "--format",
            "jsonl",
            &example("x-wing.txt"),
        ],
        "",
    );
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let steps = record["steps"].as_array().unwrap();
    assert_eq!(record["status"], "solved");
    assert!(
        steps.iter().any(|step| step["technique"] == "X-Wing"),
        "{out}"
    );
    for step in steps {
        let technique = step["technique"].as_str().unwrap();
        assert!(!technique.starts_with("direct"), "{technique}");
        assert!(step["score"].as_u64().unwrap() >= 4, "{step}");
    }
    let (_, se, _) = run(&["sudoku", "hint", &example("x-wing.txt")], "");
    let (_, hodoku, _) = run(
        &[
            "sudoku",
            "hint",
            "--scale",
            "hodoku",
            &example("x-wing.txt"),
        ],
        "",
    );
    assert!(se.contains("(hidden single)"), "{se}");
    assert!(
        hodoku.starts_with("line 2: [easy 4] ") && hodoku.contains("(naked single)"),
        "{hodoku}"
    );
}

/// `rate --scale hodoku`: the score is the sum of the scores of the steps
/// `explain --scale hodoku` takes, and the rater line says so.
#[test]
fn rate_on_hodokus_scale_scores_the_hodoku_path() {
    let file = example("x-wing.txt");
    let (_, explained, _) = run(
        &[
            "sudoku", "explain", "--scale", "hodoku", "--format", "jsonl", &file,
        ],
        "",
    );
    let explained: serde_json::Value = serde_json::from_str(explained.trim()).unwrap();
    let total: u64 = explained["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["score"].as_u64().unwrap())
        .sum();
    let (code, rated, _) = run(
        &[
            "sudoku", "rate", "--scale", "hodoku", "--format", "jsonl", &file,
        ],
        "",
    );
    assert_eq!(code, 0);
    let rated: serde_json::Value = serde_json::from_str(rated.trim()).unwrap();
    assert_eq!(rated["score"].as_u64(), Some(total));
    assert_eq!(rated["er"], "3.2");
    assert!(
        rated["rater"].as_str().unwrap().contains("HoDoKu's order"),
        "{rated}"
    );
    let (_, se, _) = run(&["sudoku", "rate", "--format", "jsonl", &file], "");
    let se: serde_json::Value = serde_json::from_str(se.trim()).unwrap();
    assert_eq!(se["er"], rated["er"]);
}

/// The 81 cells of the X-Wing example, `.` for a blank.
fn x_wing_line() -> String {
    let text = std::fs::read_to_string(example("x-wing.txt")).unwrap();
    let line = text.lines().find(|line| !line.starts_with('#')).unwrap();
    line.replace('0', ".")
}

/// `line` (81 cells) as a JSON document of the general model, its values
/// written in `symbols`.
fn json_document(line: &str, symbols: &str) -> String {
    let givens: String = line
        .chars()
        .map(|ch| match ch.to_digit(10) {
            Some(digit) => symbols.chars().nth(digit as usize - 1).unwrap(),
            None => '.',
        })
        .collect();
    format!("{{\"size\":9,\"symbols\":\"{symbols}\",\"givens\":\"{givens}\"}}")
}

/// `text` with each word made only of the letters A to I (between
/// characters that are no letters or digits) written in the digits 1 to 9:
/// `r1c4=C` reads `r1c4=3`, `[H]` reads `[8]`, `ABDF` reads `1246`, and
/// `In`, `BUG` or `r1c4` stay as they are.
fn letter_words_as_digits(text: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() && word.chars().all(|ch| ('A'..='I').contains(&ch)) {
            out.extend(word.chars().map(|ch| char::from(b'1' + (ch as u8 - b'A'))));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[test]
fn classic_puzzles_in_variant_notations_are_worked_as_lines_are() {
    let line = x_wing_line();
    let janko = janko_of(&line);
    let digits = json_document(&line, "123456789");
    let letters = json_document(&line, "ABCDEFGHI");
    for verb in ["hint", "explain", "rate"] {
        let args = ["sudoku", verb, "--format", "jsonl"];
        let (code, expected, err) = run(&args, &format!("{line}\n"));
        assert_eq!(code, 0, "{err}");
        for text in [&janko, &digits] {
            let (code, out, err) = run(&args, text);
            assert_eq!((code, &out), (0, &expected), "{verb} {text}\n{err}");
        }
        // In letters: a rating, which names no value, is the line's; a
        // hint or explanation takes the same steps, each value named by its
        // letter: the words of letters only, read back as digits, give the
        // line's answer (`digits` stays the values' numbers).
        let (code, out, err) = run(&args, &letters);
        assert_eq!(code, 0, "{verb}: {err}");
        if verb == "rate" {
            assert_eq!(out, expected);
        } else {
            assert_ne!(out, expected, "{verb}: the letters' answer names letters");
            assert_eq!(letter_words_as_digits(&out), expected, "{verb}");
            // And no digit is left where a value is named.
            let record: serde_json::Value = serde_json::from_str(&out).unwrap();
            for step in record["steps"].as_array().unwrap() {
                for moved in ["placements", "eliminations"] {
                    for name in step[moved].as_array().unwrap() {
                        let value = name.as_str().unwrap().chars().last().unwrap();
                        assert!(('A'..='I').contains(&value), "{verb}: {name}");
                    }
                }
            }
            if let Some(solution) = record["solution"].as_str() {
                assert!(solution.chars().all(|ch| ('A'..='I').contains(&ch)));
            }
        }
    }
    // The text answers too, pencil marks and the answer line included.
    for args in [
        &["sudoku", "hint", "--candidates"][..],
        &["sudoku", "explain", "--candidates"],
    ] {
        let (_, expected, _) = run(args, &format!("{line}\n"));
        let (code, out, err) = run(args, &letters);
        assert_eq!(code, 0, "{err}");
        assert_ne!(out, expected);
        assert_eq!(letter_words_as_digits(&out), expected, "{args:?}");
        // The pencil marks' rows (all but the `line 1:` lines and the
        // numbered steps) are in letters.
        let marks = out.lines().filter(|row| {
            !row.starts_with("line ")
                && !row.trim_start().starts_with(|ch: char| ch.is_ascii_digit())
        });
        for row in marks {
            assert!(
                !row.chars().any(|ch| ch.is_ascii_digit()),
                "{args:?}: {row}"
            );
        }
    }
    // --in-format names classic forms: on a variant notation it is refused.
    let (code, out, err) = run(&["sudoku", "rate", "--in-format", "line"], &janko);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("--in-format names classic 9×9 record forms"),
        "{err}"
    );
    // A batch of documents, one a line: each is answered on its line,
    // the classic ones rated, the rest reported with why.
    // A second 9 in row 1, next to the first.
    let conflict = line.replacen('7', "9", 1);
    let batch = [
        digits.clone(),
        "{\"size\":4,\"givens\":\"1...............\"}".to_string(),
        json_document(&conflict, "ABCDEFGHI"),
        letters.clone(),
    ]
    .join("\n");
    let (code, out, err) = run(&["sudoku", "rate", "--format", "jsonl"], &batch);
    assert_eq!(code, 2, "{err}");
    let statuses = line_statuses(&out);
    assert_eq!(
        statuses,
        [
            (1, "rated".into()),
            (2, "error".into()),
            (3, "invalid".into()),
            (4, "rated".into())
        ],
        "{out}"
    );
    assert!(
        out.contains("the givens break the rules: given I at r1c2 breaks row 1"),
        "{out}"
    );
    // The classic ones rated as the line is, the letters too.
    let (_, rated, _) = run(&["sudoku", "rate", "--format", "jsonl"], &line);
    let records: Vec<&str> = out.lines().collect();
    assert_eq!(records[0], rated.trim_end());
    assert_eq!(
        records[3],
        rated.trim_end().replace("\"line\":1", "\"line\":4")
    );
    assert!(
        out.contains(
            "line 2: a 4×4 Sudoku: ratings are on Sudoku Explainer's scale, for classic 9×9 \
             puzzles (hint and explain take it)"
        ),
        "{out}"
    );
    // A csv row shows each puzzle as it is written: the letters in
    // letters, the rest of the row as the line's.
    let (code, csv, err) = run(&["sudoku", "rate", "--format", "csv"], &batch);
    assert_eq!(code, 2, "{err}");
    let (_, line_csv, _) = run(&["sudoku", "rate", "--format", "csv"], &line);
    let line_row = line_csv.lines().last().unwrap();
    let rows: Vec<&str> = csv.lines().filter(|row| !row.starts_with('#')).collect();
    assert_eq!(rows.len(), 5, "a header and a row a record: {csv}");
    assert_eq!(rows[1], line_row, "{csv}");
    assert_eq!(
        rows[4],
        line_row.replacen(
            &format!(",1,{line},"),
            &format!(",4,{},", in_letters(&line)),
            1
        ),
        "{csv}"
    );
}
