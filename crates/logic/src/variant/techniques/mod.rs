//! The techniques of the general model, each finding the first step of
//! its kind on a [`VariantBoard`], houses and cells in the puzzle's order.
//!
//! Invariant: a step only places a value that every completion of the
//! board holds, and only removes a candidate that none holds: each
//! reasons from the rules alone (a unit holds every value once, a house
//! no value twice, a cage adds up to its sum), and a forcing chain removes
//! a candidate only when placing it breaks them (a nested one, when what
//! placing it forces, with the removals of chains inside its run, does).

mod cages;
mod fish;
mod forcing;
mod intersections;
mod matching;
mod singles;
mod subsets;

use super::board::{bit, values_of, House, VariantBoard};
use super::step::{VariantStep, VariantTechnique};
use crate::path::found_or_stopped;
use crate::step::{Scale, Technique};
use gridsolve_sudoku::variant::CellName;
use gridsolve_sudoku::{Budget, StopReason};

/// The easiest step on `board` in `scale`'s order
/// ([`VariantTechnique::in_order`]), if any technique finds one.
///
/// ```
/// use gridsolve_logic::{next_variant_step, Scale, Technique, VariantBoard, VariantTechnique};
/// use gridsolve_sudoku::variant::read;
///
/// // An X-Sudoku 4×4: r4c4 lies on the diagonal with 1, 2 and 3.
/// let document = r#"{"size": 4, "diagonals": true, "givens": "1....2....3....."}"#;
/// let (puzzle, _) = read(document, None).unwrap();
/// let step = next_variant_step(&VariantBoard::new(&puzzle), Scale::Explainer).unwrap();
/// assert_eq!(step.technique, VariantTechnique::Classic(Technique::FullHouse));
/// assert_eq!(
///     step.explanation.to_string(),
///     "r4c4 is the last empty cell of the diagonal r1c1-r4c4, so it holds 4 (full house)"
/// );
/// ```
pub fn next_variant_step(board: &VariantBoard, scale: Scale) -> Option<VariantStep> {
    next_variant_step_among(board, scale, &Budget::default())
}

/// [`next_variant_step`] within `budget` (its deadline and cancel flag,
/// which the forcing chains read before each candidate they assume): `Err`
/// says why the budget stopped the search, `Ok(None)` that no technique
/// finds a step.
///
/// ```
/// use gridsolve_logic::{next_variant_step_within, Scale, VariantBoard, VariantTechnique};
/// use gridsolve_sudoku::variant::read;
/// use gridsolve_sudoku::{Budget, StopReason};
/// use std::time::Duration;
///
/// // A 6×6 whose next step is a forcing chain.
/// let (puzzle, _) = read(".24.36\n6.32..\n265..3\n431625\n..63.2\n3.2.6.\n", None).unwrap();
/// let board = VariantBoard::new(&puzzle);
/// let found = next_variant_step_within(&board, Scale::Explainer, &Budget::default());
/// assert_eq!(found.unwrap().unwrap().technique, VariantTechnique::ForcingChain);
/// // A deadline already passed stops the chains' search, and says so.
/// let spent = Budget::default().with_timeout(Duration::ZERO);
/// let found = next_variant_step_within(&board, Scale::Explainer, &spent);
/// assert_eq!(found, Err(StopReason::Deadline));
/// ```
pub fn next_variant_step_within(
    board: &VariantBoard,
    scale: Scale,
    budget: &Budget,
) -> Result<Option<VariantStep>, StopReason> {
    found_or_stopped(next_variant_step_among(board, scale, budget), budget)
}

/// The easiest step on `board` in `scale`'s order, none when the
/// techniques find nothing or `budget` stops the forcing chains.
pub(crate) fn next_variant_step_among(
    board: &VariantBoard,
    scale: Scale,
    budget: &Budget,
) -> Option<VariantStep> {
    VariantTechnique::in_order(scale)
        .into_iter()
        .find_map(|technique| find(board, technique, budget))
}

/// The first step of `technique` on `board` (a forcing chain's within
/// `budget`).
fn find(board: &VariantBoard, technique: VariantTechnique, budget: &Budget) -> Option<VariantStep> {
    let classic = match technique {
        VariantTechnique::CageCombinations => return cages::combinations(board),
        VariantTechnique::Innies => return cages::innies(board),
        VariantTechnique::Outies => return cages::outies(board),
        VariantTechnique::RequiredValue => return cages::required_value(board),
        VariantTechnique::ForcingChain => return forcing::forcing_chain(board, budget),
        VariantTechnique::NestedForcingChain => {
            return forcing::nested_forcing_chain(board, budget)
        }
        VariantTechnique::Classic(classic) => classic,
    };
    match classic {
        Technique::FullHouse => singles::full_house(board),
        Technique::HiddenSingleBox => singles::hidden_single(board, true),
        Technique::HiddenSingleLine => singles::hidden_single(board, false),
        Technique::NakedSingle => singles::naked_single(board),
        Technique::Pointing => intersections::locked(board, true),
        Technique::Claiming => intersections::locked(board, false),
        Technique::NakedPair => subsets::naked(board, 2),
        Technique::NakedTriple => subsets::naked(board, 3),
        Technique::NakedQuad => subsets::naked(board, 4),
        Technique::HiddenPair => subsets::hidden(board, 2),
        Technique::HiddenTriple => subsets::hidden(board, 3),
        Technique::HiddenQuad => subsets::hidden(board, 4),
        Technique::XWing => fish::basic(board, 2),
        Technique::Swordfish => fish::basic(board, 3),
        Technique::Jellyfish => fish::basic(board, 4),
        _ => None,
    }
}

/// A step's parts by cell index and value mask, named by
/// [`Draft::named`].
struct Draft {
    technique: VariantTechnique,
    cells: Vec<usize>,
    units: Vec<String>,
    values: u32,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
}

impl Draft {
    /// The draft of a step that removes `eliminations`, proved by `cells`
    /// holding `values` in `units`.
    fn removal(
        technique: VariantTechnique,
        cells: Vec<usize>,
        units: Vec<String>,
        values: u32,
        eliminations: Vec<(usize, u8)>,
    ) -> Draft {
        Draft {
            technique,
            cells,
            units,
            values,
            placements: Vec::new(),
            eliminations,
        }
    }

    /// The draft of a step that places `value` in `cell`, proved by that
    /// cell in `units`.
    fn placement(technique: VariantTechnique, cell: usize, value: u8, units: Vec<String>) -> Draft {
        Draft {
            technique,
            cells: vec![cell],
            units,
            values: bit(value),
            placements: vec![(cell, value)],
            eliminations: Vec::new(),
        }
    }

    /// The step, its cells named on `board`, with `explanation`.
    fn named(self, board: &VariantBoard, explanation: String) -> VariantStep {
        VariantStep {
            technique: self.technique,
            cells: names(board, &self.cells),
            units: self.units,
            values: values_of(self.values).collect(),
            placements: named_moves(board, &self.placements),
            eliminations: named_moves(board, &self.eliminations),
            explanation: explanation.into(),
        }
    }
}

/// The names of `cells`.
fn names(board: &VariantBoard, cells: &[usize]) -> Vec<CellName> {
    cells.iter().map(|&cell| board.cell_name(cell)).collect()
}

/// `moves` (placements or removals), their cells named.
fn named_moves(board: &VariantBoard, moves: &[(usize, u8)]) -> Vec<(CellName, u8)> {
    moves
        .iter()
        .map(|&(cell, value)| (board.cell_name(cell), value))
        .collect()
}

/// A value confined to `places` (in house `except`), all of which lie in
/// another house too: the first such house where the value has other
/// places, which it then leaves, and those removals.
fn locked_elsewhere<'a>(
    board: &'a VariantBoard,
    places: &[usize],
    value: u8,
    except: usize,
) -> Option<(&'a House, Vec<(usize, u8)>)> {
    let houses = board.houses();
    let others = board.houses_of(*places.first()?).iter();
    others.filter(|&&other| other != except).find_map(|&other| {
        let cover = &houses[other];
        if !places.iter().all(|cell| cover.cells.contains(cell)) {
            return None;
        }
        let eliminations: Vec<(usize, u8)> = board
            .places(cover, value)
            .into_iter()
            .filter(|cell| !places.contains(cell))
            .map(|cell| (cell, value))
            .collect();
        (!eliminations.is_empty()).then_some((cover, eliminations))
    })
}

/// For each of `cells`, its candidates in `gone`, as removals.
fn removals(
    board: &VariantBoard,
    cells: impl IntoIterator<Item = usize>,
    gone: u32,
) -> Vec<(usize, u8)> {
    cells
        .into_iter()
        .flat_map(|cell| values_of(board.candidates(cell) & gone).map(move |value| (cell, value)))
        .collect()
}

/// Whether `mask` holds `value`.
fn holds(mask: u32, value: u8) -> bool {
    mask & bit(value) != 0
}
