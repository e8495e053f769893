//! The bitboard backtracking engine every N-Queens search runs on.
//!
//! Rows are filled top to bottom. For the row being filled, three masks say
//! which columns are attacked: by a queen above in the same column, or on
//! one of the two diagonals (those masks shift by one column per row).
//! [`RowRules`] carry what a caller adds per row: *forbidden* columns
//! (reserved squares, symmetry pruning) and *due* columns, which must hold
//! a queen by the end of the row (a look-ahead: a due column still empty
//! must be taken in that very row, so two such columns end the branch). The
//! free columns of a row are one mask; the search takes the lowest free bit
//! (`x & x.wrapping_neg()`) first, so solutions come in lexicographic order
//! of their column lists.
//!
//! The search keeps an explicit stack of [`Frame`]s instead of recursing,
//! so it can stop anywhere and be resumed (the solution iterator does that
//! after each solution). Invariant: `frames[r].free` holds the columns of
//! row `r` not tried yet, for every `start <= r <= row`, and `placed[r]` the
//! bit chosen at row `r` for `r < row` (and for `r == row` once tried).

use gridsolve_search::{Budget, NoTrace, NodeMeter, StopReason, Tracer};
use std::ops::ControlFlow;

/// The largest board the bitboard engine handles (one `u32` per row).
pub const MAX_N: usize = 32;

/// Per-row rules beyond attacks, as column masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowRules {
    /// Columns no queen of the row may take.
    pub(crate) forbidden: [u32; MAX_N],
    /// Columns that must hold a queen once the row is placed.
    pub(crate) due: [u32; MAX_N],
}

impl RowRules {
    /// No rule beyond attacks.
    pub(crate) const NONE: RowRules = RowRules {
        forbidden: [0; MAX_N],
        due: [0; MAX_N],
    };

    /// Only the given forbidden columns.
    pub(crate) fn forbidding(forbidden: [u32; MAX_N]) -> Self {
        RowRules {
            forbidden,
            due: [0; MAX_N],
        }
    }
}

/// Receives each complete placement (or each prefix, when the search ends
/// before the last row).
pub(crate) trait Leaf {
    /// The search placed a queen in every row up to its end row. `Break`
    /// pauses the search.
    fn reached(&mut self, placement: Placement<'_>) -> ControlFlow<()>;
}

/// The placement a leaf is reached with, read on demand: the column of the
/// queen of each row is the bit its row added to the column mask, so the
/// hot loop stores nothing beyond the frames it keeps anyway.
pub(crate) struct Placement<'a> {
    /// Frames of the rows above the end row.
    above: &'a [Frame],
    /// Columns taken above the end row.
    cols: u32,
    /// The end row's queen.
    last: u32,
}

impl Placement<'_> {
    /// The 0-based column of the queen in each row, top to bottom.
    pub(crate) fn columns(&self) -> impl Iterator<Item = usize> + '_ {
        let taken_after = |row: usize| {
            self.above
                .get(row + 1)
                .map_or(self.cols, |frame| frame.cols)
        };
        (0..self.above.len())
            .map(move |row| column(taken_after(row) ^ self.above[row].cols))
            .chain(std::iter::once(column(self.last)))
    }
}

#[derive(Clone, Copy, Default)]
pub(crate) struct Frame {
    cols: u32,
    /// Attacked along diagonals running down and to the right (bit + 1 per row).
    down_right: u32,
    /// Attacked along diagonals running down and to the left (bit - 1 per row).
    down_left: u32,
    /// Columns of this row still to try.
    free: u32,
}

/// How a run of the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Every placement below the start was visited.
    Exhausted,
    /// The leaf asked for a pause; `run` again to resume.
    Paused,
    /// The budget stopped it.
    Stopped(StopReason),
}

/// A resumable search over rows `start..=end` of an `n`×`n` board.
#[derive(Clone)]
pub(crate) struct Search {
    n: usize,
    end: usize,
    start: usize,
    row: usize,
    rules: RowRules,
    /// Per row, the board's columns less the forbidden ones.
    allowed: [u32; MAX_N],
    frames: [Frame; MAX_N],
    meter: Option<NodeMeter>,
}

impl Search {
    /// A search that places rows `prefix.len()..=end` after the queens of
    /// `prefix` (one column per row), keeping `rules`. `None` if the prefix
    /// attacks itself or breaks a rule. A prefix of `end + 1` rows is itself
    /// the one placement the search reaches. Requires `1 <= n <= MAX_N`,
    /// `prefix.len() <= end + 1` and `end < n`.
    pub(crate) fn new(n: usize, rules: &RowRules, prefix: &[usize], end: usize) -> Option<Self> {
        debug_assert!((1..=MAX_N).contains(&n) && prefix.len() <= end + 1 && end < n);
        let full = if n == MAX_N {
            u32::MAX
        } else {
            (1u32 << n) - 1
        };
        let mut search = Search {
            n,
            end,
            start: prefix.len(),
            row: prefix.len(),
            rules: *rules,
            allowed: rules.forbidden.map(|forbidden| full & !forbidden),
            frames: [Frame::default(); MAX_N],
            meter: None,
        };
        let mut frame = Frame::default();
        for (row, &col) in prefix.iter().enumerate() {
            let bit = 1u32
                .checked_shl(col as u32)
                .filter(|&bit| bit & full != 0)?;
            if bit & search.free_columns(&frame, row) == 0 {
                return None;
            }
            // The prefix rows' frames, with their queen as the only move.
            search.frames[row] = Frame { free: bit, ..frame };
            frame = frame.child(bit);
        }
        if search.start > end {
            // The prefix is complete: its last row's queen is the one move
            // left to try, so `run` reports it once (as one node).
            search.start = end;
            search.row = end;
            return Some(search);
        }
        frame.free = search.free_columns(&frame, search.start);
        search.frames[search.start] = frame;
        Some(search)
    }

    /// Nodes (placements) visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.meter.map_or(0, |meter| meter.nodes())
    }

    /// The columns of `row` a queen may take below `frame`'s attacks.
    #[inline(always)]
    fn free_columns(&self, frame: &Frame, row: usize) -> u32 {
        free_in_row(
            self.allowed[row],
            self.rules.due[row],
            frame.cols,
            frame.down_right | frame.down_left,
        )
    }

    /// The attacks on the first row this search fills, where a count
    /// that takes over from it starts.
    pub(crate) fn start_attacks(&self) -> Attacks {
        let frame = self.frames[self.start];
        Attacks {
            row: self.start,
            cols: frame.cols,
            down_right: frame.down_right,
            down_left: frame.down_left,
        }
    }

    /// The board size.
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// Runs until the search is exhausted, the leaf pauses it, or the
    /// budget stops it.
    pub(crate) fn run<L: Leaf>(&mut self, leaf: &mut L, budget: &Budget) -> Flow {
        self.run_traced(leaf, budget, &mut NoTrace)
    }

    /// [`run`](Search::run), reporting each step to `tracer`. A traced
    /// search goes down to the last row like the textbook search (no
    /// look-up from the row above), so its tree is the textbook's. The
    /// branch of the start row is reported by the caller, before the first
    /// run.
    pub(crate) fn run_traced<L: Leaf, T: Tracer<Queen>>(
        &mut self,
        leaf: &mut L,
        budget: &Budget,
        tracer: &mut T,
    ) -> Flow {
        let mut meter = self.meter.unwrap_or_else(|| NodeMeter::new(budget));
        let flow = self.run_metered(leaf, budget, &mut meter, tracer);
        self.meter = Some(meter);
        flow
    }

    /// Reports the options of `row`, whose free columns are `free`, and a
    /// dead end when there are none.
    pub(crate) fn trace_branch<T: Tracer<Queen>>(tracer: &mut T, row: usize, free: u32) {
        let options: Vec<Queen> = Queen::all_in(row, free).collect();
        tracer.branch(row, row, &options);
        if options.is_empty() {
            tracer.dead_end(row);
        }
    }

    /// The free columns of the start row, as the search will try them.
    pub(crate) fn start_columns(&self) -> (usize, u32) {
        (self.start, self.frames[self.start].free)
    }

    #[inline(always)]
    fn run_metered<L: Leaf, T: Tracer<Queen>>(
        &mut self,
        leaf: &mut L,
        budget: &Budget,
        meter: &mut NodeMeter,
        tracer: &mut T,
    ) -> Flow {
        // Rows are used as `row & ROW_MASK`: always the row itself (rows
        // stay below `n <= MAX_N`), and provably in bounds, so the hot loop
        // carries no bounds checks.
        const ROW_MASK: usize = MAX_N - 1;
        let (start, end) = (self.start, self.end);
        let ends_board = end + 1 == self.n && !T::ENABLED;
        let mut row = self.row;
        // The frame of `row` lives in registers; `frames` holds the frames
        // of the rows above, saved when the search went down from them.
        let mut frame = self.frames[row & ROW_MASK];
        let flow = loop {
            if frame.free == 0 {
                if row == start {
                    break Flow::Exhausted;
                }
                row -= 1;
                let child_cols = frame.cols;
                frame = self.frames[row & ROW_MASK];
                if T::ENABLED {
                    tracer.undo(row, &Queen::at(row, child_cols ^ frame.cols));
                }
                continue;
            }
            let bit = frame.free & frame.free.wrapping_neg();
            frame.free ^= bit;
            if let Some(reason) = meter.tick(budget) {
                break Flow::Stopped(reason);
            }
            if T::ENABLED {
                tracer.choose(row, &Queen::at(row, bit), frame.free.count_ones() + 1);
            }
            // Near the end row: report the placement when it is reached. When
            // the end row is the board's last, all its columns but one are
            // taken, so from the row above its free column (if any) is looked
            // up instead of gone down to. (Written as one test on the common
            // path with the descent repeated inside: the same logic written
            // as `row + 1 >= end && (row == end || ends_board)` measured 20%
            // slower, through code layout alone.)
            if row + 1 >= end {
                let (cols, last) = if row == end {
                    (frame.cols, bit)
                } else if !ends_board {
                    self.frames[row & ROW_MASK] = frame;
                    frame = frame.child(bit);
                    row += 1;
                    frame.free = self.free_columns(&frame, row & ROW_MASK);
                    if T::ENABLED {
                        Self::trace_branch(tracer, row, frame.free);
                    }
                    continue;
                } else {
                    let child = frame.child(bit);
                    let last = self.free_columns(&child, end & ROW_MASK);
                    if last == 0 {
                        continue;
                    }
                    if let Some(reason) = meter.tick(budget) {
                        break Flow::Stopped(reason);
                    }
                    self.frames[row & ROW_MASK] = frame;
                    (child.cols, last)
                };
                let placement = Placement {
                    above: &self.frames[..end],
                    cols,
                    last,
                };
                if T::ENABLED {
                    tracer.solution(end + 1);
                }
                if leaf.reached(placement).is_break() {
                    break Flow::Paused;
                }
                if T::ENABLED {
                    tracer.undo(end, &Queen::at(end, last));
                }
                continue;
            }
            self.frames[row & ROW_MASK] = frame;
            frame = frame.child(bit);
            row += 1;
            frame.free = self.free_columns(&frame, row & ROW_MASK);
            if T::ENABLED {
                Self::trace_branch(tracer, row, frame.free);
            }
        };
        self.frames[row & ROW_MASK] = frame;
        self.row = row;
        flow
    }
}

/// A queen on the board: the choice a traced search reports.
///
/// ```
/// use gridsolve_queens::Queen;
///
/// let queen = Queen { row: 1, col: 3 };
/// assert_eq!(queen.to_string(), "row 1, col 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Queen {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl Queen {
    /// The queen of `row` on the column of the one-bit mask `bit`.
    fn at(row: usize, bit: u32) -> Queen {
        Queen {
            row,
            col: column(bit),
        }
    }

    /// The queens `row` may take, lowest column first, from a column mask.
    fn all_in(row: usize, mut free: u32) -> impl Iterator<Item = Queen> {
        std::iter::from_fn(move || {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            (bit != 0).then(|| Queen::at(row, bit))
        })
    }
}

impl std::fmt::Display for Queen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {}, col {}", self.row, self.col)
    }
}

impl Frame {
    /// The attack masks of the next row after a queen on `bit`.
    #[inline]
    fn child(self, bit: u32) -> Frame {
        Frame {
            cols: self.cols | bit,
            down_right: (self.down_right | bit) << 1,
            down_left: (self.down_left | bit) >> 1,
            free: 0,
        }
    }
}

/// The columns a queen of a row may take: those `allowed` that no queen
/// above attacks (`cols` taken, `diagonals` attacked); if one of the row's
/// `due` columns is still empty, only that one; if two or more are, none
/// (one queen cannot fill both by the end of the row).
#[inline(always)]
pub(crate) fn free_in_row(allowed: u32, due: u32, cols: u32, diagonals: u32) -> u32 {
    let free = allowed & !(cols | diagonals);
    let missing = due & !cols;
    match missing {
        0 => free,
        // Exactly one due column left: this row must take it.
        _ if missing & (missing - 1) == 0 => free & missing,
        _ => 0,
    }
}

/// What the queens above a row attack in it: the state a count below
/// the row starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Attacks {
    /// The row.
    pub(crate) row: usize,
    /// Columns taken.
    pub(crate) cols: u32,
    /// Attacked along diagonals running down and to the right.
    pub(crate) down_right: u32,
    /// Attacked along diagonals running down and to the left.
    pub(crate) down_left: u32,
}

impl Attacks {
    /// The attacks on the next row after a queen on `bit`.
    #[inline]
    pub(crate) fn child(self, bit: u32) -> Attacks {
        Attacks {
            row: self.row + 1,
            cols: self.cols | bit,
            down_right: (self.down_right | bit) << 1,
            down_left: (self.down_left | bit) >> 1,
        }
    }
}

/// The column of a one-bit mask.
#[inline]
pub(crate) fn column(bit: u32) -> usize {
    bit.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Count(u64);

    impl Leaf for Count {
        fn reached(&mut self, _: Placement<'_>) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
    }

    fn count(n: usize, prefix: &[usize]) -> Option<u64> {
        let mut search = Search::new(n, &RowRules::NONE, prefix, n - 1)?;
        let mut leaf = Count(0);
        assert_eq!(search.run(&mut leaf, &Budget::default()), Flow::Exhausted);
        Some(leaf.0)
    }

    #[test]
    fn counts_all_placements_of_small_boards() {
        let totals: Vec<u64> = (1..=8).map(|n| count(n, &[]).unwrap()).collect();
        assert_eq!(totals, [1, 0, 0, 2, 10, 4, 40, 92]);
    }

    #[test]
    fn prefixes_that_attack_themselves_are_refused() {
        assert!(count(8, &[0, 1]).is_none());
        assert!(count(8, &[3, 3]).is_none());
        assert!(count(8, &[8]).is_none());
        assert_eq!(count(4, &[1]), Some(1));
    }

    #[test]
    fn a_due_column_is_forced_and_two_end_the_branch() {
        let mut rules = RowRules::NONE;
        rules.due[1] = 1; // column 0 taken by the end of row 1
        let mut search = Search::new(4, &rules, &[], 3).unwrap();
        let mut leaf = Count(0);
        search.run(&mut leaf, &Budget::default());
        assert_eq!(leaf.0, 1); // only [2, 0, 3, 1] has column 0 in rows 0..=1
        rules.due[1] = 0b1001;
        assert!(Search::new(4, &rules, &[1], 3).is_some());
        assert!(Search::new(4, &rules, &[1, 3], 3).is_none());
    }

    #[test]
    fn a_complete_prefix_is_reached_once() {
        assert_eq!(count(4, &[1, 3, 0, 2]), Some(1));
        assert_eq!(count(4, &[1, 3, 0, 1]), None);
        assert_eq!(count(1, &[0]), Some(1));
    }

    #[test]
    fn a_32_board_uses_every_bit() {
        let search = Search::new(32, &RowRules::NONE, &[31], 31).unwrap();
        assert_eq!(search.frames[1].free.count_ones(), 30);
    }

    #[test]
    fn the_node_budget_stops_the_search() {
        let mut search = Search::new(8, &RowRules::NONE, &[], 7).unwrap();
        let flow = search.run(&mut Count(0), &Budget::default().with_max_nodes(10));
        assert_eq!(flow, Flow::Stopped(StopReason::NodeLimit));
        assert_eq!(search.nodes(), 10);
    }
}
