//! The JSON document of a variant puzzle: whatever parses is searched
//! within a budget and any answer checked against its rules.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_sudoku::variant::{parse_json, verify_answer};
use gridsolve_sudoku::{Solver, Strategy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(variant) = parse_json(text) else {
        return;
    };
    let found = Solver::new(Strategy::Bitboard)
        .with_budget(budget())
        .explore_variant(&variant);
    if let Some(answer) = found.solution {
        verify_answer(&variant, &answer).expect("an answer keeps the rules");
    }
});
