//! The text forms of variant puzzles: a grid of symbols (with and without
//! the X and windoku units) and CodinGame's Killer form. What parses is
//! searched within a budget and any answer checked against its rules.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_sudoku::variant::{parse_grid, parse_killer, verify_answer, Symbols, Variant};
use gridsolve_sudoku::{Solver, Strategy};
use libfuzzer_sys::fuzz_target;

fn search(variant: &Variant, strategy: Strategy) {
    let found = Solver::new(strategy)
        .with_budget(budget())
        .explore_variant(variant);
    if let Some(answer) = found.solution {
        verify_answer(variant, &answer).expect("an answer keeps the rules");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let strategy = Strategy::ALL[usize::from(selector) % Strategy::ALL.len()];
    // An alphabet from the start of the text, as `--symbols` would give.
    let alphabet = text.lines().next().and_then(|line| Symbols::new(line).ok());
    let symbols = alphabet.as_ref().filter(|_| selector & 4 != 0);
    if let Ok(grid) = parse_grid(&text, symbols) {
        search(&grid, strategy);
        if let Ok(x) = grid.clone().with_diagonals() {
            search(&x, strategy);
        }
        if let Ok(windoku) = grid.with_windows() {
            search(&windoku, strategy);
        }
    }
    if let Ok(killer) = parse_killer(&text) {
        search(&killer, strategy);
    }
});
