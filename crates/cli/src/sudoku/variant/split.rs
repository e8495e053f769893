//! Where the puzzles of a variant input start and end. An input is one
//! puzzle, or a batch of puzzles of one shape: one-line grids one a line
//! (a jigsaw's with its line of region labels after it); notations that
//! hold a whole puzzle on their own (JSON documents or objects, arrays of
//! rows, SumoCue lines, janko.at's, cage lists, CodinGame's Killers,
//! jigsaws with their region labels) one a line or apart by blank lines;
//! or grids of several lines apart by blank lines. A batch is recognised only when most
//! records share one shape, so the halves of one puzzle (a jigsaw's
//! givens, then its regions) are never taken for two.

use crate::args::VariantForm;
use gridsolve_sudoku::variant::{detect, is_region_map, Notation, Symbols};
use gridsolve_sudoku::without_board_prefix;
use std::ops::Range;

/// A record of a batch: its first line (1-based) and its byte range.
pub(super) type Span = (usize, Range<usize>);

/// A batch of one-line grids in `text`, in a form that has them: two or
/// more lines (blank lines and `#` comments aside), most of them (more
/// than half: a malformed line is a record of its own, answered with its
/// error) one-line grids of one side from 4 to 25, and no block of lines
/// (apart by blank lines) with as many lines as those grids have cells,
/// which makes a grid of that many rows: sixteen lines of 16 symbols are
/// a 16×16 grid, not sixteen 4×4 ones, and so are a 16×16 jigsaw's givens
/// and its regions apart by a blank line (36 lines of 36 symbols are a
/// 36×36 grid, which is then refused by its size). Lines of 81 cells are
/// the one exception: the common one-line form of 9×9 puzzles, never the
/// rows of an 81×81 grid.
pub(super) fn one_line_batch(
    text: &str,
    form: VariantForm,
    symbols: Option<&Symbols>,
) -> Option<Batch> {
    if !takes_grids(form) {
        return None;
    }
    let lines = blocks(text, true, symbols);
    let side = majority(
        lines
            .iter()
            .map(|(_, range)| one_line_side(first_line(&text[range.clone()]))),
    )?;
    let cells = side * side;
    // Rows of a grid (a block's first, before any blank line: a jigsaw's
    // region labels may follow), unless they pair as one-line jigsaws.
    let rows_of_a_grid = cells != 81
        && blocks(text, false, symbols).iter().any(|(_, range)| {
            let block = &text[range.clone()];
            let blank = trimmed_lines(block).find(|(_, line)| line.is_empty());
            let grid = &block[..blank.map_or(block.len(), |(_, line)| line.start)];
            let rows = grid.lines();
            rows.map(str::trim)
                .filter(|row| !row.is_empty() && !row.starts_with('#'))
                .count()
                == cells
                && blocks(grid, true, symbols).len() == cells
        });
    (lines.len() >= 2 && !rows_of_a_grid).then_some(Batch {
        records: lines,
        each_line: true,
        cells: Some(cells),
    })
}

/// How the puzzles of a batch lie in its text.
#[derive(Debug, PartialEq)]
pub(super) struct Batch {
    /// Each record's first line and text.
    pub records: Vec<Span>,
    /// Whether each line (comments aside, a one-line jigsaw's labels kept
    /// with its givens) is a record of its own, else each block of lines
    /// apart by blank lines.
    pub each_line: bool,
    /// For one-line grids, the cells of each: a line of another length is
    /// no grid of the batch.
    pub cells: Option<usize>,
}

impl Batch {
    /// Whether most records of the batch, its text `text`, are one-line
    /// jigsaws (a line of givens, then a line of region labels).
    pub(super) fn of_jigsaws(&self, text: &str) -> bool {
        let paired =
            (self.records.iter()).map(|(_, range)| Some(text[range.clone()].contains('\n')));
        self.each_line && majority(paired) == Some(true)
    }
}

/// The first line of `record`.
pub(super) fn first_line(record: &str) -> &str {
    record.lines().next().unwrap_or_default()
}

/// The value more than half of `keys` hold, if one does (Boyer and
/// Moore's vote: a candidate, then a count to confirm it).
fn majority<K: PartialEq + Clone>(keys: impl Iterator<Item = Option<K>> + Clone) -> Option<K> {
    let mut candidate: Option<K> = None;
    let mut lead = 0usize;
    for key in keys.clone() {
        if lead == 0 {
            candidate = key;
            lead = 1;
        } else if key == candidate {
            lead += 1;
        } else {
            lead -= 1;
        }
    }
    let (held, all) = keys.fold((0, 0), |(held, all), key| {
        (held + usize::from(key == candidate), all + 1)
    });
    candidate.filter(|_| 2 * held > all)
}

/// The side of the one-line grid `line` is, if it is one: symbols only
/// (letters, digits, `.`), a square number of them of a side from 4 to 25.
pub(super) fn one_line_side(line: &str) -> Option<usize> {
    let cells = line.chars().count();
    (4..=25usize)
        .find(|side| side * side == cells)
        .filter(|_| symbolic(line.chars()))
}

/// A batch of blocks apart by blank lines (or of JSON documents, arrays
/// or SumoCue lines one a line, when most lines are one) in `text` (the
/// start of an input, `whole` if it is all of it), in a form that has
/// them: two or more blocks, most of them (more than half: a malformed
/// block is a record of its own, answered with its error) documents that
/// each hold a whole puzzle, of one notation and starting alike (each with its givens
/// grid, or none with one), or grids of one side that are no grids of
/// region letters (see [`grid_of_values`]).
pub(super) fn block_batch(
    text: &str,
    whole: bool,
    form: VariantForm,
    symbols: Option<&Symbols>,
) -> Option<Batch> {
    let takes_documents = form != VariantForm::Grid;
    let lines = blocks(text, true, symbols);
    let one_line_documents = majority(lines.iter().map(|(_, range)| {
        let line = &text[range.clone()];
        let object = line.starts_with('{') && line.ends_with('}');
        Some(object || line.starts_with(SUMOCUE) || one_line_array(line))
    }));
    let each_line = one_line_documents == Some(true) && takes_documents;
    let blocks = blocks(text, each_line, symbols);
    // The last block of an input's start may go on past it.
    let seen = &blocks[..blocks.len() - usize::from(!whole && !blocks.is_empty())];
    if seen.len() < 2 {
        return None;
    }
    let of_documents = takes_documents
        && majority(
            seen.iter()
                .map(|(_, range)| whole_puzzle(text, range, form)),
        )
        .is_some();
    let of_grids = takes_grids(form)
        && majority(
            seen.iter()
                .map(|(_, range)| grid_of_values(&text[range.clone()], symbols)),
        )
        .is_some();
    (of_documents || of_grids).then_some(Batch {
        records: blocks,
        each_line,
        cells: None,
    })
}

/// The side of the grids `text` (the start of an input, `whole` if it is
/// all of it) holds as blocks apart by blank lines, two or more, if most
/// of its blocks are grids of symbols of one side (the last block left
/// out when the input goes on past the text).
pub(super) fn grid_blocks_side(text: &str, whole: bool) -> Option<usize> {
    let mut blocks = blocks(text, false, None);
    if !whole {
        blocks.pop();
    }
    let side = majority(blocks.iter().map(|(_, range)| {
        let rows = cell_rows(&text[range.clone()]);
        square_side(&rows).filter(|_| symbolic(rows.into_iter().flatten()))
    }));
    side.filter(|_| blocks.len() >= 2)
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

/// Whether `form` reads a puzzle in any notation: `auto`, and `x` and
/// `windoku`, which add their units to whatever puzzle they read.
fn reads_every_notation(form: VariantForm) -> bool {
    matches!(
        form,
        VariantForm::Auto | VariantForm::X | VariantForm::Windoku
    )
}

/// Whether `form` reads grids of symbols.
fn takes_grids(form: VariantForm) -> bool {
    !matches!(form, VariantForm::Killer | VariantForm::Json)
}

/// Whether `line` is an array of rows on one line, `board = ` before it
/// or not: `[[` to `]]`, spaces aside.
fn one_line_array(line: &str) -> bool {
    let array = without_board_prefix(line);
    let mut front = array.chars().filter(|ch| !ch.is_whitespace());
    let mut back = array.chars().rev().filter(|ch| !ch.is_whitespace());
    front.next() == Some('[')
        && front.next() == Some('[')
        && back.next() == Some(']')
        && back.next() == Some(']')
}

/// How a SumoCue line starts.
const SUMOCUE: &str = "SumoCueV1";

/// Whether most blocks of `text` (the start of an input, `whole` if it is
/// all of it), two or more, are jigsaws with their region labels.
pub(super) fn jigsaw_blocks(text: &str, whole: bool) -> bool {
    let mut blocks = blocks(text, false, None);
    let jigsaw = |range: &Range<usize>| {
        let notation = whole_puzzle(text, range, VariantForm::Auto);
        notation.is_some_and(|(notation, _)| matches!(notation, Notation::Jigsaw { .. }))
    };
    // The last block may go on past the text, unless it is a whole
    // jigsaw already (its regions are its end).
    if !whole && !blocks.last().is_some_and(|(_, range)| jigsaw(range)) {
        blocks.pop();
    }
    let jigsaws = blocks.iter().map(|(_, range)| Some(jigsaw(range)));
    blocks.len() >= 2 && majority(jigsaws) == Some(true)
}

/// What makes the block of `text` at `range` a document that holds a
/// whole puzzle of `form` (JSON, and for `auto`, `x` and `windoku` an
/// array, SumoCue, janko.at and a jigsaw with its region labels; a cage
/// list or CodinGame's Killer for any form but `json`): its notation and
/// how it opens; `None` for a block of any other notation.
fn whole_puzzle(
    text: &str,
    range: &Range<usize>,
    form: VariantForm,
) -> Option<(Notation, Option<Notation>)> {
    let block = &text[range.clone()];
    let opening = block
        .lines()
        .find(|line| !line.trim_start().starts_with('#'));
    detect(block)
        .filter(|notation| match notation {
            Notation::Json => true,
            Notation::CageList | Notation::Killer => form != VariantForm::Json,
            Notation::SumoCue
            | Notation::Janko
            | Notation::Jigsaw { .. }
            | Notation::Array { .. } => reads_every_notation(form),
            Notation::Grid { .. } => false,
        })
        .map(|notation| (notation, opening.and_then(detect)))
}

/// The side of the grid `block` draws, if it is a grid with a cell that is
/// a value of `symbols` or, in the standard alphabet of that side, a digit
/// or a blank: a grid of region letters (no values, or letters only, which
/// no puzzle in a standard alphabet is: every row of its answer holds the
/// digits) is the second half of a jigsaw, not a puzzle of its own.
fn grid_of_values(block: &str, symbols: Option<&Symbols>) -> Option<usize> {
    let rows = cell_rows(block);
    square_side(&rows).filter(|_| rows.iter().flatten().any(|&ch| of_values(ch, symbols)))
}

/// Whether `ch` writes a value or a blank: a symbol of `symbols`, or
/// (in the standard alphabets) a digit or `.`, which no region label is.
fn of_values(ch: char, symbols: Option<&Symbols>) -> bool {
    match symbols {
        Some(alphabet) => alphabet.value(ch).is_some(),
        None => ch.is_ascii_digit() || ch == '.',
    }
}

/// Whether `line` is the region labels of the one-line grid `open` (a
/// record of one line so far): as many cells, letters and digits, none
/// of them a value (see [`of_values`]), or labels that draw joined
/// regions (see [`is_region_map`]), which no grid of values does.
fn labels_of(open: &str, line: &str, symbols: Option<&Symbols>) -> bool {
    let labels: Vec<char> = line.chars().collect();
    let region_map = || one_line_side(open).is_some_and(|side| is_region_map(&labels, side));
    !open.contains('\n')
        && open.chars().count() == labels.len()
        && symbolic(labels.iter().copied())
        && (!labels.iter().any(|&ch| of_values(ch, symbols)) || region_map())
}

/// Whether `line` opens the grid of region labels of `open`, a grid of
/// values (see [`grid_of_values`]): as many cells as its side, letters
/// and digits, none of them a value, or with no blank and two equal
/// neighbours (labels in digits: equal values never touch in a row of a
/// puzzle).
fn opens_regions(open: &str, line: &str, symbols: Option<&Symbols>) -> bool {
    let cells = cell_rows(line).concat();
    let no_values = !cells.iter().any(|&ch| of_values(ch, symbols));
    let digit_labels = !cells.contains(&'.') && cells.windows(2).any(|pair| pair[0] == pair[1]);
    grid_of_values(open, symbols).is_some_and(|side| cells.len() == side)
        && symbolic(cells.iter().copied())
        && (no_values || digit_labels)
}

/// The blocks of `text` apart by blank lines (each from its first line
/// that is no `#` comment; a grid of values and the grid of region labels
/// after it, a jigsaw, one block), or with `each_line` each line
/// (comments aside) its own, but for a one-line jigsaw's line of region
/// labels, kept with its givens (see [`labels_of`]).
fn blocks(text: &str, each_line: bool, symbols: Option<&Symbols>) -> Vec<Span> {
    let mut blocks: Vec<Span> = Vec::new();
    let mut open = Open::No;
    for (number, range) in trimmed_lines(text) {
        let record = blocks
            .last()
            .filter(|_| open != Open::No)
            .map(|(_, last)| &text[last.clone()]);
        match step(
            &text[range.clone()],
            record,
            open == Open::Held,
            each_line,
            symbols,
        ) {
            Step::End => open = Open::No,
            Step::Hold => open = Open::Held,
            Step::Skip => {}
            Step::Extend => {
                if let Some(last) = blocks.last_mut() {
                    last.1.end = range.end;
                }
                open = Open::Yes;
            }
            Step::Start => {
                blocks.push((number, range));
                open = Open::Yes;
            }
        }
    }
    blocks
}

/// Whether a block is being gathered.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    No,
    Yes,
    /// A grid of values ended by a blank line, kept open for the grid of
    /// region labels that may follow it.
    Held,
}

/// What a line does to the blocks being gathered (see [`step`]).
enum Step {
    /// A blank line (or a comment between records of a line): the open
    /// block ends.
    End,
    /// A blank line after a grid of values: the block stays open, held,
    /// for its region labels.
    Hold,
    /// A comment that is no part of a block.
    Skip,
    /// The open block goes on.
    Extend,
    /// A block starts.
    Start,
}

/// What `line` (trimmed) does when the block `open` is open (`held` if a
/// blank line ended it, see [`Open::Held`]): a blank line (or, with
/// `each_line`, a `#` comment) ends it, or holds a grid of values; a `#`
/// comment before a block is none of it; a janko.at header after one
/// starts a block; any other line goes on the open block or starts one
/// (with `each_line`, starts one unless it is the open one-line grid's
/// region labels; after a held grid, starts one unless it opens the
/// grid's region labels).
fn step(
    line: &str,
    open: Option<&str>,
    held: bool,
    each_line: bool,
    symbols: Option<&Symbols>,
) -> Step {
    let comment = line.starts_with('#');
    if line.is_empty() || (comment && each_line) {
        let grid = !each_line && open.is_some_and(|open| grid_of_values(open, symbols).is_some());
        if grid {
            Step::Hold
        } else {
            Step::End
        }
    } else if comment && (open.is_none() || held) {
        Step::Skip
    } else if held {
        if open.is_some_and(|open| opens_regions(open, line, symbols)) {
            Step::Extend
        } else {
            Step::Start
        }
    } else if !each_line
        && janko_header(line)
        && open.is_some_and(|open| janko_header(first_line(open)))
    {
        // janko.at puzzles one after another: each header starts one.
        Step::Start
    } else if open.is_some_and(|open| !each_line || labels_of(open, line, symbols)) {
        Step::Extend
    } else {
        Step::Start
    }
}

/// Whether `line` is a janko.at header, `N N` for a side N from 4 to 25
/// (no row of a grid: a row has N cells).
fn janko_header(line: &str) -> bool {
    let mut tokens = line.split_whitespace();
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(rows), Some(columns), None) => {
            rows == columns
                && rows
                    .parse::<usize>()
                    .is_ok_and(|side| (4..=25).contains(&side))
        }
        _ => false,
    }
}

/// Gathers a batch's records from its lines one at a time, as [`blocks`]
/// finds them in a whole text: so that a batch streams, with one record
/// in memory (a record is handed on at the line after it).
pub(super) struct Gatherer<'s> {
    each_line: bool,
    symbols: Option<&'s Symbols>,
    open: Option<(usize, String)>,
    /// The lines (each after a line break) since a held grid of values,
    /// which join it when its region labels follow.
    gap: Option<String>,
}

impl<'s> Gatherer<'s> {
    /// A gatherer of blocks apart by blank lines or, with `each_line`, of
    /// lines (a one-line jigsaw's givens and labels one record), jigsaw
    /// labels told from values by `symbols`.
    pub(super) fn new(each_line: bool, symbols: Option<&'s Symbols>) -> Self {
        Gatherer {
            each_line,
            symbols,
            open: None,
            gap: None,
        }
    }

    /// Takes line `number` (its text without the line break) and gives the
    /// record it completes, if any: its first line and its text.
    pub(super) fn push(&mut self, number: usize, line: &str) -> Option<(usize, String)> {
        let open = self.open.as_ref().map(|(_, text)| text.trim());
        let held = self.gap.is_some();
        match step(line.trim(), open, held, self.each_line, self.symbols) {
            Step::Hold | Step::Skip if held => {
                if let Some(gap) = self.gap.as_mut() {
                    gap.push('\n');
                    gap.push_str(line);
                }
                None
            }
            Step::Hold => {
                self.gap = Some(format!("\n{line}"));
                None
            }
            Step::End => self.open.take(),
            Step::Skip => None,
            Step::Extend => {
                if let Some((_, text)) = self.open.as_mut() {
                    text.push_str(&self.gap.take().unwrap_or_default());
                    text.push('\n');
                    text.push_str(line);
                }
                None
            }
            Step::Start => {
                self.gap = None;
                self.open.replace((number, line.to_string()))
            }
        }
    }

    /// The record still open at the end of the input, if any.
    pub(super) fn finish(&mut self) -> Option<(usize, String)> {
        self.gap = None;
        self.open.take()
    }
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

    fn firsts(batch: Option<Batch>) -> Option<Vec<usize>> {
        batch.map(|batch| batch.records.into_iter().map(|(line, _)| line).collect())
    }

    #[test]
    fn blocks_of_one_shape_are_a_batch() {
        let grids = "1...\n....\n....\n...1\n\n# b\n....\n.2..\n....\n....\n";
        assert_eq!(
            firsts(block_batch(grids, true, VariantForm::Auto, None)),
            Some(vec![1, 7])
        );
        assert_eq!(grid_blocks_side(grids, true), Some(4));
        // Cut short, the last block is left out: one block is no batch.
        assert_eq!(grid_blocks_side(&grids[..30], false), None);
        let documents = "{\"size\":4}\n# two\n{\"size\":4}\n";
        assert_eq!(
            firsts(block_batch(documents, true, VariantForm::Json, None)),
            Some(vec![1, 3])
        );
        let cages = "....\n....\n....\n....\n3 r1c1 r1c2\n\n....\n....\n....\n....\n7 r1c1 r1c2\n";
        assert_eq!(
            firsts(block_batch(cages, true, VariantForm::Killer, None)),
            Some(vec![1, 7])
        );
    }

    #[test]
    fn the_halves_of_one_puzzle_are_no_batch() {
        // A jigsaw's givens, then its region letters.
        let jigsaw = "1...\n....\n....\n...1\n\naabb\naabb\nccdd\nccdd\n";
        assert_eq!(block_batch(jigsaw, true, VariantForm::Auto, None), None);
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
        assert_eq!(block_batch(&big, true, VariantForm::Auto, None), None);
        // Nor are its 32 lines of 16 symbols a batch of 4×4 one-line grids.
        assert_eq!(one_line_batch(&big, VariantForm::Auto, None), None);
        // 81 lines of 81 cells are no grid (its side would be 81).
        let nines = format!("{}\n", ".".repeat(81)).repeat(81);
        let batch = one_line_batch(&nines, VariantForm::X, None).map(|lines| lines.records.len());
        assert_eq!(batch, Some(81));
        // A cage list whose cages go on past a blank line.
        let cages = "....\n....\n....\n....\n3 r1c1 r1c2\n\n7 r2c1 r2c2\n";
        assert_eq!(block_batch(cages, true, VariantForm::Auto, None), None);
        // Grids are no batch for the forms that read no grids.
        let grids = "1...\n....\n....\n...1\n\n....\n.2..\n....\n....\n";
        assert_eq!(block_batch(grids, true, VariantForm::Json, None), None);
        assert_eq!(
            one_line_batch(
                "1...............\n.2..............\n",
                VariantForm::Killer,
                None
            ),
            None
        );
    }

    #[test]
    fn a_malformed_record_among_many_leaves_a_batch_a_batch() {
        let lines = "1...............\n1..2\n..3.............\n.4..............\n";
        let batch = one_line_batch(lines, VariantForm::Auto, None).unwrap();
        assert_eq!(batch.cells, Some(16));
        assert_eq!(firsts(Some(batch)), Some(vec![1, 2, 3, 4]));
        // Half is no majority: a 16-cell line beside an 81-cell one.
        let two = format!("{}\n{}\n", ".".repeat(16), ".".repeat(81));
        assert_eq!(one_line_batch(&two, VariantForm::Auto, None), None);
        let grids = "1...\n....\n....\n...1\n\n....\n.2..\n....\n\n....\n....\n.3..\n....\n";
        assert_eq!(
            firsts(block_batch(grids, true, VariantForm::Auto, None)),
            Some(vec![1, 6, 10])
        );
        // Cut short, the last block may go on: two blocks decide.
        assert_eq!(grid_blocks_side(grids, false), None);
        let objects = "{\"size\":4}\n{\"size\":4\n{\"size\":4}\n";
        let batch = block_batch(objects, true, VariantForm::Auto, None).unwrap();
        assert!(batch.each_line && batch.cells.is_none());
        assert_eq!(firsts(Some(batch)), Some(vec![1, 2, 3]));
    }

    #[test]
    fn a_one_line_jigsaw_keeps_its_line_of_labels() {
        let labels = "aabbaabbccddccdd";
        let jigsaws = format!("1.........4.....\n{labels}\n.2..............\n{labels}\n");
        let batch = one_line_batch(&jigsaws, VariantForm::Auto, None).unwrap();
        assert_eq!(firsts(Some(batch)), Some(vec![1, 3]));
        let batch = one_line_batch(&jigsaws, VariantForm::Auto, None).unwrap();
        assert!(batch.of_jigsaws(&jigsaws));
        // Apart by blank lines, they are blocks of whole puzzles.
        let apart = jigsaws.replace(&format!("{labels}\n"), &format!("{labels}\n\n"));
        assert!(jigsaw_blocks(&apart, true));
        assert_eq!(
            firsts(block_batch(&apart, true, VariantForm::Auto, None)),
            Some(vec![1, 4])
        );
        // A comment or a blank line between them parts a grid from labels,
        // and labels of another length are none.
        for parted in [
            "1...............\n# c\naabbaabbccddccdd\n",
            "1...............\naabb\n",
        ] {
            let batch = one_line_batch(parted, VariantForm::Auto, None);
            assert!(
                batch.is_none_or(|batch| !batch.of_jigsaws(parted)),
                "{parted:?}"
            );
        }
        // Lines in letters that are values of the alphabet are grids, as
        // are lines with a digit or a blank: no jigsaws among them.
        let letters = "ABCD............\nABCDBADCCDABDCBA\n";
        let symbols = Symbols::new("ABCD").unwrap();
        let batch = one_line_batch(letters, VariantForm::Auto, Some(&symbols)).unwrap();
        assert_eq!(firsts(Some(batch)), Some(vec![1, 2]));
        let answers = "1234341221434321\n2143341212344321\n";
        let batch = one_line_batch(answers, VariantForm::Auto, None).unwrap();
        assert!(!batch.of_jigsaws(answers));
        // Eight 4×4 jigsaws with no blank lines make 16 lines of 16
        // symbols, yet no 16×16 grid: they pair.
        let eight = format!("1.........4.....\n{labels}\n").repeat(8);
        let batch =
            one_line_batch(&eight, VariantForm::Auto, None).map(|batch| batch.records.len());
        assert_eq!(batch, Some(8));
    }

    #[test]
    fn jigsaws_with_their_labels_below_apart_by_blank_lines_are_a_batch() {
        // Each jigsaw: its givens, a blank line, its region labels.
        let jigsaw = "1...\n..1.\n.1..\n...1\n\naabb\naabb\nccdd\nccdd\n";
        let two = format!("{jigsaw}\n{jigsaw}");
        assert!(jigsaw_blocks(&two, true));
        assert_eq!(
            firsts(block_batch(&two, true, VariantForm::Auto, None)),
            Some(vec![1, 11])
        );
        // A comment and more blank lines between the halves keep them one.
        let commented = two.replacen("\n\naabb", "\n\n# regions\n\naabb", 1);
        let batch = block_batch(&commented, true, VariantForm::Auto, None).unwrap();
        assert_eq!(firsts(Some(batch)), Some(vec![1, 13]));
        // Cut short after the second jigsaw's givens, whose labels may
        // follow: one jigsaw seen is no batch.
        assert_eq!(&two[42..62], "1...\n..1.\n.1..\n...1\n");
        assert!(!jigsaw_blocks(&two[..62], false));
        // Not cut short, the start of an input that may go on shows both:
        // a whole jigsaw goes on no further.
        assert!(jigsaw_blocks(&two, false));
        // Regions in digits: a region map, which no grid of values is (in
        // a grid, equal values never touch).
        let digits = "1...\n..1.\n.1..\n...1\n\n1122\n1122\n3344\n3344\n";
        assert_eq!(blocks(digits, false, None).len(), 1);
        assert_eq!(
            blocks("1.........4.....\n1122112233443344\n", true, None).len(),
            1
        );
        assert_eq!(
            blocks("1.........4.....\n1234341221434321\n", true, None).len(),
            2
        );
        // A grid of values after a grid is no grid's regions: a batch of
        // three 4×4 grids stays one.
        let grids = "1...\n....\n....\n...1\n\nABCD\n....\n....\n....\n\n....\n....\n....\n.3..\n";
        let symbols = Symbols::new("ABCD").unwrap();
        let batch = block_batch(grids, true, VariantForm::Auto, Some(&symbols)).unwrap();
        assert_eq!(firsts(Some(batch)), Some(vec![1, 6, 11]));
        // Nor does a grid of labels join a block that is no grid of
        // values (a cage list), or one of another side.
        for (text, blocks_found) in [
            (
                "....\n....\n....\n....\n3 r1c1 r1c2\n\naabb\naabb\nccdd\nccdd\n",
                2,
            ),
            (
                "1...\n....\n....\n...1\n\naabbc\naabbc\nccddc\nccddc\neeeee\n",
                2,
            ),
        ] {
            assert_eq!(blocks(text, false, None).len(), blocks_found, "{text:?}");
        }
    }

    #[test]
    fn arrays_one_a_line_or_apart_are_a_batch() {
        let array = "[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]";
        let lines = format!("{array}\nboard = {array}\n# c\n{array}\n");
        let batch = block_batch(&lines, true, VariantForm::Auto, None).unwrap();
        assert!(batch.each_line);
        assert_eq!(firsts(Some(batch)), Some(vec![1, 2, 4]));
        let drawn = array.replace("],", "],\n");
        let apart = format!("{drawn}\n\n{drawn}\n");
        let batch = block_batch(&apart, true, VariantForm::Auto, None).unwrap();
        assert!(!batch.each_line);
        assert_eq!(firsts(Some(batch)), Some(vec![1, 6]));
        // Arrays are no grids: `--variant grid` reads none as a batch.
        assert_eq!(block_batch(&lines, true, VariantForm::Grid, None), None);
        assert!(one_line_array("board = [ [1], [2] ]"));
        assert!(!one_line_array("[[1,0,0,0],"));
    }

    #[test]
    fn janko_puzzles_one_after_another_are_a_batch() {
        let janko = "4 4\n1 - - -\n- - 1 -\n- 1 - -\n- - - 1\n";
        let two = format!("{janko}# two\n{janko}");
        let batch = block_batch(&two, true, VariantForm::Auto, None).unwrap();
        assert_eq!(firsts(Some(batch)), Some(vec![1, 7]));
        assert!(janko_header(" 16  16 "));
        assert!(!janko_header("9 8") && !janko_header("3 3") && !janko_header("1 2 3 4"));
    }

    #[test]
    fn the_majority_is_of_more_than_half() {
        assert_eq!(majority([Some(1), None, Some(1)].into_iter()), Some(1));
        assert_eq!(majority([Some(1), Some(2)].into_iter()), None);
        assert_eq!(majority([None, None, Some(2)].into_iter()), None);
        assert_eq!(
            majority([Some(2), Some(1), Some(1), Some(2), Some(1)].into_iter()),
            Some(1)
        );
        assert_eq!(majority(std::iter::empty::<Option<u8>>()), None);
    }

    /// The records [`Gatherer`] hands on, line by line, for `text`.
    fn gathered(text: &str, each_line: bool, symbols: Option<&Symbols>) -> Vec<(usize, String)> {
        let mut gatherer = Gatherer::new(each_line, symbols);
        let mut gathered: Vec<(usize, String)> = text
            .split('\n')
            .enumerate()
            .filter_map(|(index, line)| gatherer.push(index + 1, line))
            .collect();
        gathered.extend(gatherer.finish());
        gathered
            .into_iter()
            .map(|(line, record)| (line, record.trim().to_string()))
            .collect()
    }

    /// The records [`blocks`] finds in `text`.
    fn found(text: &str, each_line: bool, symbols: Option<&Symbols>) -> Vec<(usize, String)> {
        blocks(text, each_line, symbols)
            .into_iter()
            .map(|(line, range)| (line, text[range].to_string()))
            .collect()
    }

    proptest::proptest! {
        /// Any text made of the lines that steer the gathering (grid rows
        /// of values and of labels, digit region rows, blank lines and
        /// comments, janko.at headers and rows, documents, one-line grids
        /// and their labels, cage lines), with or without carriage
        /// returns and an alphabet: the gatherer finds what `blocks` finds.
        #[test]
        fn the_gatherer_finds_the_blocks_of_any_text(
            lines in proptest::collection::vec(0usize..LINES.len(), 0..40),
            crlf in proptest::bool::ANY,
            alphabet in proptest::bool::ANY,
        ) {
            let ending = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|&line| format!("{}{ending}", LINES[line])).collect();
            let symbols = Symbols::new("ABCD").unwrap();
            let symbols = alphabet.then_some(&symbols);
            for each_line in [false, true] {
                proptest::prop_assert_eq!(
                    gathered(&text, each_line, symbols),
                    found(&text, each_line, symbols),
                    "{:?}, each line {}", text, each_line
                );
            }
        }
    }

    /// The lines [`the_gatherer_finds_the_blocks_of_any_text`] draws from.
    const LINES: [&str; 24] = [
        "1...",
        "..1.",
        "....",
        ".1..",
        "ABCD",
        "aabb",
        "ccdd",
        "1122",
        "3344",
        "1234",
        "3412",
        "",
        "  ",
        "# c",
        "4 4",
        "1 - - -",
        "- - 1 -",
        "{\"size\":4}",
        "[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]",
        "1.........4.....",
        "aabbaabbccddccdd",
        "1122112233443344",
        "3 r1c1 r1c2",
        "1... aabb",
    ];

    #[test]
    fn gathering_line_by_line_finds_the_blocks_of_the_whole_text() {
        let texts = [
            "# a\n\n1...\n....\n# inside\n....\n...1\n  \r\n\n....\r\n.2..\r\n....\n....",
            "{\"size\":4}\n# two\n\n  {\"size\":4}  \n{\n",
            "\n\n",
            "one\n# two\nthree\n\n\nfour",
            "1.........4.....\naabbaabbccddccdd\n.2..............\n# c\naabbaabbccddccdd\n",
            "1...\n....\n....\n...1\n\n# r\n  \naabb\naabb\nccdd\nccdd\n\n1...\n....\n....\n...1\n\n",
            "1...\n....\n....\n...1\n\n\n# c\n....\n.2..\n....\n....\n\naabb\naabb\nccdd\nccdd",
            "1...\n....\n....\n...1\n\n1122\n1122\n3344\n3344\n\n1...\n....\n....\n...1\n\n1234\n3412\n",
            "4 4\n1 - - -\n- - 1 -\n# c\n4 4\n- 1 - -\n\n4 4\n",
        ];
        for text in texts {
            for each_line in [false, true] {
                assert_eq!(
                    gathered(text, each_line, None),
                    found(text, each_line, None),
                    "{text:?}, each line {each_line}"
                );
            }
        }
    }
}
