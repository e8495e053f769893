#!/usr/bin/env bash
# Same-run comparison of `gridsolve queens count N --threads 1` with
# takaken's N-Queens counter (ver3.1, 2003; built outside the repository,
# docs/PERFORMANCE.md says how), for each N in ROUNDS interleaved rounds
# (user CPU seconds; the table gives each median and takaken's median ÷
# gridsolve's). Both must print the same total, checked every run. Then
# one `gridsolve queens bench` of the same sizes, for the plain bitmask
# baseline and the 2-thread scaling.
#
#   scripts/bench-takaken.sh TAKAKEN [ROUNDS] [GRIDSOLVE] [N...]
#
# TAKAKEN is the built program (`TAKAKEN N` prints "N total unique");
# ROUNDS defaults to 3, the sizes to 15 16 17.
set -euo pipefail
cd "$(dirname "$0")/.."
takaken=${1:?usage: $0 TAKAKEN [ROUNDS] [GRIDSOLVE] [N...]}
rounds=${2:-3}
gridsolve=${3:-target/release/gridsolve}
shift $(($# < 3 ? $# : 3))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(15 16 17)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command, leaves its stdout in $work/out and prints its user CPU seconds.
cpu() {
    /usr/bin/time -f %U -o "$work/time" "$@" > "$work/out" 2> /dev/null
    cat "$work/time"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "| n | total | takaken s (rounds) | gridsolve s (rounds) | takaken ÷ gridsolve |"
echo "|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
    : > "$work/takaken"
    : > "$work/gridsolve"
    for _ in $(seq "$rounds"); do
        cpu "$takaken" "$n" >> "$work/takaken"
        theirs=$(awk '{ print $2 }' "$work/out")
        cpu "$gridsolve" queens count "$n" --threads 1 >> "$work/gridsolve"
        ours=$(cat "$work/out")
        if [ "$theirs" != "$ours" ]; then
            echo "n = $n: takaken counts $theirs, gridsolve $ours" >&2
            exit 1
        fi
    done
    t=$(median < "$work/takaken")
    g=$(median < "$work/gridsolve")
    ratio=$(awk -v t="$t" -v g="$g" 'BEGIN { if (g > 0) printf "%.2f×", t / g; else print "too fast to time" }')
    printf '| %s | %s | %s (%s) | %s (%s) | %s |\n' "$n" "$ours" \
        "$t" "$(paste -sd/ "$work/takaken")" "$g" "$(paste -sd/ "$work/gridsolve")" "$ratio"
done
echo
"$gridsolve" queens bench "${sizes[@]}" --runs 1
