//! Every search of this crate honours the cancel flag: raised before the
//! search, it stops within one poll interval of nodes; raised from another
//! thread during the search, it stops it, on one thread or several;
//! either way the count found is reported as a lower bound
//! (`StopReason::Cancelled`).

use gridsolve_sudoku::variant::{Shape, Variant};
use gridsolve_sudoku::{Budget, Grid, Solver, StopReason, Strategy};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Solutions no search here reaches: only the flag can stop it.
const ENDLESS: u64 = u64::MAX;

/// Nodes a search may count before it sees a flag raised at its start:
/// one poll interval of nodes polled, and as many again for the nodes
/// that exact cover counts without a poll (one per solution reached).
const SLACK: u64 = 2 * Budget::POLL_INTERVAL;

fn cancelled_budget(raised: bool) -> (Budget, Arc<AtomicBool>) {
    let flag = Arc::new(AtomicBool::new(raised));
    (Budget::default().with_cancel(Arc::clone(&flag)), flag)
}

/// A solver of `strategy` looking for every solution within `budget`.
fn endless(strategy: Strategy, budget: Budget) -> Solver {
    Solver::new(strategy)
        .with_max_solutions(ENDLESS)
        .with_budget(budget)
}

/// Runs `search` on another thread, raises the flag once it has had
/// 20 ms, and returns what it reports.
fn cancel_while_running<R: Send + 'static>(search: impl FnOnce(Budget) -> R + Send + 'static) -> R {
    let (budget, flag) = cancelled_budget(false);
    let running = std::thread::spawn(move || search(budget));
    std::thread::sleep(Duration::from_millis(20));
    flag.store(true, Ordering::Relaxed);
    running.join().unwrap()
}

#[test]
fn every_classic_strategy_stops_at_the_flag() {
    let empty: Grid = ".".repeat(81).parse().unwrap();
    for strategy in Strategy::ALL {
        let (budget, _flag) = cancelled_budget(true);
        let found = endless(strategy, budget).explore(&empty);
        assert_eq!(found.stopped, Some(StopReason::Cancelled), "{strategy}");
        assert!(
            found.stats.nodes <= SLACK,
            "{strategy}: {} nodes",
            found.stats.nodes
        );
        assert!(!found.is_complete(), "{strategy}");

        let found = cancel_while_running(move |budget| endless(strategy, budget).explore(&empty));
        assert_eq!(found.stopped, Some(StopReason::Cancelled), "{strategy}");
        assert!(found.stats.solutions > 0, "{strategy}: a lower bound");
    }
}

/// Runs `search` on the calling thread alone or, with `threads` above
/// one, in a rayon pool of that many (where the fast engine shares its
/// branches near the root over the threads).
fn on_threads<R: Send>(threads: usize, search: impl FnOnce() -> R + Send) -> R {
    match threads {
        1 => search(),
        _ => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(search),
    }
}

#[test]
fn every_variant_strategy_stops_at_the_flag() {
    let puzzles = [
        Variant::new(Shape::CLASSIC).with_diagonals().unwrap(),
        Variant::new(Shape::new(5, 5).unwrap()),
    ];
    for puzzle in puzzles {
        for strategy in Strategy::ALL {
            for threads in [1, 2] {
                let what = format!("{strategy:?} on {threads} threads");
                let (budget, _flag) = cancelled_budget(true);
                let found = on_threads(threads, || {
                    endless(strategy, budget).explore_variant(&puzzle)
                });
                assert_eq!(found.stopped, Some(StopReason::Cancelled), "{what}");
                assert!(found.stats.nodes <= SLACK, "{what}: {}", found.stats.nodes);

                let running = puzzle.clone();
                let found = cancel_while_running(move |budget| {
                    on_threads(threads, || {
                        endless(strategy, budget).explore_variant(&running)
                    })
                });
                assert_eq!(found.stopped, Some(StopReason::Cancelled), "{what}");
            }
        }
    }
}
