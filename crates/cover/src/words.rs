//! Word rectangles as exact cover with colors (Knuth's DLX2): fill an
//! m×n grid of letters so that each row reads an *across* word and each
//! column a *down* word.
//!
//! Items: `a1…am` (row i holds one across word) and `d1…dn` (column j
//! holds one down word) are primary; the cells `r1c1…` are secondary, and
//! an option colors each cell it fills with its letter, so that a row's
//! word and a column's word may share a cell only if they agree on it.
//! Invariant: every across word has n letters and every down word m, each
//! letter a name the DLX text can carry (alphanumeric).

use crate::problem::Problem;
use thiserror::Error;

/// Which of the two lists a word comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The words of the rows.
    Across,
    /// The words of the columns.
    Down,
}

impl WordError {
    /// The list the error is about.
    pub fn list(&self) -> Direction {
        match self {
            WordError::NoWords { list }
            | WordError::EmptyWord { list, .. }
            | WordError::Length { list, .. }
            | WordError::Character { list, .. } => *list,
        }
    }
}

impl std::fmt::Display for Direction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Direction::Across => "across",
            Direction::Down => "down",
        })
    }
}

/// Why a word list cannot make a rectangle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WordError {
    /// An empty list.
    #[error("no {list} word: the {list} list needs at least one")]
    NoWords {
        /// The list.
        list: Direction,
    },
    /// A word of no letter.
    #[error("{list} word {number} is empty")]
    EmptyWord {
        /// The list.
        list: Direction,
        /// 1-based position in the list.
        number: usize,
    },
    /// A word whose length differs from the first of its list.
    #[error("{list} word {number} {word:?} has {letters} letters, the first has {expected}")]
    Length {
        /// The list.
        list: Direction,
        /// 1-based position in the list.
        number: usize,
        /// The word.
        word: String,
        /// Its letters.
        letters: usize,
        /// The first word's letters.
        expected: usize,
    },
    /// A character that is not a letter or a digit.
    #[error("{list} word {number} {word:?} holds {ch:?}: expected letters or digits")]
    Character {
        /// The list.
        list: Direction,
        /// 1-based position in the list.
        number: usize,
        /// The word.
        word: String,
        /// The character.
        ch: char,
    },
}

/// The word rectangles whose rows are words of `across` and columns words
/// of `down` (the same list twice for word squares), as exact cover with
/// colors: its solutions are the rectangles, one each (a word listed twice
/// is one word).
///
/// ```
/// use gridsolve_cover::{count, word_rectangle, Budget};
///
/// // Rows "ab" and "ba", or "ba" and "ab": both columns read words too.
/// let problem = word_rectangle(&["ab", "ba"], &["ab", "ba"]).unwrap();
/// assert_eq!(count(&problem, &Budget::default()).stats.solutions, 2);
/// ```
pub fn word_rectangle<S: AsRef<str>>(across: &[S], down: &[S]) -> Result<Problem, WordError> {
    let across = letters_of(Direction::Across, across)?;
    let down = letters_of(Direction::Down, down)?;
    let (rows, cols) = (down[0].len(), across[0].len());
    let primary = (1..=rows)
        .map(|row| format!("a{row}"))
        .chain((1..=cols).map(|col| format!("d{col}")));
    let cells = (1..=rows).flat_map(|row| (1..=cols).map(move |col| format!("r{row}c{col}")));
    let mut problem = Problem::new(primary, cells);
    let cell = |row: usize, col: usize| rows + cols + row * cols + col;
    let mut letter = [0u8; 4];
    for row in 0..rows {
        for word in &across {
            let mut nodes = vec![(row, None)];
            nodes.extend(word.iter().enumerate().map(|(col, &ch)| {
                (
                    cell(row, col),
                    Some(ch.encode_utf8(&mut letter).to_string()),
                )
            }));
            add(&mut problem, &nodes);
        }
    }
    for col in 0..cols {
        for word in &down {
            let mut nodes = vec![(rows + col, None)];
            nodes.extend(word.iter().enumerate().map(|(row, &ch)| {
                (
                    cell(row, col),
                    Some(ch.encode_utf8(&mut letter).to_string()),
                )
            }));
            add(&mut problem, &nodes);
        }
    }
    Ok(problem)
}

/// Adds the option of `nodes` (items with their letters).
fn add(problem: &mut Problem, nodes: &[(usize, Option<String>)]) {
    let nodes: Vec<(usize, Option<&str>)> = nodes
        .iter()
        .map(|(item, color)| (*item, color.as_deref()))
        .collect();
    problem
        .add_colored_option(&nodes)
        .expect("distinct items, colors on the secondary cells only");
}

/// The letters of each word of `list`, all of one length.
fn letters_of<S: AsRef<str>>(list: Direction, words: &[S]) -> Result<Vec<Vec<char>>, WordError> {
    let mut letters: Vec<Vec<char>> = Vec::with_capacity(words.len());
    for (index, word) in words.iter().enumerate() {
        let word = word.as_ref();
        let chars: Vec<char> = word.chars().collect();
        let number = index + 1;
        if chars.is_empty() {
            return Err(WordError::EmptyWord { list, number });
        }
        if let Some(&ch) = chars.iter().find(|ch| !ch.is_alphanumeric()) {
            let word = word.to_string();
            return Err(WordError::Character {
                list,
                number,
                word,
                ch,
            });
        }
        if let Some(first) = letters.first() {
            if first.len() != chars.len() {
                return Err(WordError::Length {
                    list,
                    number,
                    word: word.to_string(),
                    letters: chars.len(),
                    expected: first.len(),
                });
            }
        }
        if !letters.contains(&chars) {
            letters.push(chars);
        }
    }
    if letters.is_empty() {
        return Err(WordError::NoWords { list });
    }
    Ok(letters)
}
