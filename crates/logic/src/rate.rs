//! A puzzle's difficulty from its solution path, in the three figures of
//! Sudoku Explainer: ER (the hardest step), EP (the hardest step up to
//! the first placement) and ED (the first step).
//!
//! The path takes the easiest step each time, so ER is the least hardest
//! step any path of these techniques needs. When the techniques run out,
//! ER (and EP, if nothing was placed) is only a lower bound: the rest
//! needs a technique not known here.

use crate::path::{solve_path, solve_path_among, Path};
use crate::step::{Level, Rating, Technique};
use crate::{Board, LogicError};
use gridsolve_sudoku::{Budget, Grid, StopReason};

/// What the rater found for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The hardest step (`None` when no step was taken).
    pub er: Option<Rating>,
    /// The hardest step up to and including the first placement.
    pub ep: Option<Rating>,
    /// The first step.
    pub ed: Option<Rating>,
    /// Whether the techniques filled the grid; otherwise ER is a lower
    /// bound.
    pub solved: bool,
    /// Whether some step placed a digit; otherwise EP is a lower bound.
    /// (ED, the first step, is exact whenever there is one.)
    pub placed: bool,
    /// The empty cells the techniques left.
    pub left: usize,
    /// The givens.
    pub givens: usize,
    /// Steps per technique, easiest technique first, only those used.
    pub counts: Vec<(Technique, usize)>,
    /// The level on HoDoKu's scale (see [`Difficulty::level`]).
    level: Level,
    /// The score on HoDoKu's scale (see [`Difficulty::score`]).
    score: u32,
    /// The level on QQWing's scale (see [`Difficulty::qqwing`]).
    qqwing: QqwingLevel,
}

impl Difficulty {
    /// The puzzle's level: that of the hardest technique by
    /// [`Technique::level`] on the path HoDoKu would take, the easiest
    /// step each time among the techniques it knows (this path without
    /// Sudoku Explainer's direct techniques, which could otherwise make a
    /// puzzle of singles medium). Exact when the techniques finish the
    /// puzzle; otherwise a lower bound, as ER is (what is left may need a
    /// technique HoDoKu rates hard, such as a skyscraper, or forcing
    /// chains). As HoDoKu does, the level is then raised while the
    /// [`Difficulty::score`] passes its limit ([`Level::raised_by`]).
    ///
    /// ```
    /// use gridsolve_logic::{rate, Level};
    ///
    /// let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// assert_eq!(rate(&easy.parse().unwrap()).unwrap().level(), Level::Easy);
    /// ```
    pub fn level(&self) -> Level {
        self.level
    }

    /// The puzzle's score on HoDoKu's scale: the sum of
    /// [`Technique::hodoku_score`] over the path's steps (a lower bound
    /// when the techniques ran out).
    ///
    /// ```
    /// use gridsolve_logic::rate;
    ///
    /// let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let difficulty = rate(&easy.parse().unwrap()).unwrap();
    /// // 51 cells, each a single: 4 for a full house or naked single, 14 for a hidden one.
    /// assert!((51 * 4..=51 * 14).contains(&difficulty.score()));
    /// ```
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The same figures with the level and score taken from `path`
    /// instead: the path in HoDoKu's order ([`crate::Scale::Hodoku`]),
    /// whose steps are HoDoKu's own techniques, so that the level is its
    /// hardest technique's, raised by the score, as HoDoKu computes it.
    ///
    /// ```
    /// use gridsolve_logic::{rate, solve_path_on, Board, Level, Scale};
    /// use gridsolve_sudoku::{Budget, Grid};
    ///
    /// let grid: Grid = "970306042805000109000050000207000304010020080400738001000905000000000000100847003"
    ///     .parse()
    ///     .unwrap();
    /// let hodoku = solve_path_on(Board::new(&grid).unwrap(), Scale::Hodoku, &Budget::default());
    /// let difficulty = rate(&grid).unwrap().scored_on(&hodoku);
    /// assert_eq!(difficulty.level(), Level::Hard);
    /// ```
    pub fn scored_on(self, path: &Path) -> Difficulty {
        let score = path_score(path);
        let hardest = path
            .steps
            .iter()
            .map(|step| step.technique.level())
            .max()
            .unwrap_or(Level::Easy);
        Difficulty {
            level: hardest.raised_by(score),
            score,
            ..self
        }
    }

    /// The puzzle's level on QQWing's scale: simple when naked singles
    /// finish it, easy when hidden singles are needed too, intermediate
    /// when QQWing's other techniques are (naked and hidden pairs,
    /// pointing and box/line reductions), expert when those run out
    /// (QQWing then guesses). The techniques only remove what no solution
    /// holds, so which of them finish a puzzle does not depend on the
    /// order QQWing tries them in.
    ///
    /// ```
    /// use gridsolve_logic::{rate, QqwingLevel};
    ///
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// // LeetCode 37: naked singles finish it.
    /// assert_eq!(rate(&puzzle.parse().unwrap()).unwrap().qqwing(), QqwingLevel::Simple);
    /// ```
    pub fn qqwing(&self) -> QqwingLevel {
        self.qqwing
    }
}

/// A difficulty on QQWing's four-level scale, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QqwingLevel {
    /// Naked singles only.
    Simple,
    /// Naked and hidden singles.
    Easy,
    /// Singles, naked and hidden pairs, pointing and box/line reductions.
    Intermediate,
    /// More than those: QQWing guesses.
    Expert,
}

impl QqwingLevel {
    /// The level's name, lower case.
    ///
    /// ```
    /// assert_eq!(gridsolve_logic::QqwingLevel::Intermediate.name(), "intermediate");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            QqwingLevel::Simple => "simple",
            QqwingLevel::Easy => "easy",
            QqwingLevel::Intermediate => "intermediate",
            QqwingLevel::Expert => "expert",
        }
    }

    /// QQWing's techniques in the order it tries them, with the level of
    /// each: naked singles, hidden singles, then naked pairs, pointing,
    /// box/line reductions and hidden pairs.
    const TECHNIQUES: [(Technique, QqwingLevel); 7] = [
        (Technique::NakedSingle, QqwingLevel::Simple),
        (Technique::HiddenSingleBox, QqwingLevel::Easy),
        (Technique::HiddenSingleLine, QqwingLevel::Easy),
        (Technique::NakedPair, QqwingLevel::Intermediate),
        (Technique::Pointing, QqwingLevel::Intermediate),
        (Technique::Claiming, QqwingLevel::Intermediate),
        (Technique::HiddenPair, QqwingLevel::Intermediate),
    ];

    /// The level of `board`: the hardest of QQWing's techniques its path
    /// needs (the easiest each time, as QQWing takes them), or expert
    /// when they run out. Taking singles while there are any, a path
    /// uses a harder technique only when the easier ones alone cannot
    /// finish, so this is the first level whose techniques finish it.
    ///
    /// ```
    /// use gridsolve_logic::{Board, QqwingLevel};
    ///
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let board = Board::new(&puzzle.parse().unwrap()).unwrap();
    /// assert_eq!(QqwingLevel::of(&board), QqwingLevel::Simple);
    /// ```
    pub fn of(board: &Board) -> QqwingLevel {
        let techniques = QqwingLevel::TECHNIQUES.map(|(technique, _)| technique);
        let path = solve_path_among(board.clone(), &techniques, &Budget::default());
        if !path.solved() {
            return QqwingLevel::Expert;
        }
        path.steps
            .iter()
            .filter_map(|step| {
                QqwingLevel::TECHNIQUES
                    .iter()
                    .find(|(technique, _)| *technique == step.technique)
                    .map(|&(_, level)| level)
            })
            .max()
            .unwrap_or(QqwingLevel::Simple)
    }
}

impl std::fmt::Display for QqwingLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Rates `grid` (see the module documentation).
///
/// ```
/// use gridsolve_logic::rate;
/// use gridsolve_sudoku::{Budget, Grid};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let difficulty = rate(&grid).unwrap();
/// assert!(difficulty.solved);
/// assert_eq!(difficulty.er.unwrap().to_string(), "1.2");
/// assert_eq!(difficulty.givens, 30);
/// ```
pub fn rate(grid: &Grid) -> Result<Difficulty, LogicError> {
    let path = solve_path(Board::new(grid)?);
    Ok(difficulty_of(&path, grid.filled_count()))
}

/// The figures of a path taken from a grid with `givens` givens.
pub fn difficulty_of(path: &Path, givens: usize) -> Difficulty {
    let ratings: Vec<Rating> = path.steps.iter().map(|step| step.rating).collect();
    let first_placement = path
        .steps
        .iter()
        .position(|step| !step.placements.is_empty());
    let up_to_placement = first_placement.map_or(ratings.len(), |index| index + 1);
    let counts = Technique::ALL
        .into_iter()
        .map(|technique| {
            let used = path
                .steps
                .iter()
                .filter(|step| step.technique == technique)
                .count();
            (technique, used)
        })
        .filter(|&(_, used)| used > 0)
        .collect();
    let score = path_score(path);
    Difficulty {
        level: hodoku_level(path).raised_by(score),
        score,
        qqwing: QqwingLevel::of(&path.start),
        er: ratings.iter().copied().max(),
        ep: ratings[..up_to_placement].iter().copied().max(),
        ed: ratings.first().copied(),
        solved: path.solved(),
        placed: first_placement.is_some(),
        left: path.end.empty_count(),
        givens,
        counts,
    }
}

/// The sum of the HoDoKu scores of `path`'s steps.
fn path_score(path: &Path) -> u32 {
    path.steps.iter().map(|step| step.hodoku_score()).sum()
}

/// The puzzle's level from its path: the hardest technique's, where a
/// direct step (a lock or hidden subset taken for its single, which
/// HoDoKu does not know) counts as medium unless singles alone finish
/// the puzzle, so that a puzzle of singles stays easy.
fn hodoku_level(path: &Path) -> Level {
    let mut hardest = Level::Easy;
    let mut direct = false;
    for step in &path.steps {
        if step.technique.is_direct() {
            direct = true;
        } else {
            hardest = hardest.max(step.technique.level());
        }
    }
    if !direct || hardest > Level::Easy {
        return hardest.max(if direct { Level::Medium } else { Level::Easy });
    }
    if singles_finish(&path.start) {
        Level::Easy
    } else {
        Level::Medium
    }
}

/// The level [`rate`] gives `board` (score included) when it is at most
/// `ceiling`; `Ok(None)` when it is higher or the techniques run out;
/// `Err` with the reason when `budget` (its deadline or cancel flag, read
/// before each step and by the forcing chains as they go) stopped it
/// first. It walks the rater's path but never searches for a step harder
/// than `ceiling` (no chains for a hard puzzle; Sudoku Explainer's direct
/// steps, medium techniques, are searched for an easy one, since the
/// score counts them), so a generator aiming at a level can afford it.
///
/// ```
/// use std::time::Duration;
/// use gridsolve_logic::{level_at_most, Board, Level};
/// use gridsolve_sudoku::{Budget, StopReason};
///
/// let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let board = Board::new(&easy.parse().unwrap()).unwrap();
/// let budget = Budget::default();
/// assert_eq!(level_at_most(board.clone(), Level::Hard, &budget), Ok(Some(Level::Easy)));
/// assert_eq!(level_at_most(board.clone(), Level::Easy, &budget), Ok(Some(Level::Easy)));
/// let spent = Budget::default().with_timeout(Duration::ZERO);
/// assert_eq!(level_at_most(board, Level::Easy, &spent), Err(StopReason::Deadline));
/// ```
pub fn level_at_most(
    board: Board,
    ceiling: Level,
    budget: &Budget,
) -> Result<Option<Level>, StopReason> {
    // Past the last technique the walk may need, whatever the rater's
    // path would take is harder, or nothing: either way not within it.
    let reach = ceiling.max(Level::Medium);
    let Some(last) = Technique::ALL
        .iter()
        .rposition(|technique| technique.level() <= reach)
    else {
        return Ok(None);
    };
    let tried = &Technique::ALL[..=last];
    let start = board.clone();
    let mut board = board;
    let mut steps = Vec::new();
    while board.empty_count() > 0 {
        if board.dead_cell().is_some() {
            return Ok(None);
        }
        if let Some(reason) = budget.poll() {
            return Err(reason);
        }
        let Some(step) = crate::techniques::next_step_or_stop(&board, tried, budget)? else {
            return Ok(None);
        };
        if !step.technique.is_direct() && step.technique.level() > ceiling {
            return Ok(None);
        }
        step.apply(&mut board);
        steps.push(step);
    }
    let path = Path {
        start,
        steps,
        end: board,
        stopped: None,
    };
    let level = hodoku_level(&path).raised_by(path_score(&path));
    Ok((level <= ceiling).then_some(level))
}

/// Whether singles alone (full house, hidden and naked singles) finish
/// `board`.
fn singles_finish(board: &Board) -> bool {
    let singles = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
    ];
    let mut board = board.clone();
    while board.empty_count() > 0 && board.dead_cell().is_none() {
        match crate::techniques::next_step_among(&board, &singles, &Budget::default()) {
            Some(step) => step.apply(&mut board),
            None => return false,
        }
    }
    board.empty_count() == 0
}
