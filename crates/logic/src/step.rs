//! One deduction: the technique, what proves it, what it changes, and the
//! sentence that says why.

use crate::board::Board;
use crate::sentence::{Said, Sentence};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit};
use std::fmt;

/// The human techniques, in the order of their Sudoku Explainer rating
/// (easiest first); the engine looks for them in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A pointing whose eliminations leave its digit one place in another
    /// box: that digit is placed.
    DirectPointing,
    /// A claiming whose eliminations leave its digit one place in another
    /// line: that digit is placed.
    DirectClaiming,
    /// A hidden pair whose eliminations leave another digit one place in
    /// its unit: that digit is placed.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple whose eliminations leave another digit one place in
    /// its unit: that digit is placed.
    DirectHiddenTriple,
    /// A digit confined, inside a box, to one row or column: it leaves the
    /// rest of that line.
    Pointing,
    /// A digit confined, inside a row or column, to one box: it leaves the
    /// rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or rows in
    /// two columns).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// The three-line fish.
    Swordfish,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// A chain of this many (2 to 6) strong links on one digit (two
    /// links: a skyscraper, 2-string kite or turbot fish).
    StrongLinks(u8),
    /// A two-candidate cell and two of its peers that force one digit into
    /// one of two cells.
    XyWing,
    /// An XY-Wing whose pivot also holds the digit removed.
    XyzWing,
    /// Cells of two digits closing a loop that would let them swap (a
    /// unique rectangle, or a longer unique loop): the puzzle's one
    /// solution forbids it.
    UniqueLoop,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// The four-line fish.
    Jellyfish,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
    /// Every empty cell but one has two candidates (a bivalue universal
    /// grave, which would have two solutions): that one takes its extra
    /// digit.
    BugOne,
    /// A bivalue universal grave but for cells sharing one extra digit: it
    /// leaves their common peers.
    BugTwo,
    /// A bivalue universal grave but for two cells of a unit sharing one
    /// other digit: each holds its extra digit or that one.
    BugFour,
    /// A bivalue universal grave but for cells of one unit whose extra
    /// digits, as one cell, form a naked subset with other cells.
    BugThree,
    /// An almost locked set of `n - 1` cells of a unit holding `n` digits
    /// and a two-candidate cell whose digits are both in it, one of them
    /// seeing all its places in the set (WXYZ-Wing for `n` = 4 to
    /// TUVWXYZ-Wing for 7).
    AlsWing(u8),
    /// Two cells whose candidates, tried together, leave some peer of
    /// both without a candidate, or repeat a digit, unless some are
    /// removed.
    AlignedPair,
    /// The same for three cells.
    AlignedTriple,
    /// A cycle of one digit's strong and weak links in units.
    XCycle,
    /// A cycle through two-candidate cells.
    YCycle,
    /// A chain of one digit's links that forces a candidate's negation.
    ForcingXChain,
    /// A cycle mixing links in units and in cells.
    Cycle,
    /// A chain mixing links in units and in cells that forces a
    /// candidate's negation.
    ForcingChain,
    /// An assumption whose consequences through one digit's links, on the
    /// board as they leave it, contradict themselves.
    NishioChain,
    /// What every candidate of a cell, or every place of a digit in a
    /// unit, implies.
    MultipleChain,
    /// Forcing chains on the board as each assumption leaves it:
    /// contradictions, double implications, cell and unit conclusions.
    DynamicChain,
    /// Dynamic forcing chains whose assumptions also apply the basic
    /// techniques (locked candidates, hidden and naked pairs, X-Wing).
    DynamicPlusChain,
    /// Dynamic forcing chains whose assumptions also apply the basic
    /// techniques and chains, by Sudoku Explainer's nesting level: 2, the
    /// static forcing chains and cycles; 3, those and the multiple forcing
    /// chains; 4, the dynamic forcing chains; 5, those and the level 2
    /// nested chains.
    NestedChain(u8),
    /// HoDoKu's skyscraper: two plain strong links (two places each) in
    /// lines of one kind (two rows, or two columns), joined end to start
    /// (Sudoku Explainer's chains of two strong links may be grouped).
    Skyscraper,
    /// HoDoKu's 2-string kite: two plain strong links, one in a row and
    /// one in a column, joined end to start in a box.
    TwoStringKite,
    /// HoDoKu's turbot fish: two plain strong links, one or both of them
    /// in a box, joined end to start. HoDoKu tries its three shapes of
    /// two strong links before its empty rectangle.
    TurbotFish,
    /// HoDoKu's empty rectangle: a digit's places in a box lie on one row
    /// and one column of it, and a strong link of the digit ends on that
    /// row (or column). Not in Sudoku Explainer, which finds the same
    /// removals as a grouped chain of two strong links.
    EmptyRectangle,
    /// HoDoKu's W-Wing: two cells holding the same two digits, linked by
    /// a strong link of one of them whose ends see them.
    WWing,
    /// HoDoKu's finned fish of this many lines (2: finned X-Wing, 3:
    /// finned Swordfish): a fish but for extra places (the fins) in one
    /// box.
    FinnedFish(u8),
    /// HoDoKu's simple colours: one digit's strong links coloured in two
    /// alternating colours (a wrap: one colour sees itself; a trap: a
    /// cell sees both colours).
    SimpleColors,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 50] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::StrongLinks(2),
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::StrongLinks(3),
        Technique::AlsWing(4),
        Technique::BugOne,
        Technique::BugTwo,
        Technique::BugFour,
        Technique::BugThree,
        Technique::StrongLinks(4),
        Technique::AlsWing(5),
        Technique::AlignedPair,
        Technique::StrongLinks(5),
        Technique::AlsWing(6),
        Technique::StrongLinks(6),
        Technique::XCycle,
        Technique::YCycle,
        Technique::ForcingXChain,
        Technique::Cycle,
        Technique::ForcingChain,
        Technique::AlsWing(7),
        Technique::AlignedTriple,
        Technique::NishioChain,
        Technique::MultipleChain,
        Technique::DynamicChain,
        Technique::DynamicPlusChain,
        Technique::NestedChain(2),
        Technique::NestedChain(3),
        Technique::NestedChain(4),
        Technique::NestedChain(5),
    ];

    /// The techniques HoDoKu and sudokuwiki teach that Sudoku Explainer
    /// does not (it reaches their removals by its chains): they are not in
    /// [`Technique::ALL`], so the rating never takes them, but
    /// [`Technique::HODOKU`] does, for hints and explanations on HoDoKu's
    /// scale.
    pub const HODOKU_ONLY: [Technique; 8] = [
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::FinnedFish(2),
        Technique::FinnedFish(3),
        Technique::SimpleColors,
    ];

    /// The techniques in the order HoDoKu tries them (its own, those of
    /// [`Technique::HODOKU_ONLY`] among them, then those it lacks in the
    /// place of its techniques of the same kind), without Sudoku
    /// Explainer's direct techniques: the easiest step on HoDoKu's scale
    /// is the first of these that applies.
    pub const HODOKU: [Technique; 54] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::BugOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueLoop,
        Technique::BugTwo,
        Technique::BugThree,
        Technique::BugFour,
        Technique::FinnedFish(2),
        Technique::FinnedFish(3),
        Technique::SimpleColors,
        Technique::StrongLinks(2),
        Technique::StrongLinks(3),
        Technique::StrongLinks(4),
        Technique::StrongLinks(5),
        Technique::StrongLinks(6),
        Technique::XCycle,
        Technique::YCycle,
        Technique::ForcingXChain,
        Technique::Cycle,
        Technique::ForcingChain,
        Technique::AlsWing(4),
        Technique::AlsWing(5),
        Technique::AlsWing(6),
        Technique::AlsWing(7),
        Technique::AlignedPair,
        Technique::AlignedTriple,
        Technique::NishioChain,
        Technique::MultipleChain,
        Technique::DynamicChain,
        Technique::DynamicPlusChain,
        Technique::NestedChain(2),
        Technique::NestedChain(3),
        Technique::NestedChain(4),
        Technique::NestedChain(5),
    ];

    /// The name solvers use.
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert_eq!(Technique::XWing.name(), "X-Wing");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::StrongLinks(2) => "turbot fish",
            Technique::StrongLinks(3) => "3 strong links",
            Technique::StrongLinks(4) => "4 strong links",
            Technique::StrongLinks(5) => "5 strong links",
            Technique::StrongLinks(_) => "6 strong links",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueLoop => "unique rectangle or loop",
            Technique::BugOne => "BUG type 1",
            Technique::BugTwo => "BUG type 2",
            Technique::BugThree => "BUG type 3",
            Technique::BugFour => "BUG type 4",
            Technique::AlsWing(4) => "WXYZ-Wing",
            Technique::AlsWing(5) => "VWXYZ-Wing",
            Technique::AlsWing(6) => "UVWXYZ-Wing",
            Technique::AlsWing(_) => "TUVWXYZ-Wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::AlignedPair => "aligned pair exclusion",
            Technique::AlignedTriple => "aligned triple exclusion",
            Technique::XCycle => "bidirectional X-cycle",
            Technique::YCycle => "bidirectional Y-cycle",
            Technique::ForcingXChain => "forcing X-chain",
            Technique::Cycle => "bidirectional cycle",
            Technique::ForcingChain => "forcing chain",
            Technique::NishioChain => "Nishio forcing chain",
            Technique::MultipleChain => "multiple forcing chains",
            Technique::DynamicChain => "dynamic forcing chains",
            Technique::DynamicPlusChain => "dynamic forcing chains (+)",
            Technique::NestedChain(2) => "nested forcing chains (+ forcing chains)",
            Technique::NestedChain(3) => "nested forcing chains (+ multiple forcing chains)",
            Technique::NestedChain(4) => "nested forcing chains (+ dynamic forcing chains)",
            Technique::NestedChain(_) => "nested forcing chains (+ nested forcing chains)",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::WWing => "W-Wing",
            Technique::FinnedFish(2) => "finned X-Wing",
            Technique::FinnedFish(_) => "finned Swordfish",
            Technique::SimpleColors => "simple colors",
        }
    }

    /// Whether the technique is one of Sudoku Explainer's direct ones (a
    /// locked candidate or hidden subset taken for the single it leaves),
    /// which HoDoKu does not know.
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert!(Technique::DirectPointing.is_direct());
    /// assert!(!Technique::Pointing.is_direct());
    /// ```
    pub fn is_direct(self) -> bool {
        matches!(
            self,
            Technique::DirectPointing
                | Technique::DirectClaiming
                | Technique::DirectHiddenPair
                | Technique::DirectHiddenTriple
        )
    }

    /// Whether the technique is a forcing chain or cycle, searched with
    /// the others of its family for the easiest.
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert!(Technique::ForcingXChain.is_chain());
    /// assert!(!Technique::XyWing.is_chain());
    /// ```
    pub fn is_chain(self) -> bool {
        matches!(
            self,
            Technique::XCycle
                | Technique::YCycle
                | Technique::ForcingXChain
                | Technique::Cycle
                | Technique::ForcingChain
        )
    }

    /// The name, told apart where two techniques share one: `hidden
    /// single (box)` and `hidden single (line)`.
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert_eq!(Technique::HiddenSingleLine.label(), "hidden single (line)");
    /// assert_eq!(Technique::XWing.label(), "X-Wing");
    /// ```
    pub fn label(self) -> &'static str {
        match self {
            Technique::HiddenSingleBox => "hidden single (box)",
            Technique::HiddenSingleLine => "hidden single (line)",
            other => other.name(),
        }
    }

    /// The technique's difficulty on the Sudoku Explainer scale (for a
    /// chain, its shortest; [`Step::rating`] adds for length). HoDoKu's
    /// techniques, which Sudoku Explainer lacks, take the rating of the
    /// chain it finds their removals with: an empty rectangle that of a
    /// grouped pair of strong links (4.3), finned fish and simple colours
    /// that of a forcing X-chain (6.6), a W-Wing that of a forcing chain
    /// (7.0).
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert_eq!(Technique::NakedSingle.rating().to_string(), "2.3");
    /// ```
    pub fn rating(self) -> Rating {
        Rating(match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::StrongLinks(count) => {
                [40, 54, 58, 62, 66][usize::from(count.clamp(2, 6)) - 2]
            }
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueLoop => 45,
            Technique::BugOne => 56,
            Technique::BugTwo | Technique::BugFour => 57,
            Technique::BugThree => 58,
            Technique::AlsWing(size) => [55, 62, 66, 75][usize::from(size.clamp(4, 7)) - 4],
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::AlignedPair => 62,
            Technique::AlignedTriple => 75,
            Technique::XCycle | Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::Cycle | Technique::ForcingChain => 70,
            Technique::NishioChain => 75,
            Technique::MultipleChain => 80,
            Technique::DynamicChain => 85,
            Technique::DynamicPlusChain => 90,
            Technique::NestedChain(level) => 95 + 5 * (level.clamp(2, 5) - 2),
            // HoDoKu's techniques, at the rating of the chain Sudoku
            // Explainer would find their removals with.
            Technique::Skyscraper => 40,
            Technique::TwoStringKite | Technique::TurbotFish => 41,
            Technique::EmptyRectangle => 43,
            Technique::FinnedFish(_) | Technique::SimpleColors => 66,
            Technique::WWing => 70,
        })
    }
}

impl Technique {
    /// The technique's level on HoDoKu's five-level scale: singles are
    /// easy; locked candidates and naked or hidden pairs and triples
    /// (direct or not) medium; quads, X-Wing, Swordfish and the wings hard; Jellyfish
    /// unfair (extreme is for forcing chains and worse, which are not
    /// here).
    ///
    /// ```
    /// use gridsolve_logic::{Level, Technique};
    ///
    /// assert_eq!(Technique::HiddenSingleBox.level(), Level::Easy);
    /// assert_eq!(Technique::XWing.level(), Level::Hard);
    /// ```
    pub fn level(self) -> Level {
        match self {
            Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle => Level::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::DirectPointing
            | Technique::DirectClaiming
            | Technique::DirectHiddenPair
            | Technique::DirectHiddenTriple
            | Technique::NakedPair
            | Technique::HiddenPair
            | Technique::NakedTriple
            | Technique::HiddenTriple => Level::Medium,
            Technique::XWing
            | Technique::StrongLinks(2)
            | Technique::Swordfish
            | Technique::XyWing
            | Technique::XyzWing
            | Technique::NakedQuad
            | Technique::HiddenQuad
            | Technique::UniqueLoop
            | Technique::BugOne
            | Technique::BugTwo
            | Technique::BugThree
            | Technique::BugFour
            | Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::EmptyRectangle
            | Technique::WWing
            | Technique::FinnedFish(2)
            | Technique::SimpleColors => Level::Hard,
            Technique::Jellyfish
            | Technique::StrongLinks(_)
            | Technique::AlsWing(_)
            | Technique::AlignedPair
            | Technique::AlignedTriple
            | Technique::XCycle
            | Technique::YCycle
            | Technique::ForcingXChain
            | Technique::Cycle
            | Technique::ForcingChain
            | Technique::FinnedFish(_) => Level::Unfair,
            Technique::NishioChain
            | Technique::MultipleChain
            | Technique::DynamicChain
            | Technique::DynamicPlusChain
            | Technique::NestedChain(_) => Level::Extreme,
        }
    }

    /// The technique's score on HoDoKu's scale: HoDoKu's base score of the
    /// technique, or of the one HoDoKu uses for the same deduction (a
    /// direct step scores the locked candidates or hidden subset plus the
    /// hidden single it stands for; Sudoku Explainer's 2-link chains as
    /// a turbot fish ([`Step::hodoku_score`] tells their shapes apart),
    /// longer ones as an X-chain; the WXYZ- to TUVWXYZ-Wings and
    /// aligned exclusions as an ALS-XZ; the cycles and forcing chains of
    /// Sudoku Explainer as a nice loop; Nishio and multiple forcing
    /// chains as a forcing chain, the dynamic and nested ones as a forcing
    /// net).
    ///
    /// ```
    /// use gridsolve_logic::Technique;
    ///
    /// assert_eq!(Technique::HiddenSingleBox.hodoku_score(), 14);
    /// assert_eq!(Technique::XWing.hodoku_score(), 140);
    /// assert_eq!(Technique::DirectPointing.hodoku_score(), 50 + 14);
    /// ```
    pub fn hodoku_score(self) -> u32 {
        const HIDDEN_SINGLE: u32 = 14;
        match self {
            Technique::FullHouse | Technique::NakedSingle => 4,
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => HIDDEN_SINGLE,
            Technique::DirectPointing | Technique::DirectClaiming => 50 + HIDDEN_SINGLE,
            Technique::DirectHiddenPair => 70 + HIDDEN_SINGLE,
            Technique::DirectHiddenTriple => 100 + HIDDEN_SINGLE,
            Technique::Pointing | Technique::Claiming => 50,
            Technique::NakedPair => 60,
            Technique::HiddenPair => 70,
            Technique::NakedTriple => 80,
            Technique::HiddenTriple => 100,
            Technique::NakedQuad => 120,
            Technique::HiddenQuad => 150,
            Technique::XWing => 140,
            Technique::Swordfish => 150,
            Technique::Jellyfish => 160,
            Technique::StrongLinks(2) => 120,
            Technique::StrongLinks(_) => 260,
            Technique::XyWing => 160,
            Technique::XyzWing => 180,
            Technique::UniqueLoop
            | Technique::BugOne
            | Technique::BugTwo
            | Technique::BugThree
            | Technique::BugFour => 100,
            Technique::AlsWing(_) | Technique::AlignedPair | Technique::AlignedTriple => 300,
            Technique::ForcingXChain => 260,
            Technique::XCycle | Technique::YCycle | Technique::Cycle | Technique::ForcingChain => {
                280
            }
            Technique::NishioChain | Technique::MultipleChain => 500,
            Technique::DynamicChain | Technique::DynamicPlusChain | Technique::NestedChain(_) => {
                700
            }
            Technique::Skyscraper => 130,
            Technique::TwoStringKite => 150,
            Technique::TurbotFish | Technique::EmptyRectangle => 120,
            Technique::WWing | Technique::SimpleColors => 150,
            Technique::FinnedFish(2) => 130,
            Technique::FinnedFish(_) => 200,
        }
    }
}

/// Whose order of techniques a hint or explanation follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scale {
    /// Sudoku Explainer's: [`Technique::ALL`], by rating (the rater's).
    #[default]
    Explainer,
    /// HoDoKu's: [`Technique::HODOKU`], with its empty rectangle, W-Wing,
    /// finned fish and simple colours.
    Hodoku,
}

impl Scale {
    /// The techniques tried, in order.
    ///
    /// ```
    /// use gridsolve_logic::{Scale, Technique};
    ///
    /// assert!(Scale::Hodoku.techniques().contains(&Technique::WWing));
    /// assert!(!Scale::Explainer.techniques().contains(&Technique::WWing));
    /// ```
    pub fn techniques(self) -> &'static [Technique] {
        match self {
            Scale::Explainer => &Technique::ALL,
            Scale::Hodoku => &Technique::HODOKU,
        }
    }
}

/// A difficulty level as HoDoKu names them, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs and triples.
    Medium,
    /// Quads, the smaller fish and the wings.
    Hard,
    /// The bigger fish (and, in HoDoKu, chains).
    Unfair,
    /// Forcing chains and worse (no technique here is of this level).
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The highest score a puzzle of this level may have on HoDoKu's
    /// scale (easy 800, medium 1000, hard 1600, unfair 1800); a puzzle
    /// whose steps score more is rated a level up, until it fits. `None`
    /// for extreme, which has no limit.
    ///
    /// ```
    /// use gridsolve_logic::Level;
    ///
    /// assert_eq!(Level::Medium.score_limit(), Some(1000));
    /// assert_eq!(Level::Extreme.score_limit(), None);
    /// ```
    pub fn score_limit(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    /// The level a puzzle of this level by its techniques has once its
    /// steps' `score` counts: raised while the score passes the limit.
    ///
    /// ```
    /// use gridsolve_logic::Level;
    ///
    /// assert_eq!(Level::Easy.raised_by(700), Level::Easy);
    /// assert_eq!(Level::Easy.raised_by(1200), Level::Hard);
    /// ```
    pub fn raised_by(self, score: u32) -> Level {
        let mut level = self;
        while let Some(limit) = level.score_limit() {
            if score <= limit {
                break;
            }
            level = Level::ALL[level as usize + 1];
        }
        level
    }

    /// The level's name, lower case.
    ///
    /// ```
    /// assert_eq!(gridsolve_logic::Level::Unfair.name(), "unfair");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty on the Sudoku Explainer scale, in tenths (`2.3` is 23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rating(pub u8);

impl Rating {
    /// The rating as a number of the scale.
    ///
    /// ```
    /// assert_eq!(gridsolve_logic::Rating(32).value(), 3.2);
    /// ```
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// One deduction found on a board.
///
/// ```
/// use gridsolve_logic::{next_step, Board, Technique};
/// use gridsolve_sudoku::Grid;
///
/// // LeetCode 37's puzzle.
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let step = next_step(&Board::new(&grid).unwrap()).unwrap();
/// assert_eq!(step.technique, Technique::HiddenSingleBox);
/// assert_eq!(step.placements.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// Its difficulty: the technique's rating, more for a long chain.
    pub rating: Rating,
    /// The cells whose candidates prove it.
    pub cells: Vec<Cell>,
    /// The units it reasons about.
    pub units: Vec<Unit>,
    /// The digits it reasons about.
    pub digits: DigitSet,
    /// The digits it places.
    pub placements: Vec<(Cell, Digit)>,
    /// The candidates it removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// Why, in one sentence (in the puzzle's symbols with
    /// [`Sentence::in_symbols`]).
    pub explanation: Sentence,
}

impl Step {
    /// The step's score on HoDoKu's scale: its technique's
    /// ([`Technique::hodoku_score`]), but for a chain of two plain strong
    /// links found as Sudoku Explainer's, which scores as the shape HoDoKu
    /// finds it as: a skyscraper (130), a 2-string kite (150) or a turbot
    /// fish (120).
    ///
    /// ```
    /// use gridsolve_logic::{next_step, Board, Technique};
    /// use gridsolve_sudoku::Grid;
    ///
    /// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
    /// let step = next_step(&Board::new(&grid).unwrap()).unwrap();
    /// assert_eq!(step.hodoku_score(), Technique::FullHouse.hodoku_score());
    /// ```
    pub fn hodoku_score(&self) -> u32 {
        match self.technique {
            Technique::StrongLinks(2) if self.cells.len() == 4 => {
                crate::techniques::two_link_shape(&self.units).hodoku_score()
            }
            technique => technique.hodoku_score(),
        }
    }

    /// Makes the step's placements and eliminations on `board`.
    pub fn apply(&self, board: &mut Board) {
        for &(cell, digit) in &self.placements {
            board.place(cell, digit);
        }
        for &(cell, digit) in &self.eliminations {
            board.eliminate(cell, digit);
        }
    }
}

/// `cells` written as solvers write them: `r1c2, r1c5` (a classic
/// [`Cell`] or a cell of the general model).
pub(crate) fn cell_list<C: fmt::Display>(cells: &[C]) -> String {
    let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
    names.join(", ")
}

/// `names` written as a list: `3`, `3 and 7`, `3, 5 and 7`.
pub(crate) fn listed(names: &[String]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// `values` (digits, or values of the general model) written as a list:
/// `3`, `3 and 7`, `3, 5 and 7`.
pub(crate) fn digit_list<V: Copy + Into<u8>>(values: impl IntoIterator<Item = V>) -> String {
    let names: Vec<String> = values
        .into_iter()
        .map(|value| Said(value).to_string())
        .collect();
    listed(&names)
}

/// `values` run together, as pencil marks are written: `379`.
pub(crate) fn run_together<V: Copy + Into<u8>>(values: impl IntoIterator<Item = V>) -> String {
    values
        .into_iter()
        .map(|value| Said(value).to_string())
        .collect()
}

/// `eliminations` written per value, values leaving the same cells
/// together: `7 is removed from r4c3, r6c6`, `3 and 6 are removed from
/// r3c2, r3c3`.
pub(crate) fn removal_sentence<C, V>(eliminations: &[(C, V)]) -> String
where
    C: Copy + PartialEq + fmt::Display,
    V: Copy + Into<u8>,
{
    let mut values: Vec<u8> = eliminations
        .iter()
        .map(|&(_, value)| value.into())
        .collect();
    values.sort_unstable();
    values.dedup();
    let mut groups: Vec<(Vec<C>, Vec<u8>)> = Vec::new();
    for value in values {
        let cells: Vec<C> = eliminations
            .iter()
            .filter(|&&(_, held)| held.into() == value)
            .map(|&(cell, _)| cell)
            .collect();
        match groups.iter_mut().find(|(same, _)| *same == cells) {
            Some((_, values)) => values.push(value),
            None => groups.push((cells, vec![value])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(cells, values)| {
            let verb = if values.len() == 1 { "is" } else { "are" };
            format!(
                "{} {verb} removed from {}",
                digit_list(values.iter().copied()),
                cell_list(cells)
            )
        })
        .collect();
    parts.join("; ")
}
