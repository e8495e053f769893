//! Boards with reserved squares (`.` and `*`): whatever parses is
//! searched within a budget, and every placement found is checked by the
//! independent attack checker, reserved squares included.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_queens::{verify_on_board, BlockedBoard, Solutions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(board) = text.parse::<BlockedBoard>() else {
        return;
    };
    for placement in Solutions::with_budget(&board, budget()).take(4) {
        verify_on_board(&placement, &board).expect("a placement keeps the rules");
    }
});
