//! The JSON API, request by request against `app()` (no socket): every
//! route's answer checked by an independent checker or a published count,
//! and every error status.

mod rules;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use gridsolve_logic::{solve_path, Board, Detail};
use gridsolve_queens::verify_placement;
use gridsolve_sudoku::{variant, verify_solution, Grid};
use gridsolve_web::{app, Settings};
use http_body_util::BodyExt;
use rules::{cell_index, sees};
use serde_json::{json, Value};
use std::time::Duration;
use tower::ServiceExt;

const LEETCODE_37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value, Option<String>) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let retry = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|value| value.to_str().unwrap().to_string());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, body, retry)
}

fn post(route: &str, body: &Value) -> Request<Body> {
    Request::post(route)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

async fn ask(route: &str, body: Value) -> (StatusCode, Value) {
    let (status, body, _) = send(&app(Settings::default()), post(route, &body)).await;
    (status, body)
}

#[tokio::test]
async fn solve_answers_leetcode_37_with_its_stats_in_every_strategy() {
    let puzzle: Grid = LEETCODE_37.parse().unwrap();
    for strategy in ["bitboard", "propagate", "mrv", "reading-order", "dlx"] {
        let (status, body) = ask(
            "/api/sudoku/solve",
            json!({ "puzzle": LEETCODE_37, "strategy": strategy }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let answer: Grid = body["solution"].as_str().unwrap().parse().unwrap();
        assert!(verify_solution(&puzzle, &answer).is_ok(), "{strategy}");
        assert!(body["stats"]["nodes"].as_u64().unwrap() >= 1);
        assert_eq!(body["layout"]["givens"], LEETCODE_37);
    }
}

#[tokio::test]
async fn a_repeated_digit_is_named_by_check_and_solve_never_500() {
    let clash = format!("55{}", &LEETCODE_37[2..]);
    let (status, body) = ask("/api/sudoku/check", json!({ "puzzle": clash })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["valid"], false);
    let first = &body["conflicts"][0];
    assert_eq!(first["cells"], json!(["r1c1", "r1c2"]));
    assert!(first["message"]
        .as_str()
        .unwrap()
        .contains("twice in row 1"));
    let (status, body) = ask("/api/sudoku/solve", json!({ "puzzle": clash })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["solution"], Value::Null);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("break the rules"));
}

#[tokio::test]
async fn variants_are_read_in_any_notation_and_counted() {
    // The empty 4×4 grid has 288 solutions (a published count).
    let (status, body) = ask(
        "/api/sudoku/count",
        json!({ "puzzle": "....\n....\n....\n....", "limit": 1000 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["solutions"].as_u64(), body["exact"].as_bool()),
        (Some(288), Some(true))
    );
    // A jigsaw's regions and a letter alphabet come back in the layout.
    let doc = json!({"symbols": "WXYZ", "givens": ["W...", "..W.", ".W..", "...."]}).to_string();
    let (status, body) = ask("/api/sudoku/solve", json!({ "puzzle": doc })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let solution = body["solution"].as_str().unwrap();
    assert!(solution.starts_with('W') && solution.chars().all(|ch| "WXYZ".contains(ch)));
    assert_eq!(body["layout"]["symbols"], "WXYZ");
    // X-Sudoku's diagonals are extra units of the layout.
    let (_, body) = ask(
        "/api/sudoku/check",
        json!({ "puzzle": ".".repeat(81), "diagonals": true }),
    )
    .await;
    assert_eq!(body["layout"]["extra"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_4_queens_trace_is_the_textbook_tree() {
    let (status, body) = ask("/api/queens/trace", json!({ "n": 4 })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let events = body["events"].as_array().unwrap();
    let of = |name: &str| events.iter().filter(|event| event["event"] == name).count();
    // 16 placements under the start: a tree of 17 nodes, 2 solutions.
    assert_eq!((of("choose"), of("solution")), (16, 2));
    assert_eq!(body["solutions"], 2);
    for board in body["boards"].as_array().unwrap() {
        let cols: Vec<u32> = board
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().find('Q').unwrap() as u32)
            .collect();
        assert!(verify_placement(&cols).is_ok());
    }
}

#[tokio::test]
async fn queens_counts_boards_and_one_board_for_a_large_n() {
    let (_, free) = ask("/api/queens/count", json!({ "n": 8 })).await;
    let mut rows = vec!["........".to_string(); 8];
    rows[0] = "*.......".to_string();
    let (_, blocked) = ask("/api/queens/count", json!({ "n": 8, "blocked": rows })).await;
    let (free, blocked) = (
        free["total"].as_u64().unwrap(),
        blocked["total"].as_u64().unwrap(),
    );
    assert!(blocked < free, "{blocked} < {free}");
    // The blocked count is the free count less the boards with a queen on the corner.
    let (_, all) = ask("/api/queens/list", json!({ "n": 8, "limit": 100 })).await;
    let boards = all["boards"].as_array().unwrap();
    assert_eq!(boards.len() as u64, free);
    let corner = boards
        .iter()
        .filter(|board| board[0].as_str().unwrap().starts_with('Q'))
        .count();
    assert_eq!(blocked, free - corner as u64);
    let (_, page) = ask(
        "/api/queens/list",
        json!({ "n": 8, "offset": 90, "limit": 5 }),
    )
    .await;
    assert_eq!(page["boards"].as_array().unwrap().len(), 2);
    assert_eq!(page["more"], false);
    let (status, one) = ask("/api/queens/one", json!({ "n": 100_000 })).await;
    assert_eq!(status, StatusCode::OK);
    let cols: Vec<u32> = serde_json::from_value(one["cols"].clone()).unwrap();
    assert!(verify_placement(&cols).is_ok());
    assert_eq!(one["rows"], Value::Null);
}

#[tokio::test]
async fn logic_routes_give_steps_ratings_and_puzzles() {
    let (status, body) = ask("/api/sudoku/hint", json!({ "puzzle": LEETCODE_37 })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["step"]["explanation"]
        .as_str()
        .unwrap()
        .contains("fits only"));
    let (_, body) = ask("/api/sudoku/explain", json!({ "puzzle": LEETCODE_37 })).await;
    assert_eq!(body["solved"], true);
    let (_, body) = ask("/api/sudoku/rate", json!({ "puzzle": LEETCODE_37 })).await;
    assert!(body["er"].as_f64().unwrap() >= 1.0);
    // LeetCode 37 needs hidden singles only.
    assert_eq!(body["level"], "easy");
    // An empty 4×4: no technique applies; a rating needs a classic 9×9.
    let empty = json!({ "puzzle": "....\n....\n....\n...." });
    let (status, body) = ask("/api/sudoku/hint", empty.clone()).await;
    assert_eq!(
        (status, &body["step"]),
        (StatusCode::OK, &Value::Null),
        "{body}"
    );
    let (status, body) = ask("/api/sudoku/rate", empty).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("classic 9×9"));
    let (status, made) = ask("/api/sudoku/generate", json!({ "size": 6, "seed": 3 })).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (_, counted) = ask("/api/sudoku/count", json!({ "puzzle": made["puzzle"] })).await;
    assert_eq!(counted["verdict"], "unique");
}

/// The X-Wing puzzle of examples/sudoku/x-wing.txt: its path has pairs
/// and an X-Wing, which remove candidates.
const X_WING: &str =
    "970306042805000109000050000207000304010020080400738001000905000000000000100847003";

/// `text` with the digits 1 to 9 written as the letters A to I.
fn in_letters(text: &str) -> String {
    text.chars()
        .map(|ch| match ch.to_digit(10) {
            Some(digit @ 1..=9) => char::from(b'A' + digit as u8 - 1),
            _ => ch,
        })
        .collect()
}

/// A board as the page gets it: values (81 symbols, `.` empty) and each
/// cell's candidates.
type Drawn = (Vec<char>, Vec<String>);

fn drawn(board: &Value) -> Drawn {
    let values = board["values"].as_str().unwrap().chars().collect();
    let candidates = serde_json::from_value(board["candidates"].clone()).unwrap();
    (values, candidates)
}

/// The board of `line` as the rules alone make it: every empty cell open
/// to the digits none of its peers holds.
fn fresh_board(line: &str) -> Drawn {
    let values: Vec<char> = line
        .chars()
        .map(|ch| if ch == '0' { '.' } else { ch })
        .collect();
    let candidates = (0..81)
        .map(|cell| match values[cell] {
            '.' => ('1'..='9')
                .filter(|&digit| !(0..81).any(|peer| sees(cell, peer) && values[peer] == digit))
                .collect(),
            _ => String::new(),
        })
        .collect();
    (values, candidates)
}

/// `board` after `step`, by the rules of pencil marks: a digit placed
/// leaves its cell's candidates and its peers'; a removal leaves its cell.
fn after(board: &Drawn, step: &Value) -> Drawn {
    let (mut values, mut candidates) = board.clone();
    let moves = |name: &str| -> Vec<(usize, char)> {
        step[name]
            .as_array()
            .unwrap()
            .iter()
            .map(|moved| {
                let digit = char::from(b'0' + moved["digit"].as_u64().unwrap() as u8);
                (cell_index(moved["cell"].as_str().unwrap()), digit)
            })
            .collect()
    };
    for (cell, digit) in moves("placements") {
        values[cell] = digit;
        candidates[cell].clear();
        for peer in (0..81).filter(|&peer| sees(cell, peer)) {
            candidates[peer].retain(|held| held != digit);
        }
    }
    for (cell, digit) in moves("eliminations") {
        candidates[cell].retain(|held| held != digit);
    }
    (values, candidates)
}

/// A hint draws the board it starts from, and an explanation the board
/// before each step and after the last: each the one before with the
/// step's moves made, by the rules of pencil marks; in letters, the same
/// boards in letters.
#[tokio::test]
async fn hint_and_explain_answer_with_the_boards_their_steps_are_drawn_on() {
    let (status, hinted) = ask("/api/sudoku/hint", json!({ "puzzle": X_WING })).await;
    assert_eq!(status, StatusCode::OK, "{hinted}");
    assert_eq!(drawn(&hinted["board"]), fresh_board(X_WING));
    let (_, explained) = ask("/api/sudoku/explain", json!({ "puzzle": X_WING })).await;
    let steps = explained["steps"].as_array().unwrap();
    let boards: Vec<Drawn> = explained["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(drawn)
        .collect();
    assert_eq!(boards.len(), steps.len() + 1);
    assert_eq!(boards[0], fresh_board(X_WING));
    for (k, step) in steps.iter().enumerate() {
        assert_eq!(
            boards[k + 1],
            after(&boards[k], step),
            "step {}: {step}",
            k + 1
        );
    }
    assert!(steps
        .iter()
        .any(|step| !step["eliminations"].as_array().unwrap().is_empty()));
    let last: String = boards[steps.len()].0.iter().collect();
    assert_eq!(explained["solution"], *last.as_str());
    // In letters.
    let document = json!({ "size": 9, "symbols": "ABCDEFGHI", "givens": in_letters(&X_WING.replace('0', ".")) });
    let (_, lettered) = ask(
        "/api/sudoku/explain",
        json!({ "puzzle": document.to_string() }),
    )
    .await;
    let in_letters: Vec<Drawn> = boards
        .iter()
        .map(|(values, candidates)| {
            (
                in_letters(&values.iter().collect::<String>())
                    .chars()
                    .collect(),
                candidates.iter().map(|marks| in_letters(marks)).collect(),
            )
        })
        .collect();
    let lettered_boards: Vec<Drawn> = lettered["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(drawn)
        .collect();
    assert_eq!(lettered_boards, in_letters);
}

/// Puzzles of other kinds than the classic 9×9 (written by `gridsolve
/// sudoku generate`): a 6×6 jigsaw, a 6×6 Killer, an X-Sudoku.
const VARIANTS: [&str; 3] = [
    "....6.2................63..51...2...\nccccbdccbbbdeeebddeaabfdeeaffdaaafff\n",
    "......\n......\n......\n......\n......\n......\n13 r1c1 r1c2 r2c1 r3c1\n\
     12 r1c3 r1c4 r1c5 r1c6\n15 r2c2 r2c3 r2c4 r3c4\n9 r2c5 r2c6\n16 r3c2 r3c3 r4c2 r4c3\n\
     11 r3c5 r4c5\n3 r3c6 r4c6\n14 r4c1 r5c1 r6c1 r6c2\n15 r4c4 r5c2 r5c3 r5c4\n\
     10 r5c5 r5c6 r6c5 r6c6\n8 r6c3 r6c4\n",
    r#"{"size": 9, "diagonals": true, "givens": "1............85...7.....4.1............4..2.9.....2.4...9...3...64...5...5..6...."}"#,
];

/// Whether cells `a` and `b` share a house of `layout` (as `check`
/// answers it): a row, a column, a region, an extra unit or a cage.
fn shares_a_house(layout: &Value, a: usize, b: usize) -> bool {
    let side = layout["side"].as_u64().unwrap() as usize;
    let regions = layout["regions"].as_array().unwrap();
    let holds_both = |cells: &Value| {
        let cells: Vec<u64> = serde_json::from_value(cells.clone()).unwrap();
        cells.contains(&(a as u64)) && cells.contains(&(b as u64))
    };
    a != b
        && (a / side == b / side
            || a % side == b % side
            || regions[a] == regions[b]
            || layout["extra"].as_array().unwrap().iter().any(holds_both)
            || layout["cages"]
                .as_array()
                .unwrap()
                .iter()
                .any(|cage| holds_both(&cage["cells"])))
}

/// Hints and explanations on other grids: the first board is what the
/// rules of `check`'s layout leave (each open cell open to what no cell
/// sharing a house with it holds); each next board is the one before with
/// the step's moves made, a placement leaving its cell and its house
/// mates; every placement is the solution's and no removal is; a Killer
/// step has no rating; and `rate` is refused naming the kind.
#[tokio::test]
async fn hint_and_explain_work_every_kind_of_grid() {
    for puzzle in VARIANTS {
        let (_, checked) = ask("/api/sudoku/check", json!({ "puzzle": puzzle })).await;
        let layout = &checked["layout"];
        let side = layout["side"].as_u64().unwrap() as usize;
        let symbols: Vec<char> = layout["symbols"].as_str().unwrap().chars().collect();
        let (status, explained) = ask("/api/sudoku/explain", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{explained}");
        let solution: Vec<char> = explained["solution"].as_str().unwrap().chars().collect();
        let mut board: Drawn = drawn(&explained["boards"][0]);
        let givens: Vec<char> = layout["givens"].as_str().unwrap().chars().collect();
        assert_eq!(board.0, givens);
        for cell in (0..side * side).filter(|&cell| givens[cell] == '.') {
            let open: String = symbols
                .iter()
                .filter(|&&symbol| {
                    !(0..side * side)
                        .any(|other| shares_a_house(layout, cell, other) && givens[other] == symbol)
                })
                .collect();
            assert_eq!(board.1[cell], open, "{cell}: {puzzle}");
        }
        let steps = explained["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "{explained}");
        for (k, step) in steps.iter().enumerate() {
            let moves = |name: &str| -> Vec<(usize, char)> {
                let moves = step[name].as_array().unwrap().iter();
                moves
                    .map(|moved| {
                        let (row, col) = moved["cell"].as_str().unwrap()[1..]
                            .split_once('c')
                            .unwrap();
                        let (row, col): (usize, usize) =
                            (row.parse().unwrap(), col.parse().unwrap());
                        let value = moved["digit"].as_u64().unwrap() as usize;
                        ((row - 1) * side + col - 1, symbols[value - 1])
                    })
                    .collect()
            };
            for (cell, symbol) in moves("placements") {
                assert_eq!(solution[cell], symbol, "{step}");
                board.0[cell] = symbol;
                board.1[cell].clear();
                for other in (0..side * side).filter(|&other| shares_a_house(layout, cell, other)) {
                    board.1[other].retain(|held| held != symbol);
                }
            }
            for (cell, symbol) in moves("eliminations") {
                assert_ne!(solution[cell], symbol, "{step}");
                board.1[cell].retain(|held| held != symbol);
            }
            assert_eq!(
                drawn(&explained["boards"][k + 1]),
                board,
                "step {}: {step}",
                k + 1
            );
            if step["technique"] == "cage combinations" {
                assert_eq!(step["rating"], Value::Null);
            }
        }
        let (status, hinted) = ask("/api/sudoku/hint", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{hinted}");
        assert_eq!(
            (&hinted["step"], &hinted["board"]),
            (&steps[0], &explained["boards"][0])
        );
        let (status, rated) = ask("/api/sudoku/rate", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{rated}");
        let error = rated["error"].as_str().unwrap();
        assert!(
            error.contains("ratings are on Sudoku Explainer's scale"),
            "{error}"
        );
    }
}

/// The sentences of each step of the solution path of `line` (by their
/// field: `explanation`, `vague`, `concrete`), each in the digits and in
/// the letters A to I, as the library writes them.
fn letters_sentences(line: &str) -> Vec<Vec<(&'static str, String, String)>> {
    let grid: Grid = line.parse().unwrap();
    let letters = variant::Symbols::new("ABCDEFGHI").unwrap();
    let told = [
        ("explanation", Detail::Full),
        ("vague", Detail::Vague),
        ("concrete", Detail::Concrete),
    ];
    solve_path(Board::new(&grid).unwrap())
        .steps
        .iter()
        .map(|step| {
            told.iter()
                .map(|&(field, detail)| {
                    let sentence = step.told(detail);
                    (field, sentence.to_string(), sentence.in_symbols(&letters))
                })
                .collect()
        })
        .collect()
}

/// A plain 9×9 puzzle in a variant notation (janko.at, a JSON document,
/// the same in letters) gets the answers its 81-character line gets, as
/// on the command line, the letters' steps and answer in letters; a
/// puzzle of another kind, or with an extra unit, is refused naming its
/// kind.
#[tokio::test]
async fn logic_routes_take_plain_9x9_puzzles_in_every_notation() {
    let (puzzle, _) = variant::read(LEETCODE_37, None).unwrap();
    let janko = variant::render(&puzzle, variant::Notation::Janko, puzzle.givens());
    let document = json!({ "size": 9, "givens": LEETCODE_37 }).to_string();
    let lettered =
        json!({ "size": 9, "symbols": "ABCDEFGHI", "givens": in_letters(LEETCODE_37) }).to_string();
    for route in ["hint", "explain", "rate"] {
        let route = format!("/api/sudoku/{route}");
        let (status, expected) = ask(&route, json!({ "puzzle": LEETCODE_37 })).await;
        assert_eq!(status, StatusCode::OK, "{route}: {expected}");
        for text in [&janko, &document] {
            let (status, body) = ask(&route, json!({ "puzzle": text })).await;
            assert_eq!(
                (status, &body),
                (StatusCode::OK, &expected),
                "{route}: {text}"
            );
        }
        // In letters: a rating, which names no value, is the line's; the
        // steps are the line's, each sentence the library's in the letters,
        // and the answer is in letters.
        let (status, body) = ask(&route, json!({ "puzzle": lettered })).await;
        assert_eq!(status, StatusCode::OK, "{route}: {body}");
        let mut read_back = body.clone();
        if !route.ends_with("rate") {
            let sentences = letters_sentences(LEETCODE_37);
            let steps = match read_back.get_mut("steps") {
                Some(steps) => steps.as_array_mut().unwrap(),
                None => std::slice::from_mut(&mut read_back["step"]),
            };
            assert!(!steps.is_empty());
            for (step, told) in steps.iter_mut().zip(&sentences) {
                for (field, digits, letters) in told {
                    assert_eq!(step[field], *letters.as_str(), "{route}");
                    step[field] = json!(digits);
                }
            }
            // The answer and the boards: only symbols, `.` and marks.
            let in_digits = |text: &mut Value| {
                let digits: String = text
                    .as_str()
                    .unwrap()
                    .chars()
                    .map(|ch| match ch {
                        'A'..='I' => char::from(ch as u8 - b'A' + b'1'),
                        _ => ch,
                    })
                    .collect();
                *text = json!(digits);
            };
            if let Some(solution) = read_back.get_mut("solution") {
                in_digits(solution);
            }
            let boards = match read_back.get_mut("boards") {
                Some(boards) => boards.as_array_mut().unwrap(),
                None => std::slice::from_mut(&mut read_back["board"]),
            };
            for board in boards {
                in_digits(&mut board["values"]);
                board["candidates"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .for_each(in_digits);
            }
            assert_ne!(body, expected, "{route}: the letters' answer names letters");
        }
        assert_eq!(read_back, expected, "{route}");
        // Givens that break a rule are refused with the rules named.
        let twice = json!({ "size": 4, "givens": "11.............." }).to_string();
        let (status, body) = ask(&route, json!({ "puzzle": twice })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{route}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.starts_with("the givens break the rules: "),
            "{route}: {error}"
        );
        // With the diagonals it is another puzzle, refused by rate; hint
        // and explain work it on the general model (as an X-Sudoku it has
        // no solution).
        let (status, body) = ask(&route, json!({ "puzzle": janko, "diagonals": true })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{route}: {body}");
        let error = body["error"].as_str().unwrap();
        let expected = if route.ends_with("rate") {
            "a 9×9 Sudoku with extra units: ratings are on"
        } else {
            "no solution: no step can be sound"
        };
        assert!(error.starts_with(expected), "{route}: {error}");
    }
}

#[tokio::test]
async fn cover_solves_dlx_text() {
    // Knuth's example of TAOCP 7.2.2.1 (6 items, 6 options, one solution).
    let text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let (status, body) = ask("/api/cover/solve", json!({ "text": text })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let solutions = body["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 1);
    let mut covered: Vec<String> = solutions[0]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|option| {
            option
                .as_str()
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    covered.sort();
    assert_eq!(covered, ["A", "B", "C", "D", "E", "F", "G"]);
}

/// Whether options `chosen` of the API's `problem` matrix are a solution,
/// by the rules alone: each primary item covered within its bounds, each
/// secondary item at most once or only by options giving it one color.
fn is_cover(problem: &Value, chosen: &[u64]) -> bool {
    let primary = problem["primary"].as_u64().unwrap() as usize;
    let items = problem["items"].as_array().unwrap().len();
    let mut uses: Vec<Vec<&Value>> = vec![Vec::new(); items];
    for &option in chosen {
        let option = &problem["options"][option as usize];
        let colors = option["colors"].as_array().unwrap();
        for (item, color) in option["items"].as_array().unwrap().iter().zip(colors) {
            uses[item.as_u64().unwrap() as usize].push(color);
        }
    }
    uses.iter().enumerate().all(|(item, colors)| {
        if item < primary {
            let bounds = &problem["bounds"][item];
            let (lo, hi) = (bounds[0].as_u64().unwrap(), bounds[1].as_u64().unwrap());
            (lo..=hi).contains(&(colors.len() as u64))
        } else {
            colors.len() <= 1
                || colors
                    .iter()
                    .all(|color| !color.is_null() && *color == colors[0])
        }
    })
}

#[tokio::test]
async fn cover_traces_its_search_and_answers_its_matrix() {
    let problems = [
        "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n".to_string(),
        "p q r | x y\np x:A\nq x:A y:B\nq x:B\nr y:B\nr y:A\n".to_string(),
        "2:3|a b c\na\na b\na c\n".to_string(),
        gridsolve_cover::queens(6).to_dlx(),
    ];
    for text in &problems {
        let (status, solved) = ask("/api/cover/solve", json!({ "text": text })).await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        let (status, traced) = ask("/api/cover/trace", json!({ "text": text })).await;
        assert_eq!(status, StatusCode::OK, "{traced}");
        let problem = &traced["problem"];
        assert_eq!(problem, &solved["problem"]);
        // The matrix says what the text says: each option's items and
        // colors are its line.
        let items = problem["items"].as_array().unwrap();
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let options = problem["options"].as_array().unwrap();
        assert_eq!(options.len(), lines.len(), "{text}");
        for (option, line) in options.iter().zip(&lines) {
            let colors = option["colors"].as_array().unwrap();
            let written: Vec<String> = (option["items"].as_array().unwrap().iter().zip(colors))
                .map(|(item, color)| {
                    let name = items[item.as_u64().unwrap() as usize].as_str().unwrap();
                    match color.as_str() {
                        Some(color) => format!("{name}:{color}"),
                        None => name.to_string(),
                    }
                })
                .collect();
            assert_eq!(written.join(" "), *line);
            assert_eq!(option["text"], *line);
        }
        // Every solution is a cover, and both routes find the same ones.
        let chosen: Vec<Vec<u64>> = serde_json::from_value(traced["chosen"].clone()).unwrap();
        assert!(!chosen.is_empty(), "{text}");
        assert_eq!(traced["chosen"], solved["chosen"]);
        assert_eq!(traced["solutions"], solved["solutions"]);
        for (options, texts) in chosen.iter().zip(traced["solutions"].as_array().unwrap()) {
            assert!(is_cover(problem, options), "{text}: {options:?}");
            let lines: Vec<&Value> = options
                .iter()
                .map(|&o| &problem["options"][o as usize]["text"])
                .collect();
            assert_eq!(texts.as_array().unwrap().iter().collect::<Vec<_>>(), lines);
        }
        // The events replay the search: each choice one of the options
        // its level's branch offered, each solution the path then chosen.
        let mut path: Vec<u64> = Vec::new();
        let mut offered: std::collections::HashMap<u64, Vec<u64>> = Default::default();
        let mut found = Vec::new();
        for event in traced["events"].as_array().unwrap() {
            match event["event"].as_str().unwrap() {
                "branch" => {
                    let options = serde_json::from_value(event["options"].clone()).unwrap();
                    offered.insert(event["depth"].as_u64().unwrap(), options);
                }
                "choose" => {
                    let choice = event["choice"].as_u64().unwrap();
                    let depth = event["depth"].as_u64().unwrap();
                    assert!(offered[&depth].contains(&choice), "{event}");
                    assert_eq!(event["label"], problem["options"][choice as usize]["text"]);
                    path.push(choice);
                }
                "undo" => assert_eq!(path.pop(), event["choice"].as_u64()),
                "solution" => {
                    let mut sorted = path.clone();
                    sorted.sort_unstable();
                    found.push(sorted);
                }
                _ => {}
            }
        }
        assert_eq!(found, chosen, "{text}");
        assert_eq!(traced["left_out"], 0);
    }
    // The trace stops at the choices asked for; the answer does not.
    let (_, traced) = ask(
        "/api/cover/trace",
        json!({ "text": gridsolve_cover::queens(8).to_dlx(), "choices": 5, "limit": 3 }),
    )
    .await;
    let events = traced["events"].as_array().unwrap();
    let chosen = events
        .iter()
        .filter(|event| event["event"] == "choose")
        .count();
    assert_eq!(chosen, 5);
    assert!(traced["left_out"].as_u64().unwrap() > 0);
    // The note says what a request raises, not the CLI's flag.
    let last = events.last().unwrap();
    assert_eq!(last["event"], "truncated");
    let note = last["note"].as_str().unwrap();
    assert!(
        note.contains("`choices`") && !note.contains("--trace-limit"),
        "{note}"
    );
    assert_eq!(traced["chosen"].as_array().unwrap().len(), 3);
    // A malformed problem is refused with its line.
    let (status, body) = ask("/api/cover/trace", json!({ "text": "a b\na c\n" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("line 2"), "{body}");
}

#[tokio::test]
async fn bad_requests_get_their_status_and_a_located_message() {
    let app = app(Settings::default());
    let raw = |content_type: &str, body: Vec<u8>| {
        Request::post("/api/sudoku/solve")
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap()
    };
    let (status, body, _) = send(&app, raw("application/json", b"{\"puzzle\": ".to_vec())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _, _) = send(&app, raw("text/plain", b"{}".to_vec())).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let huge = format!("{{\"puzzle\": \"{}\"}}", ".".repeat(10 << 20));
    let (status, _, _) = send(&app, raw("application/json", huge.into_bytes())).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, body, _) = send(&app, post("/api/sudoku/solve", &json!({ "puzle": "x" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("puzle"), "{body}");
    let bad_cell = format!("53x{}", &LEETCODE_37[3..]);
    let (status, body, _) = send(
        &app,
        post("/api/sudoku/solve", &json!({ "puzzle": bad_cell })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("column 3"),
        "{body}"
    );
    let (status, body, _) = send(
        &app,
        post(
            "/api/sudoku/solve",
            &json!({ "puzzle": LEETCODE_37, "strategy": "magic" }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("magic"), "{body}");
    let (status, _, _) = send(&app, post("/api/queens/count", &json!({ "n": 0 }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_huge_count_stops_within_the_budget_and_a_full_server_says_503() {
    let settings = Settings {
        searches: 1,
        queue_wait: Duration::from_millis(50),
        deadline: Duration::from_millis(800),
        ..Settings::default()
    };
    let app = app(settings);
    let hostile = post(
        "/api/sudoku/count",
        &json!({ "puzzle": ".".repeat(625), "limit": 1_000_000_000u64 }),
    );
    let running = tokio::spawn({
        let app = app.clone();
        async move { send(&app, hostile).await }
    });
    // While the one slot is taken, a second search is turned away soon.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, body, retry) = send(
        &app,
        post("/api/sudoku/solve", &json!({ "puzzle": LEETCODE_37 })),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(retry.as_deref(), Some("1"));
    let (status, body, _) = running.await.unwrap();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["stopped"], "timeout", "{body}");
    assert_eq!(body["exact"], false);
    // The slot is free again.
    let (status, _, _) = send(
        &app,
        post("/api/sudoku/solve", &json!({ "puzzle": LEETCODE_37 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_client_that_stalls_mid_body_gets_408() {
    let settings = Settings {
        request_timeout: Duration::from_millis(300),
        ..Settings::default()
    };
    let never_ends = futures_util::stream::pending::<Result<axum::body::Bytes, std::io::Error>>();
    let request = Request::post("/api/sudoku/solve")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from_stream(never_ends))
        .unwrap();
    let (status, _, _) = send(&app(settings), request).await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = app(Settings::default());
    for (path, kind) in [
        ("/", "text/html"),
        ("/assets/app.js", "text/javascript"),
        ("/assets/style.css", "text/css"),
    ] {
        let response = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
    let response = app
        .oneshot(Request::get("/assets/nope.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}
