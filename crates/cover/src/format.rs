//! Knuth's DLX text format.
//!
//! The first line that is not a comment names the items, primary first,
//! then optionally `|` and the secondary items. Every later line is one
//! option naming its items; in an option, `x:c` gives the secondary item
//! `x` the color `c` (Knuth's DLX2: options that give an item the same
//! color may share it). Lines starting with `|` are comments; blank lines
//! are skipped (so no option is empty). Names are runs of characters other
//! than white space, `|` and `:`. In the item line, `lo:hi|x` (or `m|x`
//! for `m:m`) lets the primary item `x` be covered by `lo` to `hi` of the
//! chosen options instead of exactly one (Knuth's DLX3).
//!
//! ```text
//! | three primary items and two secondary
//! a b c | x y
//! a b x:red
//! c x:red y
//! ```

use crate::problem::Problem;
use std::collections::HashMap;
use thiserror::Error;

/// Where a DLX text is malformed and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// No item line.
    #[error("no item line: expected a first line naming the items")]
    MissingItems,
    /// The item line names an item twice.
    #[error("line {line}, column {column}: item {name:?} is named twice in the item line")]
    DuplicateItem {
        /// 1-based line.
        line: usize,
        /// 1-based column of the second name.
        column: usize,
        /// The name (cut after 40 characters).
        name: String,
    },
    /// The item line has more than one `|` or no primary item.
    #[error("line {line}: {problem}")]
    BadItemLine {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        problem: &'static str,
    },
    /// A name that holds `|`, which separates the primary items from the
    /// secondary ones.
    #[error("line {line}, column {column}: item name {name:?} holds '|' (names are set apart by spaces, and a lone '|' ends the primary items)")]
    BarInName {
        /// 1-based line.
        line: usize,
        /// 1-based column of the name.
        column: usize,
        /// The name (cut after 40 characters).
        name: String,
    },
    /// An option names an item the item line does not.
    #[error("line {line}, column {column}: unknown item {name:?}")]
    UnknownItem {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The name (cut after 40 characters).
        name: String,
    },
    /// Bounds `lo:hi|x` that are malformed, empty, or on a secondary item.
    #[error("line {line}, column {column}: {name:?}: {problem}")]
    BadBounds {
        /// 1-based line.
        line: usize,
        /// 1-based column of the word.
        column: usize,
        /// The word (cut after 40 characters).
        name: String,
        /// What is wrong.
        problem: &'static str,
    },
    /// A name in the item line that holds `:`, which gives an item a color
    /// in an option.
    #[error("line {line}, column {column}: item name {name:?} holds ':' (in an option, 'x:c' gives item x the color c)")]
    ColonInName {
        /// 1-based line.
        line: usize,
        /// 1-based column of the name.
        column: usize,
        /// The name (cut after 40 characters).
        name: String,
    },
    /// An option gives a primary item a color.
    #[error("line {line}, column {column}: {name:?} colors the primary item {item:?}: only secondary items (after '|' in the item line) take a color")]
    ColoredPrimary {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The word (cut after 40 characters).
        name: String,
        /// The primary item (cut after 40 characters).
        item: String,
    },
    /// An option word `x:` with no color after the colon.
    #[error("line {line}, column {column}: {name:?} has no color after ':'")]
    EmptyColor {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The word (cut after 40 characters).
        name: String,
    },
    /// An option names an item twice.
    #[error("line {line}, column {column}: item {name:?} twice in one option")]
    RepeatedItem {
        /// 1-based line.
        line: usize,
        /// 1-based column of the second mention.
        column: usize,
        /// The name (cut after 40 characters).
        name: String,
    },
}

impl FormatError {
    /// The 1-based line and column the error names, where it names them.
    ///
    /// ```
    /// use gridsolve_cover::parse_dlx;
    ///
    /// let error = parse_dlx("a b\na c\n").unwrap_err();
    /// assert_eq!(error.place(), (Some(2), Some(3)));
    /// ```
    pub fn place(&self) -> (Option<usize>, Option<usize>) {
        match self {
            FormatError::DuplicateItem { line, column, .. }
            | FormatError::BarInName { line, column, .. }
            | FormatError::ColonInName { line, column, .. }
            | FormatError::BadBounds { line, column, .. }
            | FormatError::UnknownItem { line, column, .. }
            | FormatError::ColoredPrimary { line, column, .. }
            | FormatError::EmptyColor { line, column, .. }
            | FormatError::RepeatedItem { line, column, .. } => (Some(*line), Some(*column)),
            FormatError::BadItemLine { line, .. } => (Some(*line), None),
            FormatError::MissingItems => (None, None),
        }
    }
}

/// A parsed DLX text: the problem, and the line each option came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DlxText {
    /// The problem.
    pub problem: Problem,
    /// For each option, its 1-based line in the text.
    pub option_lines: Vec<usize>,
}

/// Whether `ch` sets names apart: white space, or the byte-order mark
/// some editors write (no part of a name, wherever it stands).
fn separates(ch: char) -> bool {
    ch.is_whitespace() || ch == '\u{feff}'
}

/// Words of a line with their 1-based columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    line.split_inclusive(separates).filter_map(move |piece| {
        let start = column + 1;
        column += piece.chars().count();
        let word = piece.trim_end_matches(separates);
        (!word.is_empty()).then_some((start, word))
    })
}

/// The longest name a message repeats whole.
const SHOWN_NAME: usize = 40;

/// `name` as messages show it: cut after [`SHOWN_NAME`] characters.
fn shown(name: &str) -> String {
    match name.char_indices().nth(SHOWN_NAME) {
        None => name.to_string(),
        Some((cut, _)) => {
            let length = name.chars().count();
            format!("{}… ({length} characters)", &name[..cut])
        }
    }
}

/// The bounds `lo:hi` or `m` (for `m:m`) before an item's `|`, if they
/// are whole numbers with `lo <= hi` and `hi >= 1`.
fn read_bounds(range: &str) -> Option<(u32, u32)> {
    let (lo, hi) = match range.split_once(':') {
        Some((lo, hi)) => (lo.parse().ok()?, hi.parse().ok()?),
        None => {
            let both = range.parse().ok()?;
            (both, both)
        }
    };
    (lo <= hi && hi >= 1).then_some((lo, hi))
}

/// Parses a DLX text.
///
/// ```
/// use gridsolve_cover::parse_dlx;
///
/// let text = parse_dlx("| comment\na b | x\na x\nb\n").unwrap();
/// assert_eq!(text.problem.primary_count(), 2);
/// assert_eq!(text.option_lines, [3, 4]);
/// let error = parse_dlx("a b\na c\n").unwrap_err();
/// assert_eq!(error.to_string(), r#"line 2, column 3: unknown item "c""#);
/// ```
pub fn parse_dlx(text: &str) -> Result<DlxText, FormatError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end_matches('\r')))
        .filter(|(_, line)| {
            let line = line.trim_start_matches(separates);
            !line.is_empty() && !line.starts_with('|')
        });
    let (item_line, header) = lines.next().ok_or(FormatError::MissingItems)?;
    let mut primary = Vec::new();
    let mut secondary = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut in_secondary = false;
    let mut bounds: Vec<(usize, u32, u32)> = Vec::new();
    for (column, word) in words(header) {
        if word == "|" {
            if in_secondary {
                return Err(FormatError::BadItemLine {
                    line: item_line,
                    problem: "more than one '|' in the item line",
                });
            }
            in_secondary = true;
            continue;
        }
        let bad_bounds = |problem| FormatError::BadBounds {
            line: item_line,
            column,
            name: shown(word),
            problem,
        };
        let word = match word.split_once('|') {
            None => word,
            Some(_) if in_secondary => {
                return Err(bad_bounds(
                    "bounds on a secondary item (only primary items, before '|', take them)",
                ))
            }
            // Bounds are numbers: `a|b` is a name holding '|'.
            Some((range, name))
                if !name.is_empty()
                    && !name.contains('|')
                    && range.chars().any(|ch| ch.is_ascii_digit()) =>
            {
                let (lo, hi) = read_bounds(range).ok_or_else(|| {
                    bad_bounds(
                        "expected lo:hi|item or m|item, with whole numbers lo <= hi and hi >= 1",
                    )
                })?;
                bounds.push((primary.len(), lo, hi));
                name
            }
            Some(_) => {
                return Err(FormatError::BarInName {
                    line: item_line,
                    column,
                    name: shown(word),
                })
            }
        };
        if word.contains(':') {
            return Err(FormatError::ColonInName {
                line: item_line,
                column,
                name: shown(word),
            });
        }
        if index
            .insert(word, primary.len() + secondary.len())
            .is_some()
        {
            return Err(FormatError::DuplicateItem {
                line: item_line,
                column,
                name: shown(word),
            });
        }
        if in_secondary {
            &mut secondary
        } else {
            &mut primary
        }
        .push(word);
    }
    if primary.is_empty() {
        return Err(FormatError::BadItemLine {
            line: item_line,
            problem: "no primary item before '|'",
        });
    }
    // Secondary names were numbered after the primary ones seen so far;
    // renumber so that every primary item comes first.
    let order: HashMap<&str, usize> = primary
        .iter()
        .chain(&secondary)
        .enumerate()
        .map(|(i, &w)| (w, i))
        .collect();
    let mut problem = Problem::new(primary.iter().copied(), secondary.iter().copied());
    for (item, lo, hi) in bounds {
        problem
            .set_bounds(item, lo, hi)
            .expect("bounds of a primary item, checked above");
    }
    let mut option_lines = Vec::new();
    let primary_count = primary.len();
    let mut items: Vec<(usize, Option<&str>)> = Vec::new();
    // The last line that named each item: a repeat within a line is seen
    // in O(1), whatever the option's length.
    let mut named_on = vec![0usize; order.len()];
    for (line, text) in lines {
        items.clear();
        for (column, word) in words(text) {
            let (name, color) = match word.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (word, None),
            };
            let Some(&item) = order.get(name) else {
                return Err(FormatError::UnknownItem {
                    line,
                    column,
                    name: shown(name),
                });
            };
            match color {
                Some("") => {
                    return Err(FormatError::EmptyColor {
                        line,
                        column,
                        name: shown(word),
                    })
                }
                Some(_) if item < primary_count => {
                    return Err(FormatError::ColoredPrimary {
                        line,
                        column,
                        name: shown(word),
                        item: shown(name),
                    })
                }
                _ => {}
            }
            if std::mem::replace(&mut named_on[item], line) == line {
                return Err(FormatError::RepeatedItem {
                    line,
                    column,
                    name: shown(word),
                });
            }
            items.push((item, color));
        }
        // A line with no word is blank and was skipped, so `items` is not
        // empty here.
        problem
            .add_colored_option(&items)
            .expect("items and colors were checked above");
        option_lines.push(line);
    }
    Ok(DlxText {
        problem,
        option_lines,
    })
}
