//! Every strategy on the same puzzles, each answer checked by the
//! independent checker.

use super::*;
use crate::verify::verify_solution;
use gridsolve_search::{Event, EventLog, StopReason};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

fn explore(strategy: Strategy, puzzle: &Grid, max_solutions: u64) -> Exploration {
    Solver::new(strategy)
        .with_max_solutions(max_solutions)
        .explore(puzzle)
}

#[test]
fn every_strategy_solves_the_classic_puzzle_uniquely() {
    let puzzle = grid(CLASSIC);
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        assert_eq!(exploration.verdict(), Verdict::Unique, "{strategy}");
        verify_solution(&puzzle, &exploration.solution.unwrap()).unwrap();
    }
}

#[test]
fn conflicting_clues_have_no_solution_under_every_strategy() {
    let puzzle = grid(&format!("55{}", ".".repeat(79)));
    for strategy in Strategy::ALL {
        let exploration = explore(strategy, &puzzle, 2);
        assert_eq!(exploration.verdict(), Verdict::None, "{strategy}");
    }
}

#[test]
fn node_budget_stops_the_search_and_the_verdict_is_unknown() {
    let budget = Budget::default().with_max_nodes(5);
    for strategy in Strategy::ALL {
        let exploration = Solver::new(strategy)
            .with_max_solutions(2)
            .with_budget(budget.clone())
            .explore(&Grid::empty());
        assert_eq!(
            exploration.stopped,
            Some(StopReason::NodeLimit),
            "{strategy}"
        );
        assert_eq!(exploration.stats.nodes, 5);
    }
}

#[test]
fn the_tracer_sees_one_choose_per_guess_and_one_solution() {
    let puzzle = grid(CLASSIC);
    for strategy in Strategy::ALL {
        let mut log = EventLog::default();
        let exploration = Solver::new(strategy)
            .with_max_solutions(2)
            .explore_traced(&puzzle, &mut log);
        let guesses = log
            .events
            .iter()
            .filter(
                |event| matches!(event, Event::Choose { alternatives, .. } if *alternatives > 1),
            )
            .count() as u64;
        let undos = log
            .events
            .iter()
            .filter(|event| matches!(event, Event::Undo { .. }))
            .count() as u64;
        let solutions = log
            .events
            .iter()
            .filter(|event| matches!(event, Event::Solution { .. }))
            .count();
        assert_eq!(guesses, exploration.stats.guesses, "{strategy}");
        assert_eq!(undos, exploration.stats.backtracks, "{strategy}");
        assert_eq!(solutions, 1, "{strategy}");
    }
}

#[test]
fn reading_order_chooses_cells_in_reading_order() {
    // Two blanks: r1c3 and r1c4; everything else given.
    let puzzle =
        grid("53..78912672195348198342567859761423426853791713924856961537284287419635345286179");
    let mut log = EventLog::default();
    Solver::new(Strategy::ReadingOrder).explore_traced(&puzzle, &mut log);
    let chosen: Vec<String> = log
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Choose { choice, .. } => Some(choice.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(chosen, ["r1c3 = 4", "r1c4 = 6"]);
}

/// A default budget never caps a count: asked for every solution of a
/// grid with more than one, each strategy finds them all and says the
/// count is complete.
#[test]
fn a_default_budget_never_caps_a_count() {
    // CLASSIC less its first row's clues: more than one solution.
    let puzzle = grid(&format!("{}{}", ".".repeat(9), &CLASSIC[9..]));
    let counts: Vec<(u64, bool)> = Strategy::ALL
        .iter()
        .map(|&strategy| {
            let found = explore(strategy, &puzzle, u64::MAX);
            (found.stats.solutions, found.is_complete())
        })
        .collect();
    assert!(counts[0].0 > 1 && counts[0].1, "{counts:?}");
    assert!(counts.iter().all(|&count| count == counts[0]), "{counts:?}");
}
