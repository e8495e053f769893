//! The per-level work of a sweep: each state's free columns, and each free
//! column turned into a state of the next level. The kernels use AVX-512,
//! which handles 16 states at a time and writes the children of all of
//! them with one compressed store per array, so that a state's number of
//! children costs no branch; or AVX2, 8 states at a time, compressing by
//! a permutation looked up from the mask. Plain loops (for the tests only: on a CPU
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
    /// AVX2, 8 states at a time (checked likewise).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernels {
    /// The fastest kernels this CPU has every instruction set for: AVX-512
    /// with its population count (VPOPCNTDQ, which makes counting the
    /// children 12% faster at n = 17), else AVX2 (about 1.4 times slower
    /// than AVX-512 here, still 3 times faster than the row engine);
    /// `None` without AVX2.
    pub(crate) fn detect() -> Option<Self> {
        Self::supported().into_iter().next()
    }

    /// Every vector implementation this CPU runs, fastest first.
    pub(crate) fn supported() -> Vec<Self> {
        #[cfg(target_arch = "x86_64")]
        {
            use std::is_x86_feature_detected as has;
            let avx512 = has!("avx512f")
                && has!("avx512vl")
                && has!("avx512bw")
                && has!("avx512vpopcntdq")
                && has!("popcnt");
            let avx2 = has!("avx2") && has!("popcnt");
            [(avx512, Kernels::Avx512), (avx2, Kernels::Avx2)]
                .into_iter()
                .filter_map(|(present, kernels)| present.then_some(kernels))
                .collect()
        }
        #[cfg(not(target_arch = "x86_64"))]
        Vec::new()
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
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Kernels::Avx2 => unsafe { free_avx2(level, lo, hi, allowed, due) },
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
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Kernels::Avx2, true) => unsafe { expand_avx2::<true>(above, lo, hi, next) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Kernels::Avx2, false) => unsafe { expand_avx2::<false>(above, lo, hi, next) },
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

/// [`free_portable`] compiled for AVX2.
///
/// # Safety
///
/// The CPU must have AVX2 and popcnt ([`Kernels::detect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn free_avx2(level: &mut Level, lo: usize, hi: usize, allowed: u32, due: u32) -> usize {
    free_portable(level, lo, hi, allowed, due)
}

/// For each mask of 8 lanes, the lanes it keeps in order (then zeros):
/// AVX2 has no compress, so a permutation by this table stands in.
#[cfg(target_arch = "x86_64")]
static KEPT_LANES: [[i32; 8]; 256] = {
    let mut table = [[0i32; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut lane, mut kept) = (0i32, 0usize);
        while lane < 8 {
            if mask >> lane & 1 == 1 {
                table[mask][kept] = lane;
                kept += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
};

/// [`expand_avx512`] 8 states at a time, the compress done by a
/// permutation from [`KEPT_LANES`].
///
/// # Safety
///
/// The CPU must have AVX2 ([`Kernels::detect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn expand_avx2<const PARENTS: bool>(
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
    let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let zero = _mm256_setzero_si256();
    let mut written = 0usize;
    let mut i = lo;
    while i < hi {
        let present = _mm256_cmpgt_epi32(_mm256_set1_epi32((hi - i).min(8) as i32), lanes);
        // SAFETY: lanes past `hi` are masked off (a masked load does not
        // touch them), so only states `i..hi` of arrays at least `hi`
        // long are read.
        let (cols, right, left, mut free) = unsafe {
            (
                _mm256_maskload_epi32(above.cols.as_ptr().add(i).cast(), present),
                _mm256_maskload_epi32(above.down_right.as_ptr().add(i).cast(), present),
                _mm256_maskload_epi32(above.down_left.as_ptr().add(i).cast(), present),
                _mm256_maskload_epi32(above.free.as_ptr().add(i).cast(), present),
            )
        };
        let parent = _mm256_add_epi32(lanes, _mm256_set1_epi32(i as i32));
        loop {
            let empty = _mm256_castsi256_ps(_mm256_cmpeq_epi32(free, zero));
            let live = !_mm256_movemask_ps(empty) as u32 & 0xFF;
            if live == 0 {
                break;
            }
            let bit = _mm256_and_si256(free, _mm256_sub_epi32(zero, free));
            free = _mm256_xor_si256(free, bit);
            // SAFETY: `live < 256`.
            let order =
                unsafe { _mm256_loadu_si256(KEPT_LANES.as_ptr().add(live as usize).cast()) };
            let children = [
                _mm256_or_si256(cols, bit),
                _mm256_slli_epi32(_mm256_or_si256(right, bit), 1),
                _mm256_srli_epi32(_mm256_or_si256(left, bit), 1),
            ];
            assert!(written + 8 <= room, "a level's room was not reserved");
            let targets = [&mut next.cols, &mut next.down_right, &mut next.down_left];
            for (target, child) in targets.into_iter().zip(children) {
                // SAFETY: `written + 8 <= room` was just checked.
                unsafe {
                    _mm256_storeu_si256(
                        target.as_mut_ptr().add(written).cast(),
                        _mm256_permutevar8x32_epi32(child, order),
                    );
                }
            }
            if PARENTS {
                // SAFETY: as above.
                unsafe {
                    _mm256_storeu_si256(
                        next.parent.as_mut_ptr().add(written).cast(),
                        _mm256_permutevar8x32_epi32(parent, order),
                    );
                }
            }
            written += live.count_ones() as usize;
        }
        i += 8;
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

    /// Every kernel on the same level: the same free columns and children.
    fn compare(
        states: &[(u32, u32, u32)],
        allowed: u32,
        due: u32,
        lo: usize,
    ) -> Result<(), TestCaseError> {
        let run = |kernels: Kernels| {
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
        };
        let reference = run(Kernels::Portable);
        for kernels in Kernels::supported() {
            prop_assert_eq!(&run(kernels), &reference, "{:?}", kernels);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn every_kernel_gives_the_same_levels(
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
