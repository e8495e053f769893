//! Text forms of variant puzzles: a grid of symbols (one line of N²
//! symbols, or N lines of N), and the Killer form of CodinGame's puzzle
//! (nine lines of givens and cage letters, then `letter=sum` pairs).
//!
//! Symbols: values 1–9 are `1`–`9`, then `A`, `B`, … (16×16: `1-9A-G`,
//! 25×25: `1-9A-P`), or any alphabet given with [`Symbols::new`]; `.` is a
//! blank (and `0` too, when the alphabet has no `0`). Errors give the line
//! and column (1-based) and what was expected.

use super::model::{Shape, Variant, VariantError, MAX_SIDE};
use std::collections::BTreeMap;

/// The characters standing for values 1..=N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols(Vec<char>);

/// A text that is not a variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A character or line out of place.
    #[error("line {line}, column {column}: {message}")]
    At {
        /// 1-based line.
        line: usize,
        /// 1-based column (character).
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// The text as a whole does not fit (size, missing part).
    #[error("{0}")]
    Whole(String),
    /// The puzzle breaks a rule of the model.
    #[error(transparent)]
    Model(#[from] VariantError),
}

const STANDARD: &str = "123456789ABCDEFGHIJKLMNOP";

impl Symbols {
    /// `1`–`9` then `A`, `B`, … for a grid of side `side`.
    pub fn standard(side: usize) -> Self {
        Symbols(STANDARD.chars().take(side).collect())
    }

    /// Another alphabet (e.g. `0123456789ABCDEF`): distinct characters,
    /// none of them `.` or whitespace.
    pub fn new(alphabet: &str) -> Result<Self, TextError> {
        let chars: Vec<char> = alphabet.chars().collect();
        for (index, &ch) in chars.iter().enumerate() {
            if ch == '.' || ch.is_whitespace() || chars[..index].contains(&ch) {
                return Err(TextError::Whole(format!(
                    "symbol {ch:?} of the alphabet is a blank, a space or repeated"
                )));
            }
        }
        Ok(Symbols(chars))
    }

    /// The value of `ch` (`Some(0)` for a blank), `None` if it is no symbol.
    pub fn value(&self, ch: char) -> Option<u8> {
        if ch == '.' || (ch == '0' && !self.0.contains(&'0')) {
            return Some(0);
        }
        let upper = ch.to_ascii_uppercase();
        self.0
            .iter()
            .position(|&symbol| symbol == ch || symbol == upper)
            .map(|index| index as u8 + 1)
    }

    /// The symbol of `value` (`.` for 0, `?` past the alphabet's end).
    pub fn symbol(&self, value: u8) -> char {
        match value {
            0 => '.',
            value => self.0.get(usize::from(value) - 1).copied().unwrap_or('?'),
        }
    }

    /// Refuses an alphabet too short to name every value of a grid of
    /// side `side`.
    pub(super) fn check_names_values_to(&self, side: usize) -> Result<(), VariantError> {
        if self.len() < side {
            return Err(VariantError::Alphabet {
                alphabet: self.to_string(),
                found: self.len(),
                side,
            });
        }
        Ok(())
    }

    /// How many values the alphabet names.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the alphabet names no value.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for Symbols {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.iter().try_for_each(|&ch| write!(f, "{ch}"))
    }
}

/// The usual box shape of a grid of side `side` (boxes wider than tall).
pub fn shape_for_side(side: usize) -> Option<Shape> {
    let box_rows = match side {
        4 | 6 | 8 | 10 => 2,
        9 | 12 | 15 => 3,
        16 | 20 => 4,
        25 => 5,
        _ => return None,
    };
    Shape::new(box_rows, side / box_rows).ok()
}

/// Reads a grid of symbols: one line of N² or N lines of N (spaces and
/// the separators `|`, `-`, `+` ignored), N from the text, boxes by
/// [`shape_for_side`]; `symbols` default to the standard ones.
///
/// ```
/// use gridsolve_sudoku::variant::{parse_grid, render_grid, Symbols};
///
/// let puzzle = parse_grid("1...\n..1.\n.1..\n...1", None).unwrap();
/// assert_eq!(puzzle.side(), 4);
/// assert_eq!(render_grid(4, puzzle.givens(), &Symbols::standard(4), false), "1...\n..1.\n.1..\n...1");
/// ```
pub fn parse_grid(text: &str, symbols: Option<&Symbols>) -> Result<Variant, TextError> {
    let grid = read_grid(text, symbols)?;
    let side = grid.side;
    let shape = shape_for_side(side).ok_or_else(|| {
        TextError::Whole(format!(
            "no box shape for a grid of side {side} (sides with boxes: 4, 6, 8, 9, 10, 12, 15, 16, 20, 25)"
        ))
    })?;
    Ok(Variant::new(shape)
        .with_symbols(grid.symbols)?
        .with_givens(grid.values)?)
}

/// A grid of symbols as read, before any rule is checked.
pub(super) struct GridText {
    /// The side N.
    pub side: usize,
    /// N² values, row by row, 0 for a blank.
    pub values: Vec<u8>,
    /// The alphabet the values were read in.
    pub symbols: Symbols,
}

/// Reads the values of a grid of symbols (see [`parse_grid`]) without
/// checking them against any unit, so that a puzzle whose units are not
/// the standard boxes (jigsaw regions) can take them.
pub(super) fn read_grid(text: &str, symbols: Option<&Symbols>) -> Result<GridText, TextError> {
    let rows: Vec<(usize, Vec<(usize, char)>)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| {
            let cells = line
                .chars()
                .enumerate()
                .filter(|&(_, ch)| !ch.is_whitespace() && !matches!(ch, '|' | '-' | '+'))
                .map(|(column, ch)| (column + 1, ch))
                .collect::<Vec<_>>();
            (index + 1, cells)
        })
        .filter(|(_, cells)| !cells.is_empty())
        .collect();
    let side = match rows.as_slice() {
        [] => {
            return Err(TextError::Whole(
                "expected a grid, found no cells".to_string(),
            ))
        }
        [(_, cells)] => square_side(cells.len())?,
        [(first_line, first), ..] => {
            let side = first.len();
            if let Some((line, row)) = rows.iter().find(|(_, row)| row.len() != side) {
                return Err(TextError::At {
                    line: *line,
                    column: row.last().map_or(1, |&(column, _)| column),
                    message: format!(
                        "expected {side} cells in the row, as on line {first_line}, found {}",
                        row.len()
                    ),
                });
            }
            if rows.len() != side {
                return Err(TextError::Whole(format!(
                    "expected {side} rows of {side} cells, found {} rows",
                    rows.len()
                )));
            }
            square_side(side * side)?
        }
    };
    let symbols = symbols.cloned().unwrap_or_else(|| Symbols::standard(side));
    symbols.check_names_values_to(side)?;
    let mut values = Vec::with_capacity(side * side);
    for (line, row) in &rows {
        for &(column, ch) in row {
            match symbols
                .value(ch)
                .filter(|&value| usize::from(value) <= side)
            {
                Some(value) => values.push(value),
                None => {
                    return Err(TextError::At {
                        line: *line,
                        column,
                        message: format!(
                            "expected a value symbol ({}) or '.', found {ch:?}",
                            (1..=side as u8)
                                .map(|v| symbols.symbol(v))
                                .collect::<String>()
                        ),
                    })
                }
            }
        }
    }
    Ok(GridText {
        side,
        values,
        symbols,
    })
}

/// The side of a square grid of `cells` cells, 4 to [`MAX_SIDE`].
fn square_side(cells: usize) -> Result<usize, TextError> {
    let side = (1..=cells)
        .take_while(|side| side * side <= cells)
        .last()
        .unwrap_or(0);
    if side * side != cells {
        return Err(TextError::Whole(format!(
            "expected a square grid (16, 25, 36, … 625 cells), found {cells} cells"
        )));
    }
    if !(4..=MAX_SIDE).contains(&side) {
        return Err(TextError::Whole(format!(
            "a {side}×{side} grid is outside the sizes handled, 4×4 to {MAX_SIDE}×{MAX_SIDE}"
        )));
    }
    Ok(side)
}

/// Writes `values` (row by row, 0 blank) as symbols: one line, or `side`
/// lines.
pub fn render_grid(side: usize, values: &[u8], symbols: &Symbols, one_line: bool) -> String {
    let rows: Vec<String> = values
        .chunks(side)
        .map(|row| row.iter().map(|&value| symbols.symbol(value)).collect())
        .collect();
    rows.join(if one_line { "" } else { "\n" })
}

/// Reads CodinGame's Killer form: nine lines `givens cages` (e.g.
/// `56..1..2. aabbccdde`), then one line of `letter=sum` pairs separated by
/// spaces; cage letters are `a-z` and `A-Z`.
///
/// ```
/// use gridsolve_sudoku::variant::parse_killer;
///
/// let text = "\
/// 12345678. aaaaaaaab
/// ......... ccccccccc
/// ......... ddddddddd
/// ......... eeeeeeeee
/// ......... fffffffff
/// ......... ggggggggg
/// ......... hhhhhhhhh
/// ......... iiiiiiiii
/// ......... jjjjjjjjk
/// a=36 b=9 c=45 d=45 e=45 f=45 g=45 h=45 i=45 j=36 k=9";
/// let killer = parse_killer(text).unwrap();
/// assert_eq!(killer.cages().len(), 11);
/// ```
pub fn parse_killer(text: &str) -> Result<Variant, TextError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end()))
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    if lines.len() != 10 {
        return Err(TextError::Whole(format!(
            "expected 9 grid lines and 1 line of cage sums, found {} lines",
            lines.len()
        )));
    }
    let symbols = Symbols::standard(9);
    let mut givens = Vec::with_capacity(81);
    let mut letters: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (row, &(line, text)) in lines[..9].iter().enumerate() {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 19 || chars[9] != ' ' {
            return Err(TextError::At {
                line,
                column: chars.len().min(19) + 1,
                message: "expected 9 givens, a space and 9 cage letters".to_string(),
            });
        }
        for col in 0..9 {
            let value = symbols.value(chars[col]).ok_or_else(|| TextError::At {
                line,
                column: col + 1,
                message: format!("expected a digit 1-9 or '.', found {:?}", chars[col]),
            })?;
            givens.push(value);
            let letter = chars[10 + col];
            if !letter.is_ascii_alphabetic() {
                return Err(TextError::At {
                    line,
                    column: 11 + col,
                    message: format!("expected a cage letter a-z or A-Z, found {letter:?}"),
                });
            }
            letters.entry(letter).or_default().push(row * 9 + col);
        }
    }
    let (sums_line, sums_text) = lines[9];
    let mut sums: BTreeMap<char, u32> = BTreeMap::new();
    let mut column = 1;
    for pair in sums_text.split(' ') {
        let parsed = pair
            .split_once('=')
            .and_then(|(letter, sum)| {
                let mut chars = letter.chars();
                Some((
                    chars.next()?,
                    chars.next().is_none(),
                    sum.parse::<u32>().ok()?,
                ))
            })
            .filter(|&(_, single, _)| single);
        match parsed {
            Some((letter, _, sum)) if letters.contains_key(&letter) => {
                if let Some(first) = sums.insert(letter, sum) {
                    return Err(TextError::At {
                        line: sums_line,
                        column,
                        message: format!(
                            "cage {letter} has a second sum ({letter}={first}, then {pair}); \
                             each cage letter takes one"
                        ),
                    });
                }
            }
            _ => {
                return Err(TextError::At {
                    line: sums_line,
                    column,
                    message: format!(
                        "expected `letter=sum` for a cage letter of the grid, found {pair:?}"
                    ),
                })
            }
        }
        column += pair.chars().count() + 1;
    }
    let mut killer = Variant::new(Shape::CLASSIC);
    for (letter, cells) in letters {
        let sum = *sums.get(&letter).ok_or_else(|| {
            TextError::Whole(format!("cage {letter} has no sum on the last line"))
        })?;
        // Name the cage by its letter, as the input does.
        killer = killer.with_cage(cells, sum).map_err(|error| match error {
            VariantError::ImpossibleSum {
                size, sum, side, ..
            } => TextError::Whole(format!(
                "cage {letter}: no {size} distinct values from 1 to {side} add up to {sum}"
            )),
            other => TextError::Whole(format!("cage {letter}: {other}")),
        })?;
    }
    Ok(killer.with_givens(givens)?)
}
