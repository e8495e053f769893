#!/usr/bin/env bash
# Puzzle generation by QQWing level beside QQWing itself, same run, one
# thread each: for each of QQWing's levels, QQWing makes COUNT puzzles of
# that level (`--generate COUNT --difficulty LEVEL --one-line --threads 1`,
# Java start-up included) and gridsolve makes COUNT
# (`sudoku generate --qqwing LEVEL --threads 1`); prints both rates and
# their ratio. The two make minimal puzzles, each of its own random
# stream, so the puzzles differ.
#
#   scripts/bench-qqwing.sh QQWING_CLASSES [COUNT]
#
# QQWING_CLASSES is a folder of QQWing's compiled Java classes, built
# outside this repository from its source.
set -euo pipefail
cd "$(dirname "$0")/.."
classes=${1:?usage: $0 QQWING_CLASSES [COUNT]}
count=${2:-200}
bin=${GRIDSOLVE:-target/release/gridsolve}
seconds() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    echo "$(((end - start) / 1000000))"
}
printf '%-13s %14s %14s %8s\n' level qqwing_per_s gridsolve_per_s ratio
for level in simple easy intermediate expert; do
    theirs=$(seconds java -cp "$classes" com.qqwing.QQWingMain --generate "$count" \
        --difficulty "$level" --one-line --threads 1)
    ours=$(seconds "$bin" sudoku generate --count "$count" --seed 1 --qqwing "$level" --threads 1)
    awk -v l="$level" -v n="$count" -v a="$theirs" -v b="$ours" 'BEGIN {
        b = (b < 1) ? 1 : b
        printf "%-13s %14.1f %14.1f %7.1fx\n", l, n * 1000 / a, n * 1000 / b, a / b
    }'
done
