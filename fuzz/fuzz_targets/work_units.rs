//! Work units and their results as JSON lines: a unit that reads is run
//! within a budget (or refused as inconsistent), and results that read are
//! merged (or refused) without a panic.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_queens::{merge, run_unit, UnitResult, WorkUnit};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut results = Vec::new();
    for (index, line) in text.lines().enumerate().take(16) {
        if let Ok(unit) = serde_json::from_str::<WorkUnit>(line) {
            if let Ok(result) = run_unit(&unit, &budget()) {
                results.push((index + 1, result));
            }
        } else if let Ok(result) = serde_json::from_str::<UnitResult>(line) {
            results.push((index + 1, result));
        }
    }
    let _ = merge(results);
});
