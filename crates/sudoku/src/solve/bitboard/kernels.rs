//! The search's steps that have an explicit vector form, behind one trait
//! so that each build of the search picks its own: [`Portable`] (plain
//! Rust, any CPU) or, on x86-64, [`Avx2`] (`std::arch` intrinsics).
//!
//! Invariants: both forms return the same value for every input (a
//! proptest checks it wherever the CPU has AVX2), and an [`Avx2`] value
//! exists only on a CPU that has AVX2, so holding one is the proof that
//! its intrinsics may run.

use super::tables::spread;
use super::{fold_rows, word_of};

/// All 27 words of a board, one bit each.
#[cfg(target_arch = "x86_64")]
const WORDS: u32 = (1 << 27) - 1;

/// One implementation of the vector-shaped steps.
pub(super) trait Kernels: Copy {
    /// Bit `w` set for each word `w` where `cand[w] != seen[w]`.
    fn changed_words(self, cand: &[u32; 27], seen: &[u32; 27]) -> u32;

    /// Bit `digit` set for each of a band's nine words (`words[digit]`)
    /// that has bit `pos` (below 27): the digits of a cell.
    fn cell_digits(self, words: &[u32; 9], pos: usize) -> u32;

    /// For each word of `cand` (at [`word_of`]`(digit, band)`), its
    /// cells in `unsolved[band]` whose column (over the three bands) has
    /// no other cell of the digit: the column hidden singles. `None` if
    /// some digit has no cell left in some column.
    fn column_singles(self, cand: &[u32; 27], unsolved: &[u32; 3]) -> Option<[u32; 27]>;
}

/// The kernels in plain Rust, for any CPU.
#[derive(Clone, Copy)]
pub(super) struct Portable;

impl Kernels for Portable {
    #[inline(always)]
    fn changed_words(self, cand: &[u32; 27], seen: &[u32; 27]) -> u32 {
        cand.iter()
            .zip(seen)
            .enumerate()
            .fold(0, |changed, (word, (cand, seen))| {
                changed | u32::from(cand != seen) << word
            })
    }

    #[inline(always)]
    fn cell_digits(self, words: &[u32; 9], pos: usize) -> u32 {
        words.iter().enumerate().fold(0, |digits, (digit, word)| {
            digits | (word >> pos & 1) << digit
        })
    }

    #[inline(always)]
    fn column_singles(self, cand: &[u32; 27], unsolved: &[u32; 3]) -> Option<[u32; 27]> {
        let mut singles = [0; 27];
        for digit in 0..9 {
            let [a, b, c] = [0, 1, 2].map(|band| cand[word_of(digit, band)]);
            // Per column: at least one cell / at least two, over the nine
            // rows: first across the bands cell by cell, then across the
            // three rows of the result.
            let any = a | b | c;
            let two = (a & b) | (c & (a | b));
            let (r0, r1, r2) = (any & 0x1FF, (any >> 9) & 0x1FF, any >> 18);
            let once = r0 | r1 | r2;
            let twice = fold_rows(two) | (r0 & r1) | (r2 & (r0 | r1));
            if once != 0x1FF {
                return None;
            }
            let lone = spread(once & !twice);
            for band in 0..3 {
                singles[word_of(digit, band)] = cand[word_of(digit, band)] & lone & unsolved[band];
            }
        }
        Some(singles)
    }
}

/// The kernels with AVX2 intrinsics. The type cannot be built without
/// knowing that the CPU has AVX2.
///
/// Measured against letting the compiler vectorise the portable folds
/// (whose code it changes with the code around it), 5 alternating runs:
/// the changed-word compare and mask extraction ran 3–6% fewer
/// instructions per solve and 7–15% more puzzles per second on the
/// unbiased, hardest and serg sets; the cell's digits, 5–8% fewer
/// instructions and 4–5% more puzzles per second on the hard sets.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The AVX2 kernels, if this CPU has AVX2.
    #[cfg(test)]
    pub(super) fn detect() -> Option<Self> {
        std::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }

    /// The AVX2 kernels, without a check.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(super) unsafe fn new_unchecked() -> Self {
        Avx2(())
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2 {
    /// Eight words per compare: words 0–7, 8–15, 16–23, and 19–26 (which
    /// overlaps the third, so that no load reads past the 27 words).
    #[inline(always)]
    fn changed_words(self, cand: &[u32; 27], seen: &[u32; 27]) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_movemask_ps,
        };
        // (A function, not a closure: a closure the compiler chose not to
        // inline would be compiled without AVX2, and so would call each
        // intrinsic instead of inlining it.)
        #[inline(always)]
        fn equal(cand: &[u32; 27], seen: &[u32; 27], start: usize) -> u32 {
            assert!(start <= 19);
            // SAFETY: the caller holds an `Avx2`, so the CPU has AVX2 (see
            // `new_unchecked`); the unaligned loads read words `start` to
            // `start + 7` of 27-word arrays, and `start` is at most 19.
            unsafe {
                let cand = _mm256_loadu_si256(cand.as_ptr().add(start).cast::<__m256i>());
                let seen = _mm256_loadu_si256(seen.as_ptr().add(start).cast::<__m256i>());
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(cand, seen))) as u32
            }
        }
        let same = equal(cand, seen, 0)
            | equal(cand, seen, 8) << 8
            | equal(cand, seen, 16) << 16
            | equal(cand, seen, 19) << 19;
        !same & WORDS
    }

    /// Digits 0–7 at once: bit `pos` of each word shifted to its top
    /// bit, whose eight copies one mask extraction gathers; digit 8 alone.
    #[inline(always)]
    fn cell_digits(self, words: &[u32; 9], pos: usize) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_castsi256_ps, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_sll_epi32,
            _mm_cvtsi32_si128,
        };
        debug_assert!(pos < 27);
        // SAFETY: `self` exists, so the CPU has AVX2; the load reads words
        // 0–7 of the nine.
        let low = unsafe {
            let words = _mm256_loadu_si256(words.as_ptr().cast::<__m256i>());
            let top = _mm256_sll_epi32(words, _mm_cvtsi32_si128(31 - pos as i32));
            _mm256_movemask_ps(_mm256_castsi256_ps(top)) as u32
        };
        low | (words[8] >> pos & 1) << 8
    }

    /// The portable form's steps with eight digits per vector: digits 0–7,
    /// then 1–8 (digits 1–7 twice, alike).
    #[inline(always)]
    fn column_singles(self, cand: &[u32; 27], unsolved: &[u32; 3]) -> Option<[u32; 27]> {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps,
            _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_or_si256,
            _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
        };
        let mut singles = [0; 27];
        let mut complete = 0xFF;
        for first in [0, 1] {
            // SAFETY: `self` exists, so the CPU has AVX2; each load and
            // store covers eight words from `word_of(first, band)`, which
            // are digits `first` to `first + 7` of the band (words are
            // band-major): at most word 26 of the 27.
            unsafe {
                let load = |band: usize| {
                    _mm256_loadu_si256(cand.as_ptr().add(word_of(first, band)).cast::<__m256i>())
                };
                let (a, b, c) = (load(0), load(1), load(2));
                let low9 = _mm256_set1_epi32(0x1FF);
                let or = |x, y| _mm256_or_si256(x, y);
                let and = |x, y| _mm256_and_si256(x, y);
                let any = or(or(a, b), c);
                let two = or(and(a, b), and(c, or(a, b)));
                let r0 = and(any, low9);
                let r1 = and(_mm256_srli_epi32::<9>(any), low9);
                let r2 = _mm256_srli_epi32::<18>(any);
                let once = or(or(r0, r1), r2);
                let two_columns = and(
                    or(
                        or(two, _mm256_srli_epi32::<9>(two)),
                        _mm256_srli_epi32::<18>(two),
                    ),
                    low9,
                );
                let twice = or(or(two_columns, and(r0, r1)), and(r2, or(r0, r1)));
                let full = _mm256_cmpeq_epi32(once, low9);
                complete &= _mm256_movemask_ps(_mm256_castsi256_ps(full));
                let lone = _mm256_andnot_si256(twice, once);
                let lone = or(
                    or(lone, _mm256_slli_epi32::<9>(lone)),
                    _mm256_slli_epi32::<18>(lone),
                );
                for (band, word) in [(0, a), (1, b), (2, c)] {
                    let cells = and(and(word, lone), _mm256_set1_epi32(unsolved[band] as i32));
                    let out = singles.as_mut_ptr().add(word_of(first, band));
                    _mm256_storeu_si256(out.cast::<__m256i>(), cells);
                }
            }
        }
        (complete == 0xFF).then_some(singles)
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`Kernels::column_singles`] by counting each column's cells.
    fn column_singles_by_cell(cand: &[u32; 27], unsolved: &[u32; 3]) -> Option<[u32; 27]> {
        let mut singles = [0; 27];
        for digit in 0..9 {
            for column in 0..9 {
                let cells: Vec<(usize, u32)> = (0..3)
                    .flat_map(|band| (0..3).map(move |row| (band, 1 << (9 * row + column))))
                    .filter(|&(band, cell)| cand[9 * band + digit] & cell != 0)
                    .collect();
                match cells[..] {
                    [] => return None,
                    [(band, cell)] => singles[9 * band + digit] |= cell & unsolved[band],
                    _ => {}
                }
            }
        }
        Some(singles)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]
        #[test]
        fn avx2_finds_the_changed_words_the_portable_fold_finds(
            cand in proptest::array::uniform27(0u32..1 << 27),
            kept in 0u32..1 << 27,
            flips in proptest::array::uniform27(1u32..1 << 27),
        ) {
            let Some(avx2) = Avx2::detect() else { return Ok(()) };
            // `seen` equals `cand` in the words of `kept`, differs elsewhere.
            let seen: [u32; 27] = std::array::from_fn(|word| {
                if kept >> word & 1 != 0 { cand[word] } else { cand[word] ^ flips[word] }
            });
            let portable = Portable.changed_words(&cand, &seen);
            prop_assert_eq!(portable, !kept & WORDS);
            prop_assert_eq!(avx2.changed_words(&cand, &seen), portable);
        }

        #[test]
        fn avx2_reads_the_digits_of_a_cell_the_portable_fold_reads(
            words in proptest::array::uniform9(0u32..1 << 27),
            pos in 0usize..27,
        ) {
            let Some(avx2) = Avx2::detect() else { return Ok(()) };
            let portable = Portable.cell_digits(&words, pos);
            for (digit, word) in words.iter().enumerate() {
                prop_assert_eq!(portable >> digit & 1, word >> pos & 1);
            }
            prop_assert_eq!(avx2.cell_digits(&words, pos), portable);
        }

        #[test]
        fn avx2_finds_the_column_singles_the_portable_form_finds(
            words in proptest::array::uniform27(proptest::array::uniform3(0u32..1 << 27)),
            unsolved in proptest::array::uniform3(0u32..1 << 27),
            sparseness in 0usize..3,
        ) {
            let Some(avx2) = Avx2::detect() else { return Ok(()) };
            // One to three random words ANDed: columns of every size,
            // empty ones included.
            let cand = words.map(|w| w[..=sparseness].iter().fold(u32::MAX >> 5, |c, w| c & w));
            let portable = Portable.column_singles(&cand, &unsolved);
            prop_assert_eq!(portable, column_singles_by_cell(&cand, &unsolved));
            prop_assert_eq!(avx2.column_singles(&cand, &unsolved), portable);
        }
    }
}
