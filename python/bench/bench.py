"""Same-run benchmarks of the Python package (docs/PERFORMANCE.md).

    python python/bench/bench.py DATA_DIR GRIDSOLVE_BIN [ROUNDS]

- solve_many on the 100,000 puzzles of puzzles0_kaggle_like_100k, 1 and 2
  threads, against the CLI solving the same file end to end
  (``gridsolve sudoku solve --threads N``), medians of ROUNDS runs;
- gridsolve.solve called in a Python loop, and py-sudoku's pure-Python
  solver (``pip install py-sudoku``, one run), on the first puzzles of that file;
- count_queens(17) on a LocalCluster of 2 single-threaded worker processes
  against ``gridsolve queens count 17 --threads 1``, and the scheduling
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
    for threads in (1, 2):
        figures[f"solve_many_{threads}t_s"] = median_time(lambda: gridsolve.solve_many(cells, threads=threads), rounds)
        figures[f"solve_many_list_{threads}t_s"] = median_time(lambda: gridsolve.solve_many(lines, threads=threads), rounds)
        command = [binary, "sudoku", "solve", "--threads", str(threads), path]
        figures[f"cli_{threads}t_s"] = median_time(
            lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True), rounds
        )
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

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as client:
        gdask.count_queens(12, client)  # warm the workers
        figures["dask_count_17_s"] = median_time(lambda: gdask.count_queens(17, client), max(1, rounds // 2))
        figures["dask_count_12_one_unit_a_task_s"] = median_time(
            lambda: gdask.count_queens(12, client, chunks=len(gridsolve.queens_split(12, 3))), rounds
        )
    command = [binary, "queens", "count", "17", "--threads", "1"]
    figures["cli_count_17_1t_s"] = median_time(lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True), max(1, rounds // 2))
    command = [binary, "queens", "count", "12", "--threads", "1"]
    figures["cli_count_12_1t_s"] = median_time(lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True), rounds)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
