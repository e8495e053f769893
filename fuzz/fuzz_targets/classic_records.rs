//! Classic records, in every form, detected per record: any bytes are cut
//! into records without a panic, each line in at most one record; every
//! grid that parses is searched within a budget and any answer checked.
#![no_main]

use gridsolve_fuzz::budget;
use gridsolve_sudoku::{verify_solution, Records, Solver, Strategy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&byte| byte == b'\n').count() + 1;
    let mut last_line = 0;
    for (index, item) in Records::new(data).enumerate() {
        assert!(index < lines, "more records than lines");
        let line = match &item {
            Ok(record) => record.line,
            Err(error) => match error {
                gridsolve_sudoku::ReadError::Parse(error) => error.line,
                gridsolve_sudoku::ReadError::Io { .. } => unreachable!("a slice never fails"),
            },
        };
        assert!(line >= 1 && line <= lines, "line {line} of {lines}");
        last_line = last_line.max(line);
        let Ok(record) = item else { continue };
        let strategy = if index % 2 == 0 {
            Strategy::Bitboard
        } else {
            Strategy::Propagate
        };
        let found = Solver::new(strategy)
            .with_max_solutions(2)
            .with_budget(budget())
            .explore(&record.grid);
        if let Some(answer) = found.solution {
            verify_solution(&record.grid, &answer).expect("an answer keeps the rules");
        }
    }
});
