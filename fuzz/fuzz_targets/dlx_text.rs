//! Knuth's DLX text (with colors and bounds): whatever parses is searched
//! within a budget, and every solution found is checked to cover each
//! primary item within its bounds and each secondary item at most once or
//! in one color.
#![no_main]

use gridsolve_cover::{parse_dlx, solve_up_to};
use gridsolve_fuzz::{budget, check_cover};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(parsed) = parse_dlx(&text) else { return };
    assert_eq!(parsed.option_lines.len(), parsed.problem.options().len());
    let (solutions, _) = solve_up_to(&parsed.problem, 8, &budget());
    for chosen in &solutions {
        check_cover(&parsed.problem, chosen);
    }
    // The problem written back reads as the same problem.
    let again = parse_dlx(&parsed.problem.to_dlx()).expect("written DLX reads back");
    assert_eq!(again.problem, parsed.problem);
});
