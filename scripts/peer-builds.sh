# Sourced by the scripts that race gridsolve against a peer: builds gridsolve
# and the crates.io `sudoku` crate's harness (release) and sets `ours` and
# `peer` to their binaries and `peer_name` to the peer's name. The crate's
# harness lives in ../shared/peers/rust-sudoku-crate, which may be read-only,
# so it is built into this project's target directory.
#
# With TDOKU set to a checkout of tdoku (github.com/t-dillon/tdoku), the peer
# is tdoku instead: its solver compiled from that checkout (-O3
# -march=native, its own build's defaults) with scripts/peers/tdoku_bench.c,
# our harness that measures as the crate's does, into target/peer-tdoku.
peer_dir=../shared/peers/rust-sudoku-crate
cargo build --release --quiet -p gridsolve
ours=target/release/gridsolve
if [ -n "${TDOKU:-}" ]; then
    tdoku_out=target/peer-tdoku
    mkdir -p "$tdoku_out"
    for source in solver_dpll_triad_simd util; do
        "${CXX:-g++}" -O3 -march=native -std=c++14 -c "$TDOKU/src/$source.cc" -o "$tdoku_out/$source.o"
    done
    "${CC:-gcc}" -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -I"$TDOKU/include" \
        -c scripts/peers/tdoku_bench.c -o "$tdoku_out/tdoku_bench.o"
    "${CXX:-g++}" "$tdoku_out"/*.o -o "$tdoku_out/tdoku_bench"
    peer=$tdoku_out/tdoku_bench
    peer_name=tdoku
else
    cargo build --release --quiet --manifest-path "$peer_dir/Cargo.toml" --target-dir target/peer-sudoku-crate
    peer=target/peer-sudoku-crate/release/rust-sudoku-crate-bench
    peer_name=crate
fi
