#!/usr/bin/env bash
# Same-run comparison with Knuth's DLX1, DLX2 and DLX3, built outside the
# repository (docs/PERFORMANCE.md, "Exact cover", says how): each instance
# is run by both in ROUNDS interleaved rounds (user CPU seconds, short ones
# repeated within a round), and the table gives the median of each and
# Knuth's median ÷ gridsolve's. Both print their node counts once first,
# so the trees can be compared.
#
# Sudoku through cover: DLX1's search alone on the first 100 puzzles of
# the hardest set (each puzzle's CPU time, less that of a run stopped just
# after reading its input, `T0`), in puzzles a second, against `gridsolve
# sudoku bench --strategy dlx` (building each puzzle's links and searching,
# wall time) and against the whole of `gridsolve sudoku count --strategy
# dlx` (start-up, reading, building, searching, writing; CPU time).
#
#   scripts/bench-knuth.sh KNUTH_DIR [ROUNDS] [GRIDSOLVE]
#
# KNUTH_DIR holds the dlx1, dlx2 and dlx3 binaries; ROUNDS defaults to 5.
set -euo pipefail
cd "$(dirname "$0")/.."
knuth=${1:?usage: $0 KNUTH_DIR [ROUNDS] [GRIDSOLVE]}
rounds=${2:-5}
gridsolve=${3:-target/release/gridsolve}
data=${GRIDSOLVE_DATA:-../shared/data}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The instances: name, Knuth's program, repetitions a round.
"$gridsolve" cover emit pentomino --board 6x10 > "$work/pentomino-6x10.dlx"
"$gridsolve" cover emit pentomino --board 8x8-center > "$work/pentomino-8x8-center.dlx"
"$gridsolve" cover emit queens 12 > "$work/queens-12.dlx"
python3 - > "$work/words.txt" <<'PY'
import itertools, random
rng = random.Random(2)
for word in itertools.product("abcde", repeat=4):
    if rng.random() < 0.25:
        print("".join(word))
PY
"$gridsolve" cover emit words "$work/words.txt" > "$work/word-squares.dlx"
"$gridsolve" cover emit queens 8 --per-line 2 > "$work/two-queens-8.dlx"
"$gridsolve" cover emit matrices 7 --ones 2 > "$work/matrices-7.dlx"
instances=(
    "pentomino-6x10 dlx1 1"
    "pentomino-8x8-center dlx1 5"
    "queens-12 dlx1 20"
    "word-squares dlx2 1"
    "two-queens-8 dlx3 1"
    "matrices-7 dlx3 3"
)

grep -v '^#' "$data/sudoku/puzzles6_forum_hardest_1106" | head -n 100 > "$work/hardest.txt"
mkdir "$work/sudoku"
index=0
while read -r puzzle; do
    index=$((index + 1))
    echo "$puzzle" | "$gridsolve" cover emit sudoku > "$work/sudoku/$index.dlx"
done < "$work/hardest.txt"

# User CPU seconds of running a command `reps` times.
cpu() {
    local reps=$1
    shift
    /usr/bin/time -o "$work/time" -f %U bash -c "for _ in \$(seq $reps); do $* > /dev/null 2>&1 || true; done"
    cat "$work/time"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for instance in "${instances[@]}"; do
    read -r name program _ <<< "$instance"
    echo "$name: $program: $("$knuth/$program" < "$work/$name.dlx" 2>&1 > /dev/null | tail -1)"
    echo "$name: gridsolve: $("$gridsolve" cover count --stats "$work/$name.dlx" 2>&1 | tr '\n' ' ')"
done

for round in $(seq "$rounds"); do
    for instance in "${instances[@]}"; do
        read -r name program reps <<< "$instance"
        cpu "$reps" "$knuth/$program < $work/$name.dlx" >> "$work/$name.knuth"
        cpu "$reps" "$gridsolve cover count $work/$name.dlx" >> "$work/$name.ours"
    done
    full=$(cpu 5 "for f in $work/sudoku/*.dlx; do $knuth/dlx1 < \$f; done")
    read_only=$(cpu 5 "for f in $work/sudoku/*.dlx; do $knuth/dlx1 T0 < \$f; done")
    # Puzzles a second: 500 searches in (full - read_only) seconds.
    awk -v full="$full" -v read="$read_only" 'BEGIN { print 500 / (full - read) }' >> "$work/sudoku.knuth"
    "$gridsolve" sudoku bench --strategy dlx --repeat-secs 2 --format json "$work/hardest.txt" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["puzzles_per_sec"])' >> "$work/sudoku.ours"
    ours=$(cpu 5 "$gridsolve sudoku count --strategy dlx $work/hardest.txt")
    awk -v ours="$ours" 'BEGIN { print 500 / ours }' >> "$work/sudoku-count.ours"
    echo "round $round done" >&2
done

printf '| %-22s | %-7s | %-28s | %-28s | %s |\n' instance program "Knuth (rounds)" "gridsolve (rounds)" "ratio of medians"
printf '|%s|%s|%s|%s|%s|\n' ------------------------ --------- ------------------------------ ------------------------------ ------------------
for instance in "${instances[@]}"; do
    read -r name program reps <<< "$instance"
    k=$(median < "$work/$name.knuth")
    o=$(median < "$work/$name.ours")
    printf '| %-22s | %-7s | %-28s | %-28s | %s× |\n' "$name (×$reps) s" "$program" \
        "$(paste -sd/ "$work/$name.knuth")" "$(paste -sd/ "$work/$name.ours")" \
        "$(awk -v k="$k" -v o="$o" 'BEGIN { printf "%.2f", k / o }')"
done
k=$(median < "$work/sudoku.knuth")
for ours in sudoku sudoku-count; do
    o=$(median < "$work/$ours.ours")
    printf '| %-22s | %-7s | %-28s | %-28s | %s× |\n' "$ours hardest 100 /s" dlx1 \
        "$(xargs printf '%.0f/' < "$work/sudoku.knuth")" "$(xargs printf '%.0f/' < "$work/$ours.ours")" \
        "$(awk -v k="$k" -v o="$o" 'BEGIN { printf "%.2f", o / k }')"
done
