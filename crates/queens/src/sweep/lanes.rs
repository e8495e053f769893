//! The per-level work of a sweep: each state's free columns, and each free
//! column turned into a state of the next level. The kernels use AVX-512,
//! which handles 16 states at a time and writes the children of all of
//! them with one compressed store per array, so that a state's number of
//! children costs no branch. Plain loops (for the tests only: on a CPU
//! without AVX-512 they run slower than the row engine) are the reference
//! the vector kernels are checked against.

use super::Level;
use crate::search::free_in_row;

/// Which implementation of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernels {
    /// Plain loops.
    #[cfg(test)]
    Portable,
    /// AVX-512 (checked at run time before it is chosen).
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernels {
    /// The kernels for this CPU, if it has every instruction set they are
    /// compiled for: AVX-512 with its population count (VPOPCNTDQ, which
    /// makes counting the children 12% faster at n = 17; an AVX-512 CPU
    /// without it gets the row engine).
    pub(crate) fn detect() -> Option<Self> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vpopcntdq")
            && std::is_x86_feature_detected!("popcnt")
        {
            return Some(Kernels::Avx512);
        }
        None
    }

    /// Stores the free columns of states `lo..hi` of `level`, whose row
    /// allows `allowed` and has `due` columns, and returns how many
    /// children they have together.
    pub(crate) fn free(
        self,
        level: &mut Level,
        lo: usize,
        hi: usize,
        allowed: u32,
        due: u32,
    ) -> usize {
        debug_assert!(hi <= level.len && level.free.len() >= level.len);
        match self {
            #[cfg(test)]
            Kernels::Portable => free_portable(level, lo, hi, allowed, due),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Avx512` is chosen only on a CPU with every feature
            // the kernels are compiled for (`detect`).
            Kernels::Avx512 => unsafe { free_avx512(level, lo, hi, allowed, due) },
        }
    }

    /// Writes the children of states `lo..hi` of `above` (their free
    /// columns stored by [`free`](Kernels::free)) to the start of `next`,
    /// with their parents' indices if `parents`, and returns how many.
    /// `next` must have room for them and [`SLACK`](super::SLACK) more.
    pub(crate) fn expand(
        self,
        above: &Level,
        lo: usize,
        hi: usize,
        next: &mut Level,
        parents: bool,
    ) -> usize {
        debug_assert!(hi <= above.len);
        match (self, parents) {
            #[cfg(test)]
            (Kernels::Portable, true) => expand_portable::<true>(above, lo, hi, next),
            #[cfg(test)]
            (Kernels::Portable, false) => expand_portable::<false>(above, lo, hi, next),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `free`; `next`'s room is checked inside.
            (Kernels::Avx512, true) => unsafe { expand_avx512::<true>(above, lo, hi, next) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Kernels::Avx512, false) => unsafe { expand_avx512::<false>(above, lo, hi, next) },
        }
    }
}

/// The free columns of states `lo..hi`, written so that the compiler can
/// run it on vectors (no branch on the due columns).
#[inline(always)]
fn free_portable(level: &mut Level, lo: usize, hi: usize, allowed: u32, due: u32) -> usize {
    let states = lo..hi;
    let (cols, right, left) = (
        &level.cols[states.clone()],
        &level.down_right[states.clone()],
        &level.down_left[states.clone()],
    );
    let free = &mut level.free[states];
    let mut children = 0;
    for (((slot, &cols), &right), &left) in free.iter_mut().zip(cols).zip(right).zip(left) {
        let columns = free_in_row(allowed, due, cols, right | left);
        *slot = columns;
        children += columns.count_ones() as usize;
    }
    children
}

#[cfg(test)]
fn expand_portable<const PARENTS: bool>(
    above: &Level,
    lo: usize,
    hi: usize,
    next: &mut Level,
) -> usize {
    let mut written = 0;
    for i in lo..hi {
        let mut free = above.free[i];
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            next.cols[written] = above.cols[i] | bit;
            next.down_right[written] = (above.down_right[i] | bit) << 1;
            next.down_left[written] = (above.down_left[i] | bit) >> 1;
            if PARENTS {
                next.parent[written] = i as u32;
            }
            written += 1;
        }
    }
    written
}

/// [`free_portable`] compiled for AVX-512.
///
/// # Safety
///
/// The CPU must have the features enabled here ([`Kernels::detect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vpopcntdq,popcnt")]
unsafe fn free_avx512(level: &mut Level, lo: usize, hi: usize, allowed: u32, due: u32) -> usize {
    free_portable(level, lo, hi, allowed, due)
}

/// [`expand_portable`] 16 states at a time: a pass takes the lowest free
/// column of every state that has one left, and compresses the children
/// it makes to the end of what the passes before wrote.
///
/// # Safety
///
/// The CPU must have AVX-512F ([`Kernels::detect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn expand_avx512<const PARENTS: bool>(
    above: &Level,
    lo: usize,
    hi: usize,
    next: &mut Level,
) -> usize {
    use std::arch::x86_64::*;
    let room = [&next.cols, &next.down_right, &next.down_left, &next.parent]
        .into_iter()
        .map(Vec::len)
        .min()
        .unwrap_or(0);
    let lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let mut written = 0usize;
    let mut i = lo;
    while i < hi {
        let mask: __mmask16 = if hi - i >= 16 {
            u16::MAX
        } else {
            (1u16 << (hi - i)) - 1
        };
        // SAFETY: lanes past `hi` are masked off, so only states
        // `i..hi` of arrays at least `hi` long are read.
        let (cols, right, left, mut free) = unsafe {
            (
                _mm512_maskz_loadu_epi32(mask, above.cols.as_ptr().add(i).cast()),
                _mm512_maskz_loadu_epi32(mask, above.down_right.as_ptr().add(i).cast()),
                _mm512_maskz_loadu_epi32(mask, above.down_left.as_ptr().add(i).cast()),
                _mm512_maskz_loadu_epi32(mask, above.free.as_ptr().add(i).cast()),
            )
        };
        let parent = _mm512_add_epi32(lanes, _mm512_set1_epi32(i as i32));
        loop {
            let live = _mm512_test_epi32_mask(free, free);
            if live == 0 {
                break;
            }
            let bit = _mm512_and_si512(free, _mm512_sub_epi32(_mm512_setzero_si512(), free));
            free = _mm512_xor_si512(free, bit);
            let children = [
                _mm512_or_si512(cols, bit),
                _mm512_slli_epi32(_mm512_or_si512(right, bit), 1),
                _mm512_srli_epi32(_mm512_or_si512(left, bit), 1),
            ];
            // Every store writes a whole vector: the children so far, and
            // their room, are within the arrays less the slack.
            assert!(written + 16 <= room, "a level's room was not reserved");
            let targets = [&mut next.cols, &mut next.down_right, &mut next.down_left];
            for (target, child) in targets.into_iter().zip(children) {
                // SAFETY: `written + 16 <= room` was just checked.
                unsafe {
                    _mm512_storeu_si512(
                        target.as_mut_ptr().add(written).cast(),
                        _mm512_maskz_compress_epi32(live, child),
                    );
                }
            }
            if PARENTS {
                // SAFETY: as above.
                unsafe {
                    _mm512_storeu_si512(
                        next.parent.as_mut_ptr().add(written).cast(),
                        _mm512_maskz_compress_epi32(live, parent),
                    );
                }
            }
            written += live.count_ones() as usize;
        }
        i += 16;
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn level_of(states: &[(u32, u32, u32)]) -> Level {
        let mut level = Level::default();
        for &(cols, down_right, down_left) in states {
            level.push(crate::search::Attacks {
                row: 0,
                cols,
                down_right,
                down_left,
            });
        }
        level
    }

    /// Both kernels on the same level: the same free columns and children.
    fn compare(
        states: &[(u32, u32, u32)],
        allowed: u32,
        due: u32,
        lo: usize,
    ) -> Result<(), TestCaseError> {
        #[cfg(target_arch = "x86_64")]
        {
            if Kernels::detect() != Some(Kernels::Avx512) {
                return Ok(());
            }
            let outputs: Vec<(usize, Vec<u32>, Vec<[u32; 4]>)> =
                [Kernels::Portable, Kernels::Avx512]
                    .into_iter()
                    .map(|kernels| {
                        let mut level = level_of(states);
                        let hi = level.len;
                        let children = kernels.free(&mut level, lo, hi, allowed, due);
                        let mut next = Level::default();
                        next.reserve(children);
                        let written = kernels.expand(&level, lo, hi, &mut next, true);
                        assert_eq!(written, children);
                        // The kernels write the children in different orders.
                        let mut states: Vec<[u32; 4]> = (0..written)
                            .map(|i| {
                                [
                                    next.parent[i],
                                    next.cols[i],
                                    next.down_right[i],
                                    next.down_left[i],
                                ]
                            })
                            .collect();
                        states.sort_unstable();
                        (children, level.free[lo..hi].to_vec(), states)
                    })
                    .collect();
            prop_assert_eq!(&outputs[0], &outputs[1]);
        }
        let _ = (states, allowed, due, lo);
        Ok(())
    }

    proptest! {
        #[test]
        fn both_kernels_give_the_same_levels(
            states in proptest::collection::vec((any::<u32>(), any::<u32>(), any::<u32>()), 0..70),
            allowed in any::<u32>(),
            due in prop_oneof![Just(0u32), any::<u32>(), (0u32..32).prop_map(|c| 1 << c)],
            lo in 0usize..8,
        ) {
            let lo = lo.min(states.len());
            compare(&states, allowed, due, lo)?;
        }
    }
}
