#!/usr/bin/env bash
# Time `gridsolve sudoku rate` per puzzle, one process a puzzle (start-up
# included), single-threaded, for the puzzles of a rated file whose
# published rating lies in [LOW, HIGH]: prints the count, median, p90 and
# max seconds. The file's lines are `<id> <81 digits> <rating>` (the
# Sudoku Exchange bank's form, as in ../shared/data/sudoku-rated/).
#
#   scripts/bench-rate.sh FILE LOW HIGH [GRIDSOLVE]
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: $0 FILE LOW HIGH [GRIDSOLVE]}
low=${2:?low}
high=${3:?high}
gridsolve=${4:-target/release/gridsolve}
awk -v low="$low" -v high="$high" '$3 >= low && $3 <= high { print $2 }' "$file" |
    python3 -c '
import subprocess, sys, time
times = []
for puzzle in sys.stdin.read().split():
    start = time.perf_counter()
    subprocess.run([sys.argv[1], "sudoku", "rate", "--threads", "1", "-"], input=puzzle + "\n",
                   capture_output=True, text=True, check=False)
    times.append(time.perf_counter() - start)
times.sort()
at = lambda q: times[min(len(times) - 1, int(q * len(times)))]
print("%d puzzles: median %.4f s, p90 %.4f s, max %.4f s" % (len(times), at(0.5), at(0.9), times[-1]))
' "$gridsolve"
