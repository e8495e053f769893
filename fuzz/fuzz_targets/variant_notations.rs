//! Every variant notation, told from the text by `read`: arrays of rows,
//! SumoCue, janko.at, cage lists, jigsaws (side by side, or the givens
//! then the region labels), CodinGame's Killer, JSON documents and grids.
//! What reads is written back and must read as the same puzzle, both as
//! its plainest text (`to_text`) and in its own notation (`render`, but
//! for JSON and the Killer form, whose writers give an answer only), and
//! is searched within a budget, any answer checked against its rules.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_sudoku::variant::{read, render, to_text, verify_answer, Notation, Symbols};
use gridsolve_sudoku::{Solver, Strategy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    // An alphabet from the start of the text, as `--symbols` would give.
    let alphabet = text.lines().next().and_then(|line| Symbols::new(line).ok());
    let symbols = alphabet.as_ref().filter(|_| selector & 4 != 0);
    let Ok((puzzle, notation)) = read(&text, symbols) else {
        return;
    };
    let plain = to_text(&puzzle);
    let (again, _) = read(&plain, None).expect("to_text reads back");
    assert_eq!(again, puzzle, "to_text: {plain:?}");
    if !matches!(notation, Notation::Json | Notation::Killer) {
        let written = render(&puzzle, notation, puzzle.givens());
        let (again, _) = read(&written, symbols).expect("render reads back");
        assert_eq!(again, puzzle, "render in {notation:?}: {written:?}");
    }
    let strategy = Strategy::ALL[usize::from(selector) % Strategy::ALL.len()];
    let found = Solver::new(strategy)
        .with_budget(budget())
        .explore_variant(&puzzle);
    if let Some(answer) = found.solution {
        verify_answer(&puzzle, &answer).expect("an answer keeps the rules");
    }
});
