//! Every step on the first 1,000 puzzles with published Sudoku Explainer
//! ratings (`sudoku-rated/` of the shared data: the stratified sample,
//! then the diabolical bank) checked against each puzzle's unique
//! solution. The data is not part of the repository, so this test is
//! ignored by default; `.ci/run` runs it with `--ignored` (the folder is
//! `$GRIDSOLVE_DATA`, by default `../shared/data`).

mod common;

use common::{check_walk, unique_solution};
use gridsolve_sudoku::Grid;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[test]
#[ignore = "needs the shared data folder"]
fn every_step_on_rated_puzzles_agrees_with_the_solution() {
    let data = std::env::var_os("GRIDSOLVE_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
        });
    let folder = data.join("sudoku-rated");
    let mut puzzles = Vec::new();
    for name in ["sebank_stratified_half_a.txt", "sebank_diabolical_2020.txt"] {
        let text = std::fs::read_to_string(folder.join(name))
            .unwrap_or_else(|error| panic!("{}: {error}", folder.join(name).display()));
        // Each line: an id, the 81 digits (0 blank), the rating.
        puzzles.extend(text.lines().filter_map(|line| {
            let digits = line.split_whitespace().nth(1)?;
            Some(digits.parse::<Grid>().expect("the data's grids parse"))
        }));
    }
    puzzles.truncate(1000);
    assert_eq!(puzzles.len(), 1000);
    let mut seen = BTreeMap::new();
    for puzzle in &puzzles {
        check_walk(puzzle, &unique_solution(puzzle), &mut seen);
    }
    eprintln!("steps on 1,000 rated puzzles: {seen:?}");
}
