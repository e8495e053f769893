//! What the step tests share: the puzzle's answer, and the walk.

#[path = "../told/mod.rs"]
mod told;

use gridsolve_logic::{next_step_on, Board, Detail, Scale, Step, Technique};
use gridsolve_sudoku::variant::Symbols;
use gridsolve_sudoku::{Budget, Cell, Grid, Solver, Strategy, TextFormat, Unit, UnitKind};
use std::collections::BTreeMap;
use told::Told;

/// The one solution of `puzzle`, found by the classic solver (an engine
/// the techniques do not use); panics unless there is exactly one.
pub fn unique_solution(puzzle: &Grid) -> Grid {
    let found = Solver::new(Strategy::Bitboard)
        .with_max_solutions(2)
        .explore(puzzle);
    assert_eq!(found.stats.solutions, 1, "the puzzle has one solution");
    found.solution.unwrap()
}

/// Walks `puzzle` step by step, checking each against `solution`; where
/// the techniques are stuck, the solution's digit of the first empty cell
/// is placed, so the harder techniques are tried on more boards. Counts
/// the steps of each technique into `seen`.
pub fn check_walk(puzzle: &Grid, solution: &Grid, seen: &mut BTreeMap<Technique, usize>) {
    check_walk_on(puzzle, solution, seen, Scale::Explainer);
}

/// [`check_walk`] taking the steps in the order of `scale`.
pub fn check_walk_on(
    puzzle: &Grid,
    solution: &Grid,
    seen: &mut BTreeMap<Technique, usize>,
    scale: Scale,
) {
    let mut board = Board::new(puzzle).unwrap();
    while board.empty_count() > 0 {
        let Some(step) = next_step_on(&board, scale, &Budget::default()).unwrap() else {
            let cell = Cell::all()
                .find(|&cell| board.value(cell).is_none())
                .unwrap();
            board.place(cell, solution.get(cell).unwrap());
            continue;
        };
        *seen.entry(step.technique).or_default() += 1;
        check_step(puzzle, solution, &step);
        check_shape(&step);
        step.apply(&mut board);
        assert_eq!(
            board.dead_cell(),
            None,
            "{}: {}",
            TextFormat::Line.render(puzzle),
            step.explanation
        );
    }
    assert_eq!(board.grid(), solution);
}

/// Checks one step against `solution`: its placements are the solution's
/// digits, its eliminations never are, and it changes the board.
pub fn check_step(puzzle: &Grid, solution: &Grid, step: &Step) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{}: {}",
            TextFormat::Line.render(puzzle),
            step.explanation
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(
            solution.get(cell),
            Some(digit),
            "{}: {}",
            TextFormat::Line.render(puzzle),
            step.explanation
        );
    }
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "a step changes the board: {}",
        step.explanation
    );
    check_sentence_in_letters(step);
    check_told(step);
}

/// Checks the hints of `step` grow as [`Detail`] says: the vague one
/// names the technique and no cell or value; the concrete one starts as
/// the vague one does and names the step's digits (in letters, read in
/// `ABCDEFGHI`) and its cells; the full one is the step's sentence.
pub fn check_told(step: &Step) {
    let letters = Symbols::new("ABCDEFGHI").unwrap();
    let told = Told {
        technique: step.technique.name(),
        vague: step.told(Detail::Vague).in_symbols(&letters),
        concrete: step.told(Detail::Concrete).in_symbols(&letters),
        values: step
            .digits
            .iter()
            .map(|digit| letters.symbol(digit.get()).to_string())
            .collect(),
        cells: step.cells.iter().map(ToString::to_string).collect(),
    };
    told::check_told(&told, is_letters_word, is_cell_name);
    assert_eq!(step.told(Detail::Full), step.explanation);
}

/// Checks that `step`'s sentence, read in the letters `ABCDEFGHI`, names
/// every value in letters: once cell names (`r1c2`), unit numbers (`row 3`,
/// `columns 1, 4 and 7`) and counts (`39 potentials`, `3 strong links`,
/// `2-string kite`) are struck out, no digit is left; and each value the
/// step places or removes is a word of its letters (`E`, or `AE` among
/// pencil marks).
pub fn check_sentence_in_letters(step: &Step) {
    let letters = Symbols::new("ABCDEFGHI").unwrap();
    let said = step.explanation.in_symbols(&letters);
    let words: Vec<&str> = said.split(|ch: char| !ch.is_alphanumeric()).collect();
    let mut left = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let before = index.checked_sub(1).and_then(|at| words.get(at)).copied();
        let after = words.get(index + 1).copied();
        let cell_name = is_cell_name(word);
        let number = word.parse::<u32>().is_ok();
        let unit_number = number && numbered_list_of_units(&words[..index]);
        let count = number
            && matches!(
                after,
                Some("potential" | "potentials" | "strong" | "grouped" | "string")
            );
        if word.chars().any(|ch| ch.is_ascii_digit()) && !(cell_name || unit_number || count) {
            left.push(format!("{:?} after {before:?}", word));
        }
    }
    assert!(
        left.is_empty(),
        "digits left in the letters' sentence ({left:?}): {said}"
    );
    for &(_, digit) in step.placements.iter().chain(&step.eliminations) {
        let letter = letters.symbol(digit.get());
        let named = words
            .iter()
            .any(|word| word.contains(letter) && is_letters_word(word));
        assert!(named, "{letter} (for {digit}) not named: {said}");
    }
}

/// Whether `word` is a cell's name, `r1c1` to `r9c9`.
fn is_cell_name(word: &str) -> bool {
    let digit = |byte: &u8| (b'1'..=b'9').contains(byte);
    matches!(word.as_bytes(), [b'r', row, b'c', col] if digit(row) && digit(col))
}

/// Whether `word` is made only of the letters A to I: values, read in
/// `ABCDEFGHI` (`E`, or `AE` among pencil marks).
fn is_letters_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|ch| ('A'..='I').contains(&ch))
}

/// Whether the words before a number make it one of a list of unit
/// numbers: `row`, `columns 1, 4 and`, `box`.
fn numbered_list_of_units(before: &[&str]) -> bool {
    let unit_word = |word: &str| {
        matches!(
            word,
            "row" | "rows" | "column" | "columns" | "box" | "boxes"
        )
    };
    // The separators of a list leave empty words between its numbers.
    for word in before.iter().rev().filter(|word| !word.is_empty()) {
        if unit_word(word) {
            return true;
        }
        if *word != "and" && word.parse::<u32>().is_err() {
            return false;
        }
    }
    false
}

/// For HoDoKu's shapes of two strong links, checks the step's two units
/// and four cells make that shape, by the shapes' definitions: a
/// skyscraper's links lie in two rows or two columns; a 2-string kite's in
/// a row and a column, an end of each sharing a box; a turbot fish has a
/// link in a box.
pub fn check_shape(step: &Step) {
    let kinds: Vec<UnitKind> = step.units.iter().map(|unit| unit.kind()).collect();
    let holds = |kind: UnitKind| kinds.contains(&kind);
    let shaped = match step.technique {
        Technique::Skyscraper => kinds == [UnitKind::Row; 2] || kinds == [UnitKind::Column; 2],
        Technique::TwoStringKite => {
            let ends_share_a_box = step.cells[..2].iter().any(|&one| {
                step.cells[2..]
                    .iter()
                    .any(|&other| Unit::of(one)[2] == Unit::of(other)[2])
            });
            holds(UnitKind::Row) && holds(UnitKind::Column) && ends_share_a_box
        }
        Technique::TurbotFish => holds(UnitKind::Box),
        _ => return,
    };
    assert!(
        shaped && step.units.len() == 2 && step.cells.len() == 4,
        "{:?}: {}",
        step.technique,
        step.explanation
    );
}
