//! The general model: sizes, extra units, jigsaw regions and Killer cages,
//! each answer checked by a checker written here from the rules (it does
//! not use the model's unit lists), on puzzles derived at test time.

mod common;

use common::shifted_jigsaw;
use gridsolve_search::{read_json_events, render, EventLog, SearchTree, TraceFormat};
use gridsolve_sudoku::variant::{
    minimal_puzzle, parse_grid, parse_json, parse_killer, random_solution, render_grid,
    verify_answer, CageRules, Shape, Symbols, Variant, VariantError, VariantExploration,
    VariantPlacement, VariantVocabulary,
};
use gridsolve_sudoku::{Budget, Solver, Strategy};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const STRATEGIES: [Strategy; 5] = Strategy::ALL;

/// A small deterministic generator (64-bit LCG), so failures repeat.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A valid grid of `shape`: the classic shifted pattern, its values
/// relabelled at random.
fn planted(shape: Shape, rng: &mut Lcg) -> Vec<u8> {
    let side = shape.side();
    let mut labels: Vec<u8> = (1..=side as u8).collect();
    for i in (1..side).rev() {
        labels.swap(i, rng.below(i + 1));
    }
    (0..side * side)
        .map(|cell| {
            let (r, c) = (cell / side, cell % side);
            labels[(shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % side]
        })
        .collect()
}

/// A puzzle cut from a [`planted`] grid: `blanks` cells drawn at random
/// (a cell may be drawn twice) emptied.
fn cut(shape: Shape, blanks: usize, rng: &mut Lcg) -> Vec<u8> {
    let mut givens = planted(shape, rng);
    for _ in 0..blanks {
        let cell = rng.below(givens.len());
        givens[cell] = 0;
    }
    givens
}

/// Whether `values` fills the grid with every row, column and box (of
/// `shape`) holding 1..=side once, and keeps the givens.
fn is_classic_solution(shape: Shape, givens: &[u8], values: &[u8]) -> bool {
    let side = shape.side();
    let full = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = vec![false; side + 1];
        Iterator::all(&mut &mut *cells, |cell| {
            let v = values[cell] as usize;
            (1..=side).contains(&v) && !std::mem::replace(&mut seen[v], true)
        })
    };
    let kept = givens.iter().zip(values).all(|(&g, &v)| g == 0 || g == v);
    kept && (0..side).all(|k| {
        let (top, left) = (
            k / shape.box_rows * shape.box_rows,
            k % shape.box_rows * shape.box_cols,
        );
        full(&mut (0..side).map(|c| k * side + c))
            && full(&mut (0..side).map(|r| r * side + k))
            && full(
                &mut (0..side)
                    .map(|i| (top + i / shape.box_cols) * side + left + i % shape.box_cols),
            )
    })
}

fn solve(variant: &Variant, strategy: Strategy, limit: u64) -> VariantExploration {
    Solver::new(strategy)
        .with_max_solutions(limit)
        .explore_variant(variant)
}

#[test]
fn the_empty_4x4_grid_has_288_solutions_by_every_strategy() {
    let empty = Variant::new(Shape::new(2, 2).unwrap());
    for strategy in STRATEGIES {
        let found = solve(&empty, strategy, 1000);
        assert_eq!(found.stats.solutions, 288, "{strategy:?}");
        assert!(found.stopped.is_none());
    }
}

/// Traces `variant` and checks it against the untraced search: the same
/// exploration, one recorded choice per node below the root, and the
/// first solution's path in the JSON trace, applied to the givens, gives
/// the same answer.
fn check_trace(variant: &Variant, strategy: Strategy) {
    let solver = Solver::new(strategy).with_max_solutions(2);
    let untraced = solver.explore_variant(variant);
    let mut log = EventLog::default();
    let traced = solver.explore_variant_traced(variant, &mut log);
    assert_eq!(traced, untraced, "{strategy:?}: tracing changed the search");
    let vocabulary = VariantVocabulary::new(variant);
    let mut json = Vec::new();
    render(TraceFormat::Json, &log, &vocabulary, &mut json).unwrap();
    let replayed = read_json_events::<VariantPlacement>(&json[..]).unwrap();
    let choices = replayed
        .events
        .iter()
        .filter(|event| matches!(event, gridsolve_search::Event::Choose { .. }))
        .count() as u64;
    assert_eq!(choices + 1, untraced.stats.nodes, "{strategy:?}: choices");
    let tree = SearchTree::from_log(&replayed);
    let answer = tree.solutions().into_iter().next().map(|path| {
        let mut values = variant.givens().to_vec();
        for step in path {
            // Exact cover on the classic grid covers the givens' cells by
            // their own options, so a path may restate a given, and only
            // that.
            let given = variant.givens()[step.cell];
            if given != 0 {
                assert_eq!(given, step.value, "{strategy:?}: a given changed");
                continue;
            }
            assert_eq!(
                values[step.cell], 0,
                "{strategy:?}: a filled cell set again"
            );
            values[step.cell] = step.value;
        }
        values
    });
    assert_eq!(answer, untraced.solution, "{strategy:?}: replay");
}

#[test]
fn traced_variant_searches_replay_to_the_untraced_answer() {
    let mut rng = Lcg(11);
    for (shape, blanks) in [
        (Shape::new(2, 2).unwrap(), 10),
        (Shape::new(2, 3).unwrap(), 24),
        (Shape::new(3, 3).unwrap(), 55),
    ] {
        let variant = Variant::new(shape)
            .with_givens(cut(shape, blanks, &mut rng))
            .unwrap();
        for strategy in STRATEGIES {
            check_trace(&variant, strategy);
        }
    }
    // No givens: many solutions, the search stops at the second.
    check_trace(&Variant::new(Shape::new(2, 2).unwrap()), Strategy::Mrv);
    // A Killer without givens: cage pruning fills cells as inferences.
    let shape = Shape::new(3, 3).unwrap();
    let grid = planted(shape, &mut rng);
    let cages = random_cages(&grid, 9, &mut rng);
    check_trace(&killer(shape, &grid, &cages), Strategy::Propagate);
}

#[test]
fn puzzles_of_other_sizes_are_solved_and_checked() {
    let mut rng = Lcg(7);
    for (shape, blanks) in [
        (Shape::new(2, 3).unwrap(), 20),
        (Shape::new(3, 2).unwrap(), 20),
        (Shape::new(3, 4).unwrap(), 70),
        (Shape::new(4, 4).unwrap(), 120),
        (Shape::new(5, 5).unwrap(), 250),
    ] {
        let givens = cut(shape, blanks, &mut rng);
        let variant = Variant::new(shape).with_givens(givens.clone()).unwrap();
        let found = solve(&variant, Strategy::Propagate, 1);
        let answer = found
            .solution
            .expect("a puzzle cut from a grid is solvable");
        assert!(is_classic_solution(shape, &givens, &answer), "{shape:?}");
    }
}

#[test]
fn x_sudoku_and_windoku_answers_hold_their_extra_units() {
    let shape = Shape::CLASSIC;
    let distinct = |values: &[u8], cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u32;
        Iterator::all(&mut &mut *cells, |cell| {
            let bit = 1u32 << values[cell];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    let x = Variant::new(shape).with_diagonals().unwrap();
    let answer = solve(&x, Strategy::Propagate, 1).solution.unwrap();
    assert!(is_classic_solution(shape, &[0; 81], &answer));
    assert!(distinct(&answer, &mut (0..9).map(|k| k * 10)));
    assert!(distinct(&answer, &mut (0..9).map(|k| k * 9 + 8 - k)));

    let windoku = Variant::new(shape).with_windows().unwrap();
    assert_eq!(windoku.units().len(), 27 + 4);
    let answer = solve(&windoku, Strategy::Propagate, 1).solution.unwrap();
    assert!(is_classic_solution(shape, &[0; 81], &answer));
    for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
        assert!(distinct(
            &answer,
            &mut (0..9).map(|i| (top + i / 3) * 9 + left + i % 3)
        ));
    }
}

#[test]
fn jigsaw_regions_replace_the_boxes() {
    // 4×4 with regions: the two left columns' halves and the right ones.
    let regions = vec![
        vec![0, 1, 4, 5],
        vec![2, 3, 6, 7],
        vec![8, 9, 12, 13],
        vec![10, 11, 14, 15],
    ];
    let same_as_boxes = Variant::new(Shape::new(2, 2).unwrap())
        .with_regions(regions)
        .unwrap();
    assert_eq!(
        solve(&same_as_boxes, Strategy::Mrv, 1000).stats.solutions,
        288
    );
    // Regions as rows: then columns and regions alone constrain: 4! Latin
    // squares... counted by brute force below.
    let rows_as_regions: Vec<Vec<usize>> = (0..4)
        .map(|r| (0..4).map(|c| r * 4 + c).collect())
        .collect();
    let latin = Variant::new(Shape::new(2, 2).unwrap())
        .with_regions(rows_as_regions)
        .unwrap();
    assert_eq!(
        solve(&latin, Strategy::Propagate, 1000).stats.solutions,
        576
    );
}

/// Whether `values` fill a grid whose rows, columns and `regions` each
/// hold 1..=9 once: checked from the rules, with no model in between.
fn is_jigsaw_solution(values: &[u8], regions: &[Vec<usize>]) -> bool {
    let all_once = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen: Vec<u8> = cells.map(|cell| values[cell]).collect();
        seen.sort_unstable();
        seen == (1..=9).collect::<Vec<u8>>()
    };
    (0..9).all(|line| {
        all_once(&mut (0..9).map(|k| line * 9 + k)) && all_once(&mut (0..9).map(|k| k * 9 + line))
    }) && regions
        .iter()
        .all(|region| all_once(&mut region.iter().copied()))
}

/// The JSON document of a jigsaw with `givens` (0 blank).
fn jigsaw_document(givens: &[u8], regions: &[Vec<usize>]) -> String {
    let rows: Vec<String> = givens
        .chunks(9)
        .map(|row| {
            let text: String = row
                .iter()
                .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
                .collect();
            format!("\"{text}\"")
        })
        .collect();
    let regions: Vec<String> = regions.iter().map(|region| format!("{region:?}")).collect();
    format!(
        "{{\"givens\": [{}], \"regions\": [{}]}}",
        rows.join(", "),
        regions.join(", ")
    )
}

/// The jigsaw defect: givens were checked against the standard boxes
/// before the regions replaced them, so a valid jigsaw whose givens repeat
/// a value in a standard box was refused. Earlier tests built jigsaws with
/// `with_regions` and no givens, and never went through the document.
#[test]
fn jigsaw_givens_are_checked_against_the_regions_not_the_boxes() {
    let (solution, regions) = shifted_jigsaw(9);
    assert!(is_jigsaw_solution(&solution, &regions));
    // The complete grid is a valid puzzle (its standard box 1 repeats 3).
    let complete = parse_json(&jigsaw_document(&solution, &regions)).unwrap();
    assert_eq!(complete.givens(), &solution[..]);
    // Cut puzzles are solved, within their regions.
    let mut rng = Lcg(17);
    for _ in 0..5 {
        let mut givens = solution.clone();
        for _ in 0..40 {
            givens[rng.below(81)] = 0;
        }
        let puzzle = parse_json(&jigsaw_document(&givens, &regions)).unwrap();
        for strategy in STRATEGIES {
            let answer = solve(&puzzle, strategy, 1).solution.unwrap();
            assert!(is_jigsaw_solution(&answer, &regions));
            assert!(givens.iter().zip(&answer).all(|(&g, &a)| g == 0 || g == a));
        }
    }
    // A region that repeats a given is still refused, by its name.
    let mut broken = vec![0u8; 81];
    let region = &regions[4];
    broken[region[0]] = 5;
    broken[region[8]] = 5;
    let error = parse_json(&jigsaw_document(&broken, &regions)).unwrap_err();
    assert!(error.to_string().contains("breaks region 5"), "{error}");
}

/// A Killer of `shape` without givens: `cages`, each summing to what its
/// cells hold in `grid`.
fn killer(shape: Shape, grid: &[u8], cages: &[Vec<usize>]) -> Variant {
    cages.iter().fold(Variant::new(shape), |killer, cage| {
        let sum = cage.iter().map(|&cell| u32::from(grid[cell])).sum();
        killer.with_cage(cage.clone(), sum).unwrap()
    })
}

/// A random partition of the grid into connected cages of 1 to 5 cells,
/// none holding a value of `grid` twice (as Killer rules require).
fn random_cages(grid: &[u8], side: usize, rng: &mut Lcg) -> Vec<Vec<usize>> {
    let cells = side * side;
    let mut cage_of = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..cells {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 1 + rng.below(5);
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < target {
            let from = cage[rng.below(cage.len())];
            let (r, c) = (from / side, from % side);
            let mut next = Vec::new();
            if r + 1 < side {
                next.push(from + side);
            }
            if c + 1 < side {
                next.push(from + 1);
            }
            if c > 0 {
                next.push(from - 1);
            }
            let free: Vec<usize> = next
                .into_iter()
                .filter(|&n| cage_of[n] == usize::MAX)
                .filter(|&n| cage.iter().all(|&member| grid[member] != grid[n]))
                .collect();
            if free.is_empty() {
                break;
            }
            let cell = free[rng.below(free.len())];
            cage_of[cell] = cages.len();
            cage.push(cell);
        }
        cages.push(cage);
    }
    cages
}

#[test]
fn generated_killer_puzzles_are_solved_within_their_cages() {
    let shape = Shape::CLASSIC;
    let mut rng = Lcg(2026);
    for round in 0..6 {
        let grid = planted(shape, &mut rng);
        let cages = random_cages(&grid, 9, &mut rng);
        let killer = killer(shape, &grid, &cages);
        let found = solve(&killer, Strategy::Propagate, 2);
        let answer = found
            .solution
            .unwrap_or_else(|| panic!("round {round}: no answer, {:?}", found.stats));
        assert!(
            is_classic_solution(shape, &[0; 81], &answer),
            "round {round}"
        );
        for cage in &cages {
            let sum: u32 = cage.iter().map(|&cell| u32::from(answer[cell])).sum();
            let planted_sum: u32 = cage.iter().map(|&cell| u32::from(grid[cell])).sum();
            assert_eq!(sum, planted_sum, "round {round}");
            let mut values: Vec<u8> = cage.iter().map(|&cell| answer[cell]).collect();
            values.sort_unstable();
            values.dedup();
            assert_eq!(values.len(), cage.len(), "round {round}: repeat in a cage");
        }
        if found.stats.solutions == 1 && found.stopped.is_none() {
            assert_eq!(
                answer, grid,
                "round {round}: unique but not the planted grid"
            );
        }
        // The planted grid itself satisfies the model.
        let with_answer = killer.clone().with_givens(grid.clone()).unwrap();
        assert_eq!(solve(&with_answer, Strategy::Mrv, 2).stats.solutions, 1);
        // With all cage reasoning, without the rule of 45, and with sums
        // of full cages only (half the grid given, to keep the plain
        // search short): the same count, never fewer nodes for less.
        let mut half = grid.clone();
        half[..45].fill(0);
        let halved = killer.clone().with_givens(half).unwrap();
        let full = CageRules::default();
        let without_45 = CageRules {
            rule_of_45: false,
            ..full
        };
        let sums_only = CageRules {
            combinations: false,
            rule_of_45: false,
        };
        let found: Vec<(u64, u64)> = [full, without_45, sums_only]
            .into_iter()
            .map(|rules| {
                let found = Solver::new(Strategy::Mrv)
                    .with_max_solutions(2)
                    .with_cage_rules(rules)
                    .explore_variant(&halved);
                (found.stats.solutions, found.stats.nodes)
            })
            .collect();
        assert!(
            found.iter().all(|&(count, _)| count == found[0].0),
            "round {round}: {found:?}"
        );
        assert!(found[2].1 >= found[1].1, "round {round}: {found:?}");
    }
}

/// How many ways (up to `cap`) fill the grid of `shape` with each row,
/// column and box holding each value once and each of `cages` holding
/// distinct values that add up to its sum, by plain backtracking in
/// reading order: a checker from the rules alone.
fn brute_force_killer_count(shape: Shape, cages: &[(Vec<usize>, u32)], cap: u64) -> u64 {
    fn fill(
        shape: Shape,
        cages: &[(Vec<usize>, u32)],
        grid: &mut Vec<u8>,
        cell: usize,
        count: &mut u64,
        cap: u64,
    ) {
        if *count >= cap {
            return;
        }
        let side = shape.side();
        if cell == grid.len() {
            *count += 1;
            return;
        }
        let (row, col) = (cell / side, cell % side);
        let boxed = |other: usize| {
            (other / side) / shape.box_rows == row / shape.box_rows
                && (other % side) / shape.box_cols == col / shape.box_cols
        };
        for value in 1..=side as u8 {
            let clashes = (0..cell).any(|other| {
                grid[other] == value && (other / side == row || other % side == col || boxed(other))
            });
            if clashes {
                continue;
            }
            grid[cell] = value;
            let cages_hold =
                cages
                    .iter()
                    .filter(|(cells, _)| cells.contains(&cell))
                    .all(|(cells, sum)| {
                        let placed: Vec<u8> =
                            cells.iter().map(|&c| grid[c]).filter(|&v| v != 0).collect();
                        let total: u32 = placed.iter().map(|&v| u32::from(v)).sum();
                        let distinct = placed
                            .iter()
                            .all(|&v| placed.iter().filter(|&&w| w == v).count() == 1);
                        distinct
                            && if placed.len() == cells.len() {
                                total == *sum
                            } else {
                                total < *sum
                            }
                    });
            if cages_hold {
                fill(shape, cages, grid, cell + 1, count, cap);
            }
            grid[cell] = 0;
        }
    }
    let mut count = 0;
    fill(
        shape,
        cages,
        &mut vec![0; shape.side() * shape.side()],
        0,
        &mut count,
        cap,
    );
    count
}

/// Killers whose cages leave cells out (so that many have several
/// solutions), on 4×4 (6×6 took minutes to brute-force): every strategy
/// counts what the brute force
/// counts, the fast engine's cage pruning (each cell kept to the values
/// some filling of its cage gives it, after every removal) included.
#[test]
fn partial_killers_count_as_the_brute_force_does() {
    let mut rng = Lcg(45);
    let mut several = 0;
    for round in 0..200 {
        let shape = Shape::new(2, 2).unwrap();
        let grid = planted(shape, &mut rng);
        let cages: Vec<(Vec<usize>, u32)> = random_cages(&grid, shape.side(), &mut rng)
            .into_iter()
            .filter(|cage| cage.len() >= 2)
            .map(|cage| {
                let sum = cage.iter().map(|&cell| u32::from(grid[cell])).sum();
                (cage, sum)
            })
            .collect();
        let killer = cages
            .iter()
            .fold(Variant::new(shape), |killer, (cells, sum)| {
                killer.with_cage(cells.clone(), *sum).unwrap()
            });
        let cap = 5_000;
        let expected = brute_force_killer_count(shape, &cages, cap);
        assert!(
            expected >= 1,
            "round {round}: the planted grid is a solution"
        );
        several += usize::from(expected > 1);
        for strategy in STRATEGIES {
            let found = solve(&killer, strategy, cap);
            assert_eq!(
                found.stats.solutions, expected,
                "round {round}, {strategy:?}"
            );
        }
    }
    assert!(
        several >= 10,
        "only {several} Killers had several solutions"
    );
}

#[test]
fn invalid_models_are_rejected_naming_the_cell_or_cage() {
    let four = || Variant::new(Shape::new(2, 2).unwrap());
    assert!(matches!(Shape::new(1, 4), Err(VariantError::Shape { .. })));
    assert!(matches!(Shape::new(5, 6), Err(VariantError::Shape { .. })));
    let error = four().with_cage(vec![0, 1], 2).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cage 1: no 2 distinct values from 1 to 4 add up to 2"
    );
    let error = four()
        .with_cage(vec![0, 1], 3)
        .unwrap()
        .with_cage(vec![1, 2], 5)
        .unwrap_err();
    assert_eq!(error.to_string(), "cages 1 and 2 overlap at r1c2");
    let error = four().with_cage(vec![0, 16], 3).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cage 1: cell 16 is outside the grid (cells 0 to 15)"
    );
    let error = four().with_cage(vec![5, 1, 5], 6).unwrap_err();
    assert_eq!(error.to_string(), "cage 1 lists r2c2 twice");
    let error = four().with_regions(vec![vec![0, 1, 2, 3]; 4]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the regions do not partition the grid: r1c1 is in 4 regions"
    );
    let error = four().with_regions(vec![vec![0, 1, 2, 3]; 3]).unwrap_err();
    assert_eq!(error.to_string(), "expected 4 regions, found 3");
    let error = four().with_unit(vec![0, 1, 2, 2]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unit 1 must have 4 distinct cells of the grid"
    );
    let mut givens = vec![0; 16];
    givens[0] = 3;
    givens[3] = 3;
    let error = four().with_givens(givens).unwrap_err();
    assert_eq!(error.to_string(), "given 3 at r1c4 breaks row 1");
    let mut givens = vec![0; 16];
    givens[0] = 4;
    let error = four()
        .with_cage(vec![0, 1], 3)
        .unwrap()
        .with_givens(givens)
        .unwrap_err();
    assert_eq!(error.to_string(), "given 4 at r1c1 breaks cage 1 (sum 3)");
}

#[test]
fn a_16x16_puzzle_in_letter_form_round_trips() {
    let shape = Shape::new(4, 4).unwrap();
    let mut rng = Lcg(16);
    let grid = planted(shape, &mut rng);
    let mut givens = grid.clone();
    for _ in 0..110 {
        givens[rng.below(256)] = 0;
    }
    for symbols in [
        Symbols::standard(16),
        Symbols::new("0123456789abcdef").unwrap(),
    ] {
        let text = render_grid(16, &givens, &symbols, false);
        let puzzle = parse_grid(&text, Some(&symbols)).unwrap();
        assert_eq!(puzzle.givens(), &givens[..]);
        let answer = solve(&puzzle, Strategy::Propagate, 1).solution.unwrap();
        let written = render_grid(16, &answer, &symbols, false);
        assert_eq!(written.lines().count(), 16);
        assert!(written.lines().all(|line| line.chars().count() == 16));
        let read_back = parse_grid(&written, Some(&symbols)).unwrap();
        assert_eq!(read_back.givens(), &answer[..]);
        assert!(is_classic_solution(shape, &givens, &answer));
    }
    // The one-line form reads the same.
    let line = render_grid(16, &givens, &Symbols::standard(16), true);
    assert_eq!(parse_grid(&line, None).unwrap().givens(), &givens[..]);
}

#[test]
fn text_errors_say_where() {
    let error = parse_grid("1...\n..X.\n.1..\n...1", None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 3: expected a value symbol (1234) or '.', found 'X'"
    );
    let error = parse_grid("1...\n..1\n.1...\n...1", None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 3: expected 4 cells in the row, as on line 1, found 3"
    );
    let error = parse_grid("12345", None).unwrap_err();
    assert!(error.to_string().contains("found 5 cells"), "{error}");
    let error = parse_json(r#"{"cages": [{"cells": ["r1c1", "r9c10"], "sum": 5}]}"#).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("\"r9c10\" is not a cell of the 9×9 grid"),
        "{error}"
    );
    let error = parse_json(r#"{"cage": []}"#).unwrap_err();
    assert!(error.to_string().starts_with("line 1, column"), "{error}");
    // Found by fuzzing: a box whose side overflows must be refused, not panic.
    let huge = usize::MAX / 2;
    let error = parse_json(&format!(r#"{{"box": [{huge}, 3], "size": 9}}"#)).unwrap_err();
    assert!(error.to_string().contains(&format!("{huge}×3")), "{error}");
}

/// The Killer puzzle of `grid` with `cages`, in CodinGame's text form and
/// as a JSON document.
fn killer_texts(grid: &[u8], cages: &[Vec<usize>]) -> (String, String) {
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    let mut letter_of = [' '; 81];
    let mut sums = Vec::new();
    let mut json_cages = Vec::new();
    for (index, cage) in cages.iter().enumerate() {
        let sum: u32 = cage.iter().map(|&cell| u32::from(grid[cell])).sum();
        for &cell in cage {
            letter_of[cell] = letters[index];
        }
        sums.push(format!("{}={sum}", letters[index]));
        let names: Vec<String> = cage
            .iter()
            .map(|&c| format!("\"r{}c{}\"", c / 9 + 1, c % 9 + 1))
            .collect();
        json_cages.push(format!(
            "{{\"cells\": [{}], \"sum\": {sum}}}",
            names.join(", ")
        ));
    }
    let mut text = String::new();
    for row in 0..9 {
        let cages: String = letter_of[row * 9..row * 9 + 9].iter().collect();
        text.push_str(&format!(".........{}{cages}\n", ' '));
    }
    text.push_str(&sums.join(" "));
    let json = format!(
        "{{\"box\": [3, 3], \"cages\": [{}]}}",
        json_cages.join(", ")
    );
    (text, json)
}

#[test]
fn a_killer_in_json_and_in_text_gives_the_same_answer() {
    let mut rng = Lcg(45);
    let mut checked = 0;
    while checked < 2 {
        let grid = planted(Shape::CLASSIC, &mut rng);
        let cages = random_cages(&grid, 9, &mut rng);
        if cages.len() > 52 {
            continue; // more cages than letters
        }
        let (text, json) = killer_texts(&grid, &cages);
        let from_text = parse_killer(&text).unwrap();
        let from_json = parse_json(&json).unwrap();
        let a = solve(&from_text, Strategy::Propagate, 1).solution.unwrap();
        let b = solve(&from_json, Strategy::Propagate, 1).solution.unwrap();
        assert_eq!(a, b);
        for cage in &cages {
            let sum: u32 = cage.iter().map(|&cell| u32::from(a[cell])).sum();
            assert_eq!(
                sum,
                cage.iter().map(|&cell| u32::from(grid[cell])).sum::<u32>()
            );
        }
        checked += 1;
    }
}

#[test]
fn a_two_cell_cage_summing_to_2_is_rejected_by_name() {
    let mut rows = vec!["......... aabbbbbbb".to_string()];
    rows.extend((1..9).map(|_| "......... ccccccccc".to_string()));
    let text = format!("{}\na=2 b=35 c=360", rows.join("\n"));
    let error = parse_killer(&text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cage a: no 2 distinct values from 1 to 9 add up to 2"
    );
    let error = parse_killer(&text.replace("a=2 ", "")).unwrap_err();
    assert_eq!(error.to_string(), "cage a has no sum on the last line");
}

#[test]
fn the_json_schema_lists_exactly_the_fields_the_reader_takes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/variant.schema.json"
    );
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let fields: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    for field in &fields {
        // Each field the schema names is read (an unknown one is refused).
        let value = match field.as_str() {
            "box" => "[3, 3]",
            "size" => "9",
            "givens" | "symbols" => "\"123456789\"",
            "diagonals" | "windows" => "false",
            _ => "[]",
        };
        let document = format!("{{\"{field}\": {value}}}");
        let result = parse_json(&document);
        assert!(
            !matches!(&result, Err(error) if error.to_string().contains("unknown field")),
            "{field}: {result:?}"
        );
    }
    assert_eq!(fields.len(), 9);
    let error = parse_json(r#"{"colour": "red"}"#).unwrap_err();
    assert!(error.to_string().contains("unknown field"), "{error}");
}

#[test]
fn an_alphabet_with_a_blank_or_a_repeat_is_refused() {
    for alphabet in ["12.4", "1224", "12 4"] {
        let error = Symbols::new(alphabet).unwrap_err();
        assert!(
            error.to_string().starts_with("symbol "),
            "{alphabet}: {error}"
        );
    }
    assert!(Symbols::new("abcd").is_ok());
}

/// Puzzles of every kind with many blanks, so most have many solutions:
/// a jigsaw, X-Sudoku, windoku, a Killer and grids of other sizes.
fn puzzles_of_every_kind(rng: &mut Lcg) -> Vec<(String, Variant)> {
    let mut puzzles = Vec::new();
    for (shape, blanks) in [
        (Shape::new(2, 2).unwrap(), 12),
        (Shape::new(2, 3).unwrap(), 26),
        (Shape::new(2, 4).unwrap(), 40),
        (Shape::CLASSIC, 55),
    ] {
        let givens = cut(shape, blanks, rng);
        let variant = Variant::new(shape).with_givens(givens).unwrap();
        puzzles.push((format!("{shape:?}"), variant));
    }
    let (solution, regions) = shifted_jigsaw(9);
    let mut givens = solution.clone();
    for _ in 0..55 {
        givens[rng.below(81)] = 0;
    }
    let jigsaw = parse_json(&jigsaw_document(&givens, &regions)).unwrap();
    puzzles.push(("jigsaw".to_string(), jigsaw));
    let x = Variant::new(Shape::CLASSIC).with_diagonals().unwrap();
    puzzles.push(("X".to_string(), x));
    let windoku = Variant::new(Shape::CLASSIC).with_windows().unwrap();
    puzzles.push(("windoku".to_string(), windoku));
    let grid = planted(Shape::CLASSIC, rng);
    let cages = random_cages(&grid, 9, rng);
    puzzles.push(("killer".to_string(), killer(Shape::CLASSIC, &grid, &cages)));
    puzzles
}

/// The fast engine infers much more than the others (locked candidates,
/// probing) and picks its cells otherwise, and exact cover searches
/// another space (cages checked on each cover): every count must still
/// equal the plain fewest-candidates search's, which infers nothing.
#[test]
fn every_strategy_counts_what_plain_search_counts() {
    let mut rng = Lcg(16);
    for round in 0..4 {
        for (kind, puzzle) in puzzles_of_every_kind(&mut rng) {
            let plain = solve(&puzzle, Strategy::Mrv, 300);
            for strategy in [Strategy::Bitboard, Strategy::Propagate, Strategy::Dlx] {
                // Exact cover knows no sums: a Killer without givens is
                // every grid, filtered.
                if kind == "killer" && strategy == Strategy::Dlx {
                    continue;
                }
                let found = solve(&puzzle, strategy, 300);
                let what = format!("round {round}, {kind}, {strategy}");
                assert_eq!(found.stats.solutions, plain.stats.solutions, "{what}");
                assert_eq!(found.stopped, plain.stopped, "{what}");
                if let Some(answer) = &found.solution {
                    assert_eq!(verify_answer(&puzzle, answer), Ok(()), "{what}");
                }
            }
        }
    }
    // Exact cover on a Killer with most givens: the covers that break a
    // cage are not counted.
    let grid = planted(Shape::CLASSIC, &mut rng);
    let cages = random_cages(&grid, 9, &mut rng);
    let mut givens = grid.clone();
    for _ in 0..40 {
        givens[rng.below(81)] = 0;
    }
    let puzzle = killer(Shape::CLASSIC, &grid, &cages)
        .with_givens(givens)
        .unwrap();
    let plain = solve(&puzzle, Strategy::Mrv, 300);
    let cover = solve(&puzzle, Strategy::Dlx, 300);
    assert_eq!(cover.stats.solutions, plain.stats.solutions);
    assert_eq!(
        verify_answer(&puzzle, cover.solution.as_ref().unwrap()),
        Ok(())
    );
}

/// The fast engine splits the branches near the root into searches of
/// their own, run on two threads in a pool of two: each answer, count and
/// stop must be the one the same search gives on the calling thread alone,
/// whatever the limit on solutions.
#[test]
fn two_threads_find_what_one_thread_finds() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut rng = Lcg(23);
    for round in 0..3 {
        for (kind, puzzle) in puzzles_of_every_kind(&mut rng) {
            for limit in [1, 2, 7, 300] {
                let alone = solve(&puzzle, Strategy::Bitboard, limit);
                let pooled = pool.install(|| solve(&puzzle, Strategy::Bitboard, limit));
                let what = format!("round {round}, {kind}, limit {limit}");
                assert_eq!(pooled.solution, alone.solution, "{what}");
                assert_eq!(pooled.stats.solutions, alone.stats.solutions, "{what}");
                assert_eq!(pooled.stopped, alone.stopped, "{what}");
            }
        }
    }
}

/// Generated puzzles have exactly one solution and are minimal: taking
/// any one given away leaves more than one. Both are checked with another
/// strategy than the generator's.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let (_, regions) = shifted_jigsaw(9);
    let jigsaw = Variant::new(Shape::CLASSIC).with_regions(regions).unwrap();
    let templates = [
        ("4x4", Variant::new(Shape::new(2, 2).unwrap())),
        ("6x6", Variant::new(Shape::new(2, 3).unwrap())),
        ("9x9", Variant::new(Shape::CLASSIC)),
        ("X", Variant::new(Shape::CLASSIC).with_diagonals().unwrap()),
        ("jigsaw", jigsaw),
        ("16x16", Variant::new(Shape::new(4, 4).unwrap())),
    ];
    for (seed, (kind, template)) in templates.iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(seed as u64);
        let puzzle = minimal_puzzle(template, &mut rng, &Budget::default())
            .unwrap()
            .unwrap_or_else(|| panic!("{kind}: the template has solutions"));
        let found = solve(&puzzle, Strategy::Propagate, 2);
        assert_eq!(found.stats.solutions, 1, "{kind}");
        let answer = found.solution.unwrap();
        assert_eq!(verify_answer(template, &answer), Ok(()), "{kind}");
        for cell in (0..answer.len()).filter(|&cell| puzzle.givens()[cell] != 0) {
            let mut fewer = puzzle.givens().to_vec();
            fewer[cell] = 0;
            let fewer = template.clone().with_givens(fewer).unwrap();
            let count = solve(&fewer, Strategy::Propagate, 2).stats.solutions;
            assert_eq!(count, 2, "{kind}: the given at {cell} can go");
        }
    }
}

/// Whether `values` hold 1..=side once in every one of `groups`.
fn each_once(values: &[u8], side: usize, groups: &[Vec<usize>]) -> bool {
    groups.iter().all(|group| {
        let mut seen: Vec<u8> = group.iter().map(|&cell| values[cell]).collect();
        seen.sort_unstable();
        seen == (1..=side as u8).collect::<Vec<u8>>()
    })
}

/// Rows and columns of a grid of side `side`, from the rules.
fn lines_of(side: usize) -> Vec<Vec<usize>> {
    (0..side)
        .map(|r| (0..side).map(|c| r * side + c).collect())
        .chain((0..side).map(|c| (0..side).map(|r| r * side + c).collect()))
        .collect()
}

/// The boxes of `shape`, from the rules.
fn boxes_of(shape: Shape) -> Vec<Vec<usize>> {
    let side = shape.side();
    (0..side)
        .map(|b| {
            let (top, left) = (
                b / shape.box_rows * shape.box_rows,
                b % shape.box_rows * shape.box_cols,
            );
            (0..side)
                .map(|k| (top + k / shape.box_cols) * side + left + k % shape.box_cols)
                .collect()
        })
        .collect()
}

/// For every kind of variant, a complete grid built at test time (a random
/// solution of the kind's empty template) keeps the kind's rules, checked
/// here from the rules alone, and is accepted as givens, which is what
/// `check` says valid to. The jigsaws' grids repeat values inside the
/// standard boxes, which must not count against them.
#[test]
fn complete_grids_of_every_kind_are_valid() {
    let windows: Vec<Vec<usize>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(top, left)| (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect())
        .collect();
    let diagonals: Vec<Vec<usize>> = vec![
        (0..9).map(|k| k * 10).collect(),
        (0..9).map(|k| k * 9 + 8 - k).collect(),
    ];
    let mut kinds: Vec<(String, Variant, Vec<Vec<usize>>)> = Vec::new();
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        let groups = [lines_of(shape.side()), boxes_of(shape)].concat();
        kinds.push((format!("{rows}x{cols} boxes"), Variant::new(shape), groups));
    }
    let classic = [lines_of(9), boxes_of(Shape::CLASSIC)].concat();
    let x = Variant::new(Shape::CLASSIC).with_diagonals().unwrap();
    kinds.push(("X".into(), x, [classic.clone(), diagonals.clone()].concat()));
    let windoku = Variant::new(Shape::CLASSIC).with_windows().unwrap();
    kinds.push((
        "windoku".into(),
        windoku,
        [classic.clone(), windows].concat(),
    ));
    for side in [5, 7, 9] {
        let (_, regions) = shifted_jigsaw(side);
        let shape = gridsolve_sudoku::variant::shape_for_side(side)
            .map_or_else(|| Shape::regions_only(side), Ok)
            .unwrap();
        let jigsaw = Variant::new(shape).with_regions(regions.clone()).unwrap();
        kinds.push((
            format!("jigsaw {side}"),
            jigsaw,
            [lines_of(side), regions].concat(),
        ));
    }
    for (seed, (kind, template, groups)) in kinds.iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(seed as u64);
        let grid = random_solution(template, &mut rng, &Budget::default())
            .unwrap()
            .unwrap();
        let side = template.side();
        assert!(each_once(&grid, side, groups), "{kind}");
        assert!(template.clone().with_givens(grid.clone()).is_ok(), "{kind}");
        if kind == "jigsaw 9" {
            assert!(
                !each_once(&grid, 9, &boxes_of(Shape::CLASSIC)),
                "the boxes repeat a value"
            );
        }
    }
    // A Killer: cages cut from a grid keep their sums.
    let mut rng = Lcg(45);
    let grid = planted(Shape::CLASSIC, &mut rng);
    let cages = random_cages(&grid, 9, &mut rng);
    let killer = killer(Shape::CLASSIC, &grid, &cages);
    assert!(killer.with_givens(grid).is_ok());
}
