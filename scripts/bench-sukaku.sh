#!/usr/bin/env bash
# Rating speed beside Sukaku Explainer, same puzzles, same run, one thread
# each: for the puzzles of a rated file (`<id> <81 digits> <rating>` lines,
# as in ../shared/data/sudoku-rated/) whose published rating lies in
# [LOW, HIGH], each program rates every puzzle once to warm up, then once
# timed, each puzzle timed inside its process (Sukaku Explainer through
# scripts/peers/SukakuTimer.java, gridsolve through the logic crate's
# rate_times example). Prints both medians and 90th percentiles, their
# ratios, and on how many puzzles the two ERs agree.
#
#   scripts/bench-sukaku.sh SUKAKU_CLASSES FILE LOW HIGH
#
# SUKAKU_CLASSES is a folder of Sukaku Explainer's compiled classes (with
# its resource files), built outside this repository from its source.
set -euo pipefail
cd "$(dirname "$0")/.."
classes=${1:?usage: $0 SUKAKU_CLASSES FILE LOW HIGH}
file=${2:?file}
low=${3:?low}
high=${4:?high}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac -nowarn -cp "$classes" -d "$work" scripts/peers/SukakuTimer.java
cargo build --release --quiet -p gridsolve-logic --example rate_times
awk -v low="$low" -v high="$high" '$3 >= low && $3 <= high { print $2 }' "$file" >"$work/puzzles"
taskset -c 0 java -Xss16m -cp "$classes:$work" SukakuTimer 1 <"$work/puzzles" >"$work/sukaku"
taskset -c 0 target/release/examples/rate_times <"$work/puzzles" >"$work/gridsolve"
python3 - "$work/sukaku" "$work/gridsolve" <<'PY'
import sys
def load(path):
    rows = [line.split() for line in open(path)]
    return [row[0] for row in rows], sorted(float(row[1]) for row in rows)
(se_er, se), (gs_er, gs) = load(sys.argv[1]), load(sys.argv[2])
at = lambda times, q: times[min(len(times) - 1, int(q * len(times)))]
same = sum(a == b for a, b in zip(se_er, gs_er))
print("%d puzzles, same ER on %d" % (len(se), same))
for name, q in (("median", 0.5), ("p90", 0.9)):
    a, b = at(se, q), at(gs, q)
    print("%-6s Sukaku Explainer %.4f s, gridsolve %.5f s: %.0fx" % (name, a, b, a / b))
PY
