"""Same-run benchmarks of the Python package (docs/PERFORMANCE.md).

    python python/bench/bench.py DATA_DIR GRIDSOLVE_BIN [ROUNDS]

- solve_many on the 100,000 puzzles of puzzles0_kaggle_like_100k, 1 and 2
  threads, against the CLI solving the same file end to end
  (``gridsolve sudoku solve --threads N``), medians of ROUNDS rounds in
  which every one of these runs in turn (so that a change in the shared
  machine's load falls on all of them alike), and the median over rounds
  of each round's ratio of 1 thread to 2;
- gridsolve.solve called in a Python loop, and py-sudoku's pure-Python
  solver (``pip install py-sudoku``, one run), on the first puzzles of that file;
- count_queens(17) on a LocalCluster of 2 single-threaded worker processes
  against ``gridsolve queens count 17 --threads 1`` (in turn, the median
  of the rounds' ratios), and the scheduling
  cost per unit (count_queens(12) over 275 units, one unit a task).

Prints one JSON object of figures.
"""

import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import gridsolve
import gridsolve.dask as gdask


def timed(work):
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def median_time(work, rounds):
    return statistics.median(timed(work)[0] for _ in range(rounds))


def interleaved(works, rounds):
    """Each work's times over `rounds` rounds, every round running every
    work once, in turn."""
    times = {name: [] for name in works}
    for _ in range(rounds):
        for name, work in works.items():
            times[name].append(timed(work)[0])
    return times


def kaggle(data):
    path = os.path.join(data, "sudoku", "puzzles0_kaggle_like_100k")
    lines = [line.strip() for line in open(path) if line.strip() and not line.startswith("#")]
    cells = np.array([[0 if ch == "." else int(ch) for ch in line] for line in lines], dtype=np.uint8)
    return path, lines, cells


def main():
    data, binary = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    path, lines, cells = kaggle(data)
    figures = {"puzzles": len(lines), "rounds": rounds}
    works = {}
    # Each 1-thread run right before its 2-thread run, so a pair shares the
    # machine's load.
    for threads in (1, 2):
        works[f"solve_many_{threads}t_s"] = lambda t=threads: gridsolve.solve_many(cells, threads=t)
    for threads in (1, 2):
        works[f"solve_many_list_{threads}t_s"] = lambda t=threads: gridsolve.solve_many(lines, threads=t)
    for threads in (1, 2):
        command = [binary, "sudoku", "solve", "--threads", str(threads), path]
        works[f"cli_{threads}t_s"] = lambda c=command: subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
    times = interleaved(works, rounds)
    figures.update({name: statistics.median(values) for name, values in times.items()})
    for name in ("solve_many", "solve_many_list", "cli"):
        pairs = zip(times[f"{name}_1t_s"], times[f"{name}_2t_s"])
        figures[f"{name}_2t_speedup"] = statistics.median(one / two for one, two in pairs)
    loop = lines[:10000]
    figures["solve_loop_10k_s"] = median_time(lambda: [gridsolve.solve(p) for p in loop], rounds)
    figures["solve_many_10k_s"] = median_time(lambda: gridsolve.solve_many(loop), rounds)
    try:
        from sudoku import Sudoku

        few = lines[:50]
        grids = [[[int(ch) if ch != "." else None for ch in p[r * 9 : r * 9 + 9]] for r in range(9)] for p in few]
        figures["py_sudoku_50_s"] = median_time(lambda: [Sudoku(3, 3, board=g).solve() for g in grids], 1)
        figures["solve_many_50_s"] = median_time(lambda: gridsolve.solve_many(few), rounds)
    except ImportError:
        figures["py_sudoku_50_s"] = None

    from distributed import Client, LocalCluster

    count_17 = [binary, "queens", "count", "17", "--threads", "1"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as client:
        gdask.count_queens(12, client)  # warm the workers
        times = interleaved(
            {
                "dask_count_17_s": lambda: gdask.count_queens(17, client),
                "cli_count_17_1t_s": lambda: subprocess.run(count_17, stdout=subprocess.DEVNULL, check=True),
            },
            max(1, rounds // 2),
        )
        figures.update({name: statistics.median(values) for name, values in times.items()})
        pairs = zip(times["cli_count_17_1t_s"], times["dask_count_17_s"])
        figures["dask_count_17_speedup"] = statistics.median(cli / dask for cli, dask in pairs)
        figures["dask_count_12_one_unit_a_task_s"] = median_time(
            lambda: gdask.count_queens(12, client, chunks=len(gridsolve.queens_split(12, 3))), rounds
        )
    command = [binary, "queens", "count", "12", "--threads", "1"]
    figures["cli_count_12_1t_s"] = median_time(lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True), rounds)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
