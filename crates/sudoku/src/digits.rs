//! Sets of digits as 9-bit masks.
//!
//! Bit `d - 1` stands for digit `d`; bits 9..16 are always clear. Candidate
//! sets, used-tables and "digits seen in a unit" are all [`DigitSet`]s, so
//! the set operations the solvers need are single instructions.

use crate::grid::Digit;
use std::fmt;

/// A set of digits 1..=9.
///
/// ```
/// use gridsolve_sudoku::{Digit, DigitSet};
///
/// let d = |v| Digit::new(v).unwrap();
/// let mut set = DigitSet::EMPTY;
/// set.insert(d(3));
/// set.insert(d(7));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![d(3), d(7)]);
/// assert_eq!(DigitSet::ALL.difference(set).len(), 7);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set holding only `digit`.
    #[inline]
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << (digit.get() - 1))
    }

    /// The set whose bit `d - 1` is set for each digit `d`; bits above 8
    /// are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & Self::ALL.0)
    }

    /// The raw 9-bit mask.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & Self::single(digit).0 != 0
    }

    /// Adds `digit`.
    #[inline]
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= Self::single(digit).0;
    }

    /// Removes `digit`.
    #[inline]
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !Self::single(digit).0;
    }

    /// The number of digits in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit in the set.
    #[inline]
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Digit::new(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The only digit of a one-digit set.
    #[inline]
    pub fn only(self) -> Option<Digit> {
        if self.0.is_power_of_two() {
            self.first()
        } else {
            None
        }
    }

    /// Digits in either set.
    #[inline]
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits in both sets.
    #[inline]
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let digit = DigitSet(bits).first()?;
            bits &= bits - 1;
            Some(digit)
        })
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_yields_each_member_once_in_order() {
        let set = DigitSet::from_bits(0b1_0010_0101);
        let values: Vec<u8> = set.iter().map(Digit::get).collect();
        assert_eq!(values, vec![1, 3, 6, 9]);
    }

    #[test]
    fn only_is_none_for_empty_and_for_two_digits() {
        assert_eq!(DigitSet::EMPTY.only(), None);
        assert_eq!(DigitSet::from_bits(0b11).only(), None);
        assert_eq!(DigitSet::from_bits(0b100).only(), Digit::new(3));
    }

    #[test]
    fn from_bits_drops_bits_beyond_nine() {
        assert_eq!(DigitSet::from_bits(0xffff), DigitSet::ALL);
    }
}
