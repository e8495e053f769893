#!/usr/bin/env bash
# "Free when off": the untraced searches of two gridsolve builds side by
# side, so a build with tracing hooks can be compared with one without.
#
#   scripts/bench-trace-off.sh BEFORE_BINARY AFTER_BINARY [DATA_DIR] [RUNS]
#
# 1. Instructions executed (valgrind's callgrind, when installed): exact
#    and immune to a noisy machine, so the figure to trust for "the hooks
#    compiled away".
# 2. Wall-clock medians of RUNS alternating runs (default 5).
# Workloads: sudoku count with each strategy (reading-order and mrv on the
# first 200 unbiased puzzles, propagate and dlx on 300 17-clue ones),
# queens count 12 (instructions) / queens bench 15 16 (time, one thread),
# cover count of the 10-queens exact cover (instructions) / the 6×10
# pentomino packing (time).
set -euo pipefail
cd "$(dirname "$0")/.."
before="$1"
after="$2"
data="${3:-${GRIDSOLVE_DATA:-../shared/data}}"
runs="${4:-5}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
head -n 200 "$data/sudoku/puzzles1_unbiased_first1000" >"$out/unbiased200"
head -n 20 "$data/sudoku/puzzles1_unbiased_first1000" >"$out/unbiased20"
head -n 300 "$data/sudoku/puzzles2_17_clue" >"$out/clue300"
"$before" cover emit queens 10 >"$out/queens10.dlx"

ratio() { echo "$2 / $1" | bc -l | xargs printf '%.3f'; }

if command -v valgrind >/dev/null; then
    instructions() { # COMMAND... -> instructions executed
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null </dev/null |
            awk '/Collected :/ { print $4 }'
    }
    printf '| workload (instructions) | before | after | after/before |\n|---|---:|---:|---:|\n'
    while IFS='|' read -r label args; do
        read -ra words <<<"$args"
        b=$(instructions "$before" "${words[@]}")
        a=$(instructions "$after" "${words[@]}")
        printf '| %s | %s | %s | %s |\n' "$label" "$b" "$a" "$(ratio "$b" "$a")"
    done <<EOF_WORK
sudoku count reading-order, 20 unbiased|sudoku count --strategy reading-order $out/unbiased20
sudoku count mrv, 200 unbiased|sudoku count --strategy mrv $out/unbiased200
sudoku count propagate, 300 17-clue|sudoku count --strategy propagate $out/clue300
sudoku count dlx, 300 17-clue|sudoku count --strategy dlx $out/clue300
queens count 12|queens count 12
cover count, 10-queens|cover count $out/queens10.dlx
EOF_WORK
    echo
fi

sudoku() { # BINARY STRATEGY FILE -> puzzles/s
    "$1" sudoku bench --repeat-secs 1 --strategy "$2" "$3" | awk 'NR == 2 { print $5 }'
}
measure() { # BINARY TAG
    local bin="$1" tag="$2"
    for strategy in reading-order mrv; do
        echo "sudoku-$strategy-p/s $(sudoku "$bin" "$strategy" "$out/unbiased200")" >>"$out/$tag"
    done
    for strategy in propagate dlx; do
        echo "sudoku-$strategy-p/s $(sudoku "$bin" "$strategy" "$data/sudoku/puzzles2_17_clue")" >>"$out/$tag"
    done
    "$bin" queens bench --runs 1 15 16 | awk 'NR > 1 { print "queens-" $1 "-1thread-s", $4 }' >>"$out/$tag"
    local start end
    start=$(date +%s.%N)
    "$bin" cover emit pentomino --board 6x10 | "$bin" cover count >/dev/null
    end=$(date +%s.%N)
    echo "cover-pentomino-6x10-s $(echo "$end - $start" | bc)" >>"$out/$tag"
}
for run in $(seq "$runs"); do
    measure "$before" before
    measure "$after" after
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '| workload (time, median of %s) | before | after | after/before |\n|---|---:|---:|---:|\n' "$runs"
for label in $(awk '{ print $1 }' "$out/before" | sort -u); do
    b=$(awk -v l="$label" '$1 == l { print $2 }' "$out/before" | median)
    a=$(awk -v l="$label" '$1 == l { print $2 }' "$out/after" | median)
    printf '| %s | %s | %s | %s |\n' "$label" "$b" "$a" "$(ratio "$b" "$a")"
done
