//! The general model: sizes, extra units, jigsaw regions and Killer cages,
//! each answer checked by a checker written here from the rules (it does
//! not use the model's unit lists), on puzzles derived at test time.

use gridsolve_sudoku::variant::{
    explore, Shape, Variant, VariantError, VariantExploration, VariantStrategy,
};
use gridsolve_sudoku::Limits;

const STRATEGIES: [VariantStrategy; 3] = [
    VariantStrategy::ReadingOrder,
    VariantStrategy::Mrv,
    VariantStrategy::Propagate,
];

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

fn solve(variant: &Variant, strategy: VariantStrategy, limit: u64) -> VariantExploration {
    explore(variant, strategy, true, &Limits::solutions(limit))
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
        let grid = planted(shape, &mut rng);
        let mut givens = grid.clone();
        for _ in 0..blanks {
            givens[rng.below(grid.len())] = 0;
        }
        let variant = Variant::new(shape).with_givens(givens.clone()).unwrap();
        let found = solve(&variant, VariantStrategy::Propagate, 1);
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
    let answer = solve(&x, VariantStrategy::Propagate, 1).solution.unwrap();
    assert!(is_classic_solution(shape, &[0; 81], &answer));
    assert!(distinct(&answer, &mut (0..9).map(|k| k * 10)));
    assert!(distinct(&answer, &mut (0..9).map(|k| k * 9 + 8 - k)));

    let windoku = Variant::new(shape).with_windows().unwrap();
    assert_eq!(windoku.units().len(), 27 + 4);
    let answer = solve(&windoku, VariantStrategy::Propagate, 1)
        .solution
        .unwrap();
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
        solve(&same_as_boxes, VariantStrategy::Mrv, 1000)
            .stats
            .solutions,
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
        solve(&latin, VariantStrategy::Propagate, 1000)
            .stats
            .solutions,
        576
    );
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
        let mut killer = Variant::new(shape);
        for cage in &cages {
            let sum = cage.iter().map(|&cell| u32::from(grid[cell])).sum();
            killer = killer.with_cage(cage.clone(), sum).unwrap();
        }
        let found = solve(&killer, VariantStrategy::Propagate, 2);
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
        assert_eq!(
            solve(&with_answer, VariantStrategy::Mrv, 2).stats.solutions,
            1
        );
        // Without combination pruning (half the grid given, to keep the
        // plain search short) the count is the same, at more nodes.
        let mut half = grid.clone();
        half[..45].fill(0);
        let halved = killer.clone().with_givens(half).unwrap();
        let pruned = explore(&halved, VariantStrategy::Mrv, true, &Limits::solutions(2));
        let plain = explore(&halved, VariantStrategy::Mrv, false, &Limits::solutions(2));
        assert_eq!(
            plain.stats.solutions, pruned.stats.solutions,
            "round {round}"
        );
        assert!(plain.stats.nodes >= pruned.stats.nodes, "round {round}");
    }
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
    assert!(matches!(
        four().with_cage(vec![0, 16], 3),
        Err(VariantError::CageCell { cage: 1, cell: 16 })
    ));
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
