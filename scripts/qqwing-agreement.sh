#!/usr/bin/env bash
# How `gridsolve sudoku rate`'s QQWing level agrees with QQWing's own: for
# a file of 81-character puzzles (`0` or `.` for blank, one a line), QQWing
# solves each one (`--solve --stats --csv`, one thread, so in order) and
# gridsolve rates it; prints the pairs of levels and how many agree.
#
#   scripts/qqwing-agreement.sh QQWING_CLASSES FILE
#
# QQWING_CLASSES is a folder of QQWing's compiled Java classes, built
# outside this repository from its source.
set -euo pipefail
cd "$(dirname "$0")/.."
classes=${1:?usage: $0 QQWING_CLASSES FILE}
file=${2:?file}
bin=${GRIDSOLVE:-target/release/gridsolve}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tr '0' '.' <"$file" |
    java -cp "$classes" com.qqwing.QQWingMain --solve --stats --csv --threads 1 |
    tail -n +2 | awk -F, '{ print tolower($11) }' >"$work/qqwing"
"$bin" sudoku rate --format jsonl --threads 2 "$file" >"$work/gridsolve"
python3 - "$work/qqwing" "$work/gridsolve" <<'PY'
import collections, json, sys
theirs = [line.strip() for line in open(sys.argv[1])]
ours = [json.loads(line)["qqwing"] for line in open(sys.argv[2])]
assert len(theirs) == len(ours), "one level a puzzle"
pairs = collections.Counter(zip(theirs, ours))
for (a, b), count in sorted(pairs.items()):
    print("QQWing %-12s gridsolve %-12s %d" % (a, b, count))
print("same level on %d of %d" % (sum(a == b for a, b in zip(theirs, ours)), len(ours)))
PY
