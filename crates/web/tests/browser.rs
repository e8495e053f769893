//! The page in real headless Chromium (Debian's `chromium` and
//! `chromium-driver`), driven over WebDriver: solve a puzzle and read the
//! answer from the cells, check a conflicting grid and see its cells
//! marked, ask for a hint and see it on the pencil marks, choose a step of
//! the X-Wing puzzle's explanation and see the board as it stood then,
//! replay the 4-Queens search to its end (17 tree nodes, 2
//! solutions), block a square of the 8×8 board and see the count change,
//! and replay Knuth's exact-cover example (and one with colors) to its
//! solution, its rows checked against the rules of exact cover.
//! Each state is saved as a screenshot under `target/web-screenshots/`.
//!
//! Ignored by `cargo test` (it needs the browser); `.ci/run` installs the
//! packages and runs it with `--ignored`.

mod common;
mod rules;

use common::serve;
use fantoccini::{Client, ClientBuilder, Locator};
use gridsolve_sudoku::{variant, verify_solution, Grid, Solver, Strategy};
use hyper_util::client::legacy::connect::HttpConnector;
use rules::{cell_index, sees};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The options of Knuth's exact-cover example, the page's first.
const KNUTH_OPTIONS: [&str; 6] = ["C E F", "A D G", "B C F", "A D", "B G", "D E G"];

/// A minimal 16×16 puzzle (`gridsolve sudoku generate --size 16 --seed 7`).
const SIXTEEN: &str = "6......9.D.....8.5....1.6..3D..9.3..8C..5....E4...7....F18.B5..3.........3.CA....C46F3.EA.1...9......9A......6B....BC6.8..9412..C...E..A..B.....G4...DB....263..5FD.....3.......B.A.5....E.....C.D1..F5.7.A.B8...6..D...BC.....4..G.6....F..27....24.A.C..8GED.6";

/// The symbols of a classic puzzle.
const DIGITS: &str = "123456789";

/// The page's X-Wing example (examples/sudoku/x-wing.txt).
const X_WING: &str =
    "970306042805000109000050000207000304010020080400738001000905000000000000100847003";

const LEETCODE_37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// chromedriver on a free port, killed when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
    }
}

fn driver() -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver runs (Debian's chromium-driver package)");
    Driver(child, port)
}

async fn browser(driver: &Driver) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1200,1000",
            ],
        }),
    );
    let start = Instant::now();
    loop {
        let connected = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.1))
            .await;
        match connected {
            Ok(client) => return client,
            Err(error) if start.elapsed() > Duration::from_secs(20) => {
                panic!("cannot reach chromedriver: {error}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// Evaluates `script` (a function body returning a value) until it gives
/// something other than null or false, for up to 10 s.
async fn until(client: &Client, script: &str) -> Value {
    let start = Instant::now();
    loop {
        let value = client.execute(script, vec![]).await.unwrap();
        if !(value.is_null() || value == Value::Bool(false)) {
            return value;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for: {script}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn screenshot(client: &Client, name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), client.screenshot().await.unwrap()).unwrap();
}

/// Picks the example whose name starts with `name` in the select `id`.
async fn choose_example_in(client: &Client, id: &str, name: &str) {
    let script = format!(
        "const s = document.getElementById('{id}'); \
         s.value = [...s.options].find(o => o.value.startsWith('{name}')).value; \
         s.dispatchEvent(new Event('change'));"
    );
    client.execute(&script, vec![]).await.unwrap();
}

/// Picks the Sudoku example whose name starts with `name`.
async fn choose_example(client: &Client, name: &str) {
    choose_example_in(client, "sudoku-example", name).await;
}

/// The lines of the options the matrix shows with class `class` (every
/// one for `""`), in order.
async fn matrix_rows(client: &Client, class: &str) -> Vec<String> {
    let rows = match class {
        "" => "tr".to_string(),
        class => format!("tr.{class}"),
    };
    let script = format!(
        "return [...document.querySelectorAll('#cover-matrix tbody {rows} th')].map(th => th.textContent);"
    );
    let rows = client.execute(&script, vec![]).await.unwrap();
    serde_json::from_value(rows).unwrap()
}

/// Whether option lines `rows` cover each of `primary` exactly once and
/// every other item at most once, or only with one color (`x:A`):
/// written from the rules of exact cover alone.
fn covers(rows: &[String], primary: &[&str]) -> bool {
    let mut uses: std::collections::BTreeMap<&str, Vec<Option<&str>>> = Default::default();
    for row in rows {
        for item in row.split_whitespace() {
            let (name, color) = match item.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (item, None),
            };
            uses.entry(name).or_default().push(color);
        }
    }
    let once = |name: &str| uses.get(name).is_some_and(|colors| colors == &[None]);
    primary.iter().all(|&name| once(name))
        && uses.iter().all(|(name, colors)| {
            primary.contains(name)
                || colors.len() == 1
                || (colors[0].is_some() && colors.iter().all(|color| *color == colors[0]))
        })
}

/// Clicks the first row of the exact-cover replay's table whose event is
/// `event` (`choose`, `solution`, …), once the replay is there.
async fn go_to_the_first(client: &Client, event: &str) {
    until(
        client,
        "return document.querySelector('#cover-replay svg') !== null;",
    )
    .await;
    let script = format!(
        "[...document.querySelectorAll('#cover-replay tbody tr')] \
         .find(row => row.cells[2].textContent === '{event}').click();"
    );
    client.execute(&script, vec![]).await.unwrap();
}

/// Goes to the replay's first solution and waits for the matrix to show
/// it.
async fn go_to_the_solution(client: &Client) {
    go_to_the_first(client, "solution").await;
    until(
        client,
        "return document.querySelector('#cover-matrix tr.found') !== null;",
    )
    .await;
}

/// What the board shows, each symbol read as its value (1 for the first
/// of the puzzle's `symbols`): each cell's value, each empty cell's pencil
/// marks (cell index, the marks' values in order, as digits), and the
/// marks struck out and placed (cell index, value).
struct Marks {
    values: Vec<Option<u8>>,
    candidates: Vec<(usize, String)>,
    removed: Vec<(usize, u8)>,
    placed: Vec<(usize, u8)>,
}

async fn board_marks(client: &Client, symbols: &str) -> Marks {
    let value_of = |symbol: &str| {
        symbols
            .find(symbol)
            .map(|at| at as u8 + 1)
            .filter(|_| !symbol.is_empty())
    };
    let script = "return { values: [...document.querySelectorAll('#sudoku-board .cell')].map(c => c.value), \
                  marks: [...document.querySelectorAll('#sudoku-board svg.marks text')] \
                  .map(t => [t.dataset.cell, t.textContent, t.getAttribute('class') || '']) };";
    let shown = client.execute(script, vec![]).await.unwrap();
    let values = shown["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|value| value_of(value.as_str().unwrap()))
        .collect();
    let mut marks = Marks {
        values,
        candidates: Vec::new(),
        removed: Vec::new(),
        placed: Vec::new(),
    };
    for mark in shown["marks"].as_array().unwrap() {
        let cell = cell_index(mark[0].as_str().unwrap());
        let digit = value_of(mark[1].as_str().unwrap()).expect("a mark is a symbol");
        let written = char::from(b'0' + digit);
        match marks.candidates.last_mut() {
            Some((last, shown)) if *last == cell => shown.push(written),
            _ => marks.candidates.push((cell, written.to_string())),
        }
        let class = mark[2].as_str().unwrap();
        if class.contains("removed") {
            marks.removed.push((cell, digit));
        }
        if class.contains("placed") {
            marks.placed.push((cell, digit));
        }
    }
    marks
}

/// The one answer of `puzzle`, by the classic solver.
fn the_answer(puzzle: &Grid) -> Grid {
    let found = Solver::new(Strategy::default())
        .with_max_solutions(2)
        .explore(puzzle);
    assert_eq!(found.stats.solutions, 1);
    found.solution.unwrap()
}

async fn status(client: &Client, id: &str) -> String {
    text_of(client, &format!("#{id}")).await
}

/// The text of the element `css` selects.
async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run runs it"]
async fn the_page_solves_checks_replays_and_counts_in_chromium() {
    let addr = serve();
    let driver = driver();
    let client = browser(&driver).await;
    client.goto(&format!("http://{addr}/")).await.unwrap();
    until(&client, "return document.body.dataset.ready === 'true';").await;

    // Type a puzzle (the board starts with another), load it, solve: the
    // answer appears in the cells.
    choose_example(&client, "4×4").await;
    until(
        &client,
        "return document.querySelectorAll('#sudoku-board .cell').length === 16;",
    )
    .await;
    let text = client.find(Locator::Id("sudoku-text")).await.unwrap();
    text.clear().await.unwrap();
    text.send_keys(LEETCODE_37).await.unwrap();
    click(&client, "#sudoku-load").await;
    until(
        &client,
        "return document.querySelectorAll('#sudoku-board .cell').length === 81;",
    )
    .await;
    click(&client, "#sudoku-solve").await;
    until(
        &client,
        "return document.getElementById('sudoku-status').textContent.startsWith('Solved');",
    )
    .await;
    let cells = client
        .execute("return [...document.querySelectorAll('#sudoku-board .cell')].map(c => c.value).join('');", vec![])
        .await
        .unwrap();
    let answer: Grid = cells.as_str().unwrap().parse().unwrap();
    assert!(verify_solution(&LEETCODE_37.parse().unwrap(), &answer).is_ok());
    screenshot(&client, "1-sudoku-solved.png").await;

    // Check: a 5 typed into r1c3 clashes with r1c1's 5; both are marked.
    click(&client, "#sudoku-clear").await;
    until(
        &client,
        "return document.getElementById('sudoku-status').textContent.includes('81 empty');",
    )
    .await;
    let typed = client
        .find_all(Locator::Css("#sudoku-board .cell"))
        .await
        .unwrap();
    typed[0].send_keys("5").await.unwrap();
    typed[2].send_keys("5").await.unwrap();
    click(&client, "#sudoku-check").await;
    until(
        &client,
        "return document.getElementById('sudoku-status').textContent.startsWith('Invalid');",
    )
    .await;
    let marked = client
        .execute("return [...document.querySelectorAll('#sudoku-board .cell')].flatMap((c, i) => c.classList.contains('conflict') ? [i] : []);", vec![])
        .await
        .unwrap();
    assert_eq!(marked, json!([0, 2]));
    assert!(status(&client, "sudoku-status")
        .await
        .contains("twice in row 1"));
    screenshot(&client, "2-sudoku-conflict.png").await;

    // A Killer example: its 27 cages outlined with their sums; then a
    // generated 16×16 board; then the X-Wing puzzle rated as published.
    choose_example(&client, "Killer").await;
    until(
        &client,
        "return document.querySelectorAll('#sudoku-board .cage-sum').length === 27;",
    )
    .await;
    screenshot(&client, "2a-sudoku-killer.png").await;
    // Its hint is a Killer technique, which has no rating: no bracket;
    // its explanation's steps likewise.
    click(&client, "#sudoku-hint").await;
    until(&client, "return document.getElementById('sudoku-status').textContent === 'Next step: cage combinations. Press Hint again for more.';").await;
    click(&client, "#sudoku-explain").await;
    until(&client, "const li = document.querySelector('#sudoku-steps li'); return li !== null && li.textContent.startsWith('In cage ');").await;
    client
        .execute(
            "document.getElementById('sudoku-size').value = '16';",
            vec![],
        )
        .await
        .unwrap();
    click(&client, "#sudoku-generate").await;
    until(
        &client,
        "return document.querySelectorAll('#sudoku-board .cell').length === 256;",
    )
    .await;
    screenshot(&client, "2b-sudoku-16x16.png").await;
    choose_example(&client, "X-Wing").await;
    click(&client, "#sudoku-rate").await;
    let rated = until(&client, "const t = document.getElementById('sudoku-status').textContent; return t.startsWith('Sudoku Explainer') && t;").await;
    assert!(rated.as_str().unwrap().contains("ER 3.2"), "{rated}");

    // A hint on it, pressed three times: first the technique only, on
    // the pencil marks (the digits no peer holds); then the cells that
    // prove it lit; then the step, the digit placed the answer's.
    let x_wing: Grid = X_WING.parse().unwrap();
    let answer = the_answer(&x_wing);
    let lit = "return document.querySelectorAll('#sudoku-board .cell.trying').length;";
    click(&client, "#sudoku-hint").await;
    until(&client, "return document.querySelector('#sudoku-board svg.marks') !== null && document.getElementById('sudoku-status').textContent.startsWith('Next step: ');").await;
    assert_eq!(client.execute(lit, vec![]).await.unwrap(), 0);
    assert!(board_marks(&client, DIGITS).await.placed.is_empty());
    let told = "document.getElementById('sudoku-status').textContent";
    click(&client, "#sudoku-hint").await;
    until(&client, &format!("return {told}.includes('; look at r');")).await;
    assert!(client.execute(lit, vec![]).await.unwrap().as_u64().unwrap() > 0);
    assert!(board_marks(&client, DIGITS).await.placed.is_empty());
    click(&client, "#sudoku-hint").await;
    until(
        &client,
        &format!("return !{told}.startsWith('Next step: ');"),
    )
    .await;
    let marks = board_marks(&client, DIGITS).await;
    for (cell, shown) in &marks.candidates {
        let open: String = (1..=9u8)
            .filter(|&digit| {
                !(0..81).any(|peer| sees(*cell, peer) && x_wing.values()[peer] == digit)
            })
            .map(|digit| char::from(b'0' + digit))
            .collect();
        assert_eq!(shown, &open, "the marks of cell {cell}");
    }
    assert_eq!(marks.candidates.len(), 81 - x_wing.filled_count());
    assert!(!marks.placed.is_empty());
    for &(cell, digit) in &marks.placed {
        assert_eq!(answer.values()[cell], digit, "placed in cell {cell}");
    }

    // Explained, its X-Wing step chosen: the board as it stood then, every
    // value the answer's and every cell still open to its answer, the
    // X-Wing's removals struck out, none of them the answer's.
    click(&client, "#sudoku-explain").await;
    until(
        &client,
        "return document.querySelectorAll('#sudoku-steps li').length > 0;",
    )
    .await;
    client
        .execute("[...document.querySelectorAll('#sudoku-steps li')].find(li => li.textContent.includes('(X-Wing)')).click();", vec![])
        .await
        .unwrap();
    until(&client, "const li = document.querySelector('#sudoku-steps li.current'); return li !== null && li.textContent.includes('(X-Wing)');").await;
    let marks = board_marks(&client, DIGITS).await;
    for (cell, value) in marks.values.iter().enumerate() {
        if let Some(value) = value {
            assert_eq!(answer.values()[cell], *value, "the value of cell {cell}");
        }
    }
    for (cell, shown) in &marks.candidates {
        let digit = char::from(b'0' + answer.values()[*cell]);
        assert!(
            shown.contains(digit),
            "cell {cell} open to {digit}: {shown}"
        );
    }
    assert_eq!(marks.removed.len(), 3, "the X-Wing's removals");
    for &(cell, digit) in &marks.removed {
        assert_ne!(answer.values()[cell], digit, "removed from cell {cell}");
    }
    screenshot(&client, "2c-sudoku-explained.png").await;
    // The arrow key down goes to the next step: the board after the
    // X-Wing, which no longer holds what it removed.
    client
        .find(Locator::Css("#sudoku-steps li.current"))
        .await
        .unwrap()
        .send_keys("\u{E015}")
        .await
        .unwrap();
    until(&client, "const li = document.querySelector('#sudoku-steps li.current'); return li !== null && li.previousElementSibling.textContent.includes('(X-Wing)');").await;
    let next = board_marks(&client, DIGITS).await;
    for (cell, digit) in &marks.removed {
        let open = next.candidates.iter().find(|(at, _)| at == cell);
        assert!(
            open.is_none_or(|(_, shown)| !shown.contains(char::from(b'0' + digit))),
            "{digit} left cell {cell}: {open:?}"
        );
    }

    // The same puzzle in letters: solved in letters, and its hint (in
    // letters) places the answer's letter.
    choose_example(&client, "X-Wing in letters").await;
    until(&client, "return document.getElementById('sudoku-text').value.includes('ABCDEFGHI') && document.getElementById('sudoku-status').textContent.startsWith('Valid');").await;
    click(&client, "#sudoku-solve").await;
    until(&client, &format!("return {told}.startsWith('Solved');")).await;
    let solved = board_marks(&client, "ABCDEFGHI").await;
    let in_digits: Vec<Option<u8>> = answer.values().iter().map(|&value| Some(value)).collect();
    assert_eq!(solved.values, in_digits);
    for shown in [
        format!("return {told}.startsWith('Next step: ') && !{told}.includes('look at');"),
        format!("return {told}.includes('; look at r');"),
        format!("return !{told}.startsWith('Next step: ');"),
    ] {
        click(&client, "#sudoku-hint").await;
        until(&client, &shown).await;
    }
    let hinted = board_marks(&client, "ABCDEFGHI").await;
    let sentence = status(&client, "sudoku-status").await;
    assert!(!hinted.placed.is_empty());
    for &(cell, value) in &hinted.placed {
        assert_eq!(answer.values()[cell], value, "placed in cell {cell}");
        let letter = char::from(b'A' + value - 1);
        assert!(sentence.contains(&format!(" {letter} ")), "{sentence}");
    }

    // A 16×16 in 0-F: its answer is its own, read in its symbols (the
    // line read in 1-G would be another puzzle, `0` a blank).
    let zero_f: String = SIXTEEN
        .chars()
        .map(|ch| match "123456789ABCDEFG".find(ch) {
            Some(at) => char::from(b"0123456789ABCDEF"[at]),
            None => ch,
        })
        .collect();
    let document = json!({ "symbols": "0123456789ABCDEF", "givens": zero_f }).to_string();
    let text = client.find(Locator::Id("sudoku-text")).await.unwrap();
    text.clear().await.unwrap();
    text.send_keys(&document).await.unwrap();
    click(&client, "#sudoku-load").await;
    until(&client, &format!("return document.querySelectorAll('#sudoku-board .cell').length === 256 && {told}.startsWith('Valid');")).await;
    click(&client, "#sudoku-solve").await;
    until(&client, &format!("return {told}.startsWith('Solved');")).await;
    let shown = client
        .execute("return [...document.querySelectorAll('#sudoku-board .cell')].map(c => c.value).join('');", vec![])
        .await
        .unwrap();
    let values: Vec<u8> = shown
        .as_str()
        .unwrap()
        .chars()
        .map(|ch| "0123456789ABCDEF".find(ch).map_or(0, |at| at as u8 + 1))
        .collect();
    let (puzzle, _) = variant::read(&document, None).unwrap();
    assert_eq!(variant::verify_answer(&puzzle, &values), Ok(()), "{shown}");

    // A 6×6 jigsaw explained: its steps drawn on its own board, each value
    // shown the answer's, each open cell still open to its answer, and
    // every step that places a value placing the answer's.
    choose_example(&client, "Jigsaw 6×6").await;
    until(&client, &format!("return document.querySelectorAll('#sudoku-board .cell').length === 36 && {told}.startsWith('Valid');")).await;
    let jigsaw_text = client
        .execute(
            "return document.getElementById('sudoku-text').value;",
            vec![],
        )
        .await
        .unwrap();
    let (jigsaw, _) = variant::read(jigsaw_text.as_str().unwrap(), None).unwrap();
    let found = Solver::new(Strategy::default())
        .with_max_solutions(2)
        .explore_variant(&jigsaw);
    assert_eq!(found.stats.solutions, 1);
    let jigsaw_answer = found.solution.unwrap();
    click(&client, "#sudoku-explain").await;
    until(
        &client,
        &format!("return {told}.startsWith('Solved by logic');"),
    )
    .await;
    let steps = client
        .find_all(Locator::Css("#sudoku-steps li"))
        .await
        .unwrap();
    assert!(steps.len() > 1);
    for step in steps.iter().take(8) {
        step.click().await.unwrap();
        until(&client, "return document.querySelector('#sudoku-steps li.current svg, #sudoku-board svg.marks') !== null;").await;
        let shown = client
            .execute("return { values: [...document.querySelectorAll('#sudoku-board .cell')].map(c => c.value), \
                      marks: [...document.querySelectorAll('#sudoku-board svg.marks text')].map(t => [t.dataset.cell, t.textContent, t.getAttribute('class') || '', +t.getAttribute('x'), +t.getAttribute('y')]) };", vec![])
            .await
            .unwrap();
        let value = |symbol: &str| {
            let at = "123456".find(symbol).filter(|_| !symbol.is_empty());
            at.map(|at| at as u8 + 1)
        };
        for (cell, shown) in shown["values"].as_array().unwrap().iter().enumerate() {
            if let Some(value) = value(shown.as_str().unwrap()) {
                assert_eq!(jigsaw_answer[cell], value, "the value of cell {cell}");
            }
        }
        let mut open_to_answer = [false; 36];
        for mark in shown["marks"].as_array().unwrap() {
            let cell = rules::cell_index_on(mark[0].as_str().unwrap(), 6);
            let value = value(mark[1].as_str().unwrap()).unwrap();
            // Each mark lies inside its own cell of the 600-unit board.
            let (x, y) = (mark[3].as_f64().unwrap(), mark[4].as_f64().unwrap());
            assert_eq!(
                ((x / 100.0) as usize, (y / 100.0) as usize),
                (cell % 6, cell / 6),
                "{mark}"
            );
            open_to_answer[cell] |= jigsaw_answer[cell] == value;
            if mark[2].as_str().unwrap().contains("placed") {
                assert_eq!(jigsaw_answer[cell], value, "placed in cell {cell}");
            }
        }
        let open = shown["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value == "");
        for (cell, open) in open.enumerate() {
            assert!(
                !open || open_to_answer[cell],
                "cell {cell} open to its answer"
            );
        }
    }
    screenshot(&client, "2d-jigsaw-explained.png").await;

    // The 4-Queens search replayed to its end: 17 nodes, 2 solutions.
    click(&client, "#tab-queens").await;
    click(&client, "#queens-trace").await;
    until(
        &client,
        "return document.querySelector('#queens-replay svg') !== null;",
    )
    .await;
    click(&client, "#queens-replay button[title='To the end']").await;
    until(
        &client,
        "return document.getElementById('queens-replay').dataset.done === 'true';",
    )
    .await;
    let nodes = client
        .find_all(Locator::Css("#queens-replay svg circle"))
        .await
        .unwrap();
    let solutions = client
        .find_all(Locator::Css("#queens-replay svg circle.solution"))
        .await
        .unwrap();
    assert_eq!((nodes.len(), solutions.len()), (17, 2));
    screenshot(&client, "3-queens-replayed.png").await;
    // Each step told: the first row offers its 4 squares, the first is
    // tried.
    click(&client, "#queens-replay button[title='To the start']").await;
    click(&client, "#queens-replay button[title='Step forward']").await;
    let told = text_of(&client, "#queens-replay .told").await;
    assert_eq!(told, "row 0: 4 options left, so the search branches here.");
    click(&client, "#queens-replay button[title='Step forward']").await;
    let told = text_of(&client, "#queens-replay .told").await;
    assert_eq!(told, "Try row 0, col 0, one of 4 options.");

    // Block a corner of the 8×8 board: the count drops.
    let n = client.find(Locator::Id("queens-n")).await.unwrap();
    n.clear().await.unwrap();
    n.send_keys("8\t").await.unwrap();
    until(
        &client,
        "return document.querySelectorAll('#queens-board .square').length === 64;",
    )
    .await;
    click(&client, "#queens-count").await;
    let free = until(&client, "const t = document.getElementById('queens-status').textContent; return t.endsWith('reflection.') && t;").await;
    click(&client, "#queens-board .square").await;
    click(&client, "#queens-count").await;
    let blocked = until(&client, &format!("const t = document.getElementById('queens-status').textContent; return t !== {free} && t.endsWith('placements.') && t;")).await;
    let number = |text: &Value| -> u64 {
        text.as_str()
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(number(&blocked) < number(&free), "{blocked} < {free}");
    screenshot(&client, "4-queens-blocked.png").await;

    // Exact cover: Knuth's example drawn as its matrix (7 items, 6
    // options), solved, and its search replayed to the solution.
    click(&client, "#tab-cover").await;
    until(
        &client,
        "return document.querySelectorAll('#cover-matrix tbody tr').length === 6 \
         && document.querySelectorAll('#cover-matrix thead th').length === 8;",
    )
    .await;
    click(&client, "#cover-solve").await;
    until(&client, "return document.getElementById('cover-status').textContent.startsWith('1 solution found');").await;
    let solved = matrix_rows(&client, "chosen").await;
    assert!(
        covers(&solved, &["A", "B", "C", "D", "E", "F", "G"]),
        "{solved:?}"
    );
    click(&client, "#cover-trace").await;
    go_to_the_solution(&client).await;
    assert_eq!(matrix_rows(&client, "found").await, solved);
    // The first choice, told: the options sharing an item with it leave.
    go_to_the_first(&client, "choose").await;
    let trying = matrix_rows(&client, "trying").await;
    let first = trying[0].split_whitespace().collect::<Vec<_>>();
    let sharing: Vec<String> = KNUTH_OPTIONS
        .iter()
        .filter(|option| {
            **option != trying[0] && option.split_whitespace().any(|item| first.contains(&item))
        })
        .map(|option| option.to_string())
        .collect();
    assert_eq!(matrix_rows(&client, "out").await, sharing);
    let told = text_of(&client, "#cover-replay .told").await;
    assert!(
        told.ends_with(&format!("leave the matrix: {}.", sharing.join("; "))),
        "{told}"
    );
    go_to_the_solution(&client).await;
    let covered = client
        .find_all(Locator::Css("#cover-matrix thead th.covered"))
        .await
        .unwrap();
    assert_eq!(covered.len(), 7);
    let told = text_of(&client, "#cover-replay .told").await;
    assert!(told.starts_with("Every primary item is covered"), "{told}");
    client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .unwrap();
    screenshot(&client, "6-cover-replayed.png").await;

    // With colors: the options that would give x or y another color are
    // out of the matrix at the solution. The replay of the example before,
    // left playing, ends with it: it draws nothing on the new matrix.
    click(&client, "#cover-replay button[title='Play or pause']").await;
    choose_example_in(&client, "cover-example", "Colors").await;
    until(
        &client,
        "return document.querySelectorAll('#cover-matrix tbody tr').length === 5;",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(matrix_rows(&client, "chosen").await, Vec::<String>::new());
    let told = status(&client, "cover-status").await;
    assert!(told.starts_with("5 items (3 primary"), "{told}");
    click(&client, "#cover-trace").await;
    go_to_the_solution(&client).await;
    let found = matrix_rows(&client, "found").await;
    assert!(covers(&found, &["p", "q", "r"]), "{found:?}");
    let mut rest = matrix_rows(&client, "out").await;
    rest.extend(found);
    rest.sort();
    let mut all = matrix_rows(&client, "").await;
    all.sort();
    assert_eq!(
        rest, all,
        "every option is in the solution or out of the matrix"
    );

    // On a phone-sized screen each tab fits the page's width (a wide
    // matrix scrolls in its own box).
    client.set_window_size(390, 844).await.unwrap();
    choose_example_in(&client, "cover-example", "4 queens").await;
    until(
        &client,
        "return document.querySelectorAll('#cover-matrix tbody tr').length === 16;",
    )
    .await;
    for tab in ["cover", "queens", "sudoku"] {
        click(&client, &format!("#tab-{tab}")).await;
        let fits = until(&client, "return document.documentElement.scrollWidth <= window.innerWidth + 1 || [document.documentElement.scrollWidth, window.innerWidth, [...document.querySelectorAll('body *')].filter(e => !e.closest('.matrix table') && e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '#' + e.id)];").await;
        assert_eq!(
            fits,
            Value::Bool(true),
            "{tab}: page width against the window's"
        );
    }
    screenshot(&client, "5-phone.png").await;

    client.close().await.unwrap();
}
