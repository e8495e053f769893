#!/usr/bin/env bash
# Search nodes per puzzle, gridsolve's default engine beside the crates.io
# `sudoku` crate (0.8.0, the solver the peer harness runs), each looking
# for up to 2 solutions. A node is a propagation run: the root's, and one
# per guess. Machine-independent, so it says whether a gap in time comes
# from the size of the search or from the cost of each node.
#
# The crate does not count its nodes, so this builds a copy of its source
# (from cargo's registry, where building the peer harness puts it) with a
# counter added at the top of its propagation (`_solve`, called at the
# root and after each guess), behind a small program that solves each file
# once. Nothing of it is kept.
#
#   scripts/nodes-vs-peer.sh [DATA_DIR]
#
# DATA_DIR defaults to $GRIDSOLVE_DATA or ../shared/data.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-${GRIDSOLVE_DATA:-../shared/data}}"
# The crate's harness only (its symbols and counters): never tdoku.
unset TDOKU
# shellcheck source=peer-builds.sh
. scripts/peer-builds.sh
src=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -maxdepth 2 -type d -name 'sudoku-0.8.0' | head -n 1)
[ -n "$src" ] || { echo "the sudoku 0.8.0 source is not in cargo's registry" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/sudoku"
chmod -R u+w "$work/sudoku"
solver="$work/sudoku/src/solver.rs"
grep -q 'fn _solve(&mut self' "$solver" || { echo "unexpected crate source: no _solve" >&2; exit 1; }
sed -i '1i pub(crate) static NODES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);' "$solver"
sed -i '/fn _solve(&mut self/a NODES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);' "$solver"
echo 'pub fn nodes_searched() -> u64 { solver::NODES.load(std::sync::atomic::Ordering::Relaxed) }' >>"$work/sudoku/src/lib.rs"
mkdir -p "$work/count/src"
cat >"$work/count/Cargo.toml" <<'EOF'
[package]
name = "crate-nodes"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
sudoku = { path = "../sudoku" }

[workspace]
EOF
cat >"$work/count/src/main.rs" <<'EOF'
//! Prints each file's name and the crate's nodes per puzzle (limit 2).
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let before = sudoku::nodes_searched();
        let mut puzzles = 0u64;
        for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let line = line.get(..81).expect("81 characters");
            let puzzle = sudoku::Sudoku::from_str_line(line).expect("a puzzle line");
            puzzle.solutions_count_up_to(2);
            puzzles += 1;
        }
        let nodes = sudoku::nodes_searched() - before;
        let name = path.rsplit('/').next().unwrap_or(&path);
        println!("{name} {:.2}", nodes as f64 / puzzles as f64);
    }
}
EOF
cargo build --release --quiet --manifest-path "$work/count/Cargo.toml" --target-dir target/peer-nodes
files=("$data"/sudoku/puzzles*)
target/peer-nodes/release/crate-nodes "${files[@]}" >"$work/crate"
"$ours" sudoku bench --repeat-secs 0 "${files[@]}" | awk 'NR > 1 && $1 != "end-to-end" { print $1, $8 }' >"$work/ours"
printf '| %-34s | %15s | %11s | %12s |\n' "set" "gridsolve nodes" "crate nodes" "crate ÷ ours"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "----------------:" "------------:" "-------------:"
join <(sort "$work/ours") <(sort "$work/crate") | while read -r name ours_nodes crate_nodes; do
    printf '| %-34s | %15.1f | %11.1f | %12.2f |\n' "$name" "$ours_nodes" "$crate_nodes" \
        "$(echo "$ours_nodes $crate_nodes" | awk '{ print $2 / $1 }')"
done
