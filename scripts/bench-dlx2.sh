#!/usr/bin/env bash
# Colors (DLX2) side by side: gridsolve's `cover count` against Knuth's DLX2
# on 4×4 word squares from a fixed random quarter of the 625 four-letter
# words over a–e (seeded, so every run builds the same instance), in
# interleaved rounds; user CPU seconds of each.
#
#   scripts/bench-dlx2.sh PATH/TO/dlx2 [ROUNDS] [GRIDSOLVE]
#
# DLX2 is built outside the repository from Knuth's dlx2.w (see
# docs/PERFORMANCE.md, "Exact cover").
set -euo pipefail
dlx2=${1:?usage: $0 PATH/TO/dlx2 [ROUNDS] [GRIDSOLVE]}
rounds=${2:-3}
gridsolve=${3:-target/release/gridsolve}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - > "$work/words.txt" <<'PY'
import itertools, random
rng = random.Random(2)
for word in itertools.product("abcde", repeat=4):
    if rng.random() < 0.25:
        print("".join(word))
PY
"$gridsolve" cover emit words "$work/words.txt" > "$work/squares.dlx"
echo "$(wc -l < "$work/words.txt") words; gridsolve: $("$gridsolve" cover count --stats "$work/squares.dlx" 2>&1 | tr '\n' ' ')"
echo "DLX2: $("$dlx2" < "$work/squares.dlx" 2>&1 | tail -1)"
for round in $(seq "$rounds"); do
    knuth=$( { /usr/bin/time -f %U "$dlx2" < "$work/squares.dlx" > /dev/null; } 2>&1 | tail -1 )
    ours=$( { /usr/bin/time -f %U "$gridsolve" cover count "$work/squares.dlx" > /dev/null; } 2>&1 | tail -1 )
    echo "round $round: DLX2 ${knuth} s, gridsolve ${ours} s"
done
