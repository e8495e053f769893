//! `gridsolve queens bench`: counting time for each n, side by side in the
//! same run with a plain bitmask counter written here as the baseline (rows
//! in order, columns and diagonals as masks, lowest free bit first; no
//! symmetry, no other trick), single-threaded and on `--threads` threads.
//! Each figure is the median of `--runs` runs.

use crate::args::QueensBenchArgs;
use crate::failure::{print_line, VerbResult};
use crate::stage::worker_pool_of;
use crate::status::Status;
use gridsolve_queens::{count_board, BlockedBoard, MAX_N};
use gridsolve_search::Budget;
use std::time::Instant;

pub fn run(args: &QueensBenchArgs) -> VerbResult {
    let single = worker_pool_of(1)?;
    let parallel = worker_pool_of(args.threads)?;
    print_line(format_args!(
        "{:>3} {:>16} {:>12} {:>12} {:>9} {:>12} {:>11}",
        "n",
        "total",
        "baseline s",
        "1 thread s",
        "speedup",
        format!("{} threads s", args.threads),
        "scaling"
    ))?;
    for &n in &args.sizes {
        let board =
            BlockedBoard::free(n).map_err(|_| format!("n must be 1 to {MAX_N}, got {n}"))?;
        let (baseline_total, baseline) = median(args.runs, || baseline_count(n));
        let count = || count_board(&board, &Budget::default(), |_| {}).counts.total;
        let (total, one) = median(args.runs, || single.install(count));
        let (parallel_total, many) = median(args.runs, || parallel.install(count));
        if total != baseline_total || parallel_total != baseline_total {
            return Err(format!(
                "n = {n}: counts disagree (baseline {baseline_total}, 1 thread {total}, parallel {parallel_total})"
            ).into());
        }
        print_line(format_args!(
            "{n:>3} {total:>16} {baseline:>12.3} {one:>12.3} {:>8.2}x {many:>12.3} {:>10.2}x",
            baseline / one,
            one / many
        ))?;
    }
    Ok(Status::Ok)
}

/// The result of `work` and the median of its wall times over `runs` runs.
fn median(runs: u16, mut work: impl FnMut() -> u64) -> (u64, f64) {
    let mut result = 0;
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            result = work();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (result, times[times.len() / 2])
}

/// The baseline: the textbook bitmask counter, recursive, every placement.
fn baseline_count(n: usize) -> u64 {
    fn place(full: u32, cols: u32, down_right: u32, down_left: u32) -> u64 {
        if cols == full {
            return 1;
        }
        let mut free = full & !(cols | down_right | down_left);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += place(
                full,
                cols | bit,
                (down_right | bit) << 1,
                (down_left | bit) >> 1,
            );
        }
        count
    }
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    place(full, 0, 0, 0)
}
