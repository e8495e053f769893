#!/usr/bin/env bash
# Instructions per solve, gridsolve's default engine beside the crates.io
# `sudoku` crate's harness (../shared/peers/rust-sudoku-crate), counted by
# valgrind's callgrind inside the solver calls only. Exact and immune to a
# noisy machine, but not a measure of time: a step can run fewer
# instructions and lose time to mispredicted branches, or the reverse, so
# check a step with scripts/bench-builds.sh too; the wall clock
# (scripts/bench-vs-peer.sh) is the one the goal is stated in.
#
#   scripts/instructions-vs-peer.sh [DATA_DIR] [PUZZLES]
#
# DATA_DIR defaults to $GRIDSOLVE_DATA or ../shared/data; each set is cut to
# its first PUZZLES puzzles (default 2000).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-${GRIDSOLVE_DATA:-../shared/data}}"
limit="${2:-2000}"
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
# The crate's harness only (its symbols and counters): never tdoku.
unset TDOKU
# shellcheck source=peer-builds.sh
. scripts/peer-builds.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Instructions inside the functions matching PATTERN while running COMMAND.
instructions() {
    local pattern="$1"
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$pattern" "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $4 }'
}
printf '| %-34s | %9s | %9s | %11s |\n' "set" "gridsolve" "crate" "crate ÷ ours"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "----------:" "----------:" "------------:"
for file in "$data"/sudoku/puzzles*; do
    name=$(basename "$file")
    awk -v n="$limit" '!/^#/ && NF { print; if (++k == n) exit }' "$file" >"$out/$name"
    n=$(wc -l <"$out/$name")
    # gridsolve solves each puzzle 3 times (warm-up, one timed pass, end to
    # end); the crate's harness twice (checking pass, one timed pass).
    o=$(instructions '*Solver::explore*' "$ours" sudoku bench --repeat-secs 0 "$out/$name")
    p=$(instructions '*solutions_up_to*' "$peer" --min-secs 0 "$out/$name")
    awk -v name="$name" -v n="$n" -v o="$o" -v p="$p" 'BEGIN {
        printf "| %-34s | %9.0f | %9.0f | %11.3f |\n", name, o / n / 3, p / n / 2, (p / n / 2) / (o / n / 3)
    }'
done
