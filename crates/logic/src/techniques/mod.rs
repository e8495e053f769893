//! The techniques, each in the module of its family, and the search for
//! the easiest step on a board: each technique, in [`Technique::ALL`]'s
//! order, is asked for a step, and the first found is the one taken.
//!
//! Every technique only removes a candidate that no completion of the
//! board can hold there, or places a digit every completion holds; tests
//! check each step against the unique solution of the puzzle.

mod aligned;
mod als_wings;
mod chains;
mod direct;
mod fish;
mod forcing;
mod intersections;
mod single_digit;
mod singles;
mod strong_links;
mod subsets;
mod unique;
mod wings;

pub(crate) use strong_links::two_link_shape;

use crate::board::Board;
use crate::path::found_or_stopped;
use crate::step::{Scale, Step, Technique};
use gridsolve_sudoku::{Budget, Cell, Digit, StopReason, Unit};

/// The step `technique` finds on `board`, if any.
pub fn find(board: &Board, technique: Technique) -> Option<Step> {
    find_within(board, technique, &Budget::default())
}

/// [`find`] within `budget`: the forcing chains give up (finding nothing)
/// once it is spent.
pub(crate) fn find_within(board: &Board, technique: Technique, budget: &Budget) -> Option<Step> {
    match technique {
        Technique::FullHouse => singles::full_house(board),
        Technique::HiddenSingleBox => singles::hidden_single(board, true),
        Technique::HiddenSingleLine => singles::hidden_single(board, false),
        Technique::DirectPointing => direct::locked_candidates(board, true),
        Technique::DirectClaiming => direct::locked_candidates(board, false),
        Technique::DirectHiddenPair => direct::hidden_subset(board, 2),
        Technique::NakedSingle => singles::naked_single(board),
        Technique::DirectHiddenTriple => direct::hidden_subset(board, 3),
        Technique::Pointing => intersections::locked_candidates(board, true),
        Technique::Claiming => intersections::locked_candidates(board, false),
        Technique::NakedPair => subsets::naked(board, 2),
        Technique::NakedTriple => subsets::naked(board, 3),
        Technique::NakedQuad => subsets::naked(board, 4),
        Technique::HiddenPair => subsets::hidden(board, 2),
        Technique::HiddenTriple => subsets::hidden(board, 3),
        Technique::HiddenQuad => subsets::hidden(board, 4),
        Technique::XWing => fish::fish(board, 2),
        Technique::Swordfish => fish::fish(board, 3),
        Technique::Jellyfish => fish::fish(board, 4),
        Technique::StrongLinks(count) => strong_links::strong_links(board, usize::from(count)),
        Technique::UniqueLoop => unique::unique_loop(board),
        Technique::BugOne | Technique::BugTwo | Technique::BugThree | Technique::BugFour => {
            of_technique(&unique::bug(board), technique)
        }
        Technique::XyWing => wings::wing(board, false),
        Technique::XyzWing => wings::wing(board, true),
        Technique::AlsWing(size) => als_wings::als_wing(board, usize::from(size)),
        Technique::AlignedPair => aligned::aligned_exclusion(board, 2),
        Technique::AlignedTriple => aligned::aligned_exclusion(board, 3),
        Technique::NishioChain => forcing::best(board, forcing::Tier::Nishio, budget),
        Technique::MultipleChain => forcing::best(board, forcing::Tier::Multiple, budget),
        Technique::DynamicChain => forcing::best(board, forcing::Tier::Dynamic, budget),
        Technique::DynamicPlusChain => forcing::best(board, forcing::Tier::DynamicPlus, budget),
        Technique::NestedChain(level) => forcing::best(board, forcing::Tier::Nested(level), budget),
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
            strong_links::two_links(board, technique)
        }
        Technique::EmptyRectangle => single_digit::empty_rectangle(board),
        Technique::SimpleColors => single_digit::simple_colors(board),
        Technique::WWing => wings::w_wing(board),
        Technique::FinnedFish(size) => fish::finned(board, usize::from(size)),
        chain => chains::best(board).filter(|step| step.technique == chain),
    }
}

/// The easiest step on `board`: the first technique of
/// [`Technique::ALL`] that finds one. `None` when the board is full or
/// every technique is stuck.
///
/// ```
/// use gridsolve_logic::{next_step, Board, Technique};
/// use gridsolve_sudoku::{Cell, Grid};
///
/// // Row 1 holds 1 to 8: its last cell is a full house.
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let step = next_step(&Board::new(&grid).unwrap()).unwrap();
/// assert_eq!(step.technique, Technique::FullHouse);
/// assert_eq!(step.placements[0].0, Cell::at(0, 8).unwrap());
/// ```
pub fn next_step(board: &Board) -> Option<Step> {
    next_step_among(board, &Technique::ALL, &Budget::default())
}

/// [`next_step`] within `budget`; `Err` says why the budget stopped the
/// search before it could tell.
///
/// ```
/// use gridsolve_logic::{next_step_within, Board};
/// use gridsolve_sudoku::{Budget, Grid};
///
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let step = next_step_within(&Board::new(&grid).unwrap(), &Budget::default());
/// assert!(step.unwrap().is_some());
/// ```
pub fn next_step_within(board: &Board, budget: &Budget) -> Result<Option<Step>, StopReason> {
    next_step_on(board, Scale::Explainer, budget)
}

/// [`next_step_within`] in the order of `scale`'s techniques.
///
/// ```
/// use gridsolve_logic::{next_step_on, Board, Scale, Technique};
/// use gridsolve_sudoku::{Budget, Grid};
///
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let step = next_step_on(&Board::new(&grid).unwrap(), Scale::Hodoku, &Budget::default());
/// assert_eq!(step.unwrap().unwrap().technique, Technique::FullHouse);
/// ```
pub fn next_step_on(
    board: &Board,
    scale: Scale,
    budget: &Budget,
) -> Result<Option<Step>, StopReason> {
    next_step_or_stop(board, scale.techniques(), budget)
}

/// [`next_step_among`], telling a board where `techniques` find nothing
/// (`Ok(None)`) from a search `budget` cut short (`Err`, why): a chain
/// search the budget stops finds nothing.
pub(crate) fn next_step_or_stop(
    board: &Board,
    techniques: &[Technique],
    budget: &Budget,
) -> Result<Option<Step>, StopReason> {
    found_or_stopped(next_step_among(board, techniques, budget), budget)
}

/// The first step of `techniques`, in their order, on `board` (the
/// forcing chains give up once `budget` is spent).
///
/// The nested forcing chains of levels 3 to 5 are searched only on a
/// board with one completion: on an open board with many (a puzzle with
/// few givens) they would take hours, and no technique can finish such a
/// board anyway.
pub(crate) fn next_step_among(
    board: &Board,
    techniques: &[Technique],
    budget: &Budget,
) -> Option<Step> {
    // The chains are searched together, once: the best of them all is
    // the step, whichever kind it is; so are the four BUG types.
    let mut best_chain = None;
    let mut bug = None;
    let mut unique = None;
    techniques.iter().find_map(|&technique| match technique {
        _ if technique.is_chain() => of_technique(
            best_chain.get_or_insert_with(|| chains::best(board)),
            technique,
        ),
        Technique::BugOne | Technique::BugTwo | Technique::BugThree | Technique::BugFour => {
            of_technique(bug.get_or_insert_with(|| unique::bug(board)), technique)
        }
        Technique::NestedChain(level)
            if level >= 3 && !*unique.get_or_insert_with(|| has_one_completion(board, budget)) =>
        {
            None
        }
        _ => find_within(board, technique, budget),
    })
}

/// `found`, when it is a step of `technique`.
fn of_technique(found: &Option<Step>, technique: Technique) -> Option<Step> {
    found
        .as_ref()
        .filter(|step| step.technique == technique)
        .cloned()
}

/// Whether `board` has exactly one completion (as far as `budget` lets
/// the count go).
fn has_one_completion(board: &Board, budget: &Budget) -> bool {
    let found = board.completions(budget);
    found.count == 1 && found.stopped.is_none()
}

/// The strong links of `digit` between two cells: the units where it has
/// exactly two places, and those places.
fn conjugate_pairs(board: &Board, digit: Digit) -> Vec<(Unit, Cell, Cell)> {
    Unit::all()
        .filter_map(|unit| {
            let mut places = board.places(unit, digit);
            match (places.next(), places.next(), places.next()) {
                (Some(first), Some(second), None) => Some((unit, first, second)),
                _ => None,
            }
        })
        .collect()
}

/// The `size`-element subsets of `items` (at most 31), in the order of
/// their position masks: each next subset is the next larger mask with
/// `size` bits (Gosper's step), so only those masks are visited, one at a
/// time.
pub(crate) fn subsets_of<T: Copy>(items: &[T], size: usize) -> impl Iterator<Item = Vec<T>> {
    assert!(items.len() < 32, "{} items", items.len());
    let items = items.to_vec();
    let end = 1u64 << items.len();
    let first = (size <= items.len()).then(|| (1u64 << size) - 1);
    std::iter::successors(first, move |&mask| {
        let lowest = mask & mask.wrapping_neg();
        let carried = mask + lowest;
        let next = (((carried ^ mask) >> 2) / lowest.max(1)) | carried;
        (mask != 0 && next < end).then_some(next)
    })
    .map(move |mask| {
        items
            .iter()
            .enumerate()
            .filter(|&(index, _)| mask >> index & 1 != 0)
            .map(|(_, &item)| item)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::subsets_of;

    #[test]
    fn subsets_are_every_subset_of_the_size_in_mask_order() {
        for count in 0..=10usize {
            let items: Vec<usize> = (0..count).collect();
            for size in 0..=count + 1 {
                let expected: Vec<Vec<usize>> = (0u32..1 << count)
                    .filter(|mask| mask.count_ones() as usize == size)
                    .map(|mask| {
                        items
                            .iter()
                            .copied()
                            .filter(|&i| mask >> i & 1 != 0)
                            .collect()
                    })
                    .collect();
                assert_eq!(subsets_of(&items, size).collect::<Vec<_>>(), expected);
            }
        }
        assert_eq!(subsets_of(&[0u8; 25], 4).count(), 12_650);
    }
}
