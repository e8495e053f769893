//! The JSON document of a variant puzzle: whatever parses is searched
//! within a budget and any answer checked against its rules.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_sudoku::variant::{explore, parse_json, verify_answer, CageRules};
use gridsolve_sudoku::Strategy;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(variant) = parse_json(text) else {
        return;
    };
    let found = explore(
        &variant,
        Strategy::Bitboard,
        CageRules::default(),
        &budget(1),
    );
    if let Some(answer) = found.solution {
        verify_answer(&variant, &answer).expect("an answer keeps the rules");
    }
});
