//! The default strategy: fewest-candidates search on band bitboards, with
//! propagation done by whole-band bit operations.
//!
//! The grid is stored as bitboards: for each band (three rows) and each
//! digit, one 27-bit word of the cells where the digit may still stand (see
//! [`tables`] for the layout). A band's nine words are adjacent, so a
//! cell's candidates are read from nine neighbouring words. Placing a
//! digit is one AND (the cell's row, box and column leave the digit's
//! word); the band update it triggers does the rest. Propagation, to a
//! fixed point:
//!
//! - **band update** (per changed digit-band word): the digit must stand
//!   once in each row and once in each box of the band, so the non-empty
//!   minirows must contain one of six 3×3 permutations; one table look-up
//!   keeps only the cells of minirows some permutation uses (row/box locked
//!   candidates). A row left with one cell places the digit there (which
//!   also catches box hidden singles) and clears that cell from the other
//!   digits, and a box whose cells lie in one column removes that column
//!   from the other bands (column locked candidates);
//! - **naked singles**, by counting candidates across the nine digit words
//!   of a band with bitwise accumulators (seen once, twice, three times:
//!   the cells seen twice only are the two-candidate cells);
//! - **column hidden singles**, by the same counting over the nine rows,
//!   for all nine digits at once (see [`Kernels::column_singles`]).
//!
//! Then it guesses on a cell with two candidates when there is one (at
//! the root and once a search is long, the one whose guess removes the
//! most, see [`Board::guess_cell`]; else the first; with none, the first
//! with the fewest candidates), trying each digit but the last on a copy
//! of the board (240 bytes, cheaper than an undo log) and the last on the
//! board itself.
//!
//! The search is compiled twice from one source: for x86-64-v3 CPUs
//! (POPCNT, BMI1/2, LZCNT, AVX2; chosen at run time when the CPU has
//! them), with the AVX2 forms of [`kernels`], and for any CPU, with
//! their portable forms.
//!
//! Invariants of a propagated [`Board`]: a placed cell keeps exactly its
//! digit's bit and no peer of it keeps that digit; `unsolved` holds the
//! cells not placed; `seen` is each digit-band word as its last band update
//! left it, so a word that differs needs an update; no digit is alone in
//! a column without being placed there (propagation looks for such
//! digits after band updates have touched their words).

mod kernels;
mod tables;
mod values;

use super::context::SearchContext;
use super::Placement;
use crate::grid::{Cell, Digit, Grid};
use gridsolve_search::Tracer;
#[cfg(target_arch = "x86_64")]
use kernels::Avx2;
use kernels::{Kernels, Portable};
use tables::{
    minirows, spread, BAND_PEERS, KEEP, LONE_COLUMN_CELLS, ONE_MINIROW_ROWS, POSITIONS, POS_COLUMN,
};
use values::{value_cells, values_of};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The index in [`Board::cand`] of `digit`'s word for `band`: band-major,
/// which lets the compiler read a cell's candidates from the nine words
/// of its band with vector instructions.
#[inline(always)]
const fn word_of(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// The digit and band of word `word`, the inverse of [`word_of`].
#[inline(always)]
const fn digit_band(word: usize) -> (usize, usize) {
    (word % 9, word / 9)
}

/// For each band, the other two.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Clears `cells` from `word` with a scalar load and store that the
/// compiler may not merge with its neighbours'.
///
/// Nine such clears of a band's adjacent words would otherwise become
/// one vector read-modify-write, and a vector load of words just written
/// one by one must wait for those writes to reach the cache (the store
/// buffer cannot forward them). Measured (medians of 5 alternating
/// runs), the scalar clears solve 9% more puzzles per second on the
/// unbiased set, 8% on hardest_1106 and 23% on kaggle.
#[inline(always)]
fn clear_scalar(word: &mut u32, cells: u32) {
    let word: *mut u32 = word;
    // SAFETY: `word` comes from a `&mut u32`: valid, aligned, and not
    // accessed through anything else while this runs.
    unsafe { word.write_volatile(word.read_volatile() & !cells) };
}

/// The columns (9 bits) where a band word has a cell.
#[inline(always)]
fn fold_rows(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1FF
}

/// A count from 0 to 9 per cell of a band, as four bit planes (bit `k`
/// of each cell's count in `bits[k]`), over the unsolved cells.
struct CandidateCounts {
    bits: [u32; 4],
    unsolved: u32,
}

impl CandidateCounts {
    /// The unsolved cells whose count is `count`.
    #[inline(always)]
    fn exactly(&self, count: u32) -> u32 {
        self.bits
            .iter()
            .enumerate()
            .fold(self.unsolved, |cells, (k, &plane)| {
                cells & if count >> k & 1 != 0 { plane } else { !plane }
            })
    }
}

/// How many two-candidate cells [`Board::guess_cell`] weighs at most, in
/// reading order: weighing every one costs more than the nodes it saves
/// on the easier sets.
const WEIGHED_PAIRS: u32 = 10;

/// How many nodes a search visits before [`Board::guess_cell`] weighs its
/// pairs below the root. Weighing costs about 70 instructions a pair and
/// pays only in long searches: most puzzles need a handful of nodes, and
/// taking the first pair there is cheaper (on the serg set, where every
/// puzzle has two solutions or more, a quarter of all instructions). The
/// root's guess, which shapes the whole tree, is always weighed.
const NODES_BEFORE_WEIGHING: u64 = 12;

/// The board admits no solution.
struct Contradiction;

#[derive(Clone, Copy)]
struct Board {
    /// At [`word_of`]`(digit, band)`: the cells of the band where the digit
    /// may stand.
    cand: [u32; 27],
    /// `cand` as its last band update left it.
    seen: [u32; 27],
    /// Per band, the cells not placed yet.
    unsolved: [u32; 3],
    /// Per band, the unsolved cells with two candidates, as the last
    /// [`Board::naked_singles`] counted them: current once propagation
    /// has returned (that pass found nothing to place, and nothing has
    /// changed since).
    pairs: [u32; 3],
}

impl Board {
    /// The empty grid: every digit possible everywhere.
    fn new() -> Self {
        Board {
            cand: [BAND; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// The board of `puzzle`'s clues, propagated.
    #[inline(always)]
    fn from_puzzle(puzzle: &Grid, kernels: impl Kernels) -> Result<Self, Contradiction> {
        // All clues at once: each digit's clue cells, then their peers
        // out of the digit's words (checking that no two clues of a digit
        // see each other) and every clue cell out of the other digits.
        let cells = value_cells(puzzle.values());
        let mut board = Board::new();
        board.unsolved = cells[0];
        for digit in 0..9 {
            let clues = cells[digit + 1];
            let columns = clues.map(fold_rows);
            for (band, &[next, last]) in OTHER_BANDS.iter().enumerate() {
                let mut seen = spread(columns[next] | columns[last]);
                // Three clues at most, without a branch: a band holds a
                // digit once per row, so a fourth clue shares a row with
                // one of the first three (or two of those share one) and
                // the check below fails all the same. Past the last clue,
                // the position is 32, read as 31, an empty entry.
                let mut each = clues[band];
                for _ in 0..3 {
                    seen |= BAND_PEERS[(each.trailing_zeros() as usize).min(POSITIONS - 1)];
                    each &= each.wrapping_sub(1);
                }
                if clues[band] & seen != 0 {
                    return Err(Contradiction); // two clues of the digit see each other
                }
                board.cand[word_of(digit, band)] = (board.unsolved[band] & !seen) | clues[band];
            }
        }
        board.propagate(kernels, BAND)?; // every word is new
        Ok(board)
    }

    /// Starts placing `digit` (0-based) at band position `pos`: the cell's
    /// row, box and column leave the digit's word; the bit of the word
    /// (see [`propagate`](Board::propagate)) if it changed, else 0.
    ///
    /// The band update that the change triggers completes the placement:
    /// it finds the cell alone in its row, marks it placed and clears it
    /// from the other digits, and the cell's box, left with one column,
    /// clears that column from the other bands. An unsolved cell of a
    /// propagated board is never alone in its row (the update would have
    /// placed it), so the word always changes there.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, pos: usize) -> u32 {
        let word = word_of(digit, band);
        let before = self.cand[word];
        self.cand[word] &= !BAND_PEERS[pos];
        u32::from(self.cand[word] != before) << word
    }

    /// [`place`](Board::place)s `digit` at each of `cells` (band
    /// positions); the bit of its word if the word changed.
    #[inline(always)]
    fn place_all(&mut self, digit: usize, band: usize, mut cells: u32) -> u32 {
        let mut changed = 0;
        while cells != 0 {
            let pos = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            changed |= self.place(digit, band, pos);
        }
        changed
    }

    /// Propagates to a fixed point (see the module documentation),
    /// starting with the band updates of the words in `changed` (bit
    /// [`word_of`]`(digit, band)`), which must hold every word that
    /// differs from its last update.
    ///
    /// The passes of singles report the words they change, so only the
    /// waves of band updates need a compare of all 27 words.
    #[inline(always)]
    fn propagate(&mut self, kernels: impl Kernels, mut changed: u32) -> Result<(), Contradiction> {
        loop {
            while changed != 0 {
                while changed != 0 {
                    let word = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    self.update_band(word)?;
                }
                changed = kernels.changed_words(&self.cand, &self.seen);
            }
            if self.unsolved == [0; 3] {
                return Ok(());
            }
            changed = self.naked_singles(kernels)?;
            if changed == 0 {
                changed = self.column_singles(kernels)?;
                if changed == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// The band update of word `word` (see the module documentation).
    #[inline(always)]
    fn update_band(&mut self, word: usize) -> Result<(), Contradiction> {
        let (digit, band) = digit_band(word);
        let present = minirows(self.cand[word]);
        let cells = self.cand[word] & KEEP[present];
        if cells == 0 {
            return Err(Contradiction);
        }
        // A box whose cells lie in one column: that column leaves the
        // digit's words of the other bands (of all three, and this band's
        // word is then overwritten, which needs no look-up of the others).
        let lone = LONE_COLUMN_CELLS[fold_rows(cells) as usize];
        for other_band in 0..3 {
            self.cand[word_of(digit, other_band)] &= !lone;
        }
        self.cand[word] = cells;
        self.seen[word] = cells;
        // A row left with one cell places the digit there. The look-ups
        // above already cleared that cell's row, box and column of this
        // digit (the permutation table leaves the single's box to it, and
        // the box's lone column leaves the other bands); what is left is
        // the cell itself, for the other digits. Done without a branch:
        // whether a band update finds a single is a coin toss that the
        // branch predictor loses. Without the branch (best of 10
        // alternating runs): 5–20% more puzzles per second on five sets,
        // the same on 17-clue and serg, though the clears of nothing run
        // 4% more instructions.
        let singles = cells & ONE_MINIROW_ROWS[present] & lone & self.unsolved[band];
        self.unsolved[band] &= !singles;
        for other_digit in 0..9 {
            clear_scalar(&mut self.cand[word_of(other_digit, band)], singles);
        }
        self.cand[word] = cells;
        Ok(())
    }

    /// Places every cell left with one candidate; the bits of the words
    /// that changed (none if it placed nothing).
    /// Records the cells with two in [`Board::pairs`].
    #[inline(always)]
    fn naked_singles(&mut self, kernels: impl Kernels) -> Result<u32, Contradiction> {
        let mut placed = 0;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let cells = self.cand[word_of(digit, band)];
                thrice |= twice & cells;
                twice |= once & cells;
                once |= cells;
            }
            let unsolved = self.unsolved[band];
            self.pairs[band] = unsolved & twice & !thrice;
            if unsolved & !once != 0 {
                return Err(Contradiction);
            }
            let mut singles = unsolved & !twice;
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // (A single placed before may have taken this cell's digit.)
                let digit = self.candidates_at(kernels, band, pos);
                if digit == 0 {
                    return Err(Contradiction);
                }
                placed |= self.place(digit.trailing_zeros() as usize, band, pos);
            }
        }
        Ok(placed)
    }

    /// Places every digit left with one cell in a column; the bits of
    /// the words that changed (none if it placed nothing).
    #[inline(always)]
    fn column_singles(&mut self, kernels: impl Kernels) -> Result<u32, Contradiction> {
        let singles = kernels
            .column_singles(&self.cand, &self.unsolved)
            .ok_or(Contradiction)?;
        // The words with singles: those that differ from no cells.
        let mut words = kernels.changed_words(&singles, &[0; 27]);
        let mut placed = 0;
        while words != 0 {
            let word = words.trailing_zeros() as usize;
            words &= words - 1;
            let (digit, band) = digit_band(word);
            placed |= self.place_all(digit, band, singles[word]);
        }
        Ok(placed)
    }

    /// The digits (0-based, as a 9-bit mask) still possible in `cell`.
    #[inline(always)]
    fn candidates(&self, kernels: impl Kernels, cell: usize) -> u32 {
        self.candidates_at(kernels, cell / 27, cell % 27)
    }

    /// [`candidates`](Board::candidates) of the cell at band position
    /// `pos`.
    #[inline(always)]
    fn candidates_at(&self, kernels: impl Kernels, band: usize, pos: usize) -> u32 {
        let words = self.cand[word_of(0, band)..][..9]
            .try_into()
            .expect("a band's nine words are adjacent");
        kernels.cell_digits(words, pos)
    }

    /// The unsolved cell to guess on; `None` when every cell is placed.
    ///
    /// A cell with two candidates if there is one: of the first
    /// [`WEIGHED_PAIRS`] such cells, the one whose guess removes the most,
    /// counting for each of its two digits the peers that still hold it,
    /// and (double weight) the two-candidate cells of its band that the
    /// guess leaves with one. On the hardest sets this more than halves
    /// the nodes against taking the first such cell, which is what it
    /// takes when `weigh` is false. Else the first cell with the fewest
    /// candidates.
    #[inline(always)]
    fn guess_cell(&self, kernels: impl Kernels, weigh: bool) -> Option<usize> {
        if self.unsolved == [0; 3] {
            return None;
        }
        if !weigh {
            if let Some(band) = (0..3).find(|&band| self.pairs[band] != 0) {
                return Some(27 * band + self.pairs[band].trailing_zeros() as usize);
            }
        }
        // The best cell so far, as `weight * 128 + (127 - cell)`: the
        // largest key has the most weight, then comes first in reading
        // order, and taking the maximum needs no branch.
        let mut best = 0u32;
        let mut budget = WEIGHED_PAIRS;
        for (band, &[next, last]) in OTHER_BANDS.iter().enumerate() {
            // (Masks the compiler can see: positions below 27, digits
            // below 9, so the look-ups below need no bounds checks.)
            let band_pairs = self.pairs[band] & BAND;
            let mut pairs = band_pairs;
            while pairs != 0 && budget > 0 {
                let pos = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                budget -= 1;
                let column = POS_COLUMN[pos];
                let mut weight = 0;
                let mut digits = self.candidates_at(kernels, band, pos) & 0x1FF;
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    // The peers holding the digit: in the band (low half),
                    // and in the column in the other two bands (high half,
                    // one band shifted by a bit).
                    let cells = self.cand[word_of(digit, band)];
                    let outside = (self.cand[word_of(digit, next)] & column)
                        | (self.cand[word_of(digit, last)] & column) << 1;
                    let in_band = cells & BAND_PEERS[pos];
                    let peers = u64::from(in_band) | u64::from(outside) << 32;
                    weight += peers.count_ones() + 2 * (in_band & band_pairs).count_ones();
                }
                best = best.max(weight * 128 + (127 - (27 * band + pos) as u32));
            }
        }
        if best != 0 {
            return Some(127 - (best % 128) as usize);
        }
        // No cell with two candidates: the first with the fewest.
        let counts: [CandidateCounts; 3] = std::array::from_fn(|band| self.candidate_counts(band));
        (3..=9).find_map(|count| {
            (0..3).find_map(|band| {
                let cells = counts[band].exactly(count);
                (cells != 0).then(|| 27 * band + cells.trailing_zeros() as usize)
            })
        })
    }

    /// How many candidates each unsolved cell of `band` has, bit-sliced.
    #[inline(always)]
    fn candidate_counts(&self, band: usize) -> CandidateCounts {
        let mut bits = [0u32; 4];
        for digit in 0..9 {
            let mut carry = self.cand[word_of(digit, band)];
            for bit in &mut bits {
                let next = *bit & carry;
                *bit ^= carry;
                carry = next;
            }
        }
        CandidateCounts {
            bits,
            unsolved: self.unsolved[band],
        }
    }

    /// The digit placed in `cell`, if any.
    fn placed(&self, cell: usize) -> Option<usize> {
        if self.unsolved[cell / 27] & (1 << (cell % 27)) != 0 {
            return None;
        }
        Some(self.candidates(Portable, cell).trailing_zeros() as usize)
    }

    /// The grid of the placed cells.
    #[inline(always)]
    fn grid(&self) -> Grid {
        let values =
            values_of(|digit, band| self.cand[word_of(digit, band)] & !self.unsolved[band]);
        Grid::from_values(values).expect("digits are 1-9")
    }
}

pub(super) fn explore<T: Tracer<Placement>>(puzzle: &Grid, context: &mut SearchContext<'_, T>) {
    if !context.enter() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if has_x86_64_v3() {
        // SAFETY: the CPU has every feature the function is compiled for.
        unsafe { x86_64_v3::explore(puzzle, context) };
        return;
    }
    portable::explore(puzzle, context);
}

/// Defines, in a module of its own, the search compiled with the target
/// features given (none for the portable build): `explore` from a puzzle,
/// and `search` below a propagated board, which calls itself so that the
/// whole search runs in one build. The board's methods are all
/// `#[inline(always)]`, so each build gets its own copy of them.
macro_rules! search_build {
    ($build:ident, $kernels:expr $(, $features:literal)?) => {
        mod $build {
            use super::*;

            $(#[target_feature(enable = $features)])?
            pub(super) fn explore<T: Tracer<Placement>>(
                puzzle: &Grid,
                context: &mut SearchContext<'_, T>,
            ) {
                let kernels = $kernels;
                let Ok(mut board) = Board::from_puzzle(puzzle, kernels) else {
                    context.dead_end(0);
                    return;
                };
                if T::ENABLED {
                    report_inferred(puzzle, &board, None, 0, context);
                }
                search(&mut board, kernels, 0, context);
            }

            $(#[target_feature(enable = $features)])?
            fn search<T: Tracer<Placement>>(
                board: &mut Board,
                kernels: impl Kernels,
                depth: usize,
                context: &mut SearchContext<'_, T>,
            ) -> bool {
                guess(board, kernels, depth, context, |next, context| {
                    search(next, kernels, depth + 1, context)
                })
            }
        }
    };
}

search_build!(portable, Portable);

#[cfg(target_arch = "x86_64")]
search_build!(
    x86_64_v3,
    // SAFETY: this build runs only on CPUs with its features (see
    // `explore`), AVX2 among them.
    unsafe { Avx2::new_unchecked() },
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);

/// Whether this CPU has the features of the `x86_64_v3` build (x86-64-v3
/// CPUs: since 2013 from Intel, 2015 from AMD).
#[cfg(target_arch = "x86_64")]
fn has_x86_64_v3() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
}

/// Reports, in reading order, the cells `board` has placed that `before`
/// had not, except the guessed one.
fn report_inferred<T: Tracer<Placement>>(
    before: &Grid,
    board: &Board,
    guessed: Option<Cell>,
    depth: usize,
    context: &mut SearchContext<'_, T>,
) {
    for cell in Cell::all() {
        if before.get(cell).is_none() && Some(cell) != guessed {
            if let Some(digit) = board.placed(cell.index()) {
                let digit = Digit::new(digit as u8 + 1).expect("digits are 1-9");
                context.infer(depth, Placement { cell, digit });
            }
        }
    }
}

/// Explores below a propagated board, which has already been counted as a
/// node: reports a solution, or guesses on a cell and calls `below` on
/// each consistent board that follows. Returns `false` once the search
/// must stop.
#[inline(always)]
fn guess<T: Tracer<Placement>>(
    board: &mut Board,
    kernels: impl Kernels,
    depth: usize,
    context: &mut SearchContext<'_, T>,
    mut below: impl FnMut(&mut Board, &mut SearchContext<'_, T>) -> bool,
) -> bool {
    let weigh = depth == 0 || context.nodes() > NODES_BEFORE_WEIGHING;
    let Some(index) = board.guess_cell(kernels, weigh) else {
        return context.solution(depth, || board.grid());
    };
    let cell = Cell::new(index).expect("guess cells are cells");
    let mut digits = board.candidates(kernels, index);
    let alternatives = digits.count_ones();
    let before = T::ENABLED.then(|| board.grid());
    if T::ENABLED {
        let legal = crate::digits::DigitSet::from_bits(digits as u16);
        context.branch(depth, cell, legal);
    }
    let mut copy;
    while digits != 0 {
        let digit = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let placement = Placement {
            cell,
            digit: Digit::new(digit as u8 + 1).expect("digits are 1-9"),
        };
        context.choose(depth, placement, alternatives);
        if !context.enter() {
            return false;
        }
        // Each digit but the last is tried on a copy; the last one on the
        // board itself, which nothing needs afterwards.
        let next = if digits == 0 {
            &mut *board
        } else {
            copy = *board;
            &mut copy
        };
        let changed = next.place(digit, index / 27, index % 27);
        if next.propagate(kernels, changed).is_err() {
            context.dead_end(depth + 1);
        } else {
            if let Some(before) = &before {
                report_inferred(before, next, Some(cell), depth + 1, context);
            }
            if !below(next, context) {
                return false;
            }
        }
        context.undo(depth, placement);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Exploration;
    use gridsolve_search::{Budget, NoTrace};

    /// Arto Inkala's puzzle (2012), with each clue in turn removed: many
    /// solutions, long searches.
    #[cfg(target_arch = "x86_64")]
    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn explore_with(
        build: fn(&Grid, &mut SearchContext<'_, NoTrace>),
        puzzle: &Grid,
    ) -> Exploration {
        let budget = Budget::default();
        let mut tracer = NoTrace;
        let mut context = SearchContext::new(2, &budget, &mut tracer);
        build(puzzle, &mut context);
        context.finish()
    }

    /// Up to four clues of one digit in the top band, every placement:
    /// the clue check (which looks at three clues per band, see
    /// `from_puzzle`) must find a conflict exactly when two clues share a
    /// row, a column or a box, and a puzzle without one has solutions.
    #[test]
    fn clues_of_a_digit_in_a_band_conflict_exactly_when_two_share_a_unit() {
        let sees = |a: usize, b: usize| a / 9 == b / 9 || a % 9 == b % 9 || a % 9 / 3 == b % 9 / 3;
        let one = Digit::new(1).expect("1 is a digit");
        let mut subsets: Vec<Vec<usize>> = vec![vec![]];
        for size in 1..=4 {
            subsets = subsets
                .iter()
                .flat_map(|cells| {
                    let next = cells.last().map_or(0, |&last| last + 1);
                    (next..27).map(move |cell| [cells.clone(), vec![cell]].concat())
                })
                .collect();
            for cells in &subsets {
                let mut puzzle = Grid::empty();
                for &cell in cells {
                    puzzle.set(Cell::new(cell).expect("band cells are cells"), Some(one));
                }
                let conflict = cells
                    .iter()
                    .enumerate()
                    .any(|(i, &a)| cells[i + 1..].iter().any(|&b| sees(a, b)));
                let found = explore_with(portable::explore, &puzzle).solutions();
                assert_eq!(found == 0, conflict, "{size} clues at {cells:?}");
            }
        }
    }

    /// The run-time choice only picks a build: both must search alike,
    /// node for node, or the CI machine would vouch for one build only.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn both_builds_search_alike() {
        if !has_x86_64_v3() {
            return; // only the portable build runs here
        }
        let inkala: Grid = INKALA.parse().expect("a valid puzzle");
        let mut puzzles = vec![inkala];
        for cell in Cell::all().filter(|&cell| inkala.get(cell).is_some()) {
            let mut puzzle = inkala;
            puzzle.set(cell, None);
            puzzles.push(puzzle);
        }
        for puzzle in &puzzles {
            let portable = explore_with(portable::explore, puzzle);
            // SAFETY: the CPU has the features, checked above.
            let v3 = explore_with(|p, c| unsafe { x86_64_v3::explore(p, c) }, puzzle);
            assert_eq!(portable, v3);
        }
    }
}
