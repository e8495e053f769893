//! The bitboard backtracking engine every N-Queens search runs on.
//!
//! Rows are filled top to bottom. For the row being filled, three masks say
//! which columns are attacked: by a queen above in the same column, or on
//! one of the two diagonals (those masks shift by one column per row). A
//! fourth, per-row mask of *forbidden* columns carries everything else a
//! caller wants excluded: blocked squares, and the symmetry pruning of
//! [`crate::symmetry`]. The free columns of a row are one mask; the search
//! takes the lowest free bit (`x & x.wrapping_neg()`) first, so solutions
//! come in lexicographic order of their column lists.
//!
//! The search keeps an explicit stack of [`Frame`]s instead of recursing,
//! so it can stop anywhere and be resumed (the solution iterator does that
//! after each solution). Invariant: `frames[r].free` holds the columns of
//! row `r` not tried yet, for every `start <= r <= row`, and `placed[r]` the
//! bit chosen at row `r` for `r < row` (and for `r == row` once tried).

use gridsolve_search::{Limits, StopReason};
use std::ops::ControlFlow;

/// The largest board the bitboard engine handles (one `u32` per row).
pub const MAX_N: usize = 32;

/// Receives each complete placement (or each prefix, when the search ends
/// before the last row).
pub(crate) trait Leaf {
    /// `placed[r]` is the one-bit mask of the queen in row `r`, for every
    /// row up to the search's end row. `Break` pauses the search.
    fn reached(&mut self, placed: &[u32]) -> ControlFlow<()>;
}

#[derive(Clone, Copy, Default)]
struct Frame {
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
    /// The limits stopped it.
    Stopped(StopReason),
}

/// A resumable search over rows `start..=end` of an `n`×`n` board.
#[derive(Clone)]
pub(crate) struct Search {
    n: usize,
    end: usize,
    start: usize,
    row: usize,
    full: u32,
    forbidden: [u32; MAX_N],
    frames: [Frame; MAX_N],
    placed: [u32; MAX_N],
    nodes: u64,
}

impl Search {
    /// A search that places rows `prefix.len()..=end` after the queens of
    /// `prefix` (one column per row), never using a column forbidden in
    /// its row. `None` if the prefix attacks itself or uses a forbidden
    /// square. A prefix of `end + 1` rows is itself the one placement the
    /// search reaches. Requires `1 <= n <= MAX_N`, `prefix.len() <= end + 1`
    /// and `end < n`.
    pub(crate) fn new(
        n: usize,
        forbidden: &[u32; MAX_N],
        prefix: &[usize],
        end: usize,
    ) -> Option<Self> {
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
            full,
            forbidden: *forbidden,
            frames: [Frame::default(); MAX_N],
            placed: [0; MAX_N],
            nodes: 0,
        };
        let mut frame = Frame::default();
        for (row, &col) in prefix.iter().enumerate() {
            let bit = 1u32
                .checked_shl(col as u32)
                .filter(|&bit| bit & full != 0)?;
            if bit & (frame.cols | frame.down_right | frame.down_left | forbidden[row]) != 0 {
                return None;
            }
            search.placed[row] = bit;
            frame = frame.child(bit);
        }
        if search.start > end {
            // The prefix is complete: its last row becomes the one move
            // left to try, so `run` reports it once (as one node).
            search.start = end;
            search.row = end;
            search.frames[end].free = search.placed[end];
            return Some(search);
        }
        frame.free =
            full & !(frame.cols | frame.down_right | frame.down_left | forbidden[search.start]);
        search.frames[search.start] = frame;
        Some(search)
    }

    /// Nodes (placements) visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The board size.
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// Runs until the search is exhausted, the leaf pauses it, or the
    /// limits stop it.
    pub(crate) fn run<L: Leaf>(&mut self, leaf: &mut L, limits: &Limits) -> Flow {
        loop {
            let frame = self.frames[self.row];
            if frame.free == 0 {
                if self.row == self.start {
                    return Flow::Exhausted;
                }
                self.row -= 1;
                continue;
            }
            let bit = frame.free & frame.free.wrapping_neg();
            self.frames[self.row].free = frame.free ^ bit;
            self.placed[self.row] = bit;
            self.nodes += 1;
            if let Some(reason) = limits.interrupt(self.nodes) {
                return Flow::Stopped(reason);
            }
            if self.row == self.end {
                if leaf.reached(&self.placed[..=self.end]).is_break() {
                    return Flow::Paused;
                }
                continue;
            }
            let mut child = frame.child(bit);
            self.row += 1;
            child.free = self.full
                & !(child.cols | child.down_right | child.down_left | self.forbidden[self.row]);
            self.frames[self.row] = child;
        }
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
        fn reached(&mut self, _: &[u32]) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
    }

    fn count(n: usize, prefix: &[usize]) -> Option<u64> {
        let mut search = Search::new(n, &[0; MAX_N], prefix, n - 1)?;
        let mut leaf = Count(0);
        assert_eq!(
            search.run(&mut leaf, &Limits::solutions(1)),
            Flow::Exhausted
        );
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
    fn a_complete_prefix_is_reached_once() {
        assert_eq!(count(4, &[1, 3, 0, 2]), Some(1));
        assert_eq!(count(4, &[1, 3, 0, 1]), None);
        assert_eq!(count(1, &[0]), Some(1));
    }

    #[test]
    fn a_32_board_uses_every_bit() {
        let search = Search::new(32, &[0; MAX_N], &[31], 31).unwrap();
        assert_eq!(search.frames[1].free.count_ones(), 30);
    }

    #[test]
    fn the_node_budget_stops_the_search() {
        let mut search = Search::new(8, &[0; MAX_N], &[], 7).unwrap();
        let flow = search.run(&mut Count(0), &Limits::solutions(1).with_max_nodes(10));
        assert_eq!(flow, Flow::Stopped(StopReason::NodeLimit));
        assert_eq!(search.nodes(), 10);
    }
}
