//! The counter's hot path, so that a regression shows in `cargo bench`:
//! `count_board` (total and up to symmetry, one thread) for n = 10 and
//! 12, and the plain `Solutions` iterator for n = 10. Same-run ratios
//! against takaken's counter live in docs/PERFORMANCE.md.

// `criterion_group!` defines an undocumented function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridsolve_queens::{count_board, BlockedBoard, Budget, Solutions};
use std::hint::black_box;

fn count(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("count_board, one thread");
    for n in [10, 12] {
        let board = BlockedBoard::free(n).unwrap();
        group.bench_with_input(BenchmarkId::from_parameter(n), &board, |b, board| {
            b.iter(|| {
                pool.install(|| count_board(black_box(board), &Budget::default(), |_| {}).counts)
            })
        });
    }
    group.finish();
    let board = BlockedBoard::free(10).unwrap();
    c.bench_function("Solutions, n = 10", |b| {
        b.iter(|| Solutions::new(black_box(&board)).count())
    });
}

criterion_group!(benches, count);
criterion_main!(benches);
