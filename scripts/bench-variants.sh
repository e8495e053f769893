#!/usr/bin/env bash
# Per-puzzle times of the variant strategies on minimal puzzles: COUNT
# puzzles of side SIZE made from SEED (`gridsolve sudoku generate`), or the
# puzzle-*.txt files of DIR, each counted to 2 solutions (`sudoku count
# --variant VARIANT`, default `grid`; `auto` tells each file's form, such
# as the Killers of `generate --killer --out DIR`; with COMMAND=solve,
# solved instead) by every strategy named, one process a puzzle
# (start-up, about 1 ms, included), stopped at LIMIT (default 20s), on
# THREADS threads (default 1). Prints the median, p99 and largest time of
# each strategy, how many were stopped, and how many took over a second.
#
#     scripts/bench-variants.sh SIZE COUNT SEED [STRATEGY...]
#     scripts/bench-variants.sh --dir DIR [STRATEGY...]
#
# Strategies default to `propagate bitboard` (bitboard: the general
# model's fast engine on variants).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${GRIDSOLVE:-target/release/gridsolve}
command=${COMMAND:-count}
limit=${LIMIT:-20s}
threads=${THREADS:-1}
variant=${VARIANT:-grid}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ "${1:-}" = --dir ]; then
    puzzles=${2:?directory of puzzle-*.txt files}
    shift 2
else
    size=${1:?size}
    count=${2:?count}
    seed=${3:?seed}
    shift 3
    puzzles=$dir/puzzles
    "$bin" sudoku generate --size "$size" --count "$count" --seed "$seed" --out "$puzzles"
fi
strategies=(propagate bitboard)
[ $# -eq 0 ] || strategies=("$@")
printf '%-10s %8s %10s %10s %10s %8s %8s\n' strategy puzzles median_ms p99_ms max_ms stopped over_1s
for strategy in "${strategies[@]}"; do
    times=$dir/times-$strategy
    : >"$times"
    stopped=0
    for file in "$puzzles"/puzzle-*.txt; do
        start=$(date +%s%N)
        status=0
        "$bin" sudoku "$command" --variant "$variant" --strategy "$strategy" --timeout "$limit" \
            --threads "$threads" "$file" >/dev/null || status=$?
        end=$(date +%s%N)
        # A solved (or unique) puzzle exits 0; anything else is a stop or a fault.
        [ "$status" -eq 0 ] || stopped=$((stopped + 1))
        echo $(((end - start) / 1000)) >>"$times"
    done
    sort -n "$times" | awk -v s="$strategy" -v stopped="$stopped" '
        { t[NR] = $1; if ($1 > 1000000) slow++ }
        END {
            p99 = t[int((NR * 99 + 99) / 100)]
            printf "%-10s %8d %10.1f %10.1f %10.1f %8d %8d\n", s, NR, t[int((NR + 1) / 2)] / 1000, p99 / 1000, t[NR] / 1000, stopped, slow
        }'
done
