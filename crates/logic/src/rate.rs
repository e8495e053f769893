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
use gridsolve_sudoku::Grid;

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
}

impl Difficulty {
    /// The puzzle's level: that of the hardest technique by
    /// [`Technique::level`] on the path HoDoKu would take, the easiest
    /// step each time among the techniques it knows (this path without
    /// Sudoku Explainer's direct techniques, which could otherwise make a
    /// puzzle of singles medium). Exact when the techniques finish the
    /// puzzle; otherwise a lower bound, as ER is (what is left may need a
    /// technique HoDoKu rates hard, such as a skyscraper, or forcing
    /// chains). HoDoKu also raises a level when the sum of its techniques'
    /// scores passes the level's limit; that part is not modelled.
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
}

/// Rates `grid` (see the module documentation).
///
/// ```
/// use gridsolve_logic::rate;
/// use gridsolve_sudoku::Grid;
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
    Difficulty {
        level: hodoku_level(path),
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

/// The hardest level on the path HoDoKu's techniques take from the same
/// start: the path itself when it took no direct step (those found nothing
/// at any step, so leaving them out changes no choice), else the path
/// taken again without them.
fn hodoku_level(path: &Path) -> Level {
    let hardest = |path: &Path| {
        path.steps
            .iter()
            .map(|step| step.technique.level())
            .max()
            .unwrap_or(Level::Easy)
    };
    if !path.steps.iter().any(|step| step.technique.is_direct()) {
        return hardest(path);
    }
    let known: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|technique| !technique.is_direct())
        .collect();
    hardest(&solve_path_among(path.start.clone(), &known))
}
