#!/usr/bin/env bash
# Before/after throughput of two gridsolve builds: runs `sudoku bench` with
# each binary in turn, ROUNDS times, and prints per file the best puzzles/s
# of each and their ratio (B ÷ A). On a shared machine the other tenant
# only ever slows a run down, so the best of many short runs is steadier
# than their median: two copies of one binary agree within about 3.5% over
# 10 rounds, where medians of 5 disagree by 5–10%.
#
#   scripts/bench-builds.sh A_BINARY B_BINARY [ROUNDS] FILE...
#
# For example, keep the build before a change and compare:
#   cp target/release/gridsolve /tmp/before && <edit> && cargo build --release
#   scripts/bench-builds.sh /tmp/before target/release/gridsolve 10 ../shared/data/sudoku/puzzles*
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
before="$1"
after="$2"
shift 2
rounds=10
if [[ "$1" =~ ^[0-9]+$ ]]; then
    rounds="$1"
    shift
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rates() { "$1" sudoku bench --repeat-secs 0.4 "${@:2}" | awk 'NR > 1 && $1 != "end-to-end" { print $1, $5 }'; }
for _ in $(seq "$rounds"); do
    rates "$before" "$@" >>"$out/a"
    rates "$after" "$@" >>"$out/b"
done
best() { awk -v n="$1" '$1 == n { print $2 }' "$2" | sort -g | tail -1; }
printf '| %-34s | %12s | %12s | %6s |\n' "file" "A best p/s" "B best p/s" "B ÷ A"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "-------------:" "-------------:" "-------:"
for file in "$@"; do
    name=$(basename "$file")
    a=$(best "$name" "$out/a")
    b=$(best "$name" "$out/b")
    printf '| %-34s | %12.0f | %12.0f | %6.3f |\n' "$name" "$a" "$b" "$(echo "$a $b" | awk '{ print $2 / $1 }')"
done
