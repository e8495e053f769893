//! Every variant notation, told from the text by `read`: arrays of rows,
//! SumoCue, janko.at, cage lists, jigsaws (side by side, or the givens
//! then the region labels), CodinGame's Killer, JSON documents and grids.
//! What reads is written back and must read as the same puzzle, both as
//! its plainest text (`to_text`) and in its own notation (`render`, but
//! for JSON and the Killer form, whose writers give an answer only), and
//! is searched within a budget, any answer checked against its rules and
//! the solutions counted (up to 3) as plain search counts them.
#![no_main]

use gridsolve_fuzz::{budget, plain_count};
use gridsolve_sudoku::variant::{read, render, to_text, verify_answer, Notation, Symbols};
use gridsolve_sudoku::{Solver, StopReason, Strategy};
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
    // Up to 3 solutions by the input's strategy and by plain MRV search:
    // where both finish within the budget they count alike; and on grids
    // of 16 cells, as the plainest search counts them (every strategy
    // shares the cage and Hall-set inference), so that no inference loses
    // a solution unseen.
    let count = |strategy: Strategy| {
        Solver::new(strategy)
            .with_budget(budget())
            .with_max_solutions(3)
            .explore_variant(&puzzle)
    };
    let strategy = Strategy::ALL[usize::from(selector) % Strategy::ALL.len()];
    let found = count(strategy);
    if let Some(answer) = &found.solution {
        verify_answer(&puzzle, answer).expect("an answer keeps the rules");
    }
    let plain = count(Strategy::Mrv);
    let finished =
        |stopped: Option<StopReason>| matches!(stopped, None | Some(StopReason::SolutionLimit));
    if finished(found.stopped) && finished(plain.stopped) {
        assert_eq!(
            found.stats.solutions, plain.stats.solutions,
            "{strategy} and mrv"
        );
    }
    if puzzle.side() <= 4 && finished(found.stopped) {
        assert_eq!(
            found.stats.solutions,
            plain_count(&puzzle, 3),
            "{strategy}: {text:?}"
        );
    }
});
