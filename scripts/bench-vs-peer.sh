#!/usr/bin/env bash
# Same-run throughput comparison: gridsolve's `sudoku bench` beside the
# crates.io `sudoku` crate's harness (../shared/peers/rust-sudoku-crate), or
# beside tdoku with TDOKU=DIR (see peer-builds.sh), on every puzzle file of a
# data folder, RUNS times each, alternating, then the median puzzles/s of
# each and their ratio per file.
#
#   scripts/bench-vs-peer.sh [DATA_DIR] [RUNS] [-- extra gridsolve bench args]
#   TDOKU=DIR scripts/bench-vs-peer.sh [DATA_DIR] [RUNS]
#
# DATA_DIR defaults to $GRIDSOLVE_DATA or ../shared/data; RUNS to 3.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-${GRIDSOLVE_DATA:-../shared/data}}"
runs="${2:-3}"
shift $(( $# > 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
extra=("$@")
# shellcheck source=peer-builds.sh
. scripts/peer-builds.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
files=("$data"/sudoku/puzzles*)
for run in $(seq "$runs"); do
    "$ours" sudoku bench --repeat-secs 1 "${extra[@]}" "${files[@]}" | awk 'NR > 1 && $1 != "end-to-end" { print $1, $5 }' >"$out/ours.$run"
    "$peer" --min-secs 1 "${files[@]}" | awk 'NR > 1 { print $1, $5 }' >"$out/peer.$run"
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '| %-34s | %14s | %14s | %7s |\n' "file" "gridsolve p/s" "$peer_name p/s" "ratio"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "---------------:" "---------------:" "--------:"
for file in "${files[@]}"; do
    name=$(basename "$file")
    o=$(cat "$out"/ours.* | awk -v n="$name" '$1 == n { print $2 }' | median)
    p=$(cat "$out"/peer.* | awk -v n="$name" '$1 == n { print $2 }' | median)
    printf '| %-34s | %14.0f | %14.0f | %7.3f |\n' "$name" "$o" "$p" "$(echo "$o $p" | awk '{ print $1 / $2 }')"
done
