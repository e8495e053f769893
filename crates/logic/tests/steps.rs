//! Every step of every technique checked against the unique solution of
//! puzzles made at test time: a placement must be the solution's digit, an
//! elimination must never remove it.

mod common;

use common::{check_step, check_walk, check_walk_on, unique_solution};
use gridsolve_logic::{
    difficulty_of, find, next_step, solve_path, Board, Rating, Scale, Step, Technique,
};
use gridsolve_sudoku::variant::{minimal_puzzle, Shape, Variant};
use gridsolve_sudoku::{Budget, Cell, Grid};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeMap;

/// Random minimal puzzles from `seed` on: the general model's generator,
/// answered by the classic solver (a different engine).
fn puzzles(seed: u64, count: usize) -> Vec<(Grid, Grid)> {
    let template = Variant::new(Shape::CLASSIC);
    (0..count as u64)
        .map(|offset| {
            let mut rng = SmallRng::seed_from_u64(seed + offset);
            let puzzle = minimal_puzzle(&template, &mut rng, &Budget::default())
                .unwrap()
                .unwrap();
            let values: [u8; 81] = puzzle.givens().try_into().unwrap();
            let grid = Grid::from_values(values).unwrap();
            let solution = unique_solution(&grid);
            (grid, solution)
        })
        .collect()
}

#[test]
fn every_step_agrees_with_the_solution() {
    let mut seen = BTreeMap::new();
    for (puzzle, solution) in puzzles(1, 300) {
        check_walk(&puzzle, &solution, &mut seen);
    }
    eprintln!("{seen:?}");
    // The walk must have exercised the families, not only the singles.
    for technique in [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::XyWing,
        Technique::StrongLinks(2),
        Technique::StrongLinks(3),
        Technique::UniqueLoop,
        Technique::BugOne,
        Technique::BugTwo,
        Technique::BugFour,
        Technique::BugThree,
        Technique::AlsWing(4),
        Technique::AlsWing(5),
        Technique::AlsWing(6),
        Technique::YCycle,
        Technique::Cycle,
        Technique::ForcingChain,
        Technique::NishioChain,
        Technique::MultipleChain,
        Technique::DynamicChain,
    ] {
        assert!(seen.contains_key(&technique), "no {technique} in {seen:?}");
    }
}

/// The same walk in HoDoKu's order: its own techniques (empty rectangle,
/// W-Wing, finned fish, simple colours) must show up, and agree with the
/// solution like every other step.
#[test]
fn every_step_in_hodokus_order_agrees_with_the_solution() {
    let mut seen = BTreeMap::new();
    for (puzzle, solution) in puzzles(1, 300) {
        check_walk_on(&puzzle, &solution, &mut seen, Scale::Hodoku);
    }
    eprintln!("{seen:?}");
    for technique in Technique::HODOKU_ONLY {
        assert!(seen.contains_key(&technique), "no {technique} in {seen:?}");
    }
    assert!(
        !seen.keys().any(|technique| technique.is_direct()),
        "{seen:?}"
    );
}

/// Arto Inkala's 2012 puzzle (the repository's `examples/sudoku/inkala.txt`),
/// far beyond the static chains: its first step is a dynamic forcing
/// chain (+), then nested ones follow. The first steps, up to a nested
/// one, must each agree with its solution.
#[test]
fn the_dynamic_tiers_find_only_true_steps_on_inkalas_puzzle() {
    let text = include_str!("../../../examples/sudoku/inkala.txt");
    let puzzle: Grid = text.trim().parse().unwrap();
    let solution = unique_solution(&puzzle);
    let mut board = Board::new(&puzzle).unwrap();
    let mut seen = Vec::new();
    while !seen
        .iter()
        .any(|technique| matches!(technique, Technique::NestedChain(_)))
    {
        let step = next_step(&board).expect("the techniques go on");
        check_step(&puzzle, &solution, &step);
        seen.push(step.technique);
        step.apply(&mut board);
    }
    assert_eq!(seen[0], Technique::DynamicPlusChain, "{seen:?}");
}

/// The path of `puzzle` up to its first step rated `at_least` or more,
/// each step checked against the solution: that step.
fn first_step_from(puzzle: &str, at_least: Rating) -> Step {
    let puzzle: Grid = puzzle.parse().unwrap();
    let solution = unique_solution(&puzzle);
    let mut board = Board::new(&puzzle).unwrap();
    loop {
        let step = next_step(&board).expect("the techniques go on");
        check_step(&puzzle, &solution, &step);
        if step.rating >= at_least {
            return step;
        }
        step.apply(&mut board);
    }
}

/// A puzzle of the forum's hardest list (published ER 11.6, ED 11.1):
/// after its singles, nothing up to level 2 nested chains works, and the
/// first hard step is a level 3 nested chain (multiple forcing chains
/// within each assumption). Each step up to it must be true.
#[test]
fn a_level_3_nested_chain_opens_a_hardest_list_puzzle_truly() {
    let step = first_step_from(
        "3.......8.7.5...1...6...4...9.2.1.......4.......97..2.4.....3...5...2.7...8.....6",
        Rating(90),
    );
    assert_eq!(step.technique, Technique::NestedChain(3), "{step:?}");
    assert!(step.rating.0 >= 100, "{step:?}");
}

/// A puzzle of the forum's hardest list (HardestSudokusThread-00019) that
/// Sudoku Explainer 1.2.1 rates ER 10.4, EP 10.4, ED 10.2, the list's
/// published figures. Its hardest steps are level 2 nested chains, whose
/// length depends on how the steps found within an assumption join it: as
/// Sudoku Explainer does it (every chain of the inner tier at once, each
/// removal caused by what its own chain rests on) the figures agree;
/// taking the easiest inner chain alone and looking again gave 10.6.
/// Every step of the path must also be true.
#[test]
fn a_hardest_list_puzzle_rates_as_sudoku_explainer_rates_it() {
    let puzzle: Grid =
        "..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8.."
            .parse()
            .unwrap();
    let path = solve_path(Board::new(&puzzle).unwrap());
    let solution = unique_solution(&puzzle);
    for step in &path.steps {
        check_step(&puzzle, &solution, step);
    }
    assert_eq!(path.end.empty_count(), 0, "the techniques solve it");
    let difficulty = difficulty_of(&path, puzzle.filled_count());
    let figures = [difficulty.er, difficulty.ep, difficulty.ed];
    assert_eq!(
        figures,
        [Some(Rating(104)), Some(Rating(104)), Some(Rating(102))]
    );
}

/// A puzzle of the forum's hardest list (line 40 of the shared data's
/// half, published ER 11.6) whose hardest step, its third, is a level 3
/// nested chain that Sudoku Explainer 1.2.1's `serate` rates 11.6 (778
/// potentials, traced here). Among the chains within its assumptions are
/// cycles, which rest on every link's cell or unit (SE runs a cycle both
/// ways); resting only on the links to potentials turned on, it counted
/// 727 (11.5). Each step up to it must be true.
#[test]
fn a_nested_chain_through_cycles_counts_what_sudoku_explainer_counts() {
    let step = first_step_from(
        "..3.5.7..4....9....8.2.....2......4..9.8.......1.6.5.....5.16......7...3..6....57",
        Rating(110),
    );
    assert_eq!(step.technique, Technique::NestedChain(3), "{step:?}");
    assert_eq!(step.rating, Rating(116), "{}", step.explanation);
}

/// Each nesting level finds a true step of its own on Inkala's puzzle
/// with 14 more cells of its solution filled in (so that levels 4 and 5,
/// which nest dynamic chains in dynamic chains, search a small board).
#[test]
fn every_nesting_level_finds_a_true_step() {
    let text = include_str!("../../../examples/sudoku/inkala.txt");
    let puzzle: Grid = text.trim().parse().unwrap();
    let solution = unique_solution(&puzzle);
    let mut start = puzzle;
    for cell in Cell::all()
        .filter(|&cell| puzzle.get(cell).is_none())
        .take(14)
    {
        start.set(cell, solution.get(cell));
    }
    let board = Board::new(&start).unwrap();
    for level in 2..=5 {
        let technique = Technique::NestedChain(level);
        let step = find(&board, technique).unwrap_or_else(|| panic!("{technique:?} finds a step"));
        assert_eq!(step.technique, technique);
        check_step(&puzzle, &solution, &step);
    }
}

/// The paths of two puzzles of the Sudoku Exchange bank that Sukaku
/// Explainer rates with a grouped skyscraper (4.3) and a BUG type 3
/// (5.8): each step is checked, and the path must take a grouped chain
/// of two strong links (4.3) and a BUG type 3.
#[test]
fn grouped_strong_links_and_bug_type_3_are_found_and_true() {
    let puzzles = [
        "003108500060000020000020000630000054082000960005000300906734102800050009000906000",
        "602000730001070902007000005000005040063040250020600000900000300305010600016000504",
    ];
    let mut ratings = Vec::new();
    for text in puzzles {
        let puzzle: Grid = text.parse().unwrap();
        let solution = unique_solution(&puzzle);
        let mut board = Board::new(&puzzle).unwrap();
        while let Some(step) = next_step(&board) {
            check_step(&puzzle, &solution, &step);
            ratings.push((step.technique, step.rating.to_string()));
            step.apply(&mut board);
        }
        assert_eq!(board.empty_count(), 0, "{text} is solved by the techniques");
    }
    let grouped = (Technique::StrongLinks(2), "4.3".to_string());
    assert!(ratings.contains(&grouped), "{ratings:?}");
    assert!(
        ratings
            .iter()
            .any(|(technique, _)| *technique == Technique::BugThree),
        "{ratings:?}"
    );
}
