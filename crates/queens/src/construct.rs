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
    match n {
        0 | 2 | 3 => return None,
        1 => return Some(vec![0]),
        _ => {}
    }
    let evens = (2..=n).step_by(2);
    let odds = (1..=n).step_by(2);
    let mut cols: Vec<u32> = Vec::with_capacity(n as usize);
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
    for col in &mut cols {
        *col -= 1;
    }
    Some(cols)
}
