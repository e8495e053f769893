//! QQWing's levels checked against a reference written from their
//! definition alone: a puzzle is simple when placing naked singles
//! finishes it, easy when naked and hidden singles do (and naked singles
//! alone do not). Puzzles are derived at test time: solutions of random
//! minimal puzzles with more and more cells blanked, so every level
//! appears.

use gridsolve_logic::{rate, QqwingLevel};
use gridsolve_sudoku::variant::{minimal_puzzle, Shape, Variant};
use gridsolve_sudoku::{Budget, Grid, Solver, Strategy};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::BTreeMap;

/// Whether placing singles (naked ones, and hidden ones if `hidden`)
/// again and again fills `values` (0 for blank).
fn singles_finish(mut values: [u8; 81], hidden: bool) -> bool {
    let units: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|b| {
            (0..9)
                .map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3)
                .collect()
        }))
        .collect();
    let sees = |a: usize, b: usize| {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    };
    let allows = |values: &[u8; 81], cell: usize, digit: u8| {
        values[cell] == 0 && (0..81).all(|other| !sees(cell, other) || values[other] != digit)
    };
    loop {
        let naked = (0..81).find_map(|cell| {
            let fits: Vec<u8> = (1..=9).filter(|&d| allows(&values, cell, d)).collect();
            (fits.len() == 1).then(|| (cell, fits[0]))
        });
        let single = naked.or_else(|| {
            if !hidden {
                return None;
            }
            units.iter().find_map(|unit| {
                (1..=9).find_map(|digit| {
                    let places: Vec<usize> = unit
                        .iter()
                        .copied()
                        .filter(|&cell| allows(&values, cell, digit))
                        .collect();
                    (places.len() == 1).then(|| (places[0], digit))
                })
            })
        });
        match single {
            Some((cell, digit)) => values[cell] = digit,
            None => return values.iter().all(|&value| value != 0),
        }
    }
}

#[test]
fn simple_and_easy_are_what_singles_finish() {
    let template = Variant::new(Shape::CLASSIC);
    let mut seen = BTreeMap::new();
    for seed in 0..12u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let puzzle = minimal_puzzle(&template, &mut rng, &Budget::default())
            .unwrap()
            .unwrap();
        let givens: [u8; 81] = puzzle.givens().try_into().unwrap();
        let solution = Solver::new(Strategy::Bitboard)
            .explore(&Grid::from_values(givens).unwrap())
            .solution
            .unwrap();
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        for blanks in [20, 35, 45, 81 - givens.iter().filter(|&&v| v != 0).count()] {
            // The solution with `blanks` cells blanked, the minimal
            // puzzle's empty cells first, so the last is the puzzle.
            let mut values = *solution.values();
            let mut blanked = 0;
            for &cell in order.iter().filter(|&&cell| givens[cell] == 0) {
                if blanked < blanks {
                    values[cell] = 0;
                    blanked += 1;
                }
            }
            let grid = Grid::from_values(values).unwrap();
            let level = rate(&grid).unwrap().qqwing();
            let expected_at_most_easy = singles_finish(values, true);
            assert_eq!(
                level == QqwingLevel::Simple,
                singles_finish(values, false),
                "{values:?}: {level}"
            );
            assert_eq!(
                level <= QqwingLevel::Easy,
                expected_at_most_easy,
                "{values:?}: {level}"
            );
            *seen.entry(level).or_insert(0) += 1;
        }
    }
    // The derived puzzles reach simple, easy and some level above.
    for level in [QqwingLevel::Simple, QqwingLevel::Easy] {
        assert!(seen.contains_key(&level), "{seen:?}");
    }
    assert!(
        seen.keys().any(|&level| level > QqwingLevel::Easy),
        "{seen:?}"
    );
}
