//! The search's steps that have an explicit vector form, behind one trait
//! so that each build of the search picks its own: [`Portable`] (plain
//! Rust, any CPU) or, on x86-64, [`Avx2`] (`std::arch` intrinsics).
//!
//! Invariants: both forms return the same value for every input (a
//! proptest checks it wherever the CPU has AVX2), and an [`Avx2`] value
//! exists only on a CPU that has AVX2, so holding one is the proof that
//! its intrinsics may run.

/// All 27 words of a board, one bit each.
const WORDS: u32 = (1 << 27) - 1;

/// One implementation of the vector-shaped steps.
pub(super) trait Kernels: Copy {
    /// Bit `w` set for each word `w` where `cand[w] != seen[w]`.
    fn changed_words(self, cand: &[u32; 27], seen: &[u32; 27]) -> u32;

    /// Bit `digit` set for each of a band's nine words (`words[digit]`)
    /// that has bit `pos` (below 27): the digits of a cell.
    fn cell_digits(self, words: &[u32; 9], pos: usize) -> u32;
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
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
    }
}
