//! One deduction on a puzzle of the general model: the technique, what
//! proves it, what it changes, and its sentence, the values in it marked
//! so that it reads in the puzzle's own symbols.

use super::board::VariantBoard;
use crate::detail::{told_short, Detail};
use crate::sentence::Sentence;
use crate::step::{cell_list, digit_list, Rating, Scale, Technique};
use gridsolve_sudoku::variant::CellName;
use std::fmt;

/// The techniques that work on every grid of the general model: the
/// classic ones that reason about units alone (singles, locked
/// candidates, naked and hidden subsets, basic fish on rows and columns),
/// the combinations of a Killer cage, and forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantTechnique {
    /// A classic technique, reasoning about any unit as it does about a
    /// row, a column or a box.
    Classic(Technique),
    /// The values a cage's open cells can still add up to its sum with:
    /// a candidate that no filling of the cage uses leaves.
    CageCombinations,
    /// The rule of 45 (on a 9×9; the sum of 1 to N on any grid): a unit's
    /// (or a run of two or three rows' or columns') cells outside the
    /// cages lying wholly inside it make what those cages leave of its
    /// sum, so they fill like a cage (in one house, with distinct values;
    /// up to four cells in several, distinct where they share one).
    Innies,
    /// The rule of 45 the other way: the cages reaching into a unit or a
    /// run (every cell of it caged) make their sums, the unit the sum of 1
    /// to N, so their cells outside it make the rest, and fill as innies
    /// do.
    Outies,
    /// A value every filling of a cage uses: it is in the cage, so where
    /// its places there all lie in another house, it leaves that house's
    /// other cells (and with one place, it goes there).
    RequiredValue,
    /// A candidate that, placed, forces a clash with the rules (by
    /// singles, what a cage's sum leaves its last cell, and once those run
    /// out cage fillings and values locked in a unit): it leaves its
    /// cell. Tried after every other technique but the nested chains; no
    /// scale rates it, as its chains are not Sudoku Explainer's.
    ForcingChain,
    /// A forcing chain whose run, where the rules above run out, removes
    /// each candidate that a forcing chain of its own (a supposition
    /// followed on the run's board) shows would clash, and goes on: level
    /// 2 of nesting. The last resort, tried when no plain forcing chain is
    /// found; unrated, as [`VariantTechnique::ForcingChain`] is.
    NestedForcingChain,
}

impl VariantTechnique {
    /// The classic techniques that hold on every grid (a hidden single
    /// "in a box" is one in a box or jigsaw region; "in a line", in a row,
    /// a column or an extra unit).
    const CLASSIC: [Technique; 15] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
    ];

    /// The techniques in the order `scale` tries them, the Killer ones
    /// (cage combinations, innies, outies, required values) right after
    /// the singles (before any locked candidates), as Killer solvers take
    /// them, and forcing chains last, the nested ones after the plain.
    ///
    /// ```
    /// use gridsolve_logic::{Scale, Technique, VariantTechnique};
    ///
    /// let order = VariantTechnique::in_order(Scale::Hodoku);
    /// assert_eq!(order[1], VariantTechnique::Classic(Technique::NakedSingle));
    /// assert_eq!(order[4], VariantTechnique::CageCombinations);
    /// assert_eq!(order[5], VariantTechnique::Innies);
    /// assert_eq!(order.len(), 21);
    /// assert_eq!(order[19], VariantTechnique::ForcingChain);
    /// assert_eq!(order[20], VariantTechnique::NestedForcingChain);
    /// ```
    pub fn in_order(scale: Scale) -> Vec<VariantTechnique> {
        let mut order: Vec<VariantTechnique> = scale
            .techniques()
            .iter()
            .filter(|technique| Self::CLASSIC.contains(technique))
            .map(|&technique| VariantTechnique::Classic(technique))
            .collect();
        let first_lock = order
            .iter()
            .position(|&technique| technique == VariantTechnique::Classic(Technique::Pointing))
            .expect("both scales have locked candidates");
        let sums = [
            VariantTechnique::CageCombinations,
            VariantTechnique::Innies,
            VariantTechnique::Outies,
            VariantTechnique::RequiredValue,
        ];
        order.splice(first_lock..first_lock, sums);
        order.extend([
            VariantTechnique::ForcingChain,
            VariantTechnique::NestedForcingChain,
        ]);
        order
    }

    /// The name solvers use.
    pub fn name(self) -> &'static str {
        match self {
            VariantTechnique::Classic(technique) => technique.name(),
            VariantTechnique::CageCombinations => "cage combinations",
            VariantTechnique::Innies => "innies",
            VariantTechnique::Outies => "outies",
            VariantTechnique::RequiredValue => "required value",
            VariantTechnique::ForcingChain => "forcing chain",
            VariantTechnique::NestedForcingChain => "nested forcing chain",
        }
    }

    /// The classic technique, if it is one.
    pub fn classic(self) -> Option<Technique> {
        match self {
            VariantTechnique::Classic(technique) => Some(technique),
            VariantTechnique::CageCombinations
            | VariantTechnique::Innies
            | VariantTechnique::Outies
            | VariantTechnique::RequiredValue
            | VariantTechnique::ForcingChain
            | VariantTechnique::NestedForcingChain => None,
        }
    }

    /// Sudoku Explainer's rating of the classic technique; `None` for the
    /// Killer techniques, which its scale does not know, and for forcing
    /// chains, which are not its own.
    pub fn rating(self) -> Option<Rating> {
        self.classic().map(Technique::rating)
    }

    /// HoDoKu's base score of the classic technique; `None` for the Killer
    /// techniques and forcing chains.
    pub fn hodoku_score(self) -> Option<u32> {
        self.classic().map(Technique::hodoku_score)
    }
}

impl fmt::Display for VariantTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction on a board of the general model.
///
/// ```
/// use gridsolve_logic::{next_variant_step, Scale, VariantBoard};
/// use gridsolve_sudoku::variant::read;
///
/// let (puzzle, _) = read("123.\n....\n....\n....\n", None).unwrap();
/// let step = next_variant_step(&VariantBoard::new(&puzzle), Scale::Explainer).unwrap();
/// assert_eq!(
///     step.explanation.to_string(),
///     "r1c4 is the last empty cell of row 1, so it holds 4 (full house)"
/// );
/// assert_eq!(step.placements, vec![(puzzle.cell_name(3), 4)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantStep {
    /// How it was found.
    pub technique: VariantTechnique,
    /// The cells whose candidates prove it.
    pub cells: Vec<CellName>,
    /// The units and cages it reasons about, by name ("region 3", "the
    /// diagonal r1c1-r9c9", "cage 2 (sum 10)").
    pub units: Vec<String>,
    /// The values it reasons about, in increasing order.
    pub values: Vec<u8>,
    /// The values it places.
    pub placements: Vec<(CellName, u8)>,
    /// The candidates it removes.
    pub eliminations: Vec<(CellName, u8)>,
    /// Why, in one sentence (in the puzzle's symbols with
    /// [`Sentence::in_symbols`]).
    pub explanation: Sentence,
}

impl VariantStep {
    /// Makes the step's placements and eliminations on `board`.
    pub fn apply(&self, board: &mut VariantBoard) {
        for &(name, value) in &self.placements {
            board.place(board.cell_at(name), value);
        }
        for &(name, value) in &self.eliminations {
            board.eliminate(board.cell_at(name), value);
        }
    }

    /// The step told in `detail`, as [`crate::Step::told`] tells a
    /// classic one.
    ///
    /// ```
    /// use gridsolve_logic::{next_variant_step, Detail, Scale, VariantBoard};
    /// use gridsolve_sudoku::variant::read;
    ///
    /// let (puzzle, _) = read("123.\n....\n....\n....\n", None).unwrap();
    /// let step = next_variant_step(&VariantBoard::new(&puzzle), Scale::Explainer).unwrap();
    /// assert_eq!(step.told(Detail::Vague).to_string(), "Next step: full house.");
    /// assert_eq!(
    ///     step.told(Detail::Concrete).to_string(),
    ///     "Next step: full house, on 4 in row 1; look at r1c4."
    /// );
    /// ```
    pub fn told(&self, detail: Detail) -> Sentence {
        if detail == Detail::Full {
            return self.explanation.clone();
        }
        let cells = cell_list(&self.cells);
        let values = digit_list(self.values.iter().copied());
        told_short(self.technique.name(), detail, &values, &self.units, &cells)
    }
}
