//! Where the puzzles of a variant input start and end. An input is one
//! puzzle, or a batch of puzzles of one shape: one-line grids one a line;
//! notations that hold a whole puzzle on their own (JSON documents or
//! objects, cage lists, CodinGame's Killers) one JSON object a line or
//! apart by blank lines; or grids of several lines apart by blank lines. A batch is
//! recognised only when every record has the shape of the first, so the
//! halves of one puzzle (a jigsaw's givens, then its regions) are never
//! taken for two.

use crate::args::VariantForm;
use gridsolve_sudoku::variant::{detect, Notation, Symbols};
use std::ops::Range;

/// A record of a batch: its first line (1-based) and its byte range.
pub(super) type Span = (usize, Range<usize>);

/// The lines of `text` when it is a batch of one-line grids in a form
/// that has them: two or more lines (blank lines and `#` comments aside)
/// of symbols only, all with the same number of cells, a square of a side
/// from 4 to 25, and no block of lines (apart by blank lines) with as
/// many lines as cells, which makes a grid of that many rows: sixteen
/// lines of 16 symbols are a 16×16 grid, not sixteen 4×4 ones, and so are
/// a 16×16 jigsaw's givens and its regions apart by a blank line (36
/// lines of 36 symbols are a 36×36 grid, which is then refused by its
/// size). Lines of 81 cells are the one exception: the common one-line
/// form of 9×9 puzzles, never the rows of an 81×81 grid.
pub(super) fn one_line_batch(text: &str, form: VariantForm) -> Option<Vec<Span>> {
    if !takes_grids(form) {
        return None;
    }
    let lines: Vec<Span> = trimmed_lines(text)
        .filter(|(_, range)| {
            let line = &text[range.clone()];
            !line.is_empty() && !line.starts_with('#')
        })
        .collect();
    let cells = one_line_side(&text[lines.first()?.1.clone()])?.pow(2);
    let rows_of_a_grid = cells != 81
        && blocks(text, false).iter().any(|(_, range)| {
            let rows = text[range.clone()].lines();
            rows.filter(|row| !row.trim_start().starts_with('#'))
                .count()
                == cells
        });
    let batch = lines.len() >= 2
        && !rows_of_a_grid
        && lines.iter().all(|(_, range)| {
            one_line_side(&text[range.clone()]).is_some_and(|side| side * side == cells)
        });
    batch.then_some(lines)
}

/// The side of the one-line grid `line` is, if it is one: symbols only
/// (letters, digits, `.`), a square number of them of a side from 4 to 25.
pub(super) fn one_line_side(line: &str) -> Option<usize> {
    let cells = line.chars().count();
    (4..=25usize)
        .find(|side| side * side == cells)
        .filter(|_| symbolic(line.chars()))
}

/// The records of `text` when it is a batch of blocks apart by blank lines
/// (or of JSON documents one a line) in a form that has them, two or more:
/// documents that each hold a whole puzzle, all of one notation that
/// starts alike (each with its givens grid, or none with one), or grids of
/// one side, none of them a grid of region letters (see
/// [`grids_of_values`]).
pub(super) fn block_batch(
    text: &str,
    form: VariantForm,
    symbols: Option<&Symbols>,
) -> Option<Vec<Span>> {
    let takes_documents = matches!(
        form,
        VariantForm::Auto | VariantForm::Killer | VariantForm::Json
    );
    let json_lines = trimmed_lines(text)
        .map(|(_, range)| &text[range])
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .all(|line| line.starts_with('{') && line.ends_with('}'));
    let blocks = blocks(text, json_lines && takes_documents);
    if blocks.len() < 2 {
        return None;
    }
    let of_documents = takes_documents && whole_puzzles(text, &blocks);
    let of_grids = takes_grids(form) && grids_of_values(text, &blocks, symbols);
    (of_documents || of_grids).then_some(blocks)
}

/// The side of the grids `text` (the start of an input, `whole` if it is
/// all of it) holds as blocks apart by blank lines, two or more, if it
/// does (the last block left out when the input goes on past the text).
pub(super) fn grid_blocks_side(text: &str, whole: bool) -> Option<usize> {
    let mut blocks = blocks(text, false);
    if !whole {
        blocks.pop();
    }
    let side = square_side(&cell_rows(&text[blocks.first()?.1.clone()]))?;
    let same = blocks.len() >= 2
        && blocks.iter().all(|(_, range)| {
            let rows = cell_rows(&text[range.clone()]);
            square_side(&rows) == Some(side) && symbolic(rows.into_iter().flatten())
        });
    same.then_some(side)
}

/// The cells of each row of the grid drawn in `text`: blank lines, `#`
/// comments, spaces and the separators `|`, `-` and `+` left out.
pub(super) fn cell_rows(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            line.chars()
                .filter(|&ch| !ch.is_whitespace() && !matches!(ch, '|' | '-' | '+'))
                .collect::<Vec<char>>()
        })
        .filter(|cells| !cells.is_empty())
        .collect()
}

/// The side of the grid of several lines whose cells are `rows` (see
/// [`cell_rows`]): N rows of N cells, N from 4 to 25, if it is one.
pub(super) fn square_side(rows: &[Vec<char>]) -> Option<usize> {
    let side = rows.len();
    let square = (4..=25).contains(&side) && rows.iter().all(|row| row.len() == side);
    square.then_some(side)
}

/// Whether `cells` are symbols only: letters, digits and `.`.
pub(super) fn symbolic(mut cells: impl Iterator<Item = char>) -> bool {
    cells.all(|ch| ch.is_ascii_alphanumeric() || ch == '.')
}

/// Whether `form` reads grids of symbols.
fn takes_grids(form: VariantForm) -> bool {
    !matches!(form, VariantForm::Killer | VariantForm::Json)
}

/// Whether the `blocks` of `text` are documents that each hold a whole
/// puzzle, all of one notation and starting alike.
fn whole_puzzles(text: &str, blocks: &[Span]) -> bool {
    let shape = |range: &Range<usize>| {
        let block = &text[range.clone()];
        let opening = block
            .lines()
            .find(|line| !line.trim_start().starts_with('#'));
        (detect(block), opening.and_then(detect))
    };
    let first = shape(&blocks[0].1);
    matches!(
        first.0,
        Some(Notation::Json | Notation::CageList | Notation::Killer)
    ) && blocks.iter().all(|(_, range)| shape(range) == first)
}

/// Whether the `blocks` of `text` are grids of one side, each with a cell
/// that is a value of `symbols` or, in the standard alphabet of that side,
/// a digit or a blank: a grid of region letters (no values, or letters
/// only, which no puzzle in a standard alphabet is: every row of its
/// answer holds the digits) is the second half of a jigsaw, not a puzzle
/// of its own.
fn grids_of_values(text: &str, blocks: &[Span], symbols: Option<&Symbols>) -> bool {
    let Some(side) = square_side(&cell_rows(&text[blocks[0].1.clone()])) else {
        return false;
    };
    let of_values = |ch: char| match symbols {
        Some(alphabet) => alphabet.value(ch).is_some(),
        None => ch.is_ascii_digit() || ch == '.',
    };
    blocks.iter().all(|(_, range)| {
        let rows = cell_rows(&text[range.clone()]);
        square_side(&rows) == Some(side) && rows.iter().flatten().any(|&ch| of_values(ch))
    })
}

/// The blocks of `text` apart by blank lines (each from its first line
/// that is no `#` comment), or with `each_line` each line (comments
/// aside) its own.
fn blocks(text: &str, each_line: bool) -> Vec<Span> {
    let mut blocks: Vec<Span> = Vec::new();
    let mut open = false;
    for (number, range) in trimmed_lines(text) {
        let line = &text[range.clone()];
        if line.is_empty() {
            open = false;
        } else if line.starts_with('#') && (each_line || !open) {
            // A comment before a block is none of it.
        } else if let (true, Some(last)) = (open && !each_line, blocks.last_mut()) {
            last.1.end = range.end;
        } else {
            blocks.push((number, range));
            open = true;
        }
    }
    blocks
}

/// Each line of `text`: its 1-based number and the byte range of its
/// text without the whitespace around it.
fn trimmed_lines(text: &str) -> impl Iterator<Item = Span> + '_ {
    text.split_inclusive('\n')
        .scan(0, |start, line| {
            let offset = *start + (line.len() - line.trim_start().len());
            *start += line.len();
            Some(offset..offset + line.trim().len())
        })
        .enumerate()
        .map(|(index, range)| (index + 1, range))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn firsts(spans: Option<Vec<Span>>) -> Option<Vec<usize>> {
        spans.map(|spans| spans.into_iter().map(|(line, _)| line).collect())
    }

    #[test]
    fn blocks_of_one_shape_are_a_batch() {
        let grids = "1...\n....\n....\n...1\n\n# b\n....\n.2..\n....\n....\n";
        assert_eq!(
            firsts(block_batch(grids, VariantForm::Auto, None)),
            Some(vec![1, 7])
        );
        assert_eq!(grid_blocks_side(grids, true), Some(4));
        // Cut short, the last block is left out: one block is no batch.
        assert_eq!(grid_blocks_side(&grids[..30], false), None);
        let documents = "{\"size\":4}\n# two\n{\"size\":4}\n";
        assert_eq!(
            firsts(block_batch(documents, VariantForm::Json, None)),
            Some(vec![1, 3])
        );
        let cages = "....\n....\n....\n....\n3 r1c1 r1c2\n\n....\n....\n....\n....\n7 r1c1 r1c2\n";
        assert_eq!(
            firsts(block_batch(cages, VariantForm::Killer, None)),
            Some(vec![1, 7])
        );
    }

    #[test]
    fn the_halves_of_one_puzzle_are_no_batch() {
        // A jigsaw's givens, then its region letters.
        let jigsaw = "1...\n....\n....\n...1\n\naabb\naabb\nccdd\nccdd\n";
        assert_eq!(block_batch(jigsaw, VariantForm::Auto, None), None);
        // A 16×16 jigsaw's regions in lower case (letters `a` to `g` are
        // values of its alphabet), malformed (region p one cell short,
        // region o one over): still no batch.
        let givens: String = (0..16)
            .map(|row| format!("{}\n", if row == 0 { "1" } else { "." }.repeat(16)))
            .collect();
        let regions: String = (0..16)
            .map(|row| {
                let labels =
                    (0..16).map(|column| (b'a' + (row / 4 * 4 + column / 4) as u8) as char);
                labels.chain(['\n']).collect::<String>()
            })
            .collect();
        let big = format!(
            "{givens}\n{}o\n",
            regions.trim_end().strip_suffix('p').unwrap()
        );
        assert_eq!(block_batch(&big, VariantForm::Auto, None), None);
        // Nor are its 32 lines of 16 symbols a batch of 4×4 one-line grids.
        assert_eq!(one_line_batch(&big, VariantForm::Auto), None);
        // 81 lines of 81 cells are no grid (its side would be 81).
        let nines = format!("{}\n", ".".repeat(81)).repeat(81);
        let batch = one_line_batch(&nines, VariantForm::X).map(|lines| lines.len());
        assert_eq!(batch, Some(81));
        // A cage list whose cages go on past a blank line.
        let cages = "....\n....\n....\n....\n3 r1c1 r1c2\n\n7 r2c1 r2c2\n";
        assert_eq!(block_batch(cages, VariantForm::Auto, None), None);
        // Grids are no batch for the forms that read no grids.
        let grids = "1...\n....\n....\n...1\n\n....\n.2..\n....\n....\n";
        assert_eq!(block_batch(grids, VariantForm::Json, None), None);
        assert_eq!(
            one_line_batch("1...............\n.2..............\n", VariantForm::Killer),
            None
        );
    }
}
