//! Work units and their results as JSON lines: a unit that reads is run
//! within a budget (or refused as inconsistent), and results that read are
//! merged (or refused) without a panic. A unit the node budget lets finish
//! is run again without one (by the level sweep, where the CPU has its
//! vector unit, instead of the row engine), and must count the same.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_queens::{merge, run_unit, Budget, UnitResult, WorkUnit};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut results = Vec::new();
    for (index, line) in text.lines().enumerate().take(16) {
        if let Ok(unit) = serde_json::from_str::<WorkUnit>(line) {
            if let Ok(result) = run_unit(&unit, &budget()) {
                if result.stopped.is_none() {
                    let swept = run_unit(&unit, &Budget::default()).expect("the unit ran once");
                    assert_eq!(swept, result, "the sweep and the row engine differ");
                }
                results.push((index + 1, result));
            }
        } else if let Ok(result) = serde_json::from_str::<UnitResult>(line) {
            results.push((index + 1, result));
        }
    }
    let _ = merge(results);
});
