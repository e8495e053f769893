#!/usr/bin/env bash
# How `gridsolve sudoku rate` agrees with published Sudoku Explainer
# ratings: for a file of `<id> <81 digits> <rating>` lines (the Sudoku
# Exchange bank's form) or `<81 characters> <ER> ...` lines (the hardest
# list's; `#` lines are skipped), as in ../shared/data/sudoku-rated/, per rating
# band the puzzles, how many the techniques solve, how many get the same
# ER and how many one within 0.2; then Spearman's rank correlation over all
# puzzles. A rating stopped by TIMEOUT (a duration, per puzzle; none by
# default) or by techniques running out is a lower bound, ranked at its
# value; one with no step at all ranks above every other, by the cells it
# leaves (more is harder).
#
#     [TIMEOUT=30s] scripts/rating-agreement.sh FILE
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?file}
bin=${GRIDSOLVE:-target/release/gridsolve}
# The puzzle and its rating: fields 2 and 3, or 1 and 2 when the line
# starts with the 81-character puzzle.
fields='!/^#/ && NF { if (length($1) == 81) print $1, $2; else print $2, $3 }'
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
awk "$fields" "$file" >"$pairs"
cut -d' ' -f1 "$pairs" | "$bin" sudoku rate --format jsonl --threads 2 ${TIMEOUT:+--timeout "$TIMEOUT"} - |
    python3 -c '
import json, sys
published = [float(line.split()[1]) for line in open(sys.argv[1])]
records = [json.loads(line) for line in sys.stdin]
assert len(records) == len(published), "one rating a puzzle"
bands = [(0, 3.45, "up to 3.4"), (3.45, 4.45, "3.5-4.4"), (4.45, 5.45, "4.5-5.4"), (5.45, 7.05, "5.5-7.0"), (7.05, 99, "above 7.0")]
print("%-10s %8s %8s %8s %12s" % ("band", "puzzles", "solved", "same ER", "within 0.2"))
ours = []
for low, high, name in bands:
    rows = [(p, r) for p, r in zip(published, records) if low <= p < high]
    solved = [(p, r) for p, r in rows if r["status"] == "rated"]
    same = sum(abs(float(r["er"]) - p) < 1e-9 for p, r in solved)
    near = sum(abs(float(r["er"]) - p) <= 0.2 + 1e-9 for p, r in solved)
    print("%-10s %8d %8d %8d %12d" % (name, len(rows), len(solved), same, near))
for r in records:
    if r["status"] in ("rated", "lower_bound") and r["er"]:
        ours.append(float(r["er"].lstrip(">=")))
    else:
        ours.append(100.0 + r.get("cells_left", 81))
def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    rank = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            rank[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return rank
a, b = ranks(published), ranks(ours)
n = len(a)
ma, mb = sum(a) / n, sum(b) / n
cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
var = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
print("Spearman rank correlation with the published ER: %.3f over %d puzzles" % (cov / var, n))
' "$pairs"
