//! Exact-cover search steps in words, for the trace renderers of
//! `gridsolve-search`: slots are items (by name), choices are options
//! (by their items' names), as Knuth's DLX programs print them.

use crate::problem::Problem;
use gridsolve_search::Vocabulary;

/// Names the steps of a search of `problem`: the item branched on, the
/// option chosen.
///
/// ```
/// use gridsolve_cover::{CoverVocabulary, Problem, Vocabulary};
///
/// let mut problem = Problem::new(["a", "b"], Vec::<String>::new());
/// problem.add_option(&[0, 1]).unwrap();
/// let words = CoverVocabulary(&problem);
/// assert_eq!(words.slot(1), "b");
/// assert_eq!(words.choice(&0), "a b");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CoverVocabulary<'a>(pub &'a Problem);

impl Vocabulary<usize> for CoverVocabulary<'_> {
    fn slot(&self, item: usize) -> String {
        self.0
            .items()
            .get(item)
            .cloned()
            .unwrap_or_else(|| format!("item {item}"))
    }
    fn slot_of(&self, option: &usize) -> usize {
        self.0
            .options()
            .nth(*option)
            .and_then(|items| items.first())
            .map_or(usize::MAX, |&item| item as usize)
    }
    fn value(&self, option: &usize) -> String {
        self.0.option_text(*option)
    }
    fn choice(&self, option: &usize) -> String {
        self.0.option_text(*option)
    }
    fn slot_kind(&self) -> &str {
        "item"
    }
    fn complete(&self) -> &str {
        "every primary item covered"
    }
}
