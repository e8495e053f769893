//! The techniques of the general model on puzzles of every kind, generated
//! at test time: every step is checked against the puzzle's one solution
//! (found by the search, which the techniques do not use), its sentence
//! read in letters, and its hints; a forcing chain's sentence is replayed
//! on the board.

mod forcing;
mod told;

use gridsolve_logic::{
    next_variant_step, next_variant_step_within, variant_path, Detail, Scale, Technique,
    VariantBoard, VariantStep, VariantTechnique,
};
use gridsolve_sudoku::variant::{
    bounded_puzzle, killer_puzzle, minimal_puzzle, random_jigsaw, read, Shape, Symbols, Symmetry,
    Variant,
};
use gridsolve_sudoku::{Budget, Solver, Strategy};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::time::Duration;
use told::Told;

/// The one solution of `puzzle`, found by the search; panics unless there
/// is exactly one.
fn unique_solution(puzzle: &Variant) -> Vec<u8> {
    let found = Solver::new(Strategy::Bitboard)
        .with_max_solutions(2)
        .explore_variant(puzzle);
    assert_eq!(found.stats.solutions, 1, "the puzzle has one solution");
    found.solution.unwrap()
}

/// The index of the cell `name` names on a grid of `side`.
fn index_of(name: gridsolve_sudoku::variant::CellName, side: usize) -> usize {
    name.row * side + name.col
}

/// How long a walk's step may search: a nested forcing chain, where the
/// other techniques are stuck, can take seconds (the chains of
/// `examples/sudoku/x-nested.json`, walked without this limit, have a
/// test of their own).
const STEP_TIME: Duration = Duration::from_millis(500);

/// Walks `puzzle` step by step in `scale`'s order, checking each step
/// against `solution`; where the techniques are stuck, or take longer
/// than [`STEP_TIME`], the solution's value of the first open cell is
/// placed, so that the later techniques are tried on more boards. Counts
/// the steps of each technique into `seen`.
fn check_walk(puzzle: &Variant, scale: Scale, seen: &mut BTreeMap<String, usize>) {
    walk_checked(puzzle, scale, Some(STEP_TIME), seen);
}

/// [`check_walk`], each step given `step_time` if any.
fn walk_checked(
    puzzle: &Variant,
    scale: Scale,
    step_time: Option<Duration>,
    seen: &mut BTreeMap<String, usize>,
) {
    let solution = unique_solution(puzzle);
    let side = puzzle.side();
    let mut board = VariantBoard::new(puzzle);
    while board.empty_count() > 0 {
        let budget =
            step_time.map_or_else(Budget::default, |time| Budget::default().with_timeout(time));
        let Ok(Some(step)) = next_variant_step_within(&board, scale, &budget) else {
            let cell = (0..side * side)
                .find(|&cell| board.value(cell).is_none())
                .unwrap();
            board.place(cell, solution[cell]);
            continue;
        };
        *seen.entry(step.technique.name().to_string()).or_default() += 1;
        check_step(&board, &solution, &step);
        step.apply(&mut board);
        assert_eq!(board.dead_cell(), None, "{}", step.explanation);
    }
    assert_eq!(board.values(), &solution[..]);
}

/// Checks one step on `board` against `solution`: it places only open
/// cells' candidates that are the solution's values, removes only
/// candidates that are not, and changes the board; then its sentence and
/// hints.
fn check_step(board: &VariantBoard, solution: &[u8], step: &VariantStep) {
    let side = board.side();
    let said = &step.explanation;
    for &(name, value) in &step.placements {
        let cell = index_of(name, side);
        assert_eq!(board.value(cell), None, "{said}");
        assert_eq!(solution[cell], value, "{said}");
    }
    for &(name, value) in &step.eliminations {
        let cell = index_of(name, side);
        assert!(board.candidate_values(cell).contains(&value), "{said}");
        assert_ne!(solution[cell], value, "{said}");
    }
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "a step changes the board: {said}"
    );
    check_sentence_in_letters(step, side);
    check_told(step, side);
    if [
        VariantTechnique::ForcingChain,
        VariantTechnique::NestedForcingChain,
    ]
    .contains(&step.technique)
    {
        forcing::check_forcing_chain(board, step, &letters(side));
    }
}

/// A letter for each value of a grid of `side`: `A` for 1, `B` for 2, …
fn letters(side: usize) -> Symbols {
    let alphabet: String = (b'A'..).take(side).map(char::from).collect();
    Symbols::new(&alphabet).unwrap()
}

/// The words of `text`: its runs of letters, digits, `-` and `+`.
fn words(text: &str) -> Vec<&str> {
    text.split(|ch: char| !ch.is_alphanumeric() && ch != '-' && ch != '+')
        .filter(|word| !word.is_empty())
        .collect()
}

/// Whether `word` names a cell: `r3c12`.
fn is_cell_name(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('r') else {
        return false;
    };
    let Some((row, col)) = rest.split_once('c') else {
        return false;
    };
    [row, col]
        .iter()
        .all(|part| !part.is_empty() && part.chars().all(|ch| ch.is_ascii_digit()))
}

/// Whether `word` is made of value letters only (`E`, or `AE` among
/// candidates), or of values joined by `+` (`A+F`, a cage's set).
fn is_letters_word(word: &str) -> bool {
    !word.is_empty()
        && word
            .split('+')
            .all(|part| !part.is_empty() && part.chars().all(|ch| ch.is_ascii_uppercase()))
}

/// Checks that `step`'s sentence, read in letters, names every value in
/// letters: once the cell names, the numbers of units (`row 3`, `region
/// 2`, `cage 4`), a cage's sum (`sum 17`), what its placed cells make
/// (`making 4`) and the sum its open cells make (`make 9`), and a count
/// of value sets (`12 sets`) are struck out, no
/// digit is left; and each value the step places or removes is a word
/// of its letters.
fn check_sentence_in_letters(step: &VariantStep, side: usize) {
    let letters = letters(side);
    let said = step.explanation.in_symbols(&letters);
    let words = words(&said);
    for (index, word) in words.iter().enumerate() {
        let before = index.checked_sub(1).map(|at| words[at]);
        let after = words.get(index + 1).copied();
        let numbered = matches!(
            before,
            Some(
                "row"
                    | "rows"
                    | "column"
                    | "columns"
                    | "box"
                    | "region"
                    | "cage"
                    | "sum"
                    | "make"
                    | "making"
                    | "unit"
            )
        ) || after == Some("sets");
        let spans = word.split('-').all(is_cell_name);
        if !(is_cell_name(word) || spans || numbered) {
            assert!(
                !word.chars().any(|ch| ch.is_ascii_digit()),
                "a value left in digits, {word:?}: {said}"
            );
        }
    }
    for &(_, value) in step.placements.iter().chain(&step.eliminations) {
        let letter = letters.symbol(value);
        assert!(
            words
                .iter()
                .any(|word| is_letters_word(word) && word.contains(letter)),
            "{letter}: {said}"
        );
    }
}

/// Checks the hints of `step`: the vague one names the technique and no
/// cell or value; the concrete one starts as the vague one does and names
/// the step's values (in letters) and cells; the full one is its
/// sentence.
fn check_told(step: &VariantStep, side: usize) {
    let letters = letters(side);
    let told = Told {
        technique: step.technique.name(),
        vague: step.told(Detail::Vague).in_symbols(&letters),
        concrete: step.told(Detail::Concrete).in_symbols(&letters),
        values: step
            .values
            .iter()
            .map(|&value| letters.symbol(value).to_string())
            .collect(),
        cells: step.cells.iter().map(ToString::to_string).collect(),
    };
    told::check_told(&told, is_letters_word, is_cell_name);
    assert_eq!(step.told(Detail::Full), step.explanation);
}

/// `count` minimal puzzles of `template`, from seeds `seed..`.
fn minimal_puzzles(template: &Variant, count: u64, seed: u64) -> Vec<Variant> {
    (seed..seed + count)
        .map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            minimal_puzzle(template, &mut rng, &Budget::default())
                .unwrap()
                .unwrap()
        })
        .collect()
}

fn template(document: &str) -> Variant {
    read(document, None).unwrap().0
}

#[test]
fn every_step_on_every_kind_of_grid_agrees_with_the_solution() {
    let mut seen = BTreeMap::new();
    let kinds = [
        (r#"{"size": 4}"#, 40),
        (r#"{"size": 6}"#, 30),
        (r#"{"size": 8}"#, 10),
        (r#"{"size": 9, "diagonals": true}"#, 20),
        (r#"{"size": 9, "windows": true}"#, 20),
        (r#"{"size": 12}"#, 4),
        (r#"{"size": 16}"#, 4),
    ];
    for (seed, (document, count)) in (0u64..).step_by(1000).zip(kinds) {
        for puzzle in minimal_puzzles(&template(document), count, seed) {
            for scale in [Scale::Explainer, Scale::Hodoku] {
                check_walk(&puzzle, scale, &mut seen);
            }
        }
    }
    for seed in 0..40 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let classic = Variant::new(Shape::CLASSIC);
        let (jigsaw, _) = random_jigsaw(&classic, &mut rng, &Budget::default()).unwrap();
        for puzzle in minimal_puzzles(&jigsaw, 1, seed) {
            check_walk(&puzzle, Scale::Explainer, &mut seen);
        }
    }
    // A 25×25 with a third of its cells blank (a minimal one takes the
    // generator long).
    let mut rng = SmallRng::seed_from_u64(25);
    let template25 = template(r#"{"size": 25}"#);
    let made = bounded_puzzle(
        &template25,
        Symmetry::None,
        400,
        None,
        &mut rng,
        &Budget::default(),
    );
    check_walk(&made.unwrap().unwrap().puzzle, Scale::Explainer, &mut seen);
    for seed in 0..60 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let template = Variant::new(Shape::new(if seed < 20 { 2 } else { 3 }, 3).unwrap());
        let killer = killer_puzzle(&template, 2..=4, &mut rng, &Budget::default()).unwrap();
        check_walk(&killer, Scale::Explainer, &mut seen);
    }
    println!("{seen:?}");
    // Each technique is met, so each is checked (a Jellyfish is too rare
    // on these grids, and a nested chain may take longer than a step's
    // time: each has a test of its own).
    let own_tests = [
        VariantTechnique::Classic(Technique::Jellyfish),
        VariantTechnique::NestedForcingChain,
    ];
    for technique in VariantTechnique::in_order(Scale::Explainer)
        .into_iter()
        .filter(|technique| !own_tests.contains(technique))
    {
        assert!(
            seen.contains_key(technique.name()),
            "{technique} never found: {seen:?}"
        );
    }
}

/// The X-Sudoku of `examples/sudoku/x-nested.json` needs nested forcing
/// chains: walked without a time limit, every step (each nested chain
/// replayed by the independent check, the chains inside it too) agrees
/// with the solution, nested chains are among them, and the path solves
/// the puzzle.
#[test]
fn nested_chains_solve_the_x_sudoku_that_needs_them() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sudoku/x-nested.json"
    );
    let puzzle = template(&std::fs::read_to_string(file).unwrap());
    let mut seen = BTreeMap::new();
    walk_checked(&puzzle, Scale::Explainer, None, &mut seen);
    let nested = VariantTechnique::NestedForcingChain.name();
    assert!(seen.contains_key(nested), "{seen:?}");
    assert_solved_by_logic(&puzzle);
}

/// Checks that the path of `puzzle` fills its grid with its one solution.
fn assert_solved_by_logic(puzzle: &Variant) {
    let path = variant_path(
        VariantBoard::new(puzzle),
        Scale::Explainer,
        &Budget::default(),
    );
    assert!(path.solved());
    assert_eq!(path.end.values(), &unique_solution(puzzle)[..]);
}

/// A 9×9 board on which 1's places in rows 1, 3, 5 and 7 lie in columns
/// 1, 3, 5 and 7 only: the first step is that Jellyfish, and it removes 1
/// from every other place in those columns.
#[test]
fn a_jellyfish_is_found_on_a_board_made_for_it() {
    let puzzle = Variant::new(Shape::CLASSIC);
    let mut board = VariantBoard::new(&puzzle);
    let (base, cover) = ([0, 2, 4, 6], [0, 2, 4, 6]);
    for row in base {
        for col in (0..9).filter(|col| !cover.contains(col)) {
            board.eliminate(row * 9 + col, 1);
        }
    }
    let step = next_variant_step(&board, Scale::Explainer).unwrap();
    assert_eq!(
        step.technique,
        VariantTechnique::Classic(Technique::Jellyfish)
    );
    let mut expected: Vec<(usize, u8)> = (0..9)
        .filter(|row| !base.contains(row))
        .flat_map(|row| cover.map(|col| (row * 9 + col, 1)))
        .collect();
    let mut removed: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|&(name, value)| (index_of(name, 9), value))
        .collect();
    expected.sort_unstable();
    removed.sort_unstable();
    assert_eq!(removed, expected, "{}", step.explanation);
    assert_eq!(
        step.explanation.to_string(),
        "1 in row 1, row 3, row 5 and row 7 is confined to column 1, column 3, column 5 and column 7 (Jellyfish), so 1 is removed from r2c1, r2c3, r2c5, r2c7, r4c1, r4c3, r4c5, r4c7, r6c1, r6c3, r6c5, r6c7, r8c1, r8c3, r8c5, r8c7, r9c1, r9c3, r9c5, r9c7"
    );
}

/// A path solves a 4×4 by logic; on Killers the techniques can run out,
/// and then the path ends where no step is left, every value it placed
/// the solution's.
#[test]
fn a_path_solves_small_grids_by_logic_and_stops_where_the_techniques_do() {
    assert_solved_by_logic(&template("1...\n..2.\n.3..\n...4\n"));
    let mut stuck = 0;
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let killer = killer_puzzle(
            &Variant::new(Shape::CLASSIC),
            2..=5,
            &mut rng,
            &Budget::default(),
        )
        .unwrap();
        let solution = unique_solution(&killer);
        let path = variant_path(
            VariantBoard::new(&killer),
            Scale::Explainer,
            &Budget::default(),
        );
        assert_eq!(path.stopped, None);
        for (cell, &value) in path.end.values().iter().enumerate() {
            assert!(value == 0 || value == solution[cell]);
        }
        if !path.solved() {
            stuck += 1;
            assert_eq!(next_variant_step(&path.end, Scale::Explainer), None);
        }
    }
    println!("{stuck} of 20 Killers left open");
}
