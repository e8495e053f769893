//! Every variant notation, written here by hand from generated puzzles:
//! recognised as itself, solved to the same answer as the equivalent JSON
//! document, and its answer written back in the same notation reads as
//! the complete grid. Errors say where.

mod common;

use common::shifted_jigsaw;
use gridsolve_sudoku::variant::{
    detect, minimal_puzzle, parse_json, read, render, Notation, Shape, Symbols, Variant,
};
use gridsolve_sudoku::{Budget, Solver, Strategy};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOP";

fn symbol(value: u8) -> char {
    if value == 0 {
        '.'
    } else {
        char::from(SYMBOLS[usize::from(value) - 1])
    }
}

/// A unique minimal puzzle of `template`.
fn generated(template: &Variant, seed: u64) -> Variant {
    let mut rng = SmallRng::seed_from_u64(seed);
    minimal_puzzle(template, &mut rng, &Budget::default())
        .unwrap()
        .unwrap()
}

/// The answer of `puzzle`, which must be unique.
fn answer(puzzle: &Variant) -> Vec<u8> {
    let found = Solver::new(Strategy::Bitboard)
        .with_max_solutions(2)
        .explore_variant(puzzle);
    assert_eq!(found.stats.solutions, 1);
    found.solution.unwrap()
}

/// The JSON document of `puzzle`: size, givens, regions, cages.
fn json_document(puzzle: &Variant, regions: Option<&[Vec<usize>]>) -> String {
    let givens: String = puzzle.givens().iter().map(|&v| symbol(v)).collect();
    let mut fields = vec![
        format!("\"size\": {}", puzzle.side()),
        format!("\"givens\": \"{givens}\""),
    ];
    if let Some(regions) = regions {
        fields.push(format!("\"regions\": {regions:?}"));
    }
    let cages: Vec<String> = puzzle
        .cages()
        .iter()
        .map(|cage| format!("{{\"cells\": {:?}, \"sum\": {}}}", cage.cells, cage.sum))
        .collect();
    if !cages.is_empty() {
        fields.push(format!("\"cages\": [{}]", cages.join(", ")));
    }
    format!("{{{}}}", fields.join(", "))
}

/// `text` is read as `notation`, gives the JSON document's answer, and
/// that answer written back reads as the complete grid, in `notation`.
fn round_trip(text: &str, notation: Notation, json: &str) {
    assert_eq!(detect(text), Some(notation), "{text}");
    let (puzzle, read_as) = read(text, None).unwrap_or_else(|error| panic!("{error}\n{text}"));
    assert_eq!(read_as, notation);
    let expected = answer(&parse_json(json).unwrap());
    assert_eq!(answer(&puzzle), expected, "{text}");
    let written = render(&puzzle, notation, &expected);
    let (complete, again) =
        read(&written, None).unwrap_or_else(|error| panic!("{error}\n{written}"));
    assert_eq!(again, notation, "{written}");
    assert_eq!(complete.givens(), &expected[..], "{written}");
    assert_eq!(answer(&complete), expected);
}

fn number_rows(puzzle: &Variant, blank: &str) -> Vec<String> {
    puzzle
        .givens()
        .chunks(puzzle.side())
        .map(|row| {
            row.iter()
                .map(|&v| {
                    if v == 0 {
                        blank.to_string()
                    } else {
                        v.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Per cell, the index of its region.
fn region_labels(regions: &[Vec<usize>], cells: usize) -> Vec<usize> {
    let mut label = vec![0; cells];
    for (index, region) in regions.iter().enumerate() {
        for &cell in region {
            label[cell] = index;
        }
    }
    label
}

#[test]
fn integer_arrays_round_trip_with_or_without_the_board_prefix() {
    for (side, seed, prefix) in [(9, 1, "board = "), (16, 2, ""), (4, 3, "board=")] {
        let template = Variant::new(gridsolve_sudoku::variant::shape_for_side(side).unwrap());
        let puzzle = generated(&template, seed);
        let rows: Vec<String> = puzzle
            .givens()
            .chunks(side)
            .map(|row| {
                format!(
                    "[{}]",
                    row.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        let text = format!("{prefix}[{}]", rows.join(","));
        round_trip(
            &text,
            Notation::Array { strings: false },
            &json_document(&puzzle, None),
        );
    }
}

#[test]
fn string_arrays_round_trip() {
    let puzzle = generated(&Variant::new(Shape::new(2, 3).unwrap()), 4);
    let rows: Vec<String> = puzzle
        .givens()
        .chunks(6)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&v| format!("\"{}\"", symbol(v))).collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let text = format!("[{}]", rows.join(",\n "));
    round_trip(
        &text,
        Notation::Array { strings: true },
        &json_document(&puzzle, None),
    );
}

/// Jigsaws of side 5, 7 (no boxes at all) and 9.
fn jigsaws() -> Vec<(Variant, Vec<Vec<usize>>)> {
    [5, 7, 9]
        .into_iter()
        .map(|side| {
            let (_, regions) = shifted_jigsaw(side);
            let shape = gridsolve_sudoku::variant::shape_for_side(side)
                .map_or_else(|| Shape::regions_only(side), Ok)
                .unwrap();
            let template = Variant::new(shape).with_regions(regions.clone()).unwrap();
            (generated(&template, side as u64), regions)
        })
        .collect()
}

#[test]
fn sumocue_jigsaws_round_trip() {
    for (puzzle, regions) in jigsaws() {
        let label = region_labels(&regions, puzzle.givens().len());
        let entries: Vec<String> = puzzle
            .givens()
            .iter()
            .zip(&label)
            .map(|(value, region)| format!("{value}J{region}"))
            .collect();
        let text = format!("SumoCueV1={}", entries.join("="));
        round_trip(
            &text,
            Notation::SumoCue,
            &json_document(&puzzle, Some(&regions)),
        );
    }
}

#[test]
fn janko_grids_and_jigsaws_round_trip() {
    let classic = generated(&Variant::new(Shape::new(4, 4).unwrap()), 6);
    let text = format!("16 16\n{}\n", number_rows(&classic, "-").join("\n"));
    round_trip(&text, Notation::Janko, &json_document(&classic, None));
    for (puzzle, regions) in jigsaws() {
        let side = puzzle.side();
        let label = region_labels(&regions, side * side);
        let region_rows: Vec<String> = label
            .chunks(side)
            .map(|row| {
                row.iter()
                    .map(|r| (r + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let text = format!(
            "{side} {side}\n{}\n{}",
            number_rows(&puzzle, "-").join("\n"),
            region_rows.join("\n")
        );
        round_trip(
            &text,
            Notation::Janko,
            &json_document(&puzzle, Some(&regions)),
        );
    }
}

#[test]
fn jigsaw_label_grids_round_trip_side_by_side_and_stacked() {
    for (puzzle, regions) in jigsaws() {
        let side = puzzle.side();
        let label: Vec<char> = region_labels(&regions, side * side)
            .into_iter()
            .map(|r| char::from(b'A' + r as u8))
            .collect();
        let givens: Vec<char> = puzzle.givens().iter().map(|&v| symbol(v)).collect();
        let json = json_document(&puzzle, Some(&regions));
        let side_by_side: Vec<String> = givens
            .chunks(side)
            .zip(label.chunks(side))
            .map(|(g, l)| {
                format!(
                    "{} {}",
                    g.iter().collect::<String>(),
                    l.iter().collect::<String>()
                )
            })
            .collect();
        round_trip(
            &side_by_side.join("\n"),
            Notation::Jigsaw {
                side_by_side: true,
                one_line: false,
            },
            &json,
        );
        let stacked = format!(
            "{}\n{}\n",
            givens.iter().collect::<String>(),
            label.iter().collect::<String>()
        );
        round_trip(
            &stacked,
            Notation::Jigsaw {
                side_by_side: false,
                one_line: true,
            },
            &json,
        );
        let grids: Vec<String> = givens
            .chunks(side)
            .chain(label.chunks(side))
            .map(|row| row.iter().collect())
            .collect();
        round_trip(
            &grids.join("\n"),
            Notation::Jigsaw {
                side_by_side: false,
                one_line: false,
            },
            &json,
        );
    }
}

#[test]
fn cage_lists_round_trip_with_and_without_a_givens_grid() {
    // Dominoes across each row (and the last column alone) as cages.
    let mut template = Variant::new(Shape::CLASSIC);
    let grid = answer(&generated(&Variant::new(Shape::CLASSIC), 9));
    for row in 0..9 {
        for pair in 0..4 {
            let cells = vec![row * 9 + 2 * pair, row * 9 + 2 * pair + 1];
            let sum = cells.iter().map(|&cell| u32::from(grid[cell])).sum();
            template = template.with_cage(cells, sum).unwrap();
        }
    }
    let puzzle = generated(&template, 10);
    let cage_lines: Vec<String> = puzzle
        .cages()
        .iter()
        .map(|cage| {
            let cells: Vec<String> = cage
                .cells
                .iter()
                .map(|&cell| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1))
                .collect();
            format!("{} {}", cage.sum, cells.join(" "))
        })
        .collect();
    let givens: Vec<String> = puzzle
        .givens()
        .chunks(9)
        .map(|row| row.iter().map(|&v| symbol(v)).collect())
        .collect();
    let text = format!("{}\n{}\n", givens.join("\n"), cage_lines.join("\n"));
    round_trip(&text, Notation::CageList, &json_document(&puzzle, None));
    // Without givens the cages alone need not make the answer unique, so
    // only the reading is compared.
    let cages_only = cage_lines.join("\n");
    let (read_back, notation) = read(&cages_only, None).unwrap();
    assert_eq!(notation, Notation::CageList);
    assert_eq!(read_back.cages(), template.cages());
    // An alphabet names the values without a givens grid as with one, and
    // one that cannot name them is refused either way.
    let letters = Symbols::new("ABCDEFGHI").unwrap();
    let (lettered, _) = read(&cages_only, Some(&letters)).unwrap();
    assert_eq!(lettered.symbols(), &letters);
    let short = Symbols::new("ABCD").unwrap();
    for text in [cages_only.as_str(), text.as_str()] {
        assert!(read(text, Some(&short)).is_err(), "{text}");
    }
}

#[test]
fn notation_errors_say_where() {
    let cases = [
        ("[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,9]]", "r4c4: expected a number 0 (blank) to 4, found 9"),
        ("[[1,0,0,0],[0,0,1,0],[0,1,0]]", "row 1 has 4 cells, expected 3"),
        ("4 4\n1 - - -\n- - x -\n- 1 - -\n- - - 1", "line 3, column 5: expected a value 1 to 4 or '-', found \"x\""),
        ("4 4\n1 - - -\n- - 1 -\n- 1 - -", "expected 4 rows of values after the header"),
        ("SumoCueV1=1J0=0J0=0J1=0J1=0J0=0J0=1J1=0J1=0J2=1J2=0J3=0J3=0J2=0J2=0J3=1J9", "SumoCue entry 16 (r4c4): expected `vJr`"),
        ("SumoCueV1=1J0=0J0", "expected a square number of SumoCue entries (16 to 625), found 2"),
        ("SumoCueV1 1J0", "expected `=` and the first entry after SumoCueV1"),
        ("4 4\n1 - -\n- - 1 -\n- 1 - -\n- - - 1", "line 2, column 1: expected 4 values separated by spaces, found 3"),
        ("[[\"1\",\"12\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"]]", "r1c2: expected one symbol, found \"12\""),
        ("[[1,0,0,0],[0,0,1,0]", "expected an array of rows of numbers or one-symbol strings"),
        ("12 r1c1 r1c2\nx r1c3", "line 2, column 1: expected a cage sum, found \"x\""),
        ("1... aabb\n..1. aabb\n.1.. ccdd\n...1", "line 4, column 1: expected the row's givens, a space and its region labels"),
        ("12 r1c1 r1c2\n7 r1c3 r10c1", "line 2, column 8: expected a cell r1c1 to r9c9, found \"r10c1\""),
        ("12 r1c1 r1c2\n99999999999 r1c3 r1c4", "line 2, column 1: expected a cage sum, found \"99999999999\""),
        ("12 r1c1 r1c2\n7 r2c2 r1c3 r2c2", "line 2, column 1: cage 2 lists r2c2 twice"),
        ("3 r1c1 r1c2\n4 r1c2 r1c3", "line 2, column 1: cages 1 and 2 overlap at r1c2"),
        ("1... AABB\n.... AABB\n.... CCDD\n.... CCCD", "region C has 5 cells, expected 4"),
        ("7 7\n- - - - - - -\n- - - - - - -\n- - - - - - -\n- - - - - - -\n- - - - - - -\n- - - - - - -\n- - - - - - -", "no box shape for a grid of side 7; a jigsaw of that side needs its regions"),
    ];
    for (text, expected) in cases {
        let error = read(text, None).map(|_| ()).unwrap_err().to_string();
        assert!(error.contains(expected), "{text}\n{error}");
    }
}

/// The variant examples of docs/FORMATS.md (the complete ones) read as
/// the notation their paragraph names.
#[test]
fn the_documented_examples_read() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/FORMATS.md")).unwrap();
    let variants = &doc[doc.find("## Sudoku variants").unwrap()..];
    let mut read_count = 0;
    for block in variants.split("```text\n").skip(1) {
        let example = &block[..block.find("```").unwrap()];
        if example.contains('…') {
            continue;
        }
        read(example, None).unwrap_or_else(|error| panic!("{error}\n{example}"));
        read_count += 1;
    }
    assert!(read_count >= 6, "{read_count} examples");
}
