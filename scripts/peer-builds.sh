# Sourced by the scripts that race gridsolve against the crates.io `sudoku`
# crate: builds both (release) and sets `ours` and `peer` to their binaries.
# The peer harness lives in ../shared/peers/rust-sudoku-crate, which may be
# read-only, so it is built into this project's target directory.
peer_dir=../shared/peers/rust-sudoku-crate
cargo build --release --quiet -p gridsolve
cargo build --release --quiet --manifest-path "$peer_dir/Cargo.toml" --target-dir target/peer-sudoku-crate
ours=target/release/gridsolve
peer=target/peer-sudoku-crate/release/rust-sudoku-crate-bench
