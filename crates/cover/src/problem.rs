//! An exact-cover problem as data: named items (primary first, then
//! secondary) and options, each a set of items, where an option may give
//! a secondary item a *color* (Knuth's DLX2).
//!
//! Invariant: every option is non-empty, names each item at most once, and
//! only names items of the problem; only secondary items have colors
//! (`Problem::add_option` and `Problem::add_colored_option` check all
//! four). Color `0` is "no color"; named colors are numbered from 1. A
//! primary item may carry bounds `lo..=hi` on how many chosen options
//! cover it (Knuth's DLX3; `1..=1` unless set), with `hi >= 1`.

use thiserror::Error;

/// Items and options of an exact-cover problem.
///
/// A solution is a set of options that covers every primary item exactly
/// once and every secondary item at most once, except that options which
/// give a secondary item the same color may share it (Knuth's Algorithm
/// C). As in Knuth's Algorithm X, an option made of secondary items only
/// is never part of a solution.
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
    /// Per option, the color of each of its items, or empty for an option
    /// without colors.
    colors: Vec<Vec<u32>>,
    /// Color names; color `k` is `color_names[k - 1]`.
    color_names: Vec<String>,
    /// Each primary item's bounds, or empty while every one is `1..=1`.
    bounds: Vec<(u32, u32)>,
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
    /// A color on a primary item (which every solution covers exactly
    /// once, so a color could not let options share it).
    #[error("item {0} is primary: only secondary items take a color")]
    ColoredPrimary(usize),
    /// An empty color name (`x:`).
    #[error("an empty color name")]
    EmptyColor,
}

/// Why bounds cannot be set on an item.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoundsError {
    /// A secondary item, or an index beyond the primary items.
    #[error("item {0} is not primary: only primary items take bounds")]
    NotPrimary(usize),
    /// `lo > hi`, or `hi == 0`.
    #[error("bounds {lo}..={hi}: expected lo <= hi and hi >= 1")]
    Empty {
        /// The least number of options.
        lo: u32,
        /// The most.
        hi: u32,
    },
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
            colors: Vec::new(),
            color_names: Vec::new(),
            bounds: Vec::new(),
        }
    }

    /// Lets primary item `item` be covered by `lo` to `hi` of the chosen
    /// options instead of exactly one (Knuth's DLX3 multiplicities).
    ///
    /// ```
    /// use gridsolve_cover::{count, Budget, Problem};
    ///
    /// // Choose two or three of the options a, a b, a c, with b and c
    /// // each covered once: {a b, a c} or {a, a b, a c}.
    /// let mut problem = Problem::new(["a", "b", "c"], Vec::<String>::new());
    /// problem.set_bounds(0, 2, 3).unwrap();
    /// for option in [&["a"][..], &["a", "b"], &["a", "c"]] {
    ///     problem.add_named_option(option).unwrap();
    /// }
    /// assert_eq!(count(&problem, &Budget::default()).stats.solutions, 2);
    /// ```
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), BoundsError> {
        if item >= self.primary {
            return Err(BoundsError::NotPrimary(item));
        }
        if lo > hi || hi == 0 {
            return Err(BoundsError::Empty { lo, hi });
        }
        if self.bounds.is_empty() {
            self.bounds = vec![(1, 1); self.primary];
        }
        self.bounds[item] = (lo, hi);
        if !self.has_bounds() {
            // Every item back at `1..=1`: the same problem as one never
            // given bounds.
            self.bounds.clear();
        }
        Ok(())
    }

    /// Whether some primary item has bounds other than `1..=1`.
    pub fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&bounds| bounds != (1, 1))
    }

    /// The bounds of primary item `item` (`(1, 1)` unless set).
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        self.bounds.get(item).copied().unwrap_or((1, 1))
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
        self.colors.push(Vec::new());
        Ok(self.options.len() - 1)
    }

    /// Adds an option of `(item, color)` pairs, a color given by name
    /// (`None`: no color); returns its index. Options that give a
    /// secondary item the same color may both be in a solution.
    ///
    /// ```
    /// use gridsolve_cover::{count, Budget, Problem};
    ///
    /// let mut problem = Problem::new(["a", "b"], ["x"]);
    /// problem.add_colored_option(&[(0, None), (2, Some("red"))]).unwrap();
    /// problem.add_colored_option(&[(1, None), (2, Some("red"))]).unwrap();
    /// assert_eq!(count(&problem, &Budget::default()).stats.solutions, 1);
    /// assert!(problem.add_colored_option(&[(0, Some("red"))]).is_err());
    /// ```
    pub fn add_colored_option(
        &mut self,
        items: &[(usize, Option<&str>)],
    ) -> Result<usize, OptionError> {
        for &(item, color) in items {
            match color {
                Some(_) if item < self.primary => return Err(OptionError::ColoredPrimary(item)),
                Some("") => return Err(OptionError::EmptyColor),
                _ => {}
            }
        }
        let plain: Vec<usize> = items.iter().map(|&(item, _)| item).collect();
        let option = self.add_option(&plain)?;
        if items.iter().any(|(_, color)| color.is_some()) {
            let colors = items
                .iter()
                .map(|&(_, color)| color.map_or(0, |name| self.color_number(name)))
                .collect();
            self.colors[option] = colors;
        }
        Ok(option)
    }

    /// The number of the color named `name`, numbering it if it is new.
    fn color_number(&mut self, name: &str) -> u32 {
        let known = self.color_names.iter().position(|known| known == name);
        let index = known.unwrap_or_else(|| {
            self.color_names.push(name.to_string());
            self.color_names.len() - 1
        });
        index as u32 + 1
    }

    /// Adds an option made of the items with these names, `item:color`
    /// giving a secondary item a color; returns its index. (Each name is
    /// looked up among the items: for problems built by hand; builders of
    /// large problems pass indices to [`Problem::add_option`].)
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
        let nodes = names
            .iter()
            .map(|&name| {
                let (name, color) = match name.split_once(':') {
                    Some((name, color)) => (name, Some(color)),
                    None => (name, None),
                };
                let item = self.items.iter().position(|item| item == name);
                item.map(|item| (item, color))
                    .ok_or_else(|| OptionError::UnknownName(name.to_string()))
            })
            .collect::<Result<Vec<(usize, Option<&str>)>, OptionError>>()?;
        self.add_colored_option(&nodes)
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

    /// Whether some option gives an item a color.
    pub fn has_colors(&self) -> bool {
        !self.color_names.is_empty()
    }

    /// The colors of option `option`'s items, in its order (`0`: none).
    pub fn option_colors(&self, option: usize) -> impl Iterator<Item = u32> + '_ {
        let colors = &self.colors[option];
        (0..self.options[option].len()).map(move |at| colors.get(at).copied().unwrap_or(0))
    }

    /// The name of color `color` (numbered from 1).
    pub fn color_name(&self, color: u32) -> &str {
        &self.color_names[color as usize - 1]
    }

    /// The option with index `option` as item names joined by spaces,
    /// each colored item as `item:color`.
    pub fn option_text(&self, option: usize) -> String {
        self.options[option]
            .iter()
            .zip(self.option_colors(option))
            .map(|(&item, color)| {
                let name = self.items[item as usize].as_str();
                match color {
                    0 => name.to_string(),
                    color => format!("{name}:{}", self.color_name(color)),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The problem in Knuth's DLX text format.
    pub fn to_dlx(&self) -> String {
        let primary: Vec<String> = (0..self.primary)
            .map(|item| match self.bounds(item) {
                (1, 1) => self.items[item].clone(),
                (lo, hi) if lo == hi => format!("{hi}|{}", self.items[item]),
                (lo, hi) => format!("{lo}:{hi}|{}", self.items[item]),
            })
            .collect();
        let mut text = primary.join(" ");
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
