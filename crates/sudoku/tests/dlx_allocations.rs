//! The exact-cover strategy allocates nothing per puzzle: once a thread
//! has searched one puzzle, its later searches (solved, unsolvable, with
//! many solutions, stopped by a budget) reuse the thread's scratch. A
//! counting allocator counts this thread's allocations.

use gridsolve_sudoku::{Budget, Grid, Solver, Strategy};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting each thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // During a thread's teardown the counter may be gone: not counted.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call goes straight to the system allocator with the same
// arguments; the counting touches no allocated memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations this thread makes in `work`.
fn allocations_in(work: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn searching_a_puzzle_allocates_nothing_after_the_first() {
    let texts = [
        // Inkala's "hardest" puzzle, the LeetCode 37 puzzle, a 17-clue one.
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        // No solution: r1c1 can hold nothing (its row, column and box
        // hold every digit).
        concat!(
            ".23456789",
            "1........",
            ".........",
            "4........",
            "5........",
            "6........",
            "7........",
            "8........",
            "9........",
        ),
        // Many solutions: the empty grid, and a grid with one clue.
        ".................................................................................",
        "5................................................................................",
    ];
    let puzzles: Vec<Grid> = texts
        .iter()
        .map(|text| text.parse().expect("the test puzzles parse"))
        .collect();
    let counter = Solver::new(Strategy::Dlx).with_max_solutions(2);
    let bounded = Solver::new(Strategy::Dlx)
        .with_max_solutions(u64::MAX)
        .with_budget(Budget::default().with_max_nodes(500));
    // The thread's first search sets up its scratch.
    counter.explore(&puzzles[0]);
    for (text, puzzle) in texts.iter().zip(&puzzles) {
        for solver in [&counter, &bounded] {
            let mut found = None;
            let allocations = allocations_in(|| found = Some(solver.explore(puzzle)));
            assert_eq!(allocations, 0, "searching {text} allocated");
            assert!(found.unwrap().stats.nodes > 0);
        }
    }
}
