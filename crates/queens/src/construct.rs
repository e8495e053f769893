//! One solution for any n in linear time, without search.
//!
//! The classic explicit construction: write the even columns 2, 4, 6, …
//! then the odd columns 1, 3, 5, … (1-based), one per row. That list attacks
//! itself only when n leaves remainder 2 or 3 on division by 6, and two
//! small repairs fix those cases: for remainder 2, swap 1 and 3 among the
//! odd columns and move 5 to the end; for remainder 3, move 2 to the end of
//! the even columns and 1, 3 to the end of the odd ones. n = 2 and 3 have no
//! solution; n = 1 has the lone queen.

/// A solution for `n` as the 0-based column of the queen in each row, or
/// `None` for n = 0, 2, 3 (no solution).
///
/// ```
/// use gridsolve_queens::{construct, verify_placement};
///
/// let cols = construct(8).unwrap();
/// assert_eq!(cols, [1, 3, 5, 7, 2, 0, 6, 4]);
/// assert!(verify_placement(&construct(1_000).unwrap()).is_ok());
/// assert_eq!(construct(3), None);
/// ```
pub fn construct(n: u32) -> Option<Vec<u32>> {
    construct_columns(n).map(Iterator::collect)
}

/// The columns of [`construct`]'s solution, row by row, each worked out
/// when it is read (in O(1)): memory stays flat for any n.
///
/// ```
/// use gridsolve_queens::construct_columns;
///
/// let mut columns = construct_columns(u32::MAX).unwrap();
/// assert_eq!(columns.len(), u32::MAX as usize);
/// assert_eq!(columns.next_back(), Some(2)); // remainder 3: the odds end with 1, 3
/// assert!(construct_columns(2).is_none());
/// ```
pub fn construct_columns(
    n: u32,
) -> Option<impl ExactSizeIterator<Item = u32> + DoubleEndedIterator + Clone> {
    match n {
        0 | 2 | 3 => None,
        _ => Some((0..n).map(move |row| column(n, row))),
    }
}

/// The 0-based column of the queen of `row` (below `n`) in the
/// construction, for n other than 0, 2 and 3.
fn column(n: u32, row: u32) -> u32 {
    if n == 1 {
        return 0;
    }
    // How many even columns 2, 4, … n has; the 1-based column follows.
    let evens = n / 2;
    let one_based = match n % 6 {
        // Evens; then 3, 1; the odds from 7; then 5.
        2 => match row {
            _ if row < evens => 2 * (row + 1),
            _ if row == evens => 3,
            _ if row == evens + 1 => 1,
            _ if row == n - 1 => 5,
            _ => 7 + 2 * (row - evens - 2),
        },
        // The evens from 4; then 2; the odds from 5; then 1, 3.
        3 => match row {
            _ if row < evens - 1 => 4 + 2 * row,
            _ if row == evens - 1 => 2,
            _ if row == n - 2 => 1,
            _ if row == n - 1 => 3,
            _ => 5 + 2 * (row - evens),
        },
        // The evens, then the odds.
        _ if row < evens => 2 * (row + 1),
        _ => 2 * (row - evens) + 1,
    };
    one_based - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify_placement;

    /// The construction as the module documentation states it, built from
    /// lists, to hold the per-row formulas to it.
    fn by_lists(n: u32) -> Vec<u32> {
        let evens = (2..=n).step_by(2);
        let odds = (1..=n).step_by(2);
        let mut cols: Vec<u32> = Vec::new();
        match n % 6 {
            2 => {
                cols.extend(evens);
                cols.extend([3, 1]);
                cols.extend(odds.filter(|&c| c >= 7));
                cols.push(5);
            }
            3 => {
                cols.extend(evens.filter(|&c| c >= 4));
                cols.push(2);
                cols.extend(odds.filter(|&c| c >= 5));
                cols.extend([1, 3]);
            }
            _ => {
                cols.extend(evens);
                cols.extend(odds);
            }
        }
        cols.iter().map(|c| c - 1).collect()
    }

    #[test]
    fn every_row_is_the_lists_and_every_board_a_solution() {
        for n in (1..=600).filter(|n| ![2, 3].contains(n)) {
            let cols = construct(n).unwrap();
            assert_eq!(cols, by_lists(n), "n = {n}");
            assert!(verify_placement(&cols).is_ok(), "n = {n}");
        }
    }

    #[test]
    fn the_largest_boards_end_without_overflow() {
        for n in [u32::MAX, u32::MAX - 1, u32::MAX - 2, u32::MAX - 5] {
            let columns = construct_columns(n).unwrap();
            let mut tail: Vec<u32> = columns.rev().take(8).collect();
            tail.reverse();
            let expected = by_lists_tail(n, 8);
            assert_eq!(tail, expected, "n = {n}");
        }
    }

    /// The last `k` columns of [`by_lists`] without building the lists.
    fn by_lists_tail(n: u32, k: u32) -> Vec<u32> {
        let odds_to = |last: u32| (0..k).map(move |i| last - 2 * (k - 1 - i) - 1);
        match n % 6 {
            2 => odds_to(n - 1).skip(1).chain([4]).collect(),
            3 => odds_to(n).skip(2).chain([0, 2]).collect(),
            _ if n.is_multiple_of(2) => odds_to(n - 1).collect(),
            _ => odds_to(n).collect(),
        }
    }
}
