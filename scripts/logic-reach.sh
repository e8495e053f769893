#!/usr/bin/env bash
# How far the techniques of `hint` and `explain` reach on generated
# puzzles: COUNT puzzles made from SEED by `gridsolve sudoku generate`
# with GENERATE_ARGS (e.g. `--killer`, `--size 16`), each explained in
# its own process (start-up included; `explain` takes EXPLAIN_ARGS as
# they are). Prints how many the techniques solve to the end, and the
# median and largest time of an explanation.
#
#     [EXPLAIN_ARGS=...] scripts/logic-reach.sh COUNT SEED [GENERATE_ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${GRIDSOLVE:-target/release/gridsolve}
count=${1:?count}
seed=${2:?seed}
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" sudoku generate --count "$count" --seed "$seed" --out "$dir/puzzles" "$@"
solved=0
for file in "$dir"/puzzles/puzzle-*.txt; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # EXPLAIN_ARGS is a list of words.
    ending=$("$bin" sudoku explain ${EXPLAIN_ARGS:-} "$file" | grep '^line 1: ' | tail -n 1)
    end=$(date +%s%N)
    [[ "$ending" == *"solved by logic"* ]] && solved=$((solved + 1))
    echo $(((end - start) / 1000000)) >>"$dir/times"
done
sort -n "$dir/times" | awk -v solved="$solved" '
    { t[NR] = $1 }
    END { printf "%d puzzles, %d solved by logic, median %d ms, max %d ms\n", NR, solved, t[int((NR + 1) / 2)], t[NR] }'
