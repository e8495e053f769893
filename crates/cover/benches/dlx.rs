//! Dancing links' hot path, so that a regression shows in `cargo bench`:
//! counting the pentomino packings of the 3×20 and 5×6 boards, and the
//! 8-queens problem as exact cover. Same-run ratios against Knuth's DLX1
//! live in docs/PERFORMANCE.md.

// `criterion_group!` defines an undocumented function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use gridsolve_cover::{count, pentomino, queens, Board, Budget};
use std::hint::black_box;

fn dlx(c: &mut Criterion) {
    let all = Budget::default();
    let strip = pentomino(&Board::rectangle(3, 20).unwrap(), false).unwrap();
    c.bench_function("pentomino 3x20", |b| {
        b.iter(|| count(black_box(&strip), &all).stats.solutions)
    });
    let eight = queens(8);
    c.bench_function("8 queens as exact cover", |b| {
        b.iter(|| count(black_box(&eight), &all).stats.solutions)
    });
}

criterion_group!(benches, dlx);
criterion_main!(benches);
