#!/usr/bin/env bash
# Per-puzzle times of the variant strategies on generated minimal puzzles:
# COUNT puzzles of side SIZE from SEED (`gridsolve sudoku generate`), each
# counted to 2 solutions (`sudoku count --variant grid`) by every strategy
# named, one process a puzzle (start-up, about 1 ms, included), stopped at
# 20 s. Prints the median, p99 and largest time of each strategy.
#
#     scripts/bench-variants.sh SIZE COUNT SEED [STRATEGY...]
#
# Strategies default to `propagate bitboard` (bitboard: the general
# model's fast engine on variants).
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:?size}
count=${2:?count}
seed=${3:?seed}
shift 3
strategies=(propagate bitboard)
[ $# -eq 0 ] || strategies=("$@")
bin=${GRIDSOLVE:-target/release/gridsolve}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" sudoku generate --size "$size" --count "$count" --seed "$seed" --out "$dir"
printf '%-10s %8s %10s %10s %10s %8s\n' strategy puzzles median_ms p99_ms max_ms stopped
for strategy in "${strategies[@]}"; do
    times=$dir/times-$strategy
    : >"$times"
    stopped=0
    for file in "$dir"/puzzle-*.txt; do
        start=$(date +%s%N)
        status=0
        "$bin" sudoku count --variant grid --strategy "$strategy" --timeout 20s "$file" >/dev/null || status=$?
        end=$(date +%s%N)
        # A unique puzzle exits 0; anything else here is a stop or a fault.
        [ "$status" -eq 0 ] || stopped=$((stopped + 1))
        echo $(((end - start) / 1000)) >>"$times"
    done
    sort -n "$times" | awk -v s="$strategy" -v stopped="$stopped" '
        { t[NR] = $1 }
        END {
            p99 = t[int((NR * 99 + 99) / 100)]
            printf "%-10s %8d %10.1f %10.1f %10.1f %8d\n", s, NR, t[int((NR + 1) / 2)] / 1000, p99 / 1000, t[NR] / 1000, stopped
        }'
done
