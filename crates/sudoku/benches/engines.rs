//! Each strategy's hot path, so that a regression shows in `cargo bench`:
//! every strategy on the bundled puzzles (examples/sudoku: LeetCode 37,
//! the X-Wing puzzle, Inkala's "hardest"), and the default engine on the
//! first 1,000 puzzles of each benchmark set when `GRIDSOLVE_DATA` names
//! the data folder (`../shared/data`). Same-run ratios against peers live
//! in docs/PERFORMANCE.md; these are for before/after one change.

// `criterion_group!` defines an undocumented function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gridsolve_sudoku::{Grid, Records, Solver, Strategy};
use std::hint::black_box;
use std::path::Path;

/// The puzzles of a file of records (the first `most`).
fn puzzles(path: &Path, most: usize) -> Vec<Grid> {
    let file =
        std::fs::File::open(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    Records::new(std::io::BufReader::new(file))
        .filter_map(Result::ok)
        .map(|record| record.grid)
        .take(most)
        .collect()
}

/// Solves each of `grids`, counting to 2 (proving uniqueness), as the
/// benchmarks of docs/PERFORMANCE.md do.
fn solve_all(solver: &Solver, grids: &[Grid]) -> u64 {
    grids
        .iter()
        .map(|grid| solver.explore(black_box(grid)).stats.solutions)
        .sum()
}

fn bundled(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/sudoku");
    let grids: Vec<Grid> = ["leetcode37.txt", "x-wing.txt", "inkala.txt"]
        .iter()
        .flat_map(|name| puzzles(&root.join(name), 1))
        .collect();
    let mut group = c.benchmark_group("bundled puzzles");
    group.throughput(Throughput::Elements(grids.len() as u64));
    for strategy in Strategy::ALL {
        let solver = Solver::new(strategy).with_max_solutions(2);
        group.bench_with_input(BenchmarkId::from_parameter(strategy), &grids, |b, grids| {
            b.iter(|| solve_all(&solver, grids))
        });
    }
    group.finish();
}

fn data_sets(c: &mut Criterion) {
    let Some(data) = std::env::var_os("GRIDSOLVE_DATA") else {
        eprintln!("GRIDSOLVE_DATA is not set: the benchmark sets are skipped");
        return;
    };
    let folder = Path::new(&data).join("sudoku");
    let mut names: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with("puzzles"))
        })
        .collect();
    names.sort();
    let solver = Solver::new(Strategy::Bitboard).with_max_solutions(2);
    let mut group = c.benchmark_group("bitboard, first 1000 of each set");
    for path in names {
        let grids = puzzles(&path, 1000);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &grids, |b, grids| {
            b.iter(|| solve_all(&solver, grids))
        });
    }
    group.finish();
}

criterion_group!(benches, bundled, data_sets);
criterion_main!(benches);
