//! Between a grid's 81 values and band words, both ways: for each value
//! (0 for a blank, 1–9 for a digit) and each band, the band positions
//! holding it (bit `9 * row + col`, as in [`tables`](super::tables)).
//!
//! Reading: on x86-64 one byte compare and one mask extraction handle 16
//! cells at a time (SSE2, which every x86-64 CPU has); elsewhere, one cell
//! at a time. The two must agree on every grid. Writing: each band's
//! values as four bit planes, turned into bytes eight cells at a time.

/// All 27 cells of a band.
#[cfg(target_arch = "x86_64")]
const BAND: u32 = (1 << 27) - 1;

/// Per value (indexed by the value, slots 10–15 unused and empty) and
/// per band, the cells holding that value.
pub(super) type ValueCells = [[u32; 3]; 16];

/// The cells of each value in `values` (each value 0–9).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn value_cells(values: &[u8; 81]) -> ValueCells {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut cells = [[0; 3]; 16];
    for band in 0..3 {
        let start = values[27 * band..].as_ptr();
        // SAFETY: the two 16-byte loads cover band positions 0–15 and
        // 11–26, bytes `27 * band` to `27 * band + 26` of the 81: inside
        // the array for every band. SSE2 is part of x86-64.
        unsafe {
            let low = _mm_loadu_si128(start.cast());
            let high = _mm_loadu_si128(start.add(11).cast());
            for (value, value_cells) in cells.iter_mut().take(10).enumerate() {
                let key = _mm_set1_epi8(value as i8);
                let low_hits = _mm_movemask_epi8(_mm_cmpeq_epi8(low, key)) as u32;
                let high_hits = _mm_movemask_epi8(_mm_cmpeq_epi8(high, key)) as u32;
                value_cells[band] = (low_hits | high_hits << 11) & BAND;
            }
        }
    }
    cells
}

/// The cells of each value in `values` (each value 0–9), one cell at a
/// time.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(super) fn value_cells_by_cell(values: &[u8; 81]) -> ValueCells {
    let mut cells = [[0; 3]; 16];
    for (band, band_values) in values.chunks_exact(27).enumerate() {
        for (pos, &value) in band_values.iter().enumerate() {
            cells[usize::from(value & 15)][band] |= 1 << pos;
        }
    }
    cells
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) use value_cells_by_cell as value_cells;

/// For each byte, its eight bits as eight bytes of 0 or 1 (bit `i` in
/// byte `i`, little-endian).
const BYTE_BITS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte] |= ((byte as u64 >> bit) & 1) << (8 * bit);
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The 81 values of the grid where digit `d` (0-based) stands on the
/// cells `placed(d, band)` of each band, 0 on the cells of no digit. No
/// cell may be in two digits' cells.
#[inline(always)]
pub(super) fn values_of(placed: impl Fn(usize, usize) -> u32) -> [u8; 81] {
    // Each band writes 32 bytes from its first cell; the five past its
    // end are zeros that the next band overwrites.
    let mut bytes = [0u8; 86];
    for band in 0..3 {
        // Plane `k`: the cells whose value (digit + 1) has bit `k`.
        let mut planes = [0u32; 4];
        for digit in 0..9 {
            let cells = placed(digit, band);
            for (k, plane) in planes.iter_mut().enumerate() {
                if (digit + 1) >> k & 1 != 0 {
                    *plane |= cells;
                }
            }
        }
        for eighth in 0..4 {
            let eight_values = planes.iter().enumerate().fold(0, |values, (k, plane)| {
                values | BYTE_BITS[(plane >> (8 * eighth) & 0xFF) as usize] << k
            });
            let at = 27 * band + 8 * eighth;
            bytes[at..at + 8].copy_from_slice(&u64::to_le_bytes(eight_values));
        }
    }
    let mut values = [0u8; 81];
    values.copy_from_slice(&bytes[..81]);
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn both_readings_agree_and_writing_inverts_them(values in proptest::collection::vec(0u8..10, 81)) {
            let grid: [u8; 81] = values.try_into().expect("81 values");
            let cells = value_cells(&grid);
            prop_assert_eq!(cells, value_cells_by_cell(&grid));
            prop_assert_eq!(values_of(|digit, band| cells[digit + 1][band]), grid);
        }
    }

    #[test]
    fn every_cell_is_read_once() {
        let grid: [u8; 81] = std::array::from_fn(|cell| (cell % 10) as u8);
        let cells = value_cells(&grid);
        let total: u32 = cells.iter().flatten().map(|word| word.count_ones()).sum();
        assert_eq!(total, 81);
        assert_eq!(cells[0][0] & 1, 1);
        assert_eq!(cells[9][2] >> (79 - 54) & 1, 1); // cell 79 holds 9
    }
}
