//! An exact-cover problem as data: named items (primary first, then
//! secondary) and options, each a set of items.
//!
//! Invariant: every option is non-empty, names each item at most once, and
//! only names items of the problem (`Problem::add_option` checks all three).

use thiserror::Error;

/// Items and options of an exact-cover problem.
///
/// A solution is a set of options that covers every primary item exactly
/// once and every secondary item at most once. As in Knuth's Algorithm X,
/// an option made of secondary items only is never part of a solution.
///
/// ```
/// use gridsolve_cover::Problem;
///
/// let mut problem = Problem::new(["a", "b", "c"], ["x"]);
/// problem.add_option(&[0, 1]).unwrap();
/// problem.add_option(&[2, 3]).unwrap();
/// assert_eq!(problem.items().len(), 4);
/// assert_eq!(problem.primary_count(), 3);
/// assert!(problem.add_option(&[0, 0]).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    items: Vec<String>,
    primary: usize,
    options: Vec<Vec<u32>>,
}

/// Why an option cannot be added.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// An option with no item.
    #[error("an option needs at least one item")]
    Empty,
    /// An item index beyond the problem's items.
    #[error("item {0} does not exist")]
    UnknownItem(usize),
    /// The same item twice.
    #[error("item {0} appears twice in one option")]
    Repeated(usize),
    /// A name that is none of the problem's items.
    #[error("unknown item {0:?}")]
    UnknownName(String),
}

impl Problem {
    /// A problem with these primary and secondary items and no option yet.
    pub fn new<P, S>(primary: P, secondary: S) -> Self
    where
        P: IntoIterator,
        P::Item: Into<String>,
        S: IntoIterator,
        S::Item: Into<String>,
    {
        let mut items: Vec<String> = primary.into_iter().map(Into::into).collect();
        let primary = items.len();
        items.extend(secondary.into_iter().map(Into::into));
        Problem {
            items,
            primary,
            options: Vec::new(),
        }
    }

    /// Adds an option made of the items with these indices; returns its
    /// index.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, OptionError> {
        if items.is_empty() {
            return Err(OptionError::Empty);
        }
        if let Some(&item) = items.iter().find(|&&item| item >= self.items.len()) {
            return Err(OptionError::UnknownItem(item));
        }
        // Sorted, a repeat stands beside itself (O(k log k) for k items,
        // where comparing each with those before it is quadratic).
        let mut sorted = items.to_vec();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(OptionError::Repeated(pair[0]));
        }
        self.options
            .push(items.iter().map(|&item| item as u32).collect());
        Ok(self.options.len() - 1)
    }

    /// Adds an option made of the items with these names; returns its
    /// index. (Each name is looked up among the items: for problems built
    /// by hand; builders of large problems pass indices to
    /// [`Problem::add_option`].)
    ///
    /// ```
    /// use gridsolve_cover::{count, Budget, Problem};
    ///
    /// let mut problem = Problem::new(["a", "b", "c"], Vec::<String>::new());
    /// problem.add_named_option(&["a", "b"]).unwrap();
    /// problem.add_named_option(&["c"]).unwrap();
    /// problem.add_named_option(&["a", "c"]).unwrap();
    /// assert_eq!(count(&problem, &Budget::default()).stats.solutions, 1);
    /// assert!(problem.add_named_option(&["d"]).is_err());
    /// ```
    pub fn add_named_option(&mut self, names: &[&str]) -> Result<usize, OptionError> {
        let indices = names
            .iter()
            .map(|&name| {
                self.items
                    .iter()
                    .position(|item| item == name)
                    .ok_or_else(|| OptionError::UnknownName(name.to_string()))
            })
            .collect::<Result<Vec<usize>, OptionError>>()?;
        self.add_option(&indices)
    }

    /// Item names, primary first.
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// How many of the items are primary (the first ones).
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// The options, each as item indices in the order given.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[u32]> + Clone + '_ {
        self.options.iter().map(Vec::as_slice)
    }

    /// The option with index `option` as item names joined by spaces.
    pub fn option_text(&self, option: usize) -> String {
        self.options[option]
            .iter()
            .map(|&item| self.items[item as usize].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The problem in Knuth's DLX text format.
    pub fn to_dlx(&self) -> String {
        let mut text = self.items[..self.primary].join(" ");
        if self.primary < self.items.len() {
            text.push_str(" | ");
            text.push_str(&self.items[self.primary..].join(" "));
        }
        text.push('\n');
        for option in 0..self.options.len() {
            text.push_str(&self.option_text(option));
            text.push('\n');
        }
        text
    }
}
