//! `hint` and `explain` on grids other than the classic 9×9 (other sizes,
//! jigsaw, X, windoku, Killer), as a user runs them on puzzles that
//! `generate` makes: every step agrees with the answer `solve` finds by
//! search, the sentences name the puzzle's own symbols, and the pencil
//! marks are the ones the rules leave.

mod common;

use common::run;
use serde_json::Value;

/// The puzzle `generate` makes with `args` and `--seed seed`.
fn generated(args: &[&str], seed: u64) -> String {
    let seed = seed.to_string();
    let mut all = vec!["sudoku", "generate", "--seed", &seed];
    all.extend(args);
    let (code, out, err) = run(&all, "");
    assert_eq!(code, 0, "{err}");
    out
}

/// The answer `solve` finds for `puzzle` (read with `args`), on one line.
fn answer(puzzle: &str, args: &[&str]) -> String {
    let mut all = vec!["sudoku", "solve", "--format", "jsonl"];
    all.extend(args);
    let (code, out, err) = run(&all, puzzle);
    assert_eq!(code, 0, "{err}");
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    record["solution"].as_str().unwrap().to_string()
}

/// The one record of `explain` (or `hint`) in jsonl, with `args`.
fn worked(verb: &str, puzzle: &str, args: &[&str]) -> Value {
    let mut all = vec!["sudoku", verb, "--format", "jsonl"];
    all.extend(args);
    let (code, out, err) = run(&all, puzzle);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap()
}

/// The cell (row by row from 0) and symbol of a move `r3c12=7` or
/// `r3c12<>7` on a grid of `side`.
fn parse_move(text: &str, side: usize) -> (usize, char) {
    let (cell, symbol) = text
        .split_once("<>")
        .or_else(|| text.split_once('='))
        .unwrap();
    let (row, col) = cell[1..].split_once('c').unwrap();
    let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
    let mut symbols = symbol.chars();
    let symbol = symbols.next().unwrap();
    assert_eq!(symbols.next(), None, "{text}");
    ((row - 1) * side + col - 1, symbol)
}

/// Checks an explanation's steps against `answer` (the search's, one
/// symbol a cell): each placement is the answer's symbol, each removal
/// never is; the record's solution is the answer; and a solved record
/// placed every open cell.
fn check_explanation(record: &Value, answer: &str, side: usize) {
    let answer: Vec<char> = answer.chars().collect();
    assert_eq!(answer.len(), side * side);
    assert_eq!(record["solution"], answer.iter().collect::<String>());
    let steps = record["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "{record}");
    for step in steps {
        for placement in step["placements"].as_array().unwrap() {
            let (cell, symbol) = parse_move(placement.as_str().unwrap(), side);
            assert_eq!(answer[cell], symbol, "{step}");
        }
        for removal in step["eliminations"].as_array().unwrap() {
            let (cell, symbol) = parse_move(removal.as_str().unwrap(), side);
            assert_ne!(answer[cell], symbol, "{step}");
        }
        let technique = step["technique"].as_str().unwrap();
        let sentence = step["explanation"].as_str().unwrap();
        assert!(sentence.contains(&format!("({technique})")), "{step}");
    }
}

#[test]
fn explain_works_every_kind_of_grid_by_steps_the_answer_agrees_with() {
    // What `generate` takes, and how its output is read back (an X or
    // windoku grid is a plain line, named with --variant).
    let kinds: [(&[&str], &[&str]); 8] = [
        (&["--size", "4"], &[]),
        (&["--size", "6"], &[]),
        (&["--size", "16"], &[]),
        (&["--jigsaw"], &[]),
        (&["--size", "6", "--jigsaw"], &[]),
        (&["--diagonals"], &["--variant", "x"]),
        (&["--windows"], &["--variant", "windoku"]),
        (&["--killer"], &[]),
    ];
    for (kind, read) in kinds {
        for seed in 1..=3 {
            let puzzle = generated(kind, seed);
            let answer = answer(&puzzle, read);
            let side = (answer.len() as f64).sqrt() as usize;
            let record = worked("explain", &puzzle, read);
            check_explanation(&record, &answer, side);
            let solved = record["status"] == "solved";
            assert_eq!(record["solved_by_logic"], solved);
            // A hint is the explanation's first step.
            let hint = worked("hint", &puzzle, read);
            assert_eq!(hint["steps"][0], record["steps"][0], "{kind:?}");
        }
    }
}

/// The command docs/LEARN.md shows for nested forcing chains: `explain`
/// solves the X-Sudoku of `examples/sudoku/x-nested.json` by logic, with
/// nested chains among its steps, every step agreeing with the answer
/// `solve` finds.
#[test]
fn explain_finishes_the_x_sudoku_of_learn_md_with_nested_chains() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sudoku/x-nested.json"
    );
    let (code, out, err) = run(&["sudoku", "explain", file], "");
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("line 1: solved by logic in "), "{last}");
    assert!(out.contains("(nested forcing chain)"), "{out}");
    let puzzle = std::fs::read_to_string(file).unwrap();
    let record = worked("explain", &puzzle, &[]);
    check_explanation(&record, &answer(&puzzle, &[]), 9);
    assert_eq!(record["solved_by_logic"], true);
}

/// A 16×16 in its standard symbols names values past 9 by letter, in the
/// sentences and the moves alike; a JSON document in symbols of its own
/// is answered in them.
#[test]
fn steps_name_the_values_in_the_puzzles_symbols() {
    let sixteen = generated(&["--size", "16"], 7);
    let record = worked("explain", &sixteen, &[]);
    let steps = record["steps"].as_array().unwrap();
    let letters = steps.iter().filter(|step| {
        step["placements"]
            .as_array()
            .unwrap()
            .iter()
            .any(|placement| {
                placement
                    .as_str()
                    .unwrap()
                    .ends_with(|ch: char| ch.is_ascii_uppercase())
            })
    });
    for step in letters.take(5) {
        let placement = step["placements"][0].as_str().unwrap();
        let symbol = placement.chars().last().unwrap();
        let sentence = step["explanation"].as_str().unwrap();
        let symbol = symbol.to_string();
        assert!(
            sentence
                .split(|ch: char| !ch.is_alphanumeric())
                .any(|word| word == symbol),
            "{sentence}"
        );
    }
    // The same 16×16 in 0-F, read with --symbols: the same steps, each
    // symbol the one of 0-F for its value.
    let (standard, hex) = ("123456789ABCDEFG", "0123456789ABCDEF");
    let relabel = |text: &str| -> String {
        text.chars()
            .map(|ch| {
                standard
                    .find(ch)
                    .map_or(ch, |at| hex.as_bytes()[at] as char)
            })
            .collect()
    };
    let read_hex = ["--variant", "grid", "--symbols", hex];
    let in_hex = worked("explain", &relabel(&sixteen), &read_hex);
    assert_eq!(
        in_hex["solution"],
        relabel(record["solution"].as_str().unwrap())
    );
    let placements = |record: &Value, relabelled: bool| -> Vec<String> {
        let steps = record["steps"].as_array().unwrap();
        let placed = steps
            .iter()
            .flat_map(|step| step["placements"].as_array().unwrap());
        placed
            .map(|placement| {
                let (cell, symbol) = placement.as_str().unwrap().split_once('=').unwrap();
                let symbol = if relabelled {
                    relabel(symbol)
                } else {
                    symbol.to_string()
                };
                format!("{cell}={symbol}")
            })
            .collect()
    };
    assert_eq!(placements(&in_hex, false), placements(&record, true));
    // --symbols names a variant's alphabet: on classic records it is refused.
    let (code, _, err) = run(
        &["sudoku", "hint", "--symbols", "ABCDEFGHI"],
        &"1".repeat(81),
    );
    assert_eq!(code, 2);
    assert!(err.contains("--symbols applies to variant grids"), "{err}");
    // A 4×4 in the symbols wxyz.
    let document = r#"{"size": 4, "givens": "w.....x..y.....z", "symbols": "wxyz"}"#;
    let answer = answer(document, &[]);
    assert!(answer.chars().all(|ch| "wxyz".contains(ch)), "{answer}");
    let record = worked("explain", document, &[]);
    check_explanation(&record, &answer, 4);
    // Once units' numbers are struck out, no digit is left; each value
    // placed or removed is named.
    for step in record["steps"].as_array().unwrap() {
        let sentence = step["explanation"].as_str().unwrap();
        let words: Vec<&str> = sentence.split(|ch: char| !ch.is_alphanumeric()).collect();
        for pair in words.windows(2) {
            let numbered = ["row", "column", "box"].contains(&pair[0]);
            let digits = pair[1].chars().all(|ch| ch.is_ascii_digit()) && !pair[1].is_empty();
            assert!(numbered || !digits, "a value in digits: {sentence}");
        }
        let moves = step["placements"]
            .as_array()
            .unwrap()
            .iter()
            .chain(step["eliminations"].as_array().unwrap());
        for told in moves {
            let symbol = told.as_str().unwrap().chars().last().unwrap().to_string();
            assert!(words.contains(&symbol.as_str()), "{symbol}: {sentence}");
        }
    }
}

/// `--candidates` draws the pencil marks of any grid: on a 6×6, each open
/// cell holds exactly the values none of its row, column and 2×3 box
/// holds, in boxes separated by rules.
#[test]
fn pencil_marks_of_a_6x6_are_what_the_rules_leave() {
    let puzzle = generated(&["--size", "6"], 4);
    let givens: Vec<u8> = puzzle
        .trim()
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0) as u8)
        .collect();
    let (code, out, err) = run(&["sudoku", "hint", "--candidates"], &puzzle);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "line 1: pencil marks");
    let grid: Vec<&str> = lines[1..]
        .iter()
        .take_while(|line| !line.starts_with("line"))
        .copied()
        .collect();
    // 6 rows and 2 rules between the 3 bands of boxes.
    assert_eq!(grid.len(), 8, "{out}");
    let rows: Vec<&str> = grid
        .iter()
        .copied()
        .filter(|line| !line.starts_with('-'))
        .collect();
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 6, a % 6, b / 6, b % 6);
        ra == rb || ca == cb || (ra / 2 == rb / 2 && ca / 3 == cb / 3)
    };
    for (row, text) in rows.iter().enumerate() {
        let cells: Vec<&str> = text
            .split([' ', '|'])
            .filter(|cell| !cell.is_empty())
            .collect();
        assert_eq!(cells.len(), 6, "{text}");
        for (col, cell) in cells.iter().enumerate() {
            let index = row * 6 + col;
            let expected = match givens[index] {
                0 => (1..=6u8)
                    .filter(|&value| {
                        !(0..36).any(|other| sees(index, other) && givens[other] == value)
                    })
                    .map(|value| char::from(b'0' + value))
                    .collect::<String>(),
                value => format!("[{value}]"),
            };
            assert_eq!(*cell, expected, "r{}c{}: {out}", row + 1, col + 1);
        }
    }
}

/// Each `--detail` on a jigsaw: the vague hint names the technique only,
/// the concrete one its region and cell too, the full one the sentence.
#[test]
fn hints_on_a_jigsaw_tell_more_at_each_detail() {
    let puzzle = generated(&["--jigsaw"], 2);
    let told = |detail: &str| -> String {
        let record = worked("hint", &puzzle, &["--detail", detail]);
        record["steps"][0]["explanation"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (vague, concrete, full) = (told("vague"), told("concrete"), told("full"));
    assert!(
        vague.starts_with("Next step: ") && !vague.contains('r'),
        "{vague}"
    );
    assert!(
        concrete.starts_with(vague.trim_end_matches('.')),
        "{concrete}"
    );
    assert!(
        concrete.contains("region") || concrete.contains("row") || concrete.contains("column"),
        "{concrete}"
    );
    let full_record = worked("hint", &puzzle, &[]);
    assert_eq!(
        full,
        full_record["steps"][0]["explanation"].as_str().unwrap()
    );
}

/// A Killer's steps: the cage techniques have no rating on Sudoku
/// Explainer's scale, so their text line has no bracket, their jsonl
/// rating and score are null, and the explanation's last line names them.
#[test]
fn killer_steps_say_their_cages() {
    let puzzle = generated(&["--killer"], 3);
    let (code, out, err) = run(&["sudoku", "explain"], &puzzle);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("  1. In cage "), "{first}");
    assert!(
        first.ends_with(')') || first.contains("(cage combinations), so"),
        "{first}"
    );
    let record = worked("explain", &puzzle, &[]);
    let step = &record["steps"][0];
    assert_eq!(step["technique"], "cage combinations");
    assert_eq!(
        (step["rating"].clone(), step["score"].clone()),
        (Value::Null, Value::Null)
    );
    // The last line names, each once in the order first taken, the
    // techniques whose steps have no rating.
    let mut unrated: Vec<&str> = Vec::new();
    for step in record["steps"].as_array().unwrap() {
        let technique = step["technique"].as_str().unwrap();
        if step["rating"].is_null() && !unrated.contains(&technique) {
            unrated.push(technique);
        }
    }
    let (last, named) = unrated.split_last().unwrap();
    let names = match named {
        [] => last.to_string(),
        _ => format!("{} and {last}", named.join(", ")),
    };
    let ending = out
        .lines()
        .rev()
        .find(|line| line.starts_with("line 1: "))
        .unwrap();
    assert!(
        ending.ends_with(&format!(", with {names}, which no scale rates")),
        "{ending}"
    );
    assert_eq!(
        ending.contains(", hardest rated "),
        record["hardest"].is_string(),
        "{ending}"
    );
}

/// The puzzles of a `generate` run with `args` (`--format jsonl`), each as
/// its JSON document (a classic 9×9 as its line).
fn generated_records(args: &[&str]) -> Vec<String> {
    let mut all = vec!["sudoku", "generate", "--format", "jsonl"];
    all.extend(args);
    let (code, out, err) = run(&all, "");
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            match &record["puzzle"] {
                Value::String(line) => line.clone(),
                document => document.to_string(),
            }
        })
        .collect()
}

/// `generate --logic` keeps, of the puzzles a seed makes, exactly those
/// `explain` finishes: on each kind of grid, the puzzles of a plain run
/// that its techniques solve are, in order, the puzzles of the same run
/// with `--logic`. (With nested forcing chains the techniques finish
/// every puzzle of these runs; the Killers are the first five, as the
/// sixth takes half a minute to explain.)
#[test]
fn generate_logic_keeps_exactly_the_puzzles_explain_finishes() {
    // What `generate` takes, how many to make, and what `explain` takes
    // to read them (an X-Sudoku's record is its line, with `diagonals`).
    let kinds: [(&[&str], usize, &[&str]); 5] = [
        (&["--killer"], 5, &[]),
        (&["--killer", "--size", "6"], 6, &[]),
        (&["--size", "8"], 6, &[]),
        (&["--diagonals"], 6, &["--variant", "x"]),
        (&[], 6, &[]),
    ];
    for (kind, count, read_as) in kinds {
        let count_arg = count.to_string();
        let mut plain_args = vec!["--seed", "5", "--count", &count_arg];
        plain_args.extend(kind);
        let plain = generated_records(&plain_args);
        assert_eq!(plain.len(), count, "{kind:?}");
        let solved: Vec<String> = plain
            .into_iter()
            .filter(|puzzle| worked("explain", puzzle, read_as)["solved_by_logic"] == true)
            .collect();
        assert!(!solved.is_empty(), "{kind:?}");
        let kept_arg = solved.len().to_string();
        let mut logic_args = vec!["--seed", "5", "--logic", "--count", &kept_arg];
        logic_args.extend(kind);
        assert_eq!(generated_records(&logic_args), solved, "{kind:?}");
    }
}
